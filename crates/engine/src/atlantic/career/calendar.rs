//! The calendar [6.0] [6.3.2]: two missions a month from February 1942 to June 1943 [4.2.1] [5.1.1]; in
//! each slot every commander still at war sails in turn [10.2]; at a month's end the promotion attempts
//! fall due [7.6.2]; the Canadian groups other than C-3 sit out February and March 1943 [7.7.1] [5.1.1].

use super::{Career, CareerError, CareerEvent, CareerRoll, Rank, Step};

impl Career {
    /// [6.3.2] The slot begins: its sailings, then its end.
    pub(crate) fn begin_slot(&mut self, _ev: &mut Vec<CareerEvent>) {
        if self.slot.month > self.data.data.catalog.career.calendar.end {
            self.then([Step::EndGame]);
            return;
        }
        let month = self.slot.month;
        let mut steps = Vec::new();
        for i in 0..self.commands.len() {
            let at = self.at;
            self.at = i;
            let alive = self.cmd().alive();
            let away = self.withdrawal().filter(|w| (w.from..=w.until).contains(&month));
            let withdrawn = self.cmd().withdrawn;
            self.at = at;
            let to = u8::try_from(i).unwrap_or(0);
            match (alive, away) {
                (false, _) => {}
                (true, Some(_)) if !withdrawn => steps.extend([Step::Turn { to }, Step::Withdraw]),
                (true, Some(_)) => {}
                (true, None) => steps.extend([Step::Turn { to }, Step::Sail]),
            }
        }
        steps.push(Step::SlotEnd);
        self.then(steps);
    }

    /// The slot is over: the second half of the month, or the next month after the promotion attempts
    /// due at this month's end [7.6.2].
    pub(crate) fn end_slot(&mut self, _ev: &mut Vec<CareerEvent>) -> Result<(), CareerError> {
        if self.commands.iter().all(|c| !c.alive()) {
            self.then([Step::EndGame]);
            return Ok(());
        }
        if self.slot.half == 1 {
            self.slot.half = 2;
            self.then([Step::Slot]);
            return Ok(());
        }
        let month = self.slot.month;
        let every = i32::from(self.data.data.catalog.career.promotion.then_every_months);
        let mut steps = Vec::new();
        for (i, c) in self.commands.iter_mut().enumerate() {
            if c.alive() && c.next_promotion == month {
                c.next_promotion = month.plus(every);
                // Only the final roll can make an Admiral [5.1.3]: a Captain's periodic roll is not made.
                // Not made, it is no attempt: his period runs on, and the final roll counts everything
                // since his last attempt [7.6.2] [5.1.3].
                if c.rank < Rank::Captain {
                    steps.push(Step::Turn {
                        to: u8::try_from(i).unwrap_or(0),
                    });
                    steps.push(Step::Roll {
                        roll: CareerRoll::Promotion { final_roll: false },
                    });
                }
            }
        }
        self.slot.month = month.next();
        self.slot.half = 1;
        steps.push(Step::Turn { to: 0 });
        steps.push(Step::Slot);
        self.then(steps);
        Ok(())
    }
}
