//! Crash-safe autosaves, proven by killing the writer (issue 21): a scripted Sensuikan career is played by
//! `periscope-cli play --autosave`, which writes the whole save after every action, and killed with SIGKILL
//! at random moments (most of its time is spent writing, so many kills land inside a save). After every
//! kill the autosave must be a save of the career at its last completed action — a prefix of the script,
//! never shorter than the one before (no older autosave lost) — and restarting the same command must
//! continue it. At the end the career is whole, as an uninterrupted run plays it, and no temporary file is
//! left beside it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use periscope_engine::Session;
use periscope_engine::sensuikan::career::Career;

const KILLS: usize = 30;

fn cli() -> Command {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("periscope-kill-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The actions of a save, as JSON values.
fn actions_of(path: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap();
    let save = periscope_engine::save::peek(&text).unwrap();
    save.actions
}

fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

/// A small generator of kill moments, the same on every run.
struct Moments(u64);

impl Moments {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below.max(1)
    }
}

#[test]
fn a_career_killed_thirty_times_mid_save_loses_nothing() {
    let dir = folder("career");
    // The career as an uninterrupted run plays it, and its actions as a script.
    let full = dir.join("full.json");
    let out = cli()
        .args([
            "play",
            "sensuikan",
            "--seed",
            "1",
            "--policy",
            "careful",
            "--save",
        ])
        .arg(&full)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let script = actions_of(&full);
    assert!(script.len() > 50, "a whole career: {} actions", script.len());
    let actions = dir.join("career.actions.json");
    std::fs::write(&actions, serde_json::to_string(&script).unwrap()).unwrap();

    let autosave = dir.join("autosave.json");
    let run = || {
        cli()
            .args(["play", "sensuikan", "--seed", "1", "--actions"])
            .arg(&actions)
            .arg("--autosave")
            .arg(&autosave)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    // How long the autosaving run takes whole, for the kill moments.
    let started = Instant::now();
    let status = run().wait().unwrap();
    assert!(status.success());
    let whole = started.elapsed().as_millis() as u64;
    assert_eq!(actions_of(&autosave), script);
    std::fs::remove_file(&autosave).unwrap();

    let mut moments = Moments(21);
    let mut reached = 0usize;
    let mut mid_save = 0usize;
    let mut advanced = 0usize;
    for kill in 0..KILLS {
        let mut child = run();
        // Early kills land before the first save too; the others anywhere in the career.
        std::thread::sleep(Duration::from_millis(moments.next(3 * whole / KILLS as u64 + 1)));
        child.kill().unwrap();
        child.wait().unwrap();
        if !temporaries(&dir).is_empty() {
            mid_save += 1;
        }
        if !autosave.exists() {
            assert_eq!(reached, 0, "kill {kill}: an autosave was lost");
            continue;
        }
        // The autosave is a whole save at a completed action: it loads, and it begins the script.
        let text = std::fs::read_to_string(&autosave).unwrap();
        let session = Session::<Career>::load(&text)
            .unwrap_or_else(|e| panic!("kill {kill}: the autosave does not load: {e}"));
        let saved = actions_of(&autosave);
        assert_eq!(session.actions().len(), saved.len());
        assert!(saved.len() <= script.len());
        assert_eq!(
            saved[..],
            script[..saved.len()],
            "kill {kill}: not the career's own actions"
        );
        assert!(
            saved.len() >= reached,
            "kill {kill}: the autosave went back from {reached} to {}",
            saved.len()
        );
        if saved.len() > reached {
            advanced += 1;
        }
        reached = saved.len();
    }
    // The restart continues to the end: the career is the uninterrupted one, and nothing is left behind.
    let status = run().wait().unwrap();
    assert!(status.success());
    assert_eq!(actions_of(&autosave), script);
    assert_eq!(
        temporaries(&dir),
        Vec::<String>::new(),
        "no temporary left behind"
    );
    eprintln!(
        "{KILLS} kills survived ({mid_save} left a half-written temporary, {advanced} found the career further on), \
         {} of {} actions saved at the last kill",
        reached,
        script.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An autosave that is not this script's is refused with its reason, and left as it is.
#[test]
fn an_autosave_of_another_script_is_refused_and_kept() {
    let dir = folder("other");
    let autosave = dir.join("autosave.json");
    let out = cli()
        .args(["play", "hunt", "--seed", "3", "--policy", "careful", "--autosave"])
        .arg(&autosave)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let before = std::fs::read(&autosave).unwrap();
    // The same game's actions but the first: a script the autosave does not begin.
    let saved = actions_of(&autosave);
    assert!(saved.len() > 2 && saved[0] != saved[1]);
    let other = dir.join("other.json");
    std::fs::write(&other, serde_json::to_string(&saved[1..]).unwrap()).unwrap();
    let out = cli()
        .args(["play", "hunt", "--seed", "3", "--actions"])
        .arg(&other)
        .arg("--autosave")
        .arg(&autosave)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("do not begin the actions given"), "{err}");
    assert_eq!(
        std::fs::read(&autosave).unwrap(),
        before,
        "the autosave is untouched"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
