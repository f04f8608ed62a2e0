//! The duty under way: the assignment [6.2 step 1], the patrol at sea [6.2 step 2] and the refit in port
//! after it [6.2 step 3].

use super::{CareerMission, Patrol, Refit};

/// The assignment, and the patrol or the refit it leads to.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Duty {
    /// [8.9.1] The areas a granted request may choose.
    pub(super) request_areas: Vec<String>,
    pub(super) area: String,
    pub(super) mission: CareerMission,
    pub(super) patrol: Option<Box<Patrol>>,
    /// The patrol the career ended on, when it ended at sea: the view shows where the boat was lost.
    pub(super) last_patrol: Option<Box<Patrol>>,
    pub(super) refit: Refit,
    /// [6.2.2C] The patrol has just ended and is on the log; the refit runs on at the machine's next
    /// step ([`crate::machine::Rules::carry_on`]), so the boat is seen home first. Only ever set
    /// between two steps of one action.
    pub(super) home: bool,
}

impl Default for Duty {
    /// No assignment yet: the boat in port, a plain patrol to come.
    fn default() -> Self {
        Self {
            request_areas: Vec::new(),
            area: String::new(),
            mission: CareerMission::Patrol,
            patrol: None,
            last_patrol: None,
            refit: Refit::default(),
            home: false,
        }
    }
}
