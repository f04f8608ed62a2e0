//! What the career's test modules share: careers set up by hand, played out, or rolled on.

use super::*;
use crate::dice::SeededRng;
use crate::policy::Policy;
use crate::sensuikan::MissionPlan;

pub(super) fn physical(class: &str) -> Career {
    let opts = CareerOptions {
        class: Some(class.into()),
        ..CareerOptions::default()
    };
    Career::new(opts, 1, DiceMode::Physical).unwrap()
}

pub(super) fn play_out(seed: u64, policy: Policy, opts: CareerOptions) -> Career {
    let mut g = Career::new(opts, seed, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(seed ^ 0xABCD);
    let mut n = 0;
    while let Some(a) = policy.choose(&g, &mut rng) {
        g.apply(a).unwrap();
        n += 1;
        assert!(n < 200_000, "career {seed} does not end");
    }
    assert!(g.pending().is_over(), "career {seed} waits for {:?}", g.pending());
    g
}

pub(super) fn roll(g: &mut Career, faces: &[u8]) {
    g.apply(CareerAction::Roll {
        faces: faces.to_vec(),
    })
    .unwrap();
}

pub(super) fn notes(ev: &[CareerEvent]) -> Vec<(String, String)> {
    ev.iter()
        .filter_map(|e| match e {
            CareerEvent::Note { rule, text } => Some((rule.clone(), text.clone())),
            _ => None,
        })
        .collect()
}

/// A patrol of `months` from `sailed`, with `tonnage` sunk, ready for the awards [6.2.3B C].
pub(super) fn after_patrol(g: &mut Career, sailed: Month, months: i32, tonnage: u32) {
    g.duty.refit = Refit {
        sailed,
        patrol_months: months,
        refit_months: 1,
        tonnage,
        ..Refit::default()
    };
}

pub(super) fn seen_in(g: &Career) -> u32 {
    g.service.player_two_rolls
}

pub(super) fn entry(player: u32, tonnage: u32, cause: EndCause) -> tournament::Entry {
    tournament::Entry {
        player,
        seed: u64::from(player),
        commander: format!("P{player}"),
        class: "Kaidai KD.6".into(),
        tonnage,
        cause,
        level: VictoryLevel::of_tonnage(tonnage),
    }
}

pub(super) fn ship(
    name: &str,
    kind: periscope_data::sensuikan::charts::ShipKind,
    tonnage: u32,
) -> crate::sensuikan::ShipRecord {
    crate::sensuikan::ShipRecord {
        name: name.into(),
        kind,
        tonnage,
        sunk: true,
        box_number: 3,
        by_midget: false,
    }
}

/// A `class` career at the assignment of `area` in `month` from `base`: the mission chosen [7.14] and the
/// patrol built with it.
pub(super) fn assign(class: &str, month: (u16, u8), base: &str, area: &str) -> (Career, Vec<CareerEvent>) {
    let mut g = physical(class);
    g.month = Month::new(month.0, month.1).unwrap();
    g.command.base = base.into();
    g.steps.clear();
    let mut ev = Vec::new();
    g.set_assignment(area.into(), None, &mut ev);
    assert_eq!(g.steps.front(), Some(&Step::Sail));
    g.steps.clear();
    g.sail(&mut ev);
    let p = g.duty.patrol.as_ref().unwrap();
    assert_eq!(
        p.options.mission,
        g.duty.mission.plan(),
        "the patrol flies the career's mission"
    );
    (g, ev)
}

/// The patrol comes home with its mission done or not (the patrol's own flags, as its procedure sets
/// them), then the career reads the result: the credits and special missions it gains.
pub(super) fn come_home(g: &mut Career, done: bool) -> (u32, u32) {
    g.service.log.clear();
    let (credits, specials) = (g.command.credits, g.service.special_missions);
    let p = g.duty.patrol.as_mut().unwrap();
    p.mission.success = done.then_some(true);
    p.mission.done = done;
    if p.mission() == MissionPlan::Evacuation && done {
        p.mission.passenger = Some(None);
    }
    let mut ev = Vec::new();
    p.finish(crate::sensuikan::PatrolEnd::InPort, &mut ev);
    if p.mission() != MissionPlan::Patrol {
        assert_eq!(p.result().unwrap().mission_success, Some(done));
    }
    let mut ev = Vec::new();
    g.finish_patrol(&mut ev);
    (g.command.credits - credits, g.service.special_missions - specials)
}
