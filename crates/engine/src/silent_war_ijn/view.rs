//! What the player sees of the companion: the calendar, the six piles face down (counts only), the IJN
//! ships on the combat display with the values they fight with, the damaged ships and when they return,
//! the War Events declared, and what arrives and leaves at the start of next month.

use std::fmt;

use periscope_data::silent_war_ijn::ships::PileId;
use serde::Serialize;

use super::combat::Combat;
use super::{Companion, Phase, Place};

/// One pile, face down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PileView {
    pub pile: String,
    pub name: String,
    pub count: usize,
}

/// An IJN ship on the combat display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShipView {
    pub id: String,
    pub name: String,
    pub pile: String,
    /// Its printed values, once known (`6-2`).
    pub values: Option<String>,
    /// The values it fights with (a Diligent Escort's raised ASW).
    pub fights_as: Option<String>,
    pub diligent_escort: bool,
    pub aircraft_capable: bool,
}

/// A damaged ship and when it returns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutView {
    pub id: String,
    pub name: String,
    /// `7/42`, or `the next War Period`.
    pub returns: String,
}

/// The companion as the player sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompanionView {
    pub scenario: Option<String>,
    pub month: String,
    pub week: u8,
    pub war_period: u8,
    /// The War Period Transition number of this month, once War Period 4 advanced early [7.0].
    pub transition_number: Option<u8>,
    pub piles: Vec<PileView>,
    pub display: Vec<ShipView>,
    pub damaged: Vec<OutView>,
    pub sunk: Vec<String>,
    /// Thousands of tons credited for the IJN ships sunk [3.6].
    pub tonnage_credited: u64,
    pub events_declared: Vec<String>,
    /// Declared this turn: their counters leave at the end of the turn [2.1.1].
    pub leaving_end_of_turn: Vec<String>,
    pub arriving_next_month: Vec<String>,
    pub leaving_next_month: Vec<String>,
    pub boat: super::Boat,
    /// What the player's counters corrected in Periscope's data [3.1A].
    pub corrections: Vec<String>,
}

impl Companion {
    fn combat(&self) -> Option<&Combat> {
        match &self.phase {
            Phase::Combat(c) => Some(c),
            _ => None,
        }
    }

    pub fn view(&self) -> CompanionView {
        let data = &self.data;
        let label = |i: usize| self.ship(i).name;
        let de = &data.combat.diligent_escort;
        let display = self
            .combat()
            .map(|c| {
                c.ships
                    .iter()
                    .map(|s| {
                        let counter = self.counter(s.index);
                        let values = self.values_of(s.index);
                        let fights = values.map(|v| if s.diligent { de.values(v) } else { v });
                        ShipView {
                            id: counter.map_or(String::new(), |x| x.id.clone()),
                            name: label(s.index),
                            pile: counter.map_or(String::new(), |x| x.pile.to_string()),
                            values: values.map(|v| v.to_string()),
                            fights_as: fights.map(|v| v.to_string()),
                            diligent_escort: s.diligent,
                            aircraft_capable: counter.is_some_and(|x| x.aircraft_symbol),
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut damaged = Vec::new();
        let mut sunk = Vec::new();
        let next = self.calendar.month.next();
        let mut arriving = Vec::new();
        let mut leaving = Vec::new();
        for (i, p) in self.places.iter().enumerate() {
            let id = self.counter(i).map_or(String::new(), |x| x.id.clone());
            match p {
                Place::HeldOut { .. } => damaged.push(OutView {
                    id,
                    name: label(i),
                    returns: "the next War Period".into(),
                }),
                Place::InRepair { returns } => damaged.push(OutView {
                    id,
                    name: label(i),
                    returns: returns.to_string(),
                }),
                Place::Sunk => sunk.push(label(i)),
                Place::Awaiting { month } if *month == next => arriving.push(label(i)),
                _ => {}
            }
            if p.in_play() && self.counter(i).and_then(|x| x.removal) == Some(next) {
                leaving.push(label(i));
            }
        }
        let name_of = |id: &String| data.set.event(id).map_or(id.clone(), |e| e.name.clone());
        CompanionView {
            scenario: self.settings.as_ref().map(|s| match s.scenario {
                periscope_data::silent_war_ijn::ships::Scenario::EastWindEarly => "1932".into(),
                periscope_data::silent_war_ijn::ships::Scenario::From1941 => "1941 or later".into(),
            }),
            month: self.calendar.month.to_string(),
            week: self.calendar.week,
            war_period: self.calendar.war_period,
            transition_number: self.transition_number(),
            piles: PileId::ALL
                .into_iter()
                .map(|p| PileView {
                    pile: p.to_string(),
                    name: data.set.pile(p).map_or(String::new(), |x| x.name.clone()),
                    count: self.pile(p).len(),
                })
                .collect(),
            display,
            damaged,
            sunk,
            tonnage_credited: self.credited,
            events_declared: self.declared.iter().map(name_of).collect(),
            leaving_end_of_turn: self.removing.iter().map(name_of).collect(),
            arriving_next_month: arriving,
            leaving_next_month: leaving,
            boat: self.boat.clone(),
            corrections: self.corrections.clone(),
        }
    }
}

impl fmt::Display for CompanionView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piles: Vec<String> = self
            .piles
            .iter()
            .map(|p| format!("{} {}", p.pile, p.count))
            .collect();
        write!(
            f,
            "{}, week {} · War Period {}",
            self.month, self.week, self.war_period
        )?;
        if let Some(n) = self.transition_number {
            write!(f, " · transition number {n}")?;
        }
        writeln!(f, " · piles {}", piles.join(", "))?;
        if !self.display.is_empty() {
            let ships: Vec<String> = self
                .display
                .iter()
                .map(|s| match &s.fights_as {
                    Some(v) => format!("{} ({v})", s.name),
                    None => s.name.clone(),
                })
                .collect();
            writeln!(f, "On the display: {}", ships.join(", "))?;
        }
        if !self.damaged.is_empty() {
            let out: Vec<String> = self
                .damaged
                .iter()
                .map(|d| format!("{} until {}", d.name, d.returns))
                .collect();
            writeln!(f, "Damaged: {}", out.join(", "))?;
        }
        if !self.leaving_end_of_turn.is_empty() {
            writeln!(
                f,
                "Leaving at the end of this turn with {} [2.1.1]",
                self.leaving_end_of_turn.join(", ")
            )?;
        }
        for (what, ships) in [
            ("Joining next month", &self.arriving_next_month),
            ("Leaving next month", &self.leaving_next_month),
        ] {
            if !ships.is_empty() {
                writeln!(f, "{what}: {}", ships.join(", "))?;
            }
        }
        for c in &self.corrections {
            writeln!(f, "Correction: {c}")?;
        }
        write!(
            f,
            "Sunk: {} ({} tons credited)",
            self.sunk.len(),
            self.tonnage_credited * 1000
        )?;
        if !self.events_declared.is_empty() {
            write!(f, " · War Events: {}", self.events_declared.join(", "))?;
        }
        Ok(())
    }
}
