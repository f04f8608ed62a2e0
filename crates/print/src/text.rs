//! CSV (RFC 4180, for spreadsheets) and Markdown (for forums) forms of a log sheet. Text from a file is
//! shown, never obeyed: its control characters escaped ([`periscope_data::shown`]) in both, and in
//! Markdown the characters that would make structure of it (emphasis, links, HTML, a table's bars) too
//! ([`md_text`]).

use periscope_data::shown::{shown, shown_lines};

use crate::{LogSheet, Row};

/// A text from a file (a commander's name, a hull number, a ship's name) for a line of Markdown: shown
/// as one line ([`periscope_data::shown::shown`]: a line break is escaped too, so no new block can
/// start), and every character Markdown reads as structure backslash-escaped (`\*`, `\[`, `\<`…), so
/// `<img src=x>`, `[a](http://…)` or `**` print as the characters they are.
pub fn md_text(text: &str) -> String {
    let line = shown(text);
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&' | '#' | '!'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn csv_field(s: &str) -> String {
    let s = &*shown_lines(s);
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Whether any row has notes: then the CSV and Markdown tables end with a Notes column.
fn has_notes(sheet: &LogSheet) -> bool {
    sheet.rows.iter().any(|r| !r.notes.is_empty())
}

/// A row's cells, one per column, and its notes when the sheet has a Notes column.
fn cells(sheet: &LogSheet, row: &Row) -> Vec<String> {
    let mut cells = row.cells.clone();
    cells.resize(sheet.columns.len(), String::new());
    if has_notes(sheet) {
        cells.push(row.notes.clone());
    }
    cells
}

fn titles(sheet: &LogSheet) -> Vec<String> {
    let mut titles: Vec<String> = sheet.columns.iter().map(|c| c.title.clone()).collect();
    if has_notes(sheet) {
        titles.push("Notes".into());
    }
    titles
}

/// The table as CSV: one header line with the column titles, then one line per row.
pub fn csv(sheet: &LogSheet) -> String {
    let mut out = String::new();
    let line = |cells: Vec<String>| cells.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(",") + "\r\n";
    out.push_str(&line(titles(sheet)));
    for row in &sheet.rows {
        out.push_str(&line(cells(sheet, row)));
    }
    out
}

fn md_cell(s: &str) -> String {
    shown(&s.replace('\n', " ")).replace('|', "\\|")
}

/// The whole sheet as Markdown: title, header fields, the table and the totals.
pub fn markdown(sheet: &LogSheet) -> String {
    let mut out = format!("# {}\n\n", sheet.title);
    if !sheet.subtitle.is_empty() {
        out.push_str(&format!("_{}_\n\n", sheet.subtitle));
    }
    for (label, value) in &sheet.header {
        out.push_str(&format!("- **{}:** {}\n", md_cell(label), md_cell(value)));
    }
    if !sheet.header.is_empty() {
        out.push('\n');
    }
    if !sheet.columns.is_empty() {
        let titles: Vec<String> = titles(sheet).iter().map(|t| md_cell(t)).collect();
        out.push_str(&format!("| {} |\n", titles.join(" | ")));
        let mut rules: Vec<&str> = sheet
            .columns
            .iter()
            .map(|c| if c.numeric { "---:" } else { "---" })
            .collect();
        if has_notes(sheet) {
            rules.push("---");
        }
        out.push_str(&format!("|{}|\n", rules.join("|")));
        for row in &sheet.rows {
            let cells: Vec<String> = cells(sheet, row).iter().map(|c| md_cell(c)).collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        out.push('\n');
    }
    for (label, value) in &sheet.totals {
        out.push_str(&format!("**{}:** {}  \n", md_cell(label), md_cell(value)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Column;

    fn sheet() -> LogSheet {
        LogSheet {
            title: "LOG".into(),
            header: vec![("Commander".into(), "Lt Cdr Tanaka".into())],
            columns: vec![Column::text("Ship", 3.0), Column::number("Tons", 1.0)],
            rows: vec![
                Row::new(["Nancy Moller, freighter", "3,900"]),
                Row::new(["Maru \"7\""]),
            ],
            totals: vec![("Tonnage".into(), "3,900".into())],
            ..Default::default()
        }
    }

    /// A name from a file prints as the characters it is: no escape sequence reaches the file, no
    /// emphasis, link, image, HTML or new block is made of it.
    #[test]
    fn text_from_a_file_makes_no_markdown() {
        assert_eq!(md_text("Lt Cdr Tanaka"), "Lt Cdr Tanaka");
        assert_eq!(md_text("I-58"), "I-58");
        assert_eq!(
            md_text("**x** [a](http://e) ![i](j) <img src=x> `c` a|b"),
            "\\*\\*x\\*\\* \\[a\\](http://e) \\!\\[i\\](j) \\<img src=x\\> \\`c\\` a\\|b"
        );
        // The escape's own backslash is escaped: the report reads `\u{a}`.
        assert_eq!(md_text("a\n# b"), "a\\\\u{a}\\# b");
        assert_eq!(md_text("\u{1b}]0;owned\u{7}"), "\\\\u{1b}\\]0;owned\\\\u{7}");
        assert_eq!(md_text("&#27; _x_ ~~y~~"), "\\&\\#27; \\_x\\_ \\~\\~y\\~\\~");
    }

    /// Control characters in a sheet's cells are escaped in the CSV and the Markdown; a CSV cell keeps
    /// its line breaks (quoted).
    #[test]
    fn control_characters_are_escaped_in_csv_and_markdown() {
        let mut s = sheet();
        s.header[0].1 = "Tanaka\u{1b}[2J\u{202e}".into();
        s.rows[0].cells[0] = "Maru\u{7}\nline two".into();
        let md = markdown(&s);
        assert!(md.contains("- **Commander:** Tanaka\\u{1b}[2J\\u{202e}"), "{md}");
        assert!(md.contains("| Maru\\u{7} line two |"), "{md}");
        let csv = csv(&s);
        assert!(csv.contains("\"Maru\\u{7}\nline two\""), "{csv}");
        assert!(!md.contains(['\u{1b}', '\u{7}', '\u{202e}']) && !csv.contains(['\u{1b}', '\u{7}']));
    }

    #[test]
    fn csv_quotes_what_needs_quoting() {
        let text = csv(&sheet());
        assert_eq!(
            text,
            "Ship,Tons\r\n\"Nancy Moller, freighter\",\"3,900\"\r\n\"Maru \"\"7\"\"\",\r\n"
        );
    }

    #[test]
    fn markdown_has_the_header_table_and_totals() {
        let text = markdown(&sheet());
        assert!(text.starts_with("# LOG\n"));
        assert!(text.contains("- **Commander:** Lt Cdr Tanaka"));
        assert!(text.contains("| Ship | Tons |\n|---|---:|\n| Nancy Moller, freighter | 3,900 |"));
        assert!(text.contains("**Tonnage:** 3,900"));
    }

    #[test]
    fn notes_get_a_column_of_their_own_when_a_row_has_them() {
        let mut s = sheet();
        s.rows[1] = s.rows[1].clone().grey().with_notes("Escort oiler detached");
        assert_eq!(
            csv(&s),
            "Ship,Tons,Notes\r\n\"Nancy Moller, freighter\",\"3,900\",\r\n\"Maru \"\"7\"\"\",,Escort oiler detached\r\n"
        );
        assert!(markdown(&s).contains("| Ship | Tons | Notes |\n|---|---:|---|\n"));
    }
}
