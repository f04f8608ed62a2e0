//! `periscope-cli export`: the paperwork as PDF, CSV or Markdown.

use std::process::ExitCode;

use periscope_engine::Session;
use periscope_engine::sensuikan::career::Career;
use periscope_print::sensuikan::career;
use periscope_print::{Paper, csv, markdown, pdf, pdf_book, sensuikan};

use crate::args::Args;

/// `export --blank sensuikan …` prints the blank Patrol Log Sheet; `export SAVE …` a career's paperwork:
/// the PDF is the Patrol Log and the career summary, the CSV every ship attacked, the Markdown an
/// after-action report.
pub fn export(save: Option<&str>, args: &Args) -> Result<ExitCode, String> {
    let format = args.get("format").unwrap_or("pdf");
    let paper = match args.get("paper") {
        Some(p) => Paper::parse(p).ok_or_else(|| format!("unknown paper '{p}' (a4 or letter)"))?,
        None => Paper::A4,
    };
    let bytes = match (save, args.get("blank")) {
        (None, Some("sensuikan")) => {
            let sheet = sensuikan::blank_patrol_log();
            match format {
                "pdf" => pdf(&sheet, paper).map_err(|e| e.to_string())?,
                "csv" => csv(&sheet).into_bytes(),
                "md" | "markdown" => markdown(&sheet).into_bytes(),
                other => return Err(format!("unknown format '{other}' (pdf, csv or md)")),
            }
        }
        (None, Some(other)) => return Err(format!("no blank sheet for '{other}' (known: sensuikan)")),
        (None, None) => return Err("export needs a save file or --blank sensuikan".into()),
        (Some(path), _) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let session = Session::<Career>::load(&text).map_err(|e| format!("{path}: {e}"))?;
            let view = session.game().view();
            match format {
                "pdf" => pdf_book(&[career::patrol_log(&view), career::summary(&view)], paper)
                    .map_err(|e| e.to_string())?,
                "csv" => csv(&career::ships_attacked(&view)).into_bytes(),
                "md" | "markdown" => career::after_action_report(&view).into_bytes(),
                other => return Err(format!("unknown format '{other}' (pdf, csv or md)")),
            }
        }
    };
    let out = args.get("out").ok_or("export needs --out FILE")?;
    periscope_data::files::write_atomically(std::path::Path::new(out), &bytes)
        .map_err(|e| format!("cannot write {out}: {e}"))?;
    println!("wrote {out} ({} bytes)", bytes.len());
    Ok(ExitCode::SUCCESS)
}
