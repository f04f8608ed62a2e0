//! Text that comes from a file (a save, an override, a Track table, the hall of fame) is shown, never
//! obeyed: a control character in it (an ESC starting a terminal's escape sequence, a BEL, a carriage
//! return that rewrites a line, a bidirectional override that reorders what follows) is written as a
//! visible escape, `\u{1b}`, so a hostile file cannot retitle a terminal, hide text or make a name read
//! backwards. Text without such characters is returned as it is, without a copy.

use std::borrow::Cow;

/// Whether `c` is escaped when shown: the C0 controls, DEL, the C1 controls, and the bidirectional
/// embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069). A line break and a tab are
/// escaped too unless `keep_lines`.
pub fn is_escaped(c: char, keep_lines: bool) -> bool {
    match c {
        '\n' | '\t' => !keep_lines,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => true,
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => true,
        _ => false,
    }
}

/// `text` for one line (a label, a cell, a name): every control character escaped as `\u{1b}`, line
/// breaks and tabs included.
pub fn shown(text: &str) -> Cow<'_, str> {
    escaped(text, false)
}

/// `text` for a block of lines (a note, a log): as [`shown`], but line breaks and tabs are kept.
pub fn shown_lines(text: &str) -> Cow<'_, str> {
    escaped(text, true)
}

fn escaped(text: &str, keep_lines: bool) -> Cow<'_, str> {
    let Some(first) = text.find(|c| is_escaped(c, keep_lines)) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        if is_escaped(c, keep_lines) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain text, accents and the log's own marks (†, ·, —) are left alone, without a copy.
    #[test]
    fn plain_text_is_borrowed_as_it_is() {
        for text in [
            "Lt Cdr Tanaka",
            "I-58 · Kaidai — † Coracero 7,257 t",
            "Ōtaka Kōno",
            "",
        ] {
            assert!(matches!(shown(text), Cow::Borrowed(t) if t == text), "{text}");
        }
    }

    /// A terminal's escape sequences, a bell and a carriage return are shown, not obeyed.
    #[test]
    fn controls_are_escaped_visibly() {
        assert_eq!(shown("\u{1b}]0;owned\u{7}"), "\\u{1b}]0;owned\\u{7}");
        assert_eq!(shown("a\rb"), "a\\u{d}b");
        assert_eq!(shown("\u{0}\u{7f}\u{85}\u{9b}"), "\\u{0}\\u{7f}\\u{85}\\u{9b}");
    }

    /// The bidirectional overrides and isolates are escaped; other letters of other scripts are not.
    #[test]
    fn bidirectional_overrides_are_escaped() {
        assert_eq!(shown("ab\u{202e}cd"), "ab\\u{202e}cd");
        for c in [
            '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        ] {
            assert!(is_escaped(c, true), "{c:?}");
        }
        for c in ['\u{2029}', '\u{2070}', '\u{a0}', 'א', '伊'] {
            assert!(!is_escaped(c, true), "{c:?}");
        }
    }

    /// A line keeps no line break or tab; a block of lines keeps both, and escapes the rest.
    #[test]
    fn line_breaks_are_kept_only_in_a_block_of_lines() {
        assert_eq!(shown("a\nb\tc"), "a\\u{a}b\\u{9}c");
        assert_eq!(shown_lines("a\nb\tc"), "a\nb\tc");
        assert_eq!(shown_lines("a\n\u{1b}[2J"), "a\n\\u{1b}[2J");
    }
}
