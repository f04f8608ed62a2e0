//! What a player sees, for the CLI's JSON and scripts.

use periscope_data::sensuikan::charts::{System, Wound};
use serde::Serialize;

use super::{BoxKind, Combat, Crew, Patrol, PatrolResult, Phase, Post, SystemState};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PatrolView {
    pub class: String,
    pub month: String,
    pub area: String,
    pub phase: Phase,
    /// The current track box, counted from 1; 0 once home.
    pub box_number: usize,
    pub boxes: Vec<BoxKind>,
    pub aborted: bool,
    pub bow_tubes: Vec<String>,
    pub stern_tubes: Vec<String>,
    pub bow_reloads: usize,
    pub stern_reloads: usize,
    pub ammunition: u32,
    pub hull: u8,
    pub hull_boxes: u8,
    pub flooding: u8,
    pub flooding_boxes: u8,
    pub systems: Vec<(System, SystemState)>,
    pub crew: Crew,
    pub wounds: Vec<(Post, Wound)>,
    pub combat: Option<Combat>,
    pub random_event_used: bool,
    pub markers: Vec<String>,
    pub result: Option<PatrolResult>,
}

impl Patrol {
    pub fn view(&self) -> PatrolView {
        let tubes = |v: &Vec<Option<super::Torpedo>>| {
            v.iter()
                .map(|t| t.map_or("empty".to_string(), |t| super::words::torpedo(t).to_string()))
                .collect()
        };
        PatrolView {
            class: self.class.name.clone(),
            month: self.month.short(),
            area: self.options.area.clone(),
            phase: self.phase.clone(),
            box_number: if self.position < self.route.len() {
                self.position + 1
            } else {
                0
            },
            boxes: self.route.iter().map(|b| b.kind).collect(),
            aborted: self.aborted,
            bow_tubes: tubes(&self.boat.bow_tubes),
            stern_tubes: tubes(&self.boat.stern_tubes),
            bow_reloads: self.boat.bow_reloads.len(),
            stern_reloads: self.boat.stern_reloads.len(),
            ammunition: self.boat.ammunition,
            hull: self.boat.hull,
            hull_boxes: self.class.hull_boxes,
            flooding: self.boat.flooding,
            flooding_boxes: self.class.flooding_boxes,
            systems: self.boat.systems.clone(),
            crew: self.crew.clone(),
            wounds: self.result().map(|r| r.wounds).unwrap_or_default(),
            combat: self.combat.clone(),
            random_event_used: self.random_event_used,
            markers: self.markers.clone(),
            result: self.result(),
        }
    }
}
