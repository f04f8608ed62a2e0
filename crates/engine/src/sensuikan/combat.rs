//! Attacks on naval targets [8.2]: range [8.2.1], night surface attacks and the second salvo [8.2.2],
//! declaring shots [8.2.3], to-hit (B1), defective (B2), damage (B3), the deck gun [8.2.4], attacking the
//! escort [8.2.11] [8.2.12], additional rounds [8.2.8], tracking [8.4], reloading [4.5].

use periscope_data::sensuikan::charts::{
    Attack, B1Key, B4Key, DamageSource, Range, ShipKind, System, TorpedoKind, Weapon,
};

use serde::{Deserialize, Serialize};

use super::events::PatrolEvent;
use super::reading::{defective, drm};
use super::{
    AirAttack, Ask, Attacker, ContactKind, ContactRoll, End, EnemySub, EscortCycle, EscortRoll, Incoming,
    Labels, OptionalRoll, Patrol, PatrolAction, PatrolError, Phase, Picture, RollPurpose, Rounds, Target,
    TimeOfDay, Torpedo, choice, choice_as,
};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec};
use crate::roll::{Modifier, RollRecord};

/// A roll of the submarine's attack [8.2.1]-[8.2.4].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "roll", rename_all = "snake_case")]
pub enum AttackRoll {
    Approach,
    ToHit,
    Defective,
    ShipDamage,
    GunHit { target: u8 },
    GunDamage { target: u8 },
}

impl AttackRoll {
    /// The submarine's own rolls, all but the escorts' detection on the approach [B11].
    pub(crate) fn own(self) -> bool {
        self != AttackRoll::Approach
    }
}

/// The state of an encounter under way, by the procedure that owns each part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combat {
    /// The contact: what it is, its ships, the time and the range [8.1] [8.2.1].
    pub picture: Picture,
    /// The rounds fought and the tracking of the contact [8.2.8] [8.4].
    pub rounds: Rounds,
    /// The submarine's attack in this round [8.2.2]-[8.2.4].
    pub attack: SubAttack,
    /// The escorts' detection and attack cycle [8.2.5]-[8.2.7] [8.2.12] [11.3] [11.4].
    pub escort: EscortCycle,
    /// The aircraft attacking the submarine [8.3] [11.5].
    pub air: AirAttack,
    /// The enemy submarine's torpedoes [8.2.9].
    pub enemy: EnemySub,
    /// The attack on the submarine being resolved: who attacks, the hits still to roll, what follows
    /// [8.2.5] [8.5].
    pub incoming: Incoming,
}

impl Combat {
    pub(crate) fn new(kind: ContactKind) -> Self {
        Self {
            picture: Picture::new(kind),
            rounds: Rounds::default(),
            attack: SubAttack::default(),
            escort: EscortCycle::default(),
            air: AirAttack::default(),
            enemy: EnemySub::default(),
            incoming: Incoming::default(),
        }
    }
}

/// Where a declared torpedo or gun shot stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotStage {
    Declared,
    Hit,
    Miss,
    Defective,
    /// A good hit waiting for its damage roll.
    Good,
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    pub end: End,
    /// The tube it is fired from, counted from 1 along its end.
    #[serde(default)]
    pub tube: u8,
    pub torpedo: Torpedo,
    /// Index into the targets.
    pub target: usize,
    /// Fired from the other end in a night surface attack, +1 to hit [8.2.2].
    pub second_salvo: bool,
    pub stage: ShotStage,
}

/// The decisions of the submarine's attack [8.2] [8.4].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatAsk {
    /// Engage the contact, change the time, or let it go [8.2.1] [8.1.10].
    Engage,
    /// Declare the shots, then fire [8.2.3] [8.2.4].
    Salvo,
    /// The round is over: another, tracking, following, or the end [8.2.8] [8.4].
    AfterRound,
    /// The damaged ships scatter: which to pursue [8.4.2].
    Pursue,
}

/// The submarine's attack in this round: how it attacks and the shots it declares [8.2.2]-[8.2.4].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SubAttack {
    /// A night surface attack [8.2.2].
    pub surfaced: bool,
    /// The salvo's first end.
    pub first_end: Option<End>,
    pub shots: Vec<Shot>,
    pub gun_shots_left: u8,
    /// Steam torpedoes were fired by day this round [8.1.9].
    pub steam_by_day: bool,
    /// The first turn after a night surface attack: no test depth, +1 on B5 [8.2.2].
    pub after_surface_attack: bool,
}

impl SubAttack {
    /// The next roll of the declared salvo: every to-hit roll, then B2 for each hit, then B3 for each good
    /// hit [8.2.3].
    fn next_shot_roll(&self) -> Option<RollPurpose> {
        let any = |stage| self.shots.iter().any(|s| s.stage == stage);
        if any(ShotStage::Declared) {
            Some(RollPurpose::Attack(AttackRoll::ToHit))
        } else if any(ShotStage::Hit) {
            Some(RollPurpose::Attack(AttackRoll::Defective))
        } else if any(ShotStage::Good) {
            Some(RollPurpose::Attack(AttackRoll::ShipDamage))
        } else {
            None
        }
    }

    /// A new round's attack: how it is made and the deck gun's shots; nothing declared yet [8.2.2] [8.2.4].
    fn begin_round(&mut self, surfaced: bool, gun_shots: u8) {
        self.surfaced = surfaced;
        self.first_end = None;
        self.shots.clear();
        self.gun_shots_left = gun_shots;
    }

    /// Whether `end`'s tube `tube` (from 1) already holds a declared shot.
    pub(crate) fn tube_declared(&self, end: End, tube: u8) -> bool {
        self.shots.iter().any(|s| s.end == end && s.tube == tube)
    }

    /// [8.2.2] [8.2.3] Declares the torpedo of `end`'s tube `tube` at target `target` (0-based); one from
    /// the other end than the salvo's first is the second salvo.
    fn declare(&mut self, end: End, tube: u8, torpedo: Torpedo, target: usize) {
        let first = *self.first_end.get_or_insert(end);
        self.shots.push(Shot {
            end,
            tube,
            torpedo,
            target,
            second_salvo: end != first,
            stage: ShotStage::Declared,
        });
    }

    /// The first shot at `stage`.
    pub(crate) fn shot_at(&self, stage: ShotStage) -> Option<usize> {
        self.shots.iter().position(|s| s.stage == stage)
    }
}

impl Patrol {
    /// The dice, chart, rule and reason of a roll of the attack.
    pub(crate) fn attack_roll_spec(&self, r: AttackRoll) -> RollSpec {
        let s = |d: Dice, chart: &str, rule: &str, reason: &str| RollSpec::new(d, chart, rule, reason);
        match r {
            AttackRoll::Approach => s(
                Dice::D2D6,
                "B4",
                "8.2.1",
                "Escort detection on the short-range approach",
            ),
            AttackRoll::ToHit => s(Dice::D2D6, "B1", "8.2.3", &self.to_hit_reason(None)),
            AttackRoll::Defective => s(Dice::D1D6, "B2", "8.2.3", "Is the torpedo defective?"),
            AttackRoll::ShipDamage => s(Dice::D1D6, "B3", "8.2.3", "Damage to the ship"),
            AttackRoll::GunHit { target } => s(Dice::D2D6, "B1", "8.2.4", &self.to_hit_reason(Some(target))),
            AttackRoll::GunDamage { .. } => s(Dice::D1D6, "B3", "8.2.4", "Deck gun damage"),
        }
    }

    /// [8.2.3] [8.2.4] What the coming to-hit roll must show: the B1 column of the weapon, attack and
    /// range, with this shot's modifiers (a torpedo's next declared shot, or the gun's `target`).
    fn to_hit_reason(&self, gun_at: Option<u8>) -> String {
        let Some(c) = &self.combat else {
            return "To hit".into();
        };
        let range = c.picture.range.unwrap_or(Range::Medium);
        let (what, key, target, second) = match gun_at {
            Some(t) => (
                "Deck gun".to_string(),
                B1Key {
                    weapon: Weapon::DeckGun,
                    attack: Attack::Surfaced,
                    range,
                },
                c.picture.targets.get(usize::from(t).saturating_sub(1)),
                false,
            ),
            None => {
                let Some(s) = c.attack.shot_at(ShotStage::Declared).map(|i| &c.attack.shots[i]) else {
                    return "Torpedo to hit".into();
                };
                let attack = if c.attack.surfaced {
                    Attack::Surfaced
                } else {
                    Attack::Submerged
                };
                (
                    format!("{} torpedo", super::words::torpedo(s.torpedo)),
                    B1Key {
                        weapon: s.torpedo.weapon(),
                        attack,
                        range,
                    },
                    c.picture.targets.get(s.target),
                    s.second_salvo,
                )
            }
        };
        let name = target.map_or_else(|| "the target".to_string(), |t| t.ship.name.clone());
        let mods: i32 = self
            .hit_mods(target, second, gun_at.is_some())
            .map(|m| m.iter().map(|x| x.value).sum())
            .unwrap_or(0);
        let hits: Vec<i32> = (2..=12)
            .filter(|n| self.b1_hits(&key, (n + mods).clamp(2, 12)).unwrap_or(false))
            .collect();
        let needed = match (hits.first(), hits.last()) {
            (None, _) | (_, None) => "no roll can hit".to_string(),
            (Some(2), Some(12)) => "every roll hits".to_string(),
            (Some(&lo), Some(&hi)) if hits.len() == usize::try_from(hi - lo + 1).unwrap_or(0) => {
                if lo == hi {
                    format!("a {lo} hits")
                } else if lo == 2 {
                    format!("{hi} or less hits")
                } else {
                    format!("{lo}-{hi} hits")
                }
            }
            _ => format!(
                "{} hit",
                hits.iter().map(i32::to_string).collect::<Vec<_>>().join(", ")
            ),
        };
        let mods = if mods == 0 {
            String::new()
        } else {
            format!(", modifiers {mods:+} included")
        };
        format!(
            "{what} at {name}, {} range {}: on 2d6 {needed}{mods}",
            super::range_word(range),
            if key.attack == Attack::Surfaced {
                "on the surface"
            } else {
                "submerged"
            }
        )
    }

    /// The first loaded tube of `end` not yet declared (from 1): what a declaration without a tube, the
    /// form of older saves, always meant.
    pub(crate) fn first_free_tube(&self, end: End) -> Option<u8> {
        let c = self.combat.as_ref()?;
        self.boat
            .tubes(end)
            .iter()
            .enumerate()
            .filter(|(_, t)| t.is_some())
            .filter_map(|(k, _)| u8::try_from(k + 1).ok())
            .find(|&tube| !c.attack.tube_declared(end, tube))
    }

    /// An older save's declaration (no tube) as the tube it meant, so the choices can judge it.
    pub(crate) fn with_tube(&self, action: PatrolAction) -> PatrolAction {
        match action {
            PatrolAction::Declare {
                end,
                tube: None,
                target,
            } if matches!(
                self.phase,
                Phase::Decide {
                    ask: Ask::Combat(CombatAsk::Salvo)
                }
            ) =>
            {
                PatrolAction::Declare {
                    end,
                    tube: self.first_free_tube(end),
                    target,
                }
            }
            other => other,
        }
    }

    /// The combat's decisions; `labels` says whether their labels are written (see [`Labels`]).
    pub(crate) fn combat_choices(&self, ask: CombatAsk, labels: Labels) -> Decision<PatrolAction> {
        match ask {
            CombatAsk::Engage => self.engage_choices(labels),
            CombatAsk::Salvo => self.salvo_choices(labels),
            CombatAsk::AfterRound => self.after_round_choices(labels),
            CombatAsk::Pursue => self.pursue_choices(),
        }
    }

    /// [8.2.1] [8.2.2] [8.1.10] The range, submerged or (at night) on the surface; changing the time; or
    /// letting the contact go.
    fn engage_choices(&self, labels: Labels) -> Decision<PatrolAction> {
        use PatrolAction as A;
        let Some(c) = &self.combat else {
            return Decision::new("No combat", "8.2", vec![]);
        };
        let mut v = Vec::new();
        let night = c.picture.time == Some(TimeOfDay::Night);
        // [7.2] On picket duty merchant traffic may not be engaged.
        let ranges: &[Range] = if self.picket_forbids(c.picture.kind) {
            &[]
        } else {
            &[Range::Short, Range::Medium, Range::Long]
        };
        for &range in ranges {
            v.push(choice_as(
                labels,
                A::Attack {
                    range,
                    surfaced: false,
                },
                || format!("Attack submerged from {} range", super::range_word(range)),
                "8.2.1",
            ));
            // [8.4.2] A damaged escort left unescorted is attacked only submerged, with torpedoes.
            let escort_alone = !c.picture.escorted
                && !c.picture.targets.is_empty()
                && c.picture.targets.iter().all(|t| t.is_escort);
            if night && c.picture.kind != ContactKind::EnemySubmarine && !escort_alone {
                v.push(choice_as(
                    labels,
                    A::Attack {
                        range,
                        surfaced: true,
                    },
                    || format!("Night surface attack from {} range", super::range_word(range)),
                    "8.2.2",
                ));
            }
        }
        if !c.picture.time_changed
            && c.picture.kind != ContactKind::EnemySubmarine
            && c.rounds.fought == 0
            && !ranges.is_empty()
        {
            v.push(choice_as(
                labels,
                A::ChangeTime,
                || "Change between day and night (1-4 keeps the contact)".into(),
                "8.1.10",
            ));
        }
        if ranges.is_empty() {
            // [7.2] Say why no attack is offered.
            v.push(choice(A::Decline, "Let the merchant traffic pass", "7.2"));
            return Decision::new(
                "Picket duty: a submarine on the picket line may not engage or track merchant traffic; \
                 only warships and capital ships may be attacked [7.2]",
                "7.2",
                v,
            );
        }
        // [11.7 6] Aggressive: a ship contact the boat can attack is always attacked.
        if self.options.crew.has_special("aggressive") && self.can_attack() {
            return Decision::new(
                "Engage the contact: an Aggressive captain attacks every ship contact he can [11.7]",
                "11.7",
                v,
            );
        }
        v.push(choice_as(
            labels,
            A::Decline,
            || "Let the contact go".into(),
            "6.2.2Ba",
        ));
        Decision::new("Engage the contact?", "8.2.1", v)
    }

    /// [8.2.3] [8.2.4] Declare each torpedo (or a deck gun shot), then fire.
    fn salvo_choices(&self, labels: Labels) -> Decision<PatrolAction> {
        use PatrolAction as A;
        let Some(c) = &self.combat else {
            return Decision::new("No combat", "8.2", vec![]);
        };
        let mut v = Vec::new();
        let declared = c.attack.shots.len();
        // [8.2.3] Every loaded tube not yet declared, at every target still afloat: the tube named is
        // the tube fired.
        for end in [End::Bow, End::Stern] {
            let tubes_ok = self.boat.working(if end == End::Bow {
                System::BowTubes
            } else {
                System::SternTubes
            });
            let end_ok = match c.attack.first_end {
                None => true,
                Some(f) => f == end || c.attack.surfaced,
            };
            if !tubes_ok || !end_ok {
                continue;
            }
            for (k, torpedo) in self.boat.tubes(end).iter().enumerate() {
                let (Some(torpedo), Ok(tube)) = (torpedo, u8::try_from(k + 1)) else {
                    continue;
                };
                if c.attack.tube_declared(end, tube) {
                    continue;
                }
                for (i, t) in c.picture.targets.iter().enumerate() {
                    if !t.sunk {
                        let n = u8::try_from(i + 1).unwrap_or(u8::MAX);
                        v.push(choice_as(
                            labels,
                            A::Declare {
                                end,
                                tube: Some(tube),
                                target: n,
                            },
                            || {
                                format!(
                                    "{} tube {tube} ({}) at {}",
                                    super::words::capitalized(super::words::end(end)),
                                    super::words::torpedo(*torpedo),
                                    t.ship.name
                                )
                            },
                            "8.2.3",
                        ));
                    }
                }
            }
        }
        // [2.0] [8.2.4] Deck gun: in a surface attack only (never from a submerged boat), against unescorted
        // ships, not at a submarine [8.2.9.2] nor an escort [8.4.2]; two shots per gun per round.
        if declared == 0
            && c.attack.surfaced
            && !c.picture.escorted
            && c.picture.kind != ContactKind::EnemySubmarine
            && c.attack.gun_shots_left > 0
            && self.boat.ammunition > 0
            && self.class.has_deck_gun(self.month)
            && self.boat.working(System::DeckGun)
        {
            for (i, t) in c.picture.targets.iter().enumerate() {
                if !t.sunk && !t.is_escort {
                    let n = u8::try_from(i + 1).unwrap_or(u8::MAX);
                    v.push(choice_as(
                        labels,
                        A::Gun { target: n },
                        || format!("Deck gun at {}", t.ship.name),
                        "8.2.4",
                    ));
                }
            }
        }
        if declared > 0 {
            let n = u32::try_from(declared).unwrap_or(u32::MAX);
            v.push(choice_as(
                labels,
                A::Fire,
                || {
                    format!(
                        "Fire the {} declared",
                        super::words::count(n, "torpedo", "torpedoes")
                    )
                },
                "8.2.3",
            ));
        } else {
            v.push(choice(A::Continue, "Hold fire", "8.2.3"));
        }
        Decision::new("Declare every shot, then fire", "8.2.3", v)
    }

    pub(crate) fn combat_decide(&mut self, ask: CombatAsk, action: PatrolAction, ev: &mut Vec<PatrolEvent>) {
        use PatrolAction as A;
        match (ask, action) {
            (CombatAsk::Engage, A::Attack { range, surfaced }) => self.begin_attack(range, surfaced, ev),
            (CombatAsk::Engage, A::ChangeTime) => {
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Contact(ContactRoll::ChangeTime),
                };
            }
            (CombatAsk::Engage, A::Decline) => {
                ev.push(PatrolEvent::Declined);
                self.end_encounter(ev);
            }
            (CombatAsk::Salvo, A::Declare { end, tube, target }) => {
                // [8.2.3] The tube named takes the shot (an older save's form: the first free loaded tube).
                let Some(tube) = tube.or_else(|| self.first_free_tube(end)) else {
                    return;
                };
                let torpedo = self
                    .boat
                    .tubes(end)
                    .get(usize::from(tube).saturating_sub(1))
                    .copied()
                    .flatten();
                if let (Some(c), Some(t)) = (self.combat.as_mut(), torpedo) {
                    c.attack.declare(end, tube, t, usize::from(target) - 1);
                }
            }
            (CombatAsk::Salvo, A::Gun { target }) => {
                if let Some(c) = self.combat.as_mut() {
                    // [4.6.3] One ammunition point is one round; two per gun in a combat round.
                    c.attack.gun_shots_left = c.attack.gun_shots_left.saturating_sub(1);
                }
                self.boat.ammunition = self.boat.ammunition.saturating_sub(1);
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Attack(AttackRoll::GunHit { target }),
                };
            }
            (CombatAsk::Salvo, A::Fire) => self.fire_salvo(ev),
            (CombatAsk::Salvo, A::Continue) => self.after_salvo(ev),
            (CombatAsk::AfterRound, action) => self.after_round_decide(action, ev),
            (CombatAsk::Pursue, action) => self.pursue_decide(action, ev),
            _ => {}
        }
    }

    /// [8.2.1] [8.2.2] Range and surface chosen: a short-range approach on escorted targets rolls first.
    fn begin_attack(&mut self, range: Range, surfaced: bool, ev: &mut Vec<PatrolEvent>) {
        let guns = self.data.procs.constants.deck_gun_shots_per_gun * self.class.deck_guns;
        if let Some(kind) = self.combat.as_ref().map(|c| c.picture.kind) {
            self.picket_engaged(kind, ev);
        }
        let mut escort_target = None;
        if let Some(c) = self.combat.as_mut() {
            c.picture.range = Some(range);
            c.attack.begin_round(surfaced, guns);
            c.escort.test_depth = false;
            c.rounds.fought += 1;
            // [8.2.11] The escort may be attacked: a generic 2,000 t escort target joins the window.
            if c.picture.escorted
                && c.picture.kind != ContactKind::EnemySubmarine
                && !c.picture.targets.iter().any(|t| t.is_escort)
            {
                escort_target = Some(());
            }
        }
        if escort_target.is_some()
            && let Some(c) = self.combat.as_mut()
        {
            let ship = self.data.entries.escort.clone();
            c.picture.targets.push(Target {
                ship,
                damage: 0,
                sunk: false,
                is_escort: true,
                capital: false,
            });
        }
        let escorted = self.combat.as_ref().is_some_and(|c| c.picture.escorted);
        let enemy = self
            .combat
            .as_ref()
            .is_some_and(|c| c.picture.kind == ContactKind::EnemySubmarine);
        let _ = ev;
        self.phase = if range == Range::Short && (escorted || enemy) {
            Phase::Roll {
                purpose: RollPurpose::Attack(AttackRoll::Approach),
            }
        } else {
            Phase::Decide {
                ask: Ask::Combat(CombatAsk::Salvo),
            }
        };
    }

    /// Whether the boat has anything to attack with: a loaded tube, or a working deck gun ([11.7 6]
    /// Aggressive attacks "if possible").
    pub(crate) fn can_attack(&self) -> bool {
        let loaded = [End::Bow, End::Stern]
            .iter()
            .any(|e| self.boat.tubes(*e).iter().any(Option::is_some));
        loaded || (self.class.deck_guns > 0 && self.boat.working(System::DeckGun))
    }

    /// The to-hit modifiers of a torpedo or gun shot [8.2.2] [8.1.4] [8.1.5] [8.5.9] [8.7.2].
    pub(crate) fn hit_mods(
        &self,
        target: Option<&Target>,
        second: bool,
        gun: bool,
    ) -> Result<Vec<Modifier>, PatrolError> {
        let m = &self.data.charts.b1.modifiers;
        let mut v = Vec::new();
        if let Some(t) = target
            && !gun
        {
            if t.ship.fast {
                v.push(drm(m, "fast_target", "8.1.5")?);
            }
            if t.ship.kind.is_small_warship() {
                v.push(drm(m, "small_warship", "8.2.11")?);
            }
        }
        // [11.7 3] [11.7 5] [11.7 12] The hunters: -1 to hit their kind of target, with any weapon.
        if let Some(t) = target {
            let crew = &self.options.crew;
            if crew.has_special("capital_ship_hunter") && t.capital {
                v.push(drm(m, "capital_ship_hunter", "11.7")?);
            }
            if crew.has_special("carrier_hunter") && t.ship.kind.is_carrier() {
                v.push(drm(m, "carrier_hunter", "11.7")?);
            }
            if crew.has_special("tanker_hunter") && t.ship.kind == ShipKind::Tanker {
                v.push(drm(m, "tanker_hunter", "11.7")?);
            }
        }
        // [11.7 8] Expert: the bow and stern torpedoes of a second salvo without its to-hit penalty.
        if second && !self.options.crew.has_special("expert") {
            v.push(drm(m, "second_salvo", "8.2.2")?);
        }
        match self.crew.command_level() {
            0 => {}
            1 if self.options.crew.expert_xo => {}
            1 => v.push(drm(m, "captain_out", "8.5.9")?),
            _ => v.push(drm(m, "navigator_in_command", "8.5.9")?),
        }
        if self.options.crew.quality == super::CrewQuality::Green {
            v.push(drm(m, "green_crew", "8.7.2")?);
        }
        let surfaced = self.combat.as_ref().is_some_and(|c| c.attack.surfaced);
        if self.options.crew.expert_xo && surfaced && !gun {
            v.push(drm(m, "expert_xo", "8.7.1")?);
        }
        if gun && self.options.crew.expert_gunner {
            v.push(drm(m, "expert_gunner", "8.7.1")?);
        }
        if !gun && !surfaced && !self.boat.working(System::Periscope) {
            for e in self
                .data
                .charts
                .b7
                .effect(System::Periscope)
                .iter()
                .flat_map(|e| e.drms.iter())
            {
                if e.chart == "B1" {
                    v.push(Modifier::new(e.drm, "periscope damaged", "8.5.1"));
                }
            }
        }
        Ok(v)
    }

    /// [8.2.3] The declared salvo: to-hit for every shot, then B2 for each hit, then B3 for each good hit.
    fn fire_salvo(&mut self, ev: &mut Vec<PatrolEvent>) {
        // The torpedoes leave their tubes.
        let shots = self
            .combat
            .as_ref()
            .map(|c| c.attack.shots.clone())
            .unwrap_or_default();
        // [8.2.3] Exactly the declared tubes fire.
        for s in &shots {
            if let Some(slot) = self
                .boat
                .tubes_mut(s.end)
                .get_mut(usize::from(s.tube).saturating_sub(1))
                .filter(|t| t.is_some())
            {
                *slot = None;
                self.torpedoes.fired += 1;
            }
        }
        let day = self
            .combat
            .as_ref()
            .is_some_and(|c| c.picture.time == Some(TimeOfDay::Day));
        if let Some(c) = self.combat.as_mut() {
            // [8.1.9] Steam torpedoes by day: +1 on detection.
            c.attack.steam_by_day = day && shots.iter().any(|s| s.torpedo.is_steam());
            c.attack.after_surface_attack = c.attack.surfaced;
        }
        let _ = ev;
        self.next_shot_roll(ev);
    }

    fn next_shot_roll(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(c) = &self.combat else {
            return;
        };
        match c.attack.next_shot_roll() {
            Some(p) => self.phase = Phase::Roll { purpose: p },
            None => self.after_salvo(ev),
        }
    }

    pub(crate) fn resolve_combat(
        &mut self,
        r: AttackRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        match r {
            AttackRoll::Approach => self.approach_roll(faces, ev)?,
            AttackRoll::ToHit => self.torpedo_to_hit(faces, ev)?,
            AttackRoll::Defective => self.torpedo_defective(faces, ev)?,
            AttackRoll::ShipDamage => self.torpedo_damage(faces, ev)?,
            AttackRoll::GunHit { target } => self.gun_hit(target, faces, ev)?,
            AttackRoll::GunDamage { target } => self.gun_damage(target, faces, ev)?,
        }
        Ok(())
    }

    /// [8.2.1] The approach at short range against the escorts: undetected, the salvo; detected, [8.2.9.2]
    /// the enemy submarine fires first, or the escorts counterattack.
    fn approach_roll(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        // [8.2.1] Short range against escorts: undetected on 9 or less.
        let mods = self.detection_mods(true)?;
        let rec = RollRecord::new("B4", "8.2.1", Dice::D2D6, faces, mods, (2, 12));
        // [8.2.7] A natural 2 always evades.
        let natural2 = rec.natural == self.data.entries.always_undetected_on_natural;
        let undetected = natural2 || self.b4_undetected(B4Key::ShortRangeApproach, rec.result)?;
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if undetected { "undetected" } else { "detected" }),
                ev,
            );
        }
        if undetected {
            self.phase = Phase::Decide {
                ask: Ask::Combat(CombatAsk::Salvo),
            };
        } else if self
            .combat
            .as_ref()
            .is_some_and(|c| c.picture.kind == ContactKind::EnemySubmarine)
        {
            // [8.2.9.2] Detected on the approach: the enemy submarine attacks first, at short range.
            ev.push(PatrolEvent::Detected);
            self.enemy_fires(Range::Short);
        } else {
            // Detected: no attack; the escorts counterattack on B5.
            ev.push(PatrolEvent::Detected);
            if let Some(c) = self.combat.as_mut() {
                c.escort.detected_before = true;
                c.incoming.attacker = Attacker::Escort;
            }
            self.start_escort_attack(ev);
        }
        Ok(())
    }

    /// [8.2.3] B1 for the next declared torpedo ([11.7] Shibumi hits without rolling).
    fn torpedo_to_hit(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        let Some(c) = &self.combat else { return Ok(()) };
        let Some(i) = c.attack.shot_at(ShotStage::Declared) else {
            return Ok(());
        };
        let s = c.attack.shots[i].clone();
        let target = c.picture.targets.get(s.target).cloned();
        let attack = if c.attack.surfaced {
            Attack::Surfaced
        } else {
            Attack::Submerged
        };
        let range = c.picture.range.unwrap_or(Range::Medium);
        let mods = self.hit_mods(target.as_ref(), s.second_salvo, false)?;
        let rec = RollRecord::new("B1", "8.2.3", Dice::D2D6, faces, mods, (2, 12));
        let key = B1Key {
            weapon: s.torpedo.weapon(),
            attack,
            range,
        };
        let shibumi = self.take_shibumi();
        let hit = shibumi || self.b1_hits(&key, rec.result)?;
        let name = target.map(|t| t.ship.name).unwrap_or_default();
        if self.quiet.records() {
            self.record(
                rec.with_outcome(format!(
                    "{} at {name}{}",
                    if hit { "hit" } else { "miss" },
                    if shibumi {
                        " (Shibumi: not rolled) [11.7]"
                    } else {
                        ""
                    }
                )),
                ev,
            );
        }
        if let Some(c) = self.combat.as_mut() {
            c.attack.shots[i].stage = if hit { ShotStage::Hit } else { ShotStage::Miss };
        }
        self.next_shot_roll(ev);
        Ok(())
    }

    /// [8.2.3] B2 for the next torpedo that hit ([11.7] Shibumi passes the check without rolling).
    fn torpedo_defective(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        let Some(c) = &self.combat else { return Ok(()) };
        let Some(i) = c.attack.shot_at(ShotStage::Hit) else {
            return Ok(());
        };
        let kind: TorpedoKind = Self::torpedo_kind(c.attack.shots[i].torpedo);
        let (rec, ok) = defective(&self.data.charts.b2, kind, self.month, faces)?;
        // [11.7] Shibumi passes the check without rolling.
        let shibumi = self.take_shibumi();
        let ok = ok || shibumi;
        let outcome = match (ok, shibumi) {
            (_, true) => "it explodes (Shibumi: not rolled) [11.7]",
            (true, false) => "it explodes",
            (false, false) => "defective",
        };
        if self.quiet.records() {
            self.record(rec.with_outcome(outcome), ev);
        }
        if let Some(c) = self.combat.as_mut() {
            c.attack.shots[i].stage = if ok { ShotStage::Good } else { ShotStage::Defective };
        }
        self.next_shot_roll(ev);
        Ok(())
    }

    /// [8.2.3] B3: the damage of the next good torpedo to its target.
    fn torpedo_damage(&mut self, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        let Some(c) = &self.combat else { return Ok(()) };
        let Some(i) = c.attack.shot_at(ShotStage::Good) else {
            return Ok(());
        };
        let t = c.attack.shots[i].target;
        let rec = RollRecord::new("B3", "8.2.3", Dice::D1D6, faces, vec![], (1, 6));
        let dmg = self.b3_damage(Self::damage_source(false), rec.result)?;
        if self.quiet.records() {
            self.record(rec.with_outcome(format!("{dmg} damage")), ev);
        }
        if let Some(c) = self.combat.as_mut() {
            c.attack.shots[i].stage = ShotStage::Done;
        }
        self.damage_target(t, dmg, ev);
        self.next_shot_roll(ev);
        Ok(())
    }

    /// [8.2.4] B1 for the deck gun at `target` (1-based); a hit rolls its damage.
    fn gun_hit(&mut self, target: u8, faces: Vec<u8>, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        let t = usize::from(target) - 1;
        let tgt = self
            .combat
            .as_ref()
            .and_then(|c| c.picture.targets.get(t).cloned());
        let range = self
            .combat
            .as_ref()
            .and_then(|c| c.picture.range)
            .unwrap_or(Range::Short);
        let mods = self.hit_mods(tgt.as_ref(), false, true)?;
        let rec = RollRecord::new("B1", "8.2.4", Dice::D2D6, faces, mods, (2, 12));
        let key = B1Key {
            weapon: Weapon::DeckGun,
            attack: Attack::Surfaced,
            range,
        };
        let hit = self.b1_hits(&key, rec.result)?;
        if self.quiet.records() {
            self.record(rec.with_outcome(if hit { "hit" } else { "miss" }), ev);
        }
        self.phase = if hit {
            Phase::Roll {
                purpose: RollPurpose::Attack(AttackRoll::GunDamage { target }),
            }
        } else {
            self.salvo_or_done()
        };
        Ok(())
    }

    /// [8.2.4] B3: the deck gun's damage to `target` (1-based).
    fn gun_damage(
        &mut self,
        target: u8,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let rec = RollRecord::new("B3", "8.2.4", Dice::D1D6, faces, vec![], (1, 6));
        let dmg = self.b3_damage(Self::damage_source(true), rec.result)?;
        if self.quiet.records() {
            self.record(rec.with_outcome(format!("{dmg} damage")), ev);
        }
        self.damage_target(usize::from(target) - 1, dmg, ev);
        self.phase = self.salvo_or_done();
        Ok(())
    }

    /// After a gun shot: back to the salvo decision (it offers hold fire when nothing is left).
    fn salvo_or_done(&self) -> Phase {
        Phase::Decide {
            ask: Ask::Combat(CombatAsk::Salvo),
        }
    }

    /// Damage to a target; sunk when it reaches the ship's damage to sink [8.2.3].
    fn damage_target(&mut self, t: usize, dmg: u8, ev: &mut Vec<PatrolEvent>) {
        let box_number = self.box_number();
        let Some(c) = self.combat.as_mut() else { return };
        let Some(tg) = c.picture.targets.get_mut(t) else {
            return;
        };
        if tg.sunk {
            return;
        }
        tg.damage = tg.damage.saturating_add(dmg);
        if tg.damage >= tg.ship.damage {
            tg.sunk = true;
            ev.push(PatrolEvent::ShipSunk {
                name: tg.ship.name.clone(),
                tonnage: tg.ship.tonnage,
            });
            let rec = super::ShipRecord {
                name: tg.ship.name.clone(),
                kind: tg.ship.kind,
                tonnage: tg.ship.tonnage,
                sunk: true,
                box_number,
                by_midget: false,
            };
            if let Some(r) = self
                .log
                .iter_mut()
                .find(|r| r.name == rec.name && !r.sunk && r.box_number == box_number)
            {
                *r = rec;
            } else {
                self.log.push(rec);
            }
        } else {
            ev.push(PatrolEvent::ShipDamaged {
                name: tg.ship.name.clone(),
                damage: tg.damage,
                needed: tg.ship.damage,
            });
            if !self
                .log
                .iter()
                .any(|r| r.name == tg.ship.name && r.box_number == box_number)
            {
                self.log.push(super::ShipRecord {
                    name: tg.ship.name.clone(),
                    kind: tg.ship.kind,
                    tonnage: tg.ship.tonnage,
                    sunk: false,
                    box_number,
                    by_midget: false,
                });
            }
        }
    }

    /// [8.2.5] [8.2.12] After the salvo: escorts roll to detect; an attacked escort changes the DRM.
    fn after_salvo(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(c) = self.combat.as_mut() else { return };
        let fired = !c.attack.shots.is_empty();
        if let Some(e) = c.picture.targets.iter().position(|t| t.is_escort)
            && c.attack.shots.iter().any(|s| s.target == e)
        {
            c.escort.escort_attacked(c.picture.targets[e].sunk);
        }
        let kind = c.picture.kind;
        let escorted = c.picture.escorted;
        if kind == ContactKind::EnemySubmarine {
            if c.picture.targets.iter().all(|t| t.sunk) {
                // [8.2.9.3] Sunk: the encounter ends.
                self.end_encounter(ev);
            } else if fired {
                // [8.2.9.4] The attack failed: the enemy rolls to detect.
                c.incoming.attacker = Attacker::Escort;
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Escort(EscortRoll::Detection),
                };
            } else {
                self.end_encounter(ev);
            }
            return;
        }
        if escorted && fired {
            c.incoming.attacker = Attacker::Escort;
            if self.escort_quality_due() {
                // [11.4] The escort's quality, before the first detection roll.
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Optional(OptionalRoll::EscortQuality),
                };
                return;
            }
            self.begin_detection(ev);
        } else {
            self.end_round(ev);
        }
    }

    /// End of a combat round: reload the tubes [4.5], then the player decides [8.2.8] [8.4].
    pub(crate) fn end_round(&mut self, ev: &mut Vec<PatrolEvent>) {
        self.reload(ev);
        if let Some(c) = self.combat.as_mut() {
            c.attack.after_surface_attack = false;
            c.escort.test_depth = false;
        }
        if self
            .combat
            .as_ref()
            .is_some_and(|c| c.picture.targets.iter().all(|t| t.sunk || t.is_escort))
        {
            self.end_encounter(ev);
            return;
        }
        self.phase = Phase::Decide {
            ask: Ask::Combat(CombatAsk::AfterRound),
        };
    }

    /// [4.5] The tubes are reloaded from their own end's reload box only, [6.2.2Bb] between the rounds of an
    /// encounter and after it.
    pub(crate) fn reload(&mut self, ev: &mut Vec<PatrolEvent>) {
        let mut counts = [0u8; 2];
        for (i, end) in [End::Bow, End::Stern].into_iter().enumerate() {
            let sys = if end == End::Bow {
                System::BowTubes
            } else {
                System::SternTubes
            };
            if !self.boat.working(sys) {
                continue;
            }
            loop {
                let reloads = match end {
                    End::Bow => &mut self.boat.bow_reloads,
                    End::Stern => &mut self.boat.stern_reloads,
                };
                if reloads.is_empty() {
                    break;
                }
                let tubes = match end {
                    End::Bow => &mut self.boat.bow_tubes,
                    End::Stern => &mut self.boat.stern_tubes,
                };
                // [7.10] Tubes holding mines take no torpedo until the mines are laid.
                let skip = if end == End::Bow {
                    usize::from(self.mission.mines_aboard)
                } else {
                    0
                };
                let Some(slot) = tubes.iter_mut().skip(skip).find(|t| t.is_none()) else {
                    break;
                };
                *slot = reloads.pop();
                counts[i] += 1;
            }
        }
        if counts != [0, 0] {
            ev.push(PatrolEvent::Reloaded {
                bow: counts[0],
                stern: counts[1],
            });
        }
    }

    /// [8.1.1] A new combat round against the (remaining) targets, at the commander's choice.
    pub(crate) fn new_round(&mut self, ev: &mut Vec<PatrolEvent>) {
        let _ = ev;
        if let Some(c) = self.combat.as_mut() {
            c.attack.shots.clear();
            c.attack.first_end = None;
        }
        self.phase = Phase::Decide {
            ask: Ask::Combat(CombatAsk::Engage),
        };
    }

    /// [6.2.2Bd] The encounter is over: repairs and the doctor, then on [8.5.2].
    pub(crate) fn end_encounter(&mut self, ev: &mut Vec<PatrolEvent>) {
        if matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        // [7.8] The encounter after a kaiten release is over without the submarine detected.
        self.kaiten_undetected(ev);
        self.reload(ev);
        self.start_repairs(ev);
    }
}

impl Patrol {
    pub(crate) fn torpedo_kind(t: Torpedo) -> TorpedoKind {
        match t {
            Torpedo::Type89 => TorpedoKind::Type89,
            Torpedo::Type6 => TorpedoKind::Type6,
            Torpedo::Type95 => TorpedoKind::Type95,
            Torpedo::Type92 => TorpedoKind::Type92,
        }
    }

    pub(crate) fn damage_source(gun: bool) -> DamageSource {
        if gun {
            DamageSource::DeckGun
        } else {
            DamageSource::Torpedo
        }
    }
}
