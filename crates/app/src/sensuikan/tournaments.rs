//! The Sensuikan tournaments [10.2] [10.3] [10.4] played out of the hall of fame: the player's own
//! careers that share what a tournament asks to share are its field, ranked by the engine's
//! `tournament::standings`. Greatest tonnage [10.2] and survival [10.3] compare careers of the same
//! class begun in the same month; the mixed tournament [10.4] drops the same-class condition, so it
//! compares every career begun in the same month. How the hall's careers are grouped is our reading
//! (docs/rules/sensuikan.md).

use egui::RichText;
use periscope_data::hall::Entry;
use periscope_data::shown::shown;
use periscope_engine::Game;
use periscope_engine::sensuikan::career::tournament::{self, Standing, TournamentKind};
use periscope_engine::sensuikan::career::{Career, VictoryLevel};

use super::hall::cause_of;
use crate::theme;

/// The game id Sensuikan careers are recorded under.
pub const GAME: &str = <Career as Game>::ID;

/// One tournament: its field and the standings.
#[derive(Debug, Clone)]
pub struct Tournament {
    pub kind: TournamentKind,
    /// What the careers share (`12/41 · Kaidai KD.6`).
    pub field: String,
    pub standings: Vec<Standing>,
    /// The hall's careers, by the engine's player number (from 1).
    pub careers: Vec<Entry>,
}

/// The tournaments of a kind among the hall's Sensuikan careers, the largest field first. A career
/// whose end the hall does not name (a line from a version that did not write it) stays out.
pub fn tournaments(kind: TournamentKind, entries: &[&Entry]) -> Vec<Tournament> {
    let mut fields: Vec<(String, Vec<&Entry>)> = Vec::new();
    for e in entries
        .iter()
        .copied()
        .filter(|e| e.game == GAME && cause_of(e).is_some())
    {
        let field = match kind {
            TournamentKind::Mixed => format!("begun {}", e.started),
            TournamentKind::Tonnage | TournamentKind::Survival => {
                format!("begun {} · {}", e.started, e.class)
            }
        };
        match fields.iter_mut().find(|(f, _)| *f == field) {
            Some((_, list)) => list.push(e),
            None => fields.push((field, vec![e])),
        }
    }
    fields.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(&b.0)));
    fields
        .into_iter()
        .map(|(field, careers)| {
            let entries: Vec<tournament::Entry> = careers
                .iter()
                .enumerate()
                .filter_map(|(i, e)| {
                    Some(tournament::Entry {
                        player: u32::try_from(i + 1).ok()?,
                        seed: 0,
                        commander: e.commander.clone(),
                        class: e.class.clone(),
                        tonnage: u32::try_from(e.tonnage).unwrap_or(u32::MAX),
                        cause: cause_of(e)?,
                        level: level_of(e),
                    })
                })
                .collect();
            Tournament {
                kind,
                field,
                standings: tournament::standings(kind, entries),
                careers: careers.into_iter().cloned().collect(),
            }
        })
        .collect()
}

/// The engine's level of a hall line, from its rank among the five levels [5.2.2].
fn level_of(e: &Entry) -> VictoryLevel {
    usize::try_from(e.result.rank)
        .ok()
        .and_then(|i| VictoryLevel::ALL.get(i).copied())
        .unwrap_or(VictoryLevel::Defeat)
}

/// The tournament's case.
fn case(kind: TournamentKind) -> &'static str {
    match kind {
        TournamentKind::Tonnage => "10.2",
        TournamentKind::Survival => "10.3",
        TournamentKind::Mixed => "10.4",
    }
}

/// What each tournament asks, in our words.
fn rule(kind: TournamentKind) -> &'static str {
    match kind {
        TournamentKind::Tonnage => {
            "Greatest tonnage [10.2]: same class, same first month; the most tonnage wins, lost or not."
        }
        TournamentKind::Survival => {
            "Survival [10.3]: as [10.2], but only a boat still afloat after July 1945 is ranked."
        }
        TournamentKind::Mixed => {
            "Mixed submarines [10.4]: as [10.2] with any class; every career begun in the same month."
        }
    }
}

/// The three tournaments' tables; nothing when the hall holds no Sensuikan career. Sensuikan's panel of
/// the Statistics screen (`ENTRY`'s `hall_panels`).
pub fn show(ui: &mut egui::Ui, entries: &[&Entry]) {
    if !entries.iter().any(|e| e.game == GAME) {
        return;
    }
    ui.label(RichText::new("Sensuikan tournaments").strong().size(17.0));
    ui.label(
        RichText::new("Your own careers that began alike, ranked as the tournaments rank their players.")
            .color(theme::PAPER_SHADE),
    );
    for kind in [
        TournamentKind::Tonnage,
        TournamentKind::Survival,
        TournamentKind::Mixed,
    ] {
        ui.add_space(6.0);
        ui.label(RichText::new(rule(kind)).strong());
        for (n, t) in tournaments(kind, entries).iter().enumerate() {
            let careers = match t.careers.len() {
                1 => "1 career".to_string(),
                k => format!("{k} careers"),
            };
            // The hall's file is the player's: its texts are shown, never obeyed.
            ui.label(shown(&format!("[{}] {} · {careers}", case(kind), t.field)));
            egui::Grid::new(("hall-tournament", kind as u8, n))
                .striped(true)
                .spacing(egui::vec2(14.0, 2.0))
                .show(ui, |ui| {
                    for title in [
                        "Rank",
                        "Commander",
                        "Class",
                        "Tonnage",
                        "Fate",
                        "Level",
                        "Finished",
                    ] {
                        ui.label(RichText::new(title).strong());
                    }
                    ui.end_row();
                    for s in &t.standings {
                        let finished = usize::try_from(s.entry.player)
                            .ok()
                            .and_then(|p| t.careers.get(p.wrapping_sub(1)))
                            .map(|e| e.finished.clone())
                            .unwrap_or_default();
                        ui.label(s.rank.map_or_else(|| "not ranked".to_string(), |r| r.to_string()));
                        ui.label(shown(&s.entry.commander));
                        ui.label(shown(&s.entry.class));
                        ui.label(crate::stats::table::thousands(u64::from(s.entry.tonnage)));
                        ui.label(shown(&s.fate));
                        ui.label(s.entry.level.name());
                        ui.label(shown(&finished));
                        ui.end_row();
                    }
                });
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn career(class: &str, started: &str, tonnage: u64, cause: &str) -> Entry {
        let mut e = crate::stats::store::blank("Draw", 1, tonnage, cause == "war_over");
        e.game = GAME.into();
        e.class = class.into();
        e.started = started.into();
        e.cause = cause.into();
        e.commander = format!("Cdr {tonnage}");
        e
    }

    /// [10.2] [10.3] [10.4] The fields and their order: the same class and first month for the first
    /// two, the same first month for the mixed one; the survival tournament leaves the lost boats
    /// unranked.
    #[test]
    fn the_tournaments_of_the_hall_10_2_10_3_10_4() {
        let a = career("Type B1", "12/41", 30_000, "killed");
        let b = career("Type B1", "12/41", 12_000, "war_over");
        let c = career("Kaidai KD.6", "12/41", 50_000, "war_over");
        let d = career("Type B1", "6/42", 8_000, "war_over");
        let mut other = career("Type B1", "12/41", 99_000, "war_over");
        other.game = "hunt".into();
        let all = [&a, &b, &c, &d, &other];

        let tonnage = tournaments(TournamentKind::Tonnage, &all);
        assert_eq!(tonnage.len(), 3);
        assert_eq!(tonnage[0].field, "begun 12/41 · Type B1");
        let ranks: Vec<(Option<u32>, u32)> = tonnage[0]
            .standings
            .iter()
            .map(|s| (s.rank, s.entry.tonnage))
            .collect();
        assert_eq!(
            ranks,
            [(Some(1), 30_000), (Some(2), 12_000)],
            "lost or not [10.2]"
        );

        let survival = tournaments(TournamentKind::Survival, &all);
        let ranks: Vec<(Option<u32>, u32)> = survival[0]
            .standings
            .iter()
            .map(|s| (s.rank, s.entry.tonnage))
            .collect();
        assert_eq!(
            ranks,
            [(Some(1), 12_000), (None, 30_000)],
            "only the boats afloat [10.3]"
        );

        let mixed = tournaments(TournamentKind::Mixed, &all);
        assert_eq!(mixed.len(), 2);
        assert_eq!(mixed[0].field, "begun 12/41");
        let order: Vec<u32> = mixed[0].standings.iter().map(|s| s.entry.tonnage).collect();
        assert_eq!(order, [50_000, 30_000, 12_000], "any class [10.4]");
    }

    #[test]
    fn a_career_without_its_end_stays_out() {
        let a = career("Type B1", "12/41", 30_000, "");
        assert!(tournaments(TournamentKind::Tonnage, &[&a]).is_empty());
    }
}
