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

/// Queues more scripted faces and rolls whatever the game waits for.
pub(super) fn patrol_opts() -> PatrolOptions {
    PatrolOptions {
        mission: MissionPlan::Patrol,
        ..PatrolOptions::default()
    }
}

pub(super) fn month(year: u16, month: u8) -> crate::Month {
    crate::Month { year, month }
}

/// A Type C off Pearl Harbor in 12/41 (or `opts`): all Type 95, two quiet transit boxes; the game waits for
/// the first on-station encounter roll (box 3).
pub(super) fn on_station(opts: PatrolOptions) -> Patrol {
    let g = scripted(opts, &[4, 3, 3, 3, 3]);
    assert_eq!(g.position(), 2);
    assert!(matches!(
        g.phase(),
        Phase::Roll {
            purpose: RollPurpose::Encounter
        }
    ));
    g
}

/// As `on_station`, for a start from 7/42 (the Type 92 decision: none).
pub(super) fn on_station_late(opts: PatrolOptions) -> Patrol {
    let mut g = scripted(opts, &[3, 3, 3, 3]);
    act(&mut g, "load 0");
    assert_eq!(g.position(), 2);
    g
}

/// Pearl Harbor A3 7 = ship(s) + escort; one ship; small; T1 77 Nancy Moller (2 to sink); `time` on 1d6.
pub(super) fn escorted_contact(g: Patrol, time: u8) -> Patrol {
    escorted_contact_on(g, [7, 7], time)
}

/// As `escorted_contact`, the small ship from the T1 roll `t1` (tens, units): after 3/44, when the Nancy
/// Moller is no more, T1 53 is a cargo steamer (3,500 t, 2 to sink).
pub(super) fn escorted_contact_on(mut g: Patrol, t1: [u8; 2], time: u8) -> Patrol {
    feed(&mut g, &[3, 4, 1, 3, t1[0], t1[1], time]);
    assert!(matches!(
        g.phase(),
        Phase::Decide {
            ask: Ask::Combat(CombatAsk::Engage)
        }
    ));
    g
}

/// As `on_station(opts)`: Nancy Moller damaged (1 of 2) in an escorted contact, the escorts miss; the game
/// waits for what follows the round (tracking, additional rounds) [8.2.8] [8.4].
pub(super) fn damaged_escorted_ship_with(opts: PatrolOptions) -> Patrol {
    let mut g = escorted_contact(on_station(opts), 1);
    act(&mut g, "attack medium submerged");
    act(&mut g, "declare bow 1");
    feed(&mut g, &[1, 1, 4, 6, 1, 2]);
    act(&mut g, "fire");
    act(&mut g, "shallow");
    assert!(waits(&g, AskView::AfterRound));
    g
}

/// A Type C off the Dutch East Indies (1 + 5 + 1 boxes); A3 4 = a ship sailing alone; small; T1 77; day.
pub(super) fn lone_ship() -> Patrol {
    lone_ship_at(1)
}

/// As `lone_ship`, the time of day from a 1d6 of `time` (1-3 day, 4-6 night).
pub(super) fn lone_ship_at(time: u8) -> Patrol {
    let opts = PatrolOptions {
        area: "dei".into(),
        ..patrol_opts()
    };
    let mut g = scripted(opts, &[4, 3, 3]);
    assert_eq!(g.position(), 1);
    feed(&mut g, &[1, 3, 3, 7, 7, time]);
    assert!(matches!(
        g.phase(),
        Phase::Decide {
            ask: Ask::Combat(CombatAsk::Engage)
        }
    ));
    assert!(g.combat().is_some_and(|c| !c.picture.escorted));
    g
}

pub(super) fn rolls_of<'a>(ev: &'a [PatrolEvent], rule: &str) -> Vec<&'a crate::roll::RollRecord> {
    ev.iter()
        .filter_map(|e| match e {
            PatrolEvent::Rolled { roll } if roll.rule == rule => Some(roll),
            _ => None,
        })
        .collect()
}

pub(super) fn has_mod(r: &crate::roll::RollRecord, rule: &str, value: i32) -> bool {
    r.modifiers.iter().any(|m| m.rule == rule && m.value == value)
}

pub(super) fn waits_roll(g: &Patrol, p: RollPurpose) -> bool {
    *g.phase() == Phase::Roll { purpose: p }
}

pub(super) fn waits(g: &Patrol, a: AskView) -> bool {
    matches!(g.phase(), Phase::Decide { ask } if AskView::of(*ask) == a)
}

pub(super) fn refused(g: &mut Patrol, a: &str) -> bool {
    let action: PatrolAction = match a.parse() {
        Ok(x) => x,
        Err(e) => panic!("{e}"),
    };
    g.apply(action).is_err()
}
