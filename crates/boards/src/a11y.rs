//! Labels for the widgets painted on the table, so screen readers (and `egui_kittest`) can find them.

use egui::{Response, Role, Ui, WidgetInfo};

/// Names a widget and, on a zoomed or panned table, reports where it really is on screen: egui gives
/// AccessKit the rectangle in the table's own units, which is wrong once the table is transformed.
pub fn label(ui: &Ui, resp: &Response, role: Role, label: &str) {
    let enabled = ui.is_enabled();
    resp.widget_info(|| WidgetInfo::labeled(role, enabled, label));
    if let Some(to_global) = ui.ctx().layer_transform_to_global(resp.layer_id) {
        let r = to_global * resp.rect;
        ui.ctx().accesskit_node_builder(resp.id, |node| {
            node.set_bounds(egui::accesskit::Rect {
                x0: r.min.x.into(),
                y0: r.min.y.into(),
                x1: r.max.x.into(),
                y1: r.max.y.into(),
            });
        });
    }
}
