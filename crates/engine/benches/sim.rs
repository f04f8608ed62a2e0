//! Benchmark: the engine's simulations on one core, against drawing their dice alone (issue 20's figures
//! without the CLI around them). Run with `cargo bench -p periscope-engine --bench sim`; `-- N` plays N
//! Hunt games and N / 10 Sensuikan careers, `-- hunt` or `-- careers` only those.
//!
//! Careers here run on the system's allocator (the binaries use mimalloc), so they read slower than
//! `periscope-cli sim sensuikan --careers N --bench`.

use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

use periscope_engine::Game;
use periscope_engine::dice::{DiceMode, SeededRng};
use periscope_engine::hunt::HuntOptions;
use periscope_engine::hunt::policy::{Policy, play_out};
use periscope_engine::machine::Rules;
use periscope_engine::sensuikan::career::{Career, CareerOptions};

/// Seconds to draw `words` words alone on one core, the fastest of five tries.
fn dice_alone(words: u64) -> f64 {
    (0..5u64)
        .map(|k| {
            let start = Instant::now();
            black_box(SeededRng::new(0xBE7C + k).draw_words(words));
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn report(what: &str, count: u64, seconds: f64, words: u64) {
    let alone = dice_alone(words);
    // A closed pipe (`| head`) ends the report, not the benchmark.
    let _ = writeln!(
        std::io::stdout(),
        "{what}: {count} in {seconds:.3} s · {:.0}/s on one core · {words} dice words alone in {alone:.4} s · {:.0}× the dice alone",
        count as f64 / seconds,
        seconds / alone
    );
}

fn hunt(games: u64) {
    let options = HuntOptions::default();
    let start = Instant::now();
    let words: u64 = (1..=games)
        .map(|seed| black_box(play_out(seed, Policy::Careful, &options, 100_000)).dice_words)
        .sum();
    report(
        "Submarine Hunt games",
        games,
        start.elapsed().as_secs_f64(),
        words,
    );
}

fn careers(count: u64) {
    let start = Instant::now();
    let mut words = 0;
    for seed in 1..=count {
        let Ok(mut g) = Career::new(CareerOptions::default(), seed, DiceMode::Seeded) else {
            eprintln!("career {seed} cannot start");
            return;
        };
        g.quiet();
        let mut rng = SeededRng::new(seed ^ 0x00C0_FFEE);
        let mut events = Vec::new();
        while let Some(a) = Policy::Careful.choose(&g, &mut rng) {
            events.clear();
            if g.apply_offered_into(a, &mut events).is_err() {
                eprintln!("career {seed} refused its captain's action");
                return;
            }
        }
        words += Rules::dice(&mut g).words_drawn();
    }
    report("Sensuikan careers", count, start.elapsed().as_secs_f64(), words);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.iter().find_map(|a| a.parse::<u64>().ok()).unwrap_or(20_000);
    let only =
        |name: &str| !args.iter().any(|a| a == "hunt" || a == "careers") || args.iter().any(|a| a == name);
    if only("hunt") {
        hunt(games);
    }
    if only("careers") {
        careers((games / 10).max(1));
    }
}
