//! The Atlantic Sentinels Track table: the same four mats as the single convoy, printed blank (the
//! Tactical Display T1A, E1, the Operations Map, U1), with the counter mix of the physical game
//! (`data/atlantic/counters.json`, a `periscope_data::counters` mix) laid out group by group in a tray
//! below them by [`mix::plan`]: one marker per escort [3.6] with its Moved back [7.1.3], the U-boats with
//! their Detected back, G7a torpedoes with G7e backs, Hedgehog, FIDO, Type 271, CAM, day/night, cycle,
//! damage and flooding, crew quality, stragglers and the rest [3.3.2]; the dice tray has the game's d6s,
//! d10s and d20 [3.7]. The rulebook gives no counts; each kind's provenance says where its count comes
//! from.

use egui::{Align2, FontId, Pos2, Rect, Ui, pos2, vec2};
use periscope_data::counters::CounterMix;
use periscope_engine::atlantic::{Mission, MissionOptions};
use periscope_engine::{Dice, DiceMode, Game};

use super::{
    escort_mat, escort_mat_rect, ops_map, ops_map_rect, tactical, tactical_rect, uboat_mat, uboat_mat_rect,
};
use crate::board;
use crate::board::BoardText as _;
use crate::table::Effects;
use crate::theme;
use crate::track::mix::{self, TrayPlan};
use crate::track::{FreeCounter, TrackLayout};

/// The layout, as the registry hands it to Track mode.
pub static LAYOUT: AtlanticTrack = AtlanticTrack;

pub struct AtlanticTrack;

/// The shipped mix (the data crate's tests validate it).
pub fn counter_mix() -> Option<CounterMix> {
    periscope_data::counters::shipped("atlantic").and_then(Result::ok)
}

/// Where the tray of counters starts: below the mats.
fn tray_at() -> Pos2 {
    pos2(0.0, super::table_size().y + 40.0)
}

/// Every counter in the tray, group by group; the tray is as tall as its counters need.
fn plan() -> Option<(TrayPlan, Rect)> {
    let mix = counter_mix()?;
    let wide = Rect::from_min_size(tray_at(), vec2(super::table_size().x, 10_000.0));
    let plan = mix::plan(&mix, &[], &[], wide);
    let bottom = plan.counters.iter().map(|c| c.pos[1]).fold(tray_at().y, f32::max);
    let tray = Rect::from_min_max(tray_at(), pos2(wide.right(), bottom + 60.0));
    Some((plan, tray))
}

/// The full mix, where it starts.
pub fn counters() -> Vec<FreeCounter> {
    plan().map(|(p, _)| p.counters).unwrap_or_default()
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

/// The mission's view with nothing of a mission left: no ships, no marker on the map, no convoy, group,
/// month or losses to name, no air support or used box shaded. The mats print that as blank paper (an
/// empty convoy is the boards' sign of a blank mat); Track mode's counters are the player's.
pub fn blank_view(game: &Mission) -> periscope_engine::atlantic::MissionView {
    let mut view = game.view();
    view.escorts.clear();
    view.battle = None;
    view.boxes.clear();
    view.box_number = 0;
    view.convoy.clear();
    view.size.clear();
    view.group.clear();
    view.month.clear();
    view.refit_at.clear();
    view.lost.clear();
    view.stragglers.clear();
    view.air = periscope_engine::atlantic::AirCover::default();
    view.cam_used = false;
    view.hf_df = false;
    view.touch_wood = 0;
    view.random_event_used = false;
    view.result = None;
    view
}

fn paint_boards(ui: &mut Ui, game: Option<&Mission>, tray: Option<&(TrayPlan, Rect)>) {
    let Some(game) = game else { return };
    let view = blank_view(game);
    let fx = Effects::default();
    let none = periscope_engine::Pending::Over {
        won: true,
        summary: String::new(),
    };
    tactical::show(ui, game, &view, &none, tactical_rect().min, &fx);
    escort_mat::show(ui, game, &view, escort_mat_rect().min, &fx);
    ops_map::show(ui, game, &view, ops_map_rect().min);
    uboat_mat::show(ui, game, &view, uboat_mat_rect().min, &fx);
    let Some((plan, tray)) = tray else { return };
    board::paper(
        ui.painter(),
        *tray,
        "COUNTER TRAY",
        &format!(
            "{} counters [3.3.2] · drag · right-click to flip · click a stack to fan it",
            plan.counters.len()
        ),
    );
    for (h, at) in &plan.headings {
        ui.painter().board_text(
            *at,
            Align2::LEFT_CENTER,
            h,
            FontId::proportional(12.0),
            theme::NAVY,
        );
    }
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
        let bottom = plan().map_or(tray_at().y, |(_, tray)| tray.bottom());
        vec2(super::table_size().x, bottom)
    }

    fn home_view(&self) -> egui::Rect {
        tactical_rect()
    }

    fn mix(&self) -> Option<CounterMix> {
        counter_mix()
    }

    fn counters(&self) -> Vec<FreeCounter> {
        counters()
    }

    /// The mats, drawn from a mission made once when the table opens, with nothing on them.
    fn boards(&self) -> Box<dyn Fn(&mut Ui)> {
        let game = blank_mission();
        let tray = plan();
        Box::new(move |ui| paint_boards(ui, game.as_ref(), tray.as_ref()))
    }

    /// [3.7] The game's dice: two d6 (most charts roll 1d6 or 2d6, B5 reads them as d66), the d10s and
    /// the d20.
    fn dice(&self) -> &'static [Dice] {
        &[Dice::D1D6, Dice::D2D6, Dice::D66, Dice::D10, Dice::D20]
    }

    fn overrides(&self) -> Option<&'static str> {
        Some("atlantic")
    }

    fn rules(&self) -> Option<&'static dyn crate::panels::rules_reference::RuleBook> {
        Some(&super::rules::BOOK)
    }

    /// Every chart rolled in play, for a roll made with real dice, the player's file applied.
    fn charts(&self, overrides: Option<&crate::track::OverrideFile>) -> crate::track::lookup::ChartBook {
        super::track_charts::book(overrides)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// [3.6] Each escort is an individual marker: one counter for every ship of `groups.json`, each
    /// flipping to Moved [7.1.3]; [3.3.2] both U-boat types, G7a torpedoes with G7e backs, the named
    /// markers; [3.7] the d6s, d10s and d20 in the dice tray. Every count says where it comes from.
    #[test]
    fn the_counter_mix_follows_the_rulebook() {
        let mix = counter_mix().unwrap();
        let shipped = periscope_engine::atlantic::Shipped::get().unwrap();
        let ships = &shipped.data().catalog.groups.ships;
        let escorts = mix.kind("escort").unwrap();
        assert_eq!(
            escorts.count as usize,
            ships.len(),
            "one escort marker per ship [3.6]"
        );
        assert_eq!(escorts.back.as_deref(), Some("Moved"), "[7.1.3]");
        for s in ships {
            let face = escorts
                .faces
                .iter()
                .find(|f| f.id.as_deref() == Some(s.id.as_str()))
                .unwrap();
            assert_eq!(face.name.as_deref(), Some(s.name.as_str()));
        }
        for id in [
            "type_vii",
            "type_ix",
            "g7a",
            "hedgehog",
            "fido",
            "type_271",
            "day",
            "aircraft",
            "hull",
            "flooding",
            "damage",
            "trained",
            "cam",
            "straggler",
            "contact",
            "cycle",
        ] {
            assert!(mix.count(id) > 0, "{id} [3.3.2]");
        }
        let back = |id: &str| mix.kind(id).and_then(|k| k.back.clone());
        assert_eq!(back("g7a").as_deref(), Some("G7e"), "[3.3.2 ERRATA]");
        assert_eq!(back("day").as_deref(), Some("Night"));
        assert_eq!(back("cam").as_deref(), Some("CAM Used"));
        assert_eq!(back("type_vii").as_deref(), Some("Detected"));
        // [7.1.3] The largest wolfpack A3 gives fits on the sheet.
        assert!(mix.count("type_vii") >= 14);
        // [6.3.3] A crew marker for every ship the mat holds.
        assert_eq!(mix.count("trained"), 10);
        let dice = LAYOUT.dice();
        assert!(
            dice.contains(&Dice::D1D6) && dice.contains(&Dice::D10) && dice.contains(&Dice::D20),
            "[3.7]"
        );
        for k in &mix.kinds {
            assert!(
                k.provenance.validate().is_ok(),
                "{} has no provenance for its count",
                k.id
            );
        }
        assert_eq!(
            counters().len() as u32,
            mix.total(),
            "the tray holds the whole mix"
        );
        assert_eq!(mix.total(), 251, "every count of the sheet kept");
    }
}
