//! Career tests: the variants — historical hull numbers [11.6], the H2 names [11.8], two players [10.1], the
//! tournaments, standard tonnage [11.1] and historical targets [11.2].

use super::test_support::*;
use super::*;
use crate::dice::SeededRng;
use crate::machine::RollSpec;
use crate::policy::Policy;
use crate::refusal::Refused;

/// [4.3.1] [11.6] The log header: "I-" and a number without the option; the class's first historical
/// hull number with it.
#[test]
fn log_header_historical_id() {
    let g = physical("kd6");
    assert!(g.command.hull_number.starts_with("I-"));
    let opts = CareerOptions {
        class: Some("kd6".into()),
        historical_id: true,
        ..CareerOptions::default()
    };
    let g = Career::new(opts, 1, DiceMode::Physical).unwrap();
    // [11.6] I.68 in the rulebook's list, written I-68 as every I-number is [4.3.1].
    assert_eq!(g.command.hull_number, "I-68");
    let header = g.opening_events().iter().find_map(|e| match e {
        CareerEvent::Header { hull_number, .. } => Some(hull_number.clone()),
        _ => None,
    });
    assert_eq!(header.as_deref(), Some("I-68"));
}

/// [11.8] The H2 name generator: a 1d20 family name, then a 1d20 given name, then the header.
#[test]
fn h2_name_generator() {
    let opts = CareerOptions {
        class: Some("kd6".into()),
        name_generator: true,
        ..CareerOptions::default()
    };
    let mut g = Career::new(opts, 1, DiceMode::Physical).unwrap();
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::FamilyName
        }
    ));
    roll(&mut g, &[1]);
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::GivenName
        }
    ));
    let ev = g.apply(CareerAction::Roll { faces: vec![1] }).unwrap();
    let name = ev.iter().find_map(|e| match e {
        CareerEvent::Header { commander, .. } => Some(commander.clone()),
        _ => None,
    });
    let name = name.unwrap();
    assert_eq!(
        name.split_whitespace().count(),
        2,
        "family and given name: {name}"
    );
    assert_eq!(g.view().commander, name);
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            roll: CareerRoll::Kure { officer: 0 }
        }
    ));
}

/// [10.1] Hot seat: player 2 rolls the escorts and aircraft (B4-B7) with physical dice, even in a seeded
/// career; each roll is recorded as his. Player 1's rolls stay seeded.
#[test]
fn two_player_rolls_for_the_escorts() {
    let mut seen = 0;
    for seed in 0..20 {
        let opts = CareerOptions {
            class: Some("kd6".into()),
            two_player: true,
            ..CareerOptions::default()
        };
        let mut g = Career::new(opts, seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        for _ in 0..20_000 {
            if let Some(a) = Policy::Careful.choose(&g, &mut rng) {
                g.apply(a).unwrap();
                continue;
            }
            let Pending::Roll(RollSpec { dice, reason, .. }) = g.pending() else {
                break;
            };
            let chart = g.player_two_roll().expect("only player 2's rolls wait");
            assert!(player_two_chart(&chart));
            assert!(reason.starts_with("Player 2 rolls [10.1]"), "{reason}");
            let faces = vec![4; dice.face_count()];
            let ev = g.apply(CareerAction::Roll { faces }).unwrap();
            assert!(matches!(
                ev.first(),
                Some(CareerEvent::RolledBy { player: 2, .. })
            ));
            seen += 1;
        }
        assert_eq!(g.view().player_two_rolls, seen_in(&g));
    }
    assert!(seen > 0, "no escort or aircraft roll in 20 careers");
}

/// [10.1] Without the option, a seeded career refuses typed dice.
#[test]
fn one_player_refuses_typed_dice() {
    let opts = CareerOptions {
        class: Some("kd6".into()),
        ..CareerOptions::default()
    };
    let mut g = Career::new(opts, 1, DiceMode::Seeded).unwrap();
    assert!(g.player_two_roll().is_none());
    assert_eq!(
        g.apply(CareerAction::Roll { faces: vec![3] }).unwrap_err(),
        CareerError::Refused(Refused::NotNow {
            action: "roll 3".into(),
            waiting_for: g.waiting_for()
        })
    );
}

/// [10.2] Most tonnage wins, survival not required; equal tonnage, equal rank.
#[test]
fn tonnage_tournament_ranks_by_tonnage() {
    use tournament::{TournamentKind, standings};
    let t = standings(
        TournamentKind::Tonnage,
        vec![
            entry(1, 20_000, EndCause::WarOver),
            entry(2, 50_000, EndCause::Killed),
            entry(3, 20_000, EndCause::Scuttled),
        ],
    );
    let ranks: Vec<(u32, Option<u32>)> = t.iter().map(|s| (s.entry.player, s.rank)).collect();
    assert_eq!(ranks, [(2, Some(1)), (1, Some(2)), (3, Some(2))]);
    assert_eq!(t[0].fate, "killed");
}

/// [10.3] Only a submarine afloat at the end of July 1945 is ranked.
#[test]
fn survival_tournament_needs_the_boat_afloat() {
    use tournament::{TournamentKind, standings};
    let t = standings(
        TournamentKind::Survival,
        vec![
            entry(1, 10_000, EndCause::WarOver),
            entry(2, 90_000, EndCause::Killed),
            entry(3, 30_000, EndCause::Scuttled),
        ],
    );
    let ranks: Vec<(u32, Option<u32>)> = t.iter().map(|s| (s.entry.player, s.rank)).collect();
    assert_eq!(ranks, [(1, Some(1)), (2, None), (3, None)]);
}

/// [10.2] Same class for every player; [10.4] a free class choice; commanders named with H2 [11.8].
#[test]
fn tournaments_play_whole_careers() {
    use tournament::{TournamentKind, play};
    let t = play(
        TournamentKind::Tonnage,
        4,
        5,
        Policy::Careful,
        &CareerOptions::default(),
    )
    .unwrap();
    assert_eq!(t.len(), 4);
    assert!(t.iter().all(|s| s.entry.class.starts_with("Kaidai")), "{t:?}");
    assert!(
        t.iter()
            .all(|s| !s.entry.commander.is_empty() && s.entry.commander != "the Commander")
    );
    assert_eq!(t[0].rank, Some(1));
    let m = play(
        TournamentKind::Mixed,
        8,
        5,
        Policy::Careful,
        &CareerOptions::default(),
    )
    .unwrap();
    let classes: std::collections::BTreeSet<&str> = m.iter().map(|s| s.entry.class.as_str()).collect();
    assert!(classes.len() > 1, "one class for all: {classes:?}");
}

/// [11.1] Standard tonnage: small merchant 3,500 t, large 7,000 t, tanker 9,000 t; off by default.
#[test]
fn standard_tonnage_option() {
    use periscope_data::sensuikan::charts::ShipKind;
    let mut g = physical("kd6");
    let small = g.charts().t1.chart.rows[0].result.clone();
    let large = g.charts().t2.chart.rows[0].result.clone();
    let tanker = g
        .charts()
        .t2
        .chart
        .rows
        .iter()
        .find(|r| r.result.kind == ShipKind::Tanker)
        .map(|r| r.result.clone());
    let s = ship(&small.name, small.kind, small.tonnage);
    assert_eq!(g.credited_tonnage(&s), small.tonnage);
    g.options.standard_tonnage = true;
    assert_eq!(g.credited_tonnage(&s), 3_500);
    assert_eq!(
        g.credited_tonnage(&ship(&large.name, large.kind, large.tonnage)),
        7_000
    );
    if let Some(t) = tanker {
        assert_eq!(g.credited_tonnage(&ship(&t.name, t.kind, t.tonnage)), 9_000);
    }
    // A naval target keeps its tonnage.
    assert_eq!(
        g.credited_tonnage(&ship("USS Somebody", ShipKind::Destroyer, 1_630)),
        1_630
    );
}

/// [11.2] Historical targets: the names sunk are kept; a ship sunk twice is noted.
#[test]
fn historical_targets_keep_the_names() {
    use periscope_data::sensuikan::charts::ShipKind;
    let mut g = physical("kd6");
    let mut ev = Vec::new();
    let s = [ship("Cynthia Olson", ShipKind::Freighter, 2_140)];
    g.record_sunk_names(&s, &mut ev);
    assert!(notes(&ev).is_empty());
    g.record_sunk_names(&s, &mut ev);
    assert!(notes(&ev).iter().any(|(r, _)| r == "11.2"));
    assert_eq!(g.view().sunk_names, ["Cynthia Olson".to_string()]);
}
