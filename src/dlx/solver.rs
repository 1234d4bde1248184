//! Algorithm X on the dancing links: an explicit state machine, as in Knuth's DLX1.

use super::{DlxError, Matrix};
use crate::{Event, Observer};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// Counters of a search, exactly as Knuth's DLX1 counts them: `nodes` counts each entry to a
/// level (the root included) and each solution (a leaf of its own); `updates` counts each item
/// covered (even one whose list is already empty: a dead end) and each node hidden.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the search tree.
    pub nodes: u64,
    /// Link updates: items covered plus nodes hidden.
    pub updates: u64,
    /// Nodes whose chosen item had no option left.
    pub dead_ends: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Cleansings, as Knuth's DLX2 counts them (Algorithm C): an item purified to a colour,
    /// and each option kept because it gives the item that colour. 0 without colours.
    pub cleansings: u64,
}

impl Stats {
    /// Add the counters of another part of the same search ([`Solver::to_depth`]).
    pub fn add(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.dead_ends += other.dead_ends;
        self.solutions += other.solutions;
        self.cleansings += other.cleansings;
    }
}

/// The crate's one budget: here the search stops before entering a node past its nodes, once
/// its updates are done, or at its deadline (looked at every 1,024 nodes); see
/// [`Solver::budget`].
pub use crate::Budget;

/// The bounds of a [`Budget`], copied when it is given: the search loop reads plain numbers.
/// A part of a count on several threads ([`Matrix::count_in_parallel_within`]) also looks,
/// where it looks at the deadline, at what every part has spent and found.
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    pub(crate) max_nodes: u64,
    pub(crate) max_updates: u64,
    pub(crate) deadline: Option<std::time::Instant>,
    /// The parts' bounds and counters, and this part's thread among them.
    pub(crate) shared: Option<(std::sync::Arc<Shared>, usize)>,
}

impl Limits {
    pub(crate) fn of(budget: &Budget) -> Limits {
        Limits {
            max_nodes: budget.node_limit(),
            max_updates: budget.update_limit(),
            deadline: budget.deadline_at(),
            shared: None,
        }
    }

    /// Whether a search with counters `stats` must stop before entering its next node (the
    /// deadline, and the other parts of a shared count, looked at every 1,024 nodes).
    #[inline]
    pub(crate) fn stop_before(&self, stats: &Stats) -> bool {
        stats.nodes >= self.max_nodes
            || stats.updates >= self.max_updates
            || (stats.nodes % 1024 == 0 && self.checkpoint(stats))
    }

    /// The deadline passed, or the parts of a shared count together past a bound. (Out of
    /// line: the search loop keeps only the counters' comparisons.)
    #[cold]
    #[inline(never)]
    fn checkpoint(&self, stats: &Stats) -> bool {
        self.deadline.is_some_and(|d| std::time::Instant::now() >= d)
            || self.shared.as_ref().is_some_and(|(shared, thread)| shared.tell(*thread, stats))
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_nodes: u64::MAX, max_updates: u64::MAX, deadline: None, shared: None }
    }
}

/// What the parts of one count on several threads share: the bounds of the whole count (nodes,
/// updates, solutions), the counters of the parts finished, and those of the part each thread
/// is searching, told every 1,024 nodes. Once the sum passes a bound, every part stops at its
/// next look.
#[derive(Debug)]
pub(crate) struct Shared {
    bounds: [u64; 3],
    /// The counters of the top of the tree and of the parts finished: the count's, once every
    /// part is.
    finished: std::sync::Mutex<Stats>,
    /// Each thread's part (nodes, updates, solutions), as it last told them.
    running: Vec<[AtomicU64; 3]>,
    stop: AtomicBool,
}

impl Shared {
    /// The bounds `limits` (nodes, updates) and `solutions` of a count whose top has counters
    /// `top`, searched by `threads` threads.
    pub(crate) fn new(limits: &Limits, solutions: u64, top: Stats, threads: usize) -> Shared {
        Shared {
            bounds: [limits.max_nodes, limits.max_updates, solutions],
            finished: std::sync::Mutex::new(top),
            running: (0..threads).map(|_| Default::default()).collect(),
            stop: AtomicBool::new(false),
        }
    }

    fn counters(stats: &Stats) -> [u64; 3] {
        [stats.nodes, stats.updates, stats.solutions]
    }

    /// The counters of the top and of the parts finished.
    pub(crate) fn finished(&self) -> Stats {
        *self.finished.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Thread `thread`'s part has counters `stats`: whether the count must stop.
    fn tell(&self, thread: usize, stats: &Stats) -> bool {
        for (slot, value) in self.running[thread].iter().zip(Shared::counters(stats)) {
            slot.store(value, Relaxed);
        }
        self.check()
    }

    /// Whether the count must stop: it was stopped, or the sum of the counters is past a
    /// bound (then it stops for good).
    pub(crate) fn check(&self) -> bool {
        if self.stop.load(Relaxed) {
            return true;
        }
        let finished = Shared::counters(&self.finished());
        let over = (0..3).any(|k| {
            let running: u64 = self.running.iter().map(|part| part[k].load(Relaxed)).sum();
            finished[k].saturating_add(running) >= self.bounds[k]
        });
        if over {
            self.stop();
        }
        over
    }

    /// Thread `thread`'s part ended with counters `stats`. (Its running counters are cleared
    /// first: a look in between counts too little, never the part twice.)
    pub(crate) fn finish(&self, thread: usize, stats: &Stats) {
        for slot in &self.running[thread] {
            slot.store(0, Relaxed);
        }
        self.finished.lock().unwrap_or_else(std::sync::PoisonError::into_inner).add(stats);
    }

    /// Stop every part at its next look.
    pub(crate) fn stop(&self) {
        self.stop.store(true, Relaxed);
    }
}

/// Where the search is, between two calls (Knuth's labels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Enter a new node on `level`: choose an item and cover it.
    Forward,
    /// Try the option `choice[level]` (or back up when the item's list is exhausted).
    Advance,
    /// Take back the option `choice[level]` and move to the next one.
    Recover,
    /// Exhausted, or stopped by the budget; the matrix is restored.
    Done,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still running: more solutions may follow.
    Running,
    /// Every solution has been found.
    Exhausted,
    /// The [`Budget`] ran out first: there may be more solutions.
    OutOfBudget,
    /// The watcher asked to stop ([`Solver::watch`]): there may be more solutions.
    Stopped,
}

/// A search for exact covers of a [`Matrix`]: an [`Iterator`] of solutions, each the list of
/// the chosen option numbers.
///
/// It borrows the matrix mutably while the links dance, and restores it exactly when dropped,
/// at any point of the search: one matrix serves any number of searches.
///
/// [`next_solution`](Solver::next_solution) lends the solution without allocating; the
/// `Iterator` impl copies it into a `Vec`.
pub struct Solver<'m> {
    matrix: &'m mut Matrix,
    /// The node chosen on each level.
    choice: Vec<u32>,
    level: usize,
    /// The item being branched on at `level` (a header index). Knuth keeps it in a variable
    /// too: when `choice[level]` comes back round to the header, the header's `item` field
    /// holds its `len`, not the item.
    best: u32,
    /// The number of levels in the solution just found.
    depth: usize,
    state: State,
    /// Options chosen before the search, by [`choose`](Solver::choose), as their first node.
    preset: Vec<u32>,
    /// The solution lent by `next_solution`: the preset options, then one option a level.
    solution: Vec<usize>,
    stats: Stats,
    budget: Limits,
    outcome: Outcome,
    /// Options chosen on this many levels make a leaf ([`Solver::to_depth`]).
    ceiling: usize,
    /// Told every move, when watched ([`Solver::watch`]).
    watcher: Option<Box<dyn FnMut(Move) -> ControlFlow<()> + 'm>>,
    /// The watcher asked to stop at a solution: it is reported, and the next call stops.
    stop_next: bool,
}

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("level", &self.level)
            .field("state", &self.state)
            .field("stats", &self.stats)
            .field("outcome", &self.outcome)
            .field("watched", &self.watcher.is_some())
            .finish()
    }
}

/// What the search does, move by move, as the watcher sees it in the crate's one [`Event`]
/// ([`Solver::watch`]). Levels count the options chosen by the search (not the preset ones),
/// as the driver's levels count assumptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Move {
    /// `option` is chosen, the `level`-th: its items are covered.
    Choose {
        /// How many options are chosen with it.
        level: usize,
        /// The option.
        option: usize,
        /// The item it was chosen for.
        item: usize,
    },
    /// `option`, chosen on `level`, is taken back: its items are uncovered.
    Undo {
        /// Its level.
        level: usize,
        /// The option.
        option: usize,
        /// The item it was chosen for.
        item: usize,
    },
    /// With `level` options chosen, the item chosen next, `item`, has no option left.
    DeadEnd {
        /// Options chosen.
        level: usize,
        /// The item without options.
        item: usize,
    },
    /// Every primary item is covered by the `level` options chosen.
    Solution {
        /// Options chosen.
        level: usize,
    },
}

/// Tell the watcher, if there is one, the move that `what` makes: built only when watched (the
/// option of a node is a walk along its row). Whether the watcher asks to stop.
#[inline]
pub(super) fn tell(
    watcher: &mut Option<Box<dyn FnMut(Move) -> ControlFlow<()> + '_>>,
    what: impl FnOnce() -> Move,
) -> bool {
    watcher.as_mut().is_some_and(|watcher| watcher(what()).is_break())
}

/// A move as the crate's one [`Event`]: an option chosen is an assumption (for the slot that is
/// its item), taken back as one; a dead end names its item as its slot.
pub(super) fn event<R>(mv: Move, see: impl FnOnce(Event<'_, usize>) -> R) -> R {
    match mv {
        Move::Choose { level, option, item } => see(Event::Assume { level, slot: item, assumption: &option }),
        Move::Undo { level, option, item } => see(Event::TakeBack { level, slot: item, assumption: &option }),
        Move::DeadEnd { level, item } => see(Event::DeadEnd { level, slot: item }),
        Move::Solution { level } => see(Event::Solution { level }),
    }
}

/// What the search stopped at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    /// Every primary item is covered.
    Solution,
    /// The search reached the ceiling: the options chosen so far are a prefix.
    Leaf,
}

impl Matrix {
    /// A search over this matrix with Algorithm X, or C with colours; see [`Solver`]. It
    /// covers every primary item once, whatever bounds [`set_bounds`](Self::set_bounds) gave:
    /// those are Algorithm M's ([`BitMultiSolver`](super::BitMultiSolver),
    /// [`MultiSolver`](super::MultiSolver)), which [`Named::solver`](super::Named::solver)
    /// chooses for them.
    pub fn solver(&mut self) -> Solver<'_> {
        let levels = self.primary_items() + 1;
        Solver {
            choice: vec![0; levels],
            level: 0,
            best: 0,
            depth: 0,
            state: State::Forward,
            preset: Vec::new(),
            solution: Vec::with_capacity(levels),
            stats: Stats::default(),
            budget: Limits::default(),
            outcome: Outcome::Running,
            ceiling: usize::MAX,
            watcher: None,
            stop_next: false,
            matrix: self,
        }
    }
}

impl<'m> Solver<'m> {
    /// Tell `watcher` every move of the search as the crate's one [`Event`], the option as the
    /// assumption and its item as the slot: each option chosen and taken back, each dead end,
    /// each solution (the explorer page of `backtrack cover --html` is made of them). The
    /// watcher is an [`Observer`] as the driver's are: a closure that returns `()`, or a
    /// [`ControlFlow`] to stop the search ([`Outcome::Stopped`]; after a solution, that solution
    /// is still reported and the next call stops).
    ///
    /// ```
    /// use backtrack::Event;
    /// use backtrack::dlx::{Named, Outcome};
    /// use std::ops::ControlFlow;
    ///
    /// let mut queens = Named::from_knuth_format(include_str!("../../tests/data/queens8.dlx"))?;
    /// let mut chosen = 0;
    /// let matrix = queens.matrix();
    /// let mut solver = matrix.solver().watch(|e: Event<'_, usize>| match e {
    ///     Event::Assume { .. } => {
    ///         chosen += 1; // eight queens need eight options: stop at the fifth
    ///         if chosen == 5 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    ///     }
    ///     _ => ControlFlow::Continue(()),
    /// });
    /// assert!(solver.next_solution().is_none(), "stopped before a solution");
    /// assert_eq!(solver.outcome(), Outcome::Stopped);
    /// # Ok::<(), backtrack::dlx::DlxError>(())
    /// ```
    pub fn watch(mut self, watcher: impl Observer<usize> + 'm) -> Self {
        self.set_watch(watcher);
        self
    }

    /// Set the watcher in place; see [`watch`](Self::watch).
    pub fn set_watch(&mut self, mut watcher: impl Observer<usize> + 'm) {
        self.watcher = Some(Box::new(move |mv| event(mv, |e| watcher.event(e))));
    }
}

impl Solver<'_> {
    /// Choose `option` before the search: it will be part of every solution (the givens of a
    /// Sudoku).
    ///
    /// # Errors
    /// [`DlxError::Conflict`] if the option shares an item with an option already chosen,
    /// [`DlxError::NoSuchOption`] if there is no such option, and [`DlxError::SearchStarted`]
    /// once the search has begun.
    pub fn choose(&mut self, option: usize) -> Result<(), DlxError> {
        if self.stats.nodes > 0 || self.state != State::Forward {
            return Err(DlxError::SearchStarted);
        }
        let Some(first) = self.matrix.first_node(option) else {
            return Err(DlxError::NoSuchOption { option, options: self.matrix.options() });
        };
        // An item already covered, or a node hidden: its option clashes with a choice made
        // (a colour another option already gave a secondary item, say).
        let m = &*self.matrix;
        let clash = (first..)
            .zip(m.option_items(option))
            .find(|&(x, i)| !m.is_active(i as u32 + 1) || !m.is_visible(x));
        if let Some((_, item)) = clash {
            return Err(DlxError::Conflict { option, item });
        }
        // Cover (or purify) the option's items, its own first item included.
        self.stats.updates += self.matrix.cover_or_purify(first, &mut self.stats.cleansings);
        self.stats.updates += self.matrix.cover_others(first, &mut self.stats.cleansings);
        self.preset.push(first);
        Ok(())
    }

    /// Set a budget: the search stops, with [`Outcome::OutOfBudget`], before entering a node
    /// past `max_nodes` or once `max_updates` updates are done.
    pub fn budget(mut self, budget: &Budget) -> Self {
        self.set_budget(budget);
        self
    }

    /// Set the budget in place; see [`budget`](Self::budget).
    pub fn set_budget(&mut self, budget: &Budget) {
        self.budget = Limits::of(budget);
    }

    /// Set the bounds in place, as copied from a budget.
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.budget = limits;
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Search the tree down to `depth` levels only (at least 1): the options chosen on that
    /// many levels are a *leaf*, named by its prefix ([`next_prefix`](Self::next_prefix)) and
    /// not searched below. With [`below`](Self::below), this cuts one search into parts whose
    /// counters add up to the whole search's, node for node and update for update: the threads
    /// of [`Matrix::count_in_parallel`] and the shards of [`Matrix::count_shard`] are such parts.
    ///
    /// ```
    /// use backtrack::dlx::Named;
    ///
    /// let mut queens = Named::from_knuth_format(include_str!("../../tests/data/queens8.dlx"))?;
    /// let matrix = queens.matrix();
    /// let (mut prefixes, mut total) = (Vec::new(), backtrack::dlx::Stats::default());
    /// let mut top = matrix.solver().to_depth(2);
    /// while let Some(prefix) = top.next_prefix() {
    ///     prefixes.push(prefix.to_vec());
    /// }
    /// total.add(&top.stats());
    /// drop(top);
    /// for prefix in &prefixes {
    ///     let mut below = matrix.solver();
    ///     below.below(prefix)?;
    ///     below.count_solutions();
    ///     total.add(&below.stats());
    /// }
    /// assert_eq!((total.solutions, total.nodes, total.updates), (92, 1049, 16680)); // DLX1's
    /// # Ok::<(), backtrack::dlx::DlxError>(())
    /// ```
    pub fn to_depth(mut self, depth: usize) -> Self {
        self.ceiling = depth.max(1);
        self
    }

    /// Search only below `prefix` (options chosen on the first levels, as
    /// [`next_prefix`](Self::next_prefix) gives them): they are chosen up front, and the
    /// counters count the subtree below them only.
    ///
    /// # Errors
    /// As [`choose`](Self::choose): an option that clashes with one before it, or that does
    /// not exist (a prefix of another matrix).
    pub fn below(&mut self, prefix: &[usize]) -> Result<(), DlxError> {
        for &option in prefix {
            self.choose(option)?;
        }
        // Choosing them up front covers their items in another order than the search did; the
        // lists come out the same (taking nodes out of a doubly linked list keeps the order of
        // the others), so the subtree is searched as the whole search would, and its updates
        // are the search's. The prefix's own updates were counted above it.
        self.stats = Stats::default();
        Ok(())
    }

    /// With [`to_depth`](Self::to_depth): the next leaf, as the options chosen on its levels;
    /// `None` at the end. Solutions above the leaves are counted, not returned.
    pub fn next_prefix(&mut self) -> Option<&[usize]> {
        loop {
            match self.search()? {
                Found::Leaf => return Some(self.chosen()),
                Found::Solution => continue,
            }
        }
    }

    /// The options chosen by the search on its levels (without the preset ones).
    fn chosen(&mut self) -> &[usize] {
        self.solution.clear();
        let m = &*self.matrix;
        self.solution.extend(self.choice[..self.depth].iter().map(|&x| m.option_of(x)));
        &self.solution
    }

    /// Whether the search is still running, exhausted, or stopped by the budget.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Count the solutions from here on, with no allocation per solution.
    pub fn count_solutions(&mut self) -> u64 {
        let mut n = 0;
        while self.next_solution().is_some() {
            n += 1;
        }
        n
    }

    /// The next solution, lent: the chosen option numbers (preset options first, then one a
    /// level). `None` when the search is exhausted or out of budget; see
    /// [`outcome`](Self::outcome).
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        loop {
            match self.search()? {
                Found::Solution => break,
                Found::Leaf => continue, // below it is another search's (`to_depth`)
            }
        }
        self.solution.clear();
        let m = &*self.matrix;
        let nodes = self.preset.iter().chain(&self.choice[..self.depth]);
        self.solution.extend(nodes.map(|&x| m.option_of(x)));
        Some(&self.solution)
    }

    /// Run to the next solution or leaf, or to the end (`None`). Knuth's Algorithm X, steps
    /// X2..X8, with the levels in `choice`: no recursion.
    fn search(&mut self) -> Option<Found> {
        if std::mem::take(&mut self.stop_next) {
            return self.stop();
        }
        let m = &mut *self.matrix;
        loop {
            match self.state {
                State::Forward => {
                    if self.budget.stop_before(&self.stats) {
                        self.outcome = Outcome::OutOfBudget;
                        self.unwind();
                        return None;
                    }
                    self.stats.nodes += 1;
                    let Some(best) = m.choose_item() else {
                        // Only at the root, when no primary item is left to cover: the preset
                        // options (or nothing) are the one solution.
                        self.state = State::Done;
                        self.outcome = Outcome::Exhausted;
                        self.stats.solutions += 1;
                        self.depth = 0;
                        self.stop_next = tell(&mut self.watcher, || Move::Solution { level: 0 });
                        return Some(Found::Solution);
                    };
                    if m.len(best) == 0 {
                        self.stats.dead_ends += 1;
                        let stop = tell(&mut self.watcher, || Move::DeadEnd {
                            level: self.level,
                            item: best as usize - 1,
                        });
                        if stop {
                            return self.stop();
                        }
                    }
                    self.stats.updates += m.cover(best);
                    self.best = best;
                    self.choice[self.level] = m.down(best);
                    self.state = State::Advance;
                }
                State::Advance => {
                    let cur = self.choice[self.level];
                    if cur == self.best {
                        // Every option of the item was tried: back up.
                        m.uncover(self.best);
                        if self.level == 0 {
                            self.state = State::Done;
                            self.outcome = Outcome::Exhausted;
                            self.unwind();
                            return None;
                        }
                        self.level -= 1;
                        self.best = m.item_of(self.choice[self.level]);
                        self.state = State::Recover;
                        continue;
                    }
                    self.stats.updates += m.cover_others(cur, &mut self.stats.cleansings);
                    let stop = tell(&mut self.watcher, || Move::Choose {
                        level: self.level + 1,
                        option: m.option_of(cur),
                        item: m.item_of(cur) as usize - 1,
                    });
                    if stop {
                        self.state = State::Recover; // the option is in: the unwinding takes it out
                        return self.stop();
                    }
                    if m.is_covered() {
                        // Knuth's `sanity()`, in debug builds: every link still consistent.
                        debug_assert_eq!(m.sanity(), Ok(()));
                        // A solution counts as a node of its own, as in DLX1 (TAOCP 7.2.2-(4)).
                        self.stats.nodes += 1;
                        self.stats.solutions += 1;
                        self.depth = self.level + 1;
                        self.state = State::Recover;
                        self.stop_next = tell(&mut self.watcher, || Move::Solution { level: self.level + 1 });
                        return Some(Found::Solution);
                    }
                    if self.level + 1 == self.ceiling {
                        self.depth = self.level + 1;
                        self.state = State::Recover;
                        return Some(Found::Leaf);
                    }
                    self.level += 1;
                    self.state = State::Forward;
                }
                State::Recover => {
                    let cur = self.choice[self.level];
                    let stop = tell(&mut self.watcher, || Move::Undo {
                        level: self.level + 1,
                        option: m.option_of(cur),
                        item: m.item_of(cur) as usize - 1,
                    });
                    if stop {
                        return self.stop();
                    }
                    m.uncover_others(cur);
                    self.choice[self.level] = m.down(cur);
                    self.state = State::Advance;
                }
                State::Done => return None,
            }
        }
    }

    /// End the search as the watcher asked: the matrix restored, the outcome [`Outcome::Stopped`].
    fn stop(&mut self) -> Option<Found> {
        self.outcome = Outcome::Stopped;
        self.unwind();
        None
    }

    /// Restore the matrix from wherever the search is: the top level as its state says, the
    /// full levels below it from the top down, then the preset options in reverse.
    fn unwind(&mut self) {
        let m = &mut *self.matrix;
        let full_levels = match self.state {
            State::Forward => self.level,
            State::Advance => {
                m.uncover(self.best);
                self.level
            }
            State::Recover => {
                let cur = self.choice[self.level];
                m.uncover_others(cur);
                m.uncover(m.item_of(cur));
                self.level
            }
            State::Done => 0,
        };
        for &cur in self.choice[..full_levels].iter().rev() {
            m.uncover_others(cur);
            m.uncover(m.item_of(cur));
        }
        while let Some(first) = self.preset.pop() {
            m.uncover_others(first);
            m.uncover_or_unpurify(first);
        }
        debug_assert_eq!(m.sanity(), Ok(()), "the matrix is restored");
        self.state = State::Done;
    }
}

impl Iterator for Solver<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}

impl std::iter::FusedIterator for Solver<'_> {}

impl Drop for Solver<'_> {
    fn drop(&mut self) {
        if self.state != State::Done || !self.preset.is_empty() {
            self.unwind();
        }
    }
}
