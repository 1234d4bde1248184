//! Non-consecutive: two cells side by side never hold values one apart. Side by side, they are
//! in one row or one column, so they never hold the same value either: a value w leaves a cell
//! as soon as every value its neighbour has left is w − 1, w or w + 1. A placed 5 takes 4 and
//! 6 from its neighbours; a neighbour left with {4, 6} takes 5; one left with {4, 5} takes 4
//! and 5.
//!
//! (Anti-knight and anti-king need no technique of their own: cells a knight's or a king's move
//! apart are peers, and every technique that asks whether two cells see each other counts
//! them.)

use super::step::{Explain, and_list, or_list, set};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Digits, Extra, Geometry};
use std::fmt;

/// `cell` holds (or can only hold) `values`; each value of `gone` is one of them or next to
/// each of them, so it leaves the neighbours in `from`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonConsecutive {
    /// The cell whose values rule the others out.
    pub cell: Cell,
    /// Its value, or the candidates it has left.
    pub values: Digits,
    /// Whether `values` is a placed value.
    pub placed: bool,
    /// The values taken from its neighbours.
    pub gone: Digits,
    /// The neighbours that lose them.
    pub from: Vec<Cell>,
}

/// The values `w` with every value of `values` within one of `w`.
fn ruled_out(values: Digits, side: usize) -> Digits {
    (1..=side as u8)
        .filter_map(Digit::new_checked)
        .filter(|w| values.digits().all(|v| v.get().abs_diff(w.get()) <= 1))
        .collect()
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    if !grid.geometry().extras().contains(&Extra::NonConsecutive) {
        return None;
    }
    let geometry = grid.geometry();
    for cell in grid.cells() {
        let (values, placed) = match grid.value(cell) {
            Some(v) => (Digits::from(v), true),
            None => (grid.candidates(cell), false),
        };
        if values.is_empty() || values.count() > 3 {
            continue;
        }
        let gone = ruled_out(values, grid.side());
        let from: Vec<Cell> = geometry
            .adjacent(cell)
            .iter()
            .copied()
            .filter(|&n| grid.value(n).is_none() && !(grid.candidates(n) & gone).is_empty())
            .collect();
        if from.is_empty() {
            continue;
        }
        let eliminations: Vec<Candidate> = from
            .iter()
            .flat_map(|&n| (grid.candidates(n) & gone).digits().map(move |d| Candidate::new(n, d)))
            .collect();
        let gone = eliminations.iter().map(|c| Digits::from(c.digit)).collect();
        return Some(Step::new(NonConsecutive { cell, values, placed, gone, from }, vec![], eliminations));
    }
    None
}

impl Explain for NonConsecutive {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::NonConsecutive)
    }

    fn location(&self) -> String {
        format!("look at the neighbours of {}", self.cell)
    }

    fn write(&self, _: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let NonConsecutive { cell, values, placed, gone, from } = self;
        let holds = if *placed {
            format!("{cell} is {}", set(*values).trim_matches(|c| c == '{' || c == '}'))
        } else {
            format!("{cell} can only be {}", set(*values))
        };
        let verb = if from.len() == 1 { "its neighbour" } else { "its neighbours" };
        let gone = or_list(&gone.digits().collect::<Vec<_>>());
        write!(
            f,
            "non-consecutive: {holds}, so {verb} {} cannot be {gone} (one apart from, or the same as, \
             every value {cell} can hold)",
            and_list(from),
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::from(self.cell)
    }
}
