//! A Sensuikan career in the hall of fame, from the engine's career view once it has ended [5.1.4]:
//! the victory level [5.2.2] (its order among the five levels), the tonnage of the Patrol Log
//! [5.2.1], the decorations [8.8], the patrols and the months served, whether the commander came
//! through alive and free (the engine's `alive`), and why the career ended — the survival tournament
//! [10.3] asks for the boat afloat at the end of July 1945. The tonnage by year adds up the Patrol Log's
//! rows by the year of the month each patrol sailed.

use periscope_data::Month;
use periscope_data::hall::{Counts, Entry};
use periscope_engine::sensuikan::career::{Career, EndCause, LogRow, VictoryLevel, victory_cause_alive};

use crate::stats::store;

/// The hall of fame's line of an ended career; `None` while it goes on.
pub fn entry(game: &Career) -> Option<Entry> {
    let end = *game.end()?;
    let v = game.view();
    let rank = VictoryLevel::ALL
        .iter()
        .position(|l| *l == end.level)
        .and_then(|i| u32::try_from(i).ok())
        .unwrap_or(0);
    let level = if end.posthumous {
        format!("{} (posthumous)", end.level.name())
    } else {
        end.level.name().to_string()
    };
    let mut e = store::blank(
        level,
        rank,
        u64::from(end.tonnage),
        victory_cause_alive(end.cause),
    );
    e.counts = Counts::Sunk;
    e.class = v.class.clone();
    e.commander = format!("{} {}", v.rank, v.commander).trim().to_string();
    e.options = store::options_in_words(game.options());
    let months: Vec<Month> = game
        .log()
        .iter()
        .filter_map(|r| Month::parse(&r.month).ok())
        .collect();
    e.started = months.first().copied().unwrap_or(game.options().start).short();
    e.months = match (months.first(), months.last()) {
        (Some(first), Some(last)) => u32::try_from(first.months_until(*last) + 1).ok(),
        _ => Some(0),
    };
    e.decorations = v.decorations.clone();
    e.sorties = v.patrols;
    e.sortie = "patrols".into();
    e.cause = cause_id(end.cause);
    e.by_year = by_year(game.log());
    Some(e)
}

/// The cause as the engine writes it in a save (`war_over`), read back by the tournaments.
fn cause_id(cause: EndCause) -> String {
    serde_json::to_value(cause)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The engine's end cause of a hall line, for the tournaments [10.2]-[10.4].
pub fn cause_of(entry: &Entry) -> Option<EndCause> {
    serde_json::from_value(serde_json::Value::String(entry.cause.clone())).ok()
}

/// The Patrol Log's tonnage by the year each patrol sailed, years without a ship sunk left out.
pub fn by_year(log: &[LogRow]) -> Vec<(u16, u64)> {
    let mut years: Vec<(u16, u64)> = Vec::new();
    for row in log.iter().filter(|r| r.tonnage > 0) {
        let Ok(month) = Month::parse(&row.month) else {
            continue;
        };
        match years.iter_mut().find(|(y, _)| *y == month.year) {
            Some((_, t)) => *t += u64::from(row.tonnage),
            None => years.push((month.year, u64::from(row.tonnage))),
        }
    }
    years.sort_unstable();
    years
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn row(month: &str, tonnage: u32) -> LogRow {
        let mut r = LogRow::mark(month.into(), "patrol");
        r.tonnage = tonnage;
        r
    }

    #[test]
    fn tonnage_by_year_adds_the_patrols_of_each_year() {
        let log = [
            row("12/41", 5_000),
            row("1/42", 0),
            row("3/42", 7_000),
            row("11/42", 2_000),
            row("2/43", 9_000),
        ];
        assert_eq!(by_year(&log), [(1941, 5_000), (1942, 9_000), (1943, 9_000)]);
    }

    #[test]
    fn causes_read_back() {
        let mut e = store::blank("Draw", 1, 0, true);
        e.cause = cause_id(EndCause::WarOver);
        assert_eq!(e.cause, "war_over");
        assert_eq!(cause_of(&e), Some(EndCause::WarOver));
        e.cause = "eaten by a whale".into();
        assert_eq!(cause_of(&e), None);
    }
}
