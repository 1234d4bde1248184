//! The pencil-mark grid a person keeps: the digits placed, and the candidates left in each
//! empty cell.

use crate::sudoku::{Board, Cell, Digit, Digits, House};
use std::fmt;

/// Digits placed and candidates left, the state the logic solver reasons on.
///
/// Unlike [`Board`], whose candidates are what the houses leave, a grid's candidates shrink as
/// techniques eliminate them.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    values: [Option<Digit>; 81],
    candidates: [Digits; 81],
}

/// Why a grid cannot be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An empty cell has no candidate left.
    NoCandidate(Cell),
    /// A digit has no place left in a house that does not hold it.
    NoPlace {
        /// The digit.
        digit: Digit,
        /// The house.
        house: House,
    },
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::NoCandidate(cell) => write!(f, "{cell} has no candidate left"),
            Contradiction::NoPlace { digit, house } => write!(f, "{digit} has no place left in {house}"),
        }
    }
}

impl Grid {
    /// The grid of a board: its digits, and for each empty cell the digits its houses leave.
    pub fn new(board: &Board) -> Grid {
        let mut grid = Grid { values: [None; 81], candidates: [Digits::empty(); 81] };
        for cell in Cell::all() {
            grid.values[cell.index()] = board.get(cell);
            grid.candidates[cell.index()] = board.candidates(cell);
        }
        grid
    }

    /// The digit in `cell`, if placed.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values[cell.index()]
    }

    /// The candidates left in `cell` (none once a digit is placed).
    pub fn candidates(&self, cell: Cell) -> Digits {
        self.candidates[cell.index()]
    }

    /// The empty cells of `house` where `digit` is still a candidate.
    pub fn places(&self, house: House, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        house.cells().filter(move |&c| self.candidates(c).has(digit))
    }

    /// Whether `house` holds `digit` already.
    pub fn holds(&self, house: House, digit: Digit) -> bool {
        house.cells().any(|c| self.value(c) == Some(digit))
    }

    /// Place `digit` in `cell`, and take it from the candidates of the cell's peers.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.values[cell.index()] = Some(digit);
        self.candidates[cell.index()] = Digits::empty();
        for peer in cell.peers() {
            self.candidates[peer.index()].remove(Digits::from(digit));
        }
    }

    /// Remove `digit` from the candidates of `cell`.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) {
        self.candidates[cell.index()].remove(Digits::from(digit));
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// The first contradiction, if any: an empty cell without candidates, or a digit without a
    /// place in a house that lacks it.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Some(cell) = Cell::all().find(|&c| self.value(c).is_none() && self.candidates(c).is_empty()) {
            return Some(Contradiction::NoCandidate(cell));
        }
        for house in House::all() {
            for digit in Digit::all() {
                if !self.holds(house, digit) && self.places(house, digit).next().is_none() {
                    return Some(Contradiction::NoPlace { digit, house });
                }
            }
        }
        None
    }

    /// The digits placed, as a board (an inconsistent grid gives the digits that fit).
    pub fn to_board(&self) -> Board {
        let board = Board::empty();
        for cell in Cell::all() {
            if let Some(d) = self.value(cell) {
                let _ = board.place(cell, d);
            }
        }
        board
    }

    /// Removing `digit` from every cell that sees all of `cells` (a cell does not see itself)
    /// and still has it: what a wing concludes once one of `cells` must hold `digit`.
    pub fn eliminations_seen_by(&self, cells: &[Cell], digit: Digit) -> Vec<(Cell, Digit)> {
        self.empty_cells()
            .filter(|&c| self.candidates(c).has(digit) && cells.iter().all(|&w| c.sees(w)))
            .map(|c| (c, digit))
            .collect()
    }

    /// The empty cells, in reading order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::all().filter(|&c| self.value(c).is_none())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({:#})", self.to_board())
    }
}
