//! The Group Board of an Atlantic Sentinels career: on the Tactical Display's place while no convoy is
//! at sea, it shows the group at its base, the calendar and the Convoy Log so far.

use egui::{Align2, FontId, Painter, Pos2, Rect, Ui, pos2, vec2};
use periscope_engine::atlantic::career::{Career, Command, Dock, LogRow, MissionRow, Phase};

use super::tactical;
use crate::board;
use crate::board::BoardText as _;
use crate::theme;

/// The Group Board: on the Tactical Display's place while no convoy is at sea.
pub const GROUP_BOARD: egui::Vec2 = tactical::SIZE;

/// The height of a row of the ships' table.
const ROW_H: f32 = 30.0;

/// The size of the board's text: the board is fitted to the view in harbour, about 0.65 of a table
/// unit to the pixel at 1366x768, so that this reads at 11-12 pixels there.
const TEXT: f32 = 18.0;

/// The size of its headings.
const HEADING: f32 = 20.0;

/// The columns of the ships' table, with their widths: together the board's width inside its margins.
const COLS: [(&str, f32); 7] = [
    ("Ship", 220.0),
    ("Type", 100.0),
    ("Type 271", 95.0),
    ("Hedgehog", 105.0),
    ("Crew", 110.0),
    ("Kills", 60.0),
    ("State", 370.0),
];

/// The width of the ships' table.
const TABLE_W: f32 = 1060.0;

/// The most characters of a Convoy Log line the board's width holds at [`TEXT`].
const LINE_CHARS: usize = 110;

/// What the Group Board's band says of where the career stands.
fn standing(game: &Career) -> String {
    match game.phase() {
        Phase::Over { .. } => "the career is over".into(),
        Phase::Mission => "a convoy at sea".into(),
        _ if game.view().phase == "setup" => "setting up [4.0]".into(),
        _ => "refit in harbour [6.3.3]".into(),
    }
}

/// The Group Board: the group's ships with their fittings, crew, kills and repairs; the SOE, his rank
/// and the calendar; and the Convoy Log's last rows.
pub fn show(ui: &mut Ui, game: &Career, origin: Pos2) {
    let painter = ui.painter().clone();
    let rect = Rect::from_min_size(origin, GROUP_BOARD);
    board::paper(
        &painter,
        rect,
        "ATLANTIC SENTINELS · ESCORT GROUP",
        &standing(game),
    );
    let y = origin.y + 60.0;
    let x = origin.x + 30.0;
    let Some(c) = game.command() else {
        return;
    };
    let y = command_lines(ui, &painter, game, c, pos2(x, y));
    let y = ships_table(ui, &painter, c, pos2(x, y));
    convoy_log(&painter, rect, c, pos2(x, y + 24.0));
}

/// The group and its base, the SOE and the calendar; returns where the next part starts.
fn command_lines(ui: &mut Ui, painter: &Painter, game: &Career, c: &Command, at: Pos2) -> f32 {
    let (x, mut y) = (at.x, at.y);
    let ink = theme::NAVY;
    let text = |at: Pos2, s: String, size: f32| {
        painter.board_text(at, Align2::LEFT_TOP, s, FontId::proportional(size), ink);
    };
    let slot = game.slot();
    let group = if c.group_name.is_empty() {
        "no group yet [4.1]".to_string()
    } else {
        format!("Escort group {}", c.group_name)
    };
    let base = if c.base.is_empty() {
        "no base yet [4.1]".to_string()
    } else {
        format!("based at {}", base_name(game, &c.base))
    };
    info(
        ui,
        Rect::from_min_size(pos2(x, y), vec2(GROUP_BOARD.x - 60.0, 22.0)),
        "group",
        &format!("Group Board: {group}, {base}"),
    );
    text(pos2(x, y), format!("{group} · {base}"), 30.0);
    y += 42.0;
    let rank = if c.log.rank.is_empty() {
        String::new()
    } else {
        format!("{} ", c.log.rank)
    };
    text(pos2(x, y), format!("SOE: {rank}{}", c.soe), TEXT);
    y += 28.0;
    text(
        pos2(x, y),
        format!(
            "The calendar: {}, the month's {} convoy · next promotion roll: {}",
            slot.month.long(),
            if slot.half == 1 { "first" } else { "second" },
            c.next_promotion.long()
        ),
        TEXT,
    );
    y + 36.0
}

/// A heading of the board, in capitals; its top at `at`.
fn heading(painter: &Painter, at: Pos2, text: &str) {
    painter.board_text(
        at,
        Align2::LEFT_TOP,
        text.to_uppercase(),
        FontId::proportional(HEADING),
        theme::NAVY,
    );
}

/// The group's ships [4.4.2]: a row each under the columns' titles; returns where the table ends.
fn ships_table(ui: &mut Ui, painter: &Painter, c: &Command, at: Pos2) -> f32 {
    let (x, mut y) = (at.x, at.y);
    let ink = theme::NAVY;
    heading(painter, pos2(x, y), "The group's ships [4.4.2]");
    y += 30.0;
    let mut cx = x;
    for (title, w) in COLS {
        let r = Rect::from_min_size(pos2(cx, y), vec2(w, ROW_H));
        board::printed_box(painter, r, "", theme::PAPER_SHADE);
        painter.board_text(
            r.left_center() + vec2(4.0, 0.0),
            Align2::LEFT_CENTER,
            title.to_uppercase(),
            FontId::proportional(15.0),
            ink,
        );
        cx += w;
    }
    y += ROW_H;
    for s in &c.ships {
        let state = match &s.dock {
            Dock::Ready => "ready to sail".to_string(),
            Dock::Repair { missions_left, cause } => {
                format!("in repair ({}), {missions_left} missions [7.4]", cause.words())
            }
        };
        let cells = [
            s.name.clone(),
            if s.dd_ff { "DD/FF" } else { "corvette" }.to_string(),
            if s.type_271 { "fitted" } else { "" }.to_string(),
            if s.hedgehog { "fitted" } else { "" }.to_string(),
            format!("{:?}", s.crew),
            s.kills.to_string(),
            state,
        ];
        info(
            ui,
            Rect::from_min_size(pos2(x, y), vec2(TABLE_W, ROW_H)),
            ("ship", &s.ship),
            &format!("Group ship {}: {}", cells[0], cells[6]),
        );
        let mut cx = x;
        for ((_, w), cell) in COLS.iter().zip(cells) {
            let r = Rect::from_min_size(pos2(cx, y), vec2(*w, ROW_H));
            painter.rect_stroke(
                r,
                0.0,
                egui::Stroke::new(0.5, theme::NAVY_LIGHT),
                egui::StrokeKind::Inside,
            );
            painter.with_clip_rect(r.shrink(1.0)).board_text(
                r.left_center() + vec2(4.0, 0.0),
                Align2::LEFT_CENTER,
                cell,
                FontId::proportional(TEXT),
                ink,
            );
            cx += w;
        }
        y += ROW_H;
    }
    y
}

/// The Convoy Log [4.3]: its totals, and as many of its last rows as the board has room for.
fn convoy_log(painter: &Painter, rect: Rect, c: &Command, at: Pos2) {
    let (x, mut y) = (at.x, at.y);
    let ink = theme::NAVY;
    let log = &c.log;
    let t = &log.totals;
    heading(
        painter,
        pos2(x, y),
        &format!(
            "Convoy Log [4.3]: {} missions · {} lost ({} merchants) · {} U-boats sunk, {} damaged",
            t.missions,
            super::tons(t.tonnage_lost),
            t.merchants_lost,
            t.uboats_sunk,
            t.uboats_damaged
        ),
    );
    y += 34.0;
    let room = ((rect.bottom() - 30.0 - y) / 28.0).max(0.0) as usize;
    let start = log.rows.len().saturating_sub(room);
    for row in log.rows.iter().skip(start) {
        let line = match row {
            LogRow::Mission(m) => mission_line(m),
            LogRow::Refit { month } => format!("{}: Refit [7.7.1]", month.short()),
        };
        if let LogRow::Mission(m) = row
            && m.upgrade_row
        {
            painter.rect_filled(
                Rect::from_min_size(pos2(x - 4.0, y - 2.0), vec2(TABLE_W + 8.0, 26.0)),
                0.0,
                theme::PAPER_SHADE,
            );
        }
        painter.with_clip_rect(rect.shrink(8.0)).board_text(
            pos2(x, y),
            Align2::LEFT_TOP,
            elided(&line, LINE_CHARS),
            FontId::proportional(TEXT),
            ink,
        );
        y += 28.0;
    }
}

/// `line` cut to `most` characters, with an ellipsis when it was longer (the full row is in the log and
/// the printed Convoy Log).
fn elided(line: &str, most: usize) -> String {
    if line.chars().count() <= most {
        return line.to_string();
    }
    let mut cut: String = line.chars().take(most.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// A mission's row of the Convoy Log in a line: the convoy, the tonnage lost, the ships sunk.
fn mission_line(m: &MissionRow) -> String {
    let sunk: Vec<String> = m
        .targets
        .iter()
        .filter(|t| t.sunk)
        .map(|t| periscope_print::atlantic::target_item(&t.name, t.tonnage, t.sunk))
        .collect();
    format!(
        "{}. {} ({}): {} convoy · {} lost{} · {} U-boats sunk{}",
        m.number,
        m.month.short(),
        m.half,
        periscope_print::atlantic::convoy_words(m.convoy, m.size),
        super::tons(m.tonnage_lost),
        if sunk.is_empty() {
            String::new()
        } else {
            format!(": {}", sunk.join(periscope_print::LIST_SEPARATOR))
        },
        m.uboats_sunk.len(),
        if m.upgrade_row { " · upgrades checked" } else { "" }
    )
}

/// An accessible label over a part of the board (for screen readers and the UI tests).
fn info(ui: &mut Ui, rect: Rect, id: impl std::hash::Hash + std::fmt::Debug, label: &str) {
    let resp = ui.interact(
        rect,
        egui::Id::unique(("atlantic-group-board", id)),
        egui::Sense::hover(),
    );
    crate::a11y::label(ui, &resp, egui::Role::Label, label);
}

/// The name of a base by its id in the data (the id itself if the data has none).
fn base_name(game: &Career, id: &str) -> String {
    game.data()
        .data()
        .catalog
        .map
        .bases
        .iter()
        .find(|b| b.id == id)
        .map_or_else(|| id.to_string(), |b| b.name.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ships_table_fills_the_board_inside_its_margins() {
        let sum: f32 = COLS.iter().map(|(_, w)| w).sum();
        assert!((sum - TABLE_W).abs() < 0.01, "{sum}");
        const { assert!(TABLE_W + 60.0 <= GROUP_BOARD.x) };
    }

    /// Issue 33: fitted into the view a 1366x768 window leaves it (1020 points wide beside the side
    /// panel, 570 high above the log), the board's text is at least 11 pixels.
    #[test]
    fn the_text_reads_at_11_pixels_or_more_at_1366x768() {
        let zoom = (1020.0 / GROUP_BOARD.x).min(570.0 / GROUP_BOARD.y);
        assert!(TEXT * zoom >= 11.0, "{} px", TEXT * zoom);
    }

    #[test]
    fn a_long_log_line_is_cut_with_an_ellipsis() {
        assert_eq!(elided("short", 10), "short");
        let cut = elided("a line of twelve", 10);
        assert_eq!(cut.chars().count(), 10);
        assert!(cut.ends_with('…'));
    }
}
