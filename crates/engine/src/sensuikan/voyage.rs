//! The voyage [6.2 step 2]: the track boxes [6.2.2A], the doctor's survival rolls at the start of a box
//! [8.5.9], the encounter roll of each box [6.2.2B] with radar [8.1.2], radio intelligence [B11], the
//! expert navigator [8.7.1] and the diesel rule [8.5.4], aborting home [8.6.1] [8.6.2] and the end of the
//! patrol.

use periscope_data::sensuikan::charts::{Encounter, SPECIAL_MISSIONS, System, TRANSIT};
use serde::{Deserialize, Serialize};

use super::events::{PatrolEnd, PatrolEvent};
use super::{AftermathRoll, Ask, FollowUp, Patrol, PatrolAction, PatrolError, Phase, RollPurpose, choice};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec};
use crate::roll::RollRecord;

/// Transit or On Station [6.2.2A].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoxKind {
    Transit,
    OnStation,
}

/// One track box of the patrol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackBox {
    pub kind: BoxKind,
    /// On the map rather than the Control Sheet [6.2.1 map note].
    pub map_box: bool,
    /// Outbound (before the on-station boxes) or homebound.
    pub outbound: bool,
}

/// The patrol's way through its track boxes and the encounter rolls of the box it is in [6.2.2].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Voyage {
    pub(crate) route: Vec<TrackBox>,
    /// Index of the current box in `route`; `route.len()` = in port.
    pub(crate) position: usize,
    /// Heading home before the end of the route [8.6.1].
    pub(crate) aborted: bool,
    /// Encounter rolls still to make in this box (two with a diesel out) [8.5.4].
    pub(crate) rolls_left: u8,
    /// The expert navigator's re-roll is spent in this box [8.7.1].
    pub(crate) rerolled: bool,
    /// The radar's second chance is spent in this box [8.1.2].
    pub(crate) radar_second_chance_used: bool,
    /// A typhoon takes the next box: no encounter roll there [B11].
    pub(crate) skip_next_box: bool,
    /// Following the contact into the next box: what to try there instead of the encounter roll [8.4.5].
    pub(crate) carry: Option<FollowUp>,
    /// The patrol's one random event has come up [8.1.8].
    pub(crate) random_event_used: bool,
    /// Where the radio intelligence marker stands in this box [B11].
    pub(crate) radio: Radio,
}

/// The radio intelligence marker in the current box [B11]: offered once per box on an on-station encounter
/// roll; spent, it rolls the encounter a second time and the player chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Radio {
    /// Not offered in this box yet.
    Unoffered,
    /// Spent: the second roll is under way; the first gave this encounter.
    SecondRoll { first: Encounter },
    /// Already offered in this box (kept, or spent and both rolls in).
    Done,
}

/// The decisions of the encounter roll, each with the encounters it is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncounterAsk {
    /// The expert navigator may re-roll this encounter [8.7.1].
    Navigator { encounter: Encounter },
    /// The radio intelligence marker may be spent on this encounter roll [B11].
    RadioOffer { encounter: Encounter },
    /// Both radio intelligence rolls are in: take the first or the second [B11].
    RadioChoice { first: Encounter, second: Encounter },
}

impl Voyage {
    pub(crate) fn new(route: Vec<TrackBox>) -> Self {
        Self {
            route,
            position: 0,
            aborted: false,
            rolls_left: 0,
            rerolled: false,
            radar_second_chance_used: false,
            skip_next_box: false,
            carry: None,
            random_event_used: false,
            radio: Radio::Unoffered,
        }
    }

    /// A box's encounter rolls start afresh: one roll, two with a diesel out [8.5.4].
    pub(crate) fn enter_box(&mut self, diesels_out: u8) {
        self.rerolled = false;
        self.radio = Radio::Unoffered;
        self.radar_second_chance_used = false;
        self.rolls_left = if diesels_out > 0 { 2 } else { 1 };
    }

    pub(crate) fn current_box(&self) -> Option<TrackBox> {
        self.route.get(self.position).copied()
    }

    /// The number of the current box counted from 1.
    pub(crate) fn box_number(&self) -> u8 {
        u8::try_from(self.position + 1).unwrap_or(u8::MAX)
    }

    /// Whether this is the first on-station box, the mission box [6.2 terminology].
    fn is_mission_box(&self) -> bool {
        self.current_box().is_some_and(|b| b.kind == BoxKind::OnStation)
            && self.route[..self.position]
                .iter()
                .all(|b| b.kind == BoxKind::Transit)
    }

    /// One encounter roll of the box is made.
    pub(crate) fn roll_made(&mut self) {
        self.rolls_left = self.rolls_left.saturating_sub(1);
    }

    /// [8.6.1] [8.6.2] The route home from an abort: through the nearer end's transit boxes (in reverse if
    /// that is the outbound end); the remaining on-station boxes are given up.
    fn route_home(&mut self) {
        let Some(b) = self.current_box() else {
            return;
        };
        if b.kind == BoxKind::Transit {
            if b.outbound {
                // Turn back along the outbound boxes already passed.
                let back: Vec<TrackBox> = self.route[..self.position].iter().rev().copied().collect();
                self.route.truncate(self.position + 1);
                self.route.extend(back);
            }
            return;
        }
        let before = self.position;
        let after = self.route.len() - self.position - 1;
        let outbound: Vec<TrackBox> = self
            .route
            .iter()
            .filter(|b| b.kind == BoxKind::Transit && b.outbound)
            .copied()
            .collect();
        let homebound: Vec<TrackBox> = self
            .route
            .iter()
            .filter(|b| b.kind == BoxKind::Transit && !b.outbound)
            .copied()
            .collect();
        let to_home_end = after.saturating_sub(homebound.len());
        let to_start_end = before.saturating_sub(outbound.len());
        self.route.truncate(self.position + 1);
        if to_start_end < to_home_end {
            self.route.extend(outbound.into_iter().rev());
        } else {
            self.route.extend(homebound);
        }
    }
}

impl Patrol {
    pub(crate) fn current_box(&self) -> Option<TrackBox> {
        self.voyage.current_box()
    }

    /// The number of the current box counted from 1.
    pub(crate) fn box_number(&self) -> u8 {
        self.voyage.box_number()
    }

    fn is_mission_box(&self) -> bool {
        self.voyage.is_mission_box()
    }

    pub(crate) fn radar_works(&self) -> bool {
        self.class.has_radar(self.month) && self.boat.working(System::Radar)
    }

    /// [6.2.2B] Entering a box: doctor's survival rolls [8.5.9], then the box's encounter rolls, or the
    /// mission [7.0].
    pub(crate) fn begin_box(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(b) = self.current_box() else {
            self.arrive(ev);
            return;
        };
        ev.push(PatrolEvent::EnteredBox {
            number: self.box_number(),
            kind: b.kind,
        });
        self.voyage.enter_box(self.boat.diesels_out);
        // [8.5.9] With the doctor out, every seriously wounded man rolls at the start of each box.
        if super::out(self.crew.doctor) {
            let mut rolls = Vec::new();
            for p in super::Post::OFFICERS {
                if self.crew.wound(p) == Some(periscope_data::sensuikan::charts::Wound::Sw) {
                    rolls.push(RollPurpose::Aftermath(AftermathRoll::DoctorSurvival {
                        post: p,
                        index: 0,
                    }));
                }
            }
            for (i, w) in self.crew.crew.iter().enumerate() {
                if *w == Some(periscope_data::sensuikan::charts::Wound::Sw) {
                    rolls.push(RollPurpose::Aftermath(AftermathRoll::DoctorSurvival {
                        post: super::Post::Crew,
                        index: u8::try_from(i).unwrap_or(0),
                    }));
                }
            }
            if !rolls.is_empty() {
                self.aftermath.queue(rolls, true);
                self.next_after_combat_roll(ev);
                return;
            }
        }
        self.box_encounters(ev);
    }

    /// The box's encounter rolls, after any survival rolls.
    pub(crate) fn box_encounters(&mut self, ev: &mut Vec<PatrolEvent>) {
        if let Some(then) = self.voyage.carry.take() {
            self.carried_into_box(then, ev);
            return;
        }
        if self.voyage.skip_next_box {
            // Typhoon [B11]: no encounter roll in this box.
            self.voyage.skip_next_box = false;
            self.next_box(ev);
            return;
        }
        if self.is_mission_box() && !self.voyage.aborted && self.start_mission_rolls(ev) {
            return;
        }
        // [7.1] [7.7] [7.17] The aviation mission is flown from the mission box.
        if self.is_mission_box() && !self.voyage.aborted && self.start_air_mission(ev) {
            return;
        }
        if self.europe_arrival(ev) {
            self.voyage.rolls_left = 0;
            self.box_done(ev);
            return;
        }
        // [7.18] The kaiten attack replaces the mission box's encounter roll.
        if self.is_mission_box() && !self.voyage.aborted && self.start_kaiten(ev) {
            return;
        }
        if self.is_mission_box() && !self.voyage.aborted && self.start_midget(ev) {
            // [7.3] [7.16] [12.0] The midget module is the mission box's encounter.
            return;
        }
        // [7.15] The reconnaissance launch is offered before the box's encounter roll.
        if self.offer_launch() {
            return;
        }
        self.phase = Phase::Roll {
            purpose: RollPurpose::Encounter,
        };
    }

    /// [6.2.2C] Advance one box; after the last box, home in port.
    pub(crate) fn next_box(&mut self, ev: &mut Vec<PatrolEvent>) {
        self.combat = None;
        self.voyage.position += 1;
        if self.voyage.position >= self.voyage.route.len() {
            self.arrive(ev);
        } else {
            self.begin_box(ev);
        }
    }

    fn arrive(&mut self, ev: &mut Vec<PatrolEvent>) {
        ev.push(PatrolEvent::HomeInPort);
        self.finish(PatrolEnd::InPort, ev);
    }

    pub(crate) fn finish(&mut self, end: PatrolEnd, ev: &mut Vec<PatrolEvent>) {
        self.settle_mission(&end);
        ev.push(PatrolEvent::PatrolOver {
            summary: end.describe(),
        });
        self.combat = None;
        self.phase = Phase::Over { end };
    }

    /// [8.6.1] [8.6.2] Abort: the route home runs through the nearer end's transit boxes (in reverse if
    /// that is the outbound end); the remaining on-station boxes are given up.
    pub(crate) fn abort(&mut self, reason: &str, ev: &mut Vec<PatrolEvent>) {
        if self.voyage.aborted {
            return;
        }
        self.voyage.aborted = true;
        ev.push(PatrolEvent::Aborted {
            reason: reason.to_string(),
        });
        self.voyage.route_home();
    }

    /// [8.1.2] [8.1.8] [8.7.1] The encounter roll.
    pub(crate) fn resolve_encounter(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let Some(b) = self.current_box() else {
            return Ok(());
        };
        let column = match b.kind {
            // [7.5] The Europe route: A3 Special Missions in each map transit box, both ways.
            BoxKind::Transit if self.europe_route_box() => SPECIAL_MISSIONS.to_string(),
            BoxKind::Transit => TRANSIT.to_string(),
            BoxKind::OnStation => self.options.area.clone(),
        };
        let natural = Dice::D2D6.read(&faces);
        let random_on = self.data.entries.random_event_on_natural;
        let mut roll = RollRecord::new("A3", "6.2.2B", Dice::D2D6, faces, vec![], (2, 12));
        // [8.1.8] The first natural 12 of the patrol is a random event, not the listed encounter.
        if natural == random_on && !self.voyage.random_event_used {
            self.voyage.random_event_used = true;
            // A radio intelligence roll in progress gives way to the event [B11].
            if matches!(self.voyage.radio, Radio::SecondRoll { .. }) {
                self.voyage.radio = Radio::Done;
            }
            roll = roll.with_outcome("random event (B11) [8.1.8]");
            roll.rule = "8.1.8".into();
            self.record(roll, ev);
            self.voyage.roll_made();
            self.phase = Phase::Roll {
                purpose: RollPurpose::RandomEvent,
            };
            return Ok(());
        }
        let enc = self.a3_encounter(&column, natural)?;
        if self.quiet.records() {
            roll = roll.with_outcome(format!(
                "{}, {} column",
                super::words::encounter(enc),
                super::words::a3_column(&column)
            ));
            self.record(roll, ev);
        }
        let second_on = self.data.entries.radar_second_chance_on;
        // [8.1.2] Working radar: a second chance after a 5.
        if enc == Encounter::None
            && natural == second_on
            && self.radar_works()
            && !self.voyage.radar_second_chance_used
        {
            self.voyage.radar_second_chance_used = true;
            self.phase = Phase::Roll {
                purpose: RollPurpose::Encounter,
            };
            return Ok(());
        }
        // [B11] Radio intelligence: the second of two rolls is in; the player chooses.
        if let Radio::SecondRoll { first } = self.voyage.radio {
            self.voyage.radio = Radio::Done;
            self.phase = Phase::Decide {
                ask: Ask::Encounter(EncounterAsk::RadioChoice { first, second: enc }),
            };
            return Ok(());
        }
        // [B11] Radio intelligence may be spent on an on-station encounter roll: roll twice and choose.
        if b.kind == BoxKind::OnStation
            && self.voyage.radio == Radio::Unoffered
            && self.markers.iter().any(|m| m == "radio_intelligence")
        {
            self.voyage.radio = Radio::Done;
            self.phase = Phase::Decide {
                ask: Ask::Encounter(EncounterAsk::RadioOffer { encounter: enc }),
            };
            return Ok(());
        }
        self.navigator_or_encounter(enc, ev);
        Ok(())
    }

    /// [8.7.1] The expert navigator may re-roll the encounter in a non-transit box; otherwise it stands.
    fn navigator_or_encounter(&mut self, enc: Encounter, ev: &mut Vec<PatrolEvent>) {
        let on_station = self.current_box().is_some_and(|b| b.kind == BoxKind::OnStation);
        if on_station && self.options.crew.expert_navigator && !self.voyage.rerolled {
            self.phase = Phase::Decide {
                ask: Ask::Encounter(EncounterAsk::Navigator { encounter: enc }),
            };
            return;
        }
        self.voyage.roll_made();
        self.start_encounter(enc, ev);
    }

    /// After an encounter is over (or there was none): another roll in this box, or the next box.
    pub(crate) fn box_done(&mut self, ev: &mut Vec<PatrolEvent>) {
        self.combat = None;
        if matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        if self.mission.rolling {
            if self.voyage.aborted {
                // [8.6.2] Aborting gives the mission up.
                self.mission.rolling = false;
            } else {
                // [7.4]-[7.11] After an encounter, roll A3 Special Missions again.
                self.phase = Phase::Roll {
                    purpose: RollPurpose::MissionEncounter,
                };
                return;
            }
        }
        if self.voyage.rolls_left > 0 {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Encounter,
            };
        } else if !self.recover_before_leaving() {
            self.next_box(ev);
        }
    }

    /// The dice, chart, rule and reason of the box's encounter roll.
    pub(crate) fn encounter_roll_spec(&self) -> RollSpec {
        RollSpec::new(
            Dice::D2D6,
            "A3",
            "6.2.2B",
            "Roll for an encounter in this track box",
        )
    }

    /// The encounter roll's decision: the radio intelligence choice or offer [B11], or the expert
    /// navigator's re-roll [8.7.1].
    pub(crate) fn encounter_choices(&self, ask: EncounterAsk) -> Decision<PatrolAction> {
        use PatrolAction as A;
        let words = super::words::encounter;
        match ask {
            EncounterAsk::RadioChoice { first, second } => Decision::new(
                format!("Radio intelligence: choose {} or {}", words(first), words(second)),
                "B11",
                vec![
                    choice(
                        A::ChooseEncounter { second: false },
                        format!("The first roll: {}", words(first)),
                        "B11",
                    ),
                    choice(
                        A::ChooseEncounter { second: true },
                        format!("The second roll: {}", words(second)),
                        "B11",
                    ),
                ],
            ),
            EncounterAsk::RadioOffer { encounter } => Decision::new(
                format!(
                    "Encounter: {}. Spend the radio intelligence marker to roll again and choose?",
                    words(encounter)
                ),
                "B11",
                vec![
                    choice(A::Reroll { reroll: false }, "Keep the encounter", "B11"),
                    choice(
                        A::SpendRadio,
                        "Spend radio intelligence: roll again and choose",
                        "B11",
                    ),
                ],
            ),
            EncounterAsk::Navigator { encounter } => Decision::new(
                format!(
                    "Encounter: {}. The expert navigator may re-roll it",
                    words(encounter)
                ),
                "8.7.1",
                vec![
                    choice(A::Reroll { reroll: false }, "Keep the encounter", "8.7.1"),
                    choice(A::Reroll { reroll: true }, "Re-roll the encounter", "8.7.1"),
                ],
            ),
        }
    }

    pub(crate) fn encounter_decide(
        &mut self,
        ask: EncounterAsk,
        action: PatrolAction,
        ev: &mut Vec<PatrolEvent>,
    ) {
        use PatrolAction as A;
        match ask {
            EncounterAsk::RadioChoice { first, second } => {
                let enc = if action == (A::ChooseEncounter { second: true }) {
                    second
                } else {
                    first
                };
                self.voyage.roll_made();
                self.start_encounter(enc, ev);
            }
            EncounterAsk::RadioOffer { encounter } => {
                if action == A::SpendRadio {
                    if let Some(i) = self.markers.iter().position(|m| m == "radio_intelligence") {
                        self.markers.remove(i);
                    }
                    ev.push(PatrolEvent::Spent {
                        what: "radio intelligence: a second encounter roll [B11]".into(),
                    });
                    self.voyage.radio = Radio::SecondRoll { first: encounter };
                    self.phase = Phase::Roll {
                        purpose: RollPurpose::Encounter,
                    };
                } else {
                    self.navigator_or_encounter(encounter, ev);
                }
            }
            EncounterAsk::Navigator { encounter } => {
                if let A::Reroll { reroll } = action {
                    self.voyage.rerolled = true;
                    if reroll {
                        self.phase = Phase::Roll {
                            purpose: RollPurpose::Encounter,
                        };
                    } else {
                        self.voyage.roll_made();
                        self.start_encounter(encounter, ev);
                    }
                }
            }
        }
    }
}
