//! "What are my chances from here?": a window over a career's table. From the game as it stands, N
//! continuations are played to their end by the careful captain on a background thread (the engine's
//! [`periscope_engine::chances::play_on`], across every core), with a progress bar and Cancel; then the
//! final victory levels as bars, a histogram of the tonnage and the share of survivors. The same seed
//! gives the same distribution. A game offers it through [`crate::table::TableGame::CHANCES`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;

use egui::RichText;
use egui_plot::{Bar, BarChart, Plot};
use periscope_engine::chances::{Chances, Plan, Stopped, Tallies, play_on};

use crate::theme;

/// A run waiting to be started: it owns a copy of the game.
pub type Job = Box<dyn FnOnce(Plan, &AtomicU64, &AtomicBool) -> Result<Tallies, Stopped> + Send>;

/// The job of playing on from `game`, for a table's [`crate::table::TableGame::CHANCES`].
pub fn job<G: Chances + 'static>(game: &G) -> Job {
    let start = game.clone();
    Box::new(move |plan, finished, cancel| play_on(&start, &plan, finished, cancel))
}

/// How many continuations the window plays unless the player says otherwise.
pub const DEFAULT_CONTINUATIONS: u64 = 500;

/// The window and the run it shows.
pub struct ChancesWindow {
    pub open: bool,
    pub continuations: u64,
    pub seed: u64,
    /// The threads a run plays on (every core).
    pub threads: usize,
    running: Option<Running>,
    /// The last run's tally, or why it stopped.
    pub outcome: Option<Result<Tallies, Stopped>>,
    /// Where the game stood when the last run began (`Type A I-110 · 6/42 · 2 patrols`), in its own
    /// words.
    pub from: String,
}

/// A window dropped with its run under way (the table closed) stops the run's threads.
impl Drop for ChancesWindow {
    fn drop(&mut self) {
        if let Some(r) = &self.running {
            r.cancel.store(true, Ordering::Relaxed);
        }
    }
}

struct Running {
    total: u64,
    finished: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    handle: JoinHandle<Result<Tallies, Stopped>>,
}

impl Default for ChancesWindow {
    fn default() -> Self {
        Self {
            open: false,
            continuations: DEFAULT_CONTINUATIONS,
            seed: 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            running: None,
            outcome: None,
            from: String::new(),
        }
    }
}

impl ChancesWindow {
    /// Whether a run is under way.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// The continuations finished of the run under way (and its size).
    pub fn progress(&self) -> Option<(u64, u64)> {
        self.running
            .as_ref()
            .map(|r| (r.finished.load(Ordering::Relaxed), r.total))
    }

    /// Starts a run of `job` on a thread of its own; a run under way is cancelled first.
    pub fn run(&mut self, job: Job, from: String) {
        self.cancel();
        let plan = Plan {
            continuations: self.continuations.max(1),
            seed: self.seed,
            threads: self.threads.max(1),
        };
        let finished = Arc::new(AtomicU64::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (f, c) = (finished.clone(), cancel.clone());
        let handle = std::thread::spawn(move || job(plan, &f, &c));
        self.outcome = None;
        self.from = from;
        self.running = Some(Running {
            total: plan.continuations,
            finished,
            cancel,
            handle,
        });
    }

    /// Raises the run's cancel flag and waits for its threads (they stop at their next action).
    pub fn cancel(&mut self) {
        if let Some(r) = &self.running {
            r.cancel.store(true, Ordering::Relaxed);
        }
        self.collect(true);
    }

    /// Takes the run's outcome once its thread has ended (or waits for it when `wait`); true when it did.
    fn collect(&mut self, wait: bool) -> bool {
        let done = self
            .running
            .as_ref()
            .is_some_and(|r| wait || r.handle.is_finished());
        if !done {
            return false;
        }
        if let Some(r) = self.running.take() {
            self.outcome = Some(
                r.handle
                    .join()
                    .unwrap_or_else(|_| Err(Stopped::Failed("the run's thread panicked".into()))),
            );
        }
        true
    }

    /// Draws the window; `job` makes the run of the game as it stands now when Run is clicked, and `at`
    /// says where the game stands.
    pub fn show(&mut self, ctx: &egui::Context, at: &str, job: impl FnOnce() -> Job) {
        // A run just finished: its plots take their size in this frame, and are drawn whole in the next,
        // whether or not the mouse moves.
        if self.collect(false) {
            ctx.request_repaint();
        }
        if !self.open {
            return;
        }
        let mut open = self.open;
        let mut run = false;
        let id = egui::Id::unique("chances-window");
        if crate::keys::closes_on_escape(ctx, id) {
            open = false;
        }
        egui::Window::new("What are my chances from here?")
            .id(id)
            .open(&mut open)
            .default_width(520.0)
            .resizable(true)
            .show(ctx, |ui| {
                ui.label(
                    "Careers played on from here to their end by the careful captain, each on dice of \
                     its own (continuation i rolls seed + i): the same seed gives the same distribution.",
                );
                ui.add_space(4.0);
                let idle = self.running.is_none();
                ui.horizontal(|ui| {
                    ui.label("Careers");
                    ui.add_enabled(
                        idle,
                        egui::DragValue::new(&mut self.continuations)
                            .range(1..=100_000)
                            .speed(10.0),
                    )
                    .on_hover_text("How many continuations to play");
                    ui.label("Seed");
                    ui.add_enabled(idle, egui::DragValue::new(&mut self.seed).speed(1.0))
                        .on_hover_text("Continuation i rolls seed + i");
                    if ui.add_enabled(idle, egui::Button::new("Run")).clicked() {
                        run = true;
                    }
                    if ui.add_enabled(!idle, egui::Button::new("Cancel")).clicked() {
                        self.cancel();
                    }
                });
                if let Some((done, total)) = self.progress() {
                    let share = done as f32 / total.max(1) as f32;
                    ui.add(egui::ProgressBar::new(share).text(format!(
                        "{done} of {total} careers played ({:.0} %)",
                        100.0 * share
                    )));
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_millis(100));
                }
                match &self.outcome {
                    Some(Ok(t)) => results(ui, t, &self.from),
                    Some(Err(Stopped::Cancelled)) => {
                        ui.label(RichText::new("Cancelled: no distribution.").color(theme::HIGHLIGHT));
                    }
                    Some(Err(Stopped::Failed(why))) => {
                        ui.colored_label(theme::DANGER, format!("The run failed: {why}"));
                    }
                    None => {}
                }
            });
        if run {
            self.run(job(), at.to_string());
        }
        self.open = open;
        if !self.open {
            self.cancel();
        }
    }
}

/// The tally: the victory levels as bars, the tonnage as a histogram, the survivors' share.
fn results(ui: &mut egui::Ui, t: &Tallies, from: &str) {
    ui.separator();
    let n = t.continuations.max(1) as f64;
    ui.label(
        RichText::new(format!(
            "{} careers played on from {from} (seed {})",
            t.continuations, t.seed
        ))
        .strong(),
    );
    let survival = format!(
        "Survived: {:.1} % ({} of {})",
        100.0 * t.survival_rate(),
        t.survivors,
        t.continuations
    );
    ui.label(RichText::new(&survival).color(theme::HIGHLIGHT));
    ui.label(format!(
        "{}: p10 {} t · median {} t · p90 {} t",
        capitalised(t.tonnage),
        t.tonnage_at(10),
        t.tonnage_at(50),
        t.tonnage_at(90)
    ));

    ui.add_space(4.0);
    ui.label(RichText::new("Final victory level").strong());
    // Horizontal bars, the first level at the top: the names fit beside them at the window's width.
    let names: Vec<String> = t.levels.iter().map(|(l, _)| l.clone()).collect();
    let top = names.len().saturating_sub(1) as f64;
    let bars: Vec<Bar> = t
        .levels
        .iter()
        .enumerate()
        .map(|(i, (name, c))| {
            Bar::new(top - i as f64, 100.0 * *c as f64 / n)
                .name(format!("{name}: {c}"))
                .width(0.7)
                .fill(theme::HIGHLIGHT)
        })
        .collect();
    let summary: Vec<String> = t
        .levels
        .iter()
        .map(|(l, c)| format!("{l} {c} ({:.1} %)", 100.0 * *c as f64 / n))
        .collect();
    let plot = Plot::new("chances-levels")
        .height(30.0 * names.len().max(1) as f32 + 30.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .include_x(0.0)
        .x_axis_label("% of careers")
        .y_axis_min_width(110.0)
        .y_grid_spacer(move |_| {
            (0..names_len(top))
                .map(|i| egui_plot::GridMark {
                    value: i as f64,
                    step_size: 1.0,
                })
                .collect()
        })
        .y_axis_formatter(move |mark, _| {
            let i = (top - mark.value).round();
            if (top - mark.value - i).abs() > 1e-6 || i < 0.0 {
                return String::new();
            }
            names.get(i as usize).cloned().unwrap_or_default()
        })
        .show(ui, |p| {
            p.bar_chart(BarChart::new("Victory levels", bars).horizontal())
        });
    let levels_text = format!("Final victory levels: {}", summary.join(", "));
    plot.response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &levels_text));
    ui.label(RichText::new(summary.join(" · ")).small());

    ui.add_space(4.0);
    ui.label(RichText::new(format!("{} (histogram)", capitalised(t.tonnage))).strong());
    let bins = histogram(&t.tons, 12);
    let width = bins.first().map_or(1.0, |b| (b.1 - b.0).max(1) as f64);
    let bars: Vec<Bar> = bins
        .iter()
        .map(|(from, to, c)| {
            Bar::new((*from as f64 + *to as f64) / 2.0, *c as f64)
                .name(format!("{from}-{to} t: {c}"))
                .width(width * 0.9)
                .fill(theme::NAVY_LIGHT)
        })
        .collect();
    let plot = Plot::new("chances-tonnage")
        .height(150.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .include_y(0.0)
        .y_axis_label("careers")
        .show(ui, |p| p.bar_chart(BarChart::new("Tonnage", bars)));
    let tons_text = format!(
        "{} histogram: {}",
        capitalised(t.tonnage),
        bins.iter()
            .map(|(a, b, c)| format!("{a}-{b} t {c}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    plot.response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &tons_text));

    ui.add_space(4.0);
    ui.label(RichText::new("Survival").strong());
    let alive = t.survival_rate();
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), 18.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, 3.0, theme::DANGER);
    let mut lived = rect;
    lived.set_width(rect.width() * alive as f32);
    painter.rect_filled(lived, 3.0, theme::FELT.gamma_multiply(1.6));
    let split = format!(
        "{:.1} % survive · {:.1} % lost",
        100.0 * alive,
        100.0 * (1.0 - alive)
    );
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        &split,
        egui::FontId::proportional(12.0),
        egui::Color32::WHITE,
    );
    let bar = format!("Survival bar: {split}");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &bar));
}

/// `bins` equal ranges of tonnage from the lowest to the highest, with the careers in each: (from, to,
/// count). All in one bin when every career has the same tonnage.
pub fn histogram(sorted: &[u32], bins: u32) -> Vec<(u32, u32, u64)> {
    let (Some(&low), Some(&high)) = (sorted.first(), sorted.last()) else {
        return Vec::new();
    };
    let bins = bins.max(1);
    let step = ((high - low) / bins + 1).max(1);
    let mut out: Vec<(u32, u32, u64)> = (0..bins)
        .map(|i| (low + i * step, low + (i + 1) * step - 1, 0))
        .take_while(|(from, ..)| *from <= high)
        .collect();
    for &t in sorted {
        let i = usize::try_from((t - low) / step).unwrap_or(0);
        if let Some(b) = out.get_mut(i) {
            b.2 += 1;
        }
    }
    out
}

/// How many levels a plot whose top bar stands at `top` has.
fn names_len(top: f64) -> usize {
    top as usize + 1
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_histogram_counts_every_career_once() {
        let tons = [0, 0, 5_000, 12_000, 30_000, 30_000];
        let bins = histogram(&tons, 4);
        assert_eq!(bins.iter().map(|b| b.2).sum::<u64>(), 6);
        assert_eq!(bins.first().map(|b| (b.0, b.2)), Some((0, 3)));
        assert!(bins.last().is_some_and(|b| b.1 >= 30_000));
        assert_eq!(histogram(&[7, 7], 5), vec![(7, 7, 2)]);
        assert!(histogram(&[], 5).is_empty());
    }
}
