//! `sim … --by KEY`: the careers of a simulation grouped by one thing about them (the class, the start,
//! the base, the escort group), one row per value with its victory levels, median tonnage and survival.

use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;

use crate::{Failure, Outcome};

/// One career, as a study groups it.
pub struct StudyCareer {
    /// The value of the key for this career (`Kaidai 3a`, `1942-03`, `Truk`).
    pub value: String,
    /// Its victory level, as an index into the study's level names.
    pub level: usize,
    pub tonnage: u32,
    pub alive: bool,
}

/// One row of a study: the careers with one value of the key.
#[derive(Debug, Clone, Serialize)]
pub struct StudyRow {
    pub value: String,
    pub careers: u64,
    /// Careers per victory level, in the game's order.
    pub levels: Vec<(String, u64)>,
    pub tonnage_p50: u32,
    pub survival_rate: f64,
}

/// A whole study, as `--json` prints it.
#[derive(Debug, Clone, Serialize)]
pub struct Study {
    pub game: &'static str,
    pub policy: String,
    pub careers: u64,
    pub seed: u64,
    pub by: String,
    /// What the tonnage counts (`tonnage sunk`, `tonnage lost`).
    pub tonnage: &'static str,
    pub rows: Vec<StudyRow>,
}

/// Groups `careers` by their value, rows sorted by value.
pub fn rows(levels: &[String], careers: &[StudyCareer]) -> Vec<StudyRow> {
    let mut values: Vec<&str> = careers.iter().map(|c| c.value.as_str()).collect();
    values.sort_unstable();
    values.dedup();
    values
        .into_iter()
        .map(|value| {
            let these: Vec<&StudyCareer> = careers.iter().filter(|c| c.value == value).collect();
            let mut counts = vec![0u64; levels.len()];
            for c in &these {
                if let Some(n) = counts.get_mut(c.level) {
                    *n += 1;
                }
            }
            let mut tons: Vec<u32> = these.iter().map(|c| c.tonnage).collect();
            tons.sort_unstable();
            let n = these.len();
            StudyRow {
                value: value.to_string(),
                careers: n as u64,
                levels: levels.iter().cloned().zip(counts).collect(),
                tonnage_p50: tons.get(n.saturating_sub(1) / 2).copied().unwrap_or(0),
                survival_rate: these.iter().filter(|c| c.alive).count() as f64 / n.max(1) as f64,
            }
        })
        .collect()
}

/// Prints a study as a table (or JSON).
pub fn print(study: &Study, json: bool, out: &mut dyn Write) -> Outcome {
    if json {
        let text = serde_json::to_string_pretty(study).map_err(|e| Failure(e.to_string()))?;
        writeln!(out, "{text}")?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{} · {} careers by {} · policy {} · seed {}",
        study.game, study.careers, study.by, study.policy, study.seed
    )?;
    let names: Vec<&str> = study
        .rows
        .first()
        .map(|r| r.levels.iter().map(|(l, _)| l.as_str()).collect())
        .unwrap_or_default();
    write!(out, "{:<24} {:>7}", study.by, "careers")?;
    for l in &names {
        write!(out, " {:>8}", short(l))?;
    }
    writeln!(out, "  {:>12}  survival", format!("{} p50", study.tonnage))?;
    for r in &study.rows {
        write!(out, "{:<24} {:>7}", r.value, r.careers)?;
        for (_, c) in &r.levels {
            let share = 100.0 * *c as f64 / r.careers.max(1) as f64;
            write!(out, " {:>7.1}%", share)?;
        }
        writeln!(
            out,
            "  {:>12}  {:>7.1}%",
            format!("{} t", r.tonnage_p50),
            100.0 * r.survival_rate
        )?;
    }
    writeln!(out, "levels: {}", names.join(" · "))?;
    Ok(ExitCode::SUCCESS)
}

/// A level's name cut to a column: its first eight characters.
fn short(name: &str) -> String {
    name.chars().take(8).collect()
}
