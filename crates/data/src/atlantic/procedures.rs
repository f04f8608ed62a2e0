//! The rolls the Atlantic Sentinels rulebook gives in its running text rather than on a printed chart
//! (day or night, contact reports, the day attack, HF/DF, Type 271 and ASDIC, range, target size,
//! FIDO, Condor damage, ramming, repairs, promotion, the optional crews, aircrews and evasion), as
//! charts with provenance, and the small fixed numbers of the procedure. Shipped in
//! `data/atlantic/procedures.json`; each chart can be overridden like a printed one.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::catalog::reader::FileReader;
use super::charts::{Refs, check_modifiers_in_game, load_chart, row_entry};
use crate::DataError;
use crate::chart::{Chart, ChartDice};
use crate::modifier::{Constant, Modifier};
use crate::read::{Cx, Family, Fields};
use crate::summary::Summary;

pub const SHIPPED: &str = include_str!("../../../../data/atlantic/procedures.json");
pub const FILE: &str = "data/atlantic/procedures.json";

/// What an in-text roll gives: a word (`day`, `detected`, a group id), a number (a Condor's damage
/// points) or a number of months (a torpedoed escort's repair).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ProcedureResult {
    Word(String),
    Number(i32),
    Months { months: u8 },
}

impl ProcedureResult {
    pub fn word(&self) -> Option<&str> {
        match self {
            ProcedureResult::Word(w) => Some(w),
            _ => None,
        }
    }
}

/// What a procedure chart must give.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// Exactly these words, each on some row.
    Words(&'static [&'static str]),
    /// The escort groups of [4.1], each once.
    Groups,
    /// Numbers of damage points, at least 1.
    Points,
    /// Months of repair, at least 1.
    Months,
}

const DETECTION: &[&str] = &["detected", "not_detected"];

/// Every procedure chart: its id, its dice, what it gives, and the modifiers it must print.
const REQUIRED: &[(&str, ChartDice, Expect, &[&str])] = &[
    ("escort_group", ChartDice::D10, Expect::Groups, &[]),
    ("day_night", ChartDice::D6, Expect::Words(&["day", "night"]), &[]),
    (
        "contact_report",
        ChartDice::D6,
        Expect::Words(&["silent", "report"]),
        &[],
    ),
    (
        "day_attack",
        ChartDice::D6,
        Expect::Words(&["attacks", "shadows"]),
        &[],
    ),
    ("hf_df", ChartDice::D6, Expect::Words(DETECTION), &[]),
    (
        "type_271_day",
        ChartDice::D6,
        Expect::Words(DETECTION),
        &["veteran_crew", "elite_crew"],
    ),
    (
        "type_271_night",
        ChartDice::D6,
        Expect::Words(DETECTION),
        &["veteran_crew", "elite_crew"],
    ),
    ("asdic", ChartDice::D6, Expect::Words(DETECTION), &[]),
    (
        "attack_range",
        ChartDice::D6,
        Expect::Words(&["close", "medium", "long"]),
        &[],
    ),
    (
        "target_size",
        ChartDice::D6,
        Expect::Words(&["small", "large", "tanker"]),
        &[],
    ),
    (
        "torpedo_kind_day",
        ChartDice::D6,
        Expect::Words(&["g7a", "g7e"]),
        &[],
    ),
    (
        "torpedo_kind_night",
        ChartDice::D6,
        Expect::Words(&["g7a", "g7e"]),
        &[],
    ),
    (
        "fido_check",
        ChartDice::D6,
        Expect::Words(&["fido", "bombs"]),
        &[],
    ),
    ("condor_damage", ChartDice::D6, Expect::Points, &[]),
    (
        "ramming",
        ChartDice::D2D6,
        Expect::Words(&["sunk", "crypto_captured"]),
        &[],
    ),
    ("escort_repair", ChartDice::D6, Expect::Months, &[]),
    (
        "promotion",
        ChartDice::D6,
        Expect::Words(&["promoted", "not_promoted"]),
        &["per_three_uboats_sunk", "per_ten_merchants_lost"],
    ),
    (
        "green_crew",
        ChartDice::D6,
        Expect::Words(&["green", "trained"]),
        &[],
    ),
    (
        "aircraft_quality_1940",
        ChartDice::D6,
        Expect::Words(&["green", "trained", "veteran"]),
        &[],
    ),
    (
        "aircraft_quality_1942",
        ChartDice::D6,
        Expect::Words(&["green", "trained", "veteran", "elite"]),
        &[],
    ),
    (
        "evasion_direction",
        ChartDice::D6,
        Expect::Words(&["left", "right", "straight"]),
        &[],
    ),
];

/// The ids of every procedure chart, in the file's order.
pub fn chart_ids() -> Vec<&'static str> {
    REQUIRED.iter().map(|r| r.0).collect()
}

const REQUIRED_CONSTANTS: &[&str] = &[
    "max_cycles",
    "first_cycle_impulses",
    "targets_in_reach",
    "uboat_attacks_carried",
    "hedgehog_reloads",
    "depth_charge_point",
    "ramming_repair_months",
    "travel_boxes",
];

/// One procedure chart and the modifiers printed with it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProcedureChart {
    pub chart: Chart<ProcedureResult>,
    pub modifiers: Vec<Modifier>,
}

impl ProcedureChart {
    /// The result of a (modified) roll.
    pub fn roll(&self, roll: i32) -> Option<&ProcedureResult> {
        self.chart.lookup(roll).map(|r| &r.result)
    }

    /// The word of a (modified) roll.
    pub fn word(&self, roll: i32) -> Option<&str> {
        self.roll(roll).and_then(ProcedureResult::word)
    }
}

impl Family<Refs> for ProcedureChart {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let modifiers = cx.modifiers(f);
        Some(Self {
            chart: chart?,
            modifiers,
        })
    }
    fn check(&self, cx: &mut Cx, refs: &Refs) {
        let Some((_, dice, expect, modifiers)) = REQUIRED.iter().find(|r| r.0 == cx.chart) else {
            let id = cx.chart.clone();
            cx.err("", unknown_procedure(&id));
            return;
        };
        if self.chart.dice != *dice {
            cx.err(
                "field dice",
                format!("this roll is {}", crate::summary::dice_name(*dice)),
            );
        }
        let rows = &self.chart.rows;
        match expect {
            Expect::Words(words) => {
                for (i, r) in rows.iter().enumerate() {
                    if !r.result.word().is_some_and(|w| words.contains(&w)) {
                        cx.err(
                            &format!("{}, field result", row_entry("", i, r)),
                            format!("this roll gives {}", words.join(", ")),
                        );
                    }
                }
                for w in *words {
                    if !rows.iter().any(|r| r.result.word() == Some(w)) {
                        cx.err("field rows", format!("no row gives {w}"));
                    }
                }
            }
            Expect::Groups => {
                for (i, r) in rows.iter().enumerate() {
                    if !r
                        .result
                        .word()
                        .is_some_and(|w| refs.groups.iter().any(|g| g == w))
                    {
                        cx.err(
                            &format!("{}, field result", row_entry("", i, r)),
                            format!("this roll gives an escort group: {}", refs.groups.join(", ")),
                        );
                    }
                }
                for g in &refs.groups {
                    if rows.iter().filter(|r| r.result.word() == Some(g)).count() != 1 {
                        cx.err(
                            "field rows",
                            format!("the group '{g}' is on no row, or on two [4.1]"),
                        );
                    }
                }
            }
            Expect::Points | Expect::Months => {
                for (i, r) in rows.iter().enumerate() {
                    let ok = match (expect, &r.result) {
                        (Expect::Points, ProcedureResult::Number(n)) => *n >= 1,
                        (Expect::Months, ProcedureResult::Months { months }) => *months >= 1,
                        _ => false,
                    };
                    if !ok {
                        cx.err(
                            &format!("{}, field result", row_entry("", i, r)),
                            if matches!(expect, Expect::Points) {
                                "this roll gives damage points, 1 or more"
                            } else {
                                "this roll gives {\"months\": n}, n 1 or more"
                            },
                        );
                    }
                }
            }
        }
        check_modifiers_in_game(cx, &self.modifiers);
        cx.require_named(&self.modifiers, "modifier", modifiers);
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

pub(crate) fn unknown_procedure(id: &str) -> String {
    format!(
        "unknown procedure chart '{id}'; the procedure charts are {}",
        chart_ids().join(", ")
    )
}

/// The validated procedure charts and constants.
#[derive(Debug, Clone, PartialEq)]
pub struct Procedures {
    pub notes: Vec<String>,
    /// In the file's order.
    pub charts: Vec<(String, ProcedureChart)>,
    pub constants: Vec<Constant>,
}

impl Procedures {
    pub fn shipped(refs: &Refs) -> Result<Self, Vec<DataError>> {
        Self::parse(FILE, SHIPPED, refs)
    }

    /// Reads and validates a procedures file: every chart covers its dice and gives what its roll gives,
    /// every chart and constant the rules need is there. Every mistake is returned.
    pub fn parse(file: &str, text: &str, refs: &Refs) -> Result<Self, Vec<DataError>> {
        let mut r = FileReader::new(file, text, "procedures")?;
        let notes = r.notes();
        let raw = r.raw_list("charts");
        let constants: Vec<Constant> = r.list("constants");
        let mut charts = Vec::new();
        let mut cx = r.cx("charts");
        for (i, value) in raw.iter().enumerate() {
            let Some(id) = value.get("id").and_then(Value::as_str) else {
                cx.err(&format!("chart {}", i + 1), "a procedure chart names its id");
                continue;
            };
            if charts.iter().any(|(other, _)| other == id) {
                cx.err(&format!("chart {}", i + 1), format!("'{id}' appears twice"));
                continue;
            }
            match load_chart::<ProcedureChart>(file, id, value, refs) {
                Ok(c) => charts.push((id.to_string(), c)),
                Err(mut e) => cx.errors.append(&mut e),
            }
        }
        for (id, ..) in REQUIRED {
            if !raw
                .iter()
                .any(|v| v.get("id").and_then(Value::as_str) == Some(id))
            {
                cx.err("", format!("the procedure chart '{id}' is missing"));
            }
        }
        r.absorb(cx);
        let mut cx = r.cx("constants");
        for (i, c) in constants.iter().enumerate() {
            cx.provenance(&c.provenance, &format!("constant {} ({})", i + 1, c.id));
        }
        cx.require_named(&constants, "constant", REQUIRED_CONSTANTS);
        r.absorb(cx);
        let errors = r.finish(&refs.cases);
        if errors.is_empty() {
            Ok(Self {
                notes,
                charts,
                constants,
            })
        } else {
            Err(errors)
        }
    }

    /// A procedure chart by id.
    pub fn chart(&self, id: &str) -> Option<&ProcedureChart> {
        self.charts.iter().find(|(i, _)| i == id).map(|(_, c)| c)
    }

    /// A constant by id.
    pub fn constant(&self, id: &str) -> Option<i32> {
        self.constants.iter().find(|c| c.id == id).map(|c| c.value)
    }

    /// Reads `value` as procedure chart `id` and, if it is valid, puts it in place of the current one.
    pub fn replace(
        &mut self,
        file: &str,
        id: &str,
        value: &Value,
        refs: &Refs,
    ) -> Result<(), Vec<DataError>> {
        let Some(slot) = self.charts.iter_mut().find(|(i, _)| i == id) else {
            return Err(vec![DataError::new(file, id, "", unknown_procedure(id))]);
        };
        slot.1 = load_chart::<ProcedureChart>(file, id, value, refs)?;
        Ok(())
    }

    pub fn summaries(&self) -> Vec<Summary> {
        self.charts.iter().map(|(_, c)| c.summary()).collect()
    }
}
