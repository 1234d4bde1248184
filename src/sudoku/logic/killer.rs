//! Killer cages, as a person solves them: the combinations a cage's sum allows (cage
//! combination), and the 45 rule (innies and outies: a house holds 1 to 9, which add up to 45;
//! on a grid of side N, 1 to N, which add up to N(N + 1)/2: 10 on 4×4, 21 on 6×6).
//!
//! Both rest on one question: which values can each cell of a group of different values take
//! when the group adds up to a sum? [`support`] answers it for any group of up to nine cells
//! (a cage, or the cells a house leaves out of its cages) by dynamic programming over the
//! values used so far (2⁹ sets a cell), so that the answer respects each cell's candidates
//! and not only the sum: hence grids of side 9 at most.

use super::step::{Explain, and_list, set};
use super::{Builtin, Grid, KILLER_SIDE, Step};
use crate::sudoku::{Candidate, Cell, Cells, Digits, Geometry, House};
use std::fmt;

/// The cages of a killer (a grid of side 9 at most), as the logic solver reads them.
#[derive(Debug)]
pub(super) struct Cages {
    /// What each house adds up to: 1 + 2 + … + the side.
    pub(super) total: u32,
    /// Each cage's cells and sum (a cage without a sum only keeps its values apart).
    pub(super) cages: Vec<(Vec<Cell>, Option<u32>)>,
    /// The cage of each cell, if any.
    pub(super) cage_of: Vec<Option<u8>>,
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
                    cage_of[i] = Some(k as u8);
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

/// How many sets of the values 1 to [`KILLER_SIDE`] there are: the steps reason on sets of
/// values as bits (bit v − 1 for the value v), a table entry a set.
const SETS: usize = 1 << KILLER_SIDE;

/// The sum of each set of values 1 to [`KILLER_SIDE`].
const SUMS: [u8; SETS] = {
    let mut sums = [0u8; SETS];
    let mut m: usize = 1;
    while m < SETS {
        let low = m.trailing_zeros() as usize; // the smallest value, and the set without it
        sums[m] = sums[m & (m - 1)] + low as u8 + 1;
        m += 1;
    }
    sums
};

/// The values of a group of different values that adds up to `sum`: for each cell, the values
/// it takes in some way of filling the group from its candidates (a placed cell: its value),
/// and the sets of values the group can hold; `None` when there is no way at all.
pub(super) fn support(grid: &Grid, cells: &[Cell], sum: u32) -> Option<(Vec<Digits>, Vec<Digits>)> {
    let (options, k) = options(grid, cells);
    let options = &options[..k];
    let mut reach = Reach::new();
    let combinations: Vec<usize> = reach.forward(options, sum).to_vec();
    if combinations.is_empty() {
        return None;
    }
    // good: from the values m on the first i cells, the others can complete the sum; walked
    // back from the full sets that make it.
    let mut good = [[false; SETS]; KILLER_SIDE + 1];
    for &m in &combinations {
        good[k][m] = true;
    }
    let mut takes = vec![Digits::empty(); k];
    for i in (0..k).rev() {
        for &m in reach.level(i) {
            let mut free = options[i] & !m;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free &= free - 1;
                if good[i + 1][m | bit] {
                    good[i][m] = true;
                    takes[i] |= Digits::from_bits_retain(bit as u32);
                }
            }
        }
    }
    // In the order a person lists them: {1,2,6} before {1,3,5} before {2,3,4}.
    let mut combinations: Vec<Digits> =
        combinations.iter().map(|&m| Digits::from_bits_retain(m as u32)).collect();
    combinations.sort_by_key(|d| d.digits().collect::<Vec<_>>());
    Some((takes, combinations))
}

/// Whether a group of different values can add up to `sum`, each cell taking one of its
/// candidates (a placed cell, its value): [`support`]'s first half, which a contradiction
/// needs alone, asked at every step of a trial.
pub(super) fn feasible(grid: &Grid, cells: &[Cell], sum: u32) -> bool {
    let (options, k) = options(grid, cells);
    !Reach::new().forward(&options[..k], sum).is_empty()
}

/// Each cell's values as a set of bits: its candidates, or the value placed; and how many
/// cells (a group holds at most nine). No allocation: a trial asks it of every cage at every
/// step.
fn options(grid: &Grid, cells: &[Cell]) -> ([usize; KILLER_SIDE], usize) {
    let mut options = [0; KILLER_SIDE];
    for (option, &c) in options.iter_mut().zip(cells) {
        *option = match grid.value(c) {
            Some(d) => 1 << d.index(),
            None => grid.candidates(c).bits() as usize & (SETS - 1),
        };
    }
    (options, cells.len().min(KILLER_SIDE))
}

/// The sets of values the first cells of a group can take, level by level: a set of i values
/// is reached on level i, so a level holds at most 126 of the [`SETS`] (512), listed rather
/// than scanned for, and all levels together at most the 512 (each set on one level only).
struct Reach {
    /// Every level's sets, one after the other (the first `len`); `ends[i]` ends level i.
    sets: [usize; SETS],
    len: usize,
    ends: [usize; KILLER_SIDE + 1],
}

impl Reach {
    fn new() -> Reach {
        Reach { sets: [0; SETS], len: 0, ends: [0; KILLER_SIDE + 1] }
    }

    fn push(&mut self, set: usize) {
        self.sets[self.len] = set;
        self.len += 1;
    }

    fn level(&self, i: usize) -> &[usize] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.sets[start..self.ends[i]]
    }

    /// Walk the cells forward; the full sets that add up to `sum`.
    fn forward(&mut self, options: &[usize], sum: u32) -> &[usize] {
        let sum = sum as usize;
        self.push(0);
        self.ends[0] = 1;
        for (i, &option) in options.iter().enumerate() {
            let mut seen = [false; SETS];
            let (start, end) = (if i == 0 { 0 } else { self.ends[i - 1] }, self.ends[i]);
            for at in start..end {
                let m = self.sets[at];
                let mut free = option & !m;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    let next = m | bit;
                    if !seen[next] && usize::from(SUMS[next]) <= sum {
                        seen[next] = true;
                        self.push(next);
                    }
                }
            }
            self.ends[i + 1] = self.len;
        }
        let k = options.len();
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        let end = self.ends[k];
        // Keep the full sets that make the sum, at the end of the list.
        let mut kept = start;
        for at in start..end {
            if usize::from(SUMS[self.sets[at]]) == sum {
                self.sets.swap(kept, at);
                kept += 1;
            }
        }
        self.len = kept;
        self.ends[k] = kept;
        &self.sets[start..kept]
    }
}

/// The candidates of `cells` that no way of making `sum` uses.
fn unsupported(grid: &Grid, cells: &[Cell], takes: &[Digits]) -> Vec<Candidate> {
    cells
        .iter()
        .zip(takes)
        .filter(|(c, _)| grid.value(**c).is_none())
        .flat_map(|(&c, &t)| (grid.candidates(c) - t).digits().map(move |d| Candidate::new(c, d)))
        .collect()
}

/// The cells that `eliminations` narrow, grouped by the candidates they keep, in the order of
/// the cells.
fn kept(grid: &Grid, eliminations: &[Candidate]) -> Vec<(Digits, Vec<Cell>)> {
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
fn keeping(kept: &[(Digits, Vec<Cell>)]) -> String {
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
        if cells.iter().all(|&c| grid.value(c).is_some()) {
            return None;
        }
        let (takes, combinations) = support(grid, cells, sum)?;
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

/// `{1,5,9} or {2,4,9}`.
fn alternatives(combinations: &[Digits]) -> String {
    let sets: Vec<String> = combinations.iter().map(|&d| set(d)).collect();
    match &sets[..] {
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
        [] => String::new(),
    }
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
            cells.iter().filter_map(|c| cages.cage_of[c.index()].map(usize::from)).collect();
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
            .filter(|c| cages.cage_of[c.index()].is_none_or(|k| !inner.contains(&usize::from(k))))
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
    cage_of: &[Option<u8>],
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
                    .filter(|c| cage_of[c.index()].is_none_or(|i| !joined.contains(&usize::from(i))))
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
