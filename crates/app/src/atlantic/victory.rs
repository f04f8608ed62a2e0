//! The victory screen of an Atlantic career [5.1] [5.2]: the level and how it was computed (the tons the
//! log counts, the level they give, each shift, the clamp), why the career ended, the tonnage lost and
//! the U-boats sunk, the promotions, and the Convoy Log's rows — with Print / Export… and the way back.
//! Its totals are the Convoy Log's, the printed sheet's too.

use egui::{RichText, vec2};
use periscope_engine::atlantic::career::{CareerEnd, CareerEvent, ConvoyLog, EndCause, LogRow};

use super::career::CareerScreen;
use crate::panels::export::ExportWindow;
use crate::table::TableGame;
use crate::theme;

/// What the player asked for on the victory screen.
pub enum VictoryChoice {
    Table,
    Start,
}

/// The victory screen of the career it is shown over (see `CareerTable`).
#[derive(Default)]
pub struct VictoryScreen {
    export: ExportWindow,
}

/// [5.1.1] [5.1.2] [11.1] Why the career ended, and the case that says so.
pub fn reason(cause: EndCause) -> (&'static str, &'static str) {
    match cause {
        EndCause::WarOver => (
            "The last convoy of June 1943 is in: the war of the escorts is over.",
            "5.1.1",
        ),
        EndCause::SoeKilled => ("The Senior Officer Escort went down with his ship.", "5.1.2"),
        EndCause::ScenarioOver => ("The scenario's convoy is in.", "11.1"),
    }
}

pub use periscope_print::atlantic::victory_how as how;

/// The promotion rolls that promoted the SOE [7.6.2] [5.1.3], from the career's events.
pub fn promotions(events: &[CareerEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            CareerEvent::Rolled { roll }
                if (roll.rule == "7.6.2" || roll.rule == "5.1.3") && roll.outcome.starts_with("promoted") =>
            {
                Some(format!("{} [{}]", roll.outcome, roll.rule))
            }
            _ => None,
        })
        .collect()
}

impl VictoryScreen {
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        career: &CareerScreen,
        storage: &crate::storage::Storage,
    ) -> Option<VictoryChoice> {
        let game = career.session.game();
        let mut choice = None;
        let mut export = false;
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.painter().rect_filled(ui.max_rect(), 0.0, theme::FELT_DARK);
            let width = (ui.available_width() - 60.0).clamp(400.0, 1100.0);
            let height = ui.available_height() - 16.0 - 56.0;
            ui.add_space(16.0);
            ui.horizontal(|ui| {
                ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                egui::Frame::new()
                    .fill(theme::PAPER)
                    .corner_radius(6)
                    .inner_margin(18)
                    .stroke(egui::Stroke::new(2.0, theme::NAVY))
                    .show(ui, |ui| {
                        ui.set_width(width);
                        theme::paper_visuals(ui);
                        ui.vertical(|ui| {
                            if let (Some(end), Some(log)) = (game.end(), game.convoy_log()) {
                                header(ui, end, log);
                            }
                            ui.horizontal(|ui| {
                                for (label, pick) in [
                                    ("Print / Export…", None),
                                    ("Back to the table", Some(VictoryChoice::Table)),
                                    ("Back to start", Some(VictoryChoice::Start)),
                                ] {
                                    if ui
                                        .add(egui::Button::new(label).min_size(vec2(140.0, 28.0)))
                                        .clicked()
                                    {
                                        match pick {
                                            None => export = true,
                                            Some(p) => choice = Some(p),
                                        }
                                    }
                                }
                            });
                            ui.separator();
                            let body_height = (height - 260.0).max(120.0);
                            egui::ScrollArea::vertical()
                                .id_salt("atlantic-victory-body")
                                .max_height(body_height)
                                .min_scrolled_height(body_height)
                                .auto_shrink([false, true])
                                .show(ui, |ui| {
                                    body(ui, game.convoy_log(), &promotions(career.session.events()))
                                });
                        });
                    });
            });
        });
        if export {
            self.export.open = true;
        }
        if self.export.open
            && let Some(paper) = game.paperwork()
        {
            let pictures = || crate::picture::every_board_png(game, 1.0);
            self.export.show(ui.ctx(), &paper, storage, &pictures);
        }
        choice
    }
}

/// The level, why, and the totals.
fn header(ui: &mut egui::Ui, end: &CareerEnd, log: &ConvoyLog) {
    ui.label(
        RichText::new("THE CAREER IS OVER")
            .size(14.0)
            .color(theme::NAVY_LIGHT),
    );
    let level = log
        .victory
        .as_ref()
        .map_or_else(|| end.level().to_string(), |v| v.level_name.clone());
    let colour = if end.won() {
        theme::HIGHLIGHT
    } else {
        theme::DANGER
    };
    let r = ui.label(RichText::new(&level).size(30.0).strong().color(colour));
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, format!("Victory level: {level}")));
    let (why, case) = reason(end.cause);
    ui.label(RichText::new(format!("{why} [{case}]")).size(15.0));
    let t = &log.totals;
    ui.label(
        RichText::new(format!(
            "Tonnage lost: {} t ({} merchants) · U-boats sunk: {} · damaged: {} · {} missions · escorts lost: {}",
            periscope_print::atlantic::tons(t.tonnage_lost),
            t.merchants_lost,
            t.uboats_sunk,
            t.uboats_damaged,
            t.missions,
            t.escorts_lost
        ))
        .strong(),
    );
    ui.label(format!("Escort group {} · {} {}", log.group, log.rank, log.soe));
    if let Some(v) = &log.victory {
        for line in how(v) {
            ui.label(line);
        }
    }
    if end.winner.is_some() || end.results.len() > 1 {
        ui.label(end.describe());
    }
}

/// The width of the targets' column: the longest lists wrap inside it.
const TARGETS_WIDTH: f32 = 640.0;

/// The promotions and the Convoy Log's rows.
fn body(ui: &mut egui::Ui, log: Option<&ConvoyLog>, promotions: &[String]) {
    ui.label(RichText::new("Promotions [7.6]").strong());
    if promotions.is_empty() {
        ui.label("none");
    } else {
        ui.label(promotions.join(" · "));
    }
    ui.add_space(8.0);
    ui.label(RichText::new("Convoy Log [4.3]").strong());
    let Some(log) = log else {
        return;
    };
    egui::Grid::new("atlantic-victory-log")
        .striped(true)
        .show(ui, |ui| {
            for title in [
                "#",
                "Date",
                "Convoy",
                "Tons lost",
                "U-boats sunk",
                "Targets (sunk in brackets)",
            ] {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
            for row in &log.rows {
                match row {
                    LogRow::Mission(m) => {
                        let targets: Vec<String> = m
                            .targets
                            .iter()
                            .map(|t| {
                                if t.sunk {
                                    format!("({} {} t)", t.name, t.tonnage)
                                } else {
                                    format!("{} {} t", t.name, t.tonnage)
                                }
                            })
                            .collect();
                        ui.label(m.number.to_string());
                        ui.label(m.month.short());
                        ui.label(super::convoy_log::convoy_words(m.convoy, m.size));
                        ui.label(periscope_print::atlantic::tons(m.tonnage_lost));
                        ui.label(m.uboats_sunk.len().to_string());
                        let width = TARGETS_WIDTH;
                        ui.scope(|ui| {
                            ui.set_min_width(width);
                            ui.set_max_width(width);
                            ui.add(egui::Label::new(targets.join("; ")).wrap());
                        });
                    }
                    LogRow::Refit { month } => {
                        ui.label("");
                        ui.label(month.short());
                        ui.label("Refit [7.7.1]");
                        ui.label("");
                        ui.label("");
                        ui.label("");
                    }
                }
                ui.end_row();
            }
        });
}
