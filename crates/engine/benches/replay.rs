//! Benchmark: replaying a 5,000-action save of Submarine Hunt (target: under 50 ms in release).
//! Run with `cargo bench -p periscope-engine --bench replay`.

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

fn main() {
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
