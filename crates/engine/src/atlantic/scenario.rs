//! The historical scenarios as a mission plays them [11.1] [11.2]: the scenario's own group, its scripted
//! travel boxes (results it ignores, an encounter given, a pack of a given size, ONS 154's third box at
//! +2 on A3 instead of the year's), and its merchants from its H list (a band die and a d20, some totals
//! rolled again). None of it applies to a mission without a scenario.

use periscope_data::atlantic::catalog::scenarios::{BoxEncounter, Ignored, Scenario, ScenarioBox};
use periscope_data::atlantic::charts::Encounter;

use super::Mission;

impl Mission {
    /// The scenario the mission plays, if any.
    pub(crate) fn scenario(&self) -> Option<&Scenario> {
        let id = self.options.scenario.as_deref()?;
        self.data
            .data
            .catalog
            .scenarios
            .scenarios
            .iter()
            .find(|s| s.id == id)
    }

    /// The scenario's script for the box the convoy is in.
    pub(crate) fn scenario_box(&self) -> Option<&ScenarioBox> {
        self.scenario()?.travel_box(self.voyage.box_number())
    }

    /// [11.1] [11.2] The encounter the box gives without a roll.
    pub(crate) fn scripted_encounter(&self) -> Option<Encounter> {
        match self.scenario_box()?.encounter {
            BoxEncounter::Roll => None,
            BoxEncounter::SingleUboat => Some(Encounter::SingleUboat),
            BoxEncounter::Wolfpack => Some(Encounter::Wolfpack),
        }
    }

    /// [11.1] An A2 result the box disregards.
    pub(crate) fn ignored(&self, e: Encounter) -> bool {
        let Some(b) = self.scenario_box() else {
            return false;
        };
        b.ignore.iter().any(|i| {
            matches!(
                (i, e),
                (Ignored::Wolfpack, Encounter::Wolfpack)
                    | (Ignored::SingleUboat, Encounter::SingleUboat)
                    | (Ignored::Condor, Encounter::Condor)
            )
        })
    }

    /// The H chart the merchants come from [11.1] [11.2].
    pub(crate) fn scenario_ships_chart(&self) -> Option<String> {
        self.scenario().map(|s| s.merchant_chart.clone())
    }

    /// [11.1] [11.2] Whether the scenario's list still holds a ship the picking could take: one not yet in
    /// reach and still in the convoy. Once none is left, rolling again could never end, so the attack
    /// goes on against the ships already picked (our reading: the list is the convoy, and a convoy
    /// that has lost or scattered every other ship has no more targets to give).
    pub(crate) fn scenario_ship_left(&self, p: &crate::atlantic::convoy::Picking) -> bool {
        let Some(list) = self
            .scenario_ships_chart()
            .and_then(|id| self.data.data.charts.scenario_ships(&id))
        else {
            return false;
        };
        // Each entry of the list is its own ship, whatever her name.
        (0..list.chart.rows.len()).any(|entry| {
            match self.convoy.ships.iter().position(|s| s.entry == Some(entry)) {
                None => true,
                Some(k) => {
                    !p.ships.contains(&k) && self.convoy.ships[k].fate == crate::atlantic::Fate::InConvoy
                }
            }
        })
    }
}
