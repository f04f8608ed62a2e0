//! A calendar month of the war, written `"12/41"` in the data files.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A month and year. Orders chronologically (year first, then month).
///
/// The data crate cannot depend on the engine's calendar, so the catalogs use this small type of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct MonthYear {
    pub year: u16,
    pub month: u8,
}

impl MonthYear {
    /// December 1941, the first month of play [4.2.1].
    pub const WAR_START: MonthYear = MonthYear {
        year: 1941,
        month: 12,
    };
    /// July 1945, the last month in which a patrol may start [5.1.1].
    pub const LAST_PATROL: MonthYear = MonthYear { year: 1945, month: 7 };

    /// A month, if `month` is 1 to 12.
    pub fn new(year: u16, month: u8) -> Option<Self> {
        (1..=12).contains(&month).then_some(MonthYear { year, month })
    }

    /// Parses `"12/41"` (or `"12/1941"`). Two-digit years are 19xx. Years outside 1939-1946 are refused,
    /// because nothing in these games happens outside the war.
    pub fn parse(text: &str) -> Result<Self, String> {
        let t = text.trim();
        let (m, y) = t
            .split_once('/')
            .ok_or_else(|| format!("'{text}' is not a month like 12/41"))?;
        let month: u8 = m
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a month like 12/41"))?;
        let y = y.trim();
        let year: u16 = y
            .parse()
            .map_err(|_| format!("'{text}' is not a month like 12/41"))?;
        let year = match y.len() {
            2 => 1900 + year,
            4 => year,
            _ => return Err(format!("'{text}' is not a month like 12/41")),
        };
        if !(1939..=1946).contains(&year) {
            return Err(format!("'{text}' is outside the war (1939-1946)"));
        }
        MonthYear::new(year, month).ok_or_else(|| format!("'{text}': month {month} is not 1 to 12"))
    }

    /// A count of months, so that differences are month counts.
    pub fn ordinal(self) -> i32 {
        i32::from(self.year) * 12 + i32::from(self.month) - 1
    }

    /// The month `n` months later (earlier when `n` is negative).
    pub fn plus(self, n: i32) -> Self {
        let o = self.ordinal() + n;
        let year = u16::try_from(o.div_euclid(12)).unwrap_or(0);
        let month = u8::try_from(o.rem_euclid(12) + 1).unwrap_or(1);
        MonthYear { year, month }
    }

    /// Months from `self` to `later` (negative when `later` is earlier).
    pub fn months_until(self, later: MonthYear) -> i32 {
        later.ordinal() - self.ordinal()
    }
}

impl fmt::Display for MonthYear {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{:02}", self.month, self.year % 100)
    }
}

impl TryFrom<String> for MonthYear {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        MonthYear::parse(&s)
    }
}

impl From<MonthYear> for String {
    fn from(m: MonthYear) -> String {
        m.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_the_books_notation() {
        let m = MonthYear::parse("12/41").unwrap();
        assert_eq!(
            m,
            MonthYear {
                year: 1941,
                month: 12
            }
        );
        assert_eq!(m.to_string(), "12/41");
        assert_eq!(MonthYear::parse("7/1945").unwrap().to_string(), "7/45");
        assert_eq!(
            MonthYear::parse(" 3/44 ").unwrap(),
            MonthYear { year: 1944, month: 3 }
        );
        for bad in ["13/41", "0/42", "12-41", "12/", "x/41", "12/141", "1/50"] {
            assert!(MonthYear::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn orders_and_counts_months() {
        let dec41 = MonthYear::WAR_START;
        let jan42 = MonthYear::parse("1/42").unwrap();
        assert!(dec41 < jan42);
        assert_eq!(dec41.plus(1), jan42);
        assert_eq!(jan42.plus(-1), dec41);
        assert_eq!(dec41.months_until(MonthYear::LAST_PATROL), 43);
    }

    /// [12.0] A Type C sailing in December 1941 on a 2-month patrol refits in February and sails in March 1942.
    #[test]
    fn month_arithmetic_follows_the_example_of_play() {
        let sail = MonthYear::WAR_START;
        assert_eq!(sail.plus(2).to_string(), "2/42");
        assert_eq!(sail.plus(3).to_string(), "3/42");
    }
}
