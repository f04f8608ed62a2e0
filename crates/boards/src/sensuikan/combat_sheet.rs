//! The combat sheet board, shown during an encounter: the target counters (name, type, tonnage, damage
//! taken of damage needed, sunk mark), the escorts, day or night, the range, and the bow and stern tubes
//! with one counter per torpedo by type. Dragging a torpedo counter onto a target declares the shot
//! [8.2.3]; the FIRE box fires the declared salvo; the deck gun counter dragged onto a target fires one
//! gun shot [8.2.4]. Every move is offered only when the engine lists it as legal; when none is, the sheet
//! says why, in the engine's words. Each roll's result shows as it happens: a hit flashes on its target,
//! and the boat's own damage boxes fill on the sheet's "Your boat" strip, so the Control Sheet need not be
//! open to see the depth charges land.

use egui::{Align2, Color32, FontId, Id, Pos2, Rect, Role, Sense, Ui, Vec2, pos2, vec2};
use periscope_engine::sensuikan::{CombatView, End, PatrolAction, PatrolView, ShotStage, Target, TimeOfDay};

use super::counters as counter_drawings;
use super::counters as ids;
use crate::Effects;
use crate::board;
use crate::board::BoardText as _;
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};

/// The board's size in table units.
pub const SIZE: Vec2 = vec2(900.0, 720.0);
const TARGET: f32 = 64.0;
const TORPEDO: f32 = 38.0;
/// Target boxes printed on the sheet.
const TARGET_BOXES: usize = 6;

/// Payload of a torpedo counter dragged out of a tube: exactly that tube's torpedo is declared [8.2.3].
#[derive(Clone, Copy)]
pub struct TubeDrag {
    pub end: End,
    /// The tube, counted from 1 along its end.
    pub tube: u8,
}
/// Payload of the deck gun counter.
#[derive(Clone, Copy)]
pub struct GunDrag;

fn hotspot(
    ui: &mut Ui,
    rect: Rect,
    id: impl std::hash::Hash + std::fmt::Debug,
    label: &str,
    sense: Sense,
) -> egui::Response {
    let resp = ui.interact(rect, Id::unique(("combat-sheet", id)), sense);
    crate::a11y::label(ui, &resp, Role::Button, label);
    resp
}

fn info(ui: &mut Ui, rect: Rect, id: impl std::hash::Hash + std::fmt::Debug, label: &str) {
    let resp = ui.interact(rect, Id::unique(("combat-sheet", id)), Sense::hover());
    crate::a11y::label(ui, &resp, Role::Label, label);
}

/// A short name for a torpedo type on its counter ("Type95" → "95").
fn torpedo_short(t: &str) -> String {
    t.replace("Type", "T")
}

fn stage_mark(stage: ShotStage) -> (&'static str, Color32) {
    match stage {
        ShotStage::Declared => ("READY", theme::NAVY),
        ShotStage::Hit | ShotStage::Good => ("HIT", theme::DANGER),
        ShotStage::Miss => ("MISS", theme::NAVY_LIGHT),
        ShotStage::Defective => ("DUD", theme::NAVY_LIGHT),
        ShotStage::Done => ("DONE", theme::NAVY),
    }
}

/// What the sheet shows besides the patrol: what the last step changed, and why no attack is offered.
#[derive(Default)]
pub struct SheetNotes<'a> {
    pub fx: Option<&'a Effects>,
    /// When the engine offers no attack on the contact: its decision and the choices it does offer.
    pub no_attack: Option<String>,
}

/// What every region of the sheet reads: where it lies, the patrol and its encounter, which moves the
/// engine would take, and the notes beside the patrol.
struct Sheet<'a> {
    painter: egui::Painter,
    origin: Pos2,
    patrol: Option<&'a PatrolView>,
    combat: Option<&'a CombatView>,
    legal: &'a dyn Fn(&PatrolAction) -> bool,
    notes: &'a SheetNotes<'a>,
}

impl Sheet<'_> {
    /// How strongly the thing named `key` flashes now (0 when the last step did not change it).
    fn lit(&self, key: &str) -> f32 {
        self.notes.fx.map_or(0.0, |fx| fx.lit(key))
    }
}

/// Draws the sheet at `origin`. `patrol` is `None` for an empty sheet (Track mode, no patrol); `legal`
/// says whether the engine would take an action now. Returns the action the player took on the sheet.
pub fn show(
    ui: &mut Ui,
    patrol: Option<&PatrolView>,
    legal: &dyn Fn(&PatrolAction) -> bool,
    origin: Pos2,
    notes: &SheetNotes<'_>,
) -> Option<PatrolAction> {
    let painter = ui.painter().clone();
    let combat = patrol.and_then(|p| p.combat.as_ref());
    let right = match combat {
        Some(c) => periscope_engine::sensuikan::in_words(&c.kind).to_uppercase(),
        None => "no encounter".into(),
    };
    board::paper(
        &painter,
        Rect::from_min_size(origin, SIZE),
        "SENSUIKAN · COMBAT SHEET",
        &right,
    );
    let s = Sheet {
        painter,
        origin,
        patrol,
        combat,
        legal,
        notes,
    };
    situation(ui, &s);
    let target_rects = target_boxes(ui, &s);
    let dropped = match combat {
        Some(c) => targets(ui, &s, c, &target_rects),
        None => {
            no_encounter(&s);
            None
        }
    };
    tubes(ui, &s);
    let gun_legal = deck_gun(ui, &s);
    let (fired, can_fire) = fire_box(ui, &s);
    if let Some(p) = patrol {
        your_boat(ui, &s.painter, p, origin, &|key| s.lit(key));
    }
    let any_attack = declare_legal(&s) || gun_legal || can_fire;
    hint(ui, &s, any_attack);
    // The FIRE box is read after the targets: a click on it wins over a drop in the same frame.
    fired.or(dropped)
}

/// The situation boxes along the top: time of day, range, surfaced or submerged, and the round
/// [8.1.10] [8.2.1] [8.2.2].
fn situation(ui: &mut Ui, s: &Sheet<'_>) {
    let (time, range, attack, round) = match s.combat {
        Some(c) => (
            match c.time {
                Some(TimeOfDay::Day) => "DAY",
                Some(TimeOfDay::Night) => "NIGHT",
                None => "—",
            }
            .to_string(),
            c.range.map_or("—".to_string(), |r| {
                periscope_engine::sensuikan::in_words(&r).to_uppercase()
            }),
            if c.surfaced { "SURFACED" } else { "SUBMERGED" }.to_string(),
            c.round.rounds.to_string(),
        ),
        None => ("—".into(), "—".into(), "—".into(), "—".into()),
    };
    for (i, (caption, value)) in [
        ("Time", time),
        ("Range", range),
        ("Attack", attack),
        ("Round", round),
    ]
    .into_iter()
    .enumerate()
    {
        let r = Rect::from_min_size(s.origin + vec2(40.0 + i as f32 * 140.0, 58.0), vec2(132.0, 46.0));
        board::printed_box(&s.painter, r, caption, theme::PAPER);
        s.painter.board_text(
            r.center() + vec2(0.0, 7.0),
            Align2::CENTER_CENTER,
            &value,
            FontId::proportional(15.0),
            theme::NAVY,
        );
        info(ui, r, ("situation", i), &format!("{caption}: {value}"));
    }
}

/// The row of target boxes, the window of opportunity [8.1] [8.2.3], and the Escorts box [8.2.11] with
/// the ESCORT marker while the escorts are not known one by one. Returns each shown target's index in
/// the encounter with its box.
fn target_boxes(ui: &mut Ui, s: &Sheet<'_>) -> Vec<(usize, Rect)> {
    let (painter, origin, combat) = (&s.painter, s.origin, s.combat);
    board::heading(painter, origin + vec2(40.0, 130.0), "Targets");
    let targets: Vec<(usize, &Target)> = combat
        .map(|c| {
            c.targets
                .iter()
                .enumerate()
                .filter(|(_, t)| !t.is_escort)
                .collect()
        })
        .unwrap_or_default();
    let box_w = 128.0;
    let mut target_rects = Vec::new();
    for slot in 0..TARGET_BOXES {
        let r = Rect::from_min_size(
            origin + vec2(40.0 + slot as f32 * 134.0, 138.0),
            vec2(box_w, 196.0),
        );
        board::printed_box(painter, r, &format!("Target {}", slot + 1), theme::PAPER_SHADE);
        if let Some(&(i, _)) = targets.get(slot) {
            target_rects.push((i, r));
        }
    }
    let escorts: Vec<(usize, &Target)> = combat
        .map(|c| {
            c.targets
                .iter()
                .enumerate()
                .filter(|(_, t)| t.is_escort)
                .collect()
        })
        .unwrap_or_default();
    let escort_box = Rect::from_min_size(origin + vec2(40.0, 350.0), vec2(260.0, 110.0));
    board::printed_box(painter, escort_box, "Escorts", theme::PAPER_SHADE);
    for (n, &(i, _)) in escorts.iter().enumerate().take(2) {
        target_rects.push((
            i,
            Rect::from_min_size(
                escort_box.min + vec2(4.0 + n as f32 * 128.0, 16.0),
                vec2(124.0, 90.0),
            ),
        ));
    }
    if let Some(c) = combat
        && c.escorted
        && escorts.is_empty()
    {
        counter::paint(
            painter,
            escort_box.center() + vec2(0.0, 8.0),
            48.0,
            ids::ESCORT,
            Side::Enemy,
            Symbol::Ship,
            "ESCORT",
            false,
        );
        info(ui, escort_box, "escorted", "The targets are escorted");
    }
    target_rects
}

/// The targets in their boxes, each taking the torpedo or the deck gun dropped on it. When several
/// drops land in one frame the last target read wins.
fn targets(
    ui: &mut Ui,
    s: &Sheet<'_>,
    c: &CombatView,
    target_rects: &[(usize, Rect)],
) -> Option<PatrolAction> {
    let mut action = None;
    for &(i, r) in target_rects {
        let Some(t) = c.targets.get(i) else { continue };
        if let Some(a) = target(ui, s, c, i, t, r) {
            action = Some(a);
        }
    }
    action
}

/// Where a target's counter sits in its box: compact for an escort, at the top of a target box otherwise.
struct Placing {
    /// The target's number on the sheet, counted from 1.
    n: u8,
    compact: bool,
    center: Pos2,
    size: f32,
}

/// One target's box: its counter and particulars, the shots declared at it, the flash of a hit, the SUNK
/// stamp; a torpedo dropped on it declares the shot [8.2.3], the deck gun dropped on it fires [8.2.4].
fn target(ui: &mut Ui, s: &Sheet<'_>, c: &CombatView, i: usize, t: &Target, r: Rect) -> Option<PatrolAction> {
    let compact = t.is_escort;
    let center = if compact {
        r.left_center() + vec2(30.0, 0.0)
    } else {
        r.center_top() + vec2(0.0, 52.0)
    };
    let at = Placing {
        n: u8::try_from(i + 1).unwrap_or(u8::MAX),
        compact,
        center,
        size: if compact { 48.0 } else { TARGET },
    };
    target_counter(&s.painter, t, r, &at);
    if !at.compact {
        damage_boxes(&s.painter, t, r);
    }
    declared_shots(&s.painter, c, i, r, at.compact);
    board::flash(&s.painter, r, s.lit(&format!("target-{i}")));
    if t.sunk {
        sunk_stamp(&s.painter, r, at.center);
    }
    target_drop(ui, s, c, i, t, r, at.n)
}

/// A target's counter, numbered, with its name, type, tonnage and damage taken of damage needed.
fn target_counter(painter: &egui::Painter, t: &Target, r: Rect, at: &Placing) {
    let side = if t.is_escort || t.capital {
        Side::Enemy
    } else {
        Side::Marker
    };
    counter::paint(
        painter,
        at.center,
        at.size,
        ids::TARGET.with_class(counter_drawings::target(t.ship.kind)),
        side,
        Symbol::Ship,
        &at.n.to_string(),
        false,
    );
    let lines = [
        t.ship.name.clone(),
        periscope_engine::sensuikan::words::ship_kind(t.ship.kind),
        format!("{} t", t.ship.tonnage),
        format!("damage {}/{}", t.damage.min(t.ship.damage), t.ship.damage),
    ];
    let text_at = if at.compact {
        r.left_top() + vec2(60.0, 4.0)
    } else {
        pos2(r.left() + 6.0, at.center.y + at.size / 2.0 + 6.0)
    };
    let clip = painter.with_clip_rect(r.shrink(2.0));
    for (k, line) in lines.iter().enumerate() {
        clip.board_text(
            text_at + vec2(0.0, k as f32 * 14.0),
            Align2::LEFT_TOP,
            line,
            FontId::proportional(if k == 0 { 12.0 } else { 11.0 }),
            theme::NAVY,
        );
    }
}

/// A target's damage boxes: one per point needed, filled as damage is taken.
fn damage_boxes(painter: &egui::Painter, t: &Target, r: Rect) {
    let pts = usize::from(t.ship.damage).min(10);
    for k in 0..pts {
        let b = Rect::from_min_size(
            pos2(r.left() + 6.0 + k as f32 * 11.0, r.bottom() - 18.0),
            vec2(9.0, 9.0),
        );
        let filled = k < usize::from(t.damage);
        painter.rect_filled(b, 1.0, if filled { theme::DANGER } else { theme::PAPER });
        painter.rect_stroke(
            b,
            1.0,
            egui::Stroke::new(0.8, theme::NAVY),
            egui::StrokeKind::Inside,
        );
    }
}

/// The shots declared at target `i`, each a small torpedo counter marked with its result.
fn declared_shots(painter: &egui::Painter, c: &CombatView, i: usize, r: Rect, compact: bool) {
    for (k, s) in c.shots.iter().filter(|s| s.target == i).enumerate() {
        let (mark, colour) = stage_mark(s.stage);
        let p = if compact {
            r.right_bottom() - vec2(14.0 + k as f32 * 26.0, 14.0)
        } else {
            r.right_top() + vec2(-16.0 - (k % 4) as f32 * 27.0, 18.0 + (k / 4) as f32 * 27.0)
        };
        counter::paint(
            painter,
            p,
            24.0,
            ids::torpedo(periscope_engine::sensuikan::words::torpedo(s.torpedo)),
            Side::Submarine,
            Symbol::Torpedo,
            mark,
            false,
        );
        if colour == theme::DANGER {
            painter.circle_stroke(p, 14.0, egui::Stroke::new(2.0, colour));
        }
    }
}

/// The SUNK stamp across a sunk target's counter.
fn sunk_stamp(painter: &egui::Painter, r: Rect, center: Pos2) {
    let stamp = Rect::from_center_size(center, vec2(r.width() - 10.0, 26.0));
    painter.rect_filled(stamp, 3, theme::DANGER.gamma_multiply(0.88));
    painter.board_text(
        stamp.center(),
        Align2::CENTER_CENTER,
        "SUNK",
        FontId::proportional(17.0),
        Color32::WHITE,
    );
}

/// A target box as a drop zone: it glows while a counter it would take hovers over it, and returns the
/// shot declared [8.2.3] or the gun shot fired [8.2.4] when one is dropped and the engine takes it.
fn target_drop(
    ui: &mut Ui,
    s: &Sheet<'_>,
    c: &CombatView,
    i: usize,
    t: &Target,
    r: Rect,
    n: u8,
) -> Option<PatrolAction> {
    let legal = s.legal;
    let declared = c.shots.iter().filter(|s| s.target == i).count();
    let state = if t.sunk {
        "sunk".to_string()
    } else {
        format!("damage {} of {}", t.damage, t.ship.damage)
    };
    let label = format!(
        "Target {n}: {}, {}, {} t, {state}, {declared} shots declared",
        t.ship.name,
        periscope_engine::sensuikan::words::ship_kind(t.ship.kind),
        t.ship.tonnage
    );
    let resp = hotspot(ui, r, ("target", i), &label, Sense::hover());
    let torpedo = resp.dnd_hover_payload::<TubeDrag>();
    let gun = resp.dnd_hover_payload::<GunDrag>().is_some();
    let accepts = torpedo.is_some_and(|d| {
        legal(&PatrolAction::Declare {
            end: d.end,
            tube: Some(d.tube),
            target: n,
        })
    }) || (gun && legal(&PatrolAction::Gun { target: n }));
    if accepts {
        board::glow(&s.painter, r, 1.0);
    }
    let mut action = None;
    // Each drop takes only its own payload: a torpedo's check never swallows the deck gun.
    if let Some(d) = board::dropped_payload::<TubeDrag>(&resp) {
        let a = PatrolAction::Declare {
            end: d.end,
            tube: Some(d.tube),
            target: n,
        };
        if legal(&a) {
            action = Some(a);
        }
    }
    if gun && board::dropped::<GunDrag>(&resp) {
        let a = PatrolAction::Gun { target: n };
        if legal(&a) {
            action = Some(a);
        }
    }
    action
}

/// The target row's words when there is no encounter.
fn no_encounter(s: &Sheet<'_>) {
    s.painter.board_text(
        s.origin + vec2(SIZE.x / 2.0, 240.0),
        Align2::CENTER_CENTER,
        "No encounter under way.",
        FontId::proportional(15.0),
        theme::NAVY_LIGHT,
    );
}

/// The torpedo tubes [4.5] [8.2.3]: the bow row and the stern row, one counter per loaded torpedo; the
/// declared ones stay in the tube, marked.
fn tubes(ui: &mut Ui, s: &Sheet<'_>) {
    board::heading(&s.painter, s.origin + vec2(40.0, 492.0), "Torpedo tubes");
    let mut y = s.origin.y + 500.0;
    for end in [End::Bow, End::Stern] {
        tube_row(ui, s, end, y);
        y += 60.0;
    }
}

/// One end's row of tubes at height `y`, with its Reloads box.
fn tube_row(ui: &mut Ui, s: &Sheet<'_>, end: End, y: f32) {
    let (painter, origin) = (&s.painter, s.origin);
    let (tubes, reloads) = match (s.patrol, end) {
        (Some(p), End::Bow) => (p.bow_tubes.clone(), p.bow_reloads),
        (Some(p), End::Stern) => (p.stern_tubes.clone(), p.stern_reloads),
        (None, End::Bow) => (vec!["empty".to_string(); 6], 0),
        (None, End::Stern) => (vec!["empty".to_string(); 2], 0),
    };
    let name = if end == End::Bow { "Bow" } else { "Stern" };
    painter.board_text(
        pos2(origin.x + 40.0, y + 24.0),
        Align2::LEFT_CENTER,
        name.to_uppercase(),
        FontId::proportional(13.0),
        theme::NAVY,
    );
    for (i, t) in tubes.iter().enumerate() {
        tube(ui, s, end, name, i, t, y);
    }
    let rr = Rect::from_min_size(pos2(origin.x + 110.0 + 6.0 * 52.0 + 16.0, y), vec2(120.0, 48.0));
    board::printed_box(painter, rr, "Reloads", theme::PAPER);
    painter.board_text(
        rr.center() + vec2(0.0, 7.0),
        Align2::CENTER_CENTER,
        reloads.to_string(),
        FontId::proportional(15.0),
        theme::NAVY,
    );
    info(ui, rr, (name, "reloads"), &format!("{name} reloads: {reloads}"));
}

/// Tube `i` of an end (counted from 0): empty, its torpedo declared and marked, or its torpedo ready to
/// drag onto a target when some target would take it.
fn tube(ui: &mut Ui, s: &Sheet<'_>, end: End, name: &str, i: usize, t: &str, y: f32) {
    let painter = &s.painter;
    let tube = u8::try_from(i + 1).unwrap_or(u8::MAX);
    let r = Rect::from_min_size(pos2(s.origin.x + 110.0 + i as f32 * 52.0, y), vec2(48.0, 48.0));
    board::printed_box(painter, r, "", theme::PAPER_SHADE);
    painter.board_text(
        r.center_bottom() - vec2(0.0, 1.0),
        Align2::CENTER_BOTTOM,
        (i + 1).to_string(),
        FontId::proportional(8.0),
        theme::NAVY_LIGHT,
    );
    if t == "empty" {
        info(ui, r, (name, i), &format!("{name} tube {}: empty", i + 1));
        return;
    }
    let short = torpedo_short(t);
    if tube_declared(s.combat, end, tube) {
        counter::paint(
            painter,
            r.center(),
            TORPEDO,
            ids::torpedo(t),
            Side::Submarine,
            Symbol::Torpedo,
            &short,
            true,
        );
        info(ui, r, (name, i), &format!("{name} tube {}: {t}, declared", i + 1));
        return;
    }
    let label = format!("{name} tube {}: {t} torpedo", i + 1);
    let can_declare = tube_can_declare(s, end, tube);
    let sense = if can_declare {
        Sense::drag()
    } else {
        Sense::hover()
    };
    let resp = hotspot(ui, r, (name, i), &label, sense);
    if can_declare {
        resp.dnd_set_drag_payload(TubeDrag { end, tube });
        board::glow(painter, r, board::OFFERED * 0.6);
    }
    let art = ids::torpedo(t);
    counter::paint_dragged(ui, &resp, r.center(), |p, at| {
        counter::paint(
            p,
            at,
            TORPEDO,
            art,
            Side::Submarine,
            Symbol::Torpedo,
            &short,
            false,
        );
    });
}

/// A tube is declared when a shot names it.
fn tube_declared(combat: Option<&CombatView>, end: End, tube: u8) -> bool {
    combat.is_some_and(|c| {
        c.shots
            .iter()
            .any(|s| s.end == end && s.tube == tube && s.stage == ShotStage::Declared)
    })
}

/// A tube may be declared when some target takes its torpedo.
fn tube_can_declare(s: &Sheet<'_>, end: End, tube: u8) -> bool {
    s.combat.is_some_and(|c| {
        (1..=c.targets.len()).any(|n| {
            (s.legal)(&PatrolAction::Declare {
                end,
                tube: Some(tube),
                target: u8::try_from(n).unwrap_or(u8::MAX),
            })
        })
    })
}

/// The Deck gun box [8.2.4]: drag the gun counter onto a target for one shot. Returns whether the engine
/// would take a gun shot at some target.
fn deck_gun(ui: &mut Ui, s: &Sheet<'_>) -> bool {
    let painter = &s.painter;
    let gun_box = Rect::from_min_size(s.origin + vec2(610.0, 500.0), vec2(110.0, 108.0));
    board::printed_box(painter, gun_box, "Deck gun", theme::PAPER);
    let ammunition = s.patrol.map_or(0, |p| p.ammunition);
    let gun_legal = s.combat.is_some_and(|c| {
        (1..=c.targets.len()).any(|n| {
            (s.legal)(&PatrolAction::Gun {
                target: u8::try_from(n).unwrap_or(u8::MAX),
            })
        })
    });
    let gun_at = gun_box.center() + vec2(0.0, 8.0);
    let gun_rect = Rect::from_center_size(gun_at, Vec2::splat(48.0));
    let label = format!("Deck gun: {ammunition} rounds");
    let resp = hotspot(
        ui,
        gun_rect,
        "gun",
        &label,
        if gun_legal { Sense::drag() } else { Sense::hover() },
    );
    if gun_legal {
        resp.dnd_set_drag_payload(GunDrag);
        board::glow(painter, gun_rect, board::OFFERED * 0.6);
    }
    let gun_text = format!("GUN {ammunition}");
    counter::paint_dragged(ui, &resp, gun_at, |p, at| {
        counter::paint(
            p,
            at,
            44.0,
            ids::AMMUNITION,
            Side::Submarine,
            Symbol::Flag,
            &gun_text,
            false,
        );
    });
    gun_legal
}

/// The FIRE box: the declared salvo goes [8.2.3]. Returns the Fire action when clicked, and whether the
/// engine would fire now.
fn fire_box(ui: &mut Ui, s: &Sheet<'_>) -> (Option<PatrolAction>, bool) {
    let painter = &s.painter;
    let fire_box = Rect::from_min_size(s.origin + vec2(740.0, 500.0), vec2(120.0, 108.0));
    let fire = PatrolAction::Fire;
    let can_fire = s.combat.is_some() && (s.legal)(&fire);
    let fill = if can_fire {
        theme::DANGER
    } else {
        theme::PAPER_SHADE
    };
    board::printed_box(painter, fire_box, "", fill);
    let declared = s.combat.map_or(0, |c| {
        c.shots.iter().filter(|s| s.stage == ShotStage::Declared).count()
    });
    let ink = if can_fire {
        Color32::WHITE
    } else {
        theme::NAVY_LIGHT
    };
    painter.board_text(
        fire_box.center() - vec2(0.0, 10.0),
        Align2::CENTER_CENTER,
        "FIRE",
        FontId::proportional(26.0),
        ink,
    );
    painter.board_text(
        fire_box.center() + vec2(0.0, 22.0),
        Align2::CENTER_CENTER,
        format!("{declared} declared"),
        FontId::proportional(12.0),
        ink,
    );
    let mut action = None;
    if can_fire {
        board::glow(painter, fire_box, board::OFFERED);
        let resp = hotspot(
            ui,
            fire_box,
            "fire",
            &format!("Fire the {declared} declared torpedoes"),
            Sense::click(),
        );
        if resp.clicked() {
            action = Some(fire);
        }
    } else {
        info(ui, fire_box, "fire", &format!("Fire box: {declared} declared"));
    }
    (action, can_fire)
}

/// Whether the engine would take a torpedo declared from either end at some target.
fn declare_legal(s: &Sheet<'_>) -> bool {
    s.combat.is_some_and(|c| {
        [End::Bow, End::Stern].into_iter().any(|end| {
            (1..=c.targets.len()).any(|n| {
                (s.legal)(&PatrolAction::Declare {
                    end,
                    tube: None,
                    target: u8::try_from(n).unwrap_or(u8::MAX),
                })
            })
        })
    })
}

/// The line along the sheet's foot: how to attack, or, when no attack is offered, why (in the engine's
/// words) or where the encounter's rolls show.
fn hint(ui: &mut Ui, s: &Sheet<'_>, any_attack: bool) {
    let painter = &s.painter;
    let hint_at = s.origin + vec2(40.0, SIZE.y - 30.0);
    match (&s.notes.no_attack, any_attack) {
        (None, false) if s.combat.is_some() => {
            painter.board_text(
                hint_at,
                Align2::LEFT_CENTER,
                "The rolls of the encounter show on this sheet and in the chart panel as they come.",
                FontId::proportional(11.5),
                theme::NAVY_LIGHT,
            );
        }
        (Some(why), false) if s.combat.is_some() => {
            let r = Rect::from_min_size(hint_at - vec2(6.0, 16.0), vec2(SIZE.x - 68.0, 32.0));
            painter.rect_filled(r, 3, theme::PAPER_SHADE);
            painter.board_text(
                hint_at,
                Align2::LEFT_CENTER,
                why,
                FontId::proportional(12.0),
                theme::NAVY,
            );
            info(ui, r, "no-attack", why);
        }
        _ => {
            let hint = "Drag a torpedo from its tube onto a target to declare the shot, then click FIRE. \
                        Every roll shows in the chart panel.";
            let r = painter.board_text(
                hint_at,
                Align2::LEFT_CENTER,
                hint,
                FontId::proportional(11.5),
                theme::NAVY_LIGHT,
            );
            info(ui, r, "hint", hint);
        }
    }
}

/// The boat's own damage on the Combat Sheet, as on the Control Sheet [8.5.2] [8.5.3] [8.5]: hull and
/// flooding boxes filling as the escorts' attacks land, damaged systems and the hurt.
fn your_boat(ui: &mut Ui, painter: &egui::Painter, p: &PatrolView, origin: Pos2, lit: &dyn Fn(&str) -> f32) {
    let strip = Rect::from_min_size(origin + vec2(316.0, 350.0), vec2(544.0, 110.0));
    board::printed_box(painter, strip, "Your boat", theme::PAPER);
    for (row, (label, filled, total, key)) in [
        ("Hull", p.hull, p.hull_boxes, "hull"),
        ("Flooding", p.flooding, p.flooding_boxes, "flooding"),
    ]
    .into_iter()
    .enumerate()
    {
        let y = strip.top() + 20.0 + row as f32 * 26.0;
        painter.board_text(
            pos2(strip.left() + 10.0, y + 10.0),
            Align2::LEFT_CENTER,
            label.to_uppercase(),
            FontId::proportional(11.0),
            theme::NAVY,
        );
        for i in 0..total {
            let b = Rect::from_min_size(
                pos2(strip.left() + 90.0 + f32::from(i) * 24.0, y),
                vec2(20.0, 20.0),
            );
            let fill = if i < filled { theme::DANGER } else { theme::PAPER };
            painter.rect_filled(b, 2.0, fill);
            painter.rect_stroke(
                b,
                2.0,
                egui::Stroke::new(1.0, theme::NAVY),
                egui::StrokeKind::Inside,
            );
            if i < filled {
                // A cross as well as the colour: the box reads filled without it.
                let s = egui::Stroke::new(1.5, Color32::WHITE);
                painter.line_segment(
                    [b.left_top() + vec2(4.0, 4.0), b.right_bottom() - vec2(4.0, 4.0)],
                    s,
                );
                painter.line_segment(
                    [b.right_top() + vec2(-4.0, 4.0), b.left_bottom() + vec2(4.0, -4.0)],
                    s,
                );
            }
        }
        let row_rect = Rect::from_min_size(
            pos2(strip.left() + 86.0, y - 2.0),
            vec2(f32::from(total) * 24.0 + 4.0, 24.0),
        );
        board::flash(painter, row_rect, lit(key));
        info(
            ui,
            row_rect,
            ("your-boat", label),
            &format!("Your boat: {label} {filled} of {total} boxes"),
        );
    }
    let mut damage: Vec<String> = p
        .systems
        .iter()
        .map(|(system, state)| {
            format!(
                "{} {}",
                periscope_engine::sensuikan::words::system(*system),
                periscope_engine::sensuikan::in_words(state)
            )
        })
        .collect();
    let c = &p.crew;
    let hurt = [
        c.captain,
        c.executive_officer,
        c.navigation_officer,
        c.doctor,
        c.engineer,
    ]
    .iter()
    .filter(|w| w.is_some())
    .count()
        + c.crew.iter().filter(|w| w.is_some()).count();
    if hurt > 0 {
        damage.push(format!("{hurt} hurt"));
    }
    let text = if damage.is_empty() {
        "no system damaged, no one hurt".to_string()
    } else {
        damage.join(" · ")
    };
    let line = pos2(strip.left() + 10.0, strip.bottom() - 14.0);
    painter.with_clip_rect(strip.shrink(2.0)).board_text(
        line,
        Align2::LEFT_CENTER,
        &text,
        FontId::proportional(11.0),
        theme::NAVY,
    );
    let r = Rect::from_min_size(line - vec2(0.0, 10.0), vec2(strip.width() - 20.0, 20.0));
    board::flash(painter, r, lit("systems").max(lit("crew")));
    info(ui, r, "your-boat-damage", &format!("Your boat: {text}"));
}
