//! Issue 33, papercut 1: the Control Sheet and the Patrol Log board count a ship as soon as she sinks,
//! not when the boat reaches port. The Example of Play's career [12.0] with the book's dice, up to the
//! Nancy Moller's salvo; FIRE clicked in the decision panel sinks her (3,900 t) at sea.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::sensuikan::CareerTable;
use periscope_engine::sensuikan::PatrolAction;
use periscope_engine::sensuikan::career::{Career, CareerAction, CareerOptions};
use periscope_engine::testing::{script_faces, script_lines};
use periscope_engine::{DiceMode, Game, Session};

const DICE: &str = include_str!("../../../tests/scenarios/sensuikan/example-of-play.dice");
const ACTIONS: &str = include_str!("../../../tests/scenarios/sensuikan/example-of-play.actions");

fn career<'h>(h: &'h egui_kittest::Harness<'static, periscope_app::PeriscopeApp>) -> &'h Career {
    match h.state().session::<Career>() {
        Some(s) => s.game(),
        None => panic!("not on the Sensuikan table"),
    }
}

#[test]
fn the_control_sheet_counts_a_ship_sunk_at_sea() {
    let faces = script_faces(DICE);
    let mut session =
        Session::<Career>::new(CareerOptions::default(), 1, DiceMode::Scripted { faces }).unwrap();
    for a in script_lines(ACTIONS).into_iter().take_while(|a| *a != "fire") {
        session.apply(a.parse::<CareerAction>().unwrap()).unwrap();
    }
    let mut h = harness(temp_storage("tonnage-at-sea"));
    settle(&mut h);
    let storage = h.state().storage.clone();
    h.state_mut()
        .show_screen(Box::new(CareerTable::started(session, &storage)));
    settle(&mut h);
    close_cards(&mut h);
    assert!(
        h.query_by_label("Tonnage sunk: 0 t").is_some(),
        "nothing sunk before the salvo"
    );
    let fire = career(&h)
        .pending()
        .choices()
        .iter()
        .find(|c| {
            matches!(
                c.action,
                CareerAction::Patrol {
                    action: PatrolAction::Fire
                }
            )
        })
        .map(|c| c.label.clone())
        .expect("FIRE is offered at the salvo");
    click_choice(&mut h, &fire);
    close_cards(&mut h);
    settle(&mut h);
    let v = career(&h).view();
    assert!(v.patrol.is_some(), "still at sea");
    assert_eq!(
        career(&h).tonnage(),
        0,
        "[5.2.1] the Patrol Log gets the patrol when she is home"
    );
    assert_eq!(v.tonnage, 3900);
    assert!(
        h.query_by_label("Tonnage sunk: 3900 t (3900 at sea)").is_some(),
        "the Control Sheet counts the Nancy Moller at once"
    );
    assert!(
        h.query_by_label_contains("3900 t sunk (3900 t on the patrol under way)")
            .is_some(),
        "the Patrol Log board too"
    );
}
