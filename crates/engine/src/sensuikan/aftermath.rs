//! After an encounter and at the start of a box [8.5.2] [8.5.9] [8.5.9.3]: flooding pumped out, a repair
//! roll per damaged system, the expert doctor's treatment of light wounds, the survival rolls of the
//! seriously wounded without a doctor, the mechanical genius's repair [8.7.1], and the mandatory aborts
//! [8.5.4] [8.5.6] [8.6.1].

use periscope_data::sensuikan::charts::{System, Wound};
use periscope_data::sensuikan::procedures::ProcedureResult;
use serde::Serialize;

use super::events::{PatrolEnd, PatrolEvent};
use super::reading::proc_roll;
use super::{DamageRoll, Patrol, PatrolError, Phase, Post, RollPurpose, SystemState, out};
use crate::dice::Dice;
use crate::machine::RollSpec;
use crate::roll::Modifier;

/// A roll after an encounter or at the start of a box [8.5.2] [8.5.9] [8.5.9.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum AftermathRoll {
    Repair { system: System },
    DoctorSurvival { post: Post, index: u8 },
    ExpertDoctor { post: Post, index: u8 },
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

    pub(crate) fn next(&mut self) -> Option<RollPurpose> {
        self.rolls.pop()
    }

    /// Whether the rolls just made were a box's survival rolls (asked once, when the queue is empty).
    pub(crate) fn take_box_start(&mut self) -> bool {
        std::mem::take(&mut self.at_box_start)
    }
}

impl Patrol {
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
                if self.quiet.records() {
                    self.record(rec.with_outcome(if ok { "repaired" } else { "inoperative" }), ev);
                }
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
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(if ok { "survives" } else { "dies of his wounds" }),
                        ev,
                    );
                }
                if !ok {
                    self.set_wound(post, index, Some(Wound::Kia));
                    ev.push(PatrolEvent::Died { post });
                }
                self.next_after_combat_roll(ev);
            }
            AftermathRoll::ExpertDoctor { post, index } => {
                let (rec, res) = proc_roll(&self.data.procs.charts.expert_doctor, "8.5.9.3", faces, vec![]);
                let ok = res == ProcedureResult::Success;
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(if ok {
                            "the light wound is treated"
                        } else {
                            "no change"
                        }),
                        ev,
                    );
                }
                if ok {
                    self.set_wound(post, index, None);
                    ev.push(PatrolEvent::Healed { post });
                }
                self.next_after_combat_roll(ev);
            }
        }
        Ok(())
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
