//! The setup of one patrol: what the career (issue 5) will hand to a patrol. The default is the Example
//! of Play's setup [12.0]: a Type C from Yokosuka in December 1941, assigned to Pearl Harbor with the
//! midget submarine attack.

use serde::{Deserialize, Serialize};

use crate::Month;

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
    /// The kaiten pilots aboard, one F4 advantage each (skill ids), for a kaiten attack [4.8.4] [7.18].
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kaiten_pilots: Vec<String>,
    /// The captain's Shibumi skill [11.7]: once per patrol pass a roll without rolling (a torpedo's to-hit
    /// roll, the test-depth check, the defective-torpedo check or the A4 quick dive, chosen at the decision
    /// before them).
    pub shibumi: bool,
    /// The F3 skill of each aircraft's pilot, in aircraft order (none if missing) [4.8.3] [7.17].
    pub pilots: Vec<String>,
    /// The midget commander's F2 skill (`superior_communications`…), for the midget module [4.8.2] [7.16].
    pub midget_skill: Option<String>,
    /// The captain's OPTIONAL special skill [11.7] (an id of `words.json`'s special skills: `vigilant`,
    /// `tracker`…): the ones that act on patrol are read by the patrol's rolls and decisions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub special_skill: Option<String>,
}

impl CrewSetup {
    /// Whether the captain has this OPTIONAL special skill [11.7].
    pub fn has_special(&self, id: &str) -> bool {
        self.special_skill.as_deref() == Some(id)
    }
}

/// The patrol's mission [7.0]: done in the mission box, the first on-station box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MissionPlan {
    /// A plain patrol (also the "Patrol" mission of a Major Event marker [7.14], whose double credit is the
    /// career's business).
    #[default]
    Patrol,
    /// A midget submarine attack in the mission box [7.3]: the Midget Submarine Module [7.16] is the mission
    /// box's encounter [12.0].
    MidgetAttack,
    /// Reconnaissance with the boat's aircraft over a map P7-P10 in the mission box [7.1] [7.17]: success
    /// if one of its aircraft survives. A boat without aircraft makes a normal patrol [7.14].
    Reconnaissance,
    /// Bombing with the boat's aircraft over map P11 (West Coast) or P12 (Panama, Type A (Modified) and
    /// Sen-Toku only) [7.7] [7.17]: success if the bombs are dropped.
    Bombing,
    /// Picket duty [7.2]: no merchant may be engaged or tracked; success needs combat with a warship or a
    /// capital ship.
    PicketDuty,
    /// Transport [7.4]: tubes loaded, no reloads (the Supplies marker); A3 Special Missions in the mission
    /// box until no encounter, then the supplies are delivered.
    Transport,
    /// Strategic transport to Europe, "Yanagi" [7.5] (Type A and B; the career checks the class and the
    /// three months each way): one A3 Special Missions roll in each map transit box of the route, both
    /// ways; reaching Europe delivers the supplies, success.
    EuropeTransport,
    /// Evacuation [7.6]: tubes loaded, no reloads; A3 Special Missions until no encounter, then the
    /// passengers embark; success needs them home unharmed (the passenger counts as a pilot on B7).
    Evacuation,
    /// Coastal bombardment [7.9]: A3 Special Missions until no encounter, then all the deck gun ammunition
    /// is fired; success is returning to base.
    CoastalBombardment,
    /// Minelaying [7.10]: mines take bow tubes (the Kirai-Sen lays from its stern compartments and loses no
    /// torpedoes); A3 Special Missions until clear, then the tubes may take torpedoes again.
    Minelaying,
    /// Passenger delivery [7.11]: A3 Special Missions until clear, then the passenger lands; he counts as a
    /// pilot on B7, and if he is SW or KIA before landing the mission fails.
    PassengerDelivery,
    /// Kaiten attack on the Ulithi anchorage, map K2 [7.8] [7.18]: the kaiten are launched in the mission
    /// box; success is releasing them undetected; tonnage sunk counts.
    KaitenUlithi,
    /// Kaiten attack in the open sea off Iwo Jima or Okinawa, map K3 [7.8] [7.18].
    KaitenOpenSea,
}

impl MissionPlan {
    /// The mission's name on the Patrol Log, from the data (`words.json`).
    pub fn name(self) -> String {
        super::words::mission(self)
    }

    /// Missions done by rolling A3 Special Missions in the mission box until no encounter [7.4]-[7.11].
    pub fn rolls_special_missions(self) -> bool {
        matches!(
            self,
            MissionPlan::Transport
                | MissionPlan::Evacuation
                | MissionPlan::CoastalBombardment
                | MissionPlan::Minelaying
                | MissionPlan::PassengerDelivery
        )
    }
    /// Missions flown with the Aviation Module [7.17]; a boat without aircraft patrols instead [7.14].
    pub fn needs_aviation_module(self) -> bool {
        matches!(self, MissionPlan::Reconnaissance | MissionPlan::Bombing)
    }
}

/// The optional rules of section 11 that act inside a patrol, each off by default (the rulebook's standard
/// game). In an options file: `"optional": {"evasive_manoeuvres": true, ...}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct OptionalRules {
    /// [11.3] Evasive manoeuvres: before each escort's B5 roll the player picks 1-6, then 1d6 gives the
    /// escort's direction (wrong way -1 hit, same way +1, the same number +3). Not with hydrophone damage.
    pub evasive_manoeuvres: bool,
    /// [11.4] Escort quality: before the first detection roll after an attack on escorted ships, 1d6 by
    /// year (D10): novice -1 hit, veteran +1 hit, elite +1 on detection and +1 hit.
    pub escort_quality: bool,
    /// [11.5] Aircrew quality: after a failed quick dive, 1d6 by year (D10): novice -1 hit, veteran +1
    /// hit, elite +1 hit and two automatic crew casualties instead of one.
    pub aircrew_quality: bool,
    /// [11.2] Historical targets: a named ship already sunk (in `sunk_names` or earlier in this patrol) is
    /// identified again until an unsunk one comes up; generic entries are never re-rolled.
    pub historical_targets: bool,
    /// [11.2] The names the career has sunk before this patrol.
    pub sunk_names: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PatrolOptions {
    /// A class id of the catalog (`type_c`).
    pub class: String,
    /// The month the patrol sails.
    pub start: Month,
    /// A base id of the map (`yokosuka`).
    pub base: String,
    /// The assigned area, an area id of the map (`pearl_harbor`).
    pub area: String,
    /// The special mission [7.x]. Missing from an options file it is a plain patrol; the built-in default
    /// (no options file) stays the Example of Play's midget attack.
    #[serde(default)]
    pub mission: MissionPlan,
    pub crew: CrewSetup,
    /// The optional rules of section 11 played inside the patrol (all off by default).
    pub optional: OptionalRules,
}

impl Default for PatrolOptions {
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
            optional: OptionalRules::default(),
        }
    }
}
