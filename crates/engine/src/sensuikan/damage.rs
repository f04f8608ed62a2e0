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

/// B7 casualty slots beyond the generic crew boxes: the aircraft pilots from here (one per pilot) [7.17]...
const AIR_PILOT: u8 = 240;
/// ...and the kaiten pilots from here, one per kaiten, until the attack begins [7.8].
const KAITEN_PILOT: u8 = 200;

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

/// A roll after an encounter or at the start of a box [8.5.2] [8.5.9] [8.5.9.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum AftermathRoll {
    Repair { system: System },
    DoctorSurvival { post: Post, index: u8 },
    ExpertDoctor { post: Post, index: u8 },
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

/// The rolls after an encounter (repairs, the expert doctor) or at the start of a box (the survival rolls
/// without a doctor), made one by one [8.5.2] [8.5.9] [8.5.9.3].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Aftermath {
    /// The rolls still to make, the next one last.
    rolls: Vec<RollPurpose>,
    /// They are the survival rolls at the start of a box: the box's encounter rolls follow [8.5.9].
    at_box_start: bool,
}

impl Aftermath {
    /// Queues `rolls`, made in this order.
    pub(crate) fn queue(&mut self, mut rolls: Vec<RollPurpose>, at_box_start: bool) {
        rolls.reverse();
        self.rolls = rolls;
        self.at_box_start = at_box_start;
    }

    fn next(&mut self) -> Option<RollPurpose> {
        self.rolls.pop()
    }

    /// Whether the rolls just made were a box's survival rolls (asked once, when the queue is empty).
    fn take_box_start(&mut self) -> bool {
        std::mem::take(&mut self.at_box_start)
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

    /// The dice, chart, rule and reason of a repair, doctor or survival roll.
    pub(crate) fn aftermath_roll_spec(&self, r: AftermathRoll) -> RollSpec {
        let procs = &self.data.procs.charts;
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match r {
            AftermathRoll::Repair { .. } => s(
                Dice::from(procs.repair.dice),
                "Repair",
                "8.5.2",
                "Repair a damaged system",
            ),
            AftermathRoll::DoctorSurvival { .. } => s(
                Dice::from(procs.doctor_survival.dice),
                "Survival",
                "8.5.9",
                "Does he survive his wounds?",
            ),
            AftermathRoll::ExpertDoctor { .. } => s(
                Dice::from(procs.expert_doctor.dice),
                "Expert doctor",
                "8.5.9.3",
                "Treat a light wound",
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
            self.abort(&format!("{s} damaged"), ev);
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
            DamageRoll::SubDamage => {
                let (rec, d) = chart_roll(&self.data.charts.b5.damage, "B5 damage", "8.2.5", faces, vec![])?;
                self.record(rec.with_outcome(super::words::sub_damage(&d)), ev);
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
            }
            DamageRoll::CrewWho { auto_lw } => {
                let (rec, who) =
                    chart_roll(&self.data.charts.b7.crew_hit, "B7 crew", "8.5.9", faces, vec![])?;
                self.record(rec.with_outcome(super::words::name(&who)), ev);
                let (post, index) = if self.mission.passenger.is_some()
                    && matches!(who, CrewMember::Pilot | CrewMember::Passenger)
                {
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
            }
            DamageRoll::CrewHow { post, index } => {
                let (rec, w) = chart_roll(&self.data.charts.b7.wound, "B7 wound", "8.5.9", faces, vec![])?;
                self.record(rec.with_outcome(super::words::wound(w)), ev);
                self.wound(post, index, w, ev);
                self.after_wound(ev);
            }
            DamageRoll::Flooding => {
                let mods = self.engineer_mods(
                    &self.data.charts.b6.modifiers.clone(),
                    "engineer_expert",
                    "engineer_out",
                    "8.5.3",
                )?;
                let (rec, f) = chart_roll(&self.data.charts.b6.chart, "B6", "8.5.3", faces, mods)?;
                let more = f == Flooding::Flooding;
                self.record(
                    rec.with_outcome(if more {
                        "one more flooding box"
                    } else {
                        "no more flooding"
                    }),
                    ev,
                );
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
            }
            DamageRoll::Scuttle => {
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
                self.record(
                    rec.with_outcome(if ok {
                        "scuttled: the crew are prisoners"
                    } else {
                        "captured"
                    }),
                    ev,
                );
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
            DamageRoll::Rescue => {
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
                self.record(rec.with_outcome(if ok { "rescued" } else { "lost at sea" }), ev);
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
        }
        Ok(())
    }

    /// [8.5.2] [8.5.9] [8.5.9.3] A repair, survival or expert doctor roll, then the next one.
    pub(crate) fn resolve_aftermath(
        &mut self,
        r: AftermathRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match r {
            AftermathRoll::Repair { system } => {
                let mods = self.repair_mods();
                let (rec, res) = proc_roll(&self.data.procs.charts.repair, "8.5.2", faces, mods);
                let ok = res == ProcedureResult::Success;
                self.record(rec.with_outcome(if ok { "repaired" } else { "inoperative" }), ev);
                self.boat.systems.retain(|(s, _)| *s != system);
                if ok {
                    if system == System::DieselEngines {
                        self.boat.diesels_out = 0;
                    }
                    if system == System::AaGun {
                        self.boat.aa_guns_out = 0;
                    }
                    ev.push(PatrolEvent::SystemRepaired { system });
                } else {
                    self.boat.systems.push((system, SystemState::Inop));
                    ev.push(PatrolEvent::SystemInop { system });
                }
                self.next_after_combat_roll(ev);
            }
            AftermathRoll::DoctorSurvival { post, index } => {
                let (rec, res) = proc_roll(&self.data.procs.charts.doctor_survival, "8.5.9", faces, vec![]);
                let ok = res == ProcedureResult::Success;
                self.record(
                    rec.with_outcome(if ok { "survives" } else { "dies of his wounds" }),
                    ev,
                );
                if !ok {
                    self.set_wound(post, index, Some(Wound::Kia));
                    ev.push(PatrolEvent::Died { post });
                }
                self.next_after_combat_roll(ev);
            }
            AftermathRoll::ExpertDoctor { post, index } => {
                let (rec, res) = proc_roll(&self.data.procs.charts.expert_doctor, "8.5.9.3", faces, vec![]);
                let ok = res == ProcedureResult::Success;
                self.record(
                    rec.with_outcome(if ok {
                        "the light wound is treated"
                    } else {
                        "no change"
                    }),
                    ev,
                );
                if ok {
                    self.set_wound(post, index, None);
                    ev.push(PatrolEvent::Healed { post });
                }
                self.next_after_combat_roll(ev);
            }
        }
        Ok(())
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

    /// [8.5.2] Expert engineer -1, engineer dead or SW +1.
    fn repair_mods(&self) -> Vec<Modifier> {
        let mut v = Vec::new();
        if self.options.crew.expert_engineer {
            v.push(Modifier::new(
                self.data.procs.constants.repair_expert_engineer,
                "expert engineer",
                "8.5.2",
            ));
        }
        if out(self.crew.engineer) {
            v.push(Modifier::new(
                self.data.procs.constants.repair_engineer_out,
                "engineer SW or KIA",
                "8.5.2",
            ));
        }
        v
    }

    /// Who a casualty falls on: a pilot or passenger not aboard is a generic crew box; the generic crew in
    /// order: unwounded first, then LW, then SW [8.5.9].
    fn casualty_target(&self, who: CrewMember) -> (Post, u8) {
        let post = match who {
            CrewMember::Captain => Post::Captain,
            CrewMember::ExecutiveOfficer => Post::ExecutiveOfficer,
            CrewMember::NavigationOfficer => Post::NavigationOfficer,
            CrewMember::Doctor => Post::Doctor,
            CrewMember::Engineer => Post::Engineer,
            CrewMember::Crew | CrewMember::Pilot | CrewMember::Passenger => Post::Crew,
        };
        if post != Post::Crew {
            return (post, 0);
        }
        let rank = |w: Option<Wound>| match w {
            None => 0,
            Some(Wound::Lw) => 1,
            Some(Wound::Sw) => 2,
            Some(Wound::Kia) => 3,
        };
        let i = self
            .crew
            .crew
            .iter()
            .enumerate()
            .min_by_key(|(_, w)| rank(**w))
            .map_or(0, |(i, _)| i);
        (Post::Crew, u8::try_from(i).unwrap_or(0))
    }

    /// [8.5.9] [7.17] [7.8] Where B7's "pilot" falls: the first aircraft pilot still aboard and fit, else,
    /// before a kaiten attack has begun, the least wounded kaiten pilot; none: a generic crew box.
    fn pilot_slot(&self) -> Option<u8> {
        if let Some(i) = self.air.pilots.iter().position(|p| !p.lost && !out(p.wound)) {
            return u8::try_from(i).ok().map(|i| AIR_PILOT + i);
        }
        if !self.mission().is_kaiten() || self.mission.kaiten.is_some() || self.mission.success.is_some() {
            return None;
        }
        let fitted = usize::from(self.class.kaiten_capacity(self.month));
        let rank = |w: Option<Wound>| match w {
            None => 0,
            Some(Wound::Lw) => 1,
            Some(Wound::Sw) => 2,
            Some(Wound::Kia) => 3,
        };
        (0..fitted.min(usize::from(u8::MAX - KAITEN_PILOT)))
            .min_by_key(|i| rank(self.mission.kaiten_pilot_wounds.get(*i).copied().flatten()))
            .and_then(|i| u8::try_from(i).ok())
            .map(|i| KAITEN_PILOT + i)
    }

    fn get_wound(&self, post: Post, index: u8) -> Option<Wound> {
        if post == Post::Crew && index == super::mission::PASSENGER {
            return self.mission.passenger.flatten();
        }
        if post == Post::Crew && index >= AIR_PILOT {
            return self
                .air
                .pilots
                .get(usize::from(index - AIR_PILOT))
                .and_then(|p| p.wound);
        }
        if post == Post::Crew && index >= KAITEN_PILOT {
            return self
                .mission
                .kaiten_pilot_wounds
                .get(usize::from(index - KAITEN_PILOT))
                .copied()
                .flatten();
        }
        match post {
            Post::Crew => self.crew.crew.get(usize::from(index)).copied().flatten(),
            p => self.crew.wound(p),
        }
    }

    fn set_wound(&mut self, post: Post, index: u8, w: Option<Wound>) {
        if post == Post::Crew && index == super::mission::PASSENGER {
            if self.mission.passenger.is_some() {
                self.mission.passenger = Some(w);
            }
            return;
        }
        if post == Post::Crew && index >= AIR_PILOT {
            if let Some(p) = self.air.pilots.get_mut(usize::from(index - AIR_PILOT)) {
                p.wound = w;
                p.lost |= w == Some(Wound::Kia);
            }
            return;
        }
        if post == Post::Crew && index >= KAITEN_PILOT {
            let i = usize::from(index - KAITEN_PILOT);
            if self.mission.kaiten_pilot_wounds.len() <= i {
                self.mission.kaiten_pilot_wounds.resize(i + 1, None);
            }
            self.mission.kaiten_pilot_wounds[i] = w;
            return;
        }
        match post {
            Post::Crew => {
                if let Some(x) = self.crew.crew.get_mut(usize::from(index)) {
                    *x = w;
                }
            }
            p => {
                if let Some(x) = self.crew.slot(p) {
                    *x = w;
                }
            }
        }
    }

    /// [8.5.9] A wound, combined with an earlier one per B7; an LW on an SW man has no effect.
    pub(crate) fn wound(&mut self, post: Post, index: u8, w: Wound, ev: &mut Vec<PatrolEvent>) {
        let now = match self.get_wound(post, index) {
            None => Some(w),
            Some(Wound::Kia) => Some(Wound::Kia),
            Some(has) => self.data.charts.b7.combine(has, w).or(Some(has)),
        };
        self.set_wound(post, index, now);
        if let Some(n) = now {
            ev.push(PatrolEvent::Wounded { post, wound: n });
        }
    }

    /// A light wound on the next generic crew box (typhoon, sickness) [B11].
    pub(crate) fn wound_generic_lw(&mut self, ev: &mut Vec<PatrolEvent>) {
        let (p, i) = self.casualty_target(CrewMember::Crew);
        self.wound(p, i, Wound::Lw, ev);
    }

    /// [8.5.2] [8.5.3] [8.5.9.3] After an encounter: flooding pumped out, a repair roll per damaged
    /// system, the expert doctor's rolls.
    pub(crate) fn start_repairs(&mut self, ev: &mut Vec<PatrolEvent>) {
        self.boat.flooding = 0;
        let mut rolls: Vec<RollPurpose> = self
            .boat
            .systems
            .iter()
            .filter(|(_, s)| *s == SystemState::Damaged)
            .map(|(system, _)| RollPurpose::Aftermath(AftermathRoll::Repair { system: *system }))
            .collect();
        if self.options.crew.expert_doctor && !out(self.crew.doctor) {
            for p in Post::OFFICERS {
                if self.crew.wound(p) == Some(Wound::Lw) {
                    rolls.push(RollPurpose::Aftermath(AftermathRoll::ExpertDoctor {
                        post: p,
                        index: 0,
                    }));
                }
            }
            for (i, w) in self.crew.crew.iter().enumerate() {
                if *w == Some(Wound::Lw) {
                    rolls.push(RollPurpose::Aftermath(AftermathRoll::ExpertDoctor {
                        post: Post::Crew,
                        index: u8::try_from(i).unwrap_or(0),
                    }));
                }
            }
        }
        self.aftermath.queue(rolls, false);
        self.next_after_combat_roll(ev);
    }

    /// The next queued repair, doctor or survival roll; when none is left, go on.
    pub(crate) fn next_after_combat_roll(&mut self, ev: &mut Vec<PatrolEvent>) {
        if matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        if let Some(p) = self.aftermath.next() {
            self.phase = Phase::Roll { purpose: p };
            return;
        }
        if self.aftermath.take_box_start() {
            self.box_encounters(ev);
            return;
        }
        // [8.7.1] The mechanical genius repairs one INOP system once per patrol.
        if self.options.crew.mechanical_genius
            && !self.luck.genius_used
            && let Some(i) = self
                .boat
                .systems
                .iter()
                .position(|(_, s)| *s == SystemState::Inop)
        {
            self.luck.genius_used = true;
            let (s, _) = self.boat.systems.remove(i);
            if s == System::DieselEngines {
                self.boat.diesels_out = 0;
            }
            ev.push(PatrolEvent::SystemRepaired { system: s });
        }
        self.check_abort(ev);
        if matches!(self.phase, Phase::Over { .. })
            || matches!(
                self.phase,
                Phase::Roll {
                    purpose: RollPurpose::Damage(DamageRoll::Rescue)
                }
            )
        {
            return;
        }
        self.box_done(ev);
    }

    /// [8.5.4] [8.5.6] [8.6.1] Mandatory aborts; both diesels out: towed or scuttled.
    pub(crate) fn check_abort(&mut self, ev: &mut Vec<PatrolEvent>) {
        if self.boat.state(System::FuelTanks) == Some(SystemState::Inop) {
            self.abort("fuel tanks inoperative", ev);
        }
        if self.boat.diesels_out == 1 {
            self.abort("a diesel engine out", ev);
        }
        if self.crew.command_level() >= 3 {
            self.abort("the engineer is in command", ev);
        }
        if self.boat.diesels_out >= 2 && self.combat.as_ref().is_none_or(|c| c.incoming.hits_pending == 0) {
            let left = self.voyage.route.len().saturating_sub(self.voyage.position + 1);
            if left <= 1 {
                ev.push(PatrolEvent::Aborted {
                    reason: "both diesels out: towed home".into(),
                });
                self.finish(PatrolEnd::Towed, ev);
            } else {
                // Out of combat the scuttling is automatic; the crew rolls for rescue.
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Damage(DamageRoll::Rescue),
                };
            }
        }
    }
}
