//! What is thrown for each roll of a mission, without the roll's sentence: the dice of
//! [`Mission::spec`], for the machine's loop, which asks them at every roll
//! ([`crate::machine::Rules::roll_dice`]). The tests compare the two at every state of many careers.

use super::battle::air::AirRoll;
use super::battle::attack::AttackRoll;
use super::battle::damage::DamageRoll;
use super::battle::detection::DetectRoll;
use super::battle::hunt::HuntRoll;
use super::battle::placement::PlaceRoll;
use super::battle::setup::SetupRoll;
use super::convoy::PickRoll;
use super::voyage::VoyageRoll;
use super::{Mission, Throw};
use crate::dice::Dice;

impl Mission {
    /// The dice of a procedure chart (its title not copied): [`Mission::procedure_dice`]'s.
    fn chart_dice(&self, id: &str) -> Dice {
        self.data
            .data
            .procedures
            .chart(id)
            .map_or(Dice::D1D6, |c| Dice::from(c.chart.dice))
    }

    /// The dice thrown for `t`: those of [`Mission::spec`].
    pub(crate) fn throw_dice(&self, t: Throw) -> Dice {
        match t {
            Throw::Voyage(r) => match r {
                VoyageRoll::Assignment => Dice::D1D6,
                VoyageRoll::Encounter | VoyageRoll::RandomEvent => Dice::D2D6,
                VoyageRoll::CondorDamage => self.chart_dice("condor_damage"),
                VoyageRoll::EscortPick { count } => {
                    if count <= 6 {
                        Dice::D1D6
                    } else {
                        Dice::D10
                    }
                }
            },
            Throw::Pick(r) => match r {
                PickRoll::Size | PickRoll::Band => Dice::D1D6,
                PickRoll::Name { .. } => Dice::D100,
                PickRoll::ScenarioShip => Dice::D20,
            },
            Throw::Setup(r) => match r {
                SetupRoll::DayNight => self.chart_dice("day_night"),
                SetupRoll::Weather | SetupRoll::PackReduction | SetupRoll::Quality { .. } => Dice::D1D6,
                SetupRoll::PackSize => Dice::D2D6,
                SetupRoll::SingleType => Dice::from(self.data.data.charts.a3.single_uboat_type.dice),
            },
            Throw::Air(r) => match r {
                AirRoll::CrashDive { .. } | AirRoll::Attack { .. } | AirRoll::Flak { .. } => Dice::D2D6,
                AirRoll::Aircrew { .. } => self.chart_dice("aircraft_quality_1942"),
                AirRoll::FidoCheck { .. } => self.chart_dice("fido_check"),
                AirRoll::Fido { .. } => Dice::D1D6,
            },
            Throw::Damage(r) => match r {
                DamageRoll::Location { .. } => Dice::D66,
                DamageRoll::Flooding { .. } => Dice::from(self.data.data.charts.b8.halt_flooding.dice),
                DamageRoll::Repair { .. } => Dice::D1D6,
            },
            Throw::Place(r) => match r {
                PlaceRoll::StragglerRange { .. } | PlaceRoll::Approach { .. } => Dice::D1D6,
                PlaceRoll::Side { .. } => Dice::D2D6,
                PlaceRoll::Contact { .. } => self.chart_dice("contact_report"),
                PlaceRoll::DayAttack { .. } => self.chart_dice("day_attack"),
            },
            Throw::Detect(r) => self.chart_dice(match r {
                DetectRoll::HfDf { .. } => "hf_df",
                DetectRoll::Radar { night: true, .. } => "type_271_night",
                DetectRoll::Radar { night: false, .. } => "type_271_day",
                DetectRoll::Asdic { .. } => "asdic",
            }),
            Throw::Hunt(r) => match r {
                HuntRoll::UboatEvasion { .. } | HuntRoll::EscortEvasion { .. } => {
                    self.chart_dice("evasion_direction")
                }
                HuntRoll::Attack { .. } | HuntRoll::Redetection { .. } => Dice::D2D6,
                HuntRoll::Ramming { .. } => self.chart_dice("ramming"),
            },
            Throw::Attack(r) => match r {
                AttackRoll::Range { .. } => self.chart_dice("attack_range"),
                AttackRoll::CloseAsdic { .. } => self.chart_dice("asdic"),
                AttackRoll::Targets { .. } | AttackRoll::ToHit { .. } => Dice::D2D6,
                AttackRoll::TorpedoKind { night, .. } => self.chart_dice(if night {
                    "torpedo_kind_night"
                } else {
                    "torpedo_kind_day"
                }),
                AttackRoll::Dud { .. } | AttackRoll::TorpedoDamage { .. } => Dice::D1D6,
            },
        }
    }
}
