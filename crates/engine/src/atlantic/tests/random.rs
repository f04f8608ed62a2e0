//! Random-policy missions with the invariants checked after every action.

use super::support::seeded;
use crate::atlantic::{EscortStatus, Fate, Mission, MissionOptions, OptionalRules, Phase};
use crate::dice::SeededRng;
use crate::game::Game;
use crate::policy::Policy;

/// The invariants of a mission: no ship counted twice, ammunition never negative, every counter in a
/// box of the display, a boat's attacks within its torpedoes [4.5].
pub(crate) fn check_invariants(m: &Mission) {
    let ships = &m.convoy().ships;
    for (i, a) in ships.iter().enumerate() {
        if !a.generic {
            assert!(
                ships.iter().skip(i + 1).all(|b| b.generic || b.name != a.name),
                "{} is in the ledger twice",
                a.name
            );
        }
        if a.sunk() {
            assert!(a.damage >= a.sinks_at, "{} sunk below her points", a.name);
        } else {
            assert!(a.damage < a.sinks_at, "{} afloat at her points", a.name);
        }
    }
    if let Some(r) = m.result() {
        let lost: u32 = ships.iter().filter(|s| s.sunk()).map(|s| s.tonnage).sum();
        assert_eq!(r.tonnage_lost, lost);
        assert_eq!(r.merchants_lost.len(), ships.iter().filter(|s| s.sunk()).count());
    }
    for e in &m.group().escorts {
        assert!(e.damage <= e.sinks_at);
        if e.status == EscortStatus::Sunk {
            assert!(e.damage >= e.sinks_at);
        }
    }
    if let Phase::Battle(b) = m.phase() {
        let d = m.data().data().tactical.display(&m.convoy().display).unwrap();
        for (i, s) in b.spots.iter().enumerate() {
            if let Some(s) = s {
                assert!(
                    s == "S" || d.escort_box(s).is_some(),
                    "{} in a box that does not exist: {s}",
                    m.group().escorts[i].name
                );
                assert!(
                    m.group().escorts[i].fights(),
                    "a ship out of the fight on the display"
                );
            }
        }
        for u in &b.boats {
            if let Some(st) = &u.station {
                let ok =
                    d.approach(st.id()).is_some() || d.stragglers.range_boxes.iter().any(|r| r.id == st.id());
                assert!(ok, "U-boat {} at no circle: {}", u.number, st.id());
            }
            assert!(u.attacks <= 3, "U-boat {} attacked {} times", u.number, u.attacks);
            assert!(u.damage.hull <= u.hull_boxes && u.damage.flooding <= u.flooding_boxes);
        }
    }
    let _ = Fate::InConvoy;
}

fn play_random(options: &MissionOptions, seed: u64) -> Mission {
    play(options, seed, Policy::Random)
}

fn play(options: &MissionOptions, seed: u64, policy: Policy) -> Mission {
    let mut m = seeded(options.clone(), seed);
    let mut rng = SeededRng::new(seed ^ 0xA71A);
    check_invariants(&m);
    let mut steps = 0;
    while let Some(a) = policy.choose(&m, &mut rng) {
        m.apply(a.clone())
            .unwrap_or_else(|e| panic!("seed {seed}: '{a}' refused: {e}"));
        check_invariants(&m);
        steps += 1;
        assert!(steps < 5_000, "seed {seed}: no end after 5,000 decisions");
    }
    assert!(
        m.pending().is_over(),
        "seed {seed}: stopped without a decision: {:?}",
        m.pending()
    );
    assert!(m.result().is_some());
    m
}

/// Every optional rule on (the literal minor damage and the standard tonnage kept off), one Touch Wood marker.
pub(crate) fn every_option() -> MissionOptions {
    MissionOptions {
        optional: OptionalRules {
            standard_tonnage: false,
            historical_targeting: true,
            uboat_quality: true,
            aircrew_quality: true,
            limited_depth_charges: true,
            evasion: true,
            literal_minor_damage: false,
        },
        touch_wood: 1,
        ..MissionOptions::default()
    }
}

/// 1,000 random missions play to the end with every invariant after every action.
#[test]
fn a_thousand_random_missions_keep_the_invariants() {
    for seed in 0..1_000u64 {
        let mut o = match seed % 4 {
            0 => MissionOptions::default(),
            1 => every_option(),
            2 => MissionOptions {
                two_player: true,
                ..every_option()
            },
            _ => MissionOptions {
                month: periscope_data::Month { year: 1943, month: 5 },
                base: "st_johns".into(),
                group: "b2".into(),
                ..every_option()
            },
        };
        if seed % 8 == 3 {
            o.air.cve = true;
            o.air.long_range_air = true;
            o.optional.standard_tonnage = true;
        }
        play_random(&o, seed);
    }
}

/// 100,000 random missions (run with `--ignored`).
#[test]
#[ignore]
fn a_hundred_thousand_random_missions_keep_the_invariants() {
    for seed in 0..100_000u64 {
        let o = if seed % 2 == 0 {
            MissionOptions::default()
        } else {
            every_option()
        };
        play_random(&o, seed);
    }
}

/// The careful captain plays 200 missions to the end too, both sides in two-player games, keeping the
/// invariants; it never refuses itself a legal choice.
#[test]
fn careful_missions_keep_the_invariants() {
    for seed in 0..200u64 {
        let o = match seed % 3 {
            0 => MissionOptions::default(),
            1 => every_option(),
            _ => MissionOptions {
                two_player: true,
                group: "b3".into(),
                ..every_option()
            },
        };
        play(&o, seed, Policy::Careful);
    }
}
