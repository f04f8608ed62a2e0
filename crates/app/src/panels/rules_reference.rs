//! The rules reference: a game's own one-line summary of any rule case, searchable, opened from a cited
//! case id in the decision panel, the chart panel or the log. With the player's own rulebook text chosen in
//! its settings, the printed paragraph(s) of the case are shown too, read from that file only. The window
//! knows no game: each game with summaries hands it a [`RuleBook`] through the app's registry.

use std::collections::HashMap;
use std::path::PathBuf;

use egui::RichText;
use periscope_data::bounded;
use periscope_data::rule_summaries::{RuleCase, RuleSummaries};

use crate::files::{PathPrompt, Picked, Prompted};
use crate::storage::{Settings, Storage};
use crate::theme;

/// One case of a rule book as the reference shows it: its id, a short title and our summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleLine<'a> {
    pub case: &'a str,
    pub title: &'a str,
    pub summary: &'a str,
}

/// A game's rule summaries, and how its rule cases are cited and found in the player's rulebook text.
pub trait RuleBook: Sync {
    /// The id requests name the book by (`sensuikan`).
    fn id(&self) -> &'static str;
    /// The name the window shows when it holds more than one book.
    fn name(&self) -> &'static str;
    /// Whether the shipped summaries could be read.
    fn available(&self) -> bool;
    /// Whether a cited id is one of this book's cases (`8.2.6`), so it is shown as a link.
    fn is_case(&self, id: &str) -> bool;
    /// Our summary of a case, if we have one.
    fn get(&self, case: &str) -> Option<RuleLine<'_>>;
    /// The cases whose id, title or summary matches the query; all for an empty query.
    fn search(&self, query: &str) -> Vec<RuleLine<'_>>;
    /// The paragraph(s) of a case in the player's own rulebook text.
    fn paragraphs(&self, rulebook: &str, case: &str) -> Option<String>;
    /// Whether the player's text of this book is kept in the settings' `rulebook` path (see
    /// [`SummaryBook::first_path`]).
    fn first_path(&self) -> bool {
        false
    }
}

/// Which cited ids a [`SummaryBook`] shows as links.
#[derive(Debug, Clone, Copy)]
pub enum Cited {
    /// Every id of the rulebook's shape, summarised or not (`8.2.6`, `6.2.1A`).
    Shaped(fn(&str) -> bool),
    /// Only the cases we summarise (and their steps, for a book that has [`SummaryBook::steps`]).
    Summarised,
}

/// A game's rule book made of its shipped summaries (`data/<game>/rules.json`, read by the data crate's
/// one loader): every game's book is one of these, with its own summaries, citations and rulebook text.
pub struct SummaryBook {
    pub id: &'static str,
    pub name: &'static str,
    /// The game's summaries, read once (`None` if the shipped file could not be read).
    pub summaries: fn() -> Option<&'static RuleSummaries>,
    pub cited: Cited,
    /// Whether a cited step of a case (`6.1 2A`, a step of [6.1]) finds its case's summary.
    pub steps: bool,
    /// The paragraph(s) of a case in the player's own rulebook text, for a game whose text Periscope
    /// can read.
    pub paragraphs: Option<fn(&str, &str) -> Option<String>>,
    /// Whether the player's text of this book is the settings' `rulebook` path: the book that had the
    /// one path before every book had its own (the others' are in `rulebooks`, by id).
    pub first_path: bool,
}

impl SummaryBook {
    /// Our summary of a case: its own, or (for a step such as `6.1 2A`, in a book with steps) its case's.
    fn summarised(&self, id: &str) -> Option<&'static RuleCase> {
        let s = (self.summaries)()?;
        s.get(id).or_else(|| {
            if !self.steps {
                return None;
            }
            let (case, step) = id.split_once(' ')?;
            (!step.is_empty()).then(|| s.get(case)).flatten()
        })
    }
}

fn line(c: &RuleCase) -> RuleLine<'_> {
    RuleLine {
        case: &c.case,
        title: &c.title,
        summary: &c.summary,
    }
}

impl RuleBook for SummaryBook {
    fn id(&self) -> &'static str {
        self.id
    }

    fn name(&self) -> &'static str {
        self.name
    }

    fn available(&self) -> bool {
        (self.summaries)().is_some()
    }

    fn is_case(&self, id: &str) -> bool {
        match self.cited {
            Cited::Shaped(shaped) => shaped(id),
            Cited::Summarised => self.summarised(id).is_some(),
        }
    }

    fn get(&self, case: &str) -> Option<RuleLine<'_>> {
        self.summarised(case).map(line)
    }

    fn search(&self, query: &str) -> Vec<RuleLine<'_>> {
        (self.summaries)().map_or_else(Vec::new, |s| s.search(query).into_iter().map(line).collect())
    }

    fn paragraphs(&self, rulebook: &str, case: &str) -> Option<String> {
        self.paragraphs.and_then(|read| read(rulebook, case))
    }

    fn first_path(&self) -> bool {
        self.first_path
    }
}

/// Where a panel leaves the case the player clicked, for the window to pick up this frame.
fn request_id() -> egui::Id {
    egui::Id::unique("periscope-rules-reference-request")
}

/// The book a link was clicked in, handed over with the request: the window shows it even when the
/// registry does not list it.
#[derive(Clone, Copy)]
struct Asked(&'static dyn RuleBook);

fn asked_id() -> egui::Id {
    egui::Id::unique("periscope-rules-reference-asked-book")
}

/// Asks the rules reference to open, at a case of a book when one is given.
pub fn request(ctx: &egui::Context, book: Option<&'static str>, case: Option<&str>) {
    let case = case.map(str::to_string).unwrap_or_default();
    ctx.data_mut(|d| d.insert_temp(request_id(), (book, case)));
}

/// The case ids of `book` cited in a text as `[8.2.6]` (or `[8.2.6 ¶]`, `[4.1, 4.2]`), in order. A cited
/// id that is itself one of the book's cases is taken whole, spaces and all (`[Each Turn.1]`,
/// `[7.1.3 ERRATA]`); otherwise each word of it that is a case is (`[6.1 2A]` cites [6.1] in a book of
/// steps).
pub fn cited_cases(book: &dyn RuleBook, text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |id: &str| {
        if !out.iter().any(|c| c == id) {
            out.push(id.to_string());
        }
    };
    for part in text.split('[').skip(1) {
        let Some(inside) = part.split(']').next() else {
            continue;
        };
        for cited in inside.split([',', ';']).map(str::trim) {
            if cited.contains(' ') && book.get(cited).is_some_and(|l| l.case == cited) {
                add(cited);
                continue;
            }
            for id in cited.split(' ') {
                if book.is_case(id) {
                    add(id);
                }
            }
        }
    }
    out
}

/// The cited cases of a text in the game's book; none for a game without one.
pub fn cited_in(book: Option<&'static dyn RuleBook>, text: &str) -> Vec<String> {
    book.map(|b| cited_cases(b, text)).unwrap_or_default()
}

/// A line whose cited cases are links to the rules reference (the bracketed ids become the links).
pub fn cited_line(ui: &mut egui::Ui, text: &str, book: Option<&'static dyn RuleBook>) {
    let cases = cited_in(book, text);
    match book {
        Some(book) if !cases.is_empty() => {
            let mut plain = text.to_string();
            for case in &cases {
                plain = plain.replace(&format!("[{case}]"), "");
            }
            // The words closed up where a case was taken out before a stop or a comma.
            let plain = plain
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace(" .", ".")
                .replace(" ,", ",")
                .replace(" )", ")")
                .replace(" :", ":")
                .replace(" ;", ";");
            ui.horizontal_wrapped(|ui| {
                ui.label(plain);
                for case in cases {
                    case_link(ui, book, &case);
                }
            });
        }
        _ => {
            ui.label(text);
        }
    }
}

/// A small link for a cited case: `[8.2.6]`, which opens the reference at it.
pub fn case_link(ui: &mut egui::Ui, book: &'static dyn RuleBook, case: &str) {
    let summary = book.get(case).map(|c| c.summary.to_string());
    let link = ui.add(egui::Link::new(RichText::new(format!("[{case}]"))));
    let link = match summary {
        Some(s) => link.on_hover_text(s),
        None => link,
    };
    if link.clicked() {
        request(ui.ctx(), Some(book.id()), Some(case));
        ui.ctx().data_mut(|d| d.insert_temp(asked_id(), Asked(book)));
    }
}

/// The player's rulebook text of one path, read once (at most [`bounded::RULEBOOK`]'s size) and kept
/// with every case looked up in it: a frame shows what was found, never copying or scanning the text.
struct PlayerText {
    path: PathBuf,
    text: Result<String, String>,
    /// The paragraph(s) of each case asked for, by book and case (`None`: not in the text).
    found: HashMap<(&'static str, String), Option<String>>,
}

impl PlayerText {
    fn read(path: PathBuf) -> Self {
        let text = Storage::read_capped(&path, bounded::RULEBOOK);
        Self {
            path,
            text,
            found: HashMap::new(),
        }
    }

    /// The paragraph(s) of a case of `book`, looked up in the text the first time they are asked for.
    fn paragraphs(&mut self, book: &dyn RuleBook, case: &str) -> Result<Option<&str>, &str> {
        let text = match &self.text {
            Ok(t) => t,
            Err(e) => return Err(e),
        };
        let found = self
            .found
            .entry((book.id(), case.to_string()))
            .or_insert_with(|| book.paragraphs(text, case));
        Ok(found.as_deref())
    }
}

/// The reference window's state.
#[derive(Default)]
pub struct RulesReference {
    pub open: bool,
    /// The id of the book shown; the first of the registry's books when none was asked for.
    pub book: Option<&'static str>,
    pub query: String,
    pub selected: Option<String>,
    /// The player's rulebook text, read once from the path in the settings, with the paragraphs found.
    rulebook: Option<PlayerText>,
    /// The book shown last, and the book whose text is the settings' `rulebook` (every other book's is
    /// in `rulebooks`, by its id).
    shown: Option<&'static str>,
    first: Option<&'static str>,
    /// The book of the last link clicked, shown beside the registry's books if they lack it.
    asked: Option<&'static dyn RuleBook>,
    pub message: Option<String>,
    /// Periscope's own path field for the rulebook text, when the desktop has no file dialog.
    prompt: Option<PathPrompt>,
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

    /// The path of the shown book's rulebook text in the settings.
    fn rulebook_path<'s>(&self, settings: &'s Settings) -> Option<&'s PathBuf> {
        match self.shown {
            Some(id) if self.first != Some(id) => settings.rulebooks.get(id),
            _ => settings.rulebook.as_ref(),
        }
    }

    /// The player's text of the shown book, read the first time it is wanted (and again only when its
    /// path changes).
    fn rulebook_text(&mut self, settings: &Settings) -> Option<&mut PlayerText> {
        let path = self.rulebook_path(settings)?;
        if self.rulebook.as_ref().is_none_or(|r| r.path != *path) {
            self.rulebook = Some(PlayerText::read(path.clone()));
        }
        self.rulebook.as_mut()
    }

    /// Shows the window if open (picking up any request from the panels), with the registry's books; the
    /// settings keep the path of the player's rulebook text.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        books: &[&'static dyn RuleBook],
        settings: &mut Settings,
        storage: &Storage,
    ) {
        type Request = (Option<&'static str>, String);
        if let Some((book, case)) = ctx.data_mut(|d| d.remove_temp::<Request>(request_id())) {
            if book.is_some() {
                self.book = book;
            }
            self.open_at(Some(case));
        }
        let asked = ctx.data_mut(|d| {
            let asked = d.get_temp::<Asked>(asked_id());
            d.remove::<Asked>(asked_id());
            asked
        });
        if let Some(Asked(book)) = asked {
            self.asked = Some(book);
        }
        if !self.open {
            return;
        }
        let mut open = self.open;
        let id = egui::Id::unique("periscope-rules-reference");
        if crate::keys::closes_on_escape(ctx, id) {
            open = false;
        }
        egui::Window::new("Rules reference")
            .id(id)
            .open(&mut open)
            .default_size([520.0, 460.0])
            .show(ctx, |ui| self.contents(ui, books, settings, storage));
        self.open = open;
        if let Some(prompt) = &mut self.prompt {
            match prompt.show(ctx) {
                Prompted::Waiting => {}
                Prompted::Closed => self.prompt = None,
                Prompted::Chosen(path) => {
                    self.prompt = None;
                    self.choose_rulebook(path, settings, storage);
                }
            }
        }
    }

    /// Takes the player's rulebook file, and says whether it could be read.
    fn choose_rulebook(&mut self, path: PathBuf, settings: &mut Settings, storage: &Storage) {
        let read = PlayerText::read(path.clone());
        match &read.text {
            Ok(_) => {
                self.set_rulebook(Some(path.clone()), settings, storage);
                // Read once: the text just checked is the one shown.
                self.rulebook = Some(read);
                if self.message.is_none() {
                    self.message = Some(format!("Your rulebook text is read from {}", path.display()));
                }
            }
            Err(e) => self.message = Some(e.clone()),
        }
    }

    fn contents(
        &mut self,
        ui: &mut egui::Ui,
        books: &[&'static dyn RuleBook],
        settings: &mut Settings,
        storage: &Storage,
    ) {
        let mut listed: Vec<&'static dyn RuleBook> = books.to_vec();
        if let Some(asked) = self.asked
            && !listed.iter().any(|b| b.id() == asked.id())
        {
            listed.push(asked);
        }
        let books = listed.as_slice();
        // No book asked for: the first that summarises the case asked for, else the first book.
        let asked = self.selected.as_deref();
        let chosen = self
            .book
            .and_then(|id| books.iter().find(|b| b.id() == id))
            .or_else(|| books.iter().find(|b| asked.is_some_and(|c| b.get(c).is_some())))
            .or(books.first())
            .copied();
        // With more than one book, the player picks the game; with one, the window is that book's.
        if books.len() > 1 {
            ui.horizontal_wrapped(|ui| {
                for book in books {
                    let shown = chosen.is_some_and(|c| c.id() == book.id());
                    if ui.selectable_label(shown, book.name()).clicked() {
                        self.book = Some(book.id());
                        self.selected = None;
                    }
                }
            });
        }
        self.first = books.iter().find(|b| b.first_path()).map(|b| b.id());
        self.shown = chosen.map(|b| b.id());
        let Some(rules) = chosen.filter(|b| b.available()) else {
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
        ui.label(RichText::new("Periscope's own summaries — the rulebook is the authority.").weak());
        ui.separator();
        if let Some(case) = self.selected.clone() {
            match rules.get(&case) {
                Some(c) => {
                    ui.label(
                        RichText::new(format!("[{}] {}", c.case, c.title))
                            .strong()
                            .size(16.0),
                    );
                    ui.label(c.summary);
                }
                None => {
                    ui.label(RichText::new(format!("[{case}]")).strong().size(16.0));
                    ui.label("No summary of this case yet.");
                }
            }
            let found = self.rulebook_text(settings).map(|t| {
                t.paragraphs(rules, &case)
                    .map(|p| p.map(str::to_string))
                    .map_err(str::to_string)
            });
            match found {
                None => {
                    ui.label(
                        RichText::new(
                            "Choose your own rulebook text below to read the printed paragraph here.",
                        )
                        .weak(),
                    );
                }
                Some(Err(e)) => {
                    ui.colored_label(theme::DANGER, e);
                }
                Some(Ok(found)) => match found {
                    Some(p) => {
                        ui.label(RichText::new("Your rulebook:").italics());
                        egui::ScrollArea::vertical()
                            .id_salt("rulebook-paragraph")
                            .max_height(140.0)
                            .show(ui, |ui| ui.label(RichText::new(p).monospace().size(12.0)));
                    }
                    None => {
                        ui.label(
                            RichText::new(format!("Case {case} was not found in your rulebook file.")).weak(),
                        );
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
                    let selected = self.selected.as_deref() == Some(c.case);
                    let text = format!("[{}] {} — {}", c.case, c.title, c.summary);
                    if ui.selectable_label(selected, text).clicked() {
                        self.selected = Some(c.case.to_string());
                    }
                }
            });
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let current = self
                .rulebook_path(settings)
                .map_or_else(|| "none chosen".to_string(), |p| p.display().to_string());
            ui.label(format!("My rulebook text: {current}"));
            if ui.button("Choose my rulebook text…").clicked() {
                match storage.dialogs.open("Text", &["txt", "md"], None) {
                    Picked::Path(path) => self.choose_rulebook(path, settings, storage),
                    Picked::Cancelled => self.message = Some("No rulebook text chosen.".into()),
                    Picked::NoDialog => {
                        let start = self
                            .rulebook_path(settings)
                            .cloned()
                            .unwrap_or_else(|| storage.dir.clone());
                        let note = "This desktop shows no file dialog: type the path of your rulebook text \
                                    (a .txt or .md file).";
                        self.prompt =
                            Some(PathPrompt::new("My rulebook text", "Use it", &start).with_note(note));
                    }
                }
            }
            if self.rulebook_path(settings).is_some() && ui.button("Forget it").clicked() {
                self.set_rulebook(None, settings, storage);
            }
        });
        if let Some(m) = &self.message {
            ui.colored_label(theme::HIGHLIGHT, m);
        }
    }

    /// Remembers (or forgets) the player's rulebook file of the book shown in the settings (the
    /// `rulebook` path before the window has shown a book).
    pub fn set_rulebook(&mut self, path: Option<PathBuf>, settings: &mut Settings, storage: &Storage) {
        match self.shown {
            Some(id) if self.first != Some(id) => match path {
                Some(p) => {
                    settings.rulebooks.insert(id.to_string(), p);
                }
                None => {
                    settings.rulebooks.remove(id);
                }
            },
            _ => settings.rulebook = path,
        }
        self.rulebook = None;
        self.message = settings.save(storage).err();
    }
}
