//! The pencil-mark grid a person keeps: the digits placed, and the candidates left in each
//! empty cell.

use super::killer::{self, Cages};
use crate::Ones;
use crate::sudoku::bitboard::Budget;
use crate::sudoku::{Board, Candidate, Cell, Cells, Digit, Digits, Geometry, House};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

/// Digits placed and candidates left, the state the logic solver reasons on.
///
/// Unlike [`Board`], whose candidates are what the houses leave, a grid's candidates shrink as
/// techniques eliminate them.
#[derive(Clone)]
pub struct Grid {
    /// The grid's shape: its side, its houses, its peers.
    geometry: Geometry,
    /// The side, read at every index into `places`.
    side: usize,
    values: Box<[Option<Digit>]>,
    candidates: Box<[Digits]>,
    // What the techniques ask most, kept up to date by `place` and `eliminate` rather than
    // read off the cells at every question (each step asks hundreds of them):
    /// For each house (by number) and digit, at `house * side + digit index`, the positions in
    /// the house ([`Geometry::members`] order) where the digit is a candidate.
    places: Box<[u32]>,
    /// The digits each house holds.
    held: Box<[Digits]>,
    /// Whether the puzzle is known to have exactly one solution: what the uniqueness
    /// techniques (Unique Rectangles, BUG+1) rest on.
    unique: bool,
    /// How far the solve may go, shared by the grids of its trials (none: no bound).
    limit: Option<Arc<Limit>>,
    /// A killer's cages (none on a plain grid), shared by the grids of its trials.
    cages: Option<Arc<Cages>>,
    /// A solution of the puzzle, found when a bifurcation first asks for it and shared by the
    /// grids of the solve's trials: which digit a bifurcation tries (none if the engines find
    /// none within the deadline).
    guide: Arc<Guide>,
}

/// A solution of the puzzle, once asked for ([`Grid::solution_digit`]): none if the engines
/// find none within the deadline.
type Guide = OnceLock<Option<Found>>;

/// What the engines found for a bifurcation: a solution, a digit a cell, and whether it is
/// the only one, which the search that found it tells for little more (once a hard grid's
/// first solution is found, what it learned on the way refutes the rest at once); `None`
/// when the deadline came before the proof.
#[derive(Debug)]
struct Found {
    digits: Box<[Digit]>,
    only: Option<bool>,
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

    /// Count one more step; `false` (and stopped for good) past a bound. The clock is read at
    /// every step: a step takes a microsecond on the classic grid and milliseconds on a 16×16
    /// killer (every cage asked whether it can still make its sum), where reading it every 64
    /// steps overran a 0.3 s deadline by half a second.
    fn charge(&self) -> bool {
        if self.stopped() {
            return false;
        }
        let steps = self.steps.fetch_add(1, Ordering::Relaxed) + 1;
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        if late || self.max_steps.is_some_and(|max| steps > max) {
            self.stopped.store(true, Ordering::Relaxed);
            return false;
        }
        true
    }
}

/// The most guesses the proof of uniqueness may take. A published puzzle takes the band engine
/// a few dozen at most (the hardest sets average 8 to 13); a grid that takes more is not
/// assumed unique, which only keeps the uniqueness techniques out. At a microsecond or so a
/// guess, the proof so costs a few milliseconds at most on the classic grid (the general
/// engine's guesses on larger grids cost more, and those grids need more of them: a 16×16
/// takes it tens of milliseconds).
const PROOF_GUESSES: u64 = 2_000;

/// Whether `board` has exactly one solution, proved within [`PROOF_GUESSES`] guesses: by the
/// band engine on the classic grid, by the general engine on any other.
fn has_one_solution(board: &Board) -> bool {
    board.count_solutions_within(2, &Budget::nodes(PROOF_GUESSES)) == Some(1)
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
    /// Two cells side by side hold values one apart (non-consecutive).
    Consecutive(Cell, Cell),
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::NoCandidate(cell) => write!(f, "{cell} has no candidate left"),
            Contradiction::NoPlace { digit, house } => write!(f, "{digit} has no place left in {house}"),
            Contradiction::CageSum(cell) => write!(f, "the cage of {cell} cannot make its sum"),
            Contradiction::Consecutive(a, b) => write!(f, "{a} and {b}, side by side, hold values one apart"),
        }
    }
}

impl Grid {
    /// The grid of a board: its digits, and for each empty cell the digits its houses leave.
    ///
    /// It also finds out whether the board has exactly one solution (the band engine proves it
    /// in microseconds on the classic grid, the general engine on any other), as a person
    /// knows it of a published puzzle: only then do the uniqueness techniques apply. On a
    /// board with several solutions they would be wrong, and a board that takes the engine
    /// more than two thousand guesses is not assumed unique.
    ///
    /// Any geometry of houses is taken: every size, boxes of any shape, jigsaw regions, extra
    /// houses. A killer (its cages in the board's geometry) keeps its cages: a digit placed
    /// leaves its cage-mates, and a cage that can no longer make its sum is a contradiction.
    /// Under anti-knight and anti-king a digit placed leaves the cells a knight's or a king's
    /// move away (they are peers); under non-consecutive two placed cells side by side one
    /// apart are a contradiction, and the digits one apart leave the cells side by side by a
    /// step that says so. On such grids uniqueness is not assumed: the
    /// uniqueness techniques reason on houses alone (swapping the corners of a rectangle keeps
    /// every house whole, but it may break a cage's sum or bring two equal values a knight's
    /// move apart), so there they would be wrong.
    ///
    /// # Panics
    /// If the board has a rule the logic solver does not take (see
    /// [`supports`](super::supports)).
    pub fn new(board: &Board) -> Grid {
        let geometry = board.geometry().clone();
        assert!(
            super::supports(&geometry).is_ok(),
            "the logic solver does not take a {} grid",
            geometry.name()
        );
        let cages = (!geometry.cages().is_empty()).then(|| Arc::new(Cages::new(&geometry)));
        let (side, cells, houses) = (geometry.side(), geometry.cells(), geometry.houses().len());
        let mut grid = Grid {
            side,
            values: vec![None; cells].into(),
            candidates: vec![Digits::empty(); cells].into(),
            places: vec![0; houses * side].into(),
            held: vec![Digits::empty(); houses].into(),
            unique: cages.is_none() && geometry.relation().is_none() && has_one_solution(board),
            limit: None,
            cages,
            guide: Arc::default(),
            geometry,
        };
        for cell in grid.geometry.all_cells() {
            let (value, candidates) = (board.get(cell), board.candidates(cell));
            grid.values[cell.index()] = value;
            grid.candidates[cell.index()] = candidates;
            for (house, at) in grid.geometry.homes_with_places(cell) {
                if let Some(digit) = value {
                    grid.held[house] |= Digits::from(digit);
                }
                for digit in candidates.digits() {
                    grid.places[house * side + digit.index()] |= 1 << at;
                }
            }
        }
        // A board's candidates leave out its givens' digits house by house; under a relation
        // between cells each given takes its digit from its other peers too (a knight's or a
        // king's move away).
        if grid.geometry.relation().is_some() {
            for cell in grid.geometry.all_cells() {
                if let Some(digit) = grid.values[cell.index()] {
                    grid.clear_around(cell, digit);
                }
            }
        }
        grid
    }

    /// The grid's geometry: its side, houses and peers.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The side N: values go from 1 to N.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Every cell, in reading order.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = Cell> + Clone + use<> {
        self.geometry.all_cells()
    }

    /// Every house: rows, columns, boxes or regions, then the extra houses.
    pub fn houses(&self) -> impl ExactSizeIterator<Item = House> + Clone + '_ {
        self.geometry.houses().iter().copied()
    }

    /// The values 1 to N.
    pub fn digits(&self) -> impl ExactSizeIterator<Item = Digit> + Clone + use<> {
        Digit::up_to(self.side)
    }

    /// The values 1 to N, as a set.
    pub fn all_digits(&self) -> Digits {
        Digits::up_to(self.side)
    }

    /// The cells of `house`, in reading order.
    #[inline]
    pub fn members(&self, house: House) -> &[Cell] {
        self.geometry.members(self.geometry.number_of(house))
    }

    /// The cells of `house`, as a set.
    #[inline]
    pub fn house_set(&self, house: House) -> &Cells {
        self.geometry.house_set(self.geometry.number_of(house))
    }

    /// The houses `cell` is in.
    pub fn houses_of(&self, cell: Cell) -> impl ExactSizeIterator<Item = House> + Clone + '_ {
        self.geometry.homes(cell).iter().map(|&h| self.geometry.house(h as usize))
    }

    /// Whether `house` holds `cell`.
    pub fn in_house(&self, house: House, cell: Cell) -> bool {
        let number = self.geometry.number_of(house) as u16;
        self.geometry.homes(cell).contains(&number)
    }

    /// The cells that see `cell`: the other cells of its houses (and of its cage).
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        self.geometry.peers(cell)
    }

    /// The cells that see `cell`, as a set.
    #[inline]
    pub fn peer_set(&self, cell: Cell) -> &Cells {
        self.geometry.peer_set(cell)
    }

    /// Whether two different cells see each other (share a house, or a cage).
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.geometry.sees(a, b)
    }

    /// Every house with boxes or regions first, then the rows and the columns, then the extra
    /// houses: the order a person scans them in (a box is the easiest to see). Each with its
    /// number, for [`Grid::places_of`].
    pub(super) fn houses_boxes_first(&self) -> impl Iterator<Item = (usize, House)> + '_ {
        let blocks = |h: &House| matches!(h, House::Box(_) | House::Region(_));
        let lines = |h: &House| matches!(h, House::Row(_) | House::Col(_));
        let houses = self.geometry.houses().iter().copied().enumerate();
        houses
            .clone()
            .filter(move |(_, h)| blocks(h))
            .chain(houses.clone().filter(move |(_, h)| lines(h)))
            .chain(houses.filter(move |(_, h)| !blocks(h) && !lines(h)))
    }

    /// The places of each digit in the house numbered `number`, as masks of positions
    /// ([`Grid::members`] order), digit 1 first.
    pub(super) fn places_of(&self, number: usize) -> &[u32] {
        &self.places[number * self.side..][..self.side]
    }

    /// Every cell of the grid, as a set.
    pub fn all_cells(&self) -> Cells {
        Cells::every(self.side)
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

    /// The digit a solution of the puzzle has in `cell`, if the engines find one (within the
    /// solve's deadline): the band engine on the classic grid, the general engine on any other.
    /// Found once a solve, from the grid of its first bifurcation (whose digits every solution
    /// of the puzzle holds: the steps before it are sound), with a second solution looked for
    /// at once ([`Grid::uniqueness`]).
    pub(super) fn solution_digit(&self, cell: Cell) -> Option<Digit> {
        let found = self.guide.get_or_init(|| {
            let mut budget = Budget::new();
            if let Some(deadline) = self.limit.as_ref().and_then(|limit| limit.deadline) {
                budget = budget.deadline(deadline);
            }
            // A second solution looked for, unless the puzzle is known to have one.
            let (board, only) = self.to_board().solve_within(&budget, !self.unique)?;
            Some(Found {
                digits: board.geometry().all_cells().map(|c| board.get(c)).collect::<Option<_>>()?,
                only,
            })
        });
        found.as_ref().map(|found| found.digits[cell.index()])
    }

    /// Whether the puzzle has exactly one solution, as far as this solve knows: `Some(true)`
    /// where [`Grid::new`] proved it, or where the search a bifurcation asked for a solution
    /// found no second one; `Some(false)` where it found a second; `None` where neither ran
    /// to its end (no bifurcation, or the deadline first). A caller that must know counts the
    /// solutions itself ([`Board::count_solutions_within`]).
    pub fn uniqueness(&self) -> Option<bool> {
        if self.unique {
            return Some(true);
        }
        self.guide.get()?.as_ref()?.only
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
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values[cell.index()]
    }

    /// The candidates left in `cell` (none once a digit is placed).
    #[inline]
    pub fn candidates(&self, cell: Cell) -> Digits {
        self.candidates[cell.index()]
    }

    /// The empty cells of `house` where `digit` is still a candidate.
    pub fn places(&self, house: House, digit: Digit) -> impl ExactSizeIterator<Item = Cell> + Clone + '_ {
        let members = self.members(house);
        Ones(u64::from(self.place_mask(house, digit))).map(move |at| members[at])
    }

    /// The places of `digit` in `house` as a mask of positions ([`Grid::members`] order).
    #[inline]
    pub(super) fn place_mask(&self, house: House, digit: Digit) -> u32 {
        self.places[self.geometry.number_of(house) * self.side + digit.index()]
    }

    /// The cell at `position` of `house` ([`Grid::members`] order).
    #[inline]
    pub(super) fn cell_at(&self, house: House, position: usize) -> Cell {
        self.members(house)[position]
    }

    /// Whether `house` holds `digit` already.
    pub fn holds(&self, house: House, digit: Digit) -> bool {
        self.held[self.geometry.number_of(house)].has(digit)
    }

    /// Place `digit` in `cell`, and take it from the candidates of the cell's peers.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        for other in self.candidates(cell).digits() {
            self.eliminate(cell, other);
        }
        self.values[cell.index()] = Some(digit);
        for &house in self.geometry.homes(cell) {
            self.held[house as usize] |= Digits::from(digit);
        }
        self.clear_around(cell, digit);
    }

    /// Take `digit`, placed in `cell`, from the candidates of the cell's peers (its houses'
    /// cells, its cage-mates, the cells a knight's or a king's move away under those rules).
    /// The digits one apart leave the cells side by side by a step of their own, which says
    /// so ([`NonConsecutive`](super::evidence::NonConsecutive)).
    fn clear_around(&mut self, cell: Cell, digit: Digit) {
        // The fields apart: the geometry is read while the candidates change (a clone of
        // the geometry's handle a placement cost a tenth of an easy puzzle's solve).
        let Grid { geometry, candidates, places, side, .. } = self;
        for &peer in geometry.peers(cell) {
            take(geometry, *side, candidates, places, peer, digit);
        }
    }

    /// Remove `digit` from the candidates of `cell`.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) {
        take(&self.geometry, self.side, &mut self.candidates, &mut self.places, cell, digit);
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// The first contradiction, if any: an empty cell without candidates, or a digit without a
    /// place in a house that lacks it.
    pub fn contradiction(&self) -> Option<Contradiction> {
        // Asked before every step: first whether any cell is stuck, off the slices in a loop
        // without an exit that the compiler turns into wide instructions; only then which.
        let stuck = |(v, c): (&Option<Digit>, &Digits)| v.is_none() & c.is_empty();
        if self.values.iter().zip(&self.candidates).fold(false, |any, cell| any | stuck(cell)) {
            let index = self.values.iter().zip(&self.candidates).position(stuck).expect("a cell is stuck");
            return Some(Contradiction::NoCandidate(Cell::in_grid(self.side, index)));
        }
        // A house lacks a digit when it neither holds it nor has a place for it.
        let all = self.all_digits();
        for ((places, &held), &house) in
            self.places.chunks_exact(self.side).zip(self.held.iter()).zip(self.geometry.houses())
        {
            let placeable = places.iter().enumerate().fold(0, |bits, (d, &p)| bits | u32::from(p != 0) << d);
            if let Some(digit) = (all - (held | Digits::from_bits_retain(placeable))).digits().next() {
                return Some(Contradiction::NoPlace { digit, house });
            }
        }
        // Non-consecutive: the step that takes the values one apart from a placed cell's
        // neighbours may not have run yet (in a trial, a single can come first).
        // (Only under that rule: the cells are not walked for nothing.)
        if self.geometry.extras().contains(&crate::sudoku::Extra::NonConsecutive) {
            for cell in self.geometry.all_cells() {
                let Some(value) = self.value(cell) else { continue };
                for &neighbour in self.geometry.adjacent(cell) {
                    if self.value(neighbour).is_some_and(|other| other.get().abs_diff(value.get()) == 1) {
                        return Some(Contradiction::Consecutive(cell, neighbour));
                    }
                }
            }
        }
        killer::broken_cage(self).map(Contradiction::CageSum)
    }

    /// The digits placed, as a board (an inconsistent grid gives the digits that fit), with
    /// the cages of a killer.
    pub fn to_board(&self) -> Board {
        let board = Board::empty_of(&self.geometry);
        for cell in self.cells() {
            if let Some(d) = self.value(cell) {
                let _ = board.place(cell, d);
            }
        }
        board
    }

    /// Removing `digit` from every cell that sees all of `cells` (a cell does not see itself)
    /// and still has it: what a wing concludes once one of `cells` must hold `digit`.
    pub fn eliminations_seen_by(&self, cells: Cells, digit: Digit) -> Vec<Candidate> {
        let seen = cells.iter().fold(self.all_cells(), |seen, c| seen & *self.peer_set(c));
        seen.iter()
            .filter(|&c| self.value(c).is_none() && self.candidates(c).has(digit))
            .map(|c| Candidate::new(c, digit))
            .collect()
    }

    /// The first cell with one candidate left, and the candidate: a naked single (read off the
    /// candidates' slice: asked before almost every step).
    pub(super) fn first_single(&self) -> Option<(Cell, Digit)> {
        let (index, digit) = self.candidates.iter().enumerate().find_map(|(i, c)| Some((i, c.single()?)))?;
        Some((Cell::in_grid(self.side, index), digit))
    }

    /// For each digit, the cells where it is still a candidate.
    pub(super) fn cells_of_digits(&self) -> Vec<Cells> {
        let mut cells = vec![Cells::empty(); self.side];
        for (index, candidates) in self.candidates.iter().enumerate() {
            for digit in candidates.digits() {
                cells[digit.index()].insert(Cell::in_grid(self.side, index));
            }
        }
        cells
    }

    /// The empty cells, in reading order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells().filter(|&c| self.value(c).is_none())
    }
}

/// Remove `digit` from the candidates of `cell`, and from the places of its houses
/// ([`Grid::eliminate`] on the grid's fields).
#[inline]
fn take(
    geometry: &Geometry,
    side: usize,
    candidates: &mut [Digits],
    places: &mut [u32],
    cell: Cell,
    digit: Digit,
) {
    let held = &mut candidates[cell.index()];
    if held.has(digit) {
        held.remove(Digits::from(digit));
        for (house, at) in geometry.homes_with_places(cell) {
            places[house * side + digit.index()] &= !(1 << at);
        }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({:#})", self.to_board())
    }
}
