//! What every Atlantic file is held to whatever its shape, checked on its JSON: each provenance `case`
//! is a case of `rules.json`, each `field_provenance` names fields its entry has, and each bracketed
//! citation in the text resolves to a case [`super::cases::resolve`]. The typed readers check the rest.

use serde_json::{Map, Value};

use super::cases::{CaseIds, citations, resolve};
use crate::Provenance;
use crate::read::{Cx, join};

/// How an entry of a list is named in errors: `row 3`, `modifier 2`, `escort box 5`.
pub(crate) fn singular(key: &str) -> String {
    let named = match key {
        "rows" => "row",
        "columns" => "column",
        "modifiers" => "modifier",
        "constants" => "constant",
        "notes" => "note",
        "effects" => "effect",
        "drms" => "drm",
        "classes" => "class",
        "ships" => "ship",
        "groups" => "group",
        "scenario_groups" => "scenario group",
        "reinforcement_pools" => "pool",
        "caps" => "cap",
        "bases" => "base",
        "meeting_points" => "meeting point",
        "travel_boxes" => "travel box",
        "routes" => "route",
        "boxes" => "box",
        "air_support" => "air support",
        "types" => "type",
        "systems" => "system",
        "sizes" => "size",
        "damage_to_sink" => "band",
        "convoy_sizes" => "convoy size",
        "victory_levels" => "level",
        "victory_shifts" => "shift",
        "victory_tons_added" => "addition",
        "ranks" => "rank",
        "crew_levels" => "crew level",
        "two_player_results" => "result",
        "convoy_ids" => "month",
        "scenarios" => "scenario",
        "mats" => "mat",
        "areas" => "area",
        "displays" => "display",
        "escort_boxes" => "escort box",
        "approaches" => "approach",
        "range_boxes" => "range box",
        "approach_tables" => "approach table",
        "convoy" => "rectangle",
        "salvo" => "shot",
        "reroll" => "reroll",
        "conditions" => "condition",
        "charts" => "chart",
        "cases" => "case",
        other => return other.trim_end_matches('s').replace('_', " "),
    };
    named.to_string()
}

/// Walks `value` (a chart, or a top-level section of a catalog), reporting to `cx`. `validate` also
/// checks that every provenance reads and names its case or reason: for the catalogs, whose typed
/// readers do not (a chart's rows, modifiers and constants are checked by the chart's code).
pub(crate) fn walk(cx: &mut Cx, value: &Value, cases: &CaseIds, validate: bool) {
    // A list at the top (a catalog's `ships`) names its entries after its section.
    let mut fields = if value.is_array() {
        vec![cx.chart.clone()]
    } else {
        Vec::new()
    };
    let mut w = Walker { cx, cases, validate };
    w.value(value, &mut Vec::new(), &mut fields);
}

struct Walker<'c, 'a, 'i> {
    cx: &'c mut Cx<'a>,
    cases: &'i CaseIds,
    validate: bool,
}

impl Walker<'_, '_, '_> {
    fn entry(segments: &[String], fields: &[String]) -> String {
        let mut e = segments.join(", ");
        if !fields.is_empty() {
            e = join(&e, &format!("field {}", fields.join(".")));
        }
        e
    }

    fn value(&mut self, v: &Value, segments: &mut Vec<String>, fields: &mut Vec<String>) {
        match v {
            Value::Object(obj) => self.object(obj, segments, fields),
            Value::Array(items) => {
                let key = fields.pop().unwrap_or_default();
                let mut inner = segments.clone();
                if !fields.is_empty() {
                    inner.push(fields.join("."));
                }
                for (i, item) in items.iter().enumerate() {
                    let mut s = inner.clone();
                    s.push(format!("{} {}", singular(&key), i + 1));
                    self.value(item, &mut s, &mut Vec::new());
                }
                fields.push(key);
            }
            Value::String(text) => {
                for cite in citations(text) {
                    if resolve(cite, self.cases).is_none() {
                        self.cx.err(
                            &Self::entry(segments, fields),
                            format!("cites [{cite}], which is no case of data/atlantic/rules.json"),
                        );
                    }
                }
            }
            _ => {}
        }
    }

    fn object(&mut self, obj: &Map<String, Value>, segments: &mut Vec<String>, fields: &mut Vec<String>) {
        for (k, v) in obj {
            fields.push(k.clone());
            match k.as_str() {
                "provenance" => self.provenance(v, &Self::entry(segments, fields)),
                "field_provenance" => match v.as_object() {
                    Some(map) => {
                        for (name, p) in map {
                            fields.push(name.clone());
                            let entry = Self::entry(segments, fields);
                            if !obj.contains_key(name) || name == "provenance" || name == "field_provenance" {
                                self.cx.err(
                                    &entry,
                                    format!("names '{name}', a field this entry does not have"),
                                );
                            }
                            self.provenance(p, &entry);
                            fields.pop();
                        }
                    }
                    None => self.cx.err(
                        &Self::entry(segments, fields),
                        "expected an object from field names to provenances",
                    ),
                },
                _ => self.value(v, segments, fields),
            }
            fields.pop();
        }
    }

    fn provenance(&mut self, v: &Value, entry: &str) {
        match serde_json::from_value::<Provenance>(v.clone()) {
            Err(e) => {
                if self.validate {
                    self.cx.err(entry, e.to_string());
                }
            }
            Ok(p) => {
                if let Err(m) = p.validate() {
                    if self.validate {
                        self.cx.err(entry, m);
                    }
                    return;
                }
                if let Provenance::Rule { case } | Provenance::Example { case } = &p
                    && !self.cases.contains(case)
                {
                    self.cx.err(
                        &format!("{entry}.case"),
                        format!("'{case}' is no case of data/atlantic/rules.json"),
                    );
                }
                if let Provenance::Reconstructed { reason } = &p {
                    self.value(
                        &Value::String(reason.clone()),
                        &mut vec![entry.to_string()],
                        &mut Vec::new(),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str, validate: bool) -> Vec<String> {
        let v: Value = serde_json::from_str(text).unwrap();
        let ids = CaseIds::new(["7.1.3", "8.0"].map(String::from));
        let mut cx = Cx::new("f.json", "X1");
        walk(&mut cx, &v, &ids, validate);
        cx.errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn cases_citations_and_field_provenance_are_named_where_they_are() {
        let got = errors(
            r#"{"notes": ["fine [7.1.3]", "bad [9.9]"],
                "columns": [{"rows": [{"roll": "1", "result": "x", "provenance": {"source": "rule", "case": "7.1.4"}}]}],
                "ships": [{"id": "a", "provenance": {"source": "example", "case": "8.0"},
                           "field_provenance": {"navy": {"source": "rule", "case": "7.1.3"}}}]}"#,
            false,
        );
        assert_eq!(
            got,
            [
                "f.json, chart X1, entry column 1, row 1, field provenance.case: '7.1.4' is no case of data/atlantic/rules.json",
                "f.json, chart X1, entry note 2: cites [9.9], which is no case of data/atlantic/rules.json",
                "f.json, chart X1, entry ship 1, field field_provenance.navy: names 'navy', a field this entry does not have",
            ]
        );
    }

    #[test]
    fn a_provenance_that_does_not_read_is_reported_only_when_asked() {
        let text =
            r#"{"provenance": {"source": "rule", "case": ""}, "a": {"provenance": {"source": "told"}}}"#;
        assert!(errors(text, false).is_empty());
        let got = errors(text, true);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(
            got[0].contains("entry field a.provenance: unknown variant `told`"),
            "{}",
            got[0]
        );
        assert_eq!(
            got[1],
            "f.json, chart X1, entry field provenance: provenance names no rule case"
        );
    }
}
