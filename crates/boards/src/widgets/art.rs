//! Periscope's own vector art (`assets/art/*.svg`): silhouettes of ships, submarines and aircraft and the
//! symbols of the markers, drawn as egui shapes so that they stay sharp at any zoom, in a printed picture
//! of a board as on screen, and need no image decoder.
//!
//! The files are plain SVG that any viewer shows, written in a small subset that this module reads: a
//! `viewBox`, and `<path d="…">` (commands M L H V C Q Z, absolute or relative) and `<circle>` elements,
//! each filled and/or stroked. A fill in the paper colour (`#f3ecdc`) is a cut-out painted in the
//! counter's face colour; any other colour is the counter's ink, so one drawing serves every side. A
//! filled sub-path is one simple polygon (no holes: a window in a hull is a paper shape drawn over it).

use std::sync::OnceLock;

use egui::epaint::{Mesh, Vertex, WHITE_UV};
use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke, Vec2, pos2, vec2};

/// The colour that marks a cut-out in the files.
const PAPER_IN_FILES: &str = "#f3ecdc";
/// Straight segments a curve is flattened into.
const CURVE_STEPS: usize = 8;

/// Which colour a part is painted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    /// The counter's ink.
    Ink,
    /// The counter's face: a cut-out.
    Paper,
}

/// The longest a corner's mitre may be, in feather widths (a needle's tip, thinner than a degree).
const MAX_MITRE: f32 = 50.0;

/// How a corner moves when its outline is moved out by one unit (its sides staying parallel): the
/// mitre, which the inner edge of the feather follows inwards; outwards a corner sharper than a right
/// angle is bevelled instead (out along each side's normal), so its feather does not reach far out.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Corner {
    mitre: Vec2,
    bevel: Option<(Vec2, Vec2)>,
}

/// A filled polygon, triangulated once when the art is read, with its corners for feathering.
#[derive(Debug, Clone)]
struct Fill {
    points: Vec<Pos2>,
    triangles: Vec<[u32; 3]>,
    corners: Vec<Corner>,
    ink: Ink,
}

/// A stroked line, `width` in the drawing's units.
#[derive(Debug, Clone)]
struct Line {
    points: Vec<Pos2>,
    closed: bool,
    width: f32,
    ink: Ink,
}

/// One drawing, read from its SVG file.
#[derive(Debug, Clone)]
pub struct Art {
    pub name: &'static str,
    view: Rect,
    fills: Vec<Fill>,
    lines: Vec<Line>,
}

/// Why a drawing could not be read (a shipped file's test names it; the app then draws the plain symbol).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArtError {
    pub name: &'static str,
    pub problem: String,
}

impl std::fmt::Display for ArtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "assets/art/{}.svg: {}", self.name, self.problem)
    }
}

impl Art {
    /// Reads a drawing in the subset above.
    pub fn parse(name: &'static str, svg: &str) -> Result<Art, ArtError> {
        let err = |problem: String| ArtError { name, problem };
        let svg_tag = tags(svg, "svg")
            .next()
            .ok_or_else(|| err("no <svg> element".into()))?;
        let view_box = attribute(svg_tag, "viewBox").ok_or_else(|| err("the <svg> has no viewBox".into()))?;
        let v = numbers(view_box).map_err(&err)?;
        let [x, y, w, h] = v[..] else {
            return Err(err(format!("viewBox '{view_box}' is not four numbers")));
        };
        if w <= 0.0 || h <= 0.0 {
            return Err(err(format!("viewBox '{view_box}' has no area")));
        }
        let mut art = Art {
            name,
            view: Rect::from_min_size(pos2(x, y), vec2(w, h)),
            fills: Vec::new(),
            lines: Vec::new(),
        };
        for tag in tags(svg, "path") {
            let d = attribute(tag, "d").ok_or_else(|| err("a <path> has no d".into()))?;
            let subpaths = path_points(d).map_err(|p| err(format!("path '{}…': {p}", short(d))))?;
            art.add(tag, subpaths).map_err(&err)?;
        }
        for tag in tags(svg, "circle") {
            let number = |key: &str| -> Result<f32, ArtError> {
                let text = attribute(tag, key).ok_or_else(|| err(format!("a <circle> has no {key}")))?;
                text.trim()
                    .parse::<f32>()
                    .map_err(|_| err(format!("a <circle>'s {key} '{text}' is not a number")))
            };
            let (cx, cy, r) = (number("cx")?, number("cy")?, number("r")?);
            let points = (0..24)
                .map(|i| {
                    let a = std::f32::consts::TAU * i as f32 / 24.0;
                    pos2(cx + r * a.cos(), cy + r * a.sin())
                })
                .collect();
            art.add(tag, vec![(points, true)]).map_err(&err)?;
        }
        if art.fills.is_empty() && art.lines.is_empty() {
            return Err(err("draws nothing".into()));
        }
        Ok(art)
    }

    /// Adds an element's sub-paths as fills and lines, as its `fill` and `stroke` say.
    fn add(&mut self, tag: &str, subpaths: Vec<(Vec<Pos2>, bool)>) -> Result<(), String> {
        let ink_of = |value: &str| {
            if value.eq_ignore_ascii_case(PAPER_IN_FILES) {
                Ink::Paper
            } else {
                Ink::Ink
            }
        };
        let fill = attribute(tag, "fill").unwrap_or("#000");
        let stroke = attribute(tag, "stroke").unwrap_or("none");
        let width = match attribute(tag, "stroke-width") {
            Some(w) => w
                .trim()
                .parse::<f32>()
                .map_err(|_| format!("stroke-width '{w}' is not a number"))?,
            None => 1.0,
        };
        for (points, closed) in subpaths {
            if fill != "none" && points.len() >= 3 {
                let triangles = triangulate(&points).ok_or_else(|| {
                    format!(
                        "a filled shape of {} points is not a simple polygon",
                        points.len()
                    )
                })?;
                self.fills.push(Fill {
                    corners: corners(&points),
                    points: points.clone(),
                    triangles,
                    ink: ink_of(fill),
                });
            }
            if stroke != "none" && points.len() >= 2 {
                self.lines.push(Line {
                    points,
                    closed,
                    width,
                    ink: ink_of(stroke),
                });
            }
        }
        Ok(())
    }

    /// The drawing's width over its height.
    pub fn aspect(&self) -> f32 {
        self.view.width() / self.view.height()
    }

    /// Paints the drawing fitted inside `rect` (keeping its proportions, centred), its ink in `ink` and its
    /// cut-outs in `paper`, its fills feathered over one of the painter's physical pixels.
    pub fn paint(&self, painter: &Painter, rect: Rect, ink: Color32, paper: Color32) {
        for shape in self.shapes(rect, ink, paper, painter.pixels_per_point()) {
            painter.add(shape);
        }
    }

    /// The shapes [`Art::paint`] adds at `pixels_per_point`: the fills as one mesh, then the lines.
    ///
    /// egui anti-aliases its own shapes by feathering (a ring of vertices one physical pixel wide whose
    /// colour fades to transparent), but not a mesh; so each fill is feathered the same way here: its
    /// triangles are drawn half a pixel inside its outline, and a band fades from its colour there to
    /// nothing half a pixel outside, so an edge is as smooth as a counter's border at any zoom.
    pub fn shapes(&self, rect: Rect, ink: Color32, paper: Color32, pixels_per_point: f32) -> Vec<Shape> {
        let scale = (rect.width() / self.view.width()).min(rect.height() / self.view.height());
        let size = self.view.size() * scale;
        let origin = rect.center() - size / 2.0;
        let place = |p: Pos2| origin + (p - self.view.min) * scale;
        let colour = |i: Ink| match i {
            Ink::Ink => ink,
            Ink::Paper => paper,
        };
        let ppp = if pixels_per_point.is_finite() && pixels_per_point > 0.0 {
            pixels_per_point
        } else {
            1.0
        };
        let half = 0.5 / ppp;
        let mut mesh = Mesh::default();
        for fill in &self.fills {
            let inner = mesh.vertices.len() as u32;
            let n = fill.points.len() as u32;
            let color = colour(fill.ink);
            let vertex = |pos: Pos2, color: Color32| Vertex {
                pos,
                uv: WHITE_UV,
                color,
            };
            mesh.vertices.extend(
                fill.points
                    .iter()
                    .zip(&fill.corners)
                    .map(|(&p, c)| vertex(place(p) - c.mitre * half, color)),
            );
            for t in &fill.triangles {
                mesh.indices.extend(t.iter().map(|i| inner + i));
            }
            // Each corner's outer vertices (one, or two for a bevel), and the band along each side.
            let mut outer = Vec::with_capacity(fill.corners.len());
            for (i, (&p, c)) in fill.points.iter().zip(&fill.corners).enumerate() {
                let first = mesh.vertices.len() as u32;
                let out = |v: Vec2| vertex(place(p) + v * half, Color32::TRANSPARENT);
                match c.bevel {
                    Some((before, after)) => {
                        mesh.vertices.extend([out(before), out(after)]);
                        mesh.indices.extend([inner + i as u32, first, first + 1]);
                        outer.push((first, first + 1));
                    }
                    None => {
                        mesh.vertices.push(out(c.mitre));
                        outer.push((first, first));
                    }
                }
            }
            for i in 0..n as usize {
                let j = (i + 1) % n as usize;
                let (a, b) = (inner + i as u32, inner + j as u32);
                let (oa, ob) = (outer[i].1, outer[j].0);
                mesh.indices.extend([a, b, oa, oa, b, ob]);
            }
        }
        let mut shapes = vec![Shape::mesh(mesh)];
        for line in &self.lines {
            let points: Vec<Pos2> = line.points.iter().map(|&p| place(p)).collect();
            let stroke = Stroke::new((line.width * scale).max(0.75), colour(line.ink));
            shapes.push(if line.closed {
                Shape::closed_line(points, stroke)
            } else {
                Shape::line(points, stroke)
            });
        }
        shapes
    }
}

fn short(d: &str) -> &str {
    let end = d.char_indices().nth(24).map_or(d.len(), |(i, _)| i);
    &d[..end]
}

/// The opening tags `<name …>` of a document, each as its text between `<name` and `>`.
fn tags<'a>(svg: &'a str, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    let open = format!("<{name}");
    let mut rest = svg;
    std::iter::from_fn(move || {
        loop {
            let at = rest.find(&open)?;
            let after = &rest[at + open.len()..];
            // `<pathology` is not a `<path`.
            if !after.starts_with(|c: char| c.is_whitespace() || c == '>' || c == '/') {
                rest = after;
                continue;
            }
            let end = after.find('>')?;
            rest = &after[end..];
            return Some(&after[..end]);
        }
    })
}

/// The value of `key="…"` in a tag's text.
fn attribute<'a>(tag: &'a str, key: &str) -> Option<&'a str> {
    let mut rest = tag;
    loop {
        let at = rest.find(key)?;
        let before_ok = rest[..at].ends_with(|c: char| c.is_whitespace());
        let after = rest[at + key.len()..].trim_start();
        if before_ok && let Some(value) = after.strip_prefix('=') {
            let value = value.trim_start();
            let quote = value.chars().next()?;
            if quote == '"' || quote == '\'' {
                let body = &value[1..];
                return body.find(quote).map(|end| &body[..end]);
            }
        }
        rest = &rest[at + key.len()..];
    }
}

fn numbers(text: &str) -> Result<Vec<f32>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<f32>().map_err(|_| format!("'{t}' is not a number")))
        .collect()
}

/// The tokens of a path's `d`: command letters and numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Token {
    Command(char),
    Number(f32),
}

fn tokenize(d: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = d.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
        } else if c.is_ascii_alphabetic() {
            if !"MmLlHhVvCcQqZz".contains(c) {
                return Err(format!(
                    "command '{c}' is not in Periscope's subset (M L H V C Q Z)"
                ));
            }
            tokens.push(Token::Command(c));
            i += 1;
        } else {
            let start = i;
            if chars[i] == '-' || chars[i] == '+' {
                i += 1;
            }
            let mut dot = false;
            while i < chars.len() && (chars[i].is_ascii_digit() || (chars[i] == '.' && !dot)) {
                dot |= chars[i] == '.';
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            let n = text
                .parse::<f32>()
                .map_err(|_| format!("'{text}' is not a number"))?;
            tokens.push(Token::Number(n));
        }
    }
    Ok(tokens)
}

/// The sub-paths of a `d`, flattened to points, each with whether it was closed.
fn path_points(d: &str) -> Result<Vec<(Vec<Pos2>, bool)>, String> {
    let tokens = tokenize(d)?;
    let mut subpaths = Vec::new();
    let mut current: Vec<Pos2> = Vec::new();
    let mut at = Pos2::ZERO;
    let mut start = Pos2::ZERO;
    let mut i = 0;
    let mut command = None;
    let take = |i: &mut usize, n: usize| -> Result<Vec<f32>, String> {
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            match tokens.get(*i) {
                Some(Token::Number(v)) => out.push(*v),
                _ => return Err("a command is missing numbers".into()),
            }
            *i += 1;
        }
        Ok(out)
    };
    while i < tokens.len() {
        let c = match tokens[i] {
            Token::Command(c) => {
                i += 1;
                c
            }
            // Numbers after a command's own repeat it (after M, as L).
            Token::Number(_) => match command {
                Some('M') => 'L',
                Some('m') => 'l',
                Some(c) if c != 'Z' && c != 'z' => c,
                _ => return Err("numbers before any command".into()),
            },
        };
        command = Some(c);
        let relative = c.is_ascii_lowercase();
        let base = if relative { at.to_vec2() } else { vec2(0.0, 0.0) };
        match c.to_ascii_uppercase() {
            'M' => {
                let v = take(&mut i, 2)?;
                if current.len() > 1 {
                    subpaths.push((std::mem::take(&mut current), false));
                }
                current.clear();
                at = pos2(v[0], v[1]) + base;
                start = at;
                current.push(at);
            }
            'L' => {
                let v = take(&mut i, 2)?;
                at = pos2(v[0], v[1]) + base;
                current.push(at);
            }
            'H' => {
                let v = take(&mut i, 1)?;
                at.x = v[0] + base.x;
                current.push(at);
            }
            'V' => {
                let v = take(&mut i, 1)?;
                at.y = v[0] + base.y;
                current.push(at);
            }
            'C' => {
                let v = take(&mut i, 6)?;
                let (c1, c2, end) = (
                    pos2(v[0], v[1]) + base,
                    pos2(v[2], v[3]) + base,
                    pos2(v[4], v[5]) + base,
                );
                let from = at;
                for s in 1..=CURVE_STEPS {
                    let t = s as f32 / CURVE_STEPS as f32;
                    let u = 1.0 - t;
                    let p = from.to_vec2() * (u * u * u)
                        + c1.to_vec2() * (3.0 * u * u * t)
                        + c2.to_vec2() * (3.0 * u * t * t)
                        + end.to_vec2() * (t * t * t);
                    current.push(p.to_pos2());
                }
                at = end;
            }
            'Q' => {
                let v = take(&mut i, 4)?;
                let (c1, end) = (pos2(v[0], v[1]) + base, pos2(v[2], v[3]) + base);
                let from = at;
                for s in 1..=CURVE_STEPS {
                    let t = s as f32 / CURVE_STEPS as f32;
                    let u = 1.0 - t;
                    let p = from.to_vec2() * (u * u) + c1.to_vec2() * (2.0 * u * t) + end.to_vec2() * (t * t);
                    current.push(p.to_pos2());
                }
                at = end;
            }
            _ => {
                // Z: back to the sub-path's start.
                if current.len() > 1 {
                    if current.last() == Some(&start) {
                        current.pop();
                    }
                    subpaths.push((std::mem::take(&mut current), true));
                }
                at = start;
                current.clear();
            }
        }
    }
    if current.len() > 1 {
        subpaths.push((current, false));
    }
    Ok(subpaths)
}

/// Twice the signed area of a polygon (positive when its points go anticlockwise in y-down space).
fn signed_area2(points: &[Pos2]) -> f32 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum()
}

/// Each corner of a polygon ([`Corner`]): the mitre is the mean of its two sides' outward normals,
/// lengthened so that both sides move out by one unit (at most [`MAX_MITRE`]); a convex corner sharper
/// than a right angle is bevelled. A repeated point takes its neighbours' sides.
fn corners(points: &[Pos2]) -> Vec<Corner> {
    let n = points.len();
    // Outward is to the left of each side's direction (y down) when the area is positive.
    let side = if signed_area2(points) < 0.0 { -1.0 } else { 1.0 };
    let normal = |i: usize| {
        let d = (points[(i + 1) % n] - points[i]).normalized();
        vec2(d.y, -d.x) * side
    };
    let edge = |start: usize, step: usize| {
        (0..n)
            .map(|k| normal((start + k * step) % n))
            .find(|v| *v != Vec2::ZERO)
            .unwrap_or(Vec2::ZERO)
    };
    (0..n)
        .map(|i| {
            let (before, after) = (edge(i + n - 1, n - 1), edge(i, 1));
            let mean = (before + after) / 2.0;
            let length_sq = mean.length_sq();
            let mitre = if length_sq < 1e-6 {
                // A side turning right back: the mitre runs along it.
                vec2(-before.y, before.x) * side * MAX_MITRE
            } else if mean.length() / length_sq > MAX_MITRE {
                mean.normalized() * MAX_MITRE
            } else {
                mean / length_sq
            };
            // The outline turns outwards here (the polygon's own way round) and sharply.
            let convex = (before.x * after.y - before.y * after.x) * side > 0.0 || length_sq < 1e-6;
            let bevel = (convex && length_sq < 0.5).then_some((before, after));
            Corner { mitre, bevel }
        })
        .collect()
}

fn cross(a: Pos2, b: Pos2, c: Pos2) -> f32 {
    (b - a).x * (c - a).y - (b - a).y * (c - a).x
}

/// Whether two edges of a closed polygon that do not share a corner cross each other.
fn crosses_itself(points: &[Pos2]) -> bool {
    let n = points.len();
    let edge = |i: usize| (points[i], points[(i + 1) % n]);
    let proper = |(a, b): (Pos2, Pos2), (c, d): (Pos2, Pos2)| {
        let (d1, d2) = (cross(a, b, c), cross(a, b, d));
        let (d3, d4) = (cross(c, d, a), cross(c, d, b));
        d1 * d2 < 0.0 && d3 * d4 < 0.0
    };
    (0..n).any(|i| (i + 2..n).any(|j| !(i == 0 && j == n - 1) && proper(edge(i), edge(j))))
}

/// Triangulates a simple polygon by ear clipping: `None` if it is not one (it crosses itself).
fn triangulate(points: &[Pos2]) -> Option<Vec<[u32; 3]>> {
    let n = points.len();
    if n < 3 {
        return None;
    }
    let area = signed_area2(points);
    if area.abs() < 1e-6 || crosses_itself(points) {
        return None;
    }
    let orientation = area.signum();
    let mut left: Vec<usize> = (0..n).collect();
    let mut triangles = Vec::with_capacity(n - 2);
    let mut guard = 0;
    while left.len() > 3 {
        let m = left.len();
        let mut clipped = false;
        for k in 0..m {
            let (ia, ib, ic) = (left[(k + m - 1) % m], left[k], left[(k + 1) % m]);
            let (a, b, c) = (points[ia], points[ib], points[ic]);
            let turn = cross(a, b, c) * orientation;
            if turn <= 0.0 {
                // A reflex (or flat) corner is no ear; a flat one is dropped if nothing else clips.
                continue;
            }
            let inside = left.iter().any(|&j| {
                if j == ia || j == ib || j == ic {
                    return false;
                }
                let p = points[j];
                let (d1, d2, d3) = (cross(a, b, p), cross(b, c, p), cross(c, a, p));
                let o = orientation;
                d1 * o >= 0.0 && d2 * o >= 0.0 && d3 * o >= 0.0
            });
            if !inside {
                triangles.push([ia as u32, ib as u32, ic as u32]);
                left.remove(k);
                clipped = true;
                break;
            }
        }
        if !clipped {
            // Only flat corners are left to clip, or the polygon crosses itself.
            let flat = (0..left.len()).find(|&k| {
                let m = left.len();
                let (a, b, c) = (
                    points[left[(k + m - 1) % m]],
                    points[left[k]],
                    points[left[(k + 1) % m]],
                );
                cross(a, b, c).abs() < 1e-6
            });
            match flat {
                Some(k) => {
                    left.remove(k);
                }
                None => return None,
            }
        }
        guard += 1;
        if guard > 4 * n {
            return None;
        }
    }
    if left.len() == 3 {
        triangles.push([left[0] as u32, left[1] as u32, left[2] as u32]);
    }
    Some(triangles)
}

/// The shipped drawings, by name (`assets/art/<name>.svg`).
macro_rules! shipped {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../../../assets/art/", $name, ".svg")))),*]
    };
}

/// Every drawing in `assets/art/`.
pub const SHIPPED: &[(&str, &str)] = shipped![
    "anchor",
    "battery",
    "battleship",
    "carrier_plane",
    "catalina",
    "chevron",
    "clock",
    "clover",
    "compass",
    "convoy",
    "corvette",
    "crew",
    "crosshair",
    "damage",
    "depth_charge",
    "destroyer",
    "detected",
    "die",
    "direction_finder",
    "elite",
    "escort_carrier",
    "event",
    "flag",
    "fleet_carrier",
    "floatplane",
    "flooding",
    "frigate",
    "fw200",
    "gauge",
    "heavy_cruiser",
    "hedgehog",
    "hit_bonus",
    "homing_torpedo",
    "hull",
    "i_boat_cruiser",
    "i_boat_kd",
    "inop",
    "kaiten",
    "killed",
    "light_cruiser",
    "light_wound",
    "lightning",
    "medal",
    "merchant",
    "midget",
    "moved",
    "oxygen",
    "padlock",
    "pennant",
    "radar",
    "rank",
    "ro_boat",
    "serious_wound",
    "shell",
    "shield",
    "sinking",
    "skill",
    "sonar",
    "straggler",
    "sun_moon",
    "supplies",
    "system_damage",
    "tanker",
    "torpedo",
    "type_ix",
    "type_vii",
    "upgrade",
    "weather",
    "wings",
];

/// The shipped drawings, read once; a drawing that cannot be read is left out (the test below names it,
/// and the counter falls back to its plain symbol).
pub fn shipped() -> &'static [Art] {
    static ART: OnceLock<Vec<Art>> = OnceLock::new();
    ART.get_or_init(|| {
        SHIPPED
            .iter()
            .filter_map(|(name, svg)| Art::parse(name, svg).ok())
            .collect()
    })
}

/// The shipped drawing `name`, if it exists and could be read.
pub fn get(name: &str) -> Option<&'static Art> {
    shipped().iter().find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area_of(points: &[Pos2], triangles: &[[u32; 3]]) -> f32 {
        triangles
            .iter()
            .map(|t| {
                let (a, b, c) = (
                    points[t[0] as usize],
                    points[t[1] as usize],
                    points[t[2] as usize],
                );
                cross(a, b, c).abs() / 2.0
            })
            .sum()
    }

    #[test]
    fn every_shipped_drawing_is_read() {
        for (name, svg) in SHIPPED {
            if let Err(e) = Art::parse(name, svg) {
                panic!("{e}");
            }
        }
        assert_eq!(shipped().len(), SHIPPED.len());
    }

    #[test]
    fn a_concave_polygon_is_triangulated_into_its_own_area_either_way_round() {
        // An L: concave, 3 × 3 minus a 2 × 2 corner = 5.
        let l = [
            pos2(0.0, 0.0),
            pos2(1.0, 0.0),
            pos2(1.0, 2.0),
            pos2(3.0, 2.0),
            pos2(3.0, 3.0),
            pos2(0.0, 3.0),
        ];
        let t = triangulate(&l).unwrap();
        assert_eq!(t.len(), l.len() - 2);
        assert!((area_of(&l, &t) - 5.0).abs() < 1e-4);
        let mut reversed = l;
        reversed.reverse();
        let t = triangulate(&reversed).unwrap();
        assert!((area_of(&reversed, &t) - 5.0).abs() < 1e-4);
    }

    #[test]
    fn a_polygon_that_crosses_itself_is_refused() {
        let bow_tie = [pos2(0.0, 0.0), pos2(2.0, 2.0), pos2(2.0, 0.0), pos2(0.0, 2.0)];
        assert!(triangulate(&bow_tie).is_none());
        // A figure of eight with unequal loops has an area, and still crosses itself.
        let eight = [pos2(0.0, 0.0), pos2(4.0, 4.0), pos2(4.0, 0.0), pos2(0.0, 1.0)];
        assert!(signed_area2(&eight).abs() > 1.0);
        assert!(triangulate(&eight).is_none());
        let svg = r##"<svg viewBox="0 0 2 2"><path d="M0 0 L2 2 L2 0 L0 2 Z" fill="#000"/></svg>"##;
        let e = Art::parse("bow_tie", svg).unwrap_err();
        assert!(e.to_string().contains("assets/art/bow_tie.svg"), "{e}");
        assert!(e.problem.contains("not a simple polygon"), "{e}");
    }

    #[test]
    fn relative_commands_and_implicit_repeats_follow_the_svg_rules() {
        // m then implicit l, h, v, then z: a 10 × 5 rectangle at (2, 3).
        let paths = path_points("m2 3 10 0 v5 h-10 z").unwrap();
        assert_eq!(paths.len(), 1);
        let (points, closed) = &paths[0];
        assert!(closed);
        assert_eq!(
            points,
            &[pos2(2.0, 3.0), pos2(12.0, 3.0), pos2(12.0, 8.0), pos2(2.0, 8.0)]
        );
        // A curve is flattened into steps ending on its end point.
        let paths = path_points("M0 0 Q5 10 10 0").unwrap();
        assert_eq!(paths[0].0.len(), 1 + CURVE_STEPS);
        assert_eq!(paths[0].0.last(), Some(&pos2(10.0, 0.0)));
        // Arcs are not in the subset, and say so.
        let e = path_points("M0 0 A5 5 0 0 1 10 0").unwrap_err();
        assert!(e.contains("'A'"), "{e}");
    }

    #[test]
    fn a_drawing_is_fitted_into_its_rect_keeping_its_proportions() {
        let svg = r##"<svg viewBox="0 0 20 10"><path d="M0 0 H20 V10 H0 Z" fill="#1d2d4f"/>
            <path d="M5 2 H15 V8 H5 Z" fill="#f3ecdc"/></svg>"##;
        let art = Art::parse("box", svg).unwrap();
        assert_eq!(art.aspect(), 2.0);
        let rect = Rect::from_min_size(pos2(100.0, 100.0), vec2(40.0, 40.0));
        let shapes = art.shapes(rect, Color32::BLACK, Color32::WHITE, 2.0);
        let Shape::Mesh(mesh) = &shapes[0] else {
            panic!("fills come as one mesh");
        };
        let bounds = mesh.calc_bounds();
        // 40 wide, so 20 high, centred vertically; the feather reaches half a physical pixel (a quarter
        // of a point at 2 pixels a point) out.
        let feathered = Rect::from_min_max(pos2(100.0, 110.0), pos2(140.0, 130.0)).expand(0.25);
        assert!((bounds.min - feathered.min).length() < 1e-4, "{bounds:?}");
        assert!((bounds.max - feathered.max).length() < 1e-4, "{bounds:?}");
        // The cut-out is painted in the paper colour, the rest in ink, each fading out at its edge.
        let colours =
            |range: std::ops::Range<usize>| mesh.vertices[range].iter().map(|v| v.color).collect::<Vec<_>>();
        assert_eq!(colours(0..4), [Color32::BLACK; 4]);
        assert_eq!(colours(4..8), [Color32::TRANSPARENT; 4]);
        assert_eq!(colours(8..12), [Color32::WHITE; 4]);
        assert_eq!(colours(12..16), [Color32::TRANSPARENT; 4]);
    }

    #[test]
    fn corners_point_out_either_way_round_and_a_spike_is_bevelled() {
        let square = [pos2(0.0, 0.0), pos2(1.0, 0.0), pos2(1.0, 1.0), pos2(0.0, 1.0)];
        let c = corners(&square);
        assert!((c[0].mitre - vec2(-1.0, -1.0)).length() < 1e-5, "{c:?}");
        assert!((c[2].mitre - vec2(1.0, 1.0)).length() < 1e-5, "{c:?}");
        assert!(
            c.iter().all(|c| c.bevel.is_none()),
            "a right angle is mitred: {c:?}"
        );
        let mut reversed = square;
        reversed.reverse();
        assert!((corners(&reversed)[0].mitre - vec2(-1.0, 1.0)).length() < 1e-5);
        // A needle: its tip is bevelled out along each side's normal, and mitred inwards.
        let needle = [pos2(0.0, 0.0), pos2(100.0, 0.5), pos2(0.0, 1.0)];
        let tip = corners(&needle)[1];
        let (before, after) = tip.bevel.unwrap();
        assert!(before.y < -0.99 && after.y > 0.99, "{tip:?}");
        assert!(tip.mitre.x > 10.0, "{tip:?}");
        // A notch (a concave corner) is never bevelled.
        let notched = [
            pos2(0.0, 0.0),
            pos2(2.0, 0.0),
            pos2(1.0, 0.1),
            pos2(2.0, 1.0),
            pos2(0.0, 1.0),
        ];
        assert!(corners(&notched)[2].bevel.is_none());
        // A repeated point takes its neighbours' sides instead of a zero one.
        let doubled = [
            pos2(0.0, 0.0),
            pos2(1.0, 0.0),
            pos2(1.0, 0.0),
            pos2(1.0, 1.0),
            pos2(0.0, 1.0),
        ];
        assert!(
            corners(&doubled)
                .iter()
                .all(|c| (c.mitre.length() - 2f32.sqrt()).abs() < 1e-4)
        );
    }

    /// How far a pixel is between two colours (0 at `from`, 1 at `to`), by the channel they differ most in.
    fn between(pixel: [u8; 4], from: Color32, to: Color32) -> f32 {
        let (a, b) = (from.to_array(), to.to_array());
        let c = (0..3).max_by_key(|&i| a[i].abs_diff(b[i])).unwrap_or(0);
        (f32::from(pixel[c]) - f32::from(a[c])) / (f32::from(b[c]) - f32::from(a[c]))
    }

    /// `art` pictured in ink on paper at `zoom`, as a board picture is made ([`crate::picture::paint`]).
    fn pictured(art: &Art, size: Vec2, zoom: f32) -> crate::picture::raster::Canvas {
        let view = Rect::from_min_size(Pos2::ZERO, size);
        let paper = crate::theme::PAPER;
        crate::picture::paint(view, zoom, paper, |ui| {
            art.paint(ui.painter(), view.shrink(2.0), crate::theme::NAVY, paper)
        })
        .unwrap()
    }

    #[test]
    fn a_slanted_edge_is_smooth_in_a_picture_at_every_zoom() {
        // A wedge whose top edge climbs one pixel in five: an unfeathered mesh draws it as a staircase of
        // whole ink and whole paper pixels; feathered, each row crosses it through blended pixels.
        let svg = r##"<svg viewBox="0 0 100 40"><path d="M0 40 L100 20 L100 40 Z" fill="#1d2d4f"/></svg>"##;
        let art = Art::parse("wedge", svg).unwrap();
        let (paper, ink) = (crate::theme::PAPER, crate::theme::NAVY);
        for zoom in [1.0, 1.5, 2.0, 3.0] {
            let canvas = pictured(&art, vec2(104.0, 44.0), zoom);
            let (mut steps, mut rows) = (0, 0);
            // Every column where the wedge is a few pixels tall crosses the slanted edge once, going down
            // from paper into ink.
            for x in (30.0 * zoom) as usize..(98.0 * zoom) as usize {
                let t: Vec<f32> = (0..canvas.height)
                    .map(|y| between(canvas.pixel(x, y), paper, ink))
                    .collect();
                let Some(first_inked) = t.iter().position(|&v| v > 0.02) else {
                    continue;
                };
                rows += 1;
                let blended = t[first_inked..].iter().take_while(|&&v| v < 0.98).count();
                if blended == 0 {
                    steps += 1;
                }
                assert!(
                    t[first_inked..].iter().take(4).all(|&v| v > 0.0),
                    "zoom {zoom}, column {x}: {t:?}"
                );
            }
            assert!(rows as f32 > 60.0 * zoom, "zoom {zoom}: {rows} columns");
            // A pixel whose centre falls on the band's inner edge may come out whole; few do.
            assert!(
                steps * 10 < rows,
                "zoom {zoom}: {steps} of {rows} columns step from paper to ink"
            );
        }
    }

    #[test]
    fn every_silhouette_edge_is_blended_into_the_paper() {
        // A stair step is a corner of whole pixels: a 2 × 2 block of three whole ink pixels and one whole
        // paper pixel, or the other way round. A staircase along a slanted edge is made of them, one a
        // step; a straight edge along the pixel grid is not (two and two), and a feathered edge has
        // blended pixels in it. Only a drawing's own corners may still make one, each at most one.
        let (paper, ink) = (crate::theme::PAPER, crate::theme::NAVY);
        // Every drawing in a cell of its own, one picture a zoom; the cells are a fraction of a pixel
        // off the pixel grid, as a counter on a board is, so no straight edge lies exactly along it.
        let (arts, cell, columns) = (shipped(), 64.3, 10);
        let rows = arts.len().div_ceil(columns);
        let view = Rect::from_min_size(Pos2::ZERO, vec2(cell * columns as f32, cell * rows as f32));
        let cell_of = |i: usize| {
            let min = pos2((i % columns) as f32 * cell, (i / columns) as f32 * cell);
            Rect::from_min_size(min, vec2(cell, cell))
        };
        for zoom in [1.0, 2.0, 3.0] {
            let canvas = crate::picture::paint(view, zoom, paper, |ui| {
                for (i, art) in arts.iter().enumerate() {
                    art.paint(ui.painter(), cell_of(i).shrink(2.0), ink, paper);
                }
            })
            .unwrap();
            // Whether each pixel is whole ink (1), whole paper (0) or blended (None).
            let wholes: Vec<Option<u8>> = (0..canvas.height)
                .flat_map(|y| (0..canvas.width).map(move |x| (x, y)))
                .map(|(x, y)| {
                    let t = between(canvas.pixel(x, y), paper, ink);
                    (t > 0.99).then_some(1).or((t < 0.01).then_some(0))
                })
                .collect();
            let whole = |x: usize, y: usize| wholes[y * canvas.width + x];
            for (i, art) in arts.iter().enumerate() {
                let r = cell_of(i);
                let px = |v: f32, max: usize| ((v * zoom) as usize).min(max);
                let (x0, x1) = (px(r.min.x, canvas.width), px(r.max.x, canvas.width));
                let (y0, y1) = (px(r.min.y, canvas.height), px(r.max.y, canvas.height));
                let mut steps = 0;
                for y in y0..y1 - 1 {
                    for x in x0..x1 - 1 {
                        let block = [whole(x, y), whole(x + 1, y), whole(x, y + 1), whole(x + 1, y + 1)];
                        if let [Some(a), Some(b), Some(c), Some(d)] = block
                            && matches!(a + b + c + d, 1 | 3)
                        {
                            steps += 1;
                        }
                    }
                }
                let corners: usize = art.fills.iter().map(|f| f.points.len()).sum();
                assert!(
                    steps <= corners,
                    "{} at zoom {zoom}: {steps} stair steps",
                    art.name
                );
            }
        }
    }
}
