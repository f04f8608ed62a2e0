//! The look of the table: felt, printed mats, and one colour family per side. Meaning is always carried
//! by shape and text as well, never by colour alone.

use egui::{Color32, FontId, Stroke, Visuals};

/// Dark green baize under everything.
pub const FELT: Color32 = Color32::from_rgb(0x1f, 0x3a, 0x2e);
pub const FELT_DARK: Color32 = Color32::from_rgb(0x17, 0x2c, 0x23);
/// Warm off-white paper of the printed mats.
pub const PAPER: Color32 = Color32::from_rgb(0xf3, 0xec, 0xdc);
pub const PAPER_SHADE: Color32 = Color32::from_rgb(0xe4, 0xdb, 0xc6);
/// Navy linework and lettering.
pub const NAVY: Color32 = Color32::from_rgb(0x1d, 0x2d, 0x4f);
pub const NAVY_LIGHT: Color32 = Color32::from_rgb(0x5a, 0x6b, 0x8c);
/// Title bands.
pub const BAND: Color32 = Color32::from_rgb(0x23, 0x35, 0x5c);
/// Highlights: a box the player may click or drop on.
pub const HIGHLIGHT: Color32 = Color32::from_rgb(0xf2, 0xb1, 0x34);
/// Danger: hits, losses.
pub const DANGER: Color32 = Color32::from_rgb(0xb8, 0x32, 0x2a);
pub const SHADOW: Color32 = Color32::from_black_alpha(90);

/// Counter colour families.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The player's submarine and its supplies.
    Submarine,
    /// Enemy ships and their fire.
    Enemy,
    /// Neutral markers: turn, detections, notes.
    Marker,
}

impl Side {
    /// Face colour and edge colour.
    pub fn colours(self) -> (Color32, Color32) {
        match self {
            Side::Submarine => (
                Color32::from_rgb(0x3f, 0x6e, 0x8c),
                Color32::from_rgb(0x23, 0x43, 0x58),
            ),
            Side::Enemy => (
                Color32::from_rgb(0x8f, 0x8a, 0x7a),
                Color32::from_rgb(0x4d, 0x4a, 0x40),
            ),
            Side::Marker => (
                Color32::from_rgb(0xd9, 0xa4, 0x41),
                Color32::from_rgb(0x7a, 0x58, 0x1c),
            ),
        }
    }
}

pub fn small_caps(size: f32) -> FontId {
    FontId::proportional(size)
}

pub fn line() -> Stroke {
    Stroke::new(1.5, NAVY)
}

/// Panels in a dark naval style that sits well beside the felt.
pub fn apply(ctx: &egui::Context) {
    let mut v = Visuals::dark();
    v.panel_fill = Color32::from_rgb(0x1b, 0x22, 0x2e);
    v.window_fill = Color32::from_rgb(0x1e, 0x26, 0x33);
    v.extreme_bg_color = Color32::from_rgb(0x12, 0x17, 0x1f);
    v.selection.bg_fill = Color32::from_rgb(0x3f, 0x6e, 0x8c);
    v.hyperlink_color = HIGHLIGHT;
    // The table is dark whatever the system's preference: both themes get the same visuals.
    ctx.all_styles_mut(|style| style.visuals = v.clone());
}

/// The printed-paper look inside a card on the felt (the start screen's cards, the wizard, a moment's
/// card): dark ink, and widgets whose boxes, checkboxes and radio buttons keep a visible navy edge on the
/// paper (egui's light theme draws them pale grey on white, which vanishes on the warm paper).
pub fn paper_visuals(ui: &mut egui::Ui) {
    let mut v = Visuals::light();
    v.override_text_color = Some(NAVY);
    let edge = Stroke::new(1.3, NAVY_LIGHT);
    for w in [&mut v.widgets.inactive, &mut v.widgets.noninteractive] {
        w.bg_stroke = edge;
    }
    v.widgets.inactive.bg_fill = Color32::WHITE;
    v.widgets.inactive.weak_bg_fill = Color32::from_rgb(0xfb, 0xf8, 0xf0);
    v.widgets.inactive.fg_stroke = Stroke::new(1.5, NAVY);
    v.widgets.hovered.bg_stroke = Stroke::new(1.8, NAVY);
    v.widgets.hovered.fg_stroke = Stroke::new(1.8, NAVY);
    v.widgets.active.fg_stroke = Stroke::new(2.0, NAVY);
    v.selection.bg_fill = Color32::from_rgb(0xc9, 0xd6, 0xea);
    v.selection.stroke = Stroke::new(1.5, NAVY);
    v.hyperlink_color = Color32::from_rgb(0x1f, 0x5f, 0xa8);
    *ui.visuals_mut() = v;
}
