//! One line of a game's chart list (`periscope-cli charts list`): id, title, dice, shape and rows. A
//! table's line is made in `table` (`Summary::of_table`), which reads this module, never the reverse.

use crate::chart::{Chart, ChartDice};

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
