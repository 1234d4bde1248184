//! Finned fish: a fish (X-Wing, swordfish, jellyfish) but for a few more places of its digit,
//! the fins, all in one box. In n rows the digit lies in n columns, and also in the fins. Either
//! the fish holds, and the digit fills those columns from these rows, or one of the fins is the
//! digit. A cell of the columns outside the rows that also sees every fin (on a grid of houses
//! alone: lies in the fins' box) loses the digit either way. The same with rows and columns
//! swapped. Jigsaw regions are boxes here; a Latin square, without boxes, has no finned fish.
//!
//! Every row of the fish keeps two places or more in its columns: with one, the fish is
//! "sashimi", and its simplest cases are Skyscraper and 2-String Kite, which come earlier.
//!
//! Sudoku Explainer has no finned fish: each is rated half a point above its fish (3.7, 4.3,
//! 5.7), the fins being one more thing to see.

use super::step::{Explain, and_list, lines, removals};
use super::{Builtin, Grid, Step, first_grown, fish};
use crate::Ones;
use crate::sudoku::{Candidate, Cell, Cells, Digit, Geometry, House};
use std::fmt;

/// In the `base` lines, `digit` lies only in the `cover` lines and the `fins`, which share a
/// box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinnedFish {
    /// The digit.
    pub digit: Digit,
    /// The rows (or columns) of the fish.
    pub base: Vec<House>,
    /// The columns (or rows) the digit is confined to, but for the fins.
    pub cover: Vec<House>,
    /// The places of the digit in the base lines outside the cover lines, in one box.
    pub fins: Vec<Cell>,
}

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    let side = grid.side() as u8;
    // For each box, the crossing lines it meets, as a mask, both ways (columns, then rows),
    // each mask once: fins in one box lie on those.
    let mut meets: [Vec<u32>; 2] = Default::default();
    for &house in grid.geometry().houses() {
        if matches!(house, House::Box(_) | House::Region(_)) {
            for (k, meet) in meets.iter_mut().enumerate() {
                let mask = grid
                    .members(house)
                    .iter()
                    .fold(0, |m, c| m | 1 << if k == 0 { c.col() } else { c.row() });
                if !meet.contains(&mask) {
                    meet.push(mask);
                }
            }
        }
    }
    for digit in grid.digits() {
        for rows in [true, false] {
            let meets = &meets[usize::from(!rows)];
            let line = |i: u8| fish::line(rows, i);
            // A base line has two places in the cover lines at least, and fins at most where
            // the fins' box crosses it (a box's width on a boxed grid).
            let most_fins = meets.iter().map(|m| m.count_ones()).max().unwrap_or(0);
            // Each base line with its places, read once: the subsets below read them thousands
            // of times a step.
            let bases: Vec<(House, u32)> = (0..side)
                .map(|i| (line(i), grid.place_mask(line(i), digit)))
                .filter(|&(_, places)| (2..=size as u32 + most_fins).contains(&places.count_ones()))
                .collect();
            // The fins lie in one box: the lines' places spread over `size` crossing lines and
            // a box's at most, and a subset past that is not grown further.
            let widest = size as u32 + most_fins;
            let add = |union: u32, (_, places): (House, u32)| {
                Some(union | places).filter(|u| u.count_ones() <= widest)
            };
            let found = first_grown(&bases, size, 0, add, |base, union| {
                if base.len() < size || union.count_ones() as usize <= size {
                    return None; // a plain fish, or less
                }
                // The fins lie in one box, so on the crossing lines it meets (on the classic
                // grid, a stack of three columns or a band of three rows): the cover is every
                // crossing line of the fish outside those, and some of those inside.
                meets.iter().find_map(|&meet| {
                    let inside = union & meet;
                    let outside = union & !inside;
                    let wanted = size.checked_sub(outside.count_ones() as usize)?;
                    submasks(inside)
                        .filter(|m| m.count_ones() as usize == wanted)
                        .find_map(|m| finned(grid, digit, rows, base, outside | m))
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Every subset of the bits of `mask`, `mask` first.
fn submasks(mask: u32) -> impl Iterator<Item = u32> {
    let mut next = Some(mask);
    std::iter::from_fn(move || {
        let this = next?;
        next = (this != 0).then(|| (this - 1) & mask);
        Some(this)
    })
}

/// The step of the fish on the `base` rows (or columns, if not `rows`) covered by the crossing
/// lines of `covered`, if its fins share a box, every base line keeps two places in the cover,
/// and something is removed.
fn finned(grid: &Grid, digit: Digit, rows: bool, base: &[(House, u32)], covered: u32) -> Option<Step> {
    // (Tried thousands of times a step: the usual answer, none, comes before any list is
    // built.)
    if base.iter().any(|&(_, places)| (places & covered) & (places & covered).wrapping_sub(1) == 0) {
        return None; // a base line with fewer than two places in the cover
    }
    // A line's places are indexed by the crossing lines, so the fins are its places outside
    // the cover; they share a box, and what goes is what sees them all.
    let geometry = grid.geometry();
    let (mut fin_box, mut seen) = (None, grid.all_cells());
    for &(h, places) in base {
        for at in Ones(u64::from(places & !covered)) {
            let fin = grid.cell_at(h, at);
            let region = geometry.region_of(fin)?;
            if *fin_box.get_or_insert(region) != region {
                return None;
            }
            seen &= *grid.peer_set(fin);
        }
    }
    fin_box?;
    let along = |c: Cell| if rows { c.row() } else { c.col() };
    let lines = base.iter().fold(0u32, |m, &(h, _)| m | 1 << along(grid.members(h)[0]));
    let cover: Vec<House> = Ones(u64::from(covered)).map(|i| fish::line(!rows, i as u8)).collect();
    let eliminations: Vec<Candidate> = cover
        .iter()
        .flat_map(|&h| grid.places(h, digit))
        .filter(|&c| seen.contains(c) && lines & 1 << along(c) == 0)
        .map(|c| Candidate::new(c, digit))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let fins = base
        .iter()
        .flat_map(|&(h, places)| Ones(u64::from(places & !covered)).map(move |at| grid.cell_at(h, at)));
    let evidence =
        FinnedFish { digit, base: base.iter().map(|&(h, _)| h).collect(), cover, fins: fins.collect() };
    Some(Step::new(evidence, vec![], eliminations))
}

impl Explain for FinnedFish {
    fn builtin(&self) -> Option<Builtin> {
        Some(
            [Builtin::FinnedXWing, Builtin::FinnedSwordfish, Builtin::FinnedJellyfish]
                [self.base.len().clamp(2, 4) - 2],
        )
    }

    fn location(&self) -> String {
        format!("look at {} in {}", self.digit, lines(&self.base))
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let FinnedFish { digit, base, cover, fins } = self;
        let name = ["finned X-wing", "finned swordfish", "finned jellyfish"][base.len().clamp(2, 4) - 2];
        let then = removals(&step.eliminations);
        let fin_words = if fins.len() == 1 { "fin" } else { "fins" };
        write!(
            f,
            "{name} on {digit} in {} ({}), {fin_words} {}: either the fish holds or a fin is {digit}, and \
             either way: {then}",
            lines(base),
            lines(cover),
            and_list(fins)
        )
    }

    fn cells(&self, geometry: &Geometry) -> Cells {
        fish::body(geometry, &self.base, &self.cover) | Cells::from_iter(self.fins.iter().copied())
    }
}
