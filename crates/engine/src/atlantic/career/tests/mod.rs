//! The career's tests, each citing the rule case it checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod calendar;
mod fast;
mod machine;
mod overrides;
mod players;
mod promotion;
pub(crate) mod random;
mod refit;
mod scenarios;
mod setup;
mod support;
mod undo;
mod victory;
