//! Broken saves replayed by the CLI (issue 21): the games the desktop does not open on their own (a
//! Sensuikan patrol, an Atlantic Sentinels mission) and a career, truncated, bit-flipped, type-swapped,
//! deeply nested, huge or not UTF-8 (`periscope_data::mangle`): `replay` exits with an error (or, for a
//! mangled record of the game, a divergence warning, exit 3) naming the
//! file (or replays a save the breakage left valid), never panics, and never changes the file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::Command;

use periscope_data::mangle::Mangler;

fn cases() -> usize {
    std::env::var("PERISCOPE_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(25)
}

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn broken_saves_replay_with_a_reason_and_stay_as_they_are() {
    let dir = std::env::temp_dir().join(format!("periscope-fuzz-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let compat = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/compat");
    let mission = dir.join("mission.json");
    let out = cli(&[
        "play",
        "atlantic-mission",
        "--seed",
        "5",
        "--policy",
        "careful",
        "--save",
        mission.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let saves = [
        (
            "patrol",
            std::fs::read_to_string(compat.join("sensuikan-patrol.json")).unwrap(),
        ),
        (
            "career",
            std::fs::read_to_string(compat.join("autosave-sensuikan-career.json")).unwrap(),
        ),
        ("mission", std::fs::read_to_string(&mission).unwrap()),
    ];
    let (mut tried, mut refused) = (0, 0);
    for (i, (name, valid)) in saves.iter().enumerate() {
        let path = dir.join(format!("broken-{name}.json"));
        let shown = path.display().to_string();
        let mut mangler = Mangler::new(500 + i as u64);
        for case in 0..cases() {
            let (way, bytes) = mangler.mangle(valid.as_bytes());
            std::fs::write(&path, &bytes).unwrap();
            let out = cli(&["replay", &shown]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                !err.contains("panicked"),
                "{name}: case {case} ({way:?}) panicked: {err}"
            );
            match out.status.code() {
                Some(0) => {}
                Some(1..=3) => {
                    refused += 1;
                    assert!(
                        err.len() < 16 * 1024,
                        "{name}: case {case} ({way:?}): {} bytes of error: {}",
                        err.len(),
                        err.chars().take(300).collect::<String>()
                    );
                    assert!(err.contains(&shown), "{name}: case {case} ({way:?}): {err}");
                }
                other => panic!("{name}: case {case} ({way:?}): exit {other:?}: {err}"),
            }
            assert_eq!(
                std::fs::read(&path).unwrap(),
                bytes,
                "{name}: case {case}: the file changed"
            );
            tried += 1;
        }
    }
    eprintln!("replay: {tried} broken saves, {refused} refused with the file named, none changed");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs the CLI, failing the test if it has not ended within a minute (a FIFO opened would block it for
/// ever).
#[cfg(unix)]
fn cli_within_a_minute(args: &[&str]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            panic!("periscope-cli {args:?} blocked for a minute");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Hostile files given to `replay`, `export` and `charts check` (issue 32): a FIFO and a link to
/// `/dev/zero` are refused at once as not files, a file over the 32 MB cap with its size, each naming
/// the file; none is changed.
#[cfg(unix)]
#[test]
fn a_fifo_a_device_and_an_oversize_file_are_refused_naming_each() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("periscope-hostile-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo.json");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let zero = dir.join("zero.json");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let big = dir.join("big.json");
    std::fs::write(&big, vec![b' '; 33 << 20]).unwrap();
    let out = dir.join("out.md");
    let cases = [
        (&fifo, "is a FIFO (named pipe), not a file"),
        (&zero, "is a device, not a file"),
        (
            &big,
            "is 33 MB; Periscope reads at most 32 MB of a file given to periscope-cli",
        ),
    ];
    for (path, why) in cases {
        let p = path.to_str().unwrap();
        let o = out.to_str().unwrap();
        for args in [
            vec!["replay", p],
            vec!["export", p, "--format", "md", "--out", o],
            vec!["charts", "check", p],
        ] {
            let run = cli_within_a_minute(&args);
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(!run.status.success(), "{args:?}");
            assert!(stderr.contains(&format!("{p} {why}")), "{args:?}: {stderr}");
        }
    }
    assert!(std::fs::symlink_metadata(&fifo).is_ok_and(|m| !m.is_file()));
    assert_eq!(std::fs::read_link(&zero).unwrap(), Path::new("/dev/zero"));
    assert!(!out.exists(), "nothing exported");
    std::fs::remove_dir_all(&dir).unwrap();
}
