//! The event log, newest at the bottom, scrolled to the end.

use egui::RichText;

pub fn show<E: std::fmt::Display>(ui: &mut egui::Ui, events: &[E], highlight_from: usize) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            // Only the last few hundred lines: a long game must not slow every frame.
            let start = events.len().saturating_sub(400);
            for (i, e) in events.iter().enumerate().skip(start) {
                let line = e.to_string();
                let text = RichText::new(&line).monospace().size(12.5);
                let text = if i >= highlight_from { text.strong() } else { text };
                // A line citing a rule case opens the rules reference at it.
                let cases = crate::panels::rules_reference::cited_cases(&line);
                match cases.first() {
                    Some(case) => {
                        let r = ui
                            .add(egui::Label::new(text).sense(egui::Sense::click()))
                            .on_hover_text(format!("Click: rule [{case}] in the rules reference"));
                        if r.clicked() {
                            crate::panels::rules_reference::request(ui.ctx(), Some(case));
                        }
                    }
                    None => {
                        ui.label(text);
                    }
                }
            }
        });
}
