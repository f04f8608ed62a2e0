//! The rolls of the last action: for each, its chart and rule case, the dice faces, each modifier with its
//! reason and case, the result (or, for dice read one by one, what they allow) and the outcome. Each
//! modifier has a line of its own, so a long reason wraps without running into the result. Under the newest
//! roll, the distribution of its results under the same modifiers, as bars with the result rolled marked
//! (when the odds are shown; the screen computes it once per roll, [`periscope_engine::odds::of_roll`]).

use egui::RichText;
use periscope_engine::odds::RollDistribution;
use periscope_engine::{Dice, RollRecord};

use crate::panels::rules_reference::{self, RuleBook};
use crate::theme;
use crate::widgets::die;

/// Shows every roll of the last action, the newest first (so it is in view as it comes), each numbered in
/// the action's order; `rolling` (1 to 0) tumbles the newest one's faces; the rule cases of the game's
/// book are links. `reads_faces` says which rolls are read die by die; `newest` is the distribution of
/// the newest roll, drawn under it once its dice have settled.
pub fn show_all(
    ui: &mut egui::Ui,
    rolls: &[&RollRecord],
    rolling: f32,
    book: Option<&'static dyn RuleBook>,
    reads_faces: fn(&RollRecord) -> bool,
    newest: Option<&RollDistribution>,
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
        if i == last
            && tumble <= 0.0
            && let Some(d) = newest
        {
            distribution(ui, r, d);
        }
    }
}

/// The line under a roll's dice: the faces, and their total unless the dice are read one by one
/// (`Dice 2d6: 3 4 = 7`).
pub fn dice_line(r: &RollRecord, reads_faces: bool) -> String {
    let faces: Vec<String> = r.faces.iter().map(u8::to_string).collect();
    if reads_faces {
        format!("Dice {}: {}", r.dice, faces.join(", "))
    } else if r.faces.len() == 1 && i32::from(r.faces[0]) == r.natural {
        format!("Dice {}: {}", r.dice, r.natural)
    } else {
        format!("Dice {}: {} = {}", r.dice, faces.join(" "), r.natural)
    }
}

/// The chance of each result the roll could have given, as bars; the result rolled in the highlight
/// colour with its share above it. Labelled for screen readers with every result's share.
pub fn distribution(ui: &mut egui::Ui, r: &RollRecord, d: &RollDistribution) {
    if d.results.is_empty() {
        return;
    }
    let share = |ways: u32| f64::from(ways) / f64::from(d.of.max(1));
    let top = d.results.iter().map(|(_, w)| *w).max().unwrap_or(1).max(1);
    let height = 58.0;
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(ui.available_width().min(320.0), height + 30.0),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let n = d.results.len() as f32;
    let slot = rect.width() / n;
    let base = rect.top() + 14.0 + height;
    let few = d.results.len() <= 16;
    for (k, (result, ways)) in d.results.iter().enumerate() {
        let x = rect.left() + slot * (k as f32 + 0.5);
        let h = height * *ways as f32 / top as f32;
        let rolled = *result == d.rolled;
        let bar = egui::Rect::from_min_max(
            egui::pos2(x - (slot * 0.38).max(0.5), base - h),
            egui::pos2(x + (slot * 0.38).max(0.5), base),
        );
        let colour = if rolled {
            theme::HIGHLIGHT
        } else {
            theme::NAVY_LIGHT
        };
        painter.rect_filled(bar, 1.0, colour);
        let label = |text: String, at: egui::Pos2, colour: egui::Color32| {
            painter.text(
                at,
                egui::Align2::CENTER_TOP,
                text,
                egui::FontId::proportional(10.5),
                colour,
            );
        };
        if few || rolled || k == 0 || k + 1 == d.results.len() {
            let colour = if rolled {
                theme::HIGHLIGHT
            } else {
                theme::PAPER_SHADE
            };
            label(result.to_string(), egui::pos2(x, base + 2.0), colour);
        }
        if rolled {
            painter.text(
                egui::pos2(x, bar.top() - 1.0),
                egui::Align2::CENTER_BOTTOM,
                format!("{:.0} %", 100.0 * share(*ways)),
                egui::FontId::proportional(10.5),
                theme::HIGHLIGHT,
            );
        }
    }
    let rolled_share = d
        .results
        .iter()
        .find(|(x, _)| *x == d.rolled)
        .map_or(0.0, |(_, w)| share(*w));
    let every: Vec<String> = d
        .results
        .iter()
        .map(|(x, w)| format!("{x}: {:.1} %", 100.0 * share(*w)))
        .collect();
    let text = distribution_text(r, d, rolled_share);
    response
        .on_hover_text(format!("{text}\n{}", every.join(" · ")))
        .widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Image, true, format!("{text}. {}", every.join(", ")))
        });
}

/// `B4 under the same modifiers: 8 rolled, a 14 % chance`, which the chart panel's label begins with.
pub fn distribution_text(r: &RollRecord, d: &RollDistribution, rolled_share: f64) -> String {
    format!(
        "{} under the same modifiers: {} rolled, a {:.0} % chance",
        r.chart,
        d.rolled,
        100.0 * rolled_share
    )
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
    ui.label(dice_line(r, reads_faces));
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
