//! X-Chain: a chain of cells for one digit whose links alternate. A strong link joins the two
//! places of the digit in a house that has only those two (if one is not the digit, the other
//! is); a weak link joins two cells that see each other (if one is the digit, the other is not).
//! Starting with a strong link and ending with one: if the first cell is not the digit, the last
//! is. So one of the two ends holds the digit, and no cell that sees both can.
//!
//! Skyscraper and 2-String Kite are the X-Chains of three links; this finds the longer ones,
//! the shortest first from each cell.

use super::step::{Explain, removals};
use super::{Builtin, Grid, Step, read_back};
use crate::sudoku::{Cell, Cells, Digit, Geometry};
use std::fmt;

/// The longest chain looked for, in links.
const MOST_LINKS: usize = 9;

/// The cells of the chain for `digit`, in order: the first and every other one from the second
/// are joined to the next by a strong link, the rest by a weak one. One of the ends is `digit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XChain {
    /// The digit.
    pub digit: Digit,
    /// The chain, an even number of cells, from one end to the other.
    pub cells: Vec<Cell>,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    for digit in grid.digits() {
        for start in grid.cells().filter(|&c| grid.value(c).is_none() && grid.candidates(c).has(digit)) {
            if let Some(step) = from(grid, digit, start) {
                return Some(step);
            }
        }
    }
    None
}

/// The cells where `digit` has a strong link with `cell`: its only other place in one of the
/// houses of `cell`.
fn strong(grid: &Grid, digit: Digit, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
    grid.houses_of(cell).filter_map(move |house| {
        let mut places = grid.places(house, digit);
        let (p, q) = (places.next()?, places.next()?);
        (places.next().is_none()).then_some(if p == cell { q } else { p })
    })
}

/// The shortest chains from `start` (assumed not to hold `digit`), breadth first; the first
/// whose two ends remove the digit from a cell that sees both.
fn from(grid: &Grid, digit: Digit, start: Cell) -> Option<Step> {
    // Each cell reached, and the cell it was reached from. A cell is reached once, "on"
    // (it holds the digit, after an odd number of links) or "off" (after an even number).
    let mut parent: Vec<Option<Cell>> = vec![None; grid.geometry().cells()];
    parent[start.index()] = Some(start);
    let mut layer = vec![start];
    for links in 1..=MOST_LINKS {
        let on = links % 2 == 1;
        let mut next = Vec::new();
        for &cell in &layer {
            let reach: Vec<Cell> = if on {
                strong(grid, digit, cell).collect()
            } else {
                grid.peers(cell)
                    .iter()
                    .copied()
                    .filter(|&p| grid.value(p).is_none() && grid.candidates(p).has(digit))
                    .collect()
            };
            for to in reach {
                if parent[to.index()].is_some() {
                    continue;
                }
                parent[to.index()] = Some(cell);
                next.push(to);
                if on && links >= 3 {
                    let eliminations = grid.eliminations_seen_by(Cells::from([start, to]), digit);
                    if !eliminations.is_empty() {
                        let cells = read_back(start, to, |at| parent[at.index()]);
                        return Some(Step::new(XChain { digit, cells }, vec![], eliminations));
                    }
                }
            }
        }
        layer = next;
    }
    None
}

impl Explain for XChain {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::XChain)
    }

    fn location(&self) -> String {
        let (first, last) = (self.cells[0], self.cells[self.cells.len() - 1]);
        format!("look at {} from {first} to {last}", self.digit)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let XChain { digit, cells } = self;
        let links: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| if i % 2 == 0 { format!("{c}≠{digit}") } else { format!("{c}={digit}") })
            .collect();
        let (first, last) = (cells[0], cells[cells.len() - 1]);
        let then = removals(&step.eliminations);
        write!(f, "X-chain on {digit}: {}, so {first} or {last} is {digit}: {then}", links.join(" → "))
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.cells.iter().copied().collect()
    }
}
