//! [9.2] A Touch Wood marker puts back the whole mission as it was just before the roll it takes back,
//! though the snapshot keeps only what a roll can change: checked against a copy of the whole mission
//! at every marker spent in many missions.

use crate::atlantic::{Mission, MissionAction, MissionOptions, OptionalRules};
use crate::dice::{DiceMode, SeededRng};
use crate::game::{Game, Paced};
use crate::machine::Rules;
use crate::policy::Policy;

/// Plays mission `seed` one roll at a time, spending a marker whenever one is offered; before each of
/// the player's own rolls a copy of the whole mission is kept. Gives the markers spent.
fn markers_restore_the_whole_mission(seed: u64) -> usize {
    let o = MissionOptions {
        optional: OptionalRules {
            historical_targeting: true,
            uboat_quality: true,
            aircrew_quality: true,
            limited_depth_charges: true,
            evasion: true,
            ..OptionalRules::default()
        },
        touch_wood: 3,
        two_player: seed % 4 == 3,
        ..MissionOptions::default()
    };
    let mut m = Mission::new(o, seed, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(seed);
    let mut copy: Option<Mission> = None;
    let mut spent = 0;
    let keep = |m: &Mission, copy: &mut Option<Mission>| {
        if m.touch_wood > 0 && Rules::waiting_roll(m).is_some_and(|t| t.own()) {
            let mut c = m.clone();
            c.luck = None;
            *copy = Some(c);
        }
    };
    loop {
        let offered = m
            .pending()
            .choices()
            .iter()
            .any(|c| c.action == MissionAction::TouchWood);
        let action = if offered {
            MissionAction::TouchWood
        } else {
            match Policy::Random.choose_from_pending(&m, &mut rng) {
                Some(a) => a,
                None => break,
            }
        };
        let spends = action == MissionAction::TouchWood;
        let held = m.touch_wood.saturating_sub(1);
        m.step_only(action).unwrap();
        if spends {
            let mut want = copy.take().expect("a roll to take back");
            want.dice = m.dice.clone();
            want.touch_wood = held;
            assert!(
                m == want,
                "seed {seed}: the marker {spent} restored another mission"
            );
            spent += 1;
        }
        keep(&m, &mut copy);
        while m.roll_next().unwrap().is_some() {
            keep(&m, &mut copy);
        }
    }
    assert!(m.is_over());
    spent
}

#[test]
fn a_touch_wood_marker_restores_the_mission_before_the_roll() {
    let spent: usize = (0..150u64).map(markers_restore_the_whole_mission).sum();
    assert!(spent > 100, "{spent} markers spent");
}
