//! Periscope's own art from the repository's `assets/` folder, embedded in the binary so that the app
//! needs no files beside it (origins and licences in `assets/README.md`).

/// The app icon (256 × 256 PNG), rendered from `assets/icons/periscope.svg`.
pub const ICON_PNG: &[u8] = include_bytes!("../../../assets/icons/periscope-256.png");

/// The window icon for the desktop's title bar and task bar; `None` if the embedded PNG could not be
/// decoded (the desktop then shows its default icon, and the app runs as before).
pub fn window_icon() -> Option<egui::IconData> {
    eframe::icon_data::from_png_bytes(ICON_PNG).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_icon_decodes_to_a_square_of_the_embedded_size() {
        let icon = window_icon().expect("the embedded icon decodes");
        assert_eq!((icon.width, icon.height), (256, 256));
        assert_eq!(icon.rgba.len(), 256 * 256 * 4);
        // Not a blank square: the corners are transparent (the rounded felt), the centre is painted.
        let alpha = |x: usize, y: usize| icon.rgba[(y * 256 + x) * 4 + 3];
        assert_eq!(alpha(0, 0), 0);
        assert_eq!(alpha(128, 128), 255);
    }
}
