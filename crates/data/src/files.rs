//! Writing the player's files safely: to a temporary name beside the target, then renamed over it, so a
//! crash or a full disk never leaves a half-written save. Only a regular file is ever replaced: a
//! symbolic link, a FIFO, a device or a folder at the target is refused ([`not_regular`]), so a rename
//! never turns `/dev/null` or a link into a plain file.

use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` atomically (on the same file system, rename replaces the file whole): the
/// data is flushed to disk before the rename and the folder after it, so a crash or a power cut leaves
/// either the old file or the new one, never a mix. Temporaries left by writers that were killed
/// mid-write are cleared first. A target that exists and is not a regular file is refused, untouched.
pub fn write_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if let Some(kind) = not_regular(path) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!("it is {kind}, not a regular file, and is not replaced"),
        ));
    }
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

/// What stands at `path` when it is there and is not a regular file (`a symbolic link`, `a FIFO (named
/// pipe)`, `a device`, `a folder`), as the link itself says, not what it points to; `None` when nothing
/// is there or a regular file is.
pub fn not_regular(path: &Path) -> Option<&'static str> {
    std::fs::symlink_metadata(path)
        .ok()
        .and_then(|meta| kind_if_not_regular(meta.file_type()))
}

/// What a file type is in a player's words when it is not a regular file; `None` for a regular file.
/// The one description of the writers' refusals ([`not_regular`]) and the readers'
/// ([`crate::bounded::not_a_file`]).
pub fn kind_if_not_regular(kind: std::fs::FileType) -> Option<&'static str> {
    if kind.is_file() {
        return None;
    }
    if kind.is_symlink() {
        return Some("a symbolic link");
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
    }
    Some("a special file")
}

/// Whether two paths name one file: the same device and inode on unix (a hard link too), or the same
/// canonical path. A path that does not exist is no file yet.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b))
            && x.dev() == y.dev()
            && x.ino() == y.ino()
        {
            return true;
        }
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
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

    /// A symbolic link, a folder, a device or a FIFO at the target is refused and left as it was, and no
    /// temporary is left beside it.
    #[cfg(unix)]
    #[test]
    fn what_is_not_a_regular_file_is_never_replaced() {
        let dir = std::env::temp_dir().join(format!("periscope-files-special-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let real = dir.join("real.json");
        std::fs::write(&real, b"kept").unwrap();
        let link = dir.join("link.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let folder = dir.join("folder.json");
        std::fs::create_dir(&folder).unwrap();
        let fifo = dir.join("fifo.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        let mut cases = vec![(link.clone(), "a symbolic link"), (folder.clone(), "a folder")];
        if made.is_ok_and(|s| s.success()) {
            cases.push((fifo.clone(), "a FIFO (named pipe)"));
        }
        for (path, kind) in &cases {
            let e = write_atomically(path, b"new").unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("it is {kind}, not a regular file, and is not replaced"),
                "{}",
                path.display()
            );
        }
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"kept");
        assert!(folder.is_dir());
        let e = write_atomically(Path::new("/dev/null"), b"new").unwrap_err();
        assert!(e.to_string().starts_with("it is a device"), "{e}");
        assert!(Path::new("/dev/null").exists());
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(names.is_empty(), "{names:?}");
        write_atomically(&real, b"replaced").unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"replaced");
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
