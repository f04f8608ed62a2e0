//! The text forms: every action reads back from what it writes (saves replay them); options refuse what
//! they do not know; an illegal action is a typed error that changes nothing.

use periscope_data::atlantic::charts::Range;

use super::support::*;
use crate::atlantic::{MissionAction as A, MissionError, MissionOptions};
use crate::dice::DiceMode;
use crate::game::Game;
use crate::refusal::Refused;

#[test]
fn every_action_reads_back_from_its_text_and_its_json() {
    let all = [
        A::LaunchCam,
        A::HoldCam,
        A::Place {
            ship: "st_croix".into(),
            station: "A1".into(),
        },
        A::KeepArray,
        A::Rearray,
        A::SameArray,
        A::Hunt {
            ship: "dahlia".into(),
        },
        A::Engage,
        A::LetGo,
        A::DepthCharges { ship: None },
        A::DepthCharges {
            ship: Some("anchusa".into()),
        },
        A::Hedgehog { ship: None },
        A::Hedgehog {
            ship: Some("dahlia".into()),
        },
        A::BreakOff,
        A::Gunfire,
        A::Ram {
            ship: "hurricane".into(),
        },
        A::Credit {
            ship: "venomous".into(),
        },
        A::Guard {
            ship: "monkshood".into(),
        },
        A::GuardDone,
        A::TouchWood,
        A::Approach { circle: "A2".into() },
        A::Attack,
        A::Shadow,
        A::Range { range: Range::Close },
        A::Range { range: Range::Long },
        A::Fire { target: 2 },
        A::FireEscort,
        A::Salvo,
        A::Evade { number: 5 },
        A::Roll { faces: vec![3, 4] },
    ];
    for a in all {
        let text = a.to_string();
        assert_eq!(text.parse::<A>(), Ok(a.clone()), "{text}");
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<A>(&json).unwrap(), a, "{json}");
    }
    assert!("place hurricane".parse::<A>().is_err());
    assert!("range short".parse::<A>().is_err());
    // Boxes are read in upper case, ships in lower.
    assert_eq!(
        "Place Hurricane j".parse::<A>(),
        Ok(A::Place {
            ship: "hurricane".into(),
            station: "J".into()
        })
    );
}

/// Options refuse an unknown field, group, ship, base or month, and a ship sunk before she sails.
#[test]
fn bad_options_are_refused_with_a_reason() {
    assert!(serde_json::from_str::<MissionOptions>(r#"{"grup": "b1"}"#).is_err());
    let bad = |o: MissionOptions| match Mission::new(o, 1, DiceMode::Seeded) {
        Err(MissionError::Refused(Refused::BadOptions(m))) => m,
        other => panic!("{other:?}"),
    };
    assert!(
        bad(MissionOptions {
            group: "z9".into(),
            ..MissionOptions::default()
        })
        .contains("no escort group")
    );
    assert!(
        bad(MissionOptions {
            base: "halifax".into(),
            ..MissionOptions::default()
        })
        .contains("no base")
    );
    let o = MissionOptions {
        month: periscope_data::Month { year: 1943, month: 7 },
        ..MissionOptions::default()
    };
    assert!(bad(o).contains("outside the game"));
    let o = MissionOptions {
        escorts: vec![crate::atlantic::EscortSetup {
            damage: 1,
            ..crate::atlantic::EscortSetup::new("anchusa")
        }],
        ..MissionOptions::default()
    };
    assert!(bad(o).contains("sunk"));
    // The defaults play: `play atlantic-mission` with no options.
    assert!(Mission::new(MissionOptions::default(), 1, DiceMode::Seeded).is_ok());
    // [7.7] [7.7.1] C-1, C-2 and C-4 sail no convoy in their Feb-Mar 1943 refit; [7.7.2] C-3 does.
    for (g, month, refused) in [
        ("c1", 2, true),
        ("c2", 3, true),
        ("c4", 2, true),
        ("c1", 4, false),
        ("c3", 2, false),
    ] {
        let o = MissionOptions {
            group: g.into(),
            base: "st_johns".into(),
            month: periscope_data::Month { year: 1943, month },
            ..MissionOptions::default()
        };
        match Mission::new(o, 1, DiceMode::Seeded) {
            Err(MissionError::Refused(Refused::BadOptions(m))) => {
                assert!(refused && m.contains("[7.7.1]"), "{g} {month}: {m}")
            }
            Ok(_) => assert!(!refused, "{g} in {month}/43"),
            Err(e) => panic!("{e}"),
        }
    }
}

/// [6.2] The sequence cards are optional: the mission plays the rules' order. [6.2 Card 0] Its default
/// group, a British one, starts at Londonderry; a Canadian group's card base is St. John's.
#[test]
fn the_default_british_group_sails_from_londonderry() {
    let m = Mission::new(MissionOptions::default(), 1, DiceMode::Seeded).unwrap();
    assert_eq!(m.options().base, "londonderry");
    assert_eq!(
        m.group().nationality,
        periscope_data::atlantic::catalog::groups::Nationality::British
    );
    let card = &m.data().data().catalog.groups.group("c1").unwrap().default_base;
    assert_eq!(card, "st_johns");
    assert!(m.voyage().from.contains("EASTOMP"));
}

use crate::atlantic::Mission;

/// An action the mission does not offer is a typed error and changes nothing.
#[test]
fn an_illegal_action_changes_nothing() {
    let mut m = scripted(opts(), &opening(NIGHT, 1));
    let before = m.clone();
    // Any escort may take any open box, in any order; Box S without stragglers is refused [7.1.6].
    for a in ["hunt anchusa", "place venomous S", "roll 3", "launch"] {
        let e = m.apply(a.parse().unwrap()).unwrap_err();
        assert!(
            matches!(
                e,
                MissionError::Refused(Refused::NotNow { .. } | Refused::Dice(_))
                    | MissionError::Array { case: "7.1.6", .. }
            ),
            "{a}: {e}"
        );
        assert!(m == before, "{a} changed the mission");
    }
    let mut done = scripted(opts(), &[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]);
    assert!(done.pending().is_over());
    assert_eq!(
        done.apply(A::Engage).unwrap_err(),
        MissionError::Refused(Refused::GameOver)
    );
}
