//! What every game shares on the command line: reading actions and dice, playing them, finishing with a
//! built-in policy, saving, replaying, and the report as text or JSON.

use periscope_engine::{Decision, RollSpec};
use std::process::ExitCode;

use periscope_engine::dice::{DiceMode, SeededRng};
use periscope_engine::policy::{Captain, Policy};
use periscope_engine::save::SaveFile;
use periscope_engine::{Pending, Session};
use serde::Serialize;

use crate::args::{Args, parse_faces};

/// A game the CLI can play: the engine's game plus its text forms and the view it reports.
pub trait Headless: Captain {
    type View: Serialize;
    /// What the player can see of the game.
    fn view(&self) -> Self::View;
    /// The state in a few readable lines.
    fn describe(&self) -> String;
    /// The report's first line.
    fn headline(session: &Session<Self>) -> String;
    /// Events the game produced while being set up, before any action.
    fn opening_events(&self) -> Vec<Self::Event> {
        Vec::new()
    }
}

/// Reads actions: a JSON array of action objects, or one short action per line (`#` starts a comment).
pub fn parse_actions<G: Headless>(text: &str) -> Result<Vec<G::Action>, String> {
    if text.trim_start().starts_with('[') {
        return serde_json::from_str(text).map_err(|e| format!("actions file: {e}"));
    }
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::parse::<G::Action>)
        .collect()
}

/// The dice the command line asks for: a script of faces, physical dice, or seeded.
pub fn dice_mode(args: &Args) -> Result<DiceMode, String> {
    Ok(match (args.read("dice")?, args.flag("physical")) {
        (Some(text), _) => DiceMode::Scripted {
            faces: parse_faces(&text)?,
        },
        (None, true) => DiceMode::Physical,
        (None, false) => DiceMode::Seeded,
    })
}

/// The game's options from `--options FILE`, or its defaults.
pub fn options<G: Headless>(args: &Args) -> Result<G::Options, String> {
    match args.read("options")? {
        Some(text) => serde_json::from_str(&text).map_err(|e| format!("options file: {e}")),
        None => Ok(G::Options::default()),
    }
}

#[derive(Serialize)]
struct Output<'a, V, E, A> {
    game: &'static str,
    seed: u64,
    actions_played: usize,
    state: V,
    events: &'a [E],
    pending: Pending<A>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ActionError>,
}

/// An action that was refused: its 1-based index among the actions played, and why.
#[derive(Serialize)]
pub struct ActionError {
    index: usize,
    action: String,
    message: String,
}

/// `play GAME`: the actions in order, then the policy if one is named, then the save and the report.
pub fn play<G: Headless>(args: &Args) -> Result<ExitCode, String> {
    let seed: u64 = args.number("seed", 1)?;
    let actions = match args.read("actions")? {
        Some(text) => parse_actions::<G>(&text)?,
        None => Vec::new(),
    };
    let mut session =
        Session::<G>::new(options::<G>(args)?, seed, dice_mode(args)?).map_err(|e| e.to_string())?;
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
        let policy = Policy::named(name)?;
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
        let text = session.to_json().map_err(|e| e.to_string())?;
        periscope_data::files::write_atomically(std::path::Path::new(path), text.as_bytes())
            .map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    Ok(report(&session, error, args.flag("json")))
}

/// `replay SAVE` for a save of this game.
pub fn replay<G: Headless>(path: &str, save: SaveFile, args: &Args) -> Result<ExitCode, String> {
    let session = Session::<G>::from_save(save).map_err(|e| format!("{path}: {e}"))?;
    Ok(report(&session, None, args.flag("json")))
}

/// Prints the state, every event (with its roll records) and what the game waits for.
pub fn report<G: Headless>(session: &Session<G>, error: Option<ActionError>, json: bool) -> ExitCode {
    let failed = error.is_some();
    let events: Vec<G::Event> = session
        .game()
        .opening_events()
        .into_iter()
        .chain(session.events().iter().cloned())
        .collect();
    if json {
        let out = Output {
            game: G::ID,
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
        println!("{}", G::headline(session));
        println!();
        for e in &events {
            println!("  {e}");
        }
        println!();
        println!("{}", session.game().describe());
        println!();
        match session.pending() {
            Pending::Decision(Decision {
                prompt,
                rule,
                choices,
            }) => {
                println!("{prompt} [{rule}]:");
                let texts: Vec<String> = choices.iter().map(|c| c.action.to_string()).collect();
                let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
                for (c, text) in choices.iter().zip(&texts) {
                    println!("  {text:<width$}  {} [{}]", c.label, c.rule);
                }
            }
            Pending::Roll(RollSpec {
                dice, reason, rule, ..
            }) => println!("{reason}: enter {dice} as 'roll F …' [{rule}]"),
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
