//! `periscope-cli charts`: the Sensuikan chart set and players' override files.
//!
//! `charts list` prints each shipped chart: id, title, dice, shape and row count.
//! `charts check FILE` validates an override file exactly as the game would load it: `OK` with the charts
//! (and class entries) it overrides, or every error on its own line (`file, chart X, entry row N: …`) and
//! exit code 1.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use periscope_data::overrides;
use periscope_data::sensuikan::charts::Charts;

use crate::play::read;
use crate::{Failure, Outcome};

#[derive(Debug, Clone, Subcommand)]
pub enum ChartsCommand {
    /// Every shipped chart: id, title, dice, rows and shape
    List,
    /// Checks a players' override file as the game would load it: OK, or every error (exit 1)
    Check {
        /// The override file (JSON)
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

pub fn run(command: &ChartsCommand, out: &mut dyn Write) -> Outcome {
    match command {
        ChartsCommand::List => list(out),
        ChartsCommand::Check { file } => check(file, out),
    }
}

fn list(out: &mut dyn Write) -> Outcome {
    let charts = Charts::shipped().map_err(|e| Failure(e.to_string()))?;
    let summaries = charts.summaries();
    let title_width = summaries
        .iter()
        .map(|s| s.title.chars().count())
        .max()
        .unwrap_or(0);
    let dice_width = summaries
        .iter()
        .map(|s| s.dice.chars().count())
        .max()
        .unwrap_or(0);
    writeln!(out, "Sensuikan charts ({}):", summaries.len())?;
    for s in summaries {
        writeln!(
            out,
            "{:<4} {:<title_width$}  {:<dice_width$}  {:>4} rows  {}",
            s.id, s.title, s.dice, s.rows, s.shape
        )?;
    }
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
