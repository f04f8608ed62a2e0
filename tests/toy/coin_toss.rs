//! Coin Toss: a toy game that lives only in tests. It proves that a new game joins the house with its own
//! file and one registry line per crate: the engine's rules machine plays it, the app gives it a table,
//! a save and undo, the CLI gives it commands — and no file of the house changes for it.
//!
//! Call heads or tails, then roll a die: 1-3 is heads, 4-6 tails. Three right calls win; three wrong lose.

use std::fmt;
use std::str::FromStr;

use periscope_engine::dice::{Dice, DiceMode, DiceSource, Faces};
use periscope_engine::machine::{self, Decision, Refusal, RollSpec, Rules, Wait};
use periscope_engine::{Choice, Game, Pending, RollRecord};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Heads,
    Tails,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TossAction {
    Call { side: Side },
    Roll { faces: Vec<u8> },
}

impl fmt::Display for TossAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TossAction::Call { side: Side::Heads } => f.write_str("heads"),
            TossAction::Call { side: Side::Tails } => f.write_str("tails"),
            TossAction::Roll { faces } => {
                let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                write!(f, "roll {}", faces.join(" "))
            }
        }
    }
}

impl FromStr for TossAction {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            ["heads"] => Ok(TossAction::Call { side: Side::Heads }),
            ["tails"] => Ok(TossAction::Call { side: Side::Tails }),
            ["roll", rest @ ..] if !rest.is_empty() => rest
                .iter()
                .map(|w| w.parse::<u8>().map_err(|_| format!("'{w}' is not a face")))
                .collect::<Result<Vec<u8>, String>>()
                .map(|faces| TossAction::Roll { faces }),
            _ => Err(format!("'{s}' is not an action (heads, tails, roll F)")),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TossEvent {
    Called { side: Side },
    Rolled { roll: RollRecord },
    Over { won: bool },
}

impl fmt::Display for TossEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TossEvent::Called { side } => write!(f, "called {side:?}"),
            TossEvent::Rolled { roll } => write!(f, "{}: {} — {}", roll.chart, roll.natural, roll.outcome),
            TossEvent::Over { won } => f.write_str(if *won { "won" } else { "lost" }),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TossError(pub String);

impl fmt::Display for TossError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TossError {}

impl From<Refusal> for TossError {
    fn from(r: Refusal) -> Self {
        TossError(r.to_string())
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TossOptions {}

#[derive(Debug, Clone, PartialEq)]
pub struct CoinToss {
    dice: DiceSource,
    call: Option<Side>,
    pub right: u8,
    pub wrong: u8,
    pub last_roll: Option<RollRecord>,
}

impl Game for CoinToss {
    type Options = TossOptions;
    type Action = TossAction;
    type Event = TossEvent;
    type Error = TossError;
    const ID: &'static str = "coin-toss";
    const NAME: &'static str = "Coin Toss";

    fn new(_options: TossOptions, seed: u64, dice: DiceMode) -> Result<Self, TossError> {
        Ok(Self {
            dice: DiceSource::new(&dice, seed),
            call: None,
            right: 0,
            wrong: 0,
            last_roll: None,
        })
    }

    fn pending(&self) -> Pending<TossAction> {
        machine::pending(self)
    }

    fn apply(&mut self, action: TossAction) -> Result<Vec<TossEvent>, TossError> {
        machine::play(self, action)
    }

    fn dice_action(faces: Vec<u8>) -> TossAction {
        TossAction::Roll { faces }
    }
}

impl Rules for CoinToss {
    type Action = TossAction;
    type Event = TossEvent;
    type Error = TossError;
    type Roll = ();

    fn wait(&self) -> Wait<TossAction, ()> {
        if self.right == 3 || self.wrong == 3 {
            return Wait::Over {
                won: self.right == 3,
                summary: format!("{} right, {} wrong", self.right, self.wrong),
            };
        }
        if self.call.is_some() {
            return Wait::Roll(());
        }
        let call = |side, label: &str| Choice {
            action: TossAction::Call { side },
            label: label.into(),
            rule: "Toss.1".into(),
        };
        Wait::Decide(Decision::new(
            format!("Call it ({} right, {} wrong)", self.right, self.wrong),
            "Toss.1",
            vec![call(Side::Heads, "Heads"), call(Side::Tails, "Tails")],
        ))
    }

    fn roll_spec(&self, _: ()) -> RollSpec {
        RollSpec::new(
            Dice::D1D6,
            "Toss",
            "Toss.2",
            "Toss the coin (1-3 heads, 4-6 tails)",
        )
    }

    fn dice(&mut self) -> &mut DiceSource {
        &mut self.dice
    }

    fn faces_of(action: &TossAction) -> Option<&[u8]> {
        match action {
            TossAction::Roll { faces } => Some(faces),
            TossAction::Call { .. } => None,
        }
    }

    fn decide(&mut self, action: TossAction, events: &mut Vec<TossEvent>) -> Result<(), TossError> {
        if let TossAction::Call { side } = action {
            self.call = Some(side);
            events.push(TossEvent::Called { side });
        }
        Ok(())
    }

    fn resolve(&mut self, _: (), faces: Faces, events: &mut Vec<TossEvent>) -> Result<(), TossError> {
        let side = if faces.first().is_some_and(|&f| f <= 3) {
            Side::Heads
        } else {
            Side::Tails
        };
        let right = self.call.take() == Some(side);
        if right {
            self.right += 1;
        } else {
            self.wrong += 1;
        }
        let roll = RollRecord::new("Toss", "Toss.2", Dice::D1D6, faces.into_vec(), vec![], (1, 6))
            .with_outcome(format!("{side:?}: {}", if right { "right" } else { "wrong" }));
        self.last_roll = Some(roll.clone());
        events.push(TossEvent::Rolled { roll });
        if self.right == 3 || self.wrong == 3 {
            events.push(TossEvent::Over { won: self.right == 3 });
        }
        Ok(())
    }
}

impl periscope_engine::testing::RecordsRolls for TossEvent {
    fn roll(&self) -> Option<&RollRecord> {
        match self {
            TossEvent::Rolled { roll } => Some(roll),
            _ => None,
        }
    }
}
