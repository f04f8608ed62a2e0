//! The crew between patrols [8.5.9.1] [8.7]: recovery and replacement, skills every 3 successful
//! patrols, crew level up and down, the expert XO leaving.

use super::{Ask, Career, CareerAction, CareerEvent, CareerRoll, IMPROVEMENTS, Step, choice};
use crate::dice::Dice;
use crate::game::Choice;
use crate::machine::Decision;
use crate::roll::{Modifier, RollRecord};
use crate::sensuikan::{CrewQuality, CrewSetup, Labels, Post, words};

const POSTS: [Post; 5] = [
    Post::Captain,
    Post::ExecutiveOfficer,
    Post::NavigationOfficer,
    Post::Doctor,
    Post::Engineer,
];

pub fn quality_up(q: CrewQuality) -> CrewQuality {
    match q {
        CrewQuality::Green => CrewQuality::Trained,
        CrewQuality::Trained => CrewQuality::Veteran,
        _ => CrewQuality::Elite,
    }
}

pub fn quality_down(q: CrewQuality) -> CrewQuality {
    match q {
        CrewQuality::Elite => CrewQuality::Veteran,
        CrewQuality::Veteran => CrewQuality::Trained,
        _ => CrewQuality::Green,
    }
}

impl Career {
    /// [8.5.9.1] An officer replaced: his benefits are lost.
    pub(crate) fn lose_officer(&mut self, post: Post, ev: &mut Vec<CareerEvent>, rule: &str) {
        let c = &mut self.command.crew;
        match post {
            Post::ExecutiveOfficer => {
                c.expert_xo = false;
                c.lookout = false;
                c.expert_gunner = false;
                c.aa_expert = false;
            }
            Post::NavigationOfficer => c.expert_navigator = false,
            Post::Doctor => c.expert_doctor = false,
            Post::Engineer => {
                c.expert_engineer = false;
                c.mechanical_genius = false;
            }
            Post::Captain | Post::Crew => return,
        }
        Self::note(
            ev,
            rule,
            format!(
                "{} replaced: his skills are lost",
                crate::sensuikan::words::post(post)
            ),
        );
    }

    /// [8.5.9.1] [8.7.3] All the generic crew replaced: crew level -1, not below Trained.
    pub(crate) fn crew_down_to_trained(&mut self, ev: &mut Vec<CareerEvent>) {
        if matches!(
            self.command.crew.quality,
            CrewQuality::Veteran | CrewQuality::Elite
        ) {
            self.command.crew.quality = quality_down(self.command.crew.quality);
            Self::note(
                ev,
                "8.7.3",
                format!(
                    "all generic crew out: crew level down to {}",
                    words::quality(self.command.crew.quality)
                ),
            );
        }
    }

    /// [8.5.9.1] 1d6 months to heal (the expert doctor takes 1 off [8.5.9.3]). Longer than the refit: an
    /// officer is replaced; the captain loses the boat and takes a new one [9.1].
    pub(crate) fn resolve_recovery(&mut self, post: u8, faces: Vec<u8>, ev: &mut Vec<CareerEvent>) {
        let who = POSTS.get(usize::from(post)).copied().unwrap_or(Post::Captain);
        let mut mods = Vec::new();
        if self.command.crew.expert_doctor {
            mods.push(Modifier::new(-1, "expert doctor", "8.5.9.3"));
        }
        let rec = RollRecord::new("Recovery", "8.5.9.1", Dice::D1D6, faces, mods, (1, 6));
        let months = rec.result;
        let refit = self.duty.refit.refit_months;
        if self.quiet.records() {
            self.record(
                rec.with_outcome(format!(
                    "{}: {} to heal",
                    crate::sensuikan::words::post(who),
                    words::count(u32::try_from(months).unwrap_or(0), "month", "months")
                )),
                ev,
            );
        }
        if who == Post::Captain {
            self.duty.refit.captain_hospital = months;
            if months >= 5 || months > refit {
                // [9.1] [8.5.9.1] A new boat of the same type, a new crew at Trained without skills; back at
                // sea 1 month after discharge; F1 for the new XO and engineer.
                self.duty.refit.captain_hospital = months + 1;
                self.new_boat(ev, "9.1");
                let shibumi = self.command.shibumi;
                self.command.crew = CrewSetup::default();
                self.command.shibumi = shibumi;
                self.push_front(vec![
                    Step::Roll {
                        roll: CareerRoll::Kure { officer: 1 },
                    },
                    Step::Roll {
                        roll: CareerRoll::Kure { officer: 2 },
                    },
                ]);
            }
        } else if months > refit {
            self.lose_officer(who, ev, "8.5.9.1");
        }
    }

    /// [8.7.1] [8.7.3] [8.7.4] The crew-quality steps of the refit.
    pub(crate) fn quality_steps(&mut self, ev: &mut Vec<CareerEvent>) -> Vec<Step> {
        let mut steps = Vec::new();
        if self.command.unsuccessful_in_a_row >= 3 {
            self.command.unsuccessful_in_a_row = 0;
            self.command.crew.quality = quality_down(self.command.crew.quality);
            Self::note(
                ev,
                "8.7.3",
                format!(
                    "3 unsuccessful patrols in a row: crew level {}",
                    words::quality(self.command.crew.quality)
                ),
            );
        }
        // [11.7] Leadership changes promotion, not skills (see 8.9.2); every 3 credits a choice.
        while self.command.credits >= 3 {
            self.command.credits -= 3;
            steps.push(Step::Ask { ask: Ask::Improve });
        }
        if self.command.crew.expert_xo {
            steps.push(Step::Roll {
                roll: CareerRoll::ExpertXo,
            });
        }
        steps
    }

    /// [8.7.1] [8.7.2] The skills the crew does not hold yet, and the crew level; `labels` says whether
    /// their labels are written (see [`Labels`]).
    pub(crate) fn improve_choices(&self, labels: Labels) -> Decision<CareerAction> {
        let c = &self.command.crew;
        let held = |id: &str| match id {
            "crew_level" => c.quality == CrewQuality::Elite,
            "expert_engineer" => c.expert_engineer,
            "mechanical_genius" => c.mechanical_genius,
            "expert_doctor" => c.expert_doctor,
            "expert_xo" => c.expert_xo,
            "lookout" => c.lookout,
            "expert_gunner" => c.expert_gunner,
            "aa_expert" => c.aa_expert,
            "expert_navigator" => c.expert_navigator,
            "shibumi" => self.command.shibumi,
            _ => true,
        };
        let choices = IMPROVEMENTS
            .iter()
            .filter(|id| !held(id))
            .map(|id| {
                let rule = if *id == "crew_level" { "8.7.2" } else { "8.7.1" };
                let action = CareerAction::Improve {
                    choice: (*id).to_string(),
                };
                if labels == Labels::Skipped {
                    return Choice {
                        action,
                        label: String::new(),
                        rule: String::new(),
                    };
                }
                // [8.7.1] Each skill says what it does.
                let name = words::word("improvement", id);
                let label = match words::effect("improvement", id) {
                    Some(e) => format!("{name}: {e}"),
                    None => name,
                };
                choice(action, label, rule)
            })
            .collect();
        if labels == Labels::Skipped {
            return Decision::new(String::new(), "8.7.1", choices);
        }
        Decision::new(
            format!(
                "Three successful patrols (a special mission counts twice [7.13]): choose a skill or the crew \
                 level — the crew is {} now",
                words::quality(self.command.crew.quality)
            ),
            "8.7.1",
            choices,
        )
    }

    pub(crate) fn improve(&mut self, id: &str, ev: &mut Vec<CareerEvent>) {
        if id == "crew_level" {
            self.command.crew.quality = quality_up(self.command.crew.quality);
            Self::note(
                ev,
                "8.7.2",
                format!("crew level up to {}", words::quality(self.command.crew.quality)),
            );
        } else {
            self.grant_skill(id, ev, "8.7.1");
        }
    }

    /// [8.7.4] 2d6: 2-3 the expert XO leaves for his own command and a new XO comes aboard.
    pub(crate) fn resolve_expert_xo(&mut self, faces: Vec<u8>, ev: &mut Vec<CareerEvent>) {
        let rec = RollRecord::new("Expert XO", "8.7.4", Dice::D2D6, faces, vec![], (2, 12));
        let leaves = rec.result <= 3;
        if self.quiet.records() {
            self.record(
                rec.with_outcome(if leaves {
                    "he leaves for his own boat"
                } else {
                    "he stays"
                }),
                ev,
            );
        }
        if leaves {
            self.command.crew.expert_xo = false;
        }
    }
}
