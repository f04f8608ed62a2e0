//! Track mode: a game's mat beside a physical copy of the game. Every counter moves freely, flips and
//! stacks; a dice tray and notes sit on the right; no rule is enforced. The table is saved as it stands.
//! Track mode knows no game: each game with a Track table hands it a [`TrackLayout`] (Submarine Hunt's in
//! `hunt/track.rs`, Sensuikan's in `sensuikan/track.rs`).

use std::path::PathBuf;

use egui::{Id, Pos2, Rect, RichText, Role, Sense, Vec2, WidgetInfo, pos2, vec2};
use periscope_engine::dice::SeededRng;
use serde::{Deserialize, Serialize};

use crate::Nav;
use crate::storage::Storage;
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};
use crate::widgets::die;

const TRACK_VERSION: u32 = 1;
const SIZE: f32 = 32.0;

/// What a game hands Track mode: its table's size and printed boards, and its fresh counter mix.
pub trait TrackLayout: Sync {
    /// The id a saved table names (`hunt`); the table is saved as `track-table-<id>.json`.
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
    /// The full counter mix, each on its starting place (the table numbers them).
    fn counters(&self) -> Vec<FreeCounter>;
    /// What paints the printed boards under the counters; made when the table opens, so it may read the
    /// game's data once.
    fn boards(&self) -> Box<dyn Fn(&mut egui::Ui)>;
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
    }
}

/// One counter on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FreeCounter {
    /// Stable identity: the drawing order changes as counters are raised, the id does not.
    pub id: u32,
    pub label: String,
    pub side: Side,
    pub symbol: Symbol,
    /// Centre, in table units.
    pub pos: [f32; 2],
    pub flipped: bool,
}

/// The whole table as saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrackTable {
    pub format: String,
    pub version: u32,
    /// The layout's id (`hunt`, `sensuikan`).
    pub game: String,
    /// Bottom to top: the last counter is drawn on top.
    pub counters: Vec<FreeCounter>,
    pub notes: String,
    /// The faces of the last roll in the dice tray.
    pub dice: Vec<u8>,
}

impl TrackTable {
    /// A fresh table of a layout: its full counter mix, each on its starting place, numbered in order.
    pub fn fresh(layout: &dyn TrackLayout) -> Self {
        let mut counters = layout.counters();
        for (i, c) in counters.iter_mut().enumerate() {
            c.id = i as u32;
        }
        Self {
            format: "periscope-track".into(),
            version: TRACK_VERSION,
            game: layout.id().into(),
            counters,
            notes: String::new(),
            dice: vec![],
        }
    }

    /// Reads a saved table; anything wrong is reported and nothing is changed.
    pub fn parse(text: &str) -> Result<Self, String> {
        let t: TrackTable =
            serde_json::from_str(text).map_err(|e| format!("This Track table cannot be read: {e}"))?;
        if t.format != "periscope-track" {
            return Err("This is not a Periscope Track table.".into());
        }
        if t.version > TRACK_VERSION {
            return Err(format!(
                "This Track table was written by a newer Periscope (version {}).",
                t.version
            ));
        }
        Ok(t)
    }
}

/// Where a layout's table is found: its own file, or the first of its old files that exists.
pub fn saved_file(storage: &Storage, layout: &dyn TrackLayout) -> Option<PathBuf> {
    let own = std::iter::once(storage.track_table(layout.id()));
    let old = layout.old_files().iter().map(|f| storage.dir.join(f));
    own.chain(old).find(|p| p.exists())
}

/// A layout's saved table, or a fresh one when there is none (or it cannot be read).
pub fn open_table(storage: &Storage, layout: &dyn TrackLayout) -> TrackTable {
    saved_file(storage, layout)
        .and_then(|p| Storage::read(&p).ok())
        .and_then(|t| TrackTable::parse(&t).ok())
        .filter(|t| t.game == layout.id())
        .unwrap_or_else(|| TrackTable::fresh(layout))
}

pub struct TrackScreen {
    pub table: TrackTable,
    layout: &'static dyn TrackLayout,
    /// Paints the layout's printed boards.
    boards: Box<dyn Fn(&mut egui::Ui)>,
    scene_rect: Rect,
    rng: SeededRng,
    dice_count: u8,
    /// Offset from the pointer to the centre of the counter being dragged.
    grab: Option<Vec2>,
    pub status: Option<String>,
}

impl TrackScreen {
    pub fn new(table: TrackTable, layout: &'static dyn TrackLayout) -> Self {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        Self {
            scene_rect: layout.home_view(),
            boards: layout.boards(),
            layout,
            table,
            rng: SeededRng::new(seed),
            dice_count: 3,
            grab: None,
            status: None,
        }
    }

    /// The layout this table is of.
    pub fn layout(&self) -> &'static dyn TrackLayout {
        self.layout
    }

    pub fn autosave(&mut self, storage: &Storage) {
        match serde_json::to_string_pretty(&self.table) {
            Ok(text) => {
                if let Err(e) = Storage::write(&storage.track_table(self.layout.id()), &text) {
                    self.status = Some(e);
                }
            }
            Err(e) => self.status = Some(e.to_string()),
        }
    }

    /// Moves counter `i` to the top of the stack (drawn last).
    fn raise(&mut self, i: usize) -> usize {
        let c = self.table.counters.remove(i);
        self.table.counters.push(c);
        self.table.counters.len() - 1
    }

    pub fn show(&mut self, ui: &mut egui::Ui, storage: &Storage) -> Option<Nav> {
        let mut nav = None;
        let mut changed = false;
        egui::Panel::top("track-menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Table", |ui| {
                    if ui.button("Reset the counters").clicked() {
                        let notes = std::mem::take(&mut self.table.notes);
                        self.table = TrackTable::fresh(self.layout);
                        self.table.notes = notes;
                        changed = true;
                        ui.close();
                    }
                    if ui.button("Start screen").clicked() {
                        nav = Some(Nav::Start);
                        ui.close();
                    }
                });
                if ui.button("Reset view").clicked() {
                    self.scene_rect = self.layout.home_view();
                }
                let name = self.layout.name();
                ui.label(
                    RichText::new(format!(
                        "Track mode · {name} · drag counters, right-click to flip"
                    ))
                    .weak(),
                );
            });
        });
        egui::Panel::right("track-side")
            .default_size(300.0)
            .show(ui, |ui| {
                ui.heading("Dice tray");
                ui.horizontal(|ui| {
                    ui.label("Dice:");
                    for n in 1..=3u8 {
                        if ui
                            .selectable_label(self.dice_count == n, format!("{n}d6"))
                            .clicked()
                        {
                            self.dice_count = n;
                        }
                    }
                });
                if ui.button("Roll").clicked() {
                    self.table.dice = (0..self.dice_count).map(|_| self.rng.face(6) as u8).collect();
                    changed = true;
                }
                let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), 48.0), Sense::hover());
                for (i, &f) in self.table.dice.iter().enumerate() {
                    die::paint_d6(
                        ui.painter(),
                        rect.left_center() + vec2(26.0 + i as f32 * 46.0, 0.0),
                        36.0,
                        f,
                        false,
                    );
                }
                if !self.table.dice.is_empty() {
                    let faces: Vec<String> = self.table.dice.iter().map(u8::to_string).collect();
                    ui.label(format!("Rolled: {}", faces.join(", ")));
                }
                ui.separator();
                ui.heading("Notes");
                let notes = ui.add(
                    egui::TextEdit::multiline(&mut self.table.notes)
                        .desired_rows(12)
                        .desired_width(f32::INFINITY)
                        .hint_text("Patrol notes…"),
                );
                notes.widget_info(|| WidgetInfo::labeled(Role::TextInput, true, "Notes"));
                if notes.changed() {
                    changed = true;
                }
                if let Some(s) = &self.status {
                    ui.colored_label(theme::HIGHLIGHT, s);
                }
            });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.painter().rect_filled(ui.max_rect(), 0.0, theme::FELT);
            let mut scene_rect = self.scene_rect;
            let scene = egui::Scene::new()
                .zoom_range(0.3..=3.0)
                .max_inner_size(self.layout.size() + vec2(200.0, 200.0));
            let size = self.layout.size();
            scene.show(ui, &mut scene_rect, |ui| {
                (self.boards)(ui);
                ui.allocate_rect(Rect::from_min_size(Pos2::ZERO, size), Sense::hover());
                let mut raise = None;
                let mut flip = None;
                // The pointer in table units: counters follow it exactly, whatever the zoom.
                let from_global = ui.ctx().layer_transform_from_global(ui.layer_id());
                let to_table = |p: Pos2| from_global.map_or(p, |t| t * p);
                let pointer = ui.ctx().pointer_interact_pos().map(to_table);
                // Where the button went down: the grip on the counter is measured from there, so the
                // counter does not lag behind by the distance it takes to start a drag.
                let press = ui.input(|i| i.pointer.press_origin()).map(to_table);
                for (i, c) in self.table.counters.iter_mut().enumerate() {
                    let center = pos2(c.pos[0], c.pos[1]);
                    let rect = Rect::from_center_size(center, Vec2::splat(SIZE));
                    let resp =
                        ui.interact(rect, Id::unique(("track-counter", c.id)), Sense::click_and_drag());
                    let label = format!("Counter {}{}", c.label, if c.flipped { " (flipped)" } else { "" });
                    crate::a11y::label(ui, &resp, Role::Button, &label);
                    if resp.drag_started() {
                        raise = Some(i);
                        self.grab = press.or(pointer).map(|p| center - p);
                    }
                    if (resp.dragged() || resp.drag_stopped())
                        && let (Some(p), Some(grab)) = (pointer, self.grab)
                    {
                        let at = p + grab;
                        c.pos = [at.x, at.y];
                    }
                    if resp.drag_stopped() {
                        changed = true;
                    }
                    if resp.secondary_clicked() || resp.double_clicked() {
                        flip = Some(i);
                    }
                    counter::paint(
                        ui.painter(),
                        pos2(c.pos[0], c.pos[1]),
                        SIZE,
                        c.side,
                        c.symbol,
                        &c.label,
                        c.flipped,
                    );
                }
                if let Some(i) = flip
                    && let Some(c) = self.table.counters.get_mut(i)
                {
                    c.flipped = !c.flipped;
                    changed = true;
                }
                if let Some(i) = raise {
                    self.raise(i);
                }
            });
            self.scene_rect = scene_rect;
        });
        if changed {
            self.autosave(storage);
        }
        nav
    }
}
