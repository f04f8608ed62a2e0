//! The shape every game shares: a state machine that says what it waits for and takes actions.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::dice::DiceMode;
pub use crate::machine::{Decision, RollSpec};

/// One legal choice of a decision, ready for a button, a key or a script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choice<A> {
    pub action: A,
    /// A short sentence a player reads on the button.
    pub label: String,
    /// The rule case the choice comes from.
    pub rule: String,
}

/// What a game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending<A> {
    /// The player decides; every legal choice is listed.
    Decision(Decision<A>),
    /// The player throws real dice and enters the faces (physical mode, or a script that ran out).
    Roll(RollSpec),
    /// The game is over.
    Over { won: bool, summary: String },
}

impl<A> Pending<A> {
    /// The legal choices of a decision; none otherwise.
    pub fn choices(&self) -> &[Choice<A>] {
        match self {
            Pending::Decision(d) => &d.choices,
            _ => &[],
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self, Pending::Over { .. })
    }
}

/// A game's rules as a state machine. `apply` either changes the state and returns what happened, or
/// returns a typed error and changes nothing.
pub trait Game: Clone {
    /// The game's options; the default is the shipped game.
    type Options: Clone + Default + Serialize + DeserializeOwned + PartialEq;
    /// Actions have a short text form for scripts and the log (`fire 3`), read back with `FromStr`.
    type Action: Clone
        + PartialEq
        + Serialize
        + DeserializeOwned
        + std::fmt::Debug
        + std::fmt::Display
        + std::str::FromStr<Err = String>;
    type Event: Clone + Serialize + std::fmt::Debug + std::fmt::Display;
    type Error: Clone + std::error::Error + Serialize;

    /// The id saves and the CLI use (`hunt`).
    const ID: &'static str;
    /// Ids this game's saves were written under by earlier versions: they still load.
    const OLD_IDS: &'static [&'static str] = &[];
    /// The name players know.
    const NAME: &'static str;

    /// A new game, ready for its first action.
    fn new(options: Self::Options, seed: u64, dice: DiceMode) -> Result<Self, Self::Error>;
    /// What the game waits for now.
    fn pending(&self) -> Pending<Self::Action>;
    /// Plays one action.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    /// The action that enters physical dice faces for a pending roll.
    fn dice_action(faces: Vec<u8>) -> Self::Action;
}
