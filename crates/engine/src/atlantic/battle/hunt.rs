//! The escorts' hunt of one boat [7.1.3]: the player commits escorts — those beside its circle without
//! moving, any other moving any distance and flipping to Moved (-1 on B3, once however many move
//! [7.1.3 ERRATA]); each escort engages one boat an impulse [7.1.3 Important]. Then the cycle, rolled
//! ONCE per boat however many escorts hunt it [7.1.3 Important]: B4 (depth charges, or a Hedgehog when
//! an escort has one), a B5 roll per hit, the flooding check, B3 to hold contact (+1 after a detection,
//! the year's modifier only after an attack [7.1.5 ERRATA], a natural 2 always escaping). A boat flooded
//! full surfaces and is sunk by gunfire or rammed [7.4.2]; full hull sinks it [7.3.4]. The player may
//! break off at any time [7.1.3 ERRATA]; with limited depth charges each attack spends a point from a
//! ship of the player's choice [12.7]; evasion comes before each attack [12.8]. The kill goes to the
//! escort that first detected the boat, the player choosing after HF/DF [7.5.1].

use periscope_data::atlantic::charts::{B4Key, Quality};

use super::damage::{DamageRoll, Hits};
use super::{Battle, BoatState, Credit, Listing, Mission, Station, Step};
use crate::atlantic::events::MissionEvent;
use crate::atlantic::reading::{drm, proc_roll, unanswered};
use crate::atlantic::{MissionAction, MissionError, Throw, choice};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec, Wait};
use crate::refusal::Refused;
use crate::roll::{Modifier, RollRecord};

/// A roll of the hunt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HuntRoll {
    /// The boat's evasion number, rolled in a solitaire game [12.8].
    UboatEvasion { boat: u8 },
    /// The escort's direction [12.8].
    EscortEvasion { boat: u8 },
    /// B4 [7.1.3].
    Attack { boat: u8, hedgehog: bool },
    /// B3 [7.1.3].
    Redetection { boat: u8 },
    /// Ram and board [7.4.2].
    Ramming { boat: u8 },
}

impl HuntRoll {
    /// The player's own rolls, which Touch Wood may have made again [9.2]: all but the boat's evasion.
    pub(crate) fn own(self) -> bool {
        !matches!(self, HuntRoll::UboatEvasion { .. })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HuntStage {
    Commit,
    Round,
    UboatEvasion,
    EscortEvasion,
    Attack,
    Damage,
    Surfaced,
    Ramming,
    Redetection,
    Credit,
}

/// A hunt in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hunt {
    pub boat: usize,
    /// After the boat's attack on the convoy: the hunt opens with B3 [7.1.3].
    pub after_attack: bool,
    pub escorts: Vec<usize>,
    /// Any hunting escort moved [7.1.3].
    pub moved: bool,
    pub stage: HuntStage,
    /// Detected before in this hunt: +1 on B3 [7.1.3].
    pub prior: bool,
    /// An attack has been made: the year's modifier applies to B3 [7.1.5 ERRATA].
    pub attacked: bool,
    pub hedgehog: bool,
    /// The boat's evasion number [12.8].
    pub evasion: Option<u8>,
    /// The hits evasion adds to the coming attack [12.8].
    pub evasion_hits: Option<i32>,
    pub hits: Hits,
    pub rammer: Option<usize>,
}

impl Mission {
    pub(crate) fn hunt_roll_spec(&self, r: HuntRoll) -> RollSpec {
        match r {
            HuntRoll::UboatEvasion { boat } => {
                let (dice, chart) = self.procedure_dice("evasion_direction");
                RollSpec::new(dice, chart, "12.8", format!("U-boat {boat}'s evasive number"))
            }
            HuntRoll::EscortEvasion { boat } => {
                let (dice, chart) = self.procedure_dice("evasion_direction");
                RollSpec::new(
                    dice,
                    chart,
                    "12.8",
                    format!("The escorts' turn against U-boat {boat}"),
                )
            }
            HuntRoll::Attack { boat, hedgehog } => RollSpec::new(
                Dice::D2D6,
                "B4",
                "7.1.3",
                if hedgehog {
                    format!("Hedgehog attack on U-boat {boat}")
                } else {
                    format!("Depth-charge attack on U-boat {boat}")
                },
            ),
            HuntRoll::Redetection { boat } => RollSpec::new(
                Dice::D2D6,
                "B3",
                "7.1.3",
                format!("Do the escorts hold U-boat {boat}?"),
            ),
            HuntRoll::Ramming { boat } => {
                let (dice, chart) = self.procedure_dice("ramming");
                RollSpec::new(dice, chart, "7.4.2", format!("Ram and board U-boat {boat}"))
            }
        }
    }

    /// The escorts free to engage a boat now: fighting, not yet engaged this impulse [7.1.3 Important].
    pub(crate) fn free_escorts(&self, b: &Battle) -> Vec<usize> {
        self.group
            .fighting()
            .into_iter()
            .filter(|&e| !b.engaged.get(e).copied().unwrap_or(true))
            .collect()
    }

    /// Whether escort `e` stands beside the boat's station and need not move [7.1.3].
    pub(crate) fn beside(&self, b: &Battle, e: usize, station: &Station) -> bool {
        b.spots[e]
            .as_ref()
            .is_some_and(|s| self.adjacent_boxes(station).contains(s))
    }

    /// A hunt begins, unless no escort is free [7.1.3].
    pub(crate) fn begin_hunt(
        &mut self,
        b: &mut Battle,
        boat: usize,
        after: bool,
        ev: &mut Vec<MissionEvent>,
    ) {
        if self.free_escorts(b).is_empty() {
            ev.push(MissionEvent::note(format!(
                "No escort is free to engage U-boat {} [7.1.3]",
                b.boats[boat].number
            )));
            self.let_go(b, boat, after, ev);
            return;
        }
        b.step = Step::Hunt(Box::new(Hunt {
            boat,
            after_attack: after,
            escorts: Vec::new(),
            moved: false,
            stage: HuntStage::Commit,
            prior: false,
            attacked: false,
            hedgehog: false,
            evasion: None,
            evasion_hits: None,
            hits: Hits::default(),
            rammer: None,
        }));
    }

    /// The boat is not engaged: before its attack it goes on to attack (unless it only shadows); after
    /// it, it comes back next cycle [6.1 2e].
    fn let_go(&mut self, b: &mut Battle, boat: usize, after: bool, ev: &mut Vec<MissionEvent>) {
        let u = &b.boats[boat];
        ev.push(MissionEvent::LetGo { boat: u.number });
        if !after && !u.shadowing {
            b.plan.attacks.push_back(boat);
        }
        self.advance(b, ev);
    }

    pub(crate) fn hunt_wait(&self, b: &Battle, h: &Hunt, list: Listing) -> Wait<MissionAction, Throw> {
        let u = &b.boats[h.boat];
        let boat = u.number;
        match h.stage {
            HuntStage::Commit => list.decide(|| self.commit_decision(b, h)),
            HuntStage::Round => list.decide(|| self.round_decision(b, h)),
            HuntStage::UboatEvasion if self.options.two_player => list.decide(|| Decision::new(
                format!(
                    "U-boat player: U-boat {boat} evades; choose its number (1-2 left, 3-4 right, 5-6 straight)"
                ),
                "12.8",
                (1..=6)
                    .map(|n| {
                        choice(
                            MissionAction::Evade { number: n },
                            format!("Evade on {n}"),
                            "12.8",
                        )
                    })
                    .collect(),
            )),
            HuntStage::UboatEvasion => Wait::Roll(Throw::Hunt(HuntRoll::UboatEvasion { boat })),
            // [12.8] Two players: the escort player chooses too, in secret, and both are revealed together.
            HuntStage::EscortEvasion if self.options.two_player => list.decide(|| Decision::new(
                format!(
                    "Escort player: the escorts' turn against U-boat {boat}; choose a number in secret (1-2 left, 3-4 right, 5-6 straight)"
                ),
                "12.8",
                (1..=6)
                    .map(|n| {
                        choice(
                            MissionAction::EscortTurn { number: n },
                            format!("Turn on {n}"),
                            "12.8",
                        )
                    })
                    .collect(),
            )),
            HuntStage::EscortEvasion => Wait::Roll(Throw::Hunt(HuntRoll::EscortEvasion { boat })),
            HuntStage::Attack => Wait::Roll(Throw::Hunt(HuntRoll::Attack {
                boat,
                hedgehog: h.hedgehog,
            })),
            HuntStage::Damage => Wait::Roll(Throw::Damage(
                h.hits.next(boat).unwrap_or(DamageRoll::Location { boat }),
            )),
            HuntStage::Surfaced => list.decide(|| {
                let mut choices = vec![choice(
                    MissionAction::Gunfire,
                    format!("Sink U-boat {boat} by gunfire"),
                    "7.4.2",
                )];
                for &e in &h.escorts {
                    let esc = &self.group.escorts[e];
                    if esc.fights() {
                        choices.push(choice(
                            MissionAction::Ram {
                                ship: esc.ship.clone(),
                            },
                            format!(
                                "Ram with {} and board (11-12: the crypto; a month in dock)",
                                esc.name
                            ),
                            "7.4.2",
                        ));
                    }
                }
                Decision::new(
                    format!("U-boat {boat} has blown ballast and surfaced: gunfire, or ram and board?"),
                    "7.4.2",
                    choices,
                )
            }),
            HuntStage::Ramming => Wait::Roll(Throw::Hunt(HuntRoll::Ramming { boat })),
            HuntStage::Redetection => Wait::Roll(Throw::Hunt(HuntRoll::Redetection { boat })),
            HuntStage::Credit => list.decide(|| Decision::new(
                format!("U-boat {boat} is sunk: which escort is credited with the kill?"),
                "7.5.1",
                h.escorts
                    .iter()
                    .map(|&e| {
                        let esc = &self.group.escorts[e];
                        choice(
                            MissionAction::Credit {
                                ship: esc.ship.clone(),
                            },
                            format!(
                                "Credit {} ({})",
                                esc.name,
                                crate::atlantic::words::count(esc.kills_before + esc.kills, "kill", "kills")
                            ),
                            "7.5.1",
                        )
                    })
                    .collect(),
            )),
        }
    }

    fn commit_decision(&self, b: &Battle, h: &Hunt) -> Decision<MissionAction> {
        let u = &b.boats[h.boat];
        let station = u.station.clone().unwrap_or(Station::Approach(String::new()));
        // The hunt's main choice first, within the number keys: begin it, or let the boat go.
        let mut choices = Vec::new();
        if h.escorts.is_empty() {
            choices.push(choice(
                MissionAction::LetGo,
                format!("Let U-boat {} go: no escort engages it", u.number),
                "6.1 2e",
            ));
        } else {
            let names: Vec<String> = h.escorts.iter().map(|&e| self.group.name_of(e)).collect();
            choices.push(choice(
                MissionAction::Engage,
                format!("Hunt with {}", names.join(" and ")),
                "7.1.3",
            ));
        }
        for e in self.free_escorts(b) {
            if h.escorts.contains(&e) {
                continue;
            }
            let esc = &self.group.escorts[e];
            let label = if self.beside(b, e, &station) {
                format!("{} hunts from its box, beside the boat", esc.name)
            } else {
                format!(
                    "{} moves to hunt it (from {}; -1 on B3 once)",
                    esc.name,
                    b.spots[e]
                        .as_deref()
                        .map_or("nowhere".into(), crate::atlantic::words::station)
                )
            };
            choices.push(choice(
                MissionAction::Hunt {
                    ship: esc.ship.clone(),
                },
                label,
                "7.1.3",
            ));
        }
        let when = if h.after_attack {
            "after its attack"
        } else {
            "before its attack"
        };
        Decision::new(
            format!(
                "U-boat {} at {} ({when}): commit escorts to hunt it (one roll on B3 and B4 whatever their number)",
                u.number,
                crate::atlantic::words::station(station.id())
            ),
            "7.1.3",
            choices,
        )
    }

    /// The weapons the hunt may use this round, with limited ammunition by ship [12.7].
    pub(crate) fn weapons(&self, h: &Hunt) -> Vec<MissionAction> {
        let limited = self.options.optional.limited_depth_charges;
        let mut v = Vec::new();
        let escorts: Vec<&crate::atlantic::group::Escort> =
            h.escorts.iter().map(|&e| &self.group.escorts[e]).collect();
        if limited {
            for e in &escorts {
                if e.has_depth_charges() {
                    v.push(MissionAction::DepthCharges {
                        ship: Some(e.ship.clone()),
                    });
                }
            }
            for e in &escorts {
                if e.can_hedgehog() {
                    v.push(MissionAction::Hedgehog {
                        ship: Some(e.ship.clone()),
                    });
                }
            }
        } else {
            v.push(MissionAction::DepthCharges { ship: None });
            if escorts.iter().any(|e| e.hedgehog) {
                v.push(MissionAction::Hedgehog { ship: None });
            }
        }
        v
    }

    fn round_decision(&self, b: &Battle, h: &Hunt) -> Decision<MissionAction> {
        let u = &b.boats[h.boat];
        let mut choices: Vec<_> = self
            .weapons(h)
            .into_iter()
            .map(|a| {
                let label = match &a {
                    MissionAction::DepthCharges { ship: None } => "Depth-charge attack (B4)".to_string(),
                    MissionAction::Hedgehog { ship: None } => "Hedgehog attack (B4)".to_string(),
                    MissionAction::DepthCharges { ship: Some(s) } => {
                        let e = self.group.index_of(s).map(|i| &self.group.escorts[i]);
                        format!(
                            "Depth charges from {} ({} left)",
                            e.map_or("?", |e| e.name.as_str()),
                            crate::atlantic::words::count(
                                e.and_then(|e| e.depth_charges).unwrap_or(0),
                                "point",
                                "points"
                            )
                        )
                    }
                    MissionAction::Hedgehog { ship: Some(s) } => {
                        let e = self.group.index_of(s).map(|i| &self.group.escorts[i]);
                        format!(
                            "Hedgehog from {} ({} left)",
                            e.map_or("?", |e| e.name.as_str()),
                            crate::atlantic::words::count(
                                e.and_then(|e| e.hedgehog_reloads).unwrap_or(0),
                                "reload",
                                "reloads"
                            )
                        )
                    }
                    _ => String::new(),
                };
                let rule = if matches!(a, MissionAction::Hedgehog { .. }) {
                    "7.1.3"
                } else if self.options.optional.limited_depth_charges {
                    "12.7"
                } else {
                    "7.1.3"
                };
                choice(a, label, rule)
            })
            .collect();
        choices.push(choice(
            MissionAction::BreakOff,
            format!("Break off the hunt: U-boat {} slips away", u.number),
            "7.1.3 ERRATA",
        ));
        Decision::new(
            format!(
                "The escorts hold U-boat {} (hull {}/{}, flooding {}/{}): attack, or break off?",
                u.number, u.damage.hull, u.hull_boxes, u.damage.flooding, u.flooding_boxes
            ),
            "7.1.3",
            choices,
        )
    }

    /// The escorts hold the boat: the next attack, unless no weapon is left [12.7].
    fn enter_round(&mut self, b: &mut Battle, mut h: Hunt, ev: &mut Vec<MissionEvent>) {
        if self.weapons(&h).is_empty() {
            ev.push(MissionEvent::note(format!(
                "Every hunting escort is out of depth charges: U-boat {} is held down but slips away [12.7]",
                b.boats[h.boat].number
            )));
            return self.end_hunt(b, h, ev);
        }
        h.stage = HuntStage::Round;
        b.step = Step::Hunt(Box::new(h));
    }

    pub(crate) fn hunt_decide(
        &mut self,
        b: &mut Battle,
        mut h: Hunt,
        action: MissionAction,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        match (h.stage, action) {
            (HuntStage::Commit, MissionAction::Hunt { ship }) => {
                let e = self
                    .group
                    .index_of(&ship)
                    .ok_or_else(|| MissionError::Refused(Refused::Data(format!("no escort '{ship}'"))))?;
                h.escorts.push(e);
                b.step = Step::Hunt(Box::new(h));
            }
            (HuntStage::Commit, MissionAction::LetGo) => self.let_go(b, h.boat, h.after_attack, ev),
            (HuntStage::Commit, MissionAction::Engage) => self.engage(b, h, ev),
            (HuntStage::Round, MissionAction::BreakOff) => {
                ev.push(MissionEvent::note(format!(
                    "The escorts break off the hunt of U-boat {} [7.1.3 ERRATA]",
                    b.boats[h.boat].number
                )));
                self.end_hunt(b, h, ev);
            }
            (HuntStage::Round, MissionAction::DepthCharges { ship }) => {
                self.spend(&ship, false);
                h.hedgehog = false;
                self.before_attack(b, h);
            }
            (HuntStage::Round, MissionAction::Hedgehog { ship }) => {
                self.spend(&ship, true);
                h.hedgehog = true;
                self.before_attack(b, h);
            }
            (HuntStage::UboatEvasion, MissionAction::Evade { number }) => {
                h.evasion = Some(number);
                h.stage = HuntStage::EscortEvasion;
                b.step = Step::Hunt(Box::new(h));
            }
            (HuntStage::EscortEvasion, MissionAction::EscortTurn { number }) => {
                // [12.8] Both numbers revealed together.
                let boat = b.boats[h.boat].number;
                let uboat = h.evasion.unwrap_or(1);
                let (hits, why) = self.evasion_hits(number, uboat)?;
                ev.push(MissionEvent::Note {
                    text: format!(
                        "Evasive manoeuvres revealed: U-boat {boat} evades on {uboat} ({}), the escorts turn on {number} ({}): {why}, {hits:+} {} [12.8]",
                        self.direction(uboat)?,
                        self.direction(number)?,
                        if hits == 1 || hits == -1 { "hit" } else { "hits" }
                    ),
                });
                h.evasion_hits = Some(hits);
                h.stage = HuntStage::Attack;
                b.step = Step::Hunt(Box::new(h));
            }
            (HuntStage::Surfaced, MissionAction::Gunfire) => {
                let by = format!("{}'s gunfire", self.hunters(&h));
                self.hunt_sinks(b, h, &by, ev);
            }
            (HuntStage::Surfaced, MissionAction::Ram { ship }) => {
                h.rammer = self.group.index_of(&ship);
                h.stage = HuntStage::Ramming;
                b.step = Step::Hunt(Box::new(h));
            }
            (HuntStage::Credit, MissionAction::Credit { ship }) => {
                if let Some(e) = self.group.index_of(&ship) {
                    self.credit_kill(b, h.boat, e, ev);
                }
                self.advance(b, ev);
            }
            (_, action) => {
                b.step = Step::Hunt(Box::new(h));
                return Err(MissionError::Refused(Refused::NotNow {
                    action: action.to_string(),
                    waiting_for: "another decision of the hunt".into(),
                }));
            }
        }
        Ok(())
    }

    /// [12.7] One point of depth charges (or a Hedgehog reload) from the ship the player chose.
    fn spend(&mut self, ship: &Option<String>, hedgehog: bool) {
        let Some(i) = ship.as_deref().and_then(|s| self.group.index_of(s)) else {
            return;
        };
        let e = &mut self.group.escorts[i];
        let left = if hedgehog {
            &mut e.hedgehog_reloads
        } else {
            &mut e.depth_charges
        };
        if let Some(n) = left {
            *n = n.saturating_sub(1);
        }
    }

    fn hunters(&self, h: &Hunt) -> String {
        let names: Vec<String> = h.escorts.iter().map(|&e| self.group.name_of(e)).collect();
        names.join(" and ")
    }

    /// The committed escorts engage: those not beside the boat move beside it [7.1.3].
    fn engage(&mut self, b: &mut Battle, mut h: Hunt, ev: &mut Vec<MissionEvent>) {
        let station = b.boats[h.boat]
            .station
            .clone()
            .unwrap_or(Station::Approach(String::new()));
        let target = self.adjacent_boxes(&station).into_iter().next();
        for &e in &h.escorts {
            b.engaged[e] = true;
            if !self.beside(b, e, &station) {
                b.moved[e] = true;
                h.moved = true;
                b.spots[e] = target.clone();
                ev.push(MissionEvent::EscortMoved {
                    ship: self.group.name_of(e),
                    to: target
                        .as_deref()
                        .map_or("the boat".into(), crate::atlantic::words::station),
                });
            }
        }
        ev.push(MissionEvent::Hunt {
            boat: b.boats[h.boat].number,
            escorts: h.escorts.iter().map(|&e| self.group.name_of(e)).collect(),
        });
        if h.after_attack {
            // [7.1.3] After its attack the hunt opens with a B3 roll.
            h.prior = b.boats[h.boat].detected;
            h.stage = HuntStage::Redetection;
            b.step = Step::Hunt(Box::new(h));
        } else {
            h.prior = true;
            self.enter_round(b, h, ev);
        }
    }

    /// Evasion before the attack, unless the hydrophones are out [12.8].
    fn before_attack(&mut self, b: &mut Battle, mut h: Hunt) {
        h.evasion = None;
        h.evasion_hits = None;
        let deaf = b.boats[h.boat].damage.has("hydrophones");
        h.stage = if self.options.optional.evasion && !deaf {
            HuntStage::UboatEvasion
        } else {
            HuntStage::Attack
        };
        b.step = Step::Hunt(Box::new(h));
    }

    /// [12.8] The hits the escorts' number adds or takes against the boat's: its very number +3, its way
    /// +1, the wrong way -1.
    fn evasion_hits(&self, escorts: u8, boat: u8) -> Result<(i32, &'static str), MissionError> {
        let e = &self.data.entries;
        Ok(if escorts == boat {
            (e.evasion_exact, "the boat's very number")
        } else if self.direction(escorts)? == self.direction(boat)? {
            (e.evasion_same, "the boat's way")
        } else {
            (e.evasion_wrong, "the wrong way")
        })
    }

    /// The direction of an evasion number, by the evasion chart [12.8].
    fn direction(&self, n: u8) -> Result<String, MissionError> {
        let c = self.procedure("evasion_direction")?;
        c.word(i32::from(n))
            .map(str::to_string)
            .ok_or_else(|| unanswered("evasion_direction", format_args!("row for {n}")))
    }

    pub(crate) fn hunt_roll(
        &mut self,
        b: &mut Battle,
        mut h: Hunt,
        throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let number = b.boats[h.boat].number;
        match (h.stage, throw) {
            (HuntStage::UboatEvasion, _) => {
                let (rec, res) = proc_roll(self.procedure("evasion_direction")?, "12.8", faces, vec![])?;
                let n = u8::try_from(rec.natural).unwrap_or(1);
                self.record(
                    rec.with_outcome(format!("U-boat {number} evades {}", res.word().unwrap_or(""))),
                    ev,
                );
                h.evasion = Some(n);
                h.stage = HuntStage::EscortEvasion;
            }
            (HuntStage::EscortEvasion, _) => {
                let (rec, res) = proc_roll(self.procedure("evasion_direction")?, "12.8", faces, vec![])?;
                let n = u8::try_from(rec.natural).unwrap_or(1);
                let (hits, why) = self.evasion_hits(n, h.evasion.unwrap_or(1))?;
                self.record(
                    rec.with_outcome(format!(
                        "the escorts turn {} ({why}): {hits:+} {}",
                        res.word().unwrap_or(""),
                        if hits == 1 || hits == -1 { "hit" } else { "hits" }
                    )),
                    ev,
                );
                h.evasion_hits = Some(hits);
                h.stage = HuntStage::Attack;
            }
            (HuntStage::Attack, _) => return self.resolve_b4(b, h, faces, ev),
            (HuntStage::Damage, Throw::Damage(r)) => {
                let mut u = b.boats[h.boat].clone();
                match r {
                    DamageRoll::Flooding { .. } => self.resolve_flooding(&mut u, &mut h.hits, faces, ev)?,
                    _ => self.resolve_hit(&mut u, &mut h.hits, faces, ev)?,
                }
                b.boats[h.boat] = u;
                if h.hits.next(number).is_none() {
                    return self.after_damage(b, h, ev);
                }
            }
            (HuntStage::Ramming, _) => {
                let (rec, res) = proc_roll(self.procedure("ramming")?, "7.4.2", faces, vec![])?;
                let crypto = res.word() == Some("crypto_captured");
                self.record(
                    rec.with_outcome(if crypto {
                        "sunk, and the boarding party seizes the crypto"
                    } else {
                        "rammed and sunk"
                    }),
                    ev,
                );
                let rammer = h.rammer.unwrap_or(0);
                let name = self.group.name_of(rammer);
                if let Some(e) = self.group.escorts.get_mut(rammer) {
                    e.rammed = true;
                }
                if crypto {
                    self.crypto += 1;
                    ev.push(MissionEvent::CryptoCaptured { ship: name.clone() });
                }
                let by = format!("{name}'s ram");
                self.hunt_sinks(b, h, &by, ev);
                return Ok(());
            }
            (HuntStage::Redetection, _) => return self.resolve_b3(b, h, faces, ev),
            _ => {
                b.step = Step::Hunt(Box::new(h));
                return Err(MissionError::Refused(Refused::Data(
                    "a roll came that the hunt does not read".into(),
                )));
            }
        }
        b.step = Step::Hunt(Box::new(h));
        Ok(())
    }

    /// B4's modifiers for the hunt's attack [7.1.3] [B8] [ERRATA B4] [12.6] [7.5.2].
    pub(crate) fn b4_mods(&self, b: &Battle, h: &Hunt) -> Result<Vec<Modifier>, MissionError> {
        let list = &self.data.data.charts.b4.modifiers;
        let escorts: Vec<&crate::atlantic::group::Escort> =
            h.escorts.iter().map(|&e| &self.group.escorts[e]).collect();
        let mut v = Vec::new();
        if h.hedgehog {
            // [7.5.2] An Elite crew fires the Hedgehog at -1.
            if escorts.iter().any(|e| e.hedgehog && e.crew == Quality::Elite) {
                v.push(drm(list, "B4", "hedgehog_elite_crew", "7.5.2")?);
            }
            return Ok(v);
        }
        if escorts.iter().any(|e| e.river_frigate) {
            v.push(drm(list, "B4", "river_frigate", "ERRATA B4")?);
        }
        v.extend(self.damage_mods(&b.boats[h.boat], "B4")?);
        // [12.6] Green crews attack at -1: the hunt rolls with its best crew.
        if !escorts.is_empty() && escorts.iter().all(|e| e.crew == Quality::Green) {
            v.push(drm(list, "B4", "green_crew", "12.6")?);
        }
        Ok(v)
    }

    /// B4: the hits, rolled once for the boat [7.1.3 Important], then each on B5.
    fn resolve_b4(
        &mut self,
        b: &mut Battle,
        mut h: Hunt,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let key = if h.hedgehog {
            B4Key::Hedgehog
        } else {
            B4Key::DepthCharges
        };
        let mods = self.b4_mods(b, &h)?;
        let b4 = &self.data.data.charts.b4;
        let span = b4
            .table
            .column(&key, self.month)
            .map(|c| c.chart.span())
            .ok_or_else(|| unanswered("B4", format_args!("{key} column")))?;
        let rec = RollRecord::new("B4", "7.1.3", Dice::D2D6, faces, mods, span);
        let base = b4
            .hits(key, rec.result)
            .ok_or_else(|| unanswered("B4", format_args!("{key} row for {}", rec.result)))?;
        let extra = h.evasion_hits.take().unwrap_or(0);
        let hits = u8::try_from((i32::from(base) + extra).max(0)).unwrap_or(0);
        let weapon = if h.hedgehog { "Hedgehog" } else { "depth charges" };
        let outcome = if extra == 0 {
            format!("{weapon}: {}", crate::atlantic::words::count(hits, "hit", "hits"))
        } else {
            format!(
                "{weapon}: {} {extra:+} for evasion [12.8] = {hits}",
                crate::atlantic::words::count(base, "hit", "hits")
            )
        };
        self.record(rec.with_outcome(outcome), ev);
        let u = &mut b.boats[h.boat];
        u.rounds += 1;
        h.attacked = true;
        ev.push(MissionEvent::Hits { boat: u.number, hits });
        if hits == 0 {
            h.stage = HuntStage::Redetection;
        } else {
            h.hits = Hits::new(hits);
            h.stage = HuntStage::Damage;
        }
        b.step = Step::Hunt(Box::new(h));
        Ok(())
    }

    /// After the hits: sunk with a full hull [7.3.4], up with full flooding [7.3.2], else B3.
    fn after_damage(
        &mut self,
        b: &mut Battle,
        mut h: Hunt,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let u = &b.boats[h.boat];
        if u.hull_full() {
            let by = format!(
                "{}'s {}",
                self.hunters(&h),
                if h.hedgehog { "Hedgehog" } else { "depth charges" }
            );
            self.hunt_sinks(b, h, &by, ev);
            return Ok(());
        }
        if u.flooding_full() {
            ev.push(MissionEvent::Surfaced { boat: u.number });
            h.stage = if h.escorts.iter().any(|&e| self.group.escorts[e].fights()) {
                HuntStage::Surfaced
            } else {
                HuntStage::Redetection
            };
            b.step = Step::Hunt(Box::new(h));
            return Ok(());
        }
        h.stage = HuntStage::Redetection;
        b.step = Step::Hunt(Box::new(h));
        Ok(())
    }

    /// B3's modifiers [7.1.3] [7.1.3 ERRATA] [7.1.5] [7.1.5 ERRATA] [B8] [12.3] [8.0].
    pub(crate) fn b3_mods(&self, b: &Battle, h: &Hunt) -> Result<Vec<Modifier>, MissionError> {
        let list = &self.data.data.charts.b3.modifiers;
        let u = &b.boats[h.boat];
        let mut v = Vec::new();
        if h.prior {
            v.push(drm(list, "B3", "prior_detection", "7.1.3")?);
        }
        if h.escorts.len() >= 2 {
            v.push(drm(list, "B3", "two_escorts", "8.0")?);
        }
        if h.moved {
            v.push(drm(list, "B3", "escorts_moved", "7.1.3 ERRATA")?);
        }
        if h.attacked {
            let year = format!("year_{}", self.month.year);
            if list.iter().any(|m| m.id == year) {
                v.push(drm(list, "B3", &year, "7.1.5 ERRATA")?);
            }
        }
        if u.g7a_by_day {
            v.push(drm(list, "B3", "g7a_by_day", "7.1.5")?);
        }
        v.extend(self.damage_mods(u, "B3")?);
        if self.options.optional.uboat_quality && u.quality == Some(Quality::Elite) {
            v.push(drm(list, "B3", "elite_uboat", "12.3")?);
        }
        if b.bad_weather() {
            v.push(drm(list, "B3", "bad_weather", "6.1 2c")?);
        }
        Ok(v)
    }

    /// B3: the escorts hold the boat, or it escapes; a natural 2 always escapes [7.1.5 ERRATA].
    fn resolve_b3(
        &mut self,
        b: &mut Battle,
        mut h: Hunt,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let mods = self.b3_mods(b, &h)?;
        let b3 = &self.data.data.charts.b3;
        let rec = RollRecord::new("B3", "7.1.3", Dice::D2D6, faces, mods, b3.chart.span());
        let number = b.boats[h.boat].number;
        let always = rec.natural == self.data.entries.always_escapes_on_natural;
        let held = !always
            && b3.chart.lookup(rec.result).map(|r| r.result)
                == Some(periscope_data::atlantic::charts::Detection::Detected);
        self.record(
            rec.with_outcome(if always {
                "a natural 2: the boat always escapes [7.1.5 ERRATA]".to_string()
            } else if held {
                format!("U-boat {number} detected")
            } else {
                format!("U-boat {number} escapes")
            }),
            ev,
        );
        if held {
            h.prior = true;
            if b.boats[h.boat].credit.is_none() {
                let credit = match h.escorts.as_slice() {
                    [e] => Credit::Escort(*e),
                    _ => Credit::Pick,
                };
                b.boats[h.boat].credit = Some(credit);
            }
            ev.push(MissionEvent::Detected {
                boat: number,
                by: format!("{} (B3)", self.hunters(&h)),
            });
            self.enter_round(b, h, ev);
        } else {
            ev.push(MissionEvent::Escaped { boat: number });
            self.end_hunt(b, h, ev);
        }
        Ok(())
    }

    /// The boat is sunk: the kill's credit, then the impulse goes on [7.5.1].
    fn hunt_sinks(&mut self, b: &mut Battle, mut h: Hunt, by: &str, ev: &mut Vec<MissionEvent>) {
        let u = &mut b.boats[h.boat];
        u.state = BoatState::Sunk { by: by.to_string() };
        ev.push(MissionEvent::UboatSunk {
            boat: u.number,
            by: by.to_string(),
        });
        match u.credit {
            Some(Credit::Escort(e)) => {
                self.credit_kill(b, h.boat, e, ev);
                self.advance(b, ev);
            }
            _ => match h.escorts.as_slice() {
                [e] => {
                    let e = *e;
                    self.credit_kill(b, h.boat, e, ev);
                    self.advance(b, ev);
                }
                [] => self.advance(b, ev),
                _ => {
                    h.stage = HuntStage::Credit;
                    b.step = Step::Hunt(Box::new(h));
                }
            },
        }
    }

    /// [7.5.1] The kill goes on the escort's record.
    pub(crate) fn credit_kill(&mut self, b: &Battle, boat: usize, e: usize, ev: &mut Vec<MissionEvent>) {
        let number = b.boats[boat].number;
        if let Some(esc) = self.group.escorts.get_mut(e) {
            esc.kills += 1;
            self.kills.push((b.number, number, esc.ship.clone()));
            ev.push(MissionEvent::KillCredited {
                boat: number,
                ship: esc.name.clone(),
            });
        }
    }

    /// The hunt is over without a kill: a boat with lasting damage is out of the encounter [7.3.9];
    /// an unharmed (or only flooded) one comes back next cycle [7.1.3].
    fn end_hunt(&mut self, b: &mut Battle, h: Hunt, ev: &mut Vec<MissionEvent>) {
        let u = &b.boats[h.boat];
        if let Some(why) = self.removing_damage(u) {
            let number = u.number;
            let why = format!("{why} damaged, repaired or not [7.3.9]");
            b.boats[h.boat].state = BoatState::Removed { why: why.clone() };
            ev.push(MissionEvent::Removed { boat: number, why });
        }
        self.advance(b, ev);
    }
}
