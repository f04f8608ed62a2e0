//! Damage and the crew [8.5]: B5 damage rolls, hull [8.5.5], flooding [8.5.3], systems and B7
//! [8.5.1] [8.5.10], diesels [8.5.4], fuel tanks [8.5.6], crew wounds [8.5.9], the doctor [8.5.9]
//! [8.5.9.3], repairs [8.5.2], scuttling and rescue [8.6.3], aborting [8.6.1].

use crate::dice::Dice;
use crate::machine::RollSpec;
use periscope_data::sensuikan::charts::{AbortWhen, CrewMember, Flooding, System, Wound};
use periscope_data::sensuikan::procedures::ProcedureResult;

use serde::{Deserialize, Serialize};

use super::events::{PatrolEnd, PatrolEvent};
use super::reading::{chart_roll, drm, proc_roll};
use super::{Patrol, PatrolError, Phase, Post, RollPurpose, SystemState, out};
use crate::roll::Modifier;

/// A roll of damage to the submarine and its crew [8.5] [8.6.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum DamageRoll {
    SubDamage,
    CrewWho { auto_lw: bool },
    CrewHow { post: Post, index: u8 },
    Flooding,
    Scuttle,
    Rescue,
}

impl DamageRoll {
    /// Scuttling and the rescue are the submarine's own rolls; the damage charts are not [B11].
    pub(crate) fn own(self) -> bool {
        matches!(self, DamageRoll::Scuttle | DamageRoll::Rescue)
    }
}

/// Who is attacking the submarine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attacker {
    Escort,
    /// `first`: the first aircraft, which catches the submarine on the surface (automatic crew casualty).
    Aircraft {
        first: bool,
        special: bool,
    },
    /// A random event's fire aboard: one damage roll [B11].
    Fire,
}

/// What comes after the damage of an attack is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AfterDamage {
    /// Escorts roll to detect again [8.2.5].
    Detection,
    /// The aircraft's AA exchange, second attack or shadowing [8.3.2].
    Aircraft,
    /// The encounter ends.
    EndEncounter,
}

/// The attack on the submarine being resolved: who attacks, the hits still to roll on B5's damage section,
/// and what follows once they are applied [8.2.5] [8.3.2] [8.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Incoming {
    pub attacker: Attacker,
    pub hits_pending: u8,
    /// Flooding was taken in this attack: B6 follows the hits [8.5.3].
    pub flooding_this_turn: bool,
    pub after_damage: AfterDamage,
    /// The encounter's special attack (Hedgehog or FIDO) is spent [8.2.5] [8.3.3].
    pub special_used: bool,
}

impl Default for Incoming {
    fn default() -> Self {
        Self {
            attacker: Attacker::Escort,
            hits_pending: 0,
            flooding_this_turn: false,
            after_damage: AfterDamage::Detection,
            special_used: false,
        }
    }
}

impl Patrol {
    /// The dice, chart, rule and reason of a damage roll.
    pub(crate) fn damage_roll_spec(&self, r: DamageRoll) -> RollSpec {
        let procs = &self.data.procs.charts;
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match r {
            DamageRoll::SubDamage => s(
                Dice::from(self.data.charts.b5.damage.dice),
                "B5 damage",
                "8.2.5",
                "Damage to the submarine",
            ),
            DamageRoll::CrewWho { .. } => s(
                Dice::from(self.data.charts.b7.crew_hit.dice),
                "B7 crew",
                "8.5.9",
                "Who is hit",
            ),
            DamageRoll::CrewHow { .. } => s(
                Dice::from(self.data.charts.b7.wound.dice),
                "B7 wound",
                "8.5.9",
                "How badly",
            ),
            DamageRoll::Flooding => s(
                Dice::from(self.data.charts.b6.chart.dice),
                "B6",
                "8.5.3",
                "Additional flooding",
            ),
            DamageRoll::Scuttle => s(
                Dice::from(procs.scuttle.dice),
                "Scuttle",
                "8.6.3",
                "Scuttle the submarine",
            ),
            DamageRoll::Rescue => s(
                Dice::from(procs.rescue.dice),
                "Rescue",
                "8.6.3",
                "Rescue of the crew",
            ),
        }
    }

    /// [8.5.5] Hull boxes; all marked: sunk with all hands.
    pub(crate) fn add_hull(&mut self, n: u8, ev: &mut Vec<PatrolEvent>) {
        self.boat.hull = self.boat.hull.saturating_add(n).min(self.class.hull_boxes);
        ev.push(PatrolEvent::HullDamage {
            boxes: self.boat.hull,
            of: self.class.hull_boxes,
        });
        if self.boat.hull >= self.class.hull_boxes {
            self.finish(
                PatrolEnd::Sunk {
                    cause: "every hull box marked".into(),
                },
                ev,
            );
        }
    }

    /// [8.5.3] Flooding boxes; all full: blow ballast, surface and scuttle.
    fn add_flooding(&mut self, n: u8, ev: &mut Vec<PatrolEvent>) -> bool {
        self.boat.flooding = self
            .boat
            .flooding
            .saturating_add(n)
            .min(self.class.flooding_boxes);
        ev.push(PatrolEvent::Flooding {
            boxes: self.boat.flooding,
            of: self.class.flooding_boxes,
        });
        if let Some(c) = self.combat.as_mut() {
            c.incoming.flooding_this_turn = true;
        }
        self.boat.flooding >= self.class.flooding_boxes
    }

    /// Whether the class carries the system now [8.5.10].
    fn carries(&self, s: System) -> bool {
        let m = self.month;
        match s {
            System::Radar => self.class.has_radar(m),
            System::DeckGun => self.class.has_deck_gun(m),
            System::AaGun => self.class.aa_guns > 0,
            System::Hangar | System::Crane => self.class.has_aviation(m),
            System::DeckCargo => self.class.midget || self.class.kaiten_capacity(m) > 0,
            System::SternTubes => self.class.stern_tubes > 0,
            _ => true,
        }
    }

    /// [8.5.10] A system hit: damaged, or no effect if already damaged or not carried; AA guns and diesels
    /// count per gun and engine.
    pub(crate) fn damage_system(&mut self, s: System, ev: &mut Vec<PatrolEvent>) {
        if !self.carries(s) {
            ev.push(PatrolEvent::NoEffect { system: s });
            return;
        }
        match s {
            System::AaGun if self.boat.aa_guns_out < self.class.aa_guns => {
                self.boat.aa_guns_out += 1;
                if self.boat.aa_guns_out > 1 {
                    ev.push(PatrolEvent::SystemDamaged { system: s });
                    return;
                }
            }
            System::DieselEngines if self.boat.diesels_out < 2 => {
                self.boat.diesels_out += 1;
                if self.boat.diesels_out > 1 {
                    ev.push(PatrolEvent::SystemDamaged { system: s });
                    return;
                }
            }
            // [7.15] Each hangar hit destroys one aircraft.
            System::Hangar => self.hangar_hit(ev),
            _ => {}
        }
        if self.boat.state(s).is_some() {
            ev.push(PatrolEvent::NoEffect { system: s });
            return;
        }
        self.boat.systems.push((s, SystemState::Damaged));
        ev.push(PatrolEvent::SystemDamaged { system: s });
        // [8.5.4] B7: a diesel out aborts at once.
        if self.data.charts.b7.effect(s).and_then(|e| e.abort) == Some(AbortWhen::Damaged) {
            self.abort(&format!("{} damaged", super::words::system(s)), ev);
        }
    }

    /// The next step of an attack's damage: hit rolls, the aircraft's crew casualty, the flooding check,
    /// then what comes after [8.2.5] [8.5.3].
    pub(crate) fn next_damage(&mut self, ev: &mut Vec<PatrolEvent>) {
        if matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        let Some(c) = self.combat.as_mut() else { return };
        if c.incoming.hits_pending > 0 {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Damage(DamageRoll::SubDamage),
            };
            return;
        }
        if c.air.casualty || c.air.extra_casualty {
            // [11.5] An elite aircrew's first attack brings a second automatic casualty.
            if c.air.casualty {
                c.air.casualty = false;
            } else {
                c.air.extra_casualty = false;
            }
            self.phase = Phase::Roll {
                purpose: RollPurpose::Damage(DamageRoll::CrewWho { auto_lw: false }),
            };
            return;
        }
        if c.incoming.flooding_this_turn {
            c.incoming.flooding_this_turn = false;
            self.phase = Phase::Roll {
                purpose: RollPurpose::Damage(DamageRoll::Flooding),
            };
            return;
        }
        match c.incoming.after_damage {
            AfterDamage::Detection => self.begin_detection(ev),
            AfterDamage::Aircraft => self.air_after_attack(ev),
            AfterDamage::EndEncounter => self.end_encounter(ev),
        }
    }

    pub(crate) fn resolve_damage(
        &mut self,
        r: DamageRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match r {
            DamageRoll::SubDamage => self.sub_damage(faces, ev)?,
            DamageRoll::CrewWho { auto_lw } => self.crew_who(auto_lw, faces, ev)?,
            DamageRoll::CrewHow { post, index } => {
                let (rec, w) = chart_roll(&self.data.charts.b7.wound, "B7 wound", "8.5.9", faces, vec![])?;
                if self.quiet.records() {
                    self.record(rec.with_outcome(super::words::wound(w)), ev);
                }
                self.wound(post, index, w, ev);
                self.after_wound(ev);
            }
            DamageRoll::Flooding => self.more_flooding(faces, ev)?,
            DamageRoll::Scuttle => self.scuttle(faces, ev),
            DamageRoll::Rescue => self.rescue(faces, ev),
        }
        Ok(())
    }

    /// [8.2.5] B5 damage to the submarine: hull, flooding, a system, a crew casualty ([B11] a fire rolls
    /// again for anything but a system).
    fn sub_damage(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        let (rec, d) = chart_roll(&self.data.charts.b5.damage, "B5 damage", "8.2.5", faces, vec![])?;
        if self.quiet.records() {
            self.record(rec.with_outcome(super::words::sub_damage(&d)), ev);
        }
        let fire = self
            .combat
            .as_ref()
            .is_some_and(|c| c.incoming.attacker == Attacker::Fire);
        if fire && d.system.is_none() {
            // [B11] Fire aboard: a hull, flooding or crew result is rolled again.
            self.next_damage(ev);
            return Ok(());
        }
        if let Some(c) = self.combat.as_mut() {
            c.incoming.hits_pending = c.incoming.hits_pending.saturating_sub(1);
        }
        if d.hull > 0 {
            self.add_hull(d.hull, ev);
            if matches!(self.phase, Phase::Over { .. }) {
                return Ok(());
            }
        }
        if d.flooding > 0 && self.add_flooding(d.flooding, ev) {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Damage(DamageRoll::Scuttle),
            };
            return Ok(());
        }
        if let Some(s) = d.system {
            self.damage_system(s, ev);
        }
        if d.crew_casualty {
            // [8.5.9.2] From depth charges a casualty is a light wound; aircraft roll how badly.
            let aircraft = self
                .combat
                .as_ref()
                .is_some_and(|c| matches!(c.incoming.attacker, Attacker::Aircraft { .. }));
            self.phase = Phase::Roll {
                purpose: RollPurpose::Damage(DamageRoll::CrewWho { auto_lw: !aircraft }),
            };
            return Ok(());
        }
        self.next_damage(ev);
        Ok(())
    }

    /// [8.5.9] B7: who is hit ([7.6] [7.11] a passenger counts as a pilot); [8.5.9.2] from depth charges a
    /// light wound at once, from aircraft a roll for how badly.
    fn crew_who(
        &mut self,
        auto_lw: bool,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let (rec, who) = chart_roll(&self.data.charts.b7.crew_hit, "B7 crew", "8.5.9", faces, vec![])?;
        if self.quiet.records() {
            self.record(rec.with_outcome(super::words::name(&who)), ev);
        }
        let (post, index) =
            if self.mission.passenger.is_some() && matches!(who, CrewMember::Pilot | CrewMember::Passenger) {
                // [7.6] [7.11] The passenger counts as a pilot on the Crew Wounds Table.
                (Post::Crew, super::mission::PASSENGER)
            } else if let Some(slot) = (who == CrewMember::Pilot).then(|| self.pilot_slot()).flatten() {
                (Post::Crew, slot)
            } else {
                self.casualty_target(who)
            };
        if auto_lw {
            self.wound(post, index, Wound::Lw, ev);
            self.after_wound(ev);
        } else {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Damage(DamageRoll::CrewHow { post, index }),
            };
        }
        Ok(())
    }

    /// [8.5.3] B6: does the flooding spread (the engineer's modifiers)?
    fn more_flooding(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        let mods = self.engineer_mods(
            &self.data.charts.b6.modifiers.clone(),
            "engineer_expert",
            "engineer_out",
            "8.5.3",
        )?;
        let (rec, f) = chart_roll(&self.data.charts.b6.chart, "B6", "8.5.3", faces, mods)?;
        let more = f == Flooding::Flooding;
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if more {
                    "one more flooding box"
                } else {
                    "no more flooding"
                }),
                ev,
            );
        }
        if more && self.add_flooding(1, ev) {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Damage(DamageRoll::Scuttle),
            };
            return Ok(());
        }
        if let Some(c) = self.combat.as_mut() {
            c.incoming.flooding_this_turn = false;
        }
        self.next_damage(ev);
        Ok(())
    }

    /// [8.6.3] Scuttling: the crew prisoners, or the boat captured.
    fn scuttle(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) {
        let mut mods = Vec::new();
        if out(self.crew.captain) {
            mods.push(Modifier::new(
                self.data.procs.constants.scuttle_captain_out,
                "captain SW or KIA",
                "8.6.3",
            ));
        }
        let (rec, res) = proc_roll(&self.data.procs.charts.scuttle, "8.6.3", faces, mods);
        let ok = res == ProcedureResult::Success;
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if ok {
                    "scuttled: the crew are prisoners"
                } else {
                    "captured"
                }),
                ev,
            );
        }
        if ok {
            self.finish(
                PatrolEnd::Scuttled {
                    crew: "the crew are taken prisoner".into(),
                },
                ev,
            );
        } else {
            self.finish(PatrolEnd::Captured, ev);
        }
    }

    /// [8.6.3] The scuttled crew rescued, or lost at sea.
    fn rescue(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) {
        let mut mods = Vec::new();
        if self.boat.state(System::Radio) == Some(SystemState::Inop) {
            mods.push(Modifier::new(
                self.data.procs.constants.rescue_radio_inop,
                "radio inoperative",
                "8.6.3",
            ));
        }
        let (rec, res) = proc_roll(&self.data.procs.charts.rescue, "8.6.3", faces, mods);
        let ok = res == ProcedureResult::Success;
        if self.quiet.records() {
            self.record(rec.with_outcome(if ok { "rescued" } else { "lost at sea" }), ev);
        }
        self.finish(
            PatrolEnd::Scuttled {
                crew: if ok {
                    "the crew is rescued".into()
                } else {
                    "the crew is lost at sea".into()
                },
            },
            ev,
        );
    }

    fn after_wound(&mut self, ev: &mut Vec<PatrolEvent>) {
        // [8.5.9] The navigation officer out of command too: the engineer commands and the boat aborts.
        if self.crew.command_level() >= 3
            && !(self.options.crew.expert_navigator && self.crew.command_level() == 2)
        {
            self.abort("the engineer is in command", ev);
        }
        let fire = self
            .combat
            .as_ref()
            .is_some_and(|c| c.incoming.attacker == Attacker::Fire);
        if fire || self.combat.is_none() {
            self.end_encounter(ev);
        } else {
            self.next_damage(ev);
        }
    }

    fn engineer_mods(
        &self,
        list: &[periscope_data::sensuikan::charts::Modifier],
        expert: &str,
        outid: &str,
        rule: &str,
    ) -> Result<Vec<Modifier>, PatrolError> {
        let mut v = Vec::new();
        if self.options.crew.expert_engineer {
            v.push(drm(list, expert, rule)?);
        }
        if out(self.crew.engineer) {
            v.push(drm(list, outid, rule)?);
        }
        Ok(v)
    }
}
