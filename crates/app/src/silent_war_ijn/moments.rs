//! The companion's moments, each a card over the table: a new month (the counters that join their piles
//! [3.0 step 1], leave by date [2.1.1] and come back from the repair track [3.51*]), a War Event's ships
//! removed at the end of its turn [2.1.1], a new War Period [3.5], War Period 4 advanced early [7.0],
//! and the end.

use periscope_engine::silent_war_ijn::{Ship, SwEvent};

use crate::table::{Moment, MomentLine};

fn names(ships: &[Ship]) -> String {
    ships
        .iter()
        .map(|s| s.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A sentence ending "… credited [3.6]." as "… credited. [3.6]": the card takes the case out as a link,
/// and the period stays with its words.
fn period_before_case(text: &str) -> String {
    match text.strip_suffix("].").and_then(|t| t.rsplit_once(" [")) {
        Some((words, case)) => format!("{words}. [{case}]"),
        None => text.to_string(),
    }
}

/// The moments of one step of play, from its events.
pub fn moments(step: &[SwEvent]) -> Vec<Moment> {
    let mut out = Vec::new();
    let new_month = step.iter().find_map(|e| match e {
        SwEvent::Turn { month, week: 1, .. } => Some(*month),
        _ => None,
    });
    // A War Event's removals at the end of the turn: on the month's card when the turn ends a month.
    let mut removed_by_event = Vec::new();
    for e in step {
        if let SwEvent::RemovedByEvent { name, ships, .. } = e {
            removed_by_event.push(if ships.is_empty() {
                MomentLine::text(format!("{name}: none of its ships was still in play [2.1.1]"))
            } else {
                MomentLine::text(format!(
                    "{name}: {} removed, no tonnage credited [2.1.1] [3.6]",
                    names(ships)
                ))
            });
        }
    }
    if let Some(month) = new_month
        && !step.iter().any(|e| matches!(e, SwEvent::SetUp { .. }))
    {
        let mut lines = Vec::new();
        let mut any = false;
        if !removed_by_event.is_empty() {
            lines.push(MomentLine::heading("At the end of the last turn"));
            lines.append(&mut removed_by_event);
            any = true;
        }
        for e in step {
            let (heading, ships) = match e {
                SwEvent::Entered { ships, .. } => ("Joining their piles [3.0 step 1]", ships),
                SwEvent::RemovedByDate { ships, .. } => ("Removed by date [2.1.1]", ships),
                SwEvent::Repaired { ships, .. } => ("Back from the repair track [3.51*]", ships),
                _ => continue,
            };
            lines.push(MomentLine::heading(heading));
            lines.push(MomentLine::text(names(ships)));
            any = true;
        }
        if !any {
            lines.push(MomentLine::text(
                "No IJN counter joins, leaves or comes back this month.",
            ));
        }
        for e in step {
            if let SwEvent::Note { rule, text } = e
                && rule == "7.0"
            {
                lines.push(MomentLine::text(format!("{text} [{rule}]")));
            }
        }
        out.push(Moment {
            title: format!("{} begins", month.long()),
            lines,
            board: None,
        });
    } else if !removed_by_event.is_empty() {
        out.push(Moment {
            title: "A War Event's ships leave".into(),
            lines: removed_by_event,
            board: None,
        });
    }
    for e in step {
        match e {
            SwEvent::NewWarPeriod { war_period, returned } => {
                let line = if returned.is_empty() {
                    "No damaged ship was held out.".to_string()
                } else {
                    format!("Back to their piles: {}", names(returned))
                };
                out.push(Moment {
                    title: format!("War Period {war_period} begins"),
                    lines: vec![MomentLine::text(format!("{line} [3.5]"))],
                    board: None,
                });
            }
            SwEvent::WarPeriod4 { .. } => out.push(Moment {
                title: "War Period 4 advances early".into(),
                lines: vec![MomentLine::text(e.to_string())],
                board: None,
            }),
            SwEvent::Over { summary } => out.push(Moment {
                title: "The companion closes".into(),
                lines: vec![MomentLine::text(period_before_case(summary))],
                board: None,
            }),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use periscope_engine::Game;
    use periscope_engine::silent_war_ijn::Companion;

    fn play(g: &mut Companion, actions: &[&str]) -> Vec<SwEvent> {
        let mut ev = Vec::new();
        for a in actions {
            ev.extend(g.apply(a.parse().unwrap()).unwrap());
        }
        ev
    }

    #[test]
    fn the_period_stays_with_its_words() {
        assert_eq!(
            period_before_case("0 tons credited [3.6]."),
            "0 tons credited. [3.6]"
        );
        assert_eq!(period_before_case("no case here."), "no case here.");
    }

    /// [3.0 step 1] [2.1.1] A new month's card lists what joins and what leaves; [2.1.1] a War Event
    /// declared in the last turn of the month is on it too.
    #[test]
    fn a_new_month_lists_what_joins_and_leaves() {
        let mut g = Companion::new(Default::default(), 1, periscope_engine::DiceMode::Physical).unwrap();
        play(
            &mut g,
            &[
                "scenario 1941",
                "start 4/42",
                "past done",
                "war_period 1",
                "no",
                "draws periscope",
                "piles",
                "declare coral",
            ],
        );
        let step = play(&mut g, &["month"]);
        let cards = moments(&step);
        assert_eq!(cards.len(), 1, "{cards:?}");
        assert_eq!(cards[0].title, "May 1942 begins");
        let text: Vec<&str> = cards[0].lines.iter().map(|l| l.text.as_str()).collect();
        assert!(text.contains(&"Joining their piles [3.0 step 1]"), "{text:?}");
        assert!(text.contains(&"CV Junyo, CVE Unyo"), "{text:?}");
        assert!(
            text.iter().any(|t| t.starts_with("Hunt for Wounded Bear: ")),
            "{text:?}"
        );
        // The War Period question is no card.
        assert!(moments(&play(&mut g, &["no"])).is_empty());
    }
}
