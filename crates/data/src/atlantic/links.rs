//! The references that cross files: the modifiers a ship class, a crew level, a weather condition or a
//! damaged system names on a chart; the chart a base, a merchant size, a scenario or the promotion
//! names; the display a convoy size is fought on. Checked over the whole data set, so an override that
//! breaks one is refused ([`super::Atlantic::replace`]).

use super::Atlantic;
use super::catalog::{ChartModifier, career, groups, map, merchants, scenarios};
use crate::DataError;
use crate::modifier::{Modifier, find};

/// A reference that does not resolve: where it is written (`file`, `chart`, `entry`), what it names
/// (`target`, a chart or procedure id), and why it fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    pub file: String,
    pub chart: String,
    pub entry: String,
    pub target: String,
    pub message: String,
}

impl Broken {
    pub fn error(&self) -> DataError {
        DataError::new(&self.file, &self.chart, &self.entry, &self.message)
    }
}

impl Atlantic {
    /// The modifiers printed with a chart or a procedure chart, by id.
    pub fn modifiers_of(&self, chart: &str) -> Option<&[Modifier]> {
        self.charts
            .modifiers(chart)
            .or_else(|| self.procedures.chart(chart).map(|c| c.modifiers.as_slice()))
    }

    /// Every reference across files that does not resolve.
    pub fn broken_links(&self) -> Vec<Broken> {
        let mut out = Vec::new();
        let mut modifier = |file: &str, chart: &str, entry: String, m: &ChartModifier| {
            let message = match self.modifiers_of(&m.chart) {
                None => Some(format!("no chart or procedure '{}'", m.chart)),
                Some(list) if find(list, &m.modifier).is_none() => {
                    Some(format!("{} has no modifier '{}'", m.chart, m.modifier))
                }
                Some(_) => None,
            };
            if let Some(message) = message {
                out.push(Broken {
                    file: file.into(),
                    chart: chart.into(),
                    entry,
                    target: m.chart.clone(),
                    message,
                });
            }
        };
        let cat = &self.catalog;
        for (i, c) in cat.groups.classes.iter().enumerate() {
            for (j, m) in c.chart_modifiers.iter().enumerate() {
                let entry = format!("class {} ({}), field chart_modifiers.{j}", i + 1, c.id);
                modifier(groups::FILE, "classes", entry, m);
            }
        }
        for (i, l) in cat.career.crew_levels.iter().enumerate() {
            for (j, m) in l.effects.iter().enumerate() {
                let entry = format!("crew level {} ({}), field effects.{j}", i + 1, l.id);
                modifier(career::FILE, "crew_levels", entry, m);
            }
        }
        for (i, e) in self.charts.b8.effects.iter().enumerate() {
            for (j, m) in e.drms.iter().enumerate() {
                let entry = format!("effect {} ({}), field drms.{j}", i + 1, e.system);
                modifier("data/atlantic/charts/b8.json", "B8", entry, m);
            }
        }
        for (i, c) in self.charts.c3.conditions.iter().enumerate() {
            for (j, m) in c.effects.iter().enumerate() {
                let entry = format!("condition {}, field effects.{j}", i + 1);
                modifier("data/atlantic/charts/c3.json", "C3", entry, m);
            }
        }

        let mut named = |file: &str, chart: &str, entry: String, target: &str, message: Option<String>| {
            if let Some(message) = message {
                out.push(Broken {
                    file: file.into(),
                    chart: chart.into(),
                    entry,
                    target: target.into(),
                    message,
                });
            }
        };
        for (i, b) in cat.map.bases.iter().enumerate() {
            let ok = matches!(b.assignment_chart.as_str(), "A1a" | "A1b");
            named(
                map::FILE,
                "bases",
                format!("base {} ({}), field assignment_chart", i + 1, b.id),
                &b.assignment_chart,
                (!ok).then(|| format!("'{}' is not an assignment chart (A1a, A1b)", b.assignment_chart)),
            );
        }
        for (i, s) in cat.merchants.sizes.iter().enumerate() {
            let entry = format!("size {} ({}), field chart", i + 1, s.id);
            named(
                merchants::FILE,
                "sizes",
                entry,
                &s.chart,
                self.charts
                    .ship_list(&s.chart)
                    .is_none()
                    .then(|| format!("'{}' is not a ship list (M1, M2, M3)", s.chart)),
            );
        }
        for (i, c) in cat.merchants.convoy_sizes.iter().enumerate() {
            let entry = format!("convoy size {} ({}), field display", i + 1, c.size);
            let message = match self.tactical.display(&c.display) {
                None => Some(format!("no tactical display '{}'", c.display)),
                Some(d) if d.convoy_size != c.size => {
                    Some(format!("{} is the {} convoy's display", d.id, d.convoy_size))
                }
                Some(_) => None,
            };
            named(merchants::FILE, "convoy_sizes", entry, &c.display, message);
        }
        for (i, s) in cat.scenarios.scenarios.iter().enumerate() {
            let entry = format!("scenario {} ({}), field merchant_chart", i + 1, s.id);
            let message = match self.charts.scenario_ships(&s.merchant_chart) {
                None => Some(format!(
                    "'{}' is not a scenario ship list (H-1, H-2)",
                    s.merchant_chart
                )),
                Some(h) if h.chart.rows.len() != usize::from(s.merchants) => Some(format!(
                    "{} lists {} ships, the scenario {} [11.1] [11.2]",
                    s.merchant_chart,
                    h.chart.rows.len(),
                    s.merchants
                )),
                Some(_) => None,
            };
            named(scenarios::FILE, "scenarios", entry, &s.merchant_chart, message);
        }
        let p = &cat.career.promotion;
        named(
            career::FILE,
            "promotion",
            "field chart".into(),
            &p.chart,
            self.procedures
                .chart(&p.chart)
                .is_none()
                .then(|| format!("no procedure chart '{}'", p.chart)),
        );
        out
    }
}
