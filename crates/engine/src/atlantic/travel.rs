//! The route and the crossing's state kept from box to box: the travel boxes as the map gives them
//! [6.1 2A] [7.2.1], where the convoy is, and the markers the crossing leaves for later boxes [7.2.7] [9.2].
//! The battles read it (the box a battle is fought in); the crossing's steps in `voyage` change it.

use serde::Serialize;

/// A travel box of the route, as the map gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TravelBox {
    pub id: String,
    pub name: String,
    /// One of the three C boxes, the only ones with Condors [7.2.1].
    pub condor_range: bool,
    /// One of the two air gap boxes: no long-range air [7.2.1].
    pub air_gap: bool,
    pub long_range_air: bool,
}

/// The crossing's state, kept from box to box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Voyage {
    pub route: Vec<TravelBox>,
    pub eastbound: bool,
    /// The meeting points and the base of the next refit [4.7].
    pub from: String,
    pub to: String,
    pub refit_at: String,
    /// The box the convoy is in, from 0; the route's length once arrived.
    pub position: usize,
    /// A2 rolls still due in this box [7.2.7].
    pub rolls_left: u8,
    /// A Condor shadowed the convoy: the next box rolls twice [7.2.7].
    pub shadowed: bool,
    /// The first natural 12 of the mission has been the random event [9.1].
    pub event_used: bool,
    /// This box rolls no encounter (an Ultra decrypt) [9.2].
    pub quiet: bool,
    pub quiet_next: bool,
    /// The next encounter is in Bad weather without a C3 roll (a gale) [9.2].
    pub gale: bool,
    /// The next contact report is fixed without an HF/DF roll [9.2].
    pub hf_df_fix: bool,
}

impl Voyage {
    /// The box number a player reads, from 1.
    pub fn box_number(&self) -> u8 {
        u8::try_from(self.position + 1).unwrap_or(u8::MAX)
    }

    pub fn current(&self) -> Option<&TravelBox> {
        self.route.get(self.position)
    }

    /// The convoy is in the last box of its route.
    pub fn last_box(&self) -> bool {
        self.position + 1 == self.route.len()
    }
}
