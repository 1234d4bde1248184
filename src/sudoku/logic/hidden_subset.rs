//! Hidden subsets: when n digits of a house can only go in the same n cells, those cells hold
//! those digits, and no other candidate.

use super::{Evidence, Grid, Step, first_subset};
use crate::Ones;
use crate::sudoku::{Cell, Digit, Digits, House};

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    for house in House::all() {
        let missing = Digit::all().filter(|&d| !grid.holds(house, d)).count();
        if missing <= size {
            continue;
        }
        let mut few = [Digit::new(1); 9];
        let mut n = 0;
        for digit in Digit::all().filter(|&d| !grid.holds(house, d)) {
            if (2..=size as u32).contains(&grid.place_mask(house, digit).count_ones()) {
                few[n] = digit;
                n += 1;
            }
        }
        let found = first_subset(&few[..n], size, |digits| {
            let positions = digits.iter().fold(0u16, |m, &d| m | grid.place_mask(house, d));
            if positions.count_ones() as usize != size {
                return None;
            }
            let set: Digits = digits.iter().copied().collect();
            let cells: Vec<Cell> = Ones(u64::from(positions)).map(|p| Grid::cell_at(house, p)).collect();
            let eliminations: Vec<(Cell, Digit)> = cells
                .iter()
                .flat_map(|&c| (grid.candidates(c) - set).digits().map(move |d| (c, d)))
                .collect();
            (!eliminations.is_empty()).then(|| {
                let evidence = Evidence::HiddenSubset { house, cells, digits: set };
                Step { evidence, placements: vec![], eliminations }
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
