//! Latin squares: n×n grids of the values 1..=n, each once in every row and every column
//! (OEIS A002860: 576 of order 4, 161,280 of order 5). `--reduced` counts those whose first row
//! and first column are 1, 2, …, n in order (A000315: 4 and 56). One slot a cell, in reading
//! order; the state is a bit mask of the values each row and each column holds.
//!
//! `cargo run --release --example latin -- 5 --count [--reduced]`, and every tool of
//! `backtrack::run` (`--help` lists them).

use backtrack::{Attempt, Ones, run::Problem, run::Tools, watch::Layout};
use clap::Parser;
use std::cell::Cell;
use std::fmt::Display;

/// Latin squares of order N.
#[derive(Parser)]
#[command(name = "latin")]
struct Latin {
    /// The order, 1 to 16.
    #[arg(value_parser = clap::value_parser!(u8).range(1..=16))]
    n: u8,
    /// Only the reduced squares: the first row and column in order.
    #[arg(long)]
    reduced: bool,
    #[command(flatten)]
    tools: Tools,
}

/// The shared state: the values held by each row and each column (bit v for v + 1), and each
/// cell's value.
struct Grid {
    rows: Vec<Cell<u16>>,
    cols: Vec<Cell<u16>>,
    cells: Vec<Cell<u8>>,
}

impl Problem for Latin {
    type State = Grid;
    fn name(&self) -> String {
        format!("{}latin squares of order {}", if self.reduced { "reduced " } else { "" }, self.n)
    }
    fn state(&self) -> Grid {
        let masks = || (0..self.n).map(|_| Cell::new(0)).collect();
        Grid { rows: masks(), cols: masks(), cells: (0..self.slots()).map(|_| Cell::new(0)).collect() }
    }
    fn slots(&self) -> usize {
        usize::from(self.n).pow(2)
    }
    fn candidates<'s>(&'s self, g: &'s Grid, cell: usize) -> impl Iterator<Item = impl Display + 's> + 's {
        let (r, c) = (cell / usize::from(self.n), cell % usize::from(self.n));
        let mut free = !(g.rows[r].get() | g.cols[c].get()) as u64 & ((1 << self.n) - 1);
        if self.reduced && (r == 0 || c == 0) {
            free &= 1 << (r + c); // the first row and column read 1, 2, …, n
        }
        Ones(free).map(move |v| {
            let bit = 1 << v;
            g.rows[r].set(g.rows[r].get() | bit);
            g.cols[c].set(g.cols[c].get() | bit);
            g.cells[cell].set(v as u8 + 1);
            Attempt::new(format!("r{}c{}={}", r + 1, c + 1, v + 1), move |_| {
                g.rows[r].set(g.rows[r].get() & !bit);
                g.cols[c].set(g.cols[c].get() & !bit);
                g.cells[cell].set(0);
            })
        })
    }
    fn show(&self, g: &Grid) -> Option<String> {
        Some(self.cells(g).chunks(self.n.into()).map(|row| row.join(" ") + "\n").collect())
    }
    fn dead_end(&self, _: &Grid, cell: usize) -> String {
        let (r, c) = (cell / usize::from(self.n) + 1, cell % usize::from(self.n) + 1);
        format!("every value is in row {r} or column {c} already")
    }
    fn layout(&self) -> Option<Layout> {
        let n = self.n.into();
        Some(Layout { rows: n, cols: n, box_rows: 0, box_cols: 0, checkered: false })
    }
    fn cells(&self, g: &Grid) -> Vec<String> {
        g.cells.iter().map(|v| if v.get() == 0 { String::new() } else { v.get().to_string() }).collect()
    }
    fn dead_end_cells(&self, cell: usize) -> Vec<usize> {
        vec![cell]
    }
}

fn main() -> std::process::ExitCode {
    let latin = Latin::parse();
    latin.tools.run(&latin)
}
