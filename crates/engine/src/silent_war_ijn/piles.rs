//! Where each IJN counter is, and the piles they make: a pile is every counter of its type face down in
//! it [3.0 / SW3.3]. Periscope draws at random among them (a perfectly shuffled pile), from its own
//! seeded stream; or the player draws from the physical pile and says which counter came up.

use periscope_data::Month;
use periscope_data::silent_war_ijn::ships::{PileId, SpecialRule};
use serde::Serialize;

use super::{Companion, Drawer, Ship, SwError, SwEvent};

/// Where a counter is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "place", rename_all = "snake_case")]
pub enum Place {
    /// Not used in this scenario [2.2].
    NotInScenario,
    /// Joins its pile at the start of this month [3.0 step 1].
    Awaiting { month: Month },
    /// Face down in its pile.
    Pile,
    /// Drawn: on the combat display.
    OnDisplay,
    /// Damaged: out for the rest of this War Period [3.5].
    HeldOut { war_period: u8 },
    /// Damaged: on the repair track until this month [3.51*].
    InRepair { returns: Month },
    /// Sunk: out of play for good [3.4].
    Sunk,
    /// Removed by date [2.1.1].
    RemovedByDate { month: Month },
    /// Removed by a War Event [2.1.1].
    RemovedByEvent { event: String },
}

impl Place {
    /// Whether the counter is still in the game (in a pile, drawn, or out for repairs).
    pub fn in_play(&self) -> bool {
        matches!(
            self,
            Place::Pile | Place::OnDisplay | Place::HeldOut { .. } | Place::InRepair { .. }
        )
    }
}

impl Companion {
    /// The counters face down in a pile, in the catalog's order.
    pub(crate) fn pile(&self, pile: PileId) -> Vec<usize> {
        self.data
            .set
            .counters
            .iter()
            .enumerate()
            .filter(|(i, c)| c.pile == pile && self.places.get(*i) == Some(&Place::Pile))
            .map(|(i, _)| i)
            .collect()
    }

    /// How many counters each pile holds now.
    pub fn pile_counts(&self) -> Vec<(PileId, usize)> {
        PileId::ALL.into_iter().map(|p| (p, self.pile(p).len())).collect()
    }

    /// The counters a draw may give: the pile's, without Michel when she is not being met as a loner
    /// (her redraw [3.7 Michel]).
    pub(crate) fn drawable(&self, pile: PileId, without_michel: bool) -> Vec<usize> {
        self.pile(pile)
            .into_iter()
            .filter(|&i| {
                !(without_michel
                    && self
                        .counter(i)
                        .is_some_and(|c| c.special_rule == Some(SpecialRule::Michel)))
            })
            .collect()
    }

    /// Periscope's draw: one of `members` at random, from the piles' own stream.
    pub(crate) fn draw_one(&mut self, members: &[usize]) -> Option<usize> {
        if members.is_empty() {
            return None;
        }
        let k = self.draws.index(members.len());
        members.get(k).copied()
    }

    /// Whether the player draws from the physical piles.
    pub(crate) fn player_draws(&self) -> bool {
        self.settings.as_ref().is_some_and(|s| s.drawer == Drawer::Player)
    }

    /// The counter a player names, which must lie in `members` (the pile drawn from).
    pub(crate) fn named_in(&self, name: &str, pile: PileId, members: &[usize]) -> Result<usize, SwError> {
        let Some(i) = self
            .data
            .set
            .counters
            .iter()
            .position(|c| c.pile == pile && c.answers_to(name))
            .or_else(|| self.data.set.counters.iter().position(|c| c.answers_to(name)))
        else {
            return Err(SwError::UnknownCounter {
                counter: name.to_string(),
            });
        };
        if members.contains(&i) {
            Ok(i)
        } else {
            Err(SwError::NotInPile {
                counter: self.ship(i).name,
                pile: pile.to_string(),
            })
        }
    }

    /// Takes a drawn counter out of its pile onto the display, and says so.
    pub(crate) fn take(
        &mut self,
        index: usize,
        pile: PileId,
        by_player: bool,
        rule: &str,
        ev: &mut Vec<SwEvent>,
    ) -> Ship {
        if let Some(p) = self.places.get_mut(index) {
            *p = Place::OnDisplay;
        }
        let ship = self.ship(index);
        ev.push(SwEvent::Drawn {
            ship: ship.clone(),
            pile: pile.to_string(),
            left: self.pile(pile).len(),
            by_player,
            rule: rule.to_string(),
        });
        ship
    }

    /// Puts a counter back in its pile, face down.
    pub(crate) fn return_to_pile(&mut self, index: usize) {
        if let Some(p) = self.places.get_mut(index) {
            *p = Place::Pile;
        }
    }

    pub(crate) fn set_place(&mut self, index: usize, place: Place) {
        if let Some(p) = self.places.get_mut(index) {
            *p = place;
        }
    }
}
