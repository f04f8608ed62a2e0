//! `periscope-cli charts`: the games' chart sets and players' override files.
//!
//! `charts list [GAME]` prints each shipped chart of a game (Sensuikan's when no game is named): id,
//! title, dice, shape and row count; for Atlantic Sentinels also the procedure charts and the parts of
//! the tactical display, which an override file may replace too. Each game lists its own charts
//! (`career.rs`, `atlantic.rs`), reached through its registry line.
//! `charts check FILE` validates an override file exactly as the game would load it: `OK` with the charts
//! (and class entries) it overrides, or every error on its own line (`file, chart X, entry row N: …`) and
//! exit code 1.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use periscope_data::overrides;

use crate::play::read;
use crate::registry::Registry;
use crate::{Failure, Outcome};

#[derive(Debug, Clone, Subcommand)]
pub enum ChartsCommand {
    /// Every shipped chart of a game (Sensuikan's by default): id, title, dice, rows and shape
    List {
        /// The game: sensuikan or atlantic
        #[arg(value_name = "GAME")]
        game: Option<String>,
    },
    /// Checks a player's override file as the game would load it: OK, or every error (exit 1)
    Check {
        /// The override file (JSON)
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

pub fn run(registry: &Registry, command: &ChartsCommand, out: &mut dyn Write) -> Outcome {
    match command {
        ChartsCommand::List { game } => list(registry, game.as_deref(), out),
        ChartsCommand::Check { file } => check(file, out),
    }
}

/// Prints the charts of the game named (by default the registry's first game with charts), through
/// its registry line.
fn list(registry: &Registry, game: Option<&str>, out: &mut dyn Write) -> Outcome {
    let sets: Vec<_> = registry
        .games()
        .iter()
        .filter_map(|e| e.charts.as_ref())
        .collect();
    let name = game.or_else(|| sets.first().and_then(|c| c.names.first().copied()));
    let Some(set) = name.and_then(|n| sets.iter().find(|c| c.names.contains(&n))) else {
        let games: Vec<&str> = sets.iter().filter_map(|c| c.names.first().copied()).collect();
        return Err(Failure(format!(
            "no game '{}' has charts to list; the games with charts are {}",
            name.unwrap_or_default(),
            games.join(", ")
        )));
    };
    (set.list)(out)?;
    Ok(ExitCode::SUCCESS)
}

fn check(path: &Path, out: &mut dyn Write) -> Outcome {
    let text = read(path)?;
    let file = path.display().to_string();
    let report = overrides::check(&file, &text).map_err(|e| Failure(e.to_string()))?;
    if report.is_ok() {
        let mut what = Vec::new();
        if !report.charts.is_empty() {
            what.push(format!("charts {}", report.charts.join(", ")));
        }
        if !report.classes.is_empty() {
            what.push(format!("classes {}", report.classes.join(", ")));
        }
        if !report.counters.is_empty() {
            what.push(format!("counters {}", report.counters.join(", ")));
        }
        if what.is_empty() {
            writeln!(out, "OK: {file} overrides nothing")?;
        } else {
            writeln!(out, "OK: {file} overrides {}", what.join("; "))?;
        }
        Ok(ExitCode::SUCCESS)
    } else {
        for e in &report.errors {
            writeln!(out, "{e}")?;
        }
        Ok(ExitCode::from(1))
    }
}
