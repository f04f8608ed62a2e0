//! What makes Periscope behave like a desktop program: the window opens where and as large as it was
//! left ([`viewport`], [`WindowWatch`]), a save or a Track table dropped on it opens ([`dropped`]), and
//! `periscope FILE` opens a file at start ([`file_argument`]).

use std::path::PathBuf;

use crate::storage::{Settings, Storage, WindowPlace};

/// The window's size when the settings remember none: the smallest common laptop screen.
pub const DEFAULT_SIZE: [f32; 2] = [1366.0, 768.0];

/// The smallest window where the menu bar of the busiest table (Sensuikan's, with its board buttons and
/// the pace) fits and the boards stay legible beside the side panel.
pub const MIN_SIZE: [f32; 2] = [1024.0, 640.0];

/// The main window as the settings left it (its size, its place where the desktop lets a program place
/// its window, whether it was maximized), or the default size.
pub fn viewport(settings: &Settings) -> egui::ViewportBuilder {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Periscope")
        // The desktop entry's name (`periscope.desktop`): Wayland compositors match the window to it.
        .with_app_id("periscope")
        .with_min_inner_size(MIN_SIZE)
        .with_drag_and_drop(true);
    match settings.window.and_then(WindowPlace::sane) {
        Some(place) => {
            viewport = viewport
                .with_inner_size([place.width.max(MIN_SIZE[0]), place.height.max(MIN_SIZE[1])])
                .with_maximized(place.maximized);
            if let (Some(x), Some(y)) = (place.x, place.y) {
                viewport = viewport.with_position([x, y]);
            }
        }
        None => viewport = viewport.with_inner_size(DEFAULT_SIZE),
    }
    viewport
}

/// The file named on the command line (`periscope FILE`, as the desktop entry's `%f` gives it), if any:
/// the first argument that is not a flag.
pub fn file_argument(args: impl IntoIterator<Item = std::ffi::OsString>) -> Option<PathBuf> {
    args.into_iter()
        .skip(1)
        .find(|a| !a.to_string_lossy().starts_with('-'))
        .map(PathBuf::from)
}

/// How long the window must keep its place before the place is written (a resize is many frames).
const SETTLE_SECONDS: f64 = 0.6;

/// Follows the window's place, and the settings' other changes (the UI scale, the boards' views), and
/// writes the settings once they have settled or when the window closes.
#[derive(Debug, Default)]
pub struct WindowWatch {
    /// The settings as last written (or read).
    written: Option<Settings>,
    /// When the settings were last seen to differ from what is written.
    changed_at: Option<f64>,
}

impl WindowWatch {
    /// Called every frame, after the screens have drawn.
    pub fn watch(&mut self, ctx: &egui::Context, settings: &mut Settings, storage: &Storage) {
        let (place, now, closing) = ctx.input(|i| {
            let vp = i.viewport();
            let place = vp.inner_rect.map(|inner| WindowPlace {
                x: vp.outer_rect.map(|o| o.min.x),
                y: vp.outer_rect.map(|o| o.min.y),
                width: inner.width(),
                height: inner.height(),
                maximized: vp.maximized.unwrap_or(false),
            });
            (place, i.time, vp.close_requested())
        });
        if let Some(place) = place.and_then(WindowPlace::sane) {
            // A maximized window keeps the size it had before, to come back to when it is restored.
            let keep = match settings.window {
                Some(old) if place.maximized => WindowPlace {
                    maximized: true,
                    ..old
                },
                _ => place,
            };
            if settings.window != Some(keep) {
                settings.window = Some(keep);
            }
        }
        let written = self.written.get_or_insert_with(|| settings.clone());
        if written == settings {
            self.changed_at = None;
            return;
        }
        let since = *self.changed_at.get_or_insert(now);
        if closing || now - since >= SETTLE_SECONDS {
            // The settings are not worth a message when they cannot be written; the next change tries
            // again.
            if settings.save(storage).is_ok() {
                *written = settings.clone();
            }
            self.changed_at = None;
        }
        // No frame is asked for: an idle window stays idle. A change comes with frames of its own (a
        // resize, a pan), the next of which writes it, and closing the window writes what is left.
    }
}

/// The first file dropped on the window this frame.
pub fn dropped(ctx: &egui::Context) -> Option<PathBuf> {
    ctx.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()))
}

/// While files are dragged over the window: a veil saying what dropping does.
pub fn drop_hint(ctx: &egui::Context) {
    let hovering = ctx.input(|i| !i.raw.hovered_files.is_empty());
    if !hovering {
        return;
    }
    let screen = ctx.content_rect();
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::unique("drop-hint"),
    ));
    painter.rect_filled(screen, 0.0, egui::Color32::from_black_alpha(170));
    painter.text(
        screen.center(),
        egui::Align2::CENTER_CENTER,
        "Drop a save or a Track table to open it",
        egui::FontId::proportional(24.0),
        egui::Color32::WHITE,
    );
}

/// A message the player may want to send or search for (an error naming a file, a seed): selectable,
/// with a button that copies it whole to the system clipboard.
pub fn copyable(ui: &mut egui::Ui, color: egui::Color32, text: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Label::new(egui::RichText::new(text).color(color)).selectable(true));
        let copy = ui.small_button("Copy").on_hover_text("Copy this message");
        copy.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "Copy the message"));
        if copy.clicked() {
            ui.ctx().copy_text(text.to_owned());
        }
    });
}

/// The UI scale's range and step.
const SCALE_RANGE: std::ops::RangeInclusive<f32> = 0.5..=3.0;
const SCALE_STEP: f32 = 0.1;

/// The visible UI-scale control of every menu bar: smaller, the scale, larger (the same as the zoom
/// keys, which the hover text names); a click on the figure goes back to 100 %.
pub fn scale_control(ui: &mut egui::Ui) {
    use crate::keys;
    use egui::gui_zoom::kb_shortcuts::{ZOOM_IN, ZOOM_OUT, ZOOM_RESET};
    let ctx = ui.ctx().clone();
    let zoom = ctx.zoom_factor();
    let set = |z: f32| {
        let z = (z / SCALE_STEP).round() * SCALE_STEP;
        ctx.set_zoom_factor(z.clamp(*SCALE_RANGE.start(), *SCALE_RANGE.end()));
    };
    let smaller = ui
        .add_enabled(zoom > *SCALE_RANGE.start() + 0.001, egui::Button::new("A−"))
        .on_hover_text(format!(
            "Smaller text and boards ({})",
            keys::shown(&ctx, &ZOOM_OUT)
        ));
    smaller.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "Smaller UI scale"));
    if smaller.clicked() {
        set(zoom - SCALE_STEP);
    }
    let figure = ui
        .add(egui::Button::new(format!("{:.0} %", zoom * 100.0)).frame(false))
        .on_hover_text(format!(
            "UI scale; click for 100 % ({})",
            keys::shown(&ctx, &ZOOM_RESET)
        ));
    figure.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "UI scale"));
    if figure.clicked() {
        set(1.0);
    }
    let larger = ui
        .add_enabled(zoom < *SCALE_RANGE.end() - 0.001, egui::Button::new("A+"))
        .on_hover_text(format!(
            "Larger text and boards ({})",
            keys::shown(&ctx, &ZOOM_IN)
        ));
    larger.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "Larger UI scale"));
    if larger.clicked() {
        set(zoom + SCALE_STEP);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_opens_as_it_was_left() {
        let mut settings = Settings::default();
        let fresh = viewport(&settings);
        assert_eq!(fresh.inner_size, Some(egui::vec2(1366.0, 768.0)));
        settings.window = Some(WindowPlace {
            x: Some(40.0),
            y: Some(30.0),
            width: 1500.0,
            height: 900.0,
            maximized: false,
        });
        let back = viewport(&settings);
        assert_eq!(back.inner_size, Some(egui::vec2(1500.0, 900.0)));
        assert_eq!(back.position, Some(egui::pos2(40.0, 30.0)));
        // A size no desktop can show is not taken.
        settings.window = Some(WindowPlace {
            x: None,
            y: None,
            width: f32::NAN,
            height: 1.0e9,
            maximized: false,
        });
        assert_eq!(viewport(&settings).inner_size, Some(egui::vec2(1366.0, 768.0)));
    }

    #[test]
    fn the_file_argument_is_the_first_that_is_not_a_flag() {
        let args = |v: &[&str]| v.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
        assert_eq!(file_argument(args(&["periscope"])), None);
        assert_eq!(
            file_argument(args(&["periscope", "a save.json"])),
            Some(PathBuf::from("a save.json"))
        );
        assert_eq!(
            file_argument(args(&["periscope", "--x", "t.json"])),
            Some(PathBuf::from("t.json"))
        );
    }
}
