//! The career at sea: the mission each commander sails [6.1], built from his command and played as an
//! embedded game whose rolls the career's dice make; its actions forwarded, the U-boat player's decisions
//! recorded as his [10.1] [10.2]; and, once it is over, its Convoy Log row and what it hands the refit
//! [3.5] [4.3.2] [7.4] [7.5].

use crate::atlantic::{
    ConvoyAssignment, Mission, MissionAction, MissionError, MissionOptions, MissionResult,
};
use crate::game::{Inner, play_inner};
use crate::refusal::Refused;

use super::action::uboat_players;
use super::command::{Dock, Fate, RepairCause};
use super::log::{LogTarget, LogUboat, MissionRow};
use super::{Career, CareerAction, CareerError, CareerEvent, Phase, Players, Step};
use crate::dice::{DiceMode, DiceSource, Faces};
use crate::game::{Choice, Game, Pending};
use crate::machine::{self, Decision, RollSpec, Rules, Wait};

/// What the career's machine rolls for: one of its own charts, or the roll its mission waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throw {
    Career(super::CareerRoll),
    /// The mission under way waits for this roll; the career's dice make it.
    Mission,
}

impl Career {
    /// The player number (1 or 2) of the commander `at`, and of the one commanding the U-boats.
    pub(crate) fn player(&self) -> u8 {
        u8::try_from(self.at + 1).unwrap_or(1)
    }
    pub(crate) fn uboat_player(&self) -> Option<u8> {
        match self.options.players {
            Players::Solo => None,
            Players::UboatPlayer => Some(2),
            Players::BothAllied => Some(if self.at == 0 { 2 } else { 1 }),
        }
    }

    /// [6.1] The commander `at` sails with the ships that are ready, the air support of his last refit,
    /// his Touch Wood markers; the mission rolls its own convoy on A1a/A1b [6.1 1A].
    pub(crate) fn sail(&mut self, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        let escorts = self.cmd().sailing();
        // Ships in repair miss this convoy: one mission less to go.
        self.cmd_mut().pass_missions(1);
        let c = self.cmd();
        if escorts.is_empty() {
            Self::note(
                ev,
                "6.1",
                format!(
                    "{}: no ship of the group is ready; no convoy this time",
                    c.group_name
                ),
            );
            self.then([Step::Refit]);
            return Ok(());
        }
        let opts = MissionOptions {
            group: c.group.clone(),
            escorts,
            hf_df: Some(c.hf_df),
            month: self.slot.month,
            base: c.base.clone(),
            // [11.1] [11.2] A scenario's convoy is its own; a career's is rolled by the mission [6.1 1A].
            convoy: self.scenario().map(|s| ConvoyAssignment {
                convoy: periscope_data::atlantic::charts::ConvoyType::On,
                size: s.convoy_size,
            }),
            air: c.air,
            touch_wood: c.touch_wood,
            sunk_before: if self.options.rules.historical_targeting {
                c.sunk_names.clone()
            } else {
                Vec::new()
            },
            optional: self.options.rules.mission(),
            two_player: self.options.players != Players::Solo,
            scenario: self.options.scenario.clone(),
            // [6.1 2e] The last convoy's array, to take again.
            last_array: c.last_array.clone(),
            // The mission plays on the career's data, the player's file already in it.
            overrides: None,
        };
        let m = Mission::with_data(opts, 0, DiceMode::Physical, self.data.clone())
            .map_err(CareerError::Mission)?;
        let player = self.player();
        ev.extend(
            m.opening_events()
                .iter()
                .cloned()
                .map(|mission| CareerEvent::Mission { player, mission }),
        );
        // A mission may be over before its first action (a convoy with no encounter).
        let over = m.is_over();
        let mut m = m;
        if !self.quiet.records() {
            m.quiet();
        }
        self.mission = Some(Box::new(m));
        self.phase = Phase::Mission;
        self.after_mission_action(over, ev)
    }

    /// The mission under way, when the career is at sea.
    fn at_sea(&self) -> Option<&Mission> {
        match self.phase {
            Phase::Mission => self.mission.as_deref(),
            _ => None,
        }
    }

    /// Plays an action of the mission and takes its events; a mission that has ended is finished at
    /// once (the Convoy Log row, the refit).
    /// `offered`: the action is one the mission's decision offers (a policy picked it), played without
    /// listing the decision again to check it ([`Game::apply_offered`]).
    fn mission_step(
        &mut self,
        action: MissionAction,
        offered: bool,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let player = self.player();
        if let Some(p2) = self.uboat_player()
            && uboat_players(&action)
        {
            self.uboat_decisions += 1;
            ev.push(CareerEvent::DecidedBy {
                player: p2,
                action: action.to_string(),
            });
        }
        const MISSION: Inner<MissionError, CareerError> = Inner {
            none: || CareerError::Refused(Refused::GameOver),
            refused: CareerError::Mission,
        };
        let over = play_inner(
            self.mission.as_deref_mut(),
            &MISSION,
            |m| {
                if offered {
                    m.apply_offered(action)
                } else {
                    m.apply_discarding_on_error(action)
                }
            },
            |mission| CareerEvent::Mission { player, mission },
            Mission::is_over,
            ev,
        )?;
        self.after_mission_action(over, ev)
    }

    /// The career's dice threw `faces` for the roll the mission waits for: the mission reads them as if
    /// they were entered as its roll action ([`machine::play_thrown_into`]), without queuing them.
    fn mission_thrown(&mut self, faces: Faces, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        let player = self.player();
        let m = self
            .mission
            .as_deref_mut()
            .ok_or(CareerError::Refused(Refused::GameOver))?;
        let mut out = Vec::new();
        machine::play_thrown_into(
            m,
            faces,
            |f| MissionAction::Roll { faces: f.into_vec() },
            &mut out,
        )
        .map_err(CareerError::Mission)?;
        ev.extend(
            out.into_iter()
                .map(|mission| CareerEvent::Mission { player, mission }),
        );
        let over = m.is_over();
        self.after_mission_action(over, ev)
    }

    /// Finishes a mission that is over and takes the career's next step.
    fn after_mission_action(&mut self, over: bool, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        if over {
            self.finish_mission(ev)?;
            if !matches!(self.phase, Phase::Over { .. }) {
                self.next_step(ev)?;
            }
        }
        Ok(())
    }

    /// The mission is over: its row on the Convoy Log [3.5], the kills and crews [7.5], the ships lost
    /// and in need of repair [7.4], the markers kept [9.2]; the SOE lost ends his war [5.1.2].
    fn finish_mission(&mut self, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        let Some(m) = self.mission.take() else {
            return Ok(());
        };
        self.phase = Phase::Decide {
            ask: super::Ask::Group,
        };
        let r = m
            .result()
            .ok_or_else(|| CareerError::Refused(Refused::Data("a mission ended without a result".into())))?;
        let refit_at = self.refit_base();
        let row = self.log_row(&r, &m, &refit_at);
        ev.push(CareerEvent::MissionOver {
            player: self.player(),
            summary: row_summary(&row),
        });
        let ramming = self
            .data
            .data
            .procedures
            .constant("ramming_repair_months")
            .and_then(|n| u8::try_from(n).ok())
            .unwrap_or(1);
        let c = self.cmd_mut();
        c.push_row(row);
        c.touch_wood = r.touch_wood;
        c.period.uboats_sunk += u32::try_from(r.uboats_sunk.len()).unwrap_or(0);
        c.period.merchants_lost += u32::try_from(r.merchants_lost.len()).unwrap_or(0);
        c.sunk_names
            .extend(r.merchants_lost.iter().map(|s| s.name.clone()));
        c.base = refit_at;
        c.last_array = m.last_array().to_vec();
        let mut repairs = Vec::new();
        for e in r.escorts.iter().filter(|e| !e.joined) {
            let Some(i) = c.index_of(&e.ship) else { continue };
            if e.sunk {
                c.ships.remove(i);
                c.log.totals.escorts_lost += 1;
                continue;
            }
            let s = &mut c.ships[i];
            s.kills = s.kills.saturating_add(e.kills);
            // [7.4.2] A month in dock for a ramming; [9.2] a collision's months.
            let months = if e.rammed { ramming } else { 0 }.max(e.repair_months);
            if months > 0 {
                s.dock = Dock::Repair {
                    missions_left: months.saturating_mul(2),
                    cause: if e.rammed {
                        RepairCause::Rammed
                    } else {
                        RepairCause::Collision
                    },
                };
            }
            // [7.4.3] A torpedoed DD/FF that came home rolls its months in repair.
            if e.damage > 0 && s.dd_ff {
                repairs.push(u8::try_from(i).unwrap_or(u8::MAX));
            }
        }
        if r.soe_sunk {
            c.fate = Fate::KilledInAction;
            Self::note(
                ev,
                "5.1.2",
                format!("{} went down with his ship: his war is over", c.soe),
            );
            self.last_mission = Some(m);
            if self.commands.iter().all(|c| !c.alive()) || self.options.players != Players::BothAllied {
                self.steps.clear();
                self.then([Step::EndGame]);
            }
            return Ok(());
        }
        let mut steps: Vec<Step> = repairs
            .into_iter()
            .map(|ship| Step::Roll {
                roll: super::CareerRoll::Repair { ship },
            })
            .collect();
        steps.push(Step::Refit);
        self.then(steps);
        Ok(())
    }

    /// The base the group reaches: the one its route's far end refits at [4.7.1] [4.7.2].
    fn refit_base(&self) -> String {
        let c = self.cmd();
        self.data
            .data
            .catalog
            .map
            .base(&c.base)
            .map_or_else(|| c.base.clone(), |b| b.refits_next_at.clone())
    }

    fn log_row(&self, r: &MissionResult, m: &Mission, refit_at: &str) -> MissionRow {
        let c = self.cmd();
        let every = u32::from(
            self.data
                .data
                .catalog
                .career
                .calendar
                .upgrade_check_every_refits
                .max(1),
        );
        let number = c.missions() + 1;
        let uboat = |u: &crate::atlantic::UboatRecord| LogUboat {
            box_number: u.box_number,
            kind: u.kind.clone(),
            sunk_by: u.sunk_by.clone(),
            credited_to: u.credited_to.clone(),
            hull: u.hull,
            systems: u.systems.clone(),
        };
        let mut escort_notes = Vec::new();
        for e in &r.escorts {
            if e.sunk {
                escort_notes.push(format!("{} sunk", e.name));
            } else if e.damage > 0 {
                escort_notes.push(format!("{} torpedoed ({} damage)", e.name, e.damage));
            } else if e.rammed {
                escort_notes.push(format!("{} rammed a U-boat", e.name));
            }
            if let Some(why) = &e.detached {
                escort_notes.push(format!("{} detached: {why}", e.name));
            }
        }
        let refit_name = self
            .data
            .data
            .catalog
            .map
            .base(refit_at)
            .map_or_else(|| refit_at.to_string(), |b| b.name.clone());
        MissionRow {
            number,
            month: r.month,
            half: self.slot.half,
            upgrade_row: number.is_multiple_of(every),
            convoy: r.convoy,
            size: r.size,
            convoy_ids: self.convoy_ids(r),
            from: m.voyage().from.clone(),
            to: m.voyage().to.clone(),
            refit_at: refit_name,
            targets: r
                .ships
                .iter()
                .map(|s| LogTarget {
                    name: s.name.clone(),
                    size: s.size,
                    tonnage: s.tonnage,
                    sunk: s.sunk,
                    damage: s.damage,
                    sinks_at: s.sinks_at,
                    sunk_by: s.sunk_by.clone(),
                    box_number: s.box_number,
                    box_name: m
                        .voyage()
                        .route
                        .get(usize::from(s.box_number.saturating_sub(1)))
                        .map_or_else(String::new, |b| b.name.clone()),
                    air_gap: m
                        .voyage()
                        .route
                        .get(usize::from(s.box_number.saturating_sub(1)))
                        .is_some_and(|b| b.air_gap),
                })
                .collect(),
            tonnage_lost: r.tonnage_lost,
            merchants_lost: u32::try_from(r.merchants_lost.len()).unwrap_or(0),
            uboats_sunk: r.uboats_sunk.iter().map(uboat).collect(),
            uboats_damaged: r.uboats_damaged.iter().map(uboat).collect(),
            escort_notes,
            crypto_captured: r.crypto_captured,
            soe_sunk: r.soe_sunk,
        }
    }

    /// [12.5] The month's historical convoy numbers of the convoy's series, when the book gives them.
    fn convoy_ids(&self, r: &MissionResult) -> Option<String> {
        use periscope_data::atlantic::charts::ConvoyType;
        if !self.options.rules.convoy_ids {
            return None;
        }
        let ids = self
            .data
            .data
            .catalog
            .career
            .convoy_ids
            .iter()
            .find(|c| c.month == r.month)?;
        Some(match r.convoy {
            ConvoyType::On => ids.on.clone(),
            ConvoyType::Hx => ids.hx.clone(),
            ConvoyType::Sc => ids.sc.clone(),
        })
    }

    /// [10.1] [10.2] The chart of the mission roll the U-boat player makes now, if any: none — every
    /// roll is the program's or the entering player's; the U-boat player decides.
    fn mission_not_now(&self, m: &Mission, action: &CareerAction) -> CareerError {
        match action {
            CareerAction::Mission { action } => CareerError::Mission(machine_not_now(m, action)),
            CareerAction::Roll { .. } if self.dice.program_rolls() => {
                CareerError::Refused(Refused::NotPhysical)
            }
            CareerAction::Roll { faces } => {
                CareerError::Mission(machine_not_now(m, &MissionAction::Roll { faces: faces.clone() }))
            }
            _ => CareerError::Refused(Refused::NotNow {
                action: action.to_string(),
                waiting_for: "the mission under way".into(),
            }),
        }
    }
}

fn machine_not_now(m: &Mission, action: &MissionAction) -> crate::atlantic::MissionError {
    Rules::not_now(m, action)
}

/// A row in a line: `2/42 (1) large ON convoy, … : 2 merchants lost (12,400 t), 1 U-boat sunk, 0 damaged`.
fn row_summary(r: &MissionRow) -> String {
    use crate::atlantic::words::{convoy_type, count, tons};
    let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    format!(
        "{} ({}) {} {} convoy, {} to {}: {} lost ({}), {} sunk, {} damaged",
        r.month,
        r.half,
        r.size,
        convoy_type(r.convoy),
        r.from,
        r.to,
        count(r.merchants_lost, "merchant", "merchants"),
        tons(r.tonnage_lost),
        count(n(r.uboats_sunk.len()), "U-boat", "U-boats"),
        r.uboats_damaged.len()
    )
}

impl Game for Career {
    type Options = super::CareerOptions;
    type Action = CareerAction;
    type Event = CareerEvent;
    type Error = CareerError;

    const ID: &'static str = "atlantic";
    const NAME: &'static str = "Atlantic Sentinels (career)";
    const RULES_DATA: Option<&'static str> = Some("atlantic");

    fn new(options: super::CareerOptions, seed: u64, dice: DiceMode) -> Result<Self, CareerError> {
        let data = crate::atlantic::Shipped::for_game(options.overrides.as_ref())
            .map_err(|e| CareerError::Refused(Refused::Data(e)))?;
        Self::with_data(options, seed, dice, data)
    }

    fn pending(&self) -> Pending<CareerAction> {
        machine::pending(self)
    }

    fn apply(&mut self, action: CareerAction) -> Result<Vec<CareerEvent>, CareerError> {
        machine::play(self, action)
    }

    fn apply_discarding_on_error(&mut self, action: CareerAction) -> Result<Vec<CareerEvent>, CareerError> {
        machine::play_in_place(self, action)
    }

    fn apply_offered(&mut self, action: CareerAction) -> Result<Vec<CareerEvent>, CareerError> {
        machine::play_offered(self, action)
    }

    fn apply_offered_into(
        &mut self,
        action: CareerAction,
        events: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        machine::play_offered_into(self, action, events)
    }

    /// The mission under way, and every mission after it, is quiet too.
    fn quiet(&mut self) {
        self.quiet.hush();
        if let Some(m) = self.mission.as_deref_mut() {
            m.quiet();
        }
    }

    fn dice_action(faces: Vec<u8>) -> CareerAction {
        CareerAction::Roll { faces }
    }
}

impl Rules for Career {
    type Action = CareerAction;
    type Event = CareerEvent;
    type Error = CareerError;
    type Roll = Throw;

    const ROLL_LIMIT: usize = 1_000_000;

    fn wait(&self) -> Wait<CareerAction, Throw> {
        match &self.phase {
            Phase::Decide { ask } => Wait::Decide(self.choices(*ask)),
            Phase::Roll { roll } => Wait::Roll(Throw::Career(*roll)),
            Phase::Mission => match self.mission.as_ref().map(|m| m.pending()) {
                Some(Pending::Decision(d)) => Wait::Decide(Decision {
                    prompt: d.prompt,
                    rule: d.rule,
                    choices: d
                        .choices
                        .into_iter()
                        .map(|c| Choice {
                            action: CareerAction::Mission { action: c.action },
                            label: c.label,
                            rule: c.rule,
                        })
                        .collect(),
                }),
                Some(Pending::Roll(_)) => Wait::Roll(Throw::Mission),
                // Never seen between actions: an ended mission is finished as it ends.
                _ => Wait::Over {
                    won: false,
                    summary: "the mission is over".into(),
                },
            },
            Phase::Over { end } => Wait::Over {
                won: end.won(),
                summary: end.describe(),
            },
        }
    }

    /// As `wait`: the mission's roll is the career's, its decisions are not listed to find out.
    fn waiting_roll(&self) -> Option<Throw> {
        match &self.phase {
            Phase::Roll { roll } => Some(Throw::Career(*roll)),
            Phase::Mission => self
                .mission
                .as_deref()
                .and_then(Rules::waiting_roll)
                .map(|_| Throw::Mission),
            _ => None,
        }
    }

    /// At sea the mission judges every action ([`Rules::check`] lets them all through) once it waits for
    /// a decision.
    fn decides_without_listing(&self) -> bool {
        self.at_sea()
            .is_some_and(|m| !m.is_over() && Rules::waiting_roll(m).is_none())
    }

    /// A decision of the mission's, offered: the mission plays it without listing it again.
    fn decide_offered(&mut self, action: CareerAction, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        match (&self.phase, action) {
            (Phase::Mission, CareerAction::Mission { action }) => self.mission_step(action, true, ev),
            (_, action) => self.decide(action, ev),
        }
    }

    /// The mission's roll's dice, from the mission without writing its sentence.
    fn roll_dice(&self, throw: Throw) -> crate::dice::Dice {
        match (throw, self.at_sea()) {
            (Throw::Mission, Some(m)) => match Rules::waiting_roll(m) {
                Some(r) => Rules::roll_dice(m, r),
                None => Rules::roll_spec(self, throw).dice,
            },
            _ => Rules::roll_spec(self, throw).dice,
        }
    }

    fn roll_spec(&self, throw: Throw) -> RollSpec {
        match throw {
            Throw::Career(r) => self.career_roll_spec(r),
            Throw::Mission => match self.mission.as_ref().map(|m| m.pending()) {
                Some(Pending::Roll(spec)) => spec,
                _ => RollSpec::new(crate::dice::Dice::D1D6, "", "", "the mission waits for no roll"),
            },
        }
    }

    fn secret_choice(&self) -> bool {
        self.mission.as_deref().is_some_and(|m| m.secret_choice())
    }

    /// The mission's rolls have the mission's odds; the career's own charts give none yet.
    fn roll_odds(&self, throw: Throw) -> Option<crate::odds::Odds> {
        let mission = self.mission.as_deref()?;
        match throw {
            Throw::Mission => mission.waiting_roll().and_then(|r| mission.roll_odds(r)),
            Throw::Career(_) => None,
        }
    }

    fn dice(&mut self) -> &mut DiceSource {
        &mut self.dice
    }

    fn faces_of(action: &CareerAction) -> Option<&[u8]> {
        match action {
            CareerAction::Roll { faces } => Some(faces),
            _ => None,
        }
    }

    /// The mission's own rules judge its actions (and say why they refuse one).
    fn check(&self, decision: &Decision<CareerAction>, action: &CareerAction) -> Result<(), CareerError> {
        if self.at_sea().is_some() || decision.offers(action) {
            Ok(())
        } else {
            Err(self.not_now(action))
        }
    }

    fn decide(&mut self, action: CareerAction, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        match (&self.phase, action) {
            (Phase::Mission, CareerAction::Mission { action }) => self.mission_step(action, false, ev),
            (Phase::Mission, action) => Err(self.not_now(&action)),
            (_, action) => {
                self.decide_career(action, ev)?;
                self.next_step(ev)
            }
        }
    }

    fn resolve(&mut self, throw: Throw, faces: Faces, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        match throw {
            Throw::Career(r) => {
                self.resolve_career(r, faces.into_vec(), ev)?;
                self.next_step(ev)
            }
            Throw::Mission => self.mission_thrown(faces, ev),
        }
    }

    /// Faces for the mission go straight to it.
    fn enter(&mut self, throw: Throw, faces: &[u8], ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        if self.dice.program_rolls() {
            return Err(CareerError::Refused(Refused::NotPhysical));
        }
        match throw {
            Throw::Career(r) => {
                let dice = self.career_roll_spec(r).dice;
                self.dice
                    .enter(dice, faces)
                    .map_err(|e| CareerError::Refused(Refused::Dice(e)))
            }
            Throw::Mission => self.mission_step(
                MissionAction::Roll {
                    faces: faces.to_vec(),
                },
                false,
                ev,
            ),
        }
    }

    fn waiting_for(&self) -> String {
        Career::waiting_for(self)
    }

    /// At sea, the mission says why it refuses an action, as it would on its own.
    fn not_now(&self, action: &CareerAction) -> CareerError {
        match self.at_sea() {
            Some(m) => self.mission_not_now(m, action),
            None => CareerError::Refused(Refused::NotNow {
                action: action.to_string(),
                waiting_for: self.waiting_for(),
            }),
        }
    }
}
