//! Magic squares: the numbers 1..=n² in an n×n grid, every row, column and both diagonals
//! adding up to n(n² + 1)/2 (8 of order 3, 7,040 of order 4: 880 up to rotation and
//! reflection, Frénicle 1693). One slot a cell; a cell's generator offers the free numbers that
//! keep each of its lines within reach of the sum, and only the one number that completes a
//! line when it is the line's last cell. The search takes next the cell with the fewest
//! numbers (`--fewest`, always on): the cells that complete a line come first.
//!
//! `cargo run --release --example magic -- 4 --count`, and every tool of `backtrack::run`.

use backtrack::{Attempt, Ones, run::Problem, run::Tools};
use clap::Parser;
use std::cell::Cell;
use std::fmt::Display;

/// Magic squares of order N.
#[derive(Parser)]
#[command(name = "magic")]
struct Magic {
    /// The order, 1 to 5.
    #[arg(value_parser = clap::value_parser!(u8).range(1..=5))]
    n: u8,
    #[command(flatten)]
    tools: Tools,
}

/// The shared state: the numbers used (bit v for v), each cell's number, and each line's sum
/// and empty cells.
struct Square {
    used: Cell<u32>,
    cells: Vec<Cell<u32>>,
    sums: Vec<Cell<u32>>,
    empty: Vec<Cell<u32>>,
}

impl Magic {
    /// The lines through `cell`: its row, its column, and the diagonals it lies on.
    fn lines(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        let n = usize::from(self.n);
        let (r, c) = (cell / n, cell % n);
        [Some(r), Some(n + c), (r == c).then_some(2 * n), (r + c == n - 1).then_some(2 * n + 1)]
            .into_iter()
            .flatten()
    }
}

impl Problem for Magic {
    type State = Square;
    fn name(&self) -> String {
        format!("magic squares of order {}", self.n)
    }
    fn state(&self) -> Square {
        let (n, lines) = (u32::from(self.n), 2 * usize::from(self.n) + 2);
        let cells = |len: usize, v: u32| (0..len).map(|_| Cell::new(v)).collect();
        Square {
            used: Cell::new(0),
            cells: cells(self.slots(), 0),
            sums: cells(lines, 0),
            empty: cells(lines, n),
        }
    }
    fn slots(&self) -> usize {
        usize::from(self.n).pow(2)
    }
    fn candidates<'s>(&'s self, s: &'s Square, cell: usize) -> impl Iterator<Item = impl Display + 's> + 's {
        let (top, n) = (self.slots() as i64, i64::from(self.n));
        let goal = n * (top + 1) / 2;
        // Bits low..=high: the numbers from low to high.
        let range =
            |low: i64, high: i64| if high < low { 0 } else { (u64::MAX >> (63 - high)) & !((1 << low) - 1) };
        let mut free = range(1, top) & !u64::from(s.used.get());
        for line in self.lines(cell) {
            // The `after` cells still empty after this one hold at least 1 + 2 + … + after, at
            // most top + (top - 1) + …: v must leave the sum within their reach.
            let (sum, after) = (i64::from(s.sums[line].get()), i64::from(s.empty[line].get()) - 1);
            let high = goal - sum - after * (after + 1) / 2;
            let low = goal - sum - (after * top - after * (after - 1) / 2);
            free &= range(low.max(1), high.min(top));
        }
        Ones(free).map(move |v| {
            let v = v as u32;
            self.place(s, cell, v, true);
            Attempt::new(
                format!("r{}c{}={v}", cell / usize::from(self.n) + 1, cell % usize::from(self.n) + 1),
                move |&_| self.place(s, cell, v, false),
            )
        })
    }
    fn show(&self, s: &Square) -> Option<String> {
        let width = self.slots().to_string().len();
        let cells: Vec<String> = s.cells.iter().map(|v| format!("{:>width$}", v.get())).collect();
        Some(cells.chunks(self.n.into()).map(|row| row.join(" ") + "\n").collect())
    }
    fn dead_end(&self, _: &Square, cell: usize) -> String {
        let n = usize::from(self.n);
        format!(
            "no free number keeps the lines of r{}c{} within reach of the sum",
            cell / n + 1,
            cell % n + 1
        )
    }
}

impl Magic {
    /// Put `v` in `cell` (or take it out): the numbers used, the lines' sums and empty cells.
    fn place(&self, s: &Square, cell: usize, v: u32, put: bool) {
        s.used.set(s.used.get() ^ 1 << v);
        s.cells[cell].set(if put { v } else { 0 });
        for line in self.lines(cell) {
            let (sum, empty) = (&s.sums[line], &s.empty[line]);
            if put {
                (sum.set(sum.get() + v), empty.set(empty.get() - 1))
            } else {
                (sum.set(sum.get() - v), empty.set(empty.get() + 1))
            };
        }
    }
}

fn main() -> std::process::ExitCode {
    let mut magic = Magic::parse();
    magic.tools.fewest = true;
    magic.tools.run(&magic)
}
