//! The Sensuikan catalogs loaded together: the operations map and bases (`map.json`), the submarine classes
//! and the midget (`classes.json`), and the Major Event markers (`events.json`), with the references between
//! them checked, and player overrides of class entries.

pub mod classes;
mod common;
pub mod events;
pub mod map;

pub use crate::month::Month;
pub use classes::{
    ClassFamily, EarlyLoad, HullNumber, KaitenFit, MidgetSubmarine, PatrolTrack, SubmarineClass,
};
pub use common::Sources;
pub use events::{MajorEvent, Mission, MissionKind};
pub use map::{Area, Base, BaseClosure, EuropeRoute, ExtraTransit, Location, SensuikanMap};

use serde_json::{Map, Value};

use crate::DataError;
use common::Errors;

/// A catalog file's name (for error messages) and its text.
#[derive(Debug, Clone, Copy)]
pub struct CatalogText<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// Every Sensuikan catalog, validated and cross-checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalog {
    pub map: SensuikanMap,
    /// The 17 submarine types, in the order of [4.2.2] and then by availability.
    pub classes: Vec<SubmarineClass>,
    pub midget: MidgetSubmarine,
    pub events: Vec<MajorEvent>,
}

impl Catalog {
    /// The catalogs as shipped. The shipped files are checked by a test, so this cannot fail in a release.
    pub fn shipped() -> Result<Self, DataError> {
        Self::from_texts(
            CatalogText {
                name: map::SHIPPED_MAP_NAME,
                text: map::SHIPPED_MAP,
            },
            CatalogText {
                name: classes::SHIPPED_CLASSES_NAME,
                text: classes::SHIPPED_CLASSES,
            },
            CatalogText {
                name: events::SHIPPED_EVENTS_NAME,
                text: events::SHIPPED_EVENTS,
            },
        )
        .map_err(|list| {
            list.into_iter().next().unwrap_or_else(|| {
                DataError::new(
                    map::SHIPPED_MAP_NAME,
                    "",
                    "",
                    "the catalogs failed without a reason",
                )
            })
        })
    }

    /// Parses, validates and cross-checks the three catalog files; every error found is returned.
    pub fn from_texts(
        map: CatalogText,
        classes: CatalogText,
        events: CatalogText,
    ) -> Result<Self, Vec<DataError>> {
        let map = SensuikanMap::parse(map.name, map.text)?;
        let (class_list, midget) = classes::parse_classes(classes.name, classes.text)?;
        let event_list = events::parse_events(events.name, events.text)?;
        let catalog = Catalog {
            map,
            classes: class_list,
            midget,
            events: event_list,
        };
        let mut ce = Errors::new(classes.name, "classes");
        for c in &catalog.classes {
            catalog.check_class_references(&mut ce, c);
        }
        if catalog.classes.is_empty() {
            ce.entry("", "the file defines no class");
        }
        let mut ee = Errors::new(events.name, "events");
        catalog.check_event_references(&mut ee);
        let mut list = ce.list;
        list.extend(ee.list);
        if list.is_empty() { Ok(catalog) } else { Err(list) }
    }

    pub fn class(&self, id: &str) -> Option<&SubmarineClass> {
        self.classes.iter().find(|c| c.id == id)
    }

    pub fn event(&self, id: &str) -> Option<&MajorEvent> {
        self.events.iter().find(|e| e.id == id)
    }

    /// The classes a career may start in at `month` [4.2.2].
    pub fn classes_available(&self, month: Month) -> impl Iterator<Item = &SubmarineClass> {
        self.classes.iter().filter(move |c| c.available_in(month))
    }

    /// The Major Event markers on the map in `month` [7.14].
    pub fn active_events(&self, month: Month) -> impl Iterator<Item = &MajorEvent> {
        self.events.iter().filter(move |e| e.active_in(month))
    }

    /// The active Major Event of an area in `month`, if any (areas never hold two at once).
    pub fn event_in(&self, area: &str, month: Month) -> Option<&MajorEvent> {
        self.events.iter().find(|e| e.area == area && e.active_in(month))
    }

    /// The family's newest model available in `month`: a Junsen or Kaidai replaced after a long refit
    /// becomes this model [9.2].
    pub fn latest_model(&self, family: ClassFamily, month: Month) -> Option<&SubmarineClass> {
        self.classes
            .iter()
            .filter(|c| c.family == family && c.available_in(month))
            .max_by_key(|c| c.available)
    }

    /// A class's track for a patrol to an area [6.2.2A]: the area's extra map transit boxes are added to the
    /// sheet's transit boxes and taken from its on-station boxes. For the Europe route [7.5] the route boxes
    /// are added each way and there is no on-station box: the supplies are delivered on arrival.
    pub fn patrol_track(&self, class: &str, area: &str) -> Option<PatrolTrack> {
        let c = self.class(class)?;
        let a = self.map.area(area)?;
        Some(track_in(c.track, a))
    }

    fn check_class_references(&self, e: &mut Errors, c: &SubmarineClass) {
        if self.map.base(&c.start_base).is_none() {
            e.field(
                &c.id,
                "start_base",
                format!("no base '{}' in the map", c.start_base),
            );
        }
        for a in self.map.areas.iter().filter(|a| !a.mission_route) {
            if c.track.on_station <= a.extra_transit.total() {
                e.field(
                    &c.id,
                    "track",
                    format!(
                        "{} on-station boxes leave no mission box in {} ({} extra transit boxes) [6.2.2A]",
                        c.track.on_station,
                        a.id,
                        a.extra_transit.total()
                    ),
                );
            }
        }
    }

    fn check_event_references(&self, e: &mut Errors) {
        for ev in &self.events {
            if self.map.area(&ev.area).is_none() {
                e.field(&ev.id, "area", format!("no area '{}' in the map", ev.area));
            }
            if let Some(l) = &ev.location {
                match self.map.location(l) {
                    None => e.field(&ev.id, "location", format!("no location '{l}' in the map")),
                    Some(loc) if loc.area != ev.area => e.field(
                        &ev.id,
                        "location",
                        format!("'{l}' is in area '{}', not '{}'", loc.area, ev.area),
                    ),
                    Some(_) => {}
                }
            }
        }
        for (i, a) in self.events.iter().enumerate() {
            for b in &self.events[i + 1..] {
                if a.area == b.area && a.from <= b.to && b.from <= a.to {
                    e.field(
                        &b.id,
                        "from",
                        format!(
                            "overlaps '{}' in area '{}'; an area holds one active marker at a time",
                            a.id, a.area
                        ),
                    );
                }
            }
        }
    }

    /// Replaces class entries from a player's override file: a JSON object mapping a class id to a full or
    /// partial class entry. A partial entry is merged onto the current one (`track` and `field_provenance`
    /// key by key, every other field whole). A field changed without a provenance of its own is marked as
    /// coming from the override file, unless the entry gives a new `provenance` for the whole class.
    ///
    /// Every entry is validated as a shipped one is; on any error nothing changes and every error is
    /// returned, each naming the file, the class and the field.
    pub fn apply_class_overrides(&mut self, file: &str, value: &Value) -> Result<(), Vec<DataError>> {
        let mut e = Errors::new(file, "classes");
        let Some(obj) = value.as_object() else {
            e.entry(
                "",
                "an override file is a JSON object mapping class ids to class entries",
            );
            return Err(e.list);
        };
        let mut replacements = Vec::new();
        for (id, patch) in obj {
            let Some(current) = self.class(id) else {
                let known: Vec<&str> = self.classes.iter().map(|c| c.id.as_str()).collect();
                e.entry(
                    id,
                    format!("no class '{id}'; the classes are {}", known.join(", ")),
                );
                continue;
            };
            let Some(patch) = patch.as_object() else {
                e.entry(id, "a class override must be a JSON object of fields");
                continue;
            };
            if let Some(pid) = patch.get("id")
                && pid.as_str() != Some(id.as_str())
            {
                e.field(
                    id,
                    "id",
                    format!("the entry's id {pid} differs from its key '{id}'"),
                );
                continue;
            }
            let merged = match serde_json::to_value(current.to_raw()) {
                Ok(mut base) => {
                    merge_class(&mut base, patch, file);
                    base
                }
                Err(err) => {
                    e.entry(id, format!("cannot merge onto the current entry: {err}"));
                    continue;
                }
            };
            let before = e.list.len();
            let Some(raw) = classes::raw_class(&mut e, 0, &merged) else {
                continue;
            };
            let class = classes::validate_class(&mut e, raw);
            self.check_class_references(&mut e, &class);
            if e.list.len() == before {
                replacements.push(class);
            }
        }
        if !e.list.is_empty() {
            return Err(e.list);
        }
        for class in replacements {
            if let Some(slot) = self.classes.iter_mut().find(|c| c.id == class.id) {
                *slot = class;
            }
        }
        Ok(())
    }
}

fn track_in(t: PatrolTrack, a: &Area) -> PatrolTrack {
    let x = a.extra_transit;
    PatrolTrack {
        transit_out: t.transit_out.saturating_add(x.outbound),
        on_station: if a.mission_route {
            0
        } else {
            t.on_station.saturating_sub(x.total())
        },
        transit_back: t.transit_back.saturating_add(x.homebound),
    }
}

/// Merges a partial class entry onto a full one (see [`Catalog::apply_class_overrides`]).
fn merge_class(base: &mut Value, patch: &Map<String, Value>, file: &str) {
    let Some(obj) = base.as_object_mut() else {
        return;
    };
    let new_entry_provenance = patch.contains_key("provenance");
    let patch_fields = patch.get("field_provenance").and_then(Value::as_object);
    for (k, v) in patch {
        match (k.as_str(), obj.get_mut(k), v) {
            ("track" | "field_provenance", Some(Value::Object(cur)), Value::Object(new)) => {
                for (nk, nv) in new {
                    cur.insert(nk.clone(), nv.clone());
                }
            }
            _ => {
                obj.insert(k.clone(), v.clone());
            }
        }
    }
    let changed: Vec<&String> = patch
        .keys()
        .filter(|k| !matches!(k.as_str(), "id" | "provenance" | "field_provenance"))
        .filter(|k| patch_fields.is_none_or(|f| !f.contains_key(k.as_str())))
        .collect();
    if let Some(Value::Object(fp)) = obj.get_mut("field_provenance") {
        for k in changed {
            if new_entry_provenance {
                fp.remove(k.as_str());
            } else {
                fp.insert(
                    k.clone(),
                    serde_json::json!({
                        "source": "reconstructed",
                        "reason": format!("value from the player's override file {file}")
                    }),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped catalogs load, validate and cross-check.
    #[test]
    fn shipped_catalogs_load() {
        let cat = Catalog::shipped().unwrap();
        assert_eq!(
            (cat.classes.len(), cat.events.len(), cat.map.bases.len()),
            (17, 27, 5)
        );
    }

    /// [4.2.1] [4.2.2] Eleven types (KD.3-KD.6, J.1M-J.3, Kirai-Sen, Types A, B, C) can start in December 1941.
    #[test]
    fn december_1941_choices() {
        let cat = Catalog::shipped().unwrap();
        let n = cat.classes_available(crate::sensuikan::WAR_START).count();
        assert_eq!(n, 11);
        assert_eq!(cat.classes_available(crate::sensuikan::LAST_PATROL).count(), 17);
    }

    /// [9.2] A Junsen or Kaidai replaced after a long refit becomes the latest model of its family.
    #[test]
    fn latest_models() {
        let cat = Catalog::shipped().unwrap();
        let latest = |f, m: &str| {
            cat.latest_model(f, Month::parse(m).unwrap())
                .map(|c| c.id.as_str())
        };
        assert_eq!(latest(ClassFamily::Kaidai, "8/42"), Some("kd6"));
        assert_eq!(latest(ClassFamily::Kaidai, "9/42"), Some("kd7"));
        assert_eq!(latest(ClassFamily::Junsen, "1/44"), Some("j3"));
    }

    /// The catalogue documentation names every area, base, class and event.
    #[test]
    fn the_documentation_names_every_entry() {
        let doc = include_str!("../../../../../docs/sensuikan-catalogs.md");
        let cat = Catalog::shipped().unwrap();
        let ids = cat
            .map
            .areas
            .iter()
            .map(|a| &a.id)
            .chain(cat.map.bases.iter().map(|b| &b.id))
            .chain(cat.map.locations.iter().map(|l| &l.id))
            .chain(cat.classes.iter().map(|c| &c.id))
            .chain(cat.events.iter().map(|e| &e.id));
        for id in ids {
            assert!(
                doc.contains(&format!("`{id}`")),
                "docs/sensuikan-catalogs.md does not name `{id}`"
            );
        }
    }

    /// [7.5] The Europe run adds the route boxes each way and has no on-station box.
    #[test]
    fn europe_track() {
        let cat = Catalog::shipped().unwrap();
        let n = u8::try_from(cat.map.europe_route.boxes.len()).unwrap();
        let t = cat.patrol_track("type_a", "europe").unwrap();
        assert_eq!((t.transit_out, t.on_station, t.transit_back), (1 + n, 0, 1 + n));
    }

    /// Every class keeps at least one on-station box (the mission box) in every area [6.2.2A].
    #[test]
    fn every_class_keeps_a_mission_box_everywhere() {
        let cat = Catalog::shipped().unwrap();
        for c in &cat.classes {
            for a in cat.map.areas.iter().filter(|a| !a.mission_route) {
                assert!(
                    cat.patrol_track(&c.id, &a.id).unwrap().on_station >= 1,
                    "{} {}",
                    c.id,
                    a.id
                );
            }
        }
    }

    #[test]
    fn class_references_are_checked() {
        let bad =
            classes::SHIPPED_CLASSES.replacen("\"start_base\": \"yokosuka\"", "\"start_base\": \"kure\"", 1);
        let errs = Catalog::from_texts(
            CatalogText {
                name: map::SHIPPED_MAP_NAME,
                text: map::SHIPPED_MAP,
            },
            CatalogText {
                name: "cl.json",
                text: &bad,
            },
            CatalogText {
                name: events::SHIPPED_EVENTS_NAME,
                text: events::SHIPPED_EVENTS,
            },
        )
        .unwrap_err();
        assert_eq!(
            (
                errs[0].file.as_str(),
                errs[0].chart.as_str(),
                errs[0].entry.as_str()
            ),
            ("cl.json", "classes", "kd3.start_base")
        );
    }
}
