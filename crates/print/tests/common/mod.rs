//! What the print tests share: poppler's tools, to read a PDF back as a reader would.
#![allow(dead_code, clippy::panic)]

use std::path::Path;
use std::process::Command;

/// The output of one of poppler's tools (`pdftotext`, `pdffonts`, …) as text, or `None` when poppler is
/// not installed (`.ci/run` installs it and sets `PERISCOPE_REQUIRE_POPPLER`, so a missing tool fails
/// there).
pub fn poppler(tool: &str, args: &[&str]) -> Option<String> {
    poppler_bytes(tool, args).map(|out| String::from_utf8_lossy(&out).into_owned())
}

/// [`poppler`]'s output as bytes (the pictures `pdftoppm` writes to stdout).
pub fn poppler_bytes(tool: &str, args: &[&str]) -> Option<Vec<u8>> {
    match Command::new(tool).args(args).output() {
        Ok(out) if out.status.success() => Some(out.stdout),
        Ok(out) => panic!("{tool} failed: {}", String::from_utf8_lossy(&out.stderr)),
        Err(_) if std::env::var_os("PERISCOPE_REQUIRE_POPPLER").is_some() => {
            panic!("{tool} is missing but PERISCOPE_REQUIRE_POPPLER is set")
        }
        Err(_) => {
            eprintln!("skipped: {tool} (poppler-utils) is not installed");
            None
        }
    }
}

/// `pdftotext -bbox`: every word of the PDF with its box, as XHTML.
pub fn pdftotext_bbox(path: &Path) -> Option<String> {
    poppler("pdftotext", &["-bbox", &path.to_string_lossy(), "-"])
}
