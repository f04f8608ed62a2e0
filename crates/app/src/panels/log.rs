//! The event log, newest at the bottom. It follows new lines: after an action, a roll or an undo it
//! scrolls to the end again, even when the player had scrolled back to read.

use egui::RichText;

use crate::panels::rules_reference::{self, RuleBook};

/// Shows the log; lines from `highlight_from` on are bold; a line citing a case of the game's book opens
/// the rules reference at it; `follow` scrolls to the newest line.
pub fn show<E: std::fmt::Display>(
    ui: &mut egui::Ui,
    events: &[E],
    highlight_from: usize,
    book: Option<&'static dyn RuleBook>,
    follow: bool,
) {
    let copy = ui
        .small_button("Copy the log")
        .on_hover_text("Every line of the log, to paste into a message or a report");
    if copy.clicked() {
        let text: Vec<String> = events
            .iter()
            .map(|e| periscope_data::shown::shown_lines(&e.to_string()).into_owned())
            .collect();
        ui.ctx().copy_text(text.join("\n"));
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            // Only the last few hundred lines: a long game must not slow every frame.
            let start = events.len().saturating_sub(400);
            for (i, e) in events.iter().enumerate().skip(start) {
                // An event can carry text from a file (a commander's name): shown, never obeyed.
                let line = periscope_data::shown::shown_lines(&e.to_string()).into_owned();
                let text = RichText::new(&line).monospace().size(12.5);
                let text = if i >= highlight_from { text.strong() } else { text };
                // A line citing a rule case opens the rules reference at it.
                let cases = rules_reference::cited_in(book, &line);
                match cases.first().zip(book) {
                    Some((case, book)) => {
                        let r = ui
                            .add(
                                egui::Label::new(text)
                                    .sense(egui::Sense::click())
                                    .selectable(true),
                            )
                            .on_hover_text(format!("Click: rule [{case}] in the rules reference"));
                        if r.clicked() {
                            rules_reference::request(ui.ctx(), Some(book.id()), Some(case));
                        }
                    }
                    None => {
                        ui.add(egui::Label::new(text).selectable(true));
                    }
                }
            }
            if follow {
                ui.scroll_to_cursor(Some(egui::Align::BOTTOM));
            }
        });
}
