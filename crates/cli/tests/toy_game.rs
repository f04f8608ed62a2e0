//! The proof of the registry: Coin Toss, the toy game of `tests/toy`, joins the CLI with one registry
//! line written here, and every command serves it in-process — `play` to the end with a policy, `--save`
//! and `replay`, `help`, and a suggestion for its mistyped name — with no file of the CLI changed for it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/toy/coin_toss.rs"]
mod coin_toss;

use std::process::ExitCode;

use coin_toss::{CoinToss, Side, TossAction};
use periscope_cli::{Headless, Registry, game};
use periscope_engine::policy::Captain;
use periscope_engine::{Pending, Session};
use serde::Serialize;

/// A careful tosser always calls heads.
impl Captain for CoinToss {
    fn careful_choice(&self, _: &Pending<TossAction>) -> Option<TossAction> {
        Some(TossAction::Call { side: Side::Heads })
    }
}

#[derive(Serialize)]
pub struct TossView {
    right: u8,
    wrong: u8,
}

impl Headless for CoinToss {
    type View = TossView;

    fn view(&self) -> TossView {
        TossView {
            right: self.right,
            wrong: self.wrong,
        }
    }

    fn describe(&self) -> String {
        format!("{} right, {} wrong", self.right, self.wrong)
    }

    fn headline(session: &Session<Self>) -> String {
        format!("Coin Toss · seed {}", session.seed())
    }
}

/// The shipped games and Coin Toss, which joins with one line.
fn registry() -> Registry {
    Registry::shipped().with(game::<CoinToss>())
}

struct Run {
    code: ExitCode,
    stdout: String,
    stderr: String,
}

fn cli(args: &[&str]) -> Run {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = periscope_cli::run(&registry(), args, &mut out, &mut err);
    Run {
        code,
        stdout: String::from_utf8(out).unwrap(),
        stderr: String::from_utf8(err).unwrap(),
    }
}

fn json(run: &Run) -> serde_json::Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\n{}", run.stdout, run.stderr))
}

#[test]
fn a_random_policy_plays_coin_toss_to_the_end() {
    let run = cli(&["play", "coin-toss", "--seed", "3", "--policy", "random", "--json"]);
    assert_eq!(run.code, ExitCode::SUCCESS, "{}", run.stderr);
    let v = json(&run);
    assert_eq!(v["game"], "coin-toss");
    assert_eq!(v["seed"], 3);
    assert_eq!(v["pending"]["kind"], "over");
    let (right, wrong) = (
        v["state"]["right"].as_u64().unwrap(),
        v["state"]["wrong"].as_u64().unwrap(),
    );
    assert!(right == 3 || wrong == 3, "{v}");
    // [Toss.2] Every toss is a roll record with its chart and rule.
    let tosses = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "rolled" && e["roll"]["rule"] == "Toss.2")
        .count() as u64;
    assert_eq!(tosses, right + wrong);
    assert_eq!(
        v["actions_played"].as_u64(),
        Some(right + wrong),
        "one call per toss"
    );
}

#[test]
fn the_careful_policy_calls_heads_and_the_report_reads() {
    let run = cli(&["play", "coin-toss", "--seed", "5", "--policy", "careful"]);
    assert_eq!(run.code, ExitCode::SUCCESS, "{}", run.stderr);
    let mut lines = run.stdout.lines();
    assert_eq!(lines.next(), Some("Coin Toss · seed 5"));
    assert!(run.stdout.contains("  called Heads"), "{}", run.stdout);
    assert!(!run.stdout.contains("called Tails"), "{}", run.stdout);
    assert!(run.stdout.contains("Game over."), "{}", run.stdout);
}

#[test]
fn a_saved_coin_toss_replays_identically() {
    let dir = std::env::temp_dir().join(format!("periscope-cli-toy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("toss.json");
    let save_arg = save.to_str().unwrap();
    let played = cli(&[
        "play",
        "coin-toss",
        "--seed",
        "3",
        "--policy",
        "random",
        "--save",
        save_arg,
        "--json",
    ]);
    assert_eq!(played.code, ExitCode::SUCCESS, "{}", played.stderr);
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(saved["game"], "coin-toss");
    let replayed = cli(&["replay", save_arg, "--json"]);
    assert_eq!(replayed.code, ExitCode::SUCCESS, "{}", replayed.stderr);
    assert_eq!(
        replayed.stdout, played.stdout,
        "the replay prints the same report"
    );
    // The shipped registry, without the line, cannot replay it.
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = periscope_cli::run(&Registry::shipped(), ["replay", save_arg], &mut out, &mut err);
    assert_eq!(code, ExitCode::from(2));
    assert!(
        String::from_utf8_lossy(&err).contains("a save of 'coin-toss', which this build cannot replay"),
        "{}",
        String::from_utf8_lossy(&err)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_lists_coin_toss() {
    for args in [&["help"][..], &["--help"], &["play", "--help"]] {
        let run = cli(args);
        assert_eq!(run.code, ExitCode::SUCCESS, "{args:?}: {}", run.stderr);
        assert!(
            run.stdout
                .lines()
                .any(|l| l.trim_start().starts_with("coin-toss ")),
            "{args:?}:\n{}",
            run.stdout
        );
    }
    let run = cli(&["play", "coin-toss", "--help"]);
    assert_eq!(run.code, ExitCode::SUCCESS);
    assert!(
        run.stdout.starts_with("Coin Toss\n") && run.stdout.contains("--policy <NAME>"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_mistyped_coin_toss_is_suggested() {
    let run = cli(&["play", "coin-tos", "--seed", "3"]);
    assert_eq!(run.code, ExitCode::from(2));
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr
            .starts_with("periscope-cli: error: unknown game 'coin-tos' (did you mean 'coin-toss'?)"),
        "{}",
        run.stderr
    );
    // A game without a simulation says so rather than being unknown.
    let run = cli(&["sim", "coin-toss"]);
    assert_eq!(run.code, ExitCode::from(2));
    assert!(run.stderr.contains("Coin Toss cannot sim"), "{}", run.stderr);
}

#[test]
fn a_refused_call_exits_1_with_the_game_before_it() {
    let dir = std::env::temp_dir().join(format!("periscope-cli-toy-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let actions = dir.join("toss.actions");
    // After a call the game waits for the toss, which the physical dice do not make: a second call is refused.
    std::fs::write(&actions, "heads\nheads\n").unwrap();
    let run = cli(&[
        "play",
        "coin-toss",
        "--physical",
        "--actions",
        actions.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(run.code, ExitCode::from(1), "{}", run.stdout);
    let v = json(&run);
    assert_eq!(v["error"]["index"], 2);
    assert_eq!(v["actions_played"], 1);
    assert_eq!(v["pending"]["kind"], "roll");
    let _ = std::fs::remove_dir_all(&dir);
}
