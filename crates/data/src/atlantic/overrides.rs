//! Atlantic Sentinels' sections of a player's override file (`overrides/atlantic.json`):
//!
//! ```json
//! {"format": "periscope-overrides", "game": "atlantic",
//!  "charts": {"B4": { …a full chart, as in data/atlantic/charts/b4.json… }},
//!  "procedures": {"asdic": { …a procedure chart, as in data/atlantic/procedures.json… }},
//!  "tactical": {"T1A": { …a whole display, as in data/atlantic/tactical.json… }},
//!  "classes": {"flower": { …a whole class entry of data/atlantic/groups.json… }},
//!  "ships": {"dahlia": { …a ship entry… }}, "groups": {"b2": { …an escort group… }}}
//! ```
//!
//! Each entry is read and checked by exactly the code that reads the shipped data, with the references
//! across files ([`super::links`]); an entry with any error is refused whole and the shipped one stays
//! in force, while the file's other, valid entries still apply. [`crate::overrides`] reads the file's
//! envelope and dispatches here.

use super::{Atlantic, Part};
use crate::DataError;
use crate::overrides::{GameData, OverrideReport, Sections};

/// The sections an Atlantic override file may give.
pub const SECTIONS: &[&str] = &["charts", "procedures", "tactical", "classes", "ships", "groups"];

/// Checks the file's sections against the shipped data, keeping nothing: what `periscope-cli charts
/// check` and the app's start screen run. Fails only if the shipped data itself cannot be loaded.
pub fn validate(file: &str, sections: &Sections, report: &mut OverrideReport) -> Result<(), DataError> {
    let mut data = Atlantic::shipped()?;
    apply_to(file, sections, &mut data, report);
    Ok(())
}

/// Applies the file's sections to the game's data: what is valid goes in, every mistake goes to `report`.
pub fn apply(file: &str, sections: &Sections, data: &mut GameData<'_>, report: &mut OverrideReport) {
    match data {
        GameData::Atlantic { data } => apply_to(file, sections, data, report),
        other => report.errors.push(DataError::new(
            file,
            "",
            "",
            format!("an Atlantic Sentinels file cannot change {}'s data", other.game()),
        )),
    }
}

fn apply_to(file: &str, sections: &Sections, data: &mut Atlantic, report: &mut OverrideReport) {
    for (key, part, what) in [
        ("charts", Part::Chart, "chart ids (\"B4\")"),
        ("procedures", Part::Procedure, "procedure chart ids (\"asdic\")"),
        (
            "tactical",
            Part::Tactical,
            "display parts (\"T1A\", \"side_of_attack\")",
        ),
        ("classes", Part::Class, "escort class ids (\"flower\")"),
        ("ships", Part::Ship, "ship ids (\"dahlia\")"),
        ("groups", Part::Group, "escort group ids (\"b2\")"),
    ] {
        let Some(section) = sections.get(key) else {
            continue;
        };
        let Some(map) = section.as_object() else {
            report.errors.push(DataError::new(
                file,
                "",
                format!("field {key}"),
                format!("expected an object mapping {what} to their data"),
            ));
            continue;
        };
        for (id, value) in map {
            match data.replace(part, file, id, value) {
                Ok(()) => report.charts.push(id.clone()),
                Err(mut e) => report.errors.append(&mut e),
            }
        }
    }
}
