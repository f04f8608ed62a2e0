//! F1-F4, the training schools, and H2, the commander name generator.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Refs;
use crate::Provenance;
use crate::chart::{Chart, Row};
use crate::read::{Cx, Family, Fields, join};
use crate::summary::Summary;
use crate::table::{Dates, Table};

/// A skill a school can grant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillDef {
    pub id: String,
    pub name: String,
    /// What it does, in our own words.
    pub effect: String,
    pub provenance: Provenance,
}

/// The result that grants nothing.
pub const NO_SKILL: &str = "none";

fn read_skills(cx: &mut Cx, f: &mut Fields) -> Vec<SkillDef> {
    let skills: Vec<SkillDef> = cx.entries(f, "skills", "skill");
    for (i, s) in skills.iter().enumerate() {
        let entry = format!("skill {} ({})", i + 1, s.id);
        cx.provenance(&s.provenance, &entry);
        if skills[..i].iter().any(|o| o.id == s.id) {
            cx.err(&entry, "this skill id appears twice");
        }
    }
    skills
}

fn check_skill_rows(cx: &mut Cx, prefix: &str, rows: &[Row<String>], skills: &[SkillDef]) {
    for (i, r) in rows.iter().enumerate() {
        if r.result != NO_SKILL && !skills.iter().any(|s| s.id == r.result) {
            cx.err(
                &join(
                    prefix,
                    &format!("row {} ({}), field result", i + 1, String::from(r.roll)),
                ),
                format!(
                    "unknown skill '{}': not in this chart's skills list (or 'none')",
                    r.result
                ),
            );
        }
    }
}

/// An F1 column: the officer who rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Officer {
    Commander,
    ExecutiveOfficer,
    Engineer,
}

impl fmt::Display for Officer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Officer::Commander => "commander",
            Officer::ExecutiveOfficer => "executive_officer",
            Officer::Engineer => "engineer",
        })
    }
}

/// One of the Kure school's free-time options; the player chooses one [4.8.1].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FreeTime {
    pub id: String,
    pub name: String,
    pub effect: String,
    pub provenance: Provenance,
}

/// F1 Kure Submarine School [4.8.1].
#[derive(Debug, Clone, PartialEq)]
pub struct F1 {
    pub table: Table<Officer, String>,
    pub free_time: Vec<FreeTime>,
    pub skills: Vec<SkillDef>,
}

impl Family<Refs> for F1 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let table = cx.table(f);
        let free_time: Vec<FreeTime> = cx.entries(f, "free_time", "free-time option");
        for (i, f) in free_time.iter().enumerate() {
            cx.provenance(&f.provenance, &format!("free-time option {} ({})", i + 1, f.id));
        }
        let skills = read_skills(cx, f);
        Some(Self {
            table: table?,
            free_time,
            skills,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for k in [Officer::Commander, Officer::ExecutiveOfficer, Officer::Engineer] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing [4.8.1]"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
        for c in &self.table.columns {
            check_skill_rows(cx, &c.label(), &c.chart.rows, &self.skills);
        }
        if self.free_time.len() != 3 {
            cx.err(
                "field free_time",
                "the school offers three free-time options [4.8.1]",
            );
        }
    }
    fn summary(&self) -> Summary {
        let mut s = Summary::of_table(&self.table, &[]);
        s.shape = format!("{} and {} free-time options", s.shape, self.free_time.len());
        s
    }
}

/// F2, F3 and F4: one roll on a list of skills.
#[derive(Debug, Clone, PartialEq)]
pub struct School {
    pub chart: Chart<String>,
    pub skills: Vec<SkillDef>,
}

impl School {
    pub fn skill(&self, id: &str) -> Option<&SkillDef> {
        self.skills.iter().find(|s| s.id == id)
    }
}

impl Family<Refs> for School {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let chart = cx.chart(f);
        let skills = read_skills(cx, f);
        Some(Self {
            chart: chart?,
            skills,
        })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        check_skill_rows(cx, "", &self.chart.rows, &self.skills);
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

pub type F2 = School;
pub type F3 = School;
pub type F4 = School;

/// An H2 column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NamePart {
    FamilyName,
    GivenName,
}

impl fmt::Display for NamePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NamePart::FamilyName => "family_name",
            NamePart::GivenName => "given_name",
        })
    }
}

/// H2 Names of Japanese Submarine Commanders [11.8].
#[derive(Debug, Clone, PartialEq)]
pub struct H2 {
    pub table: Table<NamePart, String>,
}

impl H2 {
    /// Family name first, as Japanese names are written.
    pub fn name(&self, family_roll: i32, given_roll: i32) -> Option<String> {
        let when = crate::sensuikan::WAR_START;
        let f = self.table.lookup(&NamePart::FamilyName, when, family_roll)?;
        let g = self.table.lookup(&NamePart::GivenName, when, given_roll)?;
        Some(format!("{} {}", f.result, g.result))
    }
}

impl Family<Refs> for H2 {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { table: cx.table(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for k in [NamePart::FamilyName, NamePart::GivenName] {
            if self.table.columns_of(&k).next().is_none() {
                cx.err("field columns", format!("the column '{k}' is missing"));
            }
        }
        self.table.check_dates(cx, |_| Dates::default());
    }
    fn summary(&self) -> Summary {
        Summary::of_table(&self.table, &[])
    }
}
