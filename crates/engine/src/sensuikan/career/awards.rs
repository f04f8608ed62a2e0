//! Decorations [8.8]. Only the Golden Kite affects play (-1 on detection, an upgrade marker [9.3], -1 on
//! the promotion roll of its period).

use super::{Career, CareerEvent, Kite, Rank};

/// [8.8.1] [8.8.2] The Golden Kite a patrol earns, if any: a capital ship, or more than 50,000 t; the 5th
/// class for a Lieutenant Commander, the 4th for a Commander or Captain — who needs 100,000 t or a capital
/// ship if he already holds the 5th.
pub fn golden_kite(rank: Rank, held: Option<Kite>, tonnage: u32, capital: bool) -> Option<Kite> {
    match (rank, held) {
        (_, Some(Kite::Fourth)) => None,
        (Rank::LieutenantCommander, None) => (capital || tonnage > 50_000).then_some(Kite::Fifth),
        (Rank::LieutenantCommander, Some(Kite::Fifth)) => None,
        (_, None) => (capital || tonnage > 50_000).then_some(Kite::Fourth),
        (_, Some(Kite::Fifth)) => (capital || tonnage >= 100_000).then_some(Kite::Fourth),
    }
}

impl Career {
    fn decorate(&mut self, name: &str, rule: &str, ev: &mut Vec<CareerEvent>) {
        if !self.service.decorations.iter().any(|d| d == name) {
            self.service.decorations.push(name.to_string());
            Self::note(ev, rule, format!("decorated: {name}"));
        }
    }

    /// [6.2.3B C] Decorations, then the promotion roll of a 12-month period that ended by now [8.9.2]:
    /// [8.8.6] the War Medal after the first patrol, [8.8.5] the Wound Badge, [8.8.4] the Sacred Treasure at
    /// 12 months and [8.8.3] the Rising Sun at 24, [8.8.1] [8.8.2] the Golden Kite — the only one that
    /// changes play [8.8].
    pub(crate) fn awards(&mut self, ev: &mut Vec<CareerEvent>) {
        self.decorate("Greater East Asia War Medal", "8.8.6", ev);
        if self.duty.refit.captain_wounded {
            self.decorate("Wound Badge", "8.8.5", ev);
        }
        let now = self.duty.refit.sailed.plus(self.duty.refit.patrol_months);
        let service = self.service.service_start.months_until(now);
        if service >= 12 {
            self.decorate("Order of the Sacred Treasure, 8th class", "8.8.4", ev);
        }
        if service >= 24 {
            self.decorate("Order of the Rising Sun, 8th class", "8.8.3", ev);
        }
        if let Some(k) = golden_kite(
            self.command.rank,
            self.command.kite,
            self.duty.refit.tonnage,
            self.duty.refit.capital_sunk,
        ) {
            let (name, rule) = match k {
                Kite::Fifth => ("Order of the Golden Kite, 5th class", "8.8.2"),
                Kite::Fourth => ("Order of the Golden Kite, 4th class", "8.8.1"),
            };
            self.command.kite = Some(k);
            self.decorate(name, rule, ev);
            self.service.period.golden_kite = true;
            self.service.upgrade_markers += 1;
            Self::note(ev, "9.3", "an upgrade marker for the Golden Kite");
        }
        // [8.9.2] A period that ended by the month the boat is home: this patrol counts in it.
        let steps = self.close_periods(now.plus(1), false, ev);
        self.push_front(steps);
    }
}
