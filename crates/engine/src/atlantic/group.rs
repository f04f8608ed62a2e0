//! The escort group at sea: each ship with its class, crew, fittings, damage, ammunition and kills
//! [4.1] [4.5] [7.4] [7.5], and HF/DF, which belongs to the group [4.6.1].

use periscope_data::atlantic::catalog::groups::{Category, Nationality};
use periscope_data::atlantic::charts::Quality;
use serde::Serialize;

use super::options::{EscortSetup, MissionOptions};
use super::shipped::Shipped;

/// Where an escort stands in the mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum EscortStatus {
    /// Fights.
    Ready,
    /// A DD/FF with one point: out of the fight, a target in the Straggler Box [7.4.3].
    Damaged,
    Sunk,
    /// Gone for the rest of the mission (a collision, a breakdown) [9.2].
    Detached {
        why: String,
    },
}

/// One escort.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Escort {
    /// The ship's id in `groups.json`.
    pub ship: String,
    pub name: String,
    pub class: String,
    pub class_name: String,
    /// Destroyers, frigates and cutters; not the Flowers [4.1 note] [7.4.1].
    pub dd_ff: bool,
    /// Damage points that sink her: 2 for a DD/FF, 1 for a Flower [7.4.1].
    pub sinks_at: u8,
    /// A River-class frigate reinforcement: +1 on B4 [ERRATA B4].
    pub river_frigate: bool,
    pub crew: Quality,
    pub type_271: bool,
    pub hedgehog: bool,
    pub damage: u8,
    /// Depth-charge points left, with limited depth charges [12.7].
    pub depth_charges: Option<u8>,
    /// Hedgehog reloads left, with limited ammunition [12.7 ERRATA].
    pub hedgehog_reloads: Option<u8>,
    /// Kills before this mission [7.5.1].
    pub kills_before: u8,
    /// Kills credited on this mission [7.5.1].
    pub kills: u8,
    /// Rammed a U-boat: a month in dock on return [7.4.2].
    pub rammed: bool,
    /// Months of repair a collision costs, if she had one [9.2].
    pub repair_months: u8,
    pub status: EscortStatus,
    /// Joined at sea for this mission only (a support group's destroyer) [9.2].
    pub joined: bool,
}

impl Escort {
    /// Whether she fights: placed on the display, detects, hunts.
    pub fn fights(&self) -> bool {
        self.status == EscortStatus::Ready
    }

    /// Her depth charges allow an attack (always, unless they are counted [12.7]).
    pub fn has_depth_charges(&self) -> bool {
        self.depth_charges.is_none_or(|n| n > 0)
    }

    /// She can fire a Hedgehog (fitted, and a reload left if they are counted [12.7 ERRATA]).
    pub fn can_hedgehog(&self) -> bool {
        self.hedgehog && self.hedgehog_reloads.is_none_or(|n| n > 0)
    }
}

/// The group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Group {
    pub id: String,
    pub name: String,
    pub nationality: Nationality,
    /// HF/DF is the group's [4.6.1].
    pub hf_df: bool,
    /// The SOE rides the first [4.4.2].
    pub escorts: Vec<Escort>,
    /// Escorts left in Box S with the stragglers after a battle, until the next battle's array [7.1.6].
    pub guards: Vec<usize>,
}

impl Group {
    /// The group the options describe, or why it cannot sail.
    pub(crate) fn new(options: &MissionOptions, data: &Shipped) -> Result<Self, String> {
        let groups = &data.data.catalog.groups;
        // [11.1] [11.2] A scenario's own group, with no Type 271, HF/DF or Hedgehog.
        if options.scenario.is_some()
            && let Some(g) = groups.scenario_group(&options.group)
        {
            return Self::of_ships(
                options,
                data,
                (g.id.clone(), g.name.clone(), g.nationality, g.hf_df),
                &g.ships,
                0,
            );
        }
        let group = groups.group(&options.group).ok_or_else(|| {
            let ids: Vec<&str> = groups.groups.iter().map(|g| g.id.as_str()).collect();
            format!(
                "no escort group '{}' (the groups: {})",
                options.group,
                ids.join(", ")
            )
        })?;
        // [7.7.1] C-1, C-2 and C-4 are refitting at St. John's in February and March 1943.
        if let Some(w) = &group.withdrawn
            && (w.from..=w.until).contains(&options.month)
        {
            return Err(format!(
                "{} is withdrawn for its refit from {} to {} [7.7.1]: it sails no convoy in {}",
                group.name, w.from, w.until, options.month
            ));
        }
        Self::of_ships(
            options,
            data,
            (
                group.id.clone(),
                group.name.clone(),
                group.nationality,
                group.hf_df,
            ),
            &group.ships,
            group.type_271_sets,
        )
    }

    /// The group of these ships: the options' escorts, or the listed ships with `sets` Type 271 on the
    /// first of them.
    fn of_ships(
        options: &MissionOptions,
        data: &Shipped,
        (id, name, nationality, hf_df): (String, String, Nationality, bool),
        ships: &[String],
        sets: u8,
    ) -> Result<Self, String> {
        let groups = &data.data.catalog.groups;
        let setups: Vec<EscortSetup> = if options.escorts.is_empty() {
            // [4.1] [4.5] The group's ships, its Type 271 sets on the first of them (the SOE's first).
            ships
                .iter()
                .enumerate()
                .map(|(i, s)| EscortSetup {
                    type_271: i < usize::from(sets),
                    ..EscortSetup::new(s)
                })
                .collect()
        } else {
            options.escorts.clone()
        };
        let limited = options.optional.limited_depth_charges;
        let reloads = data.entries.hedgehog_reloads;
        let mut escorts = Vec::new();
        for s in &setups {
            let ship = groups
                .ship(&s.ship)
                .ok_or_else(|| format!("no ship '{}' in groups.json", s.ship))?;
            let class = groups
                .class_of(&s.ship)
                .ok_or_else(|| format!("the ship '{}' has no class", s.ship))?;
            if escorts.iter().any(|e: &Escort| e.ship == s.ship) {
                return Err(format!("{} is listed twice", ship.name));
            }
            if s.damage >= class.damage_points {
                return Err(format!(
                    "{} has {} damage points: she is sunk and cannot sail [7.4.1]",
                    ship.name, s.damage
                ));
            }
            escorts.push(Escort {
                ship: s.ship.clone(),
                name: ship.name.clone(),
                class: class.id.clone(),
                class_name: class.name.clone(),
                dd_ff: class.category == Category::DdFf,
                sinks_at: class.damage_points,
                river_frigate: class
                    .chart_modifiers
                    .iter()
                    .any(|m| m.chart == "B4" && m.modifier == "river_frigate"),
                crew: s.crew,
                type_271: s.type_271,
                hedgehog: s.hedgehog,
                damage: s.damage,
                depth_charges: limited.then(|| s.depth_charges.unwrap_or(class.depth_charge_points)),
                hedgehog_reloads: (limited && s.hedgehog).then(|| s.hedgehog_reloads.unwrap_or(reloads)),
                kills_before: s.kills,
                kills: 0,
                rammed: false,
                repair_months: 0,
                // [7.4.3] A DD/FF with one point sails only as a target.
                status: if s.damage > 0 {
                    EscortStatus::Damaged
                } else {
                    EscortStatus::Ready
                },
                joined: false,
            });
        }
        if escorts.is_empty() {
            return Err("the group has no ships".into());
        }
        Ok(Group {
            id,
            name,
            nationality,
            hf_df: options.hf_df.unwrap_or(hf_df),
            escorts,
            guards: Vec::new(),
        })
    }

    /// The escort with this ship id.
    pub fn index_of(&self, ship: &str) -> Option<usize> {
        self.escorts.iter().position(|e| e.ship == ship)
    }

    /// The indices of the escorts that fight.
    pub fn fighting(&self) -> Vec<usize> {
        (0..self.escorts.len())
            .filter(|&i| self.escorts[i].fights())
            .collect()
    }

    pub fn name_of(&self, i: usize) -> String {
        self.escorts.get(i).map_or_else(|| "?".into(), |e| e.name.clone())
    }
}
