//! Random careers never panic and keep their invariants [5.1] [6.3.3] [7.5.1].

use periscope_data::atlantic::charts::Quality;

use super::super::*;
use super::support::*;
use crate::policy::Policy;

pub(crate) fn invariants(g: &Career) {
    for c in g.commands() {
        let log = &c.log;
        // [6.3.2] [5.1.1] At most 34 missions; [7.7.1] 30 for a withdrawn Canadian group; [11.1] [11.2]
        // one for a scenario.
        assert!(c.missions() <= 34, "{} missions", c.missions());
        if g.options().scenario.is_some() {
            assert_eq!(c.missions(), 1);
        } else if c.alive() {
            let want = if c.withdrawn { 30 } else { 34 };
            assert_eq!(c.missions(), want, "{}", c.group);
        }
        // [6.3.3] The caps.
        assert!(c.count(true) <= 4 && c.count(false) <= 6, "{}: caps", c.group);
        let sum: u32 = log.missions().map(|m| m.tonnage_lost).sum();
        assert_eq!(sum, log.totals.tonnage_lost);
        // [7.5.1] Crews follow kills, raised at each refit: a scenario's one convoy [11.1] [11.2] has no
        // refit, and a career ended by the SOE's death in a mission never reaches the refit that would
        // raise a crew for that mission's kills.
        for s in &c.ships {
            let earned = crew_after(s.start_crew, s.kills, 3);
            if g.options().scenario.is_some() {
                assert_eq!(s.crew, s.start_crew, "{}: no refit in a scenario", s.name);
            } else if c.alive() {
                assert_eq!(s.crew, earned, "{}", s.name);
                assert!(s.crew != Quality::Green || s.kills < 3);
            } else {
                assert!(
                    s.crew >= s.start_crew && s.crew <= earned,
                    "{}: {:?}",
                    s.name,
                    s.crew
                );
            }
        }
        // [5.1.4] Victory stands on every log.
        assert!(log.victory.is_some());
    }
}

/// The options of career `seed`: now and then every optional rule, a U-boat player [10.1], two Allied
/// players [10.2] (in the long run only: a double career) or a scenario [11.1] [11.2].
pub(crate) fn options(seed: u64, two_allied: bool) -> CareerOptions {
    let mut o = CareerOptions::default();
    if seed.is_multiple_of(5) {
        o.rules = CareerRules {
            standard_tonnage: seed.is_multiple_of(10),
            historical_targeting: true,
            uboat_quality: true,
            aircrew_quality: true,
            convoy_ids: true,
            green_crews: true,
            limited_depth_charges: true,
            evasion: true,
            literal_minor_damage: seed % 10 == 5,
        };
    }
    if seed.is_multiple_of(7) {
        o.players = Players::UboatPlayer;
    } else if two_allied && seed.is_multiple_of(11) {
        o.players = Players::BothAllied;
    } else if seed.is_multiple_of(13) {
        o.scenario = Some(if seed.is_multiple_of(2) { "on113" } else { "ons154" }.into());
    }
    o
}

fn random_careers(from: u64, n: u64) {
    for seed in from..from + n {
        let g = play_out(seed, Policy::Random, options(seed, false));
        invariants(&g);
    }
}

#[test]
fn random_careers_1_to_50() {
    random_careers(1, 50);
}

#[test]
fn random_careers_51_to_100() {
    random_careers(51, 50);
}

#[test]
fn random_careers_101_to_150() {
    random_careers(101, 50);
}

#[test]
fn random_careers_151_to_200() {
    random_careers(151, 50);
}

#[test]
#[ignore = "10,000 careers: minutes; run with --ignored"]
fn ten_thousand_random_careers() {
    for seed in 0..10_000u64 {
        let policy = if seed.is_multiple_of(2) {
            Policy::Random
        } else {
            Policy::Careful
        };
        let g = play_out(seed, policy, options(seed, true));
        invariants(&g);
    }
}
