//! The Submarine Hunt patrol mat: the Detection Row, the supply tracks, the mode and detection boxes, the
//! voyage home, and the Attack and Damage decks. Clicking and dragging on it are ways to act.

use egui::{Align2, Color32, FontId, Id, Pos2, Rect, Sense, Ui, Vec2, WidgetInfo, WidgetType, pos2, vec2};
use periscope_engine::Game;
use periscope_engine::hunt::{Hunt, HuntAction, Mode, Phase, SlotState, score};

use crate::board;
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};
use crate::widgets::{card, die};

/// The mat's size in table units (points at 100% zoom).
pub const MAT: Vec2 = vec2(1180.0, 650.0);
const CARD: Vec2 = vec2(84.0, 120.0);
const COUNTER: f32 = 28.0;

/// Payload of a torpedo counter being dragged onto a ship.
#[derive(Clone, Copy)]
pub struct TorpedoDrag;
/// Payload of the submarine counter being dragged to a mode box.
#[derive(Clone, Copy)]
pub struct SubmarineDrag;

/// Moments worth animating, set by the screen from the event stream.
#[derive(Default, Clone, Copy)]
pub struct Effects {
    /// 0..1 while the hull flashes after a hit.
    pub hull_flash: f32,
}

/// Where a Detection card sits.
pub fn card_rect(origin: Pos2, index: usize) -> Rect {
    Rect::from_min_size(origin + vec2(40.0 + index as f32 * 110.0, 82.0), CARD)
}

fn labelled(resp: &egui::Response, ui: &Ui, kind: WidgetType, label: &str) {
    let enabled = ui.is_enabled();
    let label = label.to_string();
    resp.widget_info(|| WidgetInfo::labeled(kind, enabled, &label));
}

/// An invisible widget over a painted box, labelled for screen readers and tests.
fn hotspot(ui: &mut Ui, rect: Rect, id: &str, label: &str, sense: Sense) -> egui::Response {
    let resp = ui.interact(rect, Id::new(("hunt-table", id)), sense);
    labelled(&resp, ui, WidgetType::Button, label);
    resp
}

/// Draws the mat and returns the action the player took on it, if any.
pub fn show(ui: &mut Ui, game: &Hunt, fx: Effects) -> Option<HuntAction> {
    let origin = Pos2::ZERO;
    let mat = Rect::from_min_size(origin, MAT);
    // Claim the mat's area so the scene knows its size.
    ui.allocate_rect(mat, Sense::hover());
    let painter = ui.painter().clone();
    let pending = game.pending();
    let legal = |a: &HuntAction| pending.choices().iter().any(|c| &c.action == a);
    let mut action = None;
    let now = ui.input(|i| i.time) as f32;
    let pulse = 0.6 + 0.4 * (now * 4.0).sin().abs();

    board::paper(&painter, mat, "SUBMARINE HUNT · PATROL MAT", &format!("Turn {}", game.turn()));

    // --- Detection Row [Hunt.3] ---
    board::heading(&painter, origin + vec2(40.0, 76.0), "Detection row — one die or the sum of two turns a card");
    let reachable: Vec<u8> = match game.phase() {
        Phase::ChooseCard { faces } => game.reachable_positions(faces),
        _ => Vec::new(),
    };
    let target = game.attack_target();
    for (i, slot) in game.row().iter().enumerate() {
        let position = (i + 1) as u8;
        let rect = card_rect(origin, i);
        match slot.state {
            SlotState::FaceDown => card::paint_back(&painter, rect),
            SlotState::Empty => card::paint_face(&painter, rect, slot.card, true),
            SlotState::Found | SlotState::Sunk => card::paint_face(&painter, rect, slot.card, false),
        }
        let number = Rect::from_center_size(rect.center_bottom() + vec2(0.0, 16.0), vec2(26.0, 20.0));
        board::printed_box(&painter, number, "", theme::PAPER_SHADE);
        painter.text(number.center(), Align2::CENTER_CENTER, position.to_string(), FontId::proportional(13.0), theme::NAVY);
        let ship = slot.card.ship().and_then(|c| game.rules().ship(c));
        if let (Some(ship), true) = (ship, matches!(slot.state, SlotState::Found | SlotState::Sunk)) {
            let total = score(&slot.hits);
            let caption = format!("{} · {}/{}", ship.ship, total.min(ship.sink_points), ship.sink_points);
            painter.text(number.center_bottom() + vec2(0.0, 4.0), Align2::CENTER_TOP, caption, FontId::proportional(10.5), theme::NAVY);
            if slot.state == SlotState::Sunk {
                let stamp = Rect::from_center_size(rect.center(), vec2(rect.width() - 8.0, 26.0));
                painter.rect_filled(stamp, 3, theme::DANGER.gamma_multiply(0.85));
                painter.text(stamp.center(), Align2::CENTER_CENTER, "SUNK", FontId::proportional(16.0), Color32::WHITE);
            } else if total > 0 {
                let bar = Rect::from_min_size(rect.left_bottom() + vec2(6.0, -10.0), vec2((rect.width() - 12.0) * (total as f32 / ship.sink_points as f32).min(1.0), 5.0));
                painter.rect_filled(bar, 2, theme::DANGER);
            }
        }
        if target == Some(position) {
            board::glow(&painter, rect, 1.0);
            painter.text(rect.center_top() - vec2(0.0, 4.0), Align2::CENTER_BOTTOM, "UNDER ATTACK", FontId::proportional(10.0), theme::DANGER);
        }
        let pick = HuntAction::PickCard { position };
        let fire = HuntAction::Fire { target: position };
        if reachable.contains(&position) && legal(&pick) {
            board::glow(&painter, rect, pulse);
            let resp = hotspot(ui, rect, &format!("card-{position}"), &format!("Turn card {position}"), Sense::click());
            if resp.clicked() {
                action = Some(pick);
            }
        } else if legal(&fire) {
            let name = ship.map_or("ship", |s| s.ship.as_str());
            let resp = hotspot(ui, rect, &format!("card-{position}"), &format!("Fire at the {name} (card {position})"), Sense::click());
            if resp.dnd_hover_payload::<TorpedoDrag>().is_some() {
                board::glow(&painter, rect, 1.0);
            }
            if resp.dnd_release_payload::<TorpedoDrag>().is_some() || resp.clicked() {
                action = Some(fire);
            }
        } else {
            let state = match slot.state {
                SlotState::FaceDown => "face down".to_string(),
                SlotState::Empty => format!("{}, empty sea", slot.card.pretty()),
                SlotState::Found => format!("{}, found", slot.card.pretty()),
                SlotState::Sunk => format!("{}, sunk", slot.card.pretty()),
            };
            let resp = ui.interact(rect, Id::new(("hunt-table", "card-info", position)), Sense::hover());
            labelled(&resp, ui, WidgetType::Label, &format!("Card {position}: {state}"));
        }
    }

    // --- Supply tracks [Modes.1] [Modes.2] ---
    let y0 = 290.0;
    let o = game.options();
    let flash = fx.hull_flash > 0.0;
    let tracks: [(&str, Vec<i32>, i32, f32, Side, Symbol, Option<Color32>); 5] = [
        ("Oxygen", (0..=o.max_oxygen).collect(), game.oxygen(), 27.0, Side::Submarine, Symbol::Gauge, None),
        ("Battery", (0..=o.max_battery).collect(), game.battery(), 27.0, Side::Submarine, Symbol::Gauge, None),
        ("Hull", (0..=20).map(|v| v * 5).collect(), game.hull(), 27.0, Side::Submarine, Symbol::Submarine,
            flash.then(|| theme::DANGER.gamma_multiply(0.35 + 0.5 * fx.hull_flash))),
        ("Torpedoes", (0..=24).collect(), game.torpedoes() as i32, 22.7, Side::Submarine, Symbol::Torpedo, None),
        ("Sink points", (0..=12).map(|v| v * 5).collect(), game.sink_points() as i32, 45.0, Side::Marker, Symbol::Star, None),
    ];
    board::heading(&painter, origin + vec2(40.0, y0 - 8.0), "Supplies and score");
    for (row, (label, values, value, w, side, symbol, tint)) in tracks.into_iter().enumerate() {
        let top = origin + vec2(40.0, y0 + row as f32 * 40.0);
        let boxes = board::track(&painter, top, label, &values, w, 34.0, tint);
        // The marker sits in the highest box not above the value.
        let idx = values.iter().rposition(|&v| v <= value).unwrap_or(0);
        if let Some(b) = boxes.get(idx) {
            let x = ui.ctx().animate_value_with_time(Id::new(("marker", label)), b.center().x, 0.35);
            let size = COUNTER.min(w + 4.0);
            counter::paint(&painter, pos2(x, b.center().y + 3.0), size, side, symbol, &value.to_string(), false);
            let r = Rect::from_center_size(pos2(x, b.center().y), Vec2::splat(size));
            let resp = ui.interact(r, Id::new(("hunt-table", "track", label)), Sense::hover());
            labelled(&resp, ui, WidgetType::Label, &format!("{label}: {value}"));
        }
    }

    // --- Torpedo counter: drag it onto a found ship to fire [Attacking.1] ---
    let tube = Rect::from_min_size(origin + vec2(40.0, 500.0), vec2(96.0, 120.0));
    board::printed_box(&painter, tube, "Torpedo tube", theme::PAPER_SHADE);
    let can_fire = pending.choices().iter().any(|c| matches!(c.action, HuntAction::Fire { .. }));
    let tube_center = tube.center() + vec2(0.0, 8.0);
    let torpedo_rect = Rect::from_center_size(tube_center, Vec2::splat(44.0));
    let resp = ui.interact(torpedo_rect, Id::new(("hunt-table", "torpedo")), if can_fire { Sense::drag() } else { Sense::hover() });
    labelled(&resp, ui, WidgetType::Button, "Torpedo: drag onto a found ship to fire");
    resp.dnd_set_drag_payload(TorpedoDrag);
    let torpedo_at = if resp.dragged() {
        ui.ctx().pointer_interact_pos().map(|p| ui.ctx().layer_transform_from_global(ui.layer_id()).map_or(p, |t| t * p)).unwrap_or(tube_center)
    } else {
        tube_center
    };
    if can_fire {
        board::glow(&painter, torpedo_rect, pulse * 0.7);
    }
    let torpedo_painter = if resp.dragged() { ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Tooltip, Id::new("drag-torpedo"))) } else { painter.clone() };
    if resp.dragged()
        && let Some(t) = ui.ctx().layer_transform_to_global(ui.layer_id())
    {
        ui.ctx().set_transform_layer(torpedo_painter.layer_id(), t);
    }
    counter::paint(&torpedo_painter, torpedo_at, 44.0, Side::Submarine, Symbol::Torpedo, &format!("{} left", game.torpedoes()), game.torpedoes() == 0);

    // --- Attack deck and the attack under way [Attacking.1]-[Attacking.5] ---
    let deck = Rect::from_min_size(origin + vec2(160.0, 500.0), CARD);
    board::heading(&painter, deck.left_top() - vec2(0.0, 4.0), "Attack deck");
    card::paint_back(&painter, deck);
    painter.text(deck.center_bottom() + vec2(0.0, 4.0), Align2::CENTER_TOP, format!("{} cards", game.attack_pile()), FontId::proportional(10.0), theme::NAVY);
    if legal(&HuntAction::FlipCard) {
        board::glow(&painter, deck, pulse);
        let resp = hotspot(ui, deck, "attack-deck", "Flip an Attack card", Sense::click());
        if resp.clicked() {
            action = Some(HuntAction::FlipCard);
        }
    }
    if let Some(t) = target.and_then(|p| game.row().get(usize::from(p) - 1)) {
        for (i, c) in t.hits.iter().enumerate() {
            let r = Rect::from_min_size(deck.right_top() + vec2(20.0 + i as f32 * 30.0, 0.0), CARD * 0.8);
            card::paint_face(&painter, r, *c, false);
        }
    }
    if legal(&HuntAction::BreakOff) {
        let r = Rect::from_min_size(origin + vec2(560.0, 590.0), vec2(110.0, 30.0));
        board::printed_box(&painter, r, "", theme::PAPER_SHADE);
        painter.text(r.center(), Align2::CENTER_CENTER, "BREAK OFF", FontId::proportional(13.0), theme::NAVY);
        let resp = hotspot(ui, r, "break-off", "Break off the attack", Sense::click());
        if resp.clicked() {
            action = Some(HuntAction::BreakOff);
        }
    }

    // --- Right column: sonar, mode, detection, voyage home ---
    let col = origin.x + 790.0;
    let sonar = Rect::from_min_size(pos2(col, 282.0), vec2(350.0, 66.0));
    board::printed_box(&painter, sonar, "Sonar", theme::PAPER);
    if let Some(roll) = game.last_roll().filter(|r| r.chart == "Sonar") {
        for (i, &f) in roll.faces.iter().enumerate() {
            die::paint_d6(&painter, sonar.left_center() + vec2(40.0 + i as f32 * 44.0, 6.0), 32.0, f, false);
        }
    }
    if legal(&HuntAction::Hunt) {
        board::glow(&painter, sonar, pulse * 0.8);
        painter.text(sonar.right_center() - vec2(12.0, -6.0), Align2::RIGHT_CENTER, "click to hunt", FontId::proportional(12.0), theme::NAVY);
        let n = game.mode_row().sonar_dice;
        let resp = hotspot(ui, sonar, "sonar", &format!("Hunt: roll {n} sonar dice"), Sense::click());
        if resp.clicked() {
            action = Some(HuntAction::Hunt);
        }
    }

    let mode_y = 366.0;
    for (i, mode) in [Mode::Surface, Mode::Diving].into_iter().enumerate() {
        let r = Rect::from_min_size(pos2(col + i as f32 * 180.0, mode_y), vec2(170.0, 74.0));
        let row = match mode {
            Mode::Surface => &game.rules().surface,
            Mode::Diving => &game.rules().diving,
        };
        board::printed_box(&painter, r, mode.name(), theme::PAPER);
        let facts = format!("{} dice · O₂ {:+} · Bat {:+} · seen 1-{}", row.sonar_dice, row.oxygen_per_turn, row.battery_per_turn, row.detected_on_or_below);
        painter.text(r.center_bottom() - vec2(0.0, 6.0), Align2::CENTER_BOTTOM, facts, FontId::proportional(9.5), theme::NAVY_LIGHT);
        if mode == game.mode() {
            let x = ui.ctx().animate_value_with_time(Id::new("sub-mode-x"), r.center().x, 0.35);
            counter::paint(&painter, pos2(x, r.center().y + 2.0), 36.0, Side::Submarine, Symbol::Submarine, "SUB", false);
        } else if legal(&HuntAction::ChangeMode) {
            let resp = hotspot(ui, r, &format!("mode-{i}"), &format!("Change mode to {}", mode.name()), Sense::click());
            if resp.dnd_hover_payload::<SubmarineDrag>().is_some() {
                board::glow(&painter, r, 1.0);
            }
            if resp.clicked() || resp.dnd_release_payload::<SubmarineDrag>().is_some() {
                action = Some(HuntAction::ChangeMode);
            }
        }
    }

    let det_y = 462.0;
    board::heading(&painter, pos2(col, det_y - 4.0), "Enemy detections in a row");
    let streak = game.streak().min(3) as usize;
    for (i, caption) in ["0", "1", "2", "Fire!"].iter().enumerate() {
        let r = Rect::from_min_size(pos2(col + i as f32 * 88.0, det_y), vec2(82.0, 44.0));
        let fill = if i == 3 { theme::DANGER.gamma_multiply(0.25) } else { theme::PAPER };
        board::printed_box(&painter, r, caption, fill);
        if i == streak {
            counter::paint(&painter, r.center() + vec2(0.0, 5.0), 26.0, Side::Enemy, Symbol::Ship, &game.streak().to_string(), false);
        }
    }
    if game.hit_bonus() {
        let r = Rect::from_center_size(pos2(col + 3.0 * 88.0 + 70.0, det_y + 10.0), Vec2::splat(22.0));
        counter::paint(&painter, r.center(), 22.0, Side::Marker, Symbol::Flag, "+1", false);
    }
    let dmg = Rect::from_min_size(pos2(col - 110.0, 500.0), CARD * 0.8);
    board::heading(&painter, dmg.left_top() - vec2(0.0, 4.0), "Damage");
    card::paint_back(&painter, dmg);
    for (i, c) in game.fire_cards().iter().enumerate() {
        let r = dmg.translate(vec2(-60.0 - i as f32 * 26.0, 0.0));
        card::paint_face(&painter, r, *c, false);
    }

    let home_y = 540.0;
    let home = Rect::from_min_size(pos2(col, home_y), vec2(350.0, 84.0));
    board::printed_box(&painter, home, "Return to base — three sixes", theme::PAPER);
    let locked = game.locked_sixes();
    for i in 0..3u8 {
        let c = home.left_center() + vec2(50.0 + f32::from(i) * 50.0, 8.0);
        if i < locked {
            die::paint_d6(&painter, c, 34.0, 6, true);
        } else {
            painter.rect_stroke(Rect::from_center_size(c, Vec2::splat(34.0)), 5, egui::Stroke::new(1.0, theme::NAVY_LIGHT), egui::StrokeKind::Inside);
        }
    }
    if legal(&HuntAction::ReturnToBase) {
        painter.text(home.right_center() - vec2(12.0, -8.0), Align2::RIGHT_CENTER, "click to sail home", FontId::proportional(12.0), theme::NAVY);
        let resp = hotspot(ui, home, "return", &format!("Return to base ({locked} of 3 sixes locked)"), Sense::click());
        if resp.hovered() {
            board::glow(&painter, home, 0.8);
        }
        if resp.clicked() {
            action = Some(HuntAction::ReturnToBase);
        }
    }

    // The submarine counter can also be dragged to the other mode box.
    if legal(&HuntAction::ChangeMode) {
        let i = if game.mode() == Mode::Surface { 0.0 } else { 1.0 };
        let r = Rect::from_center_size(pos2(col + i * 180.0 + 85.0, mode_y + 39.0), Vec2::splat(36.0));
        let resp = ui.interact(r, Id::new(("hunt-table", "submarine")), Sense::drag());
        labelled(&resp, ui, WidgetType::Button, "Submarine: drag to the other mode box to change mode");
        resp.dnd_set_drag_payload(SubmarineDrag);
    }

    if let Phase::Over { won } = game.phase() {
        let r = Rect::from_center_size(mat.center(), vec2(520.0, 120.0));
        painter.rect_filled(r, 8, theme::BAND.gamma_multiply(0.95));
        let (title, colour) = if *won { ("VICTORY", theme::HIGHLIGHT) } else { ("LOST", theme::DANGER) };
        painter.text(r.center() - vec2(0.0, 18.0), Align2::CENTER_CENTER, title, FontId::proportional(40.0), colour);
        if let periscope_engine::Pending::Over { summary, .. } = &pending {
            painter.text(r.center() + vec2(0.0, 28.0), Align2::CENTER_CENTER, summary, FontId::proportional(15.0), theme::PAPER);
        }
    }
    let _ = <Hunt as Game>::NAME;
    action
}
