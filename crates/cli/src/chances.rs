//! `sim --from SAVE --careers N`: "what are my chances from here". From the save's current decision, N
//! careers are played on to their end by the careful captain across every core, each with dice of its
//! own (continuation i rolls seed S+i), and the distribution of their endings is printed. The same save
//! and seed give the same distribution for any number of threads.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64};

use clap::ArgMatches;
use periscope_engine::Session;
pub use periscope_engine::chances::Chances;
use periscope_engine::chances::{Plan, Stopped, play_on};
use periscope_engine::save::SaveFile;
use serde::Serialize;

use crate::sim;
use crate::{Failure, Outcome};

/// The flags of `sim --from`.
#[derive(Debug, Clone)]
pub struct ChancesArgs {
    pub from: PathBuf,
    pub careers: u64,
    pub seed: u64,
    pub threads: Option<usize>,
    pub json: bool,
}

impl ChancesArgs {
    pub fn from_matches(m: &ArgMatches) -> Option<Self> {
        let from = m.get_one::<PathBuf>("from")?.clone();
        Some(Self {
            from,
            careers: m.get_one::<u64>("careers").copied().unwrap_or(200),
            seed: m.get_one::<u64>("seed").copied().unwrap_or(1),
            threads: m.get_one::<usize>("threads").copied(),
            json: m.get_flag("json"),
        })
    }
}

#[derive(Serialize)]
struct ChancesReport {
    game: &'static str,
    from: String,
    /// Actions already played in the save.
    at_action: usize,
    careers: u64,
    seed: u64,
    policy: &'static str,
    levels: Vec<(String, u64)>,
    tonnage: &'static str,
    tonnage_p10: u32,
    tonnage_p50: u32,
    tonnage_p90: u32,
    survival_rate: f64,
}

/// Plays the continuations of a save and prints their distribution.
pub fn chances<G: Chances>(path: &Path, save: SaveFile, args: &ChancesArgs, out: &mut dyn Write) -> Outcome {
    let session = Session::<G>::from_save(save).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    let start = session.game().clone();
    let at_action = session.actions().len();
    let plan = Plan {
        continuations: args.careers,
        seed: args.seed,
        threads: sim::threads(args.threads),
    };
    let tallies =
        play_on(&start, &plan, &AtomicU64::new(0), &AtomicBool::new(false)).map_err(|e| match e {
            Stopped::Failed(why) => Failure(why),
            Stopped::Cancelled => Failure("cancelled".into()),
        })?;
    let n = args.careers.max(1) as f64;
    let report = ChancesReport {
        game: G::ID,
        from: path.display().to_string(),
        at_action,
        careers: args.careers,
        seed: args.seed,
        policy: "careful",
        levels: tallies.levels.clone(),
        tonnage: G::TONNAGE,
        tonnage_p10: tallies.tonnage_at(10),
        tonnage_p50: tallies.tonnage_at(50),
        tonnage_p90: tallies.tonnage_at(90),
        survival_rate: tallies.survivors as f64 / n,
    };
    if args.json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| Failure(e.to_string()))?;
        writeln!(out, "{text}")?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{} · chances from action {} of {} · {} careers played on by the careful captain · seed {}",
        report.game, report.at_action, report.from, report.careers, report.seed
    )?;
    for (l, c) in &report.levels {
        writeln!(out, "  {l:<21} {c:>6}  {:5.1}%", 100.0 * *c as f64 / n)?;
    }
    writeln!(
        out,
        "  {} p10 {} t · p50 {} t · p90 {} t",
        report.tonnage, report.tonnage_p10, report.tonnage_p50, report.tonnage_p90
    )?;
    writeln!(out, "  survival {:.1}%", 100.0 * report.survival_rate)?;
    Ok(ExitCode::SUCCESS)
}
