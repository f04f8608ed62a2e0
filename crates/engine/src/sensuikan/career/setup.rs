//! Setup [4.x]: the class by date, the Patrol Log header, the base, the schools and the special skill.
//! The torpedo load [4.5] and the ammunition [4.6] are made by each patrol as it is built (the refit's
//! resupply [6.2.3B E] loads the same way), so the first patrol's opening events show the 1d6 load roll.

use periscope_data::sensuikan::charts::{NamePart, Officer};

use super::{
    Ask, Career, CareerAction, CareerError, CareerEvent, CareerRoll, SpecialSkill, SpecialSkillRule, Step,
    chart_row, choice, choice_as,
};
use crate::Month;
use crate::dice::Dice;
use crate::machine::Decision;
use crate::refusal::Refused;
use crate::roll::RollRecord;
use crate::sensuikan::{CrewQuality, Labels};

const OFFICERS: [Officer; 3] = [Officer::Commander, Officer::ExecutiveOfficer, Officer::Engineer];

impl Career {
    pub(crate) fn begin_setup(&mut self, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        if self.month < super::victory_war_start() {
            return Err(CareerError::Refused(Refused::BadOptions(
                "a career starts in December 1941 or later [4.2.1]".into(),
            )));
        }
        if self.month > super::LAST_PATROL {
            return Err(CareerError::Refused(Refused::BadOptions(
                "a career starts by July 1945 [5.1.1]".into(),
            )));
        }
        match self.options.class.clone() {
            Some(c) => {
                if self.catalog().class(&c).is_none() {
                    return Err(CareerError::Refused(Refused::BadOptions(format!(
                        "no submarine class '{c}'"
                    ))));
                }
                self.choose_class(&c, ev);
                self.next_step(ev);
            }
            None => self.phase = super::Phase::Decide { ask: Ask::Class },
        }
        Ok(())
    }

    /// [4.1] [4.2.2] The types available in the start month (or later: the career then starts when the
    /// type becomes available [4.2.1]).
    pub(crate) fn class_choices(&self, labels: Labels) -> Decision<CareerAction> {
        let choices = self
            .catalog()
            .classes
            .iter()
            .filter(|c| c.available <= super::LAST_PATROL)
            .map(|c| {
                choice_as(
                    labels,
                    CareerAction::ChooseClass { class: c.id.clone() },
                    || format!("{} (from {})", c.name, c.available),
                    "4.2.2",
                )
            })
            .collect();
        Decision::new("Choose the submarine type", "4.1", choices)
    }

    /// [4.2.1] The career starts in the start month or the class's availability, whichever is later;
    /// [4.3.1] the log header; [4.7.1] Yokosuka; then the schools [4.8].
    pub(crate) fn choose_class(&mut self, id: &str, ev: &mut Vec<CareerEvent>) {
        let Some(c) = self.catalog().class(id).cloned() else {
            return;
        };
        self.command.class = c.id.clone();
        let available = Month {
            year: c.available.year,
            month: c.available.month,
        };
        if available > self.month {
            Self::note(
                ev,
                "4.2.1",
                format!(
                    "{} is available from {}: the career starts then",
                    c.name,
                    available.short()
                ),
            );
            self.month = available;
        }
        self.service.service_start = self.month;
        self.service.next_promotion = self.month.plus(12);
        self.command.base = c.start_base.clone();
        let index = self
            .catalog()
            .classes
            .iter()
            .position(|x| x.id == c.id)
            .unwrap_or(0);
        self.command.hull_number = if !self.options.hull_number.trim().is_empty() {
            self.options.hull_number.trim().to_string()
        } else if self.options.historical_id {
            // [11.6] The rulebook lists `I.68`; the log writes every I-number one way, `I-###` [4.3.1].
            c.hull_numbers
                .first()
                .map_or_else(|| format!("I-{}", 101 + index), |h| h.id.replacen("I.", "I-", 1))
        } else {
            format!("I-{}", 101 + index)
        };
        let mut steps = Vec::new();
        if self.options.name_generator {
            steps.push(Step::Roll {
                roll: CareerRoll::FamilyName,
            });
            steps.push(Step::Roll {
                roll: CareerRoll::GivenName,
            });
        } else {
            if self.command.commander.is_empty() {
                self.command.commander = self.default_commander();
            }
            self.header(ev);
        }
        for officer in 0..3 {
            steps.push(Step::Roll {
                roll: CareerRoll::Kure { officer },
            });
        }
        steps.push(Step::Ask { ask: Ask::FreeTime });
        if c.midget {
            steps.push(Step::Roll {
                roll: CareerRoll::MidgetSchool,
            });
        }
        if c.has_aviation(self.month) {
            for pilot in 0..c.aircraft {
                steps.push(Step::Roll {
                    roll: CareerRoll::PilotSchool { pilot },
                });
            }
        }
        match self.options.special_skill {
            SpecialSkillRule::Off => {}
            SpecialSkillRule::Roll => steps.push(Step::Roll {
                roll: CareerRoll::SpecialSkill,
            }),
            SpecialSkillRule::Choose => steps.push(Step::Ask {
                ask: Ask::SpecialSkill,
            }),
        }
        steps.push(Step::Assign);
        self.push_front(steps);
        // [8.8.7] The Submarine Badge for graduating from the school at the start.
        self.service.decorations.push("Submarine Badge".into());
        Self::note(
            ev,
            "8.8.7",
            "Submarine Badge: graduated from the Submarine School",
        );
    }

    /// [4.3.1] The commander's name when none was typed and the H2 generator is off: the first family
    /// and given names of H2, so the log never reads "commander the Commander".
    fn default_commander(&self) -> String {
        let first = |part| {
            self.charts()
                .h2
                .table
                .lookup(&part, periscope_data::sensuikan::WAR_START, 1)
                .map(|r| r.result.clone())
        };
        match (first(NamePart::FamilyName), first(NamePart::GivenName)) {
            (Some(f), Some(g)) => format!("{f} {g}"),
            _ => "Tanaka Hiroshi".into(),
        }
    }

    fn header(&mut self, ev: &mut Vec<CareerEvent>) {
        let class = self.class_data().map_or_else(String::new, |c| c.name.clone());
        ev.push(CareerEvent::Header {
            class,
            hull_number: self.command.hull_number.clone(),
            commander: self.command.commander.clone(),
        });
        Self::note(
            ev,
            "4.7.1",
            format!(
                "Starting base: {}",
                crate::sensuikan::words::base(&self.command.base)
            ),
        );
    }

    /// [11.8] OPTIONAL H2: family name then given name, 1d20 each.
    pub(crate) fn resolve_name(
        &mut self,
        r: CareerRoll,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let part = if r == CareerRoll::FamilyName {
            NamePart::FamilyName
        } else {
            NamePart::GivenName
        };
        let rec = RollRecord::new("H2", "11.8", Dice::D20, faces, vec![], (1, 20));
        let name = self
            .charts()
            .h2
            .table
            .lookup(&part, periscope_data::sensuikan::WAR_START, rec.result);
        let name = chart_row(name, "H2", rec.result)?.clone();
        if self.quiet.records() {
            self.record(rec.with_outcome(name.clone()), ev);
        }
        if part == NamePart::FamilyName {
            self.command.family_name = name;
        } else {
            self.command.commander = format!("{} {}", self.command.family_name, name);
            self.header(ev);
        }
        Ok(())
    }

    /// [4.8.1] F1 Kure: one training roll each for the commander, the XO and the engineer.
    pub(crate) fn resolve_kure(
        &mut self,
        officer: u8,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let who = OFFICERS
            .get(usize::from(officer))
            .copied()
            .unwrap_or(Officer::Commander);
        let rec = RollRecord::new("F1", "4.8.1", Dice::D2D6, faces, vec![], (2, 12));
        let skill = self.charts().f1.table.lookup(&who, self.month, rec.result);
        let skill = chart_row(skill, "F1", rec.result)?.clone();
        if self.quiet.records() {
            self.record(
                rec.with_outcome(format!(
                    "{}: {}",
                    who.to_string().replace('_', " "),
                    crate::sensuikan::words::school(&skill)
                )),
                ev,
            );
        }
        self.grant_skill(&skill, ev, "4.8.1");
        Ok(())
    }

    /// A skill id of the schools or of 8.7.1 onto the crew.
    pub(crate) fn grant_skill(&mut self, skill: &str, ev: &mut Vec<CareerEvent>, rule: &str) {
        let c = &mut self.command.crew;
        let slot = match skill {
            "shibumi" => &mut self.command.shibumi,
            "lookout" => &mut c.lookout,
            "gunner_expert" | "expert_gunner" => &mut c.expert_gunner,
            "aa_gun_expert" | "aa_expert" => &mut c.aa_expert,
            "xo_expert" | "expert_xo" => &mut c.expert_xo,
            "engineer_expert" | "expert_engineer" => &mut c.expert_engineer,
            "mechanical_genius" => &mut c.mechanical_genius,
            "expert_doctor" => &mut c.expert_doctor,
            "expert_navigator" => &mut c.expert_navigator,
            _ => return,
        };
        *slot = true;
        Self::note(
            ev,
            rule,
            format!("skill gained: {}", crate::sensuikan::words::school(skill)),
        );
    }

    pub(crate) fn free_time_choices(&self, labels: Labels) -> Decision<CareerAction> {
        let choices = self
            .charts()
            .f1
            .free_time
            .iter()
            .map(|f| {
                choice_as(
                    labels,
                    CareerAction::FreeTime { option: f.id.clone() },
                    || format!("{}: {}", f.name, f.effect),
                    "4.8.1",
                )
            })
            .collect();
        Decision::new("Kure school: choose one free-time option", "4.8.1", choices)
    }

    /// [4.8.1] One of the three free-time options. Its marker is kept on the career (the patrol engine
    /// takes no markers from its setup yet).
    pub(crate) fn choose_free_time(&mut self, option: &str, ev: &mut Vec<CareerEvent>) {
        if option == "gosei" {
            self.command.markers.push("maneki_neko".into());
        } else {
            self.command.markers.push(option.to_string());
        }
        Self::note(
            ev,
            "4.8.1",
            format!("free time: {}", crate::sensuikan::words::school(option)),
        );
    }

    /// [4.8.2] F2 for the midget commander (Type C).
    pub(crate) fn resolve_midget_school(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let rec = RollRecord::new("F2", "4.8.2", Dice::D2D6, faces, vec![], (2, 12));
        let skill = self.charts().f2.chart.lookup(rec.result);
        let skill = chart_row(skill, "F2", rec.result)?.clone();
        if self.quiet.records() {
            self.record(
                rec.with_outcome(format!(
                    "midget commander: {}",
                    crate::sensuikan::words::school(&skill)
                )),
                ev,
            );
        }
        self.command.midget_commander = Some(skill);
        Ok(())
    }

    /// [4.8.3] F3, one roll per pilot.
    pub(crate) fn resolve_pilot_school(
        &mut self,
        pilot: u8,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let rec = RollRecord::new("F3", "4.8.3", Dice::D2D6, faces, vec![], (2, 12));
        let skill = self.charts().f3.chart.lookup(rec.result);
        let skill = chart_row(skill, "F3", rec.result)?.clone();
        if self.quiet.records() {
            self.record(
                rec.with_outcome(format!(
                    "pilot {}: {}",
                    pilot + 1,
                    crate::sensuikan::words::school(&skill)
                )),
                ev,
            );
        }
        self.command.pilots.push(skill);
        Ok(())
    }

    /// [4.8.4] F4 Otsujima, one roll per kaiten pilot.
    pub(crate) fn resolve_kaiten_school(
        &mut self,
        pilot: u8,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let f4 = &self.charts().f4.chart;
        let rec = RollRecord::new("F4", "4.8.4", Dice::from(f4.dice), faces, vec![], f4.span());
        let skill = self.charts().f4.chart.lookup(rec.result);
        let skill = chart_row(skill, "F4", rec.result)?.clone();
        if self.quiet.records() {
            self.record(
                rec.with_outcome(format!(
                    "kaiten pilot {}: {}",
                    pilot + 1,
                    crate::sensuikan::words::school(&skill)
                )),
                ev,
            );
        }
        self.command.kaiten_pilots.push(skill);
        Ok(())
    }

    /// [4.8.4] [7.18] Before each kaiten attack, a new set of kaiten pilots through F4, one per kaiten the
    /// boat carries (the previous ones died with their kaiten).
    pub(crate) fn kaiten_school_steps(&mut self, ev: &mut Vec<CareerEvent>) -> Vec<Step> {
        if !self.duty.mission.plan().is_kaiten() {
            return Vec::new();
        }
        let capacity = self.class_data().map_or(0, |c| c.kaiten_capacity(self.month));
        self.command.kaiten_pilots.clear();
        Self::note(
            ev,
            "4.8.4",
            format!(
                "{} the F4 school before the kaiten attack",
                crate::sensuikan::words::count(
                    u32::from(capacity),
                    "kaiten pilot attends",
                    "kaiten pilots attend"
                )
            ),
        );
        (0..capacity)
            .map(|pilot| Step::Roll {
                roll: CareerRoll::KaitenSchool { pilot },
            })
            .collect()
    }

    /// [4.8.2] [4.8.3] At the refit: a lost midget commander is replaced and the replacement attends F2;
    /// missing pilots are replaced through F3. Kaiten pilots are trained only before a kaiten attack
    /// [4.8.4] (`kaiten_school_steps`).
    pub(crate) fn schools(&mut self, ev: &mut Vec<CareerEvent>) {
        // The class read through the shared data, not copied: the career changes while it is read.
        let data = std::sync::Arc::clone(&self.data);
        let Some(c) = data.catalog.class(&self.command.class) else {
            return;
        };
        let when = self
            .duty
            .refit
            .sailed
            .plus(self.duty.refit.patrol_months + self.duty.refit.refit_months);
        let mut steps = Vec::new();
        if c.midget && self.command.midget_commander.is_none() {
            Self::note(ev, "4.8.2", "a new midget commander attends the F2 school");
            steps.push(Step::Roll {
                roll: CareerRoll::MidgetSchool,
            });
        }
        if c.has_aviation(when) {
            let have = u8::try_from(self.command.pilots.len()).unwrap_or(u8::MAX);
            if have < c.aircraft {
                Self::note(ev, "4.8.3", "replacement pilots attend the F3 school");
            }
            for pilot in have..c.aircraft {
                steps.push(Step::Roll {
                    roll: CareerRoll::PilotSchool { pilot },
                });
            }
        }
        self.push_front(steps);
    }

    pub(crate) fn special_skill_choices(&self) -> Decision<CareerAction> {
        let choices = SpecialSkill::ALL
            .into_iter()
            .map(|skill| {
                let label = match skill.effect() {
                    Some(e) => format!("{}: {e}", skill.name()),
                    None => skill.name(),
                };
                choice(CareerAction::SpecialSkill { skill }, label, "11.7")
            })
            .collect();
        Decision::new("Choose the commander's special skill", "11.7", choices)
    }

    /// [11.7] 1d20: 1-12 a skill; 13-20 are undefined in the text and are rolled again.
    pub(crate) fn resolve_special_skill(&mut self, faces: Vec<u8>, ev: &mut Vec<CareerEvent>) {
        let rec = RollRecord::new("Special skills", "11.7", Dice::D20, faces, vec![], (1, 20));
        match SpecialSkill::of_roll(rec.result) {
            Some(skill) => {
                if self.quiet.records() {
                    self.record(rec.with_outcome(skill.name()), ev);
                }
                self.take_special_skill(skill, ev);
            }
            None => {
                if self.quiet.records() {
                    self.record(rec.with_outcome("undefined result: roll again"), ev);
                }
                self.push_front(vec![Step::Roll {
                    roll: CareerRoll::SpecialSkill,
                }]);
            }
        }
    }

    /// [11.7] Lucky starts with a Maneki Neko; Teamwork starts the crew Veteran; Leadership promotes
    /// automatically [8.9.2]. The others sail with the captain (`CrewSetup::special_skill`) and act in the
    /// patrol: Tracker on tracking rolls, the three hunters and Expert on B1, Aggressive on the decisions to
    /// engage and fight on, Vigilant on A4, Anti-aircraft expert on A2; Bold is our reading
    /// (`docs/rules/sensuikan.md`).
    pub(crate) fn take_special_skill(&mut self, skill: SpecialSkill, ev: &mut Vec<CareerEvent>) {
        self.command.special_skill = Some(skill);
        match skill {
            SpecialSkill::Lucky => self.command.markers.push("maneki_neko".into()),
            SpecialSkill::Teamwork => self.command.crew.quality = CrewQuality::Veteran,
            _ => {}
        }
        Self::note(ev, "11.7", format!("special skill: {}", skill.name()));
    }
}
