//! Sensuikan's sections of a player's override file: `charts` (any chart id, in place of the shipped
//! one, read and checked by exactly the code that reads the shipped charts) and `classes` (submarine class
//! entries, patched into the catalog). [`crate::overrides`] reads the file's envelope and dispatches here.

use crate::DataError;
use crate::overrides::{GameData, OverrideReport, Sections};
use crate::sensuikan::catalog::catalogs::Catalog;
use crate::sensuikan::charts::{Charts, Refs};

/// The sections a Sensuikan override file may give.
pub const SECTIONS: &[&str] = &["charts", "classes"];

/// Checks the file's sections against the shipped data, keeping nothing: what `periscope-cli charts
/// check` runs. Fails only if the shipped data itself cannot be loaded.
pub fn validate(file: &str, sections: &Sections, report: &mut OverrideReport) -> Result<(), DataError> {
    let mut charts = Charts::shipped()?;
    let mut catalog = Catalog::shipped()?;
    let refs = Refs::shipped()?;
    apply_to(file, sections, &mut charts, &mut catalog, &refs, report);
    Ok(())
}

/// Applies the file's sections to the game's data: what is valid goes in, every mistake goes to `report`.
pub fn apply(file: &str, sections: &Sections, data: &mut GameData<'_>, report: &mut OverrideReport) {
    let GameData::Sensuikan {
        charts,
        catalog,
        refs,
    } = data
    else {
        report.errors.push(DataError::new(
            file,
            "",
            "",
            format!("a Sensuikan file cannot change {}'s data", data.game()),
        ));
        return;
    };
    apply_to(file, sections, charts, catalog, refs, report);
}

/// A chart or the classes section with errors leaves the current data as it was; everything valid in
/// the file is applied.
fn apply_to(
    file: &str,
    sections: &Sections,
    charts: &mut Charts,
    catalog: &mut Catalog,
    refs: &Refs,
    report: &mut OverrideReport,
) {
    if let Some(section) = sections.get("charts") {
        match section.as_object() {
            None => report.errors.push(DataError::new(
                file,
                "",
                "field charts",
                "expected an object mapping chart ids (\"A2\") to charts",
            )),
            Some(map) => {
                for (id, chart) in map {
                    match charts.replace(file, id, chart, refs) {
                        Ok(()) => report.charts.push(id.clone()),
                        Err(mut e) => report.errors.append(&mut e),
                    }
                }
            }
        }
    }
    if let Some(section) = sections.get("classes") {
        match catalog.apply_class_overrides(file, section) {
            Ok(()) => {
                if let Some(map) = section.as_object() {
                    report.classes.extend(map.keys().cloned());
                }
            }
            Err(mut e) => report.errors.append(&mut e),
        }
    }
}
