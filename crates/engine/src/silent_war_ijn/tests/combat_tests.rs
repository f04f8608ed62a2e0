//! The IJN Set in the Combat Phase: replacements [3.1A] [3.1B] [3.1C] [3.3], values [3.2], depletion
//! [3.41*] [3.42*], the special ships [3.7], sinking and tonnage [3.4] [3.6], damage and repair [3.5]
//! [3.51*] [3.52*A] [3.52*B].
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;

use periscope_data::silent_war_ijn::IjnData;
use periscope_data::silent_war_ijn::ships::PileId;

use super::super::*;
use super::support::*;
use crate::testing::{act, choices, feed, roll_on, try_act};

fn combat(g: &mut Companion) {
    act(g, "combat");
}

/// Answers what a drawn ship still asks (its values, the sea area, a yes) until the combat's menu.
fn until_main(g: &mut Companion) {
    while !prompt(g).starts_with("Combat Phase") {
        if prompt(g).contains("defence and ASW") {
            act(g, "values 3-0");
        } else if prompt(g).contains("sea area") {
            act(g, "area inland_sea");
        } else {
            act(g, "no");
        }
    }
}

/// The IJN ships on the display, by id.
fn shown(g: &Companion) -> Vec<String> {
    g.view().display.iter().map(|s| s.id.clone()).collect()
}

/// [3.1A] A revealed SW DD is replaced at once by a counter of the IJN DD pile; the SW counter goes back to
/// the cup it came from (column B: cup B). The IJN counter's values are used, whatever the SW counter's:
/// the SW 7-1 gives way to the IJN 6-2 for the whole Combat Phase, re-attacks included. [3.1A example]
#[test]
fn a_seven_one_replaced_by_a_six_two_and_the_sw_counter_back_to_cup_b() {
    let mut g = in_month("4/42", &[]);
    combat(&mut g);
    let dd_before = g.pile(PileId::DD).len();
    act(&mut g, "reveal dd 7-1");
    // The column is never asked: the player draws at once. Saying it (as older saves do) names the cup.
    assert!(
        prompt(&g).starts_with("Draw a counter from your DD pile for the SW DD"),
        "{}",
        prompt(&g)
    );
    act(&mut g, "column b");
    assert!(choices(&g).contains(&"drew dd_arashi".to_string()));
    let ev = act(&mut g, "drew dd_arashi");
    let t = text(&ev);
    assert!(
        t.contains("DD Arashi replaces the SW DD (7-1): its values are the ones used; the SW DD (7-1) goes back to cup B [3.1A]"),
        "{t}"
    );
    assert_eq!(g.pile(PileId::DD).len(), dd_before - 1);
    assert_eq!(place(&g, "dd_arashi"), Place::OnDisplay);
    act(&mut g, "values dd_arashi");
    let ev = act(&mut g, "values 6-2");
    let fights = ev
        .iter()
        .find_map(|e| match e {
            SwEvent::FightsAs {
                used,
                sw_values,
                rule,
                ..
            } => Some((used.to_string(), sw_values.map(|v| v.to_string()), rule.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(fights, ("6-2".into(), Some("7-1".into()), "3.1A".into()));
    assert!(
        text(&ev).contains("for the whole Combat Phase, re-attacks and Super Skipper re-attacks included")
    );
    assert_eq!(g.view().display[0].fights_as.as_deref(), Some("6-2"));
    // [3.1] After combat an undamaged IJN ship goes back to its pile, never into a cup.
    act(&mut g, "end_combat");
    let ev = act(&mut g, "undamaged");
    assert_eq!(place(&g, "dd_arashi"), Place::Pile);
    let t = text(&ev);
    assert!(
        t.contains("DD Arashi goes back to the DD pile, not into a cup [3.1A]"),
        "{t}"
    );
    assert!(t.contains("SW Set counters back to their cups, IJN ships to their piles, never into the cups. [3.1 Reminder]"), "{t}");
}

/// [3.1A] A DE draws from the DD pile; a BV from the BB pile, an AC from the CA pile. With the owner's
/// values in the data (an override), the companion shows them at once.
#[test]
fn each_class_draws_from_its_pile_and_known_values_show_at_once() {
    let mut data = IjnData::shipped().unwrap();
    let i = data.set.index_of("de_matsu").unwrap();
    data.set.counters[i].defense = Some(5);
    data.set.counters[i].asw = Some(3);
    let mut g = Companion::with_data(Arc::new(data), 1, DiceMode::Scripted { faces: vec![] });
    set_up(
        &mut g,
        Start {
            month: "8/44",
            war_period: 4,
            past: &["midway"],
            ..Start::default()
        },
    );
    combat(&mut g);
    act(&mut g, "reveal de");
    act(&mut g, "column a");
    let ev = act(&mut g, "drew de_matsu");
    assert!(
        text(&ev).contains("DE Matsu fights as 5-3 for the whole Combat Phase"),
        "{}",
        text(&ev)
    );
    for (sw, pile) in [
        ("bv", PileId::BB),
        ("ac", PileId::CA),
        ("cl", PileId::CL),
        ("cv", PileId::CV),
        ("ca", PileId::CA),
        ("bb", PileId::BB),
    ] {
        act(&mut g, &format!("reveal {sw}"));
        act(&mut g, "column c");
        let first = g.pile(pile)[0];
        let id = g.data.set.counters[first].id.clone();
        assert!(
            choices(&g).contains(&format!("drew {id}")),
            "{sw} draws from {pile}"
        );
        // A counter of another pile is refused, and nothing changes.
        let before = g.clone();
        assert!(try_act(&mut g, "drew dd_yukikaze").is_err());
        assert_eq!(g, before);
        act(&mut g, &format!("drew {id}"));
        until_main(&mut g);
    }
}

/// [3.1B] A revealed SW AO or AF is replaced from the AX pile, its values used, the SW counter back to its
/// cup.
#[test]
fn an_auxiliary_draws_from_the_ax_pile() {
    let mut g = in_month("4/42", &[]);
    combat(&mut g);
    act(&mut g, "reveal af");
    act(&mut g, "column d");
    let c = choices(&g);
    assert!(
        c.iter().all(|a| {
            let id = a.trim_start_matches("drew ");
            g.data.counter(id).is_some_and(|x| x.pile == PileId::AX)
        }),
        "{c:?}"
    );
    let ev = act(&mut g, "drew ar_asahi");
    assert!(
        text(&ev).contains(
            "AR Asahi replaces the SW AF: its values are the ones used; the SW AF goes back to cup D [3.1B]"
        ),
        "{}",
        text(&ev)
    );
}

/// [3.1C] A Diligent Escort draws from the DD pile and its SW counter stays beside the new ship until combat
/// ends, then goes back to its cup; the ship's ASW is raised by 3 but never above 6, its defence not at
/// all: an IJN 6-2 fights as 6-5 (the example's SW 7-4 is not used) [3.1C example], and a 6-4 as 6-6.
#[test]
fn a_diligent_escort_adds_three_asw_up_to_six() {
    let mut g = in_month("4/42", &[]);
    combat(&mut g);
    act(&mut g, "reveal diligent 7-4");
    act(&mut g, "column a");
    let ev = act(&mut g, "drew dd_arashi");
    assert!(
        text(&ev).contains(
            "keep the Diligent Escort counter beside it until combat ends, then back to cup A [3.1C]"
        ),
        "{}",
        text(&ev)
    );
    assert!(
        prompt(&g).contains("defence and ASW"),
        "the values are asked: {}",
        prompt(&g)
    );
    let ev = act(&mut g, "values 6-2");
    let (printed, used) = ev
        .iter()
        .find_map(|e| match e {
            SwEvent::FightsAs {
                printed, used, rule, ..
            } if rule == "3.1C" => Some((*printed, *used)),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        (printed.to_string(), used.to_string()),
        ("6-2".to_string(), "6-5".to_string())
    );
    // [5.1] A Diligent Escort drawn opens a crash dive: the class is asked first.
    assert!(
        prompt(&g).contains("Which class is the submarine?"),
        "{}",
        prompt(&g)
    );
    act(&mut g, "class argonaut");
    assert_eq!(g.view().display[0].fights_as.as_deref(), Some("6-5"));
    act(&mut g, "reveal diligent");
    act(&mut g, "column c");
    act(&mut g, "drew dd_hagikaze");
    let ev = act(&mut g, "values 6-4");
    let used = ev
        .iter()
        .find_map(|e| match e {
            SwEvent::FightsAs { used, .. } => Some(*used),
            _ => None,
        })
        .unwrap();
    assert_eq!(used.to_string(), "6-6", "capped at 6");
    act(&mut g, "end_combat");
    act(&mut g, "undamaged");
    let ev = act(&mut g, "undamaged");
    let back = notes(&ev, "3.1C");
    assert_eq!(
        back,
        [
            "The Diligent Escort counter beside DD Arashi goes back to cup A",
            "The Diligent Escort counter beside DD Hagikaze goes back to cup C"
        ]
    );
}

/// [3.2] [2.1.2] An aircraft capable ship (the symbol on its counter) with an ASW factor counts it as an
/// aircraft's for the revealed escort level and the counterattack; with ASW 0, nothing for the escort level
/// and ½ for the counterattack. The companion asks the values when such a ship is drawn.
#[test]
fn aircraft_capable_ships_count_as_aircraft() {
    let mut g = in_month("4/42", &[]);
    combat(&mut g);
    act(&mut g, "reveal cv");
    act(&mut g, "column a");
    act(&mut g, "drew cv_zuiho");
    assert!(g.data.counter("cv_zuiho").unwrap().aircraft_symbol);
    assert!(prompt(&g).contains("defence and ASW"), "{}", prompt(&g));
    act(&mut g, "defense 5");
    let ev = act(&mut g, "asw 0");
    assert!(text(&ev).contains("aircraft capable with ASW 0: nothing toward the revealed escort level, an aircraft ASW of 0.5 in the counterattack [3.2]"), "{}", text(&ev));
    act(&mut g, "reveal cv");
    act(&mut g, "column b");
    act(&mut g, "drew cv_shokaku");
    let ev = act(&mut g, "values 4-2");
    assert!(
        text(&ev).contains(
            "its ASW 2 counts as an aircraft's for the revealed escort level and the counterattack [3.2]"
        ),
        "{}",
        text(&ev)
    );
    // [3.2 Note] A carrier without the symbol is not asked for.
    act(&mut g, "reveal cv");
    act(&mut g, "column c");
    act(&mut g, "drew cv_hosho");
    assert!(prompt(&g).starts_with("Combat Phase"), "{}", prompt(&g));
}

/// [3.3] The SW Set's named counters stay in its cups and, revealed, stand only for their class: the SW CV
/// Kaga draws from the CV pile, the BV from the BB pile, AR Asahi from the AX pile, AC Izumo from the CA.
#[test]
fn named_sw_counters_are_only_their_class() {
    let mut g = in_month("4/42", &[]);
    combat(&mut g);
    for (named, pile) in [
        ("cv_kaga", PileId::CV),
        ("bv_hybrid", PileId::BB),
        ("ar_asahi", PileId::AX),
        ("ac_izumo", PileId::CA),
        ("bb_yamato", PileId::BB),
    ] {
        let ev = act(&mut g, &format!("reveal named {named}"));
        assert_eq!(notes(&ev, "3.3").len(), 1, "{named}");
        act(&mut g, "column a");
        let c = choices(&g);
        assert!(
            c.iter().all(|a| g
                .data
                .counter(a.trim_start_matches("drew "))
                .is_some_and(|x| x.pile == pile)),
            "{named}: {c:?}"
        );
        // Drawing ends the reveal; the SW counter is not the IJN counter of the same name.
        let first = c[0].clone();
        act(&mut g, &first);
        until_main(&mut g);
    }
}

/// [3.41*] An empty CL pile draws nothing: no CL is present, the SW counter goes back to its cup, the TDC
/// marker on it is removed and not replaced, and its attack points may go to another unit with a TDC
/// marker.
#[test]
fn an_empty_cl_pile_draws_nothing() {
    let mut g = in_month("4/42", &[]);
    empty_pile(&mut g, PileId::CL);
    combat(&mut g);
    let ev = act(&mut g, "reveal cl");
    assert!(!ev.iter().any(|e| matches!(e, SwEvent::Drawn { .. })));
    assert!(text(&ev).contains("The CL pile is empty: no CL is present and no IJN ship is drawn; the SW CL goes back to the cup it came from [3.41*]"), "{}", text(&ev));
    assert!(
        prompt(&g).contains("Was a TDC marker on this target?"),
        "{}",
        prompt(&g)
    );
    let ev = act(&mut g, "yes");
    assert_eq!(
        notes(&ev, "3.41*"),
        ["The TDC marker on it is removed and not replaced"]
    );
    let ev = act(&mut g, "yes");
    assert_eq!(
        notes(&ev, "3.41*"),
        ["The attack points allotted to it may go to that unit with a TDC marker"]
    );
    assert!(shown(&g).is_empty());
    assert!(g.pile(PileId::CL).is_empty());
    // Without a TDC marker on it there is nothing more to ask.
    act(&mut g, "reveal cl");
    act(&mut g, "no");
    assert!(prompt(&g).starts_with("Combat Phase"));
}

/// [3.42*] With the AX pile empty, the SW AO and AF are used as in the base game and no longer replaced.
#[test]
fn an_empty_ax_pile_keeps_the_sw_auxiliaries() {
    let mut g = in_month("4/42", &[]);
    empty_pile(&mut g, PileId::AX);
    combat(&mut g);
    let ev = act(&mut g, "reveal ao");
    let t = text(&ev);
    assert!(t.contains("The AX pile is empty: the SW AO stays and is used as in the base game, with no IJN replacement [3.42*]"), "{t}");
    assert!(
        prompt(&g).starts_with("Combat Phase"),
        "no TDC question: {}",
        prompt(&g)
    );
    // A warship's empty pile is not the auxiliaries' exception.
    assert!(!t.contains("goes back to cup"));
}

/// [3.7 Oyodo] Oyodo is met only in the Inland Sea or the East China Sea; drawn elsewhere she goes back to
/// the CL pile, nothing is drawn in her place, and any TDC on her is lost.
#[test]
fn oyodo_only_in_home_waters() {
    let mut g = in_month("3/43", &[]);
    combat(&mut g);
    act(&mut g, "reveal cl");
    act(&mut g, "column a");
    act(&mut g, "drew cl_oyodo");
    assert!(
        prompt(&g).contains("In which sea area is this combat? [SW30.1]"),
        "{}",
        prompt(&g)
    );
    let cl = g.pile(PileId::CL).len();
    let ev = act(&mut g, "area south_china_sea");
    let t = text(&ev);
    assert!(t.contains("CL Oyodo goes back to the CL pile: in March 1943 she may be met only in Inland Sea, East China Sea, not in the South China Sea; no ship is drawn in her place [3.7 Oyodo]"), "{t}");
    assert_eq!(g.pile(PileId::CL).len(), cl + 1);
    let ev = act(&mut g, "yes");
    assert_eq!(notes(&ev, "3.7"), ["The TDC assigned to it is lost"]);
    assert!(shown(&g).is_empty());
    act(&mut g, "end_combat");
    combat(&mut g);
    act(&mut g, "reveal cl");
    act(&mut g, "column a");
    act(&mut g, "drew cl_oyodo");
    act(&mut g, "area east_china_sea");
    assert_eq!(shown(&g), ["cl_oyodo"]);
}

/// [3.7 Yamato class] Besides [SW30.1], Yamato and Musashi are met in 1942 only in the Empire Pacific,
/// Bonins or North Pacific; in 1943 and 1944 only in the East China Sea, South China Sea, North Philippine
/// Sea, Marianas and Carolines; after April 1945 only in the East China Sea or Empire Pacific (January to
/// April 1945 keep the 1943-44 waters: our reading). Elsewhere: back to the BB pile, nothing drawn, TDC lost.
#[test]
fn the_yamato_class_keeps_to_its_waters_by_year() {
    for (month, area, met) in [
        ("6/42", "empire_pacific", true),
        ("6/42", "bonins", true),
        ("6/42", "north_pacific", true),
        ("6/42", "marianas", false),
        ("6/43", "marianas", true),
        ("6/43", "carolines", true),
        ("11/44", "north_philippine_sea", true),
        ("6/43", "empire_pacific", false),
        ("2/45", "south_china_sea", true),
        ("5/45", "east_china_sea", true),
        ("5/45", "empire_pacific", true),
        ("5/45", "marianas", false),
    ] {
        let mut g = in_month(month, &[]);
        combat(&mut g);
        act(&mut g, "reveal bb");
        act(&mut g, "column a");
        act(&mut g, "drew bb_yamato");
        let ev = act(&mut g, &format!("area {area}"));
        if met {
            assert!(
                prompt(&g).contains("Does the base game's own Yamato rule allow"),
                "{month} {area}: {}",
                prompt(&g)
            );
            act(&mut g, "yes");
            assert_eq!(shown(&g), ["bb_yamato"], "{month} {area}");
        } else {
            assert!(
                ev.iter()
                    .any(|e| matches!(e, SwEvent::NotMet { rule, .. } if rule == "3.7 Yamato class")),
                "{month} {area}"
            );
            assert_eq!(place(&g, "bb_yamato"), Place::Pile);
            act(&mut g, "no");
            assert!(shown(&g).is_empty());
        }
    }
    // [SW30.1] saying no sends her back as well.
    let mut g = in_month("6/42", &[]);
    combat(&mut g);
    act(&mut g, "reveal bb");
    act(&mut g, "column a");
    act(&mut g, "drew bb_yamato");
    act(&mut g, "area empire_pacific");
    let ev = act(&mut g, "no");
    assert!(text(&ev).contains("[SW30.1]"), "{}", text(&ev));
    assert_eq!(place(&g, "bb_yamato"), Place::Pile);
}

/// [3.7 Michel] Michel is met only as a loner: revealed in a Japanese task force she goes back to the AX
/// pile and another AX ship is drawn in her place (not her again); with no other AX ship, nothing is drawn.
#[test]
fn michel_in_a_task_force_is_replaced_by_another_auxiliary() {
    let mut g = in_month("6/43", &[]);
    combat(&mut g);
    act(&mut g, "reveal ao");
    act(&mut g, "column a");
    let ev = act(&mut g, "drew ax_michel");
    assert!(
        text(&ev).contains("she is met only as a loner; another AX ship is drawn in her place [3.7 Michel]"),
        "{}",
        text(&ev)
    );
    act(&mut g, "no");
    let c = choices(&g);
    assert!(
        !c.contains(&"drew ax_michel".to_string()) && !c.is_empty(),
        "{c:?}"
    );
    assert!(try_act(&mut g, "drew ax_michel").is_err());
    act(&mut g, "drew av_kamoi");
    assert_eq!(shown(&g), ["av_kamoi"]);
    assert_eq!(place(&g, "ax_michel"), Place::Pile);
    // The last AX counter is Michel: nothing is drawn in her place.
    let mut g = in_month("6/43", &[]);
    empty_pile(&mut g, PileId::AX);
    put(&mut g, "ax_michel", Place::Pile);
    combat(&mut g);
    act(&mut g, "reveal af");
    act(&mut g, "column a");
    act(&mut g, "drew ax_michel");
    let ev = act(&mut g, "yes");
    assert_eq!(
        notes(&ev, "3.7 Michel"),
        ["No other AX ship is left: nothing is drawn in her place"]
    );
    assert_eq!(notes(&ev, "3.7"), ["The TDC assigned to it is lost"]);
    assert!(shown(&g).is_empty());
}

/// [3.4] A sunk IJN ship leaves play for good; [3.6] the tonnage credited is the IJN counter's (Arashi's
/// 2t: 2,000 tons), not the SW counter's.
#[test]
fn a_sunk_ship_is_gone_and_credits_its_counters_tonnage() {
    let mut g = in_month("4/42", &[]);
    combat(&mut g);
    act(&mut g, "reveal dd");
    act(&mut g, "column a");
    act(&mut g, "drew dd_arashi");
    act(&mut g, "end_combat");
    let ev = act(&mut g, "sunk");
    assert!(
        text(&ev).contains(
            "DD Arashi sunk: out of play for good; credit 2000 tons, the IJN counter's 2t [3.4] [3.6]"
        ),
        "{}",
        text(&ev)
    );
    assert_eq!(place(&g, "dd_arashi"), Place::Sunk);
    assert_eq!(g.credited(), 2);
    // Never back: not at a new War Period, not at her removal date.
    act(&mut g, "month");
    act(&mut g, "yes");
    assert_eq!(place(&g, "dd_arashi"), Place::Sunk);
    assert!(!choices(&g).is_empty());
}

/// [3.5] A damaged IJN ship leaves the set for the rest of the War Period and returns to its pile at the
/// start of the next (the base damage rules apply as in [SW14.15 Step D]).
#[test]
fn a_damaged_ship_waits_for_the_next_war_period() {
    let mut g = in_month("4/42", &[]);
    combat(&mut g);
    act(&mut g, "reveal dd");
    act(&mut g, "column a");
    act(&mut g, "drew dd_arashi");
    act(&mut g, "end_combat");
    let ev = act(&mut g, "damaged");
    assert!(
        text(&ev).contains("exactly as the base game damages a ship"),
        "{}",
        text(&ev)
    );
    assert!(text(&ev).contains(
        "DD Arashi damaged: out for the rest of War Period 1, back at the start of the next [3.5]"
    ));
    assert_eq!(place(&g, "dd_arashi"), Place::HeldOut { war_period: 1 });
    assert_eq!(g.view().damaged[0].returns, "the next War Period");
    act(&mut g, "month");
    act(&mut g, "no");
    assert!(matches!(place(&g, "dd_arashi"), Place::HeldOut { .. }));
    act(&mut g, "month");
    act(&mut g, "yes");
    assert_eq!(place(&g, "dd_arashi"), Place::Pile);
}

/// A 1941 game with the optional Damage Table in this Campaign Game (or none).
fn repair_game(month: &str, campaign: Option<u8>) -> Companion {
    let mut g = game(&[]);
    set_up(
        &mut g,
        Start {
            month,
            damage_table: true,
            campaign,
            ..Start::default()
        },
    );
    g
}

fn damage(g: &mut Companion, reveal: &str, counter: &str) {
    combat(g);
    act(g, &format!("reveal {reveal}"));
    act(g, "column a");
    act(g, &format!("drew {counter}"));
    while prompt(g).contains("defence and ASW") {
        act(g, "values 5-1");
    }
    act(g, "end_combat");
    act(g, "damaged");
}

/// [3.51*] [3.51* example] The current turn is April's second week 1942 and DD Arashi (2t) is damaged: the
/// 1-4 line, a roll of 4, two full months of repair after April (its other weeks ignored): under repair in
/// May and June, back in July's first week. A result of 0 returns her next month.
#[test]
fn arashi_rolling_four_in_aprils_second_week_is_back_in_july() {
    let mut g = repair_game("4/42", None);
    act(&mut g, "week");
    assert_eq!(g.calendar().week, 2);
    damage(&mut g, "dd", "dd_arashi");
    let ev = feed(&mut g, &[4]);
    roll_on(&ev, "IJN Optional Damage Table")
        .rule("3.51*")
        .faces(&[4])
        .outcome("the 2t ship reads the 1-4t line: 2 month(s)")
        .outcome("back in 7/42");
    assert!(
        text(&ev).contains(
            "DD Arashi damaged: 2 full months in repair, back in the first week of July 1942 [3.51*]"
        ),
        "{}",
        text(&ev)
    );
    assert_eq!(
        place(&g, "dd_arashi"),
        Place::InRepair {
            returns: Month::parse("7/42").unwrap()
        }
    );
    assert_eq!(g.view().damaged[0].returns, "7/42");
    act(&mut g, "month");
    act(&mut g, "no");
    assert!(
        matches!(place(&g, "dd_arashi"), Place::InRepair { .. }),
        "under repair in May"
    );
    act(&mut g, "month");
    act(&mut g, "no");
    assert!(
        matches!(place(&g, "dd_arashi"), Place::InRepair { .. }),
        "under repair in June"
    );
    let ev = act(&mut g, "month");
    assert!(
        text(&ev).contains("Back from repair in 7/42: DD Arashi [3.51*]"),
        "{}",
        text(&ev)
    );
    assert_eq!(place(&g, "dd_arashi"), Place::Pile);

    let mut g = repair_game("4/42", None);
    damage(&mut g, "dd", "dd_arashi");
    feed(&mut g, &[0]);
    assert_eq!(
        place(&g, "dd_arashi"),
        Place::InRepair {
            returns: Month::parse("5/42").unwrap()
        }
    );
    act(&mut g, "month");
    assert_eq!(place(&g, "dd_arashi"), Place::Pile, "a 0: back next month");
}

/// The months a 14t ship's roll of 6 keeps it in repair, in this Campaign Game with this Tons Sunk marker.
fn fourteen_ton_six(campaign: Option<u8>, tons: Option<u32>) -> (u32, Month) {
    let mut g = repair_game("4/42", campaign);
    damage(&mut g, "cv", "cv_zuiho");
    assert_eq!(g.data.counter("cv_zuiho").unwrap().tonnage, 14);
    match tons {
        Some(t) => {
            assert!(prompt(&g).contains("Tons Sunk marker"), "{}", prompt(&g));
            act(&mut g, &format!("tons {t}"));
        }
        None => assert!(
            matches!(g.pending(), Pending::Roll(_)),
            "no marker asked: {}",
            prompt(&g)
        ),
    }
    let ev = feed(&mut g, &[6]);
    let months = ev
        .iter()
        .find_map(|e| match e {
            SwEvent::Damaged { months: Some(m), .. } => Some(*m),
            _ => None,
        })
        .unwrap();
    let Place::InRepair { returns } = place(&g, "cv_zuiho") else {
        panic!("not on the repair track")
    };
    (months, returns)
}

/// [3.52*A] In Campaign Games 1, 3 and 4, from 2,660,000 tons sunk, repair times double: a damaged 14t ship
/// rolling 6 needs 10 months, not 5. Below the mark, or in Campaign Game 2, or in no Campaign Game: 5.
#[test]
fn repairs_double_from_2660000_tons_in_campaign_games_1_3_and_4() {
    assert_eq!(fourteen_ton_six(None, None), (5, Month::parse("10/42").unwrap()));
    assert_eq!(fourteen_ton_six(Some(2), None).0, 5, "Campaign Game 2: never");
    for cg in [1, 3, 4] {
        assert_eq!(
            fourteen_ton_six(Some(cg), Some(2659)).0,
            5,
            "2,659,000 t: not yet"
        );
        assert_eq!(fourteen_ton_six(Some(cg), Some(2660)).0, 10, "Campaign Game {cg}");
        assert_eq!(fourteen_ton_six(Some(cg), Some(3989)).0, 10);
    }
    assert_eq!(
        fourteen_ton_six(Some(1), Some(2660)).1,
        Month::parse("3/43").unwrap()
    );
}

/// [3.52*B] From 3,990,000 tons sunk, in Campaign Games 1, 3 and 4, repair times quadruple: the 14t ship
/// rolling 6 needs 20 months, not 5 (and not 40: the factor is 4, our reading).
#[test]
fn repairs_quadruple_from_3990000_tons() {
    for cg in [1, 3, 4] {
        assert_eq!(fourteen_ton_six(Some(cg), Some(3990)).0, 20, "Campaign Game {cg}");
        assert_eq!(fourteen_ton_six(Some(cg), Some(5000)).0, 20);
    }
    let mut g = repair_game("4/42", Some(1));
    damage(&mut g, "cv", "cv_zuiho");
    act(&mut g, "tons 3990");
    let ev = feed(&mut g, &[6]);
    roll_on(&ev, "IJN Optional Damage Table")
        .outcome("× 4 from 3990000 tons sunk in Campaign Game 1 [3.52*B]");
    // A 0 stays 0 when multiplied: back next month.
    let mut g = repair_game("4/42", Some(1));
    damage(&mut g, "cv", "cv_zuiho");
    act(&mut g, "tons 3990");
    feed(&mut g, &[0]);
    assert_eq!(
        place(&g, "cv_zuiho"),
        Place::InRepair {
            returns: Month::parse("5/42").unwrap()
        }
    );
}

/// [3.51*] The roll is the companion's, or the player's die in physical mode; a face outside 0-9 is refused.
#[test]
fn the_silent_war_die_reads_zero_to_nine() {
    let mut g = repair_game("4/42", None);
    damage(&mut g, "dd", "dd_arashi");
    let before = g.clone();
    assert!(try_act(&mut g, "roll 10").is_err());
    assert_eq!(g, before);
    let ev = act(&mut g, "roll 0");
    roll_on(&ev, "IJN Optional Damage Table").faces(&[0]).result(0);
}
