//! The patrol loop [6.2 step 2]: setup and loading [4.5], track boxes [6.2.2A], the encounter roll of each
//! box [6.2.2B] with radar [8.1.2], the expert navigator [8.7.1], the random event [8.1.8] and the diesel
//! rule [8.5.4]; the roll and decision dispatch of the whole game.

use std::sync::Arc;

use periscope_data::chart::{Chart, ChartDice};
use periscope_data::sensuikan::catalog::catalogs::{Catalog, EarlyLoad};
use periscope_data::sensuikan::charts::{
    ADDITIONAL_COMBAT_ROUND, B4Key, B5Key, Charts, DamageSource, Encounter, SPECIAL_MISSIONS, System,
    TRANSIT, TorpedoKind,
};
use periscope_data::sensuikan::procedures::{ProcedureResult, Procedures};

use super::events::{PatrolEnd, PatrolEvent};
use super::options::PatrolOptions;
use super::{
    Ask, Boat, BoxKind, Crew, Patrol, PatrolAction, PatrolError, Phase, RollPurpose, Torpedo, TrackBox,
    TrackRoll, choice,
};
use crate::dice::{Dice, DiceMode, DiceSource};
use crate::game::Choice;
use crate::roll::{Modifier, RollRecord};

pub(crate) fn dice_of(d: ChartDice) -> Dice {
    match d {
        ChartDice::D6 => Dice::D1D6,
        ChartDice::D2D6 => Dice::D2D6,
        ChartDice::D3D6 => Dice::D6 { count: 3 },
        ChartDice::D10 => Dice::D10,
        ChartDice::D20 => Dice::D20,
        ChartDice::D100 => Dice::D100,
        // Atlantic Sentinels' dice; no Sensuikan chart uses them. A d66 keeps its two d6 faces; a
        // band+1d20 chart rolls its band with the band's own dice first.
        ChartDice::D66 => Dice::D2D6,
        ChartDice::BandD20 => Dice::D20,
    }
}

/// A chart modifier by id, as a roll modifier citing `rule`.
pub(crate) fn drm(
    list: &[periscope_data::sensuikan::charts::Modifier],
    id: &str,
    rule: &str,
) -> Option<Modifier> {
    list.iter()
        .find(|m| m.id == id)
        .map(|m| Modifier::new(m.drm, m.when.clone(), rule))
}

impl Patrol {
    pub(crate) fn with_data(
        options: PatrolOptions,
        seed: u64,
        dice: DiceMode,
        charts: Arc<Charts>,
        catalog: Arc<Catalog>,
        procs: Arc<Procedures>,
    ) -> Result<Self, PatrolError> {
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
        let area = catalog.map.area(&options.area);
        let extra_out = area.map_or(0, |a| a.extra_transit.outbound);
        let extra_back = area.map_or(0, |a| a.extra_transit.homebound);
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
        let crew_boxes = charts
            .k1
            .positions
            .iter()
            .find(|p| p.id == "crew")
            .map_or(4, |p| usize::from(p.boxes));
        let month = options.start;
        let mut g = Patrol {
            charts,
            catalog,
            procs,
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
            route,
            position: 0,
            random_event_used: false,
            markers: Vec::new(),
            aborted: false,
            rolls_left: 0,
            rerolled: false,
            radar_second_chance_used: false,
            skip_next_box: false,
            carry: None,
            mission_rolling: false,
            mission_done: false,
            mines_aboard: 0,
            passenger: None,
            mission_note: None,
            radio_offer_now: false,
            radio_offered: false,
            radio_first: None,
            radio_choice: None,
            neko_snapshot: None,
            shibumi_used: false,
            shibumi_pass: false,
            shibumi_asked: false,
            shibumi_waiting: None,
            pending_encounter: None,
            combat: None,
            kaiten: None,
            kaiten_pilot_wounds: Vec::new(),
            midget: None,
            log: Vec::new(),
            mission_success: None,
            genius_used: false,
            after_combat: Vec::new(),
            survival_rolls: false,
            opening: Vec::new(),
            phase: Phase::Decide { ask: Ask::LoadType92 },
            last_roll: None,
            torpedoes_loaded: 0,
            torpedoes_fired: 0,
            torpedoes_lost: 0,
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
        self.torpedoes_loaded = self.boat.torpedoes();
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
        self.position = 0;
        self.phase = Phase::Roll {
            purpose: RollPurpose::Encounter,
        };
        self.enter_box_setup();
    }

    fn enter_box_setup(&mut self) {
        self.rerolled = false;
        self.radio_offered = false;
        self.radio_offer_now = false;
        self.radio_first = None;
        self.radio_choice = None;
        self.radar_second_chance_used = false;
        self.rolls_left = if self.boat.diesels_out > 0 { 2 } else { 1 };
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
        self.enter_box_setup();
        // [8.5.9] With the doctor out, every seriously wounded man rolls at the start of each box.
        if super::out(self.crew.doctor) {
            let mut rolls = Vec::new();
            for p in super::damage::OFFICERS {
                if self.crew.wound(p) == Some(periscope_data::sensuikan::charts::Wound::Sw) {
                    rolls.push(RollPurpose::DoctorSurvival { post: p, index: 0 });
                }
            }
            for (i, w) in self.crew.crew.iter().enumerate() {
                if *w == Some(periscope_data::sensuikan::charts::Wound::Sw) {
                    rolls.push(RollPurpose::DoctorSurvival {
                        post: super::Post::Crew,
                        index: u8::try_from(i).unwrap_or(0),
                    });
                }
            }
            if !rolls.is_empty() {
                rolls.reverse();
                self.after_combat = rolls;
                self.survival_rolls = true;
                self.next_after_combat_roll(ev);
                return;
            }
        }
        self.box_encounters(ev);
    }

    /// The box's encounter rolls, after any survival rolls.
    pub(crate) fn box_encounters(&mut self, ev: &mut Vec<PatrolEvent>) {
        if let Some(then) = self.carry.take() {
            self.carried_into_box(then, ev);
            return;
        }
        if self.skip_next_box {
            // Typhoon [B11]: no encounter roll in this box.
            self.skip_next_box = false;
            self.next_box(ev);
            return;
        }
        if self.is_mission_box() && !self.aborted && self.start_mission_rolls(ev) {
            return;
        }
        // [7.1] [7.7] [7.17] The aviation mission is flown from the mission box.
        if self.is_mission_box() && !self.aborted && self.start_air_mission(ev) {
            return;
        }
        if self.europe_arrival(ev) {
            self.rolls_left = 0;
            self.box_done(ev);
            return;
        }
        // [7.18] The kaiten attack replaces the mission box's encounter roll.
        if self.is_mission_box() && !self.aborted && self.start_kaiten(ev) {
            return;
        }
        if self.is_mission_box() && !self.aborted && self.start_midget(ev) {
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
        self.position += 1;
        if self.position >= self.route.len() {
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
        if self.aborted {
            return;
        }
        self.aborted = true;
        ev.push(PatrolEvent::Aborted {
            reason: reason.to_string(),
        });
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

    /// [8.1.2] [8.1.8] [8.7.1] The encounter roll.
    fn resolve_encounter(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) {
        let Some(b) = self.current_box() else {
            return;
        };
        let column = match b.kind {
            // [7.5] The Europe route: A3 Special Missions in each map transit box, both ways.
            BoxKind::Transit if self.europe_route_box() => SPECIAL_MISSIONS.to_string(),
            BoxKind::Transit => TRANSIT.to_string(),
            BoxKind::OnStation => self.options.area.clone(),
        };
        let natural = Dice::D2D6.read(&faces);
        let random_on = self
            .charts
            .a3
            .constants
            .iter()
            .find(|c| c.id == "random_event_on_natural")
            .map_or(12, |c| c.value);
        let mut roll = RollRecord::new("A3", "6.2.2B", Dice::D2D6, faces, vec![], (2, 12));
        // [8.1.8] The first natural 12 of the patrol is a random event, not the listed encounter.
        if natural == random_on && !self.random_event_used {
            self.random_event_used = true;
            // A radio intelligence roll in progress gives way to the event [B11].
            self.radio_first = None;
            roll = roll.with_outcome("random event (B11) [8.1.8]");
            roll.rule = "8.1.8".into();
            self.record(roll, ev);
            self.rolls_left = self.rolls_left.saturating_sub(1);
            self.phase = Phase::Roll {
                purpose: RollPurpose::RandomEvent,
            };
            return;
        }
        let enc = self
            .charts
            .a3
            .encounter(&column, self.month, natural)
            .map_or(Encounter::None, |r| r.result);
        roll = roll.with_outcome(format!("{} ({column})", super::words::encounter(enc)));
        self.record(roll, ev);
        let second_on = self
            .charts
            .a3
            .constants
            .iter()
            .find(|c| c.id == "radar_second_chance_on")
            .map_or(5, |c| c.value);
        // [8.1.2] Working radar: a second chance after a 5.
        if enc == Encounter::None
            && natural == second_on
            && self.radar_works()
            && !self.radar_second_chance_used
        {
            self.radar_second_chance_used = true;
            self.phase = Phase::Roll {
                purpose: RollPurpose::Encounter,
            };
            return;
        }
        // [B11] Radio intelligence: the second of two rolls is in; the player chooses.
        if let Some(first) = self.radio_first.take() {
            self.radio_choice = Some(first);
            self.pending_encounter = Some(enc);
            self.phase = Phase::Decide { ask: Ask::Reroll };
            return;
        }
        // [B11] Radio intelligence may be spent on an on-station encounter roll: roll twice and choose.
        if b.kind == BoxKind::OnStation
            && !self.radio_offered
            && self.markers.iter().any(|m| m == "radio_intelligence")
        {
            self.radio_offered = true;
            self.radio_offer_now = true;
            self.pending_encounter = Some(enc);
            self.phase = Phase::Decide { ask: Ask::Reroll };
            return;
        }
        self.navigator_or_encounter(enc, ev);
    }

    /// [8.7.1] The expert navigator may re-roll the encounter in a non-transit box; otherwise it stands.
    fn navigator_or_encounter(&mut self, enc: Encounter, ev: &mut Vec<PatrolEvent>) {
        let on_station = self.current_box().is_some_and(|b| b.kind == BoxKind::OnStation);
        if on_station && self.options.crew.expert_navigator && !self.rerolled {
            self.pending_encounter = Some(enc);
            self.phase = Phase::Decide { ask: Ask::Reroll };
            return;
        }
        self.rolls_left = self.rolls_left.saturating_sub(1);
        self.start_encounter(enc, ev);
    }

    /// After an encounter is over (or there was none): another roll in this box, or the next box.
    pub(crate) fn box_done(&mut self, ev: &mut Vec<PatrolEvent>) {
        self.combat = None;
        if matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        if self.mission_rolling {
            if self.aborted {
                // [8.6.2] Aborting gives the mission up.
                self.mission_rolling = false;
            } else {
                // [7.4]-[7.11] After an encounter, roll A3 Special Missions again.
                self.phase = Phase::Roll {
                    purpose: RollPurpose::MissionEncounter,
                };
                return;
            }
        }
        if self.rolls_left > 0 {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Encounter,
            };
        } else if !self.recover_before_leaving() {
            self.next_box(ev);
        }
    }

    /// The dice, chart, rule and reason of a roll.
    pub(crate) fn roll_spec(&self, p: RollPurpose) -> (Dice, String, String, String) {
        let proc = |id: &str| self.procs.chart(id).map_or(Dice::D1D6, |c| dice_of(c.dice));
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| {
            (d, chart.to_string(), rule.to_string(), reason.to_string())
        };
        use RollPurpose as R;
        match p {
            R::Load => s(
                Dice::D1D6,
                "Torpedo load",
                "4.5",
                "Roll for the early-war torpedo load",
            ),
            R::Encounter => s(
                Dice::D2D6,
                "A3",
                "6.2.2B",
                "Roll for an encounter in this track box",
            ),
            R::MissionEncounter => s(
                Dice::D2D6,
                "A3 Special Missions",
                "7.4",
                "The special mission: roll until no encounter",
            ),
            R::RandomEvent => s(
                dice_of(self.charts.b11.chart.dice),
                "B11",
                "8.1.8",
                "Roll the random event",
            ),
            R::ShipCount => s(
                proc("escorted_ships"),
                "Escorted ships",
                "8.1.3",
                "How many ships with the escort",
            ),
            R::ShipSize => s(
                dice_of(self.charts.a3.ship_size.dice),
                "A3 ship size",
                "8.1.3",
                "Roll the ship's size",
            ),
            R::Target { large } => {
                let c = if large {
                    &self.charts.t2.chart
                } else {
                    &self.charts.t1.chart
                };
                s(dice_of(c.dice), &c.id, "8.1.3", "Identify the ship")
            }
            R::Capital => s(
                dice_of(self.charts.t4.table.dice),
                "T4",
                "8.1.4",
                "Identify the capital ship",
            ),
            R::Warship => {
                let c = if self.british() {
                    &self.charts.t5.chart
                } else {
                    &self.charts.t3.chart
                };
                s(dice_of(c.dice), &c.id, "8.1.5", "Identify the warship")
            }
            R::TimeOfDay => s(proc("time_of_day"), "Time of day", "8.1.9", "Day or night"),
            R::ChangeTime => s(
                proc("change_time"),
                "Change day/night",
                "8.1.10",
                "Keep the contact while changing the time",
            ),
            R::Approach => s(
                Dice::D2D6,
                "B4",
                "8.2.1",
                "Escort detection on the short-range approach",
            ),
            R::ToHit => s(Dice::D2D6, "B1", "8.2.3", "Torpedo to hit"),
            R::Defective => s(Dice::D1D6, "B2", "8.2.3", "Is the torpedo defective?"),
            R::ShipDamage => s(Dice::D1D6, "B3", "8.2.3", "Damage to the ship"),
            R::GunHit { .. } => s(Dice::D2D6, "B1", "8.2.4", "Deck gun to hit"),
            R::GunDamage { .. } => s(Dice::D1D6, "B3", "8.2.4", "Deck gun damage"),
            R::TestDepth => s(Dice::D2D6, "Test depth", "8.2.6", "Beyond test depth"),
            R::Detection => s(Dice::D2D6, "B4", "8.2.5", "Escort detection"),
            R::Special => s(
                dice_of(self.charts.b5.special_attack.dice),
                "B5 special",
                "8.2.5",
                "Special attack?",
            ),
            R::Attack => s(Dice::D2D6, "B5", "8.2.5", "Attack on the submarine"),
            R::SubDamage => s(
                dice_of(self.charts.b5.damage.dice),
                "B5 damage",
                "8.2.5",
                "Damage to the submarine",
            ),
            R::CrewWho { .. } => s(
                dice_of(self.charts.b7.crew_hit.dice),
                "B7 crew",
                "8.5.9",
                "Who is hit",
            ),
            R::CrewHow { .. } => s(
                dice_of(self.charts.b7.wound.dice),
                "B7 wound",
                "8.5.9",
                "How badly",
            ),
            R::Flooding => s(
                dice_of(self.charts.b6.chart.dice),
                "B6",
                "8.5.3",
                "Additional flooding",
            ),
            R::Dive => s(dice_of(self.charts.a4.chart.dice), "A4", "8.3.1", "Quick dive"),
            R::AaFire => s(
                dice_of(self.charts.a2.chart.dice),
                "A2",
                "8.3.2",
                "Anti-aircraft fire",
            ),
            R::Arrival => s(
                Dice::D2D6,
                "A3",
                "8.2.8",
                "Additional combat round: does anyone arrive?",
            ),
            R::Initiative => s(proc("initiative"), "Initiative", "8.2.9.1", "Who attacks first"),
            R::EnemyTorpedo => s(Dice::D2D6, "B1", "8.2.9.4", "Enemy torpedo to hit"),
            R::EnemyDefective => s(Dice::D1D6, "B2", "8.2.9.4", "Is the enemy torpedo defective?"),
            R::Track { which } => {
                let id = match which {
                    TrackRoll::Damaged => "track_damaged",
                    TrackRoll::DamagedEscort => "track_damaged_escort",
                    TrackRoll::ConvoyDamaged => "track_convoy_damaged",
                    TrackRoll::Capital => "track_capital",
                    TrackRoll::Convoy => "track_convoy",
                };
                s(proc(id), "Tracking", "8.4", "Tracking")
            }
            R::Repair { .. } => s(proc("repair"), "Repair", "8.5.2", "Repair a damaged system"),
            R::DoctorSurvival { .. } => s(
                proc("doctor_survival"),
                "Survival",
                "8.5.9",
                "Does he survive his wounds?",
            ),
            R::ExpertDoctor { .. } => s(
                proc("expert_doctor"),
                "Expert doctor",
                "8.5.9.3",
                "Treat a light wound",
            ),
            R::Scuttle => s(proc("scuttle"), "Scuttle", "8.6.3", "Scuttle the submarine"),
            R::Rescue => s(proc("rescue"), "Rescue", "8.6.3", "Rescue of the crew"),
            R::EscortDirection => s(
                Dice::D1D6,
                "B5 escort direction",
                "11.3",
                "The escort's direction (1-2 left, 3-4 right, 5-6 straight ahead)",
            ),
            R::EscortQuality => s(Dice::D1D6, "D10 escort quality", "11.4", "The escort's quality"),
            R::AircrewQuality => s(Dice::D1D6, "D10 aircrew quality", "11.5", "The aircrew's quality"),
            R::Aviation { step } => self.air_roll_spec(step),
            R::Kaiten { step } => self.kaiten_roll_spec(step),
            R::Midget { midget } => self.midget_roll_spec(midget),
        }
    }

    /// A procedure chart roll: its record (clamped to the chart) and its result.
    pub(crate) fn proc_roll(
        &self,
        id: &str,
        rule: &str,
        faces: Vec<u8>,
        mods: Vec<Modifier>,
    ) -> (RollRecord, Option<ProcedureResult>) {
        let Some(c) = self.procs.chart(id) else {
            return (RollRecord::new(id, rule, Dice::D1D6, faces, mods, (1, 6)), None);
        };
        let rec = RollRecord::new(c.title.clone(), rule, dice_of(c.dice), faces, mods, c.span());
        let res = c.lookup(rec.result).map(|r| r.result);
        (rec, res)
    }

    /// A chart roll against `chart`, clamped to its span.
    pub(crate) fn chart_roll<T: Clone>(
        chart: &Chart<T>,
        label: &str,
        rule: &str,
        faces: Vec<u8>,
        mods: Vec<Modifier>,
    ) -> (RollRecord, Option<T>) {
        let rec = RollRecord::new(label, rule, dice_of(chart.dice), faces, mods, chart.span());
        let res = chart.lookup(rec.result).map(|r| r.result.clone());
        (rec, res)
    }

    /// Every roll lands here.
    pub(crate) fn resolve(&mut self, p: RollPurpose, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) {
        use RollPurpose as R;
        self.keep_neko_snapshot(p);
        self.shibumi_rolled(p);
        match p {
            R::Load => {
                // [4.5] 1-3: 12 Type 89 (the Example stows them as reloads); 4-6: all Type 95.
                let f = i32::from(faces.first().copied().unwrap_or(1));
                let old = f <= 3;
                let rec = RollRecord::new("Torpedo load", "4.5", Dice::D1D6, faces, vec![], (1, 6))
                    .with_outcome(if old {
                        "12 Type 89 and the rest Type 95"
                    } else {
                        "all Type 95"
                    });
                self.record(rec, ev);
                self.load(Torpedo::Type89, if old { 12 } else { 0 }, ev);
                self.start_patrol();
                self.begin_box(ev);
            }
            R::Encounter => self.resolve_encounter(faces, ev),
            R::MissionEncounter => self.resolve_mission_roll(faces, ev),
            R::RandomEvent => self.resolve_random_event(faces, ev),
            R::ShipCount
            | R::ShipSize
            | R::Target { .. }
            | R::Capital
            | R::Warship
            | R::TimeOfDay
            | R::ChangeTime => self.resolve_contact(p, faces, ev),
            R::Initiative | R::EnemyTorpedo | R::EnemyDefective => self.resolve_enemy_sub(p, faces, ev),
            R::Approach
            | R::ToHit
            | R::Defective
            | R::ShipDamage
            | R::GunHit { .. }
            | R::GunDamage { .. } => self.resolve_combat(p, faces, ev),
            R::Track { which } => self.resolve_track(which, faces, ev),
            R::TestDepth | R::Detection | R::Special | R::Attack => self.resolve_escort(p, faces, ev),
            R::Dive | R::AaFire | R::Arrival => self.resolve_air(p, faces, ev),
            R::SubDamage
            | R::CrewWho { .. }
            | R::CrewHow { .. }
            | R::Flooding
            | R::Repair { .. }
            | R::DoctorSurvival { .. }
            | R::ExpertDoctor { .. }
            | R::Scuttle
            | R::Rescue => self.resolve_damage(p, faces, ev),
            R::EscortDirection | R::EscortQuality | R::AircrewQuality => self.resolve_optional(p, faces, ev),
            R::Aviation { step } => self.resolve_air_ops(step, faces, ev),
            R::Kaiten { step } => self.resolve_kaiten(step, faces, ev),
            R::Midget { midget } => self.resolve_midget(midget, faces, ev),
        }
    }

    /// The offered choices of a decision, with the markers and skills that may be spent now.
    pub(crate) fn choices(&self, ask: Ask) -> (String, String, Vec<Choice<PatrolAction>>) {
        let (prompt, rule, mut v) = self.base_choices(ask);
        self.luck_choices(ask, &mut v);
        (prompt, rule, v)
    }

    fn base_choices(&self, ask: Ask) -> (String, String, Vec<Choice<PatrolAction>>) {
        use PatrolAction as A;
        if ask == Ask::Reroll {
            if let (Some(first), Some(second)) = (self.radio_choice, self.pending_encounter) {
                return (
                    format!(
                        "Radio intelligence: choose {} or {}",
                        super::words::encounter(first),
                        super::words::encounter(second)
                    ),
                    "B11".into(),
                    vec![
                        choice(
                            A::ChooseEncounter { second: false },
                            format!("The first roll: {}", super::words::encounter(first)),
                            "B11",
                        ),
                        choice(
                            A::ChooseEncounter { second: true },
                            format!("The second roll: {}", super::words::encounter(second)),
                            "B11",
                        ),
                    ],
                );
            }
            if self.radio_offer_now {
                return (
                    format!(
                        "Encounter: {}. Spend the radio intelligence marker to roll again and choose?",
                        super::words::maybe_encounter(self.pending_encounter)
                    ),
                    "B11".into(),
                    vec![
                        choice(A::Reroll { reroll: false }, "Keep the encounter", "B11"),
                        choice(
                            A::SpendRadio,
                            "Spend radio intelligence: roll again and choose",
                            "B11",
                        ),
                    ],
                );
            }
        }
        match ask {
            Ask::LoadType92 => (
                "Load up to 6 Type 92 electric torpedoes, the rest Type 95".into(),
                "4.5".into(),
                (0..=6u8)
                    .map(|n| choice(A::LoadType92 { count: n }, format!("{n} Type 92"), "4.5"))
                    .collect(),
            ),
            Ask::MidgetAttack => self.midget_choices(),
            Ask::Reroll => (
                format!(
                    "Encounter: {}. The expert navigator may re-roll it",
                    super::words::maybe_encounter(self.pending_encounter)
                ),
                "8.7.1".into(),
                vec![
                    choice(A::Reroll { reroll: false }, "Keep the encounter", "8.7.1"),
                    choice(A::Reroll { reroll: true }, "Re-roll the encounter", "8.7.1"),
                ],
            ),
            Ask::Shibumi => self.shibumi_choices(),
            Ask::Engage | Ask::Salvo | Ask::AfterRound | Ask::Pursue | Ask::EnemyAfter => {
                self.combat_choices(ask)
            }
            Ask::Evasion => self.evasion_choices(),
            Ask::Launch => self.launch_choices(),
            Ask::TestDepth => (
                "Go beyond test depth before the escorts roll to detect?".into(),
                "8.2.6".into(),
                vec![
                    choice(A::TestDepth { exceed: false }, "Stay within test depth", "8.2.6"),
                    choice(
                        A::TestDepth { exceed: true },
                        "Go beyond test depth (1 hull box, then 2d6)",
                        "8.2.6",
                    ),
                ],
            ),
        }
    }

    /// Applies an offered choice.
    pub(crate) fn decide(&mut self, ask: Ask, action: PatrolAction, ev: &mut Vec<PatrolEvent>) {
        use PatrolAction as A;
        if action == A::ManekiNeko {
            self.spend_maneki_neko(ev);
            return;
        }
        // A decision settles the latest roll: the Maneki Neko can no longer take it back.
        self.neko_snapshot = None;
        if action == A::Shibumi {
            self.use_shibumi(ask, ev);
            return;
        }
        if ask == Ask::Reroll && self.radio_choice.is_some() {
            let first = self.radio_choice.take().unwrap_or(Encounter::None);
            let second = self.pending_encounter.take().unwrap_or(Encounter::None);
            let enc = if action == (A::ChooseEncounter { second: true }) {
                second
            } else {
                first
            };
            self.rolls_left = self.rolls_left.saturating_sub(1);
            self.start_encounter(enc, ev);
            return;
        }
        if ask == Ask::Reroll && self.radio_offer_now {
            self.radio_offer_now = false;
            if action == A::SpendRadio {
                if let Some(i) = self.markers.iter().position(|m| m == "radio_intelligence") {
                    self.markers.remove(i);
                }
                ev.push(PatrolEvent::Spent {
                    what: "radio intelligence: a second encounter roll [B11]".into(),
                });
                self.radio_first = Some(self.pending_encounter.take().unwrap_or(Encounter::None));
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Encounter,
                };
            } else {
                let enc = self.pending_encounter.take().unwrap_or(Encounter::None);
                self.navigator_or_encounter(enc, ev);
            }
            return;
        }
        match (ask, action) {
            (Ask::LoadType92, A::LoadType92 { count }) => {
                self.load(Torpedo::Type92, u32::from(count), ev);
                self.start_patrol();
                self.begin_box(ev);
            }
            (Ask::MidgetAttack, action) => self.midget_decide(action, ev),
            (Ask::Reroll, A::Reroll { reroll }) => {
                self.rerolled = true;
                if reroll {
                    self.pending_encounter = None;
                    self.phase = Phase::Roll {
                        purpose: RollPurpose::Encounter,
                    };
                } else {
                    let enc = self.pending_encounter.take().unwrap_or(Encounter::None);
                    self.rolls_left = self.rolls_left.saturating_sub(1);
                    self.start_encounter(enc, ev);
                }
            }
            (Ask::TestDepth, A::TestDepth { exceed }) => self.test_depth_decision(exceed, ev),
            (Ask::Evasion, A::Evade { number }) => self.evade(number),
            (Ask::Launch, A::Launch { launch }) => self.launch_decision(launch, ev),
            (Ask::Shibumi, _) => self.shibumi_declined(),
            (ask, action) => self.combat_decide(ask, action, ev),
        }
    }

    /// The A3 Additional Combat Round column's arrival for a roll.
    pub(crate) fn arrival(&self, natural: i32) -> Encounter {
        self.charts
            .a3
            .encounter(ADDITIONAL_COMBAT_ROUND, self.month, natural)
            .map_or(Encounter::None, |r| r.result)
    }

    /// The British areas [8.1.4] [8.1.5].
    pub(crate) fn british(&self) -> bool {
        self.catalog
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
