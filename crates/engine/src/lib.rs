//! Periscope's rules engine: pure and deterministic, with no UI, no files and no clock.
//!
//! Every game is a [`game::Game`]: it says what it waits for ([`game::Pending`]) and takes actions that
//! either return the events they caused or a typed error that leaves the state untouched. A
//! [`save::Session`] wraps a game with its seed, options and action list, for saves, undo and redo.

pub mod atlantic;
pub mod chances;
pub mod dice;
pub mod game;
pub mod games;
pub mod hunt;
pub mod machine;
pub mod odds;
pub mod policy;
pub mod refusal;
pub mod roll;
pub mod save;
pub mod sensuikan;
mod shipped_data;
pub mod silent_war_ijn;
#[cfg(test)]
mod soak_tests;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod walkthrough;

pub use dice::{Dice, DiceError, DiceMode, DiceSource};
pub use game::{Choice, Game, Paced, Pending};
pub use machine::{Decision, RollSpec};
/// The one month type of every game, the data's dates and the turn track alike.
pub use periscope_data::Month;
pub use roll::{Modifier, RollRecord};
pub use save::{LoadError, SaveError, SaveFile, Session};
