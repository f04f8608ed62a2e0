//! `periscope-cli charts`: the Sensuikan chart set and players' override files.
//!
//! `charts list` prints each shipped chart: id, title, dice, shape and row count.
//! `charts check FILE` validates an override file exactly as the game would load it: `OK` with the charts
//! (and class entries) it overrides, or every error on its own line (`file, chart X, entry row N: …`) and
//! exit code 1.

use std::process::ExitCode;

use periscope_data::overrides;
use periscope_data::sensuikan::charts::Charts;

pub const USAGE: &str = "charts needs: list | check FILE";

pub fn run(rest: &[String]) -> Result<ExitCode, String> {
    match rest {
        [cmd] if cmd == "list" => list(),
        [cmd, file] if cmd == "check" => check(file),
        [cmd] if cmd == "check" => Err("charts check needs an override file".into()),
        _ => Err(USAGE.into()),
    }
}

fn list() -> Result<ExitCode, String> {
    let charts = Charts::shipped().map_err(|e| e.to_string())?;
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
    println!("Sensuikan charts ({}):", summaries.len());
    for s in summaries {
        println!(
            "{:<4} {:<title_width$}  {:<dice_width$}  {:>4} rows  {}",
            s.id, s.title, s.dice, s.rows, s.shape
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn check(file: &str) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let report = overrides::check_sensuikan(file, &text).map_err(|e| e.to_string())?;
    if report.is_ok() {
        let mut what = Vec::new();
        if !report.charts.is_empty() {
            what.push(format!("charts {}", report.charts.join(", ")));
        }
        if !report.classes.is_empty() {
            what.push(format!("classes {}", report.classes.join(", ")));
        }
        if what.is_empty() {
            println!("OK: {file} overrides nothing");
        } else {
            println!("OK: {file} overrides {}", what.join("; "));
        }
        Ok(ExitCode::SUCCESS)
    } else {
        for e in &report.errors {
            println!("{e}");
        }
        Ok(ExitCode::from(1))
    }
}
