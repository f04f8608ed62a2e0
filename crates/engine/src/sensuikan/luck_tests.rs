//! Sensuikan patrol tests: markers and skills spent on patrol [B11] [11.7]; scripted dice, each test citing
//! its rule case.

use super::test_support::*;
use super::*;

// ---- markers and skills spent on patrol ------------------------------------------------------------------

/// [B11] Radio intelligence (B11 8): keep the marker and spend it to roll twice for an encounter in one
/// on-station box and choose.
#[test]
fn radio_intelligence_rolls_twice_and_chooses() {
    let mut g = on_station(patrol_opts());
    g.markers.push("radio_intelligence".into());
    // Pearl Harbor 6 = nothing: the marker is offered.
    feed(&mut g, &[3, 3]);
    assert!(waits(&g, AskView::Reroll));
    act(&mut g, "radio");
    assert!(!g.markers.iter().any(|m| m == "radio_intelligence"));
    // 7 = ship(s) + escort on the second roll; choose it.
    feed(&mut g, &[3, 4]);
    assert!(waits(&g, AskView::Reroll));
    let mut first = g.clone();
    feed(&mut g, &[1, 3, 7, 7, 2]);
    act(&mut g, "choose second");
    assert!(waits(&g, AskView::Engage));
    // Or keep the first (nothing): on to the next box.
    let at = first.position();
    act(&mut first, "choose first");
    assert_eq!(first.position(), at + 1);
    // Kept, it is offered again in the next on-station box.
    let mut g = on_station(patrol_opts());
    g.markers.push("radio_intelligence".into());
    feed(&mut g, &[3, 3]);
    act(&mut g, "keep");
    feed(&mut g, &[3, 3]);
    assert!(waits(&g, AskView::Reroll));
}

/// [B11] The Maneki Neko marker (B11 7; the Lucky skill [11.7]): spend it once to roll again the latest
/// roll of your own.
#[test]
fn maneki_neko_rolls_again_the_latest_own_roll() {
    let mut g = lone_ship();
    g.markers.push("maneki_neko".into());
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(waits(&g, AskView::AfterRound));
    let ev = act(&mut g, "maneki_neko");
    assert!(ev.iter().any(|e| matches!(e, PatrolEvent::Spent { .. })));
    assert!(waits_roll(&g, RollPurpose::Attack(AttackRoll::ToHit)));
    assert!(!g.markers.iter().any(|m| m == "maneki_neko"));
    // A hit this time: the defective check follows.
    feed(&mut g, &[1, 1]);
    assert!(waits_roll(&g, RollPurpose::Attack(AttackRoll::Defective)));
    // Spent: no longer offered.
    let mut g = lone_ship();
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(refused(&mut g, "maneki_neko"));
}

/// [11.7] Shibumi: once per patrol, the captain may pass a dice test without rolling (here the torpedo hit
/// roll and the test-depth check).
#[test]
fn shibumi_passes_a_roll_without_rolling() {
    let mut g = lone_ship();
    g.options.crew.shibumi = true;
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    let ev = act(&mut g, "shibumi");
    let hit = rolls_of(&ev, "8.2.3");
    assert!(hit[0].outcome.starts_with("hit") && hit[0].outcome.contains("Shibumi"));
    assert!(waits_roll(&g, RollPurpose::Attack(AttackRoll::Defective)));
    assert!(g.luck.shibumi.spent());
    // The test-depth check.
    let mut opts = patrol_opts();
    opts.crew.shibumi = true;
    let mut g = escorted_contact(on_station(opts), 2);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6]);
    act(&mut g, "fire");
    assert!(waits(&g, AskView::TestDepth));
    act(&mut g, "shibumi");
    assert_eq!(g.boat().hull, 1);
    assert!(waits_roll(&g, RollPurpose::Escort(EscortRoll::Detection)));
    // Once per patrol.
    assert!(g.luck.shibumi.spent());
}

/// [11.7] Shibumi can also pass the defective-torpedo check (B2) and the A4 quick dive: while it is unspent
/// the captain is asked before each; declining rolls as usual and he is asked again at the next one.
#[test]
fn shibumi_passes_the_defective_check_and_the_quick_dive() {
    let mut g = lone_ship();
    g.options.crew.shibumi = true;
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    act(&mut g, "declare bow 1");
    act(&mut g, "fire");
    // Two hits (B1 6 and 6); the decision comes before the first B2 check.
    feed(&mut g, &[3, 3, 3, 3]);
    assert!(waits(&g, AskView::Shibumi));
    act(&mut g, "continue");
    assert!(waits_roll(&g, RollPurpose::Attack(AttackRoll::Defective)));
    let ev = feed(&mut g, &[1]);
    assert_eq!(rolls_of(&ev, "8.2.3")[0].outcome, "defective");
    assert!(waits(&g, AskView::Shibumi), "asked again before the second check");
    let ev = act(&mut g, "shibumi");
    let b2 = rolls_of(&ev, "8.2.3");
    assert!(b2[0].chart == "B2" && b2[0].outcome.contains("Shibumi"));
    assert!(g.luck.shibumi.spent());
    // The quick dive: passed without rolling, no attack, on to the next box.
    let mut opts = patrol_opts();
    opts.crew.shibumi = true;
    let mut g = on_station(opts);
    feed(&mut g, &[1, 3]);
    assert!(waits(&g, AskView::Shibumi));
    let ev = act(&mut g, "shibumi");
    let a4 = rolls_of(&ev, "8.3.1");
    assert!(a4[0].outcome.starts_with("dived in time") && a4[0].outcome.contains("Shibumi"));
    assert_eq!(g.position(), 3);
    assert_eq!(g.boat().hull, 0);
}
