//! The driver: search by stacking assumptions.
//!
//! Glossary, used the same way in the whole crate:
//! - a **slot** is one decision to make (a Sudoku cell, a queen's row, the knight's n-th move);
//! - a **generator** is a closure over one slot's coordinates; called when its slot is reached, it
//!   reads the shared state *at that moment* and returns an iterator of assumptions;
//! - an **assumption** is an RAII guard: creating it changes the shared state (set), dropping it
//!   changes it back (free) — see [`Attempt`](crate::Attempt);
//! - a **level** is the number of assumptions in force: the root of the search tree is level 0,
//!   and the assumption made for the i-th slot reached creates a node on level i + 1;
//! - a **dead end** is a slot whose generator offers no candidate at all;
//! - a **solution** is reached when every slot holds an assumption.
//!
//! The driver, [`stack_assumptions`], knows nothing of the problem: it walks the slots, keeps one
//! *frame* a level (the slot's iterator and the assumption now in force), moves a frame on when the
//! levels above it are exhausted, and yields whenever every slot holds an assumption. The shared
//! state then holds a solution: read it from there.

use std::iter::FusedIterator;
use std::ops::ControlFlow;

/// Start a lazy search over `generators`, one per slot.
///
/// Generator `i` is called when the search reaches slot `i`; it computes the candidates from the
/// shared state at that moment and returns an iterator whose items are assumptions (guards).
/// The driver pulls one assumption at a time, keeps it while it searches the slots after it, and
/// drops it *before* pulling the next one, so that a generator's iterator is resumed after
/// backtracking and never recomputed. When every slot holds an assumption, the iterator yields
/// `()`: the shared state holds a solution.
///
/// Building the iterator does no search and calls no generator. It is fused: after `None` it stays
/// `None`. With zero slots it yields exactly one solution, the empty one (the nullary product).
///
/// Dropping the iterator at any point — after the first solution, on `break`, or while a panic
/// unwinds out of a generator — takes back every assumption still in force, the last one first,
/// so the shared state is exactly as it was before the search.
///
/// # Examples
///
/// Eight queens, one slot a row; each row's generator offers the columns that no queen attacks
/// *now*. Assumptions are [`Attempt`](crate::Attempt) guards over a shared board.
///
/// ```
/// use backtrack::{stack_assumptions, Attempt};
/// use std::cell::Cell;
///
/// const N: usize = 8;
/// let cols: Vec<Cell<Option<usize>>> = (0..N).map(|_| Cell::new(None)).collect();
/// let free = |row: usize, col: usize| {
///     cols[..row].iter().enumerate().all(|(r, c)| match c.get() {
///         Some(c) => c != col && c.abs_diff(col) != row - r,
///         None => true,
///     })
/// };
/// // One closure expression, so one type: a plain Vec, no Box, no dyn.
/// let generators: Vec<_> = (0..N)
///     .map(|row| {
///         let (cols, free) = (&cols, &free);
///         move || {
///             (0..N).filter(move |&col| free(row, col)).map(move |col| {
///                 cols[row].set(Some(col));
///                 Attempt::new((row, col), move |_| cols[row].set(None))
///             })
///         }
///     })
///     .collect();
///
/// let mut search = stack_assumptions(&generators);
/// search.next(); // the first solution is now on the board
/// let first: Vec<usize> = cols.iter().map(|c| c.get().unwrap()).collect();
/// assert_eq!(first, [0, 4, 7, 5, 2, 6, 1, 3]);
/// drop(search); // every assumption is taken back
/// assert!(cols.iter().all(|c| c.get().is_none()));
///
/// assert_eq!(stack_assumptions(&generators).count(), 92);
/// assert_eq!(stack_assumptions(&generators).take(2).count(), 2); // not unique
/// ```
pub fn stack_assumptions<G, I>(generators: &[G]) -> Assumptions<'_, G, I>
where
    G: Fn() -> I,
    I: Iterator,
{
    Assumptions {
        generators,
        stack: Stack {
            frames: Vec::with_capacity(generators.len()),
            guards: Vec::with_capacity(generators.len()),
        },
        stats: Stats::with_levels(generators.len()),
        observer: (),
        order: InOrder,
        state: State::Fresh,
        stopped: false,
        split: Split::default(),
    }
}

/// The lazy search returned by [`stack_assumptions`]; an [`Iterator`] of solutions.
///
/// Each item is `()`: the solution is in the shared state the generators manipulate. Counters are
/// in [`stats`](Self::stats); [`observe`](Self::observe) adds a trace hook and
/// [`fewest_first`](Self::fewest_first) a dynamic slot order.
#[must_use = "the search is lazy and does nothing unless iterated"]
pub struct Assumptions<'g, G, I: Iterator, O = (), S = InOrder> {
    generators: &'g [G],
    stack: Stack<I>,
    stats: Stats,
    observer: O,
    order: S,
    state: State,
    /// An observer returned `ControlFlow::Break`: the search ended before it was exhausted.
    stopped: bool,
    /// Where the search is cut: the levels it stops at, and the prefix it starts below.
    split: Split,
}

/// A search cut out of a larger one (see [`Assumptions::to_depth`] and
/// [`Assumptions::below`]): by default the whole tree.
#[derive(Clone, Debug)]
struct Split {
    /// Assumptions on this level are leaves: yielded, not searched below.
    ceiling: usize,
    /// The assumptions to make again, without counting them, before searching below them.
    prefix: Vec<u32>,
}

impl Default for Split {
    fn default() -> Split {
        Split { ceiling: usize::MAX, prefix: Vec::new() }
    }
}

/// The explicit stack: one frame a level, allocated once, pushed and popped, never reallocated.
///
/// No recursion, so a search a million levels deep is fine (regex-automata's backtracker keeps
/// its stack on the heap for the same reason). Its `Drop` pops the assumptions last-in
/// first-out: a `Vec` on its own would drop them first-in first, taking back the oldest
/// assumption first.
///
/// The assumptions in force sit in a stack of their own, beside the frames: `guards[i]` is the
/// assumption of `frames[i]`, and the top frame has none while it is fresh. (A first version
/// kept an `Option` of the guard in each frame; the separate stack saves writing and testing
/// the `Option` at every node.)
struct Stack<I: Iterator> {
    frames: Vec<Frame<I>>,
    guards: Vec<I::Item>,
}

impl<I: Iterator> Stack<I> {
    /// Take every assumption back, the last first, and clear the frames.
    fn unwind(&mut self) {
        while let Some(guard) = self.guards.pop() {
            drop(guard);
        }
        self.frames.clear();
    }
}

impl<I: Iterator> Drop for Stack<I> {
    fn drop(&mut self) {
        self.unwind();
    }
}

/// One level of the search: which slot, and its resumable iterator.
struct Frame<I> {
    iter: I,
    slot: usize,
    /// How many candidates the iterator has given: the one in force is number `taken - 1`.
    taken: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Nothing searched yet: the next call visits the root.
    Fresh,
    /// Frames are on the stack (or the stack ran empty and the next call finds it so).
    Running,
    /// Exhausted; stays so (the iterator is fused).
    Done,
}

impl<'g, G, I, O, S> Assumptions<'g, G, I, O, S>
where
    G: Fn() -> I,
    I: Iterator,
{
    /// Call `observer` on every event of the search: each assumption made and taken back, each
    /// dead end and each solution, with its level.
    ///
    /// Any `FnMut(Event<'_, A>)` closure is an observer. Without one the hook is `()`, whose
    /// empty inlined method compiles to nothing: the plain search pays nothing for it.
    ///
    /// Assumptions still in force when the iterator is dropped are taken back silently: the
    /// observer is not called from `Drop`, which may run while a panic unwinds.
    ///
    /// # Examples
    ///
    /// ```
    /// use backtrack::{stack_assumptions, Attempt, Event};
    ///
    /// // Two slots with two candidates each; the second slot refuses to repeat the first.
    /// let first = std::cell::Cell::new(0);
    /// let generators = [0, 1].map(|slot| {
    ///     let first = &first;
    ///     move || {
    ///         (1..=2).filter(move |&v| slot == 0 || v != first.get()).map(move |v| {
    ///             if slot == 0 { first.set(v) }
    ///             Attempt::new(v, |_| ())
    ///         })
    ///     }
    /// });
    /// let mut trace = Vec::new();
    /// let solutions = stack_assumptions(&generators)
    ///     .observe(|event: Event<'_, Attempt<i32, _>>| trace.push(match event {
    ///         Event::Assume { level, assumption, .. } => format!("{level}: assume {}", **assumption),
    ///         Event::TakeBack { level, .. } => format!("{level}: take back"),
    ///         Event::DeadEnd { level, .. } => format!("{level}: dead end"),
    ///         Event::Solution { .. } => "solution".to_string(),
    ///     }))
    ///     .count();
    /// assert_eq!(solutions, 2);
    /// assert_eq!(trace[..4], ["1: assume 1", "2: assume 2", "solution", "2: take back"]);
    /// ```
    pub fn observe<O2>(self, observer: O2) -> Assumptions<'g, G, I, O2, S>
    where
        O2: Observer<I::Item>,
    {
        let Assumptions { generators, stack, stats, order, state, stopped, split, .. } = self;
        Assumptions { generators, stack, stats, observer, order, state, stopped, split }
    }

    /// Take next, at each level, the slot whose generator offers the fewest candidates (the
    /// leftmost on ties); a slot with none is a dead end at once.
    ///
    /// This is the "minimum remaining values" rule of Knuth's Algorithm X and Norvig's Sudoku
    /// solver. It calls every remaining generator at each node to see how many candidates each
    /// offers without taking one (taking one makes an assumption): the exact length of an
    /// [`ExactSizeIterator`], else the upper bound of the iterator's `size_hint`, which a
    /// `filter` takes from what it filters. Generators that know their length choose well; the
    /// others still search every solution, in a rougher order. It pays for itself when it
    /// prunes.
    ///
    /// # Examples
    ///
    /// What order does to the size of a search, on the seed's newspaper Sudoku: searched to the
    /// end (which proves the solution unique), reading order walks 1,271 nodes, the
    /// fewest-candidates order 85.
    ///
    /// ```
    /// use backtrack::stack_assumptions;
    /// use backtrack::sudoku::Board;
    ///
    /// let board: Board = "006007403000906020500304006740000010809000304010000057200603005030208000405700200".parse()?;
    /// let generators = board.generators();
    ///
    /// let mut in_order = stack_assumptions(&generators);
    /// assert_eq!(in_order.by_ref().count(), 1);
    /// assert_eq!(in_order.stats().nodes(), 1271);
    ///
    /// let mut fewest = stack_assumptions(&generators).fewest_first();
    /// assert_eq!(fewest.by_ref().count(), 1);
    /// assert_eq!(fewest.stats().nodes(), 85);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A slot with no candidate at all is found at once, wherever it is:
    ///
    /// ```
    /// use backtrack::{stack_assumptions, Attempt};
    ///
    /// let sizes = [10, 2, 3, 0];
    /// let generators: Vec<_> = sizes
    ///     .iter()
    ///     .map(|&n| move || (0..n).map(|v| Attempt::new(v, |_| ())))
    ///     .collect();
    ///
    /// let mut in_order = stack_assumptions(&generators);
    /// assert_eq!(in_order.by_ref().count(), 0);
    /// assert_eq!(in_order.stats().nodes(), 1 + 10 + 20 + 60);
    ///
    /// let mut fewest = stack_assumptions(&generators).fewest_first();
    /// assert_eq!(fewest.by_ref().count(), 0);
    /// assert_eq!(fewest.stats().nodes(), 1); // only the root: slot 3 is a dead end
    /// ```
    pub fn fewest_first(self) -> Assumptions<'g, G, I, O, FewestFirst> {
        let Assumptions { generators, stack, stats, observer, state, stopped, split, .. } = self;
        // The identity permutation agrees with the static order on any prefix already searched.
        let order = FewestFirst::new(generators.len());
        Assumptions { generators, stack, stats, observer, order, state, stopped, split }
    }

    /// The counters so far: nodes per level, dead ends, solutions.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The observer given to [`observe`](Self::observe), for instance to read what it collected.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// Whether an observer ended the search early (by returning `ControlFlow::Break`).
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// The number of assumptions in force: the level the search is on.
    pub fn level(&self) -> usize {
        self.stack.guards.len()
    }

    /// The slots in the order the current path reached them, each with its assumption.
    ///
    /// After a solution this is the whole path from the root: useful with
    /// [`fewest_first`](Self::fewest_first), where the order of the slots varies along paths.
    pub fn path(&self) -> impl Iterator<Item = (usize, &I::Item)> + '_ {
        self.stack.frames.iter().zip(&self.stack.guards).map(|(f, g)| (f.slot, g))
    }

    /// Search the tree down to level `depth` only (at least 1): each assumption made on that
    /// level is a *leaf*, yielded as a solution is (the state then holds the leaf's
    /// assumptions, and [`prefix`](Self::prefix) names it) but not searched below. The
    /// counters count the tree down to that level, leaves included; a leaf is no solution.
    ///
    /// With [`below`](Self::below), this cuts one search into independent parts: the tree
    /// above the leaves, and one subtree below each leaf. Their counters add up to the whole
    /// search's exactly ([`Stats::add`]); [`split`](crate::split) runs the parts on threads or
    /// as shards.
    ///
    /// ```
    /// use backtrack::{stack_assumptions, Attempt};
    ///
    /// // Three slots of two values each: 8 solutions, 15 nodes.
    /// let generators = vec![|| (0..2).map(|_| Attempt::new((), |_| ())); 3];
    /// let mut top = stack_assumptions(&generators).to_depth(2);
    /// let mut prefixes = Vec::new();
    /// while top.next().is_some() {
    ///     assert!(top.at_leaf());
    ///     prefixes.push(top.prefix());
    /// }
    /// assert_eq!(prefixes, [[0, 0], [0, 1], [1, 0], [1, 1]]);
    /// let mut total = top.stats().clone();
    /// for prefix in &prefixes {
    ///     let mut below = stack_assumptions(&generators).below(prefix);
    ///     assert_eq!(below.by_ref().count(), 2);
    ///     total.add(below.stats());
    /// }
    /// let mut whole = stack_assumptions(&generators);
    /// assert_eq!(whole.by_ref().count(), 8);
    /// assert_eq!(&total, whole.stats());
    /// assert_eq!(total.profile(), [1, 2, 4, 8]);
    /// ```
    pub fn to_depth(mut self, depth: usize) -> Self {
        self.split.ceiling = depth.max(1);
        self
    }

    /// Search only the subtree below `prefix`, the candidate numbers of the assumptions on
    /// levels 1, 2, ... (as [`prefix`](Self::prefix) gives them at a leaf of
    /// [`to_depth`](Self::to_depth)). The assumptions of the prefix are made again, neither
    /// counted nor observed (the search above counted them); the counters count the subtree
    /// below them only. A prefix that names no path of the search (a candidate that is not
    /// there) yields nothing.
    pub fn below(mut self, prefix: &[u32]) -> Self {
        self.split.prefix = prefix.to_vec();
        self
    }

    /// The candidate numbers (from 0, in the order the generators offer them) of the
    /// assumptions in force, from level 1 up: the name of the subtree below them.
    pub fn prefix(&self) -> Vec<u32> {
        self.stack.frames.iter().zip(&self.stack.guards).map(|(f, _)| f.taken - 1).collect()
    }

    /// Whether the item just yielded is a leaf of [`to_depth`](Self::to_depth) rather than a
    /// solution.
    pub fn at_leaf(&self) -> bool {
        self.stack.guards.len() < self.generators.len()
    }
}

impl<G, I, O, S> Iterator for Assumptions<'_, G, I, O, S>
where
    G: Fn() -> I,
    I: Iterator,
    O: Observer<I::Item>,
    S: SlotOrder<G, I>,
{
    type Item = ();

    fn next(&mut self) -> Option<()> {
        let slots = self.generators.len();
        // `fresh`: the top frame has just been pushed and holds no assumption yet.
        if self.stopped {
            return self.stop();
        }
        let mut fresh = match self.state {
            State::Done => return None,
            State::Running => false,
            State::Fresh => {
                self.state = State::Running;
                let below = self.split.prefix.len();
                if below == 0 {
                    self.stats.profile[0] = 1; // the root
                    if slots == 0 {
                        self.state = State::Done;
                        self.stats.solutions = 1;
                        let _ = self.observer.event(Event::Solution { level: 0 });
                        return Some(());
                    }
                } else if below >= slots || !self.replay() {
                    return self.stop_quietly();
                }
                self.push(below);
                true
            }
        };
        // The whole search is this loop. The top frame is fresh, or holds the assumption whose
        // subtree has just been searched: take that back, pull the next candidate, and go up a
        // level with it, or back down a level when there is none.
        loop {
            let level = self.stack.frames.len(); // the level the next assumption would create
            let Some(top) = self.stack.frames.last_mut() else {
                self.state = State::Done;
                return None;
            };
            if !fresh {
                if let Some(guard) = self.stack.guards.pop() {
                    let flow =
                        self.observer.event(Event::TakeBack { level, slot: top.slot, assumption: &guard });
                    drop(guard); // free, *before* the generator computes its next candidate
                    if flow.is_break() {
                        return self.stop();
                    }
                }
            }
            match top.iter.next() {
                Some(guard) => {
                    top.taken += 1;
                    self.stats.profile[level] += 1;
                    let flow =
                        self.observer.event(Event::Assume { level, slot: top.slot, assumption: &guard });
                    self.stack.guards.push(guard);
                    if flow.is_break() {
                        return self.stop();
                    }
                    if level == slots {
                        self.stats.solutions += 1;
                        if self.observer.event(Event::Solution { level }).is_break() {
                            self.stopped = true; // this solution is reported; the next call ends
                        }
                        return Some(());
                    }
                    if level == self.split.ceiling {
                        return Some(()); // a leaf: the search below it is another part's
                    }
                    self.push(level);
                    fresh = true;
                }
                None => {
                    if fresh {
                        self.stats.dead_ends += 1;
                        if self.observer.event(Event::DeadEnd { level: level - 1, slot: top.slot }).is_break()
                        {
                            return self.stop();
                        }
                    }
                    self.stack.frames.pop();
                    fresh = false;
                    if !self.split.prefix.is_empty() && self.stack.frames.len() == self.split.prefix.len() {
                        // Below a prefix: its subtree is searched; the prefix is not ours to move on.
                        return self.stop_quietly();
                    }
                }
            }
        }
    }
}

impl<G, I, O, S> Assumptions<'_, G, I, O, S>
where
    G: Fn() -> I,
    I: Iterator,
    O: Observer<I::Item>,
    S: SlotOrder<G, I>,
{
    /// Search to the end and count what the iterator would yield: the solutions (and the
    /// leaves of a search cut with [`to_depth`](Self::to_depth)). The same as
    /// `search.by_ref().count()`, the same events and counters, but faster: a search that has
    /// not started and is at most [`RECURSION_DEPTH`] slots deep runs as a recursion, each
    /// level's iterator in a frame of the call stack, where the compiler keeps it in registers
    /// (the hand-written bitboard's shape); the explicit stack is what makes `next()`
    /// resumable, and counting everything needs no resuming. Deeper searches, and those
    /// already under way, take the explicit stack.
    ///
    /// ```
    /// use backtrack::{stack_assumptions, Attempt};
    ///
    /// let generators: Vec<_> = (0..3).map(|_| || (0..4).map(|v| Attempt::new(v, |_| ()))).collect();
    /// let mut search = stack_assumptions(&generators);
    /// assert_eq!(search.count_all(), 64);
    /// assert_eq!(search.stats().nodes(), 1 + 4 + 16 + 64);
    /// ```
    pub fn count_all(&mut self) -> u64 {
        let slots = self.generators.len();
        // Each level's frame holds its iterator: a few hundred kilobytes of call stack at most.
        let frames = slots.saturating_mul(std::mem::size_of::<I>() + 128);
        let recursive =
            self.state == State::Fresh && !self.stopped && slots <= RECURSION_DEPTH && frames <= 1 << 18;
        if !recursive || slots == 0 || self.split.prefix.len() >= slots {
            return self.by_ref().count() as u64;
        }
        self.state = State::Running;
        let below = self.split.prefix.len();
        if below == 0 {
            self.stats.profile[0] = 1; // the root
        } else if !self.replay() {
            self.stop_quietly();
            return 0;
        }
        let mut found = 0;
        if self.descend(below, &mut found).is_break() {
            self.stopped = true;
        }
        // Below a prefix, the prefix's assumptions are not this search's to move on.
        self.state = State::Done;
        self.stack.unwind();
        found
    }

    /// Search below `level` assumptions in force by recursion: what `next()` does, event for
    /// event and counter for counter; `found` counts the items `next()` would yield.
    fn descend(&mut self, level: usize, found: &mut u64) -> ControlFlow<()> {
        let (slot, iter) = self.order.choose(self.generators, level);
        let deeper = level + 1;
        let mut fresh = true;
        for guard in iter {
            fresh = false;
            self.stats.profile[deeper] += 1;
            self.observer.event(Event::Assume { level: deeper, slot, assumption: &guard })?;
            if deeper == self.generators.len() {
                self.stats.solutions += 1;
                *found += 1;
                self.observer.event(Event::Solution { level: deeper })?;
            } else if deeper == self.split.ceiling {
                *found += 1; // a leaf: the search below it is another part's
            } else {
                self.descend(deeper, found)?;
            }
            let flow = self.observer.event(Event::TakeBack { level: deeper, slot, assumption: &guard });
            drop(guard); // free, *before* the generator computes its next candidate
            flow?;
        }
        if fresh {
            self.stats.dead_ends += 1;
            self.observer.event(Event::DeadEnd { level, slot })?;
        }
        ControlFlow::Continue(())
    }
}

/// The deepest search [`Assumptions::count_all`] runs as a recursion (a frame of the call
/// stack a level, 256 KiB of them at most); deeper ones take the explicit stack.
pub const RECURSION_DEPTH: usize = 1024;

impl<G, I, O, S> FusedIterator for Assumptions<'_, G, I, O, S>
where
    G: Fn() -> I,
    I: Iterator,
    O: Observer<I::Item>,
    S: SlotOrder<G, I>,
{
}

impl<G, I, O, S> Assumptions<'_, G, I, O, S>
where
    G: Fn() -> I,
    I: Iterator,
    S: SlotOrder<G, I>,
{
    /// End the search early, as an observer asked: take every assumption back, last first.
    fn stop(&mut self) -> Option<()> {
        self.stopped = true;
        self.state = State::Done;
        self.stack.unwind();
        None
    }

    /// Reach a new level: choose its slot and call that slot's generator, on the state as it is.
    fn push(&mut self, level: usize) {
        let (slot, iter) = self.order.choose(self.generators, level);
        self.stack.frames.push(Frame { iter, slot, taken: 0 });
    }

    /// Make the assumptions of the prefix again, uncounted: `false` if one is not there.
    fn replay(&mut self) -> bool {
        for level in 0..self.split.prefix.len() {
            self.push(level);
            let wanted = self.split.prefix[level];
            let Some(top) = self.stack.frames.last_mut() else { return false };
            while top.taken < wanted {
                let Some(skipped) = top.iter.next() else { return false };
                top.taken += 1;
                drop(skipped); // made and taken back, as the whole search would have
            }
            let Some(guard) = top.iter.next() else { return false };
            top.taken += 1;
            self.stack.guards.push(guard);
        }
        true
    }

    /// The end of a search that was not stopped: every assumption taken back, last first.
    fn stop_quietly(&mut self) -> Option<()> {
        self.state = State::Done;
        self.stack.unwind();
        None
    }
}

impl<G, I: Iterator, O: std::fmt::Debug, S: std::fmt::Debug> std::fmt::Debug for Assumptions<'_, G, I, O, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Assumptions")
            .field("slots", &self.generators.len())
            .field("frames", &self.stack.frames.len())
            .field("state", &self.state)
            .field("stats", &self.stats)
            .field("observer", &self.observer)
            .field("order", &self.order)
            .finish()
    }
}

/// What happened in the search, as an [`Observer`] sees it.
///
/// `level` is the level of the node concerned: an assumption for the first slot reached makes a
/// node on level 1, a dead end found with three assumptions in force is on level 3.
#[derive(Debug)]
pub enum Event<'a, A> {
    /// An assumption was made for `slot`, creating a node on `level`.
    Assume {
        /// The level of the new node.
        level: usize,
        /// The slot the assumption is for.
        slot: usize,
        /// The assumption (the guard) now in force.
        assumption: &'a A,
    },
    /// The assumption on `level` is about to be taken back.
    TakeBack {
        /// The level of the node being left.
        level: usize,
        /// The slot the assumption was for.
        slot: usize,
        /// The assumption about to be dropped.
        assumption: &'a A,
    },
    /// `slot`'s generator offered no candidate: the assumptions on levels 1..=`level` conflict.
    DeadEnd {
        /// The number of assumptions in force.
        level: usize,
        /// The slot without a candidate.
        slot: usize,
    },
    /// Every slot holds an assumption: the shared state holds a solution.
    Solution {
        /// The level of the solution node (the number of slots).
        level: usize,
    },
}

// An event only borrows the assumption: it copies whatever the assumption is.
impl<A> Clone for Event<'_, A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A> Copy for Event<'_, A> {}

/// A hook called on every [`Event`] of a search; see [`Assumptions::observe`].
///
/// Implemented by `()` (does nothing, costs nothing) and by every `FnMut(Event<'_, A>)` closure
/// that returns `()` or a [`ControlFlow`]: returning `ControlFlow::Break(())` ends the search
/// at once (every assumption is taken back, and the iterator returns `None` from then on;
/// [`Assumptions::is_stopped`] tells this from exhaustion). After a `Solution` event, the
/// solution is still reported and the search ends on the next call.
pub trait Observer<A> {
    /// Called once for each event, in the order they happen.
    fn event(&mut self, event: Event<'_, A>) -> ControlFlow<()>;
}

impl<A> Observer<A> for () {
    #[inline(always)]
    fn event(&mut self, _: Event<'_, A>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl<A, R: Verdict, F: FnMut(Event<'_, A>) -> R> Observer<A> for F {
    #[inline]
    fn event(&mut self, event: Event<'_, A>) -> ControlFlow<()> {
        self(event).verdict()
    }
}

/// What an observer closure may return: `()` (go on) or a [`ControlFlow`].
pub trait Verdict {
    /// Go on, or stop the search.
    fn verdict(self) -> ControlFlow<()>;
}

impl Verdict for () {
    #[inline(always)]
    fn verdict(self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl Verdict for ControlFlow<()> {
    #[inline(always)]
    fn verdict(self) -> ControlFlow<()> {
        self
    }
}

/// How the driver picks the slot of each new level.
///
/// A choice must be among the slots not yet taken on the current path; [`InOrder`] and
/// [`FewestFirst`] are the two the crate offers.
pub trait SlotOrder<G, I> {
    /// Pick the slot for `level` (0-based: `level` slots are already taken on the path), call
    /// its generator, and return the slot with the iterator.
    fn choose(&mut self, generators: &[G], level: usize) -> (usize, I);
}

/// The static order: slot `i` on level `i + 1`, as in the seed's `stack_assumptions`.
#[derive(Clone, Copy, Debug, Default)]
pub struct InOrder;

impl<G: Fn() -> I, I> SlotOrder<G, I> for InOrder {
    #[inline]
    fn choose(&mut self, generators: &[G], level: usize) -> (usize, I) {
        (level, generators[level]())
    }
}

/// The dynamic order of [`Assumptions::fewest_first`]: the slot with the fewest candidates,
/// the first in the order of the open slots among equals.
#[derive(Clone, Debug)]
pub struct FewestFirst {
    /// A permutation of the slots: `slots[..level]` are the path's, the rest are still open.
    slots: Vec<usize>,
    /// The swap that brought each level's slot into place. Before a level chooses again, the
    /// swaps of the levels from it up are undone, last first, so the arrangement of the open
    /// slots, and with it the choice among equals, depends on the path alone: a subtree
    /// searched on its own ([`Assumptions::below`]) chooses as the whole search did there.
    /// (Without the undo, the earlier subtrees' swaps reordered the open slots.)
    swaps: Vec<usize>,
}

impl FewestFirst {
    pub(crate) fn new(slots: usize) -> FewestFirst {
        FewestFirst { slots: (0..slots).collect(), swaps: Vec::with_capacity(slots) }
    }
}

impl<G: Fn() -> I, I: Iterator> SlotOrder<G, I> for FewestFirst {
    fn choose(&mut self, generators: &[G], level: usize) -> (usize, I) {
        while self.swaps.len() > level {
            let undone = self.swaps.len() - 1;
            let j = self.swaps.pop().unwrap_or(0);
            self.slots[undone..].swap(0, j);
        }
        let open = &mut self.slots[level..];
        let mut best = 0;
        let mut best_iter = generators[open[0]]();
        for (j, &slot) in open.iter().enumerate().skip(1) {
            if promised(&best_iter) == 0 {
                break; // nothing beats a dead end
            }
            let iter = generators[slot]();
            if promised(&iter) < promised(&best_iter) {
                (best, best_iter) = (j, iter);
            }
        }
        open.swap(0, best);
        self.swaps.push(best);
        (open[0], best_iter)
    }
}

/// How many candidates an iterator promises, without taking one (taking one makes an
/// assumption): the exact length of an [`ExactSizeIterator`], else the upper bound of its
/// `size_hint` (a `filter` promises what it filters), or `usize::MAX` when it has none.
#[inline]
pub(crate) fn promised<I: Iterator>(iter: &I) -> usize {
    iter.size_hint().1.unwrap_or(usize::MAX)
}

/// Counters of a search: nodes per level, dead ends, solutions.
///
/// Nodes are counted as Knuth counts them in his backtrack profiles: the root on level 0, then one
/// node for every assumption made. Eight queens placed row by row in column order give the
/// profile 1, 8, 42, 140, 344, 568, 550, 312, 92: 2,057 nodes in all (OEIS A319284).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    profile: Vec<u64>,
    dead_ends: u64,
    solutions: u64,
}

impl Stats {
    fn with_levels(slots: usize) -> Self {
        Stats { profile: vec![0; slots + 1], dead_ends: 0, solutions: 0 }
    }

    /// Nodes of the search tree so far, the root included.
    pub fn nodes(&self) -> u64 {
        self.profile.iter().sum()
    }

    /// Assumptions made so far: the nodes less the root.
    pub fn assumptions(&self) -> u64 {
        self.nodes().saturating_sub(1)
    }

    /// Slots reached whose generator offered no candidate.
    pub fn dead_ends(&self) -> u64 {
        self.dead_ends
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The deepest level reached (0 before the search or when only the root was visited).
    pub fn deepest(&self) -> usize {
        self.profile.iter().rposition(|&n| n > 0).unwrap_or(0)
    }

    /// Nodes on each level, from the root (level 0) to the number of slots.
    pub fn profile(&self) -> &[u64] {
        &self.profile
    }

    /// Add the counters of another part of the same search (see
    /// [`Assumptions::to_depth`]): nodes level by level, dead ends, solutions.
    pub fn add(&mut self, other: &Stats) {
        if self.profile.len() < other.profile.len() {
            self.profile.resize(other.profile.len(), 0);
        }
        for (sum, n) in self.profile.iter_mut().zip(&other.profile) {
            *sum += n;
        }
        self.dead_ends += other.dead_ends;
        self.solutions += other.solutions;
    }
}
