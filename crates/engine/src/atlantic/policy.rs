//! Built-in captains: they choose among the legal choices only. The careful escort commander arrays to
//! cover the likeliest circles (the radar on a flank), hunts every detected boat with two escorts (the
//! ones beside it first), fires the Hedgehog when fitted, never breaks off, sinks a surfaced boat by
//! gunfire, guards the stragglers when five or more escorts fight, and launches the CAM Hurricane at the
//! first Condor. In a two-player game its U-boats come in where no escort stands, attack by day, and aim
//! every bow torpedo at the largest ship.

use super::battle::attack::UboatAttack;
use super::battle::hunt::{Hunt, HuntStage};
use super::battle::{Battle, Step};
use super::{Mission, MissionAction, Phase, Station};
use crate::game::Pending;
use crate::machine::Choice;

pub use crate::policy::{Captain, Policy};

/// Escort boxes in the order a careful commander fills them: the front first (its circles are rolled
/// most often), then the sides, the rear last; a Type 271 goes to a flank, where it covers a whole side.
const ASDIC_ORDER: [&str; 10] = ["K", "A", "B", "J", "C", "H", "D", "F", "E", "G"];
const RADAR_ORDER: [&str; 10] = ["J", "C", "H", "D", "A", "K", "B", "F", "E", "G"];

impl Captain for Mission {
    fn careful_choice(&self, pending: &Pending<MissionAction>) -> Option<MissionAction> {
        let choices = pending.choices();
        if has(choices, &MissionAction::TouchWood) && self.touch_wood_worth_it() {
            return Some(MissionAction::TouchWood);
        }
        match &self.phase {
            Phase::Voyage(_) => first(choices, |a| *a == MissionAction::LaunchCam),
            Phase::Battle(b) => match &b.step {
                Step::Array(_) => self.careful_array(b, choices),
                Step::Hunt(h) => match h.stage {
                    HuntStage::Commit => self.careful_commit(h, choices),
                    HuntStage::Round => self.careful_round(choices),
                    HuntStage::Surfaced => Some(MissionAction::Gunfire),
                    HuntStage::UboatEvasion => Some(MissionAction::Evade { number: 5 }),
                    // [12.8] Every number has the same odds against a boat that chose at random.
                    HuntStage::EscortEvasion => Some(MissionAction::EscortTurn { number: 5 }),
                    _ => None,
                },
                Step::Guard => self.careful_guard(choices),
                Step::Place(_) => self.careful_approach(b, choices),
                Step::Attack(a) => careful_attack(b, a, choices),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The careful choice worked out from the mission alone, for the decisions that `sim` meets most: the
/// escort array, the hunt's rounds and its commitment, the guards, the CAM ship. Each gives what
/// [`crate::policy::Policy::choose_from_pending`] would pick from the listed choices (the careful
/// choice if offered, else the first); `None` leaves the decision to be listed. The fast-path tests
/// check it at every decision of many careers.
impl Mission {
    pub(crate) fn careful_unlisted(&self) -> Option<MissionAction> {
        // [9.2] A Touch Wood marker is the captain's first thought, when one is offered.
        let luck = self.touch_wood > 0 && self.luck.is_some();
        if luck && self.touch_wood_worth_it() {
            return Some(MissionAction::TouchWood);
        }
        match &self.phase {
            Phase::Voyage(super::voyage::VoyageStep::Cam) => Some(MissionAction::LaunchCam),
            Phase::Battle(b) => match &b.step {
                Step::Array(super::battle::array::Arraying::Offer) => Some(MissionAction::KeepArray),
                Step::Array(super::battle::array::Arraying::Placing) => self.careful_placing(b),
                Step::Hunt(h) => match h.stage {
                    HuntStage::Commit => self.careful_commit_unlisted(b, h),
                    HuntStage::Round => self.careful_round_unlisted(h),
                    HuntStage::Surfaced => Some(MissionAction::Gunfire),
                    _ => None,
                },
                Step::Guard => Some(self.careful_guard_unlisted()),
                _ => None,
            },
            _ => None,
        }
    }

    /// [`Mission::careful_array`] for the first escort the array lists (the first unplaced one with an
    /// open station); `None` when it would take the decision's first choice instead.
    fn careful_placing(&self, b: &Battle) -> Option<MissionAction> {
        let fighting = self.group.fighting();
        let (e, open) = fighting.iter().find_map(|&e| {
            if b.spots.get(e).is_none_or(Option::is_some) {
                return None;
            }
            let open = self.open_stations(b, e);
            (!open.is_empty()).then_some((e, open))
        })?;
        let ship = &self.group.escorts[e].ship;
        let e = self.group.index_of(ship)?;
        let placed = b.spots.iter().filter(|s| s.is_some()).count();
        let last = placed + 1 == fighting.len();
        let guard = last && fighting.len() >= 5 && self.stragglers_present();
        let place = |st: &str| MissionAction::Place {
            ship: ship.clone(),
            station: st.to_string(),
        };
        if guard && open.iter().any(|s| s == "S") {
            return Some(place("S"));
        }
        let order = if self.group.escorts[e].type_271 {
            RADAR_ORDER
        } else {
            ASDIC_ORDER
        };
        order
            .iter()
            .find(|s| open.iter().any(|o| o == *s))
            .map(|s| place(s))
    }

    /// [`Mission::careful_commit`] without the labels: an escort beside the boat is one whose label says
    /// "beside". `None` (list) when another escort's label could say it too.
    fn careful_commit_unlisted(&self, b: &Battle, h: &Hunt) -> Option<MissionAction> {
        if h.escorts.len() >= 2 {
            return Some(MissionAction::Engage);
        }
        let station = b.boats[h.boat]
            .station
            .clone()
            .unwrap_or(Station::Approach(String::new()));
        let hunters: Vec<usize> = self
            .free_escorts(b)
            .into_iter()
            .filter(|e| !h.escorts.contains(e))
            .collect();
        let hunt = |e: usize| MissionAction::Hunt {
            ship: self.group.escorts[e].ship.clone(),
        };
        for &e in &hunters {
            if self.beside(b, e, &station) {
                return Some(hunt(e));
            }
            let spot = b.spots[e]
                .as_deref()
                .map_or("nowhere".into(), super::words::station);
            if self.group.escorts[e].name.contains("beside") || spot.contains("beside") {
                return None;
            }
        }
        let hedgehog = |e: usize| {
            self.group
                .index_of(&self.group.escorts[e].ship)
                .is_some_and(|i| self.group.escorts[i].hedgehog)
        };
        if let Some(&e) = hunters.iter().find(|&&e| hedgehog(e)) {
            return Some(hunt(e));
        }
        if let Some(&e) = hunters.first() {
            return Some(hunt(e));
        }
        // Engage when an escort is committed; else the first choice, letting the boat go.
        Some(if h.escorts.is_empty() {
            MissionAction::LetGo
        } else {
            MissionAction::Engage
        })
    }

    /// [`Mission::careful_round`] on the weapons the round offers, in the decision's order.
    fn careful_round_unlisted(&self, h: &Hunt) -> Option<MissionAction> {
        let weapons = self.weapons(h);
        if let Some(a) = weapons
            .iter()
            .find(|a| matches!(a, MissionAction::Hedgehog { .. }))
        {
            return Some(a.clone());
        }
        weapons
            .iter()
            .filter_map(|a| match a {
                MissionAction::DepthCharges { ship } => Some((a, ship)),
                _ => None,
            })
            .max_by_key(|(_, s)| self.charges_left(s.as_deref()))
            .map(|(a, _)| a.clone())
    }

    /// [`Mission::careful_guard`]: the last fighting escort guards when five or more fight and none
    /// guards yet (the last Guard choice), else no more guards.
    /// The depth charges a ship has left, to choose who drops them (a ship not in the group, or one whose
    /// charges are not counted, as if full).
    fn charges_left(&self, ship: Option<&str>) -> u8 {
        ship.and_then(|s| self.group.index_of(s))
            .and_then(|i| self.group.escorts[i].depth_charges)
            .unwrap_or(u8::MAX)
    }

    fn careful_guard_unlisted(&self) -> MissionAction {
        let fighting = self.group.fighting();
        match fighting.last() {
            Some(&e) if self.group.guards.is_empty() && fighting.len() >= 5 => MissionAction::Guard {
                ship: self.group.escorts[e].ship.clone(),
            },
            _ => MissionAction::GuardDone,
        }
    }
}

/// Whether `a` is among the choices.
fn has(choices: &[Choice<MissionAction>], a: &MissionAction) -> bool {
    choices.iter().any(|c| &c.action == a)
}

/// The first choice that `f` takes.
fn first(choices: &[Choice<MissionAction>], f: impl Fn(&MissionAction) -> bool) -> Option<MissionAction> {
    choices.iter().map(|c| &c.action).find(|a| f(a)).cloned()
}

/// The U-boat player's attack [10.1]: at medium range, every bow torpedo at the largest ship.
fn careful_attack(b: &Battle, a: &UboatAttack, choices: &[Choice<MissionAction>]) -> Option<MissionAction> {
    if has(
        choices,
        &MissionAction::Range {
            range: periscope_data::atlantic::charts::Range::Medium,
        },
    ) {
        return Some(MissionAction::Range {
            range: periscope_data::atlantic::charts::Range::Medium,
        });
    }
    let bow = usize::from(b.boats[a.boat].bow_tubes);
    if a.shots.len() < bow && has(choices, &MissionAction::Fire { target: 1 }) {
        Some(MissionAction::Fire { target: 1 })
    } else {
        Some(MissionAction::Salvo)
    }
}

impl Mission {
    /// [9.2] Touch Wood for a hunt of a badly damaged boat that slipped away.
    fn touch_wood_worth_it(&self) -> bool {
        if let Some(r) = self.last_roll()
            && r.chart == "B3"
            && r.outcome.contains("escapes")
            && let Some(b) = self.battle()
            && let Step::Hunt(h) = &b.step
            && b.boats[h.boat].damage.hull * 2 >= b.boats[h.boat].hull_boxes
        {
            return true;
        }
        false
    }

    /// The array: the likeliest circles first (a Type 271 on a flank), the last escort to the stragglers
    /// when five or more fight.
    fn careful_array(&self, b: &Battle, choices: &[Choice<MissionAction>]) -> Option<MissionAction> {
        if has(choices, &MissionAction::KeepArray) {
            return Some(MissionAction::KeepArray);
        }
        let ship = choices.iter().find_map(|c| match &c.action {
            MissionAction::Place { ship, .. } => Some(ship.clone()),
            _ => None,
        })?;
        let e = self.group.index_of(&ship)?;
        let fighting = self.group.fighting().len();
        let placed = b.spots.iter().filter(|s| s.is_some()).count();
        let last = placed + 1 == fighting;
        let guard = last && fighting >= 5 && self.stragglers_present();
        let place = |st: &str| MissionAction::Place {
            ship: ship.clone(),
            station: st.to_string(),
        };
        if guard && has(choices, &place("S")) {
            return Some(place("S"));
        }
        let order = if self.group.escorts[e].type_271 {
            RADAR_ORDER
        } else {
            ASDIC_ORDER
        };
        order.iter().map(|s| place(s)).find(|a| has(choices, a))
    }

    /// The hunters: two escorts, those beside the boat first, then a Hedgehog ship.
    fn careful_commit(&self, h: &Hunt, choices: &[Choice<MissionAction>]) -> Option<MissionAction> {
        if h.escorts.len() >= 2 {
            return Some(MissionAction::Engage);
        }
        let hunts: Vec<&MissionAction> = choices
            .iter()
            .map(|c| &c.action)
            .filter(|a| matches!(a, MissionAction::Hunt { .. }))
            .collect();
        // Those beside the boat first (their labels say so), then a Hedgehog ship.
        let beside = choices
            .iter()
            .find(|c| matches!(c.action, MissionAction::Hunt { .. }) && c.label.contains("beside"))
            .map(|c| c.action.clone());
        let hedgehog = hunts.iter().find(|a| match a {
            MissionAction::Hunt { ship } => self
                .group
                .index_of(ship)
                .is_some_and(|i| self.group.escorts[i].hedgehog),
            _ => false,
        });
        beside
            .or_else(|| hedgehog.map(|a| (*a).clone()))
            .or_else(|| hunts.first().map(|a| (*a).clone()))
            .or_else(|| first(choices, |a| *a == MissionAction::Engage))
    }

    /// A round of the hunt: the Hedgehog when fitted, else depth charges.
    fn careful_round(&self, choices: &[Choice<MissionAction>]) -> Option<MissionAction> {
        first(choices, |a| matches!(a, MissionAction::Hedgehog { .. })).or_else(|| {
            // The ship with the most depth charges left spends the point [12.7].
            choices
                .iter()
                .filter_map(|c| match &c.action {
                    MissionAction::DepthCharges { ship } => Some((c.action.clone(), ship.clone())),
                    _ => None,
                })
                .max_by_key(|(_, s)| self.charges_left(s.as_deref()))
                .map(|(a, _)| a)
        })
    }

    /// After the battle: the last Flower guards the stragglers when five or more escorts fight.
    fn careful_guard(&self, choices: &[Choice<MissionAction>]) -> Option<MissionAction> {
        let guards = self.group.guards.len();
        if guards == 0 && self.group.fighting().len() >= 5 {
            // The last Flower guards the stragglers.
            choices
                .iter()
                .rev()
                .map(|c| &c.action)
                .find(|a| matches!(a, MissionAction::Guard { .. }))
                .cloned()
        } else {
            Some(MissionAction::GuardDone)
        }
    }

    /// [10.1] The U-boat player comes in where no escort stands beside the circle.
    fn careful_approach(&self, b: &Battle, choices: &[Choice<MissionAction>]) -> Option<MissionAction> {
        if has(choices, &MissionAction::Attack) {
            return Some(MissionAction::Attack);
        }
        choices
            .iter()
            .map(|c| &c.action)
            .find(|a| match a {
                MissionAction::Approach { circle } => self
                    .adjacent_boxes(&super::Station::Approach(circle.clone()))
                    .iter()
                    .all(|x| b.in_box(x).is_empty()),
                _ => false,
            })
            .cloned()
    }
}
