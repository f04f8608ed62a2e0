//! Reading a game's charts from JSON one field at a time, so a bad file is answered with every mistake in
//! it, each named by file, chart, entry (row, column, modifier) and field, instead of serde's first error.
//!
//! Nothing here knows a game. A game's chart family (the data of one chart id: a chart, a table of
//! columns, the modifiers printed beside it…) implements [`Family`]: its `read` takes its parts from the
//! chart's [`Fields`] with the helpers of [`Cx`], its `check` says what reading cannot (required columns,
//! references to the game's other data). [`load`] does the rest for every family alike: the chart must be
//! an object, a field no part read is reported as unknown (with the fields the chart has), and `check`
//! runs only on a chart that read cleanly.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::chart::{Chart, ChartDice, Row};
use crate::summary::Summary;
use crate::{DataError, Provenance};

/// The errors found so far while reading one chart of one file.
pub struct Cx<'a> {
    /// The file, as errors name it.
    pub file: &'a str,
    /// The chart id, as errors name it.
    pub chart: String,
    /// Every mistake found, in reading order.
    pub errors: Vec<DataError>,
}

/// `"row 3"` and `"field result"` joined as `"row 3, field result"`.
pub fn join(entry: &str, more: &str) -> String {
    match (entry.is_empty(), more.is_empty()) {
        (true, _) => more.to_string(),
        (_, true) => entry.to_string(),
        _ => format!("{entry}, {more}"),
    }
}

/// The top-level object of a chart, recording which of its fields the family's parts read: any other
/// field is unknown. Each part names the fields it reads, so no family keeps a list of them by hand.
pub struct Fields<'v> {
    obj: &'v Map<String, Value>,
    read: Vec<&'static str>,
}

impl<'v> Fields<'v> {
    pub fn new(obj: &'v Map<String, Value>) -> Self {
        Self {
            obj,
            read: Vec::new(),
        }
    }

    /// The field `key`, if present; `key` is now one of the chart's fields.
    pub fn get(&mut self, key: &'static str) -> Option<&'v Value> {
        self.know(&[key]);
        self.obj.get(key)
    }

    /// The whole object, for a part that reads the fields `keys` from it.
    pub fn part(&mut self, keys: &[&'static str]) -> &'v Map<String, Value> {
        self.know(keys);
        self.obj
    }

    /// The fields read so far, in the order the parts named them.
    pub fn known(&self) -> &[&'static str] {
        &self.read
    }

    fn know(&mut self, keys: &[&'static str]) {
        for k in keys {
            if !self.read.contains(k) {
                self.read.push(k);
            }
        }
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

    /// A required field of an object inside the chart (a row, a column, a section).
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

    /// An optional field: `None` when absent or null, and when wrong (a wrong value is reported).
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

    /// A required top-level field of the chart (`location`, `special_attack`).
    pub fn field<T: DeserializeOwned>(&mut self, fields: &mut Fields, key: &'static str) -> Option<T> {
        let obj = fields.part(&[key]);
        self.req(obj, key, "")
    }

    /// An optional top-level list of entries (modifiers, ships, steps), each read on its own; `name`
    /// labels them in errors (`modifier 3`). Absent, it is empty.
    pub fn entries<T: DeserializeOwned>(
        &mut self,
        fields: &mut Fields,
        key: &'static str,
        name: &str,
    ) -> Vec<T> {
        let Some(v) = fields.get(key) else {
            return Vec::new();
        };
        let Some(items) = self.array(v, &format!("field {key}")) else {
            return Vec::new();
        };
        items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| self.value(item, &format!("{name} {}", i + 1)))
            .collect()
    }

    /// Like [`Cx::entries`], for a list the chart must have.
    pub fn required_entries<T: DeserializeOwned>(
        &mut self,
        fields: &mut Fields,
        key: &'static str,
        name: &str,
    ) -> Vec<T> {
        if fields.get(key).is_none() {
            self.err(&format!("field {key}"), "missing");
        }
        self.entries(fields, key, name)
    }

    /// A chart inside a family, under the field `key`: its `dice`, optional `title`, `span` and `notes`,
    /// and `rows`. The chart takes the family's id (and `title` when it gives none), and `key` prefixes
    /// its errors.
    pub fn section<T: DeserializeOwned>(
        &mut self,
        fields: &mut Fields,
        key: &'static str,
        title: &str,
    ) -> Option<Chart<T>> {
        let Some(v) = fields.get(key) else {
            self.err(&format!("field {key}"), "missing");
            return None;
        };
        let entry = key.to_string();
        let o = self.object(v, &entry)?;
        self.only(o, &["title", "dice", "span", "notes", "rows"], &entry);
        let before = self.errors.len();
        let dice = self.req::<ChartDice>(o, "dice", &entry);
        let span = self.opt::<(i32, i32)>(o, "span", &entry);
        let notes = self.notes(o, &entry);
        let section_title = match self.opt::<String>(o, "title", &entry) {
            Some(t) => t,
            None => title.to_string(),
        };
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

    /// The optional `notes` of an object: none when absent (a wrong value is reported).
    pub fn notes(&mut self, obj: &Map<String, Value>, entry: &str) -> Vec<String> {
        self.opt::<Vec<String>>(obj, "notes", entry).unwrap_or_default()
    }
}

/// The header every chart has: `id`, `title`, `notes`.
pub struct Header {
    pub title: String,
    pub notes: Vec<String>,
}

/// The fields a whole single-column chart reads.
const CHART_FIELDS: &[&str] = &["id", "title", "dice", "span", "notes", "rows"];

impl Cx<'_> {
    /// The header, from the chart's fields `id`, `title` and `notes`: the id, when given, must be the
    /// chart's own, and the title must say something. `None` when the title is missing or wrong (that is
    /// reported).
    pub fn header(&mut self, fields: &mut Fields) -> Option<Header> {
        let obj = fields.part(&["id", "title", "notes"]);
        self.header_of(obj)
    }

    fn header_of(&mut self, obj: &Map<String, Value>) -> Option<Header> {
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
        let title = self.req::<String>(obj, "title", "");
        if let Some(t) = &title
            && t.trim().is_empty()
        {
            self.err("field title", "a chart needs a title");
        }
        let notes = self.notes(obj, "");
        Some(Header { title: title?, notes })
    }

    /// A whole single-column chart: the header, `dice`, `span`, `rows`.
    pub fn chart<T: DeserializeOwned>(&mut self, fields: &mut Fields) -> Option<Chart<T>> {
        let obj = fields.part(CHART_FIELDS);
        let before = self.errors.len();
        let h = self.header_of(obj);
        let dice = self.req::<ChartDice>(obj, "dice", "");
        let span = self.opt::<(i32, i32)>(obj, "span", "");
        let rows = self.rows::<T>(obj.get("rows"), "");
        if self.errors.len() > before {
            return None;
        }
        let h = h?;
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

/// The data of one chart id: read from JSON, checked against the game's other data (`Refs`: the ids a
/// chart may name), summarised for the chart list.
pub trait Family<Refs>: Sized {
    /// Reads the chart's parts from `fields`; every problem goes to `cx` (None when the chart cannot be
    /// built). Read every part before giving up, so every mistake is found and every field is known.
    fn read(cx: &mut Cx, fields: &mut Fields) -> Option<Self>;
    /// Checks what reading cannot: required columns and outcomes, references, stated values.
    fn check(&self, _cx: &mut Cx, _refs: &Refs) {}
    fn summary(&self) -> Summary;
}

/// Reads and checks chart `id` from `value`; `file` names it in errors. Every mistake is returned, the
/// fields no part knows first.
pub fn load<R, F: Family<R>>(file: &str, id: &str, value: &Value, refs: &R) -> Result<F, Vec<DataError>> {
    let mut cx = Cx::new(file, id);
    let Some(obj) = cx.object(value, "") else {
        return Err(cx.errors);
    };
    let mut fields = Fields::new(obj);
    let family = F::read(&mut cx, &mut fields);
    let mut unknown = Cx::new(file, id);
    unknown.only(obj, fields.known(), "");
    cx.errors.splice(0..0, unknown.errors);
    match family {
        Some(f) if cx.errors.is_empty() => {
            f.check(&mut cx, refs);
            if cx.errors.is_empty() {
                Ok(f)
            } else {
                Err(cx.errors)
            }
        }
        _ => {
            if cx.errors.is_empty() {
                cx.err("", "the chart could not be read");
            }
            Err(cx.errors)
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

/// The charts of a game's shipped files, each as (file, id, JSON): a file holds one chart or a list of
/// them; every chart must name an id of `ids` once. Each problem goes to `errors`, naming file and chart.
pub(crate) fn shipped_charts(
    files: &[(&str, &str)],
    ids: &[&str],
    unknown_chart: fn(&str) -> String,
    errors: &mut Vec<DataError>,
) -> Vec<(String, String, serde_json::Value)> {
    use serde_json::Value;
    let mut found: Vec<(String, String, Value)> = Vec::new();
    for (file, text) in files {
        let value: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                errors.push(DataError::parse(*file, &e));
                continue;
            }
        };
        let charts = match value {
            Value::Array(items) => items,
            other => vec![other],
        };
        for (i, chart) in charts.into_iter().enumerate() {
            let Some(id) = chart.get("id").and_then(Value::as_str).map(str::to_string) else {
                errors.push(DataError::new(
                    *file,
                    "",
                    format!("chart {}", i + 1),
                    "a shipped chart names its id (\"id\": \"A2\")",
                ));
                continue;
            };
            if !ids.contains(&id.as_str()) {
                errors.push(DataError::new(*file, &id, "", unknown_chart(&id)));
            } else if found.iter().any(|(_, other, _)| *other == id) {
                errors.push(DataError::new(*file, &id, "", "this chart is shipped twice"));
            } else {
                found.push(((*file).to_string(), id, chart));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
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

    /// A toy family: a chart of ship names and an optional list of notes on ships.
    #[derive(Debug)]
    struct Sightings {
        chart: Chart<String>,
        ships: Vec<Ship>,
    }

    impl Family<()> for Sightings {
        fn read(cx: &mut Cx, fields: &mut Fields) -> Option<Self> {
            let chart = cx.chart(fields);
            let ships = cx.entries(fields, "ships", "ship");
            Some(Self { chart: chart?, ships })
        }
        fn summary(&self) -> Summary {
            Summary::of_chart(&self.chart, "1 column")
        }
    }

    fn load_toy(text: &str) -> Result<Sightings, Vec<String>> {
        let v: Value = serde_json::from_str(text).unwrap();
        load::<(), Sightings>("toy.json", "S1", &v, &())
            .map_err(|e| e.iter().map(ToString::to_string).collect())
    }

    const P: &str = r#"{"source": "reconstructed", "reason": "test"}"#;

    #[test]
    fn a_family_reads_its_parts_and_knows_its_fields() {
        let good = load_toy(&format!(
            r#"{{"id": "S1", "title": "Sightings", "dice": "1d6",
                "rows": [{{"roll": "1-6", "result": "a junk", "provenance": {P}}}],
                "ships": [{{"name": "Maru", "tonnage": 900}}]}}"#
        ))
        .unwrap();
        assert_eq!(good.chart.lookup(3).map(|r| r.result.as_str()), Some("a junk"));
        assert_eq!(good.ships.len(), 1);
        assert_eq!(good.summary().shape, "1 column");
    }

    #[test]
    fn every_mistake_of_a_family_is_named_unknown_fields_first() {
        let errors = load_toy(&format!(
            r#"{{"id": "S2", "title": "Sightings", "dice": "1d6", "colour": "red",
                "rows": [{{"roll": "1-3", "result": "a junk", "provenance": {P}}},
                         {{"roll": "5-6", "result": 7, "provenance": {P}}}],
                "ships": [{{"name": "Maru", "tonnage": "big"}}]}}"#
        ))
        .unwrap_err();
        assert_eq!(
            errors,
            [
                "toy.json, chart S1, entry field colour: unknown field; expected one of id, title, dice, span, notes, rows, ships",
                "toy.json, chart S1, entry field id: \"S2\" does not match the chart it stands for ('S1')",
                "toy.json, chart S1, entry row 2, field result: invalid type: integer `7`, expected a string",
                "toy.json, chart S1, entry ship 1.tonnage: invalid type: string \"big\", expected u32",
            ]
        );
        let gap = load_toy(&format!(
            r#"{{"title": "Sightings", "dice": "1d6",
                "rows": [{{"roll": "1-3", "result": "a junk", "provenance": {P}}},
                         {{"roll": "5-6", "result": "a sampan", "provenance": {P}}}]}}"#
        ))
        .unwrap_err();
        assert_eq!(
            gap,
            ["toy.json, chart S1, entry row 2 (5-6): leaves a gap: roll 4 is not answered"]
        );
        assert_eq!(
            load_toy("[1]").unwrap_err(),
            ["toy.json, chart S1: expected an object {…}, found a list"]
        );
    }
}
