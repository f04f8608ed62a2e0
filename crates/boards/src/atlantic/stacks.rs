//! Readable stacks on the Tactical Display: the counters of a crowded box tiled as name tags, every
//! name whole; U-boats sharing a circle fanned out so that no counter hides another's label; and the
//! states a counter can be in — free, Moved [7.1.3], committed to a hunt [7.1.3], Detected [7.1.3] —
//! each with its own fill, edge and word, told apart at a glance.

use egui::{Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, pos2, vec2};

use crate::board::BoardText as _;
use crate::theme;

/// The state a counter on the display is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CounterState {
    /// An escort free to move or hunt.
    Free,
    /// An escort that moved this impulse: its Moved side up [7.1.3].
    Moved,
    /// An escort committed to the hunt of a boat [7.1.3].
    Committed,
    /// A boat detected before its attack [7.1.3].
    Detected,
}

/// How a state is drawn: the tag's fill, its edge, and the word on its badge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StateStyle {
    pub fill: Color32,
    pub edge: Color32,
    pub edge_width: f32,
    /// The badge's word (none for a free escort) and its colours.
    pub badge: Option<&'static str>,
    pub badge_fill: Color32,
    pub badge_ink: Color32,
}

/// The style of each state: a free escort is plain paper; a Moved one slate grey with a MOVED badge;
/// a committed one amber with a heavy red edge and a HUNTING badge; a detected boat edged in yellow
/// with a DETECTED badge.
pub fn style(s: CounterState) -> StateStyle {
    match s {
        CounterState::Free => StateStyle {
            fill: theme::PAPER,
            edge: theme::NAVY,
            edge_width: 1.0,
            badge: None,
            badge_fill: theme::PAPER,
            badge_ink: theme::NAVY,
        },
        CounterState::Moved => StateStyle {
            fill: Color32::from_rgb(0xc4, 0xcd, 0xdb),
            edge: theme::NAVY_LIGHT,
            edge_width: 1.5,
            badge: Some("MOVED"),
            badge_fill: theme::NAVY_LIGHT,
            badge_ink: theme::PAPER,
        },
        CounterState::Committed => StateStyle {
            fill: Color32::from_rgb(0xf7, 0xd9, 0xb0),
            edge: theme::DANGER,
            edge_width: 2.5,
            badge: Some("HUNTING"),
            badge_fill: theme::DANGER,
            badge_ink: Color32::WHITE,
        },
        CounterState::Detected => StateStyle {
            fill: Color32::from_rgb(0xfb, 0xe7, 0xb8),
            edge: theme::HIGHLIGHT,
            edge_width: 3.0,
            badge: Some("DETECTED"),
            badge_fill: theme::HIGHLIGHT,
            badge_ink: theme::NAVY,
        },
    }
}

/// How many escorts a box shows as full counters; more are tiled as name tags.
pub const COUNTERS_IN_A_BOX: usize = 2;
/// The strip at the top of an escort box that its printed letter takes.
const BOX_HEAD: f32 = 20.0;
const PAD: f32 = 4.0;
const GAP: f32 = 2.0;

/// The tags of `n` counters tiled inside box `r`, below its printed letter: one column while the tags
/// stay tall enough to read, then two, then three; never outside the box, never over each other.
pub fn tiles(r: Rect, n: usize) -> Vec<Rect> {
    if n == 0 {
        return Vec::new();
    }
    let area = Rect::from_min_max(
        pos2(r.left() + PAD, r.top() + BOX_HEAD),
        pos2(r.right() - PAD, r.bottom() - PAD),
    );
    let cols = if n <= 4 {
        1
    } else if n <= 12 {
        2
    } else {
        3
    };
    let rows = n.div_ceil(cols);
    let w = (area.width() - GAP * (cols - 1) as f32) / cols as f32;
    let h = ((area.height() - GAP * (rows - 1) as f32) / rows as f32).min(18.0);
    (0..n)
        .map(|i| {
            let (c, row) = (i % cols, i / cols);
            Rect::from_min_size(
                pos2(
                    area.left() + c as f32 * (w + GAP),
                    area.top() + row as f32 * (h + GAP),
                ),
                vec2(w, h),
            )
        })
        .collect()
}

/// Where `n` U-boats sharing a circle sit: fanned in a grid around its centre, far enough apart that
/// each counter and the badge under it stay clear of the others.
pub fn fan(centre: Pos2, n: usize, counter: f32) -> Vec<Pos2> {
    if n <= 1 {
        return vec![centre];
    }
    let cols = if n <= 2 {
        2
    } else {
        n.isqrt() + usize::from(n.isqrt().pow(2) < n)
    };
    let rows = n.div_ceil(cols);
    let (dx, dy) = (fan_step_x(counter), counter + 16.0);
    let x0 = centre.x - dx * (cols - 1) as f32 / 2.0;
    let y0 = centre.y - dy * (rows - 1) as f32 / 2.0;
    (0..n)
        .map(|i| pos2(x0 + (i % cols) as f32 * dx, y0 + (i / cols) as f32 * dy))
        .collect()
}

fn fan_step_x(counter: f32) -> f32 {
    badge_width(counter) + 6.0
}

/// The width of the word badge under a counter.
pub fn badge_width(counter: f32) -> f32 {
    counter * 1.3
}

/// The badge under a counter centred at `at`.
pub fn badge_rect(at: Pos2, counter: f32) -> Rect {
    Rect::from_center_size(
        at + vec2(0.0, counter * 0.5 + 7.0),
        vec2(badge_width(counter), 11.0),
    )
}

/// The largest font, up to `max`, at which `text` fits `width` (never below 6.5 points).
pub fn fitting_font(p: &Painter, text: &str, width: f32, max: f32) -> f32 {
    let mut size = max;
    while size > 6.5 {
        let w = p
            .layout_no_wrap(text.to_string(), FontId::proportional(size), theme::NAVY)
            .size()
            .x;
        if w <= width {
            break;
        }
        size -= 0.5;
    }
    size
}

/// A word badge: `word` on the state's colour, filling `r`.
pub fn paint_badge(p: &Painter, r: Rect, s: &StateStyle) {
    let Some(word) = s.badge else { return };
    p.rect_filled(r, CornerRadius::same(2), s.badge_fill);
    let size = fitting_font(p, word, r.width() - 2.0, (r.height() - 2.0).min(9.0));
    p.board_text(
        r.center(),
        Align2::CENTER_CENTER,
        word,
        FontId::proportional(size),
        s.badge_ink,
    );
}

/// The ring round a counter in a state other than free.
pub fn paint_ring(p: &Painter, counter: Rect, s: &StateStyle) {
    if s.badge.is_none() {
        return;
    }
    p.rect_stroke(
        counter.expand(1.5),
        CornerRadius::same(5),
        Stroke::new(s.edge_width, s.edge),
        StrokeKind::Outside,
    );
}

/// A name tag: the state's fill and edge, the whole name, and the state's word at the right when it
/// fits beside the name (else its initial, on the state's colour).
pub fn paint_tag(p: &Painter, r: Rect, name: &str, s: &StateStyle) {
    p.rect_filled(r.translate(vec2(1.0, 1.5)), CornerRadius::same(2), theme::SHADOW);
    p.rect_filled(r, CornerRadius::same(2), s.fill);
    p.rect_stroke(
        r,
        CornerRadius::same(2),
        Stroke::new(s.edge_width, s.edge),
        StrokeKind::Inside,
    );
    let max = (r.height() * 0.7).min(11.0);
    let mut text_right = r.right() - 3.0;
    if let Some(word) = s.badge {
        let name_w = p
            .layout_no_wrap(name.to_string(), FontId::proportional(max), theme::NAVY)
            .size()
            .x;
        let word_w = p
            .layout_no_wrap(word.to_string(), FontId::proportional(7.0), theme::NAVY)
            .size()
            .x
            + 4.0;
        let shown = if name_w + word_w + 8.0 <= r.width() {
            word.to_string()
        } else {
            word.chars().take(1).collect()
        };
        let bw = if shown.len() == 1 {
            r.height() - 4.0
        } else {
            word_w
        };
        let badge = Rect::from_min_size(
            pos2(r.right() - 2.0 - bw, r.top() + 2.0),
            vec2(bw, r.height() - 4.0),
        );
        p.rect_filled(badge, CornerRadius::same(2), s.badge_fill);
        p.board_text(
            badge.center(),
            Align2::CENTER_CENTER,
            shown,
            FontId::proportional(7.0_f32.min(badge.height())),
            s.badge_ink,
        );
        text_right = badge.left() - 2.0;
    }
    let size = fitting_font(p, name, text_right - r.left() - 3.0, max);
    p.board_text(
        pos2(r.left() + 3.0, r.center().y),
        Align2::LEFT_CENTER,
        name,
        FontId::proportional(size),
        theme::NAVY,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlap(a: Rect, b: Rect) -> bool {
        a.intersect(b).width() > 0.01 && a.intersect(b).height() > 0.01
    }

    /// Nine escorts in one box (nine Moved escorts after a hunt [7.1.3]) tile inside it, each tag tall
    /// enough for a name and none over another.
    #[test]
    fn nine_counters_tile_inside_the_box_without_overlap() {
        let b = Rect::from_min_size(pos2(100.0, 100.0), vec2(96.0, 96.0));
        for n in 1..=15 {
            let t = tiles(b, n);
            assert_eq!(t.len(), n);
            for (i, r) in t.iter().enumerate() {
                assert!(b.contains_rect(*r), "{n}: tag {i} {r:?} outside {b:?}");
                assert!(r.height() >= 9.0, "{n}: tag {i} too low: {r:?}");
                assert!(r.width() >= 28.0, "{n}: tag {i} too narrow: {r:?}");
                for s in &t[i + 1..] {
                    assert!(!overlap(*r, *s), "{n}: {r:?} over {s:?}");
                }
            }
        }
        let nine = tiles(b, 9);
        assert!(
            nine[0].width() > 40.0 && nine[0].height() >= 12.5,
            "{:?}",
            nine[0]
        );
    }

    /// [7.1.3] Four U-boats on one circle fan out: no counter, and no badge under one, covers another.
    #[test]
    fn four_boats_on_a_circle_cover_no_label() {
        let c = 36.0;
        for n in 1..=7 {
            let at = fan(pos2(400.0, 300.0), n, c);
            assert_eq!(at.len(), n);
            let rects: Vec<(Rect, Rect)> = at
                .iter()
                .map(|p| {
                    (
                        Rect::from_center_size(*p, egui::Vec2::splat(c)),
                        badge_rect(*p, c),
                    )
                })
                .collect();
            for (i, (a, ab)) in rects.iter().enumerate() {
                assert!(!overlap(*a, *ab));
                for (b, bb) in &rects[i + 1..] {
                    for (x, y) in [(a, b), (a, bb), (ab, b), (ab, bb)] {
                        assert!(!overlap(*x, *y), "{n} boats: {x:?} over {y:?}");
                    }
                }
            }
        }
    }

    /// [7.1.3] Free, Moved, committed and Detected are told apart at a glance: each pair differs in
    /// fill and in edge, and every state but free carries its own word.
    #[test]
    fn the_four_states_have_distinct_styles() {
        let all = [
            CounterState::Free,
            CounterState::Moved,
            CounterState::Committed,
            CounterState::Detected,
        ];
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                let (x, y) = (style(*a), style(*b));
                assert_ne!(x.fill, y.fill, "{a:?} / {b:?}");
                assert_ne!(x.edge, y.edge, "{a:?} / {b:?}");
                assert_ne!(x.badge, y.badge, "{a:?} / {b:?}");
            }
        }
        assert_eq!(style(CounterState::Free).badge, None);
        assert_eq!(style(CounterState::Moved).badge, Some("MOVED"));
        assert_eq!(style(CounterState::Committed).badge, Some("HUNTING"));
        assert_eq!(style(CounterState::Detected).badge, Some("DETECTED"));
        assert!(style(CounterState::Committed).edge_width > style(CounterState::Moved).edge_width);
    }
}
