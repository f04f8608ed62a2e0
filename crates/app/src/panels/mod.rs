//! Side panels shared by every game: the decision, the last roll, the event log and the dice tray; and the
//! chances window a career opens from its game menu.

pub mod chances;
pub mod chart;
pub mod decision;
pub mod dice_tray;
pub mod export;
pub mod log;
pub mod rules_reference;
