//! The shipped data every Sensuikan game reads — the charts, the catalogs and the in-text procedures —
//! parsed and validated once per process and shared by every patrol and career, with the few named chart
//! entries the rules read checked when the data is loaded, so no rule falls back on a number of its own.

use std::sync::{Arc, OnceLock};

use periscope_data::DataError;
use periscope_data::sensuikan::catalog::catalogs::Catalog;
use periscope_data::sensuikan::charts::{Charts, Constant, Ship};
use periscope_data::sensuikan::procedures::Procedures;
use periscope_data::sensuikan::words::Words;

/// The data of one game, as one bundle.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Shipped {
    pub(crate) charts: Charts,
    pub(crate) catalog: Catalog,
    pub(crate) procs: Procedures,
    pub(crate) entries: ChartEntries,
    /// The display names of the engine's ids (`data/sensuikan/words.json`).
    pub(crate) words: Words,
}

impl Shipped {
    /// The data as shipped: parsed and validated once per process, this thread's copy
    /// ([`crate::shipped_data`]).
    pub(crate) fn get() -> Result<Arc<Shipped>, String> {
        static SHIPPED: OnceLock<Result<Shipped, String>> = OnceLock::new();
        thread_local! {
            static THIS_THREADS: std::cell::OnceCell<Arc<Shipped>> = const { std::cell::OnceCell::new() };
        }
        crate::shipped_data::this_threads(&SHIPPED, &THIS_THREADS, || {
            Self::load().map_err(|e| e.to_string())
        })
    }

    /// The shipped data with a player's override file applied (`file` names it in messages): every chart
    /// and class entry the file gets right replaces Periscope's, the others stay as shipped; the report
    /// says which is which.
    pub(crate) fn with_overrides(
        file: &str,
        text: &str,
    ) -> Result<(Arc<Shipped>, periscope_data::overrides::OverrideReport), String> {
        let base = Self::get()?;
        let mut charts = base.charts.clone();
        let mut catalog = base.catalog.clone();
        let refs = periscope_data::sensuikan::charts::Refs::shipped().map_err(|e| e.to_string())?;
        let report = periscope_data::overrides::apply_sensuikan(file, text, &mut charts, &mut catalog, &refs);
        let data = Self::new(charts, catalog, base.procs.clone()).map_err(|e| e.to_string())?;
        Ok((Arc::new(data), report))
    }

    fn load() -> Result<Shipped, DataError> {
        let charts = Charts::shipped()?;
        let catalog = Catalog::shipped()?;
        let procs = Procedures::shipped()?;
        Self::new(charts, catalog, procs)
    }

    /// A bundle of parsed data, its named chart entries checked.
    pub(crate) fn new(charts: Charts, catalog: Catalog, procs: Procedures) -> Result<Shipped, DataError> {
        let entries = ChartEntries::read(&charts)?;
        Ok(Shipped {
            charts,
            catalog,
            procs,
            entries,
            words: Words::shipped()?,
        })
    }
}

/// The charts' named numbers and fixed targets that the rules read, each required when the data is
/// loaded.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ChartEntries {
    /// A3: the natural roll that is the patrol's random event [8.1.8].
    pub(crate) random_event_on_natural: i32,
    /// A3: the natural roll after which a working radar rolls again [8.1.2].
    pub(crate) radar_second_chance_on: i32,
    /// B4: the natural roll that always evades the escorts [8.2.7].
    pub(crate) always_undetected_on_natural: i32,
    /// B3: the damage a kaiten's warhead adds [7.18].
    pub(crate) kaiten_extra_damage: i32,
    /// K1: the generic crew boxes of the Control Sheet [8.5.9].
    pub(crate) crew_boxes: usize,
    /// T3: the generic escort that may be attacked [8.2.11].
    pub(crate) escort: Ship,
    /// T3: the enemy submarine [8.2.9].
    pub(crate) enemy_submarine: Ship,
}

/// The chart files' common name in errors, as the charts' own loader writes it.
const CHARTS: &str = "data/sensuikan/charts";

impl ChartEntries {
    pub(crate) fn read(charts: &Charts) -> Result<Self, DataError> {
        let constant = |list: &[Constant], chart: &str, id: &str| {
            list.iter()
                .find(|c| c.id == id)
                .map(|c| c.value)
                .ok_or_else(|| DataError::new(CHARTS, chart, id, "this constant is missing"))
        };
        let fixed = |id: &str| {
            charts
                .t3
                .fixed(id)
                .cloned()
                .ok_or_else(|| DataError::new(CHARTS, "T3", id, "this fixed target is missing"))
        };
        let crew_boxes = charts
            .k1
            .positions
            .iter()
            .find(|p| p.id == "crew")
            .map(|p| usize::from(p.boxes))
            .ok_or_else(|| DataError::new(CHARTS, "K1", "crew", "this position is missing"))?;
        Ok(Self {
            random_event_on_natural: constant(&charts.a3.constants, "A3", "random_event_on_natural")?,
            radar_second_chance_on: constant(&charts.a3.constants, "A3", "radar_second_chance_on")?,
            always_undetected_on_natural: constant(
                &charts.b4.constants,
                "B4",
                "always_undetected_on_natural",
            )?,
            kaiten_extra_damage: constant(&charts.b3.constants, "B3", "kaiten_extra_damage")?,
            crew_boxes,
            escort: fixed("escort")?,
            enemy_submarine: fixed("enemy_submarine")?,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_shipped_data_loads_with_every_named_entry() {
        let s = Shipped::get().unwrap();
        assert_eq!(s.entries.random_event_on_natural, 12);
        assert_eq!(s.entries.always_undetected_on_natural, 2);
        assert_eq!(s.entries.crew_boxes, 4);
    }

    #[test]
    fn a_chart_missing_a_named_entry_is_refused_naming_chart_and_entry() {
        let mut charts = Charts::shipped().unwrap();
        charts.a3.constants.retain(|c| c.id != "radar_second_chance_on");
        let e = ChartEntries::read(&charts).unwrap_err();
        assert_eq!(
            (e.chart.as_str(), e.entry.as_str()),
            ("A3", "radar_second_chance_on")
        );
        let mut charts = Charts::shipped().unwrap();
        charts.k1.positions.retain(|p| p.id != "crew");
        assert_eq!(ChartEntries::read(&charts).unwrap_err().entry, "crew");
    }
}
