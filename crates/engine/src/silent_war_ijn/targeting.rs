//! Targeting an Escort [6.0] [6.1]: in the first attack round (not a re-attack) the submarine may target
//! one escort, whose ASW then does not count in its unit's defence; never when (a) it is Spotted, (b) a
//! Diligent Escort or (c) an aircraft has been revealed, (d) an alerting Combat Event came up, or (e)
//! another boat of its wolfpack has attacked. What the companion knows it checks itself; the rest it
//! asks. Each refusal gives its letter and our one-line reason.

use periscope_data::silent_war_ijn::ships::PileId;

use super::combat::{Combat, Step, answer};
use super::{Companion, Phase, SwAction, SwError, SwEvent, choice};
use crate::machine::{Decision, Rules};
use crate::refusal::Refused;

/// Whether the option is still open in this combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Targeted {
    Open,
    /// Used: the ship at this position; `None` once an unrevealed target fired at proved no escort [6.0].
    Chosen {
        ship: Option<usize>,
    },
    /// Fired at an unrevealed target: the next target revealed says whether it is an escort [6.0].
    Unrevealed,
    /// Refused by this restriction of [6.1].
    Refused(char),
}

/// The questions before the choice, in the order of [6.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TStep {
    Spotted,
    Aircraft,
    Wolfpack,
    Choose,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Targeting {
    step: TStep,
}

impl Targeting {
    pub(crate) fn start(combat: &Combat) -> Self {
        let step = if combat.spotted {
            TStep::Aircraft
        } else {
            TStep::Spotted
        };
        Targeting { step }
    }

    pub(crate) fn choosing(&self) -> bool {
        self.step == TStep::Choose
    }
}

impl Companion {
    /// Why the option cannot be taken now, from what the companion knows: the first round over or the
    /// option used [6.0], restrictions a, b, c, d [6.1]. (a, c and e are also asked.)
    pub(crate) fn targeting_forbidden(&self, c: &Combat) -> Option<SwError> {
        if c.first_round_over {
            return Some(SwError::NotFirstRound {
                reason: "an escort can be targeted in the first attack round only, not in a re-attack".into(),
            });
        }
        match c.targeting {
            Targeted::Chosen { .. } | Targeted::Unrevealed => {
                return Some(SwError::NotFirstRound {
                    reason: "only one escort in all may have its ASW ignored, and one is targeted".into(),
                });
            }
            Targeted::Refused(letter) => return Some(self.forbidden(letter)),
            Targeted::Open => {}
        }
        let d = self.data.targeting.restriction('d');
        let alerted = d.is_some_and(|d| c.events.iter().any(|e| d.events.contains(e)));
        for (letter, holds) in [
            ('a', c.spotted),
            ('b', c.diligent_revealed),
            ('c', c.aircraft_revealed),
            ('d', alerted),
        ] {
            if holds {
                return Some(self.forbidden(letter));
            }
        }
        None
    }

    /// Restriction `letter` of [6.1] and our one-line reason for it.
    fn restriction_reason(&self, letter: char) -> String {
        self.data
            .targeting
            .restriction(letter)
            .map_or(String::new(), |r| format!("{} — {}", r.forbids_when, r.reason))
    }

    fn forbidden(&self, letter: char) -> SwError {
        SwError::EscortTargetForbidden {
            letter,
            reason: self.restriction_reason(letter),
        }
    }

    /// The option closed by restriction `letter`, and said so.
    fn close_targeting(&self, c: &mut Combat, letter: char, ev: &mut Vec<SwEvent>) {
        ev.push(SwEvent::TargetingRefused {
            letter,
            reason: self.restriction_reason(letter),
        });
        c.targeting = Targeted::Refused(letter);
    }

    fn refuse(&self, c: &mut Combat, letter: char, ev: &mut Vec<SwEvent>) {
        self.close_targeting(c, letter, ev);
        c.step = Step::Main;
    }

    /// A restriction of [6.1] comes to hold in the middle of a combat (an aircraft or a Diligent Escort
    /// revealed, an alerting Combat Event, a crash dive that leaves the boat Spotted). While the first
    /// attack round is under way the option "cannot be utilized": an escort already targeted, or an
    /// unrevealed target fired at, is targeted no more and every escort's ASW counts. Once the first round
    /// is over it was resolved as it stood, and the escort targeted in it stays targeted for the
    /// counterattack [6.0]. Our reading: `docs/rules/silent-war-ijn.md`, "A restriction that arises later".
    pub(crate) fn restriction_arises(&self, c: &mut Combat, letter: char, what: &str, ev: &mut Vec<SwEvent>) {
        let targeted = match c.targeting {
            Targeted::Chosen { ship: Some(pos) } => c.ships.get(pos).map(|s| self.ship(s.index)),
            _ => None,
        };
        if matches!(c.targeting, Targeted::Refused(_)) {
            return;
        }
        if c.first_round_over {
            let text = match targeted {
                Some(ship) => format!(
                    "{what} ({letter}) after the first attack round: {ship} stays the escort targeted in it [6.0]"
                ),
                None => format!("{what} ({letter}): no escort can be targeted in this combat"),
            };
            ev.push(SwEvent::note("6.1", text));
            return;
        }
        let text = match (c.targeting, targeted) {
            (Targeted::Chosen { .. }, Some(ship)) => {
                format!(
                    "{what}: targeting an escort cannot be used in this combat ({letter}), so {ship}'s ASW counts after all"
                )
            }
            (Targeted::Unrevealed, _) => format!(
                "{what}: targeting an escort cannot be used in this combat ({letter}), so the target fired at has no ASW left out"
            ),
            _ => format!("{what}: no escort can be targeted in this combat ({letter})"),
        };
        if matches!(
            c.targeting,
            Targeted::Chosen { ship: Some(_) } | Targeted::Unrevealed
        ) {
            self.close_targeting(c, letter, ev);
        }
        ev.push(SwEvent::note("6.1", text));
    }

    /// The escorts that may be targeted: the DD pile's ships on the display (destroyers and escorts).
    fn escorts(&self, c: &Combat) -> Vec<usize> {
        c.ships
            .iter()
            .enumerate()
            .filter(|(_, s)| self.counter(s.index).is_some_and(|x| x.pile == PileId::DD))
            .map(|(i, _)| i)
            .collect()
    }

    pub(crate) fn targeting_decision(&self, c: &Combat, t: &Targeting) -> Decision<SwAction> {
        match t.step {
            TStep::Spotted => answer(self.ask("spotted"), "Yes: the submarine is Spotted", "No"),
            TStep::Aircraft => answer(
                self.ask("aircraft_revealed"),
                "Yes: an aircraft is revealed",
                "No",
            ),
            TStep::Wolfpack => answer(
                self.ask("wolfpack_attacked"),
                "Yes: another boat of the pack attacked first",
                "No, or not in a wolfpack",
            ),
            TStep::Choose => {
                let (prompt, rule) = self.ask("target_escort");
                let mut choices: Vec<_> = self
                    .escorts(c)
                    .into_iter()
                    .filter_map(|i| c.ships.get(i))
                    .map(|s| {
                        let ship = self.ship(s.index);
                        choice(
                            SwAction::TargetShip {
                                counter: Some(ship.id.clone()),
                            },
                            format!("Target {ship}"),
                            &rule,
                        )
                    })
                    .collect();
                choices.push(choice(
                    SwAction::TargetShip { counter: None },
                    "Fire at an unrevealed target: if it proves an escort, its ASW is left out",
                    &rule,
                ));
                choices.push(choice(SwAction::TargetNone, "No escort after all", &rule));
                Decision::new(prompt, rule, choices)
            }
        }
    }

    pub(crate) fn targeting_step(
        &mut self,
        mut c: Combat,
        mut t: Targeting,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match (t.step, action) {
            (TStep::Spotted, SwAction::Answer { yes }) => {
                if yes {
                    c.spotted = true;
                    self.refuse(&mut c, 'a', ev);
                } else {
                    t.step = if c.aircraft_revealed {
                        TStep::Wolfpack
                    } else {
                        TStep::Aircraft
                    };
                    c.step = Step::Target(t);
                }
            }
            (TStep::Aircraft, SwAction::Answer { yes }) => {
                if yes {
                    c.aircraft_revealed = true;
                    self.refuse(&mut c, 'c', ev);
                } else {
                    t.step = TStep::Wolfpack;
                    c.step = Step::Target(t);
                }
            }
            (TStep::Wolfpack, SwAction::Answer { yes }) => {
                if yes {
                    self.refuse(&mut c, 'e', ev);
                } else {
                    t.step = TStep::Choose;
                    c.step = Step::Target(t);
                }
            }
            (TStep::Choose, SwAction::TargetShip { counter: None }) => {
                c.targeting = Targeted::Unrevealed;
                ev.push(SwEvent::EscortTargeted {
                    ship: None,
                    asw: None,
                });
                c.step = Step::Main;
            }
            (TStep::Choose, SwAction::TargetShip { counter: Some(name) }) => {
                let found = self.escorts(&c).into_iter().find(|&i| {
                    c.ships
                        .get(i)
                        .and_then(|s| self.counter(s.index))
                        .is_some_and(|x| x.answers_to(&name))
                });
                let Some(pos) = found else {
                    c.step = Step::Target(t);
                    self.phase = Phase::Combat(Box::new(c));
                    return Err(SwError::Refused(Refused::NotNow {
                        action: format!("target {name}"),
                        waiting_for: "an escort on the display (a destroyer or escort of the DD pile) [6.0]"
                            .into(),
                    }));
                };
                let index = c.ships.get(pos).map_or(0, |s| s.index);
                c.targeting = Targeted::Chosen { ship: Some(pos) };
                ev.push(SwEvent::EscortTargeted {
                    ship: Some(self.ship(index)),
                    asw: self.values_of(index).map(|v| v.asw),
                });
                ev.push(SwEvent::note(
                    "6.0",
                    "If it is damaged or sunk, its ASW is not used in the counterattack round either",
                ));
                c.step = Step::Main;
            }
            (TStep::Choose, SwAction::TargetNone) => c.step = Step::Main,
            (step, other) => {
                t.step = step;
                c.step = Step::Target(t);
                self.phase = Phase::Combat(Box::new(c));
                return Err(self.not_now(&other));
            }
        }
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }
}
