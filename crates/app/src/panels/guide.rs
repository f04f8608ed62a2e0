//! The user guide inside the app: the README's sections for players (how to play each game, Track mode,
//! the hall of fame, your charts and art, your files), compiled into the binary so that Help ▸ How to play
//! reads offline and always matches the version running. The README's Markdown is read into a few kinds
//! of block (headings, paragraphs, list items, tables, code, pictures by their caption) and drawn with
//! egui's text layout; links show their words.

use egui::text::LayoutJob;
use egui::{Color32, FontId, RichText, TextFormat};

/// The README this binary was built with.
const README: &str = include_str!("../../../../README.md");

/// The README's sections that are for developers or about getting the program, left out of the guide.
const NOT_FOR_PLAYERS: [&str; 3] = ["Install", "Headless", "For developers"];

/// One part of a section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A `###` heading inside the section.
    Heading(String),
    Paragraph(String),
    /// A list item at its depth (0 for the outermost), numbered or not.
    Item {
        depth: usize,
        marker: String,
        text: String,
    },
    /// A table's rows, its cells trimmed; the header is the first row.
    Table(Vec<Vec<String>>),
    Code(String),
    /// A picture of the README, by its caption (the guide draws the words, not the picture).
    Picture(String),
}

/// A `##` section of the README.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub blocks: Vec<Block>,
}

/// The guide's sections, read once.
pub fn sections() -> &'static [Section] {
    static SECTIONS: std::sync::OnceLock<Vec<Section>> = std::sync::OnceLock::new();
    SECTIONS.get_or_init(|| player_sections(README))
}

/// The `##` sections of a README that are for players, in order.
pub fn player_sections(readme: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut lines = readme.lines().peekable();
    let mut current: Option<Section> = None;
    let mut paragraph = String::new();
    let flush = |paragraph: &mut String, current: &mut Option<Section>| {
        if !paragraph.is_empty()
            && let Some(s) = current
        {
            s.blocks.push(Block::Paragraph(std::mem::take(paragraph)));
        }
        paragraph.clear();
    };
    while let Some(line) = lines.next() {
        if let Some(title) = line.strip_prefix("## ") {
            flush(&mut paragraph, &mut current);
            out.extend(current.take());
            current = Some(Section {
                title: title.trim().to_owned(),
                blocks: Vec::new(),
            });
            continue;
        }
        if current.is_none() {
            continue;
        }
        let trimmed = line.trim_start();
        if let Some(h) = line.strip_prefix("### ") {
            flush(&mut paragraph, &mut current);
            push(&mut current, Block::Heading(h.trim().to_owned()));
        } else if trimmed.starts_with("```") {
            flush(&mut paragraph, &mut current);
            let mut code = Vec::new();
            for l in lines.by_ref() {
                if l.trim_start().starts_with("```") {
                    break;
                }
                code.push(l);
            }
            push(&mut current, Block::Code(code.join("\n")));
        } else if let Some(caption) = picture(trimmed) {
            flush(&mut paragraph, &mut current);
            push(&mut current, Block::Picture(caption));
        } else if trimmed.starts_with('|') {
            flush(&mut paragraph, &mut current);
            let mut rows = vec![cells(trimmed)];
            while let Some(next) = lines.peek().filter(|l| l.trim_start().starts_with('|')) {
                let row = cells(next.trim_start());
                if !row.iter().all(|c| c.chars().all(|ch| ch == '-' || ch == ':')) {
                    rows.push(row);
                }
                lines.next();
            }
            push(&mut current, Block::Table(rows));
        } else if let Some((marker, text)) = item(trimmed) {
            flush(&mut paragraph, &mut current);
            let depth = (line.len() - trimmed.len()) / 2;
            let mut text = text.to_owned();
            // The item's continuation lines, indented under it.
            while let Some(next) = lines.peek() {
                let t = next.trim_start();
                if next.starts_with(' ') && !t.is_empty() && item(t).is_none() {
                    text.push(' ');
                    text.push_str(t);
                    lines.next();
                } else {
                    break;
                }
            }
            push(&mut current, Block::Item { depth, marker, text });
        } else if trimmed.is_empty() {
            flush(&mut paragraph, &mut current);
        } else {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph.push_str(trimmed);
        }
    }
    flush(&mut paragraph, &mut current);
    out.extend(current.take());
    out.retain(|s| !NOT_FOR_PLAYERS.contains(&s.title.as_str()));
    out
}

fn push(current: &mut Option<Section>, block: Block) {
    if let Some(s) = current {
        s.blocks.push(block);
    }
}

/// `![caption](path)` alone on a line.
fn picture(line: &str) -> Option<String> {
    let rest = line.strip_prefix("![")?;
    let end = rest.find("](")?;
    Some(rest[..end].to_owned())
}

/// `- text`, `* text` or `12. text`: the marker and the text.
fn item(line: &str) -> Option<(String, &str)> {
    if let Some(text) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some(("•".to_owned(), text));
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && digits < 4 {
        let rest = &line[digits..];
        if let Some(text) = rest.strip_prefix(". ") {
            return Some((format!("{}.", &line[..digits]), text));
        }
    }
    None
}

fn cells(line: &str) -> Vec<String> {
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_owned())
        .collect()
}

/// One run of a line's text and how it is set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Span {
    Plain(String),
    Strong(String),
    Emphasis(String),
    Code(String),
}

/// A line of Markdown as runs: `**strong**`, `*emphasis*`, `` `code` ``; `[words](link)` gives its words.
pub fn spans(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let taken = if let Some(r) = rest.strip_prefix("**") {
            r.find("**")
                .map(|end| (Span::Strong(r[..end].to_owned()), &r[end + 2..]))
        } else if let Some(r) = rest.strip_prefix('`') {
            r.find('`')
                .map(|end| (Span::Code(r[..end].to_owned()), &r[end + 1..]))
        } else if let Some(r) = rest.strip_prefix('*').filter(|r| !r.starts_with(' ')) {
            r.find('*')
                .map(|end| (Span::Emphasis(r[..end].to_owned()), &r[end + 1..]))
        } else if let Some(r) = rest.strip_prefix('[') {
            r.find("](").and_then(|end| {
                let after = &r[end + 2..];
                after
                    .find(')')
                    .map(|close| (Span::Plain(r[..end].to_owned()), &after[close + 1..]))
            })
        } else {
            None
        };
        match taken {
            Some((span, after)) => {
                if !plain.is_empty() {
                    out.push(Span::Plain(std::mem::take(&mut plain)));
                }
                // A link's words may be set themselves ("[**Install**](#install)").
                match span {
                    Span::Plain(words) if words.contains(['*', '`']) => out.extend(spans(&words)),
                    span => out.push(span),
                }
                rest = after;
            }
            None => {
                plain.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if !plain.is_empty() {
        out.push(Span::Plain(plain));
    }
    out
}

/// A line of Markdown laid out for the guide, wrapping at `width`.
fn job(ui: &egui::Ui, text: &str, size: f32, width: f32) -> LayoutJob {
    let color = ui.visuals().text_color();
    let strong = ui.visuals().strong_text_color();
    let mut job = LayoutJob::default();
    job.wrap.max_width = width;
    for span in spans(text) {
        let (words, format) = match span {
            Span::Plain(w) => (w, TextFormat::simple(FontId::proportional(size), color)),
            Span::Strong(w) => (w, TextFormat::simple(FontId::proportional(size), strong)),
            Span::Emphasis(w) => (
                w,
                TextFormat {
                    italics: true,
                    ..TextFormat::simple(FontId::proportional(size), color)
                },
            ),
            Span::Code(w) => (
                w,
                TextFormat {
                    background: ui.visuals().code_bg_color,
                    ..TextFormat::simple(FontId::monospace(size - 1.0), color)
                },
            ),
        };
        job.append(&words, 0.0, format);
    }
    job
}

/// Draws a section of the guide.
pub fn show_section(ui: &mut egui::Ui, section: &Section) {
    ui.label(RichText::new(&section.title).strong().size(20.0));
    ui.add_space(6.0);
    let width = ui.available_width();
    for block in &section.blocks {
        match block {
            Block::Heading(h) => {
                ui.add_space(8.0);
                ui.label(RichText::new(h).strong().size(16.0));
            }
            Block::Paragraph(p) => {
                ui.add(egui::Label::new(job(ui, p, 14.0, width)).wrap());
                ui.add_space(6.0);
            }
            Block::Item { depth, marker, text } => {
                ui.horizontal_top(|ui| {
                    ui.add_space(12.0 + 18.0 * *depth as f32);
                    ui.label(RichText::new(marker).size(14.0));
                    let w = ui.available_width();
                    ui.add(egui::Label::new(job(ui, text, 14.0, w)).wrap());
                });
            }
            Block::Table(rows) => {
                egui::Grid::new(("guide-table", section.title.as_str(), rows.len()))
                    .striped(true)
                    .show(ui, |ui| {
                        for row in rows {
                            for cell in row {
                                ui.add(egui::Label::new(job(ui, cell, 13.0, 260.0)).wrap());
                            }
                            ui.end_row();
                        }
                    });
                ui.add_space(6.0);
            }
            Block::Code(code) => {
                egui::Frame::new()
                    .fill(ui.visuals().code_bg_color)
                    .inner_margin(6.0)
                    .show(ui, |ui| {
                        ui.label(RichText::new(code).monospace().size(13.0));
                    });
                ui.add_space(6.0);
            }
            Block::Picture(caption) => {
                ui.label(
                    RichText::new(format!("Picture in the online guide: {caption}"))
                        .italics()
                        .color(Color32::GRAY),
                );
                ui.add_space(6.0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_has_every_players_section_and_no_developers_one() {
        let titles: Vec<&str> = sections().iter().map(|s| s.title.as_str()).collect();
        for wanted in [
            "Playing Submarine Hunt",
            "Playing a Sensuikan career",
            "Keeping the Silent War IJN expansion's books",
            "Playing an Atlantic Sentinels career",
            "Track mode",
            "Privacy and your files",
        ] {
            assert!(titles.contains(&wanted), "{wanted} missing from {titles:?}");
        }
        for left in NOT_FOR_PLAYERS {
            assert!(!titles.contains(&left), "{left} is for developers");
        }
    }

    #[test]
    fn markdown_reads_into_blocks_and_runs() {
        let md = "intro\n## One\nA **bold** line\nthat goes on.\n\n1. first\n   more\n   - inner\n\n\
                  | a | b |\n|---|---|\n| 1 | 2 |\n\n![A picture](x.png)\n```sh\ncargo run\n```\n## Install\nx\n";
        let s = player_sections(md);
        assert_eq!(s.len(), 1, "Install is left out");
        assert_eq!(
            s[0].blocks,
            vec![
                Block::Paragraph("A **bold** line that goes on.".into()),
                Block::Item {
                    depth: 0,
                    marker: "1.".into(),
                    text: "first more".into()
                },
                Block::Item {
                    depth: 1,
                    marker: "•".into(),
                    text: "inner".into()
                },
                Block::Table(vec![vec!["a".into(), "b".into()], vec!["1".into(), "2".into()]]),
                Block::Picture("A picture".into()),
                Block::Code("cargo run".into()),
            ]
        );
        assert_eq!(
            spans("see [**Install**](#install), `x` and *y*"),
            vec![
                Span::Plain("see ".into()),
                Span::Strong("Install".into()),
                Span::Plain(", ".into()),
                Span::Code("x".into()),
                Span::Plain(" and ".into()),
                Span::Emphasis("y".into()),
            ]
        );
        // An unclosed mark is text.
        assert_eq!(spans("a ** b"), vec![Span::Plain("a ** b".into())]);
    }
}
