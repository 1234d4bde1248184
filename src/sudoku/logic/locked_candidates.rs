//! Locked candidates: when a digit's places in one house all lie in its intersection with a
//! second house, the digit cannot go elsewhere in the second house.
//!
//! Pointing: within a box (or a jigsaw region), the digit is confined to one row or column.
//! Claiming: within a row or column, it is confined to one box. On grids with extra houses
//! (diagonals, windows) the same holds between any two houses that share cells.

use super::step::{Explain, removals};
use super::{Builtin, Grid, Step};
use crate::Ones;
use crate::sudoku::{Candidate, Cells, Digit, Geometry, House};
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
    let geometry = grid.geometry();
    for (number, house) in grid.houses_boxes_first() {
        let (members, cells) = (geometry.members(number), geometry.house_set(number));
        for (digit, &places) in grid.digits().zip(grid.places_of(number)) {
            if places == 0 {
                continue;
            }
            let first = members[places.trailing_zeros() as usize];
            // The other houses that hold every place: between two of a kind (two rows, a row
            // and a column) only one cell is shared, a single's business.
            let others = grid.houses_of(first).filter(|&h| {
                h != house && kind(h) != kind(house) && {
                    let line = grid.house_set(h);
                    Ones(u64::from(places)).all(|at| line.contains(members[at]))
                }
            });
            for line in others {
                let eliminations: Vec<Candidate> = grid
                    .places(line, digit)
                    .filter(|&c| !cells.contains(c))
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
        let kind = if matches!(house, House::Box(_) | House::Region(_)) { "pointing" } else { "claiming" };
        let then = removals(&step.eliminations);
        write!(f, "locked candidates ({kind}): in {house}, {digit} is only in {line}, so {then}")
    }

    fn cells(&self, geometry: &Geometry) -> Cells {
        *geometry.house_set(geometry.number_of(self.house))
            & *geometry.house_set(geometry.number_of(self.line))
    }
}

/// The kind of a house as locked candidates tell them apart: lines, boxes or regions, windows,
/// diagonals.
fn kind(house: House) -> u8 {
    match house {
        House::Row(_) | House::Col(_) => 0,
        House::Box(_) | House::Region(_) => 1,
        House::Window(_) | House::Extra(_) => 2,
        House::Diagonal(_) => 3,
    }
}
