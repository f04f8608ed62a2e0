//! The careful captain of a career: the Gosei free time, requests when he may, the crew level first, the
//! markers kept; on patrol, the patrol's own careful captain.

use super::{Ask, Career, CareerAction, Phase};
use crate::game::{Game, Pending};
use crate::policy::Captain;

impl Captain for Career {
    fn careful_choice(&self, pending: &Pending<CareerAction>) -> Option<CareerAction> {
        match &self.phase {
            Phase::Patrol => {
                let p = self.patrol.as_ref()?;
                p.careful_choice(&p.pending())
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
                Ask::SpecialSkill | Ask::RequestArea => pending.choices().first().map(|c| c.action.clone()),
            },
            _ => None,
        }
    }
}
