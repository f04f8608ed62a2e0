//! The setup of one patrol: what the career (issue 5) will hand to a patrol. The default is the Example
//! of Play's setup [12.0]: a Type C from Yokosuka in December 1941, assigned to Pearl Harbor with the
//! midget submarine attack.

use serde::{Deserialize, Serialize};

use crate::calendar::Month;

/// Crew quality [8.7.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CrewQuality {
    Green,
    #[default]
    Trained,
    Veteran,
    Elite,
}

/// The crew's skills and the commander's decorations that matter on patrol [8.7.1] [8.8.1].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct CrewSetup {
    pub quality: CrewQuality,
    pub expert_engineer: bool,
    pub mechanical_genius: bool,
    pub expert_doctor: bool,
    pub expert_xo: bool,
    pub lookout: bool,
    pub expert_gunner: bool,
    pub aa_expert: bool,
    pub expert_navigator: bool,
    /// The Order of the Golden Kite, either class [8.8.1] [8.8.2].
    pub golden_kite: bool,
}

/// The patrol's mission [7.0].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MissionPlan {
    /// A plain patrol.
    Patrol,
    /// A midget submarine attack in the mission box [7.3]. The midget module is issue 5: the engine asks
    /// for the module's outcome as a decision and treats it as the mission box's encounter [12.0].
    #[default]
    MidgetAttack,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SensuikanOptions {
    /// A class id of the catalog (`type_c`).
    pub class: String,
    /// The month the patrol sails.
    pub start: Month,
    /// A base id of the map (`yokosuka`).
    pub base: String,
    /// The assigned area, an area id of the map (`pearl_harbor`).
    pub area: String,
    pub mission: MissionPlan,
    pub crew: CrewSetup,
}

impl Default for SensuikanOptions {
    fn default() -> Self {
        Self {
            class: "type_c".into(),
            start: Month {
                year: 1941,
                month: 12,
            },
            base: "yokosuka".into(),
            area: "pearl_harbor".into(),
            mission: MissionPlan::MidgetAttack,
            crew: CrewSetup::default(),
        }
    }
}
