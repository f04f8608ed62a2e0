//! Helpers shared by the patrol's test modules: a patrol on scripted dice, an action by its text, and
//! faces fed to the dice queue.

use super::*;
use crate::dice::DiceMode;
use crate::game::Game;

/// Every mission a patrol can fly [7.x], for the tests that play them all.
pub(super) const EVERY_MISSION: [MissionPlan; 13] = [
    MissionPlan::Patrol,
    MissionPlan::MidgetAttack,
    MissionPlan::Reconnaissance,
    MissionPlan::Bombing,
    MissionPlan::PicketDuty,
    MissionPlan::Transport,
    MissionPlan::Evacuation,
    MissionPlan::CoastalBombardment,
    MissionPlan::Minelaying,
    MissionPlan::PassengerDelivery,
    MissionPlan::EuropeTransport,
    MissionPlan::KaitenUlithi,
    MissionPlan::KaitenOpenSea,
];

pub(super) fn scripted(options: PatrolOptions, faces: &[u8]) -> Patrol {
    match Patrol::new(
        options,
        1,
        DiceMode::Scripted {
            faces: faces.to_vec(),
        },
    ) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    }
}

pub(super) fn act(g: &mut Patrol, a: &str) -> Vec<PatrolEvent> {
    let action: PatrolAction = match a.parse() {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    };
    match g.apply(action) {
        Ok(ev) => ev,
        Err(e) => panic!("{a}: {e} (phase {:?})", g.phase()),
    }
}

pub(super) fn feed(g: &mut Patrol, faces: &[u8]) -> Vec<PatrolEvent> {
    if let crate::dice::DiceSource::Manual(q) = &mut g.dice {
        q.extend(faces.iter().copied());
    }
    let mut ev = Vec::new();
    if let Err(e) = crate::machine::settle(g, &mut ev) {
        panic!("{e}");
    }
    ev
}
