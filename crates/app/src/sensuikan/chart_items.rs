//! What the chart editor offers of Sensuikan (its entry's `Overrides::editables`): the charts, then the
//! submarine classes, as the override file may replace them.

use periscope_data::sensuikan;
use serde_json::Value;

use crate::panels::chart_editor::catalog::{self, Editable};

/// Every chart of the game, in the player aids' order, then every class entry.
pub fn editables() -> Vec<Editable> {
    let mut items = catalog::charts_of(
        "charts",
        sensuikan::charts::shipped_files(),
        sensuikan::charts::CHART_IDS,
    );
    let classes = catalog::parse(sensuikan::catalog::catalogs::classes::SHIPPED_CLASSES);
    for class in classes["classes"].as_array().into_iter().flatten() {
        if let Some(id) = class.get("id").and_then(Value::as_str) {
            items.push(catalog::item("classes", id, class.clone()));
        }
    }
    items
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::panels::chart_editor::catalog::provenance_line;

    #[test]
    fn every_chart_and_class_is_listed_with_its_provenance() {
        let s = editables();
        assert_eq!(
            s.iter().filter(|i| i.section == "charts").count(),
            sensuikan::charts::CHART_IDS.len()
        );
        assert!(s.iter().any(|i| i.section == "classes" && i.id == "kd3"));
        let a2 = s.iter().find(|i| i.id == "A2").unwrap();
        assert_eq!(a2.title, "Anti-Aircraft Fire");
        assert!(
            provenance_line(&a2.shipped).contains("rule [8.3.5]"),
            "{}",
            provenance_line(&a2.shipped)
        );
        assert!(provenance_line(&a2.shipped).contains("reconstructed ×3"));
    }
}
