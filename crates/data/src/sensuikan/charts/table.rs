//! The shapes Sensuikan's charts share: months, dated columns of [`Chart`]s, dice modifiers and fixed
//! numbers printed beside a chart, and the summary `periscope-cli charts list` prints.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::read::Cx;
use crate::Provenance;
use crate::chart::{Chart, ChartDice, Row};
pub use crate::month::Month;

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
    pub(crate) fn check_dates(&self, cx: &mut Cx, must_cover: impl Fn(&K) -> Dates) {
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

/// Reads `columns` of a table; each column is `{"column": KEY, "from": "12/41", "until": "6/42",
/// "span": [lo, hi], "notes": […], "rows": […]}` and is validated as a [`Chart`].
pub(crate) fn read_table<K: DeserializeOwned + fmt::Display, T: DeserializeOwned>(
    cx: &mut Cx,
    obj: &Map<String, Value>,
) -> Option<Table<K, T>> {
    let before = cx.errors.len();
    let h = cx.header(obj);
    let dice = cx.req::<ChartDice>(obj, "dice", "");
    let mut columns = Vec::new();
    if let Some(items) = obj.get("columns").and_then(|v| cx.array(v, "field columns")) {
        for (i, item) in items.iter().enumerate() {
            let at = format!("column {}", i + 1);
            let Some(o) = cx.object(item, &at) else {
                continue;
            };
            cx.only(o, &["column", "from", "until", "span", "notes", "rows"], &at);
            let key = cx.req::<K>(o, "column", &at);
            let from = cx.opt::<Month>(o, "from", &at);
            let until = cx.opt::<Month>(o, "until", &at);
            let span = cx.opt::<(i32, i32)>(o, "span", &at);
            let notes = cx.opt::<Vec<String>>(o, "notes", &at).unwrap_or_default();
            let (Some(key), Some(dice)) = (key, dice) else {
                continue;
            };
            let dates = Dates { from, until };
            let label = column_label(&key, dates);
            let rows = cx.rows::<T>(o.get("rows"), &label);
            let chart = Chart {
                id: cx.chart.clone(),
                title: h.title.clone(),
                dice,
                span,
                rows,
                notes,
            };
            let problems = chart.problems(cx.file);
            cx.absorb(&label, problems);
            columns.push(Column { key, dates, chart });
        }
    } else if !obj.contains_key("columns") {
        cx.err("field columns", "missing");
    }
    if cx.errors.len() > before {
        return None;
    }
    Some(Table {
        id: cx.chart.clone(),
        title: h.title,
        dice: dice?,
        notes: h.notes,
        columns,
    })
}

/// A dice roll modifier printed with a chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    /// Stable name the engine asks for (`fast_target`).
    pub id: String,
    /// Added to the roll.
    pub drm: i32,
    /// When it applies, in our own words.
    pub when: String,
    /// In force from this month on only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Month>,
    pub provenance: Provenance,
}

/// A fixed number printed with a chart (a natural roll that always succeeds, a bonus, a tonnage).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constant {
    pub id: String,
    pub value: i32,
    pub meaning: String,
    pub provenance: Provenance,
}

/// Finds a modifier or constant by id.
pub trait Named {
    fn name(&self) -> &str;
}

impl Named for Modifier {
    fn name(&self) -> &str {
        &self.id
    }
}

impl Named for Constant {
    fn name(&self) -> &str {
        &self.id
    }
}

pub fn find<'a, N: Named>(list: &'a [N], id: &str) -> Option<&'a N> {
    list.iter().find(|n| n.name() == id)
}

/// Reads and checks a `modifiers` list.
pub(crate) fn read_modifiers(cx: &mut Cx, obj: &Map<String, Value>) -> Vec<Modifier> {
    let list: Vec<Modifier> = cx.list(obj.get("modifiers"), "modifier", "modifiers");
    check_named(cx, &list, "modifier", |m| &m.provenance);
    list
}

/// Reads and checks a `constants` list.
pub(crate) fn read_constants(cx: &mut Cx, obj: &Map<String, Value>) -> Vec<Constant> {
    let list: Vec<Constant> = cx.list(obj.get("constants"), "constant", "constants");
    check_named(cx, &list, "constant", |c| &c.provenance);
    list
}

fn check_named<N: Named>(cx: &mut Cx, list: &[N], what: &str, prov: impl Fn(&N) -> &Provenance) {
    for (i, n) in list.iter().enumerate() {
        let entry = format!("{what} {} ({})", i + 1, n.name());
        cx.provenance(prov(n), &entry);
        if n.name().trim().is_empty() {
            cx.err(&entry, format!("a {what} needs an id"));
        }
        if list[..i].iter().any(|o| o.name() == n.name()) {
            cx.err(&entry, format!("this {what} id appears twice"));
        }
    }
}

/// Checks that the modifiers named in `required` are all present (charts whose modifiers the rules state).
pub(crate) fn require_named<N: Named>(cx: &mut Cx, list: &[N], what: &str, required: &[&str]) {
    for id in required {
        if find(list, id).is_none() {
            cx.err(&format!("field {what}s"), format!("the {what} '{id}' is missing"));
        }
    }
}

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

pub(crate) fn dice_name(d: ChartDice) -> String {
    serde_json::to_value(d)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The dice of several charts, each named once (`2d6 + 1d6`).
pub(crate) fn dice_list(dice: &[ChartDice]) -> String {
    let mut names: Vec<String> = Vec::new();
    for d in dice {
        let n = dice_name(*d);
        if !names.contains(&n) {
            names.push(n);
        }
    }
    names.join(" + ")
}

pub(crate) fn summary_of_chart<T>(c: &Chart<T>, shape: &str) -> Summary {
    Summary {
        id: c.id.clone(),
        title: c.title.clone(),
        dice: dice_name(c.dice),
        shape: shape.to_string(),
        rows: c.rows.len(),
    }
}

/// A table's summary; `extra` lists the dice and row count of the sections printed with it.
pub(crate) fn summary_of_table<K: PartialEq + Clone + fmt::Display, T>(
    t: &Table<K, T>,
    extra: &[(ChartDice, usize)],
) -> Summary {
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
    Summary {
        id: t.id.clone(),
        title: t.title.clone(),
        dice: dice_list(&dice),
        shape,
        rows: t.row_count() + extra.iter().map(|c| c.1).sum::<usize>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_read_as_the_book_writes_them() {
        let m: Month = "7/42".parse().unwrap();
        assert_eq!(m, Month::new(1942, 7).unwrap());
        assert_eq!(m.to_string(), "7/42");
        assert_eq!(crate::sensuikan::WAR_START.next().to_string(), "1/42");
        assert_eq!(
            Month::new(1942, 1).unwrap().previous(),
            crate::sensuikan::WAR_START
        );
        assert!("13/42".parse::<Month>().is_err());
        assert!("1942-07".parse::<Month>().is_err());
        let d = Dates {
            from: Some(m),
            until: None,
        };
        assert!(d.contains("8/45".parse().unwrap()));
        assert!(!d.contains("6/42".parse().unwrap()));
    }
}
