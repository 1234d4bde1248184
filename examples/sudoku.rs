//! cargo run --release --example sudoku [-- PUZZLE]
//!
//! The seed's newspaper Sudoku, solved by stacking assumptions: one generator per empty cell,
//! each offering the values its houses (row, column, box) leave free when the search reaches it;
//! a puzzle of any size is read (its length gives the side).

use backtrack::stack_assumptions;
use backtrack::sudoku::Board;
use std::error::Error;
use std::io::Write;

mod common;
use common::{exit_code, say};

const NEWSPAPER: &str = "006007403000906020500304006740000010809000304010000057200603005030208000405700200";

const USAGE: &str = "\
usage: sudoku [PUZZLE]

Solve a Sudoku by stacking assumptions (default: the seed's newspaper puzzle). PUZZLE is N²
cells in reading order (81 for the classic grid; 16, 36, 64, 144, ... for the others), 0 or .
for an empty cell. Each cell offers the values its houses leave and nothing is propagated, so
a grid past 9×9 can take minutes here (`backtrack generate --size 12 --seed 1`: 118 million
nodes): the command line propagates, and has much more: `backtrack sudoku --help`.";

fn main() -> std::process::ExitCode {
    // 0: solved; 1: no solution; 2: bad usage or input.
    exit_code("sudoku", run())
}

fn run() -> Result<u8, Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let puzzle = args.next().unwrap_or_else(|| NEWSPAPER.to_string());
    if puzzle == "--help" || puzzle == "-h" {
        let _ = writeln!(std::io::stdout(), "{USAGE}"); // quietly, even into a closed pipe
        return Ok(0);
    }
    if let Some(extra) = args.next() {
        return Err(format!("'{extra}' after the puzzle: give one puzzle (see --help)").into());
    }
    let board: Board = puzzle.parse()?; // says where and what on bad input

    say!("The problem:\n{board}\n");

    // One closure per empty cell, in reading order, all reading the same shared board.
    let generators = board.generators();
    // The driver assumes a digit in each cell in turn, and backtracks when a cell has none left.
    let mut search = stack_assumptions(&generators);
    if search.next().is_none() {
        let stats = search.stats();
        say!("No solution ({} nodes, {} dead ends).", stats.nodes(), stats.dead_ends());
        return Ok(1);
    }
    // The board now holds the solution: print it while the search is alive (dropping the
    // search takes every assumption back).
    say!("A solution:\n{board}\n");
    let unique = search.next().is_none();
    let stats = search.stats();
    say!(
        "{} nodes, {} dead ends; the solution is {}.",
        stats.nodes(),
        stats.dead_ends(),
        if unique { "unique" } else { "not unique" }
    );
    Ok(0)
}
