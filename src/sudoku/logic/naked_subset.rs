//! Naked subsets (the seed's NTilesNOptions): when n cells of a house hold only n digits
//! between them, those digits go in those cells, and nowhere else in the house.

use super::step::{Explain, removals, set};
use super::{Builtin, Grid, Step, first_subset};
use crate::sudoku::geometry::MAX_SIDE;
use crate::sudoku::{Candidate, Cell, Cells, Digits, Geometry, House};
use std::fmt;

/// `cells` of `house` hold only `digits`, as many as they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NakedSubset {
    /// The house.
    pub house: House,
    /// The cells.
    pub cells: Cells,
    /// Their digits.
    pub digits: Digits,
}

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    for house in grid.houses() {
        let open: Cells = grid.members(house).iter().copied().filter(|&c| grid.value(c).is_none()).collect();
        if open.len() <= size {
            continue; // the subset would be the whole house: nothing to remove
        }
        let mut small = [Cell::new(0); MAX_SIDE];
        let mut n = 0;
        for cell in open.iter().filter(|&c| (2..=size).contains(&grid.candidates(c).count())) {
            small[n] = cell;
            n += 1;
        }
        let found = first_subset(&small[..n], size, |chosen| {
            let digits = chosen.iter().fold(Digits::empty(), |d, &c| d | grid.candidates(c));
            if digits.count() != size {
                return None;
            }
            let cells: Cells = chosen.iter().copied().collect();
            let eliminations: Vec<Candidate> = (open - cells)
                .iter()
                .flat_map(|c| (grid.candidates(c) & digits).digits().map(move |d| Candidate::new(c, d)))
                .collect();
            (!eliminations.is_empty())
                .then(|| Step::new(NakedSubset { house, cells, digits }, vec![], eliminations))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A subset's name by its size.
pub(super) fn size_name(cells: Cells) -> &'static str {
    ["pair", "triple", "quad"][cells.len().clamp(2, 4) - 2]
}

impl Explain for NakedSubset {
    fn builtin(&self) -> Option<Builtin> {
        Some([Builtin::NakedPair, Builtin::NakedTriple, Builtin::NakedQuad][self.cells.len().clamp(2, 4) - 2])
    }

    fn location(&self) -> String {
        format!("look at {} in {}", self.cells, self.house)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let NakedSubset { house, cells, digits } = self;
        let (name, then) = (size_name(*cells), removals(&step.eliminations));
        write!(f, "naked {name} {} in {cells} ({house}): {then}", set(*digits))
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.cells
    }
}
