//! Fish of size n (the seed's ScaledXWing): X-Wing (2), swordfish (3), jellyfish (4). When, in
//! n rows, a digit's places all lie in the same n columns, the digit fills those columns from
//! these rows: it can go nowhere else in those columns. The same with rows and columns swapped.

use super::{Evidence, Grid, Step, first_subset};
use crate::Ones;
use crate::sudoku::{Cell, Digit, House};

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    for digit in Digit::all() {
        for rows in [true, false] {
            let line = |i: u8| if rows { House::Row(i) } else { House::Col(i) };
            let cross = |i: usize| if rows { House::Col(i as u8) } else { House::Row(i as u8) };
            // Lines where the digit is not placed and has 2..=size places. A line's place mask
            // is indexed by the crossing lines (a row's positions are its columns).
            let mut bases = [House::Row(0); 9];
            let mut n = 0;
            for base in (0..9u8).map(line) {
                if (2..=size as u32).contains(&grid.place_mask(base, digit).count_ones()) {
                    bases[n] = base;
                    n += 1;
                }
            }
            let found = first_subset(&bases[..n], size, |base| {
                let covers = base.iter().fold(0u16, |m, &h| m | grid.place_mask(h, digit));
                if covers.count_ones() as usize != size {
                    return None;
                }
                let cover: Vec<House> = Ones(u64::from(covers)).map(cross).collect();
                let eliminations: Vec<(Cell, Digit)> = cover
                    .iter()
                    .flat_map(|&h| grid.places(h, digit))
                    .filter(|&c| !base.iter().any(|b| b.contains(c)))
                    .map(|c| (c, digit))
                    .collect();
                (!eliminations.is_empty()).then(|| {
                    let evidence = Evidence::Fish { digit, base: base.to_vec(), cover };
                    Step { evidence, placements: vec![], eliminations }
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
