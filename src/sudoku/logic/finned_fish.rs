//! Finned fish: a fish (X-Wing, swordfish, jellyfish) but for a few more places of its digit,
//! the fins, all in one box. In n rows the digit lies in n columns, and also in the fins. Either
//! the fish holds, and the digit fills those columns from these rows, or one of the fins is the
//! digit. A cell of the columns outside the rows that also sees every fin (so lies in the fins'
//! box) loses the digit either way. The same with rows and columns swapped.
//!
//! Every row of the fish keeps two places or more in its columns: with one, the fish is
//! "sashimi", and its simplest cases are Skyscraper and 2-String Kite, which come earlier.
//!
//! Sudoku Explainer has no finned fish: each is rated half a point above its fish (3.7, 4.3,
//! 5.7), the fins being one more thing to see.

use super::step::{Explain, and_list, lines, removals};
use super::{Builtin, Grid, Step, first_subset, fish};
use crate::Ones;
use crate::sudoku::{Candidate, Cell, Cells, Digit, House};
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
    for digit in Digit::all() {
        for rows in [true, false] {
            let line = |i: u8| fish::line(rows, i);
            let cross = |i: usize| fish::line(!rows, i as u8);
            let across = |c: Cell| if rows { c.col() } else { c.row() };
            // A base line has two places in the cover lines at least, and at most three fins
            // (where the fins' box crosses it).
            let bases: Vec<House> = (0..9u8)
                .map(line)
                .filter(|&h| (2..=size as u32 + 3).contains(&grid.place_mask(h, digit).count_ones()))
                .collect();
            let found = first_subset(&bases, size, |base| {
                let union = base.iter().fold(0u16, |m, &h| m | grid.place_mask(h, digit));
                if union.count_ones() as usize <= size {
                    return None; // a plain fish, or less
                }
                // The fins lie in one box, so in one group of three crossing lines (a stack of
                // columns, or a band of rows): the cover is every crossing line of the fish
                // outside that group, and some of those inside.
                (0..3).find_map(|stack| {
                    let inside = union & 0b111 << (3 * stack);
                    let outside = union & !inside;
                    let wanted = size.checked_sub(outside.count_ones() as usize)?;
                    submasks(inside)
                        .filter(|m| m.count_ones() as usize == wanted)
                        .find_map(|m| finned(grid, digit, base, outside | m, across, cross))
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
fn submasks(mask: u16) -> impl Iterator<Item = u16> {
    let mut next = Some(mask);
    std::iter::from_fn(move || {
        let this = next?;
        next = (this != 0).then(|| (this - 1) & mask);
        Some(this)
    })
}

/// The step of the fish on `base` covered by the crossing lines of `covered`, if its fins share
/// a box, every base line keeps two places in the cover, and something is removed.
fn finned(
    grid: &Grid,
    digit: Digit,
    base: &[House],
    covered: u16,
    across: impl Fn(Cell) -> usize,
    cross: impl Fn(usize) -> House,
) -> Option<Step> {
    if base.iter().any(|&h| (grid.place_mask(h, digit) & covered).count_ones() < 2) {
        return None;
    }
    let fins: Vec<Cell> =
        base.iter().flat_map(|&h| grid.places(h, digit)).filter(|&c| covered & 1 << across(c) == 0).collect();
    let fin_box = fins.first()?.box_index();
    if fins.iter().any(|c| c.box_index() != fin_box) {
        return None;
    }
    let cover: Vec<House> = Ones(u64::from(covered)).map(cross).collect();
    let eliminations: Vec<Candidate> = cover
        .iter()
        .flat_map(|&h| grid.places(h, digit))
        .filter(|&c| c.box_index() == fin_box && !base.iter().any(|b| b.contains(c)))
        .map(|c| Candidate::new(c, digit))
        .collect();
    let evidence = FinnedFish { digit, base: base.to_vec(), cover, fins };
    (!eliminations.is_empty()).then(|| Step::new(evidence, vec![], eliminations))
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

    fn cells(&self) -> Cells {
        fish::body(&self.base, &self.cover) | Cells::from_iter(self.fins.iter().copied())
    }
}
