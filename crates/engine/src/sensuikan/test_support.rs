//! What the patrol's test modules share beyond the engine's test kit (`crate::testing`): every mission,
//! and a patrol on scripted dice typed for them.

use super::*;

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

/// A patrol on scripted dice (the test kit's, typed for the patrol).
pub(super) fn scripted(options: PatrolOptions, faces: &[u8]) -> Patrol {
    crate::testing::scripted(options, faces)
}

pub(super) use crate::testing::act;

/// Faces queued in the patrol's dice, then the rolls they make (for tests that set the patrol up by hand).
pub(super) fn feed(g: &mut Patrol, faces: &[u8]) -> Vec<PatrolEvent> {
    crate::testing::settle_with(g, faces)
}
