//! Counter sheets: every counter a physical game has, in the numbers its component list gives, for Track
//! mode's tray (`data/<game>/counters.json`).
//!
//! A game's mix is data, not code, for the reason its charts are: the numbers come from the rulebook's
//! component list (Sensuikan's [3.3.2]) where it gives them and are estimated where it does not, and each
//! kind of counter says which, with its provenance, exactly as a chart row does. A player can read the
//! file, the shipped-data test checks it, and a game that joins the house (Atlantic Sentinels, the Silent
//! War companion) hands its mix in the same way: a file and one line in [`SHIPPED`].
//!
//! ```json
//! {"game": "sensuikan", "title": "…", "notes": ["…"],
//!  "kinds": [{"id": "rank", "label": "RANK", "name": "Officer rank marker", "group": "Career",
//!             "side": "marker", "symbol": "star", "count": 3,
//!             "faces": [{"mark": "1"}, {"mark": "2"}, {"mark": "3"}],
//!             "provenance": {"source": "rule", "case": "3.3.2"}}]}
//! ```

use serde::{Deserialize, Serialize};

use crate::{DataError, Provenance};

/// The colour family of a counter: the player's boat and its stores, the enemy, or a neutral marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterSide {
    Submarine,
    Enemy,
    Marker,
}

/// The symbol drawn on a counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterSymbol {
    Submarine,
    Torpedo,
    Ship,
    Star,
    Gauge,
    Die,
    Flag,
    Plane,
    Medal,
    Shell,
}

/// What tells one counter of a kind from the others (the class of a submarine marker, the number of a
/// rank marker).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Face {
    /// The catalog entry it stands for, when there is one (`type_c`, `pearl_harbor`): a test checks the
    /// faces against the game's catalogs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Printed on the counter, short (at most 8 characters).
    pub mark: String,
    /// Its full name, for the tray's search (`Type C`, `Pearl Harbor`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The back's label when it differs from the kind's (`VET` behind `TRN`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<String>,
}

/// One kind of counter and how many the game has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterKind {
    /// Stable id (`t95`).
    pub id: String,
    /// Printed on the counter, short (at most 7 characters: `T95`).
    pub label: String,
    /// What it is, for the tray's search (`Type 95 oxygen torpedo`).
    pub name: String,
    /// The tray's section it sits in (`Armament`).
    pub group: String,
    pub side: CounterSide,
    pub symbol: CounterSymbol,
    /// How many the physical game has.
    pub count: u32,
    /// What the back reads when the counter is flipped (`INOP` behind a damage marker); none: the label on
    /// a plain back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<String>,
    /// One per counter when the counters of the kind differ; empty when they are all alike.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faces: Vec<Face>,
    /// Where the count comes from: the component list's case, or why it is estimated.
    pub provenance: Provenance,
}

impl CounterKind {
    /// The face of the kind's `i`-th counter, when its counters differ.
    pub fn face(&self, i: usize) -> Option<&Face> {
        self.faces.get(i)
    }
}

/// A game's whole counter mix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterMix {
    pub game: String,
    pub title: String,
    /// What the file says about its numbers, in our own words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    pub kinds: Vec<CounterKind>,
}

impl CounterMix {
    /// Parses and validates a mix; `file` names it in errors. The first problem is returned, with the
    /// number of others.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        let mix: CounterMix = serde_json::from_str(text).map_err(|e| DataError::parse(file, &e))?;
        let mut problems = mix.problems(file);
        if problems.is_empty() {
            return Ok(mix);
        }
        let more = problems.len() - 1;
        let mut first = problems.swap_remove(0);
        if more > 0 {
            first.message = format!("{} (and {more} more problems)", first.message);
        }
        Err(first)
    }

    /// Every problem of the mix, kind by kind: ids given once, labels and marks short enough to print,
    /// a count of at least one, one face per counter when faces are given, and a provenance for each count.
    pub fn problems(&self, file: &str) -> Vec<DataError> {
        let mut out = Vec::new();
        let mut err = |entry: String, msg: String| out.push(DataError::new(file, "kinds", entry, msg));
        if self.game.trim().is_empty() {
            err(String::new(), "the mix names no game".into());
        }
        if self.kinds.is_empty() {
            err(String::new(), "the mix has no counters".into());
        }
        for (i, k) in self.kinds.iter().enumerate() {
            let entry = format!("kind {} ({})", i + 1, k.id);
            if k.id.trim().is_empty() {
                err(entry.clone(), "a kind needs an id".into());
            }
            if self.kinds[..i].iter().any(|o| o.id == k.id) {
                err(entry.clone(), "this id appears twice".into());
            }
            let chars = k.label.chars().count();
            if chars == 0 || chars > 7 {
                err(
                    entry.clone(),
                    format!("the label '{}' must be 1 to 7 characters", k.label),
                );
            }
            if k.name.trim().is_empty() || k.group.trim().is_empty() {
                err(entry.clone(), "a kind needs a name and a group".into());
            }
            if k.count == 0 {
                err(entry.clone(), "a kind has at least one counter".into());
            }
            if !k.faces.is_empty() && k.faces.len() != k.count as usize {
                err(
                    entry.clone(),
                    format!(
                        "{} faces for {} counters: give one per counter, or none",
                        k.faces.len(),
                        k.count
                    ),
                );
            }
            for (j, f) in k.faces.iter().enumerate() {
                let n = f.mark.chars().count();
                if n == 0 || n > 8 {
                    err(
                        format!("{entry}, face {}", j + 1),
                        format!("the mark '{}' must be 1 to 8 characters", f.mark),
                    );
                }
            }
            if let Err(m) = k.provenance.validate() {
                err(entry, m);
            }
        }
        out
    }

    /// The kind `id`.
    pub fn kind(&self, id: &str) -> Option<&CounterKind> {
        self.kinds.iter().find(|k| k.id == id)
    }

    /// How many counters of kind `id` the game has (0 when it has no such kind).
    pub fn count(&self, id: &str) -> u32 {
        self.kind(id).map_or(0, |k| k.count)
    }

    /// How many counters the game has in all.
    pub fn total(&self) -> u32 {
        self.kinds.iter().map(|k| k.count).sum()
    }
}

/// A shipped mix: the game it is for, its file, its text.
#[derive(Debug, Clone, Copy)]
pub struct ShippedMix {
    pub game: &'static str,
    pub file: &'static str,
    pub text: &'static str,
}

/// Every game's shipped counter mix, one line each.
pub const SHIPPED: &[ShippedMix] = &[
    ShippedMix {
        game: "hunt",
        file: "data/hunt/counters.json",
        text: include_str!("../../../data/hunt/counters.json"),
    },
    ShippedMix {
        game: "sensuikan",
        file: "data/sensuikan/counters.json",
        text: include_str!("../../../data/sensuikan/counters.json"),
    },
    ShippedMix {
        game: "atlantic",
        file: "data/atlantic/counters.json",
        text: include_str!("../../../data/atlantic/counters.json"),
    },
];

/// The shipped mix of `game`, validated (a test validates every one, so this cannot fail in a release);
/// `None` when the game ships no mix.
pub fn shipped(game: &str) -> Option<Result<CounterMix, DataError>> {
    let m = SHIPPED.iter().find(|m| m.game == game)?;
    Some(CounterMix::parse(m.file, m.text).and_then(|mix| {
        if mix.game == game {
            Ok(mix)
        } else {
            Err(DataError::new(
                m.file,
                "",
                "field game",
                format!("the file is for '{}', not '{game}'", mix.game),
            ))
        }
    }))
}

/// The counter mix of `game`, whichever way the game keeps it: its shipped file, or (Silent War IJN,
/// whose counters are its set's catalog) one kind per pile built from `data/silent_war_ijn/ships.json`.
/// `None` for a game without counters. Track mode's tray, the boards' counter ids and the player's own
/// counter art (`periscope-cli counters list GAME`) all read this one list.
pub fn of_game(game: &str) -> Option<Result<CounterMix, DataError>> {
    if game == crate::silent_war_ijn::GAME {
        return Some(crate::silent_war_ijn::IjnData::shipped().map(|d| ijn_mix(&d)));
    }
    shipped(game)
}

/// Every game with a counter mix, in the start screen's order.
pub const GAMES: &[&str] = &["hunt", "sensuikan", "atlantic", "silent_war_ijn"];

/// A printed counter's mark holds at most this many characters ([`CounterMix::problems`]).
const MARK_CHARS: usize = 8;

/// The id of a Silent War IJN pile's kind (`pile_bb`).
pub fn ijn_pile_kind(pile: crate::silent_war_ijn::PileId) -> String {
    format!("pile_{}", pile.code().to_lowercase())
}

/// The IJN set as a counter mix: one kind per pile [3.0], a face per counter with its name for the search.
fn ijn_mix(data: &crate::silent_war_ijn::IjnData) -> CounterMix {
    use crate::silent_war_ijn::PileId;
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
                id: ijn_pile_kind(pile),
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
        game: "silent_war_ijn".into(),
        title: "The IJN set".into(),
        notes: vec!["Every counter of the IJN set, from the companion's catalog, in its pile [3.0].".into()],
        kinds,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::sensuikan::catalog::catalogs::Catalog;
    use crate::sensuikan::charts::{Charts, System};

    fn mix(game: &str) -> CounterMix {
        shipped(game).unwrap().unwrap()
    }

    #[test]
    fn every_shipped_mix_is_valid() {
        for m in SHIPPED {
            let mix = CounterMix::parse(m.file, m.text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(mix.game, m.game, "{}", m.file);
        }
        assert!(
            shipped("atlantic").is_some_and(|m| m.is_ok()),
            "Atlantic ships its mix"
        );
    }

    /// Every game's mix, the IJN set's built from its catalog too, is valid: the player's counter art is
    /// filed under these ids.
    #[test]
    fn every_game_has_a_valid_mix() {
        for &game in GAMES {
            let mix = of_game(game).unwrap_or_else(|| panic!("{game}")).unwrap();
            assert_eq!(mix.game, game);
            assert_eq!(mix.problems(game), Vec::new(), "{game}");
        }
        let ijn = of_game("silent_war_ijn").unwrap().unwrap();
        let piles: Vec<&str> = ijn.kinds.iter().map(|k| k.id.as_str()).collect();
        assert_eq!(
            piles,
            ["pile_bb", "pile_cv", "pile_ca", "pile_cl", "pile_dd", "pile_ax"],
            "[3.0] one kind per pile"
        );
        assert!(of_game("monopoly").is_none());
    }

    #[test]
    fn mistakes_are_named_by_kind() {
        let text = r#"{"game": "x", "title": "t", "kinds": [
            {"id": "a", "label": "TOO LONG", "name": "A", "group": "G", "side": "marker", "symbol": "star",
             "count": 2, "faces": [{"mark": "1"}], "provenance": {"source": "rule", "case": ""}},
            {"id": "a", "label": "B", "name": "B", "group": "G", "side": "enemy", "symbol": "ship",
             "count": 0, "provenance": {"source": "reconstructed", "reason": "test"}}]}"#;
        let m: CounterMix = serde_json::from_str(text).unwrap();
        let problems: Vec<String> = m.problems("t.json").iter().map(|e| e.to_string()).collect();
        assert_eq!(
            problems,
            [
                "t.json, chart kinds, entry kind 1 (a): the label 'TOO LONG' must be 1 to 7 characters",
                "t.json, chart kinds, entry kind 1 (a): 1 faces for 2 counters: give one per counter, or none",
                "t.json, chart kinds, entry kind 1 (a): provenance names no rule case",
                "t.json, chart kinds, entry kind 2 (a): this id appears twice",
                "t.json, chart kinds, entry kind 2 (a): a kind has at least one counter",
            ]
        );
        assert!(
            CounterMix::parse("t.json", text)
                .unwrap_err()
                .message
                .contains("(and 4 more problems)")
        );
    }

    /// [3.3.2] Seventeen submarine markers, one per type; three officer rank markers, 1 to 3; torpedo
    /// markers of the four 21-inch types and the midget's Type 97, in the loads [4.5] asks for; a
    /// system-specific damage marker for each system, beside generic ones ([3.3.2] note); LW, SW and
    /// KIA crew markers; the Combat Sheet's Day/Night, range, target, escort- and aviation-quality markers.
    #[test]
    fn sensuikan_mix_holds_what_the_component_list_names() {
        let m = mix("sensuikan");
        let catalog = Catalog::shipped().unwrap();
        let sub = m.kind("submarine").unwrap();
        assert_eq!(sub.count, 17, "[3.3.2] 17 submarine markers");
        let classes: Vec<&str> = catalog.classes.iter().map(|c| c.id.as_str()).collect();
        let faces: Vec<&str> = sub.faces.iter().filter_map(|f| f.id.as_deref()).collect();
        assert_eq!(
            faces, classes,
            "one marker per submarine type, in the catalog's order"
        );
        let rank = m.kind("rank").unwrap();
        assert_eq!(rank.count, 3, "[3.3.2] three officer rank markers");
        let marks: Vec<&str> = rank.faces.iter().map(|f| f.mark.as_str()).collect();
        assert_eq!(
            marks,
            ["1", "2", "3"],
            "[3.3.2] numbered 1 (lowest) to 3 (highest)"
        );
        // [4.5] 12 Type 89 or 12 Type 6 before 7/42, up to 6 Type 92 after; the midget's two Type 97.
        assert_eq!(m.count("t89"), 12);
        assert_eq!(m.count("t6"), 12);
        assert_eq!(m.count("t92"), 6);
        assert_eq!(m.count("t97"), 2);
        let largest_load = catalog
            .classes
            .iter()
            .map(|c| u32::from(c.bow_tubes + c.stern_tubes + c.bow_reloads + c.stern_reloads))
            .max()
            .unwrap();
        assert_eq!(m.count("t95"), largest_load, "[4.5] a whole load of Type 95");
        // [3.3.2] note: a marker bearing the name of each system (hull and flooding have their own).
        let systems = m.kind("system_damage").unwrap();
        let named: Vec<&str> = systems.faces.iter().filter_map(|f| f.id.as_deref()).collect();
        let expected: Vec<String> = System::ALL
            .iter()
            .filter(|s| !matches!(s, System::Hull | System::Flooding))
            .map(|s| s.to_string())
            .collect();
        assert_eq!(named, expected);
        assert!(
            m.count("damage") > 0 && m.count("inop") > 0,
            "generic damage counters"
        );
        for id in [
            "lw",
            "sw",
            "kia",
            "day_night",
            "range",
            "target",
            "escort_quality",
            "air_quality",
        ] {
            assert!(m.count(id) > 0, "{id}");
        }
        // [3.3.2] Hull and flooding markers for every box of the largest class.
        let max_hull = catalog
            .classes
            .iter()
            .map(|c| u32::from(c.hull_boxes))
            .max()
            .unwrap();
        let max_flood = catalog
            .classes
            .iter()
            .map(|c| u32::from(c.flooding_boxes))
            .max()
            .unwrap();
        assert_eq!((m.count("hull"), m.count("flooding")), (max_hull, max_flood));
        // [7.0] A Major Event marker for each event of the map, its missions on the back.
        let events: Vec<&str> = m
            .kind("major_event")
            .unwrap()
            .faces
            .iter()
            .filter_map(|f| f.id.as_deref())
            .collect();
        let catalog_events: Vec<&str> = catalog.events.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(events, catalog_events);
        // [3.3.2] A skill marker for each skill the schools teach (F1-F4).
        let charts = Charts::shipped().unwrap();
        let mut skills: Vec<&str> = charts.f1.skills.iter().map(|s| s.id.as_str()).collect();
        for school in [&charts.f2, &charts.f3, &charts.f4] {
            skills.extend(school.skills.iter().map(|s| s.id.as_str()));
        }
        let skill_faces: Vec<&str> = m
            .kind("skill")
            .unwrap()
            .faces
            .iter()
            .filter_map(|f| f.id.as_deref())
            .collect();
        assert_eq!(skill_faces, skills);
    }

    /// Submarine Hunt has no counter sheet: one marker for each quantity the rules keep — Oxygen,
    /// Battery, Hull, Torpedoes and Sink Points [Objective] [Modes.1] [Return.4] [Winning.1], the mode
    /// [Modes.1], the detections in a row [Enemy.2] and the hit bonus [Enemy.4] — and one lock for each of
    /// the three dice of the voyage home [Return.1] [Return.2].
    #[test]
    fn hunt_mix_has_a_marker_for_each_quantity_the_rules_keep() {
        let m = mix("hunt");
        for id in [
            "oxygen",
            "battery",
            "hull",
            "torpedoes",
            "sink_points",
            "mode",
            "detections",
            "hit_bonus",
        ] {
            assert_eq!(m.count(id), 1, "{id}");
        }
        let rules = crate::hunt::HuntRules::shipped().unwrap();
        assert_eq!(m.count("lock"), rules.return_dice.value);
        for k in &m.kinds {
            assert!(
                matches!(k.provenance, Provenance::Reconstructed { .. }),
                "the Hunt text has no component list: {} is our estimate",
                k.id
            );
        }
    }
}
