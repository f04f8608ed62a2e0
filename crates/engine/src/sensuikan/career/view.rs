//! What a player sees of the career.

use serde::Serialize;

use super::{Career, CareerEnd, LogRow, Phase};
use crate::sensuikan::{CrewSetup, PatrolView};

#[derive(Debug, Clone, Serialize)]
pub struct CareerView {
    pub class: String,
    pub hull_number: String,
    pub commander: String,
    pub month: String,
    pub rank: String,
    /// The base's catalog id (data); `base_name` is its name.
    pub base: String,
    pub base_name: String,
    /// Where the boat is, in words: in port at her base, at sea, or lost and how.
    pub whereabouts: String,
    pub crew: CrewSetup,
    pub shibumi: bool,
    pub special_skill: Option<String>,
    pub markers: Vec<String>,
    pub decorations: Vec<String>,
    pub upgrade_markers: u8,
    pub patrols: u32,
    pub special_missions: u32,
    /// The tonnage sunk so far, the patrol under way's included ([`Career::tonnage_so_far`]); what the
    /// Patrol Log counts toward victory [5.2.1] is `tonnage` less [`CareerView::tonnage_under_way`].
    pub tonnage: u32,
    /// The Patrol Log, with the patrol under way's row last (marked `under_way`) while the boat is at sea.
    pub log: Vec<LogRow>,
    pub patrol: Option<PatrolView>,
    /// [4.8.2] [4.8.3] [4.8.4] The midget commander's, pilots' and kaiten pilots' school results.
    #[serde(flatten)]
    pub schools: SchoolsView,
    /// [11.2] Ships sunk in this career, by name (with the option on).
    pub sunk_names: Vec<String>,
    /// [10.1] Rolls made by player 2 (two-player game).
    pub player_two_rolls: u32,
    pub end: Option<CareerEnd>,
    /// [4.7] [6.2.2A] [7.14] The operations map as it stands this month.
    pub map: MapView,
}

impl CareerView {
    /// The patrol under way's row on the log, while the boat is at sea.
    pub fn under_way(&self) -> Option<&LogRow> {
        self.log.iter().rev().find(|r| r.under_way)
    }

    /// The tonnage sunk so far on the patrol under way (0 in port): part of `tonnage`, not yet on the
    /// Patrol Log that victory reads [5.2.1].
    pub fn tonnage_under_way(&self) -> u32 {
        self.under_way().map_or(0, |r| r.tonnage)
    }
}

/// [4.8.2] [4.8.3] [4.8.4] The school results of the men who fly or ride from the boat: the midget
/// commander's (F2), the pilots' (F3) and the kaiten pilots' (F4).
#[derive(Debug, Clone, Serialize)]
pub struct SchoolsView {
    pub midget_commander: Option<String>,
    pub pilots: Vec<String>,
    pub kaiten_pilots: Vec<String>,
}

/// The operations map for the boards: areas, bases, this month's Major Event markers and the patrol's area.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MapView {
    /// The area the submarine is assigned to or patrols (catalog id; empty before the first assignment).
    pub area: String,
    pub areas: Vec<MapArea>,
    pub bases: Vec<MapBase>,
    /// [7.14] The Major Event markers on the map this month (placed and removed by their dates).
    pub events: Vec<EventMarker>,
}

impl MapView {
    /// A base's name on the map (`Yokosuka` for `yokosuka`); an unknown id as it is.
    pub fn base_name(&self, id: &str) -> String {
        self.bases
            .iter()
            .find(|b| b.id == id)
            .map_or_else(|| id.to_string(), |b| b.name.clone())
    }

    /// An area's name on the map (`Pearl Harbor` for `pearl_harbor`); an unknown id as it is.
    pub fn area_name(&self, id: &str) -> String {
        self.areas
            .iter()
            .find(|a| a.id == id)
            .map_or_else(|| id.to_string(), |a| a.name.clone())
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct MapArea {
    pub id: String,
    pub name: String,
    /// [6.2.2A] Extra map transit boxes before and after the area.
    pub outbound: u8,
    pub homebound: u8,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapBase {
    pub id: String,
    pub name: String,
    /// [4.7.3] The month the base stops serving, if it does.
    pub closes: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct EventMarker {
    pub id: String,
    pub title: String,
    pub area: String,
    /// The place inside the area, when the event has one.
    pub location: Option<String>,
    pub from: String,
    pub to: String,
}

impl Career {
    pub fn view(&self) -> CareerView {
        CareerView {
            class: self.class_data().map_or_else(String::new, |c| c.name.clone()),
            hull_number: self.command.hull_number.clone(),
            commander: self.command.commander.clone(),
            month: self.month.short(),
            rank: self.command.rank.name().into(),
            base: self.command.base.clone(),
            base_name: self.base_name(&self.command.base),
            whereabouts: self.whereabouts(),
            crew: self.command.crew.clone(),
            shibumi: self.command.shibumi,
            special_skill: self.command.special_skill.map(|s| s.id()),
            markers: self.command.markers.clone(),
            decorations: self.service.decorations.clone(),
            upgrade_markers: self.service.upgrade_markers,
            patrols: self.service.patrols,
            special_missions: self.service.special_missions,
            tonnage: self.tonnage_so_far(),
            log: self
                .service
                .log
                .iter()
                .cloned()
                .chain(self.under_way_row())
                .collect(),
            // At sea the patrol under way; a career that ended at sea keeps the patrol it was lost on.
            patrol: match self.phase {
                Phase::Patrol => self.duty.patrol.as_ref().map(|p| p.view()),
                Phase::Over { .. } => self.duty.last_patrol.as_ref().map(|p| p.view()),
                _ => None,
            },
            schools: SchoolsView {
                midget_commander: self.command.midget_commander.clone(),
                pilots: self.command.pilots.clone(),
                kaiten_pilots: self.command.kaiten_pilots.clone(),
            },
            sunk_names: self.service.sunk_names.iter().cloned().collect(),
            player_two_rolls: self.service.player_two_rolls,
            end: self.end().copied(),
            map: self.map_view(),
        }
    }

    /// An area's name on the map (an unknown id in words).
    pub(crate) fn area_name(&self, id: &str) -> String {
        self.catalog()
            .map
            .area(id)
            .map_or_else(|| crate::sensuikan::words::id_words(id), |a| a.name.clone())
    }

    /// A base's name on the map (an unknown id in words).
    pub(crate) fn base_name(&self, id: &str) -> String {
        self.catalog()
            .map
            .base(id)
            .map_or_else(|| crate::sensuikan::words::id_words(id), |b| b.name.clone())
    }

    /// [5.1] Where the boat is: in port at her base between patrols, at sea, or lost and how.
    pub fn whereabouts(&self) -> String {
        let base = self.base_name(&self.command.base);
        match (&self.phase, &self.duty.patrol, &self.duty.last_patrol) {
            (Phase::Patrol, Some(p), _) => p.whereabouts(),
            (Phase::Over { .. }, _, Some(p)) => p.whereabouts(),
            (Phase::Over { end }, _, None) => match end.cause {
                super::EndCause::WarOver => format!("In port at {base}: the war is over for this boat"),
                _ => end.describe(),
            },
            _ => format!("In port at {base}"),
        }
    }

    /// [4.7] [7.14] The map catalog with this month's Major Event markers.
    fn map_view(&self) -> MapView {
        let catalog = self.catalog();
        let month = self.month;
        MapView {
            area: self.duty.area.clone(),
            areas: catalog
                .map
                .areas
                .iter()
                .map(|a| MapArea {
                    id: a.id.clone(),
                    name: a.name.clone(),
                    outbound: a.extra_transit.outbound,
                    homebound: a.extra_transit.homebound,
                })
                .collect(),
            bases: catalog
                .map
                .bases
                .iter()
                .map(|b| MapBase {
                    id: b.id.clone(),
                    name: b.name.clone(),
                    closes: b.closes.as_ref().map(|c| c.at.to_string()),
                })
                .collect(),
            events: catalog
                .active_events(month)
                .map(|e| EventMarker {
                    id: e.id.clone(),
                    title: e.title.clone(),
                    area: e.area.clone(),
                    location: e.location.clone(),
                    from: e.from.to_string(),
                    to: e.to.to_string(),
                })
                .collect(),
        }
    }
}
