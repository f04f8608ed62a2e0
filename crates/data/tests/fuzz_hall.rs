//! The hall-of-fame loader fed broken files (issue 21): a file of three careers whose middle line is
//! truncated, bit-flipped, type-swapped, deeply nested, huge or not UTF-8 (`periscope_data::mangle`),
//! and whole files broken the same ways. The loader never panics, keeps every line it can read, reports
//! the others by number with a short reason, and an intact line is never lost to a broken neighbour.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::panic::{AssertUnwindSafe, catch_unwind};

use periscope_data::hall::{self, Counts, Entry, Outcome};
use periscope_data::mangle::Mangler;

/// Broken inputs tried per test; `PERISCOPE_FUZZ_CASES` runs longer.
fn cases() -> usize {
    std::env::var("PERISCOPE_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(60)
}

fn entry(id: &str, tonnage: u64) -> Entry {
    Entry {
        v: hall::VERSION,
        id: id.into(),
        finished: "2026-12-01 15:30".into(),
        game: "sensuikan".into(),
        game_name: "Sensuikan".into(),
        class: "Type B1".into(),
        commander: "Cdr Ito".into(),
        dice: "digital".into(),
        tutorial: false,
        options: vec!["evasive manoeuvres [11.3]".into()],
        started: "12/41".into(),
        result: Outcome {
            level: "Draw".into(),
            rank: 1,
        },
        tonnage,
        counts: Counts::Sunk,
        decorations: vec!["Order of the Golden Kite, 5th class".into()],
        months: Some(14),
        sorties: 6,
        sortie: "patrols".into(),
        survived: true,
        cause: "war over".into(),
        by_year: vec![(1942, tonnage / 2), (1943, tonnage - tonnage / 2)],
        save: format!("careers/{id}.json"),
    }
}

/// Every reason is short, and every error names a line the file has.
fn check_errors(errors: &[hall::LineError], lines: usize, what: &str) {
    for e in errors {
        assert!(
            e.line >= 1 && e.line <= lines,
            "{what}: line {} of {lines}",
            e.line
        );
        assert!(
            e.reason.chars().count() <= 400,
            "{what}: a reason of {} characters",
            e.reason.chars().count()
        );
    }
}

#[test]
fn a_broken_line_never_costs_its_neighbours() {
    let first = entry("first", 12_000).to_line().unwrap();
    let middle = entry("middle", 30_000).to_line().unwrap();
    let last = entry("last", 4_000).to_line().unwrap();
    let mut mangler = Mangler::new(0x4A11);
    for case in 0..cases() {
        let (way, broken) = mangler.mangle(middle.as_bytes());
        let mut file = first.as_bytes().to_vec();
        file.push(b'\n');
        file.extend_from_slice(&broken);
        file.push(b'\n');
        file.extend_from_slice(last.as_bytes());
        file.push(b'\n');
        let (entries, errors) = catch_unwind(AssertUnwindSafe(|| hall::parse_bytes(&file)))
            .unwrap_or_else(|_| panic!("case {case} ({way:?}) panicked"));
        let ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids.first(), Some(&"first"), "case {case} ({way:?}): {ids:?}");
        assert_eq!(ids.last(), Some(&"last"), "case {case} ({way:?}): {ids:?}");
        assert_eq!(entries[0], entry("first", 12_000), "case {case} ({way:?})");
        let lines = String::from_utf8_lossy(&file).split('\n').count();
        check_errors(&errors, lines, &format!("case {case} ({way:?})"));
        assert!(
            errors.iter().all(|e| e.line >= 2),
            "case {case} ({way:?}): the intact first line was reported: {errors:?}"
        );
        // A middle line that is still a whole career is read; one that is not is reported.
        let middle_read = ids.contains(&"middle");
        assert!(
            middle_read || !errors.is_empty() || broken.iter().all(u8::is_ascii_whitespace),
            "case {case} ({way:?}): the broken line vanished without a word"
        );
    }
}

#[test]
fn a_broken_whole_file_never_panics() {
    let text: String = (0..5)
        .map(|i| entry(&format!("c{i}"), 1_000 * i).to_line().unwrap() + "\n")
        .collect();
    let mut mangler = Mangler::new(0xF11E);
    for case in 0..cases() {
        let (way, broken) = mangler.mangle(text.as_bytes());
        let (entries, errors) = catch_unwind(AssertUnwindSafe(|| hall::parse_bytes(&broken)))
            .unwrap_or_else(|_| panic!("case {case} ({way:?}) panicked"));
        let lines = String::from_utf8_lossy(&broken).split('\n').count();
        check_errors(&errors, lines, &format!("case {case} ({way:?})"));
        assert!(
            entries.len() <= 5 + 1,
            "case {case} ({way:?}): {} entries",
            entries.len()
        );
    }
}
