//! Every key Periscope answers, in one table: the handlers read the keys through this module only, and
//! the Help window lists [`TABLE`], so the two cannot drift apart (a test checks that no other file of the
//! app reads a key). Shortcuts are shown with egui's formatting, so the same table reads "Ctrl+Z" on Linux
//! and Windows and "⌘Z" on macOS.

use egui::{InputState, Key, KeyboardShortcut, Modifiers};

/// Undo the last action (a table, a Track table, the Silent War companion).
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Redo what was undone.
pub const REDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
/// Save the game (asks where the first time).
pub const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
/// The start screen, to begin a new game.
pub const NEW: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
/// Open a save or a Track table.
pub const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
/// Quit Periscope (every game is already saved).
pub const QUIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);
/// The Help window.
pub const HELP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F1);
/// Close the window on top (and, with none open, fold a fanned Track stack).
pub const CLOSE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Escape);
/// Held over a Track counter: shows it large at once (the magnifier), without waiting for the hover.
pub const MAGNIFY: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::M);
/// Go on with the action under way, one roll at a time.
pub const GO_ON: [KeyboardShortcut; 2] = [
    KeyboardShortcut::new(Modifiers::NONE, Key::Space),
    KeyboardShortcut::new(Modifiers::NONE, Key::Enter),
];

/// The keys of one line of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    One(KeyboardShortcut),
    Either(KeyboardShortcut, KeyboardShortcut),
    /// The digit keys `from` to `to`, no modifier.
    Digits {
        from: u8,
        to: u8,
    },
    /// Backspace, no modifier (the dice tray).
    Backspace,
    /// Any key at all.
    Any,
}

/// One line of the table: its keys and what they do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    pub keys: Keys,
    pub does: &'static str,
}

/// The lines that act in one place of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    pub place: &'static str,
    pub bindings: &'static [Binding],
}

const fn one(shortcut: KeyboardShortcut, does: &'static str) -> Binding {
    Binding {
        keys: Keys::One(shortcut),
        does,
    }
}

/// Every key Periscope answers, by where it acts.
pub const TABLE: &[Group] = &[
    Group {
        place: "Everywhere",
        bindings: &[
            one(NEW, "Start screen: begin a new game"),
            one(OPEN, "Open a save or a Track table"),
            one(QUIT, "Quit (every game is already saved)"),
            one(HELP, "This help"),
            one(CLOSE, "Close the window on top"),
            one(
                egui::gui_zoom::kb_shortcuts::ZOOM_IN,
                "Larger text and boards (UI scale)",
            ),
            one(egui::gui_zoom::kb_shortcuts::ZOOM_OUT, "Smaller text and boards"),
            one(egui::gui_zoom::kb_shortcuts::ZOOM_RESET, "UI scale back to 100 %"),
        ],
    },
    Group {
        place: "At a game's table",
        bindings: &[
            one(UNDO, "Undo the last action"),
            one(REDO, "Redo"),
            one(SAVE, "Save (asks where the first time)"),
            Binding {
                keys: Keys::Either(GO_ON[0], GO_ON[1]),
                does: "Go on with the action under way (Step by step pace)",
            },
            Binding {
                keys: Keys::Digits { from: 1, to: 9 },
                does: "Pick the numbered choice of the decision panel",
            },
            Binding {
                keys: Keys::Any,
                does: "Close the card of what just happened (the key does nothing else)",
            },
        ],
    },
    Group {
        place: "Dice tray (physical dice)",
        bindings: &[
            Binding {
                keys: Keys::Digits { from: 0, to: 9 },
                does: "Type what each die shows",
            },
            Binding {
                keys: Keys::Backspace,
                does: "Take back the last die typed",
            },
            Binding {
                keys: Keys::One(GO_ON[1]),
                does: "Enter the roll",
            },
        ],
    },
    Group {
        place: "Silent War IJN companion",
        bindings: &[
            one(UNDO, "Undo the last step"),
            one(REDO, "Redo"),
            Binding {
                keys: Keys::Digits { from: 1, to: 9 },
                does: "Pick the numbered choice",
            },
            Binding {
                keys: Keys::Digits { from: 0, to: 9 },
                does: "Give a printed value or rating asked with digit buttons",
            },
        ],
    },
    Group {
        place: "Track mode",
        bindings: &[
            one(UNDO, "Undo the last move"),
            one(REDO, "Redo"),
            one(CLOSE, "Fold a fanned stack (when no window is open)"),
            one(
                MAGNIFY,
                "Hold over a counter: show it (or its stack) large, both faces and its note",
            ),
        ],
    },
];

/// The keys of a line as the player's desktop writes them.
pub fn label(ctx: &egui::Context, keys: &Keys) -> String {
    match keys {
        Keys::One(s) => ctx.format_shortcut(s),
        Keys::Either(a, b) => format!("{} or {}", ctx.format_shortcut(a), ctx.format_shortcut(b)),
        Keys::Digits { from, to } => format!("{from} … {to}"),
        Keys::Backspace => Key::Backspace.symbol_or_name().to_owned(),
        Keys::Any => "any key".to_owned(),
    }
}

/// A shortcut as the player's desktop writes it ("Ctrl+Z", "⌘Z"), for buttons and hover texts.
pub fn shown(ctx: &egui::Context, shortcut: &KeyboardShortcut) -> String {
    ctx.format_shortcut(shortcut)
}

/// Takes the shortcut from this frame's input when it was pressed: nothing else acts on it.
pub fn take(input: &mut InputState, shortcut: &KeyboardShortcut) -> bool {
    input.consume_shortcut(shortcut)
}

/// Whether the magnifier key is held down now (no modifier): a key held, not a press, so it is not taken.
pub fn magnifying(input: &InputState) -> bool {
    input.modifiers.is_none() && input.key_down(MAGNIFY.logical_key)
}

/// Takes either Go-on key.
pub fn take_go_on(input: &mut InputState) -> bool {
    GO_ON.iter().any(|s| input.consume_shortcut(s))
}

/// The digit keys in order, 0-9.
const DIGITS: [Key; 10] = [
    Key::Num0,
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

/// Whether `key` went down this frame with no modifier, not counting the repeats of a key held down: a
/// held key decides once, never the decisions that follow the first.
fn fresh_press(input: &InputState, key: Key) -> bool {
    input.modifiers.is_none()
        && input
            .events
            .iter()
            .any(|e| matches!(e, egui::Event::Key { key: k, pressed: true, repeat: false, .. } if *k == key))
}

/// Whether the digit `d` (0-9) went down this frame, freshly and with no modifier.
pub fn digit(input: &InputState, d: usize) -> bool {
    DIGITS.get(d).is_some_and(|k| fresh_press(input, *k))
}

/// Whether the key numbering the `i`-th choice (0-based: keys 1-9) went down this frame; the tenth choice
/// and later have no key.
pub fn choice(input: &InputState, i: usize) -> bool {
    i < 9 && digit(input, i + 1)
}

/// Whether choice `i` has a number key (the first nine do).
pub fn choice_has_key(i: usize) -> bool {
    i < 9
}

/// A key typed into the dice tray.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typed {
    Digit(u8),
    Backspace,
    Enter,
}

/// The dice tray's keys typed this frame, in order.
pub fn typed(input: &InputState) -> Vec<Typed> {
    let mut out = Vec::new();
    for e in &input.events {
        if let egui::Event::Key {
            key,
            pressed: true,
            modifiers,
            ..
        } = e
            && modifiers.is_none()
        {
            if let Some(d) = DIGITS.iter().position(|k| k == key) {
                out.push(Typed::Digit(u8::try_from(d).unwrap_or(0)));
            } else if *key == Key::Backspace {
                out.push(Typed::Backspace);
            } else if *key == Key::Enter {
                out.push(Typed::Enter);
            }
        }
    }
    out
}

/// Whether a one-line text field was left with Enter (its answer is given).
pub fn submitted(ui: &egui::Ui, field: &egui::Response) -> bool {
    field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter))
}

/// Takes every key of this frame when one went down (not a held key's repeat, not a modifier alone): a
/// card that closes on any key spends the frame's keys, so the closing key decides nothing else.
pub fn take_any_key(input: &mut InputState) -> bool {
    let pressed = input.events.iter().any(|e| {
        matches!(
            e,
            egui::Event::Key {
                pressed: true,
                repeat: false,
                ..
            }
        )
    });
    if pressed {
        input
            .events
            .retain(|e| !matches!(e, egui::Event::Key { .. } | egui::Event::Text(_)));
    }
    pressed
}

/// The windows open in the last frame that close on Escape, and the one this frame's Escape closes.
#[derive(Debug, Clone, Default)]
struct Escapes {
    open: Vec<egui::Id>,
    closing: Option<egui::Id>,
}

/// At the start of a frame: when Escape went down (and no text field has the keys, where Escape only
/// leaves the field), the top-most of the windows open in the last frame is the one it closes; the key
/// is taken from the frame. With no such window open, Escape is left to the screen (Track mode folds a
/// fanned stack with it).
pub fn escape_frame(ctx: &egui::Context) {
    let id = egui::Id::unique("periscope-escapes");
    let mut escapes: Escapes = ctx.data_mut(|d| d.get_temp(id)).unwrap_or_default();
    escapes.closing = None;
    if !escapes.open.is_empty() && !ctx.text_edit_focused() {
        // Back to front, as egui paints them: the last open window in the order is on top.
        let order: Vec<egui::LayerId> = ctx.memory(|m| m.layer_ids().collect());
        let top = order
            .iter()
            .rev()
            .find(|l| escapes.open.contains(&l.id))
            .map(|l| l.id)
            .or_else(|| escapes.open.last().copied());
        if top.is_some() && ctx.input_mut(|i| take(i, &CLOSE)) {
            escapes.closing = top;
        }
    }
    escapes.open.clear();
    ctx.data_mut(|d| d.insert_temp(id, escapes));
}

/// Called by a window each frame it is open, with its egui id (the `Window`'s own, which names its
/// layer): whether this frame's Escape closes it.
pub fn closes_on_escape(ctx: &egui::Context, window: egui::Id) -> bool {
    let id = egui::Id::unique("periscope-escapes");
    ctx.data_mut(|d| {
        let escapes = d.get_temp_mut_or_default::<Escapes>(id);
        escapes.open.push(window);
        escapes.closing == Some(window)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_has_words_and_keys_shown() {
        let ctx = egui::Context::default();
        for group in TABLE {
            for b in group.bindings {
                assert!(!b.does.is_empty());
                assert!(!label(&ctx, &b.keys).is_empty());
            }
        }
    }

    #[test]
    fn digits_count_only_fresh_presses_without_modifiers() {
        let mut input = InputState::default();
        input.events.push(egui::Event::Key {
            key: Key::Num3,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::NONE,
        });
        assert!(choice(&input, 2));
        assert!(!choice(&input, 1));
        assert!(!choice(&input, 9), "the tenth choice has no key");
        input.events[0] = egui::Event::Key {
            key: Key::Num3,
            physical_key: None,
            pressed: true,
            repeat: true,
            modifiers: Modifiers::NONE,
        };
        assert!(!choice(&input, 2), "a held key's repeat decides nothing");
    }
}
