//! Setting up a battle, in the errata's order [6.1 2b] [6.1 2c] [7.1.3 ERRATA]: day or night [7.1.5];
//! the weather on C3, with the stragglers Poor and Bad weather make [7.1.6]; then the pack — a wolfpack's
//! size on A3 (with the year's modifier, less 1d6 from eight boats, all Type VII) [7.1.3], or a single
//! boat and its type [7.1.4] — and, with the optional rule, each boat's crew on B9 [12.3].

use periscope_data::atlantic::charts::Weather;

use super::{Battle, BattleKind, BoatState, Damage, Mission, Step, Uboat};
use crate::atlantic::convoy::{Fate, Picking};
use crate::atlantic::events::MissionEvent;
use crate::atlantic::reading::{chart_roll, drm, proc_roll, unanswered};
use crate::atlantic::{MissionAction, MissionError, Throw};
use crate::dice::Dice;
use crate::machine::{RollSpec, Wait};
use crate::refusal::Refused;
use crate::roll::RollRecord;

/// A roll of the set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupRoll {
    DayNight,
    Weather,
    PackSize,
    PackReduction,
    SingleType,
    Quality { boat: u8 },
}

/// The set-up's state.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Setup {
    pub stage: SetupStage,
    /// The merchants the weather makes straggle [7.1.6].
    pub picking: Option<Picking>,
    /// A3's size before the reduction [7.1.3].
    pub size: u8,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SetupStage {
    #[default]
    DayNight,
    Weather,
    Stragglers,
    PackSize,
    PackReduction,
    SingleType,
    /// The crew of this boat [12.3].
    Quality(usize),
}

impl Mission {
    pub(crate) fn setup_roll_spec(&self, r: SetupRoll) -> RollSpec {
        match r {
            SetupRoll::DayNight => {
                let (dice, chart) = self.procedure_dice("day_night");
                RollSpec::new(dice, chart, "7.1.5", "Day or night for the encounter")
            }
            SetupRoll::Weather => RollSpec::new(Dice::D1D6, "C3", "6.1 2c", "Roll the weather on C3"),
            SetupRoll::PackSize => RollSpec::new(Dice::D2D6, "A3", "7.1.3", "Roll the wolfpack's size on A3"),
            SetupRoll::PackReduction => RollSpec::new(
                Dice::D1D6,
                "A3",
                "7.1.3",
                "Eight boats or more: roll 1d6 to take off",
            ),
            SetupRoll::SingleType => RollSpec::new(
                Dice::from(self.data.data.charts.a3.single_uboat_type.dice),
                "A3",
                "7.1.4",
                "Roll the single U-boat's type",
            ),
            SetupRoll::Quality { boat } => RollSpec::new(
                Dice::D1D6,
                "B9",
                "12.3",
                format!("Roll U-boat {boat}'s crew quality"),
            ),
        }
    }

    pub(crate) fn setup_wait(&self, b: &Battle, s: &Setup) -> Wait<MissionAction, Throw> {
        let r = match s.stage {
            SetupStage::DayNight => SetupRoll::DayNight,
            SetupStage::Weather => SetupRoll::Weather,
            SetupStage::Stragglers => {
                return Wait::Roll(Throw::Pick(
                    s.picking
                        .as_ref()
                        .and_then(|p| self.peek_picking(p))
                        .unwrap_or(crate::atlantic::convoy::PickRoll::Size),
                ));
            }
            SetupStage::PackSize => SetupRoll::PackSize,
            SetupStage::PackReduction => SetupRoll::PackReduction,
            SetupStage::SingleType => SetupRoll::SingleType,
            SetupStage::Quality(i) => SetupRoll::Quality {
                boat: b.boats.get(i).map_or(0, |u| u.number),
            },
        };
        Wait::Roll(Throw::Setup(r))
    }

    pub(crate) fn setup_roll(
        &mut self,
        b: &mut Battle,
        mut s: Setup,
        throw: Throw,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        match (s.stage, throw) {
            (SetupStage::DayNight, _) => {
                let (rec, res) = proc_roll(self.procedure("day_night")?, "7.1.5", faces, vec![])?;
                b.night_first = res.word() == Some("night");
                let pattern = if b.night_first {
                    "night: the cycles run night, day, night"
                } else {
                    "day: the cycles run day, night, day"
                };
                self.record(rec.with_outcome(pattern), ev);
                ev.push(MissionEvent::TimeOfDay { night: b.night_first });
                if std::mem::replace(&mut self.voyage.gale, false) {
                    ev.push(MissionEvent::note("A gale: Bad weather, without a C3 roll [9.2]"));
                    self.weather_is(b, &mut s, Weather::Bad, ev)?;
                } else {
                    s.stage = SetupStage::Weather;
                    b.step = Step::Setup(s);
                }
            }
            (SetupStage::Weather, _) => {
                let rec = RollRecord::new("C3", "6.1 2c", Dice::D1D6, faces, vec![], (1, 6));
                let w = self
                    .data
                    .data
                    .charts
                    .c3
                    .weather(self.month, rec.result)
                    .ok_or_else(|| {
                        unanswered("C3", format_args!("row for {} in {}", rec.result, self.month))
                    })?;
                let name = crate::atlantic::words::weather(self, w);
                self.record(rec.with_outcome(name), ev);
                self.weather_is(b, &mut s, w, ev)?;
            }
            (SetupStage::Stragglers, Throw::Pick(p)) => {
                let mut picking = s.picking.take().unwrap_or_else(|| Picking::new(0, None));
                self.resolve_pick(&mut picking, p, faces, ev)?;
                s.picking = Some(picking);
                self.weather_stragglers(b, s, ev)?;
            }
            (SetupStage::PackSize, _) => {
                let a3 = &self.data.data.charts.a3;
                let mut mods = Vec::new();
                let year = format!("year_{}", self.month.year);
                // [11.2] ONS 154's third box: its own modifier instead of the year's.
                if let Some(m) = self.scenario_box().and_then(|x| x.a3_modifier) {
                    mods.push(crate::roll::Modifier::new(
                        m,
                        "the scenario's box, instead of the year's",
                        "11.2",
                    ));
                } else if a3.modifiers.iter().any(|m| m.id == year) {
                    mods.push(drm(&a3.modifiers, "A3", &year, "7.1.3")?);
                }
                if b.bad_weather() {
                    mods.push(drm(&a3.modifiers, "A3", "bad_weather", "6.1 2c")?);
                }
                let (rec, size) = chart_roll(&a3.chart, "A3", "7.1.3", faces, mods)?;
                s.size = size.boats.max(1);
                let reduce = size.reduce_by.is_some();
                self.record(
                    rec.with_outcome(if reduce {
                        format!("{} boats: roll 1d6 to take off", s.size)
                    } else {
                        crate::atlantic::words::count(s.size, "boat", "boats")
                    }),
                    ev,
                );
                if reduce {
                    s.stage = SetupStage::PackReduction;
                    b.step = Step::Setup(s);
                } else {
                    let n = s.size;
                    self.pack_is(b, s, n, "type_vii", ev)?;
                }
            }
            (SetupStage::PackReduction, _) => {
                let rec = RollRecord::new("A3", "7.1.3", Dice::D1D6, faces, vec![], (1, 6));
                let n = u8::try_from(i32::from(s.size) - rec.result).unwrap_or(1).max(1);
                let less = rec.result;
                self.record(
                    rec.with_outcome(format!(
                        "{} less {less}: {}",
                        s.size,
                        crate::atlantic::words::count(n, "boat", "boats")
                    )),
                    ev,
                );
                self.pack_is(b, s, n, "type_vii", ev)?;
            }
            (SetupStage::SingleType, _) => {
                let (rec, kind) = chart_roll(
                    &self.data.data.charts.a3.single_uboat_type,
                    "A3",
                    "7.1.4",
                    faces,
                    vec![],
                )?;
                let name = self.uboat_type_name(&kind);
                self.record(rec.with_outcome(name), ev);
                self.pack_is(b, s, 1, &kind, ev)?;
            }
            (SetupStage::Quality(i), _) => {
                let rec = RollRecord::new("B9", "12.3", Dice::D1D6, faces, vec![], (1, 6));
                let q = self
                    .data
                    .data
                    .charts
                    .b9
                    .quality(self.month, rec.result)
                    .ok_or_else(|| {
                        unanswered("B9", format_args!("row for {} in {}", rec.result, self.month))
                    })?;
                self.record(rec.with_outcome(crate::atlantic::words::quality(q)), ev);
                if let Some(u) = b.boats.get_mut(i) {
                    u.quality = Some(q);
                }
                self.next_quality(b, s, i + 1, ev);
            }
            (stage, _) => {
                s.stage = stage;
                b.step = Step::Setup(s);
                return Err(MissionError::Refused(Refused::Data(
                    "a roll came that the set-up does not read".into(),
                )));
            }
        }
        Ok(())
    }

    pub(crate) fn peek_picking(&self, p: &Picking) -> Option<crate::atlantic::convoy::PickRoll> {
        use crate::atlantic::convoy::PickRoll;
        if p.ships.len() >= p.want {
            return None;
        }
        // [11.1] [11.2] A scenario's list: the band die, then the d20.
        if self.scenario_ships_chart().is_some() {
            if !self.scenario_ship_left(p) {
                return None;
            }
            return Some(if p.band.is_none() {
                PickRoll::Band
            } else {
                PickRoll::ScenarioShip
            });
        }
        if p.fixed.is_none() && p.sizes.len() < p.want {
            return Some(PickRoll::Size);
        }
        let size = p.fixed.or_else(|| p.sizes.get(p.ships.len()).copied())?;
        Some(PickRoll::Name { size })
    }

    fn uboat_type_name(&self, id: &str) -> String {
        self.data
            .data
            .catalog
            .uboats
            .uboat_type(id)
            .map_or_else(|| id.to_string(), |t| t.name.clone())
    }

    /// The weather is known: its stragglers, then the pack [7.1.6] [6.1 2c].
    fn weather_is(
        &mut self,
        b: &mut Battle,
        s: &mut Setup,
        w: Weather,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        b.weather = Some(w);
        ev.push(MissionEvent::Weather {
            weather: crate::atlantic::words::weather(self, w),
        });
        let n = self.data.data.charts.c3.condition(w).map_or(0, |c| c.stragglers);
        s.picking = Some(Picking::new(usize::from(n), None));
        self.weather_stragglers(b, std::mem::take(s), ev)
    }

    /// Picks the weather's stragglers one by one, then goes on to the pack.
    fn weather_stragglers(
        &mut self,
        b: &mut Battle,
        mut s: Setup,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let mut picking = s.picking.take().unwrap_or_else(|| Picking::new(0, None));
        if self.pick_next(&mut picking)?.is_some() {
            s.stage = SetupStage::Stragglers;
            s.picking = Some(picking);
            b.step = Step::Setup(s);
            return Ok(());
        }
        for &i in &picking.ships {
            let m = &mut self.convoy.ships[i];
            if m.fate == Fate::InConvoy {
                m.fate = Fate::Straggler;
                m.temporary = true;
                ev.push(MissionEvent::Straggler {
                    name: m.name.clone(),
                    tonnage: m.tonnage,
                    why: "the weather [7.1.6]".into(),
                });
            }
        }
        // [11.1] A scenario's pack of a given size: no A3 size roll, its reduction if eight or more.
        let given = self
            .scenario_box()
            .and_then(|x| x.boats.map(|n| (n, x.reduce_per_a3)));
        if b.kind == BattleKind::Wolfpack
            && let Some((n, reduce)) = given
        {
            s.size = n.max(1);
            ev.push(MissionEvent::note(format!(
                "The scenario's wolfpack: {n} boats [11.1]"
            )));
            if reduce && s.size >= periscope_data::atlantic::charts::REDUCE_FROM {
                s.stage = SetupStage::PackReduction;
                b.step = Step::Setup(s);
                return Ok(());
            }
            let n = s.size;
            return self.pack_is(b, s, n, "type_vii", ev);
        }
        s.stage = match b.kind {
            BattleKind::Wolfpack => SetupStage::PackSize,
            BattleKind::Single => SetupStage::SingleType,
        };
        b.step = Step::Setup(s);
        Ok(())
    }

    /// The pack is sized: its boats, all Type VII in a wolfpack [7.1.3].
    fn pack_is(
        &mut self,
        b: &mut Battle,
        s: Setup,
        n: u8,
        kind: &str,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let t = self
            .data
            .data
            .catalog
            .uboats
            .uboat_type(kind)
            .ok_or_else(|| unanswered("uboats.json", format_args!("type '{kind}'")))?
            .clone();
        b.boats = (1..=n)
            .map(|number| Uboat {
                number,
                kind: t.id.clone(),
                kind_name: t.name.clone(),
                hull_boxes: t.hull_boxes,
                flooding_boxes: t.flooding_boxes,
                bow_tubes: t.bow_tubes,
                stern_tubes: t.stern_tubes,
                flak_mounts: t.flak_mounts,
                deck_gun: t.deck_gun,
                quality: None,
                damage: Damage::default(),
                state: BoatState::Active,
                station: None,
                reported: false,
                shadowing: false,
                detected: false,
                credit: None,
                attacks: 0,
                g7a_by_day: false,
                rounds: 0,
            })
            .collect();
        ev.push(MissionEvent::Battle {
            boats: n,
            what: match b.kind {
                BattleKind::Wolfpack if n == 1 => format!("a wolfpack of one {}", t.name),
                BattleKind::Wolfpack => format!("a wolfpack of {n} {}s", t.name),
                BattleKind::Single => format!("a single {}", t.name),
            },
        });
        self.next_quality(b, s, 0, ev);
        Ok(())
    }

    /// [12.3] Each boat's crew, before any of its attacks or detection rolls; then the first cycle.
    fn next_quality(&mut self, b: &mut Battle, mut s: Setup, i: usize, ev: &mut Vec<MissionEvent>) {
        if self.options.optional.uboat_quality && i < b.boats.len() {
            s.stage = SetupStage::Quality(i);
            b.step = Step::Setup(s);
            return;
        }
        b.cycle = 1;
        self.begin_cycle(b, ev);
    }
}
