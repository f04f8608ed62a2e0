//! The Atlantic Sentinels Convoy Log printed to PDF and read back with poppler as a player's viewer
//! would: `pdftotext` finds every row and the totals; `pdftoppm` renders the pages, on which every second
//! row is grey and exactly the ships sunk are circled (and marked †). `.ci/run` sets PERISCOPE_REQUIRE_POPPLER, so these
//! checks always run in CI; without poppler they say so and pass.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::poppler_bytes as poppler;

use std::path::{Path, PathBuf};

use periscope_print::atlantic::{ConvoyLog, MissionEntry, Summary, Target, blank_convoy_log, convoy_log};
use periscope_print::{Paper, SheetLayout, pdf};

fn target(name: &str, tonnage: u32, sunk: bool) -> Target {
    Target {
        name: name.into(),
        tonnage,
        sunk,
    }
}

/// Four missions over two months: the second of each month on a grey row.
fn log(sunk: bool) -> ConvoyLog {
    let mission = |date: &str, convoy: &str, size: &str, targets: Vec<Target>, sunk_u: u32, dmg_u: u32| {
        let tonnage_lost = targets.iter().filter(|t| t.sunk).map(|t| t.tonnage).sum();
        MissionEntry {
            date: date.into(),
            convoy: convoy.into(),
            size: size.into(),
            targets,
            tonnage_lost,
            uboats_sunk: sunk_u,
            uboats_damaged: dmg_u,
            notes: String::new(),
        }
    };
    ConvoyLog {
        group: "B-1".into(),
        soe: "Cdr Walker".into(),
        soe_ship: "Hurricane".into(),
        missions: vec![
            mission(
                "2/42",
                "ON",
                "small",
                vec![
                    target("Coracero", 7257, sunk),
                    target("Fort Camosun", 7126, false),
                ],
                1,
                0,
            ),
            mission("2/42", "HX", "large", vec![], 0, 1),
            mission(
                "3/42",
                "ON",
                "large",
                vec![target("Empire Heron", 6023, true)],
                0,
                0,
            ),
            mission("3/42", "SC", "small", vec![target("Stargard", 1113, false)], 2, 1),
        ],
        summary: Summary {
            victory_level: String::new(),
            how: String::new(),
        },
    }
}

fn write(name: &str, bytes: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("periscope-convoy-{name}-{}.pdf", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The first page rendered in grey at 72 dpi (a pixel is a PDF point): width, height, pixels.
fn render(pdf: &Path) -> Option<(usize, usize, Vec<u8>)> {
    let file = pdf.to_str().unwrap();
    let out = poppler("pdftoppm", &["-r", "72", "-gray", "-f", "1", "-l", "1", file])?;
    // P5 <w> <h> <max>\n<bytes>
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        let start = i;
        while !out[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&out[start..i]).into_owned());
        i += 1;
    }
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    Some((w, h, out[i..i + w * h].to_vec()))
}

#[test]
fn the_convoy_log_prints_every_row_grey_rows_circled_sinkings_and_totals() {
    for paper in [Paper::A4, Paper::Letter] {
        let sheet = convoy_log(&log(true));
        let path = write(&format!("{paper:?}"), &pdf(&sheet, paper).unwrap());
        let Some(text) = poppler("pdftotext", &["-layout", path.to_str().unwrap(), "-"]) else {
            return;
        };
        let text = String::from_utf8_lossy(&text);
        assert!(text.contains("ATLANTIC SENTINELS · CONVOY LOG"));
        assert!(text.contains("ESCORT GROUP") && text.contains("B-1") && text.contains("Cdr Walker"));
        // Every row: its date, convoy and targets, the circle's marks never printed.
        for name in [
            "Coracero 7,257 t",
            "Fort Camosun 7,126 t",
            "Empire Heron 6,023 t",
            "Stargard 1,113 t",
        ] {
            assert!(text.contains(name), "{name} is missing:\n{text}");
        }
        assert_eq!(text.matches("2/42").count(), 2);
        assert_eq!(text.matches("3/42").count(), 2);
        assert!(!text.contains('{') && !text.contains('}'));
        // The totals: 13,280 t lost in two merchants, three U-boats sunk and two damaged.
        assert!(
            text.contains("TONNAGE LOST") && text.contains("13,280 t"),
            "{text}"
        );
        assert!(text.contains("MERCHANTS SUNK") && text.contains("U-BOATS DAMAGED"));

        // Grey rows: the second of each month, shaded across its band.
        let layout = SheetLayout::of(&sheet, paper);
        let (w, _h, px) = render(&path).unwrap();
        let at = |x: f32, y: f32| px[y as usize * w + x as usize];
        let rows = &layout.pages[0].rows;
        assert_eq!(rows.len(), 4);
        for (i, r) in rows.iter().enumerate() {
            let shade = at(layout.columns[0].0 + 1.5, r.top + r.height - 2.0);
            assert_eq!(r.shaded, i % 2 == 1);
            if r.shaded {
                assert!((150..245).contains(&shade), "row {i} is grey ({shade})");
            } else {
                assert!(shade > 245, "row {i} is white ({shade})");
            }
        }

        // Circled sinkings: the same log with Coracero afloat differs only on her row (her circle in her
        // cell, and the row's tonnage lost) and in the totals.
        let afloat = write(
            &format!("{paper:?}-afloat"),
            &pdf(&convoy_log(&log(false)), paper).unwrap(),
        );
        let (_, _, px_afloat) = render(&afloat).unwrap();
        let (x0, cw) = layout.columns[3];
        let first = &rows[0];
        let mut inside = 0;
        let mut outside = Vec::new();
        let totals_top = layout.pages[0].totals.as_ref().map_or(f32::MAX, |t| t.top);
        for (i, (a, b)) in px.iter().zip(&px_afloat).enumerate() {
            let (x, y) = ((i % w) as f32, (i / w) as f32);
            if a.abs_diff(*b) < 60 || y >= totals_top - 1.0 {
                continue;
            }
            let in_cell = x >= x0 && x <= x0 + cw && y >= first.top - 6.0 && y <= first.bottom() + 6.0;
            if in_cell {
                inside += 1;
            } else if !(first.top - 6.0..first.bottom() + 6.0).contains(&y) {
                outside.push((x, y));
            }
        }
        assert!(inside > 40, "Coracero is circled ({inside} pixels)");
        assert!(
            outside.is_empty(),
            "nothing else changes: {:?}",
            &outside[..outside.len().min(5)]
        );
        // The row of Empire Heron, sunk in both, is circled too: its cell holds more ink than Stargard's
        // (any ink: a thin ring at 72 dpi is grey where it falls between two rows of pixels).
        let ink = |r: &periscope_print::PlacedRow| {
            let mut n = 0;
            for y in r.top as usize..r.bottom() as usize {
                for x in x0 as usize + 1..(x0 + cw) as usize - 1 {
                    if px[y * w + x] < 200 {
                        n += 1;
                    }
                }
            }
            n
        };
        assert!(
            ink(&rows[2]) > ink(&rows[3]) + 30,
            "Empire Heron circled, Stargard not"
        );
        if std::env::var_os("PERISCOPE_KEEP_PDF").is_none() {
            let _ = std::fs::remove_file(&path);
        }
        let _ = std::fs::remove_file(&afloat);
    }
}

#[test]
fn the_blank_convoy_log_prints_two_rows_a_month() {
    let sheet = blank_convoy_log();
    let path = write("blank", &pdf(&sheet, Paper::A4).unwrap());
    let Some(text) = poppler("pdftotext", &["-layout", path.to_str().unwrap(), "-"]) else {
        return;
    };
    let text = String::from_utf8_lossy(&text);
    for month in ["2/42", "12/42", "6/43"] {
        let rows = text
            .lines()
            .filter(|l| l.split_whitespace().next() == Some(month))
            .count();
        assert_eq!(rows, 2, "{month} twice");
    }
    assert!(text.contains("VICTORY LEVEL") && text.contains("SENIOR OFFICER ESCORT"));
    let _ = std::fs::remove_file(&path);
}
