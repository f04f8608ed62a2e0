//! The rules reference: Periscope's own one-line summary of any rule case, searchable, opened from a cited
//! case id in the decision panel, the chart panel or the log. With the player's own rulebook text chosen in
//! its settings, the printed paragraph(s) of the case are shown too, read from that file only.

use std::path::PathBuf;
use std::sync::OnceLock;

use egui::RichText;
use periscope_data::sensuikan::rules::{RuleSummaries, rulebook_paragraphs};

use crate::storage::{Settings, Storage};
use crate::theme;

/// Where a panel leaves the case the player clicked, for the window to pick up this frame.
fn request_id() -> egui::Id {
    egui::Id::unique("periscope-rules-reference-request")
}

/// Asks the rules reference to open, at a case when one is given.
pub fn request(ctx: &egui::Context, case: Option<&str>) {
    let case = case.map(str::to_string).unwrap_or_default();
    ctx.data_mut(|d| d.insert_temp(request_id(), case));
}

/// The shipped summaries (validated by the data crate's tests).
pub fn summaries() -> Option<&'static RuleSummaries> {
    static RULES: OnceLock<Option<RuleSummaries>> = OnceLock::new();
    RULES.get_or_init(|| RuleSummaries::shipped().ok()).as_ref()
}

/// The case ids cited in a text as `[8.2.6]` (or `[8.2.6 ¶]`), in order.
pub fn cited_cases(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in text.split('[').skip(1) {
        let Some(inside) = part.split(']').next() else {
            continue;
        };
        for id in inside.split([' ', ',', ';']) {
            if periscope_data::sensuikan::rules::is_case_id(id) && !out.iter().any(|c| c == id) {
                out.push(id.to_string());
            }
        }
    }
    out
}

/// A small link for a cited case: `[8.2.6]`, which opens the reference at it.
pub fn case_link(ui: &mut egui::Ui, case: &str) {
    let summary = summaries().and_then(|s| s.get(case)).map(|c| c.summary.clone());
    let link = ui.add(egui::Link::new(RichText::new(format!("[{case}]")).small()));
    let link = match summary {
        Some(s) => link.on_hover_text(s),
        None => link,
    };
    if link.clicked() {
        request(ui.ctx(), Some(case));
    }
}

/// The reference window's state.
#[derive(Default)]
pub struct RulesReference {
    pub open: bool,
    pub query: String,
    pub selected: Option<String>,
    /// The player's rulebook text, read once from the path in the settings.
    rulebook: Option<(PathBuf, Result<String, String>)>,
    pub message: Option<String>,
}

impl RulesReference {
    /// Opens at a case (or just opens).
    pub fn open_at(&mut self, case: Option<String>) {
        self.open = true;
        if let Some(c) = case.filter(|c| !c.is_empty()) {
            self.query = c.clone();
            self.selected = Some(c);
        }
    }

    fn rulebook_text(&mut self, settings: &Settings) -> Option<&Result<String, String>> {
        let path = settings.rulebook.clone()?;
        if self.rulebook.as_ref().is_none_or(|(p, _)| *p != path) {
            let text = Storage::read(&path);
            self.rulebook = Some((path, text));
        }
        self.rulebook.as_ref().map(|(_, t)| t)
    }

    /// Shows the window if open (picking up any request from the panels); the settings keep the path of
    /// the player's rulebook.
    pub fn show(&mut self, ctx: &egui::Context, settings: &mut Settings, storage: &Storage) {
        if let Some(case) = ctx.data_mut(|d| d.remove_temp::<String>(request_id())) {
            self.open_at(Some(case));
        }
        if !self.open {
            return;
        }
        let mut open = self.open;
        egui::Window::new("Rules reference")
            .open(&mut open)
            .default_size([520.0, 460.0])
            .show(ctx, |ui| self.contents(ui, settings, storage));
        self.open = open;
    }

    fn contents(&mut self, ui: &mut egui::Ui, settings: &mut Settings, storage: &Storage) {
        let Some(rules) = summaries() else {
            ui.label("The rule summaries could not be read.");
            return;
        };
        ui.horizontal(|ui| {
            ui.label("Search:");
            let r = ui.add(
                egui::TextEdit::singleline(&mut self.query)
                    .hint_text("case id or word")
                    .desired_width(220.0),
            );
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Search rules"));
        });
        ui.small("Periscope's own summaries — the rulebook is the authority.");
        ui.separator();
        if let Some(case) = self.selected.clone() {
            match rules.get(&case) {
                Some(c) => {
                    ui.label(
                        RichText::new(format!("[{}] {}", c.case, c.title))
                            .strong()
                            .size(16.0),
                    );
                    ui.label(&c.summary);
                }
                None => {
                    ui.label(RichText::new(format!("[{case}]")).strong().size(16.0));
                    ui.label("No summary of this case yet.");
                }
            }
            let text = self.rulebook_text(settings).cloned();
            match text {
                None => {
                    ui.small("Choose your own rulebook text below to read the printed paragraph here.");
                }
                Some(Err(e)) => {
                    ui.colored_label(theme::DANGER, e);
                }
                Some(Ok(text)) => match rulebook_paragraphs(&text, &case) {
                    Some(p) => {
                        ui.label(RichText::new("Your rulebook:").italics());
                        egui::ScrollArea::vertical()
                            .id_salt("rulebook-paragraph")
                            .max_height(140.0)
                            .show(ui, |ui| ui.label(RichText::new(p).monospace().size(12.0)));
                    }
                    None => {
                        ui.small(format!("Case {case} was not found in your rulebook file."));
                    }
                },
            }
            ui.separator();
        }
        egui::ScrollArea::vertical()
            .id_salt("rules-list")
            .max_height(220.0)
            .show(ui, |ui| {
                for c in rules.search(&self.query) {
                    let selected = self.selected.as_deref() == Some(c.case.as_str());
                    let text = format!("[{}] {} — {}", c.case, c.title, c.summary);
                    if ui.selectable_label(selected, text).clicked() {
                        self.selected = Some(c.case.clone());
                    }
                }
            });
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let current = settings
                .rulebook
                .as_ref()
                .map_or_else(|| "none chosen".to_string(), |p| p.display().to_string());
            ui.label(format!("My rulebook text: {current}"));
            if ui.button("Choose my rulebook text…").clicked()
                && let Some(path) = rfd::FileDialog::new()
                    .add_filter("Text", &["txt", "md"])
                    .pick_file()
            {
                self.set_rulebook(Some(path), settings, storage);
            }
            if settings.rulebook.is_some() && ui.button("Forget it").clicked() {
                self.set_rulebook(None, settings, storage);
            }
        });
        if let Some(m) = &self.message {
            ui.colored_label(theme::HIGHLIGHT, m);
        }
    }

    /// Remembers (or forgets) the player's rulebook file in the settings.
    pub fn set_rulebook(&mut self, path: Option<PathBuf>, settings: &mut Settings, storage: &Storage) {
        settings.rulebook = path;
        self.rulebook = None;
        self.message = settings.save(storage).err();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cited_cases_are_read_from_brackets() {
        assert_eq!(
            cited_cases("[4.8.1] F1: commander [8.2.6 ¶] and [Modes.1] [6.2.1A]"),
            vec!["4.8.1", "8.2.6", "6.2.1A"]
        );
        assert!(cited_cases("no case here").is_empty());
    }
}
