//! The CLI's one list of games. Each game joins with one line: its engine game (id, name and old save
//! ids come from there), the other names it answers to, and what it can do beyond `play` and `replay`
//! (`sim` with its own flags, `export`, `charts list`; see `capabilities.rs`). The commands, their
//! `--help`, the suggestions for a mistyped name and `replay`'s choice of game are all read from here.

use std::io::Write;
use std::marker::PhantomData;
use std::path::Path;

use clap::ArgMatches;
use periscope_engine::Session;
use periscope_engine::atlantic::Mission;
use periscope_engine::atlantic::career::Career as AtlanticCareer;
use periscope_engine::games::GameInfo;
use periscope_engine::hunt::Hunt;
use periscope_engine::save::SaveFile;
use periscope_engine::sensuikan::Patrol;
use periscope_engine::sensuikan::career::Career;
use periscope_engine::silent_war_ijn::Companion;
use periscope_print::Paper;

use crate::atlantic::AtlanticSim;
use crate::capabilities::{BlankSheet, ChartSet, Format, Paperwork};
use crate::chances::{Chances, ChancesArgs};
use crate::hunt::HuntSim;
use crate::play::{self, Headless, PlayArgs};
use crate::sensuikan::career::CareerSim;
use crate::sensuikan::patrol::PatrolSim;
use crate::sim::Simulation;
use crate::{Failure, Io, Outcome};

/// The games of this build.
pub struct Registry {
    games: Vec<Entry>,
}

impl Registry {
    /// The games Periscope ships, in the order `help` lists them.
    pub fn shipped() -> Self {
        Self::new()
            .with(game::<Hunt>().sim::<HuntSim>())
            // Issue 5: `play sensuikan` is a whole career; one patrol alone is `sensuikan-patrol`.
            .with(
                game::<Career>()
                    .alias("sensuikan")
                    .sim::<CareerSim>()
                    .chances()
                    .paperwork()
                    .blank_sheet()
                    .charts(&["sensuikan"], crate::sensuikan::career::list_charts),
            )
            // Issue 5: `sim sensuikan` stays the patrols' simulation unless `--careers` asks for careers.
            .with(
                game::<Patrol>()
                    .sim::<PatrolSim>()
                    .sim_alias("sensuikan", "careers"),
            )
            .with(game::<Companion>())
            .with(game::<Mission>())
            // Issue 17: `play atlantic` is a whole career; one mission alone is `atlantic-mission`.
            .with(
                game::<AtlanticCareer>()
                    .sim::<AtlanticSim>()
                    .chances()
                    .scenarios(&["on113", "ons154"])
                    .paperwork()
                    .blank_sheet()
                    .charts(&["atlantic", "atlantic_sentinels"], crate::atlantic::list_charts),
            )
    }

    /// A registry without games, to add some to.
    pub fn new() -> Self {
        Self { games: Vec::new() }
    }

    /// Adds a game.
    pub fn with<G: Headless>(mut self, line: GameLine<G>) -> Self {
        self.games.push(line.entry);
        self
    }

    pub fn games(&self) -> &[Entry] {
        &self.games
    }

    /// The game a command line names: by id or by an alias.
    pub fn find(&self, name: &str) -> Option<&Entry> {
        self.games.iter().find(|e| e.answers_to(name))
    }

    /// The game a save's id names: today's id or one of the game's old ids.
    pub fn for_save(&self, save_id: &str) -> Option<&Entry> {
        self.games.iter().find(|e| e.info.reads(save_id))
    }

    /// The ids of the games that pass a test, for a message: `hunt, sensuikan-career`.
    pub fn ids_that(&self, test: impl Fn(&Entry) -> bool) -> String {
        let ids: Vec<&str> = self.games.iter().filter(|e| test(e)).map(|e| e.info.id).collect();
        ids.join(", ")
    }

    /// Like `ids_that`, each with its aliases: `sensuikan-career (sensuikan)`.
    pub fn names_that(&self, test: impl Fn(&Entry) -> bool) -> String {
        let names: Vec<String> = self.games.iter().filter(|e| test(e)).map(Entry::names).collect();
        names.join(", ")
    }
}

impl Default for Registry {
    /// No games.
    fn default() -> Self {
        Self::new()
    }
}

/// A name `sim` takes for a game besides its id and aliases, unless a flag is given: then the name is
/// the game's whose alias it is (`sim sensuikan` is the patrols', `sim sensuikan --careers N` careers').
#[derive(Debug, Clone, Copy)]
pub struct SimAlias {
    pub name: &'static str,
    /// The flag (without `--`) that hands the name back to the game it is an alias of.
    pub unless: &'static str,
}

/// What `sim` needs of a game: its flags and how to run them.
#[derive(Clone)]
pub struct SimEntry {
    /// Adds the simulation's flags to its command.
    pub args: fn(clap::Command) -> clap::Command,
    pub run: fn(&ArgMatches, &mut dyn Write) -> Outcome,
    pub aliases: Vec<SimAlias>,
}

type PlayFn = fn(&PlayArgs, &mut Io) -> Outcome;
type ReplayFn = fn(&Path, SaveFile, bool, &mut Io) -> Outcome;
type ForkFn = fn(&Path, SaveFile, &Path, &mut Io) -> Outcome;
type PaperworkFn = fn(&Path, SaveFile, Format, Paper) -> Result<Vec<u8>, Failure>;
type BlankFn = fn(Format, Paper) -> Result<Vec<u8>, Failure>;
type ChancesFn = fn(&Path, SaveFile, &ChancesArgs, &mut dyn Write) -> Outcome;

/// One game of the registry and what the CLI can do with it.
#[derive(Clone)]
pub struct Entry {
    /// Id, name and old save ids, from the engine.
    pub info: GameInfo,
    /// Other names for the game on the command line (`play sensuikan`).
    pub aliases: Vec<&'static str>,
    pub play: PlayFn,
    pub replay: ReplayFn,
    /// `fork SAVE --out NEW`: the save as far as today's rules agree with it, as a new save.
    pub fork: ForkFn,
    pub sim: Option<SimEntry>,
    pub paperwork: Option<PaperworkFn>,
    pub blank_sheet: Option<BlankFn>,
    /// `sim --from SAVE` for this game's saves.
    pub chances: Option<ChancesFn>,
    /// The historical scenarios `play GAME --scenario NAME` takes (none: no `--scenario` flag).
    pub scenarios: Vec<&'static str>,
    /// `charts list GAME` for the game's chart set.
    pub charts: Option<ChartSet>,
}

impl Entry {
    pub fn answers_to(&self, name: &str) -> bool {
        self.info.id == name || self.aliases.contains(&name)
    }

    /// The id, with the aliases in brackets.
    pub fn names(&self) -> String {
        if self.aliases.is_empty() {
            self.info.id.to_string()
        } else {
            format!("{} ({})", self.info.id, self.aliases.join(", "))
        }
    }

    /// What the game can do, for `help`: `play, replay, sim, export`.
    pub fn abilities(&self) -> String {
        let mut can = vec!["play", "replay"];
        if self.sim.is_some() {
            can.push("sim");
        }
        if self.paperwork.is_some() || self.blank_sheet.is_some() {
            can.push("export");
        }
        can.join(", ")
    }
}

/// A registry line being written: `game::<Hunt>().sim::<HuntSim>()`. Typed by its game, so a line takes
/// only its own game's simulation and paperwork.
pub struct GameLine<G> {
    entry: Entry,
    game: PhantomData<G>,
}

/// The start of a game's registry line: every game the CLI knows can be played and replayed.
pub fn game<G: Headless>() -> GameLine<G> {
    GameLine {
        entry: Entry {
            info: GameInfo::of::<G>(),
            aliases: Vec::new(),
            play: play::play::<G>,
            replay: play::replay::<G>,
            fork: play::fork::<G>,
            sim: None,
            paperwork: None,
            blank_sheet: None,
            chances: None,
            scenarios: Vec::new(),
            charts: None,
        },
        game: PhantomData,
    }
}

impl<G: Headless> GameLine<G> {
    /// Another name for the game on the command line.
    pub fn alias(mut self, name: &'static str) -> Self {
        self.entry.aliases.push(name);
        self
    }

    /// `sim GAME` with the simulation's own flags.
    pub fn sim<S: Simulation<Game = G>>(mut self) -> Self {
        self.entry.sim = Some(SimEntry {
            args: S::augment_args,
            run: run_sim::<S>,
            aliases: Vec::new(),
        });
        self
    }

    /// A name `sim` takes for this game unless `--UNLESS` is given (see [`SimAlias`]). After `.sim()`.
    pub fn sim_alias(mut self, name: &'static str, unless: &'static str) -> Self {
        if let Some(sim) = &mut self.entry.sim {
            sim.aliases.push(SimAlias { name, unless });
        }
        self
    }

    /// `play GAME --scenario NAME` for these scenarios.
    pub fn scenarios(mut self, names: &[&'static str]) -> Self {
        self.entry.scenarios = names.to_vec();
        self
    }

    /// `export SAVE` for this game's saves.
    pub fn paperwork(mut self) -> Self
    where
        G: Paperwork,
    {
        self.entry.paperwork = Some(export_save::<G>);
        self
    }

    /// `sim --from SAVE` for this game's saves.
    pub fn chances(mut self) -> Self
    where
        G: Chances,
    {
        self.entry.chances = Some(crate::chances::chances::<G>);
        self
    }

    /// `export --blank GAME`.
    pub fn blank_sheet(mut self) -> Self
    where
        G: BlankSheet,
    {
        self.entry.blank_sheet = Some(G::blank_sheet);
        self
    }

    /// `charts list NAME` for the game's charts, under these names (see [`ChartSet`]).
    pub fn charts(
        mut self,
        names: &'static [&'static str],
        list: fn(&mut dyn Write) -> Result<(), Failure>,
    ) -> Self {
        self.entry.charts = Some(ChartSet { names, list });
        self
    }
}

fn run_sim<S: Simulation>(matches: &ArgMatches, out: &mut dyn Write) -> Outcome {
    let sim = S::from_arg_matches(matches).map_err(|e| Failure(e.to_string()))?;
    sim.run(out)
}

fn export_save<G: Paperwork>(
    path: &Path,
    save: SaveFile,
    format: Format,
    paper: Paper,
) -> Result<Vec<u8>, Failure> {
    let session = Session::<G>::from_save(save).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    // The game's own refusals (`the career has no escort group yet`) name the file too.
    G::paperwork(&session, format, paper).map_err(|e| Failure(format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use periscope_engine::Game;

    /// Every game of the engine has its line here (the engine's `games` asks for it).
    #[test]
    fn every_engine_game_is_in_the_registry() {
        let registry = Registry::shipped();
        for info in periscope_engine::games::GAMES {
            let entry = registry.for_save(info.id);
            assert_eq!(
                entry.map(|e| e.info),
                Some(*info),
                "{} is not in the CLI's registry",
                info.id
            );
            for old in info.old_ids {
                assert_eq!(registry.for_save(old).map(|e| e.info.id), Some(info.id));
            }
        }
        assert_eq!(registry.games().len(), periscope_engine::games::GAMES.len());
    }

    #[test]
    fn names_and_aliases_find_their_games() {
        let registry = Registry::shipped();
        assert_eq!(registry.find("sensuikan").map(|e| e.info.id), Some(Career::ID));
        assert_eq!(
            registry.find("sensuikan-patrol").map(|e| e.info.id),
            Some(Patrol::ID)
        );
        assert_eq!(
            registry.for_save("sensuikan").map(|e| e.info.id),
            Some(Patrol::ID)
        );
        assert!(registry.find("chess").is_none());
        let mut names: Vec<&str> = registry
            .games()
            .iter()
            .flat_map(|e| std::iter::once(e.info.id).chain(e.aliases.iter().copied()))
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "no two games answer to one name");
    }
}
