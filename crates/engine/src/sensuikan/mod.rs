//! Sensuikan: one patrol of a Japanese fleet submarine, from port to port — track boxes, encounters,
//! combat, escorts, aviation, damage and the crew (rules 6.2 step 2, 8.1-8.6 and the random events).
//!
//! Rule cases are cited as the checklist writes them (`[8.2.6]`). Every number comes from the validated
//! data crate: the chart set, the catalogs and the in-text procedures
//! (`periscope_data::sensuikan::procedures`), shared as one bundle (`shipped.rs`). The career around a
//! patrol (assignment, schools, refit, promotions) is [`career`]. [`PatrolOptions`] is the setup a career
//! hands to a patrol, and [`PatrolResult`] is what a patrol hands back.
//!
//! The patrol is grouped by procedure. Each procedure's module owns its state (a type of its own held by
//! [`Patrol`] or [`Combat`]), its rolls and decisions (its part of [`RollPurpose`] and [`Ask`]) and the
//! steps that read them; `phase.rs` only forwards each roll and decision to its procedure. The modules:
//! `setup.rs` and `voyage.rs` (the patrol loop [6.2]), `encounter.rs` (the contact [8.1]), `combat.rs`
//! (the attack [8.2.1]-[8.2.4]), `tracking.rs` [8.2.8] [8.4], `escort.rs` [8.2.5]-[8.2.7], `enemy.rs`
//! [8.2.9], `aviation.rs` [8.3], `damage.rs`, `wounds.rs` and `aftermath.rs` [8.5] [8.6], `random_event.rs`
//! [8.1.8], `mission.rs` [7.0], `air_ops.rs` [7.15] [7.17], `midget.rs` and `midget_attack.rs` [7.16],
//! `kaiten.rs` [7.18], `optional.rs` [11.x] and `luck.rs` [B11] [11.7]; what the player sees is `view.rs`.

mod action;
mod aftermath;
mod air_ops;
mod aviation;
mod boat;
pub mod career;
mod combat;
mod crew;
mod damage;
mod encounter;
mod enemy;
mod escort;
mod events;
mod kaiten;
mod luck;
mod midget;
mod midget_attack;
mod mission;
mod odds;
mod optional;
#[cfg(test)]
mod optional_tests;
mod options;
mod phase;
pub mod policy;
mod random_event;
mod reading;
mod setup;
mod shipped;
mod tracking;
mod view;
mod voyage;
pub mod words;
mod wounds;
pub use words::name as in_words;

#[cfg(test)]
mod air_ops_tests;
#[cfg(test)]
mod attack_tests;
#[cfg(test)]
mod aviation_tests;
#[cfg(test)]
mod damage_tests;
#[cfg(test)]
mod encounter_tests;
#[cfg(test)]
mod enemy_tests;
#[cfg(test)]
mod kaiten_tests;
#[cfg(test)]
mod luck_tests;
#[cfg(test)]
mod midget_tests;
#[cfg(test)]
mod mission_tests;
#[cfg(test)]
mod odds_tests;
#[cfg(test)]
mod random_event_tests;
#[cfg(test)]
mod sequence_tests;
#[cfg(test)]
mod special_skill_tests;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod text_tests;
#[cfg(test)]
mod tracking_tests;

use std::fmt;
use std::sync::Arc;

use periscope_data::sensuikan::catalog::catalogs::SubmarineClass;
use periscope_data::sensuikan::charts::{Charts, System, Wound};
use serde::{Deserialize, Serialize};

pub(crate) use action::range_word;
pub use action::{FollowUp, PatrolAction};
pub use aftermath::AftermathRoll;
pub use air_ops::{AirRoll, AirWing, Flight, Pilot, can_fly};
pub use aviation::{AirAttack, AircraftRoll};
pub use boat::{Boat, End, SystemState, Torpedo};
pub use combat::{AttackRoll, Combat, CombatAsk, Shot, ShotStage, SubAttack};
pub use crew::{Crew, Post, out};
pub use damage::{AfterDamage, Attacker, DamageRoll, Incoming};
pub use encounter::{ContactKind, ContactRoll, Picture, Target, TimeOfDay};
pub use enemy::{EnemyRoll, EnemySub};
pub use escort::{EscortCycle, EscortRoll};
pub use events::{PatrolEnd, PatrolEvent};
pub use kaiten::{KaitenRoll, KaitenRun};
pub use midget::{AnchoredKind, MidgetRoll, MidgetRun};
pub use optional::{ForceQuality, OptionalRoll, evasion_direction};
pub use options::{CrewQuality, CrewSetup, MissionPlan, OptionalRules, PatrolOptions};
pub use phase::{Ask, Phase, RollPurpose};
pub use tracking::{Rounds, TrackRoll};
pub use view::{
    AircraftView, AskView, CombatView, EnemyView, EscortView, IncomingView, OptionalView, PatrolView,
    PhaseView, RoundView,
};
pub use voyage::{BoxKind, EncounterAsk, TrackBox};

use aftermath::Aftermath;
use luck::Luck;
use mission::Mission;
use shipped::Shipped;
pub(crate) use voyage::Voyage;

use crate::Month;
use crate::dice::{DiceMode, DiceSource, Faces};
use crate::game::{Choice, Game, Pending};
use crate::machine::{self, BeforeRoll, Refusal, RollSpec, Rules, Wait};
use crate::refusal::{Refused, Wording};
use crate::roll::RollRecord;

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum PatrolError {
    /// A refusal every game shares.
    #[serde(untagged)]
    Refused(Refused),
}

/// How a Sensuikan patrol words the shared refusals.
const WORDING: Wording = Wording {
    waits: "the game",
    rolls: "this game",
    over: "the patrol is over",
    data: "rules data",
    unsettled: "the patrol did not settle",
};

impl fmt::Display for PatrolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatrolError::Refused(r) => r.fmt_with(f, &WORDING),
        }
    }
}

impl std::error::Error for PatrolError {}

/// A ship attacked on patrol, for the Patrol Log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipRecord {
    pub name: String,
    pub kind: periscope_data::sensuikan::charts::ShipKind,
    pub tonnage: u32,
    pub sunk: bool,
    pub box_number: u8,
    /// Sunk or damaged by the midget submarine; its tonnage counts for the boat [7.3].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_midget: bool,
}

/// What a patrol hands to the career (issue 5): the Patrol Log line and the state of the boat and crew.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatrolResult {
    pub end: PatrolEnd,
    pub ships: Vec<ShipRecord>,
    pub tonnage_sunk: u32,
    pub systems_inop: Vec<System>,
    pub systems_damaged: Vec<System>,
    pub hull_boxes: u8,
    pub wounds: Vec<(Post, Wound)>,
    pub aborted: bool,
    /// The mission flown [7.0] (reconnaissance and bombing fall back to a patrol [7.14]).
    #[serde(default)]
    pub mission: MissionPlan,
    /// The special mission's outcome, if there was one [7.13].
    pub mission_success: Option<bool>,
    /// Why the mission was not flown, or what it changed [7.14].
    #[serde(default)]
    pub mission_note: Option<String>,
    pub markers: Vec<String>,
    pub torpedoes_left: u32,
    pub ammunition_left: u32,
    /// Pilots (by index) killed or missing: the career replaces them through F3 [7.17 seq 5].
    #[serde(default)]
    pub pilots_lost: Vec<u8>,
}

/// A patrol of Sensuikan.
#[derive(Debug, Clone, PartialEq)]
pub struct Patrol {
    options: PatrolOptions,
    /// The charts, catalogs and procedures, shared.
    data: Arc<Shipped>,
    class: SubmarineClass,
    dice: DiceSource,
    month: Month,
    /// The track boxes and the encounter rolls of the box [6.2.2].
    voyage: Voyage,
    boat: Boat,
    crew: Crew,
    markers: Vec<String>,
    /// The markers and skills spent on patrol [B11] [11.7] [8.7.1].
    luck: Luck,
    /// The special mission under way [7.0].
    mission: Mission,
    combat: Option<Combat>,
    log: Vec<ShipRecord>,
    torpedoes: TorpedoLedger,
    /// Repair, doctor and survival rolls still to make [8.5.2] [8.5.9].
    aftermath: Aftermath,
    /// The boat's own aircraft and pilots [7.15] [7.17].
    air: AirWing,
    /// What happened while the game was created (the loading roll and the first boxes with seeded or
    /// scripted dice), before the first action.
    opening: Vec<PatrolEvent>,
    phase: Phase,
    last_roll: Option<RollRecord>,
    pub(crate) quiet: crate::roll::Quiet,
}

/// Torpedoes loaded at the start plus any loaded on patrol, fired, and lost to events [4.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct TorpedoLedger {
    pub(crate) loaded: u32,
    pub(crate) fired: u32,
    pub(crate) lost: u32,
}

impl Patrol {
    pub fn options(&self) -> &PatrolOptions {
        &self.options
    }
    pub fn charts(&self) -> &Charts {
        &self.data.charts
    }
    pub fn class(&self) -> &SubmarineClass {
        &self.class
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn boat(&self) -> &Boat {
        &self.boat
    }
    pub fn crew(&self) -> &Crew {
        &self.crew
    }
    pub fn route(&self) -> &[TrackBox] {
        &self.voyage.route
    }
    pub fn position(&self) -> usize {
        self.voyage.position
    }
    pub fn combat(&self) -> Option<&Combat> {
        self.combat.as_ref()
    }
    /// The kaiten attack under way, if any [7.18].
    pub fn kaiten(&self) -> Option<&KaitenRun> {
        self.mission.kaiten.as_ref()
    }
    /// The events of the game's creation, before the first action (a session's events start after them).
    pub fn opening_events(&self) -> &[PatrolEvent] {
        &self.opening
    }
    pub fn last_roll(&self) -> Option<&RollRecord> {
        self.last_roll.as_ref()
    }
    pub fn aborted(&self) -> bool {
        self.voyage.aborted
    }
    pub fn month(&self) -> Month {
        self.month
    }
    pub fn random_event_used(&self) -> bool {
        self.voyage.random_event_used
    }
    /// Torpedoes loaded (at the start and on patrol), fired, and lost to events.
    pub fn torpedo_ledger(&self) -> (u32, u32, u32) {
        let t = self.torpedoes;
        (t.loaded, t.fired, t.lost)
    }

    /// The patrol's result, once it is over.
    /// The ships attacked so far on this patrol, sunk or damaged, as the log will carry them [3.5].
    pub fn ships(&self) -> &[ShipRecord] {
        &self.log
    }

    pub fn result(&self) -> Option<PatrolResult> {
        let Phase::Over { end } = &self.phase else {
            return None;
        };
        let mut wounds = Vec::new();
        for p in Post::OFFICERS {
            if let Some(w) = self.crew.wound(p) {
                wounds.push((p, w));
            }
        }
        for w in self.crew.crew.iter().flatten() {
            wounds.push((Post::Crew, *w));
        }
        let pick = |st: SystemState| {
            self.boat
                .systems
                .iter()
                .filter(|(_, s)| *s == st)
                .map(|(x, _)| *x)
                .collect::<Vec<_>>()
        };
        Some(PatrolResult {
            end: end.clone(),
            tonnage_sunk: self.log.iter().filter(|s| s.sunk).map(|s| s.tonnage).sum(),
            ships: self.log.clone(),
            systems_inop: pick(SystemState::Inop),
            systems_damaged: pick(SystemState::Damaged),
            hull_boxes: self.boat.hull,
            wounds,
            aborted: self.voyage.aborted,
            mission: self.mission(),
            mission_success: self.mission.success,
            mission_note: self.mission.note.clone(),
            markers: self.markers.clone(),
            torpedoes_left: self.boat.torpedoes(),
            ammunition_left: self.boat.ammunition,
            pilots_lost: self.air.lost_pilots(),
        })
    }

    /// Whether the month is at or after `y`/`m`.
    pub(crate) fn from(&self, year: u16, month: u8) -> bool {
        (self.month.year, self.month.month) >= (year, month)
    }

    fn waiting_for(&self) -> String {
        match &self.phase {
            Phase::Decide { ask } => format!("a decision ({})", self.choices(*ask).prompt),
            Phase::Roll { purpose } => format!("the dice ({})", self.roll_spec(*purpose).reason),
            Phase::Over { .. } => "nothing: the patrol is over".into(),
        }
    }

    /// The patrol without its latest roll (nor its Maneki Neko copy's): what a quiet patrol never keeps.
    #[cfg(test)]
    pub(crate) fn forget_rolls(&mut self) {
        self.last_roll = None;
        if let Some(before) = self.luck.neko.as_mut() {
            before.forget_rolls();
        }
    }

    /// Keeps the roll as the latest and reports it, unless the patrol is quiet.
    pub(crate) fn record(&mut self, roll: RollRecord, events: &mut Vec<PatrolEvent>) {
        if !self.quiet.records() {
            return;
        }
        crate::roll::keep_latest(&mut self.last_roll, &roll);
        events.push(PatrolEvent::Rolled { roll });
    }
}

impl Game for Patrol {
    type Options = PatrolOptions;
    type Action = PatrolAction;
    type Event = PatrolEvent;
    type Error = PatrolError;

    const ID: &'static str = "sensuikan-patrol";
    /// Saves of one patrol were `sensuikan` until the career took the game's name.
    const OLD_IDS: &'static [&'static str] = &["sensuikan"];
    const NAME: &'static str = "Sensuikan (one patrol)";
    const RULES_DATA: Option<&'static str> = Some("sensuikan");

    fn new(options: PatrolOptions, seed: u64, dice: DiceMode) -> Result<Self, PatrolError> {
        // The shipped data is parsed and validated once per process, then shared.
        let data = Shipped::get().map_err(|e| PatrolError::Refused(Refused::Data(e)))?;
        Self::with_data(options, seed, dice, data)
    }

    fn pending(&self) -> Pending<PatrolAction> {
        machine::pending(self)
    }

    fn apply(&mut self, action: PatrolAction) -> Result<Vec<PatrolEvent>, PatrolError> {
        machine::play(self, action)
    }

    fn apply_discarding_on_error(&mut self, action: PatrolAction) -> Result<Vec<PatrolEvent>, PatrolError> {
        machine::play_in_place(self, action)
    }

    fn apply_offered(&mut self, action: PatrolAction) -> Result<Vec<PatrolEvent>, PatrolError> {
        machine::play_offered(self, action)
    }

    fn apply_offered_into(
        &mut self,
        action: PatrolAction,
        events: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        machine::play_offered_into(self, action, events)
    }

    fn quiet(&mut self) {
        self.quiet.hush();
    }

    fn dice_action(faces: Vec<u8>) -> PatrolAction {
        PatrolAction::Roll { faces }
    }
}

impl Patrol {
    /// Whether the patrol has ended: what `pending().is_over()` says, without listing a decision's choices.
    pub(crate) fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }
}

impl Rules for Patrol {
    type Action = PatrolAction;
    type Event = PatrolEvent;
    type Error = PatrolError;
    type Roll = RollPurpose;

    fn wait(&self) -> Wait<PatrolAction, RollPurpose> {
        match &self.phase {
            Phase::Decide { ask } => Wait::Decide(self.choices(*ask)),
            Phase::Roll { purpose } => Wait::Roll(*purpose),
            Phase::Over { end } => Wait::Over {
                won: end.home(),
                summary: end.describe(),
            },
        }
    }

    fn waiting_roll(&self) -> Option<RollPurpose> {
        match &self.phase {
            Phase::Roll { purpose } => Some(*purpose),
            _ => None,
        }
    }

    /// The to-hit rolls' dice without their sentence (which reads the whole B1 column).
    fn roll_dice(&self, purpose: RollPurpose) -> crate::Dice {
        Patrol::roll_dice(self, purpose)
    }

    fn roll_odds(&self, purpose: RollPurpose) -> Option<crate::odds::Odds> {
        Patrol::roll_odds(self, purpose)
    }

    fn roll_spec(&self, purpose: RollPurpose) -> RollSpec {
        Patrol::roll_spec(self, purpose)
    }

    fn dice(&mut self) -> &mut DiceSource {
        &mut self.dice
    }

    fn faces_of(action: &PatrolAction) -> Option<&[u8]> {
        match action {
            PatrolAction::Roll { faces } => Some(faces),
            _ => None,
        }
    }

    /// [8.2.3] A declaration of an older save (no tube) is judged as the tube it meant.
    fn check(
        &self,
        decision: &machine::Decision<PatrolAction>,
        action: &PatrolAction,
    ) -> Result<(), PatrolError> {
        if decision.offers(&self.with_tube(action.clone())) {
            Ok(())
        } else {
            Err(self.not_now(action))
        }
    }

    fn decide(&mut self, action: PatrolAction, events: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        if let Phase::Decide { ask } = self.phase {
            let action = self.with_tube(action);
            Patrol::decide(self, ask, action, events);
        }
        Ok(())
    }

    fn resolve(
        &mut self,
        purpose: RollPurpose,
        faces: Faces,
        events: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        Patrol::resolve(self, purpose, faces.into_vec(), events)
    }

    /// [11.7] Shibumi is offered before the rolls it can pass, and passes the one it was spent on.
    fn before_roll(&mut self, purpose: RollPurpose, _events: &mut Vec<PatrolEvent>) -> BeforeRoll {
        if self.offer_shibumi(purpose) {
            return BeforeRoll::Stop;
        }
        match self.shibumi_faces(purpose) {
            Some(faces) => BeforeRoll::Faces(faces),
            None => BeforeRoll::Roll,
        }
    }

    fn waiting_for(&self) -> String {
        Patrol::waiting_for(self)
    }
}

impl From<Refusal> for PatrolError {
    fn from(r: Refusal) -> Self {
        PatrolError::Refused(Refused::from_refusal(r, &WORDING))
    }
}

pub(crate) fn choice(action: PatrolAction, label: impl Into<String>, rule: &str) -> Choice<PatrolAction> {
    Choice {
        action,
        label: label.into(),
        rule: rule.into(),
    }
}

/// Whether a list of choices is written for a player (each choice's label and rule case) or read only
/// for its actions (a policy's fast path, [`Patrol::offered_actions`]): the same choices either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Labels {
    Written,
    Skipped,
}

/// A choice (of a patrol or a career) whose label is written only when `labels` says so.
pub(crate) fn choice_as<A>(
    labels: Labels,
    action: A,
    label: impl FnOnce() -> String,
    rule: &str,
) -> Choice<A> {
    match labels {
        Labels::Written => Choice {
            action,
            label: label(),
            rule: rule.into(),
        },
        Labels::Skipped => Choice {
            action,
            label: String::new(),
            rule: String::new(),
        },
    }
}
