//! Periscope opens no network socket (issue 21, the README's privacy note): this test binary runs a child
//! of itself under `strace`, in which the app plays a whole Submarine Hunt game, saves it, reopens it,
//! opens Track mode and goes back to the start screen; every socket the child (and any thread of it)
//! asks for must be a local one. Without `strace` the test says so and passes, unless
//! `PERISCOPE_REQUIRE_STRACE` is set, as `.ci/run` sets it after installing strace.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::process::Command;

use common::*;
use periscope_engine::dice::SeededRng;
use periscope_engine::hunt::Hunt;
use periscope_engine::policy::Policy;

const CHILD: &str = "PERISCOPE_TEST_NO_NETWORK_CHILD";

/// Not a test of its own: run by the test below, under strace.
#[test]
#[ignore = "run by the other test of this file, in a child process under strace"]
fn child_plays_saves_and_reopens_a_game() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let storage = temp_storage("no-network");
    let mut h = harness(storage.clone());
    new_game(&mut h, 5, false);
    let mut rng = SeededRng::new(5);
    let mut steps = 0;
    while let Some(a) = Policy::Careful.choose(game(&h), &mut rng) {
        let t = h.state_mut().table_mut::<Hunt>().unwrap();
        t.act(a, &storage, periscope_app::storage::Pacing::Instant, 0.0);
        steps += 1;
        assert!(steps < 10_000);
    }
    settle(&mut h);
    let path = storage.saved_games_dir().join("hunt.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let t = h.state_mut().table_mut::<Hunt>().unwrap();
    t.save_path = Some(path.clone());
    assert!(t.save());
    h.state_mut().open_path(&path).unwrap();
    settle(&mut h);
    assert_eq!(actions_played(&h), steps);
    println!("child played {steps} actions");
}

/// The socket families a trace shows asked for, as strace prints them (`AF_UNIX`, `AF_INET`…).
fn families(trace: &str) -> Vec<String> {
    trace
        .lines()
        .filter_map(|l| l.split_once("socket(").map(|(_, rest)| rest))
        .map(|rest| {
            rest.split([',', ')'])
                .next()
                .unwrap_or_default()
                .trim()
                .to_string()
        })
        .collect()
}

#[test]
fn the_app_opens_no_network_socket() {
    let strace = Command::new("strace").arg("-V").output();
    if strace.is_err() {
        assert!(
            std::env::var_os("PERISCOPE_REQUIRE_STRACE").is_none(),
            "strace is required here"
        );
        eprintln!("strace is not installed: the no-network check is skipped");
        return;
    }
    let trace = std::env::temp_dir().join(format!("periscope-app-net-{}.trace", std::process::id()));
    let out = Command::new("strace")
        .args(["-f", "-qq", "-e", "trace=socket,connect", "-o"])
        .arg(&trace)
        .arg(std::env::current_exe().unwrap())
        .args([
            "child_plays_saves_and_reopens_a_game",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("child played"), "the child ran: {stdout}");
    let text = std::fs::read_to_string(&trace).unwrap();
    let _ = std::fs::remove_file(&trace);
    let network: Vec<String> = families(&text)
        .into_iter()
        .filter(|f| f != "AF_UNIX" && f != "AF_LOCAL")
        .collect();
    assert!(
        network.is_empty(),
        "sockets other than local ones: {network:?}\n{text}"
    );
}

#[test]
fn a_trace_is_read_for_its_socket_families() {
    let trace = "123 socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0) = 3\n\
                 124 socket(AF_INET6, SOCK_DGRAM, IPPROTO_IP) = 4\n\
                 124 connect(4, {sa_family=AF_INET6, ...}, 28) = 0\n";
    assert_eq!(families(trace), ["AF_UNIX", "AF_INET6"]);
}
