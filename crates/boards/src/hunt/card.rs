//! Playing cards for Submarine Hunt: a face with corner indices and the ship's silhouette, or a patterned
//! back.

use egui::{Align2, Color32, CornerRadius, FontId, Painter, Rect, Stroke, StrokeKind, pos2, vec2};
use periscope_engine::hunt::{Card, Rank, Suit};

use crate::board::BoardText as _;
use crate::theme;
use crate::widgets::counter::{Symbol, paint_drawing_or_symbol};

fn radius(rect: Rect) -> CornerRadius {
    CornerRadius::same((rect.width() * 0.08) as u8)
}

/// A face-down card: navy with a lattice, like the back of a pack.
pub fn paint_back(painter: &Painter, rect: Rect) {
    painter.rect_filled(rect.translate(vec2(2.0, 3.0)), radius(rect), theme::SHADOW);
    painter.rect_filled(rect, radius(rect), theme::BAND);
    let inner = rect.shrink(rect.width() * 0.1);
    painter.rect_stroke(
        inner,
        CornerRadius::same(3),
        Stroke::new(1.0, theme::PAPER.gamma_multiply(0.6)),
        StrokeKind::Inside,
    );
    let step = inner.width() / 5.0;
    let mut x = inner.left() - inner.height();
    while x < inner.right() {
        let a = pos2(x, inner.bottom());
        let b = pos2(x + inner.height(), inner.top());
        let seg = clip_segment(a, b, inner);
        if let Some((a, b)) = seg {
            painter.line_segment([a, b], Stroke::new(0.8, theme::PAPER.gamma_multiply(0.35)));
        }
        x += step;
    }
    painter.rect_stroke(
        rect,
        radius(rect),
        Stroke::new(1.0, Color32::from_gray(20)),
        StrokeKind::Inside,
    );
}

/// Clips a 45° segment to a rectangle (enough for the lattice).
fn clip_segment(a: egui::Pos2, b: egui::Pos2, r: Rect) -> Option<(egui::Pos2, egui::Pos2)> {
    let mut pts = Vec::new();
    let steps = 40;
    for i in 0..=steps {
        let t = i as f32 / steps as f32;
        let p = a + (b - a) * t;
        if r.contains(p) {
            pts.push(p);
        }
    }
    Some((*pts.first()?, *pts.last()?))
}

/// A face-up card. Red suits print red, black suits black; the rank letter and suit symbol carry the
/// meaning for colour-blind players.
pub fn paint_face(painter: &Painter, rect: Rect, card: Card, dim: bool) {
    painter.rect_filled(rect.translate(vec2(2.0, 3.0)), radius(rect), theme::SHADOW);
    let paper = if dim {
        theme::PAPER_SHADE
    } else {
        Color32::from_rgb(0xfd, 0xfb, 0xf5)
    };
    painter.rect_filled(rect, radius(rect), paper);
    painter.rect_stroke(
        rect,
        radius(rect),
        Stroke::new(1.0, Color32::from_gray(90)),
        StrokeKind::Inside,
    );
    let ink = match card.suit {
        Some(s) if s.is_red() => Color32::from_rgb(0xb0, 0x1e, 0x1e),
        _ => Color32::from_rgb(0x15, 0x15, 0x15),
    };
    let corner = rect.width() * 0.2;
    let label = card.rank_label();
    for (pos, align) in [
        (
            rect.left_top() + vec2(corner * 0.55, corner * 0.6),
            Align2::CENTER_CENTER,
        ),
        (
            rect.right_bottom() - vec2(corner * 0.55, corner * 0.6),
            Align2::CENTER_CENTER,
        ),
    ] {
        painter.board_text(pos, align, &label, FontId::proportional(corner * 0.9), ink);
    }
    if let Some(suit) = card.suit {
        paint_suit(
            painter,
            rect.left_top() + vec2(corner * 0.55, corner * 1.4),
            corner * 0.6,
            suit,
            ink,
        );
        paint_suit(
            painter,
            rect.right_bottom() - vec2(corner * 0.55, corner * 1.4),
            corner * 0.6,
            suit,
            ink,
        );
    }
    let center = Rect::from_center_size(rect.center(), vec2(rect.width() * 0.55, rect.height() * 0.3));
    match card.rank {
        Rank::Number(_) => {
            if let Some(suit) = card.suit {
                paint_suit(painter, rect.center(), rect.width() * 0.42, suit, ink);
            }
        }
        Rank::Joker => {
            paint_ship(painter, center, card.rank, ink);
            painter.board_text(
                rect.center() + vec2(0.0, rect.height() * 0.28),
                Align2::CENTER_CENTER,
                "JOKER",
                FontId::proportional(rect.width() * 0.14),
                ink,
            );
        }
        _ => paint_ship(painter, center, card.rank, ink),
    }
}

/// The ship a face card, Ace or Joker stands for, in Periscope's own drawing: [Ships.1] the Joker an enemy
/// submarine, [Ships.2] the Ace a battleship, [Ships.3] the King a destroyer, [Ships.4] the Queen a
/// cruiser, [Ships.5] the Jack a merchant.
fn paint_ship(painter: &Painter, r: Rect, rank: Rank, ink: Color32) {
    let (drawing, symbol) = ship_drawing(rank);
    paint_drawing_or_symbol(painter, r, Some(drawing), symbol, ink, theme::PAPER);
}

fn ship_drawing(rank: Rank) -> (&'static str, Symbol) {
    match rank {
        Rank::Joker => ("type_ix", Symbol::Submarine),
        Rank::Ace => ("battleship", Symbol::Ship),
        Rank::King => ("destroyer", Symbol::Ship),
        Rank::Queen => ("heavy_cruiser", Symbol::Ship),
        _ => ("merchant", Symbol::Ship),
    }
}

/// A suit pip drawn with shapes (fonts rarely carry the suit symbols), `size` across.
pub fn paint_suit(painter: &Painter, c: egui::Pos2, size: f32, suit: Suit, ink: Color32) {
    let h = size / 2.0;
    let none = Stroke::NONE;
    match suit {
        Suit::Diamonds => {
            let pts = vec![
                c + vec2(0.0, -h),
                c + vec2(h * 0.75, 0.0),
                c + vec2(0.0, h),
                c + vec2(-h * 0.75, 0.0),
            ];
            painter.add(egui::Shape::convex_polygon(pts, ink, none));
        }
        Suit::Hearts => {
            painter.circle_filled(c + vec2(-h * 0.45, -h * 0.25), h * 0.5, ink);
            painter.circle_filled(c + vec2(h * 0.45, -h * 0.25), h * 0.5, ink);
            let pts = vec![
                c + vec2(-h * 0.93, -h * 0.1),
                c + vec2(h * 0.93, -h * 0.1),
                c + vec2(0.0, h),
            ];
            painter.add(egui::Shape::convex_polygon(pts, ink, none));
        }
        Suit::Spades => {
            painter.circle_filled(c + vec2(-h * 0.42, h * 0.15), h * 0.45, ink);
            painter.circle_filled(c + vec2(h * 0.42, h * 0.15), h * 0.45, ink);
            let pts = vec![
                c + vec2(0.0, -h),
                c + vec2(h * 0.86, h * 0.1),
                c + vec2(-h * 0.86, h * 0.1),
            ];
            painter.add(egui::Shape::convex_polygon(pts, ink, none));
            let stem = vec![
                c + vec2(0.0, h * 0.2),
                c + vec2(h * 0.35, h),
                c + vec2(-h * 0.35, h),
            ];
            painter.add(egui::Shape::convex_polygon(stem, ink, none));
        }
        Suit::Clubs => {
            painter.circle_filled(c + vec2(0.0, -h * 0.5), h * 0.42, ink);
            painter.circle_filled(c + vec2(-h * 0.48, h * 0.12), h * 0.42, ink);
            painter.circle_filled(c + vec2(h * 0.48, h * 0.12), h * 0.42, ink);
            let stem = vec![c + vec2(0.0, 0.0), c + vec2(h * 0.35, h), c + vec2(-h * 0.35, h)];
            painter.add(egui::Shape::convex_polygon(stem, ink, none));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widgets::art;

    /// [Ships.1]-[Ships.5] Each kind of ship card has its own drawing, and every one is shipped.
    #[test]
    fn each_ship_card_shows_its_own_shipped_drawing() {
        let ranks = [Rank::Joker, Rank::Ace, Rank::King, Rank::Queen, Rank::Jack];
        let names: std::collections::BTreeSet<&str> = ranks.iter().map(|&r| ship_drawing(r).0).collect();
        assert_eq!(names.len(), ranks.len());
        for name in names {
            assert!(art::get(name).is_some(), "{name}");
        }
    }
}
