//! The table shows what happens (issue 13): a Sensuikan patrol played at step-by-step pace, one
//! Continue per roll. Each box of the patrol track is seen in turn on the Control Sheet and the map; each
//! roll of the salvo appears in the chart panel, in order, as the target's damage boxes fill on the Combat
//! Sheet; the escorts' depth charges fill the boat's hull boxes on the Combat Sheet as they land; the
//! patrol report comes when the boat makes port. The game, its save and its actions are those of the same
//! career played at once.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use periscope_app::PeriscopeApp;
use periscope_app::screen::TableGame;
use periscope_app::storage::Pacing;
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use periscope_engine::sensuikan::career::{Career, CareerAction, CareerEvent, CareerOptions};
use periscope_engine::sensuikan::{PatrolAction, PatrolEvent};
use periscope_engine::{DiceMode, Game, Session};

type H = Harness<'static, PeriscopeApp>;

fn session(h: &H) -> &Session<Career> {
    h.state().session::<Career>().expect("on the Sensuikan table")
}

/// The labels of the widgets whose label starts with `prefix` (a label widget keeps its text as its
/// AccessKit value).
fn labels(h: &H, prefix: &str) -> Vec<String> {
    h.query_all_by_label_contains(prefix)
        .filter_map(|n| {
            let node = n.accesskit_node();
            if node.role() == egui::accesskit::Role::Label {
                node.value()
            } else {
                node.label()
            }
        })
        .filter(|l| l.starts_with(prefix))
        .collect()
}

/// The number after `prefix` in the first label that starts with it.
fn number_after(h: &H, prefix: &str) -> Option<u32> {
    labels(h, prefix).first().and_then(|l| {
        l[prefix.len()..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|d| d.parse().ok())
    })
}

/// The charts of the rolls of the last action so far, in order.
fn rolls_so_far(h: &H) -> Vec<String> {
    let s = session(h);
    s.game()
        .last_rolls(s.last_action_events())
        .iter()
        .map(|r| r.chart.clone())
        .collect()
}

/// What one look at the table saw after a step.
struct Seen {
    /// The submarine's track box on the Control Sheet, and on the map.
    track_box: Option<u32>,
    map_box: Option<u32>,
    /// The rolls shown so far in the chart panel (its newest is "Roll n of n").
    rolls: Vec<String>,
    /// The targets' lines on the Combat Sheet, and the boat's hull boxes there.
    targets: Vec<String>,
    hull: Option<u32>,
    /// The events of the step.
    step: Vec<CareerEvent>,
}

fn look(h: &H, step: Vec<CareerEvent>) -> Seen {
    let rolls = rolls_so_far(h);
    let n = rolls.len();
    if n > 1 {
        assert!(
            h.query_by_label(&format!("Roll {n} of {n}")).is_some(),
            "the chart panel shows the newest roll, {n} of {n}"
        );
    }
    if let Some(newest) = rolls.last() {
        assert!(
            h.query_all_by_label(newest).next().is_some(),
            "the newest roll's chart ({newest}) is in the chart panel"
        );
    }
    Seen {
        track_box: number_after(h, "Submarine in track box "),
        map_box: labels(h, "Patrol marker in ")
            .first()
            .and_then(|l| l.split("track box ").nth(1))
            .and_then(|r| r.split(' ').next())
            .and_then(|d| d.parse().ok()),
        rolls,
        targets: labels(h, "Target "),
        hull: number_after(h, "Your boat: Hull "),
        step,
    }
}

/// Clicks the decision panel's button for `action`.
fn choose(h: &mut H, action: &CareerAction) {
    let pending = session(h).pending();
    let index = pending
        .choices()
        .iter()
        .position(|c| &c.action == action)
        .unwrap();
    let label = pending.choices()[index].label.clone();
    let shown = if index < 9 {
        format!("{}  {label}", index + 1)
    } else {
        label
    };
    click(h, &shown);
}

#[test]
fn a_patrol_at_step_by_step_pace_shows_each_box_each_roll_and_the_damage() {
    const SEED: u64 = 2;
    let mut h = harness(temp_storage("step-by-step"));
    h.state_mut().settings.pacing = Pacing::StepByStep;
    settle(&mut h);
    h.state_mut().start_game(Career::ID, false, Some(SEED));
    settle(&mut h);
    let mut whole = Session::<Career>::new(CareerOptions::default(), SEED, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(SEED);
    let mut salvo: Option<Vec<Seen>> = None;
    let mut boxes = Vec::new();
    let mut map_boxes = Vec::new();
    let mut hull_landed = Vec::new();
    let mut report = false;
    let mut first_track = None;
    for _ in 0..60 {
        let action = Policy::Careful.choose(session(&h).game(), &mut rng).unwrap();
        let is_fire = matches!(
            action,
            CareerAction::Patrol {
                action: PatrolAction::Fire
            }
        );
        whole.apply(action.clone()).unwrap();
        let played = session(&h).actions().len();
        choose(&mut h, &action);
        assert_eq!(
            session(&h).actions().len(),
            played + 1,
            "the action is recorded at once"
        );
        let mut seen = vec![look(&h, Vec::new())];
        let mut continues = 0;
        while session(&h).settling() || !h.state().table::<Career>().unwrap().moments.is_empty() {
            if h.query_by_label_contains("Patrol report").is_some() {
                report = true;
            }
            let before = session(&h).events().len();
            let rolled = rolls_so_far(&h).len();
            let was_settling = session(&h).settling();
            if was_settling {
                click(&mut h, "Continue");
            } else {
                // The game is settled; a moment's card is up: close it.
                h.get_by_label_contains("Close the ").click();
                settle(&mut h);
            }
            let step = session(&h).events()[before..].to_vec();
            let now = look(&h, step);
            if was_settling {
                assert!(
                    now.rolls.len() <= rolled + 1,
                    "one roll per Continue ({rolled} then {})",
                    now.rolls.len()
                );
            }
            seen.push(now);
            if first_track.is_none() {
                first_track = session(&h).game().view().patrol.map(|p| p.boxes.len());
            }
            continues += 1;
            assert!(continues < 400, "the action ends");
        }
        assert_eq!(
            session(&h).game(),
            whole.game(),
            "the paced game is the game played at once"
        );
        for s in &seen {
            boxes.extend(s.track_box);
            map_boxes.extend(s.map_box);
            if let Some(hull) = s.hull
                && let Some(PatrolEvent::HullDamage { boxes, .. }) = s.step.iter().find_map(|e| match e {
                    CareerEvent::Patrol { patrol } if matches!(patrol, PatrolEvent::HullDamage { .. }) => {
                        Some(patrol.clone())
                    }
                    _ => None,
                })
            {
                assert_eq!(
                    hull,
                    u32::from(boxes),
                    "the hull box fills as the damage roll shows"
                );
                hull_landed.push(hull);
            }
        }
        if is_fire && salvo.is_none() {
            salvo = Some(seen);
        }
        if report || whole.game().view().patrols > 0 {
            break;
        }
    }
    assert_eq!(
        session(&h).to_json().unwrap(),
        whole.to_json().unwrap(),
        "the save is the same"
    );

    assert!(report, "the patrol report came when the boat made port");

    // Each box of the track, in turn, on the Control Sheet and on the map.
    boxes.dedup();
    assert!(boxes.len() >= 5, "the boxes seen: {boxes:?}");
    assert!(
        boxes.windows(2).all(|w| w[1] == w[0] + 1 || w[1] == 1),
        "box after box, a new patrol from box 1: {boxes:?}"
    );
    let track = first_track.expect("a patrol was seen") as u32;
    assert!(
        boxes.starts_with(&(1..=track).collect::<Vec<u32>>()),
        "the first patrol's {track} boxes, every one: {boxes:?}"
    );
    map_boxes.dedup();
    assert_eq!(map_boxes, boxes, "the map's patrol marker moves with the boat");

    // Each roll of the salvo, one Continue at a time, in the engine's order; the target's damage shows
    // on the Combat Sheet in the step of the roll that dealt it.
    let salvo = salvo.expect("a salvo was fired");
    let finals = salvo.last().unwrap().rolls.clone();
    assert!(
        finals.iter().filter(|c| c.starts_with("B1")).count() >= 1,
        "{finals:?}"
    );
    let counts: Vec<usize> = salvo.iter().map(|s| s.rolls.len()).collect();
    assert!(
        counts.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1),
        "one roll at a time: {counts:?}"
    );
    for s in &salvo {
        assert_eq!(s.rolls[..], finals[..s.rolls.len()], "in the engine's order");
    }
    let damage_steps: Vec<usize> = salvo
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            s.step.iter().any(|e| {
                matches!(
                    e,
                    CareerEvent::Patrol {
                        patrol: PatrolEvent::ShipDamaged { .. } | PatrolEvent::ShipSunk { .. }
                    }
                )
            })
        })
        .map(|(i, _)| i)
        .collect();
    assert!(!damage_steps.is_empty(), "the salvo damaged a ship");
    for i in damage_steps {
        assert_ne!(
            salvo[i].targets,
            salvo[i - 1].targets,
            "the target's damage shows on the sheet with the roll that dealt it"
        );
    }
    // The depth charges: the hull boxes on the Combat Sheet filled one roll at a time.
    assert!(!hull_landed.is_empty(), "the escorts' attack damaged the hull");
    assert!(hull_landed.windows(2).all(|w| w[1] >= w[0]), "{hull_landed:?}");
}

/// Issue 33, papercut 2 ([6.2.2C]): at Instant pace the patrol report's card comes up over the board of
/// the patrol it reports: the Control Sheet still shows the month the patrol sailed and no later
/// assignment, and the refit runs on (the month moves) only once the card is closed.
#[test]
fn at_instant_pace_the_patrol_report_stands_over_the_patrol_it_reports() {
    const SEED: u64 = 1;
    let mut h = harness(temp_storage("instant-report"));
    settle(&mut h);
    h.state_mut().start_game(Career::ID, false, Some(SEED));
    settle(&mut h);
    let mut rng = SeededRng::new(SEED);
    let mut months: Vec<String> = Vec::new();
    for _ in 0..400 {
        let action = Policy::Careful.choose(session(&h).game(), &mut rng).unwrap();
        choose(&mut h, &action);
        while let Some(card) = labels(&h, "Patrol report · ").first().cloned() {
            // "Patrol report · 12/41 · Philippines": the month the patrol sailed.
            let month = card.split(" · ").nth(1).unwrap().to_string();
            assert_eq!(
                labels(&h, "Month: "),
                vec![format!("Month: {month}")],
                "the board under the card shows the patrol's month ({card})"
            );
            if months.last() != Some(&month) {
                months.push(month);
            }
            h.get(egui_kittest::kittest::by().predicate(|n| {
                n.role() == egui::accesskit::Role::Button
                    && n.label()
                        .is_some_and(|l| l.starts_with("Close the patrol report"))
            }))
            .click();
            settle(&mut h);
        }
        close_cards(&mut h);
        if months.len() >= 3 {
            break;
        }
    }
    assert_eq!(
        months.len(),
        3,
        "three patrols reported, each over its own month: {months:?}"
    );
}
