//! Undo and redo restore the exact career (the app's Undo and Redo are these calls). A session undoes
//! by replaying from the start, so whole careers check every career decision and every 250th decision at
//! sea in the default tests, and every decision in the ignored one.

use super::super::*;
use crate::dice::SeededRng;
use crate::policy::Policy;
use crate::{DiceMode, Session};

fn undo_decisions(seed: u64, policy: Policy, every: usize) -> usize {
    let mut session = Session::<Career>::new(CareerOptions::default(), seed, DiceMode::Seeded)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rng = SeededRng::new(seed ^ 0xD0);
    let (mut steps, mut checked) = (0, 0);
    while let Some(action) = policy.choose(session.game(), &mut rng) {
        let ashore = !matches!(action, CareerAction::Mission { .. });
        let check = ashore || steps % every == 0;
        let before = check.then(|| session.game().clone());
        session.apply(action).unwrap_or_else(|e| panic!("{e}"));
        if let Some(before) = before {
            let after = session.game().clone();
            session.undo().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                session.game(),
                &before,
                "undo of action {steps} restores the career"
            );
            session.redo().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(session.game(), &after, "redo of action {steps} plays it again");
            checked += 1;
        }
        steps += 1;
    }
    assert!(session.game().end().is_some(), "the career ended");
    checked
}

#[test]
fn undo_and_redo_at_the_decisions_of_whole_careers() {
    let careful = undo_decisions(3, Policy::Careful, 250);
    let random = undo_decisions(5, Policy::Random, 250);
    assert!(
        careful > 10 && random > 5,
        "{careful} and {random} decisions checked"
    );
}

#[test]
#[ignore = "every decision of whole careers: each undo replays the career from its start"]
fn undo_and_redo_at_every_decision_of_whole_careers() {
    undo_decisions(3, Policy::Careful, 1);
    undo_decisions(5, Policy::Random, 1);
}
