//! Soak runs [issue 21]: many whole games of every game, by the random and the careful captain in turn,
//! across the machine's cores. None may panic or be refused a choice it was offered, every game ends, each
//! keeps its game's invariants, and every 25th is saved and replayed to the same game with no divergence.
//!
//! The default tests play a smoke run of 2,000 games of each; the soak of 100,000 each is ignored:
//! `cargo test -p periscope-engine --release -- --ignored soak_` (or one game: `soak_hunt`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::Session;
use crate::dice::{DiceMode, SeededRng};
use crate::game::Game;
use crate::policy::{Captain, Policy};

/// The smoke run's games per game, in the default tests.
const SMOKE: u64 = 2_000;
/// The soak's games per game (ignored; release).
const SOAK: u64 = 100_000;
/// Every this many games is played through a session, saved and replayed.
const REPLAY_EVERY: u64 = 25;

/// The captain of game `seed`: random and careful in turn.
fn captain(seed: u64) -> Policy {
    if seed.is_multiple_of(2) {
        Policy::Random
    } else {
        Policy::Careful
    }
}

/// Plays `n` games (seeds `0..n`) with `one` across the cores; panics naming every seed that failed (its
/// panic's message), after all have been played.
fn run(game: &str, n: u64, one: impl Fn(u64) + Sync) {
    let next = AtomicU64::new(0);
    let failed: Mutex<Vec<(u64, String)>> = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= n {
                        break;
                    }
                    if let Err(e) = catch_unwind(AssertUnwindSafe(|| one(seed))) {
                        let why = e
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        // A poisoned list still holds every failure recorded before it.
                        failed
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push((seed, why));
                    }
                }
            });
        }
    });
    let mut failed = failed.into_inner().unwrap_or_else(PoisonError::into_inner);
    failed.sort();
    assert!(
        failed.is_empty(),
        "{game}: {} of {n} games failed; the first: {:?}",
        failed.len(),
        &failed[..failed.len().min(5)]
    );
}

/// Plays game `seed` to its end by its captain, checking `invariants` after every action (and `ended` at
/// the end): in place, or every [`REPLAY_EVERY`]th through a session whose save must replay with no
/// divergence to the same game.
fn play<G: Game + Captain>(
    seed: u64,
    options: G::Options,
    limit: usize,
    invariants: impl Fn(&G),
    ended: impl Fn(&G),
) where
    G::Action: std::fmt::Display,
{
    let policy = captain(seed);
    let mut rng = SeededRng::new(seed ^ 0x50AC);
    if seed.is_multiple_of(REPLAY_EVERY) {
        let mut s = Session::<G>::new(options, seed, DiceMode::Seeded)
            .unwrap_or_else(|e| panic!("seed {seed}: the session cannot start: {e}"));
        for n in 0.. {
            let Some(a) = policy.choose(s.game(), &mut rng) else {
                break;
            };
            assert!(n < limit, "seed {seed}: no end after {limit} actions");
            if let Err(e) = s.apply(a.clone()) {
                panic!("seed {seed}: action {n} '{a}', offered, was refused: {e}");
            }
            invariants(s.game());
        }
        assert!(s.game().pending().is_over(), "seed {seed}: not over");
        ended(s.game());
        let save = s
            .to_save()
            .unwrap_or_else(|e| panic!("seed {seed}: the save cannot be written: {e}"));
        let (back, divergence) = Session::<G>::from_save_checked(save)
            .unwrap_or_else(|e| panic!("seed {seed}: its own save does not load: {e}"));
        assert_eq!(divergence, None, "seed {seed}: its own save diverges");
        assert_eq!(back.actions(), s.actions(), "seed {seed}: the save replays");
        assert!(back.game().pending().is_over(), "seed {seed}: the replay is over");
        return;
    }
    let mut g = G::new(options, seed, DiceMode::Seeded)
        .unwrap_or_else(|e| panic!("seed {seed}: the game cannot start: {e}"));
    for n in 0.. {
        let Some(a) = policy.choose(&g, &mut rng) else {
            break;
        };
        assert!(n < limit, "seed {seed}: no end after {limit} actions");
        if let Err(e) = g.apply_discarding_on_error(a.clone()) {
            panic!("seed {seed}: action {n} '{a}', offered, was refused: {e}");
        }
        invariants(&g);
    }
    assert!(g.pending().is_over(), "seed {seed}: not over");
    ended(&g);
}

mod hunt {
    use super::*;
    use crate::hunt::{DeckPlan, Hunt, HuntOptions};

    fn options(seed: u64) -> HuntOptions {
        if seed % 3 == 2 {
            HuntOptions {
                decks: DeckPlan::Shared,
                ..Default::default()
            }
        } else {
            HuntOptions::default()
        }
    }

    /// [Hunt.1] [Hunt.2] [Return.2] Every track within its bounds, every card of the packs in play or in a
    /// deck, the game over at its end.
    fn one(seed: u64) {
        let o = options(seed);
        let (max_oxygen, max_battery) = (o.max_oxygen, o.max_battery);
        play::<Hunt>(
            seed,
            o,
            50_000,
            |g| {
                assert!(
                    g.oxygen() <= max_oxygen && g.battery() <= max_battery,
                    "seed {seed}"
                );
                assert!(g.hull() <= 100 && g.locked_sixes() <= 3, "seed {seed}");
                assert!(g.cards_accounted_for(), "seed {seed}: a card created or lost");
            },
            |_| {},
        );
    }

    #[test]
    fn smoke_hunt() {
        run("Submarine Hunt", SMOKE, one);
    }

    #[test]
    #[ignore = "100,000 games: run with --release --ignored"]
    fn soak_hunt() {
        run("Submarine Hunt", SOAK, one);
    }
}

mod sensuikan {
    use super::*;
    use crate::sensuikan::career::{Career, CareerEnd, CareerOptions};

    /// [5.1.4] [5.2.2] [5.2.3] The career ends judged on its tonnage and special missions; the log's rows
    /// sum to its tonnage and run month after month.
    fn one(seed: u64) {
        play::<Career>(
            seed,
            CareerOptions::default(),
            200_000,
            |_| {},
            |g| {
                let end = g.end().unwrap_or_else(|| panic!("seed {seed}: no end"));
                assert_eq!(end.tonnage, g.tonnage(), "seed {seed}");
                let logged: u32 = g.log().iter().map(|r| r.tonnage).sum();
                assert_eq!(logged, g.tonnage(), "seed {seed}: the log's tonnage");
                let judged = CareerEnd::judge(end.cause, end.tonnage, end.special_missions);
                assert_eq!(judged.level, end.level, "seed {seed}: the level");
                let months: Vec<crate::Month> = g.log().iter().filter_map(|r| r.month.parse().ok()).collect();
                assert_eq!(
                    months.len(),
                    g.log().len(),
                    "seed {seed}: every row has its month"
                );
                assert!(
                    months.windows(2).all(|w| w[0] <= w[1]),
                    "seed {seed}: months in order"
                );
            },
        );
    }

    #[test]
    fn smoke_sensuikan_careers() {
        run("Sensuikan", SMOKE, one);
    }

    #[test]
    #[ignore = "100,000 careers: run with --release --ignored"]
    fn soak_sensuikan_careers() {
        run("Sensuikan", SOAK, one);
    }
}

mod silent_war {
    use super::*;
    use crate::silent_war_ijn::{Companion, CompanionOptions, Place};

    /// Every counter in one place, a pile holding only counters of its types, no ship left on the display
    /// at the end.
    fn one(seed: u64) {
        let piles = |g: &Companion| {
            for (i, p) in g.places().iter().enumerate() {
                if *p == Place::Pile {
                    let c = &g.data().set.counters[i];
                    let pile = g
                        .data()
                        .set
                        .pile(c.pile)
                        .unwrap_or_else(|| panic!("seed {seed}: counter {i} names no pile"));
                    assert!(
                        pile.types.contains(&c.kind),
                        "seed {seed}: counter {i} in the wrong pile"
                    );
                }
            }
        };
        play::<Companion>(seed, CompanionOptions::default(), 40_000, piles, |g| {
            piles(g);
            assert!(
                g.places().iter().all(|p| *p != Place::OnDisplay),
                "seed {seed}: a ship left on the display"
            );
        });
    }

    #[test]
    fn smoke_silent_war_companion() {
        run("Silent War IJN", SMOKE, one);
    }

    #[test]
    #[ignore = "100,000 games: run with --release --ignored"]
    fn soak_silent_war_companion() {
        run("Silent War IJN", SOAK, one);
    }
}

mod atlantic {
    use super::*;
    use crate::atlantic::career::Career;
    use crate::atlantic::career::tests::random::{invariants, options};

    /// [5.1] [6.3.3] [7.5.1] The career's invariants (missions, caps, crews, tonnage, victory), now and
    /// then with every optional rule, a U-boat player or a scenario.
    fn one(seed: u64) {
        play::<Career>(seed, options(seed, false), 400_000, |_| {}, invariants);
    }

    /// [11.1] [11.2] Found by the soak: in a scenario whose list had no ship left to give, the U-boat's
    /// picking rolled again without end (a million rolls); now it attacks the ships already in reach.
    #[test]
    fn a_scenario_list_with_no_ship_left_ends_the_picking() {
        one(57_005);
    }

    #[test]
    fn smoke_atlantic_careers() {
        run("Atlantic Sentinels", SMOKE, one);
    }

    #[test]
    #[ignore = "100,000 careers: run with --release --ignored"]
    fn soak_atlantic_careers() {
        run("Atlantic Sentinels", SOAK, one);
    }

    /// The scenarios among the soak's 100,000 seeds (one convoy each [11.1] [11.2]): quick to run again
    /// after a change to a scenario's rules.
    #[test]
    #[ignore = "the soak's scenario careers: run with --release --ignored"]
    fn soak_atlantic_scenarios() {
        run("Atlantic Sentinels scenarios", SOAK, |seed| {
            if options(seed, false).scenario.is_some() {
                one(seed);
            }
        });
    }
}
