//! Where the patrol stands and what it waits for: a decision or a roll, each named by the procedure that
//! owns it. This hub only forwards: each procedure's module says what its rolls throw (`*_roll_spec`),
//! what they do (`resolve_*`), what its decisions offer (`*_choices`) and what a choice does
//! (`*_decide`), so a new rule is written in its procedure's module.

use serde::Serialize;

use super::Labels;
use super::events::{PatrolEnd, PatrolEvent};
use super::{
    AftermathRoll, AirRoll, AircraftRoll, AttackRoll, CombatAsk, ContactRoll, DamageRoll, EncounterAsk,
    EnemyRoll, EscortRoll, KaitenRoll, MidgetRoll, OptionalRoll, Patrol, PatrolAction, PatrolError,
    TrackRoll,
};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec};

/// Where the game stands (the view shows it as [`super::PhaseView`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    Decide { ask: Ask },
    Roll { purpose: RollPurpose },
    Over { end: PatrolEnd },
}

/// What the game asks the player, by the procedure that asks it; a decision carries what only it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Load up to six Type 92 from 7/42 [4.5].
    LoadType92,
    /// The encounter roll's decision: the expert navigator's re-roll [8.7.1], or radio intelligence [B11].
    Encounter(EncounterAsk),
    /// The submarine's attack: engage, salvo, after the round, pursue [8.2] [8.4].
    Combat(CombatAsk),
    /// Another round against the enemy submarine, or break contact [8.2.9.4].
    EnemyAfter,
    /// Beyond test depth before the escorts' detection roll [8.2.6].
    TestDepth,
    /// The evasive manoeuvre before an escort's B5 roll [11.3].
    Evasion,
    /// Launch the aircraft for reconnaissance [7.15].
    Launch,
    /// The midget in the Target Box: fire or hold [7.16].
    MidgetAttack,
    /// Spend the captain's Shibumi on the coming defective-torpedo check or A4 dive, or roll [11.7].
    Shibumi,
}

/// A roll the game waits for, by the procedure that owns it. It is read flat, as it always was
/// (`{"roll":"to_hit"}`, `{"roll":"aviation","step":"takeoff"}`): each procedure's rolls carry the tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum RollPurpose {
    /// The early-war torpedo load [4.5].
    Load,
    /// The box's encounter roll on A3 [6.2.2B].
    Encounter,
    /// B11, the patrol's random event [8.1.8].
    RandomEvent,
    /// A3 Special Missions in the mission box [7.4]-[7.11].
    MissionEncounter,
    /// Tracking the contact [8.4].
    Track { which: TrackRoll },
    /// The boat's own aircraft: the Aviation Module [7.15] [7.17].
    Aviation { step: AirRoll },
    /// The kaiten module's rolls [7.18].
    Kaiten { step: KaitenRoll },
    /// A roll of the Midget Submarine Module [7.16].
    Midget { midget: MidgetRoll },
    /// Identifying the contact and the time of day [8.1].
    #[serde(untagged)]
    Contact(ContactRoll),
    /// The submarine's attack [8.2.1]-[8.2.4].
    #[serde(untagged)]
    Attack(AttackRoll),
    /// The enemy submarine [8.2.9].
    #[serde(untagged)]
    Enemy(EnemyRoll),
    /// The escorts' detection and attack [8.2.5]-[8.2.7].
    #[serde(untagged)]
    Escort(EscortRoll),
    /// Enemy aircraft and the arrivals of additional rounds [8.3] [8.2.8].
    #[serde(untagged)]
    Aircraft(AircraftRoll),
    /// Damage to the submarine and its crew [8.5] [8.6.3].
    #[serde(untagged)]
    Damage(DamageRoll),
    /// Repairs and the doctor after an encounter, survival at the start of a box [8.5.2] [8.5.9].
    #[serde(untagged)]
    Aftermath(AftermathRoll),
    /// The optional rules' rolls [11.3] [11.4] [11.5].
    #[serde(untagged)]
    Optional(OptionalRoll),
}

impl RollPurpose {
    /// Whether the submarine makes this roll for itself: the Maneki Neko may have it made again [B11].
    /// The enemy's rolls, the identification of ships and the chart rolls of damage are not its own.
    pub(crate) fn own(self) -> bool {
        use RollPurpose as R;
        match self {
            R::Encounter | R::MissionEncounter | R::Track { .. } => true,
            R::Load | R::RandomEvent | R::Aviation { .. } | R::Kaiten { .. } | R::Midget { .. } => false,
            R::Contact(r) => r.own(),
            R::Attack(r) => r.own(),
            R::Enemy(r) => r.own(),
            R::Escort(r) => r.own(),
            R::Aircraft(r) => r.own(),
            R::Damage(r) => r.own(),
            R::Aftermath(_) => true,
            R::Optional(_) => false,
        }
    }
}

impl Patrol {
    /// The dice, chart, rule and reason of a roll.
    pub(crate) fn roll_spec(&self, p: RollPurpose) -> RollSpec {
        use RollPurpose as R;
        match p {
            R::Load => self.load_roll_spec(),
            R::Encounter => self.encounter_roll_spec(),
            R::RandomEvent => self.random_event_roll_spec(),
            R::MissionEncounter => self.mission_roll_spec(),
            R::Track { which } => self.track_roll_spec(which),
            R::Aviation { step } => self.air_roll_spec(step),
            R::Kaiten { step } => self.kaiten_roll_spec(step),
            R::Midget { midget } => self.midget_roll_spec(midget),
            R::Contact(r) => self.contact_roll_spec(r),
            R::Attack(r) => self.attack_roll_spec(r),
            R::Enemy(r) => self.enemy_roll_spec(r),
            R::Escort(r) => self.escort_roll_spec(r),
            R::Aircraft(r) => self.aircraft_roll_spec(r),
            R::Damage(r) => self.damage_roll_spec(r),
            R::Aftermath(r) => self.aftermath_roll_spec(r),
            R::Optional(r) => self.optional_roll_spec(r),
        }
    }

    /// The dice of a roll, as [`Patrol::roll_spec`] gives them, without writing the roll's chart, rule and
    /// sentence: the machine asks it before every roll. The rolls made most often read their dice here;
    /// the rest from their spec. The machine checks that both agree in every debug build.
    pub(crate) fn roll_dice(&self, p: RollPurpose) -> Dice {
        use RollPurpose as R;
        let charts = &self.data.charts;
        let procs = &self.data.procs.charts;
        match p {
            R::Encounter | R::MissionEncounter => Dice::D2D6,
            R::RandomEvent => Dice::from(charts.b11.chart.dice),
            R::Track { which } => Dice::from(self.track_chart(which).0.dice),
            R::Contact(r) => Dice::from(match r {
                ContactRoll::ShipCount => procs.escorted_ships.dice,
                ContactRoll::ShipSize => charts.a3.ship_size.dice,
                ContactRoll::Target { large: true } => charts.t2.chart.dice,
                ContactRoll::Target { large: false } => charts.t1.chart.dice,
                ContactRoll::Capital => charts.t4.table.dice,
                ContactRoll::Warship if self.british() => charts.t5.chart.dice,
                ContactRoll::Warship => charts.t3.chart.dice,
                ContactRoll::TimeOfDay => procs.time_of_day.dice,
                ContactRoll::ChangeTime => procs.change_time.dice,
            }),
            R::Attack(r) => match r {
                AttackRoll::Approach | AttackRoll::ToHit | AttackRoll::GunHit { .. } => Dice::D2D6,
                AttackRoll::Defective | AttackRoll::ShipDamage | AttackRoll::GunDamage { .. } => Dice::D1D6,
            },
            R::Enemy(EnemyRoll::Torpedo) => Dice::D2D6,
            R::Enemy(EnemyRoll::Defective) => Dice::D1D6,
            R::Enemy(EnemyRoll::Initiative) => Dice::from(procs.initiative.dice),
            R::Aircraft(r) => match r {
                AircraftRoll::Dive => Dice::from(charts.a4.chart.dice),
                AircraftRoll::AaFire => Dice::from(charts.a2.chart.dice),
                AircraftRoll::Arrival => Dice::D2D6,
            },
            R::Damage(r) => Dice::from(match r {
                DamageRoll::SubDamage => charts.b5.damage.dice,
                DamageRoll::CrewWho { .. } => charts.b7.crew_hit.dice,
                DamageRoll::CrewHow { .. } => charts.b7.wound.dice,
                DamageRoll::Flooding => charts.b6.chart.dice,
                DamageRoll::Scuttle => procs.scuttle.dice,
                DamageRoll::Rescue => procs.rescue.dice,
            }),
            R::Aftermath(r) => Dice::from(match r {
                AftermathRoll::Repair { .. } => procs.repair.dice,
                AftermathRoll::DoctorSurvival { .. } => procs.doctor_survival.dice,
                AftermathRoll::ExpertDoctor { .. } => procs.expert_doctor.dice,
            }),
            R::Load => Dice::D1D6,
            R::Escort(r) => match r {
                EscortRoll::TestDepth | EscortRoll::Detection | EscortRoll::Attack => Dice::D2D6,
                EscortRoll::Special => Dice::from(charts.b5.special_attack.dice),
            },
            R::Aviation { .. } | R::Kaiten { .. } | R::Midget { .. } | R::Optional(_) => {
                self.roll_spec(p).dice
            }
        }
    }

    /// Every roll lands here: the luck markers see it, then its procedure reads it.
    pub(crate) fn resolve(
        &mut self,
        p: RollPurpose,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        use RollPurpose as R;
        self.keep_neko_snapshot(p);
        self.shibumi_rolled(p);
        match p {
            R::Load => self.resolve_load(faces, ev),
            R::Encounter => self.resolve_encounter(faces, ev),
            R::RandomEvent => self.resolve_random_event(faces, ev),
            R::MissionEncounter => self.resolve_mission_roll(faces, ev),
            R::Track { which } => self.resolve_track(which, faces, ev),
            R::Aviation { step } => self.resolve_air_ops(step, faces, ev),
            R::Kaiten { step } => self.resolve_kaiten(step, faces, ev),
            R::Midget { midget } => self.resolve_midget(midget, faces, ev),
            R::Contact(r) => self.resolve_contact(r, faces, ev),
            R::Attack(r) => self.resolve_combat(r, faces, ev),
            R::Enemy(r) => self.resolve_enemy_sub(r, faces, ev),
            R::Escort(r) => self.resolve_escort(r, faces, ev),
            R::Aircraft(r) => self.resolve_air(r, faces, ev),
            R::Damage(r) => self.resolve_damage(r, faces, ev),
            R::Aftermath(r) => self.resolve_aftermath(r, faces, ev),
            R::Optional(r) => self.resolve_optional(r, faces, ev),
        }
    }

    /// The offered choices of a decision, with the markers and skills that may be spent now.
    pub(crate) fn choices(&self, ask: Ask) -> Decision<PatrolAction> {
        self.choices_as(ask, Labels::Written)
    }

    /// The actions the decision waiting now offers, in the order [`Patrol::choices`] lists them, without
    /// writing their labels (none when the patrol waits for a roll or is over): a policy's fast path.
    pub fn offered_actions(&self) -> Vec<PatrolAction> {
        match &self.phase {
            Phase::Decide { ask } => self
                .choices_as(*ask, Labels::Skipped)
                .choices
                .into_iter()
                .map(|c| c.action)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// [`Patrol::choices`], the labels written or not: the same choices in the same order either way.
    fn choices_as(&self, ask: Ask, labels: Labels) -> Decision<PatrolAction> {
        let mut d = match ask {
            Ask::LoadType92 => self.load_choices(labels),
            Ask::Encounter(a) => self.encounter_choices(a),
            Ask::Combat(a) => self.combat_choices(a, labels),
            Ask::EnemyAfter => self.enemy_after_choices(),
            Ask::TestDepth => self.test_depth_choices(labels),
            Ask::Evasion => self.evasion_choices(),
            Ask::Launch => self.launch_choices(),
            Ask::MidgetAttack => self.midget_choices(),
            Ask::Shibumi => self.shibumi_choices(),
        };
        self.luck_choices(ask, &mut d.choices);
        d
    }

    /// Applies an offered choice: a luck marker or skill spent on it, or the decision's own choice.
    pub(crate) fn decide(&mut self, ask: Ask, action: PatrolAction, ev: &mut Vec<PatrolEvent>) {
        use PatrolAction as A;
        if action == A::ManekiNeko {
            self.spend_maneki_neko(ev);
            return;
        }
        // A decision settles the latest roll: the Maneki Neko can no longer take it back.
        self.luck.neko = None;
        if action == A::Shibumi {
            self.use_shibumi(ask, ev);
            return;
        }
        match ask {
            Ask::LoadType92 => self.load_decide(action, ev),
            Ask::Encounter(a) => self.encounter_decide(a, action, ev),
            Ask::Combat(a) => self.combat_decide(a, action, ev),
            Ask::EnemyAfter => self.enemy_after_decide(action, ev),
            Ask::TestDepth => {
                if let A::TestDepth { exceed } = action {
                    self.test_depth_decision(exceed, ev);
                }
            }
            Ask::Evasion => {
                if let A::Evade { number } = action {
                    self.evade(number);
                }
            }
            Ask::Launch => {
                if let A::Launch { launch } = action {
                    self.launch_decision(launch, ev);
                }
            }
            Ask::MidgetAttack => self.midget_decide(action, ev),
            Ask::Shibumi => self.shibumi_declined(),
        }
    }
}
