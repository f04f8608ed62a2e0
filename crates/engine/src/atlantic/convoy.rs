//! The convoy: its type and size [6.1 1A] [6.1 1B], and the ledger of every merchant that came into a
//! U-boat's reach, fell out as a straggler or was lost — each ship once, so none is ever counted twice.
//! Ships are picked by size (1d6) and named on M1-M3 (percentile) [7.1.3] [3.4], or given the standard
//! tonnages [12.1]; a named ship already sunk or straggling is rolled again, and with [12.2] so is one
//! sunk earlier in the career. A scenario's ships are its H list's entries, each entry its own ship
//! [11.1] [11.2].

use periscope_data::atlantic::catalog::merchants::{ConvoySize, MerchantSize};
use periscope_data::atlantic::charts::ConvoyType;
use serde::Serialize;

use super::events::MissionEvent;
use super::reading::{chart_roll, proc_roll, unanswered};
use super::{Mission, MissionError};
use crate::machine::RollSpec;
use crate::roll::RollRecord;
use periscope_data::atlantic::charts::Pick;

/// What became of a merchant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "fate", rename_all = "snake_case")]
pub enum Fate {
    /// Still in the convoy's columns.
    InConvoy,
    /// In the Straggler Box [7.1.6].
    Straggler,
    /// Sunk, and by what: counted against the score [7.1.3].
    Sunk { by: String },
}

/// One merchant of the ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Merchant {
    pub name: String,
    pub size: MerchantSize,
    pub tonnage: u32,
    /// Damage points that sink her [8.0].
    pub sinks_at: u8,
    pub damage: u8,
    /// Stands for one of many ships: never rolled again [12.2].
    pub generic: bool,
    pub fate: Fate,
    /// A weather or engine-trouble straggler: she rejoins if she survives the encounter [7.1.6].
    pub temporary: bool,
    /// A temporary straggler that has been through an encounter: she rejoins in the next box.
    pub rejoins_next_box: bool,
    /// The travel box where she entered the log.
    pub box_number: u8,
    /// [11.1] [11.2] The entry of the scenario's H list she was picked from (counted from 0). The
    /// entry, not the name, is the ship: ONS 154's list names several "Cargo steamer"s, each its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<usize>,
}

impl Merchant {
    pub fn sunk(&self) -> bool {
        matches!(self.fate, Fate::Sunk { .. })
    }
}

/// The convoy and its ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Convoy {
    pub convoy: ConvoyType,
    pub size: ConvoySize,
    /// T1A for a large convoy, T1B for a small one [6.1 1B].
    pub display: String,
    pub ships: Vec<Merchant>,
}

impl Convoy {
    /// The merchants in the Straggler Box, largest first.
    pub fn stragglers(&self) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.ships.len())
            .filter(|&i| self.ships[i].fate == Fate::Straggler)
            .collect();
        v.sort_by_key(|&i| std::cmp::Reverse(self.ships[i].tonnage));
        v
    }

    /// Sinks or damages a merchant by `points`: whether she sank.
    pub(crate) fn damage(&mut self, i: usize, points: u8, by: &str, ev: &mut Vec<MissionEvent>) -> bool {
        let Some(m) = self.ships.get_mut(i) else {
            return false;
        };
        if m.sunk() {
            return false;
        }
        m.damage = m.damage.saturating_add(points);
        if m.damage >= m.sinks_at {
            m.fate = Fate::Sunk { by: by.to_string() };
            ev.push(MissionEvent::MerchantSunk {
                name: m.name.clone(),
                tonnage: m.tonnage,
            });
            true
        } else {
            ev.push(MissionEvent::MerchantDamaged {
                name: m.name.clone(),
                damage: m.damage,
                sinks_at: m.sinks_at,
            });
            false
        }
    }
}

/// A roll of the picking of ships.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickRoll {
    /// 1d6: small freighter, large freighter or tanker [7.1.3].
    Size,
    /// Percentile on the size's M chart [7.1.3] [3.4].
    Name {
        size: MerchantSize,
    },
    /// [11.1] [11.2] A scenario's H list: the band die, then the d20.
    Band,
    ScenarioShip,
}

/// Picking `want` ships of the convoy: their sizes first, then their names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picking {
    pub want: usize,
    /// A size given, not rolled (a small freighter lost at night [9.2]).
    pub fixed: Option<MerchantSize>,
    pub sizes: Vec<MerchantSize>,
    /// The ledger indices picked, in order.
    pub ships: Vec<usize>,
    /// [11.1] [11.2] The band die of the H list's roll under way.
    pub band: Option<u8>,
}

impl Picking {
    pub fn new(want: usize, fixed: Option<MerchantSize>) -> Self {
        Self {
            want,
            fixed,
            sizes: Vec::new(),
            ships: Vec::new(),
            band: None,
        }
    }
}

impl Mission {
    pub(crate) fn pick_roll_spec(&self, r: PickRoll) -> RollSpec {
        match r {
            PickRoll::Size => RollSpec::new(
                crate::dice::Dice::D1D6,
                "Target size",
                "7.1.3",
                "Roll the size of a ship in reach: 1-3 small freighter, 4-5 large, 6 tanker",
            ),
            PickRoll::Name { size } => {
                let chart = self.m_chart_id(size);
                RollSpec::new(
                    crate::dice::Dice::D100,
                    chart.clone(),
                    "7.1.3",
                    format!("Name the {} on {chart}", super::words::size(size)),
                )
            }
            PickRoll::Band => RollSpec::new(
                crate::dice::Dice::D1D6,
                self.scenario_ships_chart().unwrap_or_default(),
                "11.1",
                "Roll the band die of the convoy's list",
            ),
            PickRoll::ScenarioShip => RollSpec::new(
                crate::dice::Dice::D20,
                self.scenario_ships_chart().unwrap_or_default(),
                "11.1",
                "Roll 1d20 for the ship of the convoy's list",
            ),
        }
    }

    fn m_chart_id(&self, size: MerchantSize) -> String {
        self.data
            .data
            .catalog
            .merchants
            .size(size)
            .map_or_else(|| "M1".into(), |s| s.chart.clone())
    }

    /// The next roll the picking needs, or `None` once every ship is picked (standard tonnages need no
    /// name roll [12.1]).
    pub(crate) fn pick_next(&mut self, p: &mut Picking) -> Result<Option<PickRoll>, MissionError> {
        loop {
            if p.ships.len() >= p.want {
                return Ok(None);
            }
            // [11.1] [11.2] A scenario's merchants come from its own list, sizes and all.
            if self.scenario_ships_chart().is_some() {
                if !self.scenario_ship_left(p) {
                    return Ok(None);
                }
                return Ok(Some(if p.band.is_none() {
                    PickRoll::Band
                } else {
                    PickRoll::ScenarioShip
                }));
            }
            if p.fixed.is_none() && p.sizes.len() < p.want {
                return Ok(Some(PickRoll::Size));
            }
            let i = p.ships.len();
            let size = match p.fixed {
                Some(s) => s,
                None => p.sizes.get(i).copied().unwrap_or(MerchantSize::Small),
            };
            if self.options.optional.standard_tonnage {
                let entry = self
                    .data
                    .data
                    .catalog
                    .merchants
                    .size(size)
                    .ok_or_else(|| unanswered("merchants.json", format_args!("size '{size}'")))?;
                let tonnage = entry.standard_tons;
                let sinks_at = self
                    .data
                    .data
                    .catalog
                    .merchants
                    .points_to_sink(tonnage)
                    .ok_or_else(|| unanswered("merchants.json", "damage band"))?;
                let name = entry.name.clone();
                let id = self.new_merchant(name, size, tonnage, sinks_at, true);
                p.ships.push(id);
                continue;
            }
            return Ok(Some(PickRoll::Name { size }));
        }
    }

    pub(crate) fn new_merchant(
        &mut self,
        name: String,
        size: MerchantSize,
        tonnage: u32,
        sinks_at: u8,
        generic: bool,
    ) -> usize {
        self.convoy.ships.push(Merchant {
            name,
            size,
            tonnage,
            sinks_at,
            damage: 0,
            generic,
            fate: Fate::InConvoy,
            temporary: false,
            rejoins_next_box: false,
            box_number: self.voyage.box_number(),
            entry: None,
        });
        self.convoy.ships.len() - 1
    }

    /// Reads a picking roll.
    pub(crate) fn resolve_pick(
        &mut self,
        p: &mut Picking,
        r: PickRoll,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        match r {
            PickRoll::Size => {
                let c = self.procedure("target_size")?;
                let (rec, res) = proc_roll(c, "7.1.3", faces, vec![])?;
                let size = match res.word() {
                    Some("large") => MerchantSize::Large,
                    Some("tanker") => MerchantSize::Tanker,
                    _ => MerchantSize::Small,
                };
                self.record(rec.with_outcome(super::words::size(size)), ev);
                p.sizes.push(size);
            }
            PickRoll::Band => {
                let id = self.scenario_ships_chart().unwrap_or_default();
                let rec = RollRecord::new(id.clone(), "11.1", crate::dice::Dice::D1D6, faces, vec![], (1, 6));
                let face = u8::try_from(rec.natural).unwrap_or(1);
                let list = self
                    .data
                    .data
                    .charts
                    .scenario_ships(&id)
                    .ok_or_else(|| unanswered(&id, "ship list"))?;
                let adds = list.band_number(rec.natural).unwrap_or(0);
                self.record(rec.with_outcome(format!("the band: +{adds}")), ev);
                p.band = Some(face);
            }
            PickRoll::ScenarioShip => {
                let id = self.scenario_ships_chart().unwrap_or_default();
                let rec = RollRecord::new(id.clone(), "11.1", crate::dice::Dice::D20, faces, vec![], (1, 20));
                let band = i32::from(p.band.take().unwrap_or(1));
                let list = self
                    .data
                    .data
                    .charts
                    .scenario_ships(&id)
                    .ok_or_else(|| unanswered(&id, "ship list"))?;
                let (entry, m) = match list.pick(band, rec.natural) {
                    Some(Pick::Ship { entry, row }) => (entry, row.result.clone()),
                    _ => {
                        self.record(rec.with_outcome("a total the list rolls again [11.1] [11.2]"), ev);
                        return Ok(());
                    }
                };
                // [11.1] [11.2] Each entry of the list is its own ship, whatever her name.
                let known = self.convoy.ships.iter().position(|s| s.entry == Some(entry));
                let twice = known.is_some_and(|k| p.ships.contains(&k));
                let gone = known.is_some_and(|k| self.convoy.ships[k].fate != Fate::InConvoy);
                if twice || gone {
                    self.record(rec.with_outcome(format!("{}: roll again", m.name)), ev);
                    return Ok(());
                }
                let tons = super::words::tons(m.tonnage);
                self.record(rec.with_outcome(format!("{} ({tons})", m.name)), ev);
                let i = match known {
                    Some(k) => k,
                    None => {
                        let i = self.new_merchant(m.name, m.size, m.tonnage, m.damage, false);
                        self.convoy.ships[i].entry = Some(entry);
                        i
                    }
                };
                p.ships.push(i);
            }
            PickRoll::Name { size } => {
                let id = self.m_chart_id(size);
                let list = self
                    .data
                    .data
                    .charts
                    .ship_list(&id)
                    .ok_or_else(|| unanswered(&id, "ship list"))?;
                let (rec, m) = chart_roll(&list.chart, &id, "7.1.3", faces, vec![])?;
                let tons = super::words::tons(m.tonnage);
                if m.generic {
                    self.record(rec.with_outcome(format!("{} ({tons})", m.name)), ev);
                    let i = self.new_merchant(m.name, m.size, m.tonnage, m.damage, true);
                    p.ships.push(i);
                    return Ok(());
                }
                // A named ship is one ship: in reach twice, sunk or straggling, she is rolled again;
                // still in the convoy, she is the same entry of the ledger.
                let known = self
                    .convoy
                    .ships
                    .iter()
                    .position(|s| !s.generic && s.name == m.name);
                let twice = known.is_some_and(|k| p.ships.contains(&k));
                let gone = known.is_some_and(|k| self.convoy.ships[k].fate != Fate::InConvoy);
                let before =
                    self.options.optional.historical_targeting && self.options.sunk_before.contains(&m.name);
                if twice || gone || before {
                    let why = if before {
                        "sunk earlier in the career [12.2]: roll again"
                    } else if twice {
                        "already in reach: roll again"
                    } else {
                        "no longer in the convoy: roll again"
                    };
                    self.record(rec.with_outcome(format!("{}: {why}", m.name)), ev);
                    return Ok(());
                }
                self.record(rec.with_outcome(format!("{} ({tons})", m.name)), ev);
                let i = match known {
                    Some(k) => k,
                    None => self.new_merchant(m.name, m.size, m.tonnage, m.damage, false),
                };
                p.ships.push(i);
            }
        }
        Ok(())
    }
}
