//! Major Event markers [7.14]: a title, an area, the months the marker is on the map, and on the reverse
//! one to three special missions, taken in order by the first one the submarine can fly.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::common::{Errors, Sources, check_header};
use crate::month::Month;
use crate::{DataError, Provenance};

/// The shipped Major Events, embedded so the engine never reads the disk.
pub const SHIPPED_EVENTS: &str = include_str!("../../../../../../data/sensuikan/events.json");
pub const SHIPPED_EVENTS_NAME: &str = "data/sensuikan/events.json";

/// The kinds of special mission [7.1]-[7.11], plus the "Patrol" entry any submarine can fly [7.14].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionKind {
    /// [7.1] needs aircraft; an aviation map P7-P12.
    Reconnaissance,
    /// [7.2]
    Picket,
    /// [7.3] needs a midget submarine; a harbour map M1-M4.
    MidgetAttack,
    /// [7.4]
    Transport,
    /// [7.5] Type A and Type B only.
    StrategicTransport,
    /// [7.6]
    Evacuation,
    /// [7.7] needs aircraft; an aviation map P7-P12.
    Bombing,
    /// [7.8] needs kaiten; a kaiten map K2-K3.
    KaitenAttack,
    /// [7.9] needs a deck gun.
    CoastalBombardment,
    /// [7.10]
    Minelaying,
    /// [7.11]
    Passenger,
    /// [7.14] any submarine; counts as a special mission.
    Patrol,
}

impl MissionKind {
    /// The map series a mission of this kind is flown on, if any, with its numbers.
    pub fn map_series(self) -> Option<(char, std::ops::RangeInclusive<u8>)> {
        match self {
            MissionKind::MidgetAttack => Some(('M', 1..=4)),
            MissionKind::Reconnaissance | MissionKind::Bombing => Some(('P', 7..=12)),
            MissionKind::KaitenAttack => Some(('K', 2..=3)),
            _ => None,
        }
    }
}

/// One line on a marker's reverse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mission {
    pub kind: MissionKind,
    /// The module map (`M1`, `P7`, `K2`) for midget, aviation and kaiten missions.
    pub map: Option<String>,
    pub provenance: Provenance,
}

/// A Major Event marker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MajorEvent {
    pub id: String,
    pub title: String,
    pub area: String,
    /// Where in the area it happens, if it is a particular place.
    pub location: Option<String>,
    /// First and last month the marker is on the map (inclusive).
    pub from: Month,
    pub to: Month,
    /// The reverse, top to bottom [7.14].
    pub missions: Vec<Mission>,
    pub sources: Sources,
}

impl MajorEvent {
    pub fn active_in(&self, month: Month) -> bool {
        self.from <= month && month <= self.to
    }
}

const EVENT_FIELDS: &[&str] = &["title", "area", "location", "from", "to", "missions"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEventsFile {
    game: String,
    catalog: String,
    events: Vec<RawEvent>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    id: String,
    title: String,
    area: String,
    #[serde(default)]
    location: Option<String>,
    from: Month,
    to: Month,
    missions: Vec<RawMission>,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMission {
    kind: MissionKind,
    #[serde(default)]
    map: Option<String>,
    #[serde(default)]
    provenance: Option<Provenance>,
}

/// Parses and validates an events file on its own; areas and locations are checked by the catalog.
pub(crate) fn parse_events(file: &str, text: &str) -> Result<Vec<MajorEvent>, Vec<DataError>> {
    let raw: RawEventsFile = serde_json::from_str(text).map_err(|e| vec![DataError::parse(file, &e)])?;
    check_header(file, "events", &raw.game, &raw.catalog)?;
    let mut e = Errors::new(file, "events");
    let mut seen = Vec::new();
    let mut events = Vec::new();
    for ev in raw.events {
        let id = ev.id.clone();
        e.id(&id, &mut seen);
        e.text(&id, "title", &ev.title);
        if ev.from > ev.to {
            e.field(
                &id,
                "to",
                format!("the marker ends ({}) before it starts ({})", ev.to, ev.from),
            );
        }
        if ev.from < crate::sensuikan::WAR_START {
            e.field(
                &id,
                "from",
                format!("{} is before the war starts (12/41)", ev.from),
            );
        }
        if ev.to > crate::sensuikan::LAST_PATROL {
            e.field(
                &id,
                "to",
                format!("{} is after the last patrol month (7/45) [5.1.1]", ev.to),
            );
        }
        if !(1..=3).contains(&ev.missions.len()) {
            e.field(
                &id,
                "missions",
                format!(
                    "{} missions; a marker lists one to three [7.14]",
                    ev.missions.len()
                ),
            );
        }
        let default = ev
            .field_provenance
            .get("missions")
            .unwrap_or(&ev.provenance)
            .clone();
        let mut missions = Vec::new();
        for (i, m) in ev.missions.into_iter().enumerate() {
            let field = format!("missions[{i}]");
            match (m.kind.map_series(), &m.map) {
                (Some((series, numbers)), Some(map)) => {
                    let ok = map
                        .strip_prefix(series)
                        .and_then(|n| n.parse::<u8>().ok())
                        .is_some_and(|n| numbers.contains(&n));
                    if !ok {
                        e.field(
                            &id,
                            &field,
                            format!(
                                "map '{map}' is not {series}{}-{series}{} for {:?}",
                                numbers.start(),
                                numbers.end(),
                                m.kind
                            ),
                        );
                    }
                }
                (Some((series, _)), None) => {
                    e.field(&id, &field, format!("{:?} needs its {series} map", m.kind));
                }
                (None, Some(map)) => {
                    e.field(
                        &id,
                        &field,
                        format!("{:?} is not flown on a module map ('{map}')", m.kind),
                    );
                }
                (None, None) => {}
            }
            let provenance = m.provenance.unwrap_or_else(|| default.clone());
            if let Err(msg) = provenance.validate() {
                e.field(&id, &field, msg);
            }
            missions.push(Mission {
                kind: m.kind,
                map: m.map,
                provenance,
            });
        }
        let mut kinds: Vec<MissionKind> = missions.iter().map(|m| m.kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        if kinds.len() != missions.len() {
            e.field(&id, "missions", "a mission kind appears twice on one marker");
        }
        let sources = e.sources(&id, ev.provenance, ev.field_provenance, EVENT_FIELDS);
        events.push(MajorEvent {
            id: ev.id,
            title: ev.title,
            area: ev.area,
            location: ev.location,
            from: ev.from,
            to: ev.to,
            missions,
            sources,
        });
    }
    e.finish(events)
}

#[cfg(test)]
mod tests {
    use super::super::Catalog;
    use super::*;

    fn catalog() -> Catalog {
        Catalog::shipped().unwrap()
    }

    fn month(s: &str) -> Month {
        Month::parse(s).unwrap()
    }

    fn sorted<'a>(it: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
        let mut v: Vec<&str> = it.collect();
        v.sort_unstable();
        v
    }

    fn with_kind(cat: &Catalog, kind: MissionKind) -> Vec<(&str, Option<&str>)> {
        cat.events
            .iter()
            .flat_map(|e| {
                e.missions
                    .iter()
                    .filter(move |m| m.kind == kind)
                    .map(move |m| (e.id.as_str(), m.map.as_deref()))
            })
            .collect()
    }

    /// [7.14] There are 27 Major Event markers, each with one to three special missions on its reverse.
    #[test]
    fn twenty_seven_markers() {
        let cat = catalog();
        assert_eq!(cat.events.len(), 27);
        assert!(cat.events.iter().all(|e| (1..=3).contains(&e.missions.len())));
    }

    /// [7.14] Marker titles named in the text: Pearl Harbor, Indian Ocean, Midway.
    #[test]
    fn titles_named_in_the_text() {
        let cat = catalog();
        for title in ["Pearl Harbor", "Indian Ocean", "Midway"] {
            let e = cat.events.iter().find(|e| e.title == title).unwrap();
            assert!(
                !matches!(e.sources.of("title"), Provenance::Reconstructed { .. }),
                "{title}"
            );
        }
    }

    /// [6.2.1A] A December 1941 start places the Pearl Harbor, Dutch East Indies, Malaya and Philippines
    /// markers, and no other.
    #[test]
    fn december_1941_markers() {
        let cat = catalog();
        assert_eq!(
            sorted(
                cat.active_events(crate::sensuikan::WAR_START)
                    .map(|e| e.area.as_str())
            ),
            ["dei", "malaya", "pearl_harbor", "philippines"]
        );
        for e in cat.active_events(crate::sensuikan::WAR_START) {
            assert_eq!(
                e.sources.of("from"),
                &Provenance::Rule {
                    case: "6.2.1A".into()
                },
                "{}",
                e.id
            );
        }
    }

    /// [12.0] The Pearl Harbor marker's reverse reads Midget Submarine 1 / Reconnaissance 7 / Patrol, and the
    /// Example of Play's A1 "8" in December 1941 finds it active.
    #[test]
    fn pearl_harbor_reverse() {
        let cat = catalog();
        let e = cat.event_in("pearl_harbor", crate::sensuikan::WAR_START).unwrap();
        let reverse: Vec<(MissionKind, Option<&str>)> =
            e.missions.iter().map(|m| (m.kind, m.map.as_deref())).collect();
        assert_eq!(
            reverse,
            [
                (MissionKind::MidgetAttack, Some("M1")),
                (MissionKind::Reconnaissance, Some("P7")),
                (MissionKind::Patrol, None)
            ]
        );
        assert!(
            e.missions
                .iter()
                .all(|m| m.provenance == Provenance::Example { case: "12.0".into() })
        );
    }

    /// [7.16] Four midget attacks: Pearl Harbor (M1), Sydney (M2), Diego Suárez (M3), Guadalcanal (M4).
    #[test]
    fn four_midget_attacks() {
        let cat = catalog();
        let places: Vec<(&str, Option<&str>)> = with_kind(&cat, MissionKind::MidgetAttack)
            .into_iter()
            .map(|(id, map)| {
                let e = cat.event(id).unwrap();
                (e.location.as_deref().unwrap_or(e.area.as_str()), map)
            })
            .collect();
        assert_eq!(
            places,
            [
                ("pearl_harbor", Some("M1")),
                ("sydney", Some("M2")),
                ("diego_suarez", Some("M3")),
                ("guadalcanal", Some("M4"))
            ]
        );
    }

    /// [7.18] Five kaiten events: three against Ulithi (K2) and two in the open sea (K3) near Iwo Jima and
    /// Okinawa.
    #[test]
    fn five_kaiten_events() {
        let cat = catalog();
        let mut places: Vec<(&str, Option<&str>)> = with_kind(&cat, MissionKind::KaitenAttack)
            .into_iter()
            .map(|(id, map)| {
                (
                    cat.event(id).and_then(|e| e.location.as_deref()).unwrap_or(""),
                    map,
                )
            })
            .collect();
        places.sort_unstable();
        assert_eq!(
            places,
            [
                ("iwo_jima", Some("K3")),
                ("okinawa", Some("K3")),
                ("ulithi", Some("K2")),
                ("ulithi", Some("K2")),
                ("ulithi", Some("K2"))
            ]
        );
    }

    /// [7.17 seq 1] Reconnaissance and bombing missions are flown on the aviation maps P7 to P12.
    #[test]
    fn aviation_maps() {
        let cat = catalog();
        let mut maps: Vec<&str> = with_kind(&cat, MissionKind::Reconnaissance)
            .into_iter()
            .chain(with_kind(&cat, MissionKind::Bombing))
            .filter_map(|(_, m)| m)
            .collect();
        maps.sort_unstable();
        assert_eq!(maps, ["P10", "P11", "P12", "P7", "P8", "P9"]);
    }

    /// [7.7] Bombing missions go to the US West Coast (Oregon forests) or the Panama Canal.
    /// [7.9] Coastal bombardment is off the US West Coast. [7.6] Evacuation is from the Aleutians.
    /// [7.5] Strategic transport goes to Europe. [7.11] Passengers go to New Guinea or India.
    /// [7.4] Transport includes Guadalcanal and New Guinea.
    #[test]
    fn missions_happen_where_the_rules_place_them() {
        let cat = catalog();
        let areas = |kind| {
            sorted(
                with_kind(&cat, kind)
                    .into_iter()
                    .filter_map(|(id, _)| cat.event(id).map(|e| e.area.as_str())),
            )
        };
        let mut bombing = areas(MissionKind::Bombing);
        bombing.dedup();
        assert_eq!(bombing, ["panama", "us_west_coast"]);
        assert!(
            areas(MissionKind::CoastalBombardment)
                .iter()
                .all(|a| *a == "us_west_coast")
        );
        assert!(areas(MissionKind::Evacuation).iter().all(|a| *a == "aleutians"));
        assert!(
            areas(MissionKind::StrategicTransport)
                .iter()
                .all(|a| *a == "europe")
        );
        for (id, _) in with_kind(&cat, MissionKind::Passenger) {
            let e = cat.event(id).unwrap();
            assert!(
                e.area == "new_guinea" || e.location.as_deref() == Some("india"),
                "{id}"
            );
        }
        let transport = areas(MissionKind::Transport);
        assert!(transport.contains(&"solomons") && transport.contains(&"new_guinea"));
    }

    /// [5.1.1] No marker is active after July 1945; [7.14] an area holds at most one active marker, so the
    /// assignment's mission is never ambiguous.
    #[test]
    fn markers_fit_the_war_and_never_overlap() {
        let cat = catalog();
        let mut m = crate::sensuikan::WAR_START;
        while m <= crate::sensuikan::LAST_PATROL {
            for a in &cat.map.areas {
                assert!(
                    cat.events
                        .iter()
                        .filter(|e| e.area == a.id && e.active_in(m))
                        .count()
                        <= 1
                );
            }
            m = m.plus(1);
        }
        assert!(cat.events.iter().all(|e| e.to <= crate::sensuikan::LAST_PATROL));
        assert_eq!(
            cat.event_in("central_pacific", month("11/44"))
                .map(|e| e.id.as_str()),
            Some("ulithi_kikusui")
        );
        assert!(cat.event_in("central_pacific", month("1/43")).is_none());
    }

    #[test]
    fn every_mission_and_event_has_a_provenance() {
        for e in &catalog().events {
            assert!(e.sources.entry.validate().is_ok(), "{}", e.id);
            assert!(
                e.missions.iter().all(|m| m.provenance.validate().is_ok()),
                "{}",
                e.id
            );
        }
    }

    #[test]
    fn malformed_events_are_refused_naming_file_event_and_field() {
        let bad = SHIPPED_EVENTS.replacen("\"map\": \"M2\"", "\"map\": \"M5\"", 1);
        let errs = parse_events("ev.json", &bad).unwrap_err();
        assert_eq!(
            (
                errs[0].file.as_str(),
                errs[0].chart.as_str(),
                errs[0].entry.as_str()
            ),
            ("ev.json", "events", "sydney_harbour.missions[0]")
        );

        let bad = SHIPPED_EVENTS.replacen("\"to\": \"3/42\"", "\"to\": \"11/41\"", 1);
        let errs = parse_events("ev.json", &bad).unwrap_err();
        assert_eq!(errs[0].entry, "dutch_east_indies.to");

        let bad = SHIPPED_EVENTS.replacen(
            "{\"kind\": \"minelaying\"}",
            "{\"kind\": \"minelaying\", \"map\": \"P7\"}",
            1,
        );
        let errs = parse_events("ev.json", &bad).unwrap_err();
        assert_eq!(errs[0].entry, "dutch_east_indies.missions[0]");

        let bad = SHIPPED_EVENTS.replacen("\"kind\": \"picket\"", "\"kind\": \"raid\"", 1);
        let errs = parse_events("ev.json", &bad).unwrap_err();
        assert!(errs[0].message.contains("unknown variant `raid`"), "{errs:?}");

        let t = |name, text| super::super::CatalogText { name, text };
        let bad = SHIPPED_EVENTS.replacen("\"area\": \"malaya\"", "\"area\": \"borneo\"", 1);
        let errs = Catalog::from_texts(
            t(
                super::super::map::SHIPPED_MAP_NAME,
                super::super::map::SHIPPED_MAP,
            ),
            t(
                super::super::classes::SHIPPED_CLASSES_NAME,
                super::super::classes::SHIPPED_CLASSES,
            ),
            t("ev.json", &bad),
        )
        .unwrap_err();
        assert_eq!(
            (errs[0].file.as_str(), errs[0].entry.as_str()),
            ("ev.json", "malaya.area")
        );

        let bad = SHIPPED_EVENTS.replacen("\"from\": \"4/45\"", "\"from\": \"3/45\"", 1);
        let errs = Catalog::from_texts(
            t(
                super::super::map::SHIPPED_MAP_NAME,
                super::super::map::SHIPPED_MAP,
            ),
            t(
                super::super::classes::SHIPPED_CLASSES_NAME,
                super::super::classes::SHIPPED_CLASSES,
            ),
            t("ev.json", &bad),
        )
        .unwrap_err();
        assert_eq!(errs[0].entry, "ulithi_third.from");
        assert!(errs[0].message.contains("overlaps 'iwo_jima'"), "{errs:?}");
    }
}
