//! The Midget Submarine Module [7.16] and the midget attack mission [7.3].
//!
//! In the mission box the Type C releases its midget and play passes to the harbour map (M1-M4) of the
//! Major Event. The midget crosses the map's circles in order: one M5 roll in every transit circle and in
//! the Target Box, a roll to cross each net or detector loop, M6 events when M5 calls for them, the
//! standard escort detection (B4) and attack (B5) when a patrol boat is alerted, and in the Target Box an
//! attack with its two Type 97 torpedoes, always submerged, -1 to hit (B1) and -1 to damage (B3) against
//! ships at anchor (`midget_attack.rs`). After the last circle 1d6 on M7 recovers it or not. The whole
//! module is the mission box's encounter [12.0].

use periscope_data::sensuikan::charts::{
    M5Key, MidgetEncounter, MidgetRecovery, Range, Ship, StepKind, System, TorpedoKind,
};
use serde::{Deserialize, Serialize};

use super::events::PatrolEvent;
use super::options::MissionPlan;
use super::reading::{answer, chart_roll, defective};
use super::{Patrol, PatrolError, Phase, RollPurpose, out};
use crate::dice::Dice;
use crate::machine::RollSpec;
use crate::roll::{Modifier, RollRecord};

/// F2 skills of the midget commander that the module applies [4.8.2] [7.16].
const SUPERIOR_COMMUNICATIONS: &str = "superior_communications";
const STEADY_HELMSMAN: &str = "steady_helmsman";
const COOL_NERVES: &str = "cool_nerves";

/// A roll of the midget module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MidgetRoll {
    /// M5 in the current circle (its column: transit, net, detector loop or target).
    Encounter,
    /// M6.
    Event,
    /// After striking the bottom: 1-3 another hull box and roll again, 4-6 free (M6).
    Aground,
    /// After broaching: 4-6 she regains depth, 1-3 a patrol boat rolls to detect (M6).
    Broach,
    /// The ship at anchor the Target Box shows: T4, T3 or T2 (M5 note).
    Ship,
    /// B1 for the next torpedo.
    ToHit,
    /// B2 for the next hit.
    Defective,
    /// B3 for the next good hit.
    Damage,
    /// B4: does the patrol boat detect the midget?
    Detection,
    /// B5: the patrol boat's attack.
    Attack,
    /// M7 after the final transit circle.
    Recovery,
}

/// The ship class the Target Box's M5 roll found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnchoredKind {
    Capital,
    Warship,
    Large,
}

/// The midget's run through the harbour map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MidgetRun {
    /// The harbour map (`M1`).
    pub map: String,
    /// Index of the current circle on the map.
    pub step: usize,
    pub hull: u8,
    pub hull_boxes: u8,
    /// Type 97 torpedoes still usable [4.5].
    pub torpedoes: u8,
    /// The midget commander's F2 skill, if any [4.8.2].
    pub skill: Option<String>,
    /// Skills already used on this run (steady helmsman, cool nerves).
    pub skill_used: bool,
    /// M6 rolls still to make in this circle.
    pub events_left: u8,
    /// Gyrocompass failure: this circle's encounter is rolled again (M6).
    pub again: bool,
    /// Strong current: set back to the previous circle (M6).
    pub back: bool,
    /// Gap in the defences: the next circle has no encounter roll (M6).
    pub skip_next: bool,
    /// Motor trouble: +1 on the torpedoes' hit rolls (M6).
    pub motor_trouble: bool,
    /// Light wounds among the midget's crew (M6 battery fumes).
    pub crew_wounds: u8,
    /// The ship found in the Target Box.
    pub anchored: Option<AnchoredKind>,
    pub target: Option<Ship>,
    pub target_damage: u8,
    pub range: Range,
    /// Torpedo hit rolls still to make, hits waiting for B2, good hits waiting for B3.
    pub to_fire: u8,
    pub hits: u8,
    pub good: u8,
    /// The detection roll in progress: its range and whether the boat detected the midget before.
    pub detect_range: Range,
    pub detected_before: bool,
    /// The detection roll in progress is the short-range approach's, before firing [7.16] [8.2.1].
    #[serde(default)]
    pub approaching: bool,
    /// The midget fired at a ship: the mission succeeded [7.3].
    pub attacked: bool,
    pub lost: bool,
}

impl Patrol {
    /// The midget's run, while it is under way or after it.
    pub fn midget(&self) -> Option<&MidgetRun> {
        self.mission.midget.as_ref()
    }

    /// [7.3] [8.5.9] The midget crew rides aboard until release and counts as a passenger on B7.
    pub(crate) fn midget_aboard(&mut self, ev: &mut Vec<PatrolEvent>) {
        if self.class.midget {
            self.mission.passenger = Some(None);
            ev.push(PatrolEvent::Mission {
                what: format!(
                    "the midget submarine aboard with {} Type 97 torpedoes [4.5] [7.16]",
                    self.data.catalog.midget.torpedoes
                ),
            });
        }
    }

    /// The harbour map of the patrol's Major Event: the event in the area with a midget mission (this
    /// month's first), else the map of the area's own location [7.16].
    pub(crate) fn harbour_map(&self) -> Option<String> {
        let midget_map = |active: bool| {
            self.data
                .catalog
                .events
                .iter()
                .filter(|e| e.area == self.options.area && (!active || e.active_in(self.month)))
                .flat_map(|e| e.missions.iter())
                .find(|m| m.kind == periscope_data::sensuikan::catalog::catalogs::MissionKind::MidgetAttack)
                .and_then(|m| m.map.clone())
        };
        midget_map(true).or_else(|| midget_map(false)).or_else(|| {
            [
                &self.data.charts.m1,
                &self.data.charts.m2,
                &self.data.charts.m3,
                &self.data.charts.m4,
            ]
            .into_iter()
            .find(|m| m.location == self.options.area)
            .map(|m| m.id.clone())
        })
    }

    pub(crate) fn harbour(&self, id: &str) -> Option<&periscope_data::sensuikan::charts::MissionMap> {
        match id {
            "M1" => Some(&self.data.charts.m1),
            "M2" => Some(&self.data.charts.m2),
            "M3" => Some(&self.data.charts.m3),
            "M4" => Some(&self.data.charts.m4),
            _ => None,
        }
    }

    pub(crate) fn midget_step(&self) -> Option<StepKind> {
        let run = self.mission.midget.as_ref()?;
        self.harbour(&run.map)?.steps.get(run.step).map(|s| s.kind)
    }

    /// [7.3] [7.16] The mission box of a midget attack: release the midget, or say why it cannot be
    /// deployed (the craft damaged, or its crew SW or KIA before the mission box). Returns whether the
    /// module runs; if not, the box rolls its encounter as usual.
    pub(crate) fn start_midget(&mut self, ev: &mut Vec<PatrolEvent>) -> bool {
        if self.options.mission != MissionPlan::MidgetAttack
            || self.mission.midget.is_some()
            || !self.class.midget
        {
            return false;
        }
        let crew_out = out(self.mission.passenger.flatten());
        let craft_damaged = !self.boat.working(System::DeckCargo);
        // The harbour map and its title, when the Major Event's map is one of M1-M4.
        let harbour = self
            .harbour_map()
            .and_then(|id| self.harbour(&id).map(|m| (id.clone(), m.title.clone())));
        let why = if craft_damaged {
            Some("the midget submarine is damaged")
        } else if crew_out {
            Some("the midget's crew is seriously wounded or dead")
        } else if harbour.is_none() {
            Some("no harbour map for this area")
        } else {
            None
        };
        if let Some(why) = why {
            ev.push(PatrolEvent::Mission {
                what: format!("{why}: it cannot be deployed, the mission fails [7.3]"),
            });
            self.mission.success = Some(false);
            self.mission.passenger = None;
            return false;
        }
        let Some((map, title)) = harbour else {
            return false;
        };
        let skill = self.options.crew.midget_skill.clone().filter(|s| s != "none");
        self.mission.passenger = None;
        self.mission.midget = Some(MidgetRun {
            map: map.clone(),
            step: 0,
            hull: 0,
            hull_boxes: self.data.catalog.midget.hull_boxes.max(1),
            torpedoes: self.data.catalog.midget.torpedoes,
            skill: skill.clone(),
            skill_used: false,
            events_left: 0,
            again: false,
            back: false,
            skip_next: false,
            motor_trouble: false,
            crew_wounds: 0,
            anchored: None,
            target: None,
            target_damage: 0,
            range: Range::Medium,
            to_fire: 0,
            hits: 0,
            good: 0,
            detect_range: Range::Medium,
            detected_before: false,
            approaching: false,
            attacked: false,
            lost: false,
        });
        ev.push(PatrolEvent::Mission {
            what: format!(
                "the midget submarine is released: {map} {title}, transit box 1{} [7.16]",
                skill
                    .map(|s| format!(", its commander's skill {}", super::words::school(&s)))
                    .unwrap_or_default()
            ),
        });
        self.voyage.rolls_left = 0;
        self.midget_roll(MidgetRoll::Encounter);
        true
    }

    pub(crate) fn midget_roll(&mut self, roll: MidgetRoll) {
        self.phase = Phase::Roll {
            purpose: RollPurpose::Midget { midget: roll },
        };
    }

    pub(crate) fn has_skill(&self, id: &str) -> bool {
        self.mission
            .midget
            .as_ref()
            .is_some_and(|r| r.skill.as_deref() == Some(id) && !r.skill_used)
    }

    pub(crate) fn use_skill(&mut self, ev: &mut Vec<PatrolEvent>, what: &str) {
        if let Some(r) = self.mission.midget.as_mut() {
            r.skill_used = true;
        }
        ev.push(PatrolEvent::Spent {
            what: format!("the midget commander's skill: {what} (F2) [4.8.2]"),
        });
    }

    /// The dice, chart, rule and reason of a module roll.
    pub(crate) fn midget_roll_spec(&self, roll: MidgetRoll) -> RollSpec {
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match roll {
            MidgetRoll::Encounter => {
                let what = match self.midget_step() {
                    Some(StepKind::Net) => "Cross the anti-submarine net",
                    Some(StepKind::DetectorLoop) => "Pass the detector loop",
                    Some(StepKind::Target) => "The Target Box: what lies at anchor?",
                    _ => "Midget encounter in this transit circle",
                };
                s(Dice::D2D6, "M5", "7.16", what)
            }
            MidgetRoll::Event => s(
                Dice::from(self.data.charts.m6.chart.dice),
                "M6",
                "7.16",
                "Midget event",
            ),
            MidgetRoll::Aground => s(Dice::D1D6, "M6", "7.16", "Aground: does she come free?"),
            MidgetRoll::Broach => s(Dice::D1D6, "M6", "7.16", "Broached: does she regain depth?"),
            MidgetRoll::Ship => match self.mission.midget.as_ref().and_then(|r| r.anchored) {
                Some(AnchoredKind::Capital) => s(Dice::D10, "T4", "7.16", "The capital ship at anchor"),
                Some(AnchoredKind::Warship) => s(
                    Dice::from(self.warship_list().dice),
                    "T3",
                    "7.16",
                    "The warship at anchor",
                ),
                _ => s(
                    Dice::from(self.data.charts.t2.chart.dice),
                    "T2",
                    "7.16",
                    "The ship at anchor",
                ),
            },
            MidgetRoll::ToHit => s(Dice::D2D6, "B1", "7.16", "Midget torpedo to hit"),
            MidgetRoll::Defective => s(Dice::D1D6, "B2", "7.16", "Is the Type 97 defective?"),
            MidgetRoll::Damage => s(Dice::D1D6, "B3", "7.16", "Midget torpedo damage"),
            MidgetRoll::Detection if self.mission.midget.as_ref().is_some_and(|r| r.approaching) => s(
                Dice::D2D6,
                "B4",
                "7.16",
                "Closing to short range: does the patrol boat detect the midget before she fires?",
            ),
            MidgetRoll::Detection => s(
                Dice::D2D6,
                "B4",
                "7.16",
                "Does the patrol boat detect the midget?",
            ),
            MidgetRoll::Attack => s(Dice::D2D6, "B5", "7.16", "The patrol boat attacks the midget"),
            MidgetRoll::Recovery => s(
                Dice::from(self.data.charts.m7.chart.dice),
                "M7",
                "7.16",
                "Recover the midget submarine",
            ),
        }
    }

    pub(crate) fn warship_list(&self) -> &periscope_data::chart::Chart<Ship> {
        if self.british() {
            &self.data.charts.t5.chart
        } else {
            &self.data.charts.t3.chart
        }
    }

    /// Every module roll lands here.
    pub(crate) fn resolve_midget(
        &mut self,
        roll: MidgetRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match roll {
            MidgetRoll::Encounter => self.midget_encounter(faces, ev)?,
            MidgetRoll::Event => self.midget_event(faces, ev)?,
            MidgetRoll::Aground => {
                let rec = RollRecord::new("M6 aground", "7.16", Dice::D1D6, faces, vec![], (1, 6));
                let stuck = rec.result <= 3;
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(if stuck {
                            "another hull box; roll again"
                        } else {
                            "she comes free"
                        }),
                        ev,
                    );
                }
                if stuck {
                    self.midget_hull(1, "struck the bottom", ev);
                    if !self.midget_is_lost() {
                        self.midget_roll(MidgetRoll::Aground);
                    }
                } else {
                    self.midget_events_done(ev);
                }
            }
            MidgetRoll::Broach => {
                let rec = RollRecord::new("M6 broach", "7.16", Dice::D1D6, faces, vec![], (1, 6));
                let seen = rec.result <= 3;
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(if seen {
                            "seen: a patrol boat rolls to detect at short range"
                        } else {
                            "she regains depth"
                        }),
                        ev,
                    );
                }
                if seen {
                    self.midget_detection(Range::Short);
                } else {
                    self.midget_events_done(ev);
                }
            }
            MidgetRoll::Ship => self.midget_ship(faces, ev)?,
            MidgetRoll::ToHit => self.midget_to_hit(faces, ev)?,
            MidgetRoll::Defective => {
                let (rec, ok) = defective(&self.data.charts.b2, TorpedoKind::Type97, self.month, faces)?;
                let mut rec = rec.with_outcome(if ok { "it explodes" } else { "defective" });
                rec.rule = "7.16".into();
                self.record(rec, ev);
                if let Some(r) = self.mission.midget.as_mut() {
                    r.hits = r.hits.saturating_sub(1);
                    r.good += u8::from(ok);
                }
                self.midget_next_shot(ev);
            }
            MidgetRoll::Damage => self.midget_damage(faces, ev)?,
            MidgetRoll::Detection => self.midget_detect(faces, ev)?,
            MidgetRoll::Attack => self.midget_attacked(faces, ev)?,
            MidgetRoll::Recovery => {
                let mut mods = Vec::new();
                if self.has_skill(SUPERIOR_COMMUNICATIONS) {
                    mods.push(Modifier::new(1, "Superior Communications (F2)", "4.8.2"));
                }
                let (rec, res) = chart_roll(&self.data.charts.m7.chart, "M7", "7.16", faces, mods)?;
                let recovered = res == MidgetRecovery::Recovered;
                if self.quiet.records() {
                    self.record(rec.with_outcome(if recovered { "recovered" } else { "lost" }), ev);
                }
                self.end_midget(recovered, ev);
            }
        }
        Ok(())
    }

    /// M5 in the current circle.
    pub(crate) fn midget_encounter(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let kind = self.midget_step().unwrap_or(StepKind::Transit);
        let key = match kind {
            StepKind::Net => M5Key::Net,
            StepKind::DetectorLoop => M5Key::DetectorLoop,
            StepKind::Target => M5Key::Target,
            _ => M5Key::Transit,
        };
        let rec = RollRecord::new("M5", "7.16", Dice::D2D6, faces, vec![], (2, 12));
        let enc = *answer(
            self.data.charts.m5.table.lookup(&key, self.month, rec.result),
            "M5",
            format_args!("{key} row for {} in {}", rec.result, self.month),
        )?;
        let place = self.midget_place();
        if self.quiet.records() {
            self.record(rec.with_outcome(format!("{} ({place})", encounter_text(enc))), ev);
        }
        use MidgetEncounter as E;
        // [F2] The steady helmsman tries a failed net crossing again.
        if key == M5Key::Net && matches!(enc, E::Entangled | E::PatrolBoat) && self.has_skill(STEADY_HELMSMAN)
        {
            self.use_skill(ev, "steady helmsman, the net crossing rolled again");
            self.midget_roll(MidgetRoll::Encounter);
            return Ok(());
        }
        match enc {
            E::None | E::Passes => self.midget_advance(ev),
            E::Event | E::TwoEvents => {
                if let Some(r) = self.mission.midget.as_mut() {
                    r.events_left = if enc == E::TwoEvents { 2 } else { 1 };
                }
                self.midget_roll(MidgetRoll::Event);
            }
            E::PatrolBoat | E::Alarm => self.midget_detection(Range::Medium),
            E::Entangled => {
                ev.push(PatrolEvent::Mission {
                    what: "the midget is caught in the net and trapped [7.16]".into(),
                });
                self.midget_lose(ev);
            }
            E::CapitalShip | E::Warship | E::LargeShip => {
                if let Some(r) = self.mission.midget.as_mut() {
                    r.anchored = Some(match enc {
                        E::CapitalShip => AnchoredKind::Capital,
                        E::Warship => AnchoredKind::Warship,
                        _ => AnchoredKind::Large,
                    });
                }
                self.midget_roll(MidgetRoll::Ship);
            }
            E::NoTarget => {
                ev.push(PatrolEvent::Mission {
                    what: "nothing worth a torpedo in reach [7.16]".into(),
                });
                self.midget_advance(ev);
            }
        }
        Ok(())
    }

    /// M6: what happens to the midget.
    pub(crate) fn midget_event(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let (rec, out) = chart_roll(&self.data.charts.m6.chart, "M6", "7.16", faces, vec![])?;
        let (id, name) = (out.id, out.name);
        if self.quiet.records() {
            self.record(rec.with_outcome(name.clone()), ev);
        }
        if let Some(r) = self.mission.midget.as_mut() {
            r.events_left = r.events_left.saturating_sub(1);
        }
        let harmless = matches!(id.as_str(), "steady" | "motor_trouble" | "gap_in_defences");
        if !harmless && self.has_skill(COOL_NERVES) {
            self.use_skill(ev, &format!("cool nerves, '{name}' ignored"));
            self.midget_events_done(ev);
            return Ok(());
        }
        let Some(run) = self.mission.midget.as_mut() else {
            return Ok(());
        };
        match id.as_str() {
            "grounded" => {
                self.midget_hull(1, "struck the bottom", ev);
                if !self.midget_is_lost() {
                    self.midget_roll(MidgetRoll::Aground);
                }
            }
            "gyro_failure" => {
                run.again = true;
                self.midget_events_done(ev);
            }
            "broaches" => self.midget_roll(MidgetRoll::Broach),
            "battery_fumes" => {
                run.crew_wounds += 1;
                ev.push(PatrolEvent::Mission {
                    what: "one of the midget's crew takes a light wound (M6)".into(),
                });
                self.midget_events_done(ev);
            }
            "torpedo_damaged" => {
                run.torpedoes = run.torpedoes.saturating_sub(1);
                let left = run.torpedoes;
                ev.push(PatrolEvent::Mission {
                    what: format!("a Type 97 is knocked out: {left} left (M6)"),
                });
                self.midget_events_done(ev);
            }
            "current" => {
                run.back = true;
                self.midget_events_done(ev);
            }
            "spotted" => self.midget_detection(Range::Medium),
            "leak" => {
                self.midget_hull(1, "a leak", ev);
                if !self.midget_is_lost() {
                    self.midget_events_done(ev);
                }
            }
            "motor_trouble" => {
                run.motor_trouble = true;
                self.midget_events_done(ev);
            }
            "gap_in_defences" => {
                run.skip_next = true;
                self.midget_events_done(ev);
            }
            _ => self.midget_events_done(ev),
        }
        Ok(())
    }

    pub(crate) fn midget_is_lost(&self) -> bool {
        self.mission.midget.as_ref().is_none_or(|r| r.lost)
    }

    /// Hull damage to the midget; with every box marked it is lost.
    pub(crate) fn midget_hull(&mut self, n: u8, why: &str, ev: &mut Vec<PatrolEvent>) {
        let Some(r) = self.mission.midget.as_mut() else {
            return;
        };
        r.hull = r.hull.saturating_add(n).min(r.hull_boxes);
        let (hull, of) = (r.hull, r.hull_boxes);
        ev.push(PatrolEvent::Mission {
            what: format!("midget hull damage ({why}): {hull} of {of} boxes [7.16]"),
        });
        if hull >= of {
            self.midget_lose(ev);
        }
    }

    /// After the circle's M6 events (and anything they started): more events, the same circle again,
    /// back one circle, or on.
    pub(crate) fn midget_events_done(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(r) = self.mission.midget.as_mut() else {
            return;
        };
        if r.lost {
            return;
        }
        if r.events_left > 0 {
            self.midget_roll(MidgetRoll::Event);
            return;
        }
        if r.again {
            r.again = false;
            self.midget_roll(MidgetRoll::Encounter);
            return;
        }
        if r.back {
            r.back = false;
            r.step = r.step.saturating_sub(1);
            let place = self.midget_place();
            ev.push(PatrolEvent::Mission {
                what: format!("set back by the current to {place} (M6)"),
            });
            self.midget_roll(MidgetRoll::Encounter);
            return;
        }
        self.midget_advance(ev);
    }

    /// On to the next circle; after the last one, the recovery roll [7.16].
    pub(crate) fn midget_advance(&mut self, ev: &mut Vec<PatrolEvent>) {
        let steps = self
            .mission
            .midget
            .as_ref()
            .and_then(|r| self.harbour(&r.map))
            .map_or(0, |m| m.steps.len());
        let Some(r) = self.mission.midget.as_mut() else {
            return;
        };
        r.step += 1;
        r.detected_before = false;
        if r.step >= steps {
            self.midget_roll(MidgetRoll::Recovery);
            return;
        }
        let skip = std::mem::take(&mut r.skip_next);
        let kind = self.midget_step().unwrap_or(StepKind::Transit);
        let place = self.midget_place();
        ev.push(PatrolEvent::Mission {
            what: format!("the midget moves on to {place} [7.16]"),
        });
        if skip && kind != StepKind::Target {
            ev.push(PatrolEvent::Mission {
                what: "a gap in the defences: no encounter roll here (M6)".into(),
            });
            self.midget_advance(ev);
        } else {
            self.midget_roll(MidgetRoll::Encounter);
        }
    }

    pub(crate) fn midget_lose(&mut self, ev: &mut Vec<PatrolEvent>) {
        if let Some(r) = self.mission.midget.as_mut() {
            r.lost = true;
        }
        ev.push(PatrolEvent::Mission {
            what: "the midget submarine is lost; no recovery roll [7.16] [12.0]".into(),
        });
        self.end_midget(false, ev);
    }

    /// [7.3] [7.16] The module is over: the mission box's encounter is done. Success is having attacked.
    pub(crate) fn end_midget(&mut self, recovered: bool, ev: &mut Vec<PatrolEvent>) {
        let attacked = self.mission.midget.as_ref().is_some_and(|r| r.attacked);
        if let Some(r) = self.mission.midget.as_mut() {
            r.lost = !recovered;
        }
        ev.push(PatrolEvent::MidgetOutcome { recovered });
        self.mission.success = Some(attacked);
        if !recovered {
            self.markers.push("midget_lost".into());
        }
        self.voyage.rolls_left = 0;
        self.box_done(ev);
    }
}

/// An M5 result in plain words.
fn encounter_text(e: MidgetEncounter) -> &'static str {
    use MidgetEncounter as E;
    match e {
        E::None => "nothing",
        E::Event => "a midget event",
        E::TwoEvents => "two midget events",
        E::PatrolBoat => "a patrol boat",
        E::Passes => "crossed",
        E::Entangled => "caught in the net",
        E::Alarm => "the loop gives the alarm",
        E::CapitalShip => "a capital ship at anchor",
        E::Warship => "a warship at anchor",
        E::LargeShip => "a large ship at anchor",
        E::NoTarget => "no target in reach",
    }
}

impl Patrol {
    /// Where the midget is on its harbour map, as the rulebook counts it (`transit box 3`, `the net`).
    fn midget_place(&self) -> String {
        let Some(r) = self.mission.midget.as_ref() else {
            return String::new();
        };
        self.harbour(&r.map)
            .map_or_else(String::new, |m| super::words::map_place(&m.steps, r.step))
    }
}
