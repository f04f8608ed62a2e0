//! How a finished Atlantic Sentinels career reads for "What are my chances from here?"
//! ([`crate::chances`]).

use super::Career;
use crate::chances::Chances;

/// An Atlantic Sentinels career: the group's victory levels, the tonnage lost, its commander alive.
impl Chances for Career {
    const TONNAGE: &'static str = "tonnage lost";

    fn levels(&self) -> Vec<String> {
        self.data()
            .data()
            .catalog
            .career
            .victory_levels
            .iter()
            .map(|l| l.name.clone())
            .collect()
    }

    fn tally(&self) -> Option<(usize, u32, bool)> {
        let end = self.end()?;
        let level = self
            .data()
            .data()
            .catalog
            .career
            .victory_levels
            .iter()
            .position(|l| l.id == end.level())
            .unwrap_or(usize::MAX);
        let cmd = self.command();
        Some((
            level,
            cmd.map_or(0, |c| c.log.totals.tonnage_lost),
            cmd.is_some_and(|c| c.alive()),
        ))
    }
}
