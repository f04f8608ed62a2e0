//! The table itself: the boards, the card piles and the counters, in a scene that pans and zooms.
//!
//! Each counter has one widget a frame, with one id wherever it is drawn (the top of its stack, a fanned
//! stack, under the pointer), so a drag goes on when a counter leaves its stack or its fan. Only the top
//! counter of a stack has a widget: the counters below are reached by fanning the stack out (click it) or
//! by moving the whole stack (Shift-drag).

use egui::{Color32, Id, Pos2, Rect, Role, Sense, Stroke, Vec2, vec2};
use periscope_engine::dice::SeededRng;

use super::cards::{CardLayout, CardTable, Pack, Place, SpotSpec, TableCard};
use super::history::Part;
use super::stacks::{self, Landing, SIZE};
use super::{Drag, FreeCounter, TrackScreen, lens};
use crate::theme;
use crate::widgets::counter;
use crate::{board, keys};

/// What the player did to a counter this frame.
enum Act {
    /// Began dragging these counters (ids, bottom to top); `at` is the centre of the widget grabbed.
    Drag {
        ids: Vec<u32>,
        at: Pos2,
    },
    Drop,
    /// Clicked a counter (a stack's top, or one of a fanned stack): `centre` of its stack, its height.
    Click {
        id: u32,
        centre: Pos2,
        height: usize,
        fanned: bool,
    },
    Flip {
        id: u32,
    },
}

/// What the player did to the cards this frame.
enum CardAct {
    Flip {
        spot: String,
        index: usize,
    },
    /// The pack's deck was clicked: deal or turn a card over.
    Deck {
        pack: usize,
    },
    Discard {
        pack: usize,
        spot: String,
    },
}

/// `Counter SUB`, `Counter SUB (flipped, top of a stack of 3)`: the label screen readers and tests use.
fn a11y_label(c: &FreeCounter, place: Option<String>) -> String {
    let mut notes = Vec::new();
    if c.flipped {
        notes.push("flipped".to_string());
    }
    notes.extend(place);
    if notes.is_empty() {
        format!("Counter {}", c.label)
    } else {
        format!("Counter {} ({})", c.label, notes.join(", "))
    }
}

impl TrackScreen {
    /// What a counter is, for its tooltip: `SUB KD3 — Submarine marker: Kaidai KD.3`.
    pub(super) fn describe(&self, c: &FreeCounter) -> String {
        let kind = self.mix.as_ref().and_then(|m| m.kind(&c.kind));
        let name = kind.map(|k| k.name.clone());
        let face = kind
            .and_then(|k| k.faces.iter().find(|f| f.mark == c.mark))
            .and_then(|f| f.name.clone());
        let mut s = c.label.clone();
        if !c.mark.is_empty() {
            s.push(' ');
            s.push_str(&c.mark);
        }
        match (name, face) {
            (Some(n), Some(f)) => format!("{s} — {n}: {f}"),
            (Some(n), None) => format!("{s} — {n}"),
            _ => s,
        }
    }

    /// What the move log calls a counter: its label and the name of its face in the game's mix
    /// (`ESCORT Spencer`, `SUB Kaidai KD.3`), or its label and mark when the mix names no face.
    pub(super) fn called(&self, c: &FreeCounter) -> String {
        let face = (!c.mark.is_empty())
            .then(|| self.mix.as_ref()?.kind(&c.kind))
            .flatten()
            .and_then(|k| k.faces.iter().find(|f| f.mark == c.mark))
            .and_then(|f| f.name.clone());
        match face {
            Some(name) => format!("{} {name}", c.label),
            None => name_of(c),
        }
    }

    /// Whether a counter matches the tray's search.
    pub(super) fn matches(&self, c: &FreeCounter, needle: &str) -> bool {
        !needle.is_empty() && self.describe(c).to_lowercase().contains(needle)
    }

    fn paint_counter(&self, painter: &egui::Painter, c: &FreeCounter, at: Pos2) {
        paint_free(painter, self.layout.id(), c, at, SIZE);
    }

    /// The last-move ring around a counter drawn at `at`, with a label saying so for screen readers (and
    /// tests); its widget lies under the counter's, so it takes no click.
    fn mark_widget(&self, ui: &mut egui::Ui, painter: &egui::Painter, c: &FreeCounter, at: Pos2) {
        lens::paint_mark(painter, at, SIZE);
        let rect = Rect::from_center_size(at, Vec2::splat(SIZE));
        let resp = ui.interact(rect, Id::unique(("track-mark", c.id)), Sense::hover());
        crate::a11y::label(ui, &resp, Role::Label, &format!("Last moved: {}", name_of(c)));
    }

    /// A counter's widget at `at`, labelled; returns what the player did with it.
    fn counter_widget(
        &self,
        ui: &mut egui::Ui,
        c: &FreeCounter,
        at: Pos2,
        place: Option<String>,
        stack: &[u32],
        acts: &mut Vec<Act>,
    ) {
        let rect = Rect::from_center_size(at, Vec2::splat(SIZE));
        let fanned = place.as_ref().is_some_and(|p| p.starts_with("fanned"));
        let resp = ui.interact(rect, Id::unique(("track-counter", c.id)), Sense::click_and_drag());
        crate::a11y::label(ui, &resp, Role::Button, &a11y_label(c, place));
        // The magnifier: the counter, or its whole stack, after a short hover or at once with the key.
        let shown: Vec<u32> = if fanned { vec![c.id] } else { stack.to_vec() };
        if resp.hovered() && !resp.dragged() && !ui.ctx().text_edit_focused() && ui.input(keys::magnifying) {
            resp.show_tooltip_ui(|ui| self.magnifier(ui, &shown));
        } else if !resp.dragged() {
            resp.clone().on_hover_ui(|ui| self.magnifier(ui, &shown));
        }
        if resp.drag_started() {
            let whole = ui.input(|i| i.modifiers.shift) && stack.last() == Some(&c.id);
            let ids = if whole { stack.to_vec() } else { vec![c.id] };
            acts.push(Act::Drag { ids, at });
        }
        if resp.drag_stopped() {
            acts.push(Act::Drop);
        }
        if resp.secondary_clicked() || resp.double_clicked() {
            acts.push(Act::Flip { id: c.id });
        } else if resp.clicked() {
            acts.push(Act::Click {
                id: c.id,
                centre: c.at(),
                height: stack.len(),
                fanned,
            });
        }
    }

    /// Draws the table and takes what the player does on it; returns whether the table changed.
    pub(super) fn table_scene(&mut self, ui: &mut egui::Ui) -> bool {
        let mut changed = false;
        let area = ui.max_rect();
        ui.painter().rect_filled(area, 0.0, theme::FELT);
        let mut scene_rect = self.scene_rect;
        let size = self.layout.size();
        let scene = egui::Scene::new()
            .zoom_range(0.3..=3.0)
            .max_inner_size(size + vec2(200.0, 200.0));
        scene.show(ui, &mut scene_rect, |ui| {
            let ((), boxes) = board::collect_boxes(|| (self.boards)(ui));
            self.boxes = boxes;
            let felt = ui.allocate_rect(Rect::from_min_size(Pos2::ZERO, size), Sense::click());
            if felt.clicked() {
                self.fanned = None;
            }
            if self.cards_on_table(ui) {
                changed = true;
            }
            if self.counters_on_table(ui) {
                changed = true;
            }
        });
        self.scene_rect = scene_rect;
        // The scene fits its rect inside the panel: the tighter of the two ratios is the view's zoom.
        if scene_rect.width() > 0.0 && scene_rect.height() > 0.0 {
            let fit = (area.width() / scene_rect.width()).min(area.height() / scene_rect.height());
            self.outbox.view_zoom = fit * ui.ctx().pixels_per_point();
        }
        changed
    }

    /// The counters: stacks, the fanned stack, the drag. Returns whether the table changed.
    fn counters_on_table(&mut self, ui: &mut egui::Ui) -> bool {
        let from_global = ui.ctx().layer_transform_from_global(ui.layer_id());
        let to_table = |p: Pos2| from_global.map_or(p, |t| t * p);
        let pointer = ui.ctx().pointer_interact_pos().map(to_table);
        // Where the button went down: the grip is measured from there, so that the counter does not lag
        // behind by the distance it takes to start a drag.
        let press = ui.input(|i| i.pointer.press_origin()).map(to_table);
        let (free, down) = ui.input(|i| (i.modifiers.alt, i.pointer.primary_down()));
        // The dragged counters follow the pointer.
        if let (Some(drag), Some(p)) = (&self.drag, pointer) {
            let at = p + drag.grab;
            for c in self
                .table
                .counters
                .iter_mut()
                .filter(|c| drag.ids.contains(&c.id))
            {
                c.pos = [at.x, at.y];
            }
        }
        let all = stacks::stacks(&self.table.counters);
        if let Some(f) = self.fanned
            && !all
                .iter()
                .any(|s| s.len() > 1 && self.table.counters[s[0]].at() == f)
        {
            self.fanned = None;
        }
        let needle = self.search.trim().to_lowercase();
        let painter = ui.painter().clone();
        let marked = if self.drag.is_some() {
            Vec::new()
        } else {
            self.marked()
        };
        let mut acts = Vec::new();
        let mut fan = None;
        for s in &all {
            let n = s.len();
            let ids: Vec<u32> = s.iter().map(|&i| self.table.counters[i].id).collect();
            let centre = self.table.counters[s[0]].at();
            for (k, &i) in s.iter().enumerate().take(n - 1) {
                self.paint_counter(
                    &painter,
                    &self.table.counters[i],
                    centre + stacks::peek(n - 1 - k),
                );
            }
            let Some(&top) = s.last() else { continue };
            let c = &self.table.counters[top];
            self.paint_counter(&painter, c, centre);
            let rect = Rect::from_center_size(centre, Vec2::splat(SIZE));
            if n > 1 {
                counter::paint_count(&painter, rect, n);
            }
            if s.iter().any(|&i| self.matches(&self.table.counters[i], &needle)) {
                board::glow(&painter, rect, 1.0);
            }
            // A fanned stack's counters are marked in the fan.
            let fanned_here = self.fanned == Some(centre) && n > 1;
            if let Some(&m) = s.iter().find(|&&i| marked.contains(&self.table.counters[i].id))
                && !fanned_here
            {
                self.mark_widget(ui, &painter, &self.table.counters[m], centre);
            }
            if self.fanned == Some(centre) && n > 1 {
                fan = Some((s.clone(), ids));
                let resp = ui.interact(rect, Id::unique(("track-stack", ids_key(s))), Sense::click());
                crate::a11y::label(ui, &resp, Role::Button, &format!("Close the fanned stack of {n}"));
                if resp.clicked() {
                    self.fanned = None;
                }
                continue;
            }
            let place = (n > 1).then(|| format!("top of a stack of {n}"));
            self.counter_widget(ui, c, centre, place, &ids, &mut acts);
        }
        if let Some((s, ids)) = fan {
            let centre = self.table.counters[s[0]].at();
            let spots = stacks::fan(centre, s.len());
            if let Some(panel) = stacks::fan_panel(&spots) {
                painter.rect_filled(panel.translate(vec2(3.0, 4.0)), 6, theme::SHADOW);
                painter.rect_filled(panel, 6, theme::PAPER_SHADE);
                painter.rect_stroke(panel, 6, theme::line(), egui::StrokeKind::Inside);
            }
            let n = s.len();
            for (k, (&i, at)) in s.iter().zip(spots).enumerate() {
                let c = &self.table.counters[i];
                self.paint_counter(&painter, c, at);
                if marked.contains(&c.id) {
                    self.mark_widget(ui, &painter, c, at);
                }
                let place = Some(format!("fanned out, {} of {n}", k + 1));
                self.counter_widget(ui, c, at, place, &ids, &mut acts);
            }
        }
        let mut changed = false;
        for act in acts {
            match act {
                Act::Drag { ids, at } => {
                    let grab = press.or(pointer).map_or(Vec2::ZERO, |p| at - p);
                    self.start_drag(ids, grab, pointer.map_or(at, |p| p + grab));
                }
                Act::Drop => changed |= self.drop(pointer, free),
                Act::Click {
                    id,
                    centre,
                    height,
                    fanned,
                } => {
                    self.commit_counter_note();
                    self.look.selected = Some(id);
                    if !fanned {
                        self.fanned = (height > 1 && self.fanned != Some(centre)).then_some(centre);
                    }
                }
                Act::Flip { id } => {
                    let before = self.table.counters.clone();
                    if let Some(i) = self.table.counters.iter().position(|c| c.id == id) {
                        let c = &mut self.table.counters[i];
                        c.flipped = !c.flipped;
                        let over = if c.flipped { "over" } else { "face up" };
                        let what = format!("{} turned {over}", self.called(&self.table.counters[i]));
                        self.step(what, Part::Counters(before), vec![id]);
                        changed = true;
                    }
                }
            }
        }
        // A drag whose widget was lost (the pointer left the window) ends where the counters are.
        if self.drag.is_some() && !down {
            changed |= self.drop(None, free);
        }
        changed
    }

    /// Picks up the counters `ids` (bottom to top), held `grab` from their centre, now at `start`: they
    /// go to the top of the table, in their order.
    fn start_drag(&mut self, ids: Vec<u32>, grab: Vec2, start: Pos2) {
        let before = self.table.counters.clone();
        let (mut moving, rest): (Vec<FreeCounter>, Vec<FreeCounter>) =
            std::mem::take(&mut self.table.counters)
                .into_iter()
                .partition(|c| ids.contains(&c.id));
        self.table.counters = rest;
        for c in &mut moving {
            c.pos = [start.x, start.y];
        }
        self.table.counters.append(&mut moving);
        self.drag = Some(Drag { ids, grab, before });
    }

    /// Lands the dragged counters; returns whether the table changed.
    fn drop(&mut self, pointer: Option<Pos2>, free: bool) -> bool {
        let Some(drag) = self.drag.take() else {
            return false;
        };
        let moving: Vec<usize> = self
            .table
            .counters
            .iter()
            .enumerate()
            .filter(|(_, c)| drag.ids.contains(&c.id))
            .map(|(i, _)| i)
            .collect();
        let Some(&first) = moving.first() else {
            return false;
        };
        let at = pointer.map_or(self.table.counters[first].at(), |p| p + drag.grab);
        let landing = stacks::land(at, &moving, &self.table.counters, &self.boxes, free);
        let p = landing.at();
        for &i in &moving {
            self.table.counters[i].pos = [p.x, p.y];
        }
        if self.table.counters == drag.before {
            return false;
        }
        let what = self.move_words(&moving, &drag, landing);
        self.step(what, Part::Counters(drag.before), drag.ids);
        self.fanned = None;
        true
    }

    /// A move in words another player can read: `SUB moved from the COUNTER TRAY to box 4 on the PATROL
    /// TRACK`, `Stack of 2 (SUB on top) stacked on HULL in box 3 (3 high)`.
    fn move_words(&mut self, moving: &[usize], drag: &Drag, landing: Landing) -> String {
        let counters = &self.table.counters;
        let top = moving
            .last()
            .map(|&i| self.called(&counters[i]))
            .unwrap_or_default();
        let who = if moving.len() > 1 {
            format!("Stack of {} ({top} on top)", moving.len())
        } else {
            top
        };
        let from_at = drag
            .before
            .iter()
            .find(|c| drag.ids.first() == Some(&c.id))
            .map(FreeCounter::at);
        let under = match landing {
            Landing::Stack(centre) => counters
                .iter()
                .rfind(|c| c.at() == centre && !drag.ids.contains(&c.id))
                .map(|c| self.called(c)),
            _ => None,
        };
        let height = counters.iter().filter(|c| c.at() == landing.at()).count();
        let places = self.places();
        let to = places.name(landing.at());
        let journey = from_at.and_then(|p| places.journey(p, landing.at()));
        match (under, journey) {
            (Some(under), _) => format!("{who} stacked on {under} in {to} ({height} high)"),
            (None, Some(journey)) => format!("{who} moved {journey}"),
            (None, None) => format!("{who} moved within {to}"),
        }
    }

    /// The card piles; returns whether the table changed.
    fn cards_on_table(&mut self, ui: &mut egui::Ui) -> bool {
        let Some(layout) = &self.cards else {
            return false;
        };
        let view = self.table.cards.fitted(layout).into_owned();
        let painter = ui.painter().clone();
        let mut acts = Vec::new();
        for (p, pack) in layout.packs.iter().enumerate() {
            let name = layout.name;
            let paint = layout.paint;
            let label_of = |c: &TableCard| {
                if c.up {
                    name(&c.code)
                } else {
                    "face down".to_string()
                }
            };
            // The deck: its backs, a little thickness, and how many.
            if let Place::Pile(r) = pack.deck.place {
                let cards = view.cards(&pack.deck.id);
                pile(&painter, r, cards, paint);
                let resp = ui.interact(r, Id::unique(("track-deck", &pack.deck.id)), Sense::click());
                crate::a11y::label(
                    ui,
                    &resp,
                    Role::Button,
                    &format!("{}: {} cards", pack.deck.name, cards.len()),
                );
                if resp.clicked() {
                    acts.push(CardAct::Deck { pack: p });
                }
            }
            if let Place::Pile(r) = pack.discard.place {
                let cards = view.cards(&pack.discard.id);
                pile(&painter, r, cards, paint);
                let top = cards
                    .last()
                    .map(|c| format!(", top: {}", label_of(c)))
                    .unwrap_or_default();
                let resp = ui.interact(r, Id::unique(("track-discard", &pack.discard.id)), Sense::hover());
                crate::a11y::label(
                    ui,
                    &resp,
                    Role::Label,
                    &format!("{}: {} cards{top}", pack.discard.name, cards.len()),
                );
            }
            let mut spots: Vec<&SpotSpec> = pack.deal.iter().flat_map(|(_, s)| s.iter()).collect();
            spots.extend(pack.draw.iter().map(|(_, s)| s));
            for spot in spots {
                let cards = view.cards(&spot.id);
                let n = cards.len();
                for (i, c) in cards.iter().enumerate() {
                    let r = match spot.place {
                        Place::Pile(r) => r,
                        Place::Fan(at) => at(i, n),
                    };
                    paint(&painter, r, &c.code, c.up);
                    // A pile shows its top card only; a fan each of its cards.
                    if matches!(spot.place, Place::Pile(_)) && i + 1 < n {
                        continue;
                    }
                    let label = match spot.place {
                        Place::Pile(_) => format!("{}: {}", spot.name, label_of(c)),
                        Place::Fan(_) => format!("{} {}: {}", spot.name, i + 1, label_of(c)),
                    };
                    let resp = ui.interact(r, Id::unique(("track-card", &spot.id, i)), Sense::click());
                    crate::a11y::label(ui, &resp, Role::Button, &label);
                    if resp.clicked() {
                        acts.push(CardAct::Flip {
                            spot: spot.id.clone(),
                            index: i,
                        });
                    }
                    resp.context_menu(|ui| {
                        if ui.button(format!("Discard {}", spot.name)).clicked() {
                            acts.push(CardAct::Discard {
                                pack: p,
                                spot: spot.id.clone(),
                            });
                            ui.close();
                        }
                    });
                }
            }
        }
        let mut changed = false;
        for act in acts {
            changed |= match act {
                CardAct::Flip { spot, index } => self.card_step("A card turned over", |t, l, _| {
                    let name = l.name;
                    let card = t.cards(&spot).get(index).map(|c| (name(&c.code), c.up));
                    t.flip(&spot, index);
                    card.map(|(n, up)| {
                        if up {
                            "A card turned face down".into()
                        } else {
                            format!("{n} turned up")
                        }
                    })
                }),
                CardAct::Deck { pack } => self.card_step("A card dealt", |t, l, _| {
                    let p = l.packs.get(pack)?;
                    let r = if p.draw.is_some() {
                        t.draw(p, l.name)
                    } else {
                        t.deal(p)
                    };
                    Some(r.unwrap_or_else(|e| e))
                }),
                CardAct::Discard { pack, spot } => self.card_step("Cards discarded", |t, l, _| {
                    let p: &Pack = l.packs.get(pack)?;
                    let n = t.discard(p, &spot);
                    Some(format!("{n} cards to the {}", p.discard.name))
                }),
            };
        }
        changed
    }

    /// Does something to the cards (`f` says what happened, or `None` when nothing could be done) and
    /// records it as a step when it changed them; returns whether it did.
    pub(super) fn card_step(
        &mut self,
        what: &str,
        f: impl FnOnce(&mut CardTable, &CardLayout, &mut SeededRng) -> Option<String>,
    ) -> bool {
        let Some(layout) = &self.cards else {
            return false;
        };
        let before = self.table.cards.clone();
        let fitted = self.table.cards.fitted(layout).into_owned();
        let mut cards = fitted.clone();
        let Some(message) = f(&mut cards, layout, &mut self.rng) else {
            return false;
        };
        self.status = Some(message.clone());
        if cards == fitted {
            return false;
        }
        self.table.cards = cards;
        let what = if message.is_empty() {
            what.to_string()
        } else {
            message
        };
        self.step(what, Part::Cards(before), Vec::new());
        true
    }
}

/// Paints the card piles of `layout` as `cards` lie (no widgets), for the table's picture.
pub(super) fn paint_cards(painter: &egui::Painter, layout: &CardLayout, cards: &CardTable) {
    let view = cards.fitted(layout);
    for pack in &layout.packs {
        for spec in [&pack.deck, &pack.discard] {
            if let Place::Pile(r) = spec.place {
                pile(painter, r, view.cards(&spec.id), layout.paint);
            }
        }
        let mut spots: Vec<&SpotSpec> = pack.deal.iter().flat_map(|(_, s)| s.iter()).collect();
        spots.extend(pack.draw.iter().map(|(_, s)| s));
        for spot in spots {
            let on = view.cards(&spot.id);
            for (i, c) in on.iter().enumerate() {
                let r = match spot.place {
                    Place::Pile(r) => r,
                    Place::Fan(at) => at(i, on.len()),
                };
                (layout.paint)(painter, r, &c.code, c.up);
            }
        }
    }
}

/// Paints a counter of `game` as it lies, `size` a side, centred on `at`, with its colour mark.
pub(super) fn paint_free(painter: &egui::Painter, game: &str, c: &FreeCounter, at: Pos2, size: f32) {
    let back = c.flipped.then(|| c.shown_label());
    let id = counter::CounterId::of_mix(game, &c.kind);
    counter::paint_marked(painter, at, size, id, c.side, c.symbol, &c.label, &c.mark, back);
    paint_tint(painter, c, at, size);
}

/// The counter's colour mark: a round chit on its top-right corner.
fn paint_tint(painter: &egui::Painter, c: &FreeCounter, at: Pos2, size: f32) {
    if let Some(colour) = c.tint.colour() {
        let centre = at + vec2(size * 0.38, -size * 0.38);
        painter.circle_filled(centre, size * 0.2, colour);
        painter.circle_stroke(
            centre,
            size * 0.2,
            Stroke::new(1.5, Color32::from_black_alpha(200)),
        );
    }
}

/// A pile: a few backs for its thickness, then its top card as it lies; an outline when empty.
fn pile(painter: &egui::Painter, r: Rect, cards: &[TableCard], paint: fn(&egui::Painter, Rect, &str, bool)) {
    if cards.is_empty() {
        painter.rect_stroke(
            r,
            6,
            egui::Stroke::new(1.0, theme::PAPER_SHADE.gamma_multiply(0.7)),
            egui::StrokeKind::Inside,
        );
        return;
    }
    let depth = (cards.len() / 10).min(4);
    for d in (1..=depth).rev() {
        paint(
            painter,
            r.translate(vec2(d as f32 * 1.5, d as f32 * 1.5)),
            "",
            false,
        );
    }
    if let Some(top) = cards.last() {
        paint(painter, r, &top.code, top.up);
    }
}

/// A stack's key for its widget id: its counters.
fn ids_key(s: &[usize]) -> Vec<usize> {
    s.to_vec()
}

/// `SUB KD3`: a counter's label and mark.
pub(super) fn name_of(c: &FreeCounter) -> String {
    if c.mark.is_empty() {
        c.label.clone()
    } else {
        format!("{} {}", c.label, c.mark)
    }
}
