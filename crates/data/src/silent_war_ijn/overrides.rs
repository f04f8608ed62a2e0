//! The Silent War sections of a player's override file (`overrides/silent_war_ijn.json`): `counters`, the
//! owner's IJN counters entry by entry — the values they print (defence and ASW, name colour, aircraft
//! symbol, tonnage), their entry and removal dates, the War Event that removes them, a ship our set lacks
//! (added) or one it has that the owner's does not (`null`, removed); and `charts`, the owner's own Damage
//! Table (`ijn_damage`). Each is checked by exactly the code that checks the shipped files, then the whole
//! data is cross-checked again; a refused entry leaves the shipped one in force and the file's other
//! entries still apply. [`crate::overrides`] reads the envelope and dispatches here.
//!
//! ```json
//! {"format": "periscope-overrides", "game": "silent_war_ijn",
//!  "counters": {"dd_arashi": {"defense": 6, "asw": 2},
//!               "dd_kagero": {"removal": "5/43"},
//!               "cl_yubari": {"event": null, "removal": "5/44"},
//!               "ax_kinai_maru": {"name": "Kinai Maru", "type": "AK", "class": "cargo", "tonnage": 8},
//!               "dd_hibiki": null},
//!  "charts": {"ijn_damage": { …the damage_table object of repair.json… }}}
//! ```

use serde_json::{Map, Value};

use super::IjnData;
use super::reading::Reader;
use super::repair::{DAMAGE_TABLE_ID, read_damage_table};
use super::ships::{Counter, NameColour, RawCounter, check_counters, check_events, validate_counter};
use crate::overrides::{GameData, OverrideReport, Sections};
use crate::read::Cx;
use crate::{DataError, Provenance};

/// The sections a Silent War override file may give.
pub const SECTIONS: &[&str] = &["counters", "charts"];

/// The fields of a counter the owner's counters and counter sheet give, and so may override: the printed
/// values and the dates it joins and leaves its pile [2.1.1] [3.0 step 1].
pub const COUNTER_FIELDS: &[&str] = &[
    "defense",
    "asw",
    "name_colour",
    "aircraft_symbol",
    "tonnage",
    "entry",
    "removal",
];

/// The field naming the War Event that removes a counter [2.1.1] [9.0]: an event's id, or `null` for none.
pub const EVENT_FIELD: &str = "event";

/// What a ship added by the file must give; the rest takes the defaults of [`add_counter`].
pub const NEW_COUNTER_NEEDS: &[&str] = &["name", "type", "class", "tonnage"];

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
                    let done = if patch.is_null() {
                        remove_counter(file, data, id)
                    } else if data.set.index_of(id).is_none() {
                        add_counter(file, data, id, patch)
                    } else {
                        override_counter(file, data, id, patch)
                    };
                    match done {
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

/// The reader an override entry is checked with.
fn reader(file: &str) -> Reader<'_> {
    Reader {
        cx: Cx::new(file, "counters"),
        cited: Vec::new(),
    }
}

/// The provenance of what the owner's file gives without one of its own.
fn owners(file: &str, what: &str) -> Value {
    serde_json::to_value(Provenance::Reconstructed {
        reason: format!("the owner's counter{what}, from the override file {file}"),
    })
    .unwrap_or(Value::Null)
}

/// Merges one counter's fields onto the current entry and checks the result as a shipped entry is
/// checked, then the whole set again. A field changed without a provenance of its own is marked as the
/// owner's. `"event"` moves the counter to another War Event's list (or off every list, with `null`).
fn override_counter(file: &str, data: &mut IjnData, id: &str, patch: &Value) -> Result<(), Vec<DataError>> {
    let mut r = reader(file);
    let label = format!("counter {id}");
    let Some(index) = data.set.index_of(id) else {
        r.cx.err(&label, format!("no counter '{id}' in the IJN Set"));
        return Err(r.cx.errors);
    };
    let Some(patch) = patch.as_object() else {
        r.cx.err(
            &label,
            "a counter override is an object of the fields it changes, or null to take the counter out of the set",
        );
        return Err(r.cx.errors);
    };
    let mut allowed = COUNTER_FIELDS.to_vec();
    allowed.extend([EVENT_FIELD, "field_provenance"]);
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
                let own = given
                    .and_then(|g| g.get(*field))
                    .cloned()
                    .unwrap_or_else(|| owners(file, ""));
                fp.insert((*field).to_string(), own);
            }
        }
    }
    let Some(counter) = read_counter(&mut r, data, &label, &merged) else {
        return Err(r.cx.errors);
    };
    let mut set = data.set.clone();
    set.counters[index] = counter;
    with_event(r, data, set, id, patch.get(EVENT_FIELD), &label)
}

/// A counter entry as the file writes it, checked as a shipped entry is checked.
fn read_counter(r: &mut Reader, data: &IjnData, label: &str, value: &Value) -> Option<Counter> {
    let raw = r.cx.value::<RawCounter>(value, label)?;
    let counter = validate_counter(r, label, raw, &data.set.types);
    uncited(data, r);
    counter
}

/// The changed set with the counter moved to the War Event the entry names (if it names one), then
/// checked and put in force by [`commit`].
fn with_event(
    mut r: Reader,
    data: &mut IjnData,
    mut set: super::IjnSet,
    id: &str,
    event: Option<&Value>,
    label: &str,
) -> Result<(), Vec<DataError>> {
    if let Some(event) = event {
        move_to_event(&mut r, &mut set, id, event, label);
    }
    if !r.cx.errors.is_empty() {
        return Err(r.cx.errors);
    }
    commit(r, data, set, label)
}

/// Takes a counter off every War Event's list and, when `event` names one, puts it on that one's.
fn move_to_event(r: &mut Reader, set: &mut super::IjnSet, id: &str, event: &Value, label: &str) {
    let at = format!("{label}, field {EVENT_FIELD}");
    let target = match event {
        Value::Null => None,
        Value::String(e) if set.event(e).is_some() => Some(e.clone()),
        Value::String(e) => {
            let known: Vec<&str> = set.events.iter().map(|x| x.id.as_str()).collect();
            r.err(
                &at,
                format!("no War Event '{e}' (the events are {})", known.join(", ")),
            );
            return;
        }
        _ => {
            r.err(&at, "a War Event's id (\"coral\"), or null for none");
            return;
        }
    };
    for e in &mut set.events {
        e.ships.retain(|s| s != id);
        if target.as_deref() == Some(e.id.as_str()) {
            e.ships.push(id.to_string());
        }
    }
}

/// A ship the owner's set has and ours lacks: `name`, `type`, `class` and `tonnage` are needed; the pile
/// is its type's, the ship its name, the name white, in play from the start and never removed, values
/// unknown until entered, unless the file says otherwise.
fn add_counter(file: &str, data: &mut IjnData, id: &str, patch: &Value) -> Result<(), Vec<DataError>> {
    let mut r = reader(file);
    let label = format!("counter {id}");
    let Some(obj) = patch.as_object() else {
        r.cx.err(&label, "a new counter is an object of its fields");
        return Err(r.cx.errors);
    };
    let missing: Vec<&str> = NEW_COUNTER_NEEDS
        .iter()
        .copied()
        .filter(|f| !obj.contains_key(*f))
        .collect();
    if !missing.is_empty() {
        r.cx.err(
            &label,
            format!(
                "no counter '{id}' in the IJN Set; to add a ship your set has, give its {} (missing: {})",
                NEW_COUNTER_NEEDS.join(", "),
                missing.join(", ")
            ),
        );
        return Err(r.cx.errors);
    }
    let name = obj.get("name").and_then(Value::as_str).unwrap_or(id);
    let pile = obj
        .get("type")
        .and_then(Value::as_str)
        .and_then(|t| data.set.types.iter().find(|x| x.code == t))
        .map(|t| Value::String(t.pile.code().to_string()));
    let mut raw = serde_json::Map::new();
    raw.insert("id".into(), Value::String(id.to_string()));
    raw.insert("pile".into(), pile.unwrap_or(Value::String("AX".into())));
    raw.insert("ship".into(), Value::String(name.to_string()));
    raw.insert("aliases".into(), Value::Array(Vec::new()));
    raw.insert(
        "name_colour".into(),
        serde_json::to_value(NameColour::White).unwrap_or(Value::Null),
    );
    raw.insert("version_32".into(), Value::Bool(false));
    for field in ["entry", "removal", "defense", "asw", "special_rule"] {
        raw.insert(field.into(), Value::Null);
    }
    raw.insert("aircraft_symbol".into(), Value::Bool(false));
    raw.insert(
        "history".into(),
        Value::String(format!("Added from the owner's counters by {file}.")),
    );
    raw.insert("provenance".into(), owners(file, ", added"));
    for (k, v) in obj {
        if k != EVENT_FIELD {
            raw.insert(k.clone(), v.clone());
        }
    }
    let Some(counter) = read_counter(&mut r, data, &label, &Value::Object(raw)) else {
        return Err(r.cx.errors);
    };
    let mut set = data.set.clone();
    set.counters.push(counter);
    with_event(r, data, set, id, obj.get(EVENT_FIELD), &label)
}

/// A counter our set has and the owner's does not: out of the set and off its War Event's list, unless
/// another catalog needs it (a special ship's rule names it).
fn remove_counter(file: &str, data: &mut IjnData, id: &str) -> Result<(), Vec<DataError>> {
    let mut r = reader(file);
    let label = format!("counter {id}");
    let Some(index) = data.set.index_of(id) else {
        r.cx.err(&label, format!("no counter '{id}' in the IJN Set to take out"));
        return Err(r.cx.errors);
    };
    let mut set = data.set.clone();
    set.counters.remove(index);
    move_to_event(&mut r, &mut set, id, &Value::Null, &label);
    commit(r, data, set, &label)
}

/// Checks the changed set as the shipped one is checked (counters against each other, the War Events'
/// lists) and against the other catalogs, and puts it in force only when nothing is wrong. Each mistake
/// names the override's counter.
fn commit(mut r: Reader, data: &mut IjnData, set: super::IjnSet, label: &str) -> Result<(), Vec<DataError>> {
    check_counters(&mut r, &set.counters);
    check_events(&mut r, &set.events, &set.counters, true);
    let mut candidate = data.clone();
    candidate.set = set;
    for e in candidate.cross_check() {
        r.cx.err(label, format!("{}: {}", e.file, e.message));
    }
    if !r.cx.errors.is_empty() {
        return Err(r.cx.errors);
    }
    *data = candidate;
    Ok(())
}
