//! `periscope-cli`: headless Periscope. JSON in and out, so a person can script a game and tests can
//! drive one. `docs/headless.md` documents every command and the action vocabulary.
//!
//! The commands are the same for every game; the games come from one [`Registry`], where each joins
//! with one line saying what it can do (play and replay, simulate with its own flags, export its
//! paperwork). [`run`] parses a command line against a registry and runs it, writing to the streams it
//! is given, so tests can run the CLI in-process with games of their own.

mod atlantic;
mod capabilities;
mod chances;
mod charts;
mod command;
mod counters;
mod export;
mod hunt;
mod play;
mod registry;
mod sensuikan;
mod silent_war_ijn;
mod sim;
mod study;
mod terminal;

use std::ffi::OsString;
use std::fmt;
use std::io::Write;
use std::process::ExitCode;

pub use capabilities::{BlankSheet, ChartSet, Format, Paperwork};
pub use play::{Headless, PlayArgs};
pub use registry::{Entry, GameLine, Registry, game};
pub use sim::{PolicyName, SimCommon, Simulation};

/// Why a command could not do its work: a bad command line, an unreadable file, a save of the wrong
/// game. It is printed as `periscope-cli: error: …` on stderr and the exit code is 2. (A refused action
/// is not a failure: the report is printed and the exit code is 1.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure(pub String);

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        Failure(message.to_string())
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure(format!("cannot write the output: {e}"))
    }
}

/// What a command returns: its exit code (0 done, 1 an action or a file refused), or a failure (2).
pub type Outcome = Result<ExitCode, Failure>;

/// The streams a command writes to. Both are text, shown and never obeyed: a control character from a
/// file (a save's game id, a commander's name, a path) is escaped on its way out (`terminal.rs`).
pub struct Io<'a> {
    pub out: &'a mut dyn Write,
    pub err: &'a mut dyn Write,
    /// A document the command leaves for stdout (`export --out -`): written as bytes, not escaped, after
    /// the command, which then writes nothing else to `out`.
    pub document: Option<Vec<u8>>,
}

/// The exit code of a bad command line or an unreadable file.
pub const FAILURE_EXIT: u8 = 2;

/// Runs one command line (without the program's name) against the registry's games. Exit codes: 0
/// success, 1 a refused action (or an override file with errors), 2 a bad command line or an unreadable
/// file.
pub fn run<I, T>(registry: &Registry, args: I, out: &mut dyn Write, err: &mut dyn Write) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let mut out = terminal::Shown::new(out);
    let mut err = terminal::Shown::new(err);
    let mut io = Io {
        out: &mut out,
        err: &mut err,
        document: None,
    };
    let done = command::run(registry, &args, &mut io);
    let document = io.document.take();
    let done = match (done, document) {
        (Ok(code), Some(bytes)) => out
            .raw()
            .and_then(|raw| raw.write_all(&bytes).and_then(|()| raw.flush()))
            .map(|()| code)
            .map_err(|e| Failure(format!("cannot write the document to stdout: {e}"))),
        (done, _) => done,
    };
    match done {
        Ok(code) => code,
        Err(failure) => {
            // Nothing more can be said if stderr itself is gone.
            let _ = writeln!(err, "periscope-cli: error: {failure}");
            ExitCode::from(FAILURE_EXIT)
        }
    }
}
