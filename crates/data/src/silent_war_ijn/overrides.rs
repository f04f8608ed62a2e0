//! The Silent War sections of a player's override file (`overrides/silent_war_ijn.json`): `counters`, the
//! values the owner's IJN counters print (defence and ASW, name colour, aircraft symbol, tonnage), entry
//! by entry; and `charts`, the owner's own Damage Table (`ijn_damage`). Each is checked by exactly the
//! code that checks the shipped files; a refused entry leaves the shipped one in force and the file's
//! other entries still apply. [`crate::overrides`] reads the envelope and dispatches here.
//!
//! ```json
//! {"format": "periscope-overrides", "game": "silent_war_ijn",
//!  "counters": {"dd_arashi": {"defense": 6, "asw": 2}},
//!  "charts": {"ijn_damage": { …the damage_table object of repair.json… }}}
//! ```

use serde_json::{Map, Value};

use super::IjnData;
use super::reading::Reader;
use super::repair::{DAMAGE_TABLE_ID, read_damage_table};
use super::ships::{RawCounter, check_counters, validate_counter};
use crate::overrides::{GameData, OverrideReport, Sections};
use crate::read::Cx;
use crate::{DataError, Provenance};

/// The sections a Silent War override file may give.
pub const SECTIONS: &[&str] = &["counters", "charts"];

/// The fields of a counter the owner's counters print, and so may override.
pub const COUNTER_FIELDS: &[&str] = &["defense", "asw", "name_colour", "aircraft_symbol", "tonnage"];

/// Checks the file's sections against the shipped data, keeping nothing. Fails only if the shipped data
/// cannot be loaded.
pub fn validate(file: &str, sections: &Sections, report: &mut OverrideReport) -> Result<(), DataError> {
    let mut data = IjnData::shipped()?;
    apply_to(file, sections, &mut data, report);
    Ok(())
}

/// Applies the file's sections to the companion's data.
pub fn apply(file: &str, sections: &Sections, data: &mut GameData<'_>, report: &mut OverrideReport) {
    if let GameData::SilentWarIjn { data } = data {
        apply_to(file, sections, data, report);
    }
}

/// What is valid goes in; every mistake goes to `report`, and its entry keeps its current values.
pub fn apply_to(file: &str, sections: &Map<String, Value>, data: &mut IjnData, report: &mut OverrideReport) {
    if let Some(section) = sections.get("counters") {
        match section.as_object() {
            None => report.errors.push(DataError::new(
                file,
                "counters",
                "",
                "expected an object mapping counter ids (\"dd_arashi\") to the values they print",
            )),
            Some(map) => {
                for (id, patch) in map {
                    match override_counter(file, data, id, patch) {
                        Ok(()) => report.counters.push(id.clone()),
                        Err(mut e) => report.errors.append(&mut e),
                    }
                }
            }
        }
    }
    if let Some(section) = sections.get("charts") {
        match section.as_object() {
            None => report.errors.push(DataError::new(
                file,
                "",
                "field charts",
                format!("expected an object mapping chart ids (\"{DAMAGE_TABLE_ID}\") to charts"),
            )),
            Some(map) => {
                for (id, chart) in map {
                    if id != DAMAGE_TABLE_ID {
                        report.errors.push(DataError::new(
                            file,
                            id,
                            "",
                            format!("unknown chart id '{id}': the companion's chart is '{DAMAGE_TABLE_ID}'"),
                        ));
                        continue;
                    }
                    let mut r = Reader {
                        cx: Cx::new(file, DAMAGE_TABLE_ID),
                        cited: Vec::new(),
                    };
                    let table = read_damage_table(&mut r, chart, "");
                    uncited(data, &mut r);
                    match table {
                        Some(t) if r.cx.errors.is_empty() => {
                            data.repair.damage_table = t;
                            report.charts.push(id.clone());
                        }
                        _ => report.errors.append(&mut r.cx.errors),
                    }
                }
            }
        }
    }
}

/// A provenance in the file must cite a case the companion knows.
fn uncited(data: &IjnData, r: &mut Reader) {
    for c in std::mem::take(&mut r.cited) {
        if data.rules.get(&c.case).is_none() {
            r.cx.err(
                &c.entry,
                format!("cites the case '{}', which is not a case of rules.json", c.case),
            );
        }
    }
}

/// Merges one counter's printed values onto the current entry and checks the result as a shipped entry
/// is checked. A field changed without a provenance of its own is marked as the owner's.
fn override_counter(file: &str, data: &mut IjnData, id: &str, patch: &Value) -> Result<(), Vec<DataError>> {
    let mut r = Reader {
        cx: Cx::new(file, "counters"),
        cited: Vec::new(),
    };
    let label = format!("counter {id}");
    let Some(index) = data.set.index_of(id) else {
        r.cx.err(&label, format!("no counter '{id}' in the IJN Set"));
        return Err(r.cx.errors);
    };
    let Some(patch) = patch.as_object() else {
        r.cx.err(&label, "a counter override is an object of the fields it prints");
        return Err(r.cx.errors);
    };
    let mut allowed = COUNTER_FIELDS.to_vec();
    allowed.push("field_provenance");
    r.cx.only(patch, &allowed, &label);
    let current = data.set.counters[index].to_raw();
    let mut merged = match serde_json::to_value(&current) {
        Ok(v) => v,
        Err(e) => {
            r.cx.err(&label, format!("cannot merge onto the current entry: {e}"));
            return Err(r.cx.errors);
        }
    };
    if let Some(obj) = merged.as_object_mut() {
        for field in COUNTER_FIELDS {
            if let Some(v) = patch.get(*field) {
                obj.insert((*field).to_string(), v.clone());
            }
        }
        let given = patch.get("field_provenance").and_then(Value::as_object);
        if let Some(Value::Object(fp)) = obj.get_mut("field_provenance") {
            for field in COUNTER_FIELDS.iter().filter(|f| patch.contains_key(**f)) {
                let own = given.and_then(|g| g.get(*field)).cloned().unwrap_or_else(|| {
                    serde_json::to_value(Provenance::Reconstructed {
                        reason: format!("the owner's counter, from the override file {file}"),
                    })
                    .unwrap_or(Value::Null)
                });
                fp.insert((*field).to_string(), own);
            }
        }
    }
    let Some(raw) = r.cx.value::<RawCounter>(&merged, &label) else {
        return Err(r.cx.errors);
    };
    let counter = validate_counter(&mut r, &label, raw, &data.set.types);
    uncited(data, &mut r);
    let Some(counter) = counter else {
        return Err(r.cx.errors);
    };
    let mut counters = data.set.counters.clone();
    counters[index] = counter;
    check_counters(&mut r, &counters);
    if !r.cx.errors.is_empty() {
        return Err(r.cx.errors);
    }
    data.set.counters = counters;
    Ok(())
}
