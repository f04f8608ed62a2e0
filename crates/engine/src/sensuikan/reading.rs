//! Reading the shipped charts for a roll: a chart modifier by id, a roll on a chart or a procedure chart,
//! and the B2 defective check every torpedo (and kaiten, and enemy torpedo) makes.

use periscope_data::chart::{Chart, CoveredChart};
use periscope_data::sensuikan::charts::{B2, Month, TorpedoCheck, TorpedoKind};
use periscope_data::sensuikan::procedures::ProcedureResult;

use crate::dice::Dice;
use crate::roll::{Modifier, RollRecord};

/// A chart modifier by id, as a roll modifier citing `rule`.
pub(crate) fn drm(
    list: &[periscope_data::sensuikan::charts::Modifier],
    id: &str,
    rule: &str,
) -> Option<Modifier> {
    list.iter()
        .find(|m| m.id == id)
        .map(|m| Modifier::new(m.drm, m.when.clone(), rule))
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

/// A chart roll against `chart`, clamped to its span.
pub(crate) fn chart_roll<T: Clone>(
    chart: &Chart<T>,
    label: &str,
    rule: &str,
    faces: Vec<u8>,
    mods: Vec<Modifier>,
) -> (RollRecord, Option<T>) {
    let rec = RollRecord::new(label, rule, Dice::from(chart.dice), faces, mods, chart.span());
    let res = chart.lookup(rec.result).map(|r| r.result.clone());
    (rec, res)
}

/// A B2 roll for a torpedo kind: the record and whether it is good.
pub(crate) fn defective(b2: &B2, kind: TorpedoKind, when: Month, faces: Vec<u8>) -> (RollRecord, bool) {
    let rec = RollRecord::new("B2", "8.2.3", Dice::D1D6, faces, vec![], (1, 6));
    let ok = b2
        .table
        .lookup(&kind, when, rec.result)
        .is_none_or(|r| r.result == TorpedoCheck::Ok);
    (rec, ok)
}
