//! Career tests: decorations and the Golden Kite [8.8], removals and kaiten fittings [9.x] [7.12].

use super::test_support::*;
use super::*;

/// [8.8.6] The Greater East Asia War Medal after the first patrol, once; [8.8.4] the Order of the
/// Sacred Treasure after 12 months of service; [8.8.3] the Order of the Rising Sun after 24.
#[test]
fn service_decorations() {
    let mut g = physical("kd6");
    let start = g.service.service_start;
    let mut ev = Vec::new();
    after_patrol(&mut g, start, 2, 0);
    g.awards(&mut ev);
    assert!(g.decorations().iter().any(|d| d == "Greater East Asia War Medal"));
    assert!(!g.decorations().iter().any(|d| d.contains("Sacred Treasure")));
    after_patrol(&mut g, start.plus(10), 2, 0);
    g.awards(&mut ev);
    assert!(
        g.decorations()
            .iter()
            .any(|d| d == "Order of the Sacred Treasure, 8th class")
    );
    assert!(!g.decorations().iter().any(|d| d.contains("Rising Sun")));
    after_patrol(&mut g, start.plus(22), 2, 0);
    g.awards(&mut ev);
    assert!(
        g.decorations()
            .iter()
            .any(|d| d == "Order of the Rising Sun, 8th class")
    );
    let medals = g
        .decorations()
        .iter()
        .filter(|d| *d == "Greater East Asia War Medal")
        .count();
    assert_eq!(medals, 1);
    let rules: Vec<String> = notes(&ev).into_iter().map(|(r, _)| r).collect();
    for r in ["8.8.6", "8.8.4", "8.8.3"] {
        assert!(rules.iter().any(|x| x == r), "no note for [{r}]");
    }
}

/// [8.8.5] The Wound Badge for a captain wounded on patrol.
#[test]
fn wound_badge() {
    let mut g = physical("kd6");
    let start = g.service.service_start;
    let mut ev = Vec::new();
    after_patrol(&mut g, start, 2, 0);
    g.awards(&mut ev);
    assert!(!g.decorations().iter().any(|d| d == "Wound Badge"));
    after_patrol(&mut g, start.plus(3), 2, 0);
    g.duty.refit.captain_wounded = true;
    g.awards(&mut ev);
    assert!(g.decorations().iter().any(|d| d == "Wound Badge"));
}

/// [8.8.7] The Submarine Badge for graduating from the Submarine School at the start.
#[test]
fn submarine_badge_at_the_start() {
    let g = physical("kd6");
    assert_eq!(g.decorations(), ["Submarine Badge".to_string()]);
}

/// [8.8.1] [8.8.2] Through the refit: a Lieutenant Commander's 50,000 t patrol earns the 5th class and an
/// upgrade marker [9.3]; promoted, the 4th class then needs 100,000 t or a capital ship.
#[test]
fn golden_kite_classes_in_the_refit() {
    let mut g = physical("kd6");
    let start = g.service.service_start;
    let mut ev = Vec::new();
    after_patrol(&mut g, start, 2, 50_001);
    g.awards(&mut ev);
    assert_eq!(g.command.kite, Some(Kite::Fifth));
    assert_eq!(g.service.upgrade_markers, 1);
    assert!(g.service.period.golden_kite);
    g.command.rank = Rank::Commander;
    after_patrol(&mut g, start.plus(3), 2, 60_000);
    g.awards(&mut ev);
    assert_eq!(
        g.command.kite,
        Some(Kite::Fifth),
        "the higher bar after the 5th class"
    );
    after_patrol(&mut g, start.plus(6), 2, 100_000);
    g.awards(&mut ev);
    assert_eq!(g.command.kite, Some(Kite::Fourth));
    assert!(
        g.decorations()
            .iter()
            .any(|d| d == "Order of the Golden Kite, 4th class")
    );
    assert_eq!(g.service.upgrade_markers, 2);
    // No further Golden Kite once the 4th class is held.
    after_patrol(&mut g, start.plus(9), 2, 200_000);
    g.duty.refit.capital_sunk = true;
    g.awards(&mut ev);
    assert_eq!(g.service.upgrade_markers, 2);
}

/// [8.8.1] A Commander sinking a capital ship goes straight to the 4th class.
#[test]
fn golden_kite_fourth_for_a_capital_ship() {
    let mut g = physical("kd6");
    let start = g.service.service_start;
    let mut ev = Vec::new();
    g.command.rank = Rank::Commander;
    after_patrol(&mut g, start, 2, 30_000);
    g.duty.refit.capital_sunk = true;
    g.awards(&mut ev);
    assert_eq!(g.command.kite, Some(Kite::Fourth));
}

/// [7.12] A Type B loses its deck gun and aviation and is fitted for 4 kaiten in 11/44; a refit that does
/// not cross the date changes nothing.
#[test]
fn type_b_removals_and_kaiten() {
    let mut g = physical("type_b");
    let mut ev = Vec::new();
    after_patrol(&mut g, Month::new(1944, 7).unwrap(), 2, 0);
    g.removals(&mut ev);
    assert!(notes(&ev).is_empty());
    after_patrol(&mut g, Month::new(1944, 8).unwrap(), 2, 0);
    g.removals(&mut ev);
    let n = notes(&ev);
    assert!(n.iter().all(|(r, _)| r == "7.12"));
    assert!(n.iter().any(|(_, t)| t.contains("deck gun")));
    assert!(n.iter().any(|(_, t)| t.contains("aviation")));
    assert!(n.iter().any(|(_, t)| t.contains("4 kaiten")));
}

/// [7.12] The Type B.3 is fitted for 4 kaiten in 1/45 and 6 in 4/45.
#[test]
fn type_b3_kaiten_capacity_grows() {
    let mut g = physical("type_b3");
    let mut ev = Vec::new();
    after_patrol(&mut g, Month::new(1945, 2).unwrap(), 1, 0);
    g.duty.refit.refit_months = 1;
    g.removals(&mut ev);
    assert!(notes(&ev).iter().any(|(_, t)| t.contains("6 kaiten")));
}
