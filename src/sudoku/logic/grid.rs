//! The pencil-mark grid a person keeps: the digits placed, and the candidates left in each
//! empty cell.

use super::killer::{self, Cages};
use crate::Ones;
use crate::sudoku::bitboard::{Budget, Outcome, Solutions};
use crate::sudoku::{Board, Candidate, Cell, Cells, Digit, Digits, House};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Digits placed and candidates left, the state the logic solver reasons on.
///
/// Unlike [`Board`], whose candidates are what the houses leave, a grid's candidates shrink as
/// techniques eliminate them.
#[derive(Clone)]
pub struct Grid {
    values: [Option<Digit>; 81],
    candidates: [Digits; 81],
    // What the techniques ask most, kept up to date by `place` and `eliminate` rather than
    // read off the cells at every question (each step asks hundreds of them):
    /// For each house (in [`House::all`] order) and digit, the positions in the house (in
    /// [`House::cells`] order) where the digit is a candidate.
    places: [[u16; 9]; 27],
    /// The digits each house holds.
    held: [Digits; 27],
    /// Whether the puzzle is known to have exactly one solution: what the uniqueness
    /// techniques (Unique Rectangles, BUG+1) rest on.
    unique: bool,
    /// How far the solve may go, shared by the grids of its trials (none: no bound).
    limit: Option<Arc<Limit>>,
    /// A killer's cages (none on a plain grid), shared by the grids of its trials.
    cages: Option<Arc<Cages>>,
}

// Two grids are equal when their digits and candidates are (what they know), whatever bounds
// their solves.
impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.values == other.values && self.candidates == other.candidates && self.unique == other.unique
    }
}

impl Eq for Grid {}

/// The bounds of one solve: the steps it may take (in the solve, in every bifurcation's trial
/// and in every way of a forcing chain), and a deadline. The grids of the trials share it.
#[derive(Debug)]
pub(super) struct Limit {
    max_steps: Option<u64>,
    deadline: Option<Instant>,
    steps: AtomicU64,
    stopped: AtomicBool,
}

impl Limit {
    pub(super) fn new(max_steps: Option<u64>, deadline: Option<Instant>) -> Limit {
        Limit { max_steps, deadline, steps: AtomicU64::new(0), stopped: AtomicBool::new(false) }
    }

    /// The steps taken so far.
    pub(super) fn steps(&self) -> u64 {
        self.steps.load(Ordering::Relaxed)
    }

    /// Whether a bound stopped the solve.
    pub(super) fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Count one more step; `false` (and stopped for good) past a bound. The clock is read
    /// every 64 steps: a step takes microseconds.
    fn charge(&self) -> bool {
        if self.stopped() {
            return false;
        }
        let steps = self.steps.fetch_add(1, Ordering::Relaxed) + 1;
        let late = steps % 64 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d);
        if late || self.max_steps.is_some_and(|max| steps > max) {
            self.stopped.store(true, Ordering::Relaxed);
            return false;
        }
        true
    }
}

use crate::sudoku::geometry::classic::{cell_at, homes as classic_homes, number};

/// The three houses of `cell` by number, with the cell's position in each.
fn homes(cell: Cell) -> [(usize, u16); 3] {
    classic_homes(cell.index())
}

/// The most guesses the proof of uniqueness may take. A published puzzle takes the band engine
/// a few dozen at most (the hardest sets average 8 to 13); a grid that takes more is not
/// assumed unique, which only keeps the uniqueness techniques out. At a microsecond or so a
/// guess, the proof so costs a few milliseconds at most, on any grid.
const PROOF_GUESSES: u64 = 2_000;

/// Whether `board` has exactly one solution, proved within [`PROOF_GUESSES`] guesses.
fn has_one_solution(board: &Board) -> bool {
    let mut search = Solutions::new(board).budget(&Budget::nodes(PROOF_GUESSES));
    search.by_ref().take(2).count() == 1 && search.outcome() == Outcome::Exhausted
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
    /// A killer cage (named by its first cell) can no longer make its sum.
    CageSum(Cell),
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::NoCandidate(cell) => write!(f, "{cell} has no candidate left"),
            Contradiction::NoPlace { digit, house } => write!(f, "{digit} has no place left in {house}"),
            Contradiction::CageSum(cell) => write!(f, "the cage of {cell} cannot make its sum"),
        }
    }
}

impl Grid {
    /// The grid of a board: its digits, and for each empty cell the digits its houses leave.
    ///
    /// It also finds out whether the board has exactly one solution (the band engine proves it
    /// in microseconds), as a person knows it of a published puzzle: only then do the
    /// uniqueness techniques apply. On a board with several solutions they would be wrong, and
    /// a board that takes the engine more than two thousand guesses is not assumed
    /// unique.
    ///
    /// A killer on the classic grid (its cages in the board's geometry) keeps its cages: a
    /// digit placed leaves its cage-mates, and a cage that can no longer make its sum is a
    /// contradiction. Its uniqueness is not assumed: the uniqueness techniques reason on
    /// houses alone (swapping the corners of a rectangle keeps every house whole, but it may
    /// break a cage's sum), so on a killer they would be wrong.
    ///
    /// # Panics
    /// If the board is not the classic grid's, with or without killer cages: the logic solver
    /// knows only that one for now.
    pub fn new(board: &Board) -> Grid {
        let geometry = board.geometry();
        let cages = (!geometry.cages().is_empty()).then(|| Arc::new(Cages::new(geometry)));
        let mut grid = Grid {
            values: [None; 81],
            candidates: [Digits::empty(); 81],
            places: [[0; 9]; 27],
            held: [Digits::empty(); 27],
            unique: cages.is_none() && has_one_solution(board),
            limit: None,
            cages,
        };
        for cell in Cell::all() {
            grid.values[cell.index()] = board.get(cell);
            grid.candidates[cell.index()] = board.candidates(cell);
            for (house, at) in homes(cell) {
                if let Some(digit) = board.get(cell) {
                    grid.held[house] |= Digits::from(digit);
                }
                for digit in board.candidates(cell).digits() {
                    grid.places[house][digit.index()] |= 1 << at;
                }
            }
        }
        grid
    }

    /// The killer's cages, if the grid has any.
    pub(super) fn cages(&self) -> Option<&Cages> {
        self.cages.as_deref()
    }

    /// Whether the puzzle is known to have exactly one solution, so that the uniqueness
    /// techniques apply (see [`Grid::new`]).
    pub fn is_unique(&self) -> bool {
        self.unique
    }

    /// Declare that the puzzle has exactly one solution, as its maker promises, so that the
    /// uniqueness techniques apply: for a position built by hand, whose candidates are not
    /// those of a board. On a grid with several solutions their steps can be wrong.
    pub fn assume_unique(&mut self) {
        self.unique = true;
    }

    /// Bound the solves of this grid and of the trials made from it.
    pub(super) fn bound(&mut self, limit: Arc<Limit>) {
        self.limit = Some(limit);
    }

    /// Count a step of a solve against the bounds: `false` once past one.
    pub(super) fn charge(&self) -> bool {
        self.limit.as_ref().is_none_or(|l| l.charge())
    }

    /// Whether a bound stopped the solve of this grid (or of a trial made from it).
    pub(super) fn stopped(&self) -> bool {
        self.limit.as_ref().is_some_and(|l| l.stopped())
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
    pub fn places(&self, house: House, digit: Digit) -> impl ExactSizeIterator<Item = Cell> + Clone + '_ {
        Ones(u64::from(self.places[number(house)][digit.index()])).map(move |at| cell_at(house, at))
    }

    /// The places of `digit` in `house` as a mask of positions ([`House::cells`] order).
    pub(super) fn place_mask(&self, house: House, digit: Digit) -> u16 {
        self.places[number(house)][digit.index()]
    }

    /// The cell at `position` of `house` ([`House::cells`] order).
    pub(super) fn cell_at(house: House, position: usize) -> Cell {
        cell_at(house, position)
    }

    /// Whether `house` holds `digit` already.
    pub fn holds(&self, house: House, digit: Digit) -> bool {
        self.held[number(house)].has(digit)
    }

    /// Place `digit` in `cell`, and take it from the candidates of the cell's peers.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        for other in self.candidates(cell).digits() {
            self.eliminate(cell, other);
        }
        self.values[cell.index()] = Some(digit);
        for (house, _) in homes(cell) {
            self.held[house] |= Digits::from(digit);
        }
        for peer in cell.peers() {
            self.eliminate(peer, digit);
        }
        if let Some(cages) = self.cages.clone() {
            for mate in cages.mates(cell) {
                self.eliminate(mate, digit);
            }
        }
    }

    /// Remove `digit` from the candidates of `cell`.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) {
        let candidates = &mut self.candidates[cell.index()];
        if candidates.has(digit) {
            candidates.remove(Digits::from(digit));
            for (house, at) in homes(cell) {
                self.places[house][digit.index()] &= !(1 << at);
            }
        }
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
        // A house lacks a digit when it neither holds it nor has a place for it.
        for house in House::all() {
            let n = number(house);
            let placeable: Digits = Digit::all().filter(|d| self.places[n][d.index()] != 0).collect();
            if let Some(digit) = (!(self.held[n] | placeable)).digits().next() {
                return Some(Contradiction::NoPlace { digit, house });
            }
        }
        killer::broken_cage(self).map(Contradiction::CageSum)
    }

    /// The digits placed, as a board (an inconsistent grid gives the digits that fit), with
    /// the cages of a killer.
    pub fn to_board(&self) -> Board {
        let board = match &self.cages {
            Some(cages) => Board::empty_of(&cages.geometry),
            None => Board::empty(),
        };
        for cell in Cell::all() {
            if let Some(d) = self.value(cell) {
                let _ = board.place(cell, d);
            }
        }
        board
    }

    /// Removing `digit` from every cell that sees all of `cells` (a cell does not see itself)
    /// and still has it: what a wing concludes once one of `cells` must hold `digit`.
    pub fn eliminations_seen_by(&self, cells: Cells, digit: Digit) -> Vec<Candidate> {
        let seen = cells.iter().fold(Cells::all(), |seen, c| seen & c.peer_set());
        seen.iter()
            .filter(|&c| self.value(c).is_none() && self.candidates(c).has(digit))
            .map(|c| Candidate::new(c, digit))
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
