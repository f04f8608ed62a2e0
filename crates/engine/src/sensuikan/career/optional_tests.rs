//! The career's optional rules inside its patrols [11.2] [11.3] [11.4] [11.5] and the escort player's
//! secret direction in a two-player game [10.1].

use super::*;
use crate::dice::SeededRng;
use crate::machine::RollSpec;
use crate::policy::Policy;
use crate::sensuikan::PatrolEvent;

/// [11.2] [11.3] [11.4] [11.5] The career hands its options, and its list of sunk ships, to the patrol it
/// builds; without the options the patrol plays the standard game.
#[test]
fn the_patrol_takes_the_career_options_11_2() {
    for on in [false, true] {
        let opts = CareerOptions {
            class: Some("kd6".into()),
            historical_targets: on,
            evasive_manoeuvres: on,
            escort_quality: on,
            aircrew_quality: on,
            ..CareerOptions::default()
        };
        let mut g = Career::new(opts, 1, DiceMode::Physical).unwrap();
        g.month = Month::new(1942, 1).unwrap();
        g.command.base = "yokosuka".into();
        g.service.sunk_names.insert("Kalingo".into());
        g.steps.clear();
        let mut ev = Vec::new();
        g.set_assignment("malaya".into(), None, &mut ev);
        g.steps.clear();
        g.sail(&mut ev);
        let p = g.duty.patrol.as_ref().unwrap();
        let o = &p.options().optional;
        assert_eq!(
            (
                o.evasive_manoeuvres,
                o.escort_quality,
                o.aircrew_quality,
                o.historical_targets
            ),
            (on, on, on, on)
        );
        let names: &[String] = if on { &["Kalingo".to_string()] } else { &[] };
        assert_eq!(o.sunk_names, names);
    }
}

/// [10.1] [11.3] Two players: the submarine's player picks his evasion, which stays hidden; player 2
/// enters his escort's direction as his own secret choice (recorded as his), and both are revealed
/// together in the roll record.
#[test]
fn player_two_chooses_the_escort_direction_in_secret_10_1() {
    let mut chosen = 0;
    for seed in 0..40 {
        let opts = CareerOptions {
            class: Some("kd6".into()),
            two_player: true,
            evasive_manoeuvres: true,
            ..CareerOptions::default()
        };
        let mut g = Career::new(opts, seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        for _ in 0..20_000 {
            if let Some(a) = Policy::Careful.choose(&g, &mut rng) {
                g.apply(a).unwrap();
                continue;
            }
            let Pending::Roll(RollSpec {
                dice, reason, chart, ..
            }) = g.pending()
            else {
                break;
            };
            assert_eq!(g.player_two_roll().as_deref(), Some(chart.as_str()));
            if chart != ESCORT_DIRECTION {
                let faces = vec![4; dice.face_count()];
                g.apply(CareerAction::Roll { faces }).unwrap();
                continue;
            }
            assert!(
                reason.starts_with("Player 2 chooses in secret [10.1] [11.3]"),
                "{reason}"
            );
            // The submarine's number (the careful captain's 5) is not in what player 2 can see.
            let p = g.patrol().unwrap();
            assert_eq!(p.combat().and_then(|c| c.escort.evasion), Some(5));
            let seen = serde_json::to_string(&p.view()).unwrap();
            assert!(!seen.contains("\"evasion\":"), "{seen}");
            let ev = g.apply(CareerAction::Roll { faces: vec![3] }).unwrap();
            let Some(CareerEvent::RolledBy { player, chart, faces }) = ev.first() else {
                panic!("{ev:?}")
            };
            assert_eq!(
                (*player, chart.as_str(), faces.as_slice()),
                (2, ESCORT_DIRECTION, &[3u8][..])
            );
            assert!(ev[0].to_string().contains("chooses in secret"));
            let revealed = ev.iter().find_map(|e| match e {
                CareerEvent::Patrol {
                    patrol: PatrolEvent::Rolled { roll },
                } if roll.chart == ESCORT_DIRECTION => Some(roll.outcome.clone()),
                _ => None,
            });
            let revealed = revealed.unwrap();
            assert!(
                revealed.contains("submarine 5 (straight ahead), escort 3 (right)"),
                "{revealed}"
            );
            chosen += 1;
        }
    }
    assert!(chosen > 0, "no evasive manoeuvre in 40 careers");
}
