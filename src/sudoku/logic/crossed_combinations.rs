//! Crossed combinations (killer): two cages inside one house hold different values, so a set
//! of values one of them could hold is out when it shares a value with every set the other
//! can. A cage of 17 in two cells of a row holds {8,9}; a cage of 10 in the same row then holds
//! neither 8 nor 9: {3,7} or {4,6}, never {1,9} or {2,8}. With more sets on each side the
//! crossing reads them all: a set of one cage stays while some set of the other keeps clear
//! of it.
//!
//! The cage combination step reads each cage alone; this one reads two at once, as a person
//! lays their lists of sets side by side.

use super::killer::{GroupSum, alternatives, keeping, support};
use super::step::{Explain, and_list};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Cell, Cells, Digits, Geometry, House};
use std::fmt;

/// A cage (`cage`: its cells, its sum, the sets of values it keeps and the cells it narrows)
/// whose sets are crossed with those of another cage in the same house.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossedCombinations {
    /// The house that holds both cages.
    pub house: House,
    /// The cage narrowed, with the sets of values left to it.
    pub cage: GroupSum,
    /// The other cage's cells.
    pub other: Vec<Cell>,
    /// Its sum.
    pub other_sum: u32,
    /// The sets of values it can hold.
    pub other_sets: Vec<Digits>,
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let cages = grid.cages()?;
    for house in grid.houses() {
        let inside: Vec<(&[Cell], u32)> = cages
            .cages
            .iter()
            .filter_map(|(cells, sum)| {
                let inside = cells.iter().all(|&c| grid.in_house(house, c));
                inside.then_some((cells.as_slice(), (*sum)?))
            })
            .collect();
        if inside.len() < 2 {
            continue;
        }
        let sets: Vec<Option<Vec<Digits>>> =
            inside.iter().map(|&(cells, sum)| support(grid, cells, sum).map(|(_, sets)| sets)).collect();
        for (a, &(cells, sum)) in inside.iter().enumerate() {
            let Some(mine) = &sets[a] else { continue };
            if cells.iter().all(|&c| grid.value(c).is_some()) {
                continue;
            }
            for (b, &(other, other_sum)) in inside.iter().enumerate() {
                let Some(theirs) = sets[b].as_ref().filter(|_| a != b) else { continue };
                let clear = |set: Digits| theirs.iter().any(|&t| (set & t).is_empty());
                // Every set stays, or none does (a contradiction, which the grid's own check
                // tells in a trial).
                if mine.iter().all(|&set| clear(set)) || !mine.iter().any(|&set| clear(set)) {
                    continue;
                }
                let Some((cage, eliminations)) = GroupSum::narrow_within(grid, cells, sum, clear) else {
                    continue;
                };
                let evidence = CrossedCombinations {
                    house,
                    cage,
                    other: other.to_vec(),
                    other_sum,
                    other_sets: theirs.clone(),
                };
                return Some(Step::new(evidence, vec![], eliminations));
            }
        }
    }
    None
}

impl Explain for CrossedCombinations {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::CrossedCombinations)
    }

    fn location(&self) -> String {
        let CrossedCombinations { house, cage, other, other_sum, .. } = self;
        format!(
            "look at the cages of {} ({}) and {} ({other_sum}) in {house}",
            and_list(&cage.cells),
            cage.sum,
            and_list(other)
        )
    }

    fn write(&self, _: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let CrossedCombinations { house, cage, other, other_sum, other_sets } = self;
        write!(
            f,
            "crossed combinations: in {house}, {} add up to {other_sum} with {}; {} ({}) share no \
             value with them, so they hold {}: {}",
            and_list(other),
            alternatives(other_sets),
            and_list(&cage.cells),
            cage.sum,
            alternatives(&cage.combinations),
            keeping(&cage.kept)
        )
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.cage.cells.iter().chain(&self.other).copied().collect()
    }
}
