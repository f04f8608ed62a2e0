//! Sensuikan: a whole career, month by month from December 1941 (or the class's availability) to July
//! 1945 — setup [4.x], patrol assignment [6.2 step 1], the patrols themselves (an embedded
//! [`Patrol`] game per patrol), refit [6.2 step 3] with crew [8.7], decorations [8.8], promotion [8.9]
//! and reassignment [9.x], and victory [5.x].
//!
//! The career is a list of steps: rolls it makes (or waits for), decisions it asks, and bookkeeping it
//! does between them. While a patrol is under way the career shows the patrol's pending decision or roll,
//! and forwards the patrol's actions to it; the patrol's dice come from the career's dice source.

mod action;
mod assignment;
mod awards;
mod chances;
mod command;
mod crew;
mod duty;
mod events;
mod log;
mod options;
pub mod policy;
mod promotion;
mod reassignment;
mod record;
mod refit;
mod setup;
pub mod tournament;
mod victory;
mod view;

#[cfg(test)]
mod air_ops_tests;
#[cfg(test)]
mod award_tests;
#[cfg(test)]
mod mission_tests;
#[cfg(test)]
mod optional_tests;
#[cfg(test)]
mod override_tests;
#[cfg(test)]
mod sequence_tests;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod undo_tests;
#[cfg(test)]
mod variant_tests;
#[cfg(test)]
mod view_tests;
#[cfg(test)]
mod walkthrough_tests;

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

use periscope_data::chart::Row;
use periscope_data::sensuikan::catalog::catalogs::{Catalog, SubmarineClass};
use periscope_data::sensuikan::charts::Charts;
use serde::{Deserialize, Serialize};

pub use action::CareerAction;
pub use assignment::{CareerMission, plan_name};
pub use events::CareerEvent;
pub use log::{LogRow, LogShip};
pub use options::{CareerOptions, PlayerData, SpecialSkillRule};
pub use victory::{CareerEnd, EndCause, VictoryLevel, alive as victory_cause_alive};
pub use view::{CareerView, EventMarker, MapArea, MapBase, MapView, SchoolsView};

pub(crate) use super::choice_as;
use super::shipped::Shipped;
use super::{CrewSetup, Labels, Patrol, PatrolAction, PatrolError, PatrolEvent};
use crate::Month;
use crate::dice::{Dice, DiceMode, DiceSource, Faces};
use crate::game::{Choice, Game, Inner, Pending, play_inner};
use crate::machine::{self, Decision, Refusal, RollSpec, Rules, Wait};
use crate::refusal::{Refused, Wording};
use crate::roll::RollRecord;
use command::Command;
use duty::Duty;
use record::ServiceRecord;

/// The last month a patrol may start [5.1.1].
pub const LAST_PATROL: Month = Month { year: 1945, month: 7 };

/// Officer ranks [8.9.1] [8.9.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    #[default]
    LieutenantCommander,
    Commander,
    Captain,
}

impl Rank {
    pub fn name(self) -> &'static str {
        match self {
            Rank::LieutenantCommander => "Lieutenant Commander",
            Rank::Commander => "Commander",
            Rank::Captain => "Captain",
        }
    }
}

/// The optional special skills [11.7], rolls 1-12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialSkill {
    Lucky,
    Tracker,
    CapitalShipHunter,
    Teamwork,
    CarrierHunter,
    Aggressive,
    Bold,
    Expert,
    Vigilant,
    AntiAircraftExpert,
    Leadership,
    TankerHunter,
}

impl SpecialSkill {
    pub const ALL: [SpecialSkill; 12] = [
        SpecialSkill::Lucky,
        SpecialSkill::Tracker,
        SpecialSkill::CapitalShipHunter,
        SpecialSkill::Teamwork,
        SpecialSkill::CarrierHunter,
        SpecialSkill::Aggressive,
        SpecialSkill::Bold,
        SpecialSkill::Expert,
        SpecialSkill::Vigilant,
        SpecialSkill::AntiAircraftExpert,
        SpecialSkill::Leadership,
        SpecialSkill::TankerHunter,
    ];
    /// The skill of a 1d20 roll of 1-12 [11.7].
    pub fn of_roll(r: i32) -> Option<Self> {
        usize::try_from(r - 1)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }
    pub fn id(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.id() == id)
    }
    /// The skill's name (`Leadership`), from the data.
    pub fn name(self) -> String {
        crate::sensuikan::words::word("special_skill", &self.id())
    }
    /// What the skill does, in a line.
    pub fn effect(self) -> Option<String> {
        crate::sensuikan::words::effect("special_skill", &self.id())
    }
}

/// The Golden Kite classes [8.8.1] [8.8.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kite {
    Fifth,
    Fourth,
}

/// A decision the career asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    Class,
    FreeTime,
    SpecialSkill,
    Request,
    RequestArea,
    Improve,
    Upgrade,
}

/// A roll the career makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum CareerRoll {
    FamilyName,
    GivenName,
    Kure { officer: u8 },
    MidgetSchool,
    PilotSchool { pilot: u8 },
    KaitenSchool { pilot: u8 },
    SpecialSkill,
    Request,
    Assignment,
    Recovery { post: u8 },
    ExpertXo,
    Promotion,
    AirRaid,
}

/// One step of the career's script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    Roll {
        roll: CareerRoll,
    },
    Ask {
        ask: Ask,
    },
    /// Start the assignment of the next patrol [6.2 step 1].
    Assign,
    /// Sail: build the patrol game [6.2 step 2].
    Sail,
    /// The refit steps after the crew checks: awards, promotion, reassignment, removal, air raid.
    Awards,
    Reassign,
    Removals,
    /// [4.8.2] [4.8.3] [4.8.4] Replacements for a lost midget commander or pilots, and kaiten pilots for a
    /// boat newly fitted with kaiten, each through his school.
    Schools,
    EndRefit,
}

/// Where the career stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    Decide { ask: Ask },
    Roll { roll: CareerRoll },
    Patrol,
    Over { end: CareerEnd },
}

/// Why a career action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum CareerError {
    Patrol(PatrolError),
    /// A refusal every game shares.
    #[serde(untagged)]
    Refused(Refused),
}

/// A career's words for the shared refusals.
const WORDING: Wording = Wording::CAREER;

impl fmt::Display for CareerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CareerError::Patrol(e) => write!(f, "patrol: {e}"),
            CareerError::Refused(r) => r.fmt_with(f, &WORDING),
        }
    }
}

impl std::error::Error for CareerError {}

/// The skills the crew holds (the patrol's [`CrewSetup`] flags, plus the captain's Shibumi) [8.7.1].
pub const IMPROVEMENTS: [&str; 10] = [
    "crew_level",
    "expert_engineer",
    "mechanical_genius",
    "expert_doctor",
    "expert_xo",
    "lookout",
    "expert_gunner",
    "aa_expert",
    "expert_navigator",
    "shibumi",
];

/// Statistics of the current promotion period [8.9.2].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Period {
    pub golden_kite: bool,
    pub ships_sunk: u32,
    pub unsuccessful: u32,
}

/// The refit under way [6.2.3A].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refit {
    /// The month the patrol sailed.
    pub sailed: Month,
    pub patrol_months: i32,
    pub refit_months: i32,
    /// Officers seriously wounded: post index (0 captain … 4 engineer) [8.5.9.1].
    pub seriously_wounded: Vec<u8>,
    /// The captain's months in hospital [8.5.9.1].
    pub captain_hospital: i32,
    pub successful: bool,
    pub tonnage: u32,
    pub capital_sunk: bool,
    pub ships_sunk: u32,
    pub captain_wounded: bool,
    /// A new submarine comes with the next patrol (9.1, 9.2, air raid, Truk).
    pub new_boat: bool,
}

impl Default for Refit {
    fn default() -> Self {
        Self {
            sailed: victory_war_start(),
            patrol_months: 0,
            refit_months: 0,
            seriously_wounded: Vec::new(),
            captain_hospital: 0,
            successful: false,
            tonnage: 0,
            capital_sunk: false,
            ships_sunk: 0,
            captain_wounded: false,
            new_boat: false,
        }
    }
}

/// A whole Sensuikan career: the machinery that plays it (options, data, dice, script, phase), the month,
/// and its parts — the command (captain, boat and crew), the service record, and the duty under way (the
/// assignment, the patrol or the refit).
#[derive(Debug, Clone, PartialEq)]
pub struct Career {
    options: CareerOptions,
    /// The charts, catalogs and procedures, shared with every patrol.
    data: Arc<Shipped>,
    dice: DiceSource,
    steps: VecDeque<Step>,
    phase: Phase,
    month: Month,
    command: Command,
    service: ServiceRecord,
    duty: Duty,
    opening: Vec<CareerEvent>,
    last_roll: Option<RollRecord>,
    quiet: crate::roll::Quiet,
}

pub(crate) fn choice(action: CareerAction, label: impl Into<String>, rule: &str) -> Choice<CareerAction> {
    Choice {
        action,
        label: label.into(),
        rule: rule.into(),
    }
}

impl Career {
    pub fn options(&self) -> &CareerOptions {
        &self.options
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn month(&self) -> Month {
        self.month
    }
    pub fn rank(&self) -> Rank {
        self.command.rank
    }
    pub fn crew(&self) -> &CrewSetup {
        &self.command.crew
    }
    pub fn log(&self) -> &[LogRow] {
        &self.service.log
    }
    pub fn patrol(&self) -> Option<&Patrol> {
        self.duty.patrol.as_deref()
    }
    pub fn base(&self) -> &str {
        &self.command.base
    }
    pub fn class_id(&self) -> &str {
        &self.command.class
    }
    pub fn last_roll(&self) -> Option<&RollRecord> {
        self.last_roll.as_ref()
    }
    pub fn opening_events(&self) -> &[CareerEvent] {
        &self.opening
    }
    pub fn decorations(&self) -> &[String] {
        &self.service.decorations
    }
    pub fn special_missions(&self) -> u32 {
        self.service.special_missions
    }
    /// Total tonnage sunk on the Patrol Log [5.2.1]: the patrols written on it, what victory counts.
    pub fn tonnage(&self) -> u32 {
        self.service.tonnage()
    }
    /// The tonnage sunk so far: the Patrol Log's and the patrol under way's, which the log gets when the
    /// boat is home ([`Career::under_way_row`]).
    pub fn tonnage_so_far(&self) -> u32 {
        self.tonnage() + self.under_way_row().map_or(0, |r| r.tonnage)
    }
    /// The end, once the career is over.
    pub fn end(&self) -> Option<&CareerEnd> {
        match &self.phase {
            Phase::Over { end } => Some(end),
            _ => None,
        }
    }
    pub(crate) fn class_data(&self) -> Option<&SubmarineClass> {
        self.data.catalog.class(&self.command.class)
    }
    pub(crate) fn charts(&self) -> &Charts {
        &self.data.charts
    }
    pub(crate) fn catalog(&self) -> &Catalog {
        &self.data.catalog
    }

    /// The career without its latest rolls (its own, its patrols'): what a quiet career never keeps.
    #[cfg(test)]
    pub(crate) fn forget_rolls(&mut self) {
        self.last_roll = None;
        for p in self
            .duty
            .patrol
            .iter_mut()
            .chain(self.duty.last_patrol.iter_mut())
        {
            p.forget_rolls();
        }
    }

    /// Keeps the roll as the latest and reports it, unless the career is quiet.
    pub(crate) fn record(&mut self, roll: RollRecord, ev: &mut Vec<CareerEvent>) {
        if !self.quiet.records() {
            return;
        }
        crate::roll::keep_latest(&mut self.last_roll, &roll);
        ev.push(CareerEvent::Rolled { roll });
    }

    pub(crate) fn note(ev: &mut Vec<CareerEvent>, rule: &str, text: impl Into<String>) {
        ev.push(CareerEvent::Note {
            rule: rule.into(),
            text: text.into(),
        });
    }

    /// [10.1] The chart of the patrol roll player 2 must make now, if any.
    pub fn player_two_roll(&self) -> Option<String> {
        if !self.options.two_player || !matches!(self.phase, Phase::Patrol) {
            return None;
        }
        match self.duty.patrol.as_ref()?.pending() {
            Pending::Roll(spec) if player_two_chart(&spec.chart) => Some(spec.chart),
            _ => None,
        }
    }

    fn waiting_for(&self) -> String {
        match &self.phase {
            Phase::Decide { ask } => format!("a decision ({})", self.choices(*ask).prompt),
            Phase::Roll { roll } => format!("the dice ({})", self.roll_spec(*roll).reason),
            Phase::Patrol => "the patrol under way".into(),
            Phase::Over { .. } => "nothing: the career is over".into(),
        }
    }

    /// Takes the next step of the script; bookkeeping steps run at once.
    pub(crate) fn next_step(&mut self, ev: &mut Vec<CareerEvent>) {
        loop {
            if matches!(self.phase, Phase::Over { .. }) {
                return;
            }
            let Some(step) = self.steps.pop_front() else {
                self.steps.push_back(Step::Assign);
                continue;
            };
            match step {
                Step::Roll { roll } => {
                    self.phase = Phase::Roll { roll };
                    return;
                }
                Step::Ask { ask } => {
                    if self.choices_as(ask, Labels::Skipped).choices.is_empty() {
                        continue;
                    }
                    self.phase = Phase::Decide { ask };
                    return;
                }
                Step::Assign => self.begin_assignment(ev),
                Step::Sail => {
                    self.sail(ev);
                    if matches!(self.phase, Phase::Patrol | Phase::Over { .. }) {
                        return;
                    }
                }
                Step::Awards => self.awards(ev),
                Step::Reassign => self.reassign(ev),
                Step::Removals => self.removals(ev),
                Step::Schools => self.schools(ev),
                Step::EndRefit => self.end_refit(ev),
            }
        }
    }

    pub(crate) fn push_front(&mut self, steps: Vec<Step>) {
        for s in steps.into_iter().rev() {
            self.steps.push_front(s);
        }
    }

    /// The dice, chart, rule and reason of a career roll.
    pub(crate) fn roll_spec(&self, r: CareerRoll) -> RollSpec {
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match r {
            CareerRoll::FamilyName => s(Dice::D20, "H2", "11.8", "Commander's family name"),
            CareerRoll::GivenName => s(Dice::D20, "H2", "11.8", "Commander's given name"),
            CareerRoll::Kure { .. } => s(Dice::D2D6, "F1", "4.8.1", "Kure school training roll"),
            CareerRoll::MidgetSchool => s(Dice::D2D6, "F2", "4.8.2", "Midget school roll"),
            CareerRoll::PilotSchool { .. } => s(Dice::D2D6, "F3", "4.8.3", "Kasumigaura roll per pilot"),
            CareerRoll::KaitenSchool { .. } => s(
                Dice::from(self.charts().f4.chart.dice),
                "F4",
                "4.8.4",
                "Otsujima roll per kaiten pilot",
            ),
            CareerRoll::SpecialSkill => s(Dice::D20, "Special skills", "11.7", "Special skill"),
            CareerRoll::Request => s(Dice::D1D6, "Patrol request", "8.9.1", "Request a patrol"),
            CareerRoll::Assignment => s(Dice::D2D6, "A1", "6.2.1B", "Patrol assignment"),
            CareerRoll::Recovery { .. } => s(Dice::D1D6, "Recovery", "8.5.9.1", "Months to heal"),
            CareerRoll::ExpertXo => s(Dice::D2D6, "Expert XO", "8.7.4", "Does the expert XO leave?"),
            CareerRoll::Promotion => s(Dice::D1D6, "Promotion", "8.9.2", "Promotion roll"),
            CareerRoll::AirRaid => s(Dice::D2D6, "Air raid", "4.7.6", "Air raid on the port"),
        }
    }

    fn resolve(
        &mut self,
        r: CareerRoll,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        match r {
            CareerRoll::FamilyName | CareerRoll::GivenName => self.resolve_name(r, faces, ev)?,
            CareerRoll::Kure { officer } => self.resolve_kure(officer, faces, ev)?,
            CareerRoll::MidgetSchool => self.resolve_midget_school(faces, ev)?,
            CareerRoll::PilotSchool { pilot } => self.resolve_pilot_school(pilot, faces, ev)?,
            CareerRoll::KaitenSchool { pilot } => self.resolve_kaiten_school(pilot, faces, ev)?,
            CareerRoll::SpecialSkill => self.resolve_special_skill(faces, ev),
            CareerRoll::Request => self.resolve_request(faces, ev),
            CareerRoll::Assignment => self.resolve_assignment(faces, ev),
            CareerRoll::Recovery { post } => self.resolve_recovery(post, faces, ev),
            CareerRoll::ExpertXo => self.resolve_expert_xo(faces, ev),
            CareerRoll::Promotion => self.resolve_promotion(faces, ev),
            CareerRoll::AirRaid => self.resolve_air_raid(faces, ev),
        }
        Ok(())
    }

    /// The prompt, rule and legal choices of a decision.
    pub(crate) fn choices(&self, ask: Ask) -> Decision<CareerAction> {
        self.choices_as(ask, Labels::Written)
    }

    /// [`Career::choices`], the labels written or not: the same choices in the same order either way.
    fn choices_as(&self, ask: Ask, labels: Labels) -> Decision<CareerAction> {
        match ask {
            Ask::Class => self.class_choices(labels),
            Ask::FreeTime => self.free_time_choices(labels),
            Ask::SpecialSkill => self.special_skill_choices(),
            Ask::Request => self.request_choices(labels),
            Ask::RequestArea => self.area_choices(labels),
            Ask::Improve => self.improve_choices(labels),
            Ask::Upgrade => self.upgrade_choices(labels),
        }
    }

    fn decide(&mut self, action: CareerAction, ev: &mut Vec<CareerEvent>) {
        match action {
            CareerAction::ChooseClass { class } => self.choose_class(&class, ev),
            CareerAction::FreeTime { option } => self.choose_free_time(&option, ev),
            CareerAction::SpecialSkill { skill } => self.take_special_skill(skill, ev),
            CareerAction::Request { request } => self.choose_request(request),
            CareerAction::Area { area } => self.choose_area(&area, ev),
            CareerAction::Improve { choice } => self.improve(&choice, ev),
            CareerAction::Upgrade { class } => self.upgrade(class, ev),
            CareerAction::Patrol { .. } | CareerAction::Roll { .. } => {}
        }
    }

    fn with_data(
        options: CareerOptions,
        seed: u64,
        dice: DiceMode,
        data: Arc<Shipped>,
    ) -> Result<Self, CareerError> {
        crate::save::name_fits("commander", &options.commander).map_err(CareerError::Refused)?;
        crate::save::name_fits("hull number", &options.hull_number).map_err(CareerError::Refused)?;
        let start = options.start;
        let base = data
            .catalog
            .map
            .start_base()
            .map_or_else(|| "yokosuka".to_string(), |b| b.id.clone());
        // [4.4.2] The crew at Trained, the boat in port at the starting base (see `Command::new`).
        let mut g = Self {
            command: Command::new(options.commander.clone(), base),
            options,
            data,
            dice: DiceSource::new(&dice, seed),
            steps: VecDeque::new(),
            phase: Phase::Decide { ask: Ask::Class },
            month: start,
            service: ServiceRecord::new(start),
            duty: Duty::default(),
            opening: Vec::new(),
            last_roll: None,
            quiet: crate::roll::Quiet::default(),
        };
        let mut ev = Vec::new();
        g.begin_setup(&mut ev)?;
        machine::settle(&mut g, &mut ev)?;
        g.opening = ev;
        Ok(g)
    }
}

impl Game for Career {
    type Options = CareerOptions;
    type Action = CareerAction;
    type Event = CareerEvent;
    type Error = CareerError;

    const ID: &'static str = "sensuikan-career";
    const NAME: &'static str = "Sensuikan (career)";
    const RULES_DATA: Option<&'static str> = Some("sensuikan");

    /// With the player's override file in the options, its charts and class entries are the career's
    /// (and its patrols').
    fn new(options: CareerOptions, seed: u64, dice: DiceMode) -> Result<Self, CareerError> {
        let data = match &options.overrides {
            Some(o) => {
                Shipped::with_overrides(&o.file, &o.text)
                    .map_err(|e| CareerError::Refused(Refused::Data(e)))?
                    .0
            }
            None => Shipped::get().map_err(|e| CareerError::Refused(Refused::Data(e)))?,
        };
        Self::with_data(options, seed, dice, data)
    }

    fn pending(&self) -> Pending<CareerAction> {
        machine::pending(self)
    }

    fn apply(&mut self, action: CareerAction) -> Result<Vec<CareerEvent>, CareerError> {
        machine::play(self, action)
    }

    fn apply_discarding_on_error(&mut self, action: CareerAction) -> Result<Vec<CareerEvent>, CareerError> {
        machine::play_in_place(self, action)
    }

    fn apply_offered(&mut self, action: CareerAction) -> Result<Vec<CareerEvent>, CareerError> {
        machine::play_offered(self, action)
    }

    fn apply_offered_into(
        &mut self,
        action: CareerAction,
        events: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        machine::play_offered_into(self, action, events)
    }

    /// The patrol under way, and every patrol after it, is quiet too.
    fn quiet(&mut self) {
        self.quiet.hush();
        if let Some(p) = self.duty.patrol.as_mut() {
            p.quiet();
        }
    }

    fn dice_action(faces: Vec<u8>) -> CareerAction {
        CareerAction::Roll { faces }
    }
}

/// What the career's machine rolls for: one of its own charts, or the roll its patrol waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throw {
    Career(CareerRoll),
    /// The patrol under way waits for this roll; the career's dice make it.
    Patrol,
}

impl Career {
    /// The actions of the decision the career waits for, in the order its pending lists their choices
    /// (none when it waits for a roll or is over): at sea the patrol's, listed without their labels
    /// ([`Patrol::offered_actions`]); a policy's fast path.
    pub fn offered_actions(&self) -> Vec<CareerAction> {
        match &self.phase {
            Phase::Decide { ask } => self
                .choices_as(*ask, Labels::Skipped)
                .choices
                .into_iter()
                .map(|c| c.action)
                .collect(),
            Phase::Patrol => self.duty.patrol.as_deref().map_or_else(Vec::new, |p| {
                p.offered_actions()
                    .into_iter()
                    .map(|action| CareerAction::Patrol { action })
                    .collect()
            }),
            Phase::Roll { .. } | Phase::Over { .. } => Vec::new(),
        }
    }

    /// The patrol under way, when the career is at sea.
    fn at_sea(&self) -> Option<&Patrol> {
        match self.phase {
            Phase::Patrol => self.duty.patrol.as_deref(),
            _ => None,
        }
    }

    /// Plays an action of the patrol under way and takes its events; a patrol that has ended is
    /// finished at once (the Patrol Log, the career's next step).
    fn patrol_step(&mut self, action: PatrolAction, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        self.patrol_step_as(action, false, ev)
    }

    /// [`Career::patrol_step`], for an action the patrol offers (`offered`: see [`machine::play_offered`])
    /// or any other.
    fn patrol_step_as(
        &mut self,
        action: PatrolAction,
        offered: bool,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        // The career itself plays on a copy (or is thrown away) when an action is refused.
        self.patrol_plays(ev, |p| {
            if offered {
                p.apply_offered(action)
            } else {
                p.apply_discarding_on_error(action)
            }
        })
    }

    /// The roll the patrol under way waits for, thrown by the career's dice: read at once
    /// ([`machine::play_thrown_into`]), as the roll's action would be.
    fn patrol_rolled(&mut self, faces: Faces, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        self.patrol_plays(ev, |p| {
            let mut out = Vec::new();
            let roll = |faces: Faces| PatrolAction::Roll {
                faces: faces.into_vec(),
            };
            machine::play_thrown_into(p, faces, roll, &mut out).map(|()| out)
        })
    }

    /// Plays on the patrol under way and takes its events; a patrol that has ended is finished at once
    /// (the Patrol Log, the career's next step).
    fn patrol_plays(
        &mut self,
        ev: &mut Vec<CareerEvent>,
        play: impl FnOnce(&mut Patrol) -> Result<Vec<PatrolEvent>, PatrolError>,
    ) -> Result<(), CareerError> {
        const PATROL: Inner<PatrolError, CareerError> = Inner {
            none: || CareerError::Refused(Refused::GameOver),
            refused: CareerError::Patrol,
        };
        let over = play_inner(
            self.duty.patrol.as_deref_mut(),
            &PATROL,
            play,
            |event| CareerEvent::Patrol { patrol: event },
            Patrol::is_over,
            ev,
        )?;
        if over {
            self.finish_patrol(ev);
            // [6.2.2C] The patrol report first: the refit and the next assignment are the next step.
            self.duty.home = matches!(self.phase, Phase::Patrol);
        }
        Ok(())
    }

    /// [10.1] In a two-player game, whether the patrol's roll now is player 2's.
    fn player_two_throw(&self, spec: &RollSpec) -> bool {
        self.options.two_player && player_two_chart(&spec.chart)
    }
}

impl Rules for Career {
    type Action = CareerAction;
    type Event = CareerEvent;
    type Error = CareerError;
    type Roll = Throw;

    const ROLL_LIMIT: usize = 1_000_000;

    fn wait(&self) -> Wait<CareerAction, Throw> {
        match &self.phase {
            Phase::Decide { ask } => Wait::Decide(self.choices(*ask)),
            Phase::Roll { roll } => Wait::Roll(Throw::Career(*roll)),
            Phase::Patrol => match self.duty.patrol.as_ref().map(|p| p.pending()) {
                Some(Pending::Decision(d)) => Wait::Decide(Decision {
                    prompt: d.prompt,
                    rule: d.rule,
                    choices: d
                        .choices
                        .into_iter()
                        .map(|c| Choice {
                            action: CareerAction::Patrol { action: c.action },
                            label: c.label,
                            rule: c.rule,
                        })
                        .collect(),
                }),
                Some(Pending::Roll(_)) => Wait::Roll(Throw::Patrol),
                // Never seen between actions: an ended patrol is finished as it ends, and its refit
                // follows at the next step (`carry_on`).
                _ => Wait::Over {
                    won: false,
                    summary: "the patrol is over".into(),
                },
            },
            Phase::Over { end } => Wait::Over {
                won: end.level >= VictoryLevel::MarginalVictory,
                summary: end.describe(),
            },
        }
    }

    /// As `wait`: the patrol's roll is the career's, its decisions are not listed to find out.
    fn waiting_roll(&self) -> Option<Throw> {
        match &self.phase {
            Phase::Roll { roll } => Some(Throw::Career(*roll)),
            Phase::Patrol => self
                .duty
                .patrol
                .as_deref()
                .and_then(Rules::waiting_roll)
                .map(|_| Throw::Patrol),
            _ => None,
        }
    }

    /// At sea the patrol judges every action ([`Rules::check`] lets them all through) once it waits for
    /// a decision.
    fn decides_without_listing(&self) -> bool {
        matches!(self.phase, Phase::Patrol)
            && self
                .duty
                .patrol
                .as_deref()
                .is_some_and(|p| !p.is_over() && Rules::waiting_roll(p).is_none())
    }

    fn roll_dice(&self, throw: Throw) -> Dice {
        match (throw, self.at_sea()) {
            (Throw::Patrol, Some(p)) => match Rules::waiting_roll(p) {
                Some(r) => Rules::roll_dice(p, r),
                None => Rules::roll_spec(self, throw).dice,
            },
            _ => Rules::roll_spec(self, throw).dice,
        }
    }

    /// The patrol's rolls have the patrol's odds; the career's own charts give none yet.
    fn roll_odds(&self, throw: Throw) -> Option<crate::odds::Odds> {
        let patrol = self.at_sea()?;
        match throw {
            Throw::Patrol => patrol.waiting_roll().and_then(|r| patrol.roll_odds(r)),
            Throw::Career(_) => None,
        }
    }

    fn roll_spec(&self, throw: Throw) -> RollSpec {
        match throw {
            Throw::Career(r) => Career::roll_spec(self, r),
            Throw::Patrol => {
                let Some(Pending::Roll(mut spec)) = self.duty.patrol.as_ref().map(|p| p.pending()) else {
                    return RollSpec::new(Dice::D1D6, "", "", "the patrol waits for no roll");
                };
                if self.options.two_player && spec.chart == ESCORT_DIRECTION {
                    spec.reason = format!(
                        "Player 2 chooses in secret [10.1] [11.3]: enter the escort's number 1-6 ({})",
                        spec.reason
                    );
                } else if self.player_two_throw(&spec) {
                    spec.reason = format!("Player 2 rolls [10.1]: {}", spec.reason);
                }
                spec
            }
        }
    }

    fn dice(&mut self) -> &mut DiceSource {
        &mut self.dice
    }

    fn faces_of(action: &CareerAction) -> Option<&[u8]> {
        match action {
            CareerAction::Roll { faces } => Some(faces),
            _ => None,
        }
    }

    /// The patrol's own rules judge its actions (and say why they refuse one).
    fn check(&self, decision: &Decision<CareerAction>, action: &CareerAction) -> Result<(), CareerError> {
        if self.at_sea().is_some() || decision.offers(action) {
            Ok(())
        } else {
            Err(self.not_now(action))
        }
    }

    /// At sea the patrol is told the action is one it offers.
    fn decide_offered(&mut self, action: CareerAction, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        match (&self.phase, action) {
            (Phase::Patrol, CareerAction::Patrol { action }) => self.patrol_step_as(action, true, ev),
            (_, action) => Rules::decide(self, action, ev),
        }
    }

    fn decide(&mut self, action: CareerAction, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        match (&self.phase, action) {
            (Phase::Patrol, CareerAction::Patrol { action }) => self.patrol_step(action, ev),
            (Phase::Patrol, action) => Err(self.not_now(&action)),
            (_, action) => {
                Career::decide(self, action, ev);
                if !matches!(self.phase, Phase::Over { .. }) {
                    self.next_step(ev);
                }
                Ok(())
            }
        }
    }

    /// [6.2 step 3] A patrol that has just ended goes on to its refit (see `Duty::home`).
    fn carry_on(&mut self, ev: &mut Vec<CareerEvent>) -> Result<bool, CareerError> {
        if !std::mem::take(&mut self.duty.home) {
            return Ok(false);
        }
        if matches!(self.phase, Phase::Patrol) {
            self.next_step(ev);
        }
        Ok(true)
    }

    fn resolve(&mut self, throw: Throw, faces: Faces, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        match throw {
            Throw::Career(r) => {
                Career::resolve(self, r, faces.into_vec(), ev)?;
                if !matches!(self.phase, Phase::Over { .. }) {
                    self.next_step(ev);
                }
                Ok(())
            }
            Throw::Patrol => self.patrol_rolled(faces, ev),
        }
    }

    fn rolls_itself(&self, throw: Throw) -> bool {
        // Only a two-player career has rolls it does not make: one player needs no roll spec to know.
        throw != Throw::Patrol
            || !self.options.two_player
            || !self.player_two_throw(&Rules::roll_spec(self, throw))
    }

    /// Faces for the patrol go straight to it; [10.1] player 2's are recorded as his.
    fn enter(&mut self, throw: Throw, faces: &[u8], ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        match throw {
            Throw::Career(r) => {
                if self.dice.program_rolls() {
                    return Err(CareerError::Refused(Refused::NotPhysical));
                }
                let dice = Career::roll_spec(self, r).dice;
                self.dice
                    .enter(dice, faces)
                    .map_err(|e| CareerError::Refused(Refused::Dice(e)))
            }
            Throw::Patrol => {
                let by_player_two = self.player_two_roll();
                if self.dice.program_rolls() && by_player_two.is_none() {
                    return Err(CareerError::Refused(Refused::NotPhysical));
                }
                if let Some(chart) = by_player_two {
                    ev.push(CareerEvent::RolledBy {
                        player: 2,
                        chart,
                        faces: faces.to_vec(),
                    });
                    self.service.player_two_rolls += 1;
                }
                self.patrol_step(
                    PatrolAction::Roll {
                        faces: faces.to_vec(),
                    },
                    ev,
                )
            }
        }
    }

    fn waiting_for(&self) -> String {
        Career::waiting_for(self)
    }

    /// At sea, the patrol says why it refuses an action, as it would on its own.
    fn not_now(&self, action: &CareerAction) -> CareerError {
        match (self.at_sea(), action) {
            (Some(p), CareerAction::Patrol { action }) => CareerError::Patrol(p.not_now(action)),
            (Some(_), CareerAction::Roll { .. })
                if self.dice.program_rolls() && self.player_two_roll().is_none() =>
            {
                CareerError::Refused(Refused::NotPhysical)
            }
            (Some(p), CareerAction::Roll { faces }) => {
                CareerError::Patrol(p.not_now(&PatrolAction::Roll { faces: faces.clone() }))
            }
            _ => CareerError::Refused(Refused::NotNow {
                action: action.to_string(),
                waiting_for: self.waiting_for(),
            }),
        }
    }
}

impl From<Refusal> for CareerError {
    fn from(r: Refusal) -> Self {
        CareerError::Refused(Refused::from_refusal(r, &WORDING))
    }
}

/// The row a shipped chart must have for a roll: its absence is a data error, never a default.
pub(crate) fn chart_row<'a, T>(
    row: Option<&'a Row<T>>,
    chart: &str,
    roll: i32,
) -> Result<&'a T, CareerError> {
    row.map(|r| &r.result)
        .ok_or_else(|| CareerError::Refused(Refused::Data(format!("chart {chart} has no row for {roll}"))))
}

/// [10.1] The charts the other player rolls in a two-player game: escort detection (B4), escort and
/// aviation attacks (B5, with the escort's direction against an evasive manoeuvre, his secret choice
/// [11.3]), flooding (B6), crew casualties (B7), and the quality of his escorts and aircrews (D10 [11.4]
/// [11.5]).
pub fn player_two_chart(chart: &str) -> bool {
    ["B4", "B5", "B6", "B7", "D10"]
        .iter()
        .any(|c| chart.starts_with(c))
}

/// [10.1] [11.3] The escort's direction: in a two-player game player 2 chooses it in secret and enters it
/// as his number, revealed with the submarine's.
pub const ESCORT_DIRECTION: &str = "B5 escort direction";

/// December 1941.
pub(crate) fn victory_war_start() -> Month {
    Month {
        year: 1941,
        month: 12,
    }
}
