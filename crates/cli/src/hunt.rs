//! Submarine Hunt, headless.

use std::process::ExitCode;
use std::time::Instant;

use periscope_engine::dice::{DiceMode, SeededRng};
use periscope_engine::hunt::policy::{Policy, play_out};
use periscope_engine::hunt::{Hunt, HuntAction, HuntEvent, HuntOptions};
use periscope_engine::{Game, Pending, Session};
use serde::Serialize;

use crate::args::{Args, parse_faces};

/// Reads actions: a JSON array of action objects, or one short action per line (`#` starts a comment).
fn parse_actions(text: &str) -> Result<Vec<HuntAction>, String> {
    if text.trim_start().starts_with('[') {
        return serde_json::from_str(text).map_err(|e| format!("actions file: {e}"));
    }
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.parse::<HuntAction>())
        .collect()
}

#[derive(Serialize)]
struct Output<'a> {
    game: &'static str,
    seed: u64,
    actions_played: usize,
    state: periscope_engine::hunt::HuntView,
    events: &'a [HuntEvent],
    pending: Pending<HuntAction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ActionError>,
}

#[derive(Serialize)]
struct ActionError {
    /// 1-based index in the actions file.
    index: usize,
    action: String,
    message: String,
}

fn print_session(session: &Session<Hunt>, error: Option<ActionError>, json: bool) -> ExitCode {
    let failed = error.is_some();
    if json {
        let out = Output {
            game: Hunt::ID,
            seed: session.seed(),
            actions_played: session.actions().len(),
            state: session.game().view(),
            events: session.events(),
            pending: session.pending(),
            error,
        };
        match serde_json::to_string_pretty(&out) {
            Ok(s) => println!("{s}"),
            Err(e) => eprintln!("periscope-cli: {e}"),
        }
    } else {
        println!(
            "Submarine Hunt · seed {} · {} actions",
            session.seed(),
            session.actions().len()
        );
        println!();
        for e in session.events() {
            println!("  {e}");
        }
        println!();
        println!("{}", session.game().view());
        println!();
        match session.pending() {
            Pending::Decision {
                prompt,
                rule,
                choices,
            } => {
                println!("{prompt} [{rule}]:");
                for c in choices {
                    println!("  {:<10} {} [{}]", c.action.to_string(), c.label, c.rule);
                }
            }
            Pending::Roll {
                dice, reason, rule, ..
            } => println!("{reason}: enter {dice} as 'roll F …' [{rule}]"),
            Pending::Over { summary, .. } => println!("Game over. {summary}"),
        }
        if let Some(e) = &error {
            eprintln!("action {} ('{}') refused: {}", e.index, e.action, e.message);
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

pub fn play(args: &Args) -> Result<ExitCode, String> {
    let seed: u64 = args.number("seed", 1)?;
    let dice = match (args.read("dice")?, args.flag("physical")) {
        (Some(text), _) => DiceMode::Scripted {
            faces: parse_faces(&text)?,
        },
        (None, true) => DiceMode::Physical,
        (None, false) => DiceMode::Seeded,
    };
    let options: HuntOptions = match args.read("options")? {
        Some(text) => serde_json::from_str(&text).map_err(|e| format!("options file: {e}"))?,
        None => HuntOptions::default(),
    };
    let actions = match args.read("actions")? {
        Some(text) => parse_actions(&text)?,
        None => Vec::new(),
    };
    let mut session = Session::<Hunt>::new(options, seed, dice).map_err(|e| e.to_string())?;
    let mut error = None;
    for (i, action) in actions.into_iter().enumerate() {
        if session.pending().is_over() {
            break;
        }
        if let Err(e) = session.apply(action.clone()) {
            error = Some(ActionError {
                index: i + 1,
                action: action.to_string(),
                message: e.to_string(),
            });
            break;
        }
    }
    // With a policy, the built-in captain plays on from where the actions left off.
    if error.is_none()
        && let Some(name) = args.get("policy")
    {
        let policy = Policy::parse(name)
            .ok_or_else(|| format!("unknown policy '{name}' (known: {})", Policy::NAMES.join(", ")))?;
        if matches!(session.dice_mode(), DiceMode::Physical) {
            return Err("a policy cannot roll physical dice: use --seed or --dice".into());
        }
        let mut rng = SeededRng::new(seed ^ 0x00C0_FFEE);
        while let Some(action) = policy.choose(session.game(), &mut rng) {
            if let Err(e) = session.apply(action.clone()) {
                let index = session.actions().len() + 1;
                error = Some(ActionError {
                    index,
                    action: action.to_string(),
                    message: e.to_string(),
                });
                break;
            }
        }
    }
    if let Some(path) = args.get("save") {
        periscope_data::files::write_atomically(std::path::Path::new(path), session.to_json().as_bytes())
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    Ok(print_session(&session, error, args.flag("json")))
}

pub fn replay(path: &str, args: &Args) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let header = periscope_engine::save::peek(&text).map_err(|e| format!("{path}: {e}"))?;
    if header.game != Hunt::ID {
        return Err(format!(
            "{path}: a save of '{}', which this build cannot replay yet",
            header.game
        ));
    }
    let session = Session::<Hunt>::from_save(header).map_err(|e| format!("{path}: {e}"))?;
    Ok(print_session(&session, None, args.flag("json")))
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
    let policy = Policy::parse(name)
        .ok_or_else(|| format!("unknown policy '{name}' (known: {})", Policy::NAMES.join(", ")))?;
    let options: HuntOptions = match args.read("options")? {
        Some(text) => serde_json::from_str(&text).map_err(|e| format!("options file: {e}"))?,
        None => HuntOptions::default(),
    };
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
