//! Drawing helpers shared by every printed mat: paper, title band, labelled boxes and tracks.

use egui::{Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, pos2, vec2};

use crate::theme;

/// The paper mat with its title band.
pub fn paper(painter: &Painter, rect: Rect, title: &str, right: &str) {
    painter.rect_filled(
        rect.translate(vec2(6.0, 8.0)),
        CornerRadius::same(6),
        Color32::from_black_alpha(110),
    );
    painter.rect_filled(rect, CornerRadius::same(6), theme::PAPER);
    painter.rect_stroke(
        rect.shrink(6.0),
        CornerRadius::same(4),
        Stroke::new(2.0, theme::NAVY),
        StrokeKind::Inside,
    );
    let band = Rect::from_min_size(rect.min + vec2(6.0, 6.0), vec2(rect.width() - 12.0, 38.0));
    painter.rect_filled(
        band,
        CornerRadius {
            nw: 4,
            ne: 4,
            sw: 0,
            se: 0,
        },
        theme::BAND,
    );
    painter.text(
        band.left_center() + vec2(16.0, 0.0),
        Align2::LEFT_CENTER,
        title,
        FontId::proportional(21.0),
        theme::PAPER,
    );
    painter.text(
        band.right_center() - vec2(16.0, 0.0),
        Align2::RIGHT_CENTER,
        right,
        FontId::proportional(16.0),
        theme::PAPER,
    );
}

/// A section heading in small capitals.
pub fn heading(painter: &Painter, at: Pos2, text: &str) {
    painter.text(
        at,
        Align2::LEFT_BOTTOM,
        text.to_uppercase(),
        FontId::proportional(12.5),
        theme::NAVY,
    );
}

/// A printed box with an optional caption inside at the top.
pub fn printed_box(painter: &Painter, rect: Rect, caption: &str, fill: Color32) {
    painter.rect_filled(rect, CornerRadius::same(3), fill);
    painter.rect_stroke(
        rect,
        CornerRadius::same(3),
        Stroke::new(1.2, theme::NAVY),
        StrokeKind::Inside,
    );
    if !caption.is_empty() {
        painter.text(
            rect.center_top() + vec2(0.0, 4.0),
            Align2::CENTER_TOP,
            caption.to_uppercase(),
            FontId::proportional(11.0),
            theme::NAVY,
        );
    }
}

/// A captioned row of `total` square printed boxes (hull, flooding) at height `y`, the caption at the
/// left margin; returns the boxes, left to right.
pub fn box_row(painter: &egui::Painter, y: f32, label: &str, total: u8, fill: Color32) -> Vec<Rect> {
    painter.text(
        pos2(40.0, y + 17.0),
        Align2::LEFT_CENTER,
        label.to_uppercase(),
        FontId::proportional(12.0),
        theme::NAVY,
    );
    (0..total)
        .map(|i| {
            let r = Rect::from_min_size(pos2(130.0 + f32::from(i) * 38.0, y), vec2(34.0, 34.0));
            printed_box(painter, r, "", fill);
            r
        })
        .collect()
}

/// A track of numbered boxes; returns the rect of each box, in order.
pub fn track(
    painter: &Painter,
    origin: Pos2,
    label: &str,
    values: &[i32],
    box_w: f32,
    box_h: f32,
    tint: Option<Color32>,
) -> Vec<Rect> {
    painter.text(
        origin + vec2(0.0, box_h / 2.0),
        Align2::LEFT_CENTER,
        label.to_uppercase(),
        FontId::proportional(12.5),
        theme::NAVY,
    );
    let start = origin.x + 112.0;
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let r = Rect::from_min_size(pos2(start + i as f32 * box_w, origin.y), vec2(box_w - 2.0, box_h));
            let fill = tint.unwrap_or(if i % 5 == 0 {
                theme::PAPER_SHADE
            } else {
                theme::PAPER
            });
            painter.rect_filled(r, CornerRadius::same(2), fill);
            painter.rect_stroke(
                r,
                CornerRadius::same(2),
                Stroke::new(1.0, theme::NAVY_LIGHT),
                StrokeKind::Inside,
            );
            painter.text(
                r.center_top() + vec2(0.0, 2.0),
                Align2::CENTER_TOP,
                v.to_string(),
                FontId::proportional(9.5),
                theme::NAVY_LIGHT,
            );
            r
        })
        .collect()
}

/// A glowing outline for a box the player may click or drop on.
pub fn glow(painter: &Painter, rect: Rect, strength: f32) {
    let c = theme::HIGHLIGHT.gamma_multiply(strength.clamp(0.2, 1.0));
    painter.rect_stroke(
        rect.expand(3.0),
        CornerRadius::same(6),
        Stroke::new(3.0, c),
        StrokeKind::Outside,
    );
}
