//! Sudoku as an exact-cover problem, solved with Dancing Links: the fast path.
//!
//! The 729 options are the candidates `R{r}C{c}#{d}`; the 324 items are the constraints of the
//! seed: each cell holds one digit (`R{r}C{c}`), each row, column and box holds each digit once
//! (`R{r}#{d}`, `C{c}#{d}`, `B{b}#{d}`). A solution is 81 options that cover every item once.

use super::{Board, Cell, Digit};
use crate::dlx::{Matrix, Named, Solver};

/// The 729×324 Sudoku matrix, built once and reused for any number of puzzles: each search
/// chooses the puzzle's givens, searches, and leaves the matrix as it found it.
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
    matrix: Matrix,
}

impl ExactCover {
    /// Build the matrix: item numbers as in [`ExactCover::items`], option `9 * cell + d - 1`.
    pub fn new() -> ExactCover {
        let mut matrix = Matrix::new(324, 0);
        for cell in Cell::all() {
            for digit in Digit::all() {
                matrix.add_option(&ExactCover::items(cell, digit)).expect("the Sudoku matrix is well formed");
            }
        }
        ExactCover { matrix }
    }

    /// The four items the candidate `digit` in `cell` covers: the cell, then the digit in its
    /// row, column and box.
    pub fn items(cell: Cell, digit: Digit) -> [usize; 4] {
        let d = digit.get() as usize - 1;
        [cell.index(), 81 + cell.row() * 9 + d, 162 + cell.col() * 9 + d, 243 + cell.box_index() * 9 + d]
    }

    /// The option number of the candidate `digit` in `cell`.
    pub fn option(cell: Cell, digit: Digit) -> usize {
        cell.index() * 9 + digit.get() as usize - 1
    }

    /// A search for the solutions of `board`: its givens are chosen first.
    pub fn solver(&mut self, board: &Board) -> Solver<'_> {
        let mut solver = self.matrix.solver();
        for cell in Cell::all() {
            if let Some(digit) = board.get(cell) {
                // A board's givens never clash: its masks keep the rules.
                solver.choose(ExactCover::option(cell, digit)).expect("a board's givens are consistent");
            }
        }
        solver
    }

    /// The board that a solution (a list of option numbers) describes.
    ///
    /// # Panics
    /// If `solution` is not a set of this matrix's options that never clash: an option past
    /// 728, or two options for the same cell or for a digit twice in a house. The solutions of
    /// [`ExactCover::solver`] never do.
    pub fn board(solution: &[usize]) -> Board {
        let board = Board::empty();
        for &option in solution {
            let (cell, digit) = (Cell::new(option / 9), Digit::new((option % 9) as u8 + 1));
            board.place(cell, digit).expect("a solution's options never clash");
        }
        board
    }

    /// The same problem with the seed's names: options `R1C1#1`, items `R1C1`, `R1#1`, `C1#1`,
    /// `B1#1` (1-based), in the same order as the numbered matrix.
    pub fn named() -> Named {
        let cell_items = Cell::all().map(|c| format!("R{}C{}", c.row() + 1, c.col() + 1));
        let house_items = ["R", "C", "B"]
            .into_iter()
            .flat_map(|h| (1..=9).flat_map(move |i| Digit::all().map(move |d| format!("{h}{i}#{d}"))));
        let mut named = Named::new(cell_items.chain(house_items), [] as [&str; 0]).expect("distinct names");
        for cell in Cell::all() {
            for digit in Digit::all() {
                let (r, c, b) = (cell.row() + 1, cell.col() + 1, cell.box_index() + 1);
                let items = [
                    format!("R{r}C{c}"),
                    format!("R{r}#{digit}"),
                    format!("C{c}#{digit}"),
                    format!("B{b}#{digit}"),
                ];
                named.add_option(&format!("R{r}C{c}#{digit}"), &items).expect("known items");
            }
        }
        named
    }
}

impl Default for ExactCover {
    fn default() -> Self {
        ExactCover::new()
    }
}
