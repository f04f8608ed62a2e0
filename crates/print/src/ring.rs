//! The ring round a marked item of a list (a ship sunk, `† Coracero 7,257 t`), set into its line: the
//! item's text is moved apart from its neighbours by a pad on each side, so the ring drawn in the pads
//! never touches the separator after it (`;`) or the item before it, and the line is measured with its
//! pads, so a line that fits its cell fits with its rings.

use crate::metrics::Metrics;
use crate::wrap::LIST_SEPARATOR;

/// The gap between a ringed item's text and its ring's end, in ems of the text's size.
const PAD_EM: f32 = 0.6;
/// How far inside the pad the ring's centre line is drawn, in points (half the stroke and a hair).
const INSET: f32 = 1.0;

/// A line as printed: its text runs at their offsets from the line's start, the rings' spans and the
/// separators' spans, and the whole width.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetLine {
    pub runs: Vec<(f32, String)>,
    /// Each ring's left and right end (its stroke's centre), from the line's start.
    pub rings: Vec<(f32, f32)>,
    /// Each list separator's left and right edge, from the line's start.
    pub separators: Vec<(f32, f32)>,
    pub width: f32,
    /// Whether a ringed item runs on past the end of the line.
    pub open: bool,
}

/// The pad on each side of a ringed item at `size`.
pub(crate) fn pad(size: f32) -> f32 {
    PAD_EM * size
}

/// Sets a line of text at `size`: a ring opens at [`crate::RINGED`] (or at the line's start when
/// `open`, an item wrapped from the line before) and closes before the next list separator or at the
/// line's end. Each run of text between the rings' pads is measured whole, shaped as it is drawn.
pub fn set_line(line: &str, size: f32, open: bool) -> SetLine {
    let separator = LIST_SEPARATOR.trim_end();
    let pad = pad(size);
    let mut out = SetLine::default();
    let mut ring: Option<f32> = None;
    // Where the run of text being read starts, on the line and in `line`.
    let mut x = 0.0;
    let mut run_start = 0;
    if open {
        ring = Some(0.0);
        x = pad;
    }
    for (at, c) in line.char_indices() {
        let at_separator = line[at..].starts_with(separator);
        if c == crate::RINGED {
            x = set_run(&mut out, &line[run_start..at], x, size);
            run_start = at;
            // A mark inside a ringed item ends that ring where the next begins.
            if let Some(start) = ring.take() {
                out.rings.push((start + INSET, x + pad - INSET));
                x += pad;
            }
            ring = Some(x);
            x += pad;
        } else if at_separator && let Some(start) = ring.take() {
            x = set_run(&mut out, &line[run_start..at], x, size);
            run_start = at;
            out.rings.push((start + INSET, x + pad - INSET));
            x += pad;
        }
    }
    x = set_run(&mut out, &line[run_start..], x, size);
    if let Some(start) = ring {
        out.rings.push((start + INSET, x + pad - INSET));
        x += pad;
        out.open = true;
    }
    out.width = x;
    out
}

/// Adds a run of text starting at `x` (and its list separators) to the line; returns where it ends.
fn set_run(out: &mut SetLine, run: &str, x: f32, size: f32) -> f32 {
    if run.is_empty() {
        return x;
    }
    let separator = LIST_SEPARATOR.trim_end();
    let (clusters, width) = Metrics::shared().clusters(run, size);
    for (i, &(at, left)) in clusters.iter().enumerate() {
        let first_of_cluster = i == 0 || clusters[i - 1].0 != at;
        if first_of_cluster && run[at..].starts_with(separator) {
            let right = clusters.get(i + 1).map_or(width, |&(_, r)| r);
            out.separators.push((x + left, x + right));
        }
    }
    out.runs.push((x, run.to_string()));
    x + width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ringed_item_is_padded_apart_from_its_separator_and_neighbour() {
        let size = 8.5;
        let plain = Metrics::shared().width("Fort 7 t; ", size);
        let set = set_line("Fort 7 t; † Coracero 7,257 t; Garm 1 t", size, false);
        assert_eq!(set.rings.len(), 1);
        assert_eq!(set.separators.len(), 2);
        let (left, right) = set.rings[0];
        // The ring starts after the first separator and the space, and ends before the second separator.
        assert!(left > set.separators[0].1 + Metrics::shared().width(" ", size) - 0.01);
        assert!(left >= plain);
        assert!(right < set.separators[1].0, "{set:?}");
        let text: String = set.runs.iter().map(|(_, r)| r.as_str()).collect();
        assert_eq!(text, "Fort 7 t; † Coracero 7,257 t; Garm 1 t");
        let unringed = Metrics::shared().width(&text, size);
        assert!((set.width - unringed - 2.0 * pad(size)).abs() < 0.01);
        assert!(!set.open);
    }

    #[test]
    fn a_ring_runs_on_over_a_wrapped_line() {
        let set = set_line("† Empire", 8.5, false);
        assert!(set.open && set.rings.len() == 1);
        let next = set_line("Springbuck 5,591 t; Garm", 8.5, true);
        assert!(!next.open);
        assert_eq!(next.rings.len(), 1);
        assert!(next.rings[0].0 <= 1.0 && next.rings[0].1 < next.separators[0].0);
        assert_eq!(set_line("no ring here", 8.5, false).rings.len(), 0);
    }
}
