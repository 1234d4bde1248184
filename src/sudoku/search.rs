//! The general engine: any [`Geometry`] (any side up to 25, boxes of any shape, jigsaw regions,
//! extra houses), searched with propagation.
//!
//! The state is one word a cell: the candidates left (one bit a value) and a flag for a cell
//! whose value is placed and whose consequences are drawn. Placing a value takes it out of the
//! peers' candidates (a peer left with one is placed in turn: a **naked single**); then every
//! house is read once for the values that have one place left (a **hidden single**) or none (a
//! contradiction), until nothing changes. When propagation stops short of a full grid, the
//! search guesses in the empty cell with the fewest candidates, and a guess is undone by copying
//! back the state it replaced (a few kilobytes at most: cheaper than undoing each consequence).
//!
//! The classic 9×9 grid has a faster engine of its own, [`bitboard`](super::bitboard); this one
//! is what every other grid is solved with, and what the classic grid is checked against.
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

use super::bitboard::{Budget, Outcome, Stats};
use super::{Board, Digit, Geometry};
use std::fmt;
use std::iter::FusedIterator;

/// The flag of a placed cell, above every value's bit.
const PLACED: u32 = 1 << 31;

/// The solutions of a board of any geometry, found one at a time (see the module docs).
///
/// Each `next()` leaves the solution found in the search, where [`Solutions::board`] and
/// [`Solutions::values`] read it.
#[derive(Clone)]
pub struct Solutions {
    geometry: Geometry,
    /// Each house's cells, N a house, houses in [`Geometry::houses`] order.
    members: Vec<u16>,
    /// Each cell's peers, from `peer_start[cell]` to `peer_start[cell + 1]`.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    /// The state: each cell's candidates, with [`PLACED`] once placed.
    cells: Vec<u32>,
    /// Cells placed whose consequences are still to be drawn.
    queue: Vec<u16>,
    /// The guesses in force, the last on top.
    frames: Vec<Frame>,
    /// The state each guess replaced, one after the other.
    saved: Vec<u32>,
    started: bool,
    outcome: Outcome,
    budget: Budget,
    stats: Stats,
}

/// A guess: its cell, and the values not tried yet.
#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: u16,
    left: u32,
}

impl Solutions {
    /// A search for the solutions of `board` (which is not changed).
    pub fn new(board: &Board) -> Solutions {
        let geometry = board.geometry().clone();
        let members = (0..geometry.houses().len())
            .flat_map(|h| geometry.members(h).iter().map(|c| c.index() as u16))
            .collect();
        let mut peers = Vec::new();
        let mut peer_start = vec![0];
        for cell in geometry.all_cells() {
            peers.extend(geometry.peers(cell).iter().map(|c| c.index() as u16));
            peer_start.push(peers.len() as u32);
        }
        let mut search = Solutions {
            members,
            peers,
            peer_start,
            cells: Vec::with_capacity(geometry.cells()),
            queue: Vec::with_capacity(geometry.cells()),
            frames: Vec::new(),
            saved: Vec::new(),
            started: false,
            outcome: Outcome::Running,
            budget: Budget::default(),
            stats: Stats::default(),
            geometry,
        };
        search.load(board);
        search
    }

    /// Read the givens of `board` into the state: a given is placed (its peers' candidates
    /// already leave its value out: the board's houses say so), an empty cell with one
    /// candidate is placed too, and one with none makes the puzzle contradictory.
    fn load(&mut self, board: &Board) {
        let mut contradictory = false;
        for cell in self.geometry.all_cells() {
            let word = match board.get(cell) {
                Some(digit) => bit(digit) | PLACED,
                None => {
                    let candidates = board.candidates(cell).bits();
                    contradictory |= candidates == 0;
                    if candidates.is_power_of_two() {
                        self.queue.push(cell.index() as u16);
                        candidates | PLACED
                    } else {
                        candidates
                    }
                }
            };
            self.cells.push(word);
        }
        if contradictory {
            self.outcome = Outcome::Exhausted;
            self.stats.dead_ends += 1;
        }
    }

    /// The same search, bounded.
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Solutions {
        self.budget = budget;
        self
    }

    /// Bound the search from now on.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
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
                let (from, to) = (self.peer_start[cell] as usize, self.peer_start[cell + 1] as usize);
                for &peer in &self.peers[from..to] {
                    let word = self.cells[peer as usize];
                    if word & bit == 0 {
                        continue;
                    }
                    if word & PLACED != 0 {
                        return false;
                    }
                    let left = word & !bit;
                    if left == 0 {
                        return false;
                    }
                    if left.is_power_of_two() {
                        self.cells[peer as usize] = left | PLACED;
                        self.queue.push(peer);
                    } else {
                        self.cells[peer as usize] = left;
                    }
                }
            }
            // Hidden singles, and values with no place left, house by house.
            let mut placed_any = false;
            for start in (0..self.members.len()).step_by(side) {
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for &cell in &self.members[start..start + side] {
                    let word = self.cells[cell as usize];
                    let bits = word & !PLACED;
                    twice |= once & bits;
                    once |= bits;
                    if word & PLACED != 0 {
                        placed |= bits;
                    }
                }
                if once != values {
                    return false;
                }
                let mut singles = once & !twice & !placed;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    let house = &self.members[start..start + side];
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
            if !placed_any && self.queue.is_empty() {
                return true;
            }
        }
    }

    /// The empty cell with the fewest candidates (the first in reading order on a tie), or
    /// `None` when every cell is placed.
    fn choose(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, &word) in self.cells.iter().enumerate() {
            if word & PLACED != 0 {
                continue;
            }
            let count = word.count_ones();
            if best.is_none_or(|(fewest, _)| count < fewest) {
                best = Some((count, cell));
                if count == 2 {
                    break;
                }
            }
        }
        best.map(|(_, cell)| cell)
    }

    /// Try the next value of the newest guess, going back to older guesses as they run out:
    /// `false` when none is left (or the budget is spent).
    fn advance(&mut self) -> bool {
        let size = self.cells.len();
        loop {
            let depth = self.frames.len();
            let Some(frame) = self.frames.last_mut() else { return false };
            if frame.left == 0 {
                self.frames.pop();
                continue;
            }
            if self.budget.spent(self.stats.guesses) {
                self.outcome = Outcome::OutOfBudget;
                return false;
            }
            let bit = frame.left & frame.left.wrapping_neg();
            frame.left ^= bit;
            let cell = frame.cell as usize;
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

    /// Guess in `cell`: save the state, and take its first value.
    fn guess(&mut self, cell: usize) -> bool {
        let size = self.cells.len();
        let depth = self.frames.len();
        if self.saved.len() < (depth + 1) * size {
            self.saved.resize((depth + 1) * size, 0);
        }
        self.saved[depth * size..(depth + 1) * size].copy_from_slice(&self.cells);
        self.frames.push(Frame { cell: cell as u16, left: self.cells[cell] });
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
                None => {
                    self.stats.solutions += 1;
                    return Some(());
                }
                Some(cell) => alive = self.guess(cell),
            }
        }
        if self.outcome == Outcome::Running {
            self.outcome = Outcome::Exhausted;
        }
        None
    }
}

impl FusedIterator for Solutions {}

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

/// The bit of a value.
fn bit(digit: Digit) -> u32 {
    1 << (digit.get() - 1)
}
