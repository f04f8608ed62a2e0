//! The guided first game of Atlantic Sentinels: the Example of Play [8.0] as
//! `data/atlantic/walkthrough.json` walks it, on the book's dice.

use super::example::{example_options, faces};
use crate::atlantic::{Mission, MissionAction};
use crate::testing::{leave_and_rejoin, replayed, rolls, script_lines, walk};
use crate::walkthrough::Guide;

const ACTIONS: &str = include_str!("../../../../../tests/scenarios/atlantic/example-of-play.actions");

fn guide() -> Guide<Mission> {
    Guide::new(periscope_data::atlantic::walkthrough().unwrap()).unwrap()
}

/// [8.0] The walkthrough plays the example's own script: its options, dice and choices are the
/// scenario's, and walking it ends where the golden replay of the example does (the Kongsgaard lost,
/// five boats damaged, the convoy handed over at WESTOMP).
#[test]
fn the_walkthrough_is_the_example_of_play_8_0() {
    let g = guide();
    assert_eq!(g.book.dice.as_deref(), Some(faces().as_slice()));
    let options: crate::atlantic::MissionOptions = serde_json::from_value(g.book.options.clone()).unwrap();
    assert_eq!(options, example_options());
    let path: Vec<String> = g.path().iter().map(ToString::to_string).collect();
    let scenario: Vec<String> = script_lines(ACTIONS)
        .iter()
        .map(|a| a.parse::<MissionAction>().unwrap().to_string())
        .collect();
    assert_eq!(path, scenario);
    let start = g.session().unwrap();
    let opening: Vec<&str> = rolls(start.game().opening_events())
        .iter()
        .map(|r| r.chart.as_str())
        .collect();
    let walked = walk(&g, &opening);
    let replay = replayed::<Mission>(example_options(), faces(), ACTIONS);
    assert_eq!(
        serde_json::to_value(walked.game().view()).unwrap(),
        serde_json::to_value(replay.game().view()).unwrap()
    );
    assert!(matches!(walked.pending(), crate::Pending::Over { .. }));
}

/// [8.0] Another array or another hunter leaves the example cleanly, with either dice, and the example
/// can be taken up again where it was left.
#[test]
fn another_choice_leaves_the_example_and_plays_on() {
    let g = guide();
    leave_and_rejoin(&g, 1, &"place hurricane A".parse().unwrap());
    leave_and_rejoin(&g, 7, &"hunt dahlia".parse().unwrap());
}
