//! A small CPU rasterizer for egui's tessellated output: triangles filled by their barycentric weights,
//! vertex colour times texture sample, blended with premultiplied alpha. Everything happens in egui's
//! gamma space, as egui's own renderers do, so a picture has the colours of the screen. No GPU is needed
//! (players' machines and CI may have none).

use std::collections::HashMap;

use egui::epaint::{ClippedPrimitive, ImageData, Primitive, TextureId, Vertex};
use egui::{Color32, TextureFilter, TextureOptions, TexturesDelta};

/// One texture as egui described it: premultiplied texels and how to sample them.
struct Texture {
    size: [usize; 2],
    pixels: Vec<Color32>,
    options: TextureOptions,
}

impl Texture {
    /// The premultiplied texel at `(x, y)`, clamped to the edge.
    fn texel(&self, x: isize, y: isize) -> [f32; 4] {
        let [w, h] = self.size;
        let x = x.clamp(0, w as isize - 1) as usize;
        let y = y.clamp(0, h as isize - 1) as usize;
        self.pixels.get(y * w + x).map_or([0.0; 4], |c| unit(*c))
    }

    /// The texture at normalized coordinates `(u, v)`, filtered as the texture asks.
    fn sample(&self, u: f32, v: f32) -> [f32; 4] {
        let [w, h] = self.size;
        if w == 0 || h == 0 {
            return [1.0; 4];
        }
        let (x, y) = (u * w as f32 - 0.5, v * h as f32 - 0.5);
        match self.options.magnification {
            TextureFilter::Nearest => self.texel(x.round() as isize, y.round() as isize),
            TextureFilter::Linear => {
                let (x0, y0) = (x.floor(), y.floor());
                let (fx, fy) = (x - x0, y - y0);
                let (x0, y0) = (x0 as isize, y0 as isize);
                let a = self.texel(x0, y0);
                let b = self.texel(x0 + 1, y0);
                let c = self.texel(x0, y0 + 1);
                let d = self.texel(x0 + 1, y0 + 1);
                std::array::from_fn(|i| {
                    let top = a[i] + (b[i] - a[i]) * fx;
                    let bottom = c[i] + (d[i] - c[i]) * fx;
                    top + (bottom - top) * fy
                })
            }
        }
    }
}

/// A colour's channels as 0..1.
fn unit(c: Color32) -> [f32; 4] {
    let [r, g, b, a] = c.to_array();
    [r, g, b, a].map(|v| f32::from(v) / 255.0)
}

/// The textures egui has handed out so far, kept up to date from each frame's [`TexturesDelta`].
#[derive(Default)]
pub struct Textures {
    by_id: HashMap<TextureId, Texture>,
    /// What the last frame freed: egui frees a texture after the frame is painted, so it goes with the
    /// next frame's delta.
    freed: Vec<TextureId>,
}

impl Textures {
    /// Takes in a frame's new textures and patches, before it is painted, and empties the delta (egui
    /// insists that every delta is handled). The textures it frees go when the next frame's are taken.
    pub fn take(&mut self, delta: &mut TexturesDelta) {
        for id in self.freed.drain(..) {
            self.by_id.remove(&id);
        }
        for (id, deltas) in &delta.set {
            for d in deltas {
                let ImageData::Color(image) = &d.image;
                match d.pos {
                    None => {
                        self.by_id.insert(
                            *id,
                            Texture {
                                size: image.size,
                                pixels: image.pixels.clone(),
                                options: d.options,
                            },
                        );
                    }
                    Some([px, py]) => {
                        let Some(t) = self.by_id.get_mut(id) else {
                            continue;
                        };
                        let [pw, ph] = image.size;
                        for y in 0..ph {
                            for x in 0..pw {
                                let (tx, ty) = (px + x, py + y);
                                if tx < t.size[0]
                                    && ty < t.size[1]
                                    && let Some(src) = image.pixels.get(y * pw + x)
                                    && let Some(dst) = t.pixels.get_mut(ty * t.size[0] + tx)
                                {
                                    *dst = *src;
                                }
                            }
                        }
                        t.options = d.options;
                    }
                }
            }
        }
        self.freed.extend(delta.free.iter().copied());
        delta.clear();
    }
}

/// An RGBA picture being painted: premultiplied, gamma-space channels as 0..1, row by row.
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pixels: Vec<[f32; 4]>,
}

impl Canvas {
    /// A canvas filled with one colour.
    pub fn new(width: usize, height: usize, fill: Color32) -> Self {
        Self {
            width,
            height,
            pixels: vec![unit(fill); width * height],
        }
    }

    /// The pixel at `(x, y)` as straight (not premultiplied) RGBA bytes, as PNG stores them.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 4] {
        let p = self.pixels.get(y * self.width + x).copied().unwrap_or([0.0; 4]);
        straight(p)
    }

    /// Every pixel as straight RGBA bytes, row by row.
    pub fn to_rgba(&self) -> Vec<u8> {
        self.pixels.iter().flat_map(|p| straight(*p)).collect()
    }

    /// Paints egui's tessellated primitives, whose coordinates are in points, at `pixels_per_point`.
    /// A mesh whose texture is unknown is painted as if its texture were white; paint callbacks (custom
    /// GPU drawing, which the boards do not use) are skipped.
    pub fn paint(&mut self, primitives: &[ClippedPrimitive], textures: &Textures, pixels_per_point: f32) {
        for p in primitives {
            let Primitive::Mesh(mesh) = &p.primitive else {
                continue;
            };
            let clip = self.clip_pixels(p.clip_rect, pixels_per_point);
            if clip.0 >= clip.2 || clip.1 >= clip.3 {
                continue;
            }
            let texture = textures.by_id.get(&mesh.texture_id);
            for tri in mesh.indices.chunks_exact(3) {
                let vertex = |i: u32| mesh.vertices.get(i as usize).copied();
                if let (Some(a), Some(b), Some(c)) = (vertex(tri[0]), vertex(tri[1]), vertex(tri[2])) {
                    self.triangle([a, b, c], pixels_per_point, clip, texture);
                }
            }
        }
    }

    /// A clip rect in points as a pixel range `(x0, y0, x1, y1)` inside the canvas (ends exclusive).
    fn clip_pixels(&self, clip: egui::Rect, ppp: f32) -> (usize, usize, usize, usize) {
        let px = |v: f32, max: usize| ((v * ppp).round().max(0.0) as usize).min(max);
        (
            px(clip.min.x, self.width),
            px(clip.min.y, self.height),
            px(clip.max.x, self.width),
            px(clip.max.y, self.height),
        )
    }

    /// Fills one triangle: every pixel whose centre is inside (edges shared by two triangles belong to
    /// one of them only, by the top-left rule, so no pixel is blended twice).
    fn triangle(
        &mut self,
        v: [Vertex; 3],
        ppp: f32,
        clip: (usize, usize, usize, usize),
        texture: Option<&Texture>,
    ) {
        let p = v.map(|v| (v.pos.x * ppp, v.pos.y * ppp));
        let edge = |a: (f32, f32), b: (f32, f32), c: (f32, f32)| {
            (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
        };
        let area = edge(p[0], p[1], p[2]);
        if !area.is_finite() || area.abs() < 1e-8 {
            return;
        }
        // Counter-clockwise in screen terms (y down): each edge function is positive inside.
        let (v, p, area) = if area < 0.0 {
            ([v[0], v[2], v[1]], [p[0], p[2], p[1]], -area)
        } else {
            (v, p, area)
        };
        // An edge owns the pixels exactly on it when it is a "top" or "left" edge.
        let owns = |a: (f32, f32), b: (f32, f32)| {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            (dy == 0.0 && dx < 0.0) || dy > 0.0
        };
        let edges = [(p[1], p[2]), (p[2], p[0]), (p[0], p[1])];
        let owned = edges.map(|(a, b)| owns(a, b));
        let min_x = p.iter().map(|q| q.0).fold(f32::INFINITY, f32::min);
        let max_x = p.iter().map(|q| q.0).fold(f32::NEG_INFINITY, f32::max);
        let min_y = p.iter().map(|q| q.1).fold(f32::INFINITY, f32::min);
        let max_y = p.iter().map(|q| q.1).fold(f32::NEG_INFINITY, f32::max);
        let x0 = (min_x.floor().max(0.0) as usize).max(clip.0);
        let y0 = (min_y.floor().max(0.0) as usize).max(clip.1);
        let x1 = ((max_x.ceil().max(0.0) as usize) + 1).min(clip.2);
        let y1 = ((max_y.ceil().max(0.0) as usize) + 1).min(clip.3);
        let colors = v.map(|v| unit(v.color));
        let flat = colors[0] == colors[1] && colors[1] == colors[2];
        // A solid shape samples one texel (egui's white pixel) at all three corners: sampled once.
        let one_texel = (v[0].uv == v[1].uv && v[1].uv == v[2].uv)
            .then(|| texture.map_or([1.0; 4], |t| t.sample(v[0].uv.x, v[0].uv.y)));
        for y in y0..y1 {
            let cy = y as f32 + 0.5;
            // The row's span: where every edge function is non-negative (each is linear in x), widened by
            // a pixel for rounding; the exact test below decides each pixel. A long thin diagonal line
            // thus costs its length, not its bounding box.
            let (mut lo, mut hi) = (x0 as f32, x1 as f32);
            for (a, b) in edges {
                let slope = -(b.1 - a.1);
                let at_zero = (b.0 - a.0) * (cy - a.1) + (b.1 - a.1) * a.0;
                if slope > 0.0 {
                    lo = lo.max(-at_zero / slope);
                } else if slope < 0.0 {
                    hi = hi.min(-at_zero / slope);
                } else if at_zero < 0.0 {
                    hi = lo;
                }
            }
            if lo.is_nan() || hi.is_nan() || lo > hi {
                continue;
            }
            let first = ((lo - 1.5).floor().max(0.0) as usize).max(x0);
            let last = ((hi + 1.0).ceil().max(0.0) as usize).min(x1);
            for x in first..last {
                let c = (x as f32 + 0.5, cy);
                let w = [
                    edge(edges[0].0, edges[0].1, c),
                    edge(edges[1].0, edges[1].1, c),
                    edge(edges[2].0, edges[2].1, c),
                ];
                let inside = w
                    .iter()
                    .zip(owned)
                    .all(|(w, owned)| *w > 0.0 || (*w == 0.0 && owned));
                if !inside {
                    continue;
                }
                let b = w.map(|w| w / area);
                let mut src = if flat {
                    colors[0]
                } else {
                    std::array::from_fn(|i| colors[0][i] * b[0] + colors[1][i] * b[1] + colors[2][i] * b[2])
                };
                let texel = match (one_texel, texture) {
                    (Some(texel), _) => Some(texel),
                    (None, Some(t)) => {
                        let u = v[0].uv.x * b[0] + v[1].uv.x * b[1] + v[2].uv.x * b[2];
                        let s = v[0].uv.y * b[0] + v[1].uv.y * b[1] + v[2].uv.y * b[2];
                        Some(t.sample(u, s))
                    }
                    (None, None) => None,
                };
                if let Some(texel) = texel {
                    for (s, t) in src.iter_mut().zip(texel) {
                        *s *= t;
                    }
                }
                if let Some(dst) = self.pixels.get_mut(y * self.width + x) {
                    let keep = 1.0 - src[3].clamp(0.0, 1.0);
                    for (d, s) in dst.iter_mut().zip(src) {
                        *d = (s + *d * keep).clamp(0.0, 1.0);
                    }
                }
            }
        }
    }
}

/// Premultiplied 0..1 channels as straight RGBA bytes.
fn straight(p: [f32; 4]) -> [u8; 4] {
    let a = p[3].clamp(0.0, 1.0);
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    if a <= 0.0 {
        return [0, 0, 0, 0];
    }
    [byte(p[0] / a), byte(p[1] / a), byte(p[2] / a), byte(a)]
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use egui::epaint::{Mesh, WHITE_UV};
    use egui::{Rect, pos2};

    fn prim(mesh: Mesh, clip: Rect) -> ClippedPrimitive {
        ClippedPrimitive {
            clip_rect: clip,
            primitive: Primitive::Mesh(mesh),
        }
    }

    fn everything() -> Rect {
        Rect::from_min_max(pos2(-1e4, -1e4), pos2(1e4, 1e4))
    }

    /// A red square from (2, 2) to (6, 6) on white fills exactly its 16 pixels; the pixels around it stay
    /// white.
    #[test]
    fn a_rect_fills_exactly_its_pixels() {
        let mut mesh = Mesh::default();
        mesh.add_colored_rect(Rect::from_min_max(pos2(2.0, 2.0), pos2(6.0, 6.0)), Color32::RED);
        let mut canvas = Canvas::new(8, 8, Color32::WHITE);
        canvas.paint(&[prim(mesh, everything())], &Textures::default(), 1.0);
        let mut red = 0;
        for y in 0..8 {
            for x in 0..8 {
                let inside = (2..6).contains(&x) && (2..6).contains(&y);
                let want = if inside { [255, 0, 0, 255] } else { [255; 4] };
                assert_eq!(canvas.pixel(x, y), want, "pixel ({x}, {y})");
                red += usize::from(inside);
            }
        }
        assert_eq!(red, 16);
    }

    /// At two pixels per point the same square covers 8 × 8 pixels; a clip rect cuts it.
    #[test]
    fn pixels_per_point_scales_and_the_clip_rect_cuts() {
        let mut mesh = Mesh::default();
        mesh.add_colored_rect(Rect::from_min_max(pos2(1.0, 1.0), pos2(5.0, 5.0)), Color32::BLUE);
        let clip = Rect::from_min_max(pos2(0.0, 0.0), pos2(3.0, 10.0));
        let mut canvas = Canvas::new(12, 12, Color32::BLACK);
        canvas.paint(&[prim(mesh, clip)], &Textures::default(), 2.0);
        let blue: Vec<(usize, usize)> = (0..12)
            .flat_map(|y| (0..12).map(move |x| (x, y)))
            .filter(|&(x, y)| canvas.pixel(x, y) == [0, 0, 255, 255])
            .collect();
        // x from 2 to 6 (the clip at 3 points), y from 2 to 10.
        assert_eq!(blue.len(), 4 * 8);
        assert!(
            blue.iter()
                .all(|&(x, y)| (2..6).contains(&x) && (2..10).contains(&y))
        );
    }

    /// Half-transparent premultiplied black over white blends to mid grey; a textured quad multiplies
    /// its colour by the texel.
    #[test]
    fn alpha_blends_and_textures_multiply() {
        let mut mesh = Mesh::default();
        mesh.add_colored_rect(
            Rect::from_min_max(pos2(0.0, 0.0), pos2(2.0, 2.0)),
            Color32::from_black_alpha(128),
        );
        let mut canvas = Canvas::new(4, 2, Color32::WHITE);
        let mut tex = Mesh::with_texture(TextureId::Managed(7));
        tex.add_rect_with_uv(
            Rect::from_min_max(pos2(2.0, 0.0), pos2(4.0, 2.0)),
            Rect::from_min_max(WHITE_UV, WHITE_UV),
            Color32::from_rgb(200, 100, 50),
        );
        let mut textures = Textures::default();
        let mut delta = TexturesDelta {
            set: [(
                TextureId::Managed(7),
                vec![egui::epaint::ImageDelta::full(
                    egui::ColorImage::new([1, 1], vec![Color32::from_gray(128)]),
                    TextureOptions::NEAREST,
                )]
                .into(),
            )]
            .into_iter()
            .collect(),
            free: Default::default(),
        };
        textures.take(&mut delta);
        canvas.paint(
            &[prim(mesh, everything()), prim(tex, everything())],
            &textures,
            1.0,
        );
        let grey = canvas.pixel(0, 0);
        assert!(grey[..3].iter().all(|v| (126..=128).contains(v)), "{grey:?}");
        assert_eq!(canvas.pixel(3, 1), [100, 50, 25, 255]);
    }

    /// Two triangles sharing a diagonal blend each pixel once: a half-transparent quad is even.
    #[test]
    fn a_shared_edge_is_painted_once() {
        let mut mesh = Mesh::default();
        mesh.add_colored_rect(
            Rect::from_min_max(pos2(0.0, 0.0), pos2(8.0, 8.0)),
            Color32::from_black_alpha(128),
        );
        let mut canvas = Canvas::new(8, 8, Color32::WHITE);
        canvas.paint(&[prim(mesh, everything())], &Textures::default(), 1.0);
        let first = canvas.pixel(0, 0);
        for y in 0..8 {
            for x in 0..8 {
                assert_eq!(canvas.pixel(x, y), first, "pixel ({x}, {y})");
            }
        }
    }
}
