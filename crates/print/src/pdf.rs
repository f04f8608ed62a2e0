//! The PDF layout of a log sheet: landscape pages with a title band, header boxes, the table with its
//! column titles repeated on every page, totals on the last page, and page numbers. Text is set in the
//! Ubuntu Light font that egui ships (Ubuntu Font Licence), embedded in the file.

use std::fmt;

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use crate::layout::{
    BOX_PAD, CELL_BASELINE, CELL_LEADING, CELL_PAD, CELL_SIZE, COLUMN_TITLE_BASELINE, COLUMN_TITLE_LEADING,
    COLUMN_TITLE_SIZE, FOOT_LEADING, FOOT_SIZE, LABEL_BASELINE, LABEL_LEADING, LABEL_SIZE, MARGIN,
    NOTES_BASELINE, NOTES_LEADING, NOTES_SIZE, PRINTED_WITH, SUBTITLE_LEADING, SUBTITLE_SIZE, TITLE_SIZE,
    VALUE_LEADING, VALUE_SIZE,
};
use crate::metrics::{FONT, Metrics};
use crate::ring::{SetLine, set_line};
use crate::{LogSheet, PageLayout, Paper, SheetLayout, Strip};

/// Why a sheet could not be printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintError(pub String);

impl fmt::Display for PrintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot print: {}", self.0)
    }
}

impl std::error::Error for PrintError {}

fn navy() -> rgb::Color {
    rgb::Color::new(29, 45, 79)
}

fn fill(c: rgb::Color) -> Fill {
    Fill {
        paint: c.into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

fn stroke(c: rgb::Color, width: f32) -> Stroke {
    Stroke {
        paint: c.into(),
        width,
        ..Default::default()
    }
}

struct Pen<'a, 'b> {
    surface: &'a mut Surface<'b>,
    font: Font,
}

impl Pen<'_, '_> {
    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill_colour: Option<rgb::Color>, line: Option<f32>) {
        let Some(r) = Rect::from_xywh(x, y, w, h) else {
            return;
        };
        let mut pb = PathBuilder::new();
        pb.push_rect(r);
        let Some(path) = pb.finish() else { return };
        self.surface.set_fill(fill_colour.map(fill));
        self.surface.set_stroke(line.map(|w| stroke(navy(), w)));
        self.surface.draw_path(&path);
    }

    fn line(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, width: f32) {
        let mut pb = PathBuilder::new();
        pb.move_to(x0, y0);
        pb.line_to(x1, y1);
        let Some(path) = pb.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(stroke(rule(), width)));
        self.surface.draw_path(&path);
    }

    /// A ring from `x0` to `x1` round the text on the baseline `y` (a capsule, round at both ends, so a
    /// long name is ringed as closely as a short one): a ship sunk, circled as a player circles it on the
    /// paper log. The line's setting leaves the ring its room ([`crate::ring`]).
    fn circle(&mut self, x0: f32, x1: f32, y: f32, size: f32) {
        let [left, top, right, bottom] = ring_rect(x0, x1, y, size);
        let r = ((bottom - top) / 2.0).min((right - left) / 2.0);
        const K: f32 = 0.552_284_8;
        let k = K * r;
        let mut pb = PathBuilder::new();
        pb.move_to(left + r, top);
        pb.line_to(right - r, top);
        pb.cubic_to(right - r + k, top, right, top + r - k, right, top + r);
        pb.cubic_to(right, bottom - r + k, right - r + k, bottom, right - r, bottom);
        pb.line_to(left + r, bottom);
        pb.cubic_to(left + r - k, bottom, left, bottom - r + k, left, bottom - r);
        pb.cubic_to(left, top + r - k, left + r - k, top, left + r, top);
        pb.close();
        let Some(path) = pb.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(stroke(ink(), RING_STROKE)));
        self.surface.draw_path(&path);
    }

    /// A faint dotted rule, between a row's cells and its notes line.
    fn dotted(&mut self, x0: f32, y: f32, x1: f32) {
        let mut pb = PathBuilder::new();
        pb.move_to(x0, y);
        pb.line_to(x1, y);
        let Some(path) = pb.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            dash: Some(StrokeDash {
                array: vec![1.0, 2.0],
                offset: 0.0,
            }),
            ..stroke(rule(), 0.4)
        }));
        self.surface.draw_path(&path);
    }

    /// Text with its baseline at `y`; `align` 0 left, 1 right (x is then the right edge).
    fn text(&mut self, x: f32, y: f32, size: f32, text: &str, colour: rgb::Color, right: bool) {
        if text.is_empty() {
            return;
        }
        let x = if right {
            x - Metrics::shared().width(text, size)
        } else {
            x
        };
        self.surface.set_fill(Some(fill(colour)));
        self.surface.set_stroke(None);
        self.surface.draw_text(
            Point::from_xy(x, y),
            self.font.clone(),
            size,
            text,
            false,
            TextDirection::Auto,
        );
    }
}

/// The sheet as a PDF, as many pages as its rows need.
pub fn pdf(sheet: &LogSheet, paper: Paper) -> Result<Vec<u8>, PrintError> {
    pdf_book(std::slice::from_ref(sheet), paper)
}

/// Several sheets in one PDF (a career's Patrol Log, then its summary), each starting on a new page.
pub fn pdf_book(sheets: &[LogSheet], paper: Paper) -> Result<Vec<u8>, PrintError> {
    let font =
        Font::new(FONT.into(), 0).ok_or_else(|| PrintError("the embedded font cannot be read".into()))?;
    let mut document = Document::new();
    for sheet in sheets {
        let layout = SheetLayout::of(sheet, paper);
        for page in &layout.pages {
            let settings = PageSettings::from_wh(layout.width, layout.height)
                .ok_or_else(|| PrintError("bad page size".into()))?;
            let mut pdf_page = document.start_page_with(settings);
            let mut surface = pdf_page.surface();
            let mut pen = Pen {
                surface: &mut surface,
                font: font.clone(),
            };
            paint_page(&mut pen, &layout, page);
            surface.finish();
            pdf_page.finish();
        }
    }
    document.finish().map_err(|e| PrintError(format!("{e:?}")))
}

fn ink() -> rgb::Color {
    rgb::Color::new(20, 20, 20)
}

/// The rules and the small print.
fn rule() -> rgb::Color {
    rgb::Color::new(90, 107, 140)
}

fn paper_white() -> rgb::Color {
    rgb::Color::new(253, 251, 245)
}

fn title_row_fill() -> rgb::Color {
    rgb::Color::new(228, 219, 198)
}

fn grey_row() -> rgb::Color {
    rgb::Color::new(226, 226, 226)
}

fn paint_page(pen: &mut Pen<'_, '_>, layout: &SheetLayout, page: &PageLayout) {
    band(pen, layout, page);
    if let Some(header) = &layout.header {
        boxes(pen, header);
    }
    table(pen, layout, page);
    if let Some(totals) = &page.totals {
        boxes(pen, totals);
    }
    foot(pen, layout);
}

/// The width of a ring's stroke.
const RING_STROKE: f32 = 0.7;

/// A ring's box (left, top, right, bottom) from `x0` to `x1` round text of `size` on the baseline `y`:
/// clear of the capitals above and of the descenders below, and short enough to stay off the line below
/// (its separators and words).
fn ring_rect(x0: f32, x1: f32, y: f32, size: f32) -> [f32; 4] {
    [x0, y - size * 0.88, x1, y + size * 0.28]
}

/// One line of text where it prints: its runs, rings and separators at page positions.
struct PlacedLine {
    y: f32,
    set: SetLine,
    /// Where the line's setting starts on the page.
    x: f32,
}

/// Lines of text from a first baseline, `leading` apart, set with their rings; right-aligned lines end at
/// `x`. A ringed item wrapped onto the next line keeps its ring there.
fn placed(x: f32, baseline: f32, leading: f32, size: f32, text: &[String], right: bool) -> Vec<PlacedLine> {
    let mut open = false;
    text.iter()
        .enumerate()
        .map(|(i, line)| {
            let set = set_line(line, size, open);
            // A line that does not end its item with a separator carries its ring on to the next line.
            open = set.open && i + 1 < text.len();
            let start = if right { x - set.width } else { x };
            PlacedLine {
                y: baseline + i as f32 * leading,
                x: start,
                set,
            }
        })
        .collect()
}

/// Lines of text from a first baseline, `leading` apart; right-aligned lines end at `x`. No ring: the
/// titles, boxes and small print only name the mark.
#[allow(clippy::too_many_arguments)]
fn lines(
    pen: &mut Pen<'_, '_>,
    x: f32,
    baseline: f32,
    leading: f32,
    size: f32,
    text: &[String],
    colour: rgb::Color,
    right: bool,
) {
    for (i, line) in text.iter().enumerate() {
        pen.text(x, baseline + i as f32 * leading, size, line, colour, right);
    }
}

/// [`lines`] of a table's cell or notes line, its marked items ringed.
#[allow(clippy::too_many_arguments)]
fn ringed_lines(
    pen: &mut Pen<'_, '_>,
    x: f32,
    baseline: f32,
    leading: f32,
    size: f32,
    text: &[String],
    colour: rgb::Color,
    right: bool,
) {
    for line in placed(x, baseline, leading, size, text, right) {
        for &(x0, x1) in &line.set.rings {
            pen.circle(line.x + x0, line.x + x1, line.y, size);
        }
        for (dx, run) in &line.set.runs {
            pen.text(line.x + dx, line.y, size, run, colour, false);
        }
    }
}

/// Where the rings and the list separators of a page's table print, as boxes (left, top, right, bottom) in
/// points from the page's top left: what a test checks the ring against.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RingMarks {
    pub rings: Vec<[f32; 4]>,
    pub separators: Vec<[f32; 4]>,
}

/// The rings and separators of the table's cells and notes lines on `page`, placed as [`pdf`] prints
/// them.
pub fn ring_marks(layout: &SheetLayout, page: &PageLayout) -> RingMarks {
    let mut marks = RingMarks::default();
    let numeric = |i: usize| layout.numeric.get(i).copied().unwrap_or(false);
    let mut add = |lines: Vec<PlacedLine>, size: f32| {
        for l in lines {
            for &(x0, x1) in &l.set.rings {
                marks.rings.push(ring_rect(l.x + x0, l.x + x1, l.y, size));
            }
            for &(x0, x1) in &l.set.separators {
                marks
                    .separators
                    .push([l.x + x0, l.y - size * 0.75, l.x + x1, l.y + size * 0.2]);
            }
        }
    };
    for row in &page.rows {
        for (i, (cell, &column)) in row.cells.iter().zip(&layout.columns).enumerate() {
            let x = cell_x(column, numeric(i));
            let baseline = row.top + CELL_BASELINE;
            add(
                placed(x, baseline, CELL_LEADING, CELL_SIZE, cell, numeric(i)),
                CELL_SIZE,
            );
        }
        let notes_top = row.top + row.cells_height;
        let notes = placed(
            MARGIN + CELL_PAD,
            notes_top + NOTES_BASELINE,
            NOTES_LEADING,
            NOTES_SIZE,
            &row.notes,
            false,
        );
        add(notes, NOTES_SIZE);
    }
    marks
}

/// The title band with the sheet's title and its subtitle (and page number).
fn band(pen: &mut Pen<'_, '_>, layout: &SheetLayout, page: &PageLayout) {
    let b = &layout.band;
    let width = layout.width - 2.0 * MARGIN;
    pen.rect(MARGIN, b.top, width, b.height, Some(navy()), None);
    pen.text(
        MARGIN + 10.0,
        b.title_baseline,
        TITLE_SIZE,
        &b.title,
        paper_white(),
        false,
    );
    let right = MARGIN + width - 10.0;
    lines(
        pen,
        right,
        b.subtitle_baseline,
        SUBTITLE_LEADING,
        SUBTITLE_SIZE,
        &page.subtitle,
        paper_white(),
        true,
    );
}

/// A strip of labelled boxes (header fields or totals).
fn boxes(pen: &mut Pen<'_, '_>, strip: &Strip) {
    for b in &strip.boxes {
        pen.rect(b.x, strip.top, b.width, strip.height, None, Some(0.8));
        let x = b.x + BOX_PAD;
        lines(
            pen,
            x,
            strip.top + LABEL_BASELINE,
            LABEL_LEADING,
            LABEL_SIZE,
            &b.label,
            navy(),
            false,
        );
        let baseline = strip.top + strip.value_baseline;
        lines(
            pen,
            x,
            baseline,
            VALUE_LEADING,
            VALUE_SIZE,
            &b.value,
            ink(),
            false,
        );
    }
}

/// A cell's text inside its column: left-aligned, or right-aligned for numbers.
fn cell_x(column: (f32, f32), numeric: bool) -> f32 {
    let (x, w) = column;
    if numeric { x + w - CELL_PAD } else { x + CELL_PAD }
}

/// The column titles, the rows (grey bands, cells, notes lines), the rules and the frame.
fn table(pen: &mut Pen<'_, '_>, layout: &SheetLayout, page: &PageLayout) {
    let left = MARGIN;
    let width = layout.width - 2.0 * MARGIN;
    let top = page.table_top;
    let numeric = |i: usize| layout.numeric.get(i).copied().unwrap_or(false);
    pen.rect(
        left,
        top,
        width,
        layout.title_row_height,
        Some(title_row_fill()),
        Some(0.8),
    );
    for (i, (title, &column)) in layout.column_titles.iter().zip(&layout.columns).enumerate() {
        let x = cell_x(column, numeric(i));
        let baseline = top + COLUMN_TITLE_BASELINE;
        lines(
            pen,
            x,
            baseline,
            COLUMN_TITLE_LEADING,
            COLUMN_TITLE_SIZE,
            title,
            navy(),
            numeric(i),
        );
    }
    let inner_rules = layout.columns.iter().skip(1).map(|&(x, _)| x).collect::<Vec<_>>();
    for &x in &inner_rules {
        pen.line(x, top, x, top + layout.title_row_height, 0.4);
    }
    for row in &page.rows {
        if row.shaded {
            pen.rect(left, row.top, width, row.height, Some(grey_row()), None);
        }
        for (i, (cell, &column)) in row.cells.iter().zip(&layout.columns).enumerate() {
            let x = cell_x(column, numeric(i));
            ringed_lines(
                pen,
                x,
                row.top + CELL_BASELINE,
                CELL_LEADING,
                CELL_SIZE,
                cell,
                ink(),
                numeric(i),
            );
        }
        let notes_top = row.top + row.cells_height;
        if !row.notes.is_empty() && row.cells_height > 0.0 {
            pen.dotted(left + CELL_PAD, notes_top, left + width - CELL_PAD);
        }
        ringed_lines(
            pen,
            left + CELL_PAD,
            notes_top + NOTES_BASELINE,
            NOTES_LEADING,
            NOTES_SIZE,
            &row.notes,
            ink(),
            false,
        );
        for &x in &inner_rules {
            pen.line(x, row.top, x, notes_top, 0.4);
        }
        pen.line(left, row.bottom(), left + width, row.bottom(), 0.4);
    }
    pen.rect(left, top, width, page.table_bottom - top, None, Some(1.0));
}

fn foot(pen: &mut Pen<'_, '_>, layout: &SheetLayout) {
    let baseline = layout.footer_baseline;
    lines(
        pen,
        MARGIN,
        baseline,
        FOOT_LEADING,
        FOOT_SIZE,
        &layout.footer,
        rule(),
        false,
    );
    let last = baseline + layout.footer.len().saturating_sub(1) as f32 * FOOT_LEADING;
    pen.text(layout.width - MARGIN, last, FOOT_SIZE, PRINTED_WITH, rule(), true);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Column, Row};

    #[test]
    fn a_sheet_prints_to_a_pdf() {
        let sheet = LogSheet {
            title: "TEST".into(),
            rows: vec![Row::new(["a"]); 100],
            ..Default::default()
        };
        let bytes = pdf(&sheet, Paper::A4).unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
    }

    #[test]
    fn grey_rows_notes_and_split_rows_print() {
        let long: Vec<String> = (0..900).map(|i| format!("word{i}")).collect();
        let sheet = LogSheet {
            title: "TEST".into(),
            columns: vec![Column::text("Date", 1.0), Column::list("Targets", 2.0, 1)],
            rows: vec![
                Row::new(["9/41", "Stargard; Empire Springbuck; Garm; Muneric; Winterswijk"]).grey(),
                Row::new(["10/41", &long.join(" ")]).with_notes("A note."),
            ],
            totals: vec![("Lost".into(), "6,704 t".into())],
            ..Default::default()
        };
        let bytes = pdf_book(&[sheet.clone(), sheet], Paper::Letter).unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
    }
}
