//! "What are my chances from here?": from a game's current state, N continuations played to their end
//! by the careful captain, each on dice of its own (continuation i rolls seed S+i), and the tally of their
//! endings: the victory levels, the tonnage, the survivors. The continuations are shared among threads in
//! contiguous chunks and merged in seed order, so the same state and seed give the same tally for any
//! number of threads. A counter says how many are finished and a flag cancels the run (the app's window
//! shows one and offers the other); the CLI's `sim --from SAVE` prints the tally.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use serde::Serialize;

use crate::dice::{DiceSource, SeededRng};
use crate::game::Paced;
use crate::machine::Rules;
use crate::policy::{Captain, Policy};

/// A game whose chances can be told: how a finished game reads.
pub trait Chances: Captain + Rules + Paced + Send + Sync {
    /// What its tonnage counts (`tonnage sunk`, `tonnage lost`).
    const TONNAGE: &'static str;
    /// The game's victory levels, in its own order.
    fn levels(&self) -> Vec<String>;
    /// A finished game's level (an index into `levels`), tonnage and whether the player survived.
    fn tally(&self) -> Option<(usize, u32, bool)>;
}

/// A finished continuation: its level, its tonnage, whether the player survived ([`Chances::tally`]).
type Ending = (usize, u32, bool);

/// How many continuations, from which seed, on how many threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub continuations: u64,
    /// Continuation i rolls seed `seed + i`.
    pub seed: u64,
    pub threads: usize,
}

/// Why a run gave no tally.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stopped {
    /// The cancel flag was raised.
    Cancelled,
    /// A continuation failed (a rules bug): the first in seed order, with its seed.
    Failed(String),
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Cancelled => f.write_str("cancelled"),
            Stopped::Failed(why) => f.write_str(why),
        }
    }
}

/// The endings of a run's continuations.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tallies {
    pub continuations: u64,
    pub seed: u64,
    /// Each victory level with the continuations that ended on it, in the game's order.
    pub levels: Vec<(String, u64)>,
    /// What the tonnage counts (`tonnage sunk`).
    pub tonnage: &'static str,
    /// Every continuation's tonnage, lowest first.
    pub tons: Vec<u32>,
    /// The continuations whose player survived.
    pub survivors: u64,
}

impl Tallies {
    /// The tonnage at percentile `p` (0-100): the tonnage of the continuation that many hundredths up.
    pub fn tonnage_at(&self, p: usize) -> u32 {
        if self.tons.is_empty() {
            return 0;
        }
        self.tons[((self.tons.len() - 1) * p.min(100)) / 100]
    }

    /// The share of continuations whose player survived (0 for none).
    pub fn survival_rate(&self) -> f64 {
        self.survivors as f64 / self.continuations.max(1) as f64
    }
}

/// Plays `plan.continuations` continuations of `start` to their end and tallies them; `finished` counts
/// the continuations done as they finish, and a raised `cancel` stops every thread at its next action.
pub fn play_on<G: Chances>(
    start: &G,
    plan: &Plan,
    finished: &AtomicU64,
    cancel: &AtomicBool,
) -> Result<Tallies, Stopped> {
    let count = plan.continuations;
    let threads = u64::try_from(plan.threads.max(1)).unwrap_or(1).min(count.max(1));
    let chunk = count.div_ceil(threads);
    let play = |i: u64| -> Result<Ending, Stopped> {
        let ending = continuation(start, plan.seed.wrapping_add(i), cancel);
        finished.fetch_add(1, Ordering::Relaxed);
        ending
    };
    let play = &play;
    let chunks: Vec<Result<Vec<Ending>, Stopped>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (from, to) = (t * chunk, ((t + 1) * chunk).min(count));
                scope.spawn(move || (from..to).map(play).collect::<Result<Vec<_>, _>>())
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(Stopped::Failed("a continuation's thread panicked".into())))
            })
            .collect()
    });
    if cancel.load(Ordering::Relaxed) {
        return Err(Stopped::Cancelled);
    }
    let names = start.levels();
    let mut counts = vec![0u64; names.len()];
    let mut tons = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
    let mut survivors = 0u64;
    for c in chunks {
        for (level, t, alive) in c? {
            if let Some(n) = counts.get_mut(level) {
                *n += 1;
            }
            tons.push(t);
            survivors += u64::from(alive);
        }
    }
    tons.sort_unstable();
    Ok(Tallies {
        continuations: count,
        seed: plan.seed,
        levels: names.into_iter().zip(counts).collect(),
        tonnage: G::TONNAGE,
        tons,
        survivors,
    })
}

/// One continuation on seed `s`: the careful captain plays it to its end.
fn continuation<G: Chances>(start: &G, s: u64, cancel: &AtomicBool) -> Result<Ending, Stopped> {
    let failed = |e: &dyn std::fmt::Display| Stopped::Failed(format!("continuation {s}: {e}"));
    let mut g = start.clone();
    *Rules::dice(&mut g) = DiceSource::Seeded(SeededRng::new(s));
    let mut rng = SeededRng::new(s ^ 0x00C0_FFEE);
    // A game of physical dice may stop at a roll: the new dice make it first.
    g.roll_all().map_err(|e| failed(&e))?;
    while let Some(a) = Policy::Careful.choose(&g, &mut rng) {
        if cancel.load(Ordering::Relaxed) {
            return Err(Stopped::Cancelled);
        }
        g.apply_discarding_on_error(a).map_err(|e| failed(&e))?;
    }
    g.tally()
        .ok_or_else(|| Stopped::Failed(format!("continuation {s} did not finish")))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    /// Percentiles and the survival share read the sorted tonnage and the survivors.
    #[test]
    fn percentiles_read_the_sorted_tonnage() {
        let t = Tallies {
            continuations: 4,
            seed: 1,
            levels: Vec::new(),
            tonnage: "tonnage sunk",
            tons: vec![0, 10, 20, 30],
            survivors: 3,
        };
        assert_eq!(
            (t.tonnage_at(0), t.tonnage_at(50), t.tonnage_at(100)),
            (0, 10, 30)
        );
        assert!((t.survival_rate() - 0.75).abs() < 1e-12);
    }
}
