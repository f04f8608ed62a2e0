//! Drawing helpers shared by every printed mat: paper, title band, labelled boxes and tracks, and the text
//! printed on them ([`BoardText`]); and the boxes a board printed ([`collect_boxes`]), where Track mode
//! snaps counters.

use std::cell::RefCell;
use std::sync::Arc;

use egui::emath::TSTransform;
use egui::epaint::TextShape;
use egui::{
    Align2, Color32, CornerRadius, FontId, Galley, Painter, Pos2, Rect, Stroke, StrokeKind, pos2, vec2,
};

use crate::theme;

/// Text printed on a board, crisp at every zoom of the table.
///
/// Why it is needed: the boards sit in an `egui::Scene`, which zooms by scaling the layer's finished
/// shapes. Text laid out at the board's own size and then scaled loses letters: with font hinting on
/// (egui's default, for sharp text), a thin stem such as the `I` of "MISSIONS" or the bar of a minus sign
/// is rasterized exactly one texel wide or tall; scaled below one screen pixel, its quad can fall
/// between pixel centres and is not drawn at all ("SPECIAL M SSIONS", "NAV GATOR", "−1" read as "1").
/// So board text is laid out at the size it is *shown* at (the board's size times the zoom, rounded to a
/// quarter point so that zooming does not fill the font atlas with every size) and the shape is scaled
/// back into table units: the layer's zoom then draws every glyph at exactly the size it was rasterized,
/// never below one pixel.
pub trait BoardText {
    /// Like `Painter::text`, crisp at the painter's zoom. Returns the text's rect in table units.
    fn board_text(
        &self,
        pos: Pos2,
        anchor: Align2,
        text: impl ToString,
        font: FontId,
        color: Color32,
    ) -> Rect;
    /// A galley laid out for the painter's zoom (see [`shown_galley`]), and the zoom.
    fn board_galley(&self, text: String, font: FontId, color: Color32) -> (Arc<Galley>, f32);
    /// Paints a galley from [`BoardText::board_galley`] with its top-left corner at `pos`.
    fn paint_board_galley(&self, pos: Pos2, galley: Arc<Galley>, zoom: f32, color: Color32);
}

/// How many screen points one table unit is on the painter's layer (1 off the table).
pub fn zoom_of(painter: &Painter) -> f32 {
    painter
        .ctx()
        .layer_transform_to_global(painter.layer_id())
        .map_or(1.0, |t| t.scaling)
        .max(0.01)
}

/// The size a board font is laid out at for a zoom: its size on screen, rounded to a quarter point.
pub fn shown_size(size: f32, zoom: f32) -> f32 {
    ((size * zoom * 4.0).round() / 4.0).max(1.0)
}

/// A galley of board text for a zoom: laid out at the size it will be shown at.
pub fn shown_galley(
    painter: &Painter,
    text: String,
    font: &FontId,
    zoom: f32,
    color: Color32,
) -> Arc<Galley> {
    let shown = FontId::new(shown_size(font.size, zoom), font.family.clone());
    painter.layout_no_wrap(text, shown, color)
}

/// The text shape of a galley laid out by [`shown_galley`], with its top-left corner at `min` (table
/// units): scaled back by the zoom, which the layer's transform then undoes exactly.
pub fn board_shape(min: Pos2, galley: Arc<Galley>, zoom: f32, color: Color32) -> TextShape {
    let mut shape = TextShape::new((min.to_vec2() * zoom).to_pos2(), galley, color);
    shape.transform(TSTransform::from_scaling(1.0 / zoom));
    shape
}

impl BoardText for Painter {
    fn board_text(
        &self,
        pos: Pos2,
        anchor: Align2,
        text: impl ToString,
        font: FontId,
        color: Color32,
    ) -> Rect {
        let zoom = zoom_of(self);
        let galley = shown_galley(self, text.to_string(), &font, zoom, color);
        let rect = anchor.anchor_size(pos, galley.size() / zoom);
        self.add(board_shape(rect.min, galley, zoom, color));
        rect
    }

    fn board_galley(&self, text: String, font: FontId, color: Color32) -> (Arc<Galley>, f32) {
        let zoom = zoom_of(self);
        (shown_galley(self, text, &font, zoom, color), zoom)
    }

    fn paint_board_galley(&self, pos: Pos2, galley: Arc<Galley>, zoom: f32, color: Color32) {
        self.add(board_shape(pos, galley, zoom, color));
    }
}

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
    painter.board_text(
        band.left_center() + vec2(16.0, 0.0),
        Align2::LEFT_CENTER,
        title,
        FontId::proportional(21.0),
        theme::PAPER,
    );
    painter.board_text(
        band.right_center() - vec2(16.0, 0.0),
        Align2::RIGHT_CENTER,
        right,
        FontId::proportional(16.0),
        theme::PAPER,
    );
}

/// A section heading in small capitals.
pub fn heading(painter: &Painter, at: Pos2, text: &str) {
    painter.board_text(
        at,
        Align2::LEFT_BOTTOM,
        text.to_uppercase(),
        FontId::proportional(12.5),
        theme::NAVY,
    );
}

thread_local! {
    /// The boxes printed since [`collect_boxes`] began, when it is collecting.
    static PRINTED: RefCell<Option<Vec<Rect>>> = const { RefCell::new(None) };
}

/// Runs `paint` and returns, with its result, every box it printed: [`printed_box`]es, the boxes of
/// [`track`]s and [`box_row`]s, and each [`snap_target`]. Track mode snaps counters to them, so the boxes
/// come from the very code that draws each board and no board's geometry is written twice.
pub fn collect_boxes<R>(paint: impl FnOnce() -> R) -> (R, Vec<Rect>) {
    let before = PRINTED.with(|p| p.replace(Some(Vec::new())));
    let result = paint();
    let boxes = PRINTED.with(|p| p.replace(before)).unwrap_or_default();
    (result, boxes)
}

/// A place a counter belongs in that is drawn without [`printed_box`] (a map's area, a card's place):
/// [`collect_boxes`] counts it with the printed boxes. Does nothing when no one is collecting.
pub fn snap_target(rect: Rect) {
    PRINTED.with(|p| {
        if let Some(boxes) = p.borrow_mut().as_mut() {
            boxes.push(rect);
        }
    });
}

/// A printed box with an optional caption inside at the top.
pub fn printed_box(painter: &Painter, rect: Rect, caption: &str, fill: Color32) {
    snap_target(rect);
    painter.rect_filled(rect, CornerRadius::same(3), fill);
    painter.rect_stroke(
        rect,
        CornerRadius::same(3),
        Stroke::new(1.2, theme::NAVY),
        StrokeKind::Inside,
    );
    if !caption.is_empty() {
        painter.board_text(
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
    painter.board_text(
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
    painter.board_text(
        origin + vec2(0.0, box_h / 2.0),
        Align2::LEFT_CENTER,
        label.to_uppercase(),
        FontId::proportional(12.5),
        theme::NAVY,
    );
    track_boxes(origin, values.len(), box_w, box_h)
        .into_iter()
        .zip(values)
        .enumerate()
        .map(|(i, (r, v))| {
            snap_target(r);
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
            painter.board_text(
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

/// Where the boxes of a [`track`] at `origin` lie, left to right, without drawing them.
pub fn track_boxes(origin: Pos2, count: usize, box_w: f32, box_h: f32) -> Vec<Rect> {
    let start = origin.x + 112.0;
    (0..count)
        .map(|i| Rect::from_min_size(pos2(start + i as f32 * box_w, origin.y), vec2(box_w - 2.0, box_h)))
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

/// How strongly a box the player may act on glows. Steady, not pulsing: a table that animates while
/// nothing happens would repaint forever.
pub const OFFERED: f32 = 0.9;

/// A hit landing, or a box the last roll filled: a red wash and outline fading with `strength` (1 to 0).
/// The shape of the outline, not only its colour, says it.
pub fn flash(painter: &Painter, rect: Rect, strength: f32) {
    if strength <= 0.0 {
        return;
    }
    painter.rect_filled(
        rect.expand(2.0),
        CornerRadius::same(6),
        theme::DANGER.gamma_multiply(0.35 * strength),
    );
    painter.rect_stroke(
        rect.expand(5.0),
        CornerRadius::same(7),
        Stroke::new(
            2.0 + 3.0 * strength,
            theme::DANGER.gamma_multiply(strength.max(0.3)),
        ),
        StrokeKind::Outside,
    );
}

/// Whether a payload of type `T` was dropped on this widget this frame. Unlike
/// `Response::dnd_release_payload`, it leaves a payload of another type alone: egui's `take_payload`
/// empties the drag whatever its type, so a box asking first for a torpedo swallowed a deck gun dropped
/// on it (issue 13, defect 2).
pub fn dropped<T: std::any::Any + Send + Sync>(resp: &egui::Response) -> bool {
    dropped_payload::<T>(resp).is_some()
}

/// The payload of type `T` dropped on this widget this frame, leaving payloads of other types alone (see
/// [`dropped`]).
pub fn dropped_payload<T: std::any::Any + Send + Sync>(resp: &egui::Response) -> Option<Arc<T>> {
    if egui::DragAndDrop::has_payload_of_type::<T>(&resp.ctx) {
        resp.dnd_release_payload::<T>()
    } else {
        None
    }
}
