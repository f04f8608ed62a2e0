//! Damage to IJN Set ships (`repair.json`): out until the next War Period [3.5], or the optional Damage
//! Table and repair track [3.51*] with its Campaign Game multipliers [3.52*A] [3.52*B]. The printed table
//! is lost from our text: the bands and months are reconstructed to every value the text states, which
//! the loader holds any table to (a player's own table included).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::Sources;
use super::combat::{Said, said};
use super::reading::{Cited, RawSources, Reader};
use crate::chart::{Chart, ChartDice};
use crate::{DataError, Provenance};

/// The id the Damage Table has in override files and roll records.
pub const DAMAGE_TABLE_ID: &str = "ijn_damage";

/// One tonnage band of the Damage Table: the die roll to full months in repair.
#[derive(Debug, Clone, PartialEq)]
pub struct DamageColumn {
    pub column: String,
    /// Thousands of tons, inclusive; `tons_to` `None` = "and up".
    pub tons_from: u32,
    pub tons_to: Option<u32>,
    pub provenance: Provenance,
    pub chart: Chart<u32>,
}

impl DamageColumn {
    /// `1-4t`, `40t and up`.
    pub fn band(&self) -> String {
        match self.tons_to {
            Some(t) => format!("{}-{t}t", self.tons_from),
            None => format!("{}t and up", self.tons_from),
        }
    }
}

/// The optional IJN Set Damage Table [3.51*].
#[derive(Debug, Clone, PartialEq)]
pub struct DamageTable {
    pub id: String,
    pub title: String,
    pub dice: ChartDice,
    pub columns: Vec<DamageColumn>,
}

impl DamageTable {
    /// The band a ship of this tonnage reads (below the first band: the first).
    pub fn column_for(&self, tonnage: u32) -> Option<&DamageColumn> {
        self.columns
            .iter()
            .find(|c| tonnage >= c.tons_from && c.tons_to.is_none_or(|t| tonnage <= t))
            .or_else(|| self.columns.first().filter(|c| tonnage < c.tons_from))
    }

    /// Full months in repair for a ship of this tonnage and this roll, before any multiplier.
    pub fn months(&self, tonnage: u32, roll: i32) -> Option<u32> {
        self.column_for(tonnage)?.chart.lookup(roll).map(|r| r.result)
    }
}

/// A Campaign Game multiplier of repair times [3.52*A] [3.52*B].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Multiplier {
    pub id: String,
    pub factor: u32,
    /// Whole tons sunk by the player from which it applies.
    pub tons_sunk_at_least: u64,
    pub campaign_games: Vec<u8>,
    pub when: String,
    pub sources: Sources,
}

/// A fixed number with its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constant {
    pub id: String,
    pub value: u64,
    pub meaning: String,
    pub provenance: Provenance,
}

/// The validated repair rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Repair {
    /// Out until the next War Period [3.5].
    pub basic: Said,
    pub damage_table: DamageTable,
    pub returns: Said,
    pub multipliers: Vec<Multiplier>,
    pub multiplier_notes: Vec<String>,
    pub constants: Vec<Constant>,
}

impl Repair {
    /// The multiplier in force for a Campaign Game and the tons sunk: the highest one reached, none
    /// outside its Campaign Games.
    pub fn multiplier(&self, campaign_game: Option<u8>, tons_sunk: u64) -> Option<&Multiplier> {
        let game = campaign_game?;
        self.multipliers
            .iter()
            .filter(|m| m.campaign_games.contains(&game) && tons_sunk >= m.tons_sunk_at_least)
            .max_by_key(|m| m.factor)
    }

    /// Whether any multiplier can apply in this Campaign Game (so the companion must ask the tonnage).
    pub fn multiplies_in(&self, campaign_game: Option<u8>) -> bool {
        campaign_game.is_some_and(|g| self.multipliers.iter().any(|m| m.campaign_games.contains(&g)))
    }

    pub fn constant(&self, id: &str) -> Option<u64> {
        self.constants.iter().find(|c| c.id == id).map(|c| c.value)
    }

    pub(crate) fn read(file: &str, text: &str) -> Result<(Self, Vec<Cited>), Vec<DataError>> {
        let keys = [
            "basic",
            "damage_table",
            "return",
            "multipliers",
            "multiplier_notes",
            "constants",
        ];
        let (mut r, obj) = Reader::open(file, "repair", text, &keys)?;
        let basic = basic(&mut r, &obj);
        let table = match obj.get("damage_table") {
            Some(v) => read_damage_table(&mut r, v, "damage_table"),
            None => {
                r.err("field damage_table", "missing");
                None
            }
        };
        let returns = said(
            &mut r,
            &obj,
            "return",
            &["months_counted_from", "returns_at", "zero"],
        );
        let multipliers: Vec<Multiplier> = r
            .list::<RawMultiplier>(&obj, "multipliers", "multiplier", "id")
            .into_iter()
            .map(|(label, m)| {
                if m.factor < 2 {
                    r.err(
                        &format!("{label}, field factor"),
                        "a multiplier lengthens repairs: 2 or more",
                    );
                }
                if m.campaign_games.is_empty() || m.campaign_games.iter().any(|g| !(1..=4).contains(g)) {
                    r.err(
                        &format!("{label}, field campaign_games"),
                        "Campaign Games are 1 to 4",
                    );
                }
                let sources = r.sources(
                    &label,
                    RawSources {
                        provenance: m.provenance,
                        field_provenance: m.field_provenance,
                    },
                    &["id", "factor", "tons_sunk_at_least", "campaign_games", "when"],
                );
                Multiplier {
                    id: m.id,
                    factor: m.factor,
                    tons_sunk_at_least: m.tons_sunk_at_least,
                    campaign_games: m.campaign_games,
                    when: m.when,
                    sources,
                }
            })
            .collect();
        r.unique(multipliers.iter().map(|m| ("field multipliers", m.id.as_str())));
        let notes = r.field::<Vec<String>>(&obj, "multiplier_notes");
        let constants: Vec<Constant> = r
            .list::<RawConstant>(&obj, "constants", "constant", "id")
            .into_iter()
            .map(|(label, c)| {
                r.provenance(&label, &c.provenance);
                Constant {
                    id: c.id,
                    value: c.value,
                    meaning: c.meaning,
                    provenance: c.provenance,
                }
            })
            .collect();
        let repair = (|| {
            Some(Repair {
                basic: basic?,
                damage_table: table?,
                returns: returns?,
                multipliers,
                multiplier_notes: notes?,
                constants,
            })
        })();
        r.finish(repair)
    }
}

fn basic(r: &mut Reader, obj: &Map<String, Value>) -> Option<Said> {
    let b = r.field::<RawBasic>(obj, "basic")?;
    let sources = r.sources(
        "field basic",
        RawSources {
            provenance: b.provenance,
            field_provenance: BTreeMap::new(),
        },
        &["id", "effect"],
    );
    let mut texts = BTreeMap::new();
    texts.insert("id".to_string(), b.id);
    texts.insert("effect".to_string(), b.effect);
    Some(Said { texts, sources })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBasic {
    id: String,
    effect: String,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMultiplier {
    id: String,
    factor: u32,
    tons_sunk_at_least: u64,
    campaign_games: Vec<u8>,
    when: String,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConstant {
    id: String,
    value: u64,
    meaning: String,
    provenance: Provenance,
}

/// Reads a Damage Table (the shipped one, or a player's in an override file) and holds it to the points
/// the text states [3.51*] [3.52*A]: a 2t ship's roll of 4 is 2 months, a 14t ship's 6 is 5 months.
pub(crate) fn read_damage_table(r: &mut Reader, v: &Value, entry: &str) -> Option<DamageTable> {
    let o = r.cx.object(v, entry)?;
    r.cx.only(o, &["id", "title", "dice", "optional", "columns", "notes"], entry);
    let before = r.cx.errors.len();
    if let Some(id) = r.cx.opt::<String>(o, "id", entry)
        && id != DAMAGE_TABLE_ID
    {
        r.err(
            &format!("{entry}, field id"),
            format!("the Damage Table's id is '{DAMAGE_TABLE_ID}'"),
        );
    }
    let title = r.cx.req::<String>(o, "title", entry);
    let dice = r.cx.req::<ChartDice>(o, "dice", entry);
    let _ = r.cx.opt::<bool>(o, "optional", entry);
    let notes = r.cx.notes(o, entry);
    if dice.is_some_and(|d| d != ChartDice::D10Zero) {
        r.err(
            &format!("{entry}, field dice"),
            "the Damage Table is read on the Silent War die, \"1d10z\"",
        );
    }
    let mut columns = Vec::new();
    if let Some(cols) = o
        .get("columns")
        .and_then(|c| r.cx.array(c, &format!("{entry}, field columns")))
    {
        for (i, c) in cols.iter().enumerate() {
            let name = c
                .get("column")
                .and_then(Value::as_str)
                .map_or_else(|| format!("{}", i + 1), str::to_string);
            let at = format!("{entry}, column {name}");
            let Some(co) = r.cx.object(c, &at) else {
                continue;
            };
            r.cx.only(co, &["column", "tons_from", "tons_to", "provenance", "rows"], &at);
            let column = r.cx.req::<String>(co, "column", &at);
            let from = r.cx.req::<u32>(co, "tons_from", &at);
            let to = r.cx.opt::<u32>(co, "tons_to", &at);
            let provenance = r.cx.req::<Provenance>(co, "provenance", &at);
            if let Some(p) = &provenance {
                r.provenance(&at, p);
            }
            let rows = r.cx.rows::<u32>(co.get("rows"), &at);
            let (Some(column), Some(from), Some(provenance), Some(dice)) = (column, from, provenance, dice)
            else {
                continue;
            };
            for row in &rows {
                r.provenance(&format!("{at}, row {}", String::from(row.roll)), &row.provenance);
            }
            let chart = Chart {
                id: DAMAGE_TABLE_ID.to_string(),
                title: title.clone().unwrap_or_default(),
                dice,
                span: None,
                rows,
                notes: Vec::new(),
            };
            let problems = chart.problems(r.cx.file);
            r.cx.absorb(&at, problems);
            columns.push(DamageColumn {
                column,
                tons_from: from,
                tons_to: to,
                provenance,
                chart,
            });
        }
    } else if o.get("columns").is_none() {
        r.err(&format!("{entry}, field columns"), "missing");
    }
    let mut next = 1;
    for (i, c) in columns.iter().enumerate() {
        let at = format!("{entry}, column {}", c.column);
        if c.tons_from != next {
            r.err(
                &at,
                format!(
                    "the bands run on from 1 ton without a gap: this one starts at {}, not {next}",
                    c.tons_from
                ),
            );
        }
        match c.tons_to {
            Some(t) if t < c.tons_from => r.err(&at, "runs backwards"),
            Some(t) => next = t + 1,
            None if i + 1 < columns.len() => r.err(&at, "only the last band is open (\"and up\")"),
            None => {}
        }
    }
    if columns.last().is_some_and(|c| c.tons_to.is_some()) {
        r.err(entry, "the last band runs on (\"and up\"): give it no tons_to");
    }
    let table = DamageTable {
        id: DAMAGE_TABLE_ID.to_string(),
        title: title?,
        dice: dice?,
        columns,
    };
    let _ = notes;
    if r.cx.errors.len() == before {
        for (tons, roll, months, case) in [(2, 4, 2, "3.51*"), (14, 6, 5, "3.52*A")] {
            let got = table.months(tons, roll);
            if got != Some(months) {
                r.err(
                    entry,
                    format!(
                        "a {tons}t ship rolling {roll} is in repair {months} months [{case}]; this table gives {}",
                        got.map_or("nothing".to_string(), |g| g.to_string())
                    ),
                );
            }
        }
    }
    (r.cx.errors.len() == before).then_some(table)
}
