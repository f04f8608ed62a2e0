//! Where a chart entry's values come from.

use serde::{Deserialize, Serialize};

/// Every chart entry says where its numbers come from: a rule case, an example of play, or our own
/// reconstruction (with the reason), because the printed charts are not in the rulebooks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "source", rename_all = "snake_case", deny_unknown_fields)]
pub enum Provenance {
    /// Stated by the rulebook, at this case (`Modes.1`).
    Rule { case: String },
    /// Shown by an example of play, at this case.
    Example { case: String },
    /// Not stated anywhere: designed by us, for this reason.
    Reconstructed { reason: String },
}

impl Provenance {
    /// Checks that the provenance names its case or gives its reason.
    pub fn validate(&self) -> Result<(), String> {
        match self {
            Provenance::Rule { case } | Provenance::Example { case } if case.trim().is_empty() => {
                Err("provenance names no rule case".into())
            }
            Provenance::Reconstructed { reason } if reason.trim().is_empty() => {
                Err("a reconstructed entry must give its reason".into())
            }
            _ => Ok(()),
        }
    }

    /// A short label for the chart panel: `rule [Modes.1]`, `example [12.0]`, `reconstructed: …`.
    pub fn label(&self) -> String {
        match self {
            Provenance::Rule { case } => format!("rule [{case}]"),
            Provenance::Example { case } => format!("example [{case}]"),
            Provenance::Reconstructed { reason } => format!("reconstructed: {reason}"),
        }
    }
}
