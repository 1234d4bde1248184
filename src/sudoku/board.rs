//! The bitfield board: digits in cells, and the digits each house holds as bit masks.

use super::bitboard::Outcome;
use super::geometry::{MAX_HOUSES, MAX_SIDE, classic};

/// The cells of the largest grid: a board keeps its state in place, whatever its size (the
/// seed's driver reads it at every node; behind a pointer it ran a third slower).
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
use super::{Cell, Digit, Digits, Geometry};
use std::cell::Cell as Shared;
use std::fmt;

/// A Sudoku board of any [`Geometry`] whose state is shared: changed through `&self`, so that
/// the generators of [`Board::generators`] (one a cell) can all read it while the driver
/// assumes and takes back digits.
///
/// Each house keeps the set of digits it holds, so [`candidates`](Board::candidates) is an OR
/// a house and a NOT (three on the classic grid).
///
/// ```
/// use backtrack::sudoku::{Board, Cell, Digit};
///
/// let board: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let cell = Cell::at(0, 2);
/// assert_eq!(board.candidates(cell).to_string(), "124");
/// {
///     let _four = board.attempt(cell, Digit::new(4));
///     assert_eq!(board.get(cell), Some(Digit::new(4)));
///     assert!(!board.candidates(Cell::at(0, 3)).has(Digit::new(4)));
/// } // the guard is dropped: the cell is empty again
/// assert_eq!(board.get(cell), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    geometry: Geometry,
    /// Whether the geometry is the classic grid's, whose houses a cell's index gives by
    /// arithmetic: the seed's driver asks for candidates at every node, and the houses read
    /// from the geometry's tables cost it a tenth to a third of its speed.
    classic: bool,
    /// The digit in each cell, 0 for empty.
    grid: [Shared<u8>; MAX_CELLS],
    /// The digits each house holds, in [`Geometry::houses`] order.
    held: [Shared<Digits>; MAX_HOUSES],
}

impl Board {
    /// The empty classic board.
    pub fn empty() -> Board {
        Board::empty_of(&Geometry::classic())
    }

    /// The empty board of a geometry.
    ///
    /// ```
    /// use backtrack::sudoku::{Board, Geometry};
    /// let board = Board::empty_of(&Geometry::boxed(2, 3)?);
    /// assert_eq!(board.geometry().side(), 6);
    /// assert_eq!(board.candidates(board.geometry().cell(0, 0)).to_string(), "123456");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn empty_of(geometry: &Geometry) -> Board {
        Board {
            geometry: geometry.clone(),
            classic: geometry.is_classic(),
            grid: std::array::from_fn(|_| Shared::new(0)),
            held: std::array::from_fn(|_| Shared::new(Digits::empty())),
        }
    }

    /// A classic board from 81 numbers in reading order (0 empty, 1 to 9 a given) that are
    /// checked already; `None` if a number is over 9 or a digit repeats in a house. One pass
    /// with the house masks in registers: the batch path of millions of lines comes through
    /// here (`TryFrom<[u8; 81]>` says what is wrong when this refuses).
    pub(crate) fn from_digits(cells: &[u8; classic::CELLS]) -> Option<Board> {
        // Without a branch per cell: whether a cell is empty is as good as random to the
        // processor. An empty cell's bit is 0; a clash or a number over 9 is gathered in `bad`.
        // A row's digits are gathered in a register, not through memory: each cell's check
        // depends on the cells before it in the row, and a chain of stores and loads to one
        // place costs several cycles a link (with the row in an array a line took 145 ns, not 85).
        const SIDE: usize = classic::SIDE;
        let (mut rows, mut cols, mut boxes) = ([0u32; SIDE], [0u32; SIDE], [0u32; SIDE]);
        let mut bad = 0;
        for (row, line) in cells.chunks_exact(SIDE).enumerate() {
            let mut seen = 0u32;
            for (col, &d) in line.iter().enumerate() {
                bad |= u32::from(d > 9);
                let bit = (1u32 << (d & 15)) >> 1;
                let boxed = classic::box_of(row * SIDE + col);
                bad |= (seen | cols[col] | boxes[boxed]) & bit;
                seen |= bit;
                cols[col] |= bit;
                boxes[boxed] |= bit;
            }
            rows[row] = seen;
        }
        if bad != 0 {
            return None;
        }
        // The classic geometry's houses: the rows, the columns, then the boxes.
        let held = rows.into_iter().chain(cols).chain(boxes);
        Some(Board {
            geometry: Geometry::classic(),
            classic: true,
            grid: std::array::from_fn(|i| Shared::new(cells.get(i).copied().unwrap_or(0))),
            held: {
                let mut held = held.map(|bits| Shared::new(Digits::from_bits_retain(bits)));
                std::array::from_fn(|_| held.next().unwrap_or_default())
            },
        })
    }

    /// The geometry of the board.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The digit in each cell, 0 where there is none, in reading order.
    pub fn values(&self) -> Vec<u8> {
        self.grid[..self.geometry.cells()].iter().map(Shared::get).collect()
    }

    /// The digit in each cell of a classic board, 0 where there is none, in reading order.
    ///
    /// # Panics
    /// If the board is not classic.
    pub(crate) fn digits(&self) -> [u8; classic::CELLS] {
        assert!(self.geometry.is_classic(), "a {} board is not classic", self.geometry.name());
        std::array::from_fn(|i| self.grid[i].get())
    }

    /// The digit in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new_checked(self.grid[cell.index()].get())
    }

    /// The digits that `cell` can take now: none if it is filled, else those not in its houses.
    #[inline]
    pub fn candidates(&self, cell: Cell) -> Digits {
        if self.grid[cell.index()].get() != 0 {
            return Digits::empty();
        }
        if self.classic {
            let [row, col, b] = classic::houses_of(cell.index());
            return !(self.held[row].get() | self.held[col].get() | self.held[b].get());
        }
        self.held_elsewhere(cell)
    }

    /// The candidates of an empty cell of a grid that is not classic: the values its houses,
    /// read from the geometry, do not hold. Out of line, so that the classic grid's
    /// [`Board::candidates`] stays small enough to be inlined into the driver's loop.
    #[inline(never)]
    fn held_elsewhere(&self, cell: Cell) -> Digits {
        let homes = self.geometry.homes(cell);
        let held = homes.iter().fold(Digits::empty(), |held, &h| held | self.held[h as usize].get());
        self.geometry.values() - held
    }

    /// Assume `digit` in `cell`; the returned guard takes it back when dropped.
    ///
    /// The generators of [`Board::generators`] only ever attempt candidates; check with
    /// [`Board::candidates`] (or use [`Board::place`], which does) before attempting a digit
    /// of your own.
    ///
    /// # Panics
    /// In debug builds, if `digit` is not a candidate of `cell`; release builds skip the check,
    /// which is on the search's hot path, and such an attempt would leave the masks wrong.
    pub fn attempt(&self, cell: Cell, digit: Digit) -> Placement<'_> {
        debug_assert!(self.candidates(cell).has(digit), "{digit} is not a candidate of {cell}");
        self.toggle(cell, digit);
        self.grid[cell.index()].set(digit.get());
        Placement { board: self, cell, digit }
    }

    /// Place `digit` in `cell` for good (no guard), if it is a candidate.
    ///
    /// # Errors
    /// The digit is not a candidate: the cell is filled, a house holds the digit already, or
    /// the digit is over the grid's side.
    pub fn place(&self, cell: Cell, digit: Digit) -> Result<(), NotACandidate> {
        if !self.candidates(cell).has(digit) {
            return Err(NotACandidate { cell, digit });
        }
        self.toggle(cell, digit);
        self.grid[cell.index()].set(digit.get());
        Ok(())
    }

    /// Empty `cell` (the digit it held is free in its houses again).
    pub fn clear(&self, cell: Cell) {
        if let Some(digit) = self.get(cell) {
            self.toggle(cell, digit);
            self.grid[cell.index()].set(0);
        }
    }

    #[inline]
    fn toggle(&self, cell: Cell, digit: Digit) {
        let bit = Digits::from(digit);
        if self.classic {
            for h in classic::houses_of(cell.index()) {
                self.held[h].set(self.held[h].get() ^ bit);
            }
            return;
        }
        self.toggle_elsewhere(cell, bit);
    }

    /// [`Board::toggle`] on a grid that is not classic, out of line as [`Board::held_elsewhere`] is.
    #[inline(never)]
    fn toggle_elsewhere(&self, cell: Cell, bit: Digits) {
        for &h in self.geometry.homes(cell) {
            let mask = &self.held[h as usize];
            mask.set(mask.get() ^ bit);
        }
    }

    /// The empty cells, in reading order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.geometry.all_cells().filter(|&c| self.get(c).is_none())
    }

    /// Whether every cell holds a digit (the masks keep the rules: it is then a solution).
    pub fn is_full(&self) -> bool {
        self.grid[..self.geometry.cells()].iter().all(|d| d.get() != 0)
    }

    /// The generators for [`stack_assumptions`](crate::stack_assumptions): one per empty cell, in reading order, as in
    /// the seed. Each is a closure over its cell that, when the cell is reached, offers the
    /// candidates the board leaves it *then*.
    ///
    /// ```
    /// use backtrack::stack_assumptions;
    /// use backtrack::sudoku::Board;
    ///
    /// let board: Board = "006007403000906020500304006740000010809000304010000057200603005030208000405700200".parse()?;
    /// let generators = board.generators();
    /// let mut search = stack_assumptions(&generators);
    /// assert!(search.next().is_some());
    /// assert_eq!(format!("{board:#}"), "926517483374986521581324796743865912859172364612439857298643175137258649465791238");
    /// assert!(search.next().is_none()); // the solution is unique
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generators<'b>(&'b self) -> Vec<impl Fn() -> Placements<'b> + 'b> {
        self.empty_cells()
            .map(move |cell| move || Placements { board: self, cell, digits: self.candidates(cell).digits() })
            .collect()
    }

    /// The first solution, as a new board; `self` is left as it was.
    ///
    /// Uses the fastest engine: on the classic grid
    /// [`bitboard::Solutions`](super::bitboard::Solutions), a millisecond at most on the
    /// hardest published puzzles; on any other, [`search::Solutions`](super::search::Solutions).
    pub fn solve(&self) -> Option<Board> {
        Fastest::new(self, &crate::Budget::new()).next_board()
    }

    /// [`Board::solve`] within `budget`, and, if `uniqueness` is asked, whether the solution
    /// is the only one: the same search looks for a second at once (on a hard grid, what it
    /// learned finding the first refutes the rest for little more), `None` when the budget
    /// runs out before it answers. `None` when no solution is found within the budget.
    pub(crate) fn solve_within(
        &self,
        budget: &crate::Budget,
        uniqueness: bool,
    ) -> Option<(Board, Option<bool>)> {
        let mut search = Fastest::new(self, budget);
        let solution = search.next_board()?;
        let only = if !uniqueness {
            None
        } else if search.next() {
            Some(false)
        } else {
            // No second: a proof only if the budget did not stop the search first.
            (search.outcome() != Outcome::OutOfBudget).then_some(true)
        };
        Some((solution, only))
    }

    /// Count the solutions, stopping at `limit` (`count_solutions(2) == 1` means unique).
    ///
    /// Uses the fastest engine, as [`Board::solve`] does.
    pub fn count_solutions(&self, limit: usize) -> usize {
        let mut search = Fastest::new(self, &crate::Budget::new());
        (0..limit).take_while(|_| search.next()).count()
    }

    /// [`Board::count_solutions`] within `budget`: `None` when the budget runs out first (a
    /// large grid's proof of uniqueness can take seconds).
    ///
    /// ```
    /// use backtrack::Budget;
    /// use backtrack::sudoku::Board;
    /// use std::time::Duration;
    ///
    /// let board: Board = "006007403000906020500304006740000010809000304010000057200603005030208000405700200".parse()?;
    /// assert_eq!(board.count_solutions_within(2, &Budget::new().timeout(Duration::from_secs(60))), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_solutions_within(&self, limit: usize, budget: &crate::Budget) -> Option<usize> {
        let mut search = Fastest::new(self, budget);
        let found = (0..limit).take_while(|_| search.next()).count();
        (found == limit || search.outcome() != Outcome::OutOfBudget).then_some(found)
    }
}

/// A search of a board by the fastest engine for its grid: the band engine on the classic
/// grid, the general engine on any other ([`Board::solve`] and the counts).
enum Fastest {
    Band(Box<super::bitboard::Solutions>),
    General(Box<super::search::Solutions>),
}

impl Fastest {
    fn new(board: &Board, budget: &crate::Budget) -> Fastest {
        if board.geometry.is_classic() {
            Fastest::Band(Box::new(super::bitboard::Solutions::new(board).budget(budget)))
        } else {
            Fastest::General(Box::new(super::search::Solutions::new(board).budget(budget)))
        }
    }

    /// Find the next solution: whether there is one (a count builds no board).
    fn next(&mut self) -> bool {
        match self {
            Fastest::Band(search) => search.next().is_some(),
            Fastest::General(search) => search.next().is_some(),
        }
    }

    /// The next solution, as a board.
    fn next_board(&mut self) -> Option<Board> {
        match self {
            Fastest::Band(search) => search.next().map(|solution| solution.to_board()),
            Fastest::General(search) => search.next().map(|()| search.board()),
        }
    }

    fn outcome(&self) -> Outcome {
        match self {
            Fastest::Band(search) => search.outcome(),
            Fastest::General(search) => search.outcome(),
        }
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

/// A digit assumed in a cell: the guard that [`Board::attempt`] returns. Dropping it empties
/// the cell again. It displays as `r1c3=4`.
#[derive(Debug)]
#[must_use = "dropping the guard at once takes the digit back at once"]
pub struct Placement<'b> {
    board: &'b Board,
    cell: Cell,
    digit: Digit,
}

impl Placement<'_> {
    /// The cell the digit went into.
    pub fn cell(&self) -> Cell {
        self.cell
    }

    /// The digit assumed.
    pub fn digit(&self) -> Digit {
        self.digit
    }
}

impl Drop for Placement<'_> {
    fn drop(&mut self) {
        self.board.toggle(self.cell, self.digit);
        self.board.grid[self.cell.index()].set(0);
    }
}

impl fmt::Display for Placement<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, self.digit)
    }
}

/// The candidates of one cell, offered as [`Placement`]s: what a generator of
/// [`Board::generators`] returns.
#[derive(Debug)]
pub struct Placements<'b> {
    board: &'b Board,
    cell: Cell,
    digits: super::DigitIter,
}

impl<'b> Iterator for Placements<'b> {
    type Item = Placement<'b>;

    #[inline]
    fn next(&mut self) -> Option<Placement<'b>> {
        let digit = self.digits.next()?;
        Some(self.board.attempt(self.cell, digit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.digits.size_hint()
    }
}

impl ExactSizeIterator for Placements<'_> {}

/// [`Board::place`] was asked for a digit the cell cannot take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotACandidate {
    /// The cell.
    pub cell: Cell,
    /// The digit it cannot take.
    pub digit: Digit,
}

impl fmt::Display for NotACandidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cannot take {}", self.cell, self.digit)
    }
}

impl std::error::Error for NotACandidate {}
