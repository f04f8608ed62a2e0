//! The exact odds of a roll, from its dice, its modifiers and its chart: every face of the dice is
//! enumerated (never sampled), read as the roll's record reads it (natural, modifiers, the chart's
//! clamping) and judged by the game's own reading of the chart, natural-2/12 rules included.
//!
//! The decision panel asks [`odds`] for a choice of the decision waiting: the choice is played on a copy
//! whose dice must be entered, so the copy stops at the first roll the choice sets off; the game then
//! says, through [`crate::machine::Rules::roll_odds`], what that roll's outcomes are. [`odds_now`] does the
//! same for the roll a game waits for. A roll the game cannot foresee (or a choice that rolls nothing)
//! gives `None`: the panel shows no figure rather than a guess.
//!
//! The values themselves ([`Odds`], [`RollDistribution`]) are in `values`, below the machine: the machine
//! names them in `Rules::roll_odds` without importing this module, which plays the machine.

pub(crate) mod values;

use std::collections::VecDeque;

pub use values::{Odds, Outcome, RollDistribution};

use crate::dice::{Dice, DiceSource};
use crate::machine::{self, Rules};
use crate::roll::{Modifier, RollRecord};

/// Every combination of faces `dice` can show, each equally likely, in the order the dice record them.
pub fn all_faces(dice: Dice) -> Vec<Vec<u8>> {
    let mut combos: Vec<Vec<u8>> = vec![Vec::new()];
    for i in 0..dice.face_count() {
        let (low, high) = dice.face_range(i);
        combos = combos
            .into_iter()
            .flat_map(|c| {
                (low..=high).map(move |f| {
                    let mut next = c.clone();
                    next.push(f);
                    next
                })
            })
            .collect();
    }
    combos
}

/// A roll to judge: its dice, the modifiers in force and the chart's ends.
#[derive(Debug, Clone, PartialEq)]
pub struct RollToJudge {
    pub chart: String,
    pub rule: String,
    pub dice: Dice,
    pub modifiers: Vec<Modifier>,
    /// The chart's lowest and highest row: modified results are clamped to them.
    pub clamp: (i32, i32),
}

impl RollToJudge {
    pub fn new(
        chart: impl Into<String>,
        rule: impl Into<String>,
        dice: Dice,
        modifiers: Vec<Modifier>,
        clamp: (i32, i32),
    ) -> Self {
        Self {
            chart: chart.into(),
            rule: rule.into(),
            dice,
            modifiers,
            clamp,
        }
    }

    /// The odds of each outcome: every face combination is read into the record the roll would leave
    /// and judged by `outcome` (which sees the natural roll for natural-2/12 rules and the clamped
    /// result). Outcomes are sorted by outcome: `order` first (the chart's order), then numbers in numeric
    /// order, then the rest in the chart's order ([`by_faces`]).
    pub fn odds<E>(
        &self,
        order: &[&str],
        covers: impl Into<String>,
        outcome: impl Fn(&RollRecord) -> Result<String, E>,
    ) -> Result<Odds, E> {
        by_faces(
            self.chart.clone(),
            self.rule.clone(),
            self.dice,
            order,
            covers,
            |faces| {
                let rec = RollRecord::new(
                    self.chart.clone(),
                    self.rule.clone(),
                    self.dice,
                    faces,
                    self.modifiers.clone(),
                    self.clamp,
                );
                outcome(&rec)
            },
        )
    }
}

/// The odds of a roll judged from its faces alone, for a game whose own reading takes the faces (a
/// procedure chart read with its modifiers): `judge` gives each combination's outcome. The outcomes are
/// sorted by outcome ([`sort_outcomes`]).
pub fn by_faces<E>(
    chart: impl Into<String>,
    rule: impl Into<String>,
    dice: Dice,
    order: &[&str],
    covers: impl Into<String>,
    judge: impl Fn(Vec<u8>) -> Result<String, E>,
) -> Result<Odds, E> {
    let combos = all_faces(dice);
    let of = u32::try_from(combos.len()).unwrap_or(u32::MAX);
    // Each outcome with its ways and the lowest reading of the dice that gives it (the chart's order).
    let mut counts: Vec<(String, u32, i32)> = order.iter().map(|l| ((*l).to_string(), 0, i32::MAX)).collect();
    for faces in combos {
        let read = dice.read(&faces);
        let label = judge(faces)?;
        match counts.iter_mut().find(|(l, _, _)| *l == label) {
            Some((_, n, lowest)) => {
                *n += 1;
                *lowest = (*lowest).min(read);
            }
            None => counts.push((label, 1, read)),
        }
    }
    sort_outcomes(&mut counts, order);
    Ok(Odds {
        rule: rule.into(),
        chart: chart.into(),
        outcomes: counts
            .into_iter()
            .map(|(label, ways, _)| Outcome {
                label,
                probability: f64::from(ways) / f64::from(of.max(1)),
                ways,
                of,
            })
            .collect(),
        covers: covers.into(),
    })
}

/// Sorts a roll's outcomes by outcome: those the game lists in `order` first, in the chart's order it
/// gives; then those that are numbers (`6 hits`; `no hit` is 0) in numeric order; then the others in the
/// chart's order, by the lowest reading of the dice that gives each. Never by how often they come up, nor
/// by which throw happened to be counted first.
fn sort_outcomes(counts: &mut [(String, u32, i32)], order: &[&str]) {
    counts.sort_by_key(|(label, _, lowest)| match order.iter().position(|o| o == label) {
        Some(i) => (0u8, i64::try_from(i).unwrap_or(i64::MAX)),
        None => match outcome_number(label) {
            Some(n) => (1, n),
            None => (2, i64::from(*lowest)),
        },
    });
}

/// The number an outcome reads as, if it is one: `8 hits` is 8, `-1` is -1, `no hit` is 0.
fn outcome_number(label: &str) -> Option<i64> {
    let trimmed = label.trim_start();
    if trimmed.starts_with("no ") {
        return Some(0);
    }
    let (sign, digits) = match trimmed.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, trimmed),
    };
    let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    digits.get(..end)?.parse::<i64>().ok().map(|n| sign * n)
}

/// The odds of a judgement that cannot fail (its error type has no value).
pub fn certain(judged: Result<Odds, std::convert::Infallible>) -> Odds {
    match judged {
        Ok(odds) => odds,
        Err(never) => match never {},
    }
}

/// The odds of the roll the game waits for now, if it waits for one the game can foresee.
pub fn odds_now<G: Rules>(game: &G) -> Option<Odds> {
    game.waiting_roll().and_then(|roll| game.roll_odds(roll))
}

/// The odds of the first roll `choice` sets off, for the decision panel: the choice is played on a copy
/// whose dice wait to be entered, so the copy stops at that roll. `None` when the choice is not legal
/// now, rolls nothing, sets off a roll the game gives no odds for, or is a player's secret choice.
pub fn odds<G: Rules>(game: &G, choice: &G::Action) -> Option<Odds> {
    if game.secret_choice() {
        return None;
    }
    let mut copy = game.clone();
    *copy.dice() = DiceSource::Manual(VecDeque::new());
    machine::play_in_place(&mut copy, choice.clone()).ok()?;
    odds_now(&copy)
}

/// The distribution of the roll `record` records: every face combination of its dice, read as the record
/// reads its own faces (natural plus the same modifiers, held at the chart's ends). The record keeps the
/// ends it was read against, so every throw of the same roll gives the same distribution, whichever face
/// came up. A record read back from a file has no ends: then a result the modifiers pushed past an end
/// shows where the chart held it, and the totals beyond it are held there too; an end the roll did not
/// reach is not known, and those totals stand as they are.
pub fn of_roll(record: &RollRecord) -> RollDistribution {
    let shift: i32 = record.modifiers.iter().map(|m| m.value).sum();
    let (low, high) = record.ends.map_or_else(
        || {
            let total = record.natural + shift;
            (
                (record.result > total).then_some(record.result),
                (record.result < total).then_some(record.result),
            )
        },
        |(l, h)| (Some(l), Some(h)),
    );
    let mut counts: Vec<(i32, u32)> = Vec::new();
    let combos = all_faces(record.dice);
    let of = u32::try_from(combos.len()).unwrap_or(u32::MAX);
    for faces in combos {
        let mut r = record.dice.read(&faces) + shift;
        if let Some(l) = low {
            r = r.max(l);
        }
        if let Some(h) = high {
            r = r.min(h);
        }
        match counts.iter_mut().find(|(x, _)| *x == r) {
            Some((_, n)) => *n += 1,
            None => counts.push((r, 1)),
        }
    }
    counts.sort_unstable_by_key(|(r, _)| *r);
    RollDistribution {
        results: counts,
        of,
        rolled: record.result,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn every_dice_lists_each_combination_once() {
        for (dice, n) in [
            (Dice::D1D6, 6),
            (Dice::D2D6, 36),
            (Dice::D6 { count: 3 }, 216),
            (Dice::D10, 10),
            (Dice::D10Zero, 10),
            (Dice::D20, 20),
            (Dice::D100, 100),
            (Dice::D66, 36),
        ] {
            let all = all_faces(dice);
            assert_eq!(all.len(), n, "{dice}");
            let mut read: Vec<i32> = all.iter().map(|f| dice.read(f)).collect();
            read.sort_unstable();
            read.dedup();
            let distinct = match dice {
                Dice::D6 { count } => usize::from(count) * 5 + 1,
                Dice::D66 => 36,
                _ => n,
            };
            assert_eq!(read.len(), distinct, "{dice}");
            assert!(all.iter().all(|f| dice.check(f).is_ok()));
        }
    }

    #[test]
    fn modifiers_and_clamping_shift_a_2d6_roll() {
        // 2d6 - 3 clamped to 2..12: results 2 come from naturals 2-5 (10 of 36).
        let roll = RollToJudge::new(
            "X",
            "0",
            Dice::D2D6,
            vec![Modifier::new(-3, "test", "0")],
            (2, 12),
        );
        let o = roll
            .odds::<()>(&["low", "high"], "the roll", |r| {
                Ok(if r.result == 2 { "low" } else { "high" }.to_string())
            })
            .unwrap();
        assert_eq!(o.outcomes[0].ways, 10);
        assert_eq!(o.outcomes[0].of, 36);
        assert!((o.of("low") + o.of("high") - 1.0).abs() < 1e-12);
    }
    /// A 2d6 roll at +1 that gave 8: the results 3-13 in the triangle of 36 (a 7 natural, 8 now, 6 ways).
    #[test]
    fn the_distribution_of_a_roll_counts_every_throw_under_its_modifiers() {
        let rec = RollRecord::new(
            "B4",
            "7.1.3",
            Dice::D2D6,
            vec![3, 4],
            vec![Modifier::new(1, "test", "0")],
            (2, 13),
        );
        let d = of_roll(&rec);
        assert_eq!(d.of, 36);
        assert_eq!(d.rolled, 8);
        // By hand: totals 3..=13 with 1,2,3,4,5,6,5,4,3,2,1 ways.
        let hand: Vec<(i32, u32)> = (2..=12i32).map(|n| (n + 1, 6 - (7 - n).unsigned_abs())).collect();
        assert_eq!(d.results, hand);
        assert!((d.of(8) - 6.0 / 36.0).abs() < 1e-12);
        assert_eq!(d.of(2), 0.0);
    }

    /// A roll the chart held at its top end: 5 + 6 = 11, +3 = 14, held at 12; every total of 12 or more
    /// is held there too (naturals 9-12: 10 of 36).
    #[test]
    fn a_held_roll_holds_the_totals_beyond_its_end() {
        let rec = RollRecord::new(
            "X",
            "0",
            Dice::D2D6,
            vec![5, 6],
            vec![Modifier::new(3, "test", "0")],
            (2, 12),
        );
        let d = of_roll(&rec);
        assert_eq!(d.rolled, 12);
        assert_eq!(d.results.last(), Some(&(12, 10)));
        assert_eq!(d.results.first(), Some(&(5, 1)));
        assert_eq!(d.results.iter().map(|(_, w)| w).sum::<u32>(), 36);
    }

    /// The same roll gives the same distribution whichever face came up: a 2d6 roll at -3 on a chart from
    /// 2 to 12 holds the totals below 2 at 2 (naturals 2-5: 10 of 36) after a throw the chart held and
    /// after one it did not; both agree with a count of every throw by hand.
    #[test]
    fn every_throw_of_a_roll_gives_the_same_distribution() {
        let mut hand: Vec<(i32, u32)> = Vec::new();
        for a in 1..=6 {
            for b in 1..=6 {
                let r = (a + b - 3).clamp(2, 12);
                match hand.iter_mut().find(|(x, _)| *x == r) {
                    Some((_, n)) => *n += 1,
                    None => hand.push((r, 1)),
                }
            }
        }
        hand.sort_unstable();
        assert_eq!(hand.first(), Some(&(2, 10)));
        for faces in all_faces(Dice::D2D6) {
            let rec = RollRecord::new(
                "X",
                "0",
                Dice::D2D6,
                faces.clone(),
                vec![Modifier::new(-3, "test", "0")],
                (2, 12),
            );
            let d = of_roll(&rec);
            assert_eq!(d.results, hand, "after {faces:?}");
            assert_eq!(d.rolled, rec.result);
        }
    }

    /// A record read back from a file keeps no ends: its distribution is read from its own result.
    #[test]
    fn a_record_read_back_holds_only_the_end_it_shows() {
        let rec = RollRecord::new(
            "X",
            "0",
            Dice::D1D6,
            vec![1],
            vec![Modifier::new(-1, "test", "0")],
            (1, 6),
        );
        let back: RollRecord = serde_json::from_str(&serde_json::to_string(&rec).unwrap()).unwrap();
        assert_eq!(back.ends, None);
        assert_eq!(of_roll(&back).results.first(), Some(&(1, 2)));
        assert_eq!(of_roll(&rec), of_roll(&back));
    }

    /// Odds lists are sorted by outcome: the listed ones in the chart's order, then numbers in numeric
    /// order (`3 hits · 6 hits · 8 hits`, never in the order a throw first gave them), then the rest in the
    /// chart's order (by the lowest throw that gives each).
    #[test]
    fn odds_are_sorted_by_outcome() {
        let labels = |o: &Odds| o.outcomes.iter().map(|x| x.label.clone()).collect::<Vec<_>>();
        // Throws 1-6 give 3, 8, 6, 6, 3, 3 hits: first seen 3, 8, 6.
        let hits = by_faces::<()>("X", "0", Dice::D1D6, &[], "the roll", |f| {
            Ok(format!("{} hits", [3, 8, 6, 6, 3, 3][usize::from(f[0] - 1)]))
        })
        .unwrap();
        assert_eq!(labels(&hits), ["3 hits", "6 hits", "8 hits"]);
        assert_eq!(hits.summary(), "3 hits 50 % · 6 hits 33 % · 8 hits 17 %");
        // Listed first in the given order, then numbers (`no hit` is 0), then words by the throw.
        let mixed = by_faces::<()>("X", "0", Dice::D1D6, &["miss"], "the roll", |f| {
            Ok(match f[0] {
                1 => "sunk",
                2 => "12 hits",
                3 => "no hit",
                4 => "damaged",
                5 => "2 hits",
                _ => "miss",
            }
            .to_string())
        })
        .unwrap();
        assert_eq!(
            labels(&mixed),
            ["miss", "no hit", "2 hits", "12 hits", "sunk", "damaged"]
        );
        assert_eq!(outcome_number("-1"), Some(-1));
        assert_eq!(outcome_number("hit"), None);
    }
}
