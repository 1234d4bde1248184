//! Hidden single: a digit with one place left in a house must go there.

use super::{Evidence, Grid, Step};
use crate::sudoku::{Digit, House};

pub(super) fn find(grid: &Grid) -> Option<Step> {
    // Boxes first: the easiest to see (Sudoku Explainer rates a hidden single in a box 1.2,
    // in a row or column 1.5).
    let houses = (0..9).map(House::Box).chain((0..9).map(House::Row)).chain((0..9).map(House::Col));
    for house in houses {
        for digit in Digit::all() {
            let places = grid.place_mask(house, digit);
            if places.count_ones() == 1 {
                let cell = Grid::cell_at(house, places.trailing_zeros() as usize);
                let evidence = Evidence::HiddenSingle { cell, digit, house };
                return Some(Step { evidence, placements: vec![(cell, digit)], eliminations: vec![] });
            }
        }
    }
    None
}
