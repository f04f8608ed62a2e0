//! What happens in a game of Submarine Hunt, for the log, the table's animations and the tests.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cards::Card;
use super::options::Mode;
use crate::roll::RollRecord;

/// Why the game was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LossCause {
    /// [Objective.3] [Modes.3]
    OxygenExhausted,
    /// [Objective.4] [Modes.3]
    BatteryExhausted,
    /// [Objective.5] [Enemy.6]
    HullDestroyed,
}

impl LossCause {
    pub fn describe(self) -> &'static str {
        match self {
            LossCause::OxygenExhausted => "The oxygen ran out: the crew is lost.",
            LossCause::BatteryExhausted => "The battery ran flat: the crew is lost.",
            LossCause::HullDestroyed => "Enemy fire broke the hull: the submarine is sunk.",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum HuntEvent {
    /// A die roll, with its full record (boxed: the other events are small, and a list of them moves
    /// each one at the size of the largest).
    Rolled {
        roll: Box<RollRecord>,
    },
    /// No single die or pair of dice points at a face-down card: the sonar finds nothing.
    SonarBlank,
    /// A Detection card turned over; `ship` names what it is, if anything [Hunt.4] [Hunt.5].
    CardTurned {
        position: u8,
        card: Card,
        ship: Option<String>,
    },
    ModeChanged {
        mode: Mode,
    },
    /// An Attack card flipped at the ship in `position`.
    AttackCard {
        position: u8,
        card: Card,
        total: u32,
        needed: u32,
        torpedoes: u32,
    },
    ShipSunk {
        position: u8,
        ship: String,
        sink_points: u32,
        total_sink_points: u32,
    },
    BrokeOff {
        position: u8,
    },
    /// The last torpedo is gone: the attack ends.
    OutOfTorpedoes,
    /// Supplies after the Consequence Phase adjusted them [Each Turn.3].
    Supplies {
        oxygen: i32,
        battery: i32,
    },
    Detected {
        streak: u32,
    },
    /// The enemy missed; `broke_contact` when a run of detections ended with it [Enemy.5].
    NotDetected {
        broke_contact: bool,
    },
    /// A Damage card dealt by enemy fire [Enemy.3].
    EnemyFire {
        card: Card,
        damage: u32,
        hull: i32,
    },
    /// The first hit of an exchange: the detection number rises by 1 until a miss [Enemy.4].
    HitBonus,
    /// Sixes locked for the voyage home, out of three [Return.2].
    VoyageHome {
        locked: u8,
    },
    /// Arrived in a home base [Return.3].
    Arrived,
    /// Full supplies, 24 torpedoes and a new Detection Row [Return.4].
    Resupplied {
        torpedoes: u32,
    },
    Won {
        sink_points: u32,
    },
    Lost {
        cause: LossCause,
    },
}

impl fmt::Display for HuntEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HuntEvent::Rolled { roll } => {
                let faces: Vec<String> = roll.faces.iter().map(u8::to_string).collect();
                write!(
                    f,
                    "{} [{}]: {} rolled {}",
                    roll.chart,
                    roll.rule,
                    roll.dice,
                    faces.join(" ")
                )?;
                for m in &roll.modifiers {
                    write!(f, ", {:+} {} [{}]", m.value, m.reason, m.rule)?;
                }
                if !roll.outcome.is_empty() {
                    write!(f, " — {}", roll.outcome)?;
                }
                Ok(())
            }
            HuntEvent::SonarBlank => f.write_str("Sonar: no die or pair of dice points at a face-down card."),
            HuntEvent::CardTurned {
                position,
                card,
                ship: Some(ship),
            } => {
                write!(f, "Card {position} is the {}: {ship} found!", card.pretty())
            }
            HuntEvent::CardTurned {
                position,
                card,
                ship: None,
            } => {
                write!(f, "Card {position} is the {}: empty sea.", card.pretty())
            }
            HuntEvent::ModeChanged { mode } => write!(f, "Now cruising: {}.", mode.name()),
            HuntEvent::AttackCard {
                position,
                card,
                total,
                needed,
                torpedoes,
            } => write!(
                f,
                "Torpedo at ship {position}: {}{} — {total} of {needed} ({torpedoes} torpedoes left).",
                card.pretty(),
                card.scoring()
            ),
            HuntEvent::ShipSunk {
                ship,
                sink_points,
                total_sink_points,
                ..
            } => {
                write!(
                    f,
                    "{ship} sunk! +{sink_points} Sink Points ({total_sink_points} in all)."
                )
            }
            HuntEvent::BrokeOff { position } => write!(f, "Broke off the attack on ship {position}."),
            HuntEvent::OutOfTorpedoes => f.write_str("Out of torpedoes: the attack ends."),
            HuntEvent::Supplies { oxygen, battery } => write!(f, "Oxygen {oxygen}, Battery {battery}."),
            HuntEvent::Detected { streak } => write!(f, "Detected! ({streak} in a row)"),
            HuntEvent::NotDetected { broke_contact: true } => f.write_str("Not detected: contact broken."),
            HuntEvent::NotDetected { broke_contact: false } => f.write_str("Not detected."),
            HuntEvent::EnemyFire { card, damage, hull } => {
                write!(
                    f,
                    "Enemy fire: {}{} deals {damage}; hull {hull}.",
                    card.pretty(),
                    card.scoring()
                )
            }
            HuntEvent::HitBonus => f.write_str("Hit! The enemy detects on one more until contact breaks."),
            HuntEvent::VoyageHome { locked } => write!(f, "Heading home: {locked} of 3 sixes locked."),
            HuntEvent::Arrived => f.write_str("Arrived at base."),
            HuntEvent::Resupplied { torpedoes } => {
                write!(
                    f,
                    "Resupplied: full oxygen and battery, {torpedoes} torpedoes, a new Detection Row."
                )
            }
            HuntEvent::Won { sink_points } => write!(f, "Victory! Home with {sink_points} Sink Points."),
            HuntEvent::Lost { cause } => f.write_str(cause.describe()),
        }
    }
}

#[cfg(any(test, feature = "testing"))]
impl crate::testing::RecordsRolls for HuntEvent {
    fn roll(&self) -> Option<&RollRecord> {
        match self {
            HuntEvent::Rolled { roll } => Some(roll.as_ref()),
            _ => None,
        }
    }
}
