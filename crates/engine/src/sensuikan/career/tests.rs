//! Career tests: each cites the rule case it checks.

use super::*;
use crate::dice::SeededRng;
use crate::policy::Policy;

fn physical(class: &str) -> SensuikanCareer {
    let opts = CareerOptions {
        class: Some(class.into()),
        ..CareerOptions::default()
    };
    SensuikanCareer::new(opts, 1, DiceMode::Physical).unwrap()
}

fn play_out(seed: u64, policy: Policy, opts: CareerOptions) -> SensuikanCareer {
    let mut g = SensuikanCareer::new(opts, seed, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(seed ^ 0xABCD);
    let mut n = 0;
    while let Some(a) = policy.choose(&g, &mut rng) {
        g.apply(a).unwrap();
        n += 1;
        assert!(n < 200_000, "career {seed} does not end");
    }
    assert!(g.pending().is_over(), "career {seed} waits for {:?}", g.pending());
    g
}

/// 200 random-policy careers play to the end without a panic.
#[test]
fn two_hundred_random_careers() {
    for seed in 0..200 {
        let g = play_out(seed, Policy::Random, CareerOptions::default());
        assert!(g.end().is_some());
    }
}

/// 10,000 random-policy careers: `cargo test -p periscope-engine --release -- --ignored ten_thousand_careers`.
#[test]
#[ignore]
fn ten_thousand_careers() {
    for seed in 0..10_000 {
        play_out(seed, Policy::Random, CareerOptions::default());
    }
}

/// [5.1.4] A careful career ends with a judged result and one log row per month it lived.
#[test]
fn careful_career_keeps_a_log() {
    let g = play_out(7, Policy::Careful, CareerOptions::default());
    let end = g.end().unwrap();
    assert!(g.patrols > 0);
    assert_eq!(end.tonnage, g.tonnage());
    assert!(g.log().iter().any(|r| r.mark == "patrol"));
}
