//! The Consequence Phase that follows every action and every Attack card [Each Turn.2] [Attacking.6]:
//! supplies for the mode, then the enemy's detection roll and, after three in a row, its fire.

use super::cards::score_added;
use super::options::HullLoss;
use super::{DeckKind, Hunt, HuntEvent, LossCause, Phase, RollPurpose, SlotState, purpose_chart, tell};
use crate::dice::Dice;
use crate::roll::{Modifier, RollRecord};

/// [Enemy.1] [Enemy.4] [Ships.1] [Ships.3] The detection die has no chart ends to hold it at: the penalty
/// of the ship under attack and the +1 after a hit raise the mode's detection number ("your detection
/// number is +1"), they do not change the die. Written as minuses on the die, a die of 1 attacking the
/// Destroyer reads 0, within the detection number as the die of 1 is within the raised one; holding it
/// at 1 would show a result of 1 for a die of 1 and a chance of 1 in 3 for it.
pub(super) const DETECTION_ENDS: (i32, i32) = (i32::MIN, i32::MAX);

impl Hunt {
    /// [Each Turn.3] [Modes.1] [Modes.2] [Modes.3] Supplies change by mode (never above their maximum);
    /// running out of either ends the game. Then the detection roll [Each Turn.4].
    #[inline]
    pub(super) fn consequence_phase(&mut self, events: &mut Vec<HuntEvent>) {
        let (o, b) = (self.mode_row().oxygen_per_turn, self.mode_row().battery_per_turn);
        self.oxygen = (self.oxygen + o).min(self.options.max_oxygen);
        self.battery = (self.battery + b).min(self.options.max_battery);
        tell(self.quiet, events, || HuntEvent::Supplies {
            oxygen: self.oxygen,
            battery: self.battery,
        });
        if self.oxygen <= 0 {
            self.lose(LossCause::OxygenExhausted, events);
        } else if self.battery <= 0 {
            self.lose(LossCause::BatteryExhausted, events);
        } else {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Detection,
            };
        }
    }

    /// The detection number's modifiers: the penalty of the ship under attack [Ships.1] [Ships.3] and
    /// the +1 after a hit, which never stacks [Enemy.4]. Written as minuses on the die: the enemy detects
    /// when the modified die is within the mode's range.
    pub(super) fn detection_modifiers(&self) -> Vec<Modifier> {
        let mut mods = Vec::new();
        if let Some(ship) = self.ship_under_attack().filter(|s| s.detection_penalty > 0) {
            let rule = ship.provenance.label().replace("rule [", "").replace(']', "");
            mods.push(Modifier::new(
                -i32::from(ship.detection_penalty),
                format!("attacking the {}", ship.ship),
                rule,
            ));
        }
        if self.hit_bonus {
            mods.push(Modifier::new(
                -self.hit_bonus_value(),
                "hit earlier in this exchange",
                "Enemy.4",
            ));
        }
        mods
    }

    /// The sum of [`Hunt::detection_modifiers`]' values, for a quiet game that writes no record.
    fn detection_drm(&self) -> i32 {
        let penalty = self
            .ship_under_attack()
            .map_or(0, |s| i32::from(s.detection_penalty));
        let bonus = if self.hit_bonus { self.hit_bonus_value() } else { 0 };
        -penalty - bonus
    }

    fn ship_under_attack(&self) -> Option<&periscope_data::hunt::ShipRow> {
        let slot = self.attack.and_then(|i| self.row.get(i))?;
        slot.card.ship().and_then(|c| self.rules.ship(c))
    }

    fn hit_bonus_value(&self) -> i32 {
        i32::try_from(self.rules.hit_bonus.value).unwrap_or(1)
    }

    /// [Enemy.1]-[Enemy.6] Roll against the mode's detection number. Three detections in a row open fire,
    /// one Damage card for the third and each further detection; a miss breaks contact and resets the run.
    pub(super) fn resolve_detection(&mut self, faces: crate::dice::Faces, events: &mut Vec<HuntEvent>) {
        let threshold = i32::from(self.mode_row().detected_on_or_below);
        let (chart, rule) = purpose_chart(RollPurpose::Detection);
        let detected = if self.quiet.records() {
            let mods = self.detection_modifiers();
            let mut roll = RollRecord::new(chart, rule, Dice::D1D6, faces.into_vec(), mods, DETECTION_ENDS);
            let detected = roll.result <= threshold;
            roll.outcome = if detected {
                format!("detected ({} or less)", threshold)
            } else {
                format!("not detected (needed {} or less)", threshold)
            };
            self.record(roll, events);
            detected
        } else {
            // The record's result without the record: the die plus the modifiers, never held at 1.
            let natural = Dice::D1D6.read(&faces);
            natural + self.detection_drm() <= threshold
        };
        if detected {
            self.streak += 1;
            tell(self.quiet, events, || HuntEvent::Detected { streak: self.streak });
            if self.streak >= self.rules.detections_to_open_fire.value {
                self.enemy_fire(events);
            }
        } else {
            let broke_contact = self.streak > 0;
            self.streak = 0;
            self.hit_bonus = false;
            if !self.fire_cards.is_empty() {
                self.discard_fire();
            }
            tell(self.quiet, events, || HuntEvent::NotDetected { broke_contact });
        }
        if matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        self.after_consequence(events);
    }

    /// [Enemy.3] [Enemy.4] [Enemy.6] One Damage card, valued like an Attack card (an Ace doubles a neighbour
    /// in the same exchange); a card that deals damage is a hit.
    fn enemy_fire(&mut self, events: &mut Vec<HuntEvent>) {
        let card = self.draw(DeckKind::Damage);
        let damage = score_added(&self.fire_cards, card);
        self.fire_cards.push(card);
        self.hull -= i32::try_from(damage).unwrap_or(i32::MAX);
        tell(self.quiet, events, || HuntEvent::EnemyFire {
            card,
            damage,
            hull: self.hull,
        });
        if damage > 0 && !self.hit_bonus {
            self.hit_bonus = true;
            tell(self.quiet, events, || HuntEvent::HitBonus);
        }
        let sunk = match self.options.hull_loss {
            HullLoss::AtZero => self.hull <= 0,
            HullLoss::BelowZero => self.hull < 0,
        };
        if sunk {
            self.lose(LossCause::HullDestroyed, events);
        }
    }

    /// After the Consequence Phase: the attack goes on, ends, or the turn is over.
    fn after_consequence(&mut self, events: &mut Vec<HuntEvent>) {
        let Some(index) = self.attack else {
            self.next_turn();
            return;
        };
        let sunk = self.row.get(index).is_none_or(|s| s.state == SlotState::Sunk);
        let out = self.options.torpedo_cost == super::TorpedoCost::PerCard && self.torpedoes == 0;
        if sunk {
            self.end_attack();
            self.next_turn();
        } else if out {
            tell(self.quiet, events, || HuntEvent::OutOfTorpedoes);
            self.end_attack();
            self.next_turn();
        } else {
            self.phase = Phase::AttackDecision;
        }
    }

    fn lose(&mut self, cause: LossCause, events: &mut Vec<HuntEvent>) {
        self.loss = Some(cause);
        self.attack = None;
        self.phase = Phase::Over { won: false };
        tell(self.quiet, events, || HuntEvent::Lost { cause });
    }
}
