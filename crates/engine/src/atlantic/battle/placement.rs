//! Placing the impulse's boats [7.1.3]: with stragglers in the Straggler Box one boat goes for them, in
//! a range box rolled by the display [7.1.6]; the others take a side (2d6) and an approach circle on it
//! (1d6, a "reroll" face rolled again) — or, in a two-player game, the circle the U-boat player chooses,
//! at most two boats to a circle [10.1]. Each boat then reports on 3-6 [7.1.3]; by day it attacks only on
//! 1-2 and otherwise shadows and reports [7.1.3] [7.1.5], except the boat sent at the stragglers, which
//! attacks day or night [7.1.6 ERRATA].

use std::collections::VecDeque;

use periscope_data::atlantic::tactical::{REROLL, Side};

use super::{Battle, Listing, Mission, Station, Step};
use crate::atlantic::events::MissionEvent;
use crate::atlantic::reading::{chart_roll, proc_roll, unanswered};
use crate::atlantic::{MissionAction, MissionError, Throw, choice};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec, Wait};
use crate::refusal::Refused;

/// A roll of the placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceRoll {
    StragglerRange { boat: u8 },
    Side { boat: u8 },
    Approach { boat: u8, side: Side },
    Contact { boat: u8 },
    DayAttack { boat: u8 },
}

/// The placement in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placing {
    /// Boats still to place, in order.
    pub queue: VecDeque<usize>,
    /// The boat sent at the stragglers [7.1.6].
    pub straggler_boat: Option<usize>,
    /// The side rolled for the boat being placed.
    pub side: Option<Side>,
    /// Boats still to roll their contact report (and by day their attack) [7.1.3].
    pub reports: VecDeque<usize>,
    /// The contact report of the boat at the front is rolled; its day attack roll is next.
    pub day_roll: bool,
}

impl Placing {
    pub fn new(acting: &[usize], straggler_boat: Option<usize>) -> Self {
        Self {
            queue: acting.iter().copied().collect(),
            straggler_boat,
            side: None,
            reports: acting.iter().copied().collect(),
            day_roll: false,
        }
    }
}

impl Mission {
    pub(crate) fn place_roll_spec(&self, r: PlaceRoll) -> RollSpec {
        match r {
            PlaceRoll::StragglerRange { boat } => RollSpec::new(
                Dice::D1D6,
                "Straggler range box",
                "7.1.6",
                format!("U-boat {boat} goes for the stragglers: roll its range box"),
            ),
            PlaceRoll::Side { boat } => RollSpec::new(
                Dice::D2D6,
                "Side of attack",
                "7.1.3",
                format!("Roll the side U-boat {boat} attacks from"),
            ),
            PlaceRoll::Approach { boat, side } => RollSpec::new(
                Dice::D1D6,
                format!("Approach ({side})"),
                "7.1.3",
                format!("Roll U-boat {boat}'s approach circle on the {side} side"),
            ),
            PlaceRoll::Contact { boat } => {
                let (dice, chart) = self.procedure_dice("contact_report");
                RollSpec::new(
                    dice,
                    chart,
                    "7.1.3",
                    format!("Does U-boat {boat} send a contact report?"),
                )
            }
            PlaceRoll::DayAttack { boat } => {
                let (dice, chart) = self.procedure_dice("day_attack");
                RollSpec::new(
                    dice,
                    chart,
                    "7.1.5",
                    format!("By day: does U-boat {boat} attack?"),
                )
            }
        }
    }

    /// Moves the placement on to what it waits for next, or to detection.
    pub(crate) fn place_next(&mut self, b: &mut Battle, p: Placing, ev: &mut Vec<MissionEvent>) {
        if !p.queue.is_empty() || !p.reports.is_empty() {
            b.step = Step::Place(p);
            return;
        }
        let _ = ev;
        self.start_detection(b, ev);
    }

    pub(crate) fn place_wait(&self, b: &Battle, p: &Placing, list: Listing) -> Wait<MissionAction, Throw> {
        let number = |i: usize| b.boats.get(i).map_or(0, |u| u.number);
        if let Some(&i) = p.queue.front() {
            if p.straggler_boat == Some(i) {
                return Wait::Roll(Throw::Place(PlaceRoll::StragglerRange { boat: number(i) }));
            }
            if self.options.two_player {
                return list.decide(|| self.approach_decision(b, i));
            }
            return Wait::Roll(Throw::Place(match p.side {
                None => PlaceRoll::Side { boat: number(i) },
                Some(side) => PlaceRoll::Approach {
                    boat: number(i),
                    side,
                },
            }));
        }
        let i = p.reports.front().copied().unwrap_or(0);
        if !p.day_roll {
            return Wait::Roll(Throw::Place(PlaceRoll::Contact { boat: number(i) }));
        }
        if self.options.two_player {
            return list.decide(|| {
                Decision::new(
                    format!(
                        "U-boat player: it is day; does U-boat {} attack this cycle?",
                        number(i)
                    ),
                    "10.1",
                    vec![
                        choice(MissionAction::Attack, "Attack the convoy this cycle", "7.1.5"),
                        choice(
                            MissionAction::Shadow,
                            "Shadow the convoy, report, and attack next cycle",
                            "7.1.3",
                        ),
                    ],
                )
            });
        }
        Wait::Roll(Throw::Place(PlaceRoll::DayAttack { boat: number(i) }))
    }

    /// [10.1] The U-boat player's circle for a boat: any approach with fewer than two boats.
    fn approach_decision(&self, b: &Battle, i: usize) -> Decision<MissionAction> {
        let circles: Vec<String> = self
            .display()
            .map(|d| d.approaches.iter().map(|a| a.id.clone()).collect())
            .unwrap_or_default();
        let choices = circles
            .into_iter()
            .filter(|c| {
                b.boats
                    .iter()
                    .filter(|u| u.station.as_ref().is_some_and(|s| s.id() == c))
                    .count()
                    < 2
            })
            .map(|c| {
                let label = format!("Approach {c}");
                choice(MissionAction::Approach { circle: c }, label, "10.1")
            })
            .collect();
        Decision::new(
            format!(
                "U-boat player: choose U-boat {}'s approach circle (at most two boats to a circle)",
                b.boats.get(i).map_or(0, |u| u.number)
            ),
            "10.1",
            choices,
        )
    }

    pub(crate) fn place_decide(
        &mut self,
        b: &mut Battle,
        mut p: Placing,
        action: MissionAction,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        match action {
            MissionAction::Approach { circle } => {
                let Some(i) = p.queue.pop_front() else {
                    return Err(MissionError::Refused(Refused::Data(
                        "no boat waits to be placed".into(),
                    )));
                };
                self.boat_at(b, i, Station::Approach(circle), ev);
            }
            MissionAction::Attack | MissionAction::Shadow => {
                let Some(i) = p.reports.pop_front() else {
                    return Err(MissionError::Refused(Refused::Data(
                        "no boat waits for its decision".into(),
                    )));
                };
                p.day_roll = false;
                if action == MissionAction::Shadow {
                    self.shadows(b, i, ev);
                }
            }
            other => {
                b.step = Step::Place(p);
                return Err(MissionError::Refused(Refused::NotNow {
                    action: other.to_string(),
                    waiting_for: "the U-boats' placement".into(),
                }));
            }
        }
        self.place_next(b, p, ev);
        Ok(())
    }

    fn boat_at(&mut self, b: &mut Battle, i: usize, station: Station, ev: &mut Vec<MissionEvent>) {
        ev.push(MissionEvent::UboatPlaced {
            boat: b.boats[i].number,
            station: crate::atlantic::words::station(station.id()),
        });
        b.boats[i].station = Some(station);
    }

    /// [7.1.3] By day the boat shadows: it reports, and attacks next cycle.
    fn shadows(&mut self, b: &mut Battle, i: usize, ev: &mut Vec<MissionEvent>) {
        let u = &mut b.boats[i];
        u.shadowing = true;
        ev.push(MissionEvent::Shadowing { boat: u.number });
        if !u.reported {
            u.reported = true;
            ev.push(MissionEvent::ContactReport { boat: u.number });
        }
    }

    pub(crate) fn place_roll(
        &mut self,
        b: &mut Battle,
        mut p: Placing,
        throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let Throw::Place(r) = throw else {
            b.step = Step::Place(p);
            return Err(MissionError::Refused(Refused::Data(
                "a roll came that the placement does not read".into(),
            )));
        };
        let data = std::sync::Arc::clone(&self.data);
        let tactical = &data.data.tactical;
        match r {
            PlaceRoll::StragglerRange { .. } => {
                let (rec, id) = chart_roll(
                    &tactical.straggler_range.chart,
                    "Straggler range box",
                    "7.1.6",
                    faces,
                    vec![],
                )?;
                self.record(rec.with_outcome(crate::atlantic::words::station(&id)), ev);
                if let Some(i) = p.queue.pop_front() {
                    self.boat_at(b, i, Station::Stragglers(id), ev);
                }
            }
            PlaceRoll::Side { .. } => {
                let (rec, side) = chart_roll(
                    &tactical.side_of_attack.chart,
                    "Side of attack",
                    "7.1.3",
                    faces,
                    vec![],
                )?;
                self.record(rec.with_outcome(format!("the {side} side")), ev);
                p.side = Some(side);
            }
            PlaceRoll::Approach { side, .. } => {
                let d = self.display()?;
                let table = d
                    .approach_table(side)
                    .ok_or_else(|| unanswered(&d.id, format_args!("approach table for the {side} side")))?;
                let label = format!("Approach ({side})");
                let (rec, circle) = chart_roll(&table.chart, &label, "7.1.3", faces, vec![])?;
                if circle == REROLL {
                    self.record(rec.with_outcome("roll again"), ev);
                } else {
                    self.record(rec.with_outcome(format!("approach {circle}")), ev);
                    p.side = None;
                    if let Some(i) = p.queue.pop_front() {
                        self.boat_at(b, i, Station::Approach(circle), ev);
                    }
                }
            }
            PlaceRoll::Contact { .. } => {
                let (rec, res) = proc_roll(self.procedure("contact_report")?, "7.1.3", faces, vec![])?;
                let report = res.word() == Some("report");
                self.record(
                    rec.with_outcome(if report { "a contact report" } else { "silent" }),
                    ev,
                );
                let Some(&i) = p.reports.front() else {
                    return Err(MissionError::Refused(Refused::Data(
                        "no boat waits for its report".into(),
                    )));
                };
                if report {
                    b.boats[i].reported = true;
                    ev.push(MissionEvent::ContactReport {
                        boat: b.boats[i].number,
                    });
                }
                // [7.1.6 ERRATA] The boat at the stragglers attacks day or night.
                if b.night() || b.boats[i].at_stragglers() {
                    p.reports.pop_front();
                } else {
                    p.day_roll = true;
                }
            }
            PlaceRoll::DayAttack { .. } => {
                let (rec, res) = proc_roll(self.procedure("day_attack")?, "7.1.5", faces, vec![])?;
                let attacks = res.word() == Some("attacks");
                self.record(
                    rec.with_outcome(if attacks {
                        "it attacks"
                    } else {
                        "it shadows and reports"
                    }),
                    ev,
                );
                p.day_roll = false;
                if let Some(i) = p.reports.pop_front()
                    && !attacks
                {
                    self.shadows(b, i, ev);
                }
            }
        }
        self.place_next(b, p, ev);
        Ok(())
    }
}
