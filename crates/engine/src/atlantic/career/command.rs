//! One escort commander's command: his group's ships with their fittings, crews, kills and repairs
//! [4.4.2] [4.5] [7.4] [7.5], the group's HF/DF [4.6.1], the air support won at the last refit [6.3.3], his
//! rank and promotion period [7.6], the markers he keeps [9.2] and his Convoy Log [3.5]. With two Allied
//! players [10.2] the career holds two commands.

use periscope_data::Month;
use periscope_data::atlantic::charts::Quality;
use serde::{Deserialize, Serialize};

use super::log::{ConvoyLog, LogRow, LogTotals, MissionRow};
use crate::atlantic::{AirCover, EscortSetup};

/// Where a ship of the group is between missions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "dock", rename_all = "snake_case")]
pub enum Dock {
    /// Sails with the next convoy.
    Ready,
    /// In repair for this many more missions (two a month).
    Repair { missions_left: u8, cause: RepairCause },
}

/// Why a ship is in repair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepairCause {
    /// [7.4.3] A DD/FF torpedoed and brought home: 1d6 months; a lucky A4 roll may replace her.
    Torpedo,
    /// [7.4.2] Rammed a U-boat: a month.
    Rammed,
    /// [9.2] A collision at sea.
    Collision,
}

impl RepairCause {
    pub fn words(self) -> &'static str {
        match self {
            RepairCause::Torpedo => "torpedo damage",
            RepairCause::Rammed => "ramming a U-boat",
            RepairCause::Collision => "a collision",
        }
    }
}

/// A ship of the group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipState {
    /// The ship's id in `groups.json`.
    pub ship: String,
    pub name: String,
    /// Destroyers, frigates and cutters (the caps and damage go by it [6.3.3] [7.4.1]).
    pub dd_ff: bool,
    pub type_271: bool,
    pub hedgehog: bool,
    /// The crew she started with (Trained, or Green with [12.6]).
    pub start_crew: Quality,
    /// Her crew now: one level per three kills [7.5.1].
    pub crew: Quality,
    /// U-boats credited to her [7.5.1].
    pub kills: u8,
    pub dock: Dock,
}

impl ShipState {
    pub fn ready(&self) -> bool {
        self.dock == Dock::Ready
    }

    /// The mission's setup of her.
    pub(crate) fn setup(&self) -> EscortSetup {
        EscortSetup {
            type_271: self.type_271,
            hedgehog: self.hedgehog,
            crew: self.crew,
            kills: self.kills,
            ..EscortSetup::new(&self.ship)
        }
    }
}

/// [7.5.1] The crew after `kills`: one level per `per` kills from where she started, Elite at most (a
/// Green crew's first step is to Trained [12.6]).
pub fn crew_after(start: Quality, kills: u8, per: u8) -> Quality {
    const LADDER: [Quality; 4] = [Quality::Green, Quality::Trained, Quality::Veteran, Quality::Elite];
    let from = LADDER.iter().position(|q| *q == start).unwrap_or(1);
    let steps = usize::from(kills / per.max(1));
    LADDER[(from + steps).min(LADDER.len() - 1)]
}

/// SOE ranks [7.6.1], lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    #[default]
    LieutenantCommander,
    Commander,
    Captain,
    /// Only the final roll makes an Admiral [5.1.3].
    Admiral,
}

impl Rank {
    /// The id `career.json` gives the rank.
    pub fn id(self) -> &'static str {
        match self {
            Rank::LieutenantCommander => "lieutenant_commander",
            Rank::Commander => "commander",
            Rank::Captain => "captain",
            Rank::Admiral => "admiral",
        }
    }
    pub fn next(self) -> Option<Rank> {
        match self {
            Rank::LieutenantCommander => Some(Rank::Commander),
            Rank::Commander => Some(Rank::Captain),
            Rank::Captain => Some(Rank::Admiral),
            Rank::Admiral => None,
        }
    }
}

/// What the current promotion period has seen [7.6.2] (counted since the last attempt: our reading).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Period {
    pub uboats_sunk: u32,
    pub merchants_lost: u32,
}

/// Why a commander's war ended before June 1943.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Served to the end [5.1.1].
    Served,
    /// [5.1.2] Went down with his ship.
    KilledInAction,
}

/// One commander's command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Command {
    /// The group's id (`b1`) and designation (`B-1`); empty until chosen [4.1].
    pub group: String,
    pub group_name: String,
    pub soe: String,
    /// The base the group is at (`londonderry`, `st_johns`) [4.7].
    pub base: String,
    pub ships: Vec<ShipState>,
    /// [4.6.1] The group's HF/DF.
    pub hf_df: bool,
    /// The air support for the next mission [6.3.3].
    pub air: AirCover,
    /// [9.2] Touch Wood markers held.
    pub touch_wood: u8,
    pub rank: Rank,
    /// The month of the next promotion attempt [7.6.2].
    pub next_promotion: Month,
    pub period: Period,
    /// Refits done: every second one checks for upgrades [6.3.3].
    pub refits: u32,
    /// [12.2] Merchants sunk in this career, by name.
    pub sunk_names: Vec<String>,
    /// Reinforcement and pool ships that have served in the group (never drawn twice).
    pub drawn: Vec<String>,
    pub fate: Fate,
    /// [7.7.1] The Canadian withdrawal has been taken.
    pub withdrawn: bool,
    pub log: ConvoyLog,
    /// [6.1 2e] The stations (ship id, station) of the group's last array, offered again on the next
    /// convoy. Play state the actions rebuild, not part of the log.
    #[serde(skip)]
    pub last_array: Vec<(String, String)>,
}

impl Command {
    pub(crate) fn new(soe: &str, start: Month, promotion_after: u8) -> Self {
        Self {
            group: String::new(),
            group_name: String::new(),
            soe: soe.to_string(),
            base: String::new(),
            ships: Vec::new(),
            hf_df: false,
            air: AirCover::default(),
            touch_wood: 0,
            rank: Rank::LieutenantCommander,
            next_promotion: start.plus(i32::from(promotion_after)),
            period: Period::default(),
            refits: 0,
            sunk_names: Vec::new(),
            drawn: Vec::new(),
            fate: Fate::Served,
            withdrawn: false,
            log: ConvoyLog {
                group: String::new(),
                group_id: String::new(),
                soe: soe.to_string(),
                rank: String::new(),
                rows: Vec::new(),
                totals: LogTotals::default(),
                victory: None,
            },
            last_array: Vec::new(),
        }
    }

    pub fn alive(&self) -> bool {
        self.fate == Fate::Served
    }

    /// The ships of a category (DD/FF or Flowers), in dock or not [6.3.3].
    pub fn count(&self, dd_ff: bool) -> usize {
        self.ships.iter().filter(|s| s.dd_ff == dd_ff).count()
    }

    /// The ships that sail with the next convoy: a DD/FF first, which the SOE rides [4.4.2].
    pub(crate) fn sailing(&self) -> Vec<EscortSetup> {
        let mut ready: Vec<&ShipState> = self.ships.iter().filter(|s| s.ready()).collect();
        ready.sort_by_key(|s| !s.dd_ff);
        ready.into_iter().map(ShipState::setup).collect()
    }

    /// [4.4.2] [4.5] Ships under repair miss the mission sailing now: one mission less to go (`n` when
    /// months pass ashore, as in the Canadian refit [7.7.1]).
    pub(crate) fn pass_missions(&mut self, n: u8) {
        for s in &mut self.ships {
            if let Dock::Repair { missions_left, .. } = &mut s.dock {
                *missions_left = missions_left.saturating_sub(n);
                if *missions_left == 0 {
                    s.dock = Dock::Ready;
                }
            }
        }
    }

    pub(crate) fn index_of(&self, ship: &str) -> Option<usize> {
        self.ships.iter().position(|s| s.ship == ship)
    }

    /// The missions on the log.
    pub fn missions(&self) -> u32 {
        self.log.totals.missions
    }

    pub(crate) fn push_row(&mut self, row: MissionRow) {
        let t = &mut self.log.totals;
        t.missions += 1;
        t.tonnage_lost += row.tonnage_lost;
        t.merchants_lost += row.merchants_lost;
        t.uboats_sunk += u32::try_from(row.uboats_sunk.len()).unwrap_or(u32::MAX);
        t.uboats_damaged += u32::try_from(row.uboats_damaged.len()).unwrap_or(u32::MAX);
        t.crypto_captured += u32::from(row.crypto_captured);
        self.log.rows.push(LogRow::Mission(row));
    }
}
