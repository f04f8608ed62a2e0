//! Built-in captains for `periscope-cli sim sensuikan`: they choose among the legal choices only.

use periscope_data::sensuikan::charts::Range;

use super::{Ask, End, Phase, Sensuikan, SensuikanAction};
use crate::dice::SeededRng;
use crate::game::Game;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Any legal choice, uniformly.
    Random,
    /// Attacks from medium range with up to four torpedoes at the biggest ship, never attacks escorts,
    /// tracks convoys, never goes beyond test depth, lets the midget mission go as lost.
    Careful,
}

impl Policy {
    pub const NAMES: [&'static str; 2] = ["careful", "random"];

    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "random" => Some(Policy::Random),
            "careful" => Some(Policy::Careful),
            _ => None,
        }
    }

    /// The policy's choice, or `None` when the game does not wait for a decision.
    pub fn choose(self, game: &Sensuikan, rng: &mut SeededRng) -> Option<SensuikanAction> {
        let pending = game.pending();
        let choices = pending.choices();
        if choices.is_empty() {
            return None;
        }
        let has = |a: &SensuikanAction| choices.iter().any(|c| &c.action == a);
        match self {
            Policy::Random => choices.get(rng.index(choices.len())).map(|c| c.action.clone()),
            Policy::Careful => {
                let Phase::Decide { ask } = game.phase() else {
                    return None;
                };
                let pick = match ask {
                    Ask::LoadType92 => Some(SensuikanAction::LoadType92 { count: 0 }),
                    Ask::MidgetOutcome => Some(SensuikanAction::MidgetOutcome { recovered: false }),
                    Ask::Reroll => Some(SensuikanAction::Reroll { reroll: false }),
                    Ask::Engage => Some(SensuikanAction::Attack {
                        range: Range::Medium,
                        surfaced: false,
                    }),
                    Ask::Salvo => {
                        let c = game.combat()?;
                        let best = c
                            .targets
                            .iter()
                            .enumerate()
                            .filter(|(_, t)| !t.sunk && !t.is_escort)
                            .max_by_key(|(_, t)| t.ship.tonnage)
                            .map(|(i, _)| u8::try_from(i + 1).unwrap_or(1));
                        let end = c.first_end.unwrap_or(End::Bow);
                        let declare = best.map(|t| SensuikanAction::Declare { end, target: t });
                        let other = best.map(|t| SensuikanAction::Declare {
                            end: end.other(),
                            target: t,
                        });
                        if c.shots.len() < 4 && declare.as_ref().is_some_and(has) {
                            declare
                        } else if c.shots.is_empty() && other.as_ref().is_some_and(has) {
                            other
                        } else if c.shots.is_empty() {
                            best.map(|t| SensuikanAction::Gun { target: t })
                                .filter(has)
                                .or(Some(SensuikanAction::Continue))
                        } else {
                            Some(SensuikanAction::Fire)
                        }
                    }
                    Ask::TestDepth => Some(SensuikanAction::TestDepth { exceed: false }),
                    Ask::AfterRound => [
                        SensuikanAction::AdditionalRound,
                        SensuikanAction::TrackDamaged,
                        SensuikanAction::Continue,
                    ]
                    .into_iter()
                    .find(has),
                    Ask::EnemyAfter => Some(SensuikanAction::Continue),
                    Ask::Pursue => None,
                };
                Some(pick.filter(has).unwrap_or_else(|| choices[0].action.clone()))
            }
        }
    }
}
