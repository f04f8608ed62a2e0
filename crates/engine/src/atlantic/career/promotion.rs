//! Promotion [7.6]: an attempt after the 5th month of service and every 5 months after, and a final one
//! when the game ends, the only one that can make an Admiral [7.6.2] [5.1.3]; 1d6, promoted on 1-4 after
//! −1 per 3 U-boats sunk and +1 per 10 merchants lost (since the last attempt made: our reading; a
//! Captain's periodic roll is not made, so his final roll counts everything since his last one). A new
//! Commander's group gets HF/DF; a new Captain asks for a Hedgehog, a Type 271 set or, below the cap, a
//! Flower [7.6.1].

use super::command::{Period, Rank};
use super::{Ask, Career, CareerAction, CareerError, CareerEvent, Cause, Fitting, Perk, Step, choice};
use crate::atlantic::reading::{drm, proc_roll};
use crate::machine::Decision;
use crate::roll::Modifier;

/// [7.6.2] The promotion roll's modifiers for a period: −1 per 3 U-boats, +1 per 10 merchants.
pub(crate) fn promotion_modifiers(
    list: &[periscope_data::modifier::Modifier],
    period: Period,
) -> Result<Vec<Modifier>, CareerError> {
    let mut mods = Vec::new();
    let per_uboats =
        drm(list, "promotion", "per_three_uboats_sunk", "7.6.2").map_err(CareerError::Mission)?;
    let per_merchants =
        drm(list, "promotion", "per_ten_merchants_lost", "7.6.2").map_err(CareerError::Mission)?;
    let uboats = i32::try_from(period.uboats_sunk / 3).unwrap_or(0);
    let merchants = i32::try_from(period.merchants_lost / 10).unwrap_or(0);
    if uboats > 0 {
        mods.push(Modifier::new(
            per_uboats.value * uboats,
            format!("{} U-boats sunk", period.uboats_sunk),
            "7.6.2",
        ));
    }
    if merchants > 0 {
        mods.push(Modifier::new(
            per_merchants.value * merchants,
            format!("{} merchants lost", period.merchants_lost),
            "7.6.2",
        ));
    }
    Ok(mods)
}

impl Career {
    pub(crate) fn resolve_promotion(
        &mut self,
        final_roll: bool,
        faces: Vec<u8>,
        ev: &mut Vec<CareerEvent>,
    ) -> Result<(), CareerError> {
        let chart = self.procedure("promotion")?.clone();
        let period = self.cmd().period;
        let mods = promotion_modifiers(&chart.modifiers, period)?;
        let rule = if final_roll { "5.1.3" } else { "7.6.2" };
        let (rec, res) = proc_roll(&chart, rule, faces, mods).map_err(CareerError::Mission)?;
        let promoted = res.word() == Some("promoted");
        let rank = self.cmd().rank;
        // Only the final roll makes an Admiral [5.1.3].
        let next = rank.next().filter(|n| final_roll || *n != Rank::Admiral);
        let new = if promoted { next } else { None };
        let words = match new {
            Some(r) => format!("promoted to {}", rank_name(r)),
            None if promoted => "no higher rank to reach".to_string(),
            None => "not promoted".to_string(),
        };
        self.record(rec.with_outcome(words), ev);
        let c = self.cmd_mut();
        c.period = Period::default();
        let Some(new) = new else { return Ok(()) };
        c.rank = new;
        c.log.rank = rank_name(new).into();
        match new {
            Rank::Commander if !c.hf_df => {
                c.hf_df = true;
                Self::note(ev, "7.6.1", "As a Commander the SOE gets his group HF/DF");
            }
            Rank::Captain if !final_roll => self.then([Step::Ask { ask: Ask::Perk }]),
            _ => {}
        }
        Ok(())
    }

    /// [7.6.1] A new Captain's request.
    pub(crate) fn perk_choices(&self) -> Decision<CareerAction> {
        let c = self.cmd();
        let mut choices = Vec::new();
        if c.ships.iter().any(|s| !s.hedgehog) {
            choices.push(choice(
                CareerAction::Perk { perk: Perk::Hedgehog },
                "A Hedgehog installation",
                "7.6.1",
            ));
        }
        if c.ships.iter().any(|s| !s.type_271) {
            choices.push(choice(
                CareerAction::Perk { perk: Perk::Type271 },
                "A Type 271 radar installation",
                "7.6.1",
            ));
        }
        if self.below_cap(false) {
            choices.push(choice(
                CareerAction::Perk { perk: Perk::Flower },
                "An extra Flower-class corvette",
                "7.6.1",
            ));
        }
        Decision::new("As a Captain, request one of these", "7.6.1", choices)
    }

    pub(crate) fn take_perk(&mut self, perk: Perk, ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        match perk {
            Perk::Hedgehog => self.then([Step::Ask {
                ask: Ask::Fit {
                    fitting: Fitting::Hedgehog,
                    rule: Cause::Rank,
                },
            }]),
            Perk::Type271 => self.then([Step::Ask {
                ask: Ask::Fit {
                    fitting: Fitting::Type271,
                    rule: Cause::Rank,
                },
            }]),
            Perk::Flower => self.reinforce(false, "7.6.1", ev),
        }
        Ok(())
    }
}

/// A rank's name [7.6.1].
pub fn rank_name(r: Rank) -> &'static str {
    match r {
        Rank::LieutenantCommander => "Lieutenant Commander",
        Rank::Commander => "Commander",
        Rank::Captain => "Captain",
        Rank::Admiral => "Admiral",
    }
}
