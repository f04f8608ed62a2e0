//! Helpers: whole careers by a policy, and careers stopped at a chosen point.

use super::super::*;
use crate::dice::SeededRng;
use crate::game::Game;
use crate::policy::Policy;

/// A whole career played by `policy` on seeded dice.
pub(super) fn play_out(seed: u64, policy: Policy, options: CareerOptions) -> Career {
    let mut g = Career::new(options, seed, DiceMode::Seeded).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = SeededRng::new(seed ^ 0xA71);
    let mut n = 0;
    while let Some(a) = policy.choose(&g, &mut rng) {
        g.apply(a.clone())
            .unwrap_or_else(|e| panic!("seed {seed}: action {n} '{a}': {e}"));
        n += 1;
    }
    assert!(g.end().is_some(), "seed {seed}: the career ended");
    g
}

/// The options of a career of this group from its Card 0 base.
pub(super) fn group(id: &str) -> CareerOptions {
    CareerOptions {
        group: Some(id.into()),
        ..CareerOptions::default()
    }
}
