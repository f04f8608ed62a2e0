//! Pieces shared by the Sensuikan catalogs: per-field provenance, id checks and error collection.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{DataError, Provenance};

/// Where an entry's values come from: one provenance for the entry as a whole, and, for the fields whose
/// source differs (a value the rulebook states inside an otherwise reconstructed entry), one per field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sources {
    /// The provenance of every field not listed in `fields`.
    pub entry: Provenance,
    /// Field name (as written in the JSON file) to its own provenance.
    pub fields: BTreeMap<String, Provenance>,
}

impl Sources {
    /// The provenance of one field (the entry's own when the field has none of its own).
    pub fn of(&self, field: &str) -> &Provenance {
        self.fields.get(field).unwrap_or(&self.entry)
    }
}

/// Collects errors for one file and catalog, each naming its entry (and field).
pub(crate) struct Errors<'a> {
    pub file: &'a str,
    pub catalog: &'a str,
    pub list: Vec<DataError>,
}

impl<'a> Errors<'a> {
    pub fn new(file: &'a str, catalog: &'a str) -> Self {
        Errors {
            file,
            catalog,
            list: Vec::new(),
        }
    }

    /// An error about a whole entry (`entry` = its id).
    pub fn entry(&mut self, entry: &str, message: impl Into<String>) {
        self.list
            .push(DataError::new(self.file, self.catalog, entry, message));
    }

    /// An error about one field of an entry, reported as entry `id.field`.
    pub fn field(&mut self, entry: &str, field: &str, message: impl Into<String>) {
        self.list.push(DataError::new(
            self.file,
            self.catalog,
            format!("{entry}.{field}"),
            message,
        ));
    }

    /// Checks an entry's provenance and the names and provenances of its per-field sources.
    pub fn sources(
        &mut self,
        entry: &str,
        provenance: Provenance,
        fields: BTreeMap<String, Provenance>,
        known: &[&str],
    ) -> Sources {
        if let Err(m) = provenance.validate() {
            self.field(entry, "provenance", m);
        }
        for (name, p) in &fields {
            if !known.contains(&name.as_str()) {
                self.field(
                    entry,
                    "field_provenance",
                    format!(
                        "'{name}' is not a field of this entry (known: {})",
                        known.join(", ")
                    ),
                );
            } else if let Err(m) = p.validate() {
                self.field(entry, "field_provenance", format!("{name}: {m}"));
            }
        }
        Sources {
            entry: provenance,
            fields,
        }
    }

    /// Checks that an id is snake_case and not already used.
    pub fn id(&mut self, id: &str, seen: &mut Vec<String>) {
        if !is_snake_case(id) {
            self.field(id, "id", "ids are snake_case: lower-case letters, digits and '_'");
        }
        if seen.iter().any(|s| s == id) {
            self.entry(id, "this id appears twice");
        }
        seen.push(id.to_string());
    }

    /// Checks that a display text is not blank.
    pub fn text(&mut self, entry: &str, field: &str, text: &str) {
        if text.trim().is_empty() {
            self.field(entry, field, "must not be empty");
        }
    }

    pub fn finish<T>(self, value: T) -> Result<T, Vec<DataError>> {
        if self.list.is_empty() {
            Ok(value)
        } else {
            Err(self.list)
        }
    }
}

pub(crate) fn is_snake_case(id: &str) -> bool {
    !id.is_empty()
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !id.ends_with('_')
        && !id.contains("__")
}

/// Checks the `game` and `catalog` header every Sensuikan catalog file carries.
pub(crate) fn check_header(
    file: &str,
    catalog: &str,
    game: &str,
    found_catalog: &str,
) -> Result<(), Vec<DataError>> {
    if game != "sensuikan" {
        return Err(vec![DataError::new(
            file,
            catalog,
            "",
            format!("this file is for game '{game}', not 'sensuikan'"),
        )]);
    }
    if found_catalog != catalog {
        return Err(vec![DataError::new(
            file,
            catalog,
            "",
            format!("this file holds the '{found_catalog}' catalog, not '{catalog}'"),
        )]);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_ids() {
        for good in ["kd3", "type_a_mod", "j1m", "pearl_harbor"] {
            assert!(is_snake_case(good), "{good}");
        }
        for bad in ["", "KD3", "type-a", "_a", "a_", "a__b", "3kd", "type a"] {
            assert!(!is_snake_case(bad), "{bad}");
        }
    }

    #[test]
    fn field_sources_fall_back_to_the_entry() {
        let s = Sources {
            entry: Provenance::Reconstructed { reason: "x".into() },
            fields: BTreeMap::from([("a".to_string(), Provenance::Rule { case: "4.5".into() })]),
        };
        assert_eq!(s.of("a"), &Provenance::Rule { case: "4.5".into() });
        assert_eq!(s.of("b"), &s.entry);
    }
}
