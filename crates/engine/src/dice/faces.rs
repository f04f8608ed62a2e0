//! The faces of one roll, as the dice hand them to the rules.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The faces of one roll, held inline and copied like a number: no allocation and no memory round
/// trip per roll in a simulation of millions. No roll of the games throws more than [`Faces::MAX`] dice
/// (the data allow six at most); the dice refuse a roll that would ([`super::DiceError::TooManyDice`]).
///
/// The faces come first, on an eight-byte boundary, and the count fills the second word: a roll is
/// written and read in two whole words (a count written as one byte and read back with its word stalls
/// the load until the store has gone to memory).
#[derive(Clone, Copy, Default)]
#[repr(C, align(8))]
pub struct Faces {
    faces: [u8; Faces::MAX],
    /// At most [`Faces::MAX`].
    len: usize,
}

impl Faces {
    /// The most faces one roll holds.
    pub const MAX: usize = 8;

    pub fn new() -> Self {
        Self::default()
    }

    /// The faces of a list, or `None` when it holds more than [`Faces::MAX`].
    pub fn from_slice(faces: &[u8]) -> Option<Self> {
        let mut out = Self::new();
        out.faces.get_mut(..faces.len())?.copy_from_slice(faces);
        out.len = faces.len();
        Some(out)
    }

    /// The first `len` faces of `word`, its low byte first: faces gathered in a register are stored in
    /// one write, which the rules then read back without waiting on byte after byte.
    pub(crate) fn from_word(word: u64, len: usize) -> Self {
        Self {
            len: len.min(Self::MAX),
            faces: word.to_le_bytes(),
        }
    }

    /// Adds a face; `false` (and nothing added) when the roll is full.
    pub fn push(&mut self, face: u8) -> bool {
        match self.faces.get_mut(self.len) {
            Some(slot) => {
                *slot = face;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    pub fn into_vec(self) -> Vec<u8> {
        self.to_vec()
    }
}

impl Deref for Faces {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.faces[..self.len.min(Self::MAX)]
    }
}

impl IntoIterator for Faces {
    type Item = u8;
    type IntoIter = std::iter::Take<std::array::IntoIter<u8, { Faces::MAX }>>;

    fn into_iter(self) -> Self::IntoIter {
        self.faces.into_iter().take(self.len)
    }
}

impl<'a> IntoIterator for &'a Faces {
    type Item = &'a u8;
    type IntoIter = std::slice::Iter<'a, u8>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Two rolls are equal when their faces are (the unused room is not compared).
impl PartialEq for Faces {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Faces {}

impl fmt::Debug for Faces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Written as the list of its faces, as a `Vec<u8>` is.
impl Serialize for Faces {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Faces {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let faces = Vec::<u8>::deserialize(deserializer)?;
        Faces::from_slice(&faces).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "a roll of {} faces: a roll has {} at most",
                faces.len(),
                Faces::MAX
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_hold_up_to_eight_and_compare_by_their_faces() {
        let mut f = Faces::new();
        assert!(f.is_empty());
        for k in 1..=8 {
            assert!(f.push(k));
        }
        assert!(!f.push(9), "a ninth face does not fit");
        assert_eq!(&*f, &[1, 2, 3, 4, 5, 6, 7, 8]);
        assert!(Faces::from_slice(&[1; 9]).is_none());
        assert_eq!(Faces::from_slice(&[6, 1]).map(Faces::into_vec), Some(vec![6, 1]));
        // The same faces are equal whatever the room beyond them held.
        let mut a = Faces::from_slice(&[4, 4, 4]).unwrap();
        a.len = 1;
        assert_eq!(a, Faces::from_slice(&[4]).unwrap());
        assert_ne!(a, Faces::from_slice(&[4, 4]).unwrap());
    }

    #[test]
    fn faces_read_and_write_as_a_list() {
        let f = Faces::from_slice(&[3, 5]).unwrap();
        assert_eq!(serde_json::to_string(&f).unwrap(), "[3,5]");
        assert_eq!(serde_json::from_str::<Faces>("[3,5]").unwrap(), f);
        assert!(serde_json::from_str::<Faces>("[1,1,1,1,1,1,1,1,1]").is_err());
        assert_eq!(format!("{f:?}"), "[3, 5]");
    }
}
