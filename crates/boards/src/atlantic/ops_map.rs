//! The Operations Map: the six travel boxes from west to east as `map.json` gives them [6.1], the air
//! gap shaded [6.1 2A], the boxes in the Condors' range marked C [7.2.1], where long-range air flies
//! [7.2.1], the two meeting points with their bases at the ends [4.7], both routes (westbound from
//! EASTOMP, eastbound from WESTOMP), the convoy marker in the box it has reached, and the Condor
//! (shadowing) and random-event markers [7.2.7] [9.1]. Our own drawing, not the printed map.

use egui::{Align2, Color32, CornerRadius, FontId, Id, Pos2, Rect, Role, Sense, Stroke, Ui, pos2, vec2};
use periscope_data::atlantic::catalog::map::TravelBox;
use periscope_engine::atlantic::{Mission, MissionView};

use super::counters as ids;
use crate::board::{self, BoardText as _};
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};

pub const SIZE: egui::Vec2 = egui::vec2(1060.0, 470.0);
const SEA: Color32 = Color32::from_rgb(0xc9, 0xdc, 0xe0);
const GAP_SHADE: Color32 = Color32::from_rgb(0x9d, 0xb4, 0xbd);
const LAND: Color32 = Color32::from_rgb(0xd9, 0xcc, 0xa4);
const BOX: egui::Vec2 = egui::vec2(128.0, 150.0);

fn info(ui: &mut Ui, rect: Rect, id: impl std::hash::Hash + std::fmt::Debug, label: &str) {
    let resp = ui.interact(rect, Id::unique(("atlantic-ops", id)), Sense::hover());
    crate::a11y::label(ui, &resp, Role::Label, label);
}

/// Where the sea and the two coasts lie on the map.
struct Coasts {
    sea: Rect,
    /// Newfoundland, with WESTOMP.
    west: Rect,
    /// The British Isles, with EASTOMP.
    east: Rect,
}

/// Draws the Operations Map at `origin`: nothing on it takes an action.
pub fn show(ui: &mut Ui, game: &Mission, view: &MissionView, origin: Pos2) {
    let painter = ui.painter().clone();
    let coasts = sea_and_land(&painter, view, origin);
    let arrived = view.box_number == 0;
    let eastbound = game.voyage().eastbound;
    let rects = travel_boxes(ui, &painter, game, view, &coasts);
    routes(&painter, &rects, eastbound);
    meeting_points(ui, &painter, &coasts);
    if arrived && !view.boxes.is_empty() {
        let end = if eastbound { coasts.east } else { coasts.west };
        counter::paint(
            &painter,
            end.center() + vec2(0.0, -60.0),
            44.0,
            ids::CONVOY,
            Side::Submarine,
            Symbol::Ship,
            "CONVOY",
            false,
        );
    }
    event_marker(ui, &painter, view, coasts.sea, arrived);
}

/// The paper, the sea, and the land at both ends: Newfoundland in the west, the British Isles in the
/// east.
fn sea_and_land(painter: &egui::Painter, view: &MissionView, origin: Pos2) -> Coasts {
    let rect = Rect::from_min_size(origin, SIZE);
    board::paper(
        painter,
        rect,
        "OPERATIONS MAP · NORTH ATLANTIC",
        &format!("{} to {}", view.from, view.to),
    );
    let sea = Rect::from_min_max(origin + vec2(20.0, 56.0), origin + SIZE - vec2(20.0, 20.0));
    painter.rect_filled(sea, CornerRadius::same(3), SEA);
    let west = Rect::from_min_size(sea.left_top() + vec2(0.0, 90.0), vec2(80.0, 200.0));
    let east = Rect::from_min_size(sea.right_top() + vec2(-80.0, 70.0), vec2(80.0, 230.0));
    painter.rect_filled(west, CornerRadius::same(18), LAND);
    painter.rect_filled(east, CornerRadius::same(18), LAND);
    Coasts { sea, west, east }
}

/// The travel boxes from west to east [6.1]. Returns their rects in that order.
fn travel_boxes(
    ui: &mut Ui,
    painter: &egui::Painter,
    game: &Mission,
    view: &MissionView,
    coasts: &Coasts,
) -> Vec<Rect> {
    let map = &game.data().data().catalog.map;
    let mut boxes: Vec<_> = map.travel_boxes.iter().collect();
    boxes.sort_by_key(|b| b.west_to_east);
    let x0 = coasts.west.right() + 20.0;
    let step = (coasts.east.left() - 20.0 - x0 - BOX.x) / (boxes.len().max(2) - 1) as f32;
    let y = coasts.sea.top() + 120.0;
    let mut rects = Vec::new();
    for (i, b) in boxes.iter().enumerate() {
        let r = Rect::from_min_size(pos2(x0 + i as f32 * step, y), BOX);
        rects.push(r);
        travel_box(ui, painter, game, view, b, r);
    }
    rects
}

/// One travel box: its name and number, the air gap shaded [6.1 2A], C for the Condors' range and LR AIR
/// where long-range air flies [7.2.1], and the convoy marker with the Condor shadowing it [7.2.7] when
/// the convoy is here.
fn travel_box(
    ui: &mut Ui,
    painter: &egui::Painter,
    game: &Mission,
    view: &MissionView,
    b: &TravelBox,
    r: Rect,
) {
    let fill = if b.air_gap { GAP_SHADE } else { theme::PAPER };
    board::printed_box(painter, r, "", fill);
    painter.board_text(
        r.center_top() + vec2(0.0, 6.0),
        Align2::CENTER_TOP,
        &b.name,
        FontId::proportional(12.0),
        theme::NAVY,
    );
    painter.board_text(
        r.left_bottom() + vec2(6.0, -6.0),
        Align2::LEFT_BOTTOM,
        // The box's number on this convoy's route [6.1].
        view.boxes
            .iter()
            .find(|v| v.name == b.name)
            .map_or(b.west_to_east, |v| v.number)
            .to_string(),
        FontId::proportional(11.0),
        theme::NAVY_LIGHT,
    );
    let mut tags = Vec::new();
    if b.condor_range {
        tags.push("C");
    }
    if b.air_gap {
        tags.push("AIR GAP");
    }
    if b.long_range_air {
        tags.push("LR AIR");
    }
    painter.board_text(
        r.right_bottom() - vec2(6.0, 6.0),
        Align2::RIGHT_BOTTOM,
        tags.join(" · "),
        FontId::proportional(10.0),
        theme::NAVY,
    );
    // The travel box number the convoy reads on its own route, from 1 [6.1].
    let on_route = view.boxes.iter().find(|v| v.name == b.name).map(|v| v.number);
    let current = game.voyage().current().map(|b| b.id.clone());
    let here = view.box_number != 0 && current.as_deref() == Some(b.id.as_str());
    if here {
        convoy_here(painter, game, r);
    }
    let label = format!(
        "Travel box {}: {}{}{}{}{}",
        on_route.unwrap_or(b.west_to_east),
        b.name,
        if b.air_gap { ", air gap" } else { "" },
        if b.condor_range { ", Condor range" } else { "" },
        if b.long_range_air { ", long-range air" } else { "" },
        if here { ", the convoy is here" } else { "" },
    );
    info(ui, r, ("box", &b.id), &label);
}

/// The convoy marker in the travel box `r` it has reached, and the Condor marker when it is shadowed
/// [7.2.7].
fn convoy_here(painter: &egui::Painter, game: &Mission, r: Rect) {
    counter::paint(
        painter,
        r.center() + vec2(0.0, 6.0),
        44.0,
        ids::CONVOY,
        Side::Submarine,
        Symbol::Ship,
        "CONVOY",
        false,
    );
    board::glow(painter, r, 0.6);
    if game.voyage().shadowed {
        counter::paint(
            painter,
            r.center() + vec2(38.0, -28.0),
            30.0,
            ids::CONDOR,
            Side::Enemy,
            Symbol::Flag,
            "CONDOR",
            false,
        );
    }
}

/// Both routes, as arrows under the boxes; the convoy's own is bold.
fn routes(painter: &egui::Painter, rects: &[Rect], eastbound: bool) {
    let (Some(first), Some(last)) = (rects.first(), rects.last()) else {
        return;
    };
    for (k, (east_going, words)) in [
        (true, "Eastbound: WESTOMP to EASTOMP"),
        (false, "Westbound: EASTOMP to WESTOMP"),
    ]
    .iter()
    .enumerate()
    {
        let ay = first.bottom() + 24.0 + k as f32 * 34.0;
        let (a, b) = if *east_going {
            (pos2(first.left(), ay), pos2(last.right(), ay))
        } else {
            (pos2(last.right(), ay), pos2(first.left(), ay))
        };
        let ours = *east_going == eastbound;
        let stroke = Stroke::new(if ours { 3.0 } else { 1.2 }, theme::NAVY);
        painter.line_segment([a, b], stroke);
        let back = if *east_going { -12.0 } else { 12.0 };
        for dy in [-6.0, 6.0] {
            painter.line_segment([b, b + vec2(back, dy)], stroke);
        }
        painter.board_text(
            pos2(
                first.center().x + (last.center().x - first.center().x) / 2.0,
                ay - 4.0,
            ),
            Align2::CENTER_BOTTOM,
            if ours {
                format!("{words} (this convoy)")
            } else {
                words.to_string()
            },
            FontId::proportional(12.0),
            theme::NAVY,
        );
    }
}

/// The meeting points and the bases [4.7].
fn meeting_points(ui: &mut Ui, painter: &egui::Painter, coasts: &Coasts) {
    for (r, mp, base) in [
        (coasts.west, "WESTOMP", "St. John's"),
        (coasts.east, "EASTOMP", "Londonderry"),
    ] {
        painter.board_text(
            r.center() - vec2(0.0, 14.0),
            Align2::CENTER_CENTER,
            mp,
            FontId::proportional(13.0),
            theme::NAVY,
        );
        painter.circle_filled(r.center() + vec2(0.0, 10.0), 6.0, theme::NAVY);
        painter.board_text(
            r.center() + vec2(0.0, 30.0),
            Align2::CENTER_CENTER,
            base,
            FontId::proportional(11.0),
            theme::NAVY,
        );
        info(ui, r, ("point", mp), &format!("{mp}, meeting point off {base}"));
    }
}

/// The panel in the sea's corner: the month, the convoy and the next refit, and the event marker once
/// the mission's random event has happened [9.1].
fn event_marker(ui: &mut Ui, painter: &egui::Painter, view: &MissionView, sea: Rect, arrived: bool) {
    let marks = Rect::from_min_size(sea.left_top() + vec2(10.0, 10.0), vec2(420.0, 50.0));
    board::printed_box(painter, marks, "", theme::PAPER);
    if view.convoy.is_empty() {
        return;
    }
    painter.board_text(
        marks.left_center() + vec2(10.0, 0.0),
        Align2::LEFT_CENTER,
        format!(
            "{} · {} {} convoy · refit next at {}",
            view.month, view.size, view.convoy, view.refit_at
        ),
        FontId::proportional(12.5),
        theme::NAVY,
    );
    if view.random_event_used {
        counter::paint(
            painter,
            marks.right_center() + vec2(40.0, 0.0),
            36.0,
            ids::RANDOM_EVENT,
            Side::Marker,
            Symbol::Star,
            "EVENT",
            false,
        );
    }
    info(
        ui,
        marks,
        "marks",
        &format!(
            "Convoy marker: {}",
            if arrived {
                "arrived".to_string()
            } else {
                format!("travel box {} of {}", view.box_number, view.boxes.len())
            }
        ),
    );
}
