//! Hidden subsets: when n digits of a house can only go in the same n cells, those cells hold
//! those digits, and no other candidate.

use super::naked_subset::size_name;
use super::step::{Explain, removals, set};
use super::{Builtin, Grid, Step, first_subset};
use crate::Ones;
use crate::sudoku::geometry::MAX_SIDE;
use crate::sudoku::{Candidate, Cells, Digit, Digits, Geometry, House};
use std::fmt;

/// `digits` can only go in `cells` of `house`, as many as they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenSubset {
    /// The house.
    pub house: House,
    /// The cells.
    pub cells: Cells,
    /// The digits.
    pub digits: Digits,
}

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    for house in grid.houses() {
        let missing = grid.digits().filter(|&d| !grid.holds(house, d)).count();
        if missing <= size {
            continue;
        }
        let mut few = [Digit::new(1); MAX_SIDE];
        let mut n = 0;
        for digit in grid.digits().filter(|&d| !grid.holds(house, d)) {
            if (2..=size as u32).contains(&grid.place_mask(house, digit).count_ones()) {
                few[n] = digit;
                n += 1;
            }
        }
        let found = first_subset(&few[..n], size, |chosen| {
            let positions = chosen.iter().fold(0, |m, &d| m | grid.place_mask(house, d));
            if positions.count_ones() as usize != size {
                return None;
            }
            let digits: Digits = chosen.iter().copied().collect();
            let cells: Cells = Ones(u64::from(positions)).map(|p| grid.cell_at(house, p)).collect();
            let eliminations: Vec<Candidate> = cells
                .iter()
                .flat_map(|c| (grid.candidates(c) - digits).digits().map(move |d| Candidate::new(c, d)))
                .collect();
            (!eliminations.is_empty())
                .then(|| Step::new(HiddenSubset { house, cells, digits }, vec![], eliminations))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

impl Explain for HiddenSubset {
    fn builtin(&self) -> Option<Builtin> {
        Some(
            [Builtin::HiddenPair, Builtin::HiddenTriple, Builtin::HiddenQuad]
                [self.cells.len().clamp(2, 4) - 2],
        )
    }

    fn location(&self) -> String {
        format!("look at {} in {}", self.cells, self.house)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let HiddenSubset { house, cells, digits } = self;
        let (name, then) = (size_name(*cells), removals(&step.eliminations));
        write!(f, "hidden {name} {} in {cells} ({house}): no other digit fits there, so {then}", set(*digits))
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.cells
    }
}
