//! Promotion [8.9]: a roll after each 12 months of service, 1-4 on 1d6 with the period's modifiers;
//! Leadership [11.7] promotes without a roll; each promotion gives an upgrade marker [9.3].

use super::{Career, CareerEvent, Rank, SpecialSkill};
use crate::dice::Dice;
use crate::roll::{Modifier, RollRecord};

/// [8.9.2] The promotion roll's modifiers for a period.
pub fn promotion_modifiers(golden_kite: bool, ships_sunk: u32, unsuccessful: u32) -> Vec<Modifier> {
    let mut mods = Vec::new();
    if golden_kite {
        mods.push(Modifier::new(-1, "Golden Kite in the period", "8.9.2"));
    }
    if ships_sunk >= 5 {
        mods.push(Modifier::new(-1, "5 ships sunk in the period", "8.9.2"));
    }
    if unsuccessful > 0 {
        mods.push(Modifier::new(
            i32::try_from(unsuccessful).unwrap_or(6),
            "unsuccessful patrols in the period",
            "8.9.2",
        ));
    }
    mods
}

impl Career {
    pub(crate) fn resolve_promotion(&mut self, faces: Vec<u8>, ev: &mut Vec<CareerEvent>) {
        let mods = promotion_modifiers(
            self.period.golden_kite,
            self.period.ships_sunk,
            self.period.unsuccessful,
        );
        let rec = RollRecord::new("Promotion", "8.9.2", Dice::D1D6, faces, mods, (1, 6));
        let leadership = self.special_skill == Some(SpecialSkill::Leadership);
        let ok = leadership || rec.result <= 4;
        let outcome = if leadership {
            "Leadership: promoted without a roll [8.9.2]"
        } else if ok {
            "promoted"
        } else {
            "not this time"
        };
        self.record(rec.with_outcome(outcome), ev);
        self.period = Default::default();
        if ok {
            self.rank = match self.rank {
                Rank::LieutenantCommander => Rank::Commander,
                _ => Rank::Captain,
            };
            self.upgrade_markers += 1;
            Self::note(
                ev,
                "8.9.2",
                format!("promoted to {}; an upgrade marker [9.3]", self.rank.name()),
            );
        }
    }
}
