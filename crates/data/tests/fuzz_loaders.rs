//! Every data loader fed broken files (issue 21): each shipped catalog, chart file and counter mix, and the
//! player's override files, truncated, bit-flipped, type-swapped, deeply nested, huge and not UTF-8
//! (`periscope_data::mangle`). A loader returns an error that names the file, or (when the breakage
//! happens to leave a valid file) the data; it never panics. Files are read from disk as the app reads
//! them, and a file is never changed by being read.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use periscope_data::DataError;
use periscope_data::mangle::Mangler;

/// Broken inputs tried per file in the default tests; `PERISCOPE_FUZZ_CASES` runs longer.
fn cases() -> usize {
    std::env::var("PERISCOPE_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(60)
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

fn shipped(relative: &str) -> String {
    std::fs::read_to_string(data_dir().join(relative)).unwrap()
}

/// A file as the app reads one (the bounded reader, with a saved game's cap, the largest): bytes that
/// are not UTF-8 are an error naming the file.
fn read_text(path: &Path) -> Result<String, String> {
    use periscope_data::bounded;
    bounded::read_text(path, bounded::SAVE).map_err(|e| e.to_string())
}

/// Feeds `cases()` broken versions of `valid` (named `name`) to `load`, through a file on disk; checks that
/// nothing panics, that every error names the file and that the file is unchanged after the load.
/// Returns how many inputs were tried.
fn fuzz(name: &str, valid: &str, seed: u64, load: impl Fn(&str, &str) -> Result<(), String>) -> usize {
    let dir = std::env::temp_dir().join(format!("periscope-fuzz-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file_name = Path::new(name)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let path = dir.join(format!("{seed}-{file_name}"));
    let mut mangler = Mangler::new(seed);
    let n = cases();
    for case in 0..n {
        let (way, bytes) = mangler.mangle(valid.as_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let outcome = catch_unwind(AssertUnwindSafe(|| match read_text(&path) {
            Ok(text) => load(name, &text),
            Err(e) => Err(e),
        }));
        let result =
            outcome.unwrap_or_else(|_| panic!("{name}: case {case} ({way:?}, seed {seed}) panicked"));
        if let Err(e) = result {
            // Catalogs read together are checked against each other: the error of a cross-check names
            // the file it is in and the file it refers to.
            assert!(
                e.contains(name) || e.contains(&path.display().to_string()),
                "{name}: case {case} ({way:?}): the error does not name the file: {}",
                e.chars().take(600).collect::<String>()
            );
            assert!(
                e.len() < 64 * 1024 + valid.len(),
                "{name}: case {case} ({way:?}): a message of {} bytes",
                e.len()
            );
        }
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{name}: case {case}: the file changed"
        );
    }
    let _ = std::fs::remove_file(&path);
    n
}

fn text(e: DataError) -> String {
    e.to_string()
}

fn texts(e: Vec<DataError>) -> String {
    e.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

/// The counter mixes of Track mode and the Hunt rules.
#[test]
fn counter_mixes_and_hunt_rules() {
    let mut tried = 0;
    for (i, file) in ["data/hunt/counters.json", "data/sensuikan/counters.json"]
        .iter()
        .enumerate()
    {
        let valid = shipped(file.trim_start_matches("data/"));
        tried += fuzz(file, &valid, 10 + i as u64, |name, t| {
            periscope_data::counters::CounterMix::parse(name, t)
                .map(drop)
                .map_err(text)
        });
    }
    tried += fuzz(
        "data/hunt/rules.json",
        &shipped("hunt/rules.json"),
        12,
        |name, t| {
            periscope_data::hunt::HuntRules::parse(name, t)
                .map(drop)
                .map_err(text)
        },
    );
    eprintln!("counter mixes and Hunt rules: {tried} broken inputs");
}

/// The Sensuikan catalogs, each file broken while the other two stay whole; the rules and words.
#[test]
fn sensuikan_catalogs_rules_and_words() {
    use periscope_data::sensuikan::catalog::catalogs::{Catalog, CatalogText};
    let files = [
        "sensuikan/map.json",
        "sensuikan/classes.json",
        "sensuikan/events.json",
    ];
    let whole: Vec<String> = files.iter().map(|f| shipped(f)).collect();
    let mut tried = 0;
    for broken in 0..files.len() {
        let name = format!("data/{}", files[broken]);
        tried += fuzz(&name, &whole[broken], 20 + broken as u64, |name, t| {
            let pick = |i: usize| -> (String, &str) {
                if i == broken {
                    (name.to_string(), t)
                } else {
                    (format!("data/{}", files[i]), whole[i].as_str())
                }
            };
            let (map, classes, events) = (pick(0), pick(1), pick(2));
            Catalog::from_texts(
                CatalogText {
                    name: &map.0,
                    text: map.1,
                },
                CatalogText {
                    name: &classes.0,
                    text: classes.1,
                },
                CatalogText {
                    name: &events.0,
                    text: events.1,
                },
            )
            .map(drop)
            .map_err(texts)
        });
    }
    tried += fuzz(
        "data/sensuikan/rules.json",
        &shipped("sensuikan/rules.json"),
        24,
        |name, t| {
            periscope_data::sensuikan::rules::parse(name, t)
                .map(drop)
                .map_err(text)
        },
    );
    tried += fuzz(
        "data/sensuikan/procedures.json",
        &shipped("sensuikan/procedures.json"),
        25,
        |name, t| {
            periscope_data::sensuikan::procedures::Procedures::parse(name, t)
                .map(drop)
                .map_err(text)
        },
    );
    eprintln!("Sensuikan catalogs, rules and procedures: {tried} broken inputs");
}

/// The Silent War IJN catalogs, each of the ten files broken while the others stay whole.
#[test]
fn silent_war_catalogs() {
    use periscope_data::silent_war_ijn::{IjnData, SHIPPED_FILES, Texts};
    let mut tried = 0;
    for broken in 0..SHIPPED_FILES.len() {
        let (name, valid) = SHIPPED_FILES[broken];
        tried += fuzz(name, valid, 30 + broken as u64, |name, t| {
            let mut files = SHIPPED_FILES;
            files[broken] = (name, t);
            IjnData::from_texts(Texts { files }).map(drop).map_err(texts)
        });
    }
    eprintln!("Silent War IJN catalogs: {tried} broken inputs");
}

/// A player's override file wrapping a shipped chart, broken: `check` reports, never panics.
#[test]
fn override_files() {
    let mut tried = 0;
    let games: [(&str, &[(&str, &str)]); 2] = [
        ("sensuikan", periscope_data::sensuikan::charts::shipped_files()),
        ("atlantic", periscope_data::atlantic::charts::shipped_files()),
    ];
    for (g, (game, files)) in games.iter().enumerate() {
        for (i, (file, chart)) in files.iter().take(4).enumerate() {
            let id = Path::new(file)
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .to_uppercase();
            let valid = format!(
                r#"{{"format": "periscope-overrides", "game": "{game}", "charts": {{"{id}": {chart}}}}}"#
            );
            let name = format!("overrides/{game}.json");
            tried += fuzz(&name, &valid, 40 + (g * 10 + i) as u64, |name, t| {
                let report = periscope_data::overrides::check(name, t).map_err(text)?;
                match report.errors.first() {
                    Some(e) => Err(e.to_string()),
                    None => Ok(()),
                }
            });
        }
    }
    eprintln!("override files: {tried} broken inputs");
}

/// The strict parser of a player's JSON (a key written twice refused, nesting bounded) fed the same broken
/// override files, with a key doubled: it refuses or parses, never panics, and agrees with `serde_json`
/// on every input without a repeated key.
#[test]
fn strict_json_of_broken_files() {
    use periscope_data::bounded::strict_json;
    let (file, chart) = periscope_data::sensuikan::charts::shipped_files()[0];
    let valid =
        format!(r#"{{"format": "periscope-overrides", "game": "sensuikan", "charts": {{"A": {chart}}}}}"#);
    let doubled = valid.replacen(
        r#""game": "sensuikan","#,
        r#""game": "sensuikan", "game": "x","#,
        1,
    );
    let e = strict_json(&doubled).unwrap_err();
    assert!(e.contains("\"game\" is written twice"), "{e}");
    let mut tried = 0;
    for (i, text) in [valid, doubled].iter().enumerate() {
        tried += fuzz(file, text, 90 + i as u64, |name, t| {
            let plain = serde_json::from_str::<serde_json::Value>(t);
            match strict_json(t) {
                Ok(v) => {
                    assert_eq!(Some(&v), plain.as_ref().ok(), "strict and plain parse alike");
                    Ok(())
                }
                Err(e) => Err(format!("{name}: {e}")),
            }
        });
    }
    eprintln!("strict JSON: {tried} broken inputs");
}

/// One PNG chunk with its length, type, data and a checksum (not checked here).
fn png_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend((data.len() as u32).to_be_bytes());
    out.extend(kind);
    out.extend(data);
    out.extend([0, 0, 0, 0]);
}

/// A PNG's chunk list broken (truncated, lengths flipped, huge): reduced to its drawing chunks or refused,
/// never a panic, and never longer than the file.
#[test]
fn png_chunk_lists_broken() {
    use periscope_data::bounded::png_essentials;
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png_chunk(&mut png, b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
    png_chunk(&mut png, b"iCCP", b"profile\0\0xxxxxxxxxxxxxxxx");
    png_chunk(&mut png, b"tEXt", b"Comment\0hello");
    png_chunk(&mut png, b"IDAT", &[0x78, 0x9c, 0x63, 0x60, 0x00, 0x00]);
    png_chunk(&mut png, b"IEND", &[]);
    let mut mangler = periscope_data::mangle::Mangler::new(77);
    for case in 0..cases() * 4 {
        let (way, bytes) = mangler.mangle(&png);
        let outcome = catch_unwind(AssertUnwindSafe(|| png_essentials(&bytes)));
        let result = outcome.unwrap_or_else(|_| panic!("case {case} ({way:?}) panicked"));
        if let Ok(kept) = result {
            assert!(kept.len() <= bytes.len(), "case {case} ({way:?})");
            assert!(
                kept.starts_with(b"\x89PNG") && kept.windows(4).any(|w| w == b"IEND"),
                "case {case} ({way:?})"
            );
        }
    }
}
