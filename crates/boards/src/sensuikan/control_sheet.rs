//! The Control Sheet of the career's submarine: the career boxes, the patrol track with the submarine
//! counter, the tubes and reloads, ammunition, hull and flooding boxes, damaged systems, the crew with
//! their wounds, and the combat under way.

use egui::{Align2, Color32, FontId, Id, Pos2, Rect, Ui, pos2, vec2};
use periscope_data::sensuikan::charts::Wound;
use periscope_engine::sensuikan::career::{CareerView, EndCause};
use periscope_engine::sensuikan::{BoxKind, CombatView, PatrolView, SystemState, TimeOfDay};

use super::SHEET;
use super::counters as counter_drawings;
use super::counters as ids;
use crate::Effects;
use crate::board;
use crate::board::BoardText as _;
use crate::theme::{self, Side};
use crate::widgets::counter::{self, Symbol};

const COUNTER: f32 = 30.0;

/// A printed box with a caption and a value written in.
fn field(painter: &egui::Painter, rect: Rect, caption: &str, value: &str) {
    board::printed_box(painter, rect, caption, theme::PAPER);
    painter.board_text(
        rect.center() + vec2(0.0, 7.0),
        Align2::CENTER_CENTER,
        value,
        // Long values ("Lieutenant Commander") are written smaller to stay inside the box.
        FontId::proportional(match value.chars().count() {
            0..=16 => 14.0,
            17..=20 => 11.5,
            _ => 10.5,
        }),
        theme::NAVY,
    );
}

/// [5.2.1] The tonnage sunk so far: a ship sunk counts at once, and the part the patrol under way has sunk
/// (not yet on the Patrol Log) is said: `8700 t (3900 at sea)`.
fn tonnage(v: &CareerView) -> String {
    match v.tonnage_under_way() {
        0 => format!("{} t", v.tonnage),
        at_sea => format!("{} t ({at_sea} at sea)", v.tonnage),
    }
}

fn wound_label(w: Option<Wound>) -> &'static str {
    match w {
        None => "fit",
        Some(Wound::Lw) => "LW",
        Some(Wound::Sw) => "SW",
        Some(Wound::Kia) => "KIA",
    }
}

/// Where the sheet's boxes are, shared with the blank sheet of Track mode (`sensuikan/track.rs`).
///
/// Career box `i` of `n` along the top [4.3].
pub fn career_box(i: usize, n: usize) -> Rect {
    let w = (SHEET.x - 80.0) / n.max(1) as f32;
    Rect::from_min_size(pos2(40.0 + i as f32 * w, 60.0), vec2(w - 6.0, 48.0))
}

/// Box `i` of a patrol track of `n` boxes [6.2.2A].
pub fn track_box(i: usize, n: usize) -> Rect {
    let bw = ((SHEET.x - 80.0) / n.max(1) as f32).min(90.0);
    Rect::from_min_size(pos2(40.0 + i as f32 * bw, 142.0), vec2(bw - 4.0, 58.0))
}

/// The top of the bow (row 0) or stern (row 1) tubes.
fn tube_row_y(row: usize) -> f32 {
    240.0 + row as f32 * 44.0
}

/// Tube `i` of the bow (row 0) or stern (row 1) [4.5].
pub fn tube_box(row: usize, i: usize) -> Rect {
    Rect::from_min_size(pos2(100.0 + i as f32 * 40.0, tube_row_y(row)), vec2(36.0, 36.0))
}

/// The reload box of the bow (row 0) or stern (row 1) [4.5].
pub fn reload_box(row: usize) -> Rect {
    Rect::from_min_size(
        pos2(100.0 + 8.0 * 40.0 + 20.0, tube_row_y(row)),
        vec2(150.0, 36.0),
    )
}

/// The deck gun's ammunition box [4.6].
pub fn ammunition_box() -> Rect {
    Rect::from_min_size(pos2(600.0, 240.0), vec2(150.0, 80.0))
}

/// The top of the hull (row 0) and flooding (row 1) boxes [8.5.2] [8.5.3].
pub fn damage_row_y(row: usize) -> f32 {
    350.0 + row as f32 * 44.0
}

/// System box `i` [8.5].
pub fn system_box(i: usize) -> Rect {
    Rect::from_min_size(
        pos2(40.0 + (i % 6) as f32 * 100.0, 460.0 + (i / 6) as f32 * 40.0),
        vec2(96.0, 36.0),
    )
}

/// Crew post `i`: the five officers, then the crew [8.5.9].
pub fn crew_box(i: usize) -> Rect {
    Rect::from_min_size(
        pos2(660.0 + (i % 3) as f32 * 160.0, 460.0 + (i / 3) as f32 * 40.0),
        vec2(154.0, 36.0),
    )
}

/// The crew quality, skills and markers box.
pub fn skills_box() -> Rect {
    Rect::from_min_size(pos2(40.0, 640.0), vec2(SHEET.x - 80.0, 56.0))
}

pub fn show(ui: &mut Ui, v: &CareerView, fx: &Effects) {
    let painter = ui.painter().clone();
    let sheet = Rect::from_min_size(Pos2::ZERO, SHEET);
    board::paper(
        &painter,
        sheet,
        "SENSUIKAN · CONTROL SHEET",
        &periscope_data::shown::shown(&format!("{} {} · {}", v.class, v.hull_number, v.month)),
    );

    // Career boxes [4.3] [8.8] [8.9].
    let boxes = [
        // The player's (or a save's) text: shown, never obeyed.
        (
            "Commander",
            periscope_data::shown::shown(&v.commander).into_owned(),
        ),
        ("Rank", v.rank.clone()),
        ("Base", v.map.base_name(&v.base)),
        ("Month", v.month.clone()),
        ("Patrols", v.patrols.to_string()),
        ("Special missions", v.special_missions.to_string()),
        ("Tonnage sunk", tonnage(v)),
        ("Decorations", v.decorations.len().to_string()),
    ];
    for (i, (caption, value)) in boxes.iter().enumerate() {
        let r = career_box(i, boxes.len());
        field(&painter, r, caption, value);
        let resp = ui.interact(r, Id::unique(("sensuikan-box", *caption)), egui::Sense::hover());
        crate::a11y::label(ui, &resp, egui::Role::Label, &format!("{caption}: {value}"));
    }

    // [5.1.3] [8.6.3] A career that ended at sea keeps the patrol it was lost on, but the sheet shows the
    // loss, not the patrol as if still under way.
    let lost_at_sea = v.end.is_some_and(|e| e.cause != EndCause::WarOver);
    match &v.patrol {
        Some(p) if !lost_at_sea => patrol(ui, &painter, p, &v.map.area_name(&p.area), fx),
        _ => {
            let r = Rect::from_min_size(pos2(40.0, 140.0), vec2(SHEET.x - 80.0, 120.0));
            // [5.1.3] [8.6.3] A boat that did not come home is not "in port".
            let (caption, lost) = match v.end.map(|e| e.cause) {
                None => ("In port", false),
                Some(EndCause::WarOver) => ("In port: the war is over", false),
                Some(EndCause::Killed) => ("Lost with all hands", true),
                Some(EndCause::Prisoner) => ("Scuttled: the commander a prisoner", true),
                Some(EndCause::Scuttled) => ("Scuttled: the crew rescued", true),
                Some(EndCause::Captured) => ("Captured", true),
            };
            board::printed_box(&painter, r, caption, theme::PAPER_SHADE);
            let resp = ui.interact(r, Id::unique("sensuikan-in-port"), egui::Sense::hover());
            crate::a11y::label(ui, &resp, egui::Role::Label, caption);
            let text = match &v.end {
                Some(end) => end.describe(),
                None => {
                    "Between patrols: assignment, refit and the crew's affairs are in the decision panel."
                        .into()
                }
            };
            painter.board_text(
                r.center(),
                Align2::CENTER_CENTER,
                text,
                FontId::proportional(15.0),
                theme::NAVY,
            );
            // A lost boat's counter is turned face down, as a sunk counter is.
            counter::paint(
                &painter,
                r.left_center() + vec2(50.0, 10.0),
                40.0,
                ids::SUBMARINE.with_class(&v.class),
                Side::Submarine,
                Symbol::Submarine,
                &v.hull_number,
                lost,
            );
        }
    }

    // Crew skills and markers kept for later.
    let mut skills: Vec<&str> = Vec::new();
    let c = &v.crew;
    for (on, name) in [
        (c.expert_engineer, "Expert engineer"),
        (c.mechanical_genius, "Mechanical genius"),
        (c.expert_doctor, "Expert doctor"),
        (c.expert_xo, "Expert XO"),
        (c.lookout, "Lookout"),
        (c.expert_gunner, "Expert gunner"),
        (c.aa_expert, "AA expert"),
        (c.expert_navigator, "Expert navigator"),
        (c.golden_kite, "Golden Kite"),
        (v.shibumi, "Shibumi"),
    ] {
        if on {
            skills.push(name);
        }
    }
    let r = skills_box();
    board::printed_box(
        &painter,
        r,
        &format!(
            "Crew {} · skills and markers",
            periscope_engine::sensuikan::words::quality(c.quality)
        ),
        theme::PAPER,
    );
    let mut parts: Vec<String> = skills.iter().map(|s| s.to_string()).collect();
    if let Some(s) = &v.special_skill {
        parts.push(format!(
            "special skill: {}",
            periscope_engine::sensuikan::words::word("special_skill", s)
        ));
    }
    if !v.markers.is_empty() {
        let markers: Vec<String> = v
            .markers
            .iter()
            .map(|m| periscope_engine::sensuikan::words::marker(m))
            .collect();
        parts.push(format!("markers: {}", markers.join(", ")));
    }
    let text = if parts.is_empty() {
        "none yet".to_string()
    } else {
        parts.join(" · ")
    };
    painter.board_text(
        r.center() + vec2(0.0, 8.0),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(12.0),
        theme::NAVY,
    );
}

/// The patrol under way: track, tubes, boxes, systems, crew and combat.
fn patrol(ui: &mut Ui, painter: &egui::Painter, p: &PatrolView, area: &str, fx: &Effects) {
    patrol_track(ui, painter, p, area, fx);
    tubes(painter, p);
    hull_and_flooding(ui, painter, p, fx);
    systems(painter, p, fx);
    crew(painter, p);
    if let Some(c) = &p.combat {
        combat(ui, painter, c);
    }
}

/// The patrol track [6.2.2A]: transit and on-station boxes, the submarine in its box.
fn patrol_track(ui: &mut Ui, painter: &egui::Painter, p: &PatrolView, area: &str, fx: &Effects) {
    board::heading(painter, pos2(40.0, 136.0), &format!("Patrol track — {}", area));
    let n = p.boxes.len().max(1);
    let mut current = None;
    for (i, kind) in p.boxes.iter().enumerate() {
        let r = track_box(i, n);
        let (caption, fill) = match kind {
            BoxKind::Transit => ("Transit", theme::PAPER_SHADE),
            BoxKind::OnStation => ("On station", theme::PAPER),
        };
        board::printed_box(painter, r, caption, fill);
        painter.board_text(
            r.center_bottom() - vec2(0.0, 8.0),
            Align2::CENTER_BOTTOM,
            (i + 1).to_string(),
            FontId::proportional(10.0),
            theme::NAVY_LIGHT,
        );
        if p.box_number == i + 1 {
            current = Some(r);
        }
    }
    let Some(r) = current else { return };
    let x = ui
        .ctx()
        .animate_value_with_time(Id::unique("sensuikan-sub-x"), r.center().x, 0.4);
    counter::paint(
        painter,
        pos2(x, r.center().y + 2.0),
        COUNTER,
        ids::SUBMARINE,
        Side::Submarine,
        Symbol::Submarine,
        "SUB",
        false,
    );
    board::flash(painter, r, fx.lit("track") * 0.6);
    let resp = ui.interact(r, Id::unique("sensuikan-track"), egui::Sense::hover());
    crate::a11y::label(
        ui,
        &resp,
        egui::Role::Label,
        &format!("Submarine in track box {} of {}", p.box_number, n),
    );
}

/// The tubes and reloads [4.5]: one counter per torpedo, by type; and the deck gun's ammunition.
fn tubes(painter: &egui::Painter, p: &PatrolView) {
    board::heading(painter, pos2(40.0, 232.0), "Torpedo tubes and reloads");
    for (row, (label, tubes, reloads)) in [
        ("Bow", &p.bow_tubes, p.bow_reloads),
        ("Stern", &p.stern_tubes, p.stern_reloads),
    ]
    .into_iter()
    .enumerate()
    {
        let y = tube_row_y(row);
        painter.board_text(
            pos2(40.0, y + 18.0),
            Align2::LEFT_CENTER,
            label.to_uppercase(),
            FontId::proportional(12.0),
            theme::NAVY,
        );
        for (i, t) in tubes.iter().enumerate() {
            let r = tube_box(row, i);
            board::printed_box(painter, r, "", theme::PAPER_SHADE);
            if t != "empty" {
                let short = t.replace("Type", "");
                counter::paint(
                    painter,
                    r.center(),
                    COUNTER,
                    ids::torpedo(t),
                    Side::Submarine,
                    Symbol::Torpedo,
                    &short,
                    false,
                );
            }
        }
        let r = reload_box(row);
        board::printed_box(painter, r, "", theme::PAPER);
        painter.board_text(
            r.center(),
            Align2::CENTER_CENTER,
            format!("{reloads} reloads"),
            FontId::proportional(13.0),
            theme::NAVY,
        );
    }
    let r = ammunition_box();
    field(painter, r, "Deck gun ammunition", &p.ammunition.to_string());
}

/// The hull and flooding boxes [8.5.2] [8.5.3], a HIT counter in each box filled.
fn hull_and_flooding(ui: &mut Ui, painter: &egui::Painter, p: &PatrolView, fx: &Effects) {
    let hull_tint = (fx.hull_flash > 0.0).then(|| theme::DANGER.gamma_multiply(0.3 + 0.5 * fx.hull_flash));
    for (row, (label, filled, total)) in [
        ("Hull", p.hull, p.hull_boxes),
        ("Flooding", p.flooding, p.flooding_boxes),
    ]
    .into_iter()
    .enumerate()
    {
        let y = damage_row_y(row);
        let fill = if row == 0 {
            hull_tint.unwrap_or(theme::PAPER)
        } else {
            theme::PAPER
        };
        for (i, r) in board::box_row(painter, y, label, total, fill)
            .into_iter()
            .enumerate()
        {
            if i < usize::from(filled) {
                counter::paint(
                    painter,
                    r.center(),
                    26.0,
                    if row == 0 { ids::HULL } else { ids::FLOODING },
                    Side::Marker,
                    Symbol::Flag,
                    "HIT",
                    false,
                );
            }
        }
        let row_rect = Rect::from_min_size(pos2(126.0, y - 2.0), vec2(f32::from(total) * 38.0 + 4.0, 38.0));
        board::flash(painter, row_rect, fx.lit(&label.to_lowercase()));
        let resp = ui.interact(
            Rect::from_min_size(pos2(40.0, y), vec2(90.0 + f32::from(total) * 38.0, 34.0)),
            Id::unique(("sensuikan-boxes", label)),
            egui::Sense::hover(),
        );
        crate::a11y::label(
            ui,
            &resp,
            egui::Role::Label,
            &format!("{label}: {filled} of {total} boxes"),
        );
    }
}

/// The damaged systems [8.5], each in its box marked DMG or INOP; the systems and crew panels flash
/// when the last step changed them.
fn systems(painter: &egui::Painter, p: &PatrolView, fx: &Effects) {
    board::heading(painter, pos2(40.0, 452.0), "Systems");
    board::flash(
        painter,
        Rect::from_min_size(pos2(36.0, 456.0), vec2(610.0, 84.0)),
        fx.lit("systems"),
    );
    board::flash(
        painter,
        Rect::from_min_size(pos2(656.0, 456.0), vec2(484.0, 84.0)),
        fx.lit("crew"),
    );
    if p.systems.is_empty() {
        painter.board_text(
            pos2(40.0, 472.0),
            Align2::LEFT_CENTER,
            "All systems working.",
            FontId::proportional(12.0),
            theme::NAVY_LIGHT,
        );
    }
    for (i, (system, state)) in p.systems.iter().enumerate() {
        let r = system_box(i);
        let (mark, fill) = match state {
            SystemState::Damaged => ("DMG", Color32::from_rgb(0xf0, 0xd9, 0x9c)),
            SystemState::Inop => ("INOP", theme::DANGER.gamma_multiply(0.35)),
        };
        board::printed_box(
            painter,
            r,
            &periscope_engine::sensuikan::words::system(*system),
            fill,
        );
        painter.board_text(
            r.center() + vec2(0.0, 7.0),
            Align2::CENTER_CENTER,
            mark,
            FontId::proportional(12.0),
            theme::NAVY,
        );
    }
}

/// The crew [8.5.9]: each officer's box with their wound, and how many of the crew are hurt.
fn crew(painter: &egui::Painter, p: &PatrolView) {
    board::heading(painter, pos2(660.0, 452.0), "Crew");
    let crew = &p.crew;
    let posts = [
        ("Captain", crew.captain),
        ("Executive officer", crew.executive_officer),
        ("Navigator", crew.navigation_officer),
        ("Doctor", crew.doctor),
        ("Engineer", crew.engineer),
    ];
    for (i, (post, w)) in posts.iter().enumerate() {
        let r = crew_box(i);
        let fill = if w.is_some() {
            theme::DANGER.gamma_multiply(0.25)
        } else {
            theme::PAPER
        };
        board::printed_box(painter, r, post, fill);
        painter.board_text(
            r.center() + vec2(0.0, 7.0),
            Align2::CENTER_CENTER,
            wound_label(*w),
            FontId::proportional(12.0),
            theme::NAVY,
        );
    }
    let hurt = crew.crew.iter().filter(|w| w.is_some()).count();
    let r = crew_box(posts.len());
    board::printed_box(painter, r, "Crew", theme::PAPER);
    painter.board_text(
        r.center() + vec2(0.0, 7.0),
        Align2::CENTER_CENTER,
        format!("{hurt} of {} hurt", crew.crew.len()),
        FontId::proportional(12.0),
        theme::NAVY,
    );
}

/// The combat under way [8.1] [8.2]: targets with name, type, tonnage and damage.
fn combat(ui: &mut Ui, painter: &egui::Painter, c: &CombatView) {
    let r = Rect::from_min_size(pos2(790.0, 230.0), vec2(350.0, 200.0));
    let time = match c.time {
        Some(TimeOfDay::Day) => "day",
        Some(TimeOfDay::Night) => "night",
        None => "time not yet rolled",
    };
    let range = c.range.map_or("range not chosen".to_string(), |r| {
        format!("{} range", periscope_engine::sensuikan::in_words(&r))
    });
    board::printed_box(
        painter,
        r,
        &format!("Combat · {time} · {range}"),
        Color32::from_rgb(0xec, 0xe4, 0xd0),
    );
    for (i, t) in c.targets.iter().enumerate() {
        let row = pos2(r.left() + 12.0, r.top() + 30.0 + i as f32 * 34.0);
        let side = if t.is_escort { Side::Enemy } else { Side::Marker };
        counter::paint(
            painter,
            row + vec2(14.0, 14.0),
            28.0,
            ids::TARGET.with_class(counter_drawings::target(t.ship.kind)),
            side,
            Symbol::Ship,
            &(i + 1).to_string(),
            t.sunk,
        );
        let status = if t.sunk {
            "SUNK".to_string()
        } else {
            format!("damage {}/{}", t.damage, t.ship.damage)
        };
        let text = format!(
            "{} · {} · {} t · {status}",
            t.ship.name,
            periscope_engine::sensuikan::words::ship_kind(t.ship.kind),
            t.ship.tonnage
        );
        painter.board_text(
            row + vec2(36.0, 14.0),
            Align2::LEFT_CENTER,
            text,
            FontId::proportional(12.0),
            if t.sunk { theme::DANGER } else { theme::NAVY },
        );
    }
    let resp = ui.interact(r, Id::unique("sensuikan-combat"), egui::Sense::hover());
    let names: Vec<String> = c.targets.iter().map(|t| t.ship.name.clone()).collect();
    crate::a11y::label(
        ui,
        &resp,
        egui::Role::Label,
        &format!("Combat against {}", names.join(", ")),
    );
}
