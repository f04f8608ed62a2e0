//! What happens on a mission, for the log, the app and the tests: every roll (with its record) and every
//! change a player would mark on the mats, in plain words.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::roll::RollRecord;

/// How a mission ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum MissionEnd {
    /// The convoy reached its meeting point and was handed over [6.1 2A] [4.7].
    Arrived { meeting_point: String, base: String },
    /// The SOE's own ship was sunk: the career ends in defeat [5.1.2].
    SoeSunk { ship: String },
}

impl MissionEnd {
    pub fn describe(&self) -> String {
        match self {
            MissionEnd::Arrived { meeting_point, base } => {
                format!("The convoy is handed over at {meeting_point}; the group refits at {base}.")
            }
            MissionEnd::SoeSunk { ship } => {
                format!("{ship}, the SOE's ship, is sunk: the career ends in defeat.")
            }
        }
    }
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum MissionEvent {
    Rolled {
        roll: RollRecord,
    },
    /// The convoy assigned [6.1 1A] [6.1 1B].
    Assigned {
        convoy: String,
        size: String,
        display: String,
    },
    EnteredBox {
        number: u8,
        name: String,
    },
    /// An A2 result, in words.
    Encounter {
        what: String,
    },
    RandomEvent {
        id: String,
        name: String,
        effect: String,
    },
    /// The Condor is driven off, by the CVE's aircraft or the CAM Hurricane [7.2.7].
    CondorDrivenOff {
        by: String,
    },
    /// The Condor shadows: the next box rolls twice (or a second roll now) [7.2.7].
    CondorShadows,
    /// A merchant falls out of the convoy into the Straggler Box [7.1.6].
    Straggler {
        name: String,
        tonnage: u32,
        why: String,
    },
    /// A temporary straggler rejoins the convoy [7.1.6].
    Rejoined {
        name: String,
    },
    MerchantDamaged {
        name: String,
        damage: u8,
        sinks_at: u8,
    },
    MerchantSunk {
        name: String,
        tonnage: u32,
    },
    /// The merchants in reach of an attack [7.1.3].
    Targets {
        ships: Vec<String>,
    },
    /// A battle begins: its U-boats [7.1.3] [7.1.4].
    Battle {
        boats: u8,
        what: String,
    },
    TimeOfDay {
        night: bool,
    },
    Weather {
        weather: String,
    },
    /// A cycle or impulse begins [7.1.1].
    Cycle {
        cycle: u8,
        impulse: u8,
        night: bool,
        boats: Vec<u8>,
    },
    EscortPlaced {
        ship: String,
        station: String,
    },
    EscortMoved {
        ship: String,
        to: String,
    },
    UboatPlaced {
        boat: u8,
        station: String,
    },
    ContactReport {
        boat: u8,
    },
    /// By day the boat shadows instead of attacking [7.1.3].
    Shadowing {
        boat: u8,
    },
    Detected {
        boat: u8,
        by: String,
    },
    /// The escorts committed to a boat [7.1.3].
    Hunt {
        boat: u8,
        escorts: Vec<String>,
    },
    LetGo {
        boat: u8,
    },
    Hits {
        boat: u8,
        hits: u8,
    },
    /// One B5 result on the boat [7.1.3] [7.3.8].
    UboatDamage {
        boat: u8,
        system: String,
        effect: String,
    },
    Surfaced {
        boat: u8,
    },
    UboatSunk {
        boat: u8,
        by: String,
    },
    /// The boat escapes the hunt [7.1.3].
    Escaped {
        boat: u8,
    },
    /// The boat is out of the rest of the encounter [7.3.9] [7.2.3].
    Removed {
        boat: u8,
        why: String,
    },
    /// The boat sits out this cycle and returns in the next [7.2.2].
    SitsOut {
        boat: u8,
    },
    CryptoCaptured {
        ship: String,
    },
    EscortDamaged {
        ship: String,
        damage: u8,
    },
    EscortSunk {
        ship: String,
    },
    /// An escort leaves the mission (collision, breakdown) [9.2].
    EscortDetached {
        ship: String,
        why: String,
    },
    EscortJoined {
        ship: String,
    },
    KillCredited {
        boat: u8,
        ship: String,
    },
    TouchWoodKept {
        held: u8,
    },
    TouchWoodSpent {
        held: u8,
    },
    BattleOver {
        summary: String,
    },
    Arrived {
        meeting_point: String,
    },
    /// A note of the rules, in words.
    Note {
        text: String,
    },
    MissionOver {
        end: MissionEnd,
    },
}

impl MissionEvent {
    pub(crate) fn note(text: impl Into<String>) -> Self {
        MissionEvent::Note { text: text.into() }
    }
}

impl fmt::Display for MissionEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MissionEvent as E;
        match self {
            E::Rolled { roll } => {
                let mods: String = roll
                    .modifiers
                    .iter()
                    .map(|m| format!(" {:+} {} [{}]", m.value, m.reason, m.rule))
                    .collect();
                write!(
                    f,
                    "{} [{}]: {} ({}){} = {}: {}",
                    roll.chart,
                    roll.rule,
                    roll.dice,
                    super::words::faces(&roll.faces),
                    mods,
                    roll.result,
                    roll.outcome
                )
            }
            E::Assigned {
                convoy,
                size,
                display,
            } => {
                write!(f, "Assigned a {size} {convoy} convoy: Tactical Display {display}")
            }
            E::EnteredBox { number, name } => write!(f, "Travel box {number}: {name}"),
            E::Encounter { what } => write!(f, "Encounter: {what}"),
            E::RandomEvent { name, effect, .. } => write!(f, "Random event, {name}: {effect}"),
            E::CondorDrivenOff { by } => write!(f, "The Condor is driven off by {by}"),
            E::CondorShadows => f.write_str("The Condor shadows the convoy"),
            E::Straggler { name, tonnage, why } => {
                write!(
                    f,
                    "{name} ({}) falls out of the convoy: {why}",
                    super::words::tons(*tonnage)
                )
            }
            E::Rejoined { name } => write!(f, "{name} rejoins the convoy"),
            E::MerchantDamaged {
                name,
                damage,
                sinks_at,
            } => {
                write!(f, "{name} is damaged: {damage} of {sinks_at} points")
            }
            E::MerchantSunk { name, tonnage } => {
                write!(f, "{name} ({}) is sunk", super::words::tons(*tonnage))
            }
            E::Targets { ships } if ships.is_empty() => {
                write!(
                    f,
                    "In reach: no ship — the scenario's list has none left to give [11.1] [11.2]"
                )
            }
            E::Targets { ships } => write!(f, "In reach: {}", ships.join(", ")),
            E::Battle { what, .. } => write!(f, "Battle: {what}"),
            E::TimeOfDay { night } => f.write_str(if *night { "Night" } else { "Day" }),
            E::Weather { weather } => write!(f, "Weather: {weather}"),
            E::Cycle {
                cycle,
                impulse,
                night,
                boats,
            } => {
                let boats: Vec<String> = boats.iter().map(|b| format!("U-boat {b}")).collect();
                write!(
                    f,
                    "Cycle {cycle}, impulse {impulse} ({}): {}",
                    if *night { "night" } else { "day" },
                    boats.join(", ")
                )
            }
            E::EscortPlaced { ship, station } => write!(f, "{ship} in {station}"),
            E::EscortMoved { ship, to } => write!(f, "{ship} moves to {to}"),
            E::UboatPlaced { boat, station } => write!(f, "U-boat {boat} at {station}"),
            E::ContactReport { boat } => write!(f, "U-boat {boat} sends a contact report"),
            E::Shadowing { boat } => write!(f, "U-boat {boat} shadows the convoy"),
            E::Detected { boat, by } => write!(f, "U-boat {boat} detected by {by}"),
            E::Hunt { boat, escorts } => {
                let verb = if escorts.len() == 1 { "hunts" } else { "hunt" };
                write!(f, "{} {verb} U-boat {boat}", escorts.join(" and "))
            }
            E::LetGo { boat } => write!(f, "U-boat {boat} is not engaged"),
            E::Hits { boat, hits } => {
                write!(
                    f,
                    "U-boat {boat} takes {}",
                    super::words::count(*hits, "hit", "hits")
                )
            }
            E::UboatDamage { boat, system, effect } => write!(f, "U-boat {boat}: {system}: {effect}"),
            E::Surfaced { boat } => write!(f, "U-boat {boat} blows ballast and surfaces"),
            E::UboatSunk { boat, by } => write!(f, "U-boat {boat} is sunk by {by}"),
            E::Escaped { boat } => write!(f, "U-boat {boat} escapes"),
            E::Removed { boat, why } => write!(f, "U-boat {boat} is out of the encounter: {why}"),
            E::SitsOut { boat } => write!(f, "U-boat {boat} sits out this cycle"),
            E::CryptoCaptured { ship } => write!(f, "{ship}'s boarding party captures the crypto"),
            E::EscortDamaged { ship, damage } => write!(
                f,
                "{ship} takes damage: {}",
                super::words::count(*damage, "point", "points")
            ),
            E::EscortSunk { ship } => write!(f, "{ship} is sunk"),
            E::EscortDetached { ship, why } => write!(f, "{ship} leaves the group: {why}"),
            E::EscortJoined { ship } => write!(f, "{ship} joins the group"),
            E::KillCredited { boat, ship } => write!(f, "U-boat {boat} is credited to {ship}"),
            E::TouchWoodKept { held } => write!(f, "Touch Wood kept ({held} held)"),
            E::TouchWoodSpent { held } => write!(f, "Touch Wood spent ({held} left): the roll again"),
            E::BattleOver { summary } => write!(f, "The battle is over: {summary}"),
            E::Arrived { meeting_point } => write!(f, "Arrived at {meeting_point}"),
            E::Note { text } => f.write_str(text),
            E::MissionOver { end } => f.write_str(&end.describe()),
        }
    }
}

#[cfg(any(test, feature = "testing"))]
impl crate::testing::RecordsRolls for MissionEvent {
    fn roll(&self) -> Option<&RollRecord> {
        match self {
            MissionEvent::Rolled { roll } => Some(roll),
            _ => None,
        }
    }
}
