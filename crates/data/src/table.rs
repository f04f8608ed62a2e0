//! Charts printed as several columns: a [`Table`] holds one [`Chart`] per key (an area, a base, a
//! weapon…) and, where the odds change during the war, one per period ([`Dates`]).
//!
//! Any game's table reads with [`Cx::table`]; [`Table::check_dates`] checks each key's periods follow one
//! another and cover the months the game needs.

use std::fmt;

use serde::de::DeserializeOwned;

use crate::chart::{Chart, ChartDice, Row};
use crate::month::Month;
use crate::read::{Cx, Fields};
use crate::summary::{Summary, dice_list};

/// The months a column is in force, both ends inclusive; an open end runs to the start or the end of
/// the war.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Dates {
    pub from: Option<Month>,
    pub until: Option<Month>,
}

impl Dates {
    pub fn contains(self, m: Month) -> bool {
        self.from.is_none_or(|f| f <= m) && self.until.is_none_or(|u| m <= u)
    }

    /// Whether these dates lie wholly inside `outer`.
    pub fn within(self, outer: Dates) -> bool {
        let from_ok = match (outer.from, self.from) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(o), Some(s)) => o <= s,
        };
        let until_ok = match (outer.until, self.until) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(o), Some(s)) => s <= o,
        };
        from_ok && until_ok
    }
}

impl fmt::Display for Dates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from, self.until) {
            (None, None) => Ok(()),
            (Some(a), None) => write!(f, "from {a}"),
            (None, Some(b)) => write!(f, "until {b}"),
            (Some(a), Some(b)) if a == b => write!(f, "{a}"),
            (Some(a), Some(b)) => write!(f, "{a}-{b}"),
        }
    }
}

/// One column of a table: the rows for one key (an area, a base, a weapon…) over some months.
#[derive(Debug, Clone, PartialEq)]
pub struct Column<K, T> {
    pub key: K,
    pub dates: Dates,
    pub chart: Chart<T>,
}

impl<K: fmt::Display, T> Column<K, T> {
    /// `column pearl_harbor 12/41-12/43`, as errors name it.
    pub fn label(&self) -> String {
        column_label(&self.key, self.dates)
    }
}

fn column_label<K: fmt::Display>(key: &K, dates: Dates) -> String {
    let d = dates.to_string();
    if d.is_empty() {
        format!("column {key}")
    } else {
        format!("column {key} {d}")
    }
}

/// A chart printed as several columns read with the same dice: one column per key, and for some keys
/// one per period of the war.
#[derive(Debug, Clone, PartialEq)]
pub struct Table<K, T> {
    pub id: String,
    pub title: String,
    pub dice: ChartDice,
    pub notes: Vec<String>,
    pub columns: Vec<Column<K, T>>,
}

impl<K: PartialEq, T> Table<K, T> {
    /// The column for `key` in force in month `when`.
    pub fn column(&self, key: &K, when: Month) -> Option<&Column<K, T>> {
        self.columns
            .iter()
            .find(|c| c.key == *key && c.dates.contains(when))
    }

    /// The row answering a (modified) roll in the column for `key` in `when`, clamped to the column's span.
    pub fn lookup(&self, key: &K, when: Month, roll: i32) -> Option<&Row<T>> {
        self.column(key, when)?.chart.lookup(roll)
    }

    /// Every column of `key`, in date order.
    pub fn columns_of<'a>(&'a self, key: &'a K) -> impl Iterator<Item = &'a Column<K, T>> + 'a {
        self.columns.iter().filter(move |c| c.key == *key)
    }

    pub fn row_count(&self) -> usize {
        self.columns.iter().map(|c| c.chart.rows.len()).sum()
    }
}

impl<K: PartialEq + Clone + fmt::Display, T> Table<K, T> {
    /// The distinct keys, in the order they first appear.
    pub fn keys(&self) -> Vec<K> {
        let mut keys: Vec<K> = Vec::new();
        for c in &self.columns {
            if !keys.contains(&c.key) {
                keys.push(c.key.clone());
            }
        }
        keys
    }

    /// Checks each key's columns follow one another in date order with no gap or overlap, and span at
    /// least `must_cover(key)` (the months that key must answer).
    pub fn check_dates(&self, cx: &mut Cx, must_cover: impl Fn(&K) -> Dates) {
        for key in self.keys() {
            let cols: Vec<&Column<K, T>> = self.columns_of(&key).collect();
            for (i, c) in cols.iter().enumerate() {
                if let (Some(a), Some(b)) = (c.dates.from, c.dates.until)
                    && a > b
                {
                    cx.err(&c.label(), format!("runs backwards: from {a} until {b}"));
                }
                if i > 0 && c.dates.from.is_none() {
                    cx.err(&c.label(), "only the first column of a key may leave 'from' open");
                }
                if let Some(next) = cols.get(i + 1) {
                    match (c.dates.until, next.dates.from) {
                        (None, _) => {
                            cx.err(&c.label(), "only the last column of a key may leave 'until' open")
                        }
                        (Some(u), Some(f)) if f != u.next() => {
                            let msg = if f <= u {
                                format!("overlaps the next column ({f} is answered twice)")
                            } else {
                                format!(
                                    "leaves a gap before the next column: {} is not answered",
                                    u.next()
                                )
                            };
                            cx.err(&c.label(), msg);
                        }
                        _ => {}
                    }
                }
            }
            let covered = Dates {
                from: cols.first().and_then(|c| c.dates.from),
                until: cols.last().and_then(|c| c.dates.until),
            };
            let need = must_cover(&key);
            if !need.within(covered) {
                cx.err(
                    &format!("column {key}"),
                    format!(
                        "its columns answer {} but must answer {}",
                        show(covered),
                        show(need)
                    ),
                );
            }
        }
    }
}

fn show(d: Dates) -> String {
    match (d.from, d.until) {
        (None, None) => "the whole war".into(),
        (Some(a), None) => format!("from {a} on"),
        (None, Some(b)) => format!("the war until {b}"),
        (Some(a), Some(b)) => format!("{a} to {b}"),
    }
}

impl Cx<'_> {
    /// A whole table, from the chart's fields `id`, `title`, `dice`, `notes` and `columns`; each column
    /// is `{"column": KEY, "from": "12/41", "until": "6/42", "span": [lo, hi], "notes": […],
    /// "rows": […]}` and is validated as a [`Chart`], its errors prefixed by the column's label.
    pub fn table<K: DeserializeOwned + fmt::Display, T: DeserializeOwned>(
        &mut self,
        fields: &mut Fields,
    ) -> Option<Table<K, T>> {
        let before = self.errors.len();
        let h = self.header(fields);
        let obj = fields.part(&["dice", "columns"]);
        let dice = self.req::<ChartDice>(obj, "dice", "");
        let mut columns = Vec::new();
        match obj.get("columns") {
            None => self.err("field columns", "missing"),
            Some(v) => {
                if let Some(items) = self.array(v, "field columns") {
                    for (i, item) in items.iter().enumerate() {
                        if let Some(column) = self.column(item, i, dice) {
                            columns.push(column);
                        }
                    }
                }
            }
        }
        if self.errors.len() > before {
            return None;
        }
        let h = h?;
        for c in &mut columns {
            c.chart.title = h.title.clone();
        }
        Some(Table {
            id: self.chart.clone(),
            title: h.title,
            dice: dice?,
            notes: h.notes,
            columns,
        })
    }

    /// One column of a table (the `i`th), read with the table's `dice`. Its rows are read once its key
    /// is known, to name them; its coverage is checked once they all read (a bad row would only show
    /// again as a gap).
    fn column<K: DeserializeOwned + fmt::Display, T: DeserializeOwned>(
        &mut self,
        item: &serde_json::Value,
        i: usize,
        dice: Option<ChartDice>,
    ) -> Option<Column<K, T>> {
        let before = self.errors.len();
        let at = format!("column {}", i + 1);
        let o = self.object(item, &at)?;
        self.only(o, &["column", "from", "until", "span", "notes", "rows"], &at);
        let key = self.req::<K>(o, "column", &at);
        let from = self.opt::<Month>(o, "from", &at);
        let until = self.opt::<Month>(o, "until", &at);
        let span = self.opt::<(i32, i32)>(o, "span", &at);
        let notes = self.notes(o, &at);
        let (key, dice) = (key?, dice?);
        let dates = Dates { from, until };
        let label = column_label(&key, dates);
        let rows = self.rows::<T>(o.get("rows"), &label);
        if self.errors.len() > before {
            return None;
        }
        let chart = Chart {
            id: self.chart.clone(),
            // The table's title, set once its header is known to be sound.
            title: String::new(),
            dice,
            span,
            rows,
            notes,
        };
        let problems = chart.problems(self.file);
        self.absorb(&label, problems);
        Some(Column { key, dates, chart })
    }
}

impl Summary {
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
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use serde_json::Value;

    use super::*;
    use crate::read::{Family, load};

    #[derive(Debug)]
    struct Odds(Table<String, u8>);

    impl Family<()> for Odds {
        fn read(cx: &mut Cx, fields: &mut Fields) -> Option<Self> {
            Some(Self(cx.table(fields)?))
        }
        fn check(&self, cx: &mut Cx, _: &()) {
            self.0.check_dates(cx, |_| Dates::default());
        }
        fn summary(&self) -> Summary {
            Summary::of_table(&self.0, &[])
        }
    }

    const P: &str = r#"{"source": "reconstructed", "reason": "test"}"#;

    fn column(key: &str, dates: &str, rows: &str) -> String {
        format!(r#"{{"column": "{key}", {dates} "rows": [{rows}]}}"#)
    }

    fn odds(columns: &[String]) -> Result<Odds, Vec<String>> {
        let text = format!(
            r#"{{"title": "Odds", "dice": "1d6", "columns": [{}]}}"#,
            columns.join(", ")
        );
        let v: Value = serde_json::from_str(&text).unwrap();
        load::<(), Odds>("odds.json", "O1", &v, &()).map_err(|e| e.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn a_table_answers_by_key_and_month() {
        let all = format!(r#"{{"roll": "1-6", "result": 1, "provenance": {P}}}"#);
        let late = format!(r#"{{"roll": "1-6", "result": 2, "provenance": {P}}}"#);
        let t = odds(&[
            column("north", r#""until": "6/42","#, &all),
            column("north", r#""from": "7/42","#, &late),
            column("south", "", &all),
        ])
        .unwrap()
        .0;
        let jul42 = Month::new(1942, 7).unwrap();
        assert_eq!(t.lookup(&"north".into(), jul42, 3).map(|r| r.result), Some(2));
        assert_eq!(
            t.lookup(&"north".into(), jul42.previous(), 3).map(|r| r.result),
            Some(1)
        );
        assert_eq!(t.keys(), ["north", "south"]);
        assert_eq!(Odds(t).summary().shape, "2 columns in 3 date bands");
    }

    #[test]
    fn a_tables_mistakes_name_their_column() {
        let all = format!(r#"{{"roll": "1-6", "result": 1, "provenance": {P}}}"#);
        let short = format!(r#"{{"roll": "1-5", "result": 1, "provenance": {P}}}"#);
        let errors = odds(&[
            column("north", r#""until": "6/42","#, &short),
            column("north", r#""from": "8/42","#, &all),
            r#"{"from": "1/42", "rows": []}"#.to_string(),
        ])
        .unwrap_err();
        assert_eq!(
            errors,
            [
                "odds.json, chart O1, entry column north until 6/42: rolls 6 to 6 are not answered",
                "odds.json, chart O1, entry column 3, field column: missing",
            ]
        );
        // A row that does not read is named once, not again as a gap in its column.
        let bad_row = format!(
            r#"{{"roll": "1-3", "result": "x", "provenance": {P}}}, {{"roll": "4-6", "result": 1, "provenance": {P}}}"#
        );
        assert_eq!(
            odds(&[column("north", "", &bad_row)]).unwrap_err(),
            [
                "odds.json, chart O1, entry column north, row 1, field result: invalid type: string \"x\", expected u8"
            ]
        );
        let gap = odds(&[
            column("north", r#""until": "6/42","#, &all),
            column("north", r#""from": "8/42","#, &all),
        ])
        .unwrap_err();
        assert_eq!(
            gap,
            [
                "odds.json, chart O1, entry column north until 6/42: leaves a gap before the next column: 7/42 is not answered"
            ]
        );
    }
}
