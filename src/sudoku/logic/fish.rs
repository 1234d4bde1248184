//! Fish of size n (the seed's ScaledXWing): X-Wing (2), swordfish (3), jellyfish (4). When, in
//! n rows, a digit's places all lie in the same n columns, the digit fills those columns from
//! these rows: it can go nowhere else in those columns. The same with rows and columns swapped.

use super::{Evidence, Grid, Step};
use crate::sudoku::{Cell, Digit, House};
use itertools::Itertools;

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    for digit in Digit::all() {
        for rows in [true, false] {
            let line = |i: u8| if rows { House::Row(i) } else { House::Col(i) };
            let cross = |i: u8| if rows { House::Col(i) } else { House::Row(i) };
            let index = |c: Cell| (if rows { c.col() } else { c.row() }) as u8;
            // Lines where the digit is not placed and has 2..=size places.
            let bases = (0..9u8).map(line).filter(|&h| (2..=size).contains(&grid.places(h, digit).count()));
            for base in bases.combinations(size) {
                let covers: Vec<u8> =
                    base.iter().flat_map(|&h| grid.places(h, digit).map(index)).sorted().dedup().collect();
                if covers.len() != size {
                    continue;
                }
                let cover: Vec<House> = covers.iter().map(|&i| cross(i)).collect();
                let eliminations: Vec<(Cell, Digit)> = cover
                    .iter()
                    .flat_map(|&h| grid.places(h, digit))
                    .filter(|&c| !base.iter().any(|b| b.contains(c)))
                    .map(|c| (c, digit))
                    .collect();
                if !eliminations.is_empty() {
                    let evidence = Evidence::Fish { digit, base, cover };
                    return Some(Step { evidence, placements: vec![], eliminations });
                }
            }
        }
    }
    None
}
