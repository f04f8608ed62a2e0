//! The start screen: choose a game, continue the autosave, open a save, look at the hall of fame, or
//! lay out a Track-mode table.
//! One card per registered game and one Track button per game with a Track table; it knows no game.
//! Nothing is lost by a click: a new game asks before it replaces the one in progress, which then joins
//! the saved games listed here; Continue says what it resumes. The Track tables are listed too, one per
//! physical game in progress, each to open, duplicate or delete (deleting asks first).

use std::path::PathBuf;

use egui::{Align, Layout, RichText, vec2};
use periscope_data::shown::{shown, shown_lines};

use crate::entry::Card;
use crate::theme;
use crate::track::tables::TableFile;

/// How many game cards share a row.
const CARDS_PER_ROW: usize = 2;
/// A card's width with its frame and margins, and the gap between two cards.
const CARD_WIDTH: f32 = 470.0;
const CARD_GAP: f32 = 20.0;

/// How a new game rolls its dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DiceChoice {
    #[default]
    Digital,
    Physical,
}

/// A game's card as the start screen shows it.
#[derive(Debug, Clone)]
pub struct GameCard {
    /// The game's id.
    pub game: &'static str,
    pub card: Card,
    /// Whether it has an autosave to continue.
    pub can_continue: bool,
    /// What Continue resumes (`Turn 17 · 35 Sink Points · saved 2026-12-01 15:30`).
    pub resumes: Option<String>,
    /// The words of its guided first game's button, if it has one.
    pub learn: Option<&'static str>,
}

/// A card's buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CardPick {
    New,
    Continue,
    Learn,
}

/// A saved game on the start screen: a replaced game's autosave, or a save the player wrote.
#[derive(Debug, Clone)]
pub struct SavedGame {
    pub path: PathBuf,
    /// The game's name.
    pub game: String,
    /// Where it stands and when it was saved.
    pub line: String,
}

/// A new game waiting for the player to say the game in progress may be replaced.
#[derive(Debug, Clone)]
pub struct Replacing {
    pub game: &'static str,
    pub title: &'static str,
    pub physical: bool,
    pub seed: Option<u64>,
    pub resumes: String,
}

/// A Track-mode button.
#[derive(Debug, Clone)]
pub struct TrackButton {
    /// The layout's id.
    pub layout: &'static str,
    /// The game's name on the button.
    pub name: &'static str,
    pub hover: &'static str,
    /// Whether the player has a table saved.
    pub saved: bool,
}

#[derive(Default)]
pub struct StartScreen {
    pub dice: DiceChoice,
    /// Empty: a fresh random seed.
    pub seed_text: String,
    /// One per registered game, in the registry's order.
    pub cards: Vec<GameCard>,
    pub tracks: Vec<TrackButton>,
    pub message: Option<String>,
    /// What the player's chart overrides did (see `overrides::check_overrides`).
    pub overrides: Vec<String>,
    /// What the player's counter art did: the pictures in use, and each file refused
    /// (`widgets::counter_art`).
    pub counter_art: Vec<String>,
    /// The files of the data folder skipped because they are not regular files, one line naming each
    /// (`PeriscopeApp::skipped_files`).
    pub skipped: Vec<String>,
    /// The saved games, newest first.
    pub saved: Vec<SavedGame>,
    /// Where the saved games are kept, for the line under their list.
    pub saved_dir: Option<PathBuf>,
    /// The question asked before a new game replaces the one in progress.
    pub replacing: Option<Replacing>,
    /// Every Track table on disk, each game's first one first.
    pub track_tables: Vec<TableFile>,
    /// The Track table the player asked to delete, waiting for them to say yes.
    pub deleting: Option<TableFile>,
    /// The files opened last that are still there, newest first.
    pub recent: Vec<PathBuf>,
    /// The crash reports written since the player last set them aside (see `crash`).
    pub crashes: Vec<crate::crash::Report>,
}

/// A row of widgets about `width` wide, centred when it fits and wrapped when it does not.
fn centred_row(ui: &mut egui::Ui, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    ui.horizontal_wrapped(|ui| {
        ui.add_space((ui.available_width() - width).max(0.0) / 2.0);
        add(ui);
    });
}

/// A titled list of the start screen's messages (none shown when empty), in a scrolling area of its
/// own: a folder of bad files can give hundreds of lines.
fn messages(ui: &mut egui::Ui, title: &str, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    ui.add_space(12.0);
    ui.label(RichText::new(title).strong().color(theme::PAPER));
    egui::ScrollArea::vertical()
        .id_salt(title)
        .max_height(160.0)
        .show(ui, |ui| {
            for line in lines {
                // A file's name and what it said: shown, never obeyed.
                ui.colored_label(theme::PAPER_SHADE, shown_lines(line));
            }
        });
}

/// What the player chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartChoice {
    New {
        game: &'static str,
        physical: bool,
        seed: Option<u64>,
    },
    Continue {
        game: &'static str,
    },
    /// The game's guided first game.
    Learn {
        game: &'static str,
    },
    Open,
    /// The chart editor, to put the player's own chart values in place of Periscope's.
    ChartEditor,
    /// The hall of fame and its statistics.
    HallOfFame,
    /// A saved game of the list.
    OpenSaved {
        path: PathBuf,
    },
    /// A game's first Track table (a fresh one when it has none).
    Track {
        layout: &'static str,
    },
    /// A Track table of the list.
    TrackOpen {
        layout: &'static str,
        path: PathBuf,
    },
    /// A new Track table of a game, beside the ones it has.
    TrackNew {
        layout: &'static str,
    },
    TrackDuplicate {
        layout: &'static str,
        path: PathBuf,
    },
    /// Delete a Track table: the player has said yes.
    TrackDelete {
        path: PathBuf,
    },
    /// A recently opened file: a save or a Track table.
    OpenRecent {
        path: PathBuf,
    },
    /// The player has read (or copied) a crash report: it is not offered again.
    SetAsideCrash {
        path: PathBuf,
    },
}

impl StartScreen {
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<StartChoice> {
        let mut choice = None;
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.painter().rect_filled(ui.max_rect(), 0.0, theme::FELT_DARK);
            // The page scrolls: on a small screen the lists under the cards stay in reach.
            egui::ScrollArea::vertical()
                .id_salt("start-page")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.with_layout(Layout::top_down(Align::Center), |ui| {
                        if let Some(c) = self.crash_offer(ui) {
                            choice = Some(c);
                        }
                        self.title_and_dice(ui);
                        ui.add_space(14.0);
                        if let Some(c) = self.card_rows(ui) {
                            choice = Some(c);
                        }
                        ui.add_space(16.0);
                        if let Some(c) = self.buttons(ui) {
                            choice = Some(c);
                        }
                        if let Some(c) = self.lists(ui) {
                            choice = Some(c);
                        }
                        ui.add_space(20.0);
                    });
                });
        });
        if let Some(new) = self.ask_before_replacing(ui.ctx()) {
            choice = Some(new);
        }
        if let Some(delete) = self.ask_before_deleting(ui.ctx()) {
            choice = Some(delete);
        }
        choice
    }

    /// The title, then the dice and the seed a new game starts with.
    fn title_and_dice(&mut self, ui: &mut egui::Ui) {
        ui.add_space(20.0);
        ui.label(RichText::new("PERISCOPE").size(46.0).strong().color(theme::PAPER));
        ui.label(
            RichText::new("A table for solitaire naval wargames")
                .size(16.0)
                .color(theme::PAPER_SHADE),
        );
        ui.add_space(18.0);
        ui.horizontal(|ui| {
            ui.add_space((ui.available_width() - 560.0).max(0.0) / 2.0);
            ui.label(RichText::new("Dice:").color(theme::PAPER));
            ui.radio_value(&mut self.dice, DiceChoice::Digital, "Digital (Periscope rolls)");
            ui.radio_value(&mut self.dice, DiceChoice::Physical, "Physical (I roll)");
            ui.add_space(12.0);
            ui.label(RichText::new("Seed:").color(theme::PAPER));
            let r = ui.add(
                egui::TextEdit::singleline(&mut self.seed_text)
                    .hint_text("random")
                    .desired_width(140.0),
            );
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Seed"));
        });
    }

    /// The games' cards, a few to a row, centred: a new game (asked first when it replaces one in
    /// progress) or Continue.
    fn card_rows(&mut self, ui: &mut egui::Ui) -> Option<StartChoice> {
        let mut choice = None;
        let physical = self.dice == DiceChoice::Physical;
        let seed = self.seed_text.trim().to_string();
        let parsed = if seed.is_empty() {
            Ok(None)
        } else {
            seed.parse::<u64>().map(Some)
        };
        for (r, row) in self.cards.chunks(CARDS_PER_ROW).enumerate() {
            if r > 0 {
                ui.add_space(CARD_GAP);
            }
            let n = row.len() as f32;
            let width = n * CARD_WIDTH + (n - 1.0) * CARD_GAP;
            let mut picked = None;
            ui.horizontal(|ui| {
                ui.add_space((ui.available_width() - width).max(0.0) / 2.0);
                for (i, card) in row.iter().enumerate() {
                    if i > 0 {
                        ui.add_space(CARD_GAP);
                    }
                    if let Some(new) = game_card(ui, card) {
                        picked = picked.or(Some((card, new)));
                    }
                }
            });
            match picked {
                Some((card, CardPick::Learn)) => choice = Some(StartChoice::Learn { game: card.game }),
                Some((card, CardPick::New)) => match (&parsed, &card.resumes) {
                    (Ok(seed), None) => {
                        choice = Some(StartChoice::New {
                            game: card.game,
                            physical,
                            seed: *seed,
                        });
                    }
                    // A game in progress: ask first.
                    (Ok(seed), Some(resumes)) => {
                        self.replacing = Some(Replacing {
                            game: card.game,
                            title: card.card.title,
                            physical,
                            seed: *seed,
                            resumes: resumes.clone(),
                        });
                    }
                    (Err(_), _) => {
                        self.message = Some(format!("The seed must be a whole number, not '{seed}'."));
                    }
                },
                Some((card, CardPick::Continue)) => choice = Some(StartChoice::Continue { game: card.game }),
                None => {}
            }
        }
        choice
    }

    /// The buttons under the cards, centred: open a save, the hall of fame, the chart editor and Help on
    /// one row, one Track button per game on the next (both fit a 1366-point window).
    fn buttons(&self, ui: &mut egui::Ui) -> Option<StartChoice> {
        let mut choice = None;
        centred_row(ui, 4.0 * 158.0, |ui| {
            if ui
                .add(egui::Button::new("Open a save…").min_size(vec2(150.0, 30.0)))
                .on_hover_text(crate::keys::shown(ui.ctx(), &crate::keys::OPEN))
                .clicked()
            {
                choice = Some(StartChoice::Open);
            }
            if ui
                .add(egui::Button::new("Hall of fame").min_size(vec2(150.0, 30.0)))
                .on_hover_text("Every career you finished, with its plots and the tournaments")
                .clicked()
            {
                choice = Some(StartChoice::HallOfFame);
            }
            if ui
                .add(egui::Button::new("Chart editor…").min_size(vec2(150.0, 30.0)))
                .on_hover_text("Your own chart values in place of Periscope's, checked as you type")
                .clicked()
            {
                choice = Some(StartChoice::ChartEditor);
            }
            if ui
                .add(egui::Button::new("Help").min_size(vec2(150.0, 30.0)))
                .on_hover_text("Keyboard shortcuts, how to play, about Periscope")
                .clicked()
            {
                crate::panels::help::request(ui.ctx(), crate::panels::help::Page::Guide);
            }
        });
        ui.add_space(6.0);
        let labels: Vec<String> = self
            .tracks
            .iter()
            .map(|track| {
                if track.saved {
                    format!("Track mode: {} (your table)", track.name)
                } else {
                    format!("Track mode: {}", track.name)
                }
            })
            .collect();
        let row = self.tracks.len() as f32 * 8.0
            + labels
                .iter()
                .map(|l| (l.chars().count() as f32 * 7.5).max(150.0) + 16.0)
                .sum::<f32>();
        centred_row(ui, row, |ui| {
            for (track, label) in self.tracks.iter().zip(labels) {
                if ui
                    .add(egui::Button::new(label).min_size(vec2(150.0, 30.0)))
                    .on_hover_text(track.hover)
                    .clicked()
                {
                    choice = Some(StartChoice::Track { layout: track.layout });
                }
            }
        });
        choice
    }

    /// The crash reports waiting, above everything: what happened, a button that copies the report and
    /// one that sets it aside.
    fn crash_offer(&self, ui: &mut egui::Ui) -> Option<StartChoice> {
        let mut choice = None;
        for report in &self.crashes {
            ui.add_space(8.0);
            egui::Frame::new()
                .fill(theme::PAPER)
                .inner_margin(10.0)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.set_max_width(760.0);
                    ui.label(
                        RichText::new("Periscope stopped unexpectedly last time.")
                            .strong()
                            .color(theme::NAVY),
                    );
                    ui.label(
                        RichText::new(format!(
                            "A report was written to {}. It holds the version, what failed and where, and \
                             the path of the save you were playing (not the save itself). Sending it helps \
                             fix the fault.",
                            report.path.display()
                        ))
                        .color(theme::NAVY),
                    );
                    ui.horizontal(|ui| {
                        if ui.button("Copy the report").clicked() {
                            ui.ctx().copy_text(report.text.clone());
                        }
                        if ui
                            .button("Done")
                            .on_hover_text("Keep the file, stop offering it")
                            .clicked()
                        {
                            choice = Some(StartChoice::SetAsideCrash {
                                path: report.path.clone(),
                            });
                        }
                    });
                });
        }
        choice
    }

    /// The files opened last, each with Open.
    fn recent_list(&self, ui: &mut egui::Ui) -> Option<StartChoice> {
        if self.recent.is_empty() {
            return None;
        }
        let mut choice = None;
        ui.add_space(16.0);
        ui.label(
            RichText::new("Opened recently")
                .strong()
                .size(16.0)
                .color(theme::PAPER),
        );
        for path in &self.recent {
            let shown_path = path.display().to_string();
            let name = shown(&shown_path);
            ui.horizontal(|ui| {
                ui.add_space((ui.available_width() - 760.0).max(0.0) / 2.0);
                let open = ui.button("Open");
                let label = format!("Open {name}");
                crate::a11y::label(ui, &open, egui::Role::Button, &label);
                if open.clicked() {
                    choice = Some(StartChoice::OpenRecent { path: path.clone() });
                }
                ui.label(RichText::new(&*name).color(theme::PAPER_SHADE));
            });
        }
        choice
    }

    /// Below the buttons: the last message, the saved games, the Track tables, the files opened recently,
    /// and what the chart overrides and the counter art did.
    fn lists(&mut self, ui: &mut egui::Ui) -> Option<StartChoice> {
        let mut choice = None;
        if let Some(m) = &self.message {
            ui.add_space(12.0);
            crate::desktop::copyable(ui, theme::HIGHLIGHT, &shown_lines(m));
        }
        if let Some(path) = saved_games(ui, &self.saved, self.saved_dir.as_deref()) {
            choice = Some(StartChoice::OpenSaved { path });
        }
        if let Some(c) = self.track_list(ui) {
            choice = Some(c);
        }
        // Last: the files opened from anywhere (the lists above hold Periscope's own folders).
        if let Some(c) = self.recent_list(ui) {
            choice = Some(c);
        }
        messages(ui, "Chart overrides", &self.overrides);
        messages(ui, "Counter art", &self.counter_art);
        messages(ui, "Files skipped", &self.skipped);
        choice
    }

    /// The game's name on a Track button.
    fn game_name(&self, layout: &str) -> &'static str {
        self.tracks
            .iter()
            .find(|t| t.layout == layout)
            .map_or("", |t| t.name)
    }

    /// The Track tables, each with Open, Duplicate and Delete, and a New table button per game; shown
    /// once the player has a table.
    fn track_list(&mut self, ui: &mut egui::Ui) -> Option<StartChoice> {
        if self.track_tables.is_empty() {
            return None;
        }
        let mut choice = None;
        ui.add_space(16.0);
        ui.label(
            RichText::new("Track tables")
                .strong()
                .size(16.0)
                .color(theme::PAPER),
        );
        ui.horizontal(|ui| {
            ui.add_space((ui.available_width() - 560.0).max(0.0) / 2.0);
            ui.label(RichText::new("New table:").color(theme::PAPER_SHADE));
            for t in &self.tracks {
                let label = format!("New {} table", t.name);
                if ui.button(&label).clicked() {
                    choice = Some(StartChoice::TrackNew { layout: t.layout });
                }
            }
        });
        let mut delete = None;
        egui::ScrollArea::vertical()
            .id_salt("track-tables")
            .max_height(130.0)
            .show(ui, |ui| {
                for t in &self.track_tables {
                    // A table's name and line come from its file: shown, never obeyed.
                    let table_name = shown(&t.name);
                    ui.horizontal(|ui| {
                        ui.add_space((ui.available_width() - 760.0).max(0.0) / 2.0);
                        let open = ui.add_enabled(t.error.is_none(), egui::Button::new("Open"));
                        let name = format!("Open the Track table {table_name}");
                        crate::a11y::label(ui, &open, egui::Role::Button, &name);
                        if open.on_hover_text(t.path.display().to_string()).clicked() {
                            choice = Some(StartChoice::TrackOpen {
                                layout: t.layout,
                                path: t.path.clone(),
                            });
                        }
                        let dup = ui.add_enabled(t.error.is_none(), egui::Button::new("Duplicate"));
                        let name = format!("Duplicate the Track table {table_name}");
                        crate::a11y::label(ui, &dup, egui::Role::Button, &name);
                        if dup.clicked() {
                            choice = Some(StartChoice::TrackDuplicate {
                                layout: t.layout,
                                path: t.path.clone(),
                            });
                        }
                        let del = ui.button("Delete");
                        let name = format!("Delete the Track table {table_name}");
                        crate::a11y::label(ui, &del, egui::Role::Button, &name);
                        if del.clicked() {
                            delete = Some(t.clone());
                        }
                        ui.label(RichText::new(&*table_name).strong().color(theme::PAPER));
                        ui.label(RichText::new(self.game_name(t.layout)).color(theme::PAPER_SHADE));
                        match &t.error {
                            Some(e) => {
                                ui.colored_label(theme::HIGHLIGHT, shown_lines(e));
                            }
                            None => {
                                ui.label(RichText::new(shown(&t.line)).color(theme::PAPER_SHADE));
                            }
                        }
                    });
                }
            });
        if delete.is_some() {
            self.deleting = delete;
        }
        choice
    }

    /// The question before a Track table is deleted.
    fn ask_before_deleting(&mut self, ctx: &egui::Context) -> Option<StartChoice> {
        let t = self.deleting.clone()?;
        let mut choice = None;
        let mut close = false;
        let modal = egui::Modal::new(egui::Id::unique("delete-track-table")).show(ctx, |ui| {
            ui.set_width(460.0);
            ui.label(
                RichText::new(format!("Delete the Track table '{}'?", shown(&t.name)))
                    .strong()
                    .size(18.0),
            );
            ui.add_space(6.0);
            ui.label(format!(
                "Its counters, notes, dice history and cards are lost: {} is deleted.",
                t.path.display()
            ));
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                if ui
                    .add(egui::Button::new(RichText::new("Delete the table").strong()))
                    .clicked()
                {
                    choice = Some(StartChoice::TrackDelete { path: t.path.clone() });
                    close = true;
                }
                if ui.button("Keep it").clicked() {
                    close = true;
                }
            });
        });
        if close || modal.should_close() {
            self.deleting = None;
        }
        choice
    }

    /// The question before a new game takes the place of the one in progress: it is kept among the saved
    /// games either way, but a click should never surprise.
    fn ask_before_replacing(&mut self, ctx: &egui::Context) -> Option<StartChoice> {
        let r = self.replacing.clone()?;
        let mut choice = None;
        let mut close = false;
        let modal = egui::Modal::new(egui::Id::unique("replace-game")).show(ctx, |ui| {
            ui.set_width(460.0);
            ui.label(
                RichText::new(format!("{}: a game is in progress", r.title))
                    .strong()
                    .size(18.0),
            );
            ui.add_space(6.0);
            ui.label(format!("Continue resumes it: {}.", shown(&r.resumes)));
            ui.label(
                "Starting a new game moves it to your saved games, listed on this screen, where you can \
                 open it again.",
            );
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                if ui
                    .add(egui::Button::new(RichText::new("Start a new game").strong()))
                    .clicked()
                {
                    choice = Some(StartChoice::New {
                        game: r.game,
                        physical: r.physical,
                        seed: r.seed,
                    });
                    close = true;
                }
                if ui.button("Keep playing the old one").clicked() {
                    choice = Some(StartChoice::Continue { game: r.game });
                    close = true;
                }
                if ui.button("Cancel").clicked() {
                    close = true;
                }
            });
        });
        if close || modal.should_close() {
            self.replacing = None;
        }
        choice
    }
}

/// The saved games, newest first, each with its Open button; returns the one the player opens.
fn saved_games(ui: &mut egui::Ui, saved: &[SavedGame], dir: Option<&std::path::Path>) -> Option<PathBuf> {
    if saved.is_empty() {
        return None;
    }
    let mut picked = None;
    ui.add_space(16.0);
    ui.label(
        RichText::new("Saved games")
            .strong()
            .size(16.0)
            .color(theme::PAPER),
    );
    if let Some(dir) = dir {
        ui.label(RichText::new(format!("in {}", dir.display())).color(theme::PAPER_SHADE));
    }
    ui.add_space(4.0);
    egui::ScrollArea::vertical()
        .id_salt("saved-games")
        .max_height(150.0)
        .show(ui, |ui| {
            for s in saved {
                let file = s
                    .path
                    .file_name()
                    .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
                ui.horizontal(|ui| {
                    ui.add_space((ui.available_width() - 760.0).max(0.0) / 2.0);
                    let open = ui
                        .add(egui::Button::new("Open").min_size(vec2(60.0, 24.0)))
                        .on_hover_text(s.path.display().to_string());
                    let name = format!("Open {file}");
                    crate::a11y::label(ui, &open, egui::Role::Button, &name);
                    if open.clicked() {
                        picked = Some(s.path.clone());
                    }
                    // A save's game and summary line come from its file: shown, never obeyed.
                    ui.label(RichText::new(shown(&s.game)).strong().color(theme::PAPER));
                    ui.label(RichText::new(shown(&s.line)).color(theme::PAPER_SHADE));
                });
            }
        });
    picked
}

/// A game's card on the start screen: the button picked, if any.
fn game_card(ui: &mut egui::Ui, game: &GameCard) -> Option<CardPick> {
    let card = &game.card;
    let can_continue = game.can_continue;
    let mut picked = None;
    egui::Frame::new()
        .fill(theme::PAPER)
        .corner_radius(6)
        .inner_margin(16)
        .stroke(egui::Stroke::new(2.0, theme::NAVY))
        .show(ui, |ui| {
            ui.set_width(438.0);
            ui.set_min_height(100.0);
            // Printed-paper look inside the card: dark ink on light widgets.
            theme::paper_visuals(ui);
            // The card stacks its lines even inside the row of cards.
            ui.vertical(|ui| {
                ui.label(RichText::new(card.title).size(22.0).strong().color(theme::NAVY));
                ui.label(card.blurb);
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    if ui
                        .add(
                            egui::Button::new(RichText::new(card.new_label).size(16.0))
                                .min_size(vec2(140.0, 34.0)),
                        )
                        .clicked()
                    {
                        picked = Some(CardPick::New);
                    }
                    let resume = egui::Button::new(card.continue_label);
                    if ui
                        .add_enabled(can_continue, resume)
                        .on_hover_text("Continue where you left off")
                        .clicked()
                    {
                        picked = Some(CardPick::Continue);
                    }
                });
                if let Some(label) = game.learn {
                    let learn = ui
                        .add(egui::Button::new(label))
                        .on_hover_text("A first game that explains each step, with the boards pointing");
                    let name = format!("{label}: {}", card.title);
                    crate::a11y::label(ui, &learn, egui::Role::Button, &name);
                    if learn.clicked() {
                        picked = Some(CardPick::Learn);
                    }
                }
                if let Some(r) = &game.resumes {
                    ui.label(
                        RichText::new(format!("Continue resumes: {}", shown(r))).color(theme::NAVY_LIGHT),
                    );
                }
            });
        });
    picked
}
