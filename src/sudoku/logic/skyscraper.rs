//! Skyscraper: a digit with two places in each of two rows (or columns), one place of each in
//! the same column (or row). The two in the shared line cannot both hold the digit, so one of
//! the other two places, the tips, does: no cell that sees both tips can hold it.

use super::step::{Explain, lines, removals};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Cell, Cells, Digit, Geometry, House};
use std::fmt;

/// In `lines`, `digit` has two places each; `base` (one of each) share a crossing line, so one
/// of the `tips` holds `digit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skyscraper {
    /// The digit.
    pub digit: Digit,
    /// The two rows (or columns) with two places each.
    pub lines: [House; 2],
    /// The places that share a column (or row).
    pub base: [Cell; 2],
    /// The other two places: one of them holds the digit.
    pub tips: [Cell; 2],
}

/// The lines of one kind (rows, or columns) where `digit` has exactly two places, with them.
pub(super) fn pairs(grid: &Grid, digit: Digit, rows: bool) -> impl Iterator<Item = (House, [Cell; 2])> + '_ {
    (0..grid.side() as u8).filter_map(move |i| {
        let line = if rows { House::Row(i) } else { House::Col(i) };
        let places = grid.place_mask(line, digit);
        (places.count_ones() == 2).then(|| {
            let first = grid.cell_at(line, places.trailing_zeros() as usize);
            let second = grid.cell_at(line, 31 - places.leading_zeros() as usize);
            (line, [first, second])
        })
    })
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    for digit in grid.digits() {
        for rows in [true, false] {
            let across = |c: Cell| if rows { c.col() } else { c.row() };
            let found: Vec<(House, [Cell; 2])> = pairs(grid, digit, rows).collect();
            for (i, &(one, a)) in found.iter().enumerate() {
                for &(two, b) in &found[i + 1..] {
                    for (base, tips) in [
                        ([a[0], b[0]], [a[1], b[1]]),
                        ([a[0], b[1]], [a[1], b[0]]),
                        ([a[1], b[0]], [a[0], b[1]]),
                        ([a[1], b[1]], [a[0], b[0]]),
                    ] {
                        // The base shares a crossing line; the tips do not (that would be an X-Wing).
                        if across(base[0]) != across(base[1]) || across(tips[0]) == across(tips[1]) {
                            continue;
                        }
                        let eliminations = grid.eliminations_seen_by(Cells::from(tips), digit);
                        if !eliminations.is_empty() {
                            let evidence = Skyscraper { digit, lines: [one, two], base, tips };
                            return Some(Step::new(evidence, vec![], eliminations));
                        }
                    }
                }
            }
        }
    }
    None
}

impl Explain for Skyscraper {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::Skyscraper)
    }

    fn location(&self) -> String {
        format!("look at {} in {}", self.digit, lines(&self.lines))
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Skyscraper { digit, lines: houses, base: [b1, b2], tips: [t1, t2] } = self;
        let then = removals(&step.eliminations);
        write!(
            f,
            "skyscraper on {digit} in {}: {b1} and {b2} cannot both be {digit}, so {t1} or {t2} is: {then}",
            lines(houses)
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::from([self.base[0], self.base[1], self.tips[0], self.tips[1]])
    }
}
