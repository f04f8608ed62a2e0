//! The Escort Group Display Mat E1 [4.4.2]: the group's ships in their areas (destroyers and frigates,
//! cutters, corvettes, as `mats.json` gives them), each with its counter, class, damage boxes [7.4.1],
//! Type 271 radar [4.6.2], Hedgehog and its reloads [12.7 ERRATA], crew quality [3.3.2], kills [7.5.1],
//! and its Moved and engaged state in a battle [7.1.3]; and the group's boxes: HF/DF [4.6.1], the air
//! support of the mission (long-range air, CAM ship and whether it is spent, escort carrier) [7.2.1]
//! [7.2.7], the Touch Wood markers [9.2] and the random event [9.1].

use egui::{Align2, FontId, Id, Pos2, Rect, Role, Sense, Ui, pos2, vec2};
use periscope_data::atlantic::catalog::groups::ShipKind;
use periscope_engine::atlantic::{EscortView, Mission, MissionView};

use crate::Effects;
use crate::board::{self, BoardText as _};
use crate::theme;

pub const SIZE: egui::Vec2 = egui::vec2(1120.0, 700.0);
const ROW: f32 = 38.0;

fn info(ui: &mut Ui, rect: Rect, id: impl std::hash::Hash + std::fmt::Debug, label: &str) {
    let resp = ui.interact(rect, Id::unique(("atlantic-e1", id)), Sense::hover());
    crate::a11y::label(ui, &resp, Role::Label, label);
}

/// The E1 area a ship sits in: `destroyers`, `cutters` or `corvettes`.
fn area_of(game: &Mission, e: &EscortView) -> &'static str {
    let groups = &game.data().data().catalog.groups;
    let kind = groups
        .ships
        .iter()
        .find(|s| s.id == e.ship)
        .and_then(|s| groups.classes.iter().find(|c| c.id == s.class))
        .map(|c| c.kind);
    match kind {
        Some(ShipKind::Cutter) => "cutters",
        Some(ShipKind::Corvette) => "corvettes",
        _ => "destroyers",
    }
}

/// A printed box with a tick when it holds its marker.
fn tick_box(painter: &egui::Painter, r: Rect, on: bool, word: &str) {
    board::printed_box(painter, r, "", if on { theme::PAPER_SHADE } else { theme::PAPER });
    painter.board_text(
        r.center(),
        Align2::CENTER_CENTER,
        if on { word } else { "-" },
        FontId::proportional(10.5),
        if on { theme::NAVY } else { theme::NAVY_LIGHT },
    );
}

pub fn show(ui: &mut Ui, game: &Mission, view: &MissionView, origin: Pos2, fx: &Effects) {
    let painter = ui.painter().clone();
    let rect = Rect::from_min_size(origin, SIZE);
    board::paper(
        &painter,
        rect,
        "E1 · ESCORT GROUP DISPLAY MAT",
        &if view.group.is_empty() {
            String::new()
        } else {
            format!("Group {} · {}", view.group, view.month)
        },
    );
    let columns: [(&str, f32); 10] = [
        ("Ship", 30.0),
        ("Class", 220.0),
        ("Damage", 420.0),
        ("Type 271", 520.0),
        ("Hedgehog", 600.0),
        ("Depth ch.", 690.0),
        ("Crew", 770.0),
        ("Kills", 860.0),
        ("State", 920.0),
        ("", 1100.0),
    ];
    let mats = &game.data().data().catalog.mats;
    let areas: Vec<(String, String, u8)> = mats
        .mats
        .iter()
        .find(|m| m.id == "E1")
        .map(|m| {
            m.areas
                .iter()
                .map(|a| (a.id.clone(), a.name.clone(), a.ships))
                .collect()
        })
        .unwrap_or_default();
    let mut y = origin.y + 60.0;
    for (i, (name, x)) in columns.iter().enumerate().take(9) {
        let _ = i;
        painter.board_text(
            pos2(origin.x + x + 10.0, y),
            Align2::LEFT_TOP,
            name.to_uppercase(),
            FontId::proportional(11.0),
            theme::NAVY_LIGHT,
        );
    }
    y += 18.0;
    for (area, area_name, slots) in &areas {
        board::heading(&painter, pos2(origin.x + 30.0, y + 14.0), area_name);
        y += 18.0;
        let ships: Vec<&EscortView> = view.escorts.iter().filter(|e| area_of(game, e) == area).collect();
        for slot in 0..usize::from(*slots).max(ships.len()) {
            let row = Rect::from_min_size(pos2(origin.x + 30.0, y), vec2(SIZE.x - 60.0, ROW - 4.0));
            let fill = if slot % 2 == 0 {
                theme::PAPER
            } else {
                theme::PAPER_SHADE
            };
            painter.rect_filled(row, 2.0, fill);
            if let Some(e) = ships.get(slot) {
                escort_row(ui, &painter, row, e, view.battle.is_some());
                board::flash(&painter, row, fx.lit(&format!("escort-{}", e.ship)));
            }
            y += ROW;
        }
        y += 4.0;
    }

    // The group's boxes.
    let by = origin.y + SIZE.y - 70.0;
    let boxes: [(&str, bool, &str); 6] = [
        ("HF/DF", view.hf_df, "HF/DF"),
        ("Long-range air", view.air.long_range_air, "AIR"),
        (
            "CAM ship",
            view.air.cam && !view.cam_used,
            if view.cam_used { "USED" } else { "CAM" },
        ),
        ("Escort carrier", view.air.cve, "CVE"),
        ("Random event", view.random_event_used, "USED"),
        ("Touch Wood", view.touch_wood > 0, "TW"),
    ];
    for (i, (name, on, word)) in boxes.iter().enumerate() {
        let r = Rect::from_min_size(pos2(origin.x + 30.0 + i as f32 * 176.0, by), vec2(166.0, 46.0));
        board::printed_box(
            &painter,
            r,
            name,
            if *on { theme::PAPER_SHADE } else { theme::PAPER },
        );
        let shown = if *name == "Touch Wood" {
            view.touch_wood.to_string()
        } else if *on || (*name == "CAM ship" && view.air.cam) {
            word.to_string()
        } else {
            "-".to_string()
        };
        painter.board_text(
            r.center() + vec2(0.0, 8.0),
            Align2::CENTER_CENTER,
            &shown,
            FontId::proportional(14.0),
            theme::NAVY,
        );
        let state = match *name {
            "Touch Wood" => format!("{} held", view.touch_wood),
            "CAM ship" if view.cam_used => "used".into(),
            "CAM ship" if view.air.cam => "available".into(),
            "Random event" => {
                if *on {
                    "used".into()
                } else {
                    "not yet".into()
                }
            }
            _ => {
                if *on {
                    "available".into()
                } else {
                    "none".into()
                }
            }
        };
        info(ui, r, ("group-box", i), &format!("{name}: {state}"));
    }
}

fn escort_row(ui: &mut Ui, painter: &egui::Painter, row: Rect, e: &EscortView, battle: bool) {
    let at = |x: f32| pos2(row.left() + x, row.center().y);
    super::tactical::paint_escort(painter, at(22.0), e);
    let text = |x: f32, s: &str| {
        painter.board_text(
            at(x),
            Align2::LEFT_CENTER,
            s,
            FontId::proportional(13.0),
            theme::NAVY,
        );
    };
    text(50.0, &e.name);
    text(200.0, &e.class);
    // Damage boxes: as many as sink her [7.4.1].
    for k in 0..e.sinks_at {
        let r = Rect::from_center_size(at(402.0 + f32::from(k) * 24.0), vec2(20.0, 20.0));
        let hit = k < e.damage;
        board::printed_box(painter, r, "", if hit { theme::DANGER } else { theme::PAPER });
    }
    let small = |x: f32| Rect::from_center_size(at(x), vec2(60.0, 24.0));
    tick_box(painter, small(520.0), e.type_271, "271");
    let hh = match (e.hedgehog, e.hedgehog_reloads) {
        (true, Some(n)) => format!("HH {n}"),
        (true, None) => "HH".to_string(),
        _ => String::new(),
    };
    tick_box(painter, small(600.0), e.hedgehog, &hh);
    let dc = e
        .depth_charges
        .map_or_else(|| "full".to_string(), |n| n.to_string());
    tick_box(painter, small(690.0), true, &dc);
    text(750.0, &e.crew);
    text(845.0, &e.kills.to_string());
    let state = match e.status.as_str() {
        "sunk" => "SUNK".to_string(),
        "detached" => "DETACHED".to_string(),
        "damaged" => "DAMAGED".to_string(),
        _ if e.moved => "MOVED".to_string(),
        _ if e.engaged => "ENGAGED".to_string(),
        _ if battle => e.station.as_deref().map_or("-".into(), |s| format!("box {s}")),
        _ => "ready".to_string(),
    };
    let colour = if matches!(e.status.as_str(), "sunk" | "damaged") {
        theme::DANGER
    } else {
        theme::NAVY
    };
    painter.board_text(
        at(900.0),
        Align2::LEFT_CENTER,
        &state,
        FontId::proportional(13.0),
        colour,
    );
    let label = format!(
        "E1 {}: {}, damage {} of {}, Type 271 {}, Hedgehog {}, crew {}, kills {}, {}",
        e.name,
        e.class,
        e.damage,
        e.sinks_at,
        if e.type_271 { "yes" } else { "no" },
        if e.hedgehog { "yes" } else { "no" },
        e.crew,
        e.kills,
        state.to_lowercase()
    );
    info(ui, row, ("row", &e.ship), &label);
}
