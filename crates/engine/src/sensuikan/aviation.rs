//! Aviation encounters [8.3]: the quick dive (A4), one or two attacks on B5 at +2, FIDO from 5/44
//! [8.3.3], AA fire (A2) and its three outcomes [8.3.2] [8.3.5], the shadowing chain through the
//! Additional Combat Round column, hounded to exhaustion after four [8.3.4]; and the arrivals of additional
//! rounds [8.2.8] [8.2.9.4].

use crate::dice::Dice;
use crate::machine::RollSpec;
use periscope_data::sensuikan::charts::{ADDITIONAL_COMBAT_ROUND, AaResult, DiveResult, Encounter, System};
use serde::Serialize;

use super::events::PatrolEvent;
use super::optional::ForceQuality;
use super::reading::{chart_roll, drm};
use super::{
    AfterDamage, Attacker, Combat, ContactKind, CrewQuality, DamageRoll, EnemyRoll, EscortRoll, OptionalRoll,
    Patrol, PatrolError, Phase, RollPurpose,
};
use crate::roll::Modifier;

/// A roll of an aviation encounter [8.3], or the arrivals of an additional round [8.2.8].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum AircraftRoll {
    Dive,
    AaFire,
    Arrival,
}

impl AircraftRoll {
    /// The quick dive and the AA fire are the submarine's own rolls; the arrivals are not [B11].
    pub(crate) fn own(self) -> bool {
        self != AircraftRoll::Arrival
    }
}

/// The aircraft attacking the submarine [8.3] [11.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AirAttack {
    /// Attacks the current aircraft still has to make [8.3.2].
    pub attacks_left: u8,
    /// The AA result against the current aircraft [8.3.2].
    pub aa: Option<AaResult>,
    /// Aircraft or escorts arriving in a row in the additional round cycle [8.3.4].
    pub arrivals: u8,
    /// The aircraft is friendly (random event): the submarine does not fire back.
    pub friendly: bool,
    /// The first aircraft's crew casualty roll is due [8.3.2].
    pub casualty: bool,
    /// An elite aircrew's second automatic crew casualty is due [11.5].
    pub extra_casualty: bool,
    /// An unharmed aircraft shadows: arrivals chain [8.3.2].
    pub shadowing: bool,
    /// The current aircrew's quality [11.5].
    pub quality: Option<ForceQuality>,
}

impl Patrol {
    /// The dice, chart, rule and reason of an aviation roll.
    pub(crate) fn aircraft_roll_spec(&self, r: AircraftRoll) -> RollSpec {
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match r {
            AircraftRoll::Dive => s(
                Dice::from(self.data.charts.a4.chart.dice),
                "A4",
                "8.3.1",
                "Quick dive",
            ),
            AircraftRoll::AaFire => s(
                Dice::from(self.data.charts.a2.chart.dice),
                "A2",
                "8.3.2",
                "Anti-aircraft fire",
            ),
            AircraftRoll::Arrival => s(
                Dice::D2D6,
                "A3",
                "8.2.8",
                "Additional combat round: does anyone arrive?",
            ),
        }
    }

    /// [8.1.7] An aircraft: roll the quick dive. A friendly aircraft (random event) is not fired on.
    pub(crate) fn start_aircraft(&mut self, friendly: bool, ev: &mut Vec<PatrolEvent>) {
        let _ = ev;
        let mut c = Combat::new(ContactKind::Ship);
        c.incoming.attacker = Attacker::Aircraft {
            first: true,
            special: false,
        };
        c.air.friendly = friendly;
        self.combat = Some(c);
        self.phase = Phase::Roll {
            purpose: RollPurpose::Aircraft(AircraftRoll::Dive),
        };
    }

    pub(crate) fn dive_mods(&self) -> Result<Vec<Modifier>, PatrolError> {
        let m = &self.data.charts.a4.modifiers;
        let mut v = Vec::new();
        match self.options.crew.quality {
            CrewQuality::Elite => v.push(drm(m, "elite_crew", "8.7.2")?),
            CrewQuality::Green => v.push(drm(m, "green_crew", "8.7.2")?),
            _ => {}
        }
        if self.options.crew.lookout {
            v.push(drm(m, "lookout", "8.7.1")?);
        }
        // [11.7 9] Vigilant: +1 on the quick dive (the executive officer's).
        if self.options.crew.has_special("vigilant") {
            v.push(drm(m, "vigilant", "11.7")?);
        }
        if !self.crew.crew.is_empty() && self.crew.crew.iter().all(|w| super::out(*w)) {
            v.push(drm(m, "crew_incapacitated", "8.5.9")?);
        }
        if let Some(r) = m.iter().find(|x| x.id == "radar_aircraft")
            && r.from.is_some_and(|f| self.from(f.year, f.month))
        {
            v.push(Modifier::new(r.drm, r.when.clone(), "8.3.1"));
        }
        if let Some(i) = self.markers.iter().position(|x| x == "exhausted_crew") {
            let _ = i;
            v.push(Modifier::new(-1, "exhausted crew marker", "8.1.8"));
        }
        Ok(v)
    }

    /// [8.3.5] The A2 modifiers; [4.6.5] the anti-aircraft guns spend no ammunition.
    pub(crate) fn aa_mods(&self) -> Result<Vec<Modifier>, PatrolError> {
        let m = &self.data.charts.a2.modifiers;
        let mut v = Vec::new();
        let working = self.class.aa_guns.saturating_sub(self.boat.aa_guns_out);
        if working >= 2 {
            v.push(drm(m, "two_aa_guns", "8.3.5")?);
        }
        match self.options.crew.quality {
            CrewQuality::Veteran => v.push(drm(m, "veteran_crew", "8.7.2")?),
            CrewQuality::Elite => v.push(drm(m, "elite_crew", "8.7.2")?),
            CrewQuality::Green => v.push(drm(m, "green_crew", "8.7.2")?),
            CrewQuality::Trained => {}
        }
        if self.options.crew.aa_expert {
            v.push(drm(m, "aa_gun_expert", "8.7.1")?);
        }
        // [11.7 10] Anti-aircraft expert: -1 on anti-aircraft fire, beside the 8.7.1 gunner's.
        if self.options.crew.has_special("anti_aircraft_expert") {
            v.push(drm(m, "aa_special_skill", "11.7")?);
        }
        Ok(v)
    }

    /// One aircraft attack: the FIDO check from 5/44, then B5 [8.3.2].
    pub(crate) fn air_attack(&mut self) {
        let from = self.data.charts.b5.special_attack.from;
        let special_possible = self.from(from.year, from.month)
            && self.combat.as_ref().is_some_and(|c| !c.incoming.special_used);
        if let Some(c) = self.combat.as_mut() {
            c.air.attacks_left = c.air.attacks_left.saturating_sub(1);
            c.incoming.after_damage = AfterDamage::Aircraft;
            if let Attacker::Aircraft { first, .. } = c.incoming.attacker {
                c.incoming.attacker = Attacker::Aircraft {
                    first,
                    special: false,
                };
                // [8.3.2] The first aircraft's attack brings a crew casualty roll (not a special attack).
                c.air.casualty = first;
            }
        }
        self.phase = Phase::Roll {
            purpose: if special_possible {
                RollPurpose::Escort(EscortRoll::Special)
            } else {
                RollPurpose::Escort(EscortRoll::Attack)
            },
        };
    }

    pub(crate) fn resolve_air(
        &mut self,
        r: AircraftRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match r {
            AircraftRoll::Dive => {
                let mods = self.dive_mods()?;
                if let Some(i) = self.markers.iter().position(|x| x == "exhausted_crew") {
                    self.markers.remove(i);
                }
                let (rec, res) = chart_roll(&self.data.charts.a4.chart, "A4", "8.3.1", faces, mods)?;
                // [11.7] Shibumi: dived in time, without rolling.
                let shibumi = self.take_shibumi();
                let res = if shibumi { DiveResult::NoCombat } else { res };
                let outcome = match res {
                    DiveResult::NoCombat => "dived in time: no attack",
                    DiveResult::Attack => "one air attack",
                    DiveResult::TwoAttacks => "two air attacks",
                };
                let outcome = if shibumi {
                    format!("{outcome} (Shibumi: not rolled) [11.7]")
                } else {
                    outcome.to_string()
                };
                if self.quiet.records() {
                    self.record(rec.with_outcome(outcome), ev);
                }
                let n = match res {
                    DiveResult::NoCombat => 0,
                    DiveResult::Attack => 1,
                    DiveResult::TwoAttacks => 2,
                };
                if n == 0 {
                    // [8.3.1] Sighted in time: nothing further.
                    self.end_encounter(ev);
                    return Ok(());
                }
                if let Some(c) = self.combat.as_mut() {
                    c.air.attacks_left = n;
                }
                // [7.8] Sighted and attacked after releasing kaiten: the kaiten attack fails.
                self.kaiten_detected(ev);
                if self.aircrew_quality_due() {
                    // [11.5] After a failed quick dive, before the attack roll.
                    self.phase = Phase::Roll {
                        purpose: RollPurpose::Optional(OptionalRoll::AircrewQuality),
                    };
                    return Ok(());
                }
                self.air_attack();
            }
            AircraftRoll::AaFire => {
                let mods = self.aa_mods()?;
                let (rec, res) = chart_roll(&self.data.charts.a2.chart, "A2", "8.3.2", faces, mods)?;
                if self.quiet.records() {
                    self.record(rec.with_outcome(super::words::name(&res)), ev);
                }
                if let Some(c) = self.combat.as_mut() {
                    c.air.aa = Some(res);
                }
                self.air_after_attack(ev);
            }
            AircraftRoll::Arrival => {
                let rec = crate::roll::RollRecord::new(
                    "A3",
                    "8.2.8",
                    crate::dice::Dice::D2D6,
                    faces,
                    vec![],
                    (2, 12),
                );
                let arrival = self.arrival(rec.result)?;
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(format!(
                            "{} (additional combat round)",
                            super::words::encounter(arrival)
                        )),
                        ev,
                    );
                }
                self.resolve_arrival(arrival, ev);
            }
        }
        Ok(())
    }

    /// After an aircraft's attack (and its damage): AA fire, the second attack, or shadowing [8.3.2].
    pub(crate) fn air_after_attack(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(c) = &self.combat else { return };
        let first = matches!(c.incoming.attacker, Attacker::Aircraft { first: true, .. });
        let aa_guns = self.class.aa_guns.saturating_sub(self.boat.aa_guns_out) > 0
            && self.boat.working(System::AaGun)
            || self.class.aa_guns > 1 && self.boat.aa_guns_out < self.class.aa_guns;
        if first && c.air.aa.is_none() && !c.air.friendly && aa_guns {
            // [8.3.2] [8.3.5] AA fire, simultaneous with the attack.
            self.phase = Phase::Roll {
                purpose: RollPurpose::Aircraft(AircraftRoll::AaFire),
            };
            return;
        }
        let left = c.air.attacks_left;
        match c.air.aa {
            Some(AaResult::ShotDown) => self.end_encounter(ev),
            Some(AaResult::Damaged) => {
                if left > 0 {
                    self.air_attack();
                } else {
                    self.end_encounter(ev);
                }
            }
            _ => {
                if left > 0 {
                    self.air_attack();
                } else if c.air.friendly {
                    self.end_encounter(ev);
                } else {
                    // Unharmed: it shadows; the submarine is down; roll the Additional Combat Round column.
                    if let Some(c) = self.combat.as_mut() {
                        c.air.shadowing = true;
                    }
                    self.phase = Phase::Roll {
                        purpose: RollPurpose::Aircraft(AircraftRoll::Arrival),
                    };
                }
            }
        }
    }

    /// What an arrival roll means in its context.
    fn resolve_arrival(&mut self, arrival: Encounter, ev: &mut Vec<PatrolEvent>) {
        let Some(c) = &self.combat else { return };
        let shadowing = c.air.shadowing;
        let enemy = c.picture.kind == ContactKind::EnemySubmarine;
        if shadowing && arrival != Encounter::None {
            // [8.3.4] Four aircraft or escorts in a row: hounded to exhaustion.
            let n = c.air.arrivals + 1;
            if let Some(c) = self.combat.as_mut() {
                c.air.arrivals = n;
            }
            let limit = self.data.procs.constants.hounded_after;
            if n >= limit {
                ev.push(PatrolEvent::Aborted {
                    reason: "hounded to exhaustion: surface and scuttle".into(),
                });
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Damage(DamageRoll::Scuttle),
                };
                return;
            }
        }
        match arrival {
            Encounter::Escort => {
                ev.push(PatrolEvent::Encounter {
                    what: "an escort arrives".into(),
                });
                if enemy {
                    // [8.2.9.4] The enemy submarine escapes; the escort hunts the submarine.
                    let mut n = Combat::new(ContactKind::Ship);
                    n.picture.escorted = true;
                    self.combat = Some(n);
                }
                if let Some(c) = self.combat.as_mut() {
                    c.picture.escorted = true;
                    c.incoming.attacker = Attacker::Escort;
                    if shadowing {
                        // [8.3.2] From medium range, with the prior detection modifier.
                        c.escort.detected_before = true;
                        c.picture.range = Some(periscope_data::sensuikan::charts::Range::Medium);
                    }
                }
                // [8.2.8] An arriving escort rolls to detect at once.
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Escort(EscortRoll::Detection),
                };
            }
            Encounter::Aircraft => {
                ev.push(PatrolEvent::Encounter {
                    what: "an aircraft arrives".into(),
                });
                if shadowing {
                    // [8.3.2] New aviation goes straight to the attack; the submarine is already down.
                    if let Some(c) = self.combat.as_mut() {
                        c.incoming.attacker = Attacker::Aircraft {
                            first: false,
                            special: false,
                        };
                        c.air.attacks_left = 1;
                        c.air.aa = Some(AaResult::NoEffect);
                        // [11.5] A new aircraft, without a quick dive: its crew is not rolled.
                        c.air.quality = None;
                    }
                    self.air_attack();
                } else {
                    // [8.2.8] Aviation arrives: abort the attack, dive, resolve it as an aviation encounter.
                    self.start_aircraft(false, ev);
                }
            }
            _ => {
                if shadowing {
                    self.end_encounter(ev);
                } else if enemy {
                    // [8.2.9.4] A new round from scratch against the enemy submarine.
                    self.phase = Phase::Roll {
                        purpose: RollPurpose::Enemy(EnemyRoll::Initiative),
                    };
                } else {
                    self.new_round(ev);
                }
            }
        }
    }
}

impl Patrol {
    /// The A3 Additional Combat Round column's arrival for a roll.
    pub(crate) fn arrival(&self, natural: i32) -> Result<Encounter, PatrolError> {
        self.a3_encounter(ADDITIONAL_COMBAT_ROUND, natural)
    }
}
