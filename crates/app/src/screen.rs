//! A game's screen: its boards on the table, the decision and dice on the right, the log below. The
//! same for every game; each game draws its own table (`TableGame`). The screen only reads the game and
//! sends actions. The app holds whichever screen a game shows as an [`AnyScreen`].
//!
//! The table shows what happens: an action is played paced ([`Session::begin`]), and the screen shows the
//! state after its own step, then after each roll it sets off, at the pace the player sets (instant,
//! brisk, or step by step with Continue). Hits flash where they land, "Rolls of the last action" lists
//! every roll with its chart, dice, modifiers and case, and the moments a game marks (a patrol report) get
//! a card of their own. Nothing repaints while nothing changes.

use std::any::Any;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use egui::{Id, Rect, RichText};
use periscope_engine::odds::RollDistribution;
use periscope_engine::{Pending, RollSpec, Session};

use crate::files::{PathPrompt, Picked, Prompted};
use crate::panels::decision::ShownOdds;
use crate::panels::rules_reference::{self, RuleBook};
use crate::panels::tutor::{self, Asked, Tutor};
use crate::panels::{chances, chart, decision, dice_tray, log};
use crate::storage::{Pacing, Settings, Storage};
pub use crate::table::{BRISK_SECONDS, Effects, Moment, MomentLine, TableGame};
use crate::writing::Writing;
use crate::{Nav, keys, theme};

/// What every screen may use besides the egui frame: the data folder and the settings.
pub struct Desk<'a> {
    pub storage: &'a Storage,
    pub settings: &'a mut Settings,
}

/// A screen of a game as the app holds it, boxed: its table, or a screen of its own (the Sensuikan
/// wizard, a career with its victory screen). The app knows no game; it only shows the box.
pub trait AnyScreen: Any + Send {
    /// Draws one frame; returns where the app should go next.
    fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_>) -> Option<Nav>;
    /// The game's table inside this screen (a `GameScreen<G>`), for whoever needs its session.
    fn table(&self) -> Option<&dyn Any> {
        None
    }
    fn table_mut(&mut self) -> Option<&mut dyn Any> {
        None
    }
    /// Tells the player something (a file opened, a dialog cancelled); screens without a status line let
    /// it go.
    fn tell(&mut self, _message: String) {}
    /// The game this screen plays, for the window's title ("Sensuikan — Periscope").
    fn game_name(&self) -> &'static str;
    /// The file this screen's game is kept in (its save, or the autosave it writes), for a crash report.
    fn file(&self) -> Option<PathBuf> {
        None
    }
}

/// How long a roll tumbles and a hit flashes, in seconds.
const ROLL_SECONDS: f64 = 0.45;
const FLASH_SECONDS: f64 = 0.9;
/// The time before an action's first roll (between two rolls at brisk pace: [`BRISK_SECONDS`]).
const FIRST_ROLL_SECONDS: f64 = 0.3;

/// How long a decision is on screen before its number keys act: a key pressed as the decision changes
/// (a held key, a quick second press as a battle ends) decides nothing the player has not seen.
const KEY_SETTLE_SECONDS: f64 = 0.2;

pub struct GameScreen<G: TableGame> {
    pub session: Session<G>,
    /// Where Save writes; `None` until the player saves as.
    pub save_path: Option<PathBuf>,
    view: View,
    entry: dice_tray::Entry,
    /// When the newest roll appeared, and how many rolls of which action the panel had seen.
    roll_started: f64,
    rolls_seen: (usize, usize),
    /// What the last steps lit on the table, and when.
    flashes: Flashes,
    /// What the player has been shown, and when: the last step of play, the decision on screen.
    seen: Seen,
    /// When the next roll is shown at brisk pace.
    next_roll_at: f64,
    /// Moments reached and not yet closed, oldest first.
    pub moments: VecDeque<Moment>,
    /// The focus the view last moved to (see [`crate::table::Board::focus`]).
    focus: Option<Rect>,
    export: crate::panels::export::ExportWindow,
    /// "Export board as PNG": the picture being drawn, then its path field.
    pictures: Pictures,
    /// How many screen pixels one table unit was in the last frame (the view's zoom).
    view_zoom: f32,
    /// Periscope's own "Save as" field, when the desktop has no dialog.
    save_prompt: Option<PathPrompt>,
    /// What the table writes, and the lock and stamps that keep other writers off it.
    pub writing: Writing,
    /// The log follows new lines (after an action, a roll or an undo), even after the player scrolled up.
    follow_log: bool,
    /// A message for the player: a refused action, a save written or failed.
    pub status: Option<String>,
    /// Why the game is shown read-only: its save parts, under this version's rules, from the game it
    /// recorded ([`periscope_engine::save::Divergence`]). Nothing is played and nothing is written over it.
    pub read_only: Option<String>,
    /// Bumped by every change the screen makes to the game: with the session's lengths, the key of the
    /// odds computed for a state.
    generation: u64,
    /// The odds shown for one state of the game, computed when the state changes, never per frame.
    odds: Option<(OddsKey, ShownOdds)>,
    /// The distribution of the newest roll, computed once per roll.
    newest_roll: Option<(OddsKey, Option<RollDistribution>)>,
    /// "What are my chances from here?", for a game that offers it.
    pub chances: chances::ChancesWindow,
    /// The guide beside the boards, while the game is a walkthrough of a book's example.
    pub tutor: Option<Tutor<G>>,
}

/// What the last steps of play lit on the table: a hit on the boat, and what else changed.
struct Flashes {
    hull_hit_at: f64,
    /// What the last step changed (keys the game's board reads back), and when.
    lit: Vec<String>,
    flash_at: f64,
}

/// What the table has shown the player, and when.
struct Seen {
    /// When the last step of play was taken in, for the boards' movements ([`Effects::age`]).
    stepped_at: f64,
    /// The decision on screen (its state's key) and when it appeared: a number key acts only on a
    /// decision the player has had time to see ([`KEY_SETTLE_SECONDS`]).
    decision: (OddsKey, f64),
}

/// The part of the boards in view, and whether the view the player last left this game's boards at has
/// been taken (once, when the table first shows with nothing to look at).
struct View {
    rect: Rect,
    remembered: bool,
}

impl View {
    /// The first frame: the view the settings remember for game `id`, unless the game has somewhere to
    /// look. Every frame after: the view as it is now, for the settings.
    fn remember(
        &mut self,
        id: &str,
        focus: Option<Rect>,
        views: &mut std::collections::BTreeMap<String, [f32; 4]>,
    ) {
        if !self.remembered {
            self.remembered = true;
            if focus.is_none()
                && let Some(v) = views.get(id)
            {
                self.rect = Rect::from_min_max(egui::pos2(v[0], v[1]), egui::pos2(v[2], v[3]));
            }
            return;
        }
        let now = [self.rect.min.x, self.rect.min.y, self.rect.max.x, self.rect.max.y];
        if views.get(id) != Some(&now) && self.rect.is_positive() {
            views.insert(id.to_owned(), now);
        }
    }
}

/// What identifies a state of the game for the odds: the screen's generation and the session's lengths
/// (which also catch a change made to the session from outside the screen).
type OddsKey = (u64, usize, usize, bool);

/// "Export board as PNG": the picture while it is drawn on a thread of its own (the file it goes to and
/// its bytes to come), then where it is saved, with the path field when the desktop has no dialog.
#[derive(Default)]
struct Pictures {
    drawing: Option<crate::work::Work<Drawn>>,
    file: crate::files::Export,
}

/// A board's picture once drawn: the file it goes to, and its PNG (or why it could not be drawn).
type Drawn = (String, Result<Vec<u8>, String>);

impl<G: TableGame> GameScreen<G> {
    pub fn new(session: Session<G>) -> Self {
        let focus = session.game().focus();
        let tutor = Tutor::of(&session);
        Self {
            session,
            save_path: None,
            view: View {
                rect: focus.unwrap_or_else(G::home_view),
                remembered: false,
            },
            entry: dice_tray::Entry::default(),
            roll_started: f64::NEG_INFINITY,
            rolls_seen: (usize::MAX, 0),
            flashes: Flashes {
                hull_hit_at: f64::NEG_INFINITY,
                lit: Vec::new(),
                flash_at: f64::NEG_INFINITY,
            },
            seen: Seen {
                stepped_at: f64::NEG_INFINITY,
                decision: ((u64::MAX, 0, 0, false), f64::NEG_INFINITY),
            },
            next_roll_at: 0.0,
            moments: VecDeque::new(),
            export: Default::default(),
            pictures: Pictures::default(),
            view_zoom: 1.0,
            save_prompt: None,
            writing: Writing::default(),
            focus,
            follow_log: true,
            status: None,
            read_only: None,
            generation: 0,
            odds: None,
            newest_roll: None,
            chances: chances::ChancesWindow::default(),
            tutor,
        }
    }

    /// The part of the table in view.
    pub fn view_rect(&self) -> Rect {
        self.view.rect
    }

    fn odds_key(&self) -> OddsKey {
        (
            self.generation,
            self.session.actions().len(),
            self.session.events().len(),
            self.session.settling(),
        )
    }

    /// The odds of the decision or roll waiting, computed once for each state of the game.
    pub fn shown_odds(&mut self) -> Option<&ShownOdds> {
        let of = G::ODDS?;
        let key = self.odds_key();
        if self.odds.as_ref().is_none_or(|(k, _)| *k != key) {
            let game = self.session.game();
            self.odds = Some((key, of.shown(game, &game.pending())));
        }
        self.odds.as_ref().map(|(_, o)| o)
    }

    /// The distribution of the newest roll of the last action, computed once for each roll.
    fn newest_roll(&mut self) -> Option<&RollDistribution> {
        let key = self.odds_key();
        if self.newest_roll.as_ref().is_none_or(|(k, _)| *k != key) {
            let game = self.session.game();
            let rolls = game.last_rolls(self.session.last_action_events());
            let d = rolls
                .last()
                .filter(|r| !G::reads_faces(r))
                .map(|r| periscope_engine::odds::of_roll(r));
            self.newest_roll = Some((key, d));
        }
        self.newest_roll.as_ref().and_then(|(_, d)| d.as_ref())
    }

    /// Refuses a change to a read-only game, saying why; true when refused.
    fn refused_read_only(&mut self) -> bool {
        match &self.read_only {
            Some(why) => {
                self.status = Some(format!("Read-only: {why}"));
                true
            }
            None => false,
        }
    }

    /// The game of the autosave at `path`, continued: its autosave is its own, locked against other
    /// writers. When another program writes it (the command line's `play --autosave`), the game is shown
    /// read-only, saying which program, so that none of that program's actions is lost.
    pub fn continued(mut self, path: &std::path::Path) -> Self {
        self.writing.owns_autosave = true;
        self.writing.note(path);
        if let Err(e) = self.writing.lock_autosave(path) {
            let why = format!("{e}. It is shown read-only");
            self.status = Some(why.clone());
            self.read_only = Some(why);
        }
        self
    }

    /// A save opened from `path`: Save writes back to it, unless another program changes it meanwhile.
    pub fn opened_from(mut self, path: std::path::PathBuf) -> Self {
        self.status = Some(format!("Opened {}", path.display()));
        self.writing.note(&path);
        self.save_path = Some(path);
        self
    }

    /// "Play on from here under this version's rules": a save that parts from today's rules becomes a new
    /// save in the saved games holding its actions as far as they agree, and the table plays on from
    /// there. The original file is left as it is (an autosave is first kept among the saved games).
    pub fn play_on(&mut self, storage: &Storage) {
        let Some(agrees_to) = self.writing.forkable else {
            return;
        };
        if self.writing.owns_autosave {
            match storage.archive_autosave(G::ID) {
                Ok(kept) => {
                    self.save_path = kept;
                    self.writing.owns_autosave = false;
                }
                Err(e) => {
                    self.status = Some(e);
                    return;
                }
            }
        }
        let Some(original) = self.save_path.clone() else {
            return;
        };
        let stem = original
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| G::ID.into());
        let dir = storage.saved_games_dir();
        let mut path = dir.join(format!("{stem}-played-on.json"));
        let mut n = 2;
        while path.exists() {
            path = dir.join(format!("{stem}-played-on-{n}.json"));
            n += 1;
        }
        let written = self.save_text().and_then(|text| self.writing.write(&path, &text));
        match written {
            Ok(()) => {
                self.read_only = None;
                self.writing.forkable = None;
                self.save_path = Some(path.clone());
                self.status = Some(format!(
                    "Playing on from action {agrees_to} under this version's rules, in a new save: {}.                      {} is left as it is.",
                    path.display(),
                    original.display()
                ));
            }
            Err(e) => self.status = Some(e),
        }
    }

    /// Plays an action at the given pace; a refused one leaves the game as it was and says why. At
    /// instant pace every roll is made at once, up to the first moment reached (its card holds the game).
    pub fn act(&mut self, action: G::Action, storage: &Storage, pacing: Pacing, now: f64) {
        if self.refused_read_only() {
            return;
        }
        // Off the example's path: held until the player says how the game goes on.
        if let Some(t) = &mut self.tutor
            && t.holds(&self.session, &action)
        {
            return;
        }
        self.generation += 1;
        let before = self.session.game().clone();
        let from = self.session.events().len();
        match self.session.begin(action) {
            Ok(_) => {
                self.status = None;
                // A new action: the cards of the moments before it have been read.
                self.moments.clear();
                self.stepped(&before, from, now);
                self.autosave(storage);
                if pacing == Pacing::Instant {
                    self.finish(now);
                } else {
                    self.next_roll_at = now + FIRST_ROLL_SECONDS;
                }
            }
            Err(e) => self.status = Some(format!("Not allowed: {e}")),
        }
    }

    /// Shows the next roll of the action under way.
    pub fn roll_next(&mut self, now: f64) {
        if !self.session.settling() {
            return;
        }
        self.generation += 1;
        let before = self.session.game().clone();
        let from = self.session.events().len();
        self.session.roll_one();
        self.stepped(&before, from, now);
        self.next_roll_at = now + BRISK_SECONDS;
    }

    /// Makes every roll of the action under way at once (each still seen by the animations and moments),
    /// up to the first moment reached: at every pace a moment's card holds the game until it is closed.
    pub fn finish(&mut self, now: f64) {
        while self.session.settling() && self.moments.is_empty() {
            self.roll_next(now);
        }
    }

    /// Takes in what one step of play did: hits, flashes, moments, and the log's place.
    fn stepped(&mut self, before: &G, from: usize, now: f64) {
        self.seen.stepped_at = now;
        let after = self.session.game();
        let step = self.session.events().get(from..).unwrap_or_default();
        if step.iter().any(G::is_hit) {
            self.flashes.hull_hit_at = now;
        }
        let lit = G::flashes(before, after);
        if !lit.is_empty() {
            self.flashes.lit = lit;
            self.flashes.flash_at = now;
        }
        self.moments
            .extend(G::moments(before, self.session.events(), from, after));
        self.follow_log = true;
    }

    /// Moves the view to a part of the table.
    pub fn look_at(&mut self, rect: Rect) {
        self.view.rect = rect;
    }

    /// Writes the autosave without playing anything (a new game takes the autosave at once).
    pub fn act_none(&mut self, storage: &Storage) {
        self.autosave(storage);
    }

    pub fn undo(&mut self, storage: &Storage) {
        if self.refused_read_only() {
            return;
        }
        if let Err(e) = self.session.undo() {
            self.status = Some(format!("Undo failed: {e}"));
        }
        self.after_history_change(storage);
    }

    pub fn redo(&mut self, storage: &Storage) {
        if self.refused_read_only() {
            return;
        }
        if let Err(e) = self.session.redo() {
            self.status = Some(format!("Redo failed: {e}"));
        }
        self.after_history_change(storage);
    }

    fn after_history_change(&mut self, storage: &Storage) {
        self.generation += 1;
        self.entry = dice_tray::Entry::default();
        self.moments.clear();
        self.flashes.lit.clear();
        self.follow_log = true;
        self.autosave(storage);
    }

    /// The save's text, with a line on where the game will stand once the action under way is shown.
    fn save_text(&self) -> Result<String, String> {
        self.session
            .to_json_with_summary(self.session.settled_game().summary())
            .map_err(|e| e.to_string())
    }

    fn autosave(&mut self, storage: &Storage) {
        if self.read_only.is_some() {
            return;
        }
        let path = storage.autosave(G::ID);
        if let Err(e) = self.writing.lock_autosave(&path) {
            self.status = Some(format!("Not autosaved: {e}. Use Save as to keep this game."));
            return;
        }
        if !self.writing.owns_autosave {
            self.writing.owns_autosave = true;
            match storage.archive_autosave(G::ID) {
                Ok(Some(kept)) => {
                    self.status = Some(format!(
                        "The game that was in progress is kept among the saved games: {}",
                        kept.display()
                    ));
                }
                Ok(None) => {}
                Err(e) => self.status = Some(e),
            }
        }
        let written = self.save_text().and_then(|text| self.writing.write(&path, &text));
        if let Err(e) = written {
            self.status = Some(format!("Autosave failed: {e}"));
        }
        // A game that has just finished joins the hall of fame (once: its id is its own).
        if let Err(e) = crate::stats::store::record_finished(&self.session, storage) {
            self.status = Some(e);
        }
    }

    /// Saves to the save path and says so; returns false when there is none yet.
    pub fn save(&mut self) -> bool {
        let Some(path) = self.save_path.clone() else {
            return false;
        };
        if self.refused_read_only() {
            return true;
        }
        let held = periscope_data::lock::take(&path, &crate::writing::program());
        let written = match held {
            Ok(_held) => self.save_text().and_then(|text| self.writing.write(&path, &text)),
            Err(e) => Err(e.to_string()),
        };
        self.status = Some(match written {
            Ok(()) => format!("Saved to {}", path.display()),
            Err(e) => e,
        });
        true
    }

    /// Asks where to save: the desktop's dialog, or (without one) straight into `exports/`, with a path
    /// field to save elsewhere.
    pub fn save_as(&mut self, storage: &Storage) {
        let name = format!("{}.json", G::ID);
        match storage.dialogs.save("Periscope save", "json", &name) {
            Picked::Path(path) => {
                self.save_path = Some(path);
                self.save();
            }
            Picked::Cancelled => self.status = Some("Save as: cancelled, nothing written.".into()),
            Picked::NoDialog => {
                let path = storage.exports_dir().join(&name);
                self.save_path = Some(path.clone());
                self.save();
                let note = format!(
                    "This desktop shows no file dialog, so the game was saved to {}. To save it \
                     elsewhere, type a path:",
                    path.display()
                );
                self.save_prompt = Some(PathPrompt::new("Save as", "Save", &path).with_note(note));
            }
        }
    }

    /// Ctrl+S and the menu's Save: to the save path, or Save as.
    fn save_or_ask(&mut self, storage: &Storage) {
        if !self.save() {
            self.save_as(storage);
        }
    }

    /// The newest roll tumbles for a moment when it first appears.
    fn notice_rolls(&mut self, now: f64) {
        let count = self
            .session
            .game()
            .last_rolls(self.session.last_action_events())
            .len();
        let key = (self.session.actions().len(), count);
        if key != self.rolls_seen {
            if count > 0 && self.rolls_seen != (usize::MAX, 0) {
                self.roll_started = now;
            }
            self.rolls_seen = key;
        }
    }

    pub fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_>) -> Option<Nav> {
        let storage = desk.storage;
        let now = ui.input(|i| i.time);
        let pacing = desk.settings.pacing;
        self.pace(ui, pacing, now);
        let typing = self.keyboard(ui, storage, now);
        self.view.remember(G::ID, self.focus, &mut desk.settings.views);
        if let Some(rect) = self.tutor.as_mut().and_then(|t| t.look(&self.session)) {
            self.view.rect = rect;
        }
        let nav = self.menu_bar(ui, desk);
        self.windows(ui, storage);
        self.tutor_panel(ui, storage, pacing, now);

        let settling = self.session.settling();
        // The odds are computed once per state and lent to the panels for the frame (not copied).
        let show_odds = desk.settings.show_odds;
        if show_odds && !settling {
            self.shown_odds();
        }
        if show_odds {
            self.newest_roll();
        }
        let odds = if show_odds && !settling {
            self.odds.take()
        } else {
            None
        };
        let newest = if show_odds { self.newest_roll.take() } else { None };
        let mut action = self.side_panel(
            ui,
            pacing,
            now,
            typing,
            odds.as_ref().map(|(_, o)| o),
            newest.as_ref().and_then(|(_, d)| d.as_ref()),
        );
        if odds.is_some() {
            self.odds = odds;
        }
        if newest.is_some() {
            self.newest_roll = newest;
        }

        if std::mem::take(&mut self.writing.fork_asked) {
            self.play_on(storage);
        }
        self.log_panel(ui);
        if let Some(a) = self.table(ui, pacing, now, settling) {
            action = Some(a);
        }

        if let Some(a) = action {
            self.act(a, storage, pacing, now);
        }
        nav
    }

    /// The pace of an action's rolls: all at once (Instant), or the next one when its moment comes
    /// (Brisk); then the newest roll noticed and the view moved to where the game's focus went.
    fn pace(&mut self, ui: &egui::Ui, pacing: Pacing, now: f64) {
        // A moment's card holds the game at every pace, Instant too.
        let held = !self.moments.is_empty();
        if pacing == Pacing::Instant && self.session.settling() && !held {
            self.finish(now);
        }
        if pacing == Pacing::Brisk && self.session.settling() && !held {
            if now >= self.next_roll_at {
                self.roll_next(now);
            }
            if self.session.settling() {
                let wait = (self.next_roll_at - now).max(0.01);
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(wait));
            }
        }
        self.notice_rolls(now);
        let focus = self.session.game().focus();
        if focus != self.focus {
            self.focus = focus;
            self.view.rect = focus.unwrap_or_else(G::home_view);
        }
    }

    /// Keyboard: undo, redo, save; Space or Enter goes on with the action under way. Whether a text
    /// field has the keys (then the panels take none).
    fn keyboard(&mut self, ui: &mut egui::Ui, storage: &Storage, now: f64) -> bool {
        let typing = ui.ctx().text_edit_focused();
        if !typing && !self.moments.is_empty() && Self::card_key(ui) {
            // The first key pressed over a moment's card only closes it: the keys of this frame are spent.
            self.moments.pop_front();
            self.next_roll_at = now + BRISK_SECONDS;
            self.seen.decision.1 = now;
            return typing;
        }
        let (undo, redo, save, go_on) = ui.input_mut(|i| {
            let redo = keys::take(i, &keys::REDO);
            let undo = keys::take(i, &keys::UNDO);
            let save = keys::take(i, &keys::SAVE);
            let go_on = !typing && self.session.settling() && keys::take_go_on(i);
            (undo, redo, save, go_on)
        });
        if undo {
            self.undo(storage);
        }
        if redo {
            self.redo(storage);
        }
        if save {
            self.save_or_ask(storage);
        }
        if go_on {
            self.go_on(now);
        }
        typing
    }

    /// Whether a key went down this frame (not a held key's repeat, not a modifier alone): it is taken
    /// from the frame, so the closing key decides nothing else.
    fn card_key(ui: &egui::Ui) -> bool {
        ui.input_mut(keys::take_any_key)
    }

    /// The menu bar along the top: the Game menu, Undo and Redo, the rules, the view's buttons, the
    /// pace and the game's seed and dice.
    fn menu_bar(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_>) -> Option<Nav> {
        let storage = desk.storage;
        let mut nav = None;
        // The panels are named per game, so two games' screens never share a panel's memory.
        egui::Panel::top(Id::unique(("game-menu", G::ID))).show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Game", |ui| {
                    nav = self.game_menu(ui, storage, &desk.settings.recent);
                });
                if ui
                    .add_enabled(self.session.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text(keys::shown(ui.ctx(), &keys::UNDO))
                    .clicked()
                {
                    self.undo(storage);
                }
                if ui
                    .add_enabled(self.session.can_redo(), egui::Button::new("Redo"))
                    .on_hover_text(keys::shown(ui.ctx(), &keys::REDO))
                    .clicked()
                {
                    self.redo(storage);
                }
                if ui.button("Rules reference").clicked() {
                    rules_reference::request(ui.ctx(), G::RULES.map(|b| b.id()), None);
                }
                if ui.button("Reset view").clicked() {
                    self.view.rect = G::home_view();
                }
                // One button per board: the view moves to it.
                for (name, rect) in G::boards() {
                    if ui.button(name).on_hover_text("Show this board").clicked() {
                        self.view.rect = rect;
                    }
                }
                ui.separator();
                pace_menu(ui, desk.settings, storage);
                crate::desktop::scale_control(ui);
                crate::panels::help::menu(ui);
                let dice = match self.session.dice_mode() {
                    periscope_engine::DiceMode::Seeded => "digital dice",
                    periscope_engine::DiceMode::Physical => "physical dice",
                    periscope_engine::DiceMode::Scripted { .. } => "scripted dice",
                    periscope_engine::DiceMode::ScriptedThenSeeded { .. } => "scripted, then digital dice",
                };
                let seed = self.session.seed();
                let line = ui
                    .add(
                        egui::Label::new(RichText::new(format!("{} · seed {seed} · {dice}", G::NAME)).weak())
                            .sense(egui::Sense::click()),
                    )
                    .on_hover_text("Click to copy the seed");
                if line.clicked() {
                    ui.ctx().copy_text(seed.to_string());
                    self.status = Some(format!("Seed {seed} copied."));
                }
            });
        });
        nav
    }

    /// The Game menu: new, open, save, the chances, print and export, the board pictures, the start
    /// screen.
    fn game_menu(&mut self, ui: &mut egui::Ui, storage: &Storage, recent: &[PathBuf]) -> Option<Nav> {
        let mut nav = None;
        if ui
            .button("New game")
            .on_hover_text(keys::shown(ui.ctx(), &keys::NEW))
            .clicked()
        {
            nav = Some(Nav::Start);
            ui.close();
        }
        if ui
            .button("Open…")
            .on_hover_text(keys::shown(ui.ctx(), &keys::OPEN))
            .clicked()
        {
            nav = Some(Nav::Open);
            ui.close();
        }
        if !recent.is_empty() {
            ui.menu_button("Open recent", |ui| {
                for path in recent {
                    if ui
                        .button(periscope_data::shown::shown(&path.display().to_string()))
                        .clicked()
                    {
                        nav = Some(Nav::OpenFile(path.clone()));
                        ui.close();
                    }
                }
            });
        }
        if ui
            .add(egui::Button::new("Save").shortcut_text(keys::shown(ui.ctx(), &keys::SAVE)))
            .clicked()
        {
            self.save_or_ask(storage);
            ui.close();
        }
        if ui.button("Save as…").clicked() {
            self.save_as(storage);
            ui.close();
        }
        if G::CHANCES.is_some()
            && ui
                .button("What are my chances from here?")
                .on_hover_text("Play this career on to its end many times and see how it ends")
                .clicked()
        {
            self.chances.open = true;
            ui.close();
        }
        let can_print = self.session.game().paperwork().is_some();
        if ui
            .add_enabled(can_print, egui::Button::new("Print / Export…"))
            .clicked()
        {
            self.export.open = true;
            ui.close();
        }
        let boards = crate::picture::boards_of::<G>();
        let view_zoom = self
            .view_zoom
            .clamp(crate::picture::MIN_ZOOM, crate::picture::MAX_ZOOM);
        if let Some(chosen) = crate::picture::ui::menu(ui, &boards, Some(view_zoom)) {
            self.export_picture(chosen);
            ui.close();
        }
        ui.separator();
        if ui.button("Start screen").clicked() {
            nav = Some(Nav::Start);
            ui.close();
        }
        nav
    }

    /// The windows over the table: Print / Export, the board picture's path field, the chances, Save
    /// as's path field.
    fn windows(&mut self, ui: &mut egui::Ui, storage: &Storage) {
        if self.export.open
            && let Some(paper) = self.session.game().paperwork()
        {
            let game = self.session.game();
            let pictures = || crate::panels::export::pictures_of(game);
            self.export.show(ui.ctx(), &paper, storage, &pictures);
        }
        self.picture_drawn(ui.ctx(), storage);
        if let Some(message) = self.pictures.file.show(ui.ctx()) {
            self.status = Some(message);
        }
        if let Some(make) = G::CHANCES {
            let game = self.session.settled_game();
            // Where the game stands, in its own words (the action count when it has none).
            let at = game
                .summary()
                .unwrap_or_else(|| format!("action {}", self.session.actions().len()));
            self.chances.show(ui.ctx(), &at, || make(game));
        }
        if let Some(prompt) = &mut self.save_prompt {
            match prompt.show(ui.ctx()) {
                Prompted::Waiting => {}
                Prompted::Closed => self.save_prompt = None,
                Prompted::Chosen(path) => {
                    self.save_path = Some(path);
                    self.save();
                    self.save_prompt = None;
                }
            }
        }
    }

    /// The side panel: the warnings, the decision (or the pace of the rolls under way), the status
    /// line and the rolls of the last action; the action the player chose there.
    fn side_panel(
        &mut self,
        ui: &mut egui::Ui,
        pacing: Pacing,
        now: f64,
        typing: bool,
        odds: Option<&ShownOdds>,
        distribution: Option<&RollDistribution>,
    ) -> Option<G::Action> {
        let settling = self.session.settling();
        let pending = self.session.pending();
        let mut action = None;
        egui::Panel::right(Id::unique(("game-side", G::ID)))
            .default_size(340.0)
            .min_size(300.0)
            .resizable(true)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.add_space(6.0);
                    for w in self.session.game().warnings() {
                        warning(ui, &w);
                    }
                    if settling {
                        if self.pace_panel(ui, pacing) {
                            self.go_on(now);
                        }
                        if ui.button("Show the rest at once").clicked() {
                            self.moments.clear();
                            self.finish(now);
                        }
                    } else {
                        let shown = self.odds_key();
                        if self.seen.decision.0 != shown {
                            self.seen.decision = (shown, now);
                        }
                        let keys = !typing
                            && self.moments.is_empty()
                            && now - self.seen.decision.1 >= KEY_SETTLE_SECONDS;
                        if !keys {
                            ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(
                                KEY_SETTLE_SECONDS,
                            ));
                        }
                        let marked = self.tutor.as_ref().and_then(|t| t.marked(&self.session));
                        decision::mark(ui.ctx(), marked);
                        if let Some(a) = G::decision_panel(ui, self.session.game(), &pending, keys, odds) {
                            action = Some(a);
                        }
                        decision::mark(ui.ctx(), None);
                        if let Pending::Roll(RollSpec { dice, .. }) = &pending {
                            ui.add_space(6.0);
                            if let Some(faces) = dice_tray::physical(ui, *dice, &mut self.entry, !typing) {
                                action = Some(G::dice_action(faces));
                            }
                        }
                    }
                    if let Some(s) = &self.status {
                        ui.add_space(6.0);
                        crate::desktop::copyable(ui, theme::HIGHLIGHT, s);
                    }
                    if let Some(n) = self.writing.forkable
                        && ui
                            .button("Play on from here under this version's rules")
                            .on_hover_text(format!(
                                "A new save in the saved games holding the first {n} actions; the \
                                 original file is left as it is"
                            ))
                            .clicked()
                    {
                        self.writing.fork_asked = true;
                    }
                    ui.add_space(10.0);
                    ui.separator();
                    ui.heading("Rolls of the last action");
                    let rolling =
                        ((self.roll_started + ROLL_SECONDS - now) / ROLL_SECONDS).clamp(0.0, 1.0) as f32;
                    if rolling > 0.0 {
                        ui.ctx().request_repaint();
                    }
                    let rolls = self.session.game().last_rolls(self.session.last_action_events());
                    chart::show_all(ui, &rolls, rolling, G::RULES, G::reads_faces, distribution);
                });
            });
        action
    }

    /// The guide beside the boards, on the left, while the game is a walkthrough; what the player asks
    /// of it is done here.
    fn tutor_panel(&mut self, ui: &mut egui::Ui, storage: &Storage, pacing: Pacing, now: f64) {
        let Some(t) = &self.tutor else {
            return;
        };
        let mut asked = None;
        egui::Panel::left(Id::unique(("game-tutor", G::ID)))
            .default_size(300.0)
            .min_size(220.0)
            .resizable(true)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("tutor")
                    .show(ui, |ui| asked = t.show(ui, &self.session));
            });
        if let Some(a) = asked {
            self.answer(a, storage, pacing, now);
        }
    }

    /// Does what the player asked of the guide: play on off the example's path (the action held, if
    /// any, then played), back to the example's choice, or back onto its path.
    pub fn answer(&mut self, asked: Asked, storage: &Storage, pacing: Pacing, now: f64) {
        if self.refused_read_only() {
            return;
        }
        let Some(t) = &mut self.tutor else {
            return;
        };
        let changed = match asked {
            Asked::Stay => {
                t.leaving = None;
                return;
            }
            Asked::Leave(dice) => t.guide.leave(&self.session, dice),
            Asked::Rejoin => t.guide.rejoin(&self.session),
        };
        let held = t.leaving.take();
        match changed {
            Ok(session) => {
                self.session = session;
                self.after_history_change(storage);
                self.status = Some(match asked {
                    Asked::Rejoin => "Back on the example's path, with the book's dice.".into(),
                    _ => "You left the example: the game goes on as an ordinary game.".into(),
                });
                if let Some(a) = held {
                    self.act(a, storage, pacing, now);
                }
            }
            Err(e) => self.status = Some(format!("The guided game could not do that: {e}")),
        }
    }

    /// The log along the bottom, the last action's events marked.
    fn log_panel(&mut self, ui: &mut egui::Ui) {
        let follow = std::mem::take(&mut self.follow_log);
        egui::Panel::bottom(Id::unique(("game-log", G::ID)))
            .default_size(150.0)
            .resizable(true)
            .show(ui, |ui| {
                ui.label(RichText::new("Log").strong());
                let from = self.session.events().len() - self.session.last_action_events().len();
                log::show(ui, self.session.events(), from, G::RULES, follow);
            });
    }

    /// The table in the middle: the boards on the felt in a scene the player pans and zooms, and a
    /// moment's card over them; the action made on the boards (none while an action's rolls play out).
    fn table(&mut self, ui: &mut egui::Ui, pacing: Pacing, now: f64, settling: bool) -> Option<G::Action> {
        let mut action = None;
        egui::CentralPanel::no_frame().show(ui, |ui| {
            let rect = ui.max_rect();
            ui.painter().rect_filled(rect, 0.0, theme::FELT);
            let fade = |at: f64, secs: f64| ((at + secs - now) / secs).clamp(0.0, 1.0) as f32;
            let fx = Effects {
                hull_flash: fade(self.flashes.hull_hit_at, FLASH_SECONDS),
                flash: fade(self.flashes.flash_at, FLASH_SECONDS),
                lit: self.flashes.lit.clone(),
                age: (now - self.seen.stepped_at).clamp(0.0, 3600.0) as f32,
                under_card: self.moments.front().and_then(|m| m.board),
            };
            if fx.hull_flash > 0.0 || fx.flash > 0.0 {
                ui.ctx().request_repaint();
            }
            let game = self.session.game();
            let pointed = self.tutor.as_ref().and_then(|t| t.focus(&self.session)).cloned();
            let scene = egui::Scene::new()
                .zoom_range(0.3..=3.0)
                .max_inner_size(G::table_size() + egui::vec2(200.0, 200.0));
            let mut scene_rect = self.view.rect;
            let inner = scene.show(ui, &mut scene_rect, |ui| {
                let action = G::draw_table(ui, game, &fx);
                let lit = pointed.as_ref().map(|f| point_at::<G>(ui, f)).unwrap_or_default();
                (action, lit)
            });
            let (table_action, lit) = inner.inner;
            if let Some(t) = &mut self.tutor {
                t.highlighted = lit;
            }
            self.view.rect = scene_rect;
            magnifier(ui.ctx(), rect);
            // The scene fits its rect inside the panel: the tighter of the two ratios is the zoom.
            if scene_rect.width() > 0.0 && scene_rect.height() > 0.0 {
                let fit = (rect.width() / scene_rect.width()).min(rect.height() / scene_rect.height());
                self.view_zoom = fit * ui.ctx().pixels_per_point();
            }
            // The table acts only on a settled game: during an action's rolls it is there to be watched.
            if let Some(a) = table_action
                && !settling
            {
                action = Some(a);
            }
            if let Some(moment) = self.moments.front()
                && moment_card(ui, rect, moment, G::RULES)
            {
                self.moments.pop_front();
                if pacing == Pacing::Brisk {
                    self.next_roll_at = now + BRISK_SECONDS;
                }
            }
        });
        action
    }

    /// Draws a board at a zoom on a thread of its own (the window stays responsive and says so), then
    /// asks where to save the PNG; the status line says what happened.
    fn export_picture(&mut self, chosen: crate::picture::ui::Chosen) {
        if self.pictures.drawing.is_some() {
            self.status = Some("A picture is being drawn: wait for it to be saved.".into());
            return;
        }
        let file = format!("{}-{}.png", G::ID, crate::picture::slug(chosen.board));
        let game = self.session.game().clone();
        let label = format!(
            "Drawing the {} at {}",
            chosen.board,
            crate::picture::ui::zoom_words(chosen.zoom)
        );
        self.pictures.drawing = Some(crate::work::Work::start(label, move || {
            let png = crate::picture::board_png(&game, chosen.board, chosen.zoom)
                .map_err(|e| format!("Could not draw the {}: {e}", chosen.board));
            (file, png)
        }));
    }

    /// The picture being drawn: its progress while it runs, then where it is saved.
    fn picture_drawn(&mut self, ctx: &egui::Context, storage: &Storage) {
        let Some(work) = &self.pictures.drawing else {
            return;
        };
        let Some(done) = work.poll() else {
            work.show_over(ctx);
            return;
        };
        self.pictures.drawing = None;
        self.status = Some(match done {
            Ok((file, Ok(bytes))) => self.pictures.file.save(
                storage.export_to(),
                "Export board as PNG",
                "PNG picture",
                "png",
                &file,
                bytes,
            ),
            Ok((_, Err(e))) | Err(e) => e,
        });
    }

    /// Continue: closes the moment's card on top, or shows the next roll.
    fn go_on(&mut self, now: f64) {
        if self.moments.pop_front().is_none() {
            self.roll_next(now);
        } else {
            self.next_roll_at = now + BRISK_SECONDS;
        }
    }

    /// The side panel while an action's rolls are shown: how many are left, and Continue. Returns true
    /// when Continue was clicked.
    fn pace_panel(&self, ui: &mut egui::Ui, pacing: Pacing) -> bool {
        let left = self.session.rolls_left();
        let what = if left == 1 {
            "1 roll to come".to_string()
        } else {
            format!("{left} rolls to come")
        };
        ui.label(
            RichText::new(format!("The action is under way: {what}"))
                .strong()
                .size(15.0),
        );
        let hint = match pacing {
            Pacing::StepByStep => "Step by step: Continue (Space) shows the next roll.",
            _ => "Each roll is shown in turn; Continue (Space) shows the next at once.",
        };
        ui.label(RichText::new(hint).color(theme::PAPER_SHADE));
        if !self.moments.is_empty() {
            ui.label(RichText::new("Close the card on the table to go on.").color(theme::HIGHLIGHT));
        }
        ui.add_space(4.0);
        let button = egui::Button::new(RichText::new("Continue").size(15.0).strong())
            .min_size(egui::vec2(ui.available_width(), 32.0));
        ui.add(button).clicked()
    }
}

/// A warning in the side panel: danger colour, with a bar so it reads without colour too.
fn warning(ui: &mut egui::Ui, text: &str) {
    egui::Frame::new()
        .fill(theme::DANGER.gamma_multiply(0.25))
        .stroke(egui::Stroke::new(1.5, theme::DANGER))
        .corner_radius(4)
        .inner_margin(6)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(format!("Warning: {text}"))
                    .strong()
                    .color(egui::Color32::WHITE),
            );
        });
    ui.add_space(6.0);
}

/// The pace setting in the menu bar, and under it "Show the odds", remembered in the settings file.
fn pace_menu(ui: &mut egui::Ui, settings: &mut Settings, storage: &Storage) {
    let before = (settings.pacing, settings.show_odds);
    egui::ComboBox::from_id_salt("pace")
        .selected_text(format!("Pace: {}", settings.pacing.name()))
        .show_ui(ui, |ui| {
            for p in Pacing::ALL {
                ui.selectable_value(&mut settings.pacing, p, p.name());
            }
            ui.separator();
            ui.checkbox(&mut settings.show_odds, "Show the odds")
                .on_hover_text(
                    "The exact odds of each choice's roll beside it, and the distribution of the roll \
                 just made; off for the cardboard's uncertainty",
                );
        })
        .response
        .on_hover_text(
            "How fast the table shows the rolls an action sets off, and whether it shows the odds",
        );
    if (settings.pacing, settings.show_odds) != before {
        let _ = settings.save(storage);
    }
}

/// A moment's card over the table, in the middle of the table's area; returns true when it is closed.
fn moment_card(ui: &mut egui::Ui, area: Rect, moment: &Moment, book: Option<&'static dyn RuleBook>) -> bool {
    let mut closed = false;
    let width = (area.width() - 80.0).clamp(320.0, 620.0);
    egui::Area::new(Id::unique("moment-card"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(area.center().x - width / 2.0, area.top() + 24.0))
        .show(ui.ctx(), |ui| {
            egui::Frame::new()
                .fill(theme::PAPER)
                .stroke(egui::Stroke::new(2.0, theme::NAVY))
                .corner_radius(6)
                .inner_margin(16)
                .shadow(egui::epaint::Shadow {
                    offset: [4, 8],
                    blur: 16,
                    spread: 0,
                    color: theme::SHADOW,
                })
                .show(ui, |ui| {
                    ui.set_width(width);
                    theme::paper_visuals(ui);
                    let title = ui.label(RichText::new(&moment.title).size(22.0).strong());
                    title.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Label, true, moment.title.as_str())
                    });
                    ui.separator();
                    egui::ScrollArea::vertical()
                        .id_salt("moment-lines")
                        .max_height((area.height() - 180.0).max(160.0))
                        .show(ui, |ui| {
                            for line in &moment.lines {
                                if line.heading {
                                    ui.add_space(4.0);
                                    ui.label(RichText::new(&line.text).strong().size(15.0));
                                } else {
                                    rules_reference::cited_line(ui, &line.text, book);
                                }
                            }
                        });
                    ui.add_space(8.0);
                    let button = ui.add(
                        egui::Button::new(RichText::new("Continue").strong().size(15.0))
                            .min_size(egui::vec2(140.0, 30.0)),
                    );
                    let name = format!("Close the {}", moment.title.to_lowercase());
                    button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                    if button.clicked() {
                        closed = true;
                    }
                });
        });
    closed
}

impl<G: TableGame> AnyScreen for GameScreen<G> {
    fn show(&mut self, ui: &mut egui::Ui, desk: &mut Desk<'_>) -> Option<Nav> {
        GameScreen::show(self, ui, desk)
    }

    fn table(&self) -> Option<&dyn Any> {
        Some(self)
    }

    fn table_mut(&mut self) -> Option<&mut dyn Any> {
        Some(self)
    }

    fn tell(&mut self, message: String) {
        self.status = Some(message);
    }

    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn file(&self) -> Option<PathBuf> {
        self.save_path
            .clone()
            .or_else(|| self.writing.autosave().map(Path::to_path_buf))
    }
}

/// The boards' magnifier: the counter under the pointer shown large, with its name and both faces, once
/// the pointer rests on it or while the magnifier key is held (not while dragging).
fn magnifier(ctx: &egui::Context, table: egui::Rect) {
    let Some(at) = ctx.pointer_hover_pos().filter(|p| table.contains(*p)) else {
        return;
    };
    let (held, resting, dragging) = ctx.input(|i| {
        (
            crate::keys::magnifying(i),
            i.pointer.time_since_last_movement() >= MAGNIFIER_SECONDS,
            i.pointer.any_down(),
        )
    });
    if dragging {
        return;
    }
    let Some(counter) = periscope_boards::widgets::lens::under(ctx, at) else {
        return;
    };
    if held || resting {
        periscope_boards::widgets::lens::show(ctx, &counter, at);
    } else {
        ctx.request_repaint_after(std::time::Duration::from_secs_f32(MAGNIFIER_SECONDS));
    }
}

/// How long the pointer rests on a counter before the magnifier shows it.
const MAGNIFIER_SECONDS: f32 = 0.6;

/// Highlights what a walkthrough's step is about on the table (inside the boards' scene): the board, with
/// a ring around it, and the counters it names, each with a ring. Returns the counters' names as shown.
fn point_at<G: TableGame>(ui: &egui::Ui, focus: &periscope_data::walkthrough::Focus) -> Vec<String> {
    let painter = ui.painter();
    // A white ring outside a gold one: told apart from the boards' own gold marks (a detected boat).
    let ring = |rect: Rect, gap: f32| {
        let (gold, white) = (
            egui::Stroke::new(3.0, theme::HIGHLIGHT),
            egui::Stroke::new(3.0, egui::Color32::WHITE),
        );
        painter.rect_stroke(rect.expand(gap), 6.0, gold, egui::StrokeKind::Outside);
        painter.rect_stroke(rect.expand(gap + 3.0), 8.0, white, egui::StrokeKind::Outside);
    };
    if let Some(board) = &focus.board
        && let Some((_, rect)) = G::boards().into_iter().find(|(name, _)| name == board)
    {
        ring(rect, 6.0);
    }
    let counters = tutor::named_counters(ui.ctx(), ui.layer_id(), focus);
    for (rect, _) in &counters {
        ring(*rect, 7.0);
    }
    counters.into_iter().map(|(_, name)| name).collect()
}
