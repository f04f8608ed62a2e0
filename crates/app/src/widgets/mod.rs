//! Table pieces drawn with simple vector shapes, shared by every game: counters and dice.

pub mod art;
pub mod counter;
pub mod counter_drawings;
pub mod die;
