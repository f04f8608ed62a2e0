//! Markers and skills spent on patrol: the Maneki Neko charm (B11 7, the Lucky skill, the F1 meditation)
//! rolls again the latest roll of your own [B11] [11.7]; the captain's Shibumi passes a to-hit roll, a
//! test-depth check, a defective-torpedo check (B2) or an A4 quick dive without rolling, once per patrol
//! [11.7]. Radio intelligence (B11 8) is in the encounter
//! roll (`patrol.rs`).

use super::events::PatrolEvent;
use super::{
    AircraftRoll, Ask, AttackRoll, CombatAsk, EscortRoll, Patrol, PatrolAction, RollPurpose, choice,
};
use crate::game::Choice;
use crate::machine::Decision;

/// The markers and skills spent on patrol.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Luck {
    /// The game just before the latest roll of your own, while a Maneki Neko marker is held [B11].
    pub(crate) neko: Option<Box<Patrol>>,
    /// The captain's Shibumi [11.7].
    pub(crate) shibumi: Shibumi,
    /// The mechanical genius's repair of an INOP system is spent [8.7.1].
    pub(crate) genius_used: bool,
}

/// Where the captain's Shibumi stands: once per patrol, a to-hit roll, a test-depth check, a defective
/// torpedo check (B2) or an A4 quick dive passes without rolling [11.7].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Shibumi {
    /// Not spent.
    #[default]
    Unspent,
    /// Not spent, and already offered before this roll (B2 or A4), which waits behind the decision.
    Offered { roll: RollPurpose },
    /// Spent: the next roll it can pass passes without rolling.
    Passing,
    /// Spent and used.
    Spent,
}

impl Shibumi {
    /// Spent this patrol.
    pub(crate) fn spent(self) -> bool {
        matches!(self, Shibumi::Passing | Shibumi::Spent)
    }

    /// The roll behind the Shibumi decision.
    pub(crate) fn waiting(self) -> Option<RollPurpose> {
        match self {
            Shibumi::Offered { roll } => Some(roll),
            _ => None,
        }
    }

    /// Offers Shibumi before `roll` unless it is spent or was offered before this roll already; returns
    /// whether it is offered now.
    fn offer(&mut self, roll: RollPurpose) -> bool {
        if *self != Shibumi::Unspent {
            return false;
        }
        *self = Shibumi::Offered { roll };
        true
    }

    /// The roll it was offered before is made: the next one is asked again.
    fn rolled(&mut self) {
        if matches!(self, Shibumi::Offered { .. }) {
            *self = Shibumi::Unspent;
        }
    }

    /// Whether the roll passes by Shibumi; the pass is used up.
    fn take(&mut self) -> bool {
        if *self == Shibumi::Passing {
            *self = Shibumi::Spent;
            return true;
        }
        false
    }
}

impl Patrol {
    /// The roll waiting behind a Shibumi decision, if one is asked [11.7].
    pub(crate) fn shibumi_waiting(&self) -> Option<RollPurpose> {
        self.luck.shibumi.waiting()
    }

    /// While a Maneki Neko marker is held, keep the game as it was before each roll of your own.
    pub(crate) fn keep_neko_snapshot(&mut self, p: RollPurpose) {
        if !p.own() || !self.markers.iter().any(|m| m == "maneki_neko") {
            return;
        }
        self.luck.neko = None;
        let snap = self.clone();
        self.luck.neko = Some(Box::new(snap));
    }

    /// The spendable markers and skills offered beside a decision's own choices.
    pub(crate) fn luck_choices(&self, ask: Ask, v: &mut Vec<Choice<PatrolAction>>) {
        if let Some(snap) = &self.luck.neko
            && self.markers.iter().any(|m| m == "maneki_neko")
        {
            let what = match snap.phase {
                super::Phase::Roll { purpose } => self.roll_spec(purpose).reason,
                _ => "the latest roll".into(),
            };
            v.push(choice(
                PatrolAction::ManekiNeko,
                format!("Spend the Maneki Neko: roll again ({what})"),
                "B11",
            ));
        }
        if self.options.crew.shibumi && !self.luck.shibumi.spent() {
            let declared = self.combat.as_ref().is_some_and(|c| !c.attack.shots.is_empty());
            match ask {
                Ask::Combat(CombatAsk::Salvo) if declared => v.push(choice(
                    PatrolAction::Shibumi,
                    "Fire; Shibumi: the first torpedo hits without rolling",
                    "11.7",
                )),
                Ask::TestDepth => v.push(choice(
                    PatrolAction::Shibumi,
                    "Go beyond test depth; Shibumi: the check passes without rolling",
                    "11.7",
                )),
                _ => {}
            }
        }
    }

    /// [B11] The Maneki Neko: back to just before the latest roll of your own, which is made again with
    /// fresh dice; the marker is spent.
    pub(crate) fn spend_maneki_neko(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(snap) = self.luck.neko.take() else {
            return;
        };
        let mut back = *snap;
        back.dice = self.dice.clone();
        back.opening = std::mem::take(&mut self.opening);
        if let Some(i) = back.markers.iter().position(|m| m == "maneki_neko") {
            back.markers.remove(i);
        }
        *self = back;
        ev.push(PatrolEvent::Spent {
            what: "the Maneki Neko: the roll is made again [B11]".into(),
        });
    }

    /// [11.7] Shibumi at the decision before the roll.
    pub(crate) fn use_shibumi(&mut self, ask: Ask, ev: &mut Vec<PatrolEvent>) {
        let waiting = self.luck.shibumi.waiting();
        self.luck.shibumi = Shibumi::Passing;
        ev.push(PatrolEvent::Spent {
            what: "Shibumi: the roll passes without rolling [11.7]".into(),
        });
        match ask {
            Ask::TestDepth => self.test_depth_decision(true, ev),
            // The roll waiting behind the decision is now passed (`shibumi_faces`).
            Ask::Shibumi => {
                if let Some(p) = waiting {
                    self.phase = super::Phase::Roll { purpose: p };
                }
            }
            _ => self.combat_decide(CombatAsk::Salvo, PatrolAction::Fire, ev),
        }
    }

    /// The rolls Shibumi may pass at a decision of their own, just before them [11.7].
    fn shibumi_roll(p: RollPurpose) -> bool {
        matches!(
            p,
            RollPurpose::Attack(AttackRoll::Defective) | RollPurpose::Aircraft(AircraftRoll::Dive)
        )
    }

    /// [11.7] Before a defective-torpedo check (B2) or an A4 dive, a captain with Shibumi unspent is asked
    /// whether to spend it; returns whether the game now waits for that decision.
    pub(crate) fn offer_shibumi(&mut self, p: RollPurpose) -> bool {
        if !Self::shibumi_roll(p) || !self.options.crew.shibumi || !self.luck.shibumi.offer(p) {
            return false;
        }
        self.phase = super::Phase::Decide { ask: Ask::Shibumi };
        true
    }

    /// The roll behind a Shibumi decision is made: the next one is asked again.
    pub(crate) fn shibumi_rolled(&mut self, p: RollPurpose) {
        if Self::shibumi_roll(p) {
            self.luck.shibumi.rolled();
        }
    }

    /// Back to the roll behind the Shibumi decision (rolled, or passed if Shibumi was spent).
    pub(crate) fn shibumi_declined(&mut self) {
        if let Some(p) = self.luck.shibumi.waiting() {
            self.phase = super::Phase::Roll { purpose: p };
        }
    }

    pub(crate) fn shibumi_choices(&self) -> Decision<PatrolAction> {
        let what = match self.luck.shibumi.waiting() {
            Some(RollPurpose::Aircraft(AircraftRoll::Dive)) => "the quick dive (A4) succeeds",
            _ => "the torpedo is not defective (B2)",
        };
        Decision::new(
            format!("Spend the captain's Shibumi: {what} without rolling?"),
            "11.7",
            vec![
                choice(PatrolAction::Continue, "Roll the dice", "11.7"),
                choice(PatrolAction::Shibumi, format!("Shibumi: {what}"), "11.7"),
            ],
        )
    }

    /// The faces recorded for a roll Shibumi passes (none are rolled) [11.7].
    pub(crate) fn shibumi_faces(&self, p: RollPurpose) -> Option<Vec<u8>> {
        let passes = matches!(
            p,
            RollPurpose::Attack(AttackRoll::ToHit) | RollPurpose::Escort(EscortRoll::TestDepth)
        ) || Self::shibumi_roll(p);
        (self.luck.shibumi == Shibumi::Passing && passes)
            .then(|| vec![6; self.roll_spec(p).dice.face_count()])
    }

    /// Whether this roll passes by Shibumi; the pass is used up.
    /// Whether a Shibumi would pass the next roll now ([`Patrol::take_shibumi`] without spending it).
    pub(crate) fn shibumi_passes(&self) -> bool {
        self.luck.shibumi == Shibumi::Passing
    }

    pub(crate) fn take_shibumi(&mut self) -> bool {
        self.luck.shibumi.take()
    }
}
