//! What happens on a Sensuikan patrol, for the log, the app and the tests.

use std::fmt;

use periscope_data::sensuikan::charts::{System, Wound};
use serde::{Deserialize, Serialize};

use super::words::{self, capitalized};
use super::{BoxKind, Post, TimeOfDay};
use crate::roll::RollRecord;

/// How a patrol ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum PatrolEnd {
    /// Home in port [6.2.2C].
    InPort,
    /// Towed home with both diesels out [8.5.4].
    Towed,
    /// Sunk with all hands [8.5.5] [8.2.6].
    Sunk { cause: String },
    /// Scuttled: the crew rescued, or prisoners, or lost at sea [8.6.3].
    Scuttled { crew: String },
    /// The scuttling failed: the submarine is captured [8.6.3] [5.2.2].
    Captured,
}

impl PatrolEnd {
    pub fn home(&self) -> bool {
        matches!(self, PatrolEnd::InPort | PatrolEnd::Towed)
    }
    pub fn describe(&self) -> String {
        match self {
            PatrolEnd::InPort => "Home in port.".into(),
            PatrolEnd::Towed => "Towed home with both diesels out.".into(),
            PatrolEnd::Sunk { cause } => format!("Sunk with all hands: {cause}."),
            PatrolEnd::Scuttled { crew } => format!("Scuttled: {crew}."),
            PatrolEnd::Captured => "The scuttling failed: the submarine is captured.".into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum PatrolEvent {
    Rolled {
        roll: RollRecord,
    },
    Loaded {
        bow: Vec<String>,
        stern: Vec<String>,
        bow_reloads: Vec<String>,
        stern_reloads: Vec<String>,
    },
    EnteredBox {
        number: u8,
        kind: BoxKind,
    },
    Encounter {
        what: String,
    },
    RandomEvent {
        id: String,
        name: String,
    },
    Contact {
        ships: Vec<String>,
        escorted: bool,
    },
    Time {
        time: TimeOfDay,
    },
    ContactLost,
    Declined,
    ShipDamaged {
        name: String,
        damage: u8,
        needed: u8,
    },
    ShipSunk {
        name: String,
        tonnage: u32,
    },
    Detected,
    Undetected,
    Hits {
        hits: u8,
    },
    HullDamage {
        boxes: u8,
        of: u8,
    },
    Flooding {
        boxes: u8,
        of: u8,
    },
    SystemDamaged {
        system: System,
    },
    NoEffect {
        system: System,
    },
    SystemRepaired {
        system: System,
    },
    SystemInop {
        system: System,
    },
    Wounded {
        post: Post,
        wound: Wound,
    },
    Died {
        post: Post,
    },
    Healed {
        post: Post,
    },
    Reloaded {
        bow: u8,
        stern: u8,
    },
    TorpedoLost,
    Resupplied {
        torpedoes: u32,
        ammunition: u32,
    },
    MidgetOutcome {
        recovered: bool,
    },
    Aborted {
        reason: String,
    },
    /// The submarine follows the contact into the next box to track it or fight another round [8.4.5] [8.2.8].
    FollowedIntoNextBox {
        what: String,
    },
    /// A step of the special mission [7.x].
    Mission {
        what: String,
    },
    /// The boat's own aircraft: a launch, a circle of the module map, a recovery [7.15] [7.17].
    Aviation {
        what: String,
    },
    /// A marker or skill spent: radio intelligence, Maneki Neko, Shibumi [B11] [11.7].
    Spent {
        what: String,
    },
    /// The captain's OPTIONAL special skill acted where no roll shows it (a roll it spares) [11.7].
    SpecialSkill {
        what: String,
    },
    HomeInPort,
    PatrolOver {
        summary: String,
    },
}

impl fmt::Display for PatrolEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PatrolEvent as E;
        match self {
            E::Rolled { roll } => {
                let mods: Vec<String> = roll
                    .modifiers
                    .iter()
                    .map(|m| format!("{:+} {} [{}]", m.value, m.reason, m.rule))
                    .collect();
                write!(
                    f,
                    "{} [{}] {} {} = {}{} -> {}: {}",
                    roll.chart,
                    roll.rule,
                    roll.dice,
                    super::words::faces(&roll.faces),
                    roll.natural,
                    if mods.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", mods.join(", "))
                    },
                    roll.result,
                    roll.outcome
                )
            }
            E::Loaded {
                bow,
                stern,
                bow_reloads,
                stern_reloads,
            } => {
                let tubes = |end: &str, t: &[String]| {
                    if t.is_empty() {
                        format!("no {end} tubes")
                    } else {
                        format!("{end} tubes {}", t.join(", "))
                    }
                };
                write!(
                    f,
                    "Loaded: {}; {}; reloads {} bow, {} stern",
                    tubes("bow", bow),
                    tubes("stern", stern),
                    bow_reloads.len(),
                    stern_reloads.len()
                )
            }
            E::EnteredBox { number, kind } => write!(f, "Track box {number} ({})", super::words::name(kind)),
            E::Encounter { what } => write!(f, "Encounter: {what}"),
            E::RandomEvent { name, .. } => write!(f, "Random event: {name}"),
            E::Contact { ships, escorted } => write!(
                f,
                "Contact: {}{}",
                ships.join(", "),
                if *escorted { " with escort" } else { "" }
            ),
            E::Time { time } => write!(f, "Time of day: {}", super::words::name(time)),
            E::ContactLost => f.write_str("Contact lost"),
            E::Declined => f.write_str("The contact is let go"),
            E::ShipDamaged { name, damage, needed } => write!(f, "{name} damaged ({damage} of {needed})"),
            E::ShipSunk { name, tonnage } => write!(f, "{name} sunk ({tonnage} t)"),
            E::Detected => f.write_str("Detected by the escorts"),
            E::Undetected => f.write_str("Undetected"),
            E::Hits { hits } => write!(
                f,
                "{} on the submarine",
                words::count(u32::from(*hits), "hit", "hits")
            ),
            E::HullDamage { boxes, of } => write!(f, "Hull damage {boxes} of {of}"),
            E::Flooding { boxes, of } => write!(f, "Flooding {boxes} of {of}"),
            E::SystemDamaged { system } => write!(f, "{} damaged", capitalized(&words::system(*system))),
            E::NoEffect { system } => {
                write!(f, "{}: no further effect", capitalized(&words::system(*system)))
            }
            E::SystemRepaired { system } => write!(f, "{} repaired", capitalized(&words::system(*system))),
            E::SystemInop { system } => write!(f, "{} inoperative", capitalized(&words::system(*system))),
            E::Wounded { post, wound } => {
                write!(f, "{} {}", super::words::post(*post), super::words::wound(*wound))
            }
            E::Died { post } => write!(f, "{} died of wounds", super::words::post(*post)),
            E::Healed { post } => write!(f, "{}'s light wound treated", super::words::post(*post)),
            E::Reloaded { bow, stern } => write!(f, "Reloaded {bow} bow and {stern} stern tubes"),
            E::TorpedoLost => f.write_str("A torpedo is lost"),
            E::Resupplied {
                torpedoes,
                ammunition,
            } => {
                write!(f, "Resupplied {torpedoes} torpedoes and {ammunition} rounds")
            }
            E::MidgetOutcome { recovered } => f.write_str(if *recovered {
                "Midget submarine recovered"
            } else {
                "Midget submarine lost"
            }),
            E::Aborted { reason } => write!(f, "Patrol aborted: {reason}"),
            E::FollowedIntoNextBox { what } => write!(f, "Following the contact into the next box: {what}"),
            E::Mission { what } => write!(f, "Mission: {what}"),
            E::Aviation { what } => write!(f, "Aviation: {what}"),
            E::Spent { what } => write!(f, "Spent: {what}"),
            E::SpecialSkill { what } => write!(f, "{what} [11.7]"),
            E::HomeInPort => f.write_str("Home in port"),
            E::PatrolOver { summary } => write!(f, "Patrol over: {summary}"),
        }
    }
}

#[cfg(any(test, feature = "testing"))]
impl crate::testing::RecordsRolls for PatrolEvent {
    fn roll(&self) -> Option<&RollRecord> {
        match self {
            PatrolEvent::Rolled { roll } => Some(roll),
            _ => None,
        }
    }
}
