//! Sensuikan's charts for Track mode's look-up: every chart read with dice, from the same validated data
//! Play mode reads (`periscope_data::sensuikan::charts` and the procedures), each with the modifier list
//! printed beside it, the damage modifiers that name it ([8.5], B7) and, for the rolls of the running text,
//! the procedure's modifiers. A player's override file (`overrides/sensuikan.json`) is applied first with
//! `periscope_data::overrides::apply`, exactly as a career applies it; the charts it replaces say so.
//! The mission maps (M1-M4, P7-P12, K2, K3) and K1 are not rolled on and are left out.

use periscope_data::overrides::{self, GameData};
use periscope_data::sensuikan::catalog::catalogs::Catalog;
use periscope_data::sensuikan::charts::{Charts, Refs};
use periscope_data::sensuikan::procedures::{ProcedureConstant, Procedures};

use crate::track::OverrideFile;
use crate::track::lookup::{ChartBook, LookupChart, LookupModifier, LookupPart};

/// The chart set with the player's overrides (if any) applied, and what the file did.
fn charts_in_force(file: Option<&OverrideFile>) -> Option<(Charts, Vec<String>, Vec<String>)> {
    let mut charts = Charts::shipped().ok()?;
    let mut catalog = Catalog::shipped().ok()?;
    let refs = Refs::shipped().ok()?;
    let mut notes = Vec::new();
    let mut replaced = Vec::new();
    if let Some(f) = file {
        let report = overrides::apply(
            &f.file,
            &f.text,
            &mut GameData::Sensuikan {
                charts: &mut charts,
                catalog: &mut catalog,
                refs: &refs,
            },
        );
        if !report.charts.is_empty() {
            notes.push(format!(
                "Your values for {} ({}) are in force.",
                report.charts.join(", "),
                f.file
            ));
        }
        for e in &report.errors {
            notes.push(format!("Override refused, shipped chart in force: {e}"));
        }
        replaced = report.charts;
    }
    Some((charts, notes, replaced))
}

/// The procedure constants (their meanings and cases) as the shipped file gives them.
fn procedure_constants() -> Vec<ProcedureConstant> {
    serde_json::from_str::<serde_json::Value>(periscope_data::sensuikan::procedures::SHIPPED)
        .ok()
        .and_then(|v| v.get("constants").cloned())
        .and_then(|c| serde_json::from_value(c).ok())
        .unwrap_or_default()
}

/// Every chart of the game read with dice, in the order of the player aids, then the procedures.
pub fn book(file: Option<&OverrideFile>) -> ChartBook {
    let Some((c, notes, replaced)) = charts_in_force(file) else {
        return ChartBook::default();
    };
    let mut charts = charts_a(&c);
    charts.extend(charts_b(&c));
    charts.extend(charts_t_m(&c));
    charts.extend(charts_p(&c));
    charts.extend(charts_kt_f_h(&c));
    for chart in &mut charts {
        if replaced.contains(&chart.id) {
            chart.overridden = file.map(|f| f.file.clone());
        }
    }
    charts.extend(procedure_charts());
    ChartBook { charts, notes }
}

/// The damage effects that change a chart's rolls (periscope +1 on B1, diving planes +1 on B4…) [8.5].
fn damage(c: &Charts, chart: &str) -> Vec<LookupModifier> {
    c.b7.effects
        .iter()
        .flat_map(|e| {
            e.drms
                .iter()
                .filter(|d| d.chart == chart)
                .map(move |d| LookupModifier {
                    id: format!("{}_damaged", e.system),
                    drm: d.drm,
                    when: format!("{} damaged: {}", e.system.to_string().replace('_', " "), e.effect),
                    from: None,
                    provenance: e.provenance.clone(),
                    repeats: false,
                })
        })
        .collect()
}

/// A chart's printed modifiers.
fn mods(list: &[periscope_data::modifier::Modifier]) -> Vec<LookupModifier> {
    list.iter().map(LookupModifier::of).collect()
}

/// Two lists of modifiers, one after the other.
fn with(mut a: Vec<LookupModifier>, b: Vec<LookupModifier>) -> Vec<LookupModifier> {
    a.extend(b);
    a
}

/// The A charts (A1-A4): patrol assignment, anti-aircraft fire, encounters, aircraft quick dive.
fn charts_a(c: &Charts) -> Vec<LookupChart> {
    vec![
        LookupChart::new(
            "A1",
            &c.a1.table.title,
            "6.2.1B",
            LookupPart::of_table(&c.a1.table),
            vec![],
        ),
        LookupChart::new(
            "A2",
            &c.a2.chart.title,
            "8.3.2",
            vec![LookupPart::of_chart("all", &c.a2.chart)],
            mods(&c.a2.modifiers),
        ),
        LookupChart::new(
            "A3",
            &c.a3.table.title,
            "6.2.2B",
            with_part(
                LookupPart::of_table(&c.a3.table),
                LookupPart::of_chart("ship size (1d6)", &c.a3.ship_size),
            ),
            vec![],
        ),
        LookupChart::new(
            "A4",
            &c.a4.chart.title,
            "8.3.1",
            vec![LookupPart::of_chart("all", &c.a4.chart)],
            mods(&c.a4.modifiers),
        ),
    ]
}

/// The B charts (B1-B7, B11) of combat, damage and random events, each with the damage modifiers
/// that name it [8.5].
fn charts_b(c: &Charts) -> Vec<LookupChart> {
    vec![
        LookupChart::new(
            "B1",
            &c.b1.table.title,
            "8.2.3",
            LookupPart::of_table(&c.b1.table),
            with(mods(&c.b1.modifiers), damage(c, "B1")),
        ),
        LookupChart::new(
            "B2",
            &c.b2.table.title,
            "8.2.3",
            LookupPart::of_table(&c.b2.table),
            vec![],
        ),
        LookupChart::new(
            "B3",
            &c.b3.table.title,
            "8.2.3",
            LookupPart::of_table(&c.b3.table),
            mods(&c.b3.modifiers),
        ),
        LookupChart::new(
            "B4",
            &c.b4.table.title,
            "8.2.1",
            LookupPart::of_table(&c.b4.table),
            with(mods(&c.b4.modifiers), damage(c, "B4")),
        ),
        LookupChart::new(
            "B5",
            &c.b5.table.title,
            "8.2.5",
            with_part(
                LookupPart::of_table(&c.b5.table),
                LookupPart::of_chart("damage to the submarine", &c.b5.damage),
            ),
            with(mods(&c.b5.modifiers), damage(c, "B5")),
        ),
        LookupChart::new(
            "B6",
            &c.b6.chart.title,
            "8.5.3",
            vec![LookupPart::of_chart("all", &c.b6.chart)],
            mods(&c.b6.modifiers),
        ),
        LookupChart::new(
            "B7",
            &c.b7.title,
            "8.5.9",
            vec![
                LookupPart::of_chart("crew member hit", &c.b7.crew_hit),
                LookupPart::of_chart("wound", &c.b7.wound),
            ],
            vec![],
        ),
        LookupChart::new(
            "B11",
            &c.b11.chart.title,
            "8.1.8",
            vec![LookupPart::of_chart("all", &c.b11.chart)],
            vec![],
        ),
    ]
}

/// The target charts (T1-T5) [8.1] and the midget attacks (M5-M7) [7.16].
fn charts_t_m(c: &Charts) -> Vec<LookupChart> {
    vec![
        LookupChart::new(
            "T1",
            &c.t1.chart.title,
            "8.1.3",
            vec![LookupPart::of_chart("all", &c.t1.chart)],
            vec![],
        ),
        LookupChart::new(
            "T2",
            &c.t2.chart.title,
            "8.1.3",
            vec![LookupPart::of_chart("all", &c.t2.chart)],
            vec![],
        ),
        LookupChart::new(
            "T3",
            &c.t3.chart.title,
            "8.1.5",
            vec![LookupPart::of_chart("all", &c.t3.chart)],
            vec![],
        ),
        LookupChart::new(
            "T4",
            &c.t4.table.title,
            "8.1.4",
            LookupPart::of_table(&c.t4.table),
            vec![],
        ),
        LookupChart::new(
            "T5",
            &c.t5.chart.title,
            "8.1.5",
            vec![LookupPart::of_chart("all", &c.t5.chart)],
            vec![],
        ),
        LookupChart::new(
            "M5",
            &c.m5.table.title,
            "7.16",
            LookupPart::of_table(&c.m5.table),
            vec![],
        ),
        LookupChart::new(
            "M6",
            &c.m6.chart.title,
            "7.16",
            vec![LookupPart::of_chart("all", &c.m6.chart)],
            vec![],
        ),
        LookupChart::new(
            "M7",
            &c.m7.chart.title,
            "7.16",
            vec![LookupPart::of_chart("all", &c.m7.chart)],
            vec![],
        ),
    ]
}

/// The aviation charts (P1-P6) [7.17].
fn charts_p(c: &Charts) -> Vec<LookupChart> {
    vec![
        LookupChart::new(
            "P1",
            &c.p1.title,
            "7.17",
            vec![
                LookupPart::of_chart("take-off", &c.p1.takeoff),
                LookupPart::of_chart("mishaps", &c.p1.mishaps),
            ],
            vec![],
        ),
        LookupChart::new(
            "P2",
            &c.p2.chart.title,
            "7.17",
            vec![LookupPart::of_chart("all", &c.p2.chart)],
            vec![],
        ),
        LookupChart::new(
            "P3",
            &c.p3.table.title,
            "7.17",
            LookupPart::of_table(&c.p3.table),
            vec![],
        ),
        LookupChart::new(
            "P4",
            &c.p4.chart.title,
            "7.17",
            vec![LookupPart::of_chart("all", &c.p4.chart)],
            vec![],
        ),
        LookupChart::new(
            "P5",
            &c.p5.chart.title,
            "7.17",
            vec![LookupPart::of_chart("all", &c.p5.chart)],
            vec![],
        ),
        LookupChart::new(
            "P6",
            &c.p6.chart.title,
            "7.17",
            vec![LookupPart::of_chart("all", &c.p6.chart)],
            vec![],
        ),
    ]
}

/// The kaiten attacks (KT) [7.8], the F charts (F1-F4) and H2 [11.8].
fn charts_kt_f_h(c: &Charts) -> Vec<LookupChart> {
    vec![
        LookupChart::new(
            "KT",
            &c.kt.encounters.title,
            "7.8",
            with_part(
                with_part(
                    with_part(
                        LookupPart::of_table(&c.kt.encounters),
                        LookupPart::of_chart("launch", &c.kt.launch),
                    ),
                    LookupPart::of_chart("premature detonation", &c.kt.premature),
                ),
                LookupPart::of_chart("reef", &c.kt.reef),
            ),
            vec![],
        ),
        LookupChart::new(
            "F1",
            &c.f1.table.title,
            "4.8.1",
            LookupPart::of_table(&c.f1.table),
            vec![],
        ),
        LookupChart::new(
            "F2",
            &c.f2.chart.title,
            "4.8.2",
            vec![LookupPart::of_chart("all", &c.f2.chart)],
            vec![],
        ),
        LookupChart::new(
            "F3",
            &c.f3.chart.title,
            "7.17",
            vec![LookupPart::of_chart("all", &c.f3.chart)],
            vec![],
        ),
        LookupChart::new(
            "F4",
            &c.f4.chart.title,
            "7.8",
            vec![LookupPart::of_chart("all", &c.f4.chart)],
            vec![],
        ),
        LookupChart::new(
            "H2",
            &c.h2.table.title,
            "11.8",
            LookupPart::of_table(&c.h2.table),
            vec![],
        ),
    ]
}

fn with_part(mut parts: Vec<LookupPart>, more: LookupPart) -> Vec<LookupPart> {
    parts.push(more);
    parts
}

/// The rolls of the running text, with the procedure's modifiers of each.
fn procedure_charts() -> Vec<LookupChart> {
    let Ok(p) = Procedures::shipped() else {
        return Vec::new();
    };
    let constants = procedure_constants();
    let constant = |id: &str, repeats: bool| {
        constants.iter().find(|c| c.id == id).map(|c| LookupModifier {
            id: c.id.clone(),
            drm: c.value,
            when: c.meaning.clone(),
            from: None,
            provenance: c.provenance.clone(),
            repeats,
        })
    };
    let pc = &p.charts;
    let tracking = || constant("tracking_radar", false).into_iter().collect::<Vec<_>>();
    let list: Vec<(&str, &periscope_data::chart::Chart<_>, Vec<LookupModifier>)> = vec![
        ("8.1.9", pc.time_of_day.chart(), vec![]),
        ("8.1.10", pc.change_time.chart(), vec![]),
        ("8.1.3", pc.escorted_ships.chart(), vec![]),
        ("8.2.9.1", pc.initiative.chart(), vec![]),
        ("8.4.2", pc.track_damaged.chart(), tracking()),
        ("8.4.2", pc.track_damaged_escort.chart(), tracking()),
        ("8.4.3", pc.track_convoy_damaged.chart(), vec![]),
        (
            "8.4.2",
            pc.track_capital.chart(),
            tracking()
                .into_iter()
                .chain(constant("track_capital_per_damage", true))
                .collect(),
        ),
        ("8.4.4", pc.track_convoy.chart(), tracking()),
        (
            "8.5.2",
            pc.repair.chart(),
            [
                constant("repair_expert_engineer", false),
                constant("repair_engineer_out", false),
            ]
            .into_iter()
            .flatten()
            .collect(),
        ),
        ("8.5.9", pc.doctor_survival.chart(), vec![]),
        ("8.5.9.3", pc.expert_doctor.chart(), vec![]),
        (
            "8.6.3",
            pc.scuttle.chart(),
            constant("scuttle_captain_out", false).into_iter().collect(),
        ),
        (
            "8.6.3",
            pc.rescue.chart(),
            // The radio's damage effect (B7) names this roll too: the same +4, given once.
            constant("rescue_radio_inop", false).into_iter().collect(),
        ),
        ("11.4", pc.quality_1941.chart(), vec![]),
        ("11.4", pc.quality_1943.chart(), vec![]),
        ("11.4", pc.quality_1945.chart(), vec![]),
    ];
    list.into_iter()
        .map(|(rule, chart, modifiers)| {
            let mut c = LookupChart::new(
                &chart.id,
                &chart.title,
                rule,
                vec![LookupPart::of_chart("all", chart)],
                modifiers,
            );
            c.notes = chart.notes.clone();
            c
        })
        .collect()
}
