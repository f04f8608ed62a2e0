//! The Silent War data: every shipped file loads and cross-checks, every value the text states is where
//! `docs/silent-war-ijn-stated-values.md` says, a bad file is answered with file, entry and field, and a
//! player's overrides are checked like the shipped files.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::combat::{CounterValues, Revealed};
use super::procedures::{Cup, LonerEvent, Rating};
use super::ships::{PileId, Scenario};
use super::*;
use crate::chart::ChartDice;
use crate::month::Month;
use crate::overrides::OverrideReport;

fn data() -> IjnData {
    match IjnData::from_texts(Texts { files: SHIPPED_FILES }) {
        Ok(d) => d,
        Err(e) => panic!(
            "the shipped files do not load:\n{}",
            e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
        ),
    }
}

fn m(text: &str) -> Month {
    Month::parse(text).unwrap()
}

fn c<'d>(d: &'d IjnData, id: &str) -> &'d Counter {
    d.counter(id).unwrap_or_else(|| panic!("no counter {id}"))
}

/// The shipped files with one of them changed: every error, or a panic if they still load.
fn with(file: &str, change: impl Fn(&str) -> String) -> Refused {
    let mut files = SHIPPED_FILES;
    let mut changed = String::new();
    for f in &mut files {
        if f.0.ends_with(&format!("/{file}")) {
            changed = change(f.1);
            assert_ne!(changed, f.1, "the change did nothing");
        }
    }
    for f in &mut files {
        if f.0.ends_with(&format!("/{file}")) {
            f.1 = &changed;
        }
    }
    Refused(
        IjnData::from_texts(Texts { files })
            .map(|_| ())
            .map_err(|e| e.iter().map(ToString::to_string).collect()),
    )
}

struct Refused(Result<(), Vec<String>>);

impl Refused {
    fn unwrap_err(self) -> Vec<String> {
        match self.0 {
            Err(e) => e,
            Ok(()) => panic!("the changed files still load"),
        }
    }
}

/// Every shipped file parses, validates and cross-checks, with every rule case it cites in rules.json.
#[test]
fn every_shipped_file_loads() {
    let d = data();
    assert_eq!(d.set.counters.len(), 284);
    assert_eq!(d.set.events.len(), 9);
    assert_eq!(d.crash_dive.ratings.len(), 27);
    assert_eq!(IjnData::shipped().unwrap(), d);
}

/// rules.json holds a summary for every case label of the checklist, written as the checklist writes it.
#[test]
fn the_rule_summaries_name_every_checklist_case() {
    let d = data();
    for case in [
        "1.0",
        "2.0",
        "2.1",
        "2.1.1",
        "2.1.1 NOTE",
        "2.1.2",
        "2.2",
        "2.2 NOTE",
        "3.0",
        "3.0 step 1",
        "3.0 step 2",
        "3.0 / SW3.3",
        "3.1",
        "3.1 Reminder",
        "3.1A",
        "3.1B",
        "3.1C",
        "3.2",
        "3.2 Note",
        "3.3",
        "3.4",
        "3.41*",
        "3.42*",
        "3.5",
        "3.51*",
        "3.52*A",
        "3.52*B",
        "3.6",
        "3.7",
        "3.7 Oyodo",
        "3.7 Yamato class",
        "3.7 Michel",
        "4.0",
        "4.1",
        "4.2 Target",
        "4.2 Submarine",
        "4.3",
        "4.3 Combat Procedure",
        "5.0",
        "5.1",
        "5.2",
        "6.0",
        "6.1",
        "7.0",
        "9.0",
    ] {
        assert!(d.rules.get(case).is_some(), "no summary for [{case}]");
    }
    assert!(rules::is_case_label("3.52*A") && rules::is_case_label("3.0 / SW3.3"));
    assert!(!rules::is_case_label("three") && !rules::is_case_label("3"));
    assert!(d.rules.search("oyodo").iter().any(|c| c.case == "3.7 Oyodo"));
}

/// [3.0 / SW3.3] Six piles: BB (with BV), CV (with CVL, CVE), CA (CA, AC), CL, DD (DD, DE), AX (AO, AS,
/// AV, AM, AR, AL). [2.1] The counters keep the base game's format, with removal dates or events and
/// aircraft symbols added; [2.1.1] some have an entry date only, some entry and removal, some neither.
#[test]
fn the_piles_and_the_counters_dates() {
    let d = data();
    let types = |p: PileId| d.set.pile(p).unwrap().types.clone();
    assert_eq!(types(PileId::BB), ["BB", "BV"]);
    assert_eq!(types(PileId::CV), ["CV", "CVL", "CVE"]);
    assert_eq!(types(PileId::CA), ["CA", "AC"]);
    assert_eq!(types(PileId::CL), ["CL"]);
    assert_eq!(types(PileId::DD), ["DD", "DE"]);
    for t in ["AO", "AS", "AV", "AM", "AR", "AL"] {
        assert!(types(PileId::AX).contains(&t.to_string()), "{t}");
    }
    let cs = &d.set.counters;
    assert!(cs.iter().any(|c| c.entry.is_some() && c.removal.is_none()));
    assert!(cs.iter().any(|c| c.entry.is_some() && c.removal.is_some()));
    assert!(cs.iter().any(|c| c.entry.is_none() && c.removal.is_none()));
    assert!(
        cs.iter()
            .all(|c| c.entry.is_none_or(|e| c.removal.is_none_or(|r| e < r)))
    );
    // [2.1.2] Some counters carry the aircraft symbol.
    assert!(c(&d, "cv_shokaku").aircraft_symbol && !c(&d, "dd_arashi").aircraft_symbol);
    assert!(d.set.timing.date_removal.contains("first week"));
    assert!(d.set.timing.event_removal.contains("end of the turn"));
    assert!(d.set.timing.event_never_occurs.contains("stays"));
}

/// [2.2] 1932 uses the yellow names and the '32 versions (Fuso '32); 1941 and later every counter but the
/// '32 versions. [2.2 NOTE] Izumo is a CA, Asahi an AX.
#[test]
fn scenario_versions() {
    let d = data();
    let fuso32 = c(&d, "bb_fuso_32");
    assert!(
        fuso32.version_32
            && fuso32.in_scenario(Scenario::EastWindEarly)
            && !fuso32.in_scenario(Scenario::From1941)
    );
    assert!(
        c(&d, "bb_fuso").in_scenario(Scenario::From1941)
            && !c(&d, "bb_fuso").in_scenario(Scenario::EastWindEarly)
    );
    let izumo = c(&d, "ac_izumo");
    assert_eq!((izumo.pile, izumo.name_colour), (PileId::CA, NameColour::Yellow));
    assert!(izumo.in_scenario(Scenario::EastWindEarly) && izumo.in_scenario(Scenario::From1941));
    assert_eq!(c(&d, "ar_asahi").pile, PileId::AX);
}

/// [3.1A] [3.1B] [3.1C] [3.3] Which pile replaces which revealed counter: each warship its class, a DE and a
/// Diligent Escort the DD pile, an AO or AF the AX pile; the named SW counters count as their class.
#[test]
fn replacements_and_named_counters() {
    let d = data();
    let from = |r: Revealed| d.combat.draw_from(r).unwrap();
    assert_eq!(from(Revealed::BV), PileId::BB);
    assert_eq!(from(Revealed::AC), PileId::CA);
    assert_eq!(from(Revealed::DE), PileId::DD);
    assert_eq!(from(Revealed::AO), PileId::AX);
    assert_eq!(from(Revealed::AF), PileId::AX);
    assert_eq!(from(Revealed::DiligentEscort), PileId::DD);
    assert!(
        d.combat
            .replacements
            .iter()
            .any(|x| x.revealed == Revealed::DiligentEscort && x.keep_sw_counter)
    );
    let named: Vec<(&str, PileId)> = d
        .combat
        .named_sw_counters
        .iter()
        .map(|n| (n.sw_counter.as_str(), n.treated_as))
        .collect();
    assert_eq!(named.len(), 8);
    for (name, pile) in [
        ("CV Kaga", PileId::CV),
        ("BB Yamato", PileId::BB),
        ("AR Asahi", PileId::AX),
        ("AC Izumo", PileId::CA),
    ] {
        assert!(named.contains(&(name, pile)), "{name}");
    }
}

/// [3.1C] ASW +3, never above 6, defence unchanged: the example's IJN 6-2 fights as 6-5; a 6-4 as 6-6.
/// [3.2] An aircraft capable ship with ASW 0 counts ½ in the counterattack.
#[test]
fn the_diligent_escort_and_aircraft_values() {
    let d = data();
    let de = &d.combat.diligent_escort;
    assert_eq!((de.asw_bonus, de.asw_cap, de.defense_bonus), (3, 6, 0));
    let v = |s: &str| s.parse::<CounterValues>().unwrap();
    assert_eq!(de.values(v("6-2")), v("6-5"));
    assert_eq!(de.values(v("6-4")), v("6-6"));
    assert_eq!(de.example.0, v("7-4"));
    assert!((d.combat.aircraft_capable.zero_asw_counterattack_value - 0.5).abs() < f64::EPSILON);
    assert!("6-10".parse::<CounterValues>().is_err());
    // [3.2 Note] Carriers that did not fly ASW patrols have no symbol: Hosho, Shinano, Chuyo.
    for id in ["cv_hosho", "cv_shinano", "cve_chuyo"] {
        if let Some(x) = d.counter(id) {
            assert!(!x.aircraft_symbol, "{id}");
        }
    }
}

/// [3.41*] [3.42*] [3.4] [3.6] [3.5] The rules of depletion, sinking, tonnage and damage, in our words.
#[test]
fn depletion_sinking_tonnage_and_damage_are_said() {
    let d = data();
    assert!(
        d.combat
            .depletion
            .text("empty_pile")
            .contains("no IJN ship is drawn")
    );
    assert!(
        d.combat
            .depletion
            .text("auxiliary_exception")
            .contains("no longer replaced")
    );
    assert!(d.combat.sinking.text("effect").contains("for good"));
    assert!(d.combat.tonnage_award.text("credit").contains("IJN counter"));
    assert!(d.repair.basic.text("effect").contains("next one"));
    // [3.6] Tonnage is the IJN counter's, in thousands: Arashi 2t, Mogami-15t and -13t.
    assert_eq!(c(&d, "dd_arashi").tonnage, 2);
    assert_eq!(c(&d, "ca_mogami_15t").tonnage, 15);
    assert_eq!(c(&d, "ca_mogami_13t").tonnage, 13);
}

/// [3.51*] [3.52*A] [3.52*B] The Damage Table's stated points (the 1-4 line's 4 is 2 months; a 14t ship's 6
/// is 5 months) and the Campaign Game multipliers: ×2 from 2,660,000 t, ×4 from 3,990,000 t, in Campaign
/// Games 1, 3 and 4 only; the target winning tonnage is 5.5 million.
#[test]
fn the_damage_table_and_its_multipliers() {
    let d = data();
    let t = &d.repair.damage_table;
    assert_eq!(t.dice, ChartDice::D10Zero);
    assert_eq!(t.column_for(2).unwrap().band(), "1-4t");
    assert_eq!(t.months(2, 4), Some(2));
    assert_eq!(t.months(14, 6), Some(5));
    assert!(
        (1..=80).all(|tons| t.months(tons, 0) == Some(0)),
        "a 0 is next month everywhere"
    );
    assert_eq!(t.column_for(73).unwrap().band(), "40t and up");
    let r = &d.repair;
    assert_eq!(r.multiplier(Some(1), 2_660_000).map(|m| m.factor), Some(2));
    assert_eq!(r.multiplier(Some(3), 2_659_999).map(|m| m.factor), None);
    assert_eq!(r.multiplier(Some(4), 3_990_000).map(|m| m.factor), Some(4));
    assert_eq!(r.multiplier(Some(2), 5_000_000), None);
    assert_eq!(r.multiplier(None, 5_000_000), None);
    assert_eq!(r.constant("target_winning_tonnage"), Some(5_500_000));
    assert!(r.returns.text("returns_at").contains("+ 1"));
}

/// [3.7] The pendant ships: [3.7 Oyodo] Inland Sea or East China Sea; [3.7 Yamato class] Yamato and Musashi
/// by year, besides [SW30.1]; [3.7 Michel] only as a loner, another AX drawn in her place.
#[test]
fn the_special_ships() {
    let d = data();
    let oyodo = d.special.rule(SpecialRule::Oyodo).unwrap();
    assert_eq!(
        oyodo.waters_in(m("3/43")).unwrap().areas,
        ["inland_sea", "east_china_sea"]
    );
    assert!(!oyodo.outside.draw_instead && oyodo.outside.tdc_lost && oyodo.outside.pile == PileId::CL);
    let yamato = d.special.rule(SpecialRule::YamatoClass).unwrap();
    assert_eq!(yamato.ships, ["bb_yamato", "bb_musashi"]);
    assert_eq!(
        yamato.waters_in(m("6/42")).unwrap().areas,
        ["empire_pacific", "bonins", "north_pacific"]
    );
    assert!(
        yamato
            .waters_in(m("6/44"))
            .unwrap()
            .areas
            .contains(&"carolines".to_string())
    );
    assert_eq!(
        yamato.waters_in(m("5/45")).unwrap().areas,
        ["east_china_sea", "empire_pacific"]
    );
    assert!(yamato.also.is_some());
    let michel = d.special.rule(SpecialRule::Michel).unwrap();
    assert_eq!(michel.only_as.as_deref(), Some("loner"));
    assert!(michel.outside.draw_instead && michel.outside.tdc_lost);
    assert_eq!(c(&d, "ax_michel").entry, Some(m("5/43")));
    for id in ["cl_oyodo", "bb_yamato", "bb_musashi", "ax_michel"] {
        assert!(c(&d, id).special_rule.is_some(), "{id}");
    }
}

/// [4.1] [4.2 Target] [4.2 Submarine] [4.3] [4.3 Combat Procedure] [4.0] The loner rules: cups A-D for War
/// Periods 1-4, the events on 3-4 only, the Endurance Check at -1.
#[test]
fn the_loner_rules() {
    let d = data();
    let l = &d.loners;
    assert_eq!(
        [1, 2, 3, 4].map(|wp| l.cup(wp)),
        [Some(Cup::A), Some(Cup::B), Some(Cup::C), Some(Cup::D)]
    );
    for roll in 0..=9 {
        let e = l.combat_event.lookup(roll).unwrap().result;
        assert_eq!(e == LonerEvent::Event, roll == 3 || roll == 4, "{roll}");
    }
    assert_eq!(l.endurance_check_modifier, -1);
    assert!(l.contact.text("first_roll_zero").contains("Sub vs Sub"));
    assert!(l.submarine_placement.text("same_column_if").contains("tactical"));
    assert!(
        l.combat
            .text("surface_gunnery")
            .contains("except a Japanese warship")
    );
    assert_eq!(Cup::C.adjacent(), [Cup::B, Cup::D]);
    assert_eq!(Cup::A.adjacent(), [Cup::B]);
}

/// [5.2] Every rating of the table; X means the class cannot try. [5.1] [5.0] The three triggers.
#[test]
fn the_crash_dive_ratings() {
    let d = data();
    let rating = |id: &str| d.crash_dive.rating(id).unwrap().rating.to_string();
    let table = [
        ("s1", "0"),
        ("s2", "0"),
        ("s3", "0"),
        ("leviathan", "X"),
        ("b", "0"),
        ("argonaut", "X"),
        ("narwhal", "X"),
        ("dolphin", "0"),
        ("cachalot", "0"),
        ("p1", "0"),
        ("p2", "0"),
        ("p3", "0"),
        ("new_s1", "1"),
        ("new_s2", "1"),
        ("t", "0"),
        ("gato", "0"),
        ("balao", "0"),
        ("tench", "0"),
        ("scheme_17", "0"),
        ("k_viii", "0"),
        ("k_xi", "0"),
        ("k_xiv", "0"),
        ("o_16", "0"),
        ("o_19", "0"),
        ("o_21", "1"),
        ("british_s2", "1"),
        ("british_t2", "2"),
    ];
    for (id, r) in table {
        assert_eq!(rating(id), r, "{id}");
    }
    assert_eq!(d.crash_dive.rating("gato").unwrap().rating, Rating::Rated(0));
    assert_eq!(
        (d.crash_dive.kept.as_str(), d.crash_dive.becomes.as_str()),
        ("No Effect", "Spotted")
    );
    assert_eq!(d.crash_dive.triggers.len(), 3);
}

/// [6.0] [6.1] One escort, first round; the restrictions a-e, each with a reason; d names its three events.
#[test]
fn the_targeting_restrictions() {
    let d = data();
    assert_eq!(d.targeting.escorts, 1);
    let letters: Vec<char> = d.targeting.restrictions.iter().map(|r| r.letter).collect();
    assert_eq!(letters, ['a', 'b', 'c', 'd', 'e']);
    assert_eq!(
        d.targeting.restriction('d').unwrap().events,
        [
            "betty_bomber_spots_submarine",
            "counterattack_hold_down",
            "counterattack_combat"
        ]
    );
    assert!(d.targeting.option.text("rounds").contains("first attack round"));
}

/// [7.0] 860 ships and 3,800,000 t, both; the current month numbered 9, the later ones 8, 7 … as the March
/// 1944 example; 859 ships do not trigger.
#[test]
fn the_early_war_period_4_marks() {
    let d = data();
    let w = &d.war_period_4;
    assert_eq!(
        (w.ships_sunk_at_least, w.tons_sunk_at_least, w.tons_marker_reads),
        (860, 3_800_000, 3800)
    );
    assert!(w.triggered(860, 3_900_000) && !w.triggered(859, 3_900_000) && !w.triggered(860, 3_799_999));
    assert_eq!(w.number(m("3/44"), m("3/44")), Some(9));
    assert_eq!(w.number(m("3/44"), m("5/44")), Some(7));
    assert_eq!(w.printed_first_month, m("6/44"));
}

/// [9.0] The removal table: the dated rows, the events with exactly their ships, Midway's ten.
#[test]
fn the_removal_table() {
    let d = data();
    for (id, month) in [
        ("dd_hayate", "1/42"),
        ("dd_kisaragi", "1/42"),
        ("dd_takanami", "2/42"),
        ("ca_kinugasa", "12/42"),
        ("bb_hiei", "12/42"),
        ("dd_terutsuki", "1/43"),
        ("cl_naka", "3/44"),
        ("dd_satsuki", "10/44"),
        ("de_kuwa", "1/45"),
        ("cl_kashii", "2/45"),
        ("av_kamoi", "5/45"),
        ("ca_haguro", "6/45"),
    ] {
        assert_eq!(c(&d, id).removal, Some(m(month)), "{id}");
    }
    let ships = |e: &str| d.set.event(e).unwrap().ships.clone();
    assert_eq!(
        ships("midway"),
        [
            "bb_ise",
            "bb_hyuga",
            "ca_mogami_15t",
            "ca_mikuma",
            "cv_akagi",
            "cv_kaga",
            "cv_soryu",
            "cv_hiryu",
            "av_chitose",
            "av_chiyoda"
        ]
    );
    assert_eq!(ships("coral"), ["cv_shoho", "dd_kikutsuki"]);
    assert_eq!(ships("okinawa"), ["bb_yamato", "cl_yahagi", "dd_kasumi"]);
    assert_eq!(
        ships("liberation_of_philippines"),
        ["cl_kiso", "ca_kumano", "ca_nachi"]
    );
    assert_eq!(ships("leyte").len(), 24);
    assert!(d.set.event("end_of_1932_campaign").unwrap().before_1941);
    // Block 2's ten printed dates are all among its 24 ships' months.
    let block2 = [
        "dd_tokitsukaze",
        "dd_kagero",
        "dd_kurushio",
        "dd_oyashio",
        "bb_mutsu",
        "cl_jintsu",
        "dd_nagatsuki",
        "dd_mikatsuki",
        "dd_hatsuyuki",
        "dd_yugure",
        "dd_ariake",
        "dd_kiyonami",
        "dd_niitsuki",
        "dd_kawakaze",
        "dd_arashi",
        "dd_hagikaze",
        "cl_sendai",
        "dd_mochitsuki",
        "dd_yugiri",
        "dd_hatsukaze",
        "dd_yugumo",
        "dd_makinami",
        "dd_suzanami",
        "dd_onami",
    ];
    let months: Vec<Month> = block2.iter().map(|id| c(&d, id).removal.unwrap()).collect();
    for printed in ["4/43", "6/43", "7/43", "9/43", "11/43"] {
        assert!(months.contains(&m(printed)), "{printed}");
    }
    // Nowake and Kurushio are found by the spellings players use.
    assert!(c(&d, "dd_kurushio").answers_to("Kuroshio"));
}

/// A bad file is answered with every mistake, each naming the file, the catalog, the entry and the field.
#[test]
fn mistakes_name_file_entry_and_field() {
    let e = with("ships.json", |t| {
        t.replacen(r#""tonnage": 2,"#, r#""tonnage": "two","#, 1)
    })
    .unwrap_err();
    assert!(
        e[0].starts_with("data/silent_war_ijn/ships.json, chart ijn_set, entry counter "),
        "{e:?}"
    );
    assert!(e[0].contains(".tonnage: invalid type"), "{e:?}");
    let e = with("ships.json", |t| {
        t.replacen(
            r#""id": "dd_arashi", "name": "Arashi", "type": "DD""#,
            r#""id": "dd_arashi", "name": "Arashi", "type": "CL""#,
            1,
        )
    })
    .unwrap_err();
    assert!(
        e.iter()
            .any(|x| x.contains("counter dd_arashi, field pile: a CL counter goes in the CL pile, not DD")),
        "{e:?}"
    );
    let e = with("ships.json", |t| {
        t.replacen(
            r#""ships": ["cv_shoho", "dd_kikutsuki"]"#,
            r#""ships": ["cv_shoho", "dd_nobody"]"#,
            1,
        )
    })
    .unwrap_err();
    assert!(
        e.iter()
            .any(|x| x.contains("event coral, field ships: no counter 'dd_nobody'")),
        "{e:?}"
    );
    let e = with("repair.json", |t| {
        t.replacen(
            r#"{"roll": "4", "result": 2, "provenance": {"source": "example", "case": "3.51*"}}"#,
            r#"{"roll": "4", "result": 3, "provenance": {"source": "example", "case": "3.51*"}}"#,
            1,
        )
    })
    .unwrap_err();
    assert!(
        e.iter()
            .any(|x| x.contains("a 2t ship rolling 4 is in repair 2 months [3.51*]; this table gives 3")),
        "{e:?}"
    );
    let e = with("crash_dive.json", |t| {
        t.replacen(r#""case": "5.2"}"#, r#""case": "5.9"}"#, 1)
    })
    .unwrap_err();
    assert!(
        e.iter()
            .any(|x| x.contains("cites the case '5.9', which is not a case of rules.json")),
        "{e:?}"
    );
    let e = with("loners.json", |t| {
        t.replacen(r#""roll": "3-4""#, r#""roll": "4""#, 1)
    })
    .unwrap_err();
    assert!(
        e.iter()
            .any(|x| x.contains("leaves a gap: roll 3 is not answered")),
        "{e:?}"
    );
    let e = with("special_ships.json", |t| {
        t.replacen(r#""until": "12/42""#, r#""until": "11/42""#, 1)
    })
    .unwrap_err();
    assert!(e.iter().any(|x| x.contains("no gap and no overlap")), "{e:?}");
    let e = with("combat.json", |t| {
        t.replacen(r#""asw_bonus": 3,"#, r#""asw_bonus": 2,"#, 1)
    })
    .unwrap_err();
    assert!(
        e.iter().any(|x| x
            .contains("field diligent_escort.example: with these bonuses 6-2 would fight as 6-4, not 6-5")),
        "{e:?}"
    );
}

fn overrides(text: &str) -> (OverrideReport, IjnData) {
    let mut d = data();
    let mut report = OverrideReport::default();
    let sections: serde_json::Map<String, serde_json::Value> = serde_json::from_str(text).unwrap();
    overrides::apply_to("mine.json", &sections, &mut d, &mut report);
    (report, d)
}

/// The owner's counter values (defence and ASW, name colour, aircraft symbol) override the shipped ones,
/// entry by entry; a refused entry leaves the shipped one in force, the others still apply. The whole
/// file goes through the overrides registry.
#[test]
fn the_owners_counters_override_the_shipped_values() {
    let (report, d) = overrides(
        r#"{"counters": {"dd_arashi": {"defense": 6, "asw": 2}, "cv_hosho": {"aircraft_symbol": true}, "bb_fuso_32": {"name_colour": "white"}, "dd_nobody": {"asw": 1}, "dd_hagikaze": {"asw": 12}}}"#,
    );
    assert_eq!(report.counters, ["cv_hosho", "dd_arashi"]);
    let lines: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("counter bb_fuso_32, field name_colour: a '32 version is yellow"))
    );
    assert!(lines.iter().any(|l| l.contains("no counter 'dd_nobody'")));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("counter dd_hagikaze, field asw: a counter prints 0 to 9"))
    );
    let arashi = c(&d, "dd_arashi");
    assert_eq!((arashi.defense, arashi.asw), (Some(6), Some(2)));
    assert!(
        matches!(arashi.sources.of("asw"), Provenance::Reconstructed { reason } if reason.contains("mine.json"))
    );
    assert!(c(&d, "cv_hosho").aircraft_symbol);
    assert_eq!(
        c(&d, "bb_fuso_32").name_colour,
        NameColour::Yellow,
        "the refused entry keeps its value"
    );
    assert_eq!(c(&d, "dd_hagikaze").asw, None);
    // An unknown field is refused with its name.
    let (report, _) = overrides(r#"{"counters": {"dd_arashi": {"history": "mine"}}}"#);
    assert!(
        report.errors[0]
            .to_string()
            .contains("unknown field; expected one of defense, asw"),
        "{:?}",
        report.errors
    );

    let text = r#"{"format": "periscope-overrides", "game": "silent_war_ijn", "counters": {"dd_arashi": {"defense": 6, "asw": 2}}}"#;
    let report = crate::overrides::check("mine.json", text).unwrap();
    assert!(report.is_ok(), "{:?}", report.errors);
    assert_eq!(
        (report.game.as_str(), report.counters.clone()),
        ("silent_war_ijn", vec!["dd_arashi".to_string()])
    );
    let mut d = data();
    let applied = crate::overrides::apply(
        "mine.json",
        text,
        &mut crate::overrides::GameData::SilentWarIjn { data: &mut d },
    );
    assert_eq!(applied, report);
    assert_eq!(c(&d, "dd_arashi").defense, Some(6));
}

/// [2.1.1] [3.0 step 1] The owner's counter sheet decides when a counter joins and leaves its pile: the entry
/// and removal dates, and the War Event that removes it, are overridden counter by counter and checked as
/// the shipped data is (a removal not after the entry, one removal per counter, an event that exists).
#[test]
fn the_owners_dates_override_the_reconstructed_ones() {
    let (report, d) = overrides(
        r#"{"counters": {"dd_kagero": {"removal": "5/43"}, "dd_tokitsukaze": {"entry": "2/42", "removal": null},
            "dd_kikutsuki": {"event": null, "removal": "9/42"}, "bb_ise": {"event": "coral"}}}"#,
    );
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(
        report.counters,
        ["bb_ise", "dd_kagero", "dd_kikutsuki", "dd_tokitsukaze"]
    );
    let kagero = c(&d, "dd_kagero");
    assert_eq!(kagero.removal.map(|m| m.short()), Some("5/43".to_string()));
    assert!(
        matches!(kagero.sources.of("removal"), Provenance::Reconstructed { reason } if reason.contains("mine.json"))
    );
    let toki = c(&d, "dd_tokitsukaze");
    assert_eq!(
        (toki.entry.map(|m| m.short()), toki.removal),
        (Some("2/42".to_string()), None)
    );
    assert_eq!(d.set.event_of("dd_kikutsuki"), None, "off Coral's list");
    assert_eq!(
        c(&d, "dd_kikutsuki").removal.map(|m| m.short()),
        Some("9/42".to_string())
    );
    assert_eq!(d.set.event_of("bb_ise").map(|e| e.id.as_str()), Some("coral"));
    assert!(
        !d.set
            .event("midway")
            .unwrap()
            .ships
            .contains(&"bb_ise".to_string())
    );

    // Refused, each by counter and field; the shipped entry stays.
    let (report, d) = overrides(
        r#"{"counters": {"dd_kagero": {"removal": "13/43"}, "dd_arashi": {"entry": "6/43", "removal": "5/43"},
            "cv_shoho": {"removal": "8/42"}, "bb_ise": {"event": "pearl"}, "dd_yayoi": {"event": 3}}}"#,
    );
    let lines: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert_eq!(lines.len(), 5, "{lines:#?}");
    for (counter, field, says) in [
        ("dd_kagero", "removal", ""),
        ("dd_arashi", "removal", "is not after the entry"),
        ("cv_shoho", "", "leaves by date (8/42) and by this event"),
        ("bb_ise", "event", "no War Event 'pearl'"),
        ("dd_yayoi", "event", "a War Event's id"),
    ] {
        let at = if field.is_empty() {
            String::new()
        } else {
            format!("counter {counter}, field {field}")
        };
        assert!(
            lines
                .iter()
                .any(|l| l.contains(counter) && l.contains(&at) && l.contains(says)),
            "{counter} {field}: {lines:#?}"
        );
    }
    assert!(report.counters.is_empty());
    assert_eq!(
        c(&d, "dd_kagero").removal,
        data().counter("dd_kagero").unwrap().removal
    );
    assert_eq!(d.set.event_of("cv_shoho").map(|e| e.id.as_str()), Some("coral"));
}

/// A ship the owner's set has and ours lacks is added with its name, type, class and tonnage (its pile
/// from its type); one ours has and the owner's does not is taken out with `null`, off its event's list.
/// A new counter missing a needed field, or a type that does not exist, is refused by counter and field.
#[test]
fn the_owners_set_adds_and_takes_out_ships() {
    let (report, d) = overrides(
        r#"{"counters": {"al_kinai": {"name": "Kinai Maru", "type": "AL", "class": "Kinai Maru", "tonnage": 8, "asw": 0, "defense": 2, "entry": "3/42"},
            "dd_kikutsuki": null, "dd_miyuki": null}}"#,
    );
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let k = c(&d, "al_kinai");
    assert_eq!((k.pile, k.kind.as_str(), k.tonnage), (PileId::AX, "AL", 8));
    assert_eq!((k.defense, k.asw), (Some(2), Some(0)));
    assert_eq!(k.entry.map(|m| m.short()), Some("3/42".to_string()));
    assert!(matches!(&k.sources.entry, Provenance::Reconstructed { reason } if reason.contains("added")));
    assert!(d.counter("dd_kikutsuki").is_none());
    assert_eq!(d.set.event("coral").unwrap().ships, ["cv_shoho"]);
    assert!(
        d.set.event("end_of_1932_campaign").unwrap().ships.is_empty(),
        "an event left with no ship stays, removing nothing"
    );
    assert_eq!(d.set.counters.len(), data().set.counters.len() - 1);

    let (report, d) = overrides(
        r#"{"counters": {"al_x": {"asw": 0}, "al_y": {"name": "Y", "type": "ZZ", "class": "Y", "tonnage": 1},
            "dd_nobody": null, "bb_yamato": null}}"#,
    );
    let lines: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert_eq!(lines.len(), 4, "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("counter al_x") && l.contains("missing: name, type, class, tonnage"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("counter al_y, field type") && l.contains("'ZZ' is not a counter type"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("counter dd_nobody") && l.contains("no counter"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("counter bb_yamato") && l.contains("special_ships.json")),
        "a special ship's rule names her: {lines:#?}"
    );
    assert_eq!(d.set.counters.len(), data().set.counters.len());
}

/// The owner's Damage Table replaces the reconstructed one when it answers every roll of every band and
/// keeps the points the text states [3.51*] [3.52*A]; otherwise the shipped table stays.
#[test]
fn the_owners_damage_table() {
    let shipped: serde_json::Value =
        serde_json::from_str::<serde_json::Value>(SHIPPED_FILES[4].1).unwrap()["damage_table"].clone();
    let mut mine = shipped.clone();
    mine["title"] = serde_json::Value::String("IJN Optional Damage Table (printed)".into());
    let (report, d) = overrides(&format!(r#"{{"charts": {{"ijn_damage": {mine}}}}}"#));
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.charts, ["ijn_damage"]);
    assert_eq!(d.repair.damage_table.title, "IJN Optional Damage Table (printed)");
    let mut bad = shipped;
    bad["columns"][2]["rows"][5]["result"] = serde_json::json!(6);
    let (report, d) = overrides(&format!(r#"{{"charts": {{"ijn_damage": {bad}, "A2": {{}}}}}}"#));
    let lines: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("a 14t ship rolling 6 is in repair 5 months [3.52*A]; this table gives 6")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("unknown chart id 'A2'")),
        "{lines:#?}"
    );
    assert!(report.charts.is_empty());
    assert_eq!(d.repair.damage_table, data().repair.damage_table);
}

/// [2.0] Plain numbers cite the expansion, SW numbers the base game: the questions the companion asks name
/// the base-game case they are about (`[SW17.1]`) and the expansion case that needs the answer; their
/// choices match the data (classes, events, areas).
#[test]
fn the_questions_cite_the_base_game() {
    let d = data();
    let q = d.questions.question("war_period").unwrap();
    assert_eq!(q.prompt(), "Which War Period is it? [SW17.1]");
    assert_eq!(q.case(), "3.5");
    for id in questions::ASKED {
        assert!(d.questions.question(id).is_some(), "{id}");
    }
    assert_eq!(
        d.questions
            .question("submarine_class")
            .unwrap()
            .answer
            .choices()
            .len(),
        27
    );
}

/// The list `docs/silent-war-ijn.md` gives an owner to check against the counter sheet: every ship of our
/// roster the text does not name, and every entry and removal date we reconstructed. Written from the data,
/// so it cannot drift: `UPDATE_DOCS=1 cargo test -p periscope-data reconstructed_list` rewrites it.
#[test]
fn reconstructed_list_in_the_docs() {
    let d = data();
    let reconstructed = |p: &Provenance| matches!(p, Provenance::Reconstructed { .. });
    let ours = |c: &Counter| matches!(&c.sources.entry, Provenance::Reconstructed { reason } if reason.starts_with("not named by the text"));
    let mut list = String::new();
    let (mut ships, mut entries, mut removals) = (0, 0, 0);
    for pile in PileId::ALL {
        let mut rows = Vec::new();
        for c in d.set.in_pile(pile) {
            let ship = ours(c);
            let entry = c.entry.filter(|_| reconstructed(c.sources.of("entry")));
            let removal = c.removal.filter(|_| reconstructed(c.sources.of("removal")));
            if !ship && entry.is_none() && removal.is_none() {
                continue;
            }
            ships += usize::from(ship);
            entries += usize::from(entry.is_some());
            removals += usize::from(removal.is_some());
            let date = |m: Option<crate::month::Month>, all: Option<crate::month::Month>| match (m, all) {
                (Some(m), _) => format!("**{}**", m.short()),
                (None, Some(m)) => m.short(),
                (None, None) => "—".into(),
            };
            rows.push(format!(
                "| {} | `{}` | {} | {} | {} | {} |",
                c.label(),
                c.id,
                if ship { "ours" } else { "the text's" },
                date(entry, c.entry),
                date(removal, c.removal),
                c.tonnage
            ));
        }
        list.push_str(&format!(
            "\n#### The {pile} pile\n\n| counter | id | ship | entry | removal | tonnage (kt) |\n|---|---|---|---|---|---|\n{}\n",
            rows.join("\n")
        ));
    }
    let head = format!(
        "{ships} ships of our roster the text does not name, {entries} entry dates and {removals} removal dates are \
         ours (in **bold**; a plain date is the text's, \u{2014} none). Check them against your counter sheet and \
         correct any in your overrides file (above).\n"
    );
    let generated = format!("{head}{list}");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/silent-war-ijn.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (begin, end) = (
        "<!-- reconstructed list: begin -->\n",
        "<!-- reconstructed list: end -->",
    );
    let a = doc.find(begin).expect("the docs mark where the list goes") + begin.len();
    let b = doc.find(end).unwrap();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, format!("{}{generated}{}", &doc[..a], &doc[b..])).unwrap();
        return;
    }
    assert_eq!(
        (ships, entries, removals),
        (149, 94, 53),
        "the counts the docs give"
    );
    assert_eq!(
        &doc[a..b],
        generated,
        "run UPDATE_DOCS=1 cargo test -p periscope-data reconstructed_list"
    );
}
