//! Table pieces drawn with simple vector shapes: counters, playing cards and dice.

pub mod card;
pub mod counter;
pub mod die;
