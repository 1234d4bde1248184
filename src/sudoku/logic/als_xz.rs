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
use super::{Builtin, Grid, Step, first_grown};
use crate::sudoku::geometry::MAX_SIDE;
use crate::sudoku::{Cell, Cells, Digit, Digits, Geometry, House};
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
    // On a grid of 128 cells or fewer (the classic one), each set keeps, for each of its
    // digits, its places and the cells that see them all as `u128`s: "every place of x in A
    // sees every place of x in B" is then one AND a pair (the thousands of pairs of sets
    // made this step twice as slow on sets of cells of any grid, ten words each).
    // Each cell's peers as a `u128`, or none on a larger grid.
    let peers: Vec<u128> = grid
        .geometry()
        .all_cells()
        .map(|c| grid.peer_set(c).as_u128())
        .collect::<Option<_>>()
        .unwrap_or_default();
    let small = !peers.is_empty();
    // There, each digit's cells too: z goes from the cells that see all its places in A and
    // in B, one AND of three sets away. (None on a larger grid: they would not be read.)
    let has: Vec<u128> = if small {
        grid.cells_of_digits().iter().map(|c| c.as_u128().unwrap_or_default()).collect()
    } else {
        Vec::new()
    };
    let sets = almost_locked_sets(grid, &peers);
    // Each set's digits and cells side by side, for the first questions of every pair, which
    // most pairs fail: a sweep over a few bytes a set rather than the whole sets.
    let keys: Vec<(Digits, u128)> = sets.iter().map(|s| (s.digits, s.mask)).collect();
    for (i, a) in sets.iter().enumerate() {
        let (digits, mask) = keys[i];
        for (j, &(other, other_mask)) in keys.iter().enumerate().skip(i + 1) {
            // Two common digits at least (a set of bits with its lowest taken out is not empty).
            let common = (digits & other).bits();
            if common & common.wrapping_sub(1) == 0 || mask & other_mask != 0 {
                continue;
            }
            let b = &sets[j];
            if !small && a.cells().iter().any(|c| b.cells().contains(c)) {
                continue;
            }
            let common = digits & other;
            let restricted = |x: Digit| {
                if small {
                    b.small[b.rank(x)].0 & !a.small[a.rank(x)].1 == 0
                } else {
                    restricted(grid, a, b, x)
                }
            };
            for x in common.digits().filter(|&x| restricted(x)) {
                for z in common.digits().filter(|&z| z != x) {
                    if small && a.small[a.rank(z)].1 & b.small[b.rank(z)].1 & has[z.index()] == 0 {
                        continue;
                    }
                    let both: Cells = a.places(z).chain(b.places(z)).collect();
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

/// Whether every place of `x` in `a` sees every place of `x` in `b`.
fn restricted(grid: &Grid, a: &Found, b: &Found, x: Digit) -> bool {
    a.places(x).all(|c| {
        let seen = grid.peer_set(c);
        b.places(x).all(|d| seen.contains(d))
    })
}

/// An almost locked set as the search holds it, in a few bytes: the search compares it with
/// thousands of others, and sets of cells on a grid of any size take ten words each.
struct Found {
    house: House,
    /// The cells, `len` of them.
    cells: [Cell; LARGEST],
    len: u8,
    /// On a grid of 128 cells or fewer: the cells as bits, and for each digit (in order) its
    /// places and the cells that see all of them.
    mask: u128,
    small: [(u128, u128); LARGEST + 1],
    digits: Digits,
    /// For each digit, its places among the cells (bit i: `cells[i]`).
    places: [u8; MAX_SIDE],
    /// For each of the set's digits, its rank among them (a table: counting the bits below it
    /// cost a tenth of this step).
    ranks: [u8; MAX_SIDE],
}

impl Found {
    fn cells(&self) -> &[Cell] {
        &self.cells[..usize::from(self.len)]
    }

    /// The places of `digit`, one of the set's digits, in the set.
    fn places(&self, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        crate::Ones(u64::from(self.places[digit.index()])).map(|i| self.cells[i])
    }

    /// The rank of `digit`, one of the set's digits, among them.
    fn rank(&self, digit: Digit) -> usize {
        usize::from(self.ranks[digit.index()])
    }

    fn to_als(&self) -> Als {
        Als { house: self.house, cells: self.cells().to_vec(), digits: self.digits }
    }
}

/// Every almost locked set of one to [`LARGEST`] empty cells in a house, each set of cells once:
/// cells of a box (or a region, a diagonal, a window) that share an earlier house (a line)
/// were found there.
fn almost_locked_sets(grid: &Grid, peers: &[u128]) -> Vec<Found> {
    let mut sets = Vec::new();
    let geometry = grid.geometry();
    for (number, &house) in geometry.houses().iter().enumerate() {
        let empty: Vec<Cell> =
            grid.members(house).iter().copied().filter(|&c| grid.value(c).is_none()).collect();
        let line = matches!(house, House::Row(_) | House::Col(_));
        // The sets of each size in the order the subsets come in, smaller sets first.
        let mut by_size: [Vec<Found>; LARGEST] = Default::default();
        // The digits of a set only grow as it grows: a set with more than `LARGEST + 1` of them
        // is not grown further (where trying every subset of each size tried thousands a step in
        // vain). Those of each size come in lexicographic order.
        let add = |digits: Digits, cell: Cell| {
            Some(digits | grid.candidates(cell)).filter(|d| d.count() <= LARGEST + 1)
        };
        first_grown(&empty, LARGEST, Digits::empty(), add, |cells, digits| {
            if digits.count() != cells.len() + 1 {
                return None::<()>;
            }
            let found_before = || {
                geometry.homes(cells[0]).iter().any(|&h| {
                    (h as usize) < number && cells.iter().all(|&c| geometry.house_set(h as usize).contains(c))
                })
            };
            if !line && found_before() {
                return None;
            }
            let mut places = [0; MAX_SIDE];
            let mut held = [cells[0]; LARGEST];
            for (i, &c) in cells.iter().enumerate() {
                held[i] = c;
                for d in grid.candidates(c).digits() {
                    places[d.index()] |= 1 << i;
                }
            }
            let (mut ranks, mut small_sets) = ([0; MAX_SIDE], [(0, 0); LARGEST + 1]);
            let mask = if peers.is_empty() { 0 } else { cells.iter().fold(0, |m, c| m | 1 << c.index()) };
            for (rank, digit) in digits.digits().enumerate() {
                ranks[digit.index()] = rank as u8;
                if !peers.is_empty() {
                    let (mut at, mut seen) = (0u128, u128::MAX);
                    for i in crate::Ones(u64::from(places[digit.index()])) {
                        at |= 1 << cells[i].index();
                        seen &= peers[cells[i].index()];
                    }
                    small_sets[rank] = (at, seen);
                }
            }
            let found = Found {
                house,
                cells: held,
                len: cells.len() as u8,
                mask,
                small: small_sets,
                digits,
                places,
                ranks,
            };
            by_size[cells.len() - 1].push(found);
            None
        });
        sets.extend(by_size.into_iter().flatten());
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

    fn cells(&self, _: &Geometry) -> Cells {
        self.sets.iter().flat_map(|s| s.cells.iter().copied()).collect()
    }
}
