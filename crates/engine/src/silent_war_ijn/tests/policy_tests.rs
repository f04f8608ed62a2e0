//! Whole games played by the built-in captains: any legal choice, taken at random, keeps the companion
//! sound to its end; the careful captain goes from month to month to August 1945.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::super::*;
use crate::Session;
use crate::dice::SeededRng;
use crate::policy::Policy;

fn play_out(seed: u64, policy: Policy, limit: usize) -> Session<Companion> {
    let mut s = Session::<Companion>::new(CompanionOptions::default(), seed, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(seed ^ 0xC0FFEE);
    for _ in 0..limit {
        let Some(a) = policy.choose(s.game(), &mut rng) else {
            break;
        };
        if let Err(e) = s.apply(a.clone()) {
            panic!("seed {seed}: the policy's choice {a} was refused: {e}");
        }
    }
    s
}

/// Every choice the companion offers is legal, in every phase a random game reaches; the counters stay in
/// one place each, and the piles only hold counters of their type.
#[test]
fn random_games_reach_their_end_with_every_choice_legal() {
    for seed in 1..=12 {
        let s = play_out(seed, Policy::Random, 40_000);
        let g = s.game();
        assert!(
            g.pending().is_over(),
            "seed {seed}: not over after {} actions",
            s.actions().len()
        );
        for (i, p) in g.places().iter().enumerate() {
            if *p == Place::Pile {
                let c = &g.data().set.counters[i];
                assert!(g.data().set.pile(c.pile).unwrap().types.contains(&c.kind));
            }
            assert_ne!(*p, Place::OnDisplay, "seed {seed}: a ship left on the display");
        }
        // The save replays to the same companion.
        let back = Session::<Companion>::load(&s.to_json().unwrap()).unwrap();
        assert_eq!(back.game().view(), g.view(), "seed {seed}");
    }
}

/// Random play that never closes the companion early reaches every procedure of a long war.
#[test]
fn long_random_wars_keep_every_choice_legal() {
    use crate::game::Game;
    for seed in 20..=23 {
        let mut g = Companion::new(CompanionOptions::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        let mut steps = 0;
        while !g.pending().is_over() && steps < 100_000 {
            let choices: Vec<SwAction> = g
                .pending()
                .choices()
                .iter()
                .map(|c| c.action.clone())
                .filter(|a| *a != SwAction::End || g.calendar().month.to_string() == "8/45")
                .collect();
            assert!(!choices.is_empty(), "seed {seed}: a decision without choices");
            let a = choices[rng.index(choices.len())].clone();
            if let Err(e) = g.apply(a.clone()) {
                panic!("seed {seed}: {a} refused: {e}");
            }
            steps += 1;
        }
        assert!(g.pending().is_over(), "seed {seed}: {steps} steps");
    }
}

/// The careful captain plays the war out, month by month, to August 1945.
#[test]
fn the_careful_captain_reaches_august_1945() {
    let s = play_out(3, Policy::Careful, 10_000);
    assert!(s.game().pending().is_over());
    assert_eq!(s.game().calendar().month.to_string(), "8/45");
}
