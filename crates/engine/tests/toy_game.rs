//! The toy game of `tests/toy` on the engine alone: the rules machine plays it, the test kit drives it, a
//! session saves, loads, undoes and redoes it — all from its own file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../../tests/toy/coin_toss.rs"]
mod coin_toss;

use coin_toss::{CoinToss, TossOptions};
use periscope_engine::testing::{act, choices, feed, roll_on, scripted, try_act};
use periscope_engine::{DiceMode, Game, Pending, Session};

#[test]
fn the_machine_plays_a_game_it_has_never_seen() {
    // Scripted faces: heads (2), tails (5), heads (1), heads (3).
    let mut g: CoinToss = scripted(TossOptions::default(), &[2, 5, 1, 3]);
    assert_eq!(choices(&g), ["heads", "tails"]);
    let ev = act(&mut g, "heads");
    roll_on(&ev, "Toss")
        .rule("Toss.2")
        .faces(&[2])
        .result(2)
        .outcome("right");
    act(&mut g, "heads");
    assert_eq!((g.right, g.wrong), (1, 1));
    act(&mut g, "heads");
    act(&mut g, "heads");
    assert!(matches!(g.pending(), Pending::Over { won: true, .. }));
    assert!(try_act(&mut g, "tails").unwrap_err().contains("over"));
}

#[test]
fn physical_dice_wait_for_the_player_and_refusals_change_nothing() {
    let mut g = CoinToss::new(TossOptions::default(), 1, DiceMode::Physical).unwrap();
    act(&mut g, "tails");
    assert!(matches!(g.pending(), Pending::Roll(_)));
    let before = g.clone();
    assert!(
        try_act(&mut g, "heads").is_err(),
        "no call while the coin is in the air"
    );
    assert!(try_act(&mut g, "roll 7").is_err(), "7 is not a face of 1d6");
    assert_eq!(g, before);
    let ev = feed(&mut g, &[6]);
    roll_on(&ev, "Toss").outcome("Tails: right");
}

#[test]
fn a_session_saves_loads_undoes_and_redoes_it() {
    let mut s = Session::<CoinToss>::new(TossOptions::default(), 9, DiceMode::Seeded).unwrap();
    s.apply("heads".parse().unwrap()).unwrap();
    s.apply("tails".parse().unwrap()).unwrap();
    let text = s.to_json().unwrap();
    let loaded = Session::<CoinToss>::load(&text).unwrap();
    assert_eq!(loaded.game(), s.game());
    let after_two = s.game().clone();
    s.undo().unwrap();
    assert_eq!(s.actions().len(), 1);
    s.redo().unwrap();
    assert_eq!(s.game(), &after_two);
}
