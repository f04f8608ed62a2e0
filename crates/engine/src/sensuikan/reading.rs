//! Reading the shipped charts for a roll: a chart modifier by id, a roll on a chart or a procedure chart,
//! and the B2 defective check every torpedo (and kaiten, and enemy torpedo) makes. A chart that does not
//! answer is a data error that refuses the action, never a default result.

use std::fmt::Display;

use periscope_data::chart::{Chart, CoveredChart, Row};
use periscope_data::sensuikan::charts::{
    AttackResult, B1Key, B2, B4Key, B5Key, DamageSource, Detection, Encounter, HitResult, Month,
    TorpedoCheck, TorpedoKind,
};
use periscope_data::sensuikan::procedures::ProcedureResult;

use super::{Patrol, PatrolError};
use crate::dice::Dice;
use crate::refusal::Refused;
use crate::roll::{Modifier, RollRecord};

/// The error of a chart that does not answer what the rules ask of it.
pub(crate) fn unanswered(chart: &str, what: impl Display) -> PatrolError {
    PatrolError::Refused(Refused::Data(format!("chart {chart} has no {what}")))
}

/// The result of a table's row, or the data error naming the chart and what it lacked.
pub(crate) fn answer<'a, T>(
    row: Option<&'a Row<T>>,
    chart: &str,
    what: impl Display,
) -> Result<&'a T, PatrolError> {
    row.map(|r| &r.result).ok_or_else(|| unanswered(chart, what))
}

/// A chart modifier by id, as a roll modifier citing `rule`.
pub(crate) fn drm(
    list: &[periscope_data::sensuikan::charts::Modifier],
    id: &str,
    rule: &str,
) -> Result<Modifier, PatrolError> {
    list.iter()
        .find(|m| m.id == id)
        .map(|m| Modifier::new(m.drm, m.when.clone(), rule))
        .ok_or_else(|| unanswered("modifiers", format_args!("modifier '{id}'")))
}

/// A procedure chart roll: its record (clamped to the chart) and its result.
pub(crate) fn proc_roll(
    c: &CoveredChart<ProcedureResult>,
    rule: &str,
    faces: Vec<u8>,
    mods: Vec<Modifier>,
) -> (RollRecord, ProcedureResult) {
    let rec = RollRecord::new(c.title.clone(), rule, Dice::from(c.dice), faces, mods, c.span());
    let res = *c.read(rec.result);
    (rec, res)
}

/// A chart roll against `chart`, clamped to its span: its record and its result.
pub(crate) fn chart_roll<T: Clone>(
    chart: &Chart<T>,
    label: &str,
    rule: &str,
    faces: Vec<u8>,
    mods: Vec<Modifier>,
) -> Result<(RollRecord, T), PatrolError> {
    let rec = RollRecord::new(label, rule, Dice::from(chart.dice), faces, mods, chart.span());
    let res = answer(
        chart.lookup(rec.result),
        &chart.id,
        format_args!("row for {}", rec.result),
    )?
    .clone();
    Ok((rec, res))
}

/// A B2 roll for a torpedo kind: the record and whether it is good.
pub(crate) fn defective(
    b2: &B2,
    kind: TorpedoKind,
    when: Month,
    faces: Vec<u8>,
) -> Result<(RollRecord, bool), PatrolError> {
    let rec = RollRecord::new("B2", "8.2.3", Dice::D1D6, faces, vec![], (1, 6));
    let check = answer(
        b2.table.lookup(&kind, when, rec.result),
        "B2",
        format_args!("{kind} row for {} in {when}", rec.result),
    )?;
    let ok = *check == TorpedoCheck::Ok;
    Ok((rec, ok))
}

impl Patrol {
    /// B1: whether a shot of this weapon, attack and range hits this month [8.2.3] [8.2.4].
    pub(crate) fn b1_hits(&self, key: &B1Key, roll: i32) -> Result<bool, PatrolError> {
        let hit = answer(
            self.data.charts.b1.table.lookup(key, self.month, roll),
            "B1",
            format_args!("{key} row for {roll} in {}", self.month),
        )?;
        Ok(*hit == HitResult::Hit)
    }

    /// B3: the damage points of a torpedo or gun hit this month [8.2.3] [8.2.4].
    pub(crate) fn b3_damage(&self, source: DamageSource, roll: i32) -> Result<u8, PatrolError> {
        answer(
            self.data.charts.b3.table.lookup(&source, self.month, roll),
            "B3",
            format_args!("{source} row for {roll} in {}", self.month),
        )
        .copied()
    }

    /// B4: whether the escorts miss the submarine on this column this month [8.2.1] [8.2.5].
    pub(crate) fn b4_undetected(&self, key: B4Key, roll: i32) -> Result<bool, PatrolError> {
        let d = answer(
            self.data.charts.b4.roll(key, self.month, roll),
            "B4",
            format_args!("{key} row for {roll} in {}", self.month),
        )?;
        Ok(*d == Detection::Undetected)
    }

    /// B5: the rolls the section answers this month, for the roll's record [8.2.5].
    pub(crate) fn b5_span(&self, key: B5Key) -> Result<(i32, i32), PatrolError> {
        self.data
            .charts
            .b5
            .table
            .column(&key, self.month)
            .map(|c| c.chart.span())
            .ok_or_else(|| unanswered("B5", format_args!("{key} column in {}", self.month)))
    }

    /// B5: the hits of an attack on the submarine, or sunk outright [8.2.5] [8.3.2].
    pub(crate) fn b5_attack(&self, key: B5Key, roll: i32) -> Result<AttackResult, PatrolError> {
        answer(
            self.data.charts.b5.attack(key, roll),
            "B5",
            format_args!("{key} row for {roll}"),
        )
        .copied()
    }

    /// A3: the encounter of a column for a natural roll this month [6.2.2B] [7.4] [8.2.8].
    pub(crate) fn a3_encounter(&self, column: &str, natural: i32) -> Result<Encounter, PatrolError> {
        answer(
            self.data.charts.a3.encounter(column, self.month, natural),
            "A3",
            format_args!("{column} row for {natural} in {}", self.month),
        )
        .copied()
    }
}
