//! How a finished Sensuikan career reads for "What are my chances from here?" ([`crate::chances`]).

use super::{Career, VictoryLevel, victory_cause_alive};
use crate::chances::Chances;

/// A Sensuikan career: the victory levels of [5.1.4], the tonnage sunk, alive at the end.
impl Chances for Career {
    const TONNAGE: &'static str = "tonnage sunk";

    fn levels(&self) -> Vec<String> {
        VictoryLevel::ALL.iter().map(|l| l.name().to_string()).collect()
    }

    fn tally(&self) -> Option<(usize, u32, bool)> {
        let end = self.end()?;
        let level = VictoryLevel::ALL
            .iter()
            .position(|l| *l == end.level)
            .unwrap_or(0);
        Some((level, end.tonnage, victory_cause_alive(end.cause)))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    use super::Career;
    use crate::DiceMode;
    use crate::chances::{Plan, Stopped, Tallies, play_on};
    use crate::game::Game;

    fn run(start: &Career, continuations: u64, seed: u64, threads: usize) -> Result<Tallies, Stopped> {
        let plan = Plan {
            continuations,
            seed,
            threads,
        };
        play_on(start, &plan, &AtomicU64::new(0), &AtomicBool::new(false))
    }

    /// The same state and seed give the same tally on one thread and on two; another seed another.
    #[test]
    fn the_same_seed_gives_the_same_tally_for_one_and_two_threads() {
        let start = Career::new(Default::default(), 7, DiceMode::Seeded).unwrap();
        let one = run(&start, 12, 40, 1).unwrap();
        let two = run(&start, 12, 40, 2).unwrap();
        assert_eq!(one, two);
        assert_eq!(one.levels.iter().map(|(_, n)| n).sum::<u64>(), 12);
        assert_eq!(one.tons.len(), 12);
        assert!(one.tons.windows(2).all(|w| w[0] <= w[1]));
        let other = run(&start, 12, 41, 2).unwrap();
        assert_ne!(one.tons, other.tons, "another seed, other careers");
    }

    /// The counter counts every continuation; a raised flag cancels the run, whatever its size.
    #[test]
    fn the_counter_counts_and_the_flag_cancels() {
        let start = Career::new(Default::default(), 7, DiceMode::Seeded).unwrap();
        let done = AtomicU64::new(0);
        let plan = Plan {
            continuations: 5,
            seed: 1,
            threads: 2,
        };
        play_on(&start, &plan, &done, &AtomicBool::new(false)).unwrap();
        assert_eq!(done.load(Ordering::Relaxed), 5);
        let big = Plan {
            continuations: 1_000_000,
            ..plan
        };
        let cancelled = play_on(&start, &big, &AtomicU64::new(0), &AtomicBool::new(true));
        assert_eq!(cancelled, Err(Stopped::Cancelled));
    }
}
