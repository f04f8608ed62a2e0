//! The companion's actions and their short text forms (`reveal dd 7-1`, `drew dd_arashi`, `tons 2660`),
//! which scripts, the CLI and the log use. `docs/headless.md` lists them.

use std::fmt;
use std::str::FromStr;

use periscope_data::Month;
use periscope_data::silent_war_ijn::combat::{CounterValues, Revealed};
use periscope_data::silent_war_ijn::procedures::Cup;
use periscope_data::silent_war_ijn::ships::Scenario;
use serde::{Deserialize, Serialize};

/// Who draws the IJN ships [3.0 step 2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Drawer {
    /// Periscope draws from its own shuffled piles (seeded).
    Periscope,
    /// The player draws from the physical piles and says what came up.
    Player,
}

/// Piles or cups for the IJN counters [3.0 step 2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stacks {
    Piles,
    Cups,
}

/// What a flipped SW Set counter shows [3.1] [3.3], or what else a target turns out to be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "shows", content = "what", rename_all = "snake_case")]
pub enum Shown {
    /// A Japanese warship, auxiliary or Diligent Escort: replaced from an IJN pile.
    Counter(Revealed),
    /// A named SW Set counter (its id, `cv_kaga`), standing only for its class [3.3].
    Named(String),
    Merchant,
    Aircraft,
    CombatEvent,
    Other,
}

impl Shown {
    pub fn word(&self) -> String {
        match self {
            Shown::Counter(r) => r.word().to_string(),
            Shown::Named(id) => format!("named {id}"),
            Shown::Merchant => "merchant".into(),
            Shown::Aircraft => "aircraft".into(),
            Shown::CombatEvent => "event".into(),
            Shown::Other => "other".into(),
        }
    }
}

/// What a revealed loner is [4.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LonerIs {
    /// A merchant (green bar on yellow).
    Merchant,
    /// A Japanese warship (grey bar on white).
    Warship,
    /// A non-warship auxiliary (grey bar on yellow).
    Auxiliary,
    Aircraft,
    CombatEvent,
}

impl LonerIs {
    pub const ALL: [LonerIs; 5] = [
        LonerIs::Merchant,
        LonerIs::Warship,
        LonerIs::Auxiliary,
        LonerIs::Aircraft,
        LonerIs::CombatEvent,
    ];

    pub fn word(self) -> &'static str {
        match self {
            LonerIs::Merchant => "merchant",
            LonerIs::Warship => "warship",
            LonerIs::Auxiliary => "auxiliary",
            LonerIs::Aircraft => "aircraft",
            LonerIs::CombatEvent => "event",
        }
    }
}

/// The colour a contact roll shows on the Area Activity Chart's row [4.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoxColour {
    White,
    Red,
    Other,
}

/// What became of an IJN ship in combat [3.4] [3.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    Undamaged,
    Damaged,
    Sunk,
}

/// A player's action. Counters are named by id (`dd_arashi`); months `M/YY`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SwAction {
    /// Yes or no to the question asked.
    Answer {
        yes: bool,
    },
    Scenario {
        scenario: Scenario,
    },
    Start {
        month: Month,
    },
    /// A War Event already past at the start; `None` when the list is done.
    Past {
        event: Option<String>,
    },
    WarPeriod {
        number: u8,
    },
    /// The Campaign Game (1-4), `None` when not a Campaign Game.
    Campaign {
        game: Option<u8>,
    },
    Draws {
        by: Drawer,
    },
    Stacks {
        kind: Stacks,
    },
    /// The Combat Phase: a target of a task force or convoy is about to be revealed [3.1].
    Combat,
    /// A contact roll that may find a loner [4.1].
    Loner,
    /// The War Progress Phase: the early War Period 4 check [7.0].
    Progress,
    /// A War Event happened this turn [2.1.1].
    Declare {
        event: String,
    },
    NextWeek,
    NextMonth,
    /// The companion's work is done: the game is over.
    End,
    /// The same submarine as in the last combat, or another.
    Boat {
        same: bool,
    },
    Reveal {
        shown: Shown,
        /// The SW counter's own printed values, for the record (they are replaced).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sw_values: Option<CounterValues>,
    },
    /// The column (and so the cup) the revealed counter came from.
    Column {
        cup: Cup,
    },
    /// The counter the player drew from the physical pile.
    Drew {
        counter: String,
    },
    Area {
        area: String,
    },
    /// Which Combat Event came up.
    Event {
        event: String,
    },
    LonerIs {
        kind: LonerIs,
    },
    Class {
        class: String,
    },
    Tactical {
        rating: u8,
    },
    Skipper {
        rating: u8,
    },
    Defense {
        value: u8,
    },
    Asw {
        value: u8,
    },
    /// Both printed values at once.
    Values {
        values: CounterValues,
    },
    /// Enter the printed values of a ship on the display.
    EnterValues {
        counter: String,
    },
    Box {
        colour: BoxColour,
    },
    /// The Diligent Escort or Event Aircraft Table gave No Effect, or another result.
    TableResult {
        no_effect: bool,
    },
    /// Try Targeting an Escort [6.0].
    Target,
    /// The escort targeted: a ship on the display, `None` for an unrevealed target.
    TargetShip {
        counter: Option<String>,
    },
    /// Give up targeting an escort this time.
    TargetNone,
    FirstRoundOver,
    SurfaceGunnery,
    EndCombat,
    Fate {
        fate: Fate,
    },
    /// The Tons Sunk marker, in thousands of tons.
    Tons {
        thousands: u32,
    },
    /// The Ships Sunk marker.
    Ships {
        count: u32,
    },
    /// The faces of real dice, when the game asks for them.
    Roll {
        faces: Vec<u8>,
    },
}

impl fmt::Display for SwAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SwAction as A;
        match self {
            A::Answer { yes: true } => f.write_str("yes"),
            A::Answer { yes: false } => f.write_str("no"),
            A::Scenario {
                scenario: Scenario::EastWindEarly,
            } => f.write_str("scenario 1932"),
            A::Scenario {
                scenario: Scenario::From1941,
            } => f.write_str("scenario 1941"),
            A::Start { month } => write!(f, "start {month}"),
            A::Past { event: Some(e) } => write!(f, "past {e}"),
            A::Past { event: None } => f.write_str("past done"),
            A::WarPeriod { number } => write!(f, "war_period {number}"),
            A::Campaign { game: Some(g) } => write!(f, "campaign {g}"),
            A::Campaign { game: None } => f.write_str("campaign none"),
            A::Draws {
                by: Drawer::Periscope,
            } => f.write_str("draws periscope"),
            A::Draws { by: Drawer::Player } => f.write_str("draws player"),
            A::Stacks { kind: Stacks::Piles } => f.write_str("piles"),
            A::Stacks { kind: Stacks::Cups } => f.write_str("cups"),
            A::Combat => f.write_str("combat"),
            A::Loner => f.write_str("loner"),
            A::Progress => f.write_str("progress"),
            A::Declare { event } => write!(f, "declare {event}"),
            A::NextWeek => f.write_str("week"),
            A::NextMonth => f.write_str("month"),
            A::End => f.write_str("end"),
            A::Boat { same: true } => f.write_str("boat same"),
            A::Boat { same: false } => f.write_str("boat new"),
            A::Reveal { shown, sw_values } => match sw_values {
                Some(v) => write!(f, "reveal {} {v}", shown.word()),
                None => write!(f, "reveal {}", shown.word()),
            },
            A::Column { cup } => write!(f, "column {}", cup.letter().to_ascii_lowercase()),
            A::Drew { counter } => write!(f, "drew {counter}"),
            A::Area { area } => write!(f, "area {area}"),
            A::Event { event } => write!(f, "event {event}"),
            A::LonerIs { kind } => write!(f, "is {}", kind.word()),
            A::Class { class } => write!(f, "class {class}"),
            A::Tactical { rating } => write!(f, "tactical {rating}"),
            A::Skipper { rating } => write!(f, "skipper {rating}"),
            A::Defense { value } => write!(f, "defense {value}"),
            A::Asw { value } => write!(f, "asw {value}"),
            A::Values { values } => write!(f, "values {values}"),
            A::EnterValues { counter } => write!(f, "values {counter}"),
            A::Box { colour } => write!(
                f,
                "box {}",
                match colour {
                    BoxColour::White => "white",
                    BoxColour::Red => "red",
                    BoxColour::Other => "other",
                }
            ),
            A::TableResult { no_effect: true } => f.write_str("table no_effect"),
            A::TableResult { no_effect: false } => f.write_str("table other"),
            A::Target => f.write_str("target"),
            A::TargetShip { counter: Some(c) } => write!(f, "target {c}"),
            A::TargetShip { counter: None } => f.write_str("target unrevealed"),
            A::TargetNone => f.write_str("target none"),
            A::FirstRoundOver => f.write_str("first_round"),
            A::SurfaceGunnery => f.write_str("gunnery"),
            A::EndCombat => f.write_str("end_combat"),
            A::Fate { fate } => f.write_str(match fate {
                Fate::Undamaged => "undamaged",
                Fate::Damaged => "damaged",
                Fate::Sunk => "sunk",
            }),
            A::Tons { thousands } => write!(f, "tons {thousands}"),
            A::Ships { count } => write!(f, "ships {count}"),
            A::Roll { faces } => {
                let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                write!(f, "roll {}", faces.join(" "))
            }
        }
    }
}

const VOCABULARY: &str = "yes, no, scenario 1932|1941, start M/YY, past EVENT|done, war_period N, campaign N|none, \
draws periscope|player, piles, cups, combat, loner, progress, declare EVENT, week, month, end, boat same|new, \
reveal WHAT [D-A], column A-D, drew COUNTER, area AREA, event EVENT, is KIND, class CLASS, tactical N, skipper N, \
defense N, asw N, values D-A, values COUNTER, box white|red|other, table no_effect|other, target [COUNTER|unrevealed|none], \
first_round, gunnery, end_combat, undamaged, damaged, sunk, tons N, ships N, roll F";

/// The short text form: see [`VOCABULARY`] and `docs/headless.md`.
impl FromStr for SwAction {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        use SwAction as A;
        let words: Vec<&str> = s.split_whitespace().collect();
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let w: Vec<&str> = lower.iter().map(String::as_str).collect();
        let number = |x: &str| {
            x.parse::<u32>()
                .map_err(|_| format!("'{s}': '{x}' is not a whole number"))
        };
        let small = |x: &str| {
            x.parse::<u8>()
                .map_err(|_| format!("'{s}': '{x}' is not a number from 0 to 255"))
        };
        let bad = || format!("'{s}' is not an action ({VOCABULARY})");
        let action = match w.as_slice() {
            ["yes"] => A::Answer { yes: true },
            ["no"] => A::Answer { yes: false },
            ["scenario", "1932"] => A::Scenario {
                scenario: Scenario::EastWindEarly,
            },
            ["scenario", "1941" | "1941_or_later" | "1941+"] => A::Scenario {
                scenario: Scenario::From1941,
            },
            ["start", m] => A::Start {
                month: Month::parse(m).map_err(|e| format!("'{s}': {e}"))?,
            },
            ["past", "done" | "none"] => A::Past { event: None },
            ["past", e] => A::Past {
                event: Some((*e).to_string()),
            },
            ["war_period", n] => A::WarPeriod { number: small(n)? },
            ["campaign", "none"] => A::Campaign { game: None },
            ["campaign", n] => A::Campaign {
                game: Some(small(n)?),
            },
            ["draws", "periscope"] => A::Draws {
                by: Drawer::Periscope,
            },
            ["draws", "player" | "me"] => A::Draws { by: Drawer::Player },
            ["piles"] => A::Stacks { kind: Stacks::Piles },
            ["cups"] => A::Stacks { kind: Stacks::Cups },
            ["combat"] => A::Combat,
            ["loner"] => A::Loner,
            ["progress"] => A::Progress,
            ["declare", e] => A::Declare {
                event: (*e).to_string(),
            },
            ["week"] => A::NextWeek,
            ["month"] => A::NextMonth,
            ["end"] => A::End,
            ["boat", "same"] => A::Boat { same: true },
            ["boat", "new"] => A::Boat { same: false },
            ["reveal", rest @ ..] if !rest.is_empty() => {
                let (shown, values) = match rest {
                    ["named", id, more @ ..] => (Shown::Named((*id).to_string()), more),
                    [what, more @ ..] => {
                        let shown = match *what {
                            "merchant" => Shown::Merchant,
                            "aircraft" => Shown::Aircraft,
                            "event" => Shown::CombatEvent,
                            "other" => Shown::Other,
                            x => Shown::Counter(Revealed::from_word(x).ok_or_else(bad)?),
                        };
                        (shown, more)
                    }
                    [] => return Err(bad()),
                };
                let sw_values = match values {
                    [] => None,
                    [v] => Some(v.parse::<CounterValues>().map_err(|e| format!("'{s}': {e}"))?),
                    _ => return Err(bad()),
                };
                A::Reveal { shown, sw_values }
            }
            ["column", c] => A::Column {
                cup: Cup::from_letter(c).ok_or_else(|| format!("'{s}': the columns are A to D"))?,
            },
            // A counter new to Periscope may be named in several words, as its counter prints it.
            ["drew", _, ..] => A::Drew {
                counter: words[1..].join(" "),
            },
            ["area", a] => A::Area {
                area: (*a).to_string(),
            },
            ["event", e] => A::Event {
                event: (*e).to_string(),
            },
            ["is", k] => A::LonerIs {
                kind: LonerIs::ALL
                    .into_iter()
                    .find(|x| x.word() == *k)
                    .ok_or_else(bad)?,
            },
            ["class", c] => A::Class {
                class: (*c).to_string(),
            },
            ["tactical", n] => A::Tactical { rating: small(n)? },
            ["skipper", n] => A::Skipper { rating: small(n)? },
            ["defense" | "defence", n] => A::Defense { value: small(n)? },
            ["asw", n] => A::Asw { value: small(n)? },
            ["values", v] if v.contains('-') => A::Values {
                values: v.parse::<CounterValues>().map_err(|e| format!("'{s}': {e}"))?,
            },
            ["values", d, a] if d.parse::<u8>().is_ok() => A::Values {
                values: format!("{d}-{a}")
                    .parse::<CounterValues>()
                    .map_err(|e| format!("'{s}': {e}"))?,
            },
            ["values", c] => A::EnterValues {
                counter: (*c).to_string(),
            },
            ["box", "white"] => A::Box {
                colour: BoxColour::White,
            },
            ["box", "red"] => A::Box {
                colour: BoxColour::Red,
            },
            ["box", "other"] => A::Box {
                colour: BoxColour::Other,
            },
            ["table", "no_effect"] => A::TableResult { no_effect: true },
            ["table", "other"] => A::TableResult { no_effect: false },
            ["target"] => A::Target,
            ["target", "none"] => A::TargetNone,
            ["target", "unrevealed"] => A::TargetShip { counter: None },
            ["target", c] => A::TargetShip {
                counter: Some((*c).to_string()),
            },
            ["first_round"] => A::FirstRoundOver,
            ["gunnery"] => A::SurfaceGunnery,
            ["end_combat"] => A::EndCombat,
            ["undamaged"] => A::Fate {
                fate: Fate::Undamaged,
            },
            ["damaged"] => A::Fate { fate: Fate::Damaged },
            ["sunk"] => A::Fate { fate: Fate::Sunk },
            ["tons", n] => A::Tons {
                thousands: number(n)?,
            },
            ["ships", n] => A::Ships { count: number(n)? },
            ["roll", faces @ ..] if !faces.is_empty() => A::Roll {
                faces: faces.iter().map(|x| small(x)).collect::<Result<_, _>>()?,
            },
            _ => return Err(bad()),
        };
        Ok(action)
    }
}
