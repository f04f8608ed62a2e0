//! A U-boat's attack on the Tactical Display, driven like a player [7.1.3]: a single convoy played on a
//! seed until an undetected boat's attack has sunk a merchant; the board then shows the ships in its
//! reach lit, each torpedo with what became of it, and the merchant sunk where she sat — not only the
//! log and a count of ships lost.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use periscope_app::PeriscopeApp;
use periscope_engine::atlantic::{Mission, MissionAction, MissionView, ShipFate, ShotOutcome};
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use periscope_engine::{Game, Pending, Session};

type H = Harness<'static, PeriscopeApp>;

fn session(h: &H) -> &Session<Mission> {
    h.state()
        .session::<Mission>()
        .unwrap_or_else(|| panic!("not on the convoy's table"))
}

fn game(h: &H) -> &Mission {
    session(h).game()
}

/// The escort the array waits for, and the first box open to her [6.1 2e].
fn to_place(g: &Mission) -> Option<MissionAction> {
    g.pending()
        .choices()
        .iter()
        .find(|c| matches!(c.action, MissionAction::Place { .. }))
        .map(|c| c.action.clone())
}

/// A finished attack on the table that sank a merchant with a torpedo that exploded, and left another
/// ship of its reach afloat: (boat, sunk ship, a ship still in reach).
fn sinking(v: &MissionView) -> Option<(u8, String, String)> {
    let a = v.battle.as_ref()?.attack.as_ref()?;
    if !a.done {
        return None;
    }
    let fate = |n: &str| v.convoy_ships.iter().find(|m| m.name == n).map(|m| m.fate);
    let sunk = a
        .shots
        .iter()
        .find(|s| s.outcome == ShotOutcome::Hit && !s.at_escort && fate(&s.target) == Some(ShipFate::Sunk))?
        .target
        .clone();
    let afloat = a
        .in_reach
        .iter()
        .find(|n| fate(n) == Some(ShipFate::Afloat))?
        .clone();
    Some((a.boat, sunk, afloat))
}

/// A seed whose convoy, played as the test plays it (each escort into the first box open to her, the
/// careful captain's choice otherwise), reaches a decision with such an attack on the table.
fn seed_with_a_sinking() -> u64 {
    for seed in 1..300 {
        let mut g = Mission::new(Default::default(), seed, periscope_engine::DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        for _ in 0..600 {
            if let Pending::Decision(_) = g.pending()
                && sinking(&g.view()).is_some()
            {
                return seed;
            }
            let a = match to_place(&g) {
                Some(a) => a,
                None => match Policy::Careful.choose(&g, &mut rng) {
                    Some(a) => a,
                    None => break,
                },
            };
            if g.apply(a).is_err() {
                break;
            }
        }
    }
    panic!("no seed sinks a merchant");
}

/// [7.1.3] [7.1.6] The attack that sank a merchant stays on the board until the impulse moves on: the
/// ships in reach lit and named, the torpedo that hit, and the merchant marked sunk where she sat.
#[test]
fn an_attack_shows_its_reach_its_torpedoes_and_the_ship_sunk() {
    let seed = seed_with_a_sinking();
    let mut h = harness(temp_storage("atlantic-attack"));
    settle(&mut h);
    click(&mut h, "New Atlantic career");
    click(&mut h, "A single convoy…");
    if let Some(w) = h
        .state_mut()
        .screen_as_mut::<periscope_app::atlantic::wizard::Wizard>()
    {
        w.seed_text = seed.to_string();
    }
    click(&mut h, "Rolled on A1a / A1b");
    click(&mut h, "Start the convoy");
    let mut rng = SeededRng::new(seed);
    let mut seen = None;
    for _ in 0..600 {
        if let Pending::Decision(_) = game(&h).pending()
            && let Some(s) = sinking(&game(&h).view())
        {
            seen = Some(s);
            break;
        }
        if let Some(MissionAction::Place { ship, station }) = to_place(game(&h)) {
            let name = game(&h)
                .view()
                .escorts
                .iter()
                .find(|e| e.ship == ship)
                .unwrap()
                .name
                .clone();
            drag_onto(
                &mut h,
                &format!("Escort {name} ("),
                &format!("Escort box {station}"),
            );
            continue;
        }
        let g = game(&h);
        let Some(action) = Policy::Careful.choose(g, &mut rng) else {
            break;
        };
        let label = g
            .pending()
            .choices()
            .iter()
            .find(|c| c.action == action)
            .unwrap()
            .label
            .clone();
        click_choice(&mut h, &label);
    }
    let (boat, sunk, afloat) = seen.expect("the seed's attack sinks a merchant on the table");
    // The player looks at the Tactical Display.
    if let Some(screen) = h.state_mut().table_mut::<Mission>() {
        screen.look_at(periscope_app::atlantic::tactical_rect());
    }
    settle(&mut h);
    settle(&mut h);
    let has = |part: &str| h.query_all_by_label_contains(part).next().is_some();
    for part in [
        format!("Merchant {afloat}, in reach of U-boat {boat}"),
        format!("Torpedo from U-boat {boat} at {sunk}: hit"),
        format!("Merchant {sunk}, sunk by U-boat {boat}"),
        format!("U-boat {boat} ("),
        "its attack on the convoy done".to_string(),
    ] {
        assert!(
            has(&part),
            "the board names \"{part}\": {:?}",
            h.query_all_by_label_contains("Merchant")
                .chain(h.query_all_by_label_contains("Torpedo"))
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
        );
    }
    // The sunk merchant sits inside the convoy's rectangles, not in the log only.
    let sunk_rect = h.get_by_label_contains(&format!("Merchant {sunk}, sunk")).rect();
    assert!(
        sunk_rect.width() > 20.0 && sunk_rect.height() > 10.0,
        "{sunk_rect:?}"
    );
}

/// The Tactical Display in pixels as an attack that sank a merchant stands on it: the convoy's named
/// merchants, the ship sunk, the torpedo tracks, the attacker off the convoy.
#[cfg(feature = "snapshot")]
#[test]
fn the_attack_in_pixels() {
    let stop = |g: &Mission| matches!(g.pending(), Pending::Decision(_)) && sinking(&g.view()).is_some();
    let seed = (1..300)
        .find(|&seed| {
            stop(
                periscope_engine::testing::played_until::<Mission>(Default::default(), seed, 2000, stop)
                    .game(),
            )
        })
        .expect("a seed sinks a merchant");
    let session = periscope_engine::testing::played_until::<Mission>(Default::default(), seed, 2000, stop);
    let mut app = PeriscopeApp::new(temp_storage("atlantic-attack-pixels"));
    app.settings.pacing = periscope_app::storage::Pacing::Instant;
    app.settings.show_odds = false;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1366.0, 768.0))
        .with_max_steps(20)
        .wgpu()
        .with_theme(egui::Theme::Dark)
        .with_context_setup(periscope_app::theme::apply)
        .build_ui_state(|ui, app: &mut PeriscopeApp| app.frame(ui), app);
    h.run_steps(2);
    h.state_mut().screen =
        periscope_app::app::Screen::Game(Box::new(periscope_app::screen::GameScreen::new(session)));
    for _ in 0..6 {
        h.step();
    }
    if let Some(screen) = h.state_mut().table_mut::<Mission>() {
        screen.look_at(periscope_app::atlantic::tactical_rect());
    }
    for _ in 0..40 {
        h.step();
    }
    assert!(
        h.query_all_by_label_contains("Torpedo from U-boat")
            .next()
            .is_some()
    );
    h.snapshot("atlantic_tactical_attack");
}

/// [6.1 1B] [7.1.3] On T1B at Brisk pace, roll by roll: an undetected U-boat's attack shows on the board
/// as it is resolved — the ships in its reach lit, a torpedo's hit, the merchant marked sunk where she
/// sits — each seen in the rendered scene while the rolls play out, not only once the action is over.
#[test]
fn an_attack_on_t1b_plays_out_on_the_board_at_brisk_pace() {
    let mut h = harness(temp_storage("atlantic-attack-brisk"));
    settle(&mut h);
    // A seed whose small convoy, played by the careful captain, meets an attack that sinks a merchant.
    let mut found = None;
    for seed in 1..60 {
        start_small(&mut h, seed);
        let mut g = game(&h).clone();
        let mut rng = SeededRng::new(seed);
        let mut path = Vec::new();
        for _ in 0..800 {
            let Some(a) = to_place(&g).or_else(|| Policy::Careful.choose(&g, &mut rng)) else {
                break;
            };
            path.push(a.clone());
            if g.apply(a).is_err() || sinking(&g.view()).is_some() {
                break;
            }
        }
        if sinking(&g.view()).is_some() {
            found = Some(path);
            break;
        }
    }
    let path = found.expect("a small convoy whose attack sinks a merchant");
    assert_eq!(game(&h).view().display, "T1B");
    // Every action but the last played at once; the last, which sets the attack off, at Brisk pace.
    let (last, before) = path.split_last().unwrap();
    for a in before {
        click_action(&mut h, a);
    }
    h.state_mut().settings.pacing = periscope_app::storage::Pacing::Brisk;
    if let Some(screen) = h.state_mut().table_mut::<Mission>() {
        screen.look_at(periscope_app::atlantic::tactical_rect());
    }
    settle(&mut h);
    let labels = |h: &H| -> Vec<String> {
        h.query_all_by_label_contains("U-boat")
            .filter_map(|n| n.accesskit_node().label().or_else(|| n.accesskit_node().value()))
            .collect()
    };
    let shown_before = labels(&h);
    click_action(&mut h, last);
    let (mut reach, mut hit, mut sunk) = (None::<(String, usize)>, None, None);
    let mut boat = None::<String>;
    let mut frames_settling = 0;
    for _ in 0..400 {
        h.step();
        let at = session(&h).events().len();
        for l in labels(&h).into_iter().filter(|l| !shown_before.contains(l)) {
            if reach.is_none()
                && l.starts_with("Merchant ")
                && let Some((_, rest)) = l.split_once(", in reach of U-boat ")
            {
                boat = rest
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .map(str::to_string);
                reach = Some((l.clone(), at));
            }
            let Some(b) = &boat else { continue };
            if hit.is_none()
                && l.starts_with(&format!("Torpedo from U-boat {b} at "))
                && l.contains(": hit (torpedo ")
            {
                hit = Some((l.clone(), at));
            }
            if sunk.is_none() && l.starts_with("Merchant ") && l.contains(&format!(", sunk by U-boat {b};")) {
                sunk = Some((l.clone(), at));
            }
        }
        if session(&h).settling() {
            frames_settling += 1;
        } else if sunk.is_some() {
            break;
        }
    }
    let (reach, reach_at) = reach.expect("the ships in reach lit on the board");
    let (hit, hit_at) = hit.expect("a torpedo's hit on the board");
    let (sunk, sunk_at) = sunk.expect("the merchant sunk on the board");
    assert!(frames_settling > 3, "the rolls played out over several frames");
    // Seen in order as the rolls came: the reach before the hit, the hit no later than the sinking.
    assert!(reach_at < session(&h).events().len(), "{reach}");
    assert!(
        reach_at <= hit_at && hit_at <= sunk_at,
        "{reach} / {hit} / {sunk}"
    );
    assert!(
        reach_at < sunk_at,
        "the reach was shown before the sinking: {reach} / {sunk}"
    );
}

/// A single small convoy (T1B) on a seed, on a fresh table at Instant pace until told otherwise.
fn start_small(h: &mut H, seed: u64) {
    *h = harness(temp_storage(&format!("atlantic-attack-brisk-{seed}")));
    settle(h);
    click(h, "New Atlantic career");
    click(h, "A single convoy…");
    if let Some(w) = h
        .state_mut()
        .screen_as_mut::<periscope_app::atlantic::wizard::Wizard>()
    {
        w.seed_text = seed.to_string();
    }
    click(h, "A small convoy (T1B)");
    click(h, "Start the convoy");
}

/// Clicks the decision panel's choice for `action`, once the cards before it are closed.
fn click_action(h: &mut H, action: &MissionAction) {
    close_cards(h);
    let label = game(h)
        .pending()
        .choices()
        .iter()
        .find(|c| &c.action == action)
        .unwrap_or_else(|| panic!("{action} is a choice now"))
        .label
        .clone();
    click_choice(h, &label);
}
