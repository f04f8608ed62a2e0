//! Submarine Hunt on the table: the patrol mat with its playing cards (drawn by `periscope_boards::hunt`)
//! in the shared game screen, its rule book for the rules reference (`rules.rs`) and its Track table
//! (`track.rs`).

pub mod hall;
pub mod rules;
pub mod track;

use periscope_engine::RollRecord;
use periscope_engine::hunt::{Hunt, HuntEvent, Phase, SlotState};

use crate::entry::{Card, GameEntry};
use crate::screen::GameScreen;
use crate::table::TableGame;
pub use periscope_boards::hunt::{card, table};

/// The Submarine Hunt screen.
pub type HuntScreen = GameScreen<Hunt>;

/// Submarine Hunt in the app's registry: New game starts it on its options; it has a Track table.
pub const ENTRY: GameEntry = GameEntry::table::<Hunt>(Card {
    title: "SUBMARINE HUNT",
    blurb: "Hunt with sonar dice, torpedo what you find, and get home with 50 Sink Points.",
    new_label: "New game",
    continue_label: "Continue",
})
.track(&track::LAYOUT)
.learn::<Hunt>("Learn by playing a guided game");

impl TableGame for Hunt {
    const RULES: Option<&'static dyn crate::panels::rules_reference::RuleBook> = Some(&rules::BOOK);
    /// A short first patrol of our own (the rules have no example), explained step by step.
    const WALKTHROUGH: Option<crate::table::WalkthroughData> = Some(periscope_data::hunt::walkthrough);
    const ODDS: Option<crate::panels::decision::OddsOf<Self>> = Some(crate::panels::decision::OddsOf::RULES);

    fn last_roll(&self) -> Option<&RollRecord> {
        Hunt::last_roll(self)
    }

    /// Enemy fire that deals damage flashes the hull track [Enemy.3].
    fn is_hit(event: &HuntEvent) -> bool {
        matches!(event, HuntEvent::EnemyFire { damage, .. } if *damage > 0)
    }

    /// Every roll of the action: the voyage home's dice with the detection roll that follows them.
    fn last_rolls<'a>(&'a self, last_action: &'a [HuntEvent]) -> Vec<&'a RollRecord> {
        last_action
            .iter()
            .filter_map(|e| match e {
                HuntEvent::Rolled { roll } => Some(roll.as_ref()),
                _ => None,
            })
            .collect()
    }

    /// The sonar dice are a choice of dice [Hunt.2] and the voyage home counts sixes [Return.2]: neither
    /// has a total to read.
    fn reads_faces(roll: &RollRecord) -> bool {
        matches!(roll.chart.as_str(), "Sonar" | "Return to base")
    }

    /// A ship whose attack total rose, or that sank, flashes on its card; a supply that changed, on its
    /// track.
    fn flashes(before: &Self, after: &Self) -> Vec<String> {
        let mut lit = Vec::new();
        for (i, (b, a)) in before.row().iter().zip(after.row()).enumerate() {
            if a.hits.len() > b.hits.len() || (a.state == SlotState::Sunk && b.state != SlotState::Sunk) {
                lit.push(format!("card-{}", i + 1));
            }
        }
        for (name, b, a) in [
            ("Oxygen", before.oxygen(), after.oxygen()),
            ("Battery", before.battery(), after.battery()),
            ("Hull", before.hull(), after.hull()),
        ] {
            if a != b {
                lit.push(format!("track-{name}"));
            }
        }
        lit
    }

    fn summary(&self) -> Option<String> {
        Some(match self.phase() {
            Phase::Over { won: true } => format!("Won: home with {} Sink Points", self.sink_points()),
            Phase::Over { won: false } => format!("Lost on turn {}", self.turn()),
            _ => format!(
                "Turn {} · {} Sink Points · Hull {} · Oxygen {}",
                self.turn(),
                self.sink_points(),
                self.hull(),
                self.oxygen()
            ),
        })
    }

    /// [Modes.3] The last of the oxygen or the battery.
    fn warnings(&self) -> Vec<String> {
        Hunt::warnings(self)
    }

    fn hall_entry(&self) -> Option<periscope_data::hall::Entry> {
        hall::entry(self)
    }
}
