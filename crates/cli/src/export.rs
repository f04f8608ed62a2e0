//! `periscope-cli export`: the paperwork as PDF, CSV or Markdown.

use std::process::ExitCode;

use periscope_print::{LogSheet, Paper, csv, markdown, pdf, sensuikan};

use crate::args::Args;

/// `export --blank sensuikan --format pdf|csv|md --out FILE [--paper a4|letter]`.
pub fn export(args: &Args) -> Result<ExitCode, String> {
    let sheet: LogSheet = match args.get("blank") {
        Some("sensuikan") => sensuikan::blank_patrol_log(),
        Some(other) => return Err(format!("no blank sheet for '{other}' (known: sensuikan)")),
        None => return Err("export needs --blank sensuikan (career logs come with the career)".into()),
    };
    let format = args.get("format").unwrap_or("pdf");
    let paper = match args.get("paper") {
        Some(p) => Paper::parse(p).ok_or_else(|| format!("unknown paper '{p}' (a4 or letter)"))?,
        None => Paper::A4,
    };
    let bytes = match format {
        "pdf" => pdf(&sheet, paper).map_err(|e| e.to_string())?,
        "csv" => csv(&sheet).into_bytes(),
        "md" | "markdown" => markdown(&sheet).into_bytes(),
        other => return Err(format!("unknown format '{other}' (pdf, csv or md)")),
    };
    let out = args.get("out").ok_or("export needs --out FILE")?;
    periscope_data::files::write_atomically(std::path::Path::new(out), &bytes)
        .map_err(|e| format!("cannot write {out}: {e}"))?;
    println!("wrote {out} ({} bytes)", bytes.len());
    Ok(ExitCode::SUCCESS)
}
