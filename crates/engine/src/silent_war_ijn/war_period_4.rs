//! [7.0] Early advancement to War Period 4: in the War Progress Phase, once Ships Sunk reach 860 and Tons
//! Sunk 3,800 (thousand), the current month becomes the first of the War Period 4 transition, numbered 9
//! like the printed June 1944, and the later months follow in turn; then the War Period Modification
//! Table is rolled as usual. The companion asks the two markers (the base game's).

use super::{Companion, Phase, SwAction, SwError, SwEvent, choice};
use crate::machine::{Decision, Rules};

/// The War Progress Phase check: the Ships Sunk marker once asked, then the Tons Sunk marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Progress {
    ships: Option<u32>,
}

impl Progress {
    pub(crate) fn start() -> Self {
        Progress { ships: None }
    }
}

/// How many months the renumbering lists: the printed War Period 4 transition, June 1944 to January 1945.
const PRINTED_MONTHS: i32 = 8;

impl Companion {
    pub(crate) fn progress_decision(&self, p: &Progress) -> Decision<SwAction> {
        let w = &self.data.war_period_4;
        match p.ships {
            None => {
                let (prompt, rule) = self.ask("ships_sunk");
                Decision::new(
                    format!("{prompt} (ships N)"),
                    rule.clone(),
                    vec![
                        choice(
                            SwAction::Ships { count: 0 },
                            format!("Fewer than {}", w.ships_sunk_at_least),
                            &rule,
                        ),
                        choice(
                            SwAction::Ships {
                                count: w.ships_sunk_at_least,
                            },
                            format!("{} or more", w.ships_sunk_at_least),
                            &rule,
                        ),
                    ],
                )
            }
            Some(ships) => {
                let (prompt, _) = self.ask("tons_sunk");
                let rule = "7.0".to_string();
                Decision::new(
                    format!("Ships Sunk {ships}. {prompt} (tons N)"),
                    rule.clone(),
                    vec![
                        choice(
                            SwAction::Tons { thousands: 0 },
                            format!("Below {} thousand", w.tons_marker_reads),
                            &rule,
                        ),
                        choice(
                            SwAction::Tons {
                                thousands: w.tons_marker_reads,
                            },
                            format!("{} thousand or more", w.tons_marker_reads),
                            &rule,
                        ),
                    ],
                )
            }
        }
    }

    pub(crate) fn progress_step(
        &mut self,
        mut p: Progress,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match (p.ships, action) {
            (None, SwAction::Ships { count }) => {
                p.ships = Some(count);
                self.phase = Phase::Progress(p);
            }
            (Some(ships), SwAction::Tons { thousands }) => {
                let w = self.data.war_period_4.clone();
                let tons = u64::from(thousands) * 1000;
                if w.triggered(ships, tons) {
                    let month = self.calendar.month;
                    self.wp4_from = Some(month);
                    let numbers = (0..PRINTED_MONTHS)
                        .filter_map(|n| {
                            let m = month.plus(n);
                            w.number(month, m).map(|k| (m, k))
                        })
                        .collect();
                    ev.push(SwEvent::WarPeriod4 { month, numbers });
                    self.remind("wp4_modification", ev);
                } else {
                    ev.push(SwEvent::note(
                        "7.0",
                        format!(
                            "Not yet: Ships Sunk {ships} of {} and Tons Sunk {thousands} of {} (thousand) — both are needed",
                            w.ships_sunk_at_least, w.tons_marker_reads
                        ),
                    ));
                }
                self.phase = Phase::Turn;
            }
            (_, other) => {
                self.phase = Phase::Progress(p);
                return Err(self.not_now(&other));
            }
        }
        Ok(())
    }
}
