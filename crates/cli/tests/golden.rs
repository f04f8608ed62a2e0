//! Golden outputs: what `periscope-cli` prints for a set of fixed commands, byte for byte, and a digest of
//! many random careers. They pin what the games do while their code is reshaped: a refactor that changes
//! one roll, one word or one field of the JSON fails here.
//!
//! `PERISCOPE_BLESS=1 cargo test -p periscope-cli --test golden` writes the fixtures anew; do it only when
//! a change of output is meant, and say in the commit why.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn golden_dir() -> PathBuf {
    root().join("tests/golden")
}

fn bless() -> bool {
    std::env::var_os("PERISCOPE_BLESS").is_some()
}

/// Runs the CLI from the repository's root, so the cases' paths read as written.
fn run(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run periscope-cli: {e}"));
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "periscope-cli {} failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// A `sim` report without its timings, which differ from run to run.
fn without_timings(stdout: &[u8]) -> Vec<u8> {
    let mut v: serde_json::Value = serde_json::from_slice(stdout).unwrap();
    if let Some(map) = v.as_object_mut() {
        map.retain(|k, _| !k.contains("seconds") && !k.contains("per_second"));
    }
    let mut text = serde_json::to_string_pretty(&v).unwrap();
    text.push('\n');
    text.into_bytes()
}

fn cases() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(golden_dir().join("cases.txt")).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, args) = l.split_once(':').unwrap_or_else(|| panic!("bad case line '{l}'"));
            (
                name.trim().to_string(),
                args.split_whitespace().map(String::from).collect(),
            )
        })
        .collect()
}

/// The first line where two outputs part, for a readable failure.
fn first_difference(expected: &[u8], got: &[u8]) -> String {
    let e = String::from_utf8_lossy(expected);
    let g = String::from_utf8_lossy(got);
    for (i, (a, b)) in e.lines().zip(g.lines()).enumerate() {
        if a != b {
            return format!("line {}:\n  expected: {a}\n  got:      {b}", i + 1);
        }
    }
    format!(
        "one output is a prefix of the other ({} and {} lines)",
        e.lines().count(),
        g.lines().count()
    )
}

#[test]
fn every_case_prints_its_golden_output() {
    let mut failures = Vec::new();
    for (name, args) in cases() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut got = run(&args);
        // A sim's JSON report loses its timings; a study (`--by`) prints none.
        if args.first() == Some(&"sim") && args.contains(&"--json") {
            got = without_timings(&got);
        }
        let path = golden_dir().join(&name);
        if bless() {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let expected = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if expected != got {
            failures.push(format!(
                "{name} ({}): {}",
                args.join(" "),
                first_difference(&expected, &got)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "golden outputs differ:\n{}",
        failures.join("\n")
    );
}

/// 64-bit FNV-1a of a report without its `"game"` line (a game's id may be renamed; its play may not):
/// enough to tell two outputs apart, with no dependency.
fn fnv(bytes: &[u8]) -> u64 {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .filter(|l| !l.starts_with("  \"game\": "))
        .flat_map(|l| l.bytes().chain(std::iter::once(b'\n')))
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// Many whole games whose full JSON reports are pinned by digest: random policies reach the odd corners
/// of the rules that the golden cases above do not.
#[test]
fn many_random_games_keep_their_digests() {
    let mut lines = Vec::new();
    for seed in 1..=40u32 {
        let s = seed.to_string();
        let career = run(&["play", "sensuikan", "--seed", &s, "--policy", "random", "--json"]);
        lines.push(format!("sensuikan random {seed} {:016x}", fnv(&career)));
        let patrol = run(&[
            "play",
            "sensuikan-patrol",
            "--seed",
            &s,
            "--policy",
            "random",
            "--json",
        ]);
        lines.push(format!("sensuikan-patrol random {seed} {:016x}", fnv(&patrol)));
        let hunt = run(&["play", "hunt", "--seed", &s, "--policy", "random", "--json"]);
        lines.push(format!("hunt random {seed} {:016x}", fnv(&hunt)));
    }
    for seed in 1..=10u32 {
        let s = seed.to_string();
        let optional = run(&[
            "play",
            "sensuikan",
            "--seed",
            &s,
            "--policy",
            "random",
            "--options",
            "tests/golden/career-optional.json",
            "--json",
        ]);
        lines.push(format!(
            "sensuikan optional random {seed} {:016x}",
            fnv(&optional)
        ));
    }
    let got = lines.join("\n") + "\n";
    let path = golden_dir().join("random-games.digests");
    if bless() {
        std::fs::write(&path, got).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let differ: Vec<String> = expected
        .lines()
        .zip(got.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("expected {a}, got {b}"))
        .collect();
    assert!(
        differ.is_empty() && expected.lines().count() == got.lines().count(),
        "random games changed:\n{}",
        differ.join("\n")
    );
}
