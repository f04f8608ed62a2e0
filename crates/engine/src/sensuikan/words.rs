//! Plain English for the values a player reads in the patrol log, the roll outcomes, the prompts and the
//! career log: never Rust's debug form.

use periscope_data::sensuikan::charts::{Encounter, SubDamage, Wound};
use serde::Serialize;

use super::{End, Post, Torpedo};

/// A unit-like value's serialized name, in words (`deck_cargo` → `deck cargo`); the app uses it too.
pub fn name<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s.replace('_', " "),
        _ => "unknown".into(),
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
pub(crate) fn torpedo(t: Torpedo) -> &'static str {
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
        parts.push(format!("{} hull box(es)", d.hull));
    }
    if d.flooding > 0 {
        parts.push(format!("{} flooding box(es)", d.flooding));
    }
    if let Some(s) = d.system {
        parts.push(format!("{} hit", name(&s)));
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

/// Dice faces as `3 4`.
pub(crate) fn faces(f: &[u8]) -> String {
    f.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}
