//! The historical scenarios [11.1] ON 113 and [11.2] ONS 154 as a one-convoy game: the scenario's group
//! (no Type 271, HF/DF or Hedgehog), from EASTOMP in its month; air support rolled on A4 with ON 113's CAM
//! ship, none for ONS 154; the mission plays its scripted boxes and its H list; the victory is the
//! scenario's: merchants lost, less one per U-boat sunk, at most 4 (ON 113) or 12 (ONS 154).

use periscope_data::Month;
use periscope_data::atlantic::catalog::groups::Category;
use periscope_data::atlantic::catalog::scenarios::Scenario;
use periscope_data::atlantic::charts::Quality;

use super::command::{Command, Dock, ShipState};
use super::log::{ScenarioJudgement, VictoryComputation};
use super::{Career, CareerError, CareerEvent, CareerRoll, Slot, Step};
use crate::refusal::Refused;

impl Career {
    /// The scenario played, if any.
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

    /// [11.1] [11.2] The scenario's group, base, month and air support.
    pub(crate) fn set_up_scenario(&mut self, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        let data = self.data.clone();
        let s = self
            .scenario()
            .cloned()
            .ok_or_else(|| CareerError::Refused(Refused::BadOptions("no such scenario [11.0]".into())))?;
        let groups = &data.data.catalog.groups;
        let g = groups
            .scenario_group(&s.group)
            .ok_or_else(|| CareerError::Refused(Refused::Data(format!("no scenario group '{}'", s.group))))?;
        let base = data
            .data
            .catalog
            .map
            .meeting_point(&s.start)
            .map(|p| p.base.clone())
            .ok_or_else(|| CareerError::Refused(Refused::Data(format!("no meeting point '{}'", s.start))))?;
        let mut ships = Vec::new();
        for id in &g.ships {
            let ship = groups.ship(id).ok_or_else(|| {
                CareerError::Refused(Refused::Data(format!("no ship '{id}' in groups.json")))
            })?;
            let class = groups.class_of(id).ok_or_else(|| {
                CareerError::Refused(Refused::Data(format!("the ship '{id}' has no class")))
            })?;
            ships.push(ShipState {
                ship: id.clone(),
                name: ship.name.clone(),
                dd_ff: class.category == Category::DdFf,
                type_271: false,
                hedgehog: false,
                start_crew: Quality::Trained,
                crew: Quality::Trained,
                kills: 0,
                dock: Dock::Ready,
            });
        }
        self.slot = Slot {
            month: s.month,
            half: 1,
        };
        let c = self.cmd_mut();
        c.group = g.id.clone();
        c.group_name = g.name.clone();
        c.hf_df = g.hf_df;
        c.base = base;
        c.ships = ships;
        c.next_promotion = Month {
            year: 9999,
            month: 12,
        };
        c.log.group = g.name.clone();
        c.log.group_id = g.id.clone();
        c.log.rank = "Lieutenant Commander".into();
        c.air.cam = s.air_support.cam;
        Self::note(
            ev,
            if s.id == "ons154" { "11.2" } else { "11.1" },
            format!(
                "{}: {} sails from {} ({})",
                s.name,
                g.name,
                s.start.to_uppercase(),
                s.sailed
            ),
        );
        if s.air_support.rolled {
            self.then([Step::Roll {
                roll: CareerRoll::AirSupport,
            }]);
        }
        Ok(())
    }
}

/// [11.1] [11.2] The scenario's victory: won losing at most its number, each U-boat sunk cancelling one.
pub(crate) fn judge(s: &Scenario, c: &Command, mut v: VictoryComputation) -> VictoryComputation {
    let t = &c.log.totals;
    let cancels = t
        .uboats_sunk
        .saturating_mul(u32::from(s.victory.each_uboat_sunk_cancels));
    let counted = t.merchants_lost.saturating_sub(cancels);
    let max = u32::from(s.victory.max_merchants_lost);
    let won = counted <= max && !v.soe_sunk;
    v.level = if won { "scenario_won" } else { "scenario_lost" }.into();
    v.level_name = format!(
        "{} ({} lost less {} sunk: {counted}; {max} or fewer wins)",
        if won { "Scenario won" } else { "Scenario lost" },
        t.merchants_lost,
        crate::atlantic::words::count(t.uboats_sunk, "U-boat", "U-boats")
    );
    v.scenario = Some(ScenarioJudgement {
        scenario: s.id.clone(),
        merchants_lost: t.merchants_lost,
        uboats_sunk: t.uboats_sunk,
        counted,
        max_merchants_lost: max,
        won,
    });
    v
}
