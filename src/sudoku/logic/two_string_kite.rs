//! 2-String Kite: a digit with two places in a row and two in a column, one place of each in
//! the same box (or jigsaw region). Those two cannot both hold the digit, so one of the other two places, the
//! tips, does: no cell that sees both tips can hold it.

use super::skyscraper::pairs;
use super::step::{Explain, removals};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Cell, Cells, Digit, Geometry, House};
use std::fmt;

/// `digit` has two places in `row` and two in `column`; one of each meet in a box, so one of the
/// `tips` holds `digit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoStringKite {
    /// The digit.
    pub digit: Digit,
    /// The row with two places.
    pub row: House,
    /// The column with two places.
    pub column: House,
    /// The place of the row and the place of the column that share a box.
    pub knot: [Cell; 2],
    /// The box (or jigsaw region) they share.
    pub house: House,
    /// The other two places: one of them holds the digit.
    pub tips: [Cell; 2],
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    for digit in grid.digits() {
        let columns: Vec<(House, [Cell; 2])> = pairs(grid, digit, false).collect();
        for (row, r) in pairs(grid, digit, true) {
            for &(column, c) in &columns {
                for (x, row_tip) in [(r[0], r[1]), (r[1], r[0])] {
                    for (y, column_tip) in [(c[0], c[1]), (c[1], c[0])] {
                        // Four cells (x and its tip differ, y and its tip too), compared one by
                        // one: a set of cells of any grid is ten words to clear and fill.
                        if x == y || x == column_tip || row_tip == y || row_tip == column_tip {
                            continue;
                        }
                        let Some(house) = grid
                            .houses_of(x)
                            .find(|&h| matches!(h, House::Box(_) | House::Region(_)) && grid.in_house(h, y))
                        else {
                            continue;
                        };
                        let eliminations =
                            grid.eliminations_seen_by(Cells::from([row_tip, column_tip]), digit);
                        if !eliminations.is_empty() {
                            let evidence = TwoStringKite {
                                digit,
                                row,
                                column,
                                knot: [x, y],
                                house,
                                tips: [row_tip, column_tip],
                            };
                            return Some(Step::new(evidence, vec![], eliminations));
                        }
                    }
                }
            }
        }
    }
    None
}

impl Explain for TwoStringKite {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::TwoStringKite)
    }

    fn location(&self) -> String {
        format!("look at {} in {} and {}", self.digit, self.row, self.column)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let TwoStringKite { digit, row, column, knot: [x, y], house, tips: [t1, t2] } = self;
        let kind = if matches!(house, House::Region(_)) { "region" } else { "box" };
        let then = removals(&step.eliminations);
        write!(
            f,
            "2-string kite on {digit} in {row} and {column}: {x} and {y} share a {kind} and cannot both be {digit}, \
             so {t1} or {t2} is: {then}"
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        Cells::from([self.knot[0], self.knot[1], self.tips[0], self.tips[1]])
    }
}
