//! The single convoy's paperwork for Print / Export…: the Convoy Log of `periscope-print` filled from
//! the mission's result, one row [3.5] [4.3.2] — the targets with their tonnage (those sunk circled), the
//! tonnage lost, the U-boats sunk and damaged — with the blank log for a physical game, the targets as
//! CSV and an after-action report in Markdown.

use periscope_data::atlantic::catalog::merchants::ConvoySize;
use periscope_engine::atlantic::{Mission, MissionResult};
use periscope_print::atlantic::{self, ConvoyLog, MissionEntry, Summary, Target};

use crate::panels::export::Paperwork;

/// The convoy's series as the log writes it.
fn series(r: &MissionResult) -> String {
    series_of(r.convoy)
}

pub use periscope_print::atlantic::{convoy_words, series_of};

/// The Convoy Log of one mission: its row, and the SOE's ship (the first of the group [4.4.2]).
pub fn log_of(game: &Mission, r: &MissionResult) -> ConvoyLog {
    let targets = r
        .ships
        .iter()
        .filter(|s| s.sunk || s.damage > 0)
        .map(|s| Target {
            name: s.name.clone(),
            tonnage: s.tonnage,
            sunk: s.sunk,
        })
        .collect();
    let lost_escorts: Vec<&str> = r
        .escorts
        .iter()
        .filter(|e| e.sunk)
        .map(|e| e.name.as_str())
        .collect();
    let mut notes = r.end.describe();
    if !lost_escorts.is_empty() {
        notes = format!("{notes} Escorts lost: {}.", lost_escorts.join(", "));
    }
    ConvoyLog {
        group: r.group.clone(),
        soe: String::new(),
        soe_ship: game
            .group()
            .escorts
            .first()
            .map(|e| e.name.clone())
            .unwrap_or_default(),
        missions: vec![MissionEntry {
            date: r.month.short(),
            convoy: series(r),
            size: match r.size {
                ConvoySize::Large => "large".into(),
                ConvoySize::Small => "small".into(),
            },
            targets,
            tonnage_lost: r.tonnage_lost,
            uboats_sunk: u32::try_from(r.uboats_sunk.len()).unwrap_or(u32::MAX),
            uboats_damaged: u32::try_from(r.uboats_damaged.len()).unwrap_or(u32::MAX),
            notes,
        }],
        summary: Summary::default(),
    }
}

/// Print / Export…: the filled log once the mission is over, the blank log before.
pub fn paperwork(game: &Mission) -> Option<Paperwork> {
    let Some(r) = game.result() else {
        let blank = atlantic::blank_convoy_log();
        return Some(Paperwork {
            sheets: vec![blank.clone()],
            table: blank,
            report: "The convoy is still at sea: the Convoy Log is filled in when it arrives.\n".into(),
            name: "atlantic-convoy-log-blank".into(),
        });
    };
    let log = log_of(game, &r);
    Some(Paperwork {
        sheets: vec![atlantic::convoy_log(&log)],
        table: atlantic::targets_table(&log),
        report: atlantic::after_action_report(&log),
        name: format!("convoy-log-{}-{}", r.group, r.month.short().replace('/', "-")).to_lowercase(),
    })
}

/// The career's Convoy Log on the print crate's model ([`periscope_print::atlantic::career_log`]).
pub fn career_log(log: &periscope_engine::atlantic::career::ConvoyLog, soe_ship: &str) -> ConvoyLog {
    atlantic::career_log(log, soe_ship)
}

/// Print / Export… of a career: its Convoy Log so far (the blank log before a group is chosen).
pub fn career_paperwork(game: &periscope_engine::atlantic::career::Career) -> Option<Paperwork> {
    let Some(log) = game.convoy_log().filter(|l| !l.group.is_empty()) else {
        let blank = atlantic::blank_convoy_log();
        return Some(Paperwork {
            sheets: vec![blank.clone()],
            table: blank,
            report: "No escort group yet: the Convoy Log is filled in as the career goes.\n".into(),
            name: "atlantic-convoy-log-blank".into(),
        });
    };
    let soe_ship = game
        .command()
        .and_then(|c| c.ships.first())
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let printed = career_log(log, &soe_ship);
    Some(Paperwork {
        sheets: vec![atlantic::convoy_log(&printed)],
        table: atlantic::targets_table(&printed),
        report: atlantic::after_action_report(&printed),
        name: format!("convoy-log-{}-career", log.group_id).to_lowercase(),
    })
}
