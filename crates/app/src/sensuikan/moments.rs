//! The moments of a career that get a card of their own over the table: the patrol report when the boat
//! makes port (or is lost) [6.2.2C], and the refit with its awards before the next assignment [6.2.3]
//! [8.8] [8.9]. Both only read what the engine recorded: the Patrol Log row, the boat as it came home,
//! and the career's notes and rolls.

use periscope_engine::sensuikan::PatrolEvent;
use periscope_engine::sensuikan::career::{Career, CareerEvent};

use crate::table::{Moment, MomentLine};

/// The moments one step of the career reached.
pub fn moments(before: &Career, events: &[CareerEvent], from: usize, after: &Career) -> Vec<Moment> {
    let step = events.get(from..).unwrap_or_default();
    let mut out = Vec::new();
    if let Some(i) = step
        .iter()
        .position(|e| matches!(e, CareerEvent::PatrolOver { .. }))
    {
        out.push(patrol_report(before, &step[i..], after));
    }
    if step.iter().any(|e| matches!(e, CareerEvent::Assigned { .. }))
        && let Some(refit) = refit(events, from)
    {
        out.push(refit);
    }
    out
}

/// [6.2.2C] [3.5] The patrol report: how it ended, the ships attacked, the boat's damage and what the
/// refit will take.
fn patrol_report(before: &Career, from_over: &[CareerEvent], after: &Career) -> Moment {
    let v = after.view();
    // The patrol that ended: its row on the log, never the row of a patrol under way after it.
    let row = v.log.iter().rev().find(|r| r.mark == "patrol" && !r.under_way);
    let title = match row {
        Some(r) => format!("Patrol report · {} · {}", r.month, v.map.area_name(&r.area)),
        None => "Patrol report".to_string(),
    };
    let mut lines = Vec::new();
    if let Some(CareerEvent::PatrolOver { summary }) = from_over.first() {
        lines.push(MomentLine::text(format!("{summary} [6.2.2C]")));
    }
    lines.push(MomentLine::heading("Ships attacked"));
    match row {
        Some(r) if !r.ships.is_empty() => {
            for s in &r.ships {
                let fate = if s.sunk { "sunk" } else { "damaged" };
                let kind = if s.kind.is_empty() {
                    String::new()
                } else {
                    format!(", {}", s.kind)
                };
                lines.push(MomentLine::text(format!(
                    "{}{kind}, {} t: {fate}",
                    s.name, s.tonnage
                )));
            }
            lines.push(MomentLine::text(format!(
                "Tonnage sunk this patrol: {} t",
                r.tonnage
            )));
        }
        _ => lines.push(MomentLine::text("No ship attacked.")),
    }
    lines.push(MomentLine::heading("The boat"));
    match before.view().patrol {
        Some(p) => {
            lines.push(MomentLine::text(format!(
                "Hull {} of {} boxes · flooding {} of {} [8.5.2] [8.5.3]",
                p.hull, p.hull_boxes, p.flooding, p.flooding_boxes
            )));
            if p.systems.is_empty() {
                lines.push(MomentLine::text("All systems working."));
            }
            for (system, state) in &p.systems {
                lines.push(MomentLine::text(format!(
                    "{}: {} [8.5]",
                    periscope_engine::sensuikan::words::system(*system),
                    periscope_engine::sensuikan::in_words(state)
                )));
            }
            let c = &p.crew;
            let hurt: Vec<String> = [
                ("Captain", c.captain),
                ("Executive officer", c.executive_officer),
                ("Navigator", c.navigation_officer),
                ("Doctor", c.doctor),
                ("Engineer", c.engineer),
            ]
            .into_iter()
            .filter_map(|(post, w)| w.map(|w| format!("{post} {}", wound(w))))
            .collect();
            let crew = c.crew.iter().filter(|w| w.is_some()).count();
            if hurt.is_empty() && crew == 0 {
                lines.push(MomentLine::text("No one hurt."));
            } else {
                let mut text = hurt.join(", ");
                if crew > 0 {
                    if !text.is_empty() {
                        text.push_str("; ");
                    }
                    text.push_str(&format!("{crew} of the crew hurt"));
                }
                lines.push(MomentLine::text(format!("{text} [8.5.9]")));
            }
        }
        None => lines.push(MomentLine::text("The boat's state was not seen before port.")),
    }
    // What the refit will take [8.5.11], or the end of the career.
    let notes: Vec<String> = from_over
        .iter()
        .skip(1)
        .take_while(|e| !matches!(e, CareerEvent::Rolled { .. } | CareerEvent::Assigned { .. }))
        .filter_map(|e| match e {
            CareerEvent::Note { rule, .. } if rule == "8.5.11" => Some(e.to_string()),
            CareerEvent::Ended { .. } => Some(e.to_string()),
            _ => None,
        })
        .collect();
    if !notes.is_empty() {
        lines.push(MomentLine::heading("What the refit will take"));
        lines.extend(notes.into_iter().map(MomentLine::text));
    }
    Moment {
        title,
        lines,
        board: None,
    }
}

/// A wound in words [8.5.9].
fn wound(w: periscope_data::sensuikan::charts::Wound) -> &'static str {
    use periscope_data::sensuikan::charts::Wound;
    match w {
        Wound::Lw => "lightly wounded",
        Wound::Sw => "seriously wounded",
        Wound::Kia => "killed",
    }
}

/// [6.2.3] [8.7] [8.8] [8.9] [9.0] The refit and its awards: the career's notes and rolls between the last
/// patrol's end and the assignment that has just begun. `None` before the first patrol.
fn refit(events: &[CareerEvent], from: usize) -> Option<Moment> {
    let assigned = from
        + events
            .get(from..)?
            .iter()
            .position(|e| matches!(e, CareerEvent::Assigned { .. }))?;
    let over = events[..assigned]
        .iter()
        .rposition(|e| matches!(e, CareerEvent::PatrolOver { .. }))?;
    // Not when another patrol was sailed between them (that patrol's refit was shown then).
    if events[over..assigned]
        .iter()
        .any(|e| matches!(e, CareerEvent::Assigned { .. }))
    {
        return None;
    }
    let assignment = |rule: &str| rule.starts_with("6.2.1");
    let lines: Vec<MomentLine> = events[over + 1..assigned]
        .iter()
        .filter(|e| match e {
            CareerEvent::Rolled { roll } => !assignment(&roll.rule),
            CareerEvent::Note { rule, .. } => !assignment(rule),
            CareerEvent::Patrol { patrol } => !matches!(patrol, PatrolEvent::Rolled { .. }),
            _ => false,
        })
        .map(|e| MomentLine::text(e.to_string().trim().to_string()))
        .collect();
    let mut all = vec![MomentLine::heading("The refit, the crew and the awards")];
    if lines.is_empty() {
        all.push(MomentLine::text("A quiet refit: nothing to report."));
    } else {
        all.extend(lines);
    }
    Some(Moment {
        title: "Refit and awards".into(),
        lines: all,
        board: None,
    })
}
