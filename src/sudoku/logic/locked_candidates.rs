//! Locked candidates: when a digit's places in one house all lie in its intersection with a
//! second house, the digit cannot go elsewhere in the second house.
//!
//! Pointing: within a box, the digit is confined to one row or column. Claiming: within a row
//! or column, it is confined to one box.

use super::step::{Explain, removals};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Candidate, Cells, Digit, House};
use std::fmt;

/// Within `house`, `digit` is confined to its intersection with `line`: pointing when `house`
/// is a box, claiming when it is a row or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LockedCandidates {
    /// The digit.
    pub digit: Digit,
    /// Where the digit is confined.
    pub house: House,
    /// The other house of the intersection, from which it is removed.
    pub line: House,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let boxes = (0..9).map(House::Box);
    let lines = (0..9).map(House::Row).chain((0..9).map(House::Col));
    for house in boxes.chain(lines) {
        for digit in Digit::all() {
            let mut places = grid.places(house, digit);
            let Some(first) = places.next() else { continue };
            // The other houses that hold every place.
            let others =
                first.houses().into_iter().filter(|&h| h != house && places.clone().all(|c| h.contains(c)));
            for line in others {
                if matches!(house, House::Box(_)) == matches!(line, House::Box(_)) {
                    continue;
                }
                let eliminations: Vec<Candidate> = grid
                    .places(line, digit)
                    .filter(|&c| !house.contains(c))
                    .map(|c| Candidate::new(c, digit))
                    .collect();
                if !eliminations.is_empty() {
                    return Some(Step::new(LockedCandidates { digit, house, line }, vec![], eliminations));
                }
            }
        }
    }
    None
}

impl Explain for LockedCandidates {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::LockedCandidates)
    }

    fn location(&self) -> String {
        format!("look at {} in {}", self.digit, self.house)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let LockedCandidates { digit, house, line } = self;
        let kind = if matches!(house, House::Box(_)) { "pointing" } else { "claiming" };
        let then = removals(&step.eliminations);
        write!(f, "locked candidates ({kind}): in {house}, {digit} is only in {line}, so {then}")
    }

    fn cells(&self) -> Cells {
        self.house.cell_set() & self.line.cell_set()
    }
}
