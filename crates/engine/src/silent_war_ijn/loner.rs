//! A loner's set-up and reveal [4.2] [4.3]: the counter from the War Period's cup in that cup's column,
//! the submarine placed by one die less its Super Skipper rating against its tactical rating (same column,
//! or an adjacent one the player picks), then the target revealed: a Combat Event applies only on a 3 or 4
//! of its roll, an aircraft makes one counterattack round, a merchant is fought, a Japanese warship or
//! auxiliary is first replaced from the IJN Set [3.1]; the fight itself follows [4.3 Combat Procedure].

use periscope_data::silent_war_ijn::combat::Revealed;
use periscope_data::silent_war_ijn::procedures::{Cup, LonerEvent};
use periscope_data::silent_war_ijn::ships::PileId;

use super::combat::{After, Combat, Kind, Step, named_id};
use super::replacement::Replacement;
use super::{Companion, LonerIs, Phase, Shown, SwAction, SwError, SwEvent, Throw, choice, digits};
use crate::machine::{Decision, Rules, Wait};
use crate::roll::Modifier;

/// A loner's own state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LonerState {
    /// The cup it came from, and so its column [4.2 Target].
    pub cup: Cup,
    pub sub_column: Option<Cup>,
    pub is: Option<LonerIs>,
    /// A ship is fought (the combat procedure, with its Endurance Check) [4.3 Combat Procedure].
    pub fighting: bool,
}

impl LonerState {
    pub(crate) fn new(cup: Cup) -> Self {
        LonerState {
            cup,
            sub_column: None,
            is: None,
            fighting: false,
        }
    }

    pub(crate) fn fought(&self) -> bool {
        self.fighting || self.is == Some(LonerIs::Merchant)
    }
}

/// A loner's set-up steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LonerStep {
    Tactical,
    Skipper,
    Placement,
    /// Which of the two adjacent columns.
    Adjacent {
        options: Vec<Cup>,
    },
    Is,
    WarshipType,
    AuxType,
    EventRoll,
}

fn loner_of(c: &Combat) -> Option<&LonerState> {
    match &c.kind {
        Kind::Loner(l) => Some(l),
        Kind::TaskForce => None,
    }
}

impl Companion {
    /// The placement's first step for what the companion knows of the boat [4.2 Submarine].
    pub(crate) fn loner_first_step(&self) -> Step {
        Step::Loner(if self.boat.tactical.is_none() {
            LonerStep::Tactical
        } else if self.boat.super_skipper.is_none() {
            LonerStep::Skipper
        } else {
            LonerStep::Placement
        })
    }

    pub(crate) fn loner_wait(&self, c: &Combat, l: &LonerStep) -> Wait<SwAction, Throw> {
        let cup = loner_of(c).map_or(Cup::A, |l| l.cup);
        match l {
            LonerStep::Tactical => {
                let (prompt, rule) = self.ask("tactical_rating");
                Wait::Decide(Decision::new(
                    prompt,
                    rule.clone(),
                    digits(
                        |n| SwAction::Tactical { rating: n },
                        |n| format!("Tactical rating {n}"),
                        &rule,
                    ),
                ))
            }
            LonerStep::Skipper => {
                let (prompt, rule) = self.ask("super_skipper");
                Wait::Decide(Decision::new(
                    prompt,
                    rule.clone(),
                    digits(
                        |n| SwAction::Skipper { rating: n },
                        |n| {
                            if n == 0 {
                                "0: no Super Skipper".into()
                            } else {
                                format!("Super Skipper {n}")
                            }
                        },
                        &rule,
                    ),
                ))
            }
            LonerStep::Placement => Wait::Roll(Throw::Placement),
            LonerStep::Adjacent { options } => {
                let (prompt, rule) = self.ask("adjacent_column");
                Wait::Decide(Decision::new(
                    format!("The loner is in column {cup}. {prompt}"),
                    rule.clone(),
                    options
                        .iter()
                        .map(|o| choice(SwAction::Column { cup: *o }, format!("Column {o}"), &rule))
                        .collect(),
                ))
            }
            LonerStep::Is => {
                let (prompt, rule) = self.ask("loner_revealed");
                let choices = self
                    .data
                    .questions
                    .question("loner_revealed")
                    .map(|q| q.answer.choices().to_vec())
                    .unwrap_or_default();
                let label = |kind: LonerIs| {
                    let id = match kind {
                        LonerIs::Merchant => "merchant",
                        LonerIs::Warship => "japanese_warship",
                        LonerIs::Auxiliary => "japanese_auxiliary",
                        LonerIs::Aircraft => "aircraft",
                        LonerIs::CombatEvent => "combat_event",
                    };
                    choices
                        .iter()
                        .find(|o| o.id == id)
                        .map_or(kind.word().to_string(), |o| o.label.clone())
                };
                Wait::Decide(Decision::new(
                    prompt,
                    rule.clone(),
                    LonerIs::ALL
                        .into_iter()
                        .map(|k| choice(SwAction::LonerIs { kind: k }, label(k), &rule))
                        .collect(),
                ))
            }
            LonerStep::WarshipType | LonerStep::AuxType => {
                let aux = *l == LonerStep::AuxType;
                let (prompt, rule) = self.ask("revealed_counter");
                let mut choices: Vec<_> = Revealed::ALL
                    .into_iter()
                    .filter(|r| r.is_auxiliary() == aux)
                    .map(|r| {
                        choice(
                            SwAction::Reveal {
                                shown: Shown::Counter(r),
                                sw_values: None,
                            },
                            r.label().to_string(),
                            &rule,
                        )
                    })
                    .collect();
                for n in &self.data.combat.named_sw_counters {
                    if (n.treated_as == PileId::AX) == aux {
                        choices.push(choice(
                            SwAction::Reveal {
                                shown: Shown::Named(named_id(&n.sw_counter)),
                                sw_values: None,
                            },
                            format!("The SW Set's {}: only a {} [3.3]", n.sw_counter, n.treated_as),
                            "3.3",
                        ));
                    }
                }
                Wait::Decide(Decision::new(prompt, rule, choices))
            }
            LonerStep::EventRoll => Wait::Roll(Throw::LonerEvent),
        }
    }

    pub(crate) fn loner_step(
        &mut self,
        mut c: Combat,
        l: LonerStep,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let cup = loner_of(&c).map_or(Cup::A, |l| l.cup);
        match (&l, action) {
            (LonerStep::Tactical, SwAction::Tactical { rating }) if rating <= 9 => {
                self.boat.tactical = Some(rating);
                c.boat_checked = true;
                c.step = self.loner_first_step();
            }
            (LonerStep::Skipper, SwAction::Skipper { rating }) if rating <= 9 => {
                self.boat.super_skipper = Some(rating);
                c.boat_checked = true;
                c.step = self.loner_first_step();
            }
            (LonerStep::Adjacent { options }, SwAction::Column { cup: col }) if options.contains(&col) => {
                self.sub_placed(&mut c, col, ev);
            }
            (LonerStep::Is, SwAction::LonerIs { kind }) => {
                if let Kind::Loner(s) = &mut c.kind {
                    s.is = Some(kind);
                }
                match kind {
                    LonerIs::Merchant => {
                        self.remind("loner_reattacks", ev);
                        c.step = Step::Main;
                    }
                    LonerIs::Warship => c.step = Step::Loner(LonerStep::WarshipType),
                    LonerIs::Auxiliary => c.step = Step::Loner(LonerStep::AuxType),
                    LonerIs::Aircraft => {
                        ev.push(SwEvent::note(
                            "4.3",
                            "An aircraft (not an aircraft capable ship): it makes one counterattack round, then combat ends",
                        ));
                        self.finish_combat(c, ev);
                        return Ok(());
                    }
                    LonerIs::CombatEvent => c.step = Step::Loner(LonerStep::EventRoll),
                }
            }
            (LonerStep::WarshipType | LonerStep::AuxType, SwAction::Reveal { shown, sw_values }) => {
                let aux = l == LonerStep::AuxType;
                let fits = match &shown {
                    Shown::Counter(r) => r.is_auxiliary() == aux,
                    Shown::Named(id) => self
                        .data
                        .combat
                        .named_sw_counters
                        .iter()
                        .any(|n| named_id(&n.sw_counter) == *id && (n.treated_as == PileId::AX) == aux),
                    _ => false,
                };
                if !fits {
                    c.step = Step::Loner(l);
                    self.phase = Phase::Combat(Box::new(c));
                    return Err(self.not_now(&SwAction::Reveal { shown, sw_values }));
                }
                self.remind("loner_reattacks", ev);
                let r = Replacement::new(&self.data, shown, sw_values).in_column(cup);
                return self.begin_draw(c, r, ev);
            }
            (l, other) => {
                c.step = Step::Loner(l.clone());
                self.phase = Phase::Combat(Box::new(c));
                return Err(self.not_now(&other));
            }
        }
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }

    fn sub_placed(&self, c: &mut Combat, col: Cup, ev: &mut Vec<SwEvent>) {
        if let Kind::Loner(s) = &mut c.kind {
            s.sub_column = Some(col);
        }
        ev.push(SwEvent::note(
            "4.2 Submarine",
            format!("Place the submarine in column {col}"),
        ));
        c.step = Step::Loner(LonerStep::Is);
    }

    pub(crate) fn loner_roll(
        &mut self,
        mut c: Combat,
        throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let cup = loner_of(&c).map_or(Cup::A, |l| l.cup);
        match throw {
            Throw::Placement => {
                // [4.2 Submarine] One die less the Super Skipper value, against the tactical rating.
                let skipper = self.boat.super_skipper.unwrap_or(0);
                let tactical = i32::from(self.boat.tactical.unwrap_or(0));
                let mut mods = Vec::new();
                if skipper > 0 {
                    mods.push(Modifier::new(
                        -i32::from(skipper),
                        "Super Skipper",
                        "4.2 Submarine",
                    ));
                }
                let preview = crate::roll::RollRecord::new(
                    "Loner placement",
                    "4.2 Submarine",
                    super::DIE,
                    faces.clone(),
                    mods.clone(),
                    (0, 9),
                );
                let same = preview.result <= tactical;
                let outcome = if same {
                    format!("at most the tactical rating {tactical}: the same column as the loner ({cup})")
                } else {
                    format!("above the tactical rating {tactical}: a column next to the loner's ({cup})")
                };
                self.roll_record("Loner placement", "4.2 Submarine", faces, mods, outcome, ev);
                if same {
                    self.sub_placed(&mut c, cup, ev);
                } else {
                    let options = cup.adjacent();
                    match options.as_slice() {
                        [only] => {
                            let only = *only;
                            self.sub_placed(&mut c, only, ev);
                        }
                        _ => c.step = Step::Loner(LonerStep::Adjacent { options }),
                    }
                }
            }
            Throw::LonerEvent => {
                // [4.3] Only a 3 or 4 applies the event.
                let face = i32::from(faces.first().copied().unwrap_or(0));
                let applies = self
                    .data
                    .loners
                    .combat_event
                    .lookup(face)
                    .is_some_and(|r| r.result == LonerEvent::Event);
                let outcome = if applies {
                    "the event applies: read this roll on your Combat Events table [SW19.2]".to_string()
                } else {
                    "no event: only a 3 or 4 applies a loner's Combat Event".to_string()
                };
                self.roll_record("Loner Combat Event", "4.3", faces, vec![], outcome, ev);
                if applies {
                    c.step = Step::WhichEvent {
                        then: After::EndLoner,
                    };
                } else {
                    self.finish_combat(c, ev);
                    return Ok(());
                }
            }
            _ => {}
        }
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }
}
