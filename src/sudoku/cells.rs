//! Sets of cells and candidates: the nouns the techniques reason with.
//!
//! A **candidate** is a digit that may still go in a cell: the unit of pencil marks, of
//! placements and of eliminations. A set of **cells** is 81 bits, one a cell in reading order, so
//! "the cells that see all of these" is a few ANDs of peer sets, not a filtered, sorted and
//! deduplicated vector.

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

/// A set of cells: one bit a cell, iterated in reading order.
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
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cells(u128);

/// Every cell of the classic grid: the low 81 bits.
const ALL: u128 = (1 << super::geometry::classic::CELLS) - 1;

impl Cells {
    /// No cell.
    pub const fn empty() -> Cells {
        Cells(0)
    }

    /// All 81 cells.
    pub const fn all() -> Cells {
        Cells(ALL)
    }

    /// Whether `cell` is in the set.
    pub fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.index() & 1 == 1
    }

    /// Put `cell` in the set.
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1 << cell.index();
    }

    /// Take `cell` out of the set.
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1 << cell.index());
    }

    /// How many cells.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no cell.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first cell in reading order, if any.
    pub fn first(self) -> Option<Cell> {
        (self.0 != 0).then(|| Cell::new(self.0.trailing_zeros() as usize))
    }

    /// The cells, in reading order.
    pub fn iter(self) -> CellIter {
        CellIter(self.0)
    }
}

impl Cell {
    /// The 20 peers of the cell, as a set.
    pub fn peer_set(self) -> Cells {
        Cells(super::geometry::classic::peer_set(self.index()))
    }
}

impl House {
    /// The nine cells of the house, as a set.
    pub fn cell_set(self) -> Cells {
        self.cells().collect()
    }
}

/// The cells of a [`Cells`], in reading order.
#[derive(Clone, Debug)]
pub struct CellIter(u128);

impl Iterator for CellIter {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        let cell = Cells(self.0).first()?;
        self.0 &= self.0 - 1;
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
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
        Cells(1 << cell.index())
    }
}

impl BitAnd for Cells {
    type Output = Cells;
    fn bitand(self, other: Cells) -> Cells {
        Cells(self.0 & other.0)
    }
}

impl BitOr for Cells {
    type Output = Cells;
    fn bitor(self, other: Cells) -> Cells {
        Cells(self.0 | other.0)
    }
}

impl Sub for Cells {
    type Output = Cells;
    /// The cells of `self` that are not in `other`.
    fn sub(self, other: Cells) -> Cells {
        Cells(self.0 & !other.0)
    }
}

impl Not for Cells {
    type Output = Cells;
    /// The other cells of the board.
    fn not(self) -> Cells {
        Cells(!self.0 & ALL)
    }
}

impl BitAndAssign for Cells {
    fn bitand_assign(&mut self, other: Cells) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for Cells {
    fn bitor_assign(&mut self, other: Cells) {
        self.0 |= other.0;
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
