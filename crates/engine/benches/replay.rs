//! Benchmark: replaying a 5,000-action save of Submarine Hunt (target: under 50 ms in release), and a
//! 100,000-action one checked against its record as every load checks it, beside the same replay
//! unchecked (target: within 3x of it; the checks cost one pass, never a copy of the game per check).
//! The autosave of the 100,000-action game, written after every action, is timed too (its checks are
//! kept as the game goes). Run with `cargo bench -p periscope-engine --bench replay`.

use periscope_engine::{Decision, RollSpec};
use std::hint::black_box;
use std::time::Instant;

use periscope_engine::dice::{Dice, SeededRng};
use periscope_engine::hunt::policy::Policy;
use periscope_engine::hunt::{Hunt, HuntAction, HuntOptions, Phase, RollPurpose};
use periscope_engine::{DiceMode, Pending, Session};

/// A long patrol played with physical dice: a careful captain, a sonar that rolls at random, an enemy that
/// never quite finds the boat, and a voyage home that never comes — so the game runs as long as we like.
fn long_save(actions: usize) -> String {
    let mut session =
        Session::<Hunt>::new(HuntOptions::default(), 42, DiceMode::Physical).unwrap_or_else(|e| {
            eprintln!("cannot start: {e}");
            std::process::exit(1)
        });
    let mut rng = SeededRng::new(7);
    while session.actions().len() < actions {
        let action = match session.pending() {
            Pending::Roll(RollSpec {
                dice: Dice::D6 { count },
                ..
            }) => {
                let faces = match session.game().phase() {
                    Phase::Roll {
                        purpose: RollPurpose::Detection,
                    } => vec![6],
                    Phase::Roll {
                        purpose: RollPurpose::Return,
                    } => vec![1; usize::from(count)],
                    _ => (0..count).map(|_| rng.face(6) as u8).collect(),
                };
                HuntAction::Roll { faces }
            }
            Pending::Decision(Decision { .. }) => match Policy::Careful.choose(session.game(), &mut rng) {
                Some(a) => a,
                None => break,
            },
            _ => break,
        };
        if let Err(e) = session.apply(action) {
            eprintln!("refused: {e}");
            break;
        }
    }
    session.to_json().unwrap_or_default()
}

/// The median of `runs` timings of `f`, in milliseconds.
fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

/// A 100,000-action save loaded checked (as Continue, Open, `replay` and `play --autosave` load it) and
/// unchecked.
fn checked_against_unchecked() {
    let save = long_save(100_000);
    let parsed = periscope_engine::save::peek(&save).unwrap_or_else(|e| {
        eprintln!("cannot read the save: {e}");
        std::process::exit(1)
    });
    let actions = parsed.actions.len();
    let checks = parsed.checks.len();
    let unchecked = median_ms(5, || {
        black_box(Session::<Hunt>::from_save(black_box(parsed.clone())).is_ok());
    });
    let checked = median_ms(5, || {
        let (s, d) = Session::<Hunt>::from_save_checked(black_box(parsed.clone())).unwrap_or_else(|e| {
            eprintln!("cannot replay: {e}");
            std::process::exit(1)
        });
        assert!(d.is_none(), "the save agrees with itself");
        black_box(s.actions().len());
    });
    println!(
        "replay: {actions} actions with {checks} checks — checked {checked:.1} ms, unchecked {unchecked:.1} ms \
         (median of 5): {:.2}x",
        checked / unchecked
    );
}

/// The autosave written after every action: a save of a 100,000-action game as it stands (its checks
/// are kept as the game goes, so writing one folds only the last actions' events, not the whole game).
fn autosave_of_a_long_game() {
    let save = long_save(100_000);
    let session = Session::<Hunt>::load(&save).unwrap_or_else(|e| {
        eprintln!("cannot load the save: {e}");
        std::process::exit(1)
    });
    let checks = median_ms(15, || {
        black_box(session.to_save().map(|s| s.checks.len()).unwrap_or(0));
    });
    let text = median_ms(15, || {
        black_box(session.to_json().map(|t| t.len()).unwrap_or(0));
    });
    println!(
        "autosave: a {}-action game — its save (with its checks) median {checks:.2} ms, as JSON text {text:.2} ms",
        session.actions().len()
    );
}

fn main() {
    autosave_of_a_long_game();
    checked_against_unchecked();
    let save = long_save(5_000);
    let count = Session::<Hunt>::load(&save)
        .map(|s| s.actions().len())
        .unwrap_or(0);
    let runs = 30;
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let loaded = Session::<Hunt>::load(black_box(&save));
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        black_box(loaded.is_ok());
    }
    times.sort_by(f64::total_cmp);
    let median = times[runs / 2];
    println!(
        "replay: {count} actions ({} KiB save) — median {median:.2} ms, best {:.2} ms, worst {:.2} ms over {runs} runs",
        save.len() / 1024,
        times[0],
        times[runs - 1]
    );
}
