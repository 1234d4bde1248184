//! Where things are: cells, and the houses (rows, columns, boxes) they belong to.

use std::fmt;

/// One of the 81 cells, numbered 0 to 80 in reading order (row by row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell numbered `index` (0..81, reading order).
    ///
    /// # Panics
    /// If `index` is 81 or more; [`Cell::new_checked`] is the fallible twin.
    pub fn new(index: usize) -> Cell {
        Cell::new_checked(index).unwrap_or_else(|| panic!("{index} is not a cell index (0..81)"))
    }

    /// The cell numbered `index`, or `None` past 80.
    pub fn new_checked(index: usize) -> Option<Cell> {
        (index < 81).then_some(Cell(index as u8))
    }

    /// The cell in row `row` and column `col`, both 0-based.
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
        assert!(row < 9 && col < 9, "r{row}c{col} is off the board (0-based)");
        Cell((row * 9 + col) as u8)
    }

    /// All 81 cells in reading order.
    pub fn all() -> impl ExactSizeIterator<Item = Cell> + Clone {
        (0..81).map(Cell)
    }

    /// The index, 0 to 80.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0 to 8.
    pub fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// The column, 0 to 8.
    pub fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// The box, 0 to 8, in reading order.
    pub fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }

    /// The three houses of the cell: its row, its column, its box.
    pub fn houses(self) -> [House; 3] {
        [House::Row(self.row() as u8), House::Col(self.col() as u8), House::Box(self.box_index() as u8)]
    }

    /// Whether two different cells share a house (they "see" each other).
    pub fn sees(self, other: Cell) -> bool {
        self != other
            && (self.row() == other.row()
                || self.col() == other.col()
                || self.box_index() == other.box_index())
    }

    /// The 20 peers of the cell: the other cells of its row, column and box, in reading order.
    pub fn peers(self) -> impl ExactSizeIterator<Item = Cell> + Clone {
        PEERS[self.index()].iter().map(|&i| Cell(i))
    }
}

impl fmt::Display for Cell {
    /// `r1c1` to `r9c9`, 1-based as people count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// The peers of each cell, computed once at compile time.
const PEERS: [[u8; 20]; 81] = {
    let mut table = [[0u8; 20]; 81];
    let mut a = 0;
    while a < 81 {
        let mut k = 0;
        let mut b = 0;
        while b < 81 {
            let same_row = a / 9 == b / 9;
            let same_col = a % 9 == b % 9;
            let same_box = a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3;
            if a != b && (same_row || same_col || same_box) {
                table[a][k] = b as u8;
                k += 1;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// A house: a row, a column or a box, each holding every digit once. Indices are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    /// Row 0 to 8, top to bottom.
    Row(u8),
    /// Column 0 to 8, left to right.
    Col(u8),
    /// Box 0 to 8, in reading order.
    Box(u8),
}

impl House {
    /// The 27 houses: the rows, then the columns, then the boxes.
    pub fn all() -> impl Iterator<Item = House> + Clone {
        (0..9).map(House::Row).chain((0..9).map(House::Col)).chain((0..9).map(House::Box))
    }

    /// The nine cells of the house, in reading order.
    pub fn cells(self) -> impl ExactSizeIterator<Item = Cell> + Clone {
        (0..9usize).map(move |i| match self {
            House::Row(r) => Cell::at(r as usize, i),
            House::Col(c) => Cell::at(i, c as usize),
            House::Box(b) => Cell::at(b as usize / 3 * 3 + i / 3, b as usize % 3 * 3 + i % 3),
        })
    }

    /// Whether `cell` is in the house.
    pub fn contains(self, cell: Cell) -> bool {
        match self {
            House::Row(r) => cell.row() == r as usize,
            House::Col(c) => cell.col() == c as usize,
            House::Box(b) => cell.box_index() == b as usize,
        }
    }
}

impl fmt::Display for House {
    /// `row 1`, `column 4`, `box 9`: 1-based, as people count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structure_of_the_board() {
        // Norvig's invariants: 81 cells, 27 houses, each cell in 3 houses with 20 peers.
        assert_eq!(Cell::all().count(), 81);
        assert_eq!(House::all().count(), 27);
        for cell in Cell::all() {
            assert_eq!(House::all().filter(|h| h.contains(cell)).count(), 3);
            assert_eq!(cell.houses().iter().filter(|h| h.contains(cell)).count(), 3);
            assert_eq!(cell.peers().count(), 20);
        }
        for house in House::all() {
            let cells: Vec<Cell> = house.cells().collect();
            assert_eq!(cells.len(), 9);
            assert!(cells.iter().all(|&c| house.contains(c)));
            assert!(cells.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
