//! The hall of fame's plots (egui_plot): tonnage by year, how many careers reached each victory level,
//! the share of careers still going after each month of service, and the ten best careers by tonnage.
//! The figures are counted by the pure functions here (tested), the plots only draw them. Every plot
//! has a heading and an accessible name (`Plot: <heading>`) so that it can be found.

use egui::RichText;
use egui_plot::{Bar, BarChart, Legend, Line, Plot, PlotPoints};
use periscope_data::hall::{Counts, Entry};

use crate::theme;

/// The tonnage of every career by calendar year, sunk and lost apart: `(year, sunk, lost)`.
pub fn tonnage_by_year(entries: &[&Entry]) -> Vec<(u16, u64, u64)> {
    let mut years: Vec<(u16, u64, u64)> = Vec::new();
    for e in entries {
        for &(year, tons) in &e.by_year {
            let i = match years.iter().position(|(y, ..)| *y == year) {
                Some(i) => i,
                None => {
                    years.push((year, 0, 0));
                    years.len() - 1
                }
            };
            if let Some(row) = years.get_mut(i) {
                match e.counts {
                    Counts::Sunk => row.1 += tons,
                    Counts::Lost => row.2 += tons,
                    Counts::Points => {}
                }
            }
        }
    }
    years.sort_unstable();
    years
}

/// How many careers ended at each level, worst first: `(level, count)`. Levels are each game's own, so
/// when the careers come from more than one game each level is named with its game ("Sensuikan:
/// Defeat") and the games' levels follow one another, each worst first: a Sensuikan defeat and an
/// Atlantic Sentinels defeat are not the same result.
pub fn victory_levels(entries: &[&Entry]) -> Vec<(String, usize)> {
    let several_games = entries.iter().any(|e| e.game != entries[0].game);
    // (game, worst rank seen, level, count)
    let mut levels: Vec<(&str, u32, String, usize)> = Vec::new();
    for e in entries {
        // The hall's file is the player's: its texts are shown, never obeyed.
        let level =
            periscope_data::shown::shown(e.result.level.trim_end_matches(" (posthumous)")).into_owned();
        match levels
            .iter_mut()
            .find(|(g, _, l, _)| *g == e.game_name && *l == level)
        {
            Some((_, rank, _, n)) => {
                *n += 1;
                *rank = (*rank).min(e.result.rank);
            }
            None => levels.push((&e.game_name, e.result.rank, level, 1)),
        }
    }
    levels.sort_by(|a, b| a.0.cmp(b.0).then(a.1.cmp(&b.1)).then_with(|| a.2.cmp(&b.2)));
    levels
        .into_iter()
        .map(|(game, _, level, n)| {
            if several_games {
                (format!("{game}: {level}"), n)
            } else {
                (level, n)
            }
        })
        .collect()
}

/// Of the careers that count months, the share still going after each month of service, from month 0
/// (all of them) to the longest: a career is still going after month `m` if it served more than `m`
/// months or came through to its end.
pub fn survival_by_month(entries: &[&Entry]) -> Vec<(u32, f64)> {
    let served: Vec<(u32, bool)> = entries
        .iter()
        .filter_map(|e| e.months.map(|m| (m, e.survived)))
        .collect();
    if served.is_empty() {
        return Vec::new();
    }
    let longest = served.iter().map(|(m, _)| *m).max().unwrap_or(0);
    let total = served.len() as f64;
    (0..=longest)
        .map(|month| {
            let going = served
                .iter()
                .filter(|(m, survived)| *m > month || *survived)
                .count();
            (month, going as f64 / total)
        })
        .collect()
}

/// Which way the best careers are ranked: by tonnage sunk when any career here sinks, else by tonnage
/// lost (an escort's career), else by points.
pub fn best_counts(entries: &[&Entry]) -> Option<Counts> {
    [Counts::Sunk, Counts::Lost, Counts::Points]
        .into_iter()
        .find(|c| entries.iter().any(|e| e.counts == *c))
}

/// The ten best careers of the way [`best_counts`] ranks, best first (ties: the earlier recorded
/// first): the most tonnage sunk (or points); for careers that count the tonnage they lost, the highest
/// level reached, then the least tonnage lost.
pub fn best_careers<'a>(entries: &[&'a Entry]) -> Vec<&'a Entry> {
    let Some(counts) = best_counts(entries) else {
        return Vec::new();
    };
    let mut best: Vec<&Entry> = entries.iter().copied().filter(|e| e.counts == counts).collect();
    match counts {
        Counts::Lost => best.sort_by_key(|e| (std::cmp::Reverse(e.result.rank), e.tonnage)),
        Counts::Sunk | Counts::Points => best.sort_by_key(|e| std::cmp::Reverse(e.tonnage)),
    }
    best.truncate(10);
    best
}

const PLOT_HEIGHT: f32 = 200.0;

/// The colour of tonnage sunk and of the survival line: a light steel blue that reads on the dark
/// panel (the table's navy does not).
const SEA: egui::Color32 = egui::Color32::from_rgb(0x8c, 0xb4, 0xe0);

/// `23000` as `23k` on an axis.
fn kilo(value: f64) -> String {
    if value.abs() >= 1000.0 {
        format!("{:.0}k", value / 1000.0)
    } else {
        format!("{value:.0}")
    }
}

/// A plot of the screen: a fixed view (the page scrolls, the plot does not pan or zoom).
fn plot(id: &str) -> Plot<'_> {
    Plot::new(id)
        .height(PLOT_HEIGHT)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .legend(Legend::default())
}

/// A plot under its heading, its response named for the screen reader.
fn titled<'a>(
    ui: &mut egui::Ui,
    heading: &str,
    plot: Plot<'a>,
    draw: impl FnOnce(&mut egui_plot::PlotUi<'a>) + 'a,
) {
    ui.label(RichText::new(heading).strong().size(15.0));
    let response = plot.show(ui, draw).response;
    let name = format!("Plot: {heading}");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
}

/// A note where a plot has nothing to draw.
fn nothing(ui: &mut egui::Ui, heading: &str, why: &str) {
    ui.label(RichText::new(heading).strong().size(15.0));
    ui.label(RichText::new(why).italics().color(theme::PAPER_SHADE));
}

/// The four plots, two by two.
pub fn show(ui: &mut egui::Ui, entries: &[&Entry]) {
    ui.columns(2, |cols| {
        if let [left, right] = cols {
            tonnage(left, entries);
            levels(right, entries);
        }
    });
    ui.add_space(10.0);
    ui.columns(2, |cols| {
        if let [left, right] = cols {
            survival(left, entries);
            best(right, entries);
        }
    });
}

fn tonnage(ui: &mut egui::Ui, entries: &[&Entry]) {
    let heading = "Tonnage by year";
    let years = tonnage_by_year(entries);
    if years.is_empty() {
        nothing(ui, heading, "No career here counts its tonnage by year.");
        return;
    }
    let sunk: Vec<Bar> = years
        .iter()
        .filter(|y| y.1 > 0)
        .map(|&(year, tons, _)| Bar::new(f64::from(year) - 0.2, tons as f64).width(0.4))
        .collect();
    let lost: Vec<Bar> = years
        .iter()
        .filter(|y| y.2 > 0)
        .map(|&(year, _, tons)| Bar::new(f64::from(year) + 0.2, tons as f64).width(0.4))
        .collect();
    let tons = plot("hall-plot-tonnage")
        .y_axis_formatter(|mark, _| kilo(mark.value))
        .y_axis_min_width(40.0)
        .x_axis_formatter(|mark, _| {
            if mark.value.fract() == 0.0 {
                format!("{:.0}", mark.value)
            } else {
                String::new()
            }
        })
        .include_y(0.0);
    titled(ui, heading, tons, |plot| {
        if !sunk.is_empty() {
            plot.bar_chart(BarChart::new("Tons sunk", sunk).color(SEA));
        }
        if !lost.is_empty() {
            plot.bar_chart(BarChart::new("Tons lost", lost).color(theme::DANGER));
        }
    });
}

fn levels(ui: &mut egui::Ui, entries: &[&Entry]) {
    let heading = "Victory levels";
    let levels = victory_levels(entries);
    let bars: Vec<Bar> = levels
        .iter()
        .enumerate()
        .map(|(i, (level, n))| Bar::new(i as f64, *n as f64).width(0.6).name(level))
        .collect();
    let names: Vec<String> = levels.iter().map(|(l, _)| l.clone()).collect();
    let by_name = plot("hall-plot-levels")
        .y_axis_min_width(24.0)
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() > 1e-6 || i < 0.0 {
                return String::new();
            }
            names.get(i as usize).cloned().unwrap_or_default()
        });
    titled(ui, heading, by_name, |plot| {
        plot.bar_chart(BarChart::new("Careers", bars).color(theme::HIGHLIGHT));
    });
    let counts: Vec<String> = levels.iter().map(|(l, n)| format!("{l}: {n}")).collect();
    ui.label(RichText::new(counts.join(" · ")).small());
}

fn survival(ui: &mut egui::Ui, entries: &[&Entry]) {
    let heading = "Survival by month of career";
    let points = survival_by_month(entries);
    if points.is_empty() {
        nothing(ui, heading, "No career here counts its months.");
        return;
    }
    let line: PlotPoints<'_> = points
        .iter()
        .map(|&(m, share)| [f64::from(m), share * 100.0])
        .collect();
    let share = plot("hall-plot-survival")
        .include_y(0.0)
        .include_y(100.0)
        .include_x(0.0)
        .x_axis_label("month of career")
        .y_axis_formatter(|mark, _| format!("{:.0} %", mark.value))
        .y_axis_min_width(48.0);
    titled(ui, heading, share, |plot| {
        plot.line(Line::new("% of careers still going", line).color(SEA).width(2.0));
    });
}

fn best(ui: &mut egui::Ui, entries: &[&Entry]) {
    let heading = "Best careers";
    let best = best_careers(entries);
    let Some(counts) = best_counts(entries).filter(|_| !best.is_empty()) else {
        nothing(ui, heading, "No career here has a result to rank.");
        return;
    };
    let series = match counts {
        Counts::Sunk => "Tons sunk",
        Counts::Lost => "Tons lost (best level first)",
        Counts::Points => "Points",
    };
    let bars: Vec<Bar> = best
        .iter()
        .enumerate()
        .map(|(i, e)| {
            Bar::new(-(i as f64), e.tonnage as f64)
                .width(0.7)
                .name(periscope_data::shown::shown(&format!(
                    "{} · {} · {}",
                    e.class,
                    e.result.level,
                    crate::files::local_text(&e.finished)
                )))
        })
        .collect();
    let names: Vec<(f64, String)> = best
        .iter()
        .enumerate()
        .map(|(i, e)| {
            (
                -(i as f64),
                periscope_data::shown::shown(&format!(
                    "{} · {} · {}",
                    e.class,
                    e.result.level,
                    crate::files::local_text(&e.finished)
                ))
                .into_owned(),
            )
        })
        .collect();
    let ranked = plot("hall-plot-best")
        .x_axis_formatter(|mark, _| kilo(mark.value))
        .y_axis_formatter(|mark, _| {
            let i = -mark.value;
            if i.fract() == 0.0 && i >= 0.0 {
                format!("#{:.0}", i + 1.0)
            } else {
                String::new()
            }
        })
        .include_x(0.0);
    titled(ui, heading, ranked, |plot| {
        plot.bar_chart(BarChart::new(series, bars).horizontal().color(theme::HIGHLIGHT));
        for (y, name) in names {
            plot.text(
                egui_plot::Text::new("", egui_plot::PlotPoint::new(0.0, y), name)
                    .anchor(egui::Align2::LEFT_CENTER)
                    .color(egui::Color32::WHITE),
            );
        }
    });
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;

    fn career(level: &str, rank: u32, tonnage: u64, months: u32, survived: bool) -> Entry {
        let mut e = crate::stats::store::blank(level, rank, tonnage, survived);
        e.months = Some(months);
        e.by_year = vec![(1942, tonnage)];
        e
    }

    #[test]
    fn the_figures_of_the_plots() {
        let a = career("Defeat", 0, 5_000, 3, false);
        let b = career("Draw", 1, 15_000, 5, false);
        let c = career("Defeat (posthumous)", 0, 2_000, 2, true);
        let mut d = career("SOE lost", 0, 40_000, 1, false);
        d.counts = Counts::Lost;
        d.by_year = vec![(1943, 40_000)];
        let all = [&a, &b, &c, &d];
        assert_eq!(tonnage_by_year(&all), [(1942, 22_000, 0), (1943, 0, 40_000)]);
        assert_eq!(
            victory_levels(&all),
            [
                ("Defeat".to_string(), 2),
                ("SOE lost".to_string(), 1),
                ("Draw".to_string(), 1)
            ]
        );
        // Month 0: all four; after month 1 the SOE is gone; after 2 and 3: b and c (c came through);
        // after 5: only c.
        let s = survival_by_month(&all);
        assert_eq!(s.len(), 6);
        assert_eq!(s[0], (0, 1.0));
        assert_eq!(s[1], (1, 0.75));
        assert_eq!(s[3], (3, 0.5));
        assert_eq!(s[5], (5, 0.25));
        let best = best_careers(&all);
        assert_eq!(
            best.iter().map(|e| e.tonnage).collect::<Vec<_>>(),
            [15_000, 5_000, 2_000],
            "the tonnage lost is not a best beside tonnage sunk"
        );
        // Escorts' careers alone are ranked too: the best level first, then the least tonnage lost.
        let escort = |level: &str, rank: u32, lost: u64| {
            let mut e = career(level, rank, lost, 10, true);
            e.counts = Counts::Lost;
            e
        };
        let (w, x, y, z) = (
            escort("Draw", 1, 300_000),
            escort("Decisive Victory", 4, 538_500),
            escort("Decisive Victory", 4, 120_000),
            escort("Defeat", 0, 90_000),
        );
        let escorts = [&w, &x, &y, &z, &d];
        assert_eq!(best_counts(&escorts), Some(Counts::Lost));
        assert_eq!(
            best_careers(&escorts)
                .iter()
                .map(|e| e.tonnage)
                .collect::<Vec<_>>(),
            [120_000, 538_500, 300_000, 40_000, 90_000]
        );
        assert!(best_careers(&[]).is_empty() && best_counts(&[]).is_none());
    }

    #[test]
    fn the_levels_of_two_games_are_counted_apart_and_named_with_their_game() {
        let mut a = career("Defeat", 0, 5_000, 3, false);
        a.game = "sensuikan".into();
        a.game_name = "Sensuikan".into();
        let mut b = a.clone();
        b.result.level = "Marginal victory".into();
        b.result.rank = 2;
        let mut c = career("Defeat", 0, 1_000, 1, false);
        c.game = "atlantic".into();
        c.game_name = "Atlantic Sentinels".into();
        let all = [&b, &a, &c];
        assert_eq!(
            victory_levels(&all),
            [
                ("Atlantic Sentinels: Defeat".to_string(), 1),
                ("Sensuikan: Defeat".to_string(), 1),
                ("Sensuikan: Marginal victory".to_string(), 1),
            ],
            "two games' defeats are two bars, each game's levels worst first"
        );
    }

    #[test]
    fn no_careers_no_figures() {
        assert!(tonnage_by_year(&[]).is_empty());
        assert!(survival_by_month(&[]).is_empty());
        assert!(best_careers(&[]).is_empty());
    }
}
