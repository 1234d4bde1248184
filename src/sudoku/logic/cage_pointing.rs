//! Cage pointing (killer): a value that every set of values a cage can still hold contains is
//! in the cage, in one of its places there; a cell outside the cage that sees each of those
//! places cannot hold it. The cage's own locked candidates: a cage of 23 in three cells holds
//! {6,8,9}, so 9 is in it, and if 9 can only go in its two cells of row 1, the rest of row 1
//! loses 9 (and so does any cell that sees both, a knight's move counting on an anti-knight
//! grid).
//!
//! The cage combination step narrows a cage's own cells; this one reaches out of the cage, as
//! a person does once the combinations are known (SudokuWiki's "cage/unit overlap", for any
//! cells that see the places, not only a house's).

use super::killer::{alternatives, support};
use super::step::{Explain, and_list, or_list, removals};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Digits, Geometry};
use std::fmt;

/// A cage whose sum puts `digit` in it, in one of `places`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CagePointing {
    /// The cage's cells, in reading order.
    pub cells: Vec<Cell>,
    /// Its sum.
    pub sum: u32,
    /// The sets of values the cage can still hold, every one with `digit`.
    pub combinations: Vec<Digits>,
    /// The value the cage must hold.
    pub digit: Digit,
    /// Where it can go in the cage.
    pub places: Vec<Cell>,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let cages = grid.cages()?;
    for (cells, sum) in &cages.cages {
        let Some(sum) = *sum else { continue };
        if cells.iter().all(|&c| grid.value(c).is_some()) {
            continue;
        }
        let Some((_, combinations)) = support(grid, cells, sum) else { continue };
        let held = combinations.iter().fold(grid.all_digits(), |all, &set| all & set);
        for digit in held.digits() {
            if cells.iter().any(|&c| grid.value(c) == Some(digit)) {
                continue; // placed: the singles took it from the peers
            }
            let places: Vec<Cell> =
                cells.iter().copied().filter(|&c| grid.candidates(c).has(digit)).collect();
            let Some(&first) = places.first() else { continue };
            let mut from: Vec<Cell> = grid
                .peers(first)
                .iter()
                .copied()
                .filter(|&x| grid.value(x).is_none() && grid.candidates(x).has(digit))
                .filter(|x| !cells.contains(x) && places.iter().all(|&p| grid.sees(p, *x)))
                .collect();
            if from.is_empty() {
                continue;
            }
            from.sort_unstable();
            let eliminations = from.iter().map(|&x| Candidate::new(x, digit)).collect();
            let evidence =
                CagePointing { cells: cells.clone(), sum, combinations: combinations.clone(), digit, places };
            return Some(Step::new(evidence, vec![], eliminations));
        }
    }
    None
}

impl Explain for CagePointing {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::CagePointing)
    }

    fn location(&self) -> String {
        format!("look at {} in the cage of {} ({})", self.digit, and_list(&self.cells), self.sum)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let CagePointing { cells, sum, combinations, digit, places } = self;
        let see = if places.len() == 1 { "the cells that see it" } else { "the cells that see them all" };
        write!(
            f,
            "cage pointing: {} add up to {sum} with {}, so {digit} is in the cage, in {}; {see} \
             cannot hold it, so {}",
            and_list(cells),
            alternatives(combinations),
            or_list(places),
            removals(&step.eliminations)
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.cells.iter().copied().collect()
    }
}
