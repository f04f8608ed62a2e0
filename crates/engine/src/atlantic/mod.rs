//! Atlantic Sentinels: one convoy escort mission, from meeting point to meeting point — the six travel
//! boxes and their encounters [6.1 2A] [7.1.2] [7.2.7] [9], the battles with U-boats on the Tactical
//! Display [6.1 2a]-[6.1 2e] [7.1]-[7.4], air support [7.2], and the optional rules [12.3] [12.4] [12.7]
//! [12.8]; in a two-player game the U-boats' decisions are the second player's [10.1].
//!
//! Rule cases are cited as `shared/rules/checklist-atlantic-sentinels.md` writes them (`[7.1.3]`,
//! `[7.1.5 ERRATA]`); our readings where the book is silent are in `docs/rules/atlantic-sentinels.md`.
//! Every number comes from the validated data (`periscope_data::atlantic`), shared as one bundle
//! ([`Shipped`]). [`MissionOptions`] is the mission as the career hands it over (issue 17), and
//! [`MissionResult`] is what the mission hands back for the Convoy Log, crew advancement and refit.
//!
//! The mission is grouped by procedure, each owning its state and its steps: `voyage` (the crossing;
//! [`Phase::Voyage`] carries its step), `battle` (a battle in a box; [`Phase::Battle`] carries it, and
//! it carries the step of each of its procedures: `setup`, `air`, `array`, `placement`, `detection`,
//! `hunt`, `attack`, and `damage`, U-boat damage, flooding and repairs), `travel` (the route and the
//! crossing's state, which battles read), `convoy` (the merchants' ledger and the picking of ships) and
//! `group` (the escorts). The imports run one way: `voyage` -> `battle` -> `damage` -> `uboat`. This
//! file only forwards each roll and decision to the procedure that owns it; what the player sees is
//! `view.rs`.

mod action;
mod battle;
pub mod career;
mod convoy;
mod dice;
mod events;
mod group;
mod odds;
mod options;
pub mod policy;
mod reading;
mod scenario;
mod shipped;
mod travel;
mod view;
mod voyage;
mod words;

#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::Arc;

use periscope_data::Month;
use periscope_data::atlantic::catalog::merchants::{ConvoySize, MerchantSize};
use periscope_data::atlantic::charts::ConvoyType;
use serde::{Deserialize, Serialize};

pub use action::MissionAction;
pub use battle::{Battle, BattleKind, BoatState, Credit, Damage, Station, Uboat};
pub use career::{
    Career, CareerAction, CareerEnd, CareerError, CareerEvent, CareerOptions, CareerRules, CareerView,
    ConvoyLog, LogRow, LogTarget, LogTotals, LogUboat, MissionRow, Players, ScenarioJudgement,
    VictoryComputation,
};
pub use convoy::{Convoy, Fate, Merchant};
pub use events::{MissionEnd, MissionEvent};
pub use group::{Escort, EscortStatus, Group};
pub use options::{AirCover, ConvoyAssignment, EscortSetup, MissionOptions, OptionalRules};
pub use shipped::Shipped;
pub use travel::{TravelBox, Voyage};
pub use view::{
    AttackView, BattleView, BoatView, ConvoyShipView, EscortView, MerchantView, MissionView, ShipFate,
    ShotOutcome, ShotView,
};

use battle::Listing;
use voyage::VoyageStep;

use crate::dice::{DiceMode, DiceSource, Faces};
use crate::game::{Choice, Game, Pending};
use crate::machine::{self, Refusal, RollSpec, Rules, Wait};
use crate::refusal::{Refused, Wording};
use crate::roll::RollRecord;

/// Why an action was refused. The mission is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum MissionError {
    /// The escort array refuses a station [6.1 2e] [7.1.3] [7.1.6]: the player's action in its text form,
    /// why, in the rule's words, and the case.
    Array {
        action: String,
        reason: String,
        case: &'static str,
    },
    /// A refusal every game shares.
    #[serde(untagged)]
    Refused(Refused),
}

/// How an Atlantic Sentinels mission words the shared refusals.
const WORDING: Wording = Wording {
    waits: "the mission",
    rolls: "this game",
    over: "the mission is over",
    data: "rules data",
    unsettled: "the mission did not settle",
};

impl fmt::Display for MissionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MissionError::Array { action, reason, case } => write!(f, "'{action}': {reason} [{case}]"),
            MissionError::Refused(r) => r.fmt_with(f, &WORDING),
        }
    }
}

impl std::error::Error for MissionError {}

impl From<Refusal> for MissionError {
    fn from(r: Refusal) -> Self {
        MissionError::Refused(Refused::from_refusal(r, &WORDING))
    }
}

/// A roll the mission waits for, by the procedure that owns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throw {
    Voyage(voyage::VoyageRoll),
    Pick(convoy::PickRoll),
    Setup(battle::setup::SetupRoll),
    Air(battle::air::AirRoll),
    Damage(battle::damage::DamageRoll),
    Place(battle::placement::PlaceRoll),
    Detect(battle::detection::DetectRoll),
    Hunt(battle::hunt::HuntRoll),
    Attack(battle::attack::AttackRoll),
}

impl Throw {
    /// The player's own rolls, which a Touch Wood marker may have made again [9.2]: the escorts'
    /// detection and attacks (not the U-boats', the weather's or the charts of the convoy).
    fn own(self) -> bool {
        match self {
            Throw::Detect(_) => true,
            Throw::Hunt(r) => r.own(),
            Throw::Attack(r) => r.own(),
            _ => false,
        }
    }
}

/// Where the mission stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    Voyage(VoyageStep),
    Battle(Box<Battle>),
    Over,
    /// Only while a step is being played.
    Limbo,
}

/// A merchant of the Convoy Log [3.5] [7.1.3].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipRecord {
    pub name: String,
    pub size: MerchantSize,
    pub tonnage: u32,
    pub damage: u8,
    pub sinks_at: u8,
    pub sunk: bool,
    /// What sank her.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sunk_by: Option<String>,
    pub box_number: u8,
}

/// A U-boat sunk or damaged [4.3.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UboatRecord {
    pub box_number: u8,
    pub boat: u8,
    pub kind: String,
    /// What sank it (aircraft count for victory [7.2.3]); none if only damaged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sunk_by: Option<String>,
    /// The escort credited with the kill [7.5.1].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credited_to: Option<String>,
    pub hull: u8,
    pub systems: Vec<String>,
}

/// An escort after the mission, for the refit [7.4] [7.5].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EscortRecord {
    pub ship: String,
    pub name: String,
    pub damage: u8,
    pub sunk: bool,
    /// Rammed a U-boat: a month in dock [7.4.2].
    pub rammed: bool,
    /// Left the group at sea, and why [9.2].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detached: Option<String>,
    /// Months of repair an event gave her [9.2].
    pub repair_months: u8,
    /// Kills credited on this mission [7.5.1].
    pub kills: u8,
    /// Joined at sea for this mission only [9.2].
    pub joined: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_charges: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hedgehog_reloads: Option<u8>,
}

/// What a mission hands back to the career (issue 17) and the Convoy Log [3.5] [4.3.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionResult {
    pub end: MissionEnd,
    pub group: String,
    pub month: Month,
    pub convoy: ConvoyType,
    pub size: ConvoySize,
    /// Every merchant that came into reach, fell out or was lost, once each [7.1.3].
    pub ships: Vec<ShipRecord>,
    pub merchants_lost: Vec<ShipRecord>,
    pub merchants_damaged: Vec<ShipRecord>,
    pub tonnage_lost: u32,
    pub uboats_sunk: Vec<UboatRecord>,
    pub uboats_damaged: Vec<UboatRecord>,
    pub escorts: Vec<EscortRecord>,
    /// Touch Wood markers held at the end [9.2].
    pub touch_wood: u8,
    pub cam_used: bool,
    /// Crypto captures: a victory level each [7.4.2].
    pub crypto_captured: u8,
    /// The SOE's ship was sunk: the career ends in defeat [5.1.2].
    pub soe_sunk: bool,
}

/// The spent roll a Touch Wood marker may take back [9.2].
#[derive(Debug, Clone, PartialEq)]
struct Luck {
    /// The mission just before the roll was read.
    before: Box<Before>,
    chart: String,
}

/// What a Touch Wood marker restores [9.2]: the mission just before the roll was read, less what no roll
/// changes (its options, month, data and opening events), the dice (which roll on) and the markers (one
/// spent). Nothing but rolls is played between the snapshot and the marker (a decision forgets it).
#[derive(Debug, Clone, PartialEq)]
struct Before {
    group: Group,
    convoy: Convoy,
    voyage: Voyage,
    cam_used: bool,
    crypto: u8,
    battles: u8,
    kills: Vec<(u8, u8, String)>,
    uboat_log: Vec<UboatRecord>,
    phase: Phase,
    ended: Option<MissionEnd>,
    last_roll: Option<RollRecord>,
    last_array: Vec<(String, String)>,
}

impl Mission {
    /// The mission as a Touch Wood marker would restore it; every field is named, so that a new one is
    /// either kept here or said to be unchanged by rolls.
    fn before_roll_snapshot(&self) -> Before {
        let Mission {
            options: _,
            data: _,
            dice: _,
            month: _,
            group,
            convoy,
            voyage,
            cam_used,
            touch_wood: _,
            crypto,
            battles,
            kills,
            uboat_log,
            phase,
            luck: _,
            ended,
            opening: _,
            last_roll,
            last_array,
            quiet: _,
        } = self;
        Before {
            group: group.clone(),
            convoy: convoy.clone(),
            voyage: voyage.clone(),
            cam_used: *cam_used,
            crypto: *crypto,
            battles: *battles,
            kills: kills.clone(),
            uboat_log: uboat_log.clone(),
            phase: phase.clone(),
            ended: ended.clone(),
            last_roll: last_roll.clone(),
            last_array: last_array.clone(),
        }
    }

    /// Puts back the mission a snapshot kept: the options, month, data and opening events are this
    /// mission's (no roll changes them), the dice roll on, and the markers are set by the caller.
    fn restore(&mut self, b: Before) {
        let Before {
            group,
            convoy,
            voyage,
            cam_used,
            crypto,
            battles,
            kills,
            uboat_log,
            phase,
            ended,
            last_roll,
            last_array,
        } = b;
        self.group = group;
        self.convoy = convoy;
        self.voyage = voyage;
        self.cam_used = cam_used;
        self.crypto = crypto;
        self.battles = battles;
        self.kills = kills;
        self.uboat_log = uboat_log;
        self.phase = phase;
        self.ended = ended;
        self.last_roll = last_roll;
        self.last_array = last_array;
        self.luck = None;
    }
}

/// A mission of Atlantic Sentinels.
#[derive(Debug, Clone, PartialEq)]
pub struct Mission {
    options: MissionOptions,
    data: Arc<Shipped>,
    dice: DiceSource,
    month: Month,
    group: Group,
    convoy: Convoy,
    voyage: Voyage,
    cam_used: bool,
    touch_wood: u8,
    crypto: u8,
    /// Battles fought so far.
    battles: u8,
    /// Kills, by battle, boat and the escort credited [7.5.1].
    kills: Vec<(u8, u8, String)>,
    uboat_log: Vec<UboatRecord>,
    phase: Phase,
    luck: Option<Luck>,
    ended: Option<MissionEnd>,
    opening: Vec<MissionEvent>,
    last_roll: Option<RollRecord>,
    /// [6.1 2e] The escorts' stations (ship id, station) in the latest array, for "the same array":
    /// the career's last convoy's until this mission's first array.
    last_array: Vec<(String, String)>,
    /// Played for a simulation: no `Rolled` events ([`Game::quiet`]); the latest roll is kept.
    quiet: crate::roll::Quiet,
}

impl Mission {
    /// A mission on this data (the shipped data with a player's overrides, say).
    pub fn with_data(
        options: MissionOptions,
        seed: u64,
        dice: DiceMode,
        data: Arc<Shipped>,
    ) -> Result<Self, MissionError> {
        let start = periscope_data::atlantic::GAME_START;
        let end = periscope_data::atlantic::GAME_END;
        if !(start..=end).contains(&options.month) {
            return Err(MissionError::Refused(Refused::BadOptions(format!(
                "{} is outside the game ({start} to {end}) [4.2.1] [5.1.1]",
                options.month
            ))));
        }
        let group = Group::new(&options, &data).map_err(|e| MissionError::Refused(Refused::BadOptions(e)))?;
        let map = &data.data.catalog.map;
        let base = map.base(&options.base).ok_or_else(|| {
            MissionError::Refused(Refused::BadOptions(format!(
                "no base '{}' (the bases: londonderry, st_johns) [4.7]",
                options.base
            )))
        })?;
        let route: Vec<TravelBox> = map
            .boxes_of(&base.sails)
            .into_iter()
            .map(|b| TravelBox {
                id: b.id.clone(),
                name: b.name.clone(),
                condor_range: b.condor_range,
                air_gap: b.air_gap,
                long_range_air: b.long_range_air,
            })
            .collect();
        let order: Vec<u8> = map.boxes_of(&base.sails).iter().map(|b| b.west_to_east).collect();
        let eastbound = order.windows(2).all(|w| w[0] < w[1]);
        let point = |id: &str| {
            map.meeting_point(id)
                .map_or_else(|| id.to_string(), |p| p.name.clone())
        };
        let to = map.route(&base.sails).map(|r| r.to.clone()).unwrap_or_default();
        let refit = map
            .base(&base.refits_next_at)
            .map_or_else(|| base.refits_next_at.clone(), |b| b.name.clone());
        let assignment = options.convoy.unwrap_or(ConvoyAssignment {
            convoy: ConvoyType::On,
            size: ConvoySize::Large,
        });
        let display = data
            .data
            .tactical
            .display_for(assignment.size)
            .map(|d| d.id.clone())
            .ok_or_else(|| {
                MissionError::Refused(Refused::Data(format!(
                    "no display for a {} convoy",
                    assignment.size
                )))
            })?;
        let voyage = Voyage {
            route,
            eastbound,
            from: point(&base.meeting_point),
            to: point(&to),
            refit_at: refit,
            position: 0,
            rolls_left: 0,
            shadowed: false,
            event_used: false,
            quiet: false,
            quiet_next: false,
            gale: false,
            hf_df_fix: false,
        };
        if voyage.route.len() != data.entries.travel_boxes {
            return Err(MissionError::Refused(Refused::Data(format!(
                "the route has {} boxes, a crossing {} [6.1]",
                voyage.route.len(),
                data.entries.travel_boxes
            ))));
        }
        let last_array = options.last_array.clone();
        let mut m = Mission {
            month: options.month,
            touch_wood: options.touch_wood,
            options,
            dice: DiceSource::new(&dice, seed),
            group,
            convoy: Convoy {
                convoy: assignment.convoy,
                size: assignment.size,
                display,
                ships: Vec::new(),
            },
            voyage,
            cam_used: false,
            crypto: 0,
            battles: 0,
            kills: Vec::new(),
            uboat_log: Vec::new(),
            phase: Phase::Limbo,
            luck: None,
            ended: None,
            opening: Vec::new(),
            last_roll: None,
            last_array,
            data,
            quiet: crate::roll::Quiet::default(),
        };
        let mut ev = Vec::new();
        m.phase = m.start_voyage(&mut ev);
        machine::settle(&mut m, &mut ev)?;
        m.opening = ev;
        Ok(m)
    }

    pub fn options(&self) -> &MissionOptions {
        &self.options
    }
    pub fn data(&self) -> &Shipped {
        &self.data
    }
    pub fn month(&self) -> Month {
        self.month
    }
    pub fn group(&self) -> &Group {
        &self.group
    }
    pub fn convoy(&self) -> &Convoy {
        &self.convoy
    }
    pub fn voyage(&self) -> &Voyage {
        &self.voyage
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    /// The battle under way, if any.
    pub fn battle(&self) -> Option<&Battle> {
        match &self.phase {
            Phase::Battle(b) => Some(b),
            _ => None,
        }
    }
    pub fn cam_used(&self) -> bool {
        self.cam_used
    }
    pub fn touch_wood(&self) -> u8 {
        self.touch_wood
    }
    pub fn last_roll(&self) -> Option<&RollRecord> {
        self.last_roll.as_ref()
    }
    /// [6.1 2e] The escorts' stations (ship id, station) in the latest array of this mission (or, before
    /// its first, of the last convoy), for the next convoy's "same array".
    pub fn last_array(&self) -> &[(String, String)] {
        &self.last_array
    }
    /// The events of the mission's creation, before the first action.
    pub fn opening_events(&self) -> &[MissionEvent] {
        &self.opening
    }

    /// Keeps the roll as the latest and reports it. A quiet mission keeps it without the report: the
    /// careful captain reads the latest roll to spend a Touch Wood marker [9.2].
    pub(crate) fn record(&mut self, roll: RollRecord, ev: &mut Vec<MissionEvent>) {
        if !self.quiet.records() {
            self.last_roll = Some(roll);
            return;
        }
        self.last_roll = Some(roll.clone());
        ev.push(MissionEvent::Rolled { roll });
    }

    /// The mission ends (arrival, or the SOE's ship lost [5.1.2]).
    pub(crate) fn finish(&mut self, end: MissionEnd, ev: &mut Vec<MissionEvent>) {
        if self.ended.is_none() {
            ev.push(MissionEvent::MissionOver { end: end.clone() });
            self.ended = Some(end);
        }
    }

    /// The mission's result, once it is over.
    pub fn result(&self) -> Option<MissionResult> {
        let end = self.ended.clone()?;
        let record = |m: &Merchant| ShipRecord {
            name: m.name.clone(),
            size: m.size,
            tonnage: m.tonnage,
            damage: m.damage,
            sinks_at: m.sinks_at,
            sunk: m.sunk(),
            sunk_by: match &m.fate {
                Fate::Sunk { by } => Some(by.clone()),
                _ => None,
            },
            box_number: m.box_number,
        };
        let ships: Vec<ShipRecord> = self.convoy.ships.iter().map(record).collect();
        let lost: Vec<ShipRecord> = ships.iter().filter(|s| s.sunk).cloned().collect();
        let damaged: Vec<ShipRecord> = ships
            .iter()
            .filter(|s| !s.sunk && s.damage > 0)
            .cloned()
            .collect();
        Some(MissionResult {
            soe_sunk: matches!(end, MissionEnd::SoeSunk { .. }),
            end,
            group: self.group.name.clone(),
            month: self.month,
            convoy: self.convoy.convoy,
            size: self.convoy.size,
            tonnage_lost: lost.iter().map(|s| s.tonnage).sum(),
            ships,
            merchants_lost: lost,
            merchants_damaged: damaged,
            uboats_sunk: self
                .uboat_log
                .iter()
                .filter(|u| u.sunk_by.is_some())
                .cloned()
                .collect(),
            uboats_damaged: self
                .uboat_log
                .iter()
                .filter(|u| u.sunk_by.is_none())
                .cloned()
                .collect(),
            escorts: self
                .group
                .escorts
                .iter()
                .map(|e| EscortRecord {
                    ship: e.ship.clone(),
                    name: e.name.clone(),
                    damage: e.damage,
                    sunk: e.status == EscortStatus::Sunk,
                    rammed: e.rammed,
                    detached: match &e.status {
                        EscortStatus::Detached { why } => Some(why.clone()),
                        _ => None,
                    },
                    repair_months: e.repair_months,
                    kills: e.kills,
                    joined: e.joined,
                    depth_charges: e.depth_charges,
                    hedgehog_reloads: e.hedgehog_reloads,
                })
                .collect(),
            touch_wood: self.touch_wood,
            cam_used: self.cam_used,
            crypto_captured: self.crypto,
        })
    }

    /// What is thrown for a roll, and where it is read.
    fn spec(&self, t: Throw) -> RollSpec {
        match t {
            Throw::Voyage(r) => self.voyage_roll_spec(r),
            Throw::Pick(r) => self.pick_roll_spec(r),
            Throw::Setup(r) => self.setup_roll_spec(r),
            Throw::Air(r) => self.air_roll_spec(r),
            Throw::Damage(r) => self.damage_roll_spec(r, self.repair_system()),
            Throw::Place(r) => self.place_roll_spec(r),
            Throw::Detect(r) => self.detect_roll_spec(r),
            Throw::Hunt(r) => self.hunt_roll_spec(r),
            Throw::Attack(r) => self.attack_roll_spec(r),
        }
    }

    fn raw_wait(&self) -> Wait<MissionAction, Throw> {
        self.wait_listing(Listing::Choices)
    }

    /// What the mission waits for, a decision listed or not ([`Listing`]): the same kind of wait, the
    /// same roll, either way.
    fn wait_listing(&self, list: Listing) -> Wait<MissionAction, Throw> {
        match &self.phase {
            Phase::Voyage(s) => self.voyage_wait(s, list),
            Phase::Battle(b) => self.battle_wait(b, list),
            Phase::Over | Phase::Limbo => Wait::Over {
                won: !matches!(self.ended, Some(MissionEnd::SoeSunk { .. })),
                summary: list.words(|| {
                    let summary = self
                        .ended
                        .as_ref()
                        .map_or_else(|| "The mission is over.".to_string(), MissionEnd::describe);
                    format!("{summary} {}", self.tally())
                }),
            },
        }
    }

    /// Whether the mission is over: `pending().is_over()` without listing a decision.
    pub fn is_over(&self) -> bool {
        matches!(self.wait_listing(Listing::KindOnly), Wait::Over { .. })
    }

    /// The losses and kills, in a sentence.
    fn tally(&self) -> String {
        let lost: Vec<&Merchant> = self.convoy.ships.iter().filter(|m| m.sunk()).collect();
        let tons: u32 = lost.iter().map(|m| m.tonnage).sum();
        let sunk = self.uboat_log.iter().filter(|u| u.sunk_by.is_some()).count();
        format!(
            "Merchants lost: {} ({}); U-boats sunk: {sunk}.",
            lost.len(),
            words::tons(tons)
        )
    }

    /// [9.2] Spends a Touch Wood marker: the mission goes back to just before the latest roll of the
    /// player's, which is made again with fresh dice.
    fn spend_touch_wood(&mut self, ev: &mut Vec<MissionEvent>) {
        let Some(luck) = self.luck.take() else { return };
        let held = self.touch_wood.saturating_sub(1);
        self.restore(*luck.before);
        self.touch_wood = held;
        ev.push(MissionEvent::TouchWoodSpent { held });
    }

    fn waiting_for(&self) -> String {
        match self.raw_wait() {
            Wait::Decide(d) => format!("a decision ({})", d.prompt),
            Wait::Roll(t) => format!("the dice ({})", self.spec(t).reason),
            Wait::Over { .. } => "nothing: the mission is over".into(),
        }
    }
}

impl Game for Mission {
    type Options = MissionOptions;
    type Action = MissionAction;
    type Event = MissionEvent;
    type Error = MissionError;

    const ID: &'static str = "atlantic-mission";
    const NAME: &'static str = "Atlantic Sentinels (one mission)";
    const RULES_DATA: Option<&'static str> = Some("atlantic");

    fn new(options: MissionOptions, seed: u64, dice: DiceMode) -> Result<Self, MissionError> {
        let data = Shipped::for_game(options.overrides.as_ref())
            .map_err(|e| MissionError::Refused(Refused::Data(e)))?;
        Self::with_data(options, seed, dice, data)
    }

    fn pending(&self) -> Pending<MissionAction> {
        machine::pending(self)
    }

    fn apply(&mut self, action: MissionAction) -> Result<Vec<MissionEvent>, MissionError> {
        machine::play(self, action)
    }

    fn apply_discarding_on_error(
        &mut self,
        action: MissionAction,
    ) -> Result<Vec<MissionEvent>, MissionError> {
        machine::play_in_place(self, action)
    }

    fn apply_offered(&mut self, action: MissionAction) -> Result<Vec<MissionEvent>, MissionError> {
        machine::play_offered(self, action)
    }

    fn apply_offered_into(
        &mut self,
        action: MissionAction,
        events: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        machine::play_offered_into(self, action, events)
    }

    /// No `Rolled` events; the latest roll is still kept, for the careful captain reads it.
    fn quiet(&mut self) {
        self.quiet.hush();
    }

    fn dice_action(faces: Vec<u8>) -> MissionAction {
        MissionAction::Roll { faces }
    }
}

impl Rules for Mission {
    type Action = MissionAction;
    type Event = MissionEvent;
    type Error = MissionError;
    type Roll = Throw;

    fn wait(&self) -> Wait<MissionAction, Throw> {
        match self.raw_wait() {
            Wait::Decide(mut d) => {
                // [9.2] A Touch Wood marker may take back the latest roll of the player's.
                if self.touch_wood > 0
                    && let Some(l) = &self.luck
                {
                    d.choices.push(choice(
                        MissionAction::TouchWood,
                        format!(
                            "Touch Wood ({} held): roll the last {} again",
                            self.touch_wood, l.chart
                        ),
                        "9.2",
                    ));
                }
                Wait::Decide(d)
            }
            other => other,
        }
    }

    fn roll_spec(&self, t: Throw) -> RollSpec {
        self.spec(t)
    }

    /// The dice of `spec`, without the roll's sentence.
    fn roll_dice(&self, t: Throw) -> crate::dice::Dice {
        self.throw_dice(t)
    }

    /// As `wait`, without listing a decision's choices: each step says what roll it waits for.
    fn waiting_roll(&self) -> Option<Throw> {
        match self.wait_listing(Listing::KindOnly) {
            Wait::Roll(t) => Some(t),
            _ => None,
        }
    }

    fn roll_odds(&self, t: Throw) -> Option<crate::odds::Odds> {
        self.throw_odds(t)
    }

    /// [12.8] The escort player's number, chosen while the U-boat player's is hidden.
    fn secret_choice(&self) -> bool {
        self.options.two_player
            && matches!(&self.phase, Phase::Battle(b) if matches!(&b.step, battle::Step::Hunt(h) if h.stage == battle::hunt::HuntStage::EscortEvasion))
    }

    fn dice(&mut self) -> &mut DiceSource {
        &mut self.dice
    }

    fn faces_of(action: &MissionAction) -> Option<&[u8]> {
        match action {
            MissionAction::Roll { faces } => Some(faces),
            _ => None,
        }
    }

    /// The offered choices, and at the escort array what the array allows without listing (an escort
    /// already placed placed again, one escort moved before the array is kept), with the rule's own
    /// refusal for a station it refuses [6.1 2e] [7.1.3] [7.1.6].
    fn check(
        &self,
        decision: &machine::Decision<MissionAction>,
        action: &MissionAction,
    ) -> Result<(), MissionError> {
        if decision.offers(action) {
            return Ok(());
        }
        if let Phase::Battle(b) = &self.phase
            && let battle::Step::Array(a) = &b.step
            && matches!(
                action,
                MissionAction::Place { .. }
                    | MissionAction::SameArray
                    | MissionAction::KeepArray
                    | MissionAction::Rearray
            )
        {
            return self.array_check(b, a, action);
        }
        Err(self.not_now(action))
    }

    fn decide(&mut self, action: MissionAction, ev: &mut Vec<MissionEvent>) -> Result<(), MissionError> {
        if action == MissionAction::TouchWood {
            self.spend_touch_wood(ev);
            return Ok(());
        }
        // A decision settles the latest roll: Touch Wood can no longer take it back.
        self.luck = None;
        let phase = std::mem::replace(&mut self.phase, Phase::Limbo);
        self.phase = match phase {
            Phase::Voyage(s) => self.voyage_decide(s, action, ev)?,
            Phase::Battle(mut b) => {
                self.battle_decide(&mut b, action, ev)?;
                self.after_battle_step(b, ev)
            }
            other => {
                self.phase = other;
                return Err(MissionError::Refused(Refused::GameOver));
            }
        };
        Ok(())
    }

    fn resolve(&mut self, t: Throw, faces: Faces, ev: &mut Vec<MissionEvent>) -> Result<(), MissionError> {
        let faces = faces.into_vec();
        if self.touch_wood > 0 && t.own() {
            self.luck = Some(Luck {
                before: Box::new(self.before_roll_snapshot()),
                chart: self.spec(t).chart,
            });
        }
        let phase = std::mem::replace(&mut self.phase, Phase::Limbo);
        self.phase = match phase {
            Phase::Voyage(s) => self.voyage_roll(s, t, faces, ev)?,
            Phase::Battle(mut b) => {
                self.battle_roll(&mut b, t, faces, ev)?;
                self.after_battle_step(b, ev)
            }
            other => {
                self.phase = other;
                return Err(MissionError::Refused(Refused::Data(
                    "a roll came after the mission's end".into(),
                )));
            }
        };
        Ok(())
    }

    fn waiting_for(&self) -> String {
        Mission::waiting_for(self)
    }
}

impl Mission {
    /// The phase after a battle's step: the battle goes on, or the crossing does.
    fn after_battle_step(&mut self, b: Box<Battle>, ev: &mut Vec<MissionEvent>) -> Phase {
        if self.ended.is_some() {
            return Phase::Over;
        }
        if b.step == battle::Step::Finished {
            return self.continue_voyage(ev);
        }
        Phase::Battle(b)
    }
}

pub(crate) fn choice(action: MissionAction, label: impl Into<String>, rule: &str) -> Choice<MissionAction> {
    Choice {
        action,
        label: label.into(),
        rule: rule.into(),
    }
}
