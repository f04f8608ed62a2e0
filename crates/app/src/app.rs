//! The app: which screen is showing, and the moves between screens.

use std::path::Path;

use periscope_engine::hunt::Hunt;
use periscope_engine::sensuikan::career::Career;
use periscope_engine::{DiceMode, Game, Session};

use crate::Nav;
use crate::hunt::HuntScreen;
use crate::panels::rules_reference::RulesReference;
use crate::screen::{GameScreen, TableGame};
use crate::sensuikan::CareerScreen;
use crate::sensuikan::victory::{VictoryChoice, VictoryScreen};
use crate::sensuikan::wizard::{Wizard, WizardOutcome};
use crate::start::{StartChoice, StartScreen};
use crate::storage::{Settings, Storage};
use crate::track::{TrackScreen, TrackTable};

pub enum Screen {
    Start(StartScreen),
    Hunt(Box<HuntScreen>),
    Career(Box<CareerScreen>),
    /// The new-career wizard.
    Wizard(Box<Wizard>),
    /// The end of a career [5.2].
    Victory(Box<VictoryScreen>),
    Track(Box<TrackScreen>),
}

pub struct PeriscopeApp {
    pub screen: Screen,
    pub storage: Storage,
    pub settings: Settings,
    /// Set by the startup benchmark: report the time to the first frame and close.
    pub startup_bench: Option<std::time::Instant>,
    /// The rules reference window, over any screen.
    pub rules: RulesReference,
    /// The number of actions of the career when the player left its victory screen for the table: it is
    /// not shown again until the career changes.
    victory_left_at: Option<usize>,
}

impl PeriscopeApp {
    pub fn new(storage: Storage) -> Self {
        let settings = Settings::load(&storage);
        let mut app = Self {
            screen: Screen::Start(StartScreen::default()),
            storage,
            settings,
            startup_bench: None,
            rules: RulesReference::default(),
            victory_left_at: None,
        };
        app.go_start(None);
        app
    }

    /// Sets up egui for Periscope (called once with the real context).
    pub fn setup(ctx: &egui::Context, settings: &Settings) {
        crate::theme::apply(ctx);
        ctx.set_zoom_factor(settings.ui_scale.clamp(0.5, 3.0));
    }

    fn go_start(&mut self, message: Option<String>) {
        let start = StartScreen {
            has_autosave: self.storage.autosave(Hunt::ID).exists(),
            has_career_autosave: self.storage.autosave(Career::ID).exists(),
            has_track_table: self.storage.track_table().exists(),
            has_sensuikan_track_table: self
                .storage
                .track_table_of(crate::track::sensuikan::GAME)
                .exists(),
            message,
            overrides: crate::storage::check_overrides(&self.storage),
            ..Default::default()
        };
        self.victory_left_at = None;
        self.screen = Screen::Start(start);
    }

    /// Starts a new game of Submarine Hunt.
    pub fn new_hunt(&mut self, physical: bool, seed: Option<u64>) {
        if let Some(screen) = self.start_game::<Hunt>(physical, seed) {
            self.screen = Screen::Hunt(Box::new(screen));
        }
    }

    /// Opens the new-career wizard with the start screen's dice and seed.
    pub fn career_wizard(&mut self, physical: bool, seed_text: String) {
        self.screen = Screen::Wizard(Box::new(Wizard::new(physical, seed_text)));
    }

    /// Opens the career the wizard set up on the table; its choices are the session's first actions.
    pub fn start_wizard_career(&mut self, session: Session<Career>) {
        let mut screen = CareerScreen::new(session);
        screen.act_none(&self.storage);
        self.victory_left_at = None;
        self.screen = Screen::Career(Box::new(screen));
    }

    /// Starts a new Sensuikan career on the shipped options, every setup decision in the decision panel.
    pub fn new_career(&mut self, physical: bool, seed: Option<u64>) {
        if let Some(screen) = self.start_game::<Career>(physical, seed) {
            self.screen = Screen::Career(Box::new(screen));
        }
    }

    /// A new game on its shipped options; a failure returns to the start screen with the reason.
    fn start_game<G: TableGame>(&mut self, physical: bool, seed: Option<u64>) -> Option<GameScreen<G>> {
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
        let dice = if physical {
            DiceMode::Physical
        } else {
            DiceMode::Seeded
        };
        match Session::<G>::new(G::Options::default(), seed, dice) {
            Ok(session) => {
                let mut screen = GameScreen::new(session);
                // The new game replaces the autosave at once.
                screen.act_none(&self.storage);
                Some(screen)
            }
            Err(e) => {
                self.go_start(Some(format!("Could not start the game: {e}")));
                None
            }
        }
    }

    /// Opens a save file of any game; a bad file is reported and left untouched.
    pub fn open_path(&mut self, path: &Path) -> Result<(), String> {
        let text = Storage::read(path)?;
        let header = periscope_engine::save::peek(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let err = |e: periscope_engine::LoadError| format!("{}: {e}", path.display());
        match header.game.as_str() {
            id if id == Hunt::ID => {
                let mut screen = HuntScreen::new(Session::<Hunt>::from_save(header).map_err(err)?);
                screen.save_path = Some(path.to_path_buf());
                self.screen = Screen::Hunt(Box::new(screen));
            }
            id if id == Career::ID => {
                let mut screen = CareerScreen::new(Session::<Career>::from_save(header).map_err(err)?);
                screen.save_path = Some(path.to_path_buf());
                self.screen = Screen::Career(Box::new(screen));
            }
            other => {
                return Err(format!(
                    "{}: a save of '{other}', which this version cannot open",
                    path.display()
                ));
            }
        }
        Ok(())
    }

    /// Continues the autosave of a game.
    fn continue_game<G: TableGame>(&mut self) -> Option<GameScreen<G>> {
        let path = self.storage.autosave(G::ID);
        let result = Storage::read(&path).and_then(|t| Session::<G>::load(&t).map_err(|e| e.to_string()));
        match result {
            Ok(session) => Some(GameScreen::new(session)),
            Err(e) => {
                self.go_start(Some(format!("The autosave cannot be continued: {e}")));
                None
            }
        }
    }

    fn open_dialog(&mut self) {
        let picked = rfd::FileDialog::new()
            .add_filter("Periscope save", &["json"])
            .pick_file();
        if let Some(path) = picked
            && let Err(e) = self.open_path(&path)
        {
            self.go_start(Some(e));
        }
    }

    /// Track mode for Submarine Hunt.
    pub fn track(&mut self) {
        self.track_game("hunt");
    }

    /// Track mode for a game ("hunt" or "sensuikan"): its saved table, or a fresh one.
    pub fn track_game(&mut self, game: &str) {
        let table = Storage::read(&self.storage.track_table_of(game))
            .ok()
            .and_then(|t| TrackTable::parse(&t).ok())
            .filter(|t| t.game == game)
            .unwrap_or_else(|| TrackTable::new_for(game));
        self.screen = Screen::Track(Box::new(TrackScreen::new(table)));
    }

    /// Draws one frame.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let nav = match &mut self.screen {
            Screen::Start(start) => match start.show(ui) {
                Some(StartChoice::NewHunt { physical, seed }) => {
                    self.new_hunt(physical, seed);
                    None
                }
                Some(StartChoice::ContinueHunt) => {
                    if let Some(screen) = self.continue_game::<Hunt>() {
                        self.screen = Screen::Hunt(Box::new(screen));
                    }
                    None
                }
                Some(StartChoice::NewCareer { physical, seed }) => {
                    self.career_wizard(physical, seed.map(|s| s.to_string()).unwrap_or_default());
                    None
                }
                Some(StartChoice::ContinueCareer) => {
                    if let Some(screen) = self.continue_game::<Career>() {
                        self.screen = Screen::Career(Box::new(screen));
                    }
                    None
                }
                Some(StartChoice::Open) => Some(Nav::Open),
                Some(StartChoice::Track) => {
                    self.track();
                    None
                }
                Some(StartChoice::TrackSensuikan) => {
                    self.track_game(crate::track::sensuikan::GAME);
                    None
                }
                None => None,
            },
            Screen::Hunt(screen) => screen.show(ui, &self.storage),
            Screen::Career(screen) => screen.show(ui, &self.storage),
            Screen::Wizard(wizard) => match wizard.show(ui) {
                Some(WizardOutcome::Cancel) => Some(Nav::Start),
                Some(WizardOutcome::Start(session)) => {
                    self.start_wizard_career(*session);
                    None
                }
                None => None,
            },
            Screen::Victory(victory) => match victory.show(ui) {
                Some(VictoryChoice::Start) => Some(Nav::Start),
                Some(VictoryChoice::Table) => {
                    self.leave_victory();
                    None
                }
                None => None,
            },
            Screen::Track(screen) => screen.show(ui, &self.storage),
        };
        match nav {
            Some(Nav::Start) => self.go_start(None),
            Some(Nav::Open) => self.open_dialog(),
            None => {}
        }
        self.show_victory_when_over();
        self.rules.show(ui.ctx(), &mut self.settings, &self.storage);
        // UI scale: Ctrl+= / Ctrl+- / Ctrl+0, remembered between sessions.
        let zoom = ui.ctx().zoom_factor();
        if (zoom - self.settings.ui_scale).abs() > 0.001 {
            self.settings.ui_scale = zoom;
            let _ = self.settings.save(&self.storage);
        }
    }
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

impl PeriscopeApp {
    /// [5.1.4] A career that has just ended shows its victory screen (unless the player went back to the
    /// table from it and nothing changed since).
    fn show_victory_when_over(&mut self) {
        let Screen::Career(screen) = &self.screen else {
            return;
        };
        let played = screen.session.actions().len();
        if screen.session.game().end().is_none() || self.victory_left_at == Some(played) {
            return;
        }
        let screen = std::mem::replace(&mut self.screen, Screen::Start(StartScreen::default()));
        if let Screen::Career(career) = screen {
            self.screen = Screen::Victory(Box::new(VictoryScreen::new(career)));
        }
    }

    /// From the victory screen back to the career's table.
    pub fn leave_victory(&mut self) {
        let screen = std::mem::replace(&mut self.screen, Screen::Start(StartScreen::default()));
        if let Screen::Victory(victory) = screen {
            self.victory_left_at = Some(victory.career.session.actions().len());
            self.screen = Screen::Career(victory.career);
        }
    }
}
