//! `periscope-cli export`: the paperwork as PDF, CSV or Markdown. A game with paperwork says so in the
//! registry (`.paperwork()` for a save's documents, `.blank_sheet()` for the sheets of a physical game;
//! the games' own files print them), and the command line finds the game's entry (`command.rs`); this
//! file writes what it made.
//! `--format png --board NAME` draws one board of a save as the table shows it, on the CPU, with the app's
//! own painter code (`periscope_boards::picture`; no window is opened); `--format md --boards` writes the
//! report with every board's picture beside it.
//! `--out -` writes the document to stdout; an `--out` that is not a regular file (a link, a FIFO, a
//! device such as `/dev/stdout`, a folder) or that is the save itself is refused before anything is made.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use periscope_boards::picture::{saves, slug};
use periscope_print::Paper;

use crate::capabilities::Format;
use crate::play::read;
use crate::{Failure, Io, Outcome};

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
    /// Where to write it (a temporary file, then renamed; `-` for stdout). A link, a FIFO, a device or
    /// the save itself is refused
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

fn parse_paper(name: &str) -> Result<Paper, String> {
    Paper::parse(name).ok_or_else(|| format!("unknown paper '{name}' (a4 or letter)"))
}

impl ExportArgs {
    /// The save whose paperwork or boards to export, if one is named.
    pub fn save(&self) -> Option<&Path> {
        self.save.as_deref()
    }

    /// The game whose blank sheets to print, if `--blank` names one.
    pub fn blank(&self) -> Option<&str> {
        self.blank.as_deref()
    }

    pub fn format(&self) -> Format {
        self.format
    }

    pub fn paper(&self) -> Paper {
        self.paper
    }
}

/// `--format png` is a picture of a board, drawn here: `Some` with its outcome; `None` for paperwork,
/// whose flags are checked first (`--board` is for pictures, `--boards` for a save's report). `--out` is
/// checked before either ([`check_out`]).
pub fn picture_or_check(args: &ExportArgs, io: &mut Io) -> Option<Outcome> {
    if let Err(refused) = check_out(args) {
        return Some(Err(refused));
    }
    if args.format == Format::Png {
        return Some(picture(args, io));
    }
    if args.board.is_some() {
        return Some(Err("--board is for --format png".into()));
    }
    if args.boards && (args.format != Format::Md || args.save.is_none()) {
        return Some(Err("--boards is for a save's report: --format md".into()));
    }
    None
}

/// Whether `--out` is stdout (`-`).
fn to_stdout(args: &ExportArgs) -> bool {
    args.out.as_os_str() == "-"
}

/// Refuses an `--out` that would not be written as a file of its own: something there that is not a
/// regular file (a symbolic link, a FIFO, a device such as `/dev/stdout`, a folder), which would be
/// replaced by a plain file or cannot take a temporary beside it, or the save being exported, which would
/// be overwritten by its own paperwork. `-` is stdout, except for `--boards`, whose pictures are files
/// beside the report.
pub fn check_out(args: &ExportArgs) -> Result<(), Failure> {
    let out = &args.out;
    if to_stdout(args) {
        if args.boards {
            return Err(
                "--boards writes the pictures as files beside the report: give --out FILE, not -".into(),
            );
        }
        return Ok(());
    }
    if let Some(kind) = periscope_data::files::not_regular(out) {
        return Err(Failure(format!(
            "cannot write {}: it is {kind}, not a regular file, and is not replaced (to write to stdout, \
             give --out -)",
            out.display()
        )));
    }
    if let Some(save) = &args.save
        && periscope_data::files::same_file(save, out)
    {
        return Err(Failure(format!(
            "cannot write {}: it is the save being exported ({}), which would be overwritten",
            out.display(),
            save.display()
        )));
    }
    Ok(())
}

/// Writes a document at `--out`, or leaves it for stdout with `--out -` (then nothing else is written
/// there).
fn put(args: &ExportArgs, bytes: Vec<u8>, io: &mut Io) -> Outcome {
    if to_stdout(args) {
        io.document = Some(bytes);
        return Ok(ExitCode::SUCCESS);
    }
    periscope_data::files::write_atomically(&args.out, &bytes)
        .map_err(|e| Failure(format!("cannot write {}: {e}", args.out.display())))?;
    writeln!(io.out, "wrote {} ({} bytes)", args.out.display(), bytes.len())?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the paperwork a game made for the arguments at `--out`, with every board's picture beside a
/// save's report when `--boards` asks for them.
pub fn write(args: &ExportArgs, bytes: Vec<u8>, io: &mut Io) -> Outcome {
    if args.boards
        && let Some(path) = &args.save
    {
        return report_with_boards(path, &bytes, args, io);
    }
    put(args, bytes, io)
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
    put(args, bytes, io)
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
