//! The test kit every game's tests share, generic over any [`Game`]: a game on scripted dice, an action
//! played by its text form, faces fed to the rolls it waits for, and checks on the rolls it recorded.
//!
//! It panics with a message that names the action, the roll or the chart, which is what a failing test
//! should do; it is compiled for the engine's own tests and, with the `testing` feature, for the tests of
//! the crates above it, never into the product.
#![allow(clippy::panic)]

use crate::dice::{DiceMode, DiceSource};
use crate::game::{Game, Pending};
use crate::machine::{self, Rules};
use crate::roll::RollRecord;

/// Events that may carry a roll record.
pub trait RecordsRolls {
    /// The roll this event records, if it is one.
    fn roll(&self) -> Option<&RollRecord>;
}

/// A new game on these scripted faces (seed 1); once they run out it asks for each die.
pub fn scripted<G: Game>(options: G::Options, faces: &[u8]) -> G {
    match G::new(
        options,
        1,
        DiceMode::Scripted {
            faces: faces.to_vec(),
        },
    ) {
        Ok(g) => g,
        Err(e) => panic!("the game cannot start: {e}"),
    }
}

/// Plays an action written as scripts write it (`fire 3`, `declare bow 1`).
pub fn act<G: Game>(game: &mut G, text: &str) -> Vec<G::Event> {
    match try_act(game, text) {
        Ok(events) => events,
        Err(e) => panic!("{e}"),
    }
}

/// Like [`act`], returning the refusal instead of panicking.
pub fn try_act<G: Game>(game: &mut G, text: &str) -> Result<Vec<G::Event>, String> {
    let action: G::Action = text.parse().map_err(|e| format!("'{text}' does not read: {e}"))?;
    game.apply(action).map_err(|e| format!("{text}: {e}"))
}

/// The actions of the decision the game waits for, in their text form.
pub fn choices<G: Game>(game: &G) -> Vec<String> {
    game.pending()
        .choices()
        .iter()
        .map(|c| c.action.to_string())
        .collect()
}

/// Feeds faces to the rolls the game waits for, each roll taking as many as its dice have, and returns
/// every event they caused. Faces left over when the game stops waiting for a roll are a mistake in the
/// test, and say so.
pub fn feed<G: Game>(game: &mut G, faces: &[u8]) -> Vec<G::Event> {
    let mut events = Vec::new();
    let mut rest = faces;
    while !rest.is_empty() {
        let Pending::Roll(spec) = game.pending() else {
            panic!(
                "{} face(s) left over ({rest:?}): the game waits for {}",
                rest.len(),
                waiting(&game.pending())
            );
        };
        let n = spec.dice.face_count().min(rest.len());
        let (now, later) = rest.split_at(n);
        match game.apply(G::dice_action(now.to_vec())) {
            Ok(mut ev) => events.append(&mut ev),
            Err(e) => panic!("faces {now:?} for {} ({}): {e}", spec.chart, spec.reason),
        }
        rest = later;
    }
    events
}

/// Queues faces in the game's dice and lets the rules machine roll with them: for tests that set a game's
/// state by hand and then let it run. Returns every event the rolls caused.
pub fn settle_with<G: Rules>(game: &mut G, faces: &[u8]) -> Vec<G::Event>
where
    G::Error: std::fmt::Display,
{
    if let DiceSource::Manual(queue) = game.dice() {
        queue.extend(faces.iter().copied());
    } else if !faces.is_empty() {
        panic!("faces {faces:?} given to a game whose program rolls its dice");
    }
    let mut events = Vec::new();
    if let Err(e) = machine::settle(game, &mut events) {
        panic!("the rules did not settle: {e}");
    }
    events
}

fn waiting<A>(pending: &Pending<A>) -> String {
    match pending {
        Pending::Decision(d) => format!("a decision ({})", d.prompt),
        Pending::Roll(r) => format!("a roll on {}", r.chart),
        Pending::Over { summary, .. } => format!("nothing: over ({summary})"),
    }
}

/// Every roll the events record, in order.
pub fn rolls<E: RecordsRolls>(events: &[E]) -> Vec<&RollRecord> {
    events.iter().filter_map(RecordsRolls::roll).collect()
}

/// The first roll on `chart` among the events, for [`RollCheck`]'s assertions; panics naming the charts
/// that were rolled instead.
pub fn roll_on<'e, E: RecordsRolls>(events: &'e [E], chart: &str) -> RollCheck<'e> {
    let all = rolls(events);
    match all.iter().find(|r| r.chart == chart) {
        Some(r) => RollCheck(r),
        None => {
            let seen: Vec<&str> = all.iter().map(|r| r.chart.as_str()).collect();
            panic!("no roll on {chart}; the rolls were on {seen:?}")
        }
    }
}

/// Assertions on one roll record, each naming the roll when it fails.
pub struct RollCheck<'r>(pub &'r RollRecord);

impl RollCheck<'_> {
    /// The rule case that called for the roll.
    pub fn rule(self, rule: &str) -> Self {
        assert_eq!(self.0.rule, rule, "the rule of {}", self.describe());
        self
    }

    pub fn faces(self, faces: &[u8]) -> Self {
        assert_eq!(self.0.faces, faces, "the faces of {}", self.describe());
        self
    }

    /// The clamped, modified result.
    pub fn result(self, result: i32) -> Self {
        assert_eq!(self.0.result, result, "the result of {}", self.describe());
        self
    }

    /// A modifier of this value citing this rule case.
    pub fn modifier(self, rule: &str, value: i32) -> Self {
        assert!(
            self.0
                .modifiers
                .iter()
                .any(|m| m.rule == rule && m.value == value),
            "{} has no {value:+} modifier citing [{rule}]",
            self.describe()
        );
        self
    }

    /// No modifier cites this rule case.
    pub fn no_modifier(self, rule: &str) -> Self {
        assert!(
            !self.0.modifiers.iter().any(|m| m.rule == rule),
            "{} has a modifier citing [{rule}]",
            self.describe()
        );
        self
    }

    /// The outcome contains this text.
    pub fn outcome(self, text: &str) -> Self {
        assert!(
            self.0.outcome.contains(text),
            "the outcome of {} does not say '{text}'",
            self.describe()
        );
        self
    }

    fn describe(&self) -> String {
        let r = self.0;
        let mods: Vec<String> = r
            .modifiers
            .iter()
            .map(|m| format!("{:+} {} [{}]", m.value, m.reason, m.rule))
            .collect();
        format!(
            "the {} roll [{}] (faces {:?}, modifiers [{}], result {}, '{}')",
            r.chart,
            r.rule,
            r.faces,
            mods.join("; "),
            r.result,
            r.outcome
        )
    }
}

/// A seeded session of `G` on `options`, played by the careful captain until `stop` holds, the game
/// waits for no choice, or `most` actions have been played: the game state a board or picture test
/// starts from.
pub fn played_until<G: crate::policy::Captain>(
    options: G::Options,
    seed: u64,
    most: usize,
    stop: impl Fn(&G) -> bool,
) -> crate::Session<G> {
    let mut session = match crate::Session::<G>::new(options, seed, DiceMode::Seeded) {
        Ok(s) => s,
        Err(e) => panic!("a new {} cannot start: {e:?}", G::NAME),
    };
    let mut rng = crate::dice::SeededRng::new(seed);
    for _ in 0..most {
        if stop(session.game()) {
            break;
        }
        let Some(action) = crate::policy::Policy::Careful.choose(session.game(), &mut rng) else {
            break;
        };
        if let Err(e) = session.apply(action) {
            panic!("the careful captain's choice was refused: {e:?}");
        }
    }
    session
}

/// The lines of a scenario's actions or dice file as the command line reads them: `#` starts a comment,
/// blank lines are skipped.
pub fn script_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect()
}

/// The faces of a scenario's dice file, in order (faces separated by spaces or new lines).
pub fn script_faces(text: &str) -> Vec<u8> {
    script_lines(text)
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|w| match w.parse() {
            Ok(face) => face,
            Err(_) => panic!("not a die's face in the dice file: {w:?}"),
        })
        .collect()
}

/// Walks a walkthrough's whole path on its game ([`crate::walkthrough`]): at every step the game follows
/// the example, waits for a decision that offers the example's choice, and the step's roll notes each
/// find their roll, by chart and in order, among the rolls the choice sets off; the notes of the game's
/// setup among `opening` (its charts). Returns the game at the path's end.
pub fn walk<G>(guide: &crate::walkthrough::Guide<G>, opening: &[&str]) -> crate::Session<G>
where
    G: Game,
    G::Event: RecordsRolls,
{
    use periscope_data::walkthrough::notes_of;
    let book = &guide.book;
    let (_, found) = notes_of(&book.opening, opening);
    assert_eq!(
        found,
        book.opening.len(),
        "{}: opening notes {:?} against {opening:?}",
        book.id,
        book.opening
    );
    let mut s = guide.session().unwrap_or_else(|e| panic!("{}: {e}", book.id));
    for (i, step) in book.steps.iter().enumerate() {
        assert!(guide.follows(&s), "{}: step {} off the path", book.id, i + 1);
        let Some(expected) = guide.expected(&s).cloned() else {
            panic!("{}: nothing expected at step {}", book.id, i + 1);
        };
        match s.pending() {
            crate::Pending::Decision(d) => assert!(
                d.offers(&expected),
                "{}: step {} ({}) is not offered: {:?}",
                book.id,
                i + 1,
                step.choice,
                d.choices.iter().map(|c| c.action.to_string()).collect::<Vec<_>>()
            ),
            other => panic!("{}: step {} waits for {other:?}", book.id, i + 1),
        }
        let events = s
            .apply(expected)
            .unwrap_or_else(|e| panic!("{}: step {} ({}): {e}", book.id, i + 1, step.choice));
        let charts: Vec<&str> = rolls(&events).iter().map(|r| r.chart.as_str()).collect();
        let (_, found) = notes_of(&step.rolls, &charts);
        assert_eq!(
            found,
            step.rolls.len(),
            "{}: step {} ({}): notes {:?} against the rolls {charts:?}",
            book.id,
            i + 1,
            step.choice,
            step.rolls.iter().map(|n| n.chart.as_str()).collect::<Vec<_>>()
        );
    }
    assert!(
        guide.walked(&s) && guide.expected(&s).is_none(),
        "{}: the path is walked",
        book.id
    );
    s
}

/// A session of `G` on `options`, seed 1 and these scripted faces, with a script's actions played
/// (`script_lines`): a book example's golden replay, to hold its walkthrough to.
pub fn replayed<G: Game>(options: G::Options, faces: Vec<u8>, actions: &str) -> crate::Session<G> {
    let mut s = ok(
        crate::Session::new(options, 1, DiceMode::Scripted { faces }),
        "the script",
    );
    for a in script_lines(actions) {
        let action = a.parse().unwrap_or_else(|e| panic!("'{a}': {e}"));
        ok(s.apply(action), a);
    }
    s
}

/// Leaves a walkthrough's example after its first `at` actions, both ways, and comes back: the game
/// left plays on from exactly where it stood (the same events, the mark saying where it was left) with
/// the dice asked for, takes `other` (a choice off the path), replays from its save with the mark, and
/// rejoins the example at `at`.
pub fn leave_and_rejoin<G>(guide: &crate::walkthrough::Guide<G>, at: usize, other: &G::Action)
where
    G: Game,
{
    use crate::walkthrough::PlayOn;
    let book = &guide.book;
    let mut s = ok(guide.session(), &book.id);
    for a in guide.path().iter().take(at) {
        ok(s.apply(a.clone()), &book.id);
    }
    assert_ne!(
        guide.expected(&s),
        Some(other),
        "{}: `other` is the example's choice",
        book.id
    );
    let last = |s: &crate::Session<G>| ok(s.to_save(), &book.id).checks.last().cloned();
    for dice in [PlayOn::Digital, PlayOn::Physical] {
        let mut off = guide
            .leave(&s, dice)
            .unwrap_or_else(|e| panic!("{}: {e}", book.id));
        assert_eq!(
            last(&off),
            last(&s),
            "{}: leaving changes nothing played",
            book.id
        );
        assert_eq!(off.tutorial().and_then(|t| t.left_at), Some(at));
        assert!(!guide.follows(&off) && guide.expected(&off).is_none());
        match (off.dice_mode(), &book.dice, dice) {
            (crate::DiceMode::ScriptedThenSeeded { faces }, Some(all), PlayOn::Digital)
            | (crate::DiceMode::Scripted { faces }, Some(all), PlayOn::Physical) => {
                assert!(
                    all.starts_with(faces),
                    "{}: the book's faces used, in order",
                    book.id
                );
            }
            (_, None, _) => assert_eq!(off.dice_mode(), s.dice_mode()),
            (mode, _, _) => panic!("{}: left with {mode:?}", book.id),
        }
        off.apply(other.clone())
            .unwrap_or_else(|e| panic!("{}: {other} off the path: {e}", book.id));
        let text = ok(off.to_json(), &book.id);
        let again = ok(crate::Session::<G>::load(&text), &book.id);
        assert_eq!(again.tutorial(), off.tutorial(), "the save keeps the mark");
        assert_eq!(last(&again), last(&off), "the save replays the game left");
        let back = ok(guide.rejoin(&off), &book.id);
        assert_eq!(back.actions(), &guide.path()[..at]);
        assert!(guide.follows(&back));
        assert_eq!(back.dice_mode(), ok(guide.session(), &book.id).dice_mode());
        assert_eq!(
            last(&back),
            last(&s),
            "{}: back where the example was left",
            book.id
        );
    }
}

/// The value of a result a test needs, or a panic naming what failed.
fn ok<T, E: std::fmt::Display>(r: Result<T, E>, what: &str) -> T {
    r.unwrap_or_else(|e| panic!("{what}: {e}"))
}
