//! The victory screen of an Atlantic career [5.1] [5.2]: the level and how it was computed (the tons the
//! log counts, the level they give, each shift, the clamp), why the career ended, the tonnage lost and
//! the U-boats sunk, the promotions, and the Convoy Log's rows. Its totals are the Convoy Log's, the printed
//! sheet's too. The frame, Print / Export… and the way back are the shared shell's
//! (`crate::career::victory`).

use egui::RichText;
use periscope_engine::atlantic::career::{CareerEnd, CareerEvent, ConvoyLog, EndCause, LogRow};

use crate::theme;

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

/// The level, why, and the totals.
pub fn header(ui: &mut egui::Ui, end: &CareerEnd, log: &ConvoyLog) {
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
    // The SOE's name is the player's (or a save's) text: shown, never obeyed.
    ui.label(periscope_data::shown::shown(&format!(
        "Escort group {} · {} {}",
        log.group, log.rank, log.soe
    )));
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
pub fn body(ui: &mut egui::Ui, log: Option<&ConvoyLog>, promotions: &[String]) {
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
                "Targets († sunk)",
            ] {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
            for row in &log.rows {
                match row {
                    LogRow::Mission(m) => {
                        // A ship sunk marked † as on the printed log, its preview, CSV and report.
                        let targets: Vec<String> = m
                            .targets
                            .iter()
                            .map(|t| periscope_print::atlantic::target_item(&t.name, t.tonnage, t.sunk))
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
                            ui.add(egui::Label::new(targets.join(periscope_print::LIST_SEPARATOR)).wrap());
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
