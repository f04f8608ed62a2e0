//! The last roll: chart, rule case, dice faces, each modifier with its reason and case, result, outcome.

use egui::RichText;
use periscope_engine::{Dice, RollRecord};

use crate::panels::rules_reference::{self, RuleBook};
use crate::widgets::die;

/// Shows the last roll; `rolling` (1 to 0) tumbles the faces; the rule cases of the game's book are links.
pub fn show(ui: &mut egui::Ui, roll: Option<&RollRecord>, rolling: f32, book: Option<&'static dyn RuleBook>) {
    let Some(r) = roll else {
        ui.label(RichText::new("No roll yet.").italics());
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&r.chart).strong());
        links(ui, book, &r.rule);
    });
    let size = 30.0;
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), size + 8.0), egui::Sense::hover());
    for (i, &f) in r.faces.iter().enumerate() {
        let c = rect.left_center() + egui::vec2(size * 0.6 + i as f32 * (size + 8.0), 0.0);
        // While the roll animates the faces tumble; they settle on the real faces.
        let shown = if rolling > 0.0 {
            ((f as f32 + rolling * 23.0) as u8 % 6) + 1
        } else {
            f
        };
        match r.dice {
            Dice::D6 { .. } | Dice::D66 => die::paint_d6(ui.painter(), c, size, shown, false),
            Dice::D10 => die::paint_numbered(ui.painter(), c, size, f, "d10"),
            Dice::D20 => die::paint_numbered(ui.painter(), c, size, f, "d20"),
            Dice::D100 => die::paint_numbered(ui.painter(), c, size, f, "d10"),
            Dice::D10Zero => die::paint_numbered(ui.painter(), c, size, f, "d10"),
        }
    }
    egui::Grid::new("roll-record")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            ui.label("Dice");
            ui.label(format!("{} = {}", r.dice, r.natural));
            ui.end_row();
            for m in &r.modifiers {
                ui.label(format!("{:+}", m.value));
                ui.horizontal_wrapped(|ui| {
                    ui.label(&m.reason);
                    links(ui, book, &m.rule);
                });
                ui.end_row();
            }
            ui.label("Result");
            ui.label(RichText::new(r.result.to_string()).strong());
            ui.end_row();
        });
    if !r.outcome.is_empty() {
        ui.label(RichText::new(&r.outcome).italics());
    }
}

/// A roll's rule case as links to the rules reference (plain text when it is not a rulebook case).
fn links(ui: &mut egui::Ui, book: Option<&'static dyn RuleBook>, rule: &str) {
    let cases = rules_reference::cited_in(book, &format!("[{rule}]"));
    if cases.is_empty() {
        ui.label(format!("[{rule}]"));
    }
    if let Some(book) = book {
        for case in cases {
            rules_reference::case_link(ui, book, &case);
        }
    }
}
