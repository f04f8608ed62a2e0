//! Built-in captains for `periscope-cli sim sensuikan`: they choose among the legal choices only.

use periscope_data::sensuikan::charts::{Range, System};

use super::{AskView, End, Patrol, PatrolAction, Phase};
use crate::game::Pending;

pub use crate::policy::{Captain, Policy};

/// Attacks from medium range with up to four torpedoes at the biggest ship, never attacks escorts,
/// tracks convoys, never goes beyond test depth, fires all the midget's torpedoes at medium range, and
/// launches its aircraft to reconnoitre when the crane can recover it.
impl Captain for Patrol {
    fn careful_choice(&self, pending: &Pending<PatrolAction>) -> Option<PatrolAction> {
        self.careful_among(pending.choices().iter().map(|c| &c.action))
    }

    /// The patrol lists its actions without their labels (see [`Patrol::offered_actions`]).
    fn offered_actions(&self) -> Option<Vec<PatrolAction>> {
        Some(Patrol::offered_actions(self))
    }

    fn careful_among_offered(&self, offered: &[PatrolAction]) -> Option<PatrolAction> {
        self.careful_among(offered.iter())
    }
}

impl Patrol {
    /// The careful choice among the decision's legal actions, in the order the decision lists them: a
    /// career at sea passes its own list of the patrol's choices instead of listing them again.
    pub(crate) fn careful_among<'a, I>(&self, actions: I) -> Option<PatrolAction>
    where
        I: DoubleEndedIterator<Item = &'a PatrolAction> + Clone,
    {
        let game = self;
        let has = |a: &PatrolAction| actions.clone().any(|x| x == a);
        let Phase::Decide { ask } = game.phase() else {
            return None;
        };
        let pick = match AskView::of(*ask) {
            AskView::LoadType92 => Some(PatrolAction::LoadType92 { count: 0 }),
            // [7.16] Both Type 97s from medium range at whatever lies at anchor: attacking is the mission.
            AskView::MidgetAttack => actions
                .clone()
                .rev()
                .find(|a| {
                    matches!(
                        a,
                        PatrolAction::MidgetAttack {
                            range: Range::Medium,
                            ..
                        }
                    )
                })
                .cloned(),
            AskView::Reroll => Some(PatrolAction::Reroll { reroll: false }),
            AskView::Engage => Some(PatrolAction::Attack {
                range: Range::Medium,
                surfaced: false,
            }),
            AskView::Salvo => {
                let c = game.combat()?;
                let best = c
                    .picture
                    .targets
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| !t.sunk && !t.is_escort)
                    .max_by_key(|(_, t)| t.ship.tonnage)
                    .map(|(i, _)| u8::try_from(i + 1).unwrap_or(1));
                let end = c.attack.first_end.unwrap_or(End::Bow);
                // The first free loaded tube of the end, as a captain reads the tubes in order.
                let at = |end: End| {
                    best.zip(game.first_free_tube(end))
                        .map(|(t, tube)| PatrolAction::Declare {
                            end,
                            tube: Some(tube),
                            target: t,
                        })
                };
                let declare = at(end);
                let other = at(end.other());
                if c.attack.shots.len() < 4 && declare.as_ref().is_some_and(has) {
                    declare
                } else if c.attack.shots.is_empty() && other.as_ref().is_some_and(has) {
                    other
                } else if c.attack.shots.is_empty() {
                    best.map(|t| PatrolAction::Gun { target: t })
                        .filter(has)
                        .or(Some(PatrolAction::Continue))
                } else {
                    Some(PatrolAction::Fire)
                }
            }
            AskView::TestDepth => Some(PatrolAction::TestDepth { exceed: false }),
            AskView::AfterRound => [
                PatrolAction::AdditionalRound,
                PatrolAction::TrackDamaged,
                PatrolAction::Continue,
            ]
            .into_iter()
            .find(has),
            AskView::EnemyAfter => Some(PatrolAction::Continue),
            // [7.15] Launch only when the crane can take the aircraft back aboard.
            AskView::Launch => Some(PatrolAction::Launch {
                launch: game.boat().working(System::Crane),
            }),
            AskView::Pursue => None,
            // [11.3] Every number has the same odds (4 in 6 wrong way -1, 1 in 6 same way +1, 1 in 6 exact
            // +3): straight ahead.
            AskView::Evasion => Some(PatrolAction::Evade { number: 5 }),
            // [11.7] Shibumi is kept for the quick dive; the torpedo checks are rolled.
            AskView::Shibumi => Some(
                if game.shibumi_waiting() == Some(super::RollPurpose::Aircraft(super::AircraftRoll::Dive)) {
                    PatrolAction::Shibumi
                } else {
                    PatrolAction::Continue
                },
            ),
        };
        // Anything not legal here falls back to the first legal choice (see `Policy::choose`).
        pick
    }
}
