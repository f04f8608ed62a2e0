//! Reading the shipped charts for a roll: a modifier by id, a roll on a printed chart or a procedure
//! chart. A chart that does not answer what the rules ask of it is a data error that refuses the
//! action, never a default result.

use std::fmt::Display;

use periscope_data::atlantic::procedures::{ProcedureChart, ProcedureResult};
use periscope_data::chart::Chart;
use periscope_data::modifier::Modifier as DataModifier;

use super::{Mission, MissionError};
use crate::dice::Dice;
use crate::refusal::Refused;
use crate::roll::{Modifier, RollRecord};

/// The error of a chart that does not answer what the rules ask of it.
pub(crate) fn unanswered(chart: &str, what: impl Display) -> MissionError {
    MissionError::Refused(Refused::Data(format!("{chart} has no {what}")))
}

/// A chart modifier by id, as a roll modifier citing `rule`.
pub(crate) fn drm(
    list: &[DataModifier],
    chart: &str,
    id: &str,
    rule: &str,
) -> Result<Modifier, MissionError> {
    list.iter()
        .find(|m| m.id == id)
        .map(|m| Modifier::new(m.drm, m.when.clone(), rule))
        .ok_or_else(|| unanswered(chart, format_args!("modifier '{id}'")))
}

/// A procedure chart roll: its record (clamped to the chart) and its result.
pub(crate) fn proc_roll(
    c: &ProcedureChart,
    rule: &str,
    faces: Vec<u8>,
    mods: Vec<Modifier>,
) -> Result<(RollRecord, ProcedureResult), MissionError> {
    let rec = RollRecord::new(
        c.chart.title.clone(),
        rule,
        Dice::from(c.chart.dice),
        faces,
        mods,
        c.chart.span(),
    );
    let res = c
        .roll(rec.result)
        .cloned()
        .ok_or_else(|| unanswered(&c.chart.title, format_args!("row for {}", rec.result)))?;
    Ok((rec, res))
}

/// A roll on a printed chart, clamped to its span: its record (named `label`) and its result.
pub(crate) fn chart_roll<T: Clone>(
    chart: &Chart<T>,
    label: &str,
    rule: &str,
    faces: Vec<u8>,
    mods: Vec<Modifier>,
) -> Result<(RollRecord, T), MissionError> {
    let rec = RollRecord::new(label, rule, Dice::from(chart.dice), faces, mods, chart.span());
    let res = chart
        .lookup(rec.result)
        .map(|r| r.result.clone())
        .ok_or_else(|| unanswered(label, format_args!("row for {}", rec.result)))?;
    Ok((rec, res))
}

impl Mission {
    /// A procedure chart of `procedures.json` by id.
    pub(crate) fn procedure(&self, id: &str) -> Result<&ProcedureChart, MissionError> {
        self.data
            .data
            .procedures
            .chart(id)
            .ok_or_else(|| unanswered("procedures.json", format_args!("chart '{id}'")))
    }

    /// A procedure chart's dice, title and span, for a roll's spec.
    pub(crate) fn procedure_dice(&self, id: &str) -> (Dice, String) {
        match self.data.data.procedures.chart(id) {
            Some(c) => (Dice::from(c.chart.dice), c.chart.title.clone()),
            None => (Dice::D1D6, id.to_string()),
        }
    }
}
