//! Sensuikan, a whole career, headless: `play sensuikan` (alias `play sensuikan-career`), `replay`,
//! `sim sensuikan-career` (and `sim sensuikan --careers N`), `export` (the Patrol Log, its blank sheet),
//! `charts list sensuikan`.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use periscope_engine::dice::{DiceMode, SeededRng};
use periscope_engine::machine::Rules;
use periscope_engine::policy::Policy;
use periscope_engine::sensuikan::career::tournament::{self, TournamentKind};
use periscope_engine::sensuikan::career::victory_cause_alive;
use periscope_engine::sensuikan::career::{
    Career, CareerEvent, CareerOptions, CareerView, Phase, VictoryLevel,
};
use periscope_engine::{Game, Session};
use periscope_print::sensuikan::career;
use periscope_print::{Paper, csv, markdown, pdf, pdf_book, sensuikan};
use serde::Serialize;

use crate::capabilities::{BlankSheet, Format, Paperwork, chart_section, png_is_no_paperwork};
use crate::play::{self, Headless};
use crate::sim::{self, Bench, SimCommon, Simulation, rate};
use crate::study::{self, Study, StudyCareer};
use crate::{Failure, Outcome};

impl Headless for Career {
    type View = CareerView;

    fn view(&self) -> CareerView {
        Career::view(self)
    }

    fn describe(&self) -> String {
        let v = Career::view(self);
        let mut s = format!(
            "{} {} · {} {} · {} · {} · crew {} · {} · {} t · {}",
            v.class,
            v.hull_number,
            v.rank,
            v.commander,
            v.month,
            v.whereabouts,
            periscope_engine::sensuikan::words::quality(v.crew.quality),
            count(v.patrols, "patrol", "patrols"),
            v.tonnage,
            count(v.special_missions, "special mission", "special missions"),
        );
        if let Some(p) = &v.patrol
            && v.end.is_none()
        {
            s.push_str(&format!("\nOn patrol: hull {}/{}", p.hull, p.hull_boxes));
        }
        s.push_str("\nPatrol Log:");
        for r in &v.log {
            if r.mark == "patrol" {
                let ships: Vec<String> = r
                    .ships
                    .iter()
                    .map(|x| {
                        format!(
                            "{} {} t{}{}",
                            x.name,
                            x.tonnage,
                            if x.sunk { " sunk" } else { " damaged" },
                            if x.by_midget { " by the midget" } else { "" }
                        )
                    })
                    .collect();
                s.push_str(&format!(
                    "\n  {:>5}  {}, {} [{}] {}",
                    r.month,
                    r.mission,
                    r.area_name,
                    ships.join(", "),
                    r.result
                ));
            } else {
                s.push_str(&format!("\n  {:>5}  {}", r.month, r.mark));
            }
        }
        s
    }

    fn headline(session: &Session<Self>) -> String {
        let v = Career::view(session.game());
        format!(
            "Sensuikan career · {} {} · {} · seed {} · {} actions",
            v.class,
            v.hull_number,
            v.month,
            session.seed(),
            session.actions().len()
        )
    }

    fn opening_events(&self) -> Vec<CareerEvent> {
        Career::opening_events(self).to_vec()
    }
}

/// `1 patrol`, `14 patrols`.
fn count(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[derive(Serialize)]
struct SimReport {
    game: &'static str,
    policy: String,
    careers: u64,
    seed: u64,
    levels: Vec<(String, u64)>,
    tonnage_p10: u32,
    tonnage_p50: u32,
    tonnage_p90: u32,
    tonnage_max: u32,
    survival_rate: f64,
    average_patrols: f64,
    seconds: f64,
    careers_per_second: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    bench: Option<Bench>,
}

/// One career's end, as the simulation tallies it.
struct Played {
    level: usize,
    tonnage: u32,
    alive: bool,
    patrols: u32,
    dice_words: u64,
    /// The class, month and base of the first patrol, for `--by`.
    class: String,
    start: String,
    base: String,
}

/// The class, month and base of a career now: its start, once its first patrol begins.
fn start_of(g: &Career) -> (String, String, String) {
    (
        g.class_id().to_string(),
        g.month().to_string(),
        g.base().to_string(),
    )
}

/// `sim sensuikan-career`: whole careers, or a tournament.
#[derive(Debug, Clone, Args)]
pub struct CareerSim {
    /// How many careers (default 1000; 8 in a tournament)
    #[arg(long, value_name = "N")]
    careers: Option<u64>,
    /// Plays a tournament and prints its results table [10.2] [10.3] [10.4]
    #[arg(long, value_name = "KIND", value_parser = str::parse::<TournamentKind>)]
    tournament: Option<TournamentKind>,
    /// Groups the careers by the class, the month or the base of their first patrol: one row each
    #[arg(long, value_name = "KEY", value_parser = ["class", "start", "base"])]
    by: Option<String>,
    #[command(flatten)]
    common: SimCommon,
}

impl Simulation for CareerSim {
    type Game = Career;

    fn run(self, out: &mut dyn Write) -> Outcome {
        match self.tournament {
            Some(kind) => tournament(&self, kind, out),
            None => sim(&self, out),
        }
    }
}

/// [10.2] [10.3] [10.4] `sim sensuikan-career --tournament tonnage|survival|mixed --careers N --seed S`:
/// N careers from the same start, ranked in a results table.
fn tournament(args: &CareerSim, kind: TournamentKind, out: &mut dyn Write) -> Outcome {
    let players = args.careers.unwrap_or(8);
    let players = u32::try_from(players)
        .map_err(|_| Failure(format!("--careers: {players} is too many for a tournament")))?;
    let seed = args.common.seed;
    let name = args.common.policy.name.as_str();
    let policy = args.common.policy.policy;
    let opts = play::options::<Career>(args.common.options.as_deref())?;
    let start = Instant::now();
    let table = tournament::play(kind, players, seed, policy, &opts).map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    if args.common.json {
        let text = serde_json::to_string_pretty(&table).map_err(|e| Failure(e.to_string()))?;
        writeln!(out, "{text}")?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "Sensuikan {kind} tournament · {players} careers · policy {name} · seed {seed} ({seconds:.2} s)"
    )?;
    writeln!(
        out,
        "{:>4}  {:<26} {:<22} {:>9}  {:<14} victory level",
        "rank", "commander", "class", "tonnage", "fate"
    )?;
    for s in &table {
        let rank = s.rank.map_or_else(|| "—".to_string(), |r| r.to_string());
        writeln!(
            out,
            "{:>4}  {:<26} {:<22} {:>9}  {:<14} {}",
            rank,
            s.entry.commander,
            s.entry.class,
            s.entry.tonnage,
            s.fate,
            s.entry.level.name()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

fn sim(args: &CareerSim, out: &mut dyn Write) -> Outcome {
    let careers = args.careers.unwrap_or(1000);
    let seed = args.common.seed;
    let policy = args.common.policy.policy;
    let opts = play::options::<Career>(args.common.options.as_deref())?;
    let threads = sim::threads(args.common.threads);
    // The shipped data are read once per process, before the clock starts: it times the careers.
    Career::new(opts.clone(), seed, DiceMode::Seeded).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let played = sim::across_cores(careers, threads, |c| {
        play_career(&opts, seed.wrapping_add(c), policy)
    })?;
    let seconds = start.elapsed().as_secs_f64();
    if let Some(by) = &args.by {
        return study_by(args, &played, by, out);
    }
    let report = sim_report(args, &played, threads, seconds, start);
    print_sim_report(&report, args.common.json, out)
}

/// One career of the simulation, seed `s`, played by the policy to its end.
fn play_career(opts: &CareerOptions, s: u64, policy: Policy) -> Result<Played, Failure> {
    let mut g = Career::new(opts.clone(), s, DiceMode::Seeded).map_err(|e| e.to_string())?;
    let mut rng = SeededRng::new(s ^ 0x00C0_FFEE);
    let mut first_patrol = None;
    // Nothing reads the roll records or the events: the career plays quiet, its events in one list.
    g.quiet();
    let mut events = Vec::new();
    while let Some(a) = policy.choose(&g, &mut rng) {
        events.clear();
        g.apply_offered_into(a, &mut events)
            .map_err(|e| format!("career {s}: {e}"))?;
        if first_patrol.is_none() && matches!(g.phase(), Phase::Patrol) {
            first_patrol = Some(start_of(&g));
        }
    }
    let (class, start, base) = first_patrol.unwrap_or_else(|| start_of(&g));
    let Some(end) = g.end().copied() else {
        return Err(Failure(format!("career {s} did not finish")));
    };
    let level = VictoryLevel::ALL
        .iter()
        .position(|l| *l == end.level)
        .unwrap_or(0);
    Ok(Played {
        level,
        tonnage: end.tonnage,
        alive: victory_cause_alive(end.cause),
        patrols: g.view().patrols,
        dice_words: Rules::dice(&mut g).words_drawn(),
        class,
        start,
        base,
    })
}

/// `--by KEY`: the careers grouped by their class, start or base, one row each.
fn study_by(args: &CareerSim, played: &[Played], by: &str, out: &mut dyn Write) -> Outcome {
    let careers_by: Vec<StudyCareer> = played
        .iter()
        .map(|p| StudyCareer {
            value: match by {
                "class" => p.class.clone(),
                "start" => p.start.clone(),
                _ => p.base.clone(),
            },
            level: p.level,
            tonnage: p.tonnage,
            alive: p.alive,
        })
        .collect();
    let levels: Vec<String> = VictoryLevel::ALL.iter().map(|l| l.name().to_string()).collect();
    let report = Study {
        game: Career::ID,
        policy: args.common.policy.name.clone(),
        careers: args.careers.unwrap_or(1000),
        seed: args.common.seed,
        by: by.to_string(),
        tonnage: "tonnage sunk",
        rows: study::rows(&levels, &careers_by),
    };
    study::print(&report, args.common.json, out)
}

/// The careers' totals: the victory levels, the tonnage's percentiles, survival and patrols, the speed.
/// `seconds` is the careers' time, which `--bench` measures; the report's is taken once they are counted.
fn sim_report(
    args: &CareerSim,
    played: &[Played],
    threads: usize,
    seconds: f64,
    start: Instant,
) -> SimReport {
    let careers = args.careers.unwrap_or(1000);
    let mut counts = [0u64; 5];
    let mut tonnages = Vec::new();
    let (mut alive, mut patrols, mut dice_words) = (0u64, 0u64, 0u64);
    for p in played {
        if let Some(c) = counts.get_mut(p.level) {
            *c += 1;
        }
        tonnages.push(p.tonnage);
        alive += u64::from(p.alive);
        patrols += u64::from(p.patrols);
        dice_words += p.dice_words;
    }
    let bench = args
        .common
        .bench
        .then(|| Bench::measure(threads, careers, seconds, dice_words));
    let seconds = start.elapsed().as_secs_f64();
    tonnages.sort_unstable();
    let pct = |p: usize| {
        if tonnages.is_empty() {
            0
        } else {
            tonnages[((tonnages.len() - 1) * p) / 100]
        }
    };
    let n = careers.max(1) as f64;
    SimReport {
        game: Career::ID,
        policy: args.common.policy.name.clone(),
        careers,
        seed: args.common.seed,
        levels: VictoryLevel::ALL
            .iter()
            .zip(counts)
            .map(|(l, c)| (l.name().to_string(), c))
            .collect(),
        tonnage_p10: pct(10),
        tonnage_p50: pct(50),
        tonnage_p90: pct(90),
        tonnage_max: tonnages.last().copied().unwrap_or(0),
        survival_rate: alive as f64 / n,
        average_patrols: patrols as f64 / n,
        seconds,
        careers_per_second: rate(careers, seconds),
        bench,
    }
}

/// The simulation's report as JSON, or in lines for a person.
fn print_sim_report(report: &SimReport, json: bool, out: &mut dyn Write) -> Outcome {
    let n = report.careers.max(1) as f64;
    let seconds = report.seconds;
    if json {
        let text = serde_json::to_string_pretty(report).map_err(|e| Failure(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        writeln!(
            out,
            "Sensuikan career · {} careers · policy {} · seed {}",
            report.careers, report.policy, report.seed
        )?;
        for (l, c) in &report.levels {
            writeln!(out, "  {l:<21} {c:>6}  {:5.1}%", 100.0 * *c as f64 / n)?;
        }
        writeln!(
            out,
            "  tonnage p10 {} t · p50 {} t · p90 {} t · max {} t",
            report.tonnage_p10, report.tonnage_p50, report.tonnage_p90, report.tonnage_max
        )?;
        writeln!(
            out,
            "  survival {:.1}% · {:.1} patrols per career",
            100.0 * report.survival_rate,
            report.average_patrols
        )?;
        writeln!(
            out,
            "  {:.0} careers/s ({:.3} s)",
            report.careers_per_second, seconds
        )?;
        if let Some(b) = &report.bench {
            writeln!(out, "  {}", b.line("careers"))?;
        }
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

/// `charts list sensuikan`: the shipped chart set.
pub fn list_charts(out: &mut dyn Write) -> Result<(), Failure> {
    let charts = periscope_data::sensuikan::charts::Charts::shipped().map_err(|e| Failure(e.to_string()))?;
    chart_section(out, "Sensuikan charts", &charts.summaries())?;
    Ok(())
}
