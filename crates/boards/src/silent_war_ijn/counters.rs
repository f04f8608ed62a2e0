//! The counters the Silent War IJN companion's board draws: the IJN set's counters, one kind per pile
//! [3.0], as ids of the set's mix (`periscope_data::counters::of_game`) and the drawing each shows
//! ([`crate::widgets::counter_drawings`]).

use crate::widgets::counter_ids::{CounterId, Counters, game_ids};

game_ids!("silent_war_ijn" {
    PILE_BB = "pile_bb",
    PILE_CV = "pile_cv",
    PILE_CA = "pile_ca",
    PILE_CL = "pile_cl",
    PILE_DD = "pile_dd",
    PILE_AX = "pile_ax",
});

/// The counters of a pile by its code (`BB`); a code it does not know is drawn as a destroyer's.
pub fn pile(code: &str) -> CounterId<'static> {
    match code.to_uppercase().as_str() {
        "BB" => PILE_BB,
        "CV" => PILE_CV,
        "CA" => PILE_CA,
        "CL" => PILE_CL,
        "AX" => PILE_AX,
        _ => PILE_DD,
    }
}

/// The drawing for a counter of the IJN set: the piles' capital ships, carriers, cruisers, destroyers
/// and auxiliaries [3.0].
pub fn drawing(kind: &str, _detail: Option<&str>) -> Option<&'static str> {
    Some(match kind {
        "pile_bb" => "battleship",
        "pile_cv" => "fleet_carrier",
        "pile_ca" => "heavy_cruiser",
        "pile_cl" => "light_cruiser",
        "pile_dd" => "destroyer",
        "pile_ax" => "tanker",
        _ => return None,
    })
}

/// The companion's counters in the boards' registry.
pub const COUNTERS: Counters = Counters {
    game: GAME,
    all: ALL,
    drawing,
};
