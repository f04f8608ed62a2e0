//! Reading the player's files without trusting them: every file Periscope reads from the player's folders
//! goes through [`read_bytes`] or [`read_text`], which read only regular files (a FIFO would block the app,
//! a link to `/dev/zero` would be read until memory runs out) and at most a size cap a kind of file
//! ([`Cap`]); [`strict_json`] parses a player's JSON refusing a key written twice in one object (which
//! `serde_json` would let the last one win silently); [`png_essentials`] keeps of a PNG only the chunks
//! drawing needs, so a colour profile or a text chunk that inflates to gigabytes is never decoded.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// One megabyte (2^20 bytes), the unit the caps and their messages use.
pub const MB: u64 = 1 << 20;

/// The most Periscope reads of one kind of file, and the kind's name in the player's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cap {
    pub bytes: u64,
    /// What the file is, after "a" (`saved game`).
    pub what: &'static str,
}

/// `settings.json`: a handful of values.
pub const SETTINGS: Cap = Cap {
    bytes: MB,
    what: "settings file",
};
/// `overrides/<game>.json`: a game's charts, a few hundred rows.
pub const OVERRIDES: Cap = Cap {
    bytes: 4 * MB,
    what: "chart override file",
};
/// A save or an autosave: the longest careers are a few MB of actions.
pub const SAVE: Cap = Cap {
    bytes: 32 * MB,
    what: "saved game",
};
/// Any file given to `periscope-cli` (a save, an actions file, options, an override file): the largest
/// of the app's caps.
pub const INPUT: Cap = Cap {
    bytes: 32 * MB,
    what: "file given to periscope-cli",
};
/// A Track-mode table.
pub const TRACK_TABLE: Cap = Cap {
    bytes: 8 * MB,
    what: "Track table",
};
/// The hall of fame: one line a finished career.
pub const HALL: Cap = Cap {
    bytes: 32 * MB,
    what: "hall of fame",
};
/// The player's own rulebook text (a whole rulebook is well under 2 MB of text).
pub const RULEBOOK: Cap = Cap {
    bytes: 16 * MB,
    what: "rulebook text",
};
/// A counter picture (`counters/<game>/<id>.png`).
pub const IMAGE: Cap = Cap {
    bytes: 8 * MB,
    what: "counter picture",
};

/// Why a file was not read; its `Display` names the file, in the player's words.
#[derive(Debug)]
pub enum ReadError {
    /// There is no such file (callers often treat this as "nothing yet").
    Missing(PathBuf),
    /// The path names something other than a regular file: `kind` says what (`a FIFO (named pipe)`).
    NotAFile { path: PathBuf, kind: &'static str },
    /// The file is larger than the cap: `size` is its size, or `cap.bytes + 1` when it was found larger
    /// only by reading it.
    TooLarge { path: PathBuf, size: u64, cap: Cap },
    /// The file is not UTF-8 text.
    NotText(PathBuf),
    /// The system refused (permissions, a folder that vanished...).
    Io { path: PathBuf, error: std::io::Error },
}

impl ReadError {
    /// Whether the file is simply not there.
    pub fn is_missing(&self) -> bool {
        matches!(self, ReadError::Missing(_))
    }

    /// The file it is about.
    pub fn path(&self) -> &Path {
        match self {
            ReadError::Missing(p) | ReadError::NotText(p) => p,
            ReadError::NotAFile { path, .. }
            | ReadError::TooLarge { path, .. }
            | ReadError::Io { path, .. } => path,
        }
    }
}

/// A size in MB as a player reads it: `200 MB`, `1.5 MB`, `0.1 MB`.
fn megabytes(bytes: u64) -> String {
    let tenths = (bytes.saturating_mul(10)).div_ceil(MB);
    if tenths.is_multiple_of(10) {
        format!("{} MB", tenths / 10)
    } else {
        format!("{}.{} MB", tenths / 10, tenths % 10)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Missing(p) => write!(f, "{} does not exist", p.display()),
            ReadError::NotAFile { path, kind } => write!(
                f,
                "{} is {kind}, not a file; Periscope reads only regular files there",
                path.display()
            ),
            ReadError::TooLarge { path, size, cap } => write!(
                f,
                "{} is {}; Periscope reads at most {} of a {}",
                path.display(),
                // A file that grew past the cap while it was read is known only to be larger.
                if *size == cap.bytes + 1 {
                    format!("over {}", megabytes(cap.bytes))
                } else {
                    megabytes(*size)
                },
                megabytes(cap.bytes),
                cap.what
            ),
            ReadError::NotText(p) => write!(f, "{} is not a text file (it is not UTF-8)", p.display()),
            ReadError::Io { path, error } => write!(f, "Could not read {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for ReadError {}

/// What a path names when it is not a regular file, in the player's words (`None` for a regular file).
/// Links are followed: a link to a FIFO is a FIFO.
pub fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    crate::files::kind_if_not_regular(meta.file_type())
}

/// Why `path` would be refused as not a regular file (following links), or `None` when it is one or
/// cannot be looked at: for listings of the data folder, which skip such entries with a line naming
/// each.
pub fn refused_entry(path: &Path) -> Option<ReadError> {
    let meta = std::fs::metadata(path).ok()?;
    not_a_file(&meta).map(|kind| ReadError::NotAFile {
        path: path.to_path_buf(),
        kind,
    })
}

/// Opens a regular file for reading without ever blocking on a FIFO swapped in after the check: on
/// Unix it is opened non-blocking (which changes nothing for a regular file).
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Reads at most `cap.bytes` of a regular file: anything else (a FIFO, a device, a folder, a link to
/// one of those) is refused without being opened, and a larger file is refused after reading at most
/// one byte past the cap.
pub fn read_bytes(path: &Path, cap: Cap) -> Result<Vec<u8>, ReadError> {
    let io = |error: std::io::Error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            ReadError::Missing(path.to_path_buf())
        } else {
            ReadError::Io {
                path: path.to_path_buf(),
                error,
            }
        }
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if let Some(kind) = not_a_file(&meta) {
        return Err(ReadError::NotAFile {
            path: path.to_path_buf(),
            kind,
        });
    }
    let too_large = |size: u64| ReadError::TooLarge {
        path: path.to_path_buf(),
        size,
        cap,
    };
    if meta.len() > cap.bytes {
        return Err(too_large(meta.len()));
    }
    let file = open(path).map_err(io)?;
    // The path may have been swapped between the look and the open: the opened file is checked again.
    let opened = file.metadata().map_err(io)?;
    if let Some(kind) = not_a_file(&opened) {
        return Err(ReadError::NotAFile {
            path: path.to_path_buf(),
            kind,
        });
    }
    let expected = usize::try_from(opened.len().min(cap.bytes)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(expected);
    file.take(cap.bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > cap.bytes {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// [`read_bytes`], as UTF-8 text.
pub fn read_text(path: &Path, cap: Cap) -> Result<String, ReadError> {
    String::from_utf8(read_bytes(path, cap)?).map_err(|_| ReadError::NotText(path.to_path_buf()))
}

/// How deep a player's JSON may nest (the same as `serde_json`'s own limit).
pub const MAX_DEPTH: usize = 128;

/// Parses a player's JSON, refusing a key written twice in one object (naming it), and nesting deeper
/// than [`MAX_DEPTH`]. The message is `serde_json`'s, with the line and column.
pub fn strict_json(text: &str) -> Result<serde_json::Value, String> {
    strict_json_value(text).map_err(|e| e.to_string())
}

/// [`strict_json`], with `serde_json`'s error (its line and column) for callers that report them apart.
pub fn strict_json_value(text: &str) -> Result<serde_json::Value, serde_json::Error> {
    use serde::de::DeserializeSeed;
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Strict { depth: 0 }.deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// One JSON value at a depth, read by [`strict_json`].
#[derive(Clone, Copy)]
struct Strict {
    depth: usize,
}

impl<'de> serde::de::DeserializeSeed<'de> for Strict {
    type Value = serde_json::Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        if self.depth > MAX_DEPTH {
            return Err(serde::de::Error::custom(format!(
                "the JSON nests deeper than {MAX_DEPTH} levels"
            )));
        }
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Strict {
    type Value = serde_json::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(serde_json::Value::Null, serde_json::Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }

    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let inner = Strict {
            depth: self.depth + 1,
        };
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(inner)? {
            out.push(v);
        }
        Ok(serde_json::Value::Array(out))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let inner = Strict {
            depth: self.depth + 1,
        };
        let mut out = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                let shown: String = key.chars().take(80).flat_map(char::escape_default).collect();
                return Err(serde::de::Error::custom(format!(
                    "the key \"{shown}\" is written twice in one object (Periscope will not guess which \
                     one you meant)"
                )));
            }
            let value = map.next_value_seed(inner)?;
            out.insert(key, value);
        }
        Ok(serde_json::Value::Object(out))
    }
}

/// The PNG file signature.
const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

/// Whether bytes start as a PNG file does.
pub fn is_png(bytes: &[u8]) -> bool {
    bytes.starts_with(&PNG_SIGNATURE)
}

/// The chunks a counter picture needs to be drawn: its header, palette, transparency, pixels and end,
/// and the small fixed-size colour hints. Everything else (colour profiles `iCCP`, text `tEXt`/`zTXt`/
/// `iTXt`, `eXIf`, animation...) is dropped before decoding: a compressed chunk can inflate to gigabytes.
const PNG_KEPT: [&[u8; 4]; 8] = [
    b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND", b"gAMA", b"sRGB", b"cHRM",
];

/// A PNG rebuilt with only the chunks drawing needs ([`PNG_KEPT`], each copied whole with its checksum),
/// up to its `IEND`. A file cut short inside its chunk list, or without an `IEND`, is refused with a
/// reason (to follow the file's name).
pub fn png_essentials(bytes: &[u8]) -> Result<Vec<u8>, String> {
    if !is_png(bytes) {
        return Err("is not a PNG file".into());
    }
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&PNG_SIGNATURE);
    let mut at = PNG_SIGNATURE.len();
    loop {
        let Some(head) = bytes.get(at..at + 8) else {
            return Err(format!(
                "is cut short: its chunk list ends at byte {at} without an IEND chunk"
            ));
        };
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let kind = [head[4], head[5], head[6], head[7]];
        let end = at
            .checked_add(12)
            .and_then(|e| e.checked_add(len))
            .filter(|&e| e <= bytes.len())
            .ok_or_else(|| {
                format!(
                    "is cut short: its {} chunk at byte {at} claims {len} bytes, more than the file holds",
                    String::from_utf8_lossy(&kind).escape_default()
                )
            })?;
        if PNG_KEPT.contains(&&kind) {
            out.extend_from_slice(&bytes[at..end]);
        }
        if &kind == b"IEND" {
            return Ok(out);
        }
        at = end;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("periscope-bounded-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_regular_file_under_its_cap_is_read_whole() {
        let dir = folder("plain");
        let path = dir.join("settings.json");
        std::fs::write(&path, "{\"ui_scale\": 1.5}").unwrap();
        assert_eq!(read_text(&path, SETTINGS).unwrap(), "{\"ui_scale\": 1.5}");
        assert!(
            read_text(&dir.join("none.json"), SETTINGS)
                .unwrap_err()
                .is_missing()
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_over_its_cap_is_refused_naming_it_and_both_sizes() {
        let dir = folder("large");
        let path = dir.join("big.json");
        let cap = Cap {
            bytes: 1000,
            what: "settings file",
        };
        std::fs::write(&path, vec![b' '; 1000]).unwrap();
        assert_eq!(
            read_bytes(&path, cap).unwrap().len(),
            1000,
            "exactly the cap is read"
        );
        std::fs::write(&path, vec![b' '; 3 * MB as usize]).unwrap();
        let e = read_bytes(&path, SETTINGS).unwrap_err();
        assert!(matches!(e, ReadError::TooLarge { size, .. } if size == 3 * MB));
        assert_eq!(
            e.to_string(),
            format!(
                "{} is 3 MB; Periscope reads at most 1 MB of a settings file",
                path.display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_is_refused_as_a_folder() {
        let dir = folder("dir");
        let e = read_text(&dir, SAVE).unwrap_err();
        assert!(e.to_string().contains("is a folder, not a file"), "{e}");
        assert_eq!(e.path(), dir.as_path());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A FIFO would block the open for ever: it is refused without being opened (the test would hang
    /// otherwise), and so is a link to it.
    #[cfg(unix)]
    #[test]
    fn a_fifo_and_a_link_to_it_are_refused_without_blocking() {
        let dir = folder("fifo");
        let fifo = dir.join("x.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("no mkfifo on this system; skipped");
            return;
        }
        let e = read_text(&fifo, OVERRIDES).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "{} is a FIFO (named pipe), not a file; Periscope reads only regular files there",
                fifo.display()
            )
        );
        let link = dir.join("link.json");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        assert!(matches!(
            read_text(&link, SAVE).unwrap_err(),
            ReadError::NotAFile { .. }
        ));
        assert!(refused_entry(&link).is_some());
        assert!(refused_entry(&dir.join("none")).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A link to `/dev/zero` would be read until memory runs out: it is a device, refused at once.
    #[cfg(unix)]
    #[test]
    fn a_link_to_dev_zero_is_refused_as_a_device() {
        if !Path::new("/dev/zero").exists() {
            return;
        }
        let dir = folder("zero");
        let link = dir.join("settings.json");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let e = read_bytes(&link, SETTINGS).unwrap_err();
        assert!(e.to_string().contains("is a device, not a file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn text_that_is_not_utf8_is_refused_naming_the_file() {
        let dir = folder("utf8");
        let path = dir.join("rules.txt");
        std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        let e = read_text(&path, RULEBOOK).unwrap_err();
        assert!(matches!(e, ReadError::NotText(_)));
        assert!(e.to_string().contains("rules.txt"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn sizes_read_in_megabytes() {
        assert_eq!(megabytes(MB), "1 MB");
        assert_eq!(megabytes(200 * MB), "200 MB");
        assert_eq!(megabytes(MB + MB / 2), "1.5 MB");
        assert_eq!(megabytes(1), "0.1 MB");
    }

    #[test]
    fn a_key_written_twice_is_refused_naming_it_at_any_depth() {
        let e = strict_json(r#"{"game": "hunt", "game": "sensuikan"}"#).unwrap_err();
        assert!(e.contains("the key \"game\" is written twice"), "{e}");
        let e = strict_json(r#"{"charts": [{"rows": [{"roll": 2, "roll": 3}]}]}"#).unwrap_err();
        assert!(e.contains("\"roll\""), "{e}");
        // The same key in two objects is no repetition.
        let v = strict_json(r#"{"a": {"x": 1}, "b": {"x": 2.5, "y": [true, null, "s", -3]}}"#).unwrap();
        assert_eq!(v["b"]["x"], 2.5);
        assert_eq!(v["b"]["y"][3], -3);
        assert_eq!(
            v,
            serde_json::from_str::<serde_json::Value>(&v.to_string()).unwrap()
        );
    }

    #[test]
    fn nesting_past_the_limit_and_trailing_text_are_refused() {
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 2), "]".repeat(MAX_DEPTH + 2));
        assert!(strict_json(&deep).is_err());
        let fine = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(strict_json(&fine).is_ok());
        assert!(strict_json("{} x").is_err());
        assert!(strict_json("").is_err());
    }

    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        c.extend_from_slice(kind);
        c.extend_from_slice(data);
        c.extend_from_slice(&[0, 0, 0, 0]);
        c
    }

    #[test]
    fn a_png_keeps_only_the_chunks_drawing_needs() {
        let mut png = PNG_SIGNATURE.to_vec();
        for (kind, data) in [
            (b"IHDR", &[1u8; 13][..]),
            (b"iCCP", &[7; 40]),
            (b"tEXt", &[7; 9]),
            (b"IDAT", &[2; 5]),
            (b"zTXt", &[7; 3]),
            (b"eXIf", &[7; 3]),
            (b"IEND", &[]),
        ] {
            png.extend(chunk(kind, data));
        }
        png.extend_from_slice(b"trailing bytes after IEND");
        let kept = png_essentials(&png).unwrap();
        let mut expected = PNG_SIGNATURE.to_vec();
        expected.extend(chunk(b"IHDR", &[1; 13]));
        expected.extend(chunk(b"IDAT", &[2; 5]));
        expected.extend(chunk(b"IEND", &[]));
        assert_eq!(kept, expected);
    }

    #[test]
    fn a_png_cut_short_is_refused() {
        let mut png = PNG_SIGNATURE.to_vec();
        png.extend(chunk(b"IHDR", &[1; 13]));
        let e = png_essentials(&png).unwrap_err();
        assert!(e.contains("without an IEND"), "{e}");
        let mut lying = PNG_SIGNATURE.to_vec();
        lying.extend_from_slice(&u32::MAX.to_be_bytes());
        lying.extend_from_slice(b"iCCP");
        lying.extend_from_slice(&[0; 10]);
        let e = png_essentials(&lying).unwrap_err();
        assert!(e.contains("iCCP chunk at byte 8 claims 4294967295 bytes"), "{e}");
        assert!(png_essentials(b"GIF89a").is_err());
        assert!(png_essentials(&PNG_SIGNATURE[..4]).is_err());
    }
}
