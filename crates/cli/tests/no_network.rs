//! The CLI opens no network socket (issue 21): its commands run under `strace`, and every socket they ask
//! for must be a local one. Without `strace` the test says so and passes, unless
//! `PERISCOPE_REQUIRE_STRACE` is set, as `.ci/run` sets it after installing strace.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

/// Runs the CLI with `args` under strace; the socket families it asked for.
fn sockets_of(args: &[&str]) -> Vec<String> {
    let trace = std::env::temp_dir().join(format!(
        "periscope-cli-net-{}-{}.trace",
        std::process::id(),
        args[0]
    ));
    let out = Command::new("strace")
        .args(["-f", "-qq", "-e", "trace=socket,connect", "-o"])
        .arg(&trace)
        .arg(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&trace).unwrap();
    let _ = std::fs::remove_file(&trace);
    text.lines()
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
fn the_cli_opens_no_network_socket() {
    if Command::new("strace").arg("-V").output().is_err() {
        assert!(
            std::env::var_os("PERISCOPE_REQUIRE_STRACE").is_none(),
            "strace is required here"
        );
        eprintln!("strace is not installed: the no-network check is skipped");
        return;
    }
    let save = std::env::temp_dir().join(format!("periscope-cli-net-{}.json", std::process::id()));
    let save = save.to_str().unwrap();
    let pdf = format!("{save}.pdf");
    for args in [
        vec!["sim", "hunt", "--games", "50"],
        vec![
            "play",
            "sensuikan",
            "--seed",
            "3",
            "--policy",
            "careful",
            "--save",
            save,
        ],
        vec!["replay", save],
        vec!["export", save, "--out", &pdf],
    ] {
        let network: Vec<String> = sockets_of(&args)
            .into_iter()
            .filter(|f| f != "AF_UNIX" && f != "AF_LOCAL")
            .collect();
        assert!(
            network.is_empty(),
            "{args:?}: sockets other than local ones: {network:?}"
        );
    }
    let _ = std::fs::remove_file(save);
    let _ = std::fs::remove_file(&pdf);
}
