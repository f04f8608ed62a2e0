//! `periscope-cli counters list GAME`: every counter id of a game, the names the player's own counter
//! art is filed under (`<data folder>/counters/<game>/<id>.png`; `docs/counter-art.md`).
//!
//! The list is the game's counter mix (`periscope_data::counters::of_game`), the one Track mode's tray
//! lays out and every board draws from (the app's test checks each board's counters against it): id,
//! printed label, count and name, one per line, or a JSON array with `--json`.

use std::io::Write;
use std::process::ExitCode;

use clap::Subcommand;
use periscope_data::counters::{self, CounterMix};

use crate::{Failure, Outcome};

#[derive(Debug, Clone, Subcommand)]
pub enum CountersCommand {
    /// Every counter id of a game, with its label, count and name: the file names of counter art
    List {
        /// The game: hunt, sensuikan, atlantic or silent_war_ijn
        #[arg(value_name = "GAME")]
        game: String,
        /// Machine-readable output
        #[arg(long)]
        json: bool,
    },
}

pub fn run(command: &CountersCommand, out: &mut dyn Write) -> Outcome {
    match command {
        CountersCommand::List { game, json } => list(game, *json, out),
    }
}

/// The game ids the command takes, with the other names players use for them.
fn game_id(name: &str) -> &str {
    match name {
        "atlantic_sentinels" => "atlantic",
        "silent_war" | "silent-war-ijn" => "silent_war_ijn",
        other => other,
    }
}

fn list(name: &str, json: bool, out: &mut dyn Write) -> Outcome {
    let game = game_id(name);
    let mix = counters::of_game(game)
        .ok_or_else(|| {
            Failure(format!(
                "no game '{name}' has counters; the games are {}",
                counters::GAMES.join(", ")
            ))
        })?
        .map_err(|e| Failure(e.to_string()))?;
    if json {
        let rows: Vec<serde_json::Value> = mix
            .kinds
            .iter()
            .map(|k| {
                serde_json::json!({"id": k.id, "label": k.label, "name": k.name, "count": k.count,
                                   "group": k.group})
            })
            .collect();
        let text = serde_json::to_string_pretty(&rows).map_err(|e| Failure(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        table(out, game, &mix)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn table(out: &mut dyn Write, game: &str, mix: &CounterMix) -> std::io::Result<()> {
    let id_width = mix
        .kinds
        .iter()
        .map(|k| k.id.chars().count())
        .max()
        .unwrap_or(0)
        .max(2);
    let label_width = mix
        .kinds
        .iter()
        .map(|k| k.label.chars().count())
        .max()
        .unwrap_or(0);
    writeln!(
        out,
        "{} ({} kinds; pictures go in <data folder>/counters/{game}/<id>.png, .jpg or .jpeg):",
        mix.title,
        mix.kinds.len()
    )?;
    for k in &mix.kinds {
        writeln!(
            out,
            "{:<id_width$} {:<label_width$} {:>3}  {}",
            k.id, k.label, k.count, k.name
        )?;
    }
    Ok(())
}
