//! The Sensuikan Patrol Log Sheet: one row per month of the war, from December 1941 to July 1945.

use crate::{Column, LogSheet};

/// The months of the war a career can cover, `12/41` to `7/45`.
pub fn war_months() -> Vec<String> {
    let mut months = vec!["12/41".to_string()];
    for year in 42..=45 {
        let last = if year == 45 { 7 } else { 12 };
        for m in 1..=last {
            months.push(format!("{m}/{year}"));
        }
    }
    months
}

/// The Patrol Log's columns, as the paper sheet has them.
pub fn columns() -> Vec<Column> {
    vec![
        Column::text("Month", 0.7),
        Column::text("P / R", 0.5),
        Column::text("Patrol area", 1.6),
        Column::text("Mission", 1.5),
        Column::text("Ships attacked (name, type)", 3.4),
        Column::number("Tons", 0.8),
        Column::text("Damaged / sunk", 1.0),
        Column::text("Result", 1.5),
    ]
}

/// The header boxes a player fills in.
pub fn header(class: &str, id: &str, commander: &str) -> Vec<(String, String)> {
    vec![
        ("Submarine class".into(), class.into()),
        ("Submarine ID".into(), id.into()),
        ("Commander".into(), commander.into()),
        ("Rank".into(), String::new()),
        ("Base".into(), String::new()),
    ]
}

/// A blank Patrol Log Sheet to print for a physical game: the months in the first column, the rest to
/// fill in by hand.
pub fn blank_patrol_log() -> LogSheet {
    let columns = columns();
    let rows = war_months()
        .into_iter()
        .map(|m| {
            let mut row = vec![m];
            row.resize(columns.len(), String::new());
            row
        })
        .collect();
    LogSheet {
        title: "SENSUIKAN · PATROL LOG".into(),
        subtitle: "Japanese fleet submarines, 1941-1945".into(),
        header: header("", "", ""),
        columns,
        rows,
        totals: vec![
            ("Tonnage sunk".into(), String::new()),
            ("Ships sunk".into(), String::new()),
            ("Special missions".into(), String::new()),
            ("Final rank".into(), String::new()),
            ("Decorations".into(), String::new()),
            ("Victory level".into(), String::new()),
        ],
        footer: "P = on patrol, R = in refit. Victory levels [5.2.2]: Defeat under 10,000 t; Draw 10,000; \
                 Marginal 20,000; Considerable 50,000; Decisive 100,000 t."
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_war_runs_from_december_1941_to_july_1945() {
        let m = war_months();
        assert_eq!(
            (m.first().map(String::as_str), m.last().map(String::as_str)),
            (Some("12/41"), Some("7/45"))
        );
        assert_eq!(m.len(), 44);
        assert_eq!(blank_patrol_log().rows.len(), 44);
    }
}
