//! The fastest path: the whole grid as bit masks, one per digit and band, searched by copying.
//!
//! Glossary: a **band** is three rows (rows 1–3, 4–6, 7–9). For each digit and band a 27-bit
//! mask holds the cells that can still take the digit, so the grid is 27 machine words. One rule
//! on one word does what a person does with a digit in three boxes at once: it keeps only the
//! cells through which the digit can still pass once per row and once per box (locked
//! candidates, hidden singles in rows and boxes), looked up in a table of 512 entries, and takes
//! from the other bands the columns the digit is locked to. Naked singles are counted across the
//! words with a few ANDs and ORs, and a column whose digit is left in one band claims the box it
//! crosses there (the band rule turned round, for the columns). The rule runs only on the masks
//! that changed since it last ran on them, and a change is a single AND: placing a digit or
//! taking one out costs nothing until the rule draws what it forces.
//!
//! The search guesses on a cell with two candidates (the one with the most empty peers, whose
//! digits reach furthest), one digit of it, and keeps a *copy* of the grid without that digit
//! for when the guess fails: 124 bytes saved per guess, no undo. This is the design of the
//! fastest published solvers (JCZSolve's bands and lazy updates, tdoku's copies), written anew
//! in safe Rust.
//!
//! In a build for a processor with AVX2, a puzzle that looks hard at the root (no good cell to
//! guess on) goes to the [`triad`] engine instead, tdoku's representation, whose guess suits
//! it better.
//!
//! The same grid serves the driver: [`Propagation`] offers its assumptions to
//! [`stack_assumptions`](crate::stack_assumptions), each a guard that places a digit with all it
//! forces. [`Solutions`] runs the search in a loop of its own, binary (a digit, then the grid
//! without it) and with no slots to keep: the command line's default, about twice as fast.
//!
//! ```
//! use backtrack::sudoku::Board;
//! use backtrack::sudoku::bitboard::{Outcome, Solutions};
//!
//! let board: Board = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let mut solutions = Solutions::new(&board);
//! let solution = solutions.next().expect("a solution");
//! assert_eq!(solution.to_string(), "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
//! assert!(solutions.next().is_none()); // unique
//! assert_eq!(solutions.outcome(), Outcome::Exhausted);
//! println!("{} guesses", solutions.stats().guesses);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bands;
mod driver;
mod tables;
pub mod triad;

use super::parse::line_of_cells;
use super::{Board, Cell, Digit, ParseError};
use bands::{Bands, Filled, Saved};
pub use driver::{Choices, Forced, Propagation};
use std::fmt;
use std::iter::FusedIterator;
use std::time::Instant;
use triad::{Step, TriadSearch};

/// Counters of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Guesses made: a digit tried in a cell that propagation could not fill.
    pub guesses: u64,
    /// Grids that propagation proved contradictory.
    pub dead_ends: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl Stats {
    /// Add the counters of another search (a part of the same count).
    pub fn add(&mut self, other: &Stats) {
        self.guesses += other.guesses;
        self.dead_ends += other.dead_ends;
        self.solutions += other.solutions;
    }
}

/// The crate's one budget: here its nodes are the engine's guesses, and its deadline is looked
/// at every 256 guesses.
pub use crate::Budget;

/// The bounds of a [`Budget`], copied when it is given: the search loop reads plain numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    max_guesses: u64,
    deadline: Option<Instant>,
}

impl Limits {
    pub(crate) fn of(budget: &Budget) -> Limits {
        Limits { max_guesses: budget.node_limit(), deadline: budget.deadline_at() }
    }

    /// The bounds of one of `ways` searches that share what is left of these after `used`
    /// guesses: the guesses left, an equal share each, and the same deadline.
    pub(crate) fn share(&self, used: u64, ways: u64) -> Limits {
        Limits { max_guesses: used + self.guesses_left(used) / ways.max(1), deadline: self.deadline }
    }

    /// The bounds of a search of its own (counting its guesses from none) that follows `used`
    /// guesses of these: the guesses left, and the same deadline.
    pub(crate) fn after(&self, used: u64) -> Limits {
        Limits { max_guesses: self.guesses_left(used), deadline: self.deadline }
    }

    /// No more than `max_guesses` guesses, and no deadline: a slice of a longer search.
    pub(crate) fn slice(max_guesses: u64) -> Limits {
        Limits { max_guesses, deadline: None }
    }

    /// The guesses left after `used`.
    pub(crate) fn guesses_left(&self, used: u64) -> u64 {
        self.max_guesses.saturating_sub(used)
    }

    /// Whether a search that has made `guesses` must stop, the clock read now.
    pub(crate) fn over(&self, guesses: u64) -> bool {
        guesses >= self.max_guesses || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether a search that has made `guesses` must stop.
    pub(crate) fn spent(&self, guesses: u64) -> bool {
        guesses >= self.max_guesses
            || (guesses % 256 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_guesses: u64::MAX, deadline: None }
    }
}

/// How a search ended, or that it has not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// More solutions may follow.
    Running,
    /// Every solution has been reported.
    Exhausted,
    /// The budget ran out: there may be more solutions.
    OutOfBudget,
}

/// A full grid found by the search. Displays as the 81-character line.
///
/// It keeps the grid's 27 masks, which at a full grid are the solution (each digit's mask holds
/// its cells), and draws the digits only when asked: a search that counts solutions never pays
/// for writing them out (a sixth of the search's own time on sets where every puzzle has two
/// solutions, `perf annotate`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Solution(Filled);

impl Solution {
    /// The digit in `cell`.
    pub fn get(&self, cell: Cell) -> Digit {
        Digit::new(self.0.digit(cell.index()))
    }

    /// The digit (1..=9) of each cell, in reading order.
    pub fn digits(&self) -> [u8; 81] {
        self.0.digits()
    }

    /// The solution as a [`Board`].
    pub fn to_board(&self) -> Board {
        board_of(self.0.digits())
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.0.digits().map(|d| b'0' + d);
        f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solution({self})")
    }
}

/// The solutions of a board, found lazily: a fused iterator of [`Solution`]s, with
/// [`Stats`] and an optional [`Budget`].
///
/// `.next()` is the first solution, `.take(2).count() == 1` proves it unique.
#[derive(Clone, Debug)]
#[must_use = "the search is lazy and does nothing unless iterated"]
pub struct Solutions {
    /// The grid being searched, when `live`. The search works on it in place: a grid is
    /// copied only into the stack and back. (Moving the grid out of an `Option` and back for
    /// each search cost 2 to 3% on every set.)
    bands: Bands,
    /// Whether `bands` holds a grid still to search (else the next comes from the stack).
    live: bool,
    /// Whether `bands` holds the givens, their consequences not drawn yet.
    fresh: bool,
    /// The grids still to search: the last is searched first. Each guess pushes the grid
    /// without the guessed digit, then goes on with the digit placed. (Saved at rest, they
    /// need only their masks: half the bytes to copy.)
    stack: Vec<Saved>,
    /// The triad engine, once a puzzle has been handed to it (kept for the next puzzle of a
    /// batch), and whether the present puzzle is in its hands.
    triad: Option<Box<TriadSearch>>,
    handed_over: bool,
    stats: Stats,
    budget: Limits,
    outcome: Outcome,
}

/// Whether a grid at the root, the givens' consequences drawn, goes to the triad engine: only
/// where its lanes are the processor's vectors, and there with more than 50 empty cells, at
/// most one of them with two candidates. The band engine guesses on
/// such cells; where there are none it has no good guess, and tdoku's branch (a digit's ways
/// through a band) spares many. On the forum's hardest list 347 of the 375 puzzles look so;
/// on top95 5 of 95, on top1465 37 of 1,465, on the 17-clue set 363 of 49,158. What each set
/// gains or loses by it, the bounds tried beside these (at most two cells with two candidates:
/// the forum list faster again, top95 a tenth slower; none: the reverse) and the finer tests,
/// in BENCHMARKS.md §2.1.
fn looks_hard(bands: &Bands) -> bool {
    triad::VECTORS && bands.empty_cells() > 50 && bands.pairs_count() <= 1
}

impl Solutions {
    /// A search for the solutions of `board`.
    ///
    /// # Panics
    /// If the board is not the classic grid's ([`super::search::Solutions`] takes any).
    pub fn new(board: &Board) -> Solutions {
        Solutions::start(givens(&board.digits()))
    }

    /// A search for the solutions of a puzzle given as text, read straight into the engine's
    /// masks: for a batch of lines, the fastest way in.
    ///
    /// A line of 81 cells (digits, `0`, `.` or `_` for an empty cell) is read with no
    /// [`Board`] between: the masks check the rules as the givens go in. Any other text (a
    /// pasted grid, the seed's format), and a line whose givens break a rule, is read as a
    /// [`Board`] is (`str::parse`), so the texts accepted and the errors are the same. (On
    /// the serg set, whose puzzles take 2.4 µs each, the board was a twentieth of the time.)
    ///
    /// ```
    /// use backtrack::sudoku::bitboard::Solutions;
    ///
    /// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    /// assert_eq!(Solutions::from_line(line)?.take(2).count(), 1);
    /// let clash = "11...............................................................................";
    /// assert_eq!(Solutions::from_line(clash).unwrap_err().to_string(), "digit 1 appears twice in row 1 (r1c1 and r1c2)");
    /// # Ok::<(), backtrack::sudoku::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// As `text.parse::<Board>()`: the text is not a classic board, or its givens break a rule.
    pub fn from_line(text: &str) -> Result<Solutions, ParseError> {
        Ok(Solutions::start(read_line(text)?))
    }

    /// Start over on another puzzle, read as [`from_line`](Solutions::from_line) reads it,
    /// keeping this search's memory: a batch that solves its lines with one `Solutions`
    /// allocates nothing per puzzle and moves no search around. The counters and the outcome
    /// start anew; the budget is kept (see [`set_budget`](Solutions::set_budget)). Refused,
    /// the search is left as it was.
    ///
    /// ```
    /// use backtrack::sudoku::bitboard::Solutions;
    ///
    /// let mut search = Solutions::from_line(&".".repeat(81))?; // any grid to begin with
    /// for line in ["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ///              "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."] {
    ///     search.restart(line)?;
    ///     assert_eq!(search.by_ref().take(2).count(), 1);
    /// }
    /// assert!(search.restart("not a grid").is_err());
    /// # Ok::<(), backtrack::sudoku::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// As [`from_line`](Solutions::from_line).
    pub fn restart(&mut self, text: &str) -> Result<(), ParseError> {
        self.begin(read_line(text)?);
        Ok(())
    }

    /// The search from `start`, the grid of the givens (`None` if they clash: no solution).
    fn start(start: Option<Bands>) -> Solutions {
        let mut search = Solutions {
            bands: Bands::new(),
            live: false,
            fresh: false,
            // Deep searches grow it; most puzzles guess a few times only.
            stack: Vec::with_capacity(8),
            triad: None,
            handed_over: false,
            stats: Stats::default(),
            budget: Limits::default(),
            outcome: Outcome::Running,
        };
        search.begin(start);
        search
    }

    /// Set out from `start`: the grids left on the stack by an earlier search are dropped (its
    /// memory kept), and the counters start anew.
    fn begin(&mut self, start: Option<Bands>) {
        self.stack.clear();
        self.live = start.is_some();
        self.fresh = start.is_some();
        self.bands = start.unwrap_or_else(Bands::new);
        self.handed_over = false;
        self.stats = Stats::default();
        self.outcome = Outcome::Running;
    }

    /// Stop the search when `budget` runs out.
    pub fn budget(mut self, budget: &Budget) -> Solutions {
        self.budget = Limits::of(budget);
        self
    }

    /// Stop the search when `budget` runs out, from now on: for a search kept and
    /// [restarted](Solutions::restart), each puzzle with a deadline of its own.
    pub fn set_budget(&mut self, budget: &Budget) {
        self.budget = Limits::of(budget);
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the search may go on, ended, or stopped at the budget.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Whether the puzzle was handed to the [`triad`] engine at its root (only in a build for
    /// a processor with AVX2, and only a puzzle that looks hard there; its counters are then
    /// that engine's).
    pub fn handed_over(&self) -> bool {
        self.handed_over
    }
}

/// The grid of the givens of a puzzle given as text (`None` if two givens clash: no solution):
/// a line of 81 cells straight into the masks; any other text, and a line the masks refuse, as
/// `str::parse::<Board>` reads it, with its errors.
fn read_line(text: &str) -> Result<Option<Bands>, ParseError> {
    if let Some(start) = line_of_cells(text).and_then(|cells| givens(&cells)) {
        return Ok(Some(start));
    }
    // The classic grid's text, whatever its length: a line of another size is refused as such.
    Board::parse_in(text, &super::Geometry::classic()).map(|board| givens(&board.digits()))
}

/// A board from the digits of a grid the engine holds (0 for an empty cell). The engine's
/// grids keep the rules, so the board's own check never refuses one.
fn board_of(digits: [u8; 81]) -> Board {
    Board::try_from(digits).unwrap_or_default()
}

/// The grid with the givens placed (their consequences not drawn yet), from the numbers of the
/// 81 cells (0 for an empty cell, 1 to 9 a given), or `None` if two givens of a digit see each
/// other (a board's never do).
fn givens(cells: &[u8; 81]) -> Option<Bands> {
    debug_assert!(cells.iter().all(|&d| d <= 9), "read as cells already");
    // The givens of each digit in each band, gathered without a write per cell: each band's
    // numbers are read eight at a time as a 64-bit word, and bit k of each byte is gathered into
    // a byte by one multiplication (bit i of the product's top byte is bit k of byte i), making
    // four bit planes a band. A digit's cells are those whose four bits spell it. (Measured in
    // process against one write a cell into a table of masks, whose writes to the same mask wait
    // for each other: serg +4 to 8%, the 17-clue set +3 to 5%, the other sets +1 to 6%.)
    let mut placed = [[0u32; 3]; 9];
    for (band, cells) in cells.chunks_exact(27).enumerate() {
        let mut bytes = [0u8; 32];
        bytes[..27].copy_from_slice(cells);
        let mut planes = [0u32; 4];
        for (word, eight) in bytes.chunks_exact(8).enumerate() {
            let word_bits = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
            for (k, plane) in planes.iter_mut().enumerate() {
                let bits =
                    ((word_bits >> k) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56;
                *plane |= (bits as u32) << (8 * word);
            }
        }
        // The cells by what their two low bits spell (0 to 3) and their two high bits (0 to 2:
        // the numbers are 9 at most); the padding's zeros spell 0, no digit.
        let [p0, p1, p2, p3] = planes;
        let low = [!p0 & !p1, p0 & !p1, !p0 & p1, p0 & p1];
        let high = [!p2 & !p3, p2 & !p3, !p2 & p3];
        for (digit, masks) in (1..=9).zip(&mut placed) {
            masks[band] = low[digit & 3] & high[digit >> 2];
        }
    }
    Bands::with_givens(&placed)
}

impl Iterator for Solutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if self.outcome != Outcome::Running {
            return None;
        }
        if self.handed_over {
            return self.triad_next();
        }
        // The whole search: take a grid, propagate; a contradiction drops it, a full grid is a
        // solution, anything else is guessed on and goes round again.
        loop {
            if !self.live {
                let Some(saved) = self.stack.pop() else { break };
                self.bands.restore(&saved);
                self.live = true;
            }
            let bands = &mut self.bands;
            loop {
                let settled = if std::mem::take(&mut self.fresh) {
                    let settled = bands.propagate_givens();
                    if settled.is_ok() && looks_hard(bands) {
                        // The grid at the root, its forced digits placed, to the triad engine.
                        let digits = bands.digits();
                        match &mut self.triad {
                            Some(triad) => triad.restart(&digits),
                            None => self.triad = Some(Box::new(TriadSearch::new(&digits))),
                        }
                        self.handed_over = true;
                        self.live = false;
                        return self.triad_next();
                    }
                    settled
                } else {
                    bands.propagate()
                };
                if settled.is_err() {
                    self.stats.dead_ends += 1;
                    self.live = false;
                    break;
                }
                let Some((cell, digit)) = bands.guess() else {
                    debug_assert!(bands.is_full());
                    self.stats.solutions += 1;
                    self.live = false;
                    return Some(Solution(bands.filled()));
                };
                if self.budget.spent(self.stats.guesses) {
                    self.outcome = Outcome::OutOfBudget;
                    return None;
                }
                self.stats.guesses += 1;
                self.stack.push(bands.without(cell, digit));
                bands.place(cell, digit);
            }
        }
        self.outcome = Outcome::Exhausted;
        None
    }
}

impl FusedIterator for Solutions {}

impl Solutions {
    /// The next solution of a puzzle handed to the triad engine at its root.
    fn triad_next(&mut self) -> Option<Solution> {
        let triad = self.triad.as_mut()?;
        let step = triad.step(&self.budget);
        self.stats = triad.stats();
        match step {
            Step::Found(digits) => Some(Solution(Filled::of_digits(&digits))),
            Step::Exhausted => {
                self.outcome = Outcome::Exhausted;
                None
            }
            Step::OutOfBudget => {
                self.outcome = Outcome::OutOfBudget;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_board_has_many_solutions_and_the_budget_stops_counting() {
        let mut search = Solutions::new(&Board::empty()).budget(&Budget::nodes(1000));
        let found = search.by_ref().count();
        assert!(found > 0);
        assert_eq!(search.outcome(), Outcome::OutOfBudget);
        assert_eq!(search.stats().guesses, 1000);
    }

    #[test]
    fn a_solution_is_a_board_that_keeps_the_rules() {
        let mut search = Solutions::new(&Board::empty());
        let board = search.next().unwrap().to_board();
        assert!(board.is_full());
    }

    #[test]
    fn a_solution_reads_the_same_cell_by_cell_as_a_line_and_as_a_board() {
        // The solution keeps the masks and draws its digits when asked: every way of asking
        // must tell the same grid, one that keeps the rules and the givens.
        let board: Board =
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
                .parse()
                .unwrap();
        let solutions: Vec<Solution> = Solutions::new(&board).take(2).collect();
        assert_eq!(solutions.len(), 2, "this puzzle has several solutions");
        assert_ne!(solutions[0], solutions[1]);
        for solution in &solutions {
            let line = solution.to_string();
            let full = solution.to_board();
            assert!(full.is_full());
            assert_eq!(format!("{full:#}"), line);
            for cell in Cell::all() {
                assert_eq!(line.as_bytes()[cell.index()] - b'0', solution.get(cell).get());
                assert_eq!(solution.digits()[cell.index()], solution.get(cell).get());
                assert!(board.get(cell).is_none_or(|given| given == solution.get(cell)));
            }
        }
    }
}
