//! The player's actions on a mission and their short text form for scripts and the log (`place
//! hurricane J`, `hunt venomous`, `depth_charges`): saves replay them, so their serialized and written
//! forms never change. Ships are named by their ids in `groups.json`, boxes and circles as the Tactical
//! Display prints them (`K`, `A1`, `S`).

use std::fmt;
use std::str::FromStr;

use periscope_data::atlantic::charts::Range;
use serde::{Deserialize, Serialize};

/// A player's action (in a two-player game, the U-boat player's too [10.1]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MissionAction {
    /// Launch the CAM ship's Hurricane at the Condor [7.2.7].
    LaunchCam,
    /// Keep the Hurricane: the Condor shadows the convoy [7.2.7].
    HoldCam,
    /// Place an escort in an escort box, or in Box S by the stragglers [6.1 2e] [7.1.6].
    Place { ship: String, station: String },
    /// Keep the escorts where they stand for the next impulse or cycle [7.1.3].
    KeepArray,
    /// Array every escort again [7.1.3].
    Rearray,
    /// Every escort not yet placed to the station she held in the last array, where she still may
    /// [6.1 2e].
    SameArray,
    /// Commit an escort to the hunt of the boat [7.1.3].
    Hunt { ship: String },
    /// Begin the hunt with the escorts committed [7.1.3].
    Engage,
    /// Let the boat go: no escort engages it [6.1 2a].
    LetGo,
    /// A depth-charge attack; with limited depth charges, the ship that spends the point [7.1.3] [12.7].
    DepthCharges { ship: Option<String> },
    /// A Hedgehog attack; with limited ammunition, the ship that spends the reload [7.1.3] [12.7 ERRATA].
    Hedgehog { ship: Option<String> },
    /// End the hunt now [7.1.3 ERRATA].
    BreakOff,
    /// Sink the surfaced boat by gunfire [7.4.2].
    Gunfire,
    /// Ram the surfaced boat with this escort and try to board [7.4.2].
    Ram { ship: String },
    /// The kill goes to this escort [7.5.1].
    Credit { ship: String },
    /// Leave this escort in Box S with the stragglers after the battle [7.1.6].
    Guard { ship: String },
    /// No more guards [7.1.6].
    GuardDone,
    /// Spend a Touch Wood marker: the latest roll of the player's is made again [9.2].
    TouchWood,
    /// U-boat player: the boat's approach circle [10.1].
    Approach { circle: String },
    /// U-boat player: by day the boat attacks this cycle [7.1.5] [10.1].
    Attack,
    /// U-boat player: by day the boat shadows and reports instead [7.1.3] [10.1].
    Shadow,
    /// U-boat player: the range of the attack [10.1].
    Range { range: Range },
    /// U-boat player: one bow torpedo at the ship in reach numbered `target` (from 1) [10.1].
    Fire { target: u8 },
    /// U-boat player: one bow torpedo at the escort nearest the boat [10.1].
    FireEscort,
    /// U-boat player: fire the torpedoes aimed [10.1].
    Salvo,
    /// U-boat player: the evasion number, 1-6 [12.8] [10.1].
    Evade { number: u8 },
    /// Escort player: the escorts' number against the evading boat, 1-6, chosen in secret as the U-boat
    /// player's is [12.8] [10.1].
    EscortTurn { number: u8 },
    /// The faces of real dice.
    Roll { faces: Vec<u8> },
}

pub(crate) fn range_word(r: Range) -> &'static str {
    match r {
        Range::Close => "close",
        Range::Medium => "medium",
        Range::Long => "long",
    }
}

impl fmt::Display for MissionAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MissionAction as A;
        let with = |f: &mut fmt::Formatter<'_>, word: &str, ship: &Option<String>| match ship {
            Some(s) => write!(f, "{word} {s}"),
            None => f.write_str(word),
        };
        match self {
            A::LaunchCam => f.write_str("launch"),
            A::HoldCam => f.write_str("hold"),
            A::Place { ship, station } => write!(f, "place {ship} {station}"),
            A::KeepArray => f.write_str("keep"),
            A::Rearray => f.write_str("rearray"),
            A::SameArray => f.write_str("same"),
            A::Hunt { ship } => write!(f, "hunt {ship}"),
            A::Engage => f.write_str("engage"),
            A::LetGo => f.write_str("let_go"),
            A::DepthCharges { ship } => with(f, "depth_charges", ship),
            A::Hedgehog { ship } => with(f, "hedgehog", ship),
            A::BreakOff => f.write_str("break_off"),
            A::Gunfire => f.write_str("gunfire"),
            A::Ram { ship } => write!(f, "ram {ship}"),
            A::Credit { ship } => write!(f, "credit {ship}"),
            A::Guard { ship } => write!(f, "guard {ship}"),
            A::GuardDone => f.write_str("done"),
            A::TouchWood => f.write_str("touch_wood"),
            A::Approach { circle } => write!(f, "approach {circle}"),
            A::Attack => f.write_str("attack"),
            A::Shadow => f.write_str("shadow"),
            A::Range { range } => write!(f, "range {}", range_word(*range)),
            A::Fire { target } => write!(f, "fire {target}"),
            A::FireEscort => f.write_str("fire escort"),
            A::Salvo => f.write_str("salvo"),
            A::Evade { number } => write!(f, "evade {number}"),
            A::EscortTurn { number } => write!(f, "turn {number}"),
            A::Roll { faces } => {
                let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                write!(f, "roll {}", faces.join(" "))
            }
        }
    }
}

/// The short text form scripts use: `launch`, `hold`, `place SHIP BOX`, `keep`, `rearray`, `same`, `hunt SHIP`,
/// `engage`, `let_go`, `depth_charges [SHIP]`, `hedgehog [SHIP]`, `break_off`, `gunfire`, `ram SHIP`,
/// `credit SHIP`, `guard SHIP`, `done`, `touch_wood`, `approach CIRCLE`, `attack`, `shadow`, `range
/// close|medium|long`, `fire N`, `fire escort`, `salvo`, `evade N`, `roll F …`. Ship ids are read in lower
/// case, boxes and circles in upper case.
impl FromStr for MissionAction {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        use MissionAction as A;
        let words: Vec<&str> = s.split_whitespace().collect();
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let w: Vec<&str> = lower.iter().map(String::as_str).collect();
        let num = |x: &str| {
            x.parse::<u8>()
                .map_err(|_| format!("'{s}': '{x}' is not a number"))
        };
        let ship = |x: &str| x.to_string();
        let place = |i: usize| words.get(i).map(|x| x.to_ascii_uppercase()).unwrap_or_default();
        match w.as_slice() {
            ["launch"] => Ok(A::LaunchCam),
            ["hold"] => Ok(A::HoldCam),
            ["place", sh, _] => Ok(A::Place {
                ship: ship(sh),
                station: place(2),
            }),
            ["keep"] => Ok(A::KeepArray),
            ["rearray"] => Ok(A::Rearray),
            ["same"] => Ok(A::SameArray),
            ["hunt", sh] => Ok(A::Hunt { ship: ship(sh) }),
            ["engage"] => Ok(A::Engage),
            ["let_go"] => Ok(A::LetGo),
            ["depth_charges"] => Ok(A::DepthCharges { ship: None }),
            ["depth_charges", sh] => Ok(A::DepthCharges { ship: Some(ship(sh)) }),
            ["hedgehog"] => Ok(A::Hedgehog { ship: None }),
            ["hedgehog", sh] => Ok(A::Hedgehog { ship: Some(ship(sh)) }),
            ["break_off"] => Ok(A::BreakOff),
            ["gunfire"] => Ok(A::Gunfire),
            ["ram", sh] => Ok(A::Ram { ship: ship(sh) }),
            ["credit", sh] => Ok(A::Credit { ship: ship(sh) }),
            ["guard", sh] => Ok(A::Guard { ship: ship(sh) }),
            ["done"] => Ok(A::GuardDone),
            ["touch_wood"] => Ok(A::TouchWood),
            ["approach", _] => Ok(A::Approach { circle: place(1) }),
            ["attack"] => Ok(A::Attack),
            ["shadow"] => Ok(A::Shadow),
            ["range", r] => Ok(A::Range {
                range: match *r {
                    "close" => Range::Close,
                    "medium" => Range::Medium,
                    "long" => Range::Long,
                    _ => return Err(format!("'{s}': range is close, medium or long")),
                },
            }),
            ["fire", "escort"] => Ok(A::FireEscort),
            ["fire", n] => Ok(A::Fire { target: num(n)? }),
            ["salvo"] => Ok(A::Salvo),
            ["evade", n] => Ok(A::Evade { number: num(n)? }),
            ["turn", n] => Ok(A::EscortTurn { number: num(n)? }),
            ["roll", rest @ ..] if !rest.is_empty() => {
                let faces: Result<Vec<u8>, String> = rest.iter().map(|x| num(x)).collect();
                Ok(A::Roll { faces: faces? })
            }
            _ => Err(format!(
                "'{s}' is not an action (launch, hold, place SHIP BOX, keep, rearray, same, hunt SHIP, engage, \
                 let_go, depth_charges [SHIP], hedgehog [SHIP], break_off, gunfire, ram SHIP, credit SHIP, \
                 guard SHIP, done, touch_wood, approach CIRCLE, attack, shadow, range close|medium|long, \
                 fire N, fire escort, salvo, evade N, roll F …)"
            )),
        }
    }
}
