//! The one place that knows a grid: its side, its boxes or regions, its houses and peers.
//!
//! Glossary: the **side** N is the number of rows, of columns and of values (1 to N); a grid
//! has N² **cells**, numbered in reading order. A **house** is a set of N cells that holds every
//! value once: the rows, the columns, the **boxes** (R×C rectangles with R·C = N) or the
//! **regions** of a jigsaw map, and any **extra** houses a variant adds (the two diagonals of
//! X-Sudoku, the four windows of windoku). A cell's **peers** are the other cells of its houses.
//!
//! A [`Geometry`] is a value: every layer (the board, the parser and the display, the
//! exact-cover matrix, the general engine) reads its sizes and houses from one, and never from a
//! literal. It is cheap to clone (the tables behind it are shared), and two geometries are equal
//! when they describe the same grid.
//!
//! ```
//! use backtrack::sudoku::{Geometry, Extra};
//!
//! let classic = Geometry::classic();
//! assert_eq!((classic.side(), classic.cells(), classic.houses().len()), (9, 81, 27));
//! assert!(classic.peers(classic.cell(4, 4)).len() == 20);
//!
//! // 6×6 with boxes of 2 rows by 3 columns, and X-Sudoku's two diagonals on 9×9.
//! let six = Geometry::boxed(2, 3)?;
//! assert_eq!((six.side(), six.houses().len()), (6, 18));
//! let x = Geometry::classic().with_extras(&[Extra::Diagonals])?;
//! assert_eq!(x.houses().len(), 29);
//! assert_eq!(x.peers(x.cell(4, 4)).len(), 32); // the centre sees both diagonals
//!
//! // A jigsaw 4×4: one letter a region, N cells each.
//! let jigsaw = Geometry::jigsaw(4, "ABBBAABCADCCDDDC")?;
//! assert_eq!(jigsaw.house(10).to_string(), "region 3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::rule::Rule;
use super::{Cell, Cells, Digits, House};
use crate::lists::Lists;
use crate::watch::counted;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

/// The largest side a geometry may have: values are bits of a `u32`, cells fit a `u16`.
pub const MAX_SIDE: usize = 25;

/// The most houses a grid may have: rows, columns and boxes of the largest side, both
/// diagonals and its windows (16 on 25×25: four by four squares of five).
pub const MAX_HOUSES: usize = 3 * MAX_SIDE + 2 + 16;

/// The cells of the classic 9×9 grid ([`Geometry::classic`]): the length of its line, which
/// the band engine reads itself.
pub const CLASSIC_CELLS: usize = classic::CELLS;

/// Cell `i`'s neighbour on a grid of side `side` by (row, column) steps, if it is on the grid.
fn step(side: usize, i: usize, (dr, dc): (isize, isize)) -> Option<usize> {
    let (row, col) = ((i / side) as isize + dr, (i % side) as isize + dc);
    let on = (0..side as isize).contains(&row) && (0..side as isize).contains(&col);
    on.then(|| row as usize * side + col as usize)
}

/// The cells side by side with cell `i` on a grid of side `side` (above, left, right, below):
/// the neighbours of the non-consecutive rule, and those a killer's cage grows by.
pub(crate) fn beside(side: usize, i: usize) -> impl Iterator<Item = usize> {
    [(-1, 0), (0, -1), (0, 1), (1, 0)].into_iter().filter_map(move |by| step(side, i, by))
}

/// The sides whose grids the text reader recognises by their number of cells alone.
pub const SIDES: std::ops::RangeInclusive<usize> = 4..=MAX_SIDE;

/// The third kind of house of a grid: how its cells are grouped besides rows and columns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Boxes of `rows` × `cols` cells, `rows * cols` = N, in reading order.
    Boxes {
        /// The rows of a box.
        rows: usize,
        /// The columns of a box.
        cols: usize,
    },
    /// Jigsaw regions: for each cell in reading order, its region, 0 to N − 1 (numbered in the
    /// order their first cells come in reading order).
    Regions(Vec<u8>),
    /// No third house: a Latin square (with extra houses, janko.at's "2D" puzzles).
    Latin,
}

/// The rules a variant adds to the rows, columns and boxes: houses (each value once in a set
/// of cells), or relations between neighbouring cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Extra {
    /// X-Sudoku: both main diagonals hold every value once.
    Diagonals,
    /// Windoku: the windows, squares the size of a box set one cell in from the grid's edge
    /// with one cell between them (four on 9×9, rows and columns 2-4 and 6-8; nine on 16×16);
    /// on grids whose side is a square.
    Windoku,
    /// No two cells a chess knight's move apart hold the same value: they are peers.
    AntiKnight,
    /// No two cells a king's move apart (diagonally touching) hold the same value: peers too.
    AntiKing,
    /// Two cells side by side (in a row or a column) never hold consecutive values.
    NonConsecutive,
}

impl Extra {
    /// Every rule, in the order the command line lists them.
    pub const ALL: [Extra; 5] =
        [Extra::Diagonals, Extra::Windoku, Extra::AntiKnight, Extra::AntiKing, Extra::NonConsecutive];

    /// The name the command line and the variant file give it.
    pub fn name(self) -> &'static str {
        match self {
            Extra::Diagonals => "diagonals",
            Extra::Windoku => "windoku",
            Extra::AntiKnight => "anti-knight",
            Extra::AntiKing => "anti-king",
            Extra::NonConsecutive => "non-consecutive",
        }
    }

    /// The extra of a name, as the command line and the variant file write it.
    pub fn from_name(name: &str) -> Option<Extra> {
        Extra::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Whether the rule is a relation between cells, not a house: what a solver of houses alone
    /// (Dancing Links on the houses' matrix, the seed's generators) cannot take.
    pub fn is_relation(self) -> bool {
        matches!(self, Extra::AntiKnight | Extra::AntiKing | Extra::NonConsecutive)
    }

    /// Whether the rule reads the values themselves, not only whether two cells hold the same
    /// one: a solution with its values renamed (1 and 2 swapped everywhere) may break it.
    pub fn reads_values(self) -> bool {
        matches!(self, Extra::NonConsecutive)
    }

    /// The moves (row, column) to the cells that may not share a value with a cell, beyond its
    /// houses.
    fn moves(self) -> &'static [(isize, isize)] {
        match self {
            Extra::AntiKnight => &[(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)],
            Extra::AntiKing => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
            _ => &[],
        }
    }
}

/// A killer cage: cells whose values differ and, with a sum, add up to it (a cage without a
/// sum is a house of fewer than N cells).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells, by number in reading order (0-based), in the order given.
    pub cells: Vec<usize>,
    /// What the values add up to, if the cage says.
    pub sum: Option<u32>,
}

impl Cage {
    /// A cage of `cells` adding up to `sum`.
    pub fn new(cells: Vec<usize>, sum: Option<u32>) -> Cage {
        Cage { cells, sum }
    }
}

/// A grid's geometry: its side, its layout, its houses and its peers (see the module docs).
#[derive(Clone)]
pub struct Geometry(Arc<Tables>);

/// Everything derived from the side, the layout and the extras, computed once.
struct Tables {
    side: usize,
    layout: Layout,
    extras: Vec<Extra>,
    /// Each house, in order: rows, columns, boxes or regions, then the extras.
    houses: Vec<House>,
    /// The cells of each house, in reading order.
    members: Lists<Cell>,
    /// For each cell, the houses it is in (by number), and its peers, in reading order.
    homes: Lists<u16>,
    peers: Lists<Cell>,
    /// For each cell, its place in each of its houses (in `homes` order).
    places: Lists<u8>,
    /// The peers of each cell and the cells of each house, as sets: the logic solver's wings
    /// and chains intersect them.
    peer_sets: Vec<Cells>,
    house_sets: Vec<Cells>,
    /// For each kind of house ([`kind`] order), the number of its first house and how many.
    kinds: [(usize, usize); KINDS],
    /// With the non-consecutive rule: each cell's neighbours in its row and column.
    adjacent: Lists<Cell>,
    /// Killer cages, if the puzzle has them (their cells are peers).
    cages: Vec<Cage>,
    /// The extra regions on top of the boxes ([`Geometry::with_extra_regions`]): each cell's
    /// region (N regions of N cells); empty without them.
    extra_regions: Vec<u8>,
    /// Rules of the user's own ([`Geometry::with_rule`]).
    rules: Vec<Arc<dyn Rule>>,
    /// The general engine's tables, made when it first searches this geometry.
    search: OnceLock<Arc<super::search::Tables>>,
}

impl Geometry {
    /// The classic 9×9 grid with 3×3 boxes, built once.
    pub fn classic() -> Geometry {
        classic::geometry().clone()
    }

    /// The grid of side `rows * cols` whose boxes are `rows` × `cols`.
    ///
    /// # Errors
    /// Boxes of no cell, or of more than 25.
    pub fn boxed(rows: usize, cols: usize) -> Result<Geometry, GeometryError> {
        match rows.checked_mul(cols) {
            Some(side) if (1..=MAX_SIDE).contains(&side) => {
                Geometry::build(side, Layout::Boxes { rows, cols }, &[])
            }
            _ => Err(GeometryError::BoxShape { rows, cols }),
        }
    }

    /// The grid of side `side` with the boxes the text reader assumes: square where the side
    /// is a square (3×3 for 9, 4×4 for 16, 5×5 for 25), else the most nearly square rectangle,
    /// wider than tall (2×3 for 6, 2×4 for 8, 3×4 for 12); a Latin square (no boxes) where the
    /// side is prime.
    ///
    /// # Errors
    /// A side of 0 or over 25.
    pub fn of_side(side: usize) -> Result<Geometry, GeometryError> {
        if side == 9 {
            return Ok(Geometry::classic());
        }
        let rows = (1..=side).filter(|r| side % r == 0 && r * r <= side).max().unwrap_or(1);
        match rows {
            1 if side > 1 => Geometry::build(side, Layout::Latin, &[]),
            _ => Geometry::build(side, Layout::Boxes { rows, cols: side / rows.max(1) }, &[]),
        }
    }

    /// A Latin square of side `side`: rows and columns only.
    ///
    /// # Errors
    /// A side of 0 or over 25.
    pub fn latin(side: usize) -> Result<Geometry, GeometryError> {
        Geometry::build(side, Layout::Latin, &[])
    }

    /// A jigsaw grid: `map` gives each cell's region as a letter (or any character), N² of
    /// them in reading order; each region must have N cells, and N regions there must be.
    ///
    /// # Errors
    /// A map of the wrong length, a region of the wrong size, too many regions, or a side out
    /// of range.
    pub fn jigsaw(side: usize, map: &str) -> Result<Geometry, GeometryError> {
        Geometry::build(side, Layout::Regions(Geometry::regions_of(side, map)?), &[])
    }

    /// The same grid with extra regions on top of its houses: `map` gives each cell's region
    /// as a letter, as a jigsaw's map does (N² of them, N regions of N cells), and each region
    /// holds every value once besides the rows, columns and boxes (sigh's "extra regions": a
    /// puzzle on the boxes and a jigsaw's regions at once).
    ///
    /// ```
    /// use backtrack::sudoku::{Board, Geometry, search::Solutions};
    ///
    /// // "Disjoint groups" on 4×4: the cells at the same place in each box make a region too.
    /// // Of the 288 grids of the boxes, 168 keep them (counted by filtering the 288).
    /// let grid = Geometry::of_side(4)?.with_extra_regions("ABABCDCDABABCDCD")?;
    /// assert_eq!(Solutions::new(&Board::empty_of(&grid)).count(), 168);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Geometry::jigsaw`]'s map.
    pub fn with_extra_regions(&self, map: &str) -> Result<Geometry, GeometryError> {
        let regions = Geometry::regions_of(self.side(), map)?;
        let t = &self.0;
        Geometry::build_caged(t.side, t.layout.clone(), &t.extras, t.cages.clone(), regions)
    }

    /// Each cell's region in a map of N² letters, N regions of N cells.
    fn regions_of(side: usize, map: &str) -> Result<Vec<u8>, GeometryError> {
        if !(1..=MAX_SIDE).contains(&side) {
            return Err(GeometryError::Side { found: side });
        }
        let symbols: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
        if symbols.len() != side * side {
            return Err(GeometryError::MapLength { found: symbols.len(), expected: side * side });
        }
        let mut names: Vec<char> = Vec::new();
        let mut regions = Vec::with_capacity(symbols.len());
        for &symbol in &symbols {
            let region = names.iter().position(|&n| n == symbol).unwrap_or_else(|| {
                names.push(symbol);
                names.len() - 1
            });
            regions.push(region);
        }
        if names.len() != side {
            return Err(GeometryError::RegionCount { found: names.len(), side });
        }
        for (region, &name) in names.iter().enumerate() {
            let size = regions.iter().filter(|&&r| r == region).count();
            if size != side {
                return Err(GeometryError::RegionSize { region: name, found: size, side });
            }
        }
        Ok(regions.into_iter().map(|r| r as u8).collect())
    }

    /// The same grid with extra houses (added to those it has already).
    ///
    /// # Errors
    /// Windoku on a side that is not a square over 1 (a window is a square the size of a square
    /// box: 4, 9, 16 and 25 have them).
    pub fn with_extras(&self, extras: &[Extra]) -> Result<Geometry, GeometryError> {
        let mut all = self.0.extras.clone();
        all.extend_from_slice(extras);
        let (layout, cages, regions) =
            (self.0.layout.clone(), self.0.cages.clone(), self.0.extra_regions.clone());
        Geometry::build_caged(self.side(), layout, &all, cages, regions)
    }

    /// The same grid with killer cages (in place of any it had): each cage's cells on the
    /// grid, in no other cage, at most N of them, and a sum that distinct values 1 to N can
    /// make.
    pub fn with_cages(&self, cages: Vec<Cage>) -> Result<Geometry, GeometryError> {
        let (side, cells) = (self.side(), self.cells());
        let mut caged = vec![false; cells];
        for (number, cage) in cages.iter().enumerate() {
            let bad = |why: String| GeometryError::Cage { number: number + 1, why };
            if cage.cells.is_empty() || cage.cells.len() > side {
                return Err(bad(format!("{} cells, expected 1 to {side}", cage.cells.len())));
            }
            for &cell in &cage.cells {
                if cell >= cells {
                    return Err(bad(format!(
                        "cell {cell} is off the grid (cells go from 0 to {})",
                        cells - 1
                    )));
                }
                if std::mem::replace(&mut caged[cell], true) {
                    let twice = cage.cells.iter().filter(|&&c| c == cell).count() > 1;
                    let place = if twice { "twice in this cage" } else { "in another cage" };
                    return Err(bad(format!("cell {cell} is {place}")));
                }
            }
            let k = cage.cells.len() as u32;
            let (least, most) = (k * (k + 1) / 2, k * (2 * side as u32 + 1 - k) / 2);
            if let Some(sum) = cage.sum.filter(|s| !(least..=most).contains(s)) {
                return Err(bad(format!("{k} different values make {least} to {most}, not {sum}")));
            }
        }
        Geometry::build_caged(
            side,
            self.0.layout.clone(),
            &self.0.extras,
            cages,
            self.0.extra_regions.clone(),
        )
    }

    /// The killer cages.
    pub fn cages(&self) -> &[Cage] {
        &self.0.cages
    }

    /// The same grid with a rule of the user's own besides its houses and rules (see
    /// [`rule`](super::rule) for how to write one): a grid of its own, which the general
    /// engine solves and the solvers of houses alone refuse.
    pub fn with_rule(&self, rule: impl Rule + 'static) -> Geometry {
        let t = &self.0;
        let (layout, extras, cages) = (t.layout.clone(), t.extras.clone(), t.cages.clone());
        let mut geometry = Geometry::make(t.side, layout, extras, cages, t.extra_regions.clone())
            .expect("the grid was made already");
        let mut rules = t.rules.clone();
        rules.push(Arc::new(rule));
        Arc::get_mut(&mut geometry.0).expect("a grid just made is not shared").rules = rules;
        geometry
    }

    /// The rules of the user's own, in the order they were laid on the grid.
    pub fn rules(&self) -> &[Arc<dyn Rule>] {
        &self.0.rules
    }

    /// The geometry of a side, a layout and extra houses. Grids without a region map are built
    /// once and kept (there are few of them): the puzzles of a batch, each read on its own,
    /// share one grid and the tables the engines make of it.
    fn build(side: usize, layout: Layout, extras: &[Extra]) -> Result<Geometry, GeometryError> {
        Geometry::build_caged(side, layout, extras, Vec::new(), Vec::new())
    }

    /// The same with killer cages and extra regions (a grid of its own, as a jigsaw's: not
    /// kept).
    fn build_caged(
        side: usize,
        layout: Layout,
        extras: &[Extra],
        cages: Vec<Cage>,
        extra_regions: Vec<u8>,
    ) -> Result<Geometry, GeometryError> {
        if !(1..=MAX_SIDE).contains(&side) {
            return Err(GeometryError::Side { found: side });
        }
        let mut extras = extras.to_vec();
        extras.sort();
        extras.dedup();
        if matches!(layout, Layout::Regions(_)) || !cages.is_empty() || !extra_regions.is_empty() {
            return Geometry::make(side, layout, extras, cages, extra_regions);
        }
        static KEPT: Mutex<Vec<Geometry>> = Mutex::new(Vec::new());
        let same = |g: &&Geometry| g.0.side == side && g.0.layout == layout && g.0.extras == extras;
        if let Some(kept) = KEPT.lock().ok().and_then(|kept| kept.iter().find(same).cloned()) {
            return Ok(kept);
        }
        let geometry = Geometry::make(side, layout, extras, Vec::new(), Vec::new())?;
        if let Ok(mut kept) = KEPT.lock() {
            kept.push(geometry.clone());
        }
        Ok(geometry)
    }

    /// Build the tables of a geometry.
    fn make(
        side: usize,
        layout: Layout,
        extras: Vec<Extra>,
        cages: Vec<Cage>,
        extra_regions: Vec<u8>,
    ) -> Result<Geometry, GeometryError> {
        let root = (1..=side).find(|b| b * b >= side).unwrap_or(1);
        if extras.contains(&Extra::Windoku) && (root * root != side || side < 4) {
            return Err(GeometryError::Windoku { side });
        }
        let at = |row: usize, col: usize| Cell::in_grid(side, row * side + col);
        let mut houses = Vec::new();
        let mut members: Vec<Vec<Cell>> = Vec::new();
        for i in 0..side {
            houses.push(House::Row(i as u8));
            members.push((0..side).map(|c| at(i, c)).collect());
        }
        for i in 0..side {
            houses.push(House::Col(i as u8));
            members.push((0..side).map(|r| at(r, i)).collect());
        }
        match &layout {
            Layout::Boxes { rows, cols } => {
                for b in 0..side {
                    let (top, left) = (b / (side / cols) * rows, b % (side / cols) * cols);
                    houses.push(House::Box(b as u8));
                    members.push((0..side).map(|i| at(top + i / cols, left + i % cols)).collect());
                }
            }
            Layout::Regions(map) => {
                for region in 0..side {
                    houses.push(House::Region(region as u8));
                    let cells = map.iter().enumerate().filter(|&(_, &r)| r as usize == region);
                    members.push(cells.map(|(i, _)| Cell::in_grid(side, i)).collect());
                }
            }
            Layout::Latin => {}
        }
        for extra in &extras {
            match extra {
                Extra::Diagonals => {
                    houses.push(House::Diagonal(0));
                    members.push((0..side).map(|i| at(i, i)).collect());
                    houses.push(House::Diagonal(1));
                    members.push((0..side).map(|i| at(i, side - 1 - i)).collect());
                }
                Extra::Windoku => {
                    let corners: Vec<usize> = (1..side - root).step_by(root + 1).collect();
                    for (w, (&top, &left)) in
                        corners.iter().flat_map(|t| corners.iter().map(move |l| (t, l))).enumerate()
                    {
                        houses.push(House::Window(w as u8));
                        members.push((0..side).map(|i| at(top + i / root, left + i % root)).collect());
                    }
                }
                // Relations, not houses: below.
                Extra::AntiKnight | Extra::AntiKing | Extra::NonConsecutive => {}
            }
        }
        // N extra regions of N cells each, when there are any.
        for region in (0..side).filter(|_| !extra_regions.is_empty()) {
            houses.push(House::Extra(region as u8));
            let cells = extra_regions.iter().enumerate().filter(|&(_, &r)| r as usize == region);
            members.push(cells.map(|(i, _)| Cell::in_grid(side, i)).collect());
        }
        let mut homes = vec![Vec::new(); side * side];
        let mut places = vec![Vec::new(); side * side];
        for (h, cells) in members.iter().enumerate() {
            for (at, cell) in cells.iter().enumerate() {
                homes[cell.index()].push(h as u16);
                places[cell.index()].push(at as u8);
            }
        }
        let mut kinds = [(0, 0); KINDS];
        for (h, &house) in houses.iter().enumerate().rev() {
            let (first, count) = &mut kinds[kind(house)];
            (*first, *count) = (h, *count + 1);
        }
        debug_assert!(houses.len() <= MAX_HOUSES, "{} houses", houses.len());
        let step = |i: usize, by: (isize, isize)| step(side, i, by);
        let peers: Vec<Vec<Cell>> = (0..side * side)
            .map(|i| {
                let mut seen = vec![false; side * side];
                for &h in &homes[i] {
                    for cell in &members[h as usize] {
                        seen[cell.index()] = true;
                    }
                }
                // The relations that make peers: a knight's move, a king's, a cage.
                for &(dr, dc) in extras.iter().flat_map(|e| e.moves()) {
                    if let Some(j) = step(i, (dr, dc)) {
                        seen[j] = true;
                    }
                }
                for cage in cages.iter().filter(|c| c.cells.contains(&i)) {
                    for &j in &cage.cells {
                        seen[j] = true;
                    }
                }
                seen[i] = false;
                (0..side * side).filter(|&j| seen[j]).map(|j| Cell::in_grid(side, j)).collect()
            })
            .collect();
        let adjacent: Vec<Vec<Cell>> = (0..side * side)
            .map(|i| match extras.contains(&Extra::NonConsecutive) {
                true => beside(side, i).map(|j| Cell::in_grid(side, j)).collect(),
                false => Vec::new(),
            })
            .collect();
        let peer_sets = peers.iter().map(|p| p.iter().copied().collect()).collect();
        let house_sets = members.iter().map(|m| m.iter().copied().collect()).collect();
        let search = OnceLock::new();
        let tables = Tables {
            side,
            layout,
            extras,
            houses,
            members: members.into(),
            homes: homes.into(),
            peers: peers.into(),
            places: places.into(),
            peer_sets,
            house_sets,
            kinds,
            adjacent: adjacent.into(),
            cages,
            extra_regions,
            rules: Vec::new(),
            search,
        };
        Ok(Geometry(Arc::new(tables)))
    }

    /// The general engine's tables of this geometry, made once.
    pub(crate) fn search_tables(&self) -> Arc<super::search::Tables> {
        self.0.search.get_or_init(|| Arc::new(super::search::Tables::new(self))).clone()
    }

    /// The side N: rows, columns, and values 1 to N.
    pub fn side(&self) -> usize {
        self.0.side
    }

    /// The number of cells, N².
    pub fn cells(&self) -> usize {
        self.0.side * self.0.side
    }

    /// Whether this is the classic 9×9 grid with 3×3 boxes and no extra house: the grid of
    /// the band engine and the generator.
    pub fn is_classic(&self) -> bool {
        self.0.side == 9
            && self.0.layout == Layout::Boxes { rows: 3, cols: 3 }
            && self.0.extras.is_empty()
            && self.0.cages.is_empty()
            && self.0.extra_regions.is_empty()
            && self.0.rules.is_empty()
    }

    /// Whether this is the classic grid with killer cages and no other rule: the killers the
    /// logic solver takes.
    pub fn is_classic_killer(&self) -> bool {
        self.0.side == 9
            && self.0.layout == Layout::Boxes { rows: 3, cols: 3 }
            && self.0.extras.is_empty()
            && !self.0.cages.is_empty()
            && self.0.extra_regions.is_empty()
            && self.0.rules.is_empty()
    }

    /// The layout: boxes, regions, or neither.
    pub fn layout(&self) -> &Layout {
        &self.0.layout
    }

    /// The extra rules: houses, and relations between cells.
    pub fn extras(&self) -> &[Extra] {
        &self.0.extras
    }

    /// The first rule that is a relation between cells rather than a house, if any: such a
    /// grid is for the general engine, which reads them ([`Extra::is_relation`]).
    pub fn relation(&self) -> Option<Extra> {
        self.0.extras.iter().copied().find(|e| e.is_relation())
    }

    /// The name of the first rule beyond houses (a relation between cells, killer cages, a
    /// rule of the user's own), if any: what a solver of houses alone refuses.
    pub fn beyond_houses(&self) -> Option<&'static str> {
        match self.relation() {
            Some(rule) => Some(rule.name()),
            None if !self.0.cages.is_empty() => Some("killer cages"),
            None => self.0.rules.first().map(|rule| rule.name()),
        }
    }

    /// The box shape (rows × columns), if the grid has boxes.
    pub fn boxes(&self) -> Option<(usize, usize)> {
        match self.0.layout {
            Layout::Boxes { rows, cols } => Some((rows, cols)),
            _ => None,
        }
    }

    /// The cell at `row` and `col` (0-based).
    ///
    /// # Panics
    /// If `row` or `col` is N or more.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        let side = self.side();
        assert!(row < side && col < side, "r{row}c{col} is off a grid of side {side} (0-based)");
        Cell::in_grid(side, row * side + col)
    }

    /// The cell numbered `index` in reading order, or `None` past N² − 1.
    pub fn cell_checked(&self, index: usize) -> Option<Cell> {
        (index < self.cells()).then(|| Cell::in_grid(self.side(), index))
    }

    /// Every cell, in reading order.
    pub fn all_cells(&self) -> impl ExactSizeIterator<Item = Cell> + Clone + use<> {
        let side = self.side();
        (0..side * side).map(move |i| Cell::in_grid(side, i))
    }

    /// The values 1 to N as a set.
    pub fn values(&self) -> Digits {
        Digits::up_to(self.side())
    }

    /// Every house, in order: rows, columns, boxes or regions, then the extra houses. A
    /// house's number is its place in this list.
    pub fn houses(&self) -> &[House] {
        &self.0.houses
    }

    /// The cells of the extra houses (the diagonals, the windows), as a set (iterated in
    /// reading order): what a picture shades, since the borders show only boxes and regions.
    ///
    /// ```
    /// use backtrack::sudoku::{Extra, Geometry};
    ///
    /// let x = Geometry::boxed(3, 3)?.with_extras(&[Extra::Diagonals])?;
    /// assert_eq!(x.extra_house_cells().len(), 17, "two diagonals of 9 share the centre");
    /// let windoku = Geometry::boxed(3, 3)?.with_extras(&[Extra::Windoku])?;
    /// assert_eq!(windoku.extra_house_cells().len(), 36);
    /// # Ok::<(), backtrack::sudoku::GeometryError>(())
    /// ```
    pub fn extra_house_cells(&self) -> Cells {
        let extra = |&n: &usize| matches!(self.house(n), House::Diagonal(_) | House::Window(_));
        (0..self.houses().len()).filter(extra).fold(Cells::empty(), |cells, n| cells | *self.house_set(n))
    }

    /// The house numbered `number`.
    ///
    /// # Panics
    /// If there is no such house.
    pub fn house(&self, number: usize) -> House {
        self.0.houses[number]
    }

    /// The number of a house of this grid, if it is one.
    #[inline]
    pub fn number(&self, house: House) -> Option<usize> {
        let (first, count) = self.0.kinds[kind(house)];
        let index = match house {
            House::Row(i) | House::Col(i) | House::Box(i) | House::Region(i) => i,
            House::Diagonal(i) | House::Window(i) | House::Extra(i) => i,
        } as usize;
        (index < count).then_some(first + index)
    }

    /// The number of a house of this grid.
    ///
    /// # Panics
    /// If the grid has no such house.
    #[inline]
    pub fn number_of(&self, house: House) -> usize {
        self.number(house).unwrap_or_else(|| panic!("the {} grid has no {house}", self.name()))
    }

    /// The cells of the house numbered `number`, as a set.
    #[inline]
    pub fn house_set(&self, number: usize) -> &Cells {
        &self.0.house_sets[number]
    }

    /// The houses `cell` is in, by number, each with the cell's place in it ([`members`]
    /// order).
    ///
    /// [`members`]: Geometry::members
    #[inline]
    pub fn homes_with_places(&self, cell: Cell) -> impl ExactSizeIterator<Item = (usize, usize)> + '_ {
        let i = cell.index();
        self.0.homes.get(i).iter().zip(self.0.places.get(i)).map(|(&h, &at)| (h as usize, at as usize))
    }

    /// The peers of `cell`, as a set.
    #[inline]
    pub fn peer_set(&self, cell: Cell) -> &Cells {
        &self.0.peer_sets[cell.index()]
    }

    /// Whether two different cells may not hold the same value: one is a peer of the other.
    #[inline]
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.0.peer_sets[a.index()].contains(b)
    }

    /// The cells of the house numbered `number`, in reading order.
    #[inline]
    pub fn members(&self, number: usize) -> &[Cell] {
        self.0.members.get(number)
    }

    /// The numbers of the houses `cell` is in.
    #[inline]
    pub fn homes(&self, cell: Cell) -> &[u16] {
        self.0.homes.get(cell.index())
    }

    /// The cells that may not hold `cell`'s value, in reading order: the other cells of its
    /// houses, and those a knight's or a king's move away under the anti-knight and anti-king
    /// rules.
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        self.0.peers.get(cell.index())
    }

    /// Under the non-consecutive rule, `cell`'s neighbours in its row and column (which may not
    /// hold a value one above or one below its own); else none.
    pub fn adjacent(&self, cell: Cell) -> &[Cell] {
        self.0.adjacent.get(cell.index())
    }

    /// The box or region of `cell` (0-based), if the grid has boxes or regions.
    pub fn region_of(&self, cell: Cell) -> Option<usize> {
        self.homes(cell).iter().find_map(|&h| match self.house(h as usize) {
            House::Box(b) | House::Region(b) => Some(b as usize),
            _ => None,
        })
    }

    /// The extra region of `cell` (0-based, [`Geometry::with_extra_regions`]), if the grid has
    /// extra regions.
    pub fn extra_region_of(&self, cell: Cell) -> Option<usize> {
        self.0.extra_regions.get(cell.index()).map(|&r| usize::from(r))
    }

    /// A jigsaw's region map as `--regions` and the variant file write it: N² letters in
    /// reading order, `A` for the region of the first cell, then `B`, ...; `None` for a grid
    /// without regions.
    ///
    /// ```
    /// use backtrack::sudoku::Geometry;
    /// let map = "ABBBAABCADCCDDDC";
    /// assert_eq!(Geometry::jigsaw(4, map)?.region_map().as_deref(), Some(map));
    /// assert_eq!(Geometry::of_side(4)?.region_map(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn region_map(&self) -> Option<String> {
        matches!(self.0.layout, Layout::Regions(_)).then(|| {
            self.all_cells().map(|c| self.region_of(c).map_or('.', |r| char::from(b'A' + r as u8))).collect()
        })
    }

    /// The extra regions' map ([`Geometry::with_extra_regions`]): N² letters in reading order,
    /// `A` for the region of the first cell in one, then `B`, ...; `None` without them.
    ///
    /// ```
    /// use backtrack::sudoku::Geometry;
    /// let grid = Geometry::of_side(4)?.with_extra_regions("ABABCDCDABABCDCD")?;
    /// assert_eq!(grid.extra_region_map().as_deref(), Some("ABABCDCDABABCDCD"));
    /// assert_eq!(Geometry::of_side(4)?.extra_region_map(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn extra_region_map(&self) -> Option<String> {
        let regions = &self.0.extra_regions;
        (!regions.is_empty()).then(|| regions.iter().map(|&r| char::from(b'A' + r)).collect())
    }

    /// The character of value `value` in a grid's text: `1` to `9`, then `A` (10) to `P` (25).
    pub fn symbol(value: u8) -> char {
        match value {
            1..=9 => (b'0' + value) as char,
            10..=35 => (b'A' + value - 10) as char,
            _ => '?',
        }
    }

    /// The value of a character of a grid's text (`1`-`9`, then `A`/`a` = 10 …), if it is one.
    pub fn value_of(symbol: char) -> Option<u8> {
        match symbol {
            '1'..='9' => Some(symbol as u8 - b'0'),
            'A'..='Z' => Some(symbol as u8 - b'A' + 10),
            'a'..='z' => Some(symbol as u8 - b'a' + 10),
            _ => None,
        }
    }

    /// A short name: `9×9`, `6×6 (2×3 boxes)`, `9×9 jigsaw`, `4×4 Latin, diagonals`.
    pub fn name(&self) -> String {
        let side = self.side();
        let mut name = match &self.0.layout {
            Layout::Boxes { rows, cols } if rows == cols => format!("{side}×{side}"),
            Layout::Boxes { rows, cols } => format!("{side}×{side} ({rows}×{cols} boxes)"),
            Layout::Regions(_) => format!("{side}×{side} jigsaw"),
            Layout::Latin => format!("{side}×{side} Latin"),
        };
        for extra in &self.0.extras {
            name.push_str(", ");
            name.push_str(extra.name());
        }
        if !self.0.extra_regions.is_empty() {
            name.push_str(", extra regions");
        }
        if !self.0.cages.is_empty() {
            name.push_str(", killer");
        }
        for rule in &self.0.rules {
            name.push_str(", ");
            name.push_str(rule.name());
        }
        name
    }
}

/// The classic 9×9 grid's sizes and tables, for the fast paths that stay fixed to it (the band
/// engine has its own; the generator makes its classic puzzles on it).
pub(crate) mod classic {
    use super::{Geometry, House};
    use std::sync::OnceLock;

    /// Rows, columns, values.
    pub(crate) const SIDE: usize = 9;
    /// Cells.
    pub(crate) const CELLS: usize = SIDE * SIDE;
    /// The side of a box.
    const BOX: usize = 3;

    /// The classic geometry, built once.
    pub(crate) fn geometry() -> &'static Geometry {
        static CLASSIC: OnceLock<Geometry> = OnceLock::new();
        CLASSIC.get_or_init(|| Geometry::boxed(BOX, BOX).expect("3×3 boxes make a grid"))
    }

    /// The box of the cell numbered `index`.
    pub(crate) const fn box_of(index: usize) -> usize {
        index / SIDE / BOX * BOX + index % SIDE / BOX
    }

    /// The number of a house of the classic grid, in [`Geometry::houses`] order.
    ///
    /// # Panics
    /// If the classic grid has no such house.
    pub(crate) fn number(house: House) -> usize {
        match house {
            House::Row(r) => r as usize,
            House::Col(c) => SIDE + c as usize,
            House::Box(b) => 2 * SIDE + b as usize,
            _ => panic!("the classic grid has no {house}"),
        }
    }

    /// The three houses of the cell numbered `index` by number: its row, column and box.
    #[inline]
    pub(crate) fn houses_of(index: usize) -> [usize; 3] {
        let [row, col, boxed] = HOUSES[index];
        [row as usize, col as usize, boxed as usize]
    }

    /// [`houses_of`] for every cell, computed once at compile time: a load is cheaper than
    /// the divisions (the seed's driver asks at every node).
    const HOUSES: [[u8; 3]; CELLS] = {
        let mut table = [[0; 3]; CELLS];
        let mut i = 0;
        while i < CELLS {
            table[i] = [(i / SIDE) as u8, (SIDE + i % SIDE) as u8, (2 * SIDE + box_of(i)) as u8];
            i += 1;
        }
        table
    };

    /// The peers of the cell numbered `index`, one bit a cell.
    pub(crate) const fn peer_set(index: usize) -> u128 {
        PEER_SETS[index]
    }

    /// The peers of each cell, one bit a cell, computed once at compile time.
    const PEER_SETS: [u128; CELLS] = {
        let mut table = [0; CELLS];
        let mut a = 0;
        while a < CELLS {
            let mut b = 0;
            while b < CELLS {
                let (same_row, same_col) = (a / SIDE == b / SIDE, a % SIDE == b % SIDE);
                if a != b && (same_row || same_col || box_of(a) == box_of(b)) {
                    table[a] |= 1 << b;
                }
                b += 1;
            }
            a += 1;
        }
        table
    };
}

/// How many kinds of house there are: the variants of [`House`].
const KINDS: usize = 7;

/// The kind of a house, as an index.
fn kind(house: House) -> usize {
    match house {
        House::Row(_) => 0,
        House::Col(_) => 1,
        House::Box(_) => 2,
        House::Region(_) => 3,
        House::Diagonal(_) => 4,
        House::Window(_) => 5,
        House::Extra(_) => 6,
    }
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.side == other.0.side
                && self.0.layout == other.0.layout
                && self.0.extras == other.0.extras
                && self.0.cages == other.0.cages
                && self.0.extra_regions == other.0.extra_regions
                && self.0.rules.len() == other.0.rules.len()
                && self.0.rules.iter().zip(&other.0.rules).all(|(a, b)| Arc::ptr_eq(a, b)))
    }
}

impl Eq for Geometry {}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({})", self.name())
    }
}

impl Default for Geometry {
    fn default() -> Geometry {
        Geometry::classic()
    }
}

/// Why a geometry cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GeometryError {
    /// A side of 0 or over 25.
    Side {
        /// The side asked for.
        found: usize,
    },
    /// Boxes whose cells (rows times columns) make no side from 1 to 25.
    BoxShape {
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
    /// A region map with the wrong number of cells.
    MapLength {
        /// Its cells.
        found: usize,
        /// N².
        expected: usize,
    },
    /// A region map with more or fewer than N regions.
    RegionCount {
        /// The regions it names.
        found: usize,
        /// N.
        side: usize,
    },
    /// A region without N cells.
    RegionSize {
        /// The region's letter in the map.
        region: char,
        /// Its cells.
        found: usize,
        /// N.
        side: usize,
    },
    /// Windoku's windows on a grid they do not fit.
    Windoku {
        /// The side.
        side: usize,
    },
    /// A killer cage that cannot be: off the grid, overlapping another, too large, or a sum
    /// its cells cannot make.
    Cage {
        /// The cage's place in the list, from 1.
        number: usize,
        /// What is wrong, in words.
        why: String,
    },
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeometryError::Side { found } => write!(f, "a side of {found}: sides go from 1 to {MAX_SIDE}"),
            GeometryError::BoxShape { rows, cols } => {
                write!(f, "boxes of {rows}x{cols} make no grid: rows times columns go from 1 to {MAX_SIDE}")
            }
            GeometryError::MapLength { found, expected } => {
                write!(f, "the region map has {}, expected {expected}", counted(*found as u64, "cell"))
            }
            GeometryError::RegionCount { found, side } => {
                write!(
                    f,
                    "the region map names {}; a {side}x{side} grid has {side}",
                    counted(*found as u64, "region")
                )
            }
            GeometryError::RegionSize { region, found, side } => {
                write!(
                    f,
                    "region '{region}' has {}; a {side}x{side} grid's regions have {side} each",
                    counted(*found as u64, "cell")
                )
            }
            GeometryError::Windoku { side } => {
                write!(f, "windoku's windows are the size of square boxes: a {side}x{side} grid has none")
            }
            GeometryError::Cage { number, why } => write!(f, "cage {number}: {why}"),
        }
    }
}

impl std::error::Error for GeometryError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Norvig's invariants, on every shape: N² cells, each house N cells, each cell in as many
    /// houses as the kinds of house, and peers that are exactly the cells sharing a house.
    fn invariants(geometry: &Geometry, kinds: usize) {
        let side = geometry.side();
        assert_eq!(geometry.all_cells().count(), side * side);
        for (h, _) in geometry.houses().iter().enumerate() {
            let cells = geometry.members(h);
            assert_eq!(cells.len(), side, "{:?}", geometry.house(h));
            assert!(cells.windows(2).all(|w| w[0] < w[1]));
        }
        for cell in geometry.all_cells() {
            let homes = geometry.homes(cell);
            assert!(homes.len() >= kinds, "{cell}");
            for other in geometry.all_cells() {
                let shared = homes.iter().any(|&h| geometry.members(h as usize).contains(&other));
                assert_eq!(geometry.peers(cell).contains(&other), shared && other != cell);
            }
        }
    }

    #[test]
    fn every_box_shape_is_a_grid() {
        for (rows, cols) in [(1, 1), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 4), (5, 5)] {
            let geometry = Geometry::boxed(rows, cols).unwrap();
            invariants(&geometry, 3);
            assert_eq!(geometry.houses().len(), 3 * rows * cols);
        }
        let classic = Geometry::classic();
        invariants(&classic, 3);
        assert!(classic.is_classic());
        for cell in classic.all_cells() {
            assert_eq!(classic.peers(cell).len(), 20);
            assert_eq!(classic.region_of(cell), Some(cell.box_index()));
        }
    }

    #[test]
    fn the_reader_s_box_shapes() {
        let shape = |side| Geometry::of_side(side).unwrap().boxes();
        assert_eq!(shape(4), Some((2, 2)));
        assert_eq!(shape(6), Some((2, 3)));
        assert_eq!(shape(8), Some((2, 4)));
        assert_eq!(shape(9), Some((3, 3)));
        assert_eq!(shape(12), Some((3, 4)));
        assert_eq!(shape(16), Some((4, 4)));
        assert_eq!(shape(25), Some((5, 5)));
        assert_eq!(shape(7), None);
        assert_eq!(*Geometry::of_side(7).unwrap().layout(), Layout::Latin);
        assert_eq!(Geometry::of_side(26).unwrap_err().to_string(), "a side of 26: sides go from 1 to 25");
    }

    #[test]
    fn extra_houses() {
        let x = Geometry::classic().with_extras(&[Extra::Diagonals]).unwrap();
        invariants(&x, 3);
        assert!(!x.is_classic());
        assert_eq!(x.homes(x.cell(4, 4)).len(), 5);
        assert_eq!(x.homes(x.cell(0, 8)).len(), 4);
        let windoku = Geometry::classic().with_extras(&[Extra::Windoku]).unwrap();
        assert_eq!(
            windoku.members(27).iter().map(|c| c.to_string()).collect::<Vec<_>>()[..3],
            ["r2c2", "r2c3", "r2c4"]
        );
        assert_eq!(
            Geometry::of_side(6).unwrap().with_extras(&[Extra::Windoku]).unwrap_err().to_string(),
            "windoku's windows are the size of square boxes: a 6x6 grid has none"
        );
        // The most houses of all: 25×25 with both diagonals and 16 windows (found by the
        // fuzzer when a board held room for 4 windows only).
        let most = Geometry::boxed(1, 25).unwrap().with_extras(&[Extra::Diagonals, Extra::Windoku]).unwrap();
        assert_eq!(most.houses().len(), MAX_HOUSES);
        let board = crate::sudoku::Board::empty_of(&most);
        let last = most.cell(24, 24);
        assert!(board.place(last, crate::sudoku::Digit::new(25)).is_ok());
        let sixteen = Geometry::of_side(16).unwrap().with_extras(&[Extra::Windoku]).unwrap();
        invariants(&sixteen, 3);
        assert_eq!(sixteen.houses().len(), 48 + 9);
        assert_eq!(sixteen.members(48 + 8)[0].to_string(), "r12c12");
        let latin = Geometry::latin(5).unwrap().with_extras(&[Extra::Diagonals]).unwrap();
        invariants(&latin, 2);
        assert_eq!(latin.name(), "5×5 Latin, diagonals");
    }

    #[test]
    fn jigsaw_maps_are_checked() {
        let jigsaw = Geometry::jigsaw(4, "ABBB AABC ADCC DDDC").unwrap();
        invariants(&jigsaw, 3);
        assert_eq!(jigsaw.members(9).iter().map(|c| c.index()).collect::<Vec<_>>(), [1, 2, 3, 6]);
        let err = |side, map: &str| Geometry::jigsaw(side, map).unwrap_err().to_string();
        assert_eq!(err(4, "AAABABBBCCDDCCD"), "the region map has 15 cells, expected 16");
        assert_eq!(err(4, "AAAAABBBCCDDCBDD"), "region 'A' has 5 cells; a 4x4 grid's regions have 4 each");
        assert_eq!(err(4, "AAABABBBCCDDCCDE"), "the region map names 5 regions; a 4x4 grid has 4");
        assert_eq!(err(4, &"A".repeat(16)), "the region map names 1 region; a 4x4 grid has 4");
        assert_eq!(err(4, "AAAABBBBCCCCCCDD"), "region 'C' has 6 cells; a 4x4 grid's regions have 4 each");
    }

    #[test]
    fn cages_that_cannot_be_say_why() {
        let err = |cages: Vec<Cage>| Geometry::of_side(4).unwrap().with_cages(cages).unwrap_err().to_string();
        let cage = |cells: &[usize], sum| Cage::new(cells.to_vec(), sum);
        assert_eq!(err(vec![cage(&[0, 0], Some(3))]), "cage 1: cell 0 is twice in this cage");
        assert_eq!(err(vec![cage(&[0, 1], None), cage(&[1, 2], None)]), "cage 2: cell 1 is in another cage");
        assert_eq!(
            err(vec![cage(&[0, 16], None)]),
            "cage 1: cell 16 is off the grid (cells go from 0 to 15)"
        );
        assert_eq!(err(vec![cage(&[], None)]), "cage 1: 0 cells, expected 1 to 4");
        assert_eq!(err(vec![cage(&[0, 1], Some(8))]), "cage 1: 2 different values make 3 to 7, not 8");
    }

    #[test]
    fn symbols() {
        assert_eq!((1..=25).map(Geometry::symbol).collect::<String>(), "123456789ABCDEFGHIJKLMNOP");
        for value in 1..=25 {
            assert_eq!(Geometry::value_of(Geometry::symbol(value)), Some(value));
        }
        assert_eq!(Geometry::value_of('g'), Some(16));
        assert_eq!(Geometry::value_of('.'), None);
    }
}
