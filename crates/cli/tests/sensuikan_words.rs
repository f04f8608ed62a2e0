//! Sensuikan talks to the player in words: no catalog id (`pearl_harbor`, `skilled_navigator`) and no
//! engine debug form (`Some(..)`, `None`, `{ field: … }`) reaches what a player reads. Hundreds of random
//! careers are played to the end and every text a player sees is walked: the events, the prompts and
//! choices, the roll records, the view's player-facing strings, the Patrol Log rows and its summary, the
//! after-action report and the CLI's readable report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use periscope_cli::Headless;
use periscope_engine::dice::{DiceMode, SeededRng};
use periscope_engine::game::{Game, Pending};
use periscope_engine::policy::Policy;
use periscope_engine::roll::RollRecord;
use periscope_engine::sensuikan::PatrolEvent;
use periscope_engine::sensuikan::career::{Career, CareerEvent, CareerOptions};
use periscope_print::sensuikan::career as paper;

/// The one-word catalog ids a player must never read as they are (`yokosuka`, `dei`, `gosei`, `kd6`): the
/// areas, bases, classes, Major Events and locations of the catalogs, the schools' results and the
/// markers. (Ids with an underscore are caught as snake_case words.)
fn catalog_ids() -> Vec<String> {
    use periscope_data::sensuikan::catalog::catalogs::Catalog;
    use periscope_data::sensuikan::charts::Charts;
    let c = Catalog::shipped().unwrap();
    let ch = Charts::shipped().unwrap();
    let mut ids: Vec<String> = Vec::new();
    ids.extend(c.map.areas.iter().map(|a| a.id.clone()));
    ids.extend(c.map.bases.iter().map(|b| b.id.clone()));
    ids.extend(c.map.locations.iter().map(|l| l.id.clone()));
    ids.extend(c.classes.iter().map(|x| x.id.clone()));
    ids.extend(c.events.iter().map(|e| e.id.clone()));
    ids.extend(ch.f1.free_time.iter().map(|f| f.id.clone()));
    for skills in [&ch.f1.skills, &ch.f2.skills, &ch.f3.skills, &ch.f4.skills] {
        ids.extend(skills.iter().map(|k| k.id.clone()));
    }
    ids.retain(|id| !id.contains('_'));
    ids.sort();
    ids.dedup();
    ids
}

/// What is wrong with a text, if anything: a snake_case word, a catalog id, or a debug form.
fn fault(s: &str, ids: &[String]) -> Option<String> {
    for word in s.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.')) {
        let w = word.trim_matches(|c| c == '_' || c == '.');
        if w.contains('_') && w.chars().any(char::is_alphabetic) {
            return Some(format!("the id '{w}'"));
        }
        if ids.iter().any(|id| id == w) {
            return Some(format!("the catalog id '{w}'"));
        }
    }
    for debug in ["Some(", "None", "::", "{ ", " }", "{}"] {
        if s.contains(debug) {
            return Some(format!("the debug form '{debug}'"));
        }
    }
    None
}

/// The faults found, each with the first text that shows it and how many texts did.
#[derive(Default)]
struct Faults(BTreeMap<String, (String, String, usize)>, Vec<String>);

impl Faults {
    fn check(&mut self, what: &str, s: &str) {
        if let Some(f) = fault(s, &self.1) {
            let e = self
                .0
                .entry(format!("{what}: {f}"))
                .or_insert_with(|| (what.to_string(), s.to_string(), 0));
            e.2 += 1;
        }
    }

    fn roll(&mut self, r: &RollRecord) {
        self.check("a roll's chart", &r.chart);
        self.check("a roll's outcome", &r.outcome);
        for m in &r.modifiers {
            self.check("a roll's modifier", &m.reason);
        }
    }

    fn pending<A>(&mut self, p: &Pending<A>) {
        match p {
            Pending::Decision(d) => {
                self.check("a prompt", &d.prompt);
                for c in &d.choices {
                    self.check("a choice", &c.label);
                }
            }
            Pending::Roll(spec) => {
                self.check("a roll's chart", &spec.chart);
                self.check("a roll's reason", &spec.reason);
            }
            Pending::Over { summary, .. } => self.check("the summary", summary),
        }
    }

    fn patrol_event(&mut self, e: &PatrolEvent) {
        self.check("a patrol event", &e.to_string());
        if let PatrolEvent::Rolled { roll } = e {
            self.roll(roll);
        }
    }

    fn career_event(&mut self, e: &CareerEvent) {
        self.check("a career event", &e.to_string());
        match e {
            CareerEvent::Rolled { roll } => self.roll(roll),
            CareerEvent::Patrol { patrol } => self.patrol_event(patrol),
            _ => {}
        }
    }

    /// The view's player-facing strings (its ids are data, kept as they are).
    fn view(&mut self, g: &Career) {
        let v = g.view();
        for (what, s) in [
            ("the class", &v.class),
            ("the hull number", &v.hull_number),
            ("the commander", &v.commander),
            ("the rank", &v.rank),
            ("the whereabouts", &v.whereabouts),
        ] {
            self.check(what, s);
        }
        for d in &v.decorations {
            self.check("a decoration", d);
        }
        for r in &v.log {
            self.check("a log row's mission", &r.mission);
            self.check("a log row's result", &r.result);
            self.check("a log row's area", &r.area_name);
            for s in &r.ships {
                self.check("a log row's ship", &s.name);
                self.check("a log row's ship type", &s.kind);
            }
        }
        if let Some(p) = &v.patrol {
            self.check("the patrol's whereabouts", &p.whereabouts);
            for t in p.bow_tubes.iter().chain(&p.stern_tubes) {
                self.check("a tube", t);
            }
        }
        if let Some(end) = &v.end {
            self.check("the victory summary", &end.describe());
        }
    }

    /// The paperwork: the Patrol Log Sheet, the ships attacked, the summary and the after-action report.
    fn paper(&mut self, g: &Career) {
        let v = g.view();
        for sheet in [
            paper::patrol_log(&v),
            paper::ships_attacked(&v),
            paper::summary(&v),
        ] {
            for (k, value) in sheet.header.iter().chain(&sheet.totals) {
                self.check("a sheet's box", &format!("{k}: {value}"));
            }
            for row in &sheet.rows {
                for cell in &row.cells {
                    self.check("a Patrol Log cell", cell);
                }
                self.check("a Patrol Log note", &row.notes);
            }
            self.check("a sheet's footer", &sheet.footer);
        }
        for line in paper::after_action_report(&v).lines() {
            self.check("the after-action report", line);
        }
        for line in Headless::describe(g).lines() {
            self.check("the CLI's report", line);
        }
    }
}

/// At least 200 random careers, by the random and the careful captain, with the optional rules on for a
/// third of them: every text a player reads is words.
#[test]
fn two_hundred_careers_talk_in_words() {
    let mut faults = Faults(BTreeMap::new(), catalog_ids());
    for seed in 0..210u64 {
        let opts = if seed % 3 == 0 {
            CareerOptions {
                historical_targets: true,
                evasive_manoeuvres: true,
                escort_quality: true,
                aircrew_quality: true,
                standard_tonnage: true,
                ..CareerOptions::default()
            }
        } else {
            CareerOptions::default()
        };
        let mut g = Career::new(opts, seed, DiceMode::Seeded).unwrap();
        let policy = if seed % 2 == 0 {
            Policy::Random
        } else {
            Policy::Careful
        };
        let mut rng = SeededRng::new(seed ^ 0x3D3D);
        for e in g.opening_events() {
            faults.career_event(e);
        }
        let mut n = 0;
        loop {
            faults.pending(&g.pending());
            let Some(a) = policy.choose(&g, &mut rng) else {
                break;
            };
            for e in g.apply(a).unwrap() {
                faults.career_event(&e);
            }
            if n % 50 == 0 {
                faults.view(&g);
            }
            n += 1;
            assert!(n < 200_000, "career {seed} does not end");
        }
        faults.view(&g);
        faults.paper(&g);
    }
    let report: Vec<String> = faults
        .0
        .iter()
        .map(|(k, (_, example, n))| format!("{k} ({n} times), e.g. «{example}»"))
        .collect();
    assert!(
        report.is_empty(),
        "{} faults:\n{}",
        report.len(),
        report.join("\n")
    );
}
