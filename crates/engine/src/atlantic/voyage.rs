//! The crossing: the convoy's assignment (A1a/A1b) [6.1 1A], the six travel boxes with an A2 roll on
//! entering each, in the month's column [6.1 2A] [3.1] [7.1.2]; Fw 200 Condors, driven off by a CVE or a
//! CAM Hurricane or shadowing (two A2 rolls in the next box, at once in an eastbound convoy's last box),
//! and bombing the largest unguarded straggler [7.2.7]; the first natural 12 of the mission, a random
//! event on C5 [9.1] [9.2], with the markers it leaves; and the arrival at the meeting point [4.7].

use periscope_data::atlantic::catalog::merchants::MerchantSize;
use periscope_data::atlantic::charts::Encounter;

use super::battle::{BattleKind, Listing};
use super::convoy::{Fate, PickRoll, Picking};
use super::events::{MissionEnd, MissionEvent};
use super::group::{Escort, EscortStatus};
use super::reading::{chart_roll, proc_roll, unanswered};
use super::{Mission, MissionAction, MissionError, Phase, Throw, choice};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec, Wait};
use crate::refusal::Refused;
use crate::roll::RollRecord;

/// A roll of the crossing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoyageRoll {
    /// A1a or A1b [6.1 1A].
    Assignment,
    /// A2 [6.1 2A].
    Encounter,
    /// C5 [9.2].
    RandomEvent,
    /// 1d6 of a Condor's bombs on the largest straggler [7.2.7].
    CondorDamage,
    /// Which escort an event strikes: 1d6 for up to six, 1d10 beyond, a face past the count rolled again.
    EscortPick { count: u8 },
}

/// What an escort-striking event does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mishap {
    Collision,
    Breakdown,
}

/// What an event's ship becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventShip {
    /// Sunk out of the convoy at night: lost [9.2].
    Lost,
    /// A straggler in the next encounter, then she rejoins [9.2].
    EngineTrouble,
}

/// Where the crossing stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VoyageStep {
    Assignment,
    Encounter,
    RandomEvent,
    /// Launch the CAM Hurricane at the Condor, or not [7.2.7].
    Cam,
    /// The Condor bombs this straggler [7.2.7].
    CondorDamage {
        ship: usize,
    },
    EscortPick {
        mishap: Mishap,
        candidates: Vec<usize>,
    },
    Picking {
        picking: Picking,
        then: EventShip,
    },
}

impl Mission {
    pub(crate) fn voyage_roll_spec(&self, r: VoyageRoll) -> RollSpec {
        match r {
            VoyageRoll::Assignment => {
                let chart = self.assignment_chart();
                RollSpec::new(
                    Dice::D1D6,
                    chart.clone(),
                    "6.1 1A",
                    format!("Roll the convoy on {chart}"),
                )
            }
            VoyageRoll::Encounter => RollSpec::new(
                Dice::D2D6,
                "A2",
                "6.1 2A",
                format!(
                    "Roll for an encounter in travel box {} ({})",
                    self.voyage.box_number(),
                    self.voyage.current().map_or("", |b| b.name.as_str())
                ),
            ),
            VoyageRoll::RandomEvent => RollSpec::new(Dice::D2D6, "C5", "9.2", "Roll the random event"),
            VoyageRoll::CondorDamage => {
                let (dice, chart) = self.procedure_dice("condor_damage");
                RollSpec::new(dice, chart, "7.2.7", "The Condor bombs the largest straggler")
            }
            VoyageRoll::EscortPick { count } => RollSpec::new(
                if count <= 6 { Dice::D1D6 } else { Dice::D10 },
                "Random escort",
                "9.2",
                format!("Roll which of the {count} escorts it is (higher faces are rolled again)"),
            ),
        }
    }

    fn assignment_chart(&self) -> String {
        self.data
            .data
            .catalog
            .map
            .base(&self.options.base)
            .map_or_else(|| "A1a".into(), |b| b.assignment_chart.clone())
    }

    /// What the crossing waits for.
    pub(crate) fn voyage_wait(&self, s: &VoyageStep, list: Listing) -> Wait<MissionAction, Throw> {
        match s {
            VoyageStep::Assignment => Wait::Roll(Throw::Voyage(VoyageRoll::Assignment)),
            VoyageStep::Encounter => Wait::Roll(Throw::Voyage(VoyageRoll::Encounter)),
            VoyageStep::RandomEvent => Wait::Roll(Throw::Voyage(VoyageRoll::RandomEvent)),
            VoyageStep::CondorDamage { .. } => Wait::Roll(Throw::Voyage(VoyageRoll::CondorDamage)),
            VoyageStep::EscortPick { candidates, .. } => Wait::Roll(Throw::Voyage(VoyageRoll::EscortPick {
                count: u8::try_from(candidates.len()).unwrap_or(u8::MAX),
            })),
            VoyageStep::Picking { picking, .. } => {
                Wait::Roll(Throw::Pick(self.peek_picking(picking).unwrap_or(PickRoll::Size)))
            }
            VoyageStep::Cam => list.decide(|| {
                Decision::new(
                    "A Fw 200 Condor has found the convoy. Launch the CAM ship's Hurricane?",
                    "7.2.7",
                    vec![
                        choice(
                            MissionAction::LaunchCam,
                            "Launch the Hurricane: the Condor is driven off (the CAM ship is used)",
                            "7.2.7",
                        ),
                        choice(
                            MissionAction::HoldCam,
                            "Keep the Hurricane: the Condor shadows the convoy",
                            "7.2.7",
                        ),
                    ],
                )
            }),
        }
    }

    /// The crossing begins: the convoy on A1a/A1b unless given, then the first box [6.1 1A] [6.1 1C].
    pub(crate) fn start_voyage(&mut self, ev: &mut Vec<MissionEvent>) -> Phase {
        if self.options.convoy.is_none() {
            return Phase::Voyage(VoyageStep::Assignment);
        }
        self.assigned(ev);
        self.enter_box(0, ev)
    }

    fn assigned(&mut self, ev: &mut Vec<MissionEvent>) {
        ev.push(MissionEvent::Assigned {
            convoy: super::words::convoy_type(self.convoy.convoy).into(),
            size: self.convoy.size.to_string(),
            display: self.convoy.display.clone(),
        });
    }

    /// The convoy enters box `i` (or arrives past the last) [6.1 2A].
    pub(crate) fn enter_box(&mut self, i: usize, ev: &mut Vec<MissionEvent>) -> Phase {
        self.voyage.position = i;
        // [7.1.6] Temporary stragglers that came through an encounter rejoin the convoy.
        for m in &mut self.convoy.ships {
            if m.temporary && m.rejoins_next_box && m.fate == Fate::Straggler {
                if m.damage == 0 {
                    m.fate = Fate::InConvoy;
                    ev.push(MissionEvent::Rejoined { name: m.name.clone() });
                } else {
                    m.temporary = false;
                }
            }
        }
        let Some(b) = self.voyage.current().cloned() else {
            return self.arrive(ev);
        };
        ev.push(MissionEvent::EnteredBox {
            number: self.voyage.box_number(),
            name: b.name.clone(),
        });
        self.voyage.quiet = std::mem::replace(&mut self.voyage.quiet_next, false);
        self.voyage.rolls_left = if std::mem::replace(&mut self.voyage.shadowed, false) {
            self.data.entries.rolls_after_condor
        } else {
            1
        };
        if self.voyage.quiet {
            ev.push(MissionEvent::note(
                "Rerouted round the pack: no encounter in this box [9.2]",
            ));
            self.voyage.rolls_left = 0;
        }
        // [11.1] [11.2] A scenario's box with its encounter given: no A2 roll.
        if let Some(e) = self.scripted_encounter() {
            self.voyage.rolls_left = 0;
            let what = super::words::encounter(e);
            ev.push(MissionEvent::Encounter {
                what: format!(
                    "{what} (the scenario's box {}) [11.1] [11.2]",
                    self.voyage.box_number()
                ),
            });
            let kind = if e == Encounter::Wolfpack {
                BattleKind::Wolfpack
            } else {
                BattleKind::Single
            };
            return self.begin_battle(kind, false, ev);
        }
        self.continue_voyage(ev)
    }

    /// The next roll of the box, else the next box.
    pub(crate) fn continue_voyage(&mut self, ev: &mut Vec<MissionEvent>) -> Phase {
        if self.ended.is_some() {
            return Phase::Over;
        }
        if self.voyage.rolls_left > 0 {
            return Phase::Voyage(VoyageStep::Encounter);
        }
        let next = self.voyage.position + 1;
        self.enter_box(next, ev)
    }

    fn arrive(&mut self, ev: &mut Vec<MissionEvent>) -> Phase {
        self.voyage.position = self.voyage.route.len();
        ev.push(MissionEvent::Arrived {
            meeting_point: self.voyage.to.clone(),
        });
        self.finish(
            MissionEnd::Arrived {
                meeting_point: self.voyage.to.clone(),
                base: self.voyage.refit_at.clone(),
            },
            ev,
        );
        Phase::Over
    }

    pub(crate) fn voyage_decide(
        &mut self,
        s: VoyageStep,
        action: MissionAction,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<Phase, MissionError> {
        match (s, action) {
            (VoyageStep::Cam, MissionAction::LaunchCam) => {
                self.cam_used = true;
                ev.push(MissionEvent::CondorDrivenOff {
                    by: "the CAM ship's Hurricane".into(),
                });
                Ok(self.continue_voyage(ev))
            }
            (VoyageStep::Cam, MissionAction::HoldCam) => Ok(self.condor_not_driven_off(ev)),
            (_, a) => Err(MissionError::Refused(Refused::NotNow {
                action: a.to_string(),
                waiting_for: "a roll of the crossing".into(),
            })),
        }
    }

    pub(crate) fn voyage_roll(
        &mut self,
        s: VoyageStep,
        r: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<Phase, MissionError> {
        match (s, r) {
            (VoyageStep::Assignment, _) => {
                let id = self.assignment_chart();
                let chart = if id == "A1b" {
                    &self.data.data.charts.a1b.chart
                } else {
                    &self.data.data.charts.a1a.chart
                };
                let (rec, a) = chart_roll(chart, &id, "6.1 1A", faces, vec![])?;
                self.record(
                    rec.with_outcome(format!(
                        "a {} {} convoy",
                        a.size,
                        super::words::convoy_type(a.convoy)
                    )),
                    ev,
                );
                self.convoy.convoy = a.convoy;
                self.convoy.size = a.size;
                self.convoy.display = self
                    .data
                    .data
                    .tactical
                    .display_for(a.size)
                    .map(|d| d.id.clone())
                    .ok_or_else(|| {
                        unanswered("tactical.json", format_args!("display for a {} convoy", a.size))
                    })?;
                self.assigned(ev);
                Ok(self.enter_box(0, ev))
            }
            (VoyageStep::Encounter, _) => self.resolve_encounter(faces, ev),
            (VoyageStep::RandomEvent, _) => self.resolve_random_event(faces, ev),
            (VoyageStep::CondorDamage { ship }, _) => {
                let (rec, res) = proc_roll(self.procedure("condor_damage")?, "7.2.7", faces, vec![])?;
                let points = match res {
                    periscope_data::atlantic::procedures::ProcedureResult::Number(n) => {
                        u8::try_from(n.max(0)).unwrap_or(u8::MAX)
                    }
                    _ => 0,
                };
                self.record(
                    rec.with_outcome(format!(
                        "{} of damage",
                        super::words::count(points, "point", "points")
                    )),
                    ev,
                );
                self.convoy.damage(ship, points, "a Fw 200 Condor", ev);
                Ok(self.continue_voyage(ev))
            }
            (VoyageStep::EscortPick { mishap, candidates }, _) => {
                let count = candidates.len();
                let dice = if count <= 6 { Dice::D1D6 } else { Dice::D10 };
                let rec = RollRecord::new("Random escort", "9.2", dice, faces, vec![], (1, 10));
                let face = usize::try_from(rec.natural).unwrap_or(0);
                match candidates.get(face.wrapping_sub(1)).copied() {
                    Some(i) => {
                        let name = self.group.name_of(i);
                        self.record(rec.with_outcome(name.clone()), ev);
                        let why = match mishap {
                            Mishap::Collision => {
                                self.group.escorts[i].repair_months = 1;
                                "a collision: repairs for the rest of the mission and a month".to_string()
                            }
                            Mishap::Breakdown => "machinery defects: out for the rest of the mission".into(),
                        };
                        self.group.escorts[i].status = EscortStatus::Detached { why: why.clone() };
                        self.group.guards.retain(|g| *g != i);
                        ev.push(MissionEvent::EscortDetached { ship: name, why });
                        Ok(self.continue_voyage(ev))
                    }
                    None => {
                        self.record(rec.with_outcome("no such escort: roll again"), ev);
                        Ok(Phase::Voyage(VoyageStep::EscortPick { mishap, candidates }))
                    }
                }
            }
            (VoyageStep::Picking { mut picking, then }, Throw::Pick(p)) => {
                self.resolve_pick(&mut picking, p, faces, ev)?;
                self.after_event_pick(picking, then, ev)
            }
            _ => Err(MissionError::Refused(Refused::Data(
                "a roll came that the crossing does not read".into(),
            ))),
        }
    }

    /// A2: the encounter, the first natural 12 a random event instead [9.1], a Condor outside the C boxes
    /// no encounter [7.2.7] [7.1.2].
    fn resolve_encounter(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<Phase, MissionError> {
        self.voyage.rolls_left = self.voyage.rolls_left.saturating_sub(1);
        let a2 = &self.data.data.charts.a2;
        let rec = RollRecord::new("A2", "6.1 2A", Dice::D2D6, faces, vec![], (2, 12));
        if rec.natural == self.data.entries.random_event_on_natural && !self.voyage.event_used {
            self.voyage.event_used = true;
            self.record(
                rec.with_outcome("the mission's first natural 12: a random event [9.1]"),
                ev,
            );
            return Ok(Phase::Voyage(VoyageStep::RandomEvent));
        }
        let e = a2
            .encounter(self.month, rec.natural)
            .ok_or_else(|| unanswered("A2", format_args!("row for {} in {}", rec.natural, self.month)))?;
        let in_c_box = self.voyage.current().is_some_and(|b| b.condor_range);
        let what = super::words::encounter(e);
        // [11.1] A result the scenario's box disregards is no encounter.
        if self.ignored(e) {
            self.record(
                rec.with_outcome(format!("{what}, which the scenario disregards here [11.1]")),
                ev,
            );
            ev.push(MissionEvent::Encounter {
                what: "none (disregarded by the scenario)".into(),
            });
            return Ok(self.continue_voyage(ev));
        }
        if e == Encounter::Condor && !in_c_box {
            self.record(
                rec.with_outcome("a Condor, but out of its range: no encounter [7.2.7]"),
                ev,
            );
            ev.push(MissionEvent::Encounter {
                what: "none (no Condor outside the C boxes)".into(),
            });
            return Ok(self.continue_voyage(ev));
        }
        self.record(rec.with_outcome(what.clone()), ev);
        ev.push(MissionEvent::Encounter { what });
        Ok(match e {
            Encounter::None => self.continue_voyage(ev),
            Encounter::Condor => self.condor(ev),
            Encounter::SingleUboat => self.begin_battle(BattleKind::Single, false, ev),
            Encounter::Wolfpack => self.begin_battle(BattleKind::Wolfpack, false, ev),
        })
    }

    /// A Condor over the convoy: a CVE drives it off; a CAM Hurricane may [7.2.7].
    fn condor(&mut self, ev: &mut Vec<MissionEvent>) -> Phase {
        if self.options.air.cve {
            ev.push(MissionEvent::CondorDrivenOff {
                by: "the escort carrier's aircraft".into(),
            });
            return self.continue_voyage(ev);
        }
        if self.options.air.cam && !self.cam_used {
            return Phase::Voyage(VoyageStep::Cam);
        }
        self.condor_not_driven_off(ev)
    }

    /// [7.2.7] The Condor shadows: two A2 rolls in the next box, or a second one now in an eastbound
    /// convoy's last box; and it bombs the largest straggler if no escort guards them in Box S.
    fn condor_not_driven_off(&mut self, ev: &mut Vec<MissionEvent>) -> Phase {
        ev.push(MissionEvent::CondorShadows);
        if self.voyage.eastbound && self.voyage.last_box() {
            self.voyage.rolls_left += 1;
            ev.push(MissionEvent::note(
                "The last box of an eastbound crossing: a second A2 roll at once [7.2.7]",
            ));
        } else {
            self.voyage.shadowed = true;
        }
        let stragglers = self.convoy.stragglers();
        let guarded = self.group.guards.iter().any(|g| self.group.escorts[*g].fights());
        match stragglers.first() {
            Some(&ship) if !guarded => Phase::Voyage(VoyageStep::CondorDamage { ship }),
            Some(_) => {
                ev.push(MissionEvent::note(
                    "An escort in Box S keeps the Condor off the stragglers [7.1.6] [7.2.7]",
                ));
                self.continue_voyage(ev)
            }
            None => self.continue_voyage(ev),
        }
    }

    /// C5: the random event [9.2].
    fn resolve_random_event(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<Phase, MissionError> {
        let (rec, e) = chart_roll(&self.data.data.charts.c5.chart, "C5", "9.2", faces, vec![])?;
        self.record(rec.with_outcome(e.name.clone()), ev);
        ev.push(MissionEvent::RandomEvent {
            id: e.id.clone(),
            name: e.name.clone(),
            effect: e.effect.clone(),
        });
        let fighting = self.group.fighting();
        Ok(match e.id.as_str() {
            "ultra_decrypt" => {
                self.voyage.quiet_next = true;
                self.continue_voyage(ev)
            }
            "straggler_lost" => self.event_pick(Some(MerchantSize::Small), EventShip::Lost, ev)?,
            "condor" => {
                if self.voyage.current().is_some_and(|b| b.condor_range) {
                    self.condor(ev)
                } else {
                    ev.push(MissionEvent::note("No Condor outside the C boxes [7.2.7]"));
                    self.continue_voyage(ev)
                }
            }
            "collision" if !fighting.is_empty() => Phase::Voyage(VoyageStep::EscortPick {
                mishap: Mishap::Collision,
                candidates: fighting,
            }),
            "breakdown" => {
                let dd: Vec<usize> = fighting
                    .into_iter()
                    .filter(|&i| self.group.escorts[i].dd_ff)
                    .collect();
                if dd.is_empty() {
                    self.continue_voyage(ev)
                } else {
                    Phase::Voyage(VoyageStep::EscortPick {
                        mishap: Mishap::Breakdown,
                        candidates: dd,
                    })
                }
            }
            "support_group" => {
                self.support_group_joins(ev);
                self.continue_voyage(ev)
            }
            "touch_wood" => {
                self.touch_wood += 1;
                ev.push(MissionEvent::TouchWoodKept {
                    held: self.touch_wood,
                });
                self.continue_voyage(ev)
            }
            "hf_df_fix" => {
                self.voyage.hf_df_fix = true;
                self.continue_voyage(ev)
            }
            "gale" => {
                self.voyage.gale = true;
                self.continue_voyage(ev)
            }
            "engine_trouble" => self.event_pick(None, EventShip::EngineTrouble, ev)?,
            "surfaced_uboat" => self.begin_battle(BattleKind::Single, true, ev),
            _ => self.continue_voyage(ev),
        })
    }

    fn event_pick(
        &mut self,
        fixed: Option<MerchantSize>,
        then: EventShip,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<Phase, MissionError> {
        self.after_event_pick(Picking::new(1, fixed), then, ev)
    }

    fn after_event_pick(
        &mut self,
        mut picking: Picking,
        then: EventShip,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<Phase, MissionError> {
        if self.pick_next(&mut picking)?.is_some() {
            return Ok(Phase::Voyage(VoyageStep::Picking { picking, then }));
        }
        for &i in &picking.ships {
            match then {
                EventShip::Lost => {
                    let sinks = self.convoy.ships[i].sinks_at;
                    self.convoy.damage(i, sinks, "a U-boat, out of the convoy", ev);
                }
                EventShip::EngineTrouble => {
                    let m = &mut self.convoy.ships[i];
                    m.fate = Fate::Straggler;
                    m.temporary = true;
                    ev.push(MissionEvent::Straggler {
                        name: m.name.clone(),
                        tonnage: m.tonnage,
                        why: "engine trouble [9.2]".into(),
                    });
                }
            }
        }
        Ok(self.continue_voyage(ev))
    }

    /// [9.2] A support group's destroyer joins: the first DD/FF of the group's reinforcement pool it
    /// does not have, Trained, with nothing fitted.
    fn support_group_joins(&mut self, ev: &mut Vec<MissionEvent>) {
        let groups = &self.data.data.catalog.groups;
        let Some(pool) = groups
            .group(&self.group.id)
            .and_then(|g| groups.pool(&g.reinforcements))
        else {
            return;
        };
        let Some((ship, class)) = pool.dd_ff.iter().find_map(|s| {
            if self.group.index_of(s).is_some() {
                return None;
            }
            let class = groups.class_of(s)?;
            if class.available_from.is_some_and(|m| m > self.month) {
                return None;
            }
            Some((groups.ship(s)?, class))
        }) else {
            ev.push(MissionEvent::note("No support group destroyer can join"));
            return;
        };
        let limited = self.options.optional.limited_depth_charges;
        let escort = Escort {
            ship: ship.id.clone(),
            name: ship.name.clone(),
            class: class.id.clone(),
            class_name: class.name.clone(),
            dd_ff: true,
            sinks_at: class.damage_points,
            river_frigate: class
                .chart_modifiers
                .iter()
                .any(|m| m.chart == "B4" && m.modifier == "river_frigate"),
            crew: periscope_data::atlantic::charts::Quality::Trained,
            type_271: false,
            hedgehog: false,
            damage: 0,
            depth_charges: limited.then_some(class.depth_charge_points),
            hedgehog_reloads: None,
            kills_before: 0,
            kills: 0,
            rammed: false,
            repair_months: 0,
            status: EscortStatus::Ready,
            joined: true,
        };
        ev.push(MissionEvent::EscortJoined {
            ship: escort.name.clone(),
        });
        self.group.escorts.push(escort);
    }
}
