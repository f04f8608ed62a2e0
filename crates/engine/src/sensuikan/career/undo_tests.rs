//! Undo at every decision of whole careers: taking any action back restores the career exactly, and redo
//! plays it again to the same state (the app's Undo and Redo are these calls).

use super::*;
use crate::dice::SeededRng;
use crate::policy::Policy;
use crate::{DiceMode, Session};

/// Plays a whole career with `policy`, undoing and redoing every action on the way.
fn undo_every_decision(seed: u64, policy: Policy) -> usize {
    let mut session = Session::<Career>::new(CareerOptions::default(), seed, DiceMode::Seeded)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rng = SeededRng::new(seed ^ 0xD0);
    let mut steps = 0;
    while let Some(action) = policy.choose(session.game(), &mut rng) {
        let before = session.game().clone();
        session.apply(action).unwrap_or_else(|e| panic!("{e}"));
        let after = session.game().clone();
        session.undo().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            session.game(),
            &before,
            "undo of action {steps} restores the career"
        );
        session.redo().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(session.game(), &after, "redo of action {steps} plays it again");
        steps += 1;
    }
    assert!(session.game().end().is_some(), "the career ended");
    steps
}

#[test]
fn undo_and_redo_at_every_decision_of_a_career() {
    let careful = undo_every_decision(3, Policy::Careful);
    let random: usize = (5..8).map(|seed| undo_every_decision(seed, Policy::Random)).sum();
    assert!(careful > 50 && random > 30, "{careful} and {random} decisions");
}
