//! The moments of an Atlantic Sentinels career that get a card of their own over the table, as
//! Sensuikan's patrol report does: the **convoy report** when a convoy makes port (the ships lost by name
//! and tonnage, the U-boats sunk and damaged with their credit, the escorts hurt, the crews that rose
//! [7.5.1]) and the **harbour** when the refit is over and the next convoy is assigned (the refit's rolls:
//! repairs [7.4.3], upgrades [6.3.3], air support, promotion [7.6.2]; the fittings chosen; the next
//! assignment [6.1]). A card holds the game at every pace until it is closed.

use periscope_engine::atlantic::career::{Career, CareerEvent, MissionRow};
use periscope_engine::atlantic::{Mission, MissionEvent};

use crate::table::{Moment, MomentLine};

use periscope_print::atlantic::tons;

/// The moments one step of the career reached: a convoy's report when its mission ended in the step, the
/// harbour when the step sailed the next convoy after a refit.
pub fn of_step(before: &Career, events: &[CareerEvent], from: usize, after: &Career) -> Vec<Moment> {
    let step = events.get(from..).unwrap_or_default();
    let mut moments = Vec::new();
    let ended = step
        .iter()
        .position(|e| matches!(e, CareerEvent::MissionOver { .. }));
    if let Some(at) = ended
        && let Some(row) = last_row(after, before)
    {
        moments.push(convoy_report(row, &step[at..]));
    }
    // The next convoy is assigned [6.1 1A] after a refit: the harbour, before it sails its first box.
    let assigned = step.iter().any(|e| {
        matches!(
            e,
            CareerEvent::Mission {
                mission: MissionEvent::Assigned { .. },
                ..
            }
        )
    });
    let refitted = events[..from.min(events.len())]
        .iter()
        .any(|e| matches!(e, CareerEvent::MissionOver { .. }));
    if assigned
        && refitted
        && let Some(m) = after.mission()
    {
        let since = events
            .iter()
            .rposition(|e| matches!(e, CareerEvent::MissionOver { .. }))
            .map_or(events.len(), |i| i + 1);
        moments.push(harbour(after, &events[since..], m));
    }
    moments
}

/// The row the ended mission wrote: the newest of the log of the commander who sailed it.
fn last_row<'a>(after: &'a Career, before: &Career) -> Option<&'a MissionRow> {
    let who = before.at().min(after.commands().len().saturating_sub(1));
    after.commands().get(who)?.log.missions().last()
}

/// The convoy report: what the convoy lost and what the group did to the wolf packs.
pub fn convoy_report(row: &MissionRow, after_end: &[CareerEvent]) -> Moment {
    let mut lines = vec![MomentLine::text(format!(
        "{} {} convoy, {} (mission {}): {} to {}; the group refits at {}.",
        size_word(row),
        periscope_print::atlantic::series_of(row.convoy),
        row.month.long(),
        row.number,
        row.from,
        row.to,
        row.refit_at
    ))];
    lines.push(MomentLine::heading("Ships lost [7.1.3]"));
    let lost: Vec<_> = row.targets.iter().filter(|t| t.sunk).collect();
    if lost.is_empty() {
        lines.push(MomentLine::text("Every merchant made port."));
    }
    for t in &lost {
        let by = t
            .sunk_by
            .as_deref()
            .map_or(String::new(), |b| format!(", by {b}"));
        lines.push(MomentLine::text(format!(
            "{}, {} t, sunk in box {} ({}){by}",
            t.name,
            tons(t.tonnage),
            t.box_number,
            t.box_name
        )));
    }
    if !lost.is_empty() {
        lines.push(MomentLine::text(format!(
            "{} merchant{} lost, {} t.",
            lost.len(),
            plural(lost.len()),
            tons(row.tonnage_lost)
        )));
    }
    let damaged: Vec<_> = row.targets.iter().filter(|t| !t.sunk && t.damage > 0).collect();
    for t in damaged {
        lines.push(MomentLine::text(format!(
            "{} made port damaged ({} of {} points).",
            t.name, t.damage, t.sinks_at
        )));
    }
    lines.push(MomentLine::heading("U-boats [7.5.1]"));
    if row.uboats_sunk.is_empty() && row.uboats_damaged.is_empty() {
        lines.push(MomentLine::text("No U-boat sunk or damaged."));
    }
    for u in &row.uboats_sunk {
        let credit = u
            .credited_to
            .as_deref()
            .or(u.sunk_by.as_deref())
            .map_or(String::new(), |c| format!(", credited to {c}"));
        lines.push(MomentLine::text(format!(
            "Type {} sunk in box {}{credit}",
            u.kind, u.box_number
        )));
    }
    for u in &row.uboats_damaged {
        let systems = if u.systems.is_empty() {
            String::new()
        } else {
            format!(" ({})", u.systems.join(", "))
        };
        lines.push(MomentLine::text(format!(
            "Type {} damaged in box {}: {} hull hit{}{systems}",
            u.kind,
            u.box_number,
            u.hull,
            plural(usize::from(u.hull))
        )));
    }
    if !row.escort_notes.is_empty() || row.crypto_captured > 0 {
        lines.push(MomentLine::heading("The escorts"));
        for n in &row.escort_notes {
            lines.push(MomentLine::text(n.clone()));
        }
        if row.crypto_captured > 0 {
            lines.push(MomentLine::text(format!(
                "Crypto material captured: {} [7.4.2]",
                row.crypto_captured
            )));
        }
    }
    let crews: Vec<_> = after_end
        .iter()
        .filter_map(|e| match e {
            CareerEvent::Note { rule, text } if rule == "7.5.1" => Some(format!("{text} [{rule}]")),
            _ => None,
        })
        .collect();
    if !crews.is_empty() {
        lines.push(MomentLine::heading("Crews that rose [7.5.1]"));
        lines.extend(crews.into_iter().map(MomentLine::text));
    }
    Moment {
        title: "Convoy report".into(),
        lines,
        board: None,
    }
}

/// The harbour: the refit since the last convoy made port, and the next assignment.
pub fn harbour(after: &Career, refit: &[CareerEvent], next: &Mission) -> Moment {
    // The base by its name, as the last convoy's row gives it (the command keeps its id).
    let base = after
        .command()
        .and_then(|c| c.log.missions().last().map(|r| r.refit_at.clone()))
        .unwrap_or_default();
    let mut lines = vec![MomentLine::text(format!("The group refits at {base} [6.3.3]"))];
    lines.push(MomentLine::heading("The refit"));
    let mut any = false;
    for e in refit {
        let text = match e {
            CareerEvent::Rolled { roll } => Some(format!(
                "{}: {} -> {} [{}]",
                roll.chart, roll.result, roll.outcome, roll.rule
            )),
            CareerEvent::Note { rule, text } if rule != "7.5.1" => Some(format!("{text} [{rule}]")),
            _ => None,
        };
        if let Some(t) = text {
            any = true;
            lines.push(MomentLine::text(t));
        }
    }
    if !any {
        lines.push(MomentLine::text(
            "Nothing to roll: the group sails as it came in.",
        ));
    }
    if let Some(c) = after.command() {
        lines.push(MomentLine::text(format!(
            "{}, {}: next promotion roll {} [7.6.2].",
            c.soe,
            c.log.rank,
            c.next_promotion.long()
        )));
    }
    let v = next.view();
    lines.push(MomentLine::heading("Next assignment [6.1]"));
    lines.push(MomentLine::text(format!(
        "{} {} convoy, {}: {} to {}; air support: {}.",
        capitalised(&v.size),
        v.convoy,
        v.month,
        v.from,
        v.to,
        air_words(&v.air)
    )));
    let mut sailing: Vec<_> = v.escorts.iter().map(|e| e.name.clone()).collect();
    sailing.sort();
    lines.push(MomentLine::text(format!("Sailing: {}.", sailing.join(", "))));
    Moment {
        title: format!("In harbour at {base}"),
        lines,
        board: Some(periscope_boards::atlantic::GROUP_BOARD),
    }
}

fn size_word(row: &MissionRow) -> String {
    capitalised(&row.size.to_string())
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// The next convoy's air cover in words [4.4.2] [6.3.3].
fn air_words(air: &periscope_engine::atlantic::AirCover) -> String {
    let mut parts = Vec::new();
    if air.long_range_air {
        parts.push("long-range aircraft");
    }
    if air.cam {
        parts.push("a CAM ship");
    }
    if air.cve {
        parts.push("an escort carrier");
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
