//! The crew on the Control Sheet: the five specialists and the generic crew boxes, their wounds and who
//! commands [8.5.9].

use periscope_data::sensuikan::charts::Wound;
use serde::{Deserialize, Serialize};

/// A crew post and its wound [8.5.9].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Post {
    Captain,
    ExecutiveOfficer,
    NavigationOfficer,
    Doctor,
    Engineer,
    Crew,
}

impl Post {
    /// The five specialists of the Control Sheet, in its order [8.5.9].
    pub(crate) const OFFICERS: [Post; 5] = [
        Post::Captain,
        Post::ExecutiveOfficer,
        Post::NavigationOfficer,
        Post::Doctor,
        Post::Engineer,
    ];
}

/// Wounds on the crew: the five specialists and the generic crew boxes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crew {
    pub captain: Option<Wound>,
    pub executive_officer: Option<Wound>,
    pub navigation_officer: Option<Wound>,
    pub doctor: Option<Wound>,
    pub engineer: Option<Wound>,
    pub crew: Vec<Option<Wound>>,
}

/// SW or KIA: the man cannot do his job [8.5.9].
pub fn out(w: Option<Wound>) -> bool {
    matches!(w, Some(Wound::Sw | Wound::Kia))
}

impl Crew {
    pub fn wound(&self, p: Post) -> Option<Wound> {
        match p {
            Post::Captain => self.captain,
            Post::ExecutiveOfficer => self.executive_officer,
            Post::NavigationOfficer => self.navigation_officer,
            Post::Doctor => self.doctor,
            Post::Engineer => self.engineer,
            Post::Crew => None,
        }
    }
    pub(crate) fn slot(&mut self, p: Post) -> Option<&mut Option<Wound>> {
        match p {
            Post::Captain => Some(&mut self.captain),
            Post::ExecutiveOfficer => Some(&mut self.executive_officer),
            Post::NavigationOfficer => Some(&mut self.navigation_officer),
            Post::Doctor => Some(&mut self.doctor),
            Post::Engineer => Some(&mut self.engineer),
            Post::Crew => None,
        }
    }
    /// Who commands: 0 captain, 1 executive officer, 2 navigation officer, 3 engineer [8.5.9].
    pub fn command_level(&self) -> u8 {
        if !out(self.captain) {
            0
        } else if !out(self.executive_officer) {
            1
        } else if !out(self.navigation_officer) {
            2
        } else {
            3
        }
    }
}
