//! N queens on an N×N board, none attacking another: one slot a row, each row's generator
//! offers the columns that no queen placed so far attacks. The board is three bit masks
//! (columns and the two diagonals) in `Cell`s, shared by all the generators.
//!
//! cargo run --release --example queens -- 8 [--count | --all | --stats] [--fewest] [--jobs J |
//!     --shard I/N] [--trace | --animate | --tree FILE | --html FILE] [--estimate] [--format json]
//!     (`--help` lists them all: every tool of `backtrack::run`)

use backtrack::run::{Problem, Tools};
use backtrack::watch::Layout;
use backtrack::{Attempt, Ones};
use clap::Parser;
use std::cell::Cell;
use std::fmt;

/// N queens: the problem, read by every search.
struct Queens {
    n: usize,
}

/// The shared state: which columns and diagonals are attacked, and each row's queen.
struct Board {
    cols: Cell<u64>,
    diags: Cell<u128>, // diagonal row + col
    antis: Cell<u128>, // anti-diagonal col - row + n - 1
    queens: Vec<Cell<Option<usize>>>,
}

impl Problem for Queens {
    type State = Board;

    fn name(&self) -> String {
        format!("{} queens", self.n)
    }

    fn state(&self) -> Board {
        let queens = (0..self.n).map(|_| Cell::new(None)).collect();
        Board { cols: Cell::new(0), diags: Cell::new(0), antis: Cell::new(0), queens }
    }

    fn slots(&self) -> usize {
        self.n
    }

    /// The free columns of `row`, each a queen placed there; dropping the guard lifts it.
    fn candidates<'s>(
        &'s self,
        board: &'s Board,
        row: usize,
    ) -> impl Iterator<Item = impl fmt::Display + 's> + 's {
        self.free_columns(board, row).map(move |col| {
            self.toggle(board, row, col);
            board.queens[row].set(Some(col));
            Attempt::new(Square { row, col }, move |&Square { row, col }| {
                self.toggle(board, row, col);
                board.queens[row].set(None);
            })
        })
    }

    fn show(&self, board: &Board) -> Option<String> {
        let square = |r: usize, c| if board.queens[r].get() == Some(c) { "Q" } else { "." };
        Some(
            (0..self.n)
                .map(|r| (0..self.n).map(|c| square(r, c)).collect::<Vec<_>>().join(" ") + "\n")
                .collect(),
        )
    }

    fn dead_end(&self, _: &Board, row: usize) -> String {
        format!("row {} has no free column", row + 1)
    }

    fn layout(&self) -> Option<Layout> {
        Some(Layout::chessboard(self.n))
    }

    fn cells(&self, board: &Board) -> Vec<String> {
        let queen = |i: usize| board.queens[i / self.n].get() == Some(i % self.n);
        (0..self.n * self.n).map(|i| if queen(i) { "♛".to_string() } else { String::new() }).collect()
    }

    fn dead_end_cells(&self, row: usize) -> Vec<usize> {
        (row * self.n..(row + 1) * self.n).collect()
    }
}

impl Queens {
    /// The columns of `row` that no queen attacks now, lowest first.
    fn free_columns(&self, board: &Board, row: usize) -> Ones {
        // Bit c of each mask: is column c attacked along that line?
        let diags = (board.diags.get() >> row) as u64;
        let antis = (board.antis.get() >> (self.n - 1 - row)) as u64;
        let all = u64::MAX >> (64 - self.n);
        Ones(all & !(board.cols.get() | diags | antis))
    }

    fn toggle(&self, board: &Board, row: usize, col: usize) {
        board.cols.set(board.cols.get() ^ 1 << col);
        board.diags.set(board.diags.get() ^ 1 << (row + col));
        board.antis.set(board.antis.get() ^ 1 << (col + self.n - 1 - row));
    }
}

/// Where a queen stands: `r1c5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Square {
    row: usize,
    col: usize,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// N queens on an N×N board, none attacking another (OEIS A000170 counts them), by stacking
/// assumptions: one slot a row.
#[derive(Parser)]
#[command(name = "queens")]
struct Args {
    /// The size of the board, 1 to 64.
    #[arg(default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=64))]
    n: u8,
    #[command(flatten)]
    tools: Tools,
}

fn main() -> std::process::ExitCode {
    let mut args = Args::parse();
    // One board of many queens: row by row, the search walks an astronomic tree before the
    // first (64 queens: minutes and more); the row with the fewest free columns first finds
    // one at once.
    let tools = &mut args.tools;
    if args.n > 20 && !(tools.count || tools.all || tools.stats) {
        tools.fewest = true;
    }
    args.tools.run(&Queens { n: args.n.into() })
}
