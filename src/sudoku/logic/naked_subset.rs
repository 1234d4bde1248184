//! Naked subsets (the seed's NTilesNOptions): when n cells of a house hold only n digits
//! between them, those digits go in those cells, and nowhere else in the house.

use super::{Evidence, Grid, Step};
use crate::sudoku::{Cell, Digit, Digits, House};
use itertools::Itertools;

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    for house in House::all() {
        let open: Vec<Cell> = house.cells().filter(|&c| grid.value(c).is_none()).collect();
        if open.len() <= size {
            continue; // the subset would be the whole house: nothing to remove
        }
        let small = open.iter().copied().filter(|&c| (2..=size).contains(&grid.candidates(c).count()));
        for cells in small.combinations(size) {
            let digits = cells.iter().fold(Digits::empty(), |d, &c| d | grid.candidates(c));
            if digits.count() != size {
                continue;
            }
            let eliminations: Vec<(Cell, Digit)> = open
                .iter()
                .filter(|c| !cells.contains(c))
                .flat_map(|&c| (grid.candidates(c) & digits).digits().map(move |d| (c, d)))
                .collect();
            if !eliminations.is_empty() {
                let evidence = Evidence::NakedSubset { house, cells, digits };
                return Some(Step { evidence, placements: vec![], eliminations });
            }
        }
    }
    None
}
