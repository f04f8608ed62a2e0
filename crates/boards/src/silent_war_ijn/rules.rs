//! The expansion's shipped data, read once for the board (the ships' names) and the app's screens.

use std::sync::OnceLock;

use periscope_data::silent_war_ijn::IjnData;

/// The shipped data, read once (the rule summaries and the names the set-up page shows).
pub fn shipped() -> Option<&'static IjnData> {
    static DATA: OnceLock<Option<IjnData>> = OnceLock::new();
    DATA.get_or_init(|| IjnData::shipped().ok()).as_ref()
}
