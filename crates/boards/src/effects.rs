//! What the table animates: the screen sets it from the last step of play, the boards read it back.

/// Moments worth animating on the table, set by the screen from the last step of play.
#[derive(Default, Clone)]
pub struct Effects {
    /// 0..1 while the player's boat flashes after a hit.
    pub hull_flash: f32,
    /// 0..1 while what the last step changed flashes.
    pub flash: f32,
    /// What the last step changed, as the game's own keys (the app's `TableGame::flashes`).
    pub lit: Vec<String>,
    /// Seconds since the last step of play (an action or a roll), for movements that play out over it
    /// (an attacking U-boat closing on the convoy); large when nothing has stepped lately.
    pub age: f32,
    /// The board a moment's card asks to be shown under it (see the app's `Moment::board`), while the
    /// card is open.
    pub under_card: Option<&'static str>,
}

impl Effects {
    /// How strongly the thing named `key` flashes now (0 when it did not change).
    pub fn lit(&self, key: &str) -> f32 {
        if self.lit.iter().any(|k| k == key) {
            self.flash
        } else {
            0.0
        }
    }
}
