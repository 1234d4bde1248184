//! Simple colouring: the places of one digit joined by strong links (the only two places of the
//! digit in a house) fall into two colours, alternating along the links; in each cluster the
//! digit stands on all the cells of one colour and on none of the other.
//!
//! - Colour wrap: two cells of the same colour see each other, so that colour cannot be the
//!   digit's: it leaves every cell of that colour.
//! - Colour trap: a cell outside the cluster that sees a cell of each colour sees the digit
//!   whichever colour holds it: it leaves that cell.

use super::step::{Explain, removals};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Geometry};
use std::fmt;

/// A cluster of places of `digit` in two colours, and what follows from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleColouring {
    /// The digit.
    pub digit: Digit,
    /// The cells of each colour.
    pub colours: [Cells; 2],
    /// Two cells of one colour that see each other (a wrap), or `None` for a trap.
    pub wrap: Option<[Cell; 2]>,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    for digit in grid.digits() {
        let mut seen = Cells::empty();
        for start in grid.empty_cells().filter(|&c| grid.candidates(c).has(digit)) {
            if seen.contains(start) {
                continue;
            }
            let colours = cluster(grid, digit, start);
            seen |= colours[0] | colours[1];
            if colours[1].is_empty() {
                continue; // no strong link
            }
            if let Some(step) = wrap(grid, digit, colours).or_else(|| trap(grid, digit, colours)) {
                return Some(step);
            }
        }
    }
    None
}

/// The cluster of `start` for `digit`, in two colours (`start`'s first), along strong links.
fn cluster(grid: &Grid, digit: Digit, start: Cell) -> [Cells; 2] {
    let mut colours = [Cells::from([start]), Cells::empty()];
    let mut queue = vec![(start, 0)];
    while let Some((cell, colour)) = queue.pop() {
        for house in grid.houses_of(cell) {
            let mut places = grid.places(house, digit);
            let (Some(p), Some(q), None) = (places.next(), places.next(), places.next()) else { continue };
            let other = if p == cell { q } else { p };
            if !(colours[0] | colours[1]).contains(other) {
                colours[1 - colour] |= Cells::from([other]);
                queue.push((other, 1 - colour));
            }
        }
    }
    colours
}

fn wrap(grid: &Grid, digit: Digit, colours: [Cells; 2]) -> Option<Step> {
    for (colour, cells) in colours.iter().enumerate() {
        for a in cells.iter() {
            if let Some(b) = cells.iter().find(|&b| b > a && grid.sees(a, b)) {
                let eliminations: Vec<Candidate> = cells.iter().map(|c| Candidate::new(c, digit)).collect();
                let evidence = SimpleColouring {
                    digit,
                    colours: [colours[colour], colours[1 - colour]],
                    wrap: Some([a, b]),
                };
                return Some(Step::new(evidence, vec![], eliminations));
            }
        }
    }
    None
}

fn trap(grid: &Grid, digit: Digit, colours: [Cells; 2]) -> Option<Step> {
    let sees = |c: Cell, cells: Cells| cells.iter().any(|o| grid.sees(c, o));
    let eliminations: Vec<Candidate> = grid
        .empty_cells()
        .filter(|&c| grid.candidates(c).has(digit) && !(colours[0] | colours[1]).contains(c))
        .filter(|&c| sees(c, colours[0]) && sees(c, colours[1]))
        .map(|c| Candidate::new(c, digit))
        .collect();
    (!eliminations.is_empty())
        .then(|| Step::new(SimpleColouring { digit, colours, wrap: None }, vec![], eliminations))
}

impl Explain for SimpleColouring {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::SimpleColouring)
    }

    fn location(&self) -> String {
        format!("colour the places of {} joined by strong links", self.digit)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SimpleColouring { digit, colours: [one, other], wrap } = self;
        write!(f, "simple colouring on {digit}: {one} and {other} take turns along strong links; ")?;
        let then = removals(&step.eliminations);
        match wrap {
            Some([a, b]) => write!(
                f,
                "{a} and {b} have the same colour and see each other, so that colour is not {digit}: {then}"
            ),
            None => write!(f, "one of the colours holds {digit}, and cells that see both lose it: {then}"),
        }
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.colours[0] | self.colours[1]
    }
}
