//! Stacks and snapping: where a dropped counter lands.
//!
//! Counters whose centres are exactly the same form a stack, bottom to top in the table's order; a counter
//! dropped near another joins its stack. Otherwise a counter dropped on a box of a board snaps to the box's
//! centre: anywhere over a box about a counter's size (a hull box, a track box, a tube), near the centre
//! of a larger one (a patrol-track box, a card's place), so that a counter laid inside a big box by hand
//! stays where it was put. The boxes are the ones the boards printed ([`crate::board::collect_boxes`]).
//! Holding Alt places the counter exactly where it is dropped.

use egui::{Pos2, Rect, Vec2, pos2, vec2};

use super::table::FreeCounter;

/// A counter's side, in table units.
pub const SIZE: f32 = 32.0;
/// A counter dropped with its centre this close to another's joins its stack.
pub const STACK_REACH: f32 = SIZE * 0.5;
/// A box no bigger than this on either side takes a counter dropped anywhere over it.
const SMALL_BOX: f32 = SIZE * 1.8;
/// How far outside a small box a counter may be dropped and still snap into it.
const SMALL_MARGIN: f32 = 6.0;

/// Where a dropped counter comes to rest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Landing {
    /// On the stack whose centre this is.
    Stack(Pos2),
    /// In the box with this centre.
    Box(Pos2),
    /// Where it was dropped.
    Free(Pos2),
}

impl Landing {
    pub fn at(self) -> Pos2 {
        match self {
            Landing::Stack(p) | Landing::Box(p) | Landing::Free(p) => p,
        }
    }
}

/// Whether a printed box is one a counter can sit in: not a thin strip or a number plate.
pub fn holds_a_counter(b: Rect) -> bool {
    b.width().min(b.height()) >= 20.0 && b.area() >= 600.0
}

/// How close to a box's centre a counter must be dropped to snap into it.
fn reach(b: Rect) -> Option<f32> {
    if b.width() <= SMALL_BOX && b.height() <= SMALL_BOX {
        None
    } else {
        Some((b.width().min(b.height()) * 0.3).clamp(12.0, 20.0))
    }
}

/// Whether a counter dropped at `at` snaps into box `b`.
fn takes(b: Rect, at: Pos2) -> bool {
    match reach(b) {
        None => b.expand(SMALL_MARGIN).contains(at),
        Some(r) => (b.center() - at).length() <= r,
    }
}

/// Where a counter (or a stack: `moving`, the indices that move together) dropped at `at` lands, among
/// `counters` and the `boxes` of the boards; `free` (Alt held) places it exactly.
pub fn land(at: Pos2, moving: &[usize], counters: &[FreeCounter], boxes: &[Rect], free: bool) -> Landing {
    if free {
        return Landing::Free(at);
    }
    let nearest = counters
        .iter()
        .enumerate()
        .filter(|(i, _)| !moving.contains(i))
        .map(|(_, c)| c.at())
        .filter(|p| (*p - at).length() <= STACK_REACH)
        .min_by(|a, b| (*a - at).length().total_cmp(&(*b - at).length()));
    if let Some(p) = nearest {
        return Landing::Stack(p);
    }
    let best = boxes
        .iter()
        .filter(|b| holds_a_counter(**b) && takes(**b, at))
        .min_by(|a, b| {
            a.area()
                .total_cmp(&b.area())
                .then((a.center() - at).length().total_cmp(&(b.center() - at).length()))
        });
    match best {
        Some(b) => Landing::Box(b.center()),
        None => Landing::Free(at),
    }
}

/// The stacks of the table: the indices of the counters sharing each centre, bottom to top, the stacks in
/// the order of their top counters (the order they are drawn in).
pub fn stacks(counters: &[FreeCounter]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut key_of: Vec<([u32; 2], usize)> = Vec::new();
    for (i, c) in counters.iter().enumerate() {
        let key = [c.pos[0].to_bits(), c.pos[1].to_bits()];
        match key_of.iter().find(|(k, _)| *k == key) {
            Some(&(_, s)) => out[s].push(i),
            None => {
                key_of.push((key, out.len()));
                out.push(vec![i]);
            }
        }
    }
    out.sort_by_key(|s| s.last().copied().unwrap_or(0));
    out
}

/// Where the counter `k` places below the top of a stack is drawn: each lower counter peeks out a little
/// down and to the right, the way a real stack shows its height (no more than four deep).
pub fn peek(k_below_top: usize) -> Vec2 {
    Vec2::splat(k_below_top.min(4) as f32 * 3.0)
}

/// Where the counters of a stack fanned out above it lie, bottom to top: rows of eight, left to right,
/// rising from just above the stack.
pub fn fan(center: Pos2, n: usize) -> Vec<Pos2> {
    let per_row = 8usize;
    let step = SIZE + 8.0;
    (0..n)
        .map(|i| {
            let row = i / per_row;
            let in_row = (n - row * per_row).min(per_row);
            let col = i % per_row;
            let x = center.x + (col as f32 - (in_row as f32 - 1.0) / 2.0) * step;
            let y = center.y - (SIZE + 22.0) - row as f32 * step;
            pos2(x, y)
        })
        .collect()
}

/// The panel a fan is drawn on.
pub fn fan_panel(spots: &[Pos2]) -> Option<Rect> {
    let first = *spots.first()?;
    let r = spots
        .iter()
        .fold(Rect::from_center_size(first, Vec2::splat(SIZE)), |r, p| {
            r.union(Rect::from_center_size(*p, Vec2::splat(SIZE)))
        });
    Some(r.expand2(vec2(8.0, 8.0)))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use crate::theme::Side;
    use crate::widgets::counter::Symbol;

    fn c(x: f32, y: f32) -> FreeCounter {
        let mut c = super::super::counter_at("X", Side::Marker, Symbol::Flag, pos2(x, y));
        c.id = (x + y * 1000.0) as u32;
        c
    }

    #[test]
    fn counters_at_one_centre_are_a_stack_bottom_to_top() {
        let counters = vec![c(10.0, 10.0), c(50.0, 10.0), c(10.0, 10.0), c(10.0, 10.0)];
        assert_eq!(stacks(&counters), vec![vec![1], vec![0, 2, 3]]);
    }

    #[test]
    fn a_counter_dropped_near_another_joins_its_stack_before_any_box() {
        let counters = vec![c(100.0, 100.0), c(300.0, 300.0)];
        let boxes = [Rect::from_center_size(pos2(108.0, 100.0), Vec2::splat(34.0))];
        assert_eq!(
            land(pos2(110.0, 104.0), &[1], &counters, &boxes, false),
            Landing::Stack(pos2(100.0, 100.0))
        );
        assert_eq!(
            land(pos2(110.0, 104.0), &[1], &counters, &boxes, true),
            Landing::Free(pos2(110.0, 104.0)),
            "Alt places it freely"
        );
        assert_eq!(
            land(pos2(300.0, 300.0), &[1], &counters, &boxes, false),
            Landing::Free(pos2(300.0, 300.0)),
            "a counter does not stack on itself"
        );
    }

    #[test]
    fn a_small_box_takes_a_counter_dropped_over_it_a_large_one_near_its_centre() {
        let hull = Rect::from_min_size(pos2(130.0, 350.0), vec2(34.0, 34.0));
        let track = Rect::from_min_size(pos2(220.0, 142.0), vec2(86.0, 58.0));
        let plate = Rect::from_min_size(pos2(0.0, 0.0), vec2(26.0, 20.0));
        let boxes = [hull, track, plate];
        assert_eq!(
            land(pos2(133.0, 381.0), &[], &[], &boxes, false),
            Landing::Box(hull.center())
        );
        assert_eq!(
            land(pos2(128.0, 352.0), &[], &[], &boxes, false),
            Landing::Box(hull.center())
        );
        assert_eq!(
            land(track.center() + vec2(10.0, 8.0), &[], &[], &boxes, false),
            Landing::Box(track.center())
        );
        let by_hand = track.center() + vec2(0.0, 22.0);
        assert_eq!(land(by_hand, &[], &[], &boxes, false), Landing::Free(by_hand));
        assert_eq!(
            land(pos2(13.0, 10.0), &[], &[], &boxes, false),
            Landing::Free(pos2(13.0, 10.0))
        );
        // The innermost box wins: a hull box inside a larger box.
        let around = Rect::from_center_size(hull.center(), vec2(90.0, 90.0));
        assert_eq!(
            land(hull.center(), &[], &[], &[around, hull], false),
            Landing::Box(hull.center())
        );
    }

    #[test]
    fn a_fan_rises_above_its_stack_in_rows_of_eight() {
        let spots = fan(pos2(100.0, 400.0), 10);
        assert_eq!(spots.len(), 10);
        assert!(spots.iter().all(|p| p.y < 400.0 - SIZE));
        assert!(spots[8].y < spots[0].y, "the ninth starts a second row");
        let panel = fan_panel(&spots).unwrap();
        assert!(spots.iter().all(|p| panel.contains(*p)));
    }
}
