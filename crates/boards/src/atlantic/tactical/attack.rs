//! A U-boat's attack on the Tactical Display [7.1.3]: the boat closes from its circle (or range box
//! [7.1.6]) on the convoy once its range is known, and each torpedo shows from the boat to its target
//! as its rolls resolve it — aimed, on target, a miss (B1), a dud (B6), a hit that explodes.

use egui::{Align2, Color32, CornerRadius, FontId, Id, Pos2, Rect, Sense, Stroke, Ui, Vec2, pos2, vec2};
use periscope_engine::atlantic::{AttackView, BattleView, ShotOutcome, ShotView};

use super::merchants::progress;
use super::{COUNTER, Sheet, hotspot};
use crate::board::BoardText as _;
use crate::theme;

/// The attack the board shows, if any.
pub(super) fn shown<'a>(t: &Sheet<'a>) -> Option<(&'a BattleView, &'a AttackView)> {
    let b = t.view.battle.as_ref()?;
    Some((b, b.attack.as_ref()?))
}

/// Where the attacking boat stands: at `home` until its range is known, then closing on `goal` (the
/// convoy, or the Straggler Box for a boat by the stragglers) over half a second, and staying there
/// until the attack leaves the table.
pub(super) fn boat_at(ui: &Ui, t: &Sheet<'_>, number: u8, home: Pos2, goal: Rect) -> Pos2 {
    let Some((b, a)) = shown(t) else { return home };
    if a.boat != number || a.stage == "range" {
        return home;
    }
    let key = Id::unique(("atlantic-attack", b.box_number, b.cycle, b.impulse, a.boat));
    let f = progress(ui, key, t.fx.age);
    let f = 1.0 - (1.0 - f) * (1.0 - f);
    let target = approach_point(home, goal);
    home + (target - home) * f
}

/// The point a boat at `from` attacks `goal` from: just off the nearest edge, a counter's width out.
pub fn approach_point(from: Pos2, goal: Rect) -> Pos2 {
    let near = goal.clamp(from);
    let away = from - near;
    let d = away.length();
    if d < 1.0 {
        return from;
    }
    let out = away / d * (COUNTER * 0.75);
    near + out
}

/// The word for a torpedo's outcome in its label.
pub fn outcome_word(o: ShotOutcome) -> &'static str {
    match o {
        ShotOutcome::Aimed => "aimed",
        ShotOutcome::Miss => "miss",
        ShotOutcome::OnTarget => "on target, its dud roll to come",
        ShotOutcome::Dud => "dud",
        ShotOutcome::Hit => "hit",
    }
}

/// A torpedo as its marker says it: `Torpedo from U-boat 3 at Harperley: hit (torpedo 1 of 4)`.
pub fn torpedo_label(boat: u8, s: &ShotView, k: usize, n: usize) -> String {
    let at = if s.at_escort {
        format!("the escort {}", s.target)
    } else {
        s.target.clone()
    };
    format!(
        "Torpedo from U-boat {boat} at {at}: {} (torpedo {} of {n})",
        outcome_word(s.outcome),
        k + 1
    )
}

/// Every torpedo of the attack, from the boat at `from` to its target (`targets` by name), with a
/// marker saying what became of it.
pub(super) fn torpedoes(ui: &mut Ui, t: &Sheet<'_>, from: Pos2, targets: &[(String, Rect)]) {
    let Some((_, a)) = shown(t) else { return };
    if a.stage == "range" {
        return;
    }
    let p = &t.painter;
    let n = a.shots.len();
    for (k, s) in a.shots.iter().enumerate() {
        let Some((_, goal)) = targets.iter().find(|(name, _)| name == &s.target) else {
            continue;
        };
        // Torpedoes at one ship fan out side by side.
        let same: Vec<usize> = (0..n).filter(|&j| a.shots[j].target == s.target).collect();
        let rank = same.iter().position(|&j| j == k).unwrap_or(0) as f32;
        let dir = goal.center() - from;
        let len = dir.length().max(1.0);
        let along = dir / len;
        let side = Vec2::new(-along.y, along.x) * ((rank - (same.len() as f32 - 1.0) / 2.0) * 13.0);
        let end = goal.clamp(from + dir * 0.98) + side * 0.4;
        let rolling = a.rolling == Some(k);
        let (colour, width, word) = match s.outcome {
            ShotOutcome::Aimed if rolling => (theme::HIGHLIGHT, 2.5, "ROLL"),
            ShotOutcome::Aimed => (theme::NAVY_LIGHT.gamma_multiply(0.7), 1.2, "AIMED"),
            ShotOutcome::Miss => (Color32::from_gray(120), 1.2, "MISS"),
            ShotOutcome::OnTarget => (theme::HIGHLIGHT, 2.0, "HIT?"),
            ShotOutcome::Dud => (Color32::from_gray(90), 1.5, "DUD"),
            ShotOutcome::Hit => (theme::DANGER, 2.5, "HIT"),
        };
        let start = from + along * (COUNTER * 0.5) + side * 0.4;
        // A miss runs past her; everything else stops at her side.
        let stop = if s.outcome == ShotOutcome::Miss {
            end + along * 18.0 + side * 0.8
        } else {
            end
        };
        p.line_segment([start, stop], Stroke::new(width, colour));
        // The markers stand in a column beside the boat, one line each, clear of one another.
        let marker = Rect::from_min_size(
            from + vec2(COUNTER * 0.6 + 6.0, (k as f32 - n as f32 / 2.0) * 15.0),
            vec2(104.0, 13.0),
        );
        p.line_segment(
            [marker.left_center(), from + vec2(COUNTER * 0.5, 0.0)],
            Stroke::new(0.8, colour),
        );
        p.rect_filled(marker, CornerRadius::same(3), colour);
        let text = format!("{word} · {}", s.target);
        let size = super::super::stacks::fitting_font(p, &text, marker.width() - 4.0, 8.5);
        p.board_text(
            marker.center(),
            Align2::CENTER_CENTER,
            text,
            FontId::proportional(size),
            if matches!(s.outcome, ShotOutcome::OnTarget) || rolling {
                theme::NAVY
            } else {
                Color32::WHITE
            },
        );
        if s.outcome == ShotOutcome::Hit {
            burst(p, end);
        }
        hotspot(
            ui,
            marker,
            ("torpedo", a.boat, k),
            &torpedo_label(a.boat, s, k, n),
            Sense::hover(),
        );
    }
}

/// A torpedo exploding against her side.
fn burst(p: &egui::Painter, at: Pos2) {
    let r = 7.0;
    for i in 0..8 {
        let angle = i as f32 * std::f32::consts::TAU / 8.0;
        let d = vec2(angle.cos(), angle.sin());
        p.line_segment(
            [at + d * 2.0, at + d * (r + 4.0)],
            Stroke::new(2.0, theme::HIGHLIGHT),
        );
    }
    p.circle_filled(at, r * 0.6, theme::DANGER);
    p.circle_filled(pos2(at.x, at.y), r * 0.25, Color32::WHITE);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [7.1.3] A torpedo's label says whose, at which ship, and what became of it.
    #[test]
    fn torpedo_labels_name_boat_target_and_outcome() {
        let s = |o, esc| ShotView {
            target: "Harperley".into(),
            at_escort: esc,
            outcome: o,
        };
        assert_eq!(
            torpedo_label(3, &s(ShotOutcome::Hit, false), 0, 4),
            "Torpedo from U-boat 3 at Harperley: hit (torpedo 1 of 4)"
        );
        assert_eq!(
            torpedo_label(3, &s(ShotOutcome::Dud, false), 1, 4),
            "Torpedo from U-boat 3 at Harperley: dud (torpedo 2 of 4)"
        );
        assert_eq!(
            torpedo_label(1, &s(ShotOutcome::Miss, true), 2, 3),
            "Torpedo from U-boat 1 at the escort Harperley: miss (torpedo 3 of 3)"
        );
        assert!(torpedo_label(1, &s(ShotOutcome::Aimed, false), 0, 1).contains(": aimed"));
    }

    /// The boat closes to just off the convoy's nearest side, never inside it.
    #[test]
    fn the_attacker_stops_off_the_convoy() {
        let convoy = Rect::from_min_size(pos2(200.0, 200.0), vec2(300.0, 200.0));
        for from in [pos2(100.0, 300.0), pos2(350.0, 60.0), pos2(700.0, 500.0)] {
            let at = approach_point(from, convoy);
            assert!(!convoy.contains(at), "{at:?}");
            assert!(convoy.distance_to_pos(at) <= COUNTER, "{at:?}");
            assert!(at.distance(from) < from.distance(convoy.center()));
        }
    }
}
