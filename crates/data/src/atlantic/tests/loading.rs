//! The shipped files load and validate: every chart answers every roll once, references resolve, dates
//! are ordered, the tactical display's adjacency and geometry hold; and `rules.json` summarises every
//! case of the checklist.

use super::shipped;
use crate::atlantic::cases::resolve;
use crate::atlantic::charts::CHART_IDS;

#[test]
fn every_shipped_atlantic_file_loads_and_validates() {
    let data = shipped();
    let ids: Vec<String> = data.charts.summaries().into_iter().map(|s| s.id).collect();
    assert_eq!(ids, CHART_IDS, "every chart the rules name, A1a to H-2");
    assert_eq!(data.procedures.charts.len(), 21);
    assert_eq!(data.tactical.displays.len(), 2);
    assert!(data.broken_links().is_empty());
}

/// Atlantic Sentinels ships its counter mix for Track mode, and it is valid.
#[test]
fn atlantic_ships_its_counter_mix() {
    let mix = crate::counters::shipped("atlantic").unwrap().unwrap();
    assert_eq!(mix.game, "atlantic");
    assert_eq!(mix.problems("atlantic"), Vec::new());
}

#[test]
fn the_atlantic_chart_summaries_name_their_dice_and_shape() {
    let s = shipped().charts.summaries();
    let line = |id: &str| s.iter().find(|x| x.id == id).unwrap();
    assert_eq!((line("B5").dice.as_str(), line("B5").rows), ("d66", 36));
    assert_eq!(line("H-1").dice, "1d6 + 1d20");
    assert_eq!(line("H-1").shape, "37 ships, 2 bands, 1 reroll ranges");
    assert_eq!(line("A3").dice, "2d6 + 1d6");
    assert_eq!(line("A2").shape, "1 column in 4 date bands");
    assert_eq!(line("B8").shape, "halt flooding and 18 effects");
}

/// Every case of `shared/rules/checklist-atlantic-sentinels.md`, as the checklist writes it.
const CHECKLIST: &[&str] = &[
    "1.0 ¶",
    "2.0 ¶",
    "3.1",
    "3.2",
    "3.3.1",
    "3.3.2",
    "3.3.2 ERRATA",
    "3.4",
    "3.5",
    "3.6",
    "3.7",
    "4.1",
    "4.1 hist.",
    "4.1 note",
    "4.2.1",
    "4.3.1",
    "4.3.2",
    "4.4.1",
    "4.4.2",
    "4.5",
    "4.6.1",
    "4.6.2",
    "4.7",
    "4.7.1",
    "4.7.2",
    "4.8",
    "5.0 ¶",
    "5.1.1",
    "5.1.2",
    "5.1.3",
    "5.1.4",
    "5.2.1",
    "5.2.2",
    "5.2.3",
    "5.2.3 ERRATA",
    "5.2.4",
    "5.2.4 ERRATA",
    "6.0",
    "6.1 1A",
    "6.1 1B",
    "6.1 1C",
    "6.1 2A",
    "6.1 2a",
    "6.1 2b",
    "6.1 2c",
    "6.1 2d",
    "6.1 2e",
    "6.2",
    "6.2 Card 0",
    "6.3.1",
    "6.3.2",
    "6.3.3",
    "7.1.1",
    "7.1.2",
    "7.1.3",
    "7.1.3 Attack Summary, end of cycle",
    "7.1.3 ERRATA",
    "7.1.3 ERRATA (8.0)",
    "7.1.3 Important",
    "7.1.3 note",
    "7.1.4",
    "7.1.5",
    "7.1.5 Designer",
    "7.1.5 ERRATA, Chart B3",
    "7.1.6",
    "7.1.6 ERRATA",
    "7.1.7",
    "7.2.1",
    "7.2.1 ERRATA, Chart A4",
    "7.2.2",
    "7.2.3",
    "7.2.3 ERRATA",
    "7.2.4",
    "7.2.4 hist.",
    "7.2.5",
    "7.2.6",
    "7.2.7",
    "7.2.8",
    "7.3",
    "7.3.1",
    "7.3.2",
    "7.3.3",
    "7.3.4",
    "7.3.5",
    "7.3.6",
    "7.3.7",
    "7.3.8",
    "7.3.9",
    "7.4.1",
    "7.4.2",
    "7.4.3",
    "7.5.1",
    "7.5.2",
    "7.6",
    "7.6.1",
    "7.6.2",
    "7.7",
    "7.7.1",
    "7.7.2",
    "7.7.3",
    "9.1",
    "9.1 TRANSCRIPTION NOTE",
    "9.2",
    "10.1",
    "10.2",
    "10.3",
    "11.1",
    "11.1 OPTIONAL",
    "11.2",
    "12.1",
    "12.2",
    "12.3",
    "12.3 ERRATA, Chart B9",
    "12.4",
    "12.5",
    "12.6",
    "12.7",
    "12.8",
    "B8",
    "Detection Sequence",
    "ERRATA B4",
    "ERRATA C1",
    "ERRATA C4",
    "ERRATA T-1B",
    "ERRATA U-1",
];

#[test]
fn rules_json_summarises_every_checklist_case() {
    let rules = crate::atlantic::rules::shipped().unwrap();
    let ids = crate::atlantic::rules::ids(&rules);
    for case in CHECKLIST {
        let id = resolve(case, &ids).unwrap_or_else(|| panic!("no summary for [{case}]"));
        assert!(!rules.get(&id).unwrap().summary.is_empty(), "[{case}]");
    }
    // The errata of the rules' cases keep their own ids, after their case.
    let order: Vec<&str> = rules.all().iter().map(|c| c.case.as_str()).collect();
    let at = |id: &str| order.iter().position(|c| *c == id).unwrap();
    assert_eq!(at("5.2.3 ERRATA"), at("5.2.3") + 1);
    assert_eq!(rules.get("4.7.1").unwrap().title, "From St. John's");
    assert!(rules.search("hf/df").iter().any(|c| c.case == "4.6.1"));
    assert_eq!(rules.search("").len(), rules.all().len());
}

#[test]
fn a_bad_summary_is_named_with_its_file_and_case() {
    let twice = r#"{"about":"x","cases":[{"case":"4.1","title":"a","summary":"b"},
        {"case":"4.1","title":"c","summary":"d"}, {"case":"seven","title":"e","summary":"f"}]}"#;
    let errors: Vec<String> = crate::atlantic::rules::parse("my.json", twice)
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        errors,
        [
            "my.json, chart cases, entry case 2 (4.1): this case appears twice",
            "my.json, chart cases, entry case 3 (seven): 'seven' is not a case id like 7.1.3, 5.2.3 ERRATA or ERRATA B4",
        ]
    );
}
