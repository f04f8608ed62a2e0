//! The odds of the patrol's rolls that the decision panel shows (see [`crate::odds`]): each reads the
//! roll exactly as the patrol's own procedure will, with the modifiers in force now.

use periscope_data::sensuikan::charts::{Attack, B1Key, B4Key, Range};

use periscope_data::sensuikan::charts::DiveResult;

use super::aviation::AircraftRoll;
use super::combat::{AttackRoll, ShotStage};
use super::escort::EscortRoll;
use super::reading::{chart_roll, proc_roll};
use super::tracking::TrackRoll;
use super::{Patrol, PatrolError, RollPurpose};
use crate::dice::Dice;
use crate::odds::{self, Odds, RollToJudge};

impl Patrol {
    /// The odds of the roll `purpose`, for the rolls whose outcome the panel shows; `None` for others.
    pub(crate) fn roll_odds(&self, purpose: RollPurpose) -> Option<Odds> {
        let odds = match purpose {
            RollPurpose::Attack(AttackRoll::ToHit) => self.torpedo_hit_odds(),
            RollPurpose::Attack(AttackRoll::GunHit { target }) => self.gun_hit_odds(target),
            RollPurpose::Attack(AttackRoll::Approach) => {
                self.detection_odds(true, B4Key::ShortRangeApproach, "8.2.1")
            }
            RollPurpose::Escort(EscortRoll::Detection) => {
                self.detection_odds(false, self.b4_column(), "8.2.5")
            }
            RollPurpose::Escort(EscortRoll::TestDepth) => Ok(Some(self.test_depth_odds())),
            RollPurpose::Track { which } => Ok(Some(self.track_odds(which))),
            RollPurpose::Aircraft(AircraftRoll::Dive) => self.dive_odds().map(Some),
            _ => return None,
        };
        odds.ok().flatten()
    }

    /// [8.2.3] The next declared torpedo's B1 roll: hit or miss, with its modifiers. [11.7] A Shibumi
    /// passing makes it a hit without a roll.
    fn torpedo_hit_odds(&self) -> Result<Option<Odds>, PatrolError> {
        let Some(c) = &self.combat else { return Ok(None) };
        let Some(i) = c.attack.shot_at(ShotStage::Declared) else {
            return Ok(None);
        };
        let Some(s) = c.attack.shots.get(i) else {
            return Ok(None);
        };
        let attack = if c.attack.surfaced {
            Attack::Surfaced
        } else {
            Attack::Submerged
        };
        let key = B1Key {
            weapon: s.torpedo.weapon(),
            attack,
            range: c.picture.range.unwrap_or(Range::Medium),
        };
        let mods = self.hit_mods(c.picture.targets.get(s.target), s.second_salvo, false)?;
        self.b1_odds(
            key,
            mods,
            "8.2.3",
            "this torpedo's to-hit roll only: a hit is then checked for a dud on B2 and its damage rolled on B3",
        )
        .map(Some)
    }

    /// [8.2.4] The deck gun's B1 roll at target number `target` (from 1).
    fn gun_hit_odds(&self, target: u8) -> Result<Option<Odds>, PatrolError> {
        let Some(c) = &self.combat else { return Ok(None) };
        let key = B1Key {
            weapon: periscope_data::sensuikan::charts::Weapon::DeckGun,
            attack: Attack::Surfaced,
            range: c.picture.range.unwrap_or(Range::Medium),
        };
        let t = c.picture.targets.get(usize::from(target).saturating_sub(1));
        let mods = self.hit_mods(t, false, true)?;
        self.b1_odds(
            key,
            mods,
            "8.2.4",
            "this shell's to-hit roll only: its damage is rolled on B3",
        )
        .map(Some)
    }

    /// [8.2.3] [8.2.4] A B1 roll of column `key` with `mods`: every 2d6 read, clamped to 2-12.
    pub(crate) fn b1_odds(
        &self,
        key: B1Key,
        mods: Vec<crate::roll::Modifier>,
        rule: &str,
        covers: &str,
    ) -> Result<Odds, PatrolError> {
        let passes = self.shibumi_passes();
        RollToJudge::new("B1", rule, Dice::D2D6, mods, (2, 12)).odds(&["hit", "miss"], covers, |r| {
            let hit = passes || self.b1_hits(&key, r.result)?;
            Ok(if hit { "hit" } else { "miss" }.to_string())
        })
    }

    /// [8.2.1] [8.2.5] A B4 detection roll in column `column`: [8.2.7] a natural 2 always evades.
    fn detection_odds(&self, approach: bool, column: B4Key, rule: &str) -> Result<Option<Odds>, PatrolError> {
        if self.combat.is_none() {
            return Ok(None);
        }
        let mods = self.detection_mods(approach)?;
        let covers = if approach {
            "the escorts' detection roll on the approach: detected, there is no attack and the escorts counterattack on B5"
        } else {
            "the escorts' detection roll: detected, they attack on B5 (a roll of its own)"
        };
        self.b4_odds(column, mods, rule, covers).map(Some)
    }

    /// A B4 roll of `column` with `mods`, clamped to 2-12; [8.2.7] a natural 2 is always undetected.
    pub(crate) fn b4_odds(
        &self,
        column: B4Key,
        mods: Vec<crate::roll::Modifier>,
        rule: &str,
        covers: &str,
    ) -> Result<Odds, PatrolError> {
        let always = self.data.entries.always_undetected_on_natural;
        RollToJudge::new("B4", rule, Dice::D2D6, mods, (2, 12)).odds(
            &["undetected", "detected"],
            covers,
            |r| {
                let undetected = r.natural == always || self.b4_undetected(column, r.result)?;
                Ok(if undetected { "undetected" } else { "detected" }.to_string())
            },
        )
    }

    /// [8.2.6] Beyond test depth: below the hull boxes implodes, equal adds a box and rolls again (a 2
    /// too with a single box), above holds; [11.7] a Shibumi passing holds.
    pub(crate) fn test_depth_odds(&self) -> Odds {
        let hull = i32::from(self.boat.hull);
        let passes = self.shibumi_passes();
        let judged: Result<Odds, std::convert::Infallible> =
            RollToJudge::new("Test depth", "8.2.6", Dice::D2D6, Vec::new(), (2, 12)).odds(
                &["implodes", "one more hull box, roll again", "holds"],
                "this roll only: one more hull box rolls again, and a roll that holds leaves the escorts' detection at -1",
                |r| {
                    let r = if passes { (hull + 1).max(3) } else { r.result };
                    Ok(if r < hull {
                        "implodes"
                    } else if r == hull || (hull == 1 && r == 2) {
                        "one more hull box, roll again"
                    } else {
                        "holds"
                    }
                    .to_string())
                },
            );
        crate::odds::certain(judged)
    }

    /// [8.4] A tracking roll on its procedure chart with its modifiers (radar, the capital ship's damage).
    pub(crate) fn track_odds(&self, which: TrackRoll) -> Odds {
        let (chart, rule) = self.track_chart(which);
        let mods = self.track_mods(which);
        let judged: Result<Odds, std::convert::Infallible> = odds::by_faces(
            chart.title.clone(),
            rule,
            Dice::from(chart.dice),
            &[],
            "this tracking roll only: a success brings a new attack, with its own rolls",
            |faces| {
                let (_, res) = proc_roll(chart, rule, faces, mods.clone());
                Ok(super::words::name(&res).to_string())
            },
        );
        crate::odds::certain(judged)
    }

    /// [8.3.1] The quick dive on A4 with its modifiers (crew quality [8.7.2], the lookout [8.7.1], an
    /// incapacitated crew [8.5.9], radar-equipped aircraft, an exhausted crew [8.1.8]): a modified 6 or more
    /// dives in time, 5 or less is attacked, a modified 1 twice [8.3.2]; [11.7] a Shibumi passing dives.
    pub(crate) fn dive_odds(&self) -> Result<Odds, PatrolError> {
        let chart = &self.data.charts.a4.chart;
        let mods = self.dive_mods()?;
        let passes = self.shibumi_passes();
        odds::by_faces(
            "A4",
            "8.3.1",
            Dice::from(chart.dice),
            &["dived in time", "one air attack", "two air attacks"],
            "this quick dive only: each air attack is then rolled on B5 at +2, and the guns fire back on A2",
            |faces| {
                let (_, res) = chart_roll(chart, "A4", "8.3.1", faces, mods.clone())?;
                let res = if passes { DiveResult::NoCombat } else { res };
                Ok(match res {
                    DiveResult::NoCombat => "dived in time",
                    DiveResult::Attack => "one air attack",
                    DiveResult::TwoAttacks => "two air attacks",
                }
                .to_string())
            },
        )
    }
}
