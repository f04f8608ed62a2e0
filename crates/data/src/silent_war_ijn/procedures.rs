//! The expansion's procedures: loners (`loners.json`) [4.0]-[4.3], crash dive (`crash_dive.json`)
//! [5.0]-[5.2], targeting an escort (`targeting_escort.json`) [6.0] [6.1] and the early War Period 4
//! (`war_period_4.json`) [7.0].

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::Sources;
use super::combat::{Said, said, said_with};
use super::reading::{Cited, RawSources, Reader};
use crate::chart::{Chart, ChartDice};
use crate::month::Month;
use crate::{DataError, Provenance};

/// A Silent War cup (and the combat display column that goes with it) [4.2 Target].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cup {
    A,
    B,
    C,
    D,
}

impl Cup {
    pub const ALL: [Cup; 4] = [Cup::A, Cup::B, Cup::C, Cup::D];

    pub fn letter(self) -> char {
        match self {
            Cup::A => 'A',
            Cup::B => 'B',
            Cup::C => 'C',
            Cup::D => 'D',
        }
    }

    pub fn from_letter(s: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|c| s.trim().eq_ignore_ascii_case(&c.letter().to_string()))
    }

    /// The columns beside this one on the combat display (one at an edge).
    pub fn adjacent(self) -> Vec<Cup> {
        let i = Self::ALL.iter().position(|c| *c == self).unwrap_or(0);
        let mut out = Vec::new();
        if i > 0 {
            out.push(Self::ALL[i - 1]);
        }
        if let Some(c) = Self::ALL.get(i + 1) {
            out.push(*c);
        }
        out
    }
}

impl fmt::Display for Cup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What the loner's Combat Event roll gives [4.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LonerEvent {
    Event,
    NoEvent,
}

/// One row of the loner cup table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CupRow {
    pub war_period: u8,
    pub cup: Cup,
    pub provenance: Provenance,
}

/// What each kind of revealed loner leads to [4.3].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LonerKind {
    pub kind: String,
    pub then: String,
    pub provenance: Provenance,
}

/// The validated loner rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Loners {
    pub contact: Said,
    pub cups: Vec<CupRow>,
    pub placement: String,
    pub submarine_placement: Said,
    pub combat_event: Chart<LonerEvent>,
    pub revealed: Vec<LonerKind>,
    pub combat: Said,
    /// Added to the Endurance Check at the end of a loner combat [4.3 Combat Procedure].
    pub endurance_check_modifier: i32,
}

impl Loners {
    /// The cup a loner is drawn from in a War Period [4.2 Target].
    pub fn cup(&self, war_period: u8) -> Option<Cup> {
        self.cups
            .iter()
            .find(|c| c.war_period == war_period)
            .map(|c| c.cup)
    }

    pub(crate) fn read(file: &str, text: &str) -> Result<(Self, Vec<Cited>), Vec<DataError>> {
        let keys = [
            "contact",
            "cups",
            "submarine_placement",
            "combat_event",
            "revealed",
            "combat",
        ];
        let (mut r, obj) = Reader::open(file, "loners", text, &keys)?;
        let contact = said(
            &mut r,
            &obj,
            "contact",
            &["applies_when", "then", "first_roll_zero"],
        );
        let cups = r.field::<RawCups>(&obj, "cups").map(|c| {
            let rows: Vec<CupRow> = c
                .rows
                .into_iter()
                .enumerate()
                .map(|(i, row)| {
                    r.provenance(&format!("field cups, row {}", i + 1), &row.provenance);
                    CupRow {
                        war_period: row.war_period,
                        cup: row.cup,
                        provenance: row.provenance,
                    }
                })
                .collect();
            for (name, p) in &c.field_provenance {
                r.provenance(&format!("field cups, field_provenance.{name}"), p);
            }
            for wp in 1..=4u8 {
                if rows.iter().filter(|row| row.war_period == wp).count() != 1 {
                    r.err("field cups", format!("War Period {wp} needs exactly one cup"));
                }
            }
            (rows, c.placement)
        });
        let placement = said(
            &mut r,
            &obj,
            "submarine_placement",
            &["dice", "subtract", "same_column_if", "otherwise"],
        );
        let event = r
            .field::<Chart<LonerEvent>>(&obj, "combat_event")
            .and_then(|chart| {
                if chart.dice != ChartDice::D10Zero {
                    r.err(
                        "field combat_event, field dice",
                        "read on the Silent War die, \"1d10z\"",
                    );
                }
                for row in &chart.rows {
                    r.provenance(
                        &format!("field combat_event, row {}", String::from(row.roll)),
                        &row.provenance,
                    );
                }
                let problems = chart.problems(r.cx.file);
                let bad = !problems.is_empty();
                r.cx.absorb("field combat_event", problems);
                (!bad).then_some(chart)
            });
        let revealed: Vec<LonerKind> = r
            .list::<RawKind>(&obj, "revealed", "revealed", "kind")
            .into_iter()
            .map(|(label, k)| {
                r.provenance(&label, &k.provenance);
                LonerKind {
                    kind: k.kind,
                    then: k.then,
                    provenance: k.provenance,
                }
            })
            .collect();
        let modifier = obj
            .get("combat")
            .and_then(|c| c.get("endurance_check_modifier"))
            .and_then(|v| r.cx.value::<i32>(v, "field combat.endurance_check_modifier"));
        let combat = said_with(
            &mut r,
            &obj,
            "combat",
            &["surface_gunnery", "reattacks", "endurance_check", "michel"],
            &["endurance_check_modifier"],
        );
        let loners = (|| {
            let (cups, placement_text) = cups?;
            Some(Loners {
                contact: contact?,
                cups,
                placement: placement_text,
                submarine_placement: placement?,
                combat_event: event?,
                revealed,
                combat: combat?,
                endurance_check_modifier: modifier?,
            })
        })();
        r.finish(loners)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCupRow {
    war_period: u8,
    cup: Cup,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCups {
    #[allow(dead_code)]
    id: String,
    #[allow(dead_code)]
    title: String,
    #[allow(dead_code)]
    key: String,
    rows: Vec<RawCupRow>,
    placement: String,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKind {
    kind: String,
    then: String,
    provenance: Provenance,
}

/// A submarine class's Crash Dive Rating [5.2]: a number, or X (cannot try).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Rating {
    Rated(u8),
    CannotTry(CannotTry),
}

/// The `"X"` of the ratings table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CannotTry {
    X,
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rating::Rated(n) => write!(f, "{n}"),
            Rating::CannotTry(_) => f.write_str("X"),
        }
    }
}

/// One class of the Crash Dive Ratings table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassRating {
    pub id: String,
    pub class: String,
    pub rating: Rating,
    pub provenance: Provenance,
}

/// What sets off a crash dive [5.1].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    DiligentEscort,
    CircularRunningTorpedo,
    BettyBomber,
}

/// One trigger and what a successful dive does to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriggerRule {
    pub id: Trigger,
    pub when: String,
    pub before: String,
    pub on_success: String,
    pub sources: Sources,
}

/// The validated crash dive rules.
#[derive(Debug, Clone, PartialEq)]
pub struct CrashDive {
    pub test: Said,
    pub triggers: Vec<TriggerRule>,
    pub on_failure: Said,
    /// The table result kept on a successful dive (No Effect); every other becomes `becomes` (Spotted).
    pub kept: String,
    pub becomes: String,
    pub ratings: Vec<ClassRating>,
}

impl CrashDive {
    pub fn rating(&self, class: &str) -> Option<&ClassRating> {
        self.ratings.iter().find(|r| r.id == class)
    }

    pub fn trigger(&self, id: Trigger) -> Option<&TriggerRule> {
        self.triggers.iter().find(|t| t.id == id)
    }

    pub(crate) fn read(file: &str, text: &str) -> Result<(Self, Vec<Cited>), Vec<DataError>> {
        let keys = ["test", "triggers", "on_failure", "converted_result", "ratings"];
        let (mut r, obj) = Reader::open(file, "crash_dive", text, &keys)?;
        if let Some(v) = obj.get("test").and_then(|t| t.get("attempt_is_optional"))
            && v != &serde_json::Value::Bool(true)
        {
            r.err(
                "field test, field attempt_is_optional",
                "the dive is the player's choice [5.1]: true",
            );
        }
        let test = said_with(
            &mut r,
            &obj,
            "test",
            &["dice", "subtract", "succeeds_if", "cannot_try"],
            &["attempt_is_optional"],
        );
        let triggers: Vec<TriggerRule> = r
            .list::<RawTrigger>(&obj, "triggers", "trigger", "id")
            .into_iter()
            .map(|(label, t)| {
                let sources = r.sources(
                    &label,
                    RawSources {
                        provenance: t.provenance,
                        field_provenance: t.field_provenance,
                    },
                    &["id", "when", "before", "on_success"],
                );
                TriggerRule {
                    id: t.id,
                    when: t.when,
                    before: t.before,
                    on_success: t.on_success,
                    sources,
                }
            })
            .collect();
        for id in [
            Trigger::DiligentEscort,
            Trigger::CircularRunningTorpedo,
            Trigger::BettyBomber,
        ] {
            if triggers.iter().filter(|t| t.id == id).count() != 1 {
                r.err("field triggers", format!("the trigger {id:?} is needed once"));
            }
        }
        let on_failure = said(&mut r, &obj, "on_failure", &["effect"]);
        let converted = said(&mut r, &obj, "converted_result", &["kept", "becomes"]);
        let ratings: Vec<ClassRating> = r
            .list::<RawRating>(&obj, "ratings", "rating", "id")
            .into_iter()
            .map(|(label, x)| {
                r.provenance(&label, &x.provenance);
                if let Rating::Rated(n) = x.rating
                    && n > 9
                {
                    r.err(&format!("{label}, field rating"), "a rating is 0 to 9, or \"X\"");
                }
                ClassRating {
                    id: x.id,
                    class: x.class,
                    rating: x.rating,
                    provenance: x.provenance,
                }
            })
            .collect();
        r.unique(ratings.iter().map(|x| ("field ratings", x.id.as_str())));
        let dive = (|| {
            let converted = converted?;
            Some(CrashDive {
                test: test?,
                triggers,
                on_failure: on_failure?,
                kept: converted.text("kept").to_string(),
                becomes: converted.text("becomes").to_string(),
                ratings,
            })
        })();
        r.finish(dive)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrigger {
    id: Trigger,
    when: String,
    before: String,
    on_success: String,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRating {
    id: String,
    class: String,
    rating: Rating,
    provenance: Provenance,
}

/// One restriction of [6.1], lettered a-e.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restriction {
    pub id: String,
    pub letter: char,
    pub forbids_when: String,
    /// For d: the Combat Events that forbid it.
    pub events: Vec<String>,
    /// Our one line on why.
    pub reason: String,
    pub sources: Sources,
}

/// The validated Targeting an Escort rules.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetingEscort {
    pub option: Said,
    /// How many escorts may have their ASW ignored in one combat.
    pub escorts: u8,
    pub restrictions: Vec<Restriction>,
}

impl TargetingEscort {
    pub fn restriction(&self, letter: char) -> Option<&Restriction> {
        self.restrictions.iter().find(|r| r.letter == letter)
    }

    pub(crate) fn read(file: &str, text: &str) -> Result<(Self, Vec<Cited>), Vec<DataError>> {
        let (mut r, obj) = Reader::open(file, "targeting_escort", text, &["option", "restrictions"])?;
        let escorts = obj
            .get("option")
            .and_then(|o| o.get("escorts"))
            .and_then(|v| r.cx.value::<u8>(v, "field option.escorts"));
        let option = said_with(
            &mut r,
            &obj,
            "option",
            &["rounds", "effect", "unrevealed_target", "counterattack"],
            &["escorts", "optional"],
        );
        let restrictions: Vec<Restriction> = r
            .list::<RawRestriction>(&obj, "restrictions", "restriction", "id")
            .into_iter()
            .map(|(label, x)| {
                r.text(&label, "reason", &x.reason);
                let sources = r.sources(
                    &label,
                    RawSources {
                        provenance: x.provenance,
                        field_provenance: x.field_provenance,
                    },
                    &["id", "letter", "forbids_when", "events", "reason"],
                );
                Restriction {
                    id: x.id,
                    letter: x.letter,
                    forbids_when: x.forbids_when,
                    events: x.events,
                    reason: x.reason,
                    sources,
                }
            })
            .collect();
        let letters: Vec<char> = restrictions.iter().map(|x| x.letter).collect();
        if letters != ['a', 'b', 'c', 'd', 'e'] {
            r.err(
                "field restrictions",
                "the restrictions are a to e, in order [6.1]",
            );
        }
        if restrictions
            .iter()
            .find(|x| x.letter == 'd')
            .is_some_and(|d| d.events.is_empty())
        {
            r.err("restriction d", "names the Combat Events that forbid the option");
        }
        let t = (|| {
            Some(TargetingEscort {
                option: option?,
                escorts: escorts?,
                restrictions,
            })
        })();
        r.finish(t)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRestriction {
    id: String,
    letter: char,
    forbids_when: String,
    #[serde(default)]
    events: Vec<String>,
    reason: String,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

/// The validated early War Period 4 rules [7.0].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarPeriod4 {
    pub ships_sunk_at_least: u32,
    /// Whole tons.
    pub tons_sunk_at_least: u64,
    /// The Tons Sunk marker's reading (thousands) for the same mark.
    pub tons_marker_reads: u32,
    /// The number the current month takes (the printed June 1944's).
    pub first_month_number: u8,
    pub printed_first_month: Month,
    /// How each later month's number follows (the example counts down by one).
    pub step: i32,
    pub texts: Said,
    pub window: String,
    /// The text's example: month, ships, tons and the numbers of its months.
    pub example: (Month, u32, u64, Vec<(Month, u8)>),
}

impl WarPeriod4 {
    /// Whether the markers trigger the early transition: both marks reached [7.0].
    pub fn triggered(&self, ships_sunk: u32, tons_sunk: u64) -> bool {
        ships_sunk >= self.ships_sunk_at_least && tons_sunk >= self.tons_sunk_at_least
    }

    /// The transition number of a month once the transition started in `first`: the first month's
    /// number, then each later month stepped by `step`; `None` before the first month or below 1.
    pub fn number(&self, first: Month, month: Month) -> Option<u8> {
        let n = first.months_until(month);
        if n < 0 {
            return None;
        }
        let v = i32::from(self.first_month_number) + n * self.step;
        u8::try_from(v).ok().filter(|v| *v >= 1)
    }

    pub(crate) fn read(file: &str, text: &str) -> Result<(Self, Vec<Cited>), Vec<DataError>> {
        let keys = ["trigger", "renumbering", "window", "example"];
        let (mut r, obj) = Reader::open(file, "war_period_4", text, &keys)?;
        let trigger = r.field::<RawTrigger4>(&obj, "trigger").inspect(|t| {
            r.provenance("field trigger", &t.provenance);
            for (k, p) in &t.field_provenance {
                r.provenance(&format!("field trigger, field_provenance.{k}"), p);
            }
            if u64::from(t.tons_marker_reads) * 1000 != t.tons_sunk_at_least {
                r.err(
                    "field trigger",
                    "the marker's reading (thousands) and the mark in tons differ",
                );
            }
            if !t.both_required {
                r.err(
                    "field trigger, field both_required",
                    "both marks are needed [7.0]",
                );
            }
        });
        let renumbering = r.field::<RawRenumbering>(&obj, "renumbering").and_then(|n| {
            r.provenance("field renumbering", &n.provenance);
            for (k, p) in &n.field_provenance {
                r.provenance(&format!("field renumbering, field_provenance.{k}"), p);
            }
            match Month::parse_in_war(&n.printed_first_month) {
                Ok(m) => Some((n, m)),
                Err(m) => {
                    r.err("field renumbering, field printed_first_month", m);
                    None
                }
            }
        });
        let window = r.field::<RawWindow>(&obj, "window").map(|w| {
            r.provenance("field window", &w.provenance);
            format!("{}; {}", w.checked_from, w.checked_until)
        });
        let example = r.field::<RawExample4>(&obj, "example").map(|x| {
            r.provenance("field example", &x.provenance);
            for (k, p) in &x.field_provenance {
                r.provenance(&format!("field example, field_provenance.{k}"), p);
            }
            (
                x.month,
                x.ships_sunk,
                x.tons_sunk,
                x.numbers
                    .into_iter()
                    .map(|n| (n.month, n.number))
                    .collect::<Vec<_>>(),
            )
        });
        let wp4 = (|| {
            let t = trigger?;
            let (n, printed) = renumbering?;
            let mut texts = BTreeMap::new();
            texts.insert("checked_in".to_string(), t.checked_in);
            texts.insert("first_month".to_string(), n.first_month);
            texts.insert("following_months".to_string(), n.following_months);
            texts.insert("then".to_string(), n.then);
            Some(WarPeriod4 {
                ships_sunk_at_least: t.ships_sunk_at_least,
                tons_sunk_at_least: t.tons_sunk_at_least,
                tons_marker_reads: t.tons_marker_reads,
                first_month_number: n.first_month_number,
                printed_first_month: printed,
                step: n.step,
                texts: Said {
                    texts,
                    sources: Sources {
                        entry: n.provenance,
                        fields: n.field_provenance,
                    },
                },
                window: window?,
                example: example?,
            })
        })();
        if let Some(w) = &wp4 {
            let (month, ships, tons, numbers) = &w.example;
            if !w.triggered(*ships, *tons) {
                r.err("field example", "the example's markers do not reach the marks");
            }
            for (m, n) in numbers {
                if w.number(*month, *m) != Some(*n) {
                    r.err(
                        "field example",
                        format!("{m} would be numbered {:?}, not {n}", w.number(*month, *m)),
                    );
                }
            }
        }
        r.finish(wp4)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrigger4 {
    checked_in: String,
    ships_sunk_at_least: u32,
    tons_sunk_at_least: u64,
    tons_marker_reads: u32,
    both_required: bool,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRenumbering {
    first_month_number: u8,
    first_month: String,
    printed_first_month: String,
    following_months: String,
    step: i32,
    then: String,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWindow {
    checked_from: String,
    checked_until: String,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNumber {
    month: Month,
    number: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExample4 {
    month: Month,
    ships_sunk: u32,
    tons_sunk: u64,
    numbers: Vec<RawNumber>,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}
