//! Y-Wing (XY-Wing): a pivot with candidates {x,y} sees two pincers, {x,z} and {y,z}. Whichever
//! the pivot holds, one pincer is z; so no cell that sees both pincers can be z.

use super::step::{Explain, removals, set};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Cell, Cells, Digit, Digits, Geometry};
use std::fmt;

/// A bivalue pivot {x,y} sees pincers {x,z} and {y,z}: one pincer is `digit` (z).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YWing {
    /// The pivot and its candidates.
    pub pivot: (Cell, Digits),
    /// The two pincers and their candidates.
    pub pincers: [(Cell, Digits); 2],
    /// The digit removed from cells that see both pincers.
    pub digit: Digit,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let bivalue = grid.empty_cells().filter(|&c| grid.candidates(c).count() == 2);
    for pivot in bivalue {
        let xy = grid.candidates(pivot);
        // The pivot's bivalue peers that share one digit with it, in reading order.
        let wings: Cells = grid
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&c| grid.candidates(c).count() == 2 && (grid.candidates(c) & xy).count() == 1)
            .collect();
        for a in wings {
            for b in wings.iter().filter(|&b| b > a) {
                let (ca, cb) = (grid.candidates(a), grid.candidates(b));
                // a = {x,z}, b = {y,z}: they share z only, and split x and y between them.
                let z = ca & cb;
                if z.count() != 1 || (ca & xy) == (cb & xy) || !(z & xy).is_empty() {
                    continue;
                }
                let Some(z) = z.single() else { continue };
                // The pivot sees both pincers too, but holds {x,y}: it never has z.
                let eliminations = grid.eliminations_seen_by(Cells::from([a, b]), z);
                if !eliminations.is_empty() {
                    let evidence = YWing { pivot: (pivot, xy), pincers: [(a, ca), (b, cb)], digit: z };
                    return Some(Step::new(evidence, vec![], eliminations));
                }
            }
        }
    }
    None
}

impl Explain for YWing {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::YWing)
    }

    fn location(&self) -> String {
        format!("look at {} and the cells it sees", self.pivot.0)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let YWing { pivot: (p, pd), pincers: [(a, ad), (b, bd)], digit } = self;
        let (pd, ad, bd, then) = (set(*pd), set(*ad), set(*bd), removals(&step.eliminations));
        write!(f, "Y-wing: pivot {p} {pd}, pincers {a} {ad} and {b} {bd}: one pincer is {digit}, so {then}")
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::from([self.pivot.0, self.pincers[0].0, self.pincers[1].0])
    }
}
