//! The optional rules of section 11 that act inside a patrol, each off by default: evasive manoeuvres
//! [11.3] (the escort's direction is player 2's secret choice in a two-player game [10.1]), escort quality
//! [11.4], aircrew quality [11.5] and historical targets [11.2]. Their numbers are in the procedures data
//! (the D10 charts and the `evasion_*`, `quality_*` constants).

use periscope_data::chart::CoveredChart;
use periscope_data::sensuikan::charts::{Ship, System};
use periscope_data::sensuikan::procedures::ProcedureResult;
use serde::{Deserialize, Serialize};

use super::events::PatrolEvent;
use super::reading::proc_roll;
use super::{
    Ask, Attacker, ContactKind, EscortRoll, Patrol, PatrolAction, PatrolError, Phase, RollPurpose, choice,
};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec};
use crate::roll::RollRecord;

/// A roll of the optional rules [11.3] [11.4] [11.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum OptionalRoll {
    /// The escort's direction against the evasive manoeuvre; player 2's secret choice in a two-player game
    /// [11.3] [10.1].
    EscortDirection,
    /// D10: the escort's quality [11.4].
    EscortQuality,
    /// D10: the aircrew's quality [11.5].
    AircrewQuality,
}

/// The quality of an escort or an aircrew, table D10 [11.4] [11.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForceQuality {
    Novice,
    Trained,
    Veteran,
    Elite,
}

/// An evasion or escort direction from a number 1-6 [11.3]: 1-2 left, 3-4 right, 5-6 straight ahead.
pub fn evasion_direction(number: u8) -> &'static str {
    match number {
        1 | 2 => "left",
        3 | 4 => "right",
        _ => "straight ahead",
    }
}

impl Patrol {
    /// The dice, chart, rule and reason of an optional rule's roll.
    pub(crate) fn optional_roll_spec(&self, r: OptionalRoll) -> RollSpec {
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match r {
            OptionalRoll::EscortDirection => s(
                Dice::D1D6,
                "B5 escort direction",
                "11.3",
                "The escort's direction (1-2 left, 3-4 right, 5-6 straight ahead)",
            ),
            OptionalRoll::EscortQuality => {
                s(Dice::D1D6, "D10 escort quality", "11.4", "The escort's quality")
            }
            OptionalRoll::AircrewQuality => {
                s(Dice::D1D6, "D10 aircrew quality", "11.5", "The aircrew's quality")
            }
        }
    }

    /// The D10 chart of the patrol's year [11.4] [11.5].
    fn quality_chart(&self) -> &CoveredChart<ProcedureResult> {
        let c = &self.data.procs.charts;
        match self.month.year {
            ..=1942 => &c.quality_1941,
            1943 | 1944 => &c.quality_1943,
            _ => &c.quality_1945,
        }
    }

    /// Rolls D10 for an escort or an aircrew: the record and the quality.
    fn quality_roll(&self, rule: &str, what: &str, faces: Vec<u8>) -> (RollRecord, ForceQuality) {
        let (rec, res) = proc_roll(self.quality_chart(), rule, faces, vec![]);
        // The D10 charts give only the four qualities (checked when the data is loaded).
        let q = match res {
            ProcedureResult::Novice => ForceQuality::Novice,
            ProcedureResult::Veteran => ForceQuality::Veteran,
            ProcedureResult::Elite => ForceQuality::Elite,
            _ => ForceQuality::Trained,
        };
        let mut rec = rec;
        rec.chart = format!("D10 {what} quality");
        (rec, q)
    }

    /// [11.4] After an attack on escorted ships, before the first detection roll: the escort's quality,
    /// once per encounter.
    pub(crate) fn escort_quality_due(&self) -> bool {
        self.options.optional.escort_quality
            && self.combat.as_ref().is_some_and(|c| {
                c.picture.escorted
                    && c.escort.quality.is_none()
                    && c.picture.kind != ContactKind::EnemySubmarine
            })
    }

    /// [11.5] After a failed quick dive (not a friendly aircraft): the aircrew's quality.
    pub(crate) fn aircrew_quality_due(&self) -> bool {
        self.options.optional.aircrew_quality && self.combat.as_ref().is_some_and(|c| !c.air.friendly)
    }

    /// [11.3] Before an escort's B5 roll: the evasion decision, unless the hydrophones are damaged.
    pub(crate) fn attack_roll_or_evasion(&mut self) {
        let escort = self.combat.as_ref().is_some_and(|c| {
            c.incoming.attacker == Attacker::Escort && c.picture.kind != ContactKind::EnemySubmarine
        });
        self.phase =
            if self.options.optional.evasive_manoeuvres && escort && self.boat.working(System::Hydrophones) {
                Phase::Decide { ask: Ask::Evasion }
            } else {
                Phase::Roll {
                    purpose: RollPurpose::Escort(EscortRoll::Attack),
                }
            };
    }

    /// [11.3] The six numbers the player may pick.
    pub(crate) fn evasion_choices(&self) -> Decision<PatrolAction> {
        Decision::new(
            "Evasive manoeuvre: pick a number (1-2 left, 3-4 right, 5-6 straight ahead); the escort's \
             direction is rolled next",
            "11.3",
            (1..=6u8)
                .map(|n| {
                    choice(
                        PatrolAction::Evade { number: n },
                        format!("Evade {} (number {n})", evasion_direction(n)),
                        "11.3",
                    )
                })
                .collect(),
        )
    }

    /// [11.3] The player's number is kept hidden until the escort's direction is in [10.1].
    pub(crate) fn evade(&mut self, number: u8) {
        if let Some(c) = self.combat.as_mut() {
            c.escort.evasion = Some(number);
        }
        self.phase = Phase::Roll {
            purpose: RollPurpose::Optional(OptionalRoll::EscortDirection),
        };
    }

    /// The optional rules' rolls.
    pub(crate) fn resolve_optional(
        &mut self,
        r: OptionalRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match r {
            OptionalRoll::EscortDirection => {
                // [11.3] Both directions are revealed together.
                let rec = RollRecord::new("B5 escort direction", "11.3", Dice::D1D6, faces, vec![], (1, 6));
                let escort = u8::try_from(rec.result).unwrap_or(1);
                let sub = self
                    .combat
                    .as_ref()
                    .and_then(|c| c.escort.evasion)
                    .unwrap_or(escort);
                let (delta, what) = if escort == sub {
                    (self.data.procs.constants.evasion_exact, "the same number")
                } else if evasion_direction(escort) == evasion_direction(sub) {
                    (
                        self.data.procs.constants.evasion_same_direction,
                        "the same direction",
                    )
                } else {
                    (
                        self.data.procs.constants.evasion_wrong_direction,
                        "the wrong direction",
                    )
                };
                if self.quiet.records() {
                    self.record(
                        rec.with_outcome(format!(
                            "submarine {sub} ({}), escort {escort} ({}): {what}, {delta:+} hit(s) on B5",
                            evasion_direction(sub),
                            evasion_direction(escort)
                        )),
                        ev,
                    );
                }
                if let Some(c) = self.combat.as_mut() {
                    c.escort.evasion = None;
                    c.escort.evasion_hits = Some(delta);
                }
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Escort(EscortRoll::Attack),
                };
            }
            OptionalRoll::EscortQuality => {
                let (rec, q) = self.quality_roll("11.4", "escort", faces);
                if self.quiet.records() {
                    self.record(rec.with_outcome(format!("{q:?} escort")), ev);
                }
                if let Some(c) = self.combat.as_mut() {
                    c.escort.quality = Some(q);
                }
                self.begin_detection(ev);
            }
            OptionalRoll::AircrewQuality => {
                let (rec, q) = self.quality_roll("11.5", "aircrew", faces);
                if self.quiet.records() {
                    self.record(rec.with_outcome(format!("{q:?} aircrew")), ev);
                }
                if let Some(c) = self.combat.as_mut() {
                    c.air.quality = Some(q);
                }
                self.air_attack();
            }
        }
        Ok(())
    }

    /// The hits an attack's B5 result gains or loses from the optional rules [11.3] [11.4] [11.5], each
    /// with its reason; spends the evasion's result. Marks the elite aircrew's second casualty [11.5].
    pub(crate) fn optional_hits(&mut self, aircraft: bool) -> Vec<(i32, String)> {
        let mut v = Vec::new();
        let quality_hits = |s: &Self, q: ForceQuality| match q {
            ForceQuality::Novice => s.data.procs.constants.quality_novice_hits,
            ForceQuality::Trained => 0,
            ForceQuality::Veteran => s.data.procs.constants.quality_veteran_hits,
            ForceQuality::Elite => s.data.procs.constants.quality_elite_hits,
        };
        let Some(c) = self.combat.as_ref() else {
            return v;
        };
        let (evasion, escort_q, air_q, casualty) = (
            c.escort.evasion_hits,
            c.escort.quality,
            c.air.quality,
            c.air.casualty,
        );
        if !aircraft && let Some(d) = evasion {
            v.push((d, "evasive manoeuvre [11.3]".to_string()));
        }
        if !aircraft && let Some(q) = escort_q {
            let d = quality_hits(self, q);
            if d != 0 {
                v.push((d, format!("{q:?} escort [11.4]")));
            }
        }
        if aircraft && let Some(q) = air_q {
            let d = quality_hits(self, q);
            if d != 0 {
                v.push((d, format!("{q:?} aircrew [11.5]")));
            }
        }
        let extra = aircraft
            && casualty
            && air_q == Some(ForceQuality::Elite)
            && self.data.procs.constants.elite_aircrew_casualties > 1;
        if let Some(c) = self.combat.as_mut() {
            c.escort.evasion_hits = None;
            c.air.extra_casualty = extra;
        }
        v
    }

    /// [11.2] A named ship already sunk, in the career or on this patrol: identify her again (see
    /// `identify_again`).
    pub(crate) fn already_sunk(&self, ship: &Ship) -> bool {
        if !self.options.optional.historical_targets || ship.generic {
            return false;
        }
        self.options.optional.sunk_names.contains(&ship.name)
            || self.log.iter().any(|s| s.sunk && s.name == ship.name)
    }

    /// [11.2] The outcome of an identification that must be rolled again.
    pub(crate) fn sunk_before(ship: &Ship) -> String {
        format!("{} was sunk before: identify again [11.2]", ship.name)
    }
}
