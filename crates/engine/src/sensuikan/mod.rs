//! Sensuikan: one patrol of a Japanese fleet submarine, from port to port — track boxes, encounters,
//! combat, escorts, aviation, damage and the crew (rules 6.2 step 2, 8.1-8.6 and the random events).
//!
//! Rule cases are cited as the checklist writes them (`[8.2.6]`). Every number comes from the validated
//! data crate: the chart set, the catalogs and the in-text procedures
//! (`periscope_data::sensuikan::procedures`). The career around a patrol (assignment, schools, refit,
//! promotions) is [`career`]; the modules are `midget.rs` [7.16], `air_ops.rs` [7.17] and `kaiten.rs`
//! [7.18]. [`PatrolOptions`] is the setup a career hands to a patrol, and [`PatrolResult`] is what a
//! patrol hands back.

mod air_ops;
mod aviation;
pub mod career;
mod combat;
mod damage;
mod encounter;
mod escort;
mod events;
mod kaiten;
mod luck;
mod midget;
mod mission;
mod optional;
#[cfg(test)]
mod optional_tests;
mod options;
mod patrol;
mod phase;
pub mod policy;
mod reading;
mod shipped;
mod view;
mod words;
pub use words::name as in_words;

#[cfg(test)]
mod air_ops_tests;
#[cfg(test)]
mod kaiten_tests;
#[cfg(test)]
mod midget_tests;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod text_tests;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use periscope_data::sensuikan::catalog::catalogs::SubmarineClass;
use periscope_data::sensuikan::charts::{Charts, Range, System, Weapon, Wound};
use serde::{Deserialize, Serialize};

pub use air_ops::{AirRoll, AirWing, Flight, Pilot, can_fly};
pub use aviation::{AirAttack, AircraftRoll};
pub use combat::{AttackRoll, Combat, CombatAsk, Rounds, Shot, ShotStage, SubAttack, TrackRoll};
pub use damage::{AfterDamage, AftermathRoll, Attacker, DamageRoll, Incoming};
pub use encounter::{ContactKind, ContactRoll, EnemyRoll, EnemySub, Picture, Target, TimeOfDay};
pub use escort::{EscortCycle, EscortRoll};
pub use events::{PatrolEnd, PatrolEvent};
pub use kaiten::{KaitenRoll, KaitenRun};
pub use midget::{AnchoredKind, MidgetRoll, MidgetRun};
pub use optional::{ForceQuality, OptionalRoll, evasion_direction};
pub use options::{CrewQuality, CrewSetup, MissionPlan, OptionalRules, PatrolOptions};
pub use patrol::EncounterAsk;
pub use phase::{Ask, Phase, RollPurpose};
pub use view::{AskView, CombatView, PatrolView, PhaseView};

use damage::Aftermath;
use luck::Luck;
use mission::Mission;
use patrol::Voyage;
use shipped::Shipped;

use crate::Month;
use crate::dice::{DiceError, DiceMode, DiceSource};
use crate::game::{Choice, Game, Pending};
use crate::machine::{self, BeforeRoll, Refusal, RollSpec, Rules, Wait};
use crate::roll::RollRecord;

/// Which end of the hull a torpedo is fired from [8.2.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    Bow,
    Stern,
}

impl End {
    pub fn other(self) -> End {
        match self {
            End::Bow => End::Stern,
            End::Stern => End::Bow,
        }
    }
}

/// A torpedo type [4.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Torpedo {
    Type89,
    Type6,
    Type95,
    Type92,
}

impl Torpedo {
    pub fn weapon(self) -> Weapon {
        match self {
            Torpedo::Type89 => Weapon::Type89,
            Torpedo::Type6 => Weapon::Type6,
            Torpedo::Type95 => Weapon::Type95,
            Torpedo::Type92 => Weapon::Type92,
        }
    }
    /// Steam torpedoes leave a wake by day [8.1.9].
    pub fn is_steam(self) -> bool {
        matches!(self, Torpedo::Type89 | Torpedo::Type6)
    }
}

/// What the submarine tries after following a contact into the next box [8.4.5] [8.2.8].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FollowUp {
    /// A third additional round against unescorted ships [8.2.8].
    Round,
    /// Track the damaged ship(s) [8.4.2] [8.4.5].
    TrackDamaged,
    /// Track the convoy or escorted ships [8.4.4] [8.4.5].
    TrackConvoy,
}

impl FollowUp {
    fn word(self) -> &'static str {
        match self {
            FollowUp::Round => "again",
            FollowUp::TrackDamaged => "track_damaged",
            FollowUp::TrackConvoy => "track_convoy",
        }
    }
}

/// A player's action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PatrolAction {
    /// Load this many Type 92 electric torpedoes (0-6) from 7/42 [4.5].
    LoadType92 { count: u8 },
    /// The midget in the Target Box fires this many Type 97s at this range, submerged [7.16].
    MidgetAttack { range: Range, torpedoes: u8 },
    /// The midget in the Target Box holds fire [7.16].
    MidgetHold,
    /// The expert navigation officer re-rolls this box's encounter, or keeps it [8.7.1].
    Reroll { reroll: bool },
    /// Engage the contact at a range, submerged or (at night) on the surface [8.2.1] [8.2.2].
    Attack { range: Range, surfaced: bool },
    /// Try to change day to night or back [8.1.10].
    ChangeTime,
    /// Let the contact go [6.2.2Ba].
    Decline,
    /// Declare one torpedo from `end` at target `target` (1-based) [8.2.3].
    Declare { end: End, target: u8 },
    /// Fire one deck gun shot at target `target` [8.2.4].
    Gun { target: u8 },
    /// Fire the declared torpedoes [8.2.3].
    Fire,
    /// Go beyond test depth before the escorts' detection roll, or not [8.2.6].
    TestDepth { exceed: bool },
    /// An additional combat round against unescorted targets [8.2.8].
    AdditionalRound,
    /// Track the damaged ship(s) [8.4.2].
    TrackDamaged,
    /// Track the convoy or escorted ships [8.4.4].
    TrackConvoy,
    /// Follow the contact into the next box and try this there instead of the encounter roll [8.4.5] [8.2.8].
    Follow { then: FollowUp },
    /// Pick the straggler to pursue [8.4.2] [8.4.3].
    Pursue { target: u8 },
    /// End the encounter and go on [8.4.1].
    Continue,
    /// Abort the patrol and head for base [8.6.1].
    Abort,
    /// Spend the radio intelligence marker: roll the encounter a second time and choose [B11].
    SpendRadio,
    /// After spending radio intelligence: take the first or the second encounter [B11].
    ChooseEncounter { second: bool },
    /// Spend the Maneki Neko marker: the latest roll of your own is made again [B11] [11.7].
    ManekiNeko,
    /// The captain's Shibumi, once per patrol: fire with the first torpedo's to-hit roll passed, or go
    /// beyond test depth with the check passed, without rolling [11.7].
    Shibumi,
    /// The evasive manoeuvre's number, 1-6: 1-2 left, 3-4 right, 5-6 straight ahead [11.3].
    Evade { number: u8 },
    /// Launch the boat's aircraft to reconnoitre this box, or keep it aboard [7.15].
    Launch { launch: bool },
    /// The faces of real dice.
    Roll { faces: Vec<u8> },
}

fn range_word(r: Range) -> &'static str {
    match r {
        Range::Short => "short",
        Range::Medium => "medium",
        Range::Long => "long",
    }
}

impl fmt::Display for PatrolAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PatrolAction as A;
        match self {
            A::LoadType92 { count } => write!(f, "load {count}"),
            A::MidgetAttack { range, torpedoes } => {
                write!(f, "midget attack {} {torpedoes}", range_word(*range))
            }
            A::MidgetHold => f.write_str("midget hold"),
            A::Reroll { reroll } => f.write_str(if *reroll { "reroll" } else { "keep" }),
            A::Attack { range, surfaced } => write!(
                f,
                "attack {} {}",
                range_word(*range),
                if *surfaced { "surfaced" } else { "submerged" }
            ),
            A::ChangeTime => f.write_str("change_time"),
            A::Decline => f.write_str("decline"),
            A::Declare { end, target } => write!(
                f,
                "declare {} {target}",
                if *end == End::Bow { "bow" } else { "stern" }
            ),
            A::Gun { target } => write!(f, "gun {target}"),
            A::Fire => f.write_str("fire"),
            A::TestDepth { exceed } => f.write_str(if *exceed { "deep" } else { "shallow" }),
            A::AdditionalRound => f.write_str("again"),
            A::TrackDamaged => f.write_str("track_damaged"),
            A::TrackConvoy => f.write_str("track_convoy"),
            A::Follow { then } => write!(f, "follow {}", then.word()),
            A::Pursue { target } => write!(f, "pursue {target}"),
            A::Continue => f.write_str("continue"),
            A::Abort => f.write_str("abort"),
            A::SpendRadio => f.write_str("radio"),
            A::ChooseEncounter { second } => {
                f.write_str(if *second { "choose second" } else { "choose first" })
            }
            A::ManekiNeko => f.write_str("maneki_neko"),
            A::Shibumi => f.write_str("shibumi"),
            A::Evade { number } => write!(f, "evade {number}"),
            A::Launch { launch } => f.write_str(if *launch { "launch" } else { "no_launch" }),
            A::Roll { faces } => {
                let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                write!(f, "roll {}", faces.join(" "))
            }
        }
    }
}

/// The short text form scripts use: `load 2`, `midget attack medium 2`, `midget hold`, `reroll`, `keep`, `attack medium submerged`,
/// `change_time`, `decline`, `declare bow 1`, `gun 1`, `fire`, `deep`, `shallow`, `again`,
/// `track_damaged`, `track_convoy`, `follow again|track_damaged|track_convoy`, `radio`,
/// `choose first|second`, `maneki_neko`, `shibumi`, `evade 5`, `launch`, `no_launch`, `pursue 2`, `continue`,
/// `abort`, `roll 3 4`.
impl FromStr for PatrolAction {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        use PatrolAction as A;
        let words: Vec<String> = s.split_whitespace().map(str::to_ascii_lowercase).collect();
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        let num = |x: &str| {
            x.parse::<u8>()
                .map_err(|_| format!("'{s}': '{x}' is not a number"))
        };
        let range = |x: &str| match x {
            "short" => Ok(Range::Short),
            "medium" => Ok(Range::Medium),
            "long" => Ok(Range::Long),
            _ => Err(format!("'{s}': range is short, medium or long")),
        };
        match w.as_slice() {
            ["load", n] => Ok(A::LoadType92 { count: num(n)? }),
            ["midget", "attack", r, n] => Ok(A::MidgetAttack {
                range: range(r)?,
                torpedoes: num(n)?,
            }),
            ["midget", "hold"] => Ok(A::MidgetHold),
            ["reroll"] => Ok(A::Reroll { reroll: true }),
            ["keep"] => Ok(A::Reroll { reroll: false }),
            ["attack", r] => Ok(A::Attack {
                range: range(r)?,
                surfaced: false,
            }),
            ["attack", r, m] => Ok(A::Attack {
                range: range(r)?,
                surfaced: match *m {
                    "surfaced" | "surface" => true,
                    "submerged" => false,
                    _ => return Err(format!("'{s}': submerged or surfaced")),
                },
            }),
            ["change_time"] => Ok(A::ChangeTime),
            ["decline"] => Ok(A::Decline),
            ["declare", e, t] => Ok(A::Declare {
                end: match *e {
                    "bow" => End::Bow,
                    "stern" => End::Stern,
                    _ => return Err(format!("'{s}': bow or stern")),
                },
                target: num(t)?,
            }),
            ["gun", t] => Ok(A::Gun { target: num(t)? }),
            ["fire"] => Ok(A::Fire),
            ["deep"] => Ok(A::TestDepth { exceed: true }),
            ["shallow"] => Ok(A::TestDepth { exceed: false }),
            ["again"] => Ok(A::AdditionalRound),
            ["track_damaged"] => Ok(A::TrackDamaged),
            ["track_convoy"] => Ok(A::TrackConvoy),
            ["follow", "again"] => Ok(A::Follow {
                then: FollowUp::Round,
            }),
            ["follow", "track_damaged"] => Ok(A::Follow {
                then: FollowUp::TrackDamaged,
            }),
            ["follow", "track_convoy"] => Ok(A::Follow {
                then: FollowUp::TrackConvoy,
            }),
            ["radio"] => Ok(A::SpendRadio),
            ["choose", "first"] => Ok(A::ChooseEncounter { second: false }),
            ["choose", "second"] => Ok(A::ChooseEncounter { second: true }),
            ["maneki_neko"] => Ok(A::ManekiNeko),
            ["shibumi"] => Ok(A::Shibumi),
            ["evade", n] => Ok(A::Evade { number: num(n)? }),
            ["launch"] => Ok(A::Launch { launch: true }),
            ["no_launch"] => Ok(A::Launch { launch: false }),
            ["pursue", t] => Ok(A::Pursue { target: num(t)? }),
            ["continue"] => Ok(A::Continue),
            ["abort"] => Ok(A::Abort),
            ["roll", rest @ ..] if !rest.is_empty() => {
                let faces: Result<Vec<u8>, String> = rest.iter().map(|x| num(x)).collect();
                Ok(A::Roll { faces: faces? })
            }
            _ => Err(format!(
                "'{s}' is not an action (load N, midget attack RANGE N, midget hold, reroll, keep, attack RANGE \
                 [submerged|surfaced], change_time, decline, declare bow|stern N, gun N, fire, deep, shallow, \
                 again, track_damaged, track_convoy, follow again|track_damaged|track_convoy, radio, choose \
                 first|second, maneki_neko, shibumi, evade N, launch, no_launch, pursue N, continue, abort, \
                 roll F …)"
            )),
        }
    }
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum PatrolError {
    /// Not one of the choices the game offers now.
    NotNow {
        action: String,
        waiting_for: String,
    },
    Dice(DiceError),
    NotPhysical,
    BadOptions(String),
    Data(String),
    GameOver,
}

impl fmt::Display for PatrolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatrolError::NotNow { action, waiting_for } => {
                write!(
                    f,
                    "'{action}' is not possible now: the game waits for {waiting_for}"
                )
            }
            PatrolError::Dice(e) => write!(f, "{e}"),
            PatrolError::NotPhysical => f.write_str("this game rolls its own dice"),
            PatrolError::BadOptions(m) => write!(f, "bad options: {m}"),
            PatrolError::Data(m) => write!(f, "rules data: {m}"),
            PatrolError::GameOver => f.write_str("the patrol is over"),
        }
    }
}

impl std::error::Error for PatrolError {}

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

/// A damaged system's state [8.5.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SystemState {
    Damaged,
    Inop,
}

/// The submarine on its Control Sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Boat {
    /// Loaded tubes; `None` is an empty tube.
    pub bow_tubes: Vec<Option<Torpedo>>,
    pub stern_tubes: Vec<Option<Torpedo>>,
    pub bow_reloads: Vec<Torpedo>,
    pub stern_reloads: Vec<Torpedo>,
    pub ammunition: u32,
    pub hull: u8,
    pub flooding: u8,
    /// Damaged or inoperative systems (hull and flooding are counted in boxes).
    pub systems: Vec<(System, SystemState)>,
    /// AA guns out of action (a second AA hit takes out the second gun) [8.5.10].
    pub aa_guns_out: u8,
    /// Diesel engines out of action (a second hit puts both out) [8.5.4].
    pub diesels_out: u8,
}

impl Boat {
    pub fn state(&self, s: System) -> Option<SystemState> {
        self.systems.iter().find(|(x, _)| *x == s).map(|(_, st)| *st)
    }
    pub fn working(&self, s: System) -> bool {
        self.state(s).is_none()
    }
    pub fn torpedoes(&self) -> u32 {
        let n = self.bow_tubes.iter().flatten().count()
            + self.stern_tubes.iter().flatten().count()
            + self.bow_reloads.len()
            + self.stern_reloads.len();
        u32::try_from(n).unwrap_or(u32::MAX)
    }
    pub fn tubes(&self, end: End) -> &Vec<Option<Torpedo>> {
        match end {
            End::Bow => &self.bow_tubes,
            End::Stern => &self.stern_tubes,
        }
    }
    fn tubes_mut(&mut self, end: End) -> &mut Vec<Option<Torpedo>> {
        match end {
            End::Bow => &mut self.bow_tubes,
            End::Stern => &mut self.stern_tubes,
        }
    }
}

/// A crew post and its wound [8.5.9].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Post {
    Captain,
    ExecutiveOfficer,
    NavigationOfficer,
    Doctor,
    Engineer,
    Crew,
}

impl Post {
    /// The five specialists of the Control Sheet, in its order [8.5.9].
    pub(crate) const OFFICERS: [Post; 5] = [
        Post::Captain,
        Post::ExecutiveOfficer,
        Post::NavigationOfficer,
        Post::Doctor,
        Post::Engineer,
    ];
}

/// Wounds on the crew: the five specialists and the generic crew boxes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crew {
    pub captain: Option<Wound>,
    pub executive_officer: Option<Wound>,
    pub navigation_officer: Option<Wound>,
    pub doctor: Option<Wound>,
    pub engineer: Option<Wound>,
    pub crew: Vec<Option<Wound>>,
}

/// SW or KIA: the man cannot do his job [8.5.9].
pub fn out(w: Option<Wound>) -> bool {
    matches!(w, Some(Wound::Sw | Wound::Kia))
}

impl Crew {
    pub fn wound(&self, p: Post) -> Option<Wound> {
        match p {
            Post::Captain => self.captain,
            Post::ExecutiveOfficer => self.executive_officer,
            Post::NavigationOfficer => self.navigation_officer,
            Post::Doctor => self.doctor,
            Post::Engineer => self.engineer,
            Post::Crew => None,
        }
    }
    fn slot(&mut self, p: Post) -> Option<&mut Option<Wound>> {
        match p {
            Post::Captain => Some(&mut self.captain),
            Post::ExecutiveOfficer => Some(&mut self.executive_officer),
            Post::NavigationOfficer => Some(&mut self.navigation_officer),
            Post::Doctor => Some(&mut self.doctor),
            Post::Engineer => Some(&mut self.engineer),
            Post::Crew => None,
        }
    }
    /// Who commands: 0 captain, 1 executive officer, 2 navigation officer, 3 engineer [8.5.9].
    pub fn command_level(&self) -> u8 {
        if !out(self.captain) {
            0
        } else if !out(self.executive_officer) {
            1
        } else if !out(self.navigation_officer) {
            2
        } else {
            3
        }
    }
}

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

    pub(crate) fn record(&mut self, roll: RollRecord, events: &mut Vec<PatrolEvent>) {
        self.last_roll = Some(roll.clone());
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

    fn new(options: PatrolOptions, seed: u64, dice: DiceMode) -> Result<Self, PatrolError> {
        // The shipped data is parsed and validated once per process, then shared.
        let data = Shipped::get().map_err(PatrolError::Data)?;
        Self::with_data(options, seed, dice, data)
    }

    fn pending(&self) -> Pending<PatrolAction> {
        machine::pending(self)
    }

    fn apply(&mut self, action: PatrolAction) -> Result<Vec<PatrolEvent>, PatrolError> {
        machine::play(self, action)
    }

    fn dice_action(faces: Vec<u8>) -> PatrolAction {
        PatrolAction::Roll { faces }
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

    fn decide(&mut self, action: PatrolAction, events: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        if let Phase::Decide { ask } = self.phase {
            Patrol::decide(self, ask, action, events);
        }
        Ok(())
    }

    fn resolve(
        &mut self,
        purpose: RollPurpose,
        faces: Vec<u8>,
        events: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        Patrol::resolve(self, purpose, faces, events)
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
        match r {
            Refusal::NotNow { action, waiting_for } => PatrolError::NotNow { action, waiting_for },
            Refusal::Dice(e) => PatrolError::Dice(e),
            Refusal::NotPhysical => PatrolError::NotPhysical,
            Refusal::GameOver => PatrolError::GameOver,
            Refusal::Unsettled => PatrolError::Data("the patrol did not settle".into()),
        }
    }
}

pub(crate) fn choice(action: PatrolAction, label: impl Into<String>, rule: &str) -> Choice<PatrolAction> {
    Choice {
        action,
        label: label.into(),
        rule: rule.into(),
    }
}
