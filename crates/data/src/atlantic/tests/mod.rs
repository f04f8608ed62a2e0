//! The Atlantic data's tests: the shipped files load and validate ([`loading`]), every value the rulebook
//! states is in them (the `stated_*` modules, one per part of `docs/atlantic-stated-values.md`, each
//! assertion citing its case), and malformed data is refused with its file, chart, entry and field
//! ([`refusals`], [`overrides`]).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod loading;
mod overrides;
pub(crate) mod refusals;
mod stated_career;
mod stated_combat;
mod stated_encounters;
mod stated_setup;
mod stated_tactical;
mod stated_uboats_map;

use std::sync::OnceLock;

use super::Atlantic;
use super::procedures::ProcedureChart;
use crate::chart::Chart;
use crate::modifier::{Constant, Modifier, find};
use crate::month::Month;

/// The shipped data, loaded once for every test.
pub(crate) fn shipped() -> &'static Atlantic {
    static DATA: OnceLock<Atlantic> = OnceLock::new();
    DATA.get_or_init(|| match Atlantic::shipped_all_errors() {
        Ok(d) => d,
        Err(errors) => {
            let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
            panic!("the shipped Atlantic data does not load:\n{}", lines.join("\n"))
        }
    })
}

/// `"2/42"` as a month.
pub(crate) fn m(text: &str) -> Month {
    Month::parse(text).unwrap()
}

/// A shipped procedure chart.
pub(crate) fn procedure(id: &str) -> &'static ProcedureChart {
    shipped()
        .procedures
        .chart(id)
        .unwrap_or_else(|| panic!("no procedure chart {id}"))
}

/// The word a procedure chart gives for a (modified) roll.
pub(crate) fn word(id: &str, roll: i32) -> &'static str {
    procedure(id)
        .word(roll)
        .unwrap_or_else(|| panic!("{id} gives no word for {roll}"))
}

/// The words a procedure chart gives for each roll of `rolls`.
pub(crate) fn words(id: &str, rolls: std::ops::RangeInclusive<i32>) -> Vec<&'static str> {
    rolls.map(|r| word(id, r)).collect()
}

/// A modifier's drm.
pub(crate) fn drm(list: &[Modifier], id: &str) -> i32 {
    find(list, id).unwrap_or_else(|| panic!("no modifier {id}")).drm
}

/// A constant's value.
pub(crate) fn constant(list: &[Constant], id: &str) -> i32 {
    find(list, id).unwrap_or_else(|| panic!("no constant {id}")).value
}

/// The results of a chart for each roll of `rolls`.
pub(crate) fn lookups<T: Clone>(chart: &Chart<T>, rolls: impl IntoIterator<Item = i32>) -> Vec<T> {
    rolls
        .into_iter()
        .map(|r| {
            chart
                .lookup(r)
                .unwrap_or_else(|| panic!("{} answers no {r}", chart.id))
                .result
                .clone()
        })
        .collect()
}
