//! The B charts: B1 torpedo to-hit, B2 torpedo damage, B3 escort detection, B4 attacks on U-boats, B5
//! U-boat damage (d66), B6 duds [7.1.3], B8 damage effects and repairs [B8], B9 U-boat crew quality
//! [12.3].

use serde::{Deserialize, Serialize};

use super::{
    Refs, check_columns_in_game, check_modifiers_in_game, check_threshold, game_dates, require_results,
    row_entry,
};
use crate::Provenance;
use crate::atlantic::catalog::ChartModifier;
use crate::atlantic::catalog::uboats::MINOR_DAMAGE;
use crate::chart::{Chart, ChartDice, Row};
use crate::modifier::{Constant, Modifier};
use crate::month::Month;
use crate::read::{Cx, Family, Fields, join};
use crate::summary::Summary;
use crate::table::{Dates, Table};

/// A B1 column: the range of the attack [7.1.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Range {
    Close,
    Medium,
    Long,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hit {
    Hit,
    Miss,
}

/// B1 Torpedo To-Hit: a hit on the number or less [7.1.3] [8.0].
#[derive(Debug, Clone, PartialEq)]
pub struct B1 {
    pub table: Table<Range, Hit>,
    pub modifiers: Vec<Modifier>,
}

impl B1 {
    pub fn roll(&self, range: Range, roll: i32) -> Option<Hit> {
        self.table
            .lookup(&range, crate::atlantic::GAME_START, roll)
            .map(|r| r.result)
    }
}

impl Family<Refs> for B1 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let table = cx.table(f);
        let modifiers = cx.modifiers(f);
        Some(Self {
            table: table?,
            modifiers,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for k in [Range::Close, Range::Medium, Range::Long] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
        for c in &self.table.columns {
            check_threshold(cx, &c.label(), &c.chart, &Hit::Hit);
        }
        cx.require_named(&self.modifiers, "modifier", &["green_uboat", "elite_uboat"]);
    }
    fn summary(&self) -> Summary {
        super::table_summary(&self.table)
    }
}

/// B2 Torpedo Damage: the damage points of a torpedo that explodes [7.1.3].
#[derive(Debug, Clone, PartialEq)]
pub struct B2 {
    pub chart: Chart<u8>,
}

impl Family<Refs> for B2 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for (i, r) in self.chart.rows.iter().enumerate() {
            if r.result == 0 {
                cx.err(
                    &format!("{}, field result", row_entry("", i, r)),
                    "a torpedo that explodes does at least 1 point",
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Detection {
    Escapes,
    Detected,
}

/// B3 Escort Detection, rolled once per boat [7.1.3 Important]: detected on the number or more.
#[derive(Debug, Clone, PartialEq)]
pub struct B3 {
    pub chart: Chart<Detection>,
    pub modifiers: Vec<Modifier>,
    pub constants: Vec<Constant>,
}

impl Family<Refs> for B3 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let modifiers = cx.modifiers(f);
        let constants = cx.constants(f);
        Some(Self {
            chart: chart?,
            modifiers,
            constants,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        check_threshold(cx, "", &self.chart, &Detection::Escapes);
        let rows: Vec<_> = self.chart.rows.iter().collect();
        require_results(
            cx,
            "field rows",
            &rows,
            &[Detection::Escapes, Detection::Detected],
        );
        check_modifiers_in_game(cx, &self.modifiers);
        cx.require_named(
            &self.modifiers,
            "modifier",
            &[
                "prior_detection",
                "two_escorts",
                "escorts_moved",
                "year_1942",
                "year_1943",
                "g7a_by_day",
                "dive_planes",
                "fuel_tanks",
                "elite_uboat",
            ],
        );
        cx.require_named(&self.constants, "constant", &["always_escapes_on_natural"]);
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// A B4 column: depth charges, or a Hedgehog when an attacking escort has one [7.1.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum B4Key {
    DepthCharges,
    Hedgehog,
}

/// The hits of an attack; each is rolled on B5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hits {
    pub hits: u8,
}

/// B4 Attacks on U-boats, rolled once per attack [7.1.3 Important].
#[derive(Debug, Clone, PartialEq)]
pub struct B4 {
    pub table: Table<B4Key, Hits>,
    pub modifiers: Vec<Modifier>,
    pub constants: Vec<Constant>,
}

impl B4 {
    /// The hits of a (modified) roll in a column, clamped to its span (a depth-charge roll past 16 reads
    /// the 16 row).
    pub fn hits(&self, key: B4Key, roll: i32) -> Option<u8> {
        self.table
            .lookup(&key, crate::atlantic::GAME_START, roll)
            .map(|r| r.result.hits)
    }
}

impl Family<Refs> for B4 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let table = cx.table(f);
        let modifiers = cx.modifiers(f);
        let constants = cx.constants(f);
        Some(Self {
            table: table?,
            modifiers,
            constants,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for k in [B4Key::DepthCharges, B4Key::Hedgehog] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
        for c in &self.table.columns {
            // Depth charges: the higher the roll, the more hits; Hedgehog: a hit on the number or less.
            let rising = c.key == B4Key::DepthCharges;
            for (i, pair) in c.chart.rows.windows(2).enumerate() {
                let (a, b) = (pair[0].result.hits, pair[1].result.hits);
                if (rising && b < a) || (!rising && b > a) {
                    cx.err(
                        &row_entry(&c.label(), i + 1, &pair[1]),
                        if rising {
                            "a higher depth-charge roll never gives fewer hits"
                        } else {
                            "a Hedgehog hits on a low roll: a higher roll never gives more hits"
                        },
                    );
                }
            }
            if rising && c.chart.span().1 <= 12 {
                cx.err(
                    &c.label(),
                    "modifiers take a depth-charge roll past 12: the span must go beyond it",
                );
            }
        }
        cx.require_named(
            &self.modifiers,
            "modifier",
            &[
                "aircraft",
                "river_frigate",
                "one_motor_out",
                "both_motors_out",
                "fuel_tanks",
                "batteries",
                "hydrophones",
                "green_crew",
                "hedgehog_elite_crew",
            ],
        );
        cx.require_named(
            &self.constants,
            "constant",
            &[
                "evasion_wrong_direction",
                "evasion_same_direction",
                "evasion_exact",
                "aircrew_green_hits",
                "aircrew_veteran_hits",
                "aircrew_elite_hits",
                "aircrew_elite_casualties",
            ],
        );
    }
    fn summary(&self) -> Summary {
        super::table_summary(&self.table)
    }
}

/// B5 U-boat Damage: one d66 roll per hit, naming a system of the U1 mat or minor damage [7.1.3].
#[derive(Debug, Clone, PartialEq)]
pub struct B5 {
    pub chart: Chart<String>,
}

impl B5 {
    pub fn system(&self, roll: i32) -> Option<&str> {
        self.chart.lookup(roll).map(|r| r.result.as_str())
    }
}

impl Family<Refs> for B5 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn check(&self, cx: &mut Cx, refs: &Refs) {
        if self.chart.dice != ChartDice::D66 {
            cx.err("field dice", "B5 is read with d66 [8.0]");
        }
        for (i, r) in self.chart.rows.iter().enumerate() {
            if !refs.systems.contains(&r.result) {
                cx.err(
                    &format!("{}, field result", row_entry("", i, r)),
                    format!(
                        "'{}' is no system of uboats.json; B5 names {}",
                        r.result,
                        refs.systems.join(", ")
                    ),
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dud {
    Dud,
    Explodes,
}

/// B6 Torpedo Duds, one roll per hit [7.1.3].
#[derive(Debug, Clone, PartialEq)]
pub struct B6 {
    pub chart: Chart<Dud>,
}

impl Family<Refs> for B6 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        let rows: Vec<_> = self.chart.rows.iter().collect();
        require_results(cx, "field rows", &rows, &[Dud::Dud, Dud::Explodes]);
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// The halt-flooding roll [B8] [7.3.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flooding {
    Halted,
    MoreFlooding,
}

/// A repair roll after combat [B8] [7.3.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Repair {
    Fixed,
    NotRepairable,
}

/// A repair roll as written inside an effect.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRepair {
    dice: ChartDice,
    #[serde(default)]
    title: Option<String>,
    rows: Vec<Row<Repair>>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEffect {
    system: String,
    effect: String,
    #[serde(default)]
    drms: Vec<ChartModifier>,
    repair: Option<RawRepair>,
    provenance: Provenance,
}

/// What damage to a system does, the modifiers it brings, and its repair roll (none when it cannot
/// be repaired at sea) [B8].
#[derive(Debug, Clone, PartialEq)]
pub struct DamageEffect {
    pub system: String,
    /// In our words.
    pub effect: String,
    pub drms: Vec<ChartModifier>,
    pub repair: Option<Chart<Repair>>,
    pub provenance: Provenance,
}

/// B8 U-boat Damage Effects, the one chart printed in the rulebook [B8] (in our words).
#[derive(Debug, Clone, PartialEq)]
pub struct B8 {
    pub title: String,
    pub notes: Vec<String>,
    pub halt_flooding: Chart<Flooding>,
    pub effects: Vec<DamageEffect>,
}

impl B8 {
    pub fn effect(&self, system: &str) -> Option<&DamageEffect> {
        self.effects.iter().find(|e| e.system == system)
    }
}

impl Family<Refs> for B8 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let header = cx.header(f);
        let halt = cx.section(f, "halt_flooding", "Halt flooding");
        let raw: Vec<RawEffect> = cx.required_entries(f, "effects", "effect");
        let mut effects = Vec::new();
        for (i, e) in raw.into_iter().enumerate() {
            let at = format!("effect {} ({})", i + 1, e.system);
            cx.provenance(&e.provenance, &at);
            let repair = e.repair.map(|r| Chart {
                id: cx.chart.clone(),
                title: r.title.unwrap_or_else(|| format!("{} repair", e.system)),
                dice: r.dice,
                span: None,
                rows: r.rows,
                notes: Vec::new(),
            });
            if let Some(chart) = &repair {
                let problems = chart.problems(cx.file);
                cx.absorb(&join(&at, "repair"), problems);
            }
            effects.push(DamageEffect {
                system: e.system,
                effect: e.effect,
                drms: e.drms,
                repair,
                provenance: e.provenance,
            });
        }
        let header = header?;
        Some(Self {
            title: header.title,
            notes: header.notes,
            halt_flooding: halt?,
            effects,
        })
    }
    fn check(&self, cx: &mut Cx, refs: &Refs) {
        for s in &refs.systems {
            match self.effects.iter().filter(|e| e.system == *s).count() {
                1 => {}
                0 => cx.err("field effects", format!("no effect for the system '{s}'")),
                _ => cx.err("field effects", format!("the system '{s}' has two effects")),
            }
        }
        for (i, e) in self.effects.iter().enumerate() {
            let at = format!("effect {} ({})", i + 1, e.system);
            if !refs.systems.contains(&e.system) {
                cx.err(
                    &format!("{at}, field system"),
                    format!("'{}' is no system of uboats.json", e.system),
                );
            }
            let unrepairable = ["hull", "flooding", "crew", MINOR_DAMAGE].contains(&e.system.as_str());
            match (&e.repair, unrepairable) {
                (Some(_), true) => cx.err(
                    &format!("{at}, field repair"),
                    "hull damage is not repaired at sea; flooding is pumped out and wounds and minor damage have no repair roll [7.3.4] [B8]",
                ),
                (Some(chart), false) => check_threshold(cx, &join(&at, "repair"), chart, &Repair::Fixed),
                _ => {}
            }
        }
        let rows: Vec<_> = self.halt_flooding.rows.iter().collect();
        require_results(
            cx,
            "halt_flooding",
            &rows,
            &[Flooding::Halted, Flooding::MoreFlooding],
        );
    }
    fn summary(&self) -> Summary {
        let repairs: usize = self
            .effects
            .iter()
            .filter_map(|e| e.repair.as_ref())
            .map(|c| c.rows.len())
            .sum();
        Summary {
            id: self.halt_flooding.id.clone(),
            title: self.title.clone(),
            dice: crate::summary::dice_name(self.halt_flooding.dice).to_string(),
            shape: format!("halt flooding and {} effects", self.effects.len()),
            rows: self.halt_flooding.rows.len() + repairs,
        }
    }
}

/// B9's one column, in year bands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum B9Key {
    UboatQuality,
}

/// A crew's quality: a U-boat's [12.3], an aircrew's [12.4] or an escort's [3.3.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quality {
    Green,
    Trained,
    Veteran,
    Elite,
}

/// B9 U-boat Crew Quality, optional [12.3] [12.3 ERRATA].
#[derive(Debug, Clone, PartialEq)]
pub struct B9 {
    pub table: Table<B9Key, Quality>,
}

impl B9 {
    pub fn quality(&self, when: Month, roll: i32) -> Option<Quality> {
        self.table
            .lookup(&B9Key::UboatQuality, when, roll)
            .map(|r| r.result)
    }
}

impl Family<Refs> for B9 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { table: cx.table(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        self.table.check_dates(cx, |_| game_dates());
        check_columns_in_game(cx, &self.table);
    }
    fn summary(&self) -> Summary {
        super::table_summary(&self.table)
    }
}
