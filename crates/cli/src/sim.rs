//! `sim GAME`: many seeded games played by a built-in policy. Each game brings its own flags (`--games`,
//! `--patrols`, `--careers`, `--tournament`) on top of the ones every simulation shares.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use periscope_engine::Game;
use periscope_engine::policy::Policy;

use crate::Outcome;

/// A game's simulation: its flags (a clap `Args`) and what it prints.
pub trait Simulation: Args {
    /// The game it simulates: a registry line takes only its own game's simulation.
    type Game: Game;
    fn run(self, out: &mut dyn Write) -> Outcome;
}

/// A policy as named on the command line (`careful`, `default`, `random`): reports repeat the name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyName {
    pub name: String,
    pub policy: Policy,
}

impl PolicyName {
    /// Reads a policy's name (the engine's names: `careful`, its alias `default`, `random`).
    pub fn parse(name: &str) -> Result<Self, String> {
        Ok(Self {
            name: name.to_string(),
            policy: Policy::named(name)?,
        })
    }
}

/// The flags every simulation takes.
#[derive(Debug, Clone, Args)]
pub struct SimCommon {
    /// The first game's seed; game i uses seed N + i
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// The built-in captain: careful (or default) or random
    #[arg(long, value_name = "NAME", default_value = "careful", value_parser = PolicyName::parse)]
    pub policy: PolicyName,
    /// The game's options as JSON
    #[arg(long, value_name = "FILE")]
    pub options: Option<PathBuf>,
    /// Machine-readable output
    #[arg(long)]
    pub json: bool,
}

/// Games per second, or 0 when no time passed.
pub fn rate(count: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        count as f64 / seconds
    } else {
        0.0
    }
}
