//! A game's counter mix on a fresh table: the counters that start on a board where the layout puts them,
//! every other counter in the tray, kind by kind under its group's heading.
//!
//! The mix is the game's data (`data/<game>/counters.json`, [`periscope_data::counters`]); where each
//! counter starts is the layout's, as a board's boxes are. [`TrayPlan`] is computed once from both and read
//! twice — by the fresh table for the counters' places, by the boards for the tray's headings — so the
//! two never disagree.

use egui::{Pos2, Rect, pos2};
use periscope_data::counters::{CounterKind, CounterMix, CounterSide, CounterSymbol};

use super::table::FreeCounter;
use crate::theme::Side;
use crate::widgets::counter::Symbol;

/// The app's colour family for a side of the data.
pub fn side(s: CounterSide) -> Side {
    match s {
        CounterSide::Submarine => Side::Submarine,
        CounterSide::Enemy => Side::Enemy,
        CounterSide::Marker => Side::Marker,
    }
}

/// The app's symbol for a symbol of the data.
pub fn symbol(s: CounterSymbol) -> Symbol {
    match s {
        CounterSymbol::Submarine => Symbol::Submarine,
        CounterSymbol::Torpedo => Symbol::Torpedo,
        CounterSymbol::Ship => Symbol::Ship,
        CounterSymbol::Star => Symbol::Star,
        CounterSymbol::Gauge => Symbol::Gauge,
        CounterSymbol::Die => Symbol::Die,
        CounterSymbol::Flag => Symbol::Flag,
        CounterSymbol::Plane => Symbol::Plane,
        CounterSymbol::Medal => Symbol::Medal,
        CounterSymbol::Shell => Symbol::Shell,
    }
}

/// Counter `i` of a kind, at `pos`, face up (its id is given when the table is made).
pub fn counter_of(kind: &CounterKind, i: usize, pos: Pos2) -> FreeCounter {
    let face = kind.face(i);
    FreeCounter {
        id: 0,
        label: kind.label.clone(),
        side: side(kind.side),
        symbol: symbol(kind.symbol),
        pos: [pos.x, pos.y],
        flipped: false,
        kind: kind.id.clone(),
        mark: face.map(|f| f.mark.clone()).unwrap_or_default(),
        back: face
            .and_then(|f| f.back.clone())
            .or_else(|| kind.back.clone())
            .unwrap_or_default(),
        note: String::new(),
        tint: super::table::Tint::None,
    }
}

/// Where a mix lies on a fresh table.
#[derive(Debug, Clone, PartialEq)]
pub struct TrayPlan {
    /// Every counter of the mix where it starts, in the mix's order (the ones the layout placed first).
    pub counters: Vec<FreeCounter>,
    /// Each group's heading in the tray, and where it is printed.
    pub headings: Vec<(String, Pos2)>,
}

/// Space between counters in the tray.
const STEP: f32 = 40.0;

/// Lays out `mix`: the counters of `placed` first (a kind and where its next counter starts), then the
/// rest in the tray `tray`, group by group, in rows; the tray counters of the kinds in `piles` lie in one
/// stack each (the sixteen other submarine types, say), every other counter on its own.
pub fn plan(mix: &CounterMix, placed: &[(&str, Pos2)], piles: &[&str], tray: Rect) -> TrayPlan {
    let mut counters = Vec::new();
    let mut taken: Vec<(&str, usize)> = Vec::new();
    for (kind_id, at) in placed {
        let Some(kind) = mix.kind(kind_id) else { continue };
        let n = taken.iter().filter(|(k, _)| k == kind_id).count();
        if n < kind.count as usize {
            counters.push(counter_of(kind, n, *at));
            taken.push((kind_id, n));
        }
    }
    let per_row = (((tray.width() - 50.0) / STEP) as usize).max(1);
    let left = tray.left() + 30.0 + 16.0;
    let mut y = tray.top() + 62.0;
    let mut headings = Vec::new();
    let mut groups: Vec<&str> = Vec::new();
    for k in &mix.kinds {
        if !groups.contains(&k.group.as_str()) {
            groups.push(&k.group);
        }
    }
    for group in groups {
        let mut slot = 0usize;
        let mut heading_at = None;
        for kind in mix.kinds.iter().filter(|k| k.group == group) {
            let first = taken.iter().filter(|(k, _)| *k == kind.id).count();
            let rest = first..kind.count as usize;
            if rest.is_empty() {
                continue;
            }
            if heading_at.is_none() {
                heading_at = Some(pos2(tray.left() + 30.0, y));
                y += 24.0;
            }
            let pile = piles.contains(&kind.id.as_str());
            let slot_at = |slot: usize| {
                pos2(
                    left + (slot % per_row) as f32 * STEP,
                    y + (slot / per_row) as f32 * (STEP + 2.0),
                )
            };
            for i in rest {
                counters.push(counter_of(kind, i, slot_at(slot)));
                if !pile {
                    slot += 1;
                }
            }
            if pile {
                slot += 1;
            }
        }
        if let Some(at) = heading_at {
            headings.push((group.to_uppercase(), at));
            let rows = slot.div_ceil(per_row).max(1);
            y += rows as f32 * (STEP + 2.0) + 12.0;
        }
    }
    TrayPlan { counters, headings }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use egui::vec2;

    #[test]
    fn every_counter_of_the_mix_is_laid_out_once_the_placed_ones_first() {
        let mix = periscope_data::counters::shipped("sensuikan").unwrap().unwrap();
        let tray = Rect::from_min_size(pos2(1000.0, 800.0), vec2(1180.0, 900.0));
        let plan = plan(&mix, &[("rank", pos2(5.0, 5.0))], &["submarine"], tray);
        assert_eq!(plan.counters.len() as u32, mix.total());
        assert_eq!(plan.counters[0].kind, "rank");
        assert_eq!(plan.counters[0].mark, "1", "the first rank marker is placed");
        assert!(
            plan.counters[1..].iter().all(|c| tray.contains(c.at())),
            "the rest are in the tray"
        );
        let subs: Vec<&FreeCounter> = plan.counters.iter().filter(|c| c.kind == "submarine").collect();
        assert!(
            subs.iter().all(|c| c.pos == subs[0].pos),
            "the submarine markers are one pile"
        );
        let t95: Vec<[f32; 2]> = plan
            .counters
            .iter()
            .filter(|c| c.kind == "t95")
            .map(|c| c.pos)
            .collect();
        let mut distinct = t95.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), t95.len(), "torpedoes lie one by one");
        assert_eq!(plan.headings.len(), 8);
        let back = plan.counters.iter().find(|c| c.kind == "system_damage").unwrap();
        assert_eq!((back.label.as_str(), back.back.as_str()), ("DMG", "INOP"));
    }
}
