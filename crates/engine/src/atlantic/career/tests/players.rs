//! Two players [10.1] [10.2] and the optional rules [12.x] handed to every mission.

use super::super::*;
use super::support::*;
use crate::policy::Policy;

#[test]
fn a_uboat_player_decides_for_the_uboats_and_gets_the_mirror_result() {
    // [10.1] The U-boat player's decisions are his, recorded as player 2's; his result mirrors the
    // Allied one: Defeat ↔ Decisive Victory, Draw → Substantial, Marginal ↔ Marginal.
    let opts = CareerOptions {
        players: Players::UboatPlayer,
        ..group("b1")
    };
    let (g, ev) = play_events(71, Policy::Careful, opts);
    assert!(g.uboat_decisions() > 0);
    assert!(
        ev.iter()
            .any(|e| matches!(e, CareerEvent::DecidedBy { player: 2, .. }))
    );
    let v = g.convoy_log().unwrap().victory.as_ref().unwrap();
    let data = crate::atlantic::Shipped::get().unwrap();
    let career = &data.data().catalog.career;
    assert_eq!(v.german_level.as_deref(), career.german_result(&v.level));
    assert_eq!(career.german_result("defeat"), Some("decisive_victory"));
    assert_eq!(career.german_result("draw"), Some("substantial_victory"));
    assert_eq!(career.german_result("marginal_victory"), Some("marginal_victory"));
    assert_eq!(career.german_result("decisive_victory"), Some("defeat"));
}

#[test]
fn two_allied_players_take_different_groups_from_opposite_bases_and_the_better_wins() {
    // [10.2] Different random groups; the first at Londonderry, the second at St. John's; each runs his
    // own missions while the other commands his U-boats; the best victory result wins.
    let opts = CareerOptions {
        players: Players::BothAllied,
        ..CareerOptions::default()
    };
    let (g, ev) = play_events(72, Policy::Careful, opts);
    let [a, b] = g.commands() else {
        panic!("two commands")
    };
    assert_ne!(a.group, b.group);
    let first = a.log.missions().next().unwrap();
    let second = b.log.missions().next().unwrap();
    assert_eq!(first.from, "Eastern Ocean Meeting Point (EASTOMP)");
    assert_eq!(second.from, "Western Ocean Meeting Point (WESTOMP)");
    assert!(
        ev.iter()
            .any(|e| matches!(e, CareerEvent::DecidedBy { player: 1, .. }))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, CareerEvent::DecidedBy { player: 2, .. }))
    );
    let end = g.end().unwrap();
    assert_eq!(end.results.len(), 2);
    let rank = |id: &str| {
        [
            "decisive_victory",
            "substantial_victory",
            "marginal_victory",
            "draw",
            "defeat",
        ]
        .iter()
        .position(|l| *l == id)
    };
    let (ra, rb) = (rank(&end.results[0].level), rank(&end.results[1].level));
    let want = if ra < rb {
        Some(1)
    } else if rb < ra {
        Some(2)
    } else {
        None
    };
    assert_eq!(end.winner, want);
}

#[test]
fn the_optional_rules_sail_with_every_mission() {
    // [12.1] [12.2] [12.3] [12.4] [12.7] [12.8] The career's options are the mission's.
    let rules = CareerRules {
        standard_tonnage: true,
        historical_targeting: true,
        uboat_quality: true,
        aircrew_quality: true,
        convoy_ids: true,
        green_crews: false,
        limited_depth_charges: true,
        evasion: true,
        literal_minor_damage: true,
    };
    let m = rules.mission();
    assert!(m.standard_tonnage && m.historical_targeting && m.uboat_quality && m.aircrew_quality);
    assert!(m.limited_depth_charges && m.evasion && m.literal_minor_damage);
    let opts = CareerOptions { rules, ..group("b2") };
    let g = play_out(73, Policy::Careful, opts);
    let log = g.convoy_log().unwrap();
    // [12.1] Standard tonnages only.
    assert!(
        log.missions()
            .flat_map(|r| &r.targets)
            .all(|t| [3_500, 7_000, 9_000].contains(&t.tonnage))
    );
    // [12.5] The historical convoy numbers where the book gives them (2/42-7/42), flavour only.
    let first = log.missions().next().unwrap();
    assert!(first.convoy_ids.is_some());
    assert!(
        log.missions()
            .filter(|r| r.month.year == 1943)
            .all(|r| r.convoy_ids.is_none())
    );
}

#[test]
fn the_hunters_combined_game_is_the_u_boat_player_game_here() {
    // [10.3] Our text lacks The Hunters' charts: the combined game is played as [10.1], the Hunters
    // player commanding the U-boats (docs/rules/atlantic-sentinels.md says what needs his own charts).
    let opts = CareerOptions {
        players: Players::UboatPlayer,
        ..group("c3")
    };
    let g = play_out(74, Policy::Random, opts);
    assert!(g.end().is_some());
}
