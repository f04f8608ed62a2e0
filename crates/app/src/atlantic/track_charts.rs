//! Atlantic Sentinels' charts for Track mode's look-up: every chart read with dice, as the engine reads
//! it (the data crate's validated charts, with their modifiers), and the player's override file
//! (`overrides/atlantic.json`) applied exactly as the data crate applies it.

use periscope_data::atlantic::Atlantic;
use periscope_data::atlantic::charts::Charts;
use periscope_data::overrides::{self, GameData};

use crate::track::OverrideFile;
use crate::track::lookup::{ChartBook, LookupChart, LookupModifier, LookupPart};

/// The charts in force: the shipped ones with the player's file applied, what it did, the charts it
/// replaced.
fn data_in_force(file: Option<&OverrideFile>) -> Option<(Atlantic, Vec<String>, Vec<String>)> {
    let mut data = Atlantic::shipped().ok()?;
    let mut notes = Vec::new();
    let mut replaced = Vec::new();
    if let Some(f) = file {
        let report = overrides::apply(&f.file, &f.text, &mut GameData::Atlantic { data: &mut data });
        if !report.charts.is_empty() {
            notes.push(format!(
                "Your values for {} ({}) are in force in this look-up.",
                report.charts.join(", "),
                f.file
            ));
        }
        for e in &report.errors {
            notes.push(format!("Override refused, shipped chart in force: {e}"));
        }
        replaced = report.charts;
    }
    Some((data, notes, replaced))
}

/// Every chart rolled in play, in the order of the player aids, each with the case that rolls it.
pub fn book(file: Option<&OverrideFile>) -> ChartBook {
    let Some((data, notes, replaced)) = data_in_force(file) else {
        return ChartBook::default();
    };
    let c = &data.charts;
    let mut charts = charts_a(c);
    charts.extend(charts_b(c));
    charts.extend(charts_c(c));
    for chart in &mut charts {
        if replaced.contains(&chart.id) {
            chart.overridden = file.map(|f| f.file.clone());
        }
    }
    ChartBook { charts, notes }
}

/// A chart's printed modifiers.
fn mods(list: &[periscope_data::modifier::Modifier]) -> Vec<LookupModifier> {
    list.iter().map(LookupModifier::of).collect()
}

/// The A charts (A1a-A4).
fn charts_a(c: &Charts) -> Vec<LookupChart> {
    vec![
        LookupChart::new(
            "A1a",
            &c.a1a.chart.title,
            "6.1 1A",
            vec![LookupPart::of_chart("", &c.a1a.chart)],
            vec![],
        ),
        LookupChart::new(
            "A1b",
            &c.a1b.chart.title,
            "6.1 1A",
            vec![LookupPart::of_chart("", &c.a1b.chart)],
            vec![],
        ),
        LookupChart::new(
            "A2",
            &c.a2.table.title,
            "6.1 2A",
            LookupPart::of_table(&c.a2.table),
            vec![],
        ),
        LookupChart::new(
            "A3",
            &c.a3.chart.title,
            "7.1.3",
            vec![
                LookupPart::of_chart("Wolfpack size", &c.a3.chart),
                LookupPart::of_chart("A single U-boat's type [7.1.4]", &c.a3.single_uboat_type),
            ],
            mods(&c.a3.modifiers),
        ),
        LookupChart::new(
            "A4",
            &c.a4.table.title,
            "6.3.3",
            LookupPart::of_table(&c.a4.table),
            vec![],
        ),
    ]
}

/// The B charts (B1-B9).
fn charts_b(c: &Charts) -> Vec<LookupChart> {
    vec![
        LookupChart::new(
            "B1",
            &c.b1.table.title,
            "7.1.3",
            LookupPart::of_table(&c.b1.table),
            mods(&c.b1.modifiers),
        ),
        LookupChart::new(
            "B2",
            &c.b2.chart.title,
            "7.1.3",
            vec![LookupPart::of_chart("", &c.b2.chart)],
            vec![],
        ),
        LookupChart::new(
            "B3",
            &c.b3.chart.title,
            "7.1.3",
            vec![LookupPart::of_chart("", &c.b3.chart)],
            mods(&c.b3.modifiers),
        ),
        LookupChart::new(
            "B4",
            &c.b4.table.title,
            "7.1.3",
            LookupPart::of_table(&c.b4.table),
            mods(&c.b4.modifiers),
        ),
        LookupChart::new(
            "B5",
            &c.b5.chart.title,
            "7.1.3",
            vec![LookupPart::of_chart("", &c.b5.chart)],
            vec![],
        ),
        LookupChart::new(
            "B6",
            &c.b6.chart.title,
            "7.1.3",
            vec![LookupPart::of_chart("", &c.b6.chart)],
            vec![],
        ),
        LookupChart::new(
            "B8",
            &c.b8.halt_flooding.title,
            "7.3.2",
            vec![LookupPart::of_chart(
                "Flooding halted or spreading",
                &c.b8.halt_flooding,
            )],
            vec![],
        ),
        LookupChart::new(
            "B9",
            &c.b9.table.title,
            "12.3",
            LookupPart::of_table(&c.b9.table),
            vec![],
        ),
    ]
}

/// The C charts (C1-C5) and FIDO.
fn charts_c(c: &Charts) -> Vec<LookupChart> {
    vec![
        LookupChart::new(
            "C1",
            &c.c1.chart.title,
            "7.1.3",
            vec![LookupPart::of_chart("", &c.c1.chart)],
            vec![],
        ),
        LookupChart::new(
            "C2",
            &c.c2.chart.title,
            "7.2.3",
            vec![LookupPart::of_chart("", &c.c2.chart)],
            mods(&c.c2.modifiers),
        ),
        LookupChart::new(
            "C3",
            &c.c3.table.title,
            "6.1 2c",
            LookupPart::of_table(&c.c3.table),
            vec![],
        ),
        LookupChart::new(
            "C4",
            &c.c4.chart.title,
            "7.2.2",
            vec![LookupPart::of_chart("", &c.c4.chart)],
            mods(&c.c4.modifiers),
        ),
        LookupChart::new(
            "C5",
            &c.c5.chart.title,
            "9.2",
            vec![LookupPart::of_chart("", &c.c5.chart)],
            vec![],
        ),
        LookupChart::new(
            "FIDO",
            &c.fido.chart.title,
            "7.2.5",
            vec![LookupPart::of_chart("", &c.fido.chart)],
            vec![],
        ),
    ]
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    /// Every chart the engine rolls with dice is in the look-up, each answering every roll of its dice,
    /// with its modifiers where the chart has them (B4's, say) [7.1.3].
    #[test]
    fn every_rolled_chart_is_in_the_look_up() {
        let book = book(None);
        let ids: Vec<&str> = book.charts.iter().map(|c| c.id.as_str()).collect();
        for id in [
            "A1a", "A1b", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "B5", "B6", "B8", "B9", "C1", "C2", "C3",
            "C4", "C5", "FIDO",
        ] {
            assert!(ids.contains(&id), "{id} is missing: {ids:?}");
        }
        for chart in &book.charts {
            assert!(!chart.parts.is_empty(), "{}", chart.id);
            assert!(chart.parts.iter().all(|p| !p.rows.is_empty()), "{}", chart.id);
        }
        let b4 = book.charts.iter().find(|c| c.id == "B4").unwrap();
        assert!(!b4.modifiers.is_empty(), "B4 has its modifiers");
        assert!(book.notes.is_empty());
    }

    /// A player's file replaces a chart in the look-up and says so; a wrong one leaves the shipped chart.
    #[test]
    fn the_players_file_is_used_and_named() {
        let b6 = periscope_data::atlantic::charts::shipped_files()
            .iter()
            .find(|(name, _)| name.ends_with("b6.json"))
            .map(|(_, t)| *t)
            .unwrap();
        let mut chart: serde_json::Value = serde_json::from_str(b6).unwrap();
        chart["title"] = serde_json::Value::String("Duds (my printed chart)".into());
        let text =
            serde_json::json!({"format": "periscope-overrides", "game": "atlantic", "charts": {"B6": chart}})
                .to_string();
        let file = OverrideFile {
            file: "overrides/atlantic.json".into(),
            text,
        };
        let book = book(Some(&file));
        let b6 = book.charts.iter().find(|c| c.id == "B6").unwrap();
        assert_eq!(b6.title, "Duds (my printed chart)");
        assert_eq!(b6.overridden.as_deref(), Some("overrides/atlantic.json"));
        assert!(book.notes[0].contains("B6"), "{:?}", book.notes);
    }
}
