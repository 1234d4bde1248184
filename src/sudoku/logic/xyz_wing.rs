//! XYZ-Wing: a pivot with candidates {x,y,z} sees two pincers, {x,z} and {y,z}. Whichever the
//! pivot holds, one of the three cells is z; so no cell that sees all three can be z.

use super::{Evidence, Grid, Step};

pub(super) fn find(grid: &Grid) -> Option<Step> {
    for pivot in grid.empty_cells().filter(|&c| grid.candidates(c).count() == 3) {
        let xyz = grid.candidates(pivot);
        let (mut wings, mut n) = ([pivot; 20], 0);
        for c in
            pivot.peers().filter(|&c| grid.candidates(c).count() == 2 && xyz.contains(grid.candidates(c)))
        {
            wings[n] = c;
            n += 1;
        }
        let wings = &mut wings[..n];
        wings.sort_unstable(); // reading order, as the search has always met them
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ca, cb) = (grid.candidates(a), grid.candidates(b));
                if ca == cb || (ca & cb).count() != 1 {
                    continue;
                }
                let Some(z) = (ca & cb).single() else { continue };
                let eliminations = grid.eliminations_seen_by(&[pivot, a, b], z);
                if !eliminations.is_empty() {
                    let evidence =
                        Evidence::XyzWing { pivot: (pivot, xyz), pincers: [(a, ca), (b, cb)], digit: z };
                    return Some(Step { evidence, placements: vec![], eliminations });
                }
            }
        }
    }
    None
}
