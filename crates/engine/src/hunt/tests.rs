//! One test (at least) per rule case, with scripted dice and stacked decks.

use super::*;
use crate::machine::RollSpec;
use crate::refusal::Refused;
use crate::save::Session;
use crate::testing::{act, rolls};

fn cards(codes: &[&str]) -> Vec<Card> {
    codes.iter().map(|c| c.parse().unwrap()).collect()
}

const EMPTY_ROW: [&str; 10] = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "2D"];

/// A game with scripted dice and stacked decks; cards not given come from shuffled packs.
fn game_with(options: HuntOptions, dice: &[u8], row: &[&str], attack: &[&str], damage: &[&str]) -> Hunt {
    Hunt::with_decks(
        options,
        1,
        DiceMode::Scripted { faces: dice.to_vec() },
        &cards(row),
        &cards(attack),
        &cards(damage),
    )
    .unwrap()
}

fn game(dice: &[u8], row: &[&str], attack: &[&str], damage: &[&str]) -> Hunt {
    game_with(HuntOptions::default(), dice, row, attack, damage)
}

fn actions(g: &Hunt) -> Vec<HuntAction> {
    g.pending().choices().iter().map(|c| c.action.clone()).collect()
}

/// [Each Turn.1] One action a turn: hunt, fire at a found ship, change mode, or return.
#[test]
fn each_turn_offers_the_four_actions() {
    let mut row = EMPTY_ROW;
    row[0] = "JH";
    let mut g = game(&[1, 1, 6], &row, &[], &[]);
    assert_eq!(
        actions(&g),
        vec![HuntAction::Hunt, HuntAction::ChangeMode, HuntAction::ReturnToBase]
    );
    act(&mut g, "hunt");
    act(&mut g, "pick 1");
    assert_eq!(
        actions(&g),
        vec![
            HuntAction::Hunt,
            HuntAction::Fire { target: 1 },
            HuntAction::ChangeMode,
            HuntAction::ReturnToBase
        ]
    );
    assert_eq!(g.turn(), 2);
}

/// [Each Turn.2] [Each Turn.3] [Each Turn.4] [Modes.2] Every action is followed by a Consequence Phase:
/// supplies for the mode, then one detection die.
#[test]
fn a_consequence_phase_follows_every_action() {
    let mut g = game(&[3, 3, 6, 6], &EMPTY_ROW, &[], &[]);
    let ev = act(&mut g, "hunt");
    assert_eq!(
        rolls(&ev).len(),
        1,
        "only the sonar roll so far; the card is chosen next"
    );
    let ev = act(&mut g, "pick 3");
    assert!(
        ev.contains(&HuntEvent::Supplies {
            oxygen: 11,
            battery: 11
        }),
        "diving: -1 / -1"
    );
    assert_eq!(rolls(&ev)[0].chart, "Enemy detection");
    let ev = act(&mut g, "mode");
    // Changing mode: the phase uses the new mode, Surface: +2 / +1.
    assert!(
        ev.contains(&HuntEvent::Supplies {
            oxygen: 12,
            battery: 12
        }),
        "{ev:?}"
    );
}

/// [Each Turn.3] Supplies never climb above their maximum.
#[test]
fn surface_recharges_up_to_the_maximum() {
    let options = HuntOptions {
        start_oxygen: 5,
        start_battery: 5,
        start_mode: Mode::Surface,
        ..Default::default()
    };
    let mut g = game_with(options, &[1, 1, 1, 6], &EMPTY_ROW, &[], &[]);
    act(&mut g, "return");
    assert_eq!((g.oxygen(), g.battery()), (7, 6));
    let options = HuntOptions {
        start_mode: Mode::Surface,
        ..Default::default()
    };
    let mut g = game_with(options, &[5, 5, 5, 6], &EMPTY_ROW, &[], &[]);
    act(&mut g, "return");
    assert_eq!((g.oxygen(), g.battery()), (12, 12));
}

/// [Modes.1] Surface: three sonar dice, detected on 1-4.
#[test]
fn surface_rolls_three_sonar_dice_and_is_seen_on_four() {
    let options = HuntOptions {
        start_mode: Mode::Surface,
        ..Default::default()
    };
    let mut g = game_with(options.clone(), &[1, 2, 3, 4], &EMPTY_ROW, &[], &[]);
    let ev = act(&mut g, "hunt");
    assert_eq!(rolls(&ev)[0].faces.len(), 3);
    let ev = act(&mut g, "pick 5");
    assert!(ev.contains(&HuntEvent::Detected { streak: 1 }));
    let mut g = game_with(options, &[1, 2, 3, 5], &EMPTY_ROW, &[], &[]);
    act(&mut g, "hunt");
    let ev = act(&mut g, "pick 5");
    assert!(ev.contains(&HuntEvent::NotDetected { broke_contact: false }));
}

/// [Modes.2] Diving: two sonar dice, detected on 1-2 only.
#[test]
fn diving_rolls_two_sonar_dice_and_is_seen_on_two() {
    let mut g = game(&[1, 2, 2, 1, 2, 3], &EMPTY_ROW, &[], &[]);
    let ev = act(&mut g, "hunt");
    assert_eq!(rolls(&ev)[0].faces, vec![1, 2]);
    let ev = act(&mut g, "pick 3");
    assert!(ev.contains(&HuntEvent::Detected { streak: 1 }));
    act(&mut g, "hunt");
    let ev = act(&mut g, "pick 1");
    assert!(ev.contains(&HuntEvent::NotDetected { broke_contact: true }));
}

/// [Hunt.1] [Hunt.2] [Hunt.3] One die or the sum of any two picks a face-down card; sums past 10 point at
/// nothing; turned cards cannot be picked again.
#[test]
fn sonar_dice_reach_single_values_and_pair_sums() {
    let g = game(&[], &EMPTY_ROW, &[], &[]);
    assert_eq!(g.reachable_positions(&[1, 3, 5]), vec![1, 3, 4, 5, 6, 8]);
    assert_eq!(g.reachable_positions(&[6, 6]), vec![6]);
    assert_eq!(g.reachable_positions(&[5, 6, 4]), vec![4, 5, 6, 9, 10]);
    let mut g = game(&[2, 2, 6, 2, 2], &EMPTY_ROW, &[], &[]);
    act(&mut g, "hunt");
    act(&mut g, "pick 4");
    assert_eq!(g.row()[3].state, SlotState::Empty);
    act(&mut g, "hunt");
    assert_eq!(
        actions(&g),
        vec![HuntAction::PickCard { position: 2 }],
        "card 4 is already turned"
    );
}

/// [Hunt.2] An unreachable card is refused and nothing changes.
#[test]
fn an_unreachable_card_is_refused_without_changing_anything() {
    let mut g = game(&[1, 2], &EMPTY_ROW, &[], &[]);
    act(&mut g, "hunt");
    let before = g.clone();
    assert_eq!(
        g.apply("pick 7".parse().unwrap()),
        Err(HuntError::CardNotReachable { position: 7 })
    );
    assert_eq!(g, before);
}

/// [Hunt.2] When nothing is within reach the sonar finds nothing, and the Consequence Phase still follows.
#[test]
fn a_blank_sonar_roll_still_costs_a_turn() {
    let mut row = EMPTY_ROW;
    row[5] = "QH";
    let mut g = game(&[6, 6, 1, 6, 6, 6], &row, &[], &[]);
    act(&mut g, "hunt");
    act(&mut g, "pick 6");
    let ev = act(&mut g, "hunt");
    assert!(
        ev.contains(&HuntEvent::SonarBlank),
        "6 is turned and 12 is off the row"
    );
    assert!(ev.iter().any(|e| matches!(e, HuntEvent::Supplies { .. })));
    assert_eq!(g.phase(), &Phase::Action);
}

/// [Hunt.4] [Hunt.5] Number cards are empty sea; J, Q, K, A and Jokers are ships.
#[test]
fn face_cards_aces_and_jokers_are_ships() {
    let row = ["JH", "QS", "KD", "AC", "JK", "7C", "8C", "9C", "10C", "2D"];
    let dice: Vec<u8> = (1..=6).flat_map(|p| [p, 6, 6]).collect();
    let mut g = game(&dice, &row, &[], &[]);
    for p in 1..=6 {
        act(&mut g, "hunt");
        act(&mut g, &format!("pick {p}"));
    }
    let states: Vec<SlotState> = g.row().iter().take(6).map(|s| s.state).collect();
    assert_eq!(states[..5], [SlotState::Found; 5]);
    assert_eq!(states[5], SlotState::Empty);
}

/// [Hunt.6] A ship found this turn can be fired at only from the next turn.
#[test]
fn a_found_ship_is_fired_at_on_a_later_turn() {
    let mut row = EMPTY_ROW;
    row[1] = "JH";
    let mut g = game(&[2, 2], &row, &[], &[]);
    act(&mut g, "hunt");
    assert!(
        g.apply("fire 2".parse().unwrap()).is_err(),
        "still choosing this turn's card"
    );
    let turn = g.turn();
    act(&mut g, "pick 2");
    assert_eq!(
        g.phase(),
        &Phase::Roll {
            purpose: RollPurpose::Detection
        },
        "script ran out mid-turn"
    );
    act(&mut g, "roll 6");
    assert_eq!(g.turn(), turn + 1);
    assert!(actions(&g).contains(&HuntAction::Fire { target: 2 }));
}

fn found_ship(card: &str, attack: &[&str], dice_after: &[u8]) -> Hunt {
    let mut row = EMPTY_ROW;
    row[0] = card;
    let mut dice = vec![1, 6, 6];
    dice.extend_from_slice(dice_after);
    let mut g = game(&dice, &row, attack, &[]);
    act(&mut g, "hunt");
    act(&mut g, "pick 1");
    g
}

/// [Attacking.1] [Attacking.2] [Attacking.5] [Attacking.6] [Ships.4] Each flip scores and is followed by
/// a Consequence Phase; reaching the ship's Sink Points sinks it.
#[test]
fn flipping_attack_cards_sinks_a_cruiser_at_twenty() {
    let mut g = found_ship("QH", &["9H", "KS", "10C", "3D"], &[6, 6, 6, 6]);
    let ev = act(&mut g, "fire 1");
    assert_eq!(rolls(&ev).len(), 1, "one detection roll after the card");
    assert_eq!(g.phase(), &Phase::AttackDecision);
    act(&mut g, "flip");
    act(&mut g, "flip");
    assert_eq!(g.sink_points(), 0, "9 + 0 + 10 = 19 is one short");
    let ev = act(&mut g, "flip");
    assert!(
        ev.iter()
            .any(|e| matches!(e, HuntEvent::ShipSunk { sink_points: 20, .. }))
    );
    assert_eq!(g.sink_points(), 20);
    assert_eq!(g.row()[0].state, SlotState::Sunk);
    assert_eq!(g.torpedoes(), 20, "one torpedo per card");
    assert_eq!(g.phase(), &Phase::Action);
}

/// [Attacking.4] [Ships.5] An Ace doubles the card before it: 5 then an Ace is 10, enough for a Merchant.
#[test]
fn an_ace_after_a_five_sinks_a_merchant() {
    let mut g = found_ship("JH", &["5H", "AS"], &[6, 6]);
    act(&mut g, "fire 1");
    let ev = act(&mut g, "flip");
    assert!(
        ev.iter()
            .any(|e| matches!(e, HuntEvent::ShipSunk { sink_points: 10, .. }))
    );
}

/// [Attacking.4] An Ace first doubles the next card: A then 7 makes 14.
#[test]
fn an_ace_first_doubles_the_next_card() {
    let mut g = found_ship("QH", &["AS", "7H"], &[6, 6]);
    act(&mut g, "fire 1");
    let ev = act(&mut g, "flip");
    assert!(ev.iter().any(|e| matches!(
        e,
        HuntEvent::AttackCard {
            total: 14,
            needed: 20,
            ..
        }
    )));
}

/// [Attacking.5] Breaking off ends the attack; by default the next attack starts again from 0.
#[test]
fn breaking_off_resets_the_ship_by_default() {
    let mut g = found_ship("QH", &["9H", "9S"], &[6, 6]);
    act(&mut g, "fire 1");
    let ev = act(&mut g, "break");
    assert_eq!(
        ev,
        vec![HuntEvent::BrokeOff { position: 1 }],
        "no extra Consequence Phase"
    );
    assert_eq!(g.phase(), &Phase::Action);
    let ev = act(&mut g, "fire 1");
    assert!(
        ev.iter()
            .any(|e| matches!(e, HuntEvent::AttackCard { total: 9, .. }))
    );
}

/// Option: the ship keeps its damage after a break-off.
#[test]
fn option_keep_damage_after_break_off() {
    let options = HuntOptions {
        attack_total: AttackTotal::KeepOnBreakOff,
        ..Default::default()
    };
    let mut row = EMPTY_ROW;
    row[0] = "QH";
    let mut g = game_with(
        options,
        &[1, 6, 6, 6, 6, 6, 6],
        &row,
        &["9H", "KS", "10S", "5D"],
        &[],
    );
    act(&mut g, "hunt");
    act(&mut g, "pick 1");
    act(&mut g, "fire 1");
    act(&mut g, "break");
    act(&mut g, "fire 1");
    let ev = act(&mut g, "flip");
    assert!(
        ev.iter()
            .any(|e| matches!(e, HuntEvent::AttackCard { total: 19, .. })),
        "9 kept, + 0 + 10: {ev:?}"
    );
    let ev = act(&mut g, "flip");
    assert!(
        ev.iter().any(|e| matches!(e, HuntEvent::ShipSunk { .. })),
        "19 + 5: {ev:?}"
    );
}

/// Option: one torpedo per Fire action instead of per card.
#[test]
fn option_one_torpedo_per_attack() {
    let options = HuntOptions {
        torpedo_cost: TorpedoCost::PerAttack,
        ..Default::default()
    };
    let mut row = EMPTY_ROW;
    row[0] = "AH";
    let mut g = game_with(options, &[1, 6, 6, 6, 6], &row, &["2H", "2S", "2D"], &[]);
    act(&mut g, "hunt");
    act(&mut g, "pick 1");
    act(&mut g, "fire 1");
    act(&mut g, "flip");
    act(&mut g, "flip");
    assert_eq!(g.torpedoes(), 23);
}

/// With the last torpedo gone the attack ends by itself; Fire is no longer offered.
#[test]
fn out_of_torpedoes_ends_the_attack() {
    // On the surface, so supplies last; 6s are never detections.
    let options = HuntOptions {
        start_mode: Mode::Surface,
        ..Default::default()
    };
    let mut row = EMPTY_ROW;
    row[0] = "AH";
    let mut g = game_with(options, &[1, 6, 6, 6].repeat(9), &row, &["KH"; 24], &[]);
    act(&mut g, "hunt");
    act(&mut g, "pick 1");
    act(&mut g, "fire 1");
    while g.phase() == &Phase::AttackDecision {
        act(&mut g, "flip");
    }
    assert_eq!(g.torpedoes(), 0);
    assert!(!actions(&g).iter().any(|a| matches!(a, HuntAction::Fire { .. })));
    assert_eq!(
        g.apply(HuntAction::Fire { target: 1 }),
        Err(HuntError::NoTorpedoes)
    );
}

/// [Ships.1] [Ships.3] Attacking a Joker adds 2 to the detection number, a King 1; [Ships.2] an Ace none.
#[test]
fn attacking_a_joker_or_king_raises_the_detection_number() {
    for (card, penalty, rule) in [("JK", -2, "Ships.1"), ("KH", -1, "Ships.3")] {
        let mut g = found_ship(card, &["2H"], &[4]);
        let ev = act(&mut g, "fire 1");
        let r = rolls(&ev)[0];
        assert_eq!(r.modifiers.len(), 1);
        assert_eq!(
            (r.modifiers[0].value, r.modifiers[0].rule.as_str()),
            (penalty, rule)
        );
        let detected = ev.contains(&HuntEvent::Detected { streak: 1 });
        assert_eq!(
            detected,
            card == "JK",
            "a 4 diving is seen only with the Joker's +2"
        );
    }
    let mut g = found_ship("AH", &["2H"], &[3]);
    let ev = act(&mut g, "fire 1");
    assert!(rolls(&ev)[0].modifiers.is_empty());
}

/// [Ships.1]-[Ships.5] Sink Points by ship.
#[test]
fn sink_points_by_ship() {
    let g = game(&[], &EMPTY_ROW, &[], &[]);
    let pts: Vec<u32> = ["JK", "AH", "KH", "QH", "JH"]
        .iter()
        .map(|c| {
            let card: Card = c.parse().unwrap();
            g.rules().ship(card.ship().unwrap()).unwrap().sink_points
        })
        .collect();
    assert_eq!(pts, vec![50, 40, 30, 20, 10]);
}

/// Change mode three times diving with the given detection dice.
fn mode_changes(dice: &[u8], damage: &[&str]) -> (Hunt, Vec<HuntEvent>) {
    let mut g = game(dice, &EMPTY_ROW, &[], damage);
    let mut all = Vec::new();
    for _ in 0..dice.len() {
        all.extend(act(&mut g, "mode"));
        if g.phase().clone() != Phase::Action {
            break;
        }
    }
    (g, all)
}

/// [Enemy.1] [Enemy.2] [Enemy.3] Three detections in a row open fire with a Damage card.
#[test]
fn three_detections_in_a_row_open_fire() {
    // Mode alternates Surface, Diving, Surface: 1 is a detection in either.
    let (g, ev) = mode_changes(&[1, 1, 1], &["7H"]);
    assert!(ev.contains(&HuntEvent::EnemyFire {
        card: "7H".parse().unwrap(),
        damage: 7,
        hull: 93
    }));
    assert_eq!(g.hull(), 93);
}

/// [Enemy.2] [Enemy.5] Detection, detection, miss, detection: no fire — the miss resets the run.
#[test]
fn a_miss_between_detections_prevents_fire() {
    let (g, ev) = mode_changes(&[1, 1, 6, 1], &["7H"]);
    assert!(!ev.iter().any(|e| matches!(e, HuntEvent::EnemyFire { .. })));
    assert!(ev.contains(&HuntEvent::NotDetected { broke_contact: true }));
    assert_eq!((g.streak(), g.hull()), (1, 100));
}

/// [Enemy.3] [Enemy.4] After a hit the detection number is +1 while the exchange lasts, never more;
/// [Enemy.5] a miss ends the exchange and the bonus.
#[test]
fn a_hit_raises_detection_by_one_without_stacking() {
    let (g, ev) = mode_changes(&[1, 1, 1, 1, 1], &["5H", "6H", "KH"]);
    let r: Vec<&RollRecord> = rolls(&ev);
    assert!(
        r[3].modifiers
            .iter()
            .any(|m| m.value == -1 && m.rule == "Enemy.4")
    );
    assert_eq!(r[4].modifiers.len(), 1, "two hits still give +1");
    assert_eq!(g.hull(), 100 - 5 - 6);
    assert!(g.hit_bonus());
    // Diving with the bonus: a 3 is a detection; without it, not.
    let mut g2 = g.clone();
    g2.dice.enter(Dice::D1D6, &[3]).unwrap();
    assert_eq!(g2.mode(), Mode::Surface);
    let mut g = g;
    g.dice.enter(Dice::D1D6, &[6]).unwrap();
    let ev = act(&mut g, "mode");
    assert!(ev.contains(&HuntEvent::NotDetected { broke_contact: true }));
    assert!(!g.hit_bonus() && g.streak() == 0);
}

/// [Enemy.3] A Damage Ace doubles the card before it in the same exchange.
#[test]
fn a_damage_ace_doubles_its_neighbour() {
    let (g, _) = mode_changes(&[1, 1, 1, 1], &["8H", "AS"]);
    assert_eq!(g.hull(), 100 - 8 - 8);
}

/// [Objective.5] [Enemy.6] Hull Points reaching 0 sink the submarine; the option waits for below 0.
#[test]
fn the_hull_at_zero_sinks_the_submarine() {
    let tens = [
        "10H", "10S", "10D", "10C", "10H", "10S", "10D", "10C", "10H", "10S", "2H",
    ];
    let (g, ev) = mode_changes(&[1; 12], &tens);
    assert_eq!(g.hull(), 0);
    assert!(ev.contains(&HuntEvent::Lost {
        cause: LossCause::HullDestroyed
    }));
    assert!(g.pending().is_over());
    assert_eq!(
        g.clone().apply(HuntAction::Hunt),
        Err(HuntError::Refused(Refused::GameOver))
    );

    let options = HuntOptions {
        hull_loss: HullLoss::BelowZero,
        ..Default::default()
    };
    let mut g = game_with(options, &[1; 13], &EMPTY_ROW, &[], &tens);
    for _ in 0..12 {
        act(&mut g, "mode");
    }
    assert_eq!((g.hull(), g.phase()), (0, &Phase::Action));
    act(&mut g, "mode");
    assert_eq!(g.loss(), Some(LossCause::HullDestroyed));
}

/// [Objective.3] [Modes.3] Oxygen at 0 loses the crew.
#[test]
fn oxygen_running_out_loses() {
    let options = HuntOptions {
        start_oxygen: 1,
        ..Default::default()
    };
    let mut g = game_with(options, &[1, 1], &EMPTY_ROW, &[], &[]);
    act(&mut g, "hunt");
    let ev = act(&mut g, "pick 1");
    assert_eq!(
        ev.last(),
        Some(&HuntEvent::Lost {
            cause: LossCause::OxygenExhausted
        })
    );
    assert_eq!(
        g.pending(),
        Pending::Over {
            won: false,
            summary: LossCause::OxygenExhausted.describe().into()
        }
    );
}

/// [Objective.4] [Modes.3] Battery at 0 loses the crew.
#[test]
fn battery_running_out_loses() {
    let options = HuntOptions {
        start_battery: 1,
        ..Default::default()
    };
    let mut g = game_with(options, &[1, 1, 1], &EMPTY_ROW, &[], &[]);
    act(&mut g, "return");
    assert_eq!(g.loss(), Some(LossCause::BatteryExhausted));
}

/// [Return.1] [Return.2] [Return.3] [Return.4] Three dice, sixes lock, three sixes come home to full
/// supplies, 24 torpedoes and a new face-down row.
#[test]
fn returning_to_base_locks_sixes_and_resupplies() {
    let mut row = EMPTY_ROW;
    row[0] = "JH";
    let mut g = game(&[1, 6, 6, 6, 6, 2, 5, 6, 6, 4, 6, 6], &row, &["10H"], &[]);
    act(&mut g, "hunt");
    act(&mut g, "pick 1");
    act(&mut g, "fire 1");
    assert_eq!(g.sink_points(), 10);
    let ev = act(&mut g, "return");
    assert_eq!(rolls(&ev)[0].faces, vec![6, 2, 5]);
    assert_eq!(g.locked_sixes(), 1);
    let ev = act(&mut g, "return");
    assert_eq!(
        rolls(&ev)[0].faces.len(),
        2,
        "only the dice that are not 6 are rolled again"
    );
    assert_eq!(rolls(&ev)[0].faces, vec![6, 4]);
    assert_eq!(g.locked_sixes(), 2);
    let ev = act(&mut g, "return");
    assert!(ev.contains(&HuntEvent::Arrived));
    assert!(ev.contains(&HuntEvent::Resupplied { torpedoes: 24 }));
    assert_eq!(rolls(&ev).len(), 1, "no Consequence Phase in port");
    assert_eq!(
        (g.oxygen(), g.battery(), g.torpedoes(), g.locked_sixes()),
        (12, 12, 24, 0)
    );
    assert!(g.row().iter().all(|s| s.state == SlotState::FaceDown));
    assert_eq!(
        g.phase(),
        &Phase::Action,
        "10 Sink Points is not a win: the patrol goes on"
    );
}

/// Option: another action frees the locked sixes.
#[test]
fn option_locked_sixes_reset_on_another_action() {
    let options = HuntOptions {
        return_locks: ReturnLocks::ResetOnOtherAction,
        ..Default::default()
    };
    let mut g = game_with(options, &[6, 1, 1, 6, 6, 6, 6, 6, 6], &EMPTY_ROW, &[], &[]);
    act(&mut g, "return");
    assert_eq!(g.locked_sixes(), 1);
    act(&mut g, "mode");
    assert_eq!(g.locked_sixes(), 0);
}

/// [Winning.1] [Objective.2] 50 Sink Points and safe arrival win.
#[test]
fn home_with_fifty_sink_points_wins() {
    let mut row = EMPTY_ROW;
    row[0] = "JK";
    let attack = ["10H", "10S", "10D", "10C", "9H", "AH"];
    let mut dice = vec![1, 6, 6];
    dice.extend([6; 6]);
    dice.extend([6, 6, 6]);
    let mut g = game(&dice, &row, &attack, &[]);
    act(&mut g, "hunt");
    act(&mut g, "pick 1");
    act(&mut g, "fire 1");
    for _ in 0..5 {
        act(&mut g, "flip");
    }
    assert_eq!(
        g.sink_points(),
        50,
        "10+10+10+10+9 = 49, and the Ace doubles the 9"
    );
    let ev = act(&mut g, "return");
    assert!(ev.contains(&HuntEvent::Won { sink_points: 50 }));
    assert_eq!(
        g.pending(),
        Pending::Over {
            won: true,
            summary: "Victory: home with 50 Sink Points.".into()
        }
    );
}

/// Physical dice: the game asks for each roll; faces that are not on a d6 are refused.
#[test]
fn physical_dice_are_asked_for_and_checked() {
    let mut g = Hunt::new(HuntOptions::default(), 9, DiceMode::Physical).unwrap();
    act(&mut g, "hunt");
    assert!(matches!(
        g.pending(),
        Pending::Roll(RollSpec {
            dice: Dice::D6 { count: 2 },
            ..
        })
    ));
    let before = g.clone();
    assert!(matches!(
        g.apply("roll 7 1".parse().unwrap()),
        Err(HuntError::Refused(Refused::Dice(_)))
    ));
    assert!(matches!(
        g.apply("roll 1".parse().unwrap()),
        Err(HuntError::Refused(Refused::Dice(_)))
    ));
    assert!(matches!(
        g.apply(HuntAction::Hunt),
        Err(HuntError::Refused(Refused::NotNow { .. }))
    ));
    assert_eq!(g, before);
    act(&mut g, "roll 1 2");
    assert!(matches!(g.phase(), Phase::ChooseCard { .. }));
    let mut seeded = Hunt::new(HuntOptions::default(), 9, DiceMode::Seeded).unwrap();
    assert!(seeded.apply("roll 1 2".parse().unwrap()).is_err());
}

/// The same seed and actions give identical events, byte for byte.
#[test]
fn the_same_seed_and_actions_replay_identically() {
    let play = || {
        let mut s = Session::<Hunt>::new(HuntOptions::default(), 42, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(5);
        for _ in 0..300 {
            let Some(a) = policy::Policy::Random.choose(s.game(), &mut rng) else {
                break;
            };
            s.apply(a).unwrap();
        }
        serde_json::to_string(s.events()).unwrap()
    };
    assert_eq!(play(), play());
}

/// A save replays to the same game; undo and redo replay one action fewer or more.
#[test]
fn saves_undo_and_redo_replay() {
    let mut s = Session::<Hunt>::new(HuntOptions::default(), 7, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(1);
    for _ in 0..40 {
        let Some(a) = policy::Policy::Careful.choose(s.game(), &mut rng) else {
            break;
        };
        s.apply(a).unwrap();
    }
    let loaded = Session::<Hunt>::load(&s.to_json().unwrap()).unwrap();
    assert_eq!(loaded.game(), s.game());
    let before = s.game().clone();
    let n = s.actions().len();
    s.undo().unwrap();
    assert_eq!(s.actions().len(), n - 1);
    assert_ne!(s.game(), &before);
    s.redo().unwrap();
    assert_eq!(s.game(), &before);
    assert!(!s.can_redo());
}

#[test]
fn damaged_foreign_and_newer_saves_are_refused() {
    use crate::save::LoadError;
    let s = Session::<Hunt>::new(HuntOptions::default(), 7, DiceMode::Seeded).unwrap();
    let text = s.to_json().unwrap();
    assert!(matches!(
        Session::<Hunt>::load(&text[..text.len() / 2]),
        Err(LoadError::Corrupt(_))
    ));
    assert!(matches!(
        Session::<Hunt>::load("{\"hello\": 1}"),
        Err(LoadError::Foreign(_))
    ));
    let newer = text.replace("\"version\": 1", "\"version\": 99");
    assert!(matches!(
        Session::<Hunt>::load(&newer),
        Err(LoadError::NewerVersion { found: 99, .. })
    ));
    let other = text.replace("\"game\": \"hunt\"", "\"game\": \"sensuikan\"");
    assert!(matches!(
        Session::<Hunt>::load(&other),
        Err(LoadError::WrongGame { .. })
    ));
    let bad_action = text.replace(
        "\"actions\": []",
        "\"actions\": [{\"type\": \"fire\", \"target\": 3}]",
    );
    assert!(matches!(
        Session::<Hunt>::load(&bad_action),
        Err(LoadError::BadAction { index: 1, .. })
    ));
}

/// Option: one shared pack for row, Attack and Damage cards.
#[test]
fn option_shared_deck_plays() {
    let options = HuntOptions {
        decks: DeckPlan::Shared,
        ..Default::default()
    };
    for seed in 0..50 {
        let r = policy::play_out(seed, policy::Policy::Careful, &options, 5_000);
        assert!(r.actions > 0);
    }
}

/// Every card of every pack is somewhere: in a pile, a discard pile, the row, on a ship or in enemy fire.
fn cards_accounted_for(g: &Hunt) {
    let on_table: usize =
        g.row.len() + g.row.iter().map(|s| s.hits.len()).sum::<usize>() + g.fire_cards.len();
    let in_decks: usize = g.decks.iter().map(|d| d.pile.len() + d.discards.len()).sum();
    let packs: u32 = g.decks.iter().map(|d| d.packs).sum();
    assert_eq!(
        on_table + in_decks,
        packs as usize * (52 + usize::from(g.options.jokers))
    );
}

/// Random legal play never gets stuck or refused; cards and torpedoes are never created or lost, and every
/// track stays within its bounds.
#[test]
fn random_games_play_to_the_end_with_invariants() {
    for options in [
        HuntOptions::default(),
        HuntOptions {
            decks: DeckPlan::Shared,
            ..Default::default()
        },
    ] {
        for seed in 0..200 {
            let mut g = Hunt::new(options.clone(), seed, DiceMode::Seeded).unwrap();
            let mut rng = SeededRng::new(seed);
            let mut steps = 0;
            while let Some(a) = policy::Policy::Random.choose(&g, &mut rng) {
                let torpedoes = g.torpedoes();
                let flips = matches!(a, HuntAction::Fire { .. } | HuntAction::FlipCard);
                let ev = g
                    .apply(a.clone())
                    .unwrap_or_else(|e| panic!("seed {seed}: {a}: {e}"));
                let resupplied = ev.iter().any(|e| matches!(e, HuntEvent::Resupplied { .. }));
                if !resupplied {
                    assert_eq!(torpedoes - g.torpedoes(), u32::from(flips), "seed {seed}: {a}");
                }
                cards_accounted_for(&g);
                assert!(g.oxygen() <= options.max_oxygen && g.battery() <= options.max_battery);
                assert!(g.hull() <= 100 && g.locked_sixes() <= 3 && g.streak() <= 10_000);
                steps += 1;
                assert!(steps < 50_000, "seed {seed} never ends");
            }
            assert!(g.pending().is_over(), "seed {seed}: stuck at {:?}", g.phase());
        }
    }
}

/// [Modes.3] [Objective.3] [Objective.4] [Each Turn.3] At Oxygen 1 in Diving mode the game warns that the
/// next action drowns the crew, and that surfacing keeps it; no warning once surfaced or with supplies.
#[test]
fn a_warning_comes_before_the_last_oxygen() {
    let options = HuntOptions {
        start_oxygen: 2,
        ..Default::default()
    };
    let mut g = game_with(options, &[1, 1, 6, 6], &EMPTY_ROW, &[], &[]);
    assert!(g.warnings().is_empty(), "Oxygen 2 survives one more turn");
    act(&mut g, "hunt");
    act(&mut g, "pick 1");
    assert_eq!(g.oxygen(), 1);
    let w = g.warnings();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].starts_with("Oxygen 1: the next action in Diving mode ends at Oxygen 0"));
    assert!(w[0].contains("[Modes.3]") && w[0].contains("[Objective.3]"));
    assert!(w[0].contains("Changing mode to Surface"));
    act(&mut g, "mode");
    assert_eq!(g.oxygen(), 3);
    assert!(g.warnings().is_empty(), "surfaced, the oxygen rises");
}

/// [Attacking.3] [Attacking.4] The log says why a flipped card scores nothing, or more than its pips.
#[test]
fn the_log_says_why_a_face_card_misses() {
    let mut g = found_ship("KH", &["QS", "5D", "AC"], &[6, 6, 6, 6]);
    let ev = act(&mut g, "fire 1");
    let line = ev
        .iter()
        .find(|e| matches!(e, HuntEvent::AttackCard { .. }))
        .unwrap()
        .to_string();
    assert_eq!(
        line,
        "Torpedo at ship 1: Queen of Spades (a face card misses: 0 [Attacking.3]) — 0 of 30 (23 torpedoes left)."
    );
    act(&mut g, "flip");
    let ev = act(&mut g, "flip");
    let line = ev
        .iter()
        .find(|e| matches!(e, HuntEvent::AttackCard { .. }))
        .unwrap()
        .to_string();
    assert!(
        line.contains("Ace of Clubs (an Ace doubles its neighbour [Attacking.4]) — 10 of 30"),
        "{line}"
    );
}

/// [Hunt.1] [Hunt.2] The odds beside the Hunt choice: the sonar dice reach a face-down card when one die or
/// the sum of two names one, counted over every throw of the mode's dice; turning a card shrinks them.
#[test]
fn the_hunt_choice_shows_the_sonar_odds() {
    #![allow(clippy::unwrap_used)]
    let g = Hunt::new(HuntOptions::default(), 3, DiceMode::Seeded).unwrap();
    let o = crate::odds::odds(&g, &HuntAction::Hunt).unwrap();
    assert_eq!((o.chart.as_str(), o.rule.as_str()), ("Sonar", "Hunt.1"));
    let dice = g.dice_for(RollPurpose::Sonar);
    let all = crate::odds::all_faces(dice);
    let reach = all
        .iter()
        .filter(|f| !g.reachable_positions(f).is_empty())
        .count();
    let ways: u32 = o
        .outcomes
        .iter()
        .filter(|x| x.label == "reaches a face-down card")
        .map(|x| x.ways)
        .sum();
    assert_eq!(ways as usize, reach);
    assert_eq!(o.outcomes.iter().map(|x| x.ways).sum::<u32>() as usize, all.len());
    // Changing mode sets off the Consequence Phase: its figure is the enemy's detection die.
    let o = crate::odds::odds(&g, &HuntAction::ChangeMode).unwrap();
    assert_eq!(
        (o.chart.as_str(), o.rule.as_str()),
        ("Enemy detection", "Enemy.1")
    );
}

/// [Enemy.1] [Enemy.2] [Enemy.4] [Ships.3] [Return.1]-[Return.3] The detection die's and the voyage
/// home's odds are the game's own readings counted over every throw: at every detection and return roll
/// of 60 games played with entered dice (a ship under attack with its penalty, the +1 after a hit, both
/// modes, a run that opens fire, sixes already locked), each outcome's count is the number of throws
/// that give it when played.
#[test]
fn detection_and_return_odds_count_what_every_throw_does() {
    let (mut detections, mut returns, mut penalties, mut bonuses, mut fire, mut locked) = (0, 0, 0, 0, 0, 0);
    for seed in 0..60 {
        let mut g = Hunt::new(HuntOptions::default(), seed, DiceMode::Physical).unwrap();
        let mut rng = crate::dice::SeededRng::new(seed);
        for _ in 0..3_000 {
            let Some(purpose) = g.waiting_roll() else {
                match policy::Policy::Random.choose(&g, &mut rng) {
                    Some(a) => {
                        g.apply(a).unwrap();
                        continue;
                    }
                    None => break,
                }
            };
            let dice = g.dice_for(purpose);
            if purpose != RollPurpose::Sonar {
                let odds = crate::odds::odds_now(&g).unwrap();
                let of = crate::odds::all_faces(dice);
                assert_eq!(
                    odds.outcomes.iter().map(|o| o.ways).sum::<u32>() as usize,
                    of.len()
                );
                for faces in &of {
                    let mut played = g.clone();
                    let events = played.apply(HuntAction::Roll { faces: faces.clone() }).unwrap();
                    let label = match purpose {
                        RollPurpose::Detection
                            if events.iter().any(|e| matches!(e, HuntEvent::Detected { .. })) =>
                        {
                            if events.iter().any(|e| matches!(e, HuntEvent::EnemyFire { .. })) {
                                "detected: the enemy opens fire".to_string()
                            } else {
                                "detected".to_string()
                            }
                        }
                        RollPurpose::Detection => "not detected".to_string(),
                        _ if events.iter().any(|e| matches!(e, HuntEvent::Arrived)) => "home".to_string(),
                        _ => format!("{} of 3 sixes locked", played.locked_sixes()),
                    };
                    let listed = odds.outcomes.iter().find(|o| o.label == label);
                    assert!(
                        listed.is_some_and(|o| o.ways > 0),
                        "seed {seed}: {label} not in {}",
                        odds.summary()
                    );
                }
                for outcome in &odds.outcomes {
                    let ways = of
                        .iter()
                        .filter(|faces| {
                            let mut played = g.clone();
                            let events = played
                                .apply(HuntAction::Roll {
                                    faces: (*faces).clone(),
                                })
                                .unwrap();
                            let detected = events.iter().any(|e| matches!(e, HuntEvent::Detected { .. }));
                            let fired = events.iter().any(|e| matches!(e, HuntEvent::EnemyFire { .. }));
                            let home = events.iter().any(|e| matches!(e, HuntEvent::Arrived));
                            match outcome.label.as_str() {
                                "detected" => detected && !fired,
                                "detected: the enemy opens fire" => detected && fired,
                                "not detected" => !detected && purpose == RollPurpose::Detection,
                                "home" => home,
                                other => {
                                    !home && format!("{} of 3 sixes locked", played.locked_sixes()) == other
                                }
                            }
                        })
                        .count();
                    assert_eq!(outcome.ways as usize, ways, "seed {seed}: {}", outcome.label);
                }
                match purpose {
                    RollPurpose::Detection => {
                        detections += 1;
                        penalties += usize::from(g.attack_target().is_some());
                        bonuses += usize::from(g.hit_bonus());
                        fire += usize::from(odds.outcomes[0].label.contains("fire"));
                    }
                    _ => {
                        returns += 1;
                        locked += usize::from(g.locked_sixes() > 0);
                    }
                }
            }
            let faces: Vec<u8> = (0..dice.face_count()).map(|_| rng.face(6) as u8).collect();
            g.apply(HuntAction::Roll { faces }).unwrap();
        }
    }
    assert!(
        detections > 500 && returns > 20,
        "{detections} detections, {returns} returns"
    );
    assert!(
        penalties > 20 && bonuses > 5 && fire > 5 && locked > 5,
        "{penalties} {bonuses} {fire} {locked}"
    );
}

/// [`Game::quiet`]: a quiet game (how `sim` plays) makes the same picks, the same events less its roll
/// records, and the same game after every action as the normal path, for 200 seeds with each policy.
#[test]
fn a_quiet_game_plays_the_same_games() {
    for seed in 0..200 {
        for policy in [policy::Policy::Careful, policy::Policy::Random] {
            let g = Hunt::new(HuntOptions::default(), seed, DiceMode::Seeded).unwrap();
            let (actions, records) = crate::policy::fast_path::quiet_agrees(
                g,
                seed ^ 0x5EED,
                policy,
                |e| matches!(e, HuntEvent::Rolled { .. }),
                Hunt::forget_rolls,
            );
            assert!(actions > 0 && records > 0, "seed {seed}");
        }
    }
}

/// [`Game::silent`] (how `sim hunt` plays): a silent game makes the same picks, writes no event, and is
/// the same game after every action as the normal path, for 200 seeds with each policy.
#[test]
fn a_silent_game_plays_the_same_games() {
    for seed in 0..200 {
        for policy in [policy::Policy::Careful, policy::Policy::Random] {
            let g = Hunt::new(HuntOptions::default(), seed, DiceMode::Seeded).unwrap();
            let (actions, left_out) =
                crate::policy::fast_path::silent_agrees(g, seed ^ 0x5EED, policy, Hunt::forget_rolls);
            assert!(actions > 0 && left_out >= actions, "seed {seed}");
        }
    }
}

/// `sim`'s fast path (the actions listed without their labels, played without the check's listing)
/// plays the same games as the normal path, for 200 seeds with each policy.
#[test]
fn the_fast_path_plays_the_same_games() {
    for seed in 0..200 {
        for policy in [policy::Policy::Careful, policy::Policy::Random] {
            let g = Hunt::new(HuntOptions::default(), seed, DiceMode::Seeded).unwrap();
            assert!(crate::policy::fast_path::agrees(g, seed ^ 0x5EED, policy) > 0);
        }
    }
}

/// [`Hunt::offers`], which the careful captain asks instead of listing the choices, agrees with the
/// listed choices at every decision of 100 games played at random: every action a decision could
/// name, offered or not.
#[test]
fn offers_agrees_with_the_listed_choices() {
    let mut candidates = vec![
        HuntAction::Hunt,
        HuntAction::ChangeMode,
        HuntAction::ReturnToBase,
        HuntAction::FlipCard,
        HuntAction::BreakOff,
    ];
    for p in 0..=11 {
        candidates.push(HuntAction::Fire { target: p });
        candidates.push(HuntAction::PickCard { position: p });
    }
    let mut decisions = 0;
    for seed in 0..100 {
        let mut g = Hunt::new(HuntOptions::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = crate::dice::SeededRng::new(seed);
        while let Some(action) = policy::Policy::Random.choose(&g, &mut rng) {
            let listed = g.offered_actions();
            for c in &candidates {
                assert_eq!(
                    g.offers(c),
                    listed.contains(c),
                    "seed {seed}: {c} in {:?}",
                    g.phase()
                );
            }
            // The careful captain's pick without the list is one of the listed choices.
            if let Some(pick) = policy::Captain::careful_without_listing(&g) {
                assert!(listed.contains(&pick), "seed {seed}: {pick} in {:?}", g.phase());
            }
            decisions += 1;
            g.apply(action).unwrap();
        }
    }
    assert!(decisions > 1_000, "{decisions} decisions");
}

/// [Enemy.1] [Enemy.4] [Ships.1] [Ships.3] The detection die is not held at 1: the ship's penalty raises the
/// detection number, written as a minus on the die, so a die of 1 attacking the Destroyer reads 0. Both
/// ways the panels count a roll agree with an exhaustive count of the die: the odds of the roll waiting
/// (`odds_now`) and the distribution of a roll made (`of_roll`), whichever face came up.
#[test]
fn the_detection_die_is_not_held_at_one_and_both_counts_agree() {
    for (card, penalty) in [("KH", 1), ("JK", 2)] {
        let mut g = found_ship(card, &["2H"], &[]);
        act(&mut g, "fire 1");
        assert_eq!(g.waiting_roll(), Some(RollPurpose::Detection));
        let threshold = i32::from(g.mode_row().detected_on_or_below);
        // By hand: each face 1-6 once, read as the face minus the penalty; seen within the number.
        let hand: Vec<(i32, u32)> = (1..=6).map(|d| (d - penalty, 1)).collect();
        let seen_by_hand = (1..=6).filter(|d| d - penalty <= threshold).count() as u32;
        let odds = crate::odds::odds_now(&g).unwrap();
        assert_eq!(odds.outcomes[0].label, "detected", "{}", odds.summary());
        assert_eq!((odds.outcomes[0].ways, odds.outcomes[0].of), (seen_by_hand, 6));
        for d in 1..=6u8 {
            let mut played = g.clone();
            let ev = played.apply(HuntAction::Roll { faces: vec![d] }).unwrap();
            let r = rolls(&ev)[0];
            assert_eq!(r.result, i32::from(d) - penalty, "{card}: a die of {d}");
            let dist = crate::odds::of_roll(r);
            assert_eq!(dist.results, hand, "{card}: the distribution after a die of {d}");
            assert_eq!((dist.of, dist.rolled), (6, i32::from(d) - penalty));
            let seen = ev.iter().any(|e| matches!(e, HuntEvent::Detected { .. }));
            assert_eq!(seen, i32::from(d) - penalty <= threshold, "{card}: a die of {d}");
        }
    }
}

/// The guided first game (`data/hunt/walkthrough.json`, seed 57): each step's choice is offered, its
/// notes find their rolls, and the patrol shows what it promises — a ship found by the sonar [Hunt.5],
/// an attack card Ace doubling its neighbour [Attacking.4], the enemy's fire [Enemy.3] and the voyage
/// home [Return.3] — and ends won with 60 Sink Points.
#[test]
fn the_guided_first_game_shows_each_part_of_the_game() {
    use crate::testing::{leave_and_rejoin, walk};
    let g = crate::walkthrough::Guide::<Hunt>::new(periscope_data::hunt::walkthrough().unwrap()).unwrap();
    assert!(g.book.dice.is_none(), "Periscope's dice, from the seed");
    let s = walk(&g, &[]);
    let text: Vec<String> = s.events().iter().map(ToString::to_string).collect();
    let has = |part: &str| text.iter().any(|t| t.contains(part));
    assert!(has("Battleship found"), "{text:?}");
    assert!(has("an Ace doubles its neighbour [Attacking.4]"));
    assert!(has("Enemy fire"));
    assert!(has("all sixes: arrived") || has("arrived"));
    assert!(
        matches!(s.pending(), Pending::Over { won: true, .. }),
        "{:?}",
        s.pending()
    );
    assert_eq!(s.game().sink_points(), 60);
    leave_and_rejoin(&g, 2, &"hunt".parse().unwrap());
}
