//! Pictures of the boards: "Export board as PNG" in the app, the boards beside the Markdown after-action
//! report, and `periscope-cli export SAVE --format png --board NAME`.
//!
//! A board is drawn by its own painter code, the same the table runs, in a headless `egui::Context` whose
//! screen is the board at `pixels_per_point` = the zoom; the shapes are tessellated by egui and the
//! triangles filled on the CPU ([`raster`]), so no window, GPU or display is needed. The picture has the
//! board's size in table units times the zoom, in pixels.

pub mod raster;
pub mod report;
pub mod saves;
pub mod ui;

use egui::emath::TSTransform;
use egui::{Color32, Id, LayerId, Order, Pos2, Rect, UiBuilder, Vec2, ViewportId};

use crate::{Board, Effects};
use raster::{Canvas, Textures};

/// The zooms the menus offer.
pub const ZOOMS: [f32; 3] = [1.0, 2.0, 3.0];
/// The zooms a picture may be taken at: the table's own range, and a little more for print.
pub const MIN_ZOOM: f32 = 0.25;
pub const MAX_ZOOM: f32 = 4.0;
/// The largest side of a picture, in pixels (also egui's font atlas limit here).
const MAX_SIDE: usize = 8192;

/// Why a picture could not be made.
#[derive(Debug, Clone, PartialEq)]
pub enum PictureError {
    /// No board of that name in the game; `known` are its boards, `elsewhere` the game that has one of
    /// that name, if another has.
    UnknownBoard {
        board: String,
        game: &'static str,
        known: Vec<&'static str>,
        elsewhere: Option<&'static str>,
    },
    /// A zoom outside [`MIN_ZOOM`]..=[`MAX_ZOOM`] (or not a number).
    BadZoom(f32),
    /// The picture would be larger than [`MAX_SIDE`] pixels on a side.
    TooLarge { width: usize, height: usize },
    /// A save of a game this build draws no boards for.
    NotPictured {
        game: String,
        pictured: Vec<&'static str>,
    },
    /// The save could not be read or replayed.
    Load(String),
    /// The PNG could not be encoded.
    Encode(String),
}

impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::UnknownBoard {
                board,
                game,
                known,
                elsewhere,
            } => {
                let board = periscope_data::error::bounded(board.clone(), 60);
                write!(
                    f,
                    "{game} has no board '{board}' (its boards: {})",
                    known.join(", ")
                )?;
                if let Some(other) = elsewhere {
                    write!(f, "; '{board}' is a board of {other}")?;
                }
                Ok(())
            }
            Self::BadZoom(z) => write!(f, "zoom {z} is outside {MIN_ZOOM}..{MAX_ZOOM}"),
            Self::TooLarge { width, height } => write!(
                f,
                "a picture of {width} × {height} pixels is larger than {MAX_SIDE} on a side: choose a smaller zoom"
            ),
            Self::NotPictured { game, pictured } => write!(
                f,
                "a save of '{}', which has no boards to picture (games with boards: {})",
                periscope_data::error::bounded(game.clone(), 60),
                pictured.join(", ")
            ),
            Self::Load(e) => write!(f, "{e}"),
            Self::Encode(e) => write!(f, "cannot encode the PNG: {e}"),
        }
    }
}

impl std::error::Error for PictureError {}

/// The boards of a game's table by name: the ones its menu bar lists, or the whole table as "Table" for
/// a game whose table is one board.
pub fn boards_of<G: Board>() -> Vec<(&'static str, Rect)> {
    let boards = G::boards();
    if boards.is_empty() {
        vec![("Table", Rect::from_min_size(Pos2::ZERO, G::table_size()))]
    } else {
        boards
    }
}

/// A board's name as a file name and a command-line word: "Combat Sheet" → "combat-sheet".
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The board a name means, ignoring case, spaces, hyphens and underscores ("combat-sheet", "Combat
/// Sheet").
pub fn find_board(boards: &[(&'static str, Rect)], name: &str) -> Option<(&'static str, Rect)> {
    let wanted = slug(name);
    boards.iter().copied().find(|(n, _)| slug(n) == wanted)
}

/// Checks a zoom and the size of the picture it makes; returns the size in pixels.
pub fn pixel_size(size: Vec2, zoom: f32) -> Result<[usize; 2], PictureError> {
    if !zoom.is_finite() || !(MIN_ZOOM..=MAX_ZOOM).contains(&zoom) {
        return Err(PictureError::BadZoom(zoom));
    }
    let px = |v: f32| (v * zoom).round().max(1.0) as usize;
    let (width, height) = (px(size.x), px(size.y));
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(PictureError::TooLarge { width, height });
    }
    Ok([width, height])
}

/// Paints `paint` on a headless egui screen of `size` points at `zoom` pixels per point, with the app's
/// theme, over `background`. The part of the painted coordinates shown is `view` (its min at the
/// picture's top-left corner); two frames are run so that whatever sizes itself from the frame before has
/// settled.
pub fn paint(
    view: Rect,
    zoom: f32,
    background: Color32,
    mut paint: impl FnMut(&mut egui::Ui),
) -> Result<Canvas, PictureError> {
    let [width, height] = pixel_size(view.size(), zoom)?;
    let size = egui::vec2(width as f32, height as f32) / zoom;
    let ctx = egui::Context::default();
    crate::theme::apply(&ctx);
    ctx.all_styles_mut(|s| s.animation_time = 0.0);
    let mut input = egui::RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, size)),
        max_texture_side: Some(MAX_SIDE),
        ..Default::default()
    };
    input
        .viewports
        .entry(ViewportId::ROOT)
        .or_default()
        .native_pixels_per_point = Some(zoom);
    let layer = LayerId::new(Order::Middle, Id::unique("periscope-picture"));
    let mut textures = Textures::default();
    let mut last = None;
    for _ in 0..2 {
        let mut output = ctx.run_ui(input.clone(), |root| {
            let mut ui = root.new_child(UiBuilder::new().layer_id(layer).max_rect(Rect::from_min_size(
                Pos2::ZERO,
                view.max.to_vec2().max(Vec2::ZERO),
            )));
            ui.set_clip_rect(view);
            ui.ctx()
                .set_transform_layer(layer, TSTransform::from_translation(-view.min.to_vec2()));
            paint(&mut ui);
        });
        textures.take(&mut output.textures_delta);
        last = Some(output);
    }
    let Some(output) = last else {
        return Err(PictureError::Encode("no frame was drawn".into()));
    };
    let ppp = output.pixels_per_point;
    let primitives = ctx.tessellate(output.shapes, ppp);
    let mut canvas = Canvas::new(width, height, background);
    canvas.paint(&primitives, &textures, ppp);
    Ok(canvas)
}

/// A part of a game's table, drawn as the table draws it (no flashes), at `zoom`.
pub fn table_picture<G: Board>(game: &G, view: Rect, zoom: f32) -> Result<Canvas, PictureError> {
    let fx = Effects::default();
    paint(view, zoom, crate::theme::FELT, |ui| {
        let _ = G::draw_table(ui, game, &fx);
    })
}

/// A board of a game by name, at `zoom`.
pub fn board_picture<G: Board>(game: &G, board: &str, zoom: f32) -> Result<Canvas, PictureError> {
    let boards = boards_of::<G>();
    let (_, rect) = find_board(&boards, board).ok_or_else(|| PictureError::UnknownBoard {
        board: board.to_string(),
        game: G::NAME,
        known: boards.iter().map(|(n, _)| *n).collect(),
        elsewhere: saves::game_with_board(board).filter(|g| *g != G::NAME),
    })?;
    table_picture(game, rect, zoom)
}

/// A canvas as PNG bytes.
pub fn png(canvas: &Canvas) -> Result<Vec<u8>, PictureError> {
    let (w, h) = (canvas.width as u32, canvas.height as u32);
    let image = image::RgbaImage::from_raw(w, h, canvas.to_rgba())
        .ok_or_else(|| PictureError::Encode("the pixels do not fill the picture".into()))?;
    let mut bytes = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut bytes, image::ImageFormat::Png)
        .map_err(|e| PictureError::Encode(e.to_string()))?;
    Ok(bytes.into_inner())
}

/// A board of a game as PNG bytes.
pub fn board_png<G: Board>(game: &G, board: &str, zoom: f32) -> Result<Vec<u8>, PictureError> {
    png(&board_picture(game, board, zoom)?)
}

/// Every board of a game as PNG bytes, by name, at `zoom`.
pub fn every_board_png<G: Board>(game: &G, zoom: f32) -> Vec<(&'static str, Result<Vec<u8>, PictureError>)> {
    boards_of::<G>()
        .into_iter()
        .map(|(name, rect)| (name, table_picture(game, rect, zoom).and_then(|c| png(&c))))
        .collect()
}
