//! The chart look-up for physical rolls: the player picks a chart of the game, types the dice they rolled
//! and ticks the modifiers that apply; Periscope reads the chart and shows the result with its provenance —
//! the physical game's table at the elbow.
//!
//! Track mode knows no game's charts: a layout hands it a [`ChartBook`], each chart turned into the plain
//! shape read here ([`LookupChart`]: its columns or sections as [`LookupPart`]s, its modifiers with their
//! rule cases) from the game's validated data — the charts and the modifier lists Play mode reads, with the
//! player's overrides applied when they have any.

use std::fmt::Display;

use egui::RichText;
use periscope_data::Provenance;
use periscope_data::chart::{Chart, ChartDice, RollRange};
use periscope_data::modifier::Modifier;
use periscope_data::month::Month;
use periscope_data::table::Table;
use periscope_engine::{Dice, RollRecord};
use serde::Serialize;
use serde_json::Value;

use crate::panels::rules_reference::{self, RuleBook};
use crate::theme;

/// A game's charts for the look-up.
#[derive(Default)]
pub struct ChartBook {
    pub charts: Vec<LookupChart>,
    /// What the player's override file did: the charts in force from it, the charts it could not replace.
    pub notes: Vec<String>,
}

impl ChartBook {
    /// The search field's hint, naming this game's own charts: its first and last chart ids and a word of
    /// its first chart's title (`Find a chart (A1a, FIDO, convoy…)`).
    pub fn hint(&self) -> String {
        let (Some(first), Some(last)) = (self.charts.first(), self.charts.last()) else {
            return "Find a chart".into();
        };
        let mut named = vec![first.id.clone()];
        if last.id != first.id {
            named.push(last.id.clone());
        }
        let word = first
            .title
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .find(|w| w.chars().count() > 3)
            .map(str::to_lowercase);
        named.extend(word);
        format!("Find a chart ({}…)", named.join(", "))
    }
}

/// One chart, as the look-up reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct LookupChart {
    /// As the player aid prints it (`B1`), or the procedure's id (`time_of_day`).
    pub id: String,
    pub title: String,
    /// The rule case that calls for the roll (`8.2.3`).
    pub rule: String,
    /// Its columns (one per key and period) or sections, each read with its own dice.
    pub parts: Vec<LookupPart>,
    /// The modifiers printed with it, with their cases.
    pub modifiers: Vec<LookupModifier>,
    pub notes: Vec<String>,
    /// The player's override file it comes from, when it is theirs.
    pub overridden: Option<String>,
}

/// One column or section of a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct LookupPart {
    /// `type95 submerged medium`, `pearl harbor · 12/41-6/42`, or the section's name.
    pub label: String,
    pub dice: ChartDice,
    /// The rolls it answers; a modified roll is clamped to them.
    pub span: (i32, i32),
    pub rows: Vec<LookupRow>,
}

/// One row: the rolls it answers, what it gives, where that comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct LookupRow {
    pub roll: RollRange,
    pub result: String,
    pub provenance: Provenance,
}

/// A modifier the player may tick.
#[derive(Debug, Clone, PartialEq)]
pub struct LookupModifier {
    pub id: String,
    pub drm: i32,
    /// When it applies, in our words.
    pub when: String,
    /// In force from this month only.
    pub from: Option<Month>,
    pub provenance: Provenance,
    /// It counts once per something (a point of damage): the player says how many times.
    pub repeats: bool,
}

impl LookupModifier {
    /// A modifier of the data's list, as the engine reads it.
    pub fn of(m: &Modifier) -> Self {
        Self {
            id: m.id.clone(),
            drm: m.drm,
            when: m.when.clone(),
            from: m.from,
            provenance: m.provenance.clone(),
            repeats: false,
        }
    }

    /// The rule case it cites, or `reconstructed`.
    pub fn case(&self) -> String {
        match &self.provenance {
            Provenance::Rule { case } | Provenance::Example { case } => case.clone(),
            Provenance::Reconstructed { .. } => String::new(),
        }
    }

    /// `+1 torpedoes at a Fast Target … (from 7/43)`.
    pub fn line(&self) -> String {
        let from = self.from.map(|m| format!(" (from {m})")).unwrap_or_default();
        format!("{:+} {}{from}", self.drm, self.when)
    }
}

/// A result of a chart in words: `shot down`, `Kamikawa Maru, seaplane tender, 6853 t`.
pub fn describe<T: Serialize>(result: &T) -> String {
    serde_json::to_value(result).map_or_else(|_| "?".into(), |v| describe_value(&v))
}

fn words(s: &str) -> String {
    s.replace('_', " ")
}

/// A JSON value in words: a name first, then an effect, then the other fields as `key value`.
pub fn describe_value(v: &Value) -> String {
    match v {
        Value::String(s) => words(s),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
        Value::Null => "—".into(),
        Value::Array(items) => items.iter().map(describe_value).collect::<Vec<_>>().join(", "),
        Value::Object(map) => {
            let mut parts = Vec::new();
            for key in ["name", "effect"] {
                if let Some(x) = map.get(key) {
                    parts.push(describe_value(x));
                }
            }
            for (key, x) in map {
                if ["name", "effect", "id"].contains(&key.as_str()) {
                    continue;
                }
                match x {
                    Value::Bool(true) => parts.push(words(key)),
                    Value::Bool(false) | Value::Null => {}
                    Value::Array(a) if a.is_empty() => {}
                    _ => parts.push(format!("{} {}", words(key), describe_value(x))),
                }
            }
            parts.join(", ")
        }
    }
}

impl LookupPart {
    /// A chart's rows, results in words.
    pub fn of_chart<T: Serialize>(label: impl Into<String>, chart: &Chart<T>) -> Self {
        Self {
            label: label.into(),
            dice: chart.dice,
            span: chart.span(),
            rows: chart
                .rows
                .iter()
                .map(|r| LookupRow {
                    roll: r.roll,
                    result: describe(&r.result),
                    provenance: r.provenance.clone(),
                })
                .collect(),
        }
    }

    /// A table's columns, one part each: the key and, where the odds change, the period.
    pub fn of_table<K: Display, T: Serialize>(table: &Table<K, T>) -> Vec<Self> {
        table
            .columns
            .iter()
            .map(|c| {
                let dates = c.dates.to_string();
                let key = words(&c.key.to_string());
                let label = if dates.is_empty() {
                    key
                } else {
                    format!("{key} · {dates}")
                };
                Self::of_chart(label, &c.chart)
            })
            .collect()
    }

    /// The row answering a modified roll, clamped to the span.
    pub fn read(&self, roll: i32) -> Option<&LookupRow> {
        let roll = roll.clamp(self.span.0, self.span.1);
        self.rows.iter().find(|r| r.roll.contains(roll))
    }
}

impl LookupChart {
    /// A chart with its parts and modifiers, no notes, from the shipped data.
    pub fn new(
        id: impl Into<String>,
        title: impl Into<String>,
        rule: impl Into<String>,
        parts: Vec<LookupPart>,
        modifiers: Vec<LookupModifier>,
    ) -> Self {
        Self {
            id: id.into(),
            title: title.into(),
            rule: rule.into(),
            parts,
            modifiers,
            notes: Vec::new(),
            overridden: None,
        }
    }

    /// `B1 · Torpedo and Gun To-Hit`.
    pub fn name(&self) -> String {
        format!("{} · {}", self.id, self.title)
    }
}

/// The faces a player typed for `dice`: one number per die, separated by spaces, commas or `+` (`4 3`,
/// `4+3`), or, for dice of one digit each, the digits run together (`43`).
pub fn parse_faces(text: &str, dice: Dice) -> Result<Vec<u8>, String> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|t| !t.is_empty())
        .collect();
    let need = dice.face_count();
    let digits_one_each = (0..need).all(|i| dice.face_range(i).1 <= 9);
    let tokens: Vec<String> = match tokens.as_slice() {
        [one] if need > 1 && digits_one_each && one.chars().count() == need => {
            one.chars().map(String::from).collect()
        }
        _ => tokens.iter().map(|t| t.to_string()).collect(),
    };
    let faces = tokens
        .iter()
        .map(|t| t.parse::<u8>().map_err(|_| format!("'{t}' is not a die's face")))
        .collect::<Result<Vec<u8>, String>>()?;
    dice.check(&faces).map_err(|e| e.to_string())?;
    Ok(faces)
}

/// A physical roll read on a chart: the record as Play mode's chart panel shows it, and the row.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub record: RollRecord,
    pub row: Option<LookupRow>,
}

/// Reads `faces` on part `part` of `chart` with the modifiers ticked (`times[i]` for modifier `i`).
pub fn read(chart: &LookupChart, part: usize, faces: Vec<u8>, times: &[u32]) -> Result<Reading, String> {
    let p = chart
        .parts
        .get(part)
        .ok_or_else(|| format!("{} has no column {}", chart.id, part + 1))?;
    let dice = Dice::from(p.dice);
    dice.check(&faces).map_err(|e| e.to_string())?;
    let modifiers = chart
        .modifiers
        .iter()
        .zip(times.iter().copied().chain(std::iter::repeat(0)))
        .filter(|(_, n)| *n > 0)
        .map(|(m, n)| {
            let drm = m.drm * i32::try_from(n).unwrap_or(1);
            let reason = if n > 1 {
                format!("{} (×{n})", m.when)
            } else {
                m.when.clone()
            };
            periscope_engine::roll::Modifier::new(drm, reason, m.case())
        })
        .collect();
    let record = RollRecord::new(
        format!("{} {}", chart.id, chart.title),
        chart.rule.clone(),
        dice,
        faces,
        modifiers,
        p.span,
    );
    let row = p.read(record.result).cloned();
    let outcome = row.as_ref().map_or_else(String::new, |r| r.result.clone());
    Ok(Reading {
        record: record.with_outcome(outcome),
        row,
    })
}

/// What the player has chosen in the look-up.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct LookupState {
    pub filter: String,
    /// The chart's index in the book.
    pub chart: Option<usize>,
    pub part: usize,
    /// The dice as typed.
    pub faces: String,
    /// How many times each modifier is ticked (0 or 1, more for one that repeats).
    pub times: Vec<u32>,
}

impl LookupState {
    /// Chooses chart `i`: its first column, no modifier ticked; the dice typed stay.
    pub fn choose(&mut self, i: usize) {
        if self.chart != Some(i) {
            self.chart = Some(i);
            self.part = 0;
            self.times.clear();
        }
    }
}

/// The look-up panel: the chart list with its filter, the column, the dice, the modifiers and the result.
/// `last_roll` is the dice tray's last roll, offered when it fits the chart's dice.
pub fn show(
    ui: &mut egui::Ui,
    book: &ChartBook,
    state: &mut LookupState,
    book_of_rules: Option<&'static dyn RuleBook>,
    last_roll: Option<(Dice, &[u8])>,
) {
    if book.charts.is_empty() {
        ui.label(RichText::new("This game has no charts to look up.").italics());
        return;
    }
    ui.label(RichText::new("Your physical roll on the game's charts").weak());
    for n in &book.notes {
        ui.colored_label(theme::HIGHLIGHT, n);
    }
    let filter = ui.add(
        egui::TextEdit::singleline(&mut state.filter)
            .hint_text(book.hint())
            .desired_width(f32::INFINITY),
    );
    filter.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Find a chart"));
    let needle = state.filter.trim().to_lowercase();
    let mut chosen = None;
    // Every chart is listed (the side panel scrolls), not the first few of a small box.
    for (i, c) in book.charts.iter().enumerate() {
        let name = c.name();
        if !needle.is_empty() && !name.to_lowercase().contains(&needle) {
            continue;
        }
        if ui.selectable_label(state.chart == Some(i), &name).clicked() {
            chosen = Some(i);
        }
    }
    if let Some(i) = chosen {
        state.choose(i);
    }
    let Some(chart) = state.chart.and_then(|i| book.charts.get(i)) else {
        ui.label(RichText::new("Pick a chart.").italics());
        return;
    };
    ui.separator();
    ui.label(RichText::new(chart.name()).strong());
    if let Some(file) = &chart.overridden {
        ui.colored_label(theme::HIGHLIGHT, format!("Your values, from {file}"));
    }
    if chart.parts.len() > 1 {
        let current = chart.parts.get(state.part).map_or("", |p| p.label.as_str());
        ui.label("Column:");
        let combo = egui::ComboBox::from_id_salt("lookup-column")
            .selected_text(current)
            .width(ui.available_width() - 10.0)
            .show_ui(ui, |ui| {
                for (i, p) in chart.parts.iter().enumerate() {
                    ui.selectable_value(&mut state.part, i, &p.label);
                }
            });
        combo
            .response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Column"));
    }
    let Some(part) = chart.parts.get(state.part) else {
        return;
    };
    let dice = Dice::from(part.dice);
    ui.horizontal(|ui| {
        ui.label(format!("Dice ({dice}):"));
        let field = ui.add(
            egui::TextEdit::singleline(&mut state.faces)
                .hint_text(if dice.face_count() > 1 {
                    "e.g. 4 3"
                } else {
                    "e.g. 5"
                })
                .desired_width(90.0),
        );
        field.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Dice rolled"));
        if let Some((d, faces)) = last_roll
            && d == dice
            && ui.small_button("Use the tray's roll").clicked()
        {
            state.faces = faces.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        }
    });
    if !chart.modifiers.is_empty() {
        ui.label(RichText::new("Modifiers that apply").strong());
        state.times.resize(chart.modifiers.len(), 0);
        for (m, n) in chart.modifiers.iter().zip(state.times.iter_mut()) {
            ui.horizontal_wrapped(|ui| {
                if m.repeats {
                    ui.add(egui::DragValue::new(n).range(0..=9).prefix("× "));
                    ui.label(m.line());
                } else {
                    let mut on = *n > 0;
                    if ui.checkbox(&mut on, m.line()).changed() {
                        *n = u32::from(on);
                    }
                }
                case_links(ui, book_of_rules, &m.case(), &m.provenance);
            });
        }
    }
    ui.separator();
    if state.faces.trim().is_empty() {
        ui.label(RichText::new("Type the dice you rolled.").italics());
        return;
    }
    match parse_faces(&state.faces, dice).and_then(|faces| read(chart, state.part, faces, &state.times)) {
        Err(e) => {
            ui.colored_label(theme::DANGER, e);
        }
        Ok(reading) => {
            crate::panels::chart::show(ui, &reading.record, 0.0, book_of_rules, false);
            if let Some(row) = &reading.row {
                let rolls = String::from(row.roll);
                ui.label(
                    RichText::new(format!("Outcome: {} (rolls {rolls}, {})", row.result, part.label))
                        .strong(),
                );
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("Source: {}", row.provenance.label()));
                });
                if chart.overridden.is_none() {
                    ui.label(RichText::new("Periscope's reconstructed chart set (docs/tables.md)").weak());
                }
            }
        }
    }
    for n in &chart.notes {
        ui.label(RichText::new(n).weak());
    }
}

/// A modifier's rule case as links to the rules reference, or its reason when reconstructed.
fn case_links(ui: &mut egui::Ui, book: Option<&'static dyn RuleBook>, case: &str, provenance: &Provenance) {
    if case.is_empty() {
        if let Provenance::Reconstructed { reason } = provenance {
            ui.label(RichText::new("(reconstructed)").weak())
                .on_hover_text(reason);
        }
        return;
    }
    let cases = rules_reference::cited_in(book, &format!("[{case}]"));
    match book {
        Some(book) if !cases.is_empty() => {
            for c in cases {
                rules_reference::case_link(ui, book, &c);
            }
        }
        _ => {
            ui.label(format!("[{case}]"));
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn chart() -> LookupChart {
        let c: Chart<String> = serde_json::from_str(
            r#"{"id": "X1", "title": "Test", "dice": "2d6", "rows": [
                {"roll": "2-7", "result": "hit", "provenance": {"source": "example", "case": "12.0"}},
                {"roll": "8-12", "result": "miss", "provenance": {"source": "example", "case": "12.0"}}]}"#,
        )
        .unwrap();
        let m = |id: &str, drm| LookupModifier {
            id: id.into(),
            drm,
            when: id.into(),
            from: None,
            provenance: Provenance::Rule { case: "8.1.5".into() },
            repeats: false,
        };
        LookupChart::new(
            "X1",
            "Test",
            "8.2.3",
            vec![LookupPart::of_chart("all", &c)],
            vec![m("fast", 1), m("green", 1), m("expert", -1)],
        )
    }

    #[test]
    fn faces_are_typed_apart_or_run_together() {
        assert_eq!(parse_faces("4 3", Dice::D2D6).unwrap(), [4, 3]);
        assert_eq!(parse_faces("4+3", Dice::D2D6).unwrap(), [4, 3]);
        assert_eq!(parse_faces("43", Dice::D2D6).unwrap(), [4, 3]);
        assert_eq!(parse_faces("0 7", Dice::D100).unwrap(), [0, 7]);
        assert_eq!(parse_faces("17", Dice::D20).unwrap(), [17]);
        assert!(parse_faces("7", Dice::D2D6).unwrap_err().contains("needs 2"));
        assert!(parse_faces("4 9", Dice::D2D6).unwrap_err().contains("not a face"));
        assert!(parse_faces("x", Dice::D1D6).unwrap_err().contains("'x'"));
    }

    #[test]
    fn a_roll_reads_with_the_ticked_modifiers_clamped_to_the_chart() {
        let c = chart();
        let r = read(&c, 0, vec![4, 3], &[]).unwrap();
        assert_eq!((r.record.natural, r.record.result), (7, 7));
        assert_eq!(r.row.unwrap().result, "hit");
        let r = read(&c, 0, vec![4, 3], &[1, 1, 0]).unwrap();
        assert_eq!(r.record.result, 9);
        assert_eq!(r.record.modifiers.len(), 2);
        assert_eq!(r.record.modifiers[0].rule, "8.1.5");
        assert_eq!(r.row.unwrap().result, "miss");
        let r = read(&c, 0, vec![6, 6], &[1, 1, 0]).unwrap();
        assert_eq!(r.record.result, 12, "clamped to the chart's end");
    }

    #[test]
    fn results_read_in_words() {
        let v: Value = serde_json::from_str(
            r#"{"name": "Kamikawa Maru", "kind": "seaplane_tender", "tonnage": 6853, "fast": true, "generic": false}"#,
        )
        .unwrap();
        assert_eq!(
            describe_value(&v),
            "Kamikawa Maru, fast, kind seaplane tender, tonnage 6853"
        );
        assert_eq!(describe(&"shot_down"), "shot down");
    }
}
