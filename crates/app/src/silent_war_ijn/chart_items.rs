//! What the chart editor offers of Silent War: IJN (its entry's `Overrides::editables`): the damage
//! table and the counters' printed values, as the override file may replace them.

use periscope_data::silent_war_ijn;
use serde_json::{Map, Value};

use crate::panels::chart_editor::catalog::{self, Editable};

/// The damage table, then every counter's printed values.
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
        // A counter override gives the values the counter prints, no more.
        let mut printed = Map::new();
        for field in silent_war_ijn::overrides::COUNTER_FIELDS {
            printed.insert(
                (*field).to_string(),
                counter.get(*field).cloned().unwrap_or(Value::Null),
            );
        }
        let mut e = catalog::item("counters", id, Value::Object(printed));
        e.title = catalog::title_of(counter);
        items.push(e);
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_damage_table_and_the_counters_are_listed() {
        let w = editables();
        assert!(w.iter().any(|i| i.id == "ijn_damage"));
        assert!(w.iter().any(|i| i.section == "counters"));
    }
}
