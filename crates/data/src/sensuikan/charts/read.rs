//! Reading a chart from JSON one field at a time, so a bad file is answered with every mistake in it, each
//! named by file, chart, entry (row, column, modifier) and field, instead of serde's first error.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::chart::{Chart, ChartDice, Row};
use crate::{DataError, Provenance};

/// The errors found so far while reading one chart of one file.
pub(crate) struct Cx<'a> {
    pub file: &'a str,
    pub chart: String,
    pub errors: Vec<DataError>,
}

/// `"row 3"` and `"field result"` joined as `"row 3, field result"`.
pub(crate) fn join(entry: &str, more: &str) -> String {
    match (entry.is_empty(), more.is_empty()) {
        (true, _) => more.to_string(),
        (_, true) => entry.to_string(),
        _ => format!("{entry}, {more}"),
    }
}

impl<'a> Cx<'a> {
    pub fn new(file: &'a str, chart: &str) -> Self {
        Self {
            file,
            chart: chart.to_string(),
            errors: Vec::new(),
        }
    }

    pub fn err(&mut self, entry: &str, message: impl Into<String>) {
        self.errors
            .push(DataError::new(self.file, &self.chart, entry, message));
    }

    /// Errors found by a chart's own validation ([`Chart::problems`]), with `prefix` (a column or a
    /// section) put before the row they name.
    pub fn absorb(&mut self, prefix: &str, problems: Vec<DataError>) {
        for mut e in problems {
            e.chart = self.chart.clone();
            e.entry = join(prefix, &e.entry);
            self.errors.push(e);
        }
    }

    pub fn object<'v>(&mut self, v: &'v Value, entry: &str) -> Option<&'v Map<String, Value>> {
        let o = v.as_object();
        if o.is_none() {
            self.err(entry, format!("expected an object {{…}}, found {}", kind(v)));
        }
        o
    }

    pub fn array<'v>(&mut self, v: &'v Value, entry: &str) -> Option<&'v Vec<Value>> {
        let a = v.as_array();
        if a.is_none() {
            self.err(entry, format!("expected a list […], found {}", kind(v)));
        }
        a
    }

    /// Reports every key of `obj` that is not in `allowed`.
    pub fn only(&mut self, obj: &Map<String, Value>, allowed: &[&str], entry: &str) {
        for k in obj.keys() {
            if !allowed.contains(&k.as_str()) {
                self.err(
                    &join(entry, &format!("field {k}")),
                    format!("unknown field; expected one of {}", allowed.join(", ")),
                );
            }
        }
    }

    /// A required field.
    pub fn req<T: DeserializeOwned>(
        &mut self,
        obj: &Map<String, Value>,
        key: &str,
        entry: &str,
    ) -> Option<T> {
        match obj.get(key) {
            None => {
                self.err(&join(entry, &format!("field {key}")), "missing");
                None
            }
            Some(v) => self.value(v, &join(entry, &format!("field {key}"))),
        }
    }

    /// An optional field: `None` when absent, null or wrong (a wrong value is reported).
    pub fn opt<T: DeserializeOwned>(
        &mut self,
        obj: &Map<String, Value>,
        key: &str,
        entry: &str,
    ) -> Option<T> {
        match obj.get(key) {
            None | Some(Value::Null) => None,
            Some(v) => self.value(v, &join(entry, &format!("field {key}"))),
        }
    }

    /// Any value; a wrong one is reported at `entry`, with the inner field at fault when it can be found.
    pub fn value<T: DeserializeOwned>(&mut self, v: &Value, entry: &str) -> Option<T> {
        match blamed::<T>(v) {
            Ok(t) => Some(t),
            Err((Some(field), msg)) => {
                self.err(&format!("{entry}.{field}"), msg);
                None
            }
            Err((None, msg)) => {
                self.err(entry, msg);
                None
            }
        }
    }

    /// The rows of a chart, each read on its own so every bad row is reported.
    pub fn rows<T: DeserializeOwned>(&mut self, v: Option<&Value>, entry: &str) -> Vec<Row<T>> {
        let Some(v) = v else {
            self.err(&join(entry, "field rows"), "missing");
            return Vec::new();
        };
        let Some(items) = self.array(v, &join(entry, "field rows")) else {
            return Vec::new();
        };
        let mut rows = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let e = join(entry, &format!("row {}", i + 1));
            let Some(obj) = self.object(item, &e) else {
                continue;
            };
            self.only(obj, &["roll", "result", "provenance"], &e);
            let roll = self.req(obj, "roll", &e);
            let result = self.req::<T>(obj, "result", &e);
            let provenance = self.req::<Provenance>(obj, "provenance", &e);
            if let (Some(roll), Some(result), Some(provenance)) = (roll, result, provenance) {
                rows.push(Row {
                    roll,
                    result,
                    provenance,
                });
            }
        }
        rows
    }

    /// A list of entries (modifiers, ships, steps), each read on its own; `name` labels them in errors
    /// (`modifier 3`).
    pub fn list<T: DeserializeOwned>(&mut self, v: Option<&Value>, name: &str, field: &str) -> Vec<T> {
        let Some(v) = v else {
            return Vec::new();
        };
        let Some(items) = self.array(v, &format!("field {field}")) else {
            return Vec::new();
        };
        items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| self.value(item, &format!("{name} {}", i + 1)))
            .collect()
    }

    /// A chart inside a family: its `dice`, optional `span` and `notes`, and `rows`; the chart takes the
    /// family's id, and `entry` (the section's name) prefixes its errors.
    pub fn section<T: DeserializeOwned>(
        &mut self,
        obj: &Map<String, Value>,
        key: &str,
        title: &str,
    ) -> Option<Chart<T>> {
        let Some(v) = obj.get(key) else {
            self.err(&format!("field {key}"), "missing");
            return None;
        };
        let entry = key.to_string();
        let o = self.object(v, &entry)?;
        self.only(o, &["title", "dice", "span", "notes", "rows"], &entry);
        let before = self.errors.len();
        let dice = self.req::<ChartDice>(o, "dice", &entry);
        let span = self.opt::<(i32, i32)>(o, "span", &entry);
        let notes = self.opt::<Vec<String>>(o, "notes", &entry).unwrap_or_default();
        let section_title = self
            .opt::<String>(o, "title", &entry)
            .unwrap_or_else(|| title.to_string());
        let rows = self.rows::<T>(o.get("rows"), &entry);
        if self.errors.len() > before {
            return None;
        }
        let chart = Chart {
            id: self.chart.clone(),
            title: section_title,
            dice: dice?,
            span,
            rows,
            notes,
        };
        let problems = chart.problems(self.file);
        self.absorb(&entry, problems);
        Some(chart)
    }
}

/// The header every chart file has: `id`, `title`, `notes`; the id must be the one expected.
pub(crate) struct Header {
    pub title: String,
    pub notes: Vec<String>,
}

impl Cx<'_> {
    pub fn header(&mut self, obj: &Map<String, Value>) -> Header {
        match obj.get("id") {
            None => {}
            Some(Value::String(id)) if *id == self.chart => {}
            Some(other) => {
                let chart = self.chart.clone();
                self.err(
                    "field id",
                    format!("{other} does not match the chart it stands for ('{chart}')"),
                );
            }
        }
        let title = self.req::<String>(obj, "title", "").unwrap_or_default();
        if title.trim().is_empty() && obj.contains_key("title") {
            self.err("field title", "a chart needs a title");
        }
        let notes = self.opt::<Vec<String>>(obj, "notes", "").unwrap_or_default();
        Header { title, notes }
    }

    /// A whole single-column chart: the header, `dice`, `span`, `rows`.
    pub fn chart<T: DeserializeOwned>(&mut self, obj: &Map<String, Value>) -> Option<Chart<T>> {
        let before = self.errors.len();
        let h = self.header(obj);
        let dice = self.req::<ChartDice>(obj, "dice", "");
        let span = self.opt::<(i32, i32)>(obj, "span", "");
        let rows = self.rows::<T>(obj.get("rows"), "");
        if self.errors.len() > before {
            return None;
        }
        let chart = Chart {
            id: self.chart.clone(),
            title: h.title,
            dice: dice?,
            span,
            rows,
            notes: h.notes,
        };
        let problems = chart.problems(self.file);
        self.absorb("", problems);
        Some(chart)
    }

    /// Checks a provenance found outside a row (a modifier, a ship list entry).
    pub fn provenance(&mut self, p: &Provenance, entry: &str) {
        if let Err(m) = p.validate() {
            self.err(entry, m);
        }
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Deserializes `v`; on failure finds which field of an object is at fault, because serde's messages
/// for a wrong type ("expected u32") do not name the field. A field is at fault when the value reads
/// (or fails only for lack of it) once the field is taken out.
fn blamed<T: DeserializeOwned>(v: &Value) -> Result<T, (Option<String>, String)> {
    let msg = match serde_json::from_value::<T>(v.clone()) {
        Ok(t) => return Ok(t),
        Err(e) => e.to_string(),
    };
    if let Value::Object(map) = v
        && !msg.starts_with("missing field")
        && !msg.starts_with("unknown field")
    {
        for k in map.keys() {
            let mut without = map.clone();
            without.remove(k);
            let blame = match serde_json::from_value::<T>(Value::Object(without)) {
                Ok(_) => true,
                Err(e) => {
                    let m = e.to_string();
                    m != msg && m.contains(&format!("missing field `{k}`"))
                }
            };
            if blame {
                return Err((Some(k.clone()), msg));
            }
        }
    }
    Err((None, msg))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Ship {
        name: String,
        tonnage: u32,
        #[serde(default)]
        fast: bool,
    }

    #[test]
    fn a_wrong_field_inside_a_result_is_named() {
        let v: Value = serde_json::from_str(r#"{"name": "X", "tonnage": "big"}"#).unwrap();
        let (field, msg) = blamed::<Ship>(&v).unwrap_err();
        assert_eq!(field.as_deref(), Some("tonnage"), "{msg}");
        let v: Value = serde_json::from_str(r#"{"name": "X", "tonnage": 1, "fast": 3}"#).unwrap();
        assert_eq!(blamed::<Ship>(&v).unwrap_err().0.as_deref(), Some("fast"));
        let v: Value = serde_json::from_str(r#"{"name": "X"}"#).unwrap();
        let (field, msg) = blamed::<Ship>(&v).unwrap_err();
        assert_eq!(field, None);
        assert!(msg.contains("missing field `tonnage`"), "{msg}");
    }
}
