//! The companion's board: a calendar strip (War Period, month, week), the six IJN piles face down with
//! their counts, the ships on the combat display with the values they fight with, the damaged ships with
//! their return, the War Events declared, and next month's arrivals and removals.

use egui::{Align2, FontId, Rect, pos2, vec2};
use periscope_engine::silent_war_ijn::CompanionView;

use crate::board::{self, BoardText as _};
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};

/// The board's size in table units.
pub const SIZE: egui::Vec2 = egui::vec2(1180.0, 720.0);

const COUNTER: f32 = 46.0;

pub fn show(ui: &mut egui::Ui, view: &CompanionView) {
    let sheet = Rect::from_min_size(egui::Pos2::ZERO, SIZE);
    ui.allocate_rect(sheet, egui::Sense::hover());
    let painter = ui.painter();
    let scenario = view.scenario.clone().unwrap_or_else(|| "set-up".into());
    board::paper(painter, sheet, "SILENT WAR · IJN EXPANSION", &scenario);

    // The calendar strip.
    let strip = Rect::from_min_size(pos2(30.0, 66.0), vec2(SIZE.x - 60.0, 54.0));
    board::printed_box(painter, strip, "", theme::PAPER_SHADE);
    let period = match view.transition_number {
        Some(n) => format!("War Period {} (transition number {n})", view.war_period),
        None => format!("War Period {}", view.war_period),
    };
    let text = format!("{period}   ·   {}   ·   week {}", view.month, view.week);
    painter.board_text(
        strip.center(),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(20.0),
        theme::NAVY,
    );

    // The six piles, face down.
    board::heading(painter, pos2(30.0, 150.0), "IJN piles (face down)");
    for (i, pile) in view.piles.iter().enumerate() {
        let cell = Rect::from_min_size(pos2(30.0 + i as f32 * 188.0, 158.0), vec2(176.0, 112.0));
        board::printed_box(painter, cell, &pile.name, theme::PAPER);
        if pile.count > 0 {
            counter::paint(
                painter,
                cell.center() + vec2(0.0, 8.0),
                COUNTER,
                Side::Enemy,
                Symbol::Ship,
                "",
                true,
            );
        }
        painter.board_text(
            cell.center_bottom() - vec2(0.0, 8.0),
            Align2::CENTER_BOTTOM,
            format!("{} left", pile.count),
            FontId::proportional(14.0),
            theme::NAVY,
        );
    }

    // The combat display.
    board::heading(painter, pos2(30.0, 300.0), "On the combat display");
    let display = Rect::from_min_size(pos2(30.0, 308.0), vec2(560.0, 170.0));
    board::printed_box(painter, display, "", theme::PAPER);
    for (i, ship) in view.display.iter().enumerate().take(10) {
        let at = display.min + vec2(50.0 + (i % 5) as f32 * 108.0, 50.0 + (i / 5) as f32 * 84.0);
        let label = ship
            .fights_as
            .clone()
            .or_else(|| ship.values.clone())
            .unwrap_or_default();
        counter::paint(painter, at, COUNTER, Side::Enemy, Symbol::Ship, &label, false);
        painter.board_text(
            at + vec2(0.0, 30.0),
            Align2::CENTER_TOP,
            &ship.name,
            FontId::proportional(12.0),
            theme::NAVY,
        );
    }
    if view.display.is_empty() {
        painter.board_text(
            display.center(),
            Align2::CENTER_CENTER,
            "no IJN ship drawn",
            FontId::proportional(14.0),
            theme::NAVY_LIGHT,
        );
    }

    // Damaged ships and the lists beside them.
    let lists = [
        (
            "Damaged: returns",
            view.damaged
                .iter()
                .map(|d| format!("{} — {}", d.name, d.returns))
                .collect::<Vec<_>>(),
        ),
        ("War Events declared", view.events_declared.clone()),
        ("Arriving next month", view.arriving_next_month.clone()),
        ("Leaving next month", view.leaving_next_month.clone()),
    ];
    for (i, (title, lines)) in lists.iter().enumerate() {
        let cell = Rect::from_min_size(
            pos2(620.0 + (i % 2) as f32 * 270.0, 308.0 + (i / 2) as f32 * 200.0),
            vec2(258.0, 188.0),
        );
        board::printed_box(painter, cell, title, theme::PAPER);
        for (j, line) in lines.iter().take(9).enumerate() {
            painter.board_text(
                cell.min + vec2(10.0, 24.0 + j as f32 * 17.0),
                Align2::LEFT_TOP,
                line,
                FontId::proportional(13.0),
                theme::NAVY,
            );
        }
        if lines.len() > 9 {
            painter.board_text(
                cell.left_bottom() + vec2(10.0, -6.0),
                Align2::LEFT_BOTTOM,
                format!("and {} more", lines.len() - 9),
                FontId::proportional(12.0),
                theme::NAVY_LIGHT,
            );
        }
    }

    painter.board_text(
        pos2(30.0, SIZE.y - 40.0),
        Align2::LEFT_CENTER,
        format!(
            "Tonnage credited for IJN ships sunk: {}t [3.6]",
            view.tonnage_credited
        ),
        FontId::proportional(15.0),
        theme::NAVY,
    );
}
