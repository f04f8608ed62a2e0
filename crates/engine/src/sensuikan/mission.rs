//! The patrol side of the special missions [7.0]: the loading they change [4.5] [7.4] [7.6] [7.10], the
//! mission box's A3 Special Missions rolls until no encounter [7.4] [7.6] [7.9] [7.10] [7.11], picket duty
//! [7.2], the passenger on the Crew Wounds Table [7.6] [7.11], and each mission's outcome [7.13].
//! Reconnaissance [7.1] and bombing [7.7] are flown with the Aviation Module (`air_ops.rs`); a boat
//! without aircraft, or sent to bomb Panama in a class not given it, makes a normal patrol [7.14].

use crate::machine::RollSpec;
use periscope_data::sensuikan::charts::{Encounter, SPECIAL_MISSIONS, Wound};

use super::events::{PatrolEnd, PatrolEvent};
use super::options::MissionPlan;
use super::{ContactKind, KaitenRun, MidgetRun, Patrol, PatrolError, Phase, RollPurpose, out};
use crate::dice::Dice;
use crate::roll::RollRecord;

/// The passenger's crew box index (with `Post::Crew`) in wound rolls [7.6] [7.11].
pub(crate) const PASSENGER: u8 = u8::MAX;

/// The special mission's state on patrol [7.0].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Mission {
    /// The mission box's A3 Special Missions rolls are under way [7.4]-[7.11].
    pub(crate) rolling: bool,
    /// The passengers embarked, the coast bombarded, or a warship engaged on picket [7.6] [7.9] [7.2].
    pub(crate) done: bool,
    /// Bow tubes holding mines until they are laid [7.10].
    pub(crate) mines_aboard: u8,
    /// A passenger aboard and his wound (he counts as a pilot on B7) [7.6] [7.11].
    pub(crate) passenger: Option<Option<Wound>>,
    /// Why the mission was not flown, or what it changed [7.14].
    pub(crate) note: Option<String>,
    /// The mission's outcome once it is known [7.13].
    pub(crate) success: Option<bool>,
    /// The kaiten attack under way in the mission box [7.18].
    pub(crate) kaiten: Option<KaitenRun>,
    /// [7.8] The kaiten are released and the encounter of the closing Additional Combat Round roll is under
    /// way: if it detects the submarine, the kaiten attack fails (our reading).
    pub(crate) kaiten_watch: bool,
    /// B7 wounds of the kaiten pilots before their attack, one per kaiten [7.8] [8.5.9].
    pub(crate) kaiten_pilot_wounds: Vec<Option<Wound>>,
    /// The midget's run through the harbour map [7.16].
    pub(crate) midget: Option<MidgetRun>,
}

impl Mission {
    /// [7.13] The outcome of `plan` when the patrol ends, home or not; `air_success` is the aviation
    /// mission's [7.1] [7.7].
    fn settle(&mut self, plan: MissionPlan, home: bool, air_success: bool) {
        self.rolling = false;
        self.success = match plan {
            MissionPlan::Patrol => None,
            // [7.3] A midget never released (the patrol ended or aborted before the mission box) failed.
            MissionPlan::MidgetAttack => Some(self.success.unwrap_or(false)),
            // [7.1] [7.7] Never flown (the patrol ended or aborted before the mission box) is a failure.
            MissionPlan::Reconnaissance | MissionPlan::Bombing => Some(air_success),
            MissionPlan::PicketDuty => Some(self.done),
            MissionPlan::Evacuation => Some(
                self.done
                    && home
                    && self
                        .passenger
                        .is_some_and(|w| !matches!(w, Some(Wound::Sw | Wound::Kia))),
            ),
            MissionPlan::CoastalBombardment => Some(self.done && home),
            // [7.8] Not released (no kaiten deployable, or the patrol ended before the box): failure.
            MissionPlan::KaitenUlithi | MissionPlan::KaitenOpenSea => Some(self.success.unwrap_or(false)),
            MissionPlan::Transport
            | MissionPlan::Minelaying
            | MissionPlan::PassengerDelivery
            | MissionPlan::EuropeTransport => Some(self.success.unwrap_or(false)),
        };
    }
}

impl Patrol {
    /// The mission actually flown: reconnaissance and bombing fall back to a patrol without aircraft
    /// [7.14].
    pub(crate) fn mission(&self) -> MissionPlan {
        if self.options.mission.needs_aviation_module() && !self.flies_air_mission() {
            MissionPlan::Patrol
        } else {
            self.options.mission
        }
    }

    /// Whether this boat is the Kirai-Sen minelayer (stern mine compartments) [7.10 note].
    fn stern_minelayer(&self) -> bool {
        self.class.id == "kirai_sen"
    }

    /// [4.5] [7.4] [7.6] [7.10] [7.11] The mission's changes to the load, before the ledger is set.
    pub(crate) fn mission_load(&mut self, ev: &mut Vec<PatrolEvent>) {
        let note = |s: &mut Self, what: String, ev: &mut Vec<PatrolEvent>| {
            ev.push(PatrolEvent::Mission { what: what.clone() });
            s.mission.note = Some(what);
        };
        match self.options.mission {
            MissionPlan::Reconnaissance | MissionPlan::Bombing if !self.flies_air_mission() => note(
                self,
                format!(
                    "{}: this boat has no aircraft for it (or is not given the Panama bombing), so it makes \
                     a normal patrol [7.14] [7.7]",
                    self.options.mission.name()
                ),
                ev,
            ),
            MissionPlan::Reconnaissance | MissionPlan::Bombing => {}
            MissionPlan::Transport | MissionPlan::Evacuation => {
                // [7.4] [7.6] Tubes loaded, no reloads (the supplies or the passengers' room).
                self.boat.bow_reloads.clear();
                self.boat.stern_reloads.clear();
                if self.options.mission == MissionPlan::Transport {
                    self.markers.push("supplies".into());
                }
                ev.push(PatrolEvent::Mission {
                    what: "tubes loaded, no reloads [7.4] [7.6]".into(),
                });
            }
            MissionPlan::Minelaying => {
                if self.stern_minelayer() {
                    // [7.10 note] The Kirai-Sen's stern compartments: no torpedoes given up.
                    self.markers.push("mines".into());
                    ev.push(PatrolEvent::Mission {
                        what: "mines in the stern compartments; the torpedo load is not reduced [7.10]"
                            .into(),
                    });
                } else {
                    // [7.10] Mines take tubes: those tubes carry no torpedo until the mines are laid.
                    let want = usize::from(self.data.procs.constants.minelaying_tubes);
                    let n = want.min(self.boat.bow_tubes.len());
                    for slot in self.boat.bow_tubes.iter_mut().take(n) {
                        *slot = None;
                    }
                    self.mission.mines_aboard = u8::try_from(n).unwrap_or(0);
                    self.markers.push("mines".into());
                    ev.push(PatrolEvent::Mission {
                        what: format!("mines in {n} bow tubes; the torpedo load is {n} fewer [7.10]"),
                    });
                }
            }
            MissionPlan::PassengerDelivery => {
                self.mission.passenger = Some(None);
                ev.push(PatrolEvent::Mission {
                    what: "a passenger aboard [7.11]".into(),
                });
            }
            // [7.3] The midget and its crew ride aboard until the mission box.
            MissionPlan::MidgetAttack => self.midget_aboard(ev),
            MissionPlan::Patrol
            | MissionPlan::PicketDuty
            | MissionPlan::CoastalBombardment
            | MissionPlan::EuropeTransport
            | MissionPlan::KaitenUlithi
            | MissionPlan::KaitenOpenSea => {}
        }
    }

    /// [7.4] [7.6] [7.9] [7.10] [7.11] The mission box: A3 Special Missions rolls until no encounter. A
    /// passenger SW or KIA before landing fails the delivery; the box then rolls as usual.
    pub(crate) fn start_mission_rolls(&mut self, ev: &mut Vec<PatrolEvent>) -> bool {
        if !self.mission().rolls_special_missions() {
            return false;
        }
        if self.mission() == MissionPlan::PassengerDelivery && out(self.mission.passenger.flatten()) {
            ev.push(PatrolEvent::Mission {
                what: "the passenger is seriously wounded or dead: the delivery fails [7.11]".into(),
            });
            self.mission.passenger = None;
            self.mission.success = Some(false);
            return false;
        }
        self.mission.rolling = true;
        self.voyage.rolls_left = 0;
        self.phase = Phase::Roll {
            purpose: RollPurpose::MissionEncounter,
        };
        true
    }

    /// The dice, chart, rule and reason of an A3 Special Missions roll.
    pub(crate) fn mission_roll_spec(&self) -> RollSpec {
        RollSpec::new(
            Dice::D2D6,
            "A3 Special Missions",
            "7.4",
            "The special mission: roll until no encounter",
        )
    }

    /// One A3 Special Missions roll: an encounter is resolved and the roll made again; none completes the
    /// mission's step.
    pub(crate) fn resolve_mission_roll(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let rule = self.mission_rule();
        let natural = Dice::D2D6.read(&faces);
        let enc = self.a3_encounter(SPECIAL_MISSIONS, natural)?;
        let roll = RollRecord::new("A3 Special Missions", rule, Dice::D2D6, faces, vec![], (2, 12))
            .with_outcome(super::words::encounter(enc));
        self.record(roll, ev);
        self.voyage.rolls_left = 0;
        if enc != Encounter::None {
            // The encounter is resolved, then the roll is made again (`box_done`).
            self.start_encounter(enc, ev);
            return Ok(());
        }
        self.mission.rolling = false;
        self.complete_mission_step(ev);
        self.box_done(ev);
        Ok(())
    }

    fn mission_rule(&self) -> &'static str {
        match self.mission() {
            MissionPlan::Transport => "7.4",
            MissionPlan::Evacuation => "7.6",
            MissionPlan::CoastalBombardment => "7.9",
            MissionPlan::Minelaying => "7.10",
            MissionPlan::PassengerDelivery => "7.11",
            _ => "7.0",
        }
    }

    /// The clear roll: the step of the mission is done.
    fn complete_mission_step(&mut self, ev: &mut Vec<PatrolEvent>) {
        let what = match self.mission() {
            MissionPlan::Transport => {
                self.markers.retain(|m| m != "supplies");
                self.mission.success = Some(true);
                "the supplies are delivered [7.4]".to_string()
            }
            MissionPlan::Evacuation => {
                self.mission.passenger = Some(None);
                self.mission.done = true;
                "the passengers embark; they must come home unharmed [7.6]".into()
            }
            MissionPlan::CoastalBombardment => {
                let fired = self.boat.ammunition;
                self.boat.ammunition = 0;
                self.mission.done = true;
                format!(
                    "surfaced and bombarded the coast: {fired} rounds fired; success is coming home [7.9]"
                )
            }
            MissionPlan::Minelaying => {
                self.markers.retain(|m| m != "mines");
                let n = self.mission.mines_aboard;
                self.mission.mines_aboard = 0;
                self.mission.success = Some(true);
                self.reload(ev);
                format!("the mines are laid ({n} tubes free for torpedoes) [7.10]")
            }
            MissionPlan::PassengerDelivery => {
                self.mission.passenger = None;
                self.mission.success = Some(true);
                "the passenger lands by rubber boat [7.11]".into()
            }
            _ => return,
        };
        ev.push(PatrolEvent::Mission { what });
    }

    /// [7.5] The Europe route's map transit boxes roll on A3 Special Missions.
    pub(crate) fn europe_route_box(&self) -> bool {
        self.mission() == MissionPlan::EuropeTransport && self.current_box().is_some_and(|b| b.map_box)
    }

    /// [7.5] Past the outbound boxes the boat has reached Europe: the supplies are delivered. Returns
    /// whether this was an on-station box, where the delivery is the box's encounter.
    pub(crate) fn europe_arrival(&mut self, ev: &mut Vec<PatrolEvent>) -> bool {
        let Some(b) = self.current_box() else {
            return false;
        };
        if self.mission() != MissionPlan::EuropeTransport
            || self.voyage.aborted
            || self.mission.success.is_some()
            || b.outbound
        {
            return false;
        }
        self.mission.success = Some(true);
        ev.push(PatrolEvent::Mission {
            what: "Europe reached: the supplies are delivered; now the way home [7.5]".into(),
        });
        b.kind == super::BoxKind::OnStation
    }

    /// [7.2] Picket duty: no merchant traffic may be engaged.
    pub(crate) fn picket_forbids(&self, kind: ContactKind) -> bool {
        self.mission() == MissionPlan::PicketDuty
            && matches!(
                kind,
                ContactKind::Ship | ContactKind::ShipsEscorted | ContactKind::Convoy
            )
    }

    /// [7.2] Picket duty succeeds on engaging a warship or a capital ship.
    pub(crate) fn picket_engaged(&mut self, kind: ContactKind, ev: &mut Vec<PatrolEvent>) {
        if self.mission() == MissionPlan::PicketDuty
            && matches!(kind, ContactKind::Warship | ContactKind::CapitalShip)
            && !self.mission.done
        {
            self.mission.done = true;
            ev.push(PatrolEvent::Mission {
                what: "a warship engaged: picket duty fulfilled [7.2]".into(),
            });
        }
    }

    /// [7.13] The mission's outcome when the patrol ends.
    pub(crate) fn settle_mission(&mut self, end: &PatrolEnd) {
        let plan = self.mission();
        let air_success = self.air_mission_success();
        self.mission.settle(plan, end.home(), air_success);
    }
}
