//! The PDF layout of a log sheet: landscape pages with a title band, header boxes, the table with its
//! column titles repeated on every page, totals on the last page, and page numbers. Text is set in the
//! Ubuntu Light font that egui ships (Ubuntu Font Licence), embedded in the file.

use std::fmt;

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use crate::{LogSheet, Paper};

const MARGIN: f32 = 28.0;
const BAND: f32 = 34.0;
const HEADER_BOX: f32 = 32.0;
const TITLE_ROW: f32 = 18.0;
const ROW: f32 = 16.0;
const FOOT: f32 = 18.0;
const TOTALS: f32 = 34.0;

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

/// An estimate of a text's width in the font (krilla shapes text but does not measure it): good enough to
/// keep cells from overflowing, with a little to spare.
fn text_width(text: &str, size: f32) -> f32 {
    text.chars()
        .map(|c| match c {
            ' ' | '.' | ',' | ':' | ';' | '\'' | 'i' | 'l' | 'j' | '|' | '!' => 0.26,
            'm' | 'w' | 'M' | 'W' => 0.82,
            c if c.is_ascii_uppercase() => 0.64,
            c if c.is_ascii_digit() => 0.56,
            _ => 0.52,
        })
        .sum::<f32>()
        * size
}

/// The text cut to fit `width`, with an ellipsis when cut.
fn fit(text: &str, width: f32, size: f32) -> String {
    if text_width(text, size) <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        let next = format!("{out}{c}…");
        if text_width(&next, size) > width {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
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
        self.surface
            .set_stroke(Some(stroke(rgb::Color::new(90, 107, 140), width)));
        self.surface.draw_path(&path);
    }

    /// Text with its baseline at `y`; `align` 0 left, 1 right (x is then the right edge).
    fn text(&mut self, x: f32, y: f32, size: f32, text: &str, colour: rgb::Color, right: bool) {
        if text.is_empty() {
            return;
        }
        let x = if right { x - text_width(text, size) } else { x };
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

/// Rows that fit on a page after the title band, the header boxes and the column titles.
fn rows_per_page(height: f32, with_header: bool) -> usize {
    let top = MARGIN + BAND + 8.0 + if with_header { HEADER_BOX + 8.0 } else { 0.0 } + TITLE_ROW;
    ((height - MARGIN - FOOT - top) / ROW).floor().max(1.0) as usize
}

/// The sheet as a PDF, as many pages as its rows need.
pub fn pdf(sheet: &LogSheet, paper: Paper) -> Result<Vec<u8>, PrintError> {
    pdf_book(std::slice::from_ref(sheet), paper)
}

/// Several sheets in one PDF (a career's Patrol Log, then its summary), each starting on a new page.
pub fn pdf_book(sheets: &[LogSheet], paper: Paper) -> Result<Vec<u8>, PrintError> {
    let font = Font::new(epaint_default_fonts::UBUNTU_LIGHT.into(), 0)
        .ok_or_else(|| PrintError("the embedded font cannot be read".into()))?;
    let mut document = Document::new();
    for sheet in sheets {
        sheet_pages(&mut document, &font, sheet, paper)?;
    }
    document.finish().map_err(|e| PrintError(format!("{e:?}")))
}

/// Lays one sheet out on as many pages as it needs.
fn sheet_pages(
    document: &mut Document,
    font: &Font,
    sheet: &LogSheet,
    paper: Paper,
) -> Result<(), PrintError> {
    let (w, h) = paper.landscape();
    let per_page = rows_per_page(h, !sheet.header.is_empty());
    // Totals need their own strip at the foot of the last page.
    let total_rows = sheet.rows.len().max(1);
    let mut pages: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    while start < total_rows {
        let end = (start + per_page).min(total_rows);
        pages.push((start, end));
        start = end;
    }
    let last_room = per_page - (pages.last().map_or(0, |(s, e)| e - s));
    let totals_need = ((TOTALS + 8.0) / ROW).ceil() as usize;
    let totals_on_own_page = !sheet.totals.is_empty() && last_room < totals_need;
    let page_count = pages.len() + usize::from(totals_on_own_page);

    let settings = || PageSettings::from_wh(w, h).ok_or_else(|| PrintError("bad page size".into()));
    let table_w = w - 2.0 * MARGIN;
    let total_width: f32 = sheet
        .columns
        .iter()
        .map(|c| c.width.max(0.1))
        .sum::<f32>()
        .max(0.1);
    let col_w: Vec<f32> = sheet
        .columns
        .iter()
        .map(|c| c.width.max(0.1) / total_width * table_w)
        .collect();

    for (index, &(first, end)) in pages.iter().enumerate() {
        let mut page = document.start_page_with(settings()?);
        let mut surface = page.surface();
        let mut pen = Pen {
            surface: &mut surface,
            font: font.clone(),
        };
        let mut y = page_top(&mut pen, sheet, w, index + 1, page_count);
        // Column titles, repeated on every page.
        pen.rect(
            MARGIN,
            y,
            table_w,
            TITLE_ROW,
            Some(rgb::Color::new(228, 219, 198)),
            Some(0.8),
        );
        let mut x = MARGIN;
        for (c, cw) in sheet.columns.iter().zip(&col_w) {
            let title = fit(&c.title.to_uppercase(), cw - 6.0, 7.5);
            if c.numeric {
                pen.text(x + cw - 3.0, y + 12.5, 7.5, &title, navy(), true);
            } else {
                pen.text(x + 3.0, y + 12.5, 7.5, &title, navy(), false);
            }
            x += cw;
        }
        y += TITLE_ROW;
        // Rows: a blank sheet still prints its ruled lines.
        let row_count = if sheet.rows.is_empty() {
            per_page
        } else {
            end - first
        };
        for r in 0..row_count {
            let cells = sheet.rows.get(first + r);
            let mut x = MARGIN;
            for (ci, (c, cw)) in sheet.columns.iter().zip(&col_w).enumerate() {
                if let Some(cell) = cells.and_then(|row| row.get(ci)) {
                    let t = fit(cell, cw - 6.0, 8.5);
                    if c.numeric {
                        pen.text(x + cw - 3.0, y + 11.5, 8.5, &t, rgb::Color::new(20, 20, 20), true);
                    } else {
                        pen.text(x + 3.0, y + 11.5, 8.5, &t, rgb::Color::new(20, 20, 20), false);
                    }
                }
                x += cw;
            }
            y += ROW;
            pen.line(MARGIN, y, MARGIN + table_w, y, 0.4);
        }
        // Column rules and the frame.
        let table_top = y - ROW * row_count as f32 - TITLE_ROW;
        let mut x = MARGIN;
        for cw in col_w.iter().take(col_w.len().saturating_sub(1)) {
            x += cw;
            pen.line(x, table_top, x, y, 0.4);
        }
        pen.rect(MARGIN, table_top, table_w, y - table_top, None, Some(1.0));
        if index + 1 == pages.len() && !totals_on_own_page {
            totals(&mut pen, sheet, y + 8.0, table_w);
        }
        page_foot(&mut pen, sheet, w, h);
        surface.finish();
        page.finish();
    }
    if totals_on_own_page {
        let mut page = document.start_page_with(settings()?);
        let mut surface = page.surface();
        let mut pen = Pen {
            surface: &mut surface,
            font: font.clone(),
        };
        let y = page_top(&mut pen, sheet, w, page_count, page_count);
        totals(&mut pen, sheet, y, table_w);
        page_foot(&mut pen, sheet, w, h);
        surface.finish();
        page.finish();
    }
    Ok(())
}

/// The title band and header boxes; returns where the table starts.
fn page_top(pen: &mut Pen<'_, '_>, sheet: &LogSheet, w: f32, page: usize, pages: usize) -> f32 {
    let paper = rgb::Color::new(253, 251, 245);
    pen.rect(MARGIN, MARGIN, w - 2.0 * MARGIN, BAND, Some(navy()), None);
    pen.text(MARGIN + 10.0, MARGIN + 22.0, 15.0, &sheet.title, paper, false);
    let right = if pages > 1 {
        format!("{}  ·  page {page} of {pages}", sheet.subtitle)
    } else {
        sheet.subtitle.clone()
    };
    pen.text(w - MARGIN - 10.0, MARGIN + 21.0, 9.0, &right, paper, true);
    let mut y = MARGIN + BAND + 8.0;
    if !sheet.header.is_empty() {
        boxes(pen, &sheet.header, y, w - 2.0 * MARGIN);
        y += HEADER_BOX + 8.0;
    }
    y
}

/// A strip of labelled boxes (header fields or totals).
fn boxes(pen: &mut Pen<'_, '_>, fields: &[(String, String)], y: f32, width: f32) {
    let n = fields.len().max(1) as f32;
    let bw = width / n;
    for (i, (label, value)) in fields.iter().enumerate() {
        let x = MARGIN + i as f32 * bw;
        pen.rect(x, y, bw, HEADER_BOX, None, Some(0.8));
        pen.text(
            x + 4.0,
            y + 9.0,
            6.5,
            &fit(&label.to_uppercase(), bw - 8.0, 6.5),
            navy(),
            false,
        );
        pen.text(
            x + 4.0,
            y + 25.0,
            11.0,
            &fit(value, bw - 8.0, 11.0),
            rgb::Color::new(20, 20, 20),
            false,
        );
    }
}

fn totals(pen: &mut Pen<'_, '_>, sheet: &LogSheet, y: f32, width: f32) {
    if !sheet.totals.is_empty() {
        boxes(pen, &sheet.totals, y, width);
    }
}

fn page_foot(pen: &mut Pen<'_, '_>, sheet: &LogSheet, w: f32, h: f32) {
    let y = h - MARGIN + 4.0;
    pen.text(
        MARGIN,
        y,
        7.0,
        &sheet.footer,
        rgb::Color::new(90, 107, 140),
        false,
    );
    pen.text(
        w - MARGIN,
        y,
        7.0,
        "Printed with Periscope",
        rgb::Color::new(90, 107, 140),
        true,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        assert_eq!(fit("Maru", 100.0, 8.0), "Maru");
        let cut = fit("A very long ship name that cannot fit", 40.0, 8.0);
        assert!(cut.ends_with('…') && text_width(&cut, 8.0) <= 40.0, "{cut}");
    }

    #[test]
    fn a_sheet_prints_to_a_pdf() {
        let sheet = LogSheet {
            title: "TEST".into(),
            rows: vec![vec!["a".into()]; 100],
            ..Default::default()
        };
        let bytes = pdf(&sheet, Paper::A4).unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
    }
}
