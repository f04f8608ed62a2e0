//! `periscope-cli charts`: the games' chart sets and players' override files.
//!
//! `charts list [GAME]` prints each shipped chart of a game (Sensuikan's when no game is named): id,
//! title, dice, shape and row count; for Atlantic Sentinels also the procedure charts and the parts of
//! the tactical display, which an override file may replace too.
//! `charts check FILE` validates an override file exactly as the game would load it: `OK` with the charts
//! (and class entries) it overrides, or every error on its own line (`file, chart X, entry row N: …`) and
//! exit code 1.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use periscope_data::atlantic::Atlantic;
use periscope_data::overrides;
use periscope_data::sensuikan::charts::Charts;
use periscope_data::summary::Summary;

use crate::play::read;
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

pub fn run(command: &ChartsCommand, out: &mut dyn Write) -> Outcome {
    match command {
        ChartsCommand::List { game } => list(game.as_deref(), out),
        ChartsCommand::Check { file } => check(file, out),
    }
}

/// The games whose charts `charts list` prints.
const GAMES: &str = "sensuikan, atlantic";

fn list(game: Option<&str>, out: &mut dyn Write) -> Outcome {
    match game.unwrap_or("sensuikan") {
        "sensuikan" => {
            let charts = Charts::shipped().map_err(|e| Failure(e.to_string()))?;
            section(out, "Sensuikan charts", &charts.summaries())?;
        }
        "atlantic" | "atlantic_sentinels" => {
            let data = Atlantic::shipped().map_err(|e| Failure(e.to_string()))?;
            section(out, "Atlantic Sentinels charts", &data.charts.summaries())?;
            section(
                out,
                "Atlantic Sentinels procedure charts",
                &data.procedures.summaries(),
            )?;
            section(
                out,
                "Atlantic Sentinels tactical display",
                &data.tactical.summaries(),
            )?;
        }
        other => {
            return Err(Failure(format!(
                "no game '{other}' has charts to list; the games with charts are {GAMES}"
            )));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One game's charts under a heading, in aligned columns.
fn section(out: &mut dyn Write, heading: &str, summaries: &[Summary]) -> std::io::Result<()> {
    let width = |f: fn(&Summary) -> &str| summaries.iter().map(|s| f(s).chars().count()).max().unwrap_or(0);
    let id_width = width(|s| &s.id).max(4);
    let title_width = width(|s| &s.title);
    let dice_width = width(|s| &s.dice);
    writeln!(out, "{heading} ({}):", summaries.len())?;
    for s in summaries {
        writeln!(
            out,
            "{:<id_width$} {:<title_width$}  {:<dice_width$}  {:>4} rows  {}",
            s.id, s.title, s.dice, s.rows, s.shape
        )?;
    }
    Ok(())
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
