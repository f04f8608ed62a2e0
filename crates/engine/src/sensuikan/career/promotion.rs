//! Promotion [8.9]: a roll at the end of each 12 months of service — in port or at sea — 1-4 on 1d6 with
//! the modifiers of that period only; Leadership [11.7] promotes without a roll; each promotion gives an
//! upgrade marker [9.3].
//!
//! A period is the 12 months from the start of service (12/41 to 11/42 for a career begun in 12/41, whose
//! first roll is in 12/42 and then every December [8.9.2]). A patrol counts in the period in which it comes
//! home; a boat still at sea when a period ends rolls then, without the patrol under way.

use super::{Career, CareerEvent, CareerRoll, Period, Rank, SpecialSkill, Step};
use crate::Month;
use crate::dice::Dice;
use crate::roll::{Modifier, RollRecord};

/// [8.9.2] The promotion roll's modifiers for a period.
pub fn promotion_modifiers(golden_kite: bool, ships_sunk: u32, unsuccessful: u32) -> Vec<Modifier> {
    let mut mods = Vec::new();
    if golden_kite {
        mods.push(Modifier::new(-1, "Golden Kite in the period", "8.9.2"));
    }
    if ships_sunk >= 5 {
        mods.push(Modifier::new(-1, "5 ships sunk in the period", "8.9.2"));
    }
    if unsuccessful > 0 {
        mods.push(Modifier::new(
            i32::try_from(unsuccessful).unwrap_or(6),
            "unsuccessful patrols in the period",
            "8.9.2",
        ));
    }
    mods
}

/// [8.9.2] A period of service that has ended, waiting for its promotion roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DuePromotion {
    /// The month of the roll: the first month after the period.
    pub(crate) at: Month,
    /// The boat was at sea when the period ended.
    pub(crate) at_sea: bool,
    /// What happened in the period.
    pub(crate) period: Period,
}

impl DuePromotion {
    /// `12/41-11/42`: the months the roll's modifiers cover.
    pub(crate) fn months(&self) -> String {
        format!("{}-{}", self.at.plus(-12).short(), self.at.plus(-1).short())
    }
}

impl Career {
    /// [8.9.2] Closes every period that ends before `before` (the month the career reaches next): each
    /// takes what was counted so far and waits for its roll, a Captain's without one (no higher rank).
    pub(crate) fn close_periods(
        &mut self,
        before: Month,
        at_sea: bool,
        ev: &mut Vec<CareerEvent>,
    ) -> Vec<Step> {
        let mut steps = Vec::new();
        while self.service.next_promotion < before {
            let due = DuePromotion {
                at: self.service.next_promotion,
                at_sea,
                period: std::mem::take(&mut self.service.period),
            };
            self.service.next_promotion = self.service.next_promotion.plus(12);
            if self.command.rank >= Rank::Captain {
                Self::note(
                    ev,
                    "8.9.2",
                    format!(
                        "{}: the service period {} ends; a Captain has no higher rank to reach",
                        due.at.short(),
                        due.months()
                    ),
                );
                continue;
            }
            if at_sea {
                Self::note(
                    ev,
                    "8.9.2",
                    format!(
                        "{}, at sea: the promotion roll for {} (the patrol under way counts in the next period)",
                        due.at.short(),
                        due.months()
                    ),
                );
            }
            self.service.promotions_due.push_back(due);
            steps.push(Step::Roll {
                roll: CareerRoll::Promotion,
            });
        }
        steps
    }

    pub(crate) fn resolve_promotion(&mut self, faces: Vec<u8>, ev: &mut Vec<CareerEvent>) {
        let due = self
            .service
            .promotions_due
            .pop_front()
            .unwrap_or_else(|| DuePromotion {
                at: self.month,
                at_sea: false,
                period: std::mem::take(&mut self.service.period),
            });
        let p = &due.period;
        let mods = promotion_modifiers(p.golden_kite, p.ships_sunk, p.unsuccessful);
        let rec = RollRecord::new("Promotion", "8.9.2", Dice::D1D6, faces, mods, (1, 6));
        let leadership = self.command.special_skill == Some(SpecialSkill::Leadership);
        let ok = leadership || rec.result <= 4;
        let verdict = if leadership {
            "Leadership: promoted without a roll [8.9.2]"
        } else if ok {
            "promoted (1-4)"
        } else {
            "not promoted this time (1-4 needed)"
        };
        let outcome = format!(
            "{verdict}; the period {}{}",
            due.months(),
            if due.at_sea { ", rolled at sea" } else { "" }
        );
        if self.quiet.records() {
            self.record(rec.with_outcome(outcome), ev);
        }
        if ok {
            self.command.rank = match self.command.rank {
                Rank::LieutenantCommander => Rank::Commander,
                _ => Rank::Captain,
            };
            self.service.upgrade_markers += 1;
            Self::note(
                ev,
                "8.9.2",
                format!(
                    "promoted to {}; an upgrade marker [9.3]",
                    self.command.rank.name()
                ),
            );
        }
    }
}
