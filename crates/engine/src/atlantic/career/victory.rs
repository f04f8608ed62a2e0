//! The end of the game [5.1] and victory [5.2] with the errata: the level the tons lost give [5.2.2]
//! (with a Canadian group's +40,000 t, none for C-3 [5.2.4] [5.2.4 ERRATA]), +1 per 20 U-boats sunk
//! [5.2.3], −1 per 40,000 t or part beyond 240,000 t [5.2.3 ERRATA], +1 per crypto capture [7.4.2]; every
//! shift summed, then the level clamped once; the SOE's ship sunk is Defeat [5.1.2]. With a U-boat player
//! his result mirrors it [10.1]; with two Allied players the better result wins [10.2].

use std::fmt;

use serde::Serialize;

use super::command::{Command, Fate, Rank};
use super::log::VictoryComputation;
use super::promotion::rank_name;
use super::{Career, CareerEvent, CareerRoll, Phase, Players, Step};
use periscope_data::atlantic::catalog::career::Career as CareerData;

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndCause {
    /// The last convoy of June 1943 is in [5.1.1].
    WarOver,
    /// [5.1.2] The SOE went down with his ship.
    SoeKilled,
    /// [11.1] [11.2] The scenario's convoy is in.
    ScenarioOver,
}

/// One commander's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CommanderResult {
    pub player: u8,
    pub group: String,
    pub soe: String,
    pub rank: String,
    pub level: String,
    pub level_name: String,
    pub tonnage_lost: u32,
    pub uboats_sunk: u32,
    pub missions: u32,
    /// [10.1] The U-boat player's result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub german_level: Option<String>,
}

/// How the career ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CareerEnd {
    pub cause: EndCause,
    pub results: Vec<CommanderResult>,
    /// [10.2] The player with the better result; none on a tie or alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<u8>,
}

impl CareerEnd {
    /// The first commander's level id.
    pub fn level(&self) -> &str {
        self.results.first().map_or("defeat", |r| r.level.as_str())
    }

    /// A victory of some kind for the first commander.
    pub fn won(&self) -> bool {
        matches!(
            self.level(),
            "decisive_victory" | "substantial_victory" | "marginal_victory" | "scenario_won"
        )
    }

    pub fn describe(&self) -> String {
        let mut s = match self.cause {
            EndCause::WarOver => "The war of the escorts is over for you (June 1943).".to_string(),
            EndCause::SoeKilled => "The SOE went down with his ship.".to_string(),
            EndCause::ScenarioOver => "The scenario's convoy is in.".to_string(),
        };
        for r in &self.results {
            s.push_str(&format!(
                " Player {} ({}, {} {}): {} — {} lost, {} sunk in {}.",
                r.player,
                r.group,
                r.rank,
                r.soe,
                r.level_name,
                crate::atlantic::words::tons(r.tonnage_lost),
                crate::atlantic::words::count(r.uboats_sunk, "U-boat", "U-boats"),
                crate::atlantic::words::count(r.missions, "mission", "missions")
            ));
            if let Some(g) = &r.german_level {
                s.push_str(&format!(" The U-boat player: {g}."));
            }
        }
        if let Some(w) = self.winner {
            s.push_str(&format!(" Player {w} wins [10.2]."));
        }
        s
    }
}

impl fmt::Display for CareerEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// [5.2] The victory computation for a command.
pub fn compute(data: &CareerData, c: &Command) -> VictoryComputation {
    let t = &c.log.totals;
    let tons_added: u32 = data
        .victory_tons_added
        .iter()
        .filter(|a| a.groups.contains(&c.group))
        .map(|a| a.tons)
        .sum();
    let tons = t.tonnage_lost.saturating_add(tons_added);
    let levels = &data.victory_levels;
    let last = levels.len().saturating_sub(1);
    let base = levels
        .iter()
        .position(|l| l.min_tons <= tons && l.max_tons.is_none_or(|m| tons <= m))
        .unwrap_or(last);
    let shift = |id: &str, units: u32, round_up: bool| -> i32 {
        data.shift(id).map_or(0, |s| {
            let per = s.per.max(1);
            let n = if round_up {
                units.div_ceil(per)
            } else {
                units / per
            };
            i32::from(s.levels) * i32::try_from(n).unwrap_or(i32::MAX / 8)
        })
    };
    let defeat_from = levels.last().map_or(240_000, |l| l.min_tons);
    let uboat_shift = shift("uboats_sunk", t.uboats_sunk, false);
    let tonnage_shift = shift("tonnage_beyond_defeat", tons.saturating_sub(defeat_from), true);
    let crypto_shift = shift("crypto_capture", t.crypto_captured, false);
    let total = uboat_shift + tonnage_shift + crypto_shift;
    let soe_sunk = c.fate == Fate::KilledInAction;
    let index = if soe_sunk {
        levels
            .iter()
            .position(|l| l.id == data.soe_sunk.result)
            .unwrap_or(last)
    } else {
        let i = i32::try_from(base).unwrap_or(0) - total;
        usize::try_from(i.clamp(0, i32::try_from(last).unwrap_or(0))).unwrap_or(0)
    };
    let name = |i: usize| levels.get(i).map_or_else(String::new, |l| l.name.clone());
    let id = |i: usize| levels.get(i).map_or_else(String::new, |l| l.id.clone());
    VictoryComputation {
        tonnage_lost: t.tonnage_lost,
        tons_added,
        tons_counted: tons,
        base_level: id(base),
        base_level_name: name(base),
        uboat_shift,
        tonnage_shift,
        crypto_shift,
        total_shift: total,
        soe_sunk,
        level: id(index),
        level_name: name(index),
        german_level: None,
        final_rank: rank_name(c.rank).into(),
        scenario: None,
    }
}

impl Career {
    /// [5.1.3] The final promotion attempt of every SOE still alive, then victory.
    pub(crate) fn end_game(&mut self, _ev: &mut Vec<CareerEvent>) {
        let mut steps = Vec::new();
        for (i, c) in self.commands.iter().enumerate() {
            // A scenario is no career: no promotion [11.0].
            if c.alive() && c.rank < Rank::Admiral && self.options.scenario.is_none() {
                steps.push(Step::Turn {
                    to: u8::try_from(i).unwrap_or(0),
                });
                steps.push(Step::Roll {
                    roll: CareerRoll::Promotion { final_roll: true },
                });
            }
        }
        steps.push(Step::Victory);
        self.steps.clear();
        self.then(steps);
    }

    /// [5.1.4] Victory, once the game has ended.
    pub(crate) fn victory(&mut self, ev: &mut Vec<CareerEvent>) {
        let data = self.data.clone();
        let career = &data.data.catalog.career;
        let scenario = self.scenario().cloned();
        let mut results = Vec::new();
        for (i, c) in self.commands.iter_mut().enumerate() {
            let mut v = compute(career, c);
            if let Some(s) = &scenario {
                v = super::scenario::judge(s, c, v);
            }
            if self.options.players == Players::UboatPlayer {
                v.german_level = career.german_result(&v.level).map(str::to_string);
            }
            results.push(CommanderResult {
                player: u8::try_from(i + 1).unwrap_or(1),
                group: c.group_name.clone(),
                soe: c.soe.clone(),
                rank: rank_name(c.rank).into(),
                level: v.level.clone(),
                level_name: v.level_name.clone(),
                tonnage_lost: v.tonnage_lost,
                uboats_sunk: c.log.totals.uboats_sunk,
                missions: c.log.totals.missions,
                german_level: v
                    .german_level
                    .as_ref()
                    .and_then(|g| career.level(g))
                    .map(|l| l.name.clone()),
            });
            c.log.victory = Some(v);
        }
        let rank_of = |id: &str| career.victory_levels.iter().position(|l| l.id == id);
        let winner = if results.len() == 2 {
            match (rank_of(&results[0].level), rank_of(&results[1].level)) {
                (Some(a), Some(b)) if a < b => Some(1),
                (Some(a), Some(b)) if b < a => Some(2),
                _ => None,
            }
        } else {
            None
        };
        let cause = if self.commands.iter().any(|c| c.alive()) {
            if scenario.is_some() {
                EndCause::ScenarioOver
            } else {
                EndCause::WarOver
            }
        } else {
            EndCause::SoeKilled
        };
        let end = CareerEnd {
            cause,
            results,
            winner,
        };
        ev.push(CareerEvent::Ended { end: end.clone() });
        // The calendar shows the last month played, not the one after it.
        let last = self.data.data.catalog.career.calendar.end;
        if self.slot.month > last {
            self.slot = super::Slot { month: last, half: 2 };
        }
        self.steps.clear();
        self.phase = Phase::Over { end };
    }
}
