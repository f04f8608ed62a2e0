//! The hall of fame (issue 20): a game played to its end is recorded once, with a copy of its save; the
//! Statistics screen of a new app on the same data folder lists it; a damaged line of the file is
//! named and skipped, the other careers shown; a column header sorts the table; the plots draw; the
//! Sensuikan tournaments [10.2]-[10.4] rank the careers.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::{NodeT, Queryable};
use periscope_app::app::Screen;
use periscope_app::sensuikan::CareerTable;
use periscope_app::stats::table::open_label;
use periscope_app::stats::{StatisticsScreen, store};
use periscope_app::storage::{Pacing, Storage};
use periscope_data::hall::{self, Counts, Entry, Outcome};
use periscope_engine::Game;
use periscope_engine::dice::SeededRng;
use periscope_engine::hunt::Hunt;
use periscope_engine::sensuikan::career::Career;

type H = egui_kittest::Harness<'static, periscope_app::PeriscopeApp>;

/// Plays the Hunt game on the table to its end with the careful captain, through the table's own
/// `act` (as a click does), so every action is autosaved and the end recorded.
fn play_hunt_to_the_end(h: &mut H, seed: u64) {
    new_game(h, seed, false);
    let storage = h.state().storage.clone();
    let mut rng = SeededRng::new(seed);
    for _ in 0..5_000 {
        let table = h.state_mut().table_mut::<Hunt>().unwrap();
        if table.session.game().pending().is_over() {
            break;
        }
        let action = periscope_engine::hunt::policy::Policy::Careful
            .choose(table.session.game(), &mut rng)
            .expect("a decision is pending");
        table.act(action, &storage, Pacing::Instant, 0.0);
        // Each moment's card is read and closed: it holds the rest of the action's rolls.
        while table.session.settling() {
            table.moments.clear();
            table.finish(0.0);
        }
    }
    settle(h);
    assert!(game(h).pending().is_over(), "the game ended");
}

fn statistics(h: &H) -> &StatisticsScreen {
    match &h.state().screen {
        Screen::Statistics(s) => s,
        _ => panic!("not on the Statistics screen"),
    }
}

fn hall_lines(storage: &Storage) -> usize {
    std::fs::read_to_string(storage.hall_of_fame())
        .map(|t| t.lines().filter(|l| !l.trim().is_empty()).count())
        .unwrap_or(0)
}

/// A Sensuikan career's line, as its `hall.rs` writes one.
fn sensuikan(id: &str, class: &str, tonnage: u64, months: u32, cause: &str) -> Entry {
    Entry {
        v: hall::VERSION,
        id: id.into(),
        finished: format!("2026-11-{:02} 20:00", 1 + tonnage % 28),
        game: Career::ID.into(),
        game_name: Career::NAME.into(),
        class: class.into(),
        commander: format!("Commander {id}"),
        dice: "digital".into(),
        tutorial: false,
        options: Vec::new(),
        started: "12/41".into(),
        result: Outcome {
            level: if tonnage >= 20_000 {
                "Marginal Victory"
            } else {
                "Defeat"
            }
            .into(),
            rank: if tonnage >= 20_000 { 2 } else { 0 },
        },
        tonnage,
        counts: Counts::Sunk,
        decorations: vec!["Order of the Golden Kite, 5th class".into()],
        months: Some(months),
        sorties: months / 2,
        sortie: "patrols".into(),
        survived: cause == "war_over",
        cause: cause.into(),
        by_year: vec![(1942, tonnage / 2), (1943, tonnage - tonnage / 2)],
        save: String::new(),
    }
}

fn write_hall(storage: &Storage, lines: &[String]) {
    std::fs::create_dir_all(&storage.dir).unwrap();
    std::fs::write(storage.hall_of_fame(), lines.join("\n") + "\n").unwrap();
}

/// A game played to its end is in the hall of fame after a restart: a new app on the same data folder
/// lists it on the Statistics screen, and its save opens from there. The game's end is recorded once,
/// however often its end is saved again.
#[test]
fn a_finished_game_appears_in_the_hall_of_fame_after_a_restart() {
    let storage = temp_storage("hall-restart");
    let mut h = harness(storage.clone());
    play_hunt_to_the_end(&mut h, 11);
    assert_eq!(hall_lines(&storage), 1, "the end is recorded");
    let entry = store::read(&storage).entries.remove(0);
    assert_eq!(entry.game, Hunt::ID);
    assert!(entry.result.level == "Won" || entry.result.level == "Lost");
    let save = store::read(&storage).save_of(&entry).unwrap();
    assert!(save.exists(), "the career's save is kept beside the hall");
    // The same end recorded again (a save of the ended game, the victory shown again) adds nothing.
    let session = h.state().session::<Hunt>().unwrap().clone();
    assert!(!store::record_finished(&session, &storage).unwrap());
    h.state_mut().table_mut::<Hunt>().unwrap().act_none(&storage);
    assert_eq!(hall_lines(&storage), 1, "one line per career");
    drop(h);

    // A restart: a new app on the same folder.
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Hall of fame");
    assert_eq!(statistics(&h).rows().len(), 1);
    let open = open_label(&entry);
    assert!(h.query_by_label(&open).is_some(), "the row is listed");
    assert!(h.query_by_label(&entry.result.level).is_some());
    // Its save opens on its table, and opening it records nothing new.
    click(&mut h, &open);
    let reopened = h
        .state()
        .session::<Hunt>()
        .expect("the save opens on the Hunt table");
    assert!(reopened.game().pending().is_over());
    assert_eq!(reopened.actions().len(), session.actions().len());
    assert_eq!(hall_lines(&storage), 1);
}

/// A Sensuikan career to its end [5.1.4] is recorded with its class, level, tonnage and months; the
/// victory screen shows, and the hall has the career once.
#[test]
fn a_sensuikan_career_is_recorded_when_it_ends() {
    let storage = temp_storage("hall-career");
    let mut h = harness(storage.clone());
    settle(&mut h);
    h.state_mut().start_game(Career::ID, false, Some(12));
    settle(&mut h);
    let mut rng = SeededRng::new(4);
    for _ in 0..20_000 {
        let table = h.state_mut().table_mut::<Career>().unwrap();
        if table.session.game().pending().is_over() {
            break;
        }
        let action = periscope_engine::policy::Policy::Careful
            .choose(table.session.game(), &mut rng)
            .expect("a decision is pending");
        table.act(action, &storage, Pacing::Instant, 0.0);
        // Each moment's card is read and closed: it holds the rest of the action's rolls.
        while table.session.settling() {
            table.moments.clear();
            table.finish(0.0);
        }
    }
    settle(&mut h);
    assert!(
        h.state()
            .screen_as::<CareerTable>()
            .is_some_and(|t| t.victory.is_some()),
        "the victory screen is up"
    );
    let hall = store::read(&storage);
    assert_eq!(hall.entries.len(), 1);
    let e = &hall.entries[0];
    let end = *h.state().session::<Career>().unwrap().game().end().unwrap();
    assert_eq!(e.game, Career::ID);
    assert_eq!(e.tonnage, u64::from(end.tonnage));
    assert!(e.result.level.starts_with(end.level.name()));
    assert!(e.months.is_some_and(|m| m > 0));
    assert_eq!(
        e.by_year.iter().map(|(_, t)| t).sum::<u64>(),
        e.tonnage,
        "the years add up to the career's tonnage"
    );
    assert!(!e.class.is_empty() && e.sortie == "patrols");
    // Leaving the victory screen and coming back to it does not record it again.
    click(&mut h, "Back to the table");
    h.state_mut().table_mut::<Career>().unwrap().act_none(&storage);
    assert_eq!(store::read(&storage).entries.len(), 1);
}

/// A corrupt line in the middle of the file is named on the screen and skipped; the careers before and
/// after it are shown.
#[test]
fn a_corrupt_line_is_reported_and_the_rest_shown() {
    let storage = temp_storage("hall-corrupt");
    write_hall(
        &storage,
        &[
            sensuikan("first", "Type B1", 30_000, 20, "killed")
                .to_line()
                .unwrap(),
            "{\"v\":1,\"id\":\"torn\",\"finished\":\"2026-".into(),
            sensuikan("third", "Kaidai KD.6", 8_000, 9, "war_over")
                .to_line()
                .unwrap(),
        ],
    );
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Hall of fame");
    assert!(
        h.query_by_label_contains("Line 2 of").is_some(),
        "the damaged line is named"
    );
    assert_eq!(statistics(&h).rows().len(), 2);
    for e in [
        sensuikan("first", "Type B1", 30_000, 20, "killed"),
        sensuikan("third", "Kaidai KD.6", 8_000, 9, "war_over"),
    ] {
        assert!(h.query_by_label(&open_label(&e)).is_some(), "{} is listed", e.id);
    }
    assert!(h.query_by_label("2 careers").is_some());
}

/// Clicking a column's header sorts the table by it; clicking it again reverses the order.
#[test]
fn a_header_sorts_the_table() {
    let storage = temp_storage("hall-sort");
    write_hall(
        &storage,
        &[
            sensuikan("a", "Type B1", 30_000, 20, "killed").to_line().unwrap(),
            sensuikan("b", "Type C1", 4_000, 9, "war_over").to_line().unwrap(),
            sensuikan("c", "Kaidai KD.6", 55_000, 31, "war_over")
                .to_line()
                .unwrap(),
        ],
    );
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Hall of fame");
    let tonnages = |h: &H| statistics(h).rows().iter().map(|e| e.tonnage).collect::<Vec<_>>();
    // The rows on the screen, top to bottom, by where their Open buttons are drawn.
    let entries = [
        sensuikan("a", "Type B1", 30_000, 20, "killed"),
        sensuikan("b", "Type C1", 4_000, 9, "war_over"),
        sensuikan("c", "Kaidai KD.6", 55_000, 31, "war_over"),
    ];
    let classes_on_screen = |h: &H| {
        let mut rows: Vec<(f32, String)> = entries
            .iter()
            .map(|e| (h.get_by_label(&open_label(e)).rect().top(), e.class.clone()))
            .collect();
        rows.sort_by(|a, b| a.0.total_cmp(&b.0));
        rows.into_iter().map(|(_, c)| c).collect::<Vec<_>>()
    };
    click(&mut h, "Sort by Tonnage");
    assert_eq!(tonnages(&h), [4_000, 30_000, 55_000]);
    assert_eq!(classes_on_screen(&h), ["Type C1", "Type B1", "Kaidai KD.6"]);
    click(&mut h, "Sort by Tonnage");
    assert_eq!(tonnages(&h), [55_000, 30_000, 4_000]);
    assert_eq!(classes_on_screen(&h), ["Kaidai KD.6", "Type B1", "Type C1"]);
    click(&mut h, "Sort by Months");
    assert_eq!(tonnages(&h), [4_000, 30_000, 55_000]);
}

/// The four plots draw, each under its heading with a plot area of its own; an empty hall shows a
/// sentence and no plots.
#[test]
fn the_plots_draw_and_an_empty_hall_says_so() {
    let storage = temp_storage("hall-plots");
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Hall of fame");
    assert!(h.query_by_label_contains("No career has finished yet").is_some());
    assert!(h.query_by_label_contains("Plot: ").is_none(), "no empty plots");
    click(&mut h, "Back to start");
    assert!(matches!(h.state().screen, Screen::Start(_)));

    write_hall(
        &storage,
        &[
            sensuikan("a", "Type B1", 30_000, 20, "killed").to_line().unwrap(),
            sensuikan("b", "Type B1", 4_000, 9, "war_over").to_line().unwrap(),
            sensuikan("c", "Kaidai KD.6", 55_000, 31, "war_over")
                .to_line()
                .unwrap(),
        ],
    );
    click(&mut h, "Hall of fame");
    for heading in [
        "Tonnage by year",
        "Victory levels",
        "Survival by month of career",
        "Best careers",
    ] {
        assert!(h.query_by_label(heading).is_some(), "the heading {heading}");
        let name = format!("Plot: {heading}");
        let area = h.get_by_label(&name).rect();
        assert!(
            area.width() > 100.0 && area.height() > 100.0,
            "{heading}: a plot area of {area:?}"
        );
    }
}

/// [10.2] [10.3] [10.4] The tournaments rank the hall's Sensuikan careers: by tonnage among the same
/// class begun in the same month, the survival one leaving the boat lost unranked, the mixed one across
/// classes.
#[test]
fn the_sensuikan_tournaments_rank_the_careers_10_2_10_3_10_4() {
    let storage = temp_storage("hall-tournaments");
    write_hall(
        &storage,
        &[
            sensuikan("a", "Type B1", 30_000, 20, "killed").to_line().unwrap(),
            sensuikan("b", "Type B1", 4_000, 9, "war_over").to_line().unwrap(),
            sensuikan("c", "Kaidai KD.6", 55_000, 31, "war_over")
                .to_line()
                .unwrap(),
        ],
    );
    let mut h = harness(storage);
    settle(&mut h);
    click(&mut h, "Hall of fame");
    assert!(h.query_by_label_contains("Greatest tonnage [10.2]").is_some());
    assert!(h.query_by_label_contains("Survival [10.3]").is_some());
    assert!(h.query_by_label_contains("Mixed submarines [10.4]").is_some());
    assert!(
        h.query_by_label("[10.2] begun 12/41 · Type B1 · 2 careers")
            .is_some()
    );
    assert!(
        h.query_by_label("[10.3] begun 12/41 · Type B1 · 2 careers")
            .is_some()
    );
    assert!(h.query_by_label("[10.4] begun 12/41 · 3 careers").is_some());
    assert!(
        h.query_by_label("not ranked").is_some(),
        "the boat lost is not ranked in the survival tournament [10.3]"
    );
}

/// The Silent War IJN companion, gone on month by month until it closes, joins the hall with the
/// tonnage credited [3.6]; while it goes on it has no line.
#[test]
fn a_closed_companion_is_recorded() {
    use periscope_engine::silent_war_ijn::Companion;
    use periscope_engine::{DiceMode, Session};
    let storage = temp_storage("hall-companion");
    let mut s = Session::<Companion>::new(Default::default(), 5, DiceMode::Seeded).unwrap();
    assert!(!store::record_finished(&s, &storage).unwrap(), "not closed yet");
    let mut rng = SeededRng::new(5);
    for _ in 0..20_000 {
        let Some(a) = periscope_engine::policy::Policy::Careful.choose(s.game(), &mut rng) else {
            break;
        };
        s.apply(a).unwrap();
    }
    assert!(s.game().pending().is_over(), "the companion closed");
    assert!(store::record_finished(&s, &storage).unwrap());
    let hall = store::read(&storage);
    assert_eq!(hall.entries.len(), 1);
    let e = &hall.entries[0];
    assert_eq!(e.game, Companion::ID);
    assert_eq!(e.result.level, "Closed");
    assert_eq!(e.tonnage, s.game().view().tonnage_credited * 1000);
}

/// Export CSV… without a desktop dialog writes the careers shown to the exports folder.
#[test]
fn export_csv_writes_the_table() {
    let storage = temp_storage("hall-csv");
    write_hall(
        &storage,
        &[
            sensuikan("a", "Type B1", 30_000, 20, "killed").to_line().unwrap(),
            sensuikan("b", "Type C1, modified", 4_000, 9, "war_over")
                .to_line()
                .unwrap(),
        ],
    );
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Hall of fame");
    click(&mut h, "Export CSV…");
    let text = std::fs::read_to_string(storage.exports_dir().join("hall-of-fame.csv")).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.contains("\"Type C1, modified\""), "{text}");
}

/// Careers of two games played to their ends fill the hall, each once and each with its own id; the
/// Statistics screen shows them all. (`PERISCOPE_HALL_DIR` keeps the hall in a folder of one's own,
/// for the README's screenshot.)
#[test]
fn several_finished_games_fill_the_hall() {
    use periscope_engine::{DiceMode, Session};
    let storage = match std::env::var_os("PERISCOPE_HALL_DIR") {
        Some(dir) => Storage::at(dir).without_file_dialogs(),
        None => temp_storage("hall-several"),
    };
    let before = store::read(&storage).entries.len();
    for seed in 21..27 {
        let mut s = Session::<Career>::new(Default::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        while let Some(a) = periscope_engine::policy::Policy::Careful.choose(s.game(), &mut rng) {
            s.apply(a).unwrap();
        }
        assert!(
            store::record_finished(&s, &storage).unwrap(),
            "career {seed} is new"
        );
    }
    for seed in 31..34 {
        let mut s = Session::<Hunt>::new(Default::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        while let Some(a) = periscope_engine::hunt::policy::Policy::Careful.choose(s.game(), &mut rng) {
            s.apply(a).unwrap();
        }
        assert!(
            store::record_finished(&s, &storage).unwrap(),
            "game {seed} is new"
        );
    }
    for seed in 41..43 {
        type Atlantic = periscope_engine::atlantic::career::Career;
        let mut s = Session::<Atlantic>::new(Default::default(), seed, DiceMode::Seeded).unwrap();
        let mut rng = SeededRng::new(seed);
        while let Some(a) = periscope_engine::policy::Policy::Careful.choose(s.game(), &mut rng) {
            s.apply(a).unwrap();
        }
        assert!(
            store::record_finished(&s, &storage).unwrap(),
            "Atlantic career {seed} is new"
        );
    }
    let hall = store::read(&storage);
    assert!(hall.errors.is_empty(), "{:?}", hall.errors);
    assert_eq!(hall.entries.len(), before + 11);
    let atlantic: Vec<&Entry> = hall
        .entries
        .iter()
        .filter(|e| e.game == periscope_engine::atlantic::career::Career::ID)
        .collect();
    assert_eq!(atlantic.len(), 2);
    for e in atlantic {
        assert_eq!(
            e.counts,
            Counts::Lost,
            "an escort's career counts the tonnage lost"
        );
        assert_eq!(e.sortie, "missions");
        assert!(e.months.is_some_and(|m| m > 0) && !e.started.is_empty());
    }
    let mut h = harness(storage);
    settle(&mut h);
    click(&mut h, "Hall of fame");
    assert_eq!(statistics(&h).rows().len(), before + 11);
    assert!(h.query_by_label("Plot: Victory levels").is_some());
    assert!(
        h.query_by_label_contains("[10.2] begun").is_some(),
        "the careers played are the tournaments' field"
    );
    // The game filter: Submarine Hunt's games alone, and no Sensuikan tournament among them.
    click(&mut h, "Game");
    let hunt_option = h
        .query_all_by_label("Submarine Hunt")
        .find(|n| n.accesskit_node().role() != egui::accesskit::Role::Label)
        .expect("the filter offers Submarine Hunt");
    hunt_option.click();
    settle(&mut h);
    assert_eq!(statistics(&h).filter.as_deref(), Some(Hunt::ID));
    assert!(statistics(&h).rows().iter().all(|e| e.game == Hunt::ID));
    assert!(h.query_by_label_contains("[10.2] begun").is_none());
}

/// A hall of fame whose texts hold escape sequences (the file is the player's) shows them escaped, never
/// raw: the class, the level and the row's Open button name.
#[test]
fn a_halls_control_characters_are_shown_escaped() {
    let storage = temp_storage("hall-hostile");
    let mut e = sensuikan("hostile", "Type B1\u{1b}]0;owned\u{7}", 30_000, 20, "killed");
    e.result.level = "Defeat\u{202e}".into();
    write_hall(&storage, &[e.to_line().unwrap()]);
    let mut h = harness(storage.clone());
    settle(&mut h);
    click(&mut h, "Hall of fame");
    assert_eq!(statistics(&h).rows().len(), 1);
    // The class is in the table and in the tournaments' standings.
    let class = "Type B1\\u{1b}]0;owned\\u{7}";
    assert!(h.query_all_by_label(class).next().is_some(), "the class, escaped");
    assert!(
        h.query_by_label("Defeat\\u{202e}").is_some(),
        "the level, escaped"
    );
    assert!(
        h.query_by_label_contains("\u{1b}").is_none(),
        "no raw ESC in any label"
    );
    assert!(
        h.query_by_label_contains("\u{202e}").is_none(),
        "no raw override in any label"
    );
    assert!(h.query_by_label(&open_label(&e)).is_some());
    assert!(open_label(&e).contains("Type B1\\u{1b}]0;owned\\u{7}"));
}
