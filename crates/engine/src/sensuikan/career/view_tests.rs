//! The operations map in the career's view: areas, bases and the Major Event markers by date.

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
