//! Track mode: a game's boards beside a physical copy of the game, with its whole counter mix free to
//! move, flip and stack, its card piles, a dice tray that keeps every roll, a look-up of the game's charts
//! for the dice the player rolled, notes, and undo of every move. No rule is enforced. The table is saved
//! after every change; a player keeps one table per physical game in progress.
//!
//! Track mode knows no game: each game with a Track table hands it a [`TrackLayout`] (Submarine Hunt's in
//! `hunt/track.rs`, Sensuikan's in `sensuikan/track.rs`) through the registry (`games.rs`). A layout gives
//! its boards (painted by the same code as Play mode; their printed boxes are where counters snap), its
//! counter mix (`data/<game>/counters.json`, laid out with [`mix::plan`]), and optionally its dice, card
//! piles and charts. Only [`TrackLayout::id`], `name`, `hover`, `size`, `counters` and `boards` must be
//! written; everything else has a default.
//!
//! The parts: the saved file ([`table`]), the several tables of the start screen ([`tables`]), stacks and
//! snapping ([`stacks`]), undo ([`history`]), the move log ([`log`]) and the names of the places it
//! speaks of ([`places`]), card piles ([`cards`]), the chart look-up ([`lookup`]), the fresh mix
//! ([`mix`]); the table's scene (`scene.rs`), its counters' magnifier and marks (`lens.rs`), its picture
//! and exports (`export.rs`) and side panel (`side.rs`).

pub mod cards;
pub mod companion;
pub mod export;
pub mod history;
pub mod lens;
pub mod log;
pub mod lookup;
pub mod mix;
pub mod places;
pub mod stacks;
pub mod table;
pub mod tables;

mod scene;
mod side;

use std::path::PathBuf;

use egui::{Pos2, Rect, RichText, Vec2};
use periscope_data::counters::CounterMix;
use periscope_engine::Dice;
use periscope_engine::dice::SeededRng;

use crate::panels::rules_reference::RuleBook;
use crate::storage::Storage;
use crate::theme::Side;
use crate::widgets::counter::Symbol;
use crate::{Nav, keys};
use cards::{CardLayout, CardTable};
use history::{History, Part};
use lookup::{ChartBook, LookupState};

pub use table::{DiceRoll, FreeCounter, Tint, TrackTable};

/// A player's override file of the game, as a layout's [`TrackLayout::charts`] receives it.
pub struct OverrideFile {
    /// The file, as messages name it.
    pub file: String,
    pub text: String,
}

/// What a game hands Track mode: its table's size, printed boards and counter mix, and what else it has
/// (dice, cards, charts).
pub trait TrackLayout: Sync {
    /// The id a saved table names (`hunt`); its first table is saved as `track-table-<id>.json`.
    fn id(&self) -> &'static str;
    /// Files earlier versions saved this table in, still found when the table has no file of its own yet.
    fn old_files(&self) -> &'static [&'static str] {
        &[]
    }
    /// The game's name on the start screen's button and in the menu bar.
    fn name(&self) -> &'static str;
    /// The start screen button's tooltip.
    fn hover(&self) -> &'static str;
    /// The table's size in table units.
    fn size(&self) -> Vec2;
    /// The part shown at first and by *Reset view*: all of it unless a game says otherwise.
    fn home_view(&self) -> Rect {
        Rect::from_min_size(Pos2::ZERO, self.size())
    }
    /// The game's counter mix (usually `periscope_data::counters::shipped(id)`), for the tray's search.
    fn mix(&self) -> Option<CounterMix> {
        None
    }
    /// The full counter mix, each on its starting place (the table numbers them); [`mix::plan`] lays a
    /// mix out.
    fn counters(&self) -> Vec<FreeCounter>;
    /// What paints the printed boards under the counters; made when the table opens, so it may read the
    /// game's data once. The boxes it prints ([`crate::board::printed_box`], [`crate::board::track`],
    /// [`crate::board::snap_target`]) are where counters snap.
    fn boards(&self) -> Box<dyn Fn(&mut egui::Ui)>;
    /// The dice of the tray, the first chosen at first.
    fn dice(&self) -> &'static [Dice] {
        &[Dice::D6 { count: 3 }, Dice::D2D6, Dice::D1D6]
    }
    /// The game's card piles, if it is played with cards.
    fn cards(&self) -> Option<CardLayout> {
        None
    }
    /// The id the game's override files name (`sensuikan`: `overrides/sensuikan.json`), if it has any.
    fn overrides(&self) -> Option<&'static str> {
        None
    }
    /// The game's charts for the look-up, with the player's overrides applied when given.
    fn charts(&self, overrides: Option<&OverrideFile>) -> ChartBook {
        let _ = overrides;
        ChartBook::default()
    }
    /// The game's rule book, for the rule cases of the look-up.
    fn rules(&self) -> Option<&'static dyn RuleBook> {
        None
    }
    /// The registered game (its save id) whose save the table carries, when the table sits beside a
    /// companion (Silent War IJN): the side panel's Companion tab carries and opens it.
    fn companion(&self) -> Option<&'static str> {
        None
    }
}

/// A counter of a fresh mix, at `pos`, face up (its id is given by [`TrackTable::fresh`]).
pub fn counter_at(label: &str, side: Side, symbol: Symbol, pos: Pos2) -> FreeCounter {
    FreeCounter {
        id: 0,
        label: label.into(),
        side,
        symbol,
        pos: [pos.x, pos.y],
        flipped: false,
        kind: String::new(),
        mark: String::new(),
        back: String::new(),
        note: String::new(),
        tint: Tint::None,
    }
}

impl TrackTable {
    /// A fresh table of a layout: its full counter mix, each on its starting place, numbered in order, and
    /// its packs whole in their decks, in order.
    pub fn fresh(layout: &dyn TrackLayout) -> Self {
        let mut t = TrackTable::empty(layout.id());
        t.counters = layout.counters();
        for (i, c) in t.counters.iter_mut().enumerate() {
            c.id = i as u32;
        }
        if let Some(cards) = layout.cards() {
            t.cards = CardTable::fresh(&cards);
        }
        t
    }

    /// A fresh table whose packs are shuffled, ready to deal.
    pub fn shuffled(layout: &dyn TrackLayout, rng: &mut SeededRng) -> Self {
        let mut t = Self::fresh(layout);
        if let Some(cards) = layout.cards() {
            for pack in &cards.packs {
                t.cards.gather(pack, rng);
            }
        }
        t
    }
}

/// Where a layout's first table is found: its own file, or the first of its old files that exists.
pub fn saved_file(storage: &Storage, layout: &dyn TrackLayout) -> Option<PathBuf> {
    let own = std::iter::once(storage.track_table(layout.id()));
    let old = layout.old_files().iter().map(|f| storage.dir.join(f));
    own.chain(old).find(|p| p.exists())
}

/// A layout's first table and its file: the saved one, or a fresh one (to be written at its own file)
/// when there is none. A file that cannot be read is refused, and left as it is.
pub fn open_first(storage: &Storage, layout: &dyn TrackLayout) -> Result<(TrackTable, PathBuf), String> {
    match saved_file(storage, layout) {
        Some(path) => tables::read(&path, layout).map(|t| (t, path)),
        None => Ok((
            TrackTable::shuffled(layout, &mut SeededRng::new(now_seed())),
            storage.track_table(layout.id()),
        )),
    }
}

/// A seed from the clock, for the dice tray and shuffles.
pub fn now_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// The side panel's tabs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    #[default]
    Dice,
    Charts,
    Counters,
    Cards,
    Moves,
    Notes,
    Companion,
}

/// A name the player is typing for the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Naming {
    pub name: String,
    /// Save as (a new file) rather than Rename (this one).
    pub save_as: bool,
}

/// How the table marks its counters: the last moves, and the counter the player clicked (whose note and
/// colour the Counters tab edits).
#[derive(Debug, Clone)]
pub struct Look {
    /// The counters of how many of the last counter steps carry the last-move mark.
    pub mark_last: usize,
    /// Whether the last-move mark is drawn.
    pub show_mark: bool,
    /// The counter clicked last (its id).
    pub selected: Option<u32>,
    /// The counters when the selected counter's note field took the focus, for undo.
    note_before: Option<Vec<FreeCounter>>,
}

impl Default for Look {
    fn default() -> Self {
        Self {
            mark_last: 1,
            show_mark: true,
            selected: None,
            note_before: None,
        }
    }
}

/// The counters being dragged.
#[derive(Debug, Clone)]
struct Drag {
    /// Their ids, bottom to top.
    ids: Vec<u32>,
    /// From the pointer to their centre.
    grab: Vec2,
    /// The counters before the drag began, for undo.
    before: Vec<FreeCounter>,
}

pub struct TrackScreen {
    pub table: TrackTable,
    /// The file the table is saved to after every change.
    pub path: PathBuf,
    layout: &'static dyn TrackLayout,
    /// Paints the layout's printed boards.
    boards: Box<dyn Fn(&mut egui::Ui)>,
    /// The boxes the boards printed at the last frame: where counters snap.
    pub boxes: Vec<Rect>,
    cards: Option<CardLayout>,
    mix: Option<CounterMix>,
    /// The charts for the look-up, read when the Charts tab is first opened.
    charts: Option<ChartBook>,
    pub lookup: LookupState,
    pub history: History,
    scene_rect: Rect,
    rng: SeededRng,
    /// The dice the tray rolls.
    pub dice: Dice,
    /// What the next roll is for.
    pub roll_label: String,
    drag: Option<Drag>,
    /// The centre of the stack fanned out.
    pub fanned: Option<Pos2>,
    pub tab: Tab,
    /// The tray's search.
    pub search: String,
    /// Which counter of the search *Show* centred last.
    shown: usize,
    /// The notes when their field took the focus, for undo.
    notes_before: Option<String>,
    pub naming: Option<Naming>,
    pub status: Option<String>,
    /// A save the side panel asks the app to open (the carried companion).
    open_file: Option<PathBuf>,
    pub look: Look,
    /// The table's picture and log on their way out, and what they are made from.
    outbox: export::Outbox,
}

impl TrackScreen {
    pub fn new(table: TrackTable, layout: &'static dyn TrackLayout, path: PathBuf) -> Self {
        let table_rolls = table.rolls.len();
        Self {
            scene_rect: layout.home_view(),
            boards: layout.boards(),
            boxes: Vec::new(),
            cards: layout.cards(),
            mix: layout.mix(),
            charts: None,
            lookup: LookupState::default(),
            history: History::default(),
            dice: layout.dice().first().copied().unwrap_or(Dice::D1D6),
            roll_label: String::new(),
            drag: None,
            fanned: None,
            tab: Tab::default(),
            search: String::new(),
            shown: 0,
            notes_before: None,
            naming: None,
            rng: SeededRng::new(now_seed()),
            layout,
            table,
            path,
            status: None,
            open_file: None,
            look: Look::default(),
            outbox: export::Outbox::new(table_rolls),
        }
    }

    /// The layout this table is of.
    pub fn layout(&self) -> &'static dyn TrackLayout {
        self.layout
    }

    /// The game whose counters this table tracks ("Sensuikan"), for the window's title.
    pub fn game_name(&self) -> &'static str {
        self.layout.name()
    }

    /// The table's name as the player sees it.
    pub fn name(&self) -> &str {
        self.table.shown_name(self.layout.name())
    }

    /// Brings the companion the table carries up to date with its autosave ([`companion::refresh`]);
    /// writes the table when it changed.
    pub fn refresh_companion(&mut self, storage: &Storage) {
        if let Some(game) = self.layout.companion()
            && companion::refresh(&mut self.table, storage, game)
        {
            self.autosave();
        }
    }

    /// Writes the table to its file.
    pub fn autosave(&mut self) {
        if let Err(e) = tables::write(&self.path, &self.table) {
            self.status = Some(e);
        }
    }

    /// Records a step of the history that changed `touched` (counter ids; none for the notes or the
    /// cards), placed among the rolls of the dice tray for the move log.
    pub(crate) fn step(&mut self, what: impl Into<String>, before: Part, touched: Vec<u32>) {
        let rolls = self.table.rolls.len();
        self.history.record_step(what, before, touched, rolls);
    }

    /// The move log: this session's steps and rolls, oldest first.
    pub fn log(&self) -> Vec<log::Line> {
        log::lines(&self.history, &self.table.rolls, self.outbox.first_roll)
    }

    /// The counters carrying the last-move mark (none when it is hidden).
    pub fn marked(&self) -> Vec<u32> {
        if self.look.show_mark {
            self.history.marked(self.look.mark_last)
        } else {
            Vec::new()
        }
    }

    /// Undoes the last step.
    pub fn undo(&mut self) {
        self.commit_notes();
        self.commit_counter_note();
        match self.history.undo(&mut self.table) {
            Some(what) => {
                self.status = Some(format!("Undone: {what}"));
                self.fanned = None;
                self.autosave();
            }
            None => self.status = Some("Nothing to undo.".into()),
        }
    }

    /// Redoes the last step undone.
    pub fn redo(&mut self) {
        match self.history.redo(&mut self.table) {
            Some(what) => {
                self.status = Some(format!("Redone: {what}"));
                self.fanned = None;
                self.autosave();
            }
            None => self.status = Some("Nothing to redo.".into()),
        }
    }

    /// Whether there is something to undo: a step, or notes typed since their field took the focus.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
            || self.notes_before.as_ref().is_some_and(|b| *b != self.table.notes)
            || self
                .look
                .note_before
                .as_ref()
                .is_some_and(|b| *b != self.table.counters)
    }

    /// Records the notes typed since their field took the focus as one step.
    fn commit_notes(&mut self) {
        if let Some(before) = self.notes_before.take()
            && before != self.table.notes
        {
            let words = match self.table.notes.lines().rev().find(|l| !l.trim().is_empty()) {
                Some(last) => format!("Notes edited, last line: {}", last.trim()),
                None => "Notes cleared".to_string(),
            };
            self.step(words, Part::Notes(before), Vec::new());
        }
    }

    /// Rolls the tray's dice and keeps the roll with its time and label.
    pub fn roll(&mut self) {
        let dice = self.dice;
        let faces: Vec<u8> = (0..dice.face_count())
            .map(|i| {
                let (lo, hi) = dice.face_range(i);
                let span = u32::from(hi - lo) + 1;
                lo + u8::try_from(self.rng.face(span) - 1).unwrap_or(0)
            })
            .collect();
        let at = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        self.table.dice = faces.clone();
        self.table.rolls.push(DiceRoll {
            dice: Some(dice),
            faces,
            label: self.roll_label.trim().to_string(),
            at: Some(at),
        });
        self.autosave();
    }

    /// The charts, read (with the player's overrides) the first time they are wanted.
    fn chart_book(&mut self, storage: &Storage) -> &ChartBook {
        let layout = self.layout;
        self.charts.get_or_insert_with(|| {
            let file = layout
                .overrides()
                .and_then(periscope_data::overrides::game)
                .map(|g| storage.dir.join(g.file))
                .filter(|p| p.exists());
            let overrides = file.and_then(|p| {
                Storage::read_capped(&p, periscope_data::bounded::OVERRIDES)
                    .ok()
                    .map(|text| OverrideFile {
                        file: p.display().to_string(),
                        text,
                    })
            });
            layout.charts(overrides.as_ref())
        })
    }

    /// Takes the name typed for Save as or Rename.
    fn name_table(&mut self, naming: Naming, storage: &Storage) {
        let name = naming.name.trim().to_string();
        if name.is_empty() {
            self.status = Some("A table needs a name.".into());
            return;
        }
        if naming.save_as {
            let old = self.path.clone();
            let path = tables::new_path(storage, self.layout.id(), &name);
            let mut table = self.table.clone();
            table.name = name.clone();
            match tables::write(&path, &table) {
                Ok(()) => {
                    self.table = table;
                    self.path = path.clone();
                    self.status = Some(format!(
                        "Saved as '{name}' in {}; the table you opened is kept as it was in {}.",
                        path.display(),
                        old.display()
                    ));
                }
                Err(e) => self.status = Some(e),
            }
        } else {
            self.table.name = name.clone();
            self.autosave();
            self.status = Some(format!("The table is now called '{name}'."));
        }
    }

    fn show_naming(&mut self, ctx: &egui::Context, storage: &Storage) {
        let Some(naming) = &mut self.naming else {
            return;
        };
        let mut done = None;
        let mut close = false;
        let title = if naming.save_as {
            "Save the table as"
        } else {
            "Rename the table"
        };
        let modal = egui::Modal::new(egui::Id::unique("track-naming")).show(ctx, |ui| {
            ui.set_width(380.0);
            ui.label(RichText::new(title).strong().size(17.0));
            let field = ui.add(
                egui::TextEdit::singleline(&mut naming.name)
                    .char_limit(periscope_engine::save::MAX_NAME)
                    .desired_width(f32::INFINITY),
            );
            field.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Table name"));
            field.request_focus();
            let enter = crate::keys::submitted(ui, &field);
            ui.horizontal(|ui| {
                let ok = if naming.save_as { "Save" } else { "Rename" };
                if ui.button(ok).clicked() || enter {
                    done = Some(naming.clone());
                }
                if ui.button("Cancel").clicked() {
                    close = true;
                }
            });
        });
        if let Some(n) = done {
            self.naming = None;
            self.name_table(n, storage);
        } else if close || modal.should_close() {
            self.naming = None;
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, storage: &Storage) -> Option<Nav> {
        let mut nav = None;
        let mut changed = false;
        let typing = ui.ctx().text_edit_focused();
        let (undo, redo, escape) = ui.input_mut(|i| {
            if typing {
                return (false, false, false);
            }
            let redo = keys::take(i, &keys::REDO);
            let undo = keys::take(i, &keys::UNDO);
            let escape = keys::take(i, &keys::CLOSE);
            (undo, redo, escape)
        });
        if undo {
            self.undo();
        }
        if redo {
            self.redo();
        }
        if escape {
            self.fanned = None;
        }
        egui::Panel::top("track-menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Table", |ui| {
                    if ui.button("Save as…").clicked() {
                        self.naming = Some(Naming {
                            name: format!("{} (2)", self.name()),
                            save_as: true,
                        });
                        ui.close();
                    }
                    if ui.button("Rename…").clicked() {
                        self.naming = Some(Naming {
                            name: self.name().to_string(),
                            save_as: false,
                        });
                        ui.close();
                    }
                    if ui.button("Reset the counters").clicked() {
                        let before = std::mem::replace(&mut self.table.counters, self.layout.counters());
                        for (i, c) in self.table.counters.iter_mut().enumerate() {
                            c.id = i as u32;
                        }
                        self.step("Counters reset", Part::Counters(before), Vec::new());
                        self.fanned = None;
                        changed = true;
                        ui.close();
                    }
                    ui.separator();
                    self.export_menu(ui, storage);
                    ui.separator();
                    if ui.button("Start screen").clicked() {
                        nav = Some(Nav::Start);
                        ui.close();
                    }
                });
                if ui
                    .add_enabled(self.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text(keys::shown(ui.ctx(), &keys::UNDO))
                    .clicked()
                {
                    self.undo();
                }
                if ui
                    .add_enabled(self.history.can_redo(), egui::Button::new("Redo"))
                    .on_hover_text(keys::shown(ui.ctx(), &keys::REDO))
                    .clicked()
                {
                    self.redo();
                }
                if ui.button("Reset view").clicked() {
                    self.scene_rect = self.layout.home_view();
                }
                crate::desktop::scale_control(ui);
                crate::panels::help::menu(ui);
                ui.label(
                    RichText::new(format!(
                        "Track mode · {} · drag counters, right-click to flip, click a stack to fan it, \
                         Shift-drag a whole stack, Alt to place freely",
                        self.name()
                    ))
                    .weak(),
                )
                .on_hover_text(format!(
                    "Hover a counter, or hold {} over it, to see it large; click it to mark it with a \
                     colour or write a note on it (Counters tab)",
                    keys::shown(ui.ctx(), &keys::MAGNIFY)
                ));
            });
        });
        egui::Panel::right("track-side")
            .default_size(340.0)
            .show(ui, |ui| {
                if self.side_panel(ui, storage) {
                    changed = true;
                }
            });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            if self.table_scene(ui) {
                changed = true;
            }
        });
        self.show_naming(ui.ctx(), storage);
        self.outbox_frame(ui.ctx(), storage);
        if changed {
            self.autosave();
        }
        if let Some(path) = self.open_file.take() {
            nav = Some(Nav::OpenFile(path));
        }
        nav
    }
}
