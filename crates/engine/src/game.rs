//! The shape every game shares: a state machine that says what it waits for and takes actions.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::dice::DiceMode;
/// The machine's shapes every game shares: a choice, a decision, a roll, what the game waits for.
pub use crate::machine::{Choice, Decision, Pending, RollSpec};

/// A game's rules as a state machine. `apply` either changes the state and returns what happened, or
/// returns a typed error and changes nothing. A game (and its options, actions and events) can be sent to
/// another thread: the app replays a long save on a worker thread.
pub trait Game: Clone + Send {
    /// The game's options; the default is the shipped game.
    type Options: Clone + Default + Serialize + DeserializeOwned + PartialEq + Send;
    /// Actions have a short text form for scripts and the log (`fire 3`), read back with `FromStr`.
    type Action: Clone
        + PartialEq
        + Serialize
        + DeserializeOwned
        + std::fmt::Debug
        + std::fmt::Display
        + std::str::FromStr<Err = String>
        + Send;
    type Event: Clone + Serialize + std::fmt::Debug + std::fmt::Display + Send;
    type Error: Clone + std::error::Error + Serialize;

    /// The id saves and the CLI use (`hunt`).
    const ID: &'static str;
    /// Ids this game's saves were written under by earlier versions: they still load.
    const OLD_IDS: &'static [&'static str] = &[];
    /// The name players know.
    const NAME: &'static str;
    /// The folder of `data/` whose rules files the game is played under: a save records their digest
    /// ([`periscope_data::digest`]), so a later Periscope can tell a change of rules data from a change
    /// of code.
    const RULES_DATA: Option<&'static str> = None;

    /// A new game, ready for its first action.
    fn new(options: Self::Options, seed: u64, dice: DiceMode) -> Result<Self, Self::Error>;
    /// What the game waits for now.
    fn pending(&self) -> Pending<Self::Action>;
    /// Plays one action.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    /// Plays one action for a caller that throws the game away if it is refused (a simulation): the same
    /// result as [`Game::apply`] when it succeeds, without the copy `apply` plays on; after a refusal the
    /// game may be left part-way. By default it is `apply`.
    fn apply_discarding_on_error(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error> {
        self.apply(action)
    }
    /// Plays an action the game offers now (one of its pending decision's choices, as
    /// [`crate::policy::Policy::choose`] picks it) for a caller that throws the game away on a refusal:
    /// the same result as [`Game::apply_discarding_on_error`], without listing the decision again to
    /// check the action. By default it is `apply_discarding_on_error`.
    fn apply_offered(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error> {
        self.apply_discarding_on_error(action)
    }
    /// [`Game::apply_offered`] with its events added to `events`, a buffer a simulation clears and reuses
    /// instead of a new list per action. By default `apply_offered`'s list, appended.
    fn apply_offered_into(
        &mut self,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        events.extend(self.apply_offered(action)?);
        Ok(())
    }
    /// Makes the game quiet ([`crate::roll::Quiet`]), for a simulation that throws its roll records away:
    /// from now on it writes no `Rolled` events and keeps no latest roll; its state and every other event
    /// are exactly those of the normal game. By default nothing changes.
    fn quiet(&mut self) {}
    /// Makes the game silent, for a simulation that reads only how each game ended: quiet, and it writes
    /// no event at all; its state is exactly that of the normal game. By default, [`Game::quiet`].
    fn silent(&mut self) {
        self.quiet();
    }
    /// The action that enters physical dice faces for a pending roll.
    fn dice_action(faces: Vec<u8>) -> Self::Action;
}

/// A game whose actions can be shown as they happen: the action's own step first, then the rolls it sets
/// off one at a time, each state between a real state of the game. Every game played through the rules
/// machine ([`crate::machine`]) is one; [`crate::Session::begin`] uses it, and playing all the rolls at
/// once ends exactly where [`Game::apply`] does.
pub trait Paced: Game {
    /// The most rolls one action may set off before the machine reports a rules bug.
    const MAX_ROLLS: usize;
    /// Plays only the action's own step; a refused action changes nothing.
    fn step_only(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    /// Makes the next roll the game waits for and can make itself: its events, or `None` when the game
    /// waits for the player.
    fn roll_next(&mut self) -> Result<Option<Vec<Self::Event>>, Self::Error>;
    /// Every roll still to make: their events and how many rolls there were.
    fn roll_all(&mut self) -> Result<(Vec<Self::Event>, usize), Self::Error>;
}

impl<G> Paced for G
where
    G: Game
        + crate::machine::Rules<
            Action = <G as Game>::Action,
            Event = <G as Game>::Event,
            Error = <G as Game>::Error,
        >,
    <G as Game>::Error: From<crate::machine::Refusal>,
{
    const MAX_ROLLS: usize = <G as crate::machine::Rules>::ROLL_LIMIT;

    fn step_only(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error> {
        crate::machine::play_step(self, action)
    }

    fn roll_next(&mut self) -> Result<Option<Vec<Self::Event>>, Self::Error> {
        let mut events = Vec::new();
        let rolled = crate::machine::settle_one(self, &mut events)?;
        Ok(rolled.then_some(events))
    }

    fn roll_all(&mut self) -> Result<(Vec<Self::Event>, usize), Self::Error> {
        let mut events = Vec::new();
        for rolls in 0..Self::MAX_ROLLS {
            if !crate::machine::settle_one(self, &mut events)? {
                return Ok((events, rolls));
            }
        }
        Err(crate::machine::Refusal::Unsettled.into())
    }
}

/// What a career's step on the game it wraps (a patrol, a convoy's mission) gives back.
pub struct Inner<I, E> {
    /// No inner game is under way: the career's refusal for that.
    pub none: fn() -> E,
    /// The inner game refused the action: the career's refusal wrapping it.
    pub refused: fn(I) -> E,
}

/// One step of a career on the inner game it wraps (a patrol of a Sensuikan career, the convoy of an
/// Atlantic career): plays `play` on the game under way, hands its events to the career through `wrap`,
/// and says whether the inner game is now over (`over`), for the career to finish it and go on. The career
/// plays on a copy, or is thrown away, when a step is refused, so a refusal here needs no undoing.
pub fn play_inner<I: Game, E, V>(
    inner: Option<&mut I>,
    refusals: &Inner<I::Error, E>,
    play: impl FnOnce(&mut I) -> Result<Vec<I::Event>, I::Error>,
    wrap: impl FnMut(I::Event) -> V,
    over: impl FnOnce(&I) -> bool,
    events: &mut Vec<V>,
) -> Result<bool, E> {
    let game = inner.ok_or_else(refusals.none)?;
    let out = play(game).map_err(refusals.refused)?;
    events.extend(out.into_iter().map(wrap));
    Ok(over(game))
}

/// A player's override file, as a game that plays on it carries it in its options (and so in its save,
/// so that it replays with the same values): its name (for messages) and its text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerData {
    pub file: String,
    pub text: String,
}
