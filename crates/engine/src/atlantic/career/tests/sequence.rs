//! The month sequence [6.0] [6.3.2]: two missions a month, February 1942 to June 1943.

use super::support::*;
use crate::policy::Policy;

#[test]
fn a_careful_career_runs_to_its_end() {
    let g = play_out(1, Policy::Careful, group("b2"));
    let log = g.convoy_log().unwrap();
    println!("{}", g.end().unwrap().describe());
    println!("{} rows, totals {:?}", log.rows.len(), log.totals);
    assert!(log.totals.missions > 0);
}
