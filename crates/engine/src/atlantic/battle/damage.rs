//! U-boat damage: one B5 roll (d66) per hit, naming a system of the U1 mat [7.1.3]; hull and flooding
//! accumulate, a system hit twice or absent is no effect [7.3.8]; the halt-flooding roll after a turn
//! with new flooding [7.3.2] [B8]; full hull sinks the boat [7.3.4], full flooding brings it up [7.3.2];
//! the modifiers damage brings on B3, B4 and C4 [B8]; repairs at the end of a cycle [7.3.1]; and which
//! damage keeps a boat out of the rest of the encounter, repaired or not [7.3.9].

use periscope_data::atlantic::charts::{Flooding, Repair};

use super::uboat::Uboat;
use crate::atlantic::events::MissionEvent;
use crate::atlantic::reading::{chart_roll, drm, unanswered};
use crate::atlantic::words;
use crate::atlantic::{Mission, MissionError};
use crate::dice::Dice;
use crate::machine::RollSpec;
use crate::roll::Modifier;

/// A roll of the damage procedure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DamageRoll {
    /// One hit's B5 location [7.1.3].
    Location { boat: u8 },
    /// The halt-flooding roll [7.3.2] [B8].
    Flooding { boat: u8 },
    /// A repair roll at the end of a cycle [7.3.1] [B8].
    Repair { boat: u8 },
}

/// The hits of one attack, rolled one by one, then the flooding check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hits {
    pub left: u8,
    /// Flooding was taken this turn: the halt roll is due [7.3.2].
    pub new_flooding: bool,
}

impl Hits {
    pub fn new(hits: u8) -> Self {
        Self {
            left: hits,
            new_flooding: false,
        }
    }

    /// The next roll of these hits on boat `boat`, or `None` when every one is read.
    pub fn next(&self, boat: u8) -> Option<DamageRoll> {
        if self.left > 0 {
            Some(DamageRoll::Location { boat })
        } else if self.new_flooding {
            Some(DamageRoll::Flooding { boat })
        } else {
            None
        }
    }
}

/// The repairs rolled at the end of a cycle: (boat, system) pairs still to roll [7.3.1].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Repairs {
    pub queue: Vec<(usize, String)>,
}

impl Mission {
    /// The roll's spec; `repairing` is the system the next repair roll is for.
    pub(crate) fn damage_roll_spec(&self, r: DamageRoll, repairing: Option<String>) -> RollSpec {
        let c = &self.data.data.charts.b8;
        match r {
            DamageRoll::Location { boat } => RollSpec::new(
                Dice::D66,
                "B5",
                "7.1.3",
                format!("Roll where a hit strikes U-boat {boat}"),
            ),
            DamageRoll::Flooding { boat } => RollSpec::new(
                Dice::from(c.halt_flooding.dice),
                "B8",
                "7.3.2",
                format!("U-boat {boat}'s engineer tries to halt the flooding"),
            ),
            DamageRoll::Repair { boat } => {
                let name = repairing.unwrap_or_default();
                RollSpec::new(
                    Dice::D1D6,
                    "B8",
                    "7.3.1",
                    format!("U-boat {boat} tries to repair its {}", words::system(self, &name)),
                )
            }
        }
    }

    /// Reads one hit's B5 roll and marks it on the boat [7.1.3] [7.3.8].
    pub(crate) fn resolve_hit(
        &mut self,
        u: &mut Uboat,
        h: &mut Hits,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let (rec, system) = chart_roll(&self.data.data.charts.b5.chart, "B5", "7.1.3", faces, vec![])?;
        h.left = h.left.saturating_sub(1);
        let name = words::system(self, &system);
        let effect = match system.as_str() {
            "hull" => {
                u.damage.hull = (u.damage.hull + 1).min(u.hull_boxes);
                format!("box {} of {}", u.damage.hull, u.hull_boxes)
            }
            "flooding" => {
                u.damage.flooding = (u.damage.flooding + 1).min(u.flooding_boxes);
                h.new_flooding = true;
                format!("box {} of {}", u.damage.flooding, u.flooding_boxes)
            }
            "crew" => {
                u.damage.wounds += 1;
                "wounded, not tracked [7.3.6]".into()
            }
            "minor_damage" => {
                u.damage.minor += 1;
                if self.options.optional.literal_minor_damage {
                    "read literally, the boat is out of the encounter [7.3.9]".into()
                } else {
                    "no effect".into()
                }
            }
            s if !u.carries(s) => "the boat has none: no effect [7.3.8]".to_string(),
            s if u.damage.has(s) => "already out: no effect [7.3.8]".to_string(),
            s => {
                u.damage.systems.push(s.to_string());
                match self.data.data.charts.b8.effect(s) {
                    Some(e) => format!("out: {}", e.effect),
                    None => "out".to_string(),
                }
            }
        };
        self.record(rec.with_outcome(format!("{name}: {effect}")), ev);
        ev.push(MissionEvent::UboatDamage {
            boat: u.number,
            system: name,
            effect,
        });
        // [7.3.4] Full hull sinks the boat; [7.3.2] full flooding brings it up at once: no more hits.
        if u.hull_full() || u.flooding_full() {
            h.left = 0;
            h.new_flooding = false;
        }
        Ok(())
    }

    /// The halt-flooding roll after a turn with new flooding: 5-6 adds a box [7.3.2] [B8].
    pub(crate) fn resolve_flooding(
        &mut self,
        u: &mut Uboat,
        h: &mut Hits,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let (rec, res) = chart_roll(
            &self.data.data.charts.b8.halt_flooding,
            "B8",
            "7.3.2",
            faces,
            vec![],
        )?;
        h.new_flooding = false;
        let outcome = match res {
            Flooding::Halted => "flooding halted".to_string(),
            Flooding::MoreFlooding => {
                u.damage.flooding = (u.damage.flooding + 1).min(u.flooding_boxes);
                format!(
                    "one more flooding box: {} of {}",
                    u.damage.flooding, u.flooding_boxes
                )
            }
        };
        self.record(rec.with_outcome(outcome), ev);
        Ok(())
    }

    /// Whether the boat's damage keeps it out of the rest of the encounter, repaired or not [7.3.9]:
    /// anything but flooding, flak, the deck gun and wounds (and minor damage, unless read literally).
    pub(crate) fn removing_damage(&self, u: &Uboat) -> Option<String> {
        let uboats = &self.data.data.catalog.uboats;
        let literal = self.options.optional.literal_minor_damage;
        if u.damage.hull > 0 && uboats.removes_from_encounter("hull", literal).unwrap_or(true) {
            return Some(words::system(self, "hull"));
        }
        for s in &u.damage.systems {
            if uboats.removes_from_encounter(s, literal).unwrap_or(true) {
                return Some(words::system(self, s));
            }
        }
        if u.damage.minor > 0
            && uboats
                .removes_from_encounter("minor_damage", literal)
                .unwrap_or(false)
        {
            return Some("minor damage".into());
        }
        None
    }

    /// The modifiers the boat's damage brings on a chart (`B3`, `B4`, `C4`) [B8]: one motor out +1, both
    /// +2 (instead) [7.3.3]; batteries from the attack after the one that hit them, since B4 is rolled
    /// before its hits' B5 [B8].
    pub(crate) fn damage_mods(&self, u: &Uboat, chart: &str) -> Result<Vec<Modifier>, MissionError> {
        let c = &self.data.data.charts;
        let list = match chart {
            "B3" => &c.b3.modifiers,
            "B4" => &c.b4.modifiers,
            "C4" => &c.c4.modifiers,
            _ => return Ok(Vec::new()),
        };
        let mut mods = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for s in &u.damage.systems {
            if s.starts_with("electric_motor") {
                continue;
            }
            let Some(e) = c.b8.effect(s) else { continue };
            for d in e.drms.iter().filter(|d| d.chart == chart) {
                if !seen.contains(&d.modifier) {
                    seen.push(d.modifier.clone());
                    mods.push(drm(list, chart, &d.modifier, "B8")?);
                }
            }
        }
        if chart == "B4" {
            let id = match u.motors_out() {
                0 => None,
                1 => Some("one_motor_out"),
                _ => Some("both_motors_out"),
            };
            if let Some(id) = id {
                mods.push(drm(list, chart, id, "B8")?);
            }
        }
        Ok(mods)
    }

    /// Reads a repair roll at the end of a cycle: a fixed system works again [7.3.1] [B8].
    pub(crate) fn resolve_repair(
        &mut self,
        u: &mut Uboat,
        system: &str,
        faces: Vec<u8>,
        ev: &mut Vec<MissionEvent>,
    ) -> Result<(), MissionError> {
        let chart = self
            .data
            .data
            .charts
            .b8
            .effect(system)
            .and_then(|e| e.repair.clone())
            .ok_or_else(|| unanswered("B8", format_args!("repair roll for '{system}'")))?;
        let (rec, res) = chart_roll(&chart, "B8", "7.3.1", faces, vec![])?;
        let name = words::system(self, system);
        let outcome = match res {
            Repair::Fixed => {
                u.damage.systems.retain(|s| s != system);
                format!("{name} repaired")
            }
            Repair::NotRepairable => format!("{name} cannot be repaired at sea"),
        };
        self.record(rec.with_outcome(outcome), ev);
        Ok(())
    }

    /// The repairs a boat still in the pool rolls at the end of a cycle: only its repairable systems
    /// (the repairs of a boat out of the encounter change nothing [7.3.9]).
    pub(crate) fn repairs_due(&self, u: &Uboat) -> Vec<String> {
        u.damage
            .systems
            .iter()
            .filter(|s| {
                self.data
                    .data
                    .charts
                    .b8
                    .effect(s)
                    .is_some_and(|e| e.repair.is_some())
            })
            .cloned()
            .collect()
    }
}
