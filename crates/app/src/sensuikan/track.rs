//! The Sensuikan Track table: the Control Sheet printed blank, the Combat Sheet drawn empty and the
//! Operations Map, with the full counter mix of the physical game laid out in a counter tray.

use egui::{Align2, FontId, Pos2, Rect, Ui, pos2, vec2};
use periscope_engine::sensuikan::career::{Career, CareerOptions, MapView};
use periscope_engine::{DiceMode, Game};

use crate::board;
use crate::board::BoardText as _;
use crate::sensuikan::{self, COMBAT_AT, SHEET, combat_sheet, ops_map};
use crate::theme::{self, Side};
use crate::track::{FreeCounter, TrackLayout, counter_at};
use crate::widgets::counter::Symbol;

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

    fn counters(&self) -> Vec<FreeCounter> {
        counters()
    }

    /// The boards, with the map's areas and bases read once when the table opens.
    fn boards(&self) -> Box<dyn Fn(&mut Ui)> {
        let map = blank_map();
        Box::new(move |ui| paint_boards(ui, map.as_ref()))
    }
}
/// The Operations Map sits below the Control Sheet; the counter tray beside it.
pub const MAP_AT: Pos2 = pos2(0.0, SHEET.y + 40.0);
pub const TRAY_AT: Pos2 = pos2(ops_map::SIZE.x + 40.0, SHEET.y + 40.0);
pub const TRAY: egui::Vec2 = egui::vec2(sensuikan::RIGHT + combat_sheet::SIZE.x - TRAY_AT.x, 600.0);

/// The whole table's size.
pub fn size() -> egui::Vec2 {
    vec2(sensuikan::RIGHT + combat_sheet::SIZE.x, TRAY_AT.y + TRAY.y)
}

/// The map catalog as a new career sees it, without event markers (they are counters in Track mode).
pub fn blank_map() -> Option<MapView> {
    let career = Career::new(CareerOptions::default(), 1, DiceMode::Physical).ok()?;
    let mut map = career.view().map;
    map.events.clear();
    map.area.clear();
    Some(map)
}

/// The counter mix of the physical game, bottom to top: (label, side, symbol, how many).
const MIX: &[(&str, Side, Symbol, usize)] = &[
    ("T95", Side::Submarine, Symbol::Torpedo, 12),
    ("T89", Side::Submarine, Symbol::Torpedo, 8),
    ("T6", Side::Submarine, Symbol::Torpedo, 6),
    ("T92", Side::Submarine, Symbol::Torpedo, 6),
    ("DMG", Side::Marker, Symbol::Flag, 6),
    ("INOP", Side::Enemy, Symbol::Flag, 6),
    ("HULL", Side::Marker, Symbol::Gauge, 2),
    ("FLOOD", Side::Marker, Symbol::Gauge, 2),
    ("LW", Side::Marker, Symbol::Flag, 4),
    ("SW", Side::Marker, Symbol::Flag, 4),
    ("KIA", Side::Enemy, Symbol::Flag, 3),
    ("CREW", Side::Marker, Symbol::Star, 1),
    ("RANK", Side::Marker, Symbol::Star, 1),
    ("DECOR", Side::Marker, Symbol::Star, 4),
    ("EVENT", Side::Enemy, Symbol::Star, 4),
    ("MIDGET", Side::Submarine, Symbol::Submarine, 1),
    ("PLANE", Side::Submarine, Symbol::Flag, 2),
    ("KAITEN", Side::Submarine, Symbol::Torpedo, 4),
    ("RANDOM", Side::Marker, Symbol::Die, 3),
    ("RADIO", Side::Marker, Symbol::Die, 1),
    ("MANEKI", Side::Marker, Symbol::Die, 1),
    ("TARGET", Side::Enemy, Symbol::Ship, 6),
    ("ESCORT", Side::Enemy, Symbol::Ship, 2),
    ("AIRCR", Side::Enemy, Symbol::Flag, 2),
    ("E-SUB", Side::Enemy, Symbol::Submarine, 1),
    ("DAY", Side::Marker, Symbol::Gauge, 1),
    ("RANGE", Side::Marker, Symbol::Gauge, 1),
    ("MONTH", Side::Marker, Symbol::Gauge, 1),
];

/// The fresh mix: the submarine on the first track box, the patrol marker on the map, a full bow and
/// stern salvo in the tubes, the rest of the mix in the tray.
fn counters() -> Vec<FreeCounter> {
    let mut counters = Vec::new();
    let mut push = |label: &str, side, symbol, pos: Pos2| {
        counters.push(counter_at(label, side, symbol, pos));
    };
    push(
        "SUB",
        Side::Submarine,
        Symbol::Submarine,
        pos2(40.0 + 43.0, 173.0),
    );
    push(
        "PATROL",
        Side::Submarine,
        Symbol::Submarine,
        MAP_AT + vec2(ops_map::SIZE.x / 2.0, 330.0),
    );
    // A full salvo in the Combat Sheet's tubes (6 bow, 2 stern).
    for i in 0..8 {
        let (row, col) = if i < 6 { (0.0, i) } else { (1.0, i - 6) };
        push(
            "T95",
            Side::Submarine,
            Symbol::Torpedo,
            COMBAT_AT + vec2(110.0 + col as f32 * 52.0 + 24.0, 500.0 + row * 60.0 + 24.0),
        );
    }
    // Markers that start on the Control Sheet's boxes: rank, month, crew quality, hull and flooding.
    let box_w = (SHEET.x - 80.0) / 8.0;
    let on_sheet = [
        ("RANK", pos2(40.0 + 1.5 * box_w, 90.0)),
        ("MONTH", pos2(40.0 + 3.5 * box_w, 90.0)),
        ("CREW", pos2(80.0, 668.0)),
        ("HULL", pos2(147.0, 367.0)),
        ("FLOOD", pos2(147.0, 411.0)),
    ];
    for (label, at) in on_sheet {
        if let Some(&(_, side, symbol, _)) = MIX.iter().find(|m| m.0 == label) {
            push(label, side, symbol, at);
        }
    }
    let per_row = ((TRAY.x - 60.0) / 40.0) as usize;
    let mut slot = 0;
    for &(label, side, symbol, n) in MIX {
        let n = match label {
            "T95" => n - 8,
            _ if on_sheet.iter().any(|s| s.0 == label) => n - 1,
            _ => n,
        };
        for _ in 0..n {
            let at = TRAY_AT
                + vec2(
                    40.0 + (slot % per_row) as f32 * 40.0,
                    80.0 + (slot / per_row) as f32 * 44.0,
                );
            push(label, side, symbol, at);
            slot += 1;
        }
    }
    counters
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
    board::paper(painter, tray, "COUNTER TRAY", "drag · right-click to flip");
}

/// The Control Sheet with nothing written in: career boxes, the patrol track, tubes, hull and flooding
/// boxes, systems and crew posts, laid out as the Play-mode sheet has them.
fn blank_control_sheet(ui: &mut Ui) {
    let painter = ui.painter();
    let sheet = Rect::from_min_size(Pos2::ZERO, SHEET);
    board::paper(painter, sheet, "SENSUIKAN · CONTROL SHEET", "Track mode");
    let boxes = [
        "Commander",
        "Rank",
        "Base",
        "Month",
        "Patrols",
        "Special missions",
        "Tonnage sunk",
        "Decorations",
    ];
    let w = (SHEET.x - 80.0) / boxes.len() as f32;
    for (i, caption) in boxes.iter().enumerate() {
        let r = Rect::from_min_size(pos2(40.0 + i as f32 * w, 60.0), vec2(w - 6.0, 48.0));
        board::printed_box(painter, r, caption, theme::PAPER);
    }
    board::heading(painter, pos2(40.0, 136.0), "Patrol track");
    for i in 0..10 {
        let r = Rect::from_min_size(pos2(40.0 + i as f32 * 90.0, 142.0), vec2(86.0, 58.0));
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
    let r = Rect::from_min_size(pos2(40.0, 240.0), vec2(500.0, 80.0));
    board::printed_box(painter, r, "Reload torpedoes", theme::PAPER_SHADE);
    let r = Rect::from_min_size(pos2(600.0, 240.0), vec2(150.0, 80.0));
    board::printed_box(painter, r, "Deck gun ammunition", theme::PAPER);
    for (row, (label, total)) in [("Hull", 10), ("Flooding", 6)].into_iter().enumerate() {
        board::box_row(painter, 350.0 + row as f32 * 44.0, label, total, theme::PAPER);
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
        let r = Rect::from_min_size(
            pos2(40.0 + (i % 6) as f32 * 100.0, 460.0 + (i / 6) as f32 * 40.0),
            vec2(96.0, 36.0),
        );
        board::printed_box(painter, r, &format!("{system:?}"), theme::PAPER);
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
        let r = Rect::from_min_size(
            pos2(660.0 + (i % 3) as f32 * 160.0, 460.0 + (i / 3) as f32 * 40.0),
            vec2(154.0, 36.0),
        );
        board::printed_box(painter, r, post, theme::PAPER);
    }
    let r = Rect::from_min_size(pos2(40.0, 640.0), vec2(SHEET.x - 80.0, 56.0));
    board::printed_box(
        painter,
        r,
        "Crew quality · rank · skills and markers",
        theme::PAPER,
    );
}
