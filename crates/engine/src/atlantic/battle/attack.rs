//! The U-boat's attack [7.1.3]: its range (1d6, or the range box at the stragglers [7.1.6], or the U-boat
//! player's choice [10.1]), a last ASDIC chance at close range from every occupied box beside it — none
//! where no escort covers it, and from Box S only at close range [7.1.6]; the three ships in reach (size
//! on 1d6, name on M1-M3) or the stragglers themselves; the targets on C1 — skipped in a two-player game,
//! where the U-boat player aims each bow torpedo [10.1] — with the stern torpedoes of "**" (one for a
//! Type VII, two for a Type IX [ERRATA C1]); the torpedoes loaded (G7a or G7e: reconstructed); B1 to hit,
//! B6 for duds, B2 for damage, each ship sinking at the points its tonnage gives [8.0]. Torpedoes at an
//! escort are our reconstruction (C1's escort shot, B1 +2): a Flower sinks at one point, a DD/FF at two,
//! and one point puts a DD/FF out of the fight [7.4.1] [7.4.3].

use std::collections::VecDeque;

use periscope_data::atlantic::charts::{Dud, Hit, Quality, Range, Salvo, Target};
use periscope_data::atlantic::tactical::Range as BoxRange;

use super::{Battle, Credit, Listing, Mission, Station, Step};
use crate::atlantic::convoy::{PickRoll, Picking};
use crate::atlantic::events::{MissionEnd, MissionEvent};
use crate::atlantic::group::EscortStatus;
use crate::atlantic::reading::{chart_roll, drm, proc_roll, unanswered};
use crate::atlantic::{MissionAction, MissionError, Throw, choice};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec, Wait};
use crate::refusal::Refused;
use crate::roll::RollRecord;

/// A roll of the U-boat's attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackRoll {
    Range {
        boat: u8,
    },
    /// The escorts' last ASDIC chance at close range [7.1.3].
    CloseAsdic {
        boat: u8,
    },
    /// C1 [7.1.3].
    Targets {
        boat: u8,
    },
    TorpedoKind {
        boat: u8,
        night: bool,
    },
    ToHit {
        boat: u8,
        range: Range,
    },
    Dud {
        boat: u8,
    },
    TorpedoDamage {
        boat: u8,
    },
}

impl AttackRoll {
    /// The player's own rolls (Touch Wood [9.2]): the escorts' ASDIC.
    pub(crate) fn own(self) -> bool {
        matches!(self, AttackRoll::CloseAsdic { .. })
    }
}

/// What a torpedo is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    Merchant(usize),
    Escort(usize),
}

/// One torpedo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shot {
    pub at: Aim,
    pub hit: bool,
    pub explodes: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackStage {
    Range,
    CloseAsdic,
    Picking,
    /// C1, or the U-boat player's aim [10.1].
    Aim,
    TorpedoKind,
    ToHit,
    Dud,
    Damage,
}

/// An attack in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UboatAttack {
    pub boat: usize,
    pub stage: AttackStage,
    pub range: Option<Range>,
    /// The boxes still to roll the close-range ASDIC from.
    pub asdic: VecDeque<String>,
    pub picking: Picking,
    /// The merchants in reach, largest first.
    pub targets: Vec<usize>,
    /// The escort a torpedo may be aimed at (reconstructed).
    pub escort: Option<usize>,
    pub shots: Vec<Shot>,
    /// The shot the next to-hit, dud or damage roll is for.
    pub next: usize,
}

impl Mission {
    pub(crate) fn attack_roll_spec(&self, r: AttackRoll) -> RollSpec {
        match r {
            AttackRoll::Range { boat } => {
                let (dice, chart) = self.procedure_dice("attack_range");
                RollSpec::new(dice, chart, "7.1.3", format!("Roll U-boat {boat}'s attack range"))
            }
            AttackRoll::CloseAsdic { boat } => {
                let (dice, chart) = self.procedure_dice("asdic");
                RollSpec::new(
                    dice,
                    chart,
                    "7.1.3",
                    format!("U-boat {boat} closes in: one more ASDIC chance"),
                )
            }
            AttackRoll::Targets { boat } => RollSpec::new(
                Dice::D2D6,
                "C1",
                "7.1.3",
                format!("Roll U-boat {boat}'s targets on C1"),
            ),
            AttackRoll::TorpedoKind { boat, night } => {
                let (dice, chart) = self.procedure_dice(if night {
                    "torpedo_kind_night"
                } else {
                    "torpedo_kind_day"
                });
                RollSpec::new(
                    dice,
                    chart,
                    "7.1.5",
                    format!("Which torpedoes does U-boat {boat} fire?"),
                )
            }
            AttackRoll::ToHit { boat, range } => RollSpec::new(
                Dice::D2D6,
                "B1",
                "7.1.3",
                format!(
                    "U-boat {boat}'s torpedo at {} range: hit?",
                    crate::atlantic::action::range_word(range)
                ),
            ),
            AttackRoll::Dud { boat } => {
                RollSpec::new(Dice::D1D6, "B6", "7.1.3", format!("U-boat {boat}'s hit: a dud?"))
            }
            AttackRoll::TorpedoDamage { boat } => RollSpec::new(
                Dice::D1D6,
                "B2",
                "7.1.3",
                format!("U-boat {boat}'s torpedo explodes: damage"),
            ),
        }
    }

    /// A boat begins its attack [7.1.3].
    pub(crate) fn begin_attack(&mut self, b: &mut Battle, boat: usize, ev: &mut Vec<MissionEvent>) {
        b.last_attack = None;
        let mut a = UboatAttack {
            boat,
            stage: AttackStage::Range,
            range: None,
            asdic: VecDeque::new(),
            picking: Picking::new(0, None),
            targets: Vec::new(),
            escort: None,
            shots: Vec::new(),
            next: 0,
        };
        // [7.1.6] At the stragglers the range is the range box's.
        if let Some(Station::Stragglers(id)) = &b.boats[boat].station {
            let range = self.display().ok().and_then(|d| {
                d.stragglers
                    .range_boxes
                    .iter()
                    .find(|r| &r.id == id)
                    .map(|r| r.range)
            });
            a.range = Some(match range {
                Some(BoxRange::Close) => Range::Close,
                Some(BoxRange::Long) => Range::Long,
                _ => Range::Medium,
            });
            return self.range_known(b, a, ev);
        }
        b.step = Step::Attack(Box::new(a));
    }

    pub(crate) fn attack_wait(
        &self,
        b: &Battle,
        a: &UboatAttack,
        list: Listing,
    ) -> Wait<MissionAction, Throw> {
        let boat = b.boats[a.boat].number;
        match a.stage {
            AttackStage::Range if self.options.two_player => list.decide(|| {
                Decision::new(
                    format!("U-boat player: U-boat {boat} was not detected; from what range does it attack?"),
                    "10.1",
                    [Range::Close, Range::Medium, Range::Long]
                        .into_iter()
                        .map(|r| {
                            let w = crate::atlantic::action::range_word(r);
                            choice(
                                MissionAction::Range { range: r },
                                format!("Attack from {w} range"),
                                "10.1",
                            )
                        })
                        .collect(),
                )
            }),
            AttackStage::Range => Wait::Roll(Throw::Attack(AttackRoll::Range { boat })),
            AttackStage::CloseAsdic => Wait::Roll(Throw::Attack(AttackRoll::CloseAsdic { boat })),
            AttackStage::Picking => Wait::Roll(Throw::Pick(
                self.peek_picking(&a.picking).unwrap_or(PickRoll::Size),
            )),
            AttackStage::Aim if self.options.two_player => list.decide(|| self.aim_decision(b, a)),
            AttackStage::Aim => Wait::Roll(Throw::Attack(AttackRoll::Targets { boat })),
            AttackStage::TorpedoKind => Wait::Roll(Throw::Attack(AttackRoll::TorpedoKind {
                boat,
                night: b.night(),
            })),
            AttackStage::ToHit => Wait::Roll(Throw::Attack(AttackRoll::ToHit {
                boat,
                range: a.range.unwrap_or(Range::Medium),
            })),
            AttackStage::Dud => Wait::Roll(Throw::Attack(AttackRoll::Dud { boat })),
            AttackStage::Damage => Wait::Roll(Throw::Attack(AttackRoll::TorpedoDamage { boat })),
        }
    }

    /// [10.1] The U-boat player aims the bow torpedoes one by one.
    fn aim_decision(&self, b: &Battle, a: &UboatAttack) -> Decision<MissionAction> {
        let u = &b.boats[a.boat];
        let mut choices = Vec::new();
        if a.shots.len() < usize::from(u.bow_tubes) {
            for (n, &m) in a.targets.iter().enumerate() {
                let s = &self.convoy.ships[m];
                if s.sunk() {
                    continue;
                }
                let aimed = a.shots.iter().filter(|x| x.at == Aim::Merchant(m)).count();
                choices.push(choice(
                    MissionAction::Fire {
                        target: u8::try_from(n + 1).unwrap_or(1),
                    },
                    format!(
                        "A torpedo at {} ({}, {aimed} aimed)",
                        s.name,
                        crate::atlantic::words::tons(s.tonnage)
                    ),
                    "10.1",
                ));
            }
            if let Some(e) = a.escort {
                choices.push(choice(
                    MissionAction::FireEscort,
                    format!("A torpedo at the escort {}", self.group.name_of(e)),
                    "10.1",
                ));
            }
        }
        if !a.shots.is_empty() {
            choices.push(choice(
                MissionAction::Salvo,
                format!("Fire the {} torpedo(es) aimed", a.shots.len()),
                "10.1",
            ));
        }
        Decision::new(
            format!(
                "U-boat player: aim U-boat {}'s bow torpedoes ({} of {} aimed)",
                u.number,
                a.shots.len(),
                u.bow_tubes
            ),
            "10.1",
            choices,
        )
    }

    pub(crate) fn attack_decide(
        &mut self,
        b: &mut Battle,
        mut a: UboatAttack,
        action: MissionAction,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        match (a.stage, action) {
            (AttackStage::Range, MissionAction::Range { range }) => {
                a.range = Some(range);
                ev.push(MissionEvent::note(format!(
                    "U-boat {} attacks from {} range",
                    b.boats[a.boat].number,
                    crate::atlantic::action::range_word(range)
                )));
                self.range_known(b, a, ev);
            }
            (AttackStage::Aim, MissionAction::Fire { target }) => {
                if let Some(&m) = a.targets.get(usize::from(target).saturating_sub(1)) {
                    a.shots.push(Shot {
                        at: Aim::Merchant(m),
                        hit: false,
                        explodes: false,
                    });
                }
                b.step = Step::Attack(Box::new(a));
            }
            (AttackStage::Aim, MissionAction::FireEscort) => {
                if let Some(e) = a.escort {
                    a.shots.push(Shot {
                        at: Aim::Escort(e),
                        hit: false,
                        explodes: false,
                    });
                }
                b.step = Step::Attack(Box::new(a));
            }
            (AttackStage::Aim, MissionAction::Salvo) => {
                a.stage = AttackStage::TorpedoKind;
                b.step = Step::Attack(Box::new(a));
            }
            (_, action) => {
                b.step = Step::Attack(Box::new(a));
                return Err(MissionError::Refused(Refused::NotNow {
                    action: action.to_string(),
                    waiting_for: "another step of the U-boat's attack".into(),
                }));
            }
        }
        Ok(())
    }

    /// The range is known: at close range the escorts beside the boat get one more ASDIC roll; where
    /// none covers it the boat attacks unopposed [7.1.3] [7.1.6].
    fn range_known(&mut self, b: &mut Battle, mut a: UboatAttack, ev: &mut Vec<MissionEvent>) {
        if a.range == Some(Range::Close)
            && let Some(station) = b.boats[a.boat].station.clone()
        {
            let asdic_from = match &station {
                Station::Stragglers(id) => self
                    .display()
                    .ok()
                    .filter(|d| {
                        d.stragglers
                            .escort_box
                            .asdic_before_attack
                            .iter()
                            .any(|x| x == id)
                    })
                    .map(|d| vec![d.stragglers.escort_box.id.clone()])
                    .unwrap_or_default(),
                Station::Approach(_) => self.adjacent_boxes(&station),
            };
            a.asdic = asdic_from
                .into_iter()
                .filter(|x| b.in_box(x).iter().any(|&e| self.group.escorts[e].fights()))
                .collect();
            if a.asdic.is_empty() {
                ev.push(MissionEvent::note(format!(
                    "No escort covers U-boat {}: it attacks unopposed, even from close range [7.1.3]",
                    b.boats[a.boat].number
                )));
            } else {
                a.stage = AttackStage::CloseAsdic;
                b.step = Step::Attack(Box::new(a));
                return;
            }
        }
        self.pick_targets(b, a, ev);
    }

    /// The ships in reach: three of the convoy, rolled [7.1.3], or the stragglers themselves [7.1.6].
    fn pick_targets(&mut self, b: &mut Battle, mut a: UboatAttack, ev: &mut Vec<MissionEvent>) {
        let station = b.boats[a.boat].station.clone();
        if let Some(Station::Stragglers(_)) = station {
            a.targets = self
                .convoy
                .stragglers()
                .into_iter()
                .take(self.data.entries.targets_in_reach)
                .collect();
            // A damaged DD/FF among the stragglers, else a guard in Box S (reconstructed).
            a.escort = self
                .group
                .escorts
                .iter()
                .position(|e| e.status == EscortStatus::Damaged)
                .or_else(|| {
                    b.in_box("S")
                        .into_iter()
                        .find(|&e| self.group.escorts[e].fights())
                });
            return self.targets_known(b, a, ev);
        }
        if let Some(st) = &station {
            let beside = self.adjacent_boxes(st);
            a.escort = (0..b.spots.len()).find(|&e| {
                self.group.escorts[e].fights() && b.spots[e].as_ref().is_some_and(|s| beside.contains(s))
            });
        }
        a.picking = Picking::new(self.data.entries.targets_in_reach, None);
        self.continue_picking(b, a, ev);
    }

    fn continue_picking(&mut self, b: &mut Battle, mut a: UboatAttack, ev: &mut Vec<MissionEvent>) {
        let mut picking = std::mem::replace(&mut a.picking, Picking::new(0, None));
        match self.pick_next(&mut picking) {
            Ok(Some(_)) => {
                a.picking = picking;
                a.stage = AttackStage::Picking;
                b.step = Step::Attack(Box::new(a));
            }
            _ => {
                let mut t = picking.ships.clone();
                // C1 ranks the ships in reach by tonnage, largest first (reconstructed).
                t.sort_by_key(|&i| std::cmp::Reverse(self.convoy.ships[i].tonnage));
                a.targets = t;
                a.picking = picking;
                self.targets_known(b, a, ev);
            }
        }
    }

    fn targets_known(&mut self, b: &mut Battle, mut a: UboatAttack, ev: &mut Vec<MissionEvent>) {
        ev.push(MissionEvent::Targets {
            ships: a
                .targets
                .iter()
                .map(|&i| {
                    let s = &self.convoy.ships[i];
                    format!(
                        "{} ({}, {})",
                        s.name,
                        crate::atlantic::words::size(s.size),
                        crate::atlantic::words::tons(s.tonnage)
                    )
                })
                .collect(),
        });
        a.stage = AttackStage::Aim;
        b.step = Step::Attack(Box::new(a));
    }

    /// C1's salvo as torpedoes at the ships in reach (the stern's "**" at the largest) [7.1.3] [ERRATA C1].
    fn aim_salvo(&self, b: &Battle, a: &mut UboatAttack, salvo: &Salvo) {
        let u = &b.boats[a.boat];
        let pick = |t: Target| -> Option<Aim> {
            let n = a.targets.len();
            let merchant = |k: usize| (n > 0).then(|| Aim::Merchant(a.targets[k.min(n - 1)]));
            match t {
                Target::Largest => merchant(0),
                Target::Middle => merchant(1),
                Target::Smallest => merchant(2),
                Target::Escort => a.escort.map(Aim::Escort).or_else(|| merchant(0)),
            }
            .or_else(|| a.escort.map(Aim::Escort))
        };
        for s in &salvo.salvo {
            if let Some(at) = pick(s.target) {
                for _ in 0..s.torpedoes {
                    a.shots.push(Shot {
                        at,
                        hit: false,
                        explodes: false,
                    });
                }
            }
        }
        if salvo.stern
            && let Some(at) = pick(Target::Largest)
        {
            for _ in 0..u.stern_tubes {
                a.shots.push(Shot {
                    at,
                    hit: false,
                    explodes: false,
                });
            }
        }
    }

    fn target_name(&self, at: Aim) -> String {
        match at {
            Aim::Merchant(m) => self
                .convoy
                .ships
                .get(m)
                .map_or_else(|| "?".into(), |s| s.name.clone()),
            Aim::Escort(e) => self.group.name_of(e),
        }
    }

    fn target_gone(&self, at: Aim) -> bool {
        match at {
            Aim::Merchant(m) => self.convoy.ships.get(m).is_none_or(|s| s.sunk()),
            Aim::Escort(e) => self
                .group
                .escorts
                .get(e)
                .is_none_or(|s| s.status == EscortStatus::Sunk),
        }
    }

    /// Reads a roll of the boat's attack, in the procedure its stage is at.
    pub(crate) fn attack_roll(
        &mut self,
        b: &mut Battle,
        mut a: UboatAttack,
        throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        match (a.stage, throw) {
            (AttackStage::Range, _) => self.attack_range_roll(b, a, faces, ev)?,
            (AttackStage::CloseAsdic, _) => self.close_asdic_roll(b, a, faces, ev)?,
            (AttackStage::Picking, Throw::Pick(p)) => {
                let mut picking = std::mem::replace(&mut a.picking, Picking::new(0, None));
                self.resolve_pick(&mut picking, p, faces, ev)?;
                a.picking = picking;
                self.continue_picking(b, a, ev);
            }
            (AttackStage::Aim, _) => self.aim_roll(b, a, faces, ev)?,
            (AttackStage::TorpedoKind, _) => self.torpedo_kind_roll(b, a, faces, ev)?,
            (AttackStage::ToHit, _) => self.torpedo_hit_roll(b, a, faces, ev)?,
            (AttackStage::Dud, _) => self.dud_roll(b, a, faces, ev)?,
            (AttackStage::Damage, _) => self.torpedo_damage_roll(b, a, faces, ev)?,
            _ => {
                b.step = Step::Attack(Box::new(a));
                return Err(MissionError::Refused(Refused::Data(
                    "a roll came that the attack does not read".into(),
                )));
            }
        }
        Ok(())
    }

    /// The attack's range roll [7.1.3]: close, medium or long.
    fn attack_range_roll(
        &mut self,
        b: &mut Battle,
        mut a: UboatAttack,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let (rec, res) = proc_roll(self.procedure("attack_range")?, "7.1.3", faces, vec![])?;
        let range = match res.word() {
            Some("close") => Range::Close,
            Some("long") => Range::Long,
            _ => Range::Medium,
        };
        self.record(
            rec.with_outcome(format!("{} range", crate::atlantic::action::range_word(range))),
            ev,
        );
        a.range = Some(range);
        self.range_known(b, a, ev);

        Ok(())
    }

    /// One escort box's last ASDIC chance as the boat closes in [7.1.3]: found, it is hunted before it
    /// fires; else the next box rolls, or the boat picks its targets.
    fn close_asdic_roll(
        &mut self,
        b: &mut Battle,
        mut a: UboatAttack,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let number = b.boats[a.boat].number;
        let from = a.asdic.pop_front().unwrap_or_default();
        let mut mods = Vec::new();
        if b.bad_weather() {
            mods.push(drm(
                &self.procedure("asdic")?.modifiers,
                "asdic",
                "bad_weather",
                "6.1 2c",
            )?);
        }
        let (rec, res) = proc_roll(self.procedure("asdic")?, "7.1.3", faces, mods)?;
        let found = res.word() == Some("detected");
        let here = b
            .in_box(&from)
            .into_iter()
            .find(|&e| self.group.escorts[e].fights());
        self.record(
            rec.with_outcome(if found {
                format!("U-boat {number} detected at close range")
            } else {
                format!("U-boat {number} not detected")
            }),
            ev,
        );
        if found {
            let e = here.unwrap_or(0);
            let by = format!(
                "ASDIC from {} ({}) at close range",
                crate::atlantic::words::station(&from),
                self.group.name_of(e)
            );
            self.detected(b, a.boat, Credit::Escort(e), &by, ev);
            // Detected before it fires: hunted as a boat found in its approach [7.1.3].
            self.begin_hunt(b, a.boat, false, ev);
        } else if a.asdic.is_empty() {
            self.pick_targets(b, a, ev);
        } else {
            b.step = Step::Attack(Box::new(a));
        }

        Ok(())
    }

    /// The C1 roll: where the boat's torpedoes go [7.1.3].
    fn aim_roll(
        &mut self,
        b: &mut Battle,
        mut a: UboatAttack,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let (rec, salvo) = chart_roll(&self.data.data.charts.c1.chart, "C1", "7.1.3", faces, vec![])?;
        self.aim_salvo(b, &mut a, &salvo);
        let mut counts: Vec<(String, usize)> = Vec::new();
        for s in &a.shots {
            let n = self.target_name(s.at);
            match counts.iter_mut().find(|(x, _)| *x == n) {
                Some((_, c)) => *c += 1,
                None => counts.push((n, 1)),
            }
        }
        let said: Vec<String> = counts.iter().map(|(n, c)| format!("{c} at {n}")).collect();
        let said = if said.is_empty() {
            "none: no ship in reach".to_string()
        } else {
            said.join(", ")
        };
        self.record(rec.with_outcome(format!("torpedoes: {said}")), ev);
        a.stage = AttackStage::TorpedoKind;
        b.step = Step::Attack(Box::new(a));

        Ok(())
    }

    /// Steam or electric torpedoes, by day or night [7.1.5].
    fn torpedo_kind_roll(
        &mut self,
        b: &mut Battle,
        mut a: UboatAttack,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let id = if b.night() {
            "torpedo_kind_night"
        } else {
            "torpedo_kind_day"
        };
        let (rec, res) = proc_roll(self.procedure(id)?, "7.1.5", faces, vec![])?;
        let steam = res.word() == Some("g7a");
        self.record(
            rec.with_outcome(if steam {
                "steam torpedoes (G7a)"
            } else {
                "electric torpedoes (G7e)"
            }),
            ev,
        );
        // [7.1.5] Steam tracks by day: +1 on every B3 roll against the boat in this combat.
        if steam && !b.night() {
            b.boats[a.boat].g7a_by_day = true;
        }
        b.boats[a.boat].attacks += 1;
        a.stage = AttackStage::ToHit;
        a.next = 0;
        self.next_torpedo_roll(b, a, ev);

        Ok(())
    }

    /// One torpedo's B1 roll at the attack's range [7.1.3].
    fn torpedo_hit_roll(
        &mut self,
        b: &mut Battle,
        mut a: UboatAttack,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let Some(shot) = a.shots.get(a.next).copied() else {
            return Err(MissionError::Refused(Refused::Data(
                "no torpedo to roll for".into(),
            )));
        };
        let b1 = &self.data.data.charts.b1;
        let range = a.range.unwrap_or(Range::Medium);
        let mods = self.b1_mods(b, &a, &shot)?;
        let span = b1
            .table
            .column(&range, self.month)
            .map(|c| c.chart.span())
            .ok_or_else(|| unanswered("B1", format_args!("{range} column")))?;
        let rec = RollRecord::new("B1", "7.1.3", Dice::D2D6, faces, mods, span);
        let hit = b1.roll(range, rec.result) == Some(Hit::Hit);
        let name = self.target_name(shot.at);
        self.record(
            rec.with_outcome(if hit {
                format!("a hit on {name}")
            } else {
                format!("a miss at {name}")
            }),
            ev,
        );
        if let Some(s) = a.shots.get_mut(a.next) {
            s.hit = hit;
        }
        a.next += 1;
        self.next_torpedo_roll(b, a, ev);

        Ok(())
    }

    /// One hit's B6 roll: it explodes or is a dud [7.1.3].
    fn dud_roll(
        &mut self,
        b: &mut Battle,
        mut a: UboatAttack,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let (rec, dud) = chart_roll(&self.data.data.charts.b6.chart, "B6", "7.1.3", faces, vec![])?;
        let explodes = dud == Dud::Explodes;
        self.record(
            rec.with_outcome(if explodes { "it explodes" } else { "a dud" }),
            ev,
        );
        if let Some(s) = a.shots.get_mut(a.next) {
            s.explodes = explodes;
        }
        a.next += 1;
        self.next_torpedo_roll(b, a, ev);

        Ok(())
    }

    /// One exploding torpedo's B2 roll: the points it does to its target [7.1.3] [8.0].
    fn torpedo_damage_roll(
        &mut self,
        b: &mut Battle,
        mut a: UboatAttack,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let number = b.boats[a.boat].number;
        let Some(shot) = a.shots.get(a.next).copied() else {
            return Err(MissionError::Refused(Refused::Data(
                "no torpedo to roll for".into(),
            )));
        };
        let (rec, points) = chart_roll(&self.data.data.charts.b2.chart, "B2", "7.1.3", faces, vec![])?;
        let name = self.target_name(shot.at);
        self.record(
            rec.with_outcome(format!(
                "{} on {name}",
                crate::atlantic::words::count(points, "point", "points")
            )),
            ev,
        );
        self.torpedo_strikes(b, shot.at, points, number, ev);
        a.next += 1;
        self.next_torpedo_roll(b, a, ev);

        Ok(())
    }

    /// B1's modifiers for torpedo `shot` of boat `a`: its quality [12.3], an escort aimed at [7.1.3].
    pub(crate) fn b1_mods(
        &self,
        b: &Battle,
        a: &UboatAttack,
        shot: &Shot,
    ) -> Result<Vec<crate::roll::Modifier>, MissionError> {
        let b1 = &self.data.data.charts.b1;
        let mut mods = Vec::new();
        if self.options.optional.uboat_quality {
            match b.boats[a.boat].quality {
                Some(Quality::Green) => mods.push(drm(&b1.modifiers, "B1", "green_uboat", "12.3")?),
                Some(Quality::Elite) => mods.push(drm(&b1.modifiers, "B1", "elite_uboat", "12.3")?),
                _ => {}
            }
        }
        if matches!(shot.at, Aim::Escort(_)) {
            mods.push(drm(&b1.modifiers, "B1", "escort_target", "7.1.3")?);
        }
        Ok(mods)
    }

    /// The next torpedo roll: every B1, then B6 for each hit, then B2 for each that explodes [7.1.3];
    /// a ship already sunk takes no more rolls.
    fn next_torpedo_roll(&mut self, b: &mut Battle, mut a: UboatAttack, ev: &mut Vec<MissionEvent>) {
        loop {
            let want = |s: &Shot, stage: AttackStage| match stage {
                AttackStage::ToHit => true,
                AttackStage::Dud => s.hit,
                _ => s.hit && s.explodes,
            };
            while a.next < a.shots.len() && !want(&a.shots[a.next], a.stage) {
                a.next += 1;
            }
            if a.stage == AttackStage::Damage {
                while a.next < a.shots.len()
                    && (!want(&a.shots[a.next], a.stage) || self.target_gone(a.shots[a.next].at))
                {
                    a.next += 1;
                }
            }
            if a.next < a.shots.len() {
                b.step = Step::Attack(Box::new(a));
                return;
            }
            a.next = 0;
            a.stage = match a.stage {
                AttackStage::ToHit => AttackStage::Dud,
                AttackStage::Dud => AttackStage::Damage,
                _ => break,
            };
        }
        let boat = a.boat;
        b.last_attack = Some(Box::new(a));
        if self.ended.is_some() {
            b.step = Step::Finished;
            return;
        }
        // [7.1.3] After its attack the escorts may hunt it.
        b.plan.post.push_back(boat);
        self.advance(b, ev);
    }

    /// A torpedo's damage: a merchant sinks at her points [8.0]; an escort sinks at hers, and a DD/FF
    /// with one point leaves the fight [7.4.1] [7.4.3]; the SOE's ship sunk ends the career [5.1.2].
    fn torpedo_strikes(&mut self, b: &mut Battle, at: Aim, points: u8, boat: u8, ev: &mut Vec<MissionEvent>) {
        match at {
            Aim::Merchant(m) => {
                self.convoy.damage(m, points, &format!("U-boat {boat}"), ev);
            }
            Aim::Escort(e) => {
                let Some(esc) = self.group.escorts.get_mut(e) else {
                    return;
                };
                esc.damage = esc.damage.saturating_add(points).min(esc.sinks_at);
                let name = esc.name.clone();
                if esc.damage >= esc.sinks_at {
                    esc.status = EscortStatus::Sunk;
                    ev.push(MissionEvent::EscortSunk { ship: name.clone() });
                    if e == 0 {
                        self.finish(MissionEnd::SoeSunk { ship: name }, ev);
                    }
                } else {
                    esc.status = EscortStatus::Damaged;
                    ev.push(MissionEvent::EscortDamaged {
                        ship: name,
                        damage: esc.damage,
                    });
                }
                if let Some(s) = b.spots.get_mut(e) {
                    *s = None;
                }
            }
        }
    }
}
