//! Sensuikan's counter mix (`data/sensuikan/counters.json`) holds what the component list names.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::catalog::catalogs::Catalog;
use super::charts::{Charts, System};
use crate::counters::shipped;

/// [3.3.2] Seventeen submarine markers, one per type; three officer rank markers, 1 to 3; torpedo
/// markers of the four 21-inch types and the midget's Type 97, in the loads [4.5] asks for; a
/// system-specific damage marker for each system, beside generic ones ([3.3.2] note); LW, SW and
/// KIA crew markers; the Combat Sheet's Day/Night, range, target, escort- and aviation-quality markers.
#[test]
fn sensuikan_mix_holds_what_the_component_list_names() {
    let m = shipped("sensuikan").unwrap().unwrap();
    let catalog = Catalog::shipped().unwrap();
    let sub = m.kind("submarine").unwrap();
    assert_eq!(sub.count, 17, "[3.3.2] 17 submarine markers");
    let classes: Vec<&str> = catalog.classes.iter().map(|c| c.id.as_str()).collect();
    let faces: Vec<&str> = sub.faces.iter().filter_map(|f| f.id.as_deref()).collect();
    assert_eq!(
        faces, classes,
        "one marker per submarine type, in the catalog's order"
    );
    let rank = m.kind("rank").unwrap();
    assert_eq!(rank.count, 3, "[3.3.2] three officer rank markers");
    let marks: Vec<&str> = rank.faces.iter().map(|f| f.mark.as_str()).collect();
    assert_eq!(
        marks,
        ["1", "2", "3"],
        "[3.3.2] numbered 1 (lowest) to 3 (highest)"
    );
    // [4.5] 12 Type 89 or 12 Type 6 before 7/42, up to 6 Type 92 after; the midget's two Type 97.
    assert_eq!(m.count("t89"), 12);
    assert_eq!(m.count("t6"), 12);
    assert_eq!(m.count("t92"), 6);
    assert_eq!(m.count("t97"), 2);
    let largest_load = catalog
        .classes
        .iter()
        .map(|c| u32::from(c.bow_tubes + c.stern_tubes + c.bow_reloads + c.stern_reloads))
        .max()
        .unwrap();
    assert_eq!(m.count("t95"), largest_load, "[4.5] a whole load of Type 95");
    // [3.3.2] note: a marker bearing the name of each system (hull and flooding have their own).
    let systems = m.kind("system_damage").unwrap();
    let named: Vec<&str> = systems.faces.iter().filter_map(|f| f.id.as_deref()).collect();
    let expected: Vec<String> = System::ALL
        .iter()
        .filter(|s| !matches!(s, System::Hull | System::Flooding))
        .map(|s| s.to_string())
        .collect();
    assert_eq!(named, expected);
    assert!(
        m.count("damage") > 0 && m.count("inop") > 0,
        "generic damage counters"
    );
    for id in [
        "lw",
        "sw",
        "kia",
        "day_night",
        "range",
        "target",
        "escort_quality",
        "air_quality",
    ] {
        assert!(m.count(id) > 0, "{id}");
    }
    // [3.3.2] Hull and flooding markers for every box of the largest class.
    let max_hull = catalog
        .classes
        .iter()
        .map(|c| u32::from(c.hull_boxes))
        .max()
        .unwrap();
    let max_flood = catalog
        .classes
        .iter()
        .map(|c| u32::from(c.flooding_boxes))
        .max()
        .unwrap();
    assert_eq!((m.count("hull"), m.count("flooding")), (max_hull, max_flood));
    // [7.0] A Major Event marker for each event of the map, its missions on the back.
    let events: Vec<&str> = m
        .kind("major_event")
        .unwrap()
        .faces
        .iter()
        .filter_map(|f| f.id.as_deref())
        .collect();
    let catalog_events: Vec<&str> = catalog.events.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(events, catalog_events);
    // [3.3.2] A skill marker for each skill the schools teach (F1-F4).
    let charts = Charts::shipped().unwrap();
    let mut skills: Vec<&str> = charts.f1.skills.iter().map(|s| s.id.as_str()).collect();
    for school in [&charts.f2, &charts.f3, &charts.f4] {
        skills.extend(school.skills.iter().map(|s| s.id.as_str()));
    }
    let skill_faces: Vec<&str> = m
        .kind("skill")
        .unwrap()
        .faces
        .iter()
        .filter_map(|f| f.id.as_deref())
        .collect();
    assert_eq!(skill_faces, skills);
}
