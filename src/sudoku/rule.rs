//! Rules of your own: a constraint beyond the houses, in one type that says how it prunes
//! candidates and how it checks a grid.
//!
//! The crate's own rules (anti-knight, anti-king, non-consecutive, killer cages) are built into
//! the general engine, which turns them into tables; a rule of yours is a value that implements
//! [`Rule`], laid on a grid with [`Geometry::with_rule`]. The general engine
//! ([`search::Solutions`](super::search::Solutions), the driver's
//! [`search::Propagation`](super::search::Propagation), and [`Board::solve`](super::Board::solve)
//! and [`Board::count_solutions`](super::Board::count_solutions) on such a grid) then asks it,
//! each time singles and locked candidates have drawn every consequence, to take out the
//! candidates it forbids; and, on every full grid, whether the grid keeps it. The solvers of
//! houses alone refuse such a grid through [`Geometry::beyond_houses`] (the command line says
//! so in a sentence); the logic solver refuses it through
//! [`logic::supports`](super::logic::supports).
//!
//! **How to add one** (a thermometer: values rise from the bulb along the tube):
//! 1. A type that holds what the rule needs (here the cells of the tube, bulb first).
//! 2. [`Rule::name`]: a name for messages and for [`Geometry::name`].
//! 3. [`Rule::check`]: whether a full grid keeps the rule. The engine checks every solution
//!    with it, so a rule whose pruning is weak is still never broken.
//! 4. [`Rule::prune`]: take out the candidates the rule forbids, given every cell's candidates
//!    (a placed cell has one). It may do nothing, at the cost of more guesses; it must not take
//!    out a value that some grid keeping the rule has there.
//!
//! ```
//! use backtrack::sudoku::rule::{Candidates, Contradiction, Rule};
//! use backtrack::sudoku::{Board, Geometry};
//!
//! /// Values rise strictly from the first cell (the bulb) to the last.
//! #[derive(Debug)]
//! struct Thermometer(Vec<usize>);
//!
//! impl Rule for Thermometer {
//!     fn name(&self) -> &'static str {
//!         "thermometer"
//!     }
//!
//!     fn check(&self, values: &[u8], _side: usize) -> bool {
//!         self.0.windows(2).all(|pair| values[pair[0]] < values[pair[1]])
//!     }
//!
//!     fn prune(&self, grid: &mut Candidates<'_>) -> Result<(), Contradiction> {
//!         // Each cell at least one more than the smallest value before it can take, and at
//!         // most one less than the largest after it can take.
//!         let mut least = 0;
//!         for &cell in &self.0 {
//!             grid.keep_between(cell, least + 1, grid.side() as u8)?;
//!             least = grid.smallest(cell);
//!         }
//!         let mut most = grid.side() as u8 + 1;
//!         for &cell in self.0.iter().rev() {
//!             grid.keep_between(cell, 1, most - 1)?;
//!             most = grid.largest(cell);
//!         }
//!         Ok(())
//!     }
//! }
//!
//! // A 4×4 grid whose first row rises, and a column that rises from the bottom.
//! let geometry = Geometry::of_side(4)?
//!     .with_rule(Thermometer(vec![0, 1, 2, 3]))
//!     .with_rule(Thermometer(vec![12, 8, 4]));
//! assert_eq!(geometry.name(), "4×4, thermometer, thermometer");
//! let board = Board::empty_of(&geometry);
//! let solution = board.solve().expect("a grid keeps both");
//! let values = solution.values();
//! assert_eq!(&values[..4], [1, 2, 3, 4]);
//! assert!(values[12] < values[8] && values[8] < values[4]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/thermometer.rs` solves a 9×9 thermometer Sudoku with this rule, and
//! `tests/rules.rs` holds it to a count made by filtering every grid with `check` alone.

#[cfg(doc)]
use super::Geometry;
use super::search::PLACED;
use super::{Digit, Digits};
use std::fmt;

/// A constraint beyond the houses, of the user's own (see the module docs for how to write
/// one). It is shared between threads with its grid: `Send + Sync`.
pub trait Rule: fmt::Debug + Send + Sync {
    /// The rule's name, as messages and [`Geometry::name`] say it.
    fn name(&self) -> &'static str;

    /// Whether the full grid `values` (1 to `side` a cell, reading order) keeps the rule.
    fn check(&self, values: &[u8], side: usize) -> bool;

    /// Take out of `grid` the candidates the rule forbids, or say that no grid can keep it
    /// from here. Called whenever the engine's own propagation has nothing left to draw; a
    /// value taken out here is propagated in turn (a cell left with one is placed).
    ///
    /// # Errors
    /// [`Contradiction`] when the rule cannot be kept (as [`Candidates::remove`] says when it
    /// empties a cell).
    fn prune(&self, grid: &mut Candidates<'_>) -> Result<(), Contradiction>;
}

/// No grid can keep the rules from here: the search goes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no grid keeps the rules from here")
    }
}

impl std::error::Error for Contradiction {}

/// The candidates of every cell as the engine holds them, for [`Rule::prune`]: read them,
/// take some out. Cells are numbered in reading order from 0.
pub struct Candidates<'s> {
    side: usize,
    /// One word a cell: a bit a value (bit v − 1 for v), and the engine's flag of a placed cell
    /// above them.
    cells: &'s mut [u32],
    /// The cells placed and not yet propagated: a cell left with one value joins them.
    queue: &'s mut Vec<u16>,
    changed: bool,
}

impl<'s> Candidates<'s> {
    /// The view the engine lends a rule.
    pub(crate) fn new(side: usize, cells: &'s mut [u32], queue: &'s mut Vec<u16>) -> Candidates<'s> {
        Candidates { side, cells, queue, changed: false }
    }

    /// Whether the rule took anything out.
    pub(crate) fn changed(&self) -> bool {
        self.changed
    }

    /// The side N of the grid: values run from 1 to N, cells from 0 to N² − 1.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The values `cell` can still take (one, when it is placed).
    pub fn get(&self, cell: usize) -> Digits {
        Digits::from_bits_retain(self.cells[cell] & !PLACED)
    }

    /// The value of `cell`, if it has one left.
    pub fn value(&self, cell: usize) -> Option<Digit> {
        let bits = self.cells[cell] & !PLACED;
        bits.is_power_of_two().then(|| Digit::new(bits.trailing_zeros() as u8 + 1))
    }

    /// The smallest value `cell` can take (0 if none).
    pub fn smallest(&self, cell: usize) -> u8 {
        let bits = self.cells[cell] & !PLACED;
        if bits == 0 { 0 } else { bits.trailing_zeros() as u8 + 1 }
    }

    /// The largest value `cell` can take (0 if none).
    pub fn largest(&self, cell: usize) -> u8 {
        32 - (self.cells[cell] & !PLACED).leading_zeros() as u8
    }

    /// Take `values` out of `cell`'s candidates; a cell left with one is placed.
    ///
    /// # Errors
    /// [`Contradiction`] if that leaves the cell without a value (or takes a placed cell's).
    pub fn remove(&mut self, cell: usize, values: Digits) -> Result<(), Contradiction> {
        let bits = values.bits();
        let word = self.cells[cell];
        if word & bits == 0 {
            return Ok(());
        }
        let left = word & !bits & !PLACED;
        if word & PLACED != 0 || left == 0 {
            return Err(Contradiction);
        }
        self.changed = true;
        if left.is_power_of_two() {
            self.cells[cell] = left | PLACED;
            self.queue.push(cell as u16);
        } else {
            self.cells[cell] = left;
        }
        Ok(())
    }

    /// Keep only `values` in `cell`'s candidates.
    ///
    /// # Errors
    /// [`Contradiction`] if none of them is left.
    pub fn keep(&mut self, cell: usize, values: Digits) -> Result<(), Contradiction> {
        self.remove(cell, Digits::from_bits_retain(!values.bits() & !PLACED))
    }

    /// Keep only the values from `low` to `high` (both included) in `cell`'s candidates.
    ///
    /// # Errors
    /// [`Contradiction`] if none of them is left.
    pub fn keep_between(&mut self, cell: usize, low: u8, high: u8) -> Result<(), Contradiction> {
        if low > high || low == 0 {
            return if low > high { Err(Contradiction) } else { self.keep_between(cell, 1, high) };
        }
        let upto = |v: u8| if v >= 32 { u32::MAX } else { (1u32 << v) - 1 };
        let range = upto(high) & !upto(low - 1);
        self.keep(cell, Digits::from_bits_retain(range))
    }
}

impl fmt::Debug for Candidates<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = (0..self.cells.len()).map(|c| self.get(c).to_string()).collect();
        f.debug_struct("Candidates").field("side", &self.side).field("cells", &cells).finish()
    }
}
