//! Submarine Hunt, headless.

use std::process::ExitCode;
use std::time::Instant;

use periscope_engine::dice::SeededRng;
use periscope_engine::hunt::policy::{Policy, play_out};
use periscope_engine::hunt::{Hunt, HuntView};
use periscope_engine::{Game, Session};
use serde::Serialize;

use crate::args::Args;
use crate::session::{self, Headless};

impl Headless for Hunt {
    type View = HuntView;

    fn view(&self) -> HuntView {
        Hunt::view(self)
    }

    fn describe(&self) -> String {
        Hunt::view(self).to_string()
    }

    fn headline(session: &Session<Self>) -> String {
        format!(
            "Submarine Hunt · seed {} · {} actions",
            session.seed(),
            session.actions().len()
        )
    }
}

#[derive(Serialize)]
struct SimReport {
    game: &'static str,
    policy: String,
    games: u64,
    seed: u64,
    wins: u64,
    win_rate: f64,
    average_turns: f64,
    average_actions: f64,
    average_sink_points: f64,
    seconds: f64,
    games_per_second: f64,
    /// Seconds to draw as many d6 faces as the games rolled, alone: how much of the time is dice.
    dice_only_seconds: f64,
}

pub fn sim(args: &Args) -> Result<ExitCode, String> {
    let games: u64 = args.number("games", 1000)?;
    let seed: u64 = args.number("seed", 1)?;
    let name = args.get("policy").unwrap_or("careful");
    let policy = Policy::named(name)?;
    let options = session::options::<Hunt>(args)?;
    let start = Instant::now();
    let (mut wins, mut turns, mut actions, mut points) = (0u64, 0u64, 0u64, 0u64);
    for g in 0..games {
        let r = play_out(seed.wrapping_add(g), policy, &options, 100_000);
        wins += u64::from(r.won);
        turns += u64::from(r.turns);
        actions += u64::from(r.actions);
        points += u64::from(r.sink_points);
    }
    let seconds = start.elapsed().as_secs_f64();
    // About two dice per action (sonar or return dice, then the detection die).
    let dice_start = Instant::now();
    let mut rng = SeededRng::new(seed);
    let mut sink = 0u64;
    for _ in 0..actions * 2 {
        sink = sink.wrapping_add(u64::from(rng.face(6)));
    }
    std::hint::black_box(sink);
    let dice_only_seconds = dice_start.elapsed().as_secs_f64();
    let n = games.max(1) as f64;
    let report = SimReport {
        game: Hunt::ID,
        policy: name.to_string(),
        games,
        seed,
        wins,
        win_rate: wins as f64 / n,
        average_turns: turns as f64 / n,
        average_actions: actions as f64 / n,
        average_sink_points: points as f64 / n,
        seconds,
        games_per_second: if seconds > 0.0 {
            games as f64 / seconds
        } else {
            0.0
        },
        dice_only_seconds,
    };
    if args.flag("json") {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
    } else {
        println!(
            "Submarine Hunt · {} games · policy {} · seed {}",
            report.games, report.policy, report.seed
        );
        println!(
            "  won            {:>8} ({:.1}%)",
            report.wins,
            report.win_rate * 100.0
        );
        println!("  average turns  {:>8.1}", report.average_turns);
        println!("  average Sink Points {:>5.1}", report.average_sink_points);
        println!(
            "  {:.0} games/s ({:.3} s); drawing the same dice alone takes {:.4} s ({:.0}× faster)",
            report.games_per_second,
            report.seconds,
            report.dice_only_seconds,
            if report.dice_only_seconds > 0.0 {
                report.seconds / report.dice_only_seconds
            } else {
                0.0
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}
