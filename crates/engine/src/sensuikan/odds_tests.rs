//! The odds of the patrol's rolls [8.2]: every figure is checked against its own exhaustive count of the
//! 36 throws of 2d6, read through the shipped charts.

use periscope_data::sensuikan::charts::{Attack, B1Key, B4Key, Range, Weapon};

use super::test_support::*;
use super::*;
use crate::odds::{odds, odds_now};
use crate::roll::Modifier;

/// How many of the 36 throws of 2d6 `judge` calls a success, each throw read as natural + `modifier`
/// clamped to 2-12: the count the odds must agree with.
fn count_2d6(modifier: i32, judge: impl Fn(i32, i32) -> bool) -> u32 {
    let mut ways = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            let natural = a + b;
            if judge(natural, (natural + modifier).clamp(2, 12)) {
                ways += 1;
            }
        }
    }
    ways
}

fn ways(o: &crate::odds::Odds, label: &str) -> u32 {
    o.outcomes
        .iter()
        .filter(|x| x.label == label)
        .map(|x| x.ways)
        .sum()
}

/// [8.2.3] [8.2.4] B1: for every torpedo (and the deck gun), attack and range, with no modifier and with
/// -2, -1, +1 and +2 in force, the odds of a hit are the count of throws the chart calls hits.
#[test]
fn b1_odds_match_every_throw_for_each_torpedo_and_range() {
    let g = on_station(patrol_opts());
    let weapons = [
        Weapon::Type89,
        Weapon::Type6,
        Weapon::Type95,
        Weapon::Type92,
        Weapon::DeckGun,
    ];
    let mut columns = 0;
    for weapon in weapons {
        for attack in [Attack::Surfaced, Attack::Submerged] {
            if weapon == Weapon::DeckGun && attack == Attack::Submerged {
                continue;
            }
            for range in [Range::Short, Range::Medium, Range::Long] {
                let key = B1Key {
                    weapon,
                    attack,
                    range,
                };
                if g.b1_hits(&key, 7).is_err() {
                    continue; // no such column on B1
                }
                columns += 1;
                for m in [0, -2, -1, 1, 2] {
                    let mods = if m == 0 {
                        Vec::new()
                    } else {
                        vec![Modifier::new(m, "test", "8.1.5")]
                    };
                    let o = g.b1_odds(key, mods, "8.2.3", "test").unwrap();
                    let expected = count_2d6(m, |_, r| g.b1_hits(&key, r).unwrap());
                    assert_eq!(ways(&o, "hit"), expected, "{key} {m:+}");
                    assert_eq!(ways(&o, "hit") + ways(&o, "miss"), 36, "{key}");
                    assert_eq!(o.chart, "B1");
                    let p = f64::from(expected) / 36.0;
                    assert!((o.of("hit") - p).abs() < 1e-12);
                }
            }
        }
    }
    assert!(columns >= 12, "only {columns} B1 columns found");
}

/// [8.2.5] [8.2.7] B4 after an attack with a set of modifiers (prior detection, a damaged boat, the Golden
/// Kite, and together): undetected when the clamped result reads undetected or the natural roll is 2.
#[test]
fn b4_odds_match_every_throw_with_modifiers() {
    let g = on_station(patrol_opts());
    let always = g.data.entries.always_undetected_on_natural;
    for column in [B4Key::AfterAttack, B4Key::ShortRangeApproach] {
        for set in [
            vec![],
            vec![Modifier::new(1, "prior detection", "8.2.5")],
            vec![Modifier::new(-1, "Golden Kite", "8.2.1")],
            vec![
                Modifier::new(1, "prior detection", "8.2.5"),
                Modifier::new(1, "steam torpedoes by day", "8.1.9"),
                Modifier::new(-1, "test depth", "8.2.6"),
                Modifier::new(2, "short range", "8.2.5"),
            ],
        ] {
            let total: i32 = set.iter().map(|m| m.value).sum();
            let o = g.b4_odds(column, set.clone(), "8.2.5", "test").unwrap();
            let expected = count_2d6(total, |n, r| n == always || g.b4_undetected(column, r).unwrap());
            assert_eq!(ways(&o, "undetected"), expected, "{column} {total:+}");
            assert_eq!(ways(&o, "detected"), 36 - expected);
        }
    }
}

/// [8.2.7] A natural 2 always evades: with modifiers that push every throw to the chart's last row, only
/// the natural 2 (1 throw in 36) stays undetected.
#[test]
fn a_natural_two_always_evades_whatever_the_modifiers() {
    let g = on_station(patrol_opts());
    let o = g
        .b4_odds(
            B4Key::AfterAttack,
            vec![Modifier::new(10, "test", "8.2.5")],
            "8.2.5",
            "test",
        )
        .unwrap();
    assert_eq!(ways(&o, "undetected"), 1);
    assert!((o.of("undetected") - 1.0 / 36.0).abs() < 1e-12);
}

/// [8.2.1] [8.2.3] Through the machine: the choice to attack at short range shows the approach's B4 odds
/// (undetected on 9 or less: 30 of 36), and the choice to fire shows the declared torpedo's B1 odds.
#[test]
fn a_choice_shows_the_odds_of_the_roll_it_sets_off() {
    let g = escorted_contact(on_station(patrol_opts()), 1);
    let approach = odds(&g, &"attack short submerged".parse().unwrap()).unwrap();
    assert_eq!((approach.chart.as_str(), approach.rule.as_str()), ("B4", "8.2.1"));
    assert_eq!(ways(&approach, "undetected"), 30);
    // A choice that rolls nothing shows no figure; the game itself is not changed by asking.
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    act(&mut g, "attack medium submerged");
    assert!(odds(&g, &"declare bow 1".parse().unwrap()).is_none());
    act(&mut g, "declare bow 1");
    let before = g.pending();
    let fire = odds(&g, &"fire".parse().unwrap()).unwrap();
    assert_eq!(g.pending(), before, "asking changes nothing");
    assert_eq!(fire.chart, "B1");
    assert_eq!(ways(&fire, "hit") + ways(&fire, "miss"), 36);
    assert!(fire.covers.contains("B2"));
    // The same odds when the roll itself is waiting.
    let mut at_roll = g.clone();
    *crate::machine::Rules::dice(&mut at_roll) = crate::dice::DiceSource::Manual(Default::default());
    act(&mut at_roll, "fire");
    assert_eq!(odds_now(&at_roll), Some(fire));
}

/// [8.2.6] Beyond test depth with 0 to 6 hull boxes: a roll below the boxes implodes, equal to them (or a
/// 2 with a single box) costs one more box, above holds.
#[test]
fn test_depth_odds_match_every_throw_for_each_hull() {
    let mut g = on_station(patrol_opts());
    for hull in 0..=6u8 {
        g.boat.hull = hull;
        let h = i32::from(hull);
        let o = g.test_depth_odds();
        assert_eq!(ways(&o, "implodes"), count_2d6(0, |_, r| r < h), "hull {hull}");
        assert_eq!(
            ways(&o, "one more hull box, roll again"),
            count_2d6(0, |_, r| r == h || (h == 1 && r == 2)),
            "hull {hull}"
        );
        assert_eq!(
            ways(&o, "implodes") + ways(&o, "one more hull box, roll again") + ways(&o, "holds"),
            36
        );
    }
}

/// [8.4.2] [8.4.4] Tracking: every tracking chart's odds are the count of throws that read each result,
/// with the modifiers in force (none on station: no radar, no damaged capital ship).
#[test]
fn tracking_odds_match_every_throw_of_each_chart() {
    let g = on_station(patrol_opts());
    for which in [
        tracking::TrackRoll::Damaged,
        tracking::TrackRoll::DamagedEscort,
        tracking::TrackRoll::ConvoyDamaged,
        tracking::TrackRoll::Capital,
        tracking::TrackRoll::Convoy,
    ] {
        let o = g.track_odds(which);
        let (chart, _) = g.track_chart(which);
        let m: i32 = g.track_mods(which).iter().map(|x| x.value).sum();
        let all = crate::odds::all_faces(crate::Dice::from(chart.dice));
        let total: u32 = o.outcomes.iter().map(|x| x.ways).sum();
        assert_eq!(total as usize, all.len());
        for outcome in &o.outcomes {
            let (low, high) = chart.span();
            let expected = all
                .iter()
                .filter(|f| {
                    let n = crate::Dice::from(chart.dice).read(f);
                    words::name(chart.read((n + m).clamp(low, high))) == outcome.label
                })
                .count();
            assert_eq!(outcome.ways as usize, expected, "{which:?} {}", outcome.label);
        }
    }
}

/// [8.3.1] [8.3.2] [8.7.2] [8.7.1] [11.7] The quick dive on A4: a modified 6 or more dives in time, 5 or
/// less is attacked, a modified 1 twice. Counted by hand over the 36 throws, clamped to the chart's rows:
/// with no modifier 26 dive and 10 are attacked; a Green crew (-1) dives on a natural 7 or more (21),
/// is attacked twice on a natural 2 (1) and once otherwise (14); an Elite crew with a lookout (+2) dives on
/// a natural 4 or more (33). A Shibumi passing always dives.
#[test]
fn quick_dive_odds_match_every_throw_for_each_crew() {
    let crew = |quality: CrewQuality, lookout: bool| PatrolOptions {
        crew: CrewSetup {
            quality,
            lookout,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    for (opts, dives, once, twice) in [
        (patrol_opts(), 26, 10, 0),
        (crew(CrewQuality::Green, false), 21, 14, 1),
        (crew(CrewQuality::Elite, true), 33, 3, 0),
    ] {
        let mut g = on_station(opts);
        feed(&mut g, &[1, 3]); // Pearl Harbor A3 4: an aircraft.
        let o = odds_now(&g).unwrap();
        assert_eq!((o.chart.as_str(), o.rule.as_str()), ("A4", "8.3.1"));
        let m: i32 = g.dive_mods().unwrap().iter().map(|x| x.value).sum();
        let (low, high) = g.data.charts.a4.chart.span();
        let mut hand = [0u32; 3];
        for a in 1..=6 {
            for b in 1..=6 {
                let r = (a + b + m).clamp(low, high);
                hand[if r >= 6 {
                    0
                } else if r == 1 {
                    2
                } else {
                    1
                }] += 1;
            }
        }
        assert_eq!(hand, [dives, once, twice], "the hand count, {m:+}");
        assert_eq!(ways(&o, "dived in time"), dives, "{m:+}");
        assert_eq!(ways(&o, "one air attack"), once, "{m:+}");
        assert_eq!(ways(&o, "two air attacks"), twice, "{m:+}");
        let mut lucky = g.clone();
        lucky.luck.shibumi = luck::Shibumi::Passing;
        assert_eq!(ways(&lucky.dive_odds().unwrap(), "dived in time"), 36);
    }
}
