//! The career's tests, each citing the rule case it checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod sequence;
mod support;
