//! Naked subsets (the seed's NTilesNOptions): when n cells of a house hold only n digits
//! between them, those digits go in those cells, and nowhere else in the house.

use super::{Evidence, Grid, Step, first_subset};
use crate::sudoku::{Cell, Digit, Digits, House};

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    for house in House::all() {
        let open = house.cells().filter(|&c| grid.value(c).is_none());
        if open.clone().count() <= size {
            continue; // the subset would be the whole house: nothing to remove
        }
        let mut small = [Cell::new(0); 9];
        let mut n = 0;
        for cell in open.clone().filter(|&c| (2..=size).contains(&grid.candidates(c).count())) {
            small[n] = cell;
            n += 1;
        }
        let found = first_subset(&small[..n], size, |cells| {
            let digits = cells.iter().fold(Digits::empty(), |d, &c| d | grid.candidates(c));
            if digits.count() != size {
                return None;
            }
            let eliminations: Vec<(Cell, Digit)> = open
                .clone()
                .filter(|c| !cells.contains(c))
                .flat_map(|c| (grid.candidates(c) & digits).digits().map(move |d| (c, d)))
                .collect();
            (!eliminations.is_empty()).then(|| {
                let evidence = Evidence::NakedSubset { house, cells: cells.to_vec(), digits };
                Step { evidence, placements: vec![], eliminations }
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
