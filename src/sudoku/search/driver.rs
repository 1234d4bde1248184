//! The general engine under the driver: [`stack_assumptions`](crate::stack_assumptions) with
//! assumptions that carry their consequences, on any grid.
//!
//! The same design as the band engine's guard ([`bitboard::Propagation`](
//! crate::sudoku::bitboard::Propagation)), on the general engine's state: the slots are
//! decisions, not cells. When a slot is reached, its generator asks the engine where it would
//! guess (the cell with the fewest candidates for its weight, or a value's places in a house
//! when they are fewer) and offers those choices; each offer is a guard that places the value
//! and draws everything it forces (singles, locked candidates, the matchings of the houses, the
//! rules beyond houses); a value that leads to a contradiction is not offered. There are as
//! many slots as open cells after the givens' consequences; once the grid is full, the slots
//! left each offer one guard that changes nothing.
//!
//! A guard's record of what it did is the state it replaced (a word a cell), kept on one stack
//! of states and copied back when the guard is dropped: the driver drops guards last first.

use super::{Frame, Outcome, Solutions};
use crate::sudoku::{Board, Cell, Digit};
use std::cell::RefCell;
use std::fmt;

/// The general engine's grid, shared through `&self` so that the driver's generators can all
/// read it and their guards change it.
///
/// ```
/// use backtrack::stack_assumptions;
/// use backtrack::sudoku::Board;
/// use backtrack::sudoku::search::Propagation;
///
/// // Every 4×4 grid, one decision at a time: 288 of them.
/// let empty: Board = ".".repeat(16).parse()?;
/// let grid = Propagation::new(&empty);
/// let generators = grid.generators();
/// let mut search = stack_assumptions(&generators);
/// assert!(search.next().is_some());
/// assert!(grid.solution().is_some_and(|solution| solution.is_full()));
/// assert_eq!(1 + search.by_ref().count(), 288);
/// assert!(grid.solution().is_none()); // every assumption taken back
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Propagation {
    engine: RefCell<Solutions>,
    /// The states the guards in force replaced, one after the other, the last made on top.
    saved: RefCell<Vec<u32>>,
    /// The givens contradict each other once their consequences are drawn.
    contradictory: bool,
    /// Decisions the search can need at most: the open cells after the givens' consequences.
    slots: usize,
}

impl Propagation {
    /// The grid of `board` (any geometry, any rules the engine takes) with the consequences
    /// of its givens drawn.
    pub fn new(board: &Board) -> Propagation {
        let mut engine = Solutions::new(board);
        let mut contradictory = engine.outcome != Outcome::Running || !engine.propagate();
        let mut open = engine.values().iter().filter(|&&v| v == 0).count();
        // A killer the driver will have to guess on: the engine's sums over bands of houses,
        // as its own search makes them at its first guess.
        if !contradictory && open > 0 && engine.needs_bands() {
            contradictory = !engine.read_bands();
            open = engine.values().iter().filter(|&&v| v == 0).count();
        }
        let slots = if contradictory { 1 } else { open };
        Propagation {
            engine: RefCell::new(engine),
            saved: RefCell::new(Vec::with_capacity(slots * board.geometry().cells())),
            contradictory,
            slots,
        }
    }

    /// One generator per decision the search may need (all alike: each picks its choices when
    /// its slot is reached).
    pub fn generators<'p>(&'p self) -> Vec<impl Fn() -> Choices<'p> + 'p> {
        (0..self.slots).map(|_| move || self.choices()).collect()
    }

    /// The choices the grid offers now.
    fn choices(&self) -> Choices<'_> {
        let none = Choices { owner: self, frame: None, full: false };
        if self.contradictory {
            return none;
        }
        let engine = self.engine.borrow();
        match engine.choose() {
            // A full grid that breaks a rule of the user's own offers nothing: a dead end.
            None if !engine.keeps_own_rules() => none,
            None => Choices { full: true, ..none },
            Some(frame) => Choices { frame: Some(frame), ..none },
        }
    }

    /// The solution, while the grid is full.
    pub fn solution(&self) -> Option<Board> {
        let engine = self.engine.borrow();
        engine.values().iter().all(|&v| v != 0).then(|| engine.board())
    }

    /// The values placed so far, as a [`Board`] (givens, consequences and assumptions).
    pub fn board(&self) -> Board {
        self.engine.borrow().board()
    }
}

/// What one slot offers, each with its consequences: the values of a cell, or the places of a
/// value in a house; or one guard that changes nothing when the grid is already full.
#[derive(Debug)]
pub struct Choices<'p> {
    owner: &'p Propagation,
    /// The choices still to offer. Every offer starts from the grid as it was when the slot was
    /// reached: the driver drops each offer's guard, which puts that grid back, before it asks
    /// for the next.
    frame: Option<Frame>,
    /// The grid is full: the one offer is the guard that changes nothing.
    full: bool,
}

impl<'p> Iterator for Choices<'p> {
    type Item = Forced<'p>;

    fn next(&mut self) -> Option<Forced<'p>> {
        if std::mem::take(&mut self.full) {
            return Some(Forced { owner: self.owner, placed: None });
        }
        let frame = self.frame.as_mut()?;
        let mut engine = self.owner.engine.borrow_mut();
        let mut saved = self.owner.saved.borrow_mut();
        let (tables, side, size) = (engine.tables.clone(), engine.geometry.side(), engine.cells.len());
        while let Some((cell, bit)) = frame.take(&tables, side) {
            let from = saved.len();
            saved.extend_from_slice(&engine.cells);
            engine.queue.clear();
            if engine.place(cell, bit) && engine.propagate() {
                let placed = (Cell::in_grid(side, cell), Digit::new(bit.trailing_zeros() as u8 + 1));
                return Some(Forced { owner: self.owner, placed: Some(placed) });
            }
            // A contradiction: this value is no offer, and the grid is put back.
            engine.cells.copy_from_slice(&saved[from..from + size]);
            saved.truncate(from);
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = match self.frame {
            Some(Frame::Cell { left, .. } | Frame::Place { left, .. }) => left.count_ones() as usize,
            None => 0,
        };
        (0, Some(left + usize::from(self.full)))
    }
}

/// A value placed with all it forces: the guard a [`Choices`] offers. Dropping it puts the
/// grid back as it was. It displays as `r1c3=4` (or `(full)` for the guard that changes
/// nothing).
#[derive(Debug)]
#[must_use = "dropping the guard at once takes the assumption back at once"]
pub struct Forced<'p> {
    owner: &'p Propagation,
    placed: Option<(Cell, Digit)>,
}

impl Forced<'_> {
    /// The cell and value assumed (`None` for the guard of a full grid).
    pub fn placed(&self) -> Option<(Cell, Digit)> {
        self.placed
    }
}

impl Drop for Forced<'_> {
    /// Put back the state this guard replaced (the guard of a full grid replaced nothing).
    fn drop(&mut self) {
        if self.placed.is_some() {
            let mut engine = self.owner.engine.borrow_mut();
            let mut saved = self.owner.saved.borrow_mut();
            let from = saved.len() - engine.cells.len();
            engine.cells.copy_from_slice(&saved[from..]);
            saved.truncate(from);
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
