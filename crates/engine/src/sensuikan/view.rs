//! What a player sees, for the CLI's JSON and scripts.

use periscope_data::sensuikan::charts::{AaResult, Range, System, Wound};
use serde::Serialize;

use super::{
    AfterDamage, Ask, Attacker, BoxKind, Combat, CombatAsk, ContactKind, Crew, End, ForceQuality, Patrol,
    PatrolEnd, PatrolResult, Phase, Post, RollPurpose, Shot, SystemState, Target, TimeOfDay,
};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PatrolView {
    pub class: String,
    pub month: String,
    /// The area's catalog id (data); `area_name` is its name.
    pub area: String,
    pub area_name: String,
    /// Where the boat is, in words: at sea in which box, home in port, or lost and how.
    pub whereabouts: String,
    pub phase: PhaseView,
    /// The current track box, counted from 1; 0 once home.
    pub box_number: usize,
    pub boxes: Vec<BoxKind>,
    pub aborted: bool,
    pub bow_tubes: Vec<String>,
    pub stern_tubes: Vec<String>,
    pub bow_reloads: usize,
    pub stern_reloads: usize,
    pub ammunition: u32,
    pub hull: u8,
    pub hull_boxes: u8,
    pub flooding: u8,
    pub flooding_boxes: u8,
    pub systems: Vec<(System, SystemState)>,
    pub crew: Crew,
    pub wounds: Vec<(Post, Wound)>,
    pub combat: Option<CombatView>,
    pub random_event_used: bool,
    pub markers: Vec<String>,
    pub result: Option<PatrolResult>,
}

impl Patrol {
    pub fn view(&self) -> PatrolView {
        let tubes = |v: &Vec<Option<super::Torpedo>>| {
            v.iter()
                .map(|t| t.map_or("empty".to_string(), |t| super::words::torpedo(t).to_string()))
                .collect()
        };
        PatrolView {
            class: self.class.name.clone(),
            month: self.month.short(),
            area: self.options.area.clone(),
            area_name: self.area_name(),
            whereabouts: self.whereabouts(),
            phase: PhaseView::of(&self.phase),
            box_number: if self.voyage.position < self.voyage.route.len() {
                self.voyage.position + 1
            } else {
                0
            },
            boxes: self.voyage.route.iter().map(|b| b.kind).collect(),
            aborted: self.voyage.aborted,
            bow_tubes: tubes(&self.boat.bow_tubes),
            stern_tubes: tubes(&self.boat.stern_tubes),
            bow_reloads: self.boat.bow_reloads.len(),
            stern_reloads: self.boat.stern_reloads.len(),
            ammunition: self.boat.ammunition,
            hull: self.boat.hull,
            hull_boxes: self.class.hull_boxes,
            flooding: self.boat.flooding,
            flooding_boxes: self.class.flooding_boxes,
            systems: self.boat.systems.clone(),
            crew: self.crew.clone(),
            wounds: self.result().map(|r| r.wounds).unwrap_or_default(),
            combat: self.combat.as_ref().map(CombatView::of),
            random_event_used: self.voyage.random_event_used,
            markers: self.markers.clone(),
            result: self.result(),
        }
    }
}

impl Patrol {
    /// The patrol area's name on the operations map.
    pub fn area_name(&self) -> String {
        self.data
            .catalog
            .map
            .area(&self.options.area)
            .map_or_else(|| super::words::id_words(&self.options.area), |a| a.name.clone())
    }

    /// Where the boat is, in words: at sea in a track box, home in port, or where and how she was lost.
    pub fn whereabouts(&self) -> String {
        let n = self.voyage.route.len();
        let here = |b: usize| match self.voyage.route.get(b) {
            Some(t) => format!("track box {} of {n} ({})", b + 1, super::words::name(&t.kind)),
            None => format!("track box {n} of {n}"),
        };
        let at = self.voyage.position.min(n.saturating_sub(1));
        match &self.phase {
            Phase::Over {
                end: PatrolEnd::InPort,
            } => {
                format!("Home in port from the patrol to {}", self.area_name())
            }
            Phase::Over {
                end: PatrolEnd::Towed,
            } => "Towed home with both diesels out".into(),
            Phase::Over {
                end: PatrolEnd::Sunk { cause },
            } => {
                format!("Lost with all hands in {}: {cause}", here(at))
            }
            Phase::Over {
                end: PatrolEnd::Scuttled { crew },
            } => {
                format!("Scuttled in {}: {crew}", here(at))
            }
            Phase::Over {
                end: PatrolEnd::Captured,
            } => {
                format!("Captured in {} after a failed scuttling", here(at))
            }
            _ if self.voyage.position >= n => "Home in port".into(),
            _ => format!(
                "At sea, {}: patrol to {}",
                here(self.voyage.position),
                self.area_name()
            ),
        }
    }
}

/// Where the game stands, as the app, the CLI's JSON and the golden files read it:
/// `{"phase":"decide","ask":"salvo"}`, `{"phase":"roll","purpose":{"roll":"to_hit"}}`,
/// `{"phase":"over","end":{…}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    Decide { ask: AskView },
    Roll { purpose: RollPurpose },
    Over { end: PatrolEnd },
}

impl PhaseView {
    pub(crate) fn of(phase: &Phase) -> Self {
        match phase {
            Phase::Decide { ask } => PhaseView::Decide {
                ask: AskView::of(*ask),
            },
            Phase::Roll { purpose } => PhaseView::Roll { purpose: *purpose },
            Phase::Over { end } => PhaseView::Over { end: end.clone() },
        }
    }
}

/// What the game asks the player, by the decision's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AskView {
    LoadType92,
    /// The midget in the Target Box: fire or hold [7.16].
    MidgetAttack,
    /// The encounter roll's decision: the expert navigator's re-roll [8.7.1], or radio intelligence [B11].
    Reroll,
    Engage,
    Salvo,
    TestDepth,
    AfterRound,
    EnemyAfter,
    Pursue,
    /// The evasive manoeuvre before an escort's B5 roll [11.3].
    Evasion,
    /// Launch the aircraft for reconnaissance [7.15].
    Launch,
    /// Spend the captain's Shibumi on the coming defective-torpedo check or A4 dive, or roll [11.7].
    Shibumi,
}

impl AskView {
    pub(crate) fn of(ask: Ask) -> Self {
        match ask {
            Ask::LoadType92 => AskView::LoadType92,
            Ask::Encounter(_) => AskView::Reroll,
            Ask::Combat(CombatAsk::Engage) => AskView::Engage,
            Ask::Combat(CombatAsk::Salvo) => AskView::Salvo,
            Ask::Combat(CombatAsk::AfterRound) => AskView::AfterRound,
            Ask::Combat(CombatAsk::Pursue) => AskView::Pursue,
            Ask::EnemyAfter => AskView::EnemyAfter,
            Ask::TestDepth => AskView::TestDepth,
            Ask::Evasion => AskView::Evasion,
            Ask::Launch => AskView::Launch,
            Ask::MidgetAttack => AskView::MidgetAttack,
            Ask::Shibumi => AskView::Shibumi,
        }
    }
}

/// The encounter under way, as the app and the CLI's JSON read it: every field of the combat in one flat
/// record, in its historical order. The groups of neighbouring fields are flattened into it, so the JSON
/// stays that one flat record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CombatView {
    pub kind: ContactKind,
    pub targets: Vec<Target>,
    pub escorted: bool,
    pub time: Option<TimeOfDay>,
    pub time_changed: bool,
    pub range: Option<Range>,
    /// A night surface attack [8.2.2].
    pub surfaced: bool,
    /// The salvo's first end.
    pub first_end: Option<End>,
    pub shots: Vec<Shot>,
    pub gun_shots_left: u8,
    #[serde(flatten)]
    pub round: RoundView,
    #[serde(flatten)]
    pub escort: EscortView,
    /// The first turn after a night surface attack: no test depth, +1 on B5 [8.2.2].
    pub after_surface_attack: bool,
    #[serde(flatten)]
    pub incoming: IncomingView,
    #[serde(flatten)]
    pub aircraft: AircraftView,
    #[serde(flatten)]
    pub enemy: EnemyView,
    /// The aircraft is friendly (random event): the submarine does not fire back.
    pub friendly: bool,
    /// Steam torpedoes were fired by day this round [8.1.9].
    pub steam_by_day: bool,
    /// The ships came from tracking damaged ships, not the original convoy [8.4.3].
    pub tracking_damaged: bool,
    /// A second ship with the escort [8.1.3].
    pub extra_ships: u8,
    /// This escort attack is the Hedgehog special attack [8.2.5].
    pub hedgehog_now: bool,
    /// The first aircraft's crew casualty roll is due [8.3.2].
    pub air_casualty: bool,
    /// An unharmed aircraft shadows: arrivals chain [8.3.2].
    pub shadowing: bool,
    #[serde(flatten)]
    pub optional: OptionalView,
}

/// The rounds of the encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundView {
    /// Combat rounds fought in this box (the first and additional or tracking rounds).
    pub rounds: u8,
    pub additional_rounds: u8,
    pub tracks: u8,
}

/// The escorts' side of the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EscortView {
    /// Detected before in this encounter [8.2.5].
    pub detected_before: bool,
    /// +1 after attacking an escort that survived, -1 after sinking it [8.2.12].
    pub escort_drm: i32,
    /// Beyond test depth this round [8.2.6].
    pub test_depth: bool,
}

/// The attack coming in on the submarine and the damage it does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IncomingView {
    pub special_used: bool,
    pub attacker: Attacker,
    pub hits_pending: u8,
    pub flooding_this_turn: bool,
    pub after_damage: AfterDamage,
}

/// The current aircraft [8.3.2] and the arrivals after it [8.3.4].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AircraftView {
    /// Attacks the current aircraft still has to make [8.3.2].
    pub air_attacks_left: u8,
    /// The AA result against the current aircraft [8.3.2].
    pub aa: Option<AaResult>,
    /// Aircraft or escorts arriving in a row in the additional round cycle [8.3.4].
    pub arrivals: u8,
}

/// The enemy submarine [8.2.9].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EnemyView {
    /// The enemy submarine's range for its torpedoes [8.2.9].
    pub enemy_range: Range,
    pub enemy_torpedoes_left: u8,
}

/// The optional rules' state in the encounter [11.3] [11.4] [11.5].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionalView {
    /// The submarine's evasion number, hidden until the escort's direction is in [11.3] [10.1].
    #[serde(skip)]
    pub evasion: Option<u8>,
    /// The hits the evasion adds to (or takes from) the coming B5 result [11.3].
    pub evasion_hits: Option<i32>,
    /// The escort's quality, rolled once per encounter [11.4].
    pub escort_quality: Option<ForceQuality>,
    /// The current aircrew's quality [11.5].
    pub aircrew_quality: Option<ForceQuality>,
    /// An elite aircrew's second automatic crew casualty is due [11.5].
    pub air_extra_casualty: bool,
}

impl CombatView {
    pub(crate) fn of(c: &Combat) -> Self {
        let (p, r, a, e, air, i) = (&c.picture, c.rounds, &c.attack, c.escort, c.air, c.incoming);
        Self {
            kind: p.kind,
            targets: p.targets.clone(),
            escorted: p.escorted,
            time: p.time,
            time_changed: p.time_changed,
            range: p.range,
            surfaced: a.surfaced,
            first_end: a.first_end,
            shots: a.shots.clone(),
            gun_shots_left: a.gun_shots_left,
            round: RoundView {
                rounds: r.fought,
                additional_rounds: r.additional,
                tracks: r.tracks,
            },
            escort: EscortView {
                detected_before: e.detected_before,
                escort_drm: e.drm,
                test_depth: e.test_depth,
            },
            after_surface_attack: a.after_surface_attack,
            incoming: IncomingView {
                special_used: i.special_used,
                attacker: i.attacker,
                hits_pending: i.hits_pending,
                flooding_this_turn: i.flooding_this_turn,
                after_damage: i.after_damage,
            },
            aircraft: AircraftView {
                air_attacks_left: air.attacks_left,
                aa: air.aa,
                arrivals: air.arrivals,
            },
            enemy: EnemyView {
                enemy_range: c.enemy.range,
                enemy_torpedoes_left: c.enemy.torpedoes_left,
            },
            friendly: air.friendly,
            steam_by_day: a.steam_by_day,
            tracking_damaged: r.tracking_damaged,
            extra_ships: p.extra_ships,
            hedgehog_now: e.hedgehog,
            air_casualty: air.casualty,
            shadowing: air.shadowing,
            optional: OptionalView {
                evasion: e.evasion,
                evasion_hits: e.evasion_hits,
                escort_quality: e.quality,
                aircrew_quality: air.quality,
                air_extra_casualty: air.extra_casualty,
            },
        }
    }
}
