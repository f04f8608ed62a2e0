//! The operations map: patrol areas (with their extra transit boxes and target sub-lists), the places where
//! Major Events happen, the Indian Ocean route to Europe, and the five operations bases [4.7].

use std::collections::BTreeMap;

use serde::Deserialize;

use super::common::{Errors, Sources, check_header};
use crate::month::Month;
use crate::{DataError, Provenance};

/// The shipped map, embedded so the engine never reads the disk.
pub const SHIPPED_MAP: &str = include_str!("../../../../../../data/sensuikan/map.json");
pub const SHIPPED_MAP_NAME: &str = "data/sensuikan/map.json";

/// The area ids other data (the A1 and A3 charts) relies on; a map file must define every one.
pub const REQUIRED_AREAS: [&str; 14] = [
    "pearl_harbor",
    "us_west_coast",
    "aleutians",
    "australia",
    "new_guinea",
    "solomons",
    "philippines",
    "dei",
    "malaya",
    "indochina",
    "indian_ocean",
    "panama",
    "europe",
    "central_pacific",
];

/// The five bases of [4.7].
pub const BASES: [&str; 5] = ["yokosuka", "paramushiro", "truk", "new_guinea", "dei"];

/// Extra map transit boxes an area adds to a patrol, before and after the area [6.2.2A].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraTransit {
    pub outbound: u8,
    pub homebound: u8,
}

impl ExtraTransit {
    pub fn total(self) -> u8 {
        self.outbound.saturating_add(self.homebound)
    }
}

/// A patrol area of the operations map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    pub id: String,
    pub name: String,
    /// A long-transit area with extra map transit boxes [6.2.2A].
    pub distant: bool,
    /// The extra boxes; they replace on-station boxes of the control sheet's track [6.2.2A].
    pub extra_transit: ExtraTransit,
    /// Capital ships on T4's British sub-list and warships on T5 [8.1.4] [8.1.5].
    pub british_sublists: bool,
    /// A patrol here first re-bases the submarine to this base [4.7.2].
    pub requires_base: Option<String>,
    /// The patrol follows the map route (the Indian Ocean boxes to Europe) instead of the control sheet's
    /// track [7.5].
    pub mission_route: bool,
    pub sources: Sources,
}

/// A place where a Major Event happens, inside one patrol area (Sydney, Ulithi, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub id: String,
    pub name: String,
    pub area: String,
    pub sources: Sources,
}

/// The Indian Ocean transit boxes toward Europe for the strategic transport mission [7.5].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EuropeRoute {
    pub boxes: Vec<String>,
    pub months_each_way: u8,
    pub sources: Sources,
}

/// What happens when a base stops serving.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaseClosure {
    /// The first month in which the base no longer serves.
    pub at: Month,
    /// Where its submarines move.
    pub rebase_to: String,
    /// A submarine in refit there when the base closes is lost [4.7.3].
    pub lost_if_in_refit: bool,
    /// Months lost travelling to the new base or the new submarine.
    pub travel_months: u8,
}

/// An operations base [4.7].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Base {
    pub id: String,
    pub name: String,
    /// The ports the base stands for (Rabaul and Shortland for New Guinea, ...).
    pub places: Vec<String>,
    /// Every new career starts here [4.7.1].
    pub start_base: bool,
    /// Replacement submarines are collected here [4.7.3] [4.7.6].
    pub replacement_base: bool,
    /// Air raids are rolled here during refit from [`SensuikanMap::air_raids_from`] [4.7.6].
    pub air_raids: bool,
    /// Every patrol from this base goes to this area while the base serves [4.7.2].
    pub patrols_restricted_to: Option<String>,
    pub closes: Option<BaseClosure>,
    pub sources: Sources,
}

impl Base {
    /// Whether the base still serves in `month`.
    pub fn serves_in(&self, month: Month) -> bool {
        self.closes.as_ref().is_none_or(|c| month < c.at)
    }
}

/// The validated operations map and bases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SensuikanMap {
    pub areas: Vec<Area>,
    pub locations: Vec<Location>,
    pub europe_route: EuropeRoute,
    pub bases: Vec<Base>,
    /// Air raids on ports during refit start this month [4.7.6].
    pub air_raids_from: Month,
    pub air_raids_provenance: Provenance,
}

impl SensuikanMap {
    /// Parses and validates a map file; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self, Vec<DataError>> {
        let raw: RawMap = serde_json::from_str(text).map_err(|e| vec![DataError::parse(file, &e)])?;
        raw.validate(file)
    }

    pub fn area(&self, id: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.id == id)
    }

    pub fn base(&self, id: &str) -> Option<&Base> {
        self.bases.iter().find(|b| b.id == id)
    }

    pub fn location(&self, id: &str) -> Option<&Location> {
        self.locations.iter().find(|l| l.id == id)
    }

    /// The base every career starts from [4.7.1].
    pub fn start_base(&self) -> Option<&Base> {
        self.bases.iter().find(|b| b.start_base)
    }
}

const AREA_FIELDS: &[&str] = &[
    "name",
    "distant",
    "extra_transit",
    "british_sublists",
    "requires_base",
    "mission_route",
];
const LOCATION_FIELDS: &[&str] = &["name", "area"];
const ROUTE_FIELDS: &[&str] = &["boxes", "months_each_way"];
const BASE_FIELDS: &[&str] = &[
    "name",
    "places",
    "start_base",
    "replacement_base",
    "air_raids",
    "patrols_restricted_to",
    "closes",
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    game: String,
    catalog: String,
    areas: Vec<RawArea>,
    europe_route: RawRoute,
    locations: Vec<RawLocation>,
    bases: Vec<RawBase>,
    air_raids: RawAirRaids,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArea {
    id: String,
    name: String,
    distant: bool,
    extra_transit: ExtraTransit,
    british_sublists: bool,
    requires_base: Option<String>,
    mission_route: bool,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLocation {
    id: String,
    name: String,
    area: String,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoute {
    boxes: Vec<String>,
    months_each_way: u8,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBase {
    id: String,
    name: String,
    places: Vec<String>,
    start_base: bool,
    replacement_base: bool,
    air_raids: bool,
    patrols_restricted_to: Option<String>,
    closes: Option<BaseClosure>,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAirRaids {
    from: Month,
    provenance: Provenance,
}

impl RawMap {
    fn validate(self, file: &str) -> Result<SensuikanMap, Vec<DataError>> {
        check_header(file, "map", &self.game, &self.catalog)?;
        let base_ids: Vec<String> = self.bases.iter().map(|b| b.id.clone()).collect();

        let mut e = Errors::new(file, "areas");
        let areas = validate_areas(&mut e, self.areas, &base_ids);
        let area_ids: Vec<&str> = areas.iter().map(|a| a.id.as_str()).collect();

        let mut le = Errors::new(file, "locations");
        let locations = validate_locations(&mut le, self.locations, &area_ids);

        let mut re = Errors::new(file, "europe_route");
        let europe_route = validate_route(&mut re, &mut e, self.europe_route, &areas);

        let mut be = Errors::new(file, "bases");
        let bases = validate_bases(&mut be, self.bases, &base_ids, &area_ids);
        check_base_roles(&mut be, &bases, &self.air_raids);

        let mut list = e.list;
        list.extend(le.list);
        list.extend(re.list);
        list.extend(be.list);
        if !list.is_empty() {
            return Err(list);
        }
        Ok(SensuikanMap {
            areas,
            locations,
            europe_route,
            bases,
            air_raids_from: self.air_raids.from,
            air_raids_provenance: self.air_raids.provenance,
        })
    }
}

/// The operation areas, each on its own: distant areas and their extra transit boxes [6.2.2A], the
/// base an area requires; then the areas the charts refer to.
fn validate_areas(e: &mut Errors, raw: Vec<RawArea>, base_ids: &[String]) -> Vec<Area> {
    let mut seen = Vec::new();
    let mut areas = Vec::new();
    for a in raw {
        let id = a.id.clone();
        e.id(&id, &mut seen);
        e.text(&id, "name", &a.name);
        let x = a.extra_transit;
        if !a.distant && x.total() > 0 {
            e.field(
                &id,
                "extra_transit",
                "only distant areas have extra transit boxes [6.2.2A]",
            );
        }
        if a.distant && x.total() == 0 {
            e.field(
                &id,
                "extra_transit",
                "a distant area adds at least one transit box [6.2.2A]",
            );
        }
        if !a.mission_route && x.outbound != x.homebound && x.outbound != x.homebound.saturating_add(1) {
            e.field(
                &id,
                "extra_transit",
                format!(
                    "{}+{} is not split evenly; an odd box goes outbound [6.2.2A]",
                    x.outbound, x.homebound
                ),
            );
        }
        if let Some(b) = &a.requires_base
            && !base_ids.contains(b)
        {
            e.field(&id, "requires_base", format!("no base '{b}' in this file"));
        }
        let sources = e.sources(&id, a.provenance, a.field_provenance, AREA_FIELDS);
        areas.push(Area {
            id: a.id,
            name: a.name,
            distant: a.distant,
            extra_transit: x,
            british_sublists: a.british_sublists,
            requires_base: a.requires_base,
            mission_route: a.mission_route,
            sources,
        });
    }
    for required in REQUIRED_AREAS {
        if !areas.iter().any(|a| a.id == required) {
            e.entry(required, "this area is missing; the charts refer to it");
        }
    }
    areas
}

/// The locations, each in an area of the file.
fn validate_locations(le: &mut Errors, raw: Vec<RawLocation>, area_ids: &[&str]) -> Vec<Location> {
    let mut seen = Vec::new();
    let mut locations = Vec::new();
    for l in raw {
        let id = l.id.clone();
        le.id(&id, &mut seen);
        le.text(&id, "name", &l.name);
        if !area_ids.contains(&l.area.as_str()) {
            le.field(&id, "area", format!("no area '{}' in this file", l.area));
        }
        let sources = le.sources(&id, l.provenance, l.field_provenance, LOCATION_FIELDS);
        locations.push(Location {
            id: l.id,
            name: l.name,
            area: l.area,
            sources,
        });
    }
    locations
}

/// The route to Europe: named boxes, months each way, and the route areas' extra transit, which must
/// match it (an area's mistake, written to the areas' list `e`).
fn validate_route(re: &mut Errors, e: &mut Errors, r: RawRoute, areas: &[Area]) -> EuropeRoute {
    if r.boxes.is_empty() || r.boxes.iter().any(|b| b.trim().is_empty()) {
        re.field("europe", "boxes", "the route needs named boxes");
    }
    if r.months_each_way == 0 {
        re.field("europe", "months_each_way", "must be at least 1");
    }
    for a in areas.iter().filter(|a| a.mission_route) {
        let n = r.boxes.len();
        if usize::from(a.extra_transit.outbound) != n || usize::from(a.extra_transit.homebound) != n {
            e.field(
                &a.id,
                "extra_transit",
                format!("a route area's extra transit must equal the {n} route boxes each way"),
            );
        }
    }
    let route_sources = re.sources("europe", r.provenance, r.field_provenance, ROUTE_FIELDS);
    EuropeRoute {
        boxes: r.boxes,
        months_each_way: r.months_each_way,
        sources: route_sources,
    }
}

/// The bases, each on its own: its ports, the area its patrols are restricted to, its closing [4.7].
fn validate_bases(be: &mut Errors, raw: Vec<RawBase>, base_ids: &[String], area_ids: &[&str]) -> Vec<Base> {
    let mut seen = Vec::new();
    let mut bases = Vec::new();
    for b in raw {
        let id = b.id.clone();
        be.id(&id, &mut seen);
        be.text(&id, "name", &b.name);
        if b.places.is_empty() || b.places.iter().any(|p| p.trim().is_empty()) {
            be.field(&id, "places", "a base names at least one port");
        }
        if let Some(a) = &b.patrols_restricted_to
            && !area_ids.contains(&a.as_str())
        {
            be.field(
                &id,
                "patrols_restricted_to",
                format!("no area '{a}' in this file"),
            );
        }
        if let Some(c) = &b.closes {
            if !base_ids.contains(&c.rebase_to) {
                be.field(&id, "closes", format!("no base '{}' to re-base to", c.rebase_to));
            } else if c.rebase_to == b.id {
                be.field(&id, "closes", "a closing base cannot re-base to itself");
            }
            if c.at <= crate::sensuikan::WAR_START || c.at > crate::sensuikan::LAST_PATROL {
                be.field(
                    &id,
                    "closes",
                    format!("closing month {} is outside 1/42-7/45", c.at),
                );
            }
        }
        let sources = be.sources(&id, b.provenance, b.field_provenance, BASE_FIELDS);
        bases.push(Base {
            id: b.id,
            name: b.name,
            places: b.places,
            start_base: b.start_base,
            replacement_base: b.replacement_base,
            air_raids: b.air_raids,
            patrols_restricted_to: b.patrols_restricted_to,
            closes: b.closes,
            sources,
        });
    }
    bases
}

/// The five bases of [4.7], exactly one start and one replacement base, neither of which closes, and
/// the air raids' provenance.
fn check_base_roles(be: &mut Errors, bases: &[Base], air_raids: &RawAirRaids) {
    for required in BASES {
        if !bases.iter().any(|b| b.id == required) {
            be.entry(required, "this base is missing; there are five bases [4.7]");
        }
    }
    if let Some(extra) = bases.iter().find(|b| !BASES.contains(&b.id.as_str())) {
        be.entry(&extra.id, "unknown base; the bases are those of 4.7");
    }
    for (flag, what) in [(0, "start_base"), (1, "replacement_base")] {
        let n = bases
            .iter()
            .filter(|b| {
                if flag == 0 {
                    b.start_base
                } else {
                    b.replacement_base
                }
            })
            .count();
        if n != 1 {
            be.entry("", format!("exactly one base must be the {what}, found {n}"));
        }
    }
    for b in bases {
        if b.closes.is_some() && (b.start_base || b.replacement_base) {
            be.field(&b.id, "closes", "the start and replacement base cannot close");
        }
    }
    if let Err(m) = air_raids.provenance.validate() {
        be.field("air_raids", "provenance", m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> SensuikanMap {
        SensuikanMap::parse(SHIPPED_MAP_NAME, SHIPPED_MAP).unwrap()
    }

    fn month(s: &str) -> Month {
        Month::parse(s).unwrap()
    }

    fn ids<'a>(it: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
        let mut v: Vec<&str> = it.collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn shipped_map_validates_and_defines_the_required_areas() {
        let m = map();
        for id in REQUIRED_AREAS {
            assert!(m.area(id).is_some(), "{id}");
        }
        assert_eq!(m.areas.len(), 14);
    }

    /// [4.7] There are five bases: Yokosuka, Paramushiro, Truk, New Guinea and the DEI.
    #[test]
    fn five_bases() {
        assert_eq!(
            ids(map().bases.iter().map(|b| b.id.as_str())),
            ids(BASES.into_iter())
        );
    }

    /// [4.7.1] Every initial submarine starts at Yokosuka.
    #[test]
    fn careers_start_at_yokosuka() {
        let m = map();
        assert_eq!(m.start_base().map(|b| b.id.as_str()), Some("yokosuka"));
        assert_eq!(
            m.base("yokosuka").map(|b| &b.sources.entry),
            Some(&Provenance::Rule { case: "4.7.1".into() })
        );
    }

    /// [4.7.2] An Aleutians patrol re-bases to Paramushiro; patrols from there go to the Aleutians until 7/43,
    /// when the base's submarines move to Truk.
    #[test]
    fn paramushiro_serves_the_aleutians_until_july_1943() {
        let m = map();
        assert_eq!(
            m.area("aleutians").and_then(|a| a.requires_base.as_deref()),
            Some("paramushiro")
        );
        let p = m.base("paramushiro").unwrap();
        assert_eq!(p.patrols_restricted_to.as_deref(), Some("aleutians"));
        let c = p.closes.as_ref().unwrap();
        assert_eq!(
            (c.at, c.rebase_to.as_str(), c.lost_if_in_refit),
            (month("7/43"), "truk", false)
        );
        assert!(p.serves_in(month("6/43")));
        assert!(!p.serves_in(month("7/43")));
    }

    /// [4.7.3] Truk stops serving in 3/44: its submarines re-base to Yokosuka, and one in refit there is lost,
    /// with a month spent travelling to Yokosuka.
    #[test]
    fn truk_closes_in_march_1944() {
        let t = map().base("truk").cloned().unwrap();
        let c = t.closes.clone().unwrap();
        assert_eq!(
            (c.at, c.rebase_to.as_str(), c.lost_if_in_refit, c.travel_months),
            (month("3/44"), "yokosuka", true, 1)
        );
        assert!(t.serves_in(month("2/44")));
        assert!(!t.serves_in(month("3/44")));
    }

    /// [4.7.4] New Guinea stands for Rabaul and Shortland and serves to the end of the war.
    /// [4.7.5] The DEI base stands for Singapore, Penang and Sabang.
    #[test]
    fn new_guinea_and_dei_bases() {
        let m = map();
        let ng = m.base("new_guinea").unwrap();
        assert_eq!(ng.places, ["Rabaul", "Shortland"]);
        assert!(ng.closes.is_none() && ng.serves_in(crate::sensuikan::LAST_PATROL));
        assert_eq!(m.base("dei").unwrap().places, ["Singapore", "Penang", "Sabang"]);
    }

    /// [4.7.6] From January 1944 refits risk air raids in every port except Paramushiro.
    #[test]
    fn air_raids_everywhere_but_paramushiro_from_1944() {
        let m = map();
        assert_eq!(m.air_raids_from, month("1/44"));
        assert_eq!(m.air_raids_provenance, Provenance::Rule { case: "4.7.6".into() });
        for b in &m.bases {
            assert_eq!(b.air_raids, b.id != "paramushiro", "{}", b.id);
        }
    }

    /// [6.2.2A] The distant areas are Pearl Harbor, the US West Coast, Australia, the Panama Canal and Europe.
    #[test]
    fn distant_areas() {
        let m = map();
        assert_eq!(
            ids(m.areas.iter().filter(|a| a.distant).map(|a| a.id.as_str())),
            ids(["pearl_harbor", "us_west_coast", "australia", "panama", "europe"].into_iter())
        );
    }

    /// [6.2.2A example] Pearl Harbor adds 2 boxes (1 out, 1 back), the US West Coast 3 (2 out, 1 back), the
    /// DEI none.
    #[test]
    fn stated_extra_transit_boxes() {
        let m = map();
        let x = |id: &str| {
            m.area(id)
                .map(|a| (a.extra_transit.outbound, a.extra_transit.homebound))
        };
        assert_eq!(x("pearl_harbor"), Some((1, 1)));
        assert_eq!(x("us_west_coast"), Some((2, 1)));
        assert_eq!(x("dei"), Some((0, 0)));
        for id in ["pearl_harbor", "us_west_coast", "dei"] {
            let a = m.area(id).unwrap();
            assert!(
                !matches!(a.sources.of("extra_transit"), Provenance::Reconstructed { .. }),
                "{id}"
            );
        }
    }

    /// [8.1.4] [8.1.5] The British sub-lists of T4 and T5 serve the DEI, Malaya, Indochina and the Indian Ocean.
    #[test]
    fn british_sublist_areas() {
        let m = map();
        assert_eq!(
            ids(m
                .areas
                .iter()
                .filter(|a| a.british_sublists)
                .map(|a| a.id.as_str())),
            ids(["dei", "malaya", "indochina", "indian_ocean"].into_iter())
        );
    }

    /// [7.5] The Europe mission follows the Indian Ocean transit boxes, three months each way.
    #[test]
    fn europe_route() {
        let m = map();
        assert_eq!(m.europe_route.months_each_way, 3);
        assert_eq!(
            m.europe_route.sources.of("months_each_way"),
            &Provenance::Rule { case: "7.5".into() }
        );
        let europe = m.area("europe").unwrap();
        assert!(europe.mission_route);
        assert_eq!(
            usize::from(europe.extra_transit.outbound),
            m.europe_route.boxes.len()
        );
    }

    #[test]
    fn every_location_is_in_an_area() {
        let m = map();
        for l in &m.locations {
            assert!(m.area(&l.area).is_some(), "{}", l.id);
        }
        for id in [
            "sydney",
            "diego_suarez",
            "india",
            "guadalcanal",
            "ulithi",
            "iwo_jima",
            "okinawa",
        ] {
            assert!(m.location(id).is_some(), "{id}");
        }
    }

    #[test]
    fn malformed_maps_are_refused_naming_file_entry_and_field() {
        let bad = SHIPPED_MAP.replacen(
            "\"extra_transit\": { \"outbound\": 2, \"homebound\": 1 }",
            "\"extra_transit\": { \"outbound\": 1, \"homebound\": 2 }",
            1,
        );
        let errs = SensuikanMap::parse("my-map.json", &bad).unwrap_err();
        let e = &errs[0];
        assert_eq!(
            (e.file.as_str(), e.chart.as_str(), e.entry.as_str()),
            ("my-map.json", "areas", "us_west_coast.extra_transit")
        );

        let bad = SHIPPED_MAP.replacen(
            "\"requires_base\": \"paramushiro\"",
            "\"requires_base\": \"kure\"",
            1,
        );
        let errs = SensuikanMap::parse("m.json", &bad).unwrap_err();
        assert!(
            errs.iter().any(|e| e.entry == "aleutians.requires_base"),
            "{errs:?}"
        );

        let bad = SHIPPED_MAP.replacen("\"id\": \"solomons\"", "\"id\": \"Solomons\"", 1);
        let errs = SensuikanMap::parse("m.json", &bad).unwrap_err();
        assert!(errs.iter().any(|e| e.entry == "Solomons.id"), "{errs:?}");
        assert!(
            errs.iter()
                .any(|e| e.entry == "solomons" && e.message.contains("missing")),
            "{errs:?}"
        );

        let bad = SHIPPED_MAP.replacen("\"at\": \"3/44\"", "\"at\": \"13/44\"", 1);
        let errs = SensuikanMap::parse("m.json", &bad).unwrap_err();
        assert!(errs[0].message.contains("13/44"), "{errs:?}");

        let bad = SHIPPED_MAP.replacen("\"distant\": true,", "\"distant\": true, \"far\": 1,", 1);
        let errs = SensuikanMap::parse("m.json", &bad).unwrap_err();
        assert!(errs[0].message.contains("unknown field `far`"), "{errs:?}");
    }
}
