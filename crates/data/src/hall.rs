//! The hall of fame: every finished career of every game, one JSON object per line (JSON Lines), each
//! line `{"v":1, ...}`. The file is only ever appended to, one whole line at a time, so a crash can at
//! worst tear the last line; [`parse`] reports such a line (and any other it cannot read) by its number
//! and keeps all the others. Each line ends with a check of what it holds ([`CHECK_KEY`]): a line changed
//! after it was written (a flipped bit, a hand edit) is reported as damaged, never read as another
//! career. Fields a later version adds are ignored by this one, so the file survives
//! upgrades both ways; a line of a newer format version is reported and skipped, never misread.
//!
//! This module is pure: the caller gives the date and time a career finished (the data and engine crates
//! never read a clock) and does the file's I/O.

use serde::{Deserialize, Serialize};

/// The format version this build writes and reads.
pub const VERSION: u32 = 1;

/// What closes every line: `,"check":"` and the digest ([`digest`]) of the line's text before it, then
/// `"}`.
pub const CHECK_KEY: &str = ",\"check\":\"";

/// How long a reason quoting a damaged line may be.
const REASON_CHARS: usize = 300;

/// One finished career (or a whole game, for a game without careers).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The line's format version ([`VERSION`]).
    pub v: u32,
    /// A stable key: the same career always gets the same id ([`career_id`]), so it is never recorded
    /// twice.
    pub id: String,
    /// When it finished, in UTC (`2026-12-01 15:30`), as the caller's clock said.
    pub finished: String,
    /// The game's id (`sensuikan`, `hunt`, `atlantic-career`).
    pub game: String,
    /// The game's name when it was recorded, for a game this version no longer knows.
    #[serde(default)]
    pub game_name: String,
    /// The submarine class, the escort group, or what the game plays with.
    #[serde(default)]
    pub class: String,
    /// The commander, when the game names one.
    #[serde(default)]
    pub commander: String,
    /// `digital`, `physical` or `scripted` dice.
    #[serde(default)]
    pub dice: String,
    /// A guided first game (a walkthrough of a book's example), not a career: listed, never counted in
    /// the plots and tournaments.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tutorial: bool,
    /// The options in force, in words (`standard tonnage [11.1]`).
    #[serde(default)]
    pub options: Vec<String>,
    /// The month the career began (`12/41`), when the game has months: tournaments [10.2] compare
    /// careers from the same start.
    #[serde(default)]
    pub started: String,
    pub result: Outcome,
    /// The tonnage the game counts, and which way it counts.
    pub tonnage: u64,
    #[serde(default)]
    pub counts: Counts,
    /// Decorations and awards, in the order won.
    #[serde(default)]
    pub decorations: Vec<String>,
    /// Months served, when the game has months.
    #[serde(default)]
    pub months: Option<u32>,
    /// Patrols, missions or turns played, and what they are called.
    #[serde(default)]
    pub sorties: u32,
    #[serde(default)]
    pub sortie: String,
    /// Whether the boat (or the commander) came through to the end.
    pub survived: bool,
    /// Why it ended, in a few words (`killed`, `war over`).
    #[serde(default)]
    pub cause: String,
    /// The tonnage by calendar year: `[[1942, 23000], [1943, 8000]]`.
    #[serde(default)]
    pub by_year: Vec<(u16, u64)>,
    /// The career's save, relative to the hall's folder (`careers/<id>.json`).
    #[serde(default)]
    pub save: String,
}

/// What the career came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The victory level's name as the game gives it (`Marginal Victory`, `Won`).
    pub level: String,
    /// Its order among the game's levels: 0 the worst, higher better.
    pub rank: u32,
}

/// Which way a game counts its tonnage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counts {
    /// Enemy tonnage sunk (a submarine's career): more is better.
    #[default]
    Sunk,
    /// Friendly tonnage lost (an escort's career): less is better.
    Lost,
    /// Points, not tons (Submarine Hunt's Sink Points).
    Points,
}

impl Counts {
    pub fn words(self) -> &'static str {
        match self {
            Counts::Sunk => "t sunk",
            Counts::Lost => "t lost",
            Counts::Points => "points",
        }
    }
}

/// A line that could not be read: its number (from 1) and why, cut short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub reason: String,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl Entry {
    /// The entry as one line of the file, without its newline: its JSON object, closed by a `check` of
    /// everything before it ([`CHECK_KEY`]), so a line damaged in any way (a flipped bit too) is read as
    /// damaged, never as another career.
    pub fn to_line(&self) -> Result<String, String> {
        let json = serde_json::to_string(self).map_err(|e| format!("the entry cannot be written: {e}"))?;
        seal(&json)
    }
}

/// Reads a hall-of-fame file: the entries it holds in order, and every line it could not read (torn by
/// a crash, not JSON, fields of the wrong type, a newer format version), each skipped. Blank lines are
/// not errors; a second line with an id already read is a copy and is dropped quietly.
pub fn parse(text: &str) -> (Vec<Entry>, Vec<LineError>) {
    read_lines(text.split('\n').map(Ok))
}

/// Reads the lines; a line that is not UTF-8 text is reported as damaged.
fn read_lines<'a>(lines: impl Iterator<Item = Result<&'a str, ()>>) -> (Vec<Entry>, Vec<LineError>) {
    let mut entries: Vec<Entry> = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in lines.enumerate() {
        let Ok(line) = line else {
            errors.push(LineError {
                line: i + 1,
                reason: "the line is damaged: it is not UTF-8 text".into(),
            });
            continue;
        };
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(line) {
            Ok(entry) => {
                if !entries.iter().any(|e| e.id == entry.id) {
                    entries.push(entry);
                }
            }
            Err(reason) => errors.push(LineError {
                line: i + 1,
                reason: crate::error::bounded(reason, REASON_CHARS),
            }),
        }
    }
    (entries, errors)
}

/// Reads the file's bytes: a stretch that is not UTF-8 (a damaged sector) spoils only its own line,
/// which is reported, not the whole file.
pub fn parse_bytes(bytes: &[u8]) -> (Vec<Entry>, Vec<LineError>) {
    read_lines(
        bytes
            .split(|b| *b == b'\n')
            .map(|l| std::str::from_utf8(l).map_err(|_| ())),
    )
}

/// One line: its check, JSON, an object, a version this build reads, then the fields.
fn parse_line(line: &str) -> Result<Entry, String> {
    // A torn line says so; a whole one whose check fails was changed after it was written.
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not a complete JSON line ({e})"))?;
    checked(line)?;
    let version = value
        .get("v")
        .ok_or_else(|| "no format version \"v\"".to_string())?
        .as_u64()
        .ok_or_else(|| "the format version \"v\" is not a number".to_string())?;
    if version > u64::from(VERSION) {
        return Err(format!(
            "written by a newer Periscope (format {version}; this one reads up to {VERSION})"
        ));
    }
    let entry: Entry = serde_json::from_value(value).map_err(|e| format!("{e}"))?;
    if entry.id.trim().is_empty() {
        return Err("the career has no id".into());
    }
    // Ids are written by `career_id`: letters, digits and dashes. Anything else is a damaged line, read
    // as damaged rather than as another career.
    if entry.id.len() > 160
        || !entry
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err("the career's id is damaged".into());
    }
    if entry.game.trim().is_empty() {
        return Err("the career names no game".into());
    }
    Ok(entry)
}

/// A JSON object's text closed by its check, as a line of the file.
pub fn seal(object: &str) -> Result<String, String> {
    let body = object
        .strip_suffix('}')
        .filter(|b| b.starts_with('{') && b.len() > 1)
        .ok_or_else(|| "the entry cannot be written: not a JSON object".to_string())?;
    Ok(format!("{body}{CHECK_KEY}{:016x}\"}}", digest(body.as_bytes())))
}

/// Whether the line ends with the check of what comes before it.
fn checked(line: &str) -> Result<(), String> {
    let damaged = || "the line is damaged: its check does not match what it holds".to_string();
    let (body, tail) = line.rsplit_once(CHECK_KEY).ok_or_else(damaged)?;
    let hex = tail.strip_suffix("\"}").ok_or_else(damaged)?;
    if hex.len() == 16 && u64::from_str_radix(hex, 16).ok() == Some(digest(body.as_bytes())) {
        Ok(())
    } else {
        Err(damaged())
    }
}

/// The id of a career: its game, its seed, how many actions it took and a digest of its save's actions
/// and options, so two careers never share one and the same career always gets the same.
pub fn career_id(game: &str, seed: u64, actions: usize, save_digest: u64) -> String {
    format!("{game}-{seed:x}-{actions}-{save_digest:016x}")
}

/// A stable 64-bit digest (FNV-1a) of some bytes, the same on every platform.
pub fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// A file name made safe from an id (letters, digits, `-` and `_` kept; anything else becomes `_`).
pub fn file_stem(id: &str) -> String {
    id.chars()
        .take(120)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    pub(crate) fn sample(id: &str) -> Entry {
        Entry {
            v: VERSION,
            id: id.into(),
            finished: "2026-12-01 15:30".into(),
            game: "sensuikan".into(),
            game_name: "Sensuikan".into(),
            class: "Kaidai KD.6".into(),
            commander: "Cdr Hashimoto".into(),
            dice: "digital".into(),
            tutorial: false,
            options: vec!["standard tonnage [11.1]".into()],
            started: "12/41".into(),
            result: Outcome {
                level: "Marginal Victory".into(),
                rank: 2,
            },
            tonnage: 23_500,
            counts: Counts::Sunk,
            decorations: vec!["Order of the Golden Kite, 5th class".into()],
            months: Some(20),
            sorties: 9,
            sortie: "patrols".into(),
            survived: false,
            cause: "killed".into(),
            by_year: vec![(1942, 15_000), (1943, 8_500)],
            save: format!("careers/{id}.json"),
        }
    }

    fn lines(entries: &[Entry]) -> String {
        entries.iter().map(|e| e.to_line().unwrap() + "\n").collect()
    }

    #[test]
    fn entries_round_trip_line_by_line() {
        let a = sample("a");
        let b = sample("b");
        let text = lines(&[a.clone(), b.clone()]);
        assert_eq!(text.lines().count(), 2, "one line per career");
        let (entries, errors) = parse(&text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(entries, vec![a, b]);
    }

    #[test]
    fn a_corrupt_middle_line_is_reported_and_the_rest_kept() {
        let text = format!(
            "{}{{\"v\":1,\"id\":\"torn\",\"fini\n{}",
            lines(&[sample("a")]),
            lines(&[sample("c")])
        );
        let (entries, errors) = parse(&text);
        assert_eq!(
            entries.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(),
            ["a", "c"]
        );
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, 2);
        assert!(errors[0].reason.contains("JSON"), "{}", errors[0].reason);
    }

    /// A line whose bytes are not UTF-8 (inside a string, where a lenient reading would quietly read a
    /// changed career) is reported as damaged; its neighbours are read.
    #[test]
    fn a_line_that_is_not_utf8_is_reported_not_read_changed() {
        let a = lines(&[sample("a")]);
        let mut damaged = lines(&[sample("middle")]).into_bytes();
        let at = damaged.windows(6).position(|w| w == b"middle").unwrap() + 3;
        damaged.splice(at..at, [0xFF, 0xFE]);
        let mut bytes = a.into_bytes();
        bytes.extend_from_slice(&damaged);
        bytes.extend_from_slice(lines(&[sample("c")]).as_bytes());
        let (entries, errors) = parse_bytes(&bytes);
        assert_eq!(
            entries.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(),
            ["a", "c"]
        );
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, 2);
        assert!(errors[0].reason.contains("not UTF-8"), "{}", errors[0].reason);
    }

    /// [issue 21] Every line is sealed by a check of what it holds: a single character changed where the
    /// line would still be a career (its id, its tonnage) is reported as damaged, not read as another.
    #[test]
    fn a_line_changed_in_one_place_is_reported_by_its_check() {
        let line = sample("middle").to_line().unwrap();
        assert!(line.starts_with("{\"v\":1,") && line.ends_with("\"}"), "{line}");
        for (from, to) in [("\"middle\"", "\"liddle\""), ("23500", "93500")] {
            let changed = line.replacen(from, to, 1);
            assert_ne!(changed, line);
            let (entries, errors) = parse(&changed);
            assert!(entries.is_empty(), "{from}");
            assert!(errors[0].reason.contains("check"), "{}", errors[0].reason);
        }
        let unsealed = serde_json::to_string(&sample("a")).unwrap();
        assert!(
            parse(&unsealed).0.is_empty(),
            "a line without its check is not read"
        );
        assert!(seal("[1]").is_err() && seal("{}").is_err());
    }

    /// An id `career_id` could not have written (a damaged line that is still JSON) is reported.
    #[test]
    fn a_damaged_id_is_reported() {
        let mut v = serde_json::to_value(sample("a")).unwrap();
        v["id"] = serde_json::json!("mid[[[]]]dle");
        let (entries, errors) = parse(&format!("{}\n", seal(&v.to_string()).unwrap()));
        assert!(entries.is_empty());
        assert!(errors[0].reason.contains("id is damaged"), "{}", errors[0].reason);
        assert!(
            parse(&lines(&[sample(&career_id("hunt", 7, 40, 0xABC))]))
                .1
                .is_empty()
        );
    }

    #[test]
    fn wrong_types_and_missing_fields_are_reported() {
        let mut v = serde_json::to_value(sample("a")).unwrap();
        v["tonnage"] = serde_json::json!("lots");
        let mut w = serde_json::to_value(sample("b")).unwrap();
        w.as_object_mut().unwrap().remove("result");
        let (v, w) = (seal(&v.to_string()).unwrap(), seal(&w.to_string()).unwrap());
        let text = format!("{v}\n[1,2,3]\n{w}\n\"just a string\"\n");
        let (entries, errors) = parse(&text);
        assert!(entries.is_empty());
        assert_eq!(errors.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 2, 3, 4]);
        assert!(errors[0].reason.contains("tonnage") || errors[0].reason.contains("invalid type"));
        assert!(errors[2].reason.contains("result"), "{}", errors[2].reason);
    }

    #[test]
    fn a_newer_version_is_skipped_not_misread_and_unknown_fields_are_ignored() {
        let mut newer = serde_json::to_value(sample("n")).unwrap();
        newer["v"] = serde_json::json!(2);
        let mut later = serde_json::to_value(sample("u")).unwrap();
        later["crew_photo"] = serde_json::json!({"url": "x"});
        let text = format!(
            "{}\n{}\n",
            seal(&newer.to_string()).unwrap(),
            seal(&later.to_string()).unwrap()
        );
        let (entries, errors) = parse(&text);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].id, "u");
        assert_eq!(errors.len(), 1);
        assert!(errors[0].reason.contains("newer"), "{}", errors[0].reason);
    }

    #[test]
    fn an_older_line_without_the_optional_fields_reads() {
        let line = r#"{"v":1,"id":"x","finished":"2026-01-01 00:00","game":"hunt","result":{"level":"Won","rank":1},"tonnage":52,"survived":true}"#;
        let (entries, errors) = parse(&seal(line).unwrap());
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(entries[0].counts, Counts::Sunk);
        assert!(entries[0].by_year.is_empty());
    }

    #[test]
    fn the_same_career_twice_is_one_entry_and_blank_lines_are_no_errors() {
        let text = format!(
            "\n{}\r\n\n{}",
            sample("a").to_line().unwrap(),
            lines(&[sample("a")])
        );
        let (entries, errors) = parse(&text);
        assert_eq!(entries.len(), 1);
        assert!(errors.is_empty(), "{errors:?}");
    }

    #[test]
    fn a_huge_damaged_line_gives_a_short_reason() {
        let text = format!("{{\"v\":1,\"id\":\"{}", "x".repeat(100_000));
        let (_, errors) = parse(&text);
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].reason.chars().count() < 400,
            "{}",
            errors[0].reason.len()
        );
    }

    #[test]
    fn ids_are_stable_and_distinct() {
        let d = digest(b"[\"fire 1\"]");
        assert_eq!(d, digest(b"[\"fire 1\"]"));
        assert_ne!(d, digest(b"[\"fire 2\"]"));
        assert_eq!(career_id("hunt", 255, 3, 1), "hunt-ff-3-0000000000000001");
        assert_eq!(file_stem("a/b..c-d_e"), "a_b__c-d_e");
    }
}
