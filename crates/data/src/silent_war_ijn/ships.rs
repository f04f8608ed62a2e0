//! The IJN Set (`ships.json`): the six piles [3.0 / SW3.3], the counter types, the timing of entries and
//! removals [2.1.1] [3.0 step 1], the War Events that remove counters [9.0], and every counter with its
//! scenario versions [2.2], dates, tonnage [3.6] and the values the owner's counters print.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::Sources;
use super::reading::{Cited, RawSources, Reader, is_snake_case};
use crate::month::Month;
use crate::{DataError, Provenance};

/// One of the six face-down piles, named as the counters' backs print the type [2.1 backs].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PileId {
    BB,
    CV,
    CA,
    CL,
    DD,
    AX,
}

impl PileId {
    pub const ALL: [PileId; 6] = [
        PileId::BB,
        PileId::CV,
        PileId::CA,
        PileId::CL,
        PileId::DD,
        PileId::AX,
    ];

    pub fn code(self) -> &'static str {
        match self {
            PileId::BB => "BB",
            PileId::CV => "CV",
            PileId::CA => "CA",
            PileId::CL => "CL",
            PileId::DD => "DD",
            PileId::AX => "AX",
        }
    }
}

impl fmt::Display for PileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for PileId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        PileId::ALL
            .into_iter()
            .find(|p| p.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("'{s}' is not a pile (BB, CV, CA, CL, DD, AX)"))
    }
}

/// The colour a counter's name is printed in [2.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NameColour {
    /// Used in the 1932 scenario (and in every later one unless it is a '32 version).
    Yellow,
    White,
}

/// The special rule of [3.7] a counter carries (a pendant left of its name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialRule {
    Oyodo,
    YamatoClass,
    Michel,
}

/// The scenarios the IJN Set serves [2.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scenario {
    /// 1932, East Wind Early: the yellow names, '32 versions included.
    #[serde(rename = "1932")]
    EastWindEarly,
    /// 1941 and later: every counter except the '32 versions.
    #[serde(rename = "1941_or_later")]
    From1941,
}

/// A pile and the counter types drawn from it [3.0 / SW3.3].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pile {
    pub id: PileId,
    pub name: String,
    pub types: Vec<String>,
    pub provenance: Provenance,
}

/// A counter type (`DD`, `AV`) and its pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterType {
    pub code: String,
    pub meaning: String,
    pub pile: PileId,
    pub sources: Sources,
}

/// When counters enter and leave, in our words [2.1.1] [3.0 step 1].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timing {
    pub entry: String,
    pub date_removal: String,
    pub event_removal: String,
    pub event_never_occurs: String,
    pub sources: Sources,
}

/// A War Event that removes counters when the player declares it [2.1.1] [9.0].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarEvent {
    pub id: String,
    pub name: String,
    pub abbreviation: Option<String>,
    /// The table's text for its date (`Jun-42`).
    pub printed_date: String,
    /// Its month in history; in play it happens only when the base game's event tables say [9.0].
    pub month: Option<Month>,
    /// Always past before a 1941-or-later scenario starts (the End of 1932 Campaign).
    pub before_1941: bool,
    /// Exactly the counters [9.0] names for it, in printed order.
    pub ships: Vec<String>,
    pub notes: Vec<String>,
    pub sources: Sources,
}

/// One IJN Set counter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    pub id: String,
    pub name: String,
    /// The type the counter prints (`DD`, `DE`, `AV`).
    pub kind: String,
    pub pile: PileId,
    pub class: String,
    /// The historical ship, shared by a ship's several counters.
    pub ship: String,
    pub aliases: Vec<String>,
    pub name_colour: NameColour,
    pub version_32: bool,
    /// Joins its pile at the start of this month; `None` = in play from the start [3.0 step 1].
    pub entry: Option<Month>,
    /// Leaves at the start of this month [2.1.1]; an event removal is in [`WarEvent::ships`].
    pub removal: Option<Month>,
    /// Thousands of tons: the credit for sinking it [3.6] and its line of the Damage Table [3.51*].
    pub tonnage: u32,
    /// The printed defence and ASW values, when known (the owner's counters hold them).
    pub defense: Option<u8>,
    pub asw: Option<u8>,
    /// An aircraft capable ship [2.1.2] [3.2].
    pub aircraft_symbol: bool,
    pub special_rule: Option<SpecialRule>,
    pub history: String,
    pub sources: Sources,
}

impl Counter {
    /// The type and name, as a player reads the counter: `DD Arashi`.
    pub fn label(&self) -> String {
        format!("{} {}", self.kind, self.name)
    }

    /// Whether the counter plays in this scenario [2.2].
    pub fn in_scenario(&self, scenario: Scenario) -> bool {
        match scenario {
            Scenario::EastWindEarly => self.name_colour == NameColour::Yellow,
            Scenario::From1941 => !self.version_32,
        }
    }

    /// Whether `text` names this counter: its id, its name or an alias, with or without its type.
    pub fn answers_to(&self, text: &str) -> bool {
        let t = text.trim();
        let bare = t.strip_prefix(&format!("{} ", self.kind)).unwrap_or(t).trim();
        self.id.eq_ignore_ascii_case(t)
            || self.name.eq_ignore_ascii_case(bare)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(bare))
    }

    /// The counter as its file writes it, for merging a player's override onto it.
    pub(crate) fn to_raw(&self) -> RawCounter {
        RawCounter {
            id: self.id.clone(),
            name: self.name.clone(),
            kind: self.kind.clone(),
            pile: self.pile,
            class: self.class.clone(),
            ship: self.ship.clone(),
            aliases: self.aliases.clone(),
            name_colour: self.name_colour,
            version_32: self.version_32,
            entry: self.entry.map(|m| m.short()),
            removal: self.removal.map(|m| m.short()),
            tonnage: self.tonnage,
            defense: self.defense,
            asw: self.asw,
            aircraft_symbol: self.aircraft_symbol,
            special_rule: self.special_rule,
            history: self.history.clone(),
            provenance: self.sources.entry.clone(),
            field_provenance: self.sources.fields.clone(),
        }
    }
}

/// The validated IJN Set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IjnSet {
    pub timing: Timing,
    pub piles: Vec<Pile>,
    pub types: Vec<CounterType>,
    pub events: Vec<WarEvent>,
    pub counters: Vec<Counter>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTiming {
    entry: String,
    date_removal: String,
    event_removal: String,
    event_never_occurs: String,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPile {
    id: PileId,
    name: String,
    types: Vec<String>,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawType {
    code: String,
    meaning: String,
    pile: PileId,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    id: String,
    name: String,
    abbreviation: Option<String>,
    printed_date: String,
    month: Option<Month>,
    before_1941: bool,
    ships: Vec<String>,
    #[serde(default)]
    notes: Vec<String>,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

/// A counter as the file writes it (months as `"M/YY"` text, read within the war).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCounter {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub pile: PileId,
    pub class: String,
    pub ship: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub name_colour: NameColour,
    pub version_32: bool,
    pub entry: Option<String>,
    pub removal: Option<String>,
    pub tonnage: u32,
    pub defense: Option<u8>,
    pub asw: Option<u8>,
    pub aircraft_symbol: bool,
    pub special_rule: Option<SpecialRule>,
    pub history: String,
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: BTreeMap<String, Provenance>,
}

/// The fields of a counter entry, as `field_provenance` may name them.
pub(crate) const COUNTER_FIELDS: &[&str] = &[
    "id",
    "name",
    "type",
    "pile",
    "class",
    "ship",
    "aliases",
    "name_colour",
    "version_32",
    "entry",
    "removal",
    "tonnage",
    "defense",
    "asw",
    "aircraft_symbol",
    "special_rule",
    "history",
];

/// The highest value a counter prints for defence or ASW.
pub const MAX_COUNTER_VALUE: u8 = 9;

impl IjnSet {
    pub(crate) fn read(file: &str, text: &str) -> Result<(Self, Vec<Cited>), Vec<DataError>> {
        let (mut r, obj) = Reader::open(
            file,
            "ijn_set",
            text,
            &["timing", "piles", "types", "events", "counters"],
        )?;
        let timing = r.field::<RawTiming>(&obj, "timing").map(|t| {
            let fields = ["entry", "date_removal", "event_removal", "event_never_occurs"];
            let sources = r.sources(
                "field timing",
                RawSources {
                    provenance: t.provenance,
                    field_provenance: t.field_provenance,
                },
                &fields,
            );
            Timing {
                entry: t.entry,
                date_removal: t.date_removal,
                event_removal: t.event_removal,
                event_never_occurs: t.event_never_occurs,
                sources,
            }
        });
        let piles: Vec<Pile> = r
            .list::<RawPile>(&obj, "piles", "pile", "id")
            .into_iter()
            .map(|(label, p)| {
                r.provenance(&label, &p.provenance);
                Pile {
                    id: p.id,
                    name: p.name,
                    types: p.types,
                    provenance: p.provenance,
                }
            })
            .collect();
        for id in PileId::ALL {
            match piles.iter().filter(|p| p.id == id).count() {
                1 => {}
                0 => r.err("field piles", format!("the {id} pile is missing")),
                _ => r.err(&format!("pile {id}"), "appears twice"),
            }
        }
        let types: Vec<CounterType> = r
            .list::<RawType>(&obj, "types", "type", "code")
            .into_iter()
            .map(|(label, t)| {
                let sources = r.sources(
                    &label,
                    RawSources {
                        provenance: t.provenance,
                        field_provenance: t.field_provenance,
                    },
                    &["code", "meaning", "pile"],
                );
                CounterType {
                    code: t.code,
                    meaning: t.meaning,
                    pile: t.pile,
                    sources,
                }
            })
            .collect();
        r.unique(types.iter().map(|t| ("field types", t.code.as_str())));
        for t in &types {
            if !piles.iter().any(|p| p.id == t.pile && p.types.contains(&t.code)) {
                r.err(
                    &format!("type {}", t.code),
                    format!("the {} pile does not list the type {}", t.pile, t.code),
                );
            }
        }
        for p in &piles {
            for code in &p.types {
                if !types.iter().any(|t| &t.code == code) {
                    r.err(
                        &format!("pile {}", p.id),
                        format!("the type {code} is not in types"),
                    );
                }
            }
        }
        let counters: Vec<Counter> = r
            .list::<RawCounter>(&obj, "counters", "counter", "id")
            .into_iter()
            .filter_map(|(label, c)| validate_counter(&mut r, &label, c, &types))
            .collect();
        r.unique(counters.iter().map(|c| ("field counters", c.id.as_str())));
        check_counters(&mut r, &counters);
        let events: Vec<WarEvent> = r
            .list::<RawEvent>(&obj, "events", "event", "id")
            .into_iter()
            .map(|(label, e)| {
                let sources = r.sources(
                    &label,
                    RawSources {
                        provenance: e.provenance,
                        field_provenance: e.field_provenance,
                    },
                    &[
                        "id",
                        "name",
                        "abbreviation",
                        "printed_date",
                        "month",
                        "before_1941",
                        "ships",
                    ],
                );
                WarEvent {
                    id: e.id,
                    name: e.name,
                    abbreviation: e.abbreviation,
                    printed_date: e.printed_date,
                    month: e.month,
                    before_1941: e.before_1941,
                    ships: e.ships,
                    notes: e.notes,
                    sources,
                }
            })
            .collect();
        r.unique(events.iter().map(|e| ("field events", e.id.as_str())));
        check_events(&mut r, &events, &counters, false);
        let set = timing.map(|timing| IjnSet {
            timing,
            piles,
            types,
            events,
            counters,
        });
        r.finish(set)
    }

    pub fn counter(&self, id: &str) -> Option<&Counter> {
        self.counters.iter().find(|c| c.id == id)
    }

    /// The index of a counter in [`IjnSet::counters`].
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.counters.iter().position(|c| c.id == id)
    }

    pub fn pile(&self, id: PileId) -> Option<&Pile> {
        self.piles.iter().find(|p| p.id == id)
    }

    pub fn event(&self, id: &str) -> Option<&WarEvent> {
        self.events.iter().find(|e| e.id == id)
    }

    /// The War Event that removes a counter, if one does.
    pub fn event_of(&self, counter: &str) -> Option<&WarEvent> {
        self.events.iter().find(|e| e.ships.iter().any(|s| s == counter))
    }

    /// The counters of a pile, in the file's order.
    pub fn in_pile(&self, pile: PileId) -> impl Iterator<Item = &Counter> {
        self.counters.iter().filter(move |c| c.pile == pile)
    }
}

/// Checks one counter entry and builds it; `None` when a field cannot be used (each mistake is reported).
pub(crate) fn validate_counter(
    r: &mut Reader,
    label: &str,
    c: RawCounter,
    types: &[CounterType],
) -> Option<Counter> {
    let before = r.cx.errors.len();
    let at = |field: &str| format!("{label}, field {field}");
    if !is_snake_case(&c.id) {
        r.err(
            &at("id"),
            "ids are snake_case: lower-case letters, digits and '_'",
        );
    }
    for (field, text) in [
        ("name", &c.name),
        ("class", &c.class),
        ("ship", &c.ship),
        ("history", &c.history),
    ] {
        r.text(label, field, text);
    }
    match types.iter().find(|t| t.code == c.kind) {
        None => r.err(&at("type"), format!("'{}' is not a counter type", c.kind)),
        Some(t) if t.pile != c.pile => r.err(
            &at("pile"),
            format!("a {} counter goes in the {} pile, not {}", c.kind, t.pile, c.pile),
        ),
        Some(_) => {}
    }
    for (field, v) in [("defense", c.defense), ("asw", c.asw)] {
        if v.is_some_and(|v| v > MAX_COUNTER_VALUE) {
            r.err(&at(field), format!("a counter prints 0 to {MAX_COUNTER_VALUE}"));
        }
    }
    if c.tonnage == 0 {
        r.err(
            &at("tonnage"),
            "a counter's tonnage is at least 1 (thousand tons)",
        );
    }
    let mut month = |field: &str, text: &Option<String>| match text {
        None => None,
        Some(t) => match Month::parse_in_war(t) {
            Ok(m) => Some(m),
            Err(m) => {
                r.err(&at(field), m);
                None
            }
        },
    };
    let entry = month("entry", &c.entry);
    let removal = month("removal", &c.removal);
    if let (Some(e), Some(x)) = (entry, removal)
        && e >= x
    {
        r.err(&at("removal"), format!("{x} is not after the entry {e}"));
    }
    if c.version_32 {
        if c.name_colour != NameColour::Yellow {
            r.err(
                &at("name_colour"),
                "a '32 version is yellow: it plays only in 1932 [2.2]",
            );
        }
        if !c.name.ends_with(" '32") {
            r.err(&at("name"), "a '32 version's name ends in \" '32\" [2.2]");
        }
        if c.entry.is_some() || c.removal.is_some() {
            r.err(&at("version_32"), "a '32 version has no entry or removal date");
        }
    }
    let sources = r.sources(
        label,
        RawSources {
            provenance: c.provenance,
            field_provenance: c.field_provenance,
        },
        COUNTER_FIELDS,
    );
    if r.cx.errors.len() > before {
        return None;
    }
    Some(Counter {
        id: c.id,
        name: c.name,
        kind: c.kind,
        pile: c.pile,
        class: c.class,
        ship: c.ship,
        aliases: c.aliases,
        name_colour: c.name_colour,
        version_32: c.version_32,
        entry,
        removal,
        tonnage: c.tonnage,
        defense: c.defense,
        asw: c.asw,
        aircraft_symbol: c.aircraft_symbol,
        special_rule: c.special_rule,
        history: c.history,
        sources,
    })
}

/// What holds between counters: (type, name) unique in a pile, and every '32 version's ship has a later,
/// white counter [2.2].
pub(crate) fn check_counters(r: &mut Reader, counters: &[Counter]) {
    for (i, c) in counters.iter().enumerate() {
        if counters[..i]
            .iter()
            .any(|o| o.pile == c.pile && o.kind == c.kind && o.name == c.name)
        {
            r.err(
                &format!("counter {}", c.id),
                format!(
                    "another {} counter in the {} pile is named {}",
                    c.kind, c.pile, c.name
                ),
            );
        }
        if c.version_32
            && !counters
                .iter()
                .any(|o| o.ship == c.ship && !o.version_32 && o.name_colour == NameColour::White)
        {
            r.err(
                &format!("counter {}", c.id),
                format!(
                    "a '32 version stands for a ship rebuilt later: {} needs a white counter for 1941 [2.2]",
                    c.ship
                ),
            );
        }
    }
}

/// Each event names existing counters, none in two events, none also removed by date, and none that enters
/// only after the event's month. The shipped events remove at least one counter each; an owner's file may
/// leave one with none (`allow_empty`), and declaring it then removes nothing.
pub(crate) fn check_events(r: &mut Reader, events: &[WarEvent], counters: &[Counter], allow_empty: bool) {
    for (i, e) in events.iter().enumerate() {
        let label = format!("event {}", e.id);
        if e.ships.is_empty() && !allow_empty {
            r.err(&label, "an event removes at least one counter");
        }
        for s in &e.ships {
            let Some(c) = counters.iter().find(|c| &c.id == s) else {
                r.err(&format!("{label}, field ships"), format!("no counter '{s}'"));
                continue;
            };
            if let Some(m) = c.removal {
                r.err(
                    &format!("{label}, field ships"),
                    format!("{s} leaves by date ({m}) and by this event: one removal per counter"),
                );
            }
            if let (Some(entry), Some(month)) = (c.entry, e.month)
                && entry > month
            {
                r.err(
                    &format!("{label}, field ships"),
                    format!("{s} enters in {entry}, after the event's month {month}"),
                );
            }
            if events[..i].iter().any(|o| o.ships.contains(s)) {
                r.err(&format!("{label}, field ships"), format!("{s} is in two events"));
            }
        }
        if !is_snake_case(&e.id) {
            r.err(&format!("{label}, field id"), "ids are snake_case");
        }
    }
}
