//! Which procedure the companion is walking and where in it: what a screen needs to show each procedure
//! as its own small wizard (set-up, a loner, a crash dive, targeting an escort, the repair roll, early
//! War Period 4) while the decisions themselves stay the engine's. Read only: it changes nothing and is
//! not saved (a save replays its actions).

use periscope_data::silent_war_ijn::ships::PileId;
use serde::Serialize;

use super::combat::{After, Kind, Step, named_id};
use super::{Companion, Phase, Shown, SwAction};

/// The procedure under way, with the step a screen may need to know (the ship asked about).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "procedure", rename_all = "snake_case")]
pub enum Procedure {
    /// The set-up questions: the scenario and the base game's facts [3.0] [2.2].
    SetUp,
    /// A turn's menu: a Combat Phase, a contact roll, the War Progress Phase, a War Event, the next turn.
    Turn,
    /// The first week of a month: has a new War Period begun? [3.5]
    NewWarPeriod,
    /// The loner contact roll on the Area Activity Chart [4.1].
    LonerContact,
    /// Is it the submarine the companion already knows? [5.2]
    SameBoat {
        loner: bool,
    },
    /// A loner's set-up and reveal: the ratings, the placement roll, what the loner is [4.2] [4.3].
    Loner,
    /// A combat's menu: targets revealed and IJN ships drawn [3.1], or a loner's fight [4.3 Combat
    /// Procedure].
    Combat {
        loner: bool,
    },
    /// An IJN ship drawn for a revealed SW counter from this pile: the column, the draw, an empty pile,
    /// the special ships' waters [3.1] [3.41*] [3.7].
    Draw {
        pile: String,
        loner: bool,
    },
    /// A ship's printed values, at this position on the combat display [3.1A].
    Values {
        ship: usize,
    },
    /// Which Combat Event came up [SW19.2].
    CombatEvent {
        loner: bool,
    },
    /// A crash dive [5.1] [5.2].
    CrashDive {
        loner: bool,
    },
    /// Targeting an Escort [6.0] [6.1].
    TargetEscort,
    /// The end of combat: what became of the ship at this position on the display [3.4] [3.5].
    Fate {
        ship: usize,
    },
    /// The repair roll of the damaged ship at this position [3.51*], with the Tons Sunk marker first in
    /// Campaign Games 1, 3 and 4 [3.52*].
    Repair {
        ship: usize,
    },
    /// The War Progress Phase's early War Period 4 check [7.0].
    WarPeriod4,
    Over,
}

impl Procedure {
    /// The procedure's name, as a wizard's title.
    pub fn name(&self) -> &'static str {
        match self {
            Procedure::SetUp => "Set-up",
            Procedure::Turn => "The turn",
            Procedure::NewWarPeriod => "A new month",
            Procedure::LonerContact => "Loner: the contact roll",
            Procedure::SameBoat { .. } => "The submarine",
            Procedure::Loner => "Loner: set-up and reveal",
            Procedure::Combat { loner: false } => "Combat Phase",
            Procedure::Combat { loner: true } => "Loner combat",
            Procedure::Draw { .. } => "Drawing an IJN ship",
            Procedure::Values { .. } => "A ship's printed values",
            Procedure::CombatEvent { .. } => "A Combat Event",
            Procedure::CrashDive { .. } => "Crash dive",
            Procedure::TargetEscort => "Targeting an escort",
            Procedure::Fate { .. } => "End of combat",
            Procedure::Repair { .. } => "The repair roll",
            Procedure::WarPeriod4 => "Early War Period 4",
            Procedure::Over => "The companion is closed",
        }
    }

    /// The case the procedure follows.
    pub fn case(&self) -> &'static str {
        match self {
            Procedure::SetUp => "3.0",
            Procedure::Turn => "2.1.1",
            Procedure::NewWarPeriod => "3.5",
            Procedure::LonerContact => "4.1",
            Procedure::SameBoat { .. } => "5.2",
            Procedure::Loner => "4.2",
            Procedure::Combat { loner: false } => "3.1",
            Procedure::Combat { loner: true } => "4.3 Combat Procedure",
            Procedure::Draw { .. } => "3.1",
            Procedure::Values { .. } => "3.1A",
            Procedure::CombatEvent { .. } => "5.1",
            Procedure::CrashDive { .. } => "5.1",
            Procedure::TargetEscort => "6.0",
            Procedure::Fate { .. } => "3.4",
            Procedure::Repair { .. } => "3.51*",
            Procedure::WarPeriod4 => "7.0",
            Procedure::Over => "1.0",
        }
    }

    /// Whether a loner is being met (its wizard runs from the contact roll to the end of its combat).
    pub fn is_loner(&self) -> bool {
        matches!(
            self,
            Procedure::LonerContact
                | Procedure::Loner
                | Procedure::SameBoat { loner: true }
                | Procedure::Combat { loner: true }
                | Procedure::Draw { loner: true, .. }
                | Procedure::CombatEvent { loner: true }
                | Procedure::CrashDive { loner: true }
        )
    }
}

impl Companion {
    /// The procedure the companion is walking, and where in it.
    pub fn procedure(&self) -> Procedure {
        let combat = match &self.phase {
            Phase::Setup(_) => return Procedure::SetUp,
            Phase::Turn => return Procedure::Turn,
            Phase::MonthStart(_) => return Procedure::NewWarPeriod,
            Phase::Contact(_) => return Procedure::LonerContact,
            Phase::Progress(_) => return Procedure::WarPeriod4,
            Phase::Over { .. } => return Procedure::Over,
            Phase::Combat(c) => c,
        };
        let loner = matches!(combat.kind, Kind::Loner(_));
        match &combat.step {
            Step::Boat { .. } => Procedure::SameBoat { loner },
            Step::Main => Procedure::Combat { loner },
            Step::Replace(r) => Procedure::Draw {
                pile: r.pile().to_string(),
                loner,
            },
            Step::Values(v) => Procedure::Values { ship: v.ship },
            Step::WhichEvent { then } => Procedure::CombatEvent {
                loner: loner || *then == After::EndLoner,
            },
            Step::Dive(_) => Procedure::CrashDive { loner },
            Step::Target(_) => Procedure::TargetEscort,
            Step::Fates { next } => Procedure::Fate { ship: *next },
            Step::Repair(r) => Procedure::Repair { ship: r.ship() },
            Step::Loner(_) => Procedure::Loner,
        }
    }

    /// The IJN pile a reveal draws from: a warship's class pile [3.1A], the AX pile for an auxiliary
    /// [3.1B], the DD pile for a Diligent Escort [3.1C], a named SW counter's class [3.3]; `None` for any
    /// other action (a merchant, an aircraft, a Combat Event draw nothing).
    pub fn pile_for(&self, action: &SwAction) -> Option<PileId> {
        let SwAction::Reveal { shown, .. } = action else {
            return None;
        };
        match shown {
            Shown::Counter(r) => self.data.combat.draw_from(*r),
            Shown::Named(id) => self
                .data
                .combat
                .named_sw_counters
                .iter()
                .find(|n| named_id(&n.sw_counter) == *id)
                .map(|n| n.treated_as),
            _ => None,
        }
    }
}
