//! End of the career and victory [5.x].

use serde::{Deserialize, Serialize};

/// The victory levels [5.2.2], lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VictoryLevel {
    Defeat,
    Draw,
    MarginalVictory,
    ConsiderableVictory,
    DecisiveVictory,
}

impl VictoryLevel {
    pub const ALL: [VictoryLevel; 5] = [
        VictoryLevel::Defeat,
        VictoryLevel::Draw,
        VictoryLevel::MarginalVictory,
        VictoryLevel::ConsiderableVictory,
        VictoryLevel::DecisiveVictory,
    ];

    /// [5.2.2] The level of a total tonnage.
    pub fn of_tonnage(t: u32) -> Self {
        match t {
            0..=9_999 => VictoryLevel::Defeat,
            10_000..=19_999 => VictoryLevel::Draw,
            20_000..=49_999 => VictoryLevel::MarginalVictory,
            50_000..=99_999 => VictoryLevel::ConsiderableVictory,
            _ => VictoryLevel::DecisiveVictory,
        }
    }

    /// One level up, if there is one.
    pub fn up(self) -> Self {
        match self {
            VictoryLevel::Defeat => VictoryLevel::Draw,
            VictoryLevel::Draw => VictoryLevel::MarginalVictory,
            VictoryLevel::MarginalVictory => VictoryLevel::ConsiderableVictory,
            _ => VictoryLevel::DecisiveVictory,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            VictoryLevel::Defeat => "Defeat",
            VictoryLevel::Draw => "Draw",
            VictoryLevel::MarginalVictory => "Marginal Victory",
            VictoryLevel::ConsiderableVictory => "Considerable Victory",
            VictoryLevel::DecisiveVictory => "Decisive Victory",
        }
    }
}

/// How a career ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndCause {
    /// The last patrol through 7/45 is done, or the next would start after it [5.1.1] [5.1.2].
    WarOver,
    /// Sunk with all hands, or the crew lost at sea [5.1.3].
    Killed,
    /// Prisoner after scuttling [5.1.3].
    Prisoner,
    /// Scuttled and the crew rescued: the sub is lost and the game ends [2.0].
    Scuttled,
    /// The scuttling failed: the sub is captured, automatic Defeat [5.2.2].
    Captured,
}

/// The career's end and its victory level [5.1.4].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CareerEnd {
    pub cause: EndCause,
    pub tonnage: u32,
    pub special_missions: u32,
    pub level: VictoryLevel,
    /// Judged posthumously or in captivity [5.2.4].
    pub posthumous: bool,
}

impl CareerEnd {
    /// [5.2.2] [5.2.3] [5.2.4] The level: tonnage, a step up per 10 successful special missions, Defeat
    /// after a failed scuttling whatever the tonnage.
    pub fn judge(cause: EndCause, tonnage: u32, special_missions: u32) -> Self {
        let mut level = VictoryLevel::of_tonnage(tonnage);
        for _ in 0..special_missions / 10 {
            level = level.up();
        }
        if cause == EndCause::Captured {
            level = VictoryLevel::Defeat;
        }
        Self {
            cause,
            tonnage,
            special_missions,
            level,
            posthumous: matches!(cause, EndCause::Killed | EndCause::Prisoner | EndCause::Captured),
        }
    }

    pub fn describe(&self) -> String {
        let why = match self.cause {
            EndCause::WarOver => "The war is over for this boat (July 1945)",
            EndCause::Killed => "The commander is dead",
            EndCause::Prisoner => "The commander is a prisoner after scuttling",
            EndCause::Scuttled => "The boat was scuttled",
            EndCause::Captured => "The scuttling failed and the boat was captured",
        };
        // [5.2.4] A dead commander is judged posthumously; a prisoner by the same procedure, as if
        // posthumously, though he lives.
        let judged = match self.cause {
            EndCause::Killed => ", judged posthumously [5.2.4]",
            EndCause::Prisoner | EndCause::Captured => {
                ", judged as if posthumously, the commander being a prisoner of war [5.2.4]"
            }
            EndCause::WarOver | EndCause::Scuttled => "",
        };
        let defeat = if self.cause == EndCause::Captured {
            " (a failed scuttling is a Defeat whatever the tonnage [5.2.2])"
        } else {
            ""
        };
        format!(
            "{why}. {} t sunk, {} special mission{}: {}{defeat}{judged}.",
            tons(self.tonnage),
            self.special_missions,
            if self.special_missions == 1 { "" } else { "s" },
            self.level.name(),
        )
    }
}

impl super::Career {
    /// Ends the career and judges it [5.1.4]: [5.0] [5.1.1] at the end of the war, or early when the boat is
    /// lost or the commander killed or captured [5.1.3].
    pub(crate) fn end_career(&mut self, cause: EndCause, ev: &mut Vec<super::CareerEvent>) {
        let end = CareerEnd::judge(cause, self.tonnage(), self.service.special_missions);
        ev.push(super::CareerEvent::Ended { end });
        self.duty.patrol = None;
        self.phase = super::Phase::Over { end };
    }
}

/// `35200` → `35,200`.
pub(crate) fn tons(t: u32) -> String {
    let digits = t.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Whether the commander is alive and free at the end (survival tournaments [10.3]).
pub fn alive(cause: EndCause) -> bool {
    matches!(cause, EndCause::WarOver | EndCause::Scuttled)
}
