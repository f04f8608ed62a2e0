//! Submarine Hunt's Track table: the patrol mat printed as in Play mode, a marker for each quantity the rules
//! keep (`data/hunt/counters.json`) on its starting box, and the three packs of cards — the Detection Row
//! dealt from one, the Attack and Damage decks in their places on the mat — with their discards in the
//! tray below.
//!
//! Estimates, as `docs/track-mode.md` says: the Hunt text lists no components at all (it is played with
//! playing cards and six-sided dice), so every marker is ours, one per quantity the rules keep; the packs
//! are Periscope's default for the unstated deck composition (three packs of 52 cards and 2 Jokers each,
//! the engine's `DeckPlan::Separate`).

use egui::{Align2, FontId, Pos2, Rect, Vec2, pos2, vec2};
use periscope_data::chart::{ChartDice, RollRange};
use periscope_data::counters::CounterMix;
use periscope_data::hunt::HuntRules;
use periscope_engine::Dice;
use periscope_engine::hunt::{Card, HuntOptions, standard_pack};

use super::{card, table};
use crate::board;
use crate::board::BoardText as _;
use crate::theme;
use crate::track::cards::{CardLayout, Pack, SpotSpec};
use crate::track::lookup::{ChartBook, LookupChart, LookupModifier, LookupPart, LookupRow};
use crate::track::mix::{self, TrayPlan};
use crate::track::{FreeCounter, OverrideFile, TrackLayout};

/// The layout, as the registry hands it to Track mode.
pub static LAYOUT: HuntTrack = HuntTrack;

/// Submarine Hunt's Track layout.
pub struct HuntTrack;

/// The mat's tracks run to 20 Oxygen and 20 Battery: the text sets no maximum [Modes.3].
const TRACK_MAX: i32 = 20;
/// The tray below the mat: the card piles on the left, the markers on the right.
const TRAY: Rect = Rect::from_min_max(pos2(0.0, 690.0), pos2(1180.0, 930.0));
const CARD: Vec2 = vec2(84.0, 120.0);

/// A card place in the tray: the `i`-th from the left.
fn tray_card(i: usize) -> Rect {
    Rect::from_min_size(pos2(40.0 + i as f32 * 140.0, 770.0), CARD)
}

/// The part of the tray the markers lie in.
fn marker_tray() -> Rect {
    Rect::from_min_max(pos2(610.0, TRAY.top()), TRAY.max)
}

fn counter_mix() -> Option<CounterMix> {
    periscope_data::counters::shipped("hunt").and_then(Result::ok)
}

/// The markers on their starting boxes: the supplies full, the score at 0, the submarine Diving (the
/// shipped start mode), no detection yet; the rest in the tray.
fn plan() -> Option<TrayPlan> {
    let mix = counter_mix()?;
    let l = table::layout(TRACK_MAX, TRACK_MAX);
    let track = |t: usize, v: usize| {
        l.tracks
            .get(t)
            .and_then(|(_, _, boxes)| boxes.get(v).or(boxes.last()))
            .map_or(Pos2::ZERO, |r| r.center())
    };
    let placed = [
        ("oxygen", track(0, TRACK_MAX as usize)),
        ("battery", track(1, TRACK_MAX as usize)),
        ("hull", track(2, 20)),
        ("torpedoes", track(3, 24)),
        ("sink_points", track(4, 0)),
        ("mode", l.modes[1].center()),
        ("detections", l.detections[0].center()),
    ];
    Some(mix::plan(&mix, &placed, &[], marker_tray()))
}

impl TrackLayout for HuntTrack {
    fn id(&self) -> &'static str {
        "hunt"
    }

    /// The first versions saved Hunt's table under this name, before other games had tables.
    fn old_files(&self) -> &'static [&'static str] {
        &["track-table.json"]
    }

    fn name(&self) -> &'static str {
        "Submarine Hunt"
    }

    fn hover(&self) -> &'static str {
        "A free table beside your physical game: no rules enforced"
    }

    fn size(&self) -> Vec2 {
        TRAY.max.to_vec2()
    }

    fn mix(&self) -> Option<CounterMix> {
        counter_mix()
    }

    fn counters(&self) -> Vec<FreeCounter> {
        plan().map(|p| p.counters).unwrap_or_default()
    }

    /// The mat as printed, with the shipped rules' mode boxes, and the tray (read once, when the table
    /// opens).
    fn boards(&self) -> Box<dyn Fn(&mut egui::Ui)> {
        let rules = HuntRules::shipped().ok();
        let headings = plan().map(|p| p.headings).unwrap_or_default();
        Box::new(move |ui| {
            let painter = ui.painter();
            if let Some(rules) = &rules {
                table::paint_printed(painter, rules, TRACK_MAX, TRACK_MAX, "Track mode", None);
            }
            board::paper(painter, TRAY, "TRAY", "cards and markers");
            for (i, caption) in [
                "Detection pack",
                "Detection discards",
                "Attack discards",
                "Damage discards",
            ]
            .iter()
            .enumerate()
            {
                board::heading(painter, tray_card(i).left_top() - vec2(0.0, 6.0), caption);
            }
            for (h, at) in &headings {
                painter.board_text(
                    *at,
                    Align2::LEFT_CENTER,
                    h,
                    FontId::proportional(12.0),
                    theme::NAVY,
                );
            }
        })
    }

    /// The sonar dice, two of them diving, the voyage home's three [Modes.1] [Return.1].
    fn dice(&self) -> &'static [Dice] {
        &[Dice::D6 { count: 3 }, Dice::D2D6, Dice::D1D6]
    }

    fn cards(&self) -> Option<CardLayout> {
        Some(cards())
    }

    fn rules(&self) -> Option<&'static dyn crate::panels::rules_reference::RuleBook> {
        Some(&super::rules::BOOK)
    }

    fn charts(&self, _: Option<&OverrideFile>) -> ChartBook {
        let Ok(rules) = HuntRules::shipped() else {
            return ChartBook::default();
        };
        ChartBook {
            charts: vec![detection_chart(&rules)],
            notes: Vec::new(),
        }
    }
}

/// The three packs: the Detection Row's, the Attack deck, the Damage deck.
pub fn cards() -> CardLayout {
    let l = table::layout(TRACK_MAX, TRACK_MAX);
    let pack: Vec<String> = standard_pack(HuntOptions::default().jokers)
        .into_iter()
        .map(|c| c.to_string())
        .collect();
    let row = l
        .cards
        .iter()
        .enumerate()
        .map(|(i, r)| SpotSpec::pile(format!("row-{}", i + 1), format!("Detection Row {}", i + 1), *r))
        .collect();
    CardLayout {
        packs: vec![
            Pack {
                name: "Detection pack",
                cards: pack.clone(),
                deck: SpotSpec::pile("detection-deck", "Detection pack", tray_card(0)),
                discard: SpotSpec::pile("detection-discards", "Detection discards", tray_card(1)),
                deal: Some(("Deal the Detection Row", row)),
                draw: None,
            },
            Pack {
                name: "Attack pack",
                cards: pack.clone(),
                deck: SpotSpec::pile("attack-deck", "Attack deck", l.attack_deck),
                discard: SpotSpec::pile("attack-discards", "Attack discards", tray_card(2)),
                deal: None,
                draw: Some((
                    "Turn over the top Attack card",
                    SpotSpec::fan("attack-cards", "Attack cards", table::hit_card_rect),
                )),
            },
            Pack {
                name: "Damage pack",
                cards: pack,
                deck: SpotSpec::pile("damage-deck", "Damage deck", l.damage_deck),
                discard: SpotSpec::pile("damage-discards", "Damage discards", tray_card(3)),
                deal: None,
                draw: Some((
                    "Turn over the top Damage card",
                    SpotSpec::fan("damage-cards", "Damage cards", table::fire_card_rect),
                )),
            },
        ],
        paint: |painter, rect, code, up| match code.parse::<Card>() {
            Ok(c) if up => card::paint_face(painter, rect, c, false),
            _ => card::paint_back(painter, rect),
        },
        name: |code| {
            code.parse::<Card>()
                .map_or_else(|_| code.to_string(), |c| c.pretty())
        },
    }
}

/// The enemy's detection roll [Enemy.1]: one d6 against the mode's number [Modes.1] [Modes.2]. The
/// penalty of the ship under attack [Ships.1] [Ships.3] and the bonus after a hit [Enemy.4] raise the
/// number; read as modifiers of the roll they lower it, as the engine reads them.
fn detection_chart(rules: &HuntRules) -> LookupChart {
    let part = |m: &periscope_data::hunt::ModeRow| {
        let n = i32::from(m.detected_on_or_below);
        LookupPart {
            label: m.name.clone(),
            dice: ChartDice::D6,
            span: (1, 6),
            rows: vec![
                LookupRow {
                    roll: RollRange { low: 1, high: n },
                    result: "detected".into(),
                    provenance: m.provenance.clone(),
                },
                LookupRow {
                    roll: RollRange { low: n + 1, high: 6 },
                    result: "not detected".into(),
                    provenance: m.provenance.clone(),
                },
            ],
        }
    };
    let mut modifiers: Vec<LookupModifier> = rules
        .ships
        .iter()
        .filter(|s| s.detection_penalty > 0)
        .map(|s| LookupModifier {
            id: format!("attacking_{}", s.ship.to_lowercase().replace(' ', "_")),
            drm: -i32::from(s.detection_penalty),
            when: format!(
                "attacking the {} (detection number +{})",
                s.ship, s.detection_penalty
            ),
            from: None,
            provenance: s.provenance.clone(),
            repeats: false,
        })
        .collect();
    let bonus = i32::try_from(rules.hit_bonus.value).unwrap_or(1);
    modifiers.push(LookupModifier {
        id: "hit_bonus".into(),
        drm: -bonus,
        when: format!("after a hit in this exchange (detection number +{bonus})"),
        from: None,
        provenance: rules.hit_bonus.provenance.clone(),
        repeats: false,
    });
    let mut chart = LookupChart::new(
        "Detection",
        "Enemy detection",
        "Enemy.1",
        vec![part(&rules.surface), part(&rules.diving)],
        modifiers,
    );
    chart.notes.push(
        "Detected on the mode's number or less; three in a row and the enemy opens fire [Enemy.2].".into(),
    );
    chart
}
