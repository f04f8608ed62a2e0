//! Dice, named as the books name them, and the three places their faces come from.
//!
//! Faces are drawn from `next_u32` with unbiased rejection rather than through `rand`'s helpers, whose
//! values may change between versions: a save made today must replay identically forever.

use std::collections::VecDeque;
use std::fmt;

use periscope_data::chart::ChartDice;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

mod faces;

pub use faces::Faces;

/// What is thrown for one roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "dice", rename_all = "snake_case")]
pub enum Dice {
    /// `count` six-sided dice, each face kept (2d6 keeps both, so a natural 12 or 2 can matter).
    D6 { count: u8 },
    /// One ten-sided die, faces 1-10.
    D10,
    /// One twenty-sided die.
    D20,
    /// Two d10 read as tens and units; "00" reads as 100. Faces are recorded as tens digit then units digit,
    /// each 0-9.
    D100,
    /// One ten-sided die read 0-9 (the Silent War die).
    D10Zero,
    /// Two d6 read as tens and units, 11 to 66 (Atlantic Sentinels' B5): faces recorded tens die first.
    D66,
}

/// A chart's dice, as the engine throws them.
impl From<ChartDice> for Dice {
    fn from(d: ChartDice) -> Self {
        match d {
            ChartDice::D6 => Dice::D1D6,
            ChartDice::D2D6 => Dice::D2D6,
            ChartDice::D3D6 => Dice::D6 { count: 3 },
            ChartDice::D10 => Dice::D10,
            ChartDice::D20 => Dice::D20,
            ChartDice::D100 => Dice::D100,
            ChartDice::D10Zero => Dice::D10Zero,
            ChartDice::D66 => Dice::D66,
            // The d20 of a band+1d20 chart; its band is a roll of its own, on the band's dice.
            ChartDice::BandD20 => Dice::D20,
        }
    }
}

impl Dice {
    pub const D1D6: Dice = Dice::D6 { count: 1 };
    pub const D2D6: Dice = Dice::D6 { count: 2 };

    /// How many faces the roll records.
    pub fn face_count(self) -> usize {
        match self {
            Dice::D6 { count } => usize::from(count),
            Dice::D10 | Dice::D20 | Dice::D10Zero => 1,
            Dice::D100 | Dice::D66 => 2,
        }
    }

    /// The lowest and highest face of die number `index` of this roll.
    pub fn face_range(self, _index: usize) -> (u8, u8) {
        match self {
            Dice::D6 { .. } | Dice::D66 => (1, 6),
            Dice::D10 => (1, 10),
            Dice::D20 => (1, 20),
            Dice::D100 | Dice::D10Zero => (0, 9),
        }
    }

    /// The result the faces read as: the sum for d6 pools, the face for d10 and d20, tens and units for d100
    /// and d66.
    pub fn read(self, faces: &[u8]) -> i32 {
        match self {
            Dice::D66 => {
                let tens = faces.first().copied().map_or(0, i32::from);
                let units = faces.get(1).copied().map_or(0, i32::from);
                tens * 10 + units
            }
            Dice::D100 => {
                let tens = faces.first().copied().map_or(0, i32::from);
                let units = faces.get(1).copied().map_or(0, i32::from);
                let v = tens * 10 + units;
                if v == 0 { 100 } else { v }
            }
            _ => faces.iter().map(|&f| i32::from(f)).sum(),
        }
    }

    /// Checks a set of faces entered by hand or from a script.
    pub fn check(self, faces: &[u8]) -> Result<(), DiceError> {
        if faces.len() != self.face_count() {
            return Err(DiceError::WrongCount {
                dice: self,
                expected: self.face_count(),
                got: faces.len(),
            });
        }
        for (i, &f) in faces.iter().enumerate() {
            let (lo, hi) = self.face_range(i);
            if f < lo || f > hi {
                return Err(DiceError::FaceOutOfRange {
                    dice: self,
                    face: f,
                    low: lo,
                    high: hi,
                });
            }
        }
        Ok(())
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dice::D6 { count } => write!(f, "{count}d6"),
            Dice::D10 => write!(f, "1d10"),
            Dice::D20 => write!(f, "1d20"),
            Dice::D100 => write!(f, "d100"),
            Dice::D10Zero => write!(f, "1d10 (0-9)"),
            Dice::D66 => write!(f, "d66"),
        }
    }
}

/// Faces that cannot be used for a roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum DiceError {
    WrongCount {
        dice: Dice,
        expected: usize,
        got: usize,
    },
    FaceOutOfRange {
        dice: Dice,
        face: u8,
        low: u8,
        high: u8,
    },
    /// More dice than one roll holds ([`Faces::MAX`]): a rules bug, reported instead of rolling.
    TooManyDice {
        dice: Dice,
    },
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::WrongCount { dice, expected, got } => {
                write!(f, "{dice} needs {expected} face(s), {got} given")
            }
            DiceError::FaceOutOfRange {
                dice,
                face,
                low,
                high,
            } => {
                write!(f, "{face} is not a face of {dice} (faces run {low} to {high})")
            }
            DiceError::TooManyDice { dice } => {
                write!(f, "{dice} is more dice than one roll holds ({})", Faces::MAX)
            }
        }
    }
}

impl std::error::Error for DiceError {}

/// How a game's dice are thrown; saved with the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum DiceMode {
    /// The program rolls, from a ChaCha8 stream seeded with the game's seed.
    Seeded,
    /// Faces come from this list in order (tests, replays of a book example); once it runs out the game
    /// asks for each further die as in physical mode.
    Scripted { faces: Vec<u8> },
    /// Faces come from this list in order, then from the seeded stream: a book's example played as far
    /// as the player followed it, and played on with the program's dice.
    ScriptedThenSeeded { faces: Vec<u8> },
    /// The player rolls real dice and enters each face.
    Physical,
}

/// A deterministic, unbiased stream of numbers from a `u64` seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeededRng(ChaCha8Rng);

impl SeededRng {
    pub fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform number in `1..=n` by rejection sampling on `next_u32`; `n` of 0 reads as 1.
    pub fn face(&mut self, n: u32) -> u32 {
        let n = n.max(1);
        // Every die and every card shuffle asks for a small `n`: a table answers without dividing.
        if let Some(small) = SMALL_DIVISORS.get(n as usize) {
            loop {
                let x = self.0.next_u32();
                if x < small.limit {
                    return small.remainder(x, n) + 1;
                }
            }
        }
        let limit = u32::MAX - (u32::MAX % n);
        loop {
            let x = self.0.next_u32();
            if x < limit {
                return x % n + 1;
            }
        }
    }

    /// How many 32-bit words the stream has given so far (faces and rejected draws alike): what a
    /// benchmark draws again alone to compare a game with its dice.
    pub fn words_drawn(&self) -> u64 {
        u64::try_from(self.0.get_word_pos()).unwrap_or(u64::MAX)
    }

    /// Draws `count` words and throws them away: the cost of a game's dice alone.
    pub fn draw_words(&mut self, count: u64) -> u32 {
        let mut sink = 0u32;
        for _ in 0..count {
            sink ^= self.0.next_u32();
        }
        sink
    }

    /// A uniform index in `0..n` (`n` of 0 gives 0).
    pub fn index(&mut self, n: usize) -> usize {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        (self.face(n) - 1) as usize
    }

    /// Shuffles in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        // The last step divides by the pack's size: the table answers up to its end.
        if items.len() >= SMALL_DIVISORS.len() {
            for i in (1..items.len()).rev() {
                let j = self.index(i + 1);
                items.swap(i, j);
            }
            return;
        }
        // A pack (every shuffle the games make): the divisor of each step is read from the table.
        for i in (1..items.len()).rev() {
            let n = i + 1;
            let small = SMALL_DIVISORS[n];
            let j = loop {
                let x = self.0.next_u32();
                if x < small.limit {
                    break small.remainder(x, n as u32) as usize;
                }
            };
            if j < i {
                items.swap(i, j);
            }
        }
    }
}

/// What [`SeededRng::face`] needs for one divisor `n`, worked out once: the rejection limit
/// `u32::MAX - u32::MAX % n`, and the multiplier that gives `x % n` without a division (Lemire, Kaser and
/// Kurz, "Faster remainder by direct computation", 2019). The faces are exactly those of the division.
#[derive(Clone, Copy)]
struct SmallDivisor {
    limit: u32,
    /// `u64::MAX / n + 1`.
    multiplier: u64,
}

impl SmallDivisor {
    const fn new(n: u32) -> Self {
        let n = if n == 0 { 1 } else { n };
        Self {
            limit: u32::MAX - (u32::MAX % n),
            multiplier: (u64::MAX / n as u64).wrapping_add(1),
        }
    }

    /// `x % n`, for the `n` this divisor was made for.
    fn remainder(self, x: u32, n: u32) -> u32 {
        let low = self.multiplier.wrapping_mul(u64::from(x));
        // The high word of a 64 × 32-bit product: below `n`, so it fits.
        ((u128::from(low) * u128::from(n)) >> 64) as u32
    }
}

/// The divisors of every die and card pack the games use (up to 64), index `n` for divisor `n`.
const SMALL_DIVISORS: [SmallDivisor; 65] = {
    let mut table = [SmallDivisor::new(1); 65];
    let mut n = 1;
    while n < 65 {
        table[n] = SmallDivisor::new(n as u32);
        n += 1;
    }
    table
};

/// Where the faces of the next roll come from. Part of the game state, so a cloned game rolls the same.
/// The generator stays inline (not boxed): games are cloned on every action and one allocation less
/// matters more than the enum's size.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum DiceSource {
    Seeded(SeededRng),
    /// Faces queued by a script or entered by the player; empty means the game must ask.
    Manual(VecDeque<u8>),
    /// A script's faces still to use, then the seeded stream: once the queue is empty the source becomes
    /// [`DiceSource::Seeded`] (see [`DiceMode::ScriptedThenSeeded`]).
    Then(VecDeque<u8>, SeededRng),
}

impl DiceSource {
    pub fn new(mode: &DiceMode, seed: u64) -> Self {
        match mode {
            DiceMode::Seeded => DiceSource::Seeded(SeededRng::new(seed)),
            DiceMode::Scripted { faces } => DiceSource::Manual(faces.iter().copied().collect()),
            DiceMode::ScriptedThenSeeded { faces } if faces.is_empty() => {
                DiceSource::Seeded(SeededRng::new(seed))
            }
            DiceMode::ScriptedThenSeeded { faces } => {
                DiceSource::Then(faces.iter().copied().collect(), SeededRng::new(seed))
            }
            DiceMode::Physical => DiceSource::Manual(VecDeque::new()),
        }
    }

    /// The words seeded dice have drawn (see [`SeededRng::words_drawn`]); 0 for entered faces.
    pub fn words_drawn(&self) -> u64 {
        match self {
            DiceSource::Seeded(rng) => rng.words_drawn(),
            DiceSource::Manual(_) | DiceSource::Then(..) => 0,
        }
    }

    /// Whether the program throws every roll itself (so a player's faces are refused): seeded dice, and a
    /// script played on with seeded dice.
    pub fn program_rolls(&self) -> bool {
        matches!(self, DiceSource::Seeded(_) | DiceSource::Then(..))
    }

    /// Whether the next roll of `dice` can be made without asking the player.
    pub fn can_roll(&self, dice: Dice) -> bool {
        match self {
            DiceSource::Seeded(_) | DiceSource::Then(..) => true,
            DiceSource::Manual(q) => q.len() >= dice.face_count(),
        }
    }

    /// Rolls `dice`, or returns `Ok(None)` when the player must enter the faces. Scripted faces that do not
    /// fit the dice are an error and are left in the queue.
    ///
    /// Seeded d6 pools, most rolls of every game, are thrown inline; the rest in [`DiceSource::roll_any`].
    #[inline]
    pub fn roll(&mut self, dice: Dice) -> Result<Option<Faces>, DiceError> {
        if let (DiceSource::Seeded(rng), Dice::D6 { count }) = (&mut *self, dice)
            && usize::from(count) <= Faces::MAX
        {
            // The faces gather in one word, stored whole.
            let mut word = 0u64;
            for k in 0..count {
                word |= u64::from(rng.face(6)) << (8 * k);
            }
            return Ok(Some(Faces::from_word(word, usize::from(count))));
        }
        self.roll_any(dice)
    }

    /// [`DiceSource::roll`] for any dice and any source.
    #[inline(never)]
    fn roll_any(&mut self, dice: Dice) -> Result<Option<Faces>, DiceError> {
        match self {
            DiceSource::Seeded(rng) => {
                if dice.face_count() > Faces::MAX {
                    return Err(DiceError::TooManyDice { dice });
                }
                let mut word = 0u64;
                for i in 0..dice.face_count() {
                    let (lo, hi) = dice.face_range(i);
                    let span = u32::from(hi - lo) + 1;
                    // The face fits in u8: it is at most `hi`.
                    let face = (rng.face(span) - 1) as u8 + lo;
                    word |= u64::from(face) << (8 * i);
                }
                Ok(Some(Faces::from_word(word, dice.face_count())))
            }
            // A script's faces while they last (a roll they no longer fill drops them), then the seed's.
            DiceSource::Then(q, rng) => match take_faces(q, dice)? {
                Some(faces) => Ok(Some(faces)),
                None => {
                    *self = DiceSource::Seeded(rng.clone());
                    self.roll_any(dice)
                }
            },
            DiceSource::Manual(q) => take_faces(q, dice),
        }
    }

    /// Queues faces the player entered for a pending roll of `dice`, after checking them.
    pub fn enter(&mut self, dice: Dice, faces: &[u8]) -> Result<(), DiceError> {
        dice.check(faces)?;
        match self {
            DiceSource::Manual(q) => {
                q.extend(faces.iter().copied());
                Ok(())
            }
            // Seeded games never ask; entering faces there is refused by the game before this point.
            DiceSource::Seeded(_) | DiceSource::Then(..) => Ok(()),
        }
    }
}

/// The next roll's faces from a queue of entered or scripted faces, checked against `dice` and taken
/// off it; `None` (and the queue untouched) when it holds fewer than the roll needs. Faces that do not fit
/// the dice are an error and stay queued.
fn take_faces(q: &mut VecDeque<u8>, dice: Dice) -> Result<Option<Faces>, DiceError> {
    if dice.face_count() > Faces::MAX {
        return Err(DiceError::TooManyDice { dice });
    }
    if q.len() < dice.face_count() {
        return Ok(None);
    }
    let mut faces = Faces::new();
    for &f in q.iter().take(dice.face_count()) {
        faces.push(f);
    }
    dice.check(&faces)?;
    for _ in 0..faces.len() {
        q.pop_front();
    }
    Ok(Some(faces))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A script played on with the program's dice: its faces first, in order, then exactly the faces a
    /// seeded source of the same seed throws from its start; a player's faces are refused throughout.
    #[test]
    fn a_script_then_seeded_dice_uses_the_script_then_the_seed() {
        let mode = DiceMode::ScriptedThenSeeded { faces: vec![6, 6, 1] };
        let mut then = DiceSource::new(&mode, 42);
        assert!(then.program_rolls());
        assert_eq!(then.roll(Dice::D2D6).unwrap().unwrap().to_vec(), [6, 6]);
        assert_eq!(then.roll(Dice::D1D6).unwrap().unwrap().to_vec(), [1]);
        let mut seeded = DiceSource::new(&DiceMode::Seeded, 42);
        for _ in 0..20 {
            assert_eq!(then.roll(Dice::D2D6).unwrap(), seeded.roll(Dice::D2D6).unwrap());
        }
        assert!(matches!(then, DiceSource::Seeded(_)), "the script used up");
        let none = DiceSource::new(&DiceMode::ScriptedThenSeeded { faces: vec![] }, 42);
        assert!(matches!(none, DiceSource::Seeded(_)));
        // One face left for a 2d6: the program throws the roll.
        let mut short = DiceSource::new(&DiceMode::ScriptedThenSeeded { faces: vec![3] }, 42);
        let mut seeded = DiceSource::new(&DiceMode::Seeded, 42);
        assert_eq!(short.roll(Dice::D2D6).unwrap(), seeded.roll(Dice::D2D6).unwrap());
        // A scripted face that does not fit stays an error.
        let mut bad = DiceSource::new(&DiceMode::ScriptedThenSeeded { faces: vec![9] }, 42);
        assert!(bad.roll(Dice::D1D6).is_err());
    }

    /// [Atlantic Sentinels B5] A d66 reads its two d6 as tens and units: 4 and 1 are 41.
    #[test]
    fn a_d66_reads_tens_and_units() {
        assert_eq!(Dice::D66.read(&[4, 1]), 41);
        assert_eq!(Dice::D66.read(&[1, 6]), 16);
        assert!(Dice::D66.check(&[0, 6]).is_err() && Dice::D66.check(&[6, 6]).is_ok());
        let mut s = DiceSource::new(&DiceMode::Seeded, 7);
        for _ in 0..200 {
            let f = s.roll(Dice::D66).ok().flatten().unwrap_or_default();
            let r = Dice::D66.read(&f);
            assert!((11..=66).contains(&r) && (1..=6).contains(&(r % 10)), "{r}");
        }
        assert_eq!(Dice::D66.to_string(), "d66");
    }

    /// Golden: the first 20 d6 faces of seed 1. If this changes, every save ever made changes with it.
    #[test]
    fn seed_1_first_twenty_d6_faces_are_pinned() {
        let mut src = DiceSource::new(&DiceMode::Seeded, 1);
        let faces: Vec<u8> = (0..20)
            .flat_map(|_| src.roll(Dice::D1D6).unwrap().unwrap())
            .collect();
        assert_eq!(faces, GOLDEN_SEED_1);
    }
    const GOLDEN_SEED_1: [u8; 20] = [6, 3, 6, 1, 4, 2, 1, 1, 4, 2, 1, 5, 6, 5, 5, 3, 6, 2, 1, 3];

    /// The table's remainders and rejection limits are the division's, for every small divisor: the
    /// faces of every save stay what they were.
    #[test]
    fn small_divisors_give_the_divisions_answers() {
        let mut rng = SeededRng::new(11);
        let edges = [
            0,
            1,
            2,
            63,
            64,
            65,
            u32::MAX / 2,
            u32::MAX - 64,
            u32::MAX - 1,
            u32::MAX,
        ];
        for n in 1..=64u32 {
            let small = SMALL_DIVISORS[n as usize];
            assert_eq!(small.limit, u32::MAX - (u32::MAX % n), "limit of {n}");
            let samples = (0..20_000).map(|_| rng.0.next_u32());
            for x in edges.into_iter().chain(samples) {
                assert_eq!(small.remainder(x, n), x % n, "{x} % {n}");
            }
        }
        // A stream read through the table and through division gives the same faces.
        let (mut fast, mut slow) = (SeededRng::new(5), SeededRng::new(5));
        for n in (1..=64u32).cycle().take(5_000) {
            let limit = u32::MAX - (u32::MAX % n);
            let expected = loop {
                let x = slow.0.next_u32();
                if x < limit {
                    break x % n + 1;
                }
            };
            assert_eq!(fast.face(n), expected, "face of {n}");
        }
    }

    /// The shuffle reads the table for small places and divides for large ones: the order is the one
    /// drawing [`SeededRng::index`] for each place gives, for packs of every size around the table's end.
    #[test]
    fn the_shuffle_draws_what_index_draws() {
        for len in [0, 1, 2, 52, 54, 64, 65, 66, 200] {
            let (mut fast, mut slow) = (SeededRng::new(len as u64), SeededRng::new(len as u64));
            let mut shuffled: Vec<usize> = (0..len).collect();
            fast.shuffle(&mut shuffled);
            let mut expected: Vec<usize> = (0..len).collect();
            for i in (1..len).rev() {
                let j = slow.index(i + 1);
                expected.swap(i, j);
            }
            assert_eq!(shuffled, expected, "a pack of {len}");
            assert_eq!(fast, slow, "a pack of {len} drew other words");
        }
    }

    #[test]
    fn faces_stay_in_range_and_are_roughly_uniform() {
        let mut rng = SeededRng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let f = rng.face(6);
            assert!((1..=6).contains(&f));
            counts[(f - 1) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn d100_reads_tens_and_units_with_00_as_100() {
        assert_eq!(Dice::D100.read(&[0, 0]), 100);
        assert_eq!(Dice::D100.read(&[7, 7]), 77);
        assert_eq!(Dice::D100.read(&[0, 5]), 5);
        assert_eq!(Dice::D2D6.read(&[6, 6]), 12);
        let mut src = DiceSource::new(&DiceMode::Seeded, 3);
        for _ in 0..500 {
            let f = src.roll(Dice::D100).unwrap().unwrap();
            assert!(f.iter().all(|&d| d <= 9));
            let v = Dice::D100.read(&f);
            assert!((1..=100).contains(&v));
            let d20 = src.roll(Dice::D20).unwrap().unwrap()[0];
            assert!((1..=20).contains(&d20));
            let d10 = src.roll(Dice::D10).unwrap().unwrap()[0];
            assert!((1..=10).contains(&d10));
        }
    }

    #[test]
    fn two_d6_keeps_both_faces() {
        let mut src = DiceSource::new(
            &DiceMode::Scripted {
                faces: vec![6, 6, 1, 1],
            },
            0,
        );
        assert_eq!(src.roll(Dice::D2D6).unwrap().as_deref(), Some(&[6, 6][..]));
        assert_eq!(src.roll(Dice::D2D6).unwrap().as_deref(), Some(&[1, 1][..]));
        assert_eq!(src.roll(Dice::D2D6).unwrap(), None);
    }

    #[test]
    fn physical_faces_out_of_range_are_refused() {
        let mut src = DiceSource::new(&DiceMode::Physical, 0);
        assert_eq!(src.roll(Dice::D1D6).unwrap(), None);
        assert!(matches!(
            src.enter(Dice::D1D6, &[7]),
            Err(DiceError::FaceOutOfRange { face: 7, .. })
        ));
        assert!(matches!(
            src.enter(Dice::D1D6, &[0]),
            Err(DiceError::FaceOutOfRange { .. })
        ));
        assert!(matches!(
            src.enter(Dice::D2D6, &[3]),
            Err(DiceError::WrongCount { .. })
        ));
        assert!(src.enter(Dice::D20, &[20]).is_ok());
        assert_eq!(src.roll(Dice::D20).unwrap().as_deref(), Some(&[20][..]));
        // A bad scripted face is an error and stays queued, so nothing is silently lost.
        let mut bad = DiceSource::new(&DiceMode::Scripted { faces: vec![9] }, 0);
        assert!(bad.roll(Dice::D1D6).is_err());
        assert!(bad.roll(Dice::D10).unwrap().is_some());
    }
}
