//! Atlantic Sentinels' charts: every chart the rules name, A1a to H-2, reconstructed where the book is
//! silent (the printed player aids are not in it), each row with its provenance.
//!
//! Each chart id's data is a [`Family`] read by the crate's shared reader, so a bad file or override is
//! answered with every mistake named by file, chart, entry and field; every chart is also held to what
//! every Atlantic file is (cases, citations, field provenance: [`crate::atlantic::walk`]). What a chart
//! names in another chart or in the catalogs is checked over the whole data set
//! ([`crate::atlantic::links`]). `docs/atlantic-catalogs.md` describes the shapes and the checks.

mod a;
mod b;
mod c;
mod refs;
mod ships;

use std::fmt;

use serde_json::Value;

pub use a::{
    A1, A2, A2Key, A3, A4, A4Key, Assignment, CVE_FROM, ConvoyType, Encounter, PackSize, REDUCE_FROM, Refit,
};
pub use b::{
    B1, B2, B3, B4, B4Key, B5, B6, B8, B9, B9Key, DamageEffect, Detection, Dud, Flooding, Hit, Hits, Quality,
    Range, Repair,
};
pub use c::{
    C1, C2, C3, C3Key, C4, C5, CrashDive, Event, Fido, FidoResult, Flak, Salvo, Shot, Target, Weather,
};
pub use refs::Refs;
pub use ships::{Band, Merchant, Pick, Reroll, ScenarioShips, ShipList};

use super::walk::walk;
use super::{GAME_END, GAME_START};
use crate::DataError;
use crate::chart::{Chart, Row};
use crate::modifier::Modifier;
use crate::read::{Cx, Family, join, load};
use crate::summary::Summary;
use crate::table::{Dates, Table};

macro_rules! display_as_json {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let s = serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string));
                f.write_str(s.as_deref().unwrap_or("?"))
            }
        }
    )*};
}

display_as_json!(A2Key, A4Key, Range, B4Key, B9Key, C3Key);

/// The months of the game, February 1942 to June 1943 [4.2.1] [5.1.1]: every dated key's columns
/// answer them.
pub fn game_dates() -> Dates {
    Dates {
        from: Some(GAME_START),
        until: Some(GAME_END),
    }
}

/// A table's summary, with a table of one key in date bands said in the singular.
pub(crate) fn table_summary<K: PartialEq + Clone + fmt::Display, T>(t: &Table<K, T>) -> Summary {
    let mut s = Summary::of_table(t, &[]);
    if let Some(rest) = s.shape.strip_prefix("1 columns") {
        s.shape = format!("1 column{rest}");
    }
    s
}

/// `row 3 (4-6)`, inside `prefix`.
pub(crate) fn row_entry<T>(prefix: &str, i: usize, r: &Row<T>) -> String {
    join(prefix, &format!("row {} ({})", i + 1, String::from(r.roll)))
}

/// Checks every value of `all` appears as a result somewhere in `rows`.
pub(crate) fn require_results<T: PartialEq + fmt::Debug>(
    cx: &mut Cx,
    entry: &str,
    rows: &[&Row<T>],
    all: &[T],
) {
    for want in all {
        if !rows.iter().any(|r| r.result == *want) {
            cx.err(entry, format!("no row gives {want:?}"));
        }
    }
}

/// Checks the rows of a "succeeds on N or less" chart: every `good` row comes before every other row.
pub(crate) fn check_threshold<T: PartialEq>(cx: &mut Cx, label: &str, chart: &Chart<T>, good: &T) {
    let mut seen_bad = false;
    for (i, r) in chart.rows.iter().enumerate() {
        if r.result == *good {
            if seen_bad {
                cx.err(
                    &row_entry(label, i, r),
                    "a success above a failure: this chart must succeed on a roll of N or less",
                );
            }
        } else {
            seen_bad = true;
        }
    }
}

/// Checks every date of a table's columns lies in the game.
pub(crate) fn check_columns_in_game<K: fmt::Display, T>(cx: &mut Cx, table: &Table<K, T>) {
    for c in &table.columns {
        for m in [c.dates.from, c.dates.until].into_iter().flatten() {
            if !(GAME_START..=GAME_END).contains(&m) {
                cx.err(
                    &c.label(),
                    format!("{m} is outside the game ({GAME_START} to {GAME_END})"),
                );
            }
        }
    }
}

/// Checks every modifier's `from` lies in the game.
pub(crate) fn check_modifiers_in_game(cx: &mut Cx, modifiers: &[Modifier]) {
    for (i, m) in modifiers.iter().enumerate() {
        if let Some(from) = m.from
            && !(GAME_START..=GAME_END).contains(&from)
        {
            cx.err(
                &format!("modifier {} ({}), field from", i + 1, m.id),
                format!("{from} is outside the game ({GAME_START} to {GAME_END})"),
            );
        }
    }
}

/// Reads and checks chart `id` of family `F`, and holds its JSON to what every Atlantic file is: every
/// mistake is returned.
pub fn load_chart<F: Family<Refs>>(
    file: &str,
    id: &str,
    value: &Value,
    refs: &Refs,
) -> Result<F, Vec<DataError>> {
    let loaded = load::<Refs, F>(file, id, value, refs);
    let mut cx = Cx::new(file, id);
    walk(&mut cx, value, &refs.cases, false);
    match loaded {
        Ok(f) if cx.errors.is_empty() => Ok(f),
        Ok(_) => Err(cx.errors),
        Err(mut e) => {
            e.append(&mut cx.errors);
            Err(e)
        }
    }
}

/// The shipped chart files, embedded: a file holds one chart object, or a list of them.
const FILES: &[(&str, &str)] = &[
    (
        "data/atlantic/charts/a1.json",
        include_str!("../../../../../data/atlantic/charts/a1.json"),
    ),
    (
        "data/atlantic/charts/a2.json",
        include_str!("../../../../../data/atlantic/charts/a2.json"),
    ),
    (
        "data/atlantic/charts/a3.json",
        include_str!("../../../../../data/atlantic/charts/a3.json"),
    ),
    (
        "data/atlantic/charts/a4.json",
        include_str!("../../../../../data/atlantic/charts/a4.json"),
    ),
    (
        "data/atlantic/charts/b1.json",
        include_str!("../../../../../data/atlantic/charts/b1.json"),
    ),
    (
        "data/atlantic/charts/b2.json",
        include_str!("../../../../../data/atlantic/charts/b2.json"),
    ),
    (
        "data/atlantic/charts/b3.json",
        include_str!("../../../../../data/atlantic/charts/b3.json"),
    ),
    (
        "data/atlantic/charts/b4.json",
        include_str!("../../../../../data/atlantic/charts/b4.json"),
    ),
    (
        "data/atlantic/charts/b5.json",
        include_str!("../../../../../data/atlantic/charts/b5.json"),
    ),
    (
        "data/atlantic/charts/b6.json",
        include_str!("../../../../../data/atlantic/charts/b6.json"),
    ),
    (
        "data/atlantic/charts/b8.json",
        include_str!("../../../../../data/atlantic/charts/b8.json"),
    ),
    (
        "data/atlantic/charts/b9.json",
        include_str!("../../../../../data/atlantic/charts/b9.json"),
    ),
    (
        "data/atlantic/charts/c1.json",
        include_str!("../../../../../data/atlantic/charts/c1.json"),
    ),
    (
        "data/atlantic/charts/c2.json",
        include_str!("../../../../../data/atlantic/charts/c2.json"),
    ),
    (
        "data/atlantic/charts/c3.json",
        include_str!("../../../../../data/atlantic/charts/c3.json"),
    ),
    (
        "data/atlantic/charts/c4.json",
        include_str!("../../../../../data/atlantic/charts/c4.json"),
    ),
    (
        "data/atlantic/charts/c5.json",
        include_str!("../../../../../data/atlantic/charts/c5.json"),
    ),
    (
        "data/atlantic/charts/fido.json",
        include_str!("../../../../../data/atlantic/charts/fido.json"),
    ),
    (
        "data/atlantic/charts/m.json",
        include_str!("../../../../../data/atlantic/charts/m.json"),
    ),
    (
        "data/atlantic/charts/h.json",
        include_str!("../../../../../data/atlantic/charts/h.json"),
    ),
];

/// The shipped chart files, each as (path, text): a starting point for a player's override file.
pub fn shipped_files() -> &'static [(&'static str, &'static str)] {
    FILES
}

macro_rules! chart_set {
    ($($field:ident: $ty:ty = $id:literal;)*) => {
        /// The whole validated Atlantic chart set. Field names are the chart ids.
        #[derive(Debug, Clone, PartialEq)]
        pub struct Charts {
            $(pub $field: $ty,)*
        }

        /// Every chart id, in the order of the player aids.
        pub const CHART_IDS: &[&str] = &[$($id),*];

        impl Charts {
            fn assemble(
                found: &[(String, String, Value)],
                refs: &Refs,
                errors: &mut Vec<DataError>,
            ) -> Option<Self> {
                $(
                    let $field: Option<$ty> = match found.iter().find(|(_, id, _)| id == $id) {
                        None => {
                            errors.push(DataError::new("data/atlantic/charts", $id, "", "no shipped file holds this chart"));
                            None
                        }
                        Some((file, _, value)) => match load_chart::<$ty>(file, $id, value, refs) {
                            Ok(c) => Some(c),
                            Err(mut e) => {
                                errors.append(&mut e);
                                None
                            }
                        },
                    };
                )*
                Some(Self { $($field: $field?,)* })
            }

            /// Reads `value` as chart `id` and, if it is valid, puts it in place of the current one. An
            /// invalid chart changes nothing; every error in it is returned. (What the chart names in the
            /// rest of the data is checked by the caller: [`crate::atlantic::Atlantic::replace_chart`].)
            pub fn replace(
                &mut self,
                file: &str,
                id: &str,
                value: &Value,
                refs: &Refs,
            ) -> Result<(), Vec<DataError>> {
                match id {
                    $($id => {
                        self.$field = load_chart::<$ty>(file, id, value, refs)?;
                        Ok(())
                    })*
                    _ => Err(vec![DataError::new(file, id, "", unknown_chart(id))]),
                }
            }

            /// One summary per chart, in [`CHART_IDS`] order.
            pub fn summaries(&self) -> Vec<Summary> {
                vec![$(Family::<Refs>::summary(&self.$field)),*]
            }
        }
    };
}

chart_set! {
    a1a: A1 = "A1a";
    a1b: A1 = "A1b";
    a2: A2 = "A2";
    a3: A3 = "A3";
    a4: A4 = "A4";
    b1: B1 = "B1";
    b2: B2 = "B2";
    b3: B3 = "B3";
    b4: B4 = "B4";
    b5: B5 = "B5";
    b6: B6 = "B6";
    b8: B8 = "B8";
    b9: B9 = "B9";
    c1: C1 = "C1";
    c2: C2 = "C2";
    c3: C3 = "C3";
    c4: C4 = "C4";
    c5: C5 = "C5";
    fido: Fido = "FIDO";
    m1: ShipList = "M1";
    m2: ShipList = "M2";
    m3: ShipList = "M3";
    h1: ScenarioShips = "H-1";
    h2: ScenarioShips = "H-2";
}

pub(crate) fn unknown_chart(id: &str) -> String {
    format!(
        "unknown chart id '{id}'; Atlantic Sentinels' charts are {}",
        CHART_IDS.join(", ")
    )
}

impl Charts {
    /// The shipped chart set, or every error in it.
    pub fn shipped(refs: &Refs) -> Result<Self, Vec<DataError>> {
        let mut errors = Vec::new();
        let found = crate::read::shipped_charts(FILES, CHART_IDS, unknown_chart, &mut errors);
        let set = Self::assemble(&found, refs, &mut errors);
        match set {
            Some(s) if errors.is_empty() => Ok(s),
            _ => Err(errors),
        }
    }

    /// An M chart by id (merchants.json says which size each names).
    pub fn ship_list(&self, id: &str) -> Option<&ShipList> {
        match id {
            "M1" => Some(&self.m1),
            "M2" => Some(&self.m2),
            "M3" => Some(&self.m3),
            _ => None,
        }
    }

    /// An H chart by id.
    pub fn scenario_ships(&self, id: &str) -> Option<&ScenarioShips> {
        match id {
            "H-1" => Some(&self.h1),
            "H-2" => Some(&self.h2),
            _ => None,
        }
    }

    /// The modifiers printed with a chart, by id (none for a chart that has none).
    pub fn modifiers(&self, id: &str) -> Option<&[Modifier]> {
        Some(match id {
            "A3" => &self.a3.modifiers,
            "B1" => &self.b1.modifiers,
            "B3" => &self.b3.modifiers,
            "B4" => &self.b4.modifiers,
            "C2" => &self.c2.modifiers,
            "C4" => &self.c4.modifiers,
            _ if CHART_IDS.contains(&id) => &[],
            _ => return None,
        })
    }
}
