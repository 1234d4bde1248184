//! W-Wing: two cells that do not see each other hold the same two candidates {x,y}, and a house
//! has x in two places only, one seeing each cell. If the first cell is not y it is x, so its
//! place of x in the house is not, so the other place is, so the second cell is not x: it is y.
//! One of the two cells is y, and no cell that sees both can be.

use super::step::{Explain, removals, set};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Cell, Cells, Digit, Digits, Geometry, House};
use std::fmt;

/// `cells` hold the same two candidates; `digit` x has two places in `house`, `link`, each
/// seeing one of the cells (`link[i]` sees `cells[i]`); so one of the cells is the other digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WWing {
    /// The two cells with the same two candidates, which do not see each other.
    pub cells: [Cell; 2],
    /// Their candidates.
    pub pair: Digits,
    /// The digit of the link (x).
    pub digit: Digit,
    /// The house where `digit` has two places only.
    pub house: House,
    /// Those two places, the first seeing `cells[0]`, the second `cells[1]`.
    pub link: [Cell; 2],
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let bivalue: Vec<Cell> = grid.empty_cells().filter(|&c| grid.candidates(c).count() == 2).collect();
    for (i, &a) in bivalue.iter().enumerate() {
        let pair = grid.candidates(a);
        for &b in bivalue[i + 1..].iter().filter(|&&b| grid.candidates(b) == pair && !grid.sees(a, b)) {
            for x in pair.digits() {
                let Some(y) = (pair - Digits::from(x)).single() else { continue };
                for house in grid.houses() {
                    let Some(link) = strong_link(grid, house, x, [a, b]) else { continue };
                    let eliminations = grid.eliminations_seen_by(Cells::from([a, b]), y);
                    if !eliminations.is_empty() {
                        let evidence = WWing { cells: [a, b], pair, digit: x, house, link };
                        return Some(Step::new(evidence, vec![], eliminations));
                    }
                }
            }
        }
    }
    None
}

/// The two places of `digit` in `house`, in the order of `cells` (each seeing its cell and
/// being neither), if `digit` has exactly two places there and they link the cells so.
fn strong_link(grid: &Grid, house: House, digit: Digit, cells: [Cell; 2]) -> Option<[Cell; 2]> {
    let mut places = grid.places(house, digit);
    let (p, q) = (places.next()?, places.next()?);
    if places.next().is_some() || cells.contains(&p) || cells.contains(&q) {
        return None;
    }
    let [a, b] = cells;
    if grid.sees(p, a) && grid.sees(q, b) {
        Some([p, q])
    } else if grid.sees(q, a) && grid.sees(p, b) {
        Some([q, p])
    } else {
        None
    }
}

impl Explain for WWing {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::WWing)
    }

    fn location(&self) -> String {
        let WWing { cells: [a, b], pair, house, .. } = self;
        format!("look at {a} and {b}, which hold {}, and at {house}", set(*pair))
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let WWing { cells: [a, b], pair, digit: x, house, link: [p, q] } = self;
        let y = (*pair - Digits::from(*x)).digits().next().map_or(String::new(), |d| d.to_string());
        let then = removals(&step.eliminations);
        write!(
            f,
            "W-wing: {a} and {b} hold {}; {x} in {house} is {p} or {q}, which see them, so one of them \
             is {y}: {then}",
            set(*pair)
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::from([self.cells[0], self.cells[1], self.link[0], self.link[1]])
    }
}
