//! Several Track tables, one per physical game in progress: where they are kept, how the start screen
//! lists them, and the file actions (new, duplicate, delete).
//!
//! A game's first table is `track-table-<game>.json` in the data folder, as it always was (or the file an
//! earlier version used: `track-table.json` for Submarine Hunt); every other table is a file of
//! `track-tables/`, named after the game and the table. A file that cannot be read is listed with the
//! reason and never opened over: it is left exactly as it is.

use std::path::{Path, PathBuf};

use super::table::TrackTable;
use super::{TrackLayout, saved_file};
use crate::storage::Storage;

/// A table on disk, as the start screen lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct TableFile {
    pub path: PathBuf,
    /// The layout's id (`hunt`).
    pub layout: &'static str,
    /// The table's name as the player sees it.
    pub name: String,
    /// When it was saved, and how many rolls it keeps.
    pub line: String,
    /// Why it cannot be opened, when it cannot.
    pub error: Option<String>,
}

/// Reads a table file of `layout`: the table, or why it cannot be opened. The file is never changed.
pub fn read(path: &Path, layout: &dyn TrackLayout) -> Result<TrackTable, String> {
    let text = Storage::read_capped(path, periscope_data::bounded::TRACK_TABLE)?;
    let table = TrackTable::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if table.game != layout.id() {
        return Err(format!(
            "{}: a Track table of '{}', not of {}",
            path.display(),
            table.game,
            layout.name()
        ));
    }
    Ok(table)
}

fn line(path: &Path, table: Option<&TrackTable>) -> String {
    let when = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .map(crate::files::local_stamp)
        .unwrap_or_default();
    match table {
        Some(t) if t.rolls.len() == 1 => format!("saved {when} · 1 roll"),
        Some(t) if !t.rolls.is_empty() => format!("saved {when} · {} rolls", t.rolls.len()),
        _ => format!("saved {when}"),
    }
}

/// Every table of these layouts on disk: each game's first table, then its others by name.
pub fn list(storage: &Storage, layouts: &[&'static dyn TrackLayout]) -> Vec<TableFile> {
    let mut out = Vec::new();
    let others: Vec<PathBuf> = std::fs::read_dir(storage.track_tables_dir())
        .map(|entries| {
            let mut v: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            v.sort();
            v
        })
        .unwrap_or_default();
    for layout in layouts {
        let entry = |path: PathBuf| {
            let read = read(&path, *layout);
            TableFile {
                line: line(&path, read.as_ref().ok()),
                name: match &read {
                    Ok(t) => t.shown_name(layout.name()).to_string(),
                    Err(_) => file_name(&path),
                },
                error: read.err(),
                layout: layout.id(),
                path,
            }
        };
        if let Some(first) = saved_file(storage, *layout) {
            out.push(entry(first));
        }
        let prefix = format!("{}-", layout.id());
        let mut mine: Vec<TableFile> = others
            .iter()
            .filter(|p| file_name(p).starts_with(&prefix))
            .map(|p| entry(p.clone()))
            .collect();
        mine.sort_by_key(|t| t.name.to_lowercase());
        out.extend(mine);
    }
    out
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |f| f.to_string_lossy().into_owned())
}

/// A file name's part for a table's name: letters and digits, dashes between words.
fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            s.extend(c.to_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-').to_string();
    if s.is_empty() { "table".into() } else { s }
}

/// A new file in `track-tables/` for a table of `layout` named `name`, never one that exists.
pub fn new_path(storage: &Storage, layout: &str, name: &str) -> PathBuf {
    let dir = storage.track_tables_dir();
    let base = format!("{layout}-{}", slug(name));
    let mut path = dir.join(format!("{base}.json"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{base}-{n}.json"));
        n += 1;
    }
    path
}

/// A name no table of `layout` has yet: the game's name, then `… 2`, `… 3`.
pub fn free_name(tables: &[TableFile], layout: &dyn TrackLayout, base: &str) -> String {
    let taken = |n: &str| {
        tables
            .iter()
            .any(|t| t.layout == layout.id() && t.name.eq_ignore_ascii_case(n))
    };
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|i| format!("{base} {i}"))
        .find(|n| !taken(n))
        .unwrap_or_else(|| base.to_string())
}

/// Writes `table` to `path`, creating its folder.
pub fn write(path: &Path, table: &TrackTable) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("Could not create {}: {e}", dir.display()))?;
    }
    Storage::write(path, &table.to_text()?)
}

/// A copy of the table at `from` under a new name, in `track-tables/`; the original is left as it was.
pub fn duplicate(
    storage: &Storage,
    from: &Path,
    layout: &dyn TrackLayout,
    tables: &[TableFile],
) -> Result<(PathBuf, String), String> {
    let mut table = read(from, layout)?;
    let name = free_name(
        tables,
        layout,
        &format!("{} (copy)", table.shown_name(layout.name())),
    );
    table.name = name.clone();
    let to = new_path(storage, layout.id(), &name);
    write(&to, &table)?;
    Ok((to, name))
}

/// Deletes a table's file (the start screen asks first).
pub fn delete(path: &Path) -> Result<(), String> {
    std::fs::remove_file(path).map_err(|e| format!("Could not delete {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_becomes_a_tidy_file_name() {
        assert_eq!(slug("Patrol of I-26 (copy)"), "patrol-of-i-26-copy");
        assert_eq!(slug("  "), "table");
        assert_eq!(slug("Über Tisch"), "über-tisch");
    }
}
