//! The Kaiten Module [7.18] and the kaiten attack mission [7.8]: in the mission box the kaiten are
//! launched one by one (KT launch, then the premature-detonation check), each runs the circles of K2
//! (Ulithi, with the reef before the Target Box) or K3 (open sea) with one KT encounter roll per circle,
//! meets the escorts' B4 detection roll at the Target Box, identifies its target (T2, T3 or T4) and rolls
//! to hit; a hit is checked on B2 and does B3 torpedo damage +2. Every kaiten and its pilot is lost
//! whatever happens. Each pilot's F4 advantage [4.8.4] applies to him only. After the last kaiten the
//! submarine rolls A3's Additional Combat Round column and the patrol goes on.
//!
//! Reconstructions (the rules name the rolls but not these details): a kaiten detected by a patrol craft
//! in a transit circle is sunk; one detected by the Target Box's escorts is attacked (one B5 roll, our
//! reading of "survives any detection" [7.18]: any hit sinks it, no hit and it steers on for its target);
//! the to-hit roll uses B1's Type 95 submerged short-range column (the kaiten
//! was a manned Type 93, the Type 95's surface twin, steered in to point-blank range) with the target's
//! fast and small-warship modifiers; the B4 column is the short-range approach one.
//!
//! [7.8] The mission succeeds if the kaiten are released without the submarine being detected, and the
//! rules give no procedure for detecting the mother submarine. Our reading takes the game's own: the
//! closing Additional Combat Round roll [7.18] is the reaction to the release; an escort that arrives
//! rolls B4 at once [8.2.8] and an aircraft that arrives attacks unless the submarine dives in time on A4
//! [8.3.1]. Detected by either, the attack fails; otherwise it succeeds once a kaiten was released. A
//! kaiten that fails to launch stays on deck with its pilot: only those that leave are lost [7.8].

use periscope_data::sensuikan::charts::{
    Attack, B1Key, B4Key, B5Key, CapitalList, KaitenEncounter, KaitenKey, Launch, Premature, Range, Reef,
    Ship, StepKind, System, TorpedoKind, Weapon,
};
use serde::{Deserialize, Serialize};

use super::events::PatrolEvent;
use super::options::MissionPlan;
use super::reading::{answer, chart_roll, defective, drm};
use super::{Patrol, PatrolError, Phase, RollPurpose, ShipRecord};
use crate::dice::Dice;
use crate::machine::RollSpec;
use crate::roll::{Modifier, RollRecord};

/// The F4 advantages the kaiten module reads [4.8.4] (ids of the F4 skills).
pub(crate) const STEADY_LAUNCH: &str = "steady_launch";
pub(crate) const CAREFUL_CHECKS: &str = "careful_checks";
pub(crate) const REEF_RUNNER: &str = "reef_runner";
pub(crate) const EVASIVE_RUN: &str = "evasive_run";
pub(crate) const TRUE_AIM: &str = "true_aim";
pub(crate) const RESOLUTE: &str = "resolute";

/// The rolls' labels: the rulebook's names (the kaiten rolls are in its text [7.18], the encounter table
/// has no letter), never our chart id.
const LAUNCH: &str = "Kaiten launch";
const PREMATURE: &str = "Premature detonation";
const REEF: &str = "Ulithi reef";
const ENCOUNTER: &str = "Kaiten Encounter Table";

/// A roll of the kaiten module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KaitenRoll {
    /// KT launch, 1d6: 1-3 launched, 4-6 mechanical failure.
    Launch,
    /// KT premature detonation, 1d6: 6 explodes.
    Premature,
    /// KT encounter column of the current circle (transit or target).
    Encounter,
    /// K2 Ulithi reef, 2d6: 9+ crosses.
    Reef,
    /// B4 detection by a patrol craft or the Target Box's escorts.
    Detection,
    /// B5: the Target Box's escorts attack a kaiten they detected [7.18] (our reading).
    Attack,
    /// T2, T3 or T4: which ship the kaiten steers for.
    Identify,
    /// B1 to hit.
    ToHit,
    /// B2 kaiten column.
    Defective,
    /// B3 damage, +2 for the kaiten's warhead.
    Damage,
    /// A3 Additional Combat Round column after the last kaiten.
    AdditionalRound,
}

/// The kaiten attack under way in the mission box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KaitenRun {
    /// The map: K2 (Ulithi) or K3 (open sea).
    pub ulithi: bool,
    /// One F4 advantage per kaiten aboard (None: a pilot without a school result).
    pub pilots: Vec<Option<String>>,
    /// The kaiten now running (index into `pilots`).
    pub current: usize,
    /// Its circle on the map (index into the map's steps).
    pub circle: usize,
    /// A failed launch was already rolled again (Steady launch).
    pub relaunched: bool,
    /// The Target Box's KT result.
    pub target_kind: Option<KaitenEncounter>,
    /// The ship it steers for.
    pub target: Option<Ship>,
    /// Kaiten that left the deck.
    pub released: u8,
}

impl KaitenRun {
    fn skill(&self) -> Option<&str> {
        self.pilots.get(self.current).and_then(|s| s.as_deref())
    }
    fn has(&self, skill: &str) -> bool {
        self.skill() == Some(skill)
    }
    fn label(&self) -> String {
        let n = self.current + 1;
        match self.skill() {
            Some(s) => format!("kaiten {n} ({})", super::words::school(s)),
            None => format!("kaiten {n}"),
        }
    }
}

impl MissionPlan {
    /// The kaiten attacks [7.8] [7.18].
    pub fn is_kaiten(self) -> bool {
        matches!(self, MissionPlan::KaitenUlithi | MissionPlan::KaitenOpenSea)
    }
}

impl Patrol {
    /// Kaiten this boat can launch now: its fitting for the month [7.12], one fewer with the deck cargo
    /// damaged (B7 deck cargo: one kaiten unusable) [7.8].
    /// A kaiten whose pilot is seriously wounded or killed before the attack stays aboard [7.8].
    #[cfg(test)]
    pub(crate) fn kaiten_available(&self) -> usize {
        self.kaiten_ready().len()
    }

    /// The kaiten ready to launch, by index into the career's kaiten pilots [7.8] [7.12].
    fn kaiten_ready(&self) -> Vec<usize> {
        let fitted = usize::from(self.class.kaiten_capacity(self.month));
        let usable = if self.boat.working(System::DeckCargo) {
            fitted
        } else {
            fitted.saturating_sub(1)
        };
        (0..fitted)
            .filter(|i| !super::out(self.mission.kaiten_pilot_wounds.get(*i).copied().flatten()))
            .take(usable)
            .collect()
    }

    /// [7.8] [7.18] At the mission box: starts the kaiten attack; returns false (the box rolls as usual)
    /// when no kaiten can be deployed, which fails the mission.
    pub(crate) fn start_kaiten(&mut self, ev: &mut Vec<PatrolEvent>) -> bool {
        if !self.mission().is_kaiten() || self.mission.success.is_some() {
            return false;
        }
        let ready = self.kaiten_ready();
        let count = ready.len();
        if count == 0 {
            ev.push(PatrolEvent::Mission {
                what: "no kaiten can be deployed: the kaiten attack fails [7.8]".into(),
            });
            self.mission.success = Some(false);
            return false;
        }
        let ulithi = self.mission() == MissionPlan::KaitenUlithi;
        let pilots: Vec<Option<String>> = ready
            .into_iter()
            .map(|i| {
                self.options
                    .crew
                    .kaiten_pilots
                    .get(i)
                    .filter(|s| !s.is_empty())
                    .cloned()
            })
            .collect();
        ev.push(PatrolEvent::Mission {
            what: format!(
                "the kaiten attack begins on map {}: {count} kaiten, launched one by one [7.18]",
                if ulithi { "K2 (Ulithi)" } else { "K3 (open sea)" }
            ),
        });
        self.mission.kaiten = Some(KaitenRun {
            ulithi,
            pilots,
            current: 0,
            circle: 0,
            relaunched: false,
            target_kind: None,
            target: None,
            released: 0,
        });
        self.kaiten_roll(KaitenRoll::Launch);
        true
    }

    fn kaiten_roll(&mut self, step: KaitenRoll) {
        self.phase = Phase::Roll {
            purpose: RollPurpose::Kaiten { step },
        };
    }

    fn kaiten_map(&self) -> &periscope_data::sensuikan::charts::MissionMap {
        if self.mission.kaiten.as_ref().is_some_and(|k| k.ulithi) {
            &self.data.charts.k2
        } else {
            &self.data.charts.k3
        }
    }

    pub(crate) fn kaiten_circle(&self) -> Option<StepKind> {
        let i = self.mission.kaiten.as_ref()?.circle;
        self.kaiten_map().steps.get(i).map(|s| s.kind)
    }

    /// The dice, chart, rule and reason of a kaiten roll.
    pub(crate) fn kaiten_roll_spec(&self, step: KaitenRoll) -> RollSpec {
        let s = |d: Dice, chart: &str, reason: &str| RollSpec::new(d, chart, "7.18", reason);
        let kt = &self.data.charts.kt;
        match step {
            KaitenRoll::Launch => s(Dice::from(kt.launch.dice), LAUNCH, "Launch the kaiten"),
            KaitenRoll::Premature => s(
                Dice::from(kt.premature.dice),
                PREMATURE,
                "Does the kaiten explode prematurely?",
            ),
            KaitenRoll::Encounter => s(Dice::D2D6, ENCOUNTER, "Kaiten encounter here"),
            KaitenRoll::Reef => s(Dice::from(kt.reef.dice), REEF, "Cross the Ulithi reef"),
            KaitenRoll::Detection => s(Dice::D2D6, "B4", "Escort detection of the kaiten"),
            KaitenRoll::Attack => s(Dice::D2D6, "B5", "The escorts attack the kaiten they detected"),
            KaitenRoll::Identify => match self.mission.kaiten.as_ref().and_then(|k| k.target_kind) {
                Some(KaitenEncounter::CapitalShip) => s(Dice::D10, "T4", "Identify the capital ship"),
                Some(KaitenEncounter::Warship) => s(
                    Dice::from(self.data.charts.t3.chart.dice),
                    "T3",
                    "Identify the warship",
                ),
                _ => s(
                    Dice::from(self.data.charts.t2.chart.dice),
                    "T2",
                    "Identify the ship",
                ),
            },
            KaitenRoll::ToHit => s(Dice::D2D6, "B1", "Kaiten to hit"),
            KaitenRoll::Defective => s(Dice::D1D6, "B2", "Is the kaiten defective?"),
            KaitenRoll::Damage => s(Dice::D1D6, "B3", "Damage of the kaiten's warhead"),
            KaitenRoll::AdditionalRound => s(
                Dice::D2D6,
                "A3 Additional Combat Round",
                "After the kaiten attack: does anyone arrive?",
            ),
        }
    }

    /// Every kaiten roll lands here.
    pub(crate) fn resolve_kaiten(
        &mut self,
        step: KaitenRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let Some(run) = self.mission.kaiten.clone() else {
            return Ok(());
        };
        match step {
            KaitenRoll::Launch => self.kaiten_launch(&run, faces, ev)?,
            KaitenRoll::Premature => self.kaiten_premature(&run, faces, ev)?,
            KaitenRoll::Encounter => self.resolve_kaiten_encounter(&run, faces, ev)?,
            KaitenRoll::Reef => self.kaiten_reef(&run, faces, ev)?,
            KaitenRoll::Detection => self.kaiten_detection(&run, faces, ev)?,
            KaitenRoll::Attack => self.kaiten_attacked(&run, faces, ev)?,
            KaitenRoll::Identify => self.kaiten_identify(&run, faces, ev)?,
            KaitenRoll::ToHit => self.kaiten_to_hit(&run, faces, ev)?,
            KaitenRoll::Defective => self.kaiten_defective(&run, faces, ev)?,
            KaitenRoll::Damage => self.resolve_kaiten_damage(&run, faces, ev)?,
            KaitenRoll::AdditionalRound => self.kaiten_additional_round(&run, faces, ev)?,
        }
        Ok(())
    }

    /// [7.18] The launch: a Careful checks pilot skips the premature roll, a Steady launch pilot tries twice
    /// [4.8.4]; a failure keeps the kaiten and its pilot on deck.
    fn kaiten_launch(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let who = run.label();
        let (rec, r) = chart_roll(&self.data.charts.kt.launch, LAUNCH, "7.18", faces, vec![])?;
        if r == Launch::Launched {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} launched")), ev);
            }
            if let Some(k) = self.mission.kaiten.as_mut() {
                k.released += 1;
            }
            if run.has(CAREFUL_CHECKS) {
                ev.push(PatrolEvent::Mission {
                    what: format!("{who}: Careful checks, no premature detonation roll [4.8.4]"),
                });
                self.enter_circle(0, ev);
            } else {
                self.kaiten_roll(KaitenRoll::Premature);
            }
        } else if run.has(STEADY_LAUNCH) && !run.relaunched {
            if self.quiet.records() {
                self.record(
                    rec.with_outcome(format!(
                        "{who}: mechanical failure; Steady launch rolls again [4.8.4]"
                    )),
                    ev,
                );
            }
            if let Some(k) = self.mission.kaiten.as_mut() {
                k.relaunched = true;
            }
            self.kaiten_roll(KaitenRoll::Launch);
        } else {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who}: mechanical failure")), ev);
            }
            self.kaiten_done("fails to launch and stays on deck with its pilot [7.18]", ev);
        }
        Ok(())
    }

    /// [7.18] Does the kaiten explode prematurely? If not, it runs to transit box 1.
    fn kaiten_premature(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let who = run.label();
        let (rec, r) = chart_roll(&self.data.charts.kt.premature, PREMATURE, "7.18", faces, vec![])?;
        if r == Premature::Explodes {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} explodes prematurely")), ev);
            }
            self.kaiten_lost("exploded prematurely", ev);
        } else {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} runs true to transit box 1")), ev);
            }
            self.enter_circle(0, ev);
        }
        Ok(())
    }

    /// [7.18] Crossing the Ulithi reef (Reef runner +2 [4.8.4]).
    fn kaiten_reef(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let who = run.label();
        let mods: Vec<Modifier> = if run.has(REEF_RUNNER) {
            vec![Modifier::new(2, "Reef runner", "4.8.4")]
        } else {
            vec![]
        };
        let (rec, r) = chart_roll(&self.data.charts.kt.reef, REEF, "7.18", faces, mods)?;
        if r == Reef::Crosses {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} crosses the reef")), ev);
            }
            self.enter_circle(run.circle + 1, ev);
        } else {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} is lost on the reef")), ev);
            }
            self.kaiten_lost("lost on the reef", ev);
        }
        Ok(())
    }

    /// [7.18] B4 against the kaiten: past the patrol craft to the next circle, past the escorts to the
    /// target, or detected and sunk.
    fn kaiten_detection(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let who = run.label();
        let at_target = self.kaiten_circle() == Some(StepKind::Target);
        let mut mods = Vec::new();
        if at_target && run.has(EVASIVE_RUN) {
            mods.push(Modifier::new(-1, "Evasive run", "4.8.4"));
        }
        if at_target && run.target_kind == Some(KaitenEncounter::CapitalShip) {
            mods.push(drm(
                &self.data.charts.b4.modifiers,
                "capital_ship_escorts",
                "8.1.4",
            )?);
        }
        let rec = RollRecord::new("B4", "7.18", Dice::D2D6, faces, mods, (2, 12));
        let undetected = self.b4_undetected(B4Key::ShortRangeApproach, rec.result)?;
        if !undetected && at_target {
            // [7.18] "...or survives any detection": the escorts attack it.
            if self.quiet.records() {
                self.record(
                    rec.with_outcome(format!("{who} is detected: the escorts attack it")),
                    ev,
                );
            }
            self.kaiten_roll(KaitenRoll::Attack);
        } else if !undetected {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} is detected and sunk")), ev);
            }
            self.kaiten_lost("detected and sunk by the patrol craft", ev);
        } else if at_target {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} slips past the escorts")), ev);
            }
            self.kaiten_roll(KaitenRoll::Identify);
        } else {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} slips past the patrol craft")), ev);
            }
            self.enter_circle(run.circle + 1, ev);
        }
        Ok(())
    }

    /// [7.18] The Target Box's escorts attack a kaiten they detected: one B5 roll on the normal column (our
    /// reading). Any hit, or a result that would sink a submarine, sinks the kaiten; none, and it survives
    /// the detection and steers on for its target.
    fn kaiten_attacked(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let who = run.label();
        let span = self.b5_span(B5Key::Normal)?;
        let rec = RollRecord::new("B5", "7.18", Dice::D2D6, faces, Vec::new(), span);
        let res = self.b5_attack(B5Key::Normal, rec.result)?;
        let survives = !res.sunk && res.hits == 0;
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if survives {
                    format!("{who} survives the escorts' attack")
                } else {
                    format!("{who} is sunk by the escorts")
                }),
                ev,
            );
        }
        if survives {
            self.kaiten_roll(KaitenRoll::Identify);
        } else {
            self.kaiten_lost("sunk by the escorts' attack", ev);
        }
        Ok(())
    }

    /// [7.18] The target identified on T4, T3 or T2; [11.2] out of service or sunk before, identified again.
    fn kaiten_identify(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let c = &self.data.charts;
        let (rec, ship, again) = match run.target_kind {
            Some(KaitenEncounter::CapitalShip) => {
                let rec = RollRecord::new("T4", "7.18", Dice::D10, faces, vec![], (1, 10));
                let ship = answer(
                    c.t4.roll(CapitalList::Us, rec.result),
                    "T4",
                    format_args!("row for {}", rec.result),
                )?
                .clone();
                let column = c.t4.table.columns_of(&CapitalList::Us);
                let again =
                    self.identify_again(&ship, column.flat_map(|c| c.chart.rows.iter().map(|r| &r.result)));
                (rec, ship, again)
            }
            Some(KaitenEncounter::Warship) => {
                let (rec, ship) = chart_roll(&c.t3.chart, "T3", "7.18", faces, vec![])?;
                let again = self.identify_again(&ship, c.t3.chart.rows.iter().map(|r| &r.result));
                (rec, ship, again)
            }
            _ => {
                let (rec, ship) = chart_roll(&c.t2.chart, "T2", "7.18", faces, vec![])?;
                let again = self.identify_again(&ship, c.t2.chart.rows.iter().map(|r| &r.result));
                (rec, ship, again)
            }
        };
        // [11.2] Out of service, or sunk before: identified again.
        if let Some(why) = again {
            if self.quiet.records() {
                self.record(rec.with_outcome(why), ev);
            }
            return Ok(());
        }
        self.record_target(rec, &ship, ev);
        if let Some(k) = self.mission.kaiten.as_mut() {
            k.target = Some(ship);
        }
        self.kaiten_roll(KaitenRoll::ToHit);
        Ok(())
    }

    /// [7.18] B1 for the kaiten: a Type 95 submerged at short range (True aim -1 [4.8.4]).
    fn kaiten_to_hit(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let who = run.label();
        let mut mods = Vec::new();
        let m = &self.data.charts.b1.modifiers;
        if let Some(t) = run.target.as_ref() {
            if t.fast {
                mods.push(drm(m, "fast_target", "8.1.5")?);
            }
            if t.kind.is_small_warship() {
                mods.push(drm(m, "small_warship", "8.2.11")?);
            }
        }
        if run.has(TRUE_AIM) {
            mods.push(Modifier::new(-1, "True aim", "4.8.4"));
        }
        let rec = RollRecord::new("B1", "7.18", Dice::D2D6, faces, mods, (2, 12));
        let key = B1Key {
            weapon: Weapon::Type95,
            attack: Attack::Submerged,
            range: Range::Short,
        };
        let hit = self.b1_hits(&key, rec.result)?;
        let name = run.target.as_ref().map(|t| t.name.clone()).unwrap_or_default();
        if hit {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} hits {name}")), ev);
            }
            self.kaiten_roll(KaitenRoll::Defective);
        } else {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} misses {name}")), ev);
            }
            self.kaiten_lost("missed and sank", ev);
        }
        Ok(())
    }

    /// [7.18] B2: does the kaiten's warhead explode?
    fn kaiten_defective(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let who = run.label();
        let (mut rec, ok) = defective(&self.data.charts.b2, TorpedoKind::Kaiten, self.month, faces)?;
        rec.rule = "7.18".into();
        if ok {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} explodes")), ev);
            }
            self.kaiten_roll(KaitenRoll::Damage);
        } else {
            if self.quiet.records() {
                self.record(rec.with_outcome(format!("{who} is defective: no explosion")), ev);
            }
            self.kaiten_lost("failed to explode", ev);
        }
        Ok(())
    }

    /// [7.18] After the kaiten attack: does anyone arrive (A3)? The attack's outcome waits on it [7.8].
    fn kaiten_additional_round(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let rec = RollRecord::new(
            "A3 Additional Combat Round",
            "7.18",
            Dice::D2D6,
            faces,
            vec![],
            (2, 12),
        );
        let enc = self.arrival(rec.natural)?;
        if self.quiet.records() {
            self.record(rec.with_outcome(super::words::encounter(enc)), ev);
        }
        let released = run.released > 0;
        self.mission.kaiten = None;
        self.voyage.rolls_left = 0;
        self.mission.success = Some(released);
        match enc {
            periscope_data::sensuikan::charts::Encounter::None => {
                if released {
                    self.kaiten_success(ev);
                }
                self.box_done(ev);
            }
            periscope_data::sensuikan::charts::Encounter::Escort => {
                // [8.2.8] An arriving escort rolls to detect at once; [7.8] detected, the attack fails.
                self.mission.kaiten_watch = released;
                self.escort_arrives(ev);
            }
            _ => {
                // [8.3.1] An aircraft attacks unless the submarine dives in time.
                self.mission.kaiten_watch =
                    released && enc == periscope_data::sensuikan::charts::Encounter::Aircraft;
                self.start_encounter(enc, ev);
            }
        }
        Ok(())
    }

    /// [7.8] The submarine was detected after releasing its kaiten (our reading): the attack fails.
    pub(crate) fn kaiten_detected(&mut self, ev: &mut Vec<PatrolEvent>) {
        if !self.mission.kaiten_watch {
            return;
        }
        self.mission.kaiten_watch = false;
        self.mission.success = Some(false);
        ev.push(PatrolEvent::Mission {
            what: "the submarine is detected after the release: the kaiten attack fails [7.8] (our reading)"
                .into(),
        });
    }

    /// [7.8] The closing encounter is over and the submarine was not detected: the attack succeeds.
    pub(crate) fn kaiten_undetected(&mut self, ev: &mut Vec<PatrolEvent>) {
        if !self.mission.kaiten_watch {
            return;
        }
        self.mission.kaiten_watch = false;
        self.kaiten_success(ev);
    }

    fn kaiten_success(&mut self, ev: &mut Vec<PatrolEvent>) {
        self.mission.success = Some(true);
        ev.push(PatrolEvent::Mission {
            what: "the kaiten are released and the submarine slips away undetected: the kaiten attack \
                   succeeds [7.8]"
                .into(),
        });
    }

    fn record_target(&mut self, rec: RollRecord, ship: &Ship, ev: &mut Vec<PatrolEvent>) {
        let outcome = format!("{} ({} t)", ship.name, ship.tonnage);
        if self.quiet.records() {
            self.record(rec.with_outcome(outcome), ev);
        }
    }

    /// The KT encounter roll of a transit circle or of the Target Box.
    fn resolve_kaiten_encounter(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let who = run.label();
        let at_target = self.kaiten_circle() == Some(StepKind::Target);
        let key = if at_target {
            KaitenKey::Target
        } else {
            KaitenKey::Transit
        };
        let rec = RollRecord::new(ENCOUNTER, "7.18", Dice::D2D6, faces, vec![], (2, 12));
        let enc = *answer(
            self.data
                .charts
                .kt
                .encounters
                .lookup(&key, self.month, rec.result),
            "KT",
            format_args!("{key:?} row for {} in {}", rec.result, self.month),
        )?;
        let (text, next) = match enc {
            KaitenEncounter::None if at_target => ("no target in reach", None),
            KaitenEncounter::None => ("no encounter", Some(KaitenRoll::Encounter)),
            KaitenEncounter::Malfunction => ("steering failure", None),
            KaitenEncounter::PatrolCraft => ("a patrol craft", Some(KaitenRoll::Detection)),
            KaitenEncounter::CapitalShip => ("a capital ship in reach", Some(KaitenRoll::Detection)),
            KaitenEncounter::Warship => ("a warship in reach", Some(KaitenRoll::Detection)),
            KaitenEncounter::LargeShip => ("a large ship in reach", Some(KaitenRoll::Detection)),
        };
        let place = super::words::map_place(&self.kaiten_map().steps, run.circle);
        if self.quiet.records() {
            self.record(rec.with_outcome(format!("{who}, {place}: {text}")), ev);
        }
        match next {
            None if enc == KaitenEncounter::Malfunction => self.kaiten_lost("lost to a steering failure", ev),
            None => self.kaiten_lost("found no target", ev),
            Some(KaitenRoll::Encounter) => self.enter_circle(run.circle + 1, ev),
            Some(step) => {
                if at_target && let Some(k) = self.mission.kaiten.as_mut() {
                    k.target_kind = Some(enc);
                }
                self.kaiten_roll(step);
            }
        }
        Ok(())
    }

    /// [7.18] B3 torpedo damage plus the warhead's +2 (Resolute +1).
    fn resolve_kaiten_damage(
        &mut self,
        run: &KaitenRun,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let who = run.label();
        let extra = self.data.entries.kaiten_extra_damage;
        let mut adds = vec![(extra, "the warhead [7.18]")];
        if run.has(RESOLUTE) {
            adds.push((1, "Resolute [4.8.4]"));
        }
        // B3 is read on the die; the warhead's points are added to the damage, not to the roll.
        let rec = RollRecord::new("B3", "7.18", Dice::D1D6, faces, vec![], (1, 6));
        let base = self.b3_damage(Self::damage_source(false), rec.result)?;
        let add: i32 = adds.iter().map(|(n, _)| n).sum();
        let dmg = u8::try_from((i32::from(base) + add).max(0)).unwrap_or(u8::MAX);
        let parts: Vec<String> = adds.iter().map(|(n, why)| format!(" + {n} ({why})")).collect();
        let rec = rec.with_outcome(format!("{who}: {base}{} = {dmg} damage", parts.concat()));
        self.record(rec, ev);
        if let Some(ship) = run.target.clone() {
            let sunk = dmg >= ship.damage;
            let box_number = self.box_number();
            if sunk {
                ev.push(PatrolEvent::ShipSunk {
                    name: ship.name.clone(),
                    tonnage: ship.tonnage,
                });
            } else {
                ev.push(PatrolEvent::ShipDamaged {
                    name: ship.name.clone(),
                    damage: dmg,
                    needed: ship.damage,
                });
            }
            // [7.8] Tonnage sunk by kaiten counts for the submarine.
            self.log.push(ShipRecord {
                name: ship.name,
                kind: ship.kind,
                tonnage: ship.tonnage,
                sunk,
                box_number,
                by_midget: false,
            });
        }
        self.kaiten_lost("exploded against its target", ev);
        Ok(())
    }

    /// The kaiten enters circle `i` of its map: a transit circle's encounter roll, the reef, or the Target
    /// Box's encounter roll.
    fn enter_circle(&mut self, i: usize, ev: &mut Vec<PatrolEvent>) {
        if let Some(k) = self.mission.kaiten.as_mut() {
            k.circle = i;
        }
        match self.kaiten_map().steps.get(i).map(|s| s.kind) {
            Some(StepKind::Reef) => self.kaiten_roll(KaitenRoll::Reef),
            Some(StepKind::Transit | StepKind::Target) => self.kaiten_roll(KaitenRoll::Encounter),
            Some(_) => self.enter_circle(i + 1, ev),
            None => self.kaiten_lost("ran out of fuel", ev),
        }
    }

    /// [7.18] [7.8] This kaiten and its pilot are gone; the next one launches, or the attack is over.
    fn kaiten_lost(&mut self, how: &str, ev: &mut Vec<PatrolEvent>) {
        self.kaiten_done(&format!("{how}; kaiten and pilot are lost [7.8]"), ev);
    }

    /// [7.18] This kaiten is done (lost, or still on deck after a failed launch): the next one launches,
    /// or the attack is over and the submarine rolls A3's Additional Combat Round column.
    fn kaiten_done(&mut self, what: &str, ev: &mut Vec<PatrolEvent>) {
        let Some(k) = self.mission.kaiten.as_mut() else {
            return;
        };
        let who = k.label();
        ev.push(PatrolEvent::Mission {
            what: format!("{who} {what}"),
        });
        k.current += 1;
        k.circle = 0;
        k.relaunched = false;
        k.target_kind = None;
        k.target = None;
        if k.current < k.pilots.len() {
            self.kaiten_roll(KaitenRoll::Launch);
            return;
        }
        let released = k.released;
        ev.push(PatrolEvent::Mission {
            what: if released > 0 {
                format!("{released} kaiten released: the submarine must now slip away undetected [7.8]")
            } else {
                "no kaiten left the deck: the kaiten attack fails [7.8]".into()
            },
        });
        if released == 0 {
            self.mission.success = Some(false);
        }
        self.kaiten_roll(KaitenRoll::AdditionalRound);
    }
}
