//! The module maps: the harbour maps M1-M4, the aviation maps P7-P12 and the kaiten maps K2-K3. Each is a
//! line of circles (boxes) the midget, aircraft or kaiten crosses in order, with the hazards on the way.

use serde::{Deserialize, Serialize};

use super::Refs;
use crate::Provenance;
use crate::read::{Cx, Family, Fields};
use crate::summary::Summary;

/// What a circle of a module map holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// A transit circle: one encounter roll.
    Transit,
    /// An anti-submarine net to cross (M5 net column) [7.16].
    Net,
    /// A detector loop to pass (M5 detector loop column) [7.16].
    DetectorLoop,
    /// The atoll reef, crossed on 2d6 9+ before the Target Box [7.18].
    Reef,
    /// The aviation map's reconnaissance circle (P3 reconnaissance column) [7.17].
    Reconnaissance,
    /// The Target Box.
    Target,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub kind: StepKind,
    pub provenance: Provenance,
}

/// A module map.
#[derive(Debug, Clone, PartialEq)]
pub struct MissionMap {
    pub id: String,
    pub title: String,
    /// The operations map's area or event location it belongs to.
    pub location: String,
    pub notes: Vec<String>,
    pub steps: Vec<Step>,
}

impl MissionMap {
    pub fn transit_circles(&self) -> usize {
        self.steps.iter().filter(|s| s.kind == StepKind::Transit).count()
    }
}

impl Family<Refs> for MissionMap {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let before = cx.errors.len();
        let h = cx.header(f);
        let location = cx.field::<String>(f, "location");
        let steps: Vec<Step> = cx.required_entries(f, "steps", "step");
        for (i, s) in steps.iter().enumerate() {
            cx.provenance(&s.provenance, &format!("step {}", i + 1));
        }
        if cx.errors.len() > before {
            return None;
        }
        let h = h?;
        Some(Self {
            id: cx.chart.clone(),
            title: h.title,
            location: location?,
            notes: h.notes,
            steps,
        })
    }

    fn check(&self, cx: &mut Cx, refs: &Refs) {
        if !refs.locations.contains(&self.location) && refs.area(&self.location).is_none() {
            cx.err(
                "field location",
                format!(
                    "unknown place '{}': not an area nor an event location of the map",
                    self.location
                ),
            );
        }
        // The module is the map id's letter: M harbour maps, P aviation maps, K kaiten maps.
        let Some(module) = self.id.chars().next() else {
            cx.err("field id", "a module map needs an id");
            return;
        };
        let allowed: &[StepKind] = match module {
            'M' => &[
                StepKind::Transit,
                StepKind::Net,
                StepKind::DetectorLoop,
                StepKind::Target,
            ],
            'P' => &[StepKind::Transit, StepKind::Reconnaissance, StepKind::Target],
            'K' => &[StepKind::Transit, StepKind::Reef, StepKind::Target],
            _ => {
                cx.err(
                    "field id",
                    format!("'{}' is not a module map: their ids start M, P or K", self.id),
                );
                return;
            }
        };
        for (i, s) in self.steps.iter().enumerate() {
            if !allowed.contains(&s.kind) {
                cx.err(
                    &format!("step {}, field kind", i + 1),
                    format!("a {module} map has no {:?} circle", s.kind),
                );
            }
        }
        if self.steps.first().map(|s| s.kind) != Some(StepKind::Transit) {
            cx.err(
                "field steps",
                "a module map starts in Transit Box 1 [7.16] [7.17] [7.18]",
            );
        }
        let targets = self
            .steps
            .iter()
            .filter(|s| matches!(s.kind, StepKind::Target | StepKind::Reconnaissance))
            .count();
        if targets != 1 {
            cx.err(
                "field steps",
                "a module map has exactly one Target (or Reconnaissance) Box",
            );
        }
    }

    fn summary(&self) -> Summary {
        Summary {
            id: self.id.clone(),
            title: self.title.clone(),
            dice: "-".into(),
            shape: format!("map of {} circles", self.steps.len()),
            rows: self.steps.len(),
        }
    }
}
