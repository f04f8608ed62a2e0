//! A player's overrides: their own values for any chart (or class entry) in place of Periscope's
//! reconstruction, from a JSON file, one per game (`overrides/sensuikan.json`):
//!
//! ```json
//! {"format": "periscope-overrides", "game": "sensuikan",
//!  "charts": {"A2": { …a full chart, as in data/sensuikan/charts/… }},
//!  "classes": {"type_c": { …fields of a class entry… }}}
//! ```
//!
//! This module reads the envelope (`format`, `game`, `description`) and hands the game's sections to the
//! game, through [`GAMES`], the registry of the games that have overrides: [`check`] and [`apply`]
//! dispatch on the file's `game`. Each chart is read and validated by exactly the code that reads the
//! shipped charts, and the file is checked as a whole: every mistake is reported (file, chart, row or
//! entry, field), not just the first. A chart with any error is refused whole and the shipped chart
//! stays in force; the file's other, valid charts still apply. A file that is not an override file at all
//! (not JSON, wrong format or game) changes nothing.

use serde_json::{Map, Value};

use crate::DataError;
use crate::atlantic;
use crate::sensuikan;
use crate::sensuikan::catalog::catalogs::Catalog;
use crate::sensuikan::charts::{Charts, Refs};
use crate::silent_war_ijn;

/// The `format` every override file names.
pub const FORMAT: &str = "periscope-overrides";

/// A game whose data a player's file can override: how the file is found, and what reads it.
#[derive(Debug)]
pub struct OverridableGame {
    /// The id the file names in `game` (`sensuikan`).
    pub id: &'static str,
    /// The game's name in messages.
    pub name: &'static str,
    /// The file in the player's data folder: `overrides/<id>.json`.
    pub file: &'static str,
    /// The sections the file may give besides the envelope (`charts`, `classes`).
    pub sections: &'static [&'static str],
    pub validate: Validator,
    pub apply: Applier,
}

/// An override file's top level, whose sections (`charts`, `classes`) the game reads once the envelope is
/// checked.
pub type Sections = Map<String, Value>;

/// Checks a file's sections against the game's shipped data, keeping nothing; every mistake goes to the
/// report. Fails only if the shipped data cannot be loaded.
pub type Validator = fn(&str, &Sections, &mut OverrideReport) -> Result<(), DataError>;

/// Applies a file's sections to the game's data: what is valid goes in, every mistake goes to the report.
pub type Applier = fn(&str, &Sections, &mut GameData<'_>, &mut OverrideReport);

macro_rules! register {
    ($id:literal, $name:literal, $game:ident) => {
        OverridableGame {
            id: $id,
            name: $name,
            file: concat!("overrides/", $id, ".json"),
            sections: $game::overrides::SECTIONS,
            validate: $game::overrides::validate,
            apply: $game::overrides::apply,
        }
    };
}

/// The games whose data can be overridden, one line each; the game's `overrides` module gives its
/// sections, its validator and its applier.
pub static GAMES: &[OverridableGame] = &[
    register!("sensuikan", "Sensuikan", sensuikan),
    register!("atlantic", "Atlantic Sentinels", atlantic),
    register!("silent_war_ijn", "Silent War: IJN", silent_war_ijn),
];

/// The registered game `id`.
pub fn game(id: &str) -> Option<&'static OverridableGame> {
    GAMES.iter().find(|g| g.id == id)
}

/// The data an override file changes, one variant per registered game.
pub enum GameData<'a> {
    Sensuikan {
        charts: &'a mut Charts,
        catalog: &'a mut Catalog,
        refs: &'a Refs,
    },
    Atlantic {
        data: &'a mut atlantic::Atlantic,
    },
    SilentWarIjn {
        data: &'a mut silent_war_ijn::IjnData,
    },
}

impl GameData<'_> {
    /// The registered game's id.
    pub fn game(&self) -> &'static str {
        match self {
            GameData::Sensuikan { .. } => "sensuikan",
            GameData::Atlantic { .. } => "atlantic",
            GameData::SilentWarIjn { .. } => "silent_war_ijn",
        }
    }
}

/// What an override file did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OverrideReport {
    /// The file, as errors name it.
    pub file: String,
    /// The game the file is for, once its envelope is read (empty when it could not be).
    pub game: String,
    /// The charts now in force from the file, in the file's order.
    pub charts: Vec<String>,
    /// The class entries now in force from the file.
    pub classes: Vec<String>,
    /// The IJN Set counter entries now in force from the file (Silent War).
    pub counters: Vec<String>,
    /// Every mistake found; the charts and classes they concern were not applied.
    pub errors: Vec<DataError>,
}

impl OverrideReport {
    fn new(file: &str) -> Self {
        Self {
            file: file.to_string(),
            ..Self::default()
        }
    }

    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Checks an override file of any registered game against that game's shipped data, keeping nothing:
/// what `periscope-cli charts check` and the app's start screen run. A file for a game with no
/// overrides is refused, naming the games that have them. Fails only if the shipped data itself cannot
/// be loaded.
pub fn check(file: &str, text: &str) -> Result<OverrideReport, DataError> {
    let mut report = OverrideReport::new(file);
    if let Some((game, sections)) = read_envelope(file, text, None, &mut report.errors) {
        report.game = game.id.to_string();
        (game.validate)(file, &sections, &mut report)?;
    }
    Ok(report)
}

/// Applies an override file to `data`, whose game the file must name. Whatever is valid in the file is
/// applied; a chart (or section) with errors leaves the current data as it was.
pub fn apply(file: &str, text: &str, data: &mut GameData<'_>) -> OverrideReport {
    let mut report = OverrideReport::new(file);
    let Some(expected) = game(data.game()) else {
        report.errors.push(DataError::new(
            file,
            "",
            "",
            format!("the game '{}' has no overrides registered", data.game()),
        ));
        return report;
    };
    if let Some((game, sections)) = read_envelope(file, text, Some(expected), &mut report.errors) {
        report.game = game.id.to_string();
        (game.apply)(file, &sections, data, &mut report);
    }
    report
}

/// Applies a Sensuikan override file to `charts` and `catalog`: [`apply`] typed for Sensuikan's data.
pub fn apply_sensuikan(
    file: &str,
    text: &str,
    charts: &mut Charts,
    catalog: &mut Catalog,
    refs: &Refs,
) -> OverrideReport {
    apply(
        file,
        text,
        &mut GameData::Sensuikan {
            charts,
            catalog,
            refs,
        },
    )
}

/// `a, b and c`.
fn and_list(items: &[&str]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// `"a", "b" or "c"`.
fn quoted_or(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| format!("\"{i}\"")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

fn known_ids() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.id).collect()
}

/// The top level of an override file, checked for its format and its game (the registered game it
/// names, which must be `expected` when given); the file's sections are then the game's to read.
fn read_envelope(
    file: &str,
    text: &str,
    expected: Option<&'static OverridableGame>,
    errors: &mut Vec<DataError>,
) -> Option<(&'static OverridableGame, Map<String, Value>)> {
    // A key written twice is refused, naming it (plain JSON parsing would let the last one win).
    let value: Value = match crate::bounded::strict_json_value(text) {
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
    let named = obj.get("game");
    let found = named.and_then(Value::as_str).and_then(game);
    // The file's fields: the envelope's and its game's sections (every game's while the game is unknown).
    let mut allowed = vec!["format", "game", "description"];
    match found.or(expected) {
        Some(g) => allowed.extend(g.sections),
        None => {
            for s in GAMES.iter().flat_map(|g| g.sections) {
                if !allowed.contains(s) {
                    allowed.push(s);
                }
            }
        }
    }
    for key in obj.keys() {
        if !allowed.contains(&key.as_str()) {
            errors.push(DataError::new(
                file,
                "",
                field(key),
                format!("unknown field; an override file has {}", and_list(&allowed)),
            ));
        }
    }
    match obj.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        Some(Value::String(other)) => errors.push(DataError::new(
            file,
            "",
            field("format"),
            format!("'{other}' is not an override file; expected \"{FORMAT}\""),
        )),
        Some(other) => errors.push(DataError::new(
            file,
            "",
            field("format"),
            format!("expected \"{FORMAT}\", found {other}"),
        )),
        None => errors.push(DataError::new(
            file,
            "",
            field("format"),
            format!("missing; an override file says \"format\": \"{FORMAT}\""),
        )),
    }
    let known = known_ids().join(", ");
    let game_error = match (named, found, expected) {
        (None, _, _) => {
            let ids = match expected {
                Some(e) => vec![e.id],
                None => known_ids(),
            };
            Some(format!(
                "missing; name the game the overrides are for ({})",
                quoted_or(&ids)
            ))
        }
        (Some(Value::String(id)), found, Some(e)) if found.is_none_or(|g| g.id != e.id) => Some(format!(
            "this file is for the game '{id}', not {} (overrides exist for: {known})",
            e.name
        )),
        (Some(Value::String(id)), None, None) => Some(format!(
            "this file is for the game '{id}', which has no overrides (overrides exist for: {known})"
        )),
        (Some(Value::String(_)), Some(_), _) => None,
        (Some(other), _, _) => Some(format!(
            "expected a game's id ({}), found {other}",
            quoted_or(&known_ids())
        )),
    };
    if let Some(message) = game_error {
        errors.push(DataError::new(file, "", field("game"), message));
    }
    if let Some(g) = found
        && !g.sections.iter().any(|s| obj.contains_key(*s))
    {
        errors.push(DataError::new(
            file,
            "",
            "",
            format!("the file overrides nothing: give {}", quoted_or(g.sections)),
        ));
    }
    match found {
        Some(g) if errors.len() == before => Some((g, obj)),
        _ => None,
    }
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

    /// A file at the size cap of a chart override file (4 MB) of overlapping A2 rows: one error a row,
    /// found in one pass (the rows are walked once; no row is compared with every other).
    #[test]
    fn a_file_of_forty_thousand_overlapping_rows_is_checked_in_one_pass() {
        let row = format!(r#"{{"roll": "2-12", "result": "no_effect", "provenance": {P}}}"#);
        let rows = vec![row; 40_000].join(",");
        let text = file(&a2(&rows));
        assert!(
            text.len() <= crate::bounded::OVERRIDES.bytes as usize,
            "{}",
            text.len()
        );
        let started = std::time::Instant::now();
        let report = check("mine.json", &text).unwrap();
        let took = started.elapsed();
        assert_eq!(report.errors.len(), 39_999, "one error a row after the first");
        assert!(report.charts.is_empty());
        eprintln!("40,000 overlapping rows checked in {took:?}");
    }

    #[test]
    fn a_key_written_twice_refuses_the_file_naming_the_key() {
        let text =
            r#"{"format": "periscope-overrides", "game": "sensuikan", "game": "atlantic", "charts": {}}"#;
        let report = check("mine.json", text).unwrap();
        let lines = lines(&report);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("mine.json: line 1, column"), "{}", lines[0]);
        assert!(
            lines[0].contains("the key \"game\" is written twice"),
            "{}",
            lines[0]
        );
        assert!(report.game.is_empty(), "nothing of the file is read");
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

    /// [8.2.5] A B5 result gives its hits or says the submarine is sunk: an empty one is not read as a
    /// harmless attack.
    #[test]
    fn an_attack_result_without_hits_is_refused() {
        let (_, text) = crate::sensuikan::charts::shipped_files()
            .iter()
            .find(|(name, _)| name.ends_with("b5.json"))
            .unwrap();
        let empty = text.replacen(r#""result": {"hits": 0}"#, r#""result": {}"#, 1);
        assert_ne!(&empty, text);
        let (report, charts, _) = apply(&file(&format!(r#""B5": {empty}"#)));
        assert_eq!(
            lines(&report),
            [
                "mine.json, chart B5, entry column normal, row 1, field result: a result gives its hits (0 for none) or \"sunk\": true"
            ]
        );
        assert_eq!(charts.b5, Charts::shipped().unwrap().b5);
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
                "mine.json, entry field game: this file is for the game 'atlantic_sentinels', not Sensuikan (overrides exist for: sensuikan, atlantic, silent_war_ijn)"
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

    const VALID_A2_ROWS: &str = r#"{"roll": "2-4", "result": "shot_down", "provenance": {"source": "rule", "case": "x"}},
        {"roll": "5-6", "result": "damaged", "provenance": {"source": "rule", "case": "x"}},
        {"roll": "7-12", "result": "no_effect", "provenance": {"source": "rule", "case": "x"}}"#;

    #[test]
    fn check_dispatches_to_the_game_the_file_names() {
        let text = file(&a2(VALID_A2_ROWS));
        let report = check("mine.json", &text).unwrap();
        assert!(report.is_ok(), "{:?}", lines(&report));
        assert_eq!(report.game, "sensuikan");
        assert_eq!(report.charts, ["A2"]);
        // The registered applier does what the check reported.
        let (mut charts, mut catalog, refs) = shipped();
        let mut data = GameData::Sensuikan {
            charts: &mut charts,
            catalog: &mut catalog,
            refs: &refs,
        };
        let applied = super::apply("mine.json", &text, &mut data);
        assert_eq!(applied, report);
        assert_eq!(charts.a2.chart.title, "AA fire (printed)");
    }

    #[test]
    fn check_refuses_a_game_without_overrides_naming_the_games_that_have_them() {
        let refused = |text: &str| lines(&check("mine.json", text).unwrap());
        assert_eq!(
            refused(r#"{"format": "periscope-overrides", "game": "hunt", "charts": {}}"#),
            [
                "mine.json, entry field game: this file is for the game 'hunt', which has no overrides (overrides exist for: sensuikan, atlantic, silent_war_ijn)"
            ]
        );
        assert_eq!(
            refused(r#"{"format": "periscope-overrides", "charts": {}}"#),
            [
                "mine.json, entry field game: missing; name the game the overrides are for (\"sensuikan\", \"atlantic\" or \"silent_war_ijn\")"
            ]
        );
        assert_eq!(
            refused(r#"{"format": "periscope-overrides", "game": 3, "charts": {}}"#),
            [
                "mine.json, entry field game: expected a game's id (\"sensuikan\", \"atlantic\" or \"silent_war_ijn\"), found 3"
            ]
        );
        assert_eq!(
            refused(r#"{"format": "periscope-overrides", "game": "sensuikan"}"#),
            ["mine.json: the file overrides nothing: give \"charts\" or \"classes\""]
        );
        let report = check("mine.json", r#"{"format": 1, "game": "hunt", "charts": {}}"#).unwrap();
        assert_eq!(report.game, "");
        assert!(report.charts.is_empty());
        assert_eq!(
            lines(&report)[0],
            "mine.json, entry field format: expected \"periscope-overrides\", found 1"
        );
    }

    #[test]
    fn check_names_the_file_chart_row_and_field_of_a_malformed_file() {
        let t1 = r#""T1": {"id": "T1", "title": "Small ships", "dice": "d100", "rows": [
            {"roll": "1-100", "result": {"name": "Coaster", "kind": "coaster", "tonnage": "big", "damage": 1}, "provenance": {"source": "rule", "case": "x"}}]}"#;
        let text = file(&format!(
            "{}, {t1}",
            a2(&format!(
                r#"{{"roll": "2-12", "result": "shoot_down", "provenance": {P}}}"#
            ))
        ));
        let report = check("mine.json", &text).unwrap();
        let got = lines(&report);
        assert_eq!(got.len(), 2, "{got:#?}");
        assert!(
            got[0]
                .starts_with("mine.json, chart A2, entry row 1, field result: unknown variant `shoot_down`"),
            "{}",
            got[0]
        );
        assert!(
            got[1].starts_with("mine.json, chart T1, entry row 1, field result.tonnage: invalid type"),
            "{}",
            got[1]
        );
        assert!(report.charts.is_empty());
    }

    #[test]
    fn every_registered_game_has_its_file_and_sections() {
        let mut ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), GAMES.len(), "ids are unique");
        for g in GAMES {
            assert_eq!(g.file, format!("overrides/{}.json", g.id));
            assert!(!g.sections.is_empty(), "{}", g.id);
            assert!(game(g.id).is_some_and(|found| std::ptr::eq(found, g)));
        }
        assert!(game("hunt").is_none());
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
