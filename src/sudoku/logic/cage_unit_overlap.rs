//! Cage unit overlap (killer): where a cage and a house meet, as locked candidates are where
//! two houses meet (SudokuWiki's name, and its two kinds).
//!
//! - *Pointing*: a value that every set of values the cage can still hold contains is in the
//!   cage, in one of its places there; a cell outside the cage that sees each of those places
//!   cannot hold it. A cage of 22 over r1c3, r2c3 and r2c4 holds {5,8,9} or {6,7,9}, so 9 is in
//!   it; if 9 can only go in r1c3 or r2c3, the rest of column 3 and of box 1 lose 9 (any cell
//!   that sees both: a knight's move counts on an anti-knight grid).
//! - *Claiming*: a value whose places in a house all lie in the cage is in the cage, in one of
//!   those places, so the cage is filled only in the ways that put it there: its sets without
//!   the value are out, its other cells lose it, and a candidate that only the other ways use
//!   goes too. Row 1's 7 only in r1c3 or r1c4, both in a cage of 10 over r1c3, r1c4 and r2c4:
//!   the cage holds {1,2,7}, not {1,3,6}, {1,4,5} or {2,3,5}, and r2c4 is 1 or 2.
//!
//! The cage combination step reads a cage alone; these read it with a house, as a person does
//! once the combinations are known.

use super::killer::{Cages, alternatives, keeping, kept, support, support_placing, unsupported};
use super::step::{Explain, and_list, or_list, removals};
use super::{Builtin, Grid, Step};
use crate::sudoku::{Cell, Cells, Digit, Digits, Geometry, House};
use std::fmt;

/// A cage that must hold `digit`, and what follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageUnitOverlap {
    /// The cage's cells, in reading order.
    pub cells: Vec<Cell>,
    /// Its sum.
    pub sum: u32,
    /// The sets of values the cage can still hold, every one with `digit`.
    pub combinations: Vec<Digits>,
    /// The value the cage must hold.
    pub digit: Digit,
    /// Where it can go: in the cage (pointing), or in the house, all of them in the cage
    /// (claiming).
    pub places: Vec<Cell>,
    /// Which kind.
    pub kind: Overlap,
}

/// The two kinds of cage unit overlap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlap {
    /// Every set of the cage holds the value: the cells that see each of its places lose it.
    Pointing,
    /// The value's places in `house` all lie in the cage: the cage keeps the sets with it, its
    /// cells outside the house lose it, and its cells are narrowed to `kept` (grouped by the
    /// candidates they keep).
    Claiming {
        /// The house.
        house: House,
        /// The cells narrowed, grouped by what they keep.
        kept: Vec<(Digits, Vec<Cell>)>,
    },
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let cages = grid.cages()?;
    let open = |cells: &[Cell]| cells.iter().any(|&c| grid.value(c).is_none());
    cages
        .cages
        .iter()
        .filter_map(|(cells, sum)| Some((cells, (*sum)?)))
        .filter(|(cells, _)| open(cells))
        .find_map(|(cells, sum)| pointing(grid, cells, sum))
        .or_else(|| claiming(grid, cages))
}

/// Pointing on the cage of `cells` adding up to `sum`.
fn pointing(grid: &Grid, cells: &[Cell], sum: u32) -> Option<Step> {
    let (_, combinations) = support(grid, cells, sum)?;
    let held = combinations.iter().fold(grid.all_digits(), |all, &set| all & set);
    held.digits().find_map(|digit| {
        if cells.iter().any(|&c| grid.value(c) == Some(digit)) {
            return None; // placed: the singles took it from the peers
        }
        let places: Vec<Cell> = cells.iter().copied().filter(|&c| grid.candidates(c).has(digit)).collect();
        // A cage's cells see each other, and those without the digit are not its places: the
        // cells that see every place are all outside the cage.
        let eliminations = grid.eliminations_seen_by(places.iter().copied().collect(), digit);
        if places.is_empty() || eliminations.is_empty() {
            return None;
        }
        let cells = cells.to_vec();
        let combinations = combinations.clone();
        let evidence = CageUnitOverlap { cells, sum, combinations, digit, places, kind: Overlap::Pointing };
        Some(Step::new(evidence, vec![], eliminations))
    })
}

/// Claiming: the first house and value whose places all lie in one cage with a sum, and
/// narrow it. (Read house by house, each value's places asked which cage they are in: a pass
/// over the grid, not over every cage for every house.)
fn claiming(grid: &Grid, cages: &Cages) -> Option<Step> {
    for house in grid.houses() {
        for digit in grid.digits() {
            let places: Vec<Cell> = grid.places(house, digit).collect();
            let Some(cage) = places.first().and_then(|p| cages.cage_of[p.index()]) else { continue };
            if places.iter().any(|p| cages.cage_of[p.index()] != Some(cage)) {
                continue;
            }
            let (cells, sum) = &cages.cages[cage as usize];
            let Some(sum) = *sum else { continue };
            // The cage holds the value once, in one of the house's places: the ways that put it
            // there are the cage's ways, and its other cells lose it.
            let Some((takes, combinations)) = support_placing(grid, cells, sum, digit, &places) else {
                continue; // no way: a contradiction, which the grid's own check tells
            };
            let eliminations = unsupported(grid, cells, &takes);
            if eliminations.is_empty() {
                continue;
            }
            let kind = Overlap::Claiming { house, kept: kept(grid, &eliminations) };
            let evidence = CageUnitOverlap { cells: cells.clone(), sum, combinations, digit, places, kind };
            return Some(Step::new(evidence, vec![], eliminations));
        }
    }
    None
}

impl Explain for CageUnitOverlap {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::CageUnitOverlap)
    }

    fn location(&self) -> String {
        let CageUnitOverlap { cells, sum, digit, kind, .. } = self;
        let cage = format!("the cage of {} ({sum})", and_list(cells));
        match kind {
            Overlap::Pointing => format!("look at {digit} in {cage}"),
            Overlap::Claiming { house, .. } => format!("look at {digit} in {house} and {cage}"),
        }
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let CageUnitOverlap { cells, sum, combinations, digit, places, kind } = self;
        match kind {
            Overlap::Pointing => {
                let see =
                    if places.len() == 1 { "the cells that see it" } else { "the cells that see them all" };
                write!(
                    f,
                    "cage unit overlap (pointing): {} add up to {sum} with {}, so {digit} is in the \
                     cage, in {}; {see} cannot hold it, so {}",
                    and_list(cells),
                    alternatives(combinations),
                    or_list(places),
                    removals(&step.eliminations)
                )
            }
            Overlap::Claiming { house, kept } => write!(
                f,
                "cage unit overlap (claiming): in {house}, {digit} can only go in {}, all in the cage \
                 of {} ({sum}), so the cage holds {digit}, with {}: {}",
                or_list(places),
                and_list(cells),
                alternatives(combinations),
                keeping(kept)
            ),
        }
    }

    fn cells(&self, _: &Geometry) -> Cells {
        self.cells.iter().copied().collect()
    }
}
