//! Submarine Hunt: the card-and-dice game, complete.
//!
//! The rules have no case numbers; cases are cited by the source's headings as the checklist numbers them
//! (`[Hunt.2]`, `[Enemy.4]`). Where the rules are silent, [`HuntOptions`] holds the decision.

mod cards;
mod consequence;
mod events;
mod options;
pub mod policy;
mod turn;
mod view;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use periscope_data::hunt::{HuntRules, ModeRow};
use serde::{Deserialize, Serialize};

pub use cards::{Card, Deck, Rank, Suit, score, standard_pack};
pub use events::{HuntEvent, LossCause};
pub use options::{AttackTotal, DeckPlan, HullLoss, HuntOptions, Mode, ReturnLocks, TorpedoCost};
pub use view::{HuntView, SlotView};

use crate::dice::{Dice, DiceMode, DiceSource, Faces, SeededRng};
use crate::game::{Choice, Game, Pending};
use crate::machine::{self, Decision, Refusal, RollSpec, Rules, Wait};
use crate::refusal::{Refused, Wording};
use crate::roll::{Quiet, RollRecord};

/// A player's action. Positions count 1-10 from the left, as the rules number the Detection Row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum HuntAction {
    /// Roll the sonar dice [Hunt.1].
    Hunt,
    /// Turn the Detection card the sonar dice point at [Hunt.2].
    PickCard { position: u8 },
    /// Start an attack on a found ship: flips the first Attack card [Attacking.1].
    Fire { target: u8 },
    /// Flip another Attack card at the same ship [Attacking.5].
    FlipCard,
    /// Stop the attack [Attacking.5].
    BreakOff,
    /// Surface or dive [Each Turn.1].
    ChangeMode,
    /// Try for home: three dice, sixes lock [Return.1].
    ReturnToBase,
    /// The faces of real dice, when the game asks for them.
    Roll { faces: Vec<u8> },
}

impl fmt::Display for HuntAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HuntAction::Hunt => f.write_str("hunt"),
            HuntAction::PickCard { position } => write!(f, "pick {position}"),
            HuntAction::Fire { target } => write!(f, "fire {target}"),
            HuntAction::FlipCard => f.write_str("flip"),
            HuntAction::BreakOff => f.write_str("break"),
            HuntAction::ChangeMode => f.write_str("mode"),
            HuntAction::ReturnToBase => f.write_str("return"),
            HuntAction::Roll { faces } => {
                let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                write!(f, "roll {}", faces.join(" "))
            }
        }
    }
}

/// The short text form scripts may use: `hunt`, `pick 3`, `fire 3`, `flip`, `break`, `mode`, `return`,
/// `roll 1 6 4`.
impl FromStr for HuntAction {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split_whitespace();
        let verb = words.next().unwrap_or("").to_ascii_lowercase();
        let numbers: Result<Vec<u8>, _> = words.map(str::parse::<u8>).collect();
        let numbers = numbers.map_err(|_| format!("'{s}': expected whole numbers after '{verb}'"))?;
        let one = |what: &str| match numbers.as_slice() {
            [n] => Ok(*n),
            _ => Err(format!("'{s}': '{verb}' takes one {what}")),
        };
        let none = |a: HuntAction| {
            if numbers.is_empty() {
                Ok(a)
            } else {
                Err(format!("'{s}': '{verb}' takes no number"))
            }
        };
        match verb.as_str() {
            "hunt" => none(HuntAction::Hunt),
            "pick" => Ok(HuntAction::PickCard {
                position: one("position")?,
            }),
            "fire" => Ok(HuntAction::Fire {
                target: one("position")?,
            }),
            "flip" => none(HuntAction::FlipCard),
            "break" | "break_off" => none(HuntAction::BreakOff),
            "mode" | "change_mode" => none(HuntAction::ChangeMode),
            "return" | "return_to_base" => none(HuntAction::ReturnToBase),
            "roll" if !numbers.is_empty() => Ok(HuntAction::Roll { faces: numbers }),
            _ => Err(format!(
                "'{s}' is not an action (hunt, pick N, fire N, flip, break, mode, return, roll F F …)"
            )),
        }
    }
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum HuntError {
    /// That Detection position cannot be turned with these dice, or is not face down.
    CardNotReachable {
        position: u8,
    },
    /// No found, unsunk ship at that position.
    NoShipThere {
        position: u8,
    },
    NoTorpedoes,
    /// A refusal every game shares.
    #[serde(untagged)]
    Refused(Refused),
}

/// How Submarine Hunt words the shared refusals.
const WORDING: Wording = Wording {
    waits: "the game",
    rolls: "this game",
    over: "the game is over",
    data: "rules data",
    unsettled: "the game did not settle",
};

impl fmt::Display for HuntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HuntError::CardNotReachable { position } => {
                write!(
                    f,
                    "card {position} is not face down or not reachable with these sonar dice [Hunt.2]"
                )
            }
            HuntError::NoShipThere { position } => {
                write!(f, "there is no found ship at position {position} [Hunt.6]")
            }
            HuntError::NoTorpedoes => f.write_str("no torpedoes left: return to base to reload [Return.4]"),
            HuntError::Refused(r) => r.fmt_with(f, &WORDING),
        }
    }
}

impl std::error::Error for HuntError {}

/// What lies at one place in the Detection Row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotState {
    FaceDown,
    /// Turned over and empty sea.
    Empty,
    /// A ship, found and not yet sunk.
    Found,
    Sunk,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub card: Card,
    pub state: SlotState,
    /// Attack cards that count against this ship now.
    pub hits: Vec<Card>,
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Choose the turn's action [Each Turn.1].
    Action,
    /// The sonar dice are down: choose a card [Hunt.2].
    ChooseCard {
        faces: Faces,
    },
    /// An attack is under way: flip again or break off [Attacking.5].
    AttackDecision,
    /// Dice must be rolled before the game goes on.
    Roll {
        purpose: RollPurpose,
    },
    Over {
        won: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollPurpose {
    Sonar,
    Detection,
    Return,
}

/// A game of Submarine Hunt.
#[derive(Debug, Clone, PartialEq)]
pub struct Hunt {
    options: HuntOptions,
    rules: Arc<HuntRules>,
    dice: DiceSource,
    cards_rng: SeededRng,
    mode: Mode,
    oxygen: i32,
    battery: i32,
    hull: i32,
    torpedoes: u32,
    sink_points: u32,
    row: Vec<Slot>,
    /// [row, attack, damage] with separate packs; one deck when shared.
    decks: Vec<Deck>,
    /// Detections in a row [Enemy.2].
    streak: u32,
    hit_bonus: bool,
    /// Damage cards of the exchange under way (an Ace among them doubles a neighbour).
    fire_cards: Vec<Card>,
    /// Index into `row` of the ship under attack.
    attack: Option<usize>,
    /// The score of the Attack cards at the ship under attack [Attacking.2]-[Attacking.4], kept as they
    /// are flipped: a flip adds one card's worth instead of scoring them all again.
    attack_total: u32,
    /// Sixes locked for the voyage home [Return.2].
    locked_sixes: u8,
    phase: Phase,
    turn: u32,
    last_roll: Option<RollRecord>,
    loss: Option<LossCause>,
    quiet: Quiet,
}

/// A set of values 0-255, for the sonar's reach without a list.
#[derive(Clone, Copy)]
struct Reach([u64; 4]);

impl Reach {
    fn add(&mut self, v: u8) {
        self.0[usize::from(v >> 6)] |= 1 << (v & 63);
    }

    fn has(self, v: u8) -> bool {
        self.0[usize::from(v >> 6)] & (1 << (v & 63)) != 0
    }

    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    /// The smallest value in the set.
    fn first(self) -> Option<u8> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, word)| **word != 0)
            .and_then(|(i, word)| u8::try_from(i * 64 + word.trailing_zeros() as usize).ok())
    }
}

/// Which deck a draw comes from.
#[derive(Clone, Copy)]
enum DeckKind {
    Row = 0,
    Attack = 1,
    Damage = 2,
}

impl Hunt {
    /// A game with its decks stacked as given (top card first) instead of shuffled: for tests and for
    /// replaying a game dealt from a real pack. Cards beyond a stacked deck come from fresh shuffled packs.
    pub fn with_decks(
        options: HuntOptions,
        seed: u64,
        dice: DiceMode,
        row: &[Card],
        attack: &[Card],
        damage: &[Card],
    ) -> Result<Self, HuntError> {
        let mut g = Self::new(options, seed, dice)?;
        let jokers = g.options.jokers;
        g.decks = vec![
            Deck::stacked(row, jokers),
            Deck::stacked(attack, jokers),
            Deck::stacked(damage, jokers),
        ];
        g.options.decks = DeckPlan::Separate;
        g.deal_row();
        Ok(g)
    }

    pub fn options(&self) -> &HuntOptions {
        &self.options
    }
    pub fn rules(&self) -> &HuntRules {
        &self.rules
    }
    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn oxygen(&self) -> i32 {
        self.oxygen
    }
    pub fn battery(&self) -> i32 {
        self.battery
    }
    pub fn hull(&self) -> i32 {
        self.hull
    }
    pub fn torpedoes(&self) -> u32 {
        self.torpedoes
    }
    pub fn sink_points(&self) -> u32 {
        self.sink_points
    }
    pub fn row(&self) -> &[Slot] {
        &self.row
    }
    pub fn streak(&self) -> u32 {
        self.streak
    }
    pub fn hit_bonus(&self) -> bool {
        self.hit_bonus
    }
    /// Damage cards dealt in the exchange under way.
    pub fn fire_cards(&self) -> &[Card] {
        &self.fire_cards
    }
    /// Position (1-10) of the ship under attack.
    pub fn attack_target(&self) -> Option<u8> {
        self.attack.map(position_of)
    }
    pub fn locked_sixes(&self) -> u8 {
        self.locked_sixes
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    /// Turns begun, counting the current one.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn last_roll(&self) -> Option<&RollRecord> {
        self.last_roll.as_ref()
    }
    pub fn loss(&self) -> Option<LossCause> {
        self.loss
    }
    /// Cards left in the Attack deck's pile.
    pub fn attack_pile(&self) -> usize {
        self.deck_ref(DeckKind::Attack).pile.len()
    }
    /// Cards left in the Damage deck's pile.
    pub fn damage_pile(&self) -> usize {
        self.deck_ref(DeckKind::Damage).pile.len()
    }

    /// [Modes.3] [Objective.3] [Objective.4] What the next Consequence Phase would cost: a warning for
    /// each supply the current mode would empty, so the player is told before the crew is lost, with the
    /// way out the rules leave (changing mode uses the other mode's rates [Each Turn.3]).
    pub fn warnings(&self) -> Vec<String> {
        if matches!(self.phase, Phase::Over { .. }) {
            return Vec::new();
        }
        let row = self.mode_row();
        let other = match self.mode {
            Mode::Surface => &self.rules.diving,
            Mode::Diving => &self.rules.surface,
        };
        let mut out = Vec::new();
        for (name, now, change, rescue, rule) in [
            (
                "Oxygen",
                self.oxygen,
                row.oxygen_per_turn,
                other.oxygen_per_turn,
                "Objective.3",
            ),
            (
                "Battery",
                self.battery,
                row.battery_per_turn,
                other.battery_per_turn,
                "Objective.4",
            ),
        ] {
            if now + change > 0 {
                continue;
            }
            let way_out = if now + rescue > 0 {
                format!(" Changing mode to {} keeps it above 0.", self.mode.other().name())
            } else {
                String::new()
            };
            out.push(format!(
                "{name} {now}: the next action in {} mode ends at {name} {} and the crew is lost [Modes.3] \
                 [{rule}].{way_out}",
                self.mode.name(),
                now + change
            ));
        }
        out
    }

    /// The mode's row of the Cruising Modes table.
    pub fn mode_row(&self) -> &ModeRow {
        match self.mode {
            Mode::Surface => &self.rules.surface,
            Mode::Diving => &self.rules.diving,
        }
    }

    /// The Detection positions (1-10) the sonar faces can point at: any single die, or the sum of any two
    /// dice [Hunt.2]; only face-down cards [Hunt.3]; sums beyond the row point at nothing.
    pub fn reachable_positions(&self, faces: &[u8]) -> Vec<u8> {
        let reach = self.reach(faces);
        self.positions().filter(|&v| reach.has(v)).collect()
    }

    /// The values the faces point at (any die, or the sum of two) that are face-down positions: what
    /// [`Hunt::reachable_positions`] lists, without a list.
    fn reach(&self, faces: &[u8]) -> Reach {
        let mut reach = Reach([0; 4]);
        // Each value (a die, or two dice summed) is looked up in the row: a few lookups, not a scan.
        let mut point_at = |v: u8| {
            let face_down = usize::from(v)
                .checked_sub(1)
                .and_then(|i| self.row.get(i))
                .is_some_and(|slot| slot.state == SlotState::FaceDown);
            if face_down {
                reach.add(v);
            }
        };
        for (i, &a) in faces.iter().enumerate() {
            point_at(a);
            for &b in &faces[i + 1..] {
                point_at(a.wrapping_add(b));
            }
        }
        reach
    }

    /// The Detection Row's positions, 1 up (those a `u8` can name).
    fn positions(&self) -> impl Iterator<Item = u8> + use<> {
        1..=u8::try_from(self.row.len()).unwrap_or(u8::MAX)
    }

    fn deck_index(&self, kind: DeckKind) -> usize {
        match self.options.decks {
            DeckPlan::Separate => kind as usize,
            DeckPlan::Shared => 0,
        }
    }

    fn deck_ref(&self, kind: DeckKind) -> &Deck {
        let i = self.deck_slot(kind);
        &self.decks[i]
    }

    /// The index in `decks` of the deck of `kind`.
    fn deck_slot(&self, kind: DeckKind) -> usize {
        self.deck_index(kind).min(self.decks.len().saturating_sub(1))
    }

    fn draw(&mut self, kind: DeckKind) -> Card {
        let i = self.deck_slot(kind);
        self.decks[i].draw(&mut self.cards_rng)
    }

    /// Discards the Damage cards of the exchange, keeping their room for the next.
    fn discard_fire(&mut self) {
        let i = self.deck_slot(DeckKind::Damage);
        self.decks[i].discard_all(&mut self.fire_cards);
    }

    /// Deals a fresh Detection Row face down [Return.4]. The slots of the old row are dealt again, so their
    /// room for Attack cards is kept.
    fn deal_row(&mut self) {
        let n = self.rules.detection_row_cards.value as usize;
        let mut row = std::mem::take(&mut self.row);
        row.truncate(n);
        row.reserve_exact(n - row.len());
        for slot in &mut row {
            slot.card = self.draw(DeckKind::Row);
            slot.state = SlotState::FaceDown;
            slot.hits.clear();
        }
        while row.len() < n {
            row.push(Slot {
                card: self.draw(DeckKind::Row),
                state: SlotState::FaceDown,
                hits: Vec::new(),
            });
        }
        self.row = row;
    }

    fn waiting_for(&self) -> String {
        match &self.phase {
            Phase::Action => "an action (hunt, fire, mode or return)".into(),
            Phase::ChooseCard { .. } => "a Detection card to turn".into(),
            Phase::AttackDecision => "flip another Attack card or break off".into(),
            Phase::Roll { purpose } => format!("the {} dice", purpose_name(*purpose)),
            Phase::Over { .. } => "nothing: the game is over".into(),
        }
    }

    fn dice_for(&self, purpose: RollPurpose) -> Dice {
        match purpose {
            RollPurpose::Sonar => Dice::D6 {
                count: self.mode_row().sonar_dice,
            },
            RollPurpose::Detection => Dice::D1D6,
            RollPurpose::Return => {
                let total = u8::try_from(self.rules.return_dice.value).unwrap_or(3);
                Dice::D6 {
                    count: total.saturating_sub(self.locked_sixes).max(1),
                }
            }
        }
    }
}

impl Hunt {
    /// [Hunt.1] [Hunt.2] The sonar dice: whether one die or the sum of two reaches a face-down card.
    pub fn sonar_odds(&self) -> crate::odds::Odds {
        let dice = self.dice_for(RollPurpose::Sonar);
        let (chart, rule) = purpose_chart(RollPurpose::Sonar);
        let judged: Result<crate::odds::Odds, std::convert::Infallible> = crate::odds::by_faces(
            chart,
            rule,
            dice,
            &["reaches a face-down card", "reaches none"],
            "the sonar dice only: which card to turn is your choice, and the enemy's detection die follows",
            |faces| {
                Ok(if self.reach(&faces).is_empty() {
                    "reaches none"
                } else {
                    "reaches a face-down card"
                }
                .to_string())
            },
        );
        crate::odds::certain(judged)
    }
}

impl Hunt {
    /// [Enemy.1] [Enemy.2] [Enemy.4] [Ships.3] The enemy's detection die, read as its record reads it
    /// (the mode's detection number, the attacked ship's penalty, the +1 after a hit): detected or not.
    pub fn detection_odds(&self) -> crate::odds::Odds {
        let (chart, rule) = purpose_chart(RollPurpose::Detection);
        let threshold = i32::from(self.mode_row().detected_on_or_below);
        let to_fire = self.rules.detections_to_open_fire.value;
        let opens_fire = self.streak + 1 >= to_fire;
        let detected = if opens_fire {
            "detected: the enemy opens fire"
        } else {
            "detected"
        };
        let covers = if opens_fire {
            format!(
                "the enemy's detection die: a detection now is the {} in a row, and the enemy opens fire                  with a Damage card [Enemy.3]",
                ordinal(self.streak + 1)
            )
        } else {
            format!(
                "the enemy's detection die: {} detections in a row open fire [Enemy.2], {} so far",
                to_fire, self.streak
            )
        };
        let roll = crate::odds::RollToJudge::new(
            chart,
            rule,
            Dice::D1D6,
            self.detection_modifiers(),
            consequence::DETECTION_ENDS,
        );
        let judged: Result<crate::odds::Odds, std::convert::Infallible> =
            roll.odds(&[detected, "not detected"], covers, |rec| {
                Ok(if rec.result <= threshold {
                    detected
                } else {
                    "not detected"
                }
                .to_string())
            });
        crate::odds::certain(judged)
    }

    /// [Return.1] [Return.2] [Return.3] The voyage home's unlocked dice: how many sixes will be locked
    /// after them, or home.
    pub fn return_odds(&self) -> crate::odds::Odds {
        let (chart, rule) = purpose_chart(RollPurpose::Return);
        let dice = self.dice_for(RollPurpose::Return);
        let needed = u8::try_from(self.rules.return_dice.value).unwrap_or(3);
        let locked = |sixes: u8| format!("{} of {needed} sixes locked", sixes.min(needed));
        let mut order: Vec<String> = vec!["home".to_string()];
        order.extend((self.locked_sixes..needed).rev().map(locked));
        let order: Vec<&str> = order.iter().map(String::as_str).collect();
        let judged: Result<crate::odds::Odds, std::convert::Infallible> = crate::odds::by_faces(
            chart,
            rule,
            dice,
            &order,
            "the voyage home's dice only: the enemy's detection die follows unless the boat is home",
            |faces| {
                let sixes = u8::try_from(faces.iter().filter(|&&f| f == 6).count()).unwrap_or(0);
                let now = self.locked_sixes.saturating_add(sixes);
                Ok(if now >= needed {
                    "home".to_string()
                } else {
                    locked(now)
                })
            },
        );
        crate::odds::certain(judged)
    }
}

/// `first`, `second`, `third`… for a run of detections.
fn ordinal(n: u32) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        n => format!("{n}th"),
    }
}

/// The shipped rules: parsed once per process, this thread's copy ([`crate::shipped_data`]).
fn shipped_rules() -> Result<Arc<HuntRules>, HuntError> {
    static SHIPPED: std::sync::OnceLock<Result<HuntRules, String>> = std::sync::OnceLock::new();
    thread_local! {
        static THIS_THREADS: std::cell::OnceCell<Arc<HuntRules>> = const { std::cell::OnceCell::new() };
    }
    crate::shipped_data::this_threads(&SHIPPED, &THIS_THREADS, || {
        HuntRules::shipped().map_err(|e| e.to_string())
    })
    .map_err(|e| HuntError::Refused(Refused::Data(e)))
}

/// Adds the event `make` writes, unless the game is silent ([`Game::silent`]): a silent game does not
/// even write it.
fn tell(quiet: Quiet, events: &mut Vec<HuntEvent>, make: impl FnOnce() -> HuntEvent) {
    if quiet.events() {
        events.push(make());
    }
}

fn position_of(index: usize) -> u8 {
    u8::try_from(index + 1).unwrap_or(u8::MAX)
}

fn purpose_name(p: RollPurpose) -> &'static str {
    match p {
        RollPurpose::Sonar => "sonar",
        RollPurpose::Detection => "enemy detection",
        RollPurpose::Return => "return to base",
    }
}

fn purpose_chart(p: RollPurpose) -> (&'static str, &'static str) {
    match p {
        RollPurpose::Sonar => ("Sonar", "Hunt.1"),
        RollPurpose::Detection => ("Enemy detection", "Enemy.1"),
        RollPurpose::Return => ("Return to base", "Return.1"),
    }
}

impl Game for Hunt {
    type Options = HuntOptions;
    type Action = HuntAction;
    type Event = HuntEvent;
    type Error = HuntError;

    const ID: &'static str = "hunt";
    const NAME: &'static str = "Submarine Hunt";
    const RULES_DATA: Option<&'static str> = Some("hunt");

    fn new(options: HuntOptions, seed: u64, dice: DiceMode) -> Result<Self, HuntError> {
        options
            .validate()
            .map_err(|e| HuntError::Refused(Refused::BadOptions(e)))?;
        let rules = shipped_rules()?;
        // Cards are shuffled from their own stream, so physical dice and seeded dice deal the same cards.
        let mut cards_rng = SeededRng::new(seed ^ 0x5EED_CA4D_5EED_CA4D);
        let packs = match options.decks {
            DeckPlan::Separate => 3,
            DeckPlan::Shared => 1,
        };
        let decks = (0..packs)
            .map(|_| Deck::shuffled(options.jokers, &mut cards_rng))
            .collect();
        let mut g = Hunt {
            mode: options.start_mode,
            oxygen: options.start_oxygen,
            battery: options.start_battery,
            hull: i32::try_from(rules.hull_points.value).unwrap_or(100),
            torpedoes: rules.torpedoes.value,
            rules,
            options,
            dice: DiceSource::new(&dice, seed),
            cards_rng,
            sink_points: 0,
            row: Vec::new(),
            decks,
            streak: 0,
            hit_bonus: false,
            fire_cards: Vec::new(),
            attack: None,
            attack_total: 0,
            locked_sixes: 0,
            phase: Phase::Action,
            turn: 1,
            last_roll: None,
            loss: None,
            quiet: Quiet::default(),
        };
        g.deal_row();
        Ok(g)
    }

    fn pending(&self) -> Pending<HuntAction> {
        machine::pending(self)
    }

    fn apply(&mut self, action: HuntAction) -> Result<Vec<HuntEvent>, HuntError> {
        machine::play(self, action)
    }

    fn apply_discarding_on_error(&mut self, action: HuntAction) -> Result<Vec<HuntEvent>, HuntError> {
        machine::play_in_place(self, action)
    }

    fn apply_offered(&mut self, action: HuntAction) -> Result<Vec<HuntEvent>, HuntError> {
        machine::play_offered(self, action)
    }

    fn apply_offered_into(
        &mut self,
        action: HuntAction,
        events: &mut Vec<HuntEvent>,
    ) -> Result<(), HuntError> {
        machine::play_offered_into(self, action, events)
    }

    fn quiet(&mut self) {
        self.quiet.hush();
    }

    fn silent(&mut self) {
        self.quiet.silence();
    }

    fn dice_action(faces: Vec<u8>) -> HuntAction {
        HuntAction::Roll { faces }
    }
}

impl Hunt {
    /// The actions the decision waiting now offers, in the order its choices list them (none when the
    /// game waits for a roll or is over): [`Rules::wait`] writes a label for each.
    pub fn offered_actions(&self) -> Vec<HuntAction> {
        // At most a Hunt, a Fire per position, Change Mode and Return to Base.
        let mut actions = Vec::with_capacity(self.row.len() + 3);
        self.offer_into(&mut actions);
        actions
    }

    /// [`Hunt::offered_actions`] written into `actions`, emptied first.
    fn offer_into(&self, actions: &mut Vec<HuntAction>) {
        actions.clear();
        match &self.phase {
            Phase::Action => {
                if self.row.iter().any(|s| s.state == SlotState::FaceDown) {
                    actions.push(HuntAction::Hunt);
                }
                if self.torpedoes > 0 {
                    for (i, s) in self.row.iter().enumerate() {
                        if s.state == SlotState::Found {
                            actions.push(HuntAction::Fire {
                                target: position_of(i),
                            });
                        }
                    }
                }
                actions.push(HuntAction::ChangeMode);
                actions.push(HuntAction::ReturnToBase);
            }
            Phase::ChooseCard { faces } => {
                let reach = self.reach(faces);
                actions.extend(
                    self.positions()
                        .filter(|&v| reach.has(v))
                        .map(|p| HuntAction::PickCard { position: p }),
                );
            }
            Phase::AttackDecision => {
                if self.torpedoes > 0 || self.options.torpedo_cost == TorpedoCost::PerAttack {
                    actions.push(HuntAction::FlipCard);
                }
                actions.push(HuntAction::BreakOff);
            }
            Phase::Roll { .. } | Phase::Over { .. } => {}
        }
    }

    /// Whether the decision waiting now offers `action`: what [`Hunt::offered_actions`] lists, told
    /// without the list.
    #[inline]
    pub fn offers(&self, action: &HuntAction) -> bool {
        match (&self.phase, action) {
            (Phase::Action, HuntAction::Hunt) => self.row.iter().any(|s| s.state == SlotState::FaceDown),
            (Phase::Action, HuntAction::Fire { target }) => {
                self.torpedoes > 0
                    && usize::from(*target)
                        .checked_sub(1)
                        .and_then(|i| self.row.get(i))
                        .is_some_and(|s| s.state == SlotState::Found)
            }
            (Phase::Action, HuntAction::ChangeMode | HuntAction::ReturnToBase) => true,
            (Phase::ChooseCard { faces }, HuntAction::PickCard { position }) => {
                self.reach(faces).has(*position)
            }
            (Phase::AttackDecision, HuntAction::FlipCard) => {
                self.torpedoes > 0 || self.options.torpedo_cost == TorpedoCost::PerAttack
            }
            (Phase::AttackDecision, HuntAction::BreakOff) => true,
            _ => false,
        }
    }

    /// The first position the sonar faces reach: the first card a Choose Card decision offers.
    pub(crate) fn first_reachable(&self, faces: &[u8]) -> Option<u8> {
        self.reach(faces).first()
    }

    /// The sentence on an offered action's button.
    fn choice_label(&self, action: &HuntAction) -> String {
        match action {
            HuntAction::Hunt => format!("Hunt: roll {} sonar dice", self.mode_row().sonar_dice),
            HuntAction::Fire { target } => {
                let name = usize::from(*target)
                    .checked_sub(1)
                    .and_then(|i| self.row.get(i))
                    .and_then(|s| s.card.ship())
                    .and_then(|c| self.rules.ship(c))
                    .map_or("ship", |r| &r.ship);
                format!("Fire at the {name} (card {target})")
            }
            HuntAction::ChangeMode => format!("Change mode to {}", self.mode.other().name()),
            HuntAction::ReturnToBase => {
                format!("Return to base ({} of 3 sixes locked)", self.locked_sixes)
            }
            HuntAction::PickCard { position } => format!("Turn card {position}"),
            HuntAction::FlipCard => "Flip another Attack card".into(),
            HuntAction::BreakOff => "Break off the attack".into(),
            other => other.to_string(),
        }
    }
}

impl Rules for Hunt {
    type Action = HuntAction;
    type Event = HuntEvent;
    type Error = HuntError;
    type Roll = RollPurpose;

    fn wait(&self) -> Wait<HuntAction, RollPurpose> {
        // The choices are the offered actions, each with its label: a policy lists the actions alone.
        let choices = |rule_of: fn(&HuntAction) -> &'static str| {
            self.offered_actions()
                .into_iter()
                .map(|action| Choice {
                    label: self.choice_label(&action),
                    rule: rule_of(&action).into(),
                    action,
                })
                .collect::<Vec<_>>()
        };
        match &self.phase {
            Phase::Action => Wait::Decide(Decision::new(
                format!("Turn {}: choose an action", self.turn),
                "Each Turn.1",
                choices(|a| match a {
                    HuntAction::Hunt => "Hunt.1",
                    HuntAction::Fire { .. } => "Attacking.1",
                    HuntAction::ChangeMode => "Each Turn.1",
                    _ => "Return.1",
                }),
            )),
            Phase::ChooseCard { faces } => {
                let shown: Vec<String> = faces.iter().map(u8::to_string).collect();
                Wait::Decide(Decision::new(
                    format!(
                        "Sonar dice {}: one die or the sum of two picks a card",
                        shown.join(", ")
                    ),
                    "Hunt.2",
                    choices(|_| "Hunt.2"),
                ))
            }
            Phase::AttackDecision => {
                let total = self
                    .attack
                    .and_then(|i| self.row.get(i))
                    .map_or(0, |s| score(&s.hits));
                Wait::Decide(Decision::new(
                    format!("Attack total {total}: keep firing?"),
                    "Attacking.5",
                    choices(|_| "Attacking.5"),
                ))
            }
            Phase::Roll { purpose } => Wait::Roll(*purpose),
            Phase::Over { won } => Wait::Over {
                won: *won,
                summary: if *won {
                    format!("Victory: home with {} Sink Points.", self.sink_points)
                } else {
                    self.loss.map_or("Defeat.", LossCause::describe).to_string()
                },
            },
        }
    }

    fn waiting_roll(&self) -> Option<RollPurpose> {
        match &self.phase {
            Phase::Roll { purpose } => Some(*purpose),
            _ => None,
        }
    }

    fn roll_odds(&self, purpose: RollPurpose) -> Option<crate::odds::Odds> {
        Some(match purpose {
            RollPurpose::Sonar => self.sonar_odds(),
            RollPurpose::Detection => self.detection_odds(),
            RollPurpose::Return => self.return_odds(),
        })
    }

    fn roll_dice(&self, purpose: RollPurpose) -> Dice {
        self.dice_for(purpose)
    }

    fn roll_spec(&self, purpose: RollPurpose) -> RollSpec {
        let (chart, rule) = purpose_chart(purpose);
        RollSpec::new(
            self.dice_for(purpose),
            chart,
            rule,
            format!("Roll the {} dice", purpose_name(purpose)),
        )
    }

    fn dice(&mut self) -> &mut DiceSource {
        &mut self.dice
    }

    fn faces_of(action: &HuntAction) -> Option<&[u8]> {
        match action {
            HuntAction::Roll { faces } => Some(faces),
            _ => None,
        }
    }

    /// Every action reaches the turn's rules, which refuse it with the reason a player needs (no ship
    /// there, card out of reach) rather than a bare "not now".
    fn check(&self, _decision: &Decision<HuntAction>, _action: &HuntAction) -> Result<(), HuntError> {
        Ok(())
    }

    /// Every decision's actions reach the turn's rules (see `check`): no list is needed to play one.
    fn decides_without_listing(&self) -> bool {
        matches!(
            self.phase,
            Phase::Action | Phase::ChooseCard { .. } | Phase::AttackDecision
        )
    }

    #[inline]
    fn decide(&mut self, action: HuntAction, events: &mut Vec<HuntEvent>) -> Result<(), HuntError> {
        self.step(action, events)
    }

    #[inline]
    fn resolve(
        &mut self,
        purpose: RollPurpose,
        faces: Faces,
        events: &mut Vec<HuntEvent>,
    ) -> Result<(), HuntError> {
        self.resolve_roll(purpose, faces, events);
        Ok(())
    }

    fn waiting_for(&self) -> String {
        Hunt::waiting_for(self)
    }
}

impl From<Refusal> for HuntError {
    fn from(r: Refusal) -> Self {
        HuntError::Refused(Refused::from_refusal(r, &WORDING))
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
impl Hunt {
    /// The game without its latest roll: what a quiet game never keeps.
    pub(crate) fn forget_rolls(&mut self) {
        self.last_roll = None;
    }

    /// Every card of the packs in play is on the table or in a deck: none created or lost.
    pub(crate) fn cards_accounted_for(&self) -> bool {
        let on_table: usize =
            self.row.len() + self.row.iter().map(|s| s.hits.len()).sum::<usize>() + self.fire_cards.len();
        let in_decks: usize = self.decks.iter().map(|d| d.pile.len() + d.discards.len()).sum();
        let packs: u32 = self.decks.iter().map(|d| d.packs).sum();
        on_table + in_decks == packs as usize * (52 + usize::from(self.options.jokers))
    }
}
