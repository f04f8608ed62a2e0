//! Which counter a board draws: a game and a counter id of the game's mix
//! (`periscope_data::counters::of_game`), the key of the player's own art ([`super::counter_art`]).
//!
//! Every id a board draws is one of the constants of its game's `counters.rs`, each game's listed in its
//! `ALL` by the same macro that makes them (`game_ids!`), so a test checks them all against the game's mix
//! (`periscope-cli counters list GAME` prints that mix).

/// A counter of a game's mix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CounterId<'a> {
    pub game: &'a str,
    pub id: &'a str,
    /// The counter's class where its kind has several looks (an escort's `flower`, a submarine's `kd6`),
    /// which our drawing shows (`widgets::counter_drawings`); empty when the board does not say.
    pub class: &'a str,
}

impl<'a> CounterId<'a> {
    /// A counter whose kind comes from the game's mix itself (Track mode's tray).
    pub fn of_mix(game: &'a str, id: &'a str) -> Self {
        Self { game, id, class: "" }
    }

    /// A counter a board painted (by the constants below), named again to paint it large: the boards'
    /// magnifier ([`super::lens`]).
    pub(crate) fn painted_again(game: &'a str, id: &'a str, class: &'a str) -> Self {
        Self { game, id, class }
    }

    /// The same counter of class `class` (an escort's, a submarine's).
    pub fn with_class<'b>(self, class: &'b str) -> CounterId<'b>
    where
        'a: 'b,
    {
        CounterId { class, ..self }
    }
}

macro_rules! game_ids {
    ($game:literal { $($name:ident = $id:literal),* $(,)? }) => {
        /// The game's id.
        pub const GAME: &str = $game;
        $(
            #[doc = concat!("`", $id, "`")]
            pub const $name: $crate::widgets::counter_ids::CounterId<'static> = $crate::widgets::counter_ids::CounterId { game: $game, id: $id, class: "" };
        )*
        /// Every counter the game's boards draw.
        pub const ALL: &[$crate::widgets::counter_ids::CounterId<'static>] = &[$($name),*];
    };
}
pub(crate) use game_ids;

/// A game's counters as its boards draw them, in the boards' registry
/// ([`crate::picture::saves::PICTURED`]): the game's id, every id its boards name (made by `game_ids!`
/// in the game's own `counters.rs`), and the drawing of each kind of its mix.
#[derive(Clone, Copy)]
pub struct Counters {
    pub game: &'static str,
    pub all: &'static [CounterId<'static>],
    /// The drawing for a counter of a kind, with its class where it has one (see
    /// [`super::counter_drawings::drawing`]).
    pub drawing: fn(kind: &str, detail: Option<&str>) -> Option<&'static str>,
}

/// Every game's board counters.
pub fn all() -> impl Iterator<Item = CounterId<'static>> {
    crate::picture::saves::counters().flat_map(|c| c.all.iter().copied())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::atlantic::counters as atlantic;
    use crate::sensuikan::counters as sensuikan;
    use crate::silent_war_ijn::counters as silent_war_ijn;

    /// Every id a board draws is a counter of its game's mix, so the player's picture named by it (as
    /// `periscope-cli counters list` prints) is the one drawn.
    #[test]
    fn every_board_counter_is_in_its_games_mix() {
        for c in all() {
            let mix = periscope_data::counters::of_game(c.game)
                .unwrap_or_else(|| panic!("{} has no mix", c.game))
                .unwrap();
            assert!(mix.kind(c.id).is_some(), "{}: {} is not in the mix", c.game, c.id);
        }
    }

    #[test]
    fn names_map_to_their_counters() {
        assert_eq!(sensuikan::torpedo("Type 89"), sensuikan::T89);
        assert_eq!(sensuikan::torpedo("T6"), sensuikan::T6);
        assert_eq!(sensuikan::torpedo("Type 95"), sensuikan::T95);
        assert_eq!(atlantic::uboat("Type IXC"), atlantic::TYPE_IX);
        assert_eq!(atlantic::uboat("Type VIIC"), atlantic::TYPE_VII);
        for p in periscope_data::silent_war_ijn::PileId::ALL {
            assert_eq!(
                silent_war_ijn::pile(p.code()).id,
                periscope_data::silent_war_ijn::counters::pile_kind(p)
            );
        }
    }
}
