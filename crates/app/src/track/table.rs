//! A Track table as it is saved: its counters, notes, dice history and card piles, in a versioned file.
//!
//! Version 1 (the first Track mode) kept the counters, the notes and the faces of the last roll; version 2
//! adds the table's name, each counter's kind, mark and back, every roll with its time and label, and the
//! card piles; a counter's note and colour mark came later within version 2 (a table without them reads
//! with none). A version 1 file reads as version 2 (its last roll becomes the first of the history); a file
//! of a newer version, of another format or that is not a table at all is refused with a message, and the
//! file is left as it is.

use periscope_engine::Dice;
use serde::{Deserialize, Serialize};

use super::cards::CardTable;
use crate::theme::Side;
use crate::widgets::counter::Symbol;

/// The `format` every Track table names.
pub const FORMAT: &str = "periscope-track";
/// The version this Periscope writes (and the newest it reads).
pub const VERSION: u32 = 2;

/// One counter on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FreeCounter {
    /// Stable identity: the drawing order changes as counters are raised, the id does not.
    pub id: u32,
    pub label: String,
    pub side: Side,
    pub symbol: Symbol,
    /// Centre, in table units. Counters at exactly the same centre are a stack, bottom to top in the
    /// table's order.
    pub pos: [f32; 2],
    pub flipped: bool,
    /// Its kind in the game's counter mix (`t95`); empty in a version 1 table.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// What tells it from the other counters of its kind (`KD3`, a rank's `2`); empty when they are alike.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mark: String,
    /// What its back reads when flipped; empty: the label.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub back: String,
    /// The player's note on it (`hit twice, slowed`), shown when it is hovered and in the move log.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// The colour the player marked it with, as a chit laid on a target or a damaged ship.
    #[serde(default, skip_serializing_if = "Tint::is_none")]
    pub tint: Tint,
}

/// A colour a counter can be marked with; [`Tint::None`] for no mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tint {
    #[default]
    None,
    Red,
    Yellow,
    Green,
    Blue,
}

impl Tint {
    /// Every mark, none first, as the panel offers them.
    pub const ALL: [Tint; 5] = [Tint::None, Tint::Red, Tint::Yellow, Tint::Green, Tint::Blue];

    pub fn is_none(&self) -> bool {
        *self == Tint::None
    }

    /// Its name in words (`red`, `no colour`).
    pub fn name(self) -> &'static str {
        match self {
            Tint::None => "no colour",
            Tint::Red => "red",
            Tint::Yellow => "yellow",
            Tint::Green => "green",
            Tint::Blue => "blue",
        }
    }

    /// The colour drawn on the counter's corner; `None` for no mark.
    pub fn colour(self) -> Option<egui::Color32> {
        match self {
            Tint::None => None,
            Tint::Red => Some(egui::Color32::from_rgb(0xd6, 0x2a, 0x2a)),
            Tint::Yellow => Some(egui::Color32::from_rgb(0xf2, 0xc8, 0x1f)),
            Tint::Green => Some(egui::Color32::from_rgb(0x2f, 0xa8, 0x4a)),
            Tint::Blue => Some(egui::Color32::from_rgb(0x2a, 0x6c, 0xd6)),
        }
    }
}

impl FreeCounter {
    /// The label shown when the counter lies as it does: its back's when flipped.
    pub fn shown_label(&self) -> &str {
        if self.flipped && !self.back.is_empty() {
            &self.back
        } else {
            &self.label
        }
    }

    /// Its centre as a point.
    pub fn at(&self) -> egui::Pos2 {
        egui::pos2(self.pos[0], self.pos[1])
    }
}

/// One roll of the dice tray, kept with the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DiceRoll {
    /// `None` for the last roll of a version 1 table, which kept no dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Dice>,
    pub faces: Vec<u8>,
    /// What the roll was for, as the player wrote it (`B4, escort 2`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    /// When it was rolled, in seconds since 1970 (`None`: before the tray kept a history).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
}

impl DiceRoll {
    /// `2d6: 4 3 = 7` (for a single die, just its face).
    pub fn describe(&self) -> String {
        let faces: Vec<String> = self.faces.iter().map(u8::to_string).collect();
        match self.dice {
            Some(d) if self.faces.len() > 1 => format!("{d}: {} = {}", faces.join(" "), d.read(&self.faces)),
            Some(d) => format!("{d}: {}", faces.join(" ")),
            None => format!("dice: {}", faces.join(" ")),
        }
    }

    /// When it was rolled, as the start screen writes times, to the second (`2026-12-01 15:30:07`).
    pub fn when(&self) -> String {
        match self.at {
            Some(secs) => {
                let day =
                    crate::files::local_stamp(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs));
                format!("{day}:{:02}", secs % 60)
            }
            None => "before the history was kept".into(),
        }
    }
}

/// The whole table as saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrackTable {
    pub format: String,
    pub version: u32,
    /// The layout's id (`hunt`, `sensuikan`).
    pub game: String,
    /// The player's name for the table (`Patrol of I-26`); empty: the game's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Bottom to top: the last counter is drawn on top.
    pub counters: Vec<FreeCounter>,
    pub notes: String,
    /// The faces the dice tray shows: the last roll's.
    pub dice: Vec<u8>,
    /// Every roll, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<DiceRoll>,
    /// The card piles (Submarine Hunt's decks), where each card lies.
    #[serde(default, skip_serializing_if = "CardTable::is_empty")]
    pub cards: CardTable,
    /// The save of the game this table sits beside (the Silent War IJN companion's), carried with the
    /// table so that each named table holds one physical game and its bookkeeping
    /// ([`crate::track::TrackLayout::companion`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub companion: Option<serde_json::Value>,
}

impl TrackTable {
    /// An empty table of a game, of this version.
    pub fn empty(game: &str) -> Self {
        Self {
            format: FORMAT.into(),
            version: VERSION,
            game: game.into(),
            name: String::new(),
            counters: Vec::new(),
            notes: String::new(),
            dice: Vec::new(),
            rolls: Vec::new(),
            cards: CardTable::default(),
            companion: None,
        }
    }

    /// Reads a saved table: a version 1 table is read as version 2; anything wrong is reported and the
    /// text is not changed.
    pub fn parse(text: &str) -> Result<Self, String> {
        // A key written twice is refused, naming it, rather than the last one winning silently.
        let head = periscope_data::bounded::strict_json(text)
            .map_err(|e| format!("This Track table cannot be read: {}", crate::storage::cut(&e)))?;
        if head.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err("This is not a Periscope Track table.".into());
        }
        let version = head.get("version").and_then(serde_json::Value::as_u64);
        match version {
            Some(v) if v > u64::from(VERSION) => {
                return Err(format!(
                    "This Track table was written by a newer Periscope (version {v}); this one reads \
                     versions 1 to {VERSION}."
                ));
            }
            Some(1..) => {}
            _ => return Err("This Track table names no version Periscope knows.".into()),
        }
        let mut t: TrackTable = serde_json::from_value(head).map_err(|e| {
            format!(
                "This Track table cannot be read: {}",
                crate::storage::cut(&e.to_string())
            )
        })?;
        if t.version < 2 && t.rolls.is_empty() && !t.dice.is_empty() {
            // Version 1 kept the last roll's faces only: they become the first roll of the history.
            t.rolls.push(DiceRoll {
                dice: None,
                faces: t.dice.clone(),
                label: String::new(),
                at: None,
            });
        }
        t.version = VERSION;
        Ok(t)
    }

    /// The text written to the file.
    pub fn to_text(&self) -> Result<String, String> {
        serde_json::to_string_pretty(self).map_err(|e| e.to_string())
    }

    /// The name the player sees: the table's own, or `fallback` (the game's name) when it has none.
    pub fn shown_name<'a>(&'a self, fallback: &'a str) -> &'a str {
        if self.name.trim().is_empty() {
            fallback
        } else {
            &self.name
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    const V1: &str = r#"{"format": "periscope-track", "version": 1, "game": "hunt",
        "counters": [{"id": 0, "label": "SUB", "side": "Submarine", "symbol": "Submarine", "pos": [1.0, 2.0],
                      "flipped": true}],
        "notes": "n", "dice": [6, 2, 4]}"#;

    #[test]
    fn a_version_1_table_reads_as_version_2_with_its_roll_in_the_history() {
        let t = TrackTable::parse(V1).unwrap();
        assert_eq!(t.version, VERSION);
        assert_eq!(t.counters[0].label, "SUB");
        assert!(t.counters[0].flipped && t.counters[0].kind.is_empty());
        assert_eq!(t.dice, [6, 2, 4]);
        assert_eq!(t.rolls.len(), 1);
        assert_eq!(t.rolls[0].faces, [6, 2, 4]);
        assert_eq!(t.rolls[0].at, None);
        // Written again, it reads the same.
        assert_eq!(TrackTable::parse(&t.to_text().unwrap()).unwrap(), t);
    }

    #[test]
    fn newer_foreign_and_broken_files_are_refused() {
        let newer = V1.replace("\"version\": 1", "\"version\": 3");
        assert!(
            TrackTable::parse(&newer)
                .unwrap_err()
                .contains("newer Periscope (version 3)")
        );
        let foreign = V1.replace("periscope-track", "periscope-save");
        assert!(
            TrackTable::parse(&foreign)
                .unwrap_err()
                .contains("not a Periscope Track table")
        );
        let zero = V1.replace("\"version\": 1", "\"version\": 0");
        assert!(TrackTable::parse(&zero).unwrap_err().contains("no version"));
        assert!(
            TrackTable::parse("{\"format\": ")
                .unwrap_err()
                .contains("cannot be read")
        );
        let bad = V1.replace("\"pos\": [1.0, 2.0]", "\"pos\": \"here\"");
        assert!(TrackTable::parse(&bad).unwrap_err().contains("cannot be read"));
    }

    #[test]
    fn a_roll_says_its_dice_faces_and_total() {
        let r = DiceRoll {
            dice: Some(Dice::D2D6),
            faces: vec![4, 3],
            label: "B4".into(),
            at: Some(0),
        };
        assert_eq!(r.describe(), "2d6: 4 3 = 7");
        assert_eq!(r.when(), "1970-01-01 00:00:00");
    }
}
