//! Sets of cells and candidates: the nouns the techniques reason with.
//!
//! A **candidate** is a digit that may still go in a cell: the unit of pencil marks, of
//! placements and of eliminations. A set of **cells** is one bit a cell in reading order, so
//! "the cells that see all of these" is a few ANDs of peer sets, not a filtered, sorted and
//! deduplicated vector.

#[cfg(doc)]
use super::Geometry;
use super::geometry::{MAX_SIDE, classic};
use super::{Cell, Digit, House};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// A digit in a cell: what a placement puts there, or an elimination takes out. Displays as
/// `r1c2#4`, the name seed 000 gives it (`R1C2#4`) in the exact-cover matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// `digit` in `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.cell, self.digit)
    }
}

/// A set of cells: one bit a cell, iterated in reading order, on a grid of any side up to 25.
///
/// ```
/// use backtrack::sudoku::{Cell, Cells, House};
///
/// let a = Cell::at(0, 0);
/// let b = Cell::at(0, 8);
/// // The cells that see both r1c1 and r1c9: the rest of row 1.
/// let both = a.peer_set() & b.peer_set();
/// assert_eq!(both, House::Row(0).cell_set() - Cells::from([a, b]));
/// assert_eq!(both.len(), 7);
/// assert_eq!(Cells::from([b, a]).to_string(), "r1c1, r1c9");
/// ```
// Ten words hold the 625 cells of the largest grid. A fixed array rather than a vector keeps
// the set `Copy` and its operations free of allocation; the operations run over the words the
// grid's side needs (two on the classic grid, the words past them staying zero), so the
// classic grid's sets cost little more than a `u128` did.
#[derive(Clone, Copy, Default)]
pub struct Cells {
    words: [u64; WORDS],
    /// The side of the grid of the cells, so that iteration names them (0 for a set that has
    /// never held a cell: it has none to name).
    side: u8,
}

/// Words enough for the largest grid's cells.
const WORDS: usize = (MAX_SIDE * MAX_SIDE).div_ceil(64);

/// The words the cells of a grid of side `side` take.
#[inline]
const fn words(side: u8) -> usize {
    (side as usize * side as usize).div_ceil(64)
}

impl Cells {
    /// No cell.
    pub const fn empty() -> Cells {
        Cells { words: [0; WORDS], side: 0 }
    }

    /// All 81 cells of the classic grid.
    pub fn all() -> Cells {
        Cells::every(classic::SIDE)
    }

    /// Every cell of a grid of side `side` (at most 25).
    pub fn every(side: usize) -> Cells {
        let side = side.min(MAX_SIDE);
        let mut words = [0; WORDS];
        let cells = side * side;
        for (i, word) in words.iter_mut().enumerate() {
            let bits = cells.saturating_sub(64 * i).min(64);
            *word = if bits == 64 { u64::MAX } else { (1 << bits) - 1 };
        }
        Cells { words, side: side as u8 }
    }

    /// Whether `cell` is in the set.
    pub fn contains(self, cell: Cell) -> bool {
        let i = cell.index();
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Put `cell` in the set.
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.words[i / 64] |= 1 << (i % 64);
        self.side = self.side.max(cell.side() as u8);
    }

    /// Take `cell` out of the set.
    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// How many cells.
    pub fn len(self) -> usize {
        self.used().iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set has no cell.
    pub fn is_empty(self) -> bool {
        self.used().iter().all(|&w| w == 0)
    }

    /// Whether the two sets share a cell: `!(a & b).is_empty()` without building the set.
    #[inline]
    pub fn meets(self, other: Cells) -> bool {
        let n = words(self.side.max(other.side));
        if n <= 2 {
            return (self.words[0] & other.words[0]) | (self.words[1] & other.words[1]) != 0;
        }
        self.words[..n].iter().zip(&other.words[..n]).any(|(a, b)| a & b != 0)
    }

    /// Whether every cell of `self` is in `other`: `(a - b).is_empty()` without building the
    /// set.
    #[inline]
    pub fn is_subset(self, other: Cells) -> bool {
        let n = words(self.side.max(other.side));
        if n <= 2 {
            return (self.words[0] & !other.words[0]) | (self.words[1] & !other.words[1]) == 0;
        }
        self.words[..n].iter().zip(&other.words[..n]).all(|(a, b)| a & !b == 0)
    }

    /// The words the grid's cells take: every word past them is zero.
    #[inline]
    fn used(&self) -> &[u64] {
        &self.words[..words(self.side)]
    }

    /// The set as one `u128` (bit i: the cell numbered i) on a grid of 128 cells or fewer,
    /// where its first two words hold every cell; `None` on a larger grid.
    pub(crate) fn as_u128(self) -> Option<u128> {
        (words(self.side) <= 2).then(|| u128::from(self.words[0]) | u128::from(self.words[1]) << 64)
    }

    /// The one cell of a set of one, or `None`: without counting the cells (a set is one cell
    /// when one word is a power of two and the others are zero).
    pub fn single(self) -> Option<Cell> {
        let used = self.used();
        let (i, &word) = used.iter().enumerate().find(|&(_, &w)| w != 0)?;
        let alone = word.is_power_of_two() && used[i + 1..].iter().all(|&w| w == 0);
        alone.then(|| Cell::in_grid(self.side as usize, i * 64 + word.trailing_zeros() as usize))
    }

    /// The first cell in reading order, if any.
    pub fn first(self) -> Option<Cell> {
        self.iter().next()
    }

    /// The cells, in reading order.
    pub fn iter(self) -> CellIter {
        CellIter { set: self, word: 0 }
    }

    /// The set made of each word pair of two sets by `f`, on the grid of either.
    #[inline]
    fn zip(self, other: Cells, f: impl Fn(u64, u64) -> u64) -> Cells {
        let side = self.side.max(other.side);
        let mut words = [0; WORDS];
        let n = self::words(side);
        if n <= 2 {
            // The classic grid's two words, unrolled.
            words[0] = f(self.words[0], other.words[0]);
            words[1] = f(self.words[1], other.words[1]);
        } else {
            for (i, word) in words.iter_mut().enumerate().take(n) {
                *word = f(self.words[i], other.words[i]);
            }
        }
        Cells { words, side }
    }
}

impl PartialEq for Cells {
    /// Two sets are equal when they hold the same cells.
    fn eq(&self, other: &Cells) -> bool {
        let n = words(self.side.max(other.side));
        if n <= 2 {
            // The classic grid's two words, compared inline (a slice's comparison calls
            // `memcmp`: a chain search's lookups of grouped nodes spent 2% of the logic
            // solver's time there).
            return self.words[0] == other.words[0] && self.words[1] == other.words[1];
        }
        // A fold without an exit rather than a slice's comparison, which calls `memcmp` (8 % of
        // a 16×16 solve's time, the chains' lookups of grouped nodes).
        self.words[..n].iter().zip(&other.words[..n]).fold(0, |diff, (a, b)| diff | (a ^ b)) == 0
    }
}

impl Eq for Cells {}

impl std::hash::Hash for Cells {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.words.hash(state);
    }
}

impl Cell {
    /// The 20 peers of a classic grid's cell, as a set ([`Geometry::peer_set`] on any grid).
    pub fn peer_set(self) -> Cells {
        let bits = super::geometry::classic::peer_set(self.index());
        let mut words = [0; WORDS];
        words[0] = bits as u64;
        words[1] = (bits >> 64) as u64;
        Cells { words, side: classic::SIDE as u8 }
    }
}

impl House {
    /// The nine cells of a house of the classic grid, as a set ([`Geometry::house_set`] on any
    /// grid).
    pub fn cell_set(self) -> Cells {
        self.cells().collect()
    }
}

/// The cells of a [`Cells`], in reading order.
#[derive(Clone, Debug)]
pub struct CellIter {
    set: Cells,
    /// The word being read: those before it are spent.
    word: usize,
}

impl Iterator for CellIter {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        while self.word < words(self.set.side) {
            let bits = &mut self.set.words[self.word];
            if *bits != 0 {
                let index = self.word * 64 + bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                return Some(Cell::in_grid(self.set.side as usize, index));
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.set.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellIter {}
impl std::iter::FusedIterator for CellIter {}

impl IntoIterator for Cells {
    type Item = Cell;
    type IntoIter = CellIter;

    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

impl FromIterator<Cell> for Cells {
    fn from_iter<I: IntoIterator<Item = Cell>>(cells: I) -> Cells {
        let mut set = Cells::empty();
        for cell in cells {
            set.insert(cell);
        }
        set
    }
}

impl<const N: usize> From<[Cell; N]> for Cells {
    fn from(cells: [Cell; N]) -> Cells {
        cells.into_iter().collect()
    }
}

impl From<Cell> for Cells {
    fn from(cell: Cell) -> Cells {
        let mut set = Cells::empty();
        set.insert(cell);
        set
    }
}

impl BitAnd for Cells {
    type Output = Cells;
    fn bitand(self, other: Cells) -> Cells {
        self.zip(other, |a, b| a & b)
    }
}

impl BitOr for Cells {
    type Output = Cells;
    fn bitor(self, other: Cells) -> Cells {
        self.zip(other, |a, b| a | b)
    }
}

impl Sub for Cells {
    type Output = Cells;
    /// The cells of `self` that are not in `other`.
    fn sub(self, other: Cells) -> Cells {
        self.zip(other, |a, b| a & !b)
    }
}

impl Not for Cells {
    type Output = Cells;
    /// The other cells of the grid (of the classic grid, for a set that never held a cell).
    fn not(self) -> Cells {
        let side = if self.side == 0 { classic::SIDE } else { self.side as usize };
        Cells::every(side) - self
    }
}

impl BitAndAssign for Cells {
    fn bitand_assign(&mut self, other: Cells) {
        *self = *self & other;
    }
}

impl BitOrAssign for Cells {
    fn bitor_assign(&mut self, other: Cells) {
        *self = *self | other;
    }
}

impl fmt::Display for Cells {
    /// The cells in reading order, separated by commas: `r1c1, r1c9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cells[{self}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peer_sets_are_the_peers() {
        for cell in Cell::all() {
            assert_eq!(cell.peer_set(), cell.peers().collect::<Cells>());
            assert!(!cell.peer_set().contains(cell));
            for other in Cell::all() {
                assert_eq!(cell.peer_set().contains(other), cell.sees(other));
            }
        }
    }

    #[test]
    fn a_set_keeps_its_cells_in_reading_order() {
        let cells = [Cell::new(80), Cell::new(0), Cell::new(40), Cell::new(0)];
        let set: Cells = cells.into_iter().collect();
        assert_eq!(set.len(), 3);
        assert_eq!(set.iter().map(Cell::index).collect::<Vec<_>>(), [0, 40, 80]);
        assert_eq!(set.iter().len(), 3);
        assert_eq!((!set).len(), 78);
        assert_eq!(!Cells::all(), Cells::empty());
        let mut less = set;
        less.remove(Cell::new(40));
        assert_eq!(set - less, Cells::from(Cell::new(40)));
        assert_eq!(less | Cells::from(Cell::new(40)), set);
    }

    #[test]
    fn a_set_holds_the_cells_of_the_largest_grid() {
        let big = crate::sudoku::Geometry::of_side(25).unwrap();
        let cells = [big.cell(24, 24), big.cell(0, 0), big.cell(10, 3), big.cell(2, 14)];
        let set: Cells = cells.into_iter().collect();
        let indices: Vec<usize> = set.iter().map(Cell::index).collect();
        assert_eq!(indices, [0, 64, 253, 624]);
        assert_eq!(set.iter().last().unwrap().to_string(), "r25c25");
        assert_eq!((set.len(), (!set).len()), (4, 621));
        assert_eq!(Cells::every(25).len(), 625);
        let corner = Cells::from(big.cell(24, 24));
        assert_eq!(set & corner, corner);
        assert_eq!((set - corner).len(), 3);
        assert!(!(set - corner).contains(big.cell(24, 24)));
        // Every cell's peers on the largest grid: its row, column and box, 24 + 24 + 16.
        assert!(big.all_cells().all(|c| big.peer_set(c).len() == 64 && !big.peer_set(c).contains(c)));
    }

    #[test]
    fn questions_without_a_set_built_agree_with_the_sets() {
        let big = crate::sudoku::Geometry::of_side(25).unwrap();
        let grids: [Vec<Cell>; 2] = [Cell::all().collect(), big.all_cells().collect()];
        for cells in &grids {
            // Sets of zero, one and two cells, in one word, across words, far apart.
            let n = cells.len();
            let picks =
                [vec![], vec![0], vec![n - 1], vec![63], vec![64], vec![0, 1], vec![5, n - 2], vec![63, 64]];
            let sets: Vec<Cells> = picks.iter().map(|p| p.iter().map(|&i| cells[i]).collect()).collect();
            for a in &sets {
                let one = (a.len() == 1).then(|| a.first().unwrap());
                assert_eq!(a.single(), one, "{a}");
                for b in &sets {
                    assert_eq!(a.meets(*b), !(*a & *b).is_empty(), "{a} and {b}");
                    assert_eq!(a.is_subset(*b), (*a - *b).is_empty(), "{a} in {b}");
                }
            }
        }
    }

    #[test]
    fn houses_as_sets() {
        for house in House::all() {
            let set = house.cell_set();
            assert_eq!(set.len(), 9);
            assert!(Cell::all().all(|c| set.contains(c) == house.contains(c)));
        }
    }

    #[test]
    fn a_candidate_reads_as_the_seed_names_it() {
        assert_eq!(Candidate::new(Cell::at(0, 1), Digit::new(4)).to_string(), "r1c2#4");
    }
}
