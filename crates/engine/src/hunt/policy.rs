//! Built-in captains for `periscope-cli sim`: they choose among the legal choices only.

use super::{Hunt, HuntAction, Mode, Phase, SlotState};
use crate::dice::SeededRng;
use crate::game::{Game, Pending};

pub use crate::policy::{Captain, Policy};

/// Hunts diving, fires at what its supplies allow, surfaces to recharge, goes home with 50 Sink Points or
/// when torpedoes or the hull run low.
impl Captain for Hunt {
    fn careful_choice(&self, pending: &Pending<HuntAction>) -> Option<HuntAction> {
        let offered: Vec<HuntAction> = pending.choices().iter().map(|c| c.action.clone()).collect();
        careful(self, &offered)
    }

    /// The game lists its actions without their labels (see [`Hunt::offered_actions`]).
    fn offered_actions(&self) -> Option<Vec<HuntAction>> {
        Some(Hunt::offered_actions(self))
    }

    fn offered_actions_into(&self, out: &mut Vec<HuntAction>) -> bool {
        self.offer_into(out);
        true
    }

    fn careful_among_offered(&self, offered: &[HuntAction]) -> Option<HuntAction> {
        careful(self, offered)
    }

    /// The game tells whether it offers an action ([`Hunt::offers`]): the same choice, no list made.
    #[inline]
    fn careful_without_listing(&self) -> Option<HuntAction> {
        match self.phase() {
            // The first reachable card is offered by construction.
            Phase::ChooseCard { faces } => self
                .first_reachable(faces)
                .map(|position| HuntAction::PickCard { position }),
            // Every pick of `careful_judged` is offered: it asks `has`, or the decision always offers
            // it (Change Mode, Return to Base, Break Off); the fast-path tests play it both ways.
            _ => careful_judged(self, |a| self.offers(a)),
        }
    }
}

/// The careful choice among the decision's offered actions.
fn careful(g: &Hunt, offered: &[HuntAction]) -> Option<HuntAction> {
    match g.phase() {
        Phase::ChooseCard { .. } => offered.first().cloned(),
        _ => careful_judged(g, |a| offered.contains(a)),
    }
}

/// The careful choice of an action phase or an attack decision, `has` telling which actions the decision
/// offers. Inlined into each caller: a simulated game asks it at every decision.
#[inline(always)]
fn careful_judged(g: &Hunt, has: impl Fn(&HuntAction) -> bool) -> Option<HuntAction> {
    let supplies = g.oxygen().min(g.battery());
    let max = g.options().max_oxygen.min(g.options().max_battery);
    let diving = g.mode() == Mode::Diving;
    match g.phase() {
        Phase::AttackDecision => {
            // Breaking off throws the running total away, so press on unless the boat is in danger.
            let danger = (diving && supplies <= 2) || g.hull() <= 20;
            Some(if !danger && has(&HuntAction::FlipCard) {
                HuntAction::FlipCard
            } else {
                HuntAction::BreakOff
            })
        }
        Phase::Action => {
            let homeward = g.locked_sixes() > 0
                || g.sink_points() >= g.rules().sink_points_to_win.value
                || g.torpedoes() == 0
                || g.hull() <= 30;
            // Diving costs a point of each supply a turn; surface to recharge before running low.
            if diving && supplies <= 5 {
                return Some(HuntAction::ChangeMode);
            }
            if !diving && (supplies >= max - 1 || (g.streak() >= 2 && supplies > 8)) {
                return Some(HuntAction::ChangeMode);
            }
            if homeward {
                return Some(HuntAction::ReturnToBase);
            }
            // Fire at the best ship the supplies allow: about one point of supply per 4 Sink Points.
            let target = g
                .row()
                .iter()
                .enumerate()
                .filter(|(_, s)| s.state == SlotState::Found)
                .filter_map(|(i, s)| {
                    let ship = s.card.ship().and_then(|c| g.rules().ship(c))?;
                    let cost = i32::try_from(ship.sink_points / 4).unwrap_or(99) + 2;
                    let affordable = !diving || supplies >= cost + 2;
                    let value = ship.sink_points / (1 + u32::from(ship.detection_penalty));
                    affordable.then_some((value, i))
                })
                .max();
            if let Some((_, i)) = target {
                let a = HuntAction::Fire {
                    target: u8::try_from(i + 1).unwrap_or(1),
                };
                if has(&a) {
                    return Some(a);
                }
            }
            if has(&HuntAction::Hunt) {
                Some(HuntAction::Hunt)
            } else {
                Some(HuntAction::ReturnToBase)
            }
        }
        _ => None,
    }
}

/// The result of one simulated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimResult {
    pub won: bool,
    pub turns: u32,
    pub actions: u32,
    pub sink_points: u32,
    /// The words the game's seeded dice drew (see [`crate::dice::SeededRng::words_drawn`]).
    pub dice_words: u64,
}

/// Plays one whole game with seeded dice and a policy; gives up after `max_actions`.
pub fn play_out(seed: u64, policy: Policy, options: &super::HuntOptions, max_actions: u32) -> SimResult {
    let mut rng = SeededRng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xA11CE);
    let Ok(mut game) = Hunt::new(options.clone(), seed, crate::dice::DiceMode::Seeded) else {
        return SimResult {
            won: false,
            turns: 0,
            actions: 0,
            sink_points: 0,
            dice_words: 0,
        };
    };
    // Nothing reads the game's roll records or events, only how it ended: it plays silent.
    game.silent();
    let (mut events, mut offered) = (Vec::new(), Vec::new());
    let mut actions = 0;
    while actions < max_actions {
        let Some(a) = policy.choose_reusing(&game, &mut rng, &mut offered) else {
            break;
        };
        events.clear();
        // A refused action ends the game as it stands; the policy only plays legal choices.
        if game.apply_offered_into(a, &mut events).is_err() {
            break;
        }
        actions += 1;
    }
    let won = matches!(game.phase(), Phase::Over { won: true });
    SimResult {
        won,
        turns: game.turn(),
        actions,
        sink_points: game.sink_points(),
        dice_words: crate::machine::Rules::dice(&mut game).words_drawn(),
    }
}
