//! What the chart editor can edit: every chart (and class or counter entry) that a game's override file
//! may replace, as Periscope ships it. Each game lists its own (its entry's `Overrides::editables`, in
//! its folder's `chart_items.rs`) with the helpers here, from the data crate's embedded files, the same
//! text the shipped charts are read from; nothing here knows a game or a chart's shape.

use periscope_data::overrides::GAMES;
use serde_json::Value;

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

/// A game's editable items, in the player aids' order.
pub type Editables = fn() -> Vec<Editable>;

/// What a game gives the editor, from its entry's chart overrides.
#[derive(Debug, Clone, Copy)]
pub struct EditorCatalog {
    /// The id the override file names (`sensuikan`).
    pub game: &'static str,
    /// Everything of the game the editor can edit.
    pub editables: Editables,
    /// What plays on the saved values (`the careers you begin …`); `None` when the game still plays on
    /// Periscope's own.
    pub played_by: Option<&'static str>,
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

/// A shipped file's JSON (`null` when it does not read).
pub fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

/// An item's title or name, for the list.
pub fn title_of(v: &Value) -> String {
    ["title", "name"]
        .iter()
        .find_map(|k| v.get(*k).and_then(Value::as_str))
        .unwrap_or("")
        .to_string()
}

/// The charts of chart files that hold one chart object or a list of them.
pub fn charts_of(section: &'static str, files: &[(&str, &str)], ids: &[&str]) -> Vec<Editable> {
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

/// An item of `section` with its shipped value, titled from it.
pub fn item(section: &'static str, id: &str, value: Value) -> Editable {
    Editable {
        section,
        id: id.to_string(),
        title: title_of(&value),
        shipped: value,
    }
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
