//! The action phase: Hunt, Fire, Change Mode, Return to Base [Each Turn.1], and the rolls they call for.

use super::cards::{score, score_added};
use super::options::{AttackTotal, ReturnLocks};
use super::{
    DeckKind, Hunt, HuntAction, HuntError, HuntEvent, Phase, RollPurpose, SlotState, TorpedoCost,
    position_of, purpose_chart, tell,
};
use crate::dice::{Dice, Faces};
use crate::refusal::Refused;
use crate::roll::RollRecord;

impl Hunt {
    /// Plays one of the turn's actions on this (scratch) copy of the game; the machine has taken the rolls.
    pub(super) fn step(&mut self, action: HuntAction, events: &mut Vec<HuntEvent>) -> Result<(), HuntError> {
        let not_now = |g: &Hunt, a: &HuntAction| {
            HuntError::Refused(Refused::NotNow {
                action: a.to_string(),
                waiting_for: g.waiting_for(),
            })
        };
        match (&self.phase, &action) {
            (Phase::Action, HuntAction::Hunt) => {
                if !self.row.iter().any(|s| s.state == SlotState::FaceDown) {
                    return Err(not_now(self, &action));
                }
                self.other_action();
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Sonar,
                };
                Ok(())
            }
            (Phase::Action, HuntAction::Fire { target }) => {
                let index = usize::from(*target).wrapping_sub(1);
                if self.row.get(index).is_none_or(|s| s.state != SlotState::Found) {
                    return Err(HuntError::NoShipThere { position: *target });
                }
                if self.torpedoes == 0 {
                    return Err(HuntError::NoTorpedoes);
                }
                self.other_action();
                if self.options.torpedo_cost == TorpedoCost::PerAttack {
                    self.torpedoes -= 1;
                }
                self.attack = Some(index);
                // A ship that keeps its damage starts from what it has taken.
                self.attack_total = self.row.get(index).map_or(0, |s| score(&s.hits));
                self.flip_attack_card(events);
                Ok(())
            }
            (Phase::Action, HuntAction::ChangeMode) => {
                self.other_action();
                self.mode = self.mode.other();
                tell(self.quiet, events, || HuntEvent::ModeChanged { mode: self.mode });
                // The Consequence Phase uses the new mode ("your current Mode") [Each Turn.3].
                self.consequence_phase(events);
                Ok(())
            }
            (Phase::Action, HuntAction::ReturnToBase) => {
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Return,
                };
                Ok(())
            }
            (Phase::ChooseCard { faces }, HuntAction::PickCard { position }) => {
                if !self.reach(faces).has(*position) {
                    return Err(HuntError::CardNotReachable { position: *position });
                }
                self.turn_card(usize::from(*position) - 1, events);
                self.consequence_phase(events);
                Ok(())
            }
            (Phase::AttackDecision, HuntAction::FlipCard) => {
                if self.options.torpedo_cost == TorpedoCost::PerCard && self.torpedoes == 0 {
                    return Err(HuntError::NoTorpedoes);
                }
                self.flip_attack_card(events);
                Ok(())
            }
            (Phase::AttackDecision, HuntAction::BreakOff) => {
                if let Some(i) = self.attack {
                    tell(self.quiet, events, || HuntEvent::BrokeOff {
                        position: position_of(i),
                    });
                }
                self.end_attack();
                self.next_turn();
                Ok(())
            }
            _ => Err(not_now(self, &action)),
        }
    }

    /// Any action but the voyage home may free the locked sixes, if the options say so.
    fn other_action(&mut self) {
        if self.options.return_locks == ReturnLocks::ResetOnOtherAction && self.locked_sixes > 0 {
            self.locked_sixes = 0;
        }
    }

    /// Reads the faces of a roll.
    pub(super) fn resolve_roll(&mut self, purpose: RollPurpose, faces: Faces, events: &mut Vec<HuntEvent>) {
        let dice = self.dice_for(purpose);
        match purpose {
            RollPurpose::Sonar => self.resolve_sonar(dice, faces, events),
            RollPurpose::Detection => self.resolve_detection(faces, events),
            RollPurpose::Return => self.resolve_return(dice, faces, events),
        }
    }

    /// Keeps the roll as the latest and reports it, unless the game is quiet.
    pub(super) fn record(&mut self, roll: RollRecord, events: &mut Vec<HuntEvent>) {
        if !self.quiet.records() {
            return;
        }
        crate::roll::keep_latest(&mut self.last_roll, &roll);
        events.push(HuntEvent::Rolled { roll: Box::new(roll) });
    }

    /// [Hunt.1] [Hunt.2] The sonar dice are down: offer every reachable card, or report a blank.
    fn resolve_sonar(&mut self, dice: Dice, faces: Faces, events: &mut Vec<HuntEvent>) {
        let blank = self.reach(&faces).is_empty();
        if self.quiet.records() {
            let (chart, rule) = purpose_chart(RollPurpose::Sonar);
            let outcome = if blank {
                "no face-down card within reach".to_string()
            } else {
                let list: Vec<String> = self
                    .reachable_positions(&faces)
                    .iter()
                    .map(u8::to_string)
                    .collect();
                format!("may turn card {}", list.join(", "))
            };
            let hi = i32::from(dice.face_count() as u8) * 6;
            self.record(
                RollRecord::new(chart, rule, dice, faces.to_vec(), vec![], (1, hi)).with_outcome(outcome),
                events,
            );
        }
        if blank {
            tell(self.quiet, events, || HuntEvent::SonarBlank);
            self.consequence_phase(events);
        } else {
            self.phase = Phase::ChooseCard { faces };
        }
    }

    /// [Hunt.3]-[Hunt.5] Turn a Detection card: a number card is empty sea, anything else a ship.
    fn turn_card(&mut self, index: usize, events: &mut Vec<HuntEvent>) {
        let Some(slot) = self.row.get_mut(index) else {
            return;
        };
        let ship = slot.card.ship().and_then(|c| self.rules.ship(c));
        slot.state = if ship.is_some() {
            SlotState::Found
        } else {
            SlotState::Empty
        };
        let card = slot.card;
        tell(self.quiet, events, || HuntEvent::CardTurned {
            position: position_of(index),
            card,
            ship: ship.map(|r| r.ship.clone()),
        });
    }

    /// [Attacking.1]-[Attacking.6] Flip one Attack card at the ship under attack, sink it if the running
    /// total reaches its Sink Points, then a Consequence Phase.
    fn flip_attack_card(&mut self, events: &mut Vec<HuntEvent>) {
        let Some(index) = self.attack else { return };
        if self.options.torpedo_cost == TorpedoCost::PerCard {
            self.torpedoes = self.torpedoes.saturating_sub(1);
        }
        let card = self.draw(DeckKind::Attack);
        let Some(slot) = self.row.get_mut(index) else {
            return;
        };
        self.attack_total += score_added(&slot.hits, card);
        slot.hits.push(card);
        let total = self.attack_total;
        debug_assert_eq!(total, score(&slot.hits), "the running total is the cards' score");
        let ship = slot.card.ship().and_then(|c| self.rules.ship(c));
        let needed = ship.map_or(0, |s| s.sink_points);
        tell(self.quiet, events, || HuntEvent::AttackCard {
            position: position_of(index),
            card,
            total,
            needed,
            torpedoes: self.torpedoes,
        });
        if total >= needed {
            slot.state = SlotState::Sunk;
            self.sink_points += needed;
            tell(self.quiet, events, || HuntEvent::ShipSunk {
                position: position_of(index),
                ship: ship.map_or_else(|| "Ship".to_string(), |s| s.ship.clone()),
                sink_points: needed,
                total_sink_points: self.sink_points,
            });
        }
        self.consequence_phase(events);
    }

    /// Ends the attack under way. A sunk ship keeps the cards that sank it on the table until the row is
    /// replaced; otherwise they go to the discards, unless the ship keeps its damage.
    pub(super) fn end_attack(&mut self) {
        let Some(index) = self.attack.take() else { return };
        let keep = self.options.attack_total == AttackTotal::KeepOnBreakOff;
        let deck = self.deck_slot(DeckKind::Attack);
        let Some(slot) = self.row.get_mut(index) else {
            return;
        };
        if slot.state != SlotState::Sunk && !keep {
            // The slot keeps its room for the next attack.
            self.decks[deck].discard_all(&mut slot.hits);
        }
    }

    /// [Return.1]-[Return.4] Roll the unlocked dice; sixes lock; three sixes bring the submarine home.
    fn resolve_return(&mut self, dice: Dice, faces: Faces, events: &mut Vec<HuntEvent>) {
        let sixes = u8::try_from(faces.iter().filter(|&&f| f == 6).count()).unwrap_or(0);
        self.locked_sixes = self.locked_sixes.saturating_add(sixes);
        let needed = u8::try_from(self.rules.return_dice.value).unwrap_or(3);
        let arrived = self.locked_sixes >= needed;
        if self.quiet.records() {
            let outcome = if arrived {
                "all sixes: arrived".to_string()
            } else {
                format!("{} of {needed} sixes locked", self.locked_sixes)
            };
            let (chart, rule) = purpose_chart(RollPurpose::Return);
            let hi = i32::from(dice.face_count() as u8) * 6;
            self.record(
                RollRecord::new(chart, rule, dice, faces.into_vec(), vec![], (1, hi)).with_outcome(outcome),
                events,
            );
        }
        tell(self.quiet, events, || HuntEvent::VoyageHome {
            locked: self.locked_sixes.min(needed),
        });
        if arrived {
            self.arrive(events);
        } else {
            self.consequence_phase(events);
        }
    }

    /// [Return.4] [Winning.1] In port: win with enough Sink Points, otherwise resupply and sail again.
    /// Arrival ends the turn without a Consequence Phase: the enemy does not hunt in a home base.
    fn arrive(&mut self, events: &mut Vec<HuntEvent>) {
        tell(self.quiet, events, || HuntEvent::Arrived);
        self.locked_sixes = 0;
        self.streak = 0;
        self.hit_bonus = false;
        self.discard_fire();
        if self.sink_points >= self.rules.sink_points_to_win.value {
            tell(self.quiet, events, || HuntEvent::Won {
                sink_points: self.sink_points,
            });
            self.phase = Phase::Over { won: true };
            return;
        }
        self.oxygen = self.options.max_oxygen;
        self.battery = self.options.max_battery;
        self.torpedoes = self.rules.torpedoes.value;
        let attack_deck = self.deck_slot(DeckKind::Attack);
        let mut old = Vec::with_capacity(self.row.len());
        for slot in &mut self.row {
            old.push(slot.card);
            self.decks[attack_deck].discard_all(&mut slot.hits);
        }
        let i = self.deck_slot(DeckKind::Row);
        self.decks[i].discard(old);
        self.decks[i].reshuffle(&mut self.cards_rng);
        self.deal_row();
        tell(self.quiet, events, || HuntEvent::Resupplied {
            torpedoes: self.torpedoes,
        });
        self.next_turn();
    }

    /// The turn is over: back to the action phase.
    pub(super) fn next_turn(&mut self) {
        self.turn += 1;
        self.phase = Phase::Action;
    }
}
