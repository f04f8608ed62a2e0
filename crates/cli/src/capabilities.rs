//! What a game can do beyond `play` and `replay`, as its registry line says: print a save's paperwork
//! and its blank sheets (`export`), list its charts (`charts list`). The games' own files implement these;
//! the registry and the commands only read them.

use std::io::Write;

use clap::ValueEnum;
use periscope_data::summary::Summary;
use periscope_engine::Session;
use periscope_print::Paper;

use crate::Failure;
use crate::play::Headless;

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

/// A picture is drawn by `export --format png`, not by a game's paperwork.
pub fn png_is_no_paperwork() -> Failure {
    Failure("a PNG is a picture of a board: --format png --board NAME".into())
}

/// A game whose chart set `charts list GAME` prints.
#[derive(Clone)]
pub struct ChartSet {
    /// The names `charts list` takes for the game, the first the one its messages give.
    pub names: &'static [&'static str],
    /// Prints every shipped chart of the game, in sections ([`chart_section`]).
    pub list: fn(&mut dyn Write) -> Result<(), Failure>,
}

/// One game's charts under a heading, in aligned columns.
pub fn chart_section(out: &mut dyn Write, heading: &str, summaries: &[Summary]) -> std::io::Result<()> {
    let width = |f: fn(&Summary) -> &str| summaries.iter().map(|s| f(s).chars().count()).max().unwrap_or(0);
    let id_width = width(|s| &s.id).max(4);
    let title_width = width(|s| &s.title);
    let dice_width = width(|s| &s.dice);
    writeln!(out, "{heading} ({}):", summaries.len())?;
    for s in summaries {
        writeln!(
            out,
            "{:<id_width$} {:<title_width$}  {:<dice_width$}  {:>4} rows  {}",
            s.id, s.title, s.dice, s.rows, s.shape
        )?;
    }
    Ok(())
}
