//! Board labels keep every letter and sign at every zoom of the table (issue 13, defect 5): the text of a
//! board is laid out at the size it is shown at, so no glyph is drawn smaller than one screen pixel, where
//! it could fall between pixel centres and vanish ("SPECIAL M SSIONS", "NAV GATOR", "−1" read as "1").
//! No GPU needed: the glyphs' quads are measured in the shapes the layer transform produces. (The pixels
//! themselves are checked by the `board_labels` snapshot, behind the `snapshot` feature.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use egui::emath::TSTransform;
use egui::epaint::TextShape;
use egui::{Color32, FontId, Id, LayerId, Order, Painter, Rect, pos2};
use periscope_app::board::{board_shape, shown_galley};

/// Every letter, digit and sign the boards print (the minus sign of the Hunt mat's modes, the middle
/// dots of the Control Sheet, the dashes of the headings).
pub const ALL_SIGNS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 −1 -1 +2 · — – / ( ) . , : ' % ×";

fn context(ppp: f32) -> egui::Context {
    let ctx = egui::Context::default();
    periscope_app::theme::apply(&ctx);
    ctx.set_pixels_per_point(ppp);
    let mut out = ctx.run_ui(Default::default(), |_| {});
    out.textures_delta.clear();
    ctx
}

/// The smallest width and height, in screen pixels, of the glyph quads of a text shape once the layer's
/// transform is applied; and whether every glyph has ink in the font atlas.
fn smallest_glyph(ctx: &egui::Context, mut shape: TextShape, zoom: f32, ppp: f32) -> (f32, bool) {
    shape.transform(TSTransform::from_scaling(zoom));
    let atlas = ctx.fonts(|f| f.image());
    let mut smallest = f32::INFINITY;
    let mut all_inked = true;
    for row in &shape.galley.rows {
        for glyph in row.glyphs.iter().filter(|g| !g.chr.is_whitespace()) {
            let uv = glyph.uv_rect;
            let ink: u32 = (uv.min[1]..uv.max[1])
                .flat_map(|y| (uv.min[0]..uv.max[0]).map(move |x| (x, y)))
                .map(|(x, y)| u32::from(atlas[(x as usize, y as usize)].a()))
                .sum();
            all_inked &= ink > 0;
        }
        let mesh = &row.visuals.mesh;
        for quad in mesh.vertices[row.visuals.glyph_vertex_range.clone()].chunks(4) {
            let r = Rect::from_points(&quad.iter().map(|v| v.pos).collect::<Vec<_>>());
            smallest = smallest.min(r.width().min(r.height()) * ppp);
        }
    }
    (smallest, all_inked)
}

#[test]
fn every_letter_and_sign_of_a_board_label_is_drawn_at_every_zoom() {
    for ppp in [1.0, 1.25, 2.0] {
        let ctx = context(ppp);
        let painter = Painter::new(
            ctx.clone(),
            LayerId::new(Order::Background, Id::unique("board")),
            Rect::EVERYTHING,
        );
        // The font has a glyph for every character (no replacement box for the minus sign).
        for size in [7.5, 9.5, 11.0, 12.5] {
            let font = FontId::proportional(size);
            for c in ALL_SIGNS.chars().filter(|c| !c.is_whitespace()) {
                assert!(
                    ctx.fonts_mut(|f| f.has_glyph(&font, c)),
                    "the board font has no glyph for '{c}'"
                );
            }
        }
        for zoom in [0.3, 0.45, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0, 1.2, 1.7, 2.5, 3.0] {
            for size in [7.5, 8.0, 9.5, 10.5, 11.0, 12.0, 12.5, 15.0, 21.0] {
                let font = FontId::proportional(size);
                let galley = shown_galley(&painter, ALL_SIGNS.into(), &font, zoom, Color32::BLACK);
                let glyphs = galley.rows.iter().map(|r| r.glyphs.len()).sum::<usize>();
                assert_eq!(glyphs, ALL_SIGNS.chars().count(), "one glyph per character");
                let shape = board_shape(pos2(13.3, 7.1), galley, zoom, Color32::BLACK);
                let (smallest, inked) = smallest_glyph(&ctx, shape, zoom, ppp);
                assert!(
                    inked,
                    "a glyph without ink at {size} pt, zoom {zoom}, {ppp} px/pt"
                );
                assert!(
                    smallest >= 0.999,
                    "a glyph {smallest:.2} px across at {size} pt, zoom {zoom}, {ppp} px/pt"
                );
            }
        }
    }
}

/// The cause, kept as a check that the test above looks at the right thing: laid out at the board's own
/// size and scaled by the zoom (what `Painter::text` inside an `egui::Scene` does), hinted one-texel stems
/// are drawn below a pixel, and such quads may cover no pixel centre at all.
#[test]
fn scaled_text_has_glyphs_below_a_pixel() {
    let ctx = context(1.0);
    let painter = Painter::new(
        ctx.clone(),
        LayerId::new(Order::Background, Id::unique("board")),
        Rect::EVERYTHING,
    );
    let galley = painter.layout_no_wrap("NAVIGATOR −1".into(), FontId::proportional(12.0), Color32::BLACK);
    let shape = TextShape::new(pos2(10.0, 10.0), galley, Color32::BLACK);
    let (smallest, _) = smallest_glyph(&ctx, shape, 0.75, 1.0);
    assert!(smallest < 1.0, "{smallest}");
}
