//! Text set whole into a width: wrapped by words, a word wider than the width broken between characters
//! (never hyphenated, so a name is never given a hyphen it does not have), and lists wrapped between their
//! items first. Nothing is ever cut.

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
        self.width_of(text) <= self.width
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

    /// Pushes the full-width pieces of a word too wide for a line; returns the piece left over.
    fn break_word(&self, word: &str, lines: &mut Vec<String>) -> String {
        let mut piece = String::new();
        for c in word.chars() {
            piece.push(c);
            if !self.fits(&piece) && piece.chars().count() > 1 {
                piece.pop();
                lines.push(std::mem::replace(&mut piece, c.to_string()));
            }
        }
        piece
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
}
