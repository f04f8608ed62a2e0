//! The names of the places on a Track table, for the move log ("SUB moved from the tray to box 4 on the
//! Patrol Track"): read from what the boards print, so no board's names are written twice.
//!
//! The boards are painted once, off-screen, by the layout's own painter: each paper mat is named by the
//! title in its band ([`crate::board::paper`]), each box a counter snaps to by the words printed inside
//! it (a box's caption, a track box's number). A place is the innermost named box around a point, on its
//! mat; a point on no mat is "the table".

use egui::epaint::Shape;
use egui::{Pos2, Rect};

use crate::{board, theme};

/// The named mats and boxes of a table's boards.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Places {
    /// Each mat and its title.
    mats: Vec<(Rect, String)>,
    /// Each box a counter snaps to that has words printed inside, with the words.
    boxes: Vec<(Rect, String)>,
}

/// What the painter drew that names places.
#[derive(Default)]
struct Drawn {
    papers: Vec<Rect>,
    bands: Vec<Rect>,
    texts: Vec<(Rect, String)>,
}

fn walk(shape: &Shape, out: &mut Drawn) {
    match shape {
        Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
        Shape::Text(t) => {
            let text = t.galley.text().trim();
            if !text.is_empty() {
                out.texts
                    .push((t.galley.rect.translate(t.pos.to_vec2()), text.to_string()));
            }
        }
        Shape::Rect(r) if r.fill == theme::PAPER => out.papers.push(r.rect),
        Shape::Rect(r) if r.fill == theme::BAND => out.bands.push(r.rect),
        _ => {}
    }
}

impl Places {
    /// Paints the boards (`paint`, a layout's painter) on a table of `size` off-screen and reads their
    /// names.
    pub fn read(paint: &dyn Fn(&mut egui::Ui), size: egui::Vec2) -> Self {
        let ctx = egui::Context::default();
        theme::apply(&ctx);
        let input = egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, size)),
            ..Default::default()
        };
        let mut boxes = Vec::new();
        let mut output = ctx.run_ui(input, |ui| {
            let ((), b) = board::collect_boxes(|| paint(ui));
            boxes = b;
        });
        output.textures_delta.clear();
        let mut drawn = Drawn::default();
        for clipped in &output.shapes {
            walk(&clipped.shape, &mut drawn);
        }
        Self::from_drawn(&drawn, &boxes)
    }

    fn from_drawn(drawn: &Drawn, boxes: &[Rect]) -> Self {
        let mats = drawn
            .papers
            .iter()
            .filter_map(|paper| {
                let band = drawn.bands.iter().find(|b| paper.contains_rect(**b))?;
                let title = drawn
                    .texts
                    .iter()
                    .filter(|(r, _)| band.contains(r.center()))
                    .min_by(|a, b| a.0.left().total_cmp(&b.0.left()))?;
                Some((*paper, title.1.clone()))
            })
            .collect();
        let boxes = boxes
            .iter()
            .filter(|b| super::stacks::holds_a_counter(**b))
            .filter_map(|b| {
                let words: Vec<&str> = drawn
                    .texts
                    .iter()
                    .filter(|(r, _)| b.contains(r.center()) && r.height() < b.height())
                    .map(|(_, t)| t.as_str())
                    .take(2)
                    .collect();
                (!words.is_empty()).then(|| (*b, words.join(" ")))
            })
            .collect();
        Places { mats, boxes }
    }

    /// The place at `at` in words: `box 4 on the PATROL TRACK`, `the COUNTER TRAY`, `the table`.
    pub fn name(&self, at: Pos2) -> String {
        let mat = self
            .mats
            .iter()
            .filter(|(r, _)| r.contains(at))
            .min_by(|a, b| a.0.area().total_cmp(&b.0.area()))
            .map(|(_, t)| t.as_str());
        let in_box = self
            .boxes
            .iter()
            .filter(|(r, _)| r.contains(at))
            .min_by(|a, b| a.0.area().total_cmp(&b.0.area()))
            .map(|(_, t)| t.as_str());
        match (in_box, mat) {
            (Some(b), Some(m)) => format!("box {b} on the {m}"),
            (Some(b), None) => format!("box {b}"),
            (None, Some(m)) => format!("the {m}"),
            (None, None) => "the table".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{pos2, vec2};

    #[test]
    fn a_place_is_its_innermost_named_box_on_its_mat() {
        let paper = Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 300.0));
        let band = Rect::from_min_size(pos2(6.0, 6.0), vec2(388.0, 38.0));
        let k = Rect::from_min_size(pos2(100.0, 100.0), vec2(40.0, 40.0));
        let blank = Rect::from_min_size(pos2(200.0, 100.0), vec2(40.0, 40.0));
        let drawn = Drawn {
            papers: vec![paper],
            bands: vec![band],
            texts: vec![
                (
                    Rect::from_min_size(pos2(20.0, 15.0), vec2(120.0, 20.0)),
                    "ESCORT MAT".into(),
                ),
                (
                    Rect::from_min_size(pos2(300.0, 15.0), vec2(60.0, 20.0)),
                    "E1".into(),
                ),
                (
                    Rect::from_min_size(pos2(110.0, 102.0), vec2(20.0, 12.0)),
                    "K".into(),
                ),
            ],
        };
        let places = Places::from_drawn(&drawn, &[k, blank]);
        assert_eq!(places.name(pos2(120.0, 120.0)), "box K on the ESCORT MAT");
        assert_eq!(places.name(pos2(220.0, 120.0)), "the ESCORT MAT");
        assert_eq!(places.name(pos2(900.0, 900.0)), "the table");
    }
}
