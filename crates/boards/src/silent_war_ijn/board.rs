//! The companion's board: a calendar strip (War Period, month, week) with the comings and goings of this
//! week, this turn's end and next month; the six IJN piles face down with their counts; the combat
//! display with the ships drawn and the values they fight with; the sunk box; the damaged ships with
//! their return; the War Events; and the repair track [3.51*] (or, without the optional Damage Table,
//! the box of ships held out to the next War Period [3.5]).
//!
//! The board acts where it is natural, and only with the engine's legal choices: a pile glows and is
//! clicked when the engine offers a reveal that draws from it [3.1]; at the end of combat the ship asked
//! about is dropped on the repair track (damaged [3.5]), on its pile (undamaged [3.1A]) or in the sunk
//! box [3.4]; a War Event the engine offers is clicked to declare it (its dialog lists its ships first).
//! Any other drop snaps back and says why.

use egui::{Align2, FontId, Id, Pos2, Rect, Role, Sense, Ui, pos2, vec2};
use periscope_data::Month;
use periscope_data::silent_war_ijn::ships::PileId;
use periscope_engine::silent_war_ijn::{
    Companion, CompanionView, Fate, Place, Procedure, ShipView, SwAction,
};
use periscope_engine::{Choice, Game};

use super::counters as ids;
use super::{Ask, ask};
use crate::Effects;
use crate::board::{self, BoardText as _};
use crate::theme::{self, Side};
use crate::widgets::counter::{self, CounterId, Symbol};

/// The board's size in table units.
pub const SIZE: egui::Vec2 = egui::vec2(1180.0, 800.0);

const COUNTER: f32 = 62.0;
const SMALL: f32 = 15.0;
/// How long a refusal stays on the board, in seconds.
const REFUSAL_SECONDS: f64 = 6.0;
/// The months the repair track shows, from next month.
pub const TRACK_MONTHS: i32 = 24;

/// A ship on the combat display being dragged: its position on the display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShipDrag {
    pub pos: usize,
}

/// Where a dragged ship may be dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Zone {
    Pile(PileId),
    Repair,
    Sunk,
}

fn refusal_id() -> Id {
    Id::unique("silent-war-ijn-refusal")
}

/// Remembers a refusal for the board to show for a while.
pub fn refused(ctx: &egui::Context, reason: &str, now: f64) {
    ctx.data_mut(|d| d.insert_temp(refusal_id(), (reason.to_string(), now)));
}

fn hotspot(
    ui: &mut Ui,
    rect: Rect,
    id: impl std::hash::Hash + std::fmt::Debug,
    label: &str,
    sense: Sense,
) -> egui::Response {
    let resp = ui.interact(rect, Id::unique(("silent-war-board", id)), sense);
    let role = if sense.senses_click() || sense.senses_drag() {
        Role::Button
    } else {
        Role::Label
    };
    crate::a11y::label(ui, &resp, role, label);
    resp
}

/// What the board needs of the engine this frame: its view, its choices, the procedure under way.
struct Now<'a> {
    game: &'a Companion,
    view: CompanionView,
    choices: Vec<Choice<SwAction>>,
    procedure: Procedure,
}

impl Now<'_> {
    fn legal(&self, a: &SwAction) -> bool {
        self.choices.iter().any(|c| c.action == *a)
    }
}

pub fn show(ui: &mut Ui, game: &Companion, fx: &Effects) -> Option<SwAction> {
    let now = Now {
        game,
        view: game.view(),
        choices: game.pending().choices().to_vec(),
        procedure: game.procedure(),
    };
    let sheet = Rect::from_min_size(Pos2::ZERO, SIZE);
    ui.allocate_rect(sheet, Sense::hover());
    let painter = ui.painter().clone();
    let scenario = match &now.view.scenario {
        Some(s) => format!("{s} · {}", now.procedure.name()),
        None => "set-up".into(),
    };
    board::paper(&painter, sheet, "SILENT WAR · IJN EXPANSION", &scenario);

    let mut action = None;
    calendar(ui, &now, fx);
    comings_and_goings(ui, &now);
    let zones = piles(ui, &now, fx, &mut action);
    let mut zones = zones;
    zones.push((Zone::Sunk, sunk_box(ui, &now, fx)));
    damaged_list(ui, &now, fx);
    war_events(ui, &now, fx);
    zones.push((Zone::Repair, repair_track(ui, &now, fx)));
    if let Some(a) = display(ui, &now, fx, &zones) {
        action = Some(a);
    }
    action
}

/// The calendar strip [2.1.1]: War Period 1-4, the month, its weeks.
fn calendar(ui: &mut Ui, now: &Now<'_>, fx: &Effects) {
    let painter = ui.painter().clone();
    let v = &now.view;
    let strip = Rect::from_min_size(pos2(30.0, 56.0), vec2(SIZE.x - 60.0, 84.0));
    board::printed_box(&painter, strip, "", theme::PAPER_SHADE);
    board::flash(&painter, strip, fx.lit("calendar"));
    board::heading(&painter, pos2(44.0, 76.0), "War Period");
    for n in 1..=4u8 {
        let r = Rect::from_min_size(pos2(44.0 + f32::from(n - 1) * 52.0, 82.0), vec2(46.0, 46.0));
        let current = n == v.war_period;
        board::printed_box(
            &painter,
            r,
            "",
            if current { theme::HIGHLIGHT } else { theme::PAPER },
        );
        painter.board_text(
            r.center(),
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(22.0),
            theme::NAVY,
        );
    }
    let month = now.game.calendar().month;
    let month_text = if now.game.settings().is_some() {
        month.long()
    } else {
        "—".into()
    };
    painter.board_text(
        pos2(420.0, 92.0),
        Align2::CENTER_CENTER,
        &month_text,
        FontId::proportional(30.0),
        theme::NAVY,
    );
    let under = match v.transition_number {
        Some(n) => format!("War Period Transition number {n} [7.0]"),
        None => "the month on your Turn Record Track".into(),
    };
    painter.board_text(
        pos2(420.0, 124.0),
        Align2::CENTER_CENTER,
        under,
        FontId::proportional(13.0),
        theme::NAVY_LIGHT,
    );
    board::heading(&painter, pos2(600.0, 76.0), "Week");
    for w in 1..=5u8 {
        let r = Rect::from_min_size(pos2(600.0 + f32::from(w - 1) * 52.0, 82.0), vec2(46.0, 46.0));
        let current = w == v.week;
        board::printed_box(
            &painter,
            r,
            "",
            if current { theme::HIGHLIGHT } else { theme::PAPER },
        );
        painter.board_text(
            r.center(),
            Align2::CENTER_CENTER,
            w.to_string(),
            FontId::proportional(22.0),
            theme::NAVY,
        );
    }
    let boat = boat_line(v);
    painter.board_text(
        pos2(880.0, 82.0),
        Align2::LEFT_TOP,
        "YOUR SUBMARINE",
        FontId::proportional(11.0),
        theme::NAVY,
    );
    painter.board_text(
        pos2(880.0, 100.0),
        Align2::LEFT_TOP,
        &boat,
        FontId::proportional(13.0),
        theme::NAVY,
    );
    let label = format!(
        "{month_text}, week {} · War Period {}{}",
        v.week,
        v.war_period,
        v.transition_number
            .map_or(String::new(), |n| format!(" · transition number {n}"))
    );
    hotspot(ui, strip, "calendar", &label, Sense::hover());
}

/// What the companion knows of the submarine [5.2] [4.2 Submarine].
fn boat_line(v: &CompanionView) -> String {
    let b = &v.boat;
    let mut what = Vec::new();
    if let Some(class) = &b.class {
        let name = super::rules::shipped()
            .and_then(|d| d.crash_dive.rating(class))
            .map_or(class.clone(), |r| r.class.clone());
        what.push(format!("{name} class"));
    }
    if let Some(t) = b.tactical {
        what.push(format!("tactical {t}"));
    }
    if let Some(s) = b.super_skipper {
        what.push(format!("Super Skipper {s}"));
    }
    if what.is_empty() {
        "asked when a procedure needs it".into()
    } else {
        what.join(", ")
    }
}

/// The counters that came and went at the start of this month, and those that go at this turn's end
/// and next month.
pub struct Goings {
    pub joined: Vec<String>,
    pub removed: Vec<String>,
    pub end_of_turn: Vec<String>,
    pub arriving: Vec<String>,
    pub leaving: Vec<String>,
}

/// [3.0 step 1] [2.1.1] What joined and left this month (the start of its first week), what a War Event
/// declared this turn removes at its end, and what next month brings.
pub fn goings(game: &Companion) -> Goings {
    let data = game.data();
    let month = game.calendar().month;
    let places = game.places();
    let mut joined = Vec::new();
    let mut removed = Vec::new();
    for (c, p) in data.set.counters.iter().zip(places) {
        if c.entry == Some(month) && !matches!(p, Place::NotInScenario | Place::Awaiting { .. }) {
            joined.push(c.label());
        }
        if *p == (Place::RemovedByDate { month }) {
            removed.push(c.label());
        }
    }
    let declared = game.declared();
    let view = game.view();
    let leaving_events: Vec<&str> = data
        .set
        .events
        .iter()
        .filter(|e| view.leaving_end_of_turn.contains(&e.name) && declared.contains(&e.id))
        .flat_map(|e| e.ships.iter().map(String::as_str))
        .collect();
    let end_of_turn = leaving_events
        .iter()
        .filter_map(|id| {
            let c = data.set.counters.iter().find(|c| c.id == *id)?;
            let p = game.place(id)?;
            (p.in_play() || matches!(p, Place::Awaiting { .. })).then(|| c.label())
        })
        .collect();
    Goings {
        joined,
        removed,
        end_of_turn,
        arriving: view.arriving_next_month,
        leaving: view.leaving_next_month,
    }
}

/// Names in columns inside a box, with "and N more" when they do not fit.
fn name_columns(painter: &egui::Painter, area: Rect, names: &[String], columns: usize, rows: usize) {
    if names.is_empty() {
        painter.board_text(
            area.min,
            Align2::LEFT_TOP,
            "none",
            FontId::proportional(12.0),
            theme::NAVY_LIGHT,
        );
        return;
    }
    let fits = columns * rows;
    let shown = if names.len() > fits { fits - 1 } else { fits };
    let col_w = area.width() / columns as f32;
    for (i, name) in names.iter().take(shown).enumerate() {
        let (c, r) = (i / rows, i % rows);
        painter.board_text(
            area.min + vec2(c as f32 * col_w, r as f32 * 15.0),
            Align2::LEFT_TOP,
            name,
            FontId::proportional(12.0),
            theme::NAVY,
        );
    }
    if names.len() > shown {
        let (c, r) = (shown / rows, shown % rows);
        painter.board_text(
            area.min + vec2(c as f32 * col_w, r as f32 * 15.0),
            Align2::LEFT_TOP,
            format!("and {} more", names.len() - shown),
            FontId::proportional(12.0),
            theme::NAVY_LIGHT,
        );
    }
}

/// A box of the comings and goings: its title, its case, and its lists of names by caption.
type GoingsBox<'a> = (String, &'static str, Vec<(&'static str, &'a Vec<String>)>);

fn comings_and_goings(ui: &mut Ui, now: &Now<'_>) {
    if now.game.settings().is_none() {
        return;
    }
    let painter = ui.painter().clone();
    let g = goings(now.game);
    let month = now.game.calendar().month;
    let this_week = if now.view.week == 1 {
        format!("This week: the start of {}", month.long())
    } else {
        format!("At the start of {} (week 1)", month.long())
    };
    let next = month.next();
    let boxes: [GoingsBox<'_>; 3] = [
        (
            this_week,
            "3.0 step 1",
            vec![("Joined", &g.joined), ("Removed", &g.removed)],
        ),
        (
            "At the end of this turn: War Events".into(),
            "2.1.1",
            vec![("Removed", &g.end_of_turn)],
        ),
        (
            format!("Next month: {}", next.long()),
            "2.1.1",
            vec![("Arriving", &g.arriving), ("Leaving", &g.leaving)],
        ),
    ];
    for (i, (title, case, parts)) in boxes.iter().enumerate() {
        let r = Rect::from_min_size(pos2(30.0 + i as f32 * 376.0, 150.0), vec2(368.0, 104.0));
        board::printed_box(&painter, r, "", theme::PAPER);
        painter.board_text(
            r.min + vec2(10.0, 6.0),
            Align2::LEFT_TOP,
            format!("{} [{case}]", title.to_uppercase()),
            FontId::proportional(11.0),
            theme::NAVY,
        );
        let mut words = vec![title.clone()];
        let part_h = 78.0 / parts.len() as f32;
        for (j, (label, names)) in parts.iter().enumerate() {
            let top = r.min.y + 24.0 + j as f32 * part_h;
            painter.board_text(
                pos2(r.min.x + 10.0, top),
                Align2::LEFT_TOP,
                format!("{label}:"),
                FontId::proportional(12.0),
                theme::NAVY_LIGHT,
            );
            let rows = (part_h / 15.0).floor().max(1.0) as usize;
            let area = Rect::from_min_size(pos2(r.min.x + 78.0, top), vec2(284.0, part_h));
            name_columns(&painter, area, names, 2, rows);
            words.push(format!(
                "{label}: {}",
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            ));
        }
        hotspot(ui, r, ("goings", i), &words.join(". "), Sense::hover());
    }
}

/// The reveals the engine offers now, by the pile each draws from [3.1].
fn reveals_into(now: &Now<'_>, pile: PileId) -> Vec<Choice<SwAction>> {
    now.choices
        .iter()
        .filter(|c| now.game.pile_for(&c.action) == Some(pile))
        .cloned()
        .collect()
}

/// The six piles face down with their counts [3.0 / SW3.3]; a pile the engine offers a draw from glows
/// and is clicked. Returns the piles as drop zones.
fn piles(ui: &mut Ui, now: &Now<'_>, fx: &Effects, action: &mut Option<SwAction>) -> Vec<(Zone, Rect)> {
    let painter = ui.painter().clone();
    board::heading(&painter, pos2(30.0, 276.0), "IJN piles, face down [3.0]");
    let drawing = match &now.procedure {
        Procedure::Draw { pile, .. } => Some(pile.clone()),
        _ => None,
    };
    let mut zones = Vec::new();
    for (i, pile) in PileId::ALL.into_iter().enumerate() {
        let Some(pv) = now.view.piles.iter().find(|p| p.pile == pile.code()) else {
            continue;
        };
        let cell = Rect::from_min_size(pos2(30.0 + i as f32 * 188.0, 284.0), vec2(176.0, 104.0));
        zones.push((Zone::Pile(pile), cell));
        board::printed_box(&painter, cell, &pv.name, theme::PAPER);
        let offers = reveals_into(now, pile);
        let is_drawn = drawing.as_deref() == Some(pile.code());
        if !offers.is_empty() || is_drawn {
            board::glow(&painter, cell, board::OFFERED);
        }
        board::flash(&painter, cell, fx.lit(&format!("pile-{}", pile.code())));
        if pv.count > 0 {
            // A little stack: two backs under the top one.
            for k in (0..3.min(pv.count)).rev() {
                counter::paint(
                    &painter,
                    cell.center() + vec2(-36.0 + k as f32 * 3.0, 4.0 - k as f32 * 3.0),
                    50.0,
                    ids::pile(pile.code()),
                    Side::Enemy,
                    Symbol::Ship,
                    if k == 0 { pile.code() } else { "" },
                    true,
                );
            }
        }
        painter.board_text(
            cell.center() + vec2(44.0, 4.0),
            Align2::CENTER_CENTER,
            pv.count.to_string(),
            FontId::proportional(30.0),
            theme::NAVY,
        );
        painter.board_text(
            cell.center_bottom() - vec2(-44.0, 8.0),
            Align2::CENTER_BOTTOM,
            "left",
            FontId::proportional(12.0),
            theme::NAVY_LIGHT,
        );
        let label = match offers.len() {
            0 if is_drawn => format!("{} pile: {} face down, being drawn from", pv.name, pv.count),
            0 => format!("{} pile: {} face down", pv.name, pv.count),
            _ => format!("Draw from the {} pile ({} face down)", pv.name, pv.count),
        };
        let sense = if offers.is_empty() {
            Sense::hover()
        } else {
            Sense::click()
        };
        let resp = hotspot(ui, cell, ("pile", pile.code()), &label, sense);
        match offers.as_slice() {
            [] => {}
            [only] => {
                if resp.clicked() {
                    *action = Some(only.action.clone());
                }
            }
            many => {
                // Several SW counters draw from this pile (a DD, a DE, a Diligent Escort): which one?
                egui::Popup::menu(&resp).show(|ui| {
                    ui.label(egui::RichText::new("What did the SW counter show?").strong());
                    for c in many {
                        if ui
                            .button(&c.label)
                            .on_hover_text(format!("[{}]", c.rule))
                            .clicked()
                        {
                            *action = Some(c.action.clone());
                            ui.close();
                        }
                    }
                });
            }
        }
    }
    zones
}

/// The sunk box [3.4] [3.6]: how many, the tonnage credited; a drop zone at the end of combat.
fn sunk_box(ui: &mut Ui, now: &Now<'_>, fx: &Effects) -> Rect {
    let painter = ui.painter().clone();
    let r = Rect::from_min_size(pos2(620.0, 412.0), vec2(130.0, 186.0));
    board::printed_box(&painter, r, "Sunk [3.4]", theme::PAPER_SHADE);
    board::flash(&painter, r, fx.lit("sunk"));
    painter.board_text(
        r.center() - vec2(0.0, 22.0),
        Align2::CENTER_CENTER,
        now.view.sunk.len().to_string(),
        FontId::proportional(34.0),
        theme::NAVY,
    );
    painter.board_text(
        r.center() + vec2(0.0, 12.0),
        Align2::CENTER_CENTER,
        "IJN ships",
        FontId::proportional(12.0),
        theme::NAVY_LIGHT,
    );
    let tons = format!("{} t", thousands(now.view.tonnage_credited * 1000));
    painter.board_text(
        r.center() + vec2(0.0, 40.0),
        Align2::CENTER_CENTER,
        &tons,
        FontId::proportional(15.0),
        theme::NAVY,
    );
    painter.board_text(
        r.center() + vec2(0.0, 58.0),
        Align2::CENTER_CENTER,
        "credited [3.6]",
        FontId::proportional(11.0),
        theme::NAVY_LIGHT,
    );
    let label = format!("Sunk box: {} IJN ships, {tons} credited", now.view.sunk.len());
    hotspot(ui, r, "sunk", &label, Sense::hover());
    r
}

/// 2660000 → "2,660,000".
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The damaged ships and when each returns [3.5] [3.51*].
fn damaged_list(ui: &mut Ui, now: &Now<'_>, fx: &Effects) {
    let painter = ui.painter().clone();
    let r = Rect::from_min_size(pos2(762.0, 412.0), vec2(190.0, 186.0));
    board::printed_box(&painter, r, "Damaged: back in", theme::PAPER);
    board::flash(&painter, r, fx.lit("repair"));
    let mut lines: Vec<String> = now
        .view
        .damaged
        .iter()
        .map(|d| format!("{}: {}", d.name, short_return(&d.returns)))
        .collect();
    if lines.is_empty() {
        lines.push("none".into());
    }
    let rows = 9;
    for (j, line) in lines.iter().take(rows).enumerate() {
        painter.board_text(
            r.min + vec2(10.0, 24.0 + j as f32 * 17.0),
            Align2::LEFT_TOP,
            line,
            FontId::proportional(12.5),
            if now.view.damaged.is_empty() {
                theme::NAVY_LIGHT
            } else {
                theme::NAVY
            },
        );
    }
    if lines.len() > rows {
        painter.board_text(
            r.left_bottom() + vec2(10.0, -6.0),
            Align2::LEFT_BOTTOM,
            format!("and {} more", lines.len() - rows),
            FontId::proportional(12.0),
            theme::NAVY_LIGHT,
        );
    }
    let label = if now.view.damaged.is_empty() {
        "Damaged ships: none".to_string()
    } else {
        let all: Vec<String> = now
            .view
            .damaged
            .iter()
            .map(|d| format!("{} back in {}", d.name, d.returns))
            .collect();
        format!("Damaged ships: {}", all.join(", "))
    };
    hotspot(ui, r, "damaged", &label, Sense::hover());
}

/// A return as the list shows it: `7/42`, or the next War Period.
fn short_return(returns: &str) -> String {
    match Month::parse(returns) {
        Ok(m) => m.short(),
        Err(_) => "next War Period".into(),
    }
}

/// The War Events [2.1.1] [9.0]: each declared one ticked, a declarable one clicked to open its dialog.
fn war_events(ui: &mut Ui, now: &Now<'_>, fx: &Effects) {
    let painter = ui.painter().clone();
    let r = Rect::from_min_size(pos2(964.0, 412.0), vec2(186.0, 186.0));
    board::printed_box(&painter, r, "War Events [2.1.1]", theme::PAPER);
    board::flash(&painter, r, fx.lit("events"));
    let data = now.game.data();
    let declared = now.game.declared();
    let scenario_1941 = now
        .game
        .settings()
        .is_some_and(|s| s.scenario == periscope_data::silent_war_ijn::ships::Scenario::From1941);
    let mut y = r.min.y + 22.0;
    for e in &data.set.events {
        if e.before_1941 && scenario_1941 {
            continue;
        }
        let row = Rect::from_min_size(pos2(r.min.x + 4.0, y), vec2(r.width() - 8.0, 17.0));
        let declare = SwAction::Declare { event: e.id.clone() };
        let offered = now.legal(&declare);
        let is_declared = declared.contains(&e.id);
        let leaving = now.view.leaving_end_of_turn.contains(&e.name);
        let (mark, colour) = if leaving {
            ("leaving", theme::DANGER)
        } else if is_declared {
            ("done", theme::NAVY_LIGHT)
        } else {
            ("", theme::NAVY)
        };
        if offered {
            painter.rect_filled(row, 2, theme::HIGHLIGHT.gamma_multiply(0.25));
        }
        painter.board_text(
            row.left_center() + vec2(6.0, 0.0),
            Align2::LEFT_CENTER,
            &e.name,
            FontId::proportional(12.0),
            colour,
        );
        painter.board_text(
            row.right_center() - vec2(4.0, 0.0),
            Align2::RIGHT_CENTER,
            if mark.is_empty() {
                e.printed_date.as_str()
            } else {
                mark
            },
            FontId::proportional(10.5),
            colour,
        );
        let label = if offered {
            format!("Declare {}…", e.name)
        } else if leaving {
            format!("{}: declared, its ships leave at the end of this turn", e.name)
        } else if is_declared {
            format!("{}: declared", e.name)
        } else {
            format!("{}: not declared", e.name)
        };
        let sense = if offered { Sense::click() } else { Sense::hover() };
        let resp = hotspot(ui, row, ("event", &e.id), &label, sense);
        if offered && resp.clicked() {
            ask(ui.ctx(), Ask::Declare(Some(e.id.clone())));
        }
        y += 17.0;
    }
}

/// The repair track [3.51*]: the months from next month, each with the ships due back in it; without
/// the optional Damage Table, the box of ships held out to the next War Period [3.5]. The drop zone for
/// a damaged ship.
fn repair_track(ui: &mut Ui, now: &Now<'_>, fx: &Effects) -> Rect {
    let painter = ui.painter().clone();
    let area = Rect::from_min_size(pos2(30.0, 616.0), vec2(SIZE.x - 60.0, 170.0));
    board::printed_box(&painter, area, "", theme::PAPER_SHADE);
    board::flash(&painter, area, fx.lit("repair"));
    let table = now.game.settings().is_some_and(|s| s.damage_table);
    let title = if table {
        "REPAIR TRACK [3.51*]"
    } else {
        "DAMAGED: OUT UNTIL THE NEXT WAR PERIOD [3.5]"
    };
    painter.board_text(
        area.min + vec2(10.0, 6.0),
        Align2::LEFT_TOP,
        title,
        FontId::proportional(12.0),
        theme::NAVY,
    );
    let hint = if table {
        "Drop a damaged ship here: the Damage Table sets its month"
    } else {
        "Drop a damaged ship here: it is out for the rest of this War Period"
    };
    painter.board_text(
        area.right_top() + vec2(-10.0, 6.0),
        Align2::RIGHT_TOP,
        hint,
        FontId::proportional(11.0),
        theme::NAVY_LIGHT,
    );
    let words = if table {
        "Repair track [3.51*]: drop a damaged ship here"
    } else {
        "Held out until the next War Period [3.5]: drop a damaged ship here"
    };
    hotspot(ui, area, "repair-track", words, Sense::hover());
    let first = now.game.calendar().month.next();
    if table {
        let per_row = 12;
        let w = (area.width() - 20.0) / per_row as f32;
        for k in 0..TRACK_MONTHS {
            let (row, col) = (k / per_row, k % per_row);
            let cell = Rect::from_min_size(
                pos2(
                    area.min.x + 10.0 + col as f32 * w,
                    area.min.y + 24.0 + row as f32 * 72.0,
                ),
                vec2(w - 4.0, 68.0),
            );
            let month = first.plus(k);
            let last = k == TRACK_MONTHS - 1;
            board::printed_box(&painter, cell, "", theme::PAPER);
            painter.board_text(
                cell.center_top() + vec2(0.0, 3.0),
                Align2::CENTER_TOP,
                if last {
                    format!("{} +", month.short())
                } else {
                    month.short()
                },
                FontId::proportional(11.0),
                theme::NAVY_LIGHT,
            );
            let due: Vec<_> = now
                .view
                .damaged
                .iter()
                .filter(|d| {
                    Month::parse(&d.returns).is_ok_and(|m| if last { m >= month } else { m == month })
                })
                .map(out_counter)
                .collect();
            small_counters(ui, cell, &due, ("track", k));
        }
    } else {
        let held: Vec<_> = now.view.damaged.iter().map(out_counter).collect();
        let cell = Rect::from_min_size(area.min + vec2(10.0, 24.0), vec2(area.width() - 20.0, 138.0));
        board::printed_box(&painter, cell, "", theme::PAPER);
        small_counters(ui, cell, &held, "held");
    }
    let accepting = egui::DragAndDrop::has_payload_of_type::<ShipDrag>(ui.ctx())
        && now.legal(&SwAction::Fate { fate: Fate::Damaged });
    if accepting {
        board::glow(&painter, area, board::OFFERED);
    }
    area
}

/// The damaged ships in a box, each a small counter with its name, in columns, as many as fit.
fn small_counters(
    ui: &mut Ui,
    cell: Rect,
    names: &[(&str, CounterId<'static>)],
    id: impl std::hash::Hash + std::fmt::Debug + Copy,
) {
    let painter = ui.painter().clone();
    let col_w = 150.0_f32.min(cell.width() - 4.0);
    let columns = ((cell.width() - 4.0) / col_w).floor().max(1.0) as usize;
    let rows = ((cell.height() - 18.0) / (SMALL + 2.0)).floor().max(1.0) as usize;
    let fits = columns * rows;
    let shown = if names.len() > fits { fits - 1 } else { fits };
    for (i, (name, art)) in names.iter().take(shown).enumerate() {
        let (c, r) = (i / rows, i % rows);
        let at = cell.min
            + vec2(
                4.0 + SMALL / 2.0 + c as f32 * col_w,
                18.0 + SMALL / 2.0 + r as f32 * (SMALL + 2.0),
            );
        counter::paint(&painter, at, SMALL, *art, Side::Enemy, Symbol::Ship, "", false);
        let short = name.split_once(' ').map_or(*name, |(_, n)| n);
        painter.board_text(
            at + vec2(SMALL / 2.0 + 3.0, 0.0),
            Align2::LEFT_CENTER,
            short,
            FontId::proportional(10.5),
            theme::NAVY,
        );
    }
    if names.len() > shown {
        painter.board_text(
            cell.right_bottom() - vec2(4.0, 2.0),
            Align2::RIGHT_BOTTOM,
            format!("and {} more", names.len() - shown),
            FontId::proportional(10.0),
            theme::NAVY,
        );
    }
    if !names.is_empty() {
        let list: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
        hotspot(ui, cell, ("due", id), &list.join(", "), Sense::hover());
    }
}

/// A damaged ship's name and the counter of its pile (looked up in the set's catalog).
fn out_counter(d: &periscope_engine::silent_war_ijn::OutView) -> (&str, CounterId<'static>) {
    let pile = super::rules::shipped()
        .and_then(|data| data.set.counters.iter().find(|c| c.id == d.id))
        .map_or("DD", |c| c.pile.code());
    (d.name.as_str(), ids::pile(pile))
}

/// The combat display [3.1]: the IJN ships drawn, each with the values it fights with; at the end of
/// combat the ship asked about glows and is dragged to its fate. Returns the action of a legal drop.
fn display(ui: &mut Ui, now: &Now<'_>, fx: &Effects, zones: &[(Zone, Rect)]) -> Option<SwAction> {
    let painter = ui.painter().clone();
    let display = Rect::from_min_size(pos2(30.0, 412.0), vec2(576.0, 186.0));
    let caption = match &now.procedure {
        p if p.is_loner() => "Combat display · a loner [4.3]",
        Procedure::Combat { .. }
        | Procedure::Draw { .. }
        | Procedure::CombatEvent { .. }
        | Procedure::CrashDive { .. }
        | Procedure::SameBoat { .. } => "Combat display · Combat Phase [3.1]",
        _ => "Combat display",
    };
    board::printed_box(&painter, display, caption, theme::PAPER);
    board::flash(&painter, display, fx.lit("display"));
    let asked = match now.procedure {
        Procedure::Fate { ship } => Some(ship),
        _ => None,
    };
    for (i, ship) in now.view.display.iter().enumerate().take(10) {
        let home = display.min + vec2(62.0 + (i % 5) as f32 * 112.0, 56.0 + (i / 5) as f32 * 90.0);
        display_ship(ui, &painter, now, i, ship, home, asked == Some(i));
    }
    display_hint(&painter, now, display, asked.is_some());
    let action = drop_zones(ui, &painter, now, zones);
    refusal_band(ui, &painter, display);
    action
}

/// The ship at position `i` of the display, its counter at `home`: where it went once its fate is
/// settled, else its counter with the values it fights with, dragged to its fate; `asked` when it is
/// the ship whose fate is asked.
fn display_ship(
    ui: &mut Ui,
    painter: &egui::Painter,
    now: &Now<'_>,
    i: usize,
    ship: &ShipView,
    home: Pos2,
    asked: bool,
) {
    let r = Rect::from_center_size(home, vec2(COUNTER, COUNTER));
    // A ship whose fate is settled has left the display: its place says where it went.
    let gone = match now.game.place(&ship.id) {
        Some(Place::OnDisplay) | None => None,
        Some(Place::Sunk) => Some("SUNK"),
        Some(Place::InRepair { .. } | Place::HeldOut { .. }) => Some("DAMAGED"),
        Some(_) => Some("TO ITS PILE"),
    };
    if let Some(word) = gone {
        gone_ship(ui, painter, i, ship, home, word);
        return;
    }
    if asked {
        board::glow(painter, r, board::OFFERED);
    }
    let fights = match (&ship.fights_as, &ship.values) {
        (Some(f), Some(p)) if f != p => format!("prints {p}, fights as {f}"),
        (Some(f), _) => format!("fights as {f}"),
        _ => "values not entered yet".into(),
    };
    let mut label = format!("{}, {fights}", ship.name);
    if ship.diligent_escort {
        label.push_str(", a Diligent Escort");
    }
    if ship.aircraft_capable {
        label.push_str(", aircraft capable");
    }
    let resp = hotspot(ui, r, ("ship", i), &label, Sense::drag());
    if resp.drag_started() {
        resp.dnd_set_drag_payload(ShipDrag { pos: i });
    }
    counter::paint_dragged(ui, &resp, home, |p, at| ship_counter(p, at, ship));
    painter.board_text(
        home + vec2(0.0, COUNTER * 0.5 + if ship.diligent_escort { 14.0 } else { 4.0 }),
        Align2::CENTER_TOP,
        ship.name.split_once(' ').map_or(ship.name.as_str(), |(_, n)| n),
        FontId::proportional(12.0),
        theme::NAVY,
    );
}

/// The empty place of a ship that has left the display, saying where it went (`word`).
fn gone_ship(ui: &mut Ui, painter: &egui::Painter, i: usize, ship: &ShipView, home: Pos2, word: &str) {
    let r = Rect::from_center_size(home, vec2(COUNTER, COUNTER));
    painter.rect_stroke(
        r,
        egui::CornerRadius::same(6),
        egui::Stroke::new(1.2, theme::NAVY_LIGHT),
        egui::StrokeKind::Inside,
    );
    painter.board_text(
        home,
        Align2::CENTER_CENTER,
        word,
        FontId::proportional(10.0),
        theme::NAVY_LIGHT,
    );
    painter.board_text(
        home + vec2(0.0, COUNTER * 0.5 + 4.0),
        Align2::CENTER_TOP,
        ship.name.split_once(' ').map_or(ship.name.as_str(), |(_, n)| n),
        FontId::proportional(12.0),
        theme::NAVY_LIGHT,
    );
    hotspot(
        ui,
        r,
        ("gone", i),
        &format!("{}: {}", ship.name, word.to_lowercase()),
        Sense::hover(),
    );
}

/// A display ship's counter at `at`: its kind, the values it fights with, a dot when aircraft capable
/// and DILIGENT ESCORT under it.
fn ship_counter(p: &egui::Painter, at: Pos2, ship: &ShipView) {
    let values = ship.fights_as.clone().unwrap_or_else(|| "?-?".into());
    let kind = ship.name.split_once(' ').map_or("", |(k, _)| k);
    counter::paint(
        p,
        at,
        COUNTER,
        ids::pile(&ship.pile),
        Side::Enemy,
        Symbol::Ship,
        "",
        false,
    );
    let ink = egui::Color32::from_rgb(0xfb, 0xf8, 0xef);
    p.board_text(
        at - vec2(0.0, COUNTER * 0.37),
        Align2::CENTER_CENTER,
        kind,
        FontId::proportional(11.0),
        ink,
    );
    p.board_text(
        at + vec2(0.0, COUNTER * 0.3),
        Align2::CENTER_CENTER,
        &values,
        FontId::proportional(16.0),
        ink,
    );
    if ship.aircraft_capable {
        p.circle_filled(at + vec2(COUNTER * 0.34, -COUNTER * 0.34), 5.0, theme::DANGER);
    }
    if ship.diligent_escort {
        p.board_text(
            at + vec2(0.0, COUNTER * 0.62),
            Align2::CENTER_TOP,
            "DILIGENT ESCORT",
            FontId::proportional(8.5),
            theme::DANGER,
        );
    }
}

/// The display's words: how to draw when it is empty, how to settle a fate when one is asked.
fn display_hint(painter: &egui::Painter, now: &Now<'_>, display: Rect, asked: bool) {
    if now.view.display.is_empty() {
        let text = match now.procedure {
            Procedure::Combat { loner: false } => {
                "Click a glowing pile to draw for a revealed SW warship or auxiliary [3.1]"
            }
            _ => "no IJN ship drawn",
        };
        painter.board_text(
            display.center(),
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(14.0),
            theme::NAVY_LIGHT,
        );
    } else if asked {
        painter.board_text(
            display.center_bottom() - vec2(0.0, 6.0),
            Align2::CENTER_BOTTOM,
            "Drag the glowing ship to its pile, the Sunk box or the repair track",
            FontId::proportional(12.0),
            theme::NAVY_LIGHT,
        );
    }
}

/// Drops: each zone takes a ship only when the engine would take the move; a refused drop asks the
/// table to say why. The last zone read wins.
fn drop_zones(
    ui: &mut Ui,
    painter: &egui::Painter,
    now: &Now<'_>,
    zones: &[(Zone, Rect)],
) -> Option<SwAction> {
    let mut action = None;
    for (zone, rect) in zones {
        let resp = ui.interact(
            *rect,
            Id::unique(("silent-war-drop", format!("{zone:?}"))),
            Sense::hover(),
        );
        if let Some(drag) = resp.dnd_hover_payload::<ShipDrag>()
            && drop_action(now, drag.pos, *zone).is_ok()
        {
            board::glow(painter, *rect, 1.0);
        }
        if let Some(drag) = board::dropped_payload::<ShipDrag>(&resp) {
            match drop_action(now, drag.pos, *zone) {
                Ok(a) => action = Some(a),
                Err(reason) => ask(ui.ctx(), Ask::Refused(reason)),
            }
        }
    }
    action
}

/// The last refusal, under the display, for a few seconds.
fn refusal_band(ui: &mut Ui, painter: &egui::Painter, display: Rect) {
    let note = ui.ctx().data(|d| d.get_temp::<(String, f64)>(refusal_id()));
    let Some((text, at)) = note else { return };
    let t = ui.input(|i| i.time);
    if t - at < REFUSAL_SECONDS {
        let band = Rect::from_min_size(
            display.left_bottom() + vec2(0.0, -30.0),
            vec2(display.width(), 26.0),
        );
        painter.rect_filled(band, 3, theme::DANGER.gamma_multiply(0.85));
        let shown: String = text.chars().take(96).collect();
        painter.board_text(
            band.left_center() + vec2(8.0, 0.0),
            Align2::LEFT_CENTER,
            format!("Snapped back: {shown}"),
            FontId::proportional(11.5),
            egui::Color32::WHITE,
        );
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(REFUSAL_SECONDS - (t - at)));
    }
}

/// The action a drop of the ship at `pos` onto `zone` stands for, if the engine takes it now; else why
/// the counter snaps back.
fn drop_action(now: &Now<'_>, pos: usize, zone: Zone) -> Result<SwAction, String> {
    let ship = now
        .view
        .display
        .get(pos)
        .ok_or_else(|| "That ship is no longer on the display".to_string())?;
    let fate = match zone {
        Zone::Repair => Fate::Damaged,
        Zone::Sunk => Fate::Sunk,
        Zone::Pile(p) => {
            if ship.pile != p.code() {
                return Err(format!(
                    "{} goes back to the {} pile, not to the {} pile [3.1A]",
                    ship.name,
                    ship.pile,
                    p.code()
                ));
            }
            Fate::Undamaged
        }
    };
    let action = SwAction::Fate { fate };
    match now.procedure {
        Procedure::Fate { ship: asked } if asked == pos && now.legal(&action) => Ok(action),
        Procedure::Fate { ship: asked } => {
            let first = now
                .view
                .display
                .get(asked)
                .map_or("another ship".to_string(), |s| s.name.clone());
            Err(format!(
                "The companion asks what became of {first} first; {} comes after it [3.1]",
                ship.name
            ))
        }
        _ => {
            let end = now.choices.iter().find(|c| c.action == SwAction::EndCombat);
            Err(match end {
                Some(c) => format!(
                    "What became of {} is asked at the end of combat: choose “{}” first [{}]",
                    ship.name, c.label, c.rule
                ),
                None => format!(
                    "What became of {} is not asked now; the companion waits for: {}",
                    ship.name,
                    match now.game.pending() {
                        periscope_engine::Pending::Decision(d) => d.prompt,
                        periscope_engine::Pending::Roll(r) => r.reason,
                        periscope_engine::Pending::Over { summary, .. } => summary,
                    }
                ),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tonnage_is_written_with_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(2_660_000), "2,660,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
    }
}
