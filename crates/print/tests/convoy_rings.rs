//! The Convoy Log's rings round the ships sunk, read back from the PDF with `pdftotext -bbox` on both page
//! sizes: every word of every page lies inside the page, every word of a row inside its cell (or its notes
//! line), and no ring covers a list separator or a word of a neighbouring item [4.3.2]. A ship sunk is
//! marked † in the printed text as in every other form of the log. `.ci/run` sets
//! PERISCOPE_REQUIRE_POPPLER, so these checks always run in CI; without poppler they say so and pass.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::pdftotext_bbox;

use periscope_print::atlantic::{ConvoyLog, MissionEntry, Target, convoy_log};
use periscope_print::{Paper, SheetLayout, pdf, ring_marks};

#[derive(Debug, Clone)]
struct Word {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    text: String,
}

impl Word {
    fn mid_y(&self) -> f32 {
        (self.y0 + self.y1) / 2.0
    }
}

/// `attr="value"` of an element's text.
fn attr(tag: &str, name: &str) -> f32 {
    let key = format!("{name}=\"");
    let at = tag.find(&key).unwrap() + key.len();
    tag[at..].split('"').next().unwrap().parse().unwrap()
}

/// The pages of `pdftotext -bbox`: each page's size and words.
fn pages(xhtml: &str) -> Vec<((f32, f32), Vec<Word>)> {
    let mut out = Vec::new();
    for page in xhtml.split("<page ").skip(1) {
        let head = page.split('>').next().unwrap();
        let size = (attr(head, "width"), attr(head, "height"));
        let mut words = Vec::new();
        for w in page.split("<word ").skip(1) {
            let (tag, rest) = w.split_once('>').unwrap();
            let text = rest.split("</word>").next().unwrap();
            let text = text
                .replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">");
            words.push(Word {
                x0: attr(tag, "xMin"),
                y0: attr(tag, "yMin"),
                x1: attr(tag, "xMax"),
                y1: attr(tag, "yMax"),
                text,
            });
        }
        out.push((size, words));
    }
    out
}

fn target(name: &str, tonnage: u32, sunk: bool) -> Target {
    Target {
        name: name.into(),
        tonnage,
        sunk,
    }
}

/// A crowded log: 24 missions, each with many targets, long names among them (one too long for a line
/// of its own), most of them sunk, some rows running on to the notes line.
fn crowded() -> ConvoyLog {
    let names = [
        "Coracero",
        "Empire Springbuck",
        "Fort Camosun",
        "Stargard",
        "Empire Heron",
        "Garm",
        "Muneric",
        "Winterswijk",
        "Baron Pentland",
        "Thistleglen",
        "Empire Hudson",
        "Southern Empress Whaling Factory Ship of the Southern Whaling and Sealing Company",
    ];
    let missions = (0..24)
        .map(|i| {
            let n = 1 + (i * 5) % 11;
            let targets: Vec<Target> = (0..n)
                .map(|k| {
                    let name = names[(i + k * 7) % names.len()];
                    target(name, 1_000 + 613 * (i as u32 + k as u32), (i + k) % 3 != 1)
                })
                .collect();
            MissionEntry {
                date: format!("{}/42", 2 + i / 2),
                convoy: "ONS".into(),
                size: if i % 2 == 0 { "large" } else { "small" }.into(),
                tonnage_lost: targets.iter().filter(|t| t.sunk).map(|t| t.tonnage).sum(),
                targets,
                uboats_sunk: (i % 3) as u32,
                uboats_damaged: (i % 2) as u32,
                notes: if i % 4 == 0 {
                    "Escorts lost: Harvester.".into()
                } else {
                    String::new()
                },
            }
        })
        .collect();
    ConvoyLog {
        group: "B-3".into(),
        soe: "Cdr Walker".into(),
        soe_ship: "Harvester".into(),
        missions,
        ..Default::default()
    }
}

fn overlaps(a: [f32; 4], b: [f32; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

#[test]
fn rings_stay_clear_of_separators_and_neighbours_and_text_stays_in_its_cell() {
    let log = crowded();
    let sheet = convoy_log(&log);
    let sunk = log
        .missions
        .iter()
        .flat_map(|m| &m.targets)
        .filter(|t| t.sunk)
        .count();
    for paper in [Paper::A4, Paper::Letter] {
        let layout = SheetLayout::of(&sheet, paper);
        assert!(layout.pages.len() > 1, "the crowded log runs over pages");
        let path = std::env::temp_dir().join(format!("periscope-rings-{paper:?}-{}.pdf", std::process::id()));
        std::fs::write(&path, pdf(&sheet, paper).unwrap()).unwrap();
        let Some(xhtml) = pdftotext_bbox(&path) else {
            return;
        };
        let read = pages(&xhtml);
        assert_eq!(read.len(), layout.pages.len());
        let mut daggers = 0;
        let mut rings = 0;
        for ((size, words), page) in read.iter().zip(&layout.pages) {
            // Every word inside the page.
            for w in words {
                assert!(
                    w.x0 >= 0.0 && w.y0 >= 0.0 && w.x1 <= size.0 && w.y1 <= size.1,
                    "{paper:?}: '{}' leaves the page: {w:?}",
                    w.text
                );
            }
            // Every word of a row's cells inside one column; of its notes inside the table.
            for row in &page.rows {
                let cells = row.top..row.top + row.cells_height;
                let notes = row.top + row.cells_height..row.bottom();
                for w in words
                    .iter()
                    .filter(|w| (row.top..row.bottom()).contains(&w.mid_y()))
                {
                    if cells.contains(&w.mid_y()) {
                        let inside = layout
                            .columns
                            .iter()
                            .any(|&(x, cw)| w.x0 >= x - 0.01 && w.x1 <= x + cw + 0.01);
                        assert!(inside, "{paper:?}: '{}' crosses a column's edge: {w:?}", w.text);
                    } else if notes.contains(&w.mid_y()) {
                        let (x, _) = layout.columns[0];
                        let right = layout.columns.last().map_or(0.0, |&(x, w)| x + w);
                        assert!(
                            w.x0 >= x && w.x1 <= right,
                            "{paper:?}: note '{}' leaves the table",
                            w.text
                        );
                    }
                }
            }
            let marks = ring_marks(&layout, page);
            rings += marks.rings.len();
            // The marks of the rows (the column title and the footer name the mark too).
            daggers += words
                .iter()
                .filter(|w| {
                    w.text == "†" && page.rows.iter().any(|r| (r.top..r.bottom()).contains(&w.mid_y()))
                })
                .count();
            for &ring in &marks.rings {
                // The stroke is drawn on the ring's box: half of it outside.
                let stroke = [ring[0] - 0.35, ring[1] - 0.35, ring[2] + 0.35, ring[3] + 0.35];
                for &sep in &marks.separators {
                    assert!(
                        !overlaps(stroke, sep),
                        "{paper:?}: a ring {ring:?} covers a separator {sep:?}"
                    );
                }
                // Every word printed where the ring is: a word of the ringed item, wholly inside it; never a
                // separator.
                for w in words {
                    let band = w.mid_y() > ring[1] && w.mid_y() < ring[3];
                    if !band || w.x1 <= stroke[0] || w.x0 >= stroke[2] {
                        continue;
                    }
                    assert!(
                        !w.text.contains(';'),
                        "{paper:?}: a ring {ring:?} covers '{}' {w:?}",
                        w.text
                    );
                    assert!(
                        w.x0 >= ring[0] + 0.35 && w.x1 <= ring[2] - 0.35,
                        "{paper:?}: the ring {ring:?} cuts through '{}' {w:?}",
                        w.text
                    );
                }
            }
            // The separators the layout places are the ones printed.
            let printed = words.iter().filter(|w| w.text.contains(';')).count();
            assert!(
                printed >= marks.separators.len(),
                "{printed} < {}",
                marks.separators.len()
            );
        }
        assert_eq!(
            daggers, sunk,
            "{paper:?}: every ship sunk is marked † in the printed text"
        );
        assert!(
            rings >= sunk,
            "{paper:?}: every ship sunk is ringed ({rings} rings, {sunk} sunk)"
        );
        let _ = std::fs::remove_file(&path);
    }
}
