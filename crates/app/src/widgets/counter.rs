//! Square counters ("chits"): rounded corners, a thin darker edge, a soft shadow, a symbol and a label;
//! the back is plainly different when flipped.

use egui::{Align2, Color32, CornerRadius, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2, pos2, vec2};

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
}

/// Paints a counter of `size` centred on `center`.
pub fn paint(
    painter: &Painter,
    center: Pos2,
    size: f32,
    side: Side,
    symbol: Symbol,
    label: &str,
    flipped: bool,
) {
    let rect = Rect::from_center_size(center, Vec2::splat(size));
    let r = CornerRadius::same((size * 0.12) as u8);
    painter.rect_filled(rect.translate(vec2(size * 0.05, size * 0.07)), r, theme::SHADOW);
    let (face, edge) = side.colours();
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
        painter.board_text(
            center,
            Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional(size * 0.2),
            edge,
        );
        return;
    }
    painter.rect_filled(rect, r, face);
    painter.rect_stroke(rect, r, Stroke::new(1.5, edge), StrokeKind::Inside);
    let ink = Color32::from_rgb(0xfb, 0xf8, 0xef);
    let sym = Rect::from_center_size(center - vec2(0.0, size * 0.1), vec2(size * 0.7, size * 0.4));
    paint_symbol(painter, sym, symbol, ink);
    painter.board_text(
        pos2(center.x, rect.bottom() - size * 0.16),
        Align2::CENTER_CENTER,
        label,
        egui::FontId::proportional((size * 0.2).max(7.0)),
        ink,
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
