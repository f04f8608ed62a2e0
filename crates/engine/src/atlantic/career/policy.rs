//! The built-in captains for a career: at sea the mission's own (its careful escort commander, and in a
//! two-player game its U-boat player); ashore they roll for the group, take Card 0's base, fit every set
//! to the first ship that lacks it (the SOE's destroyer first) and ask a Captain's Hedgehog first.

use super::{Career, CareerAction};
use crate::game::{Game, Pending};

pub use crate::policy::{Captain, Policy};

impl Captain for Career {
    fn careful_choice(&self, _pending: &Pending<CareerAction>) -> Option<CareerAction> {
        let m = self.mission()?;
        if !matches!(self.phase(), super::Phase::Mission) {
            return None;
        }
        let pending = m.pending();
        m.careful_choice(&pending)
            .map(|action| CareerAction::Mission { action })
    }

    /// At sea: the mission's decision listed once (not once for the career's pending and again for the
    /// mission's captain), and the choice [`crate::policy::Policy::choose_from_pending`] makes from the
    /// career's list: the careful choice if it is offered, else the first. Ashore: `None`, listed.
    fn careful_without_listing(&self) -> Option<CareerAction> {
        if !matches!(self.phase(), super::Phase::Mission) {
            return None;
        }
        let m = self.mission()?;
        if let Some(action) = m.careful_unlisted() {
            return Some(CareerAction::Mission { action });
        }
        let pending = m.pending();
        let choices = pending.choices();
        let first = choices.first()?;
        let action = m
            .careful_choice(&pending)
            .filter(|a| choices.iter().any(|c| &c.action == a))
            .unwrap_or_else(|| first.action.clone());
        Some(CareerAction::Mission { action })
    }
}
