//! How wide a text is in the embedded font. krilla shapes and draws text but does not measure it, so the
//! sheet reads the advance widths from the font itself: the `cmap` table (format 4, the Basic Multilingual
//! Plane) maps characters to glyphs, and `hmtx` gives each glyph's advance. Kerning is left out; it only
//! ever tightens a line by a fraction of a point, and every cell keeps a few points of padding.

use std::sync::OnceLock;

/// The font every sheet is set in.
pub(crate) const FONT: &[u8] = epaint_default_fonts::UBUNTU_LIGHT;

/// The advance widths of a font, in ems.
#[derive(Debug)]
pub(crate) struct Metrics {
    /// Advances of the characters U+0000 to U+FFFF, in ems; `None` when the font cannot be read.
    advances: Option<Vec<f32>>,
}

impl Metrics {
    /// The metrics of [`FONT`], read once.
    pub(crate) fn shared() -> &'static Metrics {
        static METRICS: OnceLock<Metrics> = OnceLock::new();
        METRICS.get_or_init(|| Metrics::read(FONT))
    }

    pub(crate) fn read(font: &[u8]) -> Metrics {
        Metrics {
            advances: Font { data: font }.advances(),
        }
    }

    /// Whether the font's tables could be read (otherwise widths are estimated).
    #[cfg(test)]
    pub(crate) fn is_exact(&self) -> bool {
        self.advances.is_some()
    }

    /// The width of `text` set at `size` points, in points.
    pub(crate) fn width(&self, text: &str, size: f32) -> f32 {
        text.chars().map(|c| self.advance(c)).sum::<f32>() * size
    }

    fn advance(&self, c: char) -> f32 {
        let exact = self.advances.as_ref().and_then(|a| a.get(c as usize).copied());
        exact.unwrap_or_else(|| estimate(c))
    }
}

/// A generous guess for a character the font's tables do not give.
fn estimate(c: char) -> f32 {
    match c {
        ' ' | '.' | ',' | ':' | ';' | '\'' | 'i' | 'l' | 'j' | '|' | '!' => 0.3,
        'm' | 'w' | 'M' | 'W' => 0.9,
        c if c.is_ascii_uppercase() => 0.7,
        _ => 0.6,
    }
}

/// A TrueType file, read just far enough for advance widths.
struct Font<'a> {
    data: &'a [u8],
}

impl Font<'_> {
    fn u16(&self, at: usize) -> Option<u16> {
        let b = self.data.get(at..at + 2)?;
        Some(u16::from_be_bytes([b[0], b[1]]))
    }

    fn u32(&self, at: usize) -> Option<u32> {
        let b = self.data.get(at..at + 4)?;
        Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// Where a table starts.
    fn table(&self, tag: &[u8; 4]) -> Option<usize> {
        let count = usize::from(self.u16(4)?);
        (0..count).find_map(|i| {
            let record = 12 + 16 * i;
            (self.data.get(record..record + 4)? == tag).then_some(())?;
            Some(self.u32(record + 8)? as usize)
        })
    }

    /// Every BMP character's advance, in ems (the `.notdef` advance for characters without a glyph, as
    /// that is what prints).
    fn advances(&self) -> Option<Vec<f32>> {
        let units_per_em = f32::from(self.u16(self.table(b"head")? + 18)?).max(1.0);
        let metrics_count = usize::from(self.u16(self.table(b"hhea")? + 34)?);
        let hmtx = self.table(b"hmtx")?;
        let advance = |glyph: u16| -> Option<f32> {
            let index = usize::from(glyph).min(metrics_count.checked_sub(1)?);
            Some(f32::from(self.u16(hmtx + 4 * index)?) / units_per_em)
        };
        let notdef = advance(0)?;
        let mut out = vec![notdef; 0x1_0000];
        let cmap = self.bmp_cmap()?;
        for (c, glyph) in self.mappings(cmap)? {
            if let Some(slot) = out.get_mut(usize::from(c)) {
                *slot = advance(glyph)?;
            }
        }
        Some(out)
    }

    /// The format 4 subtable of `cmap` for Unicode (Windows or Unicode platform).
    fn bmp_cmap(&self) -> Option<usize> {
        let cmap = self.table(b"cmap")?;
        let count = usize::from(self.u16(cmap + 2)?);
        (0..count).find_map(|i| {
            let record = cmap + 4 + 8 * i;
            let platform = self.u16(record)?;
            let encoding = self.u16(record + 2)?;
            let at = cmap + self.u32(record + 4)? as usize;
            let unicode = (platform == 3 && encoding == 1) || platform == 0;
            (unicode && self.u16(at)? == 4).then_some(at)
        })
    }

    /// Every (character, glyph) pair of a format 4 subtable: segments of consecutive characters, each
    /// mapped by a delta or through the glyph array.
    fn mappings(&self, at: usize) -> Option<Vec<(u16, u16)>> {
        let segments = usize::from(self.u16(at + 6)? / 2);
        let ends = at + 14;
        let starts = ends + 2 * segments + 2;
        let deltas = starts + 2 * segments;
        let range_offsets = deltas + 2 * segments;
        let mut out = Vec::new();
        for s in 0..segments {
            let (start, end) = (self.u16(starts + 2 * s)?, self.u16(ends + 2 * s)?);
            let delta = self.u16(deltas + 2 * s)?;
            let offset_at = range_offsets + 2 * s;
            let range_offset = usize::from(self.u16(offset_at)?);
            for c in start..=end {
                let glyph = if range_offset == 0 {
                    c.wrapping_add(delta)
                } else {
                    match self.u16(offset_at + range_offset + 2 * usize::from(c - start))? {
                        0 => 0,
                        g => g.wrapping_add(delta),
                    }
                };
                out.push((c, glyph));
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_font_is_measured_from_its_own_tables() {
        let m = Metrics::shared();
        assert!(m.is_exact());
        // Ubuntu is proportional: an `m` is far wider than an `i`, digits share one width.
        assert!(m.width("m", 10.0) > 2.0 * m.width("i", 10.0));
        assert_eq!(m.width("0", 10.0), m.width("8", 10.0));
        assert!(m.width("Nagara Maru", 8.5) > 30.0 && m.width("Nagara Maru", 8.5) < 60.0);
        assert_eq!(m.width("", 8.5), 0.0);
    }

    #[test]
    fn an_unreadable_font_falls_back_to_estimates() {
        let m = Metrics::read(b"not a font");
        assert!(!m.is_exact());
        assert!(m.width("Maru", 10.0) > 0.0);
    }
}
