//! The U-boat mat U1: one row for each boat of the battle [6.1 2b], with its type, crew quality
//! [12.3], its systems' damage boxes as `uboats.json` lists them [7.3.9], its flooding and hull boxes
//! [7.3.9], its torpedoes (three attacks' worth [4.5]), and what became of it (sitting out, removed,
//! sunk) [7.2.2] [7.3.9].

use egui::{Align2, FontId, Id, Pos2, Rect, Role, Sense, Ui, pos2, vec2};
use periscope_engine::atlantic::{BoatView, Mission, MissionView};

use crate::Effects;
use crate::board::{self, BoardText as _};
use crate::theme;

pub const SIZE: egui::Vec2 = egui::vec2(1060.0, 1000.0);
const ROW: f32 = 132.0;
/// The boats the mat has rows for; a bigger pack lists the rest by number.
const ROWS: usize = 7;

fn info(ui: &mut Ui, rect: Rect, id: impl std::hash::Hash + std::fmt::Debug, label: &str) {
    let resp = ui.interact(rect, Id::unique(("atlantic-u1", id)), Sense::hover());
    crate::a11y::label(ui, &resp, Role::Label, label);
}

pub fn show(ui: &mut Ui, game: &Mission, view: &MissionView, origin: Pos2, fx: &Effects) {
    let painter = ui.painter().clone();
    let rect = Rect::from_min_size(origin, SIZE);
    let right = match &view.battle {
        Some(b) => format!(
            "{} in box {}",
            count(b.boats.len(), "U-boat", "U-boats"),
            b.box_number
        ),
        // A blank mat (Track mode's) has no mission to speak of.
        None if view.convoy.is_empty() => String::new(),
        None => "no battle".to_string(),
    };
    board::paper(&painter, rect, "U1 · U-BOAT MAT", &right);
    if view.battle.is_none() && view.convoy.is_empty() {
        return;
    }
    let Some(b) = &view.battle else {
        painter.board_text(
            rect.center(),
            Align2::CENTER_CENTER,
            "No U-boats in contact.",
            FontId::proportional(16.0),
            theme::NAVY_LIGHT,
        );
        return;
    };
    let systems = &game.data().data().catalog.uboats.systems;
    let engine_boats = game.battle().map(|x| x.boats.as_slice()).unwrap_or_default();
    for (i, u) in b.boats.iter().enumerate().take(ROWS) {
        let row = Rect::from_min_size(
            origin + vec2(24.0, 56.0 + i as f32 * ROW),
            vec2(SIZE.x - 48.0, ROW - 8.0),
        );
        board::printed_box(
            &painter,
            row,
            "",
            if i % 2 == 0 {
                theme::PAPER
            } else {
                theme::PAPER_SHADE
            },
        );
        super::tactical::paint_boat(&painter, row.left_top() + vec2(34.0, 40.0), u);
        board::flash(&painter, row, fx.lit(&format!("boat-{}", u.number)));
        let quality = u.quality.clone().unwrap_or_else(|| "not rolled [12.3]".into());
        let state = state_word(u, b.hunted);
        painter.board_text(
            row.left_top() + vec2(70.0, 10.0),
            Align2::LEFT_TOP,
            format!("U-boat {} · {} · crew {quality} · {state}", u.number, u.kind),
            FontId::proportional(14.0),
            if u.state == "sunk" {
                theme::DANGER
            } else {
                theme::NAVY
            },
        );
        // Torpedoes: three attacks' worth [4.5].
        let left = 3u8.saturating_sub(u.attacks);
        let (bow, stern) = engine_boats
            .get(i)
            .map_or((0, 0), |x| (x.bow_tubes, x.stern_tubes));
        painter.board_text(
            row.right_top() + vec2(-12.0, 10.0),
            Align2::RIGHT_TOP,
            format!("tubes {bow} bow / {stern} stern · attacks left {left} of 3"),
            FontId::proportional(12.0),
            theme::NAVY,
        );
        // The systems' boxes [7.3.9]: filled when hit.
        for (k, s) in systems.iter().filter(|s| !s.boxes_from_type).enumerate() {
            let hit = u.systems.iter().any(|h| h.eq_ignore_ascii_case(&s.name));
            let (col, line) = (k % 8, k / 8);
            let at = pos2(
                row.left() + 70.0 + col as f32 * 112.0,
                row.top() + 34.0 + line as f32 * 30.0,
            );
            let r = Rect::from_min_size(at, vec2(108.0, 26.0));
            board::printed_box(&painter, r, "", if hit { theme::DANGER } else { theme::PAPER });
            let name: String = s.name.chars().take(16).collect();
            painter.board_text(
                r.center(),
                Align2::CENTER_CENTER,
                name,
                FontId::proportional(10.0),
                if hit { egui::Color32::WHITE } else { theme::NAVY },
            );
        }
        // Flooding and hull boxes [7.3.9].
        let mut bx = row.left() + 70.0;
        for (word, filled, total) in [
            ("FLOOD", u.flooding, u.flooding_boxes),
            ("HULL", u.hull, u.hull_boxes),
        ] {
            painter.board_text(
                pos2(bx, row.top() + 110.0),
                Align2::LEFT_CENTER,
                word,
                FontId::proportional(11.0),
                theme::NAVY,
            );
            for k in 0..total {
                let r = Rect::from_min_size(
                    pos2(bx + 46.0 + f32::from(k) * 22.0, row.top() + 100.0),
                    vec2(20.0, 20.0),
                );
                board::printed_box(
                    &painter,
                    r,
                    "",
                    if k < filled { theme::DANGER } else { theme::PAPER },
                );
            }
            bx += 46.0 + f32::from(total) * 22.0 + 30.0;
        }
        let label = format!(
            "U1 U-boat {}: {}, crew {quality}, {state}, hull {}/{}, flooding {}/{}, damaged {}",
            u.number,
            u.kind,
            u.hull,
            u.hull_boxes,
            u.flooding,
            u.flooding_boxes,
            if u.systems.is_empty() {
                "nothing".to_string()
            } else {
                u.systems.join(", ")
            }
        );
        info(ui, row, ("boat", u.number), &label);
    }
    if b.boats.len() > ROWS {
        let more: Vec<String> = b.boats[ROWS..]
            .iter()
            .map(|u| format!("U-{} {}", u.number, state_word(u, b.hunted)))
            .collect();
        painter.board_text(
            origin + vec2(30.0, SIZE.y - 28.0),
            Align2::LEFT_CENTER,
            format!("Also in the battle: {}", more.join(", ")),
            FontId::proportional(12.0),
            theme::NAVY,
        );
    }
}

/// `1 U-boat`, `4 U-boats`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What a boat is doing now, read from its state: sunk, out of the battle [7.3.9], sitting out the
/// cycle it crash-dived or was found by aircraft in [7.2.2] [7.2.3] (back in the fight after it),
/// hunted by the escorts [7.1.3], detected, or active.
pub fn state_word(u: &BoatView, hunted: Option<u8>) -> String {
    match u.state.as_str() {
        "sunk" => "SUNK".into(),
        "removed" => "out of the battle".into(),
        _ if u.sits_out_now.is_some() => {
            format!("sits out cycle {}", u.sits_out_now.unwrap_or_default())
        }
        _ if hunted == Some(u.number) => "hunted by the escorts".into(),
        _ if u.detected => "detected".into(),
        _ => "active".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boat(state: &str, sits_out_now: Option<u8>, detected: bool) -> BoatView {
        BoatView {
            number: 2,
            kind: "Type VIIC".into(),
            quality: None,
            station: Some("A2".into()),
            state: state.into(),
            detected,
            reported: false,
            shadowing: false,
            hull: 0,
            hull_boxes: 3,
            flooding: 0,
            flooding_boxes: 2,
            systems: Vec::new(),
            attacks: 0,
            sits_out_now,
        }
    }

    /// [7.2.2] [7.2.3] A boat sits out only the cycle it dived in: in the next it is back, and while
    /// the escorts hunt it the mat says so [7.1.3]; counts read in proper plurals.
    #[test]
    fn a_boat_s_state_is_read_from_the_cycle_it_sits_out() {
        assert_eq!(
            state_word(&boat("sits_out", Some(1), false), None),
            "sits out cycle 1"
        );
        assert_eq!(state_word(&boat("sits_out", None, false), None), "active");
        assert_eq!(
            state_word(&boat("sits_out", None, true), Some(2)),
            "hunted by the escorts"
        );
        assert_eq!(state_word(&boat("active", None, true), Some(3)), "detected");
        assert_eq!(state_word(&boat("sunk", None, false), Some(2)), "SUNK");
        assert_eq!(count(1, "U-boat", "U-boats"), "1 U-boat");
        assert_eq!(count(4, "U-boat", "U-boats"), "4 U-boats");
        assert_eq!(crate::atlantic::tons(538_500), "538,500 t");
        assert_eq!(crate::atlantic::tons(600), "600 t");
    }
}
