//! [4.1] Determining a loner contact: on an Area Activity Chart War Period row that has red boxes, a
//! contact roll showing a white box earns a second roll; a red box on it is a loner. A first roll of 0
//! makes the second roll the Sub vs Sub roll too [SW14.6]. The chart is the base game's: the companion
//! rolls and asks what box the number shows.

use super::combat::Combat;
use super::{BoxColour, Companion, Phase, SwAction, SwError, SwEvent, Throw, choice, yes_no};
use crate::machine::{Decision, Rules, Wait};
use crate::refusal::Refused;

/// The contact check's steps, each with the rolls made so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Contact {
    /// Does the row have red boxes?
    Row,
    /// The contact roll.
    FirstRoll,
    /// What box the contact roll shows.
    FirstBox {
        first: u8,
    },
    SecondRoll {
        first: u8,
    },
    SecondBox {
        first: u8,
        second: u8,
    },
}

impl Contact {
    pub(crate) fn start() -> Self {
        Contact::Row
    }
}

impl Companion {
    pub(crate) fn contact_wait(&self, c: &Contact) -> Wait<SwAction, Throw> {
        match *c {
            Contact::Row => {
                let (prompt, rule) = self.ask("aac_row_has_red");
                Wait::Decide(Decision::new(
                    prompt,
                    rule.clone(),
                    yes_no(
                        "Yes: the row has red boxes",
                        "No: no loner can be met on this row",
                        &rule,
                    ),
                ))
            }
            Contact::FirstRoll => Wait::Roll(Throw::Contact),
            Contact::FirstBox { first } => {
                let (prompt, rule) = self.ask("aac_first_box");
                Wait::Decide(Decision::new(
                    format!("The contact roll is {first}. {prompt}"),
                    rule.clone(),
                    boxes(true, &rule),
                ))
            }
            Contact::SecondRoll { .. } => Wait::Roll(Throw::SecondContact),
            Contact::SecondBox { second, .. } => {
                let (prompt, rule) = self.ask("aac_second_box");
                Wait::Decide(Decision::new(
                    format!("The second roll is {second}. {prompt}"),
                    rule.clone(),
                    boxes(false, &rule),
                ))
            }
        }
    }

    pub(crate) fn contact_step(
        &mut self,
        c: Contact,
        action: SwAction,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        match (c, action) {
            (Contact::Row, SwAction::Answer { yes: true }) => self.phase = Phase::Contact(Contact::FirstRoll),
            (Contact::Row, SwAction::Answer { yes: false }) => {
                ev.push(SwEvent::note(
                    "4.1",
                    "No red box on this row: no loner can be met",
                ));
                self.phase = Phase::Turn;
            }
            (
                Contact::FirstBox { first },
                SwAction::Box {
                    colour: BoxColour::White,
                },
            ) => {
                self.phase = Phase::Contact(Contact::SecondRoll { first });
            }
            (Contact::FirstBox { .. }, SwAction::Box { .. }) => {
                ev.push(SwEvent::note(
                    "4.1",
                    "Not a white box: no loner; the contact is the base game's",
                ));
                self.phase = Phase::Turn;
            }
            (Contact::SecondBox { first, second }, SwAction::Box { colour }) => {
                if first == 0 {
                    ev.push(SwEvent::note(
                        "4.1",
                        format!("The first roll was a 0: the second roll ({second}) is also your Sub vs Sub roll [SW14.6]"),
                    ));
                }
                if colour == BoxColour::Red {
                    ev.push(SwEvent::note("4.1", "A red box on the second roll: a loner"));
                    let combat = Combat::loner(self, ev);
                    self.phase = Phase::Combat(Box::new(combat));
                } else {
                    ev.push(SwEvent::note("4.1", "No red box on the second roll: no loner"));
                    self.phase = Phase::Turn;
                }
            }
            (c, other) => {
                self.phase = Phase::Contact(c);
                return Err(self.not_now(&other));
            }
        }
        Ok(())
    }

    pub(crate) fn contact_roll(
        &mut self,
        c: Contact,
        throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<SwEvent>,
    ) -> Result<(), SwError> {
        let face = faces.first().copied().unwrap_or(0);
        match (c, throw) {
            (Contact::FirstRoll, Throw::Contact) => {
                self.roll_record(
                    "Area Activity Chart",
                    "4.1",
                    faces,
                    vec![],
                    "read it on your War Period row".into(),
                    ev,
                );
                self.phase = Phase::Contact(Contact::FirstBox { first: face });
            }
            (Contact::SecondRoll { first }, Throw::SecondContact) => {
                self.roll_record(
                    "Area Activity Chart",
                    "4.1",
                    faces,
                    vec![],
                    "a red box on the same row is a loner".into(),
                    ev,
                );
                self.phase = Phase::Contact(Contact::SecondBox { first, second: face });
            }
            (c, t) => {
                self.phase = Phase::Contact(c);
                return Err(SwError::Refused(Refused::Data(format!(
                    "a {t:?} roll in the contact check"
                ))));
            }
        }
        Ok(())
    }
}

fn boxes(white: bool, rule: &str) -> Vec<crate::game::Choice<SwAction>> {
    let mut v = Vec::new();
    if white {
        v.push(choice(
            SwAction::Box {
                colour: BoxColour::White,
            },
            "A white box: roll again for a loner",
            rule,
        ));
    }
    v.push(choice(
        SwAction::Box {
            colour: BoxColour::Red,
        },
        "A red box",
        rule,
    ));
    v.push(choice(
        SwAction::Box {
            colour: BoxColour::Other,
        },
        "Anything else",
        rule,
    ));
    v
}
