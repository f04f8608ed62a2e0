//! Atlantic Sentinels, headless: one convoy escort mission from meeting point to meeting point
//! (`play atlantic-mission`, `replay`); a whole career (`play atlantic`, `sim atlantic --careers N`), its
//! Convoy Log (`export`) and the game's charts (`charts list atlantic`).

use periscope_engine::Session;
use periscope_engine::atlantic::{Mission, MissionEvent, MissionView};
use periscope_print::{Paper, atlantic, csv, markdown, pdf};

use crate::Failure;
use crate::capabilities::{BlankSheet, Format, Paperwork, chart_section, png_is_no_paperwork};
use crate::play::Headless;

impl Headless for Mission {
    type View = MissionView;

    fn view(&self) -> MissionView {
        Mission::view(self)
    }

    fn describe(&self) -> String {
        let v = Mission::view(self);
        let place = if v.box_number == 0 {
            format!("at {}", v.to)
        } else {
            format!("box {} of {}", v.box_number, v.boxes.len())
        };
        let escorts = v.escorts.iter().filter(|e| e.status == "ready").count();
        let battle = v.battle.as_ref().map_or(String::new(), |b| {
            format!(
                " · battle: cycle {}, impulse {}, {} U-boat(s)",
                b.cycle,
                b.impulse,
                b.boats.len()
            )
        });
        format!(
            "{place} · {} escorts fighting · {} straggler(s) · {} ship(s) lost{battle}",
            escorts,
            v.stragglers.len(),
            v.lost.len()
        )
    }

    fn headline(session: &Session<Self>) -> String {
        let v = Mission::view(session.game());
        format!(
            "Atlantic Sentinels · {} · {} · a {} {} convoy, {} to {} · seed {} · {} actions",
            v.group,
            v.month,
            v.size,
            v.convoy,
            v.from,
            v.to,
            session.seed(),
            session.actions().len()
        )
    }

    fn opening_events(&self) -> Vec<MissionEvent> {
        Mission::opening_events(self).to_vec()
    }
}

/// Atlantic Sentinels, a whole career (`play atlantic`, `replay`, `sim atlantic --careers N`).
mod career {
    use std::io::Write;
    use std::process::ExitCode;
    use std::time::Instant;

    use clap::Args;
    use periscope_engine::atlantic::career::Career;
    use periscope_engine::atlantic::{CareerEvent, CareerOptions, CareerView, LogRow};
    use periscope_engine::dice::{DiceMode, SeededRng};
    use periscope_engine::machine::Rules;
    use periscope_engine::policy::Policy;
    use periscope_engine::{Game, Session};
    use serde::Serialize;

    use crate::play::{self, Headless};
    use crate::sim::{self, Bench, SimCommon, Simulation, rate};
    use crate::study::{self, Study, StudyCareer};
    use crate::{Failure, Outcome};

    /// A number with its thousands marked: `538,500`.
    fn thousands(n: u32) -> String {
        let s = n.to_string();
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            if i > 0 && (s.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    /// A count with its noun, singular for one: `1 mission`, `3 missions`.
    fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
        let n = n.into();
        format!("{n} {}", if n == 1 { one } else { many })
    }

    /// A convoy's series as the log writes it: `ON`, `HX`, `SC`.
    fn series(t: periscope_data::atlantic::charts::ConvoyType) -> &'static str {
        use periscope_data::atlantic::charts::ConvoyType as T;
        match t {
            T::On => "ON",
            T::Hx => "HX",
            T::Sc => "SC",
        }
    }

    impl Headless for Career {
        type View = CareerView;

        fn view(&self) -> CareerView {
            Career::view(self)
        }

        fn describe(&self) -> String {
            let v = Career::view(self);
            let mut s = format!("{} (mission {} of the month) · {}", v.month, v.half, v.phase);
            for (i, c) in v.commands.iter().enumerate() {
                let ready = c.ships.iter().filter(|x| x.ready()).count();
                s.push_str(&format!(
                    "\nPlayer {}: Escort Group {} · {} {} · at {} · {} ships ({} ready){} · {} Touch Wood",
                    i + 1,
                    c.group_name,
                    c.log.rank,
                    c.soe,
                    c.base,
                    c.ships.len(),
                    ready,
                    if c.hf_df { " · HF/DF" } else { "" },
                    c.touch_wood
                ));
                for x in &c.ships {
                    s.push_str(&format!(
                        "\n    {:<22} {:?}{}{} · {}{}",
                        x.name,
                        x.crew,
                        if x.type_271 { " · 271" } else { "" },
                        if x.hedgehog { " · Hedgehog" } else { "" },
                        count(x.kills, "kill", "kills"),
                        if x.ready() { "" } else { " · in repair" }
                    ));
                }
                s.push_str("\n  Convoy Log:");
                for r in &c.log.rows {
                    match r {
                        LogRow::Mission(m) => {
                            let sunk: Vec<String> = m
                                .targets
                                .iter()
                                .filter(|t| t.sunk)
                                .map(|t| format!("{} {} t", t.name, thousands(t.tonnage)))
                                .collect();
                            s.push_str(&format!(
                                "\n  {:>2}. {:>5} {}{} {} {} · lost {} t [{}] · U-boats sunk {} damaged {}",
                                m.number,
                                m.month.to_string(),
                                m.half,
                                if m.upgrade_row { "*" } else { " " },
                                series(m.convoy),
                                m.size,
                                thousands(m.tonnage_lost),
                                sunk.join(", "),
                                m.uboats_sunk.len(),
                                m.uboats_damaged.len()
                            ));
                        }
                        LogRow::Refit { month } => {
                            s.push_str(&format!("\n      {:>5}   Refit", month.to_string()))
                        }
                    }
                }
                let t = &c.log.totals;
                s.push_str(&format!(
                    "\n  Totals: {} · {} t lost ({}) · {} sunk, {} damaged",
                    count(t.missions, "mission", "missions"),
                    thousands(t.tonnage_lost),
                    count(t.merchants_lost, "ship", "ships"),
                    count(t.uboats_sunk, "U-boat", "U-boats"),
                    t.uboats_damaged
                ));
                if let Some(j) = c.log.victory.as_ref().and_then(|v| v.scenario.as_ref()) {
                    s.push_str(&format!(
                        "\n  Victory [11.1] [11.2]: {} lost less {} sunk = {} ({} or fewer wins): {}",
                        count(j.merchants_lost, "merchant", "merchants"),
                        count(j.uboats_sunk, "U-boat", "U-boats"),
                        j.counted,
                        j.max_merchants_lost,
                        if j.won { "won" } else { "lost" }
                    ));
                } else if let Some(vc) = &c.log.victory {
                    s.push_str(&format!(
                        "\n  Victory: {} t (+{} t) → {}; shifts {:+} U-boats, {:+} tonnage, {:+} crypto = {:+} → {}",
                        thousands(vc.tonnage_lost),
                        thousands(vc.tons_added),
                        vc.base_level_name,
                        vc.uboat_shift,
                        vc.tonnage_shift,
                        vc.crypto_shift,
                        vc.total_shift,
                        vc.level_name
                    ));
                }
            }
            s
        }

        fn headline(session: &Session<Self>) -> String {
            let v = Career::view(session.game());
            let groups: Vec<String> = v.commands.iter().map(|c| c.group_name.clone()).collect();
            format!(
                "Atlantic Sentinels career · {} · {} · seed {} · {} actions",
                groups.join(" and "),
                v.month,
                session.seed(),
                session.actions().len()
            )
        }

        fn opening_events(&self) -> Vec<CareerEvent> {
            Career::opening_events(self).to_vec()
        }

        /// [11.1] [11.2] `--scenario on113|ons154`.
        fn with_scenario(options: &mut CareerOptions, name: &str) -> Result<(), Failure> {
            options.scenario = Some(name.to_string());
            Ok(())
        }
    }

    #[derive(Serialize)]
    struct SimReport {
        game: &'static str,
        policy: String,
        careers: u64,
        seed: u64,
        /// Careers per victory level, best first [5.2.2].
        levels: Vec<(String, u64)>,
        tonnage_p10: u32,
        tonnage_p50: u32,
        tonnage_p90: u32,
        uboats_sunk_p10: u32,
        uboats_sunk_p50: u32,
        uboats_sunk_p90: u32,
        average_uboats_sunk: f64,
        average_missions: f64,
        /// The share of the tonnage lost in the two air gap boxes [4.8].
        air_gap_share: f64,
        /// The SOE survived to June 1943 [5.1.2].
        survival_rate: f64,
        seconds: f64,
        careers_per_second: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        bench: Option<Bench>,
    }

    /// `sim atlantic --careers N`: whole careers by a built-in captain.
    #[derive(Debug, Clone, Args)]
    pub struct AtlanticSim {
        /// How many careers (default 200)
        #[arg(long, value_name = "N")]
        careers: Option<u64>,
        /// Groups the careers by their escort group: one row each
        #[arg(long, value_name = "KEY", value_parser = ["group"])]
        by: Option<String>,
        #[command(flatten)]
        common: SimCommon,
    }

    impl Simulation for AtlanticSim {
        type Game = Career;

        fn run(self, out: &mut dyn Write) -> Outcome {
            let careers = self.careers.unwrap_or(200);
            let seed = self.common.seed;
            let policy = self.common.policy.policy;
            let opts = play::options::<Career>(self.common.options.as_deref())?;
            let start = Instant::now();
            let data = periscope_engine::atlantic::Shipped::get().map_err(Failure)?;
            let names: Vec<(String, String)> = data
                .data()
                .catalog
                .career
                .victory_levels
                .iter()
                .map(|l| (l.id.clone(), l.name.clone()))
                .collect();
            let threads = sim::threads(self.common.threads);
            let played = sim::across_cores(careers, threads, |c| {
                play_career(&opts, seed.wrapping_add(c), policy, &names)
            })?;
            if let Some(by) = &self.by {
                return self.study_by(&names, &played, by, out);
            }
            let report = self.report(&names, played, threads, start);
            print_report(&report, self.common.json, out)
        }
    }

    /// What one career of the simulation left: its victory level (an index of the levels), its SOE's
    /// totals (see [`Totals`]), the dice words it drew and its escort group.
    type Played = (Option<usize>, Option<Totals>, u64, String);

    /// A career's totals: the tonnage lost, the U-boats sunk, the missions, the tonnage of the ships
    /// sunk and of those in the air gap, and whether the SOE survived.
    type Totals = (u32, u32, u32, u64, u64, bool);

    /// One career of the simulation, seed `s`, played by the policy to its end.
    fn play_career(
        opts: &CareerOptions,
        s: u64,
        policy: Policy,
        names: &[(String, String)],
    ) -> Result<Played, Failure> {
        let mut g = Career::new(opts.clone(), s, DiceMode::Seeded).map_err(|e| e.to_string())?;
        let mut rng = SeededRng::new(s ^ 0x00C0_FFEE);
        // Nothing reads the roll records or the events: the career plays quiet, its events in one list
        // reused from action to action.
        g.quiet();
        let mut events = Vec::new();
        while let Some(a) = policy.choose(&g, &mut rng) {
            events.clear();
            g.apply_offered_into(a, &mut events)
                .map_err(|e| format!("career {s}: {e}"))?;
        }
        let Some(end) = g.end() else {
            return Err(Failure(format!("career {s} did not finish")));
        };
        let level = names.iter().position(|(id, _)| id == end.level());
        let command = g.command().map(|cmd| {
            let (mut lost, mut in_gap) = (0u64, 0u64);
            for t in cmd.log.missions().flat_map(|m| &m.targets).filter(|t| t.sunk) {
                lost += u64::from(t.tonnage);
                if t.air_gap {
                    in_gap += u64::from(t.tonnage);
                }
            }
            let totals = &cmd.log.totals;
            (
                totals.tonnage_lost,
                totals.uboats_sunk,
                totals.missions,
                lost,
                in_gap,
                cmd.alive(),
            )
        });
        let group = g
            .commands()
            .first()
            .map_or_else(|| "—".to_string(), |c| c.group_name.clone());
        Ok((level, command, Rules::dice(&mut g).words_drawn(), group))
    }

    impl AtlanticSim {
        /// `--by group`: the careers grouped by their escort group, one row each.
        fn study_by(
            &self,
            names: &[(String, String)],
            played: &[Played],
            by: &str,
            out: &mut dyn Write,
        ) -> Outcome {
            let careers_by: Vec<StudyCareer> = played
                .iter()
                .map(|(level, command, _, group)| StudyCareer {
                    value: group.clone(),
                    level: level.unwrap_or(usize::MAX),
                    tonnage: command.map_or(0, |c| c.0),
                    alive: command.is_some_and(|c| c.5),
                })
                .collect();
            let levels: Vec<String> = names.iter().map(|(_, name)| name.clone()).collect();
            let report = Study {
                game: Career::ID,
                policy: self.common.policy.name.clone(),
                careers: self.careers.unwrap_or(200),
                seed: self.common.seed,
                by: by.to_string(),
                tonnage: "tonnage lost",
                rows: study::rows(&levels, &careers_by),
            };
            study::print(&report, self.common.json, out)
        }

        /// The careers' totals: the victory levels, the percentiles of the tonnage lost and the U-boats
        /// sunk, the missions, the air gap's share, survival, the speed.
        fn report(
            &self,
            names: &[(String, String)],
            played: Vec<Played>,
            threads: usize,
            start: Instant,
        ) -> SimReport {
            let careers = self.careers.unwrap_or(200);
            let mut counts = vec![0u64; names.len()];
            let (mut tonnages, mut kills) = (Vec::new(), Vec::new());
            let (mut missions, mut alive) = (0u64, 0u64);
            let (mut lost, mut in_gap, mut words) = (0u64, 0u64, 0u64);
            for (level, command, dice_words, _) in played {
                words += dice_words;
                if let Some(c) = level.and_then(|i| counts.get_mut(i)) {
                    *c += 1;
                }
                let Some((tons, sunk, m, l, g, a)) = command else {
                    continue;
                };
                tonnages.push(tons);
                kills.push(sunk);
                missions += u64::from(m);
                lost += l;
                in_gap += g;
                alive += u64::from(a);
            }
            let seconds = start.elapsed().as_secs_f64();
            let bench = self
                .common
                .bench
                .then(|| Bench::measure(threads, careers, seconds, words));
            tonnages.sort_unstable();
            kills.sort_unstable();
            let pct = |v: &[u32], p: usize| {
                if v.is_empty() {
                    0
                } else {
                    v[((v.len() - 1) * p) / 100]
                }
            };
            let n = careers.max(1) as f64;
            SimReport {
                game: Career::ID,
                policy: self.common.policy.name.clone(),
                careers,
                seed: self.common.seed,
                levels: names.iter().map(|(_, name)| name.clone()).zip(counts).collect(),
                tonnage_p10: pct(&tonnages, 10),
                tonnage_p50: pct(&tonnages, 50),
                tonnage_p90: pct(&tonnages, 90),
                uboats_sunk_p10: pct(&kills, 10),
                uboats_sunk_p50: pct(&kills, 50),
                uboats_sunk_p90: pct(&kills, 90),
                average_uboats_sunk: kills.iter().map(|k| f64::from(*k)).sum::<f64>() / n,
                average_missions: missions as f64 / n,
                air_gap_share: if lost > 0 {
                    in_gap as f64 / lost as f64
                } else {
                    0.0
                },
                survival_rate: alive as f64 / n,
                seconds,
                careers_per_second: rate(careers, seconds),
                bench,
            }
        }
    }

    /// The simulation's report as JSON, or in lines for a person.
    fn print_report(report: &SimReport, json: bool, out: &mut dyn Write) -> Outcome {
        let n = report.careers.max(1) as f64;
        let seconds = report.seconds;
        if json {
            let text = serde_json::to_string_pretty(report).map_err(|e| Failure(e.to_string()))?;
            writeln!(out, "{text}")?;
            return Ok(ExitCode::SUCCESS);
        }
        writeln!(
            out,
            "Atlantic Sentinels career · {} careers · policy {} · seed {}",
            report.careers, report.policy, report.seed
        )?;
        for (l, c) in &report.levels {
            writeln!(out, "  {l:<21} {c:>6}  {:5.1}%", 100.0 * *c as f64 / n)?;
        }
        writeln!(
            out,
            "  tonnage lost p10 {} t · p50 {} t · p90 {} t",
            thousands(report.tonnage_p10),
            thousands(report.tonnage_p50),
            thousands(report.tonnage_p90)
        )?;
        writeln!(
            out,
            "  U-boats sunk p10 {} · p50 {} · p90 {} · mean {:.1}",
            report.uboats_sunk_p10,
            report.uboats_sunk_p50,
            report.uboats_sunk_p90,
            report.average_uboats_sunk
        )?;
        writeln!(
            out,
            "  {:.1} missions per career · SOE survived {:.1}% · {:.1}% of the tonnage lost in the air gap",
            report.average_missions,
            100.0 * report.survival_rate,
            100.0 * report.air_gap_share
        )?;
        writeln!(
            out,
            "  {:.1} careers/s ({:.3} s)",
            report.careers_per_second, seconds
        )?;
        if let Some(b) = &report.bench {
            writeln!(out, "  {}", b.line("careers"))?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

pub use career::AtlanticSim;

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

/// `charts list atlantic`: the shipped charts, the procedure charts and the parts of the tactical display.
pub fn list_charts(out: &mut dyn std::io::Write) -> Result<(), Failure> {
    let data = periscope_data::atlantic::Atlantic::shipped().map_err(|e| Failure(e.to_string()))?;
    chart_section(out, "Atlantic Sentinels charts", &data.charts.summaries())?;
    chart_section(
        out,
        "Atlantic Sentinels procedure charts",
        &data.procedures.summaries(),
    )?;
    chart_section(
        out,
        "Atlantic Sentinels tactical display",
        &data.tactical.summaries(),
    )?;
    Ok(())
}
