//! The refusals every game's error shares, written once: each game's error wraps [`Refused`] in one
//! variant and keeps only its own refusals beside it.
//!
//! The wrapping variant is `#[serde(untagged)]` and [`Refused`] carries the same `"error"` tag, so a
//! shared refusal serializes exactly as if it were one of the game error's own variants. The texts
//! differ a little from game to game ("the mission waits for …", "the patrol is over"): each game
//! names itself once in a [`Wording`].

use std::fmt;

use serde::Serialize;

use crate::dice::DiceError;
use crate::machine::Refusal;

/// How a game names itself in the shared refusals' texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wording {
    /// Who waits: "the game" in "'fire 3' is not possible now: the game waits for …".
    pub waits: &'static str,
    /// Who rolls: "this game" in "this game rolls its own dice".
    pub rolls: &'static str,
    /// The whole text of [`Refused::GameOver`]: "the game is over".
    pub over: &'static str,
    /// What [`Refused::Data`]'s message is about: "rules data" in "rules data: no chart B4".
    pub data: &'static str,
    /// The [`Refused::Data`] message when the rules did not settle ([`Refusal::Unsettled`]).
    pub unsettled: &'static str,
}

impl Wording {
    /// How a career (one that wraps the game it plays, whatever the game) words the shared refusals.
    pub const CAREER: Wording = Wording {
        waits: "the career",
        rolls: "this career",
        over: "the career is over",
        data: "rules data",
        unsettled: "the career did not settle",
    };
}

/// Why an action was refused, as every game may refuse it. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum Refused {
    /// Not one of the actions the game waits for now.
    NotNow {
        action: String,
        waiting_for: String,
    },
    /// Entered faces do not fit the dice asked for.
    Dice(DiceError),
    /// Dice were entered in a game where the program rolls.
    NotPhysical,
    BadOptions(String),
    /// The shipped rules data failed to load, or does not hold what the rules look up.
    Data(String),
    GameOver,
}

impl Refused {
    /// The machine's refusal, worded for a game: a rules bug ([`Refusal::Unsettled`],
    /// [`Refusal::DiceMismatch`]) is reported as [`Refused::Data`].
    pub fn from_refusal(r: Refusal, wording: &Wording) -> Self {
        match r {
            Refusal::NotNow { action, waiting_for } => Refused::NotNow { action, waiting_for },
            Refusal::Dice(e) => Refused::Dice(e),
            Refusal::NotPhysical => Refused::NotPhysical,
            Refusal::GameOver => Refused::GameOver,
            Refusal::Unsettled => Refused::Data(wording.unsettled.into()),
            Refusal::DiceMismatch => Refused::Data("the rules named other dice than their roll's".into()),
        }
    }

    /// The refusal's text, in the game's words: each game error's `Display` hands its shared
    /// refusals here.
    pub fn fmt_with(&self, f: &mut fmt::Formatter<'_>, wording: &Wording) -> fmt::Result {
        match self {
            Refused::NotNow { action, waiting_for } => write!(
                f,
                "'{action}' is not possible now: {} waits for {waiting_for}",
                wording.waits
            ),
            Refused::Dice(e) => write!(f, "{e}"),
            Refused::NotPhysical => write!(f, "{} rolls its own dice", wording.rolls),
            Refused::BadOptions(m) => write!(f, "bad options: {m}"),
            Refused::Data(m) => write!(f, "{}: {m}", wording.data),
            Refused::GameOver => f.write_str(wording.over),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Refused;
    use crate::dice::{Dice, DiceError};
    use crate::machine::Refusal;
    use crate::{atlantic, hunt, sensuikan, silent_war_ijn};

    /// What one error serializes to: its JSON, or that serde refuses it (an internally tagged newtype
    /// variant holding a string, as `BadOptions` and `Data` always were).
    fn json<E: serde::Serialize>(e: &E) -> Option<String> {
        serde_json::to_string(e).ok()
    }

    fn wrong_count() -> DiceError {
        DiceError::WrongCount {
            dice: Dice::D6 { count: 2 },
            expected: 2,
            got: 1,
        }
    }

    /// Each shared refusal, wrapped in the game error `$E`, serializes and reads as the game's own
    /// variant did before the refusals were shared: the JSON below is what the old enums printed.
    macro_rules! same_as_before {
        ($E:path, waits: $waits:literal, rolls: $rolls:literal, over: $over:literal, data: $data:literal, unsettled: $unsettled:literal) => {{
            use $E as E;
            let not_now = E::Refused(Refused::NotNow {
                action: "fire 3".into(),
                waiting_for: "a \"choice\"".into(),
            });
            assert_eq!(
                json(&not_now).as_deref(),
                Some(r#"{"error":"not_now","action":"fire 3","waiting_for":"a \"choice\""}"#)
            );
            assert_eq!(
                not_now.to_string(),
                format!("'fire 3' is not possible now: {} waits for a \"choice\"", $waits)
            );
            let dice = E::Refused(Refused::Dice(wrong_count()));
            assert_eq!(
                json(&dice).as_deref(),
                Some(
                    r#"{"error":"dice","WrongCount":{"dice":{"dice":"d6","count":2},"expected":2,"got":1}}"#
                )
            );
            assert_eq!(dice.to_string(), "2d6 needs 2 face(s), 1 given");
            let too_many = E::Refused(Refused::Dice(DiceError::TooManyDice {
                dice: Dice::D6 { count: 9 },
            }));
            assert_eq!(
                json(&too_many).as_deref(),
                Some(r#"{"error":"dice","TooManyDice":{"dice":{"dice":"d6","count":9}}}"#)
            );
            let not_physical = E::Refused(Refused::NotPhysical);
            assert_eq!(
                json(&not_physical).as_deref(),
                Some(r#"{"error":"not_physical"}"#)
            );
            assert_eq!(not_physical.to_string(), format!("{} rolls its own dice", $rolls));
            let bad_options = E::Refused(Refused::BadOptions("no such".into()));
            assert_eq!(json(&bad_options), None);
            assert_eq!(bad_options.to_string(), "bad options: no such");
            let data = E::Refused(Refused::Data("no chart".into()));
            assert_eq!(json(&data), None);
            assert_eq!(data.to_string(), format!("{}: no chart", $data));
            let over = E::Refused(Refused::GameOver);
            assert_eq!(json(&over).as_deref(), Some(r#"{"error":"game_over"}"#));
            assert_eq!(over.to_string(), $over);

            // The machine's refusals, through the game's own `From<Refusal>`.
            assert_eq!(E::from(Refusal::GameOver), over);
            assert_eq!(E::from(Refusal::NotPhysical), not_physical);
            assert_eq!(E::from(Refusal::Dice(wrong_count())), dice);
            assert_eq!(
                E::from(Refusal::NotNow {
                    action: "a".into(),
                    waiting_for: "b".into()
                })
                .to_string(),
                format!("'a' is not possible now: {} waits for b", $waits)
            );
            assert_eq!(
                E::from(Refusal::Unsettled).to_string(),
                format!("{}: {}", $data, $unsettled)
            );
            assert_eq!(
                E::from(Refusal::DiceMismatch).to_string(),
                format!("{}: the rules named other dice than their roll's", $data)
            );
        }};
    }

    #[test]
    fn shared_refusals_serialize_and_read_as_each_games_own_did() {
        same_as_before!(hunt::HuntError, waits: "the game", rolls: "this game", over: "the game is over",
            data: "rules data", unsettled: "the game did not settle");
        same_as_before!(sensuikan::PatrolError, waits: "the game", rolls: "this game", over: "the patrol is over",
            data: "rules data", unsettled: "the patrol did not settle");
        same_as_before!(sensuikan::career::CareerError, waits: "the career", rolls: "this career",
            over: "the career is over", data: "rules data", unsettled: "the career did not settle");
        same_as_before!(atlantic::MissionError, waits: "the mission", rolls: "this game",
            over: "the mission is over", data: "rules data", unsettled: "the mission did not settle");
        same_as_before!(atlantic::career::CareerError, waits: "the career", rolls: "this career",
            over: "the career is over", data: "rules data", unsettled: "the career did not settle");
        same_as_before!(silent_war_ijn::SwError, waits: "the companion", rolls: "this game",
            over: "the companion's game is over", data: "the companion's data",
            unsettled: "the rules did not settle after the action");
    }

    /// A game's own refusals, and a career's wrapped patrol or mission refusal, serialize as before.
    #[test]
    fn own_and_nested_refusals_serialize_as_before() {
        use atlantic::MissionError;
        use sensuikan::PatrolError;
        let patrol_over = sensuikan::career::CareerError::Patrol(PatrolError::Refused(Refused::GameOver));
        assert_eq!(
            json(&patrol_over).as_deref(),
            Some(r#"{"error":"patrol","error":"game_over"}"#)
        );
        assert_eq!(patrol_over.to_string(), "patrol: the patrol is over");
        let patrol_not_now = sensuikan::career::CareerError::Patrol(PatrolError::Refused(Refused::NotNow {
            action: "a".into(),
            waiting_for: "b".into(),
        }));
        assert_eq!(
            json(&patrol_not_now).as_deref(),
            Some(r#"{"error":"patrol","error":"not_now","action":"a","waiting_for":"b"}"#)
        );
        assert_eq!(
            patrol_not_now.to_string(),
            "patrol: 'a' is not possible now: the game waits for b"
        );
        let mission = atlantic::career::CareerError::Mission(MissionError::Refused(Refused::NotPhysical));
        assert_eq!(
            json(&mission).as_deref(),
            Some(r#"{"error":"mission","error":"not_physical"}"#)
        );
        assert_eq!(mission.to_string(), "mission: this game rolls its own dice");
        let mission_data =
            atlantic::career::CareerError::Mission(MissionError::Refused(Refused::Data("x".into())));
        assert_eq!(json(&mission_data), None);
        assert_eq!(mission_data.to_string(), "mission: rules data: x");
        let no_ship = hunt::HuntError::NoShipThere { position: 3 };
        assert_eq!(
            json(&no_ship).as_deref(),
            Some(r#"{"error":"no_ship_there","position":3}"#)
        );
        assert_eq!(
            json(&hunt::HuntError::NoTorpedoes).as_deref(),
            Some(r#"{"error":"no_torpedoes"}"#)
        );
        let forbidden = silent_war_ijn::SwError::EscortTargetForbidden {
            letter: 'b',
            reason: "r".into(),
        };
        assert_eq!(
            json(&forbidden).as_deref(),
            Some(r#"{"error":"escort_target_forbidden","letter":"b","reason":"r"}"#)
        );
    }
}
