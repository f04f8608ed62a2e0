//! The end of a patrol and the refit [6.2 step 3 A-G] [8.5.11]: the log line, the end of the career,
//! P and R months, and the ordered refit checks.

use periscope_data::sensuikan::charts::{ShipKind, Wound};

use super::log::{LogRow, LogShip};
use super::victory::EndCause;
use super::{Ask, Career, CareerEvent, CareerMission, CareerRoll, Rank, Refit, Step};
use crate::dice::Dice;
use crate::roll::RollRecord;
use crate::sensuikan::{PatrolEnd, PatrolResult, Post, ShipRecord, words};

/// A capital ship for the Golden Kite [8.1.4] [8.8.1]: battleships, battlecruisers and carriers.
pub fn is_capital(kind: ShipKind) -> bool {
    matches!(
        kind,
        ShipKind::Battleship | ShipKind::Battlecruiser | ShipKind::FleetCarrier | ShipKind::LightCarrier
    )
}

/// [8.5.11] [8.5.11.1] [8.5.11.2] [8.9.1] Refit months: 1, +1 with 3 or more systems INOP (never more),
/// +1 per 3 hull boxes or fraction; a Captain takes 1 off a refit of 3 months or more.
pub fn refit_months(systems_inop: usize, hull_boxes: u8, rank: Rank) -> i32 {
    let mut m = 1
        + i32::from(systems_inop >= 3)
        + i32::from(hull_boxes).div_euclid(3)
        + i32::from(!hull_boxes.is_multiple_of(3));
    if rank == Rank::Captain && m >= 3 {
        m -= 1;
    }
    m
}

/// What a patrol came to, for the log, the victory steps, the credits and the refit [8.7.1] [7.13].
struct Outcome {
    home: bool,
    ships_sunk: u32,
    /// A Major Event marker's "Patrol" mission [7.0].
    event_patrol: bool,
    /// The special mission's outcome; none for a patrol [7.13].
    mission_success: Option<bool>,
    successful: bool,
    /// The credits toward a skill [7.13] [8.7.1].
    credit: u32,
}

impl Outcome {
    /// The log row's result, read in order: how the patrol ended, then what became of its mission — never
    /// "home" words for a boat that was lost.
    fn describe(&self, r: &PatrolResult) -> String {
        format!(
            "{}{}{}",
            r.end.describe(),
            if r.aborted { " Aborted." } else { "" },
            match (self.mission_success, self.home) {
                (Some(true), true) => " Mission accomplished.",
                (Some(true), false) => " Its mission had been accomplished before the loss.",
                (Some(false), true) => " Mission failed.",
                (Some(false), false) => " Its mission was not accomplished.",
                (None, _) if self.event_patrol && self.successful => {
                    " A successful patrol under a Major Event marker: it counts twice for skills and crew [7.0]."
                }
                (None, _) => "",
            }
        )
    }
}

/// [5.1.3] How a patrol ends the career, if it does: the boat sunk, captured or scuttled, or the
/// captain killed.
fn end_cause(end: &PatrolEnd, captain: Option<Wound>) -> Option<EndCause> {
    match end {
        PatrolEnd::Sunk { .. } => Some(EndCause::Killed),
        PatrolEnd::Captured => Some(EndCause::Captured),
        PatrolEnd::Scuttled { crew } if crew.contains("prisoner") => Some(EndCause::Prisoner),
        PatrolEnd::Scuttled { crew } if crew.contains("lost") => Some(EndCause::Killed),
        PatrolEnd::Scuttled { .. } => Some(EndCause::Scuttled),
        _ if captain == Some(Wound::Kia) => Some(EndCause::Killed),
        _ => None,
    }
}

impl Career {
    /// The patrol is over: the Patrol Log line, the end of the career, or the refit.
    pub(crate) fn finish_patrol(&mut self, ev: &mut Vec<CareerEvent>) {
        let Some(p) = self.duty.patrol.take() else {
            return;
        };
        let Some(r) = p.result() else {
            return;
        };
        self.service.patrols += 1;
        let outcome = self.judge_patrol(&r);
        let tonnage_sunk = self.log_patrol(&r, &outcome, ev);
        let captain = r
            .wounds
            .iter()
            .find(|(p, _)| *p == Post::Captain)
            .map(|(_, w)| *w);
        if let Some(cause) = end_cause(&r.end, captain) {
            self.end_career(cause, ev);
            // The view shows the boat where she was lost, never in port.
            self.duty.last_patrol = Some(p);
            return;
        }
        let patrol_months = self.mark_patrol_months(&r);
        let months = self.note_refit_months(&r, ev);
        let capital_sunk = r.ships.iter().any(|s| s.sunk && is_capital(s.kind));
        let at_sea = self.count_patrol(&outcome, patrol_months, ev);
        let sw = self.officer_wounds(&r, ev);
        self.crew_casualties(&r, ev);
        self.duty.refit = Refit {
            sailed: self.month,
            patrol_months,
            refit_months: months,
            seriously_wounded: sw.clone(),
            captain_hospital: 0,
            successful: outcome.successful,
            tonnage: tonnage_sunk,
            capital_sunk,
            ships_sunk: outcome.ships_sunk,
            captain_wounded: captain.is_some(),
            new_boat: false,
        };
        let steps = self.refit_steps(at_sea, sw, patrol_months, ev);
        self.push_front(steps);
    }

    /// [7.13] [7.10] The mission's outcome. The patrol settles every mission it flies (transport delivered,
    /// mines laid, picket engaged, …). A Major Event's "Patrol" mission is no special mission [7.0]: it is a
    /// patrol like any other, successful when home with a ship sunk [8.7.1], and only its credit for skills
    /// and crew quality counts twice [7.0] [7.14]. [5.2.3] A special mission completed counts toward
    /// victory's steps.
    fn judge_patrol(&mut self, r: &PatrolResult) -> Outcome {
        let home = r.end.home();
        let ships_sunk = u32::try_from(r.ships.iter().filter(|s| s.sunk).count()).unwrap_or(0);
        let event_patrol = matches!(self.duty.mission, CareerMission::EventPatrol { .. });
        let mission_success = match &self.duty.mission {
            CareerMission::Patrol | CareerMission::EventPatrol { .. } => None,
            _ => Some(r.mission_success.unwrap_or(false)),
        };
        // [8.7.1] Successful: home and at least one ship sunk, or the special mission completed; a failed
        // special mission gives no credit even with sinkings [7.13].
        let successful = match mission_success {
            Some(ok) => ok,
            None => home && ships_sunk > 0,
        };
        // [7.13] A success counts twice (a marker's "Patrol" too [7.0]), except the Kirai-Sen's minelaying
        // [7.10]; a failure not at all.
        let credit = if successful {
            self.duty.mission.credit_on_success()
        } else {
            0
        };
        // [5.2.3] Only a special mission completed counts toward victory's steps.
        if mission_success == Some(true) {
            self.service.special_missions += 1;
        }
        Outcome {
            home,
            ships_sunk,
            event_patrol,
            mission_success,
            successful,
            credit,
        }
    }

    /// The Patrol Log line: the area, the mission, the ships ([11.1] standard tonnage, [11.2] their names
    /// kept), the midget commander and pilots lost, and how the patrol ended. Returns the tonnage credited.
    fn log_patrol(&mut self, r: &PatrolResult, outcome: &Outcome, ev: &mut Vec<CareerEvent>) -> u32 {
        let result = outcome.describe(r);
        let mut row = self.patrol_row(&r.ships);
        let tonnage_sunk = row.tonnage;
        if self.options().standard_tonnage && tonnage_sunk != r.tonnage_sunk {
            Self::note(
                ev,
                "11.1",
                format!(
                    "standard tonnage: {tonnage_sunk} t credited (the ships' own tonnage {} t)",
                    r.tonnage_sunk
                ),
            );
        }
        if self.options().historical_targets {
            self.record_sunk_names(&r.ships, ev);
        }
        self.patrol_losses(r, ev);
        row.result = result.clone();
        self.service.log.push(row);
        ev.push(CareerEvent::PatrolOver { summary: result });
        tonnage_sunk
    }

    /// The sailing month's row of the patrol: the area, the mission, the ships ([11.1] standard tonnage)
    /// and the tonnage sunk; the result is the caller's.
    fn patrol_row(&self, ships: &[ShipRecord]) -> LogRow {
        let mut row = LogRow::mark(self.month.short(), "patrol");
        row.area = self.duty.area.clone();
        row.area_name = self.area_name(&self.duty.area);
        row.mission = self.duty.mission.describe();
        row.ships = ships
            .iter()
            .map(|s| LogShip {
                name: s.name.clone(),
                kind: kind_name(s.kind),
                tonnage: self.credited_tonnage(s),
                sunk: s.sunk,
                by_midget: s.by_midget,
            })
            .collect();
        row.tonnage = row.ships.iter().filter(|s| s.sunk).map(|s| s.tonnage).sum();
        row
    }

    /// [3.5] The patrol under way as its log row will read once the boat is home: the ships attacked so
    /// far and the tonnage sunk so far, marked as under way. The Patrol Log itself is written when the
    /// patrol is over (and victory [5.2.1] reads it at the end of the game); this is what the career's
    /// view shows meanwhile.
    pub fn under_way_row(&self) -> Option<LogRow> {
        let p = match self.phase {
            super::Phase::Patrol => self.duty.patrol.as_deref()?,
            _ => return None,
        };
        let mut row = self.patrol_row(p.ships());
        row.result = "Under way".into();
        row.under_way = true;
        Some(row)
    }

    /// [4.8.2] A lost midget takes its commander; [7.17 seq 5] pilots killed or missing are replaced
    /// through F3 at the refit (with new aircraft); lost rear gunners are simply replaced at base.
    fn patrol_losses(&mut self, r: &PatrolResult, ev: &mut Vec<CareerEvent>) {
        if r.markers.iter().any(|m| m == "midget_lost") && self.command.midget_commander.take().is_some() {
            Self::note(
                ev,
                "4.8.2",
                "the midget commander is lost: replaced at the next refit",
            );
        }
        let mut lost = r.pilots_lost.clone();
        lost.sort_unstable_by(|a, b| b.cmp(a));
        for i in lost {
            if usize::from(i) < self.command.pilots.len() {
                self.command.pilots.remove(usize::from(i));
                Self::note(
                    ev,
                    "7.17",
                    format!("pilot {} is lost: a new pilot and aircraft at base", i + 1),
                );
            }
        }
    }

    /// [6.2.3A] [8.5.11.3] P months on the log: one per month after the first; an aborted patrol counts
    /// one month (8.6.2 rounds the time at sea down; the patrol does not report when it turned back).
    /// Returns the patrol's months.
    fn mark_patrol_months(&mut self, r: &PatrolResult) -> i32 {
        let europe = self
            .catalog()
            .map
            .area(&self.duty.area)
            .is_some_and(|a| a.mission_route);
        let patrol_months = if r.aborted {
            1
        } else if europe {
            2 * i32::from(self.catalog().map.europe_route.months_each_way)
        } else {
            self.class_data().map_or(2, |c| i32::from(c.patrol_months))
        };
        for i in 1..patrol_months {
            self.service
                .log
                .push(LogRow::mark(self.month.plus(i).short(), "P"));
        }
        patrol_months
    }

    /// [8.5.11] The refit's months, noted with what set them.
    fn note_refit_months(&self, r: &PatrolResult, ev: &mut Vec<CareerEvent>) -> i32 {
        let months = refit_months(r.systems_inop.len(), r.hull_boxes, self.command.rank);
        Self::note(
            ev,
            "8.5.11",
            format!(
                "refit {}: {} inoperative, {} marked{}",
                words::count(u32::try_from(months).unwrap_or(0), "month", "months"),
                words::count(
                    u32::try_from(r.systems_inop.len()).unwrap_or(0),
                    "system",
                    "systems"
                ),
                words::count(u32::from(r.hull_boxes), "hull box", "hull boxes"),
                if self.command.rank == Rank::Captain {
                    ", Captain"
                } else {
                    ""
                }
            ),
        );
        months
    }

    /// [8.9.2] The patrol counted in its promotion period, [8.7.3] the unsuccessful ones in a row, and
    /// [8.7.1] its credits toward a skill. A period that ended while the boat was at sea is rolled without
    /// this patrol, which counts in the period it comes home in: its promotion steps are returned.
    fn count_patrol(
        &mut self,
        outcome: &Outcome,
        patrol_months: i32,
        ev: &mut Vec<CareerEvent>,
    ) -> Vec<Step> {
        let at_sea = self.close_periods(self.month.plus(patrol_months), true, ev);
        self.service.period.ships_sunk += outcome.ships_sunk;
        if outcome.successful {
            self.command.unsuccessful_in_a_row = 0;
        } else {
            self.service.period.unsuccessful += 1;
            self.command.unsuccessful_in_a_row += 1;
        }
        self.command.credits += outcome.credit;
        at_sea
    }

    /// [8.5.9.1] The officers' wounds: a killed officer is replaced (his skills lost); the seriously
    /// wounded, by post index (0 captain … 4 engineer), roll their recovery at the refit.
    fn officer_wounds(&mut self, r: &PatrolResult, ev: &mut Vec<CareerEvent>) -> Vec<u8> {
        let mut sw = Vec::new();
        for (i, post) in [
            Post::Captain,
            Post::ExecutiveOfficer,
            Post::NavigationOfficer,
            Post::Doctor,
            Post::Engineer,
        ]
        .into_iter()
        .enumerate()
        {
            match r.wounds.iter().find(|(p, _)| *p == post).map(|(_, w)| *w) {
                Some(Wound::Sw) => sw.push(u8::try_from(i).unwrap_or(0)),
                Some(Wound::Kia) => self.lose_officer(post, ev, "8.5.9.1"),
                _ => {}
            }
        }
        sw
    }

    /// [8.5.9.1] [8.7.3] Every generic crew box seriously wounded or killed: the crew is replaced.
    fn crew_casualties(&mut self, r: &PatrolResult, ev: &mut Vec<CareerEvent>) {
        let crew_boxes = r.wounds.iter().filter(|(p, _)| *p == Post::Crew).count();
        let crew_out = r
            .wounds
            .iter()
            .filter(|(p, w)| *p == Post::Crew && matches!(w, Wound::Sw | Wound::Kia))
            .count();
        if crew_boxes > 0 && crew_out == crew_boxes && crew_out >= self.crew_boxes() {
            self.crew_down_to_trained(ev);
        }
    }

    /// [6.2.3B] The refit's ordered steps: the promotion rolls of periods ended at sea, A crew recovery,
    /// B crew quality, C decorations and promotion, D reassignment, E resupply (the next patrol loads),
    /// F removals, G air raids.
    fn refit_steps(
        &mut self,
        at_sea: Vec<Step>,
        sw: Vec<u8>,
        patrol_months: i32,
        ev: &mut Vec<CareerEvent>,
    ) -> Vec<Step> {
        let mut steps: Vec<Step> = at_sea;
        steps.extend(sw.into_iter().map(|post| Step::Roll {
            roll: CareerRoll::Recovery { post },
        }));
        steps.extend(self.quality_steps(ev));
        steps.push(Step::Awards);
        steps.push(Step::Reassign);
        steps.push(Step::Ask { ask: Ask::Upgrade });
        steps.push(Step::Removals);
        steps.push(Step::Schools);
        let end_month = self.month.plus(patrol_months);
        let raids = self
            .catalog()
            .map
            .base(&self.command.base)
            .is_some_and(|b| b.air_raids)
            && end_month >= self.catalog().map.air_raids_from;
        if raids {
            steps.push(Step::Roll {
                roll: CareerRoll::AirRaid,
            });
        }
        steps.push(Step::EndRefit);
        steps
    }

    /// [11.1] The tonnage the log credits for a ship: with the option, a sunk merchant of T1 (small)
    /// counts 3,500 t, of T2 (large) 7,000 t, a tanker 9,000 t; other ships their own tonnage.
    pub(crate) fn credited_tonnage(&self, s: &ShipRecord) -> u32 {
        if !self.options().standard_tonnage || !s.sunk {
            return s.tonnage;
        }
        let constant = |list: &periscope_data::sensuikan::charts::ShipList, id: &str| {
            list.constants
                .iter()
                .find(|c| c.id == id)
                .and_then(|c| u32::try_from(c.value).ok())
        };
        let on = |list: &periscope_data::sensuikan::charts::ShipList| {
            list.chart.rows.iter().any(|row| row.result.name == s.name)
        };
        let (t1, t2) = (&self.charts().t1, &self.charts().t2);
        let merchant = on(t1) || on(t2);
        let standard = if !merchant {
            None
        } else if s.kind == ShipKind::Tanker {
            constant(t2, "standard_tanker")
        } else if on(t2) {
            constant(t2, "standard_large_merchant")
        } else {
            constant(t1, "standard_small_merchant")
        };
        standard.unwrap_or(s.tonnage)
    }

    /// [11.2] Keeps the names of the ships sunk; a name sunk before is noted (the patrol engine takes no
    /// list of sunk ships, so it cannot re-roll her: a later patrol change).
    pub(crate) fn record_sunk_names(&mut self, ships: &[ShipRecord], ev: &mut Vec<CareerEvent>) {
        for s in ships.iter().filter(|s| s.sunk) {
            if !self.service.sunk_names.insert(s.name.clone()) {
                Self::note(
                    ev,
                    "11.2",
                    format!(
                        "{} was already sunk in this career (the chart had no other named ship left)",
                        s.name
                    ),
                );
            }
        }
    }

    fn crew_boxes(&self) -> usize {
        self.data.entries.crew_boxes
    }

    /// [4.7.6] From 1/44, in any port but Paramushiro: 2 destroyed (1 month to a new boat at Yokosuka),
    /// 3 +2 months, 4 +1 month, 5-12 nothing.
    pub(crate) fn resolve_air_raid(&mut self, faces: Vec<u8>, ev: &mut Vec<CareerEvent>) {
        let rec = RollRecord::new("Air raid", "4.7.6", Dice::D2D6, faces, vec![], (2, 12));
        let (extra, text) = match rec.result {
            2 => (1, "the boat is destroyed: 1 month to a new boat at Yokosuka"),
            3 => (2, "+2 refit months"),
            4 => (1, "+1 refit month"),
            _ => (0, "no effect"),
        };
        let destroyed = rec.result == 2;
        if self.quiet.records() {
            self.record(rec.with_outcome(text), ev);
        }
        self.duty.refit.refit_months += extra;
        if destroyed {
            self.new_boat(ev, "4.7.6");
            if let Some(b) = self.catalog().map.bases.iter().find(|b| b.replacement_base) {
                self.command.base = b.id.clone();
            }
        }
    }

    /// The refit is over: the R months on the log, Truk's closing [4.7.3], the next patrol or the end
    /// [5.1.2]. [6.1] Time runs in months: patrol, P, R, the next patrol.
    pub(crate) fn end_refit(&mut self, ev: &mut Vec<CareerEvent>) {
        let back = self.duty.refit.sailed.plus(self.duty.refit.patrol_months);
        let mut refit = self
            .duty
            .refit
            .refit_months
            .max(self.duty.refit.captain_hospital)
            .max(1);
        // [4.7.3] A boat in refit at a base when it closes is lost; 1 month travelling to a new one.
        let closing = self
            .catalog()
            .map
            .base(&self.command.base)
            .and_then(|b| b.closes.clone())
            .filter(|c| c.lost_if_in_refit);
        if let Some(c) = closing {
            let from = back;
            let to = back.plus(refit - 1);
            if from <= c.at && c.at <= to {
                Self::note(
                    ev,
                    "4.7.3",
                    format!(
                        "{} closes while the boat is in refit: the boat is lost",
                        crate::sensuikan::words::base(&self.command.base)
                    ),
                );
                self.new_boat(ev, "4.7.3");
                self.command.base = c.rebase_to;
                refit += i32::from(c.travel_months);
            }
        }
        for i in 0..refit {
            self.service.log.push(LogRow::mark(back.plus(i).short(), "R"));
        }
        self.month = back.plus(refit);
        if self.month > super::LAST_PATROL {
            Self::note(
                ev,
                "5.1.2",
                format!(
                    "the next patrol would start in {}: the game ends",
                    self.month.short()
                ),
            );
            self.end_career(EndCause::WarOver, ev);
            return;
        }
        // [8.9.2] A period that ended during the refit, or ends as the boat sails, is rolled in port.
        let mut steps = self.close_periods(self.month.plus(1), false, ev);
        steps.push(Step::Assign);
        self.push_front(steps);
    }
}

/// `DestroyerEscort` → `Destroyer escort`: the type as a player writes it on the log.
fn kind_name(kind: periscope_data::sensuikan::charts::ShipKind) -> String {
    let raw = format!("{kind:?}");
    let mut out = String::new();
    for (i, c) in raw.chars().enumerate() {
        if i > 0 && c.is_ascii_uppercase() {
            out.push(' ');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
