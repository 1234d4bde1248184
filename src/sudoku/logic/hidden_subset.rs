//! Hidden subsets: when n digits of a house can only go in the same n cells, those cells hold
//! those digits, and no other candidate.

use super::{Evidence, Grid, Step};
use crate::sudoku::{Cell, Digit, Digits, House};
use itertools::Itertools;

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    for house in House::all() {
        let missing: Vec<Digit> = Digit::all().filter(|&d| !grid.holds(house, d)).collect();
        if missing.len() <= size {
            continue;
        }
        let places = |d: Digit| grid.places(house, d).collect::<Vec<Cell>>();
        let few = missing.iter().copied().filter(|&d| (2..=size).contains(&grid.places(house, d).count()));
        for digits in few.combinations(size) {
            let cells: Vec<Cell> = digits.iter().flat_map(|&d| places(d)).sorted().dedup().collect();
            if cells.len() != size {
                continue;
            }
            let set: Digits = digits.iter().copied().collect();
            let eliminations: Vec<(Cell, Digit)> = cells
                .iter()
                .flat_map(|&c| (grid.candidates(c) - set).digits().map(move |d| (c, d)))
                .collect();
            if !eliminations.is_empty() {
                let evidence = Evidence::HiddenSubset { house, cells, digits: set };
                return Some(Step { evidence, placements: vec![], eliminations });
            }
        }
    }
    None
}
