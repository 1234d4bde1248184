//! Fish of size n (the seed's ScaledXWing): X-Wing (2), swordfish (3), jellyfish (4). When, in
//! n rows, a digit's places all lie in the same n columns, the digit fills those columns from
//! these rows: it can go nowhere else in those columns. The same with rows and columns swapped.

use super::step::{Explain, lines, removals};
use super::{Builtin, Grid, Step, first_subset};
use crate::Ones;
use crate::sudoku::geometry::MAX_SIDE;
use crate::sudoku::{Candidate, Cells, Digit, Geometry, House};
use std::fmt;

/// In the `base` lines, `digit` lies only in the `cover` lines, as many as they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fish {
    /// The digit.
    pub digit: Digit,
    /// The rows (or columns) where the digit is confined.
    pub base: Vec<House>,
    /// The columns (or rows) it is confined to.
    pub cover: Vec<House>,
}

pub(super) fn find(grid: &Grid, size: usize) -> Option<Step> {
    let side = grid.side() as u8;
    for digit in grid.digits() {
        for rows in [true, false] {
            let cross = |i: usize| line(!rows, i as u8);
            let line = |i: u8| line(rows, i);
            // Lines where the digit is not placed and has 2..=size places. A line's place mask
            // is indexed by the crossing lines (a row's positions are its columns).
            let mut bases = [House::Row(0); MAX_SIDE];
            let mut n = 0;
            for base in (0..side).map(line) {
                if (2..=size as u32).contains(&grid.place_mask(base, digit).count_ones()) {
                    bases[n] = base;
                    n += 1;
                }
            }
            let found = first_subset(&bases[..n], size, |base| {
                let covers = base.iter().fold(0, |m, &h| m | grid.place_mask(h, digit));
                if covers.count_ones() as usize != size {
                    return None;
                }
                let cover: Vec<House> = Ones(u64::from(covers)).map(cross).collect();
                let eliminations: Vec<Candidate> = cover
                    .iter()
                    .flat_map(|&h| grid.places(h, digit))
                    .filter(|&c| !base.iter().any(|&b| grid.in_house(b, c)))
                    .map(|c| Candidate::new(c, digit))
                    .collect();
                (!eliminations.is_empty())
                    .then(|| Step::new(Fish { digit, base: base.to_vec(), cover }, vec![], eliminations))
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Row `i` if `rows`, else column `i`: a fish's base lines, and with `!rows` its cover lines.
pub(super) fn line(rows: bool, i: u8) -> House {
    if rows { House::Row(i) } else { House::Col(i) }
}

/// The cells where the `base` lines cross the `cover` lines: a fish's body.
pub(super) fn body(geometry: &Geometry, base: &[House], cover: &[House]) -> Cells {
    let union = |houses: &[House]| {
        houses.iter().fold(Cells::empty(), |set, &h| set | *geometry.house_set(geometry.number_of(h)))
    };
    union(base) & union(cover)
}

impl Explain for Fish {
    fn builtin(&self) -> Option<Builtin> {
        Some([Builtin::XWing, Builtin::Swordfish, Builtin::Jellyfish][self.base.len().clamp(2, 4) - 2])
    }

    fn location(&self) -> String {
        format!("look at {} in {}", self.digit, lines(&self.base))
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Fish { digit, base, cover } = self;
        let name = ["X-wing", "swordfish", "jellyfish"][base.len().clamp(2, 4) - 2];
        let then = removals(&step.eliminations);
        write!(f, "{name} on {digit} in {} ({}): {then}", lines(base), lines(cover))
    }

    fn cells(&self, geometry: &Geometry) -> Cells {
        body(geometry, &self.base, &self.cover)
    }
}
