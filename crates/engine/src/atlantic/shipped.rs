//! The shipped Atlantic Sentinels data every mission reads — charts, catalogs, procedures and the
//! Tactical Display — parsed and validated once per process and shared, with the named constants the
//! rules read checked when the data is loaded, so no rule falls back on a number of its own.

use std::sync::{Arc, OnceLock};

use periscope_data::DataError;
use periscope_data::atlantic::Atlantic;
use periscope_data::modifier::Constant;

/// The data of the game, as one bundle.
#[derive(Debug, Clone, PartialEq)]
pub struct Shipped {
    pub(crate) data: Atlantic,
    pub(crate) entries: Entries,
}

impl Shipped {
    /// The data as shipped: parsed and validated once per process, this thread's copy
    /// ([`crate::shipped_data`]).
    pub fn get() -> Result<Arc<Shipped>, String> {
        static SHIPPED: OnceLock<Result<Shipped, String>> = OnceLock::new();
        thread_local! {
            static THIS_THREADS: std::cell::OnceCell<Arc<Shipped>> = const { std::cell::OnceCell::new() };
        }
        crate::shipped_data::this_threads(&SHIPPED, &THIS_THREADS, || {
            Atlantic::shipped()
                .and_then(Shipped::new)
                .map_err(|e| e.to_string())
        })
    }

    /// The shipped data, or with the player's override file a game carries applied: every chart and
    /// entry the file gets right replaces Periscope's, the others stay shipped (the start screen and
    /// `charts check` name each mistake).
    pub fn for_game(overrides: Option<&crate::game::PlayerData>) -> Result<Arc<Shipped>, String> {
        let base = Self::get()?;
        let Some(o) = overrides else {
            return Ok(base);
        };
        let mut data = base.data.clone();
        let _report = periscope_data::overrides::apply(
            &o.file,
            &o.text,
            &mut periscope_data::overrides::GameData::Atlantic { data: &mut data },
        );
        Shipped::new(data).map(Arc::new).map_err(|e| e.to_string())
    }

    /// A bundle of validated data (the shipped data with a player's overrides, say), its named entries
    /// checked.
    pub fn new(data: Atlantic) -> Result<Shipped, DataError> {
        let entries = Entries::read(&data)?;
        Ok(Shipped { data, entries })
    }

    /// The validated data set.
    pub fn data(&self) -> &Atlantic {
        &self.data
    }
}

/// The named numbers of the charts and procedures that the rules read, each required at load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entries {
    /// A2: the first natural roll of a mission that is the random event [9.1].
    pub(crate) random_event_on_natural: i32,
    /// A2: the rolls in the box after an unanswered Condor [7.2.7].
    pub(crate) rolls_after_condor: u8,
    /// B3: the natural roll that always escapes [7.1.5 ERRATA].
    pub(crate) always_escapes_on_natural: i32,
    /// B4: the hits evasion adds or takes [12.8].
    pub(crate) evasion_wrong: i32,
    pub(crate) evasion_same: i32,
    pub(crate) evasion_exact: i32,
    /// B4: the hits an aircrew's quality adds or takes [12.4].
    pub(crate) aircrew_green: i32,
    pub(crate) aircrew_veteran: i32,
    pub(crate) aircrew_elite: i32,
    /// At most this many combat cycles [7.1.1].
    pub(crate) max_cycles: u8,
    /// Impulses of the first cycle [6.1 2e].
    pub(crate) first_cycle_impulses: u8,
    /// Merchants in reach of one attack [7.1.3].
    pub(crate) targets_in_reach: usize,
    /// Attacks a boat's torpedoes last [4.5].
    pub(crate) attacks_carried: u8,
    /// Hedgehog reloads per fitted escort, with limited ammunition [12.7 ERRATA].
    pub(crate) hedgehog_reloads: u8,
    /// Travel boxes of a crossing [6.1].
    pub(crate) travel_boxes: usize,
}

const CHARTS: &str = "data/atlantic/charts";
const PROCEDURES: &str = "data/atlantic/procedures.json";

impl Entries {
    pub(crate) fn read(data: &Atlantic) -> Result<Self, DataError> {
        let constant = |list: &[Constant], chart: &str, id: &str| {
            list.iter()
                .find(|c| c.id == id)
                .map(|c| c.value)
                .ok_or_else(|| DataError::new(CHARTS, chart, id, "this constant is missing"))
        };
        let procedure = |id: &str| {
            data.procedures
                .constant(id)
                .ok_or_else(|| DataError::new(PROCEDURES, "constants", id, "this constant is missing"))
        };
        let small = |v: i32, file: &str, id: &str| {
            u8::try_from(v).map_err(|_| DataError::new(file, "constants", id, "must be 0 to 255"))
        };
        let c = &data.charts;
        Ok(Self {
            random_event_on_natural: constant(&c.a2.constants, "A2", "random_event_on_natural")?,
            rolls_after_condor: small(
                constant(&c.a2.constants, "A2", "rolls_after_condor")?,
                CHARTS,
                "rolls_after_condor",
            )?,
            always_escapes_on_natural: constant(&c.b3.constants, "B3", "always_escapes_on_natural")?,
            evasion_wrong: constant(&c.b4.constants, "B4", "evasion_wrong_direction")?,
            evasion_same: constant(&c.b4.constants, "B4", "evasion_same_direction")?,
            evasion_exact: constant(&c.b4.constants, "B4", "evasion_exact")?,
            aircrew_green: constant(&c.b4.constants, "B4", "aircrew_green_hits")?,
            aircrew_veteran: constant(&c.b4.constants, "B4", "aircrew_veteran_hits")?,
            aircrew_elite: constant(&c.b4.constants, "B4", "aircrew_elite_hits")?,
            max_cycles: small(procedure("max_cycles")?, PROCEDURES, "max_cycles")?,
            first_cycle_impulses: small(
                procedure("first_cycle_impulses")?,
                PROCEDURES,
                "first_cycle_impulses",
            )?,
            targets_in_reach: usize::from(small(
                procedure("targets_in_reach")?,
                PROCEDURES,
                "targets_in_reach",
            )?),
            attacks_carried: small(
                procedure("uboat_attacks_carried")?,
                PROCEDURES,
                "uboat_attacks_carried",
            )?,
            hedgehog_reloads: small(procedure("hedgehog_reloads")?, PROCEDURES, "hedgehog_reloads")?,
            travel_boxes: usize::from(small(procedure("travel_boxes")?, PROCEDURES, "travel_boxes")?),
        })
    }
}
