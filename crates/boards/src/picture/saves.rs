//! Pictures of a save's boards, for the command line: the save is replayed with its own game and the
//! board drawn as the table would show that game now. One line per game with a table ([`PICTURED`]),
//! the boards' one registry: it also holds each game's counters, which the shared counter code reaches
//! through it ([`counters`]).

use egui::Rect;
use periscope_engine::Session;
use periscope_engine::games::GameInfo;
use periscope_engine::save::SaveFile;

use super::{PictureError, board_png, boards_of, every_board_png, find_board};
use crate::widgets::counter_ids::Counters;
use crate::{Board, atlantic, hunt, sensuikan, silent_war_ijn};

/// Every board of a save as PNG, by name.
pub type BoardPngs = Vec<(&'static str, Vec<u8>)>;

/// A game whose boards can be pictured from its saves.
#[derive(Clone, Copy)]
pub struct Pictured {
    pub info: GameInfo,
    /// Its boards by name (see [`boards_of`]).
    pub boards: fn() -> Vec<(&'static str, Rect)>,
    /// One board of a save, as PNG, at a zoom.
    pub png: fn(SaveFile, &str, f32) -> Result<Vec<u8>, PictureError>,
    /// Every board of a save, as PNG, at a zoom.
    pub every_png: fn(SaveFile, f32) -> Result<BoardPngs, PictureError>,
    /// The counters its boards draw, if any (see [`counters`]).
    pub counters: Option<&'static Counters>,
}

impl Pictured {
    pub const fn of<G: Board>() -> Self {
        Self {
            info: GameInfo::of::<G>(),
            boards: boards_of::<G>,
            png: save_png::<G>,
            every_png: save_every_png::<G>,
            counters: None,
        }
    }

    /// The same game, whose boards draw these counters.
    pub const fn with_counters(self, counters: &'static Counters) -> Self {
        Self {
            counters: Some(counters),
            ..self
        }
    }
}

/// Every game with a table, as the app's registry has them (the Atlantic mission apart from the career
/// whose entry opens it).
pub const PICTURED: &[Pictured] = &[
    Pictured::of::<periscope_engine::hunt::Hunt>().with_counters(&hunt::counters::COUNTERS),
    Pictured::of::<periscope_engine::sensuikan::career::Career>()
        .with_counters(&sensuikan::counters::COUNTERS),
    Pictured::of::<periscope_engine::silent_war_ijn::Companion>()
        .with_counters(&silent_war_ijn::counters::COUNTERS),
    Pictured::of::<periscope_engine::atlantic::career::Career>().with_counters(&atlantic::counters::COUNTERS),
    Pictured::of::<periscope_engine::atlantic::Mission>().with_counters(&atlantic::counters::COUNTERS),
];

/// Every game's counters, once each (the Atlantic career and single convoy draw the same), in the
/// registry's order.
pub fn counters() -> impl Iterator<Item = &'static Counters> {
    counters_in(PICTURED)
}

/// The counters of a list of games like [`PICTURED`], once each, in the list's order: what [`counters`]
/// reads of the registry (a test reads it of the registry with its own game's line added).
pub fn counters_in(pictured: &[Pictured]) -> impl Iterator<Item = &'static Counters> + '_ {
    pictured.iter().enumerate().filter_map(|(i, p)| {
        let c = p.counters?;
        let earlier = pictured.get(..i).unwrap_or_default();
        (!earlier
            .iter()
            .any(|e| e.counters.is_some_and(|o| o.game == c.game)))
        .then_some(c)
    })
}

fn session_of<G: Board>(save: SaveFile) -> Result<Session<G>, PictureError> {
    Session::<G>::from_save_checked(save)
        .map(|(session, _divergence)| session)
        .map_err(|e| PictureError::Load(e.to_string()))
}

fn save_png<G: Board>(save: SaveFile, board: &str, zoom: f32) -> Result<Vec<u8>, PictureError> {
    // The board and zoom are checked before the save is replayed (a long career replays for a while).
    let boards = boards_of::<G>();
    if find_board(&boards, board).is_none() {
        return Err(PictureError::UnknownBoard {
            board: board.to_string(),
            game: G::NAME,
            known: boards.iter().map(|(n, _)| *n).collect(),
            elsewhere: game_with_board(board).filter(|g| *g != G::NAME),
        });
    }
    super::pixel_size(egui::Vec2::splat(1.0), zoom)?;
    board_png(session_of::<G>(save)?.game(), board, zoom)
}

fn save_every_png<G: Board>(save: SaveFile, zoom: f32) -> Result<BoardPngs, PictureError> {
    super::pixel_size(egui::Vec2::splat(1.0), zoom)?;
    let session = session_of::<G>(save)?;
    every_board_png(session.game(), zoom)
        .into_iter()
        .map(|(name, png)| png.map(|p| (name, p)))
        .collect()
}

/// The game of a save id, if its boards can be pictured.
pub fn for_save(save_id: &str) -> Result<&'static Pictured, PictureError> {
    PICTURED
        .iter()
        .find(|p| p.info.reads(save_id))
        .ok_or_else(|| PictureError::NotPictured {
            game: save_id.to_string(),
            pictured: PICTURED.iter().map(|p| p.info.id).collect(),
        })
}

/// The first game with a board of that name.
pub fn game_with_board(board: &str) -> Option<&'static str> {
    PICTURED
        .iter()
        .find(|p| find_board(&(p.boards)(), board).is_some())
        .map(|p| p.info.name)
}

/// One board of a save (its text), as PNG.
pub fn board_png_of_save(text: &str, board: &str, zoom: f32) -> Result<Vec<u8>, PictureError> {
    let save = periscope_engine::save::peek(text).map_err(|e| PictureError::Load(e.to_string()))?;
    let game = for_save(&save.game)?;
    (game.png)(save, board, zoom)
}

/// Every board of a save (its text), as PNG, by name.
pub fn every_board_png_of_save(text: &str, zoom: f32) -> Result<BoardPngs, PictureError> {
    let save = periscope_engine::save::peek(text).map_err(|e| PictureError::Load(e.to_string()))?;
    let game = for_save(&save.game)?;
    (game.every_png)(save, zoom)
}

/// Every game's boards, as `--help` and the errors list them: "sensuikan-career: control-sheet, …".
pub fn board_list() -> String {
    PICTURED
        .iter()
        .map(|p| {
            let boards: Vec<String> = (p.boards)().iter().map(|(n, _)| super::slug(n)).collect();
            format!("{}: {}", p.info.id, boards.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use periscope_engine::Game as _;

    #[test]
    fn the_board_list_names_each_games_boards() {
        assert!(board_list().contains("sensuikan-career: control-sheet, combat-sheet"));
    }

    #[test]
    fn a_board_of_another_game_is_named() {
        assert_eq!(
            game_with_board("combat-sheet"),
            Some(periscope_engine::sensuikan::career::Career::NAME)
        );
        assert!(matches!(
            for_save("coin-toss"),
            Err(PictureError::NotPictured { .. })
        ));
    }
}
