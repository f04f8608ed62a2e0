//! The chart editor: every chart of a game (and its class or counter entries) with where its values come
//! from and whether the player's override file replaces it; the selected one edited as a table, checked
//! at every change by the data crate's own validation (the code that reads the shipped charts), its
//! errors shown on the row and field they name. Save writes it into the game's override file
//! (`overrides/<game>.json`), keeping the rest of the file; "Revert to Periscope's chart" takes it out.
//! Opened from the start screen (or by `request` from any panel); over any screen.

pub mod catalog;
mod file;
mod grid;

use egui::{RichText, vec2};
use serde_json::Value;

use periscope_data::DataError;

pub use catalog::{Editable, Editables, EditorCatalog, EditorGame, games};
pub use file::OverrideFile;

use crate::storage::Storage;
use crate::theme;

/// The chart being edited: its value as the player has it now, and what the data crate says of it.
struct Editing {
    item: Editable,
    /// The value as loaded (the override's or Periscope's), to tell what changed.
    loaded: Value,
    value: Value,
    errors: Vec<DataError>,
    placed: Vec<grid::Placed>,
}

impl Editing {
    fn new(game: &str, item: Editable, loaded: Value) -> Self {
        let mut e = Self {
            item,
            value: loaded.clone(),
            loaded,
            errors: Vec::new(),
            placed: Vec::new(),
        };
        e.validate(game);
        e
    }

    fn validate(&mut self, game: &str) {
        self.errors = file::validate(game, &self.item, &self.value);
        self.placed = self
            .errors
            .iter()
            .map(|e| grid::place(&self.value, &self.item.id, e))
            .collect();
    }
}

/// The editor window's state.
#[derive(Default)]
pub struct ChartEditor {
    pub open: bool,
    /// The game shown (an id of the data crate's registry); the first when none was chosen.
    pub game: Option<&'static str>,
    /// Filters the list by id or title.
    pub filter: String,
    editing: Option<Editing>,
    items: Vec<Editable>,
    file: Option<OverrideFile>,
    /// What the last Save or Revert did.
    pub message: Option<String>,
    /// What each game gives the editor (from the registry's entries).
    catalogs: Vec<EditorCatalog>,
}

fn request_id() -> egui::Id {
    egui::Id::unique("chart-editor-request")
}

/// Asks the editor to open (from a menu bar or the start screen), on a game when one is named.
pub fn request(ctx: &egui::Context, game: Option<&'static str>) {
    ctx.data_mut(|d| d.insert_temp(request_id(), game));
}

impl ChartEditor {
    /// The editor over these games' catalogs (the app's registered games with chart overrides).
    pub fn with_catalogs(catalogs: Vec<EditorCatalog>) -> Self {
        Self {
            catalogs,
            ..Self::default()
        }
    }

    /// What the editor knows of `game`, if a registered game gives it.
    fn catalog(&self, game: &str) -> Option<&EditorCatalog> {
        self.catalogs.iter().find(|c| c.game == game)
    }

    /// Everything of `game` the editor can edit (nothing for a game no entry gives).
    pub fn editables(&self, game: &str) -> Vec<Editable> {
        self.catalog(game).map_or_else(Vec::new, |c| (c.editables)())
    }

    /// Opens the editor on a game (or on the one shown last).
    pub fn open_on(&mut self, game: Option<&'static str>) {
        self.open = true;
        if let Some(g) = game
            && self.game != Some(g)
        {
            self.select_game(g);
        }
    }

    fn select_game(&mut self, game: &'static str) {
        self.game = Some(game);
        self.items = self.editables(game);
        self.editing = None;
        self.file = None;
        self.message = None;
    }

    fn game_id(&mut self) -> &'static str {
        if self.game.is_none()
            && let Some(first) = games().first()
        {
            self.select_game(first.id);
        }
        self.game.unwrap_or("")
    }

    /// Selects an item to edit: the override file's value when it has one, else Periscope's.
    pub fn edit(&mut self, storage: &Storage, section: &str, id: &str) {
        let game = self.game_id();
        let Some(item) = self
            .items
            .iter()
            .find(|i| i.section == section && i.id == id)
            .cloned()
        else {
            return;
        };
        let overridden = self.override_file(storage).value_of(&item).cloned();
        let loaded = overridden.unwrap_or_else(|| item.shipped.clone());
        self.editing = Some(Editing::new(game, item, loaded));
    }

    fn override_file(&mut self, storage: &Storage) -> &OverrideFile {
        let game = self.game_id();
        self.file
            .get_or_insert_with(|| OverrideFile::read(&file::path(storage, game), game))
    }

    /// The errors of the chart being edited, as the data crate words them.
    pub fn errors(&self) -> Vec<String> {
        self.editing
            .as_ref()
            .map(|e| e.errors.iter().map(ToString::to_string).collect())
            .unwrap_or_default()
    }

    /// Saves the chart being edited into the override file; refused while it has errors.
    pub fn save(&mut self, storage: &Storage) -> Result<String, String> {
        let game = self.game_id();
        let Some(e) = &self.editing else {
            return Err("Choose a chart to save.".into());
        };
        if !e.errors.is_empty() {
            return Err(format!(
                "Not saved: {} has {} error(s); Periscope keeps its chart until they are mended.",
                e.item.id,
                e.errors.len()
            ));
        }
        let said = file::save(&file::path(storage, game), game, &e.item, &e.value)?;
        if let Some(e) = &mut self.editing {
            e.loaded = e.value.clone();
        }
        self.file = None;
        Ok(said)
    }

    /// Takes the chart being edited out of the override file, and shows Periscope's values again.
    pub fn revert(&mut self, storage: &Storage) -> Result<String, String> {
        let game = self.game_id();
        let Some(e) = &self.editing else {
            return Err("Choose a chart to revert.".into());
        };
        let said = file::revert(&file::path(storage, game), game, &e.item)?;
        let item = e.item.clone();
        self.file = None;
        self.editing = Some(Editing::new(game, item.clone(), item.shipped));
        Ok(said)
    }

    /// Shows the window if open; true when the override file changed (the start screen lists it anew).
    pub fn show(&mut self, ctx: &egui::Context, storage: &Storage) -> bool {
        if let Some(game) = ctx.data_mut(|d| d.remove_temp::<Option<&'static str>>(request_id())) {
            self.open_on(game);
        }
        if !self.open {
            return false;
        }
        let mut open = self.open;
        let mut changed = false;
        let id = egui::Id::unique("periscope-chart-editor");
        if crate::keys::closes_on_escape(ctx, id) {
            open = false;
        }
        egui::Window::new("Chart editor")
            .id(id)
            .open(&mut open)
            .default_size(vec2(1240.0, 680.0))
            .resizable(true)
            .show(ctx, |ui| {
                changed = self.contents(ui, storage);
            });
        self.open = open;
        changed
    }

    fn contents(&mut self, ui: &mut egui::Ui, storage: &Storage) -> bool {
        let game = self.game_id();
        let mut changed = false;
        ui.horizontal(|ui| {
            ui.label("Game:");
            for g in games() {
                if ui.selectable_label(game == g.id, g.name).clicked() && game != g.id {
                    self.select_game(g.id);
                }
            }
        });
        let game = self.game_id();
        let path = file::path(storage, game);
        let in_force = match self.catalog(game).and_then(|c| c.played_by) {
            Some(played_by) => format!("Your saved values are used by {played_by}."),
            None => "Your saved values are checked and used by Track mode's chart look-up; this version \
                     still plays the game on its own values."
                .to_string(),
        };
        ui.label(
            RichText::new(format!("Your overrides: {}. {in_force}", path.display())).color(theme::NAVY_LIGHT),
        );
        if let OverrideFile::Unreadable(why) = self.override_file(storage) {
            let why = why.clone();
            ui.colored_label(
                theme::HIGHLIGHT,
                format!("{why}: the editor will not write over it until it is mended or moved."),
            );
        }
        if let Some(m) = &self.message {
            ui.label(RichText::new(m).strong());
        }
        ui.separator();
        ui.horizontal_top(|ui| {
            let picked = self.list(ui, storage);
            if let Some((section, id)) = picked {
                self.edit(storage, section, &id);
            }
            ui.separator();
            ui.vertical(|ui| {
                changed = self.editor(ui, storage);
            });
        });
        changed
    }

    /// The list of charts with provenance and override mark; returns the one clicked.
    fn list(&mut self, ui: &mut egui::Ui, storage: &Storage) -> Option<(&'static str, String)> {
        let mut picked = None;
        let overridden: Vec<bool> = {
            let items = self.items.clone();
            let file = self.override_file(storage);
            items.iter().map(|i| file.value_of(i).is_some()).collect()
        };
        ui.vertical(|ui| {
            ui.set_width(330.0);
            let r = ui.add(egui::TextEdit::singleline(&mut self.filter).hint_text("filter: A2, class…"));
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Filter the charts"));
            let filter = self.filter.to_lowercase();
            egui::ScrollArea::vertical()
                .id_salt("chart-editor-list")
                .max_height(ui.available_height().max(420.0))
                .show(ui, |ui| {
                    for (item, over) in self.items.iter().zip(&overridden) {
                        let hay = format!("{} {} {}", item.kind(), item.id, item.title).to_lowercase();
                        if !filter.is_empty() && !hay.contains(&filter) {
                            continue;
                        }
                        let selected = self
                            .editing
                            .as_ref()
                            .is_some_and(|e| e.item.section == item.section && e.item.id == item.id);
                        let mark = if *over { " (yours)" } else { "" };
                        let text =
                            RichText::new(format!("{} {}: {}{mark}", item.kind(), item.id, item.title));
                        let r = ui.selectable_label(selected, if *over { text.strong() } else { text });
                        let name = format!("Edit {} {}", item.kind().to_lowercase(), item.id);
                        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                        if r.clicked() {
                            picked = Some((item.section, item.id.clone()));
                        }
                        let source = if *over {
                            "your override file".to_string()
                        } else {
                            catalog::provenance_line(&item.shipped)
                        };
                        ui.label(RichText::new(source).small().weak());
                    }
                });
        });
        picked
    }

    /// The chart being edited: its table, its errors, Save and Revert.
    fn editor(&mut self, ui: &mut egui::Ui, storage: &Storage) -> bool {
        let game = self.game_id();
        let overridden = match &self.editing {
            Some(e) => {
                let item = e.item.clone();
                self.override_file(storage).value_of(&item).is_some()
            }
            None => false,
        };
        let Some(e) = &mut self.editing else {
            ui.label("Choose a chart on the left to edit it.");
            return false;
        };
        let mut changed = false;
        ui.label(
            RichText::new(format!("{} {}: {}", e.item.kind(), e.item.id, e.item.title))
                .strong()
                .size(17.0),
        );
        ui.label(if overridden {
            "In force: your values, from your override file.".to_string()
        } else {
            format!(
                "In force: Periscope's values ({}).",
                catalog::provenance_line(&e.item.shipped)
            )
        });
        let dirty = e.value != e.loaded;
        let mut save = false;
        let mut revert = false;
        let mut discard = false;
        ui.horizontal(|ui| {
            let ok = e.errors.is_empty();
            let r = ui
                .add_enabled(
                    ok && (dirty || !overridden),
                    egui::Button::new(RichText::new("Save").strong()),
                )
                .on_disabled_hover_text(if ok {
                    "Nothing changed"
                } else {
                    "Mend the errors first: Periscope keeps its chart until then"
                });
            let name = format!("Save {} as your {}", e.item.id, e.item.kind().to_lowercase());
            r.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, ok && (dirty || !overridden), &name)
            });
            save = r.clicked();
            let r = ui.add_enabled(overridden, egui::Button::new("Revert to Periscope's chart"));
            revert = r.clicked();
            let r = ui.add_enabled(dirty, egui::Button::new("Discard changes"));
            discard = r.clicked();
            if e.errors.is_empty() {
                ui.colored_label(
                    theme::NAVY_LIGHT,
                    "Valid: checked as Periscope checks its own charts",
                );
            } else {
                ui.colored_label(
                    egui::Color32::from_rgb(0xb0, 0x20, 0x20),
                    format!(
                        "{} error(s): Save is refused until they are mended",
                        e.errors.len()
                    ),
                );
            }
        });
        ui.separator();
        let mut value = std::mem::take(&mut e.value);
        let mut render = grid::Render {
            id: &e.item.id,
            errors: &e.placed,
            original: &e.loaded,
            changed: false,
        };
        egui::ScrollArea::both()
            .id_salt("chart-editor-table")
            .auto_shrink([false, false])
            .show(ui, |ui| render.show(ui, &mut value));
        let edited = render.changed;
        e.value = value;
        if edited {
            e.validate(game);
        }
        if discard {
            e.value = e.loaded.clone();
            e.validate(game);
        }
        if save {
            self.message = Some(self.save(storage).unwrap_or_else(|m| m));
            changed = true;
        }
        if revert {
            self.message = Some(self.revert(storage).unwrap_or_else(|m| m));
            changed = true;
        }
        changed
    }
}
