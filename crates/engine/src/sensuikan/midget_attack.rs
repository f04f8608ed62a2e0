//! The midget in the Target Box [7.16]: the ship at anchor (T4, T3 or T2), the attack with its Type 97s —
//! always submerged, -1 to hit and to damage against a ship at anchor — and the patrol boats' detection
//! (B4) and attack (B5) on the midget, each hit a hull box of the midget.

use periscope_data::sensuikan::charts::{B4Key, B5Key, CapitalList, DamageSource, HitResult, Range, Weapon};

use super::events::PatrolEvent;
use super::reading::{answer, chart_roll, drm};
use super::{AnchoredKind, Ask, MidgetRoll, Patrol, PatrolAction, PatrolError, Phase, ShipRecord, choice};
use crate::dice::Dice;
use crate::machine::Decision;
use crate::roll::{Modifier, RollRecord};

/// The midget commander's F2 skill that steadies the aim [4.8.2].
const SHARPSHOOTER: &str = "sharpshooter";

impl Patrol {
    /// T4, T3 (T5 in British waters) or T2: the ship at anchor in the Target Box.
    pub(crate) fn midget_ship(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let kind = self.mission.midget.as_ref().and_then(|r| r.anchored);
        let (rec, ship, again) = match kind {
            Some(AnchoredKind::Capital) => {
                let list = if self.british() {
                    CapitalList::British
                } else {
                    CapitalList::Us
                };
                let rec = RollRecord::new("T4", "7.16", Dice::D10, faces, vec![], (1, 10));
                let ship = answer(
                    self.data.charts.t4.roll(list, rec.result),
                    "T4",
                    format_args!("{list:?} row for {}", rec.result),
                )?
                .clone();
                let column = self.data.charts.t4.table.columns_of(&list);
                let again =
                    self.identify_again(&ship, column.flat_map(|c| c.chart.rows.iter().map(|r| &r.result)));
                (rec, ship, again)
            }
            Some(AnchoredKind::Warship) => {
                let chart = self.warship_list();
                let id = chart.id.clone();
                let (rec, ship) = chart_roll(chart, &id, "7.16", faces, vec![])?;
                let again = self.identify_again(&ship, chart.rows.iter().map(|r| &r.result));
                (rec, ship, again)
            }
            _ => {
                let chart = &self.data.charts.t2.chart;
                let (rec, ship) = chart_roll(chart, "T2", "7.16", faces, vec![])?;
                let again = self.identify_again(&ship, chart.rows.iter().map(|r| &r.result));
                (rec, ship, again)
            }
        };
        // [11.2] Out of service, or sunk before: the ship at anchor is identified again.
        if let Some(why) = again {
            if self.quiet.records() {
                self.record(rec.with_outcome(why), ev);
            }
            return Ok(());
        }
        let outcome = format!("{} ({} t) at anchor", ship.name, ship.tonnage);
        if self.quiet.records() {
            self.record(rec.with_outcome(outcome), ev);
        }
        let torpedoes = self.mission.midget.as_ref().map_or(0, |r| r.torpedoes);
        ev.push(PatrolEvent::Contact {
            ships: vec![format!("{} ({} t)", ship.name, ship.tonnage)],
            escorted: true,
        });
        if let Some(r) = self.mission.midget.as_mut() {
            r.target = Some(ship);
            r.target_damage = 0;
        }
        if torpedoes == 0 {
            ev.push(PatrolEvent::Mission {
                what: "no Type 97 left to fire [7.16]".into(),
            });
            self.midget_advance(ev);
        } else {
            self.phase = Phase::Decide {
                ask: Ask::MidgetAttack,
            };
        }
        Ok(())
    }

    /// The Target Box decision: the range and how many Type 97s, or hold fire [7.16].
    pub(crate) fn midget_choices(&self) -> Decision<PatrolAction> {
        let Some(r) = &self.mission.midget else {
            return Decision::new("No midget under way", "7.16", Vec::new());
        };
        let name = r
            .target
            .as_ref()
            .map_or("the target".into(), |s| format!("{} ({} t)", s.name, s.tonnage));
        let mut v = Vec::new();
        for range in [Range::Short, Range::Medium, Range::Long] {
            for torpedoes in 1..=r.torpedoes {
                v.push(choice(
                    PatrolAction::MidgetAttack { range, torpedoes },
                    format!(
                        "Fire {torpedoes} Type 97 at {} range, submerged",
                        super::range_word(range)
                    ),
                    "7.16",
                ));
            }
        }
        v.push(choice(
            PatrolAction::MidgetHold,
            "Hold fire and slip away",
            "7.16",
        ));
        Decision::new(
            format!("The midget is in the Target Box: {name} at anchor. Attack?"),
            "7.16",
            v,
        )
    }

    pub(crate) fn midget_decide(&mut self, action: PatrolAction, ev: &mut Vec<PatrolEvent>) {
        match action {
            PatrolAction::MidgetAttack { range, torpedoes } => {
                let Some(r) = self.mission.midget.as_mut() else {
                    return;
                };
                let n = torpedoes.min(r.torpedoes);
                r.torpedoes -= n;
                r.to_fire = n;
                r.range = range;
                if range == Range::Short {
                    // [7.16] step 4 with [8.2.1]: the standard rules — closing to short range on escorted
                    // ships, the patrol boats roll to detect her before she fires.
                    r.approaching = true;
                    ev.push(PatrolEvent::Mission {
                        what: "the midget closes to short range: the patrol boats roll to detect her first [7.16] [8.2.1]"
                            .into(),
                    });
                    self.midget_detection(Range::Short);
                    return;
                }
                self.midget_fires(ev);
            }
            _ => {
                ev.push(PatrolEvent::Mission {
                    what: "the midget holds fire [7.16]".into(),
                });
                self.midget_advance(ev);
            }
        }
    }

    /// The declared Type 97s leave: the mission is a success, whatever follows [7.3].
    fn midget_fires(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(r) = self.mission.midget.as_mut() else {
            return;
        };
        r.attacked = true;
        let (n, range) = (r.to_fire, r.range);
        self.mission.success = Some(true);
        ev.push(PatrolEvent::Mission {
            what: format!(
                "the midget fires {n} Type 97 submerged at {} range [7.16] [7.3]",
                super::range_word(range)
            ),
        });
        self.midget_roll(MidgetRoll::ToHit);
    }

    /// [7.16] B1 for a Type 97, always submerged: -1 against a ship at anchor.
    pub(crate) fn midget_to_hit(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let Some(r) = self.mission.midget.clone() else {
            return Ok(());
        };
        let mut mods = Vec::new();
        mods.push(drm(&self.data.charts.b1.modifiers, "static_target", "7.16")?);
        if r.motor_trouble {
            mods.push(Modifier::new(1, "motor trouble (M6)", "7.16"));
        }
        if r.skill.as_deref() == Some(SHARPSHOOTER) {
            mods.push(Modifier::new(-1, "Sharpshooter (F2)", "4.8.2"));
        }
        let rec = RollRecord::new("B1", "7.16", Dice::D2D6, faces, mods, (2, 12));
        let hit = *answer(
            self.data.charts.b1.roll(
                Weapon::Type97,
                periscope_data::sensuikan::charts::Attack::Submerged,
                r.range,
                rec.result,
            ),
            "B1",
            format_args!("Type 97 row for {}", rec.result),
        )? == HitResult::Hit;
        let name = r.target.map(|s| s.name).unwrap_or_default();
        if self.quiet.records() {
            self.record(
                rec.with_outcome(format!("{} at {name}", if hit { "hit" } else { "miss" })),
                ev,
            );
        }
        if let Some(r) = self.mission.midget.as_mut() {
            r.to_fire = r.to_fire.saturating_sub(1);
            r.hits += u8::from(hit);
        }
        self.midget_next_shot(ev);
        Ok(())
    }

    /// The salvo's rolls in the standard order: all to-hit rolls, then B2, then B3 [8.2.3].
    pub(crate) fn midget_next_shot(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(r) = &self.mission.midget else { return };
        let next = if r.to_fire > 0 {
            Some(MidgetRoll::ToHit)
        } else if r.hits > 0 {
            Some(MidgetRoll::Defective)
        } else if r.good > 0 && r.target.is_some() {
            Some(MidgetRoll::Damage)
        } else {
            None
        };
        match next {
            Some(roll) => self.midget_roll(roll),
            None => {
                // [7.16] The standard rules: after the attack the patrol boats roll to detect.
                let range = r.range;
                self.midget_detection(range);
            }
        }
        let _ = ev;
    }

    /// [7.16] B3 with -1 against a ship at anchor; sunk ships go on the Patrol Log as the midget's [7.3].
    pub(crate) fn midget_damage(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let mods = vec![drm(&self.data.charts.b3.modifiers, "static_target", "7.16")?];
        let rec = RollRecord::new("B3", "7.16", Dice::D1D6, faces, mods, (1, 6));
        let dmg = self.b3_damage(DamageSource::Torpedo, rec.result)?;
        if self.quiet.records() {
            self.record(rec.with_outcome(format!("{dmg} damage")), ev);
        }
        let box_number = self.box_number();
        let Some(r) = self.mission.midget.as_mut() else {
            return Ok(());
        };
        r.good = r.good.saturating_sub(1);
        let Some(ship) = r.target.clone() else {
            return Ok(());
        };
        r.target_damage = r.target_damage.saturating_add(dmg);
        let sunk = r.target_damage >= ship.damage;
        if sunk {
            r.target = None;
            r.good = 0;
            ev.push(PatrolEvent::ShipSunk {
                name: ship.name.clone(),
                tonnage: ship.tonnage,
            });
        } else {
            ev.push(PatrolEvent::ShipDamaged {
                name: ship.name.clone(),
                damage: r.target_damage,
                needed: ship.damage,
            });
        }
        let rec = ShipRecord {
            name: ship.name.clone(),
            kind: ship.kind,
            tonnage: ship.tonnage,
            sunk,
            box_number,
            by_midget: true,
        };
        match self
            .log
            .iter_mut()
            .find(|x| x.by_midget && x.name == ship.name && x.box_number == box_number)
        {
            Some(x) => *x = rec,
            None => self.log.push(rec),
        }
        self.midget_next_shot(ev);
        Ok(())
    }

    /// A patrol boat rolls to detect the midget [7.16].
    pub(crate) fn midget_detection(&mut self, range: Range) {
        if let Some(r) = self.mission.midget.as_mut() {
            r.detect_range = range;
        }
        self.midget_roll(MidgetRoll::Detection);
    }

    /// [7.16] B4 as in the standard rules (after-attack column, prior detection and range modifiers); the
    /// midget cannot go beyond test depth. A natural 2 always evades [8.2.7].
    pub(crate) fn midget_detect(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let Some(r) = self.mission.midget.clone() else {
            return Ok(());
        };
        let m = &self.data.charts.b4.modifiers;
        let mut mods = Vec::new();
        if r.detected_before {
            mods.push(drm(m, "prior_detection", "8.2.5")?);
        }
        match r.detect_range {
            // The approach is the short range itself: its column, not the after-attack modifier [8.2.1].
            Range::Short if r.approaching => {}
            Range::Short => mods.push(drm(m, "short_range", "8.2.5")?),
            Range::Long => mods.push(drm(m, "long_range", "8.2.5")?),
            Range::Medium => {}
        }
        let (column, rule) = if r.approaching {
            (B4Key::ShortRangeApproach, "8.2.1")
        } else {
            (B4Key::AfterAttack, "7.16")
        };
        let rec = RollRecord::new("B4", rule, Dice::D2D6, faces, mods, (2, 12));
        let natural_escape = self.data.entries.always_undetected_on_natural;
        let undetected = rec.natural == natural_escape || self.b4_undetected(column, rec.result)?;
        if r.approaching {
            return self.midget_approach(rec, undetected, ev);
        }
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if undetected {
                    "the midget is not detected"
                } else {
                    "the midget is detected"
                }),
                ev,
            );
        }
        if undetected {
            ev.push(PatrolEvent::Undetected);
            self.midget_threat_over(ev);
        } else {
            ev.push(PatrolEvent::Detected);
            if let Some(r) = self.mission.midget.as_mut() {
                r.detected_before = true;
            }
            self.midget_roll(MidgetRoll::Attack);
        }
        Ok(())
    }

    /// [8.2.1] The approach's detection: undetected, the midget fires at short range; detected, she cannot
    /// fire (her Type 97s stay aboard) and the patrol boat attacks her (B5), then rolls again [8.2.5].
    fn midget_approach(
        &mut self,
        rec: RollRecord,
        undetected: bool,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if undetected {
                    "the midget closes undetected"
                } else {
                    "the midget is detected closing in: she cannot fire"
                }),
                ev,
            );
        }
        let Some(r) = self.mission.midget.as_mut() else {
            return Ok(());
        };
        r.approaching = false;
        if undetected {
            ev.push(PatrolEvent::Undetected);
            self.midget_fires(ev);
        } else {
            ev.push(PatrolEvent::Detected);
            r.torpedoes += r.to_fire;
            r.to_fire = 0;
            r.detected_before = true;
            self.midget_roll(MidgetRoll::Attack);
        }
        Ok(())
    }

    /// [7.16] B5 against the midget: each hit is a hull box of the midget (it has no systems to damage).
    pub(crate) fn midget_attacked(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let range = self
            .mission
            .midget
            .as_ref()
            .map_or(Range::Medium, |r| r.detect_range);
        let mut mods = Vec::new();
        if range == Range::Short {
            mods.push(drm(&self.data.charts.b5.modifiers, "short_range", "8.2.5")?);
        }
        let span = self.b5_span(B5Key::Normal)?;
        let rec = RollRecord::new("B5", "7.16", Dice::D2D6, faces, mods, span);
        let res = self.b5_attack(B5Key::Normal, rec.result)?;
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if res.sunk {
                    "the midget is sunk".to_string()
                } else {
                    format!("{} hit(s) on the midget", res.hits)
                }),
                ev,
            );
        }
        if res.sunk {
            self.midget_lose(ev);
            return Ok(());
        }
        if res.hits > 0 {
            self.midget_hull(res.hits, "depth charges", ev);
            if self.midget_is_lost() {
                return Ok(());
            }
        }
        // [8.2.5] The escort rolls to detect again.
        self.midget_roll(MidgetRoll::Detection);
        Ok(())
    }

    /// The patrol boat lost the midget: back to whatever the circle was doing.
    pub(crate) fn midget_threat_over(&mut self, ev: &mut Vec<PatrolEvent>) {
        self.midget_events_done(ev);
    }
}
