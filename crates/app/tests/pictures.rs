//! Pictures of the boards (issue 22): a board of a save drawn on the CPU to a PNG that decodes and has the
//! board's size times the zoom, with the board's colours where the board has them; the errors for a board
//! the game lacks and a zoom out of range; "Export board as PNG" clicked in the menu like a person would.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use periscope_app::picture::{self, PictureError, saves};
use periscope_app::theme;
use periscope_engine::policy::Captain;
use periscope_engine::{Game, Session};

/// A session of `G` played by the careful policy until `stop` holds (or 5000 actions).
fn played_until<G: Captain>(seed: u64, stop: impl Fn(&G) -> bool) -> Session<G> {
    periscope_engine::testing::played_until(G::Options::default(), seed, 5000, stop)
}

fn in_combat(g: &periscope_engine::sensuikan::career::Career) -> bool {
    g.view().patrol.and_then(|p| p.combat).is_some()
}

/// At the salvo: a shot declared, or FIRE offered [8.2.3].
fn at_the_salvo(g: &periscope_engine::sensuikan::career::Career) -> bool {
    use periscope_engine::sensuikan::PatrolAction;
    use periscope_engine::sensuikan::career::CareerAction;
    g.view()
        .patrol
        .and_then(|p| p.combat)
        .is_some_and(|c| !c.shots.is_empty())
        || g.pending().choices().iter().any(|c| {
            matches!(
                c.action,
                CareerAction::Patrol {
                    action: PatrolAction::Fire
                }
            )
        })
}

fn decoded(png: &[u8]) -> image::RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .unwrap()
        .to_rgba8()
}

/// Where the pictures are left for a person to look at.
fn keep(name: &str, png: &[u8]) {
    let dir = std::env::temp_dir().join(format!("periscope-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, png).unwrap();
    eprintln!("picture: {}", path.display());
}

fn near(a: image::Rgba<u8>, b: egui::Color32) -> bool {
    let [r, g, bl, _] = b.to_array();
    let d = |x: u8, y: u8| (i16::from(x) - i16::from(y)).abs() <= 3;
    d(a[0], r) && d(a[1], g) && d(a[2], bl)
}

/// The Combat Sheet of a Sensuikan save in an encounter, at 1× and 2×: each PNG decodes, is the sheet's
/// size times the zoom, shows the paper and the title band where the sheet prints them, and is not one
/// colour.
#[test]
fn the_combat_sheet_of_a_save_exports_at_its_size() {
    let session = played_until(12, at_the_salvo);
    assert!(in_combat(session.game()), "the career reaches an encounter");
    let text = session.to_json().unwrap();
    keep("combat-sheet-save.json", text.as_bytes());
    let size = periscope_app::sensuikan::combat_sheet::SIZE;
    for zoom in [1.0_f32, 2.0] {
        let png = saves::board_png_of_save(&text, "combat-sheet", zoom).unwrap();
        let image = decoded(&png);
        assert_eq!(
            (image.width(), image.height()),
            ((size.x * zoom) as u32, (size.y * zoom) as u32),
            "zoom {zoom}"
        );
        let at = |x: f32, y: f32| *image.get_pixel((x * zoom) as u32, (y * zoom) as u32);
        // The paper inside the frame, the band behind the title, the felt past the rounded corner.
        assert!(
            near(at(20.0, 300.0), theme::PAPER),
            "paper: {:?}",
            at(20.0, 300.0)
        );
        assert!(near(at(450.0, 12.0), theme::BAND), "band: {:?}", at(450.0, 12.0));
        assert!(near(at(0.3, 0.3), theme::FELT), "felt: {:?}", at(0.3, 0.3));
        // The title's letters are drawn on the band: some of its pixels are the paper's colour.
        let lettered = (12..40)
            .flat_map(|y| (20..300).map(move |x| (x as f32, y as f32)))
            .filter(|&(x, y)| near(at(x, y), theme::PAPER))
            .count();
        assert!(lettered > 100, "the title is legible: {lettered} lit pixels");
        keep(&format!("combat-sheet-{zoom}x.png"), &png);
    }
}

/// The Hunt table, the Atlantic mats and the Sensuikan boards all draw; their size is their rect's.
#[test]
fn every_board_of_every_game_draws() {
    let hunt = played_until::<periscope_engine::hunt::Hunt>(3, |g| {
        g.view().attacking.is_some() || g.view().turn > 6
    });
    let mission = played_until::<periscope_engine::atlantic::Mission>(5, |g| g.battle().is_some());
    let career = played_until(12, in_combat);
    let check = |game: &str,
                 pictures: Vec<(&'static str, Result<Vec<u8>, PictureError>)>,
                 boards: Vec<(&'static str, egui::Rect)>| {
        assert_eq!(pictures.len(), boards.len());
        for ((name, png), (_, rect)) in pictures.into_iter().zip(boards) {
            let png = png.unwrap();
            let image = decoded(&png);
            assert_eq!(
                (image.width(), image.height()),
                (rect.width().round() as u32, rect.height().round() as u32),
                "{name}"
            );
            keep(&format!("{game}-{}.png", picture::slug(name)), &png);
        }
    };
    check(
        "hunt",
        picture::every_board_png(hunt.game(), 1.0),
        picture::boards_of::<periscope_engine::hunt::Hunt>(),
    );
    check(
        "mission",
        picture::every_board_png(mission.game(), 1.0),
        picture::boards_of::<periscope_engine::atlantic::Mission>(),
    );
    check(
        "career",
        picture::every_board_png(career.game(), 1.0),
        picture::boards_of::<periscope_engine::sensuikan::career::Career>(),
    );
}

/// A board the game lacks is refused by name, naming the game's boards and the game that has it; a zoom
/// out of range and a save of no known game are refused too. Nothing panics.
#[test]
fn bad_requests_are_typed_errors() {
    let hunt = played_until::<periscope_engine::hunt::Hunt>(3, |_| true);
    let text = hunt.to_json().unwrap();
    match saves::board_png_of_save(&text, "Combat Sheet", 1.0) {
        Err(PictureError::UnknownBoard { known, elsewhere, .. }) => {
            assert_eq!(known, vec!["Table"]);
            assert_eq!(elsewhere, Some(periscope_engine::sensuikan::career::Career::NAME));
        }
        other => panic!("{other:?}"),
    }
    for zoom in [0.0, -1.0, 9.0, f32::NAN, f32::INFINITY] {
        assert!(matches!(
            saves::board_png_of_save(&text, "table", zoom),
            Err(PictureError::BadZoom(_))
        ));
    }
    let other = text.replacen("\"hunt\"", "\"chess\"", 1);
    assert!(matches!(
        saves::board_png_of_save(&other, "table", 1.0),
        Err(PictureError::NotPictured { .. })
    ));
    assert!(matches!(
        saves::board_png_of_save("{ not json", "table", 1.0),
        Err(PictureError::Load(_))
    ));
}

/// Game ▸ Export board as PNG ▸ Table ▸ "Table at 2×": without a desktop dialog the picture goes to
/// `exports/`, and the status line says where.
#[test]
fn export_board_as_png_from_the_menu() {
    let storage = temp_storage("picture-menu");
    let exports = storage.exports_dir();
    let mut h = harness(storage);
    new_game(&mut h, 3, false);
    click(&mut h, "Game");
    click(&mut h, "Export board as PNG");
    click(&mut h, "Table");
    click(&mut h, "Table at 2×");
    // The picture is drawn on a thread of its own while the window goes on; its line says when it is
    // saved.
    let path = exports.join("hunt-table.png");
    for _ in 0..1000 {
        let status = &h.state().table::<periscope_engine::hunt::Hunt>().unwrap().status;
        if status.as_ref().is_some_and(|s| s.contains("hunt-table.png")) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    let image = decoded(&std::fs::read(&path).unwrap());
    let size = <periscope_engine::hunt::Hunt as periscope_boards::Board>::table_size();
    assert_eq!(
        (image.width(), image.height()),
        ((size.x * 2.0) as u32, (size.y * 2.0) as u32)
    );
    let status = h
        .state()
        .table::<periscope_engine::hunt::Hunt>()
        .unwrap()
        .status
        .clone();
    assert!(
        status.is_some_and(|s| s.contains("hunt-table.png")),
        "the status line says where the picture went"
    );
}

/// Every game of the app's registry has its boards among the boards' (the registry reads the mission's
/// saves through the career's entry; the mission is listed on its own).
#[test]
fn every_shipped_game_has_pictures() {
    for entry in periscope_app::games::SHIPPED {
        assert!(
            saves::for_save(entry.info.id).is_ok(),
            "{} has no pictures",
            entry.info.id
        );
        for old in entry.info.old_ids {
            assert!(saves::for_save(old).is_ok(), "{old} has no pictures");
        }
    }
    assert!(saves::board_list().contains("sensuikan-career: control-sheet, combat-sheet"));
}
