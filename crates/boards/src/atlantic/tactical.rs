//! The Tactical Display, T1A for a large convoy and T1B for a small one, opened by the convoy's size
//! [6.1 1B] [ERRATA T-1B]: drawn from `data/atlantic/tactical.json` to scale (a sixteenth of an inch is
//! [`SCALE`] table units, so a 9/16-inch counter [3.7] is 36 units), with its green escort boxes, the
//! approach circles, the convoy rectangles, the Straggler Box with Escort Box S and its three range
//! boxes [7.1.6], and a strip below the sheet for the escorts still to array and the day/night, weather,
//! cycle and impulse markers [7.1.5].
//!
//! Escorts are dragged: into an escort box to array them (`place SHIP BOX` [6.1 2e] [7.1.3]), onto a
//! U-boat to commit them to its hunt (`hunt SHIP` [7.1.3]). The action names exactly the escort
//! dragged; a drop the rules refuse goes to the engine all the same, which refuses it with its reason and
//! changes nothing, so the counter (drawn from the state) is back in its box.

use egui::{
    Align2, Color32, CornerRadius, FontId, Id, Painter, Pos2, Rect, Role, Sense, Stroke, StrokeKind, Ui, vec2,
};
use periscope_data::atlantic::tactical::Display;
use periscope_engine::Pending;
use periscope_engine::atlantic::{BoatView, EscortView, Mission, MissionAction, MissionView};

mod attack;
mod merchants;

pub use attack::{outcome_word, torpedo_label};
pub use merchants::merchant_label;

use super::counters as ids;
use super::stacks::{self, CounterState};
use crate::Effects;
use crate::board::{self, BoardText as _};
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};

/// Table units per sixteenth of an inch.
pub const SCALE: f32 = 4.0;
/// The sheet's place on the board, below the title band.
const SHEET: egui::Vec2 = egui::vec2(16.0, 56.0);
/// The printed sheet is 17 x 11 inches: 272 x 176 sixteenths.
const SHEET_SIZE: egui::Vec2 = egui::vec2(272.0 * SCALE, 176.0 * SCALE);
/// The board: the sheet, and the strip of escorts to array and markers below it.
pub const SIZE: egui::Vec2 = egui::vec2(SHEET_SIZE.x + 32.0, 56.0 + SHEET_SIZE.y + 130.0);
/// A counter, 9/16 inch [3.7].
pub const COUNTER: f32 = 9.0 * SCALE;

const ESCORT_GREEN: Color32 = Color32::from_rgb(0xa9, 0xc9, 0x9c);
const SEA: Color32 = Color32::from_rgb(0xd4, 0xe1, 0xe6);
const CONVOY: Color32 = Color32::from_rgb(0xe9, 0xe4, 0xd4);

/// An escort counter being dragged: exactly this ship is named by the action its drop sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EscortDrag {
    pub ship: String,
}

fn to_rect(origin: Pos2, (x, y, w, h): (i32, i32, i32, i32)) -> Rect {
    Rect::from_min_size(
        origin + SHEET + vec2(x as f32, y as f32) * SCALE,
        vec2(w as f32, h as f32) * SCALE,
    )
}

fn to_circle(origin: Pos2, (x, y, r): (i32, i32, i32)) -> (Pos2, f32) {
    (
        origin + SHEET + vec2(x as f32, y as f32) * SCALE,
        r as f32 * SCALE,
    )
}

/// The display a mission is fought on, from its data.
pub fn display<'a>(game: &'a Mission, view: &MissionView) -> Option<&'a Display> {
    game.data().data().tactical.display(&view.display)
}

/// The station's name as a player reads it: `box J`, `Box S`.
fn station_name(id: &str) -> String {
    if id == "S" {
        "Box S".into()
    } else {
        format!("box {id}")
    }
}

fn hotspot(
    ui: &mut Ui,
    rect: Rect,
    id: impl std::hash::Hash + std::fmt::Debug,
    label: &str,
    sense: Sense,
) -> egui::Response {
    let resp = ui.interact(rect, Id::unique(("atlantic-tactical", id)), sense);
    let role = if sense.senses_drag() || sense.senses_click() {
        Role::Button
    } else {
        Role::Label
    };
    crate::a11y::label(ui, &resp, role, label);
    resp
}

/// What the board may send now: the legal choices, and whether escorts can be dragged.
struct Now<'a> {
    choices: &'a [periscope_engine::Choice<MissionAction>],
}

impl Now<'_> {
    fn legal(&self, a: &MissionAction) -> bool {
        self.choices.iter().any(|c| &c.action == a)
    }
    /// Escorts are picked up while the array is made or a hunt is being committed [6.1 2e] [7.1.3].
    fn dragging(&self) -> bool {
        self.choices
            .iter()
            .any(|c| matches!(c.action, MissionAction::Place { .. } | MissionAction::Hunt { .. }))
    }
}

/// What every region of the display reads: the painter, where the board lies, the printed display, the
/// mission's view, the legal choices, what the last step changed and the escort being dragged.
struct Sheet<'a> {
    painter: Painter,
    origin: Pos2,
    d: &'a Display,
    view: &'a MissionView,
    now: Now<'a>,
    fx: &'a Effects,
    dragged: Option<std::sync::Arc<EscortDrag>>,
}

/// Draws the display; returns the action a drop sent, legal or not (the engine judges it).
pub fn show(
    ui: &mut Ui,
    game: &Mission,
    view: &MissionView,
    pending: &Pending<MissionAction>,
    origin: Pos2,
    fx: &Effects,
) -> Option<MissionAction> {
    let painter = ui.painter().clone();
    let Some(d) = display(game, view) else {
        board::paper(
            &painter,
            Rect::from_min_size(origin, SIZE),
            "TACTICAL DISPLAY",
            "no display",
        );
        return None;
    };
    let t = Sheet {
        painter,
        origin,
        d,
        view,
        now: Now {
            choices: pending.choices(),
        },
        fx,
        dragged: egui::DragAndDrop::payload::<EscortDrag>(ui.ctx()),
    };
    sea(ui, &t);
    let slots = merchants::convoy(ui, &t);
    approach_circles(ui, &t);
    let (boxes, placed) = escort_boxes(ui, &t);
    let mut targets = stragglers(ui, &t, &slots);
    for (m, r) in t.view.convoy_ships.iter().zip(&slots) {
        if !targets.iter().any(|(n, _)| n == &m.name) {
            targets.push((m.name.clone(), *r));
        }
    }
    // A drop on a U-boat is read after a drop in an escort box, and wins over it.
    let (hunted, attacker) = boats(ui, &t);
    if let Some(from) = attacker {
        for e in &t.view.escorts {
            if let Some((_, r)) = e
                .station
                .as_ref()
                .and_then(|st| boxes.iter().find(|(id, _)| id == st))
            {
                targets.push((e.name.clone(), *r));
            }
        }
        attack::torpedoes(ui, &t, from, &targets);
    }
    let (strip, tray) = tray(ui, &t);
    escorts(ui, &t, &boxes, tray);
    markers(ui, &t, strip, tray);
    hunted.or(placed)
}

/// The paper with its title band, and the printed sea of the display.
fn sea(ui: &mut Ui, t: &Sheet<'_>) {
    let (painter, d, view) = (&t.painter, t.d, t.view);
    let board_rect = Rect::from_min_size(t.origin, SIZE);
    let right = match &view.battle {
        Some(b) => format!("{} · battle in box {}", d.id, b.box_number),
        None if view.convoy.is_empty() => d.id.clone(),
        None => format!("{} · {} convoy", d.id, view.size),
    };
    board::paper(painter, board_rect, &d.name.to_uppercase(), &right);
    let sheet = Rect::from_min_size(t.origin + SHEET, SHEET_SIZE);
    painter.rect_filled(sheet, CornerRadius::same(2), SEA);
    painter.rect_stroke(
        sheet,
        CornerRadius::same(2),
        Stroke::new(1.0, theme::NAVY_LIGHT),
        StrokeKind::Inside,
    );
    info(
        ui,
        sheet,
        "sheet",
        &format!("Tactical Display {}: {}", d.id, d.name),
    );
}

/// The approach circles [7.1.3].
fn approach_circles(ui: &mut Ui, t: &Sheet<'_>) {
    let painter = &t.painter;
    for a in &t.d.approaches {
        let (c, r) = to_circle(t.origin, a.circle);
        painter.circle_filled(c, r, Color32::from_rgb(0xbf, 0xd2, 0xdb));
        painter.circle_stroke(c, r, Stroke::new(1.5, theme::NAVY));
        painter.board_text(
            c + vec2(0.0, -r - 2.0),
            Align2::CENTER_BOTTOM,
            &a.id,
            FontId::proportional(12.0),
            theme::NAVY,
        );
        info(
            ui,
            Rect::from_center_size(c, egui::Vec2::splat(r * 2.0)),
            ("circle", &a.id),
            &format!("Approach circle {} ({} side)", a.id, a.side),
        );
    }
}

/// The escort boxes and Box S: drop targets of the array [6.1 2e] [7.1.6]. Returns every box with its
/// id, and the placing an escort dropped in one sent (the last box read wins).
fn escort_boxes(ui: &mut Ui, t: &Sheet<'_>) -> (Vec<(String, Rect)>, Option<MissionAction>) {
    let (painter, now) = (&t.painter, &t.now);
    let mut boxes: Vec<(String, Rect)> =
        t.d.escort_boxes
            .iter()
            .map(|b| (b.id.clone(), to_rect(t.origin, b.rect)))
            .collect();
    let s = &t.d.stragglers;
    boxes.push((s.escort_box.id.clone(), to_rect(t.origin, s.escort_box.rect)));
    let mut action = None;
    for (id, r) in &boxes {
        board::printed_box(painter, *r, "", ESCORT_GREEN);
        painter.board_text(
            r.left_top() + vec2(5.0, 3.0),
            Align2::LEFT_TOP,
            id,
            FontId::proportional(15.0),
            theme::NAVY,
        );
        let label = format!("Escort box {id}");
        let resp = hotspot(ui, *r, ("box", id), &label, Sense::hover());
        if let Some(p) = &t.dragged {
            let a = MissionAction::Place {
                ship: p.ship.clone(),
                station: id.clone(),
            };
            if now.legal(&a) {
                board::glow(painter, *r, board::OFFERED);
            }
        }
        if let Some(p) = board::dropped_payload::<EscortDrag>(&resp)
            && now
                .choices
                .iter()
                .any(|c| matches!(c.action, MissionAction::Place { .. }))
        {
            let a = MissionAction::Place {
                ship: p.ship.clone(),
                station: id.clone(),
            };
            if !now.legal(&a) {
                refusal_hint(ui.ctx(), place_hint(t.view, now, &p.ship, id));
            }
            action = Some(a);
        }
    }
    (boxes, action)
}

/// The Straggler Box with its merchants [7.1.6], and its range boxes. Returns where each straggler
/// sits, by name.
fn stragglers(ui: &mut Ui, t: &Sheet<'_>, slots: &[Rect]) -> Vec<(String, Rect)> {
    let painter = &t.painter;
    let s = &t.d.stragglers;
    let sb = to_rect(t.origin, s.straggler_box.rect);
    board::printed_box(painter, sb, "Stragglers", CONVOY);
    let out = merchants::stragglers(ui, t, sb, slots);
    for rb in &s.range_boxes {
        let r = to_rect(t.origin, rb.rect);
        let word = format!("{:?}", rb.range).to_uppercase();
        board::printed_box(painter, r, &word, theme::PAPER_SHADE);
        info(
            ui,
            r,
            ("range", &rb.id),
            &format!("Straggler range box, {} range", word.to_lowercase()),
        );
    }
    out
}

/// The U-boats on their circles and range boxes, with their contact and detection markers [7.1.3]:
/// boats sharing a circle fanned out, the attacking boat closing on the convoy. Returns the hunt an
/// escort dropped on one sent (the last boat read wins), and where the attacking boat is.
fn boats(ui: &mut Ui, t: &Sheet<'_>) -> (Option<MissionAction>, Option<Pos2>) {
    let Some(b) = t.view.battle.as_ref() else {
        return (None, None);
    };
    let (d, s) = (t.d, &t.d.stragglers);
    let mut action = None;
    let mut attacker = None;
    let on: Vec<&BoatView> = b
        .boats
        .iter()
        .filter(|u| u.state != "sunk" && u.state != "removed" && u.station.is_some())
        .collect();
    let convoy =
        t.d.convoy
            .iter()
            .map(|c| to_rect(t.origin, c.rect))
            .reduce(|a, b| a.union(b))
            .unwrap_or(Rect::NOTHING);
    let straggler_box = to_rect(t.origin, s.straggler_box.rect);
    for u in &on {
        let Some(st) = &u.station else { continue };
        let at_stragglers = s.range_boxes.iter().any(|r| &r.id == st);
        let centre = d
            .approaches
            .iter()
            .find(|a| &a.id == st)
            .map(|a| to_circle(t.origin, a.circle).0)
            .or_else(|| {
                s.range_boxes
                    .iter()
                    .find(|r| &r.id == st)
                    .map(|r| to_rect(t.origin, r.rect).center())
            });
        let Some(centre) = centre else { continue };
        let here: Vec<u8> = on
            .iter()
            .filter(|o| o.station.as_ref() == Some(st))
            .map(|o| o.number)
            .collect();
        let slot = here.iter().position(|&n| n == u.number).unwrap_or(0);
        let home = stacks::fan(centre, here.len(), COUNTER)
            .get(slot)
            .copied()
            .unwrap_or(centre);
        let goal = if at_stragglers { straggler_box } else { convoy };
        let at = attack::boat_at(ui, t, u.number, home, goal);
        if attack::shown(t).is_some_and(|(_, a)| a.boat == u.number) {
            attacker = Some(at);
        }
        if let Some(a) = boat(ui, t, u, at) {
            action = Some(a);
        }
    }
    (action, attacker)
}

/// One U-boat at `at`: its counter, and a drop target for the hunt [7.1.3].
fn boat(ui: &mut Ui, t: &Sheet<'_>, u: &BoatView, at: Pos2) -> Option<MissionAction> {
    let (painter, now) = (&t.painter, &t.now);
    let r = Rect::from_center_size(at, egui::Vec2::splat(COUNTER));
    paint_boat(painter, at, u);
    board::flash(painter, r, t.fx.lit(&format!("boat-{}", u.number)));
    let mut label = boat_label(u);
    if let Some((_, a)) = attack::shown(t).filter(|(_, a)| a.boat == u.number) {
        label.push_str(&match (&a.range, a.done) {
            (_, true) => ", its attack on the convoy done".to_string(),
            (Some(r), false) => format!(", attacking the convoy from {r} range"),
            (None, false) => ", about to attack the convoy".to_string(),
        });
        if !a.in_reach.is_empty() {
            label.push_str(&format!("; in reach: {}", a.in_reach.join(", ")));
        }
    }
    if t.view.battle.as_ref().and_then(|b| b.hunted) == Some(u.number) {
        label.push_str(", hunted by the escorts");
    }
    let resp = hotspot(ui, r, ("boat", u.number), &label, Sense::hover());
    if let Some(p) = &t.dragged
        && now.legal(&MissionAction::Hunt { ship: p.ship.clone() })
    {
        board::glow(painter, r, board::OFFERED);
    }
    let p = board::dropped_payload::<EscortDrag>(&resp)?;
    if !now.choices.iter().any(|c| {
        matches!(
            c.action,
            MissionAction::Hunt { .. } | MissionAction::Engage | MissionAction::LetGo
        )
    }) {
        return None;
    }
    let a = MissionAction::Hunt { ship: p.ship.clone() };
    if !now.legal(&a) {
        refusal_hint(ui.ctx(), hunt_hint(t.view, now, &p.ship, u.number));
    }
    Some(a)
}

/// The strip below the sheet, with the tray of escorts not on the display. Returns the strip and the
/// tray.
fn tray(ui: &mut Ui, t: &Sheet<'_>) -> (Rect, Rect) {
    let strip = Rect::from_min_size(
        t.origin + vec2(SHEET.x, SHEET.y + SHEET_SIZE.y + 10.0),
        vec2(SHEET_SIZE.x, 110.0),
    );
    board::heading(&t.painter, strip.left_top() + vec2(0.0, 14.0), "Escorts to array");
    let tray = Rect::from_min_size(strip.left_top() + vec2(0.0, 20.0), vec2(560.0, 84.0));
    board::printed_box(&t.painter, tray, "", theme::PAPER_SHADE);
    info(ui, tray, "tray", "Escorts not on the display");
    (strip, tray)
}

/// Every escort, in its box or in the tray, draggable while the array is made or a hunt committed. A
/// box with more escorts than fit as counters tiles them as name tags, every name whole.
fn escorts(ui: &mut Ui, t: &Sheet<'_>, boxes: &[(String, Rect)], tray: Rect) {
    let view = t.view;
    let mut per_box: std::collections::BTreeMap<String, usize> = Default::default();
    let mut in_tray = 0usize;
    let shown = |e: &&EscortView| e.status != "sunk" && e.status != "detached";
    for e in view.escorts.iter().filter(shown) {
        let home = match &e.station {
            Some(st) => {
                let Some((_, r)) = boxes.iter().find(|(id, _)| id == st) else {
                    continue;
                };
                let n = per_box.entry(st.clone()).or_default();
                let slot = *n;
                *n += 1;
                let count = view
                    .escorts
                    .iter()
                    .filter(shown)
                    .filter(|o| o.station.as_deref() == Some(st))
                    .count();
                in_box(*r, slot, count)
            }
            None => {
                let at = tray.left_top() + vec2(30.0 + in_tray as f32 * 46.0, 38.0);
                in_tray += 1;
                Home::Counter(at)
            }
        };
        escort(ui, t, e, home);
    }
}

/// Where an escort is drawn: a full counter, or a name tag in a crowded box.
#[derive(Debug, Clone, Copy)]
enum Home {
    Counter(Pos2),
    Tag(Rect),
}

impl Home {
    fn rect(self) -> Rect {
        match self {
            Home::Counter(at) => Rect::from_center_size(at, egui::Vec2::splat(COUNTER)),
            Home::Tag(r) => r,
        }
    }
}

/// Where the escort in `slot` of a box holding `count` sits: up to two counters side by side, with
/// their state's badge under them; more are tiled as name tags inside the box.
fn in_box(r: Rect, slot: usize, count: usize) -> Home {
    if count <= stacks::COUNTERS_IN_A_BOX {
        let x = if count == 1 {
            r.width() / 2.0
        } else {
            26.0 + slot as f32 * 44.0
        };
        Home::Counter(r.left_top() + vec2(x, 44.0))
    } else {
        Home::Tag(stacks::tiles(r, count).get(slot).copied().unwrap_or(r))
    }
}

/// An escort's state on the display: committed to a hunt, Moved, or free [7.1.3].
pub fn escort_state(e: &EscortView) -> CounterState {
    if e.engaged {
        CounterState::Committed
    } else if e.moved {
        CounterState::Moved
    } else {
        CounterState::Free
    }
}

/// One escort's counter (or tag) at `home`, picked up when it may be dragged, glowing when a move
/// names it.
fn escort(ui: &mut Ui, t: &Sheet<'_>, e: &EscortView, home: Home) {
    let now = &t.now;
    let can_drag = now.dragging() && e.status == "ready";
    let label = escort_label(e);
    let r = home.rect();
    let resp = hotspot(
        ui,
        r,
        ("escort", &e.ship),
        &label,
        if can_drag { Sense::drag() } else { Sense::hover() },
    );
    if can_drag {
        resp.dnd_set_drag_payload(EscortDrag { ship: e.ship.clone() });
    }
    let offered = now.choices.iter().any(|c| match &c.action {
        MissionAction::Place { ship, .. } | MissionAction::Hunt { ship } => ship == &e.ship,
        _ => false,
    });
    if offered && t.dragged.is_none() {
        board::glow(&t.painter, r, 0.5);
    }
    let dragged = resp.dragged();
    counter::paint_dragged(ui, &resp, r.center(), |p, at| match home {
        Home::Tag(tag) if !dragged => {
            stacks::paint_tag(p, tag, &e.name, &stacks::style(escort_state(e)));
        }
        _ => paint_escort(p, at, e),
    });
}

/// The markers right of the tray: day or night, weather, cycle and impulse [7.1.5].
fn markers(ui: &mut Ui, t: &Sheet<'_>, strip: Rect, tray: Rect) {
    let painter = &t.painter;
    let marks = Rect::from_min_size(
        tray.right_top() + vec2(20.0, 0.0),
        vec2(strip.width() - 580.0, 84.0),
    );
    board::printed_box(painter, marks, "", theme::PAPER);
    let Some(b) = &t.view.battle else {
        if t.view.convoy.is_empty() {
            return;
        }
        painter.board_text(
            marks.center(),
            Align2::CENTER_CENTER,
            "No battle: the convoy steams on",
            FontId::proportional(14.0),
            theme::NAVY_LIGHT,
        );
        return;
    };
    let night = if b.night { "NIGHT" } else { "DAY" };
    let weather = b.weather.clone().unwrap_or_else(|| "-".into());
    let at = marks.left_top() + vec2(34.0, 42.0);
    marker(painter, at, ids::DAY, night, Symbol::Star);
    marker(
        painter,
        at + vec2(50.0, 0.0),
        ids::WEATHER,
        &short(&weather),
        Symbol::Gauge,
    );
    info(
        ui,
        Rect::from_center_size(at, egui::Vec2::splat(COUNTER)),
        "night",
        &format!("Day/Night marker: {}", night.to_lowercase()),
    );
    info(
        ui,
        Rect::from_center_size(at + vec2(50.0, 0.0), egui::Vec2::splat(COUNTER)),
        "weather",
        &format!("Weather: {weather}"),
    );
    let cyc = board::track(
        painter,
        marks.left_top() + vec2(110.0, 6.0),
        "Cycle",
        &[1, 2, 3],
        34.0,
        34.0,
        None,
    );
    if let Some(r) = cyc.get(usize::from(b.cycle.saturating_sub(1))) {
        marker(
            painter,
            r.center() + vec2(0.0, 4.0),
            ids::CYCLE,
            "CYC",
            Symbol::Flag,
        );
    }
    let imp = board::track(
        painter,
        marks.left_top() + vec2(110.0, 44.0),
        "Impulse",
        &[1, 2],
        34.0,
        34.0,
        None,
    );
    if let Some(r) = imp.get(usize::from(b.impulse.saturating_sub(1))) {
        marker(
            painter,
            r.center() + vec2(0.0, 4.0),
            ids::IMPULSE,
            "IMP",
            Symbol::Flag,
        );
    }
    info(
        ui,
        marks,
        "markers",
        &format!(
            "Cycle {}, impulse {}, {}",
            b.cycle,
            b.impulse,
            if b.night { "night" } else { "day" }
        ),
    );
}

fn refusal_id() -> Id {
    Id::unique("atlantic-refusal-hint")
}

/// Leaves the board's own words on a refused drop for the table's status line.
fn refusal_hint(ctx: &egui::Context, hint: String) {
    ctx.data_mut(|d| d.insert_temp(refusal_id(), hint));
}

/// The board's words on the drop refused this frame, if any.
pub fn take_refusal_hint(ctx: &egui::Context) -> Option<String> {
    ctx.data_mut(|d| d.remove_temp::<String>(refusal_id()))
}

fn name_of(view: &MissionView, ship: &str) -> String {
    view.escorts
        .iter()
        .find(|e| e.ship == ship)
        .map_or_else(|| ship.to_string(), |e| e.name.clone())
}

/// Why an escort may not go to a box now, in the rule's words: the box is held (one escort to a box
/// [7.1.3]), Box S takes escorts only while stragglers need guarding [7.1.6], or no array is being made.
/// The escorts are arrayed in any order, and one already placed may be moved [6.1 2e].
fn place_hint(view: &MissionView, now: &Now<'_>, ship: &str, station: &str) -> String {
    let name = name_of(view, ship);
    let holder = view
        .escorts
        .iter()
        .find(|e| e.ship != ship && e.station.as_deref() == Some(station));
    let arraying = now
        .choices
        .iter()
        .any(|c| matches!(&c.action, MissionAction::Place { .. }));
    if let Some(h) = holder {
        let place = station_name(station);
        let mut first = place.chars();
        let place: String = first
            .next()
            .map(|c| c.to_uppercase().chain(first).collect())
            .unwrap_or_default();
        format!("{place} is held by {}: one escort to a box [7.1.3].", h.name)
    } else if station == "S" {
        format!("{name} may guard Box S only while there are stragglers to guard [7.1.6].")
    } else if !arraying {
        format!("{name} keeps her station: the escorts are arrayed before an impulse, not during it [7.1.3].")
    } else {
        format!(
            "{name} cannot take station in {} now [6.1 2e].",
            station_name(station)
        )
    }
}

/// Why an escort may not hunt the boat: committed already, or not free [7.1.3].
fn hunt_hint(view: &MissionView, now: &Now<'_>, ship: &str, boat: u8) -> String {
    let name = name_of(view, ship);
    let committed = now
        .choices
        .iter()
        .any(|c| c.action == MissionAction::Engage && c.label.contains(name.as_str()));
    if committed {
        format!("{name} is committed to the hunt of U-boat {boat} already [7.1.3].")
    } else {
        format!("{name} cannot hunt U-boat {boat} now [7.1.3].")
    }
}

fn info(ui: &mut Ui, rect: Rect, id: impl std::hash::Hash + std::fmt::Debug, label: &str) {
    hotspot(ui, rect, id, label, Sense::hover());
}

/// A marker counter's short word: `Bad weather` → `BAD`.
fn short(text: &str) -> String {
    text.split_whitespace()
        .next()
        .unwrap_or("-")
        .chars()
        .take(5)
        .collect::<String>()
        .to_uppercase()
}

fn marker(p: &Painter, at: Pos2, id: counter::CounterId<'_>, text: &str, symbol: Symbol) {
    counter::paint(p, at, COUNTER, id, Side::Marker, symbol, text, false);
}

/// An escort as its counter says it: name, class, box, and its state — `moved`, `committed to a
/// hunt` [7.1.3], `damaged`.
pub fn escort_label(e: &EscortView) -> String {
    let at = e.station.as_deref().map_or_else(
        || "not on the display".to_string(),
        |s| format!("in {}", station_name(s)),
    );
    let moved = if e.moved { ", moved" } else { "" };
    let engaged = if e.engaged { ", committed to a hunt" } else { "" };
    let damaged = if e.status == "damaged" { ", damaged" } else { "" };
    format!("Escort {} ({}), {at}{engaged}{damaged}{moved}", e.name, e.class)
}

/// A U-boat as its counter says it.
pub fn boat_label(u: &BoatView) -> String {
    let mut marks = Vec::new();
    if u.detected {
        marks.push("detected");
    }
    if u.reported {
        marks.push("contact report");
    }
    if u.shadowing {
        marks.push("shadowing");
    }
    let marks = if marks.is_empty() {
        String::new()
    } else {
        format!(", {}", marks.join(", "))
    };
    format!(
        "U-boat {} ({}) at {}{marks}",
        u.number,
        u.kind,
        u.station.as_deref().unwrap_or("-")
    )
}

/// The escort's counter: its face, or its Moved back [7.1.3]; a ring and a word under it for its
/// state (MOVED, HUNTING).
pub fn paint_escort(p: &Painter, at: Pos2, e: &EscortView) {
    let name: String = e.name.chars().take(7).collect();
    counter::paint(
        p,
        at,
        COUNTER,
        ids::ESCORT.with_class(&e.class),
        Side::Submarine,
        Symbol::Ship,
        &name,
        e.moved,
    );
    let style = stacks::style(escort_state(e));
    stacks::paint_ring(p, Rect::from_center_size(at, egui::Vec2::splat(COUNTER)), &style);
    stacks::paint_badge(p, stacks::badge_rect(at, COUNTER), &style);
}

/// The U-boat's counter, with a Detected ring and word under it and a contact marker beside it
/// [7.1.3].
pub fn paint_boat(p: &Painter, at: Pos2, u: &BoatView) {
    counter::paint(
        p,
        at,
        COUNTER,
        ids::uboat(&u.kind),
        Side::Enemy,
        Symbol::Submarine,
        &format!("U-{}", u.number),
        false,
    );
    if u.detected {
        let style = stacks::style(CounterState::Detected);
        stacks::paint_ring(p, Rect::from_center_size(at, egui::Vec2::splat(COUNTER)), &style);
        stacks::paint_badge(p, stacks::badge_rect(at, COUNTER), &style);
    }
    if u.reported || u.shadowing {
        let c = at + vec2(COUNTER * 0.62, -COUNTER * 0.1);
        p.circle_filled(c, 8.0, theme::DANGER);
        p.board_text(
            c,
            Align2::CENTER_CENTER,
            "C",
            FontId::proportional(9.0),
            Color32::WHITE,
        );
    }
}
