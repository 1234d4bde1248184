//! The general engine: any [`Geometry`] (any side up to 25, boxes of any shape, jigsaw regions,
//! extra houses), searched with propagation.
//!
//! The state is one word a cell: the candidates left (one bit a value) and a flag for a cell
//! whose value is placed and whose consequences are drawn. Placing a value takes it out of the
//! peers' candidates (a peer left with one is placed in turn: a **naked single**); then every
//! house is read once for the values that have one place left (a **hidden single**) or none (a
//! contradiction); when neither places anything, every two houses that share cells (a box and a
//! row, a region and a column, a diagonal and a box) are read for the values that one of them
//! can only hold where it meets the other (**locked candidates**), which the rest of the other
//! cannot hold; on grids from 12×12 up, each house is then read as a matching of its open
//! values to its open cells (Régin's filter: every naked and hidden subset at once); and again,
//! until nothing changes. The rules beyond houses take part: a knight's or king's move makes
//! peers (anti-knight, anti-king), a placed value takes its neighbours' values one above and one
//! below, and two side-by-side cells keep only the values the other leaves room for
//! (non-consecutive), and each killer cage keeps only the values some combination of
//! different values with its sum gives its cells, with the sums the houses add (the rule of
//! 45), and, once the search has to guess, the sums that bands of houses add, read for their
//! bounds (`linear`); rules of the user's own ([`rule`](super::rule)) prune in turn, and every
//! full grid is checked against them. When propagation stops short of a full grid, the search
//! guesses in the empty cell with the fewest candidates for the contradictions it took part in
//! (Boussemart's dom/wdeg), or, without killer cages, among the places of the value that has
//! the fewest in a house when that is fewer (as Dancing Links chooses the item with the fewest
//! options). A guess is
//! undone by copying back the state it replaced (a few kilobytes at most: cheaper than undoing
//! each consequence).
//!
//! # Learning
//!
//! A depth-first search does not learn: most of Gecode's 25×25 examples take it more than
//! 200,000 guesses, some more than three million (BENCHMARKS.md §8). So when a search has made
//! 300 guesses without finishing ([`Solutions::learn_after`]), it starts again from the root
//! with conflict-driven clause learning (the `learn` module): each contradiction is traced
//! back to the guesses that caused it and kept as a clause, and the search jumps back past
//! the guesses that played no part. Solutions found before are excluded, so the iterator
//! goes on where it was. Every one of Gecode's 25×25 examples is then solved and proved
//! unique, in 0.1 to 30 seconds. Grids with killer sums or rules of the user's own keep the
//! depth-first search, whose propagation reads them.
//!
//! The classic 9×9 grid has a faster engine of its own, [`bitboard`](super::bitboard); this one
//! is what every other grid is solved with, and what the classic grid is checked against. The
//! seed's driver searches with it through [`Propagation`], whose guards place a value with all
//! it forces.
//!
//! ```
//! use backtrack::sudoku::{Board, Geometry};
//! use backtrack::sudoku::search::Solutions;
//!
//! // Every 4×4 grid: 288 of them.
//! let empty = Board::empty_of(&Geometry::of_side(4)?);
//! assert_eq!(Solutions::new(&empty).count(), 288);
//!
//! // A 16×16 grid with one given: filled in, and its first solution read back.
//! let board: Board = format!("G{}", ".".repeat(255)).parse()?;
//! let mut search = Solutions::new(&board);
//! assert!(search.next().is_some());
//! let solution = search.board();
//! assert!(solution.is_full());
//! assert_eq!(format!("{solution:#}").chars().next(), Some('G'));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod driver;
mod learn;
mod linear;

pub use driver::{Choices, Forced, Propagation};

use super::bitboard::{Budget, Limits, Outcome, Stats};
use super::rule::Candidates;
use super::{Board, Cell, Digit, Geometry};
use crate::split::{self, Shard, Tried, on_threads};
use std::collections::VecDeque;
use std::fmt;
use std::iter::FusedIterator;
use std::sync::{Arc, OnceLock};

/// The flag of a placed cell, above every value's bit.
pub(crate) const PLACED: u32 = 1 << 31;

/// The solutions of a board of any geometry, found one at a time (see the module docs).
///
/// Each `next()` leaves the solution found in the search, where [`Solutions::board`] and
/// [`Solutions::values`] read it.
#[derive(Clone)]
pub struct Solutions {
    geometry: Geometry,
    /// The geometry's houses, peers and meeting houses as the engine reads them, made once a
    /// geometry (the geometry keeps them: a batch of puzzles of one grid shares them).
    tables: Arc<Tables>,
    /// The state: each cell's candidates, with [`PLACED`] once placed.
    cells: Vec<u32>,
    /// Cells placed whose consequences are still to be drawn.
    queue: Vec<u16>,
    /// How often each cell took part in a contradiction, over the whole search.
    weights: Vec<u32>,
    /// Each house's state when the matching last found nothing to take in it (a hash of its
    /// cells' words, see [`Solutions::match_houses`]): a collision only skips a filter, which
    /// the search makes up for by guessing, so the answers never depend on it.
    matched: Vec<u64>,
    /// Each killer cage's state when its reading last found nothing to take (as `matched`).
    read: Vec<u64>,
    /// The guesses in force, the last on top.
    frames: Vec<Frame>,
    /// The state each guess replaced, one after the other.
    saved: Vec<u32>,
    /// The guesses after which the search hands over to clause learning, where the grid lets
    /// it ([`Tables::learns`], [`Solutions::learn_after`]), and the solutions found before it
    /// does, which it must not find again.
    learn_after: u64,
    found: Vec<Vec<u8>>,
    /// The search with clause learning, once it has taken over ([`learn`]).
    learner: Option<Box<learn::Learner>>,
    /// The threads clause learning may take ([`Solutions::threads`]), and the parts of its
    /// search once it has taken over on two or more (empty until then).
    threads: usize,
    parts: Vec<Part>,
    started: bool,
    outcome: Outcome,
    budget: Limits,
    stats: Stats,
}

/// A guess: in a cell, its values not tried yet (one bit a value); or, of a value in a house,
/// the places not tried yet (one bit a position in the house).
#[derive(Clone, Copy, Debug)]
enum Frame {
    Cell { cell: u16, left: u32 },
    Place { house: u16, bit: u32, left: u32 },
}

impl Frame {
    /// The choices not taken yet.
    fn choices(&self) -> u32 {
        let (Frame::Cell { left, .. } | Frame::Place { left, .. }) = self;
        left.count_ones()
    }

    /// Hand over `n` of the choices not taken yet, the last ones: a frame of the same guess
    /// with those, this one keeping the others.
    fn give(&mut self, n: u32) -> Frame {
        let mut given = *self;
        let (Frame::Cell { left, .. } | Frame::Place { left, .. }) = self;
        let (Frame::Cell { left: theirs, .. } | Frame::Place { left: theirs, .. }) = &mut given;
        let mut kept = *left;
        for _ in 0..n {
            kept &= !(1 << (31 - kept.leading_zeros()));
        }
        *theirs = *left & !kept;
        *left = kept;
        given
    }

    /// Whether every choice has been taken.
    fn is_spent(&self) -> bool {
        let (Frame::Cell { left, .. } | Frame::Place { left, .. }) = self;
        *left == 0
    }

    /// The next choice, as a cell and a value's bit, taken out of those left.
    fn take(&mut self, tables: &Tables, side: usize) -> Option<(usize, u32)> {
        let (Frame::Cell { left, .. } | Frame::Place { left, .. }) = self;
        if *left == 0 {
            return None;
        }
        let next = *left & left.wrapping_neg();
        *left ^= next;
        Some(match *self {
            Frame::Cell { cell, .. } => (cell as usize, next),
            Frame::Place { house, bit, .. } => {
                (tables.members[house as usize * side + next.trailing_zeros() as usize] as usize, bit)
            }
        })
    }
}

/// A geometry's houses, peers and meeting houses as flat lists of cell numbers.
#[derive(Debug)]
pub(crate) struct Tables {
    /// Each house's cells, N a house, houses in [`Geometry::houses`] order.
    members: Vec<u16>,
    /// Each cell's peers, from `peer_start[cell]` to `peer_start[cell + 1]`.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    /// Under the non-consecutive rule, each cell's neighbours in its row and column, from
    /// `adjacent_start[cell]` on (empty without the rule).
    adjacent: Vec<u16>,
    adjacent_start: Vec<u32>,
    /// The killer cages with a sum: where each one's cells are in `cage_cells`, and its sum.
    cages: Vec<(u32, u32, u32)>,
    cage_cells: Vec<u16>,
    /// With cages: each cell's peers as bits, `words` words a cell (who sees all of a set of
    /// cells is a few ANDs).
    peer_bits: Vec<u64>,
    words: usize,
    /// For each two houses that share two cells or more, once (a lock reads both ways): the
    /// shared cells, the rest of the first house, the rest of the second, one after the other
    /// in `lock_cells`.
    locks: Vec<Lock>,
    lock_cells: Vec<u16>,
    /// The sums a killer implies over several houses, read for their bounds: made at the
    /// first guess (a puzzle that propagation alone solves, as most killers are, never pays
    /// for them).
    linear: OnceLock<linear::Linear>,
    /// With cages on grids up to 16×16: every set of values by its size and sum.
    sets: Sets,
    /// Whether the search guesses in cells only (killer cages, relations between cells), not
    /// among a value's places in a house.
    cells_only: bool,
    /// Whether clause learning ([`learn`]) takes the grid's rules: everything but killer sums
    /// and rules of the user's own, which only the depth-first search's propagation reads.
    learns: bool,
}

/// Every set of values of a grid (one bit a value) by its size and sum, made once where there
/// are few (2^N of them: up to 16×16), so that a cage's reading goes through the sets of its
/// size and sum alone.
#[derive(Debug, Default)]
struct Sets {
    /// Where each size and sum's sets start in `sets`, at `size * (most + 1) + sum`.
    start: Vec<u32>,
    sets: Vec<u32>,
    most: usize,
}

impl Sets {
    fn new(side: usize) -> Sets {
        if side > 16 {
            return Sets::default();
        }
        let most = side * (side + 1) / 2;
        let slot = |set: u32| {
            let sum: u32 = (0..side as u32).filter(|v| set >> v & 1 != 0).map(|v| v + 1).sum();
            set.count_ones() as usize * (most + 1) + sum as usize
        };
        // A counting sort: how many sets each size and sum has, where each starts, then each
        // set in its place.
        let mut start = vec![0u32; (side + 1) * (most + 1) + 1];
        for set in 0u32..1 << side {
            start[slot(set) + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut next = start.clone();
        let mut sets = vec![0u32; 1 << side];
        for set in 0u32..1 << side {
            let at = &mut next[slot(set)];
            sets[*at as usize] = set;
            *at += 1;
        }
        Sets { start, sets, most }
    }

    /// The sets of `size` values adding up to `sum`; `None` where they were not made.
    fn get(&self, size: usize, sum: u32) -> Option<&[u32]> {
        if self.start.is_empty() {
            return None;
        }
        if sum as usize > self.most {
            return Some(&[]);
        }
        let slot = size * (self.most + 1) + sum as usize;
        let (from, to) = (*self.start.get(slot)?, *self.start.get(slot + 1)?);
        Some(&self.sets[from as usize..to as usize])
    }
}

impl Tables {
    /// The cells of each cage the engine reads (killer cages and the houses' innies and
    /// outies), in order.
    fn cage_sets(&self) -> std::collections::HashSet<Vec<usize>> {
        self.cages
            .iter()
            .map(|&(from, to, _)| {
                let mut cells: Vec<usize> =
                    self.cage_cells[from as usize..to as usize].iter().map(|&c| c as usize).collect();
                cells.sort_unstable();
                cells
            })
            .collect()
    }

    pub(crate) fn new(geometry: &Geometry) -> Tables {
        let members = (0..geometry.houses().len())
            .flat_map(|h| geometry.members(h).iter().map(|c| c.index() as u16))
            .collect();
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for cell in geometry.all_cells() {
            peers.extend(geometry.peers(cell).iter().map(|c| c.index() as u16));
            peer_start.push(peers.len() as u32);
        }
        let (mut adjacent, mut adjacent_start) = (Vec::new(), vec![0]);
        for cell in geometry.all_cells() {
            adjacent.extend(geometry.adjacent(cell).iter().map(|c| c.index() as u16));
            adjacent_start.push(adjacent.len() as u32);
        }
        let (locks, lock_cells) = locks(geometry);
        let (mut cages, mut cage_cells) = (Vec::new(), Vec::new());
        for (cells, sum) in sums(geometry) {
            let from = cage_cells.len() as u32;
            cage_cells.extend(cells.iter().map(|&c| c as u16));
            cages.push((from, cage_cells.len() as u32, sum));
        }
        let cells_only = !cages.is_empty() || geometry.relation().is_some();
        let learns = cages.is_empty() && geometry.rules().is_empty();
        let words = geometry.cells().div_ceil(64);
        let sets = if cages.is_empty() { Sets::default() } else { Sets::new(geometry.side()) };
        let mut peer_bits = Vec::new();
        if !cages.is_empty() {
            peer_bits = vec![0u64; words * geometry.cells()];
            for cell in geometry.all_cells() {
                for peer in geometry.peers(cell) {
                    peer_bits[cell.index() * words + peer.index() / 64] |= 1 << (peer.index() % 64);
                }
            }
        }
        Tables {
            members,
            peers,
            peer_start,
            adjacent,
            adjacent_start,
            cages,
            cage_cells,
            peer_bits,
            words,
            locks,
            lock_cells,
            linear: OnceLock::new(),
            learns,
            cells_only,
            sets,
        }
    }
}

/// Two houses that meet: where the cells of each part start in `lock_cells`, and where they
/// end: the cells they share, the rest of the first, the rest of the second.
#[derive(Clone, Copy, Debug)]
struct Lock {
    shared: (u32, u32),
    first: (u32, u32),
    second: (u32, u32),
}

impl Solutions {
    /// A search for the solutions of `board` (which is not changed).
    pub fn new(board: &Board) -> Solutions {
        let geometry = board.geometry().clone();
        let tables = geometry.search_tables();
        let mut search = Solutions {
            read: vec![0; tables.cages.len()],
            tables,
            cells: Vec::with_capacity(geometry.cells()),
            queue: Vec::with_capacity(geometry.cells()),
            weights: vec![0; geometry.cells()],
            matched: vec![0; geometry.houses().len()],
            frames: Vec::new(),
            saved: Vec::new(),
            learn_after: learn::AFTER_GUESSES,
            found: Vec::new(),
            learner: None,
            threads: 1,
            parts: Vec::new(),
            started: false,
            outcome: Outcome::Running,
            budget: Limits::default(),
            stats: Stats::default(),
            geometry,
        };
        search.load(board);
        search
    }

    /// Read the givens of `board` into the state: a given is placed (its peers' candidates
    /// already leave its value out: the board's houses say so; under a rule beyond the houses
    /// it is propagated like any placed cell), an empty cell with one candidate is placed too,
    /// and one with none makes the puzzle contradictory.
    fn load(&mut self, board: &Board) {
        let relations = self.geometry.beyond_houses().is_some();
        self.cells.resize(self.geometry.cells(), 0);
        for cell in self.geometry.all_cells() {
            match board.get(cell) {
                Some(digit) => {
                    if relations {
                        self.queue.push(cell.index() as u16);
                    }
                    self.cells[cell.index()] = bit(digit) | PLACED;
                }
                None => self.open_at_root(cell.index(), board.candidates(cell).bits()),
            }
        }
    }

    /// Give the open cell `index` its `candidates` at the root, before the search starts: one
    /// candidate is placed (and propagated when the search starts, as any single), none makes
    /// the puzzle contradictory (one dead end, however many such cells).
    fn open_at_root(&mut self, index: usize, candidates: u32) {
        self.cells[index] = match candidates {
            0 => {
                if self.outcome == Outcome::Running {
                    self.outcome = Outcome::Exhausted;
                    self.stats.dead_ends += 1;
                }
                0
            }
            one if one.is_power_of_two() => {
                self.queue.push(index as u16);
                one | PLACED
            }
            many => many,
        };
    }

    /// The same search for the solutions in which `cell` does not hold `digit`: the digit
    /// taken from the cell's candidates at the root (a given `digit` there leaves none).
    ///
    /// A puzzle known to have one solution keeps it when a given is emptied if no solution
    /// holds another value there (one that holds the given's value solves the puzzle before
    /// the given was emptied): one search that finds nothing, where counting to two finds the
    /// known solution, then proves it alone.
    ///
    /// ```
    /// use backtrack::sudoku::search::Solutions;
    /// use backtrack::sudoku::{Board, Digit, Geometry};
    ///
    /// let four = Geometry::of_side(4)?;
    /// let empty = Board::empty_of(&four);
    /// // Of the 288 grids of 4×4, a quarter hold each value in r1c1 (a renaming of the values
    /// // maps one to another).
    /// assert_eq!(Solutions::new(&empty).without(four.cell(0, 0), Digit::new(1)).count(), 216);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// If the search has started (`next()` was called), or `cell` is a cell of a grid of
    /// another side.
    #[must_use]
    pub fn without(mut self, cell: Cell, digit: Digit) -> Solutions {
        assert!(!self.started, "Solutions::without narrows a search before it starts");
        assert_eq!(cell.side(), self.geometry.side(), "{cell} is not a cell of this grid");
        let candidates = self.cells[cell.index()] & !PLACED;
        if candidates & bit(digit) != 0 && self.outcome == Outcome::Running {
            self.open_at_root(cell.index(), candidates & !bit(digit));
        }
        self
    }

    /// The same search, bounded.
    #[must_use]
    pub fn budget(mut self, budget: &Budget) -> Solutions {
        self.budget = Limits::of(budget);
        self
    }

    /// Hand the search over to clause learning ([learning](crate::sudoku::search#learning)) once it has made
    /// `guesses` guesses without finishing (by default 300; 0 learns from the first guess,
    /// `u64::MAX` never). Grids with killer sums or rules of the user's own never hand over.
    #[must_use]
    pub fn learn_after(mut self, guesses: u64) -> Solutions {
        self.learn_after = guesses;
        self
    }

    /// Let clause learning, once it takes over, search on `threads` threads (by default one):
    /// with two or more, its search is split at its root into parts, two a thread or a few
    /// more (a cell holds a value, or does not: of the next decision and the most active
    /// variables of the groups with the fewest left, the one whose two sides draw the most;
    /// each side split again the same way), and the threads search the parts, each taking the
    /// next as it comes free, each part ahead of the reader by up to two solutions. The
    /// solutions are the same, each once, in an order that does not depend on the threads'
    /// timing: the first part's, then the second's, and so on (which may not be the order of
    /// one thread). A budget's guesses are shared out equally between the parts. On Gecode's
    /// 25×25 examples on two cores, 1.8 times as fast as one thread in all (BENCHMARKS.md §8.3).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Solutions {
        self.threads = threads;
        self
    }

    /// Bound the search from now on.
    pub fn set_budget(&mut self, budget: &Budget) {
        self.budget = Limits::of(budget);
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        if self.parts.is_empty() {
            return self.stats;
        }
        // Each part counts from where the search stood when it split.
        let base = self.stats;
        let others = self.parts.len() as u64 - 1;
        let sum = |f: fn(&Part) -> u64| self.parts.iter().map(f).sum::<u64>();
        Stats {
            guesses: sum(|p| p.stats.guesses) - others * base.guesses,
            dead_ends: sum(|p| p.stats.dead_ends) - others * base.dead_ends,
            solutions: sum(|p| p.taken) + base.solutions,
        }
    }

    /// Whether clause learning has taken the search over ([`Solutions::learn_after`]): its
    /// guesses are then decisions, and its dead ends contradictions.
    pub fn learns(&self) -> bool {
        self.learner.is_some() || !self.parts.is_empty()
    }

    /// Whether the search is over, and why.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The geometry searched.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The value of each cell as the search stands, 0 for a cell not placed, in reading order:
    /// after `next()` returned a solution, the solution.
    pub fn values(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|&w| if w & PLACED != 0 { (w & !PLACED).trailing_zeros() as u8 + 1 } else { 0 })
            .collect()
    }

    /// The grid as the search stands, as a board: after `next()` returned a solution, the
    /// solution.
    pub fn board(&self) -> Board {
        let board = Board::empty_of(&self.geometry);
        for (cell, value) in self.geometry.all_cells().zip(self.values()) {
            if let Some(digit) = Digit::new_checked(value) {
                board.place(cell, digit).expect("a placed cell keeps the rules");
            }
        }
        board
    }

    /// Place the value `bit` in `cell` (to be propagated); `false` if the cell cannot take it.
    #[inline]
    fn place(&mut self, cell: usize, bit: u32) -> bool {
        let word = self.cells[cell];
        if word & bit == 0 {
            return false;
        }
        if word & PLACED == 0 {
            self.cells[cell] = bit | PLACED;
            self.queue.push(cell as u16);
        }
        true
    }

    /// Draw the consequences of the cells placed: `false` at a contradiction.
    fn propagate(&mut self) -> bool {
        let side = self.geometry.side();
        let values = self.geometry.values().bits();
        loop {
            // Naked singles: each placed value leaves its peers.
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                let bit = self.cells[cell] & !PLACED;
                let (from, to) =
                    (self.tables.peer_start[cell] as usize, self.tables.peer_start[cell + 1] as usize);
                for &peer in &self.tables.peers[from..to] {
                    if remove(&mut self.cells, &mut self.queue, peer, bit).is_err() {
                        self.weights[peer as usize] += 1;
                        self.weights[cell] += 1;
                        return false;
                    }
                }
                // Non-consecutive: the values one above and one below leave the neighbours.
                let (from, to) = (
                    self.tables.adjacent_start[cell] as usize,
                    self.tables.adjacent_start[cell + 1] as usize,
                );
                let next = (bit << 1 | bit >> 1) & values;
                for &neighbour in &self.tables.adjacent[from..to] {
                    if remove(&mut self.cells, &mut self.queue, neighbour, next).is_err() {
                        self.weights[neighbour as usize] += 1;
                        self.weights[cell] += 1;
                        return false;
                    }
                }
            }
            // Non-consecutive, read before the houses: a word a cell, and what it takes out
            // spares the house reads a round (the hard puzzle of BENCHMARKS §9: 255 ms read
            // after the locked candidates, 185 ms here).
            match self.between() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            // Hidden singles, and values with no place left, house by house.
            let mut placed_any = false;
            for start in (0..self.tables.members.len()).step_by(side) {
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for &cell in &self.tables.members[start..start + side] {
                    let word = self.cells[cell as usize];
                    let bits = word & !PLACED;
                    twice |= once & bits;
                    once |= bits;
                    if word & PLACED != 0 {
                        placed |= bits;
                    }
                }
                if once != values {
                    for &cell in &self.tables.members[start..start + side] {
                        self.weights[cell as usize] += 1;
                    }
                    return false;
                }
                let mut singles = once & !twice & !placed;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    let house = &self.tables.members[start..start + side];
                    let Some(&cell) = house.iter().find(|&&c| self.cells[c as usize] & bit != 0) else {
                        return false;
                    };
                    // The cell may have been made another value's only place just now.
                    let word = self.cells[cell as usize];
                    if word & PLACED != 0 && word & !PLACED != bit {
                        return false;
                    }
                    if !self.place(cell as usize, bit) {
                        return false;
                    }
                    placed_any = true;
                }
            }
            if placed_any || !self.queue.is_empty() {
                continue;
            }
            match self.sums() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if self.tables.linear.get().is_some_and(|linear| !linear.is_empty()) {
                match self.linear() {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            match self.lock() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.own_rules() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if self.geometry.side() < MATCHING_FROM {
                return true;
            }
            match self.match_houses() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// The rules of the user's own ([`Geometry::with_rule`]): each prunes in turn. `None` at a
    /// contradiction, else whether any candidate left.
    fn own_rules(&mut self) -> Option<bool> {
        let geometry = &self.geometry;
        if geometry.rules().is_empty() {
            return Some(false);
        }
        let mut changed = false;
        for rule in geometry.rules() {
            let mut grid = Candidates::new(geometry.side(), &mut self.cells, &mut self.queue);
            if rule.prune(&mut grid).is_err() {
                // The rule's cells are not known: every open cell takes a share of the blame.
                for (cell, &word) in self.cells.iter().enumerate() {
                    self.weights[cell] += u32::from(word & PLACED == 0);
                }
                return None;
            }
            changed |= grid.changed();
        }
        Some(changed)
    }

    /// Whether the full grid in the state keeps every rule of the user's own (the engine's own
    /// rules are kept by construction).
    fn keeps_own_rules(&self) -> bool {
        let rules = self.geometry.rules();
        if rules.is_empty() {
            return true;
        }
        let values = self.values();
        rules.iter().all(|rule| rule.check(&values, self.geometry.side()))
    }

    /// Each house's values and cells as a matching (Régin's filter for "all different", on a
    /// house that holds every value once): a cell keeps a candidate only if some assignment of
    /// the house's open values to its open cells, one each, gives it that value. This finds
    /// every naked and hidden subset of every size at once. `None` at a contradiction (no
    /// such assignment), else whether any candidate left.
    fn match_houses(&mut self) -> Option<bool> {
        let side = self.geometry.side();
        let mut changed = false;
        for (house, start) in (0..self.tables.members.len()).step_by(side).enumerate() {
            let mut cells = [0u16; MAX_SIDE];
            let mut domains = [0u32; MAX_SIDE];
            let mut m = 0;
            // The house's state in a word (FNV-1a of its cells' words): a house read before in
            // the same state, with nothing to take, is not read again.
            let mut state = 0xcbf2_9ce4_8422_2325u64;
            for &cell in &self.tables.members[start..start + side] {
                let word = self.cells[cell as usize];
                state = (state ^ u64::from(word)).wrapping_mul(0x0000_0100_0000_01b3);
                if word & PLACED == 0 {
                    cells[m] = cell;
                    domains[m] = word;
                    m += 1;
                }
            }
            if m < 3 || self.matched[house] == state {
                continue;
            }
            // As many open values as open cells, or a value placed is still to leave its
            // peers: the queue goes first.
            let open = domains[..m].iter().fold(0, |all, d| all | d);
            if open.count_ones() as usize != m {
                return if open.count_ones() < m as u32 { None } else { Some(changed) };
            }
            let Some(allowed) = consistent(&domains[..m]) else {
                for &cell in &cells[..m] {
                    self.weights[cell as usize] += 1;
                }
                return None;
            };
            let mut taken = false;
            for i in 0..m {
                // The matching keeps a candidate in every open cell.
                taken |=
                    remove(&mut self.cells, &mut self.queue, cells[i], domains[i] & !allowed[i]) == Ok(true);
            }
            if !taken {
                self.matched[house] = state;
            }
            changed |= taken;
            if !self.queue.is_empty() {
                break;
            }
        }
        Some(changed)
    }

    /// Non-consecutive, beyond the values placed: a neighbour keeps a value only if the cell
    /// has a candidate that is neither that value nor one apart from it (arc consistency on
    /// each two side-by-side cells). A cell left with 4 and 6 takes 5 from its neighbours; one
    /// left with 4 and 5 takes both, one left with 4, 5 and 6 takes 5. `None` at a
    /// contradiction, else whether any candidate left.
    fn between(&mut self) -> Option<bool> {
        if self.tables.adjacent.is_empty() {
            return Some(false);
        }
        let mut changed = false;
        let values = self.geometry.values().bits();
        for cell in 0..self.cells.len() {
            let word = self.cells[cell];
            // Candidates more than two apart leave no value near them all.
            if word & PLACED != 0 || word == 0 || word >> word.trailing_zeros() > 0b111 {
                continue;
            }
            // The values next to or equal to every candidate of the cell: a neighbour (a peer
            // too, in the same row or column) holding one would leave the cell nothing.
            let mut near = values;
            let mut rest = word;
            while rest != 0 && near != 0 {
                let y = rest & rest.wrapping_neg();
                rest ^= y;
                near &= y << 1 | y | y >> 1;
            }
            if near == 0 {
                continue;
            }
            let (from, to) =
                (self.tables.adjacent_start[cell] as usize, self.tables.adjacent_start[cell + 1] as usize);
            for &neighbour in &self.tables.adjacent[from..to] {
                take(&mut self.cells, &mut self.queue, neighbour, near, &mut changed)?;
            }
            if !self.queue.is_empty() {
                break;
            }
        }
        Some(changed)
    }

    /// Killer cages: a value stays in a cage's open cell only if some set of different values,
    /// one a cell, adding up to what the placed ones leave of the sum, gives it that value
    /// (the cage combinations a solver by hand writes in the corner). For each set of values of
    /// the right size and sum that the cells' candidates allow, the matching of those values to
    /// the cells ([`consistent`]) says which cell can take which. `None` at a contradiction,
    /// else whether any candidate left.
    fn sums(&mut self) -> Option<bool> {
        let mut changed = false;
        for (number, &(from, to, sum)) in self.tables.cages.iter().enumerate() {
            let cells = &self.tables.cage_cells[from as usize..to as usize];
            let (mut left, mut used, mut open) = (sum, 0u32, 0usize);
            let mut domains = [0u32; MAX_SIDE];
            let mut places = [0u16; MAX_SIDE];
            // The cage's state in a word (FNV-1a of its cells' words): what a read takes depends
            // on nothing else, so a cage read before in the same state with nothing to take is
            // not read again (a collision only skips a filter, as for the matching).
            let mut state = 0xcbf2_9ce4_8422_2325u64;
            for &cell in cells {
                let word = self.cells[cell as usize];
                state = (state ^ u64::from(word)).wrapping_mul(0x0000_0100_0000_01b3);
                if word & PLACED != 0 {
                    let bit = word & !PLACED;
                    used |= bit;
                    left = left.checked_sub(bit.trailing_zeros() + 1)?;
                } else {
                    domains[open] = word;
                    places[open] = cell;
                    open += 1;
                }
            }
            if open == 0 {
                if left != 0 {
                    return None;
                }
                continue;
            }
            if self.read[number] == state {
                continue;
            }
            let mut taken = false;
            let union = domains[..open].iter().fold(0, |all, d| all | d) & !used;
            // A large open cage on a large grid has too many combinations to read at every
            // node (the values of 12 cells out of 25: 5 million): left to the other rules until
            // it is smaller.
            if binomial(union.count_ones(), open as u32) > MAX_COMBINATIONS {
                // Bounds instead: a value stays if the other cells can still make up the rest
                // of the sum with the smallest values left, or the largest.
                for i in 0..open {
                    let mut misfits = 0u32;
                    let mut values = domains[i];
                    while values != 0 {
                        let bit = values & values.wrapping_neg();
                        values ^= bit;
                        let value = bit.trailing_zeros() + 1;
                        let others = union & !bit;
                        let fits = left.checked_sub(value).is_some_and(|rest| {
                            let (least, most) = extremes(others, open as u32 - 1);
                            (least..=most).contains(&rest)
                        });
                        if !fits {
                            misfits |= bit;
                        }
                    }
                    take(&mut self.cells, &mut self.queue, places[i], misfits, &mut taken)?;
                }
                if !taken {
                    self.read[number] = state;
                }
                changed |= taken;
                if !self.queue.is_empty() {
                    break;
                }
                continue;
            }
            let mut allowed = [0u32; MAX_SIDE];
            let mut any = false;
            // The values every combination that fits holds: one of the cells has each.
            let mut required = u32::MAX;
            let mut try_values = |values: u32| {
                let mut restricted = [0u32; MAX_SIDE];
                for (r, d) in restricted.iter_mut().zip(&domains[..open]) {
                    *r = d & values;
                    if *r == 0 {
                        return;
                    }
                }
                // A set that could neither give a cell a value it has not kept yet nor leave
                // out a value all the sets so far hold teaches nothing: its matching is spared.
                let news = restricted[..open].iter().zip(&allowed[..open]).any(|(r, a)| r & !a != 0);
                if !news && required & !values == 0 {
                    return;
                }
                // Every cell open to every value of the set: any order fits, no matching needed.
                if restricted[..open].iter().all(|&r| r == values) {
                    any = true;
                    required &= values;
                    allowed[..open].iter_mut().for_each(|a| *a |= values);
                    return;
                }
                if let Some(fit) = consistent(&restricted[..open]) {
                    any = true;
                    required &= values;
                    for i in 0..open {
                        allowed[i] |= fit[i];
                    }
                }
            };
            match self.tables.sets.get(open, left) {
                Some(sets) => sets.iter().filter(|&&set| set & !union == 0).for_each(|&set| try_values(set)),
                None => combinations(union, open as u32, left, 0, &mut try_values),
            }
            if !any {
                for &cell in cells {
                    self.weights[cell as usize] += 1;
                }
                return None;
            }
            for i in 0..open {
                take(&mut self.cells, &mut self.queue, places[i], domains[i] & !allowed[i], &mut taken)?;
            }
            if !self.queue.is_empty() {
                changed = true;
                break;
            }
            // A value the cage must hold leaves every cell that sees all its places in the cage.
            while required != 0 {
                let bit = required & required.wrapping_neg();
                required ^= bit;
                let words = self.tables.words;
                let mut seen = [u64::MAX; MAX_CELLS.div_ceil(64)];
                for i in (0..open).filter(|&i| allowed[i] & bit != 0) {
                    let row = &self.tables.peer_bits[places[i] as usize * words..][..words];
                    seen.iter_mut().zip(row).for_each(|(s, r)| *s &= r);
                }
                for (w, &word) in seen[..words].iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        let cell = (w * 64 + word.trailing_zeros() as usize) as u16;
                        word &= word - 1;
                        take(&mut self.cells, &mut self.queue, cell, bit, &mut taken)?;
                    }
                }
            }
            if !taken {
                self.read[number] = state;
            }
            changed |= taken;
            if !self.queue.is_empty() {
                break;
            }
        }
        Some(changed)
    }

    /// Locked candidates: for each two houses that meet, the values the first can hold only
    /// where they meet leave the rest of the second. `None` at a contradiction, else whether
    /// any candidate left.
    fn lock(&mut self) -> Option<bool> {
        let mut changed = false;
        for lock in &self.tables.locks {
            // The candidates of the cells not placed (a placed value is no candidate elsewhere
            // in the house: it is never locked).
            let open = |(from, to): (u32, u32)| {
                let cells = &self.tables.lock_cells[from as usize..to as usize];
                cells
                    .iter()
                    .map(|&c| self.cells[c as usize])
                    .filter(|w| w & PLACED == 0)
                    .fold(0, |all, w| all | w)
            };
            let shared = open(lock.shared);
            if shared == 0 {
                continue;
            }
            // Both ways, from what the two houses held before either lost a candidate.
            let (first, second) = (open(lock.first), open(lock.second));
            for (locked, elsewhere) in [(shared & !first, lock.second), (shared & !second, lock.first)] {
                if locked == 0 {
                    continue;
                }
                let (from, to) = elsewhere;
                for &cell in &self.tables.lock_cells[from as usize..to as usize] {
                    match remove(&mut self.cells, &mut self.queue, cell, locked) {
                        Ok(removed) => changed |= removed,
                        Err(()) => {
                            self.weights[cell as usize] += 1;
                            return None;
                        }
                    }
                }
                // A cell placed: its value leaves its peers before any house is read again
                // (read now, the placed cell and a peer would both seem to hold it).
                if !self.queue.is_empty() {
                    return Some(changed);
                }
            }
        }
        Some(changed)
    }

    /// The guess to make: the empty cell with the fewest candidates for the contradictions it
    /// took part in (its weight: Boussemart's dom/wdeg, which steers the search to where it
    /// failed before), the first in reading order on a tie; unless a value has fewer places
    /// left in a house than that cell has candidates. `None` when every cell is placed.
    fn choose(&self) -> Option<Frame> {
        // (candidates, 1 + weight, cell): a has fewer for its weight than b when
        // a.0 * b.1 < b.0 * a.1.
        let mut best: Option<(u64, u64, usize)> = None;
        for (cell, &word) in self.cells.iter().enumerate() {
            if word & PLACED != 0 {
                continue;
            }
            let (count, weight) = (u64::from(word.count_ones()), 1 + u64::from(self.weights[cell]));
            if best.is_none_or(|(c, w, _)| count * w < c * weight) {
                best = Some((count, weight, cell));
            }
        }
        let (fewest, _, cell) = best?;
        let mut best = Some((fewest as u32, Frame::Cell { cell: cell as u16, left: self.cells[cell] }));
        let mut fewest = fewest as u32;
        // With killer cages or a relation between cells, cells only: a cell's guess feeds its
        // cages' sums and its neighbours, a value's place in a house much less (BENCHMARKS §9:
        // Wecoc #1 994,716 guesses with places, 17,680 without; the four puzzles with
        // relations 120,365 and 74,487).
        if fewest == 2 || self.tables.cells_only {
            return best.map(|(_, frame)| frame);
        }
        let side = self.geometry.side();
        for (house, cells) in self.tables.members.chunks_exact(side).enumerate() {
            // The places of each value not placed in the house: counted with two bits' worth
            // of counters would be faster; a guess is rare beside the propagation.
            let placed = cells.iter().fold(0, |all, &c| {
                let word = self.cells[c as usize];
                if word & PLACED != 0 { all | word } else { all }
            });
            let mut open = self.geometry.values().bits() & !placed;
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let places = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| self.cells[c as usize] & bit != 0)
                    .fold(0u32, |all, (i, _)| all | 1 << i);
                let count = places.count_ones();
                if count < fewest {
                    fewest = count;
                    best = Some((count, Frame::Place { house: house as u16, bit, left: places }));
                    if count == 2 {
                        return best.map(|(_, frame)| frame);
                    }
                }
            }
        }
        best.map(|(_, frame)| frame)
    }

    /// Try the next value of the newest guess, going back to older guesses as they run out:
    /// `false` when none is left (or the budget is spent).
    fn advance(&mut self) -> bool {
        let size = self.cells.len();
        loop {
            let depth = self.frames.len();
            let side = self.geometry.side();
            let Some(frame) = self.frames.last_mut() else { return false };
            if frame.is_spent() {
                self.frames.pop();
                continue;
            }
            if self.budget.spent(self.stats.guesses) {
                self.outcome = Outcome::OutOfBudget;
                return false;
            }
            let (cell, bit) = frame.take(&self.tables, side).expect("a frame with choices left");
            let from = (depth - 1) * size;
            self.cells.copy_from_slice(&self.saved[from..from + size]);
            self.queue.clear();
            self.stats.guesses += 1;
            if self.place(cell, bit) && self.propagate() {
                return true;
            }
            self.stats.dead_ends += 1;
        }
    }

    /// Whether the grid has killer cages whose sums over bands of houses are not made yet.
    fn needs_bands(&self) -> bool {
        !self.tables.cages.is_empty() && self.tables.linear.get().is_none()
    }

    /// Make the sums over bands of houses ([`linear`]) and draw what they take: `false` at a
    /// contradiction. Made once a geometry, when a killer's search first has to guess.
    fn read_bands(&mut self) -> bool {
        self.tables.linear.get_or_init(|| linear::derive(&self.geometry, &self.tables.cage_sets()));
        self.propagate()
    }

    /// Make the guess `frame`: save the state, and take its first choice.
    fn guess(&mut self, frame: Frame) -> bool {
        let size = self.cells.len();
        let depth = self.frames.len();
        if self.saved.len() < (depth + 1) * size {
            self.saved.resize((depth + 1) * size, 0);
        }
        self.saved[depth * size..(depth + 1) * size].copy_from_slice(&self.cells);
        self.frames.push(frame);
        self.advance()
    }
}

impl Iterator for Solutions {
    type Item = ();

    /// Find the next solution, and leave it in the search ([`Solutions::board`]).
    fn next(&mut self) -> Option<()> {
        if self.outcome != Outcome::Running {
            return None;
        }
        if !self.parts.is_empty() {
            return self.next_split();
        }
        if self.learner.is_some() {
            return self.next_learned();
        }
        let alive = if self.started {
            self.advance()
        } else {
            self.started = true;
            let alive = self.propagate();
            if !alive {
                self.stats.dead_ends += 1;
            }
            alive
        };
        let mut alive = alive;
        while alive {
            match self.choose() {
                None if self.keeps_own_rules() => {
                    self.stats.solutions += 1;
                    if self.tables.learns && self.found.len() < learn::KEEP_FOUND {
                        self.found.push(self.values());
                    }
                    return Some(());
                }
                // A search that keeps failing: clause learning takes over from the root.
                Some(_)
                    if self.tables.learns
                        && self.found.len() < learn::KEEP_FOUND
                        && self.stats.guesses >= self.learn_after =>
                {
                    // From the root: the state the first guess saved, or the state now if
                    // there was none.
                    let size = self.cells.len();
                    let root = if self.frames.is_empty() { &self.cells[..] } else { &self.saved[..size] };
                    let learner =
                        Box::new(learn::Learner::new(&self.tables, self.geometry.side(), root, &self.found));
                    self.frames.clear();
                    let split = match self.threads {
                        1 => Err(learner),
                        threads => learner.split_into(&self.tables, PARTS_A_THREAD * threads),
                    };
                    match split {
                        Ok(learners) => {
                            self.parts = parts(learners, self.stats, self.budget);
                            return self.next_split();
                        }
                        Err(learner) => {
                            self.learner = Some(learner);
                            return self.next_learned();
                        }
                    }
                }
                // A full grid that breaks a rule of the user's own: a dead end.
                None => {
                    self.stats.dead_ends += 1;
                    alive = self.advance();
                }
                // The first guess of a killer: the sums over bands are made now, and what they
                // take is taken before any guess.
                Some(_) if self.needs_bands() => {
                    alive = self.read_bands();
                    if !alive {
                        self.stats.dead_ends += 1;
                        alive = self.advance();
                    }
                }
                Some(frame) => alive = self.guess(frame),
            }
        }
        if self.outcome == Outcome::Running {
            self.outcome = Outcome::Exhausted;
        }
        None
    }
}

impl FusedIterator for Solutions {}

impl Solutions {
    /// [`Iterator::next`] once clause learning has taken over.
    fn next_learned(&mut self) -> Option<()> {
        let learner = self.learner.as_mut().expect("the learner has taken over");
        match learner.next(&self.tables, &mut self.cells, &mut self.stats, &self.budget) {
            Some(true) => Some(()),
            Some(false) => {
                self.outcome = Outcome::OutOfBudget;
                None
            }
            None => {
                self.outcome = Outcome::Exhausted;
                None
            }
        }
    }
}

/// One part of clause learning's search split into parts ([`Solutions::threads`]), searched
/// on the threads as they come free (the first part's solutions are read first, then the
/// second's, and so on), with the solutions it has found ahead of the reader.
#[derive(Clone)]
struct Part {
    learner: learn::Learner,
    /// Its counters, from those of the whole search when it split.
    stats: Stats,
    budget: Limits,
    /// Solutions found and not read yet, as the engine's words, the first first.
    ahead: VecDeque<Vec<u32>>,
    /// Solutions read.
    taken: u64,
    /// How it ended, once it has.
    end: Option<Outcome>,
}

/// Solutions a part finds ahead of the reader: two, as a solve asks (the first, and whether it
/// is unique), so that the parts of such a search run side by side to their ends.
const AHEAD: usize = 2;

/// Parts a thread: the search is split into (at least) this many parts for each thread, so that
/// a thread whose part ends early takes another rather than waiting for the slowest.
const PARTS_A_THREAD: usize = 2;

/// The parts of a search split into `learners`, each counting from `stats` and with an equal
/// share of what is left of `budget`.
fn parts(learners: Vec<learn::Learner>, stats: Stats, budget: Limits) -> Vec<Part> {
    let ways = learners.len() as u64;
    let part = |learner| Part {
        learner,
        stats,
        budget: budget.share(stats.guesses, ways),
        ahead: VecDeque::new(),
        taken: 0,
        end: None,
    };
    learners.into_iter().map(part).collect()
}

impl Part {
    fn wants_more(&self) -> bool {
        self.end.is_none() && self.ahead.len() < AHEAD
    }

    /// Search on until `AHEAD` solutions are waiting or the part has ended.
    fn search(&mut self, tables: &Tables, size: usize) {
        while self.wants_more() {
            let mut cells = vec![0; size];
            match self.learner.next(tables, &mut cells, &mut self.stats, &self.budget) {
                Some(true) => self.ahead.push_back(cells),
                Some(false) => self.end = Some(Outcome::OutOfBudget),
                None => self.end = Some(Outcome::Exhausted),
            }
        }
    }
}

/// Search `parts` on up to `threads` threads, each taking the next part in order as it comes
/// free (on this thread alone if no other can be started).
fn search_parts(parts: Vec<&mut Part>, threads: usize, tables: &Tables, size: usize) {
    let workers = threads.min(parts.len());
    let queue = std::sync::Mutex::new(parts.into_iter());
    on_threads(workers, || {
        loop {
            let next = queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner).next();
            let Some(part) = next else { break };
            part.search(tables, size);
        }
    });
}

impl Solutions {
    /// [`Iterator::next`] once clause learning has taken over and split.
    fn next_split(&mut self) -> Option<()> {
        loop {
            // The parts are read in order, each to its end.
            let last = self.parts.len() - 1;
            let at = self
                .parts
                .iter()
                .position(|p| !(p.ahead.is_empty() && p.end == Some(Outcome::Exhausted)))
                .unwrap_or(last);
            let part = &mut self.parts[at];
            if let Some(cells) = part.ahead.pop_front() {
                part.taken += 1;
                self.cells.copy_from_slice(&cells);
                return Some(());
            }
            if let Some(end) = part.end {
                self.outcome = end;
                return None;
            }
            // Nothing to read: the parts from this one on search at once, as far as each may
            // go ahead.
            let (tables, size) = (&self.tables, self.cells.len());
            let wanting: Vec<&mut Part> = self.parts[at..].iter_mut().filter(|p| p.wants_more()).collect();
            search_parts(wanting, self.threads, tables, size);
        }
    }
}

/// What [`Solutions::count_within`] found: how many solutions, up to its limit, with the counters of
/// the whole search and how it ended ([`Outcome::Running`] when the limit came first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The solutions counted, up to the limit.
    pub solutions: u64,
    /// The search's counters, every part's together when it was split.
    pub stats: Stats,
    /// How the search ended.
    pub outcome: Outcome,
}

/// Guesses the depth-first search makes before a count splits it over threads: a count that
/// ends sooner is not worth starting them.
const SPLIT_AFTER: u64 = 1_000;

/// Guesses a part of a split count makes between two looks at the others (whether a thread
/// waits for work, whether the budget or the limit is reached): about half a millisecond.
const SLICE: u64 = 1_024;

impl Solutions {
    /// Count the solutions left, up to `limit`. With two threads or more
    /// ([`Solutions::threads`]) a depth-first search with many solutions (more than clause
    /// learning would take over from), or on a grid where it never does (cages, relations),
    /// is shared out over the threads once it has made a thousand guesses: a thread that has
    /// nothing to search is given half the choices left at the shallowest guess of a search
    /// under way, so that the threads' solutions are the search's, each once, and no thread
    /// idles while another has work left. The budget's guesses are those of every thread.
    ///
    /// ```
    /// use backtrack::sudoku::{Board, search::Solutions};
    ///
    /// // The 4×4 grids: 288 (OEIS A107739), on one thread and on two.
    /// let empty: Board = ".".repeat(16).parse()?;
    /// assert_eq!(Solutions::new(&empty).count_within(u64::MAX).solutions, 288);
    /// assert_eq!(Solutions::new(&empty).threads(2).count_within(u64::MAX).solutions, 288);
    /// assert_eq!(Solutions::new(&empty).threads(2).count_within(100).solutions, 100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_within(mut self, limit: u64) -> Count {
        let mut counted = 0;
        while counted < limit {
            if self.threads > 1 && self.stats.guesses >= SPLIT_AFTER && self.splits_depth_first() {
                return self.count_shared(counted, limit);
            }
            if self.next().is_none() {
                break;
            }
            counted += 1;
        }
        Count { solutions: counted, stats: self.stats(), outcome: self.outcome }
    }

    /// Count shard `shard` of the solutions of `board`, on one thread: the puzzle cut into at
    /// least `parts` puzzles (one more cell filled in at each step, the open cell with the
    /// fewest candidates, with each of its candidates in turn), so that each of its solutions
    /// is a solution of exactly one of them; the puzzles dealt out back and forth as
    /// [`Shard::takes_subtree`] deals subtrees, and the shard's counted with
    /// [`count_within`](Solutions::count_within). The shards' counts add up to the puzzle's,
    /// on any grid and under any rule the engine takes (Dancing Links' shards,
    /// [`ExactCover::count_shard`](super::ExactCover::count_shard), take houses and killer
    /// cages only, with the counters of one search); their guesses to about one search's.
    ///
    /// The `budget` bounds the shard's searches together (guesses, a deadline, which bounds
    /// the cut too); a shard that runs out of it stops with [`Outcome::OutOfBudget`] and
    /// counts that are a lower bound. The cut's puzzles are made one at a time as the shard
    /// walks them, so a cut into millions of parts takes no more memory than one of a few.
    ///
    /// ```
    /// use backtrack::Budget;
    /// use backtrack::split::Shard;
    /// use backtrack::sudoku::{Board, Extra, Geometry, search::Solutions};
    ///
    /// // The 4×4 grids that keep the anti-king rule, in three shards: as many as one count.
    /// let geometry = Geometry::of_side(4)?.with_extras(&[Extra::AntiKing])?;
    /// let empty = Board::empty_of(&geometry);
    /// let whole = Solutions::new(&empty).count_within(u64::MAX).solutions;
    /// let shards: u64 = (1..=3)
    ///     .map(|i| Solutions::count_shard(&empty, 12, Shard::new(i, 3).unwrap(), &Budget::new()).solutions)
    ///     .sum();
    /// assert_eq!(shards, whole);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_shard(board: &Board, parts: usize, shard: Shard, budget: &Budget) -> Count {
        let mut total = Count { solutions: 0, stats: Stats::default(), outcome: Outcome::OutOfBudget };
        let (whole, deadline) = (Limits::of(budget), budget.deadline_at());
        let Some(depth) = cut_depth(board, parts, deadline) else { return total };
        let mut n = 0;
        let cut = cut(board, depth, deadline, &mut |puzzle| {
            n += 1;
            if !shard.takes_subtree(n - 1) {
                return Ok(());
            }
            let mut search = Solutions::new(puzzle);
            search.budget = whole.after(total.stats.guesses);
            let count = search.count_within(u64::MAX);
            total.solutions += count.solutions;
            total.stats.add(&count.stats);
            if count.outcome == Outcome::OutOfBudget { Err(()) } else { Ok(()) }
        });
        if cut.is_ok() {
            total.outcome = Outcome::Exhausted;
        }
        total
    }

    /// Whether the depth-first search has the rest of the search to itself (clause learning
    /// will not take over from the root).
    fn splits_depth_first(&self) -> bool {
        self.outcome == Outcome::Running
            && self.learner.is_none()
            && self.parts.is_empty()
            && (!self.tables.learns || self.found.len() >= learn::KEEP_FOUND)
    }

    /// Half the choices left at the shallowest guess that has two or more, as a search of
    /// their own, which this one will not make; `None` if no guess has two.
    fn split_off(&mut self) -> Option<Solutions> {
        let depth = self.frames.iter().position(|f| f.choices() >= 2)?;
        let mut other = self.clone();
        other.frames.truncate(depth + 1);
        // The guesses above keep their choices for this search.
        for frame in &mut other.frames[..depth] {
            frame.give(frame.choices());
        }
        let half = self.frames[depth].choices() / 2;
        other.frames[depth] = self.frames[depth].give(half);
        Some(other)
    }

    /// Count the rest of the depth-first search on its threads; `counted` solutions are
    /// counted already.
    fn count_shared(mut self, counted: u64, limit: u64) -> Count {
        // No search of a thread may hand over to clause learning: it starts from the root.
        self.learn_after = u64::MAX;
        let (threads, whole, guesses) = (self.threads, self.budget, self.stats.guesses);
        let shared = Shared {
            pool: std::sync::Mutex::new(Pool {
                parts: vec![(self, Stats::default())],
                busy: 0,
                waiting: 0,
                done: false,
            }),
            wake: std::sync::Condvar::new(),
            hungry: AtomicUsize::new(0),
            guesses: AtomicU64::new(guesses),
            reserved: AtomicU64::new(guesses),
            solutions: AtomicU64::new(counted),
            stopped: AtomicBool::new(false),
            over_budget: AtomicBool::new(false),
            stats: std::sync::Mutex::new(Stats::default()),
        };
        on_threads(threads, || shared.work(threads, limit, whole));
        let stats = *shared.stats.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let solutions = shared.solutions.into_inner().min(limit);
        let outcome = if shared.over_budget.into_inner() {
            Outcome::OutOfBudget
        } else if solutions == limit {
            Outcome::Running
        } else {
            Outcome::Exhausted
        };
        Count { solutions, stats, outcome }
    }
}

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// A depth-first count shared out over threads ([`Solutions::count_within`]).
struct Shared {
    pool: std::sync::Mutex<Pool>,
    /// Wakes a thread waiting for work.
    wake: std::sync::Condvar,
    /// The threads waiting for work, read without the lock.
    hungry: AtomicUsize,
    /// The guesses of the whole search, every thread's.
    guesses: AtomicU64,
    /// Those, and the guesses the slices under way may still make: never past the budget.
    reserved: AtomicU64,
    /// The solutions counted.
    solutions: AtomicU64,
    /// The count has ended: its limit or its budget is reached.
    stopped: AtomicBool,
    over_budget: AtomicBool,
    /// The counters of every search, from the root.
    stats: std::sync::Mutex<Stats>,
}

/// The searches waiting for a thread, each with the counters it started from; the threads
/// searching one, and those waiting for one.
struct Pool {
    parts: Vec<(Solutions, Stats)>,
    busy: usize,
    waiting: usize,
    done: bool,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Pool> {
        self.pool.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The next search to make (`ended`: the caller's last one is over), waiting for one while
    /// another thread searches and may give it one; `None` once no thread searches and none is
    /// left (the count is over).
    fn take(&self, ended: bool) -> Option<(Solutions, Stats)> {
        let mut pool = self.lock();
        pool.busy -= usize::from(ended);
        loop {
            if let Some(part) = pool.parts.pop() {
                pool.busy += 1;
                return Some(part);
            }
            if pool.done || pool.busy == 0 {
                pool.done = true;
                self.wake.notify_all();
                return None;
            }
            pool.waiting += 1;
            self.hungry.store(pool.waiting, Relaxed);
            pool = self.wake.wait(pool).unwrap_or_else(std::sync::PoisonError::into_inner);
            pool.waiting -= 1;
            self.hungry.store(pool.waiting, Relaxed);
        }
    }

    /// Give a waiting thread a part of `part`'s search, if one waits with nothing given yet.
    fn feed(&self, part: &mut Solutions) {
        let mut pool = self.lock();
        if pool.waiting > pool.parts.len() {
            if let Some(other) = part.split_off() {
                let from = other.stats;
                pool.parts.push((other, from));
                self.wake.notify_one();
            }
        }
    }

    /// One thread's share of the count: searches taken from the pool until none is left.
    fn work(&self, threads: usize, limit: u64, whole: Limits) {
        let mut ended = false;
        while let Some((mut part, from)) = self.take(ended) {
            ended = true;
            let mut own = 0;
            while !self.stopped.load(Relaxed) {
                // A slice, or less as the budget's guesses run out: reserved before it is made,
                // so that the threads together never pass the budget, and what it did not
                // make given back.
                let before = part.stats.guesses;
                let mut slice = 0;
                let _ = self.reserved.fetch_update(Relaxed, Relaxed, |reserved| {
                    let left = whole.guesses_left(reserved);
                    slice = SLICE.min(left / threads as u64 + 1).min(left);
                    Some(reserved + slice)
                });
                part.budget = Limits::slice(before + slice);
                let found = part.next();
                let made = part.stats.guesses - before;
                self.reserved.fetch_sub(slice - made, Relaxed);
                let all = self.guesses.fetch_add(made, Relaxed) + made;
                if slice == 0 {
                    // The others hold what is left: they make it or give it back.
                    std::thread::yield_now();
                }
                match found {
                    Some(()) => {
                        own += 1;
                        if own == 256 {
                            self.solutions.fetch_add(own, Relaxed);
                            own = 0;
                        }
                        if self.solutions.load(Relaxed) + own >= limit {
                            self.stopped.store(true, Relaxed);
                        }
                    }
                    // The slice is over: the search goes on.
                    None if part.outcome == Outcome::OutOfBudget => part.outcome = Outcome::Running,
                    None => break,
                }
                if whole.over(all) {
                    self.over_budget.store(true, Relaxed);
                    self.stopped.store(true, Relaxed);
                }
                if self.hungry.load(Relaxed) > 0 {
                    self.feed(&mut part);
                }
            }
            self.solutions.fetch_add(own, Relaxed);
            let mut stats = self.stats.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            stats.guesses += part.stats.guesses - from.guesses;
            stats.dead_ends += part.stats.dead_ends - from.dead_ends;
            stats.solutions += part.stats.solutions - from.solutions;
        }
    }
}

impl fmt::Debug for Solutions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("geometry", &self.geometry)
            .field("depth", &self.frames.len())
            .field("outcome", &self.outcome)
            .field("stats", &self.stats)
            .finish()
    }
}

/// The houses that meet in two cells or more, in both orders, with their cells: what
/// [`Solutions::lock`] reads.
fn locks(geometry: &Geometry) -> (Vec<Lock>, Vec<u16>) {
    let houses = geometry.houses().len();
    let (mut locks, mut cells) = (Vec::new(), Vec::new());
    let push = |part: &mut dyn Iterator<Item = u16>, cells: &mut Vec<u16>| {
        let from = cells.len() as u32;
        cells.extend(part);
        (from, cells.len() as u32)
    };
    // Whether a cell is in a house: through the few houses of the cell, not the house's cells
    // (a jigsaw puzzle's grid is its own, and its tables are made with the puzzle).
    let within = |cell: &super::Cell, house: usize| geometry.homes(*cell).contains(&(house as u16));
    for a in 0..houses {
        // The houses that meet house a, each once.
        let mut met: Vec<usize> =
            geometry.members(a).iter().flat_map(|&c| geometry.homes(c)).map(|&h| h as usize).collect();
        met.sort_unstable();
        met.dedup();
        // Each two houses once: a lock reads both ways.
        for b in met.into_iter().filter(|&b| b > a) {
            let (first, second) = (geometry.members(a), geometry.members(b));
            let shared = first.iter().filter(|c| within(c, b)).count();
            if shared < 2 || shared == first.len() {
                continue;
            }
            let index = |c: &super::Cell| c.index() as u16;
            let shared = push(&mut first.iter().filter(|c| within(c, b)).map(index), &mut cells);
            let first = push(&mut first.iter().filter(|c| !within(c, b)).map(index), &mut cells);
            let second = push(&mut second.iter().filter(|c| !within(c, a)).map(index), &mut cells);
            locks.push(Lock { shared, first, second });
        }
    }
    (locks, cells)
}

/// The puzzles of the cut of `board` at `depth`, visited one at a time in order: each step fills
/// in the open cell with the fewest candidates (the first on a tie), one puzzle for each of
/// its candidates (none for a cell left without one); a full grid stays as it is. Each solution
/// of `board` holds one of a cell's candidates, so it is a solution of exactly one puzzle of
/// the cut. The one board is filled in on the way down and taken back on the way up
/// ([`Board::attempt`]), so a cut of millions of puzzles takes no more memory than one of a
/// few, and copies no board. `Ok(true)` if a puzzle of the cut has an open cell (a deeper cut
/// has more puzzles); `Err` once the deadline has passed or `visit` says stop.
fn cut(
    puzzle: &Board,
    depth: usize,
    deadline: Option<std::time::Instant>,
    visit: &mut dyn FnMut(&Board) -> Result<(), ()>,
) -> Result<bool, ()> {
    if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
        return Err(());
    }
    let Some(cell) = puzzle.empty_cells().min_by_key(|&cell| puzzle.candidates(cell).count()) else {
        visit(puzzle)?;
        return Ok(false);
    };
    if depth == 0 {
        visit(puzzle)?;
        return Ok(true);
    }
    let mut deeper = false;
    for digit in puzzle.candidates(cell).digits() {
        let _placed = puzzle.attempt(cell, digit);
        deeper |= cut(puzzle, depth - 1, deadline, visit)?;
    }
    Ok(deeper)
}

/// The depth at which `board`'s cut ([`cut`]) has at least `parts` puzzles, or, for a search
/// that never has so many, where it has the most ([`split::cut_at_depth`]); `None` once the
/// deadline has passed.
fn cut_depth(board: &Board, parts: usize, deadline: Option<std::time::Instant>) -> Option<usize> {
    split::cut_at_depth(parts, 0, |depth| {
        let mut puzzles = 0usize;
        let cut = cut(board, depth, deadline, &mut |_| {
            puzzles += 1;
            Ok(())
        });
        match cut {
            Err(()) => (Tried::Stopped, puzzles, None),
            Ok(true) => (Tried::Deeper, puzzles, Some(depth)),
            Ok(false) => (Tried::Bottom, puzzles, Some(depth)),
        }
    })
}

/// [`remove`], noting in `changed` whether any value left; `None` at a contradiction.
#[inline]
fn take(cells: &mut [u32], queue: &mut Vec<u16>, cell: u16, bits: u32, changed: &mut bool) -> Option<()> {
    *changed |= remove(cells, queue, cell, bits).ok()?;
    Some(())
}

/// Take the values `bits` out of `cell`'s candidates, placing the cell (to be propagated) if
/// one is left: whether any was there, or `Err` if the cell is placed with one of them or is
/// left with none.
#[inline]
fn remove(cells: &mut [u32], queue: &mut Vec<u16>, cell: u16, bits: u32) -> Result<bool, ()> {
    let word = cells[cell as usize];
    if word & bits == 0 {
        return Ok(false);
    }
    let left = word & !bits;
    if word & PLACED != 0 || left == 0 {
        return Err(());
    }
    if left.is_power_of_two() {
        cells[cell as usize] = left | PLACED;
        queue.push(cell);
    } else {
        cells[cell as usize] = left;
    }
    Ok(true)
}

/// The side from which [`Solutions::match_houses`] pays: below it, singles and locked
/// candidates leave few guesses, each cheaper than the matching.
const MATCHING_FROM: usize = 12;

/// The largest side.
const MAX_SIDE: usize = super::geometry::MAX_SIDE;

/// The most cells.
const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// For cells whose candidates are `domains` (as many cells as values, each value once), the
/// candidates each cell keeps in some assignment of one value a cell (`None` if there is
/// none): Régin's filter. An unmatched candidate of cell i survives when it is the value of a
/// cell in i's strongly connected component (see [`Matching`]): the edge lies on an
/// alternating cycle.
fn consistent(domains: &[u32]) -> Option<[u32; MAX_SIDE]> {
    let matching = Matching::new(domains)?;
    if matching.strongly_connected(domains) {
        let mut allowed = [0u32; MAX_SIDE];
        allowed[..domains.len()].copy_from_slice(domains);
        return Some(allowed);
    }
    Some(matching.kept(domains))
}

/// A perfect matching of cells to values, one each. Cell i reaches cell j when i could take
/// j's value (j moving on in turn), and so on transitively.
struct Matching {
    /// The cell (index into the domains) each value (bit) is matched to.
    value_cell: [u8; 32],
    /// Each cell's value, as its bit.
    cell_value: [u32; MAX_SIDE],
}

impl Matching {
    /// The matching of `domains`, found by augmenting paths; `None` if there is none.
    fn new(domains: &[u32]) -> Option<Matching> {
        let m = domains.len();
        let mut value_cell = [u8::MAX; 32];
        let mut cell_value = [0u32; MAX_SIDE];
        // Each cell a value no cell has taken yet, where there is one; augmenting paths for the
        // rest.
        let mut taken = 0u32;
        for i in 0..m {
            let free = domains[i] & !taken;
            if free != 0 {
                let bit = free & free.wrapping_neg();
                taken |= bit;
                cell_value[i] = bit;
                value_cell[bit.trailing_zeros() as usize] = i as u8;
            }
        }
        for i in 0..m {
            let mut seen = 0u32;
            if cell_value[i] == 0 && !augment(i, domains, &mut value_cell, &mut cell_value, &mut seen) {
                return None;
            }
        }
        Some(Matching { value_cell, cell_value })
    }

    /// Whether every cell reaches every other: then every candidate lies on an alternating
    /// cycle and the filter keeps them all. Most houses are so; this answers in a few sweeps
    /// over the cells, in the values' terms (the values a set of cells can move to, the cells
    /// that can move to a set of values), where [`kept`](Matching::kept) takes the square.
    fn strongly_connected(&self, domains: &[u32]) -> bool {
        let all = domains.iter().fold(0, |all, d| all | d);
        let spread = |step: &dyn Fn(u32) -> u32| {
            let mut values = self.cell_value[0];
            loop {
                let next = values | step(values);
                if next == values {
                    return values == all;
                }
                values = next;
            }
        };
        // Forward: the candidates of the cells holding `values`; backward: the values held by
        // the cells that have one of `values` as a candidate. Without a branch a cell.
        let forward = |values: u32| {
            let cells = self.cell_value.iter().zip(domains);
            cells.fold(0, |next, (&own, &domain)| {
                next | domain & 0u32.wrapping_sub(u32::from(own & values != 0))
            })
        };
        let backward = |values: u32| {
            let cells = self.cell_value.iter().zip(domains);
            cells.fold(0, |next, (&own, &domain)| {
                next | own & 0u32.wrapping_sub(u32::from(domain & values != 0))
            })
        };
        spread(&forward) && spread(&backward)
    }

    /// The candidates each cell keeps: its own value, and each other whose cell reaches it back
    /// (the two lie on a cycle). What each cell reaches is closed by Warshall on bit rows.
    fn kept(&self, domains: &[u32]) -> [u32; MAX_SIDE] {
        let m = domains.len();
        let mut reach = [0u32; MAX_SIDE];
        for (i, &domain) in domains.iter().enumerate() {
            let mut others = domain & !self.cell_value[i];
            reach[i] = 1 << i;
            while others != 0 {
                let v = others.trailing_zeros();
                others &= others - 1;
                reach[i] |= 1 << self.value_cell[v as usize];
            }
        }
        for k in 0..m {
            let row = reach[k];
            for reach in &mut reach[..m] {
                *reach |= row & 0u32.wrapping_sub(*reach >> k & 1);
            }
        }
        let mut kept = [0u32; MAX_SIDE];
        for (i, &domain) in domains.iter().enumerate() {
            kept[i] = self.cell_value[i];
            let mut others = domain & !kept[i];
            while others != 0 {
                let v = others.trailing_zeros() as usize;
                others &= others - 1;
                if reach[self.value_cell[v] as usize] >> i & 1 == 1 {
                    kept[i] |= 1 << v;
                }
            }
        }
        kept
    }
}

/// The sums the engine reads: each killer cage's, and those the houses give (the rule of 45 on
/// the classic grid, N(N + 1)/2 on any): the cells of a house outside the cages it holds whole
/// add up to the house's sum less theirs ("innies"); the cells of the cages that cover a house
/// and stick out of it add up to their sums less the house's ("outies"), when they can hold no
/// value twice (all in one house). Each set of cells of different values, with its sum.
fn sums(geometry: &Geometry) -> Vec<(Vec<usize>, u32)> {
    let cages = geometry.cages();
    let mut sums: Vec<(Vec<usize>, u32)> =
        cages.iter().filter_map(|c| Some((c.cells.clone(), c.sum?))).collect();
    if sums.is_empty() {
        return sums;
    }
    let side = geometry.side();
    let total = (side * (side + 1) / 2) as u32;
    let mut cage_of = vec![None; geometry.cells()];
    for (i, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            cage_of[cell] = Some(i);
        }
    }
    let sees = |a: usize, b: usize| {
        let cell = geometry.cell_checked(a).expect("a cell of the grid");
        geometry.peers(cell).iter().any(|p| p.index() == b)
    };
    let mut derived = Vec::new();
    for h in 0..geometry.houses().len() {
        let house: Vec<usize> = geometry.members(h).iter().map(|c| c.index()).collect();
        let mut met: Vec<usize> = house.iter().filter_map(|&c| cage_of[c]).collect();
        met.sort_unstable();
        met.dedup();
        // Innies: the cages wholly inside, with their sums.
        let inside: Vec<usize> =
            met.iter().copied().filter(|&i| cages[i].cells.iter().all(|c| house.contains(c))).collect();
        if inside.iter().all(|&i| cages[i].sum.is_some()) {
            let held: u32 = inside.iter().filter_map(|&i| cages[i].sum).sum();
            let rest: Vec<usize> = house
                .iter()
                .copied()
                .filter(|&c| !inside.contains(&cage_of[c].unwrap_or(usize::MAX)))
                .collect();
            if !rest.is_empty() && rest.len() < side && held <= total {
                derived.push((rest, total - held));
            }
        }
        // Outies: every cell of the house caged, every cage met with a sum.
        if house.iter().all(|&c| cage_of[c].is_some()) && met.iter().all(|&i| cages[i].sum.is_some()) {
            let covered: u32 = met.iter().filter_map(|&i| cages[i].sum).sum();
            let out: Vec<usize> = met
                .iter()
                .flat_map(|&i| cages[i].cells.iter().copied())
                .filter(|c| !house.contains(c))
                .collect();
            let distinct = out.iter().enumerate().all(|(i, &a)| out[i + 1..].iter().all(|&b| sees(a, b)));
            if !out.is_empty() && out.len() <= side && distinct && covered >= total {
                derived.push((out, covered - total));
            }
        }
    }
    for (mut cells, sum) in derived {
        cells.sort_unstable();
        if !sums.iter().any(|(c, _)| {
            let mut c = c.clone();
            c.sort_unstable();
            c == cells
        }) {
            sums.push((cells, sum));
        }
    }
    sums
}

/// The most combinations of values a cage's reading goes through.
const MAX_COMBINATIONS: u64 = 5_000;

/// The least and the most `count` different values of `values` (bits) add up to (the most
/// beyond any sum when there are fewer than `count`: nothing fits).
fn extremes(values: u32, count: u32) -> (u32, u32) {
    if values.count_ones() < count {
        return (u32::MAX, 0);
    }
    let (mut low, mut high, mut least, mut most) = (values, values, 0, 0);
    for _ in 0..count {
        least += low.trailing_zeros() + 1;
        low &= low - 1;
        let top = 31 - high.leading_zeros();
        most += top + 1;
        high &= !(1 << top);
    }
    (least, most)
}

/// n choose k.
fn binomial(n: u32, k: u32) -> u64 {
    (0..u64::from(k.min(n))).fold(1, |c, i| c * (u64::from(n) - i) / (i + 1))
}

/// Call `found` with every set of `count` values of `values` (bits) that add up to `sum` (value
/// of bit i: i + 1), `chosen` holding the values taken so far.
fn combinations(values: u32, count: u32, sum: u32, chosen: u32, found: &mut dyn FnMut(u32)) {
    if count == 0 {
        if sum == 0 {
            found(chosen);
        }
        return;
    }
    if values.count_ones() < count {
        return;
    }
    let low = values & values.wrapping_neg();
    let value = low.trailing_zeros() + 1;
    let top = 32 - values.leading_zeros();
    // `count` different values from the smallest up are already past the sum, or from the
    // largest down cannot reach it (the second cuts the branches that leave out small values
    // until too few large ones are left: most of them, on a 25×25 grid).
    let steps = count * (count - 1) / 2;
    if value * count + steps > sum || top * count < sum + steps {
        return;
    }
    combinations(values ^ low, count - 1, sum - value, chosen | low, found);
    combinations(values ^ low, count, sum, chosen, found);
}

/// Kuhn's augmenting path from cell `i`: match it, moving other cells along the way; `seen`
/// holds the values tried on this path.
fn augment(
    i: usize,
    domains: &[u32],
    value_cell: &mut [u8; 32],
    cell_value: &mut [u32; MAX_SIDE],
    seen: &mut u32,
) -> bool {
    let mut open = domains[i] & !*seen;
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open ^= bit;
        *seen |= bit;
        let v = bit.trailing_zeros() as usize;
        let holder = value_cell[v];
        if holder == u8::MAX || augment(holder as usize, domains, value_cell, cell_value, seen) {
            value_cell[v] = i as u8;
            cell_value[i] = bit;
            return true;
        }
    }
    false
}

/// The bit of a value.
fn bit(digit: Digit) -> u32 {
    1 << (digit.get() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The sets of `count` different values of a random set of values 1 to 25 that add up
        /// to `sum` are those a brute force over every subset finds, each once.
        #[test]
        fn the_combinations_of_a_sum_are_every_subset_that_makes_it(
            values in 0u32..1 << 25,
            count in 0u32..=8,
            sum in 0u32..=160,
        ) {
            let mut found = Vec::new();
            combinations(values, count, sum, 0, &mut |set| found.push(set));
            found.sort_unstable();
            let value_sum = |set: u32| (0..25).filter(|v| set >> v & 1 == 1).map(|v| v + 1).sum::<u32>();
            // Every subset of `values` with `count` bits: Gosper's hack would do it in order;
            // here the subsets of the set, walked as `sub = (sub - 1) & values`.
            let mut expected = Vec::new();
            let mut sub = values;
            loop {
                if sub.count_ones() == count && value_sum(sub) == sum {
                    expected.push(sub);
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & values;
            }
            expected.sort_unstable();
            proptest::prop_assert_eq!(found, expected);
        }
    }

    #[test]
    fn two_threads_split_the_learning_in_parts_that_share_the_grids() {
        // Every 4×4 grid, learned from the first guess on two threads: the search splits, each
        // part finds its own grids (a cell holds a value in each of the first two parts' grids,
        // in none of the other two's), and together they are the 288, each once.
        let four = Board::empty_of(&Geometry::of_side(4).unwrap());
        let mut search = Solutions::new(&four).learn_after(0).threads(2);
        let mut grids = Vec::new();
        while search.next().is_some() {
            grids.push(search.values());
        }
        // Four parts (two a thread): the first two hold a value in a cell, the other two not.
        let taken: Vec<u64> = search.parts.iter().map(|p| p.taken).collect();
        assert_eq!(taken.len(), 4);
        assert_eq!((taken[0] + taken[1], taken[2] + taken[3]), (72, 216));
        assert_eq!(search.stats().solutions, 288);
        assert_eq!(search.outcome(), Outcome::Exhausted);
        grids.sort();
        grids.dedup();
        assert_eq!(grids.len(), 288);
        // One thread: no split.
        let mut alone = Solutions::new(&four).learn_after(0);
        assert_eq!(alone.by_ref().count(), 288);
        assert!(alone.parts.is_empty());
    }

    #[test]
    fn the_matching_keeps_what_an_assignment_can_give() {
        // A naked pair {1, 2}: the third cell keeps 3 alone.
        let allowed = consistent(&[0b011, 0b011, 0b111]).unwrap();
        assert_eq!(&allowed[..3], &[0b011, 0b011, 0b100]);
        // A hidden pair: 3 and 4 only in the first two cells, which lose 1 and 2.
        let allowed = consistent(&[0b1111, 0b1111, 0b0011, 0b0011]).unwrap();
        assert_eq!(&allowed[..4], &[0b1100, 0b1100, 0b0011, 0b0011]);
        // Three cells for two values: no assignment.
        assert_eq!(consistent(&[0b011, 0b011, 0b011]), None);
        // Nothing to take: every value can go anywhere.
        let allowed = consistent(&[0b111, 0b111, 0b111]).unwrap();
        assert_eq!(&allowed[..3], &[0b111, 0b111, 0b111]);
    }

    /// The union, over every assignment of one value a cell (each value once), of the value
    /// each cell takes: what Régin's filter must keep, found by trying them all.
    fn assignments(domains: &[u32], cell: usize, used: u32, taken: &mut Vec<u32>, kept: &mut [u32]) {
        if cell == domains.len() {
            for (kept, &value) in kept.iter_mut().zip(taken.iter()) {
                *kept |= value;
            }
            return;
        }
        let mut left = domains[cell] & !used;
        while left != 0 {
            let bit = left & left.wrapping_neg();
            left ^= bit;
            taken.push(bit);
            assignments(domains, cell + 1, used | bit, taken, kept);
            taken.pop();
        }
    }

    #[test]
    fn the_matching_keeps_exactly_what_some_assignment_gives() {
        // Random domains of 1 to 7 cells over as many values, against every assignment tried.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut connected = 0;
        for _ in 0..20_000 {
            let m = (random() % 7 + 1) as usize;
            let all = (1u32 << m) - 1;
            // Dense domains most of the time, so that many houses are one component.
            let domains: Vec<u32> = (0..m)
                .map(|_| {
                    let d = (random() as u32 | random() as u32) & all;
                    if d == 0 { 1 << (random() % m as u64) } else { d }
                })
                .collect();
            let mut kept = vec![0u32; m];
            assignments(&domains, 0, 0, &mut Vec::new(), &mut kept);
            let found = consistent(&domains);
            if kept.iter().all(|&k| k == 0) {
                assert_eq!(found, None, "{domains:?}");
                continue;
            }
            let found = found.unwrap_or_else(|| panic!("{domains:?} has an assignment"));
            assert_eq!(&found[..m], &kept[..], "{domains:?}");
            connected += usize::from(found[..m] == domains[..]);
        }
        // Both of the filter's paths were taken: a house it keeps whole, and one it cuts.
        assert!(connected > 1_000 && connected < 19_000, "{connected}");
    }

    #[test]
    fn side_by_side_cells_keep_what_the_other_leaves_room_for() {
        use crate::sudoku::Extra;
        let geometry = Geometry::of_side(9).unwrap().with_extras(&[Extra::NonConsecutive]).unwrap();
        let values = |list: &[u32]| list.iter().fold(0, |all, v| all | 1 << (v - 1));
        // r1c1's candidates, and what its neighbours r1c2 and r2c1 lose (r1c3 and r2c2, not
        // beside it, keep everything).
        for (left, lost) in [
            (&[4, 6][..], &[5][..]),
            (&[4, 5], &[4, 5]),
            (&[4, 5, 6], &[5]),
            (&[1, 2], &[1, 2]),
            (&[8, 9], &[8, 9]),
            (&[4, 7], &[]),
            (&[3, 4, 5, 6], &[]),
        ] {
            let mut search = Solutions::new(&Board::empty_of(&geometry));
            search.cells[0] = values(left);
            assert_eq!(search.between(), Some(!lost.is_empty()), "{left:?}");
            let all = geometry.values().bits();
            for beside in [1, 9] {
                assert_eq!(search.cells[beside], all & !values(lost), "{left:?}: cell {beside}");
            }
            for apart in [2, 10] {
                assert_eq!(search.cells[apart], all, "{left:?}: cell {apart}");
            }
        }
    }
}
