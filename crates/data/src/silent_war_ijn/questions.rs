//! What the companion asks the player about the base game (`base_game_questions.json`): each question
//! with the base-game case it is about and the expansion cases that need the answer, and the reminders it
//! says without waiting for an answer. The companion never supplies these answers itself.

use serde::Deserialize;

use super::IjnData;
use super::reading::{Cited, Reader};
use crate::{DataError, Provenance};

/// A step of the checklist's sequence of hooks (S0 set-up … S6 War Events).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub id: String,
    pub title: String,
    pub cases: Vec<String>,
}

/// One choice of a question.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerChoice {
    pub id: String,
    pub label: String,
}

/// A numbered field of a question that asks several numbers.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberField {
    pub id: String,
    pub min: u32,
    pub max: u32,
}

/// The kind of answer a question takes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Answer {
    YesNo,
    /// One of the choices; `choices_from` names a list the companion fills in (the revealed escorts).
    Choice {
        #[serde(default)]
        choices: Vec<AnswerChoice>,
        #[serde(default)]
        choices_from: Option<String>,
        #[serde(default)]
        plus: Vec<AnswerChoice>,
    },
    /// Any of the choices.
    Choices {
        choices: Vec<AnswerChoice>,
    },
    Number {
        min: u32,
        #[serde(default)]
        max: Option<u32>,
    },
    Numbers {
        #[serde(default)]
        fields: Vec<NumberField>,
        #[serde(default)]
        min: Option<u32>,
    },
    Month,
}

impl Answer {
    /// The fixed choices of a choice question.
    pub fn choices(&self) -> &[AnswerChoice] {
        match self {
            Answer::Choice { choices, .. } | Answer::Choices { choices } => choices,
            _ => &[],
        }
    }
}

/// One question.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub id: String,
    /// The question, in our words.
    pub ask: String,
    /// What the base game has that we lack (`-` for the player's own choices).
    pub base_game: String,
    /// The base-game cases it is about, as the expansion cites them (`SW17.1`).
    pub about: Vec<String>,
    /// The expansion cases that need the answer.
    pub cases: Vec<String>,
    pub answer: Answer,
    pub step: String,
    pub when: String,
    pub asked: String,
    pub why: String,
    pub provenance: Provenance,
}

impl Question {
    /// The question with the base-game case it is about: `Which War Period is it? [SW17.1]`.
    pub fn prompt(&self) -> String {
        if self.about.is_empty() {
            self.ask.clone()
        } else {
            let about: Vec<String> = self.about.iter().map(|a| format!("[{a}]")).collect();
            format!("{} {}", self.ask, about.join(" "))
        }
    }

    /// The first expansion case that needs the answer.
    pub fn case(&self) -> &str {
        self.cases.first().map_or("", String::as_str)
    }
}

/// A sentence the companion says at a step without waiting for an answer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reminder {
    pub id: String,
    pub say: String,
    pub about: Vec<String>,
    pub cases: Vec<String>,
    pub step: String,
    pub provenance: Provenance,
}

/// The validated questions and reminders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Questions {
    pub steps: Vec<Step>,
    pub questions: Vec<Question>,
    pub reminders: Vec<Reminder>,
}

/// The questions the engine asks by id: the file must have each of them.
pub const ASKED: &[&str] = &[
    "scenario",
    "start_month",
    "events_before_start",
    "war_period",
    "campaign_game",
    "optional_damage_table",
    "who_draws",
    "submarine_class",
    "tactical_rating",
    "super_skipper",
    "new_war_period",
    "aac_row_has_red",
    "aac_first_box",
    "aac_second_box",
    "revealed_counter",
    "counter_values",
    "combat_area",
    "sw30_1_allows",
    "tdc_on_target",
    "another_tdc_unit",
    "combat_event",
    "attempt_crash_dive",
    "diligent_escort_table",
    "event_aircraft_table",
    "spotted",
    "aircraft_revealed",
    "wolfpack_attacked",
    "target_escort",
    "ijn_ship_outcome",
    "tons_sunk",
    "ships_sunk",
    "adjacent_column",
    "loner_revealed",
    "surface_gunnery",
    "war_event",
];

/// The reminders the engine says by id.
pub const SAID: &[&str] = &[
    "sub_vs_sub",
    "loner_endurance",
    "loner_reattacks",
    "betty_endurance",
    "wp4_modification",
    "return_sw_counters",
    "set_up_step",
    "damage_base_rules",
];

impl Questions {
    pub fn question(&self, id: &str) -> Option<&Question> {
        self.questions.iter().find(|q| q.id == id)
    }

    pub fn reminder(&self, id: &str) -> Option<&Reminder> {
        self.reminders.iter().find(|r| r.id == id)
    }

    pub(crate) fn read(file: &str, text: &str) -> Result<(Self, Vec<Cited>), Vec<DataError>> {
        let (mut r, obj) = Reader::open(
            file,
            "base_game_questions",
            text,
            &["steps", "questions", "reminders"],
        )?;
        let steps: Vec<Step> = r
            .list::<Step>(&obj, "steps", "step", "id")
            .into_iter()
            .map(|(_, s)| s)
            .collect();
        let questions: Vec<Question> = r
            .list::<Question>(&obj, "questions", "question", "id")
            .into_iter()
            .map(|(label, q)| {
                r.provenance(&label, &q.provenance);
                r.text(&label, "ask", &q.ask);
                for c in &q.cases {
                    r.provenance(
                        &format!("{label}, field cases"),
                        &Provenance::Rule { case: c.clone() },
                    );
                }
                if !steps.iter().any(|s| s.id == q.step) {
                    r.err(&format!("{label}, field step"), format!("no step '{}'", q.step));
                }
                q
            })
            .collect();
        let reminders: Vec<Reminder> = r
            .list::<Reminder>(&obj, "reminders", "reminder", "id")
            .into_iter()
            .map(|(label, x)| {
                r.provenance(&label, &x.provenance);
                r.text(&label, "say", &x.say);
                for c in &x.cases {
                    r.provenance(
                        &format!("{label}, field cases"),
                        &Provenance::Rule { case: c.clone() },
                    );
                }
                x
            })
            .collect();
        for s in &steps {
            for c in &s.cases {
                r.provenance(&format!("step {}", s.id), &Provenance::Rule { case: c.clone() });
            }
        }
        r.unique(questions.iter().map(|q| ("field questions", q.id.as_str())));
        r.unique(reminders.iter().map(|q| ("field reminders", q.id.as_str())));
        for id in ASKED {
            if !questions.iter().any(|q| q.id == *id) {
                r.err(
                    "field questions",
                    format!("the companion asks '{id}': the question is missing"),
                );
            }
        }
        for id in SAID {
            if !reminders.iter().any(|q| q.id == *id) {
                r.err(
                    "field reminders",
                    format!("the companion says '{id}': the reminder is missing"),
                );
            }
        }
        r.finish(Some(Questions {
            steps,
            questions,
            reminders,
        }))
    }

    /// The choices that name the data's own ids match them: submarine classes, War Events, sea areas,
    /// the Combat Events of restriction d.
    pub(crate) fn check_against(&self, data: &IjnData) -> Vec<DataError> {
        let file = "data/silent_war_ijn/base_game_questions.json";
        let mut e = Vec::new();
        // What differs, each id cut short: a damaged file may hold ids megabytes long.
        let listed = |ids: Vec<&str>| {
            let shown: Vec<String> = ids.iter().take(8).map(|id| short(id)).collect();
            let more = ids.len().saturating_sub(8);
            if more > 0 {
                format!("{} and {more} more", shown.join(", "))
            } else {
                shown.join(", ")
            }
        };
        let mut same = |question: &str, source: &str, want: Vec<&str>| {
            let Some(q) = self.question(question) else {
                return;
            };
            let have: Vec<&str> = q.answer.choices().iter().map(|c| c.id.as_str()).collect();
            let missing: Vec<&str> = want.iter().filter(|w| !have.contains(w)).copied().collect();
            let extra: Vec<&str> = have.iter().filter(|h| !want.contains(h)).copied().collect();
            if !missing.is_empty() || !extra.is_empty() {
                let mut why = Vec::new();
                if !missing.is_empty() {
                    why.push(format!("lacks {}", listed(missing)));
                }
                if !extra.is_empty() {
                    why.push(format!("has {} too", listed(extra)));
                }
                e.push(DataError::new(
                    file,
                    "base_game_questions",
                    format!("question {question}"),
                    format!(
                        "its choices must be the ids of {source}: it {}",
                        why.join(" and ")
                    ),
                ));
            }
        };
        same(
            "submarine_class",
            "data/silent_war_ijn/crash_dive.json",
            data.crash_dive.ratings.iter().map(|r| r.id.as_str()).collect(),
        );
        same(
            "events_before_start",
            "data/silent_war_ijn/ships.json (its War Events)",
            data.set.events.iter().map(|ev| ev.id.as_str()).collect(),
        );
        let mut events: Vec<&str> = data.set.events.iter().map(|ev| ev.id.as_str()).collect();
        events.push("none");
        same(
            "war_event",
            "data/silent_war_ijn/ships.json (its War Events, and none)",
            events,
        );
        let mut areas: Vec<&str> = data.special.areas.iter().map(|a| a.id.as_str()).collect();
        areas.push("elsewhere");
        same(
            "combat_area",
            "data/silent_war_ijn/special_ships.json (its areas, and elsewhere)",
            areas,
        );
        if let (Some(q), Some(d)) = (self.question("combat_event"), data.targeting.restriction('d')) {
            for ev in &d.events {
                if !q.answer.choices().iter().any(|c| &c.id == ev) {
                    e.push(DataError::new(
                        "data/silent_war_ijn/targeting_escort.json",
                        "targeting_escort",
                        "restriction d",
                        format!("'{}' is not a choice of the combat_event question", short(ev)),
                    ));
                }
            }
        }
        e
    }
}

/// An id as an error message shows it: whole up to 40 characters, else its start and its length.
fn short(id: &str) -> String {
    if id.chars().count() <= 40 {
        id.to_string()
    } else {
        let start: String = id.chars().take(32).collect();
        format!("{start}… ({} characters)", id.chars().count())
    }
}
