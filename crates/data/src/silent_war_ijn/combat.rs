//! The IJN Set in the Combat Phase (`combat.json`): which pile replaces which revealed SW Set counter
//! [3.1A] [3.1B] [3.1C], the named SW counters [3.3], the Diligent Escort's values [3.1C], aircraft
//! capable ships [3.2], depletion [3.41*] [3.42*], sinking [3.4], tonnage [3.6] and the end of combat.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::Sources;
use super::reading::{Cited, RawSources, Reader};
use super::ships::{IjnSet, PileId};
use crate::{DataError, Provenance};

/// A counter's printed values, read defence-ASW (`6-2`: defence 6, ASW 2; see `docs/silent-war-ijn.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterValues {
    pub defense: u8,
    pub asw: u8,
}

impl fmt::Display for CounterValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.defense, self.asw)
    }
}

impl FromStr for CounterValues {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("'{s}' is not a counter's values like 6-2");
        let (d, a) = s.trim().split_once('-').ok_or_else(bad)?;
        let defense: u8 = d.trim().parse().map_err(|_| bad())?;
        let asw: u8 = a.trim().parse().map_err(|_| bad())?;
        if defense > super::ships::MAX_COUNTER_VALUE || asw > super::ships::MAX_COUNTER_VALUE {
            return Err(format!("'{s}': a counter prints 0 to 9"));
        }
        Ok(Self { defense, asw })
    }
}

/// What a flipped SW Set counter shows, for the replacements [3.1]: a counter type or a Diligent Escort.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Revealed {
    BB,
    BV,
    CV,
    CA,
    AC,
    CL,
    DD,
    DE,
    AO,
    AF,
    #[serde(rename = "diligent_escort")]
    DiligentEscort,
}

impl Revealed {
    pub const ALL: [Revealed; 11] = [
        Revealed::BB,
        Revealed::BV,
        Revealed::CV,
        Revealed::CA,
        Revealed::AC,
        Revealed::CL,
        Revealed::DD,
        Revealed::DE,
        Revealed::AO,
        Revealed::AF,
        Revealed::DiligentEscort,
    ];

    /// The word scripts use (`dd`, `diligent`).
    pub fn word(self) -> &'static str {
        match self {
            Revealed::BB => "bb",
            Revealed::BV => "bv",
            Revealed::CV => "cv",
            Revealed::CA => "ca",
            Revealed::AC => "ac",
            Revealed::CL => "cl",
            Revealed::DD => "dd",
            Revealed::DE => "de",
            Revealed::AO => "ao",
            Revealed::AF => "af",
            Revealed::DiligentEscort => "diligent",
        }
    }

    /// As the counter reads: `DD`, `a Diligent Escort`.
    pub fn label(self) -> &'static str {
        match self {
            Revealed::BB => "BB",
            Revealed::BV => "BV",
            Revealed::CV => "CV",
            Revealed::CA => "CA",
            Revealed::AC => "AC",
            Revealed::CL => "CL",
            Revealed::DD => "DD",
            Revealed::DE => "DE",
            Revealed::AO => "AO",
            Revealed::AF => "AF",
            Revealed::DiligentEscort => "Diligent Escort",
        }
    }

    /// A Japanese auxiliary of the SW Set [3.1B].
    pub fn is_auxiliary(self) -> bool {
        matches!(self, Revealed::AO | Revealed::AF)
    }

    pub fn from_word(w: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|r| r.word().eq_ignore_ascii_case(w) || r.label().eq_ignore_ascii_case(w))
    }
}

/// Which pile replaces a revealed SW counter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    pub revealed: Revealed,
    pub draw_from: PileId,
    /// The SW counter stays beside the IJN ship until combat ends (the Diligent Escort) [3.1C].
    pub keep_sw_counter: bool,
    pub provenance: Provenance,
}

/// A named SW Set counter, standing only for its class [3.3].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedSwCounter {
    pub sw_counter: String,
    pub treated_as: PileId,
    pub provenance: Provenance,
}

/// The Diligent Escort's change to the drawn ship's values [3.1C].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiligentEscort {
    pub asw_bonus: u8,
    pub asw_cap: u8,
    pub defense_bonus: u8,
    /// The text's example: the SW counter's value, the IJN counter's and the one used.
    pub example: (CounterValues, CounterValues, CounterValues),
    pub example_note: String,
    pub sources: Sources,
}

impl DiligentEscort {
    /// The values a drawn ship fights with as a Diligent Escort: ASW raised, never past the cap; defence
    /// as printed [3.1C].
    pub fn values(&self, printed: CounterValues) -> CounterValues {
        CounterValues {
            defense: printed.defense.saturating_add(self.defense_bonus),
            asw: printed.asw.saturating_add(self.asw_bonus).min(self.asw_cap),
        }
    }
}

/// Aircraft capable ships [3.2].
#[derive(Debug, Clone, PartialEq)]
pub struct AircraftCapable {
    pub with_asw: String,
    pub with_zero_asw: String,
    /// The aircraft ASW value of a ship with ASW 0, for the counterattack only (½).
    pub zero_asw_counterattack_value: f64,
    pub provenance: Provenance,
}

/// A rule in our words with its sources.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    pub texts: BTreeMap<String, String>,
    pub sources: Sources,
}

impl Said {
    pub fn text(&self, key: &str) -> &str {
        self.texts.get(key).map_or("", String::as_str)
    }
}

/// One step of the end of combat, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndStep {
    pub step: String,
    pub effect: String,
    pub provenance: Provenance,
}

/// The validated combat rules.
#[derive(Debug, Clone, PartialEq)]
pub struct CombatRules {
    pub replacements: Vec<Replacement>,
    pub replacement_rules: Said,
    pub named_sw_counters: Vec<NamedSwCounter>,
    pub named_sw_note: String,
    pub diligent_escort: DiligentEscort,
    pub aircraft_capable: AircraftCapable,
    pub depletion: Said,
    pub sinking: Said,
    pub damage: Said,
    pub tonnage_award: Said,
    pub end_of_combat: Vec<EndStep>,
    pub setup: Said,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReplacement {
    revealed: Revealed,
    draw_from: PileId,
    #[serde(default)]
    keep_sw_counter: bool,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNamed {
    sw_counter: String,
    treated_as: PileId,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExample {
    sw_value: String,
    ijn_value: String,
    used: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDiligent {
    asw_bonus: u8,
    asw_cap: u8,
    defense_bonus: u8,
    example: RawExample,
    example_note: String,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAircraft {
    with_asw: String,
    with_zero_asw: String,
    zero_asw_counterattack_value: f64,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEndStep {
    step: String,
    effect: String,
    provenance: Provenance,
}

/// Reads an object of texts with `provenance` and `field_provenance` (`replacement_rules`, `depletion`…):
/// `keys` are its texts, each required.
pub(crate) fn said(
    r: &mut Reader,
    obj: &serde_json::Map<String, serde_json::Value>,
    key: &str,
    keys: &[&str],
) -> Option<Said> {
    said_with(r, obj, key, keys, &[])
}

/// Like [`said`], for an object that also has `others`, fields of other kinds its caller reads.
pub(crate) fn said_with(
    r: &mut Reader,
    obj: &serde_json::Map<String, serde_json::Value>,
    key: &str,
    keys: &[&str],
    others: &[&str],
) -> Option<Said> {
    let entry = format!("field {key}");
    let v = obj.get(key);
    let Some(v) = v else {
        r.err(&entry, "missing");
        return None;
    };
    let o = r.cx.object(v, &entry)?;
    let mut known: Vec<&str> = keys.to_vec();
    known.extend_from_slice(others);
    let mut allowed = known.clone();
    allowed.extend(["provenance", "field_provenance"]);
    r.cx.only(o, &allowed, &entry);
    let mut texts = BTreeMap::new();
    for k in keys {
        if let Some(t) = r.cx.req::<String>(o, k, &entry) {
            r.text(&entry, k, &t);
            texts.insert((*k).to_string(), t);
        }
    }
    let provenance = r.cx.req::<Provenance>(o, "provenance", &entry)?;
    let field_provenance =
        r.cx.opt::<BTreeMap<String, Provenance>>(o, "field_provenance", &entry)
            .unwrap_or_default();
    let sources = r.sources(
        &entry,
        RawSources {
            provenance,
            field_provenance,
        },
        &known,
    );
    Some(Said { texts, sources })
}

/// What replaces each revealed SW counter, one line for each.
fn read_replacements(r: &mut Reader, obj: &serde_json::Map<String, serde_json::Value>) -> Vec<Replacement> {
    let replacements: Vec<Replacement> = r
        .list::<RawReplacement>(obj, "replacements", "replacement", "revealed")
        .into_iter()
        .map(|(label, x)| {
            r.provenance(&label, &x.provenance);
            Replacement {
                revealed: x.revealed,
                draw_from: x.draw_from,
                keep_sw_counter: x.keep_sw_counter,
                provenance: x.provenance,
            }
        })
        .collect();
    for rev in Revealed::ALL {
        match replacements.iter().filter(|x| x.revealed == rev).count() {
            1 => {}
            0 => r.err(
                "field replacements",
                format!("nothing says what replaces a revealed {}", rev.label()),
            ),
            _ => r.err("field replacements", format!("{} is replaced twice", rev.label())),
        }
    }
    replacements
}

/// The named SW counters and what each is treated as.
fn read_named(r: &mut Reader, obj: &serde_json::Map<String, serde_json::Value>) -> Vec<NamedSwCounter> {
    r.list::<RawNamed>(obj, "named_sw_counters", "named counter", "sw_counter")
        .into_iter()
        .map(|(label, n)| {
            r.provenance(&label, &n.provenance);
            r.text(&label, "sw_counter", &n.sw_counter);
            NamedSwCounter {
                sw_counter: n.sw_counter,
                treated_as: n.treated_as,
                provenance: n.provenance,
            }
        })
        .collect()
}

/// The diligent escort's bonuses, its worked example recomputed from them.
fn read_diligent(r: &mut Reader, obj: &serde_json::Map<String, serde_json::Value>) -> Option<DiligentEscort> {
    r.field::<RawDiligent>(obj, "diligent_escort").and_then(|d| {
        let sources = r.sources(
            "field diligent_escort",
            RawSources {
                provenance: d.provenance,
                field_provenance: d.field_provenance,
            },
            &["asw_bonus", "asw_cap", "defense_bonus", "example"],
        );
        let mut values = |field: &str, text: &str| match text.parse::<CounterValues>() {
            Ok(v) => Some(v),
            Err(m) => {
                r.err(&format!("field diligent_escort.example.{field}"), m);
                None
            }
        };
        let example = (
            values("sw_value", &d.example.sw_value)?,
            values("ijn_value", &d.example.ijn_value)?,
            values("used", &d.example.used)?,
        );
        let de = DiligentEscort {
            asw_bonus: d.asw_bonus,
            asw_cap: d.asw_cap,
            defense_bonus: d.defense_bonus,
            example,
            example_note: d.example_note,
            sources,
        };
        if de.values(de.example.1) != de.example.2 {
            r.err(
                "field diligent_escort.example",
                format!(
                    "with these bonuses {} would fight as {}, not {}",
                    de.example.1,
                    de.values(de.example.1),
                    de.example.2
                ),
            );
        }
        Some(de)
    })
}

/// Aircraft capable ships, with what one of ASW 0 counts for [3.2].
fn read_aircraft(
    r: &mut Reader,
    obj: &serde_json::Map<String, serde_json::Value>,
) -> Option<AircraftCapable> {
    r.field::<RawAircraft>(obj, "aircraft_capable").map(|a| {
        r.provenance("field aircraft_capable", &a.provenance);
        if !(0.0..=1.0).contains(&a.zero_asw_counterattack_value) {
            r.err(
                "field aircraft_capable.zero_asw_counterattack_value",
                "an aircraft capable ship with ASW 0 counts for less than one ASW point [3.2]",
            );
        }
        AircraftCapable {
            with_asw: a.with_asw,
            with_zero_asw: a.with_zero_asw,
            zero_asw_counterattack_value: a.zero_asw_counterattack_value,
            provenance: a.provenance,
        }
    })
}

/// The steps at the end of a combat, in order.
fn read_end_of_combat(r: &mut Reader, obj: &serde_json::Map<String, serde_json::Value>) -> Vec<EndStep> {
    r.list::<RawEndStep>(obj, "end_of_combat", "end of combat step", "step")
        .into_iter()
        .map(|(label, s)| {
            r.provenance(&label, &s.provenance);
            EndStep {
                step: s.step,
                effect: s.effect,
                provenance: s.provenance,
            }
        })
        .collect()
}

impl CombatRules {
    pub(crate) fn read(file: &str, text: &str) -> Result<(Self, Vec<Cited>), Vec<DataError>> {
        let keys = [
            "replacements",
            "replacement_rules",
            "named_sw_counters",
            "named_sw_note",
            "diligent_escort",
            "aircraft_capable",
            "depletion",
            "sinking",
            "damage",
            "tonnage_award",
            "end_of_combat",
            "setup",
        ];
        let (mut r, obj) = Reader::open(file, "combat", text, &keys)?;
        let replacements = read_replacements(&mut r, &obj);
        let replacement_rules = said(
            &mut r,
            &obj,
            "replacement_rules",
            &["values", "sw_counter", "after_combat", "random"],
        );
        let named = read_named(&mut r, &obj);
        let named_note = r.field::<String>(&obj, "named_sw_note");
        let diligent = read_diligent(&mut r, &obj);
        let aircraft = read_aircraft(&mut r, &obj);
        let depletion = said(
            &mut r,
            &obj,
            "depletion",
            &["empty_pile", "unrevealed_target", "auxiliary_exception"],
        );
        let sinking = said(&mut r, &obj, "sinking", &["effect"]);
        let damage = said(&mut r, &obj, "damage", &["effect"]);
        let tonnage_award = said(&mut r, &obj, "tonnage_award", &["credit", "removals_credit"]);
        let end_of_combat = read_end_of_combat(&mut r, &obj);
        let setup = said(&mut r, &obj, "setup", &["piles", "start", "scenarios", "step"]);
        let rules = (|| {
            Some(CombatRules {
                replacements,
                replacement_rules: replacement_rules?,
                named_sw_counters: named,
                named_sw_note: named_note?,
                diligent_escort: diligent?,
                aircraft_capable: aircraft?,
                depletion: depletion?,
                sinking: sinking?,
                damage: damage?,
                tonnage_award: tonnage_award?,
                end_of_combat,
                setup: setup?,
            })
        })();
        r.finish(rules)
    }

    /// The pile that replaces a revealed SW counter.
    pub fn draw_from(&self, revealed: Revealed) -> Option<PileId> {
        self.replacements
            .iter()
            .find(|x| x.revealed == revealed)
            .map(|x| x.draw_from)
    }

    /// Every pile named here is one of the IJN Set's.
    pub(crate) fn check_against(&self, set: &IjnSet) -> Vec<DataError> {
        let mut e = Vec::new();
        for x in &self.replacements {
            if set.pile(x.draw_from).is_none() {
                e.push(DataError::new(
                    "data/silent_war_ijn/combat.json",
                    "combat",
                    format!("replacement {}", x.revealed.label()),
                    format!("the pile {} is not in ships.json", x.draw_from),
                ));
            }
        }
        e
    }
}
