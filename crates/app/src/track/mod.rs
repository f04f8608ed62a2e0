//! Track mode: the same mat beside a physical copy of the game. Every counter moves freely, flips and
//! stacks; a dice tray and notes sit on the right; no rule is enforced. The table is saved as it stands.
//! Submarine Hunt's table is the patrol mat; Sensuikan's (`sensuikan.rs`) its three boards and a tray.

pub mod sensuikan;

use egui::{Id, Pos2, Rect, RichText, Role, Sense, Vec2, WidgetInfo, pos2, vec2};
use periscope_data::hunt::HuntRules;
use periscope_engine::dice::SeededRng;
use serde::{Deserialize, Serialize};

use crate::Nav;
use crate::hunt::table;
use crate::storage::Storage;
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};
use crate::widgets::die;

const TRACK_VERSION: u32 = 1;
const SIZE: f32 = 32.0;

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
    pub game: String,
    /// Bottom to top: the last counter is drawn on top.
    pub counters: Vec<FreeCounter>,
    pub notes: String,
    /// The faces of the last roll in the dice tray.
    pub dice: Vec<u8>,
}

impl TrackTable {
    /// The full counter mix of Submarine Hunt, each on its starting box.
    pub fn new_hunt() -> Self {
        let layout_x = |track: usize, idx: usize| {
            let w = [27.0, 27.0, 27.0, 22.7, 45.0][track];
            [
                40.0 + 112.0 + idx as f32 * w + (w - 2.0) / 2.0,
                290.0 + track as f32 * 40.0 + 20.0,
            ]
        };
        let c = |label: &str, side, symbol, pos: [f32; 2]| FreeCounter {
            id: 0,
            label: label.into(),
            side,
            symbol,
            pos,
            flipped: false,
        };
        let mut counters = vec![
            c("OXY", Side::Submarine, Symbol::Gauge, layout_x(0, 20)),
            c("BAT", Side::Submarine, Symbol::Gauge, layout_x(1, 20)),
            c("HULL", Side::Submarine, Symbol::Submarine, layout_x(2, 20)),
            c("TORP", Side::Submarine, Symbol::Torpedo, layout_x(3, 24)),
            c("SINK", Side::Marker, Symbol::Star, layout_x(4, 0)),
            c(
                "SUB",
                Side::Submarine,
                Symbol::Submarine,
                [790.0 + 180.0 + 85.0, 405.0],
            ),
            c("SEEN", Side::Enemy, Symbol::Ship, [790.0 + 41.0, 490.0]),
            c("+1", Side::Marker, Symbol::Flag, [1150.0, 470.0]),
            c("TURN", Side::Marker, Symbol::Flag, [1120.0, 60.0]),
        ];
        for (i, name) in ["MERCH", "CRUIS", "DSTR", "BTLSH", "U-SUB"].iter().enumerate() {
            counters.push(c(
                name,
                Side::Enemy,
                Symbol::Ship,
                [330.0 + i as f32 * 40.0, 640.0],
            ));
        }
        for i in 0..3 {
            counters.push(c(
                "LOCK",
                Side::Marker,
                Symbol::Die,
                [840.0 + i as f32 * 50.0, 588.0],
            ));
        }
        for (i, c) in counters.iter_mut().enumerate() {
            c.id = i as u32;
        }
        Self {
            format: "periscope-track".into(),
            version: TRACK_VERSION,
            game: "hunt".into(),
            counters,
            notes: String::new(),
            dice: vec![],
        }
    }

    /// A fresh table of `game` ("hunt" or "sensuikan").
    pub fn new_for(game: &str) -> Self {
        if game == sensuikan::GAME {
            sensuikan::new_table()
        } else {
            Self::new_hunt()
        }
    }

    /// The table's size in table units.
    pub fn size(&self) -> Vec2 {
        if self.game == sensuikan::GAME {
            sensuikan::size()
        } else {
            table::MAT
        }
    }

    /// The part shown at first and by *Reset view*.
    fn home_view(&self) -> Rect {
        if self.game == sensuikan::GAME {
            // All three boards and the tray at once: the player zooms in on the one in use.
            Rect::from_min_size(Pos2::ZERO, sensuikan::size())
        } else {
            Rect::from_min_size(Pos2::ZERO, table::MAT)
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

pub struct TrackScreen {
    pub table: TrackTable,
    scene_rect: Rect,
    rules: Option<HuntRules>,
    /// The Operations Map's areas and bases (Sensuikan only).
    map: Option<periscope_engine::sensuikan::career::MapView>,
    rng: SeededRng,
    dice_count: u8,
    /// Offset from the pointer to the centre of the counter being dragged.
    grab: Option<Vec2>,
    pub status: Option<String>,
}

impl TrackScreen {
    pub fn new(table: TrackTable) -> Self {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        let sensuikan = table.game == sensuikan::GAME;
        Self {
            scene_rect: table.home_view(),
            rules: if sensuikan {
                None
            } else {
                HuntRules::shipped().ok()
            },
            map: if sensuikan { sensuikan::blank_map() } else { None },
            table,
            rng: SeededRng::new(seed),
            dice_count: 3,
            grab: None,
            status: None,
        }
    }

    pub fn autosave(&mut self, storage: &Storage) {
        match serde_json::to_string_pretty(&self.table) {
            Ok(text) => {
                if let Err(e) = Storage::write(&storage.track_table_of(&self.table.game), &text) {
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
                        self.table = TrackTable::new_for(&self.table.game);
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
                    self.scene_rect = self.table.home_view();
                }
                let name = if self.table.game == sensuikan::GAME {
                    "Sensuikan"
                } else {
                    "Submarine Hunt"
                };
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
                .max_inner_size(self.table.size() + vec2(200.0, 200.0));
            scene.show(ui, &mut scene_rect, |ui| {
                if let Some(rules) = &self.rules {
                    table::paint_printed(ui.painter(), rules, 20, 20, "Track mode", None);
                }
                if self.table.game == sensuikan::GAME {
                    sensuikan::paint_boards(ui, self.map.as_ref());
                }
                ui.allocate_rect(Rect::from_min_size(Pos2::ZERO, self.table.size()), Sense::hover());
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
