//! Locked candidates: when a digit's places in one house all lie in its intersection with a
//! second house, the digit cannot go elsewhere in the second house.
//!
//! Pointing: within a box, the digit is confined to one row or column. Claiming: within a row
//! or column, it is confined to one box.

use super::{Evidence, Grid, Step};
use crate::sudoku::{Cell, Digit, House};

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let boxes = (0..9).map(House::Box);
    let lines = (0..9).map(House::Row).chain((0..9).map(House::Col));
    for house in boxes.chain(lines) {
        for digit in Digit::all() {
            let mut places = grid.places(house, digit);
            let Some(first) = places.next() else { continue };
            // The other houses that hold every place.
            let others =
                first.houses().into_iter().filter(|&h| h != house && places.clone().all(|c| h.contains(c)));
            for line in others {
                if matches!(house, House::Box(_)) == matches!(line, House::Box(_)) {
                    continue;
                }
                let eliminations: Vec<(Cell, Digit)> =
                    grid.places(line, digit).filter(|&c| !house.contains(c)).map(|c| (c, digit)).collect();
                if !eliminations.is_empty() {
                    let evidence = Evidence::LockedCandidates { digit, house, line };
                    return Some(Step { evidence, placements: vec![], eliminations });
                }
            }
        }
    }
    None
}
