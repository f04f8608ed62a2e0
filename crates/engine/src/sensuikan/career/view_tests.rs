//! The operations map in the career's view: areas, bases and the Major Event markers by date.

use super::test_support::{assign, physical};
use super::*;

fn career_in(month: (u16, u8)) -> Career {
    let opts = CareerOptions {
        class: Some("kd7".into()),
        ..CareerOptions::default()
    };
    let mut g = Career::new(opts, 1, DiceMode::Physical).unwrap();
    g.month = Month::new(month.0, month.1).unwrap();
    g
}

/// [7.14] A Major Event marker is on the map from its first to its last month, and off it before and after;
/// [6.2.2A] each area carries its extra transit boxes; [4.7] the five bases are listed.
#[test]
fn map_view_places_major_event_markers_by_date() {
    let ids = |g: &Career| -> Vec<String> { g.view().map.events.into_iter().map(|e| e.id).collect() };
    let december_41 = career_in((1941, 12));
    assert!(ids(&december_41).contains(&"pearl_harbor".to_string()));
    assert!(!ids(&december_41).contains(&"midway".to_string()));
    let may_42 = career_in((1942, 5));
    let events = ids(&may_42);
    assert!(events.contains(&"midway".to_string()));
    assert!(events.contains(&"sydney_harbour".to_string()));
    assert!(
        !events.contains(&"pearl_harbor".to_string()),
        "removed after 12/41"
    );
    let map = may_42.view().map;
    let europe = map.areas.iter().find(|a| a.id == "europe").unwrap();
    assert_eq!((europe.outbound, europe.homebound), (5, 5));
    assert_eq!(map.bases.len(), 5);
    assert!(
        map.bases
            .iter()
            .any(|b| b.id == "truk" && b.closes.as_deref() == Some("3/44"))
    );
}

/// [3.5] The Patrol Log names an area as the map does; an id the map does not know is shown as it is.
#[test]
fn the_log_names_areas_as_the_map_does() {
    let map = career_in((1941, 12)).view().map;
    assert_eq!(map.area_name("pearl_harbor"), "Pearl Harbor (Hawaii)");
    assert_eq!(map.area_name("nowhere"), "nowhere");
}

/// Issue 13: a boat lost at sea never reads as in port. The career's view keeps the patrol she was lost on
/// (her track box, the end), its whereabouts says how she was lost, and the log row and the victory text
/// say so too.
#[test]
fn a_sunk_boats_view_does_not_read_as_in_port() {
    let (mut g, _) = assign("kd6", (1942, 3), "yokosuka", "central_pacific");
    g.steps.clear();
    let p = g.duty.patrol.as_mut().unwrap();
    p.voyage.position = 3;
    let mut ev = Vec::new();
    p.finish(
        crate::sensuikan::PatrolEnd::Sunk {
            cause: "depth charges".into(),
        },
        &mut ev,
    );
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
    assert!(g.end().is_some());
    let v = g.view();
    assert!(
        !v.whereabouts.contains("In port") && !v.whereabouts.contains("in port"),
        "{}",
        v.whereabouts
    );
    assert!(
        v.whereabouts.starts_with("Lost with all hands in track box 4"),
        "{}",
        v.whereabouts
    );
    let patrol = v.patrol.as_ref().expect("the patrol she was lost on");
    assert_eq!(patrol.box_number, 4);
    assert!(matches!(
        patrol.phase,
        crate::sensuikan::PhaseView::Over {
            end: crate::sensuikan::PatrolEnd::Sunk { .. }
        }
    ));
    assert_eq!(patrol.whereabouts, v.whereabouts);
    assert!(v.log[0].result.starts_with("Sunk with all hands"));
    let end = v.end.as_ref().unwrap().describe();
    assert!(end.contains("dead") && !end.contains("port"), "{end}");
    // Between patrols the boat is in port at her base.
    let g = physical("kd6");
    assert_eq!(g.view().whereabouts, "In port at Yokosuka");
    assert!(g.view().patrol.is_none());
}

const EXAMPLE_DICE: &str = include_str!("../../../../../tests/scenarios/sensuikan/example-of-play.dice");
const EXAMPLE_ACTIONS: &str =
    include_str!("../../../../../tests/scenarios/sensuikan/example-of-play.actions");

fn script_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Issue 33: the Example of Play's career [12.0] with the book's dice; the Nancy Moller is sunk on the
/// first patrol. From the sinking on, the view counts her tonnage and shows the patrol under way as its
/// log row (the ship, the tonnage so far, "Under way"); the Patrol Log that victory reads [5.2.1] gets the
/// row when the boat is home, and then the view shows it once, with the same tonnage, not under way.
#[test]
fn the_view_counts_a_sinking_while_the_patrol_is_under_way() {
    let faces: Vec<u8> = script_lines(EXAMPLE_DICE)
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|w| w.parse().unwrap())
        .collect();
    let mut g = Career::new(CareerOptions::default(), 1, DiceMode::Scripted { faces }).unwrap();
    let mut seen_under_way = false;
    for a in script_lines(EXAMPLE_ACTIONS) {
        crate::testing::act(&mut g, a);
        let v = g.view();
        let sunk_at_sea =
            matches!(g.phase, Phase::Patrol) && g.patrol().is_some_and(|p| p.ships().iter().any(|s| s.sunk));
        if !sunk_at_sea {
            continue;
        }
        seen_under_way = true;
        assert_eq!(g.tonnage(), 0, "[5.2.1] the Patrol Log has no patrol written yet");
        assert_eq!(v.tonnage, 3900, "after '{a}'");
        assert_eq!(v.tonnage_under_way(), 3900);
        let row = v.under_way().expect("the patrol under way's row");
        assert_eq!(v.log.last(), Some(row), "the row comes last");
        assert_eq!(
            (row.month.as_str(), row.mark.as_str(), row.result.as_str()),
            ("12/41", "patrol", "Under way")
        );
        assert_eq!(row.area_name, "Pearl Harbor (Hawaii)");
        assert!(row.ships.iter().any(|s| s.name == "Nancy Moller" && s.sunk));
        assert_eq!(row.tonnage, 3900);
    }
    assert!(seen_under_way, "the example sinks the Nancy Moller at sea");
    // Home, refitted, and in port for the A1 roll of 3/42: the first patrol's row is on the log once,
    // not under way, and nothing is under way.
    let v = g.view();
    assert_eq!((g.tonnage(), v.tonnage), (3900, 3900));
    let first: Vec<&LogRow> = v.log.iter().filter(|r| r.month == "12/41").collect();
    assert_eq!(first.len(), 1);
    assert!(!first[0].under_way && first[0].tonnage == 3900);
    assert!(v.under_way().is_none(), "in port: {}", v.whereabouts);
    assert_eq!(v.tonnage_under_way(), 0);
    assert!(g.log().iter().all(|r| !r.under_way), "never in the record itself");
}
