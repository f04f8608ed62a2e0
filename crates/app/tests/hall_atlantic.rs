//! The hall of fame's "Best careers" ranks Atlantic Sentinels careers, which count the tonnage they lost
//! [5.2.1]: with the game filter on Atlantic Sentinels, the plot is drawn, best level first [5.2.2], and
//! the scenario a career played is named as the book names it (`ON 113`) [11.1].
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use egui_kittest::kittest::Queryable;
use periscope_app::app::Screen;
use periscope_app::stats::{plots, store};
use periscope_data::hall::Counts;
use periscope_engine::atlantic::career::{Career, CareerOptions};
use periscope_engine::dice::SeededRng;
use periscope_engine::policy::Policy;
use periscope_engine::{DiceMode, Game, Session};

fn finished(options: CareerOptions, seed: u64) -> Session<Career> {
    let mut s = Session::<Career>::new(options, seed, DiceMode::Seeded).unwrap();
    let mut rng = SeededRng::new(seed);
    while let Some(a) = Policy::Careful.choose(s.game(), &mut rng) {
        s.apply(a).unwrap();
    }
    s
}

#[test]
fn atlantic_careers_are_among_the_best_careers() {
    let storage = temp_storage("hall-atlantic-best");
    for seed in [41, 42] {
        assert!(store::record_finished(&finished(CareerOptions::default(), seed), &storage).unwrap());
    }
    let scenario = CareerOptions {
        scenario: Some("on113".into()),
        ..Default::default()
    };
    assert!(store::record_finished(&finished(scenario, 43), &storage).unwrap());
    let hall = store::read(&storage);
    let entries: Vec<_> = hall.entries.iter().collect();
    assert_eq!(entries.len(), 3);
    assert!(entries.iter().all(|e| e.counts == Counts::Lost));
    let best = plots::best_careers(&entries);
    assert_eq!(best.len(), 3, "every Atlantic career is ranked");
    for pair in best.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert!(
            a.result.rank > b.result.rank || (a.result.rank == b.result.rank && a.tonnage <= b.tonnage),
            "the best level first, then the least tonnage lost"
        );
    }
    assert!(
        entries
            .iter()
            .any(|e| e.options.iter().any(|o| o == "scenario ON 113")),
        "the scenario is named as the book names it: {:?}",
        entries.iter().map(|e| &e.options).collect::<Vec<_>>()
    );

    let mut h = harness(storage);
    settle(&mut h);
    click(&mut h, "Hall of fame");
    if let Screen::Statistics(s) = &mut h.state_mut().screen {
        s.filter = Some(Career::ID.to_string());
    }
    settle(&mut h);
    assert!(h.query_by_label("Best careers").is_some());
    assert!(
        h.query_by_label("Plot: Best careers").is_some(),
        "the plot of the best careers is drawn"
    );
    assert!(h.query_by_label_contains("No career here has").is_none());
}
