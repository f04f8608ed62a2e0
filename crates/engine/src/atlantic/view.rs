//! What a player sees of a mission: the stable contract the app, the CLI's JSON and the golden files
//! read, built from the state (never the state's own types).

use periscope_data::atlantic::charts::Quality;
use serde::Serialize;

use super::battle::{BattleKind, BoatState, Step};
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
                    })
                    .collect(),
            }),
            phase: self.phase_view(),
            result: self.result(),
        }
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
