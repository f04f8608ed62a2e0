//! Replacing a revealed SW counter [3.1]: a Japanese warship by a random IJN ship of its class (a DE from
//! the DD pile) [3.1A], an auxiliary by one of the AX pile [3.1B], a Diligent Escort by one of the DD pile
//! that keeps its SW counter beside it [3.1C], a named SW counter as its class only [3.3]. An empty pile
//! draws nothing [3.41*] (the AX pile's exception [3.42*]); Oyodo, the Yamato class and Michel are met
//! only in their waters or as a loner [3.7]. The player drawing from the physical pile names the counter
//! that came up; when Periscope's data says it is not in the pile (its dates, an event, or a counter the
//! data does not have) the player's counter decides, once confirmed, and the correction is kept.

use periscope_data::silent_war_ijn::IjnData;
use periscope_data::silent_war_ijn::combat::{CounterValues, Revealed};
use periscope_data::silent_war_ijn::procedures::{Cup, Trigger};
use periscope_data::silent_war_ijn::ships::{Counter, NameColour, PileId, SpecialRule};
use periscope_data::{Month, Provenance};

use super::combat::{After, Combat, Kind, OnDisplay, Step, ValuesStep, answer, named_id};
use super::targeting::Targeted;
use super::{Companion, Phase, Place, Shown, SwAction, SwError, SwEvent, choice};
use crate::machine::{Decision, Rules};

/// How the id of a counter the player added at the table begins (`player_kinai_maru`).
pub(crate) const PLAYERS_OWN: &str = "player_";

/// The empty pile's questions [3.41*].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Depletion {
    /// Was a TDC marker on the target?
    Tdc,
    /// Is there another unit with a TDC marker to take its attack points?
    Reallocate,
}

/// Where a replacement stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RStep {
    /// The player draws: which counter came up (`redraw`: Michel's replacement, without her).
    Draw {
        redraw: bool,
    },
    /// The counter named is not in the pile by Periscope's data (`index`), or not in its data at all
    /// (`None`: the name is [`Replacement::named`]): take it anyway?
    Disagree {
        redraw: bool,
        index: Option<usize>,
    },
    /// A counter new to Periscope: its tonnage, as its counter prints it [3.6].
    Tonnage,
    Depleted(Depletion),
    /// The sea area, for Oyodo or the Yamato class [3.7].
    Area {
        index: usize,
    },
    /// Does [SW30.1] allow the Yamato-class ship here? [3.7 Yamato class]
    Sw30 {
        index: usize,
    },
    /// A ship not met: was a TDC marker on it? (then Michel's redraw).
    Tdc {
        redraw: bool,
    },
}

/// A revealed SW counter being replaced.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Replacement {
    /// The SW counter as the player reads it (`DD`, `CV Kaga`).
    sw: String,
    pile: PileId,
    diligent: bool,
    /// An auxiliary, replaced from the AX pile [3.1B] (and kept when it is empty [3.42*]).
    auxiliary: bool,
    sw_values: Option<CounterValues>,
    cup: Option<Cup>,
    /// The name of a drawn counter Periscope's data does not have.
    named: Option<String>,
    step: RStep,
}

impl Replacement {
    pub(crate) fn new(data: &IjnData, shown: Shown, sw_values: Option<CounterValues>) -> Self {
        let (sw, pile, diligent, auxiliary) = match &shown {
            Shown::Counter(r) => (
                r.label().to_string(),
                data.combat.draw_from(*r).unwrap_or(PileId::DD),
                *r == Revealed::DiligentEscort,
                r.is_auxiliary(),
            ),
            Shown::Named(id) => {
                let n = data
                    .combat
                    .named_sw_counters
                    .iter()
                    .find(|n| named_id(&n.sw_counter) == *id);
                let pile = n.map_or(PileId::BB, |n| n.treated_as);
                (
                    n.map_or(id.clone(), |n| n.sw_counter.clone()),
                    pile,
                    false,
                    pile == PileId::AX,
                )
            }
            _ => (String::new(), PileId::DD, false, false),
        };
        Replacement {
            sw,
            pile,
            diligent,
            auxiliary,
            sw_values,
            cup: None,
            named: None,
            step: RStep::Draw { redraw: false },
        }
    }

    /// A loner's replacement: its column is the loner's cup [4.2 Target].
    pub(crate) fn in_column(mut self, cup: Cup) -> Self {
        self.cup = Some(cup);
        self
    }

    /// The typed actions of this step: the counter drawn (and, never asked, the SW counter's column),
    /// a new counter's tonnage.
    pub(crate) fn takes_typed(&self, action: &SwAction) -> bool {
        match action {
            SwAction::Drew { .. } | SwAction::Column { .. } => matches!(self.step, RStep::Draw { .. }),
            SwAction::Tons { .. } => self.step == RStep::Tonnage,
            _ => false,
        }
    }

    /// The pile the replacement is drawn from.
    pub(crate) fn pile(&self) -> PileId {
        self.pile
    }
}

impl Companion {
    pub(crate) fn replacement_decision(&self, r: &Replacement) -> Decision<SwAction> {
        match r.step {
            RStep::Draw { redraw } => {
                let members = if redraw {
                    self.drawable(r.pile, true)
                } else {
                    self.pile(r.pile)
                };
                let rule = rule_of(r);
                Decision::new(
                    format!(
                        "Draw a counter from your {} pile for the SW {}: which one came up?",
                        r.pile, r.sw
                    ),
                    rule,
                    members
                        .into_iter()
                        .map(|i| {
                            let ship = self.ship(i);
                            choice(
                                SwAction::Drew {
                                    counter: ship.id.clone(),
                                },
                                format!("I drew {ship}"),
                                rule,
                            )
                        })
                        .collect(),
                )
            }
            RStep::Disagree { index, .. } => self.disagree_decision(r, index),
            RStep::Tonnage => {
                let name = r.named.clone().unwrap_or_default();
                Decision::new(
                    format!(
                        "{} {name}: the tonnage its counter prints, in thousands of tons (tons N) — the credit if she is sunk [3.6]",
                        r.pile
                    ),
                    "3.6",
                    [1, 2, 3, 4, 5, 6, 8, 10, 15, 20]
                        .into_iter()
                        .map(|n| {
                            choice(
                                SwAction::Tons { thousands: n },
                                format!("{n} thousand tons"),
                                "3.6",
                            )
                        })
                        .collect(),
                )
            }
            RStep::Depleted(Depletion::Tdc) | RStep::Tdc { .. } => {
                answer(self.ask("tdc_on_target"), "Yes: a TDC marker was on it", "No")
            }
            RStep::Depleted(Depletion::Reallocate) => answer(
                self.ask("another_tdc_unit"),
                "Yes: its attack points go to that unit",
                "No",
            ),
            RStep::Area { index } => {
                let (prompt, rule) = self.ask("combat_area");
                let choices = self
                    .data
                    .questions
                    .question("combat_area")
                    .map(|q| {
                        q.answer
                            .choices()
                            .iter()
                            .map(|o| choice(SwAction::Area { area: o.id.clone() }, o.label.clone(), &rule))
                            .collect()
                    })
                    .unwrap_or_default();
                Decision::new(format!("{} was drawn. {prompt}", self.ship(index)), rule, choices)
            }
            RStep::Sw30 { index } => {
                let (prompt, rule) = self.ask("sw30_1_allows");
                Decision::new(
                    format!(
                        "{} is in her waters for {}. {prompt}",
                        self.ship(index),
                        self.calendar.month.long()
                    ),
                    rule.clone(),
                    super::yes_no("Yes: she is met here", "No: she cannot be met here", &rule),
                )
            }
        }
    }

    pub(crate) fn replacement_step(
        &mut self,
        mut c: Combat,
        mut r: Replacement,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match (r.step, action) {
            (RStep::Draw { .. }, SwAction::Column { cup }) => {
                r.cup = Some(cup);
                c.step = Step::Replace(r);
            }
            (RStep::Draw { redraw }, SwAction::Drew { counter }) => {
                let members = if redraw {
                    self.drawable(r.pile, true)
                } else {
                    self.pile(r.pile)
                };
                let index = match self.named_in(&counter, r.pile, &members) {
                    Ok(i) => i,
                    Err(SwError::UnknownCounter { .. }) => {
                        r.named = Some(counter.trim().to_string());
                        r.step = RStep::Disagree { redraw, index: None };
                        c.step = Step::Replace(r);
                        self.phase = Phase::Combat(Box::new(c));
                        return Ok(());
                    }
                    Err(e) => match self.disagreeing(&counter, r.pile) {
                        Some(i) => {
                            r.step = RStep::Disagree {
                                redraw,
                                index: Some(i),
                            };
                            c.step = Step::Replace(r);
                            self.phase = Phase::Combat(Box::new(c));
                            return Ok(());
                        }
                        None => {
                            c.step = Step::Replace(r);
                            self.phase = Phase::Combat(Box::new(c));
                            return Err(e);
                        }
                    },
                };
                let rule = rule_of(&r);
                self.take(index, r.pile, true, rule, ev);
                return self.after_draw(c, r, index, ev);
            }
            (RStep::Disagree { redraw, index }, SwAction::Answer { yes }) => {
                if !yes {
                    r.named = None;
                    r.step = RStep::Draw { redraw };
                    c.step = Step::Replace(r);
                } else if let Some(index) = index {
                    self.correct(index, ev);
                    let rule = rule_of(&r);
                    self.take(index, r.pile, true, rule, ev);
                    return self.after_draw(c, r, index, ev);
                } else {
                    r.step = RStep::Tonnage;
                    c.step = Step::Replace(r);
                }
            }
            (RStep::Tonnage, SwAction::Tons { thousands }) if thousands > 0 => {
                let index = self.add_counter(&r, thousands, ev);
                let rule = rule_of(&r);
                self.take(index, r.pile, true, rule, ev);
                return self.after_draw(c, r, index, ev);
            }
            (RStep::Depleted(Depletion::Tdc), SwAction::Answer { yes }) => {
                if yes {
                    ev.push(SwEvent::note(
                        "3.41*",
                        "The TDC marker on it is removed and not replaced",
                    ));
                    r.step = RStep::Depleted(Depletion::Reallocate);
                    c.step = Step::Replace(r);
                } else {
                    c.step = Step::Main;
                }
            }
            (RStep::Depleted(Depletion::Reallocate), SwAction::Answer { yes }) => {
                ev.push(SwEvent::note(
                    "3.41*",
                    if yes {
                        "The attack points allotted to it may go to that unit with a TDC marker"
                    } else {
                        "No other unit has a TDC marker: its attack points are not used"
                    },
                ));
                c.step = Step::Main;
            }
            (RStep::Area { index }, SwAction::Area { area }) => {
                c.area = Some(area);
                return self.check_waters(c, r, index, ev);
            }
            (RStep::Sw30 { index }, SwAction::Answer { yes }) => {
                if yes {
                    return self.place_ship(c, r, index, ev);
                }
                self.not_met(
                    index,
                    "3.7 Yamato class",
                    "the base game's own Yamato rule [SW30.1] does not allow her here",
                    ev,
                );
                r.step = RStep::Tdc { redraw: false };
                c.step = Step::Replace(r);
            }
            (RStep::Tdc { redraw }, SwAction::Answer { yes }) => {
                if yes {
                    ev.push(SwEvent::note("3.7", "The TDC assigned to it is lost"));
                }
                if redraw {
                    return self.redraw_for_michel(c, r, ev);
                }
                c.step = Step::Main;
            }
            (step, other) => {
                r.step = step;
                c.step = Step::Replace(r);
                self.phase = Phase::Combat(Box::new(c));
                return Err(self.not_now(&other));
            }
        }
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }

    /// The draw, once the column is known: nothing when the pile is empty [3.41*] [3.42*].
    pub(crate) fn begin_draw(
        &mut self,
        mut c: Combat,
        mut r: Replacement,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let members = self.pile(r.pile);
        if members.is_empty() {
            if r.auxiliary && r.pile == PileId::AX {
                ev.push(SwEvent::Depleted {
                    pile: r.pile.to_string(),
                    sw: r.sw.clone(),
                    rule: "3.42*".into(),
                    text: format!(
                        "The AX pile is empty: the SW {} stays and is used as in the base game, with no IJN replacement",
                        r.sw
                    ),
                });
                c.step = Step::Main;
            } else {
                let cup = r
                    .cup
                    .map_or("the cup it came from".to_string(), |c| format!("cup {c}"));
                ev.push(SwEvent::Depleted {
                    pile: r.pile.to_string(),
                    sw: r.sw.clone(),
                    rule: "3.41*".into(),
                    text: format!(
                        "The {} pile is empty: no {} is present and no IJN ship is drawn; the SW {} goes back to {cup}",
                        r.pile, r.pile, r.sw
                    ),
                });
                r.step = RStep::Depleted(Depletion::Tdc);
                c.step = Step::Replace(r);
            }
            self.phase = Phase::Combat(Box::new(c));
            return Ok(());
        }
        if self.player_draws() {
            r.step = RStep::Draw { redraw: false };
            c.step = Step::Replace(r);
            self.phase = Phase::Combat(Box::new(c));
            return Ok(());
        }
        let Some(index) = self.draw_one(&members) else {
            c.step = Step::Main;
            self.phase = Phase::Combat(Box::new(c));
            return Ok(());
        };
        let rule = rule_of(&r);
        self.take(index, r.pile, false, rule, ev);
        self.after_draw(c, r, index, ev)
    }

    /// The drawn ship's special rule, if it has one [3.7].
    fn after_draw(
        &mut self,
        mut c: Combat,
        mut r: Replacement,
        index: usize,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match self.counter(index).and_then(|x| x.special_rule) {
            Some(SpecialRule::Michel) if !c.is_loner() => {
                self.not_met(
                    index,
                    "3.7 Michel",
                    "she is met only as a loner; another AX ship is drawn in her place",
                    ev,
                );
                r.step = RStep::Tdc { redraw: true };
                c.step = Step::Replace(r);
                self.phase = Phase::Combat(Box::new(c));
                Ok(())
            }
            Some(SpecialRule::Oyodo | SpecialRule::YamatoClass) => {
                if c.area.is_some() {
                    self.check_waters(c, r, index, ev)
                } else {
                    r.step = RStep::Area { index };
                    c.step = Step::Replace(r);
                    self.phase = Phase::Combat(Box::new(c));
                    Ok(())
                }
            }
            _ => self.place_ship(c, r, index, ev),
        }
    }

    /// [3.7 Oyodo] [3.7 Yamato class] Whether the ship may be met in this area this month.
    fn check_waters(
        &mut self,
        mut c: Combat,
        mut r: Replacement,
        index: usize,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let Some(id) = self.counter(index).and_then(|x| x.special_rule) else {
            return self.place_ship(c, r, index, ev);
        };
        let case = if id == SpecialRule::Oyodo {
            "3.7 Oyodo"
        } else {
            "3.7 Yamato class"
        };
        let area = c.area.clone().unwrap_or_default();
        let month = self.calendar.month;
        let waters = self
            .data
            .special
            .rule(id)
            .and_then(|rule| rule.waters_in(month))
            .cloned();
        let allowed = waters.as_ref().is_some_and(|w| w.areas.contains(&area));
        if allowed {
            if id == SpecialRule::YamatoClass {
                r.step = RStep::Sw30 { index };
                c.step = Step::Replace(r);
                self.phase = Phase::Combat(Box::new(c));
                return Ok(());
            }
            return self.place_ship(c, r, index, ev);
        }
        let names: Vec<String> = waters
            .map(|w| {
                w.areas
                    .iter()
                    .filter_map(|a| self.data.special.area(a).map(|x| x.name.clone()))
                    .collect()
            })
            .unwrap_or_default();
        let here = self
            .data
            .special
            .area(&area)
            .map_or("this area".to_string(), |a| format!("the {}", a.name));
        let why = format!(
            "in {} she may be met only in {}, not in {here}; no ship is drawn in her place",
            month.long(),
            if names.is_empty() {
                "no waters".into()
            } else {
                names.join(", ")
            }
        );
        self.not_met(index, case, &why, ev);
        r.step = RStep::Tdc { redraw: false };
        c.step = Step::Replace(r);
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }

    /// A drawn ship that cannot be met goes back to its pile [3.7].
    fn not_met(&mut self, index: usize, case: &str, why: &str, ev: &mut Vec<SwEvent>) {
        self.return_to_pile(index);
        let ship = self.ship(index);
        let pile = self.counter(index).map_or(String::new(), |x| x.pile.to_string());
        ev.push(SwEvent::NotMet {
            text: format!("{ship} goes back to the {pile} pile: {why}"),
            ship,
            pile,
            rule: case.into(),
        });
    }

    /// [3.7 Michel] Another AX ship in her place, or none when the pile has no other.
    fn redraw_for_michel(
        &mut self,
        mut c: Combat,
        mut r: Replacement,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let members = self.drawable(PileId::AX, true);
        if members.is_empty() {
            ev.push(SwEvent::note(
                "3.7 Michel",
                "No other AX ship is left: nothing is drawn in her place",
            ));
            c.step = Step::Main;
        } else if self.player_draws() {
            r.step = RStep::Draw { redraw: true };
            c.step = Step::Replace(r);
        } else if let Some(index) = self.draw_one(&members) {
            self.take(index, PileId::AX, false, "3.7 Michel", ev);
            return self.after_draw(c, r, index, ev);
        }
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }

    /// The drawn ship takes the SW counter's place: its values are the ones used [3.1A] [3.1B]; a
    /// Diligent Escort's is raised [3.1C] and opens a crash dive [5.1].
    fn place_ship(
        &mut self,
        mut c: Combat,
        r: Replacement,
        index: usize,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let rule = rule_of(&r);
        let ship = self.ship(index);
        ev.push(SwEvent::Replaced {
            sw: r.sw.clone(),
            cup: r.cup,
            sw_values: r.sw_values,
            ship: ship.clone(),
            diligent_escort: r.diligent,
            rule: rule.into(),
        });
        c.ships.push(OnDisplay {
            index,
            cup: r.cup,
            sw: r.sw.clone(),
            sw_values: r.sw_values,
            diligent: r.diligent,
            auxiliary: r.auxiliary,
        });
        let pos = c.ships.len() - 1;
        if r.diligent {
            c.diligent_revealed = true;
            // [6.1 b] A Diligent Escort revealed: the option cannot be used, even when she is the
            // unrevealed target fired at.
            self.restriction_arises(&mut c, 'b', &format!("{ship} is a Diligent Escort"), ev);
        }
        if let Kind::Loner(l) = &mut c.kind {
            l.fighting = true;
        }
        // [6.0] The unrevealed target fired at: an escort (of the DD pile) has its ASW left out; any other
        // ship spends the option with no ASW ignored.
        if c.targeting == Targeted::Unrevealed {
            if self.counter(index).is_some_and(|x| x.pile == PileId::DD) {
                c.targeting = Targeted::Chosen { ship: Some(pos) };
                ev.push(SwEvent::EscortTargeted {
                    ship: Some(ship),
                    asw: self.values_of(index).map(|v| v.asw),
                });
            } else {
                c.targeting = Targeted::Chosen { ship: None };
                ev.push(SwEvent::note(
                    "6.0",
                    format!("The target fired at is {ship}, not an escort: no escort's ASW is left out"),
                ));
            }
        }
        let aircraft = self.counter(index).is_some_and(|x| x.aircraft_symbol);
        let known = self.values_of(index).is_some();
        if known {
            self.fights_as(&c, pos, ev);
        }
        // A counter new to Periscope has no values but the player's: asked at once.
        c.step = if !known && (r.diligent || aircraft || r.named.is_some()) {
            Step::Values(ValuesStep {
                ship: pos,
                defense: None,
                then_dive: r.diligent,
            })
        } else if r.diligent {
            self.dive_or_main(&c, Trigger::DiligentEscort, After::Main, ev)
        } else {
            Step::Main
        };
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }
}

impl Companion {
    /// A counter of this pile the player named that the data has elsewhere: removed, not yet arrived, not
    /// in this scenario, or out by the game's own record (sunk, damaged). Not one on the display, another
    /// pile's, or one the rules keep out of this draw (Michel's redraw).
    fn disagreeing(&self, name: &str, pile: PileId) -> Option<usize> {
        let i = self
            .data
            .set
            .counters
            .iter()
            .position(|c| c.pile == pile && c.answers_to(name))?;
        match self.places.get(i)? {
            Place::Pile | Place::OnDisplay => None,
            _ => Some(i),
        }
    }

    /// Why the data has a counter out of its pile, in the player's words.
    fn out_because(&self, index: usize) -> String {
        match self.places.get(index) {
            Some(Place::Awaiting { month }) => format!("it joins the pile only in {}", month.long()),
            Some(Place::RemovedByDate { month }) => format!("it left the pile in {}", month.long()),
            Some(Place::RemovedByEvent { event }) => format!(
                "it left with the War Event {}",
                self.data
                    .set
                    .event(event)
                    .map_or(event.as_str(), |e| e.name.as_str())
            ),
            Some(Place::NotInScenario) => "it is not used in this scenario [2.2]".into(),
            Some(Place::Sunk) => "this campaign has it sunk".into(),
            Some(Place::HeldOut { war_period }) => {
                format!(
                    "this campaign has it damaged, out until War Period {}",
                    war_period + 1
                )
            }
            Some(Place::InRepair { returns }) => {
                format!(
                    "this campaign has it on the repair track until {}",
                    returns.long()
                )
            }
            _ => "it is not in the pile".into(),
        }
    }

    fn disagree_decision(&self, r: &Replacement, index: Option<usize>) -> Decision<SwAction> {
        let rule = "3.1A";
        let (prompt, yes) = match index {
            Some(i) => {
                let ship = self.ship(i);
                let dated = matches!(
                    self.places.get(i),
                    Some(Place::Awaiting { .. } | Place::RemovedByDate { .. } | Place::RemovedByEvent { .. })
                );
                (
                    format!(
                        "By Periscope's data {ship} is not in the {} pile: {}. {} Take it from the pile anyway?",
                        r.pile,
                        self.out_because(i),
                        if dated {
                            "Your counter sheet disagrees with Periscope's dates, and your counter decides."
                        } else {
                            "The counter in your hand decides."
                        }
                    ),
                    format!("Yes: {ship} came up — take it, and keep the correction"),
                )
            }
            None => {
                let name = r.named.clone().unwrap_or_default();
                (
                    format!(
                        "No counter of Periscope's IJN Set is called '{name}'. Is it a counter of your {} pile?                          It is added with its printed values and kept for the rest of the campaign.",
                        r.pile
                    ),
                    format!("Yes: add {name} to the {} pile", r.pile),
                )
            }
        };
        Decision::new(
            prompt,
            rule,
            vec![
                choice(SwAction::Answer { yes: true }, yes, rule),
                choice(
                    SwAction::Answer { yes: false },
                    "No: I named the wrong counter",
                    rule,
                ),
            ],
        )
    }

    /// The player's counter decides: a counter the data had out of its pile comes back into play, and
    /// the dates that kept it out are the player's from now on (no removal date if it had left by date,
    /// no entry date if it had not arrived).
    fn correct(&mut self, index: usize, ev: &mut Vec<SwEvent>) {
        let because = self.out_because(index);
        let dated = match self.places.get(index) {
            Some(Place::RemovedByDate { .. }) => Some(true),
            Some(Place::Awaiting { .. }) => Some(false),
            _ => None,
        };
        if let Some(removal) = dated {
            let data = std::sync::Arc::make_mut(&mut self.data);
            if let Some(c) = data.set.counters.get_mut(index) {
                let field = if removal { "removal" } else { "entry" };
                if removal {
                    c.removal = None;
                } else {
                    c.entry = None;
                }
                c.sources.fields.insert(
                    field.into(),
                    Provenance::Reconstructed {
                        reason: format!("the player's counter, drawn in {}", self.calendar.month),
                    },
                );
            }
        }
        let ship = self.ship(index);
        let text = format!(
            "{ship} drawn in {} though Periscope's data had it out ({because}): the player's counter decides, and it plays on",
            self.calendar.month.long()
        );
        self.corrections.push(text.clone());
        ev.push(SwEvent::Corrected { ship, text });
    }

    /// A counter the data does not have, entered as the player names it: in the replacement's pile, of
    /// the pile's first type, with the tonnage given; its values are asked once it is on the display.
    /// Its id is `player_` and its name, numbered if taken.
    fn add_counter(&mut self, r: &Replacement, thousands: u32, ev: &mut Vec<SwEvent>) -> usize {
        let name = r.named.clone().unwrap_or_else(|| "Unknown".into());
        let stem: String = name
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let mut id = format!("{PLAYERS_OWN}{stem}");
        let mut n = 2;
        while self.data.set.index_of(&id).is_some() {
            id = format!("{PLAYERS_OWN}{stem}_{n}");
            n += 1;
        }
        let kind = self
            .data
            .set
            .pile(r.pile)
            .and_then(|p| p.types.first().cloned())
            .unwrap_or_else(|| r.pile.code().to_string());
        let month: Month = self.calendar.month;
        let counter = Counter {
            id,
            name: name.clone(),
            kind,
            pile: r.pile,
            class: name.clone(),
            ship: name,
            aliases: Vec::new(),
            name_colour: NameColour::White,
            version_32: false,
            entry: None,
            removal: None,
            tonnage: thousands,
            defense: None,
            asw: None,
            aircraft_symbol: false,
            special_rule: None,
            history: String::new(),
            sources: periscope_data::silent_war_ijn::Sources {
                entry: Provenance::Reconstructed {
                    reason: format!("the player's counter, drawn in {month} and not in Periscope's data"),
                },
                fields: Default::default(),
            },
        };
        let data = std::sync::Arc::make_mut(&mut self.data);
        data.set.counters.push(counter);
        self.places.push(Place::Pile);
        let index = self.places.len() - 1;
        let ship = self.ship(index);
        let text = format!(
            "{ship} ({thousands} thousand tons) is not in Periscope's data: added to the {} pile from the player's counter, for the rest of the campaign",
            r.pile
        );
        self.corrections.push(text.clone());
        ev.push(SwEvent::Corrected { ship, text });
        index
    }
}

/// The case a replacement follows.
fn rule_of(r: &Replacement) -> &'static str {
    if r.diligent {
        "3.1C"
    } else if r.auxiliary {
        "3.1B"
    } else {
        "3.1A"
    }
}
