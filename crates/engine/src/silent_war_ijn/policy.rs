//! The built-in captain of the companion: it finishes a scripted game by going on from month to month
//! (careful), or picks any legal step (random). The companion has no winning play of its own.

use super::{Companion, SwAction};
use crate::game::Pending;
use crate::policy::Captain;

impl Captain for Companion {
    /// At a turn's menu, the next month; in set-up, the first choice; in a combat, its end.
    fn careful_choice(&self, pending: &Pending<SwAction>) -> Option<SwAction> {
        let choices = pending.choices();
        let has = |a: &SwAction| choices.iter().any(|c| &c.action == a);
        [SwAction::NextMonth, SwAction::EndCombat, SwAction::End]
            .into_iter()
            .find(|a| has(a))
    }
}
