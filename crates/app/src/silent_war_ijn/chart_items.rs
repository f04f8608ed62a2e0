//! What the chart editor offers of Silent War: IJN (its entry's `Overrides::editables`): the damage
//! table and each counter's printed values, dates and War Event, as the override file may replace them.
//! (Ships added or taken out are written in the file by hand: `docs/silent-war-ijn.md`.)

use periscope_data::silent_war_ijn;
use serde_json::{Map, Value};

use crate::panels::chart_editor::catalog::{self, Editable};

/// The damage table, then every counter's printed values, entry and removal dates and War Event.
pub fn editables() -> Vec<Editable> {
    let mut items = Vec::new();
    let text = |name: &str| {
        silent_war_ijn::SHIPPED_FILES
            .iter()
            .find(|(n, _)| n.ends_with(name))
            .map_or(Value::Null, |(_, t)| catalog::parse(t))
    };
    let repair = text("repair.json");
    if let Some(table) = repair.get("damage_table") {
        items.push(catalog::item(
            "charts",
            silent_war_ijn::repair::DAMAGE_TABLE_ID,
            table.clone(),
        ));
    }
    let ships = text("ships.json");
    for counter in ships["counters"].as_array().into_iter().flatten() {
        let Some(id) = counter.get("id").and_then(Value::as_str) else {
            continue;
        };
        // A counter override gives what the counter and the counter sheet print, no more.
        let mut printed = Map::new();
        for field in silent_war_ijn::overrides::COUNTER_FIELDS {
            printed.insert(
                (*field).to_string(),
                counter.get(*field).cloned().unwrap_or(Value::Null),
            );
        }
        let event = ships["events"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|e| e["ships"].as_array().is_some_and(|s| s.iter().any(|s| s == id)))
            .and_then(|e| e.get("id").cloned());
        printed.insert(
            silent_war_ijn::overrides::EVENT_FIELD.to_string(),
            event.unwrap_or(Value::Null),
        );
        let mut e = catalog::item("counters", id, Value::Object(printed));
        e.title = catalog::title_of(counter);
        items.push(e);
    }
    items
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn the_damage_table_and_the_counters_are_listed() {
        let w = editables();
        assert!(w.iter().any(|i| i.id == "ijn_damage"));
        assert!(w.iter().any(|i| i.section == "counters"));
        // [2.1.1] Dates and the War Event are the owner's to correct too.
        let shoho = w.iter().find(|i| i.id == "cv_shoho").unwrap();
        let text = serde_json::to_string(&shoho.shipped).unwrap();
        for field in ["\"entry\"", "\"removal\"", "\"event\":\"coral\""] {
            assert!(text.contains(field), "{text}");
        }
    }
}
