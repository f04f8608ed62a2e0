//! An Atlantic Sentinels career, or a single convoy, in the hall of fame. A career's line comes from
//! its Convoy Log and its end [5.1] [5.2]: the victory level the log's victory computation gives (its
//! order among the levels), the tonnage lost [5.2.1] (less is better, so the line counts it as lost),
//! the missions, the months from the first convoy to the last, whether the SOE came through [5.1.2], and
//! the tonnage lost by year. A single convoy is a career of one mission, won unless the SOE's ship was
//! sunk.

use periscope_data::Month;
use periscope_data::hall::{Counts, Entry};
use periscope_engine::atlantic::Mission;
use periscope_engine::atlantic::career::{Career, EndCause, LogRow};
use periscope_engine::{Game, Pending};

use crate::stats::store;

/// The levels of a career, worst first: a line's rank is its place here. A scenario's "won" sits with
/// the marginal victory, its "lost" with the defeat.
const LEVELS: [&str; 5] = [
    "defeat",
    "draw",
    "marginal_victory",
    "substantial_victory",
    "decisive_victory",
];

fn rank_of(level: &str) -> u32 {
    let level = match level {
        "scenario_won" => "marginal_victory",
        "scenario_lost" => "defeat",
        other => other,
    };
    LEVELS
        .iter()
        .position(|l| *l == level)
        .and_then(|i| u32::try_from(i).ok())
        .unwrap_or(0)
}

/// The hall of fame's line of an ended career; `None` while it goes on.
pub fn career(game: &Career) -> Option<Entry> {
    let end = game.end()?;
    let log = game.convoy_log()?;
    let level_name = log
        .victory
        .as_ref()
        .map_or_else(|| end.level().to_string(), |v| v.level_name.clone());
    let survived = end.cause != EndCause::SoeKilled;
    let mut e = store::blank(
        level_name,
        rank_of(end.level()),
        u64::from(log.totals.tonnage_lost),
        survived,
    );
    e.counts = Counts::Lost;
    e.class = format!("Escort group {}", log.group);
    e.commander = format!("{} {}", log.rank, log.soe).trim().to_string();
    e.options = store::options_in_words(game.options());
    if let Some(scenario) = &game.options().scenario {
        e.options.push(format!(
            "scenario {}",
            periscope_print::atlantic::book_name(scenario, false)
        ));
    }
    let months: Vec<Month> = log
        .rows
        .iter()
        .filter_map(|r| match r {
            LogRow::Mission(m) => Some(m.month),
            LogRow::Refit { .. } => None,
        })
        .collect();
    if let (Some(first), Some(last)) = (months.first(), months.last()) {
        e.started = first.short();
        e.months = u32::try_from(first.months_until(*last) + 1).ok();
    }
    e.sorties = log.totals.missions;
    e.sortie = "missions".into();
    e.cause = match end.cause {
        EndCause::WarOver => "war over",
        EndCause::SoeKilled => "SOE killed",
        EndCause::ScenarioOver => "scenario over",
    }
    .into();
    let mut years: Vec<(u16, u64)> = Vec::new();
    for r in &log.rows {
        if let LogRow::Mission(m) = r {
            match years.iter_mut().find(|(y, _)| *y == m.month.year) {
                Some((_, t)) => *t += u64::from(m.tonnage_lost),
                None => years.push((m.month.year, u64::from(m.tonnage_lost))),
            }
        }
    }
    e.by_year = years;
    Some(e)
}

/// The hall of fame's line of a single convoy once it is in (or its SOE lost); `None` while at sea.
pub fn convoy(game: &Mission) -> Option<Entry> {
    let Pending::Over { won, .. } = game.pending() else {
        return None;
    };
    let result = game.result()?;
    let lost = u64::from(result.tonnage_lost);
    let mut e = store::blank(
        if won { "Convoy in" } else { "SOE lost" },
        u32::from(won),
        lost,
        won,
    );
    e.counts = Counts::Lost;
    e.class = format!("Escort group {}", result.group);
    e.options = store::options_in_words(game.options());
    e.sorties = 1;
    e.sortie = "missions".into();
    let v = game.view();
    e.cause = format!("{} {} convoy", v.size, v.convoy);
    e.started = result.month.short();
    e.months = Some(1);
    e.by_year = vec![(result.month.year, lost)];
    Some(e)
}
