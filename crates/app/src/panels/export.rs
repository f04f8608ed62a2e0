//! "Print / Export…": a preview of the game's paperwork, then a save dialog for the PDF, the CSV or the
//! after-action report. The sheets come from `periscope-print`; this window only shows and saves them.
//! Without a desktop file dialog the file goes to `exports/` in the data folder, and a path field lets the
//! player write it elsewhere. The after-action report may also go out with the boards' pictures beside
//! it (`crate::picture::report`).

use egui::RichText;
use periscope_print::{LogSheet, Paper, csv, pdf_book};

use crate::files::{Export, Picked};
use crate::storage::Storage;

/// What a game can print.
pub struct Paperwork {
    /// The sheets of the PDF, in order; the first is previewed.
    pub sheets: Vec<LogSheet>,
    /// The sheet exported as CSV (a table for spreadsheets).
    pub table: LogSheet,
    /// A Markdown report, for forums.
    pub report: String,
    /// The file name the save dialogs propose, without extension.
    pub name: String,
}

/// Every board of the game as PNG, by name.
pub type Pictures = Vec<(&'static str, Result<Vec<u8>, crate::picture::PictureError>)>;

/// Gives the work that draws every board of the game as it stands (a copy of the game goes with it, to
/// be drawn on a thread of its own).
pub type BoardPictures<'a> = dyn Fn() -> Box<dyn FnOnce() -> Pictures + Send> + 'a;

/// The work that draws every board of `game` at 1×, on a copy of it.
pub fn pictures_of<G>(game: &G) -> Box<dyn FnOnce() -> Pictures + Send>
where
    G: periscope_boards::Board + Clone + Send + 'static,
{
    let game = game.clone();
    Box::new(move || crate::picture::every_board_png(&game, 1.0))
}

/// The export window's state: open or not, the last message, and Periscope's own path field.
#[derive(Default)]
pub struct ExportWindow {
    pub open: bool,
    pub message: Option<String>,
    /// Where the file goes, and the path field while the player may write it elsewhere too.
    file: Export,
    /// The report with board pictures while its boards are drawn and its files written.
    writing: Option<crate::work::Work<String>>,
}

impl ExportWindow {
    /// Asks where to save (the desktop's dialog, or `exports/` and a path field) and writes.
    fn export(&mut self, storage: &Storage, name: &str, extension: &str, bytes: Result<Vec<u8>, String>) {
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        let file = format!("{name}.{extension}");
        self.message =
            Some(
                self.file
                    .save(storage.export_to(), "Export", extension, extension, &file, bytes),
            );
    }

    /// Asks where to save the report, then writes it with every board's picture beside it.
    fn export_with_pictures(&mut self, storage: &Storage, paper: &Paperwork, pictures: &BoardPictures<'_>) {
        let file = format!("{}.md", paper.name);
        let path = match storage.dialogs.save("Markdown", "md", &file) {
            Picked::Path(path) => path,
            Picked::Cancelled => {
                self.message = Some("Export cancelled: nothing written.".into());
                return;
            }
            Picked::NoDialog => storage.exports_dir().join(&file),
        };
        let draw = pictures();
        let report = paper.report.clone();
        let label = format!("Drawing the boards for {}", path.display());
        self.writing = Some(crate::work::Work::start(label, move || {
            let mut drawn = Vec::new();
            for (board, png) in draw() {
                match png {
                    Ok(bytes) => drawn.push((board, bytes)),
                    Err(e) => return format!("Could not draw the {board}: {e}"),
                }
            }
            match crate::picture::report::write(&path, &report, &drawn) {
                Ok(files) => format!(
                    "Saved {} with {} board pictures beside it",
                    path.display(),
                    files.len().saturating_sub(1)
                ),
                Err(e) => format!("Could not write {}: {e}", path.display()),
            }
        }));
    }

    /// The report being written: its progress while it runs, then what happened.
    fn written(&mut self, ui: &mut egui::Ui) {
        let Some(work) = &self.writing else {
            return;
        };
        match work.poll() {
            None => work.show(ui),
            Some(done) => {
                self.message = Some(done.unwrap_or_else(|e| e));
                self.writing = None;
            }
        }
    }

    /// The window; `pictures` draws every board of the game for the report with pictures.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        paper: &Paperwork,
        storage: &Storage,
        pictures: &BoardPictures<'_>,
    ) {
        let mut open = self.open;
        let id = egui::Id::unique("periscope-print-export");
        if open && crate::keys::closes_on_escape(ctx, id) {
            open = false;
        }
        egui::Window::new("Print / Export")
            .id(id)
            .open(&mut open)
            .default_size([760.0, 520.0])
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (label, size) in [
                        ("Save PDF (A4)…", Paper::A4),
                        ("Save PDF (US Letter)…", Paper::Letter),
                    ] {
                        if ui.button(label).clicked() {
                            let bytes = pdf_book(&paper.sheets, size).map_err(|e| e.to_string());
                            self.export(storage, &paper.name, "pdf", bytes);
                        }
                    }
                    if ui.button("Save CSV (ships attacked)…").clicked() {
                        self.export(storage, &paper.name, "csv", Ok(csv(&paper.table).into_bytes()));
                    }
                    if ui.button("Save after-action report (Markdown)…").clicked() {
                        let bytes = Ok(paper.report.clone().into_bytes());
                        self.export(storage, &paper.name, "md", bytes);
                    }
                    if ui
                        .add_enabled(
                            self.writing.is_none(),
                            egui::Button::new("Save report with board pictures (Markdown + PNG)…"),
                        )
                        .on_hover_text("The after-action report, and a PNG of each board beside it, embedded in the report")
                        .clicked()
                    {
                        self.export_with_pictures(storage, paper, pictures);
                    }
                });
                self.written(ui);
                if let Some(m) = &self.message {
                    ui.label(RichText::new(m).italics());
                }
                ui.separator();
                if let Some(sheet) = paper.sheets.first() {
                    preview(ui, sheet);
                }
            });
        self.open = open;
        if let Some(message) = self.file.show(ctx) {
            self.message = Some(message);
        }
    }
}

/// The first sheet as it will print: title, header boxes and the table.
/// Its text from files is shown, never obeyed ([`LogSheet::shown`]).
fn preview(ui: &mut egui::Ui, sheet: &LogSheet) {
    let sheet = &*sheet.shown();
    ui.label(RichText::new(&sheet.title).strong().size(16.0));
    ui.horizontal_wrapped(|ui| {
        for (label, value) in &sheet.header {
            ui.label(format!("{label}: {}", if value.is_empty() { "—" } else { value }));
            ui.separator();
        }
    });
    egui::ScrollArea::both().max_height(380.0).show(ui, |ui| {
        egui::Grid::new("export-preview").striped(true).show(ui, |ui| {
            for c in &sheet.columns {
                ui.label(RichText::new(&c.title).strong());
            }
            ui.end_row();
            for row in &sheet.rows {
                for cell in row {
                    ui.label(cell);
                }
                ui.end_row();
            }
        });
    });
    ui.horizontal_wrapped(|ui| {
        for (label, value) in &sheet.totals {
            ui.label(RichText::new(format!("{label}: {value}")).strong());
        }
    });
}
