//! The combat charts: A2 anti-aircraft fire, A4 quick dive, B1 to-hit, B2 defective torpedoes, B3 damage
//! to ships, B4 escort detection, B5 attacks on the submarine, B6 flooding, B7 damage effects and crew
//! wounds, B11 random events.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Outcome, Refs};
use crate::Provenance;
use crate::chart::{Chart, ChartDice, Row};
use crate::modifier::{Constant, Modifier};
use crate::month::Month;
use crate::read::{Cx, Family, Fields};
use crate::summary::{Summary, dice_list};
use crate::table::{Dates, Table};

macro_rules! display_as_json {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let s = serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string));
                f.write_str(s.as_deref().unwrap_or("?"))
            }
        }
    )*};
}

/// Checks every value of `all` appears as a result somewhere in `rows`.
fn require_results<T: PartialEq + fmt::Debug>(cx: &mut Cx, entry: &str, rows: &[&Row<T>], all: &[T]) {
    for want in all {
        if !rows.iter().any(|r| r.result == *want) {
            cx.err(entry, format!("no row gives {want:?}"));
        }
    }
}

/// Checks the rows of a "succeeds on N or less" column: every `good` row comes before every other row.
fn check_threshold<T: PartialEq>(cx: &mut Cx, label: &str, chart: &Chart<T>, good: &T) {
    let mut seen_bad = false;
    for (i, r) in chart.rows.iter().enumerate() {
        if r.result == *good {
            if seen_bad {
                cx.err(
                    &format!("{label}, row {} ({})", i + 1, String::from(r.roll)),
                    "a success above a failure: this column must succeed on a roll of N or less",
                );
            }
        } else {
            seen_bad = true;
        }
    }
}

// ---------------------------------------------------------------------------------------------- A2

/// An A2 result [8.3.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AaResult {
    ShotDown,
    Damaged,
    NoEffect,
}

/// A2 Anti-Aircraft Fire [8.3.2] [8.3.5].
#[derive(Debug, Clone, PartialEq)]
pub struct A2 {
    pub chart: Chart<AaResult>,
    pub modifiers: Vec<Modifier>,
}

impl Family<Refs> for A2 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let modifiers = cx.modifiers(f);
        Some(Self {
            chart: chart?,
            modifiers,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        let rows: Vec<_> = self.chart.rows.iter().collect();
        require_results(
            cx,
            "field rows",
            &rows,
            &[AaResult::ShotDown, AaResult::Damaged, AaResult::NoEffect],
        );
        cx.require_named(
            &self.modifiers,
            "modifier",
            &["two_aa_guns", "veteran_crew", "elite_crew", "aa_gun_expert"],
        );
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

// ---------------------------------------------------------------------------------------------- A4

/// An A4 result [8.3.1] [8.3.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiveResult {
    /// Sighted in time: the quick dive succeeds.
    NoCombat,
    /// One attack on B5.
    Attack,
    /// Two attacks on B5 (a modified 1).
    TwoAttacks,
}

/// A4 Aircraft Quick Dive [8.3.1].
#[derive(Debug, Clone, PartialEq)]
pub struct A4 {
    pub chart: Chart<DiveResult>,
    pub modifiers: Vec<Modifier>,
}

impl Family<Refs> for A4 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let modifiers = cx.modifiers(f);
        Some(Self {
            chart: chart?,
            modifiers,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        if self.chart.span().0 > 1 {
            cx.err(
                "field span",
                "a modified 1 brings a second attack [8.3.2]: the span must reach 1",
            );
        }
        cx.require_named(
            &self.modifiers,
            "modifier",
            &["elite_crew", "green_crew", "lookout", "crew_incapacitated"],
        );
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

// ---------------------------------------------------------------------------------------------- B1

/// What is fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// Type 89, steam.
    Type89,
    /// Type Year 6, steam.
    Type6,
    /// Type 95, oxygen.
    Type95,
    /// Type 92, electric.
    Type92,
    /// Type 97, the midget submarine's 18-inch torpedo.
    Type97,
    DeckGun,
    /// An enemy submarine's torpedoes fired at the player [8.2.9.4].
    EnemySubmarine,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attack {
    Surfaced,
    Submerged,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Range {
    Short,
    Medium,
    Long,
}

display_as_json!(Weapon, Attack, Range);

/// A B1 column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct B1Key {
    pub weapon: Weapon,
    pub attack: Attack,
    pub range: Range,
}

impl fmt::Display for B1Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.weapon, self.attack, self.range)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitResult {
    Hit,
    Miss,
}

/// B1 Torpedo and Gun To-Hit [8.2.3]: a column per weapon, attack and range; target kinds are modifiers.
#[derive(Debug, Clone, PartialEq)]
pub struct B1 {
    pub table: Table<B1Key, HitResult>,
    pub modifiers: Vec<Modifier>,
}

impl B1 {
    pub fn roll(&self, weapon: Weapon, attack: Attack, range: Range, roll: i32) -> Option<&Row<HitResult>> {
        let key = B1Key {
            weapon,
            attack,
            range,
        };
        self.table.lookup(&key, crate::sensuikan::WAR_START, roll)
    }

    /// The highest natural roll that hits, if any.
    pub fn hits_on_or_below(&self, weapon: Weapon, attack: Attack, range: Range) -> Option<i32> {
        let key = B1Key {
            weapon,
            attack,
            range,
        };
        let c = self.table.column(&key, crate::sensuikan::WAR_START)?;
        c.chart
            .rows
            .iter()
            .filter(|r| r.result == HitResult::Hit)
            .map(|r| r.roll.high)
            .max()
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
        let ranges = [Range::Short, Range::Medium, Range::Long];
        let mut needed = Vec::new();
        for weapon in [Weapon::Type89, Weapon::Type6, Weapon::Type95, Weapon::Type92] {
            for attack in [Attack::Surfaced, Attack::Submerged] {
                for range in ranges {
                    needed.push(B1Key {
                        weapon,
                        attack,
                        range,
                    });
                }
            }
        }
        for range in ranges {
            needed.push(B1Key {
                weapon: Weapon::Type97,
                attack: Attack::Submerged,
                range,
            });
            needed.push(B1Key {
                weapon: Weapon::DeckGun,
                attack: Attack::Surfaced,
                range,
            });
            needed.push(B1Key {
                weapon: Weapon::EnemySubmarine,
                attack: Attack::Submerged,
                range,
            });
        }
        for key in &needed {
            if self.table.columns_of(key).next().is_none() {
                cx.err("field columns", format!("the column '{key}' is missing"));
            }
        }
        for key in self.table.keys() {
            if !needed.contains(&key) {
                let why = match (key.weapon, key.attack) {
                    (Weapon::Type97, Attack::Surfaced) => "midget submarines always attack submerged [7.16]",
                    (Weapon::DeckGun, Attack::Submerged) => "the deck gun fires only on the surface [8.2.4]",
                    _ => "not a column of B1",
                };
                cx.err(&format!("column {key}"), why);
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
        for c in &self.table.columns {
            check_threshold(cx, &c.label(), &c.chart, &HitResult::Hit);
        }
        cx.require_named(
            &self.modifiers,
            "modifier",
            &[
                "fast_target",
                "small_warship",
                "second_salvo",
                "captain_out",
                "navigator_in_command",
                "green_crew",
                "expert_xo",
                "expert_gunner",
                "static_target",
            ],
        );
    }

    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[])
    }
}

// ---------------------------------------------------------------------------------------------- B2

/// A B2 column: the torpedo whose hit is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TorpedoKind {
    Type89,
    Type6,
    Type95,
    Type92,
    Type97,
    /// A kaiten that hits [7.18].
    Kaiten,
    /// An enemy submarine's torpedo [8.2.9.4].
    EnemySubmarine,
}

display_as_json!(TorpedoKind);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TorpedoCheck {
    Defective,
    Ok,
}

/// B2 Defective Torpedoes [8.2.3].
#[derive(Debug, Clone, PartialEq)]
pub struct B2 {
    pub table: Table<TorpedoKind, TorpedoCheck>,
}

impl Family<Refs> for B2 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { table: cx.table(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        use TorpedoKind::*;
        for k in [Type89, Type6, Type95, Type92, Type97, Kaiten, EnemySubmarine] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
        for c in &self.table.columns {
            check_threshold(cx, &c.label(), &c.chart, &TorpedoCheck::Defective);
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[])
    }
}

// ---------------------------------------------------------------------------------------------- B3

/// A B3 column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageSource {
    Torpedo,
    DeckGun,
}

display_as_json!(DamageSource);

/// B3 Damage to Ships: damage points per torpedo or gun hit.
#[derive(Debug, Clone, PartialEq)]
pub struct B3 {
    pub table: Table<DamageSource, u8>,
    pub modifiers: Vec<Modifier>,
    pub constants: Vec<Constant>,
}

impl Family<Refs> for B3 {
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
        for k in [DamageSource::Torpedo, DamageSource::DeckGun] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
        for c in &self.table.columns {
            for (i, r) in c.chart.rows.iter().enumerate() {
                if r.result == 0 {
                    cx.err(
                        &format!(
                            "{}, row {} ({}), field result",
                            c.label(),
                            i + 1,
                            String::from(r.roll)
                        ),
                        "a hit that does no damage belongs on B2, not B3",
                    );
                }
            }
        }
        cx.require_named(&self.modifiers, "modifier", &["static_target"]);
        cx.require_named(&self.constants, "constant", &["kaiten_extra_damage"]);
    }
    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[])
    }
}

// ---------------------------------------------------------------------------------------------- B4

/// A B4 column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum B4Key {
    /// Closing to short range on escorted targets, before firing [8.2.1].
    ShortRangeApproach,
    /// After a salvo, and again after each depth-charge attack [8.2.5].
    AfterAttack,
}

display_as_json!(B4Key);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Detection {
    Undetected,
    Detected,
}

/// B4 Escort Detection [8.2.1] [8.2.5]: the approach column and the after-attack columns by period.
#[derive(Debug, Clone, PartialEq)]
pub struct B4 {
    pub table: Table<B4Key, Detection>,
    pub modifiers: Vec<Modifier>,
    pub constants: Vec<Constant>,
}

impl B4 {
    pub fn roll(&self, key: B4Key, when: Month, roll: i32) -> Option<&Row<Detection>> {
        self.table.lookup(&key, when, roll)
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
        for k in [B4Key::ShortRangeApproach, B4Key::AfterAttack] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates {
            from: Some(crate::sensuikan::WAR_START),
            until: None,
        });
        for c in &self.table.columns {
            check_threshold(cx, &c.label(), &c.chart, &Detection::Undetected);
        }
        cx.require_named(
            &self.modifiers,
            "modifier",
            &[
                "prior_detection",
                "steam_torpedoes_by_day",
                "night_surface_attack",
                "capital_ship_escorts",
                "short_range",
                "escort_survived",
                "escort_sunk",
                "golden_kite",
                "test_depth",
                "captain_out",
                "navigator_in_command",
            ],
        );
        cx.require_named(&self.constants, "constant", &["always_undetected_on_natural"]);
    }
    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[])
    }
}

// ---------------------------------------------------------------------------------------------- B5

/// A B5 section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum B5Key {
    /// Depth charges, and aircraft at +2 [8.3.2].
    Normal,
    /// The escorts' special attack from 5/44 [8.2.5].
    Hedgehog,
    /// The aircraft's special attack from 5/44 [8.3.3].
    Fido,
}

display_as_json!(B5Key);

/// Hits on the submarine (each rolled on the damage section), or the submarine sunk outright. A result
/// says one or the other (`{"hits": 0}` for none): an empty one is an error, not a harmless attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "WrittenAttack")]
pub struct AttackResult {
    pub hits: u8,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub sunk: bool,
}

/// An [`AttackResult`] as the file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WrittenAttack {
    hits: Option<u8>,
    #[serde(default)]
    sunk: bool,
}

impl TryFrom<WrittenAttack> for AttackResult {
    type Error = String;
    fn try_from(w: WrittenAttack) -> Result<Self, String> {
        match (w.hits, w.sunk) {
            (Some(hits), sunk) => Ok(Self { hits, sunk }),
            (None, true) => Ok(Self { hits: 0, sunk: true }),
            (None, false) => Err("a result gives its hits (0 for none) or \"sunk\": true".into()),
        }
    }
}

/// The parts of a submarine damage can reach. Hull and flooding accumulate; the others are damaged, then
/// inoperative after a failed repair [8.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    Hull,
    Flooding,
    Periscope,
    Radio,
    Radar,
    Hydrophones,
    DivingPlanes,
    FuelTanks,
    Batteries,
    ElectricMotors,
    DieselEngines,
    DeckGun,
    AaGun,
    BowTubes,
    SternTubes,
    Hangar,
    Crane,
    /// The midget submarine or the kaiten carried on deck.
    DeckCargo,
}

display_as_json!(System);

impl System {
    pub const ALL: [System; 18] = [
        System::Hull,
        System::Flooding,
        System::Periscope,
        System::Radio,
        System::Radar,
        System::Hydrophones,
        System::DivingPlanes,
        System::FuelTanks,
        System::Batteries,
        System::ElectricMotors,
        System::DieselEngines,
        System::DeckGun,
        System::AaGun,
        System::BowTubes,
        System::SternTubes,
        System::Hangar,
        System::Crane,
        System::DeckCargo,
    ];
}

/// What one hit on the submarine does: hull boxes, flooding boxes, a system, a crew casualty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubDamage {
    #[serde(default)]
    pub hull: u8,
    #[serde(default)]
    pub flooding: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<System>,
    /// A crew casualty: a light wound when from depth charges [8.5.9.2].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crew_casualty: bool,
}

/// When the special attacks begin, and the 1d6 roll that brings one [8.2.5] [8.3.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialAttack {
    pub from: Month,
    pub dice: ChartDice,
    /// A special attack replaces the normal one on this roll.
    pub on: i32,
    pub provenance: Provenance,
}

/// B5 Depth Charge and Air Attacks [8.2.5] [8.3.2]: the normal, Hedgehog and FIDO sections, and the
/// damage rolled for each hit.
#[derive(Debug, Clone, PartialEq)]
pub struct B5 {
    pub table: Table<B5Key, AttackResult>,
    pub damage: Chart<SubDamage>,
    pub special_attack: SpecialAttack,
    pub modifiers: Vec<Modifier>,
}

impl B5 {
    pub fn attack(&self, section: B5Key, roll: i32) -> Option<&Row<AttackResult>> {
        self.table.lookup(&section, crate::sensuikan::WAR_START, roll)
    }
}

impl Family<Refs> for B5 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let table = cx.table(f);
        let damage = cx.section(f, "damage", "Damage to the submarine");
        let special_attack = cx.field::<SpecialAttack>(f, "special_attack");
        if let Some(s) = &special_attack {
            cx.provenance(&s.provenance, "field special_attack");
        }
        let modifiers = cx.modifiers(f);
        Some(Self {
            table: table?,
            damage: damage?,
            special_attack: special_attack?,
            modifiers,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for k in [B5Key::Normal, B5Key::Hedgehog, B5Key::Fido] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the section '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
        for c in &self.table.columns {
            let mut last = 0;
            for (i, r) in c.chart.rows.iter().enumerate() {
                let entry = format!(
                    "{}, row {} ({}), field result",
                    c.label(),
                    i + 1,
                    String::from(r.roll)
                );
                if !r.result.sunk && r.result.hits < last {
                    cx.err(
                        &entry,
                        "fewer hits than the row before: higher rolls must hurt more",
                    );
                }
                if r.result.sunk && r.result.hits > 0 {
                    cx.err(&entry, "a submarine sunk outright takes no hits besides");
                }
                last = last.max(r.result.hits);
            }
        }
        for (i, r) in self.damage.rows.iter().enumerate() {
            let d = r.result;
            let entry = format!("damage, row {} ({}), field result", i + 1, String::from(r.roll));
            if d.hull == 0 && d.flooding == 0 && d.system.is_none() && !d.crew_casualty {
                cx.err(
                    &entry,
                    "a hit must do something: hull, flooding, a system or a crew casualty",
                );
            }
            if matches!(d.system, Some(System::Hull | System::Flooding)) {
                cx.err(
                    &entry,
                    "hull and flooding are counted in boxes: use 'hull' or 'flooding'",
                );
            }
        }
        cx.require_named(
            &self.modifiers,
            "modifier",
            &["aircraft", "night_surface_attack", "short_range"],
        );
    }
    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[(self.damage.dice, self.damage.rows.len())])
    }
}

// ---------------------------------------------------------------------------------------------- B6

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flooding {
    None,
    /// One more flooding box.
    Flooding,
}

/// B6 Additional Flooding [8.2.5] [8.5.3].
#[derive(Debug, Clone, PartialEq)]
pub struct B6 {
    pub chart: Chart<Flooding>,
    pub modifiers: Vec<Modifier>,
}

impl Family<Refs> for B6 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let modifiers = cx.modifiers(f);
        Some(Self {
            chart: chart?,
            modifiers,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        cx.require_named(&self.modifiers, "modifier", &["engineer_expert", "engineer_out"]);
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

// ---------------------------------------------------------------------------------------------- B7

/// A crew member a casualty falls on [8.5.9].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrewMember {
    Captain,
    ExecutiveOfficer,
    NavigationOfficer,
    Doctor,
    Engineer,
    /// A generic crew box.
    Crew,
    /// An aircraft pilot; a generic crew box when none is aboard.
    Pilot,
    /// The midget submarine's crew, a kaiten pilot or a passenger (who counts as a pilot [7.6]); a
    /// generic crew box when none is aboard.
    Passenger,
}

/// Light wound, serious wound, killed in action [8.5.9].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wound {
    Lw,
    Sw,
    Kia,
}

/// What a system's damage does while it lasts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SystemEffect {
    pub system: System,
    /// In our own words.
    pub effect: String,
    /// Dice modifiers it brings, by chart id (`B4`), or a named roll (`rescue`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drms: Vec<ChartDrm>,
    /// The patrol must be aborted once the system is damaged (`damaged`) or inoperative (`inop`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abort: Option<AbortWhen>,
    pub provenance: Provenance,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChartDrm {
    pub chart: String,
    pub drm: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbortWhen {
    Damaged,
    Inop,
}

/// A second wound on a wounded man.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WoundStep {
    pub has: Wound,
    pub takes: Wound,
    pub becomes: Wound,
    pub provenance: Provenance,
}

/// B7 Damage Effects and Crew Wounds [8.5.1] [8.5.9].
#[derive(Debug, Clone, PartialEq)]
pub struct B7 {
    pub title: String,
    pub notes: Vec<String>,
    pub effects: Vec<SystemEffect>,
    pub crew_hit: Chart<CrewMember>,
    pub wound: Chart<Wound>,
    pub wound_steps: Vec<WoundStep>,
}

impl B7 {
    pub fn effect(&self, system: System) -> Option<&SystemEffect> {
        self.effects.iter().find(|e| e.system == system)
    }

    /// What a man with wound `has` becomes when he takes `takes`.
    pub fn combine(&self, has: Wound, takes: Wound) -> Option<Wound> {
        self.wound_steps
            .iter()
            .find(|s| s.has == has && s.takes == takes)
            .map(|s| s.becomes)
    }
}

impl Family<Refs> for B7 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let h = cx.header(f);
        let effects: Vec<SystemEffect> = cx.entries(f, "effects", "effect");
        for (i, e) in effects.iter().enumerate() {
            cx.provenance(&e.provenance, &format!("effect {} ({})", i + 1, e.system));
        }
        let crew_hit = cx.section(f, "crew_hit", "Crew casualty: who is hit");
        let wound = cx.section(f, "wound", "Crew casualty: how badly");
        let wound_steps: Vec<WoundStep> = cx.entries(f, "wound_steps", "wound step");
        for (i, s) in wound_steps.iter().enumerate() {
            cx.provenance(&s.provenance, &format!("wound step {}", i + 1));
        }
        let h = h?;
        Some(Self {
            title: h.title,
            notes: h.notes,
            effects,
            crew_hit: crew_hit?,
            wound: wound?,
            wound_steps,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for s in System::ALL {
            match self.effects.iter().filter(|e| e.system == s).count() {
                0 => cx.err("field effects", format!("no effect is given for '{s}'")),
                1 => {}
                _ => cx.err("field effects", format!("'{s}' has more than one effect")),
            }
        }
        for has in [Wound::Lw, Wound::Sw] {
            for takes in [Wound::Lw, Wound::Sw, Wound::Kia] {
                if self.combine(has, takes).is_none() {
                    cx.err(
                        "field wound_steps",
                        format!("no step says what {has:?} becomes after {takes:?}"),
                    );
                }
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary {
            id: self.crew_hit.id.clone(),
            title: self.title.clone(),
            dice: dice_list(&[self.crew_hit.dice, self.wound.dice]),
            shape: format!("{} system effects, 2 sections", self.effects.len()),
            rows: self.effects.len() + self.crew_hit.rows.len() + self.wound.rows.len(),
        }
    }
}

// --------------------------------------------------------------------------------------------- B11

/// B11 Random Events [8.1.8].
#[derive(Debug, Clone, PartialEq)]
pub struct B11 {
    pub chart: Chart<Outcome>,
}

impl B11 {
    pub fn event(&self, id: &str) -> Option<&Row<Outcome>> {
        self.chart.rows.iter().find(|r| r.result.id == id)
    }
}

impl Family<Refs> for B11 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for id in ["run_aground", "maneki_neko"] {
            if self.event(id).is_none() {
                cx.err(
                    "field rows",
                    format!("the event '{id}' named by the rules is missing"),
                );
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}
