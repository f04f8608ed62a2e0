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
    /// [4.8.2] [4.8.3] [4.8.4] The midget commander's, pilots' and kaiten pilots' school results.
    pub midget_commander: Option<String>,
    pub pilots: Vec<String>,
    pub kaiten_pilots: Vec<String>,
    /// [11.2] Ships sunk in this career, by name (with the option on).
    pub sunk_names: Vec<String>,
    /// [10.1] Rolls made by player 2 (two-player game).
    pub player_two_rolls: u32,
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
            midget_commander: self.midget_commander.clone(),
            pilots: self.pilots.clone(),
            kaiten_pilots: self.kaiten_pilots.clone(),
            sunk_names: self.sunk_names.iter().cloned().collect(),
            player_two_rolls: self.player_two_rolls,
            end: self.end().copied(),
        }
    }
}
