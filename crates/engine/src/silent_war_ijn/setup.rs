//! Set-up [3.0] [2.2]: the scenario, the base-game facts the player enters once (start month, War Events
//! already past, War Period, Campaign Game, the optional Damage Table), who draws and piles or cups
//! [3.0 step 2]; then the six piles are made [3.0 / SW3.3] with every counter of the scenario that is in
//! service at the start [3.0 step 1].

use periscope_data::Month;
use periscope_data::silent_war_ijn::ships::Scenario;

use super::{
    Calendar, Companion, Drawer, Phase, Place, Settings, Stacks, SwAction, SwError, SwEvent, choice, yes_no,
};
use crate::machine::Decision;

/// The set-up's questions, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum SetupStep {
    #[default]
    Scenario,
    Start,
    Past,
    WarPeriod,
    DamageTable,
    Campaign,
    Draws,
    Stacks,
}

/// The answers so far and the question now.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Setup {
    step: SetupStep,
    scenario: Option<Scenario>,
    start: Option<Month>,
    past: Vec<String>,
    war_period: Option<u8>,
    damage_table: bool,
    campaign_game: Option<u8>,
    drawer: Option<Drawer>,
}

/// The first month of a 1941-or-later game, and the last month the companion keeps.
pub(crate) const FIRST_1941: Month = Month {
    year: 1941,
    month: 12,
};
pub(crate) const LAST_MONTH: Month = Month { year: 1945, month: 8 };

impl Setup {
    pub(crate) fn takes_start(&self) -> bool {
        self.step == SetupStep::Start
    }
}

impl Companion {
    pub(crate) fn setup_decision(&self, s: &Setup) -> Decision<SwAction> {
        match s.step {
            SetupStep::Scenario => self.scenario_decision(),
            SetupStep::Start => self.start_decision(s),
            SetupStep::Past => self.past_decision(s),
            SetupStep::WarPeriod => self.war_period_decision(),
            SetupStep::DamageTable => self.damage_table_decision(),
            SetupStep::Campaign => self.campaign_decision(),
            SetupStep::Draws => self.draws_decision(),
            SetupStep::Stacks => stacks_decision(),
        }
    }

    /// [3.0] The scenario: 1941 or later, or East Wind Early from 1932.
    fn scenario_decision(&self) -> Decision<SwAction> {
        let (prompt, rule) = self.ask("scenario");
        Decision::new(
            prompt,
            rule.clone(),
            vec![
                choice(
                    SwAction::Scenario {
                        scenario: Scenario::From1941,
                    },
                    "1941 or later: every counter but the '32 versions",
                    &rule,
                ),
                choice(
                    SwAction::Scenario {
                        scenario: Scenario::EastWindEarly,
                    },
                    "1932, East Wind Early: the yellow names, '32 versions included",
                    &rule,
                ),
            ],
        )
    }

    /// The start month: 1932 for East Wind Early, otherwise 12/41 to the last month kept.
    fn start_decision(&self, s: &Setup) -> Decision<SwAction> {
        let (prompt, rule) = self.ask("start_month");
        let months: Vec<Month> = match s.scenario {
            Some(Scenario::EastWindEarly) => (1..=12).filter_map(|m| Month::new(1932, m)).collect(),
            _ => (0..=FIRST_1941.months_until(LAST_MONTH))
                .map(|n| FIRST_1941.plus(n))
                .collect(),
        };
        let choices = months
            .into_iter()
            .map(|month| {
                choice(
                    SwAction::Start { month },
                    format!("Start in {}", month.long()),
                    &rule,
                )
            })
            .collect();
        Decision::new(format!("{prompt} (start M/YY)"), rule, choices)
    }

    /// The War Events that have already happened before the start: their counters are out.
    fn past_decision(&self, s: &Setup) -> Decision<SwAction> {
        let (prompt, rule) = self.ask("events_before_start");
        let mut choices: Vec<_> = self
            .data
            .set
            .events
            .iter()
            .filter(|e| !e.before_1941 && !s.past.contains(&e.id))
            .map(|e| {
                choice(
                    SwAction::Past {
                        event: Some(e.id.clone()),
                    },
                    format!("{} has happened: its counters are out", e.name),
                    &rule,
                )
            })
            .collect();
        choices.push(choice(
            SwAction::Past { event: None },
            "No more: the list is complete",
            &rule,
        ));
        let so_far = if s.past.is_empty() {
            String::new()
        } else {
            format!(" (so far: {})", s.past.join(", "))
        };
        Decision::new(format!("{prompt}{so_far}"), rule, choices)
    }

    /// The War Period the game starts in.
    fn war_period_decision(&self) -> Decision<SwAction> {
        let (prompt, rule) = self.ask("war_period");
        let choices = (1..=4)
            .map(|n| {
                choice(
                    SwAction::WarPeriod { number: n },
                    format!("War Period {n}"),
                    &rule,
                )
            })
            .collect();
        Decision::new(prompt, rule, choices)
    }

    /// The optional Damage Table and repair track [3.51*].
    fn damage_table_decision(&self) -> Decision<SwAction> {
        let (prompt, rule) = self.ask("optional_damage_table");
        Decision::new(
            prompt,
            rule.clone(),
            yes_no(
                "Yes: damaged ships roll on the Damage Table and go on the repair track",
                "No: damaged ships are out until the next War Period [3.5]",
                &rule,
            ),
        )
    }

    /// A Campaign Game, or none.
    fn campaign_decision(&self) -> Decision<SwAction> {
        let (prompt, rule) = self.ask("campaign_game");
        let mut choices: Vec<_> = (1..=4)
            .map(|g| {
                choice(
                    SwAction::Campaign { game: Some(g) },
                    format!("Campaign Game {g}"),
                    &rule,
                )
            })
            .collect();
        choices.push(choice(
            SwAction::Campaign { game: None },
            "Not a Campaign Game",
            &rule,
        ));
        Decision::new(prompt, rule, choices)
    }

    /// Who draws the IJN counters: Periscope from its shuffled piles, or the player.
    fn draws_decision(&self) -> Decision<SwAction> {
        let (prompt, rule) = self.ask("who_draws");
        Decision::new(
            prompt,
            rule.clone(),
            vec![
                choice(
                    SwAction::Draws {
                        by: Drawer::Periscope,
                    },
                    "Periscope draws from its shuffled piles",
                    &rule,
                ),
                choice(
                    SwAction::Draws { by: Drawer::Player },
                    "I draw from my own piles and say what I drew",
                    &rule,
                ),
            ],
        )
    }

    pub(crate) fn setup_step(
        &mut self,
        mut s: Setup,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match (s.step, action) {
            (SetupStep::Scenario, SwAction::Scenario { scenario }) => {
                s.scenario = Some(scenario);
                s.step = SetupStep::Start;
            }
            (SetupStep::Start, SwAction::Start { month }) => {
                let range = match s.scenario {
                    Some(Scenario::EastWindEarly) => (Month { year: 1932, month: 1 }, FIRST_1941.previous()),
                    _ => (FIRST_1941, LAST_MONTH),
                };
                if month < range.0 || month > range.1 {
                    return Err(SwError::BadStart {
                        month,
                        reason: format!("this scenario's months run {} to {}", range.0, range.1),
                    });
                }
                s.start = Some(month);
                // War Events past at the start matter only for a game that starts after the war's first
                // month [2.1.1] [9.0].
                s.step = if s.scenario == Some(Scenario::From1941) && month > FIRST_1941 {
                    SetupStep::Past
                } else {
                    SetupStep::WarPeriod
                };
            }
            (SetupStep::Past, SwAction::Past { event: Some(e) }) => s.past.push(e),
            (SetupStep::Past, SwAction::Past { event: None }) => s.step = SetupStep::WarPeriod,
            (SetupStep::WarPeriod, SwAction::WarPeriod { number }) => {
                s.war_period = Some(number);
                s.step = SetupStep::DamageTable;
            }
            (SetupStep::DamageTable, SwAction::Answer { yes }) => {
                s.damage_table = yes;
                s.step = if yes {
                    SetupStep::Campaign
                } else {
                    SetupStep::Draws
                };
            }
            (SetupStep::Campaign, SwAction::Campaign { game }) => {
                s.campaign_game = game;
                s.step = SetupStep::Draws;
            }
            (SetupStep::Draws, SwAction::Draws { by }) => {
                s.drawer = Some(by);
                s.step = SetupStep::Stacks;
            }
            (SetupStep::Stacks, SwAction::Stacks { kind }) => {
                self.finish_setup(&s, kind, ev);
                return Ok(());
            }
            (_, action) => {
                self.phase = Phase::Setup(s);
                return Err(Rules::not_now(self, &action));
            }
        }
        self.phase = Phase::Setup(s);
        Ok(())
    }

    /// Makes the piles: every counter of the scenario [2.2] in service at the start [3.0 step 1], less
    /// those whose removal month has come [2.1.1] or whose War Event is past [9.0].
    fn finish_setup(&mut self, s: &Setup, stacks: Stacks, ev: &mut Vec<SwEvent>) {
        let scenario = s.scenario.unwrap_or(Scenario::From1941);
        let start = s.start.unwrap_or(FIRST_1941);
        let war_period = s.war_period.unwrap_or(1);
        self.settings = Some(Settings {
            scenario,
            start,
            damage_table: s.damage_table,
            campaign_game: s.campaign_game,
            drawer: s.drawer.unwrap_or(Drawer::Periscope),
            stacks,
        });
        self.calendar = Calendar {
            month: start,
            week: 1,
            war_period,
        };
        let data = self.data.clone();
        for (i, c) in data.set.counters.iter().enumerate() {
            let event = data.set.event_of(&c.id);
            let past_event =
                event.filter(|e| (e.before_1941 && scenario == Scenario::From1941) || s.past.contains(&e.id));
            let place = if !c.in_scenario(scenario) {
                Place::NotInScenario
            } else if let Some(m) = c.removal.filter(|m| *m <= start) {
                Place::RemovedByDate { month: m }
            } else if let Some(e) = past_event {
                Place::RemovedByEvent { event: e.id.clone() }
            } else if let Some(m) = c.entry.filter(|m| *m > start) {
                Place::Awaiting { month: m }
            } else {
                Place::Pile
            };
            self.set_place(i, place);
        }
        for e in &data.set.events {
            if (e.before_1941 && scenario == Scenario::From1941) || s.past.contains(&e.id) {
                self.declared.push(e.id.clone());
            }
        }
        self.remind("set_up_step", ev);
        ev.push(SwEvent::SetUp {
            scenario: match scenario {
                Scenario::EastWindEarly => "1932 (East Wind Early)".into(),
                Scenario::From1941 => "1941 or later".into(),
            },
            start,
            war_period,
            piles: self
                .pile_counts()
                .into_iter()
                .map(|(p, n)| (p.to_string(), n))
                .collect(),
        });
        if stacks == Stacks::Piles {
            ev.push(SwEvent::note(
                "3.0 step 2",
                "Shuffle each pile face down so that the draws stay random",
            ));
        }
        self.phase = Phase::Turn;
        ev.push(SwEvent::Turn {
            month: start,
            week: 1,
            war_period,
        });
    }
}

use crate::machine::Rules;

/// [3.0 step 2] Piles or cups for the IJN counters.
fn stacks_decision() -> Decision<SwAction> {
    Decision::new(
        "Do you keep the IJN counters in piles or in cups?",
        "3.0 step 2",
        vec![
            choice(
                SwAction::Stacks { kind: Stacks::Piles },
                "Piles, face down (shuffle them to keep the draws random)",
                "3.0 step 2",
            ),
            choice(SwAction::Stacks { kind: Stacks::Cups }, "Cups", "3.0 step 2"),
        ],
    )
}
