//! Sensuikan, headless: one patrol from port to port (`play sensuikan`, `replay`, `sim sensuikan`).

use std::process::ExitCode;
use std::str::FromStr;
use std::time::Instant;

use periscope_engine::dice::{DiceMode, SeededRng};
use periscope_engine::sensuikan::policy::Policy;
use periscope_engine::sensuikan::{
    PatrolEnd, Sensuikan, SensuikanAction, SensuikanEvent, SensuikanOptions, SensuikanView,
};
use periscope_engine::{Game, Pending, Session};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::args::{Args, parse_faces};

/// Reads actions: a JSON array of action objects, or one short action per line (`#` starts a comment).
pub fn parse_actions<A: FromStr<Err = String> + DeserializeOwned>(text: &str) -> Result<Vec<A>, String> {
    if text.trim_start().starts_with('[') {
        return serde_json::from_str(text).map_err(|e| format!("actions file: {e}"));
    }
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.parse::<A>())
        .collect()
}

#[derive(Serialize)]
struct Output<'a> {
    game: &'static str,
    seed: u64,
    actions_played: usize,
    state: SensuikanView,
    /// The events of the game's creation (loading, first boxes) come first.
    events: &'a [SensuikanEvent],
    pending: Pending<SensuikanAction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ActionError>,
}

#[derive(Serialize)]
struct ActionError {
    index: usize,
    action: String,
    message: String,
}

fn print_session(session: &Session<Sensuikan>, error: Option<ActionError>, json: bool) -> ExitCode {
    let failed = error.is_some();
    let events: Vec<SensuikanEvent> = session
        .game()
        .opening_events()
        .iter()
        .chain(session.events())
        .cloned()
        .collect();
    if json {
        let out = Output {
            game: Sensuikan::ID,
            seed: session.seed(),
            actions_played: session.actions().len(),
            state: session.game().view(),
            events: &events,
            pending: session.pending(),
            error,
        };
        match serde_json::to_string_pretty(&out) {
            Ok(s) => println!("{s}"),
            Err(e) => eprintln!("periscope-cli: {e}"),
        }
    } else {
        let v = session.game().view();
        println!(
            "Sensuikan · {} · {} · {} · seed {} · {} actions",
            v.class,
            v.month,
            v.area,
            session.seed(),
            session.actions().len()
        );
        println!();
        for e in &events {
            println!("  {e}");
        }
        println!();
        println!(
            "Box {} of {} · hull {}/{} · flooding {}/{} · torpedoes {} loaded, {} + {} reloads · ammunition {}",
            v.box_number,
            v.boxes.len(),
            v.hull,
            v.hull_boxes,
            v.flooding,
            v.flooding_boxes,
            v.bow_tubes
                .iter()
                .chain(&v.stern_tubes)
                .filter(|t| *t != "empty")
                .count(),
            v.bow_reloads,
            v.stern_reloads,
            v.ammunition
        );
        println!();
        match session.pending() {
            Pending::Decision {
                prompt,
                rule,
                choices,
            } => {
                println!("{prompt} [{rule}]:");
                for c in choices {
                    println!("  {:<28} {} [{}]", c.action.to_string(), c.label, c.rule);
                }
            }
            Pending::Roll {
                dice, reason, rule, ..
            } => println!("{reason}: enter {dice} as 'roll F …' [{rule}]"),
            Pending::Over { summary, .. } => println!("Patrol over. {summary}"),
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

fn options(args: &Args) -> Result<SensuikanOptions, String> {
    match args.read("options")? {
        Some(text) => serde_json::from_str(&text).map_err(|e| format!("options file: {e}")),
        None => Ok(SensuikanOptions::default()),
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
    let actions: Vec<SensuikanAction> = match args.read("actions")? {
        Some(text) => parse_actions(&text)?,
        None => Vec::new(),
    };
    let mut session = Session::<Sensuikan>::new(options(args)?, seed, dice).map_err(|e| e.to_string())?;
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
                error = Some(ActionError {
                    index: session.actions().len() + 1,
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

/// Replays a save if it is a Sensuikan save; `Ok(None)` leaves it to the other games.
pub fn replay(path: &str, args: &Args) -> Result<Option<ExitCode>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let header = periscope_engine::save::peek(&text).map_err(|e| format!("{path}: {e}"))?;
    if header.game != Sensuikan::ID {
        return Ok(None);
    }
    let session = Session::<Sensuikan>::from_save(header).map_err(|e| format!("{path}: {e}"))?;
    Ok(Some(print_session(&session, None, args.flag("json"))))
}

#[derive(Serialize)]
struct SimReport {
    game: &'static str,
    policy: String,
    patrols: u64,
    seed: u64,
    home: u64,
    sunk: u64,
    scuttled_or_captured: u64,
    aborted: u64,
    average_tonnage: f64,
    ships_sunk: u64,
    seconds: f64,
    patrols_per_second: f64,
}

pub fn sim(args: &Args) -> Result<ExitCode, String> {
    let patrols: u64 = args.number("patrols", 1000)?;
    let seed: u64 = args.number("seed", 1)?;
    let name = args.get("policy").unwrap_or("careful");
    let policy = Policy::parse(name)
        .ok_or_else(|| format!("unknown policy '{name}' (known: {})", Policy::NAMES.join(", ")))?;
    let opts = options(args)?;
    let start = Instant::now();
    let (mut home, mut sunk, mut scuttled, mut aborted, mut tonnage, mut ships) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for p in 0..patrols {
        let s = seed.wrapping_add(p);
        let mut g = Sensuikan::new(opts.clone(), s, DiceMode::Seeded).map_err(|e| e.to_string())?;
        let mut rng = SeededRng::new(s ^ 0x00C0_FFEE);
        while let Some(a) = policy.choose(&g, &mut rng) {
            g.apply(a).map_err(|e| format!("patrol {s}: {e}"))?;
        }
        let Some(r) = g.result() else {
            return Err(format!("patrol {s} did not finish"));
        };
        match r.end {
            PatrolEnd::InPort | PatrolEnd::Towed => home += 1,
            PatrolEnd::Sunk { .. } => sunk += 1,
            PatrolEnd::Scuttled { .. } | PatrolEnd::Captured => scuttled += 1,
        }
        aborted += u64::from(r.aborted);
        tonnage += u64::from(r.tonnage_sunk);
        ships += r.ships.iter().filter(|x| x.sunk).count() as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
    let n = patrols.max(1) as f64;
    let report = SimReport {
        game: Sensuikan::ID,
        policy: name.to_string(),
        patrols,
        seed,
        home,
        sunk,
        scuttled_or_captured: scuttled,
        aborted,
        average_tonnage: tonnage as f64 / n,
        ships_sunk: ships,
        seconds,
        patrols_per_second: if seconds > 0.0 {
            patrols as f64 / seconds
        } else {
            0.0
        },
    };
    if args.flag("json") {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
    } else {
        println!(
            "Sensuikan · {} patrols · policy {} · seed {}",
            report.patrols, report.policy, report.seed
        );
        println!(
            "  home {} · sunk {} · scuttled or captured {} · aborted {}",
            home, sunk, scuttled, aborted
        );
        println!(
            "  average tonnage {:.0} t · ships sunk {}",
            report.average_tonnage, ships
        );
        println!("  {:.0} patrols/s ({:.3} s)", report.patrols_per_second, seconds);
    }
    Ok(ExitCode::SUCCESS)
}
