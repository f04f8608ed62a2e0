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
            .filter_map(|b| Some((*b, box_words(drawn, boxes, *b)?)))
            .collect();
        Places { mats, boxes }
    }

    /// The box and the mat at `at`, each when there is one.
    fn parts(&self, at: Pos2) -> (Option<&str>, Option<&str>) {
        (innermost(&self.boxes, at), innermost(&self.mats, at))
    }

    /// A move from `from` to `to` in words: `from box OXYGEN 20 to box OXYGEN 17 on the PATROL MAT`
    /// (the mat named once when both are on it); `None` when both are the same place.
    pub fn journey(&self, from: Pos2, to: Pos2) -> Option<String> {
        let (a, b) = (self.name(from), self.name(to));
        if a == b {
            return None;
        }
        Some(match (self.parts(from), self.parts(to)) {
            ((Some(x), Some(m)), (Some(y), Some(n))) if m == n => {
                format!("from box {x} to box {y} on the {m}")
            }
            _ => format!("from {a} to {b}"),
        })
    }

    /// The place at `at` in words: `box 4 on the PATROL TRACK`, `the COUNTER TRAY`, `the table`.
    pub fn name(&self, at: Pos2) -> String {
        match self.parts(at) {
            (Some(b), Some(m)) => format!("box {b} on the {m}"),
            (Some(b), None) => format!("box {b}"),
            (None, Some(m)) => format!("the {m}"),
            (None, None) => "the table".into(),
        }
    }
}

/// The words of the innermost of `places` around `at`.
fn innermost(places: &[(Rect, String)], at: Pos2) -> Option<&str> {
    places
        .iter()
        .filter(|(r, _)| r.contains(at))
        .min_by(|a, b| a.0.area().total_cmp(&b.0.area()))
        .map(|(_, t)| t.as_str())
}

/// Whether a printed text is a number (a track box's value).
fn is_number(text: &str) -> bool {
    let digits = text.trim_start_matches(['-', '+']);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// How far left of a blank box its row's label may be printed (a torpedo tube's `BOW`).
const LABEL_REACH: f32 = 160.0;

/// The words that name box `b`: the topmost text printed inside it (its caption), with the number
/// printed under it when there is one (`TRANSIT 2`); for a box that prints only a number (a track's)
/// or nothing (a tube), the label of its row before it on the same line first (`OXYGEN 17`, `BOW`).
/// `None` for a box with no words inside or beside it.
///
/// The texts beside a box are those printed in no other box beside it (a box around it may hold them):
/// another box's caption never names it.
fn box_words(drawn: &Drawn, boxes: &[Rect], b: Rect) -> Option<String> {
    let in_a_sibling = |at: Pos2| {
        boxes
            .iter()
            .any(|o| *o != b && !o.contains_rect(b) && o.contains(at))
    };
    let mut inside: Vec<&(Rect, String)> = drawn
        .texts
        .iter()
        .filter(|(r, _)| b.contains(r.center()) && r.height() < b.height())
        .collect();
    inside.sort_by(|x, y| x.0.top().total_cmp(&y.0.top()));
    let caption = inside
        .iter()
        .find(|(_, t)| !is_number(t))
        .map(|(_, t)| t.as_str());
    let number = inside.iter().find(|(_, t)| is_number(t)).map(|(_, t)| t.as_str());
    if let Some(caption) = caption {
        return Some(match number {
            Some(n) => format!("{caption} {n}"),
            None => caption.to_string(),
        });
    }
    let reach = if number.is_some() {
        f32::INFINITY
    } else {
        LABEL_REACH
    };
    let label = drawn
        .texts
        .iter()
        .filter(|(r, t)| {
            r.right() <= b.left()
                && !in_a_sibling(r.center())
                && b.left() - r.right() <= reach
                && (r.center().y - b.center().y).abs() < b.height() / 2.0
                && !is_number(t)
        })
        .max_by(|x, y| x.0.right().total_cmp(&y.0.right()))
        .map(|(_, t)| t.as_str());
    // A large box's heading is printed just above it (`SUNK [3.6]`), its rule case left out.
    let heading = || {
        drawn
            .texts
            .iter()
            .filter(|(r, t)| {
                r.bottom() <= b.top() + 1.0
                    && !in_a_sibling(r.center())
                    && b.top() - r.bottom() < HEADING_GAP
                    && (r.left() - b.left()).abs() < HEADING_GAP
                    && !is_number(t)
            })
            .min_by(|x, y| (b.top() - x.0.bottom()).total_cmp(&(b.top() - y.0.bottom())))
            .map(|(_, t)| without_case(t))
    };
    match (label, number) {
        (Some(l), Some(n)) => Some(format!("{l} {n}")),
        (Some(l), None) => Some(l.to_string()),
        (None, Some(n)) => Some(n.to_string()),
        (None, None) => heading(),
    }
}

/// How close above a box, and how near its left edge, its heading is printed.
const HEADING_GAP: f32 = 16.0;

/// A heading without the rule case it cites: `SUNK [3.6]` → `SUNK`.
fn without_case(text: &str) -> String {
    match text.find(" [") {
        Some(i) if text.ends_with(']') => text[..i].to_string(),
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{pos2, vec2};

    /// Text printed at `at`, of `size`.
    fn text(at: (f32, f32), size: (f32, f32), t: &str) -> (Rect, String) {
        (
            Rect::from_min_size(pos2(at.0, at.1), vec2(size.0, size.1)),
            t.into(),
        )
    }

    #[test]
    fn a_place_is_its_innermost_named_box_on_its_mat() {
        let paper = Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 300.0));
        let band = Rect::from_min_size(pos2(6.0, 6.0), vec2(388.0, 38.0));
        let k = Rect::from_min_size(pos2(100.0, 100.0), vec2(40.0, 40.0));
        let seven = Rect::from_min_size(pos2(100.0, 200.0), vec2(30.0, 30.0));
        let tube = Rect::from_min_size(pos2(100.0, 250.0), vec2(30.0, 30.0));
        let sunk = Rect::from_min_size(pos2(300.0, 200.0), vec2(80.0, 80.0));
        let blank = Rect::from_min_size(pos2(200.0, 100.0), vec2(40.0, 40.0));
        let drawn = Drawn {
            papers: vec![paper],
            bands: vec![band],
            texts: vec![
                text((20.0, 15.0), (120.0, 20.0), "ESCORT MAT"),
                text((300.0, 15.0), (60.0, 20.0), "E1"),
                text((110.0, 102.0), (20.0, 12.0), "K"),
                text((110.0, 120.0), (20.0, 12.0), "2 dice"),
                text((20.0, 208.0), (50.0, 14.0), "OXYGEN"),
                text((75.0, 208.0), (10.0, 14.0), "6"),
                text((110.0, 202.0), (10.0, 12.0), "7"),
                text((40.0, 258.0), (30.0, 14.0), "BOW"),
                text((300.0, 184.0), (60.0, 12.0), "SUNK [3.6]"),
            ],
        };
        let places = Places::from_drawn(&drawn, &[k, blank, seven, tube, sunk]);
        assert_eq!(places.name(pos2(120.0, 120.0)), "box K on the ESCORT MAT");
        assert_eq!(places.name(pos2(220.0, 120.0)), "the ESCORT MAT");
        assert_eq!(places.name(pos2(900.0, 900.0)), "the table");
        assert_eq!(
            places.name(seven.center()),
            "box OXYGEN 7 on the ESCORT MAT",
            "a track's box is named by its track and number"
        );
        assert_eq!(
            places.journey(k.center(), seven.center()).as_deref(),
            Some("from box K to box OXYGEN 7 on the ESCORT MAT")
        );
        assert_eq!(
            places.journey(pos2(900.0, 900.0), k.center()).as_deref(),
            Some("from the table to box K on the ESCORT MAT")
        );
        assert_eq!(places.journey(k.center(), k.center() + vec2(2.0, 2.0)), None);
        assert_eq!(
            places.name(tube.center()),
            "box BOW on the ESCORT MAT",
            "a blank box is named by its row"
        );
        assert_eq!(
            places.name(sunk.center()),
            "box SUNK on the ESCORT MAT",
            "a large box by its heading"
        );
    }
}
