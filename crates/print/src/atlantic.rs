//! The Atlantic Sentinels Convoy Log [3.5] [4.3.2]: one row per convoy escort mission, two to a month
//! (every second row grey, as the paper sheet has it), with the date, the convoy and its size, the
//! targets by name and tonnage (the ships sunk marked † and ringed), the tonnage lost, and the U-boats sunk and
//! damaged; a summary block at the foot (the totals and the victory level with how it was reached).
//!
//! The sheet is printed from a model of its own, [`ConvoyLog`], which knows no game state: the single
//! convoy of the desktop fills it from one mission's result (one row), and a career can fill it mission
//! by mission. Every field is what a player writes on the paper log.

use periscope_data::atlantic::catalog::merchants::ConvoySize;
use periscope_engine::atlantic::career::VictoryComputation;

use crate::{Column, LIST_SEPARATOR, LogSheet, RINGED, Row, md_text};

/// A ship of the convoy that came under attack, as the Convoy Log lists it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Target {
    /// The merchant's name (`Coracero`).
    pub name: String,
    /// Gross register tons.
    pub tonnage: u32,
    /// Sunk: marked † (and ringed on the PDF).
    pub sunk: bool,
}

/// One row of the log: one convoy escort mission.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MissionEntry {
    /// The month as the log writes it: `2/42`.
    pub date: String,
    /// The convoy's series: `ON`, `HX`, `SC`.
    pub convoy: String,
    /// `large` or `small`.
    pub size: String,
    /// Every merchant attacked, in the order they were hit; the sunk ones are circled.
    pub targets: Vec<Target>,
    /// The tonnage of the merchants sunk (the sum of the circled targets, unless an event adds to it).
    pub tonnage_lost: u32,
    pub uboats_sunk: u32,
    pub uboats_damaged: u32,
    /// Anything else the player notes: the escorts lost, an event, the refit.
    pub notes: String,
}

/// The summary block at the foot of the log: how the career (or the single convoy) ended.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Summary {
    /// The victory level, when it has been reached (`Tactical victory`); empty for a single convoy.
    pub victory_level: String,
    /// How it was computed, in a line (`U-boats sunk x 10,000 t against 24,300 t lost [5.1.3]`).
    pub how: String,
}

/// The whole Convoy Log.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConvoyLog {
    /// The escort group: `B-1`.
    pub group: String,
    /// The Senior Officer Escort's name; empty prints a box to fill in.
    pub soe: String,
    /// The SOE's ship.
    pub soe_ship: String,
    pub missions: Vec<MissionEntry>,
    pub summary: Summary,
}

impl ConvoyLog {
    pub fn tonnage_lost(&self) -> u32 {
        self.missions.iter().map(|m| m.tonnage_lost).sum()
    }
    pub fn merchants_sunk(&self) -> usize {
        self.missions
            .iter()
            .flat_map(|m| &m.targets)
            .filter(|t| t.sunk)
            .count()
    }
    pub fn uboats_sunk(&self) -> u32 {
        self.missions.iter().map(|m| m.uboats_sunk).sum()
    }
    pub fn uboats_damaged(&self) -> u32 {
        self.missions.iter().map(|m| m.uboats_damaged).sum()
    }
}

/// A target as every form of the log writes it: `† Coracero 7,257 t` when sunk, `Fort Camosun 7,126 t`
/// when only damaged. The victory screen, the preview, the PDF (which rings the marked ones), the CSV and
/// the Markdown all mark a ship sunk with the same † [4.3.2].
pub fn target_item(name: &str, tonnage: u32, sunk: bool) -> String {
    format!("{}{name} {} t", sunk_mark(sunk), tons(tonnage))
}

/// The mark before a ship sunk (`† `), nothing before one afloat.
pub fn sunk_mark(sunk: bool) -> String {
    if sunk { format!("{RINGED} ") } else { String::new() }
}

/// An id of the data (`on113`, `ons154`, `a3`) as the rulebook writes the name: the letters in capitals,
/// then the number, apart (`ON 113`, `ONS 154`) or, for an escort group, joined by a dash (`A-3`). A name
/// already written so is left as it is.
pub fn book_name(id: &str, dash: bool) -> String {
    let letters: String = id.chars().take_while(char::is_ascii_alphabetic).collect();
    let number = &id[letters.len()..];
    if letters.is_empty() || number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
        return id.to_string();
    }
    format!(
        "{}{}{number}",
        letters.to_uppercase(),
        if dash { "-" } else { " " }
    )
}

/// `35200` → `35,200`.
pub fn tons(t: u32) -> String {
    let digits = t.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The months a convoy may sail: 2/42 to 6/43 [4.2.1] [5.1.1].
pub fn months() -> Vec<String> {
    let mut v = Vec::new();
    for m in 2..=12 {
        v.push(format!("{m}/42"));
    }
    for m in 1..=6 {
        v.push(format!("{m}/43"));
    }
    v
}

/// The Convoy Log's columns.
pub fn columns() -> Vec<Column> {
    vec![
        Column::text("Date", 0.6),
        Column::text("Convoy", 0.7),
        Column::text("Size", 0.6),
        Column::list("Targets (name and tons, † sunk)", 4.2, 3),
        Column::number("Tonnage lost", 0.9),
        Column::number("U-boats sunk", 0.7),
        Column::number("U-boats damaged", 0.8),
    ]
}

fn header(log: &ConvoyLog) -> Vec<(String, String)> {
    vec![
        ("Escort group".into(), log.group.clone()),
        ("Senior Officer Escort".into(), log.soe.clone()),
        ("SOE's ship".into(), log.soe_ship.clone()),
    ]
}

fn totals(log: &ConvoyLog, blank: bool) -> Vec<(String, String)> {
    let value = |s: String| if blank { String::new() } else { s };
    vec![
        ("Missions".into(), value(log.missions.len().to_string())),
        ("Merchants sunk".into(), value(log.merchants_sunk().to_string())),
        (
            "Tonnage lost".into(),
            value(format!("{} t", tons(log.tonnage_lost()))),
        ),
        ("U-boats sunk".into(), value(log.uboats_sunk().to_string())),
        ("U-boats damaged".into(), value(log.uboats_damaged().to_string())),
        ("Victory level".into(), log.summary.victory_level.clone()),
    ]
}

const TITLE: &str = "ATLANTIC SENTINELS · CONVOY LOG";
const FOOTER: &str =
    "Two missions a month; ships sunk marked † and ringed. Tonnage lost counts the merchants sunk [4.3.2].";

/// The targets' cell: `† Coracero 7,257 t; Fort ship 7,100 t`, the sunk ones marked (and so ringed).
fn targets_cell(targets: &[Target]) -> String {
    targets
        .iter()
        .map(|t| target_item(&t.name, t.tonnage, t.sunk))
        .collect::<Vec<_>>()
        .join(LIST_SEPARATOR)
}

/// The log filled in: a row per mission, every second one grey (the second of its month).
pub fn convoy_log(log: &ConvoyLog) -> LogSheet {
    let rows = log
        .missions
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let row = Row::new([
                m.date.clone(),
                m.convoy.clone(),
                m.size.clone(),
                targets_cell(&m.targets),
                if m.tonnage_lost > 0 {
                    tons(m.tonnage_lost)
                } else {
                    String::new()
                },
                m.uboats_sunk.to_string(),
                m.uboats_damaged.to_string(),
            ])
            .with_notes(m.notes.clone());
            if i % 2 == 1 { row.grey() } else { row }
        })
        .collect();
    let mut footer = FOOTER.to_string();
    if !log.summary.how.is_empty() {
        footer = format!("{} {footer}", log.summary.how);
    }
    LogSheet {
        title: TITLE.into(),
        subtitle: format!("Escort group {}", log.group),
        header: header(log),
        columns: columns(),
        rows,
        totals: totals(log, false),
        footer,
    }
}

/// The blank log to print for a physical game: two rows a month from 2/42 to 6/43, the second grey.
pub fn blank_convoy_log() -> LogSheet {
    let columns = columns();
    let rows = months()
        .into_iter()
        .flat_map(|m| [m.clone(), m])
        .enumerate()
        .map(|(i, m)| {
            let mut cells = vec![m];
            cells.resize(columns.len(), String::new());
            let row = Row::new(cells);
            if i % 2 == 1 { row.grey() } else { row }
        })
        .collect();
    LogSheet {
        title: TITLE.into(),
        subtitle: "North Atlantic convoy escort, 1942-1943".into(),
        header: header(&ConvoyLog::default()),
        columns,
        rows,
        totals: totals(&ConvoyLog::default(), true),
        footer: FOOTER.into(),
    }
}

/// Every target as a table row, for a spreadsheet: date, convoy, size, ship (marked † when sunk), tons,
/// sunk or damaged.
pub fn targets_table(log: &ConvoyLog) -> LogSheet {
    let rows = log
        .missions
        .iter()
        .flat_map(|m| {
            m.targets.iter().map(move |t| {
                Row::new([
                    m.date.clone(),
                    m.convoy.clone(),
                    m.size.clone(),
                    format!("{}{}", sunk_mark(t.sunk), t.name),
                    t.tonnage.to_string(),
                    if t.sunk { "sunk" } else { "damaged" }.to_string(),
                ])
            })
        })
        .collect();
    LogSheet {
        title: TITLE.into(),
        columns: vec![
            Column::text("Date", 1.0),
            Column::text("Convoy", 1.0),
            Column::text("Size", 1.0),
            Column::text("Ship", 2.0),
            Column::number("Tons", 1.0),
            Column::text("Result", 1.0),
        ],
        rows,
        ..Default::default()
    }
}

/// An after-action report in Markdown, for a forum. The log's texts (the SOE the player named, the
/// group, the ships, the notes) are shown, never obeyed: no escape sequence and no Markdown of theirs is
/// made ([`md_text`]).
pub fn after_action_report(log: &ConvoyLog) -> String {
    let mut out = format!("# Convoy Log of escort group {}\n\n", md_text(&log.group));
    if !log.soe.is_empty() || !log.soe_ship.is_empty() {
        out += &format!(
            "Senior Officer Escort: {} ({})\n\n",
            md_text(&log.soe),
            md_text(&log.soe_ship)
        );
    }
    for m in &log.missions {
        out += &format!(
            "## {} · {} convoy, {}\n\n",
            md_text(&m.date),
            md_text(&m.convoy),
            md_text(&m.size)
        );
        if m.targets.is_empty() {
            out += "No ship of the convoy was hit.\n";
        }
        for t in &m.targets {
            let fate = if t.sunk { "**sunk**" } else { "damaged" };
            out += &format!(
                "- {}: {fate}\n",
                md_text(&target_item(&t.name, t.tonnage, t.sunk))
            );
        }
        out += &format!(
            "\nTonnage lost: {} t · U-boats sunk: {} · U-boats damaged: {}\n\n",
            tons(m.tonnage_lost),
            m.uboats_sunk,
            m.uboats_damaged
        );
        if !m.notes.is_empty() {
            out += &format!("{}\n\n", md_text(&m.notes));
        }
    }
    out += &format!(
        "## Totals\n\n{} mission(s) · {} merchant(s) sunk, {} t lost · {} U-boat(s) sunk, {} damaged\n",
        log.missions.len(),
        log.merchants_sunk(),
        tons(log.tonnage_lost()),
        log.uboats_sunk(),
        log.uboats_damaged()
    );
    if !log.summary.victory_level.is_empty() {
        out += &format!(
            "\nVictory level: {}. {}\n",
            md_text(&log.summary.victory_level),
            md_text(&log.summary.how)
        );
    }
    out
}

// ---- The Atlantic career's log, read from the engine (the app's Print / Export… and `periscope-cli
// export` share it).

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

/// The lines of how the level was reached [5.2.2] [5.2.3] [5.2.4] [7.4.2] [5.1.2].
pub fn victory_how(v: &VictoryComputation) -> Vec<String> {
    let mut lines = vec![format!(
        "{} t on the Convoy Log{} = {} t counted: {} [5.2.2]",
        tons(v.tonnage_lost),
        if v.tons_added > 0 {
            format!(" + {} t for a Canadian group [5.2.4]", tons(v.tons_added))
        } else {
            String::new()
        },
        tons(v.tons_counted),
        v.base_level_name
    )];
    lines.push(format!(
        "Shifts: {:+} for U-boats sunk [5.2.3], {:+} for tonnage beyond Defeat [5.2.3 ERRATA], {:+} for \
         crypto captures [7.4.2]: {:+} in all, the level clamped once",
        v.uboat_shift, v.tonnage_shift, v.crypto_shift, v.total_shift
    ));
    if v.soe_sunk {
        lines.push("The SOE's ship was sunk: Defeat, whatever the shifts [5.1.2]".into());
    }
    if let Some(s) = &v.scenario {
        lines.push(format!(
            "Scenario {}: {} merchants lost less {} U-boats sunk = {} (at most {}): {} [11.1]",
            book_name(&s.scenario, false),
            s.merchants_lost,
            s.uboats_sunk,
            s.counted,
            s.max_merchants_lost,
            if s.won { "won" } else { "lost" }
        ));
    }
    if let Some(g) = &v.german_level {
        lines.push(format!("The U-boat player's result: {g} [10.1]"));
    }
    lines.push(format!("Final rank: {} [5.1.3]", v.final_rank));
    lines
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
            how: victory_how(v).join(". ") + ".",
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

#[cfg(test)]
mod tests {
    use super::*;

    /// [4.2.1] [5.1.1] The blank log runs from 2/42 to 6/43, two rows a month, every second grey.
    #[test]
    fn the_blank_log_has_two_rows_a_month_every_second_grey() {
        let sheet = blank_convoy_log();
        assert_eq!(sheet.rows.len(), 17 * 2);
        assert_eq!(sheet.rows[0].cells[0], "2/42");
        assert_eq!(sheet.rows[33].cells[0], "6/43");
        assert!(
            sheet
                .rows
                .iter()
                .enumerate()
                .all(|(i, r)| r.shaded == (i % 2 == 1))
        );
    }

    /// Ids are shown as the book names them: the scenarios `ON 113` and `ONS 154`, the group `A-3`.
    #[test]
    fn ids_are_shown_as_the_book_names_them() {
        assert_eq!(book_name("on113", false), "ON 113");
        assert_eq!(book_name("ons154", false), "ONS 154");
        assert_eq!(book_name("a3", true), "A-3");
        assert_eq!(book_name("B-1", true), "B-1");
        assert_eq!(book_name("C-2", false), "C-2");
        assert_eq!(tons(538_500), "538,500");
    }

    /// The sunk targets are marked † (and so ringed on the PDF), the others are not; the CSV and the
    /// Markdown mark them the same way.
    #[test]
    fn only_the_sunk_targets_are_marked() {
        let cell = targets_cell(&[
            Target {
                name: "Coracero".into(),
                tonnage: 7257,
                sunk: true,
            },
            Target {
                name: "Fort ship".into(),
                tonnage: 7100,
                sunk: false,
            },
        ]);
        assert_eq!(cell, "† Coracero 7,257 t; Fort ship 7,100 t");
        assert_eq!(target_item("Coracero", 7257, true), "† Coracero 7,257 t");
        let log = ConvoyLog {
            missions: vec![MissionEntry {
                targets: vec![
                    Target {
                        name: "Coracero".into(),
                        tonnage: 7257,
                        sunk: true,
                    },
                    Target {
                        name: "Fort ship".into(),
                        tonnage: 7100,
                        sunk: false,
                    },
                ],
                ..Default::default()
            }],
            ..Default::default()
        };
        let csv = crate::csv(&targets_table(&log));
        assert!(
            csv.contains("† Coracero,7257,sunk") && csv.contains(",Fort ship,7100,damaged"),
            "{csv}"
        );
        let md = after_action_report(&log);
        assert!(md.contains("- † Coracero 7,257 t: **sunk**") && md.contains("- Fort ship 7,100 t: damaged"));
    }
}
