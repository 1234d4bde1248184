//! ALS-XZ: two almost locked sets joined by a restricted common digit. An almost locked set
//! (ALS) is n cells of one house holding n + 1 digits between them: take one digit out and the
//! rest fill the cells. Two ALSs A and B share a digit x whose places in A all see its places in
//! B (x is "restricted common"): x is in A or in B, not both. If x is not in A, A's other digits
//! fill A, so A holds every one of them, z included; if x is not in B, B holds z. So z, another
//! digit both sets hold, is in A or in B, and no cell that sees all of z's places in both can be
//! z.
//!
//! Sudoku Explainer has no almost locked sets: ALS-XZ is rated 6.0, below its first chains
//! (6.6), as a short chain through two sets. Sets of up to four cells are looked at: what a
//! person takes in at a glance, and larger ones multiply the pairs to try.

use super::step::{Explain, and_list, removals, set};
use super::{Builtin, Grid, Step, first_subset};
use crate::sudoku::{Cell, Cells, Digit, Digits, House};
use std::fmt;

/// Two almost locked sets, `sets`, joined by the restricted common `x`; `z` is in one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsXz {
    /// The two sets: each its house, its cells and its digits (one more than its cells).
    pub sets: [Als; 2],
    /// The restricted common digit: its places in one set all see its places in the other.
    pub x: Digit,
    /// The digit removed from the cells that see all its places in both sets.
    pub z: Digit,
}

/// An almost locked set: cells of one house with one digit more than cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Als {
    /// The house the cells share.
    pub house: House,
    /// The cells.
    pub cells: Vec<Cell>,
    /// The digits they hold between them.
    pub digits: Digits,
}

/// The largest set looked at: four cells (and five digits) cover the ALS-XZ a person finds.
const LARGEST: usize = 4;

pub(super) fn find(grid: &Grid) -> Option<Step> {
    let sets = almost_locked_sets(grid);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let common = a.digits & b.digits;
            if common.count() < 2 || !(a.cells & b.cells).is_empty() {
                continue;
            }
            for x in common.digits().filter(|&x| restricted(a.places[x.index()], b.places[x.index()])) {
                for z in common.digits().filter(|&z| z != x) {
                    let both = a.places[z.index()] | b.places[z.index()];
                    let eliminations = grid.eliminations_seen_by(both, z);
                    if !eliminations.is_empty() {
                        let evidence = AlsXz { sets: [a.to_als(), b.to_als()], x, z };
                        return Some(Step::new(evidence, vec![], eliminations));
                    }
                }
            }
        }
    }
    None
}

/// Whether every cell of `a` sees every cell of `b`.
fn restricted(a: Cells, b: Cells) -> bool {
    a.iter().all(|c| (b - c.peer_set()).is_empty())
}

/// An almost locked set as the search holds it: sets of cells, for the questions "do these
/// see all of those" in a few ANDs.
struct Found {
    house: House,
    cells: Cells,
    digits: Digits,
    /// For each digit, its places in the set.
    places: [Cells; 9],
}

impl Found {
    fn to_als(&self) -> Als {
        Als { house: self.house, cells: self.cells.iter().collect(), digits: self.digits }
    }
}

/// Every almost locked set of one to [`LARGEST`] empty cells in a house, each set of cells once:
/// cells of a box that share a line were found in the line.
fn almost_locked_sets(grid: &Grid) -> Vec<Found> {
    let mut sets = Vec::new();
    for house in House::all() {
        let empty: Vec<Cell> = house.cells().filter(|&c| grid.value(c).is_none()).collect();
        for size in 1..=LARGEST.min(empty.len()) {
            first_subset(&empty, size, |cells| {
                let digits = cells.iter().fold(Digits::empty(), |d, &c| d | grid.candidates(c));
                let in_a_line = |cells: &[Cell]| {
                    cells.iter().all(|c| c.row() == cells[0].row())
                        || cells.iter().all(|c| c.col() == cells[0].col())
                };
                if digits.count() != size + 1 || (matches!(house, House::Box(_)) && in_a_line(cells)) {
                    return None::<()>;
                }
                let mut places = [Cells::empty(); 9];
                for &c in cells {
                    for d in grid.candidates(c).digits() {
                        places[d.index()].insert(c);
                    }
                }
                sets.push(Found { house, cells: cells.iter().copied().collect(), digits, places });
                None
            });
        }
    }
    sets
}

impl Explain for AlsXz {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::AlsXz)
    }

    fn location(&self) -> String {
        let [a, b] = &self.sets;
        format!("look at {} in {} and {} in {}", and_list(&a.cells), a.house, and_list(&b.cells), b.house)
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let AlsXz { sets: [a, b], x, z } = self;
        let then = removals(&step.eliminations);
        let describe = |s: &Als| format!("{} ({})", and_list(&s.cells), set(s.digits));
        write!(
            f,
            "ALS-XZ: {} in {} and {} in {} each hold one digit more than cells; {x} is in one or the other, \
             never both (its places see each other), so the other set is locked and {z} is in one of them: \
             {then}",
            describe(a),
            a.house,
            describe(b),
            b.house
        )
    }

    fn cells(&self) -> Cells {
        self.sets.iter().flat_map(|s| s.cells.iter().copied()).collect()
    }
}
