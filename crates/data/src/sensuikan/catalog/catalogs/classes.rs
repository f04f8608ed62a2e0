//! Submarine classes: the 17 types of [4.1]-[4.2] with their control-sheet values, and the midget
//! submarine. Values the rulebook states carry its case; the rest come from the historical record of each
//! class and are marked reconstructed, with the reason, field by field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::common::{Errors, Sources, check_header};
use crate::month::Month;
use crate::{DataError, Provenance};

/// The shipped classes, embedded so the engine never reads the disk.
pub const SHIPPED_CLASSES: &str = include_str!("../../../../../../data/sensuikan/classes.json");
pub const SHIPPED_CLASSES_NAME: &str = "data/sensuikan/classes.json";

/// The family a class belongs to. The rules speak of families: "Kaidai (KD)" loads Type 6 torpedoes early
/// in the war [4.5]; a Junsen or Kaidai replaced after a long refit becomes the family's latest model [9.2].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClassFamily {
    Kaidai,
    Junsen,
    KiraiSen,
    TypeA,
    TypeB,
    TypeC,
    TypeD,
    SenToku,
    SenTaka,
}

/// How the torpedo load is made up before 7/42 [4.5].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EarlyLoad {
    /// 12 Type 6, the rest Type 95 (Kaidai and Type B).
    Type6,
    /// Roll 1d6: 1-3 gives 12 Type 89 and the rest Type 95; 4-6 all Type 95.
    Roll,
}

/// The control sheet's patrol track: transit boxes, on-station boxes, transit boxes [6.2.2A].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatrolTrack {
    pub transit_out: u8,
    pub on_station: u8,
    pub transit_back: u8,
}

impl PatrolTrack {
    pub fn boxes(self) -> u32 {
        u32::from(self.transit_out) + u32::from(self.on_station) + u32::from(self.transit_back)
    }
}

/// From `from`, the class can carry `capacity` kaiten [7.12] [7.18].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KaitenFit {
    pub from: Month,
    pub capacity: u8,
}

/// A historical hull number [11.6], written as the rulebook writes it (`I.53`), with its later number.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HullNumber {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub later: Option<String>,
}

/// A submarine class, as its control sheet describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubmarineClass {
    pub id: String,
    pub name: String,
    pub family: ClassFamily,
    /// The first month a career may start in this class [4.2.2].
    pub available: Month,
    /// Patrol length in months (1 to 4) [8.5.11.3].
    pub patrol_months: u8,
    /// Refit months after an undamaged patrol [8.5.11].
    pub refit_months: u8,
    pub track: PatrolTrack,
    pub bow_tubes: u8,
    pub stern_tubes: u8,
    pub bow_reloads: u8,
    pub stern_reloads: u8,
    pub deck_guns: u8,
    pub deck_gun_calibre: Option<String>,
    /// Deck-gun ammunition points [4.6].
    pub ammunition: u8,
    /// AA guns; twin and triple mounts count as one [8.3.5].
    pub aa_guns: u8,
    pub aa_description: String,
    pub hull_boxes: u8,
    pub flooding_boxes: u8,
    /// Radar from this month, if ever [8.1.2] [8.5.8].
    pub radar_from: Option<Month>,
    pub hangar: bool,
    pub crane: bool,
    pub aircraft: u8,
    /// Carries a midget submarine [4.8.2].
    pub midget: bool,
    /// Kaiten fittings, in month order; empty if the class never carries kaiten.
    pub kaiten: Vec<KaitenFit>,
    /// Deck gun removed at this month's refit [7.12].
    pub deck_gun_removed: Option<Month>,
    /// Hangar and aircraft removed at this month's refit [7.12].
    pub aviation_removed: Option<Month>,
    pub early_load: EarlyLoad,
    pub start_base: String,
    /// May fly the strategic transport to Europe [7.5].
    pub strategic_transport: bool,
    /// May be assigned the Panama Canal bombing [7.7].
    pub panama_bombing: bool,
    /// Every patrol is a minelaying mission, with no double credit [7.10] [7.13].
    pub minelayer: bool,
    /// Battery hits accumulate [8.5.10].
    pub battery_hits_accumulate: bool,
    /// Only a Commander or Captain may ask for this model [8.9.4].
    pub needs_commander: bool,
    pub hull_numbers: Vec<HullNumber>,
    pub sources: Sources,
}

impl SubmarineClass {
    /// Torpedoes in tubes and reload boxes together [4.5].
    pub fn torpedo_capacity(&self) -> u32 {
        [
            self.bow_tubes,
            self.stern_tubes,
            self.bow_reloads,
            self.stern_reloads,
        ]
        .into_iter()
        .map(u32::from)
        .sum()
    }

    pub fn available_in(&self, month: Month) -> bool {
        self.available <= month
    }

    pub fn has_radar(&self, month: Month) -> bool {
        self.radar_from.is_some_and(|m| m <= month)
    }

    pub fn has_deck_gun(&self, month: Month) -> bool {
        self.deck_guns > 0 && self.deck_gun_removed.is_none_or(|m| month < m)
    }

    pub fn has_aviation(&self, month: Month) -> bool {
        self.hangar && self.aircraft > 0 && self.aviation_removed.is_none_or(|m| month < m)
    }

    /// Kaiten the class can carry in `month` (0 before its first fitting).
    pub fn kaiten_capacity(&self, month: Month) -> u8 {
        self.kaiten
            .iter()
            .filter(|k| k.from <= month)
            .map(|k| k.capacity)
            .next_back()
            .unwrap_or(0)
    }

    /// Where one field's value comes from (field names as in the JSON file; `torpedoes` is the total load).
    pub fn provenance(&self, field: &str) -> &Provenance {
        self.sources.of(field)
    }

    /// The entry as written in a classes file (used to apply partial overrides).
    pub(crate) fn to_raw(&self) -> RawClass {
        RawClass {
            id: self.id.clone(),
            name: self.name.clone(),
            family: self.family,
            available: self.available,
            patrol_months: self.patrol_months,
            refit_months: self.refit_months,
            track: self.track,
            bow_tubes: self.bow_tubes,
            stern_tubes: self.stern_tubes,
            bow_reloads: self.bow_reloads,
            stern_reloads: self.stern_reloads,
            deck_guns: self.deck_guns,
            deck_gun_calibre: self.deck_gun_calibre.clone(),
            ammunition: self.ammunition,
            aa_guns: self.aa_guns,
            aa_description: self.aa_description.clone(),
            hull_boxes: self.hull_boxes,
            flooding_boxes: self.flooding_boxes,
            radar_from: self.radar_from,
            hangar: self.hangar,
            crane: self.crane,
            aircraft: self.aircraft,
            midget: self.midget,
            kaiten: self.kaiten.clone(),
            deck_gun_removed: self.deck_gun_removed,
            aviation_removed: self.aviation_removed,
            early_load: self.early_load,
            start_base: self.start_base.clone(),
            strategic_transport: self.strategic_transport,
            panama_bombing: self.panama_bombing,
            minelayer: self.minelayer,
            battery_hits_accumulate: self.battery_hits_accumulate,
            needs_commander: self.needs_commander,
            hull_numbers: self.hull_numbers.clone(),
            provenance: self.sources.entry.clone(),
            field_provenance: self.sources.fields.clone(),
        }
    }
}

/// The midget submarine carried by the Type C [4.5] [4.8.2] [7.16].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MidgetSubmarine {
    pub id: String,
    pub name: String,
    /// Always 2 Type 97 torpedoes, no reloads [4.5].
    pub torpedoes: u8,
    pub torpedo_type: String,
    pub reloads: u8,
    pub hull_boxes: u8,
    pub crew: u8,
    /// Midgets cannot exceed test depth [7.16].
    pub exceeds_test_depth: bool,
    pub sources: Sources,
}

/// Field names of a class entry that may carry their own provenance. `torpedoes` stands for the total load.
pub const CLASS_FIELDS: &[&str] = &[
    "name",
    "family",
    "available",
    "patrol_months",
    "refit_months",
    "track",
    "torpedoes",
    "bow_tubes",
    "stern_tubes",
    "bow_reloads",
    "stern_reloads",
    "deck_guns",
    "deck_gun_calibre",
    "ammunition",
    "aa_guns",
    "aa_description",
    "hull_boxes",
    "flooding_boxes",
    "radar_from",
    "hangar",
    "crane",
    "aircraft",
    "midget",
    "kaiten",
    "deck_gun_removed",
    "aviation_removed",
    "early_load",
    "start_base",
    "strategic_transport",
    "panama_bombing",
    "minelayer",
    "battery_hits_accumulate",
    "needs_commander",
    "hull_numbers",
];

const MIDGET_FIELDS: &[&str] = &[
    "name",
    "torpedoes",
    "torpedo_type",
    "reloads",
    "hull_boxes",
    "crew",
    "exceeds_test_depth",
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawClassesFile {
    pub game: String,
    pub catalog: String,
    pub classes: Vec<serde_json::Value>,
    pub midget: RawMidget,
}

/// A class entry as written in JSON. Every field is required, so a full entry is explicit; a player's
/// override may give only some fields, merged onto the shipped entry first.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawClass {
    pub id: String,
    pub name: String,
    pub family: ClassFamily,
    pub available: Month,
    pub patrol_months: u8,
    pub refit_months: u8,
    pub track: PatrolTrack,
    pub bow_tubes: u8,
    pub stern_tubes: u8,
    pub bow_reloads: u8,
    pub stern_reloads: u8,
    pub deck_guns: u8,
    pub deck_gun_calibre: Option<String>,
    pub ammunition: u8,
    pub aa_guns: u8,
    pub aa_description: String,
    pub hull_boxes: u8,
    pub flooding_boxes: u8,
    pub radar_from: Option<Month>,
    pub hangar: bool,
    pub crane: bool,
    pub aircraft: u8,
    pub midget: bool,
    pub kaiten: Vec<KaitenFit>,
    pub deck_gun_removed: Option<Month>,
    pub aviation_removed: Option<Month>,
    pub early_load: EarlyLoad,
    pub start_base: String,
    pub strategic_transport: bool,
    pub panama_bombing: bool,
    pub minelayer: bool,
    pub battery_hits_accumulate: bool,
    pub needs_commander: bool,
    pub hull_numbers: Vec<HullNumber>,
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: BTreeMap<String, Provenance>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMidget {
    id: String,
    name: String,
    torpedoes: u8,
    torpedo_type: String,
    reloads: u8,
    hull_boxes: u8,
    crew: u8,
    exceeds_test_depth: bool,
    provenance: Provenance,
    #[serde(default)]
    field_provenance: BTreeMap<String, Provenance>,
}

/// The JSON keys of a class entry, in file order (every one is required).
pub(crate) fn class_keys() -> Vec<&'static str> {
    let mut keys = vec!["id"];
    keys.extend(CLASS_FIELDS.iter().filter(|f| **f != "torpedoes"));
    keys.extend(["provenance", "field_provenance"]);
    keys
}

/// Deserializes one class entry, naming the offending field when serde refuses it.
pub(crate) fn raw_class(e: &mut Errors, index: usize, value: &serde_json::Value) -> Option<RawClass> {
    let label = value
        .get("id")
        .and_then(|v| v.as_str())
        .map_or_else(|| format!("class #{}", index + 1), str::to_string);
    let Some(obj) = value.as_object() else {
        e.entry(&label, "a class entry must be a JSON object");
        return None;
    };
    let keys = class_keys();
    let mut ok = true;
    for k in obj.keys() {
        if !keys.contains(&k.as_str()) {
            e.field(
                &label,
                k,
                format!("unknown field; known fields: {}", keys.join(", ")),
            );
            ok = false;
        }
    }
    for k in &keys {
        if *k != "field_provenance" && !obj.contains_key(*k) {
            e.field(&label, k, "missing field");
            ok = false;
        }
    }
    if !ok {
        return None;
    }
    match serde_json::from_value::<RawClass>(value.clone()) {
        Ok(raw) => Some(raw),
        Err(err) => {
            // Find the field serde refused by reading each one on its own.
            let field = obj
                .iter()
                .find(|(k, v)| field_refused(k, v))
                .map_or("", |(k, _)| k.as_str());
            e.field(&label, field, err.to_string());
            None
        }
    }
}

/// Whether one field's value fails to deserialize as that field's type.
fn field_refused(key: &str, v: &serde_json::Value) -> bool {
    use serde_json::from_value as fv;
    let v = v.clone();
    match key {
        "id" | "name" | "aa_description" | "start_base" => fv::<String>(v).is_err(),
        "family" => fv::<ClassFamily>(v).is_err(),
        "available" => fv::<Month>(v).is_err(),
        "radar_from" | "deck_gun_removed" | "aviation_removed" => fv::<Option<Month>>(v).is_err(),
        "track" => fv::<PatrolTrack>(v).is_err(),
        "deck_gun_calibre" => fv::<Option<String>>(v).is_err(),
        "hangar"
        | "crane"
        | "midget"
        | "strategic_transport"
        | "panama_bombing"
        | "minelayer"
        | "battery_hits_accumulate"
        | "needs_commander" => fv::<bool>(v).is_err(),
        "kaiten" => fv::<Vec<KaitenFit>>(v).is_err(),
        "early_load" => fv::<EarlyLoad>(v).is_err(),
        "hull_numbers" => fv::<Vec<HullNumber>>(v).is_err(),
        "provenance" => fv::<Provenance>(v).is_err(),
        "field_provenance" => fv::<BTreeMap<String, Provenance>>(v).is_err(),
        _ => fv::<u8>(v).is_err(),
    }
}

/// Validates one class on its own (cross references are checked by the catalog).
pub(crate) fn validate_class(e: &mut Errors, raw: RawClass) -> SubmarineClass {
    e.text(&raw.id, "name", &raw.name);
    check_service(e, &raw);
    check_tubes(e, &raw);
    check_guns(e, &raw);
    check_boxes(e, &raw);
    check_dates(e, &raw);
    check_aviation(e, &raw);
    check_later_fittings(e, &raw);
    check_hull_numbers(e, &raw);
    into_class(e, raw)
}

/// The patrol and refit months and the control sheet's track [8.5.11] [6.2.2A].
fn check_service(e: &mut Errors, raw: &RawClass) {
    let f = |e: &mut Errors, field: &str, msg: String| e.field(&raw.id, field, msg);
    if !(1..=4).contains(&raw.patrol_months) {
        f(
            e,
            "patrol_months",
            format!("{} is not 1 to 4 months [8.5.11.3]", raw.patrol_months),
        );
    }
    if !(1..=6).contains(&raw.refit_months) {
        f(
            e,
            "refit_months",
            format!(
                "{} is not 1 to 6 months; the minimum is 1 [8.5.11]",
                raw.refit_months
            ),
        );
    }
    let t = raw.track;
    if t.transit_out == 0 || t.transit_back == 0 {
        f(
            e,
            "track",
            "a patrol starts and ends with a transit box [6.2.2A]".into(),
        );
    }
    if t.on_station == 0 {
        f(e, "track", "the track needs at least one on-station box".into());
    }
    if t.boxes() > 20 {
        f(
            e,
            "track",
            format!("{} boxes is more than a control sheet holds (20)", t.boxes()),
        );
    }
}

/// The torpedo tubes and their reloads at each end [4.5].
fn check_tubes(e: &mut Errors, raw: &RawClass) {
    let f = |e: &mut Errors, field: &str, msg: String| e.field(&raw.id, field, msg);
    if raw.bow_tubes == 0 && raw.stern_tubes == 0 {
        f(e, "bow_tubes", "a class needs at least one torpedo tube".into());
    }
    if raw.bow_tubes > 10 || raw.stern_tubes > 10 {
        f(e, "bow_tubes", "more than 10 tubes at one end".into());
    }
    if raw.bow_reloads > 0 && raw.bow_tubes == 0 {
        f(e, "bow_reloads", "bow reloads need bow tubes [4.5]".into());
    }
    if raw.stern_reloads > 0 && raw.stern_tubes == 0 {
        f(e, "stern_reloads", "stern reloads need stern tubes [4.5]".into());
    }
    if raw.bow_reloads > 30 || raw.stern_reloads > 30 {
        f(e, "bow_reloads", "more than 30 reloads at one end".into());
    }
}

/// The deck guns, their ammunition and calibre [4.6], and the AA guns [8.3.5].
fn check_guns(e: &mut Errors, raw: &RawClass) {
    let f = |e: &mut Errors, field: &str, msg: String| e.field(&raw.id, field, msg);
    if raw.deck_guns > 2 {
        f(
            e,
            "deck_guns",
            format!("{} deck guns; no class has more than 2", raw.deck_guns),
        );
    }
    if raw.deck_guns == 0 {
        if raw.ammunition > 0 {
            f(
                e,
                "ammunition",
                "a class without a deck gun has no ammunition".into(),
            );
        }
        if raw.deck_gun_calibre.is_some() {
            f(
                e,
                "deck_gun_calibre",
                "a class without a deck gun has no calibre".into(),
            );
        }
        if raw.deck_gun_removed.is_some() {
            f(
                e,
                "deck_gun_removed",
                "a class without a deck gun cannot lose it".into(),
            );
        }
    } else {
        if raw.ammunition == 0 || raw.ammunition > 20 {
            f(
                e,
                "ammunition",
                format!("{} ammunition points is not 1 to 20 [4.6]", raw.ammunition),
            );
        }
        if raw
            .deck_gun_calibre
            .as_deref()
            .is_none_or(|c| c.trim().is_empty())
        {
            f(e, "deck_gun_calibre", "a deck gun needs its calibre".into());
        }
    }
    if raw.aa_guns > 6 {
        f(
            e,
            "aa_guns",
            format!("{} AA guns; mounts count as one gun [8.3.5]", raw.aa_guns),
        );
    }
}

/// The hull and flooding boxes.
fn check_boxes(e: &mut Errors, raw: &RawClass) {
    let f = |e: &mut Errors, field: &str, msg: String| e.field(&raw.id, field, msg);
    if !(1..=20).contains(&raw.hull_boxes) {
        f(e, "hull_boxes", format!("{} is not 1 to 20", raw.hull_boxes));
    }
    if !(1..=12).contains(&raw.flooding_boxes) {
        f(
            e,
            "flooding_boxes",
            format!("{} is not 1 to 12", raw.flooding_boxes),
        );
    }
}

/// The month the class is available [5.1.1] and its radar's.
fn check_dates(e: &mut Errors, raw: &RawClass) {
    let f = |e: &mut Errors, field: &str, msg: String| e.field(&raw.id, field, msg);
    if raw.available > crate::sensuikan::LAST_PATROL {
        f(
            e,
            "available",
            format!("{} is after the last patrol month 7/45 [5.1.1]", raw.available),
        );
    }
    if let Some(r) = raw.radar_from
        && r < raw.available
    {
        f(
            e,
            "radar_from",
            format!(
                "radar from {r} is before the class is available ({})",
                raw.available
            ),
        );
    }
}

/// The hangar, its aircraft and crane, and the month aviation is removed [7.15].
fn check_aviation(e: &mut Errors, raw: &RawClass) {
    let f = |e: &mut Errors, field: &str, msg: String| e.field(&raw.id, field, msg);
    if raw.hangar != (raw.aircraft > 0) {
        f(
            e,
            "aircraft",
            "a class has aircraft exactly when it has a hangar [7.15]".into(),
        );
    }
    if raw.aircraft > 3 {
        f(
            e,
            "aircraft",
            format!("{} aircraft; submarines carried up to 3 [7.15]", raw.aircraft),
        );
    }
    if raw.crane && !raw.hangar {
        f(e, "crane", "an aircraft crane needs a hangar".into());
    }
    if let Some(m) = raw.aviation_removed {
        if !raw.hangar {
            f(
                e,
                "aviation_removed",
                "a class without a hangar cannot lose it".into(),
            );
        }
        if m <= raw.available {
            f(
                e,
                "aviation_removed",
                format!("{m} is not after availability ({})", raw.available),
            );
        }
    }
}

/// The deck gun's removal and the kaiten fittings, each after availability [7.18].
fn check_later_fittings(e: &mut Errors, raw: &RawClass) {
    let f = |e: &mut Errors, field: &str, msg: String| e.field(&raw.id, field, msg);
    if let Some(m) = raw.deck_gun_removed
        && m <= raw.available
    {
        f(
            e,
            "deck_gun_removed",
            format!("{m} is not after availability ({})", raw.available),
        );
    }
    let mut last: Option<Month> = None;
    for k in &raw.kaiten {
        if !(1..=6).contains(&k.capacity) {
            f(e, "kaiten", format!("{} kaiten is not 1 to 6 [7.18]", k.capacity));
        }
        if k.from < raw.available {
            f(
                e,
                "kaiten",
                format!(
                    "kaiten from {} is before availability ({})",
                    k.from, raw.available
                ),
            );
        }
        if last.is_some_and(|l| k.from <= l) {
            f(e, "kaiten", "kaiten fittings must be in month order".into());
        }
        last = Some(k.from);
    }
}

/// The historical boats of the class [11.6].
fn check_hull_numbers(e: &mut Errors, raw: &RawClass) {
    let f = |e: &mut Errors, field: &str, msg: String| e.field(&raw.id, field, msg);
    if raw.hull_numbers.is_empty() {
        f(
            e,
            "hull_numbers",
            "name at least one historical boat [11.6]".into(),
        );
    }
    for h in &raw.hull_numbers {
        if h.id.trim().is_empty() || h.later.as_deref().is_some_and(|l| l.trim().is_empty()) {
            f(e, "hull_numbers", "hull numbers must not be blank".into());
        }
    }
}

/// The validated class: the file's fields, and their sources with their provenance checked.
fn into_class(e: &mut Errors, raw: RawClass) -> SubmarineClass {
    let sources = e.sources(&raw.id, raw.provenance, raw.field_provenance, CLASS_FIELDS);
    SubmarineClass {
        id: raw.id,
        name: raw.name,
        family: raw.family,
        available: raw.available,
        patrol_months: raw.patrol_months,
        refit_months: raw.refit_months,
        track: raw.track,
        bow_tubes: raw.bow_tubes,
        stern_tubes: raw.stern_tubes,
        bow_reloads: raw.bow_reloads,
        stern_reloads: raw.stern_reloads,
        deck_guns: raw.deck_guns,
        deck_gun_calibre: raw.deck_gun_calibre,
        ammunition: raw.ammunition,
        aa_guns: raw.aa_guns,
        aa_description: raw.aa_description,
        hull_boxes: raw.hull_boxes,
        flooding_boxes: raw.flooding_boxes,
        radar_from: raw.radar_from,
        hangar: raw.hangar,
        crane: raw.crane,
        aircraft: raw.aircraft,
        midget: raw.midget,
        kaiten: raw.kaiten,
        deck_gun_removed: raw.deck_gun_removed,
        aviation_removed: raw.aviation_removed,
        early_load: raw.early_load,
        start_base: raw.start_base,
        strategic_transport: raw.strategic_transport,
        panama_bombing: raw.panama_bombing,
        minelayer: raw.minelayer,
        battery_hits_accumulate: raw.battery_hits_accumulate,
        needs_commander: raw.needs_commander,
        hull_numbers: raw.hull_numbers,
        sources,
    }
}

/// Parses a classes file into classes (validated one by one) and the midget submarine.
pub(crate) fn parse_classes(
    file: &str,
    text: &str,
) -> Result<(Vec<SubmarineClass>, MidgetSubmarine), Vec<DataError>> {
    let raw: RawClassesFile = serde_json::from_str(text).map_err(|e| vec![DataError::parse(file, &e)])?;
    check_header(file, "classes", &raw.game, &raw.catalog)?;
    let mut e = Errors::new(file, "classes");
    let mut seen = Vec::new();
    let mut classes = Vec::new();
    for (i, v) in raw.classes.iter().enumerate() {
        if let Some(rc) = raw_class(&mut e, i, v) {
            e.id(&rc.id, &mut seen);
            classes.push(validate_class(&mut e, rc));
        }
    }
    let mut me = Errors::new(file, "midget");
    let m = raw.midget;
    let id = m.id.clone();
    me.text(&id, "name", &m.name);
    if m.torpedoes == 0 {
        me.field(&id, "torpedoes", "a midget carries torpedoes [4.5]");
    }
    if m.hull_boxes == 0 {
        me.field(&id, "hull_boxes", "must be at least 1");
    }
    if m.crew == 0 {
        me.field(&id, "crew", "must be at least 1");
    }
    let sources = me.sources(&id, m.provenance, m.field_provenance, MIDGET_FIELDS);
    let midget = MidgetSubmarine {
        id: m.id,
        name: m.name,
        torpedoes: m.torpedoes,
        torpedo_type: m.torpedo_type,
        reloads: m.reloads,
        hull_boxes: m.hull_boxes,
        crew: m.crew,
        exceeds_test_depth: m.exceeds_test_depth,
        sources,
    };
    let mut list = e.list;
    list.extend(me.list);
    if list.is_empty() {
        Ok((classes, midget))
    } else {
        Err(list)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Catalog;
    use super::*;

    fn catalog() -> Catalog {
        Catalog::shipped().unwrap()
    }

    fn class(id: &str) -> SubmarineClass {
        catalog().class(id).cloned().unwrap()
    }

    fn month(s: &str) -> Month {
        Month::parse(s).unwrap()
    }

    fn rule(case: &str) -> Provenance {
        Provenance::Rule { case: case.into() }
    }

    fn example(case: &str) -> Provenance {
        Provenance::Example { case: case.into() }
    }

    fn with(cat: &Catalog, pred: impl Fn(&SubmarineClass) -> bool) -> Vec<&str> {
        cat.classes
            .iter()
            .filter(|c| pred(c))
            .map(|c| c.id.as_str())
            .collect()
    }

    /// [4.1] There are seventeen submarine types to choose from, plus the midget the Type C carries.
    #[test]
    fn seventeen_types_and_the_midget() {
        let cat = catalog();
        assert_eq!(cat.classes.len(), 17);
        assert_eq!(cat.midget.id, "midget");
        for id in [
            "kd3",
            "kd4",
            "kd5",
            "kd6",
            "kd7",
            "j1m",
            "j2",
            "j3",
            "kirai_sen",
            "type_a",
            "type_b",
            "type_c",
            "type_a_mod",
            "type_b3",
            "sen_toku",
            "sen_taka",
        ] {
            assert!(cat.class(id).is_some(), "{id}");
        }
    }

    /// [4.2.2] The availability dates the rulebook lists, Kaidai KD.3 to Type B.
    #[test]
    fn availability_as_listed() {
        let cat = catalog();
        for (id, from) in [
            ("kd3", "12/41"),
            ("kd4", "12/41"),
            ("kd5", "12/41"),
            ("kd6", "12/41"),
            ("kd7", "9/42"),
            ("j1m", "12/41"),
            ("j2", "12/41"),
            ("j3", "12/41"),
            ("kirai_sen", "12/41"),
            ("type_a", "12/41"),
            ("type_b", "12/41"),
        ] {
            let c = cat.class(id).unwrap();
            assert_eq!(c.available, month(from), "{id}");
            assert_eq!(c.provenance("available"), &rule("4.2.2"), "{id}");
        }
        for id in ["type_b3", "sen_toku", "sen_taka", "type_d"] {
            let c = cat.class(id).unwrap();
            assert!(
                matches!(c.provenance("available"), Provenance::Reconstructed { .. }),
                "{id}"
            );
            assert!(c.available > crate::sensuikan::WAR_START, "{id}");
        }
    }

    /// [4.1 note] Type A (Modified) becomes available only in May 1945.
    #[test]
    fn type_a_modified_from_may_1945() {
        let c = class("type_a_mod");
        assert_eq!(c.available, month("5/45"));
        assert_eq!(c.provenance("available"), &rule("4.1"));
    }

    /// [4.5 example] Type A carries 18 torpedoes.
    #[test]
    fn type_a_carries_18_torpedoes() {
        let c = class("type_a");
        assert_eq!(c.torpedo_capacity(), 18);
        assert_eq!(c.provenance("torpedoes"), &example("4.5"));
    }

    /// [8.5.11.3] Type A patrols last 2 months; classes patrol for 1 to 4 months. [6.2.3A] Some classes fly
    /// two-month and others three-month patrols.
    #[test]
    fn patrol_lengths() {
        let cat = catalog();
        let a = cat.class("type_a").unwrap();
        assert_eq!(a.patrol_months, 2);
        assert_eq!(a.provenance("patrol_months"), &rule("8.5.11.3"));
        assert!(cat.classes.iter().all(|c| (1..=4).contains(&c.patrol_months)));
        for months in [2, 3] {
            assert!(cat.classes.iter().any(|c| c.patrol_months == months), "{months}");
        }
    }

    /// [6.2.2A example] The Type C sheet's track is 1 transit, 5 on station, 1 transit; sent to Pearl Harbor
    /// it flies 2 + 3 + 2, to the US West Coast 3 + 2 + 2, to the DEI 1 + 5 + 1.
    #[test]
    fn type_c_track_and_distant_areas() {
        let cat = catalog();
        let c = cat.class("type_c").unwrap();
        let t = |a, b, c| PatrolTrack {
            transit_out: a,
            on_station: b,
            transit_back: c,
        };
        assert_eq!(c.track, t(1, 5, 1));
        assert_eq!(c.provenance("track"), &rule("6.2.2A"));
        assert_eq!(cat.patrol_track("type_c", "pearl_harbor"), Some(t(2, 3, 2)));
        assert_eq!(cat.patrol_track("type_c", "us_west_coast"), Some(t(3, 2, 2)));
        assert_eq!(cat.patrol_track("type_c", "dei"), Some(t(1, 5, 1)));
    }

    /// [12.0] The Type C of the Example of Play: available at the start of the war, starts at Yokosuka with
    /// 5 deck-gun ammunition markers and its midget, fires four bow torpedoes, stows the 12 steam torpedoes
    /// as reloads with Type 95 in the bow and stern tubes, flies 2-month patrols and refits for one month.
    #[test]
    fn type_c_as_in_the_example_of_play() {
        let c = class("type_c");
        assert!(c.available_in(crate::sensuikan::WAR_START));
        assert_eq!(c.start_base, "yokosuka");
        assert_eq!(c.ammunition, 5);
        assert!(c.midget);
        assert_eq!(c.bow_tubes, 4);
        assert!(c.stern_tubes > 0);
        assert_eq!(c.bow_reloads + c.stern_reloads, 12);
        assert_eq!(c.early_load, EarlyLoad::Roll);
        assert_eq!((c.patrol_months, c.refit_months), (2, 1));
        // Sails 12/41, on patrol 1/42, refit 2/42, sails again 3/42.
        let next = crate::sensuikan::WAR_START.plus(i32::from(c.patrol_months + c.refit_months));
        assert_eq!(next, month("3/42"));
        for field in [
            "available",
            "patrol_months",
            "refit_months",
            "bow_tubes",
            "ammunition",
        ] {
            assert_eq!(c.provenance(field), &example("12.0"), "{field}");
        }
    }

    /// [7.15] Hangars: Types A, A (Modified), B, B.3, Junsen J.2, Junsen J.3 and Sen-Toku, and no other.
    #[test]
    fn hangar_classes() {
        let cat = catalog();
        let mut h = with(&cat, |c| c.hangar);
        h.sort_unstable();
        assert_eq!(
            h,
            [
                "j2",
                "j3",
                "sen_toku",
                "type_a",
                "type_a_mod",
                "type_b",
                "type_b3"
            ]
        );
        for c in &cat.classes {
            assert!(
                !matches!(c.provenance("hangar"), Provenance::Reconstructed { .. }),
                "{}",
                c.id
            );
        }
    }

    /// [7.17 seq 6] Type A (Modified) has 2 aircraft and Sen-Toku 3. [7.15] No submarine carries more than 3.
    #[test]
    fn aircraft_counts() {
        let cat = catalog();
        assert_eq!(cat.class("type_a_mod").map(|c| c.aircraft), Some(2));
        assert_eq!(cat.class("sen_toku").map(|c| c.aircraft), Some(3));
        assert_eq!(
            cat.class("sen_toku").map(|c| c.provenance("aircraft").clone()),
            Some(rule("7.17"))
        );
        assert!(cat.classes.iter().all(|c| c.aircraft <= 3));
    }

    /// [4.8.2] Only the Type C carries a midget submarine. [8.5.10] A Type C has no hangar.
    #[test]
    fn only_type_c_carries_the_midget() {
        let cat = catalog();
        assert_eq!(with(&cat, |c| c.midget), ["type_c"]);
        let c = cat.class("type_c").unwrap();
        assert!(!c.hangar);
        assert_eq!(c.provenance("midget"), &rule("4.8.2"));
    }

    /// [4.5] A midget always carries two Type 97 torpedoes and has no reloads. [7.16] It cannot exceed test
    /// depth.
    #[test]
    fn the_midget_submarine() {
        let m = catalog().midget;
        assert_eq!(
            (m.torpedoes, m.torpedo_type.as_str(), m.reloads),
            (2, "type_97", 0)
        );
        assert_eq!(m.sources.of("torpedoes"), &rule("4.5"));
        assert!(!m.exceeds_test_depth);
        assert_eq!(m.sources.of("exceeds_test_depth"), &rule("7.16"));
    }

    /// [7.10 note] The Kirai-Sen is the specialised minelayer, and the only one.
    #[test]
    fn kirai_sen_is_the_minelayer() {
        let cat = catalog();
        assert_eq!(with(&cat, |c| c.minelayer), ["kirai_sen"]);
        assert_eq!(
            cat.class("kirai_sen").map(|c| c.provenance("minelayer").clone()),
            Some(rule("7.10"))
        );
    }

    /// [8.5.10] Battery hits accumulate on the Sen-Taka class only.
    #[test]
    fn sen_taka_battery_hits_accumulate() {
        let cat = catalog();
        assert_eq!(with(&cat, |c| c.battery_hits_accumulate), ["sen_taka"]);
        assert_eq!(
            cat.class("sen_taka")
                .map(|c| c.provenance("battery_hits_accumulate").clone()),
            Some(rule("8.5.10"))
        );
    }

    /// [7.5] Strategic transport to Europe: Type A and Type B only. [4.2.2 note] "Type A" and "Type B" exclude
    /// Type A (Modified) and Type B.3.
    #[test]
    fn strategic_transport_classes() {
        let cat = catalog();
        assert_eq!(with(&cat, |c| c.strategic_transport), ["type_a", "type_b"]);
        for id in ["type_a_mod", "type_b3"] {
            assert_eq!(
                cat.class(id).map(|c| c.provenance("strategic_transport").clone()),
                Some(rule("4.2.2"))
            );
        }
    }

    /// [7.7] Only Type A (Modified) and Sen-Toku are assigned the Panama Canal bombing. [8.9.4] They are the
    /// advanced models that need a Commander.
    #[test]
    fn panama_bombers_and_advanced_models() {
        let cat = catalog();
        assert_eq!(with(&cat, |c| c.panama_bombing), ["type_a_mod", "sen_toku"]);
        assert_eq!(with(&cat, |c| c.needs_commander), ["type_a_mod", "sen_toku"]);
    }

    /// [4.5] Before 7/42 the Kaidai and the Type B load 12 Type 6; every other class rolls 1d6.
    #[test]
    fn early_war_torpedo_loads() {
        let cat = catalog();
        for c in &cat.classes {
            let fixed = c.family == ClassFamily::Kaidai || c.id == "type_b";
            assert_eq!(c.early_load == EarlyLoad::Type6, fixed, "{}", c.id);
        }
        // A roll of 1-3 loads 12 Type 89, which needs room for twelve in every class sailing before 7/42.
        for c in cat.classes.iter().filter(|c| c.available < month("7/42")) {
            assert!(c.torpedo_capacity() >= 12, "{}", c.id);
        }
    }

    /// [4.7.1] Every submarine starts at Yokosuka.
    #[test]
    fn every_class_starts_at_yokosuka() {
        assert!(catalog().classes.iter().all(|c| c.start_base == "yokosuka"));
    }

    /// [11.6] The historical hull numbers the rulebook lists, in its order.
    #[test]
    fn historical_hull_numbers() {
        let cat = catalog();
        let numbers = |id: &str| {
            let c = cat.class(id).unwrap();
            assert_eq!(c.provenance("hull_numbers"), &rule("11.6"), "{id}");
            c.hull_numbers
                .iter()
                .map(|h| match &h.later {
                    Some(l) => format!("{} ({l})", h.id),
                    None => h.id.clone(),
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        assert_eq!(numbers("j1m"), "I.5");
        assert_eq!(numbers("j2"), "I.6");
        assert_eq!(numbers("j3"), "I.7; I.8");
        assert_eq!(
            numbers("kd3"),
            "I.53 (I.153); I.55 (I.155); I.54 (I.154); I.58 (I.158); I.56 (I.156); I.57 (I.157); \
             I.59 (I.159); I.60; I.63"
        );
        assert_eq!(numbers("kd4"), "I.61; I.62 (I.162); I.64");
        assert_eq!(numbers("kd5"), "I.65 (I.165); I.66 (I.166); I.67");
        assert_eq!(
            numbers("kd6"),
            "I.68 (I.168); I.69 (I.169); I.70; I.71 (I.171); I.72 (I.172); I.73"
        );
        assert_eq!(
            numbers("kd7"),
            (76..=85)
                .map(|n| format!("I.{n} (I.{})", n + 100))
                .collect::<Vec<_>>()
                .join("; ")
        );
        assert_eq!(numbers("type_a"), "I.9; I.10; I.11; I.12");
        assert_eq!(numbers("type_a_mod"), "I.13; I.14");
    }

    /// [7.12] Deck guns and aviation are removed for kaiten on dates after the class enters service; [7.18]
    /// a class carries up to six kaiten.
    #[test]
    fn removal_dates_and_kaiten() {
        let cat = catalog();
        for c in &cat.classes {
            for m in [c.deck_gun_removed, c.aviation_removed].into_iter().flatten() {
                assert!(m > c.available, "{}", c.id);
            }
            assert!(
                c.kaiten.iter().all(|k| k.capacity <= 6 && k.from >= c.available),
                "{}",
                c.id
            );
        }
        let b = cat.class("type_b").unwrap();
        assert!(b.has_deck_gun(month("10/44")) && !b.has_deck_gun(month("11/44")));
        assert!(b.has_aviation(month("10/44")) && !b.has_aviation(month("11/44")));
        assert_eq!(
            (
                b.kaiten_capacity(month("10/44")),
                b.kaiten_capacity(month("11/44"))
            ),
            (0, 4)
        );
        let b3 = cat.class("type_b3").unwrap();
        assert_eq!(b3.kaiten_capacity(month("5/45")), 6);
        // Every kaiten event can be flown by some class fitted for kaiten by then.
        for e in cat.events.iter().filter(|e| {
            e.missions
                .iter()
                .any(|m| m.map.as_deref().is_some_and(|m| m.starts_with('K')))
        }) {
            assert!(
                cat.classes.iter().any(|c| c.kaiten_capacity(e.to) > 0),
                "{}",
                e.id
            );
        }
    }

    /// Every class has provenance for every field, and the reconstructed ones give their reason.
    #[test]
    fn every_field_has_a_provenance() {
        for c in &catalog().classes {
            for f in CLASS_FIELDS {
                assert!(c.provenance(f).validate().is_ok(), "{}.{f}", c.id);
            }
        }
    }

    fn override_errors(patch: serde_json::Value) -> Vec<DataError> {
        let mut cat = catalog();
        let before = cat.clone();
        let errs = cat.apply_class_overrides("my-sheets.json", &patch).unwrap_err();
        assert_eq!(cat, before, "a refused override must change nothing");
        errs
    }

    #[test]
    fn a_partial_override_changes_only_its_fields() {
        let mut cat = catalog();
        let patch = serde_json::json!({
            "type_c": { "stern_tubes": 2, "bow_reloads": 10, "stern_reloads": 2 },
            "kd7": { "track": { "on_station": 6 }, "field_provenance": { "track": { "source": "rule", "case": "sheet KD.7" } } }
        });
        cat.apply_class_overrides("my-sheets.json", &patch).unwrap();
        let c = cat.class("type_c").unwrap();
        assert_eq!(
            (c.stern_tubes, c.bow_reloads, c.stern_reloads, c.bow_tubes),
            (2, 10, 2, 4)
        );
        assert_eq!(
            c.provenance("stern_tubes"),
            &Provenance::Reconstructed {
                reason: "value from the player's override file my-sheets.json".into()
            }
        );
        assert_eq!(c.provenance("bow_tubes"), &example("12.0"));
        let k = cat.class("kd7").unwrap();
        assert_eq!(
            (k.track.transit_out, k.track.on_station, k.track.transit_back),
            (1, 6, 1)
        );
        assert_eq!(k.provenance("track"), &rule("sheet KD.7"));
    }

    #[test]
    fn a_full_override_with_its_own_provenance_replaces_the_entry() {
        let mut cat = catalog();
        let mut entry = serde_json::to_value(cat.class("kd4").unwrap().to_raw()).unwrap();
        entry["hull_boxes"] = 9.into();
        entry["provenance"] = serde_json::json!({ "source": "rule", "case": "KD.4 control sheet" });
        entry["field_provenance"] = serde_json::json!({});
        cat.apply_class_overrides("sheets.json", &serde_json::json!({ "kd4": entry }))
            .unwrap();
        let c = cat.class("kd4").unwrap();
        assert_eq!(c.hull_boxes, 9);
        assert_eq!(c.provenance("hull_boxes"), &rule("KD.4 control sheet"));
    }

    #[test]
    fn malformed_overrides_name_file_class_and_field() {
        let errs = override_errors(serde_json::json!({ "type_c": { "patrol_months": "two" } }));
        assert_eq!(
            (
                errs[0].file.as_str(),
                errs[0].chart.as_str(),
                errs[0].entry.as_str()
            ),
            ("my-sheets.json", "classes", "type_c.patrol_months")
        );
        assert!(
            errs[0]
                .to_string()
                .starts_with("my-sheets.json, chart classes, entry type_c.patrol_months")
        );

        let errs = override_errors(serde_json::json!({ "type_c": { "patrol_months": 5 } }));
        assert_eq!(errs[0].entry, "type_c.patrol_months");
        assert!(errs[0].message.contains("1 to 4"), "{errs:?}");

        let errs = override_errors(serde_json::json!({ "type_a": { "torpedo_load": 20 } }));
        assert_eq!(errs[0].entry, "type_a.torpedo_load");
        assert!(errs[0].message.contains("unknown field"), "{errs:?}");

        let errs = override_errors(serde_json::json!({ "type_z": { "hull_boxes": 8 } }));
        assert_eq!(errs[0].entry, "type_z");

        let errs = override_errors(serde_json::json!({ "kd3": { "deck_gun_removed": "11/41" } }));
        assert_eq!(errs[0].entry, "kd3.deck_gun_removed");

        let errs = override_errors(serde_json::json!({ "kd3": { "start_base": "kure" } }));
        assert_eq!(errs[0].entry, "kd3.start_base");

        let errs = override_errors(serde_json::json!({ "type_c": { "track": { "on_station": 3 } } }));
        assert!(errs.iter().all(|e| e.entry == "type_c.track"), "{errs:?}");
        assert!(errs[0].message.contains("mission box"), "{errs:?}");

        let errs = override_errors(serde_json::json!({ "type_c": { "track": { "on_station": -1 } } }));
        assert_eq!(errs[0].entry, "type_c.track");

        let errs = override_errors(serde_json::json!({
            "kd5": { "available": "12/1941x" },
            "kd6": { "provenance": { "source": "reconstructed", "reason": "" } }
        }));
        assert_eq!(errs.len(), 2);
        assert_eq!(errs[0].entry, "kd5.available");
        assert_eq!(errs[1].entry, "kd6.provenance");

        let errs = override_errors(serde_json::json!(["kd3"]));
        assert_eq!(errs[0].file, "my-sheets.json");
    }

    #[test]
    fn malformed_class_files_name_file_class_and_field() {
        let bad = SHIPPED_CLASSES.replacen("\"aircraft\": 2", "\"aircraft\": 4", 1);
        let errs = parse_classes("c.json", &bad).unwrap_err();
        assert_eq!(
            (
                errs[0].file.as_str(),
                errs[0].chart.as_str(),
                errs[0].entry.as_str()
            ),
            ("c.json", "classes", "type_a_mod.aircraft")
        );

        let bad = SHIPPED_CLASSES.replacen("\"hull_boxes\": 8,", "\"hull_boxes\": \"8\",", 1);
        let errs = parse_classes("c.json", &bad).unwrap_err();
        assert_eq!(errs[0].entry, "kd3.hull_boxes");

        let bad = SHIPPED_CLASSES.replacen("\"patrol_months\": 2,", "", 1);
        let errs = parse_classes("c.json", &bad).unwrap_err();
        assert_eq!(errs[0].entry, "kd3.patrol_months");
        assert!(errs[0].message.contains("missing"));

        let bad = SHIPPED_CLASSES.replacen("\"id\": \"kd4\"", "\"id\": \"kd3\"", 1);
        let errs = parse_classes("c.json", &bad).unwrap_err();
        assert!(
            errs.iter()
                .any(|e| e.entry == "kd3" && e.message.contains("twice")),
            "{errs:?}"
        );

        let bad = SHIPPED_CLASSES.replacen("\"catalog\": \"classes\"", "\"catalog\": \"events\"", 1);
        let errs = parse_classes("c.json", &bad).unwrap_err();
        assert!(errs[0].message.contains("'events' catalog"), "{errs:?}");
    }
}
