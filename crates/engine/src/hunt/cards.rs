//! Playing cards: the Detection Row, the Attack deck and the Damage deck are all drawn from standard packs.

use std::fmt;
use std::str::FromStr;

use periscope_data::hunt::ShipCard;
use serde::{Deserialize, Serialize};

use crate::dice::SeededRng;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "Clubs",
            Suit::Diamonds => "Diamonds",
            Suit::Hearts => "Hearts",
            Suit::Spades => "Spades",
        }
    }

    /// The suit's symbol, for text that can show it.
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// 2 to 10.
    Number(u8),
    Jack,
    Queen,
    King,
    Ace,
    Joker,
}

/// One card. Serialized as a short code: `7H`, `10S`, `QD`, `AC`, `JK` (a Joker).
///
/// Aligned to four bytes (its three fill one word): a shuffle moves a card in one load and one store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
#[repr(align(4))]
pub struct Card {
    pub rank: Rank,
    /// Jokers have no suit.
    pub suit: Option<Suit>,
}

impl Card {
    pub const JOKER: Card = Card {
        rank: Rank::Joker,
        suit: None,
    };

    pub fn new(rank: Rank, suit: Suit) -> Self {
        Self {
            rank,
            suit: Some(suit),
        }
    }

    /// What the card scores on its own as an Attack or Damage card: pips for number cards [Attacking.2];
    /// nothing for face cards and Jokers [Attacking.3] nor for an Ace itself [Attacking.4].
    pub fn pips(self) -> u32 {
        match self.rank {
            Rank::Number(n) => u32::from(n),
            _ => 0,
        }
    }

    /// Why a card scores what it does, when that is not its pips, for the log: a face card or a Joker
    /// misses [Attacking.3] [Enemy.3]; an Ace counts its neighbour's pips again [Attacking.4].
    pub fn scoring(self) -> &'static str {
        match self.rank {
            Rank::Number(_) => "",
            Rank::Jack | Rank::Queen | Rank::King => " (a face card misses: 0 [Attacking.3])",
            Rank::Joker => " (a Joker misses: 0 [Attacking.3])",
            Rank::Ace => " (an Ace doubles its neighbour [Attacking.4])",
        }
    }

    /// The ship this card stands for in the Detection Row: face cards, Aces and Jokers [Hunt.5];
    /// number cards are empty sea [Hunt.4].
    pub fn ship(self) -> Option<ShipCard> {
        match self.rank {
            Rank::Number(_) => None,
            Rank::Jack => Some(ShipCard::Jack),
            Rank::Queen => Some(ShipCard::Queen),
            Rank::King => Some(ShipCard::King),
            Rank::Ace => Some(ShipCard::Ace),
            Rank::Joker => Some(ShipCard::Joker),
        }
    }

    /// The rank as printed on the corner of the card.
    pub fn rank_label(self) -> String {
        match self.rank {
            Rank::Number(n) => n.to_string(),
            Rank::Jack => "J".into(),
            Rank::Queen => "Q".into(),
            Rank::King => "K".into(),
            Rank::Ace => "A".into(),
            Rank::Joker => "JK".into(),
        }
    }

    /// `7 of Hearts`, `Queen of Spades`, `Joker`: for people and screen readers.
    pub fn pretty(self) -> String {
        let rank = match self.rank {
            Rank::Number(n) => n.to_string(),
            Rank::Jack => "Jack".into(),
            Rank::Queen => "Queen".into(),
            Rank::King => "King".into(),
            Rank::Ace => "Ace".into(),
            Rank::Joker => return "Joker".into(),
        };
        match self.suit {
            Some(s) => format!("{rank} of {}", s.name()),
            None => rank,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.suit {
            Some(s) => write!(f, "{}{}", self.rank_label(), s.letter()),
            None => f.write_str("JK"),
        }
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.to_string()
    }
}

impl FromStr for Card {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim().to_ascii_uppercase();
        if s == "JK" || s == "JOKER" {
            return Ok(Card::JOKER);
        }
        let (rank, suit) = s.split_at(s.len().saturating_sub(1));
        let suit = match suit {
            "C" => Suit::Clubs,
            "D" => Suit::Diamonds,
            "H" => Suit::Hearts,
            "S" => Suit::Spades,
            _ => return Err(format!("'{s}' is not a card: the suit must be C, D, H or S")),
        };
        let rank = match rank {
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            "A" => Rank::Ace,
            n => match n.parse::<u8>() {
                Ok(v @ 2..=10) => Rank::Number(v),
                _ => return Err(format!("'{s}' is not a card: ranks are 2-10, J, Q, K, A")),
            },
        };
        Ok(Card::new(rank, suit))
    }
}

impl TryFrom<String> for Card {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

/// The running total of a sequence of Attack (or Damage) cards [Attacking.2]-[Attacking.4]: pips count;
/// an Ace counts its neighbour's pips once more — the card just before it, or the card after it when the
/// Ace comes first. An Ace with no neighbour yet counts nothing.
pub fn score(cards: &[Card]) -> u32 {
    let mut total = 0;
    for (i, card) in cards.iter().enumerate() {
        total += card.pips();
        if card.rank == Rank::Ace {
            let neighbour = if i > 0 { cards.get(i - 1) } else { cards.get(1) };
            total += neighbour.map_or(0, |c| c.pips());
        }
    }
    total
}

/// What `card` adds to the [`score`] of `before` when it is laid after them, without adding them all up
/// again: its pips; an Ace's neighbour, the card before it; and when it is the second card after a
/// leading Ace, its pips once more for that Ace [Attacking.2]-[Attacking.4].
pub fn score_added(before: &[Card], card: Card) -> u32 {
    let mut added = card.pips();
    if card.rank == Rank::Ace {
        added += before.last().map_or(0, |c| c.pips());
    }
    if let [first] = before
        && first.rank == Rank::Ace
    {
        added += card.pips();
    }
    added
}

/// A pack of 52 cards and `jokers` Jokers, in order.
pub fn standard_pack(jokers: u8) -> Vec<Card> {
    let mut cards = Vec::with_capacity(PACK.len() + usize::from(jokers));
    cards.extend_from_slice(&PACK);
    cards.extend(std::iter::repeat_n(Card::JOKER, usize::from(jokers)));
    cards
}

/// The 52 cards in pack order, suit by suit (2 to 10, Jack, Queen, King, Ace), made once at compile time:
/// every game opens three packs.
const PACK: [Card; 52] = {
    let ranks = [Rank::Jack, Rank::Queen, Rank::King, Rank::Ace];
    let mut pack = [Card::JOKER; 52];
    let mut s = 0;
    while s < 4 {
        let suit = Some(Suit::ALL[s]);
        let mut i = 0;
        while i < 13 {
            let rank = if i < 9 {
                Rank::Number(i as u8 + 2)
            } else {
                ranks[i - 9]
            };
            pack[s * 13 + i] = Card { rank, suit };
            i += 1;
        }
        s += 1;
    }
    pack
};

/// A draw pile and its discards. When the pile runs out the discards are shuffled into a new pile; if there
/// are none either, a fresh pack is opened, so a draw never fails.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    /// Top of the pile is the last card.
    pub pile: Vec<Card>,
    pub discards: Vec<Card>,
    jokers: u8,
    /// Packs this deck has held in all: 1, plus one for each fresh pack opened when it ran dry.
    pub packs: u32,
}

impl Deck {
    pub fn shuffled(jokers: u8, rng: &mut SeededRng) -> Self {
        let mut pile = standard_pack(jokers);
        rng.shuffle(&mut pile);
        Self {
            // Room for the whole pack: the discards never grow while the game plays.
            discards: Vec::with_capacity(pile.len()),
            pile,
            jokers,
            packs: 1,
        }
    }

    /// A deck in a given order, top card first (tests and set-ups).
    pub fn stacked(top_first: &[Card], jokers: u8) -> Self {
        Self {
            pile: top_first.iter().rev().copied().collect(),
            discards: Vec::new(),
            jokers,
            packs: 1,
        }
    }

    #[inline]
    pub fn draw(&mut self, rng: &mut SeededRng) -> Card {
        if self.pile.is_empty() {
            self.refill(rng);
        }
        self.pile.pop().unwrap_or(Card::JOKER)
    }

    /// The pile ran out: the discards become the new pile, or a fresh pack when there are none.
    #[cold]
    fn refill(&mut self, rng: &mut SeededRng) {
        // The empty pile's room becomes the discards'.
        std::mem::swap(&mut self.pile, &mut self.discards);
        if self.pile.is_empty() {
            self.pile = standard_pack(self.jokers);
            self.packs += 1;
        }
        rng.shuffle(&mut self.pile);
    }

    pub fn discard(&mut self, cards: impl IntoIterator<Item = Card>) {
        self.discards.extend(cards);
    }

    /// Moves every card of `cards` onto the discards, in order, leaving `cards` empty with its room kept
    /// for the next exchange.
    pub fn discard_all(&mut self, cards: &mut Vec<Card>) {
        self.discards.append(cards);
    }

    /// Gathers the discards back and shuffles the whole deck.
    pub fn reshuffle(&mut self, rng: &mut SeededRng) {
        self.pile.append(&mut self.discards);
        rng.shuffle(&mut self.pile);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(codes: &[&str]) -> Vec<Card> {
        codes.iter().map(|c| c.parse().unwrap()).collect()
    }

    /// [Attacking.2] [Attacking.3] Pips score; face cards and Jokers miss.
    #[test]
    fn pips_score_and_faces_miss() {
        assert_eq!(score(&cards(&["7H", "10S", "2C"])), 19);
        assert_eq!(score(&cards(&["JH", "QS", "KC", "JK"])), 0);
    }

    /// [Attacking.4] An Ace doubles the card before it, or the next one when it comes first.
    #[test]
    fn an_ace_doubles_its_neighbour() {
        assert_eq!(score(&cards(&["5H", "AS"])), 10);
        assert_eq!(score(&cards(&["AS", "7H"])), 14);
        assert_eq!(
            score(&cards(&["AS"])),
            0,
            "an Ace with no neighbour yet scores nothing"
        );
        assert_eq!(
            score(&cards(&["3H", "5D", "AS"])),
            13,
            "only the card just before"
        );
        assert_eq!(score(&cards(&["KH", "AS"])), 0, "doubling a miss is still a miss");
        assert_eq!(score(&cards(&["AS", "AH"])), 0);
        assert_eq!(score(&cards(&["AS", "5H", "AH"])), 15);
    }

    /// [Attacking.4] [Enemy.3] What a card adds to a sequence is the sequence's new score less its old one,
    /// for every sequence of up to four cards drawn from Aces, misses and numbers (Aces first, between and
    /// last; two Aces side by side).
    #[test]
    fn a_card_adds_what_the_whole_score_gains() {
        let kinds = cards(&["AS", "KH", "JK", "2C", "7D", "10H"]);
        let mut sequences: Vec<Vec<Card>> = vec![vec![]];
        for _ in 0..3 {
            let longer: Vec<Vec<Card>> = sequences
                .iter()
                .filter(|s| s.len() == sequences.last().map_or(0, Vec::len))
                .flat_map(|s| kinds.iter().map(move |&c| [s.as_slice(), &[c]].concat()))
                .collect();
            sequences.extend(longer);
        }
        assert_eq!(sequences.len(), 1 + 6 + 36 + 216);
        for before in &sequences {
            for &card in &kinds {
                let after = [before.as_slice(), &[card]].concat();
                assert_eq!(
                    score(before) + score_added(before, card),
                    score(&after),
                    "{before:?} then {card}"
                );
            }
        }
        assert_eq!(
            score_added(&cards(&["AS"]), cards(&["7H"])[0]),
            14,
            "a leading Ace doubles the second card"
        );
        assert_eq!(
            score_added(&cards(&["5H"]), cards(&["AS"])[0]),
            5,
            "an Ace doubles the card before it"
        );
    }

    /// The pack is every rank of every suit once, suit by suit, 2 first and the Ace last.
    #[test]
    fn a_pack_holds_each_card_once_in_order() {
        let pack = standard_pack(0);
        assert_eq!(pack.len(), 52);
        let unique: std::collections::BTreeSet<Card> = pack.iter().copied().collect();
        assert_eq!(unique.len(), 52);
        assert_eq!(pack[0], "2C".parse().unwrap());
        assert_eq!(pack[12], "AC".parse().unwrap());
        assert_eq!(pack[13], "2D".parse().unwrap());
        assert_eq!(pack[51], "AS".parse().unwrap());
        assert_eq!(standard_pack(2)[52..], [Card::JOKER, Card::JOKER]);
    }

    #[test]
    fn cards_round_trip_as_codes() {
        for c in standard_pack(2) {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
        assert!("1H".parse::<Card>().is_err());
        assert!("7X".parse::<Card>().is_err());
        assert_eq!(standard_pack(2).len(), 54);
    }

    #[test]
    fn an_empty_deck_reshuffles_its_discards_then_opens_a_new_pack() {
        let mut rng = SeededRng::new(1);
        let mut d = Deck::stacked(&cards(&["2H"]), 0);
        assert_eq!(d.draw(&mut rng), "2H".parse().unwrap());
        d.discard(cards(&["3H"]));
        assert_eq!(d.draw(&mut rng), "3H".parse().unwrap());
        let _ = d.draw(&mut rng);
        assert_eq!(d.pile.len(), 51, "a fresh pack of 52 was opened");
    }
}
