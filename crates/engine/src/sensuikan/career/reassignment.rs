//! Reassignment [9.x] and the changes of the boat by date [7.12].

use periscope_data::sensuikan::catalog::catalogs::ClassFamily;

use super::{Career, CareerAction, CareerEvent, Rank, choice, choice_as};
use crate::machine::Decision;
use crate::sensuikan::Labels;

impl Career {
    /// A new boat: of the same type, the latest model for Junsen and Kaidai [9.2].
    pub(crate) fn new_boat(&mut self, ev: &mut Vec<CareerEvent>, rule: &str) {
        self.duty.refit.new_boat = true;
        let when = self.duty.refit.sailed.plus(self.duty.refit.patrol_months);
        let family = self.class_data().map(|c| c.family);
        if let Some(f @ (ClassFamily::Junsen | ClassFamily::Kaidai)) = family
            && let Some(latest) = self.catalog().latest_model(f, when)
        {
            self.command.class = latest.id.clone();
        }
        Self::note(
            ev,
            rule,
            format!(
                "a new submarine: a {}",
                crate::sensuikan::words::class(&self.command.class)
            ),
        );
    }

    /// [9.2] A refit of 5 months or more: a new boat of the same type (latest model for Junsen and
    /// Kaidai), crew and skills kept, sailing after 1 month instead. [4.2.3] Otherwise the commander keeps
    /// his boat.
    pub(crate) fn reassign(&mut self, ev: &mut Vec<CareerEvent>) {
        if self.duty.refit.refit_months >= 5 && !self.duty.refit.new_boat {
            self.new_boat(ev, "9.2");
            self.duty.refit.refit_months = 1;
        }
    }

    /// [9.3] [8.9.4] An upgrade marker may take another class available now; Type A (Mod) and Sen-Toku
    /// need a Commander.
    pub(crate) fn upgrade_choices(&self, labels: Labels) -> Decision<CareerAction> {
        if self.service.upgrade_markers == 0 {
            return Decision::new("", "9.3", Vec::new());
        }
        let when = self.duty.refit.sailed.plus(self.duty.refit.patrol_months);
        let mut choices = vec![choice(
            CareerAction::Upgrade { class: None },
            "Keep the marker for later",
            "9.3",
        )];
        for c in self.catalog().classes_available(when) {
            if c.id == self.command.class || (c.needs_commander && self.command.rank < Rank::Commander) {
                continue;
            }
            choices.push(choice_as(
                labels,
                CareerAction::Upgrade {
                    class: Some(c.id.clone()),
                },
                || format!("Take a {}", c.name),
                if c.needs_commander { "8.9.4" } else { "9.3" },
            ));
        }
        Decision::new("Use an upgrade marker?", "9.3", choices)
    }

    /// [9.3] The crew is kept; the new boat sails 1 month after it is received.
    pub(crate) fn upgrade(&mut self, class: Option<String>, ev: &mut Vec<CareerEvent>) {
        let Some(c) = class else {
            return;
        };
        self.service.upgrade_markers = self.service.upgrade_markers.saturating_sub(1);
        self.command.class = c;
        self.duty.refit.new_boat = true;
        self.duty.refit.refit_months = self.duty.refit.refit_months.max(1);
        Self::note(
            ev,
            "9.3",
            format!(
                "upgrade marker used: a new {}",
                crate::sensuikan::words::class(&self.command.class)
            ),
        );
    }

    /// [7.12] Deck guns and aviation removed and kaiten fitted on the class's dates (the patrol reads the
    /// same dates from the class).
    pub(crate) fn removals(&mut self, ev: &mut Vec<CareerEvent>) {
        // The class read through the shared data, not copied: the career changes while it is read.
        let data = std::sync::Arc::clone(&self.data);
        let Some(c) = data.catalog.class(&self.command.class) else {
            return;
        };
        let before = self.duty.refit.sailed;
        let after = self
            .duty
            .refit
            .sailed
            .plus(self.duty.refit.patrol_months + self.duty.refit.refit_months);
        if c.has_deck_gun(before) && !c.has_deck_gun(after) {
            Self::note(ev, "7.12", "the deck gun is removed for good");
        }
        if c.has_aviation(before) && !c.has_aviation(after) {
            Self::note(ev, "7.12", "the aviation is removed");
            self.command.pilots.clear();
        }
        if c.kaiten_capacity(after) > c.kaiten_capacity(before) {
            Self::note(
                ev,
                "7.12",
                format!("fitted to carry {} kaiten", c.kaiten_capacity(after)),
            );
        }
    }
}
