//! How wide a text is in the embedded font, measured as it prints: shaped by rustybuzz, the shaper krilla
//! itself draws text with (`Surface::draw_text` shapes with rustybuzz, kerning and all), so a
//! right-aligned number ends where its cell says and a wrapped line is as wide as it was measured.
//!
//! Shaping costs more than adding up advances, and a sheet's text comes partly from files, so what is
//! shaped at once is bounded: a text is shaped in pieces of at most [`MAX_SHAPED`] characters (a piece
//! boundary loses at most one kerning pair, a fraction of a point, in texts far longer than any line),
//! and the wrapping never measures more than [`crate::wrap`]'s longest line at once.

use std::sync::OnceLock;

use rustybuzz::{Face, UnicodeBuffer};

/// The font every sheet is set in.
pub(crate) const FONT: &[u8] = epaint_default_fonts::UBUNTU_LIGHT;

/// The most characters shaped at once.
pub(crate) const MAX_SHAPED: usize = 256;

/// The shaper's view of a font.
pub(crate) struct Metrics {
    /// `None` when the font cannot be read (widths are then estimated).
    face: Option<Face<'static>>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics")
            .field("exact", &self.face.is_some())
            .finish()
    }
}

impl Metrics {
    /// The metrics of [`FONT`], read once.
    pub(crate) fn shared() -> &'static Metrics {
        static METRICS: OnceLock<Metrics> = OnceLock::new();
        METRICS.get_or_init(|| Metrics::read(FONT))
    }

    pub(crate) fn read(font: &'static [u8]) -> Metrics {
        Metrics {
            face: Face::from_slice(font, 0).filter(|f| f.units_per_em() > 0),
        }
    }

    /// Whether the font could be read (otherwise widths are estimated).
    #[cfg(test)]
    pub(crate) fn is_exact(&self) -> bool {
        self.face.is_some()
    }

    /// The width of `text` set at `size` points, in points, as krilla draws it.
    pub(crate) fn width(&self, text: &str, size: f32) -> f32 {
        self.clusters(text, size).1
    }

    /// Where each character cluster of `text` set at `size` starts, as (byte offset, points from the
    /// text's start) in the order the glyphs are drawn, and the whole width.
    pub(crate) fn clusters(&self, text: &str, size: f32) -> (Vec<(usize, f32)>, f32) {
        let mut out = Vec::new();
        let mut x = 0.0;
        for (start, piece) in pieces(text) {
            match &self.face {
                Some(face) => {
                    let mut buffer = UnicodeBuffer::new();
                    buffer.push_str(piece);
                    let shaped = rustybuzz::shape(face, &[], buffer);
                    let em = size / face.units_per_em() as f32;
                    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
                        out.push((start + info.cluster as usize, x));
                        x += pos.x_advance as f32 * em;
                    }
                }
                None => {
                    for (at, c) in piece.char_indices() {
                        out.push((start + at, x));
                        x += estimate(c) * size;
                    }
                }
            }
        }
        (out, x)
    }
}

/// `text` in pieces of at most [`MAX_SHAPED`] characters, each with its byte offset.
fn pieces(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = (0, text);
    std::iter::from_fn(move || {
        let (start, text) = rest;
        if text.is_empty() {
            return None;
        }
        let end = text.char_indices().nth(MAX_SHAPED).map_or(text.len(), |(i, _)| i);
        rest = (start + end, &text[end..]);
        Some((start, &text[..end]))
    })
}

/// A generous guess for a character's advance in ems, when the font cannot be read.
fn estimate(c: char) -> f32 {
    match c {
        ' ' | '.' | ',' | ':' | ';' | '\'' | 'i' | 'l' | 'j' | '|' | '!' => 0.3,
        'm' | 'w' | 'M' | 'W' => 0.9,
        c if c.is_ascii_uppercase() => 0.7,
        _ => 0.6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_font_is_measured_by_the_shaper() {
        let m = Metrics::shared();
        assert!(m.is_exact());
        // Ubuntu is proportional: an `m` is far wider than an `i`, digits share one width.
        assert!(m.width("m", 10.0) > 2.0 * m.width("i", 10.0));
        assert_eq!(m.width("0", 10.0), m.width("8", 10.0));
        assert!(m.width("Nagara Maru", 8.5) > 30.0 && m.width("Nagara Maru", 8.5) < 60.0);
        assert_eq!(m.width("", 8.5), 0.0);
    }

    #[test]
    fn kerning_is_measured_as_it_prints() {
        // "AV" and "To" are kerned together in Ubuntu: the pair is narrower than its letters apart.
        let m = Metrics::shared();
        for pair in ["AV", "To"] {
            let apart: f32 = pair.chars().map(|c| m.width(&c.to_string(), 10.0)).sum();
            assert!(m.width(pair, 10.0) < apart - 0.1, "{pair}");
        }
    }

    #[test]
    fn a_long_text_is_shaped_in_bounded_pieces_and_measured_whole() {
        let m = Metrics::shared();
        let text = "Nagara Maru; ".repeat(100);
        let (clusters, width) = m.clusters(&text, 8.5);
        assert_eq!(clusters.len(), text.chars().count());
        assert!((width - 100.0 * m.width("Nagara Maru; ", 8.5)).abs() < 0.5);
        let mut starts: Vec<usize> = pieces(&"é".repeat(600)).map(|(at, p)| at + p.len()).collect();
        assert_eq!(starts.len(), 3);
        assert_eq!(starts.pop(), Some(1200));
    }

    #[test]
    fn an_unreadable_font_falls_back_to_estimates() {
        let m = Metrics::read(b"not a font");
        assert!(!m.is_exact());
        assert!(m.width("Maru", 10.0) > 0.0);
    }
}
