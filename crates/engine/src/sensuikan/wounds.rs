//! Crew casualties [8.5.9]: who a B7 casualty falls on (the generic crew in order, the aircraft pilots
//! [7.17], the kaiten pilots before their attack [7.8], the passenger [7.6] [7.11]) and how a wound
//! combines with an earlier one.

use periscope_data::sensuikan::charts::{CrewMember, Wound};

use super::events::PatrolEvent;
use super::{Patrol, Post, out};

/// B7 casualty slots beyond the generic crew boxes: the aircraft pilots from here (one per pilot) [7.17]...
pub(crate) const AIR_PILOT: u8 = 240;
/// ...and the kaiten pilots from here, one per kaiten, until the attack begins [7.8].
pub(crate) const KAITEN_PILOT: u8 = 200;

impl Patrol {
    /// Who a casualty falls on: a pilot or passenger not aboard is a generic crew box; the generic crew in
    /// order: unwounded first, then LW, then SW [8.5.9].
    pub(crate) fn casualty_target(&self, who: CrewMember) -> (Post, u8) {
        let post = match who {
            CrewMember::Captain => Post::Captain,
            CrewMember::ExecutiveOfficer => Post::ExecutiveOfficer,
            CrewMember::NavigationOfficer => Post::NavigationOfficer,
            CrewMember::Doctor => Post::Doctor,
            CrewMember::Engineer => Post::Engineer,
            CrewMember::Crew | CrewMember::Pilot | CrewMember::Passenger => Post::Crew,
        };
        if post != Post::Crew {
            return (post, 0);
        }
        let rank = |w: Option<Wound>| match w {
            None => 0,
            Some(Wound::Lw) => 1,
            Some(Wound::Sw) => 2,
            Some(Wound::Kia) => 3,
        };
        let i = self
            .crew
            .crew
            .iter()
            .enumerate()
            .min_by_key(|(_, w)| rank(**w))
            .map_or(0, |(i, _)| i);
        (Post::Crew, u8::try_from(i).unwrap_or(0))
    }

    /// [8.5.9] [7.17] [7.8] Where B7's "pilot" falls: the first aircraft pilot still aboard and fit, else,
    /// before a kaiten attack has begun, the least wounded kaiten pilot; none: a generic crew box.
    pub(crate) fn pilot_slot(&self) -> Option<u8> {
        if let Some(i) = self.air.pilots.iter().position(|p| !p.lost && !out(p.wound)) {
            return u8::try_from(i).ok().map(|i| AIR_PILOT + i);
        }
        if !self.mission().is_kaiten() || self.mission.kaiten.is_some() || self.mission.success.is_some() {
            return None;
        }
        let fitted = usize::from(self.class.kaiten_capacity(self.month));
        let rank = |w: Option<Wound>| match w {
            None => 0,
            Some(Wound::Lw) => 1,
            Some(Wound::Sw) => 2,
            Some(Wound::Kia) => 3,
        };
        (0..fitted.min(usize::from(u8::MAX - KAITEN_PILOT)))
            .min_by_key(|i| rank(self.mission.kaiten_pilot_wounds.get(*i).copied().flatten()))
            .and_then(|i| u8::try_from(i).ok())
            .map(|i| KAITEN_PILOT + i)
    }

    pub(crate) fn get_wound(&self, post: Post, index: u8) -> Option<Wound> {
        if post == Post::Crew && index == super::mission::PASSENGER {
            return self.mission.passenger.flatten();
        }
        if post == Post::Crew && index >= AIR_PILOT {
            return self
                .air
                .pilots
                .get(usize::from(index - AIR_PILOT))
                .and_then(|p| p.wound);
        }
        if post == Post::Crew && index >= KAITEN_PILOT {
            return self
                .mission
                .kaiten_pilot_wounds
                .get(usize::from(index - KAITEN_PILOT))
                .copied()
                .flatten();
        }
        match post {
            Post::Crew => self.crew.crew.get(usize::from(index)).copied().flatten(),
            p => self.crew.wound(p),
        }
    }

    pub(crate) fn set_wound(&mut self, post: Post, index: u8, w: Option<Wound>) {
        if post == Post::Crew && index == super::mission::PASSENGER {
            if self.mission.passenger.is_some() {
                self.mission.passenger = Some(w);
            }
            return;
        }
        if post == Post::Crew && index >= AIR_PILOT {
            if let Some(p) = self.air.pilots.get_mut(usize::from(index - AIR_PILOT)) {
                p.wound = w;
                p.lost |= w == Some(Wound::Kia);
            }
            return;
        }
        if post == Post::Crew && index >= KAITEN_PILOT {
            let i = usize::from(index - KAITEN_PILOT);
            if self.mission.kaiten_pilot_wounds.len() <= i {
                self.mission.kaiten_pilot_wounds.resize(i + 1, None);
            }
            self.mission.kaiten_pilot_wounds[i] = w;
            return;
        }
        match post {
            Post::Crew => {
                if let Some(x) = self.crew.crew.get_mut(usize::from(index)) {
                    *x = w;
                }
            }
            p => {
                if let Some(x) = self.crew.slot(p) {
                    *x = w;
                }
            }
        }
    }

    /// [8.5.9] A wound, combined with an earlier one per B7; an LW on an SW man has no effect.
    pub(crate) fn wound(&mut self, post: Post, index: u8, w: Wound, ev: &mut Vec<PatrolEvent>) {
        let now = match self.get_wound(post, index) {
            None => Some(w),
            Some(Wound::Kia) => Some(Wound::Kia),
            Some(has) => self.data.charts.b7.combine(has, w).or(Some(has)),
        };
        self.set_wound(post, index, now);
        if let Some(n) = now {
            ev.push(PatrolEvent::Wounded { post, wound: n });
        }
    }

    /// A light wound on the next generic crew box (typhoon, sickness) [B11].
    pub(crate) fn wound_generic_lw(&mut self, ev: &mut Vec<PatrolEvent>) {
        let (p, i) = self.casualty_target(CrewMember::Crew);
        self.wound(p, i, Wound::Lw, ev);
    }
}
