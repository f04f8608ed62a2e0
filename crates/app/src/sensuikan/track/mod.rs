//! The Sensuikan Track table: the Control Sheet printed blank (at the places the Play-mode sheet uses,
//! `control_sheet::career_box` and its neighbours), the Combat Sheet drawn empty and the Operations Map,
//! with the physical game's two counter sheets (`data/sensuikan/counters.json`) in a tray; the look-up
//! reads every chart of the game ([`charts`]).
//!
//! Estimates, as `docs/track-mode.md` says: [3.3.2] gives numbers only for the submarine markers (17)
//! and the officer rank markers (3), [4.5] the torpedo loads; every other count in the mix is ours and
//! says why in its provenance. Where counters start: one submarine marker (the first class of the catalog)
//! on the patrol track's first box, the other sixteen in a pile in the tray; rank marker 1, the Yokosuka
//! base marker [4.7.1] and the Trained crew quality [4.4.2] on the sheet; the current-patrol marker on the
//! map [4.4.2]; everything else in the tray.

pub mod charts;

use egui::{Align2, FontId, Pos2, Rect, Ui, pos2, vec2};
use periscope_data::counters::CounterMix;
use periscope_engine::Dice;
use periscope_engine::sensuikan::career::{Career, CareerOptions, MapView};
use periscope_engine::{DiceMode, Game};

use crate::board;
use crate::board::BoardText as _;
use crate::panels::rules_reference::RuleBook;
use crate::sensuikan::control_sheet::{
    ammunition_box, career_box, crew_box, damage_row_y, reload_box, skills_box, system_box, track_box,
    tube_box,
};
use crate::sensuikan::{self, COMBAT_AT, SHEET, combat_sheet, ops_map};
use crate::theme;
use crate::track::lookup::ChartBook;
use crate::track::mix::{self, TrayPlan};
use crate::track::{FreeCounter, OverrideFile, TrackLayout};

/// The layout, as the registry hands it to Track mode.
pub static LAYOUT: SensuikanTrack = SensuikanTrack;

/// Sensuikan's Track layout.
pub struct SensuikanTrack;

impl TrackLayout for SensuikanTrack {
    fn id(&self) -> &'static str {
        "sensuikan"
    }

    fn name(&self) -> &'static str {
        "Sensuikan"
    }

    fn hover(&self) -> &'static str {
        "Sensuikan's boards and counters beside your physical game"
    }

    fn size(&self) -> egui::Vec2 {
        size()
    }

    // The home view is the whole table: all three boards and the tray at once, the player zooms in on
    // the one in use.

    fn mix(&self) -> Option<CounterMix> {
        counter_mix()
    }

    fn counters(&self) -> Vec<FreeCounter> {
        plan().map(|p| p.counters).unwrap_or_default()
    }

    /// The boards, with the map's areas and bases read once when the table opens.
    fn boards(&self) -> Box<dyn Fn(&mut Ui)> {
        let map = blank_map();
        let headings = plan().map(|p| p.headings).unwrap_or_default();
        Box::new(move |ui| {
            paint_boards(ui, map.as_ref());
            for (h, at) in &headings {
                ui.painter().board_text(
                    *at,
                    Align2::LEFT_CENTER,
                    h,
                    FontId::proportional(12.0),
                    theme::NAVY,
                );
            }
        })
    }

    /// The box holds two d6, one d20 and two d10 [3.7]; a convoy rolls three dice [8.1.6]; d100 is the
    /// two d10 read as tens and units [3.4].
    fn dice(&self) -> &'static [Dice] {
        &[
            Dice::D2D6,
            Dice::D1D6,
            Dice::D6 { count: 3 },
            Dice::D10,
            Dice::D20,
            Dice::D100,
        ]
    }

    fn overrides(&self) -> Option<&'static str> {
        Some("sensuikan")
    }

    fn charts(&self, overrides: Option<&OverrideFile>) -> ChartBook {
        charts::book(overrides)
    }

    fn rules(&self) -> Option<&'static dyn RuleBook> {
        Some(&sensuikan::rules::BOOK)
    }
}

/// The Operations Map sits below the Control Sheet; the counter tray beside it.
pub const MAP_AT: Pos2 = pos2(0.0, SHEET.y + 40.0);
pub const TRAY_AT: Pos2 = pos2(ops_map::SIZE.x + 40.0, SHEET.y + 40.0);
pub const TRAY: egui::Vec2 = egui::vec2(sensuikan::RIGHT + combat_sheet::SIZE.x - TRAY_AT.x, 880.0);
/// The blank sheet's patrol track: ten boxes, the longest a class can sail (9) and the expert
/// navigator's extra box [8.7.1].
const TRACK_BOXES: usize = 10;
/// Bow and stern tubes of the blank sheet: the most any class has.
const TUBES: [usize; 2] = [8, 4];
/// Hull and flooding boxes of the blank sheet: the most any class has.
const DAMAGE_BOXES: [(&str, u8); 2] = [("Hull", 12), ("Flooding", 7)];

/// A system's name short enough for its printed box: the long ones as the sheet abbreviates them, the
/// rest in the game's words.
fn box_caption(system: periscope_data::sensuikan::charts::System) -> String {
    use periscope_data::sensuikan::charts::System;
    match system {
        System::AaGun => "AA gun".into(),
        System::BowTubes => "Bow tubes".into(),
        System::SternTubes => "Stern tubes".into(),
        System::Hangar => "Hangar".into(),
        System::Crane => "Crane".into(),
        System::DeckCargo => "Deck cargo".into(),
        other => periscope_engine::sensuikan::words::system(other),
    }
}

/// The whole table's size.
pub fn size() -> egui::Vec2 {
    vec2(sensuikan::RIGHT + combat_sheet::SIZE.x, TRAY_AT.y + TRAY.y)
}

fn counter_mix() -> Option<CounterMix> {
    periscope_data::counters::shipped("sensuikan").and_then(Result::ok)
}

/// Where the mix starts: see the module's doc.
fn plan() -> Option<TrayPlan> {
    let mix = counter_mix()?;
    let boxes = career_boxes();
    let placed = [
        ("submarine", track_box(0, TRACK_BOXES).center()),
        ("rank", career_box(1, boxes.len()).center() + vec2(0.0, 4.0)),
        ("base", career_box(2, boxes.len()).center() + vec2(0.0, 4.0)),
        ("crew_quality", skills_box().left_center() + vec2(40.0, 6.0)),
        ("patrol", MAP_AT + vec2(ops_map::SIZE.x / 2.0, 330.0)),
    ];
    Some(mix::plan(
        &mix,
        &placed,
        &["submarine", "rank"],
        Rect::from_min_size(TRAY_AT, TRAY),
    ))
}

/// The map catalog as a new career sees it, without event markers (they are counters in Track mode).
pub fn blank_map() -> Option<MapView> {
    let career = Career::new(CareerOptions::default(), 1, DiceMode::Physical).ok()?;
    let mut map = career.view().map;
    map.events.clear();
    map.area.clear();
    Some(map)
}

/// Paints the printed boards under the counters.
pub fn paint_boards(ui: &mut Ui, map: Option<&MapView>) {
    blank_control_sheet(ui);
    let _ = combat_sheet::show(ui, None, &|_| false, COMBAT_AT, &Default::default());
    if let Some(map) = map {
        ops_map::show(ui, map, "Track mode", "", None, MAP_AT);
    }
    let painter = ui.painter();
    let tray = Rect::from_min_size(TRAY_AT, TRAY);
    board::paper(
        painter,
        tray,
        "COUNTER TRAY",
        "drag · right-click to flip · click a stack to fan it",
    );
}

fn career_boxes() -> [&'static str; 8] {
    [
        "Commander",
        "Rank",
        "Base",
        "Month",
        "Patrols",
        "Special missions",
        "Tonnage sunk",
        "Decorations",
    ]
}

/// The Control Sheet with nothing written in: career boxes, the patrol track, tubes and reloads, ammunition,
/// hull and flooding boxes, every system and crew post, at the Play-mode sheet's places.
fn blank_control_sheet(ui: &mut Ui) {
    let painter = ui.painter();
    let sheet = Rect::from_min_size(Pos2::ZERO, SHEET);
    board::paper(painter, sheet, "SENSUIKAN · CONTROL SHEET", "Track mode");
    let boxes = career_boxes();
    for (i, caption) in boxes.iter().enumerate() {
        board::printed_box(painter, career_box(i, boxes.len()), caption, theme::PAPER);
    }
    board::heading(painter, pos2(40.0, 136.0), "Patrol track");
    for i in 0..TRACK_BOXES {
        let r = track_box(i, TRACK_BOXES);
        let (caption, fill) = if !(2..=7).contains(&i) {
            ("Transit", theme::PAPER_SHADE)
        } else {
            ("On station", theme::PAPER)
        };
        board::printed_box(painter, r, caption, fill);
        painter.board_text(
            r.center_bottom() - vec2(0.0, 8.0),
            Align2::CENTER_BOTTOM,
            (i + 1).to_string(),
            FontId::proportional(10.0),
            theme::NAVY_LIGHT,
        );
    }
    board::heading(painter, pos2(40.0, 232.0), "Torpedo tubes and reloads");
    for (row, (label, tubes)) in ["Bow", "Stern"].into_iter().zip(TUBES).enumerate() {
        let first = tube_box(row, 0);
        painter.board_text(
            pos2(40.0, first.center().y),
            Align2::LEFT_CENTER,
            label.to_uppercase(),
            FontId::proportional(12.0),
            theme::NAVY,
        );
        for i in 0..tubes {
            board::printed_box(painter, tube_box(row, i), "", theme::PAPER_SHADE);
        }
        board::printed_box(painter, reload_box(row), "Reloads", theme::PAPER);
    }
    board::printed_box(painter, ammunition_box(), "Deck gun ammunition", theme::PAPER);
    for (row, (label, total)) in DAMAGE_BOXES.into_iter().enumerate() {
        board::box_row(painter, damage_row_y(row), label, total, theme::PAPER);
    }
    board::heading(painter, pos2(40.0, 452.0), "Systems");
    // Every system but hull and flooding, which have their own boxes [8.5].
    let systems = periscope_data::sensuikan::charts::System::ALL
        .iter()
        .filter(|s| {
            !matches!(
                s,
                periscope_data::sensuikan::charts::System::Hull
                    | periscope_data::sensuikan::charts::System::Flooding
            )
        })
        .enumerate();
    for (i, system) in systems {
        board::printed_box(painter, system_box(i), &box_caption(*system), theme::PAPER);
    }
    board::heading(painter, pos2(660.0, 452.0), "Crew");
    for (i, post) in [
        "Captain",
        "Executive officer",
        "Navigator",
        "Doctor",
        "Engineer",
        "Crew",
    ]
    .iter()
    .enumerate()
    {
        board::printed_box(painter, crew_box(i), post, theme::PAPER);
    }
    board::printed_box(
        painter,
        skills_box(),
        "Crew quality · rank · skills and markers",
        theme::PAPER,
    );
}
