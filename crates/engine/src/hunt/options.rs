//! What the rulebook leaves open, decided once, each an option with a documented default
//! (`docs/rules/submarine-hunt.md` gives the reasons).

use serde::{Deserialize, Serialize};

/// Surface or Diving [Modes.1] [Modes.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Surface,
    Diving,
}

impl Mode {
    pub fn other(self) -> Self {
        match self {
            Mode::Surface => Mode::Diving,
            Mode::Diving => Mode::Surface,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mode::Surface => "Surface",
            Mode::Diving => "Diving",
        }
    }
}

/// Which packs the cards come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckPlan {
    /// Three packs: one deals the Detection Row, one is the Attack deck, one the Damage deck.
    Separate,
    /// One pack for everything: row, Attack and Damage cards.
    Shared,
}

/// What a torpedo is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TorpedoCost {
    /// Every Attack card flipped is one torpedo ("Fire a Torpedo = flip the top Attack Card").
    PerCard,
    /// One torpedo per Fire action, however many cards it flips.
    PerAttack,
}

/// What becomes of the running total against a ship after breaking off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackTotal {
    /// The ship shakes off the damage: the next attack starts from 0.
    ResetOnBreakOff,
    /// The damage stays: the next attack adds to it.
    KeepOnBreakOff,
}

/// When enemy fire sinks the submarine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HullLoss {
    /// Hull Points reaching 0 [Enemy.6].
    AtZero,
    /// Only damage beyond the 100 Hull Points [Objective.5].
    BelowZero,
}

/// Whether the sixes locked for the return voyage survive other actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReturnLocks {
    /// Locked sixes stay locked until the submarine arrives.
    KeepUntilArrival,
    /// Any other action abandons the voyage and frees the locked dice.
    ResetOnOtherAction,
}

/// Submarine Hunt's options. The default is the game as Periscope ships it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HuntOptions {
    pub start_oxygen: i32,
    pub max_oxygen: i32,
    pub start_battery: i32,
    pub max_battery: i32,
    pub start_mode: Mode,
    /// Jokers in each pack.
    pub jokers: u8,
    pub decks: DeckPlan,
    pub torpedo_cost: TorpedoCost,
    pub attack_total: AttackTotal,
    pub hull_loss: HullLoss,
    pub return_locks: ReturnLocks,
}

impl Default for HuntOptions {
    fn default() -> Self {
        Self {
            start_oxygen: 12,
            max_oxygen: 12,
            start_battery: 12,
            max_battery: 12,
            start_mode: Mode::Diving,
            jokers: 2,
            decks: DeckPlan::Separate,
            torpedo_cost: TorpedoCost::PerCard,
            attack_total: AttackTotal::ResetOnBreakOff,
            hull_loss: HullLoss::AtZero,
            return_locks: ReturnLocks::KeepUntilArrival,
        }
    }
}

impl HuntOptions {
    /// Checks the numbers make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        for (name, start, max) in [
            ("oxygen", self.start_oxygen, self.max_oxygen),
            ("battery", self.start_battery, self.max_battery),
        ] {
            if !(1..=999).contains(&max) {
                return Err(format!("maximum {name} must be 1 to 999, not {max}"));
            }
            if start < 1 || start > max {
                return Err(format!(
                    "starting {name} must be 1 to the maximum ({max}), not {start}"
                ));
            }
        }
        if self.jokers > 8 {
            return Err(format!("at most 8 Jokers a pack, not {}", self.jokers));
        }
        Ok(())
    }
}
