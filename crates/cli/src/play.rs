//! What every game shares on the command line: reading actions and dice, playing them, finishing with a
//! built-in policy, saving, replaying, and the report as text or JSON.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use periscope_engine::dice::{DiceMode, SeededRng};
use periscope_engine::policy::Captain;
use periscope_engine::save::SaveFile;
use periscope_engine::{Decision, Pending, RollSpec, Session};
use serde::Serialize;

use crate::sim::PolicyName;
use crate::{Failure, Io, Outcome};

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
    /// The options of a historical scenario, for a game that has them (`--scenario NAME`).
    fn with_scenario(_options: &mut Self::Options, name: &str) -> Result<(), Failure> {
        Err(Failure(format!("this game has no scenario '{name}'")))
    }
}

/// The flags of `play GAME`, the same for every game.
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    /// Seeds the dice and the card shuffles: the same seed and actions give the same game
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Scripted dice: faces separated by spaces, commas or new lines (`#` starts a comment)
    #[arg(long, value_name = "FILE", conflicts_with = "physical")]
    pub dice: Option<PathBuf>,
    /// Physical dice: the game asks for every roll (`roll F …` actions)
    #[arg(long)]
    pub physical: bool,
    /// The actions to play: a JSON array, or one short action per line
    #[arg(long, value_name = "FILE")]
    pub actions: Option<PathBuf>,
    /// The game's options as JSON
    #[arg(long, value_name = "FILE")]
    pub options: Option<PathBuf>,
    /// A built-in captain plays on after the actions: careful (or default) or random
    #[arg(long, value_name = "NAME", value_parser = PolicyName::parse)]
    pub policy: Option<PolicyName>,
    /// Writes the save at the end (a temporary file, then renamed)
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Writes the save after every action, as the app's autosave does; a file already there is continued
    /// (the actions it holds must begin the actions given, and are not played again)
    #[arg(long, value_name = "FILE")]
    pub autosave: Option<PathBuf>,
    /// Machine-readable output
    #[arg(long)]
    pub json: bool,
    /// A historical scenario (`--scenario`, for the games that have them: see the registry).
    #[arg(skip)]
    pub scenario: Option<String>,
}

/// A file's text, or why it cannot be read: only a regular file (a FIFO or a device is refused without
/// being opened), of at most [`periscope_data::bounded::INPUT`]'s size.
pub fn read(path: &Path) -> Result<String, Failure> {
    use periscope_data::bounded;
    bounded::read_text(path, bounded::INPUT).map_err(|e| Failure(e.to_string()))
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

/// Dice faces from a file: numbers separated by spaces, commas or new lines, or a JSON array; `#` starts a
/// comment to the end of the line.
pub fn parse_faces(text: &str) -> Result<Vec<u8>, String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']'))
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<u8>()
                .map_err(|_| format!("'{w}' in the dice file is not a die face"))
        })
        .collect()
}

/// The dice the command line asks for: a script of faces, physical dice, or seeded.
fn dice_mode(args: &PlayArgs) -> Result<DiceMode, Failure> {
    Ok(match (&args.dice, args.physical) {
        (Some(path), _) => DiceMode::Scripted {
            faces: parse_faces(&read(path)?)?,
        },
        (None, true) => DiceMode::Physical,
        (None, false) => DiceMode::Seeded,
    })
}

/// The game's options from `--options FILE`, or its defaults.
pub fn options<G: periscope_engine::Game>(path: Option<&Path>) -> Result<G::Options, Failure> {
    match path {
        Some(path) => serde_json::from_str(&read(path)?).map_err(|e| Failure(format!("options file: {e}"))),
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
struct ActionError {
    index: usize,
    action: String,
    message: String,
}

/// `play GAME`: the actions in order, then the policy if one is named, then the save and the report.
pub fn play<G: Headless>(args: &PlayArgs, io: &mut Io) -> Outcome {
    let actions = match &args.actions {
        Some(path) => parse_actions::<G>(&read(path)?)?,
        None => Vec::new(),
    };
    let autosave = args.autosave.as_deref();
    refuse_writing_an_input(args)?;
    // The autosave is this command's alone while it plays (and the save's, while it is written).
    let _held = autosave.map(lock).transpose()?;
    let (mut session, done) = match autosave.filter(|p| p.exists()) {
        Some(path) => resume::<G>(path, &actions)?,
        None => {
            let mut opts = options::<G>(args.options.as_deref())?;
            if let Some(name) = &args.scenario {
                G::with_scenario(&mut opts, name)?;
            }
            let session =
                Session::<G>::new(opts, args.seed, dice_mode(args)?).map_err(|e| Failure(e.to_string()))?;
            (session, 0)
        }
    };
    let mut error = None;
    for (i, action) in actions.into_iter().enumerate().skip(done) {
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
        write_autosave(&session, autosave)?;
    }
    // With a policy, the built-in captain plays on from where the actions left off.
    if error.is_none()
        && let Some(policy) = &args.policy
    {
        if matches!(session.dice_mode(), DiceMode::Physical) {
            return Err("a policy cannot roll physical dice: use --seed or --dice".into());
        }
        let mut rng = SeededRng::new(args.seed ^ 0x00C0_FFEE);
        while let Some(action) = policy.policy.choose(session.game(), &mut rng) {
            if let Err(e) = session.apply(action.clone()) {
                let index = session.actions().len() + 1;
                error = Some(ActionError {
                    index,
                    action: action.to_string(),
                    message: e.to_string(),
                });
                break;
            }
            write_autosave(&session, autosave)?;
        }
    }
    if let Some(path) = &args.save {
        let _held = (args.autosave.as_deref() != Some(path.as_path()))
            .then(|| lock(path))
            .transpose()?;
        let text = session.to_json().map_err(|e| Failure(e.to_string()))?;
        periscope_data::files::write_atomically(path, text.as_bytes())
            .map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))?;
    }
    report(&session, error, args.json, io)
}

/// Continues an autosave of `play --autosave`: its game replayed and checked to its last action, and
/// how many of `actions` it already holds (they must begin `actions`, so that a restarted script picks
/// up where it was killed). An autosave that today's rules play differently is refused with `replay`'s
/// message, and left as it is.
fn resume<G: Headless>(path: &Path, actions: &[G::Action]) -> Result<(Session<G>, usize), Failure> {
    let save = periscope_engine::save::peek(&read(path)?)
        .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let (session, divergence) =
        Session::<G>::from_save_checked(save).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    if let Some(d) = divergence {
        return Err(Failure(format!(
            "{}: {d}; the autosave is left as it is: `periscope-cli fork {} --out NEW` plays on from \
             action {} under this version's rules",
            path.display(),
            path.display(),
            d.agrees_to
        )));
    }
    let done = session.actions();
    let same = |a: &G::Action, b: &G::Action| serde_json::to_value(a).ok() == serde_json::to_value(b).ok();
    let prefix = done.len() <= actions.len() && done.iter().zip(actions).all(|(a, b)| same(a, b));
    if !prefix && !actions.is_empty() {
        return Err(Failure(format!(
            "{}: the autosave's {} actions do not begin the actions given: continue it without \
             --actions, or name another autosave",
            path.display(),
            done.len()
        )));
    }
    let n = if actions.is_empty() { 0 } else { done.len() };
    Ok((session, n))
}

/// `--save` and `--autosave` never name a file the command reads (the actions, options or dice): it would
/// be replaced by the save.
fn refuse_writing_an_input(args: &PlayArgs) -> Result<(), Failure> {
    let inputs = [&args.actions, &args.options, &args.dice];
    for out in [&args.save, &args.autosave].into_iter().flatten() {
        if let Some(input) = inputs
            .into_iter()
            .flatten()
            .find(|i| periscope_data::files::same_file(i, out))
        {
            return Err(Failure(format!(
                "cannot write {}: it is {}, a file this command reads, which the save would replace",
                out.display(),
                input.display()
            )));
        }
    }
    Ok(())
}

/// Locks a save this command writes, so that no other Periscope writes it meanwhile.
pub fn lock(path: &Path) -> Result<periscope_data::lock::SaveLock, Failure> {
    periscope_data::lock::take(path, &format!("periscope-cli {}", env!("CARGO_PKG_VERSION")))
        .map_err(|e| Failure(e.to_string()))
}

/// After an action: the whole save to the autosave, when there is one (a temporary file, then renamed).
fn write_autosave<G: Headless>(session: &Session<G>, path: Option<&Path>) -> Result<(), Failure> {
    let Some(path) = path else {
        return Ok(());
    };
    let text = session.to_json().map_err(|e| Failure(e.to_string()))?;
    periscope_data::files::write_atomically(path, text.as_bytes())
        .map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))
}

/// `replay SAVE` for a save of this game.
/// A save that parts from the game it recorded (the rules changed since) is reported as far as it
/// still agrees, with a warning naming where, and exit code 3.
pub fn replay<G: Headless>(path: &Path, save: SaveFile, json: bool, io: &mut Io) -> Outcome {
    let (session, divergence) =
        Session::<G>::from_save_checked(save).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let outcome = report(&session, None, json, io)?;
    match divergence {
        Some(d) => {
            writeln!(
                io.err,
                "periscope-cli: warning: {}: {d}; the report stops at action {}, where it still agrees",
                path.display(),
                d.agrees_to
            )?;
            Ok(ExitCode::from(3))
        }
        None => Ok(outcome),
    }
}

/// `fork SAVE --out NEW` for a save of this game: the save's game as far as today's rules agree with it,
/// written as a new save that plays on under this version's rules. The save itself is left as it is.
pub fn fork<G: Headless>(path: &Path, save: SaveFile, out: &Path, io: &mut Io) -> Outcome {
    let (session, divergence) =
        Session::<G>::from_save_checked(save).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let _held = lock(out)?;
    let text = session.to_json().map_err(|e| Failure(e.to_string()))?;
    periscope_data::files::write_atomically(out, text.as_bytes())
        .map_err(|e| Failure(format!("cannot write {}: {e}", out.display())))?;
    match divergence {
        Some(d) => writeln!(
            io.out,
            "{}: {d}. {} holds its first {} actions, to play on under this version's rules; {} is \
             left as it is.",
            path.display(),
            out.display(),
            d.agrees_to,
            path.display()
        )?,
        None => writeln!(
            io.out,
            "{}: this version's rules play all its {} actions as recorded; {} holds them, checked anew.",
            path.display(),
            session.actions().len(),
            out.display()
        )?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints the state, every event (with its roll records) and what the game waits for.
fn report<G: Headless>(session: &Session<G>, error: Option<ActionError>, json: bool, io: &mut Io) -> Outcome {
    let failed = error.is_some();
    let events: Vec<G::Event> = session
        .game()
        .opening_events()
        .into_iter()
        .chain(session.events().iter().cloned())
        .collect();
    let out = &mut *io.out;
    if json {
        let output = Output {
            game: G::ID,
            seed: session.seed(),
            actions_played: session.actions().len(),
            state: session.game().view(),
            events: &events,
            pending: session.pending(),
            error,
        };
        let text = serde_json::to_string_pretty(&output).map_err(|e| Failure(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        writeln!(out, "{}", G::headline(session))?;
        writeln!(out)?;
        for e in &events {
            writeln!(out, "  {e}")?;
        }
        writeln!(out)?;
        writeln!(out, "{}", session.game().describe())?;
        writeln!(out)?;
        match session.pending() {
            Pending::Decision(Decision {
                prompt,
                rule,
                choices,
            }) => {
                writeln!(out, "{prompt} [{rule}]:")?;
                let texts: Vec<String> = choices.iter().map(|c| c.action.to_string()).collect();
                let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
                for (c, text) in choices.iter().zip(&texts) {
                    writeln!(out, "  {text:<width$}  {} [{}]", c.label, c.rule)?;
                }
            }
            Pending::Roll(RollSpec {
                dice, reason, rule, ..
            }) => writeln!(out, "{reason}: enter {dice} as 'roll F …' [{rule}]")?,
            Pending::Over { summary, .. } => writeln!(out, "Game over. {summary}")?,
        }
        if let Some(e) = &error {
            writeln!(
                io.err,
                "periscope-cli: error: action {} ('{}') refused: {}",
                e.index, e.action, e.message
            )?;
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
