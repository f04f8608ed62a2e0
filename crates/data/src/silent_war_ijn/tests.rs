//! The Silent War data: every shipped file loads and cross-checks, every value the text states is where
//! `docs/silent-war-ijn-stated-values.md` says, and a bad file is answered with file, entry and field.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::*;
use crate::chart::ChartDice;
use crate::month::Month;

fn data() -> IjnData {
    match IjnData::from_texts(Texts { files: SHIPPED_FILES }) {
        Ok(d) => d,
        Err(e) => panic!(
            "the shipped files do not load:\n{}",
            e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
        ),
    }
}

fn m(text: &str) -> Month {
    Month::parse(text).unwrap()
}

/// Every shipped file parses, validates and cross-checks, with every rule case it cites in rules.json.
#[test]
fn every_shipped_file_loads() {
    let d = data();
    assert_eq!(d.set.counters.len(), 284);
    assert_eq!(d.set.events.len(), 9);
    assert_eq!(d.crash_dive.ratings.len(), 27);
    assert_eq!(IjnData::shipped().unwrap(), d);
}
