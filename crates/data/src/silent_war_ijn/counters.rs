//! The IJN set's counters for Track mode: the companion's counters are its set's catalog, so its mix is
//! built from `data/silent_war_ijn/ships.json` (one kind per pile), registered in
//! [`crate::counters::REGISTRY`].

use super::{GAME, IjnData, PileId};
use crate::DataError;
use crate::Provenance;
use crate::counters::mix::{CounterKind, CounterMix, CounterSide, CounterSymbol, Face, MARK_CHARS};

/// The IJN set's counter mix, built from the shipped catalogs.
pub fn mix() -> Result<CounterMix, DataError> {
    IjnData::shipped().map(|d| of_set(&d))
}

/// The id of a Silent War IJN pile's kind (`pile_bb`).
pub fn pile_kind(pile: PileId) -> String {
    format!("pile_{}", pile.code().to_lowercase())
}

/// The IJN set as a counter mix: one kind per pile [3.0], a face per counter with its name for the search.
fn of_set(data: &IjnData) -> CounterMix {
    let kinds = PileId::ALL
        .iter()
        .map(|&pile| {
            let counters: Vec<_> = data.set.counters.iter().filter(|c| c.pile == pile).collect();
            let name = data
                .set
                .piles
                .iter()
                .find(|p| p.id == pile)
                .map_or_else(|| pile.code().to_string(), |p| p.name.clone());
            CounterKind {
                id: pile_kind(pile),
                label: pile.code().to_string(),
                name: format!("{name} pile"),
                group: "IJN set".into(),
                side: CounterSide::Enemy,
                symbol: CounterSymbol::Ship,
                count: counters.len() as u32,
                back: None,
                faces: counters
                    .iter()
                    .map(|c| Face {
                        id: Some(c.id.clone()),
                        mark: c.name.chars().take(MARK_CHARS).collect(),
                        name: Some(format!("{} ({} class, {}t)", c.name, c.class, c.tonnage)),
                        back: None,
                    })
                    .collect(),
                provenance: Provenance::Rule { case: "3.0".into() },
            }
        })
        .collect();
    CounterMix {
        game: GAME.into(),
        title: "The IJN set".into(),
        notes: vec!["Every counter of the IJN set, from the companion's catalog, in its pile [3.0].".into()],
        kinds,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

    /// [3.0] The IJN set's mix, built from its catalog, is valid and has one kind per pile.
    #[test]
    fn the_mix_has_one_kind_per_pile() {
        let ijn = crate::counters::of_game(GAME).unwrap().unwrap();
        assert_eq!(ijn.problems(GAME), Vec::new());
        let piles: Vec<&str> = ijn.kinds.iter().map(|k| k.id.as_str()).collect();
        assert_eq!(
            piles,
            ["pile_bb", "pile_cv", "pile_ca", "pile_cl", "pile_dd", "pile_ax"],
            "[3.0] one kind per pile"
        );
    }
}
