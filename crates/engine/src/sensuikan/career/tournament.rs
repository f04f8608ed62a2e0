//! Tournaments [10.2] [10.3] [10.4]: several careers from the same agreed start, ranked in a results
//! table.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::victory::{EndCause, VictoryLevel};
use super::{Ask, Career, CareerError, CareerOptions, Phase};
use crate::dice::{DiceMode, SeededRng};
use crate::game::Game;
use crate::policy::Policy;
use crate::refusal::Refused;

/// The tournament formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentKind {
    /// [10.2] Same type, same start; most tonnage wins, survival not required.
    Tonnage,
    /// [10.3] As 10.2, but the submarine must survive to the end of July 1945.
    Survival,
    /// [10.4] As 10.2 with a free choice of class.
    Mixed,
}

impl FromStr for TournamentKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "tonnage" => Ok(TournamentKind::Tonnage),
            "survival" => Ok(TournamentKind::Survival),
            "mixed" => Ok(TournamentKind::Mixed),
            other => Err(format!(
                "unknown tournament '{other}' (known: tonnage, survival, mixed)"
            )),
        }
    }
}

impl fmt::Display for TournamentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TournamentKind::Tonnage => "greatest tonnage [10.2]",
            TournamentKind::Survival => "survival [10.3]",
            TournamentKind::Mixed => "mixed submarine [10.4]",
        })
    }
}

/// One career of a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub player: u32,
    pub seed: u64,
    pub commander: String,
    pub class: String,
    pub tonnage: u32,
    pub cause: EndCause,
    pub level: VictoryLevel,
}

impl Entry {
    /// Afloat at the end of July 1945 [10.3].
    pub fn survived(&self) -> bool {
        self.cause == EndCause::WarOver
    }
    pub fn fate(&self) -> &'static str {
        match self.cause {
            EndCause::WarOver => "survived 7/45",
            EndCause::Killed => "killed",
            EndCause::Prisoner => "prisoner",
            EndCause::Scuttled => "scuttled",
            EndCause::Captured => "captured",
        }
    }
}

/// A line of the results table: `rank` is `None` for a career the format disqualifies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub rank: Option<u32>,
    pub fate: String,
    #[serde(flatten)]
    pub entry: Entry,
}

/// [10.2] [10.3] [10.4] Ranks the careers: most tonnage first (equal tonnage, equal rank); in a survival
/// tournament a submarine lost before the end of July 1945 is not ranked.
pub fn standings(kind: TournamentKind, mut entries: Vec<Entry>) -> Vec<Standing> {
    let ranked = |e: &Entry| kind != TournamentKind::Survival || e.survived();
    entries.sort_by(|a, b| {
        ranked(b)
            .cmp(&ranked(a))
            .then(b.tonnage.cmp(&a.tonnage))
            .then(a.player.cmp(&b.player))
    });
    let mut out: Vec<Standing> = Vec::with_capacity(entries.len());
    let mut last: Option<(u32, u32)> = None;
    for (i, e) in entries.into_iter().enumerate() {
        let rank = if ranked(&e) {
            let rank = match last {
                Some((t, r)) if t == e.tonnage => r,
                _ => u32::try_from(i + 1).unwrap_or(u32::MAX),
            };
            last = Some((e.tonnage, rank));
            Some(rank)
        } else {
            None
        };
        out.push(Standing {
            rank,
            fate: e.fate().into(),
            entry: e,
        });
    }
    out
}

/// Plays a tournament of `players` careers with `policy`, career `i` on seed `seed + i`. [10.2] [10.3]
/// every player takes the options' class (the Kaidai KD.6 when none is given) from the same start; [10.4]
/// each player chooses his class freely (drawn at random among the types of the start month). Commanders
/// without a name in the options are named with H2 [11.8].
pub fn play(
    kind: TournamentKind,
    players: u32,
    seed: u64,
    policy: Policy,
    options: &CareerOptions,
) -> Result<Vec<Standing>, CareerError> {
    let mut opts = options.clone();
    if kind == TournamentKind::Mixed {
        opts.class = None;
    } else if opts.class.is_none() {
        opts.class = Some("kd6".into());
    }
    if opts.commander.is_empty() {
        opts.name_generator = true;
    }
    let mut entries = Vec::new();
    for player in 1..=players {
        let s = seed.wrapping_add(u64::from(player - 1));
        let mut g = Career::new(opts.clone(), s, DiceMode::Seeded)?;
        let mut rng = SeededRng::new(s ^ 0x7041_4E54);
        for _ in 0..1_000_000 {
            let action = match g.phase() {
                Phase::Decide { ask: Ask::Class } => {
                    let choices = g.pending().choices().to_vec();
                    let i = rng.index(choices.len().max(1));
                    choices.get(i).map(|c| c.action.clone())
                }
                _ => policy.choose(&g, &mut rng),
            };
            let Some(action) = action else {
                break;
            };
            g.apply(action)?;
        }
        let end = g
            .end()
            .copied()
            .ok_or_else(|| CareerError::Refused(Refused::Data(format!("career {s} did not finish"))))?;
        let v = g.view();
        entries.push(Entry {
            player,
            seed: s,
            commander: v.commander,
            class: v.class,
            tonnage: end.tonnage,
            cause: end.cause,
            level: end.level,
        });
    }
    Ok(standings(kind, entries))
}
