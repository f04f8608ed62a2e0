//! Sensuikan, headless: one patrol from port to port (`play sensuikan-patrol`, `replay`, `sim sensuikan-patrol`).

use std::process::ExitCode;
use std::time::Instant;

use periscope_engine::dice::{DiceMode, SeededRng};
use periscope_engine::sensuikan::policy::Policy;
use periscope_engine::sensuikan::{Patrol, PatrolEnd, PatrolEvent, PatrolView};
use periscope_engine::{Game, Session};
use serde::Serialize;

use crate::args::Args;
use crate::session::{self, Headless};

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
            "Box {} of {} · hull {}/{} · flooding {}/{} · torpedoes {loaded} loaded, {} + {} reloads · ammunition {}",
            v.box_number,
            v.boxes.len(),
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
            v.area,
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
}

pub fn sim(args: &Args) -> Result<ExitCode, String> {
    let patrols: u64 = args.number("patrols", 1000)?;
    let seed: u64 = args.number("seed", 1)?;
    let name = args.get("policy").unwrap_or("careful");
    let policy = Policy::named(name)?;
    let opts = session::options::<Patrol>(args)?;
    let start = Instant::now();
    let (mut home, mut sunk, mut scuttled, mut aborted, mut tonnage, mut ships) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for p in 0..patrols {
        let s = seed.wrapping_add(p);
        let mut g = Patrol::new(opts.clone(), s, DiceMode::Seeded).map_err(|e| e.to_string())?;
        let mut rng = SeededRng::new(s ^ 0x00C0_FFEE);
        while let Some(a) = policy.choose(&g, &mut rng) {
            g.apply(a).map_err(|e| format!("patrol {s}: {e}"))?;
        }
        let Some(r) = g.result() else {
            return Err(format!("patrol {s} did not finish"));
        };
        match r.end {
            PatrolEnd::InPort | PatrolEnd::Towed => home += 1,
            PatrolEnd::Sunk { .. } => sunk += 1,
            PatrolEnd::Scuttled { .. } | PatrolEnd::Captured => scuttled += 1,
        }
        aborted += u64::from(r.aborted);
        tonnage += u64::from(r.tonnage_sunk);
        ships += r.ships.iter().filter(|x| x.sunk).count() as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
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
        patrols_per_second: if seconds > 0.0 {
            patrols as f64 / seconds
        } else {
            0.0
        },
    };
    if args.flag("json") {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
    } else {
        println!(
            "Sensuikan · {} patrols · policy {} · seed {}",
            report.patrols, report.policy, report.seed
        );
        println!(
            "  home {} · sunk {} · scuttled or captured {} · aborted {}",
            home, sunk, scuttled, aborted
        );
        println!(
            "  average tonnage {:.0} t · ships sunk {}",
            report.average_tonnage, ships
        );
        println!("  {:.0} patrols/s ({:.3} s)", report.patrols_per_second, seconds);
    }
    Ok(ExitCode::SUCCESS)
}
