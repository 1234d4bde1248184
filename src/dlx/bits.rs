//! Algorithm X on bit sets: the same search as [`Solver`](super::Solver), node for node, with
//! the same counters, on another representation.
//!
//! Dancing links take an option out of the lists of its items one link at a time and put it
//! back the same way, each a load that depends on the one before. Here the options still open
//! are one bit set, each item's options another: covering an item is a few ANDs of words, the
//! count of options left for each item is an array that each option taken out decrements, and
//! going back is copying the state a level saved (a few hundred bytes on Knuth's pentomino
//! instance), so nothing is undone link by link. The item chosen is the one with the fewest
//! options, the first in order on a tie, and its options are tried in order, as DLX1 does; so
//! the tree is DLX1's, and so are the counts: `updates` adds, for each item covered, one and
//! the other items of each option it takes out, which is what hiding them link by link counts.
//!
//! Its cost grows with the number of options (a bit set a level, a word every 64 options) and
//! the number of items (a count each): it is made for the problems of a few thousand options,
//! where it runs [`Solver`](super::Solver)'s tree in a fraction of the time (BENCHMARKS.md
//! §4). Colours and multiplicities are Algorithms C and M: [`Solver`](super::Solver) and
//! [`MultiSolver`](super::MultiSolver) take them.

use super::solver::Limits;
use super::{Budget, DlxError, Matrix, Outcome, Stats};

/// A search for the exact covers of a [`Matrix`] without colours or multiplicities, on bit
/// sets (see the module docs): an iterator of solutions, each the chosen options in the order
/// chosen.
///
/// ```
/// use backtrack::dlx::{BitSolver, Matrix};
///
/// // Knuth's example (TAOCP 7.2.2.1-(5)), items a..g: one solution, {a d}, {b g}, {c e f}.
/// let mut m = Matrix::new(7, 0);
/// for option in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
///     m.add_option(option)?;
/// }
/// let mut search = BitSolver::new(&m)?;
/// assert_eq!(search.next_solution(), Some(&[3, 0, 4][..]));
/// assert_eq!(search.next_solution(), None);
/// // The same solutions, in the same order, and the same counts as the dancing links.
/// let mut links = m.solver();
/// assert_eq!(links.next_solution(), Some(&[3, 0, 4][..]));
/// assert_eq!(links.next_solution(), None);
/// assert_eq!(search.stats(), links.stats());
/// # Ok::<(), backtrack::dlx::DlxError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BitSolver {
    primary: usize,
    /// Words of a set of options.
    words: usize,
    /// Each item's options, `words` words an item.
    item_options: Vec<u64>,
    /// Each option's items, from `option_start[o]` to `option_start[o + 1]`, its primary items
    /// first (from `option_start[o]` to `option_primary[o]`: those whose counts it keeps).
    option_items: Vec<u32>,
    option_start: Vec<u32>,
    option_primary: Vec<u32>,
    /// The state at each level once its item is covered: the options open, each item's count
    /// of them, and the primary items left to cover (a bit an item); then the options of the
    /// item chosen there not tried yet.
    open: Vec<u64>,
    counts: Vec<u32>,
    left: Vec<u64>,
    untried: Vec<u64>,
    /// The item chosen at each level.
    chosen_item: Vec<u32>,
    /// The option being tried at each level.
    chosen: Vec<usize>,
    /// The levels of the solution just found.
    depth: usize,
    /// Each option's clashing options (those that share an item with it), `words` words an
    /// option; empty where that would take more than [`CLASH_WORDS`] words.
    clash: Vec<u64>,
    /// The working state: the level's state with the option tried covered.
    work_open: Vec<u64>,
    work_counts: Vec<u32>,
    work_left: Vec<u64>,
    /// The state before any choice, which [`BitSolver::below`] starts again from.
    start: (Vec<u64>, Vec<u32>, Vec<u64>),
    /// Options chosen before the search ([`BitSolver::below`]), which every solution begins
    /// with, and the solution just found.
    preset: Vec<usize>,
    solution: Vec<usize>,
    item_words: usize,
    level: usize,
    state: State,
    stats: Stats,
    budget: Limits,
    outcome: Outcome,
}

/// The most words the table of clashing options may take (8 MiB): beyond, an option's items
/// are covered one by one.
const CLASH_WORDS: usize = 1 << 20;

/// A set of options to take out: an item's, or an option's clashing ones.
#[derive(Clone, Copy, Debug)]
enum Row {
    Item(usize),
    Clash(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Enter a node with the working state: choose an item and cover it.
    Forward,
    /// Try the next option of the item at `level`.
    Advance,
    Done,
}

impl BitSolver {
    /// The search of `matrix`'s exact covers.
    ///
    /// # Errors
    /// [`DlxError::Unsupported`] for a matrix with colours or multiplicities.
    pub fn new(matrix: &Matrix) -> Result<BitSolver, DlxError> {
        if matrix.has_colors() || matrix.has_multiplicities() {
            return Err(DlxError::Unsupported { what: "colours or multiplicities (Algorithms C and M)" });
        }
        let (items, options) = (matrix.items(), matrix.options());
        let words = options.div_ceil(64).max(1);
        let item_words = matrix.primary_items().div_ceil(64).max(1);
        let mut item_options = vec![0u64; items * words];
        let (mut option_items, mut option_start) = (Vec::new(), vec![0u32]);
        // Counts of the primary items only: a secondary item is never chosen.
        let primary = matrix.primary_items();
        let mut counts = vec![0u32; primary];
        let mut option_primary = Vec::new();
        for o in 0..options {
            for item in matrix.option_items(o) {
                item_options[item * words + o / 64] |= 1 << (o % 64);
            }
            option_items.extend(matrix.option_items(o).filter(|&i| i < primary).map(|i| i as u32));
            option_primary.push(option_items.len() as u32);
            option_items.extend(matrix.option_items(o).filter(|&i| i >= primary).map(|i| i as u32));
            option_start.push(option_items.len() as u32);
            for item in matrix.option_items(o).filter(|&i| i < primary) {
                counts[item] += 1;
            }
        }
        let mut clash = Vec::new();
        if options * words <= CLASH_WORDS {
            clash = vec![0u64; options * words];
            for o in 0..options {
                for item in matrix.option_items(o) {
                    for w in 0..words {
                        clash[o * words + w] |= item_options[item * words + w];
                    }
                }
            }
        }
        let mut work_open = vec![u64::MAX; words];
        if options % 64 != 0 {
            work_open[words - 1] = (1 << (options % 64)) - 1;
        }
        if options == 0 {
            work_open[0] = 0;
        }
        let mut work_left = vec![0u64; item_words];
        for item in 0..matrix.primary_items() {
            work_left[item / 64] |= 1 << (item % 64);
        }
        Ok(BitSolver {
            primary: matrix.primary_items(),
            words,
            item_options,
            option_items,
            option_start,
            option_primary,
            clash,
            open: Vec::new(),
            counts: Vec::new(),
            left: Vec::new(),
            untried: Vec::new(),
            chosen_item: Vec::new(),
            chosen: Vec::new(),
            depth: 0,
            start: (work_open.clone(), counts.clone(), work_left.clone()),
            preset: Vec::new(),
            solution: Vec::new(),
            work_open,
            work_counts: counts,
            work_left,
            item_words,
            level: 0,
            state: State::Forward,
            stats: Stats::default(),
            budget: Limits::of(&Budget::new()),
            outcome: Outcome::Running,
        })
    }

    /// The same search, bounded by `budget` (nodes, updates, a deadline).
    #[must_use]
    pub fn budget(mut self, budget: &Budget) -> BitSolver {
        self.budget = Limits::of(budget);
        self
    }

    /// Bound the search from now on.
    pub fn set_budget(&mut self, budget: &Budget) {
        self.budget = Limits::of(budget);
    }

    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.budget = limits;
    }

    /// The counters so far, as [`Solver::stats`](super::Solver::stats) counts them.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the search is over, and why.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Count the solutions left (every one found, or up to the budget).
    pub fn count_solutions(&mut self) -> u64 {
        let before = self.stats.solutions;
        while self.advance() {}
        self.stats.solutions - before
    }

    /// The next solution: the options chosen before the search, then one a level.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if !self.advance() {
            return None;
        }
        self.solution.clear();
        self.solution.extend_from_slice(&self.preset);
        self.solution.extend_from_slice(&self.chosen[..self.depth]);
        Some(&self.solution)
    }

    /// Search only below `prefix`: its options chosen, the search starts again from there,
    /// with counters from zero (those of the levels of the prefix belong to the search above
    /// it, as [`Solver::below`](super::Solver::below) counts them).
    ///
    /// # Errors
    /// [`DlxError::NoSuchOption`], or [`DlxError::Conflict`] for an option that shares an
    /// item with one before it; the search is then where it was.
    pub fn below(&mut self, prefix: &[usize]) -> Result<(), DlxError> {
        let options = self.option_start.len() - 1;
        let items =
            |o: usize| &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize];
        // Checked first: a prefix refused leaves the search as it was.
        let mut covered = std::collections::HashSet::new();
        for &o in prefix {
            if o >= options {
                return Err(DlxError::NoSuchOption { option: o, options });
            }
            if let Some(&item) = items(o).iter().find(|i| covered.contains(*i)) {
                return Err(DlxError::Conflict { option: o, item: item as usize });
            }
            covered.extend(items(o).iter().copied());
        }
        self.work_open.clone_from(&self.start.0);
        self.work_counts.clone_from(&self.start.1);
        self.work_left.clone_from(&self.start.2);
        for &o in prefix {
            for k in self.option_start[o] as usize..self.option_start[o + 1] as usize {
                let t = self.option_items[k] as usize;
                self.take_out(Row::Item(t));
                if t < self.primary {
                    self.work_left[t / 64] &= !(1 << (t % 64));
                }
            }
        }
        self.preset = prefix.to_vec();
        self.open.clear();
        self.counts.clear();
        self.left.clear();
        self.untried.clear();
        self.chosen_item.clear();
        self.chosen.clear();
        self.level = 0;
        self.state = State::Forward;
        self.stats = Stats::default();
        self.outcome = Outcome::Running;
        Ok(())
    }

    /// Whether the bit sets of `matrix` take little enough memory for this search to be the
    /// one to run: each item's options as bits (a word every 64 options), under 32 MiB, and
    /// no more than 65,536 options (beyond, reading the words of a set costs more than the
    /// links it spares).
    pub fn fits(matrix: &Matrix) -> bool {
        let words = matrix.options().div_ceil(64).max(1);
        matrix.options() <= 1 << 16 && matrix.items() * words <= 1 << 22
    }

    /// Take the options of `row` (a set of options: an item's, or those clashing with an
    /// option) out of the working state: each of their primary items counts one option fewer.
    /// Returns the nodes that hiding them link by link would hide: their other items.
    #[inline]
    fn take_out(&mut self, row: Row) -> u64 {
        let (table, at) = match row {
            Row::Item(item) => (&self.item_options, item * self.words),
            Row::Clash(option) => (&self.clash, option * self.words),
        };
        let mut hidden = 0;
        for (w, (open, &mine)) in self.work_open.iter_mut().zip(&table[at..at + self.words]).enumerate() {
            let mut out = *open & mine;
            if out == 0 {
                continue;
            }
            *open &= !out;
            while out != 0 {
                let o = w * 64 + out.trailing_zeros() as usize;
                out &= out - 1;
                let (from, primary) = (self.option_start[o] as usize, self.option_primary[o] as usize);
                for &t in &self.option_items[from..primary] {
                    self.work_counts[t as usize] -= 1;
                }
                hidden += u64::from(self.option_start[o + 1]) - from as u64 - 1;
            }
        }
        hidden
    }

    /// The primary item left with the fewest options, the first on a tie (`None` when none
    /// is left).
    fn choose_item(&self) -> Option<usize> {
        let mut best: Option<(usize, u32)> = None;
        for (w, &bits) in self.work_left.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let item = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let count = self.work_counts[item];
                if best.is_none_or(|(_, fewest)| count < fewest) {
                    best = Some((item, count));
                    if count == 0 {
                        return best.map(|(item, _)| item);
                    }
                }
            }
        }
        best.map(|(item, _)| item)
    }

    /// Search on to the next solution: `false` when there is none left or the budget ran out.
    fn advance(&mut self) -> bool {
        let (words, items, item_words) = (self.words, self.primary, self.item_words);
        loop {
            match self.state {
                State::Done => return false,
                State::Forward => {
                    if self.budget.stop_before(&self.stats) {
                        self.outcome = Outcome::OutOfBudget;
                        self.state = State::Done;
                        return false;
                    }
                    self.stats.nodes += 1;
                    let Some(item) = self.choose_item() else {
                        // No primary item at the root: the empty set of options is the solution.
                        self.stats.solutions += 1;
                        self.state = State::Done;
                        self.outcome = Outcome::Exhausted;
                        self.depth = 0;
                        return true;
                    };
                    if self.work_counts[item] == 0 {
                        self.stats.dead_ends += 1;
                    }
                    // The item's options, to try; then the item covered, and the state saved.
                    let level = self.chosen_item.len();
                    let row = &self.item_options[item * words..(item + 1) * words];
                    self.untried.extend(self.work_open.iter().zip(row).map(|(o, m)| o & m));
                    self.stats.updates += 1 + self.take_out(Row::Item(item));
                    self.work_left[item / 64] &= !(1 << (item % 64));
                    self.open.extend_from_slice(&self.work_open);
                    self.counts.extend_from_slice(&self.work_counts);
                    self.left.extend_from_slice(&self.work_left);
                    self.chosen_item.push(item as u32);
                    self.chosen.push(usize::MAX);
                    self.level = level;
                    self.state = State::Advance;
                }
                State::Advance => {
                    let level = self.level;
                    let untried = &mut self.untried[level * words..(level + 1) * words];
                    let Some(w) = untried.iter().position(|&b| b != 0) else {
                        // Every option tried: back to the level above.
                        self.untried.truncate(level * words);
                        self.open.truncate(level * words);
                        self.counts.truncate(level * items);
                        self.left.truncate(level * item_words);
                        self.chosen_item.pop();
                        self.chosen.pop();
                        if level == 0 {
                            self.state = State::Done;
                            self.outcome = Outcome::Exhausted;
                            return false;
                        }
                        self.level -= 1;
                        continue;
                    };
                    let o = w * 64 + untried[w].trailing_zeros() as usize;
                    untried[w] &= untried[w] - 1;
                    self.chosen[level] = o;
                    // The level's state, then the option's other items covered.
                    self.work_open.copy_from_slice(&self.open[level * words..(level + 1) * words]);
                    self.work_counts.copy_from_slice(&self.counts[level * items..(level + 1) * items]);
                    self.work_left.copy_from_slice(&self.left[level * item_words..(level + 1) * item_words]);
                    let item = self.chosen_item[level] as usize;
                    let (from, to) = (self.option_start[o] as usize, self.option_start[o + 1] as usize);
                    // DLX1 covers the option's other items from the one after the chosen
                    // item round to the one before: the updates add up the same in any order
                    // (an item each, and the other items of each option hidden, once).
                    if self.clash.is_empty() {
                        for k in from..to {
                            let t = self.option_items[k] as usize;
                            if t != item {
                                self.stats.updates += 1 + self.take_out(Row::Item(t));
                            }
                        }
                    } else {
                        self.stats.updates += (to - from - 1) as u64 + self.take_out(Row::Clash(o));
                    }
                    for k in from..self.option_primary[o] as usize {
                        let t = self.option_items[k] as usize;
                        self.work_left[t / 64] &= !(1 << (t % 64));
                    }
                    if self.work_left.iter().all(|&w| w == 0) {
                        // A solution counts as a node of its own, as in DLX1.
                        self.stats.nodes += 1;
                        self.stats.solutions += 1;
                        self.depth = level + 1;
                        return true;
                    }
                    self.state = State::Forward;
                }
            }
        }
    }
}

impl Iterator for BitSolver {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}
