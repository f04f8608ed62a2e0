//! A combat under way [3.1]: the targets the player reveals, the IJN ships drawn in their place (see
//! [`super::replacement`]), the values they fight with, the Combat Events that open a crash dive [5.1] or
//! forbid targeting an escort [6.1], and the end of combat: each IJN ship back to its pile, sunk [3.4]
//! [3.6] or damaged [3.5] [3.51*]. A loner [4.0] is a combat too, with its own set-up
//! ([`super::loner`]) and procedure [4.3].

use periscope_data::silent_war_ijn::combat::{CounterValues, Revealed};
use periscope_data::silent_war_ijn::procedures::{Cup, Trigger};
use periscope_data::silent_war_ijn::ships::PileId;

use super::crash_dive::CrashDive;
use super::damage::Repairing;
use super::loner::{LonerState, LonerStep};
use super::replacement::Replacement;
use super::targeting::{Targeted, Targeting};
use super::{
    Companion, Fate, LonerIs, Phase, Shown, SwAction, SwError, SwEvent, Throw, choice, digits, yes_no,
};
use crate::game::Choice;
use crate::machine::{Decision, Rules, Wait};
use crate::refusal::Refused;

/// A task force or convoy engaged in the Combat Phase, or a loner [4.0].
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Kind {
    TaskForce,
    Loner(LonerState),
}

/// An IJN ship on the combat display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OnDisplay {
    /// The counter's index in the catalog.
    pub index: usize,
    /// The column of the SW counter it replaced (its cup).
    pub cup: Option<Cup>,
    /// What the SW counter showed (`DD`, `CV Kaga`).
    pub sw: String,
    pub sw_values: Option<CounterValues>,
    /// Standing for a Diligent Escort [3.1C].
    pub diligent: bool,
    /// Replacing an auxiliary [3.1B].
    pub auxiliary: bool,
}

/// What comes back once a step inside the combat is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum After {
    /// The combat's menu.
    Main,
    /// The loner's encounter is over (an aircraft's round, an event).
    EndLoner,
}

/// The printed values of a ship on the display, asked one number at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ValuesStep {
    /// The ship's position on the display.
    pub ship: usize,
    pub defense: Option<u8>,
    /// A Diligent Escort's crash dive waits for its values [5.1].
    pub then_dive: bool,
}

/// Where the combat stands.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Step {
    /// Is it the same submarine as last time? Asked only when the boat's ratings are needed (a loner's
    /// placement, or the crash dive `dive` waits for) and another boat may be fighting now [5.2].
    Boat {
        dive: Option<(Trigger, After)>,
    },
    Main,
    Replace(Replacement),
    Values(ValuesStep),
    /// Which Combat Event came up.
    WhichEvent {
        then: After,
    },
    Dive(CrashDive),
    Target(Targeting),
    /// What became of the ship at this position [3.4] [3.5].
    Fates {
        next: usize,
    },
    Repair(Repairing),
    Loner(LonerStep),
}

/// A combat's state.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Combat {
    pub kind: Kind,
    pub ships: Vec<OnDisplay>,
    /// The sea area, once asked [3.7].
    pub area: Option<String>,
    pub aircraft_revealed: bool,
    pub diligent_revealed: bool,
    /// The Combat Events of this combat, by id.
    pub events: Vec<String>,
    /// Known to be Spotted (a crash dive's result, or the player's answer).
    pub spotted: bool,
    pub first_round_over: bool,
    pub targeting: Targeted,
    pub gunnery: bool,
    /// The player said in this combat whether the boat is the one the companion knows.
    pub boat_checked: bool,
    pub step: Step,
}

impl Combat {
    fn new(kind: Kind, step: Step) -> Self {
        Combat {
            kind,
            ships: Vec::new(),
            area: None,
            aircraft_revealed: false,
            diligent_revealed: false,
            events: Vec::new(),
            spotted: false,
            first_round_over: false,
            targeting: Targeted::Open,
            gunnery: false,
            boat_checked: false,
            step,
        }
    }

    /// The Combat Phase of a task force or convoy: nothing is asked of the boat until a crash dive needs
    /// it [5.2].
    pub(crate) fn task_force() -> Self {
        Combat::new(Kind::TaskForce, Step::Main)
    }

    /// A loner found [4.1]: its cup by War Period and the first step of its set-up [4.2].
    pub(crate) fn loner(c: &Companion, ev: &mut Vec<SwEvent>) -> Self {
        let wp = c.calendar.war_period;
        let cup = c.data.loners.cup(wp).unwrap_or(Cup::A);
        ev.push(SwEvent::note(
            "4.2 Target",
            format!("Draw one counter from cup {cup} (War Period {wp}) and place it in column {cup}"),
        ));
        let mut combat = Combat::new(Kind::Loner(LonerState::new(cup)), Step::Main);
        combat.step = if c.boat.is_known() {
            Step::Boat { dive: None }
        } else {
            c.loner_first_step()
        };
        combat
    }

    pub(crate) fn is_loner(&self) -> bool {
        matches!(self.kind, Kind::Loner(_))
    }

    /// Actions a decision cannot list that this step takes (its rules judge them).
    pub(crate) fn takes_typed(&self, action: &SwAction) -> bool {
        match (&self.step, action) {
            (Step::Main, SwAction::Target | SwAction::EnterValues { .. }) => true,
            (Step::Main, SwAction::Reveal { .. }) => !self.is_loner(),
            // The SW counter's column, never asked: kept for the note on its cup (and older saves).
            (Step::Main, SwAction::Column { .. }) => self.ships.last().is_some_and(|s| s.cup.is_none()),
            (Step::Values(_), SwAction::Values { .. }) => true,
            (Step::Replace(r), a) => r.takes_typed(a),
            (Step::Target(t), SwAction::TargetShip { .. }) => t.choosing(),
            (Step::Repair(r), SwAction::Tons { .. }) => r.asking_tons(),
            _ => false,
        }
    }
}

impl Companion {
    pub(crate) fn combat_wait(&self, c: &Combat) -> Wait<SwAction, Throw> {
        match &c.step {
            Step::Boat { .. } => {
                let b = &self.boat;
                let mut what = Vec::new();
                if let Some(class) = &b.class {
                    let name = self
                        .data
                        .crash_dive
                        .rating(class)
                        .map_or(class.clone(), |r| r.class.clone());
                    what.push(format!("{name} class"));
                }
                if let Some(t) = b.tactical {
                    what.push(format!("tactical rating {t}"));
                }
                if let Some(s) = b.super_skipper {
                    what.push(format!("Super Skipper {s}"));
                }
                Wait::Decide(Decision::new(
                    format!("Is it the same submarine as last time ({})?", what.join(", ")),
                    "5.2",
                    vec![
                        choice(SwAction::Boat { same: true }, "The same boat and skipper", "5.2"),
                        choice(
                            SwAction::Boat { same: false },
                            "Another boat: ask me again",
                            "5.2",
                        ),
                    ],
                ))
            }
            Step::Main => Wait::Decide(self.main_decision(c)),
            Step::Replace(r) => Wait::Decide(self.replacement_decision(r)),
            Step::Values(v) => Wait::Decide(self.values_decision(c, v)),
            Step::WhichEvent { .. } => {
                let (prompt, rule) = self.ask("combat_event");
                let choices = self
                    .data
                    .questions
                    .question("combat_event")
                    .map(|q| {
                        q.answer
                            .choices()
                            .iter()
                            .map(|o| choice(SwAction::Event { event: o.id.clone() }, o.label.clone(), &rule))
                            .collect()
                    })
                    .unwrap_or_default();
                Wait::Decide(Decision::new(prompt, rule, choices))
            }
            Step::Dive(d) => self.dive_wait(d),
            Step::Target(t) => Wait::Decide(self.targeting_decision(c, t)),
            Step::Fates { next } => {
                let ship = c
                    .ships
                    .get(*next)
                    .map(|s| self.ship(s.index))
                    .unwrap_or_default_ship();
                let (prompt, rule) = self.ask("ijn_ship_outcome");
                Wait::Decide(Decision::new(
                    format!("{ship}: {prompt}"),
                    rule.clone(),
                    vec![
                        choice(
                            SwAction::Fate {
                                fate: Fate::Undamaged,
                            },
                            "Undamaged: back to its pile",
                            "3.1A",
                        ),
                        choice(SwAction::Fate { fate: Fate::Damaged }, "Damaged", "3.5"),
                        choice(SwAction::Fate { fate: Fate::Sunk }, "Sunk", "3.4"),
                    ],
                ))
            }
            Step::Repair(r) => self.repair_wait(c, r),
            Step::Loner(l) => self.loner_wait(c, l),
        }
    }

    /// The combat's menu: reveal a target (task force), enter a ship's values, target an escort, the
    /// first round's end, surface gunnery (loner), the end of combat.
    fn main_decision(&self, c: &Combat) -> Decision<SwAction> {
        let mut choices = Vec::new();
        if !c.is_loner() {
            let (_, rule) = self.ask("revealed_counter");
            for r in Revealed::ALL {
                let label = match r {
                    Revealed::DiligentEscort => "A Diligent Escort: draw from the DD pile [3.1C]".to_string(),
                    r if r.is_auxiliary() => {
                        format!("A Japanese auxiliary {}: draw from the AX pile [3.1B]", r.label())
                    }
                    r => {
                        let pile = self.data.combat.draw_from(r).unwrap_or(PileId::DD);
                        format!("A Japanese {}: draw from the {pile} pile [3.1A]", r.label())
                    }
                };
                choices.push(choice(
                    SwAction::Reveal {
                        shown: Shown::Counter(r),
                        sw_values: None,
                    },
                    label,
                    &rule,
                ));
            }
            for n in &self.data.combat.named_sw_counters {
                choices.push(choice(
                    SwAction::Reveal {
                        shown: Shown::Named(named_id(&n.sw_counter)),
                        sw_values: None,
                    },
                    format!("The SW Set's {}: only a {} [3.3]", n.sw_counter, n.treated_as),
                    "3.3",
                ));
            }
            for (shown, label, rule) in [
                (Shown::Merchant, "A merchant: nothing to replace", "3.1"),
                (Shown::Aircraft, "An aircraft", "6.1"),
                (Shown::CombatEvent, "A Combat Event", "5.1"),
                (Shown::Other, "Anything else", "3.1"),
            ] {
                choices.push(choice(
                    SwAction::Reveal {
                        shown,
                        sw_values: None,
                    },
                    label,
                    rule,
                ));
            }
        }
        for s in &c.ships {
            if self.values_of(s.index).is_none() {
                let ship = self.ship(s.index);
                choices.push(choice(
                    SwAction::EnterValues {
                        counter: ship.id.clone(),
                    },
                    format!("Enter {ship}'s printed values"),
                    "3.1A",
                ));
            }
        }
        if let Kind::Loner(l) = &c.kind
            && !c.gunnery
            && l.is != Some(LonerIs::Warship)
            && l.is.is_some()
        {
            let (_, rule) = self.ask("surface_gunnery");
            choices.push(choice(
                SwAction::SurfaceGunnery,
                "Invoke Surface Gunnery Combat (Combat Event #1) against the loner",
                &rule,
            ));
        }
        if self.targeting_forbidden(c).is_none() {
            choices.push(choice(
                SwAction::Target,
                "Target an escort in this first attack round",
                "6.0",
            ));
        }
        if !c.first_round_over {
            choices.push(choice(
                SwAction::FirstRoundOver,
                "The first attack round is over",
                "6.0",
            ));
        }
        choices.push(choice(
            SwAction::EndCombat,
            "End the combat: what became of the IJN ships",
            "3.1",
        ));
        let shown: Vec<String> = c.ships.iter().map(|s| self.ship(s.index).name).collect();
        let what = if c.is_loner() {
            "Loner combat"
        } else {
            "Combat Phase"
        };
        Decision::new(
            format!(
                "{what} · IJN ships on the display: {}",
                if shown.is_empty() {
                    "none".into()
                } else {
                    shown.join(", ")
                }
            ),
            if c.is_loner() {
                "4.3 Combat Procedure"
            } else {
                "3.1"
            },
            choices,
        )
    }

    fn values_decision(&self, c: &Combat, v: &ValuesStep) -> Decision<SwAction> {
        let ship = c
            .ships
            .get(v.ship)
            .map(|s| self.ship(s.index))
            .unwrap_or_default_ship();
        let (prompt, rule) = self.ask("counter_values");
        let why = c.ships.get(v.ship).map_or("", |s| self.why_values(s));
        match v.defense {
            None => Decision::new(
                format!("{ship}: {prompt} {why} First its defence (or 'values D-A'):"),
                rule.clone(),
                digits(
                    |n| SwAction::Defense { value: n },
                    |n| format!("Defence {n}"),
                    &rule,
                ),
            ),
            Some(d) => Decision::new(
                format!("{ship}: defence {d}; and its ASW?"),
                rule.clone(),
                digits(|n| SwAction::Asw { value: n }, |n| format!("ASW {n}"), &rule),
            ),
        }
    }

    /// Why the companion asks the printed values of a counter it drew itself: only the owner's counter
    /// prints them (the data holds none until an override gives them), and this ship's are needed now.
    fn why_values(&self, s: &OnDisplay) -> &'static str {
        let counter = self.counter(s.index);
        if s.diligent {
            "Only your counter prints them, and a Diligent Escort fights with its ASW raised [3.1C]."
        } else if counter.is_some_and(|x| x.aircraft_symbol) {
            "Only your counter prints them, and an aircraft capable ship's ASW counts as an aircraft's [3.2]."
        } else if counter.is_some_and(|x| x.id.starts_with(super::replacement::PLAYERS_OWN)) {
            "The counter is new to Periscope: its values are kept for the rest of the campaign."
        } else {
            "Only your counter prints them: Periscope then shows the values it fights with."
        }
    }

    pub(crate) fn combat_step(
        &mut self,
        mut c: Combat,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let step = std::mem::replace(&mut c.step, Step::Main);
        match (step, action) {
            (Step::Boat { dive }, SwAction::Boat { same }) => {
                if !same {
                    self.boat = super::Boat::default();
                }
                c.boat_checked = true;
                c.step = match (dive, &c.kind) {
                    (Some((trigger, then)), _) => match self.dive_start(trigger, then, ev) {
                        Some(d) => Step::Dive(d),
                        None if then == After::EndLoner => {
                            self.finish_combat(c, ev);
                            return Ok(());
                        }
                        None => Step::Main,
                    },
                    (None, Kind::TaskForce) => Step::Main,
                    (None, Kind::Loner(_)) => self.loner_first_step(),
                };
            }
            (Step::Main, action) => return self.main_step(c, action, ev),
            (Step::Replace(r), action) => return self.replacement_step(c, r, action, ev),
            (Step::Values(v), action) => return self.values_step(c, v, action, ev),
            (Step::WhichEvent { then }, SwAction::Event { event }) => {
                return self.combat_event(c, event, then, ev);
            }
            (Step::Dive(d), action) => return self.dive_step(c, d, action, ev),
            (Step::Target(t), action) => return self.targeting_step(c, t, action, ev),
            (Step::Fates { next }, SwAction::Fate { fate }) => return self.fate(c, next, fate, ev),
            (Step::Repair(r), action) => return self.repair_step(c, r, action, ev),
            (Step::Loner(l), action) => return self.loner_step(c, l, action, ev),
            (step, action) => {
                c.step = step;
                self.phase = Phase::Combat(Box::new(c));
                return Err(self.not_now(&action));
            }
        }
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }

    fn main_step(&mut self, mut c: Combat, action: SwAction, ev: &mut Vec<SwEvent>) -> Result<(), SwError> {
        let refuse = |me: &mut Companion, c: Combat, action: &SwAction| {
            me.phase = Phase::Combat(Box::new(c));
            Err(me.not_now(action))
        };
        match action {
            SwAction::Reveal { shown, sw_values } if !c.is_loner() => match shown {
                Shown::Counter(r) => {
                    let r = Replacement::new(&self.data, Shown::Counter(r), sw_values);
                    return self.begin_draw(c, r, ev);
                }
                Shown::Named(id) => {
                    let Some(n) = self
                        .data
                        .combat
                        .named_sw_counters
                        .iter()
                        .find(|n| named_id(&n.sw_counter) == id)
                    else {
                        return refuse(
                            self,
                            c,
                            &SwAction::Reveal {
                                shown: Shown::Named(id),
                                sw_values,
                            },
                        );
                    };
                    ev.push(SwEvent::note(
                        "3.3",
                        format!(
                            "The SW Set's {} stands only for its class: a {}",
                            n.sw_counter, n.treated_as
                        ),
                    ));
                    let r = Replacement::new(&self.data, Shown::Named(id), sw_values);
                    return self.begin_draw(c, r, ev);
                }
                Shown::Merchant | Shown::Other => {
                    ev.push(SwEvent::note(
                        "3.1",
                        "Not a Japanese warship or auxiliary: the IJN Set has nothing to replace",
                    ));
                    if c.targeting == Targeted::Unrevealed {
                        c.targeting = Targeted::Chosen { ship: None };
                        ev.push(SwEvent::note(
                            "6.0",
                            "The target fired at is not an escort: no escort's ASW is left out",
                        ));
                    }
                }
                Shown::Aircraft => {
                    c.aircraft_revealed = true;
                    self.restriction_arises(&mut c, 'c', "An aircraft is revealed", ev);
                }
                Shown::CombatEvent => c.step = Step::WhichEvent { then: After::Main },
            },
            SwAction::Column { cup } => {
                if let Some(s) = c.ships.last_mut().filter(|s| s.cup.is_none()) {
                    s.cup = Some(cup);
                    let sw = s.sw.clone();
                    ev.push(SwEvent::note(
                        "3.1 Reminder",
                        format!("The SW {sw} goes back to cup {cup} at the end of combat"),
                    ));
                } else {
                    return refuse(self, c, &SwAction::Column { cup });
                }
            }
            SwAction::EnterValues { counter } => {
                let Some(pos) = c
                    .ships
                    .iter()
                    .position(|s| self.counter(s.index).is_some_and(|x| x.answers_to(&counter)))
                else {
                    return refuse(self, c, &SwAction::EnterValues { counter });
                };
                c.step = Step::Values(ValuesStep {
                    ship: pos,
                    defense: None,
                    then_dive: false,
                });
            }
            SwAction::SurfaceGunnery if c.is_loner() && !c.gunnery => {
                let warship = matches!(&c.kind, Kind::Loner(l) if l.is == Some(LonerIs::Warship));
                if warship {
                    return refuse(self, c, &SwAction::SurfaceGunnery);
                }
                c.gunnery = true;
                ev.push(SwEvent::note(
                    "4.3 Combat Procedure",
                    "Surface Gunnery Combat (Combat Event #1) invoked against the loner: resolve it with the base game [SW19.2]",
                ));
            }
            SwAction::Target => {
                if let Some(e) = self.targeting_forbidden(&c) {
                    self.phase = Phase::Combat(Box::new(c));
                    return Err(e);
                }
                c.step = Step::Target(Targeting::start(&c));
            }
            SwAction::FirstRoundOver if !c.first_round_over => {
                c.first_round_over = true;
                ev.push(SwEvent::note(
                    "6.0",
                    "The first attack round is over: re-attacks cannot target an escort",
                ));
            }
            SwAction::EndCombat => {
                if c.ships.is_empty() {
                    self.finish_combat(c, ev);
                    return Ok(());
                }
                c.step = Step::Fates { next: 0 };
            }
            other => return refuse(self, c, &other),
        }
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }

    fn values_step(
        &mut self,
        mut c: Combat,
        mut v: ValuesStep,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let values = match (v.defense, action) {
            (None, SwAction::Defense { value }) => {
                v.defense = Some(value);
                c.step = Step::Values(v);
                self.phase = Phase::Combat(Box::new(c));
                return Ok(());
            }
            (None, SwAction::Values { values }) => values,
            (Some(defense), SwAction::Asw { value }) => CounterValues { defense, asw: value },
            (_, other) => {
                c.step = Step::Values(v);
                self.phase = Phase::Combat(Box::new(c));
                return Err(self.not_now(&other));
            }
        };
        if let Some(s) = c.ships.get(v.ship) {
            let id = self.ship(s.index).id;
            self.entered.insert(id, values);
            self.fights_as(&c, v.ship, ev);
        }
        c.step = Step::Main;
        if v.then_dive {
            c.step = self.dive_or_main(&c, Trigger::DiligentEscort, After::Main, ev);
        }
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }

    /// The values a ship on the display fights with this Combat Phase, once they are known: the IJN
    /// counter's [3.1A] [3.1B], a Diligent Escort's ASW +3 capped at 6 [3.1C], and what an aircraft
    /// capable ship counts for [3.2].
    pub(crate) fn fights_as(&self, c: &Combat, pos: usize, ev: &mut Vec<SwEvent>) {
        let Some(s) = c.ships.get(pos) else {
            return;
        };
        let Some(printed) = self.values_of(s.index) else {
            return;
        };
        let de = &self.data.combat.diligent_escort;
        let (used, rule) = if s.diligent {
            (de.values(printed), "3.1C")
        } else if s.auxiliary {
            (printed, "3.1B")
        } else {
            (printed, "3.1A")
        };
        let mut note = String::new();
        if s.diligent {
            note.push_str(&format!(
                ": ASW +{} as a Diligent Escort, never above {}, defence unchanged",
                de.asw_bonus, de.asw_cap
            ));
        } else {
            note.push_str(", re-attacks and Super Skipper re-attacks included");
        }
        if self.counter(s.index).is_some_and(|x| x.aircraft_symbol) {
            if printed.asw > 0 {
                note.push_str(&format!(
                    "; aircraft capable: its ASW {} counts as an aircraft's for the revealed escort level and the counterattack [3.2]",
                    printed.asw
                ));
            } else {
                note.push_str(&format!(
                    "; aircraft capable with ASW 0: nothing toward the revealed escort level, an aircraft ASW of {} in the counterattack [3.2]",
                    self.data.combat.aircraft_capable.zero_asw_counterattack_value
                ));
            }
        }
        ev.push(SwEvent::FightsAs {
            ship: self.ship(s.index),
            printed,
            used,
            sw_values: s.sw_values,
            rule: rule.into(),
            note,
        });
    }

    /// A Combat Event came up: recorded for [6.1] d, and a crash dive offered for the two of [5.1].
    fn combat_event(
        &mut self,
        mut c: Combat,
        event: String,
        then: After,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let label = self
            .data
            .questions
            .question("combat_event")
            .and_then(|q| q.answer.choices().iter().find(|o| o.id == event))
            .map(|o| o.label.clone());
        let Some(label) = label else {
            c.step = Step::WhichEvent { then };
            self.phase = Phase::Combat(Box::new(c));
            return Err(self.not_now(&SwAction::Event { event }));
        };
        ev.push(SwEvent::note("SW19.2", format!("Combat Event: {label}")));
        c.events.push(event.clone());
        if self
            .data
            .targeting
            .restriction('d')
            .is_some_and(|d| d.events.contains(&event))
        {
            self.restriction_arises(&mut c, 'd', &format!("Combat Event {label}"), ev);
        }
        let trigger = match event.as_str() {
            "circular_running_torpedo" => Some(Trigger::CircularRunningTorpedo),
            "betty_bomber_spots_submarine" => Some(Trigger::BettyBomber),
            _ => None,
        };
        c.step = match trigger {
            Some(t) => self.dive_or_main(&c, t, then, ev),
            None => Step::Main,
        };
        if then == After::EndLoner && c.step == Step::Main {
            self.finish_combat(c, ev);
            return Ok(());
        }
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }

    /// [3.4] [3.5] [3.6] What became of one IJN ship; then the next, then the end of combat.
    fn fate(&mut self, mut c: Combat, next: usize, fate: Fate, ev: &mut Vec<SwEvent>) -> Result<(), SwError> {
        let Some(s) = c.ships.get(next).cloned() else {
            self.finish_combat(c, ev);
            return Ok(());
        };
        let ship = self.ship(s.index);
        let targeted = c.targeting == Targeted::Chosen { ship: Some(next) };
        if targeted && fate != Fate::Undamaged {
            ev.push(SwEvent::note(
                "6.0",
                format!("{ship} was the targeted escort: its ASW is not used in the counterattack round"),
            ));
        }
        match fate {
            Fate::Undamaged => {
                self.return_to_pile(s.index);
                ev.push(SwEvent::BackToPile {
                    ship,
                    pile: self
                        .counter(s.index)
                        .map_or(String::new(), |x| x.pile.to_string()),
                });
            }
            Fate::Sunk => {
                let tonnage = self.counter(s.index).map_or(0, |x| x.tonnage);
                self.set_place(s.index, super::Place::Sunk);
                self.credited += u64::from(tonnage);
                ev.push(SwEvent::Sunk { ship, tonnage });
            }
            Fate::Damaged => {
                self.remind("damage_base_rules", ev);
                if let Some(step) = self.damage(&mut c, next, ev) {
                    c.step = step;
                    self.phase = Phase::Combat(Box::new(c));
                    return Ok(());
                }
            }
        }
        self.next_fate(c, next + 1, ev);
        Ok(())
    }

    /// Asks the next ship's fate, or ends the combat.
    pub(crate) fn next_fate(&mut self, mut c: Combat, next: usize, ev: &mut Vec<SwEvent>) {
        if next < c.ships.len() {
            c.step = Step::Fates { next };
            self.phase = Phase::Combat(Box::new(c));
        } else {
            self.finish_combat(c, ev);
        }
    }

    /// The end of combat: SW counters back to their cups and IJN ships to their piles [3.1 Reminder], a
    /// Diligent Escort's counter back to its cup [3.1C], the loner's Endurance Check [4.3 Combat Procedure].
    pub(crate) fn finish_combat(&mut self, c: Combat, ev: &mut Vec<SwEvent>) {
        self.remind("return_sw_counters", ev);
        for s in c.ships.iter().filter(|s| s.diligent) {
            let cup = s
                .cup
                .map_or("the cup it came from".to_string(), |c| format!("cup {c}"));
            ev.push(SwEvent::note(
                "3.1C",
                format!(
                    "The Diligent Escort counter beside {} goes back to {cup}",
                    self.ship(s.index)
                ),
            ));
        }
        if let Kind::Loner(l) = &c.kind
            && l.fought()
        {
            self.remind("loner_endurance", ev);
        }
        self.phase = Phase::Turn;
    }

    pub(crate) fn combat_roll(
        &mut self,
        c: Combat,
        throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match (&c.step, throw) {
            (Step::Dive(_), Throw::CrashDive) => self.dive_roll(c, faces, ev),
            (Step::Repair(_), Throw::Repair) => self.repair_roll(c, faces, ev),
            (Step::Loner(_), Throw::Placement | Throw::LonerEvent) => self.loner_roll(c, throw, faces, ev),
            _ => {
                self.phase = Phase::Combat(Box::new(c));
                Err(SwError::Refused(Refused::Data(format!(
                    "a {throw:?} roll the combat does not wait for"
                ))))
            }
        }
    }
}

/// The id of a named SW counter in actions: `CV Kaga` → `cv_kaga`.
pub(crate) fn named_id(sw_counter: &str) -> String {
    let words: Vec<String> = sw_counter
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(2)
        .map(str::to_ascii_lowercase)
        .collect();
    words.join("_")
}

/// A ship for a decision whose ship has gone (cannot happen; keeps the wording safe).
trait OrDefaultShip {
    fn unwrap_or_default_ship(self) -> super::Ship;
}

impl OrDefaultShip for Option<super::Ship> {
    fn unwrap_or_default_ship(self) -> super::Ship {
        self.unwrap_or(super::Ship {
            id: String::new(),
            name: "the ship".into(),
        })
    }
}

/// The yes and no choices of a question, for the steps inside a combat.
pub(crate) fn answer(question: (String, String), yes: &str, no: &str) -> Decision<SwAction> {
    let (prompt, rule) = question;
    let choices: Vec<Choice<SwAction>> = yes_no(yes, no, &rule);
    Decision::new(prompt, rule, choices)
}
