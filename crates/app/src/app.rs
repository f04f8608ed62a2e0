//! The app: which screen is showing, and the moves between screens. It knows no game: every game comes
//! from the registry (`games.rs`) it was built with.

use std::any::Any;
use std::path::{Path, PathBuf};

use periscope_engine::Session;

use crate::Nav;
use crate::entry::{GameEntry, NewGame, Opened, saved_line};
use crate::files::{PathPrompt, Picked, Prompted, list_files};
use crate::panels::chart_editor::ChartEditor;
use crate::panels::rules_reference::{RuleBook, RulesReference};
use crate::screen::{AnyScreen, Desk, GameScreen, TableGame};
use crate::start::{GameCard, SavedGame, StartChoice, StartScreen, TrackButton};
use crate::stats::{StatisticsScreen, StatsChoice};
use crate::storage::{Settings, Storage};
use crate::track::{TrackLayout, TrackScreen, TrackTable, open_first, saved_file, tables};

pub enum Screen {
    Start(Box<StartScreen>),
    /// A game's screen: its table, or one of its own (the Sensuikan wizard, a career's victory screen).
    Game(Box<dyn AnyScreen>),
    Track(Box<TrackScreen>),
    /// The hall of fame and its plots.
    Statistics(Box<StatisticsScreen>),
}

pub struct PeriscopeApp {
    pub screen: Screen,
    pub storage: Storage,
    pub settings: Settings,
    /// The games, in the start screen's order.
    pub games: Vec<GameEntry>,
    /// Set by the startup benchmark: report the time to the first frame and close.
    pub startup_bench: Option<std::time::Instant>,
    /// The rules reference window, over any screen.
    pub rules: RulesReference,
    /// The chart editor window, over any screen.
    pub chart_editor: ChartEditor,
    /// Periscope's own "Open a save" field, when the desktop has no file dialog.
    pub open_prompt: Option<PathPrompt>,
    /// The window title last sent to the desktop, so that it is sent again only when the screen changes.
    shown_title: String,
    /// The player's counter pictures, read when the app starts, waiting for the first frame to become
    /// textures (`widgets::counter_art`).
    pending_art: Option<Vec<crate::widgets::counter_art::Picture>>,
    /// The guided games the Help menus offer, told to them on the first frame.
    pending_learning: Option<Vec<crate::panels::help::Learnable>>,
    /// What the counter art folder gave, for the start screen: a line for the pictures in use and one
    /// per file refused, found once when the app starts.
    pub counter_art: Vec<String>,
    /// A long save being replayed on a worker thread while the window shows how far it has come.
    pub opening: Option<crate::opening::Opening>,
    /// The Help window, over any screen.
    pub help: crate::panels::help::HelpWindow,
    /// Writes the settings (the window's place, the UI scale, the boards' views) once they settle.
    window: crate::desktop::WindowWatch,
}

impl PeriscopeApp {
    /// The app with the shipped games.
    pub fn new(storage: Storage) -> Self {
        Self::with_games(storage, crate::games::shipped())
    }

    /// The app with these games (a test adds a game of its own to the shipped ones).
    pub fn with_games(storage: Storage, games: Vec<GameEntry>) -> Self {
        let (settings, damaged) = Settings::read(&storage);
        let (pending_art, counter_art) = read_counter_art(&storage);
        let catalogs = editor_catalogs(&games);
        let learnables = games
            .iter()
            .filter_map(|e| {
                e.learn.map(|l| crate::panels::help::Learnable {
                    game: e.info.id,
                    label: format!("{}: {}", l.label, l.name),
                })
            })
            .collect();
        let mut app = Self {
            screen: Screen::Start(Box::default()),
            storage,
            settings,
            games,
            startup_bench: None,
            opening: None,
            rules: RulesReference::default(),
            chart_editor: ChartEditor::with_catalogs(catalogs),
            open_prompt: None,
            shown_title: String::new(),
            pending_art: Some(pending_art),
            pending_learning: Some(learnables),
            counter_art,
            help: Default::default(),
            window: Default::default(),
        };
        app.go_start(damaged);
        app
    }

    /// Sets up egui for Periscope (called once with the real context).
    pub fn setup(ctx: &egui::Context, settings: &Settings) {
        crate::theme::apply(ctx);
        ctx.set_zoom_factor(settings.ui_scale.clamp(0.5, 3.0));
    }

    fn entry(&self, game: &str) -> Option<GameEntry> {
        self.games.iter().find(|e| e.info.id == game).copied()
    }

    fn go_start(&mut self, message: Option<String>) {
        let storage = &self.storage;
        let cards = self
            .games
            .iter()
            .map(|e| GameCard {
                game: e.info.id,
                card: e.card,
                can_continue: e.autosave(storage).is_some(),
                resumes: e.resumes(storage),
                learn: e.learn.map(|l| l.label),
            })
            .collect();
        let tracks = self
            .games
            .iter()
            .filter_map(|e| e.track)
            .map(|layout| TrackButton {
                layout: layout.id(),
                name: layout.name(),
                hover: layout.hover(),
                saved: saved_file(storage, layout).is_some(),
            })
            .collect();
        let track_tables = tables::list(storage, &self.layouts());
        let start = StartScreen {
            cards,
            tracks,
            track_tables,
            message,
            overrides: self.override_lines(),
            counter_art: self.counter_art.clone(),
            skipped: self.skipped_files(),
            saved: self.saved_games(),
            saved_dir: Some(storage.saved_games_dir()),
            recent: self
                .settings
                .recent
                .iter()
                .filter(|p| p.is_file())
                .cloned()
                .collect(),
            crashes: crate::crash::pending(&storage.crash_reports_dir()),
            ..Default::default()
        };
        self.screen = Screen::Start(Box::new(start));
    }

    /// What the player's override files do, for the start screen.
    fn override_lines(&self) -> Vec<String> {
        let overrides: Vec<_> = self.games.iter().filter_map(|e| e.overrides).collect();
        crate::overrides::check_overrides(&self.storage, &overrides)
    }

    /// The saved games (replaced autosaves and the player's own saves in the folder), newest first.
    pub fn saved_games(&self) -> Vec<SavedGame> {
        list_files(&[self.storage.saved_games_dir()], &["json"])
            .into_iter()
            .filter(|path| periscope_data::bounded::refused_entry(path).is_none())
            .map(|path| {
                let game = Storage::read(&path)
                    .ok()
                    .and_then(|t| periscope_engine::save::peek(&t).ok())
                    .and_then(|h| {
                        self.games
                            .iter()
                            .find(|e| e.info.reads(&h.game))
                            .map(|e| e.info.name)
                    })
                    .unwrap_or("A save this version cannot open")
                    .to_string();
                SavedGame {
                    line: saved_line(&path),
                    game,
                    path,
                }
            })
            .collect()
    }

    /// The entries of the data folder Periscope will not read because they are not regular files (a
    /// FIFO would block the app, a link to `/dev/zero` would be read until memory runs out): the games'
    /// autosaves, the saved games, the Track tables, the hall of fame and its careers' saves, one line
    /// naming each. (The chart overrides and the counter art say the same of theirs, in their lists.)
    pub fn skipped_files(&self) -> Vec<String> {
        let storage = &self.storage;
        let mut lines = Vec::new();
        let mut single: Vec<PathBuf> = self.games.iter().map(|e| storage.autosave(e.info.id)).collect();
        single.extend(self.layouts().iter().map(|l| storage.track_table(l.id())));
        single.extend([storage.hall_of_fame(), storage.settings()]);
        single.sort();
        single.dedup();
        for path in single {
            if let Some(e) = periscope_data::bounded::refused_entry(&path) {
                lines.push(format!("Skipped: {e}."));
            }
        }
        for dir in [
            storage.saved_games_dir(),
            storage.track_tables_dir(),
            storage.careers_dir(),
        ] {
            crate::storage::regular_files(&dir, &["json"], &mut lines);
        }
        lines
    }

    /// What the card's first button does for a game: its table on the shipped options, or its own setup
    /// (the Sensuikan wizard).
    pub fn new_game(&mut self, game: &str, physical: bool, seed: Option<u64>) {
        self.make_screen(game, physical, seed, |e| e.new_game);
    }

    /// The game's guided first game, on its table with the guide beside the boards.
    pub fn learn(&mut self, game: &str) {
        let Some(learn) = self.entry(game).and_then(|e| e.learn) else {
            self.go_start(Some(format!("This version has no guided game of '{game}'.")));
            return;
        };
        let new = NewGame {
            physical: false,
            seed: None,
            storage: &self.storage,
        };
        match (learn.make)(&new) {
            Ok(screen) => self.screen = Screen::Game(screen),
            Err(e) => self.go_start(Some(e)),
        }
    }

    /// A game on its shipped options, straight onto its table.
    pub fn start_game(&mut self, game: &str, physical: bool, seed: Option<u64>) {
        self.make_screen(game, physical, seed, |e| e.start);
    }

    fn make_screen(
        &mut self,
        game: &str,
        physical: bool,
        seed: Option<u64>,
        how: fn(&GameEntry) -> crate::entry::MakeScreen,
    ) {
        let Some(entry) = self.entry(game) else {
            self.go_start(Some(format!("This version has no game '{game}'.")));
            return;
        };
        let new = NewGame {
            physical,
            seed,
            storage: &self.storage,
        };
        match how(&entry)(&new) {
            Ok(screen) => self.screen = Screen::Game(screen),
            Err(e) => self.go_start(Some(e)),
        }
    }

    /// Shows a screen of a game (a test's or a tool's).
    pub fn show_screen(&mut self, screen: Box<dyn AnyScreen>) {
        self.screen = Screen::Game(screen);
    }

    /// The game screen showing, as its own type (`Wizard`, `CareerTable`).
    pub fn screen_as<T: AnyScreen>(&self) -> Option<&T> {
        match &self.screen {
            Screen::Game(s) => (s.as_ref() as &dyn Any).downcast_ref(),
            _ => None,
        }
    }

    pub fn screen_as_mut<T: AnyScreen>(&mut self) -> Option<&mut T> {
        match &mut self.screen {
            Screen::Game(s) => (s.as_mut() as &mut dyn Any).downcast_mut(),
            _ => None,
        }
    }

    /// The table of game `G` when it is on the screen (behind its victory screen too).
    pub fn table<G: TableGame>(&self) -> Option<&GameScreen<G>> {
        match &self.screen {
            Screen::Game(s) => s.table()?.downcast_ref(),
            _ => None,
        }
    }

    pub fn table_mut<G: TableGame>(&mut self) -> Option<&mut GameScreen<G>> {
        match &mut self.screen {
            Screen::Game(s) => s.table_mut()?.downcast_mut(),
            _ => None,
        }
    }

    /// The session of game `G` when its table is on the screen.
    pub fn session<G: TableGame>(&self) -> Option<&Session<G>> {
        self.table::<G>().map(|t| &t.session)
    }

    /// Opens a save file of any registered game (by its save id, old ids too); a bad file is reported
    /// and left untouched.
    pub fn open_path(&mut self, path: &Path) -> Result<(), String> {
        let text = Storage::read(path)?;
        let header = periscope_engine::save::peek(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let Some(entry) = self.games.iter().find(|e| e.info.reads(&header.game)) else {
            return Err(format!(
                "{}: a save of '{}', which this version cannot open",
                path.display(),
                crate::storage::cut(&header.game)
            ));
        };
        let opened = Opened::File(path.to_path_buf());
        if header.actions.len() >= crate::opening::LONG_SAVE {
            self.opening = Some(crate::opening::Opening::start(path, entry.open, header, opened));
            return Ok(());
        }
        let screen = (entry.open)(header, opened).map_err(|e| format!("{}: {e}", path.display()))?;
        self.screen = Screen::Game(screen);
        Ok(())
    }

    /// Opens any file a player opens: a save of any game or a Track table (told apart by the format the
    /// file names), and remembers it among the recent files. What cannot be opened is left untouched.
    pub fn open_file(&mut self, path: &Path) -> Result<(), String> {
        match self.track_layout_of(path) {
            Some(layout) => {
                let table = tables::read(path, layout)?;
                self.show_track(TrackScreen::new(table, layout, path.to_path_buf()));
            }
            None => self.open_path(path)?,
        }
        self.settings.opened(path);
        Ok(())
    }

    /// The layout of a Track table file (by the game it names), `None` for any other file.
    fn track_layout_of(&self, path: &Path) -> Option<&'static dyn TrackLayout> {
        let text = Storage::read_capped(path, periscope_data::bounded::TRACK_TABLE).ok()?;
        let head = periscope_data::bounded::strict_json(&text).ok()?;
        if head.get("format")?.as_str()? != crate::track::table::FORMAT {
            return None;
        }
        let game = head.get("game")?.as_str()?;
        self.layout(game)
    }

    /// Opens a file and says so, or says why not, on the screen showing (the start screen's line when
    /// the file named at start or dropped cannot be opened).
    pub fn open_file_or_tell(&mut self, path: &Path) {
        if let Err(e) = self.open_file(path) {
            match self.screen {
                Screen::Start(_) => self.go_start(Some(e)),
                _ => self.tell(e),
            }
        }
    }

    /// Continues the autosave of a game (under today's name or an old one); nothing is written.
    pub fn continue_game(&mut self, game: &str) {
        let Some(entry) = self.entry(game) else {
            return;
        };
        let result = entry
            .autosave(&self.storage)
            .ok_or_else(|| "there is no autosave".to_string())
            .and_then(|path| {
                let text = Storage::read(&path)?;
                let save = periscope_engine::save::peek(&text).map_err(|e| e.to_string())?;
                if save.actions.len() >= crate::opening::LONG_SAVE {
                    let opened = Opened::Autosave(path.clone());
                    return Ok(Err(crate::opening::Opening::start(
                        &path, entry.open, save, opened,
                    )));
                }
                (entry.open)(save, Opened::Autosave(path))
                    .map(Ok)
                    .map_err(|e| e.to_string())
            });
        match result {
            Ok(Ok(screen)) => self.screen = Screen::Game(screen),
            Ok(Err(opening)) => self.opening = Some(opening),
            Err(e) => self.go_start(Some(format!("The autosave cannot be continued: {e}"))),
        }
    }

    /// Open…: the desktop's dialog, or Periscope's own path field with the saved games and exports.
    pub fn open_dialog(&mut self) {
        let folder = self.storage.saved_games_dir();
        match self.storage.dialogs.open(
            "Periscope save or Track table",
            &["json"],
            folder.exists().then_some(folder.as_path()),
        ) {
            Picked::Path(path) => {
                if let Err(e) = self.open_file(&path) {
                    self.go_start(Some(e));
                }
            }
            Picked::Cancelled => self.tell("Open: cancelled, nothing opened.".into()),
            Picked::NoDialog => {
                let folders = [self.storage.saved_games_dir(), self.storage.exports_dir()];
                let note = "This desktop shows no file dialog: type the path of a save, or pick one of \
                            your saved games and exports.";
                self.open_prompt = Some(
                    PathPrompt::new("Open a save", "Open", &self.storage.saved_games_dir())
                        .with_note(note)
                        .listing(&folders, &["json"]),
                );
            }
        }
    }

    /// A message on the screen showing: the start screen's line, or the table's status.
    fn tell(&mut self, message: String) {
        match &mut self.screen {
            Screen::Start(start) => start.message = Some(message),
            Screen::Game(screen) => screen.tell(message),
            Screen::Track(screen) => screen.status = Some(message),
            Screen::Statistics(screen) => screen.message = Some(message),
        }
    }

    fn show_open_prompt(&mut self, ctx: &egui::Context) {
        let Some(prompt) = &mut self.open_prompt else {
            return;
        };
        match prompt.show(ctx) {
            Prompted::Waiting => {}
            Prompted::Closed => self.open_prompt = None,
            Prompted::Chosen(path) => match self.open_file(&path) {
                Ok(()) => self.open_prompt = None,
                Err(e) => {
                    if let Some(p) = &mut self.open_prompt {
                        p.error = Some(e);
                    }
                }
            },
        }
    }

    /// The Statistics screen, over the hall of fame as it is on disk now.
    pub fn statistics(&mut self) {
        self.screen = Screen::Statistics(Box::new(
            StatisticsScreen::open(&self.storage).with_panels(self.hall_panels()),
        ));
    }

    /// The Track layouts of the registered games.
    fn layouts(&self) -> Vec<&'static dyn TrackLayout> {
        self.games.iter().filter_map(|e| e.track).collect()
    }

    fn layout(&self, id: &str) -> Option<&'static dyn TrackLayout> {
        self.layouts().into_iter().find(|l| l.id() == id)
    }

    /// Track mode for a layout (`hunt`, `sensuikan`): its first table, or a fresh one when it has none. A
    /// table that cannot be read is refused on the start screen and its file left as it is.
    pub fn track(&mut self, layout: &str) {
        let Some(layout) = self.layout(layout) else {
            return;
        };
        match open_first(&self.storage, layout) {
            Ok((table, path)) => self.show_track(TrackScreen::new(table, layout, path)),
            Err(e) => self.go_start(Some(format!(
                "This Track table cannot be opened: {e}. The file is left as it is; a new table of the \
                 game can be started beside it."
            ))),
        }
    }

    /// A Track table of the list (any of a game's tables).
    pub fn open_track(&mut self, layout: &str, path: &Path) {
        let Some(layout) = self.layout(layout) else {
            return;
        };
        match tables::read(path, layout) {
            Ok(table) => self.show_track(TrackScreen::new(table, layout, path.to_path_buf())),
            Err(e) => self.go_start(Some(format!(
                "This Track table cannot be opened: {e}. The file is left as it is."
            ))),
        }
    }

    /// A Track table on the screen, the companion it carries brought up to date first.
    fn show_track(&mut self, mut screen: TrackScreen) {
        screen.refresh_companion(&self.storage);
        self.screen = Screen::Track(Box::new(screen));
    }

    /// A new table of a game beside its others, under a name it has not used, written at once so that it
    /// is listed.
    pub fn new_track(&mut self, layout: &str) {
        let Some(layout) = self.layout(layout) else {
            return;
        };
        let list = tables::list(&self.storage, &[layout]);
        let name = tables::free_name(&list, layout, layout.name());
        let mut table = TrackTable::shuffled(
            layout,
            &mut periscope_engine::dice::SeededRng::new(crate::track::now_seed()),
        );
        table.name = name.clone();
        // The first table keeps the game's own file; the others go to track-tables/.
        let path = if saved_file(&self.storage, layout).is_none() {
            self.storage.track_table(layout.id())
        } else {
            tables::new_path(&self.storage, layout.id(), &name)
        };
        match tables::write(&path, &table) {
            Ok(()) => self.screen = Screen::Track(Box::new(TrackScreen::new(table, layout, path))),
            Err(e) => self.go_start(Some(e)),
        }
    }

    /// The registered games' own panels of the Statistics screen, in the registry's order.
    fn hall_panels(&self) -> Vec<crate::stats::HallPanel> {
        self.games
            .iter()
            .flat_map(|e| e.hall_panels.iter().copied())
            .collect()
    }

    /// The rule books of the registered games, for the rules reference.
    fn books(&self) -> Vec<&'static dyn RuleBook> {
        self.games.iter().filter_map(|e| e.rules).collect()
    }

    /// The window's title: the game being played or tracked first, so that a desktop's task bar tells two
    /// Periscope windows apart ("Sensuikan — Periscope", "Track: Submarine Hunt — Periscope").
    pub fn window_title(&self) -> String {
        let what = match &self.screen {
            Screen::Start(_) => return "Periscope".to_owned(),
            Screen::Game(screen) => screen.game_name().to_owned(),
            Screen::Track(screen) => format!("Track: {}", screen.game_name()),
            Screen::Statistics(_) => "Hall of fame".to_owned(),
        };
        format!("{what} — Periscope")
    }

    /// The keys that act on any screen: a new game, open, quit.
    fn global_keys(&mut self, ctx: &egui::Context) {
        use crate::keys;
        let (new, open, quit) = ctx.input_mut(|i| {
            (
                keys::take(i, &keys::NEW),
                keys::take(i, &keys::OPEN),
                keys::take(i, &keys::QUIT),
            )
        });
        if new {
            self.go_start(None);
        }
        if open {
            self.open_dialog();
        }
        if quit {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        if let Some(path) = crate::desktop::dropped(ctx) {
            self.open_file_or_tell(&path);
        }
        if let Some(game) = crate::panels::help::learning_asked(ctx) {
            self.learn(game);
        }
    }

    /// Sends the window's title to the desktop when the screen changed, and tells the crash report
    /// what is showing.
    fn send_title(&mut self, ctx: &egui::Context) {
        let title = self.window_title();
        if title != self.shown_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            crate::crash::set_context(self.crash_context(&title));
            self.shown_title = title;
        }
    }

    /// What the crash report names as showing: the window's title and the file of the screen.
    fn crash_context(&self, title: &str) -> String {
        let file = match &self.screen {
            Screen::Game(screen) => screen.file(),
            Screen::Track(screen) => Some(screen.path.clone()),
            _ => None,
        };
        match file {
            Some(f) => format!("{title}; file {}", f.display()),
            None => title.to_owned(),
        }
    }

    /// Draws one frame.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        if let Some(pictures) = self.pending_art.take() {
            crate::widgets::counter_art::install(ui.ctx(), pictures);
        }
        if let Some(learnables) = self.pending_learning.take() {
            crate::panels::help::offer_learning(ui.ctx(), learnables);
        }
        crate::keys::escape_frame(ui.ctx());
        self.global_keys(ui.ctx());
        // Before the screen draws: a crash while drawing names the screen it happened on.
        self.send_title(ui.ctx());
        if let Some(opening) = &self.opening {
            match opening.show(ui.ctx()) {
                None => {}
                Some(Ok(screen)) => {
                    self.opening = None;
                    self.screen = Screen::Game(screen);
                }
                Some(Err(e)) => {
                    self.opening = None;
                    self.go_start(Some(e));
                }
            }
        }
        let nav = match &mut self.screen {
            Screen::Start(start) => match start.show(ui) {
                Some(StartChoice::New { game, physical, seed }) => {
                    self.new_game(game, physical, seed);
                    None
                }
                Some(StartChoice::Continue { game }) => {
                    self.continue_game(game);
                    None
                }
                Some(StartChoice::Learn { game }) => {
                    self.learn(game);
                    None
                }
                Some(StartChoice::Open) => Some(Nav::Open),
                Some(StartChoice::ChartEditor) => {
                    self.chart_editor.open_on(None);
                    None
                }
                Some(StartChoice::HallOfFame) => {
                    self.statistics();
                    None
                }
                Some(StartChoice::OpenSaved { path }) => {
                    if let Err(e) = self.open_file(&path) {
                        self.go_start(Some(e));
                    }
                    None
                }
                Some(StartChoice::Track { layout }) => {
                    self.track(layout);
                    None
                }
                Some(StartChoice::TrackOpen { layout, path }) => {
                    self.open_track(layout, &path);
                    None
                }
                Some(StartChoice::TrackNew { layout }) => {
                    self.new_track(layout);
                    None
                }
                Some(StartChoice::TrackDuplicate { layout, path }) => {
                    let message = match self.layout(layout) {
                        Some(l) => {
                            let list = tables::list(&self.storage, &self.layouts());
                            match tables::duplicate(&self.storage, &path, l, &list) {
                                Ok((to, name)) => format!("Duplicated as '{name}' in {}.", to.display()),
                                Err(e) => e,
                            }
                        }
                        None => String::new(),
                    };
                    self.go_start(Some(message));
                    None
                }
                Some(StartChoice::OpenRecent { path }) => {
                    self.open_file_or_tell(&path);
                    None
                }
                Some(StartChoice::SetAsideCrash { path }) => {
                    let report = crate::crash::Report {
                        path,
                        text: String::new(),
                    };
                    let message = crate::crash::set_aside(&report).err();
                    self.go_start(message);
                    None
                }
                Some(StartChoice::TrackDelete { path }) => {
                    let message = match tables::delete(&path) {
                        Ok(()) => format!("Deleted {}.", path.display()),
                        Err(e) => e,
                    };
                    self.go_start(Some(message));
                    None
                }
                None => None,
            },
            Screen::Game(screen) => screen.show(
                ui,
                &mut Desk {
                    storage: &self.storage,
                    settings: &mut self.settings,
                },
            ),
            Screen::Track(screen) => screen.show(ui, &self.storage),
            Screen::Statistics(screen) => match screen.show(ui, &self.storage) {
                Some(StatsChoice::Start) => Some(Nav::Start),
                Some(StatsChoice::Open(path)) => Some(Nav::OpenFile(path)),
                None => None,
            },
        };
        match nav {
            Some(Nav::Start) => self.go_start(None),
            Some(Nav::Open) => self.open_dialog(),
            Some(Nav::OpenFile(path)) => self.open_file_or_tell(&path),
            Some(Nav::Show(screen)) => self.screen = Screen::Game(screen),
            None => {}
        }
        self.show_open_prompt(ui.ctx());
        self.send_title(ui.ctx());
        self.help.show(ui.ctx(), &self.storage);
        let books = self.books();
        self.rules
            .show(ui.ctx(), &books, &mut self.settings, &self.storage);
        // A chart saved or reverted: the start screen lists the overrides in force anew.
        if self.chart_editor.show(ui.ctx(), &self.storage) {
            let lines = self.override_lines();
            if let Screen::Start(start) = &mut self.screen {
                start.overrides = lines;
            }
        }
        // UI scale: Ctrl+= / Ctrl+- / Ctrl+0 or the View menu's control, remembered between sessions.
        let zoom = ui.ctx().zoom_factor();
        if (zoom - self.settings.ui_scale).abs() > 0.001 {
            self.settings.ui_scale = zoom;
        }
        crate::desktop::drop_hint(ui.ctx());
        self.window.watch(ui.ctx(), &mut self.settings, &self.storage);
    }
}

/// What the chart editor offers: the registered games' chart overrides.
fn editor_catalogs(games: &[GameEntry]) -> Vec<crate::panels::chart_editor::EditorCatalog> {
    games
        .iter()
        .filter_map(|e| e.overrides)
        .map(|o| crate::panels::chart_editor::EditorCatalog {
            game: o.game,
            editables: o.editables,
            played_by: o.played_by,
        })
        .collect()
}

/// Reads the player's counter art folder once: the pictures, and the start screen's lines about them.
fn read_counter_art(storage: &Storage) -> (Vec<crate::widgets::counter_art::Picture>, Vec<String>) {
    use crate::widgets::counter_art::{GameCounters, load};
    let dir = storage.counter_art_dir();
    if !dir.exists() {
        return (Vec::new(), Vec::new());
    }
    let loaded = load(&dir, &GameCounters::shipped());
    let mut lines = Vec::new();
    if !loaded.pictures.is_empty() {
        let n = loaded.pictures.len();
        lines.push(format!(
            "{n} counter picture{} from {} drawn in place of Periscope's counters.",
            if n == 1 { "" } else { "s" },
            dir.display()
        ));
    }
    lines.extend(loaded.messages);
    (loaded.pictures, lines)
}

impl eframe::App for PeriscopeApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
        if let Some(started) = self.startup_bench.take() {
            println!(
                "startup: first frame after {:.0} ms",
                started.elapsed().as_secs_f64() * 1000.0
            );
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}
