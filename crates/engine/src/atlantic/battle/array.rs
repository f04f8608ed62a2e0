//! The escort array: the player places every escort in a green escort box of T1A or T1B, or in Box S
//! by the stragglers [6.1 2e] [7.1.6]; one escort to a box (ten boxes for the cap of 4 DD/FF and 6
//! Flowers; only moved escorts share a box [7.1.3]). Before each later impulse or cycle the escorts,
//! flipped back to unmoved, keep the impulse's array or are arrayed again [7.1.3]. After the battle,
//! escorts may be left in Box S to guard the stragglers until the next battle [7.1.6].

use super::{Battle, Mission, Step};
use crate::atlantic::events::MissionEvent;
use crate::atlantic::{MissionAction, MissionError, choice};
use crate::machine::Decision;
use crate::refusal::Refused;

/// The array in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arraying {
    /// Keep the array of the last impulse, or array again [7.1.3].
    Offer,
    /// Each of these escorts still to place, in the group's order [6.1 2e].
    Placing { queue: Vec<usize> },
}

impl Arraying {
    pub fn offer() -> Self {
        Arraying::Offer
    }

    pub fn all(queue: Vec<usize>) -> Self {
        Arraying::Placing { queue }
    }
}

impl Mission {
    /// The stations open to escort `e`: every escort box no other escort holds, and Box S when there are
    /// stragglers to guard (or no box is left) [6.1 2e] [7.1.6].
    pub(crate) fn open_stations(&self, b: &Battle, e: usize) -> Vec<String> {
        let Ok(d) = self.display() else { return Vec::new() };
        let mut v: Vec<String> = d
            .escort_boxes
            .iter()
            .filter(|x| !(0..b.spots.len()).any(|o| o != e && b.spots[o].as_deref() == Some(x.id.as_str())))
            .map(|x| x.id.clone())
            .collect();
        if v.is_empty() || self.stragglers_present() {
            v.push(d.stragglers.escort_box.id.clone());
        }
        v
    }

    pub(crate) fn array_decision(&self, b: &Battle, a: &Arraying) -> Decision<MissionAction> {
        match a {
            Arraying::Offer => Decision::new(
                format!(
                    "Cycle {}, impulse {}: keep the escorts on their stations, or array them again?",
                    b.cycle, b.impulse
                ),
                "7.1.3",
                vec![
                    choice(
                        MissionAction::KeepArray,
                        "Keep the array of the last impulse",
                        "7.1.3",
                    ),
                    choice(MissionAction::Rearray, "Array every escort again", "7.1.3"),
                ],
            ),
            Arraying::Placing { queue } => {
                let Some(&e) = queue.first() else {
                    return Decision::new("Every escort is placed", "6.1 2e", Vec::new());
                };
                let esc = &self.group.escorts[e];
                let fitted = super::super::words::fittings(esc);
                let choices = self
                    .open_stations(b, e)
                    .into_iter()
                    .map(|st| {
                        let label = format!(
                            "{}{fitted} to {}",
                            esc.name,
                            super::super::words::station_long(self, &st)
                        );
                        choice(
                            MissionAction::Place {
                                ship: esc.ship.clone(),
                                station: st,
                            },
                            label,
                            "6.1 2e",
                        )
                    })
                    .collect();
                Decision::new(
                    format!(
                        "Array the escorts on {}: where does {} ({}) take station?",
                        self.convoy.display, esc.name, esc.class_name
                    ),
                    "6.1 2e",
                    choices,
                )
            }
        }
    }

    pub(crate) fn array_decide(
        &mut self,
        b: &mut Battle,
        a: Arraying,
        action: MissionAction,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        match (a, action) {
            (Arraying::Offer, MissionAction::KeepArray) => {
                for i in 0..b.spots.len() {
                    b.spots[i] = if self.group.escorts[i].fights() {
                        b.array_start[i].clone()
                    } else {
                        None
                    };
                }
                ev.push(MissionEvent::note("The escorts keep their stations [7.1.3]"));
                self.start_impulse(b, ev);
            }
            (Arraying::Offer, MissionAction::Rearray) => {
                b.spots.iter_mut().for_each(|s| *s = None);
                b.step = Step::Array(Arraying::all(self.group.fighting()));
            }
            (Arraying::Placing { mut queue }, MissionAction::Place { station, .. }) => {
                let Some(e) = (!queue.is_empty()).then(|| queue.remove(0)) else {
                    return Err(MissionError::Refused(Refused::Data(
                        "no escort waits to be placed".into(),
                    )));
                };
                b.spots[e] = Some(station.clone());
                ev.push(MissionEvent::EscortPlaced {
                    ship: self.group.name_of(e),
                    station: super::super::words::station(&station),
                });
                if queue.is_empty() {
                    self.start_impulse(b, ev);
                } else {
                    b.step = Step::Array(Arraying::Placing { queue });
                }
            }
            (a, action) => {
                b.step = Step::Array(a);
                return Err(MissionError::Refused(Refused::NotNow {
                    action: action.to_string(),
                    waiting_for: "the escort array".into(),
                }));
            }
        }
        Ok(())
    }

    /// [7.1.6] After the battle: leave escorts in Box S with the stragglers?
    pub(crate) fn guard_decision(&self, _b: &Battle) -> Decision<MissionAction> {
        let mut choices: Vec<_> = self
            .group
            .fighting()
            .into_iter()
            .filter(|i| !self.group.guards.contains(i))
            .map(|i| {
                let e = &self.group.escorts[i];
                choice(
                    MissionAction::Guard { ship: e.ship.clone() },
                    format!("Leave {} in Box S with the stragglers", e.name),
                    "7.1.6",
                )
            })
            .collect();
        let done = if self.group.guards.is_empty() {
            "Leave the stragglers unguarded"
        } else {
            "No more guards"
        };
        choices.push(choice(MissionAction::GuardDone, done, "7.1.6"));
        let n = self.convoy.stragglers().len();
        Decision::new(
            format!(
                "The battle is over and {n} straggler(s) remain: guard them in Box S against Condors until the next battle?"
            ),
            "7.1.6",
            choices,
        )
    }

    pub(crate) fn guard_decide(
        &mut self,
        b: &mut Battle,
        action: MissionAction,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        match action {
            MissionAction::Guard { ship } => {
                if let Some(i) = self.group.index_of(&ship) {
                    self.group.guards.push(i);
                    ev.push(MissionEvent::EscortPlaced {
                        ship: self.group.name_of(i),
                        station: "Box S".into(),
                    });
                }
                let more = self
                    .group
                    .fighting()
                    .into_iter()
                    .any(|i| !self.group.guards.contains(&i));
                b.step = if more { Step::Guard } else { Step::Finished };
            }
            _ => b.step = Step::Finished,
        }
        Ok(())
    }
}
