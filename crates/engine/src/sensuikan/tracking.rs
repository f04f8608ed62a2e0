//! Rounds after the first and tracking [8.2.8] [8.4]: another round against unescorted ships, tracking
//! damaged ships, stragglers and convoys, and following the contact into the next box [8.4.5].

use periscope_data::chart::CoveredChart;
use periscope_data::sensuikan::procedures::ProcedureResult;
use serde::{Deserialize, Serialize};

use super::events::PatrolEvent;
use super::reading::proc_roll;
use super::{
    AircraftRoll, Ask, BoxKind, CombatAsk, ContactKind, FollowUp, Patrol, PatrolAction, PatrolError, Phase,
    RollPurpose, choice,
};
use super::{Labels, choice_as};
use crate::dice::Dice;
use crate::machine::{Decision, RollSpec};
use crate::roll::Modifier;

/// The combat rounds fought against the contact in this box and its tracking [8.2.8] [8.4].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rounds {
    /// Rounds fought in this box (the first and additional or tracking rounds).
    pub fought: u8,
    pub additional: u8,
    pub tracks: u8,
    /// The ships came from tracking damaged ships, not the original convoy [8.4.3].
    pub tracking_damaged: bool,
}

impl Rounds {
    /// The per-box limits start again in the box the contact was followed into [8.4.5] [8.2.8].
    pub(crate) fn new_box(&mut self) {
        self.additional = 0;
        self.tracks = 0;
    }
}

/// Which tracking roll [8.4.2]-[8.4.4].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrackRoll {
    Damaged,
    DamagedEscort,
    ConvoyDamaged,
    Capital,
    Convoy,
}

impl Patrol {
    /// [8.2.8] [8.4] The round is over: another round, tracking, following into the next box, or the end.
    pub(crate) fn after_round_choices(&self, labels: Labels) -> Decision<PatrolAction> {
        use PatrolAction as A;
        let Some(c) = &self.combat else {
            return Decision::new("No combat", "8.2", vec![]);
        };
        let mut v = Vec::new();
        let unsunk = c.picture.targets.iter().any(|t| !t.sunk);
        let damaged = c.picture.targets.iter().any(|t| !t.sunk && t.damage > 0);
        let per_box = self.data.procs.constants.additional_rounds_per_box;
        let tracks = self.data.procs.constants.tracking_per_box;
        let follow = self.can_follow();
        if !self.voyage.aborted && unsunk && !c.picture.escorted {
            if c.rounds.additional < per_box {
                v.push(choice_as(
                    labels,
                    A::AdditionalRound,
                    || "Additional combat round".into(),
                    "8.2.8",
                ));
            } else if follow {
                v.push(choice_as(
                    labels,
                    A::Follow {
                        then: FollowUp::Round,
                    },
                    || "Follow into the next box for a third additional round".into(),
                    "8.2.8",
                ));
            }
        }
        if !self.voyage.aborted && c.picture.escorted {
            let convoy = matches!(c.picture.kind, ContactKind::Convoy | ContactKind::ShipsEscorted)
                && !c.rounds.tracking_damaged;
            if c.rounds.tracks < tracks {
                if damaged {
                    v.push(choice_as(
                        labels,
                        A::TrackDamaged,
                        || "Track the damaged ship(s)".into(),
                        "8.4.2",
                    ));
                }
                if convoy {
                    v.push(choice_as(
                        labels,
                        A::TrackConvoy,
                        || "Track the convoy (1-4)".into(),
                        "8.4.4",
                    ));
                }
            } else if follow {
                if damaged {
                    v.push(choice_as(
                        labels,
                        A::Follow {
                            then: FollowUp::TrackDamaged,
                        },
                        || "Follow the damaged ship(s) into the next box".into(),
                        "8.4.5",
                    ));
                }
                if convoy {
                    v.push(choice_as(
                        labels,
                        A::Follow {
                            then: FollowUp::TrackConvoy,
                        },
                        || "Follow the convoy into the next box".into(),
                        "8.4.5",
                    ));
                }
            }
        }
        // [11.7 6] Aggressive: another round against unsunk unescorted targets is always started, when
        // the box allows one and the boat has something to fire.
        if self.options.crew.has_special("aggressive")
            && self.can_attack()
            && v.iter().any(|c| c.action == A::AdditionalRound)
        {
            return Decision::new(
                "The combat round is over: an Aggressive captain fights on against unsunk unescorted targets [11.7]",
                "11.7",
                v,
            );
        }
        v.push(choice_as(
            labels,
            A::Continue,
            || "End the encounter".into(),
            "8.4.1",
        ));
        if !self.voyage.aborted {
            v.push(choice_as(labels, A::Abort, || "Abort the patrol".into(), "8.6.1"));
        }
        Decision::new("The combat round is over", "8.2.8", v)
    }

    /// [8.4.2] The damaged ships scatter: the one to pursue.
    pub(crate) fn pursue_choices(&self) -> Decision<PatrolAction> {
        use PatrolAction as A;
        let Some(c) = &self.combat else {
            return Decision::new("No combat", "8.2", vec![]);
        };
        let mut v = Vec::new();
        for (i, t) in c.picture.targets.iter().enumerate() {
            if !t.sunk {
                let n = u8::try_from(i + 1).unwrap_or(u8::MAX);
                v.push(choice(
                    A::Pursue { target: n },
                    format!("Pursue {}", t.ship.name),
                    "8.4.2",
                ));
            }
        }
        Decision::new("The damaged ships scatter: choose one", "8.4.2", v)
    }

    pub(crate) fn after_round_decide(&mut self, action: PatrolAction, ev: &mut Vec<PatrolEvent>) {
        use PatrolAction as A;
        match action {
            A::AdditionalRound => {
                if let Some(c) = self.combat.as_mut() {
                    c.rounds.additional += 1;
                }
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Aircraft(AircraftRoll::Arrival),
                };
            }
            A::TrackDamaged => self.track_damaged(ev),
            A::TrackConvoy => {
                if let Some(c) = self.combat.as_mut() {
                    c.rounds.tracks += 1;
                }
                if self.tracker(TrackRoll::Convoy, ev) {
                    return;
                }
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Track {
                        which: TrackRoll::Convoy,
                    },
                };
            }
            A::Follow { then } => self.follow_into_next_box(then, ev),
            A::Continue => self.end_encounter(ev),
            A::Abort => {
                self.abort("by order of the captain", ev);
                self.end_encounter(ev);
            }
            _ => {}
        }
    }

    pub(crate) fn pursue_decide(&mut self, action: PatrolAction, ev: &mut Vec<PatrolEvent>) {
        use PatrolAction as A;
        if let A::Pursue { target } = action {
            if let Some(c) = self.combat.as_mut() {
                let keep = usize::from(target) - 1;
                let t = c.picture.targets.get(keep).cloned();
                c.picture.targets = t.into_iter().collect();
            }
            self.new_round(ev);
        }
    }

    /// [8.4.2] Tracking damaged ships: automatic, then whether they stay escorted; a capital ship rolls.
    fn track_damaged(&mut self, ev: &mut Vec<PatrolEvent>) {
        let Some(c) = self.combat.as_mut() else { return };
        c.rounds.tracks += 1;
        c.rounds.tracking_damaged = true;
        // Only the damaged ships are followed; the rest of the convoy is lost [8.4.3].
        c.picture.targets.retain(|t| !t.sunk && t.damage > 0);
        let which = if c.picture.targets.iter().any(|t| t.capital) {
            TrackRoll::Capital
        } else if c.picture.targets.iter().all(|t| t.is_escort) {
            TrackRoll::DamagedEscort
        } else if c.picture.kind == ContactKind::Convoy {
            TrackRoll::ConvoyDamaged
        } else {
            TrackRoll::Damaged
        };
        if self.tracker(which, ev) {
            return;
        }
        self.phase = Phase::Roll {
            purpose: RollPurpose::Track { which },
        };
    }

    /// [11.7 2] Tracker: no roll to keep contact — tracking a convoy [8.4.4] or a damaged capital ship
    /// [8.4.2] succeeds without one (whether damaged ships stay escorted is still rolled: that is the
    /// escorts', not the contact's). Returns whether it acted.
    fn tracker(&mut self, which: TrackRoll, ev: &mut Vec<PatrolEvent>) -> bool {
        if !self.options.crew.has_special("tracker")
            || !matches!(which, TrackRoll::Convoy | TrackRoll::Capital)
        {
            return false;
        }
        ev.push(PatrolEvent::SpecialSkill {
            what: "Tracker: contact kept without a tracking roll".into(),
        });
        self.tracked(which, ev);
        true
    }

    /// A tracking roll's success: a convoy found again is a fresh A3 convoy [8.4.4]; a capital ship caught
    /// is attacked again [8.4.2].
    fn tracked(&mut self, which: TrackRoll, ev: &mut Vec<PatrolEvent>) {
        if which == TrackRoll::Convoy {
            let tracks = self.combat.as_ref().map_or(0, |c| c.rounds.tracks);
            let rounds = self.combat.as_ref().map_or(0, |c| c.rounds.fought);
            self.start_encounter(periscope_data::sensuikan::charts::Encounter::Convoy, ev);
            if let Some(c) = self.combat.as_mut() {
                c.rounds.tracks = tracks;
                c.rounds.fought = rounds;
            }
        } else {
            self.new_round(ev);
        }
    }

    /// The dice, chart, rule and reason of a tracking roll.
    pub(crate) fn track_roll_spec(&self, which: TrackRoll) -> RollSpec {
        RollSpec::new(
            Dice::from(self.track_chart(which).0.dice),
            "Tracking",
            "8.4",
            "Tracking",
        )
    }

    /// The procedure chart of a tracking roll, and the rule it applies.
    pub(crate) fn track_chart(&self, which: TrackRoll) -> (&CoveredChart<ProcedureResult>, &'static str) {
        let c = &self.data.procs.charts;
        match which {
            TrackRoll::Damaged => (&c.track_damaged, "8.4.2"),
            TrackRoll::DamagedEscort => (&c.track_damaged_escort, "8.4.2"),
            TrackRoll::ConvoyDamaged => (&c.track_convoy_damaged, "8.4.3"),
            TrackRoll::Capital => (&c.track_capital, "8.4.2"),
            TrackRoll::Convoy => (&c.track_convoy, "8.4.4"),
        }
    }

    /// [8.4.2] [8.4.4] The modifiers of a tracking roll: an operational radar, the capital ship's damage.
    pub(crate) fn track_mods(&self, which: TrackRoll) -> Vec<Modifier> {
        let mut mods = Vec::new();
        if matches!(which, TrackRoll::Capital | TrackRoll::Convoy) && self.radar_works() {
            mods.push(Modifier::new(
                self.data.procs.constants.tracking_radar,
                "operational radar",
                if which == TrackRoll::Capital {
                    "8.4.2"
                } else {
                    "8.4.4"
                },
            ));
        }
        if which == TrackRoll::Capital {
            let dmg: i32 = self.combat.as_ref().map_or(0, |c| {
                c.picture
                    .targets
                    .iter()
                    .filter(|t| t.capital)
                    .map(|t| i32::from(t.damage))
                    .sum()
            });
            mods.push(Modifier::new(
                dmg * self.data.procs.constants.track_capital_per_damage,
                "damage on the capital ship",
                "8.4.2",
            ));
        }
        mods
    }

    pub(crate) fn resolve_track(
        &mut self,
        which: TrackRoll,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let mods = self.track_mods(which);
        let (chart, rule) = self.track_chart(which);
        let (rec, res) = proc_roll(chart, rule, faces, mods);
        if self.quiet.records() {
            self.record(rec.with_outcome(super::words::name(&res)), ev);
        }
        match (which, res) {
            // [8.4.4] Attack as if a convoy had come up on A3: a fresh window of three ships.
            (TrackRoll::Convoy | TrackRoll::Capital, ProcedureResult::Success) => self.tracked(which, ev),
            (_, ProcedureResult::Escorted) => self.new_round(ev),
            (_, ProcedureResult::Straggler) => {
                let many = self.combat.as_ref().map_or(0, |c| c.picture.targets.len());
                if let Some(c) = self.combat.as_mut() {
                    c.picture.escorted = false;
                }
                if many > 1 {
                    self.phase = Phase::Decide {
                        ask: Ask::Combat(CombatAsk::Pursue),
                    };
                } else {
                    self.new_round(ev);
                }
            }
            _ => {
                ev.push(PatrolEvent::ContactLost);
                self.end_encounter(ev);
            }
        }
        Ok(())
    }

    /// [8.4.5] [8.2.8] Whether the submarine may follow the contact into the next box: it stays on station
    /// (never into a transit box, and not from the last on-station box, for fuel), is not aborting, and no
    /// typhoon takes the next box.
    fn can_follow(&self) -> bool {
        let here = self.current_box().is_some_and(|b| b.kind == BoxKind::OnStation);
        let next = self
            .voyage
            .route
            .get(self.voyage.position + 1)
            .is_some_and(|b| b.kind == BoxKind::OnStation);
        here && next && !self.voyage.aborted && !self.voyage.skip_next_box && !self.mission.rolling
    }

    /// [8.4.5] [8.2.8] Move one box with the contact. The new box starts as usual (the doctor's survival
    /// rolls [8.5.9]); then the track or the round is tried instead of its encounter roll.
    fn follow_into_next_box(&mut self, then: FollowUp, ev: &mut Vec<PatrolEvent>) {
        ev.push(PatrolEvent::FollowedIntoNextBox {
            what: match then {
                FollowUp::Round => "a third additional round [8.2.8]".into(),
                FollowUp::TrackDamaged => "tracking the damaged ship(s) [8.4.5]".into(),
                FollowUp::TrackConvoy => "tracking the convoy [8.4.5]".into(),
            },
        });
        self.voyage.carry = Some(then);
        self.voyage.position += 1;
        self.begin_box(ev);
    }

    /// [8.4.5] [8.2.8] In the box the contact was followed into: the track or the round replaces the
    /// encounter roll, and on failure nothing else happens in the box. The per-box limits start again, the
    /// carried attempt being the box's first.
    pub(crate) fn carried_into_box(&mut self, then: FollowUp, ev: &mut Vec<PatrolEvent>) {
        self.voyage.rolls_left = 0;
        if self.combat.is_none() {
            self.box_done(ev);
            return;
        }
        match then {
            FollowUp::Round => {
                if let Some(c) = self.combat.as_mut() {
                    c.rounds.new_box();
                }
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Aircraft(AircraftRoll::Arrival),
                };
            }
            FollowUp::TrackDamaged => {
                self.track_damaged(ev);
                if let Some(c) = self.combat.as_mut() {
                    c.rounds.new_box();
                }
            }
            FollowUp::TrackConvoy => {
                if let Some(c) = self.combat.as_mut() {
                    c.rounds.new_box();
                }
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Track {
                        which: TrackRoll::Convoy,
                    },
                };
            }
        }
    }
}
