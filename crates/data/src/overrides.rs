//! A player's overrides: their own values for any chart (or class entry) in place of Periscope's
//! reconstruction, from a JSON file:
//!
//! ```json
//! {"format": "periscope-overrides", "game": "sensuikan",
//!  "charts": {"A2": { …a full chart, as in data/sensuikan/charts/… }},
//!  "classes": {"type_c": { …fields of a class entry… }}}
//! ```
//!
//! Each chart is read and validated by exactly the code that reads the shipped charts, and the file is
//! checked as a whole: every mistake is reported (file, chart, row or entry, field), not just the first.
//! A chart with any error is refused whole and the shipped chart stays in force; the file's other, valid
//! charts still apply. A file that is not an override file at all (not JSON, wrong format or game)
//! changes nothing.

use serde_json::{Map, Value};

use crate::DataError;
use crate::sensuikan::catalog::catalogs::Catalog;
use crate::sensuikan::charts::{Charts, Refs};

/// The `format` every override file names.
pub const FORMAT: &str = "periscope-overrides";

/// The games whose data can be overridden.
pub const GAMES: &[&str] = &["sensuikan"];

/// What an override file did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OverrideReport {
    /// The file, as errors name it.
    pub file: String,
    /// The charts now in force from the file, in the file's order.
    pub charts: Vec<String>,
    /// The class entries now in force from the file.
    pub classes: Vec<String>,
    /// Every mistake found; the charts and classes they concern were not applied.
    pub errors: Vec<DataError>,
}

impl OverrideReport {
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Applies a Sensuikan override file to `charts` and `catalog`. A chart or the classes section with
/// errors leaves the current data as it was; everything valid in the file is applied.
pub fn apply_sensuikan(
    file: &str,
    text: &str,
    charts: &mut Charts,
    catalog: &mut Catalog,
    refs: &Refs,
) -> OverrideReport {
    let mut report = OverrideReport {
        file: file.to_string(),
        ..OverrideReport::default()
    };
    let Some(envelope) = read_envelope(file, text, &mut report.errors) else {
        return report;
    };
    if let Some(section) = envelope.get("charts") {
        match section.as_object() {
            None => report.errors.push(DataError::new(
                file,
                "",
                "field charts",
                "expected an object mapping chart ids (\"A2\") to charts",
            )),
            Some(map) => {
                for (id, chart) in map {
                    match charts.replace(file, id, chart, refs) {
                        Ok(()) => report.charts.push(id.clone()),
                        Err(mut e) => report.errors.append(&mut e),
                    }
                }
            }
        }
    }
    if let Some(section) = envelope.get("classes") {
        match catalog.apply_class_overrides(file, section) {
            Ok(()) => {
                if let Some(map) = section.as_object() {
                    report.classes.extend(map.keys().cloned());
                }
            }
            Err(mut e) => report.errors.append(&mut e),
        }
    }
    report
}

/// Checks a Sensuikan override file against the shipped data without keeping the result: what
/// `periscope-cli charts check` runs. Fails only if the shipped data itself cannot be loaded.
pub fn check_sensuikan(file: &str, text: &str) -> Result<OverrideReport, DataError> {
    let mut charts = Charts::shipped()?;
    let mut catalog = Catalog::shipped()?;
    let refs = Refs::shipped()?;
    Ok(apply_sensuikan(file, text, &mut charts, &mut catalog, &refs))
}

/// The top level of an override file, checked for its format and game.
fn read_envelope(file: &str, text: &str, errors: &mut Vec<DataError>) -> Option<Map<String, Value>> {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            errors.push(DataError::parse(file, &e));
            return None;
        }
    };
    let Value::Object(obj) = value else {
        errors.push(DataError::new(
            file,
            "",
            "",
            format!(
                "an override file is a JSON object {{\"format\": \"{FORMAT}\", \"game\": …, \"charts\": …}}"
            ),
        ));
        return None;
    };
    let before = errors.len();
    let field = |name: &str| format!("field {name}");
    for key in obj.keys() {
        if !["format", "game", "description", "charts", "classes"].contains(&key.as_str()) {
            errors.push(DataError::new(
                file,
                "",
                field(key),
                "unknown field; an override file has format, game, description, charts and classes",
            ));
        }
    }
    match obj.get("format").and_then(Value::as_str) {
        Some(FORMAT) => {}
        Some(other) => errors.push(DataError::new(
            file,
            "",
            field("format"),
            format!("'{other}' is not an override file; expected \"{FORMAT}\""),
        )),
        None => errors.push(DataError::new(
            file,
            "",
            field("format"),
            format!("missing; an override file says \"format\": \"{FORMAT}\""),
        )),
    }
    match obj.get("game").and_then(Value::as_str) {
        Some("sensuikan") => {}
        Some(other) => errors.push(DataError::new(
            file,
            "",
            field("game"),
            format!(
                "this file is for the game '{other}', not Sensuikan (overrides exist for: {})",
                GAMES.join(", ")
            ),
        )),
        None => errors.push(DataError::new(
            file,
            "",
            field("game"),
            "missing; name the game the overrides are for (\"sensuikan\")",
        )),
    }
    if !obj.contains_key("charts") && !obj.contains_key("classes") {
        errors.push(DataError::new(
            file,
            "",
            "",
            "the file overrides nothing: give \"charts\" or \"classes\"",
        ));
    }
    (errors.len() == before).then_some(obj)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sensuikan::charts::AaResult;

    const P: &str = r#"{"source": "reconstructed", "reason": "test"}"#;

    fn shipped() -> (Charts, Catalog, Refs) {
        (
            Charts::shipped().unwrap(),
            Catalog::shipped().unwrap(),
            Refs::shipped().unwrap(),
        )
    }

    fn apply(text: &str) -> (OverrideReport, Charts, Catalog) {
        let (mut charts, mut catalog, refs) = shipped();
        let report = apply_sensuikan("mine.json", text, &mut charts, &mut catalog, &refs);
        (report, charts, catalog)
    }

    fn file(charts: &str) -> String {
        format!(r#"{{"format": "periscope-overrides", "game": "sensuikan", "charts": {{{charts}}}}}"#)
    }

    /// The shipped A2 (with its modifiers) under a new title and with these rows.
    fn a2(rows: &str) -> String {
        let (_, text) = crate::sensuikan::charts::shipped_files()
            .iter()
            .find(|(name, _)| name.ends_with("a2.json"))
            .unwrap();
        let mut chart: Value = serde_json::from_str(text).unwrap();
        chart["title"] = Value::String("AA fire (printed)".into());
        chart["rows"] = serde_json::from_str(&format!("[{rows}]")).unwrap();
        format!(r#""A2": {chart}"#)
    }

    fn lines(report: &OverrideReport) -> Vec<String> {
        report.errors.iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn a_valid_chart_replaces_the_shipped_one() {
        let text = file(&a2(&format!(
            r#"{{"roll": "2-4", "result": "shot_down", "provenance": {P}}},
               {{"roll": "5-6", "result": "damaged", "provenance": {P}}},
               {{"roll": "7-12", "result": "no_effect", "provenance": {P}}}"#
        )));
        let (report, charts, _) = apply(&text);
        assert!(report.is_ok(), "{:?}", lines(&report));
        assert_eq!(report.charts, ["A2"]);
        assert_eq!(charts.a2.chart.title, "AA fire (printed)");
        assert_eq!(
            charts.a2.chart.lookup(4).map(|r| r.result),
            Some(AaResult::ShotDown)
        );
        assert_eq!(charts.a2.modifiers, Charts::shipped().unwrap().a2.modifiers);
    }

    #[test]
    fn a_gap_is_refused_with_the_row_and_the_shipped_chart_stays() {
        let text = file(&a2(&format!(
            r#"{{"roll": "2-3", "result": "shot_down", "provenance": {P}}},
               {{"roll": "5-12", "result": "no_effect", "provenance": {P}}}"#
        )));
        let (report, charts, _) = apply(&text);
        assert_eq!(
            lines(&report),
            ["mine.json, chart A2, entry row 2 (5-12): leaves a gap: roll 4 is not answered"]
        );
        assert!(report.charts.is_empty());
        assert_eq!(charts.a2, Charts::shipped().unwrap().a2);
    }

    #[test]
    fn an_overlap_is_refused_with_the_row() {
        let text = file(&a2(&format!(
            r#"{{"roll": "2-6", "result": "shot_down", "provenance": {P}}},
               {{"roll": "6-12", "result": "no_effect", "provenance": {P}}}"#
        )));
        let (report, _, _) = apply(&text);
        assert_eq!(
            lines(&report),
            ["mine.json, chart A2, entry row 2 (6-12): overlaps the row before (roll 6 is answered twice)"]
        );
    }

    #[test]
    fn bad_fields_are_named_down_to_the_field_inside_a_result() {
        let t1 = r#""T1": {"id": "T1", "title": "Small ships", "dice": "d100", "rows": [
            {"roll": "1-50", "result": {"name": "Coaster", "kind": "coaster", "tonnage": "big", "damage": 1}, "provenance": {"source": "rule", "case": "x"}},
            {"roll": "51-100", "result": {"name": "Tramp", "kind": "tramp", "tonnage": 4000, "damage": 2}, "provenance": {"source": "rule", "case": "y"}, "colour": "red"}]}"#;
        let text = file(&format!(
            r#"{}, {t1}"#,
            a2(&format!(
                r#"{{"roll": "2-12", "result": "shoot_down", "provenance": {P}}}"#
            ))
        ));
        let (report, _, _) = apply(&text);
        let got = lines(&report);
        assert_eq!(got.len(), 4, "{got:#?}");
        assert!(
            got[0]
                .starts_with("mine.json, chart A2, entry row 1, field result: unknown variant `shoot_down`"),
            "{}",
            got[0]
        );
        assert!(
            got[1].starts_with(
                "mine.json, chart T1, entry row 1, field result.tonnage: invalid type: string \"big\""
            ),
            "{}",
            got[1]
        );
        assert!(
            got[2].starts_with("mine.json, chart T1, entry row 2, field colour: unknown field"),
            "{}",
            got[2]
        );
        assert!(
            got[3]
                .starts_with("mine.json, chart T1, entry row 2, field result.kind: unknown variant `tramp`"),
            "{}",
            got[3]
        );
    }

    #[test]
    fn references_and_rules_are_checked_as_for_the_shipped_charts() {
        // An A1 column sending a submarine to an area the map does not have, and an Aleutians patrol that
        // does not move to Paramushiro [4.7.2].
        let a1 = r#""A1": {"title": "Patrols", "dice": "2d6", "columns": [
            {"column": "yokosuka", "from": "12/41", "rows": [
                {"roll": "2-6", "result": {"area": "hawaii"}, "provenance": {"source": "rule", "case": "x"}},
                {"roll": "7-12", "result": {"area": "aleutians"}, "provenance": {"source": "rule", "case": "x"}}]}]}"#;
        let (report, _, _) = apply(&file(a1));
        let got = lines(&report);
        assert_eq!(got.len(), 2, "{got:#?}");
        assert!(got[0].starts_with("mine.json, chart A1, entry column yokosuka from 12/41, row 1 (2-6), field result.area: unknown area 'hawaii'"), "{}", got[0]);
        assert!(got[1].contains("row 2 (7-12), field result.base: a patrol to 'aleutians' first moves the submarine to 'paramushiro'"), "{}", got[1]);
    }

    #[test]
    fn periods_of_a_column_must_follow_one_another() {
        let (_, text) = crate::sensuikan::charts::shipped_files()
            .iter()
            .find(|(name, _)| name.ends_with("b4.json"))
            .unwrap();
        // The 1943 band of the after-attack column starts a month late: 1/43 is not answered.
        let gap = text.replacen(r#""from": "1/43""#, r#""from": "2/43""#, 1);
        assert_ne!(&gap, text);
        let (report, charts, _) = apply(&file(&format!(r#""B4": {gap}"#)));
        assert_eq!(
            lines(&report),
            [
                "mine.json, chart B4, entry column after_attack 12/41-12/42: leaves a gap before the next column: 1/43 is not answered"
            ]
        );
        assert_eq!(charts.b4, Charts::shipped().unwrap().b4);
    }

    #[test]
    fn an_unknown_chart_id_is_refused_and_the_valid_charts_still_apply() {
        let good = a2(&format!(
            r#"{{"roll": "2-3", "result": "shot_down", "provenance": {P}}},
               {{"roll": "4", "result": "damaged", "provenance": {P}}},
               {{"roll": "5-12", "result": "no_effect", "provenance": {P}}}"#
        ));
        let text = file(&format!(r#""Z9": {{"title": "?"}}, {good}"#));
        let (report, charts, _) = apply(&text);
        assert_eq!(report.charts, ["A2"]);
        let got = lines(&report);
        assert_eq!(got.len(), 1);
        assert!(
            got[0].starts_with("mine.json, chart Z9: unknown chart id 'Z9'"),
            "{}",
            got[0]
        );
        assert_eq!(charts.a2.chart.title, "AA fire (printed)");
    }

    #[test]
    fn a_chart_whose_id_differs_from_its_key_is_refused() {
        let text = file(
            &a2(&format!(
                r#"{{"roll": "2-12", "result": "no_effect", "provenance": {P}}}"#
            ))
            .replace(r#""id":"A2""#, r#""id":"A4""#),
        );
        let (report, _, _) = apply(&text);
        assert_eq!(
            lines(&report),
            ["mine.json, chart A2, entry field id: \"A4\" does not match the chart it stands for ('A2')"]
        );
    }

    #[test]
    fn the_wrong_game_or_format_changes_nothing() {
        let text = r#"{"format": "periscope-overrides", "game": "atlantic_sentinels", "charts": {"A2": {}}}"#;
        let (report, charts, _) = apply(text);
        assert_eq!(
            lines(&report),
            [
                "mine.json, entry field game: this file is for the game 'atlantic_sentinels', not Sensuikan (overrides exist for: sensuikan)"
            ]
        );
        assert_eq!(charts, Charts::shipped().unwrap());

        let (report, _, _) = apply(r#"{"format": "periscope-save", "game": "sensuikan", "charts": {}}"#);
        assert_eq!(
            lines(&report),
            [
                "mine.json, entry field format: 'periscope-save' is not an override file; expected \"periscope-overrides\""
            ]
        );
        let (report, _, _) = apply(r#"{"game": "sensuikan", "charts": {}, "colour": 1}"#);
        assert_eq!(report.errors.len(), 2, "{:?}", lines(&report));

        let (report, _, _) = apply("{\"format\": ");
        assert!(
            lines(&report)[0].starts_with("mine.json: line 1, column"),
            "{:?}",
            lines(&report)
        );
    }

    #[test]
    fn the_classes_section_goes_to_the_catalog() {
        let text = r#"{"format": "periscope-overrides", "game": "sensuikan",
                       "classes": {"type_c": {"hull_boxes": 9}}}"#;
        let (report, _, catalog) = apply(text);
        assert!(report.is_ok(), "{:?}", lines(&report));
        assert_eq!(report.classes, ["type_c"]);
        assert_eq!(catalog.class("type_c").map(|c| c.hull_boxes), Some(9));

        let text = r#"{"format": "periscope-overrides", "game": "sensuikan",
                       "classes": {"type_z": {"hull_boxes": 9}}}"#;
        let (report, _, _) = apply(text);
        assert!(report.classes.is_empty());
        assert!(lines(&report)[0].contains("type_z"), "{:?}", lines(&report));
    }

    #[test]
    fn every_shipped_chart_is_accepted_back_as_an_override() {
        // A player who starts from a shipped file and edits it gets exactly our validation.
        let (mut charts, mut catalog, refs) = shipped();
        let mut all = Map::new();
        for (_, text) in crate::sensuikan::charts::shipped_files() {
            let value: Value = serde_json::from_str(text).unwrap();
            let list = match value {
                Value::Array(items) => items,
                other => vec![other],
            };
            for chart in list {
                let id = chart["id"].as_str().unwrap().to_string();
                all.insert(id, chart);
            }
        }
        let text = serde_json::json!({"format": FORMAT, "game": "sensuikan", "charts": all}).to_string();
        let report = apply_sensuikan("all.json", &text, &mut charts, &mut catalog, &refs);
        assert!(report.is_ok(), "{:?}", lines(&report));
        assert_eq!(report.charts.len(), crate::sensuikan::charts::CHART_IDS.len());
        assert_eq!(charts, Charts::shipped().unwrap());
    }
}
