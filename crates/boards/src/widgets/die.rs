//! Dice that look like dice: ivory cubes with pips.

use egui::{Color32, CornerRadius, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2, vec2};

use crate::board::BoardText as _;
use crate::theme;

/// Paints a d6 showing `face` (1-6); `locked` dice get a gold edge (locked sixes of the voyage home).
pub fn paint_d6(painter: &Painter, center: Pos2, size: f32, face: u8, locked: bool) {
    let rect = Rect::from_center_size(center, Vec2::splat(size));
    let r = CornerRadius::same((size * 0.18) as u8);
    painter.rect_filled(rect.translate(vec2(size * 0.05, size * 0.08)), r, theme::SHADOW);
    painter.rect_filled(rect, r, Color32::from_rgb(0xfa, 0xf6, 0xea));
    let edge = if locked {
        Stroke::new(3.0, theme::HIGHLIGHT)
    } else {
        Stroke::new(1.2, Color32::from_gray(120))
    };
    painter.rect_stroke(rect, r, edge, StrokeKind::Inside);
    let pip = size * 0.09;
    let o = size * 0.26;
    let c = rect.center();
    let at = |dx: f32, dy: f32| c + vec2(dx * o, dy * o);
    let spots: &[(f32, f32)] = match face {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        6 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[],
    };
    let ink = if face == 1 {
        theme::DANGER
    } else {
        Color32::from_rgb(0x22, 0x22, 0x22)
    };
    for &(dx, dy) in spots {
        painter.circle_filled(at(dx, dy), pip, ink);
    }
}

/// A die of another kind (d10, d20): a labelled token with its number.
pub fn paint_numbered(painter: &Painter, center: Pos2, size: f32, value: u8, sides: &str) {
    let rect = Rect::from_center_size(center, Vec2::splat(size));
    painter.rect_filled(
        rect,
        CornerRadius::same((size * 0.3) as u8),
        Color32::from_rgb(0xfa, 0xf6, 0xea),
    );
    painter.rect_stroke(
        rect,
        CornerRadius::same((size * 0.3) as u8),
        Stroke::new(1.2, Color32::from_gray(120)),
        StrokeKind::Inside,
    );
    painter.board_text(
        center,
        egui::Align2::CENTER_CENTER,
        value.to_string(),
        egui::FontId::proportional(size * 0.45),
        Color32::BLACK,
    );
    painter.board_text(
        rect.right_bottom() - vec2(size * 0.2, size * 0.12),
        egui::Align2::CENTER_CENTER,
        sides,
        egui::FontId::proportional(size * 0.16),
        Color32::from_gray(110),
    );
}
