//! Sensuikan patrol tests: the enemy submarine [8.2.9]; scripted dice, each test citing its rule case.

use super::test_support::*;
use super::*;

// ---- enemy submarine -----------------------------------------------------------------------------------

/// A Type C in 1/44: the first transit box rolls 11 = an enemy submarine; the game waits for the initiative.
fn enemy_submarine() -> Patrol {
    let opts = PatrolOptions {
        start: month(1944, 1),
        ..patrol_opts()
    };
    let mut g = scripted(opts, &[5, 6]);
    act(&mut g, "load 0");
    assert!(waits_roll(&g, RollPurpose::Enemy(EnemyRoll::Initiative)));
    g
}

/// [8.2.9.1] Enemy submarine initiative: 1d10; 4–10: the enemy attacks first with 4 torpedoes from medium
/// range. [8.2.9.4] Enemy torpedoes are defective on a "1".
#[test]
fn enemy_submarine_fires_four_first_and_a_one_is_defective() {
    let mut g = enemy_submarine();
    // Initiative 4; hit (2) but defective (1); three misses.
    let ev = feed(&mut g, &[4, 1, 1, 1, 6, 6, 6, 6, 6, 6]);
    assert_eq!(
        rolls_of(&ev, "8.2.9.4")
            .iter()
            .filter(|r| r.chart == "B1")
            .count(),
        4
    );
    assert!(waits(&g, AskView::EnemyAfter));
    act(&mut g, "continue");
    assert_eq!(g.position(), 1);
}

/// [8.2.9.4] Any non-defective enemy hit sinks the player's sub.
#[test]
fn an_enemy_submarine_hit_sinks() {
    let mut g = enemy_submarine();
    feed(&mut g, &[10, 1, 1, 2]);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Sunk { .. }
        }
    ));
}

/// [8.2.9.2] If the player attacks first: normal range choice; no deck gun against submarines; the enemy sub
/// gets the warship +1 to-hit DRM. [8.2.9.3] The enemy sub sinks with 1 damage point.
#[test]
fn the_player_with_the_initiative_sinks_the_enemy_with_one_hit() {
    let mut g = enemy_submarine();
    feed(&mut g, &[1]);
    assert!(waits(&g, AskView::Engage));
    act(&mut g, "attack medium submerged");
    assert!(refused(&mut g, "gun 1"));
    act(&mut g, "declare bow 1");
    feed(&mut g, &[1, 1, 4, 6]);
    let ev = act(&mut g, "fire");
    assert!(has_mod(rolls_of(&ev, "8.2.3")[0], "8.1.5", 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, PatrolEvent::ShipSunk { tonnage: 1500, .. }))
    );
    assert_eq!(g.position(), 1, "the encounter is over");
}
