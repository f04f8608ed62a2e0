//! A finished Sensuikan career exported as a player would: the Patrol Log and summary as PDF (read back with
//! poppler), every ship attacked as CSV, and a Markdown after-action report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_periscope-cli"))
        .args(args)
        .output()
        .unwrap()
}

fn poppler(tool: &str, args: &[&str]) -> Option<String> {
    match Command::new(tool).args(args).output() {
        Ok(out) if out.status.success() => Some(String::from_utf8_lossy(&out.stdout).into_owned()),
        Ok(out) => panic!("{tool} failed: {}", String::from_utf8_lossy(&out.stderr)),
        Err(_) if std::env::var_os("PERISCOPE_REQUIRE_POPPLER").is_some() => panic!("{tool} is missing"),
        Err(_) => {
            eprintln!("skipped: {tool} (poppler-utils) is not installed");
            None
        }
    }
}

#[test]
fn a_finished_career_exports_as_pdf_csv_and_markdown() {
    let dir = std::env::temp_dir().join(format!("periscope-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("career.json");
    let save_s = save.to_str().unwrap();
    let played = cli(&[
        "play",
        "sensuikan-career",
        "--seed",
        "3",
        "--policy",
        "careful",
        "--save",
        save_s,
        "--json",
    ]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let state: serde_json::Value = serde_json::from_slice(&played.stdout).unwrap();
    let class = state["state"]["class"].as_str().unwrap().to_string();
    let commander = state["state"]["commander"].as_str().unwrap().to_string();

    let md = dir.join("aar.md");
    assert!(
        cli(&["export", save_s, "--format", "md", "--out", md.to_str().unwrap()])
            .status
            .success()
    );
    let md = std::fs::read_to_string(md).unwrap();
    assert!(
        md.starts_with(&format!("# {class}")) && md.contains(&commander) && md.contains("## Patrols"),
        "{md}"
    );

    let csv = dir.join("ships.csv");
    assert!(
        cli(&[
            "export",
            save_s,
            "--format",
            "csv",
            "--out",
            csv.to_str().unwrap()
        ])
        .status
        .success()
    );
    let csv = std::fs::read_to_string(csv).unwrap();
    assert!(csv.starts_with("Month,Area,Ship,Type,Tons,Result\r\n"), "{csv}");

    let pdf = dir.join("log.pdf");
    let pdf_s = pdf.to_str().unwrap();
    assert!(
        cli(&["export", save_s, "--out", pdf_s, "--paper", "letter"])
            .status
            .success()
    );
    let Some(info) = poppler("pdfinfo", &[pdf_s]) else {
        return;
    };
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap();
    assert!(
        pages >= 3,
        "the log (two pages for 44 months) and the summary: {pages}"
    );
    let text = poppler("pdftotext", &["-layout", pdf_s, "-"]).unwrap();
    assert!(text.contains("SENSUIKAN · PATROL LOG") && text.contains("SENSUIKAN · CAREER SUMMARY"));
    assert!(
        text.contains(&class) && text.contains(&commander),
        "header filled in"
    );
    assert!(
        text.contains("12/41") || text.contains("/42"),
        "log rows by month"
    );
    assert!(text.contains("VICTORY LEVEL") && text.contains("FATE"));
}

/// An Atlantic Sentinels career exported [4.3]: the Convoy Log as PDF (its group, its totals, read back
/// with poppler), its targets as CSV and the after-action report; the blank log for a physical game.
#[test]
fn an_atlantic_career_exports_its_convoy_log() {
    let dir = std::env::temp_dir().join(format!("periscope-export-atlantic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("career.json");
    let save_s = save.to_str().unwrap();
    let played = cli(&[
        "play", "atlantic", "--seed", "3", "--policy", "careful", "--save", save_s,
    ]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );

    let md = dir.join("aar.md");
    let out = cli(&["export", save_s, "--format", "md", "--out", md.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let md = std::fs::read_to_string(md).unwrap();
    let group = md
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# Convoy Log of escort group "))
        .unwrap_or_else(|| panic!("{md}"))
        .to_string();
    assert!(md.contains("Senior Officer Escort"), "{md}");

    let csv = dir.join("targets.csv");
    assert!(
        cli(&[
            "export",
            save_s,
            "--format",
            "csv",
            "--out",
            csv.to_str().unwrap()
        ])
        .status
        .success()
    );
    let csv = std::fs::read_to_string(csv).unwrap();
    assert!(csv.lines().count() > 1, "{csv}");

    let pdf = dir.join("log.pdf");
    assert!(
        cli(&[
            "export",
            save_s,
            "--out",
            pdf.to_str().unwrap(),
            "--paper",
            "letter"
        ])
        .status
        .success()
    );
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF"));
    if let Some(text) = poppler("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]) {
        assert!(
            text.contains("CONVOY LOG") && text.contains(&format!("Escort group {group}")),
            "{text}"
        );
    }

    let blank = dir.join("blank.csv");
    let out = cli(&[
        "export",
        "--blank",
        "atlantic",
        "--format",
        "csv",
        "--out",
        blank.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let blank = std::fs::read_to_string(blank).unwrap();
    assert!(blank.contains("2/42") && blank.contains("6/43"), "{blank}");
    std::fs::remove_dir_all(&dir).unwrap();
}
