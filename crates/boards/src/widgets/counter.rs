//! Square counters ("chits"): rounded corners, a thin darker edge, a soft shadow, a symbol and a label,
//! and a mark when the counters of a kind differ (a class, a rank's number); the back is plainly different
//! when flipped. A stack of counters shows its height on a badge ([`paint_count`]).
//!
//! Each counter is named by its game and id ([`CounterId`]): when the player has a picture of it
//! ([`super::counter_art`]), the picture is its face, with whatever the board writes on it that the
//! picture cannot know (a track's value, a face's mark) on a strip along its foot; its back is ours.

use egui::{Align2, Color32, CornerRadius, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2, pos2, vec2};

pub use super::counter_ids::CounterId;
use super::{art, counter_drawings};
use crate::board::BoardText as _;
use crate::theme::{self, Side};

/// What a counter shows as its symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Symbol {
    Submarine,
    Torpedo,
    Ship,
    Star,
    Gauge,
    Die,
    Flag,
    /// An aircraft: floatplanes, enemy aircraft, aircrew quality.
    Plane,
    /// A decoration.
    Medal,
    /// A round of deck gun ammunition.
    Shell,
}

/// Paints counter `id` of `size` centred on `center`.
#[allow(clippy::too_many_arguments)]
pub fn paint(
    painter: &Painter,
    center: Pos2,
    size: f32,
    id: CounterId<'_>,
    side: Side,
    symbol: Symbol,
    label: &str,
    flipped: bool,
) {
    paint_marked(
        painter,
        center,
        size,
        id,
        side,
        symbol,
        label,
        "",
        flipped.then_some(label),
    );
}

/// Paints a counter with a `mark` under its symbol (the class of a submarine marker, a rank's number; empty
/// for none); `back` is `Some(label)` when it lies flipped, showing that label (an INOP behind a damage
/// marker) on the hatched back with the mark. The counter is noted for the boards' magnifier
/// ([`super::lens`]).
#[allow(clippy::too_many_arguments)]
pub fn paint_marked(
    painter: &Painter,
    center: Pos2,
    size: f32,
    id: CounterId<'_>,
    side: Side,
    symbol: Symbol,
    label: &str,
    mark: &str,
    back: Option<&str>,
) {
    let face = super::lens::Face {
        symbol,
        side,
        label: label.to_string(),
        mark: mark.to_string(),
    };
    super::lens::note(
        painter,
        Rect::from_center_size(center, Vec2::splat(size)),
        id,
        &face,
        back.is_some(),
    );
    paint_face(painter, center, size, id, side, symbol, label, mark, back);
}

/// [`paint_marked`] without noting the counter for the magnifier (the magnifier's own drawing).
#[allow(clippy::too_many_arguments)]
pub(crate) fn paint_face(
    painter: &Painter,
    center: Pos2,
    size: f32,
    id: CounterId<'_>,
    side: Side,
    symbol: Symbol,
    label: &str,
    mark: &str,
    back: Option<&str>,
) {
    let flipped = back.is_some();
    let label = back.unwrap_or(label);
    let rect = Rect::from_center_size(center, Vec2::splat(size));
    let r = CornerRadius::same((size * 0.12) as u8);
    painter.rect_filled(rect.translate(vec2(size * 0.05, size * 0.07)), r, theme::SHADOW);
    let (face, edge) = side.colours();
    if !flipped && let Some((texture, kind_label)) = super::counter_art::art(painter.ctx(), id.game, id.id) {
        paint_picture(painter, rect, r, edge, texture, &kind_label, label, mark);
        return;
    }
    if flipped {
        // The back: pale with diagonal hatching, so it never reads as a face.
        painter.rect_filled(rect, r, Color32::from_rgb(0xe8, 0xe2, 0xd2));
        let n = 5;
        for i in 1..n {
            let t = i as f32 / n as f32;
            painter.line_segment(
                [
                    rect.left_top() + vec2(size * t, 0.0),
                    rect.left_top() + vec2(0.0, size * t),
                ],
                Stroke::new(1.0, edge.gamma_multiply(0.5)),
            );
            painter.line_segment(
                [
                    rect.right_bottom() - vec2(size * t, 0.0),
                    rect.right_bottom() - vec2(0.0, size * t),
                ],
                Stroke::new(1.0, edge.gamma_multiply(0.5)),
            );
        }
        painter.rect_stroke(rect, r, Stroke::new(1.5, edge), StrokeKind::Inside);
        let at = if mark.is_empty() {
            center
        } else {
            center - vec2(0.0, size * 0.12)
        };
        painter.board_text(
            at,
            Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional(size * 0.2),
            edge,
        );
        if !mark.is_empty() {
            painter.board_text(
                center + vec2(0.0, size * 0.16),
                Align2::CENTER_CENTER,
                mark,
                egui::FontId::proportional(mark_size(size, mark)),
                edge,
            );
        }
        return;
    }
    painter.rect_filled(rect, r, face);
    painter.rect_stroke(rect, r, Stroke::new(1.5, edge), StrokeKind::Inside);
    let ink = Color32::from_rgb(0xfb, 0xf8, 0xef);
    if mark.is_empty() {
        let sym = Rect::from_center_size(center - vec2(0.0, size * 0.1), vec2(size * 0.7, size * 0.4));
        paint_drawing(painter, sym, id, mark, symbol, ink, face);
    } else {
        // A smaller symbol at the top, the mark across the middle.
        let sym = Rect::from_center_size(center - vec2(0.0, size * 0.26), vec2(size * 0.44, size * 0.24));
        paint_drawing(painter, sym, id, mark, symbol, ink, face);
        painter.board_text(
            center + vec2(0.0, size * 0.04),
            Align2::CENTER_CENTER,
            mark,
            egui::FontId::proportional(mark_size(size, mark)),
            ink,
        );
    }
    painter.board_text(
        pos2(center.x, rect.bottom() - size * 0.16),
        Align2::CENTER_CENTER,
        label,
        egui::FontId::proportional((size * 0.2).max(7.0)),
        ink,
    );
}

/// Our drawing of the counter's kind (`assets/art`, chosen by [`counter_drawings::drawing`] from its id and
/// class, or else its mark: a Sensuikan boat's mark is its class), its ink in `ink` and its cut-outs in the
/// counter's `face`; the plain `symbol` for a kind with no drawing.
#[allow(clippy::too_many_arguments)]
fn paint_drawing(
    painter: &Painter,
    r: Rect,
    id: CounterId<'_>,
    mark: &str,
    symbol: Symbol,
    ink: Color32,
    face: Color32,
) {
    let class = [id.class, mark].into_iter().find(|c| !c.is_empty());
    paint_drawing_or_symbol(
        painter,
        r,
        counter_drawings::drawing(id.game, id.id, class),
        symbol,
        ink,
        face,
    );
}

/// Paints our drawing `name` in `r`, its cut-outs in `paper`; the plain `symbol` when there is no such
/// drawing (none named, or one that could not be read).
pub fn paint_drawing_or_symbol(
    painter: &Painter,
    r: Rect,
    name: Option<&str>,
    symbol: Symbol,
    ink: Color32,
    paper: Color32,
) {
    match name.and_then(art::get) {
        Some(drawing) => drawing.paint(painter, r, ink, paper),
        None => paint_symbol(painter, r, symbol, ink),
    }
}

/// Paints the marker drawing `name` (`detected`, `moved`) in `r`, or nothing if it is not shipped: a badge
/// beside the text of a tag on a counter.
pub fn paint_badge(painter: &Painter, r: Rect, name: &str, ink: Color32, paper: Color32) {
    if let Some(drawing) = art::get(name) {
        drawing.paint(painter, r, ink, paper);
    }
}

/// The player's picture as the counter's face, edged like ours; what the board writes on the counter
/// beyond the kind's own label (a track's value, a face's mark) goes on a strip along its foot.
#[allow(clippy::too_many_arguments)]
fn paint_picture(
    painter: &Painter,
    rect: Rect,
    r: CornerRadius,
    edge: Color32,
    texture: egui::TextureId,
    kind_label: &str,
    label: &str,
    mark: &str,
) {
    let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
    painter.add(egui::epaint::RectShape::filled(rect, r, Color32::WHITE).with_texture(texture, uv));
    painter.rect_stroke(rect, r, Stroke::new(1.5, edge), StrokeKind::Inside);
    let mut words: Vec<&str> = Vec::new();
    if !label.is_empty() && label != kind_label {
        words.push(label);
    }
    if !mark.is_empty() {
        words.push(mark);
    }
    if words.is_empty() {
        return;
    }
    let size = rect.width();
    let strip = Rect::from_min_max(pos2(rect.left(), rect.bottom() - size * 0.3), rect.right_bottom());
    painter.rect_filled(
        strip.shrink(1.0),
        CornerRadius::same((size * 0.08) as u8),
        theme::NAVY.gamma_multiply(0.85),
    );
    let text = words.join(" ");
    painter.board_text(
        strip.center(),
        Align2::CENTER_CENTER,
        &text,
        egui::FontId::proportional(mark_size(size, &text).max(7.0)),
        theme::PAPER,
    );
}

/// The size a mark is printed at: smaller for a long one, so that it stays on the counter.
fn mark_size(size: f32, mark: &str) -> f32 {
    let n = mark.chars().count().max(1) as f32;
    (size * 0.24).min(size * 1.35 / n).max(size * 0.14)
}

/// The height of a stack, on a round badge at the top right corner of its top counter (`rect`).
pub fn paint_count(painter: &Painter, rect: Rect, count: usize) {
    let c = rect.right_top() + vec2(-rect.width() * 0.05, rect.height() * 0.05);
    let radius = rect.width() * 0.24;
    painter.circle_filled(c + vec2(0.5, 1.0), radius, theme::SHADOW);
    painter.circle_filled(c, radius, theme::NAVY);
    painter.circle_stroke(c, radius, Stroke::new(1.2, theme::PAPER));
    painter.board_text(
        c,
        Align2::CENTER_CENTER,
        count.to_string(),
        egui::FontId::proportional(radius * 1.2),
        theme::PAPER,
    );
}

/// Paints a counter that follows the pointer above everything else while it is dragged.
pub fn paint_dragged(ui: &egui::Ui, resp: &egui::Response, home: Pos2, paint: impl FnOnce(&Painter, Pos2)) {
    if resp.dragged() {
        let layer = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("dragged-counter"));
        if let Some(to_global) = ui.ctx().layer_transform_to_global(ui.layer_id()) {
            ui.ctx().set_transform_layer(layer, to_global);
        }
        let at = resp
            .hover_pos()
            .or_else(|| resp.interact_pointer_pos())
            .unwrap_or(home);
        paint(&ui.ctx().layer_painter(layer), at);
    } else {
        paint(ui.painter(), home);
    }
}

/// Paints a simple silhouette inside `r`.
pub fn paint_symbol(painter: &Painter, r: Rect, symbol: Symbol, ink: Color32) {
    let s = Stroke::new((r.height() * 0.08).max(1.0), ink);
    match symbol {
        Symbol::Submarine => {
            let hull = Rect::from_center_size(
                r.center() + vec2(0.0, r.height() * 0.15),
                vec2(r.width(), r.height() * 0.35),
            );
            painter.rect_filled(hull, CornerRadius::same((hull.height() / 2.0) as u8), ink);
            let tower = Rect::from_min_size(
                pos2(r.center().x - r.width() * 0.12, hull.top() - r.height() * 0.3),
                vec2(r.width() * 0.22, r.height() * 0.32),
            );
            painter.rect_filled(tower, CornerRadius::same(2), ink);
            painter.line_segment(
                [
                    pos2(tower.center().x, tower.top()),
                    pos2(tower.center().x, r.top()),
                ],
                s,
            );
        }
        Symbol::Torpedo => {
            let body = Rect::from_center_size(r.center(), vec2(r.width() * 0.9, r.height() * 0.25));
            painter.rect_filled(body, CornerRadius::same((body.height() / 2.0) as u8), ink);
            let tail = body.left();
            painter.line_segment([pos2(tail, body.top() - 3.0), pos2(tail, body.bottom() + 3.0)], s);
        }
        Symbol::Ship => {
            let deck = r.center().y;
            let pts = vec![
                pos2(r.left(), deck),
                pos2(r.right(), deck),
                pos2(r.right() - r.width() * 0.15, r.bottom()),
                pos2(r.left() + r.width() * 0.1, r.bottom()),
            ];
            painter.add(Shape::convex_polygon(pts, ink, Stroke::NONE));
            let bridge = Rect::from_min_max(
                pos2(r.center().x - r.width() * 0.15, r.top() + r.height() * 0.15),
                pos2(r.center().x + r.width() * 0.1, deck),
            );
            painter.rect_filled(bridge, CornerRadius::ZERO, ink);
        }
        Symbol::Star => {
            let c = r.center();
            let rad = r.height().min(r.width()) * 0.5;
            let pts: Vec<Pos2> = (0..10)
                .map(|i| {
                    let a = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
                    let rr = if i % 2 == 0 { rad } else { rad * 0.45 };
                    c + vec2(a.cos(), a.sin()) * rr
                })
                .collect();
            painter.add(Shape::closed_line(pts, s));
        }
        Symbol::Gauge => {
            let c = r.center() + vec2(0.0, r.height() * 0.3);
            let rad = r.height() * 0.7;
            let pts: Vec<Pos2> = (0..=12)
                .map(|i| {
                    let a = std::f32::consts::PI * (1.0 + i as f32 / 12.0);
                    c + vec2(a.cos(), a.sin()) * rad
                })
                .collect();
            painter.add(Shape::line(pts, s));
            painter.line_segment([c, c + vec2(rad * 0.5, -rad * 0.6)], s);
        }
        Symbol::Die => {
            let sq = Rect::from_center_size(r.center(), Vec2::splat(r.height()));
            painter.rect_stroke(sq, CornerRadius::same(2), s, StrokeKind::Inside);
            painter.circle_filled(sq.center(), sq.width() * 0.1, ink);
        }
        Symbol::Plane => {
            let c = r.center();
            let span = r.width() * 0.9;
            let body = Rect::from_center_size(c, vec2(span * 0.16, r.height()));
            painter.rect_filled(body, CornerRadius::same(2), ink);
            let wing = Rect::from_center_size(c - vec2(0.0, r.height() * 0.1), vec2(span, r.height() * 0.2));
            painter.rect_filled(wing, CornerRadius::same(2), ink);
            let tail = Rect::from_center_size(
                pos2(c.x, r.bottom() - r.height() * 0.1),
                vec2(span * 0.4, r.height() * 0.14),
            );
            painter.rect_filled(tail, CornerRadius::same(1), ink);
        }
        Symbol::Medal => {
            let rad = r.height().min(r.width()) * 0.3;
            let c = pos2(r.center().x, r.bottom() - rad);
            let ribbon = vec![
                pos2(c.x - rad * 0.8, r.top()),
                pos2(c.x + rad * 0.8, r.top()),
                pos2(c.x + rad * 0.3, c.y - rad * 0.6),
                pos2(c.x - rad * 0.3, c.y - rad * 0.6),
            ];
            painter.add(Shape::convex_polygon(ribbon, ink, Stroke::NONE));
            painter.circle_stroke(c, rad, s);
            painter.circle_filled(c, rad * 0.4, ink);
        }
        Symbol::Shell => {
            let w = r.height() * 0.34;
            let body = Rect::from_center_size(
                r.center() + vec2(0.0, r.height() * 0.12),
                vec2(w, r.height() * 0.7),
            );
            painter.rect_filled(body, CornerRadius::same(1), ink);
            let tip = vec![
                pos2(body.left(), body.top()),
                pos2(body.right(), body.top()),
                pos2(body.center().x, r.top()),
            ];
            painter.add(Shape::convex_polygon(tip, ink, Stroke::NONE));
        }
        Symbol::Flag => {
            let pole = r.left() + r.width() * 0.3;
            painter.line_segment([pos2(pole, r.top()), pos2(pole, r.bottom())], s);
            let pts = vec![
                pos2(pole, r.top()),
                pos2(r.right(), r.top() + r.height() * 0.25),
                pos2(pole, r.top() + r.height() * 0.5),
            ];
            painter.add(Shape::convex_polygon(pts, ink, Stroke::NONE));
        }
    }
}
