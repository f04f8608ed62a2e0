//! The dice tray for physical dice: a place to enter what each real die shows, by clicking its face or by
//! typing it (digits, Backspace, Enter).

use egui::RichText;

pub use crate::keys::Typed;
use periscope_engine::Dice;

/// What the player entered for a pending physical roll.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Entry {
    pub faces: Vec<u8>,
    /// Digits typed for the next die, not yet a face (a "1" that may become "10" or "12" on a d20).
    pub typing: String,
}

impl Entry {
    /// Takes one typed key; returns the faces when Enter completes the roll. A digit joins the die being
    /// typed, which is entered as soon as no further digit could keep it on the die (a 4 on a d6 at once;
    /// a 1 on a d20 waits for a possible second digit, which Enter or the next die's digit ends).
    pub fn key(&mut self, dice: Dice, typed: Typed) -> Option<Vec<u8>> {
        let need = dice.face_count();
        match typed {
            Typed::Digit(d) => {
                if self.faces.len() >= need {
                    return None;
                }
                let (lo, hi) = dice.face_range(self.faces.len());
                let candidate = format!("{}{d}", self.typing);
                match candidate.parse::<u16>() {
                    Ok(v) if v <= u16::from(hi) => self.typing = candidate,
                    // No face of this die at all.
                    _ if self.typing.is_empty() => return None,
                    // Too big for this die: the digits so far are its face, and this one starts the next.
                    _ => {
                        self.commit(lo, hi);
                        if self.faces.len() < need {
                            return self.key(dice, Typed::Digit(d));
                        }
                        return None;
                    }
                }
                let v = self.typing.parse::<u16>().unwrap_or(0);
                if v * 10 > u16::from(hi) || (v == 0 && lo == 0) {
                    self.commit(lo, hi);
                }
                None
            }
            Typed::Backspace => {
                if self.typing.pop().is_none() {
                    self.faces.pop();
                }
                None
            }
            Typed::Enter => {
                if self.faces.len() < need {
                    let (lo, hi) = dice.face_range(self.faces.len());
                    self.commit(lo, hi);
                }
                (self.faces.len() == need).then(|| std::mem::take(&mut self.faces))
            }
        }
    }

    /// The digits typed become the die's face, if they are one.
    fn commit(&mut self, lo: u8, hi: u8) {
        if let Ok(v) = self.typing.parse::<u8>()
            && (lo..=hi).contains(&v)
        {
            self.faces.push(v);
        }
        self.typing.clear();
    }
}

/// The keys typed this frame, for the tray.
fn typed_keys(ui: &egui::Ui) -> Vec<Typed> {
    ui.input(crate::keys::typed)
}

/// Shows buttons for each face of each die still to enter and takes typed faces when `keys` is on;
/// returns the faces once the roll is complete.
pub fn physical(ui: &mut egui::Ui, dice: Dice, entry: &mut Entry, keys: bool) -> Option<Vec<u8>> {
    let need = dice.face_count();
    if keys {
        for typed in typed_keys(ui) {
            if let Some(faces) = entry.key(dice, typed) {
                return Some(faces);
            }
        }
    }
    ui.label(RichText::new(format!("Roll {dice} on the table and enter each die:")).strong());
    ui.label("Type the faces (Backspace to correct, Enter to enter the roll) or click them.");
    for i in 0..need {
        let (lo, hi) = dice.face_range(i);
        ui.horizontal_wrapped(|ui| {
            let typing = i == entry.faces.len() && !entry.typing.is_empty();
            let shown = match entry.faces.get(i) {
                Some(f) => format!("Die {}: {f}", i + 1),
                None if typing => format!("Die {}: {}…", i + 1, entry.typing),
                None => format!("Die {}:", i + 1),
            };
            ui.label(shown);
            for f in lo..=hi {
                let selected = entry.faces.get(i) == Some(&f);
                let enabled = i <= entry.faces.len();
                let b = ui.add_enabled(enabled, egui::Button::selectable(selected, f.to_string()));
                let name = format!("Die {} shows {f}", i + 1);
                b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
                let b = b.on_hover_text(&name);
                if b.clicked() {
                    entry.faces.truncate(i);
                    entry.typing.clear();
                    entry.faces.push(f);
                }
            }
        });
    }
    ui.horizontal(|ui| {
        if ui.button("Clear").clicked() {
            *entry = Entry::default();
        }
        let ready = entry.faces.len() == need;
        if ui
            .add_enabled(ready, egui::Button::new("Enter dice"))
            .on_hover_text("Enter")
            .clicked()
        {
            return Some(std::mem::take(&mut entry.faces));
        }
        None
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(dice: Dice, keys: &str) -> (Entry, Option<Vec<u8>>) {
        let mut e = Entry::default();
        let mut out = None;
        for c in keys.chars() {
            let t = match c {
                '<' => Typed::Backspace,
                '\n' => Typed::Enter,
                d => Typed::Digit(d.to_digit(10).and_then(|d| u8::try_from(d).ok()).unwrap_or(0)),
            };
            if let Some(f) = e.key(dice, t) {
                out = Some(f);
            }
        }
        (e, out)
    }

    #[test]
    fn typed_faces_fill_the_dice_in_turn() {
        assert_eq!(typed(Dice::D2D6, "35\n").1, Some(vec![3, 5]));
        assert_eq!(typed(Dice::D2D6, "37").0.faces, vec![3], "7 is no face of a d6");
        assert_eq!(typed(Dice::D2D6, "3<4\n").1, None, "one die short");
        assert_eq!(typed(Dice::D2D6, "3<46\n").1, Some(vec![4, 6]));
        assert_eq!(typed(Dice::D20, "1\n").1, Some(vec![1]));
        assert_eq!(typed(Dice::D20, "17\n").1, Some(vec![17]));
        assert_eq!(
            typed(Dice::D20, "20").0.faces,
            vec![20],
            "no third digit fits: entered"
        );
        assert_eq!(typed(Dice::D10, "10\n").1, Some(vec![10]));
        assert_eq!(typed(Dice::D10, "0").0.faces, Vec::<u8>::new(), "no 0 on a d10");
        assert_eq!(typed(Dice::D100, "07\n").1, Some(vec![0, 7]));
        assert_eq!(typed(Dice::D20, "19").0.faces, vec![19]);
    }
}
