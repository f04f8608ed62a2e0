//! What the chart editor offers of Atlantic Sentinels (its career entry's `Overrides::editables`): the
//! charts, the procedures' charts, the Tactical Display's parts and the escort classes, ships and groups,
//! as the override file may replace them.

use periscope_data::atlantic;
use serde_json::Value;

use crate::panels::chart_editor::catalog::{self, Editable};

/// Every chart of the game, then the procedures, the tactical parts and the groups' entries.
pub fn editables() -> Vec<Editable> {
    let mut items = catalog::charts_of(
        "charts",
        atlantic::charts::shipped_files(),
        atlantic::charts::CHART_IDS,
    );
    let procedures = catalog::parse(atlantic::procedures::SHIPPED);
    for chart in procedures["charts"].as_array().into_iter().flatten() {
        if let Some(id) = chart.get("id").and_then(Value::as_str) {
            items.push(catalog::item("procedures", id, chart.clone()));
        }
    }
    let tactical = catalog::parse(atlantic::tactical::SHIPPED);
    for part in atlantic::tactical::PART_IDS {
        let value = tactical.get(*part).cloned().or_else(|| {
            tactical["displays"]
                .as_array()
                .and_then(|d| {
                    d.iter()
                        .find(|x| x.get("id").and_then(Value::as_str) == Some(*part))
                })
                .cloned()
        });
        if let Some(v) = value {
            items.push(catalog::item("tactical", part, v));
        }
    }
    // The escort classes, ships and groups of groups.json, each replaced whole.
    let groups = catalog::parse(atlantic::catalog::groups::SHIPPED);
    for list in ["classes", "groups", "ships"] {
        for entry in groups[list].as_array().into_iter().flatten() {
            if let Some(id) = entry.get("id").and_then(Value::as_str) {
                items.push(catalog::item(list, id, entry.clone()));
            }
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_charts_procedures_tactical_parts_and_groups_are_listed() {
        let a = editables();
        assert!(a.iter().any(|i| i.section == "tactical" && i.id == "T1A"));
        assert!(a.iter().any(|i| i.section == "procedures"));
        assert!(a.iter().any(|i| i.section == "classes" && i.id == "flower"));
        assert!(a.iter().any(|i| i.section == "ships" && i.id == "dahlia"));
        assert!(a.iter().any(|i| i.section == "groups" && i.id == "b2"));
    }
}
