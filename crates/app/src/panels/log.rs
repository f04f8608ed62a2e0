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
                let text = RichText::new(e.to_string()).monospace().size(12.5);
                ui.label(if i >= highlight_from { text.strong() } else { text });
            }
        });
}
