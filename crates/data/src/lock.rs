//! One writer per save: the desktop app and the command line take an advisory lock on a save before they
//! write it, so that two programs (or two windows) meeting on one file never lose each other's actions.
//!
//! The lock is held on a hidden file beside the save (`.autosave-hunt.json.lock`), never on the save
//! itself, which every write replaces whole by a rename. The lock file says who holds it, so the one
//! refused can be told which program to close. It is left in place when released: removing it would let
//! two writers each lock a file of that name.

use std::fmt;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// How much of a lock file is read to name its holder.
const HOLDER_CAP: u64 = 200;

/// A save locked for writing: released when dropped (or when the process ends, however it ends).
#[derive(Debug)]
pub struct SaveLock {
    _file: File,
    save: PathBuf,
}

impl SaveLock {
    /// The save this lock keeps other writers off.
    pub fn save(&self) -> &Path {
        &self.save
    }
}

/// Why a save could not be locked for writing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LockError {
    /// Another program writes it: which one, in its own words (`periscope-cli 0.1.0, process 4242`).
    Held { save: PathBuf, holder: String },
    /// The lock file cannot be made (a read-only folder, or something not a regular file in its place).
    Unavailable { save: PathBuf, reason: String },
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::Held { save, holder } => write!(
                f,
                "{} is being written by {holder}: close the game there first (nothing was written \
                 over it)",
                save.display()
            ),
            LockError::Unavailable { save, reason } => {
                write!(f, "{} cannot be locked for writing: {reason}", save.display())
            }
        }
    }
}

impl std::error::Error for LockError {}

/// The lock file of a save: hidden, beside it.
pub fn lock_path(save: &Path) -> PathBuf {
    let name = save
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    save.with_file_name(format!(".{name}.lock"))
}

/// Locks `save` for writing by `program` (`periscope-cli 0.1.0`), or says who holds it. A file system
/// that keeps no locks gives the lock anyway: a writer is never stopped by the platform alone.
pub fn take(save: &Path, program: &str) -> Result<SaveLock, LockError> {
    let path = lock_path(save);
    let unavailable = |reason: String| LockError::Unavailable {
        save: save.to_path_buf(),
        reason,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| unavailable(e.to_string()))?;
    }
    if let Some(kind) = crate::files::not_regular(&path) {
        return Err(unavailable(format!(
            "{} is {kind}, not a regular file",
            path.display()
        )));
    }
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| unavailable(format!("{}: {e}", path.display())))?;
    match file.try_lock() {
        Ok(()) => {
            let holder = format!("{program}, process {}", std::process::id());
            // Who holds it, for the writer refused; a lock whose note cannot be written still locks.
            let _ = file
                .set_len(0)
                .and_then(|()| file.seek(SeekFrom::Start(0)))
                .and_then(|_| file.write_all(holder.as_bytes()))
                .and_then(|()| file.flush());
        }
        Err(TryLockError::WouldBlock) => {
            let mut text = String::new();
            let _ = (&file).take(HOLDER_CAP).read_to_string(&mut text);
            // Shown, never obeyed.
            let holder = crate::shown::shown(text.trim()).into_owned();
            return Err(LockError::Held {
                save: save.to_path_buf(),
                holder: if holder.is_empty() {
                    "another program".into()
                } else {
                    holder
                },
            });
        }
        Err(TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {}
        Err(TryLockError::Error(e)) => return Err(unavailable(e.to_string())),
    }
    Ok(SaveLock {
        _file: file,
        save: save.to_path_buf(),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("periscope-lock-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A second writer is refused while the first holds the save, told who holds it, and may write once
    /// the first lets go; the save itself is never touched by the lock.
    #[test]
    fn a_second_writer_is_refused_and_told_who_holds_the_save() {
        let dir = folder("second");
        let save = dir.join("autosave-hunt.json");
        std::fs::write(&save, "{}").unwrap();
        let first = take(&save, "periscope 9.9").unwrap();
        assert_eq!(first.save(), save);
        let refused = take(&save, "periscope-cli 9.9").unwrap_err();
        let LockError::Held { holder, .. } = &refused else {
            panic!("{refused:?}");
        };
        assert_eq!(holder, &format!("periscope 9.9, process {}", std::process::id()));
        assert!(
            refused
                .to_string()
                .contains("autosave-hunt.json is being written by periscope 9.9"),
            "{refused}"
        );
        drop(first);
        let second = take(&save, "periscope-cli 9.9").unwrap();
        assert_eq!(std::fs::read_to_string(&save).unwrap(), "{}");
        drop(second);
        assert!(lock_path(&save).ends_with(".autosave-hunt.json.lock"));
    }

    /// Something not a regular file where the lock file goes (a link, a folder) is not followed.
    #[cfg(unix)]
    #[test]
    fn a_link_in_place_of_the_lock_file_is_refused() {
        let dir = folder("link");
        let save = dir.join("s.json");
        std::os::unix::fs::symlink("/dev/null", lock_path(&save)).unwrap();
        assert!(matches!(take(&save, "x"), Err(LockError::Unavailable { .. })));
    }
}
