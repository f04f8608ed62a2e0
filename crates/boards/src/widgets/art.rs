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
use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke, pos2, vec2};

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

/// A filled polygon, triangulated once when the art is read.
#[derive(Debug, Clone)]
struct Fill {
    points: Vec<Pos2>,
    triangles: Vec<[u32; 3]>,
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
    /// cut-outs in `paper`.
    pub fn paint(&self, painter: &Painter, rect: Rect, ink: Color32, paper: Color32) {
        for shape in self.shapes(rect, ink, paper) {
            painter.add(shape);
        }
    }

    /// The shapes [`Art::paint`] adds: the fills as one mesh, then the lines.
    pub fn shapes(&self, rect: Rect, ink: Color32, paper: Color32) -> Vec<Shape> {
        let scale = (rect.width() / self.view.width()).min(rect.height() / self.view.height());
        let size = self.view.size() * scale;
        let origin = rect.center() - size / 2.0;
        let place = |p: Pos2| origin + (p - self.view.min) * scale;
        let colour = |i: Ink| match i {
            Ink::Ink => ink,
            Ink::Paper => paper,
        };
        let mut mesh = Mesh::default();
        for fill in &self.fills {
            let base = mesh.vertices.len() as u32;
            let color = colour(fill.ink);
            mesh.vertices.extend(fill.points.iter().map(|&p| Vertex {
                pos: place(p),
                uv: WHITE_UV,
                color,
            }));
            for t in &fill.triangles {
                mesh.indices.extend(t.iter().map(|i| base + i));
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
        let shapes = art.shapes(rect, Color32::BLACK, Color32::WHITE);
        let Shape::Mesh(mesh) = &shapes[0] else {
            panic!("fills come as one mesh");
        };
        let bounds = mesh.calc_bounds();
        // 40 wide, so 20 high, centred vertically.
        assert_eq!(bounds, Rect::from_min_max(pos2(100.0, 110.0), pos2(140.0, 130.0)));
        // The cut-out is painted in the paper colour, the rest in ink.
        assert!(mesh.vertices[..4].iter().all(|v| v.color == Color32::BLACK));
        assert!(mesh.vertices[4..].iter().all(|v| v.color == Color32::WHITE));
    }
}
