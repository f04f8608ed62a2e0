//! Built-in captains for simulations and for finishing a scripted game: they only ever choose among the
//! legal choices the game offers.

use crate::dice::SeededRng;
use crate::game::{Game, Pending};

/// A way of choosing actions, the same for every game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Any legal choice, uniformly.
    Random,
    /// The game's own careful play (see each game's `Captain` impl).
    Careful,
}

/// A game's careful captain.
pub trait Captain: Game {
    /// The careful choice for this decision, or `None` to take the first legal choice.
    fn careful_choice(&self, pending: &Pending<Self::Action>) -> Option<Self::Action>;
}

impl Policy {
    pub const NAMES: [&'static str; 2] = ["careful", "random"];

    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "random" => Some(Policy::Random),
            "careful" | "default" => Some(Policy::Careful),
            _ => None,
        }
    }

    /// Like `parse`, with a message naming the known policies.
    pub fn named(name: &str) -> Result<Self, String> {
        Self::parse(name)
            .ok_or_else(|| format!("unknown policy '{name}' (known: {})", Self::NAMES.join(", ")))
    }

    /// The policy's choice, or `None` when the game does not wait for a decision (a roll, or the end).
    pub fn choose<G: Captain>(self, game: &G, rng: &mut SeededRng) -> Option<G::Action> {
        let pending = game.pending();
        let choices = pending.choices();
        if choices.is_empty() {
            return None;
        }
        let legal = |a: &G::Action| choices.iter().any(|c| &c.action == a);
        match self {
            Policy::Random => choices.get(rng.index(choices.len())).map(|c| c.action.clone()),
            Policy::Careful => game
                .careful_choice(&pending)
                .filter(legal)
                .or_else(|| choices.first().map(|c| c.action.clone())),
        }
    }
}
