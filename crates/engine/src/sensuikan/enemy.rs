//! The enemy submarine [8.2.9]: the initiative, its four torpedoes at the range it fires from, each
//! checked on B2 and sinking the submarine on a hit, and another round or breaking contact after the
//! exchange.

use periscope_data::sensuikan::charts::{Attack, B1Key, Range, TorpedoKind, Weapon};
use periscope_data::sensuikan::procedures::ProcedureResult;
use serde::Serialize;

use super::events::{PatrolEnd, PatrolEvent};
use super::reading::{defective, proc_roll};
use super::{AircraftRoll, Ask, CombatAsk, Patrol, PatrolAction, PatrolError, Phase, RollPurpose, choice};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec};
use crate::roll::RollRecord;

/// A roll against the enemy submarine [8.2.9].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum EnemyRoll {
    Initiative,
    #[serde(rename = "enemy_torpedo")]
    Torpedo,
    #[serde(rename = "enemy_defective")]
    Defective,
}

impl EnemyRoll {
    /// The initiative is the submarine's own roll; the enemy's torpedoes are not [B11].
    pub(crate) fn own(self) -> bool {
        self == EnemyRoll::Initiative
    }
}

/// The enemy submarine's torpedoes [8.2.9].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnemySub {
    /// The range it fires from [8.2.9.1] [8.2.9.2].
    pub range: Range,
    pub torpedoes_left: u8,
}

impl Default for EnemySub {
    fn default() -> Self {
        Self {
            range: Range::Medium,
            torpedoes_left: 0,
        }
    }
}

impl EnemySub {
    /// It fires its torpedoes from `range` [8.2.9.1] [8.2.9.4].
    fn fire(&mut self, range: Range, torpedoes: u8) {
        self.range = range;
        self.torpedoes_left = torpedoes;
    }
}

impl Patrol {
    /// The dice, chart, rule and reason of a roll against the enemy submarine.
    pub(crate) fn enemy_roll_spec(&self, r: EnemyRoll) -> RollSpec {
        let procs = &self.data.procs.charts;
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match r {
            EnemyRoll::Initiative => s(
                Dice::from(procs.initiative.dice),
                "Initiative",
                "8.2.9.1",
                "Who attacks first",
            ),
            EnemyRoll::Torpedo => s(Dice::D2D6, "B1", "8.2.9.4", "Enemy torpedo to hit"),
            EnemyRoll::Defective => s(Dice::D1D6, "B2", "8.2.9.4", "Is the enemy torpedo defective?"),
        }
    }

    /// [8.2.9] The enemy submarine: initiative, its four torpedoes, defective on a 1, any hit sinks.
    pub(crate) fn resolve_enemy_sub(
        &mut self,
        r: EnemyRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match r {
            EnemyRoll::Initiative => {
                let (rec, res) = proc_roll(&self.data.procs.charts.initiative, "8.2.9.1", faces, vec![]);
                let player = res == ProcedureResult::Player;
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(if player {
                            "the player has the initiative"
                        } else {
                            "the enemy attacks first"
                        }),
                        ev,
                    );
                }
                if player && !self.voyage.aborted {
                    self.phase = Phase::Decide {
                        ask: Ask::Combat(CombatAsk::Engage),
                    };
                } else if player {
                    ev.push(PatrolEvent::Declined);
                    self.end_encounter(ev);
                } else {
                    // [8.2.9.1] The enemy fires four torpedoes from medium range.
                    self.enemy_fires(Range::Medium);
                }
            }
            EnemyRoll::Torpedo => {
                let range = self.combat.as_ref().map_or(Range::Medium, |c| c.enemy.range);
                let rec = RollRecord::new("B1", "8.2.9.4", Dice::D2D6, faces, vec![], (2, 12));
                let key = B1Key {
                    weapon: Weapon::EnemySubmarine,
                    attack: Attack::Submerged,
                    range,
                };
                let hit = self.b1_hits(&key, rec.result)?;
                if self.quiet.records() {
                    self.record(rec.with_outcome(if hit { "hit" } else { "miss" }), ev);
                }
                if let Some(c) = self.combat.as_mut() {
                    c.enemy.torpedoes_left = c.enemy.torpedoes_left.saturating_sub(1);
                }
                if hit {
                    self.phase = Phase::Roll {
                        purpose: RollPurpose::Enemy(EnemyRoll::Defective),
                    };
                } else {
                    self.next_enemy_torpedo();
                }
            }
            EnemyRoll::Defective => {
                let (rec, ok) = defective(
                    &self.data.charts.b2,
                    TorpedoKind::EnemySubmarine,
                    self.month,
                    faces,
                )?;
                if self.quiet.records() {
                    self.record(rec.with_outcome(if ok { "it explodes" } else { "defective" }), ev);
                }
                if ok {
                    // [8.2.9.4] Any non-defective hit sinks the player's submarine.
                    self.finish(
                        PatrolEnd::Sunk {
                            cause: "an enemy submarine's torpedo".into(),
                        },
                        ev,
                    );
                } else {
                    self.next_enemy_torpedo();
                }
            }
        }
        Ok(())
    }

    /// [8.2.9.4] After the exchange with the enemy submarine: another round, or break contact.
    pub(crate) fn enemy_after_choices(&self) -> Decision<PatrolAction> {
        use PatrolAction as A;
        if self.combat.is_none() {
            return Decision::new("No combat", "8.2", vec![]);
        }
        Decision::new(
            "The enemy submarine: another round?",
            "8.2.9.4",
            vec![
                choice(A::AdditionalRound, "Additional combat round", "8.2.9.4"),
                choice(A::Continue, "Break contact", "8.2.9.4"),
            ],
        )
    }

    pub(crate) fn enemy_after_decide(&mut self, action: PatrolAction, ev: &mut Vec<PatrolEvent>) {
        match action {
            PatrolAction::AdditionalRound => {
                // [8.2.9.4] Reload, then roll for arrivals: aviation or escort and the enemy escapes.
                self.reload(ev);
                if let Some(c) = self.combat.as_mut() {
                    c.rounds.additional += 1;
                }
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Aircraft(AircraftRoll::Arrival),
                };
            }
            PatrolAction::Continue => self.end_encounter(ev),
            _ => {}
        }
    }

    pub(crate) fn enemy_fires(&mut self, range: Range) {
        let n = self.data.procs.constants.enemy_submarine_torpedoes;
        if let Some(c) = self.combat.as_mut() {
            c.enemy.fire(range, n);
        }
        self.next_enemy_torpedo();
    }

    fn next_enemy_torpedo(&mut self) {
        let left = self.combat.as_ref().map_or(0, |c| c.enemy.torpedoes_left);
        self.phase = if left > 0 {
            Phase::Roll {
                purpose: RollPurpose::Enemy(EnemyRoll::Torpedo),
            }
        } else {
            Phase::Decide { ask: Ask::EnemyAfter }
        };
    }
}
