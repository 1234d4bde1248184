//! Where things are: cells, and the houses (rows, columns, boxes, regions, extra houses) they
//! belong to. A cell knows the side of its grid, so it can say its row and column and name
//! itself (`r1c1`) on any size; which houses it is in is the [`Geometry`]'s business.

#[cfg(doc)]
use super::geometry::Geometry;
use super::geometry::classic;
use std::fmt;

/// One cell of a grid, numbered from 0 in reading order (row by row), with the side of its grid.
///
/// [`Cell::new`], [`Cell::at`] and [`Cell::all`] are the classic 9×9 grid's cells; a
/// [`Geometry`] makes the cells of any grid ([`Geometry::cell`], [`Geometry::all_cells`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    // The index comes first: cells of one grid order as reading order.
    index: u16,
    side: u8,
}

impl Cell {
    /// The classic grid's cell numbered `index` (0..81, reading order).
    ///
    /// # Panics
    /// If `index` is 81 or more; [`Cell::new_checked`] is the fallible twin.
    pub fn new(index: usize) -> Cell {
        Cell::new_checked(index)
            .unwrap_or_else(|| panic!("{index} is not a cell index (0..{})", classic::CELLS))
    }

    /// The classic grid's cell numbered `index`, or `None` past 80.
    pub fn new_checked(index: usize) -> Option<Cell> {
        (index < classic::CELLS).then(|| Cell::in_grid(classic::SIDE, index))
    }

    /// The cell numbered `index` of a grid of side `side`; the caller (a [`Geometry`]) has
    /// checked both.
    pub(crate) fn in_grid(side: usize, index: usize) -> Cell {
        debug_assert!(index < side * side);
        Cell { index: index as u16, side: side as u8 }
    }

    /// The classic grid's cell in row `row` and column `col`, both 0-based.
    ///
    /// ```
    /// use backtrack::sudoku::Cell;
    /// let cell = Cell::at(2, 6);
    /// assert_eq!((cell.row(), cell.col(), cell.box_index()), (2, 6, 2));
    /// assert_eq!(cell.to_string(), "r3c7");
    /// ```
    ///
    /// # Panics
    /// If `row` or `col` is 9 or more.
    pub fn at(row: usize, col: usize) -> Cell {
        classic::geometry().cell(row, col)
    }

    /// The classic grid's 81 cells in reading order.
    pub fn all() -> impl ExactSizeIterator<Item = Cell> + Clone {
        classic::geometry().all_cells()
    }

    /// The index, from 0 in reading order.
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// The side of the cell's grid.
    pub fn side(self) -> usize {
        self.side as usize
    }

    /// The row, from 0.
    pub fn row(self) -> usize {
        self.index as usize / self.side as usize
    }

    /// The column, from 0.
    pub fn col(self) -> usize {
        self.index as usize % self.side as usize
    }

    /// The box of a classic grid's cell, 0 to 8 in reading order (a grid of another shape says
    /// which box or region a cell is in through [`Geometry::region_of`]).
    pub fn box_index(self) -> usize {
        classic::box_of(self.index())
    }

    /// The three houses of a classic grid's cell: its row, its column, its box.
    pub fn houses(self) -> [House; 3] {
        [House::Row(self.row() as u8), House::Col(self.col() as u8), House::Box(self.box_index() as u8)]
    }

    /// Whether two different cells of the classic grid share a house (they "see" each other).
    pub fn sees(self, other: Cell) -> bool {
        classic::peer_set(self.index()) >> other.index() & 1 == 1
    }

    /// The 20 peers of a classic grid's cell: the other cells of its row, column and box, in
    /// reading order ([`Geometry::peers`] on any grid).
    pub fn peers(self) -> impl ExactSizeIterator<Item = Cell> + Clone {
        classic::geometry().peers(self).iter().copied()
    }
}

impl fmt::Display for Cell {
    /// `r1c1` to `r9c9` (to `r25c25` on the largest grid), 1-based as people count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A house: a set of cells that holds every value once. Indices are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    /// A row, top to bottom.
    Row(u8),
    /// A column, left to right.
    Col(u8),
    /// A box, in reading order.
    Box(u8),
    /// A region of a jigsaw grid, numbered in the order their first cells come.
    Region(u8),
    /// A diagonal of X-Sudoku: 0 from the top left corner, 1 from the top right.
    Diagonal(u8),
    /// A window of windoku, in reading order.
    Window(u8),
    /// An extra region: a house of the puzzle's own on top of the boxes (a set of N cells
    /// that holds every value once besides them), numbered as the map's letters first come.
    Extra(u8),
}

impl House {
    /// The classic grid's 27 houses: the rows, then the columns, then the boxes
    /// ([`Geometry::houses`] on any grid).
    pub fn all() -> impl ExactSizeIterator<Item = House> + Clone {
        classic::geometry().houses().iter().copied()
    }

    /// The nine cells of a house of the classic grid, in reading order ([`Geometry::members`]
    /// on any grid).
    ///
    /// # Panics
    /// If the classic grid has no such house (a region, a diagonal or a window).
    pub fn cells(self) -> impl ExactSizeIterator<Item = Cell> + Clone {
        classic::geometry().members(classic::number(self)).iter().copied()
    }

    /// Whether `cell` is in a house of the classic grid.
    pub fn contains(self, cell: Cell) -> bool {
        match self {
            House::Row(r) => cell.row() == r as usize,
            House::Col(c) => cell.col() == c as usize,
            House::Box(b) => cell.box_index() == b as usize,
            _ => false,
        }
    }
}

impl fmt::Display for House {
    /// `row 1`, `column 4`, `box 9`, `region 2`, `diagonal 1`, `window 4`: 1-based, as people
    /// count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
            House::Region(i) => write!(f, "region {}", i + 1),
            House::Diagonal(i) => write!(f, "diagonal {}", i + 1),
            House::Window(i) => write!(f, "window {}", i + 1),
            House::Extra(i) => write!(f, "extra region {}", i + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Geometry;

    #[test]
    fn structure_of_the_board() {
        // Norvig's invariants: 81 cells, 27 houses, each cell in 3 houses with 20 peers.
        assert_eq!(Cell::all().count(), 81);
        assert_eq!(House::all().count(), 27);
        for cell in Cell::all() {
            assert_eq!(House::all().filter(|h| h.contains(cell)).count(), 3);
            assert_eq!(cell.houses().iter().filter(|h| h.contains(cell)).count(), 3);
            assert_eq!(cell.peers().count(), 20);
            assert!(cell.peers().all(|p| cell.sees(p) && p.sees(cell)));
        }
        for house in House::all() {
            let cells: Vec<Cell> = house.cells().collect();
            assert_eq!(cells.len(), 9);
            assert!(cells.iter().all(|&c| house.contains(c)));
            assert!(cells.windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn a_cell_names_itself_on_any_grid() {
        let big = Geometry::of_side(25).unwrap();
        assert_eq!(big.cell(24, 9).to_string(), "r25c10");
        assert_eq!((big.cell(24, 9).row(), big.cell(24, 9).col()), (24, 9));
    }
}
