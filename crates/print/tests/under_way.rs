//! Issue 33: a career printed while the boat is at sea after a sinking. The Example of Play's career
//! [12.0] with the book's dice sinks the Nancy Moller (3,900 t) on its first patrol; printed right then,
//! the Patrol Log (PDF and CSV), the summary and the Markdown report count her tonnage and carry the
//! patrol under way as its row, marked as under way, although the Patrol Log that victory reads [5.2.1]
//! gets the row only when the boat is home.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::poppler;

use periscope_engine::sensuikan::career::{Career, CareerAction, CareerOptions, CareerView};
use periscope_engine::testing::{script_faces, script_lines};
use periscope_engine::{DiceMode, Game};
use periscope_print::sensuikan::career::{after_action_report, patrol_log, summary};
use periscope_print::{Paper, csv, pdf};

const DICE: &str = include_str!("../../../tests/scenarios/sensuikan/example-of-play.dice");
const ACTIONS: &str = include_str!("../../../tests/scenarios/sensuikan/example-of-play.actions");

/// The example's career at the first moment a ship is sunk at sea.
fn at_the_sinking() -> CareerView {
    let faces = script_faces(DICE);
    let mut g = Career::new(CareerOptions::default(), 1, DiceMode::Scripted { faces }).unwrap();
    for a in script_lines(ACTIONS) {
        let action: CareerAction = a.parse().unwrap();
        g.apply(action).unwrap();
        let v = g.view();
        if v.tonnage_under_way() > 0 {
            return v;
        }
    }
    panic!("the example sinks no ship at sea");
}

#[test]
fn a_career_printed_at_sea_shows_the_sinking_and_the_patrol_under_way() {
    let v = at_the_sinking();
    assert_eq!(v.tonnage, 3900);
    let sheet = patrol_log(&v);
    let total = sheet.totals.iter().find(|(k, _)| k == "Tonnage sunk").unwrap();
    assert_eq!(total.1, "3,900 t (3,900 t on the patrol under way)");
    let row = sheet.rows.last().unwrap();
    assert_eq!(row.first().map(String::as_str), Some("12/41"));
    assert_eq!(row.get(1).map(String::as_str), Some("P"));
    assert!(row[4].contains("Nancy Moller"), "{:?}", row.cells);
    assert_eq!(row.get(5).map(String::as_str), Some("3,900"));
    assert_eq!(row.get(6).map(String::as_str), Some("1 sunk"));
    assert_eq!(row.get(7).map(String::as_str), Some("Under way"));
    let csv = csv(&sheet);
    assert!(csv.contains("Nancy Moller") && csv.contains("Under way"), "{csv}");
    let summary = summary(&v);
    assert!(summary.rows.iter().any(|r| r[2] == "Nancy Moller"));
    assert!(
        summary
            .footer
            .ends_with("3,900 t (3,900 t on the patrol under way) sunk in all"),
        "{}",
        summary.footer
    );
    let md = after_action_report(&v);
    assert!(
        md.contains("**Tonnage sunk:** 3,900 t (3,900 t on the patrol under way)"),
        "{md}"
    );
    assert!(
        md.contains("### 12/41") && md.contains("Nancy Moller") && md.contains("_Under way_"),
        "{md}"
    );
    // The PDF, read back with poppler's pdftotext where it is installed (`.ci/run` installs it).
    let file = std::env::temp_dir().join(format!("periscope-under-way-{}.pdf", std::process::id()));
    std::fs::write(&file, pdf(&sheet, Paper::A4).unwrap()).unwrap();
    if let Some(text) = poppler("pdftotext", &["-raw", file.to_str().unwrap(), "-"]) {
        // Whitespace aside: a total's box wraps its text.
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for words in [
            "Nancy Moller",
            "Under way",
            "3,900 t (3,900 t on the patrol under way)",
        ] {
            assert!(text.contains(words), "'{words}' is not in the PDF:\n{text}");
        }
    }
    let _ = std::fs::remove_file(&file);
}
