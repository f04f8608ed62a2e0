//! Shared helpers of the mission tests: a mission on scripted dice, the faces that open a battle and
//! place a boat on a circle of T1A, and the Example's array.

use periscope_data::atlantic::catalog::merchants::ConvoySize;
use periscope_data::atlantic::charts::ConvoyType;

use crate::atlantic::{ConvoyAssignment, Mission, MissionEvent, MissionOptions};
use crate::dice::DiceMode;
use crate::game::Game;
use crate::roll::RollRecord;
use crate::testing::{act, rolls};

/// A mission on scripted faces (seed 1).
pub(crate) fn scripted(options: MissionOptions, faces: &[u8]) -> Mission {
    crate::testing::scripted::<Mission>(options, faces)
}

/// A mission on seeded dice.
pub(crate) fn seeded(options: MissionOptions, seed: u64) -> Mission {
    Mission::new(options, seed, DiceMode::Seeded).unwrap()
}

/// The Example's setting with the convoy given (a large ON convoy on T1A) and HF/DF.
pub(crate) fn opts() -> MissionOptions {
    MissionOptions {
        convoy: Some(ConvoyAssignment {
            convoy: ConvoyType::On,
            size: ConvoySize::Large,
        }),
        hf_df: Some(true),
        ..MissionOptions::default()
    }
}

pub(crate) const NIGHT: bool = true;
pub(crate) const DAY: bool = false;

/// The faces that bring a battle in box 1 (2/42): a wolfpack of `boats` (A3 less 2), or a single Type
/// VII for 1; day or night; Fair weather.
pub(crate) fn opening(night: bool, boats: u8) -> Vec<u8> {
    let time = if night { 5 } else { 2 };
    if boats == 1 {
        // A2 3: a single U-boat; day or night; C3 4 Fair; A3's single boat: 1 = Type VII.
        vec![1, 2, time, 4, 1]
    } else {
        // A2 4: a wolfpack; A3 natural boats + 2, less 2 in 1942.
        let natural = boats + 2;
        let a = natural.saturating_sub(6).max(1);
        vec![1, 3, time, 4, a, natural - a]
    }
}

/// The side and approach faces that place a boat on a circle of T1A.
pub(crate) fn at(circle: &str) -> Vec<u8> {
    match circle {
        "K" => vec![3, 4, 1],
        "A1" => vec![3, 4, 2],
        "A2" => vec![3, 4, 3],
        "B" => vec![3, 4, 4],
        "J" => vec![1, 2, 1],
        "H" => vec![1, 2, 5],
        "C" => vec![4, 5, 1],
        "D" => vec![4, 5, 5],
        "E" => vec![1, 1, 1],
        "F" => vec![1, 1, 3],
        "G" => vec![1, 1, 5],
        other => panic!("no circle {other} on T1A"),
    }
}

/// The Example's array [8.0]: the H-class (Type 271) in J, the Town in D, the V-class in C, the Flowers
/// in K, A and B.
pub(crate) const EXAMPLE: [(&str, &str); 6] = [
    ("hurricane", "J"),
    ("rockingham", "D"),
    ("venomous", "C"),
    ("anchusa", "K"),
    ("dahlia", "A"),
    ("monkshood", "B"),
];

/// Places the escorts.
pub(crate) fn array(m: &mut Mission, places: &[(&str, &str)]) -> Vec<MissionEvent> {
    let mut ev = Vec::new();
    for (ship, station) in places {
        ev.extend(act(m, &format!("place {ship} {station}")));
    }
    ev
}

/// The rolls on one chart, in order.
pub(crate) fn on<'e>(ev: &'e [MissionEvent], chart: &str) -> Vec<&'e RollRecord> {
    rolls(ev).into_iter().filter(|r| r.chart == chart).collect()
}

pub(crate) fn has_mod(r: &RollRecord, rule: &str, value: i32) -> bool {
    r.modifiers.iter().any(|m| m.rule == rule && m.value == value)
}
