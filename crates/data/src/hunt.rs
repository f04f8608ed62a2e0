//! Submarine Hunt's two in-text tables (Cruising Modes and Ships) and its fixed numbers.

use serde::Deserialize;

use crate::{DataError, Provenance};

/// The shipped file, embedded so the engine never reads the disk.
pub const SHIPPED_RULES: &str = include_str!("../../../data/hunt/rules.json");
const SHIPPED_NAME: &str = "data/hunt/rules.json";

/// A card rank that can stand in the Detection Row for a ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipCard {
    Joker,
    Ace,
    King,
    Queen,
    Jack,
}

impl ShipCard {
    /// Every ship card, in declaration order.
    pub const ALL: [ShipCard; 5] = [
        ShipCard::Joker,
        ShipCard::Ace,
        ShipCard::King,
        ShipCard::Queen,
        ShipCard::Jack,
    ];
    const COUNT: usize = Self::ALL.len();
}

/// One Cruising Mode row [Modes.1] [Modes.2].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModeRow {
    pub id: String,
    pub name: String,
    pub sonar_dice: u8,
    pub oxygen_per_turn: i32,
    pub battery_per_turn: i32,
    /// Detected when the d6 shows this number or less.
    pub detected_on_or_below: u8,
    pub provenance: Provenance,
}

/// One Ships row [Ships.1]-[Ships.5].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipRow {
    pub card: ShipCard,
    pub ship: String,
    pub sink_points: u32,
    /// Added to the detection number while the submarine attacks this ship.
    pub detection_penalty: u8,
    pub provenance: Provenance,
}

/// A fixed number of the game with its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constant {
    pub value: u32,
    pub provenance: Provenance,
}

/// Submarine Hunt's validated catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HuntRules {
    pub surface: ModeRow,
    pub diving: ModeRow,
    pub ships: Vec<ShipRow>,
    /// For each [`ShipCard`] (in declaration order), its row's index in `ships`: validation gives every
    /// card exactly one row, and the engine looks ships up on every detection roll of an attack.
    ship_index: [u8; ShipCard::COUNT],
    pub hull_points: Constant,
    pub torpedoes: Constant,
    pub sink_points_to_win: Constant,
    pub detection_row_cards: Constant,
    pub detections_to_open_fire: Constant,
    pub hit_bonus: Constant,
    pub return_dice: Constant,
    pub die_faces: Constant,
}

impl HuntRules {
    /// The rules as shipped. The shipped file is checked by a test, so this cannot fail in a release.
    pub fn shipped() -> Result<Self, DataError> {
        Self::parse(SHIPPED_NAME, SHIPPED_RULES)
    }

    /// Parses and validates a rules file; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        let raw: RawRules = serde_json::from_str(text).map_err(|e| DataError::parse(file, &e))?;
        raw.validate(file)
    }

    /// The ship a card reveals, if it is a ship card.
    pub fn ship(&self, card: ShipCard) -> Option<&ShipRow> {
        self.ships.get(usize::from(self.ship_index[card as usize]))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    game: String,
    #[allow(dead_code)]
    title: String,
    modes: Vec<RawMode>,
    ships: Vec<RawShip>,
    constants: RawConstants,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMode {
    id: String,
    name: String,
    sonar_dice: u8,
    oxygen_per_turn: i32,
    battery_per_turn: i32,
    detected_on_or_below: u8,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShip {
    card: ShipCard,
    ship: String,
    sink_points: u32,
    detection_penalty: u8,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConstant {
    value: u32,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConstants {
    hull_points: RawConstant,
    torpedoes: RawConstant,
    sink_points_to_win: RawConstant,
    detection_row_cards: RawConstant,
    detections_to_open_fire: RawConstant,
    hit_bonus: RawConstant,
    return_dice: RawConstant,
    die_faces: RawConstant,
}

impl RawRules {
    fn validate(self, file: &str) -> Result<HuntRules, DataError> {
        let err = |chart: &str, entry: &str, msg: String| DataError::new(file, chart, entry, msg);
        if self.game != "hunt" {
            return Err(err(
                "",
                "",
                format!("this file is for game '{}', not 'hunt'", self.game),
            ));
        }
        let c = self.constants;
        let constant = |name: &str, raw: RawConstant, range: std::ops::RangeInclusive<u32>| {
            raw.provenance.validate().map_err(|m| err("constants", name, m))?;
            if !range.contains(&raw.value) {
                return Err(err(
                    "constants",
                    name,
                    format!(
                        "value {} is outside {}..={}",
                        raw.value,
                        range.start(),
                        range.end()
                    ),
                ));
            }
            Ok(Constant {
                value: raw.value,
                provenance: raw.provenance,
            })
        };
        let die_faces = constant("die_faces", c.die_faces, 2..=20)?;
        let faces = die_faces.value;
        let detection_row_cards = constant("detection_row_cards", c.detection_row_cards, 1..=54)?;
        let mut modes = Vec::new();
        for m in self.modes {
            let entry = m.id.clone();
            m.provenance.validate().map_err(|msg| err("modes", &entry, msg))?;
            if m.sonar_dice == 0 || m.sonar_dice > 6 {
                return Err(err(
                    "modes",
                    &entry,
                    format!("sonar_dice {} must be 1 to 6", m.sonar_dice),
                ));
            }
            if u32::from(m.detected_on_or_below) > faces {
                return Err(err(
                    "modes",
                    &entry,
                    format!(
                        "detected_on_or_below {} is beyond a d{faces}",
                        m.detected_on_or_below
                    ),
                ));
            }
            modes.push(ModeRow {
                id: m.id,
                name: m.name,
                sonar_dice: m.sonar_dice,
                oxygen_per_turn: m.oxygen_per_turn,
                battery_per_turn: m.battery_per_turn,
                detected_on_or_below: m.detected_on_or_below,
                provenance: m.provenance,
            });
        }
        let mut take_mode = |id: &str| {
            let pos = modes.iter().position(|m| m.id == id).ok_or_else(|| {
                err(
                    "modes",
                    id,
                    "this mode is missing; the game needs 'surface' and 'diving'".into(),
                )
            })?;
            Ok::<_, DataError>(modes.remove(pos))
        };
        let surface = take_mode("surface")?;
        let diving = take_mode("diving")?;
        if let Some(extra) = modes.first() {
            return Err(err(
                "modes",
                &extra.id,
                "unknown mode; only 'surface' and 'diving' exist".into(),
            ));
        }
        let mut ships: Vec<ShipRow> = Vec::new();
        for s in self.ships {
            let entry = format!("{:?}", s.card).to_lowercase();
            s.provenance.validate().map_err(|msg| err("ships", &entry, msg))?;
            if ships.iter().any(|o| o.card == s.card) {
                return Err(err("ships", &entry, "this card appears twice".into()));
            }
            if s.sink_points == 0 {
                return Err(err("ships", &entry, "sink_points must be at least 1".into()));
            }
            ships.push(ShipRow {
                card: s.card,
                ship: s.ship,
                sink_points: s.sink_points,
                detection_penalty: s.detection_penalty,
                provenance: s.provenance,
            });
        }
        let mut ship_index = [0u8; ShipCard::COUNT];
        for card in ShipCard::ALL {
            let Some(at) = ships.iter().position(|s| s.card == card) else {
                let entry = format!("{card:?}").to_lowercase();
                return Err(err("ships", &entry, "every ship card needs a row".into()));
            };
            // No duplicates and one row per card: at most five rows.
            ship_index[card as usize] = u8::try_from(at).unwrap_or(u8::MAX);
        }
        Ok(HuntRules {
            surface,
            diving,
            ships,
            ship_index,
            hull_points: constant("hull_points", c.hull_points, 1..=1000)?,
            torpedoes: constant("torpedoes", c.torpedoes, 1..=99)?,
            sink_points_to_win: constant("sink_points_to_win", c.sink_points_to_win, 1..=1000)?,
            detection_row_cards,
            detections_to_open_fire: constant("detections_to_open_fire", c.detections_to_open_fire, 1..=10)?,
            hit_bonus: constant("hit_bonus", c.hit_bonus, 0..=5)?,
            return_dice: constant("return_dice", c.return_dice, 1..=6)?,
            die_faces,
        })
    }
}

/// The guided first game ([`crate::walkthrough`]): its file, as errors name it, and its text.
pub const WALKTHROUGH: (&str, &str) = (
    "data/hunt/walkthrough.json",
    include_str!("../../../data/hunt/walkthrough.json"),
);

/// The guided first game, read and checked.
pub fn walkthrough() -> Result<crate::walkthrough::Walkthrough, crate::DataError> {
    crate::walkthrough::Walkthrough::parse(WALKTHROUGH.0, WALKTHROUGH.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_rules_validate() {
        let rules = HuntRules::shipped().unwrap();
        assert_eq!(rules.ships.len(), 5);
    }

    /// The lookup by card finds each card's own row, whatever order the file lists them in.
    #[test]
    fn each_ship_card_finds_its_own_row() {
        let shipped = HuntRules::shipped().unwrap();
        let mut text: serde_json::Value = serde_json::from_str(SHIPPED_RULES).unwrap();
        text["ships"].as_array_mut().unwrap().reverse();
        let reversed = HuntRules::parse("reversed.json", &text.to_string()).unwrap();
        for rules in [&shipped, &reversed] {
            for card in ShipCard::ALL {
                let row = rules.ship(card).unwrap();
                assert_eq!(row.card, card);
                assert_eq!(Some(row), shipped.ships.iter().find(|s| s.card == card));
            }
        }
        assert_ne!(shipped.ships, reversed.ships, "the file's order is kept");
    }

    /// [Modes.1] [Modes.2] The Cruising Modes table as the rules print it.
    #[test]
    fn modes_match_the_rulebook() {
        let r = HuntRules::shipped().unwrap();
        assert_eq!(
            (
                r.surface.sonar_dice,
                r.surface.oxygen_per_turn,
                r.surface.battery_per_turn
            ),
            (3, 2, 1)
        );
        assert_eq!(r.surface.detected_on_or_below, 4);
        assert_eq!(
            (
                r.diving.sonar_dice,
                r.diving.oxygen_per_turn,
                r.diving.battery_per_turn
            ),
            (2, -1, -1)
        );
        assert_eq!(r.diving.detected_on_or_below, 2);
    }

    /// [Ships.1]-[Ships.5] and [Objective.5], [Return.4], [Winning.1], [Enemy.2].
    #[test]
    fn ships_and_constants_match_the_rulebook() {
        let r = HuntRules::shipped().unwrap();
        let points = |c| r.ship(c).map(|s| (s.sink_points, s.detection_penalty));
        assert_eq!(points(ShipCard::Joker), Some((50, 2)));
        assert_eq!(points(ShipCard::Ace), Some((40, 0)));
        assert_eq!(points(ShipCard::King), Some((30, 1)));
        assert_eq!(points(ShipCard::Queen), Some((20, 0)));
        assert_eq!(points(ShipCard::Jack), Some((10, 0)));
        assert_eq!(r.hull_points.value, 100);
        assert_eq!(r.torpedoes.value, 24);
        assert_eq!(r.sink_points_to_win.value, 50);
        assert_eq!(r.detections_to_open_fire.value, 3);
        assert_eq!(r.detection_row_cards.value, 10);
    }

    #[test]
    fn errors_name_file_chart_and_entry() {
        let bad = SHIPPED_RULES.replace("\"sonar_dice\": 3", "\"sonar_dice\": 9");
        let e = HuntRules::parse("my.json", &bad).unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.chart.as_str(), e.entry.as_str()),
            ("my.json", "modes", "surface")
        );
        assert!(
            e.to_string().contains("my.json, chart modes, entry surface"),
            "{e}"
        );

        let no_reason = SHIPPED_RULES.replace(
            "\"source\": \"rule\", \"case\": \"Ships.3\"",
            "\"source\": \"reconstructed\", \"reason\": \" \"",
        );
        let e = HuntRules::parse("x.json", &no_reason).unwrap_err();
        assert_eq!((e.chart.as_str(), e.entry.as_str()), ("ships", "king"));

        let e = HuntRules::parse("x.json", "{ not json").unwrap_err();
        assert!(e.message.contains("line 1"), "{e}");
    }

    /// Submarine Hunt has no counter sheet: one marker for each quantity the rules keep — Oxygen,
    /// Battery, Hull, Torpedoes and Sink Points [Objective] [Modes.1] [Return.4] [Winning.1], the mode
    /// [Modes.1], the detections in a row [Enemy.2] and the hit bonus [Enemy.4] — and one lock for each of
    /// the three dice of the voyage home [Return.1] [Return.2].
    #[test]
    fn hunt_mix_has_a_marker_for_each_quantity_the_rules_keep() {
        let m = crate::counters::shipped("hunt").unwrap().unwrap();
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
        let rules = HuntRules::shipped().unwrap();
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
