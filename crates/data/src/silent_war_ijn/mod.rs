//! Silent War: IJN expansion — the companion's data (`data/silent_war_ijn/`): the IJN Set's counters,
//! piles and War Events ([`ships`]), the combat rules' values ([`combat`]), the ships with special waters
//! ([`special`]), damage and the optional repair track ([`repair`]), the expansion's procedures
//! ([`procedures`]: loners, crash dive, targeting an escort, early War Period 4), the questions the
//! companion asks about the base game ([`questions`]), our one-line summaries of the rule cases
//! ([`rules`]) and the set's counters for Track mode ([`counters`]). A player's file overrides the
//! owner's counter values and the Damage Table ([`overrides`], registered in
//! [`crate::overrides::GAMES`]).
//!
//! Every file is parsed with the shared reader ([`crate::read::Cx`]) entry by entry, so a bad file gets
//! every mistake named by file, catalog, entry and field; then the catalogs are checked against each
//! other (a pile, a counter, an event, a sea area or a rule case named anywhere must exist).
//! `docs/silent-war-ijn.md` describes the files field by field.

pub mod combat;
pub mod counters;
pub mod overrides;
pub mod procedures;
pub mod questions;
mod reading;
pub mod repair;
pub mod rules;
pub mod ships;
pub mod special;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{DataError, Provenance};

pub use combat::{CombatRules, CounterValues, Revealed};
pub use procedures::{CrashDive, Loners, Rating, TargetingEscort, WarPeriod4};
pub use questions::Questions;
pub use repair::Repair;
pub use rules::RuleSummaries;
pub use ships::{Counter, IjnSet, NameColour, PileId, SpecialRule, WarEvent};
pub use special::SpecialShips;

/// The game id every file names in `"game"`, and the override file's `game`.
pub const GAME: &str = "silent_war_ijn";

/// The shipped files, embedded so the engine never reads the disk: name and text, in load order.
pub const SHIPPED_FILES: [(&str, &str); 10] = [
    (
        "data/silent_war_ijn/rules.json",
        include_str!("../../../../data/silent_war_ijn/rules.json"),
    ),
    (
        "data/silent_war_ijn/ships.json",
        include_str!("../../../../data/silent_war_ijn/ships.json"),
    ),
    (
        "data/silent_war_ijn/combat.json",
        include_str!("../../../../data/silent_war_ijn/combat.json"),
    ),
    (
        "data/silent_war_ijn/special_ships.json",
        include_str!("../../../../data/silent_war_ijn/special_ships.json"),
    ),
    (
        "data/silent_war_ijn/repair.json",
        include_str!("../../../../data/silent_war_ijn/repair.json"),
    ),
    (
        "data/silent_war_ijn/loners.json",
        include_str!("../../../../data/silent_war_ijn/loners.json"),
    ),
    (
        "data/silent_war_ijn/crash_dive.json",
        include_str!("../../../../data/silent_war_ijn/crash_dive.json"),
    ),
    (
        "data/silent_war_ijn/targeting_escort.json",
        include_str!("../../../../data/silent_war_ijn/targeting_escort.json"),
    ),
    (
        "data/silent_war_ijn/war_period_4.json",
        include_str!("../../../../data/silent_war_ijn/war_period_4.json"),
    ),
    (
        "data/silent_war_ijn/base_game_questions.json",
        include_str!("../../../../data/silent_war_ijn/base_game_questions.json"),
    ),
];

/// Where an entry's values come from: the entry's provenance, and one per field whose source differs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sources {
    /// The provenance of every field not listed in `fields`.
    pub entry: Provenance,
    /// A field's name (as the file writes it) to its own provenance.
    pub fields: BTreeMap<String, Provenance>,
}

impl Sources {
    /// The provenance of one field: its own, or the entry's.
    pub fn of(&self, field: &str) -> &Provenance {
        self.fields.get(field).unwrap_or(&self.entry)
    }
}

/// Every catalog of the companion, validated and cross-checked.
#[derive(Debug, Clone, PartialEq)]
pub struct IjnData {
    pub rules: RuleSummaries,
    pub set: IjnSet,
    pub combat: CombatRules,
    pub special: SpecialShips,
    pub repair: Repair,
    pub loners: Loners,
    pub crash_dive: CrashDive,
    pub targeting: TargetingEscort,
    pub war_period_4: WarPeriod4,
    pub questions: Questions,
}

/// The texts of the ten files, by file name; [`IjnData::from_texts`] reads them.
#[derive(Debug, Clone, Copy)]
pub struct Texts<'a> {
    pub files: [(&'a str, &'a str); 10],
}

impl IjnData {
    /// The catalogs as shipped. The shipped files are checked by a test, so this cannot fail in a release.
    pub fn shipped() -> Result<Self, DataError> {
        Self::from_texts(Texts { files: SHIPPED_FILES }).map_err(|list| {
            list.into_iter().next().unwrap_or_else(|| {
                DataError::new(SHIPPED_FILES[0].0, "", "", "the catalogs failed without a reason")
            })
        })
    }

    /// Parses, validates and cross-checks the ten files (in [`SHIPPED_FILES`]'s order); every error found
    /// is returned.
    pub fn from_texts(texts: Texts) -> Result<Self, Vec<DataError>> {
        let [
            rules,
            ships,
            combat,
            special,
            repair,
            loners,
            crash,
            targeting,
            wp4,
            questions,
        ] = texts.files;
        let mut errors = Vec::new();
        let mut cited = Vec::new();
        fn keep<T>(
            r: Result<(T, Vec<reading::Cited>), Vec<DataError>>,
            errors: &mut Vec<DataError>,
            cited: &mut Vec<reading::Cited>,
        ) -> Option<T> {
            match r {
                Ok((v, mut c)) => {
                    cited.append(&mut c);
                    Some(v)
                }
                Err(mut e) => {
                    errors.append(&mut e);
                    None
                }
            }
        }
        let rules = keep(
            rules::read(rules.0, rules.1).map(|r| (r, Vec::new())),
            &mut errors,
            &mut cited,
        );
        let set = keep(ships::IjnSet::read(ships.0, ships.1), &mut errors, &mut cited);
        let combat = keep(
            combat::CombatRules::read(combat.0, combat.1),
            &mut errors,
            &mut cited,
        );
        let special = keep(
            special::SpecialShips::read(special.0, special.1),
            &mut errors,
            &mut cited,
        );
        let repair = keep(repair::Repair::read(repair.0, repair.1), &mut errors, &mut cited);
        let loners = keep(
            procedures::Loners::read(loners.0, loners.1),
            &mut errors,
            &mut cited,
        );
        let crash_dive = keep(
            procedures::CrashDive::read(crash.0, crash.1),
            &mut errors,
            &mut cited,
        );
        let targeting = keep(
            procedures::TargetingEscort::read(targeting.0, targeting.1),
            &mut errors,
            &mut cited,
        );
        let war_period_4 = keep(
            procedures::WarPeriod4::read(wp4.0, wp4.1),
            &mut errors,
            &mut cited,
        );
        let questions = keep(
            questions::Questions::read(questions.0, questions.1),
            &mut errors,
            &mut cited,
        );
        let (
            Some(rules),
            Some(set),
            Some(combat),
            Some(special),
            Some(repair),
            Some(loners),
            Some(crash_dive),
            Some(targeting),
            Some(war_period_4),
            Some(questions),
        ) = (
            rules,
            set,
            combat,
            special,
            repair,
            loners,
            crash_dive,
            targeting,
            war_period_4,
            questions,
        )
        else {
            return Err(errors);
        };
        let data = IjnData {
            rules,
            set,
            combat,
            special,
            repair,
            loners,
            crash_dive,
            targeting,
            war_period_4,
            questions,
        };
        for c in &cited {
            if data.rules.get(&c.case).is_none() {
                errors.push(DataError::new(
                    &c.file,
                    &c.catalog,
                    &c.entry,
                    format!("cites the case '{}', which is not a case of rules.json", c.case),
                ));
            }
        }
        errors.extend(data.cross_check());
        if errors.is_empty() { Ok(data) } else { Err(errors) }
    }

    /// The references between the files: piles, counters, events, sea areas, questions.
    pub(crate) fn cross_check(&self) -> Vec<DataError> {
        let mut e = Vec::new();
        e.extend(self.combat.check_against(&self.set));
        e.extend(self.special.check_against(&self.set));
        e.extend(self.questions.check_against(self));
        e
    }

    /// The counter with this id.
    pub fn counter(&self, id: &str) -> Option<&Counter> {
        self.set.counter(id)
    }
}
