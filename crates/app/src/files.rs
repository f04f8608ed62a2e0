//! Files the player picks: the desktop's own file dialog when it has one (`rfd`, through the XDG portal
//! on Linux), and Periscope's own when it has none. Every file action says what it did; without a system
//! dialog a save or an export is written to `exports/` in the data folder at once (and the message says
//! where), and a path field lets the player open or save anywhere else.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use egui::{RichText, vec2};

use crate::theme;

/// What the player picked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    Path(PathBuf),
    /// The dialog was shown and closed without a file.
    Cancelled,
    /// The desktop shows no file dialog (no portal, or dialogs turned off): use Periscope's own.
    NoDialog,
}

const UNKNOWN: u8 = 0;
const WORKS: u8 = 1;
const MISSING: u8 = 2;

/// A dialog that comes back empty sooner than this was never shown: no person cancels that fast.
const NOT_SHOWN: Duration = Duration::from_millis(250);

/// Whether the desktop's file dialog is used. Shared by every clone, so a dialog found missing once is
/// not tried again.
#[derive(Debug, Clone)]
pub struct Dialogs {
    state: Arc<AtomicU8>,
}

impl Default for Dialogs {
    fn default() -> Self {
        Self::from_env()
    }
}

impl Dialogs {
    /// The desktop's dialogs, unless `PERISCOPE_NO_FILE_DIALOG` is set or (on Linux) there is no session
    /// bus for the portal to answer on.
    pub fn from_env() -> Self {
        let off = std::env::var_os("PERISCOPE_NO_FILE_DIALOG").is_some()
            || (cfg!(target_os = "linux") && std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none());
        Self {
            state: Arc::new(AtomicU8::new(if off { MISSING } else { UNKNOWN })),
        }
    }

    /// Never the desktop's dialog: Periscope's own path field every time (tests, and desktops without a
    /// portal).
    pub fn in_app() -> Self {
        Self {
            state: Arc::new(AtomicU8::new(MISSING)),
        }
    }

    /// Whether the desktop's dialog may be tried.
    pub fn system(&self) -> bool {
        self.state.load(Ordering::Relaxed) != MISSING
    }

    fn run(&self, dialog: impl FnOnce() -> Option<PathBuf>) -> Picked {
        if !self.system() {
            return Picked::NoDialog;
        }
        let started = Instant::now();
        match dialog() {
            Some(path) => {
                self.state.store(WORKS, Ordering::Relaxed);
                Picked::Path(path)
            }
            None if self.state.load(Ordering::Relaxed) == UNKNOWN && started.elapsed() < NOT_SHOWN => {
                self.state.store(MISSING, Ordering::Relaxed);
                Picked::NoDialog
            }
            None => Picked::Cancelled,
        }
    }

    /// Where to save a file: `kind` names the filter, `name` is the proposed file name.
    pub fn save(&self, kind: &str, extension: &str, name: &str) -> Picked {
        self.run(|| {
            rfd::FileDialog::new()
                .add_filter(kind, &[extension])
                .set_file_name(name)
                .save_file()
        })
    }

    /// A file to open, of these extensions.
    pub fn open(&self, kind: &str, extensions: &[&str], folder: Option<&Path>) -> Picked {
        self.run(|| {
            let dialog = rfd::FileDialog::new().add_filter(kind, extensions);
            let dialog = match folder {
                Some(f) => dialog.set_directory(f),
                None => dialog,
            };
            dialog.pick_file()
        })
    }
}

/// Periscope's own file dialog: a path field, with the files of the folders it knows to pick from.
#[derive(Debug, Clone)]
pub struct PathPrompt {
    /// The window's title and the confirm button's label ("Save", "Open").
    pub title: String,
    pub confirm: String,
    /// The path typed.
    pub path: String,
    /// Files to pick from (saved games, exports), newest first.
    pub files: Vec<PathBuf>,
    /// A line above the field: what was done, or why the field is shown.
    pub note: Option<String>,
    /// What went wrong with the last path tried.
    pub error: Option<String>,
}

/// What the player did with the prompt this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompted {
    /// Still open.
    Waiting,
    Chosen(PathBuf),
    Closed,
}

impl PathPrompt {
    pub fn new(title: &str, confirm: &str, path: &Path) -> Self {
        Self {
            title: title.into(),
            confirm: confirm.into(),
            path: path.display().to_string(),
            files: Vec::new(),
            note: None,
            error: None,
        }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// Lists the files of these folders with one of the extensions, newest first.
    pub fn listing(mut self, folders: &[PathBuf], extensions: &[&str]) -> Self {
        self.files = list_files(folders, extensions);
        self
    }

    pub fn show(&mut self, ctx: &egui::Context) -> Prompted {
        let mut result = Prompted::Waiting;
        let id = egui::Id::unique(("path-prompt", self.title.as_str()));
        let mut open = !crate::keys::closes_on_escape(ctx, id);
        egui::Window::new(self.title.as_str())
            .id(id)
            .open(&mut open)
            .collapsible(false)
            .default_width(560.0)
            .anchor(egui::Align2::CENTER_TOP, vec2(0.0, 80.0))
            .show(ctx, |ui| {
                if let Some(note) = &self.note {
                    ui.label(note);
                    ui.add_space(4.0);
                }
                ui.label("Path:");
                let field = ui.add(
                    egui::TextEdit::singleline(&mut self.path)
                        .desired_width(f32::INFINITY)
                        .hint_text("a file path"),
                );
                field.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "File path"));
                let entered = crate::keys::submitted(ui, &field);
                if !self.files.is_empty() {
                    ui.add_space(4.0);
                    ui.label(RichText::new("Or pick one:").strong());
                    egui::ScrollArea::vertical()
                        .id_salt("path-prompt-files")
                        .max_height(180.0)
                        .show(ui, |ui| {
                            for f in &self.files {
                                let shown = f.display().to_string();
                                if ui.selectable_label(self.path == shown, &shown).clicked() {
                                    self.path = shown;
                                }
                            }
                        });
                }
                if let Some(e) = &self.error {
                    ui.colored_label(theme::DANGER, e);
                }
                ui.horizontal(|ui| {
                    let path = self.path.trim();
                    if (ui
                        .add_enabled(!path.is_empty(), egui::Button::new(self.confirm.as_str()))
                        .clicked()
                        || entered)
                        && !path.is_empty()
                    {
                        result = Prompted::Chosen(expand_home(path));
                    }
                    if ui.button("Cancel").clicked() {
                        result = Prompted::Closed;
                    }
                });
            });
        if !open {
            result = Prompted::Closed;
        }
        result
    }
}

/// `~/x` is the home folder's `x`, as a shell would read it.
fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix("~/"), directories::BaseDirs::new()) {
        (Some(rest), Some(dirs)) => dirs.home_dir().join(rest),
        _ => PathBuf::from(path),
    }
}

/// The files of these folders with one of the extensions, newest first.
pub fn list_files(folders: &[PathBuf], extensions: &[&str]) -> Vec<PathBuf> {
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = folders
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| extensions.contains(&x))
        })
        .map(|p| {
            let when = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (when, p)
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.into_iter().map(|(_, p)| p).collect()
}

/// A time as the player reads it on the screen: in the desktop's own time zone, `2026-12-01 16:30`. The
/// files keep UTC ([`stamp`]).
pub fn local_stamp(when: std::time::SystemTime) -> String {
    local_stamp_in(when, &jiff::tz::TimeZone::system())
}

/// [`local_stamp`] in a given time zone.
pub fn local_stamp_in(when: std::time::SystemTime, zone: &jiff::tz::TimeZone) -> String {
    match jiff::Timestamp::try_from(when) {
        Ok(t) => t.to_zoned(zone.clone()).strftime("%Y-%m-%d %H:%M").to_string(),
        Err(_) => stamp(when),
    }
}

/// A UTC time a file keeps as text (`2026-12-01 15:30`, the hall of fame's), in the desktop's time zone;
/// text that is not such a time is shown as it is.
pub fn local_text(utc: &str) -> String {
    local_text_in(utc, &jiff::tz::TimeZone::system())
}

/// [`local_text`] in a given time zone.
pub fn local_text_in(utc: &str, zone: &jiff::tz::TimeZone) -> String {
    let Ok(civil) = jiff::civil::DateTime::strptime("%Y-%m-%d %H:%M", utc) else {
        return utc.to_owned();
    };
    match civil.to_zoned(jiff::tz::TimeZone::UTC) {
        Ok(z) => z
            .with_time_zone(zone.clone())
            .strftime("%Y-%m-%d %H:%M")
            .to_string(),
        Err(_) => utc.to_owned(),
    }
}

/// A date and time for a file name or a file's own record, in UTC: `2026-12-01 15:30`.
pub fn stamp(when: std::time::SystemTime) -> String {
    let secs = when
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let (y, m, d) = civil_from_days(days);
    let rest = secs % 86_400;
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", rest / 3600, rest / 60 % 60)
}

/// Days since 1970-01-01 as a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = u32::try_from(doy - (153 * mp + 2) / 5 + 1).unwrap_or(1);
    let m = u32::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).unwrap_or(1);
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_read_as_dates() {
        let t = std::time::UNIX_EPOCH + Duration::from_secs(1_764_603_000);
        assert_eq!(stamp(t), "2025-12-01 15:30");
        assert_eq!(stamp(std::time::UNIX_EPOCH), "1970-01-01 00:00");
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn the_screen_shows_local_time_and_the_files_keep_utc() {
        let t = std::time::UNIX_EPOCH + Duration::from_secs(1_764_603_000);
        let tokyo = jiff::tz::TimeZone::fixed(jiff::tz::offset(9));
        let new_york = jiff::tz::TimeZone::fixed(jiff::tz::offset(-5));
        assert_eq!(local_stamp_in(t, &tokyo), "2025-12-02 00:30");
        assert_eq!(local_stamp_in(t, &new_york), "2025-12-01 10:30");
        assert_eq!(local_text_in("2025-12-01 15:30", &tokyo), "2025-12-02 00:30");
        assert_eq!(local_text_in("not a time", &tokyo), "not a time");
        assert_eq!(stamp(t), "2025-12-01 15:30", "files keep UTC");
    }

    #[test]
    fn in_app_dialogs_never_try_the_desktop() {
        let d = Dialogs::in_app();
        assert!(!d.system());
        assert_eq!(d.save("x", "json", "a.json"), Picked::NoDialog);
        assert_eq!(d.clone().open("x", &["json"], None), Picked::NoDialog);
    }
}

/// An export of a file the app made (a picture, a PDF, a CSV): written where the desktop's dialog says, or,
/// on a desktop with no dialog, into `exports/` at once with Periscope's own path field open to write it
/// elsewhere too. Every export goes through it, so they all behave and speak alike.
#[derive(Debug, Default)]
pub struct Export {
    /// The file written to `exports/` and its bytes, while the player may type another path for it.
    pending: Option<(PathPrompt, Vec<u8>)>,
}

/// Where an export may go: the desktop's dialog, and the folder it is written to at once when the
/// desktop shows none (the data folder's `exports/`).
#[derive(Debug, Clone)]
pub struct ExportTo<'a> {
    pub dialogs: &'a Dialogs,
    pub folder: PathBuf,
}

/// Writes an exported file atomically; the message says where, or why not.
fn write_export(path: &Path, bytes: &[u8]) -> String {
    match periscope_data::files::write_atomically(path, bytes) {
        Ok(()) => format!("Saved {}", path.display()),
        Err(e) => format!("Could not write {}: {e}", path.display()),
    }
}

impl Export {
    /// Asks where to save `file` (`kind` names the dialog's filter, `title` the path field) and writes
    /// `bytes`; without a dialog, into `to`'s folder at once. The message for the status line.
    pub fn save(
        &mut self,
        to: ExportTo<'_>,
        title: &str,
        kind: &str,
        extension: &str,
        file: &str,
        bytes: Vec<u8>,
    ) -> String {
        match to.dialogs.save(kind, extension, file) {
            Picked::Path(path) => write_export(&path, &bytes),
            Picked::Cancelled => format!("{title}: cancelled, nothing written."),
            Picked::NoDialog => {
                let path = to.folder.join(file);
                let done = write_export(&path, &bytes);
                let note = format!(
                    "{done} (this desktop shows no file dialog). To write it elsewhere too, type a path:"
                );
                self.pending = Some((PathPrompt::new(title, "Save", &path).with_note(note), bytes));
                done
            }
        }
    }

    /// The path field, while it is open; the message once it wrote the file elsewhere.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<String> {
        let (prompt, bytes) = self.pending.as_mut()?;
        match prompt.show(ctx) {
            Prompted::Waiting => None,
            Prompted::Closed => {
                self.pending = None;
                None
            }
            Prompted::Chosen(path) => {
                let message = write_export(&path, bytes);
                self.pending = None;
                Some(message)
            }
        }
    }
}
