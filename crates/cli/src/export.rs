//! `periscope-cli export`: the paperwork as PDF, CSV or Markdown. A game with paperwork says so in the
//! registry (`.paperwork()` for a save's documents, `.blank_sheet()` for the sheets of a physical game).
//! `--format png --board NAME` draws one board of a save as the table shows it, on the CPU, with the app's
//! own painter code (`periscope_boards::picture`; no window is opened); `--format md --boards` writes the
//! report with every board's picture beside it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use periscope_boards::picture::{saves, slug};
use periscope_engine::Session;
use periscope_engine::sensuikan::career::Career;
use periscope_print::sensuikan::career;
use periscope_print::{Paper, atlantic, csv, markdown, pdf, pdf_book, sensuikan};

use crate::play::{Headless, read};
use crate::registry::Registry;
use crate::{Failure, Io, Outcome};

/// The formats of the paperwork.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A printable PDF
    Pdf,
    /// A spreadsheet's CSV
    Csv,
    /// Markdown, for a forum
    #[value(alias = "markdown")]
    Md,
    /// A picture of one board of the save (--board)
    Png,
}

/// A game whose saves print as paperwork.
pub trait Paperwork: Headless {
    /// The documents of a game played so far.
    fn paperwork(session: &Session<Self>, format: Format, paper: Paper) -> Result<Vec<u8>, Failure>;
}

/// A game with sheets to print for playing it with cardboard and real dice.
pub trait BlankSheet: Headless {
    fn blank_sheet(format: Format, paper: Paper) -> Result<Vec<u8>, Failure>;
}

/// `export [SAVE] [--blank GAME] [--format pdf|csv|md] --out FILE [--paper a4|letter]`.
#[derive(Debug, Clone, Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["save", "blank"])))]
pub struct ExportArgs {
    /// A save whose paperwork to print (a Sensuikan or Atlantic Sentinels career)
    #[arg(value_name = "SAVE", conflicts_with = "blank")]
    save: Option<PathBuf>,
    /// The blank sheets of a game instead, for a physical game
    #[arg(long, value_name = "GAME")]
    blank: Option<String>,
    /// The document's format
    #[arg(long, value_enum, default_value_t = Format::Pdf)]
    format: Format,
    /// Where to write it (a temporary file, then renamed)
    #[arg(long, value_name = "FILE", required = true)]
    out: PathBuf,
    /// The PDF's paper: a4 or letter
    #[arg(long, value_name = "PAPER", default_value = "a4", value_parser = parse_paper)]
    paper: Paper,
    /// The board to picture with --format png ("combat-sheet"; the list is below)
    #[arg(long, value_name = "NAME")]
    board: Option<String>,
    /// The picture's zoom, 0.25 to 4: its size in pixels is the board's size times the zoom
    #[arg(long, value_name = "Z", default_value_t = 1.0)]
    zoom: f32,
    /// With --format md: every board's picture beside the report (OUT-<board>.png), embedded in it
    #[arg(long)]
    boards: bool,
}

/// A picture is drawn by `export --format png`, not by a game's paperwork.
fn png_is_no_paperwork() -> Failure {
    Failure("a PNG is a picture of a board: --format png --board NAME".into())
}

fn parse_paper(name: &str) -> Result<Paper, String> {
    Paper::parse(name).ok_or_else(|| format!("unknown paper '{name}' (a4 or letter)"))
}

/// Writes the paperwork the arguments ask for.
pub fn export(registry: &Registry, args: &ExportArgs, io: &mut Io) -> Outcome {
    if args.format == Format::Png {
        return picture(args, io);
    }
    if args.board.is_some() {
        return Err("--board is for --format png".into());
    }
    if args.boards && (args.format != Format::Md || args.save.is_none()) {
        return Err("--boards is for a save's report: --format md".into());
    }
    let bytes = match (&args.save, &args.blank) {
        (Some(path), _) => {
            let text = read(path)?;
            let save = periscope_engine::save::peek(&text)
                .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
            let entry = registry.for_save(&save.game).ok_or_else(|| {
                Failure(format!(
                    "{}: a save of '{}', which this build cannot read",
                    path.display(),
                    periscope_data::error::bounded(save.game.clone(), 60)
                ))
            })?;
            let paperwork = entry.paperwork.ok_or_else(|| {
                Failure(format!(
                    "{}: a save of {}, which has no paperwork to export (games with paperwork: {})",
                    path.display(),
                    entry.info.name,
                    registry.ids_that(|e| e.paperwork.is_some())
                ))
            })?;
            paperwork(path, save, args.format, args.paper)?
        }
        (None, Some(name)) => {
            let blank = registry.find(name).and_then(|e| e.blank_sheet).ok_or_else(|| {
                Failure(format!(
                    "no blank sheet for '{name}' (known: {})",
                    registry.names_that(|e| e.blank_sheet.is_some())
                ))
            })?;
            blank(args.format, args.paper)?
        }
        (None, None) => return Err("export needs a save file or --blank GAME".into()),
    };
    if args.boards
        && let Some(path) = &args.save
    {
        return report_with_boards(path, &bytes, args, io);
    }
    periscope_data::files::write_atomically(&args.out, &bytes)
        .map_err(|e| Failure(format!("cannot write {}: {e}", args.out.display())))?;
    writeln!(io.out, "wrote {} ({} bytes)", args.out.display(), bytes.len())?;
    Ok(ExitCode::SUCCESS)
}

/// `--format png --board NAME [--zoom Z]`: one board of the save as a PNG.
fn picture(args: &ExportArgs, io: &mut Io) -> Outcome {
    let Some(path) = &args.save else {
        return Err("--format png pictures a board of a save: give a save file, not --blank".into());
    };
    let text = read(path)?;
    let Some(board) = &args.board else {
        let save =
            periscope_engine::save::peek(&text).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
        let pictured =
            saves::for_save(&save.game).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
        let names: Vec<String> = (pictured.boards)().iter().map(|(n, _)| slug(n)).collect();
        return Err(Failure(format!(
            "--format png needs --board NAME (boards of {}: {})",
            pictured.info.name,
            names.join(", ")
        )));
    };
    let bytes = saves::board_png_of_save(&text, board, args.zoom)
        .map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    periscope_data::files::write_atomically(&args.out, &bytes)
        .map_err(|e| Failure(format!("cannot write {}: {e}", args.out.display())))?;
    writeln!(io.out, "wrote {} ({} bytes)", args.out.display(), bytes.len())?;
    Ok(ExitCode::SUCCESS)
}

/// `--format md --boards`: the report at OUT and every board's picture beside it, embedded.
fn report_with_boards(save: &Path, report: &[u8], args: &ExportArgs, io: &mut Io) -> Outcome {
    let text = read(save)?;
    let pictures = saves::every_board_png_of_save(&text, args.zoom)
        .map_err(|e| Failure(format!("{}: {e}", save.display())))?;
    let report = String::from_utf8_lossy(report);
    let written = periscope_boards::picture::report::write(&args.out, &report, &pictures)
        .map_err(|e| Failure(format!("cannot write {}: {e}", args.out.display())))?;
    for file in written {
        writeln!(io.out, "wrote {}", file.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A Sensuikan career's paperwork: the PDF is the Patrol Log and the career summary, the CSV every ship
/// attacked, the Markdown an after-action report.
impl Paperwork for Career {
    fn paperwork(session: &Session<Self>, format: Format, paper: Paper) -> Result<Vec<u8>, Failure> {
        let view = session.game().view();
        Ok(match format {
            Format::Pdf => pdf_book(&[career::patrol_log(&view), career::summary(&view)], paper)
                .map_err(|e| Failure(e.to_string()))?,
            Format::Csv => csv(&career::ships_attacked(&view)).into_bytes(),
            Format::Md => career::after_action_report(&view).into_bytes(),
            Format::Png => return Err(png_is_no_paperwork()),
        })
    }
}

/// The blank Sensuikan Patrol Log Sheet.
impl BlankSheet for Career {
    fn blank_sheet(format: Format, paper: Paper) -> Result<Vec<u8>, Failure> {
        let sheet = sensuikan::blank_patrol_log();
        Ok(match format {
            Format::Pdf => pdf(&sheet, paper).map_err(|e| Failure(e.to_string()))?,
            Format::Csv => csv(&sheet).into_bytes(),
            Format::Md => markdown(&sheet).into_bytes(),
            Format::Png => return Err(png_is_no_paperwork()),
        })
    }
}

/// An Atlantic Sentinels career's Convoy Log [4.3]: the printed log filled from the career (every mission
/// row, the sunk ships ringed, the totals and how the victory was computed), the targets as CSV, or the
/// after-action report.
impl Paperwork for periscope_engine::atlantic::career::Career {
    fn paperwork(session: &Session<Self>, format: Format, paper: Paper) -> Result<Vec<u8>, Failure> {
        let game = session.game();
        let log = game.convoy_log().filter(|l| !l.group.is_empty()).ok_or_else(|| {
            Failure("the career has no escort group yet: nothing is on its Convoy Log".into())
        })?;
        let soe_ship = game
            .command()
            .and_then(|c| c.ships.first())
            .map(|s| s.name.clone())
            .unwrap_or_default();
        let printed = atlantic::career_log(log, &soe_ship);
        Ok(match format {
            Format::Pdf => pdf(&atlantic::convoy_log(&printed), paper).map_err(|e| Failure(e.to_string()))?,
            Format::Csv => csv(&atlantic::targets_table(&printed)).into_bytes(),
            Format::Md => atlantic::after_action_report(&printed).into_bytes(),
            Format::Png => return Err(png_is_no_paperwork()),
        })
    }
}

/// The blank Convoy Log, two rows a month from 2/42 to 6/43, for a physical game.
impl BlankSheet for periscope_engine::atlantic::career::Career {
    fn blank_sheet(format: Format, paper: Paper) -> Result<Vec<u8>, Failure> {
        let sheet = atlantic::blank_convoy_log();
        Ok(match format {
            Format::Pdf => pdf(&sheet, paper).map_err(|e| Failure(e.to_string()))?,
            Format::Csv => csv(&sheet).into_bytes(),
            Format::Md => markdown(&sheet).into_bytes(),
            Format::Png => return Err(png_is_no_paperwork()),
        })
    }
}
