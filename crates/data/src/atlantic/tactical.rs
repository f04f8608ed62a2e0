//! The Tactical Display as data: T1A (large convoy) and T1B (small) [6.1 1B] [ERRATA T-1B], with
//! their escort boxes, approach circles, convoy rectangles and straggler box, which approach touches
//! which escort box [7.1.3], what a Type 271 in each box covers [7.1.3] [4.6.2], the rolls that place a
//! U-boat (side of attack, approach circle, straggler range box), and positions on the sheet to scale.
//! What the text leaves open is reconstructed and can be overridden like a chart.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::catalog::merchants::ConvoySize;
use super::catalog::reader::FileReader;
use super::charts::{Refs, load_chart, row_entry};
use crate::chart::{Chart, ChartDice, Row};
use crate::read::{Cx, Family, Fields};
use crate::summary::Summary;
use crate::{DataError, Provenance};

pub const SHIPPED: &str = include_str!("../../../../data/atlantic/tactical.json");
pub const FILE: &str = "data/atlantic/tactical.json";

/// The ids of the file's parts an override may replace.
pub const PART_IDS: &[&str] = &["side_of_attack", "straggler_range", "T1A", "T1B"];

/// An approach-table result that sends the roll again.
pub const REROLL: &str = "reroll";

/// A side of the convoy; the convoy steams up the sheet, so the front is the top [7.1.3].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Front,
    Right,
    Rear,
    Left,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Front, Side::Right, Side::Rear, Side::Left];
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Front => "front",
            Side::Right => "right",
            Side::Rear => "rear",
            Side::Left => "left",
        })
    }
}

/// `[x, y, width, height]` from the sheet's top left corner, in sixteenths of an inch.
pub type Rect = (i32, i32, i32, i32);
/// `[centre x, centre y, radius]`.
pub type Circle = (i32, i32, i32);

type FieldProvenance = BTreeMap<String, Provenance>;

/// One of the two central rectangles [ERRATA T-1B].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConvoyRect {
    pub id: String,
    pub label: String,
    pub rect: Rect,
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: FieldProvenance,
}

/// A green escort box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EscortBox {
    pub id: String,
    pub side: Side,
    pub rect: Rect,
    /// The approach circles a Type 271 set in this box rolls against: every circle of its side for a
    /// side or rear box, only the circles touching it at the front [7.1.3].
    pub radar_covers: Vec<String>,
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: FieldProvenance,
}

/// An approach circle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Approach {
    pub id: String,
    pub side: Side,
    pub circle: Circle,
    /// The escort boxes touching it: their escorts roll ASDIC against a boat here and attack it without
    /// moving [2.0] [7.1.3].
    pub adjacent: Vec<String>,
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: FieldProvenance,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StragglerBox {
    pub id: String,
    pub rect: Rect,
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: FieldProvenance,
}

/// Escort Box S, guarding the stragglers [7.1.6].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxS {
    pub id: String,
    pub rect: Rect,
    /// None: no radar against a boat attacking the stragglers [7.1.3].
    pub radar_covers: Vec<String>,
    /// The range boxes its escorts attack without moving [7.1.6].
    pub engages: Vec<String>,
    /// The range boxes its escorts roll ASDIC against before the attack: close only [7.1.6].
    pub asdic_before_attack: Vec<String>,
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: FieldProvenance,
}

/// The range of a straggler range box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Range {
    Close,
    Medium,
    Long,
}

/// One of the three range boxes next to the Straggler Box [7.1.6].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeBox {
    pub id: String,
    pub range: Range,
    pub rect: Rect,
    pub adjacent: Vec<String>,
    pub provenance: Provenance,
    #[serde(default)]
    pub field_provenance: FieldProvenance,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stragglers {
    pub straggler_box: StragglerBox,
    pub escort_box: BoxS,
    pub range_boxes: Vec<RangeBox>,
    /// The roll that places the boat attacking the stragglers (`straggler_range`).
    pub placement: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawApproachTable {
    side: Side,
    dice: ChartDice,
    rows: Vec<Row<String>>,
    #[serde(default)]
    notes: Vec<String>,
}

/// A side's approach roll: its results are circle ids, or `reroll` [7.1.3].
#[derive(Debug, Clone, PartialEq)]
pub struct ApproachTable {
    pub side: Side,
    pub chart: Chart<String>,
}

/// T1A or T1B.
#[derive(Debug, Clone, PartialEq)]
pub struct Display {
    pub id: String,
    pub name: String,
    pub convoy_size: ConvoySize,
    pub provenance: Provenance,
    /// The sheet: width and height.
    pub size: (i32, i32),
    pub convoy: Vec<ConvoyRect>,
    pub escort_boxes: Vec<EscortBox>,
    pub approaches: Vec<Approach>,
    pub stragglers: Stragglers,
    pub approach_tables: Vec<ApproachTable>,
}

impl Display {
    pub fn escort_box(&self, id: &str) -> Option<&EscortBox> {
        self.escort_boxes.iter().find(|b| b.id == id)
    }

    pub fn approach(&self, id: &str) -> Option<&Approach> {
        self.approaches.iter().find(|a| a.id == id)
    }

    pub fn approach_table(&self, side: Side) -> Option<&ApproachTable> {
        self.approach_tables.iter().find(|t| t.side == side)
    }

    /// The circle (or `reroll`) an approach roll gives on a side.
    pub fn approach_for(&self, side: Side, roll: i32) -> Option<&str> {
        self.approach_table(side)?
            .chart
            .lookup(roll)
            .map(|r| r.result.as_str())
    }

    /// The circles of a side.
    pub fn circles_of(&self, side: Side) -> impl Iterator<Item = &Approach> {
        self.approaches.iter().filter(move |a| a.side == side)
    }

    /// Every shape of the sheet, named, for the geometry checks and for drawing.
    pub fn shapes(&self) -> Vec<(String, Shape)> {
        let s = &self.stragglers;
        let mut out: Vec<(String, Shape)> = Vec::new();
        out.extend(
            self.convoy
                .iter()
                .map(|c| (format!("rectangle {}", c.id), Shape::Rect(c.rect))),
        );
        out.extend(
            self.escort_boxes
                .iter()
                .map(|b| (format!("escort box {}", b.id), Shape::Rect(b.rect))),
        );
        out.extend(
            self.approaches
                .iter()
                .map(|a| (format!("approach {}", a.id), Shape::Circle(a.circle))),
        );
        out.push((
            format!("straggler box {}", s.straggler_box.id),
            Shape::Rect(s.straggler_box.rect),
        ));
        out.push((
            format!("escort box {}", s.escort_box.id),
            Shape::Rect(s.escort_box.rect),
        ));
        out.extend(
            s.range_boxes
                .iter()
                .map(|b| (format!("range box {}", b.id), Shape::Rect(b.rect))),
        );
        out
    }
}

/// A shape on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Rect(Rect),
    Circle(Circle),
}

impl Shape {
    /// Whether the shape lies on a sheet of `w` by `h`, with some size.
    fn on_sheet(self, (w, h): (i32, i32)) -> bool {
        let (x0, y0, x1, y1) = self.bounds();
        x1 > x0 && y1 > y0 && x0 >= 0 && y0 >= 0 && x1 <= w && y1 <= h
    }

    fn bounds(self) -> (i32, i32, i32, i32) {
        match self {
            Shape::Rect((x, y, w, h)) => (x, y, x + w, y + h),
            Shape::Circle((x, y, r)) => (x - r, y - r, x + r, y + r),
        }
    }

    /// Whether two shapes share some area (touching edges do not).
    pub fn overlaps(self, other: Shape) -> bool {
        match (self, other) {
            (Shape::Rect(_), Shape::Rect(_)) => {
                let (a0, b0, a1, b1) = self.bounds();
                let (c0, d0, c1, d1) = other.bounds();
                a0 < c1 && c0 < a1 && b0 < d1 && d0 < b1
            }
            (Shape::Circle((x1, y1, r1)), Shape::Circle((x2, y2, r2))) => {
                let (dx, dy) = (i64::from(x1 - x2), i64::from(y1 - y2));
                dx * dx + dy * dy < i64::from(r1 + r2).pow(2)
            }
            (Shape::Rect(r), Shape::Circle(c)) | (Shape::Circle(c), Shape::Rect(r)) => {
                let (x0, y0, x1, y1) = Shape::Rect(r).bounds();
                let (cx, cy, cr) = c;
                let nx = cx.clamp(x0, x1);
                let ny = cy.clamp(y0, y1);
                let (dx, dy) = (i64::from(cx - nx), i64::from(cy - ny));
                dx * dx + dy * dy < i64::from(cr).pow(2)
            }
        }
    }
}

impl Family<Refs> for Display {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        let obj = f.part(&["id"]);
        if let Some(id) = obj.get("id")
            && id.as_str() != Some(cx.chart.as_str())
        {
            let chart = cx.chart.clone();
            cx.err(
                "field id",
                format!("{id} does not match the display it stands for ('{chart}')"),
            );
        }
        let name = cx.field::<String>(f, "name");
        let convoy_size = cx.field::<ConvoySize>(f, "convoy_size");
        let provenance = cx.field::<Provenance>(f, "provenance");
        let size = cx.field::<(i32, i32)>(f, "size");
        let convoy: Vec<ConvoyRect> = cx.required_entries(f, "convoy", "rectangle");
        let escort_boxes: Vec<EscortBox> = cx.required_entries(f, "escort_boxes", "escort box");
        let approaches: Vec<Approach> = cx.required_entries(f, "approaches", "approach");
        let stragglers = cx.field::<Stragglers>(f, "stragglers");
        let raw: Vec<RawApproachTable> = cx.required_entries(f, "approach_tables", "approach table");
        if let Some(p) = &provenance {
            cx.provenance(p, "field provenance");
        }
        let mut approach_tables = Vec::new();
        for (i, t) in raw.into_iter().enumerate() {
            let chart = Chart {
                id: cx.chart.clone(),
                title: format!("{} approach, {}", cx.chart, t.side),
                dice: t.dice,
                span: None,
                rows: t.rows,
                notes: t.notes,
            };
            let problems = chart.problems(cx.file);
            cx.absorb(&format!("approach table {} ({})", i + 1, t.side), problems);
            approach_tables.push(ApproachTable { side: t.side, chart });
        }
        Some(Self {
            id: cx.chart.clone(),
            name: name?,
            convoy_size: convoy_size?,
            provenance: provenance?,
            size: size?,
            convoy,
            escort_boxes,
            approaches,
            stragglers: stragglers?,
            approach_tables,
        })
    }

    fn check(&self, cx: &mut Cx, _: &Refs) {
        self.check_ids(cx);
        self.check_adjacency(cx);
        self.check_radar(cx);
        self.check_stragglers(cx);
        self.check_tables(cx);
        self.check_geometry(cx);
        if self.id == "T1A" {
            self.check_example(cx);
        }
        let want = match self.convoy_size {
            ConvoySize::Large => "Large Convoy",
            ConvoySize::Small => "Small Convoy",
        };
        for (i, c) in self.convoy.iter().enumerate() {
            if c.label != want {
                cx.err(
                    &format!("rectangle {} ({}), field label", i + 1, c.id),
                    format!(
                        "a {} convoy's rectangles say \"{want}\" [ERRATA T-1B]",
                        self.convoy_size
                    ),
                );
            }
        }
    }

    fn summary(&self) -> Summary {
        Summary {
            id: self.id.clone(),
            title: self.name.clone(),
            dice: "1d6".into(),
            shape: format!(
                "{} escort boxes, {} approaches, {} approach tables",
                self.escort_boxes.len(),
                self.approaches.len(),
                self.approach_tables.len()
            ),
            rows: self.approach_tables.iter().map(|t| t.chart.rows.len()).sum(),
        }
    }
}

impl Display {
    fn check_ids(&self, cx: &mut Cx) {
        let mut seen: Vec<(&str, &str)> = Vec::new();
        let s = &self.stragglers;
        let boxes = self
            .escort_boxes
            .iter()
            .map(|b| ("escort box", b.id.as_str()))
            .chain(std::iter::once(("escort box", s.escort_box.id.as_str())));
        let circles = self.approaches.iter().map(|a| ("approach", a.id.as_str()));
        let ranges = s.range_boxes.iter().map(|b| ("range box", b.id.as_str()));
        for (kind, id) in boxes.chain(circles).chain(ranges) {
            if seen.contains(&(kind, id)) {
                cx.err(&format!("{kind} {id}"), "this id appears twice");
            }
            seen.push((kind, id));
        }
    }

    /// Every circle touches escort boxes of the display; a circle of a side touches boxes of that side.
    fn check_adjacency(&self, cx: &mut Cx) {
        for (i, a) in self.approaches.iter().enumerate() {
            let at = format!("approach {} ({}), field adjacent", i + 1, a.id);
            if a.adjacent.is_empty() {
                cx.err(&at, "a circle touches at least one escort box [7.1.3]");
            }
            for b in &a.adjacent {
                match self.escort_box(b) {
                    None => cx.err(&at, format!("no escort box '{b}' on {}", self.id)),
                    Some(eb) if eb.side != a.side => cx.err(
                        &at,
                        format!(
                            "escort box {b} is on the {} side, the circle on the {}",
                            eb.side, a.side
                        ),
                    ),
                    Some(_) => {}
                }
            }
        }
    }

    /// A Type 271 covers every circle of its side, or at the front only the circles touching its box
    /// [7.1.3]: what each box covers must be exactly that.
    fn check_radar(&self, cx: &mut Cx) {
        for (i, b) in self.escort_boxes.iter().enumerate() {
            let at = format!("escort box {} ({}), field radar_covers", i + 1, b.id);
            for c in &b.radar_covers {
                if self.approach(c).is_none() {
                    cx.err(&at, format!("no approach '{c}' on {}", self.id));
                }
            }
            let mut want: Vec<&str> = self
                .circles_of(b.side)
                .filter(|a| b.side != Side::Front || a.adjacent.contains(&b.id))
                .map(|a| a.id.as_str())
                .collect();
            let mut got: Vec<&str> = b.radar_covers.iter().map(String::as_str).collect();
            want.sort_unstable();
            got.sort_unstable();
            if got != want {
                let rule = if b.side == Side::Front {
                    "at the front, the circles touching the box"
                } else {
                    "every circle of its side"
                };
                cx.err(
                    &at,
                    format!("a Type 271 here covers {rule} [7.1.3]: {}", want.join(", ")),
                );
            }
        }
    }

    /// Box S: no radar [7.1.3]; it engages the three range boxes, which touch it, and rolls ASDIC before
    /// the attack against some of them only [7.1.6].
    fn check_stragglers(&self, cx: &mut Cx) {
        let s = &self.stragglers;
        let bs = &s.escort_box;
        if !bs.radar_covers.is_empty() {
            cx.err(
                "field stragglers.escort_box.radar_covers",
                "no radar against a boat attacking the stragglers [7.1.3]",
            );
        }
        for (i, rb) in s.range_boxes.iter().enumerate() {
            let touches = rb.adjacent.contains(&bs.id);
            let engaged = bs.engages.contains(&rb.id);
            if touches != engaged || rb.adjacent.iter().any(|a| *a != bs.id) {
                cx.err(
                    &format!("field stragglers.range_boxes.{i}.adjacent"),
                    format!(
                        "a range box touches Box {} alone, and Box {} engages the range boxes that touch it [7.1.6]",
                        bs.id, bs.id
                    ),
                );
            }
        }
        for r in bs.engages.iter().chain(&bs.asdic_before_attack) {
            if !s.range_boxes.iter().any(|b| b.id == *r) {
                cx.err("field stragglers.escort_box", format!("no range box '{r}'"));
            }
        }
        for r in &bs.asdic_before_attack {
            if !bs.engages.contains(r) {
                cx.err(
                    "field stragglers.escort_box.asdic_before_attack",
                    format!("'{r}' is not one of the boxes Box {} engages", bs.id),
                );
            }
        }
        if s.range_boxes.len() != 3 {
            cx.err(
                "field stragglers.range_boxes",
                "the Straggler Box has three range boxes [7.1.6]",
            );
        }
        if s.placement != "straggler_range" {
            cx.err(
                "field stragglers.placement",
                "the boat attacking the stragglers is placed by the straggler_range roll",
            );
        }
    }

    /// Each side has one approach roll, whose results are circles of that side or `reroll`, and which
    /// reaches every circle of the side.
    fn check_tables(&self, cx: &mut Cx) {
        for side in Side::ALL {
            let tables: Vec<_> = self.approach_tables.iter().filter(|t| t.side == side).collect();
            if tables.len() != 1 {
                cx.err(
                    "field approach_tables",
                    format!("the {side} side needs one approach roll"),
                );
            }
            for c in self.circles_of(side) {
                if !tables
                    .iter()
                    .any(|t| t.chart.rows.iter().any(|r| r.result == c.id))
                {
                    cx.err(
                        "field approach_tables",
                        format!("no {side} approach roll reaches circle {}", c.id),
                    );
                }
            }
        }
        for (i, t) in self.approach_tables.iter().enumerate() {
            let prefix = format!("approach table {} ({})", i + 1, t.side);
            for (j, r) in t.chart.rows.iter().enumerate() {
                let on_side = self.approach(&r.result).is_some_and(|a| a.side == t.side);
                if r.result != REROLL && !on_side {
                    cx.err(
                        &format!("{}, field result", row_entry(&prefix, j, r)),
                        format!(
                            "'{}' is no {} circle of {} (nor \"{REROLL}\")",
                            r.result, t.side, self.id
                        ),
                    );
                }
            }
            if t.chart.rows.iter().all(|r| r.result == REROLL) {
                cx.err(&prefix, "every roll is a reroll");
            }
        }
    }

    /// What the Example of Play shows of T1A [8.0]: A1 touches K and A; D touches D, not C; H touches
    /// neither J nor K (the escorts there had to move to box H).
    fn check_example(&self, cx: &mut Cx) {
        for (circle, touches, not) in [
            ("A1", &["K", "A"][..], &[][..]),
            ("D", &["D"], &["C"]),
            ("H", &[], &["J", "K"]),
        ] {
            let Some((i, a)) = self.approaches.iter().enumerate().find(|(_, a)| a.id == circle) else {
                cx.err(
                    "field approaches",
                    format!("the example's circle {circle} is missing [8.0]"),
                );
                continue;
            };
            let at = format!("approach {} ({circle}), field adjacent", i + 1);
            for b in touches {
                if !a.adjacent.iter().any(|x| x == b) {
                    cx.err(
                        &at,
                        format!("the example's {circle} touches escort box {b} [8.0]"),
                    );
                }
            }
            for b in not {
                if a.adjacent.iter().any(|x| x == b) {
                    cx.err(
                        &at,
                        format!("the example's {circle} does not touch escort box {b} [8.0]"),
                    );
                }
            }
        }
    }

    /// Every shape lies on the sheet and no two overlap, so the display draws to scale.
    fn check_geometry(&self, cx: &mut Cx) {
        let shapes = self.shapes();
        for (i, (name, shape)) in shapes.iter().enumerate() {
            if !shape.on_sheet(self.size) {
                cx.err(
                    name,
                    format!("lies off the {} by {} sheet", self.size.0, self.size.1),
                );
            }
            for (other, o) in &shapes[..i] {
                if shape.overlaps(*o) {
                    cx.err(name, format!("overlaps {other}"));
                }
            }
        }
    }
}

/// A roll printed on the display: the side of attack (results are sides) [7.1.3].
#[derive(Debug, Clone, PartialEq)]
pub struct SideRoll {
    pub chart: Chart<Side>,
}

impl Family<Refs> for SideRoll {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn check(&self, cx: &mut Cx, _: &Refs) {
        for side in Side::ALL {
            if !self.chart.rows.iter().any(|r| r.result == side) {
                cx.err("field rows", format!("no roll gives the {side} side"));
            }
        }
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// The straggler range roll: results are range box ids [7.1.6].
#[derive(Debug, Clone, PartialEq)]
pub struct RangeRoll {
    pub chart: Chart<String>,
}

impl Family<Refs> for RangeRoll {
    fn read(cx: &mut Cx, f: &mut Fields) -> Option<Self> {
        Some(Self { chart: cx.chart(f)? })
    }
    fn summary(&self) -> Summary {
        Summary::of_chart(&self.chart, "1 column")
    }
}

/// The value, or its errors moved to `errors`.
fn take<T>(errors: &mut Vec<DataError>, r: Result<T, Vec<DataError>>) -> Option<T> {
    match r {
        Ok(v) => Some(v),
        Err(mut e) => {
            errors.append(&mut e);
            None
        }
    }
}

/// The validated `tactical.json`.
#[derive(Debug, Clone, PartialEq)]
pub struct Tactical {
    pub notes: Vec<String>,
    pub side_of_attack: SideRoll,
    pub straggler_range: RangeRoll,
    pub displays: Vec<Display>,
}

impl Tactical {
    pub fn shipped(refs: &Refs) -> Result<Self, Vec<DataError>> {
        Self::parse(FILE, SHIPPED, refs)
    }

    pub fn parse(file: &str, text: &str, refs: &Refs) -> Result<Self, Vec<DataError>> {
        let mut r = FileReader::new(file, text, "tactical")?;
        let notes = r.notes();
        let side = r.raw("side_of_attack");
        let range = r.raw("straggler_range");
        let raw = r.raw_list("displays");
        let mut errors = Vec::new();
        let side = side.and_then(|v| {
            take(
                &mut errors,
                load_chart::<SideRoll>(file, "side_of_attack", &v, refs),
            )
        });
        let range = range.and_then(|v| {
            take(
                &mut errors,
                load_chart::<RangeRoll>(file, "straggler_range", &v, refs),
            )
        });
        let mut displays = Vec::new();
        for (i, v) in raw.iter().enumerate() {
            let Some(id) = v.get("id").and_then(Value::as_str) else {
                errors.push(DataError::new(
                    file,
                    "displays",
                    format!("display {}", i + 1),
                    "a display names its id",
                ));
                continue;
            };
            if let Some(d) = take(&mut errors, load_chart::<Display>(file, id, v, refs)) {
                displays.push(d);
            }
        }
        r.errors.append(&mut errors);
        let (Some(side_of_attack), Some(straggler_range)) = (side, range) else {
            return Err(r.finish(&refs.cases));
        };
        let t = Tactical {
            notes,
            side_of_attack,
            straggler_range,
            displays,
        };
        let mut cx = r.cx("displays");
        t.check(&mut cx, file);
        r.absorb(cx);
        let errors = r.finish(&refs.cases);
        if errors.is_empty() { Ok(t) } else { Err(errors) }
    }

    /// What ties the parts together: T1A large and T1B small [6.1 1B] [ERRATA T-1B], and the straggler
    /// roll placing a boat in every display's range boxes.
    pub fn check(&self, cx: &mut Cx, file: &str) {
        for (id, size) in [("T1A", ConvoySize::Large), ("T1B", ConvoySize::Small)] {
            match self.display(id) {
                None => cx.err("", format!("the display {id} is missing")),
                Some(d) if d.convoy_size != size => cx.err(
                    &format!("display {id}, field convoy_size"),
                    format!("{id} is the {size} convoy's side [6.1 1B] [ERRATA T-1B]"),
                ),
                Some(_) => {}
            }
        }
        for d in &self.displays {
            if !PART_IDS.contains(&d.id.as_str()) {
                cx.err(&format!("display {}", d.id), "the displays are T1A and T1B");
            }
            let mut want: Vec<&str> = d.stragglers.range_boxes.iter().map(|b| b.id.as_str()).collect();
            let mut got: Vec<&str> = self
                .straggler_range
                .chart
                .rows
                .iter()
                .map(|r| r.result.as_str())
                .collect();
            want.sort_unstable();
            got.sort_unstable();
            got.dedup();
            if got != want {
                cx.errors.push(DataError::new(
                    file,
                    "straggler_range",
                    "field rows",
                    format!("the roll gives each range box of {}: {}", d.id, want.join(", ")),
                ));
            }
        }
    }

    pub fn display(&self, id: &str) -> Option<&Display> {
        self.displays.iter().find(|d| d.id == id)
    }

    /// The display a convoy of this size is fought on.
    pub fn display_for(&self, size: ConvoySize) -> Option<&Display> {
        self.displays.iter().find(|d| d.convoy_size == size)
    }

    /// The side a 2d6 gives [7.1.3].
    pub fn side(&self, roll: i32) -> Option<Side> {
        self.side_of_attack.chart.lookup(roll).map(|r| r.result)
    }

    /// Reads `value` as part `id` (a display or one of the two rolls) and, if it is valid and agrees with
    /// the rest of the file, puts it in place of the current one.
    pub fn replace(
        &mut self,
        file: &str,
        id: &str,
        value: &Value,
        refs: &Refs,
    ) -> Result<(), Vec<DataError>> {
        let mut next = self.clone();
        match id {
            "side_of_attack" => next.side_of_attack = load_chart(file, id, value, refs)?,
            "straggler_range" => next.straggler_range = load_chart(file, id, value, refs)?,
            "T1A" | "T1B" => {
                let d: Display = load_chart(file, id, value, refs)?;
                match next.displays.iter_mut().find(|x| x.id == id) {
                    Some(slot) => *slot = d,
                    None => next.displays.push(d),
                }
            }
            _ => {
                return Err(vec![DataError::new(
                    file,
                    id,
                    "",
                    format!(
                        "unknown part '{id}' of the tactical display; the parts are {}",
                        PART_IDS.join(", ")
                    ),
                )]);
            }
        }
        let mut cx = Cx::new(file, id);
        next.check(&mut cx, file);
        if !cx.errors.is_empty() {
            return Err(cx.errors);
        }
        *self = next;
        Ok(())
    }

    pub fn summaries(&self) -> Vec<Summary> {
        let mut out = vec![self.side_of_attack.summary(), self.straggler_range.summary()];
        out.extend(self.displays.iter().map(Family::<Refs>::summary));
        out
    }
}
