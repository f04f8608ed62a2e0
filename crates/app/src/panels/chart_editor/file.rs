//! The player's override file as the chart editor reads and writes it (`overrides/<game>.json`): one
//! chart or entry is put in or taken out, the file's other sections and entries are kept, and the file
//! is written through a temporary file and a rename. A file that is there but does not read as an
//! override file of the game is never overwritten: the editor says why and leaves it as it is.
//!
//! Validation is the data crate's own: the edited chart is checked inside a one-chart override file by
//! `periscope_data::overrides::check`, exactly as the start screen and `periscope-cli charts check`
//! check a player's file.

use std::path::{Path, PathBuf};

use periscope_data::DataError;
use periscope_data::overrides::{self, FORMAT};
use serde_json::{Map, Value};

use super::catalog::Editable;
use crate::storage::Storage;

/// The override file of `game` in the player's data folder.
pub fn path(storage: &Storage, game: &str) -> PathBuf {
    storage.overrides_dir().join(format!("{game}.json"))
}

/// What the override file holds now.
#[derive(Debug, Clone, PartialEq)]
pub enum OverrideFile {
    /// No file yet: a save makes one.
    Missing,
    /// The file's top level.
    Read(Map<String, Value>),
    /// A file that is there but cannot be used as the game's override file; why.
    Unreadable(String),
}

impl OverrideFile {
    pub fn read(path: &Path, game: &str) -> Self {
        if !path.exists() {
            return Self::Missing;
        }
        let text = match Storage::read_capped(path, periscope_data::bounded::OVERRIDES) {
            Ok(t) => t,
            Err(e) => return Self::Unreadable(e),
        };
        // A key written twice is refused (naming it) rather than read as its last, which a save from
        // the editor would then write back alone.
        match periscope_data::bounded::strict_json(&text) {
            Err(e) => Self::Unreadable(format!(
                "{} is not JSON Periscope can read ({})",
                path.display(),
                crate::storage::cut(&e)
            )),
            Ok(Value::Object(obj)) => {
                if obj.get("format").and_then(Value::as_str) != Some(FORMAT) {
                    return Self::Unreadable(format!(
                        "{} does not say \"format\": \"{FORMAT}\"",
                        path.display()
                    ));
                }
                if obj.get("game").and_then(Value::as_str) != Some(game) {
                    return Self::Unreadable(format!(
                        "{} is not an override file of the game '{game}'",
                        path.display()
                    ));
                }
                Self::Read(obj)
            }
            Ok(_) => Self::Unreadable(format!("{} is not a JSON object", path.display())),
        }
    }

    /// The file's value for an item, when it overrides it.
    pub fn value_of(&self, item: &Editable) -> Option<&Value> {
        match self {
            Self::Read(obj) => obj.get(item.section)?.get(&item.id),
            _ => None,
        }
    }
}

/// The file label errors name, as the start screen names the file (`overrides/sensuikan.json`).
pub fn label(game: &str) -> String {
    format!("overrides/{game}.json")
}

/// Every mistake the data crate finds in `value` as the item's override, as it would find it in the
/// player's file. An empty list: the value would be in force.
pub fn validate(game: &str, item: &Editable, value: &Value) -> Vec<DataError> {
    let mut section = Map::new();
    section.insert(item.id.clone(), value.clone());
    let mut file = Map::new();
    file.insert("format".into(), Value::String(FORMAT.into()));
    file.insert("game".into(), Value::String(game.into()));
    file.insert(item.section.into(), Value::Object(section));
    let text = Value::Object(file).to_string();
    match overrides::check(&label(game), &text) {
        Ok(report) => report.errors,
        Err(e) => vec![e],
    }
}

/// Puts `value` in the file as the item's override, keeping everything else the file holds; returns
/// what it did, or why nothing was written.
pub fn save(path: &Path, game: &str, item: &Editable, value: &Value) -> Result<String, String> {
    let mut obj = match OverrideFile::read(path, game) {
        OverrideFile::Missing => {
            let mut obj = Map::new();
            obj.insert("format".into(), Value::String(FORMAT.into()));
            obj.insert("game".into(), Value::String(game.into()));
            obj
        }
        OverrideFile::Read(obj) => obj,
        OverrideFile::Unreadable(why) => return Err(refused(&why)),
    };
    let section = obj
        .entry(item.section)
        .or_insert_with(|| Value::Object(Map::new()));
    let Some(section) = section.as_object_mut() else {
        return Err(refused(&format!(
            "its \"{}\" is not an object of {}",
            item.section,
            item.kind().to_lowercase()
        )));
    };
    section.insert(item.id.clone(), value.clone());
    write(path, &obj)?;
    Ok(format!(
        "Saved your {} {} in {}.",
        item.kind().to_lowercase(),
        item.id,
        path.display()
    ))
}

/// Takes the item's override out of the file (the file goes when nothing is left in it), so Periscope's
/// own value is in force again.
pub fn revert(path: &Path, game: &str, item: &Editable) -> Result<String, String> {
    let mut obj = match OverrideFile::read(path, game) {
        OverrideFile::Missing => return Ok(format!("{} is Periscope's already.", item.id)),
        OverrideFile::Read(obj) => obj,
        OverrideFile::Unreadable(why) => return Err(refused(&why)),
    };
    let removed = obj
        .get_mut(item.section)
        .and_then(Value::as_object_mut)
        .and_then(|s| s.remove(&item.id));
    if removed.is_none() {
        return Ok(format!("{} is Periscope's already.", item.id));
    }
    if obj
        .get(item.section)
        .and_then(Value::as_object)
        .is_some_and(Map::is_empty)
    {
        obj.remove(item.section);
    }
    let back = format!("{} {} is Periscope's again.", item.kind(), item.id);
    let overrides_anything = obj
        .keys()
        .any(|k| !matches!(k.as_str(), "format" | "game" | "description"));
    if overrides_anything {
        write(path, &obj)?;
        Ok(back)
    } else {
        std::fs::remove_file(path).map_err(|e| format!("Could not remove {}: {e}", path.display()))?;
        Ok(format!(
            "{back} Nothing else was overridden, so {} is removed.",
            path.display()
        ))
    }
}

fn refused(why: &str) -> String {
    format!("Not saved: {why}. The file is left as it is; mend or move it, then save again.")
}

fn write(path: &Path, obj: &Map<String, Value>) -> Result<(), String> {
    let text = serde_json::to_string_pretty(obj).map_err(|e| e.to_string())?;
    Storage::write(path, &text)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::*;
    // A Sensuikan chart and class stand for any game's: the file's handling knows no game.
    use crate::sensuikan::chart_items::editables;
    use serde_json::json;

    fn a2() -> Editable {
        editables().into_iter().find(|i| i.id == "A2").unwrap()
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("periscope-editor-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("sensuikan.json")
    }

    #[test]
    fn the_shipped_chart_validates_and_a_backwards_range_names_its_row_and_field() {
        let item = a2();
        assert!(validate("sensuikan", &item, &item.shipped).is_empty());
        let mut bad = item.shipped.clone();
        bad["rows"][1]["roll"] = Value::String("5-3".into());
        let errors = validate("sensuikan", &item, &bad);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].chart, "A2");
        assert_eq!(errors[0].entry, "row 2, field roll");
        assert!(errors[0].message.contains("runs backwards"), "{}", errors[0]);
    }

    #[test]
    fn save_keeps_the_other_sections_and_revert_takes_the_chart_out() {
        let path = temp("keep");
        let other = json!({"format": FORMAT, "game": "sensuikan", "description": "mine",
                           "classes": {"kd3": {"hull_boxes": 9}}});
        std::fs::write(&path, other.to_string()).unwrap();
        let item = a2();
        save(&path, "sensuikan", &item, &item.shipped).unwrap();
        let OverrideFile::Read(obj) = OverrideFile::read(&path, "sensuikan") else {
            panic!("the file reads");
        };
        assert_eq!(obj["classes"], other["classes"]);
        assert_eq!(obj["description"], "mine");
        assert_eq!(obj["charts"]["A2"], item.shipped);
        revert(&path, "sensuikan", &item).unwrap();
        let OverrideFile::Read(obj) = OverrideFile::read(&path, "sensuikan") else {
            panic!("the file reads");
        };
        assert!(obj.get("charts").is_none());
        assert_eq!(obj["classes"], other["classes"]);
        // The last override out: the file goes.
        let kd3 = editables().into_iter().find(|i| i.id == "kd3").unwrap();
        let said = revert(&path, "sensuikan", &kd3).unwrap();
        assert!(said.contains("removed"), "{said}");
        assert!(!path.exists());
    }

    #[test]
    fn a_file_that_does_not_read_is_never_overwritten() {
        let path = temp("damaged");
        std::fs::write(&path, "{\"format\": ").unwrap();
        let item = a2();
        let e = save(&path, "sensuikan", &item, &item.shipped).unwrap_err();
        assert!(e.starts_with("Not saved:") && e.contains("is not JSON"), "{e}");
        assert!(revert(&path, "sensuikan", &item).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"format\": ");
    }
}
