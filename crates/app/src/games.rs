//! The app's games, listed once (the way egui's demo app lists its demos): [`SHIPPED`] holds one
//! [`GameEntry`] per game, each written in its game's folder (`hunt::ENTRY`, `sensuikan::ENTRY`) from
//! the contract of `entry.rs`. The app, the start screen and Track mode read only this list.

use crate::entry::GameEntry;

/// Every game of the desktop app, one line each, in the start screen's order.
pub const SHIPPED: &[GameEntry] = &[
    crate::hunt::ENTRY,
    crate::sensuikan::ENTRY,
    crate::silent_war_ijn::ENTRY,
    crate::atlantic::ENTRY,
];

/// The shipped list, for [`crate::PeriscopeApp::with_games`] (a test adds its own game to it).
pub fn shipped() -> Vec<GameEntry> {
    SHIPPED.to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use periscope_engine::Game;

    /// Every game of the engine has its line here, but the Sensuikan patrol, which the desktop plays only
    /// inside a career. The Atlantic career is the Atlantic card; the Atlantic mission, "a single
    /// convoy" from the career's wizard, has its saves read by the career's entry.
    #[test]
    fn every_engine_game_is_registered() {
        let played_inside_another = [periscope_engine::sensuikan::Patrol::ID];
        for game in periscope_engine::games::GAMES {
            let registered = SHIPPED
                .iter()
                .any(|e| e.info.id == game.id || e.info.reads(game.id));
            assert!(
                registered || played_inside_another.contains(&game.id),
                "{} has no entry in the app's registry",
                game.id
            );
        }
        let atlantic = SHIPPED
            .iter()
            .find(|e| e.info.id == periscope_engine::atlantic::Career::ID)
            .expect("the Atlantic career is registered");
        assert!(atlantic.info.reads(periscope_engine::atlantic::Mission::ID));
        assert_eq!(atlantic.card.new_label, "New Atlantic career");
        let mut ids: Vec<&str> = SHIPPED.iter().map(|e| e.info.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), SHIPPED.len(), "one entry per game");
    }

    /// Every game of the data crate's registry of overrides is registered here with its chart
    /// overrides, and lists what the chart editor can edit of it.
    #[test]
    fn every_game_with_overrides_lists_its_charts() {
        for game in periscope_data::overrides::GAMES {
            let overrides = SHIPPED
                .iter()
                .find_map(|e| e.overrides.filter(|o| o.game == game.id))
                .unwrap_or_else(|| panic!("{} has no chart overrides in the registry", game.id));
            let items = (overrides.editables)();
            assert!(!items.is_empty(), "{}", game.id);
            assert!(items.iter().all(|i| !i.id.is_empty()), "{}", game.id);
        }
    }
}
