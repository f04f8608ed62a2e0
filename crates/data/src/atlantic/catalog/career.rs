//! `career.json`: the calendar [4.2.1] [5.1.1], the Canadian withdrawal [7.7.1], victory and its shifts
//! [5.2], ranks and promotion [7.6], crew levels [3.3.2] [7.5], two-player results [10.1] and the
//! historical convoy numbers [12.5].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ChartModifier;
use super::reader::{FileReader, label, unique};
use crate::atlantic::cases::CaseIds;
use crate::atlantic::{GAME_END, GAME_START};
use crate::month::Month;
use crate::{DataError, Provenance};

pub const SHIPPED: &str = include_str!("../../../../../data/atlantic/career.json");
pub const FILE: &str = "data/atlantic/career.json";

type FieldProvenance = BTreeMap<String, Provenance>;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Calendar {
    /// The first convoy, February 1942 [4.2.1].
    pub start: Month,
    /// No convoy after June 1943 [5.1.1].
    pub end: Month,
    /// Two missions a month [6.0] [6.3.2].
    pub missions_per_month: u8,
    /// Upgrades are checked every second refit [6.3.3].
    pub upgrade_check_every_refits: u8,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// C-1, C-2 and C-4 leave the ocean for Feb-Mar 1943 [7.7.1] [5.1.1].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CanadianWithdrawal {
    pub groups: Vec<String>,
    /// The last month of escort duty before the refit.
    pub last_month_before: Month,
    pub refit_from: Month,
    pub refit_until: Month,
    /// The month escort duty resumes.
    pub resume: Month,
    pub base: String,
    /// The group's Type 271 sets are brought up to this many.
    pub type_271_sets_up_to: u8,
    /// The A4 rolls the refit makes (`hedgehog`, `additional_ship`).
    pub rolls: Vec<String>,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// A victory level by the tons lost [5.2.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryLevel {
    pub id: String,
    pub name: String,
    pub min_tons: u32,
    /// None for Defeat, which has no upper bound.
    pub max_tons: Option<u32>,
    pub provenance: Provenance,
}

/// `levels` (better when positive) for every `per` of `unit`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryShift {
    pub id: String,
    pub levels: i8,
    pub per: u32,
    pub unit: String,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TonsAdded {
    pub groups: Vec<String>,
    pub tons: u32,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// The SOE's ship sunk: the game ends in Defeat [5.1.2] [2.0].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoeSunk {
    pub result: String,
    pub ends_game: bool,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// What a rank brings [7.6.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Perk {
    None,
    /// The group gets HF/DF.
    HfDf,
    /// One Hedgehog, one Type 271 or, below the cap, one Flower.
    #[serde(rename = "one_of_hedgehog_type_271_flower")]
    OneOfHedgehogType271Flower,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rank {
    pub id: String,
    pub name: String,
    /// `O-4` … `O-7`.
    pub grade: String,
    pub perk: Perk,
    /// The starting rank [4.3.1].
    #[serde(default)]
    pub start: bool,
    /// Only the final roll gives it (Admiral [5.1.3]).
    #[serde(default)]
    pub final_roll_only: bool,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Promotion {
    pub first_after_months: u8,
    pub then_every_months: u8,
    /// One more roll when the game ends [5.1.3].
    pub final_roll: bool,
    /// The procedure chart rolled.
    pub chart: String,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// A crew quality level and the modifiers it brings [3.3.2].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewLevel {
    pub id: String,
    pub name: String,
    /// The counter's mnemonic (`-1R / -1H`).
    pub marker: String,
    #[serde(default)]
    pub start: bool,
    /// Only with the optional rule (Green [12.6]).
    #[serde(default)]
    pub optional: bool,
    pub effects: Vec<ChartModifier>,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub field_provenance: FieldProvenance,
}

/// Who is credited with a kill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KillCredit {
    /// The escort that first detected the boat [7.5.1].
    FirstDetectingEscort,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewAdvancement {
    pub kills_per_level: u8,
    pub credit: KillCredit,
    pub provenance: Provenance,
    #[serde(default)]
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TwoPlayerResult {
    pub allied: String,
    pub german: String,
    pub provenance: Provenance,
}

/// The historical convoy numbers of a month, for interest only [12.5].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConvoyIds {
    pub month: Month,
    pub on: String,
    pub hx: String,
    pub sc: String,
    pub provenance: Provenance,
}

/// The validated `career.json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Career {
    pub notes: Vec<String>,
    pub calendar: Calendar,
    pub canadian_withdrawal: CanadianWithdrawal,
    /// Best first, contiguous from 0 tons.
    pub victory_levels: Vec<VictoryLevel>,
    pub victory_shifts: Vec<VictoryShift>,
    pub victory_tons_added: Vec<TonsAdded>,
    pub soe_sunk: SoeSunk,
    /// Lowest first.
    pub ranks: Vec<Rank>,
    pub promotion: Promotion,
    /// Lowest first.
    pub crew_levels: Vec<CrewLevel>,
    pub crew_advancement: CrewAdvancement,
    pub two_player_results: Vec<TwoPlayerResult>,
    pub convoy_ids: Vec<ConvoyIds>,
}

/// Whether month `m` is inside the game [4.2.1] [5.1.1].
fn in_game(m: Month) -> bool {
    (GAME_START..=GAME_END).contains(&m)
}

impl Career {
    pub fn shipped(cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        Self::parse(FILE, SHIPPED, cases)
    }

    pub fn parse(file: &str, text: &str, cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        let mut r = FileReader::new(file, text, "career")?;
        let notes = r.notes();
        let calendar = r.one::<Calendar>("calendar");
        let canadian_withdrawal = r.one::<CanadianWithdrawal>("canadian_withdrawal");
        let victory_levels: Vec<VictoryLevel> = r.list("victory_levels");
        let victory_shifts: Vec<VictoryShift> = r.list("victory_shifts");
        let victory_tons_added: Vec<TonsAdded> = r.list("victory_tons_added");
        let soe_sunk = r.one::<SoeSunk>("soe_sunk");
        let ranks: Vec<Rank> = r.list("ranks");
        let promotion = r.one::<Promotion>("promotion");
        let crew_levels: Vec<CrewLevel> = r.list("crew_levels");
        let crew_advancement = r.one::<CrewAdvancement>("crew_advancement");
        let two_player_results: Vec<TwoPlayerResult> = r.list("two_player_results");
        let convoy_ids: Vec<ConvoyIds> = r.list("convoy_ids");
        let (
            Some(calendar),
            Some(canadian_withdrawal),
            Some(soe_sunk),
            Some(promotion),
            Some(crew_advancement),
        ) = (
            calendar,
            canadian_withdrawal,
            soe_sunk,
            promotion,
            crew_advancement,
        )
        else {
            return Err(r.finish(cases));
        };
        let c = Career {
            notes,
            calendar,
            canadian_withdrawal,
            victory_levels,
            victory_shifts,
            victory_tons_added,
            soe_sunk,
            ranks,
            promotion,
            crew_levels,
            crew_advancement,
            two_player_results,
            convoy_ids,
        };
        c.check(&mut r);
        let errors = r.finish(cases);
        if errors.is_empty() { Ok(c) } else { Err(errors) }
    }

    /// Holds the catalog to the rules, section by section.
    fn check(&self, r: &mut FileReader) {
        self.check_calendar(r);
        self.check_victory(r);
        self.check_ranks_and_crews(r);
        self.check_two_player_results(r);
        self.check_convoy_ids(r);
    }

    /// The calendar: the game's months, missions and refits [4.2.1] [5.1.1]; and the Canadian withdrawal
    /// [7.7.1], its months following one another inside the game.
    fn check_calendar(&self, r: &mut FileReader) {
        let mut cx = r.cx("calendar");
        let cal = &self.calendar;
        if cal.start != GAME_START || cal.end != GAME_END {
            cx.err(
                "",
                format!(
                    "the game runs {GAME_START} to {GAME_END} [4.2.1] [5.1.1], not {} to {}",
                    cal.start, cal.end
                ),
            );
        }
        if cal.missions_per_month == 0 || cal.upgrade_check_every_refits == 0 {
            cx.err("", "missions and refits come at least once");
        }
        r.absorb(cx);

        let mut cx = r.cx("canadian_withdrawal");
        let w = &self.canadian_withdrawal;
        let order = [w.last_month_before, w.refit_from, w.refit_until, w.resume];
        if !order.iter().all(|m| in_game(*m))
            || w.refit_from != w.last_month_before.next()
            || w.refit_from > w.refit_until
            || w.resume != w.refit_until.next()
        {
            cx.err(
                "",
                format!(
                    "the last month before, the refit and the month duty resumes follow one another inside the game: {} | {}-{} | {}",
                    w.last_month_before, w.refit_from, w.refit_until, w.resume
                ),
            );
        }
        r.absorb(cx);
    }

    /// The victory levels, contiguous from 0 tons with the last open-ended [5.2.2], their shifts, and the
    /// level an SOE sinking gives.
    fn check_victory(&self, r: &mut FileReader) {
        let mut cx = r.cx("victory_levels");
        unique(
            &mut cx,
            "victory_levels",
            self.victory_levels.iter().map(|v| v.id.as_str()),
        );
        let mut next = 0u32;
        for (i, v) in self.victory_levels.iter().enumerate() {
            let at = label("victory_levels", i, &v.id);
            if v.min_tons != next {
                cx.err(
                    &format!("{at}, field min_tons"),
                    format!("the levels are contiguous from 0 tons: this one starts at {next} [5.2.2]"),
                );
            }
            let last = i + 1 == self.victory_levels.len();
            match v.max_tons {
                None if !last => cx.err(
                    &format!("{at}, field max_tons"),
                    "only the last level is open-ended",
                ),
                Some(_) if last => cx.err(
                    &format!("{at}, field max_tons"),
                    "the last level (Defeat) is open-ended",
                ),
                Some(m) if m < v.min_tons => cx.err(&format!("{at}, field max_tons"), "runs backwards"),
                Some(m) => next = m.saturating_add(1),
                None => {}
            }
        }
        if self.victory_levels.is_empty() {
            cx.err("", "no victory level");
        }
        r.absorb(cx);

        let mut cx = r.cx("victory_shifts");
        unique(
            &mut cx,
            "victory_shifts",
            self.victory_shifts.iter().map(|v| v.id.as_str()),
        );
        for (i, v) in self.victory_shifts.iter().enumerate() {
            if v.per == 0 || v.levels == 0 {
                cx.err(
                    &label("victory_shifts", i, &v.id),
                    "a shift moves at least one level per at least one unit",
                );
            }
        }
        r.absorb(cx);

        let mut cx = r.cx("soe_sunk");
        if self.level(&self.soe_sunk.result).is_none() {
            cx.err(
                "field result",
                format!("no victory level '{}'", self.soe_sunk.result),
            );
        }
        r.absorb(cx);
    }

    /// The ranks and crew levels, each with exactly one where careers start [4.3.1] [4.4.2].
    fn check_ranks_and_crews(&self, r: &mut FileReader) {
        let mut cx = r.cx("ranks");
        unique(&mut cx, "ranks", self.ranks.iter().map(|v| v.id.as_str()));
        if self.ranks.iter().filter(|r| r.start).count() != 1 {
            cx.err("", "exactly one rank is the starting rank [4.3.1]");
        }
        r.absorb(cx);

        let mut cx = r.cx("crew_levels");
        unique(
            &mut cx,
            "crew_levels",
            self.crew_levels.iter().map(|v| v.id.as_str()),
        );
        if self.crew_levels.iter().filter(|r| r.start).count() != 1 {
            cx.err("", "exactly one crew level is where crews start [4.4.2]");
        }
        r.absorb(cx);
    }

    /// The two-player results: every level gives one German result and is one [10.1].
    fn check_two_player_results(&self, r: &mut FileReader) {
        let mut cx = r.cx("two_player_results");
        for (i, t) in self.two_player_results.iter().enumerate() {
            for (field, id) in [("allied", &t.allied), ("german", &t.german)] {
                if self.level(id).is_none() {
                    cx.err(
                        &format!("result {}, field {field}", i + 1),
                        format!("no victory level '{id}'"),
                    );
                }
            }
        }
        for v in &self.victory_levels {
            if self
                .two_player_results
                .iter()
                .filter(|t| t.allied == v.id)
                .count()
                != 1
                || self
                    .two_player_results
                    .iter()
                    .filter(|t| t.german == v.id)
                    .count()
                    != 1
            {
                cx.err(
                    "",
                    format!(
                        "every level gives one German result and is one [10.1]: '{}'",
                        v.id
                    ),
                );
            }
        }
        r.absorb(cx);
    }

    /// The convoy ids' months, in order inside the game.
    fn check_convoy_ids(&self, r: &mut FileReader) {
        let mut cx = r.cx("convoy_ids");
        for (i, c) in self.convoy_ids.iter().enumerate() {
            if !in_game(c.month) || (i > 0 && self.convoy_ids[i - 1].month >= c.month) {
                cx.err(
                    &format!("month {}, field month", i + 1),
                    "months in order, inside the game",
                );
            }
        }
        r.absorb(cx);
    }

    pub fn level(&self, id: &str) -> Option<&VictoryLevel> {
        self.victory_levels.iter().find(|v| v.id == id)
    }

    /// The level the tons lost give, before any shift [5.2.2].
    pub fn level_for_tons(&self, tons: u32) -> Option<&VictoryLevel> {
        self.victory_levels
            .iter()
            .find(|v| v.min_tons <= tons && v.max_tons.is_none_or(|m| tons <= m))
    }

    pub fn shift(&self, id: &str) -> Option<&VictoryShift> {
        self.victory_shifts.iter().find(|v| v.id == id)
    }

    pub fn rank(&self, id: &str) -> Option<&Rank> {
        self.ranks.iter().find(|v| v.id == id)
    }

    pub fn crew_level(&self, id: &str) -> Option<&CrewLevel> {
        self.crew_levels.iter().find(|v| v.id == id)
    }

    /// The German player's result for the Allied one [10.1].
    pub fn german_result(&self, allied: &str) -> Option<&str> {
        self.two_player_results
            .iter()
            .find(|t| t.allied == allied)
            .map(|t| t.german.as_str())
    }
}
