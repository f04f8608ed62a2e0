//! The Help window, over any screen: the keyboard shortcuts (read from the same table the key handling
//! uses, [`crate::keys::TABLE`]), How to play (the user guide built into the app, [`super::guide`]) and
//! About (the version, the licence, the data folder). Every screen's menu bar has the Help menu
//! ([`menu`]); F1 opens the shortcuts.

use egui::{Id, RichText};

use crate::keys;
use crate::panels::guide;
use crate::storage::Storage;

/// A page of the Help window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Page {
    #[default]
    Shortcuts,
    Guide,
    About,
}

impl Page {
    const ALL: [Page; 3] = [Page::Shortcuts, Page::Guide, Page::About];

    fn name(self) -> &'static str {
        match self {
            Page::Shortcuts => "Keyboard shortcuts",
            Page::Guide => "How to play",
            Page::About => "About Periscope",
        }
    }
}

#[derive(Debug, Default)]
pub struct HelpWindow {
    pub open: bool,
    pub page: Page,
    /// The guide's section shown.
    pub section: usize,
}

/// The window's id (and its layer's).
pub fn window_id() -> Id {
    Id::unique("periscope-help")
}

fn request_id() -> Id {
    Id::unique("periscope-help-request")
}

/// Asks the Help window to open at a page (from a menu or a button anywhere).
pub fn request(ctx: &egui::Context, page: Page) {
    ctx.data_mut(|d| d.insert_temp(request_id(), page));
}

/// The Help menu, for every screen's menu bar.
pub fn menu(ui: &mut egui::Ui) {
    ui.menu_button("Help", items);
}

/// A guided first game the Help menu offers: the game's id and the menu item's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Learnable {
    pub game: &'static str,
    pub label: String,
}

fn learnables_id() -> Id {
    Id::unique("periscope-help-learnables")
}

fn learn_id() -> Id {
    Id::unique("periscope-help-learn")
}

/// Tells the Help menus which guided first games there are (the app, which knows the games, once).
pub fn offer_learning(ctx: &egui::Context, learnables: Vec<Learnable>) {
    ctx.data_mut(|d| d.insert_temp(learnables_id(), learnables));
}

/// The guided game the player picked in a Help menu, once.
pub fn learning_asked(ctx: &egui::Context) -> Option<&'static str> {
    ctx.data_mut(|d| d.remove_temp::<&'static str>(learn_id()))
}

/// The Help menu's items (the start screen shows them as buttons).
pub fn items(ui: &mut egui::Ui) {
    let learnables = ui
        .ctx()
        .data(|d| d.get_temp::<Vec<Learnable>>(learnables_id()))
        .unwrap_or_default();
    for l in learnables {
        if ui
            .button(&l.label)
            .on_hover_text("A first game that explains each step, with the boards pointing")
            .clicked()
        {
            ui.ctx().data_mut(|d| d.insert_temp(learn_id(), l.game));
            ui.close();
        }
    }
    ui.separator();
    for page in Page::ALL {
        let mut button = egui::Button::new(page.name());
        if page == Page::Shortcuts {
            button = button.shortcut_text(keys::shown(ui.ctx(), &keys::HELP));
        }
        if ui.add(button).clicked() {
            request(ui.ctx(), page);
            ui.close();
        }
    }
}

impl HelpWindow {
    /// Draws the window when it is open; F1 and the menu's requests open it.
    pub fn show(&mut self, ctx: &egui::Context, storage: &Storage) {
        if ctx.input_mut(|i| keys::take(i, &keys::HELP)) {
            self.open = true;
            self.page = Page::Shortcuts;
        }
        if let Some(page) = ctx.data_mut(|d| d.remove_temp::<Page>(request_id())) {
            self.open = true;
            self.page = page;
        }
        if !self.open {
            return;
        }
        if keys::closes_on_escape(ctx, window_id()) {
            self.open = false;
            return;
        }
        let mut open = self.open;
        egui::Window::new("Help")
            .id(window_id())
            .open(&mut open)
            .default_size([640.0, 520.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    for page in Page::ALL {
                        ui.selectable_value(&mut self.page, page, page.name());
                    }
                });
                ui.separator();
                match self.page {
                    Page::Shortcuts => shortcuts(ui),
                    Page::Guide => self.guide(ui),
                    Page::About => about(ui, storage),
                }
            });
        self.open = open;
    }

    fn guide(&mut self, ui: &mut egui::Ui) {
        let sections = guide::sections();
        // The text's width, from the screen's (a window grows to fit a line that does not wrap).
        let text_width = (ui.ctx().content_rect().width() - 330.0).clamp(300.0, 720.0);
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(190.0);
                for (i, s) in sections.iter().enumerate() {
                    ui.selectable_value(&mut self.section, i, &s.title);
                }
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt(("help-guide", self.section))
                .show(ui, |ui| {
                    // Top to bottom, each line wrapped at the text's width (the row beside the list
                    // would otherwise lay the section's blocks side by side).
                    ui.vertical(|ui| {
                        ui.set_width(text_width);
                        if let Some(s) = sections.get(self.section) {
                            guide::show_section(ui, s);
                        }
                    });
                });
        });
    }
}

/// Every line of the key table, by where it acts.
fn shortcuts(ui: &mut egui::Ui) {
    egui::ScrollArea::vertical()
        .id_salt("help-shortcuts")
        .show(ui, |ui| {
            for group in keys::TABLE {
                ui.add_space(6.0);
                ui.label(RichText::new(group.place).strong().size(15.0));
                egui::Grid::new(("help-keys", group.place))
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for b in group.bindings {
                            ui.label(RichText::new(keys::label(ui.ctx(), &b.keys)).monospace());
                            ui.label(b.does);
                            ui.end_row();
                        }
                    });
            }
        });
}

/// The version, the licence and where the player's files are, each copyable.
fn about(ui: &mut egui::Ui, storage: &Storage) {
    ui.label(
        RichText::new(format!("Periscope {}", env!("CARGO_PKG_VERSION")))
            .strong()
            .size(18.0),
    );
    ui.label("A table for solitaire naval wargames of the Second World War.");
    ui.add_space(6.0);
    ui.label(format!("Licence: {}", env!("CARGO_PKG_LICENSE")));
    ui.label(
        "Periscope ships no publisher text: the rules reference gives our own summaries, and your copy of \
         a rulebook can be shown beside them.",
    );
    ui.add_space(6.0);
    let folders = [
        (
            "Your data folder (games, settings, hall of fame)",
            storage.dir.clone(),
        ),
        ("Crash reports", storage.crash_reports_dir()),
    ];
    for (what, path) in folders {
        ui.horizontal(|ui| {
            ui.label(format!("{what}:"));
            ui.add(egui::Label::new(RichText::new(path.display().to_string()).monospace()).selectable(true));
            if ui.small_button("Copy").on_hover_text("Copy the path").clicked() {
                ui.ctx().copy_text(path.display().to_string());
            }
        });
    }
}
