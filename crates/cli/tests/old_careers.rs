//! Nothing lost across a new version or a second writer (issue 32).
//!
//! `tests/compat/pre-rule-fixes-sensuikan-career.json` is a Sensuikan career saved by the main of
//! 2026-12-01 at 4db2347, before the rule fixes of that day and before saves held checks (a career of
//! random choices, seed 27, 106 actions). Today's rules no longer let its boat fire the deck gun where it
//! did [2.0] [8.2.4], so its replay parts at an action no longer legal: `replay` reports it as far as it
//! agrees and exits 3, `fork` plays on from there into a new save, and the old file is left as it was.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use periscope_engine::Session;
use periscope_engine::save::peek;
use periscope_engine::sensuikan::career::Career;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/compat/pre-rule-fixes-sensuikan-career.json")
}

fn cli(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap()
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("periscope-old-careers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// [2.0] [8.2.4] The old career opens as far as its actions are legal under today's rules: `replay`
/// exits 3 naming the action where it parts and why, never 2 (a refused file).
#[test]
fn a_career_from_before_the_rule_fixes_replays_as_far_as_it_agrees() {
    let text = std::fs::read_to_string(fixture()).unwrap();
    let save = peek(&text).unwrap();
    assert!(save.checks.is_empty(), "written before saves held checks");
    let (session, d) = Session::<Career>::from_save_checked(save.clone()).unwrap();
    let d = d.expect("today's rules part from it");
    assert_eq!((d.agrees_to, d.parts_by, d.recorded), (16, 17, 106));
    assert_eq!(session.actions().len(), 16);
    assert!(
        d.refused
            .as_deref()
            .unwrap()
            .contains("'gun 1' is not possible now"),
        "{d:?}"
    );

    let out = cli(&["replay".as_ref(), fixture().as_os_str()]);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("action 17 of the save's 106 is not possible under this version's rules"),
        "{err}"
    );
    assert!(err.contains("the report stops at action 16"), "{err}");
    assert_eq!(std::fs::read_to_string(fixture()).unwrap(), text);
}

/// `fork` writes the agreeing actions as a new save, checked under today's rules, which `play --autosave`
/// then continues; the old file is left as it was, and `fork` never writes over a file.
#[test]
fn fork_plays_an_old_career_on_into_a_new_save() {
    let text = std::fs::read_to_string(fixture()).unwrap();
    let dir = folder("fork");
    let new = dir.join("played-on.json");
    let out = cli(&[
        "fork".as_ref(),
        fixture().as_os_str(),
        "--out".as_ref(),
        new.as_os_str(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("holds its first 16 actions"), "{said}");
    assert_eq!(
        std::fs::read_to_string(fixture()).unwrap(),
        text,
        "the old career is untouched"
    );
    let forked = peek(&std::fs::read_to_string(&new).unwrap()).unwrap();
    assert_eq!(forked.actions.len(), 16);
    assert_eq!(forked.checks.last().map(|c| c.after), Some(16));
    assert_eq!(
        &forked.actions[..],
        &peek(&text).unwrap().actions[..16],
        "the agreeing actions, as recorded"
    );
    let replay = cli(&["replay".as_ref(), new.as_os_str()]);
    assert!(replay.status.success(), "{replay:?}");

    // The new save plays on: the careful captain finishes the career in it.
    let play = cli(&[
        "play".as_ref(),
        "sensuikan-career".as_ref(),
        "--autosave".as_ref(),
        new.as_os_str(),
        "--policy".as_ref(),
        "careful".as_ref(),
    ]);
    assert!(play.status.success(), "{play:?}");
    let played = peek(&std::fs::read_to_string(&new).unwrap()).unwrap();
    assert!(played.actions.len() > 16);
    assert_eq!(&played.actions[..16], &forked.actions[..]);

    // A second fork onto the same name is refused: nothing is written over a file.
    let before = std::fs::read(&new).unwrap();
    let again = cli(&[
        "fork".as_ref(),
        fixture().as_os_str(),
        "--out".as_ref(),
        new.as_os_str(),
    ]);
    assert_eq!(again.status.code(), Some(2), "{again:?}");
    assert!(String::from_utf8_lossy(&again.stderr).contains("never over a file"));
    assert_eq!(std::fs::read(&new).unwrap(), before);
}

/// A diverging autosave is never rewritten by `play --autosave`: the resume is refused with `replay`'s
/// message and the file is left byte for byte.
#[test]
fn a_diverging_autosave_is_refused_and_left_as_it_is() {
    let dir = folder("resume");
    let autosave = dir.join("autosave.json");
    std::fs::copy(fixture(), &autosave).unwrap();
    let before = std::fs::read(&autosave).unwrap();
    let out = cli(&[
        "play".as_ref(),
        "sensuikan-career".as_ref(),
        "--autosave".as_ref(),
        autosave.as_os_str(),
        "--policy".as_ref(),
        "careful".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("action 17 of the save's 106 is not possible"),
        "{err}"
    );
    assert!(err.contains("the autosave is left as it is"), "{err}");
    assert_eq!(std::fs::read(&autosave).unwrap(), before);

    // A checked save tampered with after its last check (two late actions swapped) is refused the same.
    let hunt = dir.join("hunt.json");
    let made = cli(&[
        "play".as_ref(),
        "hunt".as_ref(),
        "--seed".as_ref(),
        "3".as_ref(),
        "--policy".as_ref(),
        "careful".as_ref(),
        "--save".as_ref(),
        hunt.as_os_str(),
    ]);
    assert!(made.status.success(), "{made:?}");
    let mut save: serde_json::Value = serde_json::from_slice(&std::fs::read(&hunt).unwrap()).unwrap();
    let actions = save["actions"].as_array_mut().unwrap();
    let n = actions.len();
    let (i, j) = (n - 9..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .find(|&(i, j)| actions[i] != actions[j])
        .unwrap();
    actions.swap(i, j);
    std::fs::write(&hunt, serde_json::to_vec_pretty(&save).unwrap()).unwrap();
    let tampered = std::fs::read(&hunt).unwrap();
    let replay = cli(&["replay".as_ref(), hunt.as_os_str()]);
    assert_eq!(replay.status.code(), Some(3), "{replay:?}");
    let resume = cli(&[
        "play".as_ref(),
        "hunt".as_ref(),
        "--autosave".as_ref(),
        hunt.as_os_str(),
        "--policy".as_ref(),
        "careful".as_ref(),
    ]);
    assert_eq!(resume.status.code(), Some(2), "{resume:?}");
    assert_eq!(std::fs::read(&hunt).unwrap(), tampered);
}

/// One writer per save: while one program holds an autosave (here this test, as the app would), `play
/// --autosave` on it is refused, saying who holds it, and writes nothing; two command lines started on
/// one autosave at once never lose an action: the second is refused, or it runs after the first and
/// continues its career.
#[test]
fn a_second_writer_on_one_autosave_is_refused_and_nothing_is_lost() {
    let dir = folder("writers");
    let autosave = dir.join("autosave-atlantic-career.json");
    let held = periscope_data::lock::take(&autosave, "periscope 0.1.0").unwrap();
    let out = cli(&[
        "play".as_ref(),
        "atlantic".as_ref(),
        "--autosave".as_ref(),
        autosave.as_os_str(),
        "--policy".as_ref(),
        "careful".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("is being written by periscope 0.1.0, process"),
        "{err}"
    );
    assert!(!autosave.exists(), "nothing written");
    drop(held);

    let autosave = dir.join("autosave-hunt.json");
    let start = || {
        Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
            .args(["play", "hunt", "--seed", "5", "--policy", "careful", "--autosave"])
            .arg(&autosave)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .stdin(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (mut first, mut second) = (start(), start());
    first.stdin.take().unwrap().flush().unwrap();
    second.stdin.take().unwrap().flush().unwrap();
    let (a, b) = (
        first.wait_with_output().unwrap(),
        second.wait_with_output().unwrap(),
    );
    let refused = [&a, &b]
        .iter()
        .filter(|o| !o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stderr).into_owned())
        .collect::<Vec<_>>();
    assert!(refused.len() <= 1, "{refused:?}");
    for r in &refused {
        assert!(r.contains("is being written by periscope-cli"), "{r}");
    }
    // Whichever ran (or both, one after the other), the autosave is the whole career, checked.
    let save = peek(&std::fs::read_to_string(&autosave).unwrap()).unwrap();
    let (session, d) = Session::<periscope_engine::hunt::Hunt>::from_save_checked(save).unwrap();
    assert_eq!(d, None);
    assert!(
        session.pending().is_over(),
        "the careful captain's game, played to its end"
    );
}

/// `play --save` or `--autosave` naming a file the command reads (its actions) is refused, and the file
/// is left as it is; a save with a key written twice is refused naming the key, never read as the last.
#[test]
fn a_save_never_replaces_an_input_and_a_key_twice_is_refused() {
    let dir = folder("inputs");
    let actions = dir.join("actions.txt");
    std::fs::write(&actions, "hunt\n").unwrap();
    for flag in ["--save", "--autosave"] {
        let out = cli(&[
            "play".as_ref(),
            "hunt".as_ref(),
            "--actions".as_ref(),
            actions.as_os_str(),
            flag.as_ref(),
            actions.as_os_str(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("a file this command reads"),
            "{out:?}"
        );
        assert_eq!(std::fs::read_to_string(&actions).unwrap(), "hunt\n");
    }
    let twice = dir.join("twice.json");
    std::fs::write(
        &twice,
        r#"{"format":"periscope-save","version":1,"game":"hunt","seed":1,"seed":2,
            "dice":{"mode":"seeded"},"options":{},"actions":[]}"#,
    )
    .unwrap();
    let out = cli(&["replay".as_ref(), twice.as_os_str()]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("seed"), "{err}");
}
