//! Periscope's data: JSON catalogs and charts under `data/`, parsed into plain structs and then validated
//! into the typed catalogs the engine reads.
//!
//! Shipped files are embedded with `include_str!`, so the engine never touches the file system; a test loads
//! and validates every one of them, so a bad shipped file fails CI rather than a player's game.
//!
//! The chart reader every game shares lives in the crate's core, with no game's knowledge: [`chart`] (a
//! dice chart and its coverage), [`table`] (a chart printed as dated columns), [`modifier`] (the modifiers
//! and constants printed beside a chart), [`read`] (reading them field by field, so a bad file gets every
//! mistake named by file, chart, entry and field) and [`summary`] (a line of the chart list). A game's
//! catalog plugs in by giving each chart id a type that implements [`read::Family`]: its `read` takes its
//! parts with [`read::Cx`] (`chart`, `table`, `section`, `modifiers`, `entries`…), its `check` holds it to
//! the rules and to the game's other data; [`read::load`] reads and checks one chart, and unknown fields
//! come for free. `sensuikan::charts` is the worked example; `atlantic` follows it (with the d66 and
//! band+1d20 dice of [`chart::ChartDice`]). A game whose charts a player may override adds one line to
//! [`overrides::GAMES`]. A game's counter mix for Track mode is a file read by [`counters`] (or built from
//! its own data), one line in [`counters::REGISTRY`]. The hall of fame's file of finished careers is read
//! by [`hall`].

pub mod atlantic;
pub mod bounded;
pub mod chart;
pub mod counters;
pub mod digest;
pub mod error;
pub mod files;
pub mod hall;
pub mod hunt;
pub mod lock;
pub mod mangle;
pub mod modifier;
pub mod month;
pub mod overrides;
pub mod provenance;
pub mod read;
pub mod rule_summaries;
pub mod sensuikan;
pub mod shown;
pub mod silent_war_ijn;
pub mod summary;
pub mod table;
pub mod walkthrough;

pub use error::DataError;
pub use month::Month;
pub use provenance::Provenance;
