//! Table pieces drawn with simple vector shapes, shared by every game: counters (or the player's own
//! pictures of them) and dice.

pub mod art;
pub mod counter;
pub mod counter_art;
pub mod counter_drawings;
pub mod counter_ids;
pub mod die;
pub mod lens;
