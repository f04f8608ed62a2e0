//! The hall of fame's table: one row per career, a column header to click to sort by it (again to
//! reverse), and on each row a button that opens the career's save.

use std::cmp::Ordering;

use egui::RichText;
use periscope_data::hall::Entry;
use periscope_data::shown::{shown, shown_lines};

use crate::theme;

/// A column of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Date,
    Game,
    Class,
    Dice,
    Result,
    Tonnage,
    Decorations,
    Survived,
    Months,
}

impl Column {
    pub const ALL: [Column; 9] = [
        Column::Date,
        Column::Game,
        Column::Class,
        Column::Dice,
        Column::Result,
        Column::Tonnage,
        Column::Decorations,
        Column::Survived,
        Column::Months,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Column::Date => "Date",
            Column::Game => "Game",
            Column::Class => "Class or group",
            Column::Dice => "Dice",
            Column::Result => "Result",
            Column::Tonnage => "Tonnage",
            Column::Decorations => "Decorations",
            Column::Survived => "Survived",
            Column::Months => "Months",
        }
    }

    /// How two careers compare in this column (ascending).
    fn compare(self, a: &Entry, b: &Entry) -> Ordering {
        match self {
            Column::Date => a.finished.cmp(&b.finished),
            Column::Game => super::game_name(a).cmp(&super::game_name(b)),
            Column::Class => a.class.cmp(&b.class),
            Column::Dice => a.dice.cmp(&b.dice),
            Column::Result => a
                .result
                .rank
                .cmp(&b.result.rank)
                .then_with(|| a.result.level.cmp(&b.result.level)),
            Column::Tonnage => a.tonnage.cmp(&b.tonnage),
            Column::Decorations => a.decorations.len().cmp(&b.decorations.len()),
            Column::Survived => a.survived.cmp(&b.survived),
            Column::Months => a.months.cmp(&b.months),
        }
    }
}

/// How the table is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    pub column: Column,
    pub ascending: bool,
}

impl Default for Sort {
    /// The newest career first.
    fn default() -> Self {
        Self {
            column: Column::Date,
            ascending: false,
        }
    }
}

impl Sort {
    /// A click on a column's header: sorts by it, or reverses it when it is the column sorted by
    /// already. A new column sorts from the least (the oldest date, the least tonnage).
    pub fn clicked(&mut self, column: Column) {
        if self.column == column {
            self.ascending = !self.ascending;
        } else {
            *self = Self {
                column,
                ascending: true,
            };
        }
    }
}

/// The careers in the table's order; careers that compare equal keep the file's order.
pub fn sorted<'a>(entries: &[&'a Entry], sort: Sort) -> Vec<&'a Entry> {
    let mut rows = entries.to_vec();
    rows.sort_by(|a, b| {
        let o = sort.column.compare(a, b);
        if sort.ascending { o } else { o.reverse() }
    });
    rows
}

/// A row's accessible name for its Open button: which career's save it opens.
pub fn open_label(e: &Entry) -> String {
    format!(
        "Open the save of {} {} finished {}",
        shown(&super::game_name(e)),
        shown(&e.class),
        shown(&crate::files::local_text(&e.finished))
    )
}

/// The table; returns the career whose save the player asked to open.
pub fn show<'a>(ui: &mut egui::Ui, rows: &[&'a Entry], sort: &mut Sort) -> Option<&'a Entry> {
    let mut open = None;
    egui::Grid::new("hall-table")
        .striped(true)
        .spacing(egui::vec2(14.0, 4.0))
        .show(ui, |ui| {
            for column in Column::ALL {
                ui.horizontal(|ui| {
                    let header =
                        ui.add(egui::Button::new(RichText::new(column.title()).strong()).frame(false));
                    let name = format!("Sort by {}", column.title());
                    header.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                    if header.on_hover_text("Click to sort; again to reverse").clicked() {
                        sort.clicked(column);
                    }
                    if sort.column == column {
                        arrow(ui, sort.ascending);
                    }
                });
            }
            ui.label(RichText::new("Save").strong());
            ui.end_row();
            // The hall's file is the player's: its texts are shown, never obeyed.
            for e in rows {
                ui.label(shown(&crate::files::local_text(&e.finished)));
                ui.label(shown(&super::game_name(e)));
                ui.label(shown(&e.class));
                ui.label(shown(&e.dice));
                ui.label(shown(&e.result.level));
                ui.label(format!("{} {}", thousands(e.tonnage), e.counts.words()));
                if e.decorations.is_empty() {
                    ui.label("—");
                } else {
                    ui.label(e.decorations.len().to_string())
                        .on_hover_text(shown_lines(&e.decorations.join("\n")));
                }
                ui.label(if e.survived { "yes" } else { "no" });
                ui.label(e.months.map_or_else(|| "—".to_string(), |m| m.to_string()));
                let button = ui.add_enabled(!e.save.is_empty(), egui::Button::new("Open"));
                let name = open_label(e);
                button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                if button.on_hover_text(shown(&e.save)).clicked() {
                    open = Some(*e);
                }
                ui.end_row();
            }
        });
    ui.label(
        RichText::new(
            "Tonnage: sunk for a submarine's career, lost for an escort's, points for Submarine Hunt.",
        )
        .small()
        .color(theme::NAVY_LIGHT),
    );
    open
}

/// The sorted column's mark: a small triangle pointing up (ascending) or down, painted (the fonts
/// have no arrow).
fn arrow(ui: &mut egui::Ui, ascending: bool) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    let c = rect.center();
    let (tip, base) = if ascending { (-4.0, 3.0) } else { (4.0, -3.0) };
    let points = vec![
        egui::pos2(c.x, c.y + tip),
        egui::pos2(c.x - 4.5, c.y + base),
        egui::pos2(c.x + 4.5, c.y + base),
    ];
    ui.painter().add(egui::Shape::convex_polygon(
        points,
        theme::PAPER_SHADE,
        egui::Stroke::NONE,
    ));
}

/// `23500` as `23,500`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn e(id: &str, finished: &str, tonnage: u64) -> Entry {
        let mut e = crate::stats::store::blank("Draw", 1, tonnage, true);
        e.id = id.into();
        e.finished = finished.into();
        e
    }

    #[test]
    fn a_header_sorts_then_reverses() {
        let (a, b, c) = (
            e("a", "2026-01-01 10:00", 500),
            e("b", "2026-03-01 10:00", 9_000),
            e("c", "2026-02-01 10:00", 20),
        );
        let all = [&a, &b, &c];
        let ids = |rows: Vec<&Entry>| rows.iter().map(|e| e.id.clone()).collect::<Vec<_>>();
        let mut sort = Sort::default();
        assert_eq!(ids(sorted(&all, sort)), ["b", "c", "a"], "newest first");
        sort.clicked(Column::Tonnage);
        assert_eq!(ids(sorted(&all, sort)), ["c", "a", "b"]);
        sort.clicked(Column::Tonnage);
        assert_eq!(ids(sorted(&all, sort)), ["b", "a", "c"]);
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(23_500), "23,500");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
