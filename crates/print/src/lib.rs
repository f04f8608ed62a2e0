//! Periscope's paperwork: a log sheet (a title, header fields, a table of rows and totals) printed to PDF
//! like the paper sheet, or written as CSV and Markdown. Generic over the sheet, so the Sensuikan Patrol
//! Log and the Atlantic Sentinels Convoy Log share one layout.

mod pdf;
pub mod sensuikan;
mod text;

pub use pdf::{PrintError, pdf, pdf_book};
pub use text::{csv, markdown};

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
}

impl Column {
    pub fn text(title: &str, width: f32) -> Self {
        Self {
            title: title.into(),
            width,
            numeric: false,
        }
    }

    pub fn number(title: &str, width: f32) -> Self {
        Self {
            title: title.into(),
            width,
            numeric: true,
        }
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
    pub rows: Vec<Vec<String>>,
    /// Labelled boxes at the foot of the last page (totals, final rank, victory level…).
    pub totals: Vec<(String, String)>,
    /// Small print at the foot of every page.
    pub footer: String,
}
