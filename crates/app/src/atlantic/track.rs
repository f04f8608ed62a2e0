//! The Atlantic Sentinels Track table: the same four mats as the single convoy, printed blank (the
//! Tactical Display T1A, E1, the Operations Map, U1), with the counter mix of the physical game from
//! `data/atlantic/counters.json` in a tray below them: one marker per escort [3.6] with its Moved back
//! [7.1.3], the U-boats with their Detected back, G7a/G7e torpedoes, Hedgehog, FIDO, Type 271, CAM,
//! day/night, cycle, damage and flooding, crew quality, stragglers and the rest [3.3.2]. The rulebook
//! gives no counts; the file says where each count comes from.

use egui::{Pos2, Ui, pos2, vec2};
use periscope_engine::atlantic::{Mission, MissionOptions};
use periscope_engine::{DiceMode, Game};
use serde::Deserialize;

use super::{
    escort_mat, escort_mat_rect, ops_map, ops_map_rect, tactical, tactical_rect, uboat_mat, uboat_mat_rect,
};
use crate::board;
use crate::screen::Effects;
use crate::theme::Side;
use crate::track::{FreeCounter, TrackLayout, counter_at};
use crate::widgets::counter::Symbol;

pub const FILE: &str = include_str!("../../../../data/atlantic/counters.json");

/// Where a count comes from: a rule case, or our estimate and why.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Provenance {
    pub source: String,
    #[serde(default)]
    pub case: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
}

/// One kind of counter and how many the sheet has.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct CounterKind {
    pub label: String,
    /// `escort`, `uboat`, `torpedo`, `marker`, `damage`, `crew`, `merchant`.
    pub kind: String,
    pub count: usize,
    /// The escort's ship id in `groups.json`.
    #[serde(default)]
    pub ship: Option<String>,
    /// What the back of the counter says.
    #[serde(default)]
    pub back: Option<String>,
    #[serde(default)]
    pub symbol: Option<String>,
    pub provenance: Provenance,
    pub count_provenance: Provenance,
}

/// The dice of the game [3.7].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Dice {
    pub d6: usize,
    pub d10: usize,
    pub d20: usize,
    pub provenance: Provenance,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct CounterSheet {
    pub notes: Vec<String>,
    pub dice: Dice,
    pub counters: Vec<CounterKind>,
}

/// The shipped counter sheet.
pub fn sheet() -> Result<CounterSheet, String> {
    serde_json::from_str(FILE).map_err(|e| format!("data/atlantic/counters.json: {e}"))
}

/// The layout, as the registry hands it to Track mode.
pub static LAYOUT: AtlanticTrack = AtlanticTrack;

pub struct AtlanticTrack;

/// Where the tray of counters lies: below the mats.
fn tray_at() -> Pos2 {
    pos2(0.0, super::table_size().y + 40.0)
}

const PER_ROW: usize = 52;
const STEP: f32 = 42.0;

fn tray_size(n: usize) -> egui::Vec2 {
    vec2(super::table_size().x, 60.0 + (n.div_ceil(PER_ROW)) as f32 * STEP)
}

fn side_symbol(c: &CounterKind) -> (Side, Symbol) {
    let symbol = match c.symbol.as_deref() {
        Some("submarine") => Symbol::Submarine,
        Some("torpedo") => Symbol::Torpedo,
        Some("star") => Symbol::Star,
        Some("gauge") => Symbol::Gauge,
        Some("ship") => Symbol::Ship,
        Some("flag") => Symbol::Flag,
        _ if c.kind == "escort" => Symbol::Ship,
        _ => Symbol::Flag,
    };
    let side = match c.kind.as_str() {
        "escort" | "merchant" => Side::Submarine,
        "uboat" | "torpedo" => Side::Enemy,
        _ => Side::Marker,
    };
    (side, symbol)
}

/// The full mix, in the tray, in the file's order.
pub fn counters() -> Vec<FreeCounter> {
    let Ok(sheet) = sheet() else { return Vec::new() };
    let at = tray_at();
    let mut out = Vec::new();
    for c in &sheet.counters {
        let (side, symbol) = side_symbol(c);
        for _ in 0..c.count {
            let i = out.len();
            let pos = at
                + vec2(
                    30.0 + (i % PER_ROW) as f32 * STEP,
                    70.0 + (i / PER_ROW) as f32 * STEP,
                );
            out.push(counter_at(&c.label, side, symbol, pos));
        }
    }
    out
}

/// A mission whose view the blank mats are drawn from: a large convoy on T1A, nothing at sea yet.
fn blank_mission() -> Option<Mission> {
    let options = MissionOptions {
        convoy: Some(periscope_engine::atlantic::ConvoyAssignment {
            convoy: periscope_data::atlantic::charts::ConvoyType::On,
            size: periscope_data::atlantic::catalog::merchants::ConvoySize::Large,
        }),
        ..Default::default()
    };
    Mission::new(options, 1, DiceMode::Physical).ok()
}

fn paint_boards(ui: &mut Ui, game: Option<&Mission>, n: usize) {
    let Some(game) = game else { return };
    let mut view = game.view();
    // Blank mats: no ships on them, no marker on the map; Track mode's counters are the player's.
    view.escorts.clear();
    view.battle = None;
    view.boxes.clear();
    view.box_number = 0;
    let fx = Effects::default();
    let none = periscope_engine::Pending::Over {
        won: true,
        summary: String::new(),
    };
    tactical::show(ui, game, &view, &none, tactical_rect().min, &fx);
    escort_mat::show(ui, game, &view, escort_mat_rect().min, &fx);
    ops_map::show(ui, game, &view, ops_map_rect().min);
    uboat_mat::show(ui, game, &view, uboat_mat_rect().min, &fx);
    let tray = egui::Rect::from_min_size(tray_at(), tray_size(n));
    board::paper(
        ui.painter(),
        tray,
        "COUNTER TRAY",
        &format!("{n} counters [3.3.2]"),
    );
}

impl TrackLayout for AtlanticTrack {
    fn id(&self) -> &'static str {
        "atlantic"
    }

    fn name(&self) -> &'static str {
        "Atlantic Sentinels"
    }

    fn hover(&self) -> &'static str {
        "Atlantic Sentinels' mats and counters beside your physical game"
    }

    fn size(&self) -> egui::Vec2 {
        let n = counters().len();
        vec2(super::table_size().x, tray_at().y + tray_size(n).y)
    }

    fn home_view(&self) -> egui::Rect {
        tactical_rect()
    }

    fn counters(&self) -> Vec<FreeCounter> {
        counters()
    }

    fn boards(&self) -> Box<dyn Fn(&mut Ui)> {
        let game = blank_mission();
        let n = counters().len();
        Box::new(move |ui| paint_boards(ui, game.as_ref(), n))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// [3.6] Each escort is an individual marker: one counter for every ship of `groups.json`, each
    /// flipping to Moved [7.1.3]; [3.3.2] both U-boat types, G7a torpedoes with G7e backs, the named
    /// markers; [3.7] two d6, two d10, one d20. Every count says where it comes from.
    #[test]
    fn the_counter_mix_follows_the_rulebook() {
        let sheet = sheet().unwrap();
        let shipped = periscope_engine::atlantic::Shipped::get().unwrap();
        let ships = &shipped.data().catalog.groups.ships;
        let escorts: Vec<&CounterKind> = sheet.counters.iter().filter(|c| c.kind == "escort").collect();
        assert_eq!(escorts.len(), ships.len(), "one escort marker per ship [3.6]");
        for s in ships {
            let c = escorts
                .iter()
                .find(|c| c.ship.as_deref() == Some(s.id.as_str()))
                .unwrap();
            assert_eq!(
                (c.count, c.label.as_str(), c.back.as_deref()),
                (1, s.name.as_str(), Some("Moved"))
            );
        }
        let count = |label: &str| sheet.counters.iter().find(|c| c.label == label).map(|c| c.count);
        for label in [
            "Type VII",
            "Type IX",
            "G7a",
            "Hedgehog",
            "Mk 24 FIDO",
            "Type 271",
            "Day",
            "Aircraft",
            "Hull",
            "Flooding",
            "Damage",
            "Trained",
            "CAM",
        ] {
            assert!(count(label).is_some_and(|n| n > 0), "{label} [3.3.2]");
        }
        let back = |label: &str| {
            sheet
                .counters
                .iter()
                .find(|c| c.label == label)
                .and_then(|c| c.back.clone())
        };
        assert_eq!(back("G7a").as_deref(), Some("G7e"), "[3.3.2 ERRATA]");
        assert_eq!(back("Day").as_deref(), Some("Night"));
        assert_eq!(back("CAM").as_deref(), Some("CAM Used"));
        assert_eq!(back("Type VII").as_deref(), Some("Detected"));
        // [7.1.3] The largest wolfpack A3 gives fits on the sheet.
        assert!(count("Type VII").unwrap() >= 14);
        // [6.3.3] A crew marker for every ship the mat holds.
        assert_eq!(count("Trained"), Some(10));
        assert_eq!(
            (sheet.dice.d6, sheet.dice.d10, sheet.dice.d20),
            (2, 2, 1),
            "[3.7]"
        );
        for c in &sheet.counters {
            let p = &c.count_provenance;
            assert!(
                (p.source == "rule" && p.case.is_some())
                    || (p.source == "reconstructed" && p.reason.is_some()),
                "{} has no provenance for its count",
                c.label
            );
        }
        let total: usize = sheet.counters.iter().map(|c| c.count).sum();
        assert_eq!(counters().len(), total, "the tray holds the whole mix");
    }
}
