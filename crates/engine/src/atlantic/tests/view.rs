//! The table's view of a U-boat's attack [7.1.3]: the merchants in reach, each torpedo as its rolls
//! resolve it (B1, B6, B2), the finished attack kept until the impulse ends, and the convoy's ledger
//! with each merchant's fate [7.1.6].

use super::support::*;
use crate::atlantic::{Mission, ShipFate, ShotOutcome};
use crate::testing::{act, feed};

/// A single boat at G (no escort beside it), not detected, then the faces given.
fn undetected(then: &[u8]) -> Mission {
    let mut m = scripted(opts(), &opening(NIGHT, 1));
    array(&mut m, &EXAMPLE);
    let mut f = at("G");
    f.push(1); // silent
    f.extend(then);
    feed(&mut m, &f);
    m
}

fn outcomes(m: &Mission) -> Vec<ShotOutcome> {
    let a = m.view().battle.unwrap().attack.unwrap();
    a.shots.iter().map(|s| s.outcome).collect()
}

/// [7.1.3] [8.0] Medium range, three small freighters in reach; C1 7 puts all four torpedoes at
/// Harperley; B1 hits with the first and misses with the rest; B6 lets it explode; B2 3 does two
/// points, which sink her. The view follows each roll, and keeps the finished attack until the
/// impulse ends.
#[test]
fn the_view_follows_an_attack_torpedo_by_torpedo() {
    // Medium range; Harperley, North Britain, Bonde; C1 7; G7e.
    let mut m = undetected(&[3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5]);
    let v = m.view();
    let a = v.battle.as_ref().unwrap().attack.clone().unwrap();
    assert_eq!(a.boat, 1);
    assert_eq!(a.from.as_deref(), Some("G"));
    assert_eq!(a.range.as_deref(), Some("medium"));
    assert_eq!(a.stage, "to_hit");
    assert!(!a.done);
    assert_eq!(a.in_reach.len(), 3);
    assert_eq!(a.in_reach[2], "Bonde", "largest first: {:?}", a.in_reach);
    assert!(a.in_reach.iter().any(|n| n == "Harperley"));
    assert_eq!(a.shots.len(), 4);
    assert!(a.shots.iter().all(|s| s.target == "Harperley" && !s.at_escort));
    assert_eq!(a.rolling, Some(0));
    assert!(outcomes(&m).iter().all(|o| *o == ShotOutcome::Aimed));
    // Every ship in reach is in the ledger, afloat.
    assert_eq!(v.convoy_ships.len(), 3);
    assert!(v.convoy_ships.iter().all(|s| s.fate == ShipFate::Afloat));

    feed(&mut m, &[1, 1]); // B1: a hit, its dud roll to come
    assert_eq!(
        outcomes(&m),
        [
            ShotOutcome::OnTarget,
            ShotOutcome::Aimed,
            ShotOutcome::Aimed,
            ShotOutcome::Aimed
        ]
    );
    feed(&mut m, &[6, 6, 6, 6, 6, 6]); // three misses
    assert_eq!(
        outcomes(&m),
        [
            ShotOutcome::OnTarget,
            ShotOutcome::Miss,
            ShotOutcome::Miss,
            ShotOutcome::Miss
        ]
    );
    assert_eq!(m.view().battle.unwrap().attack.unwrap().stage, "dud");
    feed(&mut m, &[6]); // B6: it explodes
    assert_eq!(outcomes(&m)[0], ShotOutcome::Hit);
    assert_eq!(m.view().battle.unwrap().attack.unwrap().stage, "damage");
    feed(&mut m, &[3]); // B2 3: two points sink her
    let v = m.view();
    let a = v.battle.as_ref().unwrap().attack.clone().unwrap();
    assert!(a.done, "the finished attack stays on the table");
    assert_eq!(a.stage, "done");
    assert_eq!(a.rolling, None);
    assert_eq!(a.shots[0].outcome, ShotOutcome::Hit);
    let h = v.convoy_ships.iter().find(|s| s.name == "Harperley").unwrap();
    assert_eq!(h.fate, ShipFate::Sunk);
    assert_eq!(h.sunk_by.as_deref(), Some("U-boat 1"));
    assert_eq!(v.lost.len(), 1);
    // The impulse ends when the escorts let it go: the attack leaves the table.
    act(&mut m, "let_go");
    let v = m.view();
    assert!(v.battle.as_ref().is_none_or(|b| b.attack.is_none()));
    assert_eq!(v.convoy_ships.len(), 3, "the ledger keeps every ship met");
}

/// [7.1.3] A B6 dud shows as a dud; [7.1.6] the ship damaged but afloat straggles when the impulse
/// ends, and the ledger says so.
#[test]
fn a_dud_and_a_straggler_in_the_view() {
    // C1 7 at Harperley; G7e; the first hits, the rest miss; B6 1: a dud.
    let mut m = undetected(&[3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5, 1, 1, 6, 6, 6, 6, 6, 6]);
    feed(&mut m, &[1]);
    let a = m.view().battle.unwrap().attack.unwrap();
    assert!(a.done);
    assert_eq!(a.shots[0].outcome, ShotOutcome::Dud);
    assert!(m.view().convoy_ships.iter().all(|s| s.fate == ShipFate::Afloat));

    // Another attack: a hit that explodes for one point (B2 5) leaves Harperley afloat, damaged.
    let mut m = undetected(&[
        3, 1, 1, 1, 0, 7, 1, 2, 2, 3, 3, 4, 5, 1, 1, 6, 6, 6, 6, 6, 6, 6, 5,
    ]);
    let h = m.view().convoy_ships[0].clone();
    assert_eq!(
        (h.name.as_str(), h.damage, h.fate),
        ("Harperley", 1, ShipFate::Afloat)
    );
    act(&mut m, "let_go");
    let v = m.view();
    let h = v.convoy_ships.iter().find(|s| s.name == "Harperley").unwrap();
    assert_eq!(h.fate, ShipFate::Straggler);
}
