//! Set-up (Card 0) [4.0]: the escort group, rolled on 1d10 or chosen [4.1]; the starting base, the
//! player's choice [4.1] (Card 0's base offered first [6.2]); the Convoy Log header [4.3.1]; the mat
//! [4.4.2] — Trained crews (Green on a 1 with [12.6]), the group's Type 271 sets on ships of the player's
//! choice [4.5], HF/DF for the seven-ship British groups [4.1], and the A4 roll for the first mission's
//! air support [4.4.2] [6.1 1A]. With two Allied players each sets up in turn, on different groups,
//! the first at Londonderry and the second at St. John's [10.2].

use periscope_data::atlantic::catalog::groups::Category;
use periscope_data::atlantic::charts::Quality;

use super::command::{Dock, ShipState};
use super::{
    Ask, Career, CareerAction, CareerError, CareerEvent, CareerRoll, Cause, Fitting, Players, Step, choice,
};
use crate::atlantic::reading::proc_roll;
use crate::machine::Decision;
use crate::refusal::Refused;

impl Career {
    /// Checks the options before the first step.
    pub(crate) fn check_options(&self) -> Result<(), CareerError> {
        let catalog = &self.data.data.catalog;
        if let Some(g) = &self.options.group
            && catalog.groups.group(g).is_none()
        {
            let ids: Vec<&str> = catalog.groups.groups.iter().map(|g| g.id.as_str()).collect();
            return Err(CareerError::Refused(Refused::BadOptions(format!(
                "no escort group '{g}' (the groups: {}) [4.1]",
                ids.join(", ")
            ))));
        }
        if let Some(s) = &self.options.scenario
            && self.scenario().is_none()
        {
            return Err(CareerError::Refused(Refused::BadOptions(format!(
                "no scenario '{s}' (the scenarios: on113, ons154) [11.0]"
            ))));
        }
        if self.options.scenario.is_some() && self.options.players == Players::BothAllied {
            return Err(CareerError::Refused(Refused::BadOptions(
                "a historical scenario is one group's convoy: not for two Allied players [11.0] [10.2]"
                    .into(),
            )));
        }
        if let Some(b) = &self.options.base
            && catalog.map.base(b).is_none()
        {
            return Err(CareerError::Refused(Refused::BadOptions(format!(
                "no base '{b}' (the bases: londonderry, st_johns) [4.1]"
            ))));
        }
        Ok(())
    }

    /// The set-up script of every commander, then the first slot.
    pub(crate) fn begin_setup(&mut self) {
        if self.options.scenario.is_some() {
            self.then([Step::Scenario, Step::Slot]);
            return;
        }
        let n = self.commands.len();
        let mut steps = Vec::new();
        for i in 0..n {
            steps.push(Step::Turn {
                to: u8::try_from(i).unwrap_or(0),
            });
            steps.push(Step::Ask { ask: Ask::Group });
            steps.push(Step::Ask { ask: Ask::Base });
            steps.push(Step::Mat);
        }
        steps.push(Step::Turn { to: 0 });
        steps.push(Step::Slot);
        self.then(steps);
    }

    /// The groups another commander has not taken [10.2].
    fn free(&self, group: &str) -> bool {
        self.commands
            .iter()
            .enumerate()
            .all(|(i, c)| i == self.at || c.group != group)
    }

    pub(crate) fn group_choices(&self) -> Decision<CareerAction> {
        if !self.cmd().group.is_empty() {
            return Decision::new("", "4.1", Vec::new());
        }
        let mut choices = Vec::new();
        // The options' group is the only choice (but for a second commander who may not take it).
        if let Some(g) = &self.options.group
            && self.at == 0
        {
            if let Some(group) = self.data.data.catalog.groups.group(g) {
                choices.push(choice(
                    CareerAction::ChooseGroup { group: g.clone() },
                    format!("Command {} (as the options say)", group.name),
                    "4.1",
                ));
            }
            return Decision::new("Your escort group", "4.1", choices);
        }
        choices.push(choice(CareerAction::RollGroup, "Roll 1d10 for the group", "4.1"));
        for g in &self.data.data.catalog.groups.groups {
            if self.free(&g.id) {
                choices.push(choice(
                    CareerAction::ChooseGroup { group: g.id.clone() },
                    format!("Command {} ({} ships)", g.name, g.ships.len()),
                    "4.1",
                ));
            }
        }
        Decision::new(
            format!("Player {}: roll for your escort group or choose one", self.at + 1),
            "4.1",
            choices,
        )
    }

    /// [4.1] The 1d10; [10.2] a second commander rolling the first one's group rolls again.
    pub(crate) fn resolve_group(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let c = self.procedure("escort_group")?;
        let (rec, res) = proc_roll(c, "4.1", faces, Vec::new()).map_err(CareerError::Mission)?;
        let id = res.word().unwrap_or_default().to_string();
        let rec = rec.with_outcome(id.clone());
        self.record(rec, ev);
        if !self.free(&id) {
            Self::note(ev, "10.2", "the other commander has that group: roll again");
            self.then([Step::Roll {
                roll: CareerRoll::Group,
            }]);
            return Ok(());
        }
        self.choose_group(&id, ev)
    }

    /// [4.1] [4.3.1] The group's ships on the mat and the Convoy Log's header.
    pub(crate) fn choose_group(&mut self, id: &str, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        let data = self.data.clone();
        let groups = &data.data.catalog.groups;
        let g = groups.group(id).ok_or_else(|| {
            CareerError::Refused(Refused::BadOptions(format!("no escort group '{id}' [4.1]")))
        })?;
        let mut ships = Vec::new();
        for s in &g.ships {
            let ship = groups.ship(s).ok_or_else(|| {
                CareerError::Refused(Refused::Data(format!("no ship '{s}' in groups.json")))
            })?;
            let class = groups
                .class_of(s)
                .ok_or_else(|| CareerError::Refused(Refused::Data(format!("the ship '{s}' has no class"))))?;
            ships.push(ShipState {
                ship: s.clone(),
                name: ship.name.clone(),
                dd_ff: class.category == Category::DdFf,
                type_271: false,
                hedgehog: false,
                start_crew: Quality::Trained,
                crew: Quality::Trained,
                kills: 0,
                dock: Dock::Ready,
            });
        }
        let c = self.cmd_mut();
        c.group = g.id.clone();
        c.group_name = g.name.clone();
        c.hf_df = g.hf_df;
        c.drawn = g.ships.clone();
        c.ships = ships;
        c.log.group = g.name.clone();
        c.log.group_id = g.id.clone();
        c.log.rank = "Lieutenant Commander".into();
        let soe = c.soe.clone();
        Self::note(
            ev,
            "4.3.1",
            format!(
                "Convoy Log: Escort Group {}, SOE Lieutenant Commander {soe}{}",
                g.name,
                if g.hf_df {
                    "; the group has HF/DF [4.1]"
                } else {
                    ""
                }
            ),
        );
        Ok(())
    }

    pub(crate) fn base_choices(&self) -> Decision<CareerAction> {
        let c = self.cmd();
        if !c.base.is_empty() {
            return Decision::new("", "4.1", Vec::new());
        }
        let map = &self.data.data.catalog.map;
        let default = self
            .data
            .data
            .catalog
            .groups
            .group(&c.group)
            .map_or("londonderry", |g| g.default_base.as_str());
        let mut bases: Vec<&str> = map.bases.iter().map(|b| b.id.as_str()).collect();
        bases.sort_by_key(|b| *b != default);
        let forced = match (&self.options.base, self.options.players, self.at) {
            // [10.2] The first player at Londonderry, the second at St. John's.
            (_, Players::BothAllied, 0) => Some("londonderry".to_string()),
            (_, Players::BothAllied, _) => Some("st_johns".to_string()),
            (Some(b), _, _) => Some(b.clone()),
            _ => None,
        };
        let choices = bases
            .into_iter()
            .filter(|b| forced.as_deref().is_none_or(|f| f == *b))
            .map(|b| {
                let name = map.base(b).map_or(b, |x| x.name.as_str());
                choice(
                    CareerAction::ChooseBase { base: b.to_string() },
                    if b == default {
                        format!("Start at {name} (Card 0's base for the group)")
                    } else {
                        format!("Start at {name}")
                    },
                    if forced.is_some() && self.options.players == Players::BothAllied {
                        "10.2"
                    } else {
                        "4.1"
                    },
                )
            })
            .collect();
        Decision::new("Your starting base", "4.1", choices)
    }

    pub(crate) fn choose_base(&mut self, base: &str, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        let name = self
            .data
            .data
            .catalog
            .map
            .base(base)
            .map(|b| b.name.clone())
            .ok_or_else(|| CareerError::Refused(Refused::BadOptions(format!("no base '{base}' [4.1]"))))?;
        self.cmd_mut().base = base.to_string();
        Self::note(ev, "4.4.2", format!("The port marker: {name}"));
        Ok(())
    }

    /// [4.4.2] The mat: Green crew rolls [12.6], the group's Type 271 sets [4.1] [4.5], the first A4 roll.
    pub(crate) fn lay_out_mat(&mut self, _ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        let data = self.data.clone();
        let sets = data
            .data
            .catalog
            .groups
            .group(&self.cmd().group)
            .map_or(0, |g| g.type_271_sets);
        let mut steps = Vec::new();
        if self.options.rules.green_crews {
            for i in 0..self.cmd().ships.len() {
                steps.push(Step::Roll {
                    roll: CareerRoll::GreenCrew {
                        ship: u8::try_from(i).unwrap_or(u8::MAX),
                    },
                });
            }
        }
        for _ in 0..sets {
            steps.push(Step::Ask {
                ask: Ask::Fit {
                    fitting: Fitting::Type271,
                    rule: Cause::Setup,
                },
            });
        }
        steps.push(Step::Roll {
            roll: CareerRoll::AirSupport,
        });
        self.then(steps);
        Ok(())
    }

    /// [12.6] A 1 makes the ship's crew Green.
    pub(crate) fn resolve_green(
        &mut self,
        ship: u8,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let c = self.procedure("green_crew")?;
        let (rec, res) = proc_roll(c, "12.6", faces, Vec::new()).map_err(CareerError::Mission)?;
        let green = res.word() == Some("green");
        let i = usize::from(ship);
        let name = self
            .cmd()
            .ships
            .get(i)
            .map_or_else(String::new, |s| s.name.clone());
        self.record(
            rec.with_outcome(format!("{name}: {}", if green { "Green" } else { "Trained" })),
            ev,
        );
        if green && let Some(s) = self.cmd_mut().ships.get_mut(i) {
            s.start_crew = Quality::Green;
            s.crew = Quality::Green;
        }
        Ok(())
    }

    /// Which ship gets a fitting: every ship that lacks it [4.5] [6.3.3].
    pub(crate) fn fit_choices(&self, fitting: Fitting, rule: Cause) -> Decision<CareerAction> {
        let choices = self
            .cmd()
            .ships
            .iter()
            .filter(|s| match fitting {
                Fitting::Type271 => !s.type_271,
                Fitting::Hedgehog => !s.hedgehog,
            })
            .map(|s| {
                choice(
                    CareerAction::Fit {
                        fitting,
                        ship: s.ship.clone(),
                    },
                    format!(
                        "Fit {} to {}{}",
                        fitting.name(),
                        s.name,
                        if s.ready() { "" } else { " (in repair)" }
                    ),
                    rule.rule(),
                )
            })
            .collect();
        Decision::new(
            format!("Which ship receives the {}?", fitting.name()),
            rule.rule(),
            choices,
        )
    }

    pub(crate) fn fit(
        &mut self,
        fitting: Fitting,
        ship: &str,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let c = self.cmd_mut();
        let s = c.ships.iter_mut().find(|s| s.ship == ship).ok_or_else(|| {
            CareerError::Refused(Refused::BadOptions(format!("no ship '{ship}' in the group")))
        })?;
        match fitting {
            Fitting::Type271 => s.type_271 = true,
            Fitting::Hedgehog => s.hedgehog = true,
        }
        let text = format!("{} fitted to {}", fitting.name(), s.name);
        Self::note(ev, "4.5", text);
        Ok(())
    }
}
