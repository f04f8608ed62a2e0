//! A battle with U-boats in a travel box, by procedure [6.1 2a]-[6.1 2e] [7.1]: its set-up (day or
//! night, weather, the pack) in [`setup`], the daylight air attack in [`air`], the escort array in
//! [`array`], the boats' placement and reports in [`placement`], detection before the attack in
//! [`detection`], the escorts' hunts in [`hunt`], the boats' attacks in [`attack`], the boats' damage and
//! repairs in [`damage`]. Each procedure owns its state, carried in [`Step`]; the boats themselves are in
//! `uboat`, below `damage`. This module holds what the battle keeps from step to step (the boats, the
//! display, the cycle) and passes the battle from one procedure to the next: at most three cycles, the
//! first in two impulses for a wolfpack [7.1.1] [6.1 2e] [7.1.4].

pub(crate) mod air;
pub(crate) mod array;
pub(crate) mod attack;
pub(crate) mod damage;
pub(crate) mod detection;
pub(crate) mod hunt;
pub(crate) mod placement;
pub(crate) mod setup;
mod uboat;

use std::collections::VecDeque;

use periscope_data::atlantic::charts::Weather;
use periscope_data::atlantic::tactical::Display;
use serde::Serialize;

pub use uboat::{BoatState, Credit, Damage, Station, Uboat};

use self::damage::{DamageRoll, Repairs};
use super::convoy::Fate;
use super::events::MissionEvent;
use super::group::EscortStatus;
use super::travel::TravelBox;
use super::{Mission, MissionAction, MissionError, Phase, Throw};
use crate::machine::{Decision, Wait};
use crate::refusal::Refused;

/// Whether a step's wait lists a decision's choices (and writes its words), or only says that the step
/// waits for a decision: what the machine's loop asks ([`crate::machine::Rules::waiting_roll`]) needs no
/// list. Every step takes the same branch either way, so the two agree on the roll waited for and on
/// whether the mission is over (the both-paths tests check it at every step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Listing {
    /// The decision's choices, prompt and rule, as the player sees them.
    Choices,
    /// Only the kind of wait: a decision's and an end's words left empty.
    KindOnly,
}

impl Listing {
    /// A decision, listed by `f` when the choices are asked for.
    #[inline]
    pub(crate) fn decide(self, f: impl FnOnce() -> Decision<MissionAction>) -> Wait<MissionAction, Throw> {
        Wait::Decide(match self {
            Listing::Choices => f(),
            Listing::KindOnly => Decision {
                prompt: String::new(),
                rule: String::new(),
                choices: Vec::new(),
            },
        })
    }

    /// Words written by `f` when the choices are asked for; none otherwise.
    #[inline]
    pub(crate) fn words(self, f: impl FnOnce() -> String) -> String {
        match self {
            Listing::Choices => f(),
            Listing::KindOnly => String::new(),
        }
    }
}

/// What the A2 roll brought [7.1.3] [7.1.4].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleKind {
    Single,
    Wolfpack,
}

/// The jobs of an impulse, in the order [6.1 2e] gives: hunts of boats detected before they attack,
/// the attacks of the others, then the hunts after the attacks.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Plan {
    pub pre: VecDeque<usize>,
    pub attacks: VecDeque<usize>,
    pub post: VecDeque<usize>,
}

/// Where the battle stands: each procedure with its own state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Setup(setup::Setup),
    Air(air::AirStrike),
    Array(array::Arraying),
    Place(placement::Placing),
    Detect(detection::Detecting),
    Hunt(Box<hunt::Hunt>),
    Attack(Box<attack::UboatAttack>),
    Repairs(Repairs),
    /// After the battle: escorts left to guard the stragglers [7.1.6].
    Guard,
    Finished,
    /// Only while a step is being played.
    Limbo,
}

/// A battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Battle {
    /// The mission's first battle is 1.
    pub number: u8,
    pub kind: BattleKind,
    pub box_number: u8,
    pub travel_box: TravelBox,
    /// The boat of an event found on the surface: detected before it attacks [9.2].
    pub surfaced: bool,
    /// The first cycle's time; the others alternate [7.1.5].
    pub night_first: bool,
    pub weather: Option<Weather>,
    pub boats: Vec<Uboat>,
    pub cycle: u8,
    pub impulse: u8,
    /// The boats of this impulse, and those of the first cycle's second impulse [6.1 2e].
    pub acting: Vec<usize>,
    pub second: Vec<usize>,
    /// Each escort's box (by the group's order), whether it moved, whether it engaged a boat this
    /// impulse [7.1.3].
    pub spots: Vec<Option<String>>,
    pub moved: Vec<bool>,
    pub engaged: Vec<bool>,
    /// The array at the start of the impulse, to return to [7.1.3].
    pub array_start: Vec<Option<String>>,
    /// Whether the escorts have been arrayed in this battle.
    pub arrayed: bool,
    pub plan: Plan,
    pub step: Step,
    /// The boat's attack last finished in this impulse, kept for the table to show its hits and
    /// sinkings until the next attack begins or the impulse ends. Read only by the view; no rule
    /// reads it.
    pub last_attack: Option<Box<attack::UboatAttack>>,
}

impl Battle {
    /// Night in cycle `c`: the first cycle's time, then alternating [7.1.5].
    pub fn night_in(&self, c: u8) -> bool {
        self.night_first ^ c.is_multiple_of(2)
    }

    pub fn night(&self) -> bool {
        self.night_in(self.cycle)
    }

    pub fn bad_weather(&self) -> bool {
        self.weather == Some(Weather::Bad)
    }

    /// The escorts in a box.
    pub fn in_box(&self, station: &str) -> Vec<usize> {
        (0..self.spots.len())
            .filter(|&i| self.spots[i].as_deref() == Some(station))
            .collect()
    }
}

impl Mission {
    /// The display of this convoy.
    pub(crate) fn display(&self) -> Result<&Display, MissionError> {
        self.data
            .data
            .tactical
            .display(&self.convoy.display)
            .ok_or_else(|| {
                super::reading::unanswered("tactical.json", format_args!("display {}", self.convoy.display))
            })
    }

    /// The escort boxes a boat at `station` touches: escorts there detect it by ASDIC and hunt it
    /// without moving (Box S for the range boxes by the stragglers) [7.1.3] [7.1.6].
    pub(crate) fn adjacent_boxes(&self, station: &Station) -> Vec<String> {
        let Ok(d) = self.display() else { return Vec::new() };
        match station {
            Station::Approach(a) => d.approach(a).map(|a| a.adjacent.clone()).unwrap_or_default(),
            Station::Stragglers(r) => {
                let s = &d.stragglers.escort_box;
                if s.engages.iter().any(|e| e == r) {
                    vec![s.id.clone()]
                } else {
                    Vec::new()
                }
            }
        }
    }

    /// Whether the Straggler Box holds anything a boat may go for: damaged merchants and damaged
    /// escorts [7.1.6] [7.4.3].
    pub(crate) fn stragglers_present(&self) -> bool {
        !self.convoy.stragglers().is_empty()
            || self
                .group
                .escorts
                .iter()
                .any(|e| e.status == EscortStatus::Damaged)
    }

    /// The battle a box's A2 roll (or an event) brings [6.1 2a].
    pub(crate) fn begin_battle(
        &mut self,
        kind: BattleKind,
        surfaced: bool,
        ev: &mut Vec<MissionEvent>,
    ) -> Phase {
        let n = self.group.escorts.len();
        self.battles += 1;
        let b = Battle {
            number: self.battles,
            kind,
            box_number: self.voyage.box_number(),
            travel_box: self.voyage.current().cloned().unwrap_or_else(|| TravelBox {
                id: String::new(),
                name: String::new(),
                condor_range: false,
                air_gap: false,
                long_range_air: false,
            }),
            surfaced,
            night_first: true,
            weather: None,
            boats: Vec::new(),
            cycle: 1,
            impulse: 1,
            acting: Vec::new(),
            second: Vec::new(),
            spots: vec![None; n],
            moved: vec![false; n],
            engaged: vec![false; n],
            array_start: vec![None; n],
            arrayed: false,
            plan: Plan::default(),
            step: Step::Setup(setup::Setup::default()),
            last_attack: None,
        };
        // The guards of the last battle are recalled: every escort is arrayed anew [7.1.6].
        self.group.guards.clear();
        let _ = ev;
        Phase::Battle(Box::new(b))
    }

    /// A cycle begins [7.1.1]: the daylight air attack first [6.1 2d] [7.2.2], then the array.
    pub(crate) fn begin_cycle(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        for u in &mut b.boats {
            u.station = None;
            u.reported = false;
            u.shadowing = false;
            u.detected = false;
        }
        let available: Vec<usize> = (0..b.boats.len())
            .filter(|&i| b.boats[i].available(b.cycle))
            .collect();
        if available.is_empty() {
            return self.end_battle(b, ev);
        }
        if !b.night() && self.air_in_box(b) {
            b.step = Step::Air(air::AirStrike::new(available[0]));
            return;
        }
        self.after_air(b, ev);
    }

    /// Whether aircraft can attack in this box: long-range air outside the air gap, or a CVE anywhere;
    /// never in Bad weather [7.2.1] [7.2.8].
    pub(crate) fn air_in_box(&self, b: &Battle) -> bool {
        if b.bad_weather() {
            return false;
        }
        let lr = self.options.air.long_range_air && b.travel_box.long_range_air;
        lr || self.options.air.cve
    }

    /// After the air attack: the boats of the impulse (half, rounded up, in the first of a wolfpack's
    /// first cycle) [6.1 2e] [7.1.4], then the array.
    pub(crate) fn after_air(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        let available: Vec<usize> = (0..b.boats.len())
            .filter(|&i| b.boats[i].available(b.cycle))
            .collect();
        if available.is_empty() {
            return self.end_cycle(b, ev);
        }
        let split =
            b.cycle == 1 && b.kind == BattleKind::Wolfpack && self.data.entries.first_cycle_impulses > 1;
        if split {
            let first = available.len().div_ceil(2);
            b.acting = available[..first].to_vec();
            b.second = available[first..].to_vec();
        } else {
            b.acting = available;
            b.second = Vec::new();
        }
        b.impulse = 1;
        self.array_for_impulse(b, ev);
    }

    /// The array before an impulse: the first one places every escort; later ones may keep it.
    pub(crate) fn array_for_impulse(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        if self.group.fighting().is_empty() {
            return self.start_impulse(b, ev);
        }
        b.step = Step::Array(if b.arrayed {
            array::Arraying::offer()
        } else {
            array::Arraying::placing()
        });
    }

    /// The array is done: the impulse's boats are placed [6.1 2e].
    pub(crate) fn start_impulse(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        b.arrayed = true;
        b.array_start = b.spots.clone();
        self.remember_array(b);
        b.plan = Plan::default();
        ev.push(MissionEvent::Cycle {
            cycle: b.cycle,
            impulse: b.impulse,
            night: b.night(),
            boats: b.acting.iter().map(|&i| b.boats[i].number).collect(),
        });
        let straggler_boat = if self.stragglers_present() {
            b.acting.first().copied()
        } else {
            None
        };
        let p = placement::Placing::new(&b.acting, straggler_boat);
        self.place_next(b, p, ev);
    }

    /// The next job of the impulse, or its end [6.1 2e].
    pub(crate) fn advance(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        if self.ended.is_some() {
            b.step = Step::Finished;
            return;
        }
        if let Some(boat) = b.plan.pre.pop_front() {
            return self.begin_hunt(b, boat, false, ev);
        }
        if let Some(boat) = b.plan.attacks.pop_front() {
            return self.begin_attack(b, boat, ev);
        }
        if let Some(boat) = b.plan.post.pop_front() {
            return self.begin_hunt(b, boat, true, ev);
        }
        self.end_impulse(b, ev);
    }

    /// The end of an impulse: damaged merchants into the Straggler Box, escorts unmoved [7.1.6]
    /// [7.1.3]; the second impulse, or the end of the cycle.
    fn end_impulse(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        b.last_attack = None;
        for m in &mut self.convoy.ships {
            if m.fate == Fate::InConvoy && m.damage > 0 {
                m.fate = Fate::Straggler;
                ev.push(MissionEvent::Straggler {
                    name: m.name.clone(),
                    tonnage: m.tonnage,
                    why: "damaged [7.1.6]".into(),
                });
            }
        }
        b.moved.iter_mut().for_each(|m| *m = false);
        b.engaged.iter_mut().for_each(|e| *e = false);
        let second: Vec<usize> = b
            .second
            .iter()
            .copied()
            .filter(|&i| b.boats[i].available(b.cycle))
            .collect();
        if b.cycle == 1 && b.impulse == 1 && !second.is_empty() {
            b.impulse = 2;
            b.acting = second;
            b.second = Vec::new();
            return self.array_for_impulse(b, ev);
        }
        self.end_cycle(b, ev);
    }

    /// The end of a cycle: flooding pumped out [7.3.1], repairs for the boats still in the pool, then
    /// the next cycle [7.1.1].
    pub(crate) fn end_cycle(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        let mut queue = Vec::new();
        for i in 0..b.boats.len() {
            let u = &b.boats[i];
            if matches!(u.state, BoatState::Sunk { .. } | BoatState::Removed { .. }) {
                continue;
            }
            if u.damage.flooding > 0 {
                ev.push(MissionEvent::note(format!(
                    "U-boat {} pumps out its flooding and stays in the pool [7.3.1]",
                    u.number
                )));
                b.boats[i].damage.flooding = 0;
            }
            for s in self.repairs_due(&b.boats[i]) {
                queue.push((i, s));
            }
        }
        if queue.is_empty() {
            self.next_cycle(b, ev);
        } else {
            b.step = Step::Repairs(Repairs { queue });
        }
    }

    pub(crate) fn next_cycle(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        if b.cycle >= self.data.entries.max_cycles {
            return self.end_battle(b, ev);
        }
        b.cycle += 1;
        self.begin_cycle(b, ev);
    }

    /// The battle is over [7.1.1]: temporary stragglers rejoin in the next box [7.1.6], and escorts may
    /// be left to guard the stragglers [7.1.6].
    pub(crate) fn end_battle(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        for m in &mut self.convoy.ships {
            if m.temporary && m.fate == Fate::Straggler {
                m.rejoins_next_box = true;
            }
        }
        for u in &b.boats {
            if u.damage.any() || u.sunk() {
                self.log_uboat(b, u);
            }
        }
        let sunk = b.boats.iter().filter(|u| u.sunk()).count();
        ev.push(MissionEvent::BattleOver {
            summary: format!(
                "{}, {sunk} sunk, {} damaged",
                super::words::count(
                    u32::try_from(b.boats.len()).unwrap_or(u32::MAX),
                    "U-boat",
                    "U-boats"
                ),
                b.boats.iter().filter(|u| !u.sunk() && u.damage.any()).count()
            ),
        });
        b.spots.iter_mut().for_each(|s| *s = None);
        let guards_possible = !self.convoy.stragglers().is_empty() && !self.group.fighting().is_empty();
        b.step = if guards_possible && self.ended.is_none() {
            Step::Guard
        } else {
            Step::Finished
        };
    }

    /// The system the next repair roll is for.
    pub(crate) fn repair_system(&self) -> Option<String> {
        match &self.phase {
            Phase::Battle(b) => match &b.step {
                Step::Repairs(r) => r.queue.first().map(|(_, s)| s.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// What the battle waits for; with `list` false a decision is only said to be one, its choices not
    /// listed (see [`Listing`]).
    pub(crate) fn battle_wait(&self, b: &Battle, list: Listing) -> Wait<MissionAction, Throw> {
        match &b.step {
            Step::Setup(s) => self.setup_wait(b, s),
            Step::Air(a) => self.air_wait(b, a),
            Step::Array(a) => list.decide(|| self.array_decision(b, a)),
            Step::Place(p) => self.place_wait(b, p, list),
            Step::Detect(d) => self.detect_wait(b, d),
            Step::Hunt(h) => self.hunt_wait(b, h, list),
            Step::Attack(a) => self.attack_wait(b, a, list),
            Step::Repairs(r) => Wait::Roll(Throw::Damage(DamageRoll::Repair {
                boat: r.queue.first().map_or(0, |(i, _)| b.boats[*i].number),
            })),
            Step::Guard => list.decide(|| self.guard_decision(b)),
            Step::Finished | Step::Limbo => Wait::Over {
                won: false,
                summary: list.words(|| "the battle is between steps".into()),
            },
        }
    }

    /// Plays a decision of the battle.
    pub(crate) fn battle_decide(
        &mut self,
        b: &mut Battle,
        action: MissionAction,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let step = std::mem::replace(&mut b.step, Step::Limbo);
        match step {
            Step::Array(a) => self.array_decide(b, a, action, ev),
            Step::Place(p) => self.place_decide(b, p, action, ev),
            Step::Hunt(h) => self.hunt_decide(b, *h, action, ev),
            Step::Attack(a) => self.attack_decide(b, *a, action, ev),
            Step::Guard => self.guard_decide(b, action, ev),
            other => {
                b.step = other;
                Err(MissionError::Refused(Refused::Data(
                    "no decision is waited for in this step of the battle".into(),
                )))
            }
        }
    }

    /// Reads a roll of the battle.
    pub(crate) fn battle_roll(
        &mut self,
        b: &mut Battle,
        throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let step = std::mem::replace(&mut b.step, Step::Limbo);
        match step {
            Step::Setup(s) => self.setup_roll(b, s, throw, faces, ev),
            Step::Air(a) => self.air_roll(b, a, throw, faces, ev),
            Step::Place(p) => self.place_roll(b, p, throw, faces, ev),
            Step::Detect(d) => self.detect_roll(b, d, throw, faces, ev),
            Step::Hunt(h) => self.hunt_roll(b, *h, throw, faces, ev),
            Step::Attack(a) => self.attack_roll(b, *a, throw, faces, ev),
            Step::Repairs(mut r) => {
                if r.queue.is_empty() {
                    self.next_cycle(b, ev);
                    return Ok(());
                }
                let (i, system) = r.queue.remove(0);
                let mut u = b.boats[i].clone();
                self.resolve_repair(&mut u, &system, faces, ev)?;
                b.boats[i] = u;
                if r.queue.is_empty() {
                    self.next_cycle(b, ev);
                } else {
                    b.step = Step::Repairs(r);
                }
                Ok(())
            }
            other => {
                b.step = other;
                Err(MissionError::Refused(Refused::Data(
                    "no roll is waited for in this step of the battle".into(),
                )))
            }
        }
    }

    /// The boats sunk or damaged, for the Convoy Log [4.3.2].
    fn log_uboat(&mut self, b: &Battle, u: &Uboat) {
        let credited = self
            .kills
            .iter()
            .find(|(battle, n, _)| *battle == b.number && *n == u.number)
            .map(|(_, _, s)| s.clone());
        self.uboat_log.push(super::UboatRecord {
            box_number: b.box_number,
            boat: u.number,
            kind: u.kind_name.clone(),
            sunk_by: match &u.state {
                BoatState::Sunk { by } => Some(by.clone()),
                _ => None,
            },
            credited_to: credited,
            hull: u.damage.hull,
            systems: u.damage.systems.clone(),
        });
    }
}
