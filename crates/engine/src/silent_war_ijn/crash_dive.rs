//! Crash Dive [5.0]-[5.2]: when a Diligent Escort is drawn, or the Combat Event Circular Running Torpedo
//! or Betty Bomber Spots Submarine comes up, the submarine may try to dive before it is resolved: one die
//! less the Super Skipper rating, at most the class's Crash Dive Rating succeeds (X: the class cannot
//! try). A success turns every table result but No Effect into Spotted; a circular runner misses; after a
//! Betty, the Endurance Check.

use periscope_data::silent_war_ijn::procedures::{Rating, Trigger};

use super::combat::{After, Combat, Step, answer};
use super::{Companion, Phase, SwAction, SwError, SwEvent, Throw, choice, digits};
use crate::machine::{Decision, Rules, Wait};
use crate::roll::Modifier;

/// The dive's steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DiveStep {
    /// Which class is the submarine? [5.2]
    Class,
    /// Its Super Skipper rating [5.1].
    Skipper,
    /// Attempt it? [5.1]
    Offer,
    Roll,
    /// What the Diligent Escort or Event Aircraft Table gave, after a successful dive.
    Table,
}

/// A crash dive under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CrashDive {
    trigger: Trigger,
    step: DiveStep,
    then: After,
}

impl Companion {
    /// The dive's first step for what the companion already knows; `None` when the class cannot dive
    /// (the note says so).
    pub(crate) fn dive_start(
        &self,
        trigger: Trigger,
        then: After,
        ev: &mut Vec<SwEvent>,
    ) -> Option<CrashDive> {
        let step = match &self.boat.class {
            None => DiveStep::Class,
            Some(class) => {
                if let Some(r) = self.data.crash_dive.rating(class)
                    && r.rating == Rating::CannotTry(periscope_data::silent_war_ijn::procedures::CannotTry::X)
                {
                    ev.push(SwEvent::note(
                        "5.2",
                        format!(
                            "A {} class boat cannot crash dive (X): resolve it normally",
                            r.class
                        ),
                    ));
                    return None;
                }
                if self.boat.super_skipper.is_none() {
                    DiveStep::Skipper
                } else {
                    DiveStep::Offer
                }
            }
        };
        Some(CrashDive { trigger, step, then })
    }

    /// The combat's next step when a crash dive may be tried: the dive, or back where it came from.
    /// When the companion knows a boat from an earlier combat and has not asked in this one, it first
    /// asks whether the same boat is fighting [5.2].
    pub(crate) fn dive_or_main(
        &self,
        c: &Combat,
        trigger: Trigger,
        then: After,
        ev: &mut Vec<SwEvent>,
    ) -> Step {
        let what = match trigger {
            Trigger::DiligentEscort => "A Diligent Escort is drawn",
            Trigger::CircularRunningTorpedo => "A Circular Running Torpedo",
            Trigger::BettyBomber => "Betty Bomber Spots Submarine",
        };
        ev.push(SwEvent::note(
            "5.1",
            format!("{what}: before it is resolved the submarine may crash dive"),
        ));
        if self.boat.is_known() && !c.boat_checked {
            return Step::Boat {
                dive: Some((trigger, then)),
            };
        }
        match self.dive_start(trigger, then, ev) {
            Some(d) => Step::Dive(d),
            None => Step::Main,
        }
    }

    pub(crate) fn dive_wait(&self, d: &CrashDive) -> Wait<SwAction, Throw> {
        match d.step {
            DiveStep::Class => {
                let (prompt, rule) = self.ask("submarine_class");
                let choices = self
                    .data
                    .crash_dive
                    .ratings
                    .iter()
                    .map(|r| {
                        choice(
                            SwAction::Class { class: r.id.clone() },
                            format!("{} (Crash Dive Rating {})", r.class, r.rating),
                            &rule,
                        )
                    })
                    .collect();
                Wait::Decide(Decision::new(prompt, rule, choices))
            }
            DiveStep::Skipper => {
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
            DiveStep::Offer => {
                let rating = self.rating_now().map_or("?".into(), |r| r.to_string());
                let (prompt, rule) = self.ask("attempt_crash_dive");
                Wait::Decide(answer(
                    (
                        format!(
                            "{prompt} (rating {rating}, Super Skipper {})",
                            self.boat.super_skipper.unwrap_or(0)
                        ),
                        rule,
                    ),
                    "Yes: roll for the crash dive",
                    "No: resolve it normally",
                ))
            }
            DiveStep::Roll => Wait::Roll(Throw::CrashDive),
            DiveStep::Table => {
                let (id, table) = match d.trigger {
                    Trigger::BettyBomber => ("event_aircraft_table", "Event Aircraft Table"),
                    _ => ("diligent_escort_table", "Diligent Escort Table"),
                };
                let (prompt, rule) = self.ask(id);
                Wait::Decide(Decision::new(
                    format!("Crash dive made: roll on the {table}. {prompt}"),
                    rule.clone(),
                    vec![
                        choice(SwAction::TableResult { no_effect: true }, "No Effect", &rule),
                        choice(
                            SwAction::TableResult { no_effect: false },
                            "Any other result: it becomes Spotted",
                            &rule,
                        ),
                    ],
                ))
            }
        }
    }

    fn rating_now(&self) -> Option<Rating> {
        let class = self.boat.class.as_ref()?;
        self.data.crash_dive.rating(class).map(|r| r.rating)
    }

    pub(crate) fn dive_step(
        &mut self,
        mut c: Combat,
        mut d: CrashDive,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match (d.step, action) {
            (DiveStep::Class, SwAction::Class { class }) if self.data.crash_dive.rating(&class).is_some() => {
                self.boat.class = Some(class);
                c.boat_checked = true;
                match self.dive_start(d.trigger, d.then, ev) {
                    Some(next) => d = next,
                    None => return self.dive_done(c, d.then, ev),
                }
            }
            (DiveStep::Skipper, SwAction::Skipper { rating }) => {
                self.boat.super_skipper = Some(rating);
                c.boat_checked = true;
                d.step = DiveStep::Offer;
            }
            (DiveStep::Offer, SwAction::Answer { yes: true }) => d.step = DiveStep::Roll,
            (DiveStep::Offer, SwAction::Answer { yes: false }) => {
                ev.push(SwEvent::note(
                    "5.1",
                    "No crash dive: resolve it normally, and combat goes on",
                ));
                return self.dive_done(c, d.then, ev);
            }
            (DiveStep::Table, SwAction::TableResult { no_effect }) => {
                let kept = self.data.crash_dive.kept.clone();
                let becomes = self.data.crash_dive.becomes.clone();
                if no_effect {
                    ev.push(SwEvent::note("5.1", format!("{kept}: it stays {kept}")));
                } else {
                    c.spotted = true;
                    ev.push(SwEvent::note(
                        "5.1",
                        format!("The result becomes {becomes}: the submarine is Spotted"),
                    ));
                    self.restriction_arises(&mut c, 'a', "The submarine is Spotted", ev);
                }
                if d.trigger == Trigger::BettyBomber {
                    self.remind("betty_endurance", ev);
                }
                return self.dive_done(c, d.then, ev);
            }
            (step, other) => {
                d.step = step;
                c.step = Step::Dive(d);
                self.phase = Phase::Combat(Box::new(c));
                return Err(self.not_now(&other));
            }
        }
        c.step = Step::Dive(d);
        self.phase = Phase::Combat(Box::new(c));
        Ok(())
    }

    /// [5.1] The roll: less the Super Skipper rating; at most the rating succeeds.
    pub(crate) fn dive_roll(
        &mut self,
        mut c: Combat,
        faces: Vec<u8>,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let Step::Dive(d) = std::mem::replace(&mut c.step, Step::Main) else {
            self.phase = Phase::Combat(Box::new(c));
            return Ok(());
        };
        let skipper = self.boat.super_skipper.unwrap_or(0);
        let rating = match self.rating_now() {
            Some(Rating::Rated(n)) => i32::from(n),
            _ => -1,
        };
        let mut mods = Vec::new();
        if skipper > 0 {
            mods.push(Modifier::new(-i32::from(skipper), "Super Skipper", "5.1"));
        }
        let class = self
            .boat
            .class
            .as_ref()
            .and_then(|k| self.data.crash_dive.rating(k))
            .map_or("the".to_string(), |r| r.class.clone());
        let preview = crate::roll::RollRecord::new(
            "Crash Dive",
            "5.1",
            super::DIE,
            faces.clone(),
            mods.clone(),
            (0, 9),
        );
        let success = preview.result <= rating;
        let outcome = if success {
            format!("at most the {class} class's rating {rating}: the crash dive succeeds")
        } else {
            format!("above the {class} class's rating {rating}: the crash dive fails")
        };
        self.roll_record("Crash Dive", "5.1", faces, mods, outcome, ev);
        if !success {
            ev.push(SwEvent::note(
                "5.1",
                "The crash dive failed: resolve it normally, and combat goes on",
            ));
            return self.dive_done(c, d.then, ev);
        }
        match d.trigger {
            Trigger::CircularRunningTorpedo => {
                ev.push(SwEvent::note(
                    "5.1",
                    "The circular running torpedo misses the submarine: combat goes on as normal",
                ));
                self.dive_done(c, d.then, ev)
            }
            Trigger::DiligentEscort | Trigger::BettyBomber => {
                c.step = Step::Dive(CrashDive {
                    step: DiveStep::Table,
                    ..d
                });
                self.phase = Phase::Combat(Box::new(c));
                Ok(())
            }
        }
    }

    fn dive_done(&mut self, mut c: Combat, then: After, ev: &mut Vec<SwEvent>) -> Result<(), SwError> {
        match then {
            After::Main => {
                c.step = Step::Main;
                self.phase = Phase::Combat(Box::new(c));
            }
            After::EndLoner => self.finish_combat(c, ev),
        }
        Ok(())
    }
}
