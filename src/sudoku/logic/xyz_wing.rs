//! XYZ-Wing: a pivot with candidates {x,y,z} sees two pincers, {x,z} and {y,z}. Whichever the
//! pivot holds, one of the three cells is z; so no cell that sees all three can be z.

use super::step::{Explain, removals, set};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Cell, Cells, Digit, Digits, Geometry};
use std::fmt;

/// A pivot {x,y,z} sees pincers {x,z} and {y,z}: one of the three is `digit` (z).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XyzWing {
    /// The pivot and its candidates.
    pub pivot: (Cell, Digits),
    /// The two pincers and their candidates.
    pub pincers: [(Cell, Digits); 2],
    /// The digit removed from cells that see all three.
    pub digit: Digit,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    for pivot in grid.empty_cells().filter(|&c| grid.candidates(c).count() == 3) {
        let xyz = grid.candidates(pivot);
        // The pivot's bivalue peers whose digits are two of its three, in reading order.
        let wings: Cells = grid
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&c| grid.candidates(c).count() == 2 && xyz.contains(grid.candidates(c)))
            .collect();
        for a in wings {
            for b in wings.iter().filter(|&b| b > a) {
                let (ca, cb) = (grid.candidates(a), grid.candidates(b));
                if ca == cb || (ca & cb).count() != 1 {
                    continue;
                }
                let Some(z) = (ca & cb).single() else { continue };
                let eliminations = grid.eliminations_seen_by(Cells::from([pivot, a, b]), z);
                if !eliminations.is_empty() {
                    let evidence = XyzWing { pivot: (pivot, xyz), pincers: [(a, ca), (b, cb)], digit: z };
                    return Some(Step::new(evidence, vec![], eliminations));
                }
            }
        }
    }
    None
}

impl Explain for XyzWing {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::XyzWing)
    }

    fn location(&self) -> String {
        format!("look at {} and the cells it sees", self.pivot.0)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let XyzWing { pivot: (p, pd), pincers: [(a, ad), (b, bd)], digit } = self;
        let (pd, ad, bd, then) = (set(*pd), set(*ad), set(*bd), removals(&step.eliminations));
        write!(
            f,
            "XYZ-wing: pivot {p} {pd}, pincers {a} {ad} and {b} {bd}: one of the three is {digit}, so {then}"
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::from([self.pivot.0, self.pincers[0].0, self.pincers[1].0])
    }
}
