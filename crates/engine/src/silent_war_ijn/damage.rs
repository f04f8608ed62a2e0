//! A damaged IJN ship [3.5]: out of the set for the rest of the War Period, back in its pile at the start
//! of the next; or, with the optional Damage Table [3.51*], a roll for the full months of repair after
//! this month (its other weeks ignored), back in the first week of the month after them. In Campaign
//! Games 1, 3 and 4 the times double from 2,660,000 tons sunk [3.52*A] and quadruple from 3,990,000
//! [3.52*B]; the companion asks the Tons Sunk marker.

use super::combat::{Combat, Step};
use super::events::Until;
use super::{Companion, Phase, Place, SwAction, SwError, SwEvent, Throw, choice};
use crate::machine::{Rules, Wait};

/// A damaged ship's repair roll, and the Tons Sunk marker it may need first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Repairing {
    /// The ship's position on the display.
    ship: usize,
    /// The Tons Sunk marker (thousands), once asked; `None` while it is asked.
    tons: Option<u32>,
    asking: bool,
}

impl Repairing {
    pub(crate) fn asking_tons(&self) -> bool {
        self.asking
    }

    /// The damaged ship's position on the display.
    pub(crate) fn ship(&self) -> usize {
        self.ship
    }
}

impl Companion {
    /// The damaged ship at `pos`: held out until the next War Period [3.5], or the repair roll's step
    /// [3.51*] (after the Tons Sunk marker in Campaign Games 1, 3 and 4 [3.52*A] [3.52*B]).
    pub(crate) fn damage(&mut self, c: &mut Combat, pos: usize, ev: &mut Vec<SwEvent>) -> Option<Step> {
        let index = c.ships.get(pos)?.index;
        let settings = self.settings.clone()?;
        if !settings.damage_table {
            let wp = self.calendar.war_period;
            self.set_place(index, Place::HeldOut { war_period: wp });
            ev.push(SwEvent::Damaged {
                ship: self.ship(index),
                until: Until::NextWarPeriod { after: wp },
                months: None,
                rule: "3.5".into(),
            });
            return None;
        }
        let asking = self.data.repair.multiplies_in(settings.campaign_game);
        Some(Step::Repair(Repairing {
            ship: pos,
            tons: None,
            asking,
        }))
    }

    pub(crate) fn repair_wait(&self, c: &Combat, r: &Repairing) -> Wait<SwAction, Throw> {
        if !r.asking {
            return Wait::Roll(Throw::Repair);
        }
        let ship = c
            .ships
            .get(r.ship)
            .map(|s| self.ship(s.index).name)
            .unwrap_or_default();
        let (prompt, rule) = self.ask("tons_sunk");
        let marks: Vec<(u64, u32)> = {
            let mut m: Vec<(u64, u32)> = self
                .data
                .repair
                .multipliers
                .iter()
                .map(|m| (m.tons_sunk_at_least, m.factor))
                .collect();
            m.sort_unstable();
            m
        };
        let mut choices = vec![choice(
            SwAction::Tons { thousands: 0 },
            format!(
                "Below {} thousand: repair times as rolled",
                marks.first().map_or(0, |m| m.0 / 1000)
            ),
            &rule,
        )];
        for (tons, factor) in &marks {
            choices.push(choice(
                SwAction::Tons {
                    thousands: u32::try_from(tons / 1000).unwrap_or(u32::MAX),
                },
                format!("{} thousand or more: repair times × {factor}", tons / 1000),
                &rule,
            ));
        }
        Wait::Decide(crate::machine::Decision::new(
            format!("{ship} is damaged. {prompt} (tons N)"),
            rule,
            choices,
        ))
    }

    pub(crate) fn repair_step(
        &mut self,
        mut c: Combat,
        mut r: Repairing,
        action: SwAction,
        _ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match action {
            SwAction::Tons { thousands } if r.asking => {
                r.tons = Some(thousands);
                r.asking = false;
                c.step = Step::Repair(r);
                self.phase = Phase::Combat(Box::new(c));
                Ok(())
            }
            other => {
                c.step = Step::Repair(r);
                self.phase = Phase::Combat(Box::new(c));
                Err(self.not_now(&other))
            }
        }
    }

    /// [3.51*] The roll: the ship's tonnage line, full months after this one, multiplied in Campaign Games
    /// 1, 3 and 4 [3.52*A] [3.52*B] (a 0 stays 0: back next month).
    pub(crate) fn repair_roll(
        &mut self,
        mut c: Combat,
        faces: Vec<u8>,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let Step::Repair(r) = std::mem::replace(&mut c.step, Step::Main) else {
            self.phase = Phase::Combat(Box::new(c));
            return Ok(());
        };
        let Some(s) = c.ships.get(r.ship).cloned() else {
            self.next_fate(c, r.ship + 1, ev);
            return Ok(());
        };
        let tonnage = self.counter(s.index).map_or(1, |x| x.tonnage);
        let face = i32::from(faces.first().copied().unwrap_or(0));
        let table = &self.data.repair.damage_table;
        let band = table.column_for(tonnage).map_or(String::new(), |col| col.band());
        let base = table.months(tonnage, face).unwrap_or(0);
        let campaign = self.settings.as_ref().and_then(|s| s.campaign_game);
        let sunk = u64::from(r.tons.unwrap_or(0)) * 1000;
        let multiplier = self.data.repair.multiplier(campaign, sunk).cloned();
        let (months, rule, how) = match &multiplier {
            Some(m) => {
                let case = m.sources.entry_case().unwrap_or("3.52*A").to_string();
                (
                    base * m.factor,
                    case.clone(),
                    format!(
                        "{base} month(s), × {} from {} tons sunk in Campaign Game {} [{case}]",
                        m.factor,
                        m.tons_sunk_at_least,
                        campaign.unwrap_or(0)
                    ),
                )
            }
            None => (base, "3.51*".to_string(), format!("{base} month(s)")),
        };
        let returns = self.calendar.month.plus(i32::try_from(months).unwrap_or(0) + 1);
        let outcome = format!(
            "the {tonnage}t ship reads the {band} line: {how}; in repair after {}, back in {}",
            self.calendar.month, returns
        );
        self.roll_record("IJN Optional Damage Table", "3.51*", faces, vec![], outcome, ev);
        self.set_place(s.index, Place::InRepair { returns });
        ev.push(SwEvent::Damaged {
            ship: self.ship(s.index),
            until: Until::Month { month: returns },
            months: Some(months),
            rule,
        });
        self.next_fate(c, r.ship + 1, ev);
        Ok(())
    }
}

/// The case a multiplier's provenance cites.
trait EntryCase {
    fn entry_case(&self) -> Option<&str>;
}

impl EntryCase for periscope_data::silent_war_ijn::Sources {
    fn entry_case(&self) -> Option<&str> {
        match &self.entry {
            periscope_data::Provenance::Rule { case } | periscope_data::Provenance::Example { case } => {
                Some(case)
            }
            periscope_data::Provenance::Reconstructed { .. } => None,
        }
    }
}
