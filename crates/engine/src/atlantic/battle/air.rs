//! Air support [7.2.1] [7.2.2] [7.2.3]: in each daylight cycle, long-range aircraft (outside the air
//! gap) or a CVE's (anywhere) find one boat before it is placed; never in Bad weather [7.2.8]. On C4 a
//! modified 6 or more crash-dives (no combat; the boat sits out the cycle); 5 or less is attacked on B4
//! at +2, twice on a modified 1. From 5/43 a 1 on 1d6 before an attack drops a FIDO instead [7.2.5];
//! with the optional rule the aircrew's quality changes the hits [12.4]. The boat's flak answers the
//! first attack (C2): shot down, no second attack; damaged, the second still comes; missed (or no flak
//! left), the aircraft shadows and the boat is out of the encounter [7.2.3] [7.2.4].

use periscope_data::Month;
use periscope_data::atlantic::charts::{B4Key, CrashDive, FidoResult, Flak, Quality};

use super::damage::{DamageRoll, Hits};
use super::{Battle, BoatState, Mission, Step};
use crate::atlantic::events::MissionEvent;
use crate::atlantic::reading::{chart_roll, drm, proc_roll, unanswered};
use crate::atlantic::{MissionAction, MissionError, Throw};
use crate::dice::Dice;
use crate::machine::{RollSpec, Wait};
use crate::refusal::Refused;
use crate::roll::RollRecord;

/// FIDO homing torpedoes are dropped from May 1943 [7.2.5].
pub const FIDO_FROM: Month = Month { year: 1943, month: 5 };

/// A roll of the air attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AirRoll {
    CrashDive { boat: u8 },
    Aircrew { boat: u8 },
    FidoCheck { boat: u8 },
    Fido { boat: u8 },
    Attack { boat: u8 },
    Flak { boat: u8 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AirStage {
    CrashDive,
    Aircrew,
    FidoCheck,
    Fido,
    Attack,
    Damage,
    Flak,
}

/// The air attack in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AirStrike {
    pub boat: usize,
    pub stage: AirStage,
    /// One attack, or two on a modified 1 [7.2.3].
    pub attacks: u8,
    pub made: u8,
    pub aircrew: Option<Quality>,
    pub flak: Option<Flak>,
    /// Flak mounts working before the attack: combat is simultaneous [7.2.3].
    pub flak_mounts: u8,
    pub hits: Hits,
}

impl AirStrike {
    pub fn new(boat: usize) -> Self {
        Self {
            boat,
            stage: AirStage::CrashDive,
            attacks: 0,
            made: 0,
            aircrew: None,
            flak: None,
            flak_mounts: 0,
            hits: Hits::default(),
        }
    }
}

impl Mission {
    pub(crate) fn air_roll_spec(&self, r: AirRoll) -> RollSpec {
        match r {
            AirRoll::CrashDive { boat } => RollSpec::new(
                Dice::D2D6,
                "C4",
                "7.2.2",
                format!("Aircraft find U-boat {boat}: does it crash-dive in time?"),
            ),
            AirRoll::Aircrew { boat } => {
                let (dice, chart) = self.procedure_dice("aircraft_quality_1942");
                RollSpec::new(
                    dice,
                    chart,
                    "12.4",
                    format!("The aircrew attacking U-boat {boat}"),
                )
            }
            AirRoll::FidoCheck { boat } => {
                let (dice, chart) = self.procedure_dice("fido_check");
                RollSpec::new(
                    dice,
                    chart,
                    "7.2.5",
                    format!("A FIDO homing torpedo at U-boat {boat}?"),
                )
            }
            AirRoll::Fido { boat } => RollSpec::new(
                Dice::D1D6,
                "FIDO",
                "7.2.5",
                format!("The FIDO homes on U-boat {boat}"),
            ),
            AirRoll::Attack { boat } => RollSpec::new(
                Dice::D2D6,
                "B4",
                "7.2.3",
                format!("The aircraft attack U-boat {boat}"),
            ),
            AirRoll::Flak { boat } => RollSpec::new(
                Dice::D2D6,
                "C2",
                "7.2.3",
                format!("U-boat {boat}'s flak fires at the aircraft"),
            ),
        }
    }

    /// C4's modifiers for boat `u`'s crash dive: its quality [12.3], its damage [B8], and those in force
    /// from a month on [7.2.2].
    pub(crate) fn c4_mods(&self, u: &super::Uboat) -> Result<Vec<crate::roll::Modifier>, MissionError> {
        let c4 = &self.data.data.charts.c4;
        let mut mods = Vec::new();
        if self.options.optional.uboat_quality {
            match u.quality {
                Some(Quality::Green) => mods.push(drm(&c4.modifiers, "C4", "green_uboat", "12.3")?),
                Some(Quality::Veteran) => mods.push(drm(&c4.modifiers, "C4", "veteran_uboat", "12.3")?),
                _ => {}
            }
        }
        mods.extend(self.damage_mods(u, "C4")?);
        for m in c4
            .modifiers
            .iter()
            .filter(|m| m.from.is_some_and(|f| self.month >= f))
        {
            mods.push(crate::roll::Modifier::new(m.drm, m.when.clone(), "7.2.2"));
        }
        Ok(mods)
    }

    pub(crate) fn air_wait(&self, b: &Battle, a: &AirStrike) -> Wait<MissionAction, Throw> {
        let boat = b.boats[a.boat].number;
        Wait::Roll(match a.stage {
            AirStage::CrashDive => Throw::Air(AirRoll::CrashDive { boat }),
            AirStage::Aircrew => Throw::Air(AirRoll::Aircrew { boat }),
            AirStage::FidoCheck => Throw::Air(AirRoll::FidoCheck { boat }),
            AirStage::Fido => Throw::Air(AirRoll::Fido { boat }),
            AirStage::Attack => Throw::Air(AirRoll::Attack { boat }),
            AirStage::Damage => Throw::Damage(a.hits.next(boat).unwrap_or(DamageRoll::Location { boat })),
            AirStage::Flak => Throw::Air(AirRoll::Flak { boat }),
        })
    }

    /// Reads a roll of the air attack, in the procedure its stage is at.
    pub(crate) fn air_roll(
        &mut self,
        b: &mut Battle,
        mut a: AirStrike,
        throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let number = b.boats[a.boat].number;
        match (a.stage, throw) {
            (AirStage::CrashDive, _) => self.crash_dive_roll(b, a, faces, ev)?,
            (AirStage::Aircrew, _) => self.aircrew_roll(b, a, faces, ev)?,
            (AirStage::FidoCheck, _) => self.fido_check_roll(b, a, faces, ev)?,
            (AirStage::Fido, _) => self.fido_roll(b, a, faces, ev)?,
            (AirStage::Attack, _) => self.air_attack_roll(b, a, faces, ev)?,
            (AirStage::Damage, Throw::Damage(r)) => {
                let mut u = b.boats[a.boat].clone();
                match r {
                    DamageRoll::Flooding { .. } => self.resolve_flooding(&mut u, &mut a.hits, faces, ev)?,
                    _ => self.resolve_hit(&mut u, &mut a.hits, faces, ev)?,
                }
                b.boats[a.boat] = u;
                if a.hits.next(number).is_none() {
                    self.after_air_hits(b, a, ev);
                } else {
                    b.step = Step::Air(a);
                }
            }
            (AirStage::Flak, _) => self.flak_roll(b, a, faces, ev)?,
            _ => {
                b.step = Step::Air(a);
                return Err(MissionError::Refused(Refused::Data(
                    "a roll came that the air attack does not read".into(),
                )));
            }
        }
        Ok(())
    }

    /// The C4 roll: the boat crash-dives in time, or takes one or two attacks [7.2.2].
    fn crash_dive_roll(
        &mut self,
        b: &mut Battle,
        mut a: AirStrike,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let number = b.boats[a.boat].number;
        let c4 = &self.data.data.charts.c4;
        let mods = self.c4_mods(&b.boats[a.boat])?;
        let (rec, res) = chart_roll(&c4.chart, "C4", "7.2.2", faces, mods)?;
        let outcome = match res {
            CrashDive::CrashDive => "it crash-dives in time: no combat, it sits out this cycle",
            CrashDive::Attacked => "too late: one attack at +2",
            CrashDive::TwoAttacks => "far too late: two attacks at +2",
        };
        self.record(rec.with_outcome(outcome), ev);
        if res == CrashDive::CrashDive {
            b.boats[a.boat].state = BoatState::SitsOut { cycle: b.cycle };
            ev.push(MissionEvent::SitsOut { boat: number });
            self.after_air(b, ev);
            return Ok(());
        }
        a.attacks = if res == CrashDive::TwoAttacks { 2 } else { 1 };
        a.flak_mounts = b.boats[a.boat].flak_working();
        if self.options.optional.aircrew_quality {
            a.stage = AirStage::Aircrew;
            b.step = Step::Air(a);
        } else {
            self.next_air_attack(b, a);
        }

        Ok(())
    }

    /// The aircrew's quality, with the optional rule [12.4].
    fn aircrew_roll(
        &mut self,
        b: &mut Battle,
        mut a: AirStrike,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let (rec, res) = proc_roll(self.procedure("aircraft_quality_1942")?, "12.4", faces, vec![])?;
        let q = match res.word() {
            Some("green") => Quality::Green,
            Some("veteran") => Quality::Veteran,
            Some("elite") => Quality::Elite,
            _ => Quality::Trained,
        };
        self.record(rec.with_outcome(crate::atlantic::words::quality(q)), ev);
        a.aircrew = Some(q);
        self.next_air_attack(b, a);

        Ok(())
    }

    /// Whether the aircraft drops a FIDO homing torpedo or depth bombs [7.2.5].
    fn fido_check_roll(
        &mut self,
        b: &mut Battle,
        mut a: AirStrike,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let (rec, res) = proc_roll(self.procedure("fido_check")?, "7.2.5", faces, vec![])?;
        let fido = res.word() == Some("fido");
        self.record(
            rec.with_outcome(if fido {
                "a FIDO homing torpedo is dropped"
            } else {
                "depth bombs"
            }),
            ev,
        );
        a.stage = if fido { AirStage::Fido } else { AirStage::Attack };
        b.step = Step::Air(a);

        Ok(())
    }

    /// The FIDO's roll: the boat sunk, or its hits [7.2.5].
    fn fido_roll(
        &mut self,
        b: &mut Battle,
        mut a: AirStrike,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let (rec, res) = chart_roll(&self.data.data.charts.fido.chart, "FIDO", "7.2.5", faces, vec![])?;
        a.made += 1;
        b.boats[a.boat].rounds += 1;
        match res {
            FidoResult { sunk: true, .. } => {
                self.record(rec.with_outcome("the FIDO sinks the boat"), ev);
                self.air_sinks(b, a, ev);
            }
            FidoResult { hits, .. } => {
                let n = hits.unwrap_or(0);
                self.record(rec.with_outcome(format!("{n} hit(s)")), ev);
                self.air_hits(b, a, n, ev);
            }
        }

        Ok(())
    }

    /// The depth bombs' B4 roll in the depth-charge column, the aircrew adding or taking hits [7.2.3]
    /// [12.4].
    fn air_attack_roll(
        &mut self,
        b: &mut Battle,
        mut a: AirStrike,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let b4 = &self.data.data.charts.b4;
        let mut mods = vec![drm(&b4.modifiers, "B4", "aircraft", "7.2.3")?];
        mods.extend(self.damage_mods(&b.boats[a.boat], "B4")?);
        let span = b4
            .table
            .column(&B4Key::DepthCharges, self.month)
            .map(|c| c.chart.span())
            .ok_or_else(|| unanswered("B4", "depth-charge column"))?;
        let rec = RollRecord::new("B4", "7.2.3", Dice::D2D6, faces, mods, span);
        let base = b4
            .hits(B4Key::DepthCharges, rec.result)
            .ok_or_else(|| unanswered("B4", format_args!("row for {}", rec.result)))?;
        let e = &self.data.entries;
        // [12.4] The aircrew's quality adds or takes hits.
        let extra = match a.aircrew {
            Some(Quality::Green) => e.aircrew_green,
            Some(Quality::Veteran) => e.aircrew_veteran,
            Some(Quality::Elite) => e.aircrew_elite,
            _ => 0,
        };
        let hits = u8::try_from((i32::from(base) + extra).max(0)).unwrap_or(0);
        self.record(
            rec.with_outcome(if extra == 0 {
                format!("{hits} hit(s)")
            } else {
                format!("{base} hit(s) {extra:+} for the aircrew [12.4] = {hits}")
            }),
            ev,
        );
        a.made += 1;
        b.boats[a.boat].rounds += 1;
        self.air_hits(b, a, hits, ev);

        Ok(())
    }

    /// The boat's flak on C2: the aircraft shot down, damaged or missed [7.2.3] [7.2.4].
    fn flak_roll(
        &mut self,
        b: &mut Battle,
        mut a: AirStrike,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let c2 = &self.data.data.charts.c2;
        let u = &b.boats[a.boat];
        let mut mods = Vec::new();
        if a.flak_mounts >= 2 {
            mods.push(drm(&c2.modifiers, "C2", "two_flak_mounts", "7.2.4")?);
        }
        if self.options.optional.uboat_quality && matches!(u.quality, Some(Quality::Veteran | Quality::Elite))
        {
            mods.push(drm(&c2.modifiers, "C2", "veteran_or_elite_crew", "7.2.4")?);
        }
        let (rec, flak) = chart_roll(&c2.chart, "C2", "7.2.3", faces, mods)?;
        self.record(
            rec.with_outcome(match flak {
                Flak::ShotDown => "the aircraft is shot down: no second attack",
                Flak::Damaged => "the aircraft is damaged and goes home after its attacks",
                Flak::Missed => "missed: the aircraft shadows the boat",
            }),
            ev,
        );
        a.flak = Some(flak);
        if a.made < a.attacks && flak != Flak::ShotDown {
            self.next_air_attack(b, a);
        } else {
            self.air_done(b, a, ev);
        }

        Ok(())
    }

    /// The next of the aircraft's attacks: FIDO first from 5/43 [7.2.5].
    fn next_air_attack(&mut self, b: &mut Battle, mut a: AirStrike) {
        a.stage = if self.month >= FIDO_FROM {
            AirStage::FidoCheck
        } else {
            AirStage::Attack
        };
        b.step = Step::Air(a);
    }

    fn air_hits(&mut self, b: &mut Battle, mut a: AirStrike, hits: u8, ev: &mut Vec<MissionEvent>) {
        ev.push(MissionEvent::Hits {
            boat: b.boats[a.boat].number,
            hits,
        });
        a.hits = Hits::new(hits);
        if hits > 0 {
            a.stage = AirStage::Damage;
            b.step = Step::Air(a);
        } else {
            self.after_air_hits(b, a, ev);
        }
    }

    /// After an attack's hits: sunk with a full hull, or with full flooding (it surfaces under the
    /// aircraft: our reading); then the flak after the first attack [7.2.3].
    fn after_air_hits(&mut self, b: &mut Battle, mut a: AirStrike, ev: &mut Vec<MissionEvent>) {
        let u = &b.boats[a.boat];
        if u.hull_full() || u.flooding_full() {
            return self.air_sinks(b, a, ev);
        }
        if a.made == 1 {
            if a.flak_mounts > 0 {
                a.stage = AirStage::Flak;
                b.step = Step::Air(a);
                return;
            }
            ev.push(MissionEvent::note(format!(
                "U-boat {} has no flak to fire: the aircraft shadows it [7.2.4]",
                u.number
            )));
            a.flak = Some(Flak::Missed);
        }
        if a.made < a.attacks && a.flak != Some(Flak::ShotDown) {
            return self.next_air_attack(b, a);
        }
        self.air_done(b, a, ev);
    }

    fn air_sinks(&mut self, b: &mut Battle, a: AirStrike, ev: &mut Vec<MissionEvent>) {
        let u = &mut b.boats[a.boat];
        u.state = BoatState::Sunk {
            by: "aircraft".into(),
        };
        // [7.2.3] Boats sunk by aircraft count for victory.
        ev.push(MissionEvent::UboatSunk {
            boat: u.number,
            by: "aircraft".into(),
        });
        self.after_air(b, ev);
    }

    /// [7.2.3] The air attack's outcome for the boat.
    fn air_done(&mut self, b: &mut Battle, a: AirStrike, ev: &mut Vec<MissionEvent>) {
        let number = b.boats[a.boat].number;
        let state = if let Some(why) = self.removing_damage(&b.boats[a.boat]) {
            BoatState::Removed {
                why: format!("{why} damaged by aircraft [7.1.3] [7.3.9]"),
            }
        } else if a.flak == Some(Flak::Missed) {
            BoatState::Removed {
                why: "the aircraft shadows it: out of the encounter [7.2.3]".into(),
            }
        } else {
            BoatState::SitsOut { cycle: b.cycle }
        };
        match &state {
            BoatState::Removed { why } => ev.push(MissionEvent::Removed {
                boat: number,
                why: why.clone(),
            }),
            _ => ev.push(MissionEvent::SitsOut { boat: number }),
        }
        b.boats[a.boat].state = state;
        self.after_air(b, ev);
    }
}
