//! The table as a player sees it, for the CLI's JSON and for scripts: face-down cards stay hidden.

use serde::Serialize;

use super::{Hunt, Mode, Phase, SlotState, score};

/// One place of the Detection Row as it can be seen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SlotView {
    pub position: u8,
    pub state: SlotState,
    /// `None` while face down.
    pub card: Option<String>,
    pub ship: Option<String>,
    pub sink_points: Option<u32>,
    /// Running total of Attack cards against this ship.
    pub attack_total: u32,
}

/// Everything on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HuntView {
    pub turn: u32,
    pub phase: Phase,
    pub mode: Mode,
    pub oxygen: i32,
    pub battery: i32,
    pub hull: i32,
    pub torpedoes: u32,
    pub sink_points: u32,
    pub detections_in_a_row: u32,
    pub hit_bonus: bool,
    pub locked_sixes: u8,
    pub attacking: Option<u8>,
    pub row: Vec<SlotView>,
}

impl Hunt {
    pub fn view(&self) -> HuntView {
        let row = self
            .row
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let visible = s.state != SlotState::FaceDown;
                let ship = s.card.ship().and_then(|c| self.rules.ship(c)).filter(|_| visible);
                SlotView {
                    position: super::position_of(i),
                    state: s.state,
                    card: visible.then(|| s.card.to_string()),
                    ship: ship.map(|r| r.ship.clone()),
                    sink_points: ship.map(|r| r.sink_points),
                    attack_total: score(&s.hits),
                }
            })
            .collect();
        HuntView {
            turn: self.turn,
            phase: self.phase.clone(),
            mode: self.mode,
            oxygen: self.oxygen,
            battery: self.battery,
            hull: self.hull,
            torpedoes: self.torpedoes,
            sink_points: self.sink_points,
            detections_in_a_row: self.streak,
            hit_bonus: self.hit_bonus,
            locked_sixes: self.locked_sixes,
            attacking: self.attack_target(),
            row,
        }
    }
}

impl std::fmt::Display for HuntView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "Turn {} · {} · Oxygen {} · Battery {} · Hull {} · Torpedoes {} · Sink Points {}",
            self.turn,
            self.mode.name(),
            self.oxygen,
            self.battery,
            self.hull,
            self.torpedoes,
            self.sink_points
        )?;
        let cells: Vec<String> = self
            .row
            .iter()
            .map(|s| match (&s.card, s.state) {
                (None, _) => format!("{}:??", s.position),
                (Some(c), SlotState::Sunk) => format!("{}:{c}(sunk)", s.position),
                (Some(c), SlotState::Found) if s.attack_total > 0 => {
                    format!(
                        "{}:{c}({}/{})",
                        s.position,
                        s.attack_total,
                        s.sink_points.unwrap_or(0)
                    )
                }
                (Some(c), _) => format!("{}:{c}", s.position),
            })
            .collect();
        writeln!(f, "Detection Row: {}", cells.join(" "))?;
        write!(
            f,
            "Detections in a row: {}{}",
            self.detections_in_a_row,
            if self.hit_bonus { " (+1 after a hit)" } else { "" }
        )?;
        if self.locked_sixes > 0 {
            write!(f, " · Sixes locked for home: {}", self.locked_sixes)?;
        }
        Ok(())
    }
}
