//! `periscope-cli`: headless Periscope (see the library, `periscope_cli`, and `docs/headless.md`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let registry = periscope_cli::Registry::shipped();
    periscope_cli::run(
        &registry,
        std::env::args_os().skip(1),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    )
}
