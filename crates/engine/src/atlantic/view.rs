//! What a player sees of a mission: the stable contract the app, the CLI's JSON and the golden files
//! read, built from the state (never the state's own types).

use periscope_data::atlantic::charts::Quality;
use serde::Serialize;

use super::battle::attack::{Aim, AttackStage, UboatAttack};
use super::battle::{Battle, BattleKind, BoatState, Step};
use super::convoy::Fate;
use super::group::EscortStatus;
use super::{AirCover, Mission, MissionResult, Phase, VoyageStep, words};

/// The mission as a player sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissionView {
    pub group: String,
    pub month: String,
    pub from: String,
    pub to: String,
    pub refit_at: String,
    pub convoy: String,
    pub size: String,
    pub display: String,
    /// The current travel box, from 1; 0 once arrived.
    pub box_number: u8,
    pub boxes: Vec<BoxView>,
    pub air: AirCover,
    pub cam_used: bool,
    pub hf_df: bool,
    pub touch_wood: u8,
    pub random_event_used: bool,
    pub escorts: Vec<EscortView>,
    pub stragglers: Vec<MerchantView>,
    pub lost: Vec<MerchantView>,
    pub battle: Option<BattleView>,
    pub phase: PhaseView,
    pub result: Option<MissionResult>,
    /// Every merchant the convoy has brought into a U-boat's reach so far, in the order met, with
    /// what became of her. For the table; kept out of the JSON contract.
    #[serde(skip)]
    pub convoy_ships: Vec<ConvoyShipView>,
}

/// One merchant of the convoy's ledger, as the table shows her.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConvoyShipView {
    pub name: String,
    pub size: String,
    pub tonnage: u32,
    pub damage: u8,
    pub sinks_at: u8,
    pub fate: ShipFate,
    /// Who sank her, when sunk.
    pub sunk_by: Option<String>,
}

/// What became of a merchant: in the convoy's columns, in the Straggler Box [7.1.6], or sunk [7.1.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipFate {
    Afloat,
    Straggler,
    Sunk,
}

/// A U-boat's attack on the convoy as the table shows it [7.1.3]: the one under way, or the last one
/// finished in this impulse (`done`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttackView {
    /// The attacking boat's number.
    pub boat: u8,
    /// The boat's station id (an approach circle or a straggler range box).
    pub from: Option<String>,
    /// `close`, `medium`, `long` once known.
    pub range: Option<String>,
    /// Where the attack stands: `range`, `asdic`, `picking`, `aim`, `torpedoes`, `to_hit`, `dud`,
    /// `damage`, or `done`.
    pub stage: &'static str,
    /// The merchants in reach, by name (largest first once all are known).
    pub in_reach: Vec<String>,
    /// The escort a torpedo may be aimed at (reconstructed).
    pub escort: Option<String>,
    pub shots: Vec<ShotView>,
    /// The torpedo the next roll is for.
    pub rolling: Option<usize>,
    pub done: bool,
}

/// One torpedo of an attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShotView {
    pub target: String,
    /// Aimed at an escort rather than a merchant.
    pub at_escort: bool,
    pub outcome: ShotOutcome,
}

/// What became of a torpedo so far [7.1.3]: aimed and not yet rolled, missed (B1), on target with its
/// dud roll (B6) to come, a dud, or a hit that exploded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotOutcome {
    Aimed,
    Miss,
    OnTarget,
    Dud,
    Hit,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoxView {
    pub number: u8,
    pub name: String,
    pub condor_range: bool,
    pub air_gap: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EscortView {
    pub ship: String,
    pub name: String,
    pub class: String,
    /// Its box on the display in a battle (`J`, `S`), or Box S as a guard.
    pub station: Option<String>,
    pub moved: bool,
    pub engaged: bool,
    pub crew: String,
    pub type_271: bool,
    pub hedgehog: bool,
    pub damage: u8,
    pub sinks_at: u8,
    pub status: String,
    pub kills: u8,
    pub depth_charges: Option<u8>,
    pub hedgehog_reloads: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MerchantView {
    pub name: String,
    pub size: String,
    pub tonnage: u32,
    pub damage: u8,
    pub sinks_at: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BattleView {
    pub box_number: u8,
    pub kind: BattleKind,
    pub cycle: u8,
    pub impulse: u8,
    pub night: bool,
    pub weather: Option<String>,
    pub boats: Vec<BoatView>,
    /// The attack under way, or the last one finished in this impulse. Kept out of the JSON contract.
    #[serde(skip)]
    pub attack: Option<AttackView>,
    /// The boat the escorts hunt now [7.1.3]. Kept out of the JSON contract.
    #[serde(skip)]
    pub hunted: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoatView {
    pub number: u8,
    pub kind: String,
    pub quality: Option<String>,
    pub station: Option<String>,
    /// `active`, `sits_out`, `removed`, `sunk`.
    pub state: String,
    pub detected: bool,
    pub reported: bool,
    pub shadowing: bool,
    pub hull: u8,
    pub hull_boxes: u8,
    pub flooding: u8,
    pub flooding_boxes: u8,
    pub systems: Vec<String>,
    pub attacks: u8,
    /// The cycle it sits out (a crash dive, an aircraft) [7.2.2] [7.2.3], only while that cycle lasts:
    /// a boat that sat out an earlier cycle is back in the fight. Kept out of the JSON contract.
    #[serde(skip)]
    pub sits_out_now: Option<u8>,
}

/// Where the mission stands, in stable words: `{"phase":"voyage","step":"encounter"}`,
/// `{"phase":"battle","step":"hunt"}`, `{"phase":"over"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    Voyage { step: &'static str },
    Battle { step: &'static str },
    Over,
}

impl Mission {
    pub fn view(&self) -> MissionView {
        let battle = self.battle();
        let merchant = |m: &super::Merchant| MerchantView {
            name: m.name.clone(),
            size: words::size(m.size).into(),
            tonnage: m.tonnage,
            damage: m.damage,
            sinks_at: m.sinks_at,
        };
        let escorts = self
            .group
            .escorts
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let station = match battle {
                    Some(b) => b.spots.get(i).cloned().flatten(),
                    None => self.group.guards.contains(&i).then(|| "S".to_string()),
                };
                EscortView {
                    ship: e.ship.clone(),
                    name: e.name.clone(),
                    class: e.class_name.clone(),
                    station,
                    moved: battle.is_some_and(|b| b.moved.get(i).copied().unwrap_or(false)),
                    engaged: battle.is_some_and(|b| b.engaged.get(i).copied().unwrap_or(false)),
                    crew: crew(e.crew).into(),
                    type_271: e.type_271,
                    hedgehog: e.hedgehog,
                    damage: e.damage,
                    sinks_at: e.sinks_at,
                    status: match &e.status {
                        EscortStatus::Ready => "ready".into(),
                        EscortStatus::Damaged => "damaged".into(),
                        EscortStatus::Sunk => "sunk".into(),
                        EscortStatus::Detached { .. } => "detached".into(),
                    },
                    kills: e.kills_before + e.kills,
                    depth_charges: e.depth_charges,
                    hedgehog_reloads: e.hedgehog_reloads,
                }
            })
            .collect();
        MissionView {
            group: self.group.name.clone(),
            month: self.month.short(),
            from: self.voyage.from.clone(),
            to: self.voyage.to.clone(),
            refit_at: self.voyage.refit_at.clone(),
            convoy: words::convoy_type(self.convoy.convoy).into(),
            size: self.convoy.size.to_string(),
            display: self.convoy.display.clone(),
            box_number: if self.voyage.position < self.voyage.route.len() {
                self.voyage.box_number()
            } else {
                0
            },
            boxes: self
                .voyage
                .route
                .iter()
                .enumerate()
                .map(|(i, b)| BoxView {
                    number: u8::try_from(i + 1).unwrap_or(u8::MAX),
                    name: b.name.clone(),
                    condor_range: b.condor_range,
                    air_gap: b.air_gap,
                })
                .collect(),
            air: self.options.air,
            cam_used: self.cam_used,
            hf_df: self.group.hf_df,
            touch_wood: self.touch_wood,
            random_event_used: self.voyage.event_used,
            escorts,
            stragglers: self
                .convoy
                .ships
                .iter()
                .filter(|m| m.fate == Fate::Straggler)
                .map(merchant)
                .collect(),
            lost: self
                .convoy
                .ships
                .iter()
                .filter(|m| m.sunk())
                .map(merchant)
                .collect(),
            battle: battle.map(|b| BattleView {
                box_number: b.box_number,
                kind: b.kind,
                cycle: b.cycle,
                impulse: b.impulse,
                night: b.night(),
                weather: b.weather.map(|w| words::weather(self, w)),
                boats: b
                    .boats
                    .iter()
                    .map(|u| BoatView {
                        number: u.number,
                        kind: u.kind_name.clone(),
                        quality: u.quality.map(|q| crew(q).to_string()),
                        station: u.station.as_ref().map(|s| s.id().to_string()),
                        state: match u.state {
                            BoatState::Active => "active",
                            BoatState::SitsOut { .. } => "sits_out",
                            BoatState::Removed { .. } => "removed",
                            BoatState::Sunk { .. } => "sunk",
                        }
                        .into(),
                        detected: u.detected,
                        reported: u.reported,
                        shadowing: u.shadowing,
                        hull: u.damage.hull,
                        hull_boxes: u.hull_boxes,
                        flooding: u.damage.flooding,
                        flooding_boxes: u.flooding_boxes,
                        systems: u.damage.systems.iter().map(|s| words::system(self, s)).collect(),
                        attacks: u.attacks,
                        sits_out_now: match u.state {
                            BoatState::SitsOut { cycle } if cycle >= b.cycle => Some(cycle),
                            _ => None,
                        },
                    })
                    .collect(),
                attack: self.attack_view(b),
                hunted: match &b.step {
                    Step::Hunt(h) => b.boats.get(h.boat).map(|u| u.number),
                    _ => None,
                },
            }),
            phase: self.phase_view(),
            result: self.result(),
            convoy_ships: self.convoy_ships_view(),
        }
    }

    /// Every merchant of the ledger with what became of her [7.1.3] [7.1.6].
    fn convoy_ships_view(&self) -> Vec<ConvoyShipView> {
        self.convoy
            .ships
            .iter()
            .map(|m| ConvoyShipView {
                name: m.name.clone(),
                size: words::size(m.size).into(),
                tonnage: m.tonnage,
                damage: m.damage,
                sinks_at: m.sinks_at,
                fate: match m.fate {
                    Fate::InConvoy => ShipFate::Afloat,
                    Fate::Straggler => ShipFate::Straggler,
                    Fate::Sunk { .. } => ShipFate::Sunk,
                },
                sunk_by: match &m.fate {
                    Fate::Sunk { by } => Some(by.clone()),
                    _ => None,
                },
            })
            .collect()
    }

    /// The attack under way, or the last one finished in this impulse [7.1.3].
    fn attack_view(&self, b: &Battle) -> Option<AttackView> {
        let (a, done) = match &b.step {
            Step::Attack(a) => (a.as_ref(), false),
            _ => (b.last_attack.as_deref()?, true),
        };
        let u = b.boats.get(a.boat)?;
        let ship = |m: usize| self.convoy.ships.get(m).map(|s| s.name.clone());
        let reach = if a.targets.is_empty() {
            &a.picking.ships
        } else {
            &a.targets
        };
        let stage = if done {
            "done"
        } else {
            match a.stage {
                AttackStage::Range => "range",
                AttackStage::CloseAsdic => "asdic",
                AttackStage::Picking => "picking",
                AttackStage::Aim => "aim",
                AttackStage::TorpedoKind => "torpedoes",
                AttackStage::ToHit => "to_hit",
                AttackStage::Dud => "dud",
                AttackStage::Damage => "damage",
            }
        };
        let shots = a
            .shots
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let (target, at_escort) = match s.at {
                    Aim::Merchant(m) => (ship(m).unwrap_or_default(), false),
                    Aim::Escort(e) => (self.group.name_of(e), true),
                };
                ShotView {
                    target,
                    at_escort,
                    outcome: shot_outcome(a, i, done),
                }
            })
            .collect();
        let rolling = (!done
            && matches!(
                a.stage,
                AttackStage::ToHit | AttackStage::Dud | AttackStage::Damage
            )
            && a.next < a.shots.len())
        .then_some(a.next);
        Some(AttackView {
            boat: u.number,
            from: u.station.as_ref().map(|s| s.id().to_string()),
            range: a.range.map(|r| super::action::range_word(r).to_string()),
            stage,
            in_reach: reach.iter().filter_map(|&m| ship(m)).collect(),
            escort: a.escort.map(|e| self.group.name_of(e)),
            shots,
            rolling,
            done,
        })
    }

    fn phase_view(&self) -> PhaseView {
        match &self.phase {
            Phase::Voyage(s) => PhaseView::Voyage {
                step: match s {
                    VoyageStep::Assignment => "assignment",
                    VoyageStep::Encounter => "encounter",
                    VoyageStep::RandomEvent => "random_event",
                    VoyageStep::Cam => "cam",
                    VoyageStep::CondorDamage { .. } => "condor_attack",
                    VoyageStep::EscortPick { .. } => "random_escort",
                    VoyageStep::Picking { .. } => "ship",
                },
            },
            Phase::Battle(b) => PhaseView::Battle {
                step: match b.step {
                    Step::Setup(_) => "setup",
                    Step::Air(_) => "air_attack",
                    Step::Array(_) => "array",
                    Step::Place(_) => "placement",
                    Step::Detect(_) => "detection",
                    Step::Hunt(_) => "hunt",
                    Step::Attack(_) => "attack",
                    Step::Repairs(_) => "repairs",
                    Step::Guard => "guard",
                    Step::Finished | Step::Limbo => "over",
                },
            },
            Phase::Over | Phase::Limbo => PhaseView::Over,
        }
    }
}

fn crew(q: Quality) -> &'static str {
    words::quality(q)
}

/// What torpedo `i` of attack `a` has come to, from the rolls made so far: every B1 first, then B6
/// for each hit, then B2 for each that explodes [7.1.3].
fn shot_outcome(a: &UboatAttack, i: usize, done: bool) -> ShotOutcome {
    let Some(s) = a.shots.get(i) else {
        return ShotOutcome::Aimed;
    };
    let b1_rolled = done
        || match a.stage {
            AttackStage::ToHit => i < a.next,
            AttackStage::Dud | AttackStage::Damage => true,
            _ => false,
        };
    let b6_rolled = done
        || match a.stage {
            AttackStage::Dud => i < a.next,
            AttackStage::Damage => true,
            _ => false,
        };
    match (b1_rolled, s.hit, b6_rolled, s.explodes) {
        (false, ..) => ShotOutcome::Aimed,
        (true, false, ..) => ShotOutcome::Miss,
        (true, true, false, _) => ShotOutcome::OnTarget,
        (true, true, true, false) => ShotOutcome::Dud,
        (true, true, true, true) => ShotOutcome::Hit,
    }
}
