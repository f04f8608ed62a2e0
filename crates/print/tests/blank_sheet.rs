//! The blank Patrol Log Sheet printed to PDF, read back with poppler's `pdftotext` and `pdfinfo` as a
//! player's viewer would read it. `.ci/run` installs poppler-utils and sets PERISCOPE_REQUIRE_POPPLER, so
//! these checks always run in CI; on a machine without poppler they say so and pass.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::poppler;

use periscope_print::{Paper, pdf, sensuikan};

#[test]
fn the_blank_patrol_log_prints_with_every_month_on_a4_and_letter() {
    for (paper, points) in [(Paper::A4, "841.89 x 595.28"), (Paper::Letter, "792 x 612")] {
        let bytes = pdf(&sensuikan::blank_patrol_log(), paper).unwrap();
        let path = std::env::temp_dir().join(format!("periscope-blank-{paper:?}-{}.pdf", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let file = path.to_str().unwrap();
        let Some(info) = poppler("pdfinfo", &[file]) else {
            return;
        };
        let pages: usize = info
            .lines()
            .find_map(|l| l.strip_prefix("Pages:"))
            .and_then(|v| v.trim().parse().ok())
            .unwrap();
        assert_eq!(pages, 2, "44 months and the totals take two landscape pages");
        assert!(info.contains(points), "{info}");
        let text = poppler("pdftotext", &["-layout", file, "-"]).unwrap();
        assert!(text.contains("SENSUIKAN · PATROL LOG"));
        assert!(
            text.contains("SUBMARINE CLASS") && text.contains("COMMANDER"),
            "header boxes on every page"
        );
        assert_eq!(
            text.matches("PATROL AREA").count(),
            2,
            "column titles repeated on each page"
        );
        for month in ["12/41", "1/42", "6/43", "7/45"] {
            assert!(text.contains(month), "{month} is missing");
        }
        assert!(text.contains("page 2 of 2"));
        assert!(text.contains("VICTORY LEVEL"));
        let _ = std::fs::remove_file(&path);
    }
}

/// A pixel snapshot of page 1 of the blank sheet, rendered by pdftoppm at 40 dpi. Update the reference with
/// `UPDATE_SNAPSHOTS=1`.
#[test]
fn page_one_of_the_blank_sheet_matches_its_snapshot() {
    let bytes = pdf(&sensuikan::blank_patrol_log(), Paper::A4).unwrap();
    let dir = std::env::temp_dir().join(format!("periscope-page1-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("blank.pdf");
    std::fs::write(&file, &bytes).unwrap();
    let prefix = dir.join("page");
    let Some(_) = poppler(
        "pdftoppm",
        &[
            "-png",
            "-r",
            "40",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            file.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    ) else {
        return;
    };
    let rendered = image::open(dir.join("page.png")).unwrap().to_rgb8();
    let reference = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/blank_page1.png");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() || !reference.exists() {
        std::fs::create_dir_all(reference.parent().unwrap()).unwrap();
        rendered.save(&reference).unwrap();
        return;
    }
    let expected = image::open(&reference).unwrap().to_rgb8();
    assert_eq!(rendered.dimensions(), expected.dimensions());
    let differing = rendered
        .pixels()
        .zip(expected.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > 24));
    let count = differing.count();
    let total = (rendered.width() * rendered.height()) as usize;
    assert!(
        count * 1000 < total,
        "{count} of {total} pixels differ from tests/snapshots/blank_page1.png"
    );
}
