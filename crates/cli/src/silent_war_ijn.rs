//! Silent War: IJN expansion, headless: the companion's bookkeeping played from a script
//! (`play silent-war-ijn`, `replay`).

use periscope_engine::Session;
use periscope_engine::silent_war_ijn::{Companion, CompanionView};

use crate::play::Headless;

impl Headless for Companion {
    type View = CompanionView;

    fn view(&self) -> CompanionView {
        Companion::view(self)
    }

    fn describe(&self) -> String {
        Companion::view(self).to_string()
    }

    fn headline(session: &Session<Self>) -> String {
        let v = Companion::view(session.game());
        let scenario = v.scenario.as_deref().unwrap_or("not set up yet");
        format!(
            "Silent War: IJN companion · {scenario} · {} week {} · seed {} · {} actions",
            v.month,
            v.week,
            session.seed(),
            session.actions().len()
        )
    }
}
