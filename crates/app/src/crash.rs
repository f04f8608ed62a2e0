//! Crash reports. Messages tell players to "report the save" when something goes wrong; when Periscope
//! itself fails (a panic, on any thread), the hook installed by [`install`] writes a report into the data
//! folder's `crash-reports`: the version, the platform, what failed and where (the backtrace), what was on
//! the screen and the path of the save being played. Never the save's content: the player adds it if
//! they choose. The next start offers the report ([`pending`]) with a button that copies it, and the
//! player sets it aside ([`set_aside`]); the file stays in the folder.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use periscope_data::bounded;

/// What the app is showing, for the report: the screen's game and its file. Set when the screen
/// changes, read only by the panic hook.
static CONTEXT: Mutex<String> = Mutex::new(String::new());

/// A report's file name starts so, and one set aside ends with [`SEEN`].
const PREFIX: &str = "crash-";
const SEEN: &str = "-seen.txt";

/// The largest report read back to offer (a report is a few kilobytes; a larger file is not ours).
const REPORT_CAP: bounded::Cap = bounded::Cap {
    bytes: 256 * 1024,
    what: "crash report",
};

/// Installs the panic hook: the report is written after the default hook has printed the panic.
pub fn install(dir: PathBuf) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        previous(info);
        let backtrace = std::backtrace::Backtrace::force_capture();
        let text = report(info, &backtrace.to_string(), &context());
        // A failure to write the report must not become a second panic.
        let _ = write(&dir, &text);
    }));
}

/// Tells the hook what the app is showing now ("Sensuikan — Periscope", and the save's path).
pub fn set_context(text: String) {
    if let Ok(mut c) = CONTEXT.lock() {
        *c = text;
    }
}

fn context() -> String {
    // A panic while the lock was held poisons it; the text inside is still what was set.
    match CONTEXT.lock() {
        Ok(c) => c.clone(),
        Err(poisoned) => poisoned.into_inner().clone(),
    }
}

/// The report's text.
pub fn report(info: &std::panic::PanicHookInfo<'_>, backtrace: &str, context: &str) -> String {
    let message = info
        .payload()
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| info.payload().downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_owned());
    let place = info
        .location()
        .map_or_else(|| "an unknown place".to_owned(), |l| l.to_string());
    let thread = std::thread::current();
    format!(
        "Periscope crash report\n\n\
         Version: periscope {}\n\
         Platform: {} {}\n\
         Time (UTC): {}\n\
         Thread: {}\n\
         Showing: {}\n\n\
         What failed: {message}\n\
         Where: {place}\n\n\
         The save's content is not in this report. If you send it, you may add the save named above.\n\n\
         Backtrace:\n{backtrace}\n",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::OS,
        std::env::consts::ARCH,
        crate::files::stamp(std::time::SystemTime::now()),
        thread.name().unwrap_or("unnamed"),
        if context.is_empty() {
            "the start screen"
        } else {
            context
        },
    )
}

/// Writes a report under a name no other report has.
fn write(dir: &Path, text: &str) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let now = crate::files::stamp(std::time::SystemTime::now()).replace([' ', ':'], "-");
    let mut base = format!("{PREFIX}{now}");
    let mut n = 2;
    // Neither the report nor the same report set aside may be there.
    while dir.join(format!("{base}.txt")).exists() || dir.join(format!("{base}{SEEN}")).exists() {
        base = format!("{PREFIX}{now}-{n}");
        n += 1;
    }
    let path = dir.join(format!("{base}.txt"));
    periscope_data::files::write_atomically(&path, text.as_bytes())?;
    Ok(path)
}

/// A report not yet offered to the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub path: PathBuf,
    pub text: String,
}

/// The reports written since the player last set them aside, newest first (at most three: one crash
/// repeated at every start is offered once). Files that are not regular or too large are left alone.
pub fn pending(dir: &Path) -> Vec<Report> {
    let mut skipped = Vec::new();
    let mut paths: Vec<PathBuf> = crate::storage::regular_files(dir, &["txt"], &mut skipped)
        .into_iter()
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(PREFIX) && !n.ends_with(SEEN))
        })
        .collect();
    paths.sort();
    paths.reverse();
    paths
        .into_iter()
        .take(3)
        .filter_map(|path| {
            let text = bounded::read_text(&path, REPORT_CAP).ok()?;
            Some(Report { path, text })
        })
        .collect()
}

/// Sets an offered report aside: renamed `…-seen.txt` in the same folder, and not offered again.
pub fn set_aside(report: &Report) -> Result<PathBuf, String> {
    let name = report
        .path
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| format!("{} has no name", report.path.display()))?;
    let to = report.path.with_file_name(format!("{name}{SEEN}"));
    std::fs::rename(&report.path, &to)
        .map_err(|e| format!("Could not set {} aside: {e}", report.path.display()))?;
    Ok(to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_are_offered_until_set_aside_newest_first_and_bounded() {
        let dir = std::env::temp_dir().join(format!("periscope-crash-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_default();
        assert!(pending(&dir).is_empty());
        for (name, text) in [
            ("crash-2026-12-01-10-00.txt", "old"),
            ("crash-2026-12-02-10-00.txt", "new"),
            ("notes.txt", "not a report"),
        ] {
            std::fs::write(dir.join(name), text).unwrap_or_default();
        }
        std::fs::write(dir.join("crash-2026-12-03-10-00.txt"), vec![b'x'; 300 * 1024]).unwrap_or_default();
        let offered = pending(&dir);
        let texts: Vec<&str> = offered.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["new", "old"], "the oversized file is not read");
        let seen = set_aside(&offered[0]);
        assert!(seen.is_ok_and(|p| p.ends_with("crash-2026-12-02-10-00-seen.txt")));
        let texts: Vec<String> = pending(&dir).into_iter().map(|r| r.text).collect();
        assert_eq!(texts, ["old"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
