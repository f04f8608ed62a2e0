//! `periscope-cli export SAVE --format png --board NAME [--zoom Z]` (issue 22): a board of a save as a
//! PNG of the board's size times the zoom, drawn without a window; `--format md --boards` writes the
//! report with the boards' pictures beside it; an unknown board, a board of another game and a missing
//! `--board` are refused with the boards to choose from, never with a panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        // No display: the export must not need one.
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap()
}

fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("periscope-picture-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn played(game: &str, save: &Path) {
    let out = cli(&[
        "play",
        game,
        "--seed",
        "3",
        "--policy",
        "careful",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

fn refused(out: &Output) -> String {
    assert!(!out.status.success(), "refused");
    assert_ne!(out.status.code(), Some(101), "no panic");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_sensuikan_save_exports_its_combat_sheet_as_png() {
    let dir = dir("sensuikan");
    let save = dir.join("career.json");
    played("sensuikan-career", &save);
    let png = dir.join("combat.png");
    let out = cli(&[
        "export",
        save.to_str().unwrap(),
        "--format",
        "png",
        "--board",
        "combat-sheet",
        "--zoom",
        "2",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let image = image::open(&png).unwrap();
    // The Combat Sheet is 900 × 720 table units.
    assert_eq!((image.width(), image.height()), (1800, 1440));

    // The report with every board beside it.
    let md = dir.join("aar.md");
    let out = cli(&[
        "export",
        save.to_str().unwrap(),
        "--format",
        "md",
        "--boards",
        "--out",
        md.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&md).unwrap();
    for (board, file) in [
        ("Control Sheet", "aar-control-sheet.png"),
        ("Combat Sheet", "aar-combat-sheet.png"),
        ("Patrol Log", "aar-patrol-log.png"),
        ("Operations Map", "aar-operations-map.png"),
    ] {
        assert!(text.contains(&format!("![{board}]({file})")), "{text}");
        assert!(image::open(dir.join(file)).is_ok(), "{file}");
    }

    // An unknown board names the game's boards; a missing --board too.
    let out = cli(&[
        "export",
        save.to_str().unwrap(),
        "--format",
        "png",
        "--board",
        "periscope",
        "--out",
        png.to_str().unwrap(),
    ]);
    let err = refused(&out);
    assert!(
        err.contains("no board 'periscope'") && err.contains("Combat Sheet"),
        "{err}"
    );
    let err = refused(&cli(&[
        "export",
        save.to_str().unwrap(),
        "--format",
        "png",
        "--out",
        png.to_str().unwrap(),
    ]));
    assert!(
        err.contains("needs --board") && err.contains("combat-sheet"),
        "{err}"
    );
    let err = refused(&cli(&[
        "export",
        save.to_str().unwrap(),
        "--format",
        "png",
        "--board",
        "combat-sheet",
        "--zoom",
        "50",
        "--out",
        png.to_str().unwrap(),
    ]));
    assert!(err.contains("zoom 50"), "{err}");
}

#[test]
fn a_board_of_another_game_is_refused() {
    let dir = dir("hunt");
    let save = dir.join("hunt.json");
    played("hunt", &save);
    let png = dir.join("table.png");
    let err = refused(&cli(&[
        "export",
        save.to_str().unwrap(),
        "--format",
        "png",
        "--board",
        "Combat Sheet",
        "--out",
        png.to_str().unwrap(),
    ]));
    assert!(err.contains("a board of Sensuikan"), "{err}");
    assert!(!png.exists(), "nothing written");
    let out = cli(&[
        "export",
        save.to_str().unwrap(),
        "--format",
        "png",
        "--board",
        "table",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(image::open(&png).is_ok());
    // A save that is no save at all.
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"game\": 7").unwrap();
    refused(&cli(&[
        "export",
        junk.to_str().unwrap(),
        "--format",
        "png",
        "--board",
        "table",
        "--out",
        png.to_str().unwrap(),
    ]));
}

#[test]
fn the_help_lists_the_boards() {
    let out = cli(&["export", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("--board"), "{help}");
    assert!(
        help.contains("sensuikan-career: control-sheet, combat-sheet"),
        "{help}"
    );
    assert!(help.contains("atlantic-mission: tactical-display"), "{help}");
}
