//! Counting every solution on several threads, or as shards.
//!
//! The tree is cut at a shallow depth ([`Solver::to_depth`]): the prefixes down to that depth
//! are enumerated once, and each prefix's subtree is searched on its own ([`Solver::below`]),
//! on a copy of the matrix. The parts are searches of the one solver, so their counters add up
//! to the single search's, node for node and update for update. Algorithm M is cut the same
//! way; its prefixes are the nodes chosen, null moves included.

use super::solver::{Limits, Shared};
use super::{BitMultiSolver, BitSolver, Budget, DlxError, Matrix, MultiSolver, Outcome, Solver, Stats};
use crate::split::{self, Leaves, Shard, Tried};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// What a cut asks of the top of the search: the options chosen up front, the depth, the
/// shard whose prefixes to keep (every prefix without one), and the bounds (a deadline) that
/// stop it.
struct Ask<'a> {
    preset: &'a [usize],
    depth: usize,
    shard: Option<Shard>,
    ends: &'a Limits,
}

/// The top of a cut search: its counters, how many prefixes it has, those kept, and whether
/// the deadline stopped it first.
struct Top<P> {
    stats: Stats,
    leaves: usize,
    prefixes: Vec<P>,
    stopped: bool,
}

/// One algorithm's side of a cut search: its prefixes down to a depth, with the counters
/// above them (how many there are, and those of them that the shard keeps: its own only, so
/// that a cut into millions of subtrees holds a shard's share of them), and the count of a
/// subtree below one of them. The search may start from options chosen up front (`preset`,
/// the givens of a puzzle: Algorithms X and C only); each prefix then starts with them. A
/// thread builds its searcher once (the bit sets, say) and searches each of its subtrees with
/// it.
trait Cut {
    type Prefix: Send + Sync;
    type Searcher;
    fn top(matrix: &mut Matrix, ask: &Ask<'_>) -> Top<Self::Prefix>;
    fn searcher(matrix: &Matrix) -> Self::Searcher;
    fn below(
        searcher: &mut Self::Searcher,
        matrix: &mut Matrix,
        prefix: &Self::Prefix,
        limits: Limits,
    ) -> (Stats, Outcome);
}

/// Algorithms X and C ([`Solver`]): a prefix is the options chosen on the top levels.
struct Options;

impl Cut for Options {
    type Prefix = Vec<usize>;
    type Searcher = ();

    fn top(matrix: &mut Matrix, ask: &Ask<'_>) -> Top<Vec<usize>> {
        let mut top = matrix.solver().to_depth(ask.depth);
        top.set_limits(ask.ends.clone());
        // Chosen as a search on one thread chooses them: their updates are the top's.
        for &option in ask.preset {
            top.choose(option).expect("the options chosen up front never clash");
        }
        let mut leaves = Leaves::of(ask.shard);
        while let Some(prefix) = top.next_prefix() {
            leaves.meet(|| ask.preset.iter().chain(prefix).copied().collect());
        }
        let (leaves, prefixes) = leaves.into_parts();
        Top { stats: top.stats(), leaves, prefixes, stopped: top.outcome() == Outcome::OutOfBudget }
    }

    fn searcher(_: &Matrix) {}

    fn below(_: &mut (), matrix: &mut Matrix, prefix: &Vec<usize>, limits: Limits) -> (Stats, Outcome) {
        let mut solver: Solver<'_> = matrix.solver();
        solver.below(prefix).expect("the options of a prefix never clash");
        solver.set_limits(limits);
        solver.count_solutions();
        (solver.stats(), solver.outcome())
    }
}

/// Algorithm X on bit sets ([`BitSolver`]): the prefixes of the dancing links (the top of the
/// tree is the same), each subtree searched on bit sets.
struct Bits;

impl Cut for Bits {
    type Prefix = Vec<usize>;
    type Searcher = BitSolver;

    fn top(matrix: &mut Matrix, ask: &Ask<'_>) -> Top<Vec<usize>> {
        Options::top(matrix, ask)
    }

    fn searcher(matrix: &Matrix) -> BitSolver {
        BitSolver::new(matrix).expect("Algorithm X or C")
    }

    fn below(
        solver: &mut BitSolver,
        _: &mut Matrix,
        prefix: &Vec<usize>,
        limits: Limits,
    ) -> (Stats, Outcome) {
        solver.below(prefix).expect("the options of a prefix never clash");
        solver.set_limits(limits);
        solver.count_solutions();
        (solver.stats(), solver.outcome())
    }
}

/// Algorithm M ([`MultiSolver`]): a prefix is the nodes chosen on the top levels, null moves
/// included, which its search replays with the tweaks of the options it passed over.
struct Nodes;

impl Cut for Nodes {
    type Prefix = Vec<u32>;
    type Searcher = ();

    fn top(matrix: &mut Matrix, ask: &Ask<'_>) -> Top<Vec<u32>> {
        assert!(ask.preset.is_empty(), "Algorithm M takes no options up front");
        let mut solver = MultiSolver::new(matrix);
        solver.set_limits(ask.ends.clone());
        let mut leaves = Leaves::of(ask.shard);
        solver.prefixes(ask.depth, &mut leaves);
        let (leaves, prefixes) = leaves.into_parts();
        let stopped = solver.outcome() == Outcome::OutOfBudget;
        Top { stats: solver.stats(), leaves, prefixes, stopped }
    }

    fn searcher(_: &Matrix) {}

    fn below(_: &mut (), matrix: &mut Matrix, prefix: &Vec<u32>, limits: Limits) -> (Stats, Outcome) {
        let mut solver = MultiSolver::new(matrix);
        solver.set_limits(limits);
        let stats = solver.count_below(prefix);
        (stats, solver.outcome())
    }
}

/// Algorithm M on bit sets ([`BitMultiSolver`]): the prefixes of the dancing links, as moves
/// (an option, or a null move), each subtree searched on bit sets.
struct MultiBits;

impl Cut for MultiBits {
    type Prefix = Vec<usize>;
    type Searcher = BitMultiSolver;

    fn top(matrix: &mut Matrix, ask: &Ask<'_>) -> Top<Vec<usize>> {
        let Top { stats, leaves, prefixes, stopped } = Nodes::top(matrix, ask);
        let prefixes = prefixes.iter().map(|prefix| super::multi::moves_of(matrix, prefix)).collect();
        Top { stats, leaves, prefixes, stopped }
    }

    fn searcher(matrix: &Matrix) -> BitMultiSolver {
        BitMultiSolver::new(matrix)
    }

    fn below(
        solver: &mut BitMultiSolver,
        _: &mut Matrix,
        prefix: &Vec<usize>,
        limits: Limits,
    ) -> (Stats, Outcome) {
        solver.below(prefix).expect("the search makes the moves of its prefixes");
        solver.set_limits(limits);
        solver.count_solutions();
        (solver.stats(), solver.outcome())
    }
}

/// `matrix.method::<C>(args)` with `C` the cut of the search that fits the matrix: Algorithm M
/// where an item has bounds, else X or C; on bit sets where they fit, else on dancing links.
macro_rules! with_cut {
    ($matrix:ident . $method:ident ( $($arg:expr),* )) => {
        match ($matrix.has_multiplicities(), $matrix.takes_bits()) {
            (true, true) => $matrix.$method::<MultiBits>($($arg),*),
            (true, false) => $matrix.$method::<Nodes>($($arg),*),
            (false, true) => $matrix.$method::<Bits>($($arg),*),
            (false, false) => $matrix.$method::<Options>($($arg),*),
        }
    };
}

impl Matrix {
    /// Whether the search on bit sets is the one to run: [`BitSolver`] (Algorithms X and C),
    /// or [`BitMultiSolver`] when an item has bounds (Algorithm M), where the sets fit
    /// ([`BitSolver::fits`]) and the matrix is not too sparse for them. Its counters are the
    /// dancing links' to the unit (DLX1's, DLX2's and DLX3's); it takes the tree in a fraction
    /// of their time (BENCHMARKS.md §4).
    ///
    /// Sparse: a set of options takes a word every 64 options, where the links of an item
    /// hold its own options only; when the words of a set are more than six times the options
    /// of an item on average, the links are taken. Measured on Sudoku's matrices: 25×25 (245
    /// words, 25 options an item: 9.8 times) the links make 2,000,000 nodes in 3.4 s, the bit
    /// sets in 4.6 s; 16×16 (64 words, 16 options: 4 times) even; 9×9 (12 words, 9 options)
    /// the bit sets 1.4 times as fast; Knuth's pentominoes (32 words, 168 options) 3 times
    /// (BENCHMARKS.md §4 and §8.4).
    pub fn takes_bits(&self) -> bool {
        let words = self.options().div_ceil(64) as u64;
        let nodes: u64 = (1..=self.items() as u32).map(|header| u64::from(self.len(header))).sum();
        BitSolver::fits(self) && words * self.items() as u64 <= 6 * nodes
    }

    /// The top of the search at the shallowest depth that gives at least `parts` prefixes (or,
    /// for a search that never has so many, at its widest depth), with its counters and the
    /// prefixes of `shard` (every prefix without one); stopped where the `deadline` passes.
    fn cut<C: Cut>(
        &mut self,
        preset: &[usize],
        parts: usize,
        shard: Option<Shard>,
        deadline: Option<std::time::Instant>,
    ) -> Top<C::Prefix> {
        let ends = Limits { deadline, ..Limits::default() };
        split::cut_at_depth(parts, 1, |depth| {
            let top = C::top(self, &Ask { preset, depth, shard, ends: &ends });
            let end = match (top.stopped, top.leaves) {
                (true, _) => Tried::Stopped,
                // No prefix: the search is shallower than the depth.
                (false, 0) => Tried::Bottom,
                _ => Tried::Deeper,
            };
            (end, top.leaves, top)
        })
    }

    /// Count shard `shard` of the search: cut where it has at least `parts` prefixes, the
    /// prefixes dealt back and forth ([`Shard::takes_subtree`]), the first shard counting the
    /// top too. The shards' counters add up to those of one search run alone:
    /// [`Solver::count_solutions`], or [`MultiSolver::count`] when an item has bounds
    /// ([`has_multiplicities`](Self::has_multiplicities)).
    ///
    /// The `budget` bounds the shard's subtrees together (nodes, updates, time); a shard that
    /// runs out of it stops with [`Outcome::OutOfBudget`] and counters that are a lower bound.
    ///
    /// ```
    /// use backtrack::dlx::{Budget, Named, Outcome, Stats};
    /// use backtrack::split::Shard;
    ///
    /// let mut queens = Named::from_knuth_format(include_str!("../../tests/data/queens8.dlx"))?;
    /// let mut total = Stats::default();
    /// for i in 1..=4 {
    ///     let (stats, outcome) = queens.matrix().count_shard(64, Shard::new(i, 4).unwrap(), &Budget::new());
    ///     assert_eq!(outcome, Outcome::Exhausted);
    ///     total.add(&stats);
    /// }
    /// assert_eq!((total.solutions, total.nodes, total.updates), (92, 1049, 16680));
    /// # Ok::<(), backtrack::dlx::DlxError>(())
    /// ```
    pub fn count_shard(&mut self, parts: usize, shard: Shard, budget: &Budget) -> (Stats, Outcome) {
        with_cut!(self.count_shard_with(&[], parts, shard, budget))
    }

    /// [`count_shard`](Self::count_shard) of the solutions that hold the options `preset` (a
    /// puzzle's givens), chosen as [`Solver::choose`] chooses them: the shards' counters add
    /// up to those of the search on one thread that chose them.
    ///
    /// # Errors
    /// As [`count_in_parallel_given`](Self::count_in_parallel_given).
    pub fn count_shard_given(
        &mut self,
        preset: &[usize],
        parts: usize,
        shard: Shard,
        budget: &Budget,
    ) -> Result<(Stats, Outcome), DlxError> {
        self.check_preset(preset)?;
        Ok(with_cut!(self.count_shard_with(preset, parts, shard, budget)))
    }

    /// Whether options can be chosen up front: no item has bounds (so the cut is of Algorithm
    /// X or C), and each option exists and is clear of those before it (checked on the dancing
    /// links, as `Solver::choose` checks).
    fn check_preset(&mut self, preset: &[usize]) -> Result<(), DlxError> {
        if self.has_multiplicities() {
            return Err(DlxError::Unsupported {
                what: "options chosen up front with multiplicities (Algorithm M)",
            });
        }
        self.solver().below(preset)
    }

    fn count_shard_with<C: Cut>(
        &mut self,
        preset: &[usize],
        parts: usize,
        shard: Shard,
        budget: &Budget,
    ) -> (Stats, Outcome) {
        let budget = Limits::of(budget);
        // The shard's own subtrees only are kept.
        let top = self.cut::<C>(preset, parts, Some(shard), budget.deadline);
        let mut total = if shard.index() == 1 { top.stats } else { Stats::default() };
        if top.stopped {
            return (total, Outcome::OutOfBudget);
        }
        let mut searcher = C::searcher(self);
        for prefix in &top.prefixes {
            let left = Limits {
                max_nodes: budget.max_nodes.saturating_sub(total.nodes),
                max_updates: budget.max_updates.saturating_sub(total.updates),
                ..budget.clone()
            };
            let (part, outcome) = C::below(&mut searcher, self, prefix, left);
            total.add(&part);
            if outcome == Outcome::OutOfBudget {
                return (total, outcome);
            }
        }
        (total, Outcome::Exhausted)
    }

    /// Count every solution on `threads` threads (0: one a core), with the counters of the
    /// whole search, equal to those of one search run alone ([`Solver::count_solutions`], or
    /// [`MultiSolver::count`] when an item has bounds).
    ///
    /// ```
    /// use backtrack::dlx::Named;
    ///
    /// let mut queens = Named::from_knuth_format(include_str!("../../tests/data/queens8.dlx"))?;
    /// let stats = queens.matrix().count_in_parallel(2);
    /// assert_eq!((stats.solutions, stats.nodes, stats.updates), (92, 1049, 16680));
    /// # Ok::<(), backtrack::dlx::DlxError>(())
    /// ```
    pub fn count_in_parallel(&mut self, threads: usize) -> Stats {
        self.count_in_parallel_within(threads, &Budget::new(), u64::MAX).0
    }

    /// Count up to `limit` solutions on `threads` threads (0: one a core), within `budget`:
    /// [`count_in_parallel`](Self::count_in_parallel) bounded as a search on one thread is.
    ///
    /// The search is cut as for `count_in_parallel`, and the threads take its subtrees in
    /// order as they come free. Every 1,024 nodes, where a search looks at its deadline, each
    /// thread tells the others its counters and looks at the sum: once the threads together
    /// have found `limit` solutions, or spent the budget's nodes or updates, or the deadline
    /// has passed, each stops at its next look: the threads stop within 2,048 nodes each of a
    /// bound (a search on one thread stops on the node). The solutions counted are never more
    /// than `limit`.
    ///
    /// The outcome: [`Outcome::Exhausted`] when every solution was counted (the counters are
    /// then those of the whole search, as on one thread), [`Outcome::Running`] when the count
    /// stopped at `limit` solutions, [`Outcome::OutOfBudget`] when the budget ran out first
    /// (the counters are then a lower bound, and vary from run to run with the threads'
    /// timing).
    ///
    /// ```
    /// use backtrack::dlx::{Budget, Named, Outcome};
    ///
    /// let mut queens = Named::from_knuth_format(include_str!("../../tests/data/queens8.dlx"))?;
    /// let (stats, outcome) = queens.matrix().count_in_parallel_within(2, &Budget::new(), 50);
    /// assert_eq!((stats.solutions, outcome), (50, Outcome::Running));
    /// let (stats, outcome) = queens.matrix().count_in_parallel_within(2, &Budget::new().max_nodes(200), u64::MAX);
    /// assert_eq!(outcome, Outcome::OutOfBudget);
    /// assert!(stats.solutions < 92);
    /// # Ok::<(), backtrack::dlx::DlxError>(())
    /// ```
    pub fn count_in_parallel_within(
        &mut self,
        threads: usize,
        budget: &Budget,
        limit: u64,
    ) -> (Stats, Outcome) {
        with_cut!(self.count_in_parallel_with(&[], threads, budget, limit))
    }

    /// [`count_in_parallel_within`](Self::count_in_parallel_within) of the solutions that
    /// hold the options `preset` (a puzzle's givens), as [`Solver::choose`] chooses them
    /// before a search on one thread: the counters are those of that search.
    ///
    /// # Errors
    /// As [`Solver::choose`]: an option that does not exist, or that clashes with one before
    /// it; [`DlxError::Unsupported`] when an item has bounds (Algorithm M takes no options up
    /// front).
    pub fn count_in_parallel_given(
        &mut self,
        preset: &[usize],
        threads: usize,
        budget: &Budget,
        limit: u64,
    ) -> Result<(Stats, Outcome), DlxError> {
        self.check_preset(preset)?;
        Ok(with_cut!(self.count_in_parallel_with(preset, threads, budget, limit)))
    }

    fn count_in_parallel_with<C: Cut>(
        &mut self,
        preset: &[usize],
        threads: usize,
        budget: &Budget,
        limit: u64,
    ) -> (Stats, Outcome) {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            threads => threads,
        };
        let bounds = Limits::of(budget);
        // A few dozen subtrees a thread, so that they balance.
        let Top { stats: top, prefixes, stopped, .. } =
            self.cut::<C>(preset, 32 * threads, None, bounds.deadline);
        if stopped {
            return (top, Outcome::OutOfBudget);
        }
        let shared = Arc::new(Shared::new(&bounds, limit, top, threads));
        let (next, thread) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let matrix = &*self;
        split::on_threads(threads.min(prefixes.len()), || {
            let (thread, mut matrix) = (thread.fetch_add(1, Relaxed), matrix.clone());
            let mut searcher = C::searcher(&matrix);
            while !shared.check() {
                let Some(prefix) = prefixes.get(next.fetch_add(1, Relaxed)) else { return };
                let limits = Limits { shared: Some((Arc::clone(&shared), thread)), ..bounds.clone() };
                let (part, outcome) = C::below(&mut searcher, &mut matrix, prefix, limits);
                shared.finish(thread, &part);
                if outcome == Outcome::OutOfBudget {
                    // Its own bounds (the deadline among them), or another part's word,
                    // stopped it: the count stops.
                    shared.stop();
                }
            }
        });
        // Stopped, or past a bound (the last part may end on it): what one thread would say
        // at that point.
        let mut total = shared.finished();
        let outcome = if !shared.check() {
            Outcome::Exhausted
        } else if total.solutions >= limit {
            total.solutions = limit;
            Outcome::Running
        } else {
            Outcome::OutOfBudget
        };
        (total, outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::Named;

    /// The cuts of Algorithm M on the dancing links (for matrices too big for bit sets) and on
    /// bit sets add up, shard by shard, to the same counters as the search on one thread.
    #[test]
    fn both_cuts_of_algorithm_m_count_as_one_search() {
        let text = "p0 1:3|p1 1:2|p2 0:2|p3 | s0 s1 s2\np0 s0\np3 p2\np2 s0:a p1 p0 s1:a\np0 p2\np3 p1 p0 s1:a s2:a\np2 s1:a s2:b s0 p1\np0 s0\np0 s1 p2 s2:b p1\np1 s2\n";
        let mut p = Named::from_knuth_format(text).unwrap();
        let whole = MultiSolver::new(p.matrix()).count();
        // DLX3's counts of this instance (tests/dlx_multi.rs).
        assert_eq!((whole.solutions, whole.nodes, whole.updates, whole.cleansings), (12, 36, 174, 19));
        for parts in [1, 2, 5, 64] {
            let (mut links, mut bits) = (Stats::default(), Stats::default());
            for i in 1..=3 {
                let shard = Shard::new(i, 3).unwrap();
                let budget = Budget::new();
                let (part, outcome) = p.matrix().count_shard_with::<Nodes>(&[], parts, shard, &budget);
                assert_eq!(outcome, Outcome::Exhausted);
                links.add(&part);
                let (part, outcome) = p.matrix().count_shard_with::<MultiBits>(&[], parts, shard, &budget);
                assert_eq!(outcome, Outcome::Exhausted);
                bits.add(&part);
            }
            assert_eq!((links, bits), (whole, whole), "{parts} parts");
        }
    }
}
