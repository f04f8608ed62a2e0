//! The rolls of the last action: for each, its chart and rule case, the dice faces, each modifier with its
//! reason and case, the result (or, for dice read one by one, what they allow) and the outcome. Each
//! modifier has a line of its own, so a long reason wraps without running into the result.

use egui::RichText;
use periscope_engine::{Dice, RollRecord};

use crate::panels::rules_reference::{self, RuleBook};
use crate::theme;
use crate::widgets::die;

/// Shows every roll of the last action, the newest first (so it is in view as it comes), each numbered in
/// the action's order; `rolling` (1 to 0) tumbles the newest one's faces; the rule cases of the game's
/// book are links. `reads_faces` says which rolls are read die by die.
pub fn show_all(
    ui: &mut egui::Ui,
    rolls: &[&RollRecord],
    rolling: f32,
    book: Option<&'static dyn RuleBook>,
    reads_faces: fn(&RollRecord) -> bool,
) {
    if rolls.is_empty() {
        ui.label(RichText::new("No roll in the last action.").italics());
        return;
    }
    let last = rolls.len() - 1;
    for (i, r) in rolls.iter().enumerate().rev() {
        if i < last {
            ui.separator();
        }
        let tumble = if i == last { rolling } else { 0.0 };
        if rolls.len() > 1 {
            ui.label(RichText::new(format!("Roll {} of {}", i + 1, rolls.len())).color(theme::NAVY_LIGHT));
        }
        show(ui, r, tumble, book, reads_faces(r));
    }
}

/// One roll; `rolling` (1 to 0) tumbles the faces.
pub fn show(
    ui: &mut egui::Ui,
    r: &RollRecord,
    rolling: f32,
    book: Option<&'static dyn RuleBook>,
    reads_faces: bool,
) {
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
        let (lo, hi) = r.dice.face_range(i);
        let span = u32::from(hi - lo) + 1;
        let shown = if rolling > 0.0 {
            let spin = (rolling * 23.0) as u32 + u32::from(f);
            lo + u8::try_from(spin % span).unwrap_or(0)
        } else {
            f
        };
        match r.dice {
            Dice::D6 { .. } | Dice::D66 => die::paint_d6(ui.painter(), c, size, shown, false),
            Dice::D10 => die::paint_numbered(ui.painter(), c, size, shown, "d10"),
            Dice::D20 => die::paint_numbered(ui.painter(), c, size, shown, "d20"),
            Dice::D100 | Dice::D10Zero => die::paint_numbered(ui.painter(), c, size, shown, "d10"),
        }
    }
    let faces: Vec<String> = r.faces.iter().map(u8::to_string).collect();
    let dice_line = if reads_faces {
        format!("Dice {}: {}", r.dice, faces.join(", "))
    } else if r.faces.len() == 1 && i32::from(r.faces[0]) == r.natural {
        format!("Dice {}: {}", r.dice, r.natural)
    } else {
        format!("Dice {}: {} = {}", r.dice, faces.join(" "), r.natural)
    };
    ui.label(dice_line);
    for m in &r.modifiers {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{:+}", m.value)).strong());
            ui.label(&m.reason);
            links(ui, book, &m.rule);
        });
    }
    if reads_faces {
        if !r.outcome.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label("The dice allow:");
                ui.label(RichText::new(&r.outcome).strong());
            });
        }
        return;
    }
    ui.horizontal(|ui| {
        ui.label("Result");
        ui.label(
            RichText::new(r.result.to_string())
                .strong()
                .color(theme::HIGHLIGHT),
        );
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
