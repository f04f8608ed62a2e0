//! What the chart families check against: the rules' case ids and the catalogs' ids.

use super::super::cases::CaseIds;
use super::super::catalog::Catalog;
use super::super::catalog::merchants::{DamageBand, MerchantSize};
use super::super::catalog::uboats::MINOR_DAMAGE;

/// The ids a chart may name, and the numbers it must agree with.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Refs {
    /// The case ids of rules.json: every provenance and citation names one.
    pub cases: CaseIds,
    /// B5's results: the U1 mat's systems and `minor_damage`.
    pub systems: Vec<String>,
    pub uboat_types: Vec<String>,
    /// The fewest bow tubes of any type: a C1 salvo fires no more [ERRATA C1].
    pub bow_tubes: u8,
    /// Each merchant size and the M chart that names it.
    pub sizes: Vec<(MerchantSize, String)>,
    /// The damage that sinks a merchant, by tonnage [8.0].
    pub damage_to_sink: Vec<DamageBand>,
    /// The escort groups of [4.1].
    pub groups: Vec<String>,
}

impl Refs {
    pub fn new(cases: CaseIds, catalog: &Catalog) -> Self {
        let mut systems: Vec<String> = catalog.uboats.systems.iter().map(|s| s.id.clone()).collect();
        systems.push(MINOR_DAMAGE.to_string());
        Self {
            cases,
            systems,
            uboat_types: catalog.uboats.types.iter().map(|t| t.id.clone()).collect(),
            bow_tubes: catalog
                .uboats
                .types
                .iter()
                .map(|t| t.bow_tubes)
                .min()
                .unwrap_or(0),
            sizes: catalog
                .merchants
                .sizes
                .iter()
                .map(|s| (s.id, s.chart.clone()))
                .collect(),
            damage_to_sink: catalog.merchants.damage_to_sink.clone(),
            groups: catalog.groups.groups.iter().map(|g| g.id.clone()).collect(),
        }
    }

    /// The size an M chart names, if it is one.
    pub fn size_of_chart(&self, chart: &str) -> Option<MerchantSize> {
        self.sizes.iter().find(|(_, c)| c == chart).map(|(s, _)| *s)
    }
}
