//! The escort array: the player places every escort in a green escort box of T1A or T1B, or in Box S
//! by the stragglers, as he sees fit and in any order [6.1 2e] [7.1.6]; one escort to a box (ten boxes
//! for the cap of 4 DD/FF and 6 Flowers; only moved escorts share a box [7.1.3]). Until the last
//! escort takes her station, an escort already placed may be placed again: she moves, the others stay.
//! The array may also be the last one again: every escort to the station she held in the previous
//! array (of this mission, or of the career's last convoy) where that station is still hers to take.
//! Before each later impulse or cycle the escorts, flipped back to unmoved, keep the impulse's array —
//! one escort at a time may first be moved to another open station — or are arrayed again [7.1.3].
//! After the battle, escorts may be left in Box S to guard the stragglers until the next battle [7.1.6].

use super::{Battle, Mission, Step};
use crate::atlantic::events::MissionEvent;
use crate::atlantic::group::EscortStatus;
use crate::atlantic::{MissionAction, MissionError, choice};
use crate::machine::Decision;
use crate::refusal::Refused;

/// The array in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arraying {
    /// Keep the array of the last impulse (moving one escort at a time first, if the player likes), or
    /// array again [7.1.3].
    Offer,
    /// The escorts take their stations, in any order: the array is complete, and the impulse begins,
    /// once every escort that fights has one [6.1 2e].
    Placing,
}

/// Why a station is refused: the words and the case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub reason: String,
    pub case: &'static str,
}

impl Refusal {
    fn new(reason: impl Into<String>, case: &'static str) -> Self {
        Self {
            reason: reason.into(),
            case,
        }
    }

    fn error(self, action: &MissionAction) -> MissionError {
        MissionError::Array {
            action: action.to_string(),
            reason: self.reason,
            case: self.case,
        }
    }
}

impl Arraying {
    pub fn offer() -> Self {
        Arraying::Offer
    }

    pub fn placing() -> Self {
        Arraying::Placing
    }
}

/// Why a station is shut to an escort ([`Mission::station_refusal`] words it).
enum Shut {
    NoDisplay,
    /// She holds it already.
    Held,
    /// Box S with boxes free and no stragglers to guard.
    NoStragglers,
    /// No such box on the display.
    NoBox,
    /// Another escort holds it.
    HeldBy(usize),
}

impl Mission {
    /// Why escort `e` may not take `station` with the other escorts where `spots` has them, or `None`
    /// when she may: a box of the display no other escort holds [6.1 2e] [7.1.3], Box S only while
    /// there are stragglers to guard (or when no box is left) [7.1.6].
    pub(crate) fn station_refusal(
        &self,
        spots: &[Option<String>],
        e: usize,
        station: &str,
    ) -> Option<Refusal> {
        let shut = self.station_shut(spots, e, station)?;
        let name = || self.group.name_of(e);
        Some(match shut {
            Shut::NoDisplay => Refusal::new("the display is missing from the rules data", "6.1 2e"),
            Shut::Held => Refusal::new(
                format!(
                    "{} already holds {}",
                    name(),
                    super::super::words::station(station)
                ),
                "6.1 2e",
            ),
            Shut::NoStragglers => Refusal::new(
                "Box S takes escorts only while there are stragglers to guard",
                "7.1.6",
            ),
            Shut::NoBox => {
                let Ok(d) = self.display() else {
                    return Some(Refusal::new(
                        "the display is missing from the rules data",
                        "6.1 2e",
                    ));
                };
                Refusal::new(
                    format!(
                        "{} has no escort box {station} (the boxes: {}, and S by the stragglers)",
                        d.id,
                        d.escort_boxes
                            .iter()
                            .map(|x| x.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    "6.1 2e",
                )
            }
            Shut::HeldBy(o) => Refusal::new(
                format!(
                    "Only one escort to a box: {} holds {station}",
                    self.group.name_of(o)
                ),
                "7.1.3",
            ),
        })
    }

    /// [`Mission::station_refusal`]'s reason, without its words: the checks the array's choices make
    /// for every escort and station.
    fn station_shut(&self, spots: &[Option<String>], e: usize, station: &str) -> Option<Shut> {
        let Ok(d) = self.display() else {
            return Some(Shut::NoDisplay);
        };
        let held_by = |st: &str| (0..spots.len()).find(|&o| o != e && spots[o].as_deref() == Some(st));
        if spots.get(e).and_then(|s| s.as_deref()) == Some(station) {
            return Some(Shut::Held);
        }
        if station == d.stragglers.escort_box.id {
            let free = d.escort_boxes.iter().any(|x| held_by(&x.id).is_none());
            if free && !self.stragglers_present() {
                return Some(Shut::NoStragglers);
            }
            return None;
        }
        if d.escort_box(station).is_none() {
            return Some(Shut::NoBox);
        }
        held_by(station).map(Shut::HeldBy)
    }

    /// The stations open to escort `e` with the others where `spots` has them, in the display's order,
    /// Box S last [6.1 2e] [7.1.6].
    pub(crate) fn stations_open(&self, spots: &[Option<String>], e: usize) -> Vec<String> {
        let Ok(d) = self.display() else { return Vec::new() };
        d.escort_boxes
            .iter()
            .map(|x| x.id.as_str())
            .chain(std::iter::once(d.stragglers.escort_box.id.as_str()))
            .filter(|st| self.station_shut(spots, e, st).is_none())
            .map(str::to_string)
            .collect()
    }

    /// The stations open to escort `e` in the battle's array.
    pub(crate) fn open_stations(&self, b: &Battle, e: usize) -> Vec<String> {
        self.stations_open(&b.spots, e)
    }

    /// Why escort `ship` cannot take a station at all: no such escort, or one out of the fight.
    fn escort_refusal(&self, ship: &str) -> Result<usize, Refusal> {
        let Some(e) = self.group.index_of(ship) else {
            let ids: Vec<&str> = self.group.escorts.iter().map(|x| x.ship.as_str()).collect();
            return Err(Refusal::new(
                format!(
                    "no escort '{ship}' sails with the group (its ships: {})",
                    ids.join(", ")
                ),
                "6.1 2e",
            ));
        };
        let name = self.group.name_of(e);
        match &self.group.escorts[e].status {
            EscortStatus::Ready => Ok(e),
            EscortStatus::Damaged => Err(Refusal::new(
                format!("{name} is damaged and out of the fight"),
                "7.4.3",
            )),
            EscortStatus::Sunk => Err(Refusal::new(format!("{name} is sunk"), "7.4.1")),
            EscortStatus::Detached { why } => {
                Err(Refusal::new(format!("{name} has left the group: {why}"), "9.2"))
            }
        }
    }

    /// The array the Offer keeps: the impulse's array, less the escorts out of the fight [7.1.3].
    fn kept_array(&self, b: &Battle) -> Vec<Option<String>> {
        (0..b.array_start.len())
            .map(|i| {
                if self.group.escorts.get(i).is_some_and(|x| x.fights()) {
                    b.array_start[i].clone()
                } else {
                    None
                }
            })
            .collect()
    }

    /// The escorts the last array placed that can take the same station now, in the group's order,
    /// each with her station: those not yet placed, whose station is still open to her once the ones
    /// before her have taken theirs [6.1 2e].
    pub(crate) fn same_array_places(&self, b: &Battle) -> Vec<(usize, String)> {
        let mut spots = b.spots.clone();
        let mut out = Vec::new();
        for e in self.group.fighting() {
            if spots.get(e).is_none_or(Option::is_some) {
                continue;
            }
            let ship = &self.group.escorts[e].ship;
            let Some((_, st)) = self.last_array.iter().find(|(s, _)| s == ship) else {
                continue;
            };
            if self.station_shut(&spots, e, st).is_none() {
                spots[e] = Some(st.clone());
                out.push((e, st.clone()));
            }
        }
        out
    }

    /// Whether every escort that fights has a station.
    fn array_complete(&self, b: &Battle) -> bool {
        self.group
            .fighting()
            .into_iter()
            .all(|e| b.spots.get(e).is_some_and(Option::is_some))
    }

    pub(crate) fn array_decision(&self, b: &Battle, a: &Arraying) -> Decision<MissionAction> {
        match a {
            Arraying::Offer => Decision::new(
                format!(
                    "Cycle {}, impulse {}: keep the escorts on their stations (moving one first, if you \
                     like: place SHIP BOX), or array them again?",
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
            Arraying::Placing => self.placing_decision(b),
        }
    }

    /// Every escort not yet placed to every station open to her, the group's order first; then the
    /// same array as the last one, when it places anyone [6.1 2e].
    fn placing_decision(&self, b: &Battle) -> Decision<MissionAction> {
        let fighting = self.group.fighting();
        let placed = fighting
            .iter()
            .filter(|&&e| b.spots.get(e).is_some_and(Option::is_some))
            .count();
        let mut choices = Vec::new();
        for &e in &fighting {
            if b.spots.get(e).is_none_or(Option::is_some) {
                continue;
            }
            let esc = &self.group.escorts[e];
            let fitted = super::super::words::fittings(esc);
            for st in self.open_stations(b, e) {
                let label = format!(
                    "{}{fitted} to {}",
                    esc.name,
                    super::super::words::station_long(self, &st)
                );
                choices.push(choice(
                    MissionAction::Place {
                        ship: esc.ship.clone(),
                        station: st,
                    },
                    label,
                    "6.1 2e",
                ));
            }
        }
        let same = self.same_array_places(b);
        if !same.is_empty() {
            let list: Vec<String> = same
                .iter()
                .map(|(e, st)| format!("{} {st}", self.group.name_of(*e)))
                .collect();
            // First, with key 1: the one choice that arrays them all.
            choices.insert(
                0,
                choice(
                    MissionAction::SameArray,
                    format!("The same array as the last one: {}", list.join(", ")),
                    "6.1 2e",
                ),
            );
        }
        Decision::new(
            format!(
                "Array the escorts on {}: {placed} of {} placed",
                self.convoy.display,
                fighting.len()
            ),
            "6.1 2e",
            choices,
        )
    }

    /// Why the array refuses `action` now, if it does: the checks of [`Mission::array_decide`], made
    /// without changing anything, so an action the choices do not list still gets the rule's own words.
    pub(crate) fn array_check(
        &self,
        b: &Battle,
        a: &Arraying,
        action: &MissionAction,
    ) -> Result<(), MissionError> {
        match (a, action) {
            (Arraying::Offer, MissionAction::KeepArray | MissionAction::Rearray) => Ok(()),
            (Arraying::Offer, MissionAction::Place { ship, station }) => {
                let e = self.escort_refusal(ship).map_err(|r| r.error(action))?;
                match self.station_refusal(&self.kept_array(b), e, station) {
                    Some(r) => Err(r.error(action)),
                    None => Ok(()),
                }
            }
            (Arraying::Placing, MissionAction::Place { ship, station }) => {
                let e = self.escort_refusal(ship).map_err(|r| r.error(action))?;
                match self.station_refusal(&b.spots, e, station) {
                    Some(r) => Err(r.error(action)),
                    None => Ok(()),
                }
            }
            (Arraying::Placing, MissionAction::SameArray) => {
                if self.same_array_places(b).is_empty() {
                    let why = if self.last_array.is_empty() {
                        "there is no last array to take again: this group has not yet been arrayed"
                    } else {
                        "no escort can take her station of the last array now"
                    };
                    return Err(Refusal::new(why, "6.1 2e").error(action));
                }
                Ok(())
            }
            (Arraying::Offer, MissionAction::SameArray) => Err(Refusal::new(
                "the escorts are arrayed: keep this array, or array them again",
                "7.1.3",
            )
            .error(action)),
            (Arraying::Placing, MissionAction::KeepArray | MissionAction::Rearray) => {
                Err(Refusal::new("the escorts are being arrayed: place the rest", "6.1 2e").error(action))
            }
            _ => Err(MissionError::Refused(Refused::NotNow {
                action: action.to_string(),
                waiting_for: "the escort array".into(),
            })),
        }
    }

    pub(crate) fn array_decide(
        &mut self,
        b: &mut Battle,
        a: Arraying,
        action: MissionAction,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        if let Err(e) = self.array_check(b, &a, &action) {
            b.step = Step::Array(a);
            return Err(e);
        }
        match (a, action) {
            (Arraying::Offer, MissionAction::KeepArray) => {
                b.spots = self.kept_array(b);
                ev.push(MissionEvent::note("The escorts keep their stations [7.1.3]"));
                self.start_impulse(b, ev);
            }
            (Arraying::Offer, MissionAction::Rearray) => {
                b.spots.iter_mut().for_each(|s| *s = None);
                b.step = Step::Array(Arraying::placing());
            }
            // [7.1.3] One escort moves in the array to keep; the Offer stands.
            (Arraying::Offer, MissionAction::Place { ship, station }) => {
                if let Some(e) = self.group.index_of(&ship)
                    && let Some(kept) = b.array_start.get_mut(e)
                {
                    *kept = Some(station.clone());
                    ev.push(MissionEvent::EscortPlaced {
                        ship: self.group.name_of(e),
                        station: super::super::words::station(&station),
                    });
                }
                b.step = Step::Array(Arraying::Offer);
            }
            (Arraying::Placing, MissionAction::Place { ship, station }) => {
                if let Some(e) = self.group.index_of(&ship)
                    && let Some(spot) = b.spots.get_mut(e)
                {
                    *spot = Some(station.clone());
                    ev.push(MissionEvent::EscortPlaced {
                        ship: self.group.name_of(e),
                        station: super::super::words::station(&station),
                    });
                }
                self.array_placed(b, ev);
            }
            (Arraying::Placing, MissionAction::SameArray) => {
                ev.push(MissionEvent::note(
                    "The escorts take their stations of the last array [6.1 2e]",
                ));
                for (e, station) in self.same_array_places(b) {
                    let Some(spot) = b.spots.get_mut(e) else { continue };
                    *spot = Some(station.clone());
                    ev.push(MissionEvent::EscortPlaced {
                        ship: self.group.name_of(e),
                        station: super::super::words::station(&station),
                    });
                }
                self.array_placed(b, ev);
            }
            (a, _) => b.step = Step::Array(a),
        }
        Ok(())
    }

    /// After a placing: the impulse begins once every escort that fights has her station.
    fn array_placed(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        if self.array_complete(b) {
            self.start_impulse(b, ev);
        } else {
            b.step = Step::Array(Arraying::placing());
        }
    }

    /// [7.1.3] [6.1 2e] The array an impulse starts with, remembered for the next battle's "same
    /// array": each escort's id and station.
    pub(crate) fn remember_array(&mut self, b: &Battle) {
        let placed: Vec<(String, String)> = (0..b.spots.len())
            .filter_map(|i| {
                let st = b.spots[i].clone()?;
                Some((self.group.escorts.get(i)?.ship.clone(), st))
            })
            .collect();
        if !placed.is_empty() {
            self.last_array = placed;
        }
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
        let remain = if n == 1 {
            "1 straggler remains".to_string()
        } else {
            format!("{n} stragglers remain")
        };
        Decision::new(
            format!(
                "The battle is over and {remain}: guard them in Box S against Condors until the next battle?"
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
