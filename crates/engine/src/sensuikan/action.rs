//! The player's actions on patrol and their short text form for scripts and the log (`attack medium`,
//! `declare bow 1`, `fire`): saves replay them, so their serialized and written forms never change.

use std::fmt;
use std::str::FromStr;

use periscope_data::sensuikan::charts::Range;
use serde::{Deserialize, Serialize};

use super::End;

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
    /// Declare the torpedo of `end`'s tube `tube` at target `target` (both 1-based) [8.2.3]. A save of
    /// an earlier version names no tube: that form means the first loaded tube of that end not yet
    /// declared, as it always did.
    Declare {
        end: End,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tube: Option<u8>,
        target: u8,
    },
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

pub(crate) fn range_word(r: Range) -> &'static str {
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
            A::Declare { end, tube, target } => {
                let end = if *end == End::Bow { "bow" } else { "stern" };
                match tube {
                    Some(t) => write!(f, "declare {end} {t} {target}"),
                    None => write!(f, "declare {end} {target}"),
                }
            }
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
/// `change_time`, `decline`, `declare bow 2 1` (bow tube 2 at target 1; `declare bow 1`, the form of older
/// saves, takes the first loaded bow tube not yet declared), `gun 1`, `fire`, `deep`, `shallow`, `again`,
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
            ["declare", e, rest @ ..] if matches!(rest.len(), 1 | 2) => {
                let end = match *e {
                    "bow" => End::Bow,
                    "stern" => End::Stern,
                    _ => return Err(format!("'{s}': bow or stern")),
                };
                match rest {
                    [tube, target] => Ok(A::Declare {
                        end,
                        tube: Some(num(tube)?),
                        target: num(target)?,
                    }),
                    [target] => Ok(A::Declare {
                        end,
                        tube: None,
                        target: num(target)?,
                    }),
                    _ => Err(format!("'{s}': declare bow|stern TUBE TARGET")),
                }
            }
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
                 [submerged|surfaced], change_time, decline, declare bow|stern TUBE TARGET, gun N, fire, deep, shallow, \
                 again, track_damaged, track_convoy, follow again|track_damaged|track_convoy, radio, choose \
                 first|second, maneki_neko, shibumi, evade N, launch, no_launch, pursue N, continue, abort, \
                 roll F …)"
            )),
        }
    }
}
