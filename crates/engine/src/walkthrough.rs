//! A book's example of play as a guided first game, for any game: the walkthrough's options and choices
//! read as the game's own ([`Guide::new`]), a session set up as the example sets it up with the book's
//! dice ([`Guide::session`]), where the player stands on the example's path ([`Guide::expected`]), and
//! the two ways off it: [`Guide::leave`] plays on as an ordinary game, [`Guide::rejoin`] goes back to the
//! example. The game is saved, undone and continued like any other; its save carries the mark
//! ([`Tutorial`]).

use periscope_data::walkthrough::Walkthrough;

use crate::dice::DiceMode;
use crate::game::{Game, Pending};
use crate::save::{Session, Tutorial};

/// A walkthrough read for game `G`.
#[derive(Debug, Clone)]
pub struct Guide<G: Game> {
    pub book: Walkthrough,
    options: G::Options,
    path: Vec<G::Action>,
}

/// The dice a game left off the example's path goes on with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayOn {
    /// The program's dice, from the game's seed.
    Digital,
    /// The player's own dice, each face entered.
    Physical,
}

impl<G: Game> Guide<G> {
    /// The walkthrough's options and choices read as `G`'s; an error names the step that does not read.
    pub fn new(book: Walkthrough) -> Result<Self, String> {
        let options = if book.options.is_null() {
            G::Options::default()
        } else {
            serde_json::from_value(book.options.clone()).map_err(|e| {
                format!(
                    "walkthrough {}: the options do not read as {}'s: {e}",
                    book.id,
                    G::NAME
                )
            })?
        };
        let path = book
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                s.choice.parse::<G::Action>().map_err(|e| {
                    format!(
                        "walkthrough {}: step {} ('{}') is not an action: {e}",
                        book.id,
                        i + 1,
                        s.choice
                    )
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Self { book, options, path })
    }

    /// The mark a game of this walkthrough carries while it follows the example.
    pub fn mark(&self) -> Tutorial {
        Tutorial {
            walkthrough: self.book.id.clone(),
            left_at: None,
        }
    }

    /// The example's actions, in order.
    pub fn path(&self) -> &[G::Action] {
        &self.path
    }

    fn dice(&self) -> DiceMode {
        match &self.book.dice {
            Some(faces) => DiceMode::Scripted { faces: faces.clone() },
            None => DiceMode::Seeded,
        }
    }

    /// A new game set up as the example sets it up, with the book's dice, marked as this walkthrough.
    pub fn session(&self) -> Result<Session<G>, G::Error> {
        let mut s = Session::new(self.options.clone(), self.book.seed, self.dice())?;
        s.set_tutorial(Some(self.mark()));
        Ok(s)
    }

    /// Whether `session` is a game of this walkthrough still on the example's path: every action it
    /// played is the example's, and it has not been left.
    pub fn follows(&self, session: &Session<G>) -> bool {
        session.tutorial() == Some(&self.mark())
            && session.actions().len() <= self.path.len()
            && session.actions().iter().zip(&self.path).all(|(a, b)| a == b)
    }

    /// Whether `session` is a game of this walkthrough that has walked the example's whole path (and
    /// perhaps played on from its end), never having left it.
    pub fn walked(&self, session: &Session<G>) -> bool {
        session.tutorial() == Some(&self.mark())
            && session.actions().len() >= self.path.len()
            && session.actions().iter().zip(&self.path).all(|(a, b)| a == b)
    }

    /// The action the example takes next, while the game follows it (none once the path is walked).
    pub fn expected(&self, session: &Session<G>) -> Option<&G::Action> {
        self.follows(session)
            .then(|| self.path.get(session.actions().len()))
            .flatten()
    }

    /// The game as it stands, played on off the example's path: the book's dice it used are kept, and
    /// the rolls to come are `dice`'s. The actions replay to the same game; the mark says where it was
    /// left. A walkthrough without book dice keeps its seeded dice.
    pub fn leave(&self, session: &Session<G>, dice: PlayOn) -> Result<Session<G>, String> {
        let taken = session.actions().len();
        let mode = match (&self.book.dice, dice) {
            (None, _) => session.dice_mode().clone(),
            (Some(faces), dice) => {
                let used = faces
                    .get(..self.faces_used(session, faces))
                    .unwrap_or(faces)
                    .to_vec();
                match dice {
                    PlayOn::Digital => DiceMode::ScriptedThenSeeded { faces: used },
                    PlayOn::Physical => DiceMode::Scripted { faces: used },
                }
            }
        };
        let mut off = self.replayed(mode, session.actions())?;
        off.set_tutorial(Some(Tutorial {
            walkthrough: self.book.id.clone(),
            left_at: Some(taken),
        }));
        Ok(off)
    }

    /// Back on the example's path: its actions the game shares with the example, replayed with the book's
    /// dice.
    pub fn rejoin(&self, session: &Session<G>) -> Result<Session<G>, String> {
        let shared = session
            .actions()
            .iter()
            .zip(&self.path)
            .take_while(|(a, b)| a == b)
            .count();
        let mut back = self.replayed(self.dice(), self.path.get(..shared).unwrap_or_default())?;
        back.set_tutorial(Some(self.mark()));
        Ok(back)
    }

    /// How many of the book's faces the game has used: the fewest with which its actions replay without a
    /// roll left waiting (a search over the faces, each probe a replay of the game's actions). A game
    /// waiting for a roll has used them all.
    fn faces_used(&self, session: &Session<G>, faces: &[u8]) -> usize {
        if matches!(session.pending(), Pending::Roll(_)) {
            return faces.len();
        }
        let settles = |k: usize| {
            let mode = DiceMode::Scripted {
                faces: faces.get(..k).unwrap_or(faces).to_vec(),
            };
            self.replayed(mode, session.actions())
                .is_ok_and(|s| !matches!(s.pending(), Pending::Roll(_)))
        };
        let (mut low, mut high) = (0, faces.len());
        while low < high {
            let mid = low + (high - low) / 2;
            if settles(mid) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        low
    }

    fn replayed(&self, dice: DiceMode, actions: &[G::Action]) -> Result<Session<G>, String> {
        let mut s =
            Session::<G>::new(self.options.clone(), self.book.seed, dice).map_err(|e| e.to_string())?;
        for (i, a) in actions.iter().enumerate() {
            s.apply(a.clone())
                .map_err(|e| format!("action {} ({a}) does not replay: {e}", i + 1))?;
        }
        Ok(s)
    }
}
