//! Ships in their own time: every named ship of the target charts T1-T5 carries her service dates, and
//! they are checked here against the historical record, written out independently of the data file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::*;

/// The historical record: (ship, first month she could be met, last month), `None` for a ship in
/// service before December 1941 or still in service in August 1945. Sources: the Dictionary of American
/// Naval Fighting Ships (US warships), Jordan's *The World's Merchant Fleets 1939* and Rohwer's *Axis
/// Submarine Successes* (the rulebook's bibliography) for merchants and their losses.
const RECORD: &[(&str, Option<&str>, Option<&str>)] = &[
    // T1: small merchants, every one sunk by a Japanese submarine.
    ("Cynthia Olson", None, Some("12/41")), // I-26, 7 December 1941
    ("Kalingo", None, Some("1/43")),        // I-21, 18 January 1943
    ("Kowarra", None, Some("4/43")),        // I-26, 24 April 1943
    ("Fingal", None, Some("5/43")),         // I-180, 5 May 1943
    ("Wollongbar", None, Some("4/43")),     // I-180, 29 April 1943
    ("Arcata", None, Some("7/42")),         // I-7, 14 July 1942
    ("Coast Trader", None, Some("6/42")),   // I-26, 7 June 1942
    ("Coast Farmer", None, Some("7/42")),   // I-11, 21 July 1942
    ("Iron Crown", None, Some("6/42")),     // I-27, 4 June 1942
    ("Daisy Moller", None, Some("12/43")),  // RO-110, 14 December 1943
    ("Nancy Moller", None, Some("3/44")),   // I-165, 18 March 1944
    ("Iron Chieftain", None, Some("6/42")), // I-24, 3 June 1942
    // T2: large merchants.
    ("Jean Nicolet", Some("10/43"), Some("7/44")), // launched 29 September 1943; I-8, 2 July 1944
    ("John A. Johnson", Some("1/44"), Some("10/44")), // built 1943; I-12, 30 October 1944
    ("Richard Hovey", Some("1/44"), Some("3/44")), // built 1943; I-26, 29 March 1944
    ("Starr King", Some("1/43"), Some("2/43")),    // built 1942; I-21, 10 February 1943
    ("William Dawes", Some("4/42"), Some("7/42")), // delivered 1 April 1942; I-11, 22 July 1942
    ("Lahaina", None, Some("12/41")),              // I-9, 11 December 1941
    ("Prusa", None, Some("12/41")),                // I-172, 19 December 1941
    ("Tjisalak", None, Some("3/44")),              // I-8, 26 March 1944
    ("Nellore", None, Some("6/44")),               // I-8, 29 June 1944
    ("Sutlej", None, Some("2/44")),                // I-37, 26 February 1944
    ("Ascot", Some("1/43"), Some("2/44")),         // built 1942; I-37, 29 February 1944
    ("Fort Mumford", Some("1/43"), Some("3/43")),  // completed late 1942; I-27, 20 March 1943
    ("Emidio", None, Some("12/41")),               // I-17, 20 December 1941
    ("Montebello", None, Some("12/41")),           // I-21, 23 December 1941
    ("Larry Doheny", None, Some("10/42")),         // I-25, 5 October 1942
    ("Camden", None, Some("10/42")),               // I-25, 4-10 October 1942
    ("British Chivalry", None, Some("2/44")),      // I-37, 22 February 1944
    ("Khedive Ismail", None, Some("2/44")),        // I-27, 12 February 1944
    // T3: warships.
    ("USS O'Brien (DD-415)", None, Some("10/42")), // commissioned 1940; foundered 19 October 1942
    ("USS Henley (DD-391)", None, Some("10/43")),  // commissioned 1937; RO-108, 3 October 1943
    ("USS Underhill (DE-682)", Some("11/43"), Some("7/45")), // commissioned 15 November 1943; kaiten, 24 July 1945
    ("USS Juneau (CL-52)", Some("2/42"), Some("11/42")), // commissioned 14 February 1942; I-26, 13 November 1942
    ("USS Indianapolis (CA-35)", None, Some("7/45")),    // commissioned 1932; I-58, 30 July 1945
    ("USS Chester (CA-27)", None, None),                 // commissioned 1930; survived
    ("USS Liscome Bay (CVE-56)", Some("8/43"), Some("11/43")), // commissioned 7 August 1943; I-175, 24 November 1943
    // T4: capital ships, the Pacific list and the British sub-list.
    ("USS Yorktown (CV-5)", None, Some("6/42")), // commissioned 1937; lost at Midway, 7 June 1942
    ("USS Wasp (CV-7)", None, Some("9/42")),     // commissioned 1940; I-19, 15 September 1942
    ("USS Enterprise (CV-6)", None, None),       // commissioned 1938; survived
    ("USS North Carolina (BB-55)", None, None),  // commissioned April 1941; survived
    ("HMS Prince of Wales", None, Some("12/41")), // sunk off Kuantan, 10 December 1941
    ("HMS Repulse", None, Some("12/41")),        // sunk off Kuantan, 10 December 1941
    ("HMS Warspite", None, None),
    ("HMS Valiant", None, None),
    ("HMS Ramillies", None, None),
    ("HMS Resolution", None, None),
    ("HMS Royal Sovereign", None, Some("5/44")), // lent to the Soviet Navy, 30 May 1944
    ("HMS Illustrious", None, None),
    ("HMS Indomitable", None, None), // commissioned 10 October 1941
    ("HMS Renown", None, None),
];

fn month(s: &str) -> crate::Month {
    s.parse().unwrap()
}

/// Every row of the five target charts.
fn target_rows(c: &Charts) -> Vec<(&'static str, &Ship)> {
    let mut v: Vec<(&str, &Ship)> = Vec::new();
    v.extend(c.t1.chart.rows.iter().map(|r| ("T1", &r.result)));
    v.extend(c.t2.chart.rows.iter().map(|r| ("T2", &r.result)));
    v.extend(c.t3.chart.rows.iter().map(|r| ("T3", &r.result)));
    for col in &c.t4.table.columns {
        v.extend(col.chart.rows.iter().map(|r| ("T4", &r.result)));
    }
    v.extend(c.t5.chart.rows.iter().map(|r| ("T5", &r.result)));
    v
}

/// Every named ship of T1-T5 carries her service dates, with their source, and they are the historical
/// record's; every ship of the record is on a chart.
#[test]
fn every_named_ship_serves_in_her_own_time() {
    let c = Charts::shipped().unwrap();
    let rows = target_rows(&c);
    let mut seen = Vec::new();
    for (chart, ship) in rows.iter().filter(|(_, s)| !s.generic) {
        let service = ship
            .service
            .as_ref()
            .unwrap_or_else(|| panic!("{chart} {}: no service dates", ship.name));
        assert!(!service.source.trim().is_empty(), "{}: no source", ship.name);
        let (_, from, until) = RECORD.iter().find(|(n, ..)| *n == ship.name).unwrap_or_else(|| {
            panic!(
                "{chart} {} is not in the historical record of this test",
                ship.name
            )
        });
        assert_eq!(service.from, from.map(month), "{}: in service from", ship.name);
        assert_eq!(service.until, until.map(month), "{}: in service until", ship.name);
        seen.push(ship.name.as_str());
    }
    for (name, ..) in RECORD {
        assert!(seen.contains(name), "{name} of the record is on no chart");
    }
}

/// The ships the issue found out of their time: USS Liscome Bay (commissioned 8/43) cannot be met in 12/41,
/// USS Yorktown (CV-5, lost 6/42) and Khedive Ismail (lost 2/44) not in 12/44; a class is dated by its
/// first ship (no Casablanca-class escort carrier before 7/43).
#[test]
fn the_ships_found_out_of_their_time_are_not_in_service_then() {
    let c = Charts::shipped().unwrap();
    let rows = target_rows(&c);
    let ship = |name: &str| {
        rows.iter()
            .find(|(_, s)| s.name == name)
            .map(|(_, s)| *s)
            .unwrap()
    };
    assert!(!ship("USS Liscome Bay (CVE-56)").in_service(month("12/41")));
    assert!(ship("USS Liscome Bay (CVE-56)").in_service(month("11/43")));
    assert!(!ship("USS Yorktown (CV-5)").in_service(month("12/44")));
    assert!(ship("USS Yorktown (CV-5)").in_service(month("6/42")));
    assert!(!ship("Khedive Ismail").in_service(month("12/44")));
    assert!(!ship("Casablanca-class escort carrier").in_service(month("6/43")));
    assert!(ship("Casablanca-class escort carrier").in_service(month("7/43")));
    assert!(
        ship("Liberty ship")
            .service
            .as_ref()
            .is_some_and(|s| !s.source.is_empty())
    );
}

/// The loader refuses a named ship without dates, reversed dates, and a chart that would leave a month of
/// the war with no ship in service (the re-roll would never end).
#[test]
fn service_dates_are_validated() {
    let refs = Refs::shipped().unwrap();
    let (file, text) = shipped_files()
        .iter()
        .find(|(f, _)| f.ends_with("targets.json"))
        .unwrap();
    let all: serde_json::Value = serde_json::from_str(text).unwrap();
    let t3 = all
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "T3")
        .unwrap()
        .clone();
    let mut c = Charts::shipped().unwrap();
    let refused = |c: &mut Charts, v: &serde_json::Value, what: &str| {
        let e = c.replace(file, "T3", v, &refs).unwrap_err();
        assert!(e.iter().any(|e| e.message.contains(what)), "{e:?}");
    };
    let named = t3["rows"]
        .as_array()
        .unwrap()
        .iter()
        .position(|r| r["result"]["name"] == "USS Chester (CA-27)")
        .unwrap();
    let mut v = t3.clone();
    v["rows"][named]["result"]
        .as_object_mut()
        .unwrap()
        .remove("service");
    refused(&mut c, &v, "service dates");
    let mut v = t3.clone();
    v["rows"][named]["result"]["service"] =
        serde_json::json!({"from": "5/44", "until": "3/44", "source": "test"});
    refused(&mut c, &v, "reversed");
    let mut v = t3.clone();
    for r in v["rows"].as_array_mut().unwrap() {
        r["result"]["service"] = serde_json::json!({"from": "1/43", "source": "test"});
    }
    refused(&mut c, &v, "no ship of this chart is in service in 12/41");
    assert!(c.replace(file, "T3", &t3, &refs).is_ok());
}
