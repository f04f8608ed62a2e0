//! Patrol assignment [6.2 step 1]: Major Event markers by date, requests by rank, A1 by date and base,
//! the base rules of 4.7, Type A/B only for Europe, Kirai-Sen always minelaying, and the mission from the
//! area's marker [7.14].

use periscope_data::sensuikan::catalog::catalogs::MissionKind;
use serde::{Deserialize, Serialize};

use super::{Ask, Career, CareerAction, CareerEvent, CareerRoll, Phase, Rank, Step, choice_as};
use crate::dice::{Dice, DiceMode};
use crate::game::Game;
use crate::machine::Decision;
use crate::roll::RollRecord;
use crate::sensuikan::{Labels, MissionPlan, OptionalRules, Patrol, PatrolEvent, PatrolOptions, words};

/// The mission a patrol flies [7.0].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CareerMission {
    /// A plain patrol (no active Major Event, or none of its missions possible [7.14]).
    Patrol,
    /// The "Patrol" mission of a Major Event marker: a special mission, double credit [7.14].
    EventPatrol { event: String },
    /// A midget attack (Type C) through the patrol's midget extension point [7.3].
    MidgetAttack { event: String },
    /// Kirai-Sen: every patrol is minelaying, no double credit [7.10].
    Minelaying,
    /// Another special mission the patrol flies itself: a Major Event marker's picket duty, transport,
    /// evacuation, coastal bombardment, minelaying or passenger delivery [7.14], or the strategic transport
    /// to Europe of a Type A or B [7.5] (`event` is the marker, none for Europe outside one).
    Special {
        event: Option<String>,
        plan: MissionPlan,
    },
}

impl CareerMission {
    pub fn special(&self) -> bool {
        !matches!(self, CareerMission::Patrol)
    }
    /// The mission handed to the patrol [7.0].
    pub fn plan(&self) -> MissionPlan {
        match self {
            CareerMission::Patrol | CareerMission::EventPatrol { .. } => MissionPlan::Patrol,
            CareerMission::MidgetAttack { .. } => MissionPlan::MidgetAttack,
            CareerMission::Minelaying => MissionPlan::Minelaying,
            CareerMission::Special { plan, .. } => *plan,
        }
    }
    /// The double credit of a successful special mission [7.13], never for the Kirai-Sen [7.10].
    pub fn credit_on_success(&self) -> u32 {
        match self {
            CareerMission::Patrol | CareerMission::Minelaying => 1,
            _ => 2,
        }
    }
    /// The mission's one name, as the Patrol Log, the victory screen and the paperwork write it: the
    /// mission, and the Major Event marker it comes from (`Picket Duty (Midway marker)`).
    pub fn describe(&self) -> String {
        let marker = |e: &str| format!("{} marker", words::event(e));
        match self {
            CareerMission::Patrol => MissionPlan::Patrol.name(),
            CareerMission::EventPatrol { event } => {
                format!("{} ({})", MissionPlan::Patrol.name(), marker(event))
            }
            CareerMission::MidgetAttack { event } => {
                format!("{} ({})", MissionPlan::MidgetAttack.name(), marker(event))
            }
            CareerMission::Minelaying => MissionPlan::Minelaying.name(),
            CareerMission::Special { event, plan } => match event {
                Some(e) => format!("{} ({})", plan.name(), marker(e)),
                None => plan.name(),
            },
        }
    }
}

/// A mission's name on the Patrol Log (kept for callers of the career's name; the name is the plan's).
pub fn plan_name(plan: MissionPlan) -> String {
    plan.name()
}

impl Career {
    /// [4.7.2] [4.7.3] A base that no longer serves sends its boats on (Paramushiro to Truk at 7/43, Truk
    /// to Yokosuka at 3/44); [4.7.4] [4.7.5] New Guinea and the Dutch East Indies serve to the end.
    pub(crate) fn base_by_date(&mut self, ev: &mut Vec<CareerEvent>) {
        let when = self.month;
        let closing = self
            .catalog()
            .map
            .base(&self.command.base)
            .and_then(|b| b.closes.clone())
            .filter(|c| c.at <= when);
        if let Some(c) = closing {
            let rule = if self.command.base == "paramushiro" {
                "4.7.2"
            } else {
                "4.7.3"
            };
            Self::note(
                ev,
                rule,
                format!(
                    "{} no longer serves as a base: the boat moves to {}",
                    words::base(&self.command.base),
                    words::base(&c.rebase_to)
                ),
            );
            self.command.base = c.rebase_to;
        }
    }

    /// [6.2.1A] [7.14] The markers on the map, then the request or the A1 roll.
    pub(crate) fn begin_assignment(&mut self, ev: &mut Vec<CareerEvent>) {
        if self.month > super::LAST_PATROL {
            // [5.1.1] No assignment after 7/45.
            self.end_career(super::victory::EndCause::WarOver, ev);
            return;
        }
        self.base_by_date(ev);
        let when = self.month;
        let titles: Vec<String> = self
            .catalog()
            .active_events(when)
            .map(|e| e.title.clone())
            .collect();
        if !titles.is_empty() {
            Self::note(
                ev,
                "6.2.1A",
                format!("Major Event markers on the map: {}", titles.join(", ")),
            );
        }
        if self.command.rank >= Rank::Commander {
            self.push_front(vec![Step::Ask { ask: Ask::Request }]);
        } else {
            self.push_front(vec![Step::Roll {
                roll: CareerRoll::Assignment,
            }]);
        }
    }

    pub(crate) fn request_choices(&self, labels: Labels) -> Decision<CareerAction> {
        let chance = if self.command.rank == Rank::Captain {
            "1-2"
        } else {
            "1"
        };
        Decision::new(
            "Request a specific patrol?",
            "8.9.1",
            vec![
                choice_as(
                    labels,
                    CareerAction::Request { request: true },
                    || format!("Request: succeeds on {chance} on 1d6"),
                    "8.9.1",
                ),
                choice_as(
                    labels,
                    CareerAction::Request { request: false },
                    || "Take the A1 assignment".into(),
                    "6.2.1B",
                ),
            ],
        )
    }

    pub(crate) fn choose_request(&mut self, request: bool) {
        let roll = if request {
            CareerRoll::Request
        } else {
            CareerRoll::Assignment
        };
        self.push_front(vec![Step::Roll { roll }]);
    }

    /// The areas of the A1 column for the base and month [8.9.1], without Europe for a class that cannot
    /// make the strategic transport [7.5].
    pub(crate) fn a1_areas(&self) -> Vec<String> {
        let transport = self.class_data().is_some_and(|c| c.strategic_transport);
        self.charts()
            .a1
            .active_areas(&self.command.base, self.month)
            .into_iter()
            .filter(|a| transport || *a != "europe")
            .map(str::to_string)
            .collect()
    }

    /// [8.9.1] Commander succeeds on 1, Captain on 1-2; failure rolls A1.
    pub(crate) fn resolve_request(&mut self, faces: Vec<u8>, ev: &mut Vec<CareerEvent>) {
        let need = if self.command.rank == Rank::Captain { 2 } else { 1 };
        let rec = RollRecord::new("Patrol request", "8.9.1", Dice::D1D6, faces, vec![], (1, 6));
        let ok = rec.result <= need;
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if ok {
                    "granted: choose the area"
                } else {
                    "refused: roll A1"
                }),
                ev,
            );
        }
        self.duty.request_areas = self.a1_areas();
        if ok && !self.duty.request_areas.is_empty() {
            self.push_front(vec![Step::Ask {
                ask: Ask::RequestArea,
            }]);
        } else {
            self.push_front(vec![Step::Roll {
                roll: CareerRoll::Assignment,
            }]);
        }
    }

    pub(crate) fn area_choices(&self, labels: Labels) -> Decision<CareerAction> {
        let choices = self
            .duty
            .request_areas
            .iter()
            .map(|a| {
                choice_as(
                    labels,
                    CareerAction::Area { area: a.clone() },
                    || format!("Patrol to {}", words::area(a)),
                    "8.9.1",
                )
            })
            .collect();
        Decision::new("Choose the patrol area", "8.9.1", choices)
    }

    pub(crate) fn choose_area(&mut self, area: &str, ev: &mut Vec<CareerEvent>) {
        // The A1 row's base for that area, if the column moves the boat for it.
        let base = self
            .charts()
            .a1
            .table
            .column(&self.command.base, self.month)
            .and_then(|c| c.chart.rows.iter().find(|r| r.result.area == area))
            .and_then(|r| r.result.base.clone());
        self.set_assignment(area.to_string(), base, ev);
    }

    /// [6.2.1B] A1 in the column of the base for the month; Europe re-rolled except for Type A and B [7.5].
    pub(crate) fn resolve_assignment(&mut self, faces: Vec<u8>, ev: &mut Vec<CareerEvent>) {
        let rec = RollRecord::new("A1", "6.2.1B", Dice::D2D6, faces, vec![], (2, 12));
        let when = self.month;
        let row = self
            .charts()
            .a1
            .assign(&self.command.base, when, rec.result)
            .or_else(|| self.charts().a1.assign("yokosuka", when, rec.result))
            .map(|r| r.result.clone());
        let Some(a) = row else {
            if self.quiet.records() {
                self.record(
                    rec.with_outcome("no A1 column: patrol to the Central Pacific"),
                    ev,
                );
            }
            self.set_assignment("central_pacific".into(), None, ev);
            return;
        };
        let transport = self.class_data().is_some_and(|c| c.strategic_transport);
        if a.area == "europe" && !transport {
            if self.quiet.records() {
                self.record(
                    rec.with_outcome("Europe: only Type A and Type B; roll again [7.5]"),
                    ev,
                );
            }
            self.push_front(vec![Step::Roll {
                roll: CareerRoll::Assignment,
            }]);
            return;
        }
        if self.quiet.records() {
            self.record(rec.with_outcome(words::area(&a.area)), ev);
        }
        self.set_assignment(a.area, a.base, ev);
    }

    /// [6.2.1C] [7.14] [7.10] [4.7.2] The area, the base move, and the mission.
    pub(crate) fn set_assignment(&mut self, area: String, base: Option<String>, ev: &mut Vec<CareerEvent>) {
        if let Some(b) = base.filter(|b| *b != self.command.base && self.catalog().map.base(b).is_some()) {
            Self::note(
                ev,
                "6.2.1B",
                format!("the boat moves to {} before sailing", words::base(&b)),
            );
            self.command.base = b;
        }
        let required = self
            .catalog()
            .map
            .area(&area)
            .and_then(|a| a.requires_base.clone());
        if let Some(b) = required.filter(|b| *b != self.command.base) {
            Self::note(
                ev,
                "4.7.2",
                format!(
                    "{}: the boat re-bases to {} first",
                    words::area(&area),
                    words::base(&b)
                ),
            );
            self.command.base = b;
        }
        self.duty.mission = self.mission_for(&area, ev);
        self.duty.area = area;
        ev.push(CareerEvent::Assigned {
            month: self.month.short(),
            area: self.duty.area.clone(),
            mission: self.duty.mission.describe(),
            base: self.command.base.clone(),
        });
        let mut steps = self.kaiten_school_steps(ev);
        steps.push(Step::Sail);
        self.push_front(steps);
    }

    /// [7.10] [7.5] [7.14] The mission of a patrol to `area`: the Kirai-Sen always lays mines; a Type A or
    /// B sent to Europe makes the strategic transport; otherwise the first mission on the area's Major Event
    /// marker that this boat can perform, a plain patrol if none.
    pub(crate) fn mission_for(&self, area: &str, ev: &mut Vec<CareerEvent>) -> CareerMission {
        let when = self.month;
        let event = self.catalog().event_in(area, when).cloned();
        let class = self.class_data();
        let minelayer = class.as_ref().is_some_and(|c| c.minelayer);
        let transport = class.as_ref().is_some_and(|c| c.strategic_transport);
        if minelayer {
            Self::note(ev, "7.10", "Kirai-Sen: every patrol is a minelaying mission");
            return CareerMission::Minelaying;
        }
        let route = self.catalog().map.area(area).is_some_and(|a| a.mission_route);
        if route && transport {
            Self::note(
                ev,
                "7.5",
                "Europe: the strategic transport, three months each way",
            );
            return CareerMission::Special {
                event: event.map(|e| e.id),
                plan: MissionPlan::EuropeTransport,
            };
        }
        let Some(e) = event else {
            return CareerMission::Patrol;
        };
        for m in &e.missions {
            let unable = |why: &str, ev: &mut Vec<CareerEvent>| {
                Self::note(
                    ev,
                    "7.14",
                    format!(
                        "{}: this boat cannot fly its {} ({why}); the next mission on the marker",
                        e.title,
                        words::mission_kind(m.kind)
                    ),
                );
            };
            let plan = match m.kind {
                MissionKind::Patrol => {
                    return CareerMission::EventPatrol { event: e.id.clone() };
                }
                MissionKind::MidgetAttack if class.as_ref().is_some_and(|c| c.midget) => {
                    return CareerMission::MidgetAttack { event: e.id.clone() };
                }
                MissionKind::MidgetAttack => {
                    unable("no midget submarine", ev);
                    continue;
                }
                // [7.1] [7.7] [7.17] Aviation missions need aircraft; Panama (P12) only Type A (Modified) and
                // Sen-Toku [7.7].
                MissionKind::Reconnaissance | MissionKind::Bombing
                    if class
                        .as_ref()
                        .is_some_and(|c| crate::sensuikan::can_fly(c, m.kind, m.map.as_deref(), when)) =>
                {
                    if m.kind == MissionKind::Bombing {
                        MissionPlan::Bombing
                    } else {
                        MissionPlan::Reconnaissance
                    }
                }
                MissionKind::Reconnaissance | MissionKind::Bombing => {
                    unable(
                        "no aircraft, or Panama is for Type A (Modified) and Sen-Toku only [7.7]",
                        ev,
                    );
                    continue;
                }
                // [7.18] A boat fitted with kaiten [7.12] flies the kaiten attack on the marker's map.
                MissionKind::KaitenAttack if class.as_ref().is_some_and(|c| c.kaiten_capacity(when) > 0) => {
                    if m.map.as_deref() == Some("K2") {
                        MissionPlan::KaitenUlithi
                    } else {
                        MissionPlan::KaitenOpenSea
                    }
                }
                MissionKind::KaitenAttack => {
                    unable("not fitted for kaiten [7.12]", ev);
                    continue;
                }
                MissionKind::StrategicTransport if !transport => {
                    unable("Type A and Type B only [7.5]", ev);
                    continue;
                }
                MissionKind::StrategicTransport => MissionPlan::EuropeTransport,
                MissionKind::CoastalBombardment if !class.as_ref().is_some_and(|c| c.has_deck_gun(when)) => {
                    unable("no deck gun [7.9]", ev);
                    continue;
                }
                MissionKind::CoastalBombardment => MissionPlan::CoastalBombardment,
                MissionKind::Picket => MissionPlan::PicketDuty,
                MissionKind::Transport => MissionPlan::Transport,
                MissionKind::Evacuation => MissionPlan::Evacuation,
                MissionKind::Minelaying => MissionPlan::Minelaying,
                MissionKind::Passenger => MissionPlan::PassengerDelivery,
            };
            return CareerMission::Special {
                event: Some(e.id.clone()),
                plan,
            };
        }
        CareerMission::Patrol
    }

    /// [6.2 step 2] Builds the patrol from the career's state; its dice come from the career's source.
    pub(crate) fn sail(&mut self, ev: &mut Vec<CareerEvent>) {
        let mut crew = self.command.crew.clone();
        crew.golden_kite = self.command.kite.is_some();
        // [8.7.1] [11.7] The captain's Shibumi sails with him: once per patrol, a roll passed unrolled.
        crew.shibumi = self.command.shibumi;
        // [11.7] The captain's special skill sails with him; the patrol's rolls and decisions read it.
        crew.special_skill = self.command.special_skill.map(|s| s.id());
        // [4.8.3] [7.17 seq 6] Each pilot flies with his own F3 skill.
        crew.pilots = self.command.pilots.clone();
        if self.duty.mission.plan().is_kaiten() {
            // [7.18] The pilots sail with their kaiten and do not come back.
            crew.kaiten_pilots = std::mem::take(&mut self.command.kaiten_pilots);
        }
        // [4.8.2] [7.16] The midget commander's F2 skill goes with the midget.
        crew.midget_skill = self.command.midget_commander.clone().filter(|s| s != "none");
        let opts = PatrolOptions {
            class: self.command.class.clone(),
            start: self.month,
            base: self.command.base.clone(),
            area: self.duty.area.clone(),
            mission: self.duty.mission.plan(),
            crew,
            // [11.2] [11.3] [11.4] [11.5] The optional rules played inside the patrol.
            optional: OptionalRules {
                evasive_manoeuvres: self.options.evasive_manoeuvres,
                escort_quality: self.options.escort_quality,
                aircrew_quality: self.options.aircrew_quality,
                historical_targets: self.options.historical_targets,
                sunk_names: if self.options.historical_targets {
                    self.service.sunk_names.iter().cloned().collect()
                } else {
                    Vec::new()
                },
            },
        };
        // The patrol reads the career's data: the player's own charts when the career has them.
        match Patrol::with_data(opts, 0, DiceMode::Physical, self.data.clone()) {
            Ok(mut p) => {
                let records = self.quiet.records();
                ev.extend(
                    p.opening_events()
                        .iter()
                        .filter(|e| records || !matches!(e, PatrolEvent::Rolled { .. }))
                        .cloned()
                        .map(|event| CareerEvent::Patrol { patrol: event }),
                );
                if !records {
                    p.quiet();
                }
                self.duty.patrol = Some(Box::new(p));
                self.phase = Phase::Patrol;
            }
            Err(e) => {
                Self::note(ev, "6.2", format!("the patrol cannot be built: {e}"));
                self.end_career(super::victory::EndCause::WarOver, ev);
            }
        }
    }
}
