//! Sudoku as an exact-cover problem, solved with Dancing Links.
//!
//! On a grid of side N, the N³ options are the candidates `R{r}C{c}#{d}`; the items are the
//! constraints of the seed, read off the geometry's houses: each cell holds one digit
//! (`R{r}C{c}`), and each house holds each digit once (`R{r}#{d}`, `C{c}#{d}`, `B{b}#{d}`, and
//! so on for regions, diagonals and windows). A solution is N² options that cover every item
//! once. On the classic grid: 729 options, 324 items.

use super::geometry::classic;
use super::{Board, Cell, Digit, Geometry, House};
use crate::Budget;
use crate::dlx::{BitSolver, Matrix, Named, Outcome, Solver, Stats};
use crate::split::Shard;
use itertools::Itertools;

/// The most value combinations one cage may bring into the matrix: a cage of 12 cells on the
/// 25×25 grid has 5,200,300, and one option each would be a matrix of gigabytes.
const MOST_COMBINATIONS: u64 = 200_000;

/// The Sudoku matrix of a geometry, built once and reused for any number of puzzles: each
/// search chooses the puzzle's givens, searches, and leaves the matrix as it found it.
///
/// ```
/// use backtrack::sudoku::{Board, ExactCover};
///
/// let mut cover = ExactCover::new();
/// let board: Board = "006007403000906020500304006740000010809000304010000057200603005030208000405700200".parse()?;
/// let mut solver = cover.solver(&board);
/// let solution = solver.next_solution().map(ExactCover::board).unwrap();
/// assert_eq!(format!("{solution:#}"), "926517483374986521581324796743865912859172364612439857298643175137258649465791238");
/// assert!(solver.next_solution().is_none()); // unique
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ExactCover {
    geometry: Geometry,
    matrix: Matrix,
    /// The matrix as bit sets, built at the first [`ExactCover::bit_solver`] and kept for the
    /// puzzles after it; `Some(None)` where the links are the faster.
    bits: Option<Option<Box<BitSolver>>>,
}

impl ExactCover {
    /// The classic grid's matrix: item numbers as in [`ExactCover::items`], option
    /// `9 * cell + d - 1`.
    pub fn new() -> ExactCover {
        ExactCover::of(&Geometry::classic())
    }

    /// The matrix of any geometry: the cells' items first (one a cell, reading order), then
    /// for each house in [`Geometry::houses`] order its N digits; option `N * cell + d - 1`.
    ///
    /// The matrix holds the houses only: the rules between cells and killer cages of a geometry
    /// ([`Geometry::beyond_houses`]) are not in it, so its solutions may break them (the
    /// command line refuses `--solver dlx` on such a grid).
    ///
    /// ```
    /// use backtrack::sudoku::{Board, ExactCover, Geometry};
    ///
    /// // The 4×4 grids, counted by Dancing Links: 288.
    /// let geometry = Geometry::of_side(4)?;
    /// let mut cover = ExactCover::of(&geometry);
    /// let solver = cover.solver(&Board::empty_of(&geometry));
    /// assert_eq!(solver.count(), 288);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(geometry: &Geometry) -> ExactCover {
        let mut matrix = Matrix::new(geometry.cells() + geometry.houses().len() * geometry.side(), 0);
        for cell in geometry.all_cells() {
            for digit in Digit::up_to(geometry.side()) {
                matrix
                    .add_option(&items_of(geometry, cell, digit))
                    .expect("the Sudoku matrix is well formed");
            }
        }
        ExactCover { geometry: geometry.clone(), matrix, bits: None }
    }

    /// The matrix of a geometry with its killer cages in it, as exact cover (Algorithm X, no
    /// colours needed): for each cage, one primary item for each value and one for the cage's
    /// *combination*; each candidate in a cage also covers the cage's item of its value, and
    /// each set of values that fills the cage and makes its sum is an option that covers the
    /// combination item and the items of the values it leaves out. Exact cover then puts each
    /// value of the chosen combination in the cage once, and no other: distinct values, and
    /// the sum. Option numbers of the candidates are as in [`ExactCover::of`]; the
    /// combinations come after them.
    ///
    /// ```
    /// use backtrack::sudoku::{Board, Cage, ExactCover, Geometry};
    ///
    /// // The 4×4 grids (288) whose first two cells add up to 3: they hold 1 and 2, one of
    /// // the 12 ordered pairs of distinct values, each as often: 288 / 12 × 2 = 48.
    /// let geometry = Geometry::of_side(4)?.with_cages(vec![Cage::new(vec![0, 1], Some(3))])?;
    /// let mut cover = ExactCover::with_cages(&geometry)?;
    /// assert_eq!(cover.solver(&Board::empty_of(&geometry)).count(), 48);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A rule between cells (anti-knight, anti-king, non-consecutive) or of the user's own:
    /// not exact cover; or a cage with more value combinations than the matrix should hold.
    pub fn with_cages(geometry: &Geometry) -> Result<ExactCover, String> {
        if let Some(rule) = geometry.relation() {
            return Err(format!("{} is not exact cover", rule.name()));
        }
        if let Some(rule) = geometry.rules().first() {
            return Err(format!("{} is not exact cover", rule.name()));
        }
        let (side, cells, houses) = (geometry.side(), geometry.cells(), geometry.houses().len());
        let cages = geometry.cages();
        for cage in cages {
            let combinations = binomial(side as u64, cage.cells.len() as u64);
            if combinations > MOST_COMBINATIONS {
                return Err(format!(
                    "a cage of {} cells on a side of {side} has {combinations} value combinations: too many for the exact-cover matrix",
                    cage.cells.len()
                ));
            }
        }
        let base = cells + houses * side;
        let mut matrix = Matrix::new(base + cages.len() * (side + 1), 0);
        let mut cage_of = vec![None; cells];
        for (c, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                cage_of[cell] = Some(c);
            }
        }
        for cell in geometry.all_cells() {
            for digit in Digit::up_to(side) {
                let mut items = items_of(geometry, cell, digit);
                if let Some(c) = cage_of[cell.index()] {
                    items.push(base + c * (side + 1) + digit.get() as usize - 1);
                }
                matrix.add_option(&items).expect("the Sudoku matrix is well formed");
            }
        }
        for (c, cage) in cages.iter().enumerate() {
            let first = base + c * (side + 1);
            for values in (1..=side).combinations(cage.cells.len()) {
                if cage.sum.is_some_and(|sum| values.iter().sum::<usize>() != sum as usize) {
                    continue;
                }
                let left_out = (1..=side).filter(|v| !values.contains(v)).map(|v| first + v - 1);
                let items: Vec<usize> = std::iter::once(first + side).chain(left_out).collect();
                matrix.add_option(&items).expect("a combination's items are distinct");
            }
        }
        Ok(ExactCover { geometry: geometry.clone(), matrix, bits: None })
    }

    /// The geometry of the matrix.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The four items the candidate `digit` in `cell` of the classic grid covers: the cell,
    /// then the digit in its row, column and box.
    pub fn items(cell: Cell, digit: Digit) -> [usize; 4] {
        let items = items_of(classic::geometry(), cell, digit);
        [items[0], items[1], items[2], items[3]]
    }

    /// The option number of the candidate `digit` in `cell` (of any grid).
    pub fn option(cell: Cell, digit: Digit) -> usize {
        cell.index() * cell.side() + digit.get() as usize - 1
    }

    /// A search for the solutions of `board`: its givens are chosen first.
    ///
    /// # Panics
    /// If the board's geometry is not the matrix's.
    pub fn solver(&mut self, board: &Board) -> Solver<'_> {
        let givens = self.givens(board);
        let mut solver = self.matrix.solver();
        for option in givens {
            // A board's givens never clash: its masks keep the rules.
            solver.choose(option).expect("a board's givens are consistent");
        }
        solver
    }

    /// The same search as [`ExactCover::solver`]'s on bit sets ([`BitSolver`]), where they are
    /// the faster: the same tree, node for node and update for update, the givens' updates
    /// included. The sets are built at the first call and serve every later one, so a batch's
    /// puzzles share them. `None` where the links are the faster ([`Matrix::takes_bits`]):
    /// on grids larger than 16×16, where each item has 25 options of 15,625 (a set of them
    /// takes 245 words, where the links read 25 nodes).
    ///
    /// ```
    /// use backtrack::sudoku::{Board, ExactCover};
    ///
    /// let puzzle: Board = "1...............".parse()?;
    /// let mut cover = ExactCover::of(puzzle.geometry());
    /// let links = {
    ///     let mut links = cover.solver(&puzzle);
    ///     links.count_solutions();
    ///     links.stats()
    /// };
    /// let bits = cover.bit_solver(&puzzle).expect("a 4×4 grid fits");
    /// assert_eq!(bits.count_solutions(), 72); // a quarter of the 288 grids
    /// assert_eq!(bits.stats(), links);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// If the board's geometry is not the matrix's.
    pub fn bit_solver(&mut self, board: &Board) -> Option<&mut BitSolver> {
        let givens = self.givens(board);
        let matrix = &self.matrix;
        let solver = self
            .bits
            .get_or_insert_with(|| {
                matrix.takes_bits().then(|| Box::new(BitSolver::new(matrix).expect("no bounds")))
            })
            .as_deref_mut()?;
        // A board's givens never clash: its masks keep the rules.
        solver.start_with(&givens).expect("a board's givens are consistent");
        Some(solver)
    }

    /// Count up to `limit` solutions of `board` on `threads` threads (0: one a core), within
    /// `budget`: [`Matrix::count_in_parallel_given`] with the board's givens chosen up front,
    /// so that a whole count's counters are those of [`ExactCover::solver`]'s search.
    ///
    /// ```
    /// use backtrack::Budget;
    /// use backtrack::dlx::Outcome;
    /// use backtrack::sudoku::{Board, ExactCover};
    ///
    /// // 4×4 with 2×2 boxes: 288 grids, a quarter of them with 1 in the first cell.
    /// let puzzle: Board = "1...............".parse()?;
    /// let mut cover = ExactCover::of(puzzle.geometry());
    /// let (stats, outcome) = cover.count_in_parallel_within(&puzzle, 2, &Budget::new(), u64::MAX);
    /// assert_eq!((stats.solutions, outcome), (72, Outcome::Exhausted));
    /// let mut one = cover.solver(&puzzle);
    /// one.count_solutions();
    /// assert_eq!(stats, one.stats()); // node for node, update for update
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// If the board's geometry is not the matrix's.
    pub fn count_in_parallel_within(
        &mut self,
        board: &Board,
        threads: usize,
        budget: &Budget,
        limit: u64,
    ) -> (Stats, Outcome) {
        let givens = self.givens(board);
        // A board's givens never clash (its masks keep the rules), and the matrix has no bounds.
        self.matrix
            .count_in_parallel_given(&givens, threads, budget, limit)
            .expect("a board's givens are consistent")
    }

    /// Count shard `shard` of the solutions of `board`, cut where the search has `parts`
    /// subtrees: [`Matrix::count_shard_given`] with the board's givens chosen up front. The
    /// shards' counters add up to those of [`ExactCover::solver`]'s search.
    ///
    /// # Panics
    /// If the board's geometry is not the matrix's.
    pub fn count_shard(
        &mut self,
        board: &Board,
        parts: usize,
        shard: Shard,
        budget: &Budget,
    ) -> (Stats, Outcome) {
        let givens = self.givens(board);
        self.matrix.count_shard_given(&givens, parts, shard, budget).expect("a board's givens are consistent")
    }

    /// The options of the givens of `board`, in reading order.
    fn givens(&self, board: &Board) -> Vec<usize> {
        assert_eq!(board.geometry(), &self.geometry, "a board of another geometry than the matrix's");
        self.geometry
            .all_cells()
            .filter_map(|cell| Some(ExactCover::option(cell, board.get(cell)?)))
            .collect()
    }

    /// The classic board that a solution (a list of option numbers) describes.
    ///
    /// # Panics
    /// If `solution` is not a set of the classic matrix's options that never clash: an option
    /// past 728, or two options for the same cell or for a digit twice in a house. The
    /// solutions of [`ExactCover::solver`] never do.
    pub fn board(solution: &[usize]) -> Board {
        ExactCover::board_of(classic::geometry(), solution)
    }

    /// The board of `geometry` that a solution of its matrix describes.
    ///
    /// # Panics
    /// As [`ExactCover::board`], for the matrix of `geometry`.
    pub fn board_of(geometry: &Geometry, solution: &[usize]) -> Board {
        let board = Board::empty_of(geometry);
        let side = geometry.side();
        // The options past the candidates are the cages' combinations: no cell of their own.
        for &option in solution.iter().filter(|&&o| o < geometry.cells() * side) {
            let cell = geometry.cell_checked(option / side).expect("an option of the matrix");
            let digit = Digit::new((option % side) as u8 + 1);
            board.place(cell, digit).expect("a solution's options never clash");
        }
        board
    }

    /// The classic problem with the seed's names: options `R1C1#1`, items `R1C1`, `R1#1`,
    /// `C1#1`, `B1#1` (1-based), in the same order as the numbered matrix.
    pub fn named() -> Named {
        ExactCover::named_of(classic::geometry())
    }

    /// The problem of any geometry with the seed's names (regions `G`, diagonals `D`, windows
    /// `W`; digits as numbers), in the same order as its numbered matrix.
    pub fn named_of(geometry: &Geometry) -> Named {
        let cell_name = |c: Cell| format!("R{}C{}", c.row() + 1, c.col() + 1);
        let digits = || Digit::up_to(geometry.side());
        let cell_items = geometry.all_cells().map(cell_name);
        let house_items = geometry.houses().iter().flat_map(|&h| digits().map(move |d| house_item(h, d)));
        let mut named = Named::new(cell_items.chain(house_items), [] as [&str; 0]).expect("distinct names");
        for cell in geometry.all_cells() {
            for digit in digits() {
                let houses =
                    geometry.homes(cell).iter().map(|&h| house_item(geometry.house(h as usize), digit));
                let items: Vec<String> = std::iter::once(cell_name(cell)).chain(houses).collect();
                named.add_option(&format!("{}#{digit}", cell_name(cell)), &items).expect("known items");
            }
        }
        named
    }
}

/// The items of the candidate `digit` in `cell`: the cell, then the digit in each of its houses.
fn items_of(geometry: &Geometry, cell: Cell, digit: Digit) -> Vec<usize> {
    let (cells, side, d) = (geometry.cells(), geometry.side(), digit.get() as usize - 1);
    let houses = geometry.homes(cell).iter().map(|&h| cells + h as usize * side + d);
    std::iter::once(cell.index()).chain(houses).collect()
}

/// The name of the item "digit in house": `R1#4`, `C2#4`, `B3#4`, `G3#4`, `D1#4`, `W2#4`,
/// `E1#4`.
fn house_item(house: House, digit: Digit) -> String {
    let (letter, i) = match house {
        House::Row(i) => ('R', i),
        House::Col(i) => ('C', i),
        House::Box(i) => ('B', i),
        House::Region(i) => ('G', i),
        House::Diagonal(i) => ('D', i),
        House::Window(i) => ('W', i),
        House::Extra(i) => ('E', i),
    };
    format!("{letter}{}#{digit}", i + 1)
}

/// n choose k, saturating.
fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n - k.min(n));
    (0..k).fold(1u64, |c, i| c.saturating_mul(n - i) / (i + 1))
}

impl Default for ExactCover {
    fn default() -> Self {
        ExactCover::new()
    }
}
