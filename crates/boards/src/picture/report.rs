//! The Markdown after-action report with the boards' pictures: `report.md` and, beside it,
//! `report-<board>.png` for each board, embedded at the report's end with `![…](…)` and paths relative to
//! the report, so the folder can be posted or zipped as it is.

use std::path::{Path, PathBuf};

use super::slug;

/// The file name of a board's picture beside a report named `stem` (`report` → `report-combat-sheet.png`).
pub fn picture_name(stem: &str, board: &str) -> String {
    format!("{stem}-{}.png", slug(board))
}

/// The report with a "Boards" section embedding each picture, `(board, file name)`, in order.
pub fn embed(report: &str, pictures: &[(&str, String)]) -> String {
    if pictures.is_empty() {
        return report.to_string();
    }
    let mut out = report.trim_end().to_string();
    out.push_str("\n\n## Boards\n");
    for (board, file) in pictures {
        // Spaces in a link target would end it: the names made by `picture_name` have none, but a stem
        // chosen by the player may.
        let target = file.replace(' ', "%20");
        out.push_str(&format!("\n![{board}]({target})\n"));
    }
    out
}

/// Writes the report at `path` and each board's picture beside it (each through a temporary file and a
/// rename); the report last, so a report never names a picture that is not there. Returns the files
/// written, the report first.
pub fn write(path: &Path, report: &str, pictures: &[(&str, Vec<u8>)]) -> std::io::Result<Vec<PathBuf>> {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
        .unwrap_or("report");
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut written = Vec::new();
    let mut embedded = Vec::new();
    for (board, bytes) in pictures {
        let name = picture_name(stem, board);
        let file = dir.join(&name);
        periscope_data::files::write_atomically(&file, bytes)?;
        written.push(file);
        embedded.push((*board, name));
    }
    periscope_data::files::write_atomically(path, embed(report, &embedded).as_bytes())?;
    written.insert(0, path.to_path_buf());
    Ok(written)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

    #[test]
    fn the_report_embeds_each_board_by_a_relative_path() {
        let md = embed(
            "# I-26\n\nA patrol.\n",
            &[
                ("Combat Sheet", picture_name("aar", "Combat Sheet")),
                ("U-boat Mat", picture_name("aar", "U-boat Mat")),
            ],
        );
        assert!(md.starts_with("# I-26\n\nA patrol.\n\n## Boards\n"), "{md}");
        assert!(md.contains("![Combat Sheet](aar-combat-sheet.png)"), "{md}");
        assert!(md.contains("![U-boat Mat](aar-u-boat-mat.png)"), "{md}");
        assert_eq!(embed("# x\n", &[]), "# x\n");
    }

    #[test]
    fn writing_puts_the_pictures_beside_the_report() {
        let dir = std::env::temp_dir().join(format!("periscope-report-{}", std::process::id()));
        let path = dir.join("my report.md");
        let written = write(&path, "# Report\n", &[("Operations Map", vec![1, 2, 3])]).unwrap();
        assert_eq!(
            written,
            vec![path.clone(), dir.join("my report-operations-map.png")]
        );
        let md = std::fs::read_to_string(&path).unwrap();
        assert!(
            md.contains("![Operations Map](my%20report-operations-map.png)"),
            "{md}"
        );
        assert_eq!(std::fs::read(&written[1]).unwrap(), vec![1, 2, 3]);
        let _ = std::fs::remove_dir_all(dir);
    }
}
