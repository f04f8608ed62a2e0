//! What the CLI writes to the terminal is shown, never obeyed: a save's game id, its `written_by`, a
//! commander's name, a file's path all reach stdout and stderr in reports and messages, and a control
//! character among them (an ESC starting an escape sequence, a BEL, a carriage return) would be obeyed by
//! the terminal. [`Shown`] wraps each stream and writes every control character but the line break and the
//! tab as `\u001b` (the characters [`periscope_data::shown::is_escaped`] names). The escape is JSON's own,
//! so `--json` output stays valid JSON that reads back to the file's text (serde already escapes the C0
//! controls; DEL, the C1 controls and the bidirectional overrides it leaves raw are escaped here).
//! A document written to stdout (`export --out -`) is bytes, not text: it bypasses the wrapper.

use std::io::{self, Write};

use periscope_data::shown::is_escaped;

/// A stream whose control characters are escaped. Bytes that are not UTF-8 are written as `\xFF`; a
/// character cut between two writes waits for its end.
pub struct Shown<'a> {
    inner: &'a mut dyn Write,
    /// The start of a character whose end has not been written yet (at most 3 bytes).
    pending: Vec<u8>,
}

impl<'a> Shown<'a> {
    pub fn new(inner: &'a mut dyn Write) -> Self {
        Self {
            inner,
            pending: Vec::new(),
        }
    }

    /// The stream itself, for bytes written as they are (after any cut character is written out).
    pub fn raw(&mut self) -> io::Result<&mut dyn Write> {
        self.finish()?;
        Ok(&mut *self.inner)
    }

    /// Writes a cut character's bytes that never got their end, as bytes that are not UTF-8.
    fn finish(&mut self) -> io::Result<()> {
        let rest = std::mem::take(&mut self.pending);
        for b in rest {
            write!(self.inner, "\\x{b:02X}")?;
        }
        Ok(())
    }

    /// Writes valid text with its control characters escaped.
    fn text(&mut self, text: &str) -> io::Result<()> {
        let mut start = 0;
        for (i, c) in text.char_indices() {
            if is_escaped(c, true) {
                self.inner.write_all(&text.as_bytes()[start..i])?;
                write!(self.inner, "\\u{:04x}", u32::from(c))?;
                start = i + c.len_utf8();
            }
        }
        self.inner.write_all(&text.as_bytes()[start..])
    }
}

impl Write for Shown<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut bytes = std::mem::take(&mut self.pending);
        bytes.extend_from_slice(buf);
        let mut rest = bytes.as_slice();
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    self.text(text)?;
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    // The prefix up to `valid_up_to` is UTF-8 by the error's own word.
                    self.text(std::str::from_utf8(good).unwrap_or_default())?;
                    match e.error_len() {
                        Some(n) => {
                            for b in &bad[..n] {
                                write!(self.inner, "\\x{b:02X}")?;
                            }
                            rest = &bad[n..];
                        }
                        None => {
                            self.pending = bad.to_vec();
                            break;
                        }
                    }
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl Drop for Shown<'_> {
    fn drop(&mut self) {
        // Nothing more can be said if the stream is gone.
        let _ = self.finish().and_then(|()| self.inner.flush());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(chunks: &[&[u8]]) -> String {
        let mut out = Vec::new();
        {
            let mut shown = Shown::new(&mut out);
            for c in chunks {
                shown.write_all(c).unwrap();
            }
        }
        String::from_utf8(out).unwrap()
    }

    /// A terminal's escape sequence, a bell and a carriage return are written as escapes; line breaks,
    /// tabs and other scripts pass.
    #[test]
    fn controls_are_escaped_and_text_passes() {
        assert_eq!(
            through(&[b"game \x1b]0;owned\x07 here\r\n\tI-58 \xe2\x80\xa0\n"]),
            "game \\u001b]0;owned\\u0007 here\\u000d\n\tI-58 †\n"
        );
        assert_eq!(
            through(&["a\u{202e}b\u{85}c\u{7f}".as_bytes()]),
            "a\\u202eb\\u0085c\\u007f"
        );
    }

    /// A character cut between two writes is joined, so an override cut in two is still escaped and a
    /// letter cut in two still passes.
    #[test]
    fn a_character_cut_between_writes_is_joined() {
        let rlo = "\u{202e}".as_bytes();
        assert_eq!(
            through(&[b"x", &rlo[..1], &rlo[1..2], &rlo[2..], b"y"]),
            "x\\u202ey"
        );
        let dagger = "†".as_bytes();
        assert_eq!(through(&[&dagger[..2], &dagger[2..]]), "†");
    }

    /// Bytes that are not UTF-8, and a character never finished, are written as `\xFF`.
    #[test]
    fn bytes_that_are_not_text_are_shown_as_bytes() {
        assert_eq!(through(&[b"a\xffb"]), "a\\xFFb");
        assert_eq!(through(&[b"a\xe2\x80"]), "a\\xE2\\x80");
    }

    /// JSON through the stream stays JSON and reads back to the text it held.
    #[test]
    fn json_stays_json() {
        let text = "\u{1b}]0;owned\u{7} \u{9b} \u{202e}";
        let json = serde_json::to_string(&serde_json::json!({ "game": text })).unwrap();
        let shown = through(&[json.as_bytes()]);
        assert!(
            !shown.contains(['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}']),
            "{shown}"
        );
        let back: serde_json::Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(back["game"], text);
    }
}
