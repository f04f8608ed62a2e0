//! Plain English for what a player reads — systems, sizes, stations, tonnages — from the data's own
//! names where it has them: never an id or Rust's debug form.

use periscope_data::atlantic::catalog::merchants::MerchantSize;
use periscope_data::atlantic::charts::{ConvoyType, Encounter, Quality, Weather};

use super::{Escort, Mission};

/// A U-boat system by its name on the U1 mat (`Electric motor 1`), or minor damage.
pub(crate) fn system(m: &Mission, id: &str) -> String {
    match m.data.data.catalog.uboats.system(id) {
        Some(s) => s.name.clone(),
        None if id == "minor_damage" => "Minor damage".into(),
        None => id.replace('_', " "),
    }
}

/// A merchant size as the data names it (`Small freighter`).
pub(crate) fn size(s: MerchantSize) -> &'static str {
    match s {
        MerchantSize::Small => "small freighter",
        MerchantSize::Large => "large freighter",
        MerchantSize::Tanker => "tanker",
    }
}

/// Tons as a log writes them: `9,500 t`.
pub(crate) fn tons(t: u32) -> String {
    format!("{} t", thousands(t))
}

/// A number with its thousands marked: `538,500`.
pub(crate) fn thousands(n: u32) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count with its noun, singular for one: `1 boat`, `3 boats`, `0 boats`.
pub(crate) fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 || n == -1 { one } else { many })
}

pub(crate) fn quality(q: Quality) -> &'static str {
    match q {
        Quality::Green => "Green",
        Quality::Trained => "Trained",
        Quality::Veteran => "Veteran",
        Quality::Elite => "Elite",
    }
}

/// The weather by the name C3's conditions give it.
pub(crate) fn weather(m: &Mission, w: Weather) -> String {
    match m.data.data.charts.c3.condition(w) {
        Some(c) => c.name.clone(),
        None => match w {
            Weather::Fair => "Fair".into(),
            Weather::Poor => "Poor".into(),
            Weather::Bad => "Bad".into(),
        },
    }
}

/// A station on the display in words: `escort box J`, `approach A1`, `Box S`, `the close range box`.
pub(crate) fn station(id: &str) -> String {
    match id {
        "S" => "Box S".into(),
        s if s.starts_with("straggler_") => {
            format!(
                "the {} range box by the stragglers",
                s.trim_start_matches("straggler_")
            )
        }
        s => s.to_string(),
    }
}

/// A convoy's series as the log writes it: `ON`, `HX`, `SC` (history only [6.3.1]).
pub(crate) fn convoy_type(t: ConvoyType) -> &'static str {
    match t {
        ConvoyType::On => "ON",
        ConvoyType::Hx => "HX",
        ConvoyType::Sc => "SC",
    }
}

/// An A2 result in words.
pub(crate) fn encounter(e: Encounter) -> String {
    match e {
        Encounter::None => "no encounter".into(),
        Encounter::SingleUboat => "a single U-boat".into(),
        Encounter::Wolfpack => "a wolfpack".into(),
        Encounter::Condor => "a Fw 200 Condor".into(),
    }
}

/// What an escort carries, for a label: ` (Type 271, Hedgehog)`, or nothing.
pub(crate) fn fittings(e: &Escort) -> String {
    let mut v = Vec::new();
    if e.type_271 {
        v.push("Type 271");
    }
    if e.hedgehog {
        v.push("Hedgehog");
    }
    if v.is_empty() {
        String::new()
    } else {
        format!(" ({})", v.join(", "))
    }
}

/// A station with its side: `escort box J (left)`, `Box S by the stragglers`.
pub(crate) fn station_long(m: &Mission, id: &str) -> String {
    if id == "S" {
        return "Box S by the stragglers".into();
    }
    let side = m
        .display()
        .ok()
        .and_then(|d| d.escort_box(id).map(|b| b.side.to_string()));
    match side {
        Some(s) => format!("escort box {id} ({s})"),
        None => format!("escort box {id}"),
    }
}

/// Dice faces as `3 4`.
pub(crate) fn faces(f: &[u8]) -> String {
    f.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tonnages_are_written_with_thousands() {
        assert_eq!(tons(9500), "9,500 t");
        assert_eq!(tons(500), "500 t");
        assert_eq!(tons(17000), "17,000 t");
        assert_eq!(tons(123_456), "123,456 t");
        assert_eq!(thousands(538_500), "538,500");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn counts_take_the_singular_for_one() {
        assert_eq!(count(1u8, "boat", "boats"), "1 boat");
        assert_eq!(count(0u8, "boat", "boats"), "0 boats");
        assert_eq!(count(3u32, "mission", "missions"), "3 missions");
    }
}
