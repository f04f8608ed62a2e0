//! What a game's table writes, and what keeps other writers off it: the autosave is locked while the
//! table owns it (the command line's `play --autosave` takes the same lock), and a file changed by another
//! program since the table last read or wrote it is never written over.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use periscope_data::lock::{self, LockError, SaveLock};

use crate::storage::Storage;

/// The program named to a writer refused (`periscope 0.1.0`): the writer a save names.
pub fn program() -> String {
    periscope_engine::save::writer()
}

/// A file as last seen: its length and modification time.
type Stamp = Option<(u64, SystemTime)>;

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

/// What a table writes, and what keeps other writers off it.
#[derive(Debug, Default)]
pub struct Writing {
    /// Whether this game is the one in the autosave: a new game, or a save opened from a file, first
    /// moves the game that was there to the saved games.
    pub owns_autosave: bool,
    /// The lock on the autosave while this table writes it.
    lock: Option<SaveLock>,
    /// Each file as this table last read or wrote it.
    seen: Vec<(PathBuf, Stamp)>,
    /// How many actions of a save that parts from today's rules still agree with it: the table offers
    /// to play on from there into a new save.
    pub forkable: Option<usize>,
    /// The player asked to play on from there (the button was clicked this frame).
    pub fork_asked: bool,
}

impl Writing {
    /// The autosave this table writes, while it holds its lock.
    pub fn autosave(&self) -> Option<&Path> {
        self.lock.as_ref().map(SaveLock::save)
    }

    /// Takes the autosave's lock, unless this table holds it already.
    pub fn lock_autosave(&mut self, path: &Path) -> Result<(), LockError> {
        if self.lock.as_ref().is_some_and(|l| l.save() == path) {
            return Ok(());
        }
        self.lock = Some(lock::take(path, &program())?);
        Ok(())
    }

    /// Remembers a file as it is now (read or written by this table).
    pub fn note(&mut self, path: &Path) {
        let now = stamp(path);
        match self.seen.iter_mut().find(|(p, _)| p == path) {
            Some(entry) => entry.1 = now,
            None => self.seen.push((path.to_path_buf(), now)),
        }
    }

    /// Writes a file this table owns, unless another program changed it since the table last read or
    /// wrote it: then nothing is written over it and the message says so.
    pub fn write(&mut self, path: &Path, text: &str) -> Result<(), String> {
        if let Some((_, was)) = self.seen.iter().find(|(p, _)| p == path)
            && let now @ Some(_) = stamp(path)
            && now != *was
        {
            return Err(format!(
                "{} was changed by another program since Periscope last read or wrote it: nothing \
                 was written over it. Use Save as to keep this game under another name.",
                path.display()
            ));
        }
        Storage::write(path, text)?;
        self.note(path);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

    /// A file another program wrote after the table read it is left as that program wrote it.
    #[test]
    fn a_file_changed_by_another_program_is_not_written_over() {
        let dir = std::env::temp_dir().join(format!("periscope-writing-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("autosave-hunt.json");
        let mut w = Writing::default();
        w.write(&path, "mine").unwrap();
        w.write(&path, "mine again").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&path, "the other program's longer text").unwrap();
        let refused = w.write(&path, "mine once more").unwrap_err();
        assert!(refused.contains("changed by another program"), "{refused}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "the other program's longer text"
        );
        // Once read again (the player reopened it), it is the table's to write.
        w.note(&path);
        w.write(&path, "mine").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
    }

    /// The autosave's lock is taken once and refuses a second table (or the command line).
    #[test]
    fn the_autosave_lock_refuses_a_second_writer() {
        let dir = std::env::temp_dir().join(format!("periscope-writing-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("autosave-hunt.json");
        let mut first = Writing::default();
        first.lock_autosave(&path).unwrap();
        first.lock_autosave(&path).unwrap();
        let mut second = Writing::default();
        let refused = second.lock_autosave(&path).unwrap_err();
        assert!(refused.to_string().contains(&program()), "{refused}");
        drop(first);
        second.lock_autosave(&path).unwrap();
    }
}
