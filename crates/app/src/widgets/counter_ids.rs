//! Which counter a board draws: a game and a counter id of the game's mix
//! (`periscope_data::counters::of_game`), the key of the player's own art ([`super::counter_art`]).
//!
//! Every id a board draws is one of the constants below, each game's listed in its `ALL` by the same
//! macro that makes them, so a test checks them all against the game's mix
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
            pub const $name: CounterId<'static> = CounterId { game: $game, id: $id, class: "" };
        )*
        /// Every counter the game's boards draw.
        pub const ALL: &[CounterId<'static>] = &[$($name),*];
    };
}

/// Submarine Hunt's table.
pub mod hunt {
    use super::CounterId;
    game_ids!("hunt" {
        OXYGEN = "oxygen",
        BATTERY = "battery",
        HULL = "hull",
        TORPEDOES = "torpedoes",
        SINK_POINTS = "sink_points",
        MODE = "mode",
        DETECTIONS = "detections",
        HIT_BONUS = "hit_bonus",
    });

    /// The markers of the five supply tracks, in the table's order.
    pub const TRACKS: [CounterId<'static>; 5] = [OXYGEN, BATTERY, HULL, TORPEDOES, SINK_POINTS];
}

/// Sensuikan's sheets and Operations Map.
pub mod sensuikan {
    use super::CounterId;
    game_ids!("sensuikan" {
        SUBMARINE = "submarine",
        PATROL = "patrol",
        T95 = "t95",
        T89 = "t89",
        T6 = "t6",
        T92 = "t92",
        T97 = "t97",
        AMMUNITION = "ammunition",
        HULL = "hull",
        FLOODING = "flooding",
        TARGET = "target",
        ESCORT = "escort",
        MAJOR_EVENT = "major_event",
    });

    /// The marker of a torpedo by the name the engine gives it (`Type 95`, `T95`); a name it does not
    /// know is drawn as a Type 95, the commonest load.
    pub fn torpedo(name: &str) -> CounterId<'static> {
        let digits: String = name.chars().filter(char::is_ascii_digit).collect();
        match digits.as_str() {
            "89" => T89,
            "6" => T6,
            "92" => T92,
            "97" => T97,
            _ => T95,
        }
    }
}

/// Atlantic Sentinels' Operations Map and Tactical Display.
pub mod atlantic {
    use super::CounterId;
    game_ids!("atlantic" {
        ESCORT = "escort",
        TYPE_VII = "type_vii",
        TYPE_IX = "type_ix",
        DAY = "day",
        WEATHER = "weather",
        CYCLE = "cycle",
        IMPULSE = "impulse",
        STRAGGLER = "straggler",
        CONVOY = "convoy",
        CONDOR = "condor",
        RANDOM_EVENT = "random_event",
    });

    /// A U-boat's counter by its kind's name (`Type IXC` is a Type IX; every other a Type VII).
    pub fn uboat(kind: &str) -> CounterId<'static> {
        if kind.to_uppercase().contains("IX") {
            TYPE_IX
        } else {
            TYPE_VII
        }
    }
}

/// The Silent War IJN companion's board: the IJN set's counters, one kind per pile [3.0].
pub mod silent_war_ijn {
    use super::CounterId;
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
}

/// Every game's board counters.
pub fn all() -> impl Iterator<Item = CounterId<'static>> {
    hunt::ALL
        .iter()
        .chain(sensuikan::ALL)
        .chain(atlantic::ALL)
        .chain(silent_war_ijn::ALL)
        .copied()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

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

    /// Only Track mode, whose counters' kinds come from the mix itself, names a counter by a string; every
    /// board goes through the constants above, so the test above sees every id a board draws.
    #[test]
    fn boards_name_their_counters_by_the_constants() {
        fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let path = e.unwrap().path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|x| x == "rs") {
                    out.push(path);
                }
            }
        }
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        walk(&src, &mut files);
        let by_string: Vec<String> = files
            .iter()
            .filter(|f| !f.ends_with("widgets/counter_ids.rs"))
            .filter(|f| {
                let text = std::fs::read_to_string(f).unwrap();
                text.contains("of_mix(") || text.contains("CounterId {")
            })
            .map(|f| f.strip_prefix(&src).unwrap().display().to_string())
            .collect();
        assert_eq!(by_string, ["track/scene.rs"]);
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
