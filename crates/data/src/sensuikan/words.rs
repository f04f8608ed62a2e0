//! The one display name of each thing the rules engine knows by an id and no other data file names:
//! systems, ship types, missions, crew improvements, special skills, markers, crew levels and the A3
//! columns. Every text a player reads takes its name from here (`data/sensuikan/words.json`).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::DataError;

/// The shipped words.
pub const SHIPPED_WORDS: &str = include_str!("../../../../data/sensuikan/words.json");
const FILE: &str = "data/sensuikan/words.json";

/// The kinds of names the file must hold, each read by the engine.
pub const KINDS: [&str; 9] = [
    "system",
    "ship_kind",
    "mission",
    "mission_kind",
    "improvement",
    "special_skill",
    "marker",
    "crew_quality",
    "a3_column",
];

/// One thing's name, and what it does when a choice must say so.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Word {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub effect: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Kind {
    kind: String,
    rule: String,
    names: Vec<Word>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    game: String,
    catalog: String,
    #[serde(default)]
    notes: Vec<String>,
    kinds: Vec<Kind>,
}

/// The display names, by kind and id.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Words {
    kinds: BTreeMap<String, BTreeMap<String, Word>>,
}

impl Words {
    /// The shipped words, validated.
    pub fn shipped() -> Result<Self, DataError> {
        Self::parse(SHIPPED_WORDS)
    }

    /// Reads and checks a words file: every kind present once, ids unique, names words (no id, no
    /// underscore) and never empty.
    pub fn parse(text: &str) -> Result<Self, DataError> {
        let f: File = serde_json::from_str(text).map_err(|e| DataError::parse(FILE, &e))?;
        let err = |entry: &str, m: String| DataError::new(FILE, "words", entry, m);
        if f.game != "sensuikan" || f.catalog != "words" {
            return Err(err("", "this is not Sensuikan's words file".into()));
        }
        let mut kinds = BTreeMap::new();
        for k in f.kinds {
            if !KINDS.contains(&k.kind.as_str()) {
                return Err(err(
                    &k.kind,
                    format!("unknown kind; the kinds are {}", KINDS.join(", ")),
                ));
            }
            if k.rule.trim().is_empty() {
                return Err(err(&k.kind, "a kind cites its rule case".into()));
            }
            let mut names = BTreeMap::new();
            for w in k.names {
                let entry = format!("{} {}", k.kind, w.id);
                if w.name.trim().is_empty() || w.name.contains('_') {
                    return Err(err(&entry, format!("'{}' is not a name a player reads", w.name)));
                }
                if w.effect.as_deref().is_some_and(|e| e.trim().is_empty()) {
                    return Err(err(&entry, "an effect, when given, says something".into()));
                }
                if names.insert(w.id.clone(), w).is_some() {
                    return Err(err(&entry, "named twice".into()));
                }
            }
            if kinds.insert(k.kind.clone(), names).is_some() {
                return Err(err(&k.kind, "this kind is listed twice".into()));
            }
        }
        if let Some(missing) = KINDS.iter().find(|k| !kinds.contains_key(**k)) {
            return Err(err(missing, "this kind of names is missing".into()));
        }
        Ok(Self { kinds })
    }

    /// The name of `id` among the `kind`s, if the file names it.
    pub fn name(&self, kind: &str, id: &str) -> Option<&str> {
        self.word(kind, id).map(|w| w.name.as_str())
    }

    /// What `id` does, if the file says.
    pub fn effect(&self, kind: &str, id: &str) -> Option<&str> {
        self.word(kind, id).and_then(|w| w.effect.as_deref())
    }

    pub fn word(&self, kind: &str, id: &str) -> Option<&Word> {
        self.kinds.get(kind).and_then(|k| k.get(id))
    }

    /// The ids a kind names.
    pub fn ids(&self, kind: &str) -> impl Iterator<Item = &str> {
        self.kinds
            .get(kind)
            .into_iter()
            .flat_map(|k| k.keys().map(String::as_str))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_shipped_words_load_and_name_every_kind() {
        let w = Words::shipped().unwrap();
        for k in KINDS {
            assert!(w.ids(k).next().is_some(), "{k}");
        }
        assert_eq!(w.name("system", "aa_gun"), Some("anti-aircraft gun"));
        assert_eq!(w.name("ship_kind", "destroyer_escort"), Some("destroyer escort"));
        assert!(w.effect("improvement", "shibumi").is_some());
    }

    #[test]
    fn a_name_that_is_an_id_is_refused() {
        let bad = SHIPPED_WORDS.replace("\"name\": \"diving planes\"", "\"name\": \"diving_planes\"");
        let e = Words::parse(&bad).unwrap_err();
        assert!(e.message.contains("not a name"), "{e}");
        let twice = SHIPPED_WORDS.replace("\"id\": \"fuel_tanks\"", "\"id\": \"radar\"");
        assert!(Words::parse(&twice).unwrap_err().message.contains("named twice"));
    }
}
