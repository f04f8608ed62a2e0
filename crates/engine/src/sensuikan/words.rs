//! Plain English for everything a player reads in the patrol log, the roll outcomes, the prompts, the
//! boards and the paperwork: never an id, never Rust's debug form. Each kind of thing has one display name
//! from the data — areas, bases, classes and Major Events from the catalogs, school results and random
//! events from their charts, and the engine's own ids (systems, ship types, missions, skills, markers…)
//! from `data/sensuikan/words.json` — and every text takes it from here. The app uses these too.

use std::sync::Arc;

use periscope_data::sensuikan::catalog::catalogs::MissionKind;
use periscope_data::sensuikan::charts::{Encounter, ShipKind, SubDamage, System, Wound};
use serde::Serialize;

use super::shipped::Shipped;
use super::{CrewQuality, End, MissionPlan, Post, Torpedo};

/// A unit-like value's serialized name, in words (`deck_cargo` → `deck cargo`): for values whose id reads
/// as a word once its underscores are spaces (a chart result such as `near_miss`).
pub fn name<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s.replace('_', " "),
        _ => "unknown".into(),
    }
}

/// An id as words, for a value the data does not name (`central_pacific` → `central pacific`).
pub(crate) fn id_words(id: &str) -> String {
    id.replace('_', " ")
}

fn shipped() -> Option<Arc<Shipped>> {
    Shipped::get().ok()
}

fn id_of<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// The name `words.json` gives `id` among its `kind`s (`system`, `mission`, …); the id in words if none.
pub fn word(kind: &str, id: &str) -> String {
    shipped()
        .and_then(|s| s.words.name(kind, id).map(str::to_string))
        .unwrap_or_else(|| id_words(id))
}

/// What `words.json` says an `id` of `kind` does, if it says.
pub fn effect(kind: &str, id: &str) -> Option<String> {
    shipped().and_then(|s| s.words.effect(kind, id).map(str::to_string))
}

/// A system of the boat (`diesel engines`).
pub fn system(s: System) -> String {
    word("system", &id_of(&s))
}

/// A ship's type (`destroyer escort`).
pub fn ship_kind(k: ShipKind) -> String {
    word("ship_kind", &id_of(&k))
}

/// A mission as the Patrol Log names it (`Picket Duty`) [7.0].
pub fn mission(p: MissionPlan) -> String {
    word("mission", &id_of(&p))
}

/// A mission of a Major Event marker's reverse (`Picket Duty`) [7.14].
pub fn mission_kind(k: MissionKind) -> String {
    word("mission_kind", &id_of(&k))
}

/// A crew level (`Veteran`) [8.7.2].
pub fn quality(q: CrewQuality) -> String {
    word("crew_quality", &id_of(&q))
}

/// A marker kept on the Control Sheet (`Maneki Neko charm`) [3.3.2].
pub fn marker(id: &str) -> String {
    word("marker", id)
}

/// An operations-map area by id (`Central Pacific`).
pub fn area(id: &str) -> String {
    shipped()
        .and_then(|s| s.catalog.map.area(id).map(|a| a.name.clone()))
        .unwrap_or_else(|| id_words(id))
}

/// A base by id (`Yokosuka`).
pub fn base(id: &str) -> String {
    shipped()
        .and_then(|s| s.catalog.map.base(id).map(|b| b.name.clone()))
        .unwrap_or_else(|| id_words(id))
}

/// A submarine class by id (`Kaidai KD.6`).
pub fn class(id: &str) -> String {
    shipped()
        .and_then(|s| s.catalog.class(id).map(|c| c.name.clone()))
        .unwrap_or_else(|| id_words(id))
}

/// A Major Event marker by id, by its title (`Gilberts and Marshalls`).
pub fn event(id: &str) -> String {
    shipped()
        .and_then(|s| s.catalog.event(id).map(|e| e.title.clone()))
        .unwrap_or_else(|| id_words(id))
}

/// A school's result or an advantage by id — F1 skills and free-time options, F2, F3 and F4 skills —
/// as the school names it (`Skilled navigator`); `none` is "no skill".
pub fn school(id: &str) -> String {
    if id.is_empty() || id == "none" {
        return "no skill".into();
    }
    let named = shipped().and_then(|s| {
        let c = &s.charts;
        c.f1.skills
            .iter()
            .chain(&c.f2.skills)
            .chain(&c.f3.skills)
            .chain(&c.f4.skills)
            .find(|k| k.id == id)
            .map(|k| k.name.clone())
            .or_else(|| c.f1.free_time.iter().find(|f| f.id == id).map(|f| f.name.clone()))
    });
    named.unwrap_or_else(|| id_words(id))
}

/// An A3 column: an area's name, or the transit, Special Missions or Additional Combat Round column.
pub fn a3_column(column: &str) -> String {
    match shipped().and_then(|s| s.catalog.map.area(column).map(|a| a.name.clone())) {
        Some(a) => a,
        None => word("a3_column", column),
    }
}

/// An encounter result of A3.
pub(crate) fn encounter(e: Encounter) -> String {
    match e {
        Encounter::None => "no encounter".into(),
        Encounter::ShipsEscorted => "ship(s) with escort".into(),
        Encounter::EnemySubmarine => "enemy submarine".into(),
        other => name(&other),
    }
}

/// A wound on B7.
pub(crate) fn wound(w: Wound) -> &'static str {
    match w {
        Wound::Lw => "lightly wounded",
        Wound::Sw => "seriously wounded",
        Wound::Kia => "killed in action",
    }
}

/// A crew post, as the Control Sheet names it.
pub(crate) fn post(p: Post) -> &'static str {
    match p {
        Post::Captain => "Captain",
        Post::ExecutiveOfficer => "Executive officer",
        Post::NavigationOfficer => "Navigation officer",
        Post::Doctor => "Doctor",
        Post::Engineer => "Engineer",
        Post::Crew => "Crew",
    }
}

/// A torpedo type as it is written (`Type 95`).
pub fn torpedo(t: Torpedo) -> &'static str {
    match t {
        Torpedo::Type89 => "Type 89",
        Torpedo::Type6 => "Type 6",
        Torpedo::Type95 => "Type 95",
        Torpedo::Type92 => "Type 92",
    }
}

pub(crate) fn end(e: End) -> &'static str {
    match e {
        End::Bow => "bow",
        End::Stern => "stern",
    }
}

/// One hit's B5 damage: its hull and flooding boxes, the system and the crew casualty.
pub(crate) fn sub_damage(d: &SubDamage) -> String {
    let mut parts = Vec::new();
    if d.hull > 0 {
        parts.push(count(u32::from(d.hull), "hull box", "hull boxes"));
    }
    if d.flooding > 0 {
        parts.push(count(u32::from(d.flooding), "flooding box", "flooding boxes"));
    }
    if let Some(s) = d.system {
        parts.push(format!("{} hit", system(s)));
    }
    if d.crew_casualty {
        parts.push("a crew casualty".into());
    }
    if parts.is_empty() {
        "no damage".into()
    } else {
        parts.join(", ")
    }
}

/// `1 torpedo`, `3 torpedoes`: a count with its noun in the right number.
pub(crate) fn count(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The first letter in capitals (`destroyer escort` → `Destroyer escort`).
pub(crate) fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A place on a module map (M1-M4, P7-P12, K2-K3) as the rulebook counts them: the transit boxes are
/// numbered among themselves (the Example of Play's "transit box no. 3" is the third, whatever nets or
/// loops lie before it), the net, the loop, the reef and the Target Box are named.
pub(crate) fn map_place(steps: &[periscope_data::sensuikan::charts::Step], i: usize) -> String {
    use periscope_data::sensuikan::charts::StepKind as K;
    match steps.get(i).map(|s| s.kind) {
        Some(K::Transit) | None => {
            let n = steps.iter().take(i + 1).filter(|s| s.kind == K::Transit).count();
            format!("transit box {}", n.max(1))
        }
        Some(K::Net) => "the anti-submarine net".into(),
        Some(K::DetectorLoop) => "the detector loop".into(),
        Some(K::Target) => "the Target Box".into(),
        Some(K::Reef) => "the reef".into(),
        Some(K::Reconnaissance) => "the reconnaissance box".into(),
    }
}

/// Dice faces as `3 4`.
pub(crate) fn faces(f: &[u8]) -> String {
    f.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}
