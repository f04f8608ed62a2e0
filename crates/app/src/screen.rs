//! A game's screen: its boards on the table, the decision and dice on the right, the log below. The
//! same for every game; each game draws its own table (`TableGame`). The screen only reads the game and
//! sends actions. The app holds whichever screen a game shows as an [`AnyScreen`].

use periscope_engine::RollSpec;
use std::any::Any;
use std::path::PathBuf;

use egui::{Id, Rect, RichText, Vec2};
use periscope_engine::{Game, Pending, RollRecord, Session};

use crate::panels::rules_reference::{self, RuleBook};
use crate::panels::{chart, decision, dice_tray, log};
use crate::storage::Storage;
use crate::{Nav, theme};

/// A screen of a game as the app holds it, boxed: its table, or a screen of its own (the Sensuikan
/// wizard, a career with its victory screen). The app knows no game; it only shows the box.
pub trait AnyScreen: Any {
    /// Draws one frame; returns where the app should go next.
    fn show(&mut self, ui: &mut egui::Ui, storage: &Storage) -> Option<Nav>;
    /// The game's table inside this screen (a `GameScreen<G>`), for whoever needs its session.
    fn table(&self) -> Option<&dyn Any> {
        None
    }
    fn table_mut(&mut self) -> Option<&mut dyn Any> {
        None
    }
}

/// How long a roll tumbles and a hit flashes, in seconds.
const ROLL_SECONDS: f64 = 0.45;
const FLASH_SECONDS: f64 = 0.8;

/// Moments worth animating on the table, set by the screen from the event stream.
#[derive(Default, Clone, Copy)]
pub struct Effects {
    /// 0..1 while the player's boat flashes after a hit.
    pub hull_flash: f32,
}

/// What a game adds to the shared screen: its table, and how to read its rolls and hits.
pub trait TableGame: Game + 'static {
    /// The game's rule summaries: the cited cases of the panels are links to them. None for a game
    /// without a rules reference.
    const RULES: Option<&'static dyn RuleBook> = None;
    /// The screen the app shows for the table: the table itself, unless the game keeps a screen of its own
    /// around it (a career's victory screen).
    fn screen(table: GameScreen<Self>) -> Box<dyn AnyScreen> {
        Box::new(table)
    }
    /// The size of the table's boards, in table units (points at 100% zoom).
    fn table_size() -> Vec2;
    /// The part of the table shown at first and by *Reset view*: all of it unless a game says otherwise.
    fn home_view() -> Rect {
        Rect::from_min_size(egui::Pos2::ZERO, Self::table_size())
    }
    /// The boards on the table by name, for the menu bar's buttons that move the view to each.
    fn boards() -> Vec<(&'static str, Rect)> {
        Vec::new()
    }
    /// A part of the table the view should move to now (an encounter's sheet), or `None` for the home view.
    /// The view moves only when this changes, so the player may pan away freely.
    fn focus(&self) -> Option<Rect> {
        None
    }
    /// Draws the table and returns the action the player took on it, if any.
    fn draw_table(ui: &mut egui::Ui, game: &Self, fx: Effects) -> Option<Self::Action>;
    /// The last roll, for the chart panel.
    fn last_roll(&self) -> Option<&RollRecord>;
    /// The game's paperwork for "Print / Export…", if it has any.
    fn paperwork(&self) -> Option<crate::panels::export::Paperwork> {
        None
    }
    /// Whether an event is a hit on the player's boat (the table flashes).
    fn is_hit(_event: &Self::Event) -> bool {
        false
    }
}

pub struct GameScreen<G: TableGame> {
    pub session: Session<G>,
    /// Where Save writes; `None` until the player saves as.
    pub save_path: Option<PathBuf>,
    scene_rect: Rect,
    entry: dice_tray::Entry,
    /// Events already seen by the animations.
    seen_events: usize,
    /// Events before the last action, to highlight what it caused.
    last_action_from: usize,
    roll_started: f64,
    last_roll_seen: Option<RollRecord>,
    hull_hit_at: f64,
    /// The focus the view last moved to (see [`TableGame::focus`]).
    focus: Option<Rect>,
    export: crate::panels::export::ExportWindow,
    /// A message for the player: a refused action, a failed save.
    pub status: Option<String>,
}

impl<G: TableGame> GameScreen<G> {
    pub fn new(session: Session<G>) -> Self {
        let seen = session.events().len();
        let focus = session.game().focus();
        Self {
            session,
            save_path: None,
            scene_rect: focus.unwrap_or_else(G::home_view),
            entry: dice_tray::Entry::default(),
            seen_events: seen,
            last_action_from: seen,
            roll_started: f64::NEG_INFINITY,
            last_roll_seen: None,
            export: Default::default(),
            hull_hit_at: f64::NEG_INFINITY,
            focus,
            status: None,
        }
    }

    /// Plays an action; a refused one leaves the game as it was and says why.
    pub fn act(&mut self, action: G::Action, storage: &Storage) {
        self.last_action_from = self.session.events().len();
        match self.session.apply(action) {
            Ok(_) => {
                self.status = None;
                self.autosave(storage);
            }
            Err(e) => self.status = Some(format!("Not allowed: {e}")),
        }
    }

    /// Moves the view to a part of the table.
    pub fn look_at(&mut self, rect: Rect) {
        self.scene_rect = rect;
    }

    /// Writes the autosave without playing anything (a new game replaces the old autosave at once).
    pub fn act_none(&mut self, storage: &Storage) {
        self.autosave(storage);
    }

    pub fn undo(&mut self, storage: &Storage) {
        if let Err(e) = self.session.undo() {
            self.status = Some(format!("Undo failed: {e}"));
        }
        self.after_history_change(storage);
    }

    pub fn redo(&mut self, storage: &Storage) {
        if let Err(e) = self.session.redo() {
            self.status = Some(format!("Redo failed: {e}"));
        }
        self.after_history_change(storage);
    }

    fn after_history_change(&mut self, storage: &Storage) {
        self.seen_events = self.session.events().len();
        self.last_action_from = self.seen_events;
        self.entry = dice_tray::Entry::default();
        self.autosave(storage);
    }

    fn autosave(&mut self, storage: &Storage) {
        let written = self
            .session
            .to_json()
            .map_err(|e| e.to_string())
            .and_then(|text| Storage::write(&storage.autosave(G::ID), &text));
        if let Err(e) = written {
            self.status = Some(format!("Autosave failed: {e}"));
        }
    }

    /// Saves to the save path; returns false when there is none yet.
    pub fn save(&mut self) -> bool {
        let Some(path) = self.save_path.clone() else {
            return false;
        };
        let written = self
            .session
            .to_json()
            .map_err(|e| e.to_string())
            .and_then(|text| Storage::write(&path, &text));
        match written {
            Ok(()) => self.status = Some(format!("Saved to {}", path.display())),
            Err(e) => self.status = Some(e),
        }
        true
    }

    pub fn save_as(&mut self) {
        let dialog = rfd::FileDialog::new()
            .add_filter("Periscope save", &["json"])
            .set_file_name(format!("{}.json", G::ID));
        if let Some(path) = dialog.save_file() {
            self.save_path = Some(path);
            self.save();
        }
    }

    /// Watches new events for the moments worth animating.
    fn notice_events(&mut self, now: f64) {
        let events = self.session.events();
        if events.len() < self.seen_events {
            self.seen_events = events.len();
        }
        for e in events.iter().skip(self.seen_events) {
            if G::is_hit(e) {
                self.hull_hit_at = now;
            }
        }
        // A new roll tumbles for a moment before its faces settle.
        let roll = self.session.game().last_roll().cloned();
        if roll.is_some() && roll != self.last_roll_seen {
            self.roll_started = now;
        }
        self.last_roll_seen = roll;
        self.seen_events = events.len();
    }

    pub fn show(&mut self, ui: &mut egui::Ui, storage: &Storage) -> Option<Nav> {
        let now = ui.input(|i| i.time);
        self.notice_events(now);
        let focus = self.session.game().focus();
        if focus != self.focus {
            self.focus = focus;
            self.scene_rect = focus.unwrap_or_else(G::home_view);
        }
        let mut nav = None;
        let mut action = None;

        // Keyboard: undo, redo, save.
        let (undo, redo, save) = ui.input_mut(|i| {
            let redo = i.consume_key(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
            let undo = i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z);
            let save = i.consume_key(egui::Modifiers::COMMAND, egui::Key::S);
            (undo, redo, save)
        });
        if undo {
            self.undo(storage);
        }
        if redo {
            self.redo(storage);
        }
        if save && !self.save() {
            self.save_as();
        }

        // The panels are named per game, so two games' screens never share a panel's memory.
        egui::Panel::top(Id::unique(("game-menu", G::ID))).show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Game", |ui| {
                    if ui.button("New game").clicked() {
                        nav = Some(Nav::Start);
                        ui.close();
                    }
                    if ui.button("Open…").clicked() {
                        nav = Some(Nav::Open);
                        ui.close();
                    }
                    if ui.button("Save   Ctrl+S").clicked() {
                        if !self.save() {
                            self.save_as();
                        }
                        ui.close();
                    }
                    if ui.button("Save as…").clicked() {
                        self.save_as();
                        ui.close();
                    }
                    let can_print = self.session.game().paperwork().is_some();
                    if ui
                        .add_enabled(can_print, egui::Button::new("Print / Export…"))
                        .clicked()
                    {
                        self.export.open = true;
                        ui.close();
                    }
                    ui.separator();
                    if ui.button("Start screen").clicked() {
                        nav = Some(Nav::Start);
                        ui.close();
                    }
                });
                if ui
                    .add_enabled(self.session.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text("Ctrl+Z")
                    .clicked()
                {
                    self.undo(storage);
                }
                if ui
                    .add_enabled(self.session.can_redo(), egui::Button::new("Redo"))
                    .on_hover_text("Ctrl+Shift+Z")
                    .clicked()
                {
                    self.redo(storage);
                }
                if ui.button("Rules reference").clicked() {
                    rules_reference::request(ui.ctx(), G::RULES.map(|b| b.id()), None);
                }
                if ui.button("Reset view").clicked() {
                    self.scene_rect = G::home_view();
                }
                // One button per board: the view moves to it.
                for (name, rect) in G::boards() {
                    if ui.button(name).on_hover_text("Show this board").clicked() {
                        self.scene_rect = rect;
                    }
                }
                ui.separator();
                let dice = match self.session.dice_mode() {
                    periscope_engine::DiceMode::Seeded => "digital dice",
                    periscope_engine::DiceMode::Physical => "physical dice",
                    periscope_engine::DiceMode::Scripted { .. } => "scripted dice",
                };
                ui.label(
                    RichText::new(format!("{} · seed {} · {dice}", G::NAME, self.session.seed())).weak(),
                );
            });
        });

        let pending = self.session.pending();
        if self.export.open
            && let Some(paper) = self.session.game().paperwork()
        {
            self.export.show(ui.ctx(), &paper);
        }
        egui::Panel::right(Id::unique(("game-side", G::ID)))
            .default_size(330.0)
            .resizable(true)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.add_space(6.0);
                    let keys = ui.ctx().memory(|m| m.focused().is_none());
                    if let Some(a) = decision::show(ui, &pending, keys, G::RULES) {
                        action = Some(a);
                    }
                    if let Pending::Roll(RollSpec { dice, .. }) = &pending {
                        ui.add_space(6.0);
                        if let Some(faces) = dice_tray::physical(ui, *dice, &mut self.entry) {
                            action = Some(G::dice_action(faces));
                        }
                    }
                    if let Some(s) = &self.status {
                        ui.add_space(6.0);
                        ui.colored_label(theme::HIGHLIGHT, s);
                    }
                    ui.add_space(10.0);
                    ui.separator();
                    ui.heading("Last roll");
                    let rolling =
                        ((self.roll_started + ROLL_SECONDS - now) / ROLL_SECONDS).clamp(0.0, 1.0) as f32;
                    if rolling > 0.0 {
                        ui.ctx().request_repaint();
                    }
                    chart::show(ui, self.session.game().last_roll(), rolling, G::RULES);
                });
            });

        egui::Panel::bottom(Id::unique(("game-log", G::ID)))
            .default_size(150.0)
            .resizable(true)
            .show(ui, |ui| {
                ui.label(RichText::new("Log").strong());
                log::show(ui, self.session.events(), self.last_action_from, G::RULES);
            });

        egui::CentralPanel::no_frame().show(ui, |ui| {
            let rect = ui.max_rect();
            ui.painter().rect_filled(rect, 0.0, theme::FELT);
            let flash = ((self.hull_hit_at + FLASH_SECONDS - now) / FLASH_SECONDS).clamp(0.0, 1.0) as f32;
            if flash > 0.0 {
                ui.ctx().request_repaint();
            }
            let fx = Effects { hull_flash: flash };
            let game = self.session.game();
            let scene = egui::Scene::new()
                .zoom_range(0.3..=3.0)
                .max_inner_size(G::table_size() + egui::vec2(200.0, 200.0));
            let mut scene_rect = self.scene_rect;
            let inner = scene.show(ui, &mut scene_rect, |ui| G::draw_table(ui, game, fx));
            self.scene_rect = scene_rect;
            if let Some(a) = inner.inner {
                action = Some(a);
            }
            // Animated counters keep moving without input.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(250));
        });

        if let Some(a) = action {
            self.act(a, storage);
        }
        nav
    }
}

impl<G: TableGame> AnyScreen for GameScreen<G> {
    fn show(&mut self, ui: &mut egui::Ui, storage: &Storage) -> Option<Nav> {
        GameScreen::show(self, ui, storage)
    }

    fn table(&self) -> Option<&dyn Any> {
        Some(self)
    }

    fn table_mut(&mut self) -> Option<&mut dyn Any> {
        Some(self)
    }
}
