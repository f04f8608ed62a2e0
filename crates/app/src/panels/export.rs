//! "Print / Export…": a preview of the game's paperwork, then a save dialog for the PDF, the CSV or the
//! after-action report. The sheets come from `periscope-print`; this window only shows and saves them.

use std::path::PathBuf;

use egui::RichText;
use periscope_print::{LogSheet, Paper, csv, pdf_book};

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

/// The export window's state: open or not, and the last message.
#[derive(Default)]
pub struct ExportWindow {
    pub open: bool,
    pub message: Option<String>,
}

/// Asks where to save, then writes atomically.
fn save_dialog(name: &str, extension: &str, bytes: Result<Vec<u8>, String>) -> Option<String> {
    let bytes = match bytes {
        Ok(b) => b,
        Err(e) => return Some(e),
    };
    let path: PathBuf = rfd::FileDialog::new()
        .add_filter(extension, &[extension])
        .set_file_name(format!("{name}.{extension}"))
        .save_file()?;
    Some(match periscope_data::files::write_atomically(&path, &bytes) {
        Ok(()) => format!("Saved {}", path.display()),
        Err(e) => format!("Could not write {}: {e}", path.display()),
    })
}

impl ExportWindow {
    pub fn show(&mut self, ctx: &egui::Context, paper: &Paperwork) {
        let mut open = self.open;
        egui::Window::new("Print / Export")
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
                            self.message = save_dialog(&paper.name, "pdf", bytes).or(self.message.take());
                        }
                    }
                    if ui.button("Save CSV (ships attacked)…").clicked() {
                        self.message = save_dialog(&paper.name, "csv", Ok(csv(&paper.table).into_bytes()))
                            .or(self.message.take());
                    }
                    if ui.button("Save after-action report (Markdown)…").clicked() {
                        self.message = save_dialog(&paper.name, "md", Ok(paper.report.clone().into_bytes()))
                            .or(self.message.take());
                    }
                });
                if let Some(m) = &self.message {
                    ui.label(RichText::new(m).italics());
                }
                ui.separator();
                if let Some(sheet) = paper.sheets.first() {
                    preview(ui, sheet);
                }
            });
        self.open = open;
    }
}

/// The first sheet as it will print: title, header boxes and the table.
fn preview(ui: &mut egui::Ui, sheet: &LogSheet) {
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
