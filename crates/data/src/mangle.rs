//! Broken inputs for the loaders' property tests (issue 21): a valid file truncated, bit-flipped, with one
//! of its values swapped for another type, nested far deeper than any file is, made huge, or made not
//! UTF-8. Seeded, so that a failing case replays; every crate's loader tests draw from here.

use serde_json::Value;

/// How an input was broken, for the failure message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breakage {
    Truncated,
    BitFlipped,
    TypeSwapped,
    DeeplyNested,
    Huge,
    NotUtf8,
    Empty,
}

/// A seeded source of broken inputs (splitmix64: small, and the same on every platform).
#[derive(Debug, Clone)]
pub struct Mangler {
    state: u64,
}

/// How deep the nested input goes: far beyond any file's depth and beyond `serde_json`'s limit.
const DEPTH: usize = 20_000;
/// How long the huge input's added string is.
const HUGE: usize = 2 * 1024 * 1024;

impl Mangler {
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    /// `valid` broken one way, chosen at random (the rare heavy ways less often).
    pub fn mangle(&mut self, valid: &[u8]) -> (Breakage, Vec<u8>) {
        let way = match self.below(40) {
            0 => Breakage::DeeplyNested,
            1 => Breakage::Huge,
            2 => Breakage::Empty,
            3..=12 => Breakage::Truncated,
            13..=22 => Breakage::BitFlipped,
            23..=34 => Breakage::TypeSwapped,
            _ => Breakage::NotUtf8,
        };
        let bytes = match way {
            Breakage::Truncated => valid[..self.below(valid.len())].to_vec(),
            Breakage::BitFlipped => {
                let mut b = valid.to_vec();
                for _ in 0..=self.below(4) {
                    let i = self.below(b.len());
                    if let Some(byte) = b.get_mut(i) {
                        *byte ^= 1 << self.below(8);
                    }
                }
                b
            }
            Breakage::TypeSwapped => self.swap_a_type(valid),
            Breakage::DeeplyNested => {
                let at = self.below(valid.len());
                let mut b = valid[..at].to_vec();
                b.extend(std::iter::repeat_n(b'[', DEPTH));
                b.extend(std::iter::repeat_n(b']', DEPTH));
                b.extend_from_slice(&valid[at..]);
                b
            }
            Breakage::Huge => self.make_huge(valid),
            Breakage::NotUtf8 => {
                let mut b = valid.to_vec();
                let at = self.below(b.len() + 1);
                b.splice(at..at, [0xFF, 0xFE, 0xC3]);
                b
            }
            Breakage::Empty => Vec::new(),
        };
        (way, bytes)
    }

    /// One value of the document swapped for a value of another type (a number for a string, an object
    /// for an array…); a text that is not JSON gets a bit flip instead.
    fn swap_a_type(&mut self, valid: &[u8]) -> Vec<u8> {
        let Ok(mut doc) = serde_json::from_slice::<Value>(valid) else {
            let mut b = valid.to_vec();
            let i = self.below(b.len());
            if let Some(byte) = b.get_mut(i) {
                *byte ^= 0x20;
            }
            return b;
        };
        let count = count_values(&doc);
        let target = self.below(count);
        let replacement = match self.below(6) {
            0 => Value::Null,
            1 => Value::Bool(true),
            2 => Value::from(-1_i64),
            3 => Value::from(1.0e300),
            4 => Value::String("\u{0}?".into()),
            _ => Value::Array(vec![Value::Object(Default::default())]),
        };
        let mut seen = 0;
        replace_nth(&mut doc, target, &mut seen, &replacement);
        serde_json::to_vec(&doc).unwrap_or_default()
    }

    /// The document with one string (or, lacking one, the whole) made megabytes long.
    fn make_huge(&mut self, valid: &[u8]) -> Vec<u8> {
        let huge = "W".repeat(HUGE);
        match serde_json::from_slice::<Value>(valid) {
            Ok(mut doc) => {
                let count = count_values(&doc);
                let target = self.below(count);
                let mut seen = 0;
                replace_nth(&mut doc, target, &mut seen, &Value::String(huge));
                serde_json::to_vec(&doc).unwrap_or_default()
            }
            Err(_) => {
                let mut b = valid.to_vec();
                b.extend_from_slice(huge.as_bytes());
                b
            }
        }
    }
}

fn count_values(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count_values).sum(),
        Value::Object(o) => o.values().map(count_values).sum(),
        _ => 0,
    }
}

/// Replaces the `target`-th value in document order (the root is 0).
fn replace_nth(v: &mut Value, target: usize, seen: &mut usize, with: &Value) -> bool {
    if *seen == target {
        *v = with.clone();
        return true;
    }
    *seen += 1;
    match v {
        Value::Array(a) => a.iter_mut().any(|x| replace_nth(x, target, seen, with)),
        Value::Object(o) => o.values_mut().any(|x| replace_nth(x, target, seen, with)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way of breaking comes up, the same seed gives the same inputs, and a swapped type changes
    /// the document.
    #[test]
    fn the_mangler_breaks_in_every_way_and_replays() {
        let valid = br#"{"a": [1, 2, {"b": "text"}], "c": true}"#;
        let mut m = Mangler::new(7);
        let mut ways = Vec::new();
        let mut first = Vec::new();
        for _ in 0..400 {
            let (way, bytes) = m.mangle(valid);
            if !ways.contains(&way) {
                ways.push(way);
            }
            first.push(bytes);
        }
        assert_eq!(ways.len(), 7, "{ways:?}");
        let mut again = Mangler::new(7);
        assert!(first.iter().all(|b| again.mangle(valid).1 == *b));
        let mut m = Mangler::new(1);
        assert_ne!(m.swap_a_type(valid), valid.to_vec());
    }
}
