//! The shape every game shares: a state machine that says what it waits for and takes actions.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::dice::DiceMode;
/// The machine's shapes every game shares: a choice, a decision, a roll, what the game waits for.
pub use crate::machine::{Choice, Decision, Pending, RollSpec};

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
