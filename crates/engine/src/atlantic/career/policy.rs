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
}
