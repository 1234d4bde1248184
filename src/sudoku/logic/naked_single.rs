//! Naked single: an empty cell with one candidate left must hold it.

use super::step::Explain;
use super::{Builtin, Grid, Step};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Geometry};
use std::fmt;

/// `cell` has one candidate left, `digit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NakedSingle {
    /// The cell.
    pub cell: Cell,
    /// Its last candidate.
    pub digit: Digit,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    // A placed cell has no candidates left: the first cell with one is empty.
    let (cell, digit) = grid.first_single()?;
    Some(Step::new(NakedSingle { cell, digit }, vec![Candidate::new(cell, digit)], vec![]))
}

impl Explain for NakedSingle {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::NakedSingle)
    }

    fn location(&self) -> String {
        format!("look at {}", self.cell)
    }

    fn write(&self, _: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "naked single: {} can only be {}", self.cell, self.digit)
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::from(self.cell)
    }
}
