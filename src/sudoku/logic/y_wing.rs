//! Y-Wing (XY-Wing): a pivot with candidates {x,y} sees two pincers, {x,z} and {y,z}. Whichever
//! the pivot holds, one pincer is z; so no cell that sees both pincers can be z.

use super::{Evidence, Grid, Step};

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let bivalue = grid.empty_cells().filter(|&c| grid.candidates(c).count() == 2);
    for pivot in bivalue {
        let xy = grid.candidates(pivot);
        // The pivot's bivalue peers that share one digit with it (a cell has 20 peers).
        let (mut wings, mut n) = ([pivot; 20], 0);
        for c in pivot
            .peers()
            .filter(|&c| grid.candidates(c).count() == 2 && (grid.candidates(c) & xy).count() == 1)
        {
            wings[n] = c;
            n += 1;
        }
        let wings = &mut wings[..n];
        wings.sort_unstable(); // reading order, as the search has always met them
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ca, cb) = (grid.candidates(a), grid.candidates(b));
                // a = {x,z}, b = {y,z}: they share z only, and split x and y between them.
                let z = ca & cb;
                if z.count() != 1 || (ca & xy) == (cb & xy) || !(z & xy).is_empty() {
                    continue;
                }
                let Some(z) = z.single() else { continue };
                // The pivot sees both pincers too, but holds {x,y}: it never has z.
                let eliminations = grid.eliminations_seen_by(&[a, b], z);
                if !eliminations.is_empty() {
                    let evidence =
                        Evidence::YWing { pivot: (pivot, xy), pincers: [(a, ca), (b, cb)], digit: z };
                    return Some(Step { evidence, placements: vec![], eliminations });
                }
            }
        }
    }
    None
}
