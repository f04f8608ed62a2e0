//! CSV (RFC 4180, for spreadsheets) and Markdown (for forums) forms of a log sheet.

use crate::LogSheet;

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The table as CSV: one header line with the column titles, then one line per row.
pub fn csv(sheet: &LogSheet) -> String {
    let mut out = String::new();
    let line = |cells: Vec<String>| cells.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(",") + "\r\n";
    out.push_str(&line(sheet.columns.iter().map(|c| c.title.clone()).collect()));
    for row in &sheet.rows {
        let mut cells = row.clone();
        cells.resize(sheet.columns.len(), String::new());
        out.push_str(&line(cells));
    }
    out
}

fn md_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
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
        let titles: Vec<String> = sheet.columns.iter().map(|c| md_cell(&c.title)).collect();
        out.push_str(&format!("| {} |\n", titles.join(" | ")));
        let rules: Vec<&str> = sheet
            .columns
            .iter()
            .map(|c| if c.numeric { "---:" } else { "---" })
            .collect();
        out.push_str(&format!("|{}|\n", rules.join("|")));
        for row in &sheet.rows {
            let mut cells: Vec<String> = row.iter().map(|c| md_cell(c)).collect();
            cells.resize(sheet.columns.len(), String::new());
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
                vec!["Nancy Moller, freighter".into(), "3,900".into()],
                vec!["Maru \"7\"".into()],
            ],
            totals: vec![("Tonnage".into(), "3,900".into())],
            ..Default::default()
        }
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
}
