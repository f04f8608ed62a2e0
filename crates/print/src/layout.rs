//! Where everything of a sheet goes on its pages, computed before anything is drawn, so the PDF only
//! paints it and tests can check it: every text wrapped to fit its box, rows that grow to hold their
//! text, page breaks between rows, the title band, header boxes and column titles on every page, and the
//! totals kept with the last rows. Coordinates are PDF points from the page's top-left corner; a text's
//! lines are placed by baseline, from the box's top, with the `*_BASELINE` and `*_LEADING` constants.

use crate::wrap::{LIST_SEPARATOR, Measure, list_items};
use crate::{Column, LogSheet, Paper, Row};

pub(crate) const MARGIN: f32 = 28.0;
const GAP: f32 = 8.0;
/// Padding between a cell's rule and its text.
pub(crate) const CELL_PAD: f32 = 3.0;

pub(crate) const TITLE_SIZE: f32 = 15.0;
pub(crate) const SUBTITLE_SIZE: f32 = 9.0;
const BAND: f32 = 34.0;
pub(crate) const SUBTITLE_LEADING: f32 = 11.0;

pub(crate) const LABEL_SIZE: f32 = 6.5;
pub(crate) const LABEL_BASELINE: f32 = 9.0;
pub(crate) const LABEL_LEADING: f32 = 7.5;
pub(crate) const VALUE_SIZE: f32 = 11.0;
pub(crate) const VALUE_BASELINE: f32 = 25.0;
pub(crate) const VALUE_LEADING: f32 = 13.0;
const BOX: f32 = 32.0;
pub(crate) const BOX_PAD: f32 = 4.0;

pub(crate) const COLUMN_TITLE_SIZE: f32 = 7.5;
pub(crate) const COLUMN_TITLE_BASELINE: f32 = 12.5;
pub(crate) const COLUMN_TITLE_LEADING: f32 = 8.5;
const TITLE_ROW: f32 = 18.0;

pub(crate) const CELL_SIZE: f32 = 8.5;
pub(crate) const CELL_BASELINE: f32 = 11.5;
pub(crate) const CELL_LEADING: f32 = 10.0;
/// A row of one line.
const ROW: f32 = 16.0;

pub(crate) const NOTES_SIZE: f32 = 8.0;
pub(crate) const NOTES_BASELINE: f32 = 9.0;
pub(crate) const NOTES_LEADING: f32 = 10.0;
const NOTES_PAD: f32 = 4.0;

pub(crate) const FOOT_SIZE: f32 = 7.0;
pub(crate) const FOOT_LEADING: f32 = 8.5;
const FOOT: f32 = 18.0;
/// Printed at the right of every page's foot.
pub(crate) const PRINTED_WITH: &str = "Printed with Periscope";

/// A sheet laid out on its pages.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetLayout {
    /// The landscape page, in points.
    pub width: f32,
    pub height: f32,
    /// The title band, the same on every page but for its page numbers.
    pub band: Band,
    /// The header boxes, under the band on every page.
    pub header: Option<Strip>,
    /// Each column's left edge and width.
    pub columns: Vec<(f32, f32)>,
    /// Right-aligned columns.
    pub numeric: Vec<bool>,
    /// The column titles (wrapped) and the height of their row, repeated at the top of every table.
    pub column_titles: Vec<Vec<String>>,
    pub title_row_height: f32,
    pub pages: Vec<PageLayout>,
    /// The small print at the foot of every page, and the baseline of its first line.
    pub footer: Vec<String>,
    pub footer_baseline: f32,
    /// The lowest a row may reach.
    pub body_bottom: f32,
}

/// The title band.
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    pub top: f32,
    pub height: f32,
    pub title: String,
    pub title_baseline: f32,
    /// The baseline of the subtitle's first line (right-aligned, lines `SUBTITLE_LEADING` apart).
    pub subtitle_baseline: f32,
}

/// A strip of labelled boxes (header fields or totals), all of one height.
#[derive(Debug, Clone, PartialEq)]
pub struct Strip {
    pub top: f32,
    pub height: f32,
    /// Where the values' first line sits below the top (under the tallest label).
    pub value_baseline: f32,
    pub boxes: Vec<TextBox>,
}

/// One labelled box.
#[derive(Debug, Clone, PartialEq)]
pub struct TextBox {
    pub x: f32,
    pub width: f32,
    pub label: Vec<String>,
    pub value: Vec<String>,
}

/// One page of the sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct PageLayout {
    /// `page 2 of 3` of this sheet.
    pub number: usize,
    pub of: usize,
    /// The subtitle in lines, with the page number when the sheet has several pages.
    pub subtitle: Vec<String>,
    /// The top of the column titles.
    pub table_top: f32,
    pub rows: Vec<PlacedRow>,
    /// The bottom of the table's frame.
    pub table_bottom: f32,
    /// The totals, on the last page, under the last rows.
    pub totals: Option<Strip>,
}

/// Each cell's lines.
pub type CellLines = Vec<Vec<String>>;

/// A row on a page.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedRow {
    /// The row of the sheet (`None` for a ruled line of an empty sheet, to fill in by hand).
    pub row: Option<usize>,
    pub top: f32,
    pub height: f32,
    /// The height of the cells' part (the column rules run down to it); the notes lines are under it.
    pub cells_height: f32,
    pub cells: CellLines,
    pub notes: Vec<String>,
    pub shaded: bool,
    /// Only a row taller than a whole page is split: this part carries on from the page before.
    pub continued: bool,
}

impl PlacedRow {
    pub fn bottom(&self) -> f32 {
        self.top + self.height
    }
}

/// A row's text, wrapped for its cells and notes line.
#[derive(Debug, Clone)]
struct RowText {
    row: Option<usize>,
    cells: CellLines,
    notes: Vec<String>,
    shaded: bool,
}

fn cells_height(lines: usize) -> f32 {
    if lines == 0 {
        0.0
    } else {
        ROW + (lines - 1) as f32 * CELL_LEADING
    }
}

fn notes_height(lines: usize) -> f32 {
    if lines == 0 {
        0.0
    } else {
        lines as f32 * NOTES_LEADING + NOTES_PAD
    }
}

impl RowText {
    fn cell_lines(&self) -> usize {
        self.cells.iter().map(Vec::len).max().unwrap_or(0)
    }

    fn height(&self) -> f32 {
        cells_height(self.cell_lines().max(1)) + notes_height(self.notes.len())
    }

    fn place(self, top: f32, continued: bool) -> PlacedRow {
        let lines = self.cell_lines();
        let cells = if lines == 0 && !continued {
            cells_height(1)
        } else {
            cells_height(lines)
        };
        PlacedRow {
            row: self.row,
            top,
            height: cells + notes_height(self.notes.len()),
            cells_height: cells,
            cells: self.cells,
            notes: self.notes,
            shaded: self.shaded,
            continued,
        }
    }

    /// A row too tall for a page in parts that fit `room`, line by line (the cells' lines, then the
    /// notes lines).
    fn split(self, mut room: impl FnMut(usize) -> f32) -> Vec<RowText> {
        let total = self.cell_lines();
        let mut parts = Vec::new();
        let (mut cell_from, mut note_from) = (0, 0);
        while cell_from < total || note_from < self.notes.len() || parts.is_empty() {
            let available = room(parts.len());
            let (mut cell_to, mut note_to) = (cell_from, note_from);
            let height = |c: usize, n: usize| cells_height(c - cell_from) + notes_height(n - note_from);
            while cell_to < total && (cell_to == cell_from || height(cell_to + 1, note_to) <= available) {
                cell_to += 1;
            }
            if cell_to == total {
                while note_to < self.notes.len()
                    && ((cell_to == cell_from && note_to == note_from)
                        || height(cell_to, note_to + 1) <= available)
                {
                    note_to += 1;
                }
            }
            let slice = |lines: &Vec<String>| {
                lines
                    .get(cell_from.min(lines.len())..cell_to.min(lines.len()))
                    .map(<[String]>::to_vec)
                    .unwrap_or_default()
            };
            parts.push(RowText {
                row: self.row,
                cells: self.cells.iter().map(slice).collect(),
                notes: self
                    .notes
                    .get(note_from..note_to)
                    .map(<[String]>::to_vec)
                    .unwrap_or_default(),
                shaded: self.shaded,
            });
            (cell_from, note_from) = (cell_to, note_to);
            if total == 0 && self.notes.is_empty() {
                break;
            }
        }
        parts
    }
}

/// What a sheet's pages share, worked out once.
struct Frame {
    width: f32,
    height: f32,
    table_width: f32,
    columns: Vec<(f32, f32)>,
    footer: Vec<String>,
    body_bottom: f32,
}

impl Frame {
    fn new(sheet: &LogSheet, paper: Paper) -> Self {
        let (width, height) = paper.landscape();
        let table_width = width - 2.0 * MARGIN;
        let total: f32 = sheet
            .columns
            .iter()
            .map(|c| c.width.max(0.1))
            .sum::<f32>()
            .max(0.1);
        let mut x = MARGIN;
        let columns = sheet
            .columns
            .iter()
            .map(|c| {
                let w = c.width.max(0.1) / total * table_width;
                x += w;
                (x - w, w)
            })
            .collect();
        let foot = Measure::new(FOOT_SIZE, 0.0);
        let room = table_width - foot.width_of(PRINTED_WITH) - 24.0;
        let footer = Measure::new(FOOT_SIZE, room).wrap(&sheet.footer);
        let extra = footer.len().saturating_sub(1) as f32 * FOOT_LEADING;
        Self {
            width,
            height,
            table_width,
            columns,
            footer,
            body_bottom: height - MARGIN - FOOT - extra,
        }
    }

    fn footer_baseline(&self) -> f32 {
        self.height - MARGIN + 4.0 - self.footer.len().saturating_sub(1) as f32 * FOOT_LEADING
    }

    /// The subtitle's lines beside the title, with the page number on sheets of several pages.
    fn subtitle(&self, sheet: &LogSheet, page: usize, of: usize) -> Vec<String> {
        let text = if of > 1 {
            format!("{}  ·  page {page} of {of}", sheet.subtitle)
        } else {
            sheet.subtitle.clone()
        };
        let title = Measure::new(TITLE_SIZE, 0.0).width_of(&sheet.title);
        let room = (self.table_width - 20.0 - title - 24.0).max(self.table_width / 3.0);
        Measure::new(SUBTITLE_SIZE, room).wrap(&text)
    }

    fn band(&self, sheet: &LogSheet, subtitle_lines: usize) -> Band {
        let n = subtitle_lines.max(1) as f32;
        let height = BAND.max(12.0 + SUBTITLE_LEADING * n);
        Band {
            top: MARGIN,
            height,
            title: sheet.title.clone(),
            title_baseline: MARGIN + height / 2.0 + 5.0,
            subtitle_baseline: MARGIN + height / 2.0 + 4.0 - (n - 1.0) * SUBTITLE_LEADING / 2.0,
        }
    }

    /// A row's cells wrapped to their columns; list cells past their lines go to the notes line.
    fn row_text(&self, sheet: &LogSheet, index: usize, row: &Row) -> RowText {
        let mut continued = Vec::new();
        let cells = sheet
            .columns
            .iter()
            .zip(&self.columns)
            .enumerate()
            .map(|(i, (column, &(_, w)))| {
                let text = row.cells.get(i).map_or("", String::as_str);
                let measure = Measure::new(CELL_SIZE, w - 2.0 * CELL_PAD);
                match column.list_lines {
                    Some(max) => {
                        let (lines, rest) = list_cell(&measure, text, max);
                        if !rest.is_empty() {
                            continued.push((column, rest));
                        }
                        lines
                    }
                    None => measure.wrap(text),
                }
            })
            .collect();
        let notes_measure = Measure::new(NOTES_SIZE, self.table_width - 2.0 * CELL_PAD);
        let mut notes = Vec::new();
        for (column, rest) in continued {
            let mut items = rest;
            // The column's name without its legend in brackets: `Targets, continued: …`.
            let name = column.title.split(" (").next().unwrap_or(&column.title);
            let lead = format!("{name}, continued: {}", items.remove(0));
            items.insert(0, &lead);
            notes.extend(notes_measure.wrap_list(&items));
        }
        notes.extend(notes_measure.wrap(&row.notes));
        RowText {
            row: Some(index),
            cells,
            notes,
            shaded: row.shaded,
        }
    }
}

/// A list cell: the lines of the items that fit in `max` lines (at least the first item), and the
/// items left for the notes line. Items are never split between the two.
fn list_cell<'a>(measure: &Measure, text: &'a str, max: usize) -> (Vec<String>, Vec<&'a str>) {
    let items = list_items(text);
    let all = measure.wrap_list(&items);
    if all.len() <= max {
        return (all, Vec::new());
    }
    let mut keep = 1;
    while keep < items.len() && measure.wrap_list(&items[..=keep]).len() <= max {
        keep += 1;
    }
    let (shown, rest) = items.split_at(keep);
    let mut lines = measure.wrap_list(shown);
    // The cell says where its list goes on.
    if let Some(last) = lines.last_mut() {
        last.push_str(LIST_SEPARATOR.trim_end());
    }
    (lines, rest.to_vec())
}

/// A strip of labelled boxes across `width` at `top`, tall enough for its longest label and value.
fn strip(fields: &[(String, String)], top: f32, width: f32) -> Strip {
    let n = fields.len().max(1) as f32;
    let box_width = width / n;
    let boxes: Vec<TextBox> = fields
        .iter()
        .enumerate()
        .map(|(i, (label, value))| {
            let room = box_width - 2.0 * BOX_PAD;
            TextBox {
                x: MARGIN + i as f32 * box_width,
                width: box_width,
                label: Measure::new(LABEL_SIZE, room).wrap(&label.to_uppercase()),
                value: Measure::new(VALUE_SIZE, room).wrap(value),
            }
        })
        .collect();
    let most = |lines: fn(&TextBox) -> usize| boxes.iter().map(lines).max().unwrap_or(1).max(1) as f32;
    let labels = most(|b| b.label.len());
    let values = most(|b| b.value.len());
    let value_baseline = VALUE_BASELINE + (labels - 1.0) * LABEL_LEADING;
    Strip {
        top,
        height: BOX + (labels - 1.0) * LABEL_LEADING + (values - 1.0) * VALUE_LEADING,
        value_baseline,
        boxes,
    }
}

impl SheetLayout {
    /// The sheet laid out on landscape pages of `paper`.
    /// Its text from files is shown, never obeyed ([`LogSheet::shown`]).
    pub fn of(sheet: &LogSheet, paper: Paper) -> SheetLayout {
        let sheet = &*sheet.shown();
        let frame = Frame::new(sheet, paper);
        // The band holds the subtitle with its page number, which depends on how many pages there are:
        // lay out until the count the band was sized for is the count that comes out.
        let mut pages_guess = 1;
        let mut tries = 0;
        loop {
            let layout = Self::with_page_count(sheet, &frame, pages_guess);
            let fits = layout
                .pages
                .iter()
                .all(|p| frame.band(sheet, p.subtitle.len()).height <= layout.band.height);
            tries += 1;
            if fits || tries >= 4 {
                return layout;
            }
            pages_guess = layout.pages.len();
        }
    }

    fn with_page_count(sheet: &LogSheet, frame: &Frame, pages_guess: usize) -> SheetLayout {
        let band = frame.band(sheet, frame.subtitle(sheet, pages_guess, pages_guess).len());
        let mut top = band.top + band.height + GAP;
        let header = (!sheet.header.is_empty()).then(|| strip(&sheet.header, top, frame.table_width));
        if let Some(h) = &header {
            top += h.height + GAP;
        }
        let column_titles: Vec<Vec<String>> = sheet
            .columns
            .iter()
            .zip(&frame.columns)
            .map(|(c, &(_, w))| {
                Measure::new(COLUMN_TITLE_SIZE, w - 2.0 * CELL_PAD).wrap(&c.title.to_uppercase())
            })
            .collect();
        let title_lines = column_titles.iter().map(Vec::len).max().unwrap_or(1).max(1);
        let title_row_height = TITLE_ROW + (title_lines - 1) as f32 * COLUMN_TITLE_LEADING;
        let rows_top = top + title_row_height;
        let totals = (!sheet.totals.is_empty()).then(|| strip(&sheet.totals, 0.0, frame.table_width));
        let totals_need = totals.as_ref().map_or(0.0, |t| GAP + t.height);

        let texts: Vec<RowText> = if sheet.rows.is_empty() {
            blank_lines(frame.body_bottom - rows_top - totals_need, sheet.columns.len())
        } else {
            sheet
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| frame.row_text(sheet, i, r))
                .collect()
        };
        let mut pages = paginate(texts, rows_top, frame.body_bottom);
        keep_totals_with_last_rows(&mut pages, rows_top, frame.body_bottom, totals_need);

        let of = pages.len();
        let pages = pages
            .into_iter()
            .enumerate()
            .map(|(i, rows)| {
                let table_bottom = rows.last().map_or(rows_top, PlacedRow::bottom);
                let totals = if i + 1 == of {
                    totals.clone().map(|t| Strip {
                        top: table_bottom + GAP,
                        ..t
                    })
                } else {
                    None
                };
                PageLayout {
                    number: i + 1,
                    of,
                    subtitle: frame.subtitle(sheet, i + 1, of),
                    table_top: top,
                    rows,
                    table_bottom,
                    totals,
                }
            })
            .collect();
        SheetLayout {
            width: frame.width,
            height: frame.height,
            band,
            header,
            columns: frame.columns.clone(),
            numeric: sheet.columns.iter().map(|c: &Column| c.numeric).collect(),
            column_titles,
            title_row_height,
            pages,
            footer: frame.footer.clone(),
            footer_baseline: frame.footer_baseline(),
            body_bottom: frame.body_bottom,
        }
    }
}

/// The ruled lines of an empty sheet, as many as fill `room`.
fn blank_lines(room: f32, columns: usize) -> Vec<RowText> {
    let count = (room / ROW).floor().max(1.0) as usize;
    (0..count)
        .map(|_| RowText {
            row: None,
            cells: vec![Vec::new(); columns],
            notes: Vec::new(),
            shaded: false,
        })
        .collect()
}

/// Rows onto pages, breaking only between rows; a row taller than a whole page starts a page of its
/// own and is split by lines.
fn paginate(texts: Vec<RowText>, rows_top: f32, bottom: f32) -> Vec<Vec<PlacedRow>> {
    let page_room = bottom - rows_top;
    let mut pages: Vec<Vec<PlacedRow>> = vec![Vec::new()];
    let mut y = rows_top;
    for text in texts {
        let height = text.height();
        let page_has_rows = pages.last().is_some_and(|p| !p.is_empty());
        if y + height > bottom && page_has_rows {
            pages.push(Vec::new());
            y = rows_top;
        }
        let parts = if height > page_room {
            text.split(|_| page_room)
        } else {
            vec![text]
        };
        for (i, part) in parts.into_iter().enumerate() {
            if i > 0 {
                pages.push(Vec::new());
                y = rows_top;
            }
            let placed = part.place(y, i > 0);
            y = placed.bottom();
            if let Some(page) = pages.last_mut() {
                page.push(placed);
            }
        }
    }
    pages
}

/// The totals never stand alone on a page: when they do not fit under the last row, the last rows (two,
/// or one when the page holds only two) move to a new page with them.
fn keep_totals_with_last_rows(pages: &mut Vec<Vec<PlacedRow>>, rows_top: f32, bottom: f32, need: f32) {
    if need <= 0.0 {
        return;
    }
    let Some(last) = pages.last_mut() else { return };
    let end = last.last().map_or(rows_top, PlacedRow::bottom);
    if end + need <= bottom || last.len() < 2 {
        // It fits, or the page holds a single row that fills it: nothing better can be done without
        // splitting a row.
        return;
    }
    let fits = |rows: &[PlacedRow]| rows_top + rows.iter().map(|r| r.height).sum::<f32>() + need <= bottom;
    let mut keep = 1;
    if last.len() > 2 && fits(&last[last.len() - 2..]) {
        keep = 2;
    }
    let mut moved = last.split_off(last.len() - keep);
    let mut y = rows_top;
    for row in &mut moved {
        row.top = y;
        y = row.bottom();
    }
    pages.push(moved);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(rows: Vec<Row>) -> LogSheet {
        LogSheet {
            title: "TEST · LOG".into(),
            subtitle: "a sheet".into(),
            header: vec![("Commander".into(), "Lt Tanaka".into())],
            columns: vec![
                Column::text("Month", 0.7),
                Column::list("Ships", 3.0, 2),
                Column::number("Tons", 0.8),
                Column::text("Result", 1.5),
            ],
            rows,
            totals: vec![("Tonnage".into(), "3,900 t".into())],
            footer: "small print".into(),
        }
    }

    fn ships(n: usize) -> String {
        (0..n)
            .map(|i| format!("Ship number {i} Maru (freighter)"))
            .collect::<Vec<_>>()
            .join(LIST_SEPARATOR)
    }

    /// Nothing overlaps: rows follow each other inside the body, every line fits its cell, the totals sit
    /// under the last row and above the foot.
    fn assert_well_formed(l: &SheetLayout) {
        for page in &l.pages {
            let mut y = page.table_top + l.title_row_height;
            for r in &page.rows {
                assert!(r.top >= y - 0.01, "row {:?} overlaps the one above", r.row);
                assert!(
                    r.bottom() <= l.body_bottom + 0.01,
                    "row {:?} runs off the page",
                    r.row
                );
                for (lines, &(_, w)) in r.cells.iter().zip(&l.columns) {
                    for line in lines {
                        let m = Measure::new(CELL_SIZE, 0.0);
                        assert!(m.width_of(line) <= w - 2.0 * CELL_PAD + 0.01, "{line}");
                    }
                }
                y = r.bottom();
            }
            if let Some(t) = &page.totals {
                assert!(t.top >= y && t.top + t.height <= l.body_bottom + 0.01);
            }
        }
    }

    #[test]
    fn rows_grow_to_hold_their_text() {
        let long = "Sunk with all hands: imploded beyond test depth. Aborted. Mission accomplished.";
        let l = SheetLayout::of(
            &sheet(vec![Row::new(["1/42", "", "", long]), Row::new(["2/42"])]),
            Paper::A4,
        );
        let rows = &l.pages[0].rows;
        assert!(rows[0].height > rows[1].height);
        assert_eq!(rows[0].cells[3].join(" "), long);
        assert_eq!(rows[1].height, ROW);
        assert_well_formed(&l);
    }

    #[test]
    fn a_long_list_continues_on_the_notes_line() {
        let text = ships(12);
        let l = SheetLayout::of(
            &sheet(vec![Row::new(["1/42", &text, "3,900", "Returned"])]),
            Paper::A4,
        );
        let row = &l.pages[0].rows[0];
        assert_eq!(row.cells[1].len(), 2, "{:?}", row.cells[1]);
        assert!(row.notes[0].starts_with("Ships, continued: "), "{:?}", row.notes);
        let printed = format!("{} {}", row.cells[1].join(" "), row.notes.join(" "));
        for i in 0..12 {
            let name = format!("Ship number {i} Maru (freighter)");
            assert_eq!(printed.matches(&name).count(), 1, "{name} in {printed}");
        }
        assert!(row.height > row.cells_height);
        assert_well_formed(&l);
    }

    #[test]
    fn pages_break_between_rows_and_keep_the_totals_with_the_last_rows() {
        let rows: Vec<Row> = (0..60)
            .map(|i| {
                Row::new([
                    format!("{i}/42"),
                    ships(i % 5),
                    String::new(),
                    "Returned to base.".into(),
                ])
            })
            .collect();
        let l = SheetLayout::of(&sheet(rows), Paper::Letter);
        assert!(l.pages.len() > 1);
        let placed: Vec<usize> = l
            .pages
            .iter()
            .flat_map(|p| &p.rows)
            .filter_map(|r| r.row)
            .collect();
        assert_eq!(
            placed,
            (0..60).collect::<Vec<_>>(),
            "every row once, in order, none split"
        );
        let last = l.pages.last().unwrap();
        assert!(last.totals.is_some() && !last.rows.is_empty());
        assert!(l.pages.iter().rev().skip(1).all(|p| p.totals.is_none()));
        assert!(
            l.pages
                .iter()
                .all(|p| p.subtitle.join(" ").contains(&format!("of {}", l.pages.len())))
        );
        assert_well_formed(&l);
    }

    #[test]
    fn a_totals_strip_that_does_not_fit_takes_the_last_rows_with_it() {
        // Fill the first page exactly, so the totals cannot follow its last row.
        let probe = SheetLayout::of(&sheet(vec![Row::new(["1/42"])]), Paper::A4);
        let first = &probe.pages[0].rows[0];
        let per_page = ((probe.body_bottom - first.top) / first.height).floor() as usize;
        let rows = (0..per_page).map(|i| Row::new([format!("{i}")])).collect();
        let l = SheetLayout::of(&sheet(rows), Paper::A4);
        assert_eq!(l.pages.len(), 2);
        assert_eq!(l.pages[0].rows.len(), per_page - 2);
        assert_eq!(l.pages[1].rows.len(), 2);
        assert!(l.pages[1].totals.is_some());
        assert_well_formed(&l);
    }

    #[test]
    fn a_row_taller_than_a_page_is_split_by_lines_and_loses_nothing() {
        let words: Vec<String> = (0..900).map(|i| format!("word{i}")).collect();
        let text = words.join(" ");
        let l = SheetLayout::of(
            &sheet(vec![Row::new(["1/42", "", "", &text]), Row::new(["2/42"])]),
            Paper::A4,
        );
        assert!(l.pages.len() > 2);
        let printed: Vec<String> = l
            .pages
            .iter()
            .flat_map(|p| &p.rows)
            .filter(|r| r.row == Some(0))
            .flat_map(|r| r.cells[3].clone())
            .collect();
        assert_eq!(printed.join(" "), text);
        assert!(l.pages[1].rows[0].continued);
        assert_well_formed(&l);
    }

    #[test]
    fn an_empty_sheet_is_ruled_to_fill_by_hand() {
        let l = SheetLayout::of(&sheet(Vec::new()), Paper::A4);
        assert_eq!(l.pages.len(), 1);
        assert!(l.pages[0].rows.len() > 10 && l.pages[0].rows.iter().all(|r| r.row.is_none()));
        assert!(l.pages[0].totals.is_some());
        assert_well_formed(&l);
    }

    #[test]
    fn header_and_totals_boxes_grow_for_long_values() {
        let mut s = sheet(vec![Row::new(["1/42"])]);
        s.totals.push((
            "Fate".into(),
            "The commander is a prisoner after scuttling. 54400 t sunk, 3 special missions: Considerable \
             Victory (posthumous)."
                .into(),
        ));
        let l = SheetLayout::of(&s, Paper::A4);
        let totals = l.pages[0].totals.as_ref().unwrap();
        assert!(totals.height > BOX);
        assert!(totals.boxes[1].value.join(" ").ends_with("Victory (posthumous)."));
        assert_eq!(l.header.as_ref().unwrap().height, BOX);
    }
}
