//! Everything a player reads (events, roll outcomes, prompts, choices, career notes) is plain English,
//! never Rust's debug form: many random patrols of every mission and random careers are played and their
//! text checked.

use super::career::{Career, CareerEvent, CareerOptions};
use super::test_support::EVERY_MISSION;
use super::*;
use crate::dice::{DiceMode, SeededRng};
use crate::game::{Game, Pending};
use crate::machine::{Decision, RollSpec};
use crate::policy::Policy;

/// Debug forms: struct braces, paths, `Some(..)` and `None`.
fn debug_text(s: &str) -> bool {
    s.contains('{') || s.contains('}') || s.contains("::") || s.contains("Some(") || s.contains("None")
}

fn check(what: &str, s: &str) {
    assert!(!debug_text(s), "{what} reads like debug output: {s}");
}

fn check_pending<A>(p: &Pending<A>) {
    match p {
        Pending::Decision(Decision { prompt, choices, .. }) => {
            check("a prompt", prompt);
            for c in choices {
                check("a choice", &c.label);
            }
        }
        Pending::Roll(RollSpec { chart, reason, .. }) => {
            check("a roll's chart", chart);
            check("a roll's reason", reason);
        }
        Pending::Over { summary, .. } => check("the summary", summary),
    }
}

fn check_patrol_event(e: &PatrolEvent) {
    check("a patrol event", &e.to_string());
    if let PatrolEvent::Rolled { roll } = e {
        check("a roll outcome", &roll.outcome);
    }
}

/// Random patrols of every mission, Shibumi on some, by both built-in captains.
#[test]
fn patrol_text_is_plain_english() {
    let missions = EVERY_MISSION;
    for seed in 0..260u64 {
        let mission = missions[usize::try_from(seed).unwrap_or(0) % missions.len()];
        let mut opts = PatrolOptions {
            mission,
            ..PatrolOptions::default()
        };
        match mission {
            MissionPlan::EuropeTransport => {
                opts.class = "type_a".into();
                opts.area = "europe".into();
                opts.start.year = 1942;
            }
            m if m.is_kaiten() => {
                opts.class = "type_b".into();
                opts.area = "central_pacific".into();
                opts.start.year = 1944;
                opts.crew.kaiten_pilots = vec!["true_aim".into(), "resolute".into()];
            }
            _ => opts.start.year = 1941 + u16::try_from(seed % 4).unwrap_or(0),
        }
        opts.crew.shibumi = seed % 3 == 0;
        opts.crew.expert_navigator = seed % 4 == 0;
        let mut g = Patrol::new(opts, seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        let policy = if seed % 2 == 0 {
            Policy::Random
        } else {
            Policy::Careful
        };
        g.opening_events().iter().for_each(check_patrol_event);
        for _ in 0..10_000 {
            check_pending(&g.pending());
            let Some(a) = policy.choose(&g, &mut rng) else {
                break;
            };
            check("an action", &a.to_string());
            for e in g.apply(a).unwrap() {
                check_patrol_event(&e);
            }
        }
        assert!(g.pending().is_over(), "seed {seed}");
        if let Some(note) = g.result().and_then(|r| r.mission_note) {
            check("the mission note", &note);
        }
    }
}

/// Random careers: every career event, note and roll, and the patrols inside them.
#[test]
fn career_text_is_plain_english() {
    for seed in 0..40u64 {
        let mut g = Career::new(CareerOptions::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed ^ 0x5EED);
        let mut n = 0;
        while let Some(a) = Policy::Random.choose(&g, &mut rng) {
            check_pending(&g.pending());
            for e in g.apply(a).unwrap() {
                check("a career event", &e.to_string());
                match &e {
                    CareerEvent::Rolled { roll } => check("a career roll outcome", &roll.outcome),
                    CareerEvent::Patrol { patrol } => check_patrol_event(patrol),
                    _ => {}
                }
            }
            n += 1;
            assert!(n < 200_000);
        }
    }
}
