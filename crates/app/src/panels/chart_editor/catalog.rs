//! What the chart editor can edit, game by game: every chart (and class or counter entry) that the game's
//! override file may replace, as Periscope ships it. The values come from the data crate's embedded
//! files, the same text the shipped charts are read from; nothing here knows a chart's shape.

use periscope_data::overrides::GAMES;
use serde_json::{Map, Value};

use periscope_data::{atlantic, sensuikan, silent_war_ijn};

/// One thing an override file can replace: a chart of a section (`charts`, `procedures`, `tactical`), or
/// an entry (`classes`, `ships`, `groups`, `counters`).
#[derive(Debug, Clone, PartialEq)]
pub struct Editable {
    /// The section of the override file it goes in.
    pub section: &'static str,
    /// Its id in that section (`A2`, `kd3`).
    pub id: String,
    /// Its title or name, for the list.
    pub title: String,
    /// Periscope's own value, as the shipped file has it (for an entry, the fields the file may change).
    pub shipped: Value,
}

impl Editable {
    /// Whether it is a class or counter entry rather than a chart.
    pub fn is_entry(&self) -> bool {
        matches!(self.section, "classes" | "ships" | "groups" | "counters")
    }

    /// What the list calls it: `Chart A2`, `Class kd3`.
    pub fn kind(&self) -> &'static str {
        match self.section {
            "classes" => "Class",
            "ships" => "Ship",
            "groups" => "Group",
            "counters" => "Counter",
            "procedures" => "Procedure",
            "tactical" => "Tactical",
            _ => "Chart",
        }
    }
}

/// A game the editor offers: the data crate's registered games with overrides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EditorGame {
    /// The id the override file names (`sensuikan`).
    pub id: &'static str,
    pub name: &'static str,
}

/// The games whose charts can be overridden, in the data crate's order.
pub fn games() -> Vec<EditorGame> {
    GAMES
        .iter()
        .map(|g| EditorGame {
            id: g.id,
            name: g.name,
        })
        .collect()
}

/// Everything of `game` the editor can edit, in the player aids' order.
pub fn editables(game: &str) -> Vec<Editable> {
    match game {
        "sensuikan" => sensuikan_items(),
        "atlantic" => atlantic_items(),
        "silent_war_ijn" => silent_war_items(),
        _ => Vec::new(),
    }
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

fn title_of(v: &Value) -> String {
    ["title", "name"]
        .iter()
        .find_map(|k| v.get(*k).and_then(Value::as_str))
        .unwrap_or("")
        .to_string()
}

/// The charts of chart files that hold one chart object or a list of them.
fn charts_of(section: &'static str, files: &[(&str, &str)], ids: &[&str]) -> Vec<Editable> {
    let mut found = Vec::new();
    for (_, text) in files {
        let list = match parse(text) {
            Value::Array(items) => items,
            other => vec![other],
        };
        for chart in list {
            if let Some(id) = chart.get("id").and_then(Value::as_str) {
                found.push(item(section, id, chart.clone()));
            }
        }
    }
    found.sort_by_key(|c| ids.iter().position(|i| *i == c.id).unwrap_or(usize::MAX));
    found
}

fn item(section: &'static str, id: &str, value: Value) -> Editable {
    Editable {
        section,
        id: id.to_string(),
        title: title_of(&value),
        shipped: value,
    }
}

fn sensuikan_items() -> Vec<Editable> {
    let mut items = charts_of(
        "charts",
        sensuikan::charts::shipped_files(),
        sensuikan::charts::CHART_IDS,
    );
    let classes = parse(sensuikan::catalog::catalogs::classes::SHIPPED_CLASSES);
    for class in classes["classes"].as_array().into_iter().flatten() {
        if let Some(id) = class.get("id").and_then(Value::as_str) {
            items.push(item("classes", id, class.clone()));
        }
    }
    items
}

fn atlantic_items() -> Vec<Editable> {
    let mut items = charts_of(
        "charts",
        atlantic::charts::shipped_files(),
        atlantic::charts::CHART_IDS,
    );
    let procedures = parse(atlantic::procedures::SHIPPED);
    for chart in procedures["charts"].as_array().into_iter().flatten() {
        if let Some(id) = chart.get("id").and_then(Value::as_str) {
            items.push(item("procedures", id, chart.clone()));
        }
    }
    let tactical = parse(atlantic::tactical::SHIPPED);
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
            items.push(item("tactical", part, v));
        }
    }
    // The escort classes, ships and groups of groups.json, each replaced whole.
    let groups = parse(atlantic::catalog::groups::SHIPPED);
    for list in ["classes", "groups", "ships"] {
        for entry in groups[list].as_array().into_iter().flatten() {
            if let Some(id) = entry.get("id").and_then(Value::as_str) {
                items.push(item(list, id, entry.clone()));
            }
        }
    }
    items
}

fn silent_war_items() -> Vec<Editable> {
    let mut items = Vec::new();
    let text = |name: &str| {
        silent_war_ijn::SHIPPED_FILES
            .iter()
            .find(|(n, _)| n.ends_with(name))
            .map_or(Value::Null, |(_, t)| parse(t))
    };
    let repair = text("repair.json");
    if let Some(table) = repair.get("damage_table") {
        items.push(item(
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
        let mut e = item("counters", id, Value::Object(printed));
        e.title = title_of(counter);
        items.push(e);
    }
    items
}

/// Where an item's values come from, for the list: the rule cases, examples and reconstructions its
/// provenances give (`rule [8.3.5] [8.7.2] · reconstructed ×3`).
pub fn provenance_line(value: &Value) -> String {
    let mut rule = Vec::new();
    let mut example = Vec::new();
    let mut reconstructed = 0usize;
    walk_provenance(value, &mut |p| match p.get("source").and_then(Value::as_str) {
        Some("rule") => push_case(&mut rule, p),
        Some("example") => push_case(&mut example, p),
        Some("reconstructed") => reconstructed += 1,
        _ => {}
    });
    let mut parts = Vec::new();
    if !rule.is_empty() {
        parts.push(format!("rule {}", cases(&rule)));
    }
    if !example.is_empty() {
        parts.push(format!("example {}", cases(&example)));
    }
    if reconstructed > 0 {
        parts.push(format!("reconstructed ×{reconstructed}"));
    }
    if parts.is_empty() {
        "no provenance given".into()
    } else {
        parts.join(" · ")
    }
}

fn push_case(list: &mut Vec<String>, p: &Value) {
    if let Some(c) = p.get("case").and_then(Value::as_str)
        && !list.iter().any(|x| x == c)
    {
        list.push(c.to_string());
    }
}

/// At most six cases, `[8.3.5] [8.7.2] …`.
fn cases(list: &[String]) -> String {
    let mut s: Vec<String> = list.iter().take(6).map(|c| format!("[{c}]")).collect();
    if list.len() > 6 {
        s.push("…".into());
    }
    s.join(" ")
}

/// Every provenance object in `value` (an object with a `source`), depth first.
fn walk_provenance(value: &Value, f: &mut impl FnMut(&Value)) {
    match value {
        Value::Object(obj) => {
            for (k, v) in obj {
                if (k == "provenance" || k == "field_provenance") && v.get("source").is_some() {
                    f(v);
                } else if k == "field_provenance" {
                    for p in v.as_object().into_iter().flat_map(|o| o.values()) {
                        f(p);
                    }
                } else {
                    walk_provenance(v, f);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| walk_provenance(v, f)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_game_with_overrides_lists_its_charts() {
        for game in games() {
            let items = editables(game.id);
            assert!(!items.is_empty(), "{}", game.id);
            assert!(items.iter().all(|i| !i.id.is_empty()), "{}", game.id);
        }
        let s = editables("sensuikan");
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
        let a = editables("atlantic");
        assert!(a.iter().any(|i| i.section == "tactical" && i.id == "T1A"));
        assert!(a.iter().any(|i| i.section == "procedures"));
        assert!(a.iter().any(|i| i.section == "classes" && i.id == "flower"));
        assert!(a.iter().any(|i| i.section == "ships" && i.id == "dahlia"));
        assert!(a.iter().any(|i| i.section == "groups" && i.id == "b2"));
        let w = editables("silent_war_ijn");
        assert!(w.iter().any(|i| i.id == "ijn_damage"));
        assert!(w.iter().any(|i| i.section == "counters"));
    }
}
