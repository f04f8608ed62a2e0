//! A right-aligned number ends where its cell says, read back from the PDF with `pdftotext -bbox`: the
//! text is measured with the shaper krilla draws it with, kerning and all, so the printed number's right
//! edge is its cell's right edge less the cell's padding (`CELL_PAD`, 3 pt), within half a point. Ubuntu's
//! digits are not kerned, so the numbers carry units whose letters are (`L` and `T` of long tons close up
//! by a tenth of an em, `A.V.` and `Y.` likewise): a measure that left the kerning out places each 0.5 to
//! 0.9 pt off. `.ci/run` sets PERISCOPE_REQUIRE_POPPLER, so this
//! always runs in CI; without poppler it says so and passes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::pdftotext_bbox;

use periscope_print::{Column, LogSheet, Paper, Row, SheetLayout, pdf};

/// The padding between a cell's text and its column's rules (`layout::CELL_PAD`).
const CELL_PAD: f32 = 3.0;

/// `attr="value"` of an element's tag.
fn attr(tag: &str, name: &str) -> f32 {
    let key = format!("{name}=\"");
    let at = tag.find(&key).unwrap() + key.len();
    tag[at..].split('"').next().unwrap().parse().unwrap()
}

/// Every word of the first page: its text, left and right edge.
fn words(xhtml: &str) -> Vec<(String, f32, f32)> {
    let page = xhtml.split("<page ").nth(1).unwrap();
    page.split("<word ")
        .skip(1)
        .map(|w| {
            let (tag, rest) = w.split_once('>').unwrap();
            let text = rest.split("</word>").next().unwrap().to_string();
            (text, attr(tag, "xMin"), attr(tag, "xMax"))
        })
        .collect()
}

/// Numbers whose last words kern: each is printed in a row of its own.
const NUMBERS: [&str; 4] = ["7,257 LT", "41 A.V.", "1,117.7 LY", "12 T."];

#[test]
fn a_right_aligned_number_ends_at_its_cells_right_edge() {
    for paper in [Paper::A4, Paper::Letter] {
        let sheet = LogSheet {
            title: "EDGES".into(),
            columns: vec![
                Column::text("Name", 3.0),
                Column::number("Tons", 1.0),
                Column::number("Count", 0.5),
            ],
            rows: NUMBERS.iter().map(|n| Row::new(["Ship", n, n])).collect(),
            ..Default::default()
        };
        let layout = SheetLayout::of(&sheet, paper);
        let bytes = pdf(&sheet, paper).unwrap();
        let path = std::env::temp_dir().join(format!("periscope-edges-{paper:?}-{}.pdf", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let Some(xhtml) = pdftotext_bbox(&path) else {
            return;
        };
        let _ = std::fs::remove_file(&path);
        let words = words(&xhtml);
        for (column, &(x, w)) in layout.columns.iter().enumerate().skip(1) {
            let edge = x + w - CELL_PAD;
            for number in NUMBERS {
                // pdftotext splits at spaces: the number's right edge is its last word's.
                let last = number.split(' ').next_back().unwrap();
                let printed: Vec<f32> = words
                    .iter()
                    .filter(|(t, x0, _)| t == last && *x0 > x && *x0 < x + w)
                    .map(|&(_, _, x1)| x1)
                    .collect();
                assert_eq!(
                    printed.len(),
                    1,
                    "{paper:?} column {column}: {number} in {words:?}"
                );
                let off = printed[0] - edge;
                assert!(
                    off.abs() <= 0.5,
                    "{paper:?} column {column}: {number} ends at {} not at {edge} ({off:+.2} pt)",
                    printed[0]
                );
            }
        }
    }
}
