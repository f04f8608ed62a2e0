//! The Atlantic Sentinels catalogs, each file read section by section ([`reader`]) and the references
//! between them checked: the groups' ships and bases, the Canadian withdrawal's groups, the scenarios'
//! groups, meeting points and routes. What the catalogs name in the charts (modifiers, chart ids) is
//! checked once the charts are loaded too ([`crate::atlantic::links`]).

pub mod career;
pub mod groups;
pub mod map;
pub mod mats;
pub mod merchants;
pub(crate) mod reader;
pub mod scenarios;
pub mod uboats;

use serde::{Deserialize, Serialize};

pub use career::Career;
pub use groups::Groups;
pub use map::AtlanticMap;
pub use mats::Mats;
pub use merchants::Merchants;
pub use scenarios::Scenarios;
pub use uboats::Uboats;

use super::cases::CaseIds;
use crate::DataError;
use crate::read::Cx;
use reader::label;

/// A modifier of a chart, by chart id and modifier id (`B4` `river_frigate`): what a ship class, a crew
/// level, a weather condition or a damaged system brings to a roll.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChartModifier {
    pub chart: String,
    pub modifier: String,
}

/// Every Atlantic catalog, validated and cross-checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalog {
    pub groups: Groups,
    pub uboats: Uboats,
    pub map: AtlanticMap,
    pub merchants: Merchants,
    pub career: Career,
    pub scenarios: Scenarios,
    pub mats: Mats,
}

impl Catalog {
    /// The shipped catalogs, or every error in them.
    pub fn shipped(cases: &CaseIds) -> Result<Self, Vec<DataError>> {
        let mut errors = Vec::new();
        let mut take = |r: Result<(), Vec<DataError>>| {
            if let Err(mut e) = r {
                errors.append(&mut e);
            }
        };
        let groups = Groups::shipped(cases);
        let uboats = Uboats::shipped(cases);
        let map = AtlanticMap::shipped(cases);
        let merchants = Merchants::shipped(cases);
        let career = Career::shipped(cases);
        let scenarios = Scenarios::shipped(cases);
        let mats = Mats::shipped(cases);
        let (groups, uboats, map, merchants, career, scenarios, mats) = (
            keep(groups, &mut take),
            keep(uboats, &mut take),
            keep(map, &mut take),
            keep(merchants, &mut take),
            keep(career, &mut take),
            keep(scenarios, &mut take),
            keep(mats, &mut take),
        );
        let (
            Some(groups),
            Some(uboats),
            Some(map),
            Some(merchants),
            Some(career),
            Some(scenarios),
            Some(mats),
        ) = (groups, uboats, map, merchants, career, scenarios, mats)
        else {
            return Err(errors);
        };
        let catalog = Catalog {
            groups,
            uboats,
            map,
            merchants,
            career,
            scenarios,
            mats,
        };
        errors.extend(catalog.cross_check());
        if errors.is_empty() {
            Ok(catalog)
        } else {
            Err(errors)
        }
    }

    /// The references from one catalog file to another.
    pub fn cross_check(&self) -> Vec<DataError> {
        let mut out = Vec::new();
        let g = &self.groups;
        let map = &self.map;

        let mut cx = Cx::new(groups::FILE, "groups");
        for (i, group) in g.groups.iter().enumerate() {
            let at = label("groups", i, &group.id);
            if group.start_base != "player_choice" && map.base(&group.start_base).is_none() {
                cx.err(
                    &format!("{at}, field start_base"),
                    format!(
                        "'{}' is neither player_choice [4.1] nor a base of map.json",
                        group.start_base
                    ),
                );
            }
            if map.base(&group.default_base).is_none() {
                cx.err(
                    &format!("{at}, field default_base"),
                    format!("no base '{}' in map.json", group.default_base),
                );
            }
        }
        out.append(&mut cx.errors);

        let c = &self.career;
        let mut cx = Cx::new(career::FILE, "canadian_withdrawal");
        let w = &c.canadian_withdrawal;
        let withdrawn: Vec<&str> = g
            .groups
            .iter()
            .filter(|x| x.withdrawn.is_some())
            .map(|x| x.id.as_str())
            .collect();
        if w.groups.iter().map(String::as_str).collect::<Vec<_>>() != withdrawn {
            cx.err(
                "field groups",
                format!(
                    "the groups withdrawn are those groups.json marks withdrawn: {}",
                    withdrawn.join(", ")
                ),
            );
        }
        for x in g.groups.iter().filter_map(|x| x.withdrawn.map(|d| (x, d))) {
            if x.1.from != w.refit_from || x.1.until != w.refit_until {
                cx.err(
                    "",
                    format!(
                        "{} is withdrawn {}-{}, not the refit's months",
                        x.0.id, x.1.from, x.1.until
                    ),
                );
            }
        }
        if map.base(&w.base).is_none() {
            cx.err("field base", format!("no base '{}' in map.json", w.base));
        }
        out.append(&mut cx.errors);

        let mut cx = Cx::new(career::FILE, "victory_tons_added");
        for (i, t) in c.victory_tons_added.iter().enumerate() {
            for id in &t.groups {
                match g.group(id) {
                    None => cx.err(
                        &format!("addition {}, field groups", i + 1),
                        format!("no group '{id}'"),
                    ),
                    Some(x) if x.victory_tons_added != t.tons => cx.err(
                        &format!("addition {}, field groups", i + 1),
                        format!("groups.json gives {id} {} tons", x.victory_tons_added),
                    ),
                    Some(_) => {}
                }
            }
        }
        for x in g.groups.iter().filter(|x| x.victory_tons_added > 0) {
            if !c.victory_tons_added.iter().any(|t| t.groups.contains(&x.id)) {
                cx.err(
                    "",
                    format!("groups.json adds tons for {}, which is not listed here", x.id),
                );
            }
        }
        out.append(&mut cx.errors);

        let mut cx = Cx::new(scenarios::FILE, "scenarios");
        for (i, s) in self.scenarios.scenarios.iter().enumerate() {
            let at = label("scenarios", i, &s.id);
            if g.scenario_group(&s.group).is_none() {
                cx.err(
                    &format!("{at}, field group"),
                    format!("no scenario group '{}'", s.group),
                );
            }
            if map.meeting_point(&s.start).is_none() {
                cx.err(
                    &format!("{at}, field start"),
                    format!("no meeting point '{}'", s.start),
                );
            }
            match map.route(&s.route) {
                None => cx.err(&format!("{at}, field route"), format!("no route '{}'", s.route)),
                Some(r) if r.from != s.start => cx.err(
                    &format!("{at}, field route"),
                    format!("'{}' starts at '{}', not at '{}'", r.id, r.from, s.start),
                ),
                Some(_) => {}
            }
        }
        out.append(&mut cx.errors);
        out
    }
}

fn keep<T>(r: Result<T, Vec<DataError>>, take: &mut impl FnMut(Result<(), Vec<DataError>>)) -> Option<T> {
    match r {
        Ok(t) => Some(t),
        Err(e) => {
            take(Err(e));
            None
        }
    }
}
