//! The operations map's ids, which the charts name (A1's bases and areas, A3's columns, the module maps'
//! places): read from `data/sensuikan/map.json` for its ids only (the catalog module owns its meaning).

use serde::Deserialize;
use serde_json::Value;

use crate::DataError;
use crate::month::Month;
use crate::read::Cx;
use crate::table::Dates;

/// What a chart family's reader and checker need from the rest of the data: the operations map's ids.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Refs {
    pub areas: Vec<AreaRef>,
    pub bases: Vec<BaseRef>,
    /// Event locations (Sydney, Ulithi…) of the operations map.
    pub locations: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaRef {
    pub id: String,
    /// A patrol here first moves the submarine to this base [4.7.2].
    pub requires_base: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseRef {
    pub id: String,
    /// The months the base is in use.
    pub open: Dates,
    /// Every patrol from this base goes to this area [4.7.2].
    pub patrols_restricted_to: Option<String>,
}

/// An area of the map, as far as the charts need it (its other fields are the catalog's).
#[derive(Deserialize)]
struct AreaIds {
    id: String,
    #[serde(default)]
    requires_base: Option<String>,
}

/// A base of the map, as far as the charts need it.
#[derive(Deserialize)]
struct BaseIds {
    id: String,
    #[serde(default)]
    patrols_restricted_to: Option<String>,
    #[serde(default)]
    closes: Option<Closing>,
}

#[derive(Deserialize)]
struct Closing {
    at: Month,
}

#[derive(Deserialize)]
struct LocationIds {
    id: String,
}

/// The operations map, read for its ids only (the catalog module owns its meaning).
pub const SHIPPED_MAP: &str = include_str!("../../../../../data/sensuikan/map.json");
const MAP_FILE: &str = "data/sensuikan/map.json";

impl Refs {
    /// The ids of the shipped operations map.
    pub fn shipped() -> Result<Self, DataError> {
        Self::parse(MAP_FILE, SHIPPED_MAP)
    }

    /// Reads the ids of an operations map. Every list must be there and every entry must read: a wrong
    /// `requires_base` or closing month is an error, not a base open all war. The first error is
    /// returned, with the count of the others.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        let v: Value = serde_json::from_str(text).map_err(|e| DataError::parse(file, &e))?;
        let mut errors = Vec::new();
        let areas: Vec<AreaIds> = list(file, &v, "areas", "area", &mut errors);
        let bases: Vec<BaseIds> = list(file, &v, "bases", "base", &mut errors);
        let locations: Vec<LocationIds> = list(file, &v, "locations", "location", &mut errors);
        if errors.is_empty() && (areas.is_empty() || bases.is_empty()) {
            errors.push(DataError::new(file, "", "", "the map lists no areas or no bases"));
        }
        if !errors.is_empty() {
            let more = errors.len() - 1;
            let mut first = errors.swap_remove(0);
            if more > 0 {
                first.message = format!("{} (and {more} more errors)", first.message);
            }
            return Err(first);
        }
        Ok(Refs {
            areas: areas
                .into_iter()
                .map(|a| AreaRef {
                    id: a.id,
                    requires_base: a.requires_base,
                })
                .collect(),
            bases: bases
                .into_iter()
                .map(|b| BaseRef {
                    open: Dates {
                        from: None,
                        until: b.closes.map(|c| c.at.previous()),
                    },
                    patrols_restricted_to: b.patrols_restricted_to,
                    id: b.id,
                })
                .collect(),
            locations: locations.into_iter().map(|l| l.id).collect(),
        })
    }

    pub fn area(&self, id: &str) -> Option<&AreaRef> {
        self.areas.iter().find(|a| a.id == id)
    }

    pub fn base(&self, id: &str) -> Option<&BaseRef> {
        self.bases.iter().find(|b| b.id == id)
    }

    pub(crate) fn area_ids(&self) -> String {
        self.areas
            .iter()
            .map(|a| a.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub(crate) fn base_ids(&self) -> String {
        self.bases
            .iter()
            .map(|a| a.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The map's list `key`, each entry read on its own (`area 3`); errors go to `errors`, named by the list.
fn list<T: serde::de::DeserializeOwned>(
    file: &str,
    map: &Value,
    key: &str,
    name: &str,
    errors: &mut Vec<DataError>,
) -> Vec<T> {
    let mut cx = Cx::new(file, key);
    let items = match map.get(key) {
        None => {
            cx.err("", format!("missing; the map lists its {key}"));
            None
        }
        Some(v) => cx.array(v, ""),
    };
    let found = items
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, item)| cx.value(item, &format!("{name} {}", i + 1)))
        .collect();
    errors.append(&mut cx.errors);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_map_gives_the_ids_the_charts_name() {
        let refs = Refs::shipped().unwrap();
        assert_eq!(
            refs.area("aleutians").and_then(|a| a.requires_base.as_deref()),
            Some("paramushiro")
        );
        let truk = refs.base("truk").unwrap();
        assert_eq!(truk.open.until, Some(Month::new(1944, 2).unwrap()));
        assert!(refs.locations.iter().any(|l| l == "sydney"));
    }

    /// A wrong value is refused, not read as "no restriction" or "open all war".
    #[test]
    fn a_wrong_or_missing_map_entry_is_an_error() {
        let map = |bases: &str| {
            format!(
                r#"{{"areas": [{{"id": "hawaii", "requires_base": null}}], "bases": [{bases}],
                    "locations": [{{"id": "sydney"}}]}}"#
            )
        };
        assert!(Refs::parse("m.json", &map(r#"{"id": "truk", "closes": null}"#)).is_ok());
        let e = Refs::parse("m.json", &map(r#"{"id": "truk", "closes": {"at": 7}}"#)).unwrap_err();
        assert_eq!(
            (e.chart.as_str(), e.entry.as_str()),
            ("bases", "base 1.closes"),
            "{e}"
        );
        let e = Refs::parse("m.json", &map(r#"{"id": "truk", "patrols_restricted_to": 3}"#)).unwrap_err();
        assert_eq!(e.entry, "base 1.patrols_restricted_to", "{e}");
        let e = Refs::parse("m.json", &map(r#"{"name": "Truk"}"#)).unwrap_err();
        assert!(e.message.contains("missing field `id`"), "{e}");
        let e = Refs::parse(
            "m.json",
            r#"{"areas": [{"id": "hawaii"}], "bases": [{"id": "truk"}]}"#,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.json, chart locations: missing; the map lists its locations"
        );
        let e = Refs::parse("m.json", r#"{"areas": [], "bases": "truk", "locations": []}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.json, chart bases: expected a list […], found a string"
        );
    }
}
