//! Set-up [4.x]: the group rolled or chosen [4.1], the base [4.1], the header [4.3.1], the mat [4.4.2].

use super::super::*;
use super::support::*;
use crate::game::{Game, Pending};
use crate::refusal::Refused;

#[test]
fn the_group_is_rolled_on_1d10_or_chosen_and_a_1_is_b1() {
    // [4.1] Roll 1d10 or choose; the example's 1 is B-1 [8.0].
    let mut g = physical(CareerOptions::default());
    let Pending::Decision(d) = g.pending() else {
        panic!("a decision first")
    };
    assert_eq!(d.rule, "4.1");
    assert_eq!(d.choices[0].action, CareerAction::RollGroup);
    assert_eq!(d.choices.len(), 11, "roll, or any of the ten groups");
    g.apply(CareerAction::RollGroup).unwrap();
    let Pending::Roll(spec) = g.pending() else {
        panic!("the 1d10")
    };
    assert_eq!(spec.rule, "4.1");
    g.apply(CareerAction::Roll { faces: vec![1] }).unwrap();
    assert_eq!(g.command().unwrap().group, "b1");
    assert_eq!(g.convoy_log().unwrap().group, "B-1");
}

#[test]
fn the_base_is_the_players_choice_card_0s_first() {
    // [4.1] Londonderry or St. John's at the player's choice; [6.2] Card 0's base is offered first.
    let mut g = physical(group("c3"));
    g.apply(CareerAction::ChooseGroup { group: "c3".into() }).unwrap();
    let Pending::Decision(d) = g.pending() else {
        panic!("the base")
    };
    let bases: Vec<String> = d.choices.iter().map(|c| c.action.to_string()).collect();
    assert_eq!(bases, ["base st_johns", "base londonderry"]);
    g.apply(CareerAction::ChooseBase {
        base: "londonderry".into(),
    })
    .unwrap();
    assert_eq!(g.command().unwrap().base, "londonderry");
}

#[test]
fn the_header_names_group_and_soe_and_he_starts_a_lieutenant_commander() {
    // [4.3.1] The Convoy Log header; [4.4.2] the Lt. Cdr. marker.
    let g = set_up("b1");
    let log = g.convoy_log().unwrap();
    assert_eq!((log.group.as_str(), log.soe.as_str()), ("B-1", "F. J. Walker"));
    assert_eq!(log.rank, "Lieutenant Commander");
    assert_eq!(g.command().unwrap().rank, Rank::LieutenantCommander);
}

#[test]
fn british_and_american_groups_fit_one_type_271_and_seven_ship_british_groups_have_hf_df() {
    // [4.1] One Type 271 for the British and American groups, placed by the player [4.5]; HF/DF for the
    // seven-ship British groups; the Canadians start with neither.
    for (id, hf_df, sets) in [
        ("b1", false, 1),
        ("b2", true, 1),
        ("a3", false, 1),
        ("c1", false, 0),
        ("c3", false, 0),
    ] {
        let g = set_up(id);
        let c = g.command().unwrap();
        assert_eq!(c.hf_df, hf_df, "{id} HF/DF");
        assert_eq!(
            c.ships.iter().filter(|s| s.type_271).count(),
            sets,
            "{id} Type 271 sets"
        );
        assert!(
            c.ships
                .iter()
                .all(|s| s.crew == periscope_data::atlantic::charts::Quality::Trained),
            "[4.4.2] every crew starts Trained"
        );
    }
}

#[test]
fn the_first_missions_air_support_is_rolled_on_a4_at_set_up() {
    // [4.4.2] [6.1 1A] A4 before the first mission: in 2/42 a 6 is a CAM ship [8.0].
    let mut g = physical(group("b1"));
    let mut seen = false;
    while !matches!(g.phase(), Phase::Mission) {
        match g.pending() {
            Pending::Decision(d) => {
                g.apply(d.choices[0].action.clone()).unwrap();
            }
            Pending::Roll(spec) => {
                assert_eq!(spec.chart, "A4");
                g.apply(CareerAction::Roll { faces: vec![6] }).unwrap();
                seen = true;
            }
            Pending::Over { .. } => panic!("over"),
        }
    }
    assert!(seen);
    let m = g.mission().unwrap();
    assert!(m.options().air.cam, "the CAM ship sails with the first convoy");
    assert_eq!(m.options().base, "londonderry");
}

#[test]
fn green_crews_roll_for_each_ship() {
    // [12.6] 1d6 per ship at the start: a 1 is Green.
    let mut opts = group("b1");
    opts.rules.green_crews = true;
    let mut g = physical(opts);
    g.apply(CareerAction::ChooseGroup { group: "b1".into() }).unwrap();
    g.apply(CareerAction::ChooseBase {
        base: "londonderry".into(),
    })
    .unwrap();
    for (i, face) in [1u8, 2, 3, 4, 5, 6].into_iter().enumerate() {
        let Pending::Roll(spec) = g.pending() else {
            panic!("ship {i}'s roll")
        };
        assert_eq!(spec.rule, "12.6");
        g.apply(CareerAction::Roll { faces: vec![face] }).unwrap();
    }
    let c = g.command().unwrap();
    use periscope_data::atlantic::charts::Quality;
    assert_eq!(c.ships[0].crew, Quality::Green);
    assert!(c.ships[1..].iter().all(|s| s.crew == Quality::Trained));
    // [12.6] A Green crew's first step is to Trained.
    assert_eq!(crew_after(Quality::Green, 3, 3), Quality::Trained);
}

#[test]
fn bad_options_are_refused() {
    let bad = CareerOptions {
        group: Some("z9".into()),
        ..CareerOptions::default()
    };
    assert!(matches!(
        Career::new(bad, 1, DiceMode::Seeded),
        Err(CareerError::Refused(Refused::BadOptions(_)))
    ));
}
