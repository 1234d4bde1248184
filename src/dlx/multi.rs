//! Knuth's Algorithm M: exact cover with multiplicities (and colours), step for step as his
//! DLX3 takes it, with his counts.
//!
//! A primary item may ask to be covered between `lo` and `hi` times
//! ([`Matrix::set_bounds`]). Each node of the search branches on the active primary item of
//! least *branching degree* `len + s - bound + 1` (`s` the slack left, at most the bound),
//! preferring less slack, then longer lists; it either covers the item (when its last cover is
//! due) or *tweaks* it: takes its topmost option, and later the next, out of the list, so that
//! each set of options is tried once. An item with slack left may also be dropped with no
//! option (a null move).

use super::Budget;
use super::matrix::Matrix;
use super::solver::{Limits, Move, Outcome, Stats, event, tell};
use crate::Observer;
use crate::split::Leaves;
use std::ops::ControlFlow;

/// A search for the covers of a [`Matrix`] with multiplicities: Knuth's Algorithm M (DLX3).
///
/// ```
/// use backtrack::dlx::{Matrix, MultiSolver};
///
/// // Choose options of {A, B}, {A}, {B} so that A is covered twice and B once or twice.
/// let mut m = Matrix::new(2, 0);
/// m.set_bounds(0, 2, 2)?;
/// m.set_bounds(1, 1, 2)?;
/// for items in [&[0, 1][..], &[0], &[1], &[0]] {
///     m.add_option(items)?;
/// }
/// let mut solutions = Vec::new();
/// let stats = MultiSolver::new(&mut m).search(|options| {
///     let mut options = options.to_vec();
///     options.sort();
///     solutions.push(options);
///     true
/// });
/// solutions.sort();
/// // A twice from {A B}, {A}, {A}; B once or twice from {A B}, {B}.
/// assert_eq!(solutions, [vec![0, 1], vec![0, 1, 2], vec![0, 2, 3], vec![0, 3], vec![1, 2, 3]]);
/// assert_eq!(stats.solutions, 5);
/// # Ok::<(), backtrack::dlx::DlxError>(())
/// ```
pub struct MultiSolver<'m> {
    matrix: &'m mut Matrix,
    /// Per item header: how many more covers it may take, and of those how many it may do
    /// without; index 0 unused. Side by side, as DLX3 keeps them beside the item's links: the
    /// choice of an item reads both of every active item at every node.
    left: Vec<Left>,
    stats: Stats,
    budget: Limits,
    outcome: Outcome,
    /// Told every move, when watched ([`MultiSolver::watch`]).
    watcher: Option<Watcher<'m>>,
}

impl std::fmt::Debug for MultiSolver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MultiSolver")
            .field("stats", &self.stats)
            .field("outcome", &self.outcome)
            .field("watched", &self.watcher.is_some())
            .finish_non_exhaustive()
    }
}

/// What [`MultiSolver::watch`] keeps: the observer, told each move as [`Solver`](super::Solver)
/// tells its own.
type Watcher<'m> = Box<dyn FnMut(Move) -> ControlFlow<()> + 'm>;

/// The item of node `cur` of a level (an item's header: that item).
fn item_at(matrix: &Matrix, cur: u32) -> usize {
    let header = if cur < matrix.last_item() { cur } else { matrix.item_of(cur) };
    header as usize - 1
}

/// The option of node `cur` of a level (an item's header: the null move).
fn option_at(matrix: &Matrix, cur: u32) -> usize {
    if cur > matrix.last_item() { matrix.option_of(cur) } else { MultiSolver::NULL_MOVE }
}

/// The moves of a prefix of nodes ([`MultiSolver::prefixes`]): each node's option, or
/// [`MultiSolver::NULL_MOVE`] for an item's header, as
/// [`BitMultiSolver`](super::BitMultiSolver) replays them.
pub(super) fn moves_of(matrix: &Matrix, prefix: &[u32]) -> Vec<usize> {
    prefix.iter().map(|&cur| option_at(matrix, cur)).collect()
}

/// DLX3's `bound` and `slack` of an item: how many more covers it may take, and of those how
/// many it may do without.
#[derive(Clone, Copy, Debug)]
struct Left {
    bound: i64,
    slack: i64,
}

/// The levels of a search: the node chosen on each (an item's header for a null move), and the
/// topmost option of its item before its first tweak (0: not tweaked).
#[derive(Debug, Default)]
struct Walk {
    choice: Vec<u32>,
    first_tweak: Vec<u32>,
}

impl<'m> MultiSolver<'m> {
    /// A search of `matrix`, every item's bounds as [`Matrix::bounds`] gives them.
    pub fn new(matrix: &'m mut Matrix) -> MultiSolver<'m> {
        let items = matrix.items();
        let mut left = vec![Left { bound: 1, slack: 0 }; items + 2];
        for item in 0..matrix.primary_items() {
            let (lo, hi) = matrix.bounds(item);
            left[item + 1] = Left { bound: i64::from(hi), slack: i64::from(hi - lo) };
        }
        MultiSolver {
            matrix,
            left,
            stats: Stats::default(),
            budget: Limits::default(),
            outcome: Outcome::Running,
            watcher: None,
        }
    }

    /// The assumption of a null move in the watcher's events: no option, the item drops the
    /// covers it may do without.
    pub const NULL_MOVE: usize = usize::MAX;

    /// Tell `watcher` every move of the search as the crate's one [`Event`](crate::Event), as
    /// [`Solver::watch`](super::Solver::watch) does: an option chosen (or
    /// [`NULL_MOVE`](Self::NULL_MOVE)) is an assumption for its item, taken back as one; an
    /// item that cannot be covered often enough any more is a dead end. The watcher can stop
    /// the search ([`Outcome::Stopped`]), the matrix left as it was.
    pub fn watch(mut self, mut watcher: impl Observer<usize> + 'm) -> Self {
        self.watcher = Some(Box::new(move |mv| event(mv, |e| watcher.event(e))));
        self
    }

    /// Stop the search, with [`Outcome::OutOfBudget`], past the budget's nodes or updates or
    /// at its deadline.
    pub fn budget(mut self, budget: &Budget) -> Self {
        self.budget = Limits::of(budget);
        self
    }

    /// The counters so far, as DLX3 counts them: every node entered (a solution is one),
    /// updates, cleansings.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// How the search ended.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The primary item to branch on and its branching degree (`None`: no active primary
    /// item, a solution). Knuth's rule: least degree, then least slack, then longest list.
    fn choose(&self) -> Option<(u32, i64)> {
        // (item, score, slack, len) of the best so far; plain loads, no allocation: this runs
        // at every node.
        let (mut best, mut score, mut best_s, mut best_l) = (0u32, i64::MAX, 0i64, 0i64);
        let mut k = self.matrix.next_active(0);
        while k != 0 {
            let (Left { bound, slack }, len) = (self.left[k as usize], i64::from(self.matrix.len(k)));
            let s = slack.min(bound);
            let t = len + s - bound + 1;
            if t < score || (t == score && (s < best_s || (s == best_s && len > best_l))) {
                (best, score, best_s, best_l) = (k, t, s, len);
            }
            k = self.matrix.next_active(k);
        }
        (best != 0).then_some((best, score))
    }

    /// Cover or partially cover the items of `node`'s option other than its own.
    fn cover_others(&mut self, node: u32) {
        let primary_end = self.matrix.primary_items() as u32;
        let mut p = node + 1;
        while p != node {
            let item = self.matrix.item_of(p);
            if item > self.matrix.last_item() {
                p = self.matrix.up(p); // a spacer: back to the option's first node
                continue;
            }
            if item <= primary_end {
                self.left[item as usize].bound -= 1;
                if self.left[item as usize].bound == 0 {
                    self.stats.updates += self.matrix.cover_m(item, true);
                }
            } else {
                match self.matrix.node_color(p) {
                    0 => self.stats.updates += self.matrix.cover_m(item, true),
                    c if c > 0 => self.stats.updates += self.matrix.purify_m(p, &mut self.stats.cleansings),
                    _ => {}
                }
            }
            p += 1;
        }
    }

    /// Undo [`cover_others`](Self::cover_others), going left.
    fn uncover_others(&mut self, node: u32) {
        let primary_end = self.matrix.primary_items() as u32;
        let mut p = node - 1;
        while p != node {
            let item = self.matrix.item_of(p);
            if item > self.matrix.last_item() {
                p = self.matrix.down(p); // a spacer: on to the option's last node
                continue;
            }
            if item <= primary_end {
                if self.left[item as usize].bound == 0 {
                    self.matrix.uncover_m(item, true);
                }
                self.left[item as usize].bound += 1;
            } else {
                match self.matrix.node_color(p) {
                    0 => self.matrix.uncover_m(item, true),
                    c if c > 0 => self.matrix.unpurify_m(p),
                    _ => {}
                }
            }
            p -= 1;
        }
    }

    /// Run the whole search, calling `solution` with the options of each solution (a null
    /// move adds none); it returns `false` to stop ([`Outcome::Stopped`]). The counters at the
    /// end; the matrix is as it was.
    pub fn search(&mut self, solution: impl FnMut(&[usize]) -> bool) -> Stats {
        self.run(true, solution)
    }

    /// Count every solution: [`search`](Self::search) without reading the options of each.
    pub fn count(&mut self) -> Stats {
        self.run(false, |_| true)
    }

    fn run(&mut self, list: bool, solution: impl FnMut(&[usize]) -> bool) -> Stats {
        let mut walk = Walk::default();
        // The watcher's tests compiled out of the search that has none.
        if self.watcher.is_some() {
            self.walk::<true>(&mut walk, usize::MAX, list, solution, |_| {});
        } else {
            self.walk::<false>(&mut walk, usize::MAX, list, solution, |_| {});
        }
        self.stats
    }

    /// The search from `walk`'s level down: a whole search from level 0, or a subtree below a
    /// prefix [`replay`](Self::replay)ed into `walk`, which ends when it backs up to that
    /// level. At level `ceiling` it hands the choices that led there to `leaf` and backs up
    /// without entering the node, whose subtree is another search's (the counters of the two
    /// add up to one search's).
    fn walk<const WATCHED: bool>(
        &mut self,
        walk: &mut Walk,
        ceiling: usize,
        list: bool,
        mut solution: impl FnMut(&[usize]) -> bool,
        mut leaf: impl FnMut(&[u32]),
    ) {
        #[derive(Clone, Copy)]
        enum Step {
            Forward,
            Advance,
            Backup,
            Backdown,
        }
        let last_item = self.matrix.last_item();
        // Per level: the node chosen (an item's header for a null move), and the topmost
        // option of the item before its first tweak (0: not tweaked).
        let Walk { choice, first_tweak } = walk;
        let floor = choice.len();
        let mut options: Vec<usize> = Vec::new();
        let (mut level, mut best, mut cur) = (floor, 0u32, 0u32);
        let mut step = Step::Forward;
        // The watcher asked to stop as a move was taken back.
        let mut stop_pending = false;
        loop {
            match step {
                Step::Forward => {
                    if WATCHED && stop_pending {
                        return self.stop(Outcome::Stopped, choice, first_tweak, floor..level);
                    }
                    if level == ceiling {
                        leaf(&choice[..level]);
                        step = Step::Backdown;
                        continue;
                    }
                    if self.budget.stop_before(&self.stats) {
                        return self.stop(Outcome::OutOfBudget, choice, first_tweak, floor..level);
                    }
                    self.stats.nodes += 1;
                    match self.choose() {
                        None => {
                            self.stats.solutions += 1;
                            options.clear();
                            if list {
                                let chosen = choice[..level].iter().filter(|&&c| c > last_item);
                                options.extend(chosen.map(|&c| self.matrix.option_of(c)));
                            }
                            let stop = WATCHED && tell(&mut self.watcher, || Move::Solution { level });
                            if stop || !solution(&options) {
                                return self.stop(Outcome::Stopped, choice, first_tweak, floor..level);
                            }
                            step = Step::Backdown;
                        }
                        Some((item, score)) if score <= 0 => {
                            let item = item as usize - 1;
                            if WATCHED && tell(&mut self.watcher, || Move::DeadEnd { level, item }) {
                                return self.stop(Outcome::Stopped, choice, first_tweak, floor..level);
                            }
                            step = Step::Backdown;
                        }
                        Some((item, _)) => {
                            best = item;
                            let (node, tweak) = self.enter(best);
                            cur = node;
                            choice.truncate(level);
                            first_tweak.truncate(level);
                            choice.push(cur);
                            first_tweak.push(tweak);
                            step = Step::Advance;
                        }
                    }
                }
                Step::Advance => {
                    let (b, s) = (self.left[best as usize].bound, self.left[best as usize].slack);
                    let spent = b == 0 && s == 0;
                    if (spent && cur == best) || (!spent && i64::from(self.matrix.len(best)) <= b - s) {
                        step = Step::Backup;
                        continue;
                    }
                    self.take(best, cur);
                    level += 1;
                    step = Step::Forward;
                    let matrix = &*self.matrix;
                    let chosen =
                        || Move::Choose { level, option: option_at(matrix, cur), item: best as usize - 1 };
                    if WATCHED && tell(&mut self.watcher, chosen) {
                        return self.stop(Outcome::Stopped, choice, first_tweak, floor..level);
                    }
                }
                Step::Backup => {
                    self.restore(best, first_tweak[level]);
                    step = Step::Backdown;
                }
                Step::Backdown => {
                    if level == floor {
                        self.outcome = if stop_pending { Outcome::Stopped } else { Outcome::Exhausted };
                        choice.truncate(floor);
                        first_tweak.truncate(floor);
                        return;
                    }
                    level -= 1;
                    cur = choice[level];
                    // Taking back cannot be refused: a stop asked here comes at the next node.
                    let matrix = &*self.matrix;
                    let undone = || Move::Undo {
                        level: level + 1,
                        option: option_at(matrix, cur),
                        item: item_at(matrix, cur),
                    };
                    if WATCHED && tell(&mut self.watcher, undone) {
                        stop_pending = true;
                    }
                    if cur < last_item {
                        best = cur;
                        self.matrix.reactivate(best);
                        step = Step::Backup;
                        continue;
                    }
                    best = self.matrix.item_of(cur);
                    self.uncover_others(cur);
                    cur = self.matrix.down(cur);
                    choice[level] = cur;
                    step = Step::Advance;
                }
            }
        }
    }

    /// Enter a level on `item`: one cover of it spent, the item covered when that was its
    /// last. The first node to try, and the topmost option before any tweak (0: the item is
    /// covered, not tweaked).
    fn enter(&mut self, item: u32) -> (u32, u32) {
        let first = self.matrix.down(item);
        self.left[item as usize].bound -= 1;
        let (b, s) = (self.left[item as usize].bound, self.left[item as usize].slack);
        if b == 0 {
            self.stats.updates += self.matrix.cover_m(item, true);
        }
        (first, if b != 0 || s != 0 { first } else { 0 })
    }

    /// Take node `cur` of `item`'s list (the item's header: the null move, which drops it).
    fn take(&mut self, item: u32, cur: u32) {
        let (b, s) = (self.left[item as usize].bound, self.left[item as usize].slack);
        if b != 0 || s != 0 {
            if cur != item {
                self.stats.updates += self.matrix.tweak(cur, b != 0);
            } else if b != 0 {
                self.matrix.deactivate(item);
            }
        }
        if cur > self.matrix.last_item() {
            self.cover_others(cur);
        }
    }

    /// Go down the choices of `prefix` (nodes, as a search's `leaf` gives them) as the search
    /// went down to them, the options passed over on each level tweaked out as it left them;
    /// into `walk`, for [`walk`](Self::walk) to search the subtree below and
    /// [`unwind`](Self::unwind) to take back. Nothing is counted: the search above the prefix
    /// counted it.
    fn replay(&mut self, prefix: &[u32], walk: &mut Walk) {
        let saved = self.stats;
        for &target in prefix {
            let (item, _) = self.choose().expect("a prefix's levels have an item to branch on");
            let (mut cur, tweak) = self.enter(item);
            let (b, s) = (self.left[item as usize].bound, self.left[item as usize].slack);
            while cur != target {
                if b != 0 || s != 0 {
                    self.matrix.tweak(cur, b != 0);
                }
                cur = self.matrix.down(cur);
            }
            self.take(item, cur);
            walk.choice.push(cur);
            walk.first_tweak.push(tweak);
        }
        self.stats = saved;
    }

    /// The prefixes of the search down to `depth`, told to `leaves`, and the counters above
    /// them (the search ends at the first level with no item to branch on, so a shallower
    /// search gives none).
    pub(super) fn prefixes(&mut self, depth: usize, leaves: &mut Leaves<Vec<u32>>) {
        let mut walk = Walk::default();
        self.walk::<false>(&mut walk, depth, false, |_| true, |prefix| leaves.meet(|| prefix.to_vec()));
    }

    /// Count the subtree below `prefix` (one of [`prefixes`](Self::prefixes)), within the
    /// budget given; the subtree's counters, the matrix as it was.
    pub(super) fn count_below(&mut self, prefix: &[u32]) -> Stats {
        let mut walk = Walk::default();
        self.replay(prefix, &mut walk);
        self.stats = Stats::default();
        self.walk::<false>(&mut walk, usize::MAX, false, |_| true, |_| {});
        let Walk { choice, first_tweak } = walk;
        self.unwind(&choice, &first_tweak);
        self.stats
    }

    pub(super) fn set_limits(&mut self, limits: Limits) {
        self.budget = limits;
    }

    /// End the search with `outcome` at a stop: the levels of `levels` taken back, the walk
    /// left at its first level.
    fn stop(
        &mut self,
        outcome: Outcome,
        choice: &mut Vec<u32>,
        first_tweak: &mut Vec<u32>,
        levels: std::ops::Range<usize>,
    ) {
        self.outcome = outcome;
        self.unwind(&choice[levels.clone()], &first_tweak[levels.clone()]);
        choice.truncate(levels.start);
        first_tweak.truncate(levels.start);
    }

    /// Take back the levels of `choice`, the deepest first, as backing up would.
    fn unwind(&mut self, choice: &[u32], first_tweak: &[u32]) {
        let last_item = self.matrix.last_item();
        for (&cur, &tweak) in choice.iter().zip(first_tweak).rev() {
            let item = if cur < last_item {
                self.matrix.reactivate(cur);
                cur
            } else {
                self.uncover_others(cur);
                let item = self.matrix.item_of(cur);
                // Covered with its last cover due but slack left: the search reactivates such
                // an item after the null move that ends its level, which a stop never reaches.
                if self.left[item as usize].bound == 0 && self.left[item as usize].slack != 0 {
                    self.matrix.reactivate(item);
                }
                item
            };
            self.restore(item, tweak);
        }
    }

    /// Put `item` back as it was before its level: uncovered, or untweaked; one cover more
    /// allowed.
    fn restore(&mut self, item: u32, first_tweak: u32) {
        let (b, s) = (self.left[item as usize].bound, self.left[item as usize].slack);
        if b == 0 && s == 0 {
            self.matrix.uncover_m(item, true);
        } else {
            self.matrix.untweak(item, first_tweak, b != 0);
        }
        self.left[item as usize].bound += 1;
    }
}
