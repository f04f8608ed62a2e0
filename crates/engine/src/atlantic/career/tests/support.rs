//! Helpers: whole careers by a policy, and careers stopped at a chosen point.

use super::super::*;
use crate::dice::SeededRng;
use crate::game::{Game, Pending};
use crate::policy::Policy;

/// A whole career played by `policy` on seeded dice, with every event.
pub(super) fn play_events(seed: u64, policy: Policy, options: CareerOptions) -> (Career, Vec<CareerEvent>) {
    let mut g = Career::new(options, seed, DiceMode::Seeded).unwrap_or_else(|e| panic!("{e}"));
    let mut events = g.opening_events().to_vec();
    let mut rng = SeededRng::new(seed ^ 0xA71);
    let mut n = 0;
    while let Some(a) = policy.choose(&g, &mut rng) {
        let ev = g
            .apply(a.clone())
            .unwrap_or_else(|e| panic!("seed {seed}: action {n} '{a}': {e}"));
        events.extend(ev);
        n += 1;
    }
    assert!(g.end().is_some(), "seed {seed}: the career ended");
    (g, events)
}

pub(super) fn play_out(seed: u64, policy: Policy, options: CareerOptions) -> Career {
    play_events(seed, policy, options).0
}

/// The options of a career of this group from its Card 0 base.
pub(super) fn group(id: &str) -> CareerOptions {
    CareerOptions {
        group: Some(id.into()),
        ..CareerOptions::default()
    }
}

/// A career on physical dice, at its first decision.
pub(super) fn physical(options: CareerOptions) -> Career {
    Career::new(options, 0, DiceMode::Physical).unwrap_or_else(|e| panic!("{e}"))
}

/// A career of `group` set up on physical dice (its Type 271 sets on the first ships, no air support),
/// ready to sail its first mission.
pub(super) fn set_up(id: &str) -> Career {
    let mut g = physical(group(id));
    loop {
        match g.pending() {
            Pending::Decision(d) => {
                let a = d.choices[0].action.clone();
                g.apply(a).unwrap_or_else(|e| panic!("{e}"));
            }
            Pending::Roll(spec) if spec.chart == "A4" => {
                g.apply(CareerAction::Roll { faces: vec![1] })
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            _ => break,
        }
        if matches!(g.phase(), Phase::Mission) {
            break;
        }
    }
    g
}

/// The notes' rules and texts.
pub(super) fn notes(ev: &[CareerEvent]) -> Vec<(String, String)> {
    ev.iter()
        .filter_map(|e| match e {
            CareerEvent::Note { rule, text } => Some((rule.clone(), text.clone())),
            _ => None,
        })
        .collect()
}

/// The career's own rolls.
pub(super) fn career_rolls(ev: &[CareerEvent]) -> Vec<&crate::roll::RollRecord> {
    ev.iter()
        .filter_map(|e| match e {
            CareerEvent::Rolled { roll } => Some(roll),
            _ => None,
        })
        .collect()
}
