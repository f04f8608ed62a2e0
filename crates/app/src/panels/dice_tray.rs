//! The dice tray: the dice of the last roll, or, with physical dice, a place to enter each face.

use egui::RichText;
use periscope_engine::Dice;

/// What the player typed for a pending physical roll.
#[derive(Default)]
pub struct Entry {
    pub faces: Vec<u8>,
}

/// Shows buttons for each face of each die still to enter; returns the faces once all are in.
pub fn physical(ui: &mut egui::Ui, dice: Dice, entry: &mut Entry) -> Option<Vec<u8>> {
    let need = dice.face_count();
    ui.label(RichText::new(format!("Roll {dice} on the table and enter each die:")).strong());
    for i in 0..need {
        let (lo, hi) = dice.face_range(i);
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("Die {}:", i + 1));
            for f in lo..=hi {
                let selected = entry.faces.get(i) == Some(&f);
                let enabled = i <= entry.faces.len();
                let b = ui.add_enabled(enabled, egui::Button::selectable(selected, f.to_string()));
                let name = format!("Die {} shows {f}", i + 1);
                b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
                let b = b.on_hover_text(&name);
                if b.clicked() {
                    entry.faces.truncate(i);
                    entry.faces.push(f);
                }
            }
        });
    }
    ui.horizontal(|ui| {
        if ui.button("Clear").clicked() {
            entry.faces.clear();
        }
        let ready = entry.faces.len() == need;
        if ui.add_enabled(ready, egui::Button::new("Enter dice")).clicked() {
            return Some(std::mem::take(&mut entry.faces));
        }
        None
    })
    .inner
}
