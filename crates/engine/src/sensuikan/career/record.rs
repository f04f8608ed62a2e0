//! The service record: the Patrol Log, the decorations [8.8], the periods of service toward promotion
//! [8.9.2], and what victory counts [5.x].

use std::collections::{BTreeSet, VecDeque};

use super::Period;
use super::log::LogRow;
use super::promotion::DuePromotion;
use crate::Month;

/// What the career has done so far.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ServiceRecord {
    pub(super) decorations: Vec<String>,
    pub(super) upgrade_markers: u8,
    pub(super) special_missions: u32,
    pub(super) patrols: u32,
    pub(super) service_start: Month,
    pub(super) next_promotion: Month,
    pub(super) period: Period,
    /// [8.9.2] Periods of service that have ended, each waiting for its promotion roll.
    pub(super) promotions_due: VecDeque<DuePromotion>,
    pub(super) log: Vec<LogRow>,
    /// [11.2] The names of the ships sunk in this career.
    pub(super) sunk_names: BTreeSet<String>,
    /// [10.1] The rolls player 2 made (two-player game).
    pub(super) player_two_rolls: u32,
}

impl ServiceRecord {
    /// A blank record for service from `start`: the first promotion period ends 12 months on [8.9.2].
    pub(super) fn new(start: Month) -> Self {
        Self {
            decorations: Vec::new(),
            upgrade_markers: 0,
            special_missions: 0,
            patrols: 0,
            service_start: start,
            next_promotion: start.plus(12),
            period: Period::default(),
            promotions_due: VecDeque::new(),
            log: Vec::new(),
            sunk_names: BTreeSet::new(),
            player_two_rolls: 0,
        }
    }

    /// Total tonnage sunk on the Patrol Log [5.2.1].
    pub(super) fn tonnage(&self) -> u32 {
        self.log.iter().map(|r| r.tonnage).sum()
    }
}
