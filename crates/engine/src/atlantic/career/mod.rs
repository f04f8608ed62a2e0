//! Atlantic Sentinels: a whole career, February 1942 to June 1943 — set-up [4.x], two missions a month
//! [6.0] [6.3.2] (each an embedded [`Mission`] game whose dice come from the career's dice source), the
//! refit after each with air support and, every second refit, the upgrades and reinforcements [6.3.3],
//! repairs [7.4], crew advancement [7.5], promotion [7.6], the Canadian withdrawal [7.7] and victory [5.x];
//! two players [10.1] [10.2] and the optional rules [12.x] as options.
//!
//! The career is a list of steps: rolls it makes (or waits for), decisions it asks, and bookkeeping it
//! does between them (`setup`, `refit`, `promotion`, `calendar`, `victory`, each owning its part). While a
//! mission is under way the career shows the mission's pending decision or roll and forwards the actions
//! to it. The Convoy Log ([`ConvoyLog`]) is kept in each command's state, built from the missions' results.

mod action;
mod calendar;
mod chances;
mod command;
mod events;
mod log;
mod options;
pub mod policy;
mod promotion;
mod refit;
mod scenario;
mod sea;
mod setup;
mod victory;
mod view;

#[cfg(test)]
pub(crate) mod tests;

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

use periscope_data::Month;
use periscope_data::atlantic::charts::A4Key;
use periscope_data::atlantic::procedures::ProcedureChart;
use serde::{Deserialize, Serialize};

pub use action::{CareerAction, Fitting, Perk, uboat_players};
pub use command::{Command, Dock, Fate, Period, Rank, RepairCause, ShipState, crew_after};
pub use events::CareerEvent;
pub use log::{
    ConvoyLog, LogRow, LogTarget, LogTotals, LogUboat, MissionRow, ScenarioJudgement, VictoryComputation,
};
pub use options::{CareerOptions, CareerRules, Players};
pub use sea::Throw;
pub use victory::{CareerEnd, EndCause};
pub use view::CareerView;

use super::{Mission, MissionError, Shipped};
use crate::dice::{Dice, DiceMode, DiceSource};
use crate::game::Choice;
use crate::machine::{self, Decision, Refusal, RollSpec};
use crate::refusal::{Refused, Wording};
use crate::roll::RollRecord;

/// A decision the career asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum Ask {
    /// [4.1] Roll for the group or choose one.
    Group,
    /// [4.1] The starting base.
    Base,
    /// [4.5] [6.3.3] Which ship gets the fitting.
    Fit { fitting: Fitting, rule: Cause },
    /// [7.6.1] A new Captain's request.
    Perk,
}

/// Why a fitting or a roll comes: the case the career cites for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// [4.1] [4.5] The group's starting sets.
    Setup,
    /// [6.3.3] The refit's upgrade check.
    Refit,
    /// [7.6.1] A Captain's request.
    Rank,
    /// [7.7.1] The Canadian withdrawal's refit.
    Withdrawal,
}

impl Cause {
    pub fn rule(self) -> &'static str {
        match self {
            Cause::Setup => "4.5",
            Cause::Refit => "6.3.3",
            Cause::Rank => "7.6.1",
            Cause::Withdrawal => "7.7.1",
        }
    }
}

/// A roll the career makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum CareerRoll {
    /// [4.1] 1d10 for the escort group.
    Group,
    /// [12.6] 1d6 for a ship's crew.
    GreenCrew { ship: u8 },
    /// [4.4.2] [6.3.3] A4 air support for the next mission.
    AirSupport,
    /// [6.3.3] [7.7.1] An A4 upgrade column.
    Upgrade { column: A4Key, cause: Cause },
    /// [7.4.3] 1d6 months of repair for a torpedoed DD/FF.
    Repair { ship: u8 },
    /// [7.6.2] [5.1.3] The promotion roll.
    Promotion { final_roll: bool },
}

/// One step of the career's script, for the commander `at` plays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    Roll {
        roll: CareerRoll,
    },
    Ask {
        ask: Ask,
    },
    /// The next commander plays the steps that follow [10.2].
    Turn {
        to: u8,
    },
    /// The group's set-up after its group and base: its mat [4.4.2].
    Mat,
    /// The slot (month, half) begins: every commander at sea this slot sails in turn [6.3.2].
    Slot,
    /// The commander `at` sails [6.1].
    Sail,
    /// The refit after his mission [6.3.3].
    Refit,
    /// The slot is over: the calendar moves on [6.3.2].
    SlotEnd,
    /// [7.7.1] The commander `at` takes the Canadian withdrawal.
    Withdraw,
    /// [11.1] [11.2] A historical scenario's set-up.
    Scenario,
    /// [5.1] The game ends: the final promotion attempts [5.1.3] ...
    EndGame,
    /// ... then victory [5.1.4] [5.2].
    Victory,
}

/// Where the career stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    Decide { ask: Ask },
    Roll { roll: CareerRoll },
    Mission,
    Over { end: CareerEnd },
}

/// Why a career action was refused. The career is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum CareerError {
    Mission(MissionError),
    /// A refusal every game shares.
    #[serde(untagged)]
    Refused(Refused),
}

/// A career's words for the shared refusals.
const WORDING: Wording = Wording::CAREER;

impl fmt::Display for CareerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CareerError::Mission(e) => write!(f, "mission: {e}"),
            CareerError::Refused(r) => r.fmt_with(f, &WORDING),
        }
    }
}

impl std::error::Error for CareerError {}

impl From<Refusal> for CareerError {
    fn from(r: Refusal) -> Self {
        CareerError::Refused(Refused::from_refusal(r, &WORDING))
    }
}

/// The calendar: the month and which of its two missions comes next [6.0] [6.3.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub month: Month,
    /// 1 or 2.
    pub half: u8,
}

/// A whole Atlantic Sentinels career.
#[derive(Debug, Clone, PartialEq)]
pub struct Career {
    options: CareerOptions,
    data: Arc<Shipped>,
    dice: DiceSource,
    steps: VecDeque<Step>,
    phase: Phase,
    pub(crate) slot: Slot,
    /// One command, or two with two Allied players [10.2].
    pub(crate) commands: Vec<Command>,
    /// The commander the steps are played for.
    pub(crate) at: usize,
    pub(crate) mission: Option<Box<Mission>>,
    /// The mission the career ended on, when it ended at sea.
    pub(crate) last_mission: Option<Box<Mission>>,
    /// [10.1] [10.2] Decisions made by the U-boat player.
    pub(crate) uboat_decisions: u32,
    opening: Vec<CareerEvent>,
    last_roll: Option<RollRecord>,
    /// Played for a simulation: no `Rolled` events, the career's or its missions' ([`Game::quiet`]).
    pub(crate) quiet: crate::roll::Quiet,
}

pub(crate) fn choice(action: CareerAction, label: impl Into<String>, rule: &str) -> Choice<CareerAction> {
    Choice {
        action,
        label: label.into(),
        rule: rule.into(),
    }
}

impl Career {
    pub fn options(&self) -> &CareerOptions {
        &self.options
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn slot(&self) -> Slot {
        self.slot
    }
    /// The commands: one, or two with two Allied players [10.2].
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }
    /// The first (or only) commander's command.
    pub fn command(&self) -> Option<&Command> {
        self.commands.first()
    }
    /// The first commander's Convoy Log.
    pub fn convoy_log(&self) -> Option<&ConvoyLog> {
        self.commands.first().map(|c| &c.log)
    }
    /// Every commander's Convoy Log.
    pub fn convoy_logs(&self) -> Vec<&ConvoyLog> {
        self.commands.iter().map(|c| &c.log).collect()
    }
    /// The mission under way.
    pub fn mission(&self) -> Option<&Mission> {
        self.mission.as_deref()
    }
    /// The commander whose turn it is (0 or 1).
    pub fn at(&self) -> usize {
        self.at
    }
    pub fn last_roll(&self) -> Option<&RollRecord> {
        self.last_roll.as_ref()
    }
    pub fn opening_events(&self) -> &[CareerEvent] {
        &self.opening
    }
    pub fn uboat_decisions(&self) -> u32 {
        self.uboat_decisions
    }
    /// The end, once the career is over.
    pub fn end(&self) -> Option<&CareerEnd> {
        match &self.phase {
            Phase::Over { end } => Some(end),
            _ => None,
        }
    }
    pub fn data(&self) -> &Shipped {
        &self.data
    }

    pub(crate) fn cmd(&self) -> &Command {
        &self.commands[self.at.min(self.commands.len() - 1)]
    }
    pub(crate) fn cmd_mut(&mut self) -> &mut Command {
        let i = self.at.min(self.commands.len() - 1);
        &mut self.commands[i]
    }

    /// Keeps the roll as the latest and reports it; a quiet career keeps it without the report.
    pub(crate) fn record(&mut self, roll: RollRecord, ev: &mut Vec<CareerEvent>) {
        if !self.quiet.records() {
            self.last_roll = Some(roll);
            return;
        }
        self.last_roll = Some(roll.clone());
        ev.push(CareerEvent::Rolled { roll });
    }

    pub(crate) fn note(ev: &mut Vec<CareerEvent>, rule: &str, text: impl Into<String>) {
        ev.push(CareerEvent::Note {
            rule: rule.into(),
            text: text.into(),
        });
    }

    /// A procedure chart of `procedures.json` by id.
    pub(crate) fn procedure(&self, id: &str) -> Result<&ProcedureChart, CareerError> {
        self.data.data.procedures.chart(id).ok_or_else(|| {
            CareerError::Refused(Refused::Data(format!("procedures.json has no chart '{id}'")))
        })
    }

    fn waiting_for(&self) -> String {
        match &self.phase {
            Phase::Decide { ask } => format!("a decision ({})", self.choices(*ask).prompt),
            Phase::Roll { roll } => format!("the dice ({})", self.career_roll_spec(*roll).reason),
            Phase::Mission => "the mission under way".into(),
            Phase::Over { .. } => "nothing: the career is over".into(),
        }
    }

    /// Takes the next step of the script; bookkeeping steps run at once.
    pub(crate) fn next_step(&mut self, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        loop {
            if matches!(self.phase, Phase::Over { .. } | Phase::Mission) {
                return Ok(());
            }
            let Some(step) = self.steps.pop_front() else {
                self.steps.push_back(Step::Slot);
                continue;
            };
            match step {
                Step::Roll { roll } => {
                    self.phase = Phase::Roll { roll };
                    return Ok(());
                }
                Step::Ask { ask } => {
                    if self.choices(ask).choices.is_empty() {
                        continue;
                    }
                    self.phase = Phase::Decide { ask };
                    return Ok(());
                }
                Step::Turn { to } => self.at = usize::from(to),
                Step::Mat => self.lay_out_mat(ev)?,
                Step::Slot => self.begin_slot(ev),
                Step::Sail => self.sail(ev)?,
                Step::Refit => self.begin_refit(ev)?,
                Step::SlotEnd => self.end_slot(ev)?,
                Step::Withdraw => self.withdraw(ev)?,
                Step::Scenario => self.set_up_scenario(ev)?,
                Step::EndGame => self.end_game(ev),
                Step::Victory => self.victory(ev),
            }
        }
    }

    /// Puts steps in front of the script, in order.
    pub(crate) fn then(&mut self, steps: impl IntoIterator<Item = Step>) {
        let steps: Vec<Step> = steps.into_iter().collect();
        for s in steps.into_iter().rev() {
            self.steps.push_front(s);
        }
    }

    fn career_roll_spec(&self, r: CareerRoll) -> RollSpec {
        let proc_dice = |id: &str| {
            self.data
                .data
                .procedures
                .chart(id)
                .map_or((Dice::D1D6, id.to_string()), |c| {
                    (Dice::from(c.chart.dice), c.chart.title.clone())
                })
        };
        match r {
            CareerRoll::Group => {
                let (dice, chart) = proc_dice("escort_group");
                RollSpec::new(dice, chart, "4.1", "Roll for your escort group")
            }
            CareerRoll::GreenCrew { ship } => {
                let (dice, chart) = proc_dice("green_crew");
                let name = self
                    .cmd()
                    .ships
                    .get(usize::from(ship))
                    .map_or("?", |s| s.name.as_str());
                RollSpec::new(
                    dice,
                    chart,
                    "12.6",
                    format!("Roll for {name}'s crew (a 1 is Green)"),
                )
            }
            CareerRoll::AirSupport => RollSpec::new(
                Dice::from(self.data.data.charts.a4.table.dice),
                "A4",
                "6.3.3",
                "Roll on A4 for the next mission's air support",
            ),
            CareerRoll::Upgrade { column, cause } => RollSpec::new(
                Dice::from(self.data.data.charts.a4.table.dice),
                "A4",
                cause.rule(),
                format!("Roll on A4 for {}", refit::column_name(column)),
            ),
            CareerRoll::Repair { ship } => {
                let (dice, chart) = proc_dice("escort_repair");
                let name = self
                    .cmd()
                    .ships
                    .get(usize::from(ship))
                    .map_or("?", |s| s.name.as_str());
                RollSpec::new(
                    dice,
                    chart,
                    "7.4.3",
                    format!("Roll the months {name} is in repair"),
                )
            }
            CareerRoll::Promotion { final_roll } => {
                let (dice, chart) = proc_dice("promotion");
                RollSpec::new(
                    dice,
                    chart,
                    if final_roll { "5.1.3" } else { "7.6.2" },
                    if final_roll {
                        "Roll the final promotion attempt"
                    } else {
                        "Roll for promotion"
                    },
                )
            }
        }
    }

    fn resolve_career(
        &mut self,
        r: CareerRoll,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        match r {
            CareerRoll::Group => self.resolve_group(faces, ev),
            CareerRoll::GreenCrew { ship } => self.resolve_green(ship, faces, ev),
            CareerRoll::AirSupport => self.resolve_air(faces, ev),
            CareerRoll::Upgrade { column, cause } => self.resolve_upgrade(column, cause, faces, ev),
            CareerRoll::Repair { ship } => self.resolve_repair(ship, faces, ev),
            CareerRoll::Promotion { final_roll } => self.resolve_promotion(final_roll, faces, ev),
        }
    }

    /// The prompt, rule and legal choices of a decision.
    pub(crate) fn choices(&self, ask: Ask) -> Decision<CareerAction> {
        match ask {
            Ask::Group => self.group_choices(),
            Ask::Base => self.base_choices(),
            Ask::Fit { fitting, rule } => self.fit_choices(fitting, rule),
            Ask::Perk => self.perk_choices(),
        }
    }

    fn decide_career(&mut self, action: CareerAction, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        match action {
            CareerAction::ChooseGroup { group } => self.choose_group(&group, ev),
            CareerAction::RollGroup => {
                self.then([Step::Roll {
                    roll: CareerRoll::Group,
                }]);
                Ok(())
            }
            CareerAction::ChooseBase { base } => self.choose_base(&base, ev),
            CareerAction::Fit { fitting, ship } => self.fit(fitting, &ship, ev),
            CareerAction::Perk { perk } => self.take_perk(perk, ev),
            CareerAction::Mission { .. } | CareerAction::Roll { .. } => Ok(()),
        }
    }

    /// A career on this data.
    pub fn with_data(
        options: CareerOptions,
        seed: u64,
        dice: DiceMode,
        data: Arc<Shipped>,
    ) -> Result<Self, CareerError> {
        crate::save::name_fits("SOE's name", &options.soe).map_err(CareerError::Refused)?;
        crate::save::name_fits("second SOE's name", &options.second_soe).map_err(CareerError::Refused)?;
        let start = data.data.catalog.career.calendar.start;
        let after = data.data.catalog.career.promotion.first_after_months;
        let mut commands = vec![Command::new(&options.soe, start, after)];
        if options.players == Players::BothAllied {
            commands.push(Command::new(&options.second_soe, start, after));
        }
        let mut g = Self {
            options,
            data,
            dice: DiceSource::new(&dice, seed),
            steps: VecDeque::new(),
            phase: Phase::Roll {
                roll: CareerRoll::Group,
            },
            slot: Slot {
                month: start,
                half: 1,
            },
            commands,
            at: 0,
            mission: None,
            last_mission: None,
            uboat_decisions: 0,
            opening: Vec::new(),
            last_roll: None,
            quiet: crate::roll::Quiet::default(),
        };
        g.check_options()?;
        let mut ev = Vec::new();
        g.begin_setup();
        g.next_step(&mut ev)?;
        machine::settle(&mut g, &mut ev)?;
        g.opening = ev;
        Ok(g)
    }
}
