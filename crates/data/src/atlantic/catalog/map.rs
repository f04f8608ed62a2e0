//! `map.json`: the Operations Map: the two bases [3.1], the ocean meeting points [4.7], the one track
//! of six travel boxes crossed either way [6.1], the two routes and the kinds of air support [7.2.1].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::reader::{FileReader, label, unique};
use crate::atlantic::cases::CaseIds;
use crate::read::Cx;
use crate::{DataError, Provenance};

pub const SHIPPED: &str = include_str!("../../../../../data/atlantic/map.json");
pub const FILE: &str = "data/atlantic/map.json";

type FieldProvenance = BTreeMap<String, Provenance>;

/// Londonderry or St. John's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Base {
    pub id: String,
    pub name: String,
    pub place: String,
    /// Where the group picks up its convoy [4.7.1] [4.7.2].
    pub meeting_point: String,
    /// A1a at Londonderry, A1b at St. John's [6.1].
    pub assignment_chart: String,
    /// The route its convoys take.
    pub sails: String,
    /// Where the group refits after the crossing [4.7.1] [4.7.2].
    pub refits_next_at: String,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// WESTOMP or EASTOMP [4.7].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeetingPoint {
    pub id: String,
    pub name: String,
    pub base: String,
    pub provenance: Provenance,
}

/// A travel box of the Operations Map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TravelBox {
    pub id: String,
    pub name: String,
    /// Its place on the track, 1 in the west to 6 in the east.
    pub west_to_east: u8,
    /// One of the two shaded boxes [6.1 2A].
    pub air_gap: bool,
    /// Marked C: the only boxes where a Condor is met [7.2.1] [7.2.7].
    pub condor_range: bool,
    /// Long-range air works here: every box but the air gap [7.2.1].
    pub long_range_air: bool,
    pub long_range_air_from: Option<String>,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// A crossing: its meeting points and its six boxes in the order sailed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Route {
    pub id: String,
    pub from: String,
    pub to: String,
    pub boxes: Vec<String>,
    pub provenance: Provenance,
}

/// Where a kind of air support can work [7.2.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorksIn {
    Any,
    NotAirGap,
    CondorRange,
}

/// Long-range air, a CVE or a CAM ship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AirSupport {
    pub id: String,
    pub name: String,
    pub works_in: WorksIn,
    /// Drives off a Condor [7.2.7].
    pub drives_off_condor: bool,
    /// Attacks a boat at the start of a day cycle [7.2.1] [7.2.2].
    pub attacks_uboats: bool,
    /// Uses a mission (the CAM ship's once [4.5]); none for unlimited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uses: Option<u8>,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

impl AirSupport {
    /// Whether it works in `b`.
    pub fn works_in(&self, b: &TravelBox) -> bool {
        match self.works_in {
            WorksIn::Any => true,
            WorksIn::NotAirGap => !b.air_gap,
            WorksIn::CondorRange => b.condor_range,
        }
    }
}

/// The validated `map.json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtlanticMap {
    pub notes: Vec<String>,
    pub bases: Vec<Base>,
    pub meeting_points: Vec<MeetingPoint>,
    /// West to east.
    pub travel_boxes: Vec<TravelBox>,
    pub routes: Vec<Route>,
    pub air_support: Vec<AirSupport>,
}

impl AtlanticMap {
    pub fn shipped(cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        Self::parse(FILE, SHIPPED, cases)
    }

    pub fn parse(file: &str, text: &str, cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        let mut r = FileReader::new(file, text, "map")?;
        let m = AtlanticMap {
            notes: r.notes(),
            bases: r.list("bases"),
            meeting_points: r.list("meeting_points"),
            travel_boxes: r.list("travel_boxes"),
            routes: r.list("routes"),
            air_support: r.list("air_support"),
        };
        m.check(&mut r);
        let errors = r.finish(cases);
        if errors.is_empty() { Ok(m) } else { Err(errors) }
    }

    fn check(&self, r: &mut FileReader) {
        let mut cx = r.cx("bases");
        unique(&mut cx, "bases", self.bases.iter().map(|b| b.id.as_str()));
        for (i, b) in self.bases.iter().enumerate() {
            let at = label("bases", i, &b.id);
            match self.meeting_point(&b.meeting_point) {
                None => cx.err(
                    &format!("{at}, field meeting_point"),
                    format!("no meeting point '{}'", b.meeting_point),
                ),
                Some(p) if p.base != b.id => cx.err(
                    &format!("{at}, field meeting_point"),
                    format!("'{}' belongs to '{}'", p.id, p.base),
                ),
                Some(_) => {}
            }
            match self.route(&b.sails) {
                None => cx.err(&format!("{at}, field sails"), format!("no route '{}'", b.sails)),
                Some(route) if route.from != b.meeting_point => cx.err(
                    &format!("{at}, field sails"),
                    format!(
                        "'{}' starts at '{}', not at the base's '{}'",
                        route.id, route.from, b.meeting_point
                    ),
                ),
                Some(_) => {}
            }
            match self.base(&b.refits_next_at) {
                None => cx.err(
                    &format!("{at}, field refits_next_at"),
                    format!("no base '{}'", b.refits_next_at),
                ),
                Some(other) if other.id == b.id => cx.err(
                    &format!("{at}, field refits_next_at"),
                    "a group refits at the other base after its crossing [4.7.1] [4.7.2]",
                ),
                Some(_) => {}
            }
        }
        r.absorb(cx);

        let mut cx = r.cx("meeting_points");
        unique(
            &mut cx,
            "meeting_points",
            self.meeting_points.iter().map(|p| p.id.as_str()),
        );
        for (i, p) in self.meeting_points.iter().enumerate() {
            if self.base(&p.base).is_none() {
                cx.err(
                    &format!("{}, field base", label("meeting_points", i, &p.id)),
                    format!("no base '{}'", p.base),
                );
            }
        }
        r.absorb(cx);

        let mut cx = r.cx("travel_boxes");
        unique(
            &mut cx,
            "travel_boxes",
            self.travel_boxes.iter().map(|b| b.id.as_str()),
        );
        for (i, b) in self.travel_boxes.iter().enumerate() {
            let at = label("travel_boxes", i, &b.id);
            if usize::from(b.west_to_east) != i + 1 {
                cx.err(
                    &format!("{at}, field west_to_east"),
                    format!(
                        "the boxes are listed west to east and numbered 1 to {} [6.1]",
                        self.travel_boxes.len()
                    ),
                );
            }
            if b.long_range_air == b.air_gap {
                cx.err(
                    &format!("{at}, field long_range_air"),
                    "long-range air works in every box but the air gap [7.2.1]",
                );
            }
        }
        r.absorb(cx);

        let mut cx = r.cx("routes");
        unique(&mut cx, "routes", self.routes.iter().map(|b| b.id.as_str()));
        for (i, route) in self.routes.iter().enumerate() {
            self.check_route(&mut cx, &label("routes", i, &route.id), route);
        }
        r.absorb(cx);

        let mut cx = r.cx("air_support");
        unique(
            &mut cx,
            "air_support",
            self.air_support.iter().map(|a| a.id.as_str()),
        );
        r.absorb(cx);
    }

    /// A route joins two meeting points and sails the whole track one way.
    fn check_route(&self, cx: &mut Cx, at: &str, route: &Route) {
        for (field, id) in [("from", &route.from), ("to", &route.to)] {
            if self.meeting_point(id).is_none() {
                cx.err(
                    &format!("{at}, field {field}"),
                    format!("no meeting point '{id}'"),
                );
            }
        }
        let east: Vec<&str> = self.travel_boxes.iter().map(|b| b.id.as_str()).collect();
        let west: Vec<&str> = east.iter().rev().copied().collect();
        let sailed: Vec<&str> = route.boxes.iter().map(String::as_str).collect();
        for (j, b) in sailed.iter().enumerate() {
            if self.travel_box(b).is_none() {
                cx.err(&format!("{at}, field boxes.{j}"), format!("no travel box '{b}'"));
            }
        }
        if sailed != east && sailed != west {
            cx.err(
                &format!("{at}, field boxes"),
                format!(
                    "a route sails every travel box once, west to east or east to west [6.1]: {}",
                    east.join(", ")
                ),
            );
        }
    }

    pub fn base(&self, id: &str) -> Option<&Base> {
        self.bases.iter().find(|b| b.id == id)
    }

    pub fn meeting_point(&self, id: &str) -> Option<&MeetingPoint> {
        self.meeting_points.iter().find(|p| p.id == id)
    }

    pub fn travel_box(&self, id: &str) -> Option<&TravelBox> {
        self.travel_boxes.iter().find(|b| b.id == id)
    }

    pub fn route(&self, id: &str) -> Option<&Route> {
        self.routes.iter().find(|r| r.id == id)
    }

    pub fn air(&self, id: &str) -> Option<&AirSupport> {
        self.air_support.iter().find(|a| a.id == id)
    }

    /// The travel boxes of a route, in the order sailed.
    pub fn boxes_of(&self, route: &str) -> Vec<&TravelBox> {
        self.route(route)
            .map(|r| r.boxes.iter().filter_map(|b| self.travel_box(b)).collect())
            .unwrap_or_default()
    }
}
