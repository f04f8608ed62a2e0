//! Submarine Hunt, headless.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use periscope_engine::dice::SeededRng;
use periscope_engine::hunt::policy::{SimResult, play_out};
use periscope_engine::hunt::{Hunt, HuntView};
use periscope_engine::{Game, Session};
use serde::Serialize;

use crate::play::{self, Headless};
use crate::sim::{self, Bench, SimCommon, Simulation, rate};
use crate::{Failure, Outcome};

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
    #[serde(skip_serializing_if = "Option::is_none")]
    bench: Option<Bench>,
}

/// `sim hunt`: whole games of Submarine Hunt.
#[derive(Debug, Clone, Args)]
pub struct HuntSim {
    /// How many games
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: u64,
    #[command(flatten)]
    common: SimCommon,
}

impl Simulation for HuntSim {
    type Game = Hunt;

    fn run(self, out: &mut dyn Write) -> Outcome {
        sim(&self, out)
    }
}

/// What the report needs of the games: sums, kept per thread and added up after.
#[derive(Debug, Default, Clone, Copy)]
struct Totals {
    wins: u64,
    turns: u64,
    actions: u64,
    points: u64,
    words: u64,
}

impl Totals {
    fn add(&mut self, r: &SimResult) {
        self.wins += u64::from(r.won);
        self.turns += u64::from(r.turns);
        self.actions += u64::from(r.actions);
        self.points += u64::from(r.sink_points);
        self.words += r.dice_words;
    }

    fn merge(&mut self, other: &Totals) {
        self.wins += other.wins;
        self.turns += other.turns;
        self.actions += other.actions;
        self.points += other.points;
        self.words += other.words;
    }
}

fn sim(args: &HuntSim, out: &mut dyn Write) -> Outcome {
    let games = args.games;
    let seed = args.common.seed;
    let name = args.common.policy.name.as_str();
    let policy = args.common.policy.policy;
    let options = play::options::<Hunt>(args.common.options.as_deref())?;
    let threads = sim::threads(args.common.threads);
    // The shipped rules are read once per process, before the clock starts: it times the games.
    Hunt::new(options.clone(), seed, periscope_engine::DiceMode::Seeded)
        .map_err(|e| Failure(e.to_string()))?;
    let start = Instant::now();
    let totals = sim::totals_across_cores(games, threads, |t: &mut Totals, g| {
        t.add(&play_out(seed.wrapping_add(g), policy, &options, 100_000));
        Ok(())
    })?;
    let Totals {
        wins,
        turns,
        actions,
        points,
        words,
    } = totals.iter().fold(Totals::default(), |mut all, t| {
        all.merge(t);
        all
    });
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
    let bench = args
        .common
        .bench
        .then(|| Bench::measure(threads, games, seconds, words));
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
        games_per_second: rate(games, seconds),
        dice_only_seconds,
        bench,
    };
    if args.common.json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| Failure(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        writeln!(
            out,
            "Submarine Hunt · {} games · policy {} · seed {}",
            report.games, report.policy, report.seed
        )?;
        writeln!(
            out,
            "  won            {:>8} ({:.1}%)",
            report.wins,
            report.win_rate * 100.0
        )?;
        writeln!(out, "  average turns  {:>8.1}", report.average_turns)?;
        writeln!(out, "  average Sink Points {:>5.1}", report.average_sink_points)?;
        writeln!(
            out,
            "  {:.0} games/s ({:.3} s); drawing the same dice alone takes {:.4} s ({:.0}× faster)",
            report.games_per_second,
            report.seconds,
            report.dice_only_seconds,
            if report.dice_only_seconds > 0.0 {
                report.seconds / report.dice_only_seconds
            } else {
                0.0
            }
        )?;
        if let Some(b) = &report.bench {
            writeln!(out, "  {}", b.line("games"))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
