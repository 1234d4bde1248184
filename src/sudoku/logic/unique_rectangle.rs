//! Unique Rectangles: four empty cells at the corners of a rectangle in two rows, two columns
//! and two boxes, all holding the digits {x,y}. If the four were x and y only, they could swap
//! them (x and y change places in each row, column and box), and a puzzle with one solution
//! cannot have two: something other than x and y must hold in one of the corners. Four types
//! draw that out:
//!
//! 1. Three corners hold only {x,y}: the fourth is neither x nor y.
//! 2. Two corners (the floor) hold only {x,y}, the other two (the roof) {x,y,z}: one of the roof
//!    is z, so no cell that sees both can be.
//! 3. The roof's other digits, as one cell, make a naked subset with other cells of a house the
//!    roof shares: the subset's digits leave the rest of that house.
//! 4. In a house the roof shares, x has no place but the roof: one of the roof is x, so neither
//!    is y (x in one and y in the other is the swap again).
//!
//! On any grid of houses the same holds of four corners that every house holding one of them
//! holds two of, in a row or a column (jigsaw regions as boxes; a diagonal or a window that
//! holds one corner alone would break the swap, and such rectangles are passed over).
//!
//! These techniques rest on the puzzle having one solution; the solver uses them only when it
//! knows it has ([`Grid::is_unique`]).

use super::step::{Explain, and_list, removals, set};
use super::{Builtin, Grid, Step, first_subset};
use crate::sudoku::{Candidate, Cell, Cells, Digit, Digits, Geometry, House};
use std::fmt;

/// A rectangle of four corners holding {x,y}, and what breaks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniqueRectangle {
    /// The corners: the floor first (the cells with only {x,y}; three of them for type 1), then
    /// the roof.
    pub corners: [Cell; 4],
    /// {x,y}.
    pub pair: Digits,
    /// What the roof does.
    pub kind: RectangleKind,
}

/// The type of a [`UniqueRectangle`], with what it rests on beyond the corners.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RectangleKind {
    /// Three corners hold only {x,y}; the fourth loses both.
    One,
    /// The roof's two cells hold {x,y} and this digit z: one of them is z.
    Two(Digit),
    /// The roof's other digits and `cells` of `house` fill those cells with `digits`.
    Three {
        /// The house the roof shares with the subset.
        house: House,
        /// The other cells of the subset.
        cells: Vec<Cell>,
        /// The subset's digits.
        digits: Digits,
    },
    /// In `house`, `digit` (x) has no place but the roof: the other digit of the pair leaves it.
    Four {
        /// The house.
        house: House,
        /// The digit whose only places there are the roof's cells.
        digit: Digit,
    },
}

pub(super) fn find(grid: &Grid) -> Option<Step> {
    if !grid.is_unique() {
        return None;
    }
    let at = |r, c| grid.geometry().cell(r, c);
    for (r1, r2) in pairs(grid.side()) {
        for (c1, c2) in pairs(grid.side()) {
            let corners = [at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2)];
            if corners.iter().any(|&c| grid.value(c).is_some()) {
                continue;
            }
            let common = corners.iter().fold(grid.all_digits(), |d, &c| d & grid.candidates(c));
            if common.count() < 2 || !swappable(grid, corners) {
                continue;
            }
            for x in common.digits() {
                for y in common.digits().filter(|&y| y > x) {
                    let pair = Digits::from(x) | Digits::from(y);
                    if let Some(step) = rectangle(grid, corners, pair) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Two of the `side` lines, each pair once.
fn pairs(side: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..side).flat_map(move |a| (a + 1..side).map(move |b| (a, b)))
}

/// Whether the corners could swap two digits and leave every house whole: each house that
/// holds a corner holds two, in a row or a column (on the classic grid: the corners lie in two
/// boxes, the rows sharing a band or the columns a stack, not both).
fn swappable(grid: &Grid, corners: [Cell; 4]) -> bool {
    corners.iter().all(|&corner| {
        grid.houses_of(corner).all(|house| {
            let mut held = corners.iter().filter(|&&c| c != corner && grid.in_house(house, c));
            match (held.next(), held.next()) {
                (Some(&other), None) => other.row() == corner.row() || other.col() == corner.col(),
                _ => false,
            }
        })
    })
}

/// The first type that breaks the rectangle of `corners` on `pair`, if any.
fn rectangle(grid: &Grid, corners: [Cell; 4], pair: Digits) -> Option<Step> {
    let (floor, roof): (Vec<Cell>, Vec<Cell>) = corners.iter().partition(|&&c| grid.candidates(c) == pair);
    let step = |kind, eliminations: Vec<Candidate>| {
        let corners = [floor.clone(), roof.clone()].concat().try_into().expect("four corners");
        (!eliminations.is_empty())
            .then(|| Step::new(UniqueRectangle { corners, pair, kind }, vec![], eliminations))
    };
    if let [cell] = roof[..] {
        let eliminations = pair.digits().map(|d| Candidate::new(cell, d)).collect();
        return step(RectangleKind::One, eliminations);
    }
    let [a, b] = roof[..] else { return None };
    // The floor's two cells share a row or a column (not a diagonal), and so does the roof.
    if a.row() != b.row() && a.col() != b.col() {
        return None;
    }
    let extra = (grid.candidates(a) | grid.candidates(b)) - pair;
    let shared: Vec<House> = grid.houses_of(a).filter(|&h| grid.in_house(h, b)).collect();
    if let Some(z) = extra.single()
        && grid.candidates(a).has(z)
        && grid.candidates(b).has(z)
    {
        let found = step(RectangleKind::Two(z), grid.eliminations_seen_by(Cells::from([a, b]), z));
        if found.is_some() {
            return found;
        }
    }
    for &house in &shared {
        // The roof stands for one cell holding `extra`; with n - 1 other cells it makes a naked
        // subset of n digits.
        let others: Vec<Cell> = grid
            .members(house)
            .iter()
            .copied()
            .filter(|&c| c != a && c != b && grid.value(c).is_none())
            .collect();
        for size in 1..=3.min(others.len()) {
            let found = first_subset(&others, size, |cells| {
                let digits = cells.iter().fold(extra, |d, &c| d | grid.candidates(c));
                if digits.count() != size + 1 {
                    return None;
                }
                let eliminations: Vec<Candidate> = others
                    .iter()
                    .filter(|c| !cells.contains(c))
                    .flat_map(|&c| (grid.candidates(c) & digits).digits().map(move |d| Candidate::new(c, d)))
                    .collect();
                step(RectangleKind::Three { house, cells: cells.to_vec(), digits }, eliminations)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    for &house in &shared {
        for x in pair.digits() {
            if places_are(grid, house, x, [a, b]) {
                let y = (pair - Digits::from(x)).single()?;
                let eliminations = vec![Candidate::new(a, y), Candidate::new(b, y)];
                return step(RectangleKind::Four { house, digit: x }, eliminations);
            }
        }
    }
    None
}

/// Whether `digit`'s places in `house` are exactly `cells`.
fn places_are(grid: &Grid, house: House, digit: Digit, cells: [Cell; 2]) -> bool {
    let mut places = grid.places(house, digit);
    places.len() == 2 && places.all(|c| cells.contains(&c))
}

impl Explain for UniqueRectangle {
    fn builtin(&self) -> Option<Builtin> {
        Some(Builtin::UniqueRectangle)
    }

    fn location(&self) -> String {
        format!("look at the rectangle {}, which holds {}", self.corner_list(), set(self.pair))
    }

    fn write(&self, step: &Step, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let UniqueRectangle { corners, pair, kind } = self;
        let [p, q] = [corners[2], corners[3]];
        let (x, y) = {
            let mut d = pair.digits();
            (
                d.next().map_or(String::new(), |d| d.to_string()),
                d.next().map_or(String::new(), |d| d.to_string()),
            )
        };
        let then = removals(&step.eliminations);
        let swap =
            format!("or the four cells could swap {x} and {y} and the puzzle would have two solutions");
        write!(f, "unique rectangle type {} on {} in {}: ", self.number(), set(*pair), self.corner_list())?;
        match kind {
            RectangleKind::One => {
                let cell = corners[3];
                write!(
                    f,
                    "{cell} alone holds more than {}, and must be one of its other digits, {swap}: {then}",
                    set(*pair)
                )
            }
            RectangleKind::Two(z) => write!(f, "{p} or {q} is {z}, {swap}: {then}"),
            RectangleKind::Three { house, cells, digits } => write!(
                f,
                "{p} or {q} is one of their other digits, {swap}; with {} they fill {} cells of {house} with {}: \
                 {then}",
                and_list(cells),
                cells.len() + 1,
                set(*digits)
            ),
            RectangleKind::Four { house, digit } => {
                let other =
                    (*pair - Digits::from(*digit)).digits().next().map_or(String::new(), |d| d.to_string());
                write!(f, "{digit} in {house} is {p} or {q}, so neither is {other}, {swap}: {then}")
            }
        }
    }

    fn cells(&self, _: &Geometry) -> Cells {
        let extra = match &self.kind {
            RectangleKind::Three { cells, .. } => Cells::from_iter(cells.iter().copied()),
            _ => Cells::empty(),
        };
        Cells::from(self.corners) | extra
    }
}

impl UniqueRectangle {
    fn number(&self) -> u8 {
        match self.kind {
            RectangleKind::One => 1,
            RectangleKind::Two(_) => 2,
            RectangleKind::Three { .. } => 3,
            RectangleKind::Four { .. } => 4,
        }
    }

    fn corner_list(&self) -> String {
        let mut corners = self.corners;
        corners.sort();
        and_list(&corners)
    }
}
