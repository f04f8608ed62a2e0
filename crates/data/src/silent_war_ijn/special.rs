//! Ships met only in some waters (`special_ships.json`) [3.7]: Oyodo, the Yamato class (month by month)
//! and the raider Michel (only as a loner).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::Sources;
use super::reading::{Cited, RawSources, Reader};
use super::ships::{IjnSet, PileId, SpecialRule};
use crate::month::Month;
use crate::{DataError, Provenance};

/// A sea area the text names.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub id: String,
    pub name: String,
}

/// Where a ship may be met over some months (an open end runs to the start or the end of the war).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waters {
    pub from: Option<Month>,
    pub until: Option<Month>,
    pub areas: Vec<String>,
    pub sources: Sources,
}

impl Waters {
    pub fn contains(&self, m: Month) -> bool {
        self.from.is_none_or(|f| f <= m) && self.until.is_none_or(|u| m <= u)
    }
}

/// What happens to a ship drawn outside its waters.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outside {
    /// The pile it goes back to.
    pub pile: PileId,
    /// Whether another ship is drawn in its place (Michel's case).
    pub draw_instead: bool,
    #[serde(default)]
    pub when_pile_empty: Option<String>,
    /// Any TDC assigned to it is lost.
    pub tdc_lost: bool,
}

/// One special rule of [3.7].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecialShipRule {
    pub id: SpecialRule,
    pub ships: Vec<String>,
    /// Where the ship may be met, by months; empty when the rule is about the kind of combat (Michel).
    pub waters: Vec<Waters>,
    pub outside: Outside,
    /// `loner`: met only as a loner [4.0].
    pub only_as: Option<String>,
    /// The base game's own restriction that applies besides (Yamato's [SW30.1]).
    pub also: Option<String>,
    pub note: Option<String>,
    pub provenance: Provenance,
}

impl SpecialShipRule {
    /// The areas the ship may be met in during `month`; `None` when no waters are in force then.
    pub fn waters_in(&self, month: Month) -> Option<&Waters> {
        self.waters.iter().find(|w| w.contains(month))
    }
}

/// The validated special ships.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecialShips {
    pub areas: Vec<Area>,
    pub rules: Vec<SpecialShipRule>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWaters {
    from: Option<Month>,
    until: Option<Month>,
    areas: Vec<String>,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRule {
    id: SpecialRule,
    ships: Vec<String>,
    #[serde(default)]
    waters: Vec<RawWaters>,
    outside: Outside,
    #[serde(default)]
    only_as: Option<String>,
    #[serde(default)]
    also: Option<String>,
    #[serde(default)]
    note: Option<String>,
    provenance: Provenance,
}

impl SpecialShips {
    pub(crate) fn read(file: &str, text: &str) -> Result<(Self, Vec<Cited>), Vec<DataError>> {
        let (mut r, obj) = Reader::open(file, "special_ships", text, &["areas", "rules"])?;
        let areas: Vec<Area> = r
            .list::<Area>(&obj, "areas", "area", "id")
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        r.unique(areas.iter().map(|a| ("field areas", a.id.as_str())));
        let mut rules = Vec::new();
        for (label, raw) in r.list::<RawRule>(&obj, "rules", "rule", "id") {
            r.provenance(&label, &raw.provenance);
            let mut waters = Vec::new();
            for (i, w) in raw.waters.into_iter().enumerate() {
                let at = format!("{label}, waters {}", i + 1);
                for a in &w.areas {
                    if !areas.iter().any(|x| &x.id == a) {
                        r.err(&at, format!("'{a}' is not one of the areas"));
                    }
                }
                if let (Some(f), Some(u)) = (w.from, w.until)
                    && f > u
                {
                    r.err(&at, format!("runs backwards: {f} to {u}"));
                }
                let sources = r.sources(
                    &at,
                    RawSources {
                        provenance: w.provenance,
                        field_provenance: w.field_provenance,
                    },
                    &["from", "until", "areas"],
                );
                waters.push(Waters {
                    from: w.from,
                    until: w.until,
                    areas: w.areas,
                    sources,
                });
            }
            for pair in waters.windows(2) {
                let (a, b) = (&pair[0], &pair[1]);
                match (a.until, b.from) {
                    (Some(u), Some(f)) if u.next() == f => {}
                    _ => r.err(
                        &label,
                        "its waters follow one another month by month, with no gap and no overlap",
                    ),
                }
            }
            if raw.only_as.is_none() && waters.is_empty() {
                r.err(&label, "a special ship has waters or is met only as a loner");
            }
            rules.push(SpecialShipRule {
                id: raw.id,
                ships: raw.ships,
                waters,
                outside: raw.outside,
                only_as: raw.only_as,
                also: raw.also,
                note: raw.note,
                provenance: raw.provenance,
            });
        }
        r.finish(Some(SpecialShips { areas, rules }))
    }

    pub fn rule(&self, id: SpecialRule) -> Option<&SpecialShipRule> {
        self.rules.iter().find(|r| r.id == id)
    }

    pub fn area(&self, id: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.id == id)
    }

    /// Every rule's ships exist and carry the rule; every counter with a special rule is listed.
    pub(crate) fn check_against(&self, set: &IjnSet) -> Vec<DataError> {
        let file = "data/silent_war_ijn/special_ships.json";
        let mut e = Vec::new();
        for rule in &self.rules {
            for s in &rule.ships {
                match set.counter(s) {
                    None => e.push(DataError::new(
                        file,
                        "special_ships",
                        format!("rule {:?}", rule.id),
                        format!("no counter '{s}'"),
                    )),
                    Some(c) if c.special_rule != Some(rule.id) => e.push(DataError::new(
                        file,
                        "special_ships",
                        format!("rule {:?}", rule.id),
                        format!("the counter {s} does not carry this rule in ships.json"),
                    )),
                    Some(c) if c.pile != rule.outside.pile => e.push(DataError::new(
                        file,
                        "special_ships",
                        format!("rule {:?}", rule.id),
                        format!("{s} belongs to the {} pile, not {}", c.pile, rule.outside.pile),
                    )),
                    Some(_) => {}
                }
            }
        }
        for c in &set.counters {
            if let Some(id) = c.special_rule
                && !self.rule(id).is_some_and(|r| r.ships.contains(&c.id))
            {
                e.push(DataError::new(
                    "data/silent_war_ijn/ships.json",
                    "ijn_set",
                    format!("counter {}", c.id),
                    format!("carries the rule {id:?}, which special_ships.json does not give it"),
                ));
            }
        }
        e
    }
}
