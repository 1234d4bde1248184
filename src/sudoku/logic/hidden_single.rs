//! Hidden single: a digit with one place left in a house must go there.

use super::step::Explain;
use super::{Builtin, Grid, Step};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Geometry, House};
use std::fmt;

/// `digit` has one place left in `house`: `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenSingle {
    /// The one place.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
    /// The house.
    pub house: House,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    // Boxes first: the easiest to see (Sudoku Explainer rates a hidden single in a box 1.2,
    // in a row or column 1.5).
    for (number, house) in grid.houses_boxes_first() {
        for (digit, &places) in grid.digits().zip(grid.places_of(number)) {
            if places.is_power_of_two() {
                let cell = grid.cell_at(house, places.trailing_zeros() as usize);
                let evidence = HiddenSingle { cell, digit, house };
                return Some(Step::new(evidence, vec![Candidate::new(cell, digit)], vec![]));
            }
        }
    }
    None
}

impl Explain for HiddenSingle {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::HiddenSingle)
    }

    fn location(&self) -> String {
        format!("look at {} in {}", self.digit, self.house)
    }

    fn write(&self, _: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hidden single: {} can only go in {} in {}", self.digit, self.cell, self.house)
    }

    fn cells(&self, geometry: &Geometry) -> Cells {
        *geometry.house_set(geometry.number_of(self.house))
    }
}
