//! One line of a game's chart list (`periscope-cli charts list`): id, title, dice, shape and rows.

use std::fmt;

use crate::chart::{Chart, ChartDice};
use crate::table::Table;

/// One line of `periscope-cli charts list`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub id: String,
    pub title: String,
    /// The dice, `2d6`, or `2d6 + 1d6` for a chart with sections read with other dice; `-` for a map.
    pub dice: String,
    /// `13 columns`, `3 sections`, `6 steps`…
    pub shape: String,
    pub rows: usize,
}

/// The dice as the data files write them (`2d6`).
pub fn dice_name(d: ChartDice) -> &'static str {
    match d {
        ChartDice::D6 => "1d6",
        ChartDice::D2D6 => "2d6",
        ChartDice::D3D6 => "3d6",
        ChartDice::D10 => "1d10",
        ChartDice::D20 => "1d20",
        ChartDice::D100 => "d100",
        ChartDice::D10Zero => "1d10z",
        ChartDice::D66 => "d66",
        ChartDice::BandD20 => "band+1d20",
    }
}

/// The dice of several charts, each named once (`2d6 + 1d6`).
pub fn dice_list(dice: &[ChartDice]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for d in dice {
        let n = dice_name(*d);
        if !names.contains(&n) {
            names.push(n);
        }
    }
    names.join(" + ")
}

impl Summary {
    /// A single chart's summary, its shape given (`1 column`).
    pub fn of_chart<T>(c: &Chart<T>, shape: &str) -> Self {
        Self {
            id: c.id.clone(),
            title: c.title.clone(),
            dice: dice_name(c.dice).to_string(),
            shape: shape.to_string(),
            rows: c.rows.len(),
        }
    }

    /// A table's summary; `extra` lists the dice and row count of the sections printed with it.
    pub fn of_table<K: PartialEq + Clone + fmt::Display, T>(
        t: &Table<K, T>,
        extra: &[(ChartDice, usize)],
    ) -> Self {
        let mut dice = vec![t.dice];
        dice.extend(extra.iter().map(|c| c.0));
        let keys = t.keys().len();
        let cols = t.columns.len();
        let mut shape = if keys == cols {
            format!("{cols} columns")
        } else {
            format!("{keys} columns in {cols} date bands")
        };
        match extra.len() {
            0 => {}
            1 => shape.push_str(" and 1 section"),
            n => shape.push_str(&format!(" and {n} sections")),
        }
        Self {
            id: t.id.clone(),
            title: t.title.clone(),
            dice: dice_list(&dice),
            shape,
            rows: t.row_count() + extra.iter().map(|c| c.1).sum::<usize>(),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn dice_are_named_as_the_files_write_them() {
        for d in [
            ChartDice::D6,
            ChartDice::D2D6,
            ChartDice::D3D6,
            ChartDice::D10,
            ChartDice::D20,
            ChartDice::D100,
            ChartDice::D66,
            ChartDice::BandD20,
        ] {
            assert_eq!(serde_json::to_value(d).unwrap(), dice_name(d), "{d:?}");
        }
        assert_eq!(
            dice_list(&[ChartDice::D2D6, ChartDice::D6, ChartDice::D2D6]),
            "2d6 + 1d6"
        );
    }
}
