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

/// A convoy series as the log writes it (`ON`, `HX`, `SC`).
pub fn series_of(convoy: periscope_data::atlantic::charts::ConvoyType) -> String {
    serde_json::to_value(convoy)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A convoy's series and size in the log's words: `ON small`.
pub fn convoy_words(convoy: periscope_data::atlantic::charts::ConvoyType, size: ConvoySize) -> String {
    let size = match size {
        ConvoySize::Large => "large",
        ConvoySize::Small => "small",
    };
    format!("{} {size}", series_of(convoy))
}

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

/// The career's Convoy Log on the print crate's model, from [`Career::convoy_log`]: one entry per mission
/// row in order (the print model greys every second one, which is the engine's upgrade row [3.5]
/// [6.3.3], mission numbers running from 1), the targets with the sunk ones circled, and the Canadian
/// "Refit" months [7.7.1] noted on the mission after them; the summary is the victory computation [5.2].
pub fn career_log(log: &periscope_engine::atlantic::career::ConvoyLog, soe_ship: &str) -> ConvoyLog {
    use periscope_engine::atlantic::career::LogRow;
    let mut missions: Vec<MissionEntry> = Vec::new();
    let mut refits: Vec<String> = Vec::new();
    for row in &log.rows {
        match row {
            LogRow::Refit { month } => refits.push(format!("Refit {} [7.7.1].", month.short())),
            LogRow::Mission(m) => {
                let mut notes: Vec<String> = std::mem::take(&mut refits);
                if let Some(ids) = &m.convoy_ids {
                    notes.push(format!("Convoys {ids} [12.5]."));
                }
                notes.push(format!("{} to {}.", m.from, m.to));
                let lost: Vec<String> = m.uboats_sunk.iter().map(|u| u.kind.clone()).collect();
                if !lost.is_empty() {
                    notes.push(format!("U-boats sunk: {}.", lost.join(", ")));
                }
                notes.extend(m.escort_notes.iter().cloned());
                if m.soe_sunk {
                    notes.push("The SOE's ship was sunk [5.1.2].".into());
                }
                missions.push(MissionEntry {
                    date: m.month.short(),
                    convoy: series_of(m.convoy),
                    size: match m.size {
                        ConvoySize::Large => "large".into(),
                        ConvoySize::Small => "small".into(),
                    },
                    targets: m
                        .targets
                        .iter()
                        .map(|t| Target {
                            name: t.name.clone(),
                            tonnage: t.tonnage,
                            sunk: t.sunk,
                        })
                        .collect(),
                    tonnage_lost: m.tonnage_lost,
                    uboats_sunk: u32::try_from(m.uboats_sunk.len()).unwrap_or(u32::MAX),
                    uboats_damaged: u32::try_from(m.uboats_damaged.len()).unwrap_or(u32::MAX),
                    notes: notes.join(" "),
                });
            }
        }
    }
    if !refits.is_empty()
        && let Some(last) = missions.last_mut()
    {
        last.notes = format!("{} {}", last.notes, refits.join(" ")).trim().to_string();
    }
    let summary = match &log.victory {
        Some(v) => Summary {
            victory_level: v.level_name.clone(),
            how: super::victory::how(v).join(". ") + ".",
        },
        None => Summary::default(),
    };
    ConvoyLog {
        group: log.group.clone(),
        soe: format!("{} {}", log.rank, log.soe).trim().to_string(),
        soe_ship: soe_ship.to_string(),
        missions,
        summary,
    }
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
