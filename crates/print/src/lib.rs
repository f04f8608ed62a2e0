//! Periscope's paperwork: a log sheet (a title, header fields, a table of rows and totals) printed to PDF
//! like the paper sheet, or written as CSV and Markdown. Generic over the sheet, so the Sensuikan Patrol
//! Log and the Atlantic Sentinels Convoy Log share one layout.
//!
//! A sheet prints whole: every cell's text wraps inside its cell and the row grows to hold it; a list
//! column ([`Column::list`]) wraps between its items and, past a few lines, continues on the row's notes
//! line; page breaks fall between rows, with the header and column titles repeated on every page and the
//! totals kept with the last rows. [`SheetLayout`] is that layout, computed before anything is drawn.
//!
//! A Convoy Log, say, is a sheet like any other:
//!
//! ```
//! use periscope_print::{Column, LogSheet, Paper, Row, SheetLayout, pdf};
//!
//! let sheet = LogSheet {
//!     title: "ATLANTIC SENTINELS · CONVOY LOG".into(),
//!     columns: vec![
//!         Column::text("Date", 0.8),
//!         Column::text("Convoy / size", 1.2),
//!         Column::list("Targets (name, tons)", 4.0, 3),
//!         Column::number("Tonnage lost", 1.0),
//!     ],
//!     rows: vec![
//!         Row::new(["9/41", "SC 42 / 64", "Empire Springbuck 5,591 t; Stargard 1,113 t", "6,704"]),
//!         // A grey row: check for upgrades.
//!         Row::new(["9/41", "ON 14 / 40", "", ""]).grey().with_notes("Escort oiler detached."),
//!     ],
//!     ..Default::default()
//! };
//! let layout = SheetLayout::of(&sheet, Paper::Letter);
//! assert_eq!(layout.pages.len(), 1);
//! assert!(pdf(&sheet, Paper::Letter).is_ok());
//! ```

pub mod atlantic;
mod layout;
mod metrics;
mod pdf;
pub mod ring;
pub mod sensuikan;
mod text;
mod wrap;

use std::borrow::Cow;

pub use layout::{Band, CellLines, PageLayout, PlacedRow, SheetLayout, Strip, TextBox};
pub use pdf::{PrintError, RingMarks, pdf, pdf_book, ring_marks};
pub use text::{csv, markdown, md_text};
pub use wrap::LIST_SEPARATOR;

/// Marks an item of a list to be ringed (a ship sunk: `† Coracero 7,257 t`). The mark is text, printed as
/// it stands in every form of the sheet (the preview, the PDF, the CSV, the Markdown), so the item reads
/// the same everywhere; the PDF also draws a ring round the item, as a player circles a ship sunk on the
/// paper log. The ring runs from the mark to the item's end (the next list separator, or the end of the
/// cell), clear of the separator and of the items beside it ([`ring::set_line`]).
pub const RINGED: char = '†';

/// Page sizes, in PDF points (1/72 inch), landscape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    /// Width and height of the landscape page in points.
    pub fn landscape(self) -> (f32, f32) {
        match self {
            Paper::A4 => (841.89, 595.28),
            Paper::Letter => (792.0, 612.0),
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        match name.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" | "us-letter" => Some(Paper::Letter),
            _ => None,
        }
    }
}

/// One column of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub title: String,
    /// Share of the table's width (the widths are normalised).
    pub width: f32,
    /// Numbers are right-aligned.
    pub numeric: bool,
    /// A list column: its cells hold items joined by [`LIST_SEPARATOR`] (the ships attacked in a month,
    /// a convoy's targets). It wraps between items, and past this many lines the items that do not fit
    /// continue on the row's notes line, so one busy month does not stretch the sheet.
    pub list_lines: Option<usize>,
}

impl Column {
    pub fn text(title: &str, width: f32) -> Self {
        Self {
            title: title.into(),
            width,
            numeric: false,
            list_lines: None,
        }
    }

    pub fn number(title: &str, width: f32) -> Self {
        Self {
            numeric: true,
            ..Self::text(title, width)
        }
    }

    /// A list column that keeps up to `lines` lines in its cell (at least one).
    pub fn list(title: &str, width: f32, lines: usize) -> Self {
        Self {
            list_lines: Some(lines.max(1)),
            ..Self::text(title, width)
        }
    }
}

/// One row of the table: a month of a Patrol Log, a convoy of a Convoy Log. It reads as its cells
/// (`row.get(2)`, `for cell in &row`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Row {
    pub cells: Vec<String>,
    /// Printed on a line of its own under the cells, across the table.
    pub notes: String,
    /// Printed on a grey band, as the paper sheet marks some rows (the Convoy Log's upgrade checks).
    pub shaded: bool,
}

impl Row {
    pub fn new<S: Into<String>>(cells: impl IntoIterator<Item = S>) -> Self {
        Self {
            cells: cells.into_iter().map(Into::into).collect(),
            ..Self::default()
        }
    }

    /// The row on a grey band.
    pub fn grey(self) -> Self {
        Self { shaded: true, ..self }
    }

    pub fn with_notes(self, notes: impl Into<String>) -> Self {
        Self {
            notes: notes.into(),
            ..self
        }
    }
}

impl From<Vec<String>> for Row {
    fn from(cells: Vec<String>) -> Self {
        Self::new(cells)
    }
}

impl std::ops::Deref for Row {
    type Target = [String];

    fn deref(&self) -> &[String] {
        &self.cells
    }
}

impl<'a> IntoIterator for &'a Row {
    type Item = &'a String;
    type IntoIter = std::slice::Iter<'a, String>;

    fn into_iter(self) -> Self::IntoIter {
        self.cells.iter()
    }
}

/// A log sheet: what a paper log holds, ready to print or export.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LogSheet {
    /// The sheet's name in its title band (`SENSUIKAN · PATROL LOG`).
    pub title: String,
    /// A second line under the title.
    pub subtitle: String,
    /// Labelled boxes along the top (submarine class, ID, commander…). An empty value prints a blank box
    /// to fill in by hand.
    pub header: Vec<(String, String)>,
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
    /// Labelled boxes at the foot of the last page (totals, final rank, victory level…).
    pub totals: Vec<(String, String)>,
    /// Small print at the foot of every page.
    pub footer: String,
}

impl LogSheet {
    /// Every text of the sheet, for `f` to read or rewrite.
    fn each_text<'a>(&'a self, f: &mut dyn FnMut(&'a str) -> bool) -> bool {
        let pairs = self.header.iter().chain(&self.totals);
        [&self.title, &self.subtitle, &self.footer]
            .into_iter()
            .chain(pairs.flat_map(|(k, v)| [k, v]))
            .chain(self.columns.iter().map(|c| &c.title))
            .chain(self.rows.iter().flat_map(|r| r.cells.iter().chain([&r.notes])))
            .any(|t| f(t))
    }

    /// The sheet as it is printed: a text from a file (a commander, a hull number, a ship's name, a note)
    /// shown, never obeyed, its control characters written as visible escapes
    /// ([`periscope_data::shown`]; line breaks are kept, the wrapper breaks paragraphs at them). A sheet
    /// without any is borrowed as it is.
    pub fn shown(&self) -> Cow<'_, LogSheet> {
        let escaped = |t: &str| matches!(periscope_data::shown::shown_lines(t), Cow::Owned(_));
        if !self.each_text(&mut |t| escaped(t)) {
            return Cow::Borrowed(self);
        }
        let fix = |t: &mut String| {
            if let Cow::Owned(s) = periscope_data::shown::shown_lines(t) {
                *t = s;
            }
        };
        let mut sheet = self.clone();
        for t in [&mut sheet.title, &mut sheet.subtitle, &mut sheet.footer] {
            fix(t);
        }
        for (k, v) in sheet.header.iter_mut().chain(sheet.totals.iter_mut()) {
            fix(k);
            fix(v);
        }
        for c in &mut sheet.columns {
            fix(&mut c.title);
        }
        for r in &mut sheet.rows {
            r.cells.iter_mut().for_each(fix);
            fix(&mut r.notes);
        }
        Cow::Owned(sheet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sheet without control characters is printed as it is, not copied; one with them (in any part:
    /// a header box, a cell, a note) has them escaped everywhere, its line breaks kept for the wrapper,
    /// and the PDF is made of the escaped sheet.
    #[test]
    fn a_sheets_control_characters_are_shown_not_obeyed() {
        let clean = LogSheet {
            title: "LOG".into(),
            header: vec![("Commander".into(), "Lt Cdr Tanaka".into())],
            columns: vec![Column::text("Ship", 3.0)],
            rows: vec![Row::new(["Coracero"]).with_notes("two\nlines")],
            ..Default::default()
        };
        assert!(matches!(clean.shown(), Cow::Borrowed(_)));
        let mut hostile = clean.clone();
        hostile.header[0].1 = "\u{1b}]0;owned\u{7}".into();
        hostile.rows[0].notes = "a\u{202e}b\nc".into();
        hostile.footer = "\u{9b}2J".into();
        let shown = hostile.shown();
        assert_eq!(shown.header[0].1, "\\u{1b}]0;owned\\u{7}");
        assert_eq!(shown.rows[0].notes, "a\\u{202e}b\nc");
        assert_eq!(shown.footer, "\\u{9b}2J");
        assert_eq!(shown.rows[0].cells, clean.rows[0].cells);
        let layout = SheetLayout::of(&hostile, Paper::A4);
        let text = format!("{layout:?}");
        assert!(!text.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}']));
        assert!(text.contains("owned"), "the header box is laid out");
    }
}
