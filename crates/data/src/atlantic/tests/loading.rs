//! The shipped files load and validate: every chart answers every roll once, references resolve, dates
//! are ordered, the tactical display's adjacency and geometry hold.

use super::shipped;

#[test]
fn every_shipped_atlantic_file_loads_and_validates() {
    let data = shipped();
    assert_eq!(
        data.charts.summaries().len(),
        super::super::charts::CHART_IDS.len()
    );
}
