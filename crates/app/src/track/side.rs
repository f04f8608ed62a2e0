//! The Track table's side panel, one tab at a time: the dice tray and its history, the chart look-up, the
//! counter tray's search, the card piles, the moves (undo and redo) and the notes.

use egui::{RichText, Role, Sense, WidgetInfo, vec2};
use periscope_engine::Dice;

use super::history::Part;
use super::{Tab, Tint, TrackScreen, lookup};
use crate::storage::Storage;
use crate::theme;
use crate::widgets::die;

/// Paints the faces of a roll, each as its die.
fn paint_faces(ui: &mut egui::Ui, dice: Option<Dice>, faces: &[u8], size: f32) {
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), size + 10.0), Sense::hover());
    for (i, &f) in faces.iter().enumerate() {
        let c = rect.left_center() + vec2(size * 0.7 + i as f32 * (size + 10.0), 0.0);
        match dice {
            Some(Dice::D6 { .. } | Dice::D66) | None => die::paint_d6(ui.painter(), c, size, f, false),
            Some(Dice::D10) => die::paint_numbered(ui.painter(), c, size, f, "d10"),
            Some(Dice::D20) => die::paint_numbered(ui.painter(), c, size, f, "d20"),
            Some(Dice::D100 | Dice::D10Zero) => die::paint_numbered(ui.painter(), c, size, f, "d10"),
        }
    }
}

impl TrackScreen {
    /// The side panel; returns whether the table changed.
    pub(super) fn side_panel(&mut self, ui: &mut egui::Ui, storage: &Storage) -> bool {
        let mut changed = false;
        ui.horizontal_wrapped(|ui| {
            let mut tabs = vec![
                (Tab::Dice, "Dice"),
                (Tab::Charts, "Charts"),
                (Tab::Counters, "Counters"),
            ];
            if self.cards.is_some() {
                tabs.push((Tab::Cards, "Cards"));
            }
            tabs.extend([(Tab::Moves, "Moves"), (Tab::Notes, "Notes")]);
            if self.layout.companion().is_some() {
                tabs.push((Tab::Companion, "Companion"));
            }
            for (tab, name) in tabs {
                if ui.selectable_label(self.tab == tab, name).clicked() && self.tab != tab {
                    self.commit_notes();
                    self.commit_counter_note();
                    self.tab = tab;
                }
            }
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("track-side")
            .auto_shrink([false, false])
            .max_height(ui.available_height() - 30.0)
            .show(ui, |ui| match self.tab {
                Tab::Dice => self.dice_tab(ui),
                Tab::Charts => {
                    let roll = self
                        .table
                        .rolls
                        .last()
                        .and_then(|r| r.dice.map(|d| (d, r.faces.clone())));
                    let rules = self.layout.rules();
                    self.chart_book(storage);
                    if let Some(book) = &self.charts {
                        lookup::show(
                            ui,
                            book,
                            &mut self.lookup,
                            rules,
                            roll.as_ref().map(|(d, f)| (*d, f.as_slice())),
                        );
                    }
                }
                Tab::Counters => {
                    changed |= self.picked_counter(ui);
                    self.counters_tab(ui);
                }
                Tab::Cards => changed |= self.cards_tab(ui),
                Tab::Moves => self.moves_tab(ui),
                Tab::Notes => changed |= self.notes_tab(ui),
                Tab::Companion => changed |= self.companion_tab(ui, storage),
            });
        if let Some(s) = &self.status {
            ui.colored_label(theme::HIGHLIGHT, s);
        }
        changed
    }

    fn dice_tab(&mut self, ui: &mut egui::Ui) {
        ui.heading("Dice tray");
        ui.horizontal_wrapped(|ui| {
            ui.label("Dice:");
            for &d in self.layout.dice() {
                if ui.selectable_label(self.dice == d, d.to_string()).clicked() {
                    self.dice = d;
                }
            }
        });
        ui.horizontal(|ui| {
            let label = ui.add(
                egui::TextEdit::singleline(&mut self.roll_label)
                    .hint_text("What for? (B4, escort 2)")
                    .desired_width(ui.available_width() - 70.0),
            );
            label.widget_info(|| WidgetInfo::labeled(Role::TextInput, true, "Roll label"));
            if ui.button("Roll").clicked() {
                self.roll();
            }
        });
        let last = self.table.rolls.last();
        let dice = last.and_then(|r| r.dice);
        let faces = self.table.dice.clone();
        paint_faces(ui, dice, &faces, 36.0);
        if let Some(r) = self.table.rolls.last() {
            ui.label(format!("Rolled {}", r.describe()));
        } else if !faces.is_empty() {
            let shown: Vec<String> = faces.iter().map(u8::to_string).collect();
            ui.label(format!("Rolled: {}", shown.join(", ")));
        }
        ui.separator();
        let n = self.table.rolls.len();
        ui.label(RichText::new(format!("Rolls, newest first ({n})")).strong());
        if n == 0 {
            ui.label(RichText::new("No roll yet.").italics());
        }
        egui::ScrollArea::vertical()
            .id_salt("track-rolls")
            .max_height(320.0)
            .show(ui, |ui| {
                for (i, r) in self.table.rolls.iter().enumerate().rev() {
                    let label = if r.label.is_empty() {
                        String::new()
                    } else {
                        format!(" · {}", r.label)
                    };
                    ui.label(format!("Roll {} · {} · {}{label}", i + 1, r.when(), r.describe()));
                }
            });
    }

    fn counters_tab(&mut self, ui: &mut egui::Ui) {
        ui.heading("Counter tray");
        let field = ui.add(
            egui::TextEdit::singleline(&mut self.search)
                .hint_text("Find a counter (T95, rank, Pearl Harbor…)")
                .desired_width(f32::INFINITY),
        );
        field.widget_info(|| WidgetInfo::labeled(Role::TextInput, true, "Find a counter"));
        if field.changed() {
            self.shown = 0;
        }
        let needle = self.search.trim().to_lowercase();
        let total = self.table.counters.len();
        ui.label(
            RichText::new(format!(
                "{total} counters on the table; those found glow. Show centres the view on each in turn."
            ))
            .weak(),
        );
        let Some(mix) = &self.mix else {
            return;
        };
        let mut show = None;
        let mut group = "";
        for kind in &mix.kinds {
            let faces = kind
                .faces
                .iter()
                .map(|f| format!("{} {}", f.mark, f.name.as_deref().unwrap_or("")))
                .collect::<Vec<_>>()
                .join(" ");
            let text = format!("{} {} {} {}", kind.label, kind.name, kind.group, faces).to_lowercase();
            if !needle.is_empty() && !text.contains(&needle) {
                continue;
            }
            if kind.group != group {
                group = &kind.group;
                ui.add_space(4.0);
                ui.label(
                    RichText::new(group.to_uppercase())
                        .strong()
                        .color(theme::PAPER_SHADE),
                );
            }
            let on_table = self.table.counters.iter().filter(|c| c.kind == kind.id).count();
            ui.horizontal_wrapped(|ui| {
                if ui.small_button("Show").clicked() {
                    show = Some(kind.id.clone());
                }
                ui.label(RichText::new(&kind.label).strong());
                ui.label(format!("{} · {} ({on_table} here)", kind.name, kind.count));
            });
        }
        if let Some(kind) = show {
            let found: Vec<egui::Pos2> = self
                .table
                .counters
                .iter()
                .filter(|c| c.kind == kind)
                .map(|c| c.at())
                .collect();
            if let Some(at) = found.get(self.shown % found.len().max(1)) {
                let size = self.scene_rect.size().min(vec2(900.0, 600.0));
                self.scene_rect = egui::Rect::from_center_size(*at, size);
                self.shown += 1;
            }
        }
    }

    fn cards_tab(&mut self, ui: &mut egui::Ui) -> bool {
        let Some(layout) = &self.cards else {
            return false;
        };
        ui.heading("Card piles");
        ui.label(
            RichText::new(
                "Click a deck to deal or turn its top card, a card to turn it over; right-click a dealt \
                 card or a fan to discard it.",
            )
            .weak(),
        );
        let view = self.table.cards.fitted(layout).into_owned();
        let mut act = None;
        for (p, pack) in layout.packs.iter().enumerate() {
            ui.separator();
            ui.label(RichText::new(pack.name).strong());
            ui.label(format!(
                "{} in the deck · {} discarded",
                view.cards(&pack.deck.id).len(),
                view.cards(&pack.discard.id).len()
            ));
            ui.horizontal_wrapped(|ui| {
                if let Some((label, _)) = &pack.deal
                    && ui.button(*label).clicked()
                {
                    act = Some((p, 0));
                }
                if let Some((label, _)) = &pack.draw
                    && ui.button(*label).clicked()
                {
                    act = Some((p, 1));
                }
                if ui
                    .button(format!("Shuffle the {} and its discards", pack.deck.name))
                    .clicked()
                {
                    act = Some((p, 2));
                }
                if ui
                    .button(format!("Gather the whole {} and shuffle", pack.name))
                    .clicked()
                {
                    act = Some((p, 3));
                }
                if let Some((_, to)) = &pack.draw
                    && ui.button(format!("Discard the {}", to.name)).clicked()
                {
                    act = Some((p, 4));
                }
            });
        }
        let Some((p, what)) = act else {
            return false;
        };
        self.card_step("Cards", |t, l, rng| {
            let pack = l.packs.get(p)?;
            Some(match what {
                0 => t.deal(pack).unwrap_or_else(|e| e),
                1 => t.draw(pack, l.name).unwrap_or_else(|e| e),
                2 => t.shuffle(pack, rng),
                3 => t.gather(pack, rng),
                _ => {
                    let to = pack.draw.as_ref().map(|(_, s)| s.id.clone()).unwrap_or_default();
                    let n = t.discard(pack, &to);
                    format!("{n} cards to the {}", pack.discard.name)
                }
            })
        })
    }

    fn moves_tab(&mut self, ui: &mut egui::Ui) {
        ui.heading("Moves");
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.can_undo(), egui::Button::new("Undo the last move"))
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(self.history.can_redo(), egui::Button::new("Redo the move undone"))
                .clicked()
            {
                self.redo();
            }
        });
        ui.label(
            RichText::new(format!(
                "{} undoes, {} redoes (outside the text fields).",
                crate::keys::shown(ui.ctx(), &crate::keys::UNDO),
                crate::keys::shown(ui.ctx(), &crate::keys::REDO)
            ))
            .weak(),
        );
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.look.show_mark, "Mark the last moves")
                .on_hover_text("A ring around the counters the last moves moved, flipped, stacked or marked");
            ui.label("Moves marked:");
            let n = ui.add_enabled(
                self.look.show_mark,
                egui::DragValue::new(&mut self.look.mark_last).range(1..=20),
            );
            n.widget_info(|| WidgetInfo::labeled(Role::SpinButton, true, "Mark the last N moves"));
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button("Export the move log as text").clicked() {
                self.export_log_text();
            }
        });
        ui.separator();
        let undone: Vec<String> = self.history.undone().map(str::to_string).collect();
        for what in undone.iter().rev() {
            ui.label(RichText::new(format!("undone: {what}")).weak().italics());
        }
        let log = self.log();
        if log.is_empty() && undone.is_empty() {
            ui.label(RichText::new("No move yet since the table was opened.").italics());
        }
        // The log, newest first: the steps numbered as undo takes them back, the rolls between them.
        let mut k = self.history.steps().len();
        for line in log.iter().rev() {
            let roll = line.text.starts_with("rolled ");
            ui.horizontal_wrapped(|ui| {
                let time = super::log::stamp(line.at);
                let time = time.rsplit(' ').next().unwrap_or_default().to_string();
                ui.label(RichText::new(time).weak().monospace());
                if roll {
                    ui.label(RichText::new(&line.text).color(theme::PAPER_SHADE));
                } else {
                    ui.label(format!("{k}. {}", line.text));
                }
            });
            if !roll {
                k = k.saturating_sub(1);
            }
        }
    }

    /// The counter clicked last: its name, its colour mark and its note, which the player edits here.
    /// Returns whether the table changed.
    fn picked_counter(&mut self, ui: &mut egui::Ui) -> bool {
        let Some(i) = self
            .look
            .selected
            .and_then(|id| self.table.counters.iter().position(|c| c.id == id))
        else {
            ui.label(
                RichText::new("Click a counter on the table to mark it with a colour or write a note on it.")
                    .weak(),
            );
            ui.separator();
            return false;
        };
        let mut changed = false;
        let name = self.called(&self.table.counters[i]);
        ui.label(RichText::new(format!("Counter {name}")).strong());
        ui.label(self.describe(&self.table.counters[i]));
        ui.horizontal_wrapped(|ui| {
            ui.label("Colour:");
            for tint in Tint::ALL {
                let on = self.table.counters[i].tint == tint;
                let chip = RichText::new(tint.name()).color(tint.colour().unwrap_or(theme::PAPER));
                let resp = ui.selectable_label(on, chip);
                resp.widget_info(|| {
                    WidgetInfo::selected(Role::Button, true, on, format!("Colour: {}", tint.name()))
                });
                if resp.clicked() && !on {
                    self.commit_counter_note();
                    let before = self.table.counters.clone();
                    let id = self.table.counters[i].id;
                    self.table.counters[i].tint = tint;
                    let words = if tint.is_none() {
                        format!("{name}'s colour mark taken off")
                    } else {
                        format!("{name} marked {}", tint.name())
                    };
                    self.step(words, Part::Counters(before), vec![id]);
                    changed = true;
                }
            }
        });
        let note = ui.add(
            egui::TextEdit::multiline(&mut self.table.counters[i].note)
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .hint_text("A note on this counter (hit twice, slowed…)"),
        );
        note.widget_info(|| WidgetInfo::labeled(Role::TextInput, true, "Counter note"));
        if note.gained_focus() && self.look.note_before.is_none() {
            self.look.note_before = Some(self.table.counters.clone());
        }
        if note.lost_focus() {
            self.commit_counter_note();
        }
        ui.separator();
        changed | note.changed()
    }

    /// Records the counter note typed since its field took the focus as one step.
    pub(super) fn commit_counter_note(&mut self) {
        let Some(before) = self.look.note_before.take() else {
            return;
        };
        let edited = self
            .table
            .counters
            .iter()
            .find(|c| before.iter().any(|b| b.id == c.id && b.note != c.note));
        if let Some(c) = edited {
            let (id, name) = (c.id, self.called(c));
            let words = if c.note.trim().is_empty() {
                format!("Note on {name} taken off")
            } else {
                format!("Note on {name}: {}", c.note.trim())
            };
            self.step(words, Part::Counters(before), vec![id]);
        }
    }

    fn notes_tab(&mut self, ui: &mut egui::Ui) -> bool {
        ui.heading("Notes");
        let notes = ui.add(
            egui::TextEdit::multiline(&mut self.table.notes)
                .desired_rows(18)
                .desired_width(f32::INFINITY)
                .hint_text("Patrol notes…"),
        );
        notes.widget_info(|| WidgetInfo::labeled(Role::TextInput, true, "Table notes"));
        if notes.gained_focus() && self.notes_before.is_none() {
            self.notes_before = Some(self.table.notes.clone());
        }
        if notes.lost_focus() {
            self.commit_notes();
        }
        notes.changed()
    }
}

impl TrackScreen {
    /// The companion this table carries: carry the one in progress, or open the one carried.
    fn companion_tab(&mut self, ui: &mut egui::Ui, storage: &Storage) -> bool {
        let Some(game) = self.layout.companion() else {
            return false;
        };
        let mut changed = false;
        ui.label(
            "This table can carry the companion's game: its piles, draws, damage and calendar are saved \
             inside the table, so each table is one game of Silent War.",
        );
        ui.add_space(6.0);
        match super::companion::describe(&self.table) {
            Some(line) => ui.label(format!("Carries: {line}")),
            None => ui.weak("Carries no companion yet."),
        };
        ui.add_space(6.0);
        if ui
            .button("Carry the companion in progress")
            .on_hover_text("Copies the companion's autosave into this table")
            .clicked()
        {
            match super::companion::carry(&mut self.table, storage, game) {
                Ok(message) => {
                    self.status = Some(message);
                    changed = true;
                }
                Err(e) => self.status = Some(e),
            }
        }
        if ui
            .add_enabled(
                self.table.companion.is_some(),
                egui::Button::new("Open its companion"),
            )
            .on_hover_text("Takes up the carried game on the companion's screen")
            .clicked()
        {
            let name = self.name().to_string();
            match super::companion::write_out(&self.table, storage, &name) {
                Ok(path) => self.open_file = Some(path),
                Err(e) => self.status = Some(e),
            }
        }
        changed
    }
}
