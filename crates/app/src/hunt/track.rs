//! Submarine Hunt's Track table: the patrol mat printed as in Play mode, with the full counter mix of the
//! game, each on its starting box.

use egui::{Vec2, pos2};
use periscope_data::hunt::HuntRules;

use super::table;
use crate::theme::Side;
use crate::track::{FreeCounter, TrackLayout, counter_at};
use crate::widgets::counter::Symbol;

/// The layout, as the registry hands it to Track mode.
pub static LAYOUT: HuntTrack = HuntTrack;

/// Submarine Hunt's Track layout.
pub struct HuntTrack;

impl TrackLayout for HuntTrack {
    fn id(&self) -> &'static str {
        "hunt"
    }

    /// The first versions saved Hunt's table under this name, before other games had tables.
    fn old_files(&self) -> &'static [&'static str] {
        &["track-table.json"]
    }

    fn name(&self) -> &'static str {
        "Submarine Hunt"
    }

    fn hover(&self) -> &'static str {
        "A free table beside your physical game: no rules enforced"
    }

    fn size(&self) -> Vec2 {
        table::MAT
    }

    /// The supply tracks' markers on their full boxes, the submarine in its mode box, the enemy ships and
    /// the locks of the voyage home beside the mat's boxes.
    fn counters(&self) -> Vec<FreeCounter> {
        let on_track = |track: usize, idx: usize| {
            let w = [27.0, 27.0, 27.0, 22.7, 45.0][track];
            pos2(
                40.0 + 112.0 + idx as f32 * w + (w - 2.0) / 2.0,
                290.0 + track as f32 * 40.0 + 20.0,
            )
        };
        let mut counters = vec![
            counter_at("OXY", Side::Submarine, Symbol::Gauge, on_track(0, 20)),
            counter_at("BAT", Side::Submarine, Symbol::Gauge, on_track(1, 20)),
            counter_at("HULL", Side::Submarine, Symbol::Submarine, on_track(2, 20)),
            counter_at("TORP", Side::Submarine, Symbol::Torpedo, on_track(3, 24)),
            counter_at("SINK", Side::Marker, Symbol::Star, on_track(4, 0)),
            counter_at(
                "SUB",
                Side::Submarine,
                Symbol::Submarine,
                pos2(790.0 + 180.0 + 85.0, 405.0),
            ),
            counter_at("SEEN", Side::Enemy, Symbol::Ship, pos2(790.0 + 41.0, 490.0)),
            counter_at("+1", Side::Marker, Symbol::Flag, pos2(1150.0, 470.0)),
            counter_at("TURN", Side::Marker, Symbol::Flag, pos2(1120.0, 60.0)),
        ];
        for (i, name) in ["MERCH", "CRUIS", "DSTR", "BTLSH", "U-SUB"].iter().enumerate() {
            counters.push(counter_at(
                name,
                Side::Enemy,
                Symbol::Ship,
                pos2(330.0 + i as f32 * 40.0, 640.0),
            ));
        }
        for i in 0..3 {
            counters.push(counter_at(
                "LOCK",
                Side::Marker,
                Symbol::Die,
                pos2(840.0 + i as f32 * 50.0, 588.0),
            ));
        }
        counters
    }

    /// The mat as printed, with the shipped rules' mode boxes (read once, when the table opens).
    fn boards(&self) -> Box<dyn Fn(&mut egui::Ui)> {
        let rules = HuntRules::shipped().ok();
        Box::new(move |ui| {
            if let Some(rules) = &rules {
                table::paint_printed(ui.painter(), rules, 20, 20, "Track mode", None);
            }
        })
    }
}
