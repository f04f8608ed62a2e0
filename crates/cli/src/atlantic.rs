//! Atlantic Sentinels, headless: one convoy escort mission from meeting point to meeting point
//! (`play atlantic-mission`, `replay`).

use periscope_engine::Session;
use periscope_engine::atlantic::{Mission, MissionEvent, MissionView};

use crate::play::Headless;

impl Headless for Mission {
    type View = MissionView;

    fn view(&self) -> MissionView {
        Mission::view(self)
    }

    fn describe(&self) -> String {
        let v = Mission::view(self);
        let place = if v.box_number == 0 {
            format!("at {}", v.to)
        } else {
            format!("box {} of {}", v.box_number, v.boxes.len())
        };
        let escorts = v.escorts.iter().filter(|e| e.status == "ready").count();
        let battle = v.battle.as_ref().map_or(String::new(), |b| {
            format!(
                " · battle: cycle {}, impulse {}, {} U-boat(s)",
                b.cycle,
                b.impulse,
                b.boats.len()
            )
        });
        format!(
            "{place} · {} escorts fighting · {} straggler(s) · {} ship(s) lost{battle}",
            escorts,
            v.stragglers.len(),
            v.lost.len()
        )
    }

    fn headline(session: &Session<Self>) -> String {
        let v = Mission::view(session.game());
        format!(
            "Atlantic Sentinels · {} · {} · a {} {} convoy, {} to {} · seed {} · {} actions",
            v.group,
            v.month,
            v.size,
            v.convoy,
            v.from,
            v.to,
            session.seed(),
            session.actions().len()
        )
    }

    fn opening_events(&self) -> Vec<MissionEvent> {
        Mission::opening_events(self).to_vec()
    }
}
