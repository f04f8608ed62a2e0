//! Encounters [8.1]: ships and their size [8.1.3], capital ships [8.1.4], warships [8.1.5], convoys
//! [8.1.6], the time of day [8.1.9] [8.1.10], random events [8.1.8], and the enemy submarine [8.2.9].

use crate::machine::RollSpec;
use periscope_data::sensuikan::charts::{CapitalList, Encounter, Range, Ship, ShipSize};
use periscope_data::sensuikan::procedures::ProcedureResult;

use serde::{Deserialize, Serialize};

use super::events::PatrolEvent;
use super::reading::{answer, chart_roll, proc_roll};
use super::{Ask, Combat, CombatAsk, EnemyRoll, Patrol, PatrolError, Phase, RollPurpose};
use crate::dice::Dice;
use crate::roll::RollRecord;

/// A roll identifying the contact [8.1.3]-[8.1.5], or the time of day [8.1.9] [8.1.10].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum ContactRoll {
    ShipCount,
    ShipSize,
    Target { large: bool },
    Capital,
    Warship,
    TimeOfDay,
    ChangeTime,
}

impl ContactRoll {
    /// Only the change of day and night is the submarine's own roll [B11].
    pub(crate) fn own(self) -> bool {
        self == ContactRoll::ChangeTime
    }
}

/// Day or night [8.1.9].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeOfDay {
    Day,
    Night,
}

/// What kind of encounter is under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ContactKind {
    Ship,
    ShipsEscorted,
    Convoy,
    CapitalShip,
    Warship,
    EnemySubmarine,
}

/// A ship in the window of opportunity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    pub ship: Ship,
    pub damage: u8,
    pub sunk: bool,
    /// The generic escort added to attack it [8.2.11].
    pub is_escort: bool,
    /// A capital ship (T4) [8.1.4].
    pub capital: bool,
}

impl Patrol {
    /// The dice, chart, rule and reason of a contact roll.
    pub(crate) fn contact_roll_spec(&self, r: ContactRoll) -> RollSpec {
        let procs = &self.data.procs.charts;
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match r {
            ContactRoll::ShipCount => s(
                Dice::from(procs.escorted_ships.dice),
                "Escorted ships",
                "8.1.3",
                "How many ships with the escort",
            ),
            ContactRoll::ShipSize => s(
                Dice::from(self.data.charts.a3.ship_size.dice),
                "A3 ship size",
                "8.1.3",
                "Roll the ship's size",
            ),
            ContactRoll::Target { large } => {
                let c = if large {
                    &self.data.charts.t2.chart
                } else {
                    &self.data.charts.t1.chart
                };
                s(Dice::from(c.dice), &c.id, "8.1.3", "Identify the ship")
            }
            ContactRoll::Capital => s(
                Dice::from(self.data.charts.t4.table.dice),
                "T4",
                "8.1.4",
                "Identify the capital ship",
            ),
            ContactRoll::Warship => {
                let c = if self.british() {
                    &self.data.charts.t5.chart
                } else {
                    &self.data.charts.t3.chart
                };
                s(Dice::from(c.dice), &c.id, "8.1.5", "Identify the warship")
            }
            ContactRoll::TimeOfDay => s(
                Dice::from(procs.time_of_day.dice),
                "Time of day",
                "8.1.9",
                "Day or night",
            ),
            ContactRoll::ChangeTime => s(
                Dice::from(procs.change_time.dice),
                "Change day/night",
                "8.1.10",
                "Keep the contact while changing the time",
            ),
        }
    }

    /// [8.2.8] An escort arrives with no ship to attack (a special mission's roll, a kaiten run): it rolls
    /// to detect at once; undetected, the encounter is over (and a special mission rolls again); detected,
    /// the escort attacks until the submarine escapes or is sunk [8.2.5].
    pub(crate) fn escort_arrives(&mut self, ev: &mut Vec<PatrolEvent>) {
        ev.push(PatrolEvent::Encounter {
            what: "an escort arrives".into(),
        });
        let mut c = Combat::new(ContactKind::Ship);
        c.picture.escorted = true;
        c.incoming.attacker = super::Attacker::Escort;
        self.combat = Some(c);
        self.phase = Phase::Roll {
            purpose: RollPurpose::Escort(super::EscortRoll::Detection),
        };
    }

    /// [6.2.2Ba] Resolve the encounter an A3 roll gave.
    pub(crate) fn start_encounter(&mut self, enc: Encounter, ev: &mut Vec<PatrolEvent>) {
        ev.push(PatrolEvent::Encounter {
            what: super::words::encounter(enc),
        });
        let kind = match enc {
            Encounter::None => {
                self.box_done(ev);
                return;
            }
            // [7.4]-[7.6] [7.9]-[7.11] An escort on the Special Missions column (the only column that
            // gives one) is resolved as [8.2.8] says: it rolls to detect at once.
            Encounter::Escort => {
                self.escort_arrives(ev);
                return;
            }
            Encounter::Aircraft => {
                self.own_aircraft_caught(ev);
                self.start_aircraft(false, ev);
                return;
            }
            Encounter::Ship => ContactKind::Ship,
            Encounter::ShipsEscorted => ContactKind::ShipsEscorted,
            Encounter::Convoy => ContactKind::Convoy,
            Encounter::CapitalShip => ContactKind::CapitalShip,
            Encounter::Warship => ContactKind::Warship,
            Encounter::EnemySubmarine => ContactKind::EnemySubmarine,
        };
        let mut c = Combat::new(kind);
        c.picture.escorted = !matches!(kind, ContactKind::Ship | ContactKind::EnemySubmarine);
        self.combat = Some(c);
        self.phase = Phase::Roll {
            purpose: match kind {
                ContactKind::Ship | ContactKind::Convoy => RollPurpose::Contact(ContactRoll::ShipSize),
                ContactKind::ShipsEscorted => RollPurpose::Contact(ContactRoll::ShipCount),
                ContactKind::CapitalShip => RollPurpose::Contact(ContactRoll::Capital),
                ContactKind::Warship => RollPurpose::Contact(ContactRoll::Warship),
                ContactKind::EnemySubmarine => RollPurpose::Enemy(EnemyRoll::Initiative),
            },
        };
        if kind == ContactKind::EnemySubmarine
            && let Some(c) = self.combat.as_mut()
        {
            let ship = self.data.entries.enemy_submarine.clone();
            c.picture.targets.push(Target {
                ship,
                damage: 0,
                sunk: false,
                is_escort: false,
                capital: false,
            });
        }
    }

    fn add_target(&mut self, ship: Ship, capital: bool) {
        if let Some(c) = self.combat.as_mut() {
            c.picture.add_target(ship, capital);
        }
    }

    /// [8.1.3]-[8.1.5] [11.2] An identified ship joins the window, unless she must be identified again
    /// (out of service this month, or sunk before): then the phase stays on the roll.
    fn identified(
        &mut self,
        rec: RollRecord,
        ship: Ship,
        capital: bool,
        again: Option<String>,
        ev: &mut Vec<PatrolEvent>,
    ) {
        if let Some(why) = again {
            if self.quiet.records() {
                self.record(rec.with_outcome(why), ev);
            }
            return;
        }
        if self.quiet.records() {
            self.record(
                rec.with_outcome(format!("{} ({} t)", ship.name, ship.tonnage)),
                ev,
            );
        }
        self.add_target(ship, capital);
        self.next_identification(ev);
    }

    /// Why an identified ship must be identified again, if she must: a ship out of service in the
    /// patrol's month never comes up (`docs/tables.md`: the roll is made again), nor, with the historical
    /// targets rule, a named ship sunk before [11.2]. When no ship of the chart could come up she stands,
    /// or the roll would never end (the data checks every month has a ship in service).
    pub(crate) fn identify_again<'a>(
        &self,
        ship: &Ship,
        mut chart: impl Iterator<Item = &'a Ship>,
    ) -> Option<String> {
        let can = |s: &Ship| s.in_service(self.month) && !self.already_sunk(s);
        if can(ship) || !chart.any(can) {
            return None;
        }
        Some(if ship.in_service(self.month) {
            Self::sunk_before(ship)
        } else {
            format!(
                "{} was not in service in {}: identify again",
                ship.name,
                self.month.short()
            )
        })
    }

    /// After each identified ship: the next one, or the time of day.
    fn next_identification(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(p) = self.combat.as_ref().map(|c| &c.picture) else {
            return;
        };
        if p.targets.len() < p.ships_wanted() {
            self.phase = Phase::Roll {
                purpose: RollPurpose::Contact(ContactRoll::ShipSize),
            };
            return;
        }
        ev.push(PatrolEvent::Contact {
            ships: p
                .targets
                .iter()
                .map(|t| format!("{} ({} t)", t.ship.name, t.ship.tonnage))
                .collect(),
            escorted: p.escorted,
        });
        self.phase = Phase::Roll {
            purpose: RollPurpose::Contact(ContactRoll::TimeOfDay),
        };
    }

    pub(crate) fn resolve_contact(
        &mut self,
        r: ContactRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match r {
            ContactRoll::ShipCount => {
                // [8.1.3] Ship(s) + escort: one or two ships.
                let (rec, res) = proc_roll(&self.data.procs.charts.escorted_ships, "8.1.3", faces, vec![]);
                let two = res == ProcedureResult::Two;
                if self.quiet.records() {
                    self.record(rec.with_outcome(if two { "two ships" } else { "one ship" }), ev);
                }
                if let Some(c) = self.combat.as_mut() {
                    c.picture.extra_ships = u8::from(two);
                }
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Contact(ContactRoll::ShipSize),
                };
            }
            ContactRoll::ShipSize => {
                // [8.1.3] 1-4 small (T1), 5-6 large (T2).
                let (rec, size) = chart_roll(
                    &self.data.charts.a3.ship_size,
                    "A3 ship size",
                    "8.1.3",
                    faces,
                    vec![],
                )?;
                let large = size == ShipSize::Large;
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(if large {
                            "large ship (T2)"
                        } else {
                            "small ship (T1)"
                        }),
                        ev,
                    );
                }
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Contact(ContactRoll::Target { large }),
                };
            }
            // [3.4] T1 and T2 are d100: tens and units, 00 = 100.
            ContactRoll::Target { large } => {
                let chart = if large {
                    &self.data.charts.t2.chart
                } else {
                    &self.data.charts.t1.chart
                };
                let id = chart.id.clone();
                let (rec, ship) = chart_roll(chart, &id, "8.1.3", faces, vec![])?;
                let again = self.identify_again(&ship, chart.rows.iter().map(|r| &r.result));
                self.identified(rec, ship, false, again, ev);
            }
            ContactRoll::Capital => {
                // [8.1.4] T4, the British sub-list in the British areas; always escorted.
                let list = if self.british() {
                    CapitalList::British
                } else {
                    CapitalList::Us
                };
                let rec = RollRecord::new("T4", "8.1.4", Dice::D10, faces, vec![], (1, 10));
                let ship = answer(
                    self.data.charts.t4.roll(list, rec.result),
                    "T4",
                    format_args!("{list:?} row for {}", rec.result),
                )?
                .clone();
                let column = self.data.charts.t4.table.columns_of(&list);
                let again =
                    self.identify_again(&ship, column.flat_map(|c| c.chart.rows.iter().map(|r| &r.result)));
                self.identified(rec, ship, true, again, ev);
            }
            ContactRoll::Warship => {
                // [8.1.5] T3, or T5 in the British areas; always escorted.
                let chart = if self.british() {
                    &self.data.charts.t5.chart
                } else {
                    &self.data.charts.t3.chart
                };
                let id = chart.id.clone();
                let (rec, ship) = chart_roll(chart, &id, "8.1.5", faces, vec![])?;
                let again = self.identify_again(&ship, chart.rows.iter().map(|r| &r.result));
                self.identified(rec, ship, false, again, ev);
            }
            ContactRoll::TimeOfDay => {
                // [8.1.9] 1-3 day, 4-6 night.
                let (rec, res) = proc_roll(&self.data.procs.charts.time_of_day, "8.1.9", faces, vec![]);
                let time = if res == ProcedureResult::Night {
                    TimeOfDay::Night
                } else {
                    TimeOfDay::Day
                };
                if self.quiet.records() {
                    self.record(rec.with_outcome(super::words::name(&time)), ev);
                }
                ev.push(PatrolEvent::Time { time });
                if let Some(c) = self.combat.as_mut() {
                    c.picture.time = Some(time);
                }
                self.engage_or_pass(ev);
            }
            ContactRoll::ChangeTime => {
                // [8.1.10] 1-4 the change succeeds, 5-6 the contact is lost.
                let (rec, res) = proc_roll(&self.data.procs.charts.change_time, "8.1.10", faces, vec![]);
                let ok = res == ProcedureResult::Success;
                if self.quiet.records() {
                    self.record(rec.with_outcome(if ok { "changed" } else { "contact lost" }), ev);
                }
                if ok {
                    if let Some(c) = self.combat.as_mut() {
                        c.picture.time = Some(match c.picture.time {
                            Some(TimeOfDay::Night) => TimeOfDay::Day,
                            _ => TimeOfDay::Night,
                        });
                        c.picture.time_changed = true;
                        if let Some(t) = c.picture.time {
                            ev.push(PatrolEvent::Time { time: t });
                        }
                    }
                    self.phase = Phase::Decide {
                        ask: Ask::Combat(CombatAsk::Engage),
                    };
                } else {
                    ev.push(PatrolEvent::ContactLost);
                    self.end_encounter(ev);
                }
            }
        }
        Ok(())
    }

    /// [8.6.2] An aborting submarine may not start combat: the contact passes.
    fn engage_or_pass(&mut self, ev: &mut Vec<PatrolEvent>) {
        if self.voyage.aborted {
            ev.push(PatrolEvent::Declined);
            self.end_encounter(ev);
        } else {
            self.phase = Phase::Decide {
                ask: Ask::Combat(CombatAsk::Engage),
            };
        }
    }
}

/// The contact under way: what it is, the ships in the window of opportunity, whether they are escorted,
/// the time of day and the range [8.1] [8.2.1].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub kind: ContactKind,
    pub targets: Vec<Target>,
    pub escorted: bool,
    pub time: Option<TimeOfDay>,
    /// The time was changed once already [8.1.10].
    pub time_changed: bool,
    pub range: Option<Range>,
    /// A second ship with the escort [8.1.3].
    pub extra_ships: u8,
}

impl Picture {
    pub(crate) fn new(kind: ContactKind) -> Self {
        Self {
            kind,
            targets: Vec::new(),
            escorted: false,
            time: None,
            time_changed: false,
            range: None,
            extra_ships: 0,
        }
    }

    /// How many ships this contact identifies: three in a convoy, two when a second ship sails with the
    /// escort, else one [8.1.3] [8.1.6].
    fn ships_wanted(&self) -> usize {
        let listed = match self.kind {
            ContactKind::Convoy => 3,
            _ => 1,
        };
        listed.max(1 + usize::from(self.extra_ships))
    }

    fn add_target(&mut self, ship: Ship, capital: bool) {
        self.targets.push(Target {
            ship,
            damage: 0,
            sunk: false,
            is_escort: false,
            capital,
        });
    }
}

impl Patrol {
    /// The British areas [8.1.4] [8.1.5].
    pub(crate) fn british(&self) -> bool {
        self.data
            .catalog
            .map
            .area(&self.options.area)
            .is_some_and(|a| a.british_sublists)
    }
}
