//! The guided first game of Sensuikan: the Example of Play [12.0] as `data/sensuikan/walkthrough.json`
//! walks it, on the book's dice.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::{Career, CareerAction};
use crate::testing::{leave_and_rejoin, replayed, script_faces, script_lines, walk};
use crate::walkthrough::Guide;

const DICE: &str = include_str!("../../../../../tests/scenarios/sensuikan/example-of-play.dice");
const ACTIONS: &str = include_str!("../../../../../tests/scenarios/sensuikan/example-of-play.actions");

fn guide() -> Guide<Career> {
    Guide::new(periscope_data::sensuikan::walkthrough().unwrap()).unwrap()
}

/// [12.0] The walkthrough plays the example's own script: its dice are the scenario's faces, its
/// choices the scenario's actions (each torpedo declared with its tube, as the decision panel offers
/// it, where the script lets the game pick the next tube), and walking it ends exactly where the golden
/// replay of the example does (the refit done, the A1 roll of March 1942 waiting).
#[test]
fn the_walkthrough_is_the_example_of_play_12_0() {
    let g = guide();
    assert_eq!(g.book.dice.as_deref(), Some(script_faces(DICE).as_slice()));
    let path: Vec<String> = g.path().iter().map(ToString::to_string).collect();
    let scenario: Vec<String> = script_lines(ACTIONS)
        .iter()
        .map(|a| a.parse::<CareerAction>().unwrap().to_string())
        .collect();
    assert_eq!(path.len(), scenario.len());
    for (k, (ours, script)) in path.iter().zip(&scenario).enumerate() {
        if script == "declare bow 1" {
            assert_eq!(*ours, format!("declare bow {} 1", k - 2), "tube by tube");
        } else {
            assert_eq!(ours, script);
        }
    }
    let walked = walk(&g, &[]);
    let replay = replayed::<Career>(Default::default(), script_faces(DICE), ACTIONS);
    assert_eq!(
        serde_json::to_value(walked.game().view()).unwrap(),
        serde_json::to_value(replay.game().view()).unwrap()
    );
    assert_eq!(walked.game().view().tonnage, 3900, "the Nancy Moller sunk");
    assert!(
        matches!(walked.pending(), crate::Pending::Roll(_)),
        "the A1 roll of 3/42 waits"
    );
}

/// [12.0] Another choice than the example's leaves it cleanly (at the class, and at the attack), both
/// with the program's dice and with the player's own, and the example can be taken up again.
#[test]
fn another_choice_leaves_the_example_and_plays_on() {
    let g = guide();
    leave_and_rejoin(&g, 0, &"class kd6".parse().unwrap());
    leave_and_rejoin(&g, 2, &"attack long submerged".parse().unwrap());
}
