//! The band engine under the driver: [`stack_assumptions`](crate::stack_assumptions) with
//! assumptions that carry their consequences.
//!
//! The slots are *decisions*, not cells: the generator of a slot, when the slot is reached,
//! looks at the grid as it is then, picks the empty cell with two candidates and the widest
//! reach (as the band engine does), and offers its digits. Each offer is a guard that places the
//! digit and every digit it forces (singles, locked candidates); a digit that leads to a
//! contradiction is not offered. There are as many slots as empty cells after the givens'
//! consequences, since each decision fills one cell at least; once the grid is full, the
//! remaining slots each offer one guard that changes nothing.
//!
//! A guard's record of what it did is the state it replaced: 240 bytes, pushed on a stack of
//! saved states when it is made and copied back when it is dropped (guards are dropped last
//! first, as the driver drops them). A list of the cells it filled would undo the same, one cell
//! at a time; the copy undoes every consequence at once, and costs less than any one of them.
//! The guards and the generators' iterators hold no copy of their own: the driver moves them
//! onto its stacks at every node.

use super::bands::{BandCell, Bands, Branch};
use super::{Board, Cell, Digit, Solution};
use std::cell::{Cell as Shared, RefCell};
use std::fmt;

/// The grid of the band engine, shared through `&self` so that the driver's generators can all
/// read it and their guards change it.
///
/// ```
/// use backtrack::stack_assumptions;
/// use backtrack::sudoku::Board;
/// use backtrack::sudoku::bitboard::Propagation;
///
/// // A puzzle that propagation alone does not finish: the search must decide.
/// let board: Board = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....".parse()?;
/// let grid = Propagation::new(&board);
/// let generators = grid.generators();
/// let mut search = stack_assumptions(&generators);
/// assert!(search.next().is_some());
/// let solution = grid.solution().expect("the grid is full while the search holds it");
/// assert_eq!(solution.to_string(), "487312695593684271126597384735849162914265837268731549851476923379128456642953718");
/// assert!(search.next().is_none()); // unique
/// assert!(grid.solution().is_none()); // every assumption taken back
/// assert!(search.stats().dead_ends() > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Propagation {
    state: Shared<Bands>,
    /// The states the guards in force replaced, the last made on top.
    saved: RefCell<Vec<Bands>>,
    /// The givens contradict each other once their consequences are drawn.
    contradictory: bool,
    /// Decisions the search can need at most: the empty cells after the givens' consequences.
    slots: usize,
}

impl Propagation {
    /// The grid of `board` with the consequences of its givens drawn.
    ///
    /// # Panics
    /// If the board is not the classic grid's.
    pub fn new(board: &Board) -> Propagation {
        let (bands, contradictory) = match super::givens(&board.digits()) {
            Some(mut bands) => {
                let consistent = bands.propagate_givens().is_ok();
                (bands, !consistent)
            }
            None => (Bands::new(), true),
        };
        let slots = if contradictory { 1 } else { bands.empty_cells() };
        Propagation {
            state: Shared::new(bands),
            saved: RefCell::new(Vec::with_capacity(slots)),
            contradictory,
            slots,
        }
    }

    /// One generator per decision the search may need (all alike: each picks its cell when
    /// its slot is reached).
    pub fn generators<'p>(&'p self) -> Vec<impl Fn() -> Choices<'p> + 'p> {
        (0..self.slots).map(|_| move || self.choices()).collect()
    }

    /// The choices the grid offers now.
    fn choices(&self) -> Choices<'_> {
        let now = self.state.get();
        let none = Choices { owner: self, cell: BandCell::new(0), digits: 0, then: None, full: false };
        match now.branch() {
            _ if self.contradictory => none,
            None => Choices { digits: 1, full: true, ..none }, // one guard that changes nothing
            Some(Branch::Cell(cell)) => Choices { cell, digits: now.candidates(cell), ..none },
            Some(Branch::Places { digit, cells: [first, second] }) => {
                Choices { cell: first, digits: 1 << digit, then: Some((second, 1 << digit)), ..none }
            }
        }
    }

    /// The solution, while the grid is full.
    pub fn solution(&self) -> Option<Solution> {
        let bands = self.state.get();
        bands.is_full().then(|| Solution(bands.filled()))
    }

    /// The digits placed so far, as a [`Board`] (givens, consequences and assumptions).
    pub fn board(&self) -> Board {
        super::board_of(self.state.get().digits())
    }
}

/// What one slot offers, each with its consequences: the digits of the cell with the fewest
/// (two, when there is such a cell), or the two places a digit has left in a row; or one guard
/// that changes nothing when the grid is already full.
#[derive(Debug)]
pub struct Choices<'p> {
    owner: &'p Propagation,
    /// The cell offered now, and the digits still to offer in it (bit `d` for digit `d + 1`).
    /// Every offer starts from the grid as it was when the slot was reached: the driver drops
    /// each offer's guard, which puts that grid back, before it asks for the next.
    cell: BandCell,
    digits: u32,
    /// The cell and digits to offer next (a digit's second place in its row). Small on purpose:
    /// the driver moves this iterator onto its stack at every node.
    then: Option<(BandCell, u32)>,
    /// The grid is full: the one offer is the guard that changes nothing.
    full: bool,
}

impl<'p> Iterator for Choices<'p> {
    type Item = Forced<'p>;

    fn next(&mut self) -> Option<Forced<'p>> {
        loop {
            if self.digits == 0 {
                (self.cell, self.digits) = self.then.take()?;
            }
            let d = self.digits.trailing_zeros() as usize;
            self.digits &= self.digits - 1;
            if self.full {
                return Some(Forced { owner: self.owner, placed: None });
            }
            let before = self.owner.state.get();
            let mut after = before;
            after.place(self.cell, d);
            if after.propagate().is_ok() {
                self.owner.saved.borrow_mut().push(before);
                self.owner.state.set(after);
                let placed = (Cell::new(self.cell.index()), Digit::new(d as u8 + 1));
                return Some(Forced { owner: self.owner, placed: Some(placed) });
            }
            // A contradiction: this digit is no offer, and the grid was never changed.
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let then = self.then.map_or(0, |(_, digits)| digits.count_ones());
        (0, Some((self.digits.count_ones() + then) as usize))
    }
}

/// A digit placed with all it forces: the guard a [`Choices`] offers. Dropping it puts the grid
/// back as it was. It displays as `r1c3=4` (or `(full)` for the guard that changes nothing).
#[derive(Debug)]
#[must_use = "dropping the guard at once takes the assumption back at once"]
pub struct Forced<'p> {
    owner: &'p Propagation,
    placed: Option<(Cell, Digit)>,
}

impl Forced<'_> {
    /// The cell and digit assumed (`None` for the guard of a full grid).
    pub fn placed(&self) -> Option<(Cell, Digit)> {
        self.placed
    }
}

impl Drop for Forced<'_> {
    /// Put back the state this guard replaced (the guard of a full grid replaced nothing).
    fn drop(&mut self) {
        if self.placed.is_some() {
            if let Some(before) = self.owner.saved.borrow_mut().pop() {
                self.owner.state.set(before);
            }
        }
    }
}

impl fmt::Display for Forced<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.placed {
            Some((cell, digit)) => write!(f, "{cell}={digit}"),
            None => f.write_str("(full)"),
        }
    }
}
