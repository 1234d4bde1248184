//! Naked single: an empty cell with one candidate left must hold it.

use super::{Evidence, Grid, Step};

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let cell = grid.empty_cells().find(|&c| grid.candidates(c).count() == 1)?;
    let digit = grid.candidates(cell).single()?;
    Some(Step {
        evidence: Evidence::NakedSingle { cell, digit },
        placements: vec![(cell, digit)],
        eliminations: vec![],
    })
}
