//! The hall of fame as CSV (RFC 4180): one header line, then one line per career, in the order the
//! table shows them. A field holding a comma, a quote or a line break is quoted, its quotes doubled.

use periscope_data::hall::Entry;

/// The columns, in order.
pub const COLUMNS: [&str; 17] = [
    "Date",
    "Game",
    "Class or group",
    "Commander",
    "Dice",
    "Options",
    "Started",
    "Result",
    "Result rank",
    "Tonnage",
    "Counts",
    "Decorations",
    "Survived",
    "Months",
    "Sorties",
    "Cause",
    "Save",
];

/// One field, quoted when it must be.
pub fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn line(cells: &[String]) -> String {
    cells.iter().map(|c| field(c)).collect::<Vec<_>>().join(",") + "\r\n"
}

/// The careers as a CSV file's text.
pub fn write(entries: &[&Entry]) -> String {
    let mut out = line(&COLUMNS.map(str::to_string));
    for e in entries {
        out.push_str(&line(&[
            e.finished.clone(),
            super::game_name(e),
            e.class.clone(),
            e.commander.clone(),
            e.dice.clone(),
            e.options.join("; "),
            e.started.clone(),
            e.result.level.clone(),
            e.result.rank.to_string(),
            e.tonnage.to_string(),
            e.counts.words().to_string(),
            e.decorations.join("; "),
            if e.survived { "yes" } else { "no" }.to_string(),
            e.months.map(|m| m.to_string()).unwrap_or_default(),
            format!("{} {}", e.sorties, e.sortie).trim().to_string(),
            e.cause.clone(),
            e.save.clone(),
        ]));
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    #[test]
    fn fields_with_commas_quotes_or_breaks_are_quoted() {
        assert_eq!(field("Type B1"), "Type B1");
        assert_eq!(field("12,000"), "\"12,000\"");
        assert_eq!(field("the \"Kite\""), "\"the \"\"Kite\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
    }

    #[test]
    fn one_line_per_career_under_the_header() {
        let mut e = crate::stats::store::blank("Marginal Victory", 2, 23_500, false);
        e.finished = "2026-12-01 15:30".into();
        e.game = "sensuikan".into();
        e.game_name = "Sensuikan".into();
        e.class = "Kaidai KD.6".into();
        e.decorations = vec!["Golden Kite, 5th class".into(), "Rising Sun".into()];
        e.months = Some(20);
        let text = write(&[&e]);
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(lines.len(), 3, "header, one career, and the last line's end");
        assert!(lines[0].starts_with("Date,Game,Class or group"));
        assert_eq!(lines[0].split(',').count(), COLUMNS.len());
        assert!(
            lines[1].starts_with("2026-12-01 15:30,Sensuikan,Kaidai KD.6,"),
            "{}",
            lines[1]
        );
        assert!(
            lines[1].contains("\"Golden Kite, 5th class; Rising Sun\""),
            "{}",
            lines[1]
        );
        assert!(lines[1].contains(",23500,t sunk,"), "{}", lines[1]);
        assert!(lines[1].contains(",no,20,"), "{}", lines[1]);
    }
}
