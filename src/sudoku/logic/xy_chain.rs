//! XY-Chain: a chain of cells with two candidates each, every cell seeing the next and sharing a
//! digit with it. If the first cell is not its digit x, it is its other digit; then the next
//! cell is not that digit, so it is its other one; and so on, until the last cell is x. So the
//! first or the last cell is x, and no cell that sees both can be.
//!
//! Y-Wing is the XY-Chain of three cells; this finds the longer ones, the shortest first from
//! each cell.

use super::step::{Explain, removals};
use super::{Builtin, Grid, Step, read_back};
use crate::sudoku::{Cell, Cells, Digit, Digits, Geometry};
use std::fmt;

/// The most cells a chain may have.
const MOST_CELLS: usize = 12;

/// The chain: each cell with the digit it holds if the first is not `digit`; the last holds
/// `digit` then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XyChain {
    /// The digit removed from the cells that see both ends.
    pub digit: Digit,
    /// The cells, from one end to the other, each with the digit the chain gives it.
    pub cells: Vec<(Cell, Digit)>,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let bivalue: Cells = grid.empty_cells().filter(|&c| grid.candidates(c).count() == 2).collect();
    for start in bivalue.iter() {
        for digit in grid.candidates(start).digits() {
            if let Some(step) = from(grid, bivalue, start, digit) {
                return Some(step);
            }
        }
    }
    None
}

/// The other candidate of a cell with two.
fn other(grid: &Grid, cell: Cell, digit: Digit) -> Option<Digit> {
    (grid.candidates(cell) - Digits::from(digit)).single()
}

/// The shortest chains from `start` assumed not to hold `digit`, breadth first; the first whose
/// ends remove `digit` from a cell that sees both.
fn from(grid: &Grid, bivalue: Cells, start: Cell, digit: Digit) -> Option<Step> {
    // Each (cell, digit it then holds) reached once, with the state it was reached from.
    // At `cell index * side + digit index`.
    let side = grid.side();
    let mut parent: Vec<Option<(Cell, Digit)>> = vec![None; grid.geometry().cells() * side];
    let first = (start, other(grid, start, digit)?);
    parent[start.index() * side + first.1.index()] = Some(first);
    let mut layer = vec![first];
    for length in 2..=MOST_CELLS {
        let mut next = Vec::new();
        for &(cell, holds) in &layer {
            // The next cell sees this one and has `holds` as a candidate: it is its other digit.
            for to in grid
                .peers(cell)
                .iter()
                .copied()
                .filter(|&p| bivalue.contains(p) && grid.candidates(p).has(holds))
            {
                let Some(then) = other(grid, to, holds) else { continue };
                if parent[to.index() * side + then.index()].is_some() || to == start {
                    continue;
                }
                parent[to.index() * side + then.index()] = Some((cell, holds));
                next.push((to, then));
                if then == digit && length >= 3 {
                    let eliminations = grid.eliminations_seen_by(Cells::from([start, to]), digit);
                    if !eliminations.is_empty() {
                        let cells =
                            read_back(first, (to, then), |(c, d)| parent[c.index() * side + d.index()]);
                        return Some(Step::new(XyChain { digit, cells }, vec![], eliminations));
                    }
                }
            }
        }
        layer = next;
    }
    None
}

impl Explain for XyChain {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::XyChain)
    }

    fn location(&self) -> String {
        let (first, last) = (self.cells[0].0, self.cells[self.cells.len() - 1].0);
        format!("look at the cells with two candidates from {first} to {last}")
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let XyChain { digit, cells } = self;
        let (first, last) = (cells[0].0, cells[cells.len() - 1].0);
        let links: Vec<String> = cells.iter().skip(1).map(|(c, d)| format!("{c} is {d}")).collect();
        let then = removals(&step.eliminations);
        write!(
            f,
            "XY-chain on {digit}: if {first} is not {digit} it is {} → {}, so {first} or {last} is {digit}: {then}",
            cells[0].1,
            links.join(" → ")
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.cells.iter().map(|&(c, _)| c).collect()
    }
}
