//! A chart's JSON as the player edits it: its fields, and each list of rows (or modifiers, columns,
//! ships…) as a table with one text cell per value, laid out from the value itself so every chart shape
//! of every game edits the same way. The data crate's errors are placed back on the row and the field
//! they name: an error says `column after_attack 1/43-12/43, row 2 (8-12), field result`, and the same
//! names are given to the rows here (`row 2`, `column 3`, `modifier 1`, or a column's key and dates).

use egui::{Color32, RichText};
use serde_json::{Map, Value};

use periscope_data::DataError;

/// A place in the edited value: a JSON pointer (`/rows/1`).
pub type Pointer = String;

/// Where an error goes: the object (row, column, entry) it names, and the field in it when it names one.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub object: Pointer,
    /// The field's path inside the object, dotted as the errors write it (`result.area`).
    pub field: Option<String>,
    /// The error as the data crate says it, place and all.
    pub text: String,
}

/// The singular of a list's key, for the names of its items (`rows` → `row`, `entries` → `entry`).
fn singular(key: &str) -> String {
    if let Some(s) = key.strip_suffix("ies") {
        format!("{s}y")
    } else {
        key.strip_suffix('s').unwrap_or(key).to_string()
    }
}

/// The names an item of the list `key` goes by in errors: `row 2`, and for a column its key and dates
/// (`column after_attack 12/41-12/42`), for an entry with an id that id.
fn names(key: &str, i: usize, item: &Value) -> Vec<String> {
    let one = singular(key);
    let mut out = vec![format!("{one} {}", i + 1)];
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if let Some(k) = item.get("column") {
        let dates = match (item.get("from").map(text), item.get("until").map(text)) {
            (None, None) => String::new(),
            (Some(a), None) => format!(" from {a}"),
            (None, Some(b)) => format!(" until {b}"),
            (Some(a), Some(b)) if a == b => format!(" {a}"),
            (Some(a), Some(b)) => format!(" {a}-{b}"),
        };
        out.push(format!("{one} {}{dates}", text(k)));
    }
    if let Some(id) = item.get("id").and_then(Value::as_str) {
        out.push(format!("{one} {id}"));
        out.push(id.to_string());
    }
    out
}

fn matches(segment: &str, names: &[String]) -> bool {
    names
        .iter()
        .any(|n| segment == n || segment.starts_with(&format!("{n} (")))
}

/// Places an error of the item `id` on the edited `value`: the deepest object its entry names, and the
/// field when every part of the entry was found.
pub fn place(value: &Value, id: &str, error: &DataError) -> Placed {
    let text = if error.entry.is_empty() {
        error.message.clone()
    } else {
        format!("{}: {}", error.entry, error.message)
    };
    let mut segments: Vec<&str> = error.entry.split(", ").filter(|s| !s.is_empty()).collect();
    let mut field = match segments.last().and_then(|s| s.strip_prefix("field ")) {
        Some(f) => {
            let f = f.to_string();
            segments.pop();
            Some(f)
        }
        None => None,
    };
    // An entry's errors name it first (`kd3.hull_boxes`, `counter dd_arashi`).
    if let Some(first) = segments.first().copied() {
        if let Some(f) = first.strip_prefix(&format!("{id}.")) {
            field = Some(f.to_string());
            segments.remove(0);
        } else if first == id || first.ends_with(&format!(" {id}")) {
            segments.remove(0);
        }
    }
    let mut object = String::new();
    let mut current = value;
    let mut whole = true;
    for segment in segments {
        match child(current, segment) {
            Some((pointer, next)) => {
                object.push_str(&pointer);
                current = next;
            }
            None => {
                whole = false;
                break;
            }
        }
    }
    Placed {
        object,
        field: field.filter(|_| whole),
        text,
    }
}

/// The child of `value` an entry's segment names: a list item (`row 2 (5-12)`) or a section
/// (`location`).
fn child<'v>(value: &'v Value, segment: &str) -> Option<(Pointer, &'v Value)> {
    let obj = value.as_object()?;
    for (k, v) in obj {
        match v {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    if item.is_object() && matches(segment, &names(k, i, item)) {
                        return Some((format!("/{k}/{i}"), item));
                    }
                }
            }
            Value::Object(_) if segment == k => return Some((format!("/{k}"), v)),
            _ => {}
        }
    }
    None
}

/// What a frame of the editor needs besides the value: the item's id for the labels, the placed
/// errors, the value as first loaded (a value that was a number stays one when typed).
pub struct Render<'a> {
    pub id: &'a str,
    pub errors: &'a [Placed],
    pub original: &'a Value,
    pub changed: bool,
}

const ERROR: Color32 = Color32::from_rgb(0xb0, 0x20, 0x20);
const ERROR_FILL: Color32 = Color32::from_rgb(0xff, 0xd8, 0xd0);

impl Render<'_> {
    fn errors_at(&self, object: &str) -> Vec<&Placed> {
        self.errors.iter().filter(|e| e.object == object).collect()
    }

    fn field_has_error(&self, object: &str, field: &str) -> bool {
        self.errors_at(object).into_iter().any(|e| {
            e.field.as_deref().is_some_and(|f| {
                f == field || f.starts_with(&format!("{field}.")) || field.starts_with(&format!("{f}."))
            })
        })
    }

    /// The errors placed on `object` itself (not on a field of it shown elsewhere), under it.
    fn error_lines(&self, ui: &mut egui::Ui, object: &str) {
        for e in self.errors_at(object) {
            ui.label(RichText::new(format!("Error: {}", e.text)).color(ERROR));
        }
    }

    /// The whole edited value: its fields, then its lists and sections.
    pub fn show(&mut self, ui: &mut egui::Ui, value: &mut Value) {
        let prefix = self.id.to_string();
        if let Value::Object(obj) = value {
            self.object(ui, obj, "", &prefix);
        }
    }

    fn object(&mut self, ui: &mut egui::Ui, obj: &mut Map<String, Value>, pointer: &str, label: &str) {
        self.error_lines(ui, pointer);
        // Scalars and lists of scalars first, as a form.
        let keys = ordered(obj.keys().cloned().collect());
        egui::Grid::new(format!("{label}-fields"))
            .num_columns(2)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                for k in &keys {
                    let Some(v) = obj.get_mut(k) else { continue };
                    if is_table(v) || v.is_object() {
                        continue;
                    }
                    ui.label(RichText::new(k).strong());
                    let at = format!("{pointer}/{k}");
                    let bad = self.field_has_error(pointer, k);
                    let width = if k == "notes" || k == "reason" || k == "when" {
                        520.0
                    } else {
                        260.0
                    };
                    self.cell(ui, v, &at, &format!("{label} {k}"), width, bad);
                    ui.end_row();
                }
            });
        for k in &keys {
            let Some(v) = obj.get_mut(k) else { continue };
            let at = format!("{pointer}/{k}");
            if is_table(v) {
                ui.add_space(6.0);
                ui.label(RichText::new(k).strong().size(15.0));
                if let Value::Array(items) = v {
                    self.list(ui, k, items, &at, label);
                }
            } else if let Value::Object(inner) = v {
                let title = format!("{label} {k}");
                egui::CollapsingHeader::new(RichText::new(k).strong())
                    .id_salt(&title)
                    .default_open(inner.len() <= 12)
                    .show(ui, |ui| self.object(ui, inner, &at, &title));
            }
        }
    }

    /// A list of objects: a table when its items are flat (rows, modifiers), else one block per item
    /// (columns holding rows, displays).
    fn list(&mut self, ui: &mut egui::Ui, key: &str, items: &mut [Value], pointer: &str, label: &str) {
        let nested = items
            .iter()
            .any(|i| i.as_object().is_some_and(|o| o.values().any(is_table)));
        if nested {
            for (i, item) in items.iter_mut().enumerate() {
                let name = format!("{} {}", singular(key), i + 1);
                let title = match item.get("column").or_else(|| item.get("id")) {
                    Some(Value::String(s)) => format!("{name}: {s}"),
                    _ => name.clone(),
                };
                let at = format!("{pointer}/{i}");
                let inner_label = format!("{label} {name}");
                if let Value::Object(obj) = item {
                    egui::CollapsingHeader::new(RichText::new(title).strong())
                        .id_salt(&inner_label)
                        .default_open(true)
                        .show(ui, |ui| self.object(ui, obj, &at, &inner_label));
                }
            }
            return;
        }
        // The table's columns: every leaf path of its items, in first-seen order.
        let mut columns: Vec<String> = Vec::new();
        for item in items.iter() {
            for path in leaves(item, "") {
                if !columns.contains(&path) {
                    columns.push(path);
                }
            }
        }
        let columns = ordered(columns);
        let widths: Vec<f32> = columns
            .iter()
            .map(|c| {
                let longest = items
                    .iter()
                    .map(|i| leaf(i, c).map_or(0, |v| text_of(v).chars().count()))
                    .max()
                    .unwrap_or(0)
                    .max(c.chars().count());
                (longest.clamp(3, 48) as f32) * 7.2 + 14.0
            })
            .collect();
        let row_name = singular(key);
        ui.horizontal(|ui| {
            ui.add_sized([58.0, 18.0], egui::Label::new(""));
            for (c, w) in columns.iter().zip(&widths) {
                ui.add_sized([*w, 18.0], egui::Label::new(RichText::new(c).weak()));
            }
        });
        for (i, item) in items.iter_mut().enumerate() {
            let at = format!("{pointer}/{i}");
            let name = format!("{row_name} {}", i + 1);
            ui.horizontal(|ui| {
                ui.add_sized([58.0, 20.0], egui::Label::new(RichText::new(&name).strong()));
                for (c, w) in columns.iter().zip(&widths) {
                    let cell_label = format!("{label} {name} {c}");
                    let bad = self.field_has_error(&at, c);
                    match leaf_mut(item, c) {
                        Some(v) => {
                            let cell_at = format!("{at}/{}", c.replace('.', "/"));
                            self.cell(ui, v, &cell_at, &cell_label, *w, bad);
                        }
                        None => {
                            ui.add_sized([*w, 20.0], egui::Label::new(""));
                        }
                    }
                }
            });
            if !self.errors_at(&at).is_empty() {
                ui.horizontal(|ui| {
                    ui.add_space(64.0);
                    ui.vertical(|ui| self.error_lines(ui, &at));
                });
            }
        }
    }

    /// One value's text field, labelled for screen readers and tests (`A2 row 2 roll`). What is typed
    /// goes back in as the kind of value that was there: a string stays a string; a number, a flag or
    /// a list reads as JSON when it can (else as the text typed, which the validation then refuses).
    fn cell(&mut self, ui: &mut egui::Ui, v: &mut Value, pointer: &str, label: &str, width: f32, bad: bool) {
        let mut text = text_of(v);
        let mut edit = egui::TextEdit::singleline(&mut text)
            .id_salt(label)
            .desired_width(width);
        if bad {
            edit = edit.background_color(ERROR_FILL).text_color(ERROR);
        }
        let r = ui.add(edit);
        r.widget_info(|| {
            let mut info = egui::WidgetInfo::text_edit(true, &text, &text, "");
            info.label = Some(label.to_string());
            info
        });
        let r = if bad {
            r.on_hover_text("This field has an error: see below")
        } else {
            r
        };
        if r.changed() {
            let was_string = self.original.pointer(pointer).is_none_or(Value::is_string);
            *v = if was_string {
                Value::String(text)
            } else {
                serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text))
            };
            self.changed = true;
        }
    }
}

/// The order fields are shown in: a chart's header, then a row's roll, result and provenance, the way
/// a printed chart reads (JSON objects keep their keys sorted); other fields after, as they come.
const ORDER: &[&str] = &[
    "id",
    "title",
    "name",
    "dice",
    "span",
    "column",
    "from",
    "until",
    "roll",
    "result",
    "drm",
    "when",
    "provenance",
    "provenance.source",
    "provenance.case",
    "provenance.reason",
    "rows",
    "columns",
];

fn rank(key: &str) -> usize {
    ORDER
        .iter()
        .position(|k| *k == key)
        .or_else(|| ORDER.iter().position(|k| key.starts_with(&format!("{k}."))))
        .unwrap_or(ORDER.len())
}

/// `keys` in the order of [`ORDER`].
fn ordered(mut keys: Vec<String>) -> Vec<String> {
    keys.sort_by_key(|k| rank(k));
    keys
}

/// A list of objects, shown as a table.
fn is_table(v: &Value) -> bool {
    v.as_array()
        .is_some_and(|a| !a.is_empty() && a.iter().all(Value::is_object))
}

/// The leaf paths of a flat item: its scalars and lists, its objects opened up (`provenance.source`).
fn leaves(v: &Value, prefix: &str) -> Vec<String> {
    let Value::Object(obj) = v else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, x) in obj {
        let path = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match x {
            Value::Object(o) if !o.is_empty() => out.extend(leaves(x, &path)),
            _ => out.push(path),
        }
    }
    out
}

fn leaf<'v>(v: &'v Value, path: &str) -> Option<&'v Value> {
    path.split('.').try_fold(v, |v, k| v.get(k))
}

fn leaf_mut<'v>(v: &'v mut Value, path: &str) -> Option<&'v mut Value> {
    path.split('.').try_fold(v, |v, k| v.get_mut(k))
}

/// A value as its cell shows it: a string as it is, anything else as JSON.
fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    fn error(entry: &str) -> DataError {
        DataError::new("f.json", "B4", entry, "wrong")
    }

    #[test]
    fn an_error_is_placed_on_the_row_and_field_it_names() {
        let b4 = json!({"id": "B4", "columns": [
            {"column": "short", "rows": [{"roll": "2-9"}, {"roll": "10-12"}]},
            {"column": "after_attack", "from": "12/41", "until": "12/42", "rows": [{"roll": "2-5"}, {"roll": "6-12"}]}],
            "modifiers": [{"id": "prior_detection", "drm": 1}]});
        let p = place(
            &b4,
            "B4",
            &error("column after_attack 12/41-12/42, row 2 (6-12), field result.kind"),
        );
        assert_eq!(p.object, "/columns/1/rows/1");
        assert_eq!(p.field.as_deref(), Some("result.kind"));
        let p = place(&b4, "B4", &error("column 1, field column"));
        assert_eq!(
            (p.object.as_str(), p.field.as_deref()),
            ("/columns/0", Some("column"))
        );
        let p = place(&b4, "B4", &error("modifier 1, field drm"));
        assert_eq!(p.object, "/modifiers/0");
        let p = place(&b4, "B4", &error("column nowhere, row 1"));
        assert_eq!((p.object.as_str(), p.field), ("", None));
        assert_eq!(
            place(&b4, "B4", &error("field title")).field.as_deref(),
            Some("title")
        );
        let class = json!({"id": "kd3", "hull_boxes": 8});
        let e = DataError::new("f.json", "classes", "kd3.hull_boxes", "wrong");
        let p = place(&class, "kd3", &e);
        assert_eq!((p.object.as_str(), p.field.as_deref()), ("", Some("hull_boxes")));
    }
}
