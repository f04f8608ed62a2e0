//! Text set whole into a width: wrapped by words, a word wider than the width broken between characters
//! (never hyphenated, so a name is never given a hyphen it does not have), and lists wrapped between their
//! items first. Nothing is ever cut.

/// The most characters on a line.
pub(crate) const MAX_LINE_CHARS: usize = 400;

/// What a list cell's items are joined with (`Nagara Maru (freighter); Kinu Maru (tanker)`).
pub const LIST_SEPARATOR: &str = "; ";

/// A font size and the width a text must fit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Measure {
    pub size: f32,
    pub width: f32,
}

impl Measure {
    pub(crate) fn new(size: f32, width: f32) -> Self {
        Self { size, width }
    }

    /// The width of a line as printed: its rings' pads counted ([`crate::ring::set_line`]).
    pub(crate) fn width_of(&self, text: &str) -> f32 {
        crate::ring::set_line(text, self.size, false).width
    }

    fn fits(&self, text: &str) -> bool {
        text.chars().nth(MAX_LINE_CHARS).is_none() && self.width_of(text) <= self.width
    }

    /// `text` in lines that fit: each paragraph (`\n`) wrapped at spaces; a word wider than the width is
    /// broken between characters. An empty text has no lines.
    pub(crate) fn wrap(&self, text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        for paragraph in text.trim().lines() {
            let mut line = String::new();
            for word in paragraph.split_whitespace() {
                let joined = if line.is_empty() {
                    word.to_string()
                } else {
                    format!("{line} {word}")
                };
                if self.fits(&joined) {
                    line = joined;
                    continue;
                }
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                line = self.break_word(word, &mut lines);
            }
            if !line.is_empty() {
                lines.push(line);
            }
        }
        lines
    }

    /// Pushes the full-width pieces of a word too wide for a line; returns the piece left over. The
    /// word is shaped once to guess where each piece ends; the end is then found by measuring pieces near
    /// the guess (a binary search), so a long word costs a few measures of a line each line.
    fn break_word(&self, word: &str, lines: &mut Vec<String>) -> String {
        let (clusters, width) = crate::metrics::Metrics::shared().clusters(word, self.size);
        // Each character's byte offset and where it starts in the word set whole.
        let mut starts: Vec<(usize, f32)> = Vec::with_capacity(word.len());
        let mut shaped = clusters.iter().peekable();
        for (at, _) in word.char_indices() {
            while shaped.next_if(|&&(c, _)| c < at).is_some() {}
            let x = shaped.peek().map_or(width, |&&(_, x)| x);
            starts.push((at, x));
        }
        starts.push((word.len(), width));
        let n = starts.len() - 1;
        let mut first = 0;
        while first < n {
            let piece = |last: usize| &word[starts[first].0..starts[last].0];
            // The guess: the characters whose advances fit, and two more for a kerning pair or a ring.
            let room = starts[first].1 + self.width;
            let guess = starts[first..].partition_point(|&(_, x)| x <= room) + first;
            let mut hi = (guess + 2).min(n).min(first + MAX_LINE_CHARS);
            if hi == n && self.fits(piece(n)) {
                return piece(n).to_string();
            }
            // The longest piece that fits (at least one character) lies in first + 1 ..= hi.
            let mut lo = first + 1;
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                if self.fits(piece(mid)) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            if lo == n {
                return piece(n).to_string();
            }
            lines.push(piece(lo).to_string());
            first = lo;
        }
        String::new()
    }

    /// A list in lines: as many whole items on a line as fit (each but the last keeping its separator);
    /// an item too long for a line of its own is wrapped by words.
    pub(crate) fn wrap_list(&self, items: &[&str]) -> Vec<String> {
        let separator = LIST_SEPARATOR.trim_end();
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for (i, item) in items.iter().enumerate() {
            let item = if i + 1 < items.len() {
                format!("{}{separator}", item.trim())
            } else {
                item.trim().to_string()
            };
            let joined = if line.is_empty() {
                item.clone()
            } else {
                format!("{line} {item}")
            };
            if self.fits(&joined) {
                line = joined;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if self.fits(&item) {
                line = item;
            } else {
                // A ringed item wrapped over lines has its ring's pads on every line.
                let room = if item.contains(crate::RINGED) {
                    Measure::new(self.size, self.width - 2.0 * crate::ring::pad(self.size))
                } else {
                    *self
                };
                let mut pieces = room.wrap(&item);
                line = pieces.pop().unwrap_or_default();
                lines.extend(pieces);
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }
}

/// A list cell's items (empty ones left out).
pub(crate) fn list_items(text: &str) -> Vec<&str> {
    text.split(LIST_SEPARATOR.trim_end())
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn joined(lines: &[String]) -> String {
        lines.join(" ")
    }

    #[test]
    fn text_wraps_by_words_and_keeps_every_word() {
        let m = Measure::new(8.5, 60.0);
        let text = "Sunk with all hands: imploded beyond test depth. Aborted. Mission accomplished.";
        let lines = m.wrap(text);
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines.iter().all(|l| m.width_of(l) <= 60.0), "{lines:?}");
        assert_eq!(joined(&lines), text);
        assert!(!joined(&lines).contains('…'));
    }

    #[test]
    fn a_word_wider_than_the_cell_breaks_without_a_hyphen() {
        let m = Measure::new(8.5, 30.0);
        let lines = m.wrap("Kamikawa-Maru-Transport x");
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines.iter().all(|l| m.width_of(l) <= 30.0), "{lines:?}");
        assert_eq!(lines.concat().replace(' ', ""), "Kamikawa-Maru-Transportx");
        // Even a cell narrower than one character takes the text, one character a line.
        assert_eq!(Measure::new(8.5, 1.0).wrap("abc"), ["a", "b", "c"]);
    }

    #[test]
    fn paragraphs_and_empty_text() {
        let m = Measure::new(8.5, 500.0);
        assert_eq!(m.wrap("one\ntwo"), ["one", "two"]);
        assert!(m.wrap("").is_empty() && m.wrap("   ").is_empty());
    }

    #[test]
    fn lists_wrap_between_items() {
        let m = Measure::new(8.5, 190.0);
        let items = [
            "Nagara Maru (freighter)",
            "Kinu Maru (tanker)",
            "USS Indianapolis (CA-35) (heavy cruiser)",
        ];
        let lines = m.wrap_list(&items);
        assert_eq!(
            lines,
            [
                "Nagara Maru (freighter); Kinu Maru (tanker);",
                "USS Indianapolis (CA-35) (heavy cruiser)"
            ]
        );
        assert_eq!(list_items(&items.join(LIST_SEPARATOR)), items);
        // An item longer than a line is wrapped by words.
        let narrow = Measure::new(8.5, 60.0).wrap_list(&items);
        assert_eq!(joined(&narrow), items.join(LIST_SEPARATOR));
    }

    #[test]
    fn a_long_word_is_broken_into_full_lines_and_no_line_is_too_long_to_measure() {
        let m = Measure::new(8.5, 100.0);
        let long = "Kamikawa".repeat(200);
        let lines = m.wrap(&long);
        assert_eq!(lines.concat(), long);
        assert!(lines.iter().all(|l| m.width_of(l) <= 100.0), "{lines:?}");
        // Each line is full: the next line's first character would not have fitted on it.
        for pair in lines.windows(2) {
            let next = pair[1].chars().next().unwrap();
            assert!(!m.fits(&format!("{}{next}", pair[0])), "{pair:?}");
        }
        // Characters that take no room are never measured more than a line's worth at once.
        let invisible = "\u{200b}".repeat(3 * MAX_LINE_CHARS + 5);
        let lines = m.wrap(&format!("x {invisible}"));
        assert!(lines.len() >= 4, "{}", lines.len());
        assert!(lines.iter().all(|l| l.chars().count() <= MAX_LINE_CHARS));
        assert_eq!(lines.concat(), format!("x{invisible}"));
    }
}
