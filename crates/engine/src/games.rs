//! The engine's games, listed once: the one place a new game joins the engine. The app's and the CLI's
//! registries give each of them a screen and commands; a test checks that none is forgotten there.

use crate::atlantic::Mission;
use crate::atlantic::career::Career as AtlanticCareer;
use crate::game::Game;
use crate::hunt::Hunt;
use crate::sensuikan::Patrol;
use crate::sensuikan::career::Career;
use crate::silent_war_ijn::Companion;

/// What the house knows of a game without playing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// The id saves and the CLI use.
    pub id: &'static str,
    /// The name players know.
    pub name: &'static str,
    /// Ids the game's saves had in earlier versions.
    pub old_ids: &'static [&'static str],
}

impl GameInfo {
    pub const fn of<G: Game>() -> Self {
        Self {
            id: G::ID,
            name: G::NAME,
            old_ids: G::OLD_IDS,
        }
    }

    /// Whether a save with this game id is this game's.
    pub fn reads(&self, save_id: &str) -> bool {
        self.id == save_id || self.old_ids.contains(&save_id)
    }
}

/// Every game of the engine.
pub const GAMES: &[GameInfo] = &[
    GameInfo::of::<Hunt>(),
    GameInfo::of::<Career>(),
    GameInfo::of::<Patrol>(),
    GameInfo::of::<Companion>(),
    GameInfo::of::<Mission>(),
    GameInfo::of::<AtlanticCareer>(),
];

/// The game a save id names (today's id or an old one).
pub fn find(save_id: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.reads(save_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_its_ids() {
        assert_eq!(find("hunt").map(|g| g.name), Some("Submarine Hunt"));
        assert_eq!(find("sensuikan-career").map(|g| g.id), Some("sensuikan-career"));
        // The patrol's saves before the rename.
        assert_eq!(find("sensuikan").map(|g| g.id), Some("sensuikan-patrol"));
        assert_eq!(find("chess"), None);
        let mut ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), GAMES.len(), "ids are unique");
    }
}
