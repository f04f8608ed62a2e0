//! The command line itself, run in-process: every command's `--help`, one error style with suggestions
//! for mistyped commands and games, and the names that stand for more than one game.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::ExitCode;

use periscope_cli::Registry;

struct Run {
    code: ExitCode,
    stdout: String,
    stderr: String,
}

fn cli(args: &[&str]) -> Run {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = periscope_cli::run(&Registry::shipped(), args, &mut out, &mut err);
    Run {
        code,
        stdout: String::from_utf8(out).unwrap(),
        stderr: String::from_utf8(err).unwrap(),
    }
}

/// A `sim` report without its timings.
fn without_timings(run: &Run) -> serde_json::Value {
    assert_eq!(run.code, ExitCode::SUCCESS, "{}", run.stderr);
    let mut v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    if let Some(map) = v.as_object_mut() {
        map.retain(|k, _| !k.contains("seconds") && !k.contains("per_second"));
    }
    v
}

#[test]
fn every_command_has_its_help_on_stdout() {
    for args in [
        &["--help"][..],
        &["help"],
        &["help", "sim"],
        &["play", "--help"],
        &["play", "hunt", "--help"],
        &["play", "sensuikan", "--help"],
        &["play", "sensuikan-patrol", "-h"],
        &["replay", "--help"],
        &["sim", "--help"],
        &["sim", "hunt", "--help"],
        &["sim", "sensuikan-career", "--help"],
        &["sim", "sensuikan", "--help"],
        &["charts", "--help"],
        &["charts", "check", "--help"],
        &["export", "--help"],
    ] {
        let run = cli(args);
        assert_eq!(run.code, ExitCode::SUCCESS, "{args:?}: {}", run.stderr);
        assert!(
            run.stdout.contains("Usage: periscope-cli"),
            "{args:?}:\n{}",
            run.stdout
        );
        assert!(run.stderr.is_empty(), "{args:?}: {}", run.stderr);
    }
    // Each game's own flags are in its help.
    assert!(cli(&["sim", "hunt", "--help"]).stdout.contains("--games <N>"));
    assert!(
        cli(&["sim", "sensuikan-patrol", "--help"])
            .stdout
            .contains("--patrols <N>")
    );
    let career = cli(&["sim", "sensuikan-career", "--help"]).stdout;
    assert!(
        career.contains("--careers <N>") && career.contains("--tournament <KIND>"),
        "{career}"
    );
    // The top-level help lists every game with what it can do.
    let help = cli(&["help"]).stdout;
    for line in [
        "hunt              Submarine Hunt · play, replay, sim",
        "sensuikan-career  Sensuikan (career), also 'sensuikan' · play, replay, sim, export",
        "sensuikan-patrol  Sensuikan (one patrol) · play, replay, sim",
    ] {
        assert!(help.contains(line), "{line} missing from:\n{help}");
    }
}

#[test]
fn mistyped_commands_and_games_are_suggested() {
    for (args, start) in [
        (
            &["plya", "hunt"][..],
            "periscope-cli: error: unknown command 'plya' (did you mean 'play'?)",
        ),
        (
            &["play", "hnut"],
            "periscope-cli: error: unknown game 'hnut' (did you mean 'hunt'?)",
        ),
        (
            &["play", "sensuikn"],
            "periscope-cli: error: unknown game 'sensuikn' (did you mean 'sensuikan'?)",
        ),
        (
            &["sim", "sensuikan-patrl"],
            "periscope-cli: error: unknown game 'sensuikan-patrl' (did you mean 'sensuikan-patrol'?)",
        ),
        (
            &["charts", "lst"],
            "periscope-cli: error: unknown command 'charts lst' (did you mean 'list'?)",
        ),
    ] {
        let run = cli(args);
        assert_eq!(run.code, ExitCode::from(2), "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(run.stderr.starts_with(start), "{args:?}: {}", run.stderr);
    }
    let run = cli(&["play", "chess"]);
    assert!(
        run.stderr.starts_with(
            "periscope-cli: error: unknown game 'chess'; the games: hunt, sensuikan-career (sensuikan), sensuikan-patrol"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn every_refusal_of_the_command_line_has_one_style_and_exit_2() {
    for args in [
        &[][..],
        &["play"],
        &["sim"],
        &["charts"],
        &["charts", "check"],
        &["replay"],
        &["replay", "/nonexistent/save.json"],
        &["play", "hunt", "--seed", "x"],
        &["play", "hunt", "--policy", "reckless"],
        &["play", "hunt", "--dice", "a", "--physical"],
        &["play", "hunt", "--frobnicate"],
        &["sim", "hunt", "--patrols", "3"],
        &["sim", "sensuikan-career", "--tournament", "knockout"],
        &["export", "--out", "x"],
        &["export", "--blank", "hunt", "--out", "x"],
        &["export", "--blank", "sensuikan", "--paper", "a3", "--out", "x"],
    ] {
        let run = cli(args);
        assert_eq!(run.code, ExitCode::from(2), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
        assert!(
            run.stderr.starts_with("periscope-cli: error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(
            run.stderr.matches("error:").count(),
            1,
            "{args:?}: {}",
            run.stderr
        );
    }
    // A save of a game without paperwork.
    let hunt = format!(
        "{}/../../tests/compat/autosave-hunt.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = std::env::temp_dir().join(format!("periscope-cli-no-paperwork-{}", std::process::id()));
    let run = cli(&["export", &hunt, "--out", out.to_str().unwrap()]);
    assert_eq!(run.code, ExitCode::from(2));
    assert!(
        run.stderr
            .contains("a save of Submarine Hunt, which has no paperwork to export"),
        "{}",
        run.stderr
    );
    assert!(!out.exists(), "nothing is written");
    assert!(
        cli(&["play"])
            .stderr
            .contains("play needs a game: hunt, sensuikan-career (sensuikan), sensuikan-patrol")
    );
    assert!(
        cli(&["play", "hunt", "--policy", "reckless"])
            .stderr
            .contains("unknown policy 'reckless'")
    );
}

/// Issue 5: `sim sensuikan` is the patrols' simulation, and the careers' with `--careers N`.
#[test]
fn sim_sensuikan_is_patrols_unless_careers_are_asked_for() {
    let patrols = without_timings(&cli(&[
        "sim",
        "sensuikan",
        "--patrols",
        "20",
        "--seed",
        "3",
        "--json",
    ]));
    let patrol = without_timings(&cli(&[
        "sim",
        "sensuikan-patrol",
        "--patrols",
        "20",
        "--seed",
        "3",
        "--json",
    ]));
    assert_eq!(patrols["game"], "sensuikan-patrol");
    assert_eq!(patrols, patrol);
    let careers = without_timings(&cli(&[
        "sim",
        "sensuikan",
        "--careers",
        "3",
        "--seed",
        "3",
        "--json",
    ]));
    let career = without_timings(&cli(&[
        "sim",
        "sensuikan-career",
        "--careers",
        "3",
        "--seed",
        "3",
        "--json",
    ]));
    assert_eq!(careers["game"], "sensuikan-career");
    assert_eq!(careers, career);
}

/// A flag given twice keeps the last, as the hand-written parser did.
#[test]
fn a_repeated_flag_keeps_the_last() {
    let twice = cli(&["play", "hunt", "--seed", "1", "--seed", "4", "--json", "--json"]);
    let once = cli(&["play", "hunt", "--seed", "4", "--json"]);
    assert_eq!(twice.code, ExitCode::SUCCESS, "{}", twice.stderr);
    assert_eq!(twice.stdout, once.stdout);
}

/// `periscope-cli --version` prints the version, exit 0 (issue 33).
#[test]
fn version_is_printed() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("periscope-cli {}\n", env!("CARGO_PKG_VERSION"))
    );
}
