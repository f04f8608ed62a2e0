//! How the table shows its counters beyond their faces: the last-move mark (a ring around the counters
//! of the last moves), the table's counters for its picture, and the magnifier — a counter, or every
//! counter of a stack, shown large with its full name, both faces, its colour and its note, after a short
//! hover or at once while the magnifier key ([`crate::keys::MAGNIFY`]) is held.
//!
//! The faces are painted by the table's own code (`scene.rs`, which also draws a counter's colour mark as
//! a chit on its corner), so the player's own counter art shows in the magnifier as on the table.

use egui::{Color32, Pos2, Rect, RichText, Role, Sense, Stroke, StrokeKind, Vec2, vec2};

use super::stacks::SIZE;
use super::{FreeCounter, TrackScreen, stacks};
use crate::theme;
use crate::widgets::counter;

/// The colour of the last-move ring.
pub const MARK: Color32 = theme::HIGHLIGHT;

/// The last-move ring around a counter (or a stack's top) of `size` at `at`.
pub fn paint_mark(painter: &egui::Painter, at: Pos2, size: f32) {
    let r = Rect::from_center_size(at, Vec2::splat(size)).expand(2.0);
    painter.rect_stroke(
        r,
        6,
        Stroke::new(4.0, Color32::from_black_alpha(170)),
        StrokeKind::Outside,
    );
    painter.rect_stroke(r, 6, Stroke::new(2.5, MARK), StrokeKind::Outside);
}

/// Paints every counter of `counters` as the table lies (stacks with their lower counters peeking out
/// and their height, the colour marks, the last-move ring on `marked`), for the table's picture.
pub fn paint_counters(painter: &egui::Painter, game: &str, counters: &[FreeCounter], marked: &[u32]) {
    for s in stacks::stacks(counters) {
        let n = s.len();
        let Some(&top) = s.last() else { continue };
        let centre = counters[top].at();
        for (k, &i) in s.iter().enumerate().take(n - 1) {
            super::scene::paint_free(
                painter,
                game,
                &counters[i],
                centre + stacks::peek(n - 1 - k),
                SIZE,
            );
        }
        super::scene::paint_free(painter, game, &counters[top], centre, SIZE);
        if n > 1 {
            counter::paint_count(painter, Rect::from_center_size(centre, Vec2::splat(SIZE)), n);
        }
        if s.iter().any(|&i| marked.contains(&counters[i].id)) {
            paint_mark(painter, centre, SIZE);
        }
    }
}

/// The side of a face in the magnifier, for a stack of `n`.
fn face_size(n: usize) -> f32 {
    match n {
        0..=3 => 96.0,
        4..=8 => 60.0,
        _ => 40.0,
    }
}

/// How many counters a row of the magnifier holds, for a stack of `n`: a tall stack is laid out wide,
/// so that the magnifier fits the window.
fn per_row(n: usize) -> usize {
    match n {
        0..=3 => 1,
        4..=8 => 2,
        _ => 4,
    }
}

impl TrackScreen {
    /// The magnifier's contents: the counters `ids` (a stack bottom to top, shown top first), each with
    /// its full name, both faces, its colour mark and its note.
    pub(super) fn magnifier(&self, ui: &mut egui::Ui, ids: &[u32]) {
        let counters: Vec<&FreeCounter> = ids
            .iter()
            .rev()
            .filter_map(|id| self.table.counters.iter().find(|c| c.id == *id))
            .collect();
        let n = counters.len();
        let size = face_size(n);
        if n > 1 {
            ui.label(RichText::new(format!("A stack of {n}, top first")).strong());
        }
        let columns = per_row(n);
        egui::Grid::new("track-magnifier")
            .num_columns(columns)
            .spacing(vec2(14.0, 8.0))
            .show(ui, |ui| {
                for (k, c) in counters.iter().enumerate() {
                    ui.vertical(|ui| self.magnified(ui, c, size, n > 8));
                    if (k + 1) % columns == 0 {
                        ui.end_row();
                    }
                }
            });
    }

    /// One counter in the magnifier; `short` (in a tall stack) names it by its label and mark only.
    fn magnified(&self, ui: &mut egui::Ui, c: &FreeCounter, size: f32, short: bool) {
        ui.set_max_width(if short {
            2.0 * size + 60.0
        } else {
            2.0 * size + 180.0
        });
        let name = if short {
            super::scene::name_of(c)
        } else {
            self.describe(c)
        };
        ui.label(RichText::new(name).strong());
        let game = self.layout.id();
        let back_words = if c.back.is_empty() {
            c.label.as_str()
        } else {
            c.back.as_str()
        };
        ui.horizontal(|ui| {
            for (flipped, words) in [
                (false, format!("Front of {}", c.label)),
                (true, format!("Back of {}: {back_words}", c.label)),
            ] {
                let (rect, resp) = ui.allocate_exact_size(Vec2::splat(size + 8.0), Sense::hover());
                crate::a11y::label(ui, &resp, Role::Image, &words);
                let face = FreeCounter {
                    flipped,
                    tint: super::Tint::None,
                    ..(*c).clone()
                };
                super::scene::paint_free(ui.painter(), game, &face, rect.center(), size);
            }
        });
        let mut lies = vec![if c.flipped { "lies flipped" } else { "lies face up" }.to_string()];
        if !c.tint.is_none() {
            lies.push(format!("marked {}", c.tint.name()));
        }
        if !short || lies.len() > 1 {
            ui.label(RichText::new(lies.join(" · ")).weak());
        }
        if !c.note.is_empty() {
            ui.label(format!("Note: {}", c.note));
        }
    }
}
