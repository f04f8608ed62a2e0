//! `periscope-cli`: headless Periscope. JSON in and out, so a person can script a game and tests can
//! drive one. `docs/headless.md` documents every command and the action vocabulary.

mod args;
mod career;
mod charts;
mod export;
mod hunt;
mod sensuikan;
mod session;

use std::process::ExitCode;

const USAGE: &str = "\
periscope-cli — play Periscope's games headless

USAGE:
  periscope-cli play hunt [--seed N] [--dice FILE | --physical] [--actions FILE] [--options FILE]
                          [--policy careful|random] [--save FILE] [--json]
  periscope-cli play sensuikan [--seed N] [--dice FILE | --physical] [--actions FILE] [--options FILE]
                               [--policy careful|default|random] [--save FILE] [--json]
                               (a whole career; `play sensuikan-career` is the same)
  periscope-cli play sensuikan-patrol [--seed N] [--dice FILE | --physical] [--actions FILE] [--options FILE]
                                      [--policy careful|random] [--save FILE] [--json]
  periscope-cli replay SAVE [--json]
  periscope-cli sim hunt [--games N] [--seed N] [--policy careful|random] [--json]
  periscope-cli sim sensuikan-patrol [--patrols N] [--seed N] [--policy careful|random] [--options FILE] [--json]
                                     (also `sim sensuikan` without --careers)
  periscope-cli sim sensuikan --careers N ...   (the same as sim sensuikan-career)
  periscope-cli sim sensuikan-career [--careers N] [--seed N] [--policy careful|default|random] [--options FILE]
                                     [--tournament tonnage|survival|mixed] [--json]
  periscope-cli charts list | charts check OVERRIDES.json
  periscope-cli export --blank sensuikan [--format pdf|csv|md] --out FILE [--paper a4|letter]
  periscope-cli export CAREER-SAVE [--format pdf|csv|md] --out FILE [--paper a4|letter]
  periscope-cli help

Actions files hold a JSON array of actions or one short action per line (hunt, pick N, fire N, flip,
break, mode, return, roll F F …). Dice files hold faces separated by spaces, commas or new lines.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("periscope-cli: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<ExitCode, String> {
    let (command, rest) = args.split_first().ok_or_else(|| USAGE.to_string())?;
    match command.as_str() {
        "play" => {
            let (game, rest) = rest.split_first().ok_or("play needs a game: hunt")?;
            match game.as_str() {
                "hunt" => session::play::<periscope_engine::hunt::Hunt>(&args::Args::parse(rest)?),
                // Issue 5: `play sensuikan` is a whole career; one patrol alone is `sensuikan-patrol`.
                "sensuikan" | "sensuikan-career" => {
                    session::play::<periscope_engine::sensuikan::career::Career>(&args::Args::parse(rest)?)
                }
                "sensuikan-patrol" => {
                    session::play::<periscope_engine::sensuikan::Patrol>(&args::Args::parse(rest)?)
                }
                other => Err(format!(
                    "unknown game '{other}' (known: hunt, sensuikan, sensuikan-patrol, sensuikan-career)"
                )),
            }
        }
        "replay" => {
            let (path, rest) = rest.split_first().ok_or("replay needs a save file")?;
            let args = args::Args::parse(rest)?;
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let save = periscope_engine::save::peek(&text).map_err(|e| format!("{path}: {e}"))?;
            match save.game.as_str() {
                "hunt" => session::replay::<periscope_engine::hunt::Hunt>(path, save, &args),
                "sensuikan-patrol" | "sensuikan" => {
                    session::replay::<periscope_engine::sensuikan::Patrol>(path, save, &args)
                }
                "sensuikan-career" => {
                    session::replay::<periscope_engine::sensuikan::career::Career>(path, save, &args)
                }
                other => Err(format!(
                    "{path}: a save of '{other}', which this build cannot replay"
                )),
            }
        }
        "sim" => {
            let (game, rest) = rest.split_first().ok_or("sim needs a game: hunt")?;
            match game.as_str() {
                "hunt" => hunt::sim(&args::Args::parse(rest)?),
                "sensuikan" => {
                    // Issue 5: `sim sensuikan --careers N` runs whole careers.
                    let args = args::Args::parse(rest)?;
                    if args.get("careers").is_some() {
                        career::sim(&args)
                    } else {
                        sensuikan::sim(&args)
                    }
                }
                "sensuikan-patrol" => sensuikan::sim(&args::Args::parse(rest)?),
                "sensuikan-career" => career::sim(&args::Args::parse(rest)?),
                other => Err(format!(
                    "unknown game '{other}' (known: hunt, sensuikan, sensuikan-patrol, sensuikan-career)"
                )),
            }
        }
        "charts" => charts::run(rest),
        "export" => match rest.split_first() {
            Some((save, more)) if !save.starts_with("--") => {
                export::export(Some(save), &args::Args::parse(more)?)
            }
            _ => export::export(None, &args::Args::parse(rest)?),
        },
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command '{other}'\n\n{USAGE}")),
    }
}
