//! Months and years, for the campaign games' turn track (one turn is one month).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A calendar month of a campaign: `12/41` is December 1941.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Month {
    /// Full year, 1939-1945 for our games.
    pub year: u16,
    /// 1 = January … 12 = December.
    pub month: u8,
}

impl Month {
    /// A month, if `month` is 1-12.
    pub fn new(year: u16, month: u8) -> Option<Self> {
        (1..=12).contains(&month).then_some(Self { year, month })
    }

    /// Months since January of year 0, for arithmetic.
    fn ordinal(self) -> i32 {
        i32::from(self.year) * 12 + i32::from(self.month) - 1
    }

    fn from_ordinal(o: i32) -> Self {
        let o = o.max(0);
        Self {
            year: u16::try_from(o / 12).unwrap_or(u16::MAX),
            month: (o % 12) as u8 + 1,
        }
    }

    /// The month `n` months later (earlier when negative).
    pub fn plus(self, n: i32) -> Self {
        Self::from_ordinal(self.ordinal() + n)
    }

    pub fn next(self) -> Self {
        self.plus(1)
    }

    /// Whole months from `self` to `later` (negative when `later` is earlier).
    pub fn months_until(self, later: Month) -> i32 {
        later.ordinal() - self.ordinal()
    }

    /// The short form the rulebooks use: `12/41`.
    pub fn short(self) -> String {
        format!("{}/{:02}", self.month, self.year % 100)
    }

    /// `December 1941`.
    pub fn long(self) -> String {
        const NAMES: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        let name = NAMES
            .get(usize::from(self.month.saturating_sub(1)))
            .copied()
            .unwrap_or("?");
        format!("{name} {}", self.year)
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.short())
    }
}

/// A month written `M/YY` or `M/YYYY`; two-digit years are 19YY.
impl FromStr for Month {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (m, y) = s
            .trim()
            .split_once('/')
            .ok_or_else(|| format!("'{s}' is not a month like 12/41"))?;
        let month: u8 = m
            .trim()
            .parse()
            .map_err(|_| format!("'{m}' is not a month number"))?;
        let mut year: u16 = y.trim().parse().map_err(|_| format!("'{y}' is not a year"))?;
        if year < 100 {
            year += 1900;
        }
        Month::new(year, month).ok_or_else(|| format!("month {month} is not 1-12"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_parse_and_count() {
        let dec41: Month = "12/41".parse().unwrap();
        assert_eq!(dec41, Month::new(1941, 12).unwrap());
        assert_eq!(dec41.next(), "1/42".parse().unwrap());
        assert_eq!(dec41.months_until("7/45".parse().unwrap()), 43);
        assert_eq!(dec41.plus(-12).short(), "12/40");
        assert_eq!(dec41.long(), "December 1941");
        assert!("13/41".parse::<Month>().is_err());
        assert!("x".parse::<Month>().is_err());
        assert!(Month::new(1942, 1).unwrap() > dec41);
    }
}
