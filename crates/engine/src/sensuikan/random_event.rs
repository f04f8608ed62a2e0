//! The random event [8.1.8]: the first natural 12 of the patrol's encounter rolls is an event of B11 —
//! fire aboard, running aground, a typhoon, sickness, an engine breakdown, friendly fire, a hot run, a
//! supply rendezvous, or a marker kept for later (Maneki Neko, radio intelligence, an exhausted crew).

use super::events::PatrolEvent;
use super::reading::chart_roll;
use super::{Attacker, Combat, ContactKind, DamageRoll, Patrol, PatrolError, Phase, RollPurpose};
use crate::dice::Dice;
use crate::machine::RollSpec;

impl Patrol {
    /// The dice, chart, rule and reason of the random event roll.
    pub(crate) fn random_event_roll_spec(&self) -> RollSpec {
        RollSpec::new(
            Dice::from(self.data.charts.b11.chart.dice),
            "B11",
            "8.1.8",
            "Roll the random event",
        )
    }

    /// [8.1.8] The random event (B11).
    pub(crate) fn resolve_random_event(
        &mut self,
        faces: Vec<u8>,
        ev: &mut Vec<PatrolEvent>,
    ) -> Result<(), PatrolError> {
        let (rec, o) = chart_roll(&self.data.charts.b11.chart, "B11", "8.1.8", faces, vec![])?;
        if self.quiet.records() {
            self.record(rec.with_outcome(o.name.clone()), ev);
        }
        ev.push(PatrolEvent::RandomEvent {
            id: o.id.clone(),
            name: o.name.clone(),
        });
        if o.keep_marker {
            self.markers.push(o.id.clone());
        }
        match o.id.as_str() {
            "fire_aboard" => {
                let mut c = Combat::new(ContactKind::Ship);
                c.incoming.attacker = Attacker::Fire;
                c.incoming.after_damage = super::AfterDamage::EndEncounter;
                c.incoming.hits_pending = 1;
                self.combat = Some(c);
                self.phase = Phase::Roll {
                    purpose: RollPurpose::Damage(DamageRoll::SubDamage),
                };
            }
            "run_aground" => {
                if !self.options.crew.expert_navigator {
                    self.add_hull(1, ev);
                    // The next on-station box is lost while the boat works free.
                    if let Some(i) = self.voyage.route[self.voyage.position + 1..]
                        .iter()
                        .position(|b| b.kind == super::BoxKind::OnStation)
                    {
                        self.voyage.route.remove(self.voyage.position + 1 + i);
                    }
                }
                self.after_event(ev);
            }
            "typhoon" => {
                self.voyage.skip_next_box = true;
                self.wound_generic_lw(ev);
                self.after_event(ev);
            }
            "sickness" => {
                self.wound_generic_lw(ev);
                self.after_event(ev);
            }
            "engine_breakdown" => {
                self.damage_system(periscope_data::sensuikan::charts::System::DieselEngines, ev);
                self.end_encounter(ev);
            }
            "friendly_fire" => {
                self.start_aircraft(true, ev);
            }
            "hot_run" => {
                let lost = self
                    .boat
                    .bow_tubes
                    .iter_mut()
                    .chain(self.boat.stern_tubes.iter_mut())
                    .find(|t| t.is_some())
                    .map(|t| t.take());
                if lost.is_some() {
                    self.torpedoes.lost += 1;
                    ev.push(PatrolEvent::TorpedoLost);
                }
                self.after_event(ev);
            }
            "supply_rendezvous" => {
                let bow = usize::from(self.class.bow_reloads).saturating_sub(self.boat.bow_reloads.len());
                let stern =
                    usize::from(self.class.stern_reloads).saturating_sub(self.boat.stern_reloads.len());
                self.boat
                    .bow_reloads
                    .extend(std::iter::repeat_n(super::Torpedo::Type95, bow));
                self.boat
                    .stern_reloads
                    .extend(std::iter::repeat_n(super::Torpedo::Type95, stern));
                let n = u32::try_from(bow + stern).unwrap_or(0);
                self.torpedoes.loaded += n;
                let ammo = if self.class.has_deck_gun(self.month) {
                    u32::from(self.class.ammunition)
                } else {
                    0
                };
                let added = ammo.saturating_sub(self.boat.ammunition);
                self.boat.ammunition = self.boat.ammunition.max(ammo);
                ev.push(PatrolEvent::Resupplied {
                    torpedoes: n,
                    ammunition: added,
                });
                self.after_event(ev);
            }
            _ => self.after_event(ev),
        }
        Ok(())
    }

    fn after_event(&mut self, ev: &mut Vec<PatrolEvent>) {
        if matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        self.box_done(ev);
    }
}
