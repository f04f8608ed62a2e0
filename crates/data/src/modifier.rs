//! The numbers printed beside a chart: dice roll modifiers ([`Modifier`]) and fixed values
//! ([`Constant`]), each named by a stable id the engine asks for and with its provenance.

use serde::{Deserialize, Serialize};

use crate::Provenance;
use crate::month::Month;
use crate::read::{Cx, Fields};

/// A dice roll modifier printed with a chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    /// Stable name the engine asks for (`fast_target`).
    pub id: String,
    /// Added to the roll.
    pub drm: i32,
    /// When it applies, in our own words.
    pub when: String,
    /// In force from this month on only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Month>,
    pub provenance: Provenance,
}

/// A fixed number printed with a chart (a natural roll that always succeeds, a bonus, a tonnage).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constant {
    pub id: String,
    pub value: i32,
    pub meaning: String,
    pub provenance: Provenance,
}

/// Finds a modifier or constant by id.
pub trait Named {
    fn name(&self) -> &str;
}

impl Named for Modifier {
    fn name(&self) -> &str {
        &self.id
    }
}

impl Named for Constant {
    fn name(&self) -> &str {
        &self.id
    }
}

pub fn find<'a, N: Named>(list: &'a [N], id: &str) -> Option<&'a N> {
    list.iter().find(|n| n.name() == id)
}

impl Cx<'_> {
    /// The chart's optional `modifiers` list, each with an id (given once) and its provenance.
    pub fn modifiers(&mut self, fields: &mut Fields) -> Vec<Modifier> {
        let list: Vec<Modifier> = self.entries(fields, "modifiers", "modifier");
        self.check_named(&list, "modifier", |m| &m.provenance);
        list
    }

    /// The chart's optional `constants` list, each with an id (given once) and its provenance.
    pub fn constants(&mut self, fields: &mut Fields) -> Vec<Constant> {
        let list: Vec<Constant> = self.entries(fields, "constants", "constant");
        self.check_named(&list, "constant", |c| &c.provenance);
        list
    }

    fn check_named<N: Named>(&mut self, list: &[N], what: &str, prov: impl Fn(&N) -> &Provenance) {
        for (i, n) in list.iter().enumerate() {
            let entry = format!("{what} {} ({})", i + 1, n.name());
            self.provenance(prov(n), &entry);
            if n.name().trim().is_empty() {
                self.err(&entry, format!("a {what} needs an id"));
            }
            if list[..i].iter().any(|o| o.name() == n.name()) {
                self.err(&entry, format!("this {what} id appears twice"));
            }
        }
    }

    /// Checks that the modifiers (or constants: `what`) named in `required` are all present: the ones
    /// the rules state, which the engine asks for.
    pub fn require_named<N: Named>(&mut self, list: &[N], what: &str, required: &[&str]) {
        for id in required {
            if find(list, id).is_none() {
                self.err(&format!("field {what}s"), format!("the {what} '{id}' is missing"));
            }
        }
    }
}
