//! The guide beside the boards while a game is a walkthrough of a book's example
//! ([`periscope_engine::walkthrough`]): the step the game has reached in our own words with its cases as
//! links, what each roll of the last action was for and whether its faces are the book's or ours, the
//! example's choice (which the decision panel marks), the board or counter the step is about (which the
//! table highlights), and the two ways off the path: another choice asks how to play on, and a game that
//! left the example can go back to it. Knows no game: it reads the game's walkthrough through
//! [`TableGame::WALKTHROUGH`].

use egui::RichText;
use periscope_data::walkthrough::{Focus, RollNote, notes_of};
use periscope_engine::walkthrough::{Guide, PlayOn};
use periscope_engine::{Pending, Session};

use crate::panels::rules_reference::{self, RuleBook};
use crate::table::TableGame;
use crate::theme;

/// What the player asked of the guide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// Play on off the example's path (with the action held, or from the path's end) with these dice.
    Leave(PlayOn),
    /// Drop the action held: back to the example's choice.
    Stay,
    /// Back onto the example's path, from a game that left it.
    Rejoin,
}

/// The guide of one game.
pub struct Tutor<G: TableGame> {
    pub guide: Guide<G>,
    /// The action the player took off the example's path, held until they say how to play on.
    pub leaving: Option<G::Action>,
    /// The step whose board the view last moved to.
    looked: Option<usize>,
    /// The counters the table highlighted in the last frame, by the names they carry there.
    pub highlighted: Vec<String>,
}

impl<G: TableGame> Tutor<G> {
    /// The guide of a game begun from `G`'s walkthrough, if `session` is one.
    pub fn of(session: &Session<G>) -> Option<Self> {
        let mark = session.tutorial()?;
        let book = (G::WALKTHROUGH?)().ok()?;
        if book.id != mark.walkthrough {
            return None;
        }
        Some(Self::new(Guide::new(book).ok()?))
    }

    pub fn new(guide: Guide<G>) -> Self {
        Self {
            guide,
            leaving: None,
            looked: None,
            highlighted: Vec::new(),
        }
    }

    /// Whether `action` leaves the example's path: it is then held (see [`Tutor::leaving`]) and the
    /// panel asks how to play on. Entered dice never leave it.
    pub fn holds(&mut self, session: &Session<G>, action: &G::Action) -> bool {
        let Some(expected) = self.guide.expected(session) else {
            return false;
        };
        if action == expected || matches!(session.pending(), Pending::Roll(_)) {
            return false;
        }
        self.leaving = Some(action.clone());
        true
    }

    /// The example's choice among the decision's, by its place in the list, while the game follows it.
    pub fn marked(&self, session: &Session<G>) -> Option<usize> {
        let expected = self.guide.expected(session)?;
        match session.pending() {
            Pending::Decision(d) => d.choices.iter().position(|c| &c.action == expected),
            _ => None,
        }
    }

    /// What the table points at now: the step's focus while the game follows the example and waits for
    /// its decision (the introduction's before the first).
    pub fn focus(&self, session: &Session<G>) -> Option<&Focus> {
        if !self.guide.follows(session) || session.settling() {
            return None;
        }
        let taken = session.actions().len();
        let focus = self
            .guide
            .book
            .step(taken)
            .map(|s| &s.focus)
            .filter(|f| !f.is_empty() || taken > 0)
            .unwrap_or(&self.guide.book.focus);
        (!focus.is_empty()).then_some(focus)
    }

    /// The board to move the view to, once per step: the step's board, when it has one and the view has
    /// not moved there for this step yet.
    pub fn look(&mut self, session: &Session<G>) -> Option<egui::Rect> {
        let board = self.focus(session)?.board.clone()?;
        let step = session.actions().len();
        if self.looked == Some(step) {
            return None;
        }
        self.looked = Some(step);
        G::boards()
            .into_iter()
            .find(|(name, _)| *name == board)
            .map(|(_, r)| r)
    }

    /// The guide's panel; returns what the player asked.
    pub fn show(&self, ui: &mut egui::Ui, session: &Session<G>) -> Option<Asked> {
        let book = &self.guide.book;
        let rules = G::RULES;
        let mut asked = None;
        ui.add_space(6.0);
        ui.label(
            RichText::new("Learning by playing")
                .color(theme::HIGHLIGHT)
                .strong(),
        );
        ui.label(RichText::new(&book.title).size(17.0).strong());
        ui.label(RichText::new(&book.source).italics().color(theme::PAPER_SHADE));
        ui.separator();
        if let Some(a) = self.leaving_card(ui, session) {
            asked = Some(a);
        }
        let taken = session.actions().len();
        if self.guide.follows(session) || self.guide.walked(session) {
            // While the rolls are shown, what they are for; once the decision waits, the step first.
            if session.settling() {
                self.rolls_of_last_action(ui, session, rules);
                return asked;
            }
            if taken == 0 {
                rules_reference::cited_line(ui, &with_cases(&book.introduction, &book.cases), rules);
                ui.add_space(4.0);
            }
            match book.step(taken).filter(|_| self.guide.follows(session)) {
                Some(step) => {
                    ui.label(
                        RichText::new(format!(
                            "Step {} of {}: {}",
                            taken + 1,
                            book.steps.len(),
                            step.title
                        ))
                        .strong()
                        .size(15.0)
                        .color(theme::HIGHLIGHT),
                    );
                    rules_reference::cited_line(ui, &with_cases(&step.text, &step.cases), rules);
                    self.pointing(ui, step.focus.counter_name());
                    ui.add_space(4.0);
                    ui.label(
                        RichText::new(
                            "The example's choice is marked in the decision panel. Any other choice is \
                             allowed: the game then goes on as an ordinary game.",
                        )
                        .color(theme::PAPER_SHADE),
                    );
                }
                None => {
                    ui.label(RichText::new("The example ends here").strong().size(15.0));
                    ui.label(&book.ending);
                    if self.guide.follows(session) && book.dice.is_some() && !over(session) {
                        asked = play_on_buttons(ui, true).or(asked);
                    }
                }
            }
            ui.add_space(6.0);
            ui.separator();
            self.rolls_of_last_action(ui, session, rules);
        } else if let Some(at) = session.tutorial().and_then(|t| t.left_at) {
            let walked = at >= book.steps.len();
            let step = book.step(at);
            let said = if walked {
                "You played the whole example, and went on from its end.".to_string()
            } else {
                format!(
                    "You left the example at step {}{}.",
                    at + 1,
                    step.map(|s| format!(" ({})", s.title)).unwrap_or_default()
                )
            };
            ui.label(RichText::new(said).strong());
            if let Some(s) = step.filter(|s| !s.otherwise.is_empty()) {
                ui.label(format!("In the book: {}", s.otherwise));
            }
            ui.label(
                RichText::new("The game goes on as an ordinary game; it is recorded as a tutorial.")
                    .color(theme::PAPER_SHADE),
            );
            if !walked
                && ui
                    .button("Back to the example")
                    .on_hover_text("The example's path from where you left it, with the book's dice")
                    .clicked()
            {
                asked = Some(Asked::Rejoin);
            }
        }
        asked
    }

    /// Another choice than the example's, held: how the example goes on, and how to play on.
    fn leaving_card(&self, ui: &mut egui::Ui, session: &Session<G>) -> Option<Asked> {
        self.leaving.as_ref()?;
        let mut asked = None;
        egui::Frame::new()
            .fill(theme::HIGHLIGHT.gamma_multiply(0.2))
            .stroke(egui::Stroke::new(1.5, theme::HIGHLIGHT))
            .corner_radius(4)
            .inner_margin(8)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new("That is not the example's choice").strong());
                let otherwise = self
                    .guide
                    .book
                    .step(session.actions().len())
                    .map(|s| s.otherwise.as_str())
                    .filter(|o| !o.is_empty());
                if let Some(o) = otherwise {
                    ui.label(format!("In the book: {o}"));
                }
                ui.label("From here the game goes on as an ordinary game. How will the dice be rolled?");
                asked = play_on_buttons(ui, self.guide.book.dice.is_some());
                if ui.button("Back to the example's choice").clicked() {
                    asked = Some(Asked::Stay);
                }
            });
        ui.add_space(6.0);
        asked
    }

    /// What each roll of the last action was for, newest first, with whose dice they were.
    fn rolls_of_last_action(
        &self,
        ui: &mut egui::Ui,
        session: &Session<G>,
        rules: Option<&'static dyn RuleBook>,
    ) {
        let taken = session.actions().len();
        let book_dice = self.guide.book.dice.is_some();
        let rolls = session.game().last_rolls(session.last_action_events());
        let (notes, title): (&[RollNote], &str) = if taken == 0 {
            (&self.guide.book.opening, "As the game was set up")
        } else {
            (self.guide.book.roll_notes(taken), "What the rolls decided")
        };
        if taken == 0 {
            if !notes.is_empty() {
                ui.label(RichText::new(title).strong());
                for n in notes {
                    note_line(ui, &n.chart, "", n, book_dice, rules);
                }
                ui.add_space(4.0);
            }
            return;
        }
        let charts: Vec<&str> = rolls.iter().map(|r| r.chart.as_str()).collect();
        let (each, _) = notes_of(notes, &charts);
        if each.iter().all(Option::is_none) {
            return;
        }
        ui.label(RichText::new(title).strong());
        for (roll, note) in rolls.iter().zip(&each).rev() {
            if let Some(n) = note {
                let faces: Vec<String> = roll.faces.iter().map(u8::to_string).collect();
                note_line(ui, &roll.chart, &faces.join(" "), n, book_dice, rules);
            }
        }
    }

    /// The counter the step is about, as the table shows it highlighted.
    fn pointing(&self, ui: &mut egui::Ui, counter: Option<&str>) {
        let Some(counter) = counter else {
            return;
        };
        let text = if self.highlighted.is_empty() {
            format!("Look for {counter} on the table.")
        } else {
            format!("Highlighted on the table: {counter}")
        };
        ui.label(RichText::new(text).color(theme::HIGHLIGHT));
    }
}

/// One roll's note: its chart and faces, what it decided, whose dice.
fn note_line(
    ui: &mut egui::Ui,
    chart: &str,
    faces: &str,
    n: &RollNote,
    book_dice: bool,
    rules: Option<&'static dyn RuleBook>,
) {
    // Whose faces, when the game plays the book's dice.
    let whose = match (book_dice, n.ours) {
        (false, _) => "",
        (true, true) => " (our dice: the book gives no number)",
        (true, false) => " (the book's dice)",
    };
    // Before the first action the notes stand without faces (their rolls are in the log of the setup).
    let line = if faces.is_empty() {
        format!("{chart} {}{whose}", n.text)
    } else {
        format!("{chart} {faces}: {}{whose}", n.text)
    };
    rules_reference::cited_line(ui, &line, rules);
}

/// The two ways to play on: Periscope's dice, and (when the game has the book's dice to stop) the
/// player's own.
fn play_on_buttons(ui: &mut egui::Ui, own_dice: bool) -> Option<Asked> {
    let mut asked = None;
    if ui
        .button("Play on with Periscope's dice")
        .on_hover_text("The program rolls from here on")
        .clicked()
    {
        asked = Some(Asked::Leave(PlayOn::Digital));
    }
    if own_dice
        && ui
            .button("Play on with my own dice")
            .on_hover_text("You roll real dice and enter each face")
            .clicked()
    {
        asked = Some(Asked::Leave(PlayOn::Physical));
    }
    asked
}

/// A text with its cases appended as links, unless it cites them already.
fn with_cases(text: &str, cases: &[String]) -> String {
    let missing: Vec<String> = cases
        .iter()
        .filter(|c| !text.contains(&format!("[{c}]")))
        .map(|c| format!("[{c}]"))
        .collect();
    if missing.is_empty() {
        text.to_string()
    } else {
        format!("{text} {}", missing.join(" "))
    }
}

fn over<G: TableGame>(session: &Session<G>) -> bool {
    matches!(session.pending(), Pending::Over { .. })
}

/// The counters of the last frame that `focus` names, among those painted on `layer`: by id, or by the
/// label printed on them (a name cut short on a small counter still matches). Their rects are in the
/// painter's coordinates.
pub fn named_counters(ctx: &egui::Context, layer: egui::LayerId, focus: &Focus) -> Vec<(egui::Rect, String)> {
    let Some(name) = focus.counter.as_deref() else {
        return Vec::new();
    };
    let want = name.to_lowercase();
    periscope_boards::widgets::lens::noted(ctx)
        .into_iter()
        .filter(|n| n.layer() == layer)
        .filter(|n| {
            let label = n.face.label.to_lowercase();
            n.id == want || label == want || (label.chars().count() >= 5 && want.starts_with(&label))
        })
        .map(|n| (n.rect(), n.face.label.clone()))
        .collect()
}
