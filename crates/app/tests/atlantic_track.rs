//! Track mode's Atlantic Sentinels table starts blank: the mats print no convoy ("ON large convoy"), no
//! losses ("0 lost"), no battle text and no box of the group shaded (CAM, air, HF/DF); its Charts tab
//! lists every chart the engine rolls [7.1.3], and its search hint names Atlantic charts, not another
//! game's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui::epaint::Shape;
use egui_kittest::kittest::Queryable;
use periscope_app::app::Screen;
use periscope_app::track::TrackLayout;

/// Every text shape's text of what `paint` draws.
fn painted_texts(paint: &dyn Fn(&mut egui::Ui)) -> Vec<String> {
    fn walk(shape: &Shape, out: &mut Vec<String>) {
        match shape {
            Shape::Text(t) => out.push(t.galley.text().to_string()),
            Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let ctx = egui::Context::default();
    periscope_app::theme::apply(&ctx);
    let mut out = ctx.run_ui(Default::default(), |ui| paint(ui));
    out.textures_delta.clear();
    let mut texts = Vec::new();
    for clipped in &out.shapes {
        walk(&clipped.shape, &mut texts);
    }
    texts
}

/// The mats as Track mode paints them name no convoy, loss, battle, group or month; the printed furniture
/// (the titles, the boxes' names) is there.
#[test]
fn the_atlantic_track_table_starts_blank() {
    let paint = periscope_app::atlantic::track::LAYOUT.boards();
    let texts = painted_texts(paint.as_ref());
    assert!(
        texts.iter().any(|t| t == "E1 · ESCORT GROUP DISPLAY MAT"),
        "the mats are painted: {texts:?}"
    );
    assert!(
        texts.iter().any(|t| t == "CAM SHIP"),
        "the printed boxes are named: {texts:?}"
    );
    for t in &texts {
        let mission_text = t.ends_with(" convoy")
            || t.contains(" lost")
            || t.contains("No battle")
            || t.contains("steams on")
            || t.starts_with("Group ")
            || t == "no battle"
            || t.contains("No U-boats")
            || t.contains("refit next");
        assert!(!mission_text, "'{t}' is mission text on a blank mat");
        for marked in ["CAM", "AIR", "CVE", "USED", "HF/DF"] {
            // The box's name is printed; its word inside is not (the box is not marked).
            assert!(
                t != marked || marked == "HF/DF",
                "the {marked} box is marked on a blank mat"
            );
        }
    }
    assert_eq!(
        texts.iter().filter(|t| *t == "HF/DF").count(),
        1,
        "HF/DF's box is named, not marked"
    );
}

/// The table on the desktop: no box of the group display is shaded or said to be available, and the
/// Charts tab lists every chart, on screen, with a hint naming Atlantic charts.
#[test]
fn the_atlantic_track_table_lists_every_chart_and_shades_nothing() {
    let mut h = harness(temp_storage("atlantic-track"));
    settle(&mut h);
    click(&mut h, "Track mode: Atlantic Sentinels");
    assert!(matches!(h.state().screen, Screen::Track(_)));
    for name in ["HF/DF", "Long-range air", "CAM ship", "Escort carrier"] {
        assert!(
            h.query_by_label(&format!("{name}: none")).is_some(),
            "{name} is blank"
        );
    }
    click(&mut h, "Charts");
    let book = periscope_app::atlantic::track_charts::book(None);
    assert!(book.charts.len() >= 19);
    for chart in &book.charts {
        let name = chart.name();
        let r = h.get_by_label(&name).rect();
        assert!(
            r.bottom() <= 768.0 && r.top() >= 0.0,
            "{} is listed on screen: {r:?}",
            chart.id
        );
    }
    let hint = book.hint();
    assert!(hint.contains("A1a") && hint.contains("FIDO"), "{hint}");
    assert!(!hint.contains("to-hit"), "{hint}");
}
