//! Killer cages, as a person solves them: the combinations a cage's sum allows (cage
//! combination), and the 45 rule (innies and outies: a house holds 1 to 9, which add up to 45;
//! on a grid of side N, 1 to N, which add up to N(N + 1)/2: 10 on 4×4, 21 on 6×6).
//!
//! Both rest on one question: which values can each cell of a group of different values take
//! when the group adds up to a sum? [`support`] answers it for any group (a cage, or the cells
//! a house leaves out of its cages) by dynamic programming over the sets of values the first
//! cells can hold, so that the answer respects each cell's candidates and not only the sum:
//! on any grid (values 1 to 25), a group with more than [`MOST_SETS`] such sets left unread.

use super::step::{Explain, and_list, or_list, set};
use super::{Builtin, Grid, Step};
use crate::sudoku::geometry::MAX_SIDE;
use crate::sudoku::{Candidate, Cell, Cells, Digit, Digits, Geometry, House};
use std::fmt;

/// The cages of a killer, as the logic solver reads them.
#[derive(Debug)]
pub(super) struct Cages {
    /// What each house adds up to: 1 + 2 + … + the side.
    pub(super) total: u32,
    /// Each cage's cells and sum (a cage without a sum only keeps its values apart).
    pub(super) cages: Vec<(Vec<Cell>, Option<u32>)>,
    /// The cage of each cell, if any.
    pub(super) cage_of: Vec<Option<u32>>,
    /// The bands of houses the 45 rule on a band reads.
    pub(super) bands: Vec<Band>,
}

impl Cages {
    pub(super) fn new(geometry: &crate::sudoku::Geometry) -> Cages {
        let mut cage_of = vec![None; geometry.cells()];
        let cages: Vec<(Vec<Cell>, Option<u32>)> = geometry
            .cages()
            .iter()
            .enumerate()
            .map(|(k, cage)| {
                for &i in &cage.cells {
                    cage_of[i] = Some(k as u32);
                }
                // In reading order, as the steps name them.
                let mut cells: Vec<Cell> =
                    cage.cells.iter().filter_map(|&i| geometry.cell_checked(i)).collect();
                cells.sort_unstable();
                (cells, cage.sum)
            })
            .collect();
        let side = geometry.side() as u32;
        let total = side * (side + 1) / 2;
        let bands = bands(geometry, &cages, &cage_of, total);
        Cages { total, cages, cage_of, bands }
    }
}

/// The values of a group of different values that adds up to `sum`: for each cell, the values
/// it takes in some way of filling the group from its candidates (a placed cell: its value),
/// and the sets of values the group can hold; `None` when there is no way at all, or more
/// than [`MOST_SETS`] to list.
pub(super) fn support(grid: &Grid, cells: &[Cell], sum: u32) -> Option<(Vec<Digits>, Vec<Digits>)> {
    support_within(grid, cells, sum, |_| true)
}

/// [`support`] with only the sets of values `allowed` takes as ways of making the sum.
pub(super) fn support_within(
    grid: &Grid,
    cells: &[Cell],
    sum: u32,
    allowed: impl Fn(Digits) -> bool,
) -> Option<(Vec<Digits>, Vec<Digits>)> {
    let (options, k) = options(grid, cells);
    listed(&options[..k], sum, allowed)
}

/// [`support_within`] with `digit` only in `places` (some of the cells): the ways of the sets
/// with `digit` that put it in one of them.
pub(super) fn support_placing(
    grid: &Grid,
    cells: &[Cell],
    sum: u32,
    digit: Digit,
    places: &[Cell],
) -> Option<(Vec<Digits>, Vec<Digits>)> {
    let (mut options, k) = options(grid, cells);
    let bit = Digits::from(digit).bits();
    for (option, cell) in options.iter_mut().zip(cells) {
        if !places.contains(cell) {
            *option &= !bit;
        }
    }
    listed(&options[..k], sum, |set| set.has(digit))
}

/// [`ways`] as [`support_within`] answers: each cell's values, and the sets in order.
fn listed(options: &[u32], sum: u32, allowed: impl Fn(Digits) -> bool) -> Option<(Vec<Digits>, Vec<Digits>)> {
    let (takes, sets) = ways(options, sum, |set| allowed(Digits::from_bits_retain(set))).ok()?;
    let takes = takes.into_iter().map(Digits::from_bits_retain).collect();
    // In the order a person lists them: {1,2,6} before {1,3,5} before {2,3,4}.
    let mut combinations: Vec<Digits> = sets.into_iter().map(Digits::from_bits_retain).collect();
    // (Every set has as many values as the group has cells, so the first value that differs
    // orders two sets, and it is the highest bit of the bits reversed.)
    combinations.sort_unstable_by_key(|d| std::cmp::Reverse(d.bits().reverse_bits()));
    Some((takes, combinations))
}

/// Whether a group of different values can add up to `sum`, each cell taking one of its
/// candidates (a placed cell, its value): [`support`]'s first half, which a contradiction
/// needs alone, asked at every step of a trial. A group with more ways than [`MOST_SETS`] is
/// taken as one that can.
pub(super) fn feasible(grid: &Grid, cells: &[Cell], sum: u32) -> bool {
    let (options, k) = options(grid, cells);
    can_make(&options[..k], sum)
}

/// [`feasible`] on each cell's values as bits (bit v − 1 for the value v).
fn can_make(options: &[u32], sum: u32) -> bool {
    match known_takes(options, sum) {
        Some(takes) => takes != Takes::None,
        // Not kept: the walk forward alone answers.
        None => REACH
            .with_borrow_mut(|reach| !reach.forward(options, sum) || !reach.range(options.len()).is_empty()),
    }
}

/// What a group's cells can take, every set of values allowed: the first of [`ways`]'s
/// answers, which most questions need alone (whether the group can make its sum at all,
/// whether its sum rules anything out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Takes {
    /// More sets than [`MOST_SETS`]: not read.
    Unread,
    /// No way of making the sum.
    None,
    /// The values each cell takes in some way (bits, as the options), the cells in order.
    Some([u32; KNOWN_CELLS]),
}

/// The most cells of a group whose [`Takes`] each thread keeps.
const KNOWN_CELLS: usize = 8;

/// The most groups whose [`Takes`] each thread keeps before it forgets them all.
const KNOWN_GROUPS: usize = 1 << 14;

thread_local! {
    /// The [`Takes`] of the groups of up to [`KNOWN_CELLS`] cells read so far, by their
    /// cells' options and sum: a forcing chain on a killer follows each way with the cage
    /// steps, which ask every cage at every step what it can take, where few cages changed
    /// since the step before. The answer depends on nothing else, so it is read once.
    static KNOWN: std::cell::RefCell<std::collections::HashMap<Known, Takes>> = std::cell::RefCell::default();
}

/// A group as [`KNOWN`] keeps it: its sum, how many cells, and their options.
type Known = (u32, u8, [u32; KNOWN_CELLS]);

/// [`Takes`] of a group of up to [`KNOWN_CELLS`] cells, from [`KNOWN`] where it was read
/// before; `None` for a larger group, which is not kept.
fn known_takes(options: &[u32], sum: u32) -> Option<Takes> {
    let k = options.len();
    if k > KNOWN_CELLS {
        return None;
    }
    let mut key: Known = (sum, k as u8, [0; KNOWN_CELLS]);
    key.2[..k].copy_from_slice(options);
    // The walk borrows REACH, not KNOWN: it can run while KNOWN is held.
    let read = || match ways(options, sum, |_| true) {
        Ok((takes, _)) => {
            let mut all = [0; KNOWN_CELLS];
            all[..k].copy_from_slice(&takes);
            Takes::Some(all)
        }
        Err(Unmade::TooMany) => Takes::Unread,
        Err(Unmade::NoWay) => Takes::None,
    };
    Some(KNOWN.with_borrow_mut(|known| {
        if let Some(&takes) = known.get(&key) {
            return takes;
        }
        if known.len() >= KNOWN_GROUPS {
            known.clear();
        }
        *known.entry(key).or_insert_with(read)
    }))
}

/// Why a group has no ways to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unmade {
    /// More sets than [`MOST_SETS`]: not read.
    TooMany,
    /// No way of making the sum (with the sets allowed).
    NoWay,
}

/// [`support`] on each cell's values as bits: the values each cell takes in some way whose
/// set of values is `allowed`, and those sets (in no order).
fn ways(options: &[u32], sum: u32, allowed: impl Fn(u32) -> bool) -> Result<(Vec<u32>, Vec<u32>), Unmade> {
    let k = options.len();
    REACH.with_borrow_mut(|reach| {
        if !reach.forward(options, sum) {
            return Err(Unmade::TooMany);
        }
        if reach.range(k).is_empty() {
            return Err(Unmade::NoWay);
        }
        // good: from the set at this place on the first i cells, the others can complete the
        // sum; walked back from the full sets that make it and are allowed.
        let full = reach.range(k);
        reach.good.clear();
        reach.good.resize(reach.sets.len(), false);
        for at in full.clone() {
            reach.good[at] = allowed(reach.sets[at].0);
        }
        if !reach.good[full.clone()].contains(&true) {
            return Err(Unmade::NoWay);
        }
        let mut takes = vec![0; k];
        for i in (0..k).rev() {
            for at in reach.range(i) {
                let m = reach.sets[at].0;
                let mut free = options[i] & !m;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    if reach.place(m | bit, i + 1).is_some_and(|next| reach.good[next]) {
                        reach.good[at] = true;
                        takes[i] |= bit;
                    }
                }
            }
        }
        Ok((takes, full.filter(|&at| reach.good[at]).map(|at| reach.sets[at].0).collect()))
    })
}

/// Each cell's values as a set of bits (bit v − 1 for the value v): its candidates, or the
/// value placed; and how many cells (a group of different values holds at most a side's).
fn options(grid: &Grid, cells: &[Cell]) -> ([u32; MAX_SIDE], usize) {
    let mut options = [0; MAX_SIDE];
    for (option, &c) in options.iter_mut().zip(cells) {
        *option = match grid.value(c) {
            Some(d) => 1 << d.index(),
            None => grid.candidates(c).bits(),
        };
    }
    (options, cells.len().min(MAX_SIDE))
}

/// The most sets of values [`Reach`] lists for one group, all its cells together: a group with
/// more (a large cage of a large grid, its cells open) is not read. That leaves a step unfound
/// or a trial's contradiction unseen, never a wrong one. (On the classic grid a group has at
/// most 2⁹ = 512.)
const MOST_SETS: usize = 1 << 16;

/// The values up to which [`Reach`] finds a set's place in a table of every set (2¹⁶ places)
/// rather than by sorting each level and searching it.
const TABLED_VALUES: u32 = 16;

thread_local! {
    /// One [`Reach`] a thread, its vectors kept from group to group: a trial asks of every
    /// cage at every step whether it can still make its sum.
    static REACH: std::cell::RefCell<Reach> = std::cell::RefCell::new(Reach::default());
}

/// The sets of values the first cells of a group can take, level by level (a set of i values
/// on level i), each with its sum, and only those from which the cells left can still make
/// the sum (their least and most values bound what they add): dynamic programming over the
/// values used so far, so that the answer respects each cell's candidates and not only the
/// sum.
#[derive(Default)]
struct Reach {
    /// Every level's sets and their sums, one level after the other.
    sets: Vec<(u32, u32)>,
    /// `ends[i]`: where level i ends.
    ends: Vec<usize>,
    /// Whether the sets were tabled (values up to [`TABLED_VALUES`]); if not, each level is
    /// in the order of its sets.
    tabled: bool,
    /// With values up to [`TABLED_VALUES`], each set's place in `sets`, marked with the group
    /// it belongs to (a set of i values is on level i alone, so one place a set is enough).
    places: Vec<(u32, u32)>,
    /// The group being read, as `places` marks it.
    group: u32,
    /// [`support`]'s marks: the sets from which the cells left can make the sum.
    good: Vec<bool>,
}

impl Reach {
    fn range(&self, i: usize) -> std::ops::Range<usize> {
        (if i == 0 { 0 } else { self.ends[i - 1] })..self.ends[i]
    }

    /// Where `set` is on `level`, if it is there.
    fn place(&self, set: u32, level: usize) -> Option<usize> {
        if self.tabled {
            let (group, at) = self.places[set as usize];
            (group == self.group).then_some(at as usize)
        } else {
            let range = self.range(level);
            self.sets[range.clone()].binary_search_by_key(&set, |&(s, _)| s).ok().map(|j| range.start + j)
        }
    }

    /// Walk the cells forward: the last level is then the full sets that add up to `sum`
    /// (none when there is no way); `false` when the sets pass [`MOST_SETS`].
    fn forward(&mut self, options: &[u32], sum: u32) -> bool {
        // The least and the most the cells from i on add, values apart or not.
        let (mut low, mut high) = ([0u32; MAX_SIDE + 1], [0u32; MAX_SIDE + 1]);
        for (i, &option) in options.iter().enumerate().rev() {
            let (least, most) = match option {
                0 => (0, 0),
                _ => (option.trailing_zeros() + 1, 32 - option.leading_zeros()),
            };
            low[i] = low[i + 1] + least;
            high[i] = high[i + 1] + most;
        }
        let all = options.iter().fold(0, |all, &o| all | o);
        self.tabled = all >> TABLED_VALUES == 0;
        if self.tabled {
            if self.places.is_empty() {
                self.places = vec![(0, 0); 1 << TABLED_VALUES];
            }
            self.group = self.group.wrapping_add(1);
            if self.group == 0 {
                // The marks wrapped around: none is of a group still read.
                self.places.fill((0, 0));
                self.group = 1;
            }
        }
        self.sets.clear();
        self.sets.push((0, 0));
        self.ends.clear();
        self.ends.push(1);
        for (i, &option) in options.iter().enumerate() {
            let level = self.range(i);
            let to = level.end;
            for at in level {
                let (m, made) = self.sets[at];
                let mut free = option & !m;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    let (set, now) = (m | bit, made + bit.trailing_zeros() + 1);
                    if now + low[i + 1] > sum || sum > now + high[i + 1] {
                        continue;
                    }
                    if self.tabled {
                        let place = &mut self.places[set as usize];
                        if place.0 == self.group {
                            continue;
                        }
                        *place = (self.group, self.sets.len() as u32);
                    }
                    self.sets.push((set, now));
                }
                if self.sets.len() > MOST_SETS {
                    return false;
                }
            }
            if !self.tabled {
                // The level in order, each set once.
                self.sets[to..].sort_unstable_by_key(|&(set, _)| set);
                let mut kept = to;
                for at in to..self.sets.len() {
                    if kept == to || self.sets[kept - 1].0 != self.sets[at].0 {
                        self.sets[kept] = self.sets[at];
                        kept += 1;
                    }
                }
                self.sets.truncate(kept);
            }
            self.ends.push(self.sets.len());
        }
        true
    }
}

/// The candidates of `cells` that no way of making `sum` uses.
pub(super) fn unsupported(grid: &Grid, cells: &[Cell], takes: &[Digits]) -> Vec<Candidate> {
    cells
        .iter()
        .zip(takes)
        .filter(|(c, _)| grid.value(**c).is_none())
        .flat_map(|(&c, &t)| (grid.candidates(c) - t).digits().map(move |d| Candidate::new(c, d)))
        .collect()
}

/// The cells that `eliminations` narrow, grouped by the candidates they keep, in the order of
/// the cells.
pub(super) fn kept(grid: &Grid, eliminations: &[Candidate]) -> Vec<(Digits, Vec<Cell>)> {
    let mut kept: Vec<(Digits, Vec<Cell>)> = Vec::new();
    let mut cells: Vec<Cell> = eliminations.iter().map(|c| c.cell).collect();
    cells.sort_unstable();
    cells.dedup();
    for cell in cells {
        let gone: Digits =
            eliminations.iter().filter(|c| c.cell == cell).map(|c| Digits::from(c.digit)).collect();
        let keeps = grid.candidates(cell) - gone;
        match kept.iter_mut().find(|(d, _)| *d == keeps) {
            Some((_, group)) => group.push(cell),
            None => kept.push((keeps, vec![cell])),
        }
    }
    kept
}

/// `r2c3 and r2c4 keep {8,9}; r9c1 keeps {1,2,3,4}`.
pub(super) fn keeping(kept: &[(Digits, Vec<Cell>)]) -> String {
    let groups: Vec<String> = kept
        .iter()
        .map(|(digits, cells)| {
            let verb = if cells.len() == 1 { "keeps" } else { "keep" };
            format!("{} {verb} {}", and_list(cells), set(*digits))
        })
        .collect();
    groups.join("; ")
}

/// Cells of different values whose sum rules candidates out: a cage, or the cells the 45
/// rule adds up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupSum {
    /// The cells.
    pub cells: Vec<Cell>,
    /// What they add up to.
    pub sum: u32,
    /// The sets of values that make the sum with the candidates left, one value a cell.
    pub combinations: Vec<Digits>,
    /// The cells the step narrows, grouped by the candidates they keep.
    pub kept: Vec<(Digits, Vec<Cell>)>,
}

impl GroupSum {
    /// The group of `cells` adding up to `sum`, and the candidates no way of making the sum
    /// uses; `None` when they rule nothing out (or the group is full, or cannot make it).
    fn narrow(grid: &Grid, cells: &[Cell], sum: u32) -> Option<(GroupSum, Vec<Candidate>)> {
        // Most groups rule nothing out: what their cells take, where it is kept, says so
        // without listing the sets.
        let (options, k) = options(grid, cells);
        match known_takes(&options[..k], sum) {
            Some(Takes::Some(takes)) if options[..k].iter().zip(takes).all(|(&o, t)| o & !t == 0) => {
                return None;
            }
            Some(Takes::Unread | Takes::None) => return None,
            _ => {}
        }
        GroupSum::narrow_within(grid, cells, sum, |_| true)
    }

    /// [`GroupSum::narrow`] with only the sets of values `allowed` takes as ways of making
    /// the sum ([`support_within`]).
    pub(super) fn narrow_within(
        grid: &Grid,
        cells: &[Cell],
        sum: u32,
        allowed: impl Fn(Digits) -> bool,
    ) -> Option<(GroupSum, Vec<Candidate>)> {
        if cells.iter().all(|&c| grid.value(c).is_some()) {
            return None;
        }
        let (takes, combinations) = support_within(grid, cells, sum, allowed)?;
        let eliminations = unsupported(grid, cells, &takes);
        let kept = kept(grid, &eliminations);
        let group = GroupSum { cells: cells.to_vec(), sum, combinations, kept };
        (!eliminations.is_empty()).then_some((group, eliminations))
    }
}

/// A cage whose sum rules candidates out: the value sets it can still hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageCombination(pub GroupSum);

pub(super) fn find_combination(grid: &Grid) -> Option<Step> {
    let cages = grid.cages()?;
    cages.cages.iter().find_map(|(cells, sum)| {
        let (group, eliminations) = GroupSum::narrow(grid, cells, (*sum)?)?;
        Some(Step::new(CageCombination(group), vec![], eliminations))
    })
}

/// The most sets of values a step lists: a cage of the classic grid holds at most 12 (four
/// cells adding up to 20, five to 25); one of a larger grid can hold hundreds, and is counted.
const LISTED: usize = 12;

/// `{1,5,9} or {2,4,9}`; more than [`LISTED`] sets counted, with the first and the last:
/// `27 sets, {2,E,F,G} to {A,B,C,E}`.
pub(super) fn alternatives(combinations: &[Digits]) -> String {
    if let [first, .., last] = combinations {
        if combinations.len() > LISTED {
            return format!("{} sets, {} to {}", combinations.len(), set(*first), set(*last));
        }
    }
    or_list(&combinations.iter().map(|&d| set(d)).collect::<Vec<_>>())
}

impl Explain for CageCombination {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::CageCombination)
    }

    fn location(&self) -> String {
        format!("look at the cage of {} ({})", and_list(&self.0.cells), self.0.sum)
    }

    fn write(&self, _: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let GroupSum { cells, sum, combinations, kept } = &self.0;
        write!(
            f,
            "cage combination: {} add up to {sum} with {}, so {}",
            and_list(cells),
            alternatives(combinations),
            keeping(kept)
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.0.cells.iter().copied().collect()
    }
}

/// The 45 rule: the cages inside a house add up to `inside`, so the house's other cells (the
/// innies) add up to 45 − `inside`; or the cages that cover a house reach out of it by cells
/// (the outies) that add up to their sum − 45. (On a grid of side N, N(N + 1)/2 for 45.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Innies {
    /// The house.
    pub house: House,
    /// What the house adds up to: 45 on the classic grid.
    pub total: u32,
    /// Whether the cells are outside the house (outies) or inside it (innies).
    pub outies: bool,
    /// The cells whose sum the rule gives, and what it rules out.
    pub group: GroupSum,
}

pub(super) fn find_innies(grid: &Grid) -> Option<Step> {
    let cages = grid.cages()?;
    for house in grid.houses() {
        let cells: Vec<Cell> = grid.members(house).to_vec();
        let inside = |k: usize| cages.cages[k].0.iter().all(|c| cells.contains(c));
        // The cages that meet the house, each once.
        let mut met: Vec<usize> =
            cells.iter().filter_map(|c| cages.cage_of[c.index()].map(|k| k as usize)).collect();
        met.sort_unstable();
        met.dedup();
        if met.iter().any(|&k| cages.cages[k].1.is_none()) {
            continue;
        }
        let sum_of = |ks: &[usize]| ks.iter().map(|&k| cages.cages[k].1.unwrap_or(0)).sum::<u32>();
        // Innies: the cells of the house outside the cages that lie inside it.
        let inner: Vec<usize> = met.iter().copied().filter(|&k| inside(k)).collect();
        let innies: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|c| cages.cage_of[c.index()].is_none_or(|k| !inner.contains(&(k as usize))))
            .collect();
        let inside_sum = sum_of(&inner);
        let total = cages.total;
        if !innies.is_empty() && innies.len() < 5 && inside_sum <= total {
            if let Some(step) = rule(grid, house, total, false, innies, total - inside_sum) {
                return Some(step);
            }
        }
        // Outies: when every cell of the house is in a cage, the cells of those cages outside
        // the house add up to their sum − the house's. Different values only if they see each
        // other.
        if cells.iter().all(|c| cages.cage_of[c.index()].is_some()) {
            let outies: Vec<Cell> = met
                .iter()
                .flat_map(|&k| cages.cages[k].0.iter().copied())
                .filter(|c| !cells.contains(c))
                .collect();
            let apart =
                outies.iter().enumerate().all(|(i, a)| outies[i + 1..].iter().all(|&b| grid.sees(*a, b)));
            let covered = sum_of(&met);
            if !outies.is_empty() && outies.len() < 5 && apart && covered >= total {
                if let Some(step) = rule(grid, house, total, true, outies, covered - total) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The step of the 45 rule on `cells` adding up to `sum`, if it rules out a candidate (`house`
/// adding up to `total`).
fn rule(grid: &Grid, house: House, total: u32, outies: bool, cells: Vec<Cell>, sum: u32) -> Option<Step> {
    let (group, eliminations) = GroupSum::narrow(grid, &cells, sum)?;
    Some(Step::new(Innies { house, total, outies, group }, vec![], eliminations))
}

impl Explain for Innies {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::Innies)
    }

    fn location(&self) -> String {
        format!("add up the cages of {}", self.house)
    }

    fn write(&self, _: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Innies { house, total, outies, group: GroupSum { cells, sum, combinations, kept } } = self;
        let (kind, how) = if *outies {
            ("outies", format!("the cages that cover {house} reach out of it by"))
        } else {
            ("innies", format!("{house} adds up to {total}, and outside the cages inside it are"))
        };
        let cells = and_list(cells);
        let sum_words = if self.group.cells.len() == 1 {
            format!("which is {sum}")
        } else {
            format!("which add up to {sum}")
        };
        write!(
            f,
            "{total} rule ({kind}): {how} {cells}, {sum_words}: {}, so {}",
            alternatives(combinations),
            keeping(kept)
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.group.cells.iter().copied().collect()
    }
}

/// The first cell of a cage that can no longer make its sum with the candidates left (the
/// contradiction a trial meets when it breaks a cage).
pub(super) fn broken_cage(grid: &Grid) -> Option<Cell> {
    let cages = grid.cages()?;
    cages.cages.iter().find_map(|(cells, sum)| {
        let sum = (*sum)?;
        (!feasible(grid, cells, sum)).then(|| cells[0])
    })
}

/// The 45 rule over several houses: rows (or columns, or boxes in reading order) next to each
/// other add up to 45 each;
/// the cages mostly inside them add up to a known total; so the cells by which those cages
/// reach out of the band (outies) and the band's cells they leave out (innies) differ by a
/// known amount: `outies − innies = difference`. Unlike a single house's innies, the cells may
/// repeat a value (two rows hold each value twice), so the step tries each way of filling them
/// from their candidates, values apart only where cells see each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandSum {
    /// The band's first house: a row, a column or a box.
    pub first: House,
    /// Its last, of the same kind: the band is the houses from `first` to `last`.
    pub last: House,
    /// How many houses the band holds.
    pub count: usize,
    /// What each house adds up to: 45 on the classic grid.
    pub each: u32,
    /// What the cages mostly inside the band add up to.
    pub caged: u32,
    /// The cells of those cages outside the band.
    pub outies: Vec<Cell>,
    /// The band's cells outside those cages.
    pub innies: Vec<Cell>,
    /// The cells the step narrows, grouped by the candidates they keep.
    pub kept: Vec<(Digits, Vec<Cell>)>,
}

/// The most cells a band's equation may hold for the step to try the ways of filling them (a
/// way stops as soon as the cells left cannot make up the rest).
const BAND_CELLS: usize = 6;

pub(super) fn find_bands(grid: &Grid) -> Option<Step> {
    let cages = grid.cages()?;
    cages.bands.iter().find_map(|band| {
        let Band { first, last, count, caged, outies, innies, difference } = band;
        let eliminations = band_support(grid, outies, innies, *difference);
        if eliminations.is_empty() {
            return None;
        }
        let kept = kept(grid, &eliminations);
        let (first, last, count, each, caged) = (*first, *last, *count, cages.total, *caged);
        let (outies, innies) = (outies.clone(), innies.clone());
        let band = BandSum { first, last, count, each, caged, outies, innies, kept };
        Some(Step::new(band, vec![], eliminations))
    })
}

/// A band of houses whose 45 rule the step reads: its first and last house, what the cages
/// mostly inside add up to, its outies and innies (in order), and `Σ outies − Σ innies`.
#[derive(Debug)]
pub(super) struct Band {
    first: House,
    last: House,
    count: usize,
    caged: u32,
    outies: Vec<Cell>,
    innies: Vec<Cell>,
    difference: i64,
}

/// The bands of a killer's grid the step reads, made once with its cages: rows, columns and
/// boxes (in reading order), from either end, two houses up to all but one (a single house is
/// the plain 45 rule's), not whole rows of boxes (those are rows'), with six cells at most
/// between their outies and innies. Each house adds up to `each`. (A grid without boxes, a
/// Latin square or a jigsaw, has bands of rows and columns only.)
fn bands(
    geometry: &Geometry,
    cages: &[(Vec<Cell>, Option<u32>)],
    cage_of: &[Option<u32>],
    each: u32,
) -> Vec<Band> {
    let side = geometry.side();
    let of_kind = |kind: fn(&House) -> bool| -> Vec<usize> {
        (0..geometry.houses().len()).filter(|&h| kind(&geometry.house(h))).collect()
    };
    let rows = of_kind(|h| matches!(h, House::Row(_)));
    let cols = of_kind(|h| matches!(h, House::Col(_)));
    let boxes = of_kind(|h| matches!(h, House::Box(_)));
    let box_cols = geometry.boxes().map_or(side, |(_, c)| side / c);
    let mut bands = Vec::new();
    for line in [rows, cols, boxes].into_iter().filter(|line| !line.is_empty()) {
        let is_boxes = matches!(geometry.house(line[0]), House::Box(_));
        for reversed in [false, true] {
            let mut order = line.clone();
            if reversed {
                order.reverse();
            }
            for k in (2..side).filter(|&k| !is_boxes || k % box_cols != 0) {
                let band = &order[..k];
                let inside = |c: &Cell| band.iter().any(|&h| geometry.house_set(h).contains(*c));
                let joined: Vec<usize> = (0..cages.len())
                    .filter(|&i| {
                        let (cells, sum) = &cages[i];
                        sum.is_some() && 2 * cells.iter().filter(|c| inside(c)).count() > cells.len()
                    })
                    .collect();
                let mut outies: Vec<Cell> =
                    joined.iter().flat_map(|&i| cages[i].0.iter().copied()).filter(|c| !inside(c)).collect();
                let mut innies: Vec<Cell> = band
                    .iter()
                    .flat_map(|&h| geometry.members(h).iter().copied())
                    .filter(|c| cage_of[c.index()].is_none_or(|i| !joined.contains(&(i as usize))))
                    .collect();
                if outies.len() + innies.len() > BAND_CELLS || outies.len() + innies.len() == 0 {
                    continue;
                }
                outies.sort_unstable();
                innies.sort_unstable();
                let caged: u32 = joined.iter().filter_map(|&i| cages[i].1).sum();
                let difference = i64::from(caged) - i64::from(each) * k as i64;
                let (first, last) = (geometry.house(band[0]), geometry.house(band[k - 1]));
                bands.push(Band { first, last, count: k, caged, outies, innies, difference });
            }
        }
    }
    bands
}

/// The candidates of `outies` and `innies` that no way of filling them with
/// `Σ outies − Σ innies = difference` uses (cells that see each other apart).
fn band_support(grid: &Grid, outies: &[Cell], innies: &[Cell], difference: i64) -> Vec<Candidate> {
    // Each cell's values (a placed cell has no candidates left: its value is its one way), and
    // the sign it adds with.
    let cells: Vec<(Cell, i64, Digits)> = outies
        .iter()
        .map(|&c| (c, 1))
        .chain(innies.iter().map(|&c| (c, -1)))
        .map(|(c, sign)| (c, sign, grid.value(c).map_or_else(|| grid.candidates(c), Digits::from)))
        .collect();
    // The least and the most the cells from i on can add, values apart or not: a way whose
    // rest cannot make up what is left is not tried further.
    let mut reach = vec![(0i64, 0i64); cells.len() + 1];
    for (i, &(_, sign, digits)) in cells.iter().enumerate().rev() {
        let values = digits.digits().map(|d| sign * i64::from(d.get()));
        let (low, high) = values.fold((i64::MAX, i64::MIN), |(l, h), v| (l.min(v), h.max(v)));
        reach[i] = (reach[i + 1].0 + low, reach[i + 1].1 + high);
    }
    struct Ways<'a> {
        grid: &'a Grid,
        cells: &'a [(Cell, i64, Digits)],
        reach: &'a [(i64, i64)],
        chosen: Vec<crate::sudoku::Digit>,
        used: Vec<Digits>,
    }
    impl Ways<'_> {
        fn fill(&mut self, left: i64) {
            let i = self.chosen.len();
            if !(self.reach[i].0..=self.reach[i].1).contains(&left) {
                return;
            }
            if i == self.cells.len() {
                for (u, &d) in self.used.iter_mut().zip(&self.chosen) {
                    *u |= Digits::from(d);
                }
                return;
            }
            // A way that goes on from here marks the values chosen so far and some of the
            // cells' left: when all of them are marked already, it can show nothing new (the
            // ways are many, about 16⁶ on a 16×16 grid, and most values are found early).
            let chosen_marked = self.chosen.iter().zip(&self.used).all(|(&d, u)| u.contains(Digits::from(d)));
            if chosen_marked
                && self.cells[i..].iter().zip(&self.used[i..]).all(|(&(.., ds), &u)| (ds - u).is_empty())
            {
                return;
            }
            let (cell, sign, digits) = self.cells[i];
            for digit in digits.digits() {
                let grid = self.grid;
                let apart = self.cells[..i]
                    .iter()
                    .zip(&self.chosen)
                    .all(|(&(c, ..), &d)| d != digit || !grid.sees(c, cell));
                if apart {
                    self.chosen.push(digit);
                    self.fill(left - sign * i64::from(digit.get()));
                    self.chosen.pop();
                }
            }
        }
    }
    let mut ways = Ways {
        grid,
        cells: &cells,
        reach: &reach,
        chosen: Vec::new(),
        used: vec![Digits::empty(); cells.len()],
    };
    ways.fill(difference);
    cells
        .iter()
        .zip(&ways.used)
        .filter(|((c, ..), _)| grid.value(*c).is_none())
        .flat_map(|(&(c, ..), &u)| (grid.candidates(c) - u).digits().map(move |d| Candidate::new(c, d)))
        .collect()
}

impl Explain for BandSum {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::BandSum)
    }

    fn location(&self) -> String {
        format!("add up the cages of {} to {}", self.first, self.last)
    }

    fn write(&self, _: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let BandSum { first, last, count, each, caged, outies, innies, kept } = self;
        let kind = match first {
            House::Row(_) => "rows",
            House::Col(_) => "columns",
            _ => "boxes",
        };
        let total = i64::from(*each) * *count as i64;
        let mut sides = Vec::new();
        if !outies.is_empty() {
            let word = if outies.len() == 1 { "an outie" } else { "outies" };
            sides.push(format!("reach out of them by {} ({word})", and_list(outies)));
        }
        if !innies.is_empty() {
            let word = if innies.len() == 1 { "an innie" } else { "innies" };
            sides.push(format!("leave out {} ({word})", and_list(innies)));
        }
        let plus = |cells: &[Cell]| cells.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + ");
        let difference = i64::from(*caged) - total;
        let equation = match (outies.is_empty(), innies.is_empty()) {
            (false, true) => format!("{} = {difference}", plus(outies)),
            (true, false) => format!("{} = {}", plus(innies), -difference),
            _ if difference >= 0 => format!("{} = {} + {difference}", plus(outies), plus(innies)),
            _ => format!("{} = {} + {}", plus(innies), plus(outies), -difference),
        };
        write!(
            f,
            "{each} rule on {count} {kind} ({first} to {last} add up to {total}): the cages mostly in them add up to \
             {caged} and {}, so {equation}; so {}",
            sides.join(" and "),
            keeping(kept)
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.outies.iter().chain(&self.innies).copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every way of giving each cell one of its values, the values apart, that adds up to
    /// `sum` with a set of values that shares none with `out`: what each cell takes in one of
    /// them, and the sets they use, sorted.
    fn by_hand(options: &[u32], sum: u32, out: u32) -> (Vec<u32>, Vec<u32>) {
        fn fill(
            options: &[u32],
            (sum, out): (u32, u32),
            chosen: &mut Vec<u32>,
            takes: &mut [u32],
            sets: &mut Vec<u32>,
        ) {
            let i = chosen.len();
            if i == options.len() {
                let made: u32 = chosen.iter().map(|b| b.trailing_zeros() + 1).sum();
                if made == sum && chosen.iter().all(|&b| b & out == 0) {
                    for (t, &b) in takes.iter_mut().zip(chosen.iter()) {
                        *t |= b;
                    }
                    sets.push(chosen.iter().fold(0, |m, &b| m | b));
                }
                return;
            }
            let used = chosen.iter().fold(0, |m, &b| m | b);
            for v in 0..32 {
                let bit = 1u32 << v;
                if options[i] & bit != 0 && used & bit == 0 {
                    chosen.push(bit);
                    fill(options, (sum, out), chosen, takes, sets);
                    chosen.pop();
                }
            }
        }
        let (mut takes, mut sets) = (vec![0; options.len()], Vec::new());
        fill(options, (sum, out), &mut Vec::new(), &mut takes, &mut sets);
        sets.sort_unstable();
        sets.dedup();
        (takes, sets)
    }

    proptest! {
        /// Groups of one to five cells, each with up to seven of the values 1 to `side` (9, 16
        /// and 25: the tabled places, and the sorted levels past 16 values).
        #[test]
        fn the_ways_of_a_group_are_those_a_brute_force_finds(
            side in prop::sample::select(vec![9u32, 16, 25]),
            cells in prop::collection::vec(prop::collection::vec(0u32..25, 1..=7), 1..=5),
            offset in 0u32..40,
            out in prop::collection::vec(0u32..25, 0..=3),
        ) {
            let options: Vec<u32> =
                cells.iter().map(|values| values.iter().fold(0, |m, &v| m | 1 << (v % side))).collect();
            let out = out.iter().fold(0, |m, &v| m | 1 << (v % side));
            // A sum the cells can reach or nearly: their least values and some more.
            let least: u32 = options.iter().map(|o| o.trailing_zeros() + 1).sum();
            let sum = least + offset;
            let (takes, sets) = by_hand(&options, sum, 0);
            match ways(&options, sum, |_| true) {
                Err(_) => prop_assert!(sets.is_empty(), "no way found, {} by hand", sets.len()),
                Ok((found, mut made)) => {
                    made.sort_unstable();
                    prop_assert_eq!((found, made), (takes.clone(), sets.clone()));
                }
            }
            prop_assert_eq!(can_make(&options, sum), !sets.is_empty());
            // What the cells take, read and then asked again (kept), and the same cells with
            // an empty one after them, which no way can fill: kept apart from the group.
            for _ in 0..2 {
                let expected = if sets.is_empty() {
                    Takes::None
                } else {
                    let mut all = [0; KNOWN_CELLS];
                    all[..takes.len()].copy_from_slice(&takes);
                    Takes::Some(all)
                };
                prop_assert_eq!(known_takes(&options, sum), Some(expected));
                let mut emptied = options.clone();
                emptied.push(0);
                prop_assert_eq!(known_takes(&emptied, sum), Some(Takes::None));
                prop_assert!(!can_make(&emptied, sum));
            }
            // Only the sets that keep clear of some values (those of another cage of the
            // house, for crossed combinations).
            let (takes, sets) = by_hand(&options, sum, out);
            match ways(&options, sum, |set| set & out == 0) {
                Err(_) => prop_assert!(sets.is_empty(), "no way found, {} by hand", sets.len()),
                Ok((found, mut made)) => {
                    made.sort_unstable();
                    prop_assert_eq!((found, made), (takes, sets));
                }
            }
        }
    }

    proptest! {
        /// The band step's eliminations on two to six cells of a 9×9 or 16×16 grid, each with
        /// some of its values, against every way of filling them by hand: a candidate goes
        /// exactly when no way with `Σ outies − Σ innies = difference` (equal values only in
        /// cells that do not see each other) uses it.
        #[test]
        fn the_band_step_leaves_the_values_some_way_uses(
            side in prop::sample::select(vec![9usize, 16]),
            picks in prop::collection::vec((0usize..256, prop::collection::vec(0u8..16, 1..=6)), 2..=6),
            outies in 0usize..=6,
            offset in 0i64..60,
        ) {
            let root = if side == 9 { 3 } else { 4 };
            let grid_of = Geometry::boxed(root, root).unwrap();
            let mut grid = Grid::new(&crate::sudoku::Board::empty_of(&grid_of));
            let mut cells: Vec<(Cell, Vec<u8>)> = Vec::new();
            for (index, values) in picks {
                let cell = grid.cells().nth(index % (side * side)).unwrap();
                if cells.iter().all(|(c, _)| *c != cell) {
                    let mut values: Vec<u8> = values.iter().map(|v| v % side as u8 + 1).collect();
                    values.sort_unstable();
                    values.dedup();
                    cells.push((cell, values));
                }
            }
            for (cell, values) in &cells {
                for digit in grid.digits().filter(|d| !values.contains(&d.get())) {
                    grid.eliminate(*cell, digit);
                }
            }
            let outies = outies.min(cells.len());
            let sign = |i: usize| if i < outies { 1i64 } else { -1 };
            // A difference the cells can make or nearly: their least sum and some more.
            let least: i64 = cells.iter().enumerate().map(|(i, (_, v))| sign(i) * i64::from(if i < outies { v[0] } else { *v.last().unwrap() })).sum();
            let difference = least + offset;
            let mut used = vec![Vec::new(); cells.len()];
            let mut chosen = Vec::new();
            fn by_hand(grid: &Grid, cells: &[(Cell, Vec<u8>)], outies: usize, left: i64, chosen: &mut Vec<u8>, used: &mut [Vec<u8>]) {
                let i = chosen.len();
                if i == cells.len() {
                    if left == 0 {
                        for (u, &v) in used.iter_mut().zip(chosen.iter()) {
                            u.push(v);
                        }
                    }
                    return;
                }
                for &v in &cells[i].1 {
                    if (0..i).all(|k| chosen[k] != v || !grid.sees(cells[k].0, cells[i].0)) {
                        chosen.push(v);
                        let sign = if i < outies { 1 } else { -1 };
                        by_hand(grid, cells, outies, left - sign * i64::from(v), chosen, used);
                        chosen.pop();
                    }
                }
            }
            by_hand(&grid, &cells, outies, difference, &mut chosen, &mut used);
            let mut expected: Vec<(usize, u8)> = cells
                .iter()
                .zip(&used)
                .flat_map(|((c, values), u)| values.iter().filter(|v| !u.contains(v)).map(move |&v| (c.index(), v)))
                .collect();
            let (outie_cells, innie_cells): (Vec<Cell>, Vec<Cell>) = (
                cells[..outies].iter().map(|(c, _)| *c).collect(),
                cells[outies..].iter().map(|(c, _)| *c).collect(),
            );
            let mut found: Vec<(usize, u8)> = band_support(&grid, &outie_cells, &innie_cells, difference)
                .into_iter()
                .map(|c| (c.cell.index(), c.digit.get()))
                .collect();
            expected.sort_unstable();
            found.sort_unstable();
            prop_assert_eq!(found, expected);
        }
    }

    #[test]
    fn a_group_with_too_many_ways_is_not_read_and_not_refuted() {
        // Twelve cells of a 25×25 grid, every value open, adding up to half of the most:
        // millions of sets of values on the middle levels.
        let options = [(1u32 << 25) - 1; 12];
        assert_eq!(ways(&options, 156, |_| true), Err(Unmade::TooMany));
        assert!(can_make(&options, 156));
        // Eight such cells, as many as are kept: kept unread, twice the same.
        for _ in 0..2 {
            assert_eq!(known_takes(&options[..8], 104), Some(Takes::Unread));
            assert!(can_make(&options[..8], 104));
        }
        // Smaller, on the same grid: read.
        let (takes, sets) = ways(&options[..2], 49, |_| true).unwrap();
        assert_eq!(sets, vec![1 << 23 | 1 << 24]);
        assert_eq!(takes, vec![1 << 23 | 1 << 24; 2]);
        assert!(!can_make(&options[..2], 50));
    }
}
