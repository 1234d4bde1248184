//! Algorithm M on bit sets: the search of [`MultiSolver`](super::MultiSolver) (Knuth's DLX3),
//! node for node, with the same counters, on the representation of
//! [`BitSolver`](super::BitSolver).
//!
//! The options open are a bit set, each primary item counts its options open and keeps the
//! number of covers it may still take (DLX3's `bound`; none for an item to cover exactly once,
//! whose bound is 1 while it is active) in the level's state, beside the set of active items.
//! A level branches on the item DLX3 chooses, and tries its options in order: before trying
//! one, it *tweaks* it out of the level's own state (the option is taken out for the options
//! after it), so each set of options is tried once; an item with slack left may then take no
//! option at all (a null move). Trying an option spends a cover of each of its
//! primary items, and covers those whose last cover that was; its secondary items are covered
//! or purified as in Algorithm C. Going back is copying the level's state, never undoing a
//! link.
//!
//! The counts are DLX3's: a tweak counts an update for the node taken out of the item's list,
//! and, while the item may still take covers, one for each node of the option hidden; a cover
//! counts one for the item and one a node hidden, as hiding them link by link counts them; a
//! node on an item purified to its colour stays in its list, so hiding its option does not
//! count it.

use super::bits::{Row, Sets, Work};
use super::solver::Limits;
use super::{Budget, DlxError, Matrix, MultiSolver, Outcome, Stats};
use crate::lists::Lists;

/// A search for the covers of a [`Matrix`] with multiplicities (and colours) on bit sets:
/// [`MultiSolver`]'s tree and counters (Knuth's DLX3), as an iterator of solutions, each the
/// chosen options in the order chosen (a null move adds none).
///
/// ```
/// use backtrack::dlx::{BitMultiSolver, Matrix, MultiSolver};
///
/// // Choose options of {A, B}, {A}, {B} so that A is covered twice and B once or twice.
/// let mut m = Matrix::new(2, 0);
/// m.set_bounds(0, 2, 2)?;
/// m.set_bounds(1, 1, 2)?;
/// for items in [&[0, 1][..], &[0], &[1], &[0]] {
///     m.add_option(items)?;
/// }
/// let mut bits: Vec<Vec<usize>> = BitMultiSolver::new(&m).collect();
/// for s in &mut bits {
///     s.sort();
/// }
/// bits.sort();
/// assert_eq!(bits, [vec![0, 1], vec![0, 1, 2], vec![0, 2, 3], vec![0, 3], vec![1, 2, 3]]);
/// // The dancing links' counts, node for node.
/// let mut search = BitMultiSolver::new(&m);
/// assert_eq!(search.count_solutions(), 5);
/// assert_eq!(search.stats(), MultiSolver::new(&mut m).count());
/// # Ok::<(), backtrack::dlx::DlxError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BitMultiSolver {
    sets: Sets,
    /// The state of each level once its item has spent a cover (and been covered if that was
    /// its last), with the options tweaked out so far; past the last level, the working state
    /// of the node being entered ([`Work`]: its primary items left are DLX3's active items,
    /// those that may take another cover and were not dropped by a null move, and it keeps
    /// the bounds). Trying an option copies its level's state to the next, once, and
    /// commits it there: a level is saved as it is entered, in place.
    states: Vec<Work>,
    /// Each primary item's covers it may do without (`hi - lo`).
    slack: Vec<u32>,
    /// The primary items to cover exactly once (bounds 1 and 1), as a set of items. Their
    /// bound is 1 while they are active, so the state keeps none.
    plain: Vec<u64>,
    /// Where each primary item's bound is in [`Work::nums`]: [`PLAIN`] for those to cover
    /// exactly once.
    bound_at: Vec<u32>,
    /// Whether each item is covered by the first option chosen that has it
    /// ([`Sets::covers_once`]).
    once: Vec<bool>,
    /// Without colours, each option's items in two: how many it covers for sure (the primary
    /// ones among them are its [`Sets::sure_left`]), and a list of the others, which spend a
    /// cover. Choosing an option then reads no flag an item (a branch that the mix of pieces
    /// and cells made a fifth of the time of `commit`).
    sure: Vec<u32>,
    several: Lists<u32>,
    /// The state before any choice, which [`BitMultiSolver::below`] starts again from.
    start: Work,
    /// The options of each level's item not tried yet.
    untried: Vec<u64>,
    levels: Vec<Level>,
    /// Moves made before the search ([`BitMultiSolver::below`]): their options begin every
    /// solution.
    preset: Vec<usize>,
    solution: Vec<usize>,
    state: State,
    stats: Stats,
    budget: Limits,
    outcome: Outcome,
}

/// A level of the search: its item, the options left in its list (DLX3's `len`), the covers
/// the item may still take once this one is spent (its `bound`, kept here because the level's
/// last move is made on the level's own state), and the move being tried ([`UNTRIED`] before
/// the first).
#[derive(Clone, Copy, Debug)]
struct Level {
    item: u32,
    remaining: u32,
    bound: u32,
    chosen: usize,
}

/// A level's move before its first: no option, and not the null move.
const UNTRIED: usize = usize::MAX - 1;

/// The place of the bound of an item to cover exactly once: none.
const PLAIN: u32 = u32::MAX;

/// Spend a cover of the primary item whose bound is at `at` in `nums`: the covers it may
/// still take (0 for an item to cover exactly once, its bound being 1).
#[inline(always)]
fn spend(nums: &mut [u32], at: u32) -> u32 {
    if at == PLAIN {
        return 0;
    }
    let bound = &mut nums[at as usize];
    *bound -= 1;
    *bound
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Enter a node with the working state: choose an item and spend a cover of it.
    Forward,
    /// Try the next move of the deepest level.
    Advance,
    Done,
}

impl BitMultiSolver {
    /// The search of `matrix`'s covers within its items' bounds.
    pub fn new(matrix: &Matrix) -> BitMultiSolver {
        let (sets, work) = Sets::new(matrix, true);
        let slack = (0..matrix.primary_items())
            .map(|item| {
                let (lo, hi) = matrix.bounds(item);
                hi - lo
            })
            .collect();
        let mut plain = vec![0u64; work.bits.len() - sets.words];
        let mut bound_at = Vec::with_capacity(matrix.primary_items());
        let mut at = matrix.primary_items() as u32;
        for item in 0..matrix.primary_items() {
            if matrix.bounds(item) == (1, 1) {
                plain[item / 64] |= 1 << (item % 64);
                bound_at.push(PLAIN);
            } else {
                bound_at.push(at);
                at += 1;
            }
        }
        let once: Vec<bool> = (0..matrix.items()).map(|item| Sets::covers_once(matrix, item)).collect();
        let sure =
            (0..matrix.options()).map(|o| sets.items(o).iter().filter(|&&y| once[y as usize]).count() as u32);
        let sure = sure.collect();
        let several = Lists::build(matrix.options(), |o, list| {
            list.extend(sets.items(o).iter().filter(|&&y| !once[y as usize]))
        });
        BitMultiSolver {
            plain,
            sure,
            several,
            bound_at,
            sets,
            start: work.clone(),
            states: vec![work],
            slack,
            once,
            untried: Vec::new(),
            levels: Vec::new(),
            preset: Vec::new(),
            solution: Vec::new(),
            state: State::Forward,
            stats: Stats::default(),
            budget: Limits::default(),
            outcome: Outcome::Running,
        }
    }

    /// Whether the bit sets of `matrix` are small enough for this search: as
    /// [`BitSolver::fits`](super::BitSolver::fits).
    pub fn fits(matrix: &Matrix) -> bool {
        super::BitSolver::fits(matrix)
    }

    /// The next solution: the options of the moves made before the search, then those chosen
    /// level by level.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if !self.advance() {
            return None;
        }
        self.solution.clear();
        self.solution.extend_from_slice(&self.preset);
        let chosen = self.levels.iter().map(|l| l.chosen).filter(|&o| o != MultiSolver::NULL_MOVE);
        self.solution.extend(chosen);
        Some(&self.solution)
    }

    /// Search only below `prefix`, the moves of the top levels as the search makes them: on
    /// each, the option tried for the item chosen there, or [`MultiSolver::NULL_MOVE`]; the
    /// options before it in the item's list are tweaked out as the search leaves them. The
    /// counters start from zero (those of the prefix's levels belong to the search above it).
    ///
    /// # Errors
    /// [`DlxError::NoSuchOption`] for a move that the search never makes there: an option not
    /// in the list of the item chosen, or a null move where none is made. The search is then
    /// where it was.
    pub(crate) fn below(&mut self, prefix: &[usize]) -> Result<(), DlxError> {
        let kept = (self.states[0].clone(), self.stats);
        self.states[0].clone_from(&self.start);
        for &target in prefix {
            if let Err(e) = self.replay(target) {
                (self.states[0], self.stats) = kept;
                return Err(e);
            }
        }
        self.stats = Stats::default();
        self.preset = prefix.iter().copied().filter(|&o| o != MultiSolver::NULL_MOVE).collect();
        self.untried.clear();
        self.levels.clear();
        self.state = State::Forward;
        self.outcome = Outcome::Running;
        Ok(())
    }

    /// Make move `target` on the working state as the search makes it, the options before it
    /// tweaked out.
    fn replay(&mut self, target: usize) -> Result<(), DlxError> {
        let refused = DlxError::NoSuchOption { option: target, options: self.sets.options() };
        let item = match self.choose() {
            Some((item, score)) if score > 0 => item,
            _ => return Err(refused),
        };
        let words = self.sets.words;
        let candidates: Vec<u64> = self.sets.item_options[item * words..(item + 1) * words]
            .iter()
            .zip(&self.states[0].bits)
            .map(|(m, o)| m & o)
            .collect();
        let (bound, slack) = (spend(&mut self.states[0].nums, self.bound_at[item]), self.slack[item]);
        if bound == 0 {
            self.states[0].cover(&self.sets, item);
        }
        let is_candidate = |o: usize| o < self.sets.options() && candidates[o / 64] >> (o % 64) & 1 != 0;
        if target != MultiSolver::NULL_MOVE && !is_candidate(target) {
            return Err(refused);
        }
        let spent = bound == 0 && slack == 0;
        let mut remaining = candidates.iter().map(|w| w.count_ones()).sum::<u32>();
        for (w, &word) in candidates.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let o = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if !spent && i64::from(remaining) <= i64::from(bound) - i64::from(slack) {
                    return Err(refused);
                }
                // Tweaked out as the search leaves it, or as it tries it.
                if bound != 0 {
                    self.states[0].hide(&self.sets, o);
                }
                if o == target {
                    self.commit(o, item);
                    return Ok(());
                }
                remaining -= 1;
            }
        }
        // A null move: made where the search makes one, once every option is tried.
        if bound >= slack {
            return Err(refused);
        }
        if bound != 0 {
            self.states[0].bits[words + item / 64] &= !(1 << (item % 64));
        }
        Ok(())
    }

    /// The active primary item to branch on and its branching degree (`None`: none active, a
    /// solution): DLX3's rule, least degree `len + s - bound + 1` (`s` the slack, at most the
    /// bound), then least slack, then longest list, the first in order on a tie.
    // Inlined, as `commit` is, in the loop of `advance`: the 6x6 tiling 0.46 s -> 0.41 s.
    #[inline(always)]
    fn choose(&self) -> Option<(usize, i64)> {
        let work = &self.states[self.levels.len()];
        let (left, nums) = (&work.bits[self.sets.words..], &work.nums);
        // The items to cover exactly once first: while active, their bound is 1 and their
        // slack 0, so their degree is their length and DLX3's order is the shortest list. One
        // comparison an item; most items of most problems are these.
        let (mut best, mut fewest) = (usize::MAX, u32::MAX);
        for (w, (&bits, &plain)) in left.iter().zip(&self.plain).enumerate() {
            let mut bits = bits & plain;
            while bits != 0 {
                let item = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let len = nums[item];
                if len < fewest {
                    if len == 0 {
                        return Some((item, 0));
                    }
                    (best, fewest) = (item, len);
                }
            }
        }
        // The others by DLX3's order as one key an item, least best, the first on a tie: the
        // degree (biased to be positive), the slack, and the length upside down.
        let key_of =
            |t: i64, s: u32, len: u32| (t as u128) << 64 | u128::from(s) << 32 | u128::from(u32::MAX - len);
        let mut best_key = if best == usize::MAX { u128::MAX } else { key_of(i64::from(fewest), 0, fewest) };
        for (w, (&bits, &plain)) in left.iter().zip(&self.plain).enumerate() {
            let mut bits = bits & !plain;
            while bits != 0 {
                let item = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (len, bound) = (nums[item], nums[self.bound_at[item] as usize]);
                let s = self.slack[item].min(bound);
                let t = i64::from(len) + i64::from(s) - i64::from(bound) + 1;
                if t <= 0 {
                    // A dead end whichever item it names: no need to read the others.
                    return Some((item, t));
                }
                let key = key_of(t, s, len);
                if key < best_key || key == best_key && item < best {
                    (best, best_key) = (item, key);
                }
            }
        }
        (best != usize::MAX).then_some((best, (best_key >> 64) as i64))
    }

    /// Try option `o` for `item` on the working state: the option's other items from the one
    /// after `item` round, as DLX3 takes them. A primary item spends a cover, and is covered
    /// if that was its last; a secondary item is covered, or purified to its colour.
    #[inline(always)]
    fn commit(&mut self, o: usize, item: usize) {
        let (sets, work) = (&self.sets, &mut self.states[self.levels.len()]);
        if !sets.clash.is_empty() {
            // Without colours the updates add up the same in any order (one an item covered,
            // and the other items of each option hidden, once), as for Algorithm X: the
            // options of the items covered for sure go in one pass, then each item that
            // takes several covers spends one, and is covered if that was its last.
            // (The item chosen, if covered for sure, was covered as it was chosen.)
            let covered = self.sure[o] - u32::from(self.once[item]);
            for &(w, bits) in sets.sure_left.get(o) {
                work.bits[sets.words + w as usize] &= !bits;
            }
            for &y in self.several.get(o) {
                let y = y as usize;
                if y != item && spend(&mut work.nums, self.bound_at[y]) == 0 {
                    self.stats.updates += work.cover(sets, y);
                }
            }
            self.stats.updates += u64::from(covered) + work.take_out(sets, Row::Clash(o));
            return;
        }
        for k in sets.after(o, item) {
            let y = sets.option_items[k] as usize;
            self.stats.updates += if y < sets.primary {
                if spend(&mut work.nums, self.bound_at[y]) == 0 { work.cover(sets, y) } else { 0 }
            } else if sets.node_colour[k] == 0 {
                work.cover(sets, y)
            } else {
                work.purify(sets, k, &mut self.stats.cleansings)
            };
        }
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
                    let item = match self.choose() {
                        None => {
                            self.stats.solutions += 1;
                            self.back();
                            return true;
                        }
                        Some((_, score)) if score <= 0 => {
                            self.back();
                            continue;
                        }
                        Some((item, _)) => item,
                    };
                    // The item's options, to try; a cover of it spent, the item covered if that
                    // was its last: the working state becomes the level's.
                    let work = &mut self.states[self.levels.len()];
                    let row = &self.sets.item_options[item * words..(item + 1) * words];
                    self.untried.extend(work.bits.iter().zip(row).map(|(o, m)| o & m));
                    let remaining = work.nums[item];
                    let bound = spend(&mut work.nums, self.bound_at[item]);
                    if bound == 0 {
                        self.stats.updates += work.cover(&self.sets, item);
                    }
                    self.levels.push(Level { item: item as u32, remaining, bound, chosen: UNTRIED });
                    self.state = State::Advance;
                }
                State::Advance => {
                    let l = self.levels.len() - 1;
                    let Level { item, remaining, bound, chosen } = self.levels[l];
                    let item = item as usize;
                    let slack = self.slack[item];
                    let spent = bound == 0 && slack == 0;
                    let untried = &mut self.untried[l * words..(l + 1) * words];
                    let next = untried.iter().position(|&b| b != 0);
                    // Over after its null move, at the end of the list of an item whose last
                    // cover is due, or when too few options are left for the covers it needs.
                    let too_few =
                        |remaining: u32| i64::from(remaining) <= i64::from(bound) - i64::from(slack);
                    let over = chosen == MultiSolver::NULL_MOVE
                        || if spent { next.is_none() } else { too_few(remaining) };
                    if over {
                        // Every move tried: back to the level above.
                        self.untried.truncate(l * words);
                        self.levels.pop();
                        self.back();
                        continue;
                    }
                    let mv = match next {
                        Some(w) => {
                            let o = w * 64 + untried[w].trailing_zeros() as usize;
                            untried[w] &= untried[w] - 1;
                            if !spent {
                                // DLX3's tweak: the option out of the item's list, and while
                                // the item may take covers, out of the others' too.
                                self.stats.updates += 1;
                                self.levels[l].remaining -= 1;
                                if bound != 0 {
                                    self.stats.updates += self.states[l].hide(&self.sets, o);
                                }
                            }
                            o
                        }
                        None => MultiSolver::NULL_MOVE,
                    };
                    self.levels[l].chosen = mv;
                    // The level's state copied to the next, and the move made there; the
                    // level's last move is made on its state itself (the test of `over` above,
                    // as it will be when the search is back: written out again, since one
                    // method asked both times, or its answer kept in the level, made the 6x6
                    // tiling 7% slower).
                    let last = mv == MultiSolver::NULL_MOVE
                        || if spent {
                            self.untried[l * words..(l + 1) * words].iter().all(|&b| b == 0)
                        } else {
                            too_few(self.levels[l].remaining)
                        };
                    Work::copy_down(&mut self.states, l, last);
                    if mv == MultiSolver::NULL_MOVE {
                        // The item takes no more covers: dropped from the active items.
                        if bound != 0 {
                            self.states[l + 1].bits[words + item / 64] &= !(1 << (item % 64));
                        }
                    } else {
                        self.commit(mv, item);
                    }
                    self.state = State::Forward;
                }
            }
        }
    }

    /// Back to the deepest level's next move, or the end of the search at the top.
    fn back(&mut self) {
        if self.levels.is_empty() {
            self.state = State::Done;
            self.outcome = Outcome::Exhausted;
        } else {
            self.state = State::Advance;
        }
    }
}

super::bits::bit_search!(BitMultiSolver);
