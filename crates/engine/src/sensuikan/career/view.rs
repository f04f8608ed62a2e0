//! What a player sees of the career.

use serde::Serialize;

use super::{CareerEnd, LogRow, Phase, SensuikanCareer};
use crate::sensuikan::{CrewSetup, SensuikanView};

#[derive(Debug, Clone, Serialize)]
pub struct CareerView {
    pub class: String,
    pub hull_number: String,
    pub commander: String,
    pub month: String,
    pub rank: String,
    pub base: String,
    pub crew: CrewSetup,
    pub shibumi: bool,
    pub special_skill: Option<String>,
    pub markers: Vec<String>,
    pub decorations: Vec<String>,
    pub upgrade_markers: u8,
    pub patrols: u32,
    pub special_missions: u32,
    pub tonnage: u32,
    pub log: Vec<LogRow>,
    pub patrol: Option<SensuikanView>,
    pub end: Option<CareerEnd>,
}

impl SensuikanCareer {
    pub fn view(&self) -> CareerView {
        CareerView {
            class: self.class_data().map_or_else(String::new, |c| c.name.clone()),
            hull_number: self.hull_number.clone(),
            commander: self.commander.clone(),
            month: self.month.short(),
            rank: self.rank.name().into(),
            base: self.base.clone(),
            crew: self.crew.clone(),
            shibumi: self.shibumi,
            special_skill: self.special_skill.map(|s| s.id()),
            markers: self.markers.clone(),
            decorations: self.decorations.clone(),
            upgrade_markers: self.upgrade_markers,
            patrols: self.patrols,
            special_missions: self.special_missions,
            tonnage: self.tonnage(),
            log: self.log.clone(),
            patrol: match self.phase {
                Phase::Patrol => self.patrol.as_ref().map(|p| p.view()),
                _ => None,
            },
            end: self.end().copied(),
        }
    }
}
