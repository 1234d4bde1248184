//! BUG+1 (Bivalue Universal Grave plus one): every empty cell holds two candidates but one,
//! which holds three, and in every house each digit has two places or none, but for one digit
//! of that cell, which has three in each of its houses. Without that digit there, the grid
//! would be a "grave": every digit twice in every house, all cells pairs, and such a grid
//! always has two solutions or none (the two places of each digit can trade). A puzzle with one
//! solution escapes only if the cell is that digit.
//!
//! Like the Unique Rectangles, it rests on the puzzle having one solution, and the solver uses
//! it only when it knows that ([`Grid::is_unique`]).

use super::step::{Explain, set};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Digits, Geometry, House};
use std::fmt;

/// Every empty cell but `cell` holds two candidates; `cell` holds `candidates`, three, and
/// `digit` is the one with three places in each of its houses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bug {
    /// The one cell with three candidates.
    pub cell: Cell,
    /// Its candidates.
    pub candidates: Digits,
    /// The digit it must hold.
    pub digit: Digit,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    if !grid.is_unique() {
        return None;
    }
    let mut three = None;
    for cell in grid.empty_cells() {
        match grid.candidates(cell).count() {
            2 => {}
            3 if three.is_none() => three = Some(cell),
            _ => return None,
        }
    }
    let cell = three?;
    // The digit with three places in the cell's row; then every house must count two places
    // (or none) for each digit once that digit is taken from the cell.
    let digit =
        grid.candidates(cell).digits().find(|&d| grid.places(House::Row(cell.row() as u8), d).len() == 3)?;
    let grave = grid.houses().all(|house| {
        grid.digits().all(|d| {
            let extra = usize::from(d == digit && grid.in_house(house, cell));
            matches!(grid.places(house, d).len() - extra, 0 | 2)
        })
    });
    grave.then(|| {
        let evidence = Bug { cell, candidates: grid.candidates(cell), digit };
        Step::new(evidence, vec![Candidate::new(cell, digit)], vec![])
    })
}

impl Explain for Bug {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::Bug)
    }

    fn location(&self) -> String {
        format!("look at {}, the one cell with three candidates", self.cell)
    }

    fn write(&self, _: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Bug { cell, candidates, digit } = self;
        write!(
            f,
            "BUG+1: every empty cell but {cell} holds two candidates, and {cell} holds {}; without {digit} \
             there, every digit would have two places in each house and the puzzle two solutions or none: \
             {cell} is {digit}",
            set(*candidates)
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::from(self.cell)
    }
}
