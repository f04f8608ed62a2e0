//! The convoy's merchants on the Tactical Display: every ship a U-boat has brought into reach, a named
//! counter in the convoy rectangles where she stays, lit while in reach of the boat attacking [7.1.3],
//! marked sunk where she sank [7.1.3], or moved to the Straggler Box when damaged [7.1.6]; the ships
//! no boat has reached stand as one labelled stack.

use egui::{Align2, Color32, CornerRadius, FontId, Id, Rect, Sense, Stroke, StrokeKind, Ui, pos2, vec2};
use periscope_engine::atlantic::{ConvoyShipView, ShipFate};

use super::super::stacks;
use super::{Sheet, hotspot, info, to_rect};
use crate::board::{self, BoardText as _};
use crate::theme;

const CONVOY: Color32 = Color32::from_rgb(0xe9, 0xe4, 0xd4);
const SUNK_FILL: Color32 = Color32::from_rgb(0x4a, 0x4f, 0x58);
/// How long a counter takes to move to its new place (a straggler leaving the convoy), in seconds.
pub(super) const MOVE_SECONDS: f64 = 0.5;
/// The head of a convoy rectangle: its printed label and the line under it.
const HEAD: f32 = 40.0;
/// The stack of the ships no boat has reached, at the foot of the last rectangle.
const REST: f32 = 46.0;
const TAG_H: f32 = 30.0;
const TAG_GAP: f32 = 4.0;

/// Where the merchants of the ledger sit in the convoy rectangles, in the order met: two columns to a
/// rectangle, the first filled first; the last slot holds the overflow as a stack when there are more
/// ships than slots. Returns the slots and the rest-of-convoy stack.
pub fn slots(rects: &[Rect], n: usize) -> (Vec<Rect>, Option<Rect>) {
    let mut out = Vec::new();
    let last = rects.len().saturating_sub(1);
    for (k, r) in rects.iter().enumerate() {
        let bottom = if k == last {
            r.bottom() - REST
        } else {
            r.bottom() - 4.0
        };
        let w = (r.width() - 8.0 - TAG_GAP) / 2.0;
        let rows = ((bottom - r.top() - HEAD + TAG_GAP) / (TAG_H + TAG_GAP))
            .floor()
            .max(0.0) as usize;
        for row in 0..rows {
            for c in 0..2 {
                out.push(Rect::from_min_size(
                    pos2(
                        r.left() + 4.0 + c as f32 * (w + TAG_GAP),
                        r.top() + HEAD + row as f32 * (TAG_H + TAG_GAP),
                    ),
                    vec2(w, TAG_H),
                ));
            }
        }
    }
    out.truncate(n);
    let rest = rects.last().map(|r| {
        Rect::from_min_max(
            pos2(r.left() + 4.0, r.bottom() - REST + 2.0),
            pos2(r.right() - 4.0, r.bottom() - 4.0),
        )
    });
    (out, rest)
}

/// A merchant as her counter says it: `Merchant Harperley, in reach of U-boat 1; small freighter,
/// 4,600 t`. The state comes right after the name: `in the convoy`, `in reach of U-boat N`,
/// `damaged 1 of 2`, `straggler in the Straggler Box`, `sunk by U-boat N`.
pub fn merchant_label(m: &ConvoyShipView, in_reach_of: Option<u8>) -> String {
    let mut state = Vec::new();
    match m.fate {
        ShipFate::Sunk => state.push(match &m.sunk_by {
            Some(by) => format!("sunk by {by}"),
            None => "sunk".into(),
        }),
        ShipFate::Straggler => state.push("straggler in the Straggler Box".into()),
        ShipFate::Afloat => {
            if in_reach_of.is_none() {
                state.push("in the convoy".into());
            }
        }
    }
    if m.fate != ShipFate::Sunk
        && let Some(b) = in_reach_of
    {
        state.insert(0, format!("in reach of U-boat {b}"));
    }
    if m.fate != ShipFate::Sunk && m.damage > 0 {
        state.push(format!("damaged {} of {}", m.damage, m.sinks_at));
    }
    format!(
        "Merchant {}, {}; {}, {}",
        m.name,
        state.join(", "),
        m.size,
        super::super::tons(m.tonnage)
    )
}

/// How far a movement that began with the last step has come (0 to 1), remembered by `key` so that a
/// later step does not start it again; asks for frames while it plays.
pub(super) fn progress(ui: &Ui, key: Id, age: f32) -> f32 {
    let now = ui.ctx().input(|i| i.time);
    let start = ui
        .ctx()
        .data_mut(|d| *d.get_temp_mut_or_insert_with(key, || now - f64::from(age)));
    let p = ((now - start) / MOVE_SECONDS).clamp(0.0, 1.0) as f32;
    if p < 1.0 {
        ui.ctx().request_repaint();
    }
    p
}

/// The convoy rectangles with the ledger's merchants on them. Returns where each merchant of the
/// ledger sits (by ledger order; a straggler's slot is where she left from).
pub(super) fn convoy(ui: &mut Ui, t: &Sheet<'_>) -> Vec<Rect> {
    let (painter, view) = (&t.painter, t.view);
    let rects: Vec<Rect> = t.d.convoy.iter().map(|c| to_rect(t.origin, c.rect)).collect();
    let lost: Vec<&ConvoyShipView> = view
        .convoy_ships
        .iter()
        .filter(|m| m.fate == ShipFate::Sunk)
        .collect();
    let lost_tons: u32 = lost.iter().map(|m| m.tonnage).sum();
    for (i, (c, r)) in t.d.convoy.iter().zip(&rects).enumerate() {
        board::printed_box(painter, *r, &c.label, CONVOY);
        // A blank mat (Track mode's) has no convoy to name: only the printed boxes.
        if view.convoy.is_empty() {
            continue;
        }
        let (text, colour) = if i == 0 {
            (format!("{} · {} convoy", view.convoy, view.size), theme::NAVY)
        } else if lost.is_empty() {
            ("none lost".to_string(), theme::NAVY)
        } else {
            (
                format!("{} lost · {}", lost.len(), super::super::tons(lost_tons)),
                theme::DANGER,
            )
        };
        painter.board_text(
            r.center_top() + vec2(0.0, 20.0),
            Align2::CENTER_TOP,
            text,
            FontId::proportional(12.0),
            colour,
        );
        if i == 0 {
            board::flash(painter, *r, t.fx.lit("convoy"));
        }
    }
    if view.convoy.is_empty() {
        return Vec::new();
    }
    let attack = view.battle.as_ref().and_then(|b| b.attack.as_ref());
    let (mut at, rest) = slots(&rects, view.convoy_ships.len());
    let shown = at.len();
    for (k, m) in view.convoy_ships.iter().enumerate().take(shown) {
        if m.fate == ShipFate::Straggler {
            continue;
        }
        let in_reach = attack
            .filter(|a| a.in_reach.iter().any(|n| n == &m.name))
            .map(|a| a.boat);
        let overflow = view.convoy_ships.len() - shown;
        if k + 1 == shown && overflow > 0 {
            let r = at[k];
            overflow_stack(ui, t, r, &view.convoy_ships[k..]);
            continue;
        }
        paint_merchant(
            painter,
            at[k],
            m,
            in_reach.is_some(),
            t.fx.lit(&format!("merchant-{}", m.name)),
        );
        hotspot(
            ui,
            at[k],
            ("merchant", &m.name),
            &merchant_label(m, in_reach),
            Sense::hover(),
        );
    }
    if let Some(r) = rest {
        rest_of_convoy(ui, t, r);
    }
    // Ships past the slots share the last one.
    while at.len() < view.convoy_ships.len() {
        let last = at.last().copied().unwrap_or(Rect::NOTHING);
        at.push(last);
    }
    at
}

/// The ships beyond the convoy's slots, as one stack on the last slot, named in its label.
fn overflow_stack(ui: &mut Ui, t: &Sheet<'_>, r: Rect, ships: &[ConvoyShipView]) {
    let p = &t.painter;
    for k in (0..3).rev() {
        let o = vec2(k as f32 * 2.0, -(k as f32) * 2.0);
        p.rect_filled(r.translate(o), CornerRadius::same(3), theme::PAPER);
        p.rect_stroke(
            r.translate(o),
            CornerRadius::same(3),
            Stroke::new(1.0, theme::NAVY),
            StrokeKind::Inside,
        );
    }
    p.board_text(
        r.center(),
        Align2::CENTER_CENTER,
        format!("{} more ships met", ships.len()),
        FontId::proportional(10.0),
        theme::NAVY,
    );
    let names: Vec<String> = ships.iter().map(|m| merchant_label(m, None)).collect();
    info(
        ui,
        r,
        "merchant-overflow",
        &format!(
            "Stack of {} more merchants met: {}",
            ships.len(),
            names.join(". ")
        ),
    );
}

/// The convoy's other ships, that no boat has reached: one stack, labelled.
fn rest_of_convoy(ui: &mut Ui, t: &Sheet<'_>, r: Rect) {
    let p = &t.painter;
    let chip = Rect::from_min_size(r.left_top() + vec2(4.0, 8.0), vec2(34.0, 26.0));
    for k in (0..3).rev() {
        let c = chip.translate(vec2(k as f32 * 3.0, -(k as f32) * 3.0));
        p.rect_filled(c, CornerRadius::same(3), theme::PAPER_SHADE);
        p.rect_stroke(
            c,
            CornerRadius::same(3),
            Stroke::new(1.0, theme::NAVY_LIGHT),
            StrokeKind::Inside,
        );
    }
    crate::widgets::counter::paint_badge(
        p,
        chip.shrink(4.0),
        "merchant",
        theme::NAVY_LIGHT,
        theme::PAPER_SHADE,
    );
    let text_left = chip.right() + 12.0;
    let width = r.right() - text_left;
    let words = "rest of the convoy";
    let size = stacks::fitting_font(p, words, width, 11.0);
    p.board_text(
        pos2(text_left, chip.center().y),
        Align2::LEFT_CENTER,
        words,
        FontId::proportional(size),
        theme::NAVY_LIGHT,
    );
    info(
        ui,
        r,
        "convoy-rest",
        "The rest of the convoy: the ships no U-boat has reached",
    );
}

/// A merchant's counter: her name and tonnage; lit when in reach, her damage in red, a dark face
/// crossed out and SUNK once sunk.
fn paint_merchant(p: &egui::Painter, r: Rect, m: &ConvoyShipView, in_reach: bool, flash: f32) {
    let sunk = m.fate == ShipFate::Sunk;
    if in_reach && !sunk {
        board::glow(p, r, 1.0);
    }
    p.rect_filled(r.translate(vec2(1.5, 2.0)), CornerRadius::same(3), theme::SHADOW);
    p.rect_filled(
        r,
        CornerRadius::same(3),
        if sunk {
            SUNK_FILL
        } else if in_reach {
            Color32::from_rgb(0xfb, 0xe7, 0xb8)
        } else {
            theme::PAPER
        },
    );
    p.rect_stroke(
        r,
        CornerRadius::same(3),
        if in_reach && !sunk {
            Stroke::new(2.5, theme::HIGHLIGHT)
        } else {
            Stroke::new(1.0, theme::NAVY)
        },
        StrokeKind::Inside,
    );
    let ink = if sunk { theme::PAPER } else { theme::NAVY };
    let size = stacks::fitting_font(p, &m.name, r.width() - 6.0, 11.0);
    p.board_text(
        r.center_top() + vec2(0.0, 3.0),
        Align2::CENTER_TOP,
        &m.name,
        FontId::proportional(size),
        ink,
    );
    let second = if sunk {
        "SUNK".to_string()
    } else if m.damage > 0 {
        format!("dmg {}/{}", m.damage, m.sinks_at)
    } else {
        super::super::tons(m.tonnage)
    };
    p.board_text(
        r.center_bottom() + vec2(0.0, -3.0),
        Align2::CENTER_BOTTOM,
        second,
        FontId::proportional(9.0),
        if sunk {
            Color32::from_rgb(0xff, 0x9a, 0x8a)
        } else if m.damage > 0 {
            theme::DANGER
        } else {
            theme::NAVY_LIGHT
        },
    );
    if sunk {
        let s = Stroke::new(2.0, theme::DANGER);
        p.line_segment(
            [r.left_top() + vec2(3.0, 3.0), r.right_bottom() - vec2(3.0, 3.0)],
            s,
        );
        p.line_segment(
            [r.right_top() + vec2(-3.0, 3.0), r.left_bottom() + vec2(3.0, -3.0)],
            s,
        );
    }
    board::flash(p, r, flash);
}

/// The Straggler Box with its merchants tiled by name, each sliding in from her place in the convoy
/// when she falls out [7.1.6]. Returns where each straggler sits, by name.
pub(super) fn stragglers(ui: &mut Ui, t: &Sheet<'_>, sb: Rect, from: &[Rect]) -> Vec<(String, Rect)> {
    let p = &t.painter;
    let ships: Vec<(usize, &ConvoyShipView)> = t
        .view
        .convoy_ships
        .iter()
        .enumerate()
        .filter(|(_, m)| m.fate == ShipFate::Straggler)
        .collect();
    // A blank mat (Track mode's) says nothing of stragglers it cannot know.
    if ships.is_empty() && !t.view.convoy.is_empty() {
        p.board_text(
            sb.center() + vec2(0.0, 8.0),
            Align2::CENTER_CENTER,
            "none",
            FontId::proportional(12.0),
            theme::NAVY,
        );
    }
    let attack = t.view.battle.as_ref().and_then(|b| b.attack.as_ref());
    let tiles = stacks::tiles(sb, ships.len());
    let mut out = Vec::new();
    for ((k, m), home) in ships.iter().zip(&tiles) {
        let start = from.get(*k).copied().unwrap_or(*home);
        let f = progress(ui, Id::unique(("atlantic-straggler", &m.name)), t.fx.age);
        let at = home.translate((start.center() - home.center()) * (1.0 - f));
        let in_reach = attack
            .filter(|a| a.in_reach.iter().any(|n| n == &m.name))
            .map(|a| a.boat);
        let style = if in_reach.is_some() {
            stacks::style(stacks::CounterState::Detected)
        } else {
            stacks::style(stacks::CounterState::Free)
        };
        let text = if m.damage > 0 {
            format!("{} {}/{}", m.name, m.damage, m.sinks_at)
        } else {
            m.name.clone()
        };
        stacks::paint_tag(p, at, &text, &stacks::StateStyle { badge: None, ..style });
        hotspot(
            ui,
            *home,
            ("straggler", &m.name),
            &merchant_label(m, in_reach),
            Sense::hover(),
        );
        out.push((m.name.clone(), at));
    }
    info(
        ui,
        sb,
        "stragglers",
        &format!(
            "Straggler Box: {}",
            if ships.is_empty() {
                "empty".to_string()
            } else {
                ships
                    .iter()
                    .map(|(_, m)| m.name.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ship(name: &str, fate: ShipFate, damage: u8) -> ConvoyShipView {
        ConvoyShipView {
            name: name.into(),
            size: "small freighter".into(),
            tonnage: 4600,
            damage,
            sinks_at: 2,
            fate,
            sunk_by: (fate == ShipFate::Sunk).then(|| "U-boat 3".into()),
        }
    }

    /// [7.1.3] [7.1.6] Each merchant's label says her state right after her name, and her tonnage with
    /// its thousands separated.
    #[test]
    fn merchant_labels_say_the_state_after_the_name() {
        assert_eq!(
            merchant_label(&ship("Harperley", ShipFate::Afloat, 0), Some(3)),
            "Merchant Harperley, in reach of U-boat 3; small freighter, 4,600 t"
        );
        assert_eq!(
            merchant_label(&ship("Harperley", ShipFate::Afloat, 0), None),
            "Merchant Harperley, in the convoy; small freighter, 4,600 t"
        );
        assert_eq!(
            merchant_label(&ship("Harperley", ShipFate::Sunk, 2), Some(3)),
            "Merchant Harperley, sunk by U-boat 3; small freighter, 4,600 t"
        );
        assert_eq!(
            merchant_label(&ship("Bonde", ShipFate::Straggler, 1), None),
            "Merchant Bonde, straggler in the Straggler Box, damaged 1 of 2; small freighter, 4,600 t"
        );
        assert_eq!(
            merchant_label(&ship("Bonde", ShipFate::Afloat, 1), Some(2)),
            "Merchant Bonde, in reach of U-boat 2, damaged 1 of 2; small freighter, 4,600 t"
        );
    }

    /// The ledger's merchants sit inside the convoy rectangles, over none of each other nor the stack
    /// of the ships not met; more than fit leave the slots full, the rest counted on the last.
    #[test]
    fn merchant_slots_fit_the_convoy_rectangles() {
        // T1B's rectangles, 40 x 56 sixteenths at four units each.
        let rects = [
            Rect::from_min_size(pos2(248.0, 240.0), vec2(160.0, 224.0)),
            Rect::from_min_size(pos2(424.0, 240.0), vec2(160.0, 224.0)),
        ];
        let (all, rest) = slots(&rects, 100);
        let rest = rest.unwrap();
        assert!(all.len() >= 16, "{}", all.len());
        for (i, s) in all.iter().enumerate() {
            assert!(rects.iter().any(|r| r.contains_rect(*s)), "{s:?}");
            assert!(s.intersect(rest).height() <= 0.0 || s.intersect(rest).width() <= 0.0);
            assert!(s.width() >= 70.0);
            for o in &all[i + 1..] {
                let x = s.intersect(*o);
                assert!(x.width() <= 0.0 || x.height() <= 0.0, "{s:?} over {o:?}");
            }
        }
        assert_eq!(slots(&rects, 5).0.len(), 5);
    }
}
