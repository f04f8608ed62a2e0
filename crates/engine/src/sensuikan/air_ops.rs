//! The submarine's own aircraft: the Aviation Module [7.17] that flies the reconnaissance [7.1] and
//! bombing [7.7] missions over the maps P7-P12, and the reconnaissance launch offered in an on-station
//! box of any patrol [7.15]. (Enemy aircraft attacking the submarine are `aviation.rs`.)
//!
//! Our readings where the rules are silent (checklist "Gaps" 15): take-off is 2d6 on P1 and only a 2 or
//! 12 goes to the mishaps section; an aircraft that turns back (weather, damage, engine trouble) flies
//! straight to its recovery roll; aircraft of a multi-aircraft boat fly the mission one after another.

use periscope_data::sensuikan::catalog::catalogs::{MissionKind, Month, SubmarineClass};
use periscope_data::sensuikan::charts::{
    AaResult, AirCombat, AirEncounter, AircraftRecovery, Charts, MissionMap, P3Key, StepKind, System,
    Takeoff, Wound,
};
use serde::{Deserialize, Serialize};

use super::events::PatrolEvent;
use super::options::MissionPlan;
use super::reading::{answer, chart_roll};
use super::{Ask, BoxKind, Patrol, PatrolAction, PatrolError, Phase, RollPurpose, choice, out};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec};
use crate::roll::{Modifier, RollRecord};

/// The classes that may fly the Panama Canal bombing (map P12) [7.7].
const PANAMA_CLASSES: [&str; 2] = ["type_a_mod", "sen_toku"];

/// A roll of the Aviation Module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AirRoll {
    /// P1 take-off, 2d6 [7.17 seq 2].
    Takeoff,
    /// P1 mishaps and malfunctions after a take-off 2 or 12.
    Mishap,
    /// B7 wound of the pilot of an aircraft that crashed on launch.
    PilotWound,
    /// P3 in the current circle of the map [7.17 seq 3].
    Encounter,
    /// P4 against a fighter.
    AirCombat,
    /// P5 anti-aircraft fire.
    AaFire,
    /// P6 in the Target Box [7.17 seq 3].
    Bombing,
    /// P2 after the flight [7.17 seq 4] [7.15].
    Recovery,
}

/// One pilot aboard, with his F3 skill [4.8.3] [7.17 seq 6].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pilot {
    pub skill: String,
    pub wound: Option<Wound>,
    /// Killed or missing: replaced through F3 at the next base [7.17 seq 5].
    pub lost: bool,
}

/// An aircraft in the air.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flight {
    /// Index into the pilots.
    pub pilot: usize,
    /// The module map of a mission flight; `None` for a reconnaissance launch over the box [7.15].
    pub map: Option<String>,
    /// The circle of the map the aircraft is in.
    pub step: usize,
    /// Airborne over the box while its encounter rolls are made [7.15].
    pub over_box: bool,
    /// Turned back (weather, damage, engine trouble): straight to recovery [7.17 seq 3].
    pub turned_back: bool,
    /// P1 radio failure: a reconnaissance launch over the box brings no additional encounter roll.
    pub radio_failure: bool,
    /// The keen observer's re-roll of one P3 encounter is spent.
    pub keen_used: bool,
}

/// The boat's aircraft and pilots during a patrol.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct AirWing {
    /// Aircraft aboard; each hangar hit destroys one [7.15].
    pub aircraft: u8,
    pub pilots: Vec<Pilot>,
    pub flight: Option<Flight>,
    /// The box (route position) where the launch was last offered [7.15].
    pub offered_at: Option<usize>,
    /// Pilots still to fly the mission (indexes).
    pub queue: Vec<usize>,
    /// The mission's flights were flown (or could not launch) [7.1] [7.7].
    pub mission_flown: bool,
    /// Mission aircraft that survived, recovered or not [7.1].
    pub survivors: u8,
    /// The bombs were dropped [7.7].
    pub bombed: bool,
}

impl AirWing {
    /// The aircraft and pilots aboard at sailing: the class's aircraft unless removed [7.12], one pilot each
    /// with the career's F3 skill (none outside a career) [7.17 seq 6].
    pub fn aboard(class: &SubmarineClass, month: Month, skills: &[String]) -> Self {
        if !class.has_aviation(month) {
            return Self::default();
        }
        let pilots = (0..usize::from(class.aircraft))
            .map(|i| Pilot {
                skill: skills.get(i).cloned().unwrap_or_else(|| "none".into()),
                wound: None,
                lost: false,
            })
            .collect();
        Self {
            aircraft: class.aircraft,
            pilots,
            ..Self::default()
        }
    }

    /// Pilots able to fly: not lost, not SW or KIA [7.15].
    fn fit_pilots(&self) -> Vec<usize> {
        self.pilots
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.lost && !out(p.wound))
            .map(|(i, _)| i)
            .collect()
    }

    /// The indexes of pilots killed or missing on this patrol (the career replaces them) [7.17 seq 5].
    pub fn lost_pilots(&self) -> Vec<u8> {
        self.pilots
            .iter()
            .enumerate()
            .filter(|(_, p)| p.lost)
            .filter_map(|(i, _)| u8::try_from(i).ok())
            .collect()
    }
}

/// Whether a class can fly an aviation mission in `month`: it needs aircraft [7.1] [7.7] [7.14], and only
/// Type A (Modified) and Sen-Toku are given the Panama Canal bombing (map P12) [7.7].
pub fn can_fly(class: &SubmarineClass, kind: MissionKind, map: Option<&str>, month: Month) -> bool {
    let panama = kind == MissionKind::Bombing && map == Some("P12");
    class.has_aviation(month) && (!panama || PANAMA_CLASSES.contains(&class.id.as_str()))
}

/// The module map P7-P12 by id.
fn mission_map<'a>(charts: &'a Charts, id: &str) -> Option<&'a MissionMap> {
    Some(match id {
        "P7" => &charts.p7,
        "P8" => &charts.p8,
        "P9" => &charts.p9,
        "P10" => &charts.p10,
        "P11" => &charts.p11,
        "P12" => &charts.p12,
        _ => return None,
    })
}

impl Patrol {
    /// The patrol's aircraft, for views and tests.
    pub fn air_wing(&self) -> &AirWing {
        &self.air
    }

    /// The kind of aviation mission the patrol flies, if it flies one.
    fn air_mission_kind(&self) -> Option<MissionKind> {
        match self.options.mission {
            MissionPlan::Reconnaissance => Some(MissionKind::Reconnaissance),
            MissionPlan::Bombing => Some(MissionKind::Bombing),
            _ => None,
        }
    }

    /// The operations-map area a module map belongs to: its location's area, or the area it names.
    fn map_area<'a>(&'a self, location: &'a str) -> &'a str {
        self.data
            .catalog
            .map
            .location(location)
            .map_or(location, |l| l.area.as_str())
    }

    /// The aviation mission's map [7.17 seq 1]: the one on the area's Major Event marker, or else the
    /// area's own map of that kind (P7-P10 reconnaissance, P11-P12 bombing): Panama is bombed on P12 and
    /// the West Coast on P11 whatever the boat [7.7]. An area without such a map has no mission to fly.
    pub(crate) fn air_mission_map(&self) -> Option<String> {
        let kind = self.air_mission_kind()?;
        let marker = self
            .data
            .catalog
            .event_in(&self.options.area, self.month)
            .and_then(|e| e.missions.iter().find(|m| m.kind == kind))
            .and_then(|m| m.map.clone());
        if marker.is_some() {
            return marker;
        }
        let (_, numbers) = kind.map_series()?;
        numbers.map(|n| format!("P{n}")).find(|id| {
            mission_map(&self.data.charts, id).is_some_and(|m| {
                let bombing = m.steps.iter().any(|s| s.kind == StepKind::Target);
                self.map_area(&m.location) == self.options.area && bombing == (kind == MissionKind::Bombing)
            })
        })
    }

    /// [7.1] [7.7] [7.14] Whether this boat flies its aviation mission (otherwise a normal patrol): it has
    /// aircraft, the area has a map for the mission, and Panama is only for Type A (Modified) and
    /// Sen-Toku [7.7].
    pub(crate) fn flies_air_mission(&self) -> bool {
        match (self.air_mission_kind(), self.air_mission_map()) {
            (Some(kind), Some(map)) => can_fly(&self.class, kind, Some(map.as_str()), self.month),
            _ => false,
        }
    }

    /// [7.15] Aircraft that can launch now: one aboard, a fit pilot, the hangar neither damaged nor INOP.
    fn launch_ready(&self) -> Option<usize> {
        if self.air.aircraft == 0 || !self.boat.working(System::Hangar) {
            return None;
        }
        self.air.fit_pilots().first().copied()
    }

    /// [7.15] Before an on-station box's encounter roll: offer the reconnaissance launch. Returns whether
    /// the decision is now asked.
    pub(crate) fn offer_launch(&mut self) -> bool {
        let on_station = self.current_box().is_some_and(|b| b.kind == BoxKind::OnStation);
        if !on_station
            || self.air.flight.is_some()
            || self.air.offered_at == Some(self.voyage.position)
            || self.launch_ready().is_none()
        {
            return false;
        }
        self.air.offered_at = Some(self.voyage.position);
        self.phase = Phase::Decide { ask: Ask::Launch };
        true
    }

    pub(crate) fn launch_choices(&self) -> Decision<PatrolAction> {
        let crane = if self.boat.working(System::Crane) {
            ""
        } else {
            " (the crane is out: it cannot be recovered)"
        };
        Decision::new(
            format!("Launch the aircraft to reconnoitre this box?{crane}"),
            "7.15",
            vec![
                choice(
                    PatrolAction::Launch { launch: true },
                    "Launch: take-off on P1, one more encounter roll here, recovery on P2",
                    "7.15",
                ),
                choice(
                    PatrolAction::Launch { launch: false },
                    "Keep the aircraft in its hangar",
                    "7.15",
                ),
            ],
        )
    }

    /// [7.15] The launch decision.
    pub(crate) fn launch_decision(&mut self, launch: bool, ev: &mut Vec<PatrolEvent>) {
        match self.launch_ready().filter(|_| launch) {
            Some(pilot) => {
                self.air.flight = Some(Flight {
                    pilot,
                    map: None,
                    step: 0,
                    over_box: false,
                    turned_back: false,
                    radio_failure: false,
                    keen_used: false,
                });
                self.note_air(
                    format!("pilot {} takes off to reconnoitre the box [7.15]", pilot + 1),
                    ev,
                );
                self.air_roll(AirRoll::Takeoff);
            }
            None => self.box_encounter_roll(),
        }
    }

    /// [7.1] [7.7] [7.17] The mission box of an aviation mission: every aircraft that can launch flies the
    /// map in turn. Returns whether a flight started; if none can launch the mission fails and the box
    /// rolls as usual.
    pub(crate) fn start_air_mission(&mut self, ev: &mut Vec<PatrolEvent>) -> bool {
        if !self.flies_air_mission() || self.air.mission_flown {
            return false;
        }
        self.air.mission_flown = true;
        let mut queue = if self.boat.working(System::Hangar) {
            self.air.fit_pilots()
        } else {
            Vec::new()
        };
        queue.truncate(usize::from(self.air.aircraft));
        let map = self.air_mission_map().unwrap_or_default();
        if queue.is_empty() {
            self.note_air(
                "no aircraft can launch (hangar out, no aircraft or no fit pilot): the mission fails [7.15]"
                    .into(),
                ev,
            );
            return false;
        }
        self.note_air(
            if queue.len() == 1 {
                format!("the Aviation Module over map {map}: the aircraft flies [7.17]")
            } else {
                format!(
                    "the Aviation Module over map {map}: {} aircraft fly in turn [7.17]",
                    queue.len()
                )
            },
            ev,
        );
        queue.reverse();
        self.air.queue = queue;
        self.next_mission_flight(ev)
    }

    /// Launches the next queued mission aircraft, or ends the mission's flights.
    fn next_mission_flight(&mut self, ev: &mut Vec<PatrolEvent>) -> bool {
        let map = self.air_mission_map().unwrap_or_default();
        let ready = self.air.aircraft > 0 && self.boat.working(System::Hangar);
        match self.air.queue.pop().filter(|_| ready) {
            Some(pilot) => {
                self.air.flight = Some(Flight {
                    pilot,
                    map: Some(map),
                    step: 0,
                    over_box: false,
                    turned_back: false,
                    radio_failure: false,
                    keen_used: false,
                });
                self.note_air(format!("pilot {} takes off [7.17 seq 2]", pilot + 1), ev);
                self.air_roll(AirRoll::Takeoff);
                true
            }
            None => {
                self.air.queue.clear();
                false
            }
        }
    }

    fn air_roll(&mut self, roll: AirRoll) {
        self.phase = Phase::Roll {
            purpose: RollPurpose::Aviation { step: roll },
        };
    }

    fn box_encounter_roll(&mut self) {
        self.phase = Phase::Roll {
            purpose: RollPurpose::Encounter,
        };
    }

    fn note_air(&self, what: String, ev: &mut Vec<PatrolEvent>) {
        ev.push(PatrolEvent::Aviation { what });
    }

    fn pilot_skill(&self, skill: &str) -> bool {
        self.air
            .flight
            .as_ref()
            .and_then(|f| self.air.pilots.get(f.pilot))
            .is_some_and(|p| p.skill == skill)
    }

    fn skill_mod(&self, skill: &str, value: i32, reason: &str) -> Vec<Modifier> {
        if self.pilot_skill(skill) {
            vec![Modifier::new(value, reason, "4.8.3")]
        } else {
            Vec::new()
        }
    }

    /// The current circle's kind, for a mission flight.
    fn circle(&self) -> Option<StepKind> {
        let f = self.air.flight.as_ref()?;
        let map = mission_map(&self.data.charts, f.map.as_deref()?)?;
        map.steps.get(f.step).map(|s| s.kind)
    }

    pub(crate) fn air_roll_spec(&self, roll: AirRoll) -> RollSpec {
        let c = &self.data.charts;
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match roll {
            AirRoll::Takeoff => s(Dice::from(c.p1.takeoff.dice), "P1", "7.17", "Take-off"),
            AirRoll::Mishap => s(
                Dice::from(c.p1.mishaps.dice),
                "P1 mishaps",
                "7.17",
                "Mishap on take-off",
            ),
            AirRoll::PilotWound => s(
                Dice::from(c.b7.wound.dice),
                "B7 wound",
                "7.17",
                "The pilot's wound",
            ),
            AirRoll::Encounter => s(Dice::from(c.p3.table.dice), "P3", "7.17", "Aviation encounter"),
            AirRoll::AirCombat => s(Dice::from(c.p4.chart.dice), "P4", "7.17", "Air combat"),
            AirRoll::AaFire => s(Dice::from(c.p5.chart.dice), "P5", "7.17", "Anti-aircraft fire"),
            AirRoll::Bombing => s(Dice::from(c.p6.chart.dice), "P6", "7.17", "Bombing run"),
            AirRoll::Recovery => s(Dice::from(c.p2.chart.dice), "P2", "7.17", "Recover the aircraft"),
        }
    }

    /// Every roll of the module lands here.
    pub(crate) fn resolve_air_ops(
        &mut self,
        roll: AirRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match roll {
            AirRoll::Takeoff => {
                let (rec, r) = chart_roll(&self.data.charts.p1.takeoff, "P1", "7.17", faces, vec![])?;
                if self.quiet.records() {
                    self.record(rec.with_outcome(super::words::name(&r)), ev);
                }
                match r {
                    Takeoff::Airborne => self.airborne(ev),
                    Takeoff::Mishap => self.air_roll(AirRoll::Mishap),
                }
            }
            AirRoll::Mishap => self.resolve_mishap(faces, ev)?,
            AirRoll::PilotWound => {
                let (rec, w) = chart_roll(&self.data.charts.b7.wound, "B7 wound", "7.17", faces, vec![])?;
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(format!("the pilot: {}", super::words::wound(w))),
                        ev,
                    );
                }
                if let Some(pilot) = self.flying_pilot() {
                    pilot.wound = Some(w);
                    pilot.lost = w == Wound::Kia;
                }
                self.flight_over(ev);
            }
            AirRoll::Encounter => self.resolve_air_encounter(faces, ev)?,
            AirRoll::AirCombat => {
                let mods = self.skill_mod("ace_pilot", 2, "ace pilot");
                let (rec, r) = chart_roll(&self.data.charts.p4.chart, "P4", "7.17", faces, mods)?;
                if self.quiet.records() {
                    self.record(rec.with_outcome(super::words::name(&r)), ev);
                }
                match r {
                    AirCombat::ShotDown => self.shot_down("a fighter", ev),
                    AirCombat::Damaged => self.turn_back("damaged by a fighter: it aborts [7.17]", ev),
                    AirCombat::Escapes => self.circle_passed(ev),
                }
            }
            AirRoll::AaFire => {
                let (rec, r) = chart_roll(&self.data.charts.p5.chart, "P5", "7.17", faces, vec![])?;
                if self.quiet.records() {
                    self.record(rec.with_outcome(super::words::name(&r)), ev);
                }
                match r {
                    AaResult::ShotDown => self.shot_down("anti-aircraft fire", ev),
                    AaResult::Damaged => {
                        self.turn_back("damaged by anti-aircraft fire: it aborts [7.17]", ev)
                    }
                    AaResult::NoEffect => self.circle_passed(ev),
                }
            }
            // [4.6.4] Only a bombing flight carries bombs: P6 in its Target Box.
            AirRoll::Bombing => {
                let mods = self.skill_mod("bomb_aimer", 1, "bomb aimer");
                let (rec, r) = chart_roll(&self.data.charts.p6.chart, "P6", "7.17", faces, mods)?;
                if self.quiet.records() {
                    self.record(rec.with_outcome(super::words::name(&r)), ev);
                }
                // [7.7] The mission succeeds once the bombs are dropped, whatever they hit.
                self.air.bombed = true;
                self.note_air(
                    format!("bombs dropped on the target: {} [7.7]", super::words::name(&r)),
                    ev,
                );
                self.next_circle(ev);
            }
            AirRoll::Recovery => self.resolve_recovery(faces, ev)?,
        }
        Ok(())
    }

    /// P1 mishaps (our reconstructed table; the effects are its rows').
    fn resolve_mishap(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        let (rec, m) = chart_roll(&self.data.charts.p1.mishaps, "P1 mishaps", "7.17", faces, vec![])?;
        if self.quiet.records() {
            self.record(rec.with_outcome(m.name.clone()), ev);
        }
        match m.id.as_str() {
            "crash_on_launch" => {
                self.air.aircraft = self.air.aircraft.saturating_sub(1);
                self.note_air("the aircraft crashes on launch and is lost".into(), ev);
                self.air_roll(AirRoll::PilotWound);
            }
            "catapult_fault" => {
                self.note_air("catapult fault: no launch in this box".into(), ev);
                self.flight_over(ev);
            }
            "engine_trouble" => self.turn_back("engine trouble: it turns back at once", ev),
            "slow_assembly" => {
                // The boat lingers on the surface: one more encounter roll in this box.
                self.voyage.rolls_left = self.voyage.rolls_left.saturating_add(1);
                self.note_air("slow assembly: one more encounter roll in this box".into(), ev);
                self.airborne(ev);
            }
            "radio_failure" => {
                if let Some(f) = self.air.flight.as_mut() {
                    f.radio_failure = true;
                }
                self.airborne(ev);
            }
            _ => self.airborne(ev),
        }
        Ok(())
    }

    /// The aircraft is in the air: over the box [7.15] or into the map's first circle [7.17 seq 3].
    fn airborne(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(f) = self.air.flight.as_mut() else {
            self.box_encounter_roll();
            return;
        };
        if f.map.is_some() {
            self.air_roll(AirRoll::Encounter);
            return;
        }
        f.over_box = true;
        if f.radio_failure {
            self.note_air(
                "radio failure: no report, no additional encounter roll".into(),
                ev,
            );
        } else {
            // [7.15] A reconnaissance launch grants an additional encounter roll in this box.
            self.voyage.rolls_left = self.voyage.rolls_left.saturating_add(1);
            self.note_air(
                "airborne: one additional encounter roll in this box [7.15]".into(),
                ev,
            );
        }
        self.box_encounter_roll();
    }

    /// [7.17 seq 3] P3 in the current circle; the keen observer re-rolls the first encounter.
    fn resolve_air_encounter(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let key = match self.circle() {
            Some(StepKind::Reconnaissance) => P3Key::Reconnaissance,
            Some(StepKind::Target) => P3Key::Target,
            _ => P3Key::Transit,
        };
        let rec = RollRecord::new(
            "P3",
            "7.17",
            Dice::from(self.data.charts.p3.table.dice),
            faces,
            vec![],
            (2, 12),
        );
        let enc = *answer(
            self.data.charts.p3.table.lookup(&key, self.month, rec.result),
            "P3",
            format_args!("{key} row for {} in {}", rec.result, self.month),
        )?;
        if self.quiet.records() {
            self.record(
                rec.with_outcome(format!("{} ({key})", super::words::name(&enc))),
                ev,
            );
        }
        let keen = enc != AirEncounter::None
            && self.pilot_skill("keen_observer")
            && self.air.flight.as_ref().is_some_and(|f| !f.keen_used);
        if keen {
            if let Some(f) = self.air.flight.as_mut() {
                f.keen_used = true;
            }
            self.note_air("the keen observer re-rolls the encounter [4.8.3]".into(), ev);
            self.air_roll(AirRoll::Encounter);
            return Ok(());
        }
        match enc {
            AirEncounter::None => self.circle_passed(ev),
            AirEncounter::Weather => self.turn_back("bad weather: it turns back", ev),
            AirEncounter::Fighter => self.air_roll(AirRoll::AirCombat),
            AirEncounter::AaFire => self.air_roll(AirRoll::AaFire),
        }
        Ok(())
    }

    /// The circle's encounter is over: bomb in the Target Box [7.7], then fly on.
    fn circle_passed(&mut self, ev: &mut Vec<PatrolEvent>) {
        match self.circle() {
            Some(StepKind::Target) => self.air_roll(AirRoll::Bombing),
            Some(StepKind::Reconnaissance) => {
                self.note_air("the objective is reconnoitred [7.1]".into(), ev);
                self.next_circle(ev);
            }
            _ => self.next_circle(ev),
        }
    }

    fn next_circle(&mut self, ev: &mut Vec<PatrolEvent>) {
        let circles = self
            .air
            .flight
            .as_ref()
            .and_then(|f| f.map.as_deref())
            .and_then(|m| mission_map(&self.data.charts, m))
            .map_or(0, |m| m.steps.len());
        let Some(f) = self.air.flight.as_mut() else {
            return;
        };
        f.step += 1;
        if f.step >= circles {
            // [7.17 seq 4] After the final transit box: recovery.
            self.note_air("back over the submarine: recovery [7.17]".into(), ev);
            self.air_roll(AirRoll::Recovery);
        } else {
            self.air_roll(AirRoll::Encounter);
        }
    }

    /// [7.17 seq 3] A damaged aircraft (or one turned back) aborts and flies to its recovery.
    fn turn_back(&mut self, why: &str, ev: &mut Vec<PatrolEvent>) {
        if let Some(f) = self.air.flight.as_mut() {
            f.turned_back = true;
        }
        self.note_air(why.into(), ev);
        self.air_roll(AirRoll::Recovery);
    }

    /// The pilot of the aircraft in the air.
    fn flying_pilot(&mut self) -> Option<&mut Pilot> {
        let p = self.air.flight.as_ref()?.pilot;
        self.air.pilots.get_mut(p)
    }

    /// Aircraft and pilot lost (the pilot is killed or missing) [7.17 seq 5].
    fn lose_aircraft_and_pilot(&mut self) {
        self.air.aircraft = self.air.aircraft.saturating_sub(1);
        if let Some(pilot) = self.flying_pilot() {
            pilot.lost = true;
        }
    }

    fn shot_down(&mut self, by: &str, ev: &mut Vec<PatrolEvent>) {
        self.lose_aircraft_and_pilot();
        self.note_air(
            format!(
                "shot down by {by}: aircraft and crew lost; a new pilot (F3) and aircraft at base [7.17]"
            ),
            ev,
        );
        self.flight_over(ev);
    }

    /// [7.17 seq 4] [7.15] P2 has two outcomes: a failed recovery loses aircraft and crew; a successful one
    /// brings both aboard, except that with the crane damaged or INOP the aircraft cannot come aboard and
    /// only its crew is picked up.
    fn resolve_recovery(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        let mods = self.skill_mod("skilled_navigator", 1, "skilled navigator");
        let (rec, r) = chart_roll(&self.data.charts.p2.chart, "P2", "7.17", faces, mods)?;
        let crane = self.boat.working(System::Crane);
        let r = match r {
            AircraftRecovery::Lost => AircraftRecovery::Lost,
            _ if !crane => AircraftRecovery::CrewRescued,
            _ => AircraftRecovery::Recovered,
        };
        let outcome = match r {
            AircraftRecovery::Recovered => "recovered: aircraft and crew aboard",
            AircraftRecovery::CrewRescued => {
                "a successful recovery, but the crane is out: the crew is picked up, the aircraft abandoned"
            }
            AircraftRecovery::Lost => "the recovery fails: aircraft and crew are lost",
        };
        if self.quiet.records() {
            self.record(rec.with_outcome(outcome), ev);
        }
        let mission = self.air.flight.as_ref().is_some_and(|f| f.map.is_some());
        match r {
            AircraftRecovery::Recovered => {
                self.note_air("the aircraft is recovered [7.17]".into(), ev);
            }
            AircraftRecovery::CrewRescued => {
                self.air.aircraft = self.air.aircraft.saturating_sub(1);
                self.note_air(
                    "the crane is out: the crew is picked up from the water and the aircraft left behind [7.17]"
                        .into(),
                    ev,
                );
            }
            AircraftRecovery::Lost => {
                self.lose_aircraft_and_pilot();
                self.note_air(
                    "recovery failed: aircraft and crew lost; a new pilot (F3) and aircraft at base [7.17]"
                        .into(),
                    ev,
                );
            }
        }
        // [7.1] A mission aircraft that flew its mission and came back to the submarine survived it,
        // whether the recovery then succeeds or not: the reconnaissance never depends on the recovery.
        if mission {
            self.air.survivors = self.air.survivors.saturating_add(1);
        }
        self.flight_over(ev);
        Ok(())
    }

    /// The flight is over: the next mission aircraft, the end of the mission box, or back to the box.
    fn flight_over(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(f) = self.air.flight.take() else {
            return;
        };
        if f.map.is_some() {
            if !self.next_mission_flight(ev) {
                // [7.17] The module done, the patrol goes on from the next box.
                self.voyage.rolls_left = 0;
                self.box_done(ev);
            }
            return;
        }
        if f.over_box {
            // The box's encounters are done: the next box.
            self.next_box(ev);
        } else {
            // No flight after all: the box's own encounter roll.
            self.box_encounter_roll();
        }
    }

    /// [7.15] The box's encounter rolls are over with the aircraft airborne: recover it before moving on.
    /// Returns whether the recovery roll is now due.
    pub(crate) fn recover_before_leaving(&mut self) -> bool {
        if self
            .air
            .flight
            .as_ref()
            .is_some_and(|f| f.over_box && f.map.is_none())
        {
            self.air_roll(AirRoll::Recovery);
            return true;
        }
        false
    }

    /// [7.15] An aviation encounter while the aircraft is airborne over the box: it is lost.
    pub(crate) fn own_aircraft_caught(&mut self, ev: &mut Vec<PatrolEvent>) {
        if !self.air.flight.as_ref().is_some_and(|f| f.over_box) {
            return;
        }
        self.lose_aircraft_and_pilot();
        self.air.flight = None;
        self.note_air(
            "enemy aircraft while our aircraft is airborne: it is lost with its crew [7.15]".into(),
            ev,
        );
    }

    /// [7.15] Each hangar hit destroys one aircraft — one stowed in the hangar (our reading): an aircraft in
    /// the air is not in the hangar, so a hit while the only aircraft is airborne destroys none, and the
    /// airborne aircraft may still be recovered.
    pub(crate) fn hangar_hit(&mut self, ev: &mut Vec<PatrolEvent>) {
        let airborne = u8::from(self.air.flight.is_some());
        let stowed = self.air.aircraft.saturating_sub(airborne);
        if stowed > 0 {
            self.air.aircraft -= 1;
            let left = stowed - 1;
            let what = match (left, airborne) {
                (0, 0) => "hangar hit: the aircraft in it is destroyed, none left aboard [7.15]".to_string(),
                (0, _) => {
                    "hangar hit: the aircraft in it is destroyed; only the one in the air is left [7.15]"
                        .to_string()
                }
                (n, _) => {
                    format!("hangar hit: an aircraft in it is destroyed, {n} left in the hangar [7.15]")
                }
            };
            self.note_air(what, ev);
        } else if airborne > 0 {
            self.note_air(
                "hangar hit with no aircraft in it: the aircraft in the air is not touched [7.15]".into(),
                ev,
            );
        }
    }

    /// [7.1] [7.7] The mission's outcome: reconnaissance needs a surviving aircraft, bombing the bombs
    /// dropped.
    pub(crate) fn air_mission_success(&self) -> bool {
        match self.options.mission {
            MissionPlan::Bombing => self.air.bombed,
            _ => self.air.survivors > 0,
        }
    }
}
