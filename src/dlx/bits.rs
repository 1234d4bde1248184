//! Algorithms X and C on bit sets: the same search as [`Solver`](super::Solver), node for
//! node, with the same counters, on another representation.
//!
//! Dancing links take an option out of the lists of its items one link at a time and put it
//! back the same way, each a load that depends on the one before. Here the options still open
//! are one bit set, each item's options another: covering an item is a few ANDs of words, the
//! count of options left for each primary item is an array that each option taken out
//! decrements, and going back is copying the state a level saved (a few hundred bytes on
//! Knuth's pentomino instance), so nothing is undone link by link. The item chosen is the one
//! with the fewest options, the first in order on a tie, and its options are tried in order, as
//! DLX1 does; so the tree is DLX1's, and so are the counts: `updates` adds, for each item
//! covered, one and the other items of each option it takes out, which is what hiding them link
//! by link counts.
//!
//! With colours (Algorithm C, Knuth's DLX2), a coloured item of the option chosen is purified:
//! the options that give it another colour, or none, are taken out, and the item remembers its
//! colour (saved with the level). The counts follow DLX2's: a node on an item purified to its
//! colour stays in its list, so hiding its option does not count it; a purification counts a
//! cleansing, and one for each option open that gives the item that colour. Since those counts
//! depend on the order in which an option's items are covered or purified, they are taken in
//! DLX2's order: from the item after the one chosen, round.
//!
//! Its cost grows with the number of options (a bit set a level, a word every 64 options) and
//! the number of items (a count each): it is made for the problems of some thousands of
//! options, where it runs [`Solver`](super::Solver)'s tree in a fraction of the time
//! (BENCHMARKS.md §4). Multiplicities are Algorithm M, on the same sets:
//! [`BitMultiSolver`](super::BitMultiSolver).

use super::solver::Limits;
use super::{Budget, DlxError, Matrix, Outcome, Stats};
use crate::lists::Lists;

/// A search for the exact covers of a [`Matrix`] without multiplicities (with colours or
/// without), on bit sets (see the module docs): an iterator of solutions, each the chosen
/// options in the order chosen.
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
    sets: Sets,
    /// The state at each level once its item is covered ([`Work`]: the options open, each
    /// item's count of them, the primary items left to cover, and with colours the colour each
    /// secondary item is purified to); past the last level, the working state of the node
    /// being entered. Trying an option copies its level's state to the next, once, and covers
    /// its items there; entering a node makes its state the level's in place, so a level is
    /// never saved apart.
    states: Vec<Work>,
    /// The state before any choice, which [`BitSolver::below`] starts again from.
    start: Work,
    /// The options of the item chosen at each level not tried yet.
    untried: Vec<u64>,
    /// The item chosen at each level.
    chosen_item: Vec<u32>,
    /// The option being tried at each level.
    chosen: Vec<usize>,
    /// The levels of the solution just found.
    depth: usize,
    /// Options chosen before the search ([`BitSolver::below`]), which every solution begins
    /// with, and the solution just found.
    preset: Vec<usize>,
    solution: Vec<usize>,
    level: usize,
    state: State,
    stats: Stats,
    budget: Limits,
    outcome: Outcome,
}

/// The matrix as bit sets, which a search reads and never changes (shared by Algorithms X
/// and C here and Algorithm M in [`BitMultiSolver`](super::BitMultiSolver)).
#[derive(Clone, Debug)]
pub(super) struct Sets {
    pub(super) primary: usize,
    /// Words of a set of options.
    pub(super) words: usize,
    /// Each item's options, `words` words an item, and the words where it has some, from
    /// `word_start[item]` on (an item of a few options reads a few words, not all of them).
    pub(super) item_options: Vec<u64>,
    used_words: Vec<u32>,
    word_start: Vec<u32>,
    /// Each option's items in the order given, from `option_start[o]` to `option_start[o + 1]`,
    /// with each one's colour (0: none) and, for a colour, the number of the set of options
    /// that give its item that colour (in `colour_sets`).
    pub(super) option_items: Vec<u32>,
    pub(super) option_start: Vec<u32>,
    pub(super) node_colour: Vec<u32>,
    node_set: Vec<u32>,
    /// Each option's items but one: the nodes hiding it hides (colours aside).
    pub(super) others: Vec<u32>,
    /// Each option's items that it gives a colour, from `coloured_start[o]` on.
    coloured_items: Vec<u32>,
    coloured_start: Vec<u32>,
    /// Each option's primary items (whose counts it keeps), from `primary_start[o]` on.
    pub(super) primary_items: Vec<u32>,
    pub(super) primary_start: Vec<u32>,
    /// Each option's primary items that choosing it covers for sure (all of them, but for
    /// Algorithm M those that may take several covers, [`Sets::covers_once`]), as the words
    /// of the set of items left that they are in, each with its bits: the option takes them
    /// out a word at a time (changes one after the other to one word wait on each other).
    pub(super) sure_left: Lists<(u32, u64)>,
    /// Algorithm C: for each item and colour some option gives it, the options that do,
    /// `words` words a set.
    colour_sets: Vec<u64>,
    pub(super) colored: bool,
    /// Each option's clashing options (those that share an item with it that it covers),
    /// `words` words an option; empty with colours, or where it would take more than
    /// [`CLASH_WORDS`] words.
    pub(super) clash: Vec<u64>,
    /// Where the colours purified to start in [`Work::nums`].
    pub(super) purified_at: usize,
}

/// What a search changes as it goes down, and a level saves, in two buffers so that saving
/// and restoring a level is two copies (a fifth of the queens' count was copying four small
/// arrays a level, each a call to `memcpy`):
/// - `bits`: the options open (`words` words), then the primary items left (a word every 64
///   items, a bit an item; for Algorithm M, those active);
/// - `nums`: each primary item's count of options open, then for Algorithm M the covers still
///   allowed (DLX3's `bound`) of each one not to be covered exactly once, then with colours
///   the colour each item is purified to (0: none), from [`Sets::purified_at`] on.
#[derive(Clone, Debug)]
pub(super) struct Work {
    pub(super) bits: Vec<u64>,
    pub(super) nums: Vec<u32>,
}

/// The most words the table of clashing options may take (8 MiB): beyond, an option's items
/// are covered one by one.
const CLASH_WORDS: usize = 1 << 20;

/// A set of options to take out: an item's, or an option's clashing ones.
#[derive(Clone, Copy, Debug)]
pub(super) enum Row {
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

impl Sets {
    /// The bit sets of `matrix`, and the state before any choice: for Algorithms X and C,
    /// with each option's clashing options where they fit; for Algorithm M (`multi`), with
    /// each primary item's bound (its most covers).
    pub(super) fn new(matrix: &Matrix, multi: bool) -> (Sets, Work) {
        let (items, options) = (matrix.items(), matrix.options());
        let words = options.div_ceil(64).max(1);
        let left_words = matrix.primary_items().div_ceil(64).max(1);
        let primary = matrix.primary_items();
        let colored = matrix.has_colors();
        let mut item_options = vec![0u64; items * words];
        let (mut option_items, mut option_start) = (Vec::new(), vec![0u32]);
        let (mut node_colour, mut node_set) = (Vec::new(), Vec::new());
        let (mut primary_items, mut primary_start) = (Vec::new(), vec![0u32]);
        let (mut coloured_items, mut coloured_start) = (Vec::new(), vec![0u32]);
        // Counts of the primary items only: a secondary item is never chosen.
        let mut counts = vec![0u32; primary];
        let mut sets: std::collections::HashMap<(u32, u32), u32> = std::collections::HashMap::new();
        let mut colour_sets: Vec<u64> = Vec::new();
        for o in 0..options {
            for (item, colour) in matrix.option_colored_items(o) {
                item_options[item * words + o / 64] |= 1 << (o % 64);
                option_items.push(item as u32);
                node_colour.push(colour);
                if colour == 0 {
                    node_set.push(u32::MAX);
                } else {
                    let next = sets.len() as u32;
                    let set = *sets.entry((item as u32, colour)).or_insert(next);
                    if set == next {
                        colour_sets.resize(colour_sets.len() + words, 0);
                    }
                    colour_sets[set as usize * words + o / 64] |= 1 << (o % 64);
                    node_set.push(set);
                    coloured_items.push(item as u32);
                }
                if item < primary {
                    primary_items.push(item as u32);
                    counts[item] += 1;
                }
            }
            option_start.push(option_items.len() as u32);
            primary_start.push(primary_items.len() as u32);
            coloured_start.push(coloured_items.len() as u32);
        }
        let sure_left = Lists::build(options, |o, list| {
            let mine = list.len();
            let items = &primary_items[primary_start[o] as usize..primary_start[o + 1] as usize];
            for y in items.iter().map(|&y| y as usize).filter(|&y| !multi || Sets::covers_once(matrix, y)) {
                match list[mine..].iter_mut().find(|(w, _)| *w as usize == y / 64) {
                    Some((_, bits)) => *bits |= 1 << (y % 64),
                    None => list.push(((y / 64) as u32, 1 << (y % 64))),
                }
            }
        });
        let (mut used_words, mut word_start) = (Vec::new(), vec![0u32]);
        for item in 0..items {
            used_words.extend((0..words).filter(|&w| item_options[item * words + w] != 0).map(|w| w as u32));
            word_start.push(used_words.len() as u32);
        }
        // Each option's clashing options, without colours: the options of its items that
        // choosing it covers for sure, all of them for Algorithm X; for Algorithm M, all but
        // the primary items that may take more than one cover ([`Sets::covers_once`]).
        let mut clash = Vec::new();
        if !colored && options * words <= CLASH_WORDS {
            clash = vec![0u64; options * words];
            for o in 0..options {
                for &item in &option_items[option_start[o] as usize..option_start[o + 1] as usize] {
                    if multi && !Sets::covers_once(matrix, item as usize) {
                        continue;
                    }
                    for w in 0..words {
                        clash[o * words + w] |= item_options[item as usize * words + w];
                    }
                }
            }
        }
        let mut open = vec![u64::MAX; words];
        if options % 64 != 0 {
            open[words - 1] = (1 << (options % 64)) - 1;
        }
        if options == 0 {
            open[0] = 0;
        }
        let mut bits = open;
        bits.resize(words + left_words, 0);
        for item in 0..primary {
            bits[words + item / 64] |= 1 << (item % 64);
        }
        let mut nums = counts;
        if multi {
            // The items covered exactly once need none: while active, their bound is 1.
            nums.extend((0..primary).map(|item| matrix.bounds(item)).filter(|&b| b != (1, 1)).map(|b| b.1));
        }
        let purified_at = nums.len();
        if colored {
            nums.resize(purified_at + items, 0);
        }
        let sets = Sets {
            primary,
            words,
            item_options,
            used_words,
            word_start,
            others: option_start.windows(2).map(|w| w[1] - w[0] - 1).collect(),
            option_items,
            option_start,
            node_colour,
            node_set,
            primary_items,
            primary_start,
            sure_left,
            coloured_items,
            coloured_start,
            colour_sets,
            colored,
            clash,
            purified_at,
        };
        (sets, Work { bits, nums })
    }

    /// Whether choosing an option that has `item` covers the item, whatever was chosen
    /// before: a secondary item, or a primary item that takes one cover at most (`hi` 1).
    pub(super) fn covers_once(matrix: &Matrix, item: usize) -> bool {
        item >= matrix.primary_items() || matrix.bounds(item).1 == 1
    }

    /// The nodes of option `o` after the one of `item`, round to the one before it: the order
    /// in which Knuth's programs cover or purify the other items of an option chosen for
    /// `item` (with no division a node).
    pub(super) fn after(&self, o: usize, item: usize) -> impl Iterator<Item = usize> + use<> {
        let (from, to) = (self.option_start[o] as usize, self.option_start[o + 1] as usize);
        let at = self.option_items[from..to].iter().position(|&t| t as usize == item);
        let at = from + at.expect("the option has the item it was chosen for");
        (at + 1..to).chain(from..at)
    }

    /// The words of a set of options where `item` has options.
    fn words_of(&self, item: usize) -> &[u32] {
        &self.used_words[self.word_start[item] as usize..self.word_start[item + 1] as usize]
    }

    /// The items of option `o`, in the order given.
    pub(super) fn items(&self, o: usize) -> &[u32] {
        &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize]
    }

    /// How many nodes of option `o`, open, are on items purified (to their colour: the
    /// option is open), as `purified` says: those hiding it leaves in their lists (DLX2). Only
    /// a node with a colour can be one: purifying an item takes out the options that give it
    /// none.
    #[inline]
    pub(super) fn purified_nodes(&self, o: usize, purified: &[u32]) -> u64 {
        let (from, to) = (self.coloured_start[o] as usize, self.coloured_start[o + 1] as usize);
        self.coloured_items[from..to].iter().filter(|&&y| purified[y as usize] != 0).count() as u64
    }

    /// Count option `o`, taken out, out of its primary items' counts in `nums`.
    #[inline(always)]
    pub(super) fn uncount(&self, nums: &mut [u32], o: usize) {
        let (from, to) = (self.primary_start[o] as usize, self.primary_start[o + 1] as usize);
        for &t in &self.primary_items[from..to] {
            nums[t as usize] -= 1;
        }
    }

    /// The number of options.
    pub(super) fn options(&self) -> usize {
        self.option_start.len() - 1
    }
}

impl BitSolver {
    /// The search of `matrix`'s exact covers.
    ///
    /// # Errors
    /// [`DlxError::Unsupported`] for a matrix with multiplicities.
    pub fn new(matrix: &Matrix) -> Result<BitSolver, DlxError> {
        if matrix.has_multiplicities() {
            return Err(DlxError::Unsupported { what: "multiplicities (Algorithm M)" });
        }
        let (sets, work) = Sets::new(matrix, false);
        Ok(BitSolver {
            sets,
            start: work.clone(),
            states: vec![work],
            untried: Vec::new(),
            chosen_item: Vec::new(),
            chosen: Vec::new(),
            depth: 0,
            preset: Vec::new(),
            solution: Vec::new(),
            level: 0,
            state: State::Forward,
            stats: Stats::default(),
            budget: Limits::of(&Budget::new()),
            outcome: Outcome::Running,
        })
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
        self.start_with(prefix)?;
        self.stats = Stats::default();
        Ok(())
    }

    /// Start the search again with `prefix` chosen up front (a puzzle's givens), counted as
    /// [`Solver::choose`](super::Solver::choose) counts them: the search's counters are then
    /// those of the dancing links' search that chose them. One solver on the sets of a matrix
    /// serves any number of such searches (the sets are built once, each search starts from a
    /// copy of the state before any choice).
    ///
    /// # Errors
    /// As [`below`](Self::below).
    pub fn start_with(&mut self, prefix: &[usize]) -> Result<(), DlxError> {
        let options = self.sets.options();
        if let Some(&o) = prefix.iter().find(|&&o| o >= options) {
            return Err(DlxError::NoSuchOption { option: o, options });
        }
        let kept = (self.states[0].clone(), self.stats);
        self.states[0].clone_from(&self.start);
        self.stats = Stats::default();
        for (n, &o) in prefix.iter().enumerate() {
            if self.states[0].bits[o / 64] >> (o % 64) & 1 == 0 {
                // Taken out by an option before it: name an item they share.
                let items = |o: usize| self.sets.items(o);
                let item = items(o)
                    .iter()
                    .find(|i| prefix[..n].iter().any(|&p| items(p).contains(i)))
                    .copied()
                    .unwrap_or(items(o)[0]);
                (self.states[0], self.stats) = kept;
                return Err(DlxError::Conflict { option: o, item: item as usize });
            }
            // As the dancing links choose it: each of its items covered or purified in order.
            let nodes = self.sets.option_start[o] as usize..self.sets.option_start[o + 1] as usize;
            self.stats.updates += self.states[0].commit(&self.sets, nodes, &mut self.stats.cleansings);
        }
        self.preset = prefix.to_vec();
        self.untried.clear();
        self.chosen_item.clear();
        self.chosen.clear();
        self.level = 0;
        self.state = State::Forward;
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

    /// The primary item left with the fewest options, the first on a tie (`None` when none
    /// is left).
    fn choose_item(&self) -> Option<usize> {
        let mut best: Option<(usize, u32)> = None;
        let work = &self.states[self.chosen_item.len()];
        for (w, &bits) in work.bits[self.sets.words..].iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let item = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let count = work.nums[item];
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
        let words = self.sets.words;
        loop {
            match self.state {
                State::Done => return false,
                State::Forward => {
                    if !self.enter_node() {
                        return false;
                    }
                    let Some(item) = self.choose_item() else {
                        // No primary item at the root: the empty set of options is the solution.
                        self.stats.solutions += 1;
                        self.state = State::Done;
                        self.outcome = Outcome::Exhausted;
                        self.depth = 0;
                        return true;
                    };
                    // The item's options, to try; then the item covered: the working state
                    // becomes the level's.
                    let level = self.chosen_item.len();
                    let work = &mut self.states[level];
                    if work.nums[item] == 0 {
                        self.stats.dead_ends += 1;
                    }
                    let row = &self.sets.item_options[item * words..(item + 1) * words];
                    self.untried.extend(work.bits.iter().zip(row).map(|(o, m)| o & m));
                    self.stats.updates += 1 + work.take_out(&self.sets, Row::Item(item));
                    work.bits[words + item / 64] &= !(1 << (item % 64));
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
                    let last = untried[w..].iter().all(|&b| b == 0);
                    self.chosen[level] = o;
                    // The level's state copied to the next, and the option's other items
                    // covered there; the level's last option is tried on its state itself.
                    Work::copy_down(&mut self.states, level, last);
                    let (sets, work) = (&self.sets, &mut self.states[level + 1]);
                    let item = self.chosen_item[level] as usize;
                    if sets.clash.is_empty() {
                        // DLX1 and DLX2 cover (or purify) the option's other items from the
                        // one after the chosen item round to the one before.
                        self.stats.updates +=
                            work.commit(sets, sets.after(o, item), &mut self.stats.cleansings);
                    } else {
                        // Without colours the updates add up the same in any order (an item
                        // each, and the other items of each option hidden, once): the
                        // option's clashing options go in one pass.
                        self.stats.updates += u64::from(sets.others[o]) + work.take_out(sets, Row::Clash(o));
                        for &(w, bits) in sets.sure_left.get(o) {
                            work.bits[words + w as usize] &= !bits;
                        }
                    }
                    if work.bits[words..].iter().all(|&w| w == 0) {
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

/// `to.copy_from_slice(from)`, of slices of one length: a state of a few hundred bytes is
/// copied `N` at a time without a call to `memcpy`, whose cost at this size is mostly the call
/// (a tenth of the 6x6 tiling's count under Algorithm M); a longer one by `memcpy`, which
/// copies wider (the 3x4 word rectangles' 157 words a set of options were 2% slower in chunks).
#[inline(always)]
fn copy<T: Copy, const N: usize>(to: &mut [T], from: &[T]) {
    if size_of_val(to) > 512 {
        to.copy_from_slice(from);
        return;
    }
    let mut to_chunks = to.chunks_exact_mut(N);
    let mut from_chunks = from.chunks_exact(N);
    for (t, f) in (&mut to_chunks).zip(&mut from_chunks) {
        let f: &[T; N] = f.try_into().expect("a chunk of N");
        let t: &mut [T; N] = t.try_into().expect("a chunk of N");
        *t = *f;
    }
    for (t, f) in to_chunks.into_remainder().iter_mut().zip(from_chunks.remainder()) {
        *t = *f;
    }
}

impl Work {
    /// Copy the state of `level` to the next level's, made on the first visit; or, for the
    /// `last` move of the level, whose state is read no more, move it there instead (a swap of
    /// two buffers' handles: the next level's old state is left at `level`, never read). A move
    /// in three is a level's last on Knuth's pentominoes, two in three on the 6x6 tiling of
    /// Algorithm M, three in four on `queens12`.
    #[inline(always)]
    pub(super) fn copy_down(states: &mut Vec<Work>, level: usize, last: bool) {
        if states.len() == level + 1 {
            states.push(states[level].clone());
        } else if last {
            states.swap(level, level + 1);
        } else {
            let (above, below) = states.split_at_mut(level + 1);
            copy::<_, 4>(&mut below[0].bits, &above[level].bits);
            copy::<_, 8>(&mut below[0].nums, &above[level].nums);
        }
    }

    /// Take the options of `row` (a set of options: an item's, or those clashing with an
    /// option) out of the working state: each of their primary items counts one option fewer.
    /// Returns the nodes that hiding them link by link would hide: their other items.
    #[inline(always)]
    pub(super) fn take_out(&mut self, sets: &Sets, row: Row) -> u64 {
        let words = sets.words;
        let (table, at) = match row {
            Row::Clash(option) => (&sets.clash, option * words),
            Row::Item(item) => (&sets.item_options, item * words),
        };
        if let (Row::Item(item), true) = (row, sets.colored) {
            // With colours: the words the item has options in, one by one.
            let mut hidden = 0;
            for &w in sets.words_of(item) {
                hidden += self.take_word(sets, w as usize, sets.item_options[at + w as usize]);
            }
            return hidden;
        }
        // Without colours: one pass over every word of the open set (reading only the words an
        // item has options in made the pentominoes 7% slower). The body is `take_word`'s without
        // the colours: calling it here, its colour test never true, made them 5% slower.
        let mut hidden = 0;
        let (bits, nums) = (&mut self.bits, &mut self.nums);
        for (w, (open, &mine)) in bits[..words].iter_mut().zip(&table[at..at + words]).enumerate() {
            let mut out = *open & mine;
            if out == 0 {
                continue;
            }
            *open &= !out;
            while out != 0 {
                let o = w * 64 + out.trailing_zeros() as usize;
                out &= out - 1;
                sets.uncount(nums, o);
                hidden += u64::from(sets.others[o]);
            }
        }
        hidden
    }

    /// Take the open options of `mine`, word `w` of a set, out of the working state.
    #[inline(always)]
    fn take_word(&mut self, sets: &Sets, w: usize, mine: u64) -> u64 {
        let mut out = self.bits[w] & mine;
        if out == 0 {
            return 0;
        }
        self.bits[w] &= !out;
        let mut hidden = 0;
        while out != 0 {
            let o = w * 64 + out.trailing_zeros() as usize;
            out &= out - 1;
            hidden += self.hidden(sets, o);
        }
        hidden
    }

    /// Take option `o`, open, out: DLX3's `hide` of a tweak. The nodes hidden.
    pub(super) fn hide(&mut self, sets: &Sets, o: usize) -> u64 {
        self.bits[o / 64] &= !(1 << (o % 64));
        self.hidden(sets, o)
    }

    /// Count option `o`, just taken out of the options open, out of its primary items'
    /// counts. The nodes hiding it link by link hides: its items but the one it is hidden
    /// from, and but those purified to its colour, which stay in their lists (DLX2).
    #[inline(always)]
    fn hidden(&mut self, sets: &Sets, o: usize) -> u64 {
        sets.uncount(&mut self.nums, o);
        let kept = if sets.colored { sets.purified_nodes(o, &self.nums[sets.purified_at..]) } else { 0 };
        u64::from(sets.others[o]) - kept
    }

    /// Cover or purify, as DLX2 commits them, the items of the nodes `nodes` in their order: a
    /// colourless item is covered, a coloured one purified to its colour (the options that give
    /// it another colour, or none, taken out), one purified already left. Returns the updates.
    #[inline(always)]
    fn commit(&mut self, sets: &Sets, nodes: impl Iterator<Item = usize>, cleansings: &mut u64) -> u64 {
        let mut updates = 0;
        for k in nodes {
            let (y, colour) = (sets.option_items[k] as usize, sets.node_colour[k]);
            updates += if colour == 0 { self.cover(sets, y) } else { self.purify(sets, k, cleansings) };
        }
        updates
    }

    /// Cover item `y`: its options taken out, and a primary item no longer left. The updates:
    /// one for the item and one a node hidden.
    #[inline]
    pub(super) fn cover(&mut self, sets: &Sets, y: usize) -> u64 {
        if y < sets.primary {
            self.bits[sets.words + y / 64] &= !(1 << (y % 64));
        }
        1 + self.take_out(sets, Row::Item(y))
    }

    /// Purify the item of node `k` to the node's colour, unless it is purified already: the
    /// options that give it another colour, or none, taken out. The updates; `cleansings`
    /// counts one for the item and one for each option kept.
    pub(super) fn purify(&mut self, sets: &Sets, k: usize, cleansings: &mut u64) -> u64 {
        let (y, colour) = (sets.option_items[k] as usize, sets.node_colour[k]);
        if self.nums[sets.purified_at + y] != 0 {
            return 0;
        }
        let set = sets.node_set[k] as usize;
        let words = sets.words;
        // In one pass over the words where the item has options: those open that give it this
        // colour are kept (and counted, where a word has some: without a population count
        // instruction in a plain x86-64 build, counting is a dozen instructions a word), the
        // others taken out.
        let (mut kept, mut updates) = (0, 0);
        for &w in sets.words_of(y) {
            let w = w as usize;
            let (mine, theirs) = (sets.item_options[y * words + w], sets.colour_sets[set * words + w]);
            let keep = self.bits[w] & mine & theirs;
            if keep != 0 {
                kept += u64::from(keep.count_ones());
            }
            updates += self.take_word(sets, w, mine & !theirs);
        }
        *cleansings += 1 + kept;
        self.nums[sets.purified_at + y] = colour;
        updates
    }
}

/// What the searches on bit sets ([`BitSolver`], [`BitMultiSolver`](super::BitMultiSolver))
/// share around their own `advance` and `next_solution`: a budget, the counters, the outcome,
/// counting, and the iterator.
macro_rules! bit_search {
    ($solver:ty) => {
        impl $solver {
            /// The same search, bounded by `budget` (nodes, updates, a deadline).
            #[must_use]
            pub fn budget(mut self, budget: &Budget) -> Self {
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

            /// The counters so far, as the dancing links count them (Knuth's).
            pub fn stats(&self) -> Stats {
                self.stats
            }

            /// Whether the search is over, and why.
            pub fn outcome(&self) -> Outcome {
                self.outcome
            }

            /// Count a node entered, unless the budget is spent: then the search is over.
            fn enter_node(&mut self) -> bool {
                if self.budget.stop_before(&self.stats) {
                    self.outcome = Outcome::OutOfBudget;
                    self.state = State::Done;
                    return false;
                }
                self.stats.nodes += 1;
                true
            }

            /// Count the solutions left (every one found, or up to the budget).
            pub fn count_solutions(&mut self) -> u64 {
                let before = self.stats.solutions;
                while self.advance() {}
                self.stats.solutions - before
            }
        }

        impl Iterator for $solver {
            type Item = Vec<usize>;

            fn next(&mut self) -> Option<Vec<usize>> {
                self.next_solution().map(<[usize]>::to_vec)
            }
        }
    };
}
pub(super) use bit_search;

bit_search!(BitSolver);
