//! The patrol loop [6.2 step 2]: setup and loading [4.5], track boxes [6.2.2A], the encounter roll of each
//! box [6.2.2B] with radar [8.1.2], the expert navigator [8.7.1], the random event [8.1.8] and the diesel
//! rule [8.5.4]; the roll and decision dispatch of the whole game.

use std::sync::Arc;

use periscope_data::sensuikan::catalog::catalogs::EarlyLoad;
use periscope_data::sensuikan::charts::{
    ADDITIONAL_COMBAT_ROUND, B4Key, B5Key, DamageSource, Encounter, SPECIAL_MISSIONS, System, TRANSIT,
    TorpedoKind,
};

use super::damage::Aftermath;
use super::events::{PatrolEnd, PatrolEvent};
use super::luck::Luck;
use super::mission::Mission;
use super::options::PatrolOptions;
use super::shipped::Shipped;
use super::{
    AftermathRoll, Ask, Boat, BoxKind, Crew, FollowUp, Patrol, PatrolAction, PatrolError, Phase, RollPurpose,
    Torpedo, TorpedoLedger, TrackBox, choice,
};
use crate::dice::{Dice, DiceMode, DiceSource};
use crate::machine::{Decision, RollSpec};
use crate::roll::RollRecord;

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
    fn new(route: Vec<TrackBox>) -> Self {
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
    fn enter_box(&mut self, diesels_out: u8) {
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
    pub(crate) fn with_data(
        options: PatrolOptions,
        seed: u64,
        dice: DiceMode,
        data: Arc<Shipped>,
    ) -> Result<Self, PatrolError> {
        let catalog = &data.catalog;
        let class = catalog
            .class(&options.class)
            .cloned()
            .ok_or_else(|| PatrolError::BadOptions(format!("no submarine class '{}'", options.class)))?;
        let track = catalog
            .patrol_track(&options.class, &options.area)
            .ok_or_else(|| PatrolError::BadOptions(format!("no patrol area '{}'", options.area)))?;
        if catalog.map.base(&options.base).is_none() {
            return Err(PatrolError::BadOptions(format!("no base '{}'", options.base)));
        }
        // The track exists only for an area of the map.
        let area = catalog
            .map
            .area(&options.area)
            .ok_or_else(|| PatrolError::BadOptions(format!("no patrol area '{}'", options.area)))?;
        let extra_out = area.extra_transit.outbound;
        let extra_back = area.extra_transit.homebound;
        // [6.2.2A] The sheet's transit boxes plus the map's extra ones, split outbound/homebound; the extra
        // boxes replace on-station boxes (the catalog's patrol_track has already taken them off).
        let mut route = Vec::new();
        for i in 0..track.transit_out {
            route.push(TrackBox {
                kind: BoxKind::Transit,
                map_box: i >= track.transit_out.saturating_sub(extra_out),
                outbound: true,
            });
        }
        for _ in 0..track.on_station {
            route.push(TrackBox {
                kind: BoxKind::OnStation,
                map_box: false,
                outbound: false,
            });
        }
        for i in 0..track.transit_back {
            route.push(TrackBox {
                kind: BoxKind::Transit,
                map_box: i < extra_back,
                outbound: false,
            });
        }
        let crew_boxes = data.entries.crew_boxes;
        let month = options.start;
        let mut g = Patrol {
            data,
            boat: Boat {
                bow_tubes: vec![None; usize::from(class.bow_tubes)],
                stern_tubes: vec![None; usize::from(class.stern_tubes)],
                bow_reloads: Vec::new(),
                stern_reloads: Vec::new(),
                ammunition: 0,
                hull: 0,
                flooding: 0,
                systems: Vec::new(),
                aa_guns_out: 0,
                diesels_out: 0,
            },
            class,
            crew: Crew {
                captain: None,
                executive_officer: None,
                navigation_officer: None,
                doctor: None,
                engineer: None,
                crew: vec![None; crew_boxes],
            },
            dice: DiceSource::new(&dice, seed),
            month,
            voyage: Voyage::new(route),
            markers: Vec::new(),
            luck: Luck::default(),
            mission: Mission::default(),
            combat: None,
            log: Vec::new(),
            torpedoes: TorpedoLedger::default(),
            aftermath: Aftermath::default(),
            opening: Vec::new(),
            phase: Phase::Decide { ask: Ask::LoadType92 },
            last_roll: None,
            air: super::AirWing::default(),
            options,
        };
        g.air = super::AirWing::aboard(&g.class, g.month, &g.options.crew.pilots);
        g.boat.ammunition = if g.class.has_deck_gun(g.month) {
            u32::from(g.class.ammunition)
        } else {
            0
        };
        // [4.5] Before 7/42 the load is fixed or rolled; from 7/42 the player chooses 0-6 Type 92.
        g.phase = if g.from(1942, 7) {
            Phase::Decide { ask: Ask::LoadType92 }
        } else {
            match g.class.early_load {
                EarlyLoad::Roll => Phase::Roll {
                    purpose: RollPurpose::Load,
                },
                _ => {
                    let mut ev = Vec::new();
                    g.load(Torpedo::Type6, 12, &mut ev);
                    g.start_patrol();
                    g.begin_box(&mut ev);
                    g.opening.append(&mut ev);
                    g.phase.clone()
                }
            }
        };
        let mut ev = Vec::new();
        g.advance_public(&mut ev)?;
        g.opening.append(&mut ev);
        Ok(g)
    }

    fn advance_public(&mut self, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        // Seeded dice roll at once; a game is created ready for its first decision.
        let mut probe = self.clone();
        crate::machine::settle(&mut probe, ev)?;
        *self = probe;
        Ok(())
    }

    /// [4.5] `old` torpedoes of this type go into the reload boxes (bow first), the tubes and the rest of
    /// the reloads take Type 95. The total always equals the capacity.
    pub(crate) fn load(&mut self, old: Torpedo, count: u32, ev: &mut Vec<PatrolEvent>) {
        let mut old_left = count;
        let bow_r = usize::from(self.class.bow_reloads);
        let stern_r = usize::from(self.class.stern_reloads);
        let mut take = |n: usize| -> Vec<Torpedo> {
            (0..n)
                .map(|_| {
                    if old_left > 0 {
                        old_left -= 1;
                        old
                    } else {
                        Torpedo::Type95
                    }
                })
                .collect()
        };
        self.boat.bow_reloads = take(bow_r);
        self.boat.stern_reloads = take(stern_r);
        let bow: Vec<Torpedo> = take(self.boat.bow_tubes.len());
        let stern: Vec<Torpedo> = take(self.boat.stern_tubes.len());
        self.boat.bow_tubes = bow.into_iter().map(Some).collect();
        self.boat.stern_tubes = stern.into_iter().map(Some).collect();
        let mut notes = Vec::new();
        self.mission_load(&mut notes);
        self.torpedoes.loaded = self.boat.torpedoes();
        let names = |v: Vec<Torpedo>| {
            v.iter()
                .map(|t| super::words::torpedo(*t).to_string())
                .collect::<Vec<_>>()
        };
        ev.push(PatrolEvent::Loaded {
            bow: names(self.boat.bow_tubes.iter().flatten().copied().collect()),
            stern: names(self.boat.stern_tubes.iter().flatten().copied().collect()),
            bow_reloads: names(self.boat.bow_reloads.clone()),
            stern_reloads: names(self.boat.stern_reloads.clone()),
        });
        ev.append(&mut notes);
    }

    /// [6.2.1D] The submarine enters the first track box.
    fn start_patrol(&mut self) {
        self.voyage.position = 0;
        self.phase = Phase::Roll {
            purpose: RollPurpose::Encounter,
        };
        self.voyage.enter_box(self.boat.diesels_out);
    }

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
        roll = roll.with_outcome(format!("{} ({column})", super::words::encounter(enc)));
        self.record(roll, ev);
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

    /// The dice, chart, rule and reason of the early-war load roll.
    pub(crate) fn load_roll_spec(&self) -> RollSpec {
        RollSpec::new(
            Dice::D1D6,
            "Torpedo load",
            "4.5",
            "Roll for the early-war torpedo load",
        )
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

    /// [4.5] 1-3: 12 Type 89 (the Example stows them as reloads); 4-6: all Type 95.
    pub(crate) fn resolve_load(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let f = i32::from(faces.first().copied().unwrap_or(1));
        let old = f <= 3;
        let rec =
            RollRecord::new("Torpedo load", "4.5", Dice::D1D6, faces, vec![], (1, 6)).with_outcome(if old {
                "12 Type 89 and the rest Type 95"
            } else {
                "all Type 95"
            });
        self.record(rec, ev);
        self.load(Torpedo::Type89, if old { 12 } else { 0 }, ev);
        self.start_patrol();
        self.begin_box(ev);
        Ok(())
    }

    /// [4.5] From 7/42 the player loads 0-6 Type 92.
    pub(crate) fn load_choices(&self) -> Decision<PatrolAction> {
        Decision::new(
            "Load up to 6 Type 92 electric torpedoes, the rest Type 95",
            "4.5",
            (0..=6u8)
                .map(|n| {
                    choice(
                        PatrolAction::LoadType92 { count: n },
                        format!("{n} Type 92"),
                        "4.5",
                    )
                })
                .collect(),
        )
    }

    pub(crate) fn load_decide(&mut self, action: PatrolAction, ev: &mut Vec<PatrolEvent>) {
        if let PatrolAction::LoadType92 { count } = action {
            self.load(Torpedo::Type92, u32::from(count), ev);
            self.start_patrol();
            self.begin_box(ev);
        }
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

    /// The A3 Additional Combat Round column's arrival for a roll.
    pub(crate) fn arrival(&self, natural: i32) -> Result<Encounter, PatrolError> {
        self.a3_encounter(ADDITIONAL_COMBAT_ROUND, natural)
    }

    /// The British areas [8.1.4] [8.1.5].
    pub(crate) fn british(&self) -> bool {
        self.data
            .catalog
            .map
            .area(&self.options.area)
            .is_some_and(|a| a.british_sublists)
    }

    pub(crate) fn b4_column(&self) -> B4Key {
        B4Key::AfterAttack
    }

    pub(crate) fn b5_key(special: bool, aircraft: bool) -> B5Key {
        match (special, aircraft) {
            (false, _) => B5Key::Normal,
            (true, false) => B5Key::Hedgehog,
            (true, true) => B5Key::Fido,
        }
    }

    pub(crate) fn torpedo_kind(t: Torpedo) -> TorpedoKind {
        match t {
            Torpedo::Type89 => TorpedoKind::Type89,
            Torpedo::Type6 => TorpedoKind::Type6,
            Torpedo::Type95 => TorpedoKind::Type95,
            Torpedo::Type92 => TorpedoKind::Type92,
        }
    }

    pub(crate) fn damage_source(gun: bool) -> DamageSource {
        if gun {
            DamageSource::DeckGun
        } else {
            DamageSource::Torpedo
        }
    }
}
