//! A calendar month of the war: the one month type of every game, the engine's turn track and the data's
//! dates alike.
//!
//! The data files write months as the rulebooks do (`"12/41"`); saves and options write them as
//! `{"year": 1941, "month": 12}`. Both read back; a month is written in the second form, and the first is
//! one `#[serde(with = "month::short")]` away where a file wants it.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

/// A month and year. Orders chronologically (year first, then month).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Month {
    /// Full year, 1939-1946 for our games.
    pub year: u16,
    /// 1 = January … 12 = December.
    pub month: u8,
}

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

impl Month {
    /// A month, if `month` is 1-12.
    pub const fn new(year: u16, month: u8) -> Option<Self> {
        if month >= 1 && month <= 12 {
            Some(Self { year, month })
        } else {
            None
        }
    }

    /// Months since January of year 0, so that differences are month counts.
    pub fn ordinal(self) -> i32 {
        i32::from(self.year) * 12 + i32::from(self.month) - 1
    }

    fn from_ordinal(o: i32) -> Self {
        let o = o.max(0);
        Self {
            year: u16::try_from(o.div_euclid(12)).unwrap_or(u16::MAX),
            month: u8::try_from(o.rem_euclid(12) + 1).unwrap_or(1),
        }
    }

    /// The month `n` months later (earlier when negative).
    pub fn plus(self, n: i32) -> Self {
        Self::from_ordinal(self.ordinal() + n)
    }

    pub fn next(self) -> Self {
        self.plus(1)
    }

    pub fn previous(self) -> Self {
        self.plus(-1)
    }

    /// Whole months from `self` to `later` (negative when `later` is earlier).
    pub fn months_until(self, later: Month) -> i32 {
        later.ordinal() - self.ordinal()
    }

    /// Whether this month is `year`/`month` or later.
    pub fn is_from(self, year: u16, month: u8) -> bool {
        (self.year, self.month) >= (year, month)
    }

    /// The short form the rulebooks use: `12/41`.
    pub fn short(self) -> String {
        self.to_string()
    }

    /// `December 1941`.
    pub fn long(self) -> String {
        let name = NAMES
            .get(usize::from(self.month.saturating_sub(1)))
            .copied()
            .unwrap_or("?");
        format!("{name} {}", self.year)
    }

    /// Reads `M/YY` or `M/YYYY`; two-digit years are 19YY.
    pub fn parse(text: &str) -> Result<Self, String> {
        let bad = || format!("'{text}' is not a month like 12/41");
        let (m, y) = text.trim().split_once('/').ok_or_else(bad)?;
        let month: u8 = m.trim().parse().map_err(|_| bad())?;
        let y = y.trim();
        let year: u16 = y.parse().map_err(|_| bad())?;
        let year = match y.len() {
            1 | 2 => 1900 + year,
            4 => year,
            _ => return Err(bad()),
        };
        Month::new(year, month).ok_or_else(|| format!("'{text}': month {month} is not 1 to 12"))
    }

    /// Like [`Month::parse`], refusing years outside the war (1939-1946): what a data file may hold.
    pub fn parse_in_war(text: &str) -> Result<Self, String> {
        let m = Self::parse(text)?;
        if !(1939..=1946).contains(&m.year) {
            return Err(format!("'{text}' is outside the war (1939-1946)"));
        }
        Ok(m)
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{:02}", self.month, self.year % 100)
    }
}

/// A month written `M/YY` or `M/YYYY`; two-digit years are 19YY.
impl FromStr for Month {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Month::parse(s)
    }
}

/// Reads `"12/41"` (a year in the war) or `{"year": 1941, "month": 12}`.
impl<'de> Deserialize<'de> for Month {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MonthVisitor;

        impl<'de> Visitor<'de> for MonthVisitor {
            type Value = Month;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a month like \"12/41\" or {\"year\": 1941, \"month\": 12}")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Month, E> {
                Month::parse_in_war(v).map_err(E::custom)
            }

            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Month, M::Error> {
                let (mut year, mut month) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "year" => year = Some(map.next_value::<u16>()?),
                        "month" => month = Some(map.next_value::<u8>()?),
                        other => return Err(de::Error::unknown_field(other, &["year", "month"])),
                    }
                }
                let year = year.ok_or_else(|| de::Error::missing_field("year"))?;
                let month = month.ok_or_else(|| de::Error::missing_field("month"))?;
                Month::new(year, month)
                    .ok_or_else(|| de::Error::custom(format!("month {month} is not 1 to 12")))
            }
        }

        deserializer.deserialize_any(MonthVisitor)
    }
}

/// `#[serde(with = "periscope_data::month::short")]`: a month written `"12/41"`.
pub mod short {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::Month;

    pub fn serialize<S: Serializer>(m: &Month, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(m)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Month, D::Error> {
        Month::deserialize(d)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn parses_and_prints_the_books_notation() {
        let m = Month::parse("12/41").unwrap();
        assert_eq!(m, Month::new(1941, 12).unwrap());
        assert_eq!(m.to_string(), "12/41");
        assert_eq!(Month::parse("7/1945").unwrap().to_string(), "7/45");
        assert_eq!(Month::parse(" 3/44 ").unwrap(), Month::new(1944, 3).unwrap());
        for bad in ["13/41", "0/42", "12-41", "12/", "x/41", "12/141"] {
            assert!(Month::parse(bad).is_err(), "{bad}");
        }
        assert!(Month::parse_in_war("1/50").is_err());
        assert!(Month::parse("1/50").is_ok());
    }

    #[test]
    fn orders_and_counts_months() {
        let dec41 = Month::new(1941, 12).unwrap();
        let jan42 = Month::parse("1/42").unwrap();
        assert!(dec41 < jan42);
        assert_eq!(dec41.next(), jan42);
        assert_eq!(jan42.previous(), dec41);
        assert_eq!(dec41.plus(-12).short(), "12/40");
        assert_eq!(dec41.months_until(Month::new(1945, 7).unwrap()), 43);
        assert_eq!(dec41.long(), "December 1941");
        assert!(jan42.is_from(1942, 1) && !dec41.is_from(1942, 1));
    }

    /// [12.0] A Type C sailing in December 1941 on a 2-month patrol refits in February and sails in March 1942.
    #[test]
    fn month_arithmetic_follows_the_example_of_play() {
        let sail = Month::new(1941, 12).unwrap();
        assert_eq!(sail.plus(2).to_string(), "2/42");
        assert_eq!(sail.plus(3).to_string(), "3/42");
    }

    #[test]
    fn reads_both_forms_and_writes_the_save_form() {
        let a: Month = serde_json::from_str("\"12/41\"").unwrap();
        let b: Month = serde_json::from_str(r#"{"year": 1941, "month": 12}"#).unwrap();
        assert_eq!(a, b);
        assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"year":1941,"month":12}"#);
        assert!(serde_json::from_str::<Month>("\"12/60\"").is_err());
        assert!(serde_json::from_str::<Month>(r#"{"year": 1941, "month": 13}"#).is_err());
        assert!(serde_json::from_str::<Month>(r#"{"year": 1941}"#).is_err());
    }
}
