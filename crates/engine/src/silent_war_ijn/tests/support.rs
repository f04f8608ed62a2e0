//! What the companion's tests share: a game on scripted dice, set up in a few words, and ways to look at
//! its counters.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::super::*;
use crate::testing::{act, scripted};

/// A companion on these scripted faces, before set-up.
pub fn game(faces: &[u8]) -> Companion {
    scripted::<Companion>(CompanionOptions::default(), faces)
}

/// The set-up of a 1941-or-later game: start month, War Period, the optional Damage Table (with a
/// Campaign Game), and who draws. Returns the events of the set-up.
pub struct Start<'a> {
    pub month: &'a str,
    pub war_period: u8,
    pub damage_table: bool,
    pub campaign: Option<u8>,
    pub player_draws: bool,
    pub past: &'a [&'a str],
}

impl Default for Start<'_> {
    fn default() -> Self {
        Start {
            month: "12/41",
            war_period: 1,
            damage_table: false,
            campaign: None,
            player_draws: true,
            past: &[],
        }
    }
}

pub fn set_up(g: &mut Companion, s: Start) -> Vec<SwEvent> {
    let mut ev = act(g, "scenario 1941");
    ev.extend(act(g, &format!("start {}", s.month)));
    if s.month != "12/41" {
        for p in s.past {
            ev.extend(act(g, &format!("past {p}")));
        }
        ev.extend(act(g, "past done"));
    }
    ev.extend(act(g, &format!("war_period {}", s.war_period)));
    ev.extend(act(g, if s.damage_table { "yes" } else { "no" }));
    if s.damage_table {
        let c = s.campaign.map_or("none".to_string(), |c| c.to_string());
        ev.extend(act(g, &format!("campaign {c}")));
    }
    ev.extend(act(
        g,
        if s.player_draws {
            "draws player"
        } else {
            "draws periscope"
        },
    ));
    ev.extend(act(g, "piles"));
    ev
}

/// A 1941 game in `month`, the player drawing, no optional rules.
pub fn in_month(month: &str, faces: &[u8]) -> Companion {
    let mut g = game(faces);
    set_up(
        &mut g,
        Start {
            month,
            ..Start::default()
        },
    );
    g
}

/// The index of a counter in the catalog.
pub fn ix(g: &Companion, id: &str) -> usize {
    g.data
        .set
        .index_of(id)
        .unwrap_or_else(|| panic!("no counter {id}"))
}

pub fn place(g: &Companion, id: &str) -> Place {
    g.place(id).unwrap_or_else(|| panic!("no counter {id}"))
}

/// Puts a counter somewhere by hand (a test's set-up).
pub fn put(g: &mut Companion, id: &str, p: Place) {
    let i = ix(g, id);
    g.places[i] = p;
}

/// Empties a pile by hand: every counter in it is sunk.
pub fn empty_pile(g: &mut Companion, pile: periscope_data::silent_war_ijn::ships::PileId) {
    for i in g.pile(pile) {
        g.places[i] = Place::Sunk;
    }
}

/// The text of every event, one per line, for assertions on what the player reads.
pub fn text(ev: &[SwEvent]) -> String {
    ev.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
}

/// The notes citing a case.
pub fn notes<'e>(ev: &'e [SwEvent], case: &str) -> Vec<&'e str> {
    ev.iter()
        .filter_map(|e| match e {
            SwEvent::Note { rule, text } if rule == case => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// The prompt of the decision waited for.
pub fn prompt(g: &Companion) -> String {
    match g.pending() {
        Pending::Decision(d) => d.prompt,
        Pending::Roll(r) => format!("roll: {}", r.reason),
        Pending::Over { summary, .. } => format!("over: {summary}"),
    }
}
