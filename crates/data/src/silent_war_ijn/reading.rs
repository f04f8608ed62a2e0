//! The pieces every Silent War file is read with, on top of the shared reader [`Cx`]: the file's header
//! (`game`, `catalog`, `notes`), a list of entries each read on its own and labelled by its id, and an
//! entry's sources (provenance and per-field provenance), whose rule cases are kept to be checked against
//! `rules.json` once every file is read.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::{GAME, Sources};
use crate::read::Cx;
use crate::{DataError, Provenance};

/// A rule case an entry cites, checked later against the case labels of `rules.json`.
#[derive(Debug, Clone)]
pub(crate) struct Cited {
    pub file: String,
    pub catalog: String,
    pub entry: String,
    pub case: String,
}

/// One file being read: the shared reader and the cases its entries cite.
pub(crate) struct Reader<'a> {
    pub cx: Cx<'a>,
    pub cited: Vec<Cited>,
}

/// An entry's `provenance` and `field_provenance`, as every entry writes them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawSources {
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: BTreeMap<String, Provenance>,
}

impl<'a> Reader<'a> {
    /// Parses `text` and checks its header; `keys` are the top-level fields the catalog has besides
    /// `game`, `catalog` and `notes`. `None` (with the error) when the file is not a JSON object.
    pub fn open(
        file: &'a str,
        catalog: &str,
        text: &str,
        keys: &[&str],
    ) -> Result<(Self, Map<String, Value>), Vec<DataError>> {
        let value: Value = serde_json::from_str(text).map_err(|e| vec![DataError::parse(file, &e)])?;
        let mut r = Reader {
            cx: Cx::new(file, catalog),
            cited: Vec::new(),
        };
        let Some(obj) = r.cx.object(&value, "").cloned() else {
            return Err(r.cx.errors);
        };
        let mut allowed = vec!["game", "catalog", "notes"];
        allowed.extend_from_slice(keys);
        r.cx.only(&obj, &allowed, "");
        match obj.get("game").and_then(Value::as_str) {
            Some(GAME) => {}
            _ => r.cx.err(
                "field game",
                format!("every file of the companion says \"game\": \"{GAME}\""),
            ),
        }
        match obj.get("catalog").and_then(Value::as_str) {
            Some(c) if c == catalog => {}
            _ => {
                r.cx.err("field catalog", format!("this file's catalog is \"{catalog}\""))
            }
        }
        let _ = r.cx.notes(&obj, "");
        Ok((r, obj))
    }

    pub fn err(&mut self, entry: &str, message: impl Into<String>) {
        self.cx.err(entry, message);
    }

    /// A required top-level field.
    pub fn field<T: DeserializeOwned>(&mut self, obj: &Map<String, Value>, key: &str) -> Option<T> {
        self.cx.req(obj, key, "")
    }

    /// A required top-level list whose entries are read one by one, each labelled `name id` (its `id` or
    /// `key` field) or `name N`, so every bad entry is reported.
    pub fn list<T: DeserializeOwned>(
        &mut self,
        obj: &Map<String, Value>,
        key: &str,
        name: &str,
        id_field: &str,
    ) -> Vec<(String, T)> {
        let Some(v) = obj.get(key) else {
            self.cx.err(&format!("field {key}"), "missing");
            return Vec::new();
        };
        self.items(v, &format!("field {key}"), name, id_field)
    }

    /// The entries of a list value (see [`Reader::list`]).
    pub fn items<T: DeserializeOwned>(
        &mut self,
        v: &Value,
        entry: &str,
        name: &str,
        id_field: &str,
    ) -> Vec<(String, T)> {
        let Some(items) = self.cx.array(v, entry) else {
            return Vec::new();
        };
        items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| {
                let label = match item.get(id_field).and_then(Value::as_str) {
                    Some(id) => format!("{name} {id}"),
                    None => format!("{name} {}", i + 1),
                };
                self.cx.value::<T>(item, &label).map(|t| (label, t))
            })
            .collect()
    }

    /// Checks a provenance and keeps the case it cites.
    pub fn provenance(&mut self, entry: &str, p: &Provenance) {
        if let Err(m) = p.validate() {
            self.cx.err(entry, m);
        }
        if let Provenance::Rule { case } | Provenance::Example { case } = p {
            self.cited.push(Cited {
                file: self.cx.file.to_string(),
                catalog: self.cx.chart.clone(),
                entry: entry.to_string(),
                case: case.clone(),
            });
        }
    }

    /// An entry's sources: the provenance, and each field's, which must name one of `fields`.
    pub fn sources(&mut self, entry: &str, raw: RawSources, fields: &[&str]) -> Sources {
        self.provenance(&format!("{entry}, field provenance"), &raw.provenance);
        for (name, p) in &raw.field_provenance {
            let at = format!("{entry}, field field_provenance.{name}");
            if fields.contains(&name.as_str()) {
                self.provenance(&at, p);
            } else {
                self.cx.err(
                    &at,
                    format!(
                        "'{name}' is not a field of this entry (its fields: {})",
                        fields.join(", ")
                    ),
                );
            }
        }
        Sources {
            entry: raw.provenance,
            fields: raw.field_provenance,
        }
    }

    /// A text that must say something.
    pub fn text(&mut self, entry: &str, field: &str, text: &str) {
        if text.trim().is_empty() {
            self.cx
                .err(&format!("{entry}, field {field}"), "must not be empty");
        }
    }

    /// Checks that ids are unique; `what` names them in the error.
    pub fn unique<'i>(&mut self, ids: impl IntoIterator<Item = (&'i str, &'i str)>) {
        let mut seen: Vec<&str> = Vec::new();
        for (label, id) in ids {
            if seen.contains(&id) {
                self.cx.err(label, format!("the id '{id}' appears twice"));
            }
            seen.push(id);
        }
    }

    /// The catalog, or every error found while reading it.
    pub fn finish<T>(self, value: Option<T>) -> Result<(T, Vec<Cited>), Vec<DataError>> {
        match value {
            Some(v) if self.cx.errors.is_empty() => Ok((v, self.cited)),
            _ => {
                let mut errors = self.cx.errors;
                if errors.is_empty() {
                    errors.push(DataError::new(
                        self.cx.file,
                        &self.cx.chart,
                        "",
                        "the file could not be read",
                    ));
                }
                Err(errors)
            }
        }
    }
}

/// Whether an id is snake_case: lower-case letters, digits and '_', starting with a letter.
pub(crate) fn is_snake_case(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}
