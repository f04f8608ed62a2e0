//! The Silent War IJN Track table: the expansion's counters on a table of their own, beside the physical
//! game — the six piles [3.0] with every counter of the IJN set in its pile (the set's catalog,
//! `data/silent_war_ijn/ships.json`, is the mix: one kind per pile, one face per counter), a display
//! for the ships drawn this turn, the sunk and removed ships, and a repair track of
//! [`board::TRACK_MONTHS`] month boxes [3.51*].
//!
//! The table carries the companion's game ([`TrackLayout::companion`]): Carry the companion saves the
//! companion's state inside the table, so each named table holds one physical game of Silent War with
//! its IJN bookkeeping, and Open its companion takes it up again.
//!
//! Estimates: the expansion's text lists its counters by pile but not by sheet, so the counts are the
//! catalog's (its own provenance says which counters are reconstructed); the base game's counters and
//! markers are not the expansion's and are not in the mix.

use egui::{Align2, FontId, Pos2, Rect, Ui, Vec2, pos2, vec2};
use periscope_data::counters::CounterMix;
use periscope_data::silent_war_ijn::{IjnData, PileId};
use periscope_engine::Dice;

use super::board::TRACK_MONTHS;
use crate::board;
use crate::board::BoardText as _;
use crate::panels::rules_reference::RuleBook;
use crate::theme;
use crate::track::mix::{self, TrayPlan};
use crate::track::{FreeCounter, TrackLayout};

/// The layout, as the registry hands it to Track mode.
pub static LAYOUT: SilentWarTrack = SilentWarTrack;

/// Silent War IJN's Track layout.
pub struct SilentWarTrack;

/// The whole table.
const SIZE: Vec2 = vec2(1180.0, 680.0);
/// The sheet the boxes are printed on.
const SHEET: Rect = Rect::from_min_max(pos2(0.0, 0.0), pos2(1180.0, 680.0));
/// Pile boxes across the top, one per pile [3.0].
const PILE: Vec2 = vec2(170.0, 120.0);
const PILES_TOP: f32 = 70.0;

/// The box of pile `i` (in [`PileId::ALL`]'s order).
pub fn pile_box(i: usize) -> Rect {
    Rect::from_min_size(pos2(30.0 + i as f32 * (PILE.x + 18.0), PILES_TOP), PILE)
}

/// The display the turn's drawn ships lie on.
pub fn display_box() -> Rect {
    Rect::from_min_max(pos2(30.0, 230.0), pos2(770.0, 420.0))
}

fn sunk_box() -> Rect {
    Rect::from_min_max(pos2(790.0, 230.0), pos2(970.0, 420.0))
}

fn removed_box() -> Rect {
    Rect::from_min_max(pos2(990.0, 230.0), pos2(1150.0, 420.0))
}

/// Month box `m` (1-based) of the repair track: two rows of twelve.
pub fn repair_box(m: i32) -> Rect {
    let i = (m - 1).max(0) as usize;
    let (row, col) = (i / 12, i % 12);
    Rect::from_min_size(
        pos2(30.0 + col as f32 * 93.0, 480.0 + row as f32 * 90.0),
        vec2(86.0, 80.0),
    )
}

/// The IJN set as a counter mix (built by the data crate from the set's catalog).
fn counter_mix() -> Option<CounterMix> {
    periscope_data::counters::of_game("silent_war_ijn").and_then(Result::ok)
}

/// Every pile's counters stacked in its box.
fn plan() -> Option<TrayPlan> {
    let mix = counter_mix()?;
    let mut placed: Vec<(String, Pos2)> = Vec::new();
    for (i, kind) in mix.kinds.iter().enumerate() {
        for _ in 0..kind.count {
            placed.push((kind.id.clone(), pile_box(i).center() + vec2(0.0, 8.0)));
        }
    }
    let placed: Vec<(&str, Pos2)> = placed.iter().map(|(k, p)| (k.as_str(), *p)).collect();
    Some(mix::plan(
        &mix,
        &placed,
        &[],
        Rect::from_min_size(pos2(0.0, SIZE.y), Vec2::ZERO),
    ))
}

impl TrackLayout for SilentWarTrack {
    fn id(&self) -> &'static str {
        "silent_war_ijn"
    }

    fn name(&self) -> &'static str {
        "Silent War IJN"
    }

    fn hover(&self) -> &'static str {
        "The IJN set's counters in their piles beside your Silent War game, carrying its companion"
    }

    fn size(&self) -> Vec2 {
        SIZE
    }

    fn mix(&self) -> Option<CounterMix> {
        counter_mix()
    }

    fn counters(&self) -> Vec<FreeCounter> {
        plan().map(|p| p.counters).unwrap_or_default()
    }

    /// The piles (named from the catalog once, when the table opens), the display, the sunk and removed
    /// boxes and the repair track.
    fn boards(&self) -> Box<dyn Fn(&mut Ui)> {
        let names: Vec<String> = match IjnData::shipped() {
            Ok(data) => PileId::ALL
                .iter()
                .map(|&p| {
                    data.set
                        .piles
                        .iter()
                        .find(|pile| pile.id == p)
                        .map_or_else(|| p.code().to_string(), |pile| pile.name.clone())
                })
                .collect(),
            Err(_) => PileId::ALL.iter().map(|p| p.code().to_string()).collect(),
        };
        Box::new(move |ui| {
            let painter = ui.painter();
            board::paper(painter, SHEET, "SILENT WAR · IJN SET", "Track mode");
            board::heading(
                painter,
                pos2(30.0, PILES_TOP - 6.0),
                "Piles (face down, or cups) [3.0]",
            );
            for (i, name) in names.iter().enumerate() {
                board::printed_box(painter, pile_box(i), name, theme::PAPER_SHADE);
            }
            board::heading(
                painter,
                display_box().left_top() - vec2(0.0, 6.0),
                "Drawn this turn [3.0]",
            );
            board::printed_box(painter, display_box(), "", theme::PAPER);
            board::heading(painter, sunk_box().left_top() - vec2(0.0, 6.0), "Sunk [3.6]");
            board::printed_box(painter, sunk_box(), "", theme::PAPER);
            board::heading(
                painter,
                removed_box().left_top() - vec2(0.0, 6.0),
                "Removed [2.1.1]",
            );
            board::printed_box(painter, removed_box(), "", theme::PAPER);
            board::heading(painter, pos2(30.0, 474.0), "Repair track: months out [3.51*]");
            for m in 1..=TRACK_MONTHS {
                let r = repair_box(m);
                board::printed_box(painter, r, "", theme::PAPER);
                painter.board_text(
                    r.left_top() + vec2(6.0, 4.0),
                    Align2::LEFT_TOP,
                    format!("+{m}"),
                    FontId::proportional(11.0),
                    theme::NAVY_LIGHT,
                );
            }
        })
    }

    /// The Silent War die reads 0-9, as every result of the expansion's procedures does; the table keeps a d6 pair for the base game's own charts.
    fn dice(&self) -> &'static [Dice] {
        &[Dice::D10Zero, Dice::D2D6, Dice::D1D6]
    }

    fn rules(&self) -> Option<&'static dyn RuleBook> {
        Some(&super::rules::BOOK)
    }

    fn companion(&self) -> Option<&'static str> {
        Some("silent-war-ijn")
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    /// [3.0] The table holds every counter of the IJN set, each in its own pile's box, one stack a pile.
    #[test]
    fn every_counter_of_the_set_lies_in_its_pile() {
        let data = IjnData::shipped().unwrap();
        let counters = LAYOUT.counters();
        assert_eq!(counters.len(), data.set.counters.len());
        for (i, pile) in PileId::ALL.iter().enumerate() {
            let in_box: Vec<_> = counters.iter().filter(|c| pile_box(i).contains(c.at())).collect();
            let expected = data.set.counters.iter().filter(|c| c.pile == *pile).count();
            assert_eq!(in_box.len(), expected, "pile {}", pile.code());
            assert!(in_box.iter().all(|c| c.label == pile.code()));
            assert!(in_box.windows(2).all(|w| w[0].pos == w[1].pos), "one stack");
        }
        // Arashi, the rulebook's own example [3.51*], is found by name.
        let mix = LAYOUT.mix().unwrap();
        let dd = mix.kind("pile_dd").unwrap();
        assert!(
            dd.faces
                .iter()
                .any(|f| f.name.as_deref().is_some_and(|n| n.contains("Arashi")))
        );
        assert!(
            mix.problems("silent_war_ijn").is_empty(),
            "{:?}",
            mix.problems("silent_war_ijn")
        );
    }

    /// The repair track has a box per month the companion's track has.
    #[test]
    fn the_repair_track_has_every_month() {
        let boxes: Vec<_> = (1..=TRACK_MONTHS).map(repair_box).collect();
        assert_eq!(boxes.len(), TRACK_MONTHS as usize);
        assert!(boxes.windows(2).all(|w| !w[0].intersects(w[1])));
        assert!(boxes.iter().all(|b| SHEET.contains_rect(*b)));
    }
}
