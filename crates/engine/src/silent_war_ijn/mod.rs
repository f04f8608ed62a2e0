//! Silent War: IJN expansion — the companion at the player's elbow.
//!
//! Periscope does not play Silent War (we have the expansion's text, not the base game's): it keeps the
//! expansion's bookkeeping beside the physical game. The IJN Set's six piles, the draws (seeded, or the
//! player's "I drew X"), arrivals and date removals at the start of a month's first week, event removals
//! at the end of the turn the player declares the event, replacements and effective values, the special
//! ships, depletion, tonnage credit, damage and the optional repair track; and the expansion's procedures
//! (loners, crash dive, targeting an escort, early War Period 4) as guided steps. What only the base game
//! knows it asks, citing the base-game case (`data/silent_war_ijn/base_game_questions.json`), and never
//! supplies itself. Cases are the labels of `shared/rules/checklist-silent-war-ijn.md` (`[3.41*]`,
//! `[3.7 Oyodo]`); our readings where the text is silent are in `docs/rules/silent-war-ijn.md`.
//!
//! Each procedure owns its state, carried in the phase it belongs to: [`setup`], [`calendar`] (the turn
//! and month), [`combat`] (with [`replacement`] of revealed counters, [`damage`] at its end, [`crash_dive`]
//! and [`targeting`] inside it, and [`loner`]'s set-up), [`contact`] (the loner contact roll) and
//! [`war_period_4`].

mod action;
mod calendar;
mod combat;
mod contact;
mod crash_dive;
mod damage;
mod events;
mod loner;
mod piles;
pub mod policy;
mod procedure;
mod replacement;
mod setup;
mod targeting;
mod view;
mod war_period_4;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use periscope_data::Month;
use periscope_data::silent_war_ijn::IjnData;
use periscope_data::silent_war_ijn::combat::CounterValues;
use periscope_data::silent_war_ijn::ships::{Counter, Scenario};
use serde::{Deserialize, Serialize};

pub use action::{BoxColour, Drawer, Fate, LonerIs, Shown, Stacks, SwAction};
pub use events::{Ship, SwEvent, Until};
pub use piles::Place;
pub use procedure::Procedure;
pub use view::{CompanionView, OutView, PileView, ShipView};

use crate::dice::{Dice, DiceMode, DiceSource, Faces, SeededRng};
use crate::game::{Choice, Game, Pending};
use crate::machine::{self, Decision, Refusal, RollSpec, Rules, Wait};
use crate::refusal::{Refused, Wording};
use crate::roll::RollRecord;

use calendar::MonthStart;
use combat::Combat;
use contact::Contact;
use setup::Setup;
use war_period_4::Progress;

/// The companion's options: every set-up answer is an action of the game (so a save replays it); the
/// options carry only the owner's override file (`overrides/silent_war_ijn.json`: the counters' values,
/// dates and ships as the owner's set prints them), so that a save replays on the values it began with.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompanionOptions {
    /// `None`: Periscope's data. An entry the file gets wrong stays Periscope's, as the start screen says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overrides: Option<crate::game::PlayerData>,
}

/// The Silent War die: one d10 read 0 to 9 [4.1] [4.3] [5.2].
pub const DIE: Dice = Dice::D10Zero;

/// Why an action was refused. The companion is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum SwError {
    /// That counter is not in that pile, so it cannot have been drawn from it.
    NotInPile { counter: String, pile: String },
    /// No counter of the IJN Set has that id.
    UnknownCounter { counter: String },
    /// Targeting an Escort is forbidden by restriction `letter` of [6.1].
    EscortTargetForbidden { letter: char, reason: String },
    /// Targeting an Escort is for the first attack round only, once a combat [6.0].
    NotFirstRound { reason: String },
    /// A month the set-up cannot start in.
    BadStart { month: Month, reason: String },
    /// A refusal every game shares.
    #[serde(untagged)]
    Refused(Refused),
}

/// How the Silent War companion words the shared refusals.
const WORDING: Wording = Wording {
    waits: "the companion",
    rolls: "this game",
    over: "the companion's game is over",
    data: "the companion's data",
    unsettled: "the rules did not settle after the action",
};

impl fmt::Display for SwError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwError::NotInPile { counter, pile } => write!(
                f,
                "{counter} is not in the {pile} pile now, so it cannot have been drawn from it [3.1A]"
            ),
            SwError::UnknownCounter { counter } => write!(f, "no IJN Set counter is called '{counter}'"),
            SwError::EscortTargetForbidden { letter, reason } => {
                write!(f, "Targeting an Escort is not allowed ({letter}): {reason} [6.1]")
            }
            SwError::NotFirstRound { reason } => write!(f, "{reason} [6.0]"),
            SwError::BadStart { month, reason } => write!(f, "the game cannot start in {month}: {reason}"),
            SwError::Refused(r) => r.fmt_with(f, &WORDING),
        }
    }
}

impl std::error::Error for SwError {}

impl From<Refusal> for SwError {
    fn from(r: Refusal) -> Self {
        SwError::Refused(Refused::from_refusal(r, &WORDING))
    }
}

/// What the player answered at set-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Settings {
    pub scenario: Scenario,
    pub start: Month,
    /// The optional Damage Table and repair track [3.51*].
    pub damage_table: bool,
    /// The Campaign Game (1-4), if one is played [3.52*A].
    pub campaign_game: Option<u8>,
    pub drawer: Drawer,
    pub stacks: Stacks,
}

/// Where the game stands on the Turn Record Track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Calendar {
    pub month: Month,
    /// The turn of the month, from 1.
    pub week: u8,
    pub war_period: u8,
}

/// What the player told the companion about the submarine in combat, kept until another boat fights.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Boat {
    /// Its class, an id of the Crash Dive Ratings [5.2].
    pub class: Option<String>,
    pub tactical: Option<u8>,
    pub super_skipper: Option<u8>,
}

impl Boat {
    pub fn is_known(&self) -> bool {
        self.class.is_some() || self.tactical.is_some() || self.super_skipper.is_some()
    }
}

/// The roll the companion waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throw {
    /// The contact roll on the Area Activity Chart [4.1].
    Contact,
    /// The second roll for a loner [4.1].
    SecondContact,
    /// The submarine's placement against a loner [4.2 Submarine].
    Placement,
    /// A loner Combat Event's roll [4.3].
    LonerEvent,
    /// A crash dive [5.1].
    CrashDive,
    /// The optional Damage Table [3.51*].
    Repair,
}

/// Where the companion stands.
#[derive(Debug, Clone, PartialEq)]
enum Phase {
    Setup(Setup),
    /// A turn under way: its menu.
    Turn,
    /// The start of a month: has a new War Period begun?
    MonthStart(MonthStart),
    Contact(Contact),
    Combat(Box<Combat>),
    Progress(Progress),
    Over {
        summary: String,
    },
}

/// The companion's state.
#[derive(Debug, Clone, PartialEq)]
pub struct Companion {
    data: Arc<IjnData>,
    dice: DiceSource,
    /// The piles' own stream, so seeded and physical dice draw the same ships.
    draws: SeededRng,
    settings: Option<Settings>,
    calendar: Calendar,
    /// Where each counter of the IJN Set is, by its index in the catalog.
    places: Vec<Place>,
    /// Printed values the player entered, by counter id (the catalog's own come first).
    entered: BTreeMap<String, CounterValues>,
    /// The War Events declared so far, in order.
    declared: Vec<String>,
    /// Declared this turn: their counters leave at the end of the turn [2.1.1].
    removing: Vec<String>,
    /// Thousands of tons credited for IJN ships sunk through the companion [3.6].
    credited: u64,
    /// The first month of the early War Period 4 transition [7.0].
    wp4_from: Option<Month>,
    boat: Boat,
    /// What the player's counters corrected in Periscope's data, in order (a counter drawn that the data
    /// had out of its pile, one it did not have).
    corrections: Vec<String>,
    phase: Phase,
    last_roll: Option<RollRecord>,
}

impl Companion {
    /// A companion on this data (the shipped data with a player's overrides, say).
    pub fn with_data(data: Arc<IjnData>, seed: u64, dice: DiceMode) -> Self {
        let places = vec![Place::NotInScenario; data.set.counters.len()];
        Companion {
            data,
            dice: DiceSource::new(&dice, seed),
            draws: SeededRng::new(seed ^ 0x5117_E27A_1941_0001),
            settings: None,
            calendar: Calendar {
                month: Month {
                    year: 1941,
                    month: 12,
                },
                week: 1,
                war_period: 1,
            },
            places,
            entered: BTreeMap::new(),
            declared: Vec::new(),
            removing: Vec::new(),
            credited: 0,
            wp4_from: None,
            boat: Boat::default(),
            corrections: Vec::new(),
            phase: Phase::Setup(Setup::default()),
            last_roll: None,
        }
    }

    pub fn data(&self) -> &IjnData {
        &self.data
    }
    pub fn settings(&self) -> Option<&Settings> {
        self.settings.as_ref()
    }
    pub fn calendar(&self) -> Calendar {
        self.calendar
    }
    pub fn place(&self, counter: &str) -> Option<Place> {
        self.data
            .set
            .index_of(counter)
            .and_then(|i| self.places.get(i).cloned())
    }
    pub fn places(&self) -> &[Place] {
        &self.places
    }
    pub fn declared(&self) -> &[String] {
        &self.declared
    }
    /// Thousands of tons credited for the IJN ships sunk [3.6].
    pub fn credited(&self) -> u64 {
        self.credited
    }
    pub fn boat(&self) -> &Boat {
        &self.boat
    }
    pub fn last_roll(&self) -> Option<&RollRecord> {
        self.last_roll.as_ref()
    }
    /// The first month of the early War Period 4 transition, once advanced [7.0].
    pub fn war_period_4_from(&self) -> Option<Month> {
        self.wp4_from
    }
    /// What the player's counters corrected in Periscope's data, in order.
    pub fn corrections(&self) -> &[String] {
        &self.corrections
    }
    /// The War Period Transition number of the current month, once War Period 4 advanced early [7.0],
    /// and only until War Period 4 begins: the number says when it may, and means nothing after.
    pub fn transition_number(&self) -> Option<u8> {
        if self.calendar.war_period >= 4 {
            return None;
        }
        let from = self.wp4_from?;
        self.data.war_period_4.number(from, self.calendar.month)
    }

    /// The counter at an index of the catalog.
    fn counter(&self, index: usize) -> Option<&Counter> {
        self.data.set.counters.get(index)
    }

    /// A counter as events name it.
    fn ship(&self, index: usize) -> Ship {
        match self.counter(index) {
            Some(c) => Ship {
                id: c.id.clone(),
                name: c.label(),
            },
            None => Ship {
                id: String::new(),
                name: "?".into(),
            },
        }
    }

    /// The printed values of a counter, if known: the catalog's (an override) or the player's.
    fn values_of(&self, index: usize) -> Option<CounterValues> {
        let c = self.counter(index)?;
        match (c.defense, c.asw) {
            (Some(defense), Some(asw)) => Some(CounterValues { defense, asw }),
            _ => self.entered.get(&c.id).copied(),
        }
    }

    /// A question of `base_game_questions.json`: its prompt (citing the base-game case) and its case.
    fn ask(&self, id: &str) -> (String, String) {
        match self.data.questions.question(id) {
            Some(q) => (q.prompt(), q.case().to_string()),
            None => (id.replace('_', " "), String::new()),
        }
    }

    /// A reminder of `base_game_questions.json`, as a note.
    fn remind(&self, id: &str, ev: &mut Vec<SwEvent>) {
        if let Some(r) = self.data.questions.reminder(id) {
            let case = r.cases.first().map_or("", String::as_str);
            ev.push(SwEvent::note(case, r.say.clone()));
        }
    }

    fn roll_record(
        &mut self,
        chart: &str,
        rule: &str,
        faces: Vec<u8>,
        modifiers: Vec<crate::roll::Modifier>,
        outcome: String,
        ev: &mut Vec<SwEvent>,
    ) -> RollRecord {
        let roll = RollRecord::new(chart, rule, DIE, faces, modifiers, (0, 9)).with_outcome(outcome);
        self.last_roll = Some(roll.clone());
        ev.push(SwEvent::Rolled { roll: roll.clone() });
        roll
    }

    fn waiting_for(&self) -> String {
        match Rules::wait(self) {
            Wait::Decide(d) => format!("a decision ({})", d.prompt),
            Wait::Roll(r) => format!("the die ({})", self.roll_spec(r).reason),
            Wait::Over { .. } => "nothing: the game is over".into(),
        }
    }
}

/// A choice for a decision.
fn choice(action: SwAction, label: impl Into<String>, rule: &str) -> Choice<SwAction> {
    Choice {
        action,
        label: label.into(),
        rule: rule.into(),
    }
}

/// The yes and no of a question.
fn yes_no(yes: &str, no: &str, rule: &str) -> Vec<Choice<SwAction>> {
    vec![
        choice(SwAction::Answer { yes: true }, yes, rule),
        choice(SwAction::Answer { yes: false }, no, rule),
    ]
}

/// The numbers 0-9 a counter value, a rating or a Super Skipper may take.
fn digits(make: impl Fn(u8) -> SwAction, label: impl Fn(u8) -> String, rule: &str) -> Vec<Choice<SwAction>> {
    (0..=9).map(|n| choice(make(n), label(n), rule)).collect()
}

impl Game for Companion {
    type Options = CompanionOptions;
    type Action = SwAction;
    type Event = SwEvent;
    type Error = SwError;

    const ID: &'static str = "silent-war-ijn";
    const NAME: &'static str = "Silent War: IJN expansion (companion)";
    const RULES_DATA: Option<&'static str> = Some("silent_war_ijn");

    fn new(options: CompanionOptions, seed: u64, dice: DiceMode) -> Result<Self, SwError> {
        let mut data = IjnData::shipped().map_err(|e| SwError::Refused(Refused::Data(e.to_string())))?;
        if let Some(o) = &options.overrides {
            // What the file gets right is in force; what it gets wrong stays shipped (the start screen and
            // `charts check` name each mistake).
            let _report = periscope_data::overrides::apply(
                &o.file,
                &o.text,
                &mut periscope_data::overrides::GameData::SilentWarIjn { data: &mut data },
            );
        }
        Ok(Self::with_data(Arc::new(data), seed, dice))
    }

    fn pending(&self) -> Pending<SwAction> {
        machine::pending(self)
    }

    fn apply(&mut self, action: SwAction) -> Result<Vec<SwEvent>, SwError> {
        machine::play(self, action)
    }

    fn dice_action(faces: Vec<u8>) -> SwAction {
        SwAction::Roll { faces }
    }
}

impl Rules for Companion {
    type Action = SwAction;
    type Event = SwEvent;
    type Error = SwError;
    type Roll = Throw;

    fn wait(&self) -> Wait<SwAction, Throw> {
        match &self.phase {
            Phase::Setup(s) => Wait::Decide(self.setup_decision(s)),
            Phase::Turn => Wait::Decide(self.turn_decision()),
            Phase::MonthStart(m) => Wait::Decide(self.month_start_decision(m)),
            Phase::Contact(c) => self.contact_wait(c),
            Phase::Combat(c) => self.combat_wait(c),
            Phase::Progress(p) => Wait::Decide(self.progress_decision(p)),
            Phase::Over { summary } => Wait::Over {
                won: true,
                summary: summary.clone(),
            },
        }
    }

    fn roll_spec(&self, throw: Throw) -> RollSpec {
        let (chart, rule, reason) = match throw {
            Throw::Contact => (
                "Area Activity Chart",
                "4.1",
                "Roll the contact roll on the Area Activity Chart's War Period row",
            ),
            Throw::SecondContact => ("Area Activity Chart", "4.1", "Roll again for a loner"),
            Throw::Placement => (
                "Loner placement",
                "4.2 Submarine",
                "Roll for the submarine's column, less its Super Skipper rating",
            ),
            Throw::LonerEvent => (
                "Loner Combat Event",
                "4.3",
                "Roll the loner's Combat Event [SW19.2]",
            ),
            Throw::CrashDive => (
                "Crash Dive",
                "5.1",
                "Roll the crash dive, less the Super Skipper rating",
            ),
            Throw::Repair => (
                "IJN Optional Damage Table",
                "3.51*",
                "Roll on the IJN Optional Damage Table",
            ),
        };
        RollSpec::new(DIE, chart, rule, reason)
    }

    fn dice(&mut self) -> &mut DiceSource {
        &mut self.dice
    }

    fn faces_of(action: &SwAction) -> Option<&[u8]> {
        match action {
            SwAction::Roll { faces } => Some(faces),
            _ => None,
        }
    }

    /// The offered choices, and what a decision cannot list: a number typed in, a counter the player
    /// drew, or an action the rules refuse with their own reason (targeting an escort).
    fn check(&self, decision: &Decision<SwAction>, action: &SwAction) -> Result<(), SwError> {
        if decision.offers(action) || self.takes_typed(action) {
            Ok(())
        } else {
            Err(self.not_now(action))
        }
    }

    fn decide(&mut self, action: SwAction, ev: &mut Vec<SwEvent>) -> Result<(), SwError> {
        let phase = std::mem::replace(&mut self.phase, Phase::Turn);
        // The machine plays on a copy: a refused action leaves the original untouched.
        match phase {
            Phase::Setup(s) => self.setup_step(s, action, ev),
            Phase::Turn => self.turn_step(action, ev),
            Phase::MonthStart(m) => self.month_start_step(m, action, ev),
            Phase::Contact(c) => self.contact_step(c, action, ev),
            Phase::Combat(c) => self.combat_step(*c, action, ev),
            Phase::Progress(p) => self.progress_step(p, action, ev),
            Phase::Over { summary } => {
                self.phase = Phase::Over { summary };
                Err(SwError::Refused(Refused::GameOver))
            }
        }
    }

    fn resolve(&mut self, throw: Throw, faces: Faces, ev: &mut Vec<SwEvent>) -> Result<(), SwError> {
        let faces = faces.into_vec();
        let phase = std::mem::replace(&mut self.phase, Phase::Turn);
        match phase {
            Phase::Contact(c) => self.contact_roll(c, throw, faces, ev),
            Phase::Combat(c) => self.combat_roll(*c, throw, faces, ev),
            other => {
                self.phase = other;
                Err(SwError::Refused(Refused::Data(format!(
                    "a {throw:?} roll came with nothing to read it"
                ))))
            }
        }
    }

    fn waiting_for(&self) -> String {
        Companion::waiting_for(self)
    }
}

impl Companion {
    /// Actions a decision's list cannot hold but its step takes.
    fn takes_typed(&self, action: &SwAction) -> bool {
        match (&self.phase, action) {
            (Phase::Setup(s), SwAction::Start { .. }) => s.takes_start(),
            (Phase::Progress(_), SwAction::Ships { .. } | SwAction::Tons { .. }) => true,
            (Phase::Combat(c), a) => c.takes_typed(a),
            _ => false,
        }
    }
}
