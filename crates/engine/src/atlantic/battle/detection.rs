//! Detection before the attack [7.1.3] [Detection Sequence], in the Example's order [8.0]: HF/DF on
//! every boat that reported (1-3, only with HF/DF) [4.6.1]; each Type 271 on every boat its box covers —
//! a whole side, or at the front only the circles beside it — 1 by day and 1-2 by night, Veteran and
//! Elite crews -1 [4.6.2] [7.5.2]; then ASDIC (1-3) from each occupied escort box beside the boat's
//! circle [2.0]. No radar against a boat at the stragglers, and no ASDIC from Box S before the attack
//! unless the boat comes in at close range [7.1.3] [7.1.6]. A boat shadowing by day is exposed only to
//! HF/DF [7.1.3]. The year's modifier is never used here [7.1.5 ERRATA].

use std::collections::VecDeque;

use super::{Battle, Credit, Mission, Station, Step};
use crate::atlantic::events::MissionEvent;
use crate::atlantic::reading::{drm, proc_roll};
use crate::atlantic::{MissionAction, MissionError, Throw};
use crate::machine::{RollSpec, Wait};
use crate::roll::Modifier;

/// A roll of detection before the attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DetectRoll {
    HfDf { boat: u8 },
    Radar { boat: u8, night: bool },
    Asdic { boat: u8 },
}

/// Which method is being tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pass {
    HfDf,
    Radar,
    Asdic,
}

/// One detection attempt: a boat, and the escort (the radar ship, or the first in the ASDIC box).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub boat: usize,
    pub escort: Option<usize>,
    /// The box the ASDIC attempt is made from.
    pub from: Option<String>,
}

/// Detection in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detecting {
    pub pass: Pass,
    pub queue: VecDeque<Attempt>,
}

impl Mission {
    pub(crate) fn detect_roll_spec(&self, r: DetectRoll) -> RollSpec {
        let (id, rule, reason) = match r {
            DetectRoll::HfDf { boat } => (
                "hf_df",
                "7.1.3",
                format!("HF/DF on U-boat {boat}'s contact report"),
            ),
            DetectRoll::Radar { boat, night } => (
                if night { "type_271_night" } else { "type_271_day" },
                "7.1.3",
                format!("Type 271 radar against U-boat {boat}"),
            ),
            DetectRoll::Asdic { boat } => ("asdic", "7.1.3", format!("ASDIC against U-boat {boat}")),
        };
        let (dice, chart) = self.procedure_dice(id);
        RollSpec::new(dice, chart, rule, reason)
    }

    /// Detection begins: a boat found on the surface is detected at once [9.2]; then the HF/DF pass.
    pub(crate) fn start_detection(&mut self, b: &mut Battle, ev: &mut Vec<MissionEvent>) {
        if b.surfaced && b.cycle == 1 {
            for &i in &b.acting {
                let u = &mut b.boats[i];
                u.detected = true;
                u.credit.get_or_insert(Credit::Pick);
                ev.push(MissionEvent::Detected {
                    boat: u.number,
                    by: "a lookout: the boat was sighted on the surface [9.2]".into(),
                });
            }
            b.surfaced = false;
        }
        // [9.2] A shore station's fix needs no HF/DF in the group.
        let queue = if self.group.hf_df || self.voyage.hf_df_fix {
            b.acting
                .iter()
                .filter(|&&i| b.boats[i].reported)
                .map(|&i| Attempt {
                    boat: i,
                    escort: None,
                    from: None,
                })
                .collect()
        } else {
            VecDeque::new()
        };
        self.detect_next(
            b,
            Detecting {
                pass: Pass::HfDf,
                queue,
            },
            ev,
        );
    }

    /// The next attempt that needs a roll, the next pass, or the impulse's plan.
    fn detect_next(&mut self, b: &mut Battle, mut d: Detecting, ev: &mut Vec<MissionEvent>) {
        loop {
            while let Some(a) = d.queue.front() {
                if b.boats[a.boat].detected {
                    d.queue.pop_front();
                    continue;
                }
                // [9.2] A shore station's fix: the next report is detected without a roll.
                if d.pass == Pass::HfDf && self.voyage.hf_df_fix {
                    self.voyage.hf_df_fix = false;
                    let i = a.boat;
                    d.queue.pop_front();
                    self.detected(b, i, Credit::Pick, "a shore station's HF/DF fix [9.2]", ev);
                    continue;
                }
                if d.pass == Pass::HfDf && !self.group.hf_df {
                    d.queue.pop_front();
                    continue;
                }
                b.step = Step::Detect(d);
                return;
            }
            d.pass = match d.pass {
                Pass::HfDf => {
                    d.queue = self.radar_attempts(b);
                    Pass::Radar
                }
                Pass::Radar => {
                    d.queue = self.asdic_attempts(b);
                    Pass::Asdic
                }
                Pass::Asdic => break,
            };
        }
        // [6.1 2e] Detected boats are hunted first; the others attack.
        for &i in &b.acting {
            let u = &b.boats[i];
            if u.detected {
                b.plan.pre.push_back(i);
            } else if !u.shadowing {
                b.plan.attacks.push_back(i);
            }
        }
        self.advance(b, ev);
    }

    /// [7.1.3] [4.6.2] Each Type 271 against each boat its box covers, neither shadowing nor at the
    /// stragglers.
    fn radar_attempts(&self, b: &Battle) -> VecDeque<Attempt> {
        let Ok(d) = self.display() else {
            return VecDeque::new();
        };
        let mut v = VecDeque::new();
        for &i in &b.acting {
            let u = &b.boats[i];
            let Some(Station::Approach(circle)) = &u.station else {
                continue;
            };
            if u.shadowing {
                continue;
            }
            for (e, esc) in self.group.escorts.iter().enumerate() {
                if !esc.fights() || !esc.type_271 {
                    continue;
                }
                let covers = b.spots[e]
                    .as_deref()
                    .and_then(|s| d.escort_box(s))
                    .is_some_and(|x| x.radar_covers.iter().any(|c| c == circle));
                if covers {
                    v.push_back(Attempt {
                        boat: i,
                        escort: Some(e),
                        from: b.spots[e].clone(),
                    });
                }
            }
        }
        v
    }

    /// [7.1.3] [2.0] ASDIC from each occupied escort box beside the boat's circle.
    fn asdic_attempts(&self, b: &Battle) -> VecDeque<Attempt> {
        let mut v = VecDeque::new();
        for &i in &b.acting {
            let u = &b.boats[i];
            let Some(st @ Station::Approach(_)) = &u.station else {
                continue;
            };
            if u.shadowing {
                continue;
            }
            for x in self.adjacent_boxes(st) {
                let here: Vec<usize> = b
                    .in_box(&x)
                    .into_iter()
                    .filter(|&e| self.group.escorts[e].fights())
                    .collect();
                if let Some(&e) = here.first() {
                    v.push_back(Attempt {
                        boat: i,
                        escort: Some(e),
                        from: Some(x),
                    });
                }
            }
        }
        v
    }

    pub(crate) fn detect_wait(&self, b: &Battle, d: &Detecting) -> Wait<MissionAction, Throw> {
        let a = d.queue.front();
        let boat = a.map_or(0, |a| b.boats[a.boat].number);
        Wait::Roll(Throw::Detect(match d.pass {
            Pass::HfDf => DetectRoll::HfDf { boat },
            Pass::Radar => DetectRoll::Radar {
                boat,
                night: b.night(),
            },
            Pass::Asdic => DetectRoll::Asdic { boat },
        }))
    }

    /// The modifiers of a Type 271 roll: the radar ship's crew [7.5.2] and the weather [6.1 2c].
    fn radar_mods(&self, b: &Battle, id: &str, e: usize) -> Result<Vec<Modifier>, MissionError> {
        use periscope_data::atlantic::charts::{Quality, Weather};
        let c = self.procedure(id)?;
        let mut v = Vec::new();
        match self.group.escorts[e].crew {
            Quality::Veteran => v.push(drm(&c.modifiers, id, "veteran_crew", "7.5.2")?),
            Quality::Elite => v.push(drm(&c.modifiers, id, "elite_crew", "7.5.2")?),
            _ => {}
        }
        match b.weather {
            Some(Weather::Poor) => v.push(drm(&c.modifiers, id, "poor_weather", "6.1 2c")?),
            Some(Weather::Bad) => v.push(drm(&c.modifiers, id, "bad_weather", "6.1 2c")?),
            _ => {}
        }
        Ok(v)
    }

    pub(crate) fn detect_roll(
        &mut self,
        b: &mut Battle,
        mut d: Detecting,
        _throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let Some(a) = d.queue.pop_front() else {
            self.detect_next(b, d, ev);
            return Ok(());
        };
        let number = b.boats[a.boat].number;
        let (id, mods, by, credit) = match d.pass {
            Pass::HfDf => ("hf_df", Vec::new(), "HF/DF".to_string(), Credit::Pick),
            Pass::Radar => {
                let e = a.escort.unwrap_or(0);
                let id = if b.night() {
                    "type_271_night"
                } else {
                    "type_271_day"
                };
                let mods = self.radar_mods(b, id, e)?;
                (
                    id,
                    mods,
                    format!("{}'s Type 271", self.group.name_of(e)),
                    Credit::Escort(e),
                )
            }
            Pass::Asdic => {
                let e = a.escort.unwrap_or(0);
                let mut mods = Vec::new();
                if b.bad_weather() {
                    mods.push(drm(
                        &self.procedure("asdic")?.modifiers,
                        "asdic",
                        "bad_weather",
                        "6.1 2c",
                    )?);
                }
                let from = a.from.clone().unwrap_or_default();
                (
                    "asdic",
                    mods,
                    format!("ASDIC from box {from} ({})", self.group.name_of(e)),
                    Credit::Escort(e),
                )
            }
        };
        let (rec, res) = proc_roll(self.procedure(id)?, "7.1.3", faces, mods)?;
        let found = res.word() == Some("detected");
        self.record(
            rec.with_outcome(if found {
                format!("U-boat {number} detected")
            } else {
                format!("U-boat {number} not detected")
            }),
            ev,
        );
        if found {
            self.detected(b, a.boat, credit, &by, ev);
        }
        self.detect_next(b, d, ev);
        Ok(())
    }

    /// A boat is detected; the first detection keeps the kill's credit [7.5.1].
    pub(crate) fn detected(
        &mut self,
        b: &mut Battle,
        i: usize,
        credit: Credit,
        by: &str,
        ev: &mut Vec<MissionEvent>,
    ) {
        let u = &mut b.boats[i];
        u.detected = true;
        u.credit.get_or_insert(credit);
        ev.push(MissionEvent::Detected {
            boat: u.number,
            by: by.to_string(),
        });
    }
}
