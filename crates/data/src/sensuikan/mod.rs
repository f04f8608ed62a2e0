//! Sensuikan's data: the catalogs (submarine classes, bases, the operations map, Major Events) and the
//! reconstructed chart set, each entry with its provenance, and the sections of a player's override file
//! ([`overrides`], registered in [`crate::overrides::GAMES`]).

pub mod catalog;
pub mod charts;
pub mod overrides;
pub mod procedures;
pub mod rules;
pub mod words;

/// The guided first game ([`crate::walkthrough`]): its file, as errors name it, and its text.
pub const WALKTHROUGH: (&str, &str) = (
    "data/sensuikan/walkthrough.json",
    include_str!("../../../../data/sensuikan/walkthrough.json"),
);

/// The guided first game, read and checked.
pub fn walkthrough() -> Result<crate::walkthrough::Walkthrough, crate::DataError> {
    crate::walkthrough::Walkthrough::parse(WALKTHROUGH.0, WALKTHROUGH.1)
}

#[cfg(test)]
mod counters_tests;

use crate::month::Month;

/// December 1941, the first month of every career [4.2.1].
pub const WAR_START: Month = Month {
    year: 1941,
    month: 12,
};

/// July 1945, the last month in which a patrol may start [5.1.1].
pub const LAST_PATROL: Month = Month { year: 1945, month: 7 };
