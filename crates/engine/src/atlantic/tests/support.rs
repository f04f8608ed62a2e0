//! Shared helpers of the mission tests.

use crate::atlantic::{Mission, MissionOptions};
use crate::dice::DiceMode;
use crate::game::Game;

/// A mission on scripted faces (seed 1).
pub(crate) fn scripted(options: MissionOptions, faces: &[u8]) -> Mission {
    crate::testing::scripted::<Mission>(options, faces)
}

/// A mission on seeded dice.
pub(crate) fn seeded(options: MissionOptions, seed: u64) -> Mission {
    Mission::new(options, seed, DiceMode::Seeded).unwrap()
}
