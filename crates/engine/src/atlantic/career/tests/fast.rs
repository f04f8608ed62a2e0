//! The way `sim` plays a career is the way a player's is played: the roll a step waits for is known
//! without listing its decision, at every state of careers and of their missions; the careful captain's
//! choice made from one listing is the one made from the career's pending; the game after every action
//! is the same both ways.

use super::super::*;
use super::random::options;
use crate::atlantic::Mission;
use crate::dice::SeededRng;
use crate::game::{Game, Paced};
use crate::machine::{Rules, Wait};
use crate::policy::Policy;
use crate::policy::fast_path::agrees;

/// The roll `wait` says the game waits for, listing its decision.
fn listed_roll<G: Rules>(g: &G) -> Option<G::Roll> {
    match g.wait() {
        Wait::Roll(r) => Some(r),
        _ => None,
    }
}

/// The mission's short answers agree with its listed wait: the roll, its dice, whether it is over.
fn mission_agrees(m: &Mission, at: &str) {
    let listed = listed_roll(m);
    assert_eq!(Rules::waiting_roll(m), listed, "{at}: the mission's roll");
    assert_eq!(m.is_over(), m.pending().is_over(), "{at}: the mission's end");
    if let Some(r) = listed {
        assert_eq!(
            Rules::roll_dice(m, r),
            m.roll_spec(r).dice,
            "{at}: the mission's dice"
        );
    }
}

/// The career's short answers agree with its listed wait, and its mission's with the mission's.
fn career_agrees(g: &Career, at: &str) {
    let listed = listed_roll(g);
    assert_eq!(Rules::waiting_roll(g), listed, "{at}: the career's roll");
    if let Some(r) = listed {
        assert_eq!(
            Rules::roll_dice(g, r),
            g.roll_spec(r).dice,
            "{at}: the career's dice"
        );
    }
    if g.decides_without_listing() {
        assert!(
            matches!(g.wait(), Wait::Decide(_)),
            "{at}: decides without a decision"
        );
    }
    if let (Phase::Mission, Some(m)) = (g.phase(), g.mission()) {
        mission_agrees(m, at);
        careful_agrees(m, at);
    }
}

/// The careful captain's choice made without listing, where it makes one, is the choice made from the
/// listed decision: the careful choice if offered, else the first.
fn careful_agrees(m: &Mission, at: &str) {
    let Some(unlisted) = m.careful_unlisted() else {
        return;
    };
    let listed = Policy::Careful.choose_from_pending(m, &mut SeededRng::new(0));
    assert_eq!(Some(unlisted), listed, "{at}: the careful choice");
}

/// Plays career `seed` one roll at a time ([`Paced`]): the mission under way makes one roll for each of
/// the career's, so every state of the career and of its missions is checked. Gives the states seen.
fn every_state_agrees(seed: u64, policy: Policy) -> usize {
    let mut g = Career::new(options(seed, true), seed, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(seed ^ 0xFA57);
    let mut states = 0;
    let check = |g: &Career, states: &mut usize| {
        career_agrees(g, &format!("seed {seed}, state {states}"));
        *states += 1;
    };
    check(&g, &mut states);
    while let Some(a) = policy.choose_from_pending(&g, &mut rng) {
        g.step_only(a).unwrap();
        check(&g, &mut states);
        while g.roll_next().unwrap().is_some() {
            check(&g, &mut states);
        }
        assert!(states < 2_000_000, "seed {seed} does not end");
    }
    assert!(g.end().is_some(), "seed {seed}: the career ended");
    states
}

/// Every state of twelve careers (every optional rule, a U-boat player, two Allied players, a scenario
/// among them), by both captains.
#[test]
fn the_roll_waited_for_is_known_without_listing_at_every_state() {
    let mut states = 0;
    for seed in [0u64, 1, 5, 7, 11, 13, 26] {
        states += every_state_agrees(seed, Policy::Careful);
    }
    for seed in [2u64, 10, 14, 22, 39] {
        states += every_state_agrees(seed, Policy::Random);
    }
    assert!(states > 10_000, "{states} states");
}

/// Careers played the normal way and the way `sim` plays them are the same game after every action.
#[test]
fn sims_fast_path_plays_the_same_careers() {
    for seed in [0u64, 3, 5, 7, 11, 13, 20, 35] {
        let g = Career::new(options(seed, true), seed, DiceMode::Seeded).unwrap();
        assert!(agrees(g, seed, Policy::Careful) > 50, "seed {seed}");
    }
    for seed in [4u64, 14, 15, 26] {
        let g = Career::new(options(seed, true), seed, DiceMode::Seeded).unwrap();
        assert!(agrees(g, seed, Policy::Random) > 50, "seed {seed}");
    }
}

/// Missions on their own, one roll at a time: two players [10.1], every optional rule, escort carriers
/// and long-range aircraft [7.2.1], a Touch Wood marker [9.2].
#[test]
fn a_missions_roll_is_known_without_listing_at_every_state() {
    use crate::atlantic::MissionOptions;
    let every = crate::atlantic::tests::random::every_option().optional;
    let mut states = 0;
    for seed in 0..120u64 {
        let mut o = MissionOptions {
            optional: every,
            touch_wood: 2,
            two_player: seed % 3 == 1,
            ..MissionOptions::default()
        };
        o.air.cve = seed % 2 == 0;
        o.air.long_range_air = seed % 4 < 2;
        let mut m = Mission::new(o, seed, DiceMode::Seeded).unwrap();
        let policy = if seed % 2 == 0 {
            Policy::Careful
        } else {
            Policy::Random
        };
        let mut rng = SeededRng::new(seed);
        mission_agrees(&m, "start");
        careful_agrees(&m, "start");
        while let Some(a) = policy.choose_from_pending(&m, &mut rng) {
            m.step_only(a).unwrap();
            mission_agrees(&m, &format!("seed {seed}, state {states}"));
            while m.roll_next().unwrap().is_some() {
                mission_agrees(&m, &format!("seed {seed}, state {states}"));
                states += 1;
            }
            careful_agrees(&m, &format!("seed {seed}, state {states}"));
        }
        assert!(m.is_over());
    }
    assert!(states > 10_000, "{states} states");
}

/// A quiet career ([`Game::quiet`], as `sim` plays it) is the same game with the same events, less the
/// roll records of the career and of its missions; it keeps the latest rolls, which the careful captain
/// reads [9.2].
#[test]
fn a_quiet_career_plays_the_same_career() {
    use crate::atlantic::MissionEvent;
    use crate::policy::fast_path::quiet_agrees;
    fn is_record(e: &CareerEvent) -> bool {
        matches!(
            e,
            CareerEvent::Rolled { .. }
                | CareerEvent::Mission {
                    mission: MissionEvent::Rolled { .. },
                    ..
                }
        )
    }
    let mut records = 0;
    for seed in [0u64, 1, 5, 7, 13, 20] {
        let g = Career::new(options(seed, true), seed, DiceMode::Seeded).unwrap();
        records += quiet_agrees(g, seed, Policy::Careful, is_record, |_| {}).1;
    }
    for seed in [4u64, 14, 26] {
        let g = Career::new(options(seed, true), seed, DiceMode::Seeded).unwrap();
        records += quiet_agrees(g, seed, Policy::Random, is_record, |_| {}).1;
    }
    assert!(records > 10_000, "{records} records left out");
}
