//! The Sensuikan Patrol Log Sheet: one row per month of the war, from December 1941 to July 1945.

use crate::{Column, LogSheet, Row};

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
        // A busy month's ships go on past three lines on the row's notes line.
        Column::list("Ships attacked (name, type)", 3.4, 3),
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
            let mut cells = vec![m];
            cells.resize(columns.len(), String::new());
            Row::new(cells)
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

/// Career paperwork, from what the career shows ([`CareerView`]).
pub mod career {
    use std::collections::BTreeMap;

    use periscope_engine::sensuikan::career::{CareerView, LogRow, LogShip};

    use super::blank_patrol_log;
    use crate::{Column, LIST_SEPARATOR, LogSheet, Row, md_text};

    /// `35200` → `35,200`.
    pub fn tons(t: u32) -> String {
        let digits = t.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    /// An area's name: the log row's own, or the map's for an older log that kept only the id.
    fn area(row: &LogRow) -> String {
        if row.area_name.is_empty() && !row.area.is_empty() {
            periscope_engine::sensuikan::words::area(&row.area)
        } else {
            row.area_name.clone()
        }
    }

    fn mark(row: &LogRow) -> &str {
        if row.mark == "patrol" { "P" } else { &row.mark }
    }

    /// `Nancy Moller (freighter)`: the name, and the type when the log knows it.
    fn ship_label(s: &LogShip) -> String {
        if s.kind.is_empty() {
            s.name.clone()
        } else {
            format!("{} ({})", s.name, s.kind.to_lowercase())
        }
    }

    fn ships_cell(row: &LogRow) -> String {
        row.ships
            .iter()
            .map(ship_label)
            .collect::<Vec<_>>()
            .join(LIST_SEPARATOR)
    }

    fn hits_cell(row: &LogRow) -> String {
        let sunk = row.ships.iter().filter(|s| s.sunk).count();
        let damaged = row.ships.len() - sunk;
        match (sunk, damaged) {
            (0, 0) => String::new(),
            (s, 0) => format!("{s} sunk"),
            (0, d) => format!("{d} damaged"),
            (s, d) => format!("{s} sunk, {d} damaged"),
        }
    }

    /// The header boxes, filled in.
    fn header(v: &CareerView) -> Vec<(String, String)> {
        vec![
            ("Submarine class".into(), v.class.clone()),
            ("Submarine ID".into(), v.hull_number.clone()),
            ("Commander".into(), v.commander.clone()),
            ("Rank".into(), v.rank.clone()),
            ("Base".into(), v.base_name.clone()),
        ]
    }

    /// [5.2.1] `12,600 t`, or `12,600 t (3,900 t on the patrol under way)` while the boat is at sea after
    /// a sinking: the tonnage counts at once, and the part not yet on the Patrol Log is said.
    pub fn tonnage(v: &CareerView) -> String {
        match v.tonnage_under_way() {
            0 => format!("{} t", tons(v.tonnage)),
            at_sea => format!(
                "{} t ({} t on the patrol under way)",
                tons(v.tonnage),
                tons(at_sea)
            ),
        }
    }

    fn ships_sunk(v: &CareerView) -> usize {
        v.log.iter().flat_map(|r| &r.ships).filter(|s| s.sunk).count()
    }

    /// The Patrol Log Sheet of a career, filled in month by month like the paper one.
    pub fn patrol_log(v: &CareerView) -> LogSheet {
        let rows = v
            .log
            .iter()
            .map(|r| {
                Row::new([
                    r.month.clone(),
                    mark(r).to_string(),
                    area(r),
                    r.mission.clone(),
                    ships_cell(r),
                    if r.tonnage > 0 {
                        tons(r.tonnage)
                    } else {
                        String::new()
                    },
                    hits_cell(r),
                    r.result.clone(),
                ])
            })
            .collect();
        let level = v
            .end
            .as_ref()
            .map(|e| e.level.name().to_string())
            .unwrap_or_else(|| "in progress".into());
        LogSheet {
            header: header(v),
            rows,
            totals: vec![
                ("Tonnage sunk".into(), tonnage(v)),
                ("Ships sunk".into(), ships_sunk(v).to_string()),
                ("Special missions".into(), v.special_missions.to_string()),
                ("Final rank".into(), v.rank.clone()),
                ("Decorations".into(), v.decorations.len().to_string()),
                ("Victory level".into(), level),
            ],
            ..blank_patrol_log()
        }
    }

    /// Every ship attacked, one row each: month, area, name, tonnage, result.
    pub fn ships_attacked(v: &CareerView) -> LogSheet {
        let rows = v
            .log
            .iter()
            .flat_map(|r| {
                let area = area(r);
                r.ships.iter().map(move |s| {
                    Row::new([
                        r.month.clone(),
                        area.clone(),
                        s.name.clone(),
                        s.kind.clone(),
                        tons(s.tonnage),
                        if s.sunk { "sunk".into() } else { "damaged".into() },
                    ])
                })
            })
            .collect();
        LogSheet {
            title: "SENSUIKAN · SHIPS ATTACKED".into(),
            subtitle: format!("{} {} · {}", v.class, v.hull_number, v.commander),
            columns: vec![
                Column::text("Month", 0.8),
                Column::text("Area", 1.6),
                Column::text("Ship", 2.4),
                Column::text("Type", 1.2),
                Column::number("Tons", 0.9),
                Column::text("Result", 0.9),
            ],
            rows,
            ..Default::default()
        }
    }

    /// The career summary page: the ships sunk, tonnage by year, awards, and the fate of captain and boat.
    pub fn summary(v: &CareerView) -> LogSheet {
        let mut by_year: BTreeMap<String, u32> = BTreeMap::new();
        for r in &v.log {
            let year = r
                .month
                .split('/')
                .nth(1)
                .map_or_else(String::new, |y| format!("19{y}"));
            for s in r.ships.iter().filter(|s| s.sunk) {
                *by_year.entry(year.clone()).or_default() += s.tonnage;
            }
        }
        let mut sheet = ships_attacked(v);
        sheet.title = "SENSUIKAN · CAREER SUMMARY".into();
        sheet.rows.retain(|r| r.get(5).is_some_and(|x| x == "sunk"));
        sheet.header = header(v);
        sheet
            .header
            .push(("Decorations".into(), v.decorations.join(", ")));
        let mut totals: Vec<(String, String)> = by_year
            .into_iter()
            .map(|(y, t)| (format!("Sunk in {y}"), format!("{} t", tons(t))))
            .collect();
        let fate = v
            .end
            .as_ref()
            .map_or_else(|| "Still at sea".to_string(), |e| e.describe());
        totals.push(("Fate".into(), fate));
        sheet.totals = totals;
        sheet.footer = format!(
            "{} · {} · {} sunk in all",
            counted(v.patrols, "patrol", "patrols"),
            counted(v.special_missions, "special mission", "special missions"),
            tonnage(v)
        );
        sheet
    }

    /// A Markdown after-action report of the career, ready to post on a forum. The career's texts (the
    /// commander and hull number the player typed, names from the data or an override file) are shown,
    /// never obeyed: no escape sequence and no Markdown of theirs is made ([`md_text`]).
    pub fn after_action_report(v: &CareerView) -> String {
        let mut out = format!(
            "# {} {} — {}\n\n",
            md_text(&v.class),
            md_text(&v.hull_number),
            md_text(&v.commander)
        );
        out.push_str(&format!(
            "**Rank:** {} · **Base:** {} · **Patrols:** {} · **Special missions:** {} · **Tonnage sunk:** {}\n\n",
            md_text(&v.rank),
            md_text(&v.base_name),
            v.patrols,
            v.special_missions,
            tonnage(v)
        ));
        if let Some(end) = &v.end {
            out.push_str(&format!("**Outcome:** {}\n\n", md_text(&end.describe())));
        }
        out.push_str("## Patrols\n\n");
        for r in v.log.iter().filter(|r| r.mark == "patrol") {
            let area = if r.area.is_empty() {
                "patrol".to_string()
            } else {
                md_text(&area(r))
            };
            out.push_str(&format!("### {} — {area}", md_text(&r.month)));
            if !r.mission.is_empty() {
                out.push_str(&format!(" ({})", md_text(&r.mission)));
            }
            out.push_str("\n\n");
            for s in &r.ships {
                let what = if s.sunk { "sunk" } else { "damaged" };
                out.push_str(&format!(
                    "- {}, {} t, {what}\n",
                    md_text(&ship_label(s)),
                    tons(s.tonnage)
                ));
            }
            if r.ships.is_empty() {
                out.push_str("- No ship hit.\n");
            }
            if !r.result.is_empty() {
                out.push_str(&format!("\n_{}_\n", md_text(&r.result)));
            }
            out.push('\n');
        }
        if !v.decorations.is_empty() {
            out.push_str(&format!(
                "## Decorations\n\n{}\n",
                v.decorations
                    .iter()
                    .map(|d| format!("- {}\n", md_text(d)))
                    .collect::<String>()
            ));
        }
        out
    }

    /// A count with its noun: `1 patrol`, `3 patrols`.
    fn counted(n: u32, one: &str, many: &str) -> String {
        match n {
            1 => format!("1 {one}"),
            n => format!("{n} {many}"),
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn one_is_counted_in_the_singular() {
            assert_eq!(counted(1, "patrol", "patrols"), "1 patrol");
            assert_eq!(counted(0, "patrol", "patrols"), "0 patrols");
            assert_eq!(
                counted(2, "special mission", "special missions"),
                "2 special missions"
            );
        }

        #[test]
        fn tonnage_is_written_with_thousands_separators() {
            assert_eq!(tons(0), "0");
            assert_eq!(tons(3900), "3,900");
            assert_eq!(tons(1_234_567), "1,234,567");
        }
    }
}
