//! Sensuikan from the command line: careers (`career.rs`: the view, the report, `sim`, the paperwork and
//! the chart listing) and single patrols (`patrol.rs`).

pub mod career;
pub mod patrol;
