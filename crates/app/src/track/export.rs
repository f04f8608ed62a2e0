//! The table as a picture and its story as a file: "Export the table as PNG" at 1×, 2× or the view's
//! zoom (saved where the player picks, as the game boards' "Export board as PNG"), the move log as text,
//! and the Markdown report — the table's picture, its marked and noted counters, its notes and its move
//! log — written beside the table file, so a player can send the state and the story of a turn.
//!
//! The picture is drawn off-screen by the boards' picture code ([`crate::picture::paint`]): the layout's
//! own board painter, then the counters as the table lies ([`super::lens::paint_counters`]), with the
//! player's own counter art read again from the data folder for the picture's context. It is drawn on a
//! thread of its own ([`crate::work::Work`]), the window saying what is under way.

use std::path::{Path, PathBuf};

use egui::{Pos2, Rect};

use super::cards::CardTable;
use super::places::Places;
use super::{FreeCounter, TrackLayout, TrackScreen, lens, log};
use crate::picture::{self, ZOOMS, ui::zoom_words};
use crate::storage::Storage;
use crate::theme;
use crate::widgets::counter_art;
use crate::work::Work;

/// What the drawing thread hands back: a picture to save where the player picks (its file name and
/// PNG), or the message of a report it wrote.
enum Out {
    Picture(String, Vec<u8>),
    Report(String),
}

/// The table's picture and log on their way out, and what they are made from.
pub(super) struct Outbox {
    /// The zoom the table is seen at, for "at the view's zoom".
    pub view_zoom: f32,
    /// The first roll of the move log: the rolls before the table was opened are not this session's.
    pub first_roll: usize,
    /// The names of the places, read from the boards the first time a move is put in words.
    places: Option<Places>,
    drawing: Option<Work<Result<Out, String>>>,
    file: crate::files::Export,
}

impl Outbox {
    pub fn new(first_roll: usize) -> Self {
        Self {
            view_zoom: 1.0,
            first_roll,
            places: None,
            drawing: None,
            file: crate::files::Export::default(),
        }
    }
}

/// What the table's picture shows: its counters (the last-move ring on `marked`) and its cards.
pub struct Lying {
    pub counters: Vec<FreeCounter>,
    pub marked: Vec<u32>,
    pub cards: CardTable,
}

/// Draws the table of `layout` as `lying` at `zoom`, with the player's counter art from `art` (the data
/// folder's `counters/`) when there is any, as PNG bytes.
pub fn table_png(
    layout: &'static dyn TrackLayout,
    lying: &Lying,
    art: Option<&Path>,
    zoom: f32,
) -> Result<Vec<u8>, String> {
    let boards = layout.boards();
    let view = Rect::from_min_size(Pos2::ZERO, layout.size());
    let mut pictures = match (art, layout.mix()) {
        (Some(dir), Some(mix)) if dir.exists() => {
            Some(counter_art::load(dir, &[counter_art::GameCounters::from_mix(mix)]).pictures)
        }
        _ => None,
    };
    let game = layout.id();
    let cards = layout.cards();
    let canvas = picture::paint(view, zoom, theme::FELT, |ui| {
        if let Some(p) = pictures.take() {
            counter_art::install(ui.ctx(), p);
        }
        boards(ui);
        if let Some(cards) = &cards {
            super::scene::paint_cards(ui.painter(), cards, &lying.cards);
        }
        lens::paint_counters(ui.painter(), game, &lying.counters, &lying.marked);
    })
    .map_err(|e| format!("Could not draw the table: {e}"))?;
    picture::png(&canvas).map_err(|e| format!("Could not draw the table: {e}"))
}

/// `track-table-hunt.json` → `track-table-hunt-<what>`, beside it.
fn beside(path: &Path, what: &str) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "table".to_string(), |s| s.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{what}"))
}

impl TrackScreen {
    /// The names of the table's places, read from its boards once.
    pub(super) fn places(&mut self) -> &Places {
        let (boards, size) = (&self.boards, self.layout.size());
        self.outbox
            .places
            .get_or_insert_with(|| Places::read(boards.as_ref(), size))
    }

    /// What the table's picture shows now.
    pub fn lying(&self) -> Lying {
        Lying {
            counters: self.table.counters.clone(),
            marked: self.marked(),
            cards: self.table.cards.clone(),
        }
    }

    /// The file beside the table's that holds `what` (`log.md`, `table.png`).
    pub fn beside_table(&self, what: &str) -> PathBuf {
        beside(&self.path, what)
    }

    /// The export items of the Table menu.
    pub(super) fn export_menu(&mut self, ui: &mut egui::Ui, storage: &Storage) {
        ui.menu_button("Export the table as PNG", |ui| {
            let view = self.outbox.view_zoom.clamp(picture::MIN_ZOOM, picture::MAX_ZOOM);
            let mut zooms: Vec<(String, f32)> = ZOOMS[..2]
                .iter()
                .map(|z| (format!("The table at {}", zoom_words(*z)), *z))
                .collect();
            zooms.push((
                format!("The table at the view's zoom ({})", zoom_words(view)),
                view,
            ));
            for (words, zoom) in zooms {
                if ui.button(words).clicked() {
                    self.export_picture(zoom, storage);
                    ui.close();
                }
            }
        });
        if ui.button("Export the move log as text").clicked() {
            self.export_log_text();
            ui.close();
        }
        if ui
            .button("Export the report as Markdown")
            .on_hover_text("The table's picture, its marked and noted counters, its notes and its move log")
            .clicked()
        {
            self.export_report(storage);
            ui.close();
        }
    }

    /// Starts drawing the table's picture at `zoom`; it is saved where the player picks once drawn.
    fn export_picture(&mut self, zoom: f32, storage: &Storage) {
        if self.outbox.drawing.is_some() {
            self.status = Some("The table is being drawn: wait for it to be saved.".into());
            return;
        }
        let (layout, lying) = (self.layout, self.lying());
        let art = storage.counter_art_dir();
        let file = self
            .beside_table("table.png")
            .file_name()
            .map_or_else(|| "table.png".to_string(), |f| f.to_string_lossy().into_owned());
        let label = format!("Drawing the table at {}", zoom_words(zoom));
        self.outbox.drawing = Some(Work::start(label, move || {
            table_png(layout, &lying, Some(&art), zoom).map(|png| Out::Picture(file, png))
        }));
    }

    /// Writes the move log as text beside the table file.
    pub(super) fn export_log_text(&mut self) {
        let path = self.beside_table("log.txt");
        let text = log::text(self.name(), &self.log());
        self.status = Some(
            match periscope_data::files::write_atomically(&path, text.as_bytes()) {
                Ok(()) => format!("The move log is written to {}", path.display()),
                Err(e) => format!("Could not write {}: {e}", path.display()),
            },
        );
    }

    /// Draws the table at 1× and writes it beside the table file with the Markdown report that shows it.
    fn export_report(&mut self, storage: &Storage) {
        if self.outbox.drawing.is_some() {
            self.status = Some("The table is being drawn: wait for it to be saved.".into());
            return;
        }
        let (layout, lying, art) = (self.layout, self.lying(), storage.counter_art_dir());
        let (md_path, png_path) = (self.beside_table("log.md"), self.beside_table("table.png"));
        let picture_file = png_path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        let report = log::markdown(self.name(), &self.table, Some(&picture_file), &self.log());
        self.outbox.drawing = Some(Work::start("Drawing the table for the report", move || {
            let png = table_png(layout, &lying, Some(&art), 1.0)?;
            let write = |path: &Path, bytes: &[u8]| {
                periscope_data::files::write_atomically(path, bytes)
                    .map_err(|e| format!("Could not write {}: {e}", path.display()))
            };
            write(&png_path, &png)?;
            write(&md_path, report.as_bytes())?;
            Ok(Out::Report(format!(
                "The report is written to {}, with the table's picture beside it",
                md_path.display()
            )))
        }));
    }

    /// The picture or report under way: its progress, then where it went; and the path field of a
    /// picture saved without a desktop dialog.
    pub(super) fn outbox_frame(&mut self, ctx: &egui::Context, storage: &Storage) {
        if let Some(message) = self.outbox.file.show(ctx) {
            self.status = Some(message);
        }
        let Some(work) = &self.outbox.drawing else {
            return;
        };
        let Some(done) = work.poll() else {
            work.show_over(ctx);
            return;
        };
        self.outbox.drawing = None;
        self.status = Some(match done {
            Ok(Ok(Out::Picture(file, bytes))) => self.outbox.file.save(
                storage.export_to(),
                "Export the table as PNG",
                "PNG picture",
                "png",
                &file,
                bytes,
            ),
            Ok(Ok(Out::Report(message))) => message,
            Ok(Err(e)) | Err(e) => e,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_of_a_table_lie_beside_it() {
        let p = Path::new("/data/track-table-hunt.json");
        assert_eq!(beside(p, "log.md"), Path::new("/data/track-table-hunt-log.md"));
    }
}
