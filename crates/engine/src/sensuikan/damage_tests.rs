//! Sensuikan patrol tests: damage, the crew and repairs [8.5] [8.6]; scripted dice, each test citing its rule
//! case.

use periscope_data::sensuikan::charts::System;

use super::test_support::*;
use super::*;

// ---- damage, crew, repairs -----------------------------------------------------------------------------

/// Nancy Moller missed, the escorts detect (10) and attack with `b5` then the damage faces.
fn depth_charged(g: &mut Patrol, after: &[u8]) -> Vec<PatrolEvent> {
    act(g, "attack medium submerged");
    act(g, "declare bow 1");
    feed(g, &[6, 6, 5, 5]);
    act(g, "fire");
    feed(g, after);
    act(g, "shallow")
}

/// [8.5.3] At the end of each combat turn, check for additional flooding only if flooding boxes were received
/// that turn. 1d6: 5–6 → +1 flooding. Partial flooding is removed automatically after combat.
#[test]
fn flooding_checks_and_clears_after_combat() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    // B5 4: one hit; d100 35 flooding; B6 5: one more.
    depth_charged(&mut g, &[2, 2, 3, 5, 5]);
    assert_eq!(g.boat().flooding, 2);
    assert!(waits(&g, AskView::TestDepth));
    feed(&mut g, &[1, 1]);
    act(&mut g, "shallow");
    act(&mut g, "continue");
    assert_eq!(g.boat().flooding, 0);
}

/// [8.5.3] All flooding boxes full → blow ballast, surface, scuttle roll (8.6.3). [8.6.3] 2–11 success (crew
/// POW); 12 failure (sub captured); +1 if the captain is SW or KIA.
#[test]
fn full_flooding_means_scuttling() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.boat.flooding = 5;
    depth_charged(&mut g, &[2, 2, 3, 5]);
    assert!(waits_roll(&g, RollPurpose::Damage(DamageRoll::Scuttle)));
    g.crew.captain = Some(Wound::Sw);
    let ev = feed(&mut g, &[5, 6]);
    assert!(has_mod(rolls_of(&ev, "8.6.3")[0], "8.6.3", 1));
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Captured
        }
    ));
}

/// [8.5.5] All hull boxes marked → sunk with all hands.
#[test]
fn every_hull_box_sinks_the_boat() {
    let mut g = on_station(patrol_opts());
    let mut ev = Vec::new();
    g.add_hull(9, &mut ev);
    assert!(!matches!(g.phase(), Phase::Over { .. }));
    g.add_hull(1, &mut ev);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Sunk { .. }
        }
    ));
}

/// [8.5.6] Fuel tanks damaged and failing repair (INOP) → abort immediately at the end of combat. Also combat
/// penalties: easier to detect.
#[test]
fn fuel_tanks_inop_abort() {
    let mut g = on_station(patrol_opts());
    let mut ev = Vec::new();
    g.damage_system(System::FuelTanks, &mut ev);
    assert!(!g.aborted());
    g.start_repairs(&mut ev);
    feed(&mut g, &[6]);
    assert!(g.aborted());
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.boat.systems.push((System::FuelTanks, SystemState::Inop));
    let ev = depth_charged(&mut g, &[]);
    assert!(has_mod(rolls_of(&ev, "8.2.5")[0], "8.2.5", 1));
}

/// [8.5.7] Damaged batteries: effects per B5.
#[test]
fn damaged_batteries_worsen_depth_charges() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.boat.systems.push((System::Batteries, SystemState::Damaged));
    let ev = depth_charged(&mut g, &[1, 1]);
    let b5 = rolls_of(&ev, "8.2.5");
    assert!(b5.iter().any(|r| r.chart == "B5" && has_mod(r, "8.5.7", 1)));
}

/// [8.5.4] Both diesels INOP → towed if 1 box from base, otherwise scuttled with a crew rescue roll. [8.6.3]
/// Rescue 2d6: 2–10 rescued; 11–12 lost at sea; +4 if the radio is INOP.
#[test]
fn both_diesels_out_towed_or_scuttled_and_rescue() {
    let mut g = on_station(patrol_opts());
    g.boat.diesels_out = 2;
    g.boat.systems.push((System::Radio, SystemState::Inop));
    let mut ev = Vec::new();
    g.check_abort(&mut ev);
    assert!(waits_roll(&g, RollPurpose::Damage(DamageRoll::Rescue)));
    let ev = feed(&mut g, &[3, 4]);
    assert!(has_mod(rolls_of(&ev, "8.6.3")[0], "8.6.3", 4));
    assert!(matches!(g.phase(), Phase::Over { end: PatrolEnd::Scuttled { crew } } if crew.contains("lost")));
    let mut g = on_station(patrol_opts());
    g.voyage.position = 5;
    g.boat.diesels_out = 2;
    let mut ev = Vec::new();
    g.check_abort(&mut ev);
    assert!(matches!(
        g.phase(),
        Phase::Over {
            end: PatrolEnd::Towed
        }
    ));
}

/// [8.5.2] One repair roll per damaged system; expert engineer −1; engineer dead or SW +1.
#[test]
fn repairs_with_the_engineers_modifiers() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            expert_engineer: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let mut g = on_station(opts);
    let mut ev = Vec::new();
    g.damage_system(System::Periscope, &mut ev);
    g.start_repairs(&mut ev);
    let ev = feed(&mut g, &[5]);
    assert!(has_mod(rolls_of(&ev, "8.5.2")[0], "8.5.2", -1));
    assert!(g.boat().working(System::Periscope), "5 - 1 = 4 repaired");
    let mut g = on_station(patrol_opts());
    g.crew.engineer = Some(Wound::Sw);
    let mut ev = Vec::new();
    g.damage_system(System::Periscope, &mut ev);
    g.start_repairs(&mut ev);
    feed(&mut g, &[4]);
    assert_eq!(
        g.boat().state(System::Periscope),
        Some(SystemState::Inop),
        "4 + 1 = 5 fails"
    );
}

/// [8.7.1] Mechanical genius: may repair one INOP system once per patrol.
#[test]
fn the_mechanical_genius_fixes_one_inop_system() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            mechanical_genius: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let mut g = on_station(opts);
    let mut ev = Vec::new();
    g.damage_system(System::Periscope, &mut ev);
    g.damage_system(System::Radio, &mut ev);
    g.start_repairs(&mut ev);
    feed(&mut g, &[6, 6]);
    let inop = g
        .boat()
        .systems
        .iter()
        .filter(|(_, s)| *s == SystemState::Inop)
        .count();
    assert_eq!(inop, 1);
}

/// [8.5.9] Captain out: to-hit +1 and escort detection +1; Exec out too: +2 and +2; NAV out too: the engineer
/// commands and the sub must abort immediately.
#[test]
fn the_command_chain() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.crew.captain = Some(Wound::Sw);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6, 1, 2]);
    let ev = act(&mut g, "fire");
    assert!(has_mod(rolls_of(&ev, "8.2.3")[0], "8.5.9", 1));
    let ev = act(&mut g, "shallow");
    assert!(has_mod(rolls_of(&ev, "8.2.5")[0], "8.5.9", 1));
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.crew.captain = Some(Wound::Kia);
    g.crew.executive_officer = Some(Wound::Sw);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[6, 6, 1, 2]);
    let ev = act(&mut g, "fire");
    assert!(has_mod(rolls_of(&ev, "8.2.3")[0], "8.5.9", 2));
    let ev = act(&mut g, "shallow");
    assert!(has_mod(rolls_of(&ev, "8.2.5")[0], "8.5.9", 2));
    // The navigation officer hit by a depth charge crew casualty (d100 48; B7 4 = NAV, LW) is not out;
    // the same with him SW already is: the engineer commands, abort.
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    g.crew.captain = Some(Wound::Kia);
    g.crew.executive_officer = Some(Wound::Kia);
    g.crew.navigation_officer = Some(Wound::Lw);
    depth_charged(&mut g, &[2, 2, 4, 8, 2, 2]);
    assert_eq!(g.crew().navigation_officer, Some(Wound::Sw), "LW on LW is SW");
    assert!(g.aborted());
}

/// [8.5.9.2] A depth-charge crew casualty is automatically LW; roll who is hit. [8.5.9] Unwounded men are
/// wounded before second wounds are applied.
#[test]
fn depth_charge_casualties_are_light_wounds_on_fresh_men_first() {
    let mut g = escorted_contact(on_station(patrol_opts()), 1);
    // B5 6 = two hits: both crew casualties (d100 46, 47), B7 6 and 7 = crew.
    let ev = depth_charged(&mut g, &[3, 3, 4, 6, 3, 3, 4, 7, 3, 4]);
    assert!(rolls_of(&ev, "8.5.9").iter().all(|r| r.chart == "B7 crew"));
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
    assert_eq!(g.crew().crew[1], Some(Wound::Lw));
}

/// [8.5.9] Doctor incapacitated: each SW crew member rolls 1d6 at the start of every box: 1–3 survives, 4–6
/// dies.
#[test]
fn without_a_doctor_the_seriously_wounded_roll_each_box() {
    let mut g = on_station(patrol_opts());
    g.crew.doctor = Some(Wound::Kia);
    g.crew.crew[0] = Some(Wound::Sw);
    g.crew.crew[1] = Some(Wound::Sw);
    let ev = feed(&mut g, &[3, 3, 3, 4]);
    assert_eq!(rolls_of(&ev, "8.5.9").len(), 2);
    assert_eq!(g.crew().crew[0], Some(Wound::Sw));
    assert_eq!(g.crew().crew[1], Some(Wound::Kia));
    assert!(waits_roll(&g, RollPurpose::Encounter));
}

/// [8.5.9.3] Expert doctor: after an encounter, roll 1d6 per LW; 1–3 removes it.
#[test]
fn the_expert_doctor_treats_light_wounds() {
    let opts = PatrolOptions {
        crew: CrewSetup {
            expert_doctor: true,
            ..CrewSetup::default()
        },
        ..patrol_opts()
    };
    let mut g = on_station(opts);
    g.crew.crew[0] = Some(Wound::Lw);
    g.crew.captain = Some(Wound::Lw);
    let mut ev = Vec::new();
    g.start_repairs(&mut ev);
    feed(&mut g, &[3, 4]);
    assert_eq!(g.crew().captain, None);
    assert_eq!(g.crew().crew[0], Some(Wound::Lw));
}
