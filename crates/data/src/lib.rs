//! Periscope's data: JSON catalogs and charts under `data/`, parsed into plain structs and then validated
//! into the typed catalogs the engine reads.
//!
//! Shipped files are embedded with `include_str!`, so the engine never touches the file system; a test loads
//! and validates every one of them, so a bad shipped file fails CI rather than a player's game.

pub mod chart;
pub mod error;
pub mod files;
pub mod hunt;
pub mod modifier;
pub mod month;
pub mod overrides;
pub mod provenance;
pub mod read;
pub mod sensuikan;
pub mod summary;
pub mod table;

pub use error::DataError;
pub use month::Month;
pub use provenance::Provenance;
