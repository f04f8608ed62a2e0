//! The refit after each mission [2.0] [6.3.3]: crews advance one level per three kills [7.5.1]; a
//! torpedoed DD/FF is out 1d6 months [7.4.3]; air support for the next mission is rolled on A4 every time,
//! in the next mission's column [6.3.3] [7.2.1 ERRATA]; every second refit the upgrade columns are rolled —
//! HF/DF until held, Type 271 and Hedgehog while a ship lacks one (the player picks the ship), DD/FF and
//! Flowers below the caps of 4 and 6 (a DD/FF in torpedo repair may be replaced even at the cap) [6.3.3]
//! [7.4.3]. No refit follows the last mission: the game is over [5.1.1].

use periscope_data::Month;
use periscope_data::atlantic::catalog::groups::Category;
use periscope_data::atlantic::charts::{A4Key, Quality, Refit};
use periscope_data::atlantic::procedures::ProcedureResult;

use super::command::{Dock, RepairCause, ShipState, crew_after};
use super::{Ask, Career, CareerError, CareerEvent, CareerRoll, Cause, Fitting, Step};
use crate::atlantic::AirCover;
use crate::atlantic::reading::{chart_roll, proc_roll};
use crate::refusal::Refused;

/// A4's column in words.
pub(crate) fn column_name(k: A4Key) -> &'static str {
    match k {
        A4Key::AirSupport => "air support",
        A4Key::HfDf => "HF/DF",
        A4Key::Type271 => "a Type 271 set",
        A4Key::Hedgehog => "a Hedgehog",
        A4Key::DdFf => "a DD/FF",
        A4Key::Corvette => "a Flower-class corvette",
    }
}

impl Career {
    /// The month of the commander's next convoy: the next slot's, or the month his group comes back
    /// from the Canadian refit [7.7.1]; none when the game is over first [5.1.1].
    pub(crate) fn next_sailing_month(&self) -> Option<Month> {
        let mut m = if self.slot.half == 1 {
            self.slot.month
        } else {
            self.slot.month.next()
        };
        if let Some(w) = self.withdrawal()
            && (w.from..=w.until).contains(&m)
        {
            m = w.until.next();
        }
        (m <= self.data.data.catalog.career.calendar.end).then_some(m)
    }

    /// The Canadian withdrawal of the commander's group, if it has one [7.7.1].
    pub(crate) fn withdrawal(&self) -> Option<periscope_data::atlantic::catalog::groups::Withdrawal> {
        self.data
            .data
            .catalog
            .groups
            .group(&self.cmd().group)
            .and_then(|g| g.withdrawn)
    }

    /// The refit: crews, then (unless the game is over) the upgrade checks and the air support.
    pub(crate) fn begin_refit(&mut self, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        // [11.1] [11.2] A scenario is its one convoy.
        if self.scenario().is_some() {
            self.then([Step::EndGame]);
            return Ok(());
        }
        self.advance_crews(ev);
        if self.next_sailing_month().is_none() {
            return Ok(());
        }
        let every = u32::from(
            self.data
                .data
                .catalog
                .career
                .calendar
                .upgrade_check_every_refits
                .max(1),
        );
        let c = self.cmd_mut();
        c.refits += 1;
        let refits = c.refits;
        let mut steps = Vec::new();
        if refits.is_multiple_of(every) {
            let month = self.slot.month;
            steps.extend(self.upgrade_columns(month).into_iter().map(|column| Step::Roll {
                roll: CareerRoll::Upgrade {
                    column,
                    cause: Cause::Refit,
                },
            }));
            Self::note(
                ev,
                "6.3.3",
                format!("Refit {refits}: the grey row — check for upgrades"),
            );
        }
        steps.push(Step::Roll {
            roll: CareerRoll::AirSupport,
        });
        self.then(steps);
        Ok(())
    }

    /// [7.5.1] One level per three kills credited to the ship.
    fn advance_crews(&mut self, ev: &mut Vec<CareerEvent>) {
        let per = self.data.data.catalog.career.crew_advancement.kills_per_level;
        let mut notes = Vec::new();
        for s in &mut self.cmd_mut().ships {
            let now = crew_after(s.start_crew, s.kills, per);
            if now != s.crew {
                s.crew = now;
                notes.push(format!(
                    "{}'s crew is now {} ({})",
                    s.name,
                    quality_name(now),
                    crate::atlantic::words::count(s.kills, "kill", "kills")
                ));
            }
        }
        for n in notes {
            Self::note(ev, "7.5.1", n);
        }
    }

    /// The A4 columns a refit in `month` still checks [6.3.3].
    pub(crate) fn upgrade_columns(&self, month: Month) -> Vec<A4Key> {
        let c = self.cmd();
        let a4 = &self.data.data.charts.a4.table;
        let mut keys = Vec::new();
        if !c.hf_df {
            keys.push(A4Key::HfDf);
        }
        if c.ships.iter().any(|s| !s.type_271) {
            keys.push(A4Key::Type271);
        }
        if c.ships.iter().any(|s| !s.hedgehog) {
            keys.push(A4Key::Hedgehog);
        }
        if self.below_cap(true) || self.torpedoed_dd_ff().is_some() {
            keys.push(A4Key::DdFf);
        }
        if self.below_cap(false) {
            keys.push(A4Key::Corvette);
        }
        keys.retain(|k| a4.column(k, month).is_some());
        keys
    }

    /// Below the cap of the category: 4 DD/FF, 6 Flowers [6.3.3].
    pub(crate) fn below_cap(&self, dd_ff: bool) -> bool {
        let category = if dd_ff { Category::DdFf } else { Category::Corvette };
        let cap = self.data.data.catalog.groups.cap(category).unwrap_or(0);
        self.cmd().count(dd_ff) < usize::from(cap)
    }

    /// A DD/FF in repair for torpedo damage, which a new ship may replace [7.4.3].
    fn torpedoed_dd_ff(&self) -> Option<usize> {
        self.cmd().ships.iter().position(|s| {
            s.dd_ff
                && matches!(
                    s.dock,
                    Dock::Repair {
                        cause: RepairCause::Torpedo,
                        ..
                    }
                )
        })
    }

    /// [4.4.2] [6.3.3] Air support for the next mission, in its month's column.
    pub(crate) fn resolve_air(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let month = self.next_sailing_month().unwrap_or(self.slot.month);
        let a4 = &self.data.data.charts.a4.table;
        let column = a4.column(&A4Key::AirSupport, month).ok_or_else(|| {
            CareerError::Refused(Refused::Data(format!("A4 has no air support column for {month}")))
        })?;
        let (rec, res) =
            chart_roll(&column.chart, "A4", "6.3.3", faces, Vec::new()).map_err(CareerError::Mission)?;
        let air = AirCover {
            long_range_air: res == Refit::LongRangeAir,
            cam: res == Refit::Cam,
            cve: res == Refit::Cve,
        };
        let words = match res {
            Refit::LongRangeAir => "long-range air support",
            Refit::Cam => "a CAM ship",
            Refit::Cve => "an escort carrier (CVE)",
            _ => "no air support",
        };
        self.record(
            rec.with_outcome(format!("{words} for the mission of {month}")),
            ev,
        );
        // [11.1] ON 113's CAM ship sails whatever A4 gives.
        let cam = self.scenario().is_some_and(|s| s.air_support.cam);
        self.cmd_mut().air = AirCover {
            cam: air.cam || cam,
            ..air
        };
        Ok(())
    }

    /// An A4 upgrade column [6.3.3] (or the Canadian refit's [7.7.1]).
    pub(crate) fn resolve_upgrade(
        &mut self,
        column: A4Key,
        cause: Cause,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let month = self.slot.month;
        let rule = cause.rule();
        let a4 = &self.data.data.charts.a4.table;
        let col = a4
            .column(&column, month)
            .or_else(|| a4.columns_of(&column).last())
            .ok_or_else(|| CareerError::Refused(Refused::Data(format!("A4 has no {column} column"))))?;
        let (rec, res) =
            chart_roll(&col.chart, "A4", rule, faces, Vec::new()).map_err(CareerError::Mission)?;
        let got = res != Refit::None;
        self.record(
            rec.with_outcome(format!(
                "{}: {}",
                column_name(column),
                if got { "received" } else { "none" }
            )),
            ev,
        );
        match res {
            Refit::HfDf => {
                self.cmd_mut().hf_df = true;
                Self::note(ev, rule, "The group now has HF/DF; it checks no more [6.3.3]");
            }
            Refit::Type271Set => self.then([Step::Ask {
                ask: Ask::Fit {
                    fitting: Fitting::Type271,
                    rule: cause,
                },
            }]),
            Refit::Hedgehog => self.then([Step::Ask {
                ask: Ask::Fit {
                    fitting: Fitting::Hedgehog,
                    rule: cause,
                },
            }]),
            Refit::DdFf => self.reinforce(true, rule, ev),
            Refit::Corvette => self.reinforce(false, rule, ev),
            _ => {}
        }
        Ok(())
    }

    /// A new ship joins from the group's pool: the first it has never had whose class is in service
    /// (our reading). At the DD/FF cap she replaces a DD/FF in torpedo repair, which leaves [7.4.3].
    pub(crate) fn reinforce(&mut self, dd_ff: bool, rule: &str, ev: &mut Vec<CareerEvent>) {
        let data = self.data.clone();
        let groups = &data.data.catalog.groups;
        let month = self.slot.month;
        let c = self.cmd();
        let Some(pool) = groups
            .group(&c.group)
            .and_then(|g| groups.pool(&g.reinforcements))
        else {
            return;
        };
        let list = if dd_ff { &pool.dd_ff } else { &pool.corvettes };
        let next = list.iter().find(|s| {
            !c.drawn.contains(s)
                && groups
                    .class_of(s)
                    .is_some_and(|k| k.available_from.is_none_or(|f| f <= month))
        });
        let Some(id) = next else {
            Self::note(ev, rule, "No ship of the pool is left to join");
            return;
        };
        let (Some(ship), Some(class)) = (groups.ship(id), groups.class_of(id)) else {
            return;
        };
        let replaced = if self.below_cap(dd_ff) {
            None
        } else if dd_ff {
            self.torpedoed_dd_ff()
        } else {
            return;
        };
        let new = ShipState {
            ship: id.clone(),
            name: ship.name.clone(),
            dd_ff: class.category == Category::DdFf,
            type_271: false,
            hedgehog: false,
            start_crew: Quality::Trained,
            crew: Quality::Trained,
            kills: 0,
            dock: Dock::Ready,
        };
        let c = self.cmd_mut();
        if let Some(i) = replaced {
            let old = c.ships.remove(i);
            Self::note(
                ev,
                "7.4.3",
                format!(
                    "{} leaves the group while in repair: {} replaces her",
                    old.name, new.name
                ),
            );
        }
        Self::note(ev, rule, format!("{} ({}) joins the group", new.name, class.name));
        c.drawn.push(id.clone());
        c.ships.push(new);
    }

    /// [7.4.3] The torpedoed DD/FF's months in dock.
    pub(crate) fn resolve_repair(
        &mut self,
        ship: u8,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let c = self.procedure("escort_repair")?;
        let (rec, res) = proc_roll(c, "7.4.3", faces, Vec::new()).map_err(CareerError::Mission)?;
        let months = match res {
            ProcedureResult::Months { months } => months,
            _ => 1,
        };
        let i = usize::from(ship);
        let name = self
            .cmd()
            .ships
            .get(i)
            .map_or_else(String::new, |s| s.name.clone());
        self.record(
            rec.with_outcome(format!(
                "{name}: {} in repair",
                crate::atlantic::words::count(months, "month", "months")
            )),
            ev,
        );
        if let Some(s) = self.cmd_mut().ships.get_mut(i) {
            let missions = months.saturating_mul(2);
            let before = match s.dock {
                Dock::Repair { missions_left, .. } => missions_left,
                Dock::Ready => 0,
            };
            s.dock = Dock::Repair {
                missions_left: missions.max(before),
                cause: RepairCause::Torpedo,
            };
        }
        Ok(())
    }

    /// [7.7.1] C-1, C-2 and C-4 at the end of January 1943: to St. John's, "Refit" for February and March,
    /// Type 271 sets up to three, then A4 rolls for a Hedgehog and a ship; back in April.
    pub(crate) fn withdraw(&mut self, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        let Some(w) = self.withdrawal() else { return Ok(()) };
        let rule = &self.data.data.catalog.career.canadian_withdrawal;
        let base = rule.base.clone();
        let up_to = usize::from(rule.type_271_sets_up_to);
        let months = w.from.months_until(w.until) + 1;
        let c = self.cmd_mut();
        c.withdrawn = true;
        c.base = base;
        let mut m = w.from;
        while m <= w.until {
            c.log.rows.push(super::log::LogRow::Refit { month: m });
            m = m.next();
        }
        c.pass_missions(u8::try_from(months * 2).unwrap_or(u8::MAX));
        let sets = c.ships.iter().filter(|s| s.type_271).count();
        let lacking = c.ships.iter().filter(|s| !s.type_271).count();
        let more = up_to.saturating_sub(sets).min(lacking);
        let hedgehog = c.ships.iter().any(|s| !s.hedgehog);
        let group = c.group_name.clone();
        Self::note(
            ev,
            "7.7.1",
            format!(
                "{group} is withdrawn to St. John's for its refit, {} to {}: {} to bring it to {up_to}",
                w.from,
                w.until,
                crate::atlantic::words::count(
                    u32::try_from(more).unwrap_or(u32::MAX),
                    "Type 271 set",
                    "Type 271 sets"
                )
            ),
        );
        let mut steps: Vec<Step> = (0..more)
            .map(|_| Step::Ask {
                ask: Ask::Fit {
                    fitting: Fitting::Type271,
                    rule: Cause::Withdrawal,
                },
            })
            .collect();
        if hedgehog {
            steps.push(Step::Roll {
                roll: CareerRoll::Upgrade {
                    column: A4Key::Hedgehog,
                    cause: Cause::Withdrawal,
                },
            });
        }
        // "An additional ship": a DD/FF below its cap, else a Flower (our reading).
        let column = if self.below_cap(true) {
            Some(A4Key::DdFf)
        } else if self.below_cap(false) {
            Some(A4Key::Corvette)
        } else {
            None
        };
        if let Some(column) = column {
            steps.push(Step::Roll {
                roll: CareerRoll::Upgrade {
                    column,
                    cause: Cause::Withdrawal,
                },
            });
        }
        self.then(steps);
        Ok(())
    }
}

pub(crate) fn quality_name(q: Quality) -> &'static str {
    match q {
        Quality::Green => "Green",
        Quality::Trained => "Trained",
        Quality::Veteran => "Veteran",
        Quality::Elite => "Elite",
    }
}
