//! The odds of the mission's rolls that follow from a player's choice (see [`crate::odds`]): the hunt's
//! attack on B4 and its contact on B3 [7.1.3], the U-boat's crash dive on C4 [7.2.2] and a torpedo's B1
//! [7.1.3]. Each reads the roll exactly as the mission's own procedure will, with the modifiers in force.

use periscope_data::atlantic::charts::{B4Key, CrashDive, Detection, Hit, Range};

use super::battle::Step;
use super::battle::air::AirRoll;
use super::battle::attack::AttackRoll;
use super::battle::hunt::HuntRoll;
use super::{Mission, MissionError, Phase, Throw};
use crate::dice::Dice;
use crate::odds::{Odds, RollToJudge};
use crate::refusal::Refused;

impl Mission {
    /// The odds of the roll `t`, for the rolls whose outcome the panel shows; `None` for others.
    pub(crate) fn throw_odds(&self, t: Throw) -> Option<Odds> {
        let odds = match t {
            Throw::Hunt(HuntRoll::Attack { .. }) => self.hunt_attack_odds(),
            Throw::Hunt(HuntRoll::Redetection { .. }) => self.redetection_odds(),
            Throw::Air(AirRoll::CrashDive { .. }) => self.crash_dive_odds(),
            Throw::Attack(AttackRoll::ToHit { .. }) => self.torpedo_hit_odds(),
            _ => return None,
        };
        odds.ok().flatten()
    }

    /// [7.1.3] [7.1.3 Important] The hunt's one B4 roll, depth charges or Hedgehog, with its modifiers
    /// and the hits an evasion already added [12.8]: the odds of each number of hits.
    pub(crate) fn hunt_attack_odds(&self) -> Result<Option<Odds>, MissionError> {
        let Phase::Battle(b) = &self.phase else {
            return Ok(None);
        };
        let Step::Hunt(h) = &b.step else {
            return Ok(None);
        };
        let key = if h.hedgehog {
            B4Key::Hedgehog
        } else {
            B4Key::DepthCharges
        };
        let mods = self.b4_mods(b, h)?;
        let b4 = &self.data.data.charts.b4;
        let Some(span) = b4.table.column(&key, self.month).map(|c| c.chart.span()) else {
            return Ok(None);
        };
        let extra = h.evasion_hits.unwrap_or(0);
        let order = ["no hit", "1 hit", "2 hits", "3 hits", "4 hits", "5 hits"];
        RollToJudge::new("B4", "7.1.3", Dice::D2D6, mods, span)
            .odds(
                &order,
                "this attack's hits only: each is then rolled on B5, and the escorts roll B3 to hold the boat",
                |r| {
                    let base = b4.hits(key, r.result).ok_or_else(|| {
                        MissionError::Refused(Refused::Data(format!("B4 has no {key} row for {}", r.result)))
                    })?;
                    Ok(hits_label((i32::from(base) + extra).max(0)))
                },
            )
            .map(|o| Some(trimmed(o)))
    }

    /// [7.1.3] [7.1.5 ERRATA] The B3 roll to hold the boat, with its modifiers; a natural 2 always
    /// escapes.
    pub(crate) fn redetection_odds(&self) -> Result<Option<Odds>, MissionError> {
        let Phase::Battle(b) = &self.phase else {
            return Ok(None);
        };
        let Step::Hunt(h) = &b.step else {
            return Ok(None);
        };
        let mods = self.b3_mods(b, h)?;
        let b3 = &self.data.data.charts.b3;
        let always = self.data.entries.always_escapes_on_natural;
        RollToJudge::new("B3", "7.1.3", Dice::D2D6, mods, b3.chart.span())
            .odds(
                &["held", "escapes"],
                "this B3 roll only: a boat held is attacked again on B4, one that escapes ends the hunt",
                |r| {
                    let held = r.natural != always
                        && b3.chart.lookup(r.result).map(|x| x.result) == Some(Detection::Detected);
                    Ok(if held { "held" } else { "escapes" }.to_string())
                },
            )
            .map(Some)
    }

    /// [7.2.2] [7.2.3] The boat's crash dive on C4 with its modifiers: in time it sits out the cycle,
    /// too late one air attack on B4 at +2, a modified 1 two.
    pub(crate) fn crash_dive_odds(&self) -> Result<Option<Odds>, MissionError> {
        let Phase::Battle(b) = &self.phase else {
            return Ok(None);
        };
        let Step::Air(a) = &b.step else {
            return Ok(None);
        };
        let mods = self.c4_mods(&b.boats[a.boat])?;
        let c4 = &self.data.data.charts.c4;
        RollToJudge::new("C4", "7.2.2", Dice::from(c4.chart.dice), mods, c4.chart.span())
            .odds(
                &["crash-dives in time", "one air attack", "two air attacks"],
                "this crash dive only: each air attack is then rolled on B4 at +2",
                |r| {
                    let res = c4.chart.lookup(r.result).map(|x| x.result).ok_or_else(|| {
                        MissionError::Refused(Refused::Data(format!("C4 has no row for {}", r.result)))
                    })?;
                    Ok(match res {
                        CrashDive::CrashDive => "crash-dives in time",
                        CrashDive::Attacked => "one air attack",
                        CrashDive::TwoAttacks => "two air attacks",
                    }
                    .to_string())
                },
            )
            .map(Some)
    }

    /// [7.1.3] The next torpedo's B1 roll at the attack's range: hit or miss, with its modifiers [12.3].
    pub(crate) fn torpedo_hit_odds(&self) -> Result<Option<Odds>, MissionError> {
        let Phase::Battle(b) = &self.phase else {
            return Ok(None);
        };
        let Step::Attack(a) = &b.step else {
            return Ok(None);
        };
        let Some(shot) = a.shots.get(a.next) else {
            return Ok(None);
        };
        let range = a.range.unwrap_or(Range::Medium);
        let mods = self.b1_mods(b, a, shot)?;
        let b1 = &self.data.data.charts.b1;
        let Some(span) = b1.table.column(&range, self.month).map(|c| c.chart.span()) else {
            return Ok(None);
        };
        RollToJudge::new("B1", "7.1.3", Dice::D2D6, mods, span)
            .odds(
                &["hit", "miss"],
                "this torpedo's to-hit roll only: a hit is then checked for a dud on B6 and its damage rolled on B2",
                |r| Ok(if b1.roll(range, r.result) == Some(Hit::Hit) { "hit" } else { "miss" }.to_string()),
            )
            .map(Some)
    }
}

/// `no hit`, `1 hit`, `3 hits`.
fn hits_label(n: i32) -> String {
    match n {
        0 => "no hit".into(),
        1 => "1 hit".into(),
        n => format!("{n} hits"),
    }
}

/// The odds without the outcomes no throw gives (the list of hits names more than a column reaches).
fn trimmed(mut o: Odds) -> Odds {
    o.outcomes.retain(|x| x.ways > 0);
    o
}
