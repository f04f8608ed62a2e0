//! The careful captain of a career: the Gosei free time, requests when he may, the crew level first, the
//! markers kept; on patrol, the patrol's own careful captain.

use super::{Ask, Career, CareerAction, Phase};
use crate::game::Pending;
use crate::policy::Captain;

impl Captain for Career {
    fn careful_choice(&self, pending: &Pending<CareerAction>) -> Option<CareerAction> {
        let offered: Vec<CareerAction> = pending.choices().iter().map(|c| c.action.clone()).collect();
        self.careful_among(&offered)
    }

    /// At sea the career lists its patrol's actions without their labels (see
    /// [`Career::offered_actions`]).
    fn offered_actions(&self) -> Option<Vec<CareerAction>> {
        Some(Career::offered_actions(self))
    }

    fn careful_among_offered(&self, offered: &[CareerAction]) -> Option<CareerAction> {
        self.careful_among(offered)
    }
}

impl Career {
    /// The careful choice among the decision's offered actions, in the order the decision lists them.
    fn careful_among(&self, offered: &[CareerAction]) -> Option<CareerAction> {
        match &self.phase {
            Phase::Patrol => {
                // The patrol's captain reads the patrol's actions from the career's list.
                let p = self.duty.patrol.as_ref()?;
                let actions = offered.iter().filter_map(|a| match a {
                    CareerAction::Patrol { action } => Some(action),
                    _ => None,
                });
                p.careful_among(actions)
                    .map(|action| CareerAction::Patrol { action })
            }
            Phase::Decide { ask } => match ask {
                Ask::Class => Some(CareerAction::ChooseClass { class: "kd6".into() }),
                Ask::FreeTime => Some(CareerAction::FreeTime {
                    option: "gosei".into(),
                }),
                Ask::Request => Some(CareerAction::Request { request: false }),
                Ask::Improve => Some(CareerAction::Improve {
                    choice: "crew_level".into(),
                }),
                Ask::Upgrade => Some(CareerAction::Upgrade { class: None }),
                Ask::SpecialSkill | Ask::RequestArea => offered.first().cloned(),
            },
            _ => None,
        }
    }
}
