//! Escorts: the detection cycle [8.2.5] with its modifiers, test depth [8.2.6], the natural 2 [8.2.7],
//! depth charges and the Hedgehog [8.2.5] (B4, B5).

use crate::machine::{Decision, RollSpec};
use periscope_data::sensuikan::charts::{B4Key, B5Key, Range, System};
use serde::Serialize;

use super::events::{PatrolEnd, PatrolEvent};
use super::optional::ForceQuality;
use super::reading::drm;
use super::{
    AfterDamage, Ask, Attacker, ContactKind, Patrol, PatrolAction, PatrolError, Phase, RollPurpose, TimeOfDay,
};
use crate::dice::Dice;
use crate::roll::{Modifier, RollRecord};

/// A roll of the escorts' cycle [8.2.5] [8.2.6].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum EscortRoll {
    TestDepth,
    Detection,
    Special,
    Attack,
}

impl EscortRoll {
    /// The test-depth check is the submarine's own roll; the escorts' are not [B11].
    pub(crate) fn own(self) -> bool {
        self == EscortRoll::TestDepth
    }
}

/// The escorts' detection and attack cycle against the submarine [8.2.5]-[8.2.7] [8.2.12] [11.3] [11.4].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EscortCycle {
    /// Detected before in this encounter [8.2.5].
    pub detected_before: bool,
    /// +1 after attacking an escort that survived, -1 after sinking it [8.2.12].
    pub drm: i32,
    /// Beyond test depth this round [8.2.6].
    pub test_depth: bool,
    /// This escort attack is the Hedgehog special attack [8.2.5].
    pub hedgehog: bool,
    /// The submarine's evasion number, hidden until the escort's direction is in [11.3] [10.1].
    pub evasion: Option<u8>,
    /// The hits the evasion adds to (or takes from) the coming B5 result [11.3].
    pub evasion_hits: Option<i32>,
    /// The escort's quality, rolled once per encounter [11.4].
    pub quality: Option<ForceQuality>,
}

impl EscortCycle {
    /// [8.2.12] The escort was attacked: +1 on detection if it survived, -1 if it was sunk, for the rest of
    /// the combat.
    pub(crate) fn escort_attacked(&mut self, sunk: bool) {
        self.drm = if sunk { -1 } else { 1 };
    }
}

impl Patrol {
    /// The dice, chart, rule and reason of a roll of the escorts' cycle.
    pub(crate) fn escort_roll_spec(&self, r: EscortRoll) -> RollSpec {
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match r {
            EscortRoll::TestDepth => s(Dice::D2D6, "Test depth", "8.2.6", "Beyond test depth"),
            EscortRoll::Detection => s(Dice::D2D6, "B4", "8.2.5", "Escort detection"),
            EscortRoll::Special => s(
                Dice::from(self.data.charts.b5.special_attack.dice),
                "B5 special",
                "8.2.5",
                "Special attack?",
            ),
            EscortRoll::Attack => s(Dice::D2D6, "B5", "8.2.5", "Attack on the submarine"),
        }
    }

    /// The B4 modifiers in force [8.2.1] [8.2.2] [8.2.5] [8.2.12] [8.1.4] [8.1.9] [8.5.9] [8.8.1].
    pub(crate) fn detection_mods(&self, approach: bool) -> Result<Vec<Modifier>, PatrolError> {
        let m = &self.data.charts.b4.modifiers;
        let mut v = Vec::new();
        let Some(c) = &self.combat else {
            return Ok(v);
        };
        if !approach && c.escort.detected_before {
            v.push(drm(m, "prior_detection", "8.2.5")?);
        }
        if !approach && c.attack.steam_by_day {
            v.push(drm(m, "steam_torpedoes_by_day", "8.1.9")?);
        }
        if c.attack.surfaced && c.picture.time == Some(TimeOfDay::Night) {
            v.push(drm(m, "night_surface_attack", "8.2.2")?);
        }
        if c.picture.kind == ContactKind::CapitalShip {
            v.push(drm(m, "capital_ship_escorts", "8.1.4")?);
        }
        if !approach && c.picture.range == Some(Range::Short) {
            v.push(drm(m, "short_range", "8.2.5")?);
        }
        if !approach && c.picture.range == Some(Range::Long) {
            v.push(drm(m, "long_range", "8.2.5")?);
        }
        if c.escort.drm > 0 {
            v.push(drm(m, "escort_survived", "8.2.12")?);
        } else if c.escort.drm < 0 {
            v.push(drm(m, "escort_sunk", "8.2.12")?);
        }
        if self.options.crew.golden_kite {
            v.push(drm(m, "golden_kite", "8.2.1")?);
        }
        if c.escort.test_depth {
            v.push(drm(m, "test_depth", "8.2.6")?);
        }
        if c.escort.quality == Some(super::ForceQuality::Elite) {
            v.push(drm(m, "elite_escorts", "11.4")?);
        }
        match self.crew.command_level() {
            0 => {}
            1 if self.options.crew.expert_xo => {}
            1 => v.push(drm(m, "captain_out", "8.5.9")?),
            _ => v.push(drm(m, "navigator_in_command", "8.5.9")?),
        }
        // [8.2.5] Damage modifiers (diving planes, fuel tanks) from B7.
        for (s, _) in &self.boat.systems {
            if let Some(e) = self.data.charts.b7.effect(*s) {
                for d in e.drms.iter().filter(|d| d.chart == "B4") {
                    v.push(Modifier::new(
                        d.drm,
                        format!("{} damaged", super::words::system(*s)),
                        "8.2.5",
                    ));
                }
            }
        }
        Ok(v)
    }

    /// Before each detection roll: the test depth decision, where allowed [8.2.6].
    pub(crate) fn begin_detection(&mut self, ev: &mut Vec<PatrolEvent>) {
        let _ = ev;
        let Some(c) = self.combat.as_mut() else { return };
        c.escort.test_depth = false;
        let allowed = !c.attack.after_surface_attack && c.picture.kind != ContactKind::EnemySubmarine;
        self.phase = if allowed {
            Phase::Decide { ask: Ask::TestDepth }
        } else {
            Phase::Roll {
                purpose: RollPurpose::Escort(EscortRoll::Detection),
            }
        };
    }

    /// [8.2.6] Beyond test depth, or not, before the escorts roll to detect; the choice says what it
    /// risks.
    pub(crate) fn test_depth_choices(&self, labels: super::Labels) -> Decision<PatrolAction> {
        use PatrolAction as A;
        let cost = self.data.procs.constants.test_depth_hull;
        let after = self.boat.hull.saturating_add(cost);
        let of = self.class.hull_boxes;
        let beyond = || {
            let risk = implosion_chance(u32::from(after), u32::from(of));
            let risk = if risk >= 0.995 {
                "the boat is lost".to_string()
            } else if risk < 0.005 {
                "no risk of implosion yet".to_string()
            } else {
                format!("a {:.0}% chance the hull implodes", risk * 100.0)
            };
            format!(
                "Go beyond test depth: {cost} hull box at once ({after} of {of}), then 2d6 — under {after} \
                 the hull implodes, exactly {after} one more box and roll again, above it -1 on the \
                 escorts' detection ({risk})"
            )
        };
        Decision::new(
            "Go beyond test depth before the escorts roll to detect?",
            "8.2.6",
            vec![
                super::choice_as(
                    labels,
                    A::TestDepth { exceed: false },
                    || "Stay within test depth".into(),
                    "8.2.6",
                ),
                super::choice_as(labels, A::TestDepth { exceed: true }, beyond, "8.2.6"),
            ],
        )
    }

    /// [8.2.6] Beyond test depth: one hull box at once, then 2d6 against the hull boxes.
    pub(crate) fn test_depth_decision(&mut self, exceed: bool, ev: &mut Vec<PatrolEvent>) {
        if !exceed {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Escort(EscortRoll::Detection),
            };
            return;
        }
        let n = self.data.procs.constants.test_depth_hull;
        self.add_hull(n, ev);
        if !matches!(self.phase, Phase::Over { .. }) {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Escort(EscortRoll::TestDepth),
            };
        }
    }

    pub(crate) fn resolve_escort(
        &mut self,
        r: EscortRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match r {
            EscortRoll::TestDepth => {
                let hull = i32::from(self.boat.hull);
                let rec = RollRecord::new("Test depth", "8.2.6", Dice::D2D6, faces, vec![], (2, 12));
                // [11.7] Shibumi passes the check without rolling.
                // (A pass is above the boxes, and above a single box's 2.)
                let r = if self.take_shibumi() {
                    (hull + 1).max(3)
                } else {
                    rec.result
                };
                if r < hull {
                    if self.quiet.records() {
                        self.record(rec.with_outcome("the hull implodes"), ev);
                    }
                    self.finish(
                        PatrolEnd::Sunk {
                            cause: "imploded beyond test depth".into(),
                        },
                        ev,
                    );
                } else if r == hull || (hull == 1 && r == 2) {
                    // With a single hull box a 2 also costs one more box and is rolled again.
                    if self.quiet.records() {
                        self.record(rec.with_outcome("one more hull box; roll again"), ev);
                    }
                    self.add_hull(1, ev);
                    if !matches!(self.phase, Phase::Over { .. }) {
                        self.phase = Phase::Roll {
                            purpose: RollPurpose::Escort(EscortRoll::TestDepth),
                        };
                    }
                } else {
                    if self.quiet.records() {
                        self.record(rec.with_outcome("no effect: -1 on the escorts' detection"), ev);
                    }
                    if let Some(c) = self.combat.as_mut() {
                        c.escort.test_depth = true;
                    }
                    self.phase = Phase::Roll {
                        purpose: RollPurpose::Escort(EscortRoll::Detection),
                    };
                }
            }
            EscortRoll::Detection => {
                let mods = self.detection_mods(false)?;
                let rec = RollRecord::new("B4", "8.2.5", Dice::D2D6, faces, mods, (2, 12));
                let always = self.data.entries.always_undetected_on_natural;
                // [8.2.7] A natural 2 always evades.
                let undetected = rec.natural == always || self.b4_undetected(self.b4_column(), rec.result)?;
                let outcome = if rec.natural == always {
                    "natural 2: undetected [8.2.7]"
                } else if undetected {
                    "undetected"
                } else {
                    "detected"
                };
                if self.quiet.records() {
                    self.record(rec.with_outcome(outcome), ev);
                }
                let enemy = self
                    .combat
                    .as_ref()
                    .is_some_and(|c| c.picture.kind == ContactKind::EnemySubmarine);
                if undetected {
                    ev.push(PatrolEvent::Undetected);
                    if enemy {
                        self.phase = Phase::Decide { ask: Ask::EnemyAfter };
                    } else if self.combat.as_ref().is_some_and(|c| c.picture.targets.is_empty()) {
                        // An escort that arrived on its own (aircraft chain, special missions): over.
                        self.end_encounter(ev);
                    } else {
                        self.end_round(ev);
                    }
                } else {
                    ev.push(PatrolEvent::Detected);
                    if enemy {
                        // [8.2.9.4] Detected by the enemy submarine: four torpedoes at the range.
                        let r = self
                            .combat
                            .as_ref()
                            .and_then(|c| c.picture.range)
                            .unwrap_or(Range::Medium);
                        self.enemy_fires(r);
                        return Ok(());
                    }
                    if let Some(c) = self.combat.as_mut() {
                        c.escort.detected_before = true;
                    }
                    // [7.8] Detected after releasing kaiten: the kaiten attack fails.
                    self.kaiten_detected(ev);
                    self.start_escort_attack(ev);
                }
            }
            EscortRoll::Special => {
                let on = self.data.charts.b5.special_attack.on;
                let rec = RollRecord::new("B5 special", "8.2.5", Dice::D1D6, faces, vec![], (1, 6));
                let special = rec.result == on;
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(if special {
                            "special attack"
                        } else {
                            "normal attack"
                        }),
                        ev,
                    );
                }
                if let Some(c) = self.combat.as_mut() {
                    if special {
                        c.incoming.special_used = true;
                    }
                    c.incoming.attacker = match c.incoming.attacker {
                        Attacker::Aircraft { first, .. } => {
                            // [8.3.3] A FIDO attack brings no crew casualty roll.
                            if special {
                                c.air.casualty = false;
                            }
                            Attacker::Aircraft { first, special }
                        }
                        _ => Attacker::Escort,
                    };
                    c.escort.hedgehog = special;
                }
                self.attack_roll_or_evasion();
            }
            EscortRoll::Attack => self.resolve_attack(faces, ev)?,
        }
        Ok(())
    }

    /// [8.2.5] An escort attack: from 5/44 the special attack check first (once per encounter); [6.2.2Bc]
    /// detection and attack repeat until the submarine escapes or is sunk.
    pub(crate) fn start_escort_attack(&mut self, ev: &mut Vec<PatrolEvent>) {
        let _ = ev;
        let from = self.data.charts.b5.special_attack.from;
        let special_possible = self.from(from.year, from.month)
            && self.combat.as_ref().is_some_and(|c| !c.incoming.special_used);
        if let Some(c) = self.combat.as_mut() {
            c.incoming.attacker = Attacker::Escort;
            c.incoming.after_damage = AfterDamage::Detection;
            c.escort.hedgehog = false;
        }
        if special_possible {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Escort(EscortRoll::Special),
            };
        } else {
            self.attack_roll_or_evasion();
        }
    }

    /// B5: hits (or sunk outright), each rolled on the damage section [8.2.5] [8.3.2].
    fn resolve_attack(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        let Some(c) = &self.combat else { return Ok(()) };
        let (aircraft, special) = match c.incoming.attacker {
            Attacker::Aircraft { special, .. } => (true, special),
            _ => (false, c.escort.hedgehog),
        };
        let m = &self.data.charts.b5.modifiers;
        let mut mods = Vec::new();
        if !special {
            if aircraft {
                mods.push(drm(m, "aircraft", "8.3.2")?);
            }
            if c.attack.after_surface_attack && !aircraft {
                mods.push(drm(m, "night_surface_attack", "8.2.2")?);
            }
            if c.picture.range == Some(Range::Short) && !aircraft {
                mods.push(drm(m, "short_range", "8.2.5")?);
            }
            // [8.5.7] [8.5.4] Damaged batteries and motors count on B5.
            for s in [System::Batteries, System::ElectricMotors] {
                if !self.boat.working(s)
                    && let Some(e) = self.data.charts.b7.effect(s)
                {
                    for d in e.drms.iter().filter(|d| d.chart == "B5") {
                        mods.push(Modifier::new(
                            d.drm,
                            format!("{} damaged", super::words::system(s)),
                            "8.5.7",
                        ));
                    }
                }
            }
        }
        let key = Self::b5_key(special, aircraft);
        let span = self.b5_span(key)?;
        let rec = RollRecord::new("B5", "8.2.5", Dice::D2D6, faces, mods, span);
        let res = self.b5_attack(key, rec.result)?;
        let sunk = res.sunk;
        // [11.3] [11.4] [11.5] The optional rules add or take away hits.
        let extra = self.optional_hits(aircraft);
        let base = i32::from(res.hits);
        let total = (base + extra.iter().map(|(d, _)| d).sum::<i32>()).max(0);
        let hits = u8::try_from(total).unwrap_or(u8::MAX);
        let section = format!("{key}");
        let changes: String = extra.iter().map(|(d, why)| format!(" {d:+} {why}")).collect();
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if sunk {
                    format!("{section}: sunk")
                } else if extra.is_empty() {
                    format!(
                        "{section}: {}",
                        super::words::count(u32::from(hits), "hit", "hits")
                    )
                } else {
                    format!(
                        "{section}: {}{changes} = {}",
                        super::words::count(u32::try_from(base).unwrap_or(0), "hit", "hits"),
                        super::words::count(u32::from(hits), "hit", "hits")
                    )
                }),
                ev,
            );
        }
        if let Some(c) = self.combat.as_mut() {
            c.attack.after_surface_attack = false;
            c.incoming.flooding_this_turn = false;
        }
        if sunk {
            self.finish(
                PatrolEnd::Sunk {
                    cause: if aircraft {
                        "a FIDO homing torpedo".into()
                    } else {
                        "a Hedgehog salvo".into()
                    },
                },
                ev,
            );
            return Ok(());
        }
        ev.push(PatrolEvent::Hits { hits });
        if let Some(c) = self.combat.as_mut() {
            c.incoming.hits_pending = hits;
            if aircraft {
                c.incoming.after_damage = AfterDamage::Aircraft;
            }
        }
        self.next_damage(ev);
        Ok(())
    }
}

impl Patrol {
    pub(crate) fn b4_column(&self) -> B4Key {
        B4Key::AfterAttack
    }

    pub(crate) fn b5_key(special: bool, aircraft: bool) -> B5Key {
        match (special, aircraft) {
            (false, _) => B5Key::Normal,
            (true, false) => B5Key::Hedgehog,
            (true, true) => B5Key::Fido,
        }
    }
}

/// [8.2.6] The chance that a dive beyond test depth with `hull` boxes marked (the dive's own box counted)
/// ends in an implosion: 2d6 under the boxes implodes, equal to them (or a 2 with a single box) costs one
/// more box and is rolled again, and the boat sinks once every one of its `of` boxes is marked.
pub(crate) fn implosion_chance(hull: u32, of: u32) -> f64 {
    let ways = |n: u32| f64::from(6 - n.abs_diff(7).min(6)) / 36.0;
    let mut h = hull;
    let mut carried = 1.0;
    let mut lost = 0.0;
    while h < of {
        let under: f64 = (2..h).map(ways).sum();
        let again = if h == 1 { ways(2) } else { ways(h) };
        lost += carried * under;
        carried *= again;
        h += 1;
    }
    (lost + carried).min(1.0)
}
