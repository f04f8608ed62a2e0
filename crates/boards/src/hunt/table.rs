//! The Submarine Hunt patrol mat: the Detection Row, the supply tracks, the mode and detection boxes, the
//! voyage home, and the Attack and Damage decks. Clicking and dragging on it are ways to act.

use egui::{Align2, Color32, FontId, Id, Pos2, Rect, Role, Sense, Ui, Vec2, pos2, vec2};
use periscope_engine::Game;
use periscope_engine::hunt::{Hunt, HuntAction, Mode, Phase, Slot, SlotState, score};

use super::card;
use super::counters as ids;
use crate::Effects;
use crate::board;
use crate::board::BoardText as _;
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};
use crate::widgets::die;

/// The mat's size in table units (points at 100% zoom).
pub const MAT: Vec2 = vec2(1180.0, 650.0);
const CARD: Vec2 = vec2(84.0, 120.0);
const COUNTER: f32 = 28.0;

/// The attack's cards fan out between these x (right of the Attack deck); the Damage cards of the enemy's
/// fire from the Damage deck leftwards down to `DAMAGE_AREA_LEFT`; BREAK OFF sits below the attack's fan.
const HITS_AREA: (f32, f32) = (264.0, 466.0);
const DAMAGE_AREA_LEFT: f32 = 476.0;

/// Where BREAK OFF is printed: under the attack's cards, clear of every fan.
pub fn break_off_rect() -> Rect {
    Rect::from_min_size(pos2(HITS_AREA.0, 604.0), vec2(130.0, 32.0))
}

/// Where the `i`-th of `count` Attack cards of the attack under way lies: fanned right of the Attack deck,
/// closing up as they come, never past `HITS_AREA`.
pub fn hit_card_rect(i: usize, count: usize) -> Rect {
    let small = CARD * 0.8;
    let step = fan_step(count, HITS_AREA.1 - HITS_AREA.0, small.x, 30.0);
    Rect::from_min_size(pos2(HITS_AREA.0 + i as f32 * step, 500.0), small)
}

/// Where the `i`-th of `count` Damage cards of the enemy's fire lies: fanned left of the Damage deck,
/// never past `DAMAGE_AREA_LEFT`.
pub fn fire_card_rect(i: usize, count: usize) -> Rect {
    let deck = damage_deck_rect();
    let w = deck.width();
    let step = fan_step(count, deck.left() - 8.0 - DAMAGE_AREA_LEFT, w, 26.0);
    let left = deck.left() - 8.0 - w - i as f32 * step;
    Rect::from_min_size(pos2(left, deck.top()), deck.size())
}

/// The Damage deck's place on the mat.
fn damage_deck_rect() -> Rect {
    Rect::from_min_size(pos2(790.0 - 110.0, 500.0), CARD * 0.8)
}

/// The step between fanned cards: `natural` apart, closed up so `count` cards of `width` fit in `room`.
fn fan_step(count: usize, room: f32, width: f32, natural: f32) -> f32 {
    if count < 2 {
        return natural;
    }
    ((room - width) / (count - 1) as f32).clamp(4.0, natural)
}

/// Payload of a torpedo counter being dragged onto a ship.
#[derive(Clone, Copy)]
pub struct TorpedoDrag;
/// Payload of the submarine counter being dragged to a mode box.
#[derive(Clone, Copy)]
pub struct SubmarineDrag;

/// Where a Detection card sits.
pub fn card_rect(origin: Pos2, index: usize) -> Rect {
    Rect::from_min_size(origin + vec2(40.0 + index as f32 * 110.0, 82.0), CARD)
}

fn labelled(resp: &egui::Response, ui: &Ui, kind: Role, label: &str) {
    crate::a11y::label(ui, resp, kind, label);
}

/// An invisible widget over a painted box, labelled for screen readers and tests.
fn hotspot(ui: &mut Ui, rect: Rect, id: &str, label: &str, sense: Sense) -> egui::Response {
    let resp = ui.interact(rect, Id::unique(("hunt-table", id)), sense);
    labelled(&resp, ui, Role::Button, label);
    resp
}

/// Where everything printed on the mat sits, shared by Play and Track mode.
pub struct Layout {
    pub mat: Rect,
    pub cards: Vec<Rect>,
    /// Per track: label, the value of each box, and each box's rect.
    pub tracks: Vec<(&'static str, Vec<i32>, Vec<Rect>)>,
    pub tube: Rect,
    pub attack_deck: Rect,
    pub damage_deck: Rect,
    pub sonar: Rect,
    /// Surface, then Diving.
    pub modes: [Rect; 2],
    /// 0, 1, 2 and "Fire!" detections in a row.
    pub detections: [Rect; 4],
    pub home: Rect,
}

const TRACK_NAMES: [&str; 5] = ["Oxygen", "Battery", "Hull", "Torpedoes", "Sink points"];
/// The top of the supply tracks.
const TRACKS_TOP: f32 = 290.0;

/// Each track's box values and box width, in [`TRACK_NAMES`] order.
fn track_specs(max_oxygen: i32, max_battery: i32) -> [(Vec<i32>, f32); 5] {
    [
        ((0..=max_oxygen).collect(), 27.0),
        ((0..=max_battery).collect(), 27.0),
        ((0..=20).map(|v| v * 5).collect(), 27.0),
        ((0..=24).collect(), 22.7),
        ((0..=12).map(|v| v * 5).collect(), 45.0),
    ]
}

/// Where track `row` begins (its caption; the boxes follow).
fn track_origin(row: usize) -> Pos2 {
    pos2(40.0, TRACKS_TOP + row as f32 * 40.0)
}

/// Where everything printed on the mat sits, without drawing it: Play mode paints at these places and
/// Track mode lays its counters out on them.
pub fn layout(max_oxygen: i32, max_battery: i32) -> Layout {
    let origin = Pos2::ZERO;
    let tracks = track_specs(max_oxygen, max_battery)
        .into_iter()
        .zip(TRACK_NAMES)
        .enumerate()
        .map(|(row, ((values, w), label))| {
            let boxes = board::track_boxes(track_origin(row), values.len(), w, 34.0);
            (label, values, boxes)
        })
        .collect();
    let col = origin.x + 790.0;
    let mode_y = 366.0;
    let det_y = 462.0;
    Layout {
        mat: Rect::from_min_size(origin, MAT),
        cards: (0..10).map(|i| card_rect(origin, i)).collect(),
        tracks,
        tube: Rect::from_min_size(origin + vec2(40.0, 500.0), vec2(96.0, 120.0)),
        attack_deck: Rect::from_min_size(origin + vec2(160.0, 500.0), CARD),
        damage_deck: damage_deck_rect(),
        sonar: Rect::from_min_size(pos2(col, 282.0), vec2(350.0, 66.0)),
        modes: [0.0, 1.0].map(|i| Rect::from_min_size(pos2(col + i * 180.0, mode_y), vec2(170.0, 74.0))),
        detections: [0.0, 1.0, 2.0, 3.0]
            .map(|i| Rect::from_min_size(pos2(col + i * 88.0, det_y), vec2(82.0, 44.0))),
        home: Rect::from_min_size(pos2(col, 540.0), vec2(350.0, 84.0)),
    }
}

/// Where the voyage home's three dice lie in its box [Return.1].
pub fn home_dice(home: Rect) -> [Rect; 3] {
    [0.0, 1.0, 2.0]
        .map(|i| Rect::from_center_size(home.left_center() + vec2(50.0 + i * 50.0, 8.0), Vec2::splat(34.0)))
}

/// Paints everything printed on the mat (paper, boxes, tracks, captions) and returns where it is.
pub fn paint_printed(
    painter: &egui::Painter,
    rules: &periscope_data::hunt::HuntRules,
    max_oxygen: i32,
    max_battery: i32,
    right_title: &str,
    hull_tint: Option<Color32>,
) -> Layout {
    let origin = Pos2::ZERO;
    let layout = layout(max_oxygen, max_battery);
    board::paper(painter, layout.mat, "SUBMARINE HUNT · PATROL MAT", right_title);
    board::heading(
        painter,
        origin + vec2(40.0, 76.0),
        "Detection row — one die or the sum of two turns a card",
    );
    for (i, rect) in layout.cards.iter().enumerate() {
        board::snap_target(*rect);
        painter.rect_stroke(
            *rect,
            6,
            egui::Stroke::new(1.0, theme::NAVY_LIGHT),
            egui::StrokeKind::Inside,
        );
        let number = Rect::from_center_size(rect.center_bottom() + vec2(0.0, 16.0), vec2(26.0, 20.0));
        board::printed_box(painter, number, "", theme::PAPER_SHADE);
        painter.board_text(
            number.center(),
            Align2::CENTER_CENTER,
            (i + 1).to_string(),
            FontId::proportional(13.0),
            theme::NAVY,
        );
    }
    board::heading(
        painter,
        origin + vec2(40.0, TRACKS_TOP - 8.0),
        "Supplies and score",
    );
    let tints = [None, None, hull_tint, None, None];
    for (row, ((values, w), label)) in track_specs(max_oxygen, max_battery)
        .into_iter()
        .zip(TRACK_NAMES)
        .enumerate()
    {
        board::track(painter, track_origin(row), label, &values, w, 34.0, tints[row]);
    }
    board::printed_box(painter, layout.tube, "Torpedo tube", theme::PAPER_SHADE);
    board::heading(
        painter,
        layout.attack_deck.left_top() - vec2(0.0, 4.0),
        "Attack deck",
    );
    board::snap_target(layout.attack_deck);
    board::heading(painter, layout.damage_deck.left_top() - vec2(0.0, 4.0), "Damage");
    board::snap_target(layout.damage_deck);
    board::printed_box(painter, layout.sonar, "Sonar", theme::PAPER);
    for (r, row) in layout.modes.iter().zip([&rules.surface, &rules.diving]) {
        board::printed_box(painter, *r, &row.name, theme::PAPER);
        let facts = format!(
            "{} dice · Oxy {:+} · Bat {:+} · seen 1-{}",
            row.sonar_dice, row.oxygen_per_turn, row.battery_per_turn, row.detected_on_or_below
        );
        painter.board_text(
            r.center_bottom() - vec2(0.0, 6.0),
            Align2::CENTER_BOTTOM,
            facts,
            FontId::proportional(9.5),
            theme::NAVY_LIGHT,
        );
    }
    let det_y = layout.detections[0].top();
    board::heading(
        painter,
        pos2(layout.detections[0].left(), det_y - 4.0),
        "Enemy detections in a row",
    );
    for (i, (r, caption)) in layout.detections.iter().zip(["0", "1", "2", "Fire!"]).enumerate() {
        let fill = if i == 3 {
            theme::DANGER.gamma_multiply(0.25)
        } else {
            theme::PAPER
        };
        board::printed_box(painter, *r, caption, fill);
    }
    board::printed_box(painter, layout.home, "Return to base — three sixes", theme::PAPER);
    for die in home_dice(layout.home) {
        board::snap_target(die);
        painter.rect_stroke(
            die,
            5,
            egui::Stroke::new(1.0, theme::NAVY_LIGHT),
            egui::StrokeKind::Inside,
        );
    }
    layout
}

/// What every region of the mat reads: the game, what the last step changed, the painter, where the
/// printed boxes sit, and the move the engine waits for.
struct Mat<'a> {
    game: &'a Hunt,
    fx: &'a Effects,
    painter: egui::Painter,
    layout: Layout,
    pending: periscope_engine::Pending<HuntAction>,
}

impl Mat<'_> {
    /// Whether the engine would take `a` now.
    fn legal(&self, a: &HuntAction) -> bool {
        self.pending.choices().iter().any(|c| &c.action == a)
    }
}

/// Draws the mat and returns the action the player took on it, if any.
pub fn show(ui: &mut Ui, game: &Hunt, fx: &Effects) -> Option<HuntAction> {
    let o = game.options();
    let hull_tint = (fx.hull_flash > 0.0).then(|| theme::DANGER.gamma_multiply(0.35 + 0.5 * fx.hull_flash));
    let painter = ui.painter().clone();
    let layout = paint_printed(
        &painter,
        game.rules(),
        o.max_oxygen,
        o.max_battery,
        &format!("Turn {}", game.turn()),
        hull_tint,
    );
    // Claim the mat's area so the scene knows its size.
    ui.allocate_rect(layout.mat, Sense::hover());
    let m = Mat {
        game,
        fx,
        painter,
        layout,
        pending: game.pending(),
    };
    // The regions are read in the order of the printed mat; when two take an action in one frame, the
    // one read later wins.
    let mut action = detection_row(ui, &m);
    tracks(ui, &m);
    torpedo(ui, &m);
    action = attack(ui, &m).or(action);
    action = sonar(ui, &m).or(action);
    action = mode(ui, &m).or(action);
    detections(ui, &m);
    action = voyage_home(ui, &m).or(action);
    game_over(&m);
    action
}

/// The Detection Row [Hunt.3]-[Hunt.6]: the cards, face down or turned, each found ship's sink points
/// and the one under attack. A reachable card turns when clicked; a found ship takes the torpedo.
fn detection_row(ui: &mut Ui, m: &Mat<'_>) -> Option<HuntAction> {
    let game = m.game;
    let reachable: Vec<u8> = match game.phase() {
        Phase::ChooseCard { faces } => game.reachable_positions(faces),
        _ => Vec::new(),
    };
    let mut action = None;
    for (i, (slot, rect)) in game.row().iter().zip(m.layout.cards.iter().copied()).enumerate() {
        if let Some(a) = row_card(ui, m, (i + 1) as u8, slot, rect, &reachable) {
            action = Some(a);
        }
    }
    action
}

/// The card at `position` in the Detection Row, painted and offered as the engine allows.
fn row_card(
    ui: &mut Ui,
    m: &Mat<'_>,
    position: u8,
    slot: &Slot,
    rect: Rect,
    reachable: &[u8],
) -> Option<HuntAction> {
    let painter = &m.painter;
    let target = m.game.attack_target();
    match slot.state {
        SlotState::FaceDown => card::paint_back(painter, rect),
        SlotState::Empty => card::paint_face(painter, rect, slot.card, true),
        SlotState::Found | SlotState::Sunk => card::paint_face(painter, rect, slot.card, false),
    }
    let ship = slot.card.ship().and_then(|c| m.game.rules().ship(c));
    if let (Some(ship), true) = (ship, matches!(slot.state, SlotState::Found | SlotState::Sunk)) {
        found_ship(painter, slot, ship, rect, target == Some(position));
    }
    if target == Some(position) {
        board::glow(painter, rect, 1.0);
    }
    board::flash(painter, rect, m.fx.lit(&format!("card-{position}")));
    card_hotspot(ui, m, position, slot, ship, rect, reachable)
}

/// A found ship's caption (name, sink points scored of needed), UNDER ATTACK when it is the target, and
/// the SUNK stamp or the bar of damage done.
fn found_ship(
    painter: &egui::Painter,
    slot: &Slot,
    ship: &periscope_data::hunt::ShipRow,
    rect: Rect,
    under_attack: bool,
) {
    let total = score(&slot.hits);
    let caption = format!(
        "{} · {}/{}",
        ship.ship,
        total.min(ship.sink_points),
        ship.sink_points
    );
    painter.board_text(
        rect.center_bottom() + vec2(0.0, 30.0),
        Align2::CENTER_TOP,
        caption,
        FontId::proportional(10.5),
        theme::NAVY,
    );
    if under_attack {
        painter.board_text(
            rect.center_bottom() + vec2(0.0, 44.0),
            Align2::CENTER_TOP,
            "UNDER ATTACK",
            FontId::proportional(10.0),
            theme::DANGER,
        );
    }
    if slot.state == SlotState::Sunk {
        let stamp = Rect::from_center_size(rect.center(), vec2(rect.width() - 8.0, 26.0));
        painter.rect_filled(stamp, 3, theme::DANGER.gamma_multiply(0.85));
        painter.board_text(
            stamp.center(),
            Align2::CENTER_CENTER,
            "SUNK",
            FontId::proportional(16.0),
            Color32::WHITE,
        );
    } else if total > 0 {
        let frac = (total as f32 / ship.sink_points as f32).min(1.0);
        let bar = Rect::from_min_size(
            rect.left_bottom() + vec2(6.0, -10.0),
            vec2((rect.width() - 12.0) * frac, 5.0),
        );
        painter.rect_filled(bar, 2, theme::DANGER);
    }
}

/// A row card's hotspot: click a reachable card to turn it, click or drop the torpedo on a found ship to
/// fire, otherwise a label saying what the card shows.
fn card_hotspot(
    ui: &mut Ui,
    m: &Mat<'_>,
    position: u8,
    slot: &Slot,
    ship: Option<&periscope_data::hunt::ShipRow>,
    rect: Rect,
    reachable: &[u8],
) -> Option<HuntAction> {
    let pick = HuntAction::PickCard { position };
    let fire = HuntAction::Fire { target: position };
    if reachable.contains(&position) && m.legal(&pick) {
        board::glow(&m.painter, rect, board::OFFERED);
        let resp = hotspot(
            ui,
            rect,
            &format!("card-{position}"),
            &format!("Turn card {position}"),
            Sense::click(),
        );
        resp.clicked().then_some(pick)
    } else if m.legal(&fire) {
        let name = ship.map_or("ship", |s| s.ship.as_str());
        let resp = hotspot(
            ui,
            rect,
            &format!("card-{position}"),
            &format!("Fire at the {name} (card {position})"),
            Sense::click(),
        );
        if resp.dnd_hover_payload::<TorpedoDrag>().is_some() {
            board::glow(&m.painter, rect, 1.0);
        }
        (board::dropped::<TorpedoDrag>(&resp) || resp.clicked()).then_some(fire)
    } else {
        let state = match slot.state {
            SlotState::FaceDown => "face down".to_string(),
            SlotState::Empty => format!("{}, empty sea", slot.card.pretty()),
            SlotState::Found => format!("{}, found", slot.card.pretty()),
            SlotState::Sunk => format!("{}, sunk", slot.card.pretty()),
        };
        let resp = ui.interact(
            rect,
            Id::unique(("hunt-table", "card-info", position)),
            Sense::hover(),
        );
        labelled(&resp, ui, Role::Label, &format!("Card {position}: {state}"));
        None
    }
}

/// The track markers: oxygen, battery, hull, torpedoes and sink points [Modes.1] [Modes.2]
/// [Objective.5] [Winning.1].
fn tracks(ui: &mut Ui, m: &Mat<'_>) {
    let game = m.game;
    let values = [
        game.oxygen(),
        game.battery(),
        game.hull(),
        game.torpedoes() as i32,
        game.sink_points() as i32,
    ];
    let looks = [
        (Side::Submarine, Symbol::Gauge),
        (Side::Submarine, Symbol::Gauge),
        (Side::Submarine, Symbol::Submarine),
        (Side::Submarine, Symbol::Torpedo),
        (Side::Marker, Symbol::Star),
    ];
    let warnings = game.warnings();
    for ((label, track_values, boxes), (value, ((side, symbol), id))) in m
        .layout
        .tracks
        .iter()
        .zip(values.into_iter().zip(looks.into_iter().zip(ids::TRACKS)))
    {
        // [Modes.3] A supply the next action would empty is marked on its track.
        if let (Some(w), Some(last)) = (
            warnings.iter().find(|w| w.starts_with(&format!("{label} "))),
            boxes.last(),
        ) {
            empties_tag(ui, &m.painter, label, w, *last);
        }
        // The marker sits in the highest box not above the value.
        let idx = track_values.iter().rposition(|&v| v <= value).unwrap_or(0);
        let Some(b) = boxes.get(idx) else { continue };
        track_marker(ui, m, label, value, *b, (id, side, symbol));
    }
}

/// [Modes.3] The tag right of a track whose supply the next action would empty.
fn empties_tag(ui: &mut Ui, painter: &egui::Painter, label: &str, warning: &str, last: Rect) {
    let tag = Rect::from_min_size(pos2(last.right() + 12.0, last.top()), vec2(250.0, last.height()));
    painter.rect_filled(tag, 3, theme::DANGER);
    painter.board_text(
        tag.center(),
        Align2::CENTER_CENTER,
        "THE NEXT ACTION EMPTIES IT",
        FontId::proportional(11.5),
        Color32::WHITE,
    );
    let resp = ui.interact(tag, Id::unique(("hunt-table", "warning", label)), Sense::hover());
    labelled(&resp, ui, Role::Label, warning);
}

/// A track's marker counter, sliding to the box `b` it sits in.
fn track_marker(
    ui: &mut Ui,
    m: &Mat<'_>,
    label: &str,
    value: i32,
    b: Rect,
    (id, side, symbol): (crate::widgets::counter_ids::CounterId<'static>, Side, Symbol),
) {
    let x = ui
        .ctx()
        .animate_value_with_time(Id::unique(("marker", label)), b.center().x, 0.35);
    let size = COUNTER.min(b.width() + 6.0);
    counter::paint(
        &m.painter,
        pos2(x, b.center().y + 3.0),
        size,
        id,
        side,
        symbol,
        &value.to_string(),
        false,
    );
    let r = Rect::from_center_size(pos2(x, b.center().y), Vec2::splat(size));
    board::flash(&m.painter, r, m.fx.lit(&format!("track-{label}")));
    let resp = ui.interact(r, Id::unique(("hunt-table", "track", label)), Sense::hover());
    labelled(&resp, ui, Role::Label, &format!("{label}: {value}"));
}

/// The torpedo counter in its tube: drag it onto a found ship to fire [Attacking.1].
fn torpedo(ui: &mut Ui, m: &Mat<'_>) {
    let game = m.game;
    let can_fire = m
        .pending
        .choices()
        .iter()
        .any(|c| matches!(c.action, HuntAction::Fire { .. }));
    let tube_center = m.layout.tube.center() + vec2(0.0, 8.0);
    let torpedo_rect = Rect::from_center_size(tube_center, Vec2::splat(44.0));
    let sense = if can_fire { Sense::drag() } else { Sense::hover() };
    let resp = ui.interact(torpedo_rect, Id::unique(("hunt-table", "torpedo")), sense);
    labelled(&resp, ui, Role::Button, "Torpedo: drag onto a found ship to fire");
    resp.dnd_set_drag_payload(TorpedoDrag);
    if can_fire {
        board::glow(&m.painter, torpedo_rect, board::OFFERED * 0.7);
    }
    let label = format!("{} left", game.torpedoes());
    // Drawn above everything while it travels with the pointer.
    counter::paint_dragged(ui, &resp, tube_center, |p, at| {
        counter::paint(
            p,
            at,
            44.0,
            ids::TORPEDOES,
            Side::Submarine,
            Symbol::Torpedo,
            &label,
            game.torpedoes() == 0,
        );
    });
}

/// The Attack deck and the attack under way [Attacking.1]-[Attacking.5]: flip a card, the attack's
/// cards fanned out, BREAK OFF. Breaking off wins over a flip in the same frame.
fn attack(ui: &mut Ui, m: &Mat<'_>) -> Option<HuntAction> {
    let (game, painter) = (m.game, &m.painter);
    let mut action = None;
    let deck = m.layout.attack_deck;
    card::paint_back(painter, deck);
    painter.board_text(
        deck.center_bottom() + vec2(0.0, 4.0),
        Align2::CENTER_TOP,
        format!("{} cards", game.attack_pile()),
        FontId::proportional(10.0),
        theme::NAVY,
    );
    if m.legal(&HuntAction::FlipCard) {
        board::glow(painter, deck, board::OFFERED);
        if hotspot(ui, deck, "attack-deck", "Flip an Attack card", Sense::click()).clicked() {
            action = Some(HuntAction::FlipCard);
        }
    }
    // The attack's cards fan out right of the deck and close up as they come, never past the hits area
    // (the Damage cards have their own area, and BREAK OFF sits below the fan).
    if let Some(t) = game
        .attack_target()
        .and_then(|p| game.row().get(usize::from(p) - 1))
    {
        for (i, c) in t.hits.iter().enumerate() {
            card::paint_face(painter, hit_card_rect(i, t.hits.len()), *c, false);
        }
    }
    if m.legal(&HuntAction::BreakOff) {
        let r = break_off_rect();
        board::printed_box(painter, r, "", theme::PAPER_SHADE);
        painter.board_text(
            r.center(),
            Align2::CENTER_CENTER,
            "BREAK OFF",
            FontId::proportional(13.0),
            theme::NAVY,
        );
        if hotspot(ui, r, "break-off", "Break off the attack", Sense::click()).clicked() {
            action = Some(HuntAction::BreakOff);
        }
    }
    action
}

/// The Sonar box [Hunt.1]: the last sonar dice, and a click to hunt.
fn sonar(ui: &mut Ui, m: &Mat<'_>) -> Option<HuntAction> {
    let (game, painter, layout) = (m.game, &m.painter, &m.layout);
    if let Some(roll) = game.last_roll().filter(|r| r.chart == "Sonar") {
        for (i, &f) in roll.faces.iter().enumerate() {
            die::paint_d6(
                painter,
                layout.sonar.left_center() + vec2(40.0 + i as f32 * 44.0, 6.0),
                32.0,
                f,
                false,
            );
        }
    }
    if !m.legal(&HuntAction::Hunt) {
        return None;
    }
    board::glow(painter, layout.sonar, board::OFFERED * 0.8);
    painter.board_text(
        layout.sonar.right_center() - vec2(12.0, -6.0),
        Align2::RIGHT_CENTER,
        "click to hunt",
        FontId::proportional(12.0),
        theme::NAVY,
    );
    let n = game.mode_row().sonar_dice;
    hotspot(
        ui,
        layout.sonar,
        "sonar",
        &format!("Hunt: roll {n} sonar dice"),
        Sense::click(),
    )
    .clicked()
    .then_some(HuntAction::Hunt)
}

/// The Mode boxes [Each Turn.1]: the submarine counter sits in its box; click the other box or drag
/// the counter to it to change mode.
fn mode(ui: &mut Ui, m: &Mat<'_>) -> Option<HuntAction> {
    let layout = &m.layout;
    let current = usize::from(m.game.mode() == Mode::Diving);
    let x =
        ui.ctx()
            .animate_value_with_time(Id::unique("sub-mode-x"), layout.modes[current].center().x, 0.35);
    let sub_at = pos2(x, layout.modes[current].center().y + 2.0);
    let mut action = None;
    for (i, mode) in [Mode::Surface, Mode::Diving].into_iter().enumerate() {
        if i != current && m.legal(&HuntAction::ChangeMode) {
            let r = layout.modes[i];
            let resp = hotspot(
                ui,
                r,
                &format!("mode-{i}"),
                &format!("Change mode to {}", mode.name()),
                Sense::click(),
            );
            if resp.dnd_hover_payload::<SubmarineDrag>().is_some() {
                board::glow(&m.painter, r, 1.0);
            }
            if resp.clicked() || board::dropped::<SubmarineDrag>(&resp) {
                action = Some(HuntAction::ChangeMode);
            }
        }
    }
    submarine(ui, m, sub_at).or(action)
}

/// The submarine counter at `sub_at`: clicking it changes mode too, as the README says [Each Turn.1];
/// it follows the pointer while dragged.
fn submarine(ui: &mut Ui, m: &Mat<'_>, sub_at: Pos2) -> Option<HuntAction> {
    let mut action = None;
    let sub_rect = Rect::from_center_size(sub_at, Vec2::splat(36.0));
    let can_change = m.legal(&HuntAction::ChangeMode);
    let sense = if can_change {
        Sense::click_and_drag()
    } else {
        Sense::hover()
    };
    let resp = ui.interact(sub_rect, Id::unique(("hunt-table", "submarine")), sense);
    labelled(
        &resp,
        ui,
        Role::Button,
        &format!(
            "Submarine, {}: click, or drag to the other mode box, to change mode",
            m.game.mode().name()
        ),
    );
    if can_change {
        resp.dnd_set_drag_payload(SubmarineDrag);
        if resp.clicked() {
            action = Some(HuntAction::ChangeMode);
        }
    }
    let sub_at = if resp.dragged() {
        resp.hover_pos()
            .or_else(|| resp.interact_pointer_pos())
            .unwrap_or(sub_at)
    } else {
        sub_at
    };
    counter::paint(
        &m.painter,
        sub_at,
        36.0,
        ids::MODE,
        Side::Submarine,
        Symbol::Submarine,
        "SUB",
        false,
    );
    action
}

/// Detections in a row and enemy fire [Enemy.1]-[Enemy.5]: the detections marker, the +1 hit bonus,
/// the Damage deck and the exchange's Damage cards fanned out left of it, within their own area.
fn detections(ui: &mut Ui, m: &Mat<'_>) {
    let (game, painter, layout) = (m.game, &m.painter, &m.layout);
    let streak = game.streak().min(3) as usize;
    let r = layout.detections[streak];
    counter::paint(
        painter,
        r.center() + vec2(0.0, 5.0),
        26.0,
        ids::DETECTIONS,
        Side::Enemy,
        Symbol::Ship,
        &game.streak().to_string(),
        false,
    );
    let resp = ui.interact(r, Id::unique(("hunt-table", "detections")), Sense::hover());
    labelled(
        &resp,
        ui,
        Role::Label,
        &format!("Enemy detections in a row: {}", game.streak()),
    );
    if game.hit_bonus() {
        counter::paint(
            painter,
            layout.detections[3].right_top() + vec2(-4.0, 4.0),
            22.0,
            ids::HIT_BONUS,
            Side::Marker,
            Symbol::Flag,
            "+1",
            false,
        );
    }
    card::paint_back(painter, layout.damage_deck);
    let fire = game.fire_cards();
    for (i, c) in fire.iter().enumerate() {
        card::paint_face(painter, fire_card_rect(i, fire.len()), *c, false);
    }
}

/// The voyage home [Return.1]-[Return.3]: the sixes locked so far, and a click to sail home.
fn voyage_home(ui: &mut Ui, m: &Mat<'_>) -> Option<HuntAction> {
    let (painter, layout) = (&m.painter, &m.layout);
    let locked = m.game.locked_sixes();
    for i in 0..locked.min(3) {
        die::paint_d6(
            painter,
            layout.home.left_center() + vec2(50.0 + f32::from(i) * 50.0, 8.0),
            34.0,
            6,
            true,
        );
    }
    if !m.legal(&HuntAction::ReturnToBase) {
        return None;
    }
    painter.board_text(
        layout.home.right_center() - vec2(12.0, -8.0),
        Align2::RIGHT_CENTER,
        "click to sail home",
        FontId::proportional(12.0),
        theme::NAVY,
    );
    let resp = hotspot(
        ui,
        layout.home,
        "return",
        &format!("Return to base ({locked} of 3 sixes locked)"),
        Sense::click(),
    );
    if resp.hovered() {
        board::glow(painter, layout.home, 0.8);
    }
    resp.clicked().then_some(HuntAction::ReturnToBase)
}

/// The banner across the mat when the game is over: VICTORY or LOST, and the summary.
fn game_over(m: &Mat<'_>) {
    let periscope_engine::Pending::Over { won, summary } = &m.pending else {
        return;
    };
    let painter = &m.painter;
    let r = Rect::from_center_size(m.layout.mat.center(), vec2(520.0, 120.0));
    painter.rect_filled(r, 8, theme::BAND.gamma_multiply(0.95));
    let (title, colour) = if *won {
        ("VICTORY", theme::HIGHLIGHT)
    } else {
        ("LOST", theme::DANGER)
    };
    painter.board_text(
        r.center() - vec2(0.0, 18.0),
        Align2::CENTER_CENTER,
        title,
        FontId::proportional(40.0),
        colour,
    );
    painter.board_text(
        r.center() + vec2(0.0, 28.0),
        Align2::CENTER_CENTER,
        summary,
        FontId::proportional(15.0),
        theme::PAPER,
    );
}
