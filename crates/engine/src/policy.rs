//! Built-in captains for simulations and for finishing a scripted game: they only ever choose among the
//! legal choices the game offers.

use crate::dice::SeededRng;
use crate::game::{Game, Pending};

/// A way of choosing actions, the same for every game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Any legal choice, uniformly.
    Random,
    /// The game's own careful play (see each game's `Captain` impl).
    Careful,
}

/// A game's careful captain.
pub trait Captain: Game {
    /// The careful choice for this decision, or `None` to take the first legal choice.
    fn careful_choice(&self, pending: &Pending<Self::Action>) -> Option<Self::Action>;

    /// The actions of the decision the game waits for, in the order [`Game::pending`] lists its
    /// choices (empty when it waits for a roll or is over), for a game that lists them without writing
    /// their labels; `None` (the default): [`Policy::choose`] reads them from `pending`.
    fn offered_actions(&self) -> Option<Vec<Self::Action>> {
        None
    }

    /// The careful choice worked out from the game alone, without listing the decision's actions, for a
    /// game that can tell whether it offers an action without the list; `None`: list them. It must be
    /// the choice [`Captain::careful_choice`] makes from the list (the fast-path tests check it).
    fn careful_without_listing(&self) -> Option<Self::Action> {
        None
    }

    /// [`Captain::offered_actions`] written into `out` (emptied first), a list a simulation reuses for
    /// every decision; `false` when the game does not list them. By default it moves the list in.
    fn offered_actions_into(&self, out: &mut Vec<Self::Action>) -> bool {
        out.clear();
        match self.offered_actions() {
            Some(offered) => {
                *out = offered;
                true
            }
            None => false,
        }
    }

    /// The careful choice among `offered` (what [`Captain::offered_actions`] listed), for a game that
    /// lists them; like [`Captain::careful_choice`], `None` takes the first.
    fn careful_among_offered(&self, _offered: &[Self::Action]) -> Option<Self::Action> {
        None
    }
}

impl Policy {
    pub const NAMES: [&'static str; 2] = ["careful", "random"];

    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "random" => Some(Policy::Random),
            "careful" | "default" => Some(Policy::Careful),
            _ => None,
        }
    }

    /// Like `parse`, with a message naming the known policies.
    pub fn named(name: &str) -> Result<Self, String> {
        Self::parse(name)
            .ok_or_else(|| format!("unknown policy '{name}' (known: {})", Self::NAMES.join(", ")))
    }

    /// The policy's choice, or `None` when the game does not wait for a decision (a roll, or the end).
    pub fn choose<G: Captain>(self, game: &G, rng: &mut SeededRng) -> Option<G::Action> {
        if let Some(pick) = self.without_listing(game) {
            return Some(pick);
        }
        match game.offered_actions() {
            Some(offered) => self.choose_offered(game, &offered, rng),
            None => self.choose_from_pending(game, rng),
        }
    }

    /// [`Policy::choose`], listing the offered actions in `offered`, a list the caller keeps from one
    /// decision to the next (a simulation): the same choice, without a new list each time.
    /// Inlined into the simulation's loop, which asks it at every decision; the listing paths are not.
    #[inline]
    pub fn choose_reusing<G: Captain>(
        self,
        game: &G,
        rng: &mut SeededRng,
        offered: &mut Vec<G::Action>,
    ) -> Option<G::Action> {
        if let Some(pick) = self.without_listing(game) {
            return Some(pick);
        }
        self.choose_listing(game, rng, offered)
    }

    /// [`Policy::choose_reusing`] for a decision the captain cannot take without the list.
    #[inline(never)]
    fn choose_listing<G: Captain>(
        self,
        game: &G,
        rng: &mut SeededRng,
        offered: &mut Vec<G::Action>,
    ) -> Option<G::Action> {
        if game.offered_actions_into(offered) {
            self.choose_offered(game, offered, rng)
        } else {
            self.choose_from_pending(game, rng)
        }
    }

    /// The careful captain's choice when the game makes it without a list (random play needs the list).
    #[inline]
    fn without_listing<G: Captain>(self, game: &G) -> Option<G::Action> {
        match self {
            Policy::Careful => game.careful_without_listing(),
            Policy::Random => None,
        }
    }

    /// [`Policy::choose`] reading the legal choices from [`Game::pending`], their labels written: the
    /// path every game has, which the games that list their actions alone must agree with.
    pub fn choose_from_pending<G: Captain>(self, game: &G, rng: &mut SeededRng) -> Option<G::Action> {
        let pending = game.pending();
        let choices = pending.choices();
        if choices.is_empty() {
            return None;
        }
        let legal = |a: &G::Action| choices.iter().any(|c| &c.action == a);
        match self {
            Policy::Random => choices.get(rng.index(choices.len())).map(|c| c.action.clone()),
            Policy::Careful => game
                .careful_choice(&pending)
                .filter(legal)
                .or_else(|| choices.first().map(|c| c.action.clone())),
        }
    }

    /// [`Policy::choose`] among the actions a game listed without their labels: the same choice as
    /// from the pending's choices, which list the same actions in the same order.
    fn choose_offered<G: Captain>(
        self,
        game: &G,
        offered: &[G::Action],
        rng: &mut SeededRng,
    ) -> Option<G::Action> {
        if offered.is_empty() {
            return None;
        }
        match self {
            Policy::Random => offered.get(rng.index(offered.len())).cloned(),
            Policy::Careful => game
                .careful_among_offered(offered)
                .filter(|a| offered.contains(a))
                .or_else(|| offered.first().cloned()),
        }
    }
}

/// What the tests of the fast paths share: a game played the way a player's is and the way `sim`
/// plays it must be the same game.
#[cfg(test)]
pub(crate) mod fast_path {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::{Captain, Policy};
    use crate::dice::SeededRng;

    /// Plays `game` two ways with the same policy and seed — the normal path (choices read from
    /// `pending` with their labels, [`Game::apply`] with its check and copy) and `sim`'s fast path
    /// ([`Policy::choose`], [`Game::apply_offered`]) — and asserts that every pick, its events and the
    /// game after it are the same, to the end. Gives the number of actions played.
    pub(crate) fn agrees<G>(game: G, seed: u64, policy: Policy) -> usize
    where
        G: Captain + PartialEq,
        G::Event: PartialEq,
    {
        let (mut normal, mut fast) = (game.clone(), game);
        let (mut normal_rng, mut fast_rng) = (SeededRng::new(seed), SeededRng::new(seed));
        let mut actions = 0;
        loop {
            if let Some(offered) = fast.offered_actions() {
                let listed: Vec<G::Action> = normal
                    .pending()
                    .choices()
                    .iter()
                    .map(|c| c.action.clone())
                    .collect();
                assert!(
                    offered == listed,
                    "seed {seed}, action {actions}: the offered actions differ"
                );
            }
            let pick = policy.choose_from_pending(&normal, &mut normal_rng);
            assert_eq!(
                pick,
                policy.choose(&fast, &mut fast_rng),
                "seed {seed}, action {actions}"
            );
            let Some(action) = pick else { break };
            let normal_events = normal.apply(action.clone()).unwrap();
            let fast_events = fast.apply_offered(action).unwrap();
            assert!(
                normal_events == fast_events,
                "seed {seed}, action {actions}: events differ"
            );
            assert!(normal == fast, "seed {seed}, action {actions}: games differ");
            actions += 1;
            assert!(actions < 200_000, "seed {seed} does not end");
        }
        assert!(normal.pending().is_over(), "seed {seed} stopped before the end");
        actions
    }

    /// [`quiet_agrees`] for a silent game ([`Game::silent`], the way `sim hunt` plays it): every event is
    /// left out, so the silent game must write none. Gives the number of actions played and of events the
    /// silent game left out.
    pub(crate) fn silent_agrees<G>(game: G, seed: u64, policy: Policy, forget: fn(&mut G)) -> (usize, usize)
    where
        G: Captain + PartialEq + std::fmt::Debug,
        G::Event: PartialEq,
    {
        hushed_agrees(game, seed, policy, G::silent, |_| true, forget)
    }

    /// Plays `game` the normal way (choices read from `pending`, [`Game::apply`]) and the way `sim`
    /// plays it ([`Game::quiet`], [`Policy::choose`], [`Game::apply_offered_into`] on one reused list)
    /// and asserts that every pick is the same; that the quiet game's events are the normal ones less
    /// the roll records (`is_record`); and that the games are the same after each action once `forget`
    /// has cleared both games' latest rolls. Gives the number of actions played and of roll records the
    /// quiet game left out.
    pub(crate) fn quiet_agrees<G>(
        game: G,
        seed: u64,
        policy: Policy,
        is_record: fn(&G::Event) -> bool,
        forget: fn(&mut G),
    ) -> (usize, usize)
    where
        G: Captain + PartialEq + std::fmt::Debug,
        G::Event: PartialEq,
    {
        hushed_agrees(game, seed, policy, G::quiet, is_record, forget)
    }

    /// The comparison of [`quiet_agrees`] and [`silent_agrees`]: `hush` makes the game quiet or silent,
    /// `is_record` names the events it leaves out.
    fn hushed_agrees<G>(
        game: G,
        seed: u64,
        policy: Policy,
        hush: fn(&mut G),
        is_record: fn(&G::Event) -> bool,
        forget: fn(&mut G),
    ) -> (usize, usize)
    where
        G: Captain + PartialEq + std::fmt::Debug,
        G::Event: PartialEq,
    {
        let (mut normal, mut quiet) = (game.clone(), game);
        hush(&mut quiet);
        let (mut normal_rng, mut quiet_rng) = (SeededRng::new(seed), SeededRng::new(seed));
        let mut events = Vec::new();
        let mut offered = Vec::new();
        let (mut actions, mut records) = (0, 0);
        loop {
            let pick = policy.choose_from_pending(&normal, &mut normal_rng);
            assert_eq!(
                pick,
                policy.choose_reusing(&quiet, &mut quiet_rng, &mut offered),
                "seed {seed}, action {actions}"
            );
            let Some(action) = pick else { break };
            let mut normal_events = normal.apply(action.clone()).unwrap();
            let before = normal_events.len();
            normal_events.retain(|e| !is_record(e));
            records += before - normal_events.len();
            events.clear();
            quiet.apply_offered_into(action, &mut events).unwrap();
            assert!(
                normal_events == events,
                "seed {seed}, action {actions}: events differ"
            );
            let (mut forgotten, mut quiet_forgotten) = (normal.clone(), quiet.clone());
            forget(&mut forgotten);
            forget(&mut quiet_forgotten);
            if forgotten != quiet_forgotten {
                let (a, b) = (format!("{forgotten:#?}"), format!("{quiet_forgotten:#?}"));
                let first = a.lines().zip(b.lines()).position(|(x, y)| x != y).unwrap_or(0);
                let near = |t: &str| {
                    t.lines()
                        .skip(first.saturating_sub(8))
                        .take(12)
                        .collect::<Vec<_>>()
                        .join("\n")
                };
                panic!(
                    "seed {seed}, action {actions}: games differ\n{}\n--- quiet:\n{}",
                    near(&a),
                    near(&b)
                );
            }
            actions += 1;
            assert!(actions < 200_000, "seed {seed} does not end");
        }
        assert!(normal.pending().is_over(), "seed {seed} stopped before the end");
        (actions, records)
    }
}
