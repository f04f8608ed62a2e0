//! The odds of the mission's rolls [7.1.3] [7.2.2]: every figure is checked against its own exhaustive
//! count of the 36 throws of 2d6, read through the shipped charts with the modifiers in force.

use periscope_data::atlantic::charts::{B4Key, CrashDive, Detection, Hit, Range};

use super::support::*;
use crate::atlantic::battle::Step;
use crate::atlantic::{AirCover, Mission, MissionAction, MissionOptions, Phase};
use crate::odds::{Odds, odds, odds_now};
use crate::testing::{act, feed};

fn ways(o: &Odds, label: &str) -> u32 {
    o.outcomes
        .iter()
        .filter(|x| x.label == label)
        .map(|x| x.ways)
        .sum()
}

/// For each of the 36 throws of 2d6, `read` of natural + `m` clamped to `span`, with the natural.
fn count(m: i32, span: (i32, i32), read: impl Fn(i32, i32) -> bool) -> u32 {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if read(a + b, (a + b + m).clamp(span.0, span.1)) {
                n += 1;
            }
        }
    }
    n
}

/// A single Type VII at H, found by the Type 271 in J at night; the Example's array; `hunters` commit
/// and engage it before its attack: the escorts hold it and choose a weapon.
fn hunting(o: MissionOptions, hunters: &[&str]) -> Mission {
    let mut m = scripted(o, &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("H");
    f.extend([1, 1]); // silent; the radar's 1
    feed(&mut m, &f);
    for h in hunters {
        act(&mut m, &format!("hunt {h}"));
    }
    act(&mut m, "engage");
    m
}

fn modifier_sum(rolls: &[crate::roll::Modifier]) -> i32 {
    rolls.iter().map(|x| x.value).sum()
}

/// [7.1.3] [7.1.3 Important] The depth-charge choice shows the odds of the hunt's one B4 roll: the
/// number of hits of each throw, read on the depth-charge column; they cover 36 throws.
#[test]
fn the_depth_charge_choice_shows_the_b4_odds_of_every_throw() {
    let m = hunting(opts(), &["hurricane", "anchusa"]);
    let before = crate::game::Game::pending(&m);
    let o = odds(&m, &MissionAction::DepthCharges { ship: None }).unwrap();
    assert_eq!(crate::game::Game::pending(&m), before, "asking changes nothing");
    assert_eq!((o.chart.as_str(), o.rule.as_str()), ("B4", "7.1.3"));
    let (Phase::Battle(b), true) = (&m.phase, true) else {
        panic!("a battle")
    };
    let Step::Hunt(h) = &b.step else { panic!("a hunt") };
    let mods = m.b4_mods(b, h).unwrap();
    let b4 = &m.data.data.charts.b4;
    let span = b4
        .table
        .column(&B4Key::DepthCharges, m.month)
        .unwrap()
        .chart
        .span();
    let s = modifier_sum(&mods);
    let mut total = 0;
    for n in 0..=5u8 {
        let expected = count(s, span, |_, r| b4.hits(B4Key::DepthCharges, r) == Some(n));
        let label = match n {
            0 => "no hit".to_string(),
            1 => "1 hit".to_string(),
            n => format!("{n} hits"),
        };
        assert_eq!(ways(&o, &label), expected, "{label}");
        total += expected;
    }
    assert_eq!(total, 36);
    // By hand from the checklist's rows: a natural 4, 5 or 6 is one hit, 7 two [B4].
    assert!(ways(&o, "1 hit") >= 3 + 4 + 5);
    assert!(o.covers.contains("B5"));
}

/// [7.1.3] [7.1.5 ERRATA] After an attack without a hit the escorts roll B3 to hold the boat, with the
/// prior detection (+1), two escorts (+1 [8.0]) and the year (only after an attack); a natural 2 always
/// escapes, even when the modifiers would hold it.
#[test]
fn the_b3_odds_count_every_throw_and_a_natural_two_always_escapes() {
    let mut m = hunting(opts(), &["hurricane", "anchusa"]);
    act(&mut m, "depth_charges");
    feed(&mut m, &[1, 1]); // B4 2: no hit; the escorts now roll B3.
    let o = odds_now(&m).unwrap();
    assert_eq!(o.chart, "B3");
    let (Phase::Battle(b), true) = (&m.phase, true) else {
        panic!("a battle")
    };
    let Step::Hunt(h) = &b.step else { panic!("a hunt") };
    let mods = m.b3_mods(b, h).unwrap();
    assert!(mods.iter().any(|x| x.rule == "7.1.5 ERRATA"), "{mods:?}");
    let b3 = &m.data.data.charts.b3;
    let always = m.data.entries.always_escapes_on_natural;
    let held = count(modifier_sum(&mods), b3.chart.span(), |n, r| {
        n != always && b3.chart.lookup(r).map(|x| x.result) == Some(Detection::Detected)
    });
    assert_eq!(ways(&o, "held"), held);
    assert_eq!(ways(&o, "escapes"), 36 - held);
    // With modifiers that hold every throw, the natural 2 (1 in 36) still escapes.
    let mut sure = m.clone();
    if let Phase::Battle(b) = &mut sure.phase {
        b.boats[0].g7a_by_day = true;
    }
    let heavy = count(modifier_sum(&mods) + 1, b3.chart.span(), |n, r| {
        n != always && b3.chart.lookup(r).map(|x| x.result) == Some(Detection::Detected)
    });
    let o = odds_now(&sure).unwrap();
    assert_eq!(ways(&o, "held"), heavy);
    assert!(ways(&o, "escapes") >= 1);
}

/// [7.2.2] [7.2.3] The crash dive on C4 (2/42, long-range air): a modified 6 or more dives in time,
/// 5 or less is attacked, a modified 1 twice; counted by hand, no modifier in force: 26 dive, 10 are
/// attacked once (naturals 2-5), none twice.
#[test]
fn the_crash_dive_odds_match_every_throw() {
    let o = MissionOptions {
        air: AirCover {
            long_range_air: true,
            cam: false,
            cve: false,
        },
        month: periscope_data::Month { year: 1942, month: 2 },
        ..opts()
    };
    let m = scripted(o, &[1, 2, 2, 4, 1]);
    let c = odds_now(&m).unwrap();
    assert_eq!((c.chart.as_str(), c.rule.as_str()), ("C4", "7.2.2"));
    let (Phase::Battle(b), true) = (&m.phase, true) else {
        panic!("a battle")
    };
    let Step::Air(a) = &b.step else {
        panic!("an air strike")
    };
    let mods = m.c4_mods(&b.boats[a.boat]).unwrap();
    let c4 = &m.data.data.charts.c4;
    let s = modifier_sum(&mods);
    for (label, result) in [
        ("crash-dives in time", CrashDive::CrashDive),
        ("one air attack", CrashDive::Attacked),
        ("two air attacks", CrashDive::TwoAttacks),
    ] {
        let expected = count(s, c4.chart.span(), |_, r| {
            c4.chart.lookup(r).map(|x| x.result) == Some(result)
        });
        assert_eq!(ways(&c, label), expected, "{label}");
    }
    if s == 0 {
        assert_eq!(
            (
                ways(&c, "crash-dives in time"),
                ways(&c, "one air attack"),
                ways(&c, "two air attacks")
            ),
            (26, 10, 0)
        );
    }
}

/// [7.1.3] [10.1] A torpedo's B1 roll at medium range (the Example: 6, 4 and 7 hit, 9 misses): the odds
/// of a hit are the count of throws the column calls hits. After the attack, the choice to engage shows
/// the B3 roll the hunt opens with [7.1.3].
#[test]
fn the_torpedo_and_the_hunt_after_the_attack_show_their_odds() {
    let mut o = opts();
    o.two_player = true;
    let mut m = scripted(o, &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    act(&mut m, "approach G");
    feed(&mut m, &[1]); // silent; nobody beside G
    act(&mut m, "range medium");
    feed(&mut m, &[1, 1, 6, 0, 7, 1, 2, 0, 3]); // two small freighters and Kongsgaard
    for _ in 0..4 {
        act(&mut m, "fire 1");
    }
    act(&mut m, "salvo");
    feed(&mut m, &[5]); // the torpedoes' kind
    let t = odds_now(&m).unwrap();
    assert_eq!((t.chart.as_str(), t.rule.as_str()), ("B1", "7.1.3"));
    let b1 = &m.data.data.charts.b1;
    let span = b1.table.column(&Range::Medium, m.month).unwrap().chart.span();
    let hits = count(0, span, |_, r| b1.roll(Range::Medium, r) == Some(Hit::Hit));
    assert_eq!(ways(&t, "hit"), hits);
    assert_eq!(ways(&t, "miss"), 36 - hits);
    for (roll, hit) in [(6, true), (4, true), (7, true), (9, false)] {
        assert_eq!(b1.roll(Range::Medium, roll) == Some(Hit::Hit), hit, "{roll}");
    }
    assert!(t.covers.contains("B6"));
    feed(&mut m, &[5, 6, 6, 6, 6, 6, 6, 6]);
    act(&mut m, "hunt anchusa");
    let engage = odds(&m, &MissionAction::Engage).unwrap();
    assert_eq!(engage.chart, "B3");
    assert_eq!(ways(&engage, "held") + ways(&engage, "escapes"), 36);
}

/// [7.1.3] In a career the mission's odds are the career's: careful careers of seed 1, 2, … are played
/// until one offers a depth-charge attack, whose odds are the mission's B4 for that choice.
#[test]
fn a_career_shows_its_missions_odds() {
    use crate::atlantic::career::{Career, CareerAction};
    use crate::dice::SeededRng;
    use crate::game::Game;
    use crate::policy::Policy;
    for seed in 1..40u64 {
        let mut c = Career::new(Default::default(), seed, crate::DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        for _ in 0..50_000 {
            let pending = c.pending();
            let charge = pending.choices().iter().find_map(|ch| match &ch.action {
                CareerAction::Mission {
                    action: a @ MissionAction::DepthCharges { .. },
                } => Some(a.clone()),
                _ => None,
            });
            if let Some(a) = charge {
                let through_career = odds(&c, &CareerAction::Mission { action: a.clone() }).unwrap();
                let mission = c.mission().unwrap();
                assert_eq!(odds(mission, &a), Some(through_career.clone()));
                assert_eq!(through_career.chart, "B4");
                return;
            }
            let Some(a) = Policy::Careful.choose(&c, &mut rng) else {
                break;
            };
            c.apply_discarding_on_error(a).unwrap();
        }
    }
    panic!("no career of seeds 1-39 offered a depth-charge attack");
}
