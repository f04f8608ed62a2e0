//! Sensuikan, headless: one patrol from port to port (`play sensuikan-patrol`, `replay`,
//! `sim sensuikan-patrol`, and `sim sensuikan` without `--careers`).

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use periscope_engine::dice::{DiceMode, SeededRng};
use periscope_engine::machine::Rules;
use periscope_engine::sensuikan::{Patrol, PatrolEnd, PatrolEvent, PatrolView};
use periscope_engine::{Game, Session};
use serde::Serialize;

use crate::play::{self, Headless};
use crate::sim::{self, Bench, SimCommon, Simulation, rate};
use crate::{Failure, Outcome};

impl Headless for Patrol {
    type View = PatrolView;

    fn view(&self) -> PatrolView {
        Patrol::view(self)
    }

    fn describe(&self) -> String {
        let v = Patrol::view(self);
        let loaded = v
            .bow_tubes
            .iter()
            .chain(&v.stern_tubes)
            .filter(|t| *t != "empty")
            .count();
        format!(
            "{} · hull {}/{} · flooding {}/{} · torpedoes {loaded} loaded, {} + {} reloads · ammunition {}",
            v.whereabouts,
            v.hull,
            v.hull_boxes,
            v.flooding,
            v.flooding_boxes,
            v.bow_reloads,
            v.stern_reloads,
            v.ammunition
        )
    }

    fn headline(session: &Session<Self>) -> String {
        let v = Patrol::view(session.game());
        format!(
            "Sensuikan · {} · {} · {} · seed {} · {} actions",
            v.class,
            v.month,
            v.area_name,
            session.seed(),
            session.actions().len()
        )
    }

    fn opening_events(&self) -> Vec<PatrolEvent> {
        Patrol::opening_events(self).to_vec()
    }
}

#[derive(Serialize)]
struct SimReport {
    game: &'static str,
    policy: String,
    patrols: u64,
    seed: u64,
    home: u64,
    sunk: u64,
    scuttled_or_captured: u64,
    aborted: u64,
    average_tonnage: f64,
    ships_sunk: u64,
    seconds: f64,
    patrols_per_second: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    bench: Option<Bench>,
}

/// `sim sensuikan-patrol`: seeded patrols, port to port.
#[derive(Debug, Clone, Args)]
pub struct PatrolSim {
    /// How many patrols
    #[arg(long, value_name = "N", default_value_t = 1000)]
    patrols: u64,
    #[command(flatten)]
    common: SimCommon,
}

impl Simulation for PatrolSim {
    type Game = Patrol;

    fn run(self, out: &mut dyn Write) -> Outcome {
        sim(&self, out)
    }
}

fn sim(args: &PatrolSim, out: &mut dyn Write) -> Outcome {
    let patrols = args.patrols;
    let seed = args.common.seed;
    let name = args.common.policy.name.as_str();
    let policy = args.common.policy.policy;
    let opts = play::options::<Patrol>(args.common.options.as_deref())?;
    let threads = sim::threads(args.common.threads);
    // The shipped data are read once per process, before the clock starts: it times the patrols.
    Patrol::new(opts.clone(), seed, DiceMode::Seeded).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let played = sim::across_cores(patrols, threads, |p| {
        let s = seed.wrapping_add(p);
        let mut g = Patrol::new(opts.clone(), s, DiceMode::Seeded).map_err(|e| e.to_string())?;
        let mut rng = SeededRng::new(s ^ 0x00C0_FFEE);
        // Nothing reads the roll records or the events: the patrol plays quiet, its events in one list.
        g.quiet();
        let mut events = Vec::new();
        while let Some(a) = policy.choose(&g, &mut rng) {
            events.clear();
            g.apply_offered_into(a, &mut events)
                .map_err(|e| format!("patrol {s}: {e}"))?;
        }
        let Some(r) = g.result() else {
            return Err(Failure(format!("patrol {s} did not finish")));
        };
        let ships = r.ships.iter().filter(|x| x.sunk).count() as u64;
        Ok((
            r.end,
            r.aborted,
            r.tonnage_sunk,
            ships,
            Rules::dice(&mut g).words_drawn(),
        ))
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let (mut home, mut sunk, mut scuttled, mut aborted, mut tonnage, mut ships, mut words) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for (end, was_aborted, tons, sunk_ships, dice_words) in played {
        match end {
            PatrolEnd::InPort | PatrolEnd::Towed => home += 1,
            PatrolEnd::Sunk { .. } => sunk += 1,
            PatrolEnd::Scuttled { .. } | PatrolEnd::Captured => scuttled += 1,
        }
        aborted += u64::from(was_aborted);
        tonnage += u64::from(tons);
        ships += sunk_ships;
        words += dice_words;
    }
    let bench = args
        .common
        .bench
        .then(|| Bench::measure(threads, patrols, seconds, words));
    let n = patrols.max(1) as f64;
    let report = SimReport {
        game: Patrol::ID,
        policy: name.to_string(),
        patrols,
        seed,
        home,
        sunk,
        scuttled_or_captured: scuttled,
        aborted,
        average_tonnage: tonnage as f64 / n,
        ships_sunk: ships,
        seconds,
        patrols_per_second: rate(patrols, seconds),
        bench,
    };
    if args.common.json {
        let text = serde_json::to_string_pretty(&report).map_err(|e| Failure(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        writeln!(
            out,
            "Sensuikan · {} patrols · policy {} · seed {}",
            report.patrols, report.policy, report.seed
        )?;
        writeln!(
            out,
            "  home {} · sunk {} · scuttled or captured {} · aborted {}",
            home, sunk, scuttled, aborted
        )?;
        writeln!(
            out,
            "  average tonnage {:.0} t · ships sunk {}",
            report.average_tonnage, ships
        )?;
        writeln!(
            out,
            "  {:.0} patrols/s ({:.3} s)",
            report.patrols_per_second, seconds
        )?;
        if let Some(b) = &report.bench {
            writeln!(out, "  {}", b.line("patrols"))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
