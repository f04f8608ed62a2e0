//! Atlantic Sentinels mission tests: scripted dice, each test citing the rule case it checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod air;
mod array;
mod attack;
mod battle;
mod example;
mod hunt;
mod luck;
mod odds;
pub(crate) mod random;
mod support;
mod text;
mod two_player;
mod view;
mod voyage;
mod walkthrough;
