//! The calendar: a turn's menu, the end of a turn (a declared War Event's counters leave then [2.1.1]),
//! and the start of a month's first week: date removals [2.1.1], arrivals [3.0 step 1], returns from the
//! repair track [3.51*] and, when a new War Period begins, the damaged ships held out [3.5].

use periscope_data::Month;
use periscope_data::silent_war_ijn::ships::Scenario;

use super::combat::Combat;
use super::contact::Contact;
use super::setup::LAST_MONTH;
use super::war_period_4::Progress;
use super::{Companion, Phase, Place, SwAction, SwError, SwEvent, choice, yes_no};
use crate::machine::{Decision, Rules};

/// The most turns a month is given: no calendar month spans more than five weeks. The player starts the
/// next month when their Turn Record Track does (our reading: the text does not say how many turns a
/// month has).
pub(crate) const MAX_WEEK: u8 = 5;

/// The start of a month, once its removals and arrivals are done: the War Period question [3.5].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MonthStart;

impl Companion {
    /// The War Events the player may declare this turn: not yet declared, and possible in this
    /// scenario (the End of 1932 Campaign is always past in a 1941-or-later game).
    fn declarable(&self) -> Vec<(String, String)> {
        let scenario = self.settings.as_ref().map(|s| s.scenario);
        self.data
            .set
            .events
            .iter()
            .filter(|e| !self.declared.contains(&e.id))
            .filter(|e| !(e.before_1941 && scenario == Some(Scenario::From1941)))
            .map(|e| (e.id.clone(), e.name.clone()))
            .collect()
    }

    pub(crate) fn turn_decision(&self) -> Decision<SwAction> {
        let c = self.calendar;
        let mut choices = vec![
            choice(
                SwAction::Combat,
                "Combat Phase: a target is about to be revealed",
                "3.1",
            ),
            choice(
                SwAction::Loner,
                "Contact roll: a white box on a row with red boxes may find a loner",
                "4.1",
            ),
        ];
        let window = self.data.war_period_4.printed_first_month;
        if self.wp4_from.is_none() && c.month < window && c.war_period < 4 {
            choices.push(choice(
                SwAction::Progress,
                "War Progress Phase: check the early advance to War Period 4",
                "7.0",
            ));
        }
        for (id, name) in self.declarable() {
            let (_, rule) = self.ask("war_event");
            choices.push(choice(
                SwAction::Declare { event: id },
                format!("War Event: {name} happened this turn"),
                &rule,
            ));
        }
        if c.week < MAX_WEEK {
            choices.push(choice(
                SwAction::NextWeek,
                format!("End the turn: week {} of {}", c.week + 1, c.month.long()),
                "2.1.1",
            ));
        }
        if c.month < LAST_MONTH {
            choices.push(choice(
                SwAction::NextMonth,
                format!("End the turn: {}, week 1", c.month.next().long()),
                "2.1.1",
            ));
        }
        choices.push(choice(SwAction::End, "End the game: the companion closes", "1.0"));
        let number = self
            .transition_number()
            .map_or(String::new(), |n| format!(" · War Period Transition number {n}"));
        Decision::new(
            format!(
                "{}, week {} · War Period {}{number}",
                c.month.long(),
                c.week,
                c.war_period
            ),
            "3.1",
            choices,
        )
    }

    pub(crate) fn turn_step(&mut self, action: SwAction, ev: &mut Vec<SwEvent>) -> Result<(), SwError> {
        match action {
            SwAction::Combat => {
                self.phase = Phase::Combat(Box::new(Combat::task_force()));
            }
            SwAction::Loner => self.phase = Phase::Contact(Contact::start()),
            SwAction::Progress => self.phase = Phase::Progress(Progress::start()),
            SwAction::Declare { event } => {
                let Some(e) = self.data.set.event(&event).cloned() else {
                    return Err(self.not_now(&SwAction::Declare { event }));
                };
                self.declared.push(e.id.clone());
                self.removing.push(e.id.clone());
                let ships = e
                    .ships
                    .iter()
                    .filter_map(|s| self.data.set.index_of(s))
                    .filter(|&i| self.places.get(i).is_some_and(Place::in_play))
                    .map(|i| self.ship(i))
                    .collect();
                ev.push(SwEvent::EventDeclared {
                    war_event: e.id,
                    name: e.name,
                    ships,
                });
                self.phase = Phase::Turn;
            }
            SwAction::NextWeek => {
                self.end_of_turn(ev);
                self.calendar.week += 1;
                self.turn_event(ev);
                self.phase = Phase::Turn;
            }
            SwAction::NextMonth => {
                self.end_of_turn(ev);
                self.start_month(self.calendar.month.next(), ev);
            }
            SwAction::End => {
                self.end_of_turn(ev);
                let sunk = self.places.iter().filter(|p| **p == Place::Sunk).count();
                let summary = format!(
                    "The companion closes in {}: {sunk} IJN Set ships sunk for {} tons credited [3.6].",
                    self.calendar.month.long(),
                    self.credited * 1000
                );
                ev.push(SwEvent::Over {
                    summary: summary.clone(),
                });
                self.phase = Phase::Over { summary };
            }
            other => return Err(self.not_now(&other)),
        }
        Ok(())
    }

    fn turn_event(&self, ev: &mut Vec<SwEvent>) {
        ev.push(SwEvent::Turn {
            month: self.calendar.month,
            week: self.calendar.week,
            war_period: self.calendar.war_period,
        });
    }

    /// The end of a turn: the War Events declared in it remove their counters, whatever they are doing,
    /// sunk ones aside; no tonnage is credited for them [2.1.1] [3.6].
    fn end_of_turn(&mut self, ev: &mut Vec<SwEvent>) {
        for id in std::mem::take(&mut self.removing) {
            let Some(e) = self.data.set.event(&id).cloned() else {
                continue;
            };
            let mut ships = Vec::new();
            for s in &e.ships {
                if let Some(i) = self.data.set.index_of(s)
                    && self
                        .places
                        .get(i)
                        .is_some_and(|p| p.in_play() || matches!(p, Place::Awaiting { .. }))
                {
                    self.set_place(i, Place::RemovedByEvent { event: e.id.clone() });
                    ships.push(self.ship(i));
                }
            }
            ev.push(SwEvent::RemovedByEvent {
                war_event: e.id,
                name: e.name,
                ships,
            });
        }
    }

    /// The start of a month's first week [2.1.1] [3.0 step 1] [3.51*], then the War Period question.
    pub(crate) fn start_month(&mut self, month: Month, ev: &mut Vec<SwEvent>) {
        self.calendar.month = month;
        self.calendar.week = 1;
        let data = self.data.clone();
        let mut removed = Vec::new();
        let mut entered = Vec::new();
        let mut repaired = Vec::new();
        for (i, c) in data.set.counters.iter().enumerate() {
            let place = self.places.get(i).cloned().unwrap_or(Place::NotInScenario);
            if c.removal.is_some_and(|m| m <= month)
                && (place.in_play() || matches!(place, Place::Awaiting { .. }))
            {
                self.set_place(i, Place::RemovedByDate { month });
                removed.push(self.ship(i));
                continue;
            }
            match place {
                Place::Awaiting { month: m } if m <= month => {
                    self.return_to_pile(i);
                    entered.push(self.ship(i));
                }
                Place::InRepair { returns } if returns <= month => {
                    self.return_to_pile(i);
                    repaired.push(self.ship(i));
                }
                _ => {}
            }
        }
        self.turn_event(ev);
        if !removed.is_empty() {
            ev.push(SwEvent::RemovedByDate {
                month,
                ships: removed,
            });
        }
        if !entered.is_empty() {
            ev.push(SwEvent::Entered {
                month,
                ships: entered,
            });
        }
        if !repaired.is_empty() {
            ev.push(SwEvent::Repaired {
                month,
                ships: repaired,
            });
        }
        if let Some(n) = self.transition_number() {
            ev.push(SwEvent::note(
                "7.0",
                format!("War Period Transition number this month: {n}"),
            ));
        }
        self.phase = if self.calendar.war_period < 4 {
            Phase::MonthStart(MonthStart)
        } else {
            Phase::Turn
        };
    }

    pub(crate) fn month_start_decision(&self, _m: &MonthStart) -> Decision<SwAction> {
        let (prompt, rule) = self.ask("new_war_period");
        let next = self.calendar.war_period + 1;
        Decision::new(
            format!("{} · {prompt}", self.calendar.month.long()),
            rule.clone(),
            {
                let mut v = yes_no(
                    &format!("Yes: War Period {next} begins"),
                    &format!("No: still War Period {}", self.calendar.war_period),
                    &rule,
                );
                v.reverse();
                v
            },
        )
    }

    /// [3.5] A new War Period: every damaged ship held out goes back to its pile.
    pub(crate) fn month_start_step(
        &mut self,
        m: MonthStart,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match action {
            SwAction::Answer { yes: true } => {
                self.calendar.war_period += 1;
                let mut returned = Vec::new();
                for i in 0..self.places.len() {
                    if matches!(self.places[i], Place::HeldOut { .. }) {
                        self.return_to_pile(i);
                        returned.push(self.ship(i));
                    }
                }
                ev.push(SwEvent::NewWarPeriod {
                    war_period: self.calendar.war_period,
                    returned,
                });
                self.phase = Phase::Turn;
            }
            SwAction::Answer { yes: false } => self.phase = Phase::Turn,
            other => {
                self.phase = Phase::MonthStart(m);
                return Err(self.not_now(&other));
            }
        }
        Ok(())
    }
}
