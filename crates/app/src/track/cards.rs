//! Card piles on a Track table, for a game played with cards (Submarine Hunt's Detection Row, Attack and
//! Damage decks): packs that shuffle, deal, turn over and are discarded, each card always somewhere on the
//! table.
//!
//! What is saved is where each card lies ([`CardTable`]); what the piles are and where they sit is the
//! layout's ([`CardLayout`]), as a board's boxes are. A table saved before it had cards, or whose layout
//! gained a pack, reads that pack as whole in its deck until the player first touches it
//! ([`CardTable::fitted`]), so opening a table never changes it.

use std::borrow::Cow;

use egui::{Painter, Rect};
use periscope_engine::dice::SeededRng;
use serde::{Deserialize, Serialize};

/// One card where it lies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCard {
    /// The game's code for it (`7H`, `JK`).
    pub code: String,
    /// Face up.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub up: bool,
}

/// A place cards lie: a deck, a discard pile, a slot of a row, a fan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spot {
    pub id: String,
    /// Bottom to top.
    pub cards: Vec<TableCard>,
}

/// Where every card of the table lies.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CardTable {
    pub spots: Vec<Spot>,
}

/// How a layout places a spot: one pile, or a fan whose `i`-th of `n` cards lies at `f(i, n)`.
#[derive(Clone, Copy)]
pub enum Place {
    Pile(Rect),
    Fan(fn(usize, usize) -> Rect),
}

/// A spot as the layout gives it.
#[derive(Clone)]
pub struct SpotSpec {
    pub id: String,
    /// For people and screen readers (`Detection Row 3`).
    pub name: String,
    pub place: Place,
}

impl SpotSpec {
    pub fn pile(id: impl Into<String>, name: impl Into<String>, rect: Rect) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            place: Place::Pile(rect),
        }
    }

    pub fn fan(id: impl Into<String>, name: impl Into<String>, at: fn(usize, usize) -> Rect) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            place: Place::Fan(at),
        }
    }
}

/// One pack: its cards, its deck and discard pile, where it deals and where it turns cards over.
#[derive(Clone)]
pub struct Pack {
    pub name: &'static str,
    /// A full pack, in order.
    pub cards: Vec<String>,
    pub deck: SpotSpec,
    pub discard: SpotSpec,
    /// Deals one card face down into each of these spots (`Deal the Detection Row`).
    pub deal: Option<(&'static str, Vec<SpotSpec>)>,
    /// Turns the top card over onto this spot (`Turn over the top Attack card`).
    pub draw: Option<(&'static str, SpotSpec)>,
}

impl Pack {
    /// Every spot of the pack: deck, discards, the dealt spots and the drawn fan.
    pub fn spots(&self) -> Vec<&SpotSpec> {
        let mut all = vec![&self.deck, &self.discard];
        if let Some((_, spots)) = &self.deal {
            all.extend(spots.iter());
        }
        if let Some((_, to)) = &self.draw {
            all.push(to);
        }
        all
    }
}

/// A game's cards, as its Track layout gives them.
pub struct CardLayout {
    pub packs: Vec<Pack>,
    /// Paints a card face up (`true`) or its back.
    pub paint: fn(&Painter, Rect, &str, bool),
    /// A card's name (`Queen of Hearts`).
    pub name: fn(&str) -> String,
}

impl CardTable {
    pub fn is_empty(&self) -> bool {
        self.spots.iter().all(|s| s.cards.is_empty())
    }

    /// The cards of spot `id` (none when it has none).
    pub fn cards(&self, id: &str) -> &[TableCard] {
        self.spots
            .iter()
            .find(|s| s.id == id)
            .map_or(&[], |s| s.cards.as_slice())
    }

    fn spot_mut(&mut self, id: &str) -> &mut Vec<TableCard> {
        if let Some(i) = self.spots.iter().position(|s| s.id == id) {
            &mut self.spots[i].cards
        } else {
            self.spots.push(Spot {
                id: id.to_string(),
                cards: Vec::new(),
            });
            let last = self.spots.len() - 1;
            &mut self.spots[last].cards
        }
    }

    /// How many cards of `pack` lie on the table.
    fn count(&self, pack: &Pack) -> usize {
        pack.spots().iter().map(|s| self.cards(&s.id).len()).sum()
    }

    /// Fresh piles: every pack whole in its deck, face down, in pack order.
    pub fn fresh(layout: &CardLayout) -> Self {
        let mut t = Self::default();
        for pack in &layout.packs {
            t.open_pack(pack);
        }
        t
    }

    fn open_pack(&mut self, pack: &Pack) {
        for spot in pack.spots() {
            self.spot_mut(&spot.id).clear();
        }
        *self.spot_mut(&pack.deck.id) = pack
            .cards
            .iter()
            .map(|c| TableCard {
                code: c.clone(),
                up: false,
            })
            .collect();
    }

    /// The table with every pack that is not whole on it (a table saved before it had cards) laid out
    /// fresh in its deck; borrowed when nothing is missing.
    pub fn fitted(&self, layout: &CardLayout) -> Cow<'_, CardTable> {
        if layout.packs.iter().all(|p| self.count(p) == p.cards.len()) {
            return Cow::Borrowed(self);
        }
        let mut t = self.clone();
        for pack in &layout.packs {
            if t.count(pack) != pack.cards.len() {
                t.open_pack(pack);
            }
        }
        Cow::Owned(t)
    }

    /// Shuffles the deck with its discards, every card face down; the cards dealt or turned over stay.
    pub fn shuffle(&mut self, pack: &Pack, rng: &mut SeededRng) -> String {
        let mut cards = std::mem::take(self.spot_mut(&pack.discard.id));
        cards.append(self.spot_mut(&pack.deck.id));
        self.shuffle_into_deck(pack, cards, rng)
    }

    /// Gathers every card of the pack, wherever it lies, and shuffles them into the deck.
    pub fn gather(&mut self, pack: &Pack, rng: &mut SeededRng) -> String {
        let mut cards = Vec::new();
        for spot in pack.spots() {
            cards.append(self.spot_mut(&spot.id));
        }
        self.shuffle_into_deck(pack, cards, rng)
    }

    fn shuffle_into_deck(&mut self, pack: &Pack, mut cards: Vec<TableCard>, rng: &mut SeededRng) -> String {
        for c in &mut cards {
            c.up = false;
        }
        rng.shuffle(&mut cards);
        let n = cards.len();
        *self.spot_mut(&pack.deck.id) = cards;
        format!("{}: {n} cards shuffled into the deck.", pack.name)
    }

    /// Deals one card face down into each empty spot of the pack's deal.
    pub fn deal(&mut self, pack: &Pack) -> Result<String, String> {
        let Some((label, spots)) = &pack.deal else {
            return Err(format!("The {} deals nowhere.", pack.name));
        };
        let empty: Vec<&SpotSpec> = spots.iter().filter(|s| self.cards(&s.id).is_empty()).collect();
        if empty.is_empty() {
            return Err(format!(
                "{label}: every place already holds a card (gather the pack to deal again)."
            ));
        }
        let mut dealt = 0;
        for spot in empty {
            let Some(mut card) = self.spot_mut(&pack.deck.id).pop() else {
                break;
            };
            card.up = false;
            self.spot_mut(&spot.id).push(card);
            dealt += 1;
        }
        if dealt == 0 {
            return Err(format!(
                "The {} is empty: shuffle its discards back first.",
                pack.name
            ));
        }
        Ok(format!("{label}: {dealt} cards dealt face down."))
    }

    /// Turns the deck's top card over onto the pack's fan.
    pub fn draw(&mut self, pack: &Pack, name: fn(&str) -> String) -> Result<String, String> {
        let Some((_, to)) = &pack.draw else {
            return Err(format!("The {} turns no card over.", pack.name));
        };
        let Some(mut card) = self.spot_mut(&pack.deck.id).pop() else {
            return Err(format!(
                "The {} is empty: shuffle its discards back first.",
                pack.name
            ));
        };
        card.up = true;
        let shown = name(&card.code);
        self.spot_mut(&to.id).push(card);
        Ok(format!("{}: {shown}.", to.name))
    }

    /// Turns card `index` of spot `id` over; returns whether there was such a card.
    pub fn flip(&mut self, id: &str, index: usize) -> bool {
        match self.spot_mut(id).get_mut(index) {
            Some(c) => {
                c.up = !c.up;
                true
            }
            None => false,
        }
    }

    /// Moves every card of spot `id` face up onto the pack's discard pile; returns how many.
    pub fn discard(&mut self, pack: &Pack, id: &str) -> usize {
        let mut cards = std::mem::take(self.spot_mut(id));
        let n = cards.len();
        for c in &mut cards {
            c.up = true;
        }
        self.spot_mut(&pack.discard.id).append(&mut cards);
        n
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use egui::{pos2, vec2};

    fn pack() -> Pack {
        let r = Rect::from_min_size(pos2(0.0, 0.0), vec2(10.0, 10.0));
        Pack {
            name: "Test pack",
            cards: (1..=12).map(|i| i.to_string()).collect(),
            deck: SpotSpec::pile("deck", "Deck", r),
            discard: SpotSpec::pile("discard", "Discards", r),
            deal: Some((
                "Deal the row",
                (1..=10)
                    .map(|i| SpotSpec::pile(format!("row-{i}"), format!("Row {i}"), r))
                    .collect(),
            )),
            draw: Some((
                "Turn over",
                SpotSpec::fan("fan", "Fan", |i, _| {
                    Rect::from_min_size(pos2(i as f32, 0.0), vec2(1.0, 1.0))
                }),
            )),
        }
    }

    fn layout() -> CardLayout {
        CardLayout {
            packs: vec![pack()],
            paint: |_, _, _, _| {},
            name: |c| format!("card {c}"),
        }
    }

    #[test]
    fn a_pack_deals_its_row_turns_cards_and_gathers_every_card_back() {
        let layout = layout();
        let p = &layout.packs[0];
        let mut t = CardTable::fresh(&layout);
        let mut rng = SeededRng::new(7);
        t.gather(p, &mut rng);
        assert_eq!(t.cards("deck").len(), 12);
        t.deal(p).unwrap();
        assert_eq!(t.cards("deck").len(), 2);
        for i in 1..=10 {
            let row = t.cards(&format!("row-{i}"));
            assert_eq!(row.len(), 1);
            assert!(!row[0].up, "dealt face down");
        }
        assert!(t.deal(p).unwrap_err().contains("already holds a card"));
        assert!(t.flip("row-3", 0));
        assert!(t.cards("row-3")[0].up);
        t.draw(p, layout.name).unwrap();
        t.draw(p, layout.name).unwrap();
        assert!(t.draw(p, layout.name).unwrap_err().contains("empty"));
        assert_eq!(t.discard(p, "fan"), 2);
        assert_eq!(t.cards("discard").len(), 2);
        t.shuffle(p, &mut rng);
        assert_eq!(
            t.cards("deck").len(),
            2,
            "the deck takes its discards back; the row stays"
        );
        t.gather(p, &mut rng);
        assert_eq!(t.cards("deck").len(), 12);
        let mut codes: Vec<&str> = t.cards("deck").iter().map(|c| c.code.as_str()).collect();
        codes.sort_by_key(|c| c.parse::<u32>().unwrap());
        let all: Vec<String> = (1..=12).map(|i| i.to_string()).collect();
        assert_eq!(codes, all, "no card lost or doubled");
    }

    #[test]
    fn a_table_without_its_cards_reads_them_whole_in_the_deck_without_changing() {
        let layout = layout();
        let t = CardTable::default();
        let fitted = t.fitted(&layout);
        assert_eq!(fitted.cards("deck").len(), 12);
        assert!(t.is_empty(), "the table itself is left as it was");
        let whole = CardTable::fresh(&layout);
        assert!(matches!(whole.fitted(&layout), Cow::Borrowed(_)));
    }
}
