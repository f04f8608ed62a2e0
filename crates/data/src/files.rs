//! Writing the player's files safely: to a temporary name beside the target, then renamed over it, so a
//! crash or a full disk never leaves a half-written save.

use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` atomically (on the same file system, rename replaces the file whole): the
/// data is flushed to disk before the rename and the folder after it, so a crash or a power cut leaves
/// either the old file or the new one, never a mix. Temporaries left by writers that were killed
/// mid-write are cleared first.
pub fn write_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    clear_stale_temporaries(dir, &name);
    let tmp = dir.join(temporary_name(&name, std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)?;
        sync_folder(dir);
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The temporary a writer with process id `pid` uses for `name`: hidden, beside it.
fn temporary_name(name: &str, pid: u32) -> String {
    format!(".{name}.{pid}.tmp")
}

/// Removes the temporaries of `name` whose writer is gone (killed mid-write): a live writer's is left to
/// it. Where the platform cannot say whether a process lives, nothing is removed.
fn clear_stale_temporaries(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = file
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && process_is_gone(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether no process `pid` runs (Linux and the other systems with `/proc`); elsewhere, `false`.
fn process_is_gone(pid: u32) -> bool {
    let proc = Path::new("/proc");
    proc.join("self").exists() && !proc.join(pid.to_string()).exists()
}

/// Flushes a folder's entries (the rename) to disk, where the platform allows opening a folder.
fn sync_folder(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replace_the_file_whole_and_leave_no_temporary() {
        let dir = std::env::temp_dir().join(format!("periscope-files-{}", std::process::id()));
        let path = dir.join("game.json");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let leftovers = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A temporary left by a writer killed mid-write is cleared by the next write; a live writer's is
    /// left alone.
    #[test]
    fn a_dead_writers_temporary_is_cleared_and_a_live_ones_kept() {
        let dir = std::env::temp_dir().join(format!("periscope-files-stale-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("autosave.json");
        // No process has id 4,000,000,000 (Linux caps them far lower).
        let dead = dir.join(temporary_name("autosave.json", 4_000_000_000));
        std::fs::write(&dead, b"half a sa").unwrap();
        // Process 1 always runs.
        let live = dir.join(temporary_name("autosave.json", 1));
        std::fs::write(&live, b"being written").unwrap();
        write_atomically(&path, b"whole").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        if Path::new("/proc/self").exists() {
            assert!(!dead.exists(), "the dead writer's temporary is cleared");
        }
        assert!(live.exists(), "a live writer's temporary is its own");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
