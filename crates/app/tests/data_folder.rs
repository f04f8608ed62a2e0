//! The data folder is the one every earlier version used, so old autosaves are found: on Linux
//! `$XDG_DATA_HOME/periscope`, or `~/.local/share/periscope` without it; `PERISCOPE_DATA_DIR` overrides
//! both. The environment of a running test cannot be changed safely, so each case runs this test binary
//! again with the environment it needs, and reads the folder the child prints.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::Command;

use periscope_app::storage::Storage;

const CHILD: &str = "PERISCOPE_TEST_PRINT_DATA_DIR";
const MARK: &str = "data folder: ";

/// Not a test of its own: the tests below run it as a child (with `CHILD` set) to print the data folder.
#[test]
#[ignore = "run by the other tests of this file, in a child process"]
fn print_the_data_folder() {
    if std::env::var_os(CHILD).is_some() {
        println!("{MARK}{}", Storage::from_env().dir.display());
    }
}

/// The data folder a child with this environment resolves.
fn resolved(env: &[(&str, Option<&str>)]) -> PathBuf {
    let mut child = Command::new(std::env::current_exe().unwrap());
    child
        .args([
            "print_the_data_folder",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .env_remove("PERISCOPE_DATA_DIR")
        .env_remove("XDG_DATA_HOME");
    for (name, value) in env {
        match value {
            Some(v) => child.env(name, v),
            None => child.env_remove(name),
        };
    }
    let out = child.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let line = stdout
        .lines()
        .find_map(|l| l.split_once(MARK).map(|(_, dir)| dir))
        .unwrap_or_else(|| panic!("the child printed no folder: {stdout}"));
    PathBuf::from(line)
}

#[cfg(target_os = "linux")]
#[test]
fn linux_uses_xdg_data_home_or_local_share() {
    assert_eq!(
        resolved(&[
            ("HOME", Some("/home/player")),
            ("XDG_DATA_HOME", Some("/data/xdg"))
        ]),
        PathBuf::from("/data/xdg/periscope")
    );
    assert_eq!(
        resolved(&[("HOME", Some("/home/player")), ("XDG_DATA_HOME", None)]),
        PathBuf::from("/home/player/.local/share/periscope")
    );
}

#[test]
fn periscope_data_dir_overrides_the_platform_folder() {
    assert_eq!(
        resolved(&[
            ("PERISCOPE_DATA_DIR", Some("/tmp/my-periscope")),
            ("XDG_DATA_HOME", Some("/data/xdg")),
        ]),
        PathBuf::from("/tmp/my-periscope")
    );
}
