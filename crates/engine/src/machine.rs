//! The rules machine every game runs on.
//!
//! A game says what it waits for now ([`Rules::wait`]): a [`Decision`] with its legal choices, a roll
//! (which the game describes with a [`RollSpec`]), or the end. The machine does the rest the same way for
//! every game: it checks an action against what the game waits for, plays it on a copy, rolls whatever
//! the dice source can roll until the game waits for the player again, and keeps the copy only if all of
//! it succeeded — a refused action changes nothing. Games write their rules, never this loop.

use std::fmt;

use serde::Serialize;

use crate::dice::{Dice, DiceError, DiceSource, Faces};
use crate::odds::values::Odds;

/// One legal choice of a decision, ready for a button, a key or a script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choice<A> {
    pub action: A,
    /// A short sentence a player reads on the button.
    pub label: String,
    /// The rule case the choice comes from.
    pub rule: String,
}

/// What a game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending<A> {
    /// The player decides; every legal choice is listed.
    Decision(Decision<A>),
    /// The player throws real dice and enters the faces (physical mode, or a script that ran out).
    Roll(RollSpec),
    /// The game is over.
    Over { won: bool, summary: String },
}

impl<A> Pending<A> {
    /// The legal choices of a decision; none otherwise.
    pub fn choices(&self) -> &[Choice<A>] {
        match self {
            Pending::Decision(d) => &d.choices,
            _ => &[],
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self, Pending::Over { .. })
    }
}

/// A roll a game waits for: what is thrown, the chart it is read on, the rule that calls for it, and a
/// sentence for the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RollSpec {
    pub dice: Dice,
    pub chart: String,
    pub rule: String,
    pub reason: String,
}

impl RollSpec {
    pub fn new(
        dice: Dice,
        chart: impl Into<String>,
        rule: impl Into<String>,
        reason: impl Into<String>,
    ) -> Self {
        Self {
            dice,
            chart: chart.into(),
            rule: rule.into(),
            reason: reason.into(),
        }
    }
}

/// A decision a game waits for: the question, the rule it comes from, and every legal choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision<A> {
    pub prompt: String,
    pub rule: String,
    pub choices: Vec<Choice<A>>,
}

impl<A: PartialEq> Decision<A> {
    pub fn new(prompt: impl Into<String>, rule: impl Into<String>, choices: Vec<Choice<A>>) -> Self {
        Self {
            prompt: prompt.into(),
            rule: rule.into(),
            choices,
        }
    }

    /// Whether `action` is one of the choices.
    pub fn offers(&self, action: &A) -> bool {
        self.choices.iter().any(|c| &c.action == action)
    }
}

/// What a game waits for, as the game itself knows it: the machine turns it into a [`Pending`].
#[derive(Debug, Clone, PartialEq)]
pub enum Wait<A, R> {
    Decide(Decision<A>),
    /// A roll for this purpose; [`Rules::roll_spec`] says what is thrown.
    Roll(R),
    Over {
        won: bool,
        summary: String,
    },
}

/// What a game does just before the machine rolls for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BeforeRoll {
    /// Roll as usual.
    Roll,
    /// Stop: the game now waits for a decision first (a skill offered before the roll).
    Stop,
    /// Use these faces without rolling (a skill that passes the roll).
    Faces(Vec<u8>),
}

/// Why the machine refused an action; each game wraps it in its own error type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum Refusal {
    /// Not what the game waits for now.
    NotNow { action: String, waiting_for: String },
    /// Entered faces do not fit the dice asked for.
    Dice(DiceError),
    /// Faces were entered in a game whose dice the program rolls.
    NotPhysical,
    /// The game is over.
    GameOver,
    /// An action set off more rolls than any game has: a rules bug, reported instead of hanging.
    Unsettled,
    /// The dice a game's fast path names ([`Rules::roll_dice`]) are not its roll's ([`Rules::roll_spec`]):
    /// a rules bug, checked in debug builds and reported instead of rolling the wrong dice.
    DiceMismatch,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotNow { action, waiting_for } => {
                write!(
                    f,
                    "'{action}' is not possible now: the game waits for {waiting_for}"
                )
            }
            Refusal::Dice(e) => write!(f, "{e}"),
            Refusal::NotPhysical => f.write_str("this game rolls its own dice"),
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::Unsettled => f.write_str("the rules did not settle after the action"),
            Refusal::DiceMismatch => f.write_str("the rules named other dice than their roll's"),
        }
    }
}

/// A game's rules, as the machine runs them.
pub trait Rules: Clone {
    type Action: Clone + PartialEq + fmt::Display;
    type Event;
    type Error: From<Refusal>;
    /// What a roll is for: the game's own name for each roll it makes.
    type Roll: Copy;

    /// The most rolls one action may set off before the machine reports a rules bug.
    const ROLL_LIMIT: usize = 100_000;

    /// What the game waits for now.
    fn wait(&self) -> Wait<Self::Action, Self::Roll>;
    /// What is thrown for a roll, and where it is read.
    fn roll_spec(&self, roll: Self::Roll) -> RollSpec;
    /// Where the faces come from.
    fn dice(&mut self) -> &mut DiceSource;
    /// The faces an action enters for a roll, if it is the roll action.
    fn faces_of(action: &Self::Action) -> Option<&[u8]>;
    /// Plays a decision's action. The machine has already refused actions the decision does not offer
    /// (unless the game's [`Rules::check`] lets them through to give its own errors).
    fn decide(&mut self, action: Self::Action, events: &mut Vec<Self::Event>) -> Result<(), Self::Error>;
    /// Reads a roll's faces and moves the game on.
    fn resolve(
        &mut self,
        roll: Self::Roll,
        faces: Faces,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;

    /// Whether an action may be played on this decision. By default: only the choices it offers.
    fn check(&self, decision: &Decision<Self::Action>, action: &Self::Action) -> Result<(), Self::Error> {
        if decision.offers(action) {
            Ok(())
        } else {
            Err(self.not_now(action))
        }
    }

    /// Called before each roll the machine is about to make.
    fn before_roll(&mut self, _roll: Self::Roll, _events: &mut Vec<Self::Event>) -> BeforeRoll {
        BeforeRoll::Roll
    }

    /// Whether the machine may roll this itself (with faces in the dice source); a game whose other
    /// player throws some rolls says no to those, and takes them through [`Rules::enter`].
    fn rolls_itself(&self, _roll: Self::Roll) -> bool {
        true
    }

    /// Faces the player entered for the roll waiting. By default they join the dice source's queue,
    /// which the program's own dice refuse.
    fn enter(
        &mut self,
        roll: Self::Roll,
        faces: &[u8],
        _events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        let dice = self.roll_dice(roll);
        let source = self.dice();
        if source.program_rolls() {
            return Err(Refusal::NotPhysical.into());
        }
        source.enter(dice, faces).map_err(|e| Refusal::Dice(e).into())
    }

    /// Work the game does by itself before its next roll, kept as a step of its own so that a table
    /// showing the game as it happens can stop between the two (a career whose patrol has just ended
    /// shows the boat home before the refit runs on): does it and says whether there was any. The loop
    /// that rolls ([`settle_one`]) calls it first; by default there is none. Playing it changes no event
    /// and no roll: only where a paced game may stand.
    fn carry_on(&mut self, _events: &mut Vec<Self::Event>) -> Result<bool, Self::Error> {
        Ok(false)
    }

    /// The roll the game waits for, if it waits for one: [`Rules::wait`] without building a decision's
    /// choices, for the machine's loop that rolls until the game waits for the player. A game whose
    /// decisions cost something to list answers it from its phase alone; it must agree with `wait`.
    fn waiting_roll(&self) -> Option<Self::Roll> {
        match self.wait() {
            Wait::Roll(r) => Some(r),
            _ => None,
        }
    }

    /// Plays an action its decision offers (see [`play_offered`]), without the check that lists the
    /// decision's choices again. By default [`Rules::decide`]; a game whose decision plays an embedded
    /// game's action passes the promise on to it.
    fn decide_offered(
        &mut self,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        self.decide(action, events)
    }

    /// Whether the game waits for a decision whose actions it judges itself in [`Rules::decide`] (its
    /// [`Rules::check`] lets every action through): the machine then skips listing the decision's
    /// choices before playing an action that enters no faces. It must agree with `wait` and `check`.
    fn decides_without_listing(&self) -> bool {
        false
    }

    /// What is thrown for `roll`: [`Rules::roll_spec`]'s dice, for a game that knows them without writing
    /// the roll's sentence.
    fn roll_dice(&self, roll: Self::Roll) -> Dice {
        self.roll_spec(roll).dice
    }

    /// The exact odds of the roll `roll`'s outcomes with the modifiers in force now, for the rolls the
    /// game can foresee (see [`crate::odds`]); `None` by default.
    fn roll_odds(&self, _roll: Self::Roll) -> Option<Odds> {
        None
    }

    /// Whether the decision waited for is one player's secret choice, made before the other's is known:
    /// its choices show no odds, which would tell what the other player chose ([`crate::odds::odds`]).
    fn secret_choice(&self) -> bool {
        false
    }

    /// A few words on what the game waits for, for the refusal of an action that does not fit.
    fn waiting_for(&self) -> String {
        match self.wait() {
            Wait::Decide(d) => format!("a decision ({})", d.prompt),
            Wait::Roll(r) => format!("the dice ({})", self.roll_spec(r).reason),
            Wait::Over { .. } => "nothing: the game is over".into(),
        }
    }

    /// The refusal of an action that is not what the game waits for.
    fn not_now(&self, action: &Self::Action) -> Self::Error {
        Refusal::NotNow {
            action: action.to_string(),
            waiting_for: self.waiting_for(),
        }
        .into()
    }
}

/// What the game waits for, as every screen and script reads it.
pub fn pending<G: Rules>(game: &G) -> Pending<G::Action> {
    match game.wait() {
        Wait::Decide(d) => Pending::Decision(d),
        Wait::Roll(r) => Pending::Roll(game.roll_spec(r)),
        Wait::Over { won, summary } => Pending::Over { won, summary },
    }
}

/// Plays one action: on a copy, then the rolls it sets off; the game changes only if all of it succeeded.
pub fn play<G: Rules>(game: &mut G, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
    let mut next = game.clone();
    let mut events = Vec::new();
    step(&mut next, action, &mut events)?;
    settle(&mut next, &mut events)?;
    *game = next;
    Ok(events)
}

/// Plays one action and the rolls it sets off on the game itself, without [`play`]'s copy: for a caller
/// that throws the game away when an action is refused (a simulation, or a game inside another game's
/// copy). The same result as `play` when the action succeeds; after a refusal the game may be part-way.
pub fn play_in_place<G: Rules>(game: &mut G, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
    let mut events = Vec::new();
    step(game, action, &mut events)?;
    settle(game, &mut events)?;
    Ok(events)
}

/// Plays, in place as [`play_in_place`] does, an action the game offers now: one of the choices of the
/// decision it waits for, as a policy picks it. The decision is not listed again to check the action
/// (listing it writes every choice's label): the same result as `play_in_place` for an offered action.
/// An action that enters faces is checked as usual.
pub fn play_offered<G: Rules>(game: &mut G, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
    let mut events = Vec::new();
    play_offered_into(game, action, &mut events)?;
    Ok(events)
}

/// [`play_offered`] with the events added to `events`, a buffer the caller reuses.
pub fn play_offered_into<G: Rules>(
    game: &mut G,
    action: G::Action,
    events: &mut Vec<G::Event>,
) -> Result<(), G::Error> {
    if G::faces_of(&action).is_some() || game.waiting_roll().is_some() {
        step(game, action, events)?;
    } else {
        game.decide_offered(action, events)?;
    }
    settle(game, events)
}

/// Gives `game` the faces another game's dice threw for the roll it waits for (a career rolls for its
/// patrol), in place: the same as entering them as the roll's action and letting [`settle`] read them
/// ([`play_in_place`]), without queuing them first. Where that path would do anything else (faces already
/// queued, dice the game rolls itself, a roll it stops before or passes) it is the path taken.
pub fn play_thrown_into<G: Rules>(
    game: &mut G,
    faces: Faces,
    action: impl FnOnce(Faces) -> G::Action,
    events: &mut Vec<G::Event>,
) -> Result<(), G::Error> {
    let direct = game.waiting_roll().filter(|&roll| {
        let dice = game.roll_dice(roll);
        game.rolls_itself(roll)
            && dice.check(&faces).is_ok()
            && matches!(game.dice(), DiceSource::Manual(queue) if queue.is_empty())
    });
    let Some(roll) = direct else {
        step(game, action(faces), events)?;
        return settle(game, events);
    };
    match game.before_roll(roll, events) {
        BeforeRoll::Roll => game.resolve(roll, faces, events)?,
        // Stopped before the roll, or the roll passed: the faces wait in the queue, as if entered.
        BeforeRoll::Stop => {
            let dice = game.roll_dice(roll);
            return game
                .dice()
                .enter(dice, &faces)
                .map_err(|e| Refusal::Dice(e).into());
        }
        BeforeRoll::Faces(passed) => {
            let dice = game.roll_dice(roll);
            game.dice().enter(dice, &faces).map_err(Refusal::Dice)?;
            let passed = passed_faces(dice, &passed)?;
            game.resolve(roll, passed, events)?;
        }
    }
    settle(game, events)
}

/// The faces a skill passes a roll with ([`BeforeRoll::Faces`]), as the rules read them.
fn passed_faces<E: From<Refusal>>(dice: Dice, faces: &[u8]) -> Result<Faces, E> {
    Faces::from_slice(faces).ok_or_else(|| Refusal::Dice(DiceError::TooManyDice { dice }).into())
}

/// Plays only an action's own step, on a copy, leaving the rolls it sets off for [`settle_one`]: the game
/// changes only if the step succeeded. `play` is this and [`settle`] at once; a table that shows the game
/// as it happens plays the step, then one roll at a time, each state between a real state of the game.
pub fn play_step<G: Rules>(game: &mut G, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
    let mut next = game.clone();
    let mut events = Vec::new();
    step(&mut next, action, &mut events)?;
    *game = next;
    Ok(events)
}

/// One action against what the game waits for, without the rolls that follow.
fn step<G: Rules>(game: &mut G, action: G::Action, events: &mut Vec<G::Event>) -> Result<(), G::Error> {
    if game.decides_without_listing() && G::faces_of(&action).is_none() {
        return game.decide(action, events);
    }
    match game.wait() {
        Wait::Over { .. } => Err(Refusal::GameOver.into()),
        Wait::Roll(roll) => match G::faces_of(&action) {
            Some(faces) => {
                let faces = faces.to_vec();
                game.enter(roll, &faces, events)
            }
            None => Err(game.not_now(&action)),
        },
        Wait::Decide(decision) => {
            if G::faces_of(&action).is_some() {
                return Err(game.not_now(&action));
            }
            game.check(&decision, &action)?;
            game.decide(action, events)
        }
    }
}

/// Rolls whatever the game waits for, as long as the dice source can: seeded dice always can, scripted
/// dice while faces remain, physical dice once the player has entered them. A new game calls this once
/// so that it starts at its first decision.
pub fn settle<G: Rules>(game: &mut G, events: &mut Vec<G::Event>) -> Result<(), G::Error> {
    for _ in 0..G::ROLL_LIMIT {
        if !settle_one(game, events)? {
            return Ok(());
        }
    }
    Err(Refusal::Unsettled.into())
}

/// One turn of [`settle`]'s loop: makes the next roll the game waits for, if the dice source can, and
/// says whether it did (`false`: the game waits for the player, or for faces the dice cannot give).
pub fn settle_one<G: Rules>(game: &mut G, events: &mut Vec<G::Event>) -> Result<bool, G::Error> {
    if game.carry_on(events)? {
        return Ok(true);
    }
    let Some(roll) = game.waiting_roll() else {
        return Ok(false);
    };
    let faces = match game.before_roll(roll, events) {
        BeforeRoll::Stop => return Ok(false),
        BeforeRoll::Faces(faces) => passed_faces(game.roll_dice(roll), &faces)?,
        BeforeRoll::Roll => {
            if !game.rolls_itself(roll) {
                return Ok(false);
            }
            let dice = game.roll_dice(roll);
            if cfg!(debug_assertions) && dice != game.roll_spec(roll).dice {
                return Err(Refusal::DiceMismatch.into());
            }
            match game.dice().roll(dice).map_err(Refusal::Dice)? {
                Some(faces) => faces,
                None => return Ok(false),
            }
        }
    };
    game.resolve(roll, faces, events)?;
    Ok(true)
}
