//! `sim GAME`: many seeded games played by a built-in policy. Each game brings its own flags (`--games`,
//! `--patrols`, `--careers`, `--tournament`) on top of the ones every simulation shares.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use periscope_engine::Game;
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use serde::Serialize;

use crate::Outcome;

/// A game's simulation: its flags (a clap `Args`) and what it prints.
pub trait Simulation: Args {
    /// The game it simulates: a registry line takes only its own game's simulation.
    type Game: Game;
    fn run(self, out: &mut dyn Write) -> Outcome;
}

/// A policy as named on the command line (`careful`, `default`, `random`): reports repeat the name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyName {
    pub name: String,
    pub policy: Policy,
}

impl PolicyName {
    /// Reads a policy's name (the engine's names: `careful`, its alias `default`, `random`).
    pub fn parse(name: &str) -> Result<Self, String> {
        Ok(Self {
            name: name.to_string(),
            policy: Policy::named(name)?,
        })
    }
}

/// The flags every simulation takes.
#[derive(Debug, Clone, Args)]
pub struct SimCommon {
    /// The first game's seed; game i uses seed N + i
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// The built-in captain: careful (or default) or random
    #[arg(long, value_name = "NAME", default_value = "careful", value_parser = PolicyName::parse)]
    pub policy: PolicyName,
    /// The game's options as JSON
    #[arg(long, value_name = "FILE")]
    pub options: Option<PathBuf>,
    /// Machine-readable output
    #[arg(long)]
    pub json: bool,
    /// Threads to play on (default: every core); the results are the same for any number
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Also prints games per second per core and the ratio to drawing the same dice alone
    #[arg(long)]
    pub bench: bool,
}

/// Games per second, or 0 when no time passed.
pub fn rate(count: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        count as f64 / seconds
    } else {
        0.0
    }
}

/// How many threads a simulation plays on: `--threads`, or every core.
pub fn threads(asked: Option<usize>) -> usize {
    asked
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Plays games `0..count` across `threads` threads, a contiguous chunk each, and gives their results
/// back in game order: the same output for any number of threads. The first failure (in game order)
/// is the one reported.
pub fn across_cores<T, F>(count: u64, threads: usize, play: F) -> Result<Vec<T>, crate::Failure>
where
    T: Send,
    F: Fn(u64) -> Result<T, crate::Failure> + Sync,
{
    let chunks = by_chunks(count, threads, |from, to| {
        (from..to).map(&play).collect::<Result<Vec<T>, _>>()
    });
    let mut all = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
    for c in chunks {
        all.extend(c?);
    }
    Ok(all)
}

/// [`across_cores`] for a simulation that keeps only totals: each thread adds its games into its own
/// `A` with `add`, and the totals come back in chunk order (sums of integers come out the same for any
/// number of threads). No list of every game is kept: a million games need no memory for their results.
pub fn totals_across_cores<A, F>(count: u64, threads: usize, add: F) -> Result<Vec<A>, crate::Failure>
where
    A: Send + Default,
    F: Fn(&mut A, u64) -> Result<(), crate::Failure> + Sync,
{
    by_chunks(count, threads, |from, to| {
        let mut totals = A::default();
        for game in from..to {
            add(&mut totals, game)?;
        }
        Ok(totals)
    })
    .into_iter()
    .collect()
}

/// Runs `chunk(from, to)` for `threads` contiguous chunks of `0..count` on their own threads, and gives
/// back what each returned, in chunk order.
fn by_chunks<T, F>(count: u64, threads: usize, chunk: F) -> Vec<Result<T, crate::Failure>>
where
    T: Send,
    F: Fn(u64, u64) -> Result<T, crate::Failure> + Sync,
{
    let threads = u64::try_from(threads.max(1)).unwrap_or(1).min(count.max(1));
    let size = count.div_ceil(threads);
    let chunk = &chunk;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (from, to) = (t * size, ((t + 1) * size).min(count));
                scope.spawn(move || chunk(from, to))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(crate::Failure("a simulation thread panicked".into())))
            })
            .collect()
    })
}

/// What `--bench` measures: games per second per core, and how that compares with drawing the same
/// dice alone on one core.
#[derive(Debug, Clone, Serialize)]
pub struct Bench {
    pub threads: usize,
    pub games: u64,
    pub wall_seconds: f64,
    /// Games per second of one core (games / (wall seconds × threads)).
    pub games_per_core_second: f64,
    /// The 32-bit words the games' seeded dice drew.
    pub dice_words: u64,
    /// Seconds one core takes to draw those words alone (the fastest of five tries).
    pub dice_only_seconds: f64,
    /// Core-seconds of the games over the seconds of their dice alone.
    pub times_the_dice: f64,
}

impl Bench {
    /// Measures the dice alone now, for games that took `wall_seconds` on `threads` threads.
    pub fn measure(threads: usize, games: u64, wall_seconds: f64, dice_words: u64) -> Self {
        // The fastest of five draws: the dice alone take a few milliseconds, which a busy machine blurs.
        let dice_only_seconds = (0..5u64)
            .map(|k| {
                let start = Instant::now();
                let mut rng = SeededRng::new(0xBE7C + k);
                std::hint::black_box(rng.draw_words(dice_words));
                start.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min);
        let core_seconds = wall_seconds * threads as f64;
        Self {
            threads,
            games,
            wall_seconds,
            games_per_core_second: rate(games, core_seconds),
            dice_words,
            dice_only_seconds,
            times_the_dice: if dice_only_seconds > 0.0 {
                core_seconds / dice_only_seconds
            } else {
                0.0
            },
        }
    }

    /// One line: `bench · 2000 careers in 0.61 s on 2 threads · 1650 careers/s per core · …`.
    pub fn line(&self, unit: &str) -> String {
        format!(
            "bench · {} {unit} in {:.3} s on {} threads · {:.0} {unit}/s per core · {} dice words drawn alone in {:.4} s · {:.0}× the dice alone",
            self.games,
            self.wall_seconds,
            self.threads,
            self.games_per_core_second,
            self.dice_words,
            self.dice_only_seconds,
            self.times_the_dice
        )
    }
}
