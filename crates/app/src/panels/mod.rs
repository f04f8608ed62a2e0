//! Side panels shared by every game: the decision, the last roll, the event log and the dice tray; the
//! chances window a career opens from its game menu; and the chart editor, over any screen.

pub mod chances;
pub mod chart;
pub mod chart_editor;
pub mod decision;
pub mod dice_tray;
pub mod export;
pub mod guide;
pub mod help;
pub mod log;
pub mod rules_reference;
pub mod tutor;
