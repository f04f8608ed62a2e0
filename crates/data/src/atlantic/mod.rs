//! Atlantic Sentinels' data: the catalogs (escort groups and ship classes, U-boats, the Operations Map,
//! merchants, the career and scenario tables, the mats), the Tactical Display as data, the procedure
//! rolls of the running text, every chart A1a … H-2, and our one-line rules summaries, each entry with
//! its provenance; and the sections of a player's override file ([`overrides`], registered in
//! [`crate::overrides::GAMES`]).
//!
//! Every file is read by the crate's shared reader, so a mistake is named by file, chart (or section),
//! entry and field; then the references across files are checked ([`links`]). `docs/atlantic-catalogs.md`
//! describes every file and every check.

pub mod cases;
pub mod catalog;
pub mod charts;
pub mod links;
pub mod overrides;
pub mod procedures;
pub mod rules;
pub mod tactical;
mod walk;

/// The guided first game ([`crate::walkthrough`]): its file, as errors name it, and its text.
pub const WALKTHROUGH: (&str, &str) = (
    "data/atlantic/walkthrough.json",
    include_str!("../../../../data/atlantic/walkthrough.json"),
);

/// The guided first game, read and checked.
pub fn walkthrough() -> Result<crate::walkthrough::Walkthrough, crate::DataError> {
    crate::walkthrough::Walkthrough::parse(WALKTHROUGH.0, WALKTHROUGH.1)
}

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::DataError;
use crate::month::Month;
use catalog::Catalog;
use charts::{Charts, Refs};
use procedures::Procedures;
use rules::RuleSummaries;
use tactical::Tactical;

/// February 1942, the first convoy of a career [4.2.1].
pub const GAME_START: Month = Month { year: 1942, month: 2 };

/// June 1943: no convoy sails after it [5.1.1].
pub const GAME_END: Month = Month { year: 1943, month: 6 };

/// The whole validated Atlantic data set.
#[derive(Debug, Clone, PartialEq)]
pub struct Atlantic {
    pub rules: RuleSummaries,
    pub catalog: Catalog,
    /// The ids the charts are checked against, from the rules and the catalogs.
    pub refs: Refs,
    pub charts: Charts,
    pub procedures: Procedures,
    pub tactical: Tactical,
}

/// What an override may replace: a chart, a procedure chart, a part of the tactical display, or one
/// entry of `groups.json` (a class of escort, a ship, an escort group).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Chart,
    Procedure,
    Tactical,
    Class,
    Ship,
    Group,
}

impl Atlantic {
    /// The shipped data (a test validates it, so this cannot fail in a release): the first error, with
    /// the count of the others.
    pub fn shipped() -> Result<Self, DataError> {
        Self::shipped_all_errors().map_err(|mut errors| {
            let more = errors.len().saturating_sub(1);
            let mut first = errors.swap_remove(0);
            if more > 0 {
                first.message = format!("{} (and {more} more errors)", first.message);
            }
            first
        })
    }

    /// The shipped data, or every error in it.
    pub fn shipped_all_errors() -> Result<Self, Vec<DataError>> {
        let rules = rules::parse(rules::SHIPPED_NAME, rules::SHIPPED_RULES)?;
        let cases = rules::ids(&rules);
        let catalog = Catalog::shipped(&cases)?;
        let refs = Refs::new(cases, &catalog);
        let mut errors = Vec::new();
        let charts = Charts::shipped(&refs).map_err(|mut e| errors.append(&mut e)).ok();
        let procedures = Procedures::shipped(&refs)
            .map_err(|mut e| errors.append(&mut e))
            .ok();
        let tactical = Tactical::shipped(&refs)
            .map_err(|mut e| errors.append(&mut e))
            .ok();
        let (Some(charts), Some(procedures), Some(tactical)) = (charts, procedures, tactical) else {
            return Err(errors);
        };
        let data = Self {
            rules,
            catalog,
            refs,
            charts,
            procedures,
            tactical,
        };
        let broken: Vec<DataError> = data.broken_links().iter().map(|b| b.error()).collect();
        if broken.is_empty() { Ok(data) } else { Err(broken) }
    }

    /// Reads `value` as the `part` named `id` from `file` (an override) and, if it is valid by exactly
    /// the code that reads the shipped data and every reference across files still resolves, puts it in
    /// place of the current one. Otherwise nothing changes and every error is returned, named by `file`.
    pub fn replace(&mut self, part: Part, file: &str, id: &str, value: &Value) -> Result<(), Vec<DataError>> {
        let mut next = self.clone();
        match part {
            Part::Chart => next.charts.replace(file, id, value, &self.refs)?,
            Part::Procedure => next.procedures.replace(file, id, value, &self.refs)?,
            Part::Tactical => next.tactical.replace(file, id, value, &self.refs)?,
            Part::Class | Part::Ship | Part::Group => {
                let list = match part {
                    Part::Class => "classes",
                    Part::Ship => "ships",
                    _ => "groups",
                };
                next.catalog
                    .groups
                    .replace(file, list, id, value, &rules::ids(&self.rules))?;
                // The references from the other catalogs (a scenario's group, a base) that the new
                // entry breaks.
                let before = self.catalog.cross_check();
                let broken: Vec<DataError> = next
                    .catalog
                    .cross_check()
                    .into_iter()
                    .filter(|e| !before.contains(e))
                    .map(|e| DataError::new(file, id, e.entry, e.message))
                    .collect();
                if !broken.is_empty() {
                    return Err(broken);
                }
            }
        }
        // Only the links that the new part breaks: those it writes, and those that name it.
        let before = self.broken_links();
        let errors: Vec<DataError> = next
            .broken_links()
            .into_iter()
            .filter(|b| !before.contains(b))
            .map(|b| {
                if b.chart == id {
                    DataError::new(file, id, b.entry, b.message)
                } else {
                    let source = DataError::new(&b.file, &b.chart, &b.entry, "");
                    let place = source.to_string();
                    DataError::new(
                        file,
                        id,
                        "",
                        format!(
                            "{} names what this {} lacks: {}",
                            place.trim_end_matches(": "),
                            kind(part),
                            b.message
                        ),
                    )
                }
            })
            .collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        *self = next;
        Ok(())
    }
}

fn kind(part: Part) -> &'static str {
    match part {
        Part::Chart => "chart",
        Part::Procedure => "procedure chart",
        Part::Tactical => "display part",
        Part::Class => "class of escort",
        Part::Ship => "ship",
        Part::Group => "escort group",
    }
}
