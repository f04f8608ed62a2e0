//! The magnifier on the game boards: every counter a board paints ([`super::counter::paint_marked`]) is
//! noted with where it lies this frame, and the game screen shows the one under the pointer large — its
//! full name, its face and its back — after the pointer rests on it or while the magnifier key is held,
//! so a small counter (or one among many) can be read without zooming. Track mode has its own, which
//! knows its stacks and notes.

use egui::{Context, Id, LayerId, Pos2, Rect, RichText, Sense, Vec2, vec2};

use super::counter::{CounterId, Symbol, paint_face};
use crate::theme::Side;

/// At most this many counters are noted a frame (a board paints a few hundred).
const MOST: usize = 4096;

/// How a counter is painted, to paint it again large.
#[derive(Debug, Clone, PartialEq)]
pub struct Face {
    pub symbol: Symbol,
    pub side: Side,
    pub label: String,
    pub mark: String,
}

/// A counter painted this frame, where it lies.
#[derive(Debug, Clone, PartialEq)]
pub struct Noted {
    layer: LayerId,
    /// In the painter's coordinates (a board's scene has its own).
    rect: Rect,
    pub game: String,
    pub id: String,
    pub class: String,
    pub face: Face,
    /// It lies flipped: the back is up.
    pub flipped: bool,
}

impl Noted {
    /// Where it lies in its painter's coordinates (a board's scene has its own).
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The layer it was painted on.
    pub fn layer(&self) -> LayerId {
        self.layer
    }

    /// Where it lies on the screen.
    pub fn screen_rect(&self, ctx: &Context) -> Rect {
        ctx.layer_transform_to_global(self.layer)
            .map_or(self.rect, |t| t * self.rect)
    }
}

#[derive(Debug, Clone, Default)]
struct Frame {
    pass: u64,
    noted: Vec<Noted>,
}

fn key() -> Id {
    Id::unique("periscope-board-lens")
}

/// Notes a counter painted at `rect` (in `painter`'s coordinates), when it shows.
pub(crate) fn note(painter: &egui::Painter, rect: Rect, id: CounterId<'_>, face: &Face, flipped: bool) {
    if !painter.clip_rect().intersects(rect) {
        return;
    }
    let ctx = painter.ctx();
    let pass = ctx.cumulative_pass_nr();
    let noted = Noted {
        layer: painter.layer_id(),
        rect,
        game: id.game.to_string(),
        id: id.id.to_string(),
        class: id.class.to_string(),
        face: face.clone(),
        flipped,
    };
    ctx.data_mut(|d| {
        let f = d.get_temp_mut_or_default::<Frame>(key());
        if f.pass != pass {
            f.pass = pass;
            f.noted.clear();
        }
        if f.noted.len() < MOST {
            f.noted.push(noted);
        }
    });
}

/// The counters painted in the latest frame, in the order painted.
pub fn noted(ctx: &Context) -> Vec<Noted> {
    ctx.data(|d| d.get_temp::<Frame>(key()))
        .map(|f| f.noted)
        .unwrap_or_default()
}

/// The counter under `pointer` (screen coordinates) among those painted in the latest frame: the one
/// painted last, which lies on top.
pub fn under(ctx: &Context, pointer: Pos2) -> Option<Noted> {
    // Not through a card or a window lying over the board.
    let top = ctx.layer_id_at(pointer);
    noted(ctx).into_iter().rev().find(|n| {
        top.is_none_or(|l| l == n.layer || l.order <= n.layer.order) && n.screen_rect(ctx).contains(pointer)
    })
}

/// The counter's full name, from its game's counter mix: the face's name, or its kind's.
pub fn name_of(n: &Noted) -> String {
    let mix = periscope_data::counters::of_game(&n.game).and_then(Result::ok);
    let named = mix.and_then(|m| {
        m.kinds.iter().find_map(|k| {
            let face = k
                .faces
                .iter()
                .find(|f| f.id.as_deref() == Some(n.id.as_str()))
                .and_then(|f| f.name.clone());
            face.or_else(|| (k.id == n.id).then(|| k.name.clone()))
        })
    });
    named.unwrap_or_else(|| n.face.label.clone())
}

/// Shows `n` large beside `at`: its name, its face and its back (the one up marked).
pub fn show(ctx: &Context, n: &Noted, at: Pos2) {
    let name = name_of(n);
    egui::Area::new(Id::unique("periscope-board-lens-area"))
        .order(egui::Order::Tooltip)
        .fixed_pos(at + vec2(18.0, 18.0))
        .constrain(true)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(format!("{name} — magnified")).strong());
                ui.horizontal(|ui| {
                    for back in [false, true] {
                        ui.vertical(|ui| {
                            let (rect, _) = ui.allocate_exact_size(Vec2::splat(104.0), Sense::hover());
                            let id = CounterId::painted_again(&n.game, &n.id, &n.class);
                            let f = &n.face;
                            paint_face(
                                ui.painter(),
                                rect.center(),
                                96.0,
                                id,
                                f.side,
                                f.symbol,
                                &f.label,
                                &f.mark,
                                back.then_some(f.label.as_str()),
                            );
                            let up = back == n.flipped;
                            ui.label(match (back, up) {
                                (false, true) => "face (up)",
                                (false, false) => "face",
                                (true, true) => "back (up)",
                                (true, false) => "back",
                            });
                        });
                    }
                });
            });
        });
}
