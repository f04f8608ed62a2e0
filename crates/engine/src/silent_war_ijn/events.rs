//! What the companion reports, each event citing its case: the bookkeeping it did (draws, returns,
//! removals, arrivals, damage), the rolls it made, and the sentences it says to the player.

use std::fmt;

use periscope_data::Month;
use periscope_data::silent_war_ijn::combat::CounterValues;
use periscope_data::silent_war_ijn::procedures::Cup;
use serde::Serialize;

use crate::roll::RollRecord;

/// A counter as events name it: its id and how a player reads it (`DD Arashi`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ship {
    pub id: String,
    pub name: String,
}

impl fmt::Display for Ship {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

fn names(ships: &[Ship]) -> String {
    if ships.is_empty() {
        return "none".into();
    }
    ships
        .iter()
        .map(|s| s.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where a damaged ship waits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "until", rename_all = "snake_case")]
pub enum Until {
    /// The start of the next War Period [3.5].
    NextWarPeriod { after: u8 },
    /// The first week of this month [3.51*].
    Month { month: Month },
}

/// One thing the companion did or says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SwEvent {
    /// The set-up is done: the piles and how many counters each holds [3.0 / SW3.3].
    SetUp {
        scenario: String,
        start: Month,
        war_period: u8,
        piles: Vec<(String, usize)>,
    },
    /// A new turn begins.
    Turn {
        month: Month,
        week: u8,
        war_period: u8,
    },
    /// Counters join their piles at the start of the month [3.0 step 1].
    Entered {
        month: Month,
        ships: Vec<Ship>,
    },
    /// Counters leave by date at the start of the month [2.1.1].
    RemovedByDate {
        month: Month,
        ships: Vec<Ship>,
    },
    /// A War Event declared this turn: its counters leave at the end of the turn [2.1.1].
    EventDeclared {
        war_event: String,
        name: String,
        ships: Vec<Ship>,
    },
    /// A War Event's counters leave, with no tonnage credited [2.1.1] [3.6].
    RemovedByEvent {
        war_event: String,
        name: String,
        ships: Vec<Ship>,
    },
    /// A new War Period: the damaged ships held out go back to their piles [3.5].
    NewWarPeriod {
        war_period: u8,
        returned: Vec<Ship>,
    },
    /// Ships back from the repair track [3.51*].
    Repaired {
        month: Month,
        ships: Vec<Ship>,
    },
    /// The player drew a counter Periscope's data had out of its pile, or does not have: the player's
    /// counter decides, and the correction is kept for the rest of the campaign [3.1A].
    Corrected {
        ship: Ship,
        text: String,
    },
    /// A counter drawn from a pile.
    Drawn {
        ship: Ship,
        pile: String,
        left: usize,
        by_player: bool,
        rule: String,
    },
    /// A revealed SW counter replaced by an IJN counter [3.1A] [3.1B] [3.1C].
    Replaced {
        sw: String,
        cup: Option<Cup>,
        sw_values: Option<CounterValues>,
        ship: Ship,
        diligent_escort: bool,
        rule: String,
    },
    /// The values an IJN ship fights with this Combat Phase.
    FightsAs {
        ship: Ship,
        printed: CounterValues,
        used: CounterValues,
        sw_values: Option<CounterValues>,
        rule: String,
        note: String,
    },
    /// A pile was empty: nothing drawn [3.41*] [3.42*].
    Depleted {
        pile: String,
        sw: String,
        rule: String,
        text: String,
    },
    /// A drawn ship cannot be met here and goes back [3.7].
    NotMet {
        ship: Ship,
        pile: String,
        rule: String,
        text: String,
    },
    /// An IJN ship back in its pile after combat [3.1A].
    BackToPile {
        ship: Ship,
        pile: String,
    },
    /// Sunk: out for good, the IJN counter's tonnage credited [3.4] [3.6].
    Sunk {
        ship: Ship,
        tonnage: u32,
    },
    /// Damaged: out of the piles until `until` [3.5] [3.51*].
    Damaged {
        ship: Ship,
        until: Until,
        months: Option<u32>,
        rule: String,
    },
    /// The early War Period 4: the months and their transition numbers [7.0].
    WarPeriod4 {
        month: Month,
        numbers: Vec<(Month, u8)>,
    },
    /// Targeting an Escort refused by a restriction of [6.1].
    TargetingRefused {
        letter: char,
        reason: String,
    },
    /// An escort targeted in the first attack round [6.0].
    EscortTargeted {
        ship: Option<Ship>,
        asw: Option<u8>,
    },
    Rolled {
        roll: RollRecord,
    },
    /// A sentence for the player, with the case it comes from.
    Note {
        rule: String,
        text: String,
    },
    Over {
        summary: String,
    },
}

impl SwEvent {
    pub(crate) fn note(rule: &str, text: impl Into<String>) -> Self {
        SwEvent::Note {
            rule: rule.to_string(),
            text: text.into(),
        }
    }
}

impl fmt::Display for SwEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SwEvent as E;
        match self {
            // The calendar: the set-up, the turns, and the counters that come and go by date or War Event.
            E::SetUp {
                scenario,
                start,
                war_period,
                piles,
            } => set_up(f, scenario, *start, *war_period, piles),
            E::Turn {
                month,
                week,
                war_period,
            } => write!(f, "{}, week {week} (War Period {war_period})", month.long()),
            E::Corrected { text, .. } => write!(f, "{text} [3.1A]"),
            E::Entered { month, ships } => {
                write!(f, "Joining their piles in {month}: {} [3.0 step 1]", names(ships))
            }
            E::RemovedByDate { month, ships } => {
                write!(f, "Removed at the start of {month}: {} [2.1.1]", names(ships))
            }
            E::EventDeclared { name, ships, .. } => write!(
                f,
                "War Event {name} declared: {} leave at the end of this turn [2.1.1]",
                names(ships)
            ),
            E::RemovedByEvent { name, ships, .. } => write!(
                f,
                "{name}: removed {}; no tonnage is credited for them [2.1.1] [3.6]",
                names(ships)
            ),
            E::NewWarPeriod { war_period, returned } => write!(
                f,
                "War Period {war_period} begins: back to their piles: {} [3.5]",
                names(returned)
            ),
            E::Repaired { month, ships } => {
                write!(f, "Back from repair in {month}: {} [3.51*]", names(ships))
            }
            E::WarPeriod4 { month, numbers } => war_period_4(f, *month, numbers),
            // The counters: drawn, replaced, fighting, and back in their piles.
            E::Drawn {
                ship,
                pile,
                left,
                by_player,
                rule,
            } => write!(
                f,
                "{} {ship} from the {pile} pile ({left} left) [{rule}]",
                if *by_player { "You drew" } else { "Drawn:" }
            ),
            E::Replaced {
                sw,
                cup,
                sw_values,
                ship,
                diligent_escort,
                rule,
            } => replaced(f, sw, *cup, *sw_values, ship, *diligent_escort, rule),
            E::FightsAs {
                ship,
                printed,
                used,
                sw_values,
                rule,
                note,
            } => fights_as(f, ship, *printed, *used, *sw_values, rule, note),
            E::Depleted { text, rule, .. } => write!(f, "{text} [{rule}]"),
            E::NotMet { text, rule, .. } => write!(f, "{text} [{rule}]"),
            E::BackToPile { ship, pile } => {
                write!(f, "{ship} goes back to the {pile} pile, not into a cup [3.1A]")
            }
            // Combat: targeting, and what becomes of the ships hit.
            E::TargetingRefused { letter, reason } => {
                write!(f, "Targeting an Escort is not allowed ({letter}): {reason} [6.1]")
            }
            E::EscortTargeted { ship, asw } => escort_targeted(f, ship.as_ref(), *asw),
            E::Sunk { ship, tonnage } => write!(
                f,
                "{ship} sunk: out of play for good; credit {} tons, the IJN counter's {tonnage}t [3.4] [3.6]",
                u64::from(*tonnage) * 1000
            ),
            E::Damaged {
                ship,
                until,
                months,
                rule,
            } => damaged(f, ship, until, *months, rule),
            // The rolls and the sentences.
            E::Rolled { roll } => rolled(f, roll),
            E::Note { rule, text } => write!(f, "{text} [{rule}]"),
            E::Over { summary } => f.write_str(summary),
        }
    }
}

/// [3.0 / SW3.3] The set-up: the scenario, the start, the War Period and the piles.
fn set_up(
    f: &mut fmt::Formatter<'_>,
    scenario: &str,
    start: Month,
    war_period: u8,
    piles: &[(String, usize)],
) -> fmt::Result {
    let piles: Vec<String> = piles.iter().map(|(p, n)| format!("{p} {n}")).collect();
    write!(
        f,
        "Set up for the {scenario} scenario from {}, War Period {war_period}: piles {} [3.0 / SW3.3]",
        start.long(),
        piles.join(", ")
    )
}

/// [7.0] The early War Period 4, with the transition table's numbers.
fn war_period_4(f: &mut fmt::Formatter<'_>, month: Month, numbers: &[(Month, u8)]) -> fmt::Result {
    let n: Vec<String> = numbers.iter().map(|(m, n)| format!("{m} = {n}")).collect();
    write!(
        f,
        "War Period 4 advances early from {}: the War Period Transition Table reads {} [7.0]",
        month.long(),
        n.join(", ")
    )
}

/// [3.1A] [3.1B] [3.1C] A revealed SW counter replaced, and where it goes back.
fn replaced(
    f: &mut fmt::Formatter<'_>,
    sw: &str,
    cup: Option<Cup>,
    sw_values: Option<CounterValues>,
    ship: &Ship,
    diligent_escort: bool,
    rule: &str,
) -> fmt::Result {
    let sw = match sw_values {
        Some(v) => format!("the SW {sw} ({v})"),
        None => format!("the SW {sw}"),
    };
    let back = match (diligent_escort, cup) {
        (true, Some(c)) => {
            format!("; keep the Diligent Escort counter beside it until combat ends, then back to cup {c}")
        }
        (true, None) => {
            "; keep the Diligent Escort counter beside it until combat ends, then back to the cup it came from".into()
        }
        (false, Some(c)) => format!("; {sw} goes back to cup {c}"),
        (false, None) => format!("; {sw} goes back to the cup it came from"),
    };
    write!(
        f,
        "{ship} replaces {sw}: its values are the ones used{back} [{rule}]"
    )
}

/// The values an IJN ship fights with, and its printed ones when they differ.
fn fights_as(
    f: &mut fmt::Formatter<'_>,
    ship: &Ship,
    printed: CounterValues,
    used: CounterValues,
    sw_values: Option<CounterValues>,
    rule: &str,
    note: &str,
) -> fmt::Result {
    let sw = sw_values.map_or(String::new(), |v| format!(" (not the SW {v})"));
    if printed == used {
        write!(
            f,
            "{ship} fights as {used}{sw} for the whole Combat Phase{note} [{rule}]"
        )
    } else {
        write!(
            f,
            "{ship} prints {printed} and fights as {used}{sw}{note} [{rule}]"
        )
    }
}

/// [6.0] An escort targeted in the first attack round: its ASW left out of its unit's defence.
fn escort_targeted(f: &mut fmt::Formatter<'_>, ship: Option<&Ship>, asw: Option<u8>) -> fmt::Result {
    match ship {
        Some(s) => write!(
            f,
            "{s} targeted: its ASW{} is left out of its unit's defence in this first attack round; the other escorts' ASW counts [6.0]",
            asw.map_or(String::new(), |a| format!(" ({a})"))
        ),
        None => f.write_str(
            "An unrevealed target is fired at: if it proves an escort, its ASW is the one left out [6.0]",
        ),
    }
}

/// [3.5] [3.51*] A damaged ship: out until the next War Period, or in repair until a month.
fn damaged(
    f: &mut fmt::Formatter<'_>,
    ship: &Ship,
    until: &Until,
    months: Option<u32>,
    rule: &str,
) -> fmt::Result {
    match until {
        Until::NextWarPeriod { after } => write!(
            f,
            "{ship} damaged: out for the rest of War Period {after}, back at the start of the next [{rule}]"
        ),
        Until::Month { month } => write!(
            f,
            "{ship} damaged: {} in repair, back in the first week of {} [{rule}]",
            match months {
                Some(1) => "1 full month".to_string(),
                Some(n) => format!("{n} full months"),
                None => "some months".to_string(),
            },
            month.long()
        ),
    }
}

/// A roll: the chart, the dice, the natural roll, the modifiers and the outcome.
fn rolled(f: &mut fmt::Formatter<'_>, roll: &RollRecord) -> fmt::Result {
    let mods: Vec<String> = roll
        .modifiers
        .iter()
        .map(|m| format!("{:+} {} [{}]", m.value, m.reason, m.rule))
        .collect();
    let mods = if mods.is_empty() {
        String::new()
    } else {
        format!(" {} = {}", mods.join(" "), roll.result)
    };
    write!(
        f,
        "{}: {} rolled {}{mods}: {} [{}]",
        roll.chart, roll.dice, roll.natural, roll.outcome, roll.rule
    )
}

#[cfg(any(test, feature = "testing"))]
impl crate::testing::RecordsRolls for SwEvent {
    fn roll(&self) -> Option<&RollRecord> {
        match self {
            SwEvent::Rolled { roll } => Some(roll),
            _ => None,
        }
    }
}
