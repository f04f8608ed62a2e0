//! The victory screen's content, shown when the career ends [5.1] [5.2]: the level, why the career ended,
//! tonnage, special missions, decorations and rank, the Patrol Log rows and the career summary. The frame,
//! Print / Export… and the way back are the shared shell's (`crate::career::victory`).

use egui::RichText;
use periscope_engine::sensuikan::career::{Career, CareerEnd, CareerView, EndCause, VictoryLevel};

use super::rules::link as case_link;
use crate::theme;

/// [5.1.1]-[5.1.3] [2.0] [5.2.2] Why the career ended, and the case that says so.
pub fn reason(cause: EndCause) -> (&'static str, &'static str) {
    match cause {
        EndCause::WarOver => ("The war is over for this boat: July 1945 is past.", "5.1.1"),
        EndCause::Killed => ("The commander was killed with his boat.", "5.1.3"),
        EndCause::Prisoner => ("The commander was taken prisoner after scuttling.", "5.1.3"),
        EndCause::Scuttled => ("The boat was scuttled and the crew rescued.", "8.6.3"),
        EndCause::Captured => (
            "The scuttling failed: the boat was captured (automatic Defeat).",
            "5.2.2",
        ),
    }
}

fn level_colour(level: VictoryLevel) -> egui::Color32 {
    match level {
        VictoryLevel::Defeat => theme::DANGER,
        VictoryLevel::Draw => theme::NAVY,
        _ => theme::HIGHLIGHT,
    }
}

/// The level, the reason and the totals, once the career has ended.
pub fn header(ui: &mut egui::Ui, game: &Career) {
    let v = game.view();
    if let Some(end) = &v.end {
        header_of(ui, &v, end, game.options().standard_tonnage);
    }
}

/// The level, the reason and the totals of the career's end.
fn header_of(ui: &mut egui::Ui, v: &CareerView, end: &CareerEnd, standard: bool) {
    ui.label(
        RichText::new("THE CAREER IS OVER")
            .size(14.0)
            .color(theme::NAVY_LIGHT),
    );
    ui.horizontal(|ui| {
        let level = format!(
            "{}{}",
            end.level.name(),
            if end.posthumous { " (posthumous)" } else { "" }
        );
        let r = ui.label(
            RichText::new(&level)
                .size(30.0)
                .strong()
                .color(level_colour(end.level)),
        );
        r.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Label, true, format!("Victory level: {level}"))
        });
        case_link(ui, "5.2.2");
        if end.posthumous {
            case_link(ui, "5.2.4");
        }
    });
    let (why, case) = reason(end.cause);
    ui.horizontal(|ui| {
        ui.label(RichText::new(why).size(15.0));
        case_link(ui, case);
    });
    ui.horizontal_wrapped(|ui| {
        let tonnage = if standard {
            format!("{} t sunk (standard tonnage)", end.tonnage)
        } else {
            format!("{} t sunk", end.tonnage)
        };
        ui.label(RichText::new(tonnage).strong());
        case_link(ui, "5.2.1");
        if standard {
            case_link(ui, "11.1");
        }
        ui.separator();
        let missions = match end.special_missions {
            1 => "1 special mission".to_string(),
            n => format!("{n} special missions"),
        };
        ui.label(RichText::new(missions).strong());
        case_link(ui, "5.2.3");
        ui.separator();
        ui.label(match v.patrols {
            1 => "1 patrol".to_string(),
            n => format!("{n} patrols"),
        });
    });
    // The commander and hull number are the player's (or a save's) text: shown, never obeyed.
    ui.label(periscope_data::shown::shown(&format!(
        "{} {} · {} {} · last month {}",
        v.rank, v.commander, v.class, v.hull_number, v.month
    )));
}

/// Decorations, the Patrol Log rows and the career summary.
pub fn body(ui: &mut egui::Ui, v: &CareerView) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Decorations").strong());
        case_link(ui, "8.8");
    });
    if v.decorations.is_empty() {
        ui.label("none");
    } else {
        ui.label(v.decorations.join(" · "));
    }
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Patrol Log").strong());
        case_link(ui, "3.5");
    });
    egui::Grid::new("victory-log").striped(true).show(ui, |ui| {
        for title in ["Month", "P/R", "Area", "Mission", "Ships", "Tons", "Result"] {
            ui.label(RichText::new(title).strong());
        }
        ui.end_row();
        for row in &v.log {
            let ships: Vec<String> = row
                .ships
                .iter()
                .map(|s| format!("{} ({})", s.name, if s.sunk { "sunk" } else { "dmg" }))
                .collect();
            ui.label(&row.month);
            ui.label(if row.mark == "patrol" {
                "P"
            } else {
                row.mark.as_str()
            });
            ui.label(v.map.area_name(&row.area));
            ui.label(&row.mission);
            ui.label(ships.join("; "));
            ui.label(if row.tonnage > 0 {
                row.tonnage.to_string()
            } else {
                String::new()
            });
            ui.label(&row.result);
            ui.end_row();
        }
    });
    ui.add_space(8.0);
    let summary = periscope_print::sensuikan::career::summary(v);
    ui.label(RichText::new(&summary.title).strong());
    egui::Grid::new("victory-summary-header")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (label, value) in &summary.header {
                ui.label(label);
                ui.label(if value.is_empty() { "—" } else { value });
                ui.end_row();
            }
        });
    if !summary.rows.is_empty() {
        egui::Grid::new("victory-summary").striped(true).show(ui, |ui| {
            for c in &summary.columns {
                ui.label(RichText::new(&c.title).strong());
            }
            ui.end_row();
            for row in &summary.rows {
                for cell in row {
                    ui.label(cell);
                }
                ui.end_row();
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        for (label, value) in &summary.totals {
            ui.label(RichText::new(format!("{label}: {value}")).strong());
        }
    });
}
