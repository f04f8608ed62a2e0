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
