//! Files a player owns, turned hostile: a save whose texts hold terminal escape sequences is shown, never
//! obeyed, in every report and export; a save with a text megabytes long is refused at once; `--out` never
//! replaces what is not a regular file nor the save itself, and `--out -` writes to stdout.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("periscope-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The characters a terminal would obey: ESC, BEL, CR, the C1 CSI, the right-to-left override.
const OBEYED: [char; 5] = ['\u{1b}', '\u{7}', '\r', '\u{9b}', '\u{202e}'];

fn assert_shown(what: &str, out: &str) {
    assert!(
        !out.contains(OBEYED),
        "{what} holds a raw control character: {out:?}"
    );
}

/// A Sensuikan career played to its end by the careful captain, its commander, hull number and
/// `written_by` holding escape sequences.
fn hostile_career(dir: &Path) -> (PathBuf, String) {
    let commander = "\u{1b}]0;owned\u{7}Tanaka\u{202e}\r";
    let options = dir.join("options.json");
    std::fs::write(
        &options,
        serde_json::json!({ "commander": commander, "hull_number": "I-\u{9b}58" }).to_string(),
    )
    .unwrap();
    let save = dir.join("career.json");
    let played = cli(&[
        "play",
        "sensuikan-career",
        "--seed",
        "3",
        "--policy",
        "careful",
        "--options",
        options.to_str().unwrap(),
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{}", text(&played));
    assert_shown("play's report", &text(&played));
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    json["written_by"] = serde_json::json!("periscope \u{1b}[31m0.1\u{7}");
    std::fs::write(&save, serde_json::to_string(&json).unwrap()).unwrap();
    (save, commander.to_string())
}

/// `"game":"\u001b]0;owned\u0007"`, a commander and a `written_by` with escapes: `replay` (text and
/// JSON), `export --format md`, `charts check` and `counters list` write none of them raw; the JSON still
/// reads back to the file's own text.
#[test]
fn a_saves_escape_sequences_reach_no_terminal_raw() {
    let dir = folder("text");
    let (save, commander) = hostile_career(&dir);
    let save_s = save.to_str().unwrap();

    let replay = cli(&["replay", save_s]);
    assert!(replay.status.success(), "{}", text(&replay));
    let out = text(&replay);
    assert_shown("replay", &out);
    assert!(
        out.contains("\\u001b]0;owned\\u0007Tanaka\\u202e\\u000d"),
        "the commander is shown escaped: {out}"
    );
    assert!(out.contains("I-\\u009b58"), "{out}");

    let replay = cli(&["replay", save_s, "--json"]);
    assert!(replay.status.success(), "{}", text(&replay));
    assert_shown("replay --json", &text(&replay));
    let json: serde_json::Value = serde_json::from_slice(&replay.stdout).unwrap();
    assert_eq!(json["state"]["commander"], commander.as_str());
    assert_eq!(json["state"]["hull_number"], "I-\u{9b}58");

    let md = dir.join("aar.md");
    let export = cli(&["export", save_s, "--format", "md", "--out", md.to_str().unwrap()]);
    assert!(export.status.success(), "{}", text(&export));
    let report = std::fs::read_to_string(&md).unwrap();
    assert_shown("the Markdown report", &report);
    assert!(
        report.contains("\\\\u{1b}\\]0;owned\\\\u{7}Tanaka\\\\u{202e}\\\\u{d}"),
        "{report}"
    );
    let csv = dir.join("ships.csv");
    let export = cli(&[
        "export",
        save_s,
        "--format",
        "csv",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(export.status.success(), "{}", text(&export));
    // A CSV's lines end with CR LF (RFC 4180): no other control character is in it.
    let csv = std::fs::read_to_string(&csv).unwrap();
    assert_shown("the CSV", &csv.replace("\r\n", "\n"));

    // A save of a game whose id is an escape sequence: the refusal quotes it escaped.
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    json["game"] = serde_json::json!("\u{1b}]0;owned\u{7}");
    let foreign = dir.join("foreign.json");
    std::fs::write(&foreign, serde_json::to_string(&json).unwrap()).unwrap();
    for args in [
        vec!["replay", foreign.to_str().unwrap()],
        vec![
            "export",
            foreign.to_str().unwrap(),
            "--format",
            "md",
            "--out",
            md.to_str().unwrap(),
        ],
        vec!["sim", "--from", foreign.to_str().unwrap()],
    ] {
        let out = cli(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = text(&out);
        assert_shown(args[0], &said);
        assert!(said.contains("a save of '\\u001b]0;owned\\u0007'"), "{said}");
    }

    // An override file and a game's name with escapes: `charts check` and `counters list`.
    let overrides = dir.join("over\u{1b}[2Jride.json");
    std::fs::write(&overrides, "{\"game\":\"\u{1b}]0;owned\u{7}\",\"\u{202e}x\":1}").unwrap();
    let check = cli(&["charts", "check", overrides.to_str().unwrap()]);
    assert_shown("charts check", &text(&check));
    assert!(
        text(&check).contains("over\\u001b[2Jride.json"),
        "{}",
        text(&check)
    );
    let counters = cli(&["counters", "list", "\u{1b}]0;owned\u{7}"]);
    assert_eq!(counters.status.code(), Some(2));
    assert_shown("counters list", &text(&counters));
    assert!(
        text(&counters).contains("\\u001b]0;owned\\u0007"),
        "{}",
        text(&counters)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A commander 2 MB long is refused by every export at once, naming the file and the field.
#[test]
fn a_save_with_a_huge_text_is_refused_at_once() {
    let dir = folder("huge");
    let save = dir.join("career.json");
    // A commander longer than a save holds is refused when the career is set up: no save is written.
    let options = dir.join("options.json");
    std::fs::write(
        &options,
        serde_json::json!({ "commander": "W".repeat(401) }).to_string(),
    )
    .unwrap();
    let refused = cli(&[
        "play",
        "sensuikan-career",
        "--options",
        options.to_str().unwrap(),
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(!refused.status.success());
    assert!(
        text(&refused).contains("the commander is 401 characters long; at most 400"),
        "{}",
        text(&refused)
    );
    assert!(!save.exists());
    let played = cli(&[
        "play",
        "sensuikan-career",
        "--seed",
        "3",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{}", text(&played));
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    json["options"]["commander"] = serde_json::json!("W".repeat(2 << 20));
    std::fs::write(&save, serde_json::to_string(&json).unwrap()).unwrap();
    let out = dir.join("out");
    let (save_s, out_s) = (save.to_str().unwrap(), out.to_str().unwrap());
    for args in [
        vec!["export", save_s, "--format", "pdf", "--out", out_s],
        vec![
            "export",
            save_s,
            "--format",
            "png",
            "--board",
            "combat-sheet",
            "--out",
            out_s,
        ],
        vec!["export", save_s, "--format", "md", "--out", out_s],
        vec!["export", save_s, "--format", "md", "--boards", "--out", out_s],
        vec!["export", save_s, "--format", "csv", "--out", out_s],
        vec!["replay", save_s],
    ] {
        let started = std::time::Instant::now();
        let refused = cli(&args);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8_lossy(&refused.stderr);
        assert!(
            said.starts_with(&format!("periscope-cli: error: {save_s}: "))
                && said.contains("the save is damaged or incomplete (its field options.commander is 2097152 characters long; at most 400)"),
            "{args:?}: {said}"
        );
        assert!(said.len() < 1000, "the refusal does not quote the text");
        assert!(!out.exists(), "{args:?}: nothing is written");
        // Generous for a debug build on a busy machine; a PDF took 54 s before the cap.
        assert!(
            started.elapsed().as_secs() < 20,
            "{args:?}: {:?}",
            started.elapsed()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--out -` writes the document to stdout, bytes as they are and nothing else; the same document as a
/// file.
#[test]
fn out_dash_writes_the_document_to_stdout() {
    let dir = folder("stdout");
    for format in ["md", "csv", "pdf"] {
        let to_stdout = cli(&["export", "--blank", "sensuikan", "--format", format, "--out", "-"]);
        assert!(to_stdout.status.success(), "{}", text(&to_stdout));
        let file = dir.join(format!("blank.{format}"));
        let to_file = cli(&[
            "export",
            "--blank",
            "sensuikan",
            "--format",
            format,
            "--out",
            file.to_str().unwrap(),
        ]);
        assert!(to_file.status.success(), "{}", text(&to_file));
        assert_eq!(
            to_stdout.stdout,
            std::fs::read(&file).unwrap(),
            "{format}: stdout holds the document alone"
        );
    }
    let boards = cli(&[
        "export",
        "--blank",
        "sensuikan",
        "--format",
        "md",
        "--boards",
        "--out",
        "-",
    ]);
    assert_eq!(boards.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A FIFO, a symbolic link, a folder, `/dev/null` or `/dev/stdout` given as `--out` is refused, left as
/// it was, and named; so is the save being exported (by its path, another path to it, or a hard link).
#[cfg(unix)]
#[test]
fn out_never_replaces_what_is_not_a_regular_file_nor_the_save() {
    let dir = folder("out");
    let real = dir.join("real.md");
    std::fs::write(&real, "kept").unwrap();
    let link = dir.join("link.md");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let sub = dir.join("folder.md");
    std::fs::create_dir(&sub).unwrap();
    let mut targets: Vec<(PathBuf, &str)> = vec![
        (link.clone(), "a symbolic link"),
        (sub.clone(), "a folder"),
        (PathBuf::from("/dev/null"), "a device"),
        (PathBuf::from("/dev/stdout"), "a symbolic link"),
    ];
    let fifo = dir.join("fifo.md");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        targets.push((fifo.clone(), "a FIFO (named pipe)"));
    }
    for (target, kind) in &targets {
        let out = cli(&[
            "export",
            "--blank",
            "sensuikan",
            "--format",
            "md",
            "--out",
            target.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{}", target.display());
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains(&format!(
                "cannot write {}: it is {kind}, not a regular file, and is not replaced (to write to stdout, give --out -)",
                target.display()
            )),
            "{said}"
        );
        assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
    }
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "kept");
    assert!(sub.is_dir());
    if fifo.exists() {
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    }
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // The save itself.
    let save = dir.join("career.json");
    let played = cli(&[
        "play",
        "sensuikan-career",
        "--seed",
        "3",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{}", text(&played));
    let before = std::fs::read(&save).unwrap();
    let hard = dir.join("hard.json");
    std::fs::hard_link(&save, &hard).unwrap();
    let roundabout = dir.join("folder.md").join("..").join("career.json");
    for out in [&save, &hard, &roundabout] {
        let refused = cli(&[
            "export",
            save.to_str().unwrap(),
            "--format",
            "md",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(refused.status.code(), Some(2), "{}", out.display());
        let said = String::from_utf8_lossy(&refused.stderr);
        assert!(
            said.contains(&format!(
                "cannot write {}: it is the save being exported ({}), which would be overwritten",
                out.display(),
                save.display()
            )),
            "{said}"
        );
    }
    assert_eq!(std::fs::read(&save).unwrap(), before, "the save is unchanged");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Message 9: a career's own refusal to export names the file, as every other refusal does.
#[test]
fn an_atlantic_career_without_a_group_names_its_file() {
    let dir = folder("nogroup");
    let save = dir.join("career.json");
    let played = cli(&[
        "play",
        "atlantic",
        "--seed",
        "3",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{}", text(&played));
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(
        json["actions"].as_array().map(Vec::len),
        Some(0),
        "a career with no actions"
    );
    let out = dir.join("aar.md");
    for format in ["md", "csv", "pdf"] {
        let refused = cli(&[
            "export",
            save.to_str().unwrap(),
            "--format",
            format,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(refused.status.code(), Some(2), "{format}");
        let said = String::from_utf8_lossy(&refused.stderr);
        assert_eq!(
            said.trim_end(),
            format!(
                "periscope-cli: error: {}: the career has no escort group yet: nothing is on its Convoy Log",
                save.display()
            ),
            "{format}"
        );
        assert!(!out.exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
