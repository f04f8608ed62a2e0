//! The command line: clap's commands, with `play GAME` and `sim GAME` built from the registry (one
//! subcommand per game, so each game has its `--help` and a mistyped name its suggestion), the dispatch,
//! and one error style for everything clap refuses.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, ColorChoice, Command, FromArgMatches, Subcommand};

use crate::charts::{self, ChartsCommand};
use crate::counters::{self, CountersCommand};
use crate::export::{self, ExportArgs};
use crate::play::{PlayArgs, read};
use crate::registry::{Entry, Registry};
use crate::{Failure, Io, Outcome};

const BIN: &str = "periscope-cli";

const ABOUT: &str = "Play Periscope's games headless: JSON in and out, so a person can script a game and \
                     tests can drive one";

const FILES_HELP: &str = "\
Actions files hold a JSON array of actions or one short action per line, in the game's own words (hunt,
pick N, fire N, flip, break, mode, return, roll F F … for Submarine Hunt; docs/headless.md lists every
game's). `#` starts a comment. Dice files hold faces separated by spaces, commas or new lines.";

// The commands whose shape does not depend on the games (a doc comment here would be the root's about).
#[derive(Debug, Subcommand)]
enum Fixed {
    /// Loads a save by replaying it and prints the same report as `play`
    #[command(display_order = 2, args_override_self = true)]
    Replay(ReplayArgs),
    /// Plays on a save that this version's rules part from: a new save holding its actions as far as
    /// they agree (the save itself is left as it is)
    #[command(display_order = 3, args_override_self = true)]
    Fork(ForkArgs),
    /// A game's charts: list them, or check a player's override file
    #[command(
        display_order = 4,
        subcommand_required = true,
        disable_help_subcommand = true,
        override_usage = "periscope-cli charts list | check FILE"
    )]
    Charts {
        #[command(subcommand)]
        command: ChartsCommand,
    },
    /// The paperwork as PDF, CSV or Markdown: a career's, or a blank sheet for a physical game
    #[command(display_order = 5, args_override_self = true)]
    Export(ExportArgs),
    /// A game's counters: the ids the player's own counter art is named by
    #[command(
        display_order = 6,
        subcommand_required = true,
        disable_help_subcommand = true,
        override_usage = "periscope-cli counters list GAME [--json]"
    )]
    Counters {
        #[command(subcommand)]
        command: CountersCommand,
    },
}

#[derive(Debug, Args)]
struct ReplayArgs {
    /// The save file: its game is read from it
    #[arg(value_name = "SAVE")]
    save: PathBuf,
    /// Machine-readable output
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct ForkArgs {
    /// The save to play on from: its game is read from it
    #[arg(value_name = "SAVE")]
    save: PathBuf,
    /// The new save (it must not exist yet)
    #[arg(long, value_name = "NEW", required = true)]
    out: PathBuf,
}

/// The whole command line of a registry's games.
fn build(registry: &Registry) -> Command {
    let root = Command::new(BIN)
        .version(env!("CARGO_PKG_VERSION"))
        .about(ABOUT)
        .after_help(games_help(registry))
        .subcommand_required(true)
        .subcommand_value_name("COMMAND")
        .color(ColorChoice::Never)
        .subcommand(play_command(registry).display_order(1))
        .subcommand(sim_command(registry).display_order(3));
    let blanks: Vec<PossibleValue> = registry
        .games()
        .iter()
        .filter(|e| e.blank_sheet.is_some())
        .flat_map(|e| std::iter::once(e.info.id).chain(e.aliases.iter().copied()))
        .map(PossibleValue::new)
        .collect();
    Fixed::augment_subcommands(root).mut_subcommand("export", |export| {
        export
            .mut_arg("blank", |arg| arg.value_parser(PossibleValuesParser::new(blanks)))
            .after_help(format!(
                "Boards for --format png --board, by game: {}",
                periscope_boards::picture::saves::board_list()
            ))
    })
}

/// `help`'s list of games and what each can do.
fn games_help(registry: &Registry) -> String {
    let rows: Vec<(String, String)> = registry
        .games()
        .iter()
        .map(|e| {
            let also = if e.aliases.is_empty() {
                String::new()
            } else {
                format!(", also '{}'", e.aliases.join("', '"))
            };
            (
                e.info.id.to_string(),
                format!("{}{also} · {}", e.info.name, e.abilities()),
            )
        })
        .collect();
    let width = rows.iter().map(|(id, _)| id.len()).max().unwrap_or(0);
    let mut text = String::from("Games:\n");
    for (id, what) in rows {
        text.push_str(&format!("  {id:<width$}  {what}\n"));
    }
    text.push_str("\nEvery command has --help (`periscope-cli play hunt --help`).\n");
    text.push_str(
        "Exit codes: 0 success, 1 an action refused, 2 a bad command line or an unreadable file.\n\n",
    );
    text.push_str(FILES_HELP);
    text
}

/// A command with one subcommand per game.
fn games_command(name: &'static str, about: &'static str) -> Command {
    Command::new(name)
        .about(about)
        .subcommand_required(true)
        .subcommand_value_name("GAME")
        .subcommand_help_heading("Games")
        .disable_help_subcommand(true)
}

fn play_command(registry: &Registry) -> Command {
    let mut play = games_command(
        "play",
        "Plays a game: the actions in order, then a built-in captain if --policy names one",
    )
    .after_help(FILES_HELP);
    for e in registry.games() {
        let game = Command::new(e.info.id)
            .visible_aliases(e.aliases.iter().copied())
            .args_override_self(true)
            .after_help(FILES_HELP);
        // The about after the flags: an `Args` struct's doc comment would replace it.
        let mut game = PlayArgs::augment_args(game).about(e.info.name);
        if !e.scenarios.is_empty() {
            game = game.arg(
                clap::Arg::new("scenario")
                    .long("scenario")
                    .value_name("NAME")
                    .help("A historical scenario instead of the whole game")
                    .value_parser(clap::builder::PossibleValuesParser::new(
                        e.scenarios.iter().copied(),
                    )),
            );
        }
        play = play.subcommand(game);
    }
    play
}

/// A name `sim` gives a game besides its own (a [`crate::registry::SimAlias`]): the game that takes
/// it, and the game it is an alias of, which has it when `--UNLESS` is given.
struct SharedName<'a> {
    name: &'static str,
    owner: &'a Entry,
    unless: &'static str,
    other: Option<&'a Entry>,
}

fn shared_names(registry: &Registry) -> Vec<SharedName<'_>> {
    let mut found = Vec::new();
    for owner in registry.games() {
        let Some(sim) = &owner.sim else { continue };
        for alias in &sim.aliases {
            let other = registry
                .find(alias.name)
                .filter(|o| o.sim.is_some() && o.info.id != owner.info.id);
            found.push(SharedName {
                name: alias.name,
                owner,
                unless: alias.unless,
                other,
            });
        }
    }
    found
}

fn sim_command(registry: &Registry) -> Command {
    let mut sim = games_command(
        "sim",
        "Plays many seeded games with a built-in captain and reports how they went",
    )
    // `sim --from SAVE --careers N`: a career's chances from where its save stands.
    .subcommand_required(false)
    .args_conflicts_with_subcommands(true)
    .arg(
        clap::Arg::new("from")
            .long("from")
            .value_name("SAVE")
            .value_parser(clap::value_parser!(std::path::PathBuf))
            .help("A career's save: plays N careers on from its current decision (what are my chances from here)"),
    )
    .arg(
        clap::Arg::new("careers")
            .long("careers")
            .value_name("N")
            .requires("from")
            .value_parser(clap::value_parser!(u64))
            .help("With --from: how many careers to play on (default 200)"),
    )
    .arg(
        clap::Arg::new("seed")
            .long("seed")
            .value_name("N")
            .requires("from")
            .value_parser(clap::value_parser!(u64))
            .help("With --from: continuation i rolls seed N + i (default 1)"),
    )
    .arg(
        clap::Arg::new("threads")
            .long("threads")
            .value_name("N")
            .requires("from")
            .value_parser(clap::value_parser!(usize))
            .help("With --from: threads to play on (default: every core)"),
    )
    .arg(
        clap::Arg::new("json")
            .long("json")
            .requires("from")
            .action(clap::ArgAction::SetTrue)
            .help("With --from: machine-readable output"),
    );
    let shared = shared_names(registry);
    for e in registry.games() {
        let Some(entry) = &e.sim else { continue };
        // A name a sim alias takes is a command of its own.
        let aliases = e
            .aliases
            .iter()
            .copied()
            .filter(|a| !shared.iter().any(|s| s.name == *a));
        let game = Command::new(e.info.id)
            .visible_aliases(aliases)
            .args_override_self(true);
        sim = sim.subcommand((entry.args)(game).about(e.info.name));
    }
    for SharedName {
        name,
        owner,
        unless,
        other,
    } in shared
    {
        let Some(entry) = &owner.sim else { continue };
        let mut command = (entry.args)(Command::new(name).args_override_self(true));
        let about = match other.and_then(|o| o.sim.as_ref().map(|s| (o, s))) {
            Some((other, other_sim)) => {
                // The name takes both games' flags; `--UNLESS` says which game it is.
                let theirs = (other_sim.args)(Command::new(name));
                let extra: Vec<clap::Arg> = theirs
                    .get_arguments()
                    .filter(|a| !command.get_arguments().any(|b| b.get_id() == a.get_id()))
                    .cloned()
                    .collect();
                command = command.args(extra);
                format!("As {}; with --{unless}, as {}", owner.info.id, other.info.id)
            }
            None => format!("As {}", owner.info.id),
        };
        sim = sim.subcommand(command.about(about));
    }
    sim
}

/// Parses and runs one command line.
pub fn run(registry: &Registry, args: &[OsString], io: &mut Io) -> Outcome {
    let mut command = build(registry);
    let argv = std::iter::once(OsString::from(BIN)).chain(args.iter().cloned());
    let matches = match command.try_get_matches_from_mut(argv) {
        Ok(m) => m,
        Err(e) => return refused(&mut command, registry, args, e, io),
    };
    match matches.subcommand() {
        Some(("play", m)) => play(registry, m, io),
        Some(("sim", m)) => sim(registry, m, io),
        _ => match Fixed::from_arg_matches(&matches).map_err(|e| Failure(message(&e)))? {
            Fixed::Replay(args) => replay(registry, &args, io),
            Fixed::Fork(args) => fork(registry, &args, io),
            Fixed::Charts { command } => charts::run(registry, &command, io.out),
            Fixed::Export(args) => export(registry, &args, io),
            Fixed::Counters { command } => counters::run(&command, io.out),
        },
    }
}

fn play(registry: &Registry, matches: &ArgMatches, io: &mut Io) -> Outcome {
    let (name, m) = matches.subcommand().ok_or("play needs a game")?;
    let entry = registry
        .find(name)
        .ok_or_else(|| Failure(format!("unknown game '{name}'")))?;
    let mut args = PlayArgs::from_arg_matches(m).map_err(|e| Failure(message(&e)))?;
    if !entry.scenarios.is_empty() {
        args.scenario = m.get_one::<String>("scenario").cloned();
    }
    (entry.play)(&args, io)
}

fn sim(registry: &Registry, matches: &ArgMatches, io: &mut Io) -> Outcome {
    if let Some(args) = crate::chances::ChancesArgs::from_matches(matches) {
        return chances(registry, &args, io);
    }
    let (name, m) = matches.subcommand().ok_or("sim needs a game (or --from SAVE)")?;
    if let Some(shared) = shared_names(registry).into_iter().find(|s| s.name == name) {
        let given = m.ids().any(|id| id.as_str() == shared.unless)
            && m.value_source(shared.unless) == Some(ValueSource::CommandLine);
        let game = match shared.other {
            Some(other) if given => other,
            _ => shared.owner,
        };
        let entry = game.sim.as_ref().ok_or("no simulation")?;
        return (entry.run)(m, io.out);
    }
    let entry = registry
        .find(name)
        .and_then(|e| e.sim.as_ref())
        .ok_or_else(|| Failure(format!("unknown game '{name}'")))?;
    (entry.run)(m, io.out)
}

/// `sim --from SAVE`: the save says which game it is, as for `replay`.
fn chances(registry: &Registry, args: &crate::chances::ChancesArgs, io: &mut Io) -> Outcome {
    let path = &args.from;
    let text = read(path)?;
    let save =
        periscope_engine::save::peek(&text).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let entry = registry.for_save(&save.game).ok_or_else(|| {
        Failure(format!(
            "{}: a save of '{}', which this build cannot read",
            path.display(),
            save.game
        ))
    })?;
    let run = entry.chances.ok_or_else(|| {
        Failure(format!(
            "{}: sim --from takes a career's save ({}), not one of {}",
            path.display(),
            registry.ids_that(|e| e.chances.is_some()),
            entry.info.id
        ))
    })?;
    run(path, save, args, io.out)
}

/// `export`: a save's paperwork is its game's, found by the save's id as for `replay`; a blank sheet is
/// the game's `--blank` names. A picture of a board is drawn by the boards' own registry.
fn export(registry: &Registry, args: &ExportArgs, io: &mut Io) -> Outcome {
    if let Some(done) = export::picture_or_check(args, io) {
        return done;
    }
    let bytes = match (args.save(), args.blank()) {
        (Some(path), _) => {
            let text = read(path)?;
            let save = periscope_engine::save::peek(&text)
                .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
            let entry = registry.for_save(&save.game).ok_or_else(|| {
                Failure(format!(
                    "{}: a save of '{}', which this build cannot read",
                    path.display(),
                    periscope_data::error::bounded(save.game.clone(), 60)
                ))
            })?;
            let paperwork = entry.paperwork.ok_or_else(|| {
                Failure(format!(
                    "{}: a save of {}, which has no paperwork to export (games with paperwork: {})",
                    path.display(),
                    entry.info.name,
                    registry.ids_that(|e| e.paperwork.is_some())
                ))
            })?;
            paperwork(path, save, args.format(), args.paper())?
        }
        (None, Some(name)) => {
            let blank = registry.find(name).and_then(|e| e.blank_sheet).ok_or_else(|| {
                Failure(format!(
                    "no blank sheet for '{name}' (known: {})",
                    registry.names_that(|e| e.blank_sheet.is_some())
                ))
            })?;
            blank(args.format(), args.paper())?
        }
        (None, None) => return Err("export needs a save file or --blank GAME".into()),
    };
    export::write(args, bytes, io)
}

fn replay(registry: &Registry, args: &ReplayArgs, io: &mut Io) -> Outcome {
    let (save, entry) = save_and_game(registry, &args.save)?;
    (entry.replay)(&args.save, save, args.json, io)
}

/// A save read, and its game's registry entry.
fn save_and_game<'r>(
    registry: &'r Registry,
    path: &Path,
) -> Result<(periscope_engine::SaveFile, &'r crate::registry::Entry), Failure> {
    let text = read(path)?;
    let save =
        periscope_engine::save::peek(&text).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let entry = registry.for_save(&save.game).ok_or_else(|| {
        Failure(format!(
            "{}: a save of '{}', which this build cannot replay",
            path.display(),
            periscope_data::error::bounded(save.game.clone(), 60)
        ))
    })?;
    Ok((save, entry))
}

/// `fork SAVE --out NEW`: never over an existing file, the save itself least of all.
fn fork(registry: &Registry, args: &ForkArgs, io: &mut Io) -> Outcome {
    if std::fs::symlink_metadata(&args.out).is_ok() {
        return Err(Failure(format!(
            "{} exists: fork writes a new save, never over a file (the save is left as it is)",
            args.out.display()
        )));
    }
    let (save, entry) = save_and_game(registry, &args.save)?;
    (entry.fork)(&args.save, save, &args.out, io)
}

/// What clap said, without its own `error: ` (ours is put in front).
fn message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    text.trim_end().to_string()
}

/// The words on the command line before the one clap stopped at, flags left out: `["play"]`.
fn path_before(args: &[OsString], stop: Option<&str>) -> Vec<String> {
    args.iter()
        .map(|a| a.to_string_lossy().into_owned())
        .take_while(|a| Some(a.as_str()) != stop)
        .filter(|a| !a.starts_with('-'))
        .collect()
}

/// The subcommands of a command, with their visible aliases: `hunt, sensuikan-career (sensuikan)`.
fn choices(command: &Command) -> String {
    let mut commands: Vec<&Command> = command
        .get_subcommands()
        .filter(|c| c.get_name() != "help")
        .collect();
    commands.sort_by_key(|c| c.get_display_order());
    let names: Vec<String> = commands
        .into_iter()
        .map(|c| {
            let aliases: Vec<&str> = c.get_visible_aliases().collect();
            if aliases.is_empty() {
                c.get_name().to_string()
            } else {
                format!("{} ({})", c.get_name(), aliases.join(", "))
            }
        })
        .collect();
    names.join(", ")
}

fn context(e: &clap::Error, kind: ContextKind) -> Vec<String> {
    match e.get(kind) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        _ => Vec::new(),
    }
}

/// Help goes to stdout (exit 0); anything else clap refused becomes our failure (exit 2). A mistyped
/// command or game is named with clap's suggestion: `unknown game 'coin-tos' (did you mean 'coin-toss'?)`.
fn refused(
    command: &mut Command,
    registry: &Registry,
    args: &[OsString],
    e: clap::Error,
    io: &mut Io,
) -> Outcome {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            write!(io.out, "{}", e.render())?;
            Ok(ExitCode::SUCCESS)
        }
        ErrorKind::InvalidSubcommand => {
            let typed = context(&e, ContextKind::InvalidSubcommand).join(" ");
            let path = path_before(args, Some(&typed));
            // clap lists its suggestions from the least to the most alike: the last is the one.
            let suggestion = context(&e, ContextKind::SuggestedSubcommand)
                .last()
                .map(|s| format!(" (did you mean '{s}'?)"))
                .unwrap_or_default();
            let parent = find(command, &path);
            let known = parent.map(choices).unwrap_or_default();
            let line = match path.first().map(String::as_str) {
                None => format!("unknown command '{typed}'{suggestion}; the commands: {known}, help"),
                Some(cmd @ ("play" | "sim")) if path.len() == 1 => match registry.find(&typed) {
                    Some(game) => format!("{} cannot {cmd} (games that can: {known})", game.info.name),
                    None => format!("unknown game '{typed}'{suggestion}; the games: {known}"),
                },
                Some(_) => format!(
                    "unknown command '{} {typed}'{suggestion}; it takes: {known}",
                    path.join(" ")
                ),
            };
            Err(Failure(format!(
                "{line}\n\nFor more information, try '{}'.",
                help_hint(&path)
            )))
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let path = path_before(args, None);
            let (what, usage) = match find(command, &path) {
                Some(parent) => (choices(parent), parent.clone().render_usage().to_string()),
                None => (String::new(), String::new()),
            };
            let line = match path.first().map(String::as_str) {
                None => format!("a command is needed: {what}, help"),
                Some("play" | "sim") => format!("{} needs a game: {what}", path.join(" ")),
                Some(_) => format!("{} needs one of: {what}", path.join(" ")),
            };
            Err(Failure(format!(
                "{line}\n\n{}\n\nFor more information, try '{}'.",
                usage.trim_end(),
                help_hint(&path)
            )))
        }
        _ => Err(Failure(message(&e))),
    }
}

/// The (sub)command a path of words names.
fn find<'a>(command: &'a Command, path: &[String]) -> Option<&'a Command> {
    path.iter().try_fold(command, |c, word| c.find_subcommand(word))
}

fn help_hint(path: &[String]) -> String {
    let mut words = vec![BIN.to_string()];
    words.extend(path.iter().cloned());
    words.push("--help".into());
    words.join(" ")
}
