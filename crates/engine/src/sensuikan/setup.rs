//! Setting out [6.2.1]: the route from the class's track and the area's extra transit boxes [6.2.2A],
//! the boat and crew, and the torpedo load [4.5] with the mission's changes to it [7.0].

use std::sync::Arc;

use periscope_data::sensuikan::catalog::catalogs::EarlyLoad;

use super::aftermath::Aftermath;
use super::events::PatrolEvent;
use super::luck::Luck;
use super::mission::Mission;
use super::options::PatrolOptions;
use super::shipped::Shipped;
use super::{
    Ask, Boat, BoxKind, Crew, Patrol, PatrolAction, PatrolError, Phase, RollPurpose, Torpedo, TorpedoLedger,
    TrackBox, Voyage,
};
use crate::dice::{Dice, DiceMode, DiceSource};
use crate::machine::{Decision, RollSpec};
use crate::refusal::Refused;
use crate::roll::RollRecord;

impl Patrol {
    pub(crate) fn with_data(
        options: PatrolOptions,
        seed: u64,
        dice: DiceMode,
        data: Arc<Shipped>,
    ) -> Result<Self, PatrolError> {
        let catalog = &data.catalog;
        let class = catalog.class(&options.class).cloned().ok_or_else(|| {
            PatrolError::Refused(Refused::BadOptions(format!(
                "no submarine class '{}'",
                options.class
            )))
        })?;
        let track = catalog
            .patrol_track(&options.class, &options.area)
            .ok_or_else(|| {
                PatrolError::Refused(Refused::BadOptions(format!("no patrol area '{}'", options.area)))
            })?;
        if catalog.map.base(&options.base).is_none() {
            return Err(PatrolError::Refused(Refused::BadOptions(format!(
                "no base '{}'",
                options.base
            ))));
        }
        // The track exists only for an area of the map.
        let area = catalog.map.area(&options.area).ok_or_else(|| {
            PatrolError::Refused(Refused::BadOptions(format!("no patrol area '{}'", options.area)))
        })?;
        let extra_out = area.extra_transit.outbound;
        let extra_back = area.extra_transit.homebound;
        // [6.2.2A] [6.2.1 map] The sheet's transit boxes plus the map's extra ones, split outbound/homebound;
        // the extra boxes replace on-station boxes (the catalog's patrol_track has already taken them off),
        // and every one of them is rolled for like the sheet's own.
        let mut route = Vec::new();
        for i in 0..track.transit_out {
            route.push(TrackBox {
                kind: BoxKind::Transit,
                map_box: i >= track.transit_out.saturating_sub(extra_out),
                outbound: true,
            });
        }
        for _ in 0..track.on_station {
            route.push(TrackBox {
                kind: BoxKind::OnStation,
                map_box: false,
                outbound: false,
            });
        }
        for i in 0..track.transit_back {
            route.push(TrackBox {
                kind: BoxKind::Transit,
                map_box: i < extra_back,
                outbound: false,
            });
        }
        let crew_boxes = data.entries.crew_boxes;
        let month = options.start;
        let mut g = Patrol {
            data,
            boat: Boat {
                bow_tubes: vec![None; usize::from(class.bow_tubes)],
                stern_tubes: vec![None; usize::from(class.stern_tubes)],
                bow_reloads: Vec::new(),
                stern_reloads: Vec::new(),
                ammunition: 0,
                hull: 0,
                flooding: 0,
                systems: Vec::new(),
                aa_guns_out: 0,
                diesels_out: 0,
            },
            class,
            crew: Crew {
                captain: None,
                executive_officer: None,
                navigation_officer: None,
                doctor: None,
                engineer: None,
                crew: vec![None; crew_boxes],
            },
            dice: DiceSource::new(&dice, seed),
            month,
            voyage: Voyage::new(route),
            markers: Vec::new(),
            luck: Luck::default(),
            mission: Mission::default(),
            combat: None,
            log: Vec::new(),
            torpedoes: TorpedoLedger::default(),
            aftermath: Aftermath::default(),
            opening: Vec::new(),
            phase: Phase::Decide { ask: Ask::LoadType92 },
            last_roll: None,
            quiet: crate::roll::Quiet::default(),
            air: super::AirWing::default(),
            options,
        };
        g.air = super::AirWing::aboard(&g.class, g.month, &g.options.crew.pilots);
        // [4.6.1] [4.6.2] The ammunition box starts full: one point per round of the gun's capacity.
        g.boat.ammunition = if g.class.has_deck_gun(g.month) {
            u32::from(g.class.ammunition)
        } else {
            0
        };
        // [4.5] Before 7/42 the load is fixed or rolled; from 7/42 the player chooses 0-6 Type 92.
        g.phase = if g.from(1942, 7) {
            Phase::Decide { ask: Ask::LoadType92 }
        } else {
            match g.class.early_load {
                EarlyLoad::Roll => Phase::Roll {
                    purpose: RollPurpose::Load,
                },
                _ => {
                    let mut ev = Vec::new();
                    g.load(Torpedo::Type6, 12, &mut ev);
                    g.start_patrol();
                    g.begin_box(&mut ev);
                    g.opening.append(&mut ev);
                    g.phase.clone()
                }
            }
        };
        let mut ev = Vec::new();
        g.advance_public(&mut ev)?;
        g.opening.append(&mut ev);
        Ok(g)
    }

    fn advance_public(&mut self, ev: &mut Vec<PatrolEvent>) -> Result<(), PatrolError> {
        // Seeded dice roll at once; a game is created ready for its first decision. In place: a patrol
        // that fails here is never returned.
        crate::machine::settle(self, ev)
    }

    /// [4.5] `old` torpedoes of this type go into the reload boxes (bow first), the tubes and the rest of
    /// the reloads take Type 95. The total always equals the capacity.
    pub(crate) fn load(&mut self, old: Torpedo, count: u32, ev: &mut Vec<PatrolEvent>) {
        let mut old_left = count;
        let bow_r = usize::from(self.class.bow_reloads);
        let stern_r = usize::from(self.class.stern_reloads);
        let mut take = |n: usize| -> Vec<Torpedo> {
            (0..n)
                .map(|_| {
                    if old_left > 0 {
                        old_left -= 1;
                        old
                    } else {
                        Torpedo::Type95
                    }
                })
                .collect()
        };
        self.boat.bow_reloads = take(bow_r);
        self.boat.stern_reloads = take(stern_r);
        let bow: Vec<Torpedo> = take(self.boat.bow_tubes.len());
        let stern: Vec<Torpedo> = take(self.boat.stern_tubes.len());
        self.boat.bow_tubes = bow.into_iter().map(Some).collect();
        self.boat.stern_tubes = stern.into_iter().map(Some).collect();
        let mut notes = Vec::new();
        self.mission_load(&mut notes);
        self.torpedoes.loaded = self.boat.torpedoes();
        let names = |v: Vec<Torpedo>| {
            v.iter()
                .map(|t| super::words::torpedo(*t).to_string())
                .collect::<Vec<_>>()
        };
        ev.push(PatrolEvent::Loaded {
            bow: names(self.boat.bow_tubes.iter().flatten().copied().collect()),
            stern: names(self.boat.stern_tubes.iter().flatten().copied().collect()),
            bow_reloads: names(self.boat.bow_reloads.clone()),
            stern_reloads: names(self.boat.stern_reloads.clone()),
        });
        ev.append(&mut notes);
    }

    /// [6.2.1D] The submarine enters the first track box.
    fn start_patrol(&mut self) {
        self.voyage.position = 0;
        self.phase = Phase::Roll {
            purpose: RollPurpose::Encounter,
        };
        self.voyage.enter_box(self.boat.diesels_out);
    }

    /// The dice, chart, rule and reason of the early-war load roll.
    pub(crate) fn load_roll_spec(&self) -> RollSpec {
        RollSpec::new(
            Dice::D1D6,
            "Torpedo load",
            "4.5",
            "Roll for the early-war torpedo load",
        )
    }

    /// [4.5] 1-3: 12 Type 89 (the Example stows them as reloads); 4-6: all Type 95.
    pub(crate) fn resolve_load(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let f = i32::from(faces.first().copied().unwrap_or(1));
        let old = f <= 3;
        let rec =
            RollRecord::new("Torpedo load", "4.5", Dice::D1D6, faces, vec![], (1, 6)).with_outcome(if old {
                "12 Type 89 and the rest Type 95"
            } else {
                "all Type 95"
            });
        self.record(rec, ev);
        self.load(Torpedo::Type89, if old { 12 } else { 0 }, ev);
        self.start_patrol();
        self.begin_box(ev);
        Ok(())
    }

    /// [4.5] From 7/42 the player loads 0-6 Type 92.
    pub(crate) fn load_choices(&self, labels: super::Labels) -> Decision<PatrolAction> {
        Decision::new(
            "Load up to 6 Type 92 electric torpedoes, the rest Type 95",
            "4.5",
            (0..=6u8)
                .map(|n| {
                    super::choice_as(
                        labels,
                        PatrolAction::LoadType92 { count: n },
                        || format!("{n} Type 92"),
                        "4.5",
                    )
                })
                .collect(),
        )
    }

    pub(crate) fn load_decide(&mut self, action: PatrolAction, ev: &mut Vec<PatrolEvent>) {
        if let PatrolAction::LoadType92 { count } = action {
            self.load(Torpedo::Type92, u32::from(count), ev);
            self.start_patrol();
            self.begin_box(ev);
        }
    }
}
