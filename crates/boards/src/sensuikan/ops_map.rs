//! The operations map board: the patrol areas of the map catalog with their extra transit boxes [6.2.2A],
//! the five bases with the current one ringed [4.7], this month's Major Event markers [7.14] and the
//! patrol marker in its area. Our own drawing of the western Pacific, not the printed map.

use egui::{
    Align2, Color32, CornerRadius, FontId, Id, Pos2, Rect, Role, Sense, Shape, Stroke, Ui, pos2, vec2,
};
use periscope_engine::sensuikan::career::{MapArea, MapView};

use super::counters as ids;
use crate::board;
use crate::board::BoardText as _;
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};

/// The board's size in table units.
pub const SIZE: egui::Vec2 = egui::vec2(900.0, 600.0);
const SEA: Color32 = Color32::from_rgb(0xc9, 0xdc, 0xe0);
const LAND: Color32 = Color32::from_rgb(0xd9, 0xcc, 0xa4);
const AREA: egui::Vec2 = egui::vec2(118.0, 46.0);

/// Where each area sits on the drawn map, as fractions of the sea rectangle (roughly geographic).
fn area_spot(id: &str) -> Option<(f32, f32)> {
    Some(match id {
        "europe" => (0.07, 0.10),
        "aleutians" => (0.62, 0.09),
        "us_west_coast" => (0.92, 0.24),
        "pearl_harbor" => (0.78, 0.42),
        "panama" => (0.92, 0.66),
        "central_pacific" => (0.58, 0.38),
        "indochina" => (0.18, 0.33),
        "philippines" => (0.33, 0.45),
        "malaya" => (0.10, 0.50),
        "dei" => (0.22, 0.64),
        "new_guinea" => (0.45, 0.62),
        "solomons" => (0.62, 0.70),
        "australia" => (0.40, 0.88),
        "indian_ocean" => (0.08, 0.82),
        _ => return None,
    })
}

/// Where each base sits, as fractions of the sea rectangle.
fn base_spot(id: &str) -> Option<(f32, f32)> {
    Some(match id {
        "yokosuka" => (0.38, 0.22),
        "paramushiro" => (0.47, 0.07),
        "truk" => (0.50, 0.50),
        "new_guinea" => (0.53, 0.58),
        "dei" => (0.15, 0.60),
        _ => return None,
    })
}

fn at(sea: Rect, (x, y): (f32, f32)) -> Pos2 {
    pos2(sea.left() + x * sea.width(), sea.top() + y * sea.height())
}

/// Simple land shapes so the board reads as a map: Japan, the Asian coast, New Guinea and Australia.
fn paint_land(painter: &egui::Painter, sea: Rect) {
    let shapes: [&[(f32, f32)]; 5] = [
        // The Japanese home islands.
        &[
            (0.34, 0.10),
            (0.41, 0.13),
            (0.40, 0.22),
            (0.35, 0.27),
            (0.31, 0.25),
        ],
        // The Asian coast.
        &[
            (0.0, 0.0),
            (0.30, 0.0),
            (0.27, 0.18),
            (0.22, 0.28),
            (0.16, 0.42),
            (0.12, 0.45),
            (0.0, 0.42),
        ],
        // Borneo and the islands.
        &[(0.20, 0.52), (0.28, 0.52), (0.29, 0.60), (0.21, 0.60)],
        // New Guinea.
        &[(0.38, 0.68), (0.50, 0.66), (0.56, 0.72), (0.44, 0.74)],
        // Australia.
        &[(0.30, 0.80), (0.55, 0.78), (0.58, 1.0), (0.28, 1.0)],
    ];
    for pts in shapes {
        let pts: Vec<Pos2> = pts.iter().map(|&p| at(sea, p)).collect();
        painter.add(Shape::convex_polygon(
            pts,
            LAND,
            Stroke::new(1.0, theme::NAVY_LIGHT),
        ));
    }
}

fn hover(ui: &mut Ui, rect: Rect, id: &str, label: &str) {
    let resp = ui.interact(rect, Id::unique(("ops-map", id)), Sense::hover());
    crate::a11y::label(ui, &resp, Role::Label, label);
}

/// Where the patrol is on its track, for the map's marker: the current box (from 1; 0 once home) and the
/// kind of each box.
pub struct AtSea<'a> {
    pub box_number: usize,
    pub boxes: &'a [periscope_engine::sensuikan::BoxKind],
}

/// How far along the route from the base to the area the marker stands in a box, 0 (the base) to 1 (the
/// area): outbound transit boxes step out, on-station boxes are in the area, homebound ones step back.
pub fn route_fraction(at: &AtSea<'_>) -> f32 {
    use periscope_engine::sensuikan::BoxKind;
    let n = at.boxes.len();
    if at.box_number == 0 || n == 0 {
        return 0.0;
    }
    let out = at.boxes.iter().take_while(|b| **b == BoxKind::Transit).count();
    let home = at
        .boxes
        .iter()
        .rev()
        .take_while(|b| **b == BoxKind::Transit)
        .count();
    let i = at.box_number.min(n);
    if out == n {
        // A track of transit boxes only: out and back.
        let half = (n as f32 / 2.0).max(1.0);
        return 1.0 - ((i as f32 - half).abs() / half).min(1.0);
    }
    if i <= out {
        i as f32 / (out + 1) as f32
    } else if i > n - home {
        let j = i - (n - home);
        1.0 - j as f32 / (home + 1) as f32
    } else {
        1.0
    }
}

/// Draws the board with its top-left corner at `origin`; `month` and `base` are the career's, `at_sea` the
/// patrol's place on its track when a patrol is at sea.
pub fn show(ui: &mut Ui, map: &MapView, month: &str, base: &str, at_sea: Option<AtSea<'_>>, origin: Pos2) {
    let painter = ui.painter().clone();
    let sheet = Rect::from_min_size(origin, SIZE);
    board::paper(&painter, sheet, "OPERATIONS MAP", month);
    let sea = sea_and_land(&painter, origin);
    // The route from the current base to the area, through its extra transit boxes [6.2.2A].
    let home = base_spot(base).map(|s| at(sea, s));
    let target = area_spot(&map.area).map(|s| at(sea, s));
    if let (Some(from), Some(to)) = (home, target) {
        painter.add(Shape::dashed_line(
            &[from, to],
            Stroke::new(2.0, theme::NAVY.gamma_multiply(0.7)),
            8.0,
            5.0,
        ));
    }
    for area in &map.areas {
        patrol_area(ui, &painter, map, area, sea);
    }
    bases(ui, &painter, map, base, sea);
    major_events(ui, &painter, map, sea);
    if let (Some(at_sea), Some(c)) = (&at_sea, target) {
        patrol_marker(ui, &painter, map, at_sea, home, c);
    }
    hover(
        ui,
        Rect::from_min_size(origin, vec2(SIZE.x, 44.0)),
        "title",
        &format!(
            "Operations map, {month}: {} Major Events on the map",
            map.events.len()
        ),
    );
}

/// The sea with its grid, and the land. Returns the sea's rect.
fn sea_and_land(painter: &egui::Painter, origin: Pos2) -> Rect {
    let sea = Rect::from_min_max(origin + vec2(20.0, 56.0), origin + SIZE - vec2(20.0, 20.0));
    painter.rect_filled(sea, CornerRadius::same(3), SEA);
    let grid = Stroke::new(0.5, theme::NAVY_LIGHT.gamma_multiply(0.4));
    for i in 1..8 {
        let x = sea.left() + sea.width() * i as f32 / 8.0;
        painter.line_segment([pos2(x, sea.top()), pos2(x, sea.bottom())], grid);
    }
    for i in 1..5 {
        let y = sea.top() + sea.height() * i as f32 / 5.0;
        painter.line_segment([pos2(sea.left(), y), pos2(sea.right(), y)], grid);
    }
    paint_land(painter, sea);
    sea
}

/// A patrol area with its extra transit boxes [6.2.2A], the submarine's own area marked; Track mode
/// snaps the patrol marker into it.
fn patrol_area(ui: &mut Ui, painter: &egui::Painter, map: &MapView, area: &MapArea, sea: Rect) {
    let Some(spot) = area_spot(&area.id) else {
        return;
    };
    let c = at(sea, spot);
    let r = Rect::from_center_size(c, AREA);
    board::snap_target(r);
    let assigned = area.id == map.area;
    let fill = if assigned {
        Color32::from_rgb(0xf6, 0xe2, 0xa8)
    } else {
        theme::PAPER
    };
    painter.rect_filled(r, CornerRadius::same(4), fill);
    painter.rect_stroke(
        r,
        CornerRadius::same(4),
        Stroke::new(if assigned { 2.5 } else { 1.2 }, theme::NAVY),
        egui::StrokeKind::Inside,
    );
    painter.with_clip_rect(r.shrink(2.0)).board_text(
        r.center_top() + vec2(0.0, 5.0),
        Align2::CENTER_TOP,
        &area.name,
        FontId::proportional(10.5),
        theme::NAVY,
    );
    transit_boxes(painter, area, c, r);
    let current = if assigned { ", the submarine's area" } else { "" };
    hover(
        ui,
        r,
        &format!("area-{}", area.id),
        &format!(
            "Area {}: {} outbound and {} homebound transit boxes{current}",
            area.name, area.outbound, area.homebound
        ),
    );
}

/// An area's extra transit boxes: outbound ones (O) then homebound ones (H), small squares along the
/// bottom of its box `r` centred on `c`.
fn transit_boxes(painter: &egui::Painter, area: &MapArea, c: Pos2, r: Rect) {
    let extra = usize::from(area.outbound) + usize::from(area.homebound);
    let bw = 11.0;
    let start = c.x - extra as f32 * bw / 2.0;
    for i in 0..extra {
        let b = Rect::from_min_size(
            pos2(start + i as f32 * bw, r.bottom() - 17.0),
            vec2(bw - 2.0, 12.0),
        );
        let outbound = i < usize::from(area.outbound);
        painter.rect_filled(b, 1.0, theme::PAPER_SHADE);
        painter.rect_stroke(
            b,
            1.0,
            Stroke::new(0.8, theme::NAVY_LIGHT),
            egui::StrokeKind::Inside,
        );
        painter.board_text(
            b.center(),
            Align2::CENTER_CENTER,
            if outbound { "O" } else { "H" },
            FontId::proportional(7.5),
            theme::NAVY_LIGHT,
        );
    }
}

/// The bases, the current one ringed [4.7].
fn bases(ui: &mut Ui, painter: &egui::Painter, map: &MapView, base: &str, sea: Rect) {
    for b in &map.bases {
        let Some(spot) = base_spot(&b.id) else {
            continue;
        };
        let c = at(sea, spot);
        let current = b.id == base;
        if current {
            painter.circle_stroke(c, 13.0, Stroke::new(3.0, theme::HIGHLIGHT));
        }
        painter.circle_filled(c, 8.0, theme::DANGER);
        painter.circle_stroke(c, 8.0, Stroke::new(1.5, theme::PAPER));
        painter.board_text(
            c + vec2(12.0, -2.0),
            Align2::LEFT_BOTTOM,
            &b.name,
            FontId::proportional(11.0),
            theme::NAVY,
        );
        let closes = b
            .closes
            .as_ref()
            .map_or(String::new(), |m| format!(", serves until {m}"));
        let mark = if current { " (current base)" } else { "" };
        hover(
            ui,
            Rect::from_center_size(c, vec2(20.0, 20.0)),
            &format!("base-{}", b.id),
            &format!("Base {}{mark}{closes}", b.name),
        );
    }
}

/// The Major Event markers on their areas this month [7.14], each with its title on a tag.
fn major_events(ui: &mut Ui, painter: &egui::Painter, map: &MapView, sea: Rect) {
    for e in &map.events {
        let Some(spot) = area_spot(&e.area) else {
            continue;
        };
        let c = at(sea, spot) + vec2(AREA.x / 2.0 - 2.0, -AREA.y / 2.0 + 2.0);
        counter::paint(
            painter,
            c,
            30.0,
            ids::MAJOR_EVENT,
            Side::Enemy,
            Symbol::Star,
            "EVENT",
            false,
        );
        let (text, zoom) = painter.board_galley(e.title.clone(), FontId::proportional(10.0), theme::PAPER);
        let size = text.size() / zoom + vec2(8.0, 4.0);
        // The tag sits right of the marker, or left of it near the board's right edge.
        let tag = if c.x + 17.0 + size.x > sea.right() {
            Rect::from_min_size(c + vec2(-17.0 - size.x, -8.0), size)
        } else {
            Rect::from_min_size(c + vec2(17.0, -8.0), size)
        };
        painter.rect_filled(tag, 3, theme::DANGER.gamma_multiply(0.9));
        painter.paint_board_galley(tag.min + vec2(4.0, 2.0), text, zoom, theme::PAPER);
        hover(
            ui,
            Rect::from_center_size(c, vec2(30.0, 30.0)),
            &format!("event-{}", e.id),
            &format!("Major Event {} in {} ({} to {})", e.title, e.area, e.from, e.to),
        );
    }
}

/// The patrol marker, box by box along the route: out from the base `home`, in the area at `c`, and
/// home again.
fn patrol_marker(
    ui: &mut Ui,
    painter: &egui::Painter,
    map: &MapView,
    at_sea: &AtSea<'_>,
    home: Option<Pos2>,
    c: Pos2,
) {
    let in_area = c + vec2(-AREA.x / 2.0 - 4.0, 0.0);
    let t = route_fraction(at_sea);
    let goal = match home {
        Some(from) => from + (in_area - from) * t,
        None => in_area,
    };
    let x = ui
        .ctx()
        .animate_value_with_time(Id::unique("ops-map-patrol-x"), goal.x, 0.4);
    let y = ui
        .ctx()
        .animate_value_with_time(Id::unique("ops-map-patrol-y"), goal.y, 0.4);
    let p = pos2(x, y);
    counter::paint(
        painter,
        p,
        32.0,
        ids::PATROL,
        Side::Submarine,
        Symbol::Submarine,
        "PATROL",
        false,
    );
    let label = if at_sea.box_number > 0 {
        format!(
            "Patrol marker in {}, track box {} of {}",
            map.area_name(&map.area),
            at_sea.box_number,
            at_sea.boxes.len()
        )
    } else {
        format!("Patrol marker in {}", map.area_name(&map.area))
    };
    hover(ui, Rect::from_center_size(p, vec2(32.0, 32.0)), "patrol", &label);
}
