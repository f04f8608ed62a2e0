//! The escort array as the SOE sees fit [6.1 2e] [7.1.3] [7.1.6]: the escorts placed in any order, one
//! moved at set-up without redoing the others, one moved before an array is kept, the same array as the
//! last one, and the rule's own words when a station is refused.

use super::support::*;
use crate::atlantic::battle::Step;
use crate::atlantic::battle::array::Arraying;
use crate::atlantic::{Mission, MissionAction, MissionError, MissionEvent, MissionOptions};
use crate::game::Game;
use crate::testing::{act, choices, feed};

/// A battle with one boat at night, waiting for the array.
fn at_the_array() -> Mission {
    scripted(opts(), &opening(NIGHT, 1))
}

fn prompt(m: &Mission) -> String {
    match m.pending() {
        crate::game::Pending::Decision(d) => d.prompt,
        _ => String::new(),
    }
}

fn arraying(m: &Mission) -> bool {
    matches!(m.battle().map(|b| &b.step), Some(Step::Array(Arraying::Placing)))
}

fn placed(ev: &[MissionEvent]) -> Vec<(String, String)> {
    ev.iter()
        .filter_map(|e| match e {
            MissionEvent::EscortPlaced { ship, station } => Some((ship.clone(), station.clone())),
            _ => None,
        })
        .collect()
}

/// The refusal of an action, which must leave the mission as it was.
fn refused(m: &mut Mission, text: &str) -> MissionError {
    let before = m.clone();
    let e = m.apply(text.parse().unwrap()).unwrap_err();
    assert!(*m == before, "'{text}' refused changes nothing");
    e
}

/// [6.1 2e] The SOE arrays his escorts as he sees fit: in reverse group order they reach the same array
/// as in the group's order, and the impulse begins only when the last of them takes her station.
#[test]
fn escorts_arrayed_in_reverse_group_order() {
    let mut forward = at_the_array();
    array(&mut forward, &EXAMPLE);
    let mut reverse = at_the_array();
    let mut back = EXAMPLE;
    back.reverse();
    for (i, (ship, station)) in back.iter().enumerate() {
        assert!(arraying(&reverse), "still arraying before {ship}");
        assert!(
            choices(&reverse).contains(&format!("place {ship} {station}")),
            "{ship} may be placed now"
        );
        act(&mut reverse, &format!("place {ship} {station}"));
        assert_eq!(reverse.battle().unwrap().spots.iter().flatten().count(), i + 1);
    }
    assert!(!arraying(&reverse), "the last escort placed starts the impulse");
    assert!(reverse == forward, "the same array, the same battle");
}

/// [6.1 2e] The decision lists every escort not yet placed to every station open to her, the group's
/// first escort first (her ten boxes are the first ten choices, as the number keys always had them).
#[test]
fn the_choices_are_every_unplaced_escort_to_every_open_box() {
    let mut m = at_the_array();
    let c = choices(&m);
    assert_eq!(
        c.len(),
        6 * 10,
        "six escorts, ten boxes, no Box S without stragglers"
    );
    let first: Vec<String> = ["K", "A", "B", "C", "D", "E", "F", "G", "H", "J"]
        .iter()
        .map(|b| format!("place hurricane {b}"))
        .collect();
    assert_eq!(c[..10], first[..]);
    assert_eq!(prompt(&m), "Array the escorts on T1A: 0 of 6 placed");
    act(&mut m, "place venomous J");
    let c = choices(&m);
    assert_eq!(c.len(), 5 * 9, "five escorts left, nine boxes left");
    assert!(!c.iter().any(|a| a.starts_with("place venomous")));
    assert!(!c.iter().any(|a| a.ends_with(" J")), "J is taken");
    assert!(prompt(&m).ends_with("1 of 6 placed"), "{}", prompt(&m));
}

/// [6.1 2e] One escort moved at set-up: placed again before the array is complete she moves, and the
/// others keep their stations.
#[test]
fn one_escort_moved_at_set_up_without_redoing_the_others() {
    let mut m = at_the_array();
    act(&mut m, "place hurricane J");
    act(&mut m, "place rockingham D");
    act(&mut m, "place venomous C");
    let ev = act(&mut m, "place hurricane H");
    assert_eq!(placed(&ev), [("Hurricane".to_string(), "H".to_string())]);
    let b = m.battle().unwrap();
    let spots: Vec<Option<&str>> = b.spots.iter().map(Option::as_deref).collect();
    assert_eq!(spots, [Some("H"), Some("D"), Some("C"), None, None, None]);
    assert!(arraying(&m));
    assert!(
        choices(&m).iter().any(|a| a == "place anchusa J"),
        "J is open again"
    );
    assert!(!choices(&m).iter().any(|a| a.starts_with("place hurricane")));
    act(&mut m, "place anchusa J");
    act(&mut m, "place dahlia A");
    act(&mut m, "place monkshood B");
    assert!(!arraying(&m));
    assert_eq!(m.battle().unwrap().array_start[0].as_deref(), Some("H"));
}

/// [7.1.3] [7.1.6] [6.1 2e] A station refused says why in the rule's words, with its case — never that
/// the mission waits for something — and changes nothing.
#[test]
fn a_refused_drop_says_why_in_the_rules_words() {
    let mut m = at_the_array();
    act(&mut m, "place hurricane J");
    let cases = [
        (
            "place rockingham J",
            "7.1.3",
            "Only one escort to a box: Hurricane holds J",
        ),
        (
            "place rockingham S",
            "7.1.6",
            "Box S takes escorts only while there are stragglers to guard",
        ),
        ("place rockingham Z", "6.1 2e", "T1A has no escort box Z"),
        (
            "place walker K",
            "6.1 2e",
            "no escort 'walker' sails with the group",
        ),
        ("place hurricane J", "6.1 2e", "Hurricane already holds J"),
        ("keep", "6.1 2e", "the escorts are being arrayed"),
        ("same", "6.1 2e", "there is no last array to take again"),
    ];
    for (text, case, words) in cases {
        let e = refused(&mut m, text);
        match &e {
            MissionError::Array {
                action,
                reason,
                case: c,
            } => {
                assert_eq!((action.as_str(), *c), (text, case), "{text}");
                assert!(reason.contains(words), "{text}: {reason}");
            }
            other => panic!("{text}: {other:?}"),
        }
        let shown = e.to_string();
        assert!(
            shown.contains(words) && shown.contains(&format!("[{case}]")),
            "{shown}"
        );
        assert!(
            !shown.contains("not possible now") && !shown.contains("waits for"),
            "{shown}"
        );
    }
}

/// Old saves replay: the escorts placed in the group's order, as the only order used to allow, give
/// the same events and state as ever — each placing one escort, the last one starting the impulse.
#[test]
fn the_old_group_order_sequence_plays_as_before() {
    let mut m = at_the_array();
    let mut all = Vec::new();
    for (i, (ship, station)) in EXAMPLE.iter().enumerate() {
        let c = choices(&m);
        assert_eq!(
            c.iter().position(|a| a.starts_with("place ")),
            Some(0),
            "a place first"
        );
        assert!(c[0].starts_with(&format!("place {ship} ")), "{ship} leads: {c:?}");
        let ev = act(&mut m, &format!("place {ship} {station}"));
        if i + 1 < EXAMPLE.len() {
            assert_eq!(ev.len(), 1, "one escort placed, nothing else");
        }
        all.extend(ev);
    }
    let names: Vec<(String, String)> = placed(&all);
    assert_eq!(
        names,
        [
            ("Hurricane", "J"),
            ("Rockingham", "D"),
            ("Venomous", "C"),
            ("Anchusa", "K"),
            ("Dahlia", "A"),
            ("Monkshood", "B")
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    assert!(
        all.iter().any(|e| matches!(
            e,
            MissionEvent::Cycle {
                cycle: 1,
                impulse: 1,
                ..
            }
        )),
        "the impulse begins"
    );
}

/// The second impulse of a three-boat pack by night, at the Offer (boat 1 hunted from H, boat 2's attack
/// from G missed, let go).
fn at_the_offer() -> Mission {
    let mut m = scripted(opts(), &opening(NIGHT, 3));
    array(&mut m, &EXAMPLE);
    let mut f = at("H");
    f.extend(at("G"));
    f.extend([1, 1, 1]);
    feed(&mut m, &f);
    for s in ["hunt hurricane", "hunt anchusa", "engage", "depth_charges"] {
        act(&mut m, s);
    }
    feed(
        &mut m,
        &[
            1, 2, 1, 1, 3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6,
        ],
    );
    act(&mut m, "let_go");
    assert!(matches!(
        m.battle().map(|b| &b.step),
        Some(Step::Array(Arraying::Offer))
    ));
    m
}

/// [7.1.3] Before the array is kept, one escort moves from her kept station to an open one; the Offer
/// stands, and Keep keeps the array so changed.
#[test]
fn one_escort_moved_before_the_array_is_kept() {
    let mut m = at_the_offer();
    assert_eq!(choices(&m), ["keep", "rearray"]);
    let e = refused(&mut m, "place hurricane K");
    assert!(
        e.to_string()
            .contains("Only one escort to a box: Anchusa holds K [7.1.3]"),
        "{e}"
    );
    let ev = act(&mut m, "place hurricane H");
    assert_eq!(placed(&ev), [("Hurricane".to_string(), "H".to_string())]);
    assert!(matches!(
        m.battle().map(|b| &b.step),
        Some(Step::Array(Arraying::Offer))
    ));
    assert_eq!(choices(&m), ["keep", "rearray"]);
    act(&mut m, "keep");
    let b = m.battle().unwrap();
    let spots: Vec<Option<&str>> = b.spots.iter().map(Option::as_deref).collect();
    assert_eq!(
        spots,
        [Some("H"), Some("D"), Some("C"), Some("K"), Some("A"), Some("B")]
    );
}

/// [6.1 2e] The same array as the last one: every escort to the station she held, where it is still
/// hers to take; the rest are placed by hand.
#[test]
fn the_same_array_as_the_last_convoy() {
    let last: Vec<(String, String)> = EXAMPLE
        .iter()
        .map(|(s, b)| (s.to_string(), b.to_string()))
        .collect();
    let o = MissionOptions {
        last_array: last.clone(),
        ..opts()
    };
    let mut m = scripted(o, &opening(NIGHT, 1));
    let c = m.pending().choices().to_vec();
    let same = c
        .iter()
        .find(|x| x.action == MissionAction::SameArray)
        .expect("offered");
    assert!(same.label.contains("Hurricane J") && same.label.contains("Monkshood B"));
    // First, on key 1: the one choice that arrays them all.
    assert_eq!(c.first().map(|x| &x.action), Some(&MissionAction::SameArray));
    let ev = act(&mut m, "same");
    assert_eq!(
        placed(&ev),
        EXAMPLE.map(|(s, b)| {
            let mut n = s.to_string();
            n[..1].make_ascii_uppercase();
            (n, b.to_string())
        })
    );
    assert!(!arraying(&m), "every escort placed: the impulse begins");
    assert_eq!(m.last_array(), &last[..]);

    // A remembered escort that does not sail, and a station no longer hers (Box S with no straggler):
    // the others take theirs, and those two are placed by hand.
    let mut partial = last.clone();
    partial[0] = ("walker".into(), "F".into());
    partial[5].1 = "S".into();
    let o = MissionOptions {
        last_array: partial,
        ..opts()
    };
    let mut m = scripted(o, &opening(NIGHT, 1));
    let ev = act(&mut m, "same");
    assert_eq!(placed(&ev).len(), 4);
    assert!(arraying(&m));
    let spots: Vec<Option<&str>> = m.battle().unwrap().spots.iter().map(Option::as_deref).collect();
    assert_eq!(spots, [None, Some("D"), Some("C"), Some("K"), Some("A"), None]);
    assert!(
        !choices(&m).contains(&"same".to_string()),
        "nothing more to take again"
    );
    act(&mut m, "place monkshood F");
    act(&mut m, "place hurricane J");
    assert!(!arraying(&m));
}
