//! The Patrol Log board: the paper log's rows and columns, filled in month by month as the career goes.

use egui::{Align2, FontId, Pos2, Rect, Ui, pos2, vec2};
use periscope_engine::sensuikan::career::CareerView;

use super::LOG;
use crate::board;
use crate::board::BoardText as _;
use crate::theme;

const COLUMNS: [(&str, f32); 7] = [
    ("Month", 70.0),
    ("P/R", 50.0),
    ("Area", 150.0),
    ("Mission", 190.0),
    ("Ships (sunk or damaged)", 380.0),
    ("Tons", 80.0),
    ("Result", 180.0),
];
const ROW: f32 = 19.0;

/// `8700 t sunk`, and the patrol under way's share of it while the boat is at sea [5.2.1].
fn sunk(v: &CareerView) -> String {
    match v.tonnage_under_way() {
        0 => format!("{} t sunk", v.tonnage),
        at_sea => format!("{} t sunk ({at_sea} t on the patrol under way)", v.tonnage),
    }
}

pub fn show(ui: &mut Ui, v: &CareerView, origin: Pos2) {
    let painter = ui.painter().clone();
    let sheet = Rect::from_min_size(origin, LOG);
    let level = v.end.as_ref().map_or_else(
        || "career in progress".to_string(),
        |e| e.level.name().to_string(),
    );
    board::paper(
        &painter,
        sheet,
        "SENSUIKAN · PATROL LOG",
        &format!("{} · {level}", sunk(v)),
    );
    let mut x = origin.x + 40.0;
    let top = origin.y + 60.0;
    for (title, w) in COLUMNS {
        let r = Rect::from_min_size(pos2(x, top), vec2(w, ROW + 2.0));
        board::printed_box(&painter, r, "", theme::PAPER_SHADE);
        painter.board_text(
            r.left_center() + vec2(4.0, 0.0),
            Align2::LEFT_CENTER,
            title.to_uppercase(),
            FontId::proportional(10.0),
            theme::NAVY,
        );
        x += w;
    }
    // The most recent months, as many as the board holds.
    let room = ((LOG.y - 100.0) / ROW) as usize;
    let start = v.log.len().saturating_sub(room);
    for (i, row) in v.log.iter().skip(start).enumerate() {
        let y = top + ROW + 2.0 + i as f32 * ROW;
        let ships: Vec<String> = row
            .ships
            .iter()
            .map(|s| format!("{} ({})", s.name, if s.sunk { "sunk" } else { "dmg" }))
            .collect();
        let mark = if row.mark == "patrol" {
            "P"
        } else {
            row.mark.as_str()
        };
        let cells = [
            row.month.clone(),
            mark.to_string(),
            v.map.area_name(&row.area),
            row.mission.clone(),
            ships.join("; "),
            if row.tonnage > 0 {
                row.tonnage.to_string()
            } else {
                String::new()
            },
            row.result.clone(),
        ];
        let mut x = origin.x + 40.0;
        for ((_, w), text) in COLUMNS.iter().zip(cells) {
            let r = Rect::from_min_size(pos2(x, y), vec2(*w, ROW));
            painter.rect_stroke(
                r,
                0.0,
                egui::Stroke::new(0.5, theme::NAVY_LIGHT),
                egui::StrokeKind::Inside,
            );
            let clip = painter.with_clip_rect(r.shrink(1.0));
            clip.board_text(
                r.left_center() + vec2(4.0, 0.0),
                Align2::LEFT_CENTER,
                text,
                FontId::proportional(11.0),
                theme::NAVY,
            );
            x += w;
        }
    }
    if v.log.is_empty() {
        painter.board_text(
            pos2(origin.x + 60.0, top + 40.0),
            Align2::LEFT_CENTER,
            "No month logged yet.",
            FontId::proportional(13.0),
            theme::NAVY_LIGHT,
        );
    }
    let resp = ui.interact(
        sheet,
        egui::Id::unique("sensuikan-patrol-log"),
        egui::Sense::hover(),
    );
    crate::a11y::label(
        ui,
        &resp,
        egui::Role::Label,
        &format!("Patrol Log: {} months, {}", v.log.len(), sunk(v)),
    );
}
